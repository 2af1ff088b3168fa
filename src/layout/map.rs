//! Map geometry, in mm, for everything that draws a map (the true-scale `map.pdf`, scenario
//! set-up maps, and exports to virtual tabletops).
//!
//! Conventions (the topology itself, which cells exist and which are neighbours, is
//! [`Grid`]'s, in the model):
//! - Cells are [`Coord`]s, column and row from 1; `0101` is the top-left cell.
//! - Positions are in mm from the top-left corner of the map's bounding box, x to the right,
//!   y down. The bounding box is the smallest one holding every cell.
//! - Flat-topped hexes stand in columns; the cell size is across the flats (the hex's
//!   height), its side (and circumradius) is `cell / sqrt(3)`, columns are `1.5` sides apart
//!   and the offset columns sit half a cell lower. Pointy-topped hexes stand in rows, the same
//!   turned by 90 degrees: rows `1.5` sides apart, offset rows half a cell to the right.
//! - Squares: the cell size is the side.
//! - A cell's corners run clockwise (y down) so that side `i` (an index into
//!   [`Grid::side_names`]) joins corner `i` and corner `i + 1`.
//! - Tiling: a map larger than the page is cut into tiles of the printable area (the page
//!   minus [`MAP_EDGE_MM`] on every side, minus [`CAPTION_MM`] for the caption), overlapping by
//!   [`OVERLAP_MM`] at the least; tile (r, c) shows the map from `(c * step_x, r * step_y)`.
//!   The tiles share the map evenly (the last ends where the map ends, the overlaps grow),
//!   so that no page is left nearly empty.

pub use crate::model::{Coord, Grid, GridKind, HexTop};
use crate::model::{Map, PageSize};

/// The margin kept clear on every side of a map page: home printers cannot print the outer
/// 3-5 mm.
pub const MAP_EDGE_MM: f64 = 5.0;
/// How much neighbouring tiles of a tiled map overlap, for taping.
pub const OVERLAP_MM: f64 = 10.0;
/// The band at the foot of a map page that holds its caption (title, tile, scale).
pub const CAPTION_MM: f64 = 6.0;

/// A point in mm.
pub type Point = (f64, f64);

/// Where a map's cells are, in mm.
#[derive(Debug, Clone, PartialEq)]
pub struct Geometry {
    /// The grid.
    pub grid: Grid,
    /// The cell size in mm: across the flats of a hex, the side of a square.
    pub cell: f64,
    /// Added to every raw centre so that the bounding box starts at (0, 0).
    shift: Point,
    /// The bounding box's width and height.
    size: Point,
}

impl Geometry {
    /// The geometry of `grid` with cells `cell` mm across.
    pub fn new(grid: Grid, cell: f64) -> Geometry {
        let mut g = Geometry { grid, cell, shift: (0.0, 0.0), size: (0.0, 0.0) };
        let grid = &g.grid;
        // A geomorphic hex board is cut through the centres of its edge cells (its edge rows
        // and columns are half hexes): the box runs from the first centre to the last.
        if grid.halves {
            let (w, h) = ((grid.columns - 1) as f64, (grid.rows - 1) as f64);
            g.size = match grid.kind {
                GridKind::Hex { top: HexTop::Pointy, .. } => (w * cell, h * 1.5 * g.side()),
                _ => (w * 1.5 * g.side(), h * cell),
            };
            return g;
        }
        let (hw, hh) = g.half_extent();
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        // The outermost cells decide the box: those of the first and last two rows and columns.
        let outer: Vec<Coord> = (grid.cells())
            .filter(|c| c.col <= 2 || c.row <= 2 || c.col >= grid.columns - 1 || c.row >= grid.rows - 1)
            .collect();
        for c in outer {
            let (x, y) = g.raw_centre(c);
            (x0, y0, x1, y1) = (x0.min(x - hw), y0.min(y - hh), x1.max(x + hw), y1.max(y + hh));
        }
        g.shift = (-x0, -y0);
        g.size = (x1 - x0, y1 - y0);
        g
    }

    /// The geometry of a map.
    pub fn of(map: &Map) -> Geometry {
        Geometry::new(map.grid(), map.cell_mm())
    }

