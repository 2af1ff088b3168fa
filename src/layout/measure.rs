//! What layout asks Typst, and what it decides from the answers.
//!
//! A few decisions need the height of text as Typst sets it: the size of each card's text, the
//! aid card's text size, where a map sheet's notes and key go. Layout makes them all here,
//! through one interface, [`Measure`], that the caller hands in, as typst's `World` is handed
//! to its compiler: layout says what to measure, round by round, and decides from the heights;
//! the implementation only measures. `build` implements it by compiling the measuring templates
//! (`templates/card-measure.typ`, `aid-measure.typ`, `map-measure.typ`) on this layout's own
//! data, and `check` makes the same calls, so both decide alike.

use super::Layout;
use super::aid_fit::{self, AidFit, Frame, Search};
use super::card_fit::{self, Probe, StatText};
use super::map_sheet::KeyHeights;
use crate::check::Index;
use crate::diag::Diagnostic;
use crate::length::{Mm, Pt};
use crate::model::{Game, PageSize};

/// Typst's heights for what layout asks. Each method measures `layout` as it stands when
/// called; an `Err` is what stopped the measuring document from compiling, as `build` would
/// report it. Layout asks from two threads at once (the cards on one, the aid card and the maps
/// on the other).
pub trait Measure: Sync {
    /// Each card's stats as its card prints them (the exporter formats the values), by the
    /// card's position in [`super::Cards::cards`].
    fn card_stats(&self, layout: &Layout) -> Vec<Vec<StatText>>;
    /// The heights of each of `probes`; a result's `probe` is its position in `probes`.
    fn cards(&self, layout: &Layout, probes: &[Probe]) -> Result<Vec<card_fit::Measured>, Vec<Diagnostic>>;
    /// The aid card's groups of charts at each of `sizes` (pt), and the card's frame.
    fn aid(&self, layout: &Layout, sizes: &[f64]) -> Result<AidRound, Vec<Diagnostic>>;
    /// The height of each map's notes and key.
    fn map_keys(&self, layout: &Layout) -> Result<Vec<KeyHeights>, Vec<Diagnostic>>;
    /// How many pages the aid card takes drawn with frame `fit`.
    fn aid_pages(&self, layout: &Layout, fit: &AidFit) -> Result<usize, Vec<Diagnostic>>;
}

/// One round of the aid card's measuring.
#[derive(Debug, Clone, Default)]
pub struct AidRound {
    /// The heights that do not depend on the text size; none where the card prints nothing.
    pub frame: Option<Frame>,
    /// The groups' heights at each size measured.
    pub measured: Vec<aid_fit::Measured>,
}

/// Decide everything measured: each card's fit, then (with `all`) the aid card's frame and the
/// map sheet's plans. Only data that checks clean is measured (it must compile); `all` is false
/// for a layout that prints no aid card or map sheet (another version of the game for `diff`,
/// another paper).
pub fn decide(
    game: &Game,
    ix: &Index,
    layout: &mut Layout,
    page: Option<PageSize>,
    all: bool,
    typst: &dyn Measure,
) -> Vec<Diagnostic> {
    // The three measurings read the layout as it stands and depend on none of each other's
    // answers, so the aid card and the maps are measured on the second core while the cards are
    // on the first; the answers are then applied in one order, as one after another would.
    let shared: &Layout = layout;
    let (cards, rest) = std::thread::scope(|scope| {
        let rest = all.then(|| {
            scope.spawn(move || {
                crate::limits::step("measuring the player aid card and the map sheet".to_string());
                let done = (fit_aid(game, shared, page, typst), plan_maps(game, shared, typst));
                crate::limits::end_step();
                done
            })
        });
        let cards = measure_cards(game, shared, typst);
        (cards, rest.map(|r| r.join().expect("the aid card's measuring does not panic")))
    });
    let mut diags = match cards {
        Ok(Some(cards)) => {
            let mut diags = Vec::new();
            let (probes, measured, decks) = cards;
            card_fit::fit(game, ix, &mut layout.cards, &probes, &measured, &decks, &mut diags);
            diags
        }
        Ok(None) => Vec::new(),
        Err(diags) => diags,
    };
    // Only what compiled cleanly so far is measured further, as one after another would.
    if let Some((aid, maps)) = rest.filter(|_| !diags.iter().any(Diagnostic::is_error)) {
        match aid {
            Ok((fit, found)) => {
                layout.aid = fit;
                diags.extend(found);
            }
            Err(found) => diags.extend(found),
        }
        match maps {
            Ok(Some(heights)) => {
                for page in &mut layout.map_pages {
                    if let Some(h) = heights.iter().find(|h| h.map == page.id) {
                        page.plan = page.decide(h);
                    }
                }
            }
            Ok(None) => {}
            Err(found) => diags.extend(found),
        }
    }
    diags
}

/// What the cards' fit is decided from: every probe, its heights, and each deck's shared size.
type CardMeasures = (Vec<Probe>, Vec<card_fit::Measured>, Vec<card_fit::Deck>);

