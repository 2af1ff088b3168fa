//! The frames of the flowing documents (the cheatsheet, the rulebook, a scenario sheet) and how
//! a track is set in them. Typst breaks their lines and pages; their page, margins and columns
//! are decided here, once, so that what sits in a column (a numbered track, a turn record
//! track) is decided against the same widths the templates draw with.

use crate::length::{Mm, Pt};
use crate::model::{Game, PageSize};
use serde::Serialize;

/// A document's page and columns, as its template sets them (`data.frame`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SheetFrame {
    /// The page's width, orientation applied, mm.
    pub page_width: f64,
    /// The page's height, orientation applied, mm.
    pub page_height: f64,
    /// The left and right margins, mm.
    pub margin_x: f64,
    /// The top margin, mm.
    pub margin_top: f64,
    /// The bottom margin, mm.
    pub margin_bottom: f64,
    /// Columns on a page, 1 to 3.
    pub columns: usize,
    /// The gap between columns, mm.
    pub gutter: f64,
    /// A column's width, mm: the page inside its margins, less the gutters, shared out.
    pub column_width: f64,
    /// A column's height inside the margins, mm.
    pub column_height: f64,
}

impl SheetFrame {
    fn new(page: (Mm, Mm), margin_x: Mm, (top, bottom): (Mm, Mm), columns: usize, gutter: Mm) -> SheetFrame {
        let (w, h) = page;
        let gutters = if columns > 1 { gutter * (columns - 1) as f64 } else { Mm(0.0) };
        SheetFrame {
            page_width: w.0,
            page_height: h.0,
            margin_x: margin_x.0,
            margin_top: top.0,
            margin_bottom: bottom.0,
            columns,
            gutter: gutter.0,
            column_width: ((w - margin_x * 2.0 - gutters) / columns as f64).0,
            column_height: (h - top - bottom).0,
        }
    }

    /// The page's width inside its margins: what spans every column.
    pub fn inner_width(&self) -> Mm {
        Mm(self.page_width - 2.0 * self.margin_x)
    }
}

/// A sheet of `paper`, turned to landscape when `landscape`: (width, height).
fn page_size(paper: PageSize, landscape: bool) -> (Mm, Mm) {
    let (w, h) = super::geometry::page_mm(paper, landscape);
    (Mm(w), Mm(h))
}

/// The flowing documents' frames.
#[derive(Debug, Clone, Copy)]
pub struct Sheets {
    /// The cheatsheet (and its changelog): `[game.cheatsheet] columns` on its page.
    pub cheatsheet: SheetFrame,
    /// The rulebook: two columns of a comfortable measure, always upright.
    pub rulebook: SheetFrame,
    /// A scenario sheet: one column, always upright.
    pub scenario: SheetFrame,
}

impl Sheets {
    /// The frames for `game` printed on the command line's `page` (else its own).
    pub fn of(game: &Game, page: Option<PageSize>) -> Sheets {
        let cs = &game.meta.cheatsheet;
        let paper = super::aid_fit::paper(game, page);
        let turned = page_size(paper, cs.landscape);
        let columns = (cs.columns as usize).clamp(1, 3);
        let gutter = if columns == 3 { Mm(5.0) } else { Mm(6.0) };
        Sheets {
            cheatsheet: SheetFrame::new(turned, Mm(10.0), (Mm(10.0), Mm(13.0)), columns, gutter),
            // About 55-65 characters a line at 10 pt, where one column of the page's width set
            // 105-120; upright whatever the cheatsheet's orientation.
            rulebook: SheetFrame::new(page_size(paper, false), Mm(18.0), (Mm(20.0), Mm(20.0)), 2, Mm(7.0)),
            scenario: SheetFrame::new(page_size(paper, false), Mm(15.0), (Mm(14.0), Mm(16.0)), 1, Mm(0.0)),
        }
    }
}

/// How far a list item's sub-items stand in from their column, at most (its marker and the
/// gap after it, `pa-list-indent`, at the largest body size): what a chart in a sub-item has
/// less than its column.
pub const NEST_INDENT: Mm = Mm(5.0);