    /// The side of a hex (also its circumradius), or the side of a square.
    pub fn side(&self) -> f64 {
        match self.grid.kind {
            GridKind::Square => self.cell,
            GridKind::Hex { .. } => self.cell / 3f64.sqrt(),
        }
    }

    /// Half a cell's width and height (the cell's bounding box around its centre).
    pub fn half_extent(&self) -> Point {
        let (flat, point) = (self.cell / 2.0, self.side());
        match self.grid.kind {
            GridKind::Square => (flat, flat),
            GridKind::Hex { top: HexTop::Flat, .. } => (point, flat),
            GridKind::Hex { top: HexTop::Pointy, .. } => (flat, point),
        }
    }

    fn raw_centre(&self, c: Coord) -> Point {
        let (s, a) = (self.cell, self.side());
        let (col, row) = ((c.col - 1) as f64, (c.row - 1) as f64);
        match self.grid.kind {
            GridKind::Square => (col * s, row * s),
            GridKind::Hex { top: HexTop::Flat, .. } => {
                (col * 1.5 * a, row * s + if self.grid.is_offset(c.col) { s / 2.0 } else { 0.0 })
            }
            GridKind::Hex { top: HexTop::Pointy, .. } => {
                (col * s + if self.grid.is_offset(c.row) { s / 2.0 } else { 0.0 }, row * 1.5 * a)
            }
        }
    }

    /// The centre of a cell.
    pub fn centre(&self, c: Coord) -> Point {
        let (x, y) = self.raw_centre(c);
        (x + self.shift.0, y + self.shift.1)
    }

    /// The width and height of the map's bounding box.
    pub fn size(&self) -> Point {
        self.size
    }

    /// A cell's corners relative to its centre, clockwise, side `i` from corner `i` to `i + 1`.
    pub fn corner_offsets(&self) -> Vec<Point> {
        let a = self.side();
        let start = match self.grid.kind {
            GridKind::Square => {
                let h = self.cell / 2.0;
                return vec![(-h, -h), (h, -h), (h, h), (-h, h)];
            }
            GridKind::Hex { top: HexTop::Flat, .. } => 240.0f64,
            GridKind::Hex { top: HexTop::Pointy, .. } => 270.0f64,
        };
        (0..6)
            .map(|i| {
                let t = (start + 60.0 * i as f64).to_radians();
                (a * t.cos(), a * t.sin())
            })
            .collect()
    }

    /// A cell's corners, clockwise.
    pub fn corners(&self, c: Coord) -> Vec<Point> {
        let (x, y) = self.centre(c);
        self.corner_offsets().into_iter().map(|(dx, dy)| (x + dx, y + dy)).collect()
    }

    /// The two ends of side `side` of a cell.
    pub fn side_segment(&self, c: Coord, side: usize) -> (Point, Point) {
        let corners = self.corners(c);
        let n = corners.len();
        (corners[side % n], corners[(side + 1) % n])
    }
}

/// How far an alignment mark's centre keeps from a line or a text the map draws (mm): its
/// cross's arm (3 mm) and a millimetre.
pub const MARK_CLEAR_MM: f64 = 4.0;

/// The distance from `p` to the segment from `a` to `b`.
pub fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 <= 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (x, y) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - x).powi(2) + (p.1 - y).powi(2)).sqrt()
}

/// How a map is cut into pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Tiling {
    /// The page, in mm (portrait or landscape, whichever needs fewer tiles).
    pub page: Point,
    /// The area of a page the map is drawn in (the page minus its margins and caption).
    pub area: Point,
    /// Columns and rows of tiles.
    pub across: usize,
    /// Rows of tiles.
    pub down: usize,
    /// The distance between the origins of neighbouring tiles (the area minus the overlap):
    /// the map shared evenly, the last tile ending where the map ends.
    pub step: Point,
    /// Where the map's bounding box starts inside the first tile: centred on a single page,
    /// else at the tile's corner.
    pub inset: Point,
}

