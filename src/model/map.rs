//! Maps (`[[map]]`): a hex or square grid, its terrain per cell, hexside and line features,
//! labels, named edges and set-up areas. Coordinates stay as written here (with their
//! locations); [`Grid`] knows which cells exist, how they are named and which are neighbours,
//! so that the checker and the layout stage agree on one topology. Sizes in mm and positions
//! are the layout stage's (`layout::map`).

use crate::source::Loc;

use super::{Sp, Text};

/// The most columns or rows a map may have.
pub const MAX_MAP_CELLS: i64 = 200;
/// The smallest and largest cell size, in mm (flat to flat for hexes, the side for squares).
pub const CELL_MM: (f64, f64) = (5.0, 100.0);

/// Which way a hex grid's hexes point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexTop {
    /// `"flat"`: flat tops, hexes in vertical columns (most US hex-and-counter maps).
    Flat,
    /// `"pointy"`: pointed tops, hexes in horizontal rows (Commands & Colors boards).
    Pointy,
}

/// The kind of grid and, for hexes, how its columns or rows are offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridKind {
    /// `grid = "square"`: square cells, neighbours share a side (4 of them).
    Square,
    /// `grid = "hex"`.
    Hex {
        /// `orientation`: flat or pointy tops; default flat.
        top: HexTop,
        /// `offset = "even"` (default) or `"odd"`: which columns (flat tops) are half a cell
        /// lower, or which rows (pointy tops) are half a cell to the right, numbered from 1.
        even: bool,
        /// `short = true`: the offset columns (rows) have one cell fewer, so that the map's
        /// edges are straight (Commands & Colors: rows of 13 and 12 hexes).
        short: bool,
    },
}

/// How cells are named on the map and in the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoordScheme {
    /// `"XXYY"`: column then row, two digits each from 01 (three each past 99): `0204`.
    Xxyy,
    /// `"letter-number"`: the column as a letter (A-Z, then AA ...), the row as a number: `C4`.
    LetterNumber,
    /// `"none"`: nothing printed; the data still names cells `XXYY`.
    None,
}

/// A map cell's place: column and row, both from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// From 1, left to right.
    pub col: i64,
    /// From 1, top to bottom.
    pub row: i64,
}

/// One of a map's four edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeSide {
    /// The top edge.
    North,
    /// The right edge.
    East,
    /// The bottom edge.
    South,
    /// The left edge.
    West,
}

impl EdgeSide {
    /// `"north"`, `"n"`, `"top"` ...
    pub(crate) fn parse(s: &str) -> Option<EdgeSide> {
        match s.to_ascii_lowercase().as_str() {
            "n" | "north" | "top" => Some(EdgeSide::North),
            "e" | "east" | "right" => Some(EdgeSide::East),
            "s" | "south" | "bottom" => Some(EdgeSide::South),
            "w" | "west" | "left" => Some(EdgeSide::West),
            _ => None,
        }
    }

    /// The edge across the map from it.
    pub fn opposite(self) -> EdgeSide {
        match self {
            EdgeSide::North => EdgeSide::South,
            EdgeSide::East => EdgeSide::West,
            EdgeSide::South => EdgeSide::North,
            EdgeSide::West => EdgeSide::East,
        }
    }

    /// `"north"`, `"east"`, `"south"` or `"west"`.
    pub fn name(self) -> &'static str {
        match self {
            EdgeSide::North => "north",
            EdgeSide::East => "east",
            EdgeSide::South => "south",
            EdgeSide::West => "west",
        }
    }

    /// Its key among the words playaid prints ("the west edge").
    pub fn word_key(self) -> &'static str {
        match self {
            EdgeSide::North => "north_edge",
            EdgeSide::East => "east_edge",
            EdgeSide::South => "south_edge",
            EdgeSide::West => "west_edge",
        }
    }

    /// The unit vector pointing off the map across this edge (y down).
    pub fn outward(self) -> (f64, f64) {
        match self {
            EdgeSide::North => (0.0, -1.0),
            EdgeSide::East => (1.0, 0.0),
            EdgeSide::South => (0.0, 1.0),
            EdgeSide::West => (-1.0, 0.0),
        }
    }
}

/// The shape of a map: what [`Grid`] methods need, copied out of a [`Map`].
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// Square or hex, and the hex offsets.
    pub kind: GridKind,
    /// Columns, 1 to [`MAX_MAP_CELLS`].
    pub columns: i64,
    /// Rows, 1 to [`MAX_MAP_CELLS`].
    pub rows: i64,
    /// How cells are named.
    pub scheme: CoordScheme,
    /// A geomorphic hex board's or arrangement's: its edge rows and columns are half hexes,
    /// cut through their centres, so that boards laid side by side make whole hexes of them
    /// (`layout::map::Geometry` draws it cut so).
    pub halves: bool,
    /// A scenario's arrangement of boards: each cell named by its board's label and the
    /// board's own name for it ("3C4").
    pub boards: Option<std::sync::Arc<Arrangement>>,
}

/// Geomorphic boards as a scenario arranges them (`[scenario.board] boards`): where each lies in
/// the one grid they make, and so how each cell of it is named.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrangement {
    /// The boards, row by row (north to south), each row west to east.
    pub boards: Vec<PlacedBoard>,
}

/// One board of an [`Arrangement`].
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedBoard {
    /// The board's `[[map]]` id.
    pub map: String,
    /// Its `board` label: what its cells' names begin with.
    pub label: String,
    /// Its own grid, named as printed on it.
    pub grid: Grid,
    /// Its place among the boards: (column, row), from the north-west.
    pub slot: (usize, usize),
    /// Its cell (0, 0) in the arranged grid: arranged = local + offset (after turning).
    pub offset: (i64, i64),
    /// Turned half a turn: its north edge lies south.
    pub turned: bool,
}

impl PlacedBoard {
    /// The arranged cell of the board's cell `c`.
    pub fn arranged(&self, c: Coord) -> Coord {
        let l = if self.turned { self.grid.turned(c) } else { c };
        Coord { col: l.col + self.offset.0, row: l.row + self.offset.1 }
    }

    /// The board's own cell at arranged cell `a`, when the board has it.
    pub fn local(&self, a: Coord) -> Option<Coord> {
        let l = Coord { col: a.col - self.offset.0, row: a.row - self.offset.1 };
        let l = if self.turned { self.grid.turned(l) } else { l };
        self.grid.exists(l).then_some(l)
    }

