//! The player aid card's frame and text size, decided here, not in its template: the page's
//! margins and three columns, and the largest text size (from the cheatsheet's body size up to
//! 4 pt more, in quarter points) at which every group of charts fits the columns left under the
//! title and above the turn track. The heights come from Typst (`templates/aid-measure.typ`,
//! asked through `super::measure`); this module says which sizes to measure and chooses from what was
//! measured. A card whose charts do not fit even at the body size runs onto a second page:
//! W025, so that `check` tells what `build` would print.

use serde::{Deserialize, Serialize};

use crate::diag::{self, Diagnostic};
use crate::length::{Mm, Pt};
use crate::model::{Game, PageSize};
use crate::source::Loc;

/// The card's margin on every side.
pub const MARGIN: Mm = Mm(8.0);
/// The gap between two columns.
pub const GUTTER: Mm = Mm(5.0);
/// Columns of charts on a page.
pub const COLUMNS: usize = 3;
/// Room above the bottom margin for the footer.
pub const FOOT: Mm = Mm(3.0);
/// The gap under the title.
pub const HEAD_CLEARANCE: Mm = Mm(4.0);
/// The room the title takes above its clearance: its 16 pt line, 2 pt and the 1.2 pt rule
/// under it, as `aid-head` in templates/aid-parts.typ draws them. The card has always been laid
/// out with this allowance (a little more than the title measures, which the charts' boxes,
/// moving whole to the next column, need): measuring the title instead let some cards run on.
const TITLE: Pt = Pt(16.0 + 2.0 + 1.2);
/// The gap above the turn track.
pub const TRACK_CLEARANCE: Mm = Mm(3.0);
/// How much of a column a group may fill before it counts as running into the next.
const FILL: f64 = 0.98;
/// Quarter points above the body size the text may grow: 4 pt.
const STEPS: usize = 16;

/// The aid card's paper (and the cheatsheet's): the command line's `page`, the cheatsheet's, the
/// game's.
pub fn paper(game: &Game, page: Option<PageSize>) -> PageSize {
    let m = &game.meta;
    page.or(m.cheatsheet.page.as_ref().map(|p| p.v)).or(m.page.as_ref().map(|p| p.v)).unwrap_or_default()
}

/// The heights `aid-measure.typ` reports that do not depend on the text size, in pt.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Frame {
    /// The page's height (landscape).
    pub page_h: f64,
    /// The turn track across the foot; none without one.
    pub track: Option<f64>,
}

impl Frame {
    /// The height left for a column of charts.
    pub fn column_height(&self) -> Pt {
        let track = self.track.map_or(Pt(0.0), |t| Pt(t) + TRACK_CLEARANCE.pt());
        Pt(self.page_h) - MARGIN.pt() * 2.0 - FOOT.pt() - TITLE - HEAD_CLEARANCE.pt() - track
    }
}

/// One measured size: the height of each group of charts in one column at `size` (pt).
#[derive(Debug, Clone, Deserialize)]
pub struct Measured {
    /// The text size.
    pub size: f64,
    /// Each group's height, in the order the card draws them.
    pub heights: Vec<f64>,
}

/// The aid card as decided: what its template draws with (`data.aid.frame`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct AidFit {
    /// The text size of the charts, pt.
    pub text_size: f64,
    /// The smallest it may be: the cheatsheet's body size, pt.
    pub floor: f64,
    /// Whether every group fits the page's columns at `text_size` (else the card runs on).
    pub fits: bool,
    /// A column's height under the title and above the turn track, pt.
    pub column_height: f64,
    /// The margin on every side, mm.
    pub margin: f64,
    /// The gap between columns, mm.
    pub gutter: f64,
    /// Columns on a page.
    pub columns: usize,
    /// Room for the footer above the bottom margin, mm.
    pub foot: f64,
    /// The gap under the title, mm.
    pub head_clearance: f64,
    /// The gap above the turn track, mm.
    pub track_clearance: f64,
}

impl AidFit {
    /// The frame before anything is measured (a game's own aid template measures for itself):
    /// the body size, and a column of the page's height inside its margins.
    pub fn unmeasured(floor: Pt, page_h: Pt) -> AidFit {
        AidFit {
            text_size: floor.0,
            floor: floor.0,
            fits: true,
            column_height: (page_h - MARGIN.pt() * 2.0 - FOOT.pt()).0,
            margin: MARGIN.0,
            gutter: GUTTER.0,
            columns: COLUMNS,
            foot: FOOT.0,
            head_clearance: HEAD_CLEARANCE.0,
            track_clearance: TRACK_CLEARANCE.0,
        }
    }
}

impl AidFit {
    /// The page's width inside its margins, and a column's, on `paper` (landscape): what the
    /// turn track across the foot and a chart in a column are set in.
    pub fn widths(&self, paper: PageSize) -> (Mm, Mm) {
        let (page_w, _) = super::geometry::page_mm(paper, true);
        let inner = Mm(page_w - 2.0 * self.margin);
        let columns = self.columns.max(1) as f64;
        (inner, (inner - Mm(self.gutter) * (columns - 1.0)) / columns)
    }
}

