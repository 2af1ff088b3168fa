//! Press sheets: pieces imposed for a print shop that prints sheets and die-cuts them
//! (punchboard counters). Decided here: how many pieces a sheet takes, where each lies, the
//! gutter between them (two bleeds, so that no piece's bleed reaches its neighbour's trim), the
//! room outside the bleed for crop marks, and the sheet's trim and bleed boxes. `render::impose`
//! only places the pieces the pieces document drew, and draws the marks and the die line.

use crate::length::Mm;

/// The room between the pieces' bleed and the sheet's edge: crop marks in it, clear of the
/// 5 mm most printers cannot print.
pub const MARK_ROOM: Mm = Mm(12.0);
/// Where a crop mark starts beyond the bleed, and how long it is.
pub const MARK_GAP: Mm = Mm(1.5);
/// A crop mark's length.
pub const MARK_LENGTH: Mm = Mm(5.0);

/// Pieces of one trim size on a press sheet, in mm from the sheet's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PressSheet {
    /// The sheet (the PDF page): width and height.
    pub page: (f64, f64),
    /// A piece's trim size.
    pub piece: (f64, f64),
    /// How far each piece's art runs past its trim.
    pub bleed: f64,
    /// Between the trims of neighbouring pieces: two bleeds.
    pub gap: f64,
    /// Pieces across and down.
    pub columns: usize,
    /// Pieces down.
    pub rows: usize,
    /// The first piece's trim corner (top-left).
    pub origin: (f64, f64),
}

impl PressSheet {
    /// As many pieces of trim size `piece` with `bleed` as fit sheet `page` inside the room
    /// for crop marks, centred; none when not one fits.
    pub fn new(page: (f64, f64), piece: (f64, f64), bleed: f64) -> Option<PressSheet> {
        let gap = 2.0 * bleed;
        let room = MARK_ROOM.0 + bleed;
        let fit = |avail: f64, size: f64| ((avail - 2.0 * room + gap) / (size + gap)).floor().max(0.0) as usize;
        let (columns, rows) = (fit(page.0, piece.0), fit(page.1, piece.1));
        if columns == 0 || rows == 0 {
            return None;
        }
        let span = |n: usize, size: f64| n as f64 * size + (n - 1) as f64 * gap;
        let origin = ((page.0 - span(columns, piece.0)) / 2.0, (page.1 - span(rows, piece.1)) / 2.0);
        Some(PressSheet { page, piece, bleed, gap, columns, rows, origin })
    }

    /// Pieces a sheet takes.
    pub fn per_sheet(&self) -> usize {
        self.columns * self.rows
    }

    /// The trim corner (top-left) of the piece in column `c`, row `r`.
    pub fn trim_at(&self, c: usize, r: usize) -> (f64, f64) {
        (self.origin.0 + c as f64 * (self.piece.0 + self.gap), self.origin.1 + r as f64 * (self.piece.1 + self.gap))
    }

    /// Where the `k`th piece of a sheet lies (row by row); on a sheet of backs, mirrored left to
    /// right, so that printed on the sheet's other side each back lies behind its front.
    pub fn slot(&self, k: usize, back: bool) -> (f64, f64) {
        let (r, c) = (k / self.columns, k % self.columns);
        self.trim_at(if back { self.columns - 1 - c } else { c }, r)
    }

    /// The sheet's trim box: around every piece's trim.
    pub fn trim_box(&self) -> (f64, f64, f64, f64) {
        let (x1, y1) = self.trim_at(self.columns - 1, self.rows - 1);
        (self.origin.0, self.origin.1, x1 + self.piece.0, y1 + self.piece.1)
    }

    /// The sheet's bleed box: the trim box and the outer pieces' bleed.
    pub fn bleed_box(&self) -> (f64, f64, f64, f64) {
        let (x0, y0, x1, y1) = self.trim_box();
        (x0 - self.bleed, y0 - self.bleed, x1 + self.bleed, y1 + self.bleed)
    }

    /// The crop marks: a short line beyond the bleed box at every column's and row's trim
    /// edges, on all four sides; each (x0, y0, x1, y1).
    pub fn crop_marks(&self) -> Vec<(f64, f64, f64, f64)> {
        let (bx0, by0, bx1, by1) = self.bleed_box();
        let (gap, len) = (MARK_GAP.0, MARK_LENGTH.0);
        let mut out = Vec::new();
        for c in 0..self.columns {
            let x = self.trim_at(c, 0).0;
            for x in [x, x + self.piece.0] {
                out.push((x, by0 - gap - len, x, by0 - gap));
                out.push((x, by1 + gap, x, by1 + gap + len));
            }
        }
        for r in 0..self.rows {
            let y = self.trim_at(0, r).1;
            for y in [y, y + self.piece.1] {
                out.push((bx0 - gap - len, y, bx0 - gap, y));
                out.push((bx1 + gap, y, bx1 + gap + len, y));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_fill_the_sheet_inside_the_room_for_marks_with_two_bleeds_between() {
        // 5/8in counters with 1/8in bleed on A4.
        let (w, b) = (15.875, 3.175);
        let s = PressSheet::new((210.0, 297.0), (w, w), b).unwrap();
        assert_eq!(s.gap, 2.0 * b);
        assert_eq!((s.columns, s.rows), (8, 12));
        let (x0, y0, x1, y1) = s.bleed_box();
        assert!(x0 >= MARK_ROOM.0 - 1e-9 && y0 >= MARK_ROOM.0 - 1e-9);
        assert!(x1 <= 210.0 - MARK_ROOM.0 + 1e-9 && y1 <= 297.0 - MARK_ROOM.0 + 1e-9);
        // Centred; a back mirrors its front.
        assert!(((x0 + x1) / 2.0 - 105.0).abs() < 1e-9);
        assert_eq!(s.slot(0, true), s.trim_at(7, 0));
        assert_eq!(s.slot(9, false), s.trim_at(1, 1));
        // Every mark lies outside the bleed box and inside the page, clear of 5 mm.
        for (ax, ay, bx, by) in s.crop_marks() {
            let inside = |x: f64, y: f64| x > x0 && x < x1 && y > y0 && y < y1;
            assert!(!inside(ax, ay) && !inside(bx, by));
            assert!(
                [ax, bx].iter().all(|x| (5.0..=205.0).contains(x))
                    && [ay, by].iter().all(|y| (5.0..=292.0).contains(y))
            );
        }
        assert!(PressSheet::new((40.0, 40.0), (w, w), b).is_none());
    }
}