    /// A side of the board's cell as it lies arranged (a turned board's north side faces south).
    pub fn side(&self, side: usize) -> usize {
        let n = self.grid.side_names().len();
        if self.turned { (side + n / 2) % n } else { side }
    }
}

/// A hexside or square side named from its cell: `"0304 n"`.
pub const HEX_FLAT_SIDES: [&str; 6] = ["n", "ne", "se", "s", "sw", "nw"];
/// The sides of a pointy-topped hex, clockwise from the upper right.
pub const HEX_POINTY_SIDES: [&str; 6] = ["ne", "e", "se", "sw", "w", "nw"];
/// The sides of a square, clockwise from the top.
pub const SQUARE_SIDES: [&str; 4] = ["n", "e", "s", "w"];

impl Grid {
    /// Whether this (column or row) index is an offset one (half a cell down or right).
    pub fn is_offset(&self, index: i64) -> bool {
        match self.kind {
            GridKind::Square => false,
            GridKind::Hex { even, .. } => (index % 2 == 0) == even,
        }
    }

    /// Whether the map has this cell.
    pub fn exists(&self, c: Coord) -> bool {
        if c.col < 1 || c.row < 1 || c.col > self.columns || c.row > self.rows {
            return false;
        }
        match self.kind {
            GridKind::Hex { top: HexTop::Flat, short: true, .. } => !(self.is_offset(c.col) && c.row == self.rows),
            GridKind::Hex { top: HexTop::Pointy, short: true, .. } => !(self.is_offset(c.row) && c.col == self.columns),
            _ => true,
        }
    }