impl Tiling {
    /// The tiles of a map of `size` mm on `paper` pages, in the orientation asked for (`Some(true)`:
    /// landscape), else the one that needs fewer pages; of two that need as many, the one whose
    /// pages the map fills more (a map one page wide stays on one page width).
    pub fn new(size: Point, paper: PageSize, landscape: Option<bool>) -> Tiling {
        let (w, h) = crate::layout::geometry::page_mm(paper, false);
        let portrait = Tiling::with_page(size, (w, h));
        let wide = Tiling::with_page(size, (h, w));
        match landscape {
            Some(true) => wide,
            Some(false) => portrait,
            None if wide.count() != portrait.count() => {
                if wide.count() < portrait.count() {
                    wide
                } else {
                    portrait
                }
            }
            None => {
                // Fewer tiles across or down wastes less: the map's share of the area printed.
                let waste = |t: &Tiling| {
                    (t.across as f64 * t.area.0 - size.0).max(0.0) * t.area.1 * t.down as f64
                        + (t.down as f64 * t.area.1 - size.1).max(0.0) * t.area.0 * t.across as f64
                };
                if waste(&wide) < waste(&portrait) - 1e-6 { wide } else { portrait }
            }
        }
    }

    fn with_page(size: Point, page: Point) -> Tiling {
        let area = (page.0 - 2.0 * MAP_EDGE_MM, page.1 - 2.0 * MAP_EDGE_MM - CAPTION_MM);
        let most = (area.0 - OVERLAP_MM, area.1 - OVERLAP_MM);
        let count = |len: f64, area: f64, step: f64| {
            if len <= area + 1e-9 { 1 } else { ((len - area) / step).ceil() as usize + 1 }
        };
        let (across, down) = (count(size.0, area.0, most.0), count(size.1, area.1, most.1));
        // The map shared evenly between the tiles: the last one ends where the map ends, the
        // overlaps (at least OVERLAP_MM) take up the rest.
        let share = |n: usize, len: f64, area: f64, most: f64| {
            if n > 1 { ((len - area) / (n - 1) as f64).min(most) } else { most }
        };
        let step = (share(across, size.0, area.0, most.0), share(down, size.1, area.1, most.1));
        // A map on one page (in either direction) is centred on it.
        let inset = (
            if across == 1 { (area.0 - size.0) / 2.0 } else { 0.0 },
            if down == 1 { (area.1 - size.1) / 2.0 } else { 0.0 },
        );
        Tiling { page, area, across, down, step, inset }
    }

    /// How many pages of map.
    pub fn count(&self) -> usize {
        self.across * self.down
    }

    /// How much neighbouring tiles overlap across and down (mm): at least [`OVERLAP_MM`].
    pub fn overlap(&self) -> Point {
        (self.area.0 - self.step.0, self.area.1 - self.step.1)
    }

    /// The map point at the top-left corner of tile (row, column)'s area.
    pub fn origin(&self, row: usize, col: usize) -> Point {
        (col as f64 * self.step.0 - self.inset.0, row as f64 * self.step.1 - self.inset.1)
    }

    /// Where map point `p` lands on the page of tile (row, column), in mm from the page's
    /// top-left corner (it may lie outside the tile's area).
    pub fn on_page(&self, p: Point, row: usize, col: usize) -> Point {
        let o = self.origin(row, col);
        (MAP_EDGE_MM + p.0 - o.0, MAP_EDGE_MM + p.1 - o.1)
    }