/// The size of step `k`: the body size and `k` quarter points, computed as the card did (one
/// product, not a running sum), so that it is the same number in Rust and Typst.
pub fn size(floor: Pt, k: usize) -> f64 {
    floor.0 + k as f64 * 0.25
}

/// How many columns the groups take at their heights: each at least one, a group taller than a
/// column running into the next.
pub fn columns_used(heights: &[f64], column: Pt) -> usize {
    columns_filled(heights, column, FILL)
}

/// Columns taken when a group may fill `fill` of each.
fn columns_filled(heights: &[f64], column: Pt, fill: f64) -> usize {
    let room = column.0 * fill;
    heights.iter().map(|h| if room <= 0.0 { COLUMNS + 1 } else { ((h / room) - 1e-9).ceil().max(1.0) as usize }).sum()
}

/// The search for the largest size that fits, step by step: what is known of each step.
#[derive(Debug, Clone)]
pub struct Search {
    floor: Pt,
    column: Pt,
    /// The largest step known to fit, and the smallest known not to.
    lo: Option<usize>,
    hi: Option<usize>,
    /// Every measured step, for predicting the next.
    measured: Vec<(usize, Vec<f64>)>,
}

impl Search {
    /// A search from `floor` (the body size) for columns `column` tall.
    pub fn new(floor: Pt, column: Pt) -> Search {
        Search { floor, column, lo: None, hi: None, measured: Vec::new() }
    }

    /// The sizes to measure next; none when the choice is made. First the two ends; then the
    /// step a straight line through the measured heights predicts as the last that fits, and
    /// the one above it. What fits at one size fits at every smaller one.
    pub fn next(&self) -> Vec<f64> {
        let steps: Vec<usize> = match (self.lo, self.hi) {
            (None, None) => vec![0, STEPS],
            (None, Some(_)) | (Some(STEPS), _) => Vec::new(),
            (Some(lo), None) => vec![STEPS.min(lo + 1)],
            (Some(lo), Some(hi)) if hi <= lo + 1 => Vec::new(),
            (Some(lo), Some(hi)) => {
                // The predicted last step, the one above it, and the middle: each round at least
                // halves what is left, however the heights grow.
                let guess = self.predict().clamp(lo + 1, hi - 1);
                let mut steps = vec![guess];
                if guess + 1 < hi {
                    steps.push(guess + 1);
                }
                let mid = (lo + hi) / 2;
                if !steps.contains(&mid) {
                    steps.push(mid);
                }
                steps.sort();
                steps
            }
        };
        steps.into_iter().map(|k| size(self.floor, k)).collect()
    }

    /// Take in measured sizes.
    pub fn add(&mut self, found: &[Measured]) {
        for m in found {
            let k = ((m.size - self.floor.0) / 0.25).round().max(0.0) as usize;
            let fits = columns_used(&m.heights, self.column) <= COLUMNS;
            if fits {
                self.lo = Some(self.lo.map_or(k, |lo| lo.max(k)));
            } else {
                self.hi = Some(self.hi.map_or(k, |hi| hi.min(k)));
                // What does not fit at the body size runs on whatever is measured above it.
                if k == 0 {
                    self.lo = None;
                }
            }
            self.measured.push((k, m.heights.clone()));
        }
    }

    /// The last step at which every group is predicted to fit, by a straight line through the
    /// two measured steps nearest the bracket.
    fn predict(&self) -> usize {
        let (Some(lo), Some(hi)) = (self.lo, self.hi) else { return 0 };
        let at = |k: usize| self.measured.iter().find(|(m, _)| *m == k).map(|(_, h)| h.clone());
        let (Some(a), Some(b)) = (at(lo), at(hi)) else { return (lo + hi) / 2 };
        let fits = |k: usize| {
            let t = (k - lo) as f64 / (hi - lo) as f64;
            let heights: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x + (y - x) * t).collect();
            columns_used(&heights, self.column) <= COLUMNS
        };
        (lo..hi).rev().find(|&k| fits(k)).unwrap_or(lo)
    }

    /// The choice: the largest step that fits, or the body size when none does.
    pub fn fit(&self) -> AidFit {
        self.fit_at(self.lo.unwrap_or(0), self.lo.is_some())
    }

    /// The largest step the heights say fits (none when not even the body size does).
    pub fn chosen(&self) -> Option<usize> {
        self.lo
    }

    /// The card at step `k`, said to fit or not.
    pub fn fit_at(&self, k: usize, fits: bool) -> AidFit {
        AidFit {
            text_size: size(self.floor, k),
            fits,
            column_height: self.column.0,
            ..AidFit::unmeasured(self.floor, Pt(0.0))
        }
    }

    /// How the card runs on when even the body size does not fit, for W025: the columns its
    /// charts need when each may fill a whole column (the choice keeps a margin; the warning
    /// is for a card that cannot fit), or none. A column of no height is the turn track's fault.
    pub fn runs_on(&self) -> Option<RunsOn> {
        if self.lo.is_some() {
            return None;
        }
        if self.column.0 <= 0.0 {
            return Some(RunsOn::NoRoom);
        }
        let (_, heights) = self.measured.iter().find(|(k, _)| *k == 0)?;
        let need = columns_filled(heights, self.column, 1.0);
        (need > COLUMNS).then_some(RunsOn::Columns(need))
    }
}