    /// Every cell of the map, column by column.
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        (1..=self.columns)
            .flat_map(move |col| (1..=self.rows).map(move |row| Coord { col, row }))
            .filter(|c| self.exists(*c))
    }

    /// The names of a cell's sides, clockwise.
    pub fn side_names(&self) -> &'static [&'static str] {
        match self.kind {
            GridKind::Square => &SQUARE_SIDES,
            GridKind::Hex { top: HexTop::Flat, .. } => &HEX_FLAT_SIDES,
            GridKind::Hex { top: HexTop::Pointy, .. } => &HEX_POINTY_SIDES,
        }
    }

    /// The cell across side `side` (an index into [`Grid::side_names`]), whether or not the
    /// map has it.
    pub fn across(&self, c: Coord, side: usize) -> Coord {
        let (dc, dr) = match self.kind {
            GridKind::Square => [(0, -1), (1, 0), (0, 1), (-1, 0)][side % 4],
            GridKind::Hex { top: HexTop::Flat, .. } => {
                // The columns beside an offset column sit half a cell higher.
                let down = i64::from(self.is_offset(c.col));
                [(0, -1), (1, down - 1), (1, down), (0, 1), (-1, down), (-1, down - 1)][side % 6]
            }
            GridKind::Hex { top: HexTop::Pointy, .. } => {
                let right = i64::from(self.is_offset(c.row));
                [(right, -1), (1, 0), (right, 1), (right - 1, 1), (-1, 0), (right - 1, -1)][side % 6]
            }
        };
        Coord { col: c.col + dc, row: c.row + dr }
    }

    /// The map's cells that share a side with `c`, with the side's index.
    pub fn neighbours(&self, c: Coord) -> Vec<(usize, Coord)> {
        (0..self.side_names().len()).map(|s| (s, self.across(c, s))).filter(|(_, n)| self.exists(*n)).collect()
    }

    /// The side of `a` that `b` lies across, if they are neighbours.
    pub fn side_between(&self, a: Coord, b: Coord) -> Option<usize> {
        (0..self.side_names().len()).find(|s| self.across(a, *s) == b)
    }

    /// The cells and sides a hexside entry names: `"0304 n"`, `"0304 0305"`, or a range with
    /// the same sides of each of its cells, `"0901-0915 ne se"`; none when it is not valid.
    pub fn hexsides(&self, entry: &str) -> Vec<(Coord, usize)> {
        if let Some((range, sides)) = hexside_range(entry) {
            let names = self.side_names();
            let sides: Vec<usize> =
                sides.iter().filter_map(|s| names.iter().position(|n| n.eq_ignore_ascii_case(s))).collect();
            let cells = self.expand(range).unwrap_or_default();
            return cells
                .into_iter()
                .filter(|c| self.exists(*c))
                .flat_map(|c| sides.iter().map(move |s| (c, *s)))
                .collect();
        }
        self.hexside(entry).into_iter().collect()
    }

    /// The cell and side a hexside entry names (`"0304 n"`, `"0304 0305"`), if it is valid.
    pub fn hexside(&self, entry: &str) -> Option<(Coord, usize)> {
        let mut parts = entry.split_whitespace();
        let (a, b) = (parts.next()?, parts.next()?);
        let c = self.parse(a).filter(|c| self.exists(*c))?;
        let side = match self.side_names().iter().position(|s| s.eq_ignore_ascii_case(b)) {
            Some(s) => s,
            None => self.side_between(c, self.parse(b)?)?,
        };
        Some((c, side))
    }

    /// A hexside as one name whichever of its two cells it is written from: the side of the
    /// first of the two cells (by column, then row) that lies on the map: "0303 s" for
    /// "0304 n".
    pub fn hexside_name(&self, c: Coord, side: usize) -> String {
        let other = self.across(c, side);
        let n = self.side_names().len();
        let (cell, s) = match self.side_between(other, c) {
            Some(back) if self.exists(other) && (other.col, other.row) < (c.col, c.row) => (other, back),
            _ => (c, side % n),
        };
        format!("{} {}", self.name(cell), self.side_names()[s])
    }

    /// Whether `c` is on `edge`: some side of it leads off the map across that edge.
    pub fn on_edge(&self, c: Coord, edge: EdgeSide) -> bool {
        self.exists(c)
            && match edge {
                EdgeSide::North => c.row == 1,
                EdgeSide::South => c.row == self.rows || !self.exists(Coord { row: c.row + 1, ..c }),
                EdgeSide::West => c.col == 1,
                EdgeSide::East => c.col == self.columns || !self.exists(Coord { col: c.col + 1, ..c }),
            }
    }

    /// Whether `c` is on any edge of the map.
    pub fn on_any_edge(&self, c: Coord) -> bool {
        [EdgeSide::North, EdgeSide::East, EdgeSide::South, EdgeSide::West].into_iter().any(|e| self.on_edge(c, e))
    }

    /// The cell that lies where `c` did once the grid is turned half a turn: the same cell
    /// again after two turns. (A hex board with half hexes on its edges, `short` and of an odd
    /// number of columns or rows, turns onto its own grid; see [`Grid::halves`].)
    pub fn turned(&self, c: Coord) -> Coord {
        let (w, h) = (self.columns, self.rows);
        match self.kind {
            GridKind::Hex { top: HexTop::Flat, short: true, .. } if self.is_offset(c.col) => {
                Coord { col: w + 1 - c.col, row: h - c.row }
            }
            GridKind::Hex { top: HexTop::Pointy, short: true, .. } if self.is_offset(c.row) => {
                Coord { col: w - c.col, row: h + 1 - c.row }
            }
            _ => Coord { col: w + 1 - c.col, row: h + 1 - c.row },
        }
    }

    /// The board of an arrangement that has cell `c`, and its own cell there (the first board
    /// of two that share a cell along their edges).
    pub fn board_of(&self, c: Coord) -> Option<(&PlacedBoard, Coord)> {
        self.boards.as_ref()?.boards.iter().find_map(|b| Some((b, b.local(c)?)))
    }

    /// The name of a cell as printed and written: `0204`, `C4`; on an arrangement of boards,
    /// its board's label and the board's own name for it: `30204`, `3C4`.
    pub fn name(&self, c: Coord) -> String {
        if let Some((b, l)) = self.board_of(c) {
            return format!("{}{}", b.label, b.grid.name(l));
        }
        match self.scheme {
            CoordScheme::LetterNumber => format!("{}{}", column_letters(c.col), c.row),
            CoordScheme::Xxyy | CoordScheme::None => {
                let w = if self.columns > 99 || self.rows > 99 { 3 } else { 2 };
                format!("{:0w$}{:0w$}", c.col, c.row)
            }
        }
    }

    /// The name of a cell as a finding says it: [`Grid::name`], and on a seam of two boards
    /// (a hex both share) each board's name for it, `1M5/2A5`, so that the name the data wrote
    /// is among them.
    pub fn said(&self, c: Coord) -> String {
        let Some(boards) = &self.boards else { return self.name(c) };
        let names: Vec<String> =
            boards.boards.iter().filter_map(|b| Some(format!("{}{}", b.label, b.grid.name(b.local(c)?)))).collect();
        if names.len() > 1 { names.join("/") } else { self.name(c) }
    }

    /// On an arrangement of boards: the board a cell name names (by the longest label it
    /// begins with whose board has the rest) and the board's own cell.
    fn parse_on_board(&self, s: &str) -> Option<(&PlacedBoard, Coord)> {
        let boards = &self.boards.as_ref()?.boards;
        let mut by_length: Vec<&PlacedBoard> = boards.iter().collect();
        by_length.sort_by_key(|b| std::cmp::Reverse(b.label.len()));
        by_length.into_iter().find_map(|b| {
            let rest = s.trim().strip_prefix(b.label.as_str())?;
            let c = b.grid.parse(rest).filter(|c| b.grid.exists(*c))?;
            Some((b, c))
        })
    }

    /// The cell a name means in this map's scheme (whether or not the map has it); `None` if
    /// it is no name of that scheme. On an arrangement of boards, a name of a board's cell
    /// (`3C4`), and `None` for any other.
    pub fn parse(&self, s: &str) -> Option<Coord> {
        let s = s.trim();
        if self.boards.is_some() {
            return self.parse_on_board(s).map(|(b, c)| b.arranged(c));
        }
        match self.scheme {
            CoordScheme::LetterNumber => {
                let split = s.find(|c: char| !c.is_ascii_alphabetic())?;
                let (letters, digits) = s.split_at(split);
                if letters.is_empty() || letters.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let col = letters.to_ascii_uppercase().bytes().fold(0i64, |n, b| n * 26 + i64::from(b - b'A' + 1));
                Some(Coord { col, row: digits.parse().ok()? })
            }
            CoordScheme::Xxyy | CoordScheme::None => {
                if !(s.len() == 4 || s.len() == 6) || !s.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let (c, r) = s.split_at(s.len() / 2);
                Some(Coord { col: c.parse().ok()?, row: r.parse().ok()? })
            }
        }
    }

    /// The cells a coordinate list entry names: one cell (`"0203"`) or every cell of the
    /// rectangle two corners span (`"0305-0308"`, `"A1-M2"`), as far as the map has them.
    /// `Err` with a message when it is not one of those, or a corner is off the map.
    pub fn expand(&self, s: &str) -> Result<Vec<Coord>, String> {
        let (a, b) = match s.split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => (s, None),
        };
        // Two corners on one board of an arrangement: the rectangle on that board, as printed
        // on it (a turned board's rows run the other way across the arrangement).
        if let (Some((ba, _)), Some((bb, _))) = (self.parse_on_board(a), b.and_then(|b| self.parse_on_board(b)))
            && ba.map == bb.map
        {
            let (la, lb) = (&a.trim()[ba.label.len()..], &b.unwrap_or_default().trim()[ba.label.len()..]);
            let local = ba.grid.expand(&format!("{la}-{lb}"))?;
            return Ok(local.into_iter().map(|c| ba.arranged(c)).collect());
        }
        let corner = |t: &str| -> Result<Coord, String> {
            let c =
                self.parse(t).ok_or_else(|| format!("`{}` is not a cell name ({})", t.trim(), self.scheme_help()))?;
            if self.exists(c) { Ok(c) } else { Err(format!("the map has no cell {}", t.trim())) }
        };
        let a = corner(a)?;
        let Some(b) = b else { return Ok(vec![a]) };
        let b = corner(b)?;
        let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
        let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
        Ok((c0..=c1).flat_map(|col| (r0..=r1).map(move |row| Coord { col, row })).filter(|c| self.exists(*c)).collect())
    }

    /// How cell names are written, for hints.
    pub(crate) fn scheme_help(&self) -> String {
        if let Some(a) = &self.boards {
            let first = a.boards.first().map(|b| format!("{}{}", b.label, b.grid.name(Coord { col: 1, row: 1 })));
            return format!(
                "cells are named by their board, then the board's own name: {}",
                first.map_or_else(String::new, |f| format!(
                    "{f} is cell {} of board {}",
                    &f[a.boards[0].label.len()..],
                    a.boards[0].label
                ))
            );
        }
        let last = self.name(Coord { col: self.columns, row: self.rows });
        match self.scheme {
            CoordScheme::LetterNumber => format!("cells are named A1 to {last}: column letter, row number"),
            _ => format!("cells are named {} to {last}: column, then row", self.name(Coord { col: 1, row: 1 })),
        }
    }
}

