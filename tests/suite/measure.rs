//! Layout decides what Typst measures, through one interface (`layout::measure::Measure`): with a
//! measurer that is not Typst, the decisions follow only from the heights it reports. Text that
//! takes no room prints at the largest size; text that never fits is E023 on every card and the
//! aid card runs on (W025); a measuring document that does not compile stops the deciding with
//! its finding. The real measurer (Typst) is the build's own, tested by every card test.

use std::sync::Mutex;

use crate::common::*;
use playaid::check::Index;
use playaid::diag::{self, Diagnostic};
use playaid::layout::aid_fit::{self, AidFit, Frame};
use playaid::layout::card_fit::{Measured, MeasuredBlock, Probe, StatText};
use playaid::layout::map_sheet::KeyHeights;
use playaid::layout::measure::{AidRound, Measure, decide};
use playaid::layout::{Layout, layout};
use playaid::length::Pt;
use playaid::model::Game;

/// Reports every text `height` pt high (the title bar too), and, for the aid card, a frame of an
/// A4 page without a turn track; records how many probes each round asked for.
struct Fake {
    height: f64,
    fail_cards: bool,
    rounds: Mutex<Vec<usize>>,
    aid_rounds: Mutex<usize>,
    /// The aid card drawn above this text size (pt) runs onto a second page.
    aid_runs_on_above: f64,
    /// The text sizes the aid card was drawn at.
    aid_drawn: Mutex<Vec<f64>>,
}

impl Fake {
    fn new(height: f64) -> Fake {
        Fake {
            height,
            fail_cards: false,
            rounds: Mutex::new(Vec::new()),
            aid_rounds: Mutex::new(0),
            aid_runs_on_above: f64::INFINITY,
            aid_drawn: Mutex::new(Vec::new()),
        }
    }
}

impl Measure for Fake {
    fn card_stats(&self, layout: &Layout) -> Vec<Vec<StatText>> {
        vec![Vec::new(); layout.cards.cards.len()]
    }

    fn cards(&self, _: &Layout, probes: &[Probe]) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        if self.fail_cards {
            return Err(vec![Diagnostic::error(diag::RENDER, "the measuring document does not compile")]);
        }
        self.rounds.lock().unwrap().push(probes.len());
        Ok((0..probes.len())
            .map(|probe| Measured {
                probe,
                header: Pt(self.height),
                blocks: vec![MeasuredBlock { zone: "text".into(), i: 0, h: Pt(self.height) }],
            })
            .collect())
    }

    fn aid(&self, _: &Layout, sizes: &[f64]) -> Result<AidRound, Vec<Diagnostic>> {
        *self.aid_rounds.lock().unwrap() += 1;
        Ok(AidRound {
            frame: Some(Frame { page_h: 595.0, track: None }),
            measured: sizes.iter().map(|&size| aid_fit::Measured { size, heights: vec![self.height; 3] }).collect(),
        })
    }

    fn aid_pages(&self, _: &Layout, fit: &AidFit) -> Result<usize, Vec<Diagnostic>> {
        self.aid_drawn.lock().unwrap().push(fit.text_size);
        Ok(if fit.text_size > self.aid_runs_on_above { 2 } else { 1 })
    }

    fn map_keys(&self, layout: &Layout) -> Result<Vec<KeyHeights>, Vec<Diagnostic>> {
        Ok(layout.map_pages.iter().map(|p| KeyHeights { map: p.id.clone(), notes: self.height, intro: None }).collect())
    }
}

/// An example game through load, check and layout, nothing measured yet.
fn unmeasured(name: &str) -> (Game, Index, Layout) {
    let loaded = playaid::load::load(&repo().join("data").join(name)).unwrap();
    let checked = playaid::check::check(&loaded.game);
    let (laid_out, found) = layout(&loaded.game, &checked.ix, None);
    assert!(!found.iter().any(|d| d.is_error()), "{found:?}");
    (loaded.game, checked.ix, laid_out)
}

/// The largest and the smallest text size a card of `game` may take.
fn card_sizes(game: &Game) -> (f64, f64) {
    let o = &game.card_options;
    let max = o.max_font_size.as_ref().map_or((o.font_size * 1.5).min(14.0).max(o.font_size), |m| m.v);
    let lo = o.min_font_size.as_ref().map_or(o.font_size, |m| m.v).min(max);
    (max, lo)
}