/// A chart box's inset on each side (`pa-chart-box`): what a track's boxes have less than
/// their column.
pub const CHART_INSET: Pt = Pt(4.0);
/// A numbered track's box height, and its width when its boxes wrap into rows.
pub const TRACK_BOX: Mm = Mm(9.0);
/// The gap between a numbered track's boxes.
pub const TRACK_GAP: Mm = Mm(1.0);
/// The narrowest a numbered track's box may be.
pub const TRACK_LEAST: Mm = Mm(5.0);
/// A marker's chip in a numbered track's box, and the gap between two.
pub const TRACK_CHIP: (Mm, Pt) = (Mm(3.2), Pt(0.5));
/// A numbered track's box inset, and the size of its number (Roboto Condensed Bold).
pub const TRACK_INSET: Pt = Pt(1.2);
/// The size of a box's number, pt.
pub const TRACK_NUMBER: Pt = Pt(7.0);
/// The gap between a turn record track's boxes.
pub const TURN_GAP: Mm = Mm(1.5);

/// Where a track is set: its column's width, and the page's inside its margins when it may
/// span every column.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Room {
    /// The column's width.
    pub column: Mm,
    /// The width across every column, when there are several.
    pub across: Option<Mm>,
}

impl Room {
    /// A frame's column, and its width across when it has more than one.
    pub fn of(frame: &SheetFrame) -> Room {
        Room { column: Mm(frame.column_width), across: (frame.columns > 1).then(|| frame.inner_width()) }
    }
}

/// How a numbered track is set (`track.form`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TrackForm {
    /// Boxes in a row: all of them when the track is one strip.
    pub per_row: usize,
    /// A box's width, mm.
    pub box_width: f64,
    /// A box's height, mm.
    pub box_height: f64,
    /// The gap between boxes, mm.
    pub gap: f64,
    /// Whether it is one strip across every column of the page (too long for one column): the
    /// template sets it at the top or the foot of the page, across the columns.
    pub span: bool,
    /// The size of a box's number, pt (its width decided the narrowest box).
    pub number_size: f64,
    /// A box's inset, pt.
    pub inset: f64,
    /// A marker's chip, mm.
    pub chip: f64,
    /// The gap between two chips in one box, pt.
    pub chip_gap: f64,
}

/// How a numbered track of `boxes` is set in `room`, with at most `most` markers starting in
/// one box. The narrowest a box may be holds its number ("-10") and those markers' chips side
/// by side, inside its inset. A track whose boxes all fit one row at that width is one strip,
/// as printed tracks are: in its column, else across the columns; else rows of 9 mm boxes in
/// its column, of even length (13 boxes: 7 and 6, not 8 and 5). A strip's boxes widen to span
/// it, up to half as wide again.
pub fn track_form(boxes: &[i64], most: usize, room: Room) -> TrackForm {
    let n = boxes.len().max(1);
    let most = most.max(1) as f64;
    // As Typst prints a number: a negative one with a minus sign, not a hyphen.
    let said = |b: &i64| b.to_string().replace('-', "\u{2212}");
    let number = boxes.iter().map(|b| super::fonts::cond_width(&said(b), TRACK_NUMBER, true)).fold(Pt(0.0), Pt::max);
    let chips = TRACK_CHIP.0.pt() * most + TRACK_CHIP.1 * (most - 1.0) + TRACK_INSET * 2.0;
    let least = (number + Pt(3.4)).max(chips).max(TRACK_LEAST.pt()).mm();
    let inside = |w: Mm| w - CHART_INSET.mm() * 2.0;
    let strip_in = |w: Mm| least * n as f64 + TRACK_GAP * (n - 1) as f64 <= inside(w);
    // What the template draws with, besides the boxes' sizes: the sizes that decided them.
    let form = |per_row: usize, box_width: Mm, span: bool| TrackForm {
        per_row,
        box_width: box_width.0,
        box_height: TRACK_BOX.0,
        gap: TRACK_GAP.0,
        span,
        number_size: TRACK_NUMBER.0,
        inset: TRACK_INSET.0,
        chip: TRACK_CHIP.0.0,
        chip_gap: TRACK_CHIP.1.0,
    };
    let strip =
        |w: Mm, span: bool| form(n, (TRACK_BOX * 1.5).min((inside(w) - TRACK_GAP * (n - 1) as f64) / n as f64), span);
    if strip_in(room.column) {
        return strip(room.column, false);
    }
    if let Some(across) = room.across.filter(|&w| strip_in(w)) {
        return strip(across, true);
    }
    let fit = (((inside(room.column) + TRACK_GAP) / (TRACK_BOX + TRACK_GAP)).floor() as usize).max(1);
    let rows = n.div_ceil(fit);
    form(n.div_ceil(rows), TRACK_BOX, false)
}