/// A hexside entry written as a range of cells and the sides of each, `"0901-0915 ne se"`:
/// (the range, the side names); none for one cell's side (`"0304 n"`, `"0304 0305"`).
pub fn hexside_range(entry: &str) -> Option<(&str, Vec<&str>)> {
    let (range, sides) = entry.trim().split_once(char::is_whitespace)?;
    range.contains('-').then(|| (range, sides.split_whitespace().collect()))
}

/// 1 -> A, 26 -> Z, 27 -> AA.
fn column_letters(mut n: i64) -> String {
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(b'A' + r as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// A list of coordinates under one name: `forest = ["0203", "0305-0308"]` in `[map.terrain]`,
/// `river = ["0304 n"]` in `[map.hexsides]`.
#[derive(Debug, Clone)]
pub struct NamedCells {
    /// The key: a terrain id.
    pub name: Sp<String>,
    /// The entries as written.
    pub cells: Vec<Sp<String>>,
}

/// `[[map.line]]`: a road, railway or trail, from cell to neighbouring cell.
#[derive(Debug, Clone)]
pub struct MapLine {
    /// `terrain`: what it is (a terrain id; `road`, `railway` and `trail` are built in).
    pub terrain: Sp<String>,
    /// `path`: the cells it passes, in order.
    pub path: Vec<Sp<String>>,
}

/// `[[map.label]]`: a name printed at a cell.
#[derive(Debug, Clone)]
pub struct MapLabel {
    /// `cell`: where.
    pub cell: Sp<String>,
    /// `text`: what, as printed.
    pub text: Sp<String>,
}

/// `[[map.edge]]`: a named map edge ("the German edge").
#[derive(Debug, Clone)]
pub struct MapEdge {
    /// `id`: what scenarios call it.
    pub id: Sp<String>,
    /// `name`: as printed; default none.
    pub name: Option<Sp<String>>,
    /// `edge`: which edge of the map.
    pub edge: Option<Sp<EdgeSide>>,
    /// `side`: the `[[side]]` whose edge it is, if any.
    pub side: Option<Sp<String>>,
}

/// `[[map.area]]`: a set of cells, such as a side's set-up area.
#[derive(Debug, Clone)]
pub struct MapArea {
    /// `id`: what scenarios call it.
    pub id: Sp<String>,
    /// `name`: as printed.
    pub name: Option<Sp<String>>,
    /// `side`: the `[[side]]` that sets up in it (its units must set up in its areas).
    pub side: Option<Sp<String>>,
    /// `cells`: coordinates and ranges.
    pub cells: Vec<Sp<String>>,
    /// `near`: the cells within a distance of a terrain or of cells ("within 2 hexes of a
    /// building"), besides `cells`.
    pub near: Option<AreaNear>,
}

/// `near = { terrain = "building", within = 2 }` of a `[[map.area]]`.
#[derive(Debug, Clone)]
pub struct AreaNear {
    /// `terrain`: every cell of this terrain is a centre.
    pub terrain: Option<Sp<String>>,
    /// `cells`: these cells are centres.
    pub cells: Vec<Sp<String>>,
    /// `within`: how many cells from a centre, 0 to [`MAX_NEAR`]; default 1.
    pub within: Option<Sp<i64>>,
    /// The whole table.
    pub loc: Loc,
}

/// The farthest a `near` area reaches from its centres, in cells.
pub const MAX_NEAR: i64 = 20;

impl MapArea {
    /// Every cell of the area on `map`: its `cells`, and those within `near`'s distance of its
    /// centres (counted in steps to a neighbour, as units move). Decided here once for the
    /// checks, the set-up map, and the VASSAL and Tabletop Simulator set-ups.
    pub fn coords(&self, map: &Map) -> std::collections::BTreeSet<Coord> {
        let g = map.grid();
        let mut out: std::collections::BTreeSet<Coord> =
            self.cells.iter().flat_map(|e| g.expand(&e.v).unwrap_or_default()).collect();
        let Some(near) = &self.near else { return out };
        let mut frontier: Vec<Coord> = near.cells.iter().flat_map(|e| g.expand(&e.v).unwrap_or_default()).collect();
        if let Some(t) = &near.terrain {
            let listed = map.listed_terrain(&g);
            let default = map.terrain.as_ref().map_or("clear", |d| d.v.as_str());
            frontier.extend(g.cells().filter(|c| listed.get(c).map_or(default, |n| n.v.as_str()) == t.v));
        }
        let mut seen: std::collections::BTreeSet<Coord> = frontier.iter().copied().collect();
        for _ in 0..near.within.as_ref().map_or(1, |w| w.v.clamp(0, MAX_NEAR)) {
            let mut next = Vec::new();
            for c in frontier {
                for (_, n) in g.neighbours(c) {
                    if seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        out.extend(seen);
        out
    }
}

/// `[[map]]`: a hex or square map, printed true to scale in `map.pdf`.
#[derive(Debug)]
pub struct Map {
    /// `id`; default: from the title.
    pub id: Sp<String>,
    /// `title`: printed on the sheet.
    pub title: Sp<String>,
    /// `grid`, `orientation`, `offset`, `short`.
    pub kind: GridKind,
    /// `columns`; checked against [`MAX_MAP_CELLS`].
    pub columns: Sp<i64>,
    /// `rows`; checked against [`MAX_MAP_CELLS`].
    pub rows: Sp<i64>,
    /// `cell`: the cell size in mm (flat to flat for hexes); checked against [`CELL_MM`].
    pub cell: Sp<f64>,
    /// `coordinates`: default `"XXYY"`.
    pub scheme: CoordScheme,
    /// `terrain`: the terrain of every cell not listed in `[map.cells]`; default `clear`.
    pub terrain: Option<Sp<String>>,
    /// `[map.cells]`: terrain id = coordinates.
    pub cells: Vec<NamedCells>,
    /// `[map.hexsides]`: feature (terrain) id = `"CELL SIDE"` or `"CELL CELL"` entries.
    pub hexsides: Vec<NamedCells>,
    /// `[[map.line]]`: roads, railways, trails.
    pub lines: Vec<MapLine>,
    /// `[[map.label]]`.
    pub labels: Vec<MapLabel>,
    /// `[[map.edge]]`.
    pub edges: Vec<MapEdge>,
    /// `[[map.area]]`.
    pub areas: Vec<MapArea>,
    /// `notes`: markup printed under the map.
    pub notes: Option<Text>,
    /// `page`: the paper map.pdf prints it on; default the game's.
    pub page: Option<Sp<crate::model::PageSize>>,
    /// `page_orientation`: `"landscape"` (true) or `"portrait"` (false); default whichever
    /// covers the map in fewer pages.
    pub landscape: Option<bool>,
    /// `board`: the map is a geomorphic board that scenarios arrange beside others; its label
    /// ("3") begins each of its cells' names in an arrangement ("3C4").
    pub board: Option<Sp<String>>,
    /// The arrangement a scenario's boards make, for the map made of them (never written).
    pub arranged: Option<std::sync::Arc<Arrangement>>,
    /// The whole `[[map]]` table.
    pub loc: Loc,
}

/// Why boards cannot be arranged as written: the board at fault (its row and place in the
/// row), what is wrong and how to fix it.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrangeError {
    /// The board, as (row, place in the row).
    pub at: (usize, usize),
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// The map that boards make laid side by side, `rows` of them north to south, each row west to
/// east, each board with whether it is turned half a turn. Every board has a `board` label
/// (each a different one) and the same grid and cell size as the first; the boards of a row
/// are equally high and the rows equally wide. Hex boards share their edge columns and rows
/// (half hexes each: see [`Grid::halves`]); square boards meet edge to edge. The arranged map
/// names each cell by its board ([`Grid::name`]) and carries every board's terrain,
/// hexsides, lines, labels and set-up areas, and the named edges that lie on its outside.
pub fn arrange(rows: &[Vec<(&Map, bool)>], loc: &Loc) -> Result<Map, ArrangeError> {
    let first = rows.first().and_then(|r| r.first()).map(|(m, _)| *m).ok_or_else(|| ArrangeError {
        at: (0, 0),
        message: "no boards are arranged".into(),
        help: "list the boards row by row: boards = [[\"1\", \"2\"]]".into(),
    })?;
    let shared = i64::from(matches!(first.kind, GridKind::Hex { .. }));
    let (placed, width, y) = place_boards(rows, first, shared)?;
    let arrangement = std::sync::Arc::new(Arrangement { boards: placed });
    let mut map = Map {
        // Findings name it: "the boards 1, 2".
        id: Sp::new(
            format!(
                "the boards {}",
                arrangement.boards.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(", ")
            ),
            loc.clone(),
        ),
        title: Sp::new(
            rows.iter().flatten().map(|(m, _)| m.title.v.as_str()).collect::<Vec<_>>().join(", "),
            loc.clone(),
        ),
        kind: first.kind,
        columns: Sp::new(width, loc.clone()),
        rows: Sp::new(y + shared, loc.clone()),
        cell: first.cell.clone(),
        scheme: first.scheme,
        terrain: None,
        cells: Vec::new(),
        hexsides: Vec::new(),
        lines: Vec::new(),
        labels: Vec::new(),
        edges: Vec::new(),
        areas: Vec::new(),
        notes: None,
        page: None,
        landscape: None,
        board: None,
        arranged: Some(arrangement.clone()),
        loc: loc.clone(),
    };
    let whole = map.grid();
    for (b, (m, _)) in arrangement.boards.iter().zip(rows.iter().flatten()) {
        carry(&mut map, &whole, b, m);
    }
    Ok(map)
}

/// Where each board of `rows` lies ([`arrange`]): the boards, and the width (columns) and height
/// less the shared row of the whole; `shared` is 1 where boards share their edge cells (hexes).
fn place_boards(
    rows: &[Vec<(&Map, bool)>],
    first: &Map,
    shared: i64,
) -> Result<(Vec<PlacedBoard>, i64, i64), ArrangeError> {
    let err = |at, message: String, help: &str| ArrangeError { at, message, help: help.to_string() };
    let mut placed = Vec::new();
    let mut labels = std::collections::BTreeSet::new();
    let (mut y, mut width) = (0i64, None);
    for (ri, row) in rows.iter().enumerate() {
        let (mut x, mut height) = (0i64, None);
        for (bi, (m, turned)) in row.iter().enumerate() {
            let g = m.grid();
            let Some(label) = &m.board else {
                return Err(err(
                    (ri, bi),
                    format!("map `{}` is not a board: it has no `board` label", m.id.v),
                    "give the map its label, as its cells are named in a scenario: board = \"1\"",
                ));
            };
            if !labels.insert(label.v.clone()) {
                return Err(err(
                    (ri, bi),
                    format!("board {} is laid twice", label.v),
                    "each board lies once among a scenario's boards: lay another board there",
                ));
            }
            if m.kind != first.kind || (m.cell_mm() - first.cell_mm()).abs() > 1e-9 {
                return Err(err(
                    (ri, bi),
                    format!(
                        "board {} has another grid than board {}",
                        label.v,
                        first.board.as_ref().map_or("", |b| &b.v)
                    ),
                    "boards laid side by side have the same grid, orientation, offset and cell size",
                ));
            }
            if let Some((first_label, rows)) = &height
                && *rows != g.rows
            {
                return Err(err(
                    (ri, bi),
                    format!("board {} has {} rows and board {first_label} in its row {rows}", label.v, g.rows),
                    "the boards of one row are equally high: lay it in a row of its own",
                ));
            }
            height.get_or_insert((label.v.clone(), g.rows));
            placed.push(PlacedBoard {
                map: m.id.v.clone(),
                label: label.v.clone(),
                grid: g.clone(),
                slot: (bi, ri),
                offset: (x, y),
                turned: *turned,
            });
            x += g.columns - shared;
        }
        let row_width = x + shared;
        if *width.get_or_insert(row_width) != row_width {
            return Err(err(
                (ri, 0),
                format!(
                    "row {} of the boards is {row_width} columns wide, the first row {}",
                    ri + 1,
                    width.unwrap_or(0)
                ),
                "every row of boards is equally wide",
            ));
        }
        y += height.map_or(1, |(_, h)| h) - shared;
    }
    full_grid(rows)?;
    let (width, height) = (width.unwrap_or(1), y + shared);
    if width > MAX_MAP_CELLS || height > MAX_MAP_CELLS {
        return Err(err(
            (0, 0),
            format!("the boards laid together are {width} × {height} cells; the most is {MAX_MAP_CELLS} each way"),
            "lay fewer boards, or smaller ones",
        ));
    }
    Ok((placed, width, y))
}

/// Boards laid as a full grid: every row holds as many boards, each as wide as the one above
/// it. VASSAL lays a board after those before it in its row and those above it in its column:
/// only a full grid lies alike in every program.
fn full_grid(rows: &[Vec<(&Map, bool)>]) -> Result<(), ArrangeError> {
    let err = |at, message: String, help: &str| ArrangeError { at, message, help: help.to_string() };
    let counts: Vec<usize> = rows.iter().map(Vec::len).collect();
    for (ri, row) in rows.iter().enumerate() {
        if row.len() != counts[0] {
            return Err(err(
                (ri, 0),
                format!(
                    "row {} holds {} board{}, the first row {}",
                    ri + 1,
                    row.len(),
                    if row.len() == 1 { "" } else { "s" },
                    counts[0]
                ),
                "every row holds as many boards, each as wide as the one above it",
            ));
        }
        for (bi, (m, _)) in row.iter().enumerate() {
            let above = rows[0][bi].0;
            if m.grid().columns != above.grid().columns {
                return Err(err(
                    (ri, bi),
                    format!(
                        "board {} is not as wide as the board above it",
                        m.board.as_ref().map_or(&m.id.v, |b| &b.v)
                    ),
                    "every row holds as many boards, each as wide as the one above it",
                ));
            }
        }
    }
    Ok(())
}

/// Board `b`'s own data (map `m`) carried into the arranged map (of grid `whole`), each cell
/// named as it is there and located where the board writes it.
fn carry(map: &mut Map, whole: &Grid, b: &PlacedBoard, m: &Map) {
    let name = |s: &Sp<String>| -> Option<Sp<String>> {
        let c = b.grid.parse(&s.v).filter(|c| b.grid.exists(*c))?;
        Some(Sp::new(whole.name(b.arranged(c)), s.loc.clone()))
    };
    let cells = |list: &[Sp<String>]| -> Vec<Sp<String>> {
        list.iter()
            .flat_map(|e| b.grid.expand(&e.v).unwrap_or_default().into_iter().map(move |c| (c, e)))
            .map(|(c, e)| Sp::new(whole.name(b.arranged(c)), e.loc.clone()))
            .collect()
    };
    // Terrain: every cell the board lists, then the rest under the board's own default.
    let listed = m.listed_terrain(&b.grid);
    for nc in &m.cells {
        map.cells.push(NamedCells { name: nc.name.clone(), cells: cells(&nc.cells) });
    }
    let rest: Vec<Sp<String>> = (b.grid.cells())
        .filter(|c| !listed.contains_key(c))
        .map(|c| Sp::new(whole.name(b.arranged(c)), m.loc.clone()))
        .collect();
    let default = m.terrain.clone().unwrap_or_else(|| Sp::new("clear".to_string(), m.loc.clone()));
    map.cells.push(NamedCells { name: default, cells: rest });
    for nc in &m.hexsides {
        let sides = (nc.cells.iter())
            .flat_map(|e| b.grid.hexsides(&e.v).into_iter().map(move |cs| (cs, e)))
            .map(|((c, side), e)| {
                let at = b.arranged(c);
                Sp::new(format!("{} {}", whole.name(at), whole.side_names()[b.side(side)]), e.loc.clone())
            })
            .collect();
        map.hexsides.push(NamedCells { name: nc.name.clone(), cells: sides });
    }
    for l in &m.lines {
        map.lines.push(MapLine { terrain: l.terrain.clone(), path: l.path.iter().filter_map(name).collect() });
    }
    for l in &m.labels {
        if let Some(cell) = name(&l.cell) {
            map.labels.push(MapLabel { cell, text: l.text.clone() });
        }
    }
    // A set-up area's cells as on the board alone: "within 2 hexes of a building" counts the
    // board's own buildings, and stops at its edges.
    for a in &m.areas {
        let at = a.cells.first().map_or(&a.id.loc, |c| &c.loc);
        let cells = (a.coords(m).into_iter())
            .filter(|c| b.grid.exists(*c))
            .map(|c| Sp::new(whole.name(b.arranged(c)), at.clone()))
            .collect();
        map.areas.push(MapArea { cells, near: None, ..a.clone() });
    }
    // A named edge of the board that lies on the arrangement's outside, as the side it faces.
    let (w, h) = (whole.columns, whole.rows);
    for e in &m.edges {
        let Some(side) = e.edge.as_ref() else { continue };
        let faces = if b.turned { side.v.opposite() } else { side.v };
        let (c0, r0) = (b.offset.0 + 1, b.offset.1 + 1);
        let (c1, r1) = (b.offset.0 + b.grid.columns, b.offset.1 + b.grid.rows);
        // Only a board that makes that whole side of the arrangement keeps its edge's name:
        // one of several boards along a side names a part of it, and "enters from the Velsk
        // edge" would mean the whole.
        let outside = match faces {
            EdgeSide::North => r0 == 1 && c0 == 1 && c1 == w,
            EdgeSide::South => r1 == h && c0 == 1 && c1 == w,
            EdgeSide::West => c0 == 1 && r0 == 1 && r1 == h,
            EdgeSide::East => c1 == w && r0 == 1 && r1 == h,
        };
        if outside && !map.edges.iter().any(|x| x.id.v == e.id.v) {
            map.edges.push(MapEdge { edge: Some(Sp::new(faces, side.loc.clone())), ..e.clone() });
        }
    }
}

impl Map {
    /// The edge a force's `entry` names instead of a cell: a `[[map.edge]]` by its id, or a
    /// side of the map by name ("east"); none for a cell.
    pub fn entry_edge(&self, entry: &str) -> Option<(EdgeSide, Option<&MapEdge>)> {
        if let Some(e) = self.edges.iter().find(|e| e.id.v == entry) {
            return e.edge.as_ref().map(|s| (s.v, Some(e)));
        }
        EdgeSide::parse(entry).map(|s| (s, None))
    }

    /// How a force's `entry` reads on a sheet: a named edge's name ("the German edge"), a side
    /// of the map ("the east edge"), else the cell as written.
    pub fn entry_words(&self, entry: &str) -> String {
        self.entry_words_in(entry, &crate::model::Words::default())
    }

    /// [`Map::entry_words`] in the words of a sheet's language ("den Westrand").
    pub fn entry_words_in(&self, entry: &str, words: &crate::model::Words) -> String {
        match self.entry_edge(entry) {
            Some((_, Some(e))) => words.say("the_edge_named", &[("name", e.name.as_ref().map_or(&e.id.v, |n| &n.v))]),
            Some((side, None)) => words.word(side.word_key()),
            None => entry.to_string(),
        }
    }

    /// The map's shape, with its size clamped to the limits (so that a bad size, reported by
    /// the checker, never makes a huge grid).
    pub fn grid(&self) -> Grid {
        Grid {
            kind: self.kind,
            columns: self.columns.v.clamp(1, MAX_MAP_CELLS),
            rows: self.rows.v.clamp(1, MAX_MAP_CELLS),
            scheme: self.scheme,
            halves: matches!(self.kind, GridKind::Hex { .. }) && (self.board.is_some() || self.arranged.is_some()),
            boards: self.arranged.clone(),
        }
    }

    /// The terrain each cell listed in `[map.cells]` has (of grid `g`, this map's): the first
    /// entry that holds it (the checker reports a cell listed under two, E051). A cell not
    /// listed has the map's `terrain`.
    pub(crate) fn listed_terrain(&self, g: &Grid) -> std::collections::HashMap<Coord, &Sp<String>> {
        let mut out = std::collections::HashMap::new();
        for nc in &self.cells {
            for e in &nc.cells {
                for c in g.expand(&e.v).unwrap_or_default() {
                    out.entry(c).or_insert(&nc.name);
                }
            }
        }
        out
    }

    /// The cell size in mm, clamped to [`CELL_MM`].
    pub fn cell_mm(&self) -> f64 {
        self.cell.v.clamp(CELL_MM.0, CELL_MM.1)
    }
}

/// Built-in terrain colours and patterns, used when `[[terrain]]` has no entry (or no colour)
/// for the id: (id, colour, pattern).
pub const BUILTIN_TERRAIN: &[(&str, &str, &str)] = &[
    ("clear", "#f4efd8", ""),
    ("forest", "#7fae6a", "trees"),
    ("woods", "#7fae6a", "trees"),
    ("town", "#c9a48a", "buildings"),
    ("city", "#a8705a", "buildings"),
    ("hill", "#c8a66e", "contour"),
    ("marsh", "#a7c9b4", "marsh"),
    ("ocean", "#7fb2d9", "waves"),
    ("water", "#7fb2d9", "waves"),
    ("river", "#4f8fcf", ""),
    ("beach", "#eedc9a", "dots"),
    ("road", "#8a6a44", ""),
    ("railway", "#303030", "ties"),
    ("trail", "#8a6a44", "dashed"),
    ("wall", "#5a5a5a", ""),
    ("cliff", "#6b4a2a", "ticks"),
];

/// The patterns a terrain may be drawn with (`pattern` on `[[terrain]]`).
pub const TERRAIN_PATTERNS: &[&str] =
    &["none", "trees", "buildings", "contour", "marsh", "waves", "dots", "ties", "dashed", "ticks", "hatch"];

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(kind: GridKind, scheme: CoordScheme) -> Grid {
        Grid { kind, columns: 13, rows: 9, scheme, halves: false, boards: None }
    }

    #[test]
    fn names_round_trip() {
        let g = grid(GridKind::Square, CoordScheme::Xxyy);
        assert_eq!(g.name(Coord { col: 2, row: 4 }), "0204");
        assert_eq!(g.parse("0204"), Some(Coord { col: 2, row: 4 }));
        assert_eq!(g.parse("204"), None);
        let g = grid(GridKind::Square, CoordScheme::LetterNumber);
        assert_eq!(g.name(Coord { col: 3, row: 4 }), "C4");
        assert_eq!(g.parse("c4"), Some(Coord { col: 3, row: 4 }));
        assert_eq!(column_letters(27), "AA");
        assert_eq!(g.parse("AA1"), Some(Coord { col: 27, row: 1 }));
    }

    #[test]
    fn ranges_are_rectangles() {
        let g = grid(GridKind::Square, CoordScheme::Xxyy);
        assert_eq!(g.expand("0305-0308").unwrap().len(), 4);
        assert_eq!(g.expand("0101-1302").unwrap().len(), 26);
        assert!(g.expand("1410").unwrap_err().contains("no cell"));
        assert!(g.expand("x").is_err());
    }

    #[test]
    fn flat_hex_neighbours_are_mutual() {
        for even in [true, false] {
            let g = grid(GridKind::Hex { top: HexTop::Flat, even, short: false }, CoordScheme::Xxyy);
            for c in g.cells() {
                for (s, n) in g.neighbours(c) {
                    assert_eq!(g.side_between(n, c), Some((s + 3) % 6), "{c:?} {n:?}");
                }
            }
        }
        // Even columns lower: 0201 touches 0101 (nw) and 0102 (sw).
        let g = grid(GridKind::Hex { top: HexTop::Flat, even: true, short: false }, CoordScheme::Xxyy);
        let n: Vec<String> = g.neighbours(Coord { col: 2, row: 1 }).into_iter().map(|(_, c)| g.name(c)).collect();
        assert_eq!(n, ["0301", "0302", "0202", "0102", "0101"]);
    }

    #[test]
    fn pointy_short_rows() {
        let g = grid(GridKind::Hex { top: HexTop::Pointy, even: true, short: true }, CoordScheme::LetterNumber);
        assert_eq!(g.cells().count(), 13 * 5 + 12 * 4);
        assert!(!g.exists(Coord { col: 13, row: 2 }));
        assert!(g.on_edge(Coord { col: 12, row: 2 }, EdgeSide::East));
        for c in g.cells() {
            for (s, n) in g.neighbours(c) {
                assert_eq!(g.side_between(n, c), Some((s + 3) % 6));
            }
        }
    }

    /// A geomorphic board: flat hexes, short even columns, letter-number names.
    fn board(id: &str, label: &str, columns: i64, rows: i64) -> Map {
        let at = Loc { file: 0, span: 0..0 };
        let sp = |s: &str| Sp::new(s.to_string(), at.clone());
        Map {
            id: sp(id),
            title: sp(id),
            kind: GridKind::Hex { top: HexTop::Flat, even: true, short: true },
            columns: Sp::new(columns, at.clone()),
            rows: Sp::new(rows, at.clone()),
            cell: Sp::new(19.05, at.clone()),
            scheme: CoordScheme::LetterNumber,
            terrain: None,
            cells: vec![NamedCells { name: sp("woods"), cells: vec![sp("B2")] }],
            hexsides: vec![NamedCells { name: sp("hedge"), cells: vec![sp("C3 n")] }],
            lines: Vec::new(),
            labels: vec![MapLabel { cell: sp("E4"), text: sp("Mill") }],
            edges: vec![MapEdge {
                id: sp("home"),
                name: None,
                edge: Some(Sp::new(EdgeSide::South, at.clone())),
                side: None,
            }],
            areas: Vec::new(),
            notes: None,
            page: None,
            landscape: None,
            board: Some(sp(label)),
            arranged: None,
            loc: at,
        }
    }

    #[test]
    fn boards_laid_side_by_side_share_their_edge_hexes_and_name_cells_by_board() {
        let (one, two) = (board("b1", "1", 13, 8), board("b2", "2", 13, 8));
        let at = Loc { file: 0, span: 0..0 };
        let m = arrange(&[vec![(&one, false), (&two, true)]], &at).unwrap();
        let g = m.grid();
        // Two boards of 13 columns sharing one: 25 columns; 8 rows.
        assert_eq!((g.columns, g.rows), (25, 8));
        assert!(g.halves);
        // Board 1's M column is board 2's A column (turned: its M column is the seam).
        let seam = g.parse("1M4").unwrap();
        assert_eq!(seam, Coord { col: 13, row: 4 });
        assert_eq!(g.name(seam), "1M4");
        // Board 2 turned: its A1 lies at the far corner, its M8 at the seam's foot.
        assert_eq!(g.parse("2A1"), Some(Coord { col: 25, row: 8 }));
        assert_eq!(g.parse("2M8"), Some(Coord { col: 13, row: 1 }));
        // A shifted column (B, even) of a turned board: rows run 1..7 the other way.
        assert_eq!(g.parse("2B1"), Some(Coord { col: 24, row: 7 }));
        assert_eq!(g.name(Coord { col: 24, row: 7 }), "2B1");
        // Every cell of the arrangement named by one board, and read back to itself.
        for c in g.cells() {
            let name = g.name(c);
            assert_eq!(g.parse(&name), Some(c), "{name}");
        }
        // Names without a board, or of cells no board has, are none.
        assert_eq!(g.parse("C4"), None);
        assert_eq!(g.parse("3C4"), None);
        assert_eq!(g.parse("1B8"), None, "short columns: B has 7 hexes");
        // A range on one board is that board's rectangle, turned with it.
        let r = g.expand("2A1-2B2").unwrap();
        assert_eq!(r.len(), 4);
        assert!(r.contains(&Coord { col: 25, row: 7 }) && r.contains(&Coord { col: 24, row: 6 }));
        // Each board's terrain, hexsides, labels and outer edges come along.
        let woods: Vec<&str> =
            m.cells.iter().filter(|n| n.name.v == "woods").flat_map(|n| n.cells.iter().map(|c| c.v.as_str())).collect();
        assert_eq!(woods, ["1B2", "2B2"]);
        let hedges: Vec<&str> = m.hexsides.iter().flat_map(|n| n.cells.iter().map(|c| c.v.as_str())).collect();
        assert_eq!(hedges, ["1C3 n", "2C3 s"], "a turned board's north side faces south");
        assert_eq!(m.labels.iter().map(|l| l.cell.v.as_str()).collect::<Vec<_>>(), ["1E4", "2E4"]);
        // Board 1's south edge is only a part of the arrangement's: no edge of it. Alone, a
        // board keeps its edges; turned, its south edge faces north.
        assert!(m.edges.is_empty());
        let alone = arrange(&[vec![(&two, true)]], &at).unwrap();
        let edges: Vec<(String, EdgeSide)> =
            alone.edges.iter().map(|e| (e.id.v.clone(), e.edge.as_ref().unwrap().v)).collect();
        assert_eq!(edges, [("home".to_string(), EdgeSide::North)]);
    }

    #[test]
    fn a_turned_board_lies_on_its_own_grid() {
        for top in [HexTop::Flat, HexTop::Pointy] {
            let g = Grid {
                kind: GridKind::Hex { top, even: true, short: true },
                columns: 13,
                rows: 9,
                scheme: CoordScheme::Xxyy,
                halves: true,
                boards: None,
            };
            for c in g.cells() {
                let t = g.turned(c);
                assert!(g.exists(t), "{top:?} {c:?} -> {t:?}");
                assert_eq!(g.turned(t), c);
                // Neighbours stay neighbours, across the opposite side.
                for (s, n) in g.neighbours(c) {
                    assert_eq!(g.side_between(t, g.turned(n)), Some((s + 3) % 6), "{top:?} {c:?} side {s}");
                }
            }
        }
    }

    #[test]
    fn boards_that_cannot_make_one_grid_say_why() {
        let at = Loc { file: 0, span: 0..0 };
        let (one, short) = (board("b1", "1", 13, 8), board("b2", "2", 13, 6));
        let e = arrange(&[vec![(&one, false), (&short, false)]], &at).unwrap_err();
        assert_eq!(e.at, (0, 1));
        assert_eq!(e.message, "board 2 has 6 rows and board 1 in its row 8");
        let e = arrange(&[vec![(&one, false)], vec![(&one, true)]], &at).unwrap_err();
        assert_eq!((e.at, e.message.as_str()), ((1, 0), "board 1 is laid twice"));
        let wide = board("b3", "3", 25, 8);
        let e = arrange(&[vec![(&one, false)], vec![(&wide, false)]], &at).unwrap_err();
        assert_eq!(e.at, (1, 0));
        // Rows of as many boards, each as wide as the one above it (VASSAL's grid of boards).
        let four = board("b4", "4", 13, 8);
        let e = arrange(&[vec![(&one, false), (&four, false)], vec![(&wide, false)]], &at).unwrap_err();
        assert_eq!((e.at, e.message.as_str()), ((1, 0), "row 2 holds 1 board, the first row 2"));
        let (five, six) = (board("b5", "5", 13, 8), board("b6", "6", 13, 8));
        let ok = arrange(&[vec![(&one, false), (&four, false)], vec![(&five, true), (&six, false)]], &at);
        assert_eq!(ok.map(|m| (m.grid().columns, m.grid().rows)), Ok((25, 15)));
    }
}