    /// The alignment marks clear of what the map draws: each of [`Tiling::marks`] moved along
    /// its overlap band to the nearest place at least [`MARK_CLEAR_MM`] from every line of
    /// `lines` (roads, rivers, connections: point to point) and every text of `texts` (its
    /// centre and half width), or clear of the lines alone when no place is clear of both
    /// within half the distance to the next mark, else as far from the lines as it can be:
    /// every seam keeps its marks.
    pub fn marks_clear(&self, size: Point, lines: &[(Point, Point)], texts: &[(Point, f64)]) -> Vec<Point> {
        let spacing = |len: f64| len / (len / 60.0).ceil().max(1.0);
        let mut out = Vec::new();
        for (p, along_x) in self.marks_along(size) {
            let len = if along_x { size.0 } else { size.1 };
            let most = (spacing(len) / 2.0 - MARK_CLEAR_MM).max(0.0);
            let at = |d: f64| if along_x { (p.0 + d, p.1) } else { (p.0, p.1 + d) };
            // Only what reaches the stretch of band searched: a big map's thousands of lines
            // are not each tried against each place.
            let reach = most + MARK_CLEAR_MM;
            let (x0, x1, y0, y1) = if along_x {
                (p.0 - reach, p.0 + reach, p.1 - MARK_CLEAR_MM, p.1 + MARK_CLEAR_MM)
            } else {
                (p.0 - MARK_CLEAR_MM, p.0 + MARK_CLEAR_MM, p.1 - reach, p.1 + reach)
            };
            let near: Vec<(Point, Point)> = (lines.iter().copied())
                .filter(|&(a, b)| a.0.max(b.0) >= x0 && a.0.min(b.0) <= x1 && a.1.max(b.1) >= y0 && a.1.min(b.1) <= y1)
                .collect();
            let near_texts: Vec<(Point, f64)> = (texts.iter().copied())
                .filter(|&(c, r)| {
                    c.0 + r >= x0 - MARK_CLEAR_MM
                        && c.0 - r <= x1 + MARK_CLEAR_MM
                        && c.1 + r >= y0 - MARK_CLEAR_MM
                        && c.1 - r <= y1 + MARK_CLEAR_MM
                })
                .collect();
            let clear = |q: Point, with_text: bool| {
                let off_lines = near.iter().all(|&(a, b)| distance_to_segment(q, a, b) >= MARK_CLEAR_MM);
                let off_text = !with_text
                    || near_texts
                        .iter()
                        .all(|&(c, r)| ((q.0 - c.0).powi(2) + (q.1 - c.1).powi(2)).sqrt() >= r + MARK_CLEAR_MM);
                off_lines && off_text
            };
            let inside = |q: Point| {
                q.0 >= MARK_CLEAR_MM
                    && q.1 >= MARK_CLEAR_MM
                    && q.0 <= size.0 - MARK_CLEAR_MM
                    && q.1 <= size.1 - MARK_CLEAR_MM
            };
            // Half a millimetre at a time, nearest first, either way.
            let tries = (0..=(most * 2.0) as usize).flat_map(|i| {
                let d = i as f64 / 2.0;
                [d, -d]
            });
            let found = [true, false]
                .into_iter()
                .find_map(|with_text| tries.clone().map(at).find(|&q| inside(q) && clear(q, with_text)));
            // Where a line runs along the band, no place is clear: the one furthest from every
            // line, so that every seam keeps its marks.
            let furthest = || {
                let gap = |q: Point| near.iter().map(|&(a, b)| distance_to_segment(q, a, b)).fold(f64::MAX, f64::min);
                tries.clone().map(at).filter(|&q| inside(q)).max_by(|&a, &b| gap(a).total_cmp(&gap(b)))
            };
            out.extend(found.or_else(furthest).or(Some(p)));
        }
        out
    }

    /// The alignment marks: map points in the middle of each overlap band, every 60 mm or so
    /// along it; each shows on both tiles that share the band.
    pub fn marks(&self, size: Point) -> Vec<Point> {
        self.marks_along(size).into_iter().map(|(p, _)| p).collect()
    }