/// How a turn record track is set (`turn_track.form`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TurnForm {
    /// Boxes in a row.
    pub per_row: usize,
    /// A box's width, mm (its height grows to the tallest turn's arrivals).
    pub box_width: f64,
    /// The gap between boxes, mm.
    pub gap: f64,
}

/// How a turn record track of `turns` boxes `side` square is set `width` wide: as many boxes a
/// row as fit; when every turn fits one row, the boxes share the row's width (up to twice a
/// counter's box), so that a short track spans its chart instead of leaving half of it blank.
pub fn turn_form(turns: usize, side: Mm, width: Mm) -> TurnForm {
    let inside = width - CHART_INSET.mm() * 2.0;
    let per_row = (((inside + TURN_GAP) / (side + TURN_GAP)).floor() as usize).max(1);
    let box_width = if turns > 0 && turns <= per_row {
        (side * 2.0).min(side.max((inside - TURN_GAP * (turns - 1) as f64) / turns as f64))
    } else {
        side
    };
    TurnForm { per_row: per_row.min(turns.max(1)), box_width: box_width.0, gap: TURN_GAP.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(mm: f64) -> Room {
        Room { column: Mm(mm), across: None }
    }

    #[test]
    fn a_short_track_is_a_strip_in_its_column() {
        let f = track_form(&(0..=12).collect::<Vec<_>>(), 1, column(92.0));
        assert_eq!((f.per_row, f.span), (13, false));
        assert!(f.box_width >= TRACK_LEAST.0 && f.box_width <= 13.5, "{f:?}");
    }

    #[test]
    fn a_long_track_spans_the_columns_when_its_own_is_too_narrow() {
        let boxes: Vec<i64> = (-10..=10).collect();
        let f = track_form(&boxes, 1, Room { column: Mm(92.0), across: Some(Mm(190.0)) });
        assert_eq!((f.per_row, f.span), (21, true));
        let used = f.box_width * 21.0 + f.gap * 20.0;
        assert!(used <= 190.0 - 2.0 * CHART_INSET.mm().0 + 1e-9, "{used}");
        // Without a second column it wraps into rows of even length: three of 7.
        let f = track_form(&boxes, 1, column(92.0));
        assert_eq!((f.per_row, f.span, f.box_width), (7, false, 9.0));
    }

    #[test]
    fn chips_widen_the_least_box() {
        // Three markers in one box need 3 chips side by side: 21 boxes no longer fit 190 mm.
        let boxes: Vec<i64> = (-10..=10).collect();
        let f = track_form(&boxes, 3, Room { column: Mm(92.0), across: Some(Mm(120.0)) });
        assert!(!f.span && f.per_row < 21, "{f:?}");
    }

    #[test]
    fn a_turn_track_shares_its_row() {
        let f = turn_form(8, Mm(14.0), Mm(92.0));
        assert_eq!(f.per_row, 5);
        assert_eq!(f.box_width, 14.0);
        let f = turn_form(4, Mm(14.0), Mm(92.0));
        assert_eq!(f.per_row, 4);
        assert!(f.box_width > 14.0 && f.box_width <= 28.0);
    }
}
