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
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// Square or hex, and the hex offsets.
    pub kind: GridKind,
    /// Columns, 1 to [`MAX_MAP_CELLS`].
    pub columns: i64,
    /// Rows, 1 to [`MAX_MAP_CELLS`].
    pub rows: i64,
    /// How cells are named.
    pub scheme: CoordScheme,
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

    /// The name of a cell as printed and written: `0204`, `C4`.
    pub fn name(&self, c: Coord) -> String {
        match self.scheme {
            CoordScheme::LetterNumber => format!("{}{}", column_letters(c.col), c.row),
            CoordScheme::Xxyy | CoordScheme::None => {
                let w = if self.columns > 99 || self.rows > 99 { 3 } else { 2 };
                format!("{:0w$}{:0w$}", c.col, c.row)
            }
        }
    }

    /// The cell a name means in this map's scheme (whether or not the map has it); `None` if
    /// it is no name of that scheme.
    pub fn parse(&self, s: &str) -> Option<Coord> {
        let s = s.trim();
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
#[derive(Debug)]
pub struct NamedCells {
    /// The key: a terrain id.
    pub name: Sp<String>,
    /// The entries as written.
    pub cells: Vec<Sp<String>>,
}

/// `[[map.line]]`: a road, railway or trail, from cell to neighbouring cell.
#[derive(Debug)]
pub struct MapLine {
    /// `terrain`: what it is (a terrain id; `road`, `railway` and `trail` are built in).
    pub terrain: Sp<String>,
    /// `path`: the cells it passes, in order.
    pub path: Vec<Sp<String>>,
}

/// `[[map.label]]`: a name printed at a cell.
#[derive(Debug)]
pub struct MapLabel {
    /// `cell`: where.
    pub cell: Sp<String>,
    /// `text`: what, as printed.
    pub text: Sp<String>,
}

/// `[[map.edge]]`: a named map edge ("the German edge").
#[derive(Debug)]
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
#[derive(Debug)]
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
#[derive(Debug)]
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
    /// The whole `[[map]]` table.
    pub loc: Loc,
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
        Grid { kind, columns: 13, rows: 9, scheme }
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
}
