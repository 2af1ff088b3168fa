//! Card text measured for the layout: the Typst compiles `check` makes for cards. The card
//! data comes from the exporter and the heights from the renderer, both later stages than
//! layout, so the steps are strung together here: export the cards, let the layout say what
//! to measure (`layout::card_fit::probes`, then `refine`), compile `templates/card-measure.typ`
//! for each round in parts of at most 50 cards (each part's data holds only its cards, and,
//! for a game without templates of its own, none of the units, abilities, tables, glossary or
//! changelog, which the built-in card templates never read), and let the layout choose each
//! card's fit from the heights (`layout::card_fit::fit`).

use super::{map_render_diag, new_renderer, rules_date};
use crate::check::Index;
use crate::diag::Diagnostic;
use crate::export::{self, DocKind, ExportOptions};
use crate::layout::Layout;
use crate::layout::card_fit::{self, Measured, StatText};
use crate::model::Game;
use crate::render::Severity;

/// Give every card of `laid_out` its fit; the findings are text that does not fit (E023), or
/// what stopped the measuring document from compiling (as `build` would report it).
pub(super) fn fit_cards(game: &Game, ix: &Index, laid_out: &mut Layout) -> Vec<Diagnostic> {
    if laid_out.cards.cards.is_empty() {
        return Vec::new();
    }
    let exported = export::export(game, ix, laid_out, &DocKind::Cards, &ExportOptions::default());
    let Ok(data) = serde_json::from_slice::<serde_json::Value>(&exported.data_json) else { return Vec::new() };
    let stats = printed_stats(&data, laid_out.cards.cards.len());
    // What the measuring document reads besides the cards: the game, options, stats, sections.
    // The rest (every unit, ability, table: megabytes in a big game) would be parsed again by
    // every part.
    // A game with templates of its own (a card template, or a library module the measuring
    // document imports) gets everything, as every document of it does.
    let mut data = data;
    if let Some(o) = data.as_object_mut().filter(|_| game.templates.is_empty()) {
        for key in export::RULES_COLLECTIONS {
            o.remove(*key);
        }
    }
    let mut renderer = match new_renderer(game, rules_date(game)) {
        Ok(r) => r,
        Err(e) => return vec![Diagnostic::error(crate::diag::RENDER, e)],
    };
    renderer.set_fonts(laid_out.fonts.clone());
    let m = Measuring { game, renderer: &renderer, exported: &exported, data: &data };
    // Rounds: whole points first, then the quarter points above the largest that fits.
    let mut probes = card_fit::probes(game, &laid_out.cards, &stats);
    let mut measured = match m.measure(&probes, 0) {
        Ok(found) => found,
        Err(diags) => return diags,
    };
    let finer = card_fit::refine(game, &laid_out.cards, &stats, &probes, &measured);
    match m.measure(&finer, probes.len()) {
        Ok(found) => measured.extend(found),
        Err(diags) => return diags,
    }
    probes.extend(finer);
    // A third where the cards of a layout share a size (`[cards] same_size`): each card at
    // that size, where it was not measured yet.
    let decks = card_fit::decks(game, &laid_out.cards, &probes, &measured);
    let shared = card_fit::at_deck_sizes(game, &laid_out.cards, &stats, &probes, &decks);
    if !shared.is_empty() {
        match m.measure(&shared, probes.len()) {
            Ok(found) => measured.extend(found),
            Err(diags) => return diags,
        }
        probes.extend(shared);
    }
    let mut diags = Vec::new();
    card_fit::fit(game, ix, &mut laid_out.cards, &probes, &measured, &decks, &mut diags);
    diags
}

/// What the measuring document needs: the game, a renderer, the cards' data and texts.
struct Measuring<'a> {
    game: &'a Game,
    renderer: &'a crate::render::Renderer,
    exported: &'a export::Exported,
    data: &'a serde_json::Value,
}

impl Measuring<'_> {
    /// The heights of `probes` (numbered from `first`), in parts of at most [`PART_CARDS`] cards
    /// (a measuring document of a thousand cards took gigabytes), the parts shared between the
    /// cores by [`crate::limits::on_cores`], each compiled on a thread (Typst compiles one
    /// document on one thread). Parts split
    /// between cards, never inside one: the heights are the same however many cores measure.
    fn measure(&self, probes: &[card_fit::Probe], first: usize) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        let parts = measuring_parts(probes, PART_CARDS);
        // On the one pool of worker threads, at most four at once: each part's compile holds
        // its own memory. The results come back in the parts' order on any machine.
        let results = crate::limits::on_cores(&parts, 4, |range: &std::ops::Range<usize>| {
            self.part(&probes[range.clone()], first + range.start)
        });
        let mut measured = Vec::new();
        for r in results {
            // The first part that does not compile says why; the others would say the same.
            measured.extend(r?);
        }
        Ok(measured)
    }

    /// One part's heights, its probes numbered from `offset`: a document of only its cards.
    fn part(&self, probes: &[card_fit::Probe], offset: usize) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        let mut data = self.data.clone();
        let cards: std::collections::BTreeSet<usize> = probes.iter().map(|p| p.card).collect();
        if let Some(items) = data["cards"]["items"].as_array_mut() {
            items.retain(|it| it["index"].as_u64().is_some_and(|i| cards.contains(&(i as usize))));
        }
        data["card_probes"] = serde_json::to_value(probes).expect("probes serialise");
        let bytes = serde_json::to_vec(&data).expect("data serialises");
        match self.renderer.compile("card-measure", &bytes, &self.exported.texts_typ) {
            Ok(compiled) => Ok((compiled.query_metadata("pa-measure").into_iter())
                .filter_map(|(v, ..)| serde_json::from_value::<Measured>(v).ok())
                .map(|m| Measured { probe: m.probe + offset, ..m })
                .collect()),
            Err(errors) => Err((errors.iter())
                .filter(|e| e.severity == Severity::Error)
                .map(|e| map_render_diag(e, &self.exported.map, self.game, "cards"))
                .collect()),
        }
    }
}

/// The most cards one measuring document lays out.
const PART_CARDS: usize = 50;

/// The probes split into runs of the probes of at most `cards` cards each (a card's probes
/// are consecutive, and measured together).
fn measuring_parts(probes: &[card_fit::Probe], cards: usize) -> Vec<std::ops::Range<usize>> {
    let mut parts = Vec::new();
    let (mut start, mut seen) = (0, 0);
    for i in 1..probes.len() {
        if probes[i].card != probes[i - 1].card {
            seen += 1;
            if seen == cards.max(1) {
                parts.push(start..i);
                (start, seen) = (i, 0);
            }
        }
    }
    if start < probes.len() {
        parts.push(start..probes.len());
    }
    parts
}

/// Each card's stats as its data prints them (`data.cards.items[].stats`), by card index.
fn printed_stats(data: &serde_json::Value, cards: usize) -> Vec<Vec<StatText>> {
    let mut out = vec![Vec::new(); cards];
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    };
    for item in data["cards"]["items"].as_array().into_iter().flatten() {
        let Some(slot) = item["index"].as_u64().and_then(|i| out.get_mut(i as usize)) else { continue };
        *slot = item["stats"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| StatText {
                label: text(&s["label"]),
                value: text(&s["value"]),
                icon: !s["icon"].is_null(),
                noted: !s["note"].is_null(),
            })
            .collect();
    }
    out
}