    /// [`Tiling::marks`], each with whether its band runs across (a row's seam) rather than
    /// down.
    fn marks_along(&self, size: Point) -> Vec<(Point, bool)> {
        let mut out = Vec::new();
        let along = |len: f64| {
            let n = (len / 60.0).ceil().max(1.0) as usize;
            (0..n).map(move |i| (i as f64 + 0.5) * len / n as f64)
        };
        let overlap = self.overlap();
        for c in 1..self.across {
            let x = c as f64 * self.step.0 + overlap.0 / 2.0;
            out.extend(along(size.1).map(|y| ((x, y), false)));
        }
        for r in 1..self.down {
            let y = r as f64 * self.step.1 + overlap.1 / 2.0;
            out.extend(along(size.0).map(|x| ((x, y), true)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CoordScheme;

    fn hex(top: HexTop, columns: i64, rows: i64) -> Geometry {
        let grid = Grid {
            kind: GridKind::Hex { top, even: true, short: false },
            columns,
            rows,
            scheme: CoordScheme::Xxyy,
            halves: false,
            boards: None,
        };
        Geometry::new(grid, 19.05)
    }

    fn dist(a: Point, b: Point) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn neighbours_are_one_cell_apart_and_share_a_side() {
        for top in [HexTop::Flat, HexTop::Pointy] {
            let g = hex(top, 7, 6);
            for c in g.grid.cells() {
                for (s, n) in g.grid.neighbours(c) {
                    assert!((dist(g.centre(c), g.centre(n)) - 19.05).abs() < 1e-9, "{top:?} {c:?} {n:?}");
                    let (a, b) = g.side_segment(c, s);
                    let (p, q) = g.side_segment(n, (s + 3) % 6);
                    assert!(dist(a, q) < 1e-9 && dist(b, p) < 1e-9, "{top:?} {c:?} side {s}");
                }
            }
        }
    }

    #[test]
    fn the_box_holds_every_cell() {
        let g = hex(HexTop::Flat, 30, 40);
        let a = 19.05 / 3f64.sqrt();
        assert!((g.size().0 - (2.0 * a + 29.0 * 1.5 * a)).abs() < 1e-9);
        assert!((g.size().1 - 40.5 * 19.05).abs() < 1e-9);
        assert!((g.centre(Coord { col: 1, row: 1 }).0 - a).abs() < 1e-9);
        for c in g.grid.cells() {
            for (x, y) in g.corners(c) {
                assert!(x > -1e-9 && y > -1e-9 && x < g.size().0 + 1e-9 && y < g.size().1 + 1e-9);
            }
        }
    }

    #[test]
    fn tiles_cover_the_map_with_overlap() {
        let g = hex(HexTop::Flat, 30, 40);
        let t = Tiling::new(g.size(), PageSize::A4, None);
        assert_eq!((t.page, t.across, t.down), ((210.0, 297.0), 3, 3));
        let (ox, oy) = t.origin(t.down - 1, t.across - 1);
        // The last tile ends where the map ends: the tiles share it evenly, overlapping by 10 mm
        // at least.
        assert!((ox + t.area.0 - g.size().0).abs() < 1e-9 && (oy + t.area.1 - g.size().1).abs() < 1e-9);
        assert!(t.overlap().0 >= OVERLAP_MM - 1e-9 && t.overlap().1 >= OVERLAP_MM - 1e-9);
        // The same map point on two neighbouring tiles lands one step apart.
        let p = (195.0, 100.0);
        let (a, b) = (t.on_page(p, 0, 0), t.on_page(p, 0, 1));
        assert!((a.0 - b.0 - t.step.0).abs() < 1e-9 && a.1 == b.1);
        // A small map is one page, centred.
        let small = hex(HexTop::Pointy, 5, 4);
        let t = Tiling::new(small.size(), PageSize::A4, None);
        assert_eq!(t.count(), 1);
        assert!((t.on_page((0.0, 0.0), 0, 0).0 * 2.0 + small.size().0 - 210.0).abs() < 1e-9);
    }

    #[test]
    fn a_map_just_wider_than_a_page_fills_both_pages_and_takes_the_page_asked_for() {
        // 14 x 10 hexes of 1in, flat: 14 columns need two A4 pages either way.
        let g = hex(HexTop::Flat, 14, 10);
        let t = Tiling::new(g.size(), PageSize::A4, None);
        assert_eq!(t.count(), 2);
        // Along a direction of several tiles, each page shows map over its whole area: no
        // page nearly empty.
        for (n, len, area, k) in [(t.across, g.size().0, t.area.0, 0), (t.down, g.size().1, t.area.1, 1)] {
            for i in (0..n).filter(|_| n > 1) {
                let o = if k == 0 { t.origin(0, i).0 } else { t.origin(i, 0).1 };
                assert!(o >= -1e-9 && o + area <= len + 1e-9, "tile {i} from {o}");
            }
        }
        let wide = Tiling::new(g.size(), PageSize::A4, Some(true));
        assert_eq!(wide.page, (297.0, 210.0));
        let tall = Tiling::new(g.size(), PageSize::UsLetter, Some(false));
        assert_eq!(tall.page, (215.9, 279.4));
    }
}