/// Why the aid card runs onto a second page (W025).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RunsOn {
    /// Its charts need this many columns at the body size.
    Columns(usize),
    /// The turn track leaves no room for a column.
    NoRoom,
    /// The charts' heights fit the columns, but the card drawn at the body size, its tables
    /// broken between columns, does not keep to one page.
    Breaks,
}

impl RunsOn {
    /// The finding at `at` (the card's `sheet = true`), for a card at `floor` pt.
    pub fn finding(self, floor: f64, at: &Loc) -> Diagnostic {
        let message = match self {
            RunsOn::Columns(need) => format!(
                "the player aid card's charts need {need} columns at {floor} pt, and its page has {COLUMNS}: it runs onto a second page"
            ),
            RunsOn::NoRoom => {
                "the player aid card's turn track leaves no room for its charts: they run onto a second page".into()
            }
            RunsOn::Breaks => format!(
                "the player aid card's charts, broken between its {COLUMNS} columns, do not fit one page even at {floor} pt: it runs onto a second page"
            ),
        };
        Diagnostic::warning(diag::AID_RUNS_ON, message).at(at).label("the aid card").help(
            "leave a table, track or deck out of [game.aid], or set the cheatsheet's font_size smaller (the card's text starts there)",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heights that grow with the size as a chart's do: a fixed part and a part per point.
    fn heights(size: f64, per_pt: &[f64]) -> Vec<f64> {
        per_pt.iter().map(|p| 20.0 + p * size).collect()
    }

    /// Run a search against a model of the charts; the steps it measured and its choice.
    fn search(floor: f64, column: f64, per_pt: &[f64]) -> (usize, AidFit) {
        let mut s = Search::new(Pt(floor), Pt(column));
        let mut rounds = 0;
        loop {
            let sizes = s.next();
            if sizes.is_empty() {
                break;
            }
            rounds += 1;
            let found: Vec<Measured> =
                sizes.iter().map(|&size| Measured { size, heights: heights(size, per_pt) }).collect();
            s.add(&found);
            assert!(rounds < 10, "the search ends");
        }
        (rounds, s.fit())
    }

    /// The largest step that fits, found by trying each.
    fn brute(floor: f64, column: f64, per_pt: &[f64]) -> Option<f64> {
        (0..=STEPS).map(|k| size(Pt(floor), k)).rfind(|&z| columns_used(&heights(z, per_pt), Pt(column)) <= COLUMNS)
    }

    #[test]
    fn the_search_finds_the_largest_size_that_fits_in_a_few_rounds() {
        for column in [300.0, 350.0, 400.0, 450.0, 500.0, 700.0] {
            for per_pt in [[30.0, 30.0, 30.0], [45.0, 10.0, 20.0], [50.0, 49.0, 1.0], [12.0, 60.0, 30.0]] {
                let (rounds, fit) = search(8.5, column, &per_pt);
                match brute(8.5, column, &per_pt) {
                    Some(best) => assert_eq!((fit.text_size, fit.fits), (best, true), "{column} {per_pt:?}"),
                    None => assert_eq!((fit.text_size, fit.fits), (8.5, false), "{column} {per_pt:?}"),
                }
                assert!(rounds <= 5, "{rounds} rounds for {column} {per_pt:?}");
            }
        }
    }

    #[test]
    fn a_group_taller_than_a_column_takes_the_next() {
        assert_eq!(columns_used(&[100.0, 100.0], Pt(200.0)), 2);
        assert_eq!(columns_used(&[250.0, 100.0], Pt(200.0)), 3);
        assert_eq!(columns_used(&[196.0], Pt(200.0)), 1);
        assert_eq!(columns_used(&[197.0], Pt(200.0)), 2);
    }

    #[test]
    fn a_card_that_does_not_fit_at_the_body_size_is_w025() {
        let (_, fit) = search(8.5, 100.0, &[30.0, 30.0, 30.0]);
        assert!(!fit.fits);
        let mut s = Search::new(Pt(8.5), Pt(100.0));
        s.add(&[Measured { size: 8.5, heights: heights(8.5, &[30.0, 30.0, 30.0]) }]);
        let d = s.runs_on().unwrap().finding(8.5, &Loc { file: 0, span: 0..0 });
        assert_eq!(d.code, diag::AID_RUNS_ON);
        assert!(d.message.contains("columns at 8.5 pt"), "{}", d.message);
    }
}