#[test]
fn text_that_takes_no_room_prints_at_the_largest_size() {
    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    let fake = Fake::new(0.0);
    let found = decide(&game, &ix, &mut laid_out, None, true, &fake);
    assert!(found.is_empty(), "{found:?}");
    let (max, _) = card_sizes(&game);
    assert!(!laid_out.cards.cards.is_empty());
    for card in &laid_out.cards.cards {
        assert_eq!(card.fit.as_ref().expect("every card is fitted").size, Pt(max), "{}", card.what);
    }
    // Rounds, not every size at once: the first asks for a few sizes a card, the second for
    // the stat bar grown at the largest.
    let rounds = fake.rounds.lock().unwrap();
    assert!(rounds.len() >= 2 && rounds[0] < laid_out.cards.cards.len() * 17, "{rounds:?}");
    // The aid card grows to its largest (4 pt above the body size), the map plans are decided.
    let aid = laid_out.aid.expect("the aid card is decided");
    assert!(aid.fits);
    assert_eq!(aid.text_size, aid.floor + 4.0);
    assert!(*fake.aid_rounds.lock().unwrap() <= 9);
    assert_eq!(*fake.aid_drawn.lock().unwrap(), [aid.text_size], "drawn once, at the size chosen");
}

/// The heights say the charts fit at the largest size, but the card drawn at it runs onto a
/// second page (a table broken between columns): a smaller size, drawn and found to keep to
/// one page; when none does, the body size and W025.
#[test]
fn an_aid_card_that_runs_on_when_drawn_takes_a_smaller_size() {
    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    let floor = game.meta.cheatsheet.font_size;
    let fake = Fake { aid_runs_on_above: floor + 3.6, ..Fake::new(0.0) };
    let found = decide(&game, &ix, &mut laid_out, None, true, &fake);
    assert!(found.is_empty(), "{found:?}");
    let aid = laid_out.aid.unwrap();
    assert!(aid.fits);
    assert_eq!(aid.text_size, floor + 3.5);
    assert_eq!(*fake.aid_drawn.lock().unwrap(), [floor + 4.0, floor + 3.75, floor + 3.5]);

    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    let fake = Fake { aid_runs_on_above: floor - 1.0, ..Fake::new(0.0) };
    let found = decide(&game, &ix, &mut laid_out, None, true, &fake);
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), [diag::AID_RUNS_ON], "{found:?}");
    assert!(found[0].message.contains("broken between its 3 columns"), "{}", found[0].message);
    let aid = laid_out.aid.unwrap();
    assert!(!aid.fits);
    assert_eq!(aid.text_size, floor);
    assert_eq!(fake.aid_drawn.lock().unwrap().len(), 4, "at most four drawings");
}

#[test]
fn text_that_never_fits_is_e023_on_every_card_and_the_aid_card_runs_on() {
    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    let found = decide(&game, &ix, &mut laid_out, None, true, &Fake::new(1e6));
    let cards = laid_out.cards.cards.len();
    assert_eq!(found.iter().filter(|d| d.code == diag::TEXT_OVERFLOW).count(), cards, "{found:?}");
    let (_, lo) = card_sizes(&game);
    for card in &laid_out.cards.cards {
        assert_eq!(card.fit.as_ref().unwrap().size, Pt(lo), "{}", card.what);
    }
    // An E023 is an error: the aid card and the maps are not measured on data that fails.
    assert!(laid_out.aid.is_none());
    // Without cards in the way, the aid card runs on.
    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    laid_out.cards.cards.clear();
    let found = decide(&game, &ix, &mut laid_out, None, true, &Fake::new(1e6));
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), [diag::AID_RUNS_ON], "{found:?}");
    let aid = laid_out.aid.unwrap();
    assert!(!aid.fits);
    assert_eq!(aid.text_size, aid.floor);
}

#[test]
fn a_measuring_document_that_does_not_compile_stops_the_deciding() {
    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    let fake = Fake { fail_cards: true, ..Fake::new(0.0) };
    let plans: Vec<_> = laid_out.map_pages.iter().map(|p| p.plan).collect();
    let found = decide(&game, &ix, &mut laid_out, None, true, &fake);
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), [diag::RENDER]);
    assert!(laid_out.cards.cards.iter().all(|c| c.fit.is_none()));
    // The aid card is measured beside the cards, but nothing of it is taken.
    assert!(laid_out.aid.is_none(), "nothing more is decided");
    assert_eq!(laid_out.map_pages.iter().map(|p| p.plan).collect::<Vec<_>>(), plans);
}

#[test]
fn another_version_measures_only_its_cards() {
    let (game, ix, mut laid_out) = unmeasured("marrow-front");
    let fake = Fake::new(0.0);
    decide(&game, &ix, &mut laid_out, None, false, &fake);
    assert!(laid_out.cards.cards.iter().all(|c| c.fit.is_some()));
    assert_eq!(*fake.aid_rounds.lock().unwrap(), 0);
    assert!(laid_out.aid.is_none());
}