/// Measure every card, in rounds: whole points first, then the quarter points above the largest
/// that fits, then, where the cards of a layout share a size (`[cards] same_size`), each card at
/// that size where it was not measured yet. None without cards; an `Err` is what stopped the
/// measuring document compiling.
fn measure_cards(game: &Game, layout: &Layout, typst: &dyn Measure) -> Result<Option<CardMeasures>, Vec<Diagnostic>> {
    if layout.cards.cards.is_empty() {
        return Ok(None);
    }
    let stats = typst.card_stats(layout);
    let (mut probes, mut measured) = (Vec::new(), Vec::new());
    let first = card_fit::probes(game, &layout.cards, &stats);
    card_round(typst, layout, first, &mut probes, &mut measured)?;
    let finer = card_fit::refine(game, &layout.cards, &stats, &probes, &measured);
    card_round(typst, layout, finer, &mut probes, &mut measured)?;
    let decks = card_fit::decks(game, &layout.cards, &probes, &measured);
    let shared = card_fit::at_deck_sizes(game, &layout.cards, &stats, &probes, &decks);
    if !shared.is_empty() {
        card_round(typst, layout, shared, &mut probes, &mut measured)?;
    }
    Ok(Some((probes, measured, decks)))
}

/// Measure `more` and add them and their heights to those of the rounds before.
fn card_round(
    typst: &dyn Measure,
    layout: &Layout,
    more: Vec<Probe>,
    probes: &mut Vec<Probe>,
    measured: &mut Vec<card_fit::Measured>,
) -> Result<(), Vec<Diagnostic>> {
    let first = probes.len();
    let found = typst.cards(layout, &more)?;
    measured.extend(found.into_iter().map(|m| card_fit::Measured { probe: m.probe + first, ..m }));
    probes.extend(more);
    Ok(())
}

/// The aid card's frame and text size, when the game prints one with the built-in template (a
/// game's own `aid.typ` lays its card out itself: none); the finding is W025 (the card runs on).
type AidDecision = (Option<AidFit>, Vec<Diagnostic>);

/// Decide [`AidDecision`]: the largest text size at which the card's charts fit, round by round.
fn fit_aid(
    game: &Game,
    layout: &Layout,
    page: Option<PageSize>,
    typst: &dyn Measure,
) -> Result<AidDecision, Vec<Diagnostic>> {
    if !game.meta.aid.sheet || game.templates.iter().any(|t| t.name == "aid.typ") {
        return Ok((layout.aid, Vec::new()));
    }
    let floor = Pt(game.meta.cheatsheet.font_size);
    // The first round measures the frame too: the title's and the track's heights.
    let first = typst.aid(layout, &Search::new(floor, Pt(0.0)).next())?;
    let Some(frame) = first.frame else {
        let (_, page_h) = super::geometry::page_mm(aid_fit::paper(game, page), true);
        return Ok((Some(AidFit::unmeasured(floor, Mm(page_h).pt())), Vec::new()));
    };
    let mut search = Search::new(floor, frame.column_height());
    search.add(&first.measured);
    // Each round narrows the bracket; the bound is against a measuring document that reports
    // nothing (a size it did not lay out would be asked for again).
    for _ in 0..8 {
        let sizes = search.next();
        if sizes.is_empty() {
            break;
        }
        search.add(&typst.aid(layout, &sizes)?.measured);
    }
    let at = game.meta.aid.sheet_at.as_ref().unwrap_or(&game.meta.loc);
    let Some(chosen) = search.chosen() else {
        let fit = search.fit();
        return Ok((Some(fit), search.runs_on().map(|r| r.finding(fit.floor, at)).into_iter().collect()));
    };
    // The heights say the charts fit at `chosen`; the card drawn at it must also keep to one
    // page (a table broken between two columns loses the rest of a row's room and repeats its
    // head, which heights alone do not show), else a smaller size: a quarter point, a half,
    // then the body size (at most four drawings).
    let mut tried = Vec::new();
    for k in [chosen, chosen.saturating_sub(1), chosen.saturating_sub(2), 0] {
        if tried.contains(&k) {
            continue;
        }
        tried.push(k);
        let fit = search.fit_at(k, true);
        if typst.aid_pages(layout, &fit)? <= 1 {
            return Ok((Some(fit), Vec::new()));
        }
    }
    let fit = search.fit_at(0, false);
    Ok((Some(fit), vec![aid_fit::RunsOn::Breaks.finding(fit.floor, at)]))
}

/// The height of each map's notes and key, for deciding where they go, when the game prints
/// maps with the built-in template (a game's own `map.typ` lays its sheet out itself: none).
fn plan_maps(game: &Game, layout: &Layout, typst: &dyn Measure) -> Result<Option<Vec<KeyHeights>>, Vec<Diagnostic>> {
    if layout.map_pages.is_empty() || game.templates.iter().any(|t| t.name == "map.typ") {
        return Ok(None);
    }
    typst.map_keys(layout).map(Some)
}
