//! Text on maps, and a scenario's set-up map, decided once: the scale a set-up map is drawn at
//! and the room around it, which cells hold which set-up units and how big their blocks are, the
//! size of cell numbers and labels at the scale a map is drawn, and where each label goes. The
//! exporter hands these to the templates, which draw them; `check` reports here what would not
//! read: a label covering a cell's number, another label, a unit block or an objective (W017),
//! and a unit block's text wider than its block (E023).

use std::collections::{BTreeMap, BTreeSet};

use super::counters::Counters;
use super::fonts::{ink_em, text_width};
use super::map::{Geometry, Point};
use super::symbol::Symbol;
use crate::check::Index;
use crate::diag::{self, Diagnostic};
use crate::length::{Mm, Pt};
use crate::model::*;

/// A rectangle of cells: (first column, first row, last column, last row).
pub type Window = (i64, i64, i64, i64);

/// The box a set-up map is fitted in on the scenario sheet (mm): its width and height.
pub const BOARD_BOX: (f64, f64) = (180.0, 150.0);
/// The room kept around a set-up map for edge names and entry arrows (mm).
pub const BOARD_MARGIN: f64 = 8.0;
/// The room kept left and right when an entry arrow comes from the west or east, for its tag.
pub const BOARD_SIDE_ROOM: f64 = 18.0;
/// Where a label's top goes, in cells below its cell's centre: on the map sheet, under the
/// cell's centre (where a road crosses it); on a set-up map, under the cell's unit blocks.
const LABEL_BELOW_SHEET: f64 = 0.26;
const LABEL_BELOW_BOARD: f64 = 0.32;
/// A cell number's top, in cells above its cell's centre.
const COORD_ABOVE: f64 = 0.44;
/// A label's ground reaches this far past its text (pt): across, and above and below.
const LABEL_INSET: (f64, f64) = (0.6, 0.8);

/// The sizes text takes on a map drawn with cells `cell` across (at the size printed).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapText {
    /// Cell numbers.
    pub coord_size: Pt,
    /// Labels.
    pub label_size: Pt,
    /// A label's top, in cells below its cell's centre.
    pub label_below: f64,
    /// A cell number's top, in cells above its cell's centre.
    pub coord_above: f64,
}

/// The cell numbers' size on a map: a sixth of a cell as printed, within these bounds (pt). No
/// text on a sheet is under 6 pt: a smaller cell keeps its number at 6 pt.
pub const COORD_PT: (f64, f64) = (6.0, 6.5);
/// The labels' size on a map: a fifth of a cell as printed, within these bounds (pt).
pub const LABEL_PT: (f64, f64) = (5.0, 8.0);

/// The text sizes of a map whose cells print `cell` across; `board`: a set-up map.
pub fn map_text(cell: Mm, board: bool) -> MapText {
    let c = cell.pt().0;
    MapText {
        coord_size: Pt((c * 0.16).clamp(COORD_PT.0, COORD_PT.1)),
        label_size: Pt((c * 0.2).clamp(LABEL_PT.0, LABEL_PT.1)),
        label_below: if board { LABEL_BELOW_BOARD } else { LABEL_BELOW_SHEET },
        coord_above: COORD_ABOVE,
    }
}

/// How a set-up map sits in its box: its scale and the room around it (mm).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct BoardFrame {
    /// The width of the box it is fitted in (mm): the key below it takes the same.
    pub width: f64,
    /// Printed mm per map mm.
    pub scale: f64,
    /// The room left and right of the map.
    pub side: f64,
    /// The room above and below it.
    pub margin: f64,
}

/// The frame of a drawing `size` mm (as the map measures it) in [`BOARD_BOX`]; `side_entries`:
/// an entry arrow comes from the west or east and needs room for its tag.
pub fn board_frame(size: Point, side_entries: bool) -> BoardFrame {
    let side = if side_entries { BOARD_SIDE_ROOM } else { BOARD_MARGIN };
    let scale =
        ((BOARD_BOX.0 - 2.0 * side) / size.0.max(1e-6)).min((BOARD_BOX.1 - 2.0 * BOARD_MARGIN) / size.1.max(1e-6));
    BoardFrame { width: BOARD_BOX.0, scale, side, margin: BOARD_MARGIN }
}

/// The width and height of each unit block of a cell holding `n` (map mm): 0.86 of a cell
/// across and 0.62 high for one (inside the hex at the block's top and bottom), narrower and
/// square when more share it; each block is drawn 0.92 of that, centred on the cell.
pub fn block_size(cell: f64, n: usize) -> (f64, f64) {
    let share = cell * 0.9 / n.max(1) as f64;
    ((cell * 0.86).min(share), (cell * 0.62).min(share))
}

/// An objective's disc in its cell: its centre from the cell's centre and its radius, in
/// cells. Up and right, clear of the cell's number and of the text of a unit block under it;
/// drawn over the blocks.
pub const OBJECTIVE_DISC: (f64, f64, f64) = (0.38, -0.26, 0.16);

/// The text size of an objective's disc of radius `r` map mm drawn at `scale`: never under
/// 6 pt (a digit or a star still fits the smallest disc).
pub fn objective_text_size(r: f64, scale: f64) -> Pt {
    Pt((Mm(r * scale).pt().0 * 0.9).max(6.0))
}

/// Whether a unit block `height` map mm high drawn at `scale`, with its label at `text`, has
/// room for its counter's symbol above the label: the symbol 0.42 of the block high, at least
/// 1.6 mm, and the label's capitals below it.
pub fn symbol_fits(height: f64, scale: f64, text: Pt) -> bool {
    let inner = Mm(height * 0.92 * scale);
    let symbol = inner * 0.42;
    let cap = (text * 0.711).mm();
    symbol.0 >= 1.6 && symbol.0 + cap.0 + 0.5 <= inner.0
}

/// The text size on a unit block `height` map mm high drawn at `scale`.
pub fn block_text_size(height: f64, scale: f64) -> Pt {
    Pt((Mm(height * scale).pt().0 * 0.36).clamp(5.0, 8.0))
}

/// A short label for a force on a set-up map: its name when short, else its initials.
pub fn short_label(name: &str) -> String {
    if name.chars().count() <= 5 {
        return name.to_string();
    }
    let initials: String = name
        .split_whitespace()
        .filter(|w| !["and", "of", "the", "de", "von"].contains(w))
        .filter_map(|w| w.chars().next())
        .flat_map(char::to_uppercase)
        .take(3)
        .collect();
    if initials.chars().count() >= 2 { initials } else { name.chars().take(4).collect() }
}

/// The words of a name its initials come from.
fn initial_words(name: &str) -> Vec<&str> {
    name.split_whitespace().filter(|w| !["and", "of", "the", "de", "von"].contains(w)).collect()
}

/// Longer labels for `name`, tried in turn when its [`short_label`] is another name's too: one
/// word given two letters, the last word first ("Hired Crossbows": `HCr`, then `HiC`); a name
/// of one word, its first three letters and one more.
fn longer_labels(name: &str) -> Vec<String> {
    let words = initial_words(name);
    let cap = |w: &str| w.chars().next().into_iter().flat_map(char::to_uppercase).collect::<String>();
    if words.len() >= 2 {
        let words = &words[..words.len().min(3)];
        (0..words.len())
            .rev()
            .map(|k| {
                let mut out = String::new();
                for (i, w) in words.iter().enumerate() {
                    out += &cap(w);
                    if i == k {
                        out.extend(w.chars().nth(1).into_iter().flat_map(char::to_lowercase));
                    }
                }
                out
            })
            .collect()
    } else {
        let chars: Vec<char> = name.chars().collect();
        (3..chars.len()).map(|k| chars[..3].iter().chain([&chars[k]]).collect()).collect()
    }
}

/// The labels of `names` on one set-up map, each name's different from every other name's:
/// [`short_label`], made longer where two names would share one ("HC" for both Highcairn
/// Clansmen and Hired Crossbows: `HCl` and `HCr`), numbered where even that does not tell them
/// apart. The same name (on two sides) keeps one label: its colour tells the sides apart.
pub fn unique_labels<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    let mut names: Vec<&str> = names.into_iter().collect();
    names.sort_unstable();
    names.dedup();
    let mut out: BTreeMap<String, String> = names.iter().map(|n| (n.to_string(), short_label(n))).collect();
    let mut by_label: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for n in &names {
        by_label.entry(out[*n].clone()).or_default().push(n);
    }
    for (label, group) in by_label.into_iter().filter(|(_, g)| g.len() > 1) {
        let taken: BTreeSet<String> =
            out.iter().filter(|(n, _)| !group.contains(&n.as_str())).map(|(_, l)| l.clone()).collect();
        let variants: Vec<Vec<String>> = group.iter().map(|n| longer_labels(n)).collect();
        let most = variants.iter().map(Vec::len).max().unwrap_or(0);
        // The first way of lengthening that tells every name of the group apart.
        let found = (0..most).find_map(|k| {
            let pick: Vec<String> =
                variants.iter().map(|v| v.get(k).or(v.last()).cloned().unwrap_or_default()).collect();
            let distinct: BTreeSet<&String> = pick.iter().collect();
            (distinct.len() == pick.len() && pick.iter().all(|p| !p.is_empty() && !taken.contains(p))).then_some(pick)
        });
        let pick = found.unwrap_or_else(|| (1..=group.len()).map(|i| format!("{label}{i}")).collect());
        for (n, l) in group.iter().zip(pick) {
            out.insert(n.to_string(), l);
        }
    }
    out
}

/// The labels of a scenario's forces on its set-up map, by the force's name.
pub fn scenario_labels(game: &Game, ix: &Index, sc: &Scenario) -> BTreeMap<String, String> {
    // Blocks of named counters print their ids, not a label: they take none.
    let forces = sc.sides.iter().flat_map(|s| &s.forces).filter(|f| f.counters.is_empty());
    let names: Vec<String> = forces.map(|f| force_name(game, ix, f)).collect();
    unique_labels(names.iter().map(String::as_str))
}

/// The box around `cells` as drawn: (left, top, right, bottom) in map mm; all 0 for none.
pub fn bounding_box(geo: &Geometry, cells: &[Coord]) -> (f64, f64, f64, f64) {
    if cells.is_empty() {
        return (0.0, 0.0, 0.0, 0.0);
    }
    let (hw, hh) = geo.half_extent();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in cells {
        let (x, y) = geo.centre(*c);
        (x0, y0, x1, y1) = (x0.min(x - hw), y0.min(y - hh), x1.max(x + hw), y1.max(y + hh));
    }
    // A board cut through its edge cells: cut where the cells reach its edges, whole elsewhere
    // (a window of it).
    if geo.grid.halves {
        let (w, h) = geo.size();
        (x0, y0, x1, y1) = (x0.max(0.0), y0.max(0.0), x1.min(w), y1.min(h));
    }
    (x0, y0, x1, y1)
}

/// Where cell `c`'s number prints: the middle of its top, in map mm, `above` cells above the
/// cell's centre; on a board cut through its edge cells ([`Grid::halves`]), inside the half
/// of an edge cell that prints (below the centre on the north edge, toward the board on the
/// west and east edges).
pub fn number_at(geo: &Geometry, c: Coord, above: f64) -> Point {
    let (x, y) = geo.centre(c);
    let cell = geo.cell;
    if !geo.grid.halves {
        return (x, y - above * cell);
    }
    let (w, _) = geo.size();
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let dx = if near(x, 0.0) {
        geo.side() / 2.0
    } else if near(x, w) {
        -geo.side() / 2.0
    } else {
        0.0
    };
    let top = if near(y, 0.0) { y + 0.08 * cell } else { y - above * cell };
    (x + dx, top)
}

/// Where board `b` of boards laid together lies on their geometry `whole`: left, top, right,
/// bottom, mm. A hex board is cut through its edge cells on every side (its neighbours have the
/// other halves); a square board ends at its cells' edges.
pub fn placed_board_rect(whole: &Geometry, b: &crate::model::PlacedBoard) -> (f64, f64, f64, f64) {
    let cells: Vec<Coord> = b.grid.cells().map(|c| b.arranged(c)).collect();
    let (hw, hh) = if whole.grid.halves { (0.0, 0.0) } else { whole.half_extent() };
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in cells {
        let (x, y) = whole.centre(c);
        (x0, y0, x1, y1) = (x0.min(x - hw), y0.min(y - hh), x1.max(x + hw), y1.max(y + hh));
    }
    (x0, y0, x1, y1)
}

/// The board a scenario is played on: which cells it shows and where a map point lands on the
/// drawing.
#[derive(Debug, Clone)]
pub struct OnBoard {
    /// The map's geometry.
    pub geo: Geometry,
    /// The cells shown.
    pub window: Window,
    /// The top-left corner of the cells drawn, in map mm.
    origin: Point,
    /// The map's named edges, by id: where an `entry` naming one comes in.
    edges: Vec<(String, EdgeSide)>,
}

impl OnBoard {
    /// The board of scenario `board` on `map`: the window it names, else the whole map.
    pub fn of(map: &Map, board: &Board) -> OnBoard {
        let geo = Geometry::of(map);
        let g = geo.grid.clone();
        let window = board.window.as_ref().and_then(|w| {
            let cells = g.expand(&w.v).ok()?;
            Some((
                cells.iter().map(|c| c.col).min()?,
                cells.iter().map(|c| c.row).min()?,
                cells.iter().map(|c| c.col).max()?,
                cells.iter().map(|c| c.row).max()?,
            ))
        });
        let mut b = OnBoard::new(geo, window.unwrap_or((1, 1, g.columns, g.rows)));
        b.edges = map.edges.iter().filter_map(|e| Some((e.id.v.clone(), e.edge.as_ref()?.v))).collect();
        b
    }

    fn new(geo: Geometry, window: Window) -> OnBoard {
        let mut b = OnBoard { geo, window, origin: (0.0, 0.0), edges: Vec::new() };
        let (x0, y0, _, _) = bounding_box(&b.geo, &b.shown());
        b.origin = (x0, y0);
        b
    }

    /// Whether the board shows cell `c`.
    pub fn shows(&self, c: Coord) -> bool {
        let (c0, r0, c1, r1) = self.window;
        self.geo.grid.exists(c) && (c0..=c1).contains(&c.col) && (r0..=r1).contains(&c.row)
    }

    /// The cells shown.
    pub fn shown(&self) -> Vec<Coord> {
        self.geo.grid.cells().filter(|c| self.shows(*c)).collect()
    }

    /// Where map point `p` is on the drawing (mm from its top-left corner).
    pub fn at_pt(&self, (x, y): Point) -> Point {
        (x - self.origin.0, y - self.origin.1)
    }

    /// Where a cell's centre is on the drawing.
    pub fn at(&self, c: Coord) -> Point {
        self.at_pt(self.geo.centre(c))
    }

    /// The cells an entry of the data names that the board shows.
    pub fn cells(&self, entry: &str) -> Vec<Coord> {
        self.geo.grid.expand(entry).unwrap_or_default().into_iter().filter(|c| self.shows(*c)).collect()
    }

    /// Where a reinforcement's `entry` comes onto the board: its cell, or for an edge (a
    /// `[[map.edge]]` id, or "east") the middle cell of that edge of the cells shown.
    pub fn entry_cell(&self, entry: &str) -> Option<Coord> {
        let Some(edge) = self.entry_edge(entry) else { return self.cells(entry).first().copied() };
        let (c0, r0, c1, r1) = self.window;
        let along: Vec<Coord> = match edge {
            EdgeSide::North => (c0..=c1).map(|col| Coord { col, row: r0 }).collect(),
            EdgeSide::South => (c0..=c1).map(|col| Coord { col, row: r1 }).collect(),
            EdgeSide::West => (r0..=r1).map(|row| Coord { col: c0, row }).collect(),
            EdgeSide::East => (r0..=r1).map(|row| Coord { col: c1, row }).collect(),
        };
        let shown: Vec<Coord> = along.into_iter().filter(|c| self.shows(*c)).collect();
        shown.get(shown.len() / 2).copied()
    }

    /// The edge an `entry` names (a `[[map.edge]]` id, or "east"), if it names one.
    fn entry_edge(&self, entry: &str) -> Option<EdgeSide> {
        match self.edges.iter().find(|(id, _)| id == entry) {
            Some((_, e)) => Some(*e),
            None => EdgeSide::parse(entry),
        }
    }

    /// Where a reinforcement entering at `entry` (in cell `c`) comes from, pointing off the
    /// board: the edge it names, else the cell's nearest edge.
    pub fn entry_dir(&self, entry: &str, c: Coord) -> (i64, i64) {
        match self.entry_edge(entry) {
            Some(EdgeSide::North) => (0, -1),
            Some(EdgeSide::East) => (1, 0),
            Some(EdgeSide::South) => (0, 1),
            Some(EdgeSide::West) => (-1, 0),
            None => self.outward(c),
        }
    }

    /// The direction from the board's nearest edge into cell `c`, reversed: pointing off it.
    pub fn outward(&self, c: Coord) -> (i64, i64) {
        let (c0, r0, c1, r1) = self.window;
        let d = [(c.row - r0, (0, -1)), (c1 - c.col, (1, 0)), (r1 - c.row, (0, 1)), (c.col - c0, (-1, 0))];
        d.iter().min_by_key(|(n, _)| *n).map_or((0, 1), |(_, v)| *v)
    }

    /// The drawing's width and height (map mm).
    pub fn size(&self) -> Point {
        let (x0, y0, x1, y1) = bounding_box(&self.geo, &self.shown());
        (x1 - x0, y1 - y0)
    }
}

/// One force's units in a cell of a set-up map.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The side, by position in the scenario.
    pub side: usize,
    /// The force, by position in its side.
    pub force: usize,
    /// Its short label.
    pub label: String,
    /// How many.
    pub count: i64,
    /// Where the force (or the counter's id) is written.
    pub loc: crate::source::Loc,
    /// The label is a counter's id (the force names its counters).
    pub named: bool,
    /// How its counter looks, when the game has one for it.
    pub mini: Option<Miniature>,
}

/// How a counter looks in miniature on a set-up map: its front's colours and symbol.
#[derive(Debug, Clone, PartialEq)]
pub struct Miniature {
    /// The front's background.
    pub background: String,
    /// Its text colour.
    pub text: String,
    /// Its NATO symbol, if it has one.
    pub symbol: Option<Symbol>,
}

/// The miniature of a force's counter: the one it names by `id`, else its unit's first.
pub(crate) fn miniature(counters: &Counters, unit: Option<&str>, id: Option<&str>) -> Option<Miniature> {
    let c =
        counters.counters.iter().filter(|c| c.step == 0).find(|c| {
            unit.is_none_or(|u| c.unit.as_deref() == Some(u)) && id.is_none_or(|i| c.setup_id() == Some(i))
        })?;
    Some(Miniature {
        background: c.front.background.clone(),
        text: c.front.text.clone(),
        symbol: c.front.symbol.clone().or_else(|| c.symbol.clone()),
    })
}

/// The set-up units of scenario `sc` on board `b`, one stack a cell: a force in cells puts one
/// unit in each, the last taking the rest; a force naming its counters puts each, labelled with
/// its id, in its cell (the first in the first cell, and so on). Each with the miniature of its
/// counter.
pub fn board_stacks(
    (game, ix, counters): (&Game, &Index, &Counters),
    sc: &Scenario,
    b: &OnBoard,
) -> BTreeMap<Coord, Vec<Placed>> {
    let mut stacks: BTreeMap<Coord, Vec<Placed>> = BTreeMap::new();
    let labels = scenario_labels(game, ix, sc);
    for (si, side) in sc.sides.iter().enumerate() {
        for (fi, f) in side.forces.iter().enumerate() {
            let unit = f.unit_id(game).map(|u| u.v.as_str());
            let cells: Vec<Coord> = f.cells.iter().flat_map(|e| b.cells(&e.v)).collect();
            if !f.counters.is_empty() {
                for (i, id) in f.counters.iter().enumerate() {
                    let Some(c) = f.cells.get(i.min(f.cells.len().saturating_sub(1))) else { break };
                    let Some(c) = b.cells(&c.v).first().copied() else { continue };
                    let mini = miniature(counters, unit, Some(&id.v));
                    let label = id.v.clone();
                    let placed =
                        Placed { side: si, force: fi, label, count: 1, loc: id.loc.clone(), named: true, mini };
                    stacks.entry(c).or_default().push(placed);
                }
                continue;
            }
            let mini = unit.and_then(|u| miniature(counters, Some(u), None));
            let name = force_name(game, ix, f);
            let label = labels.get(&name).cloned().unwrap_or_else(|| short_label(&name));
            for (i, c) in cells.iter().enumerate() {
                let n = f.in_cell(i, cells.len());
                if n > 0 {
                    stacks.entry(*c).or_default().push(Placed {
                        side: si,
                        force: fi,
                        label: label.clone(),
                        count: n,
                        loc: f.loc.clone(),
                        named: false,
                        mini: mini.clone(),
                    });
                }
            }
        }
    }
    stacks
}

/// The name a force goes by: its own, else its unit's, else (a force of markers, counters of no
/// unit) its counters' `name`.
pub fn force_name(game: &Game, ix: &Index, f: &Force) -> String {
    let unit = f.unit_id(game).and_then(|u| ix.get::<Unit>(game, &u.v));
    // A force of counters of no unit (markers: "Fired", "Smoke") by its counters' own name.
    let counter = || {
        let id = f.counters.first()?;
        let c = game.counters.iter().find(|c| c.setup_ids().iter().any(|i| i.v == id.v))?;
        c.name.as_ref().map(|n| n.v.clone())
    };
    (f.name.as_ref().map(|n| n.v.clone()).or(unit.map(|u| u.name.v.clone())).or_else(counter)).unwrap_or_default()
}

/// A rectangle on a map, in map mm: (left, top, right, bottom).
type Rect = (f64, f64, f64, f64);

fn overlap(a: Rect, b: Rect) -> bool {
    // A hair of touching is not covering.
    const EPS: f64 = 0.05;
    a.0 < b.2 - EPS && b.0 < a.2 - EPS && a.1 < b.3 - EPS && b.1 < a.3 - EPS
}

/// Something printed on a map that a label must not cover.
struct Printed {
    rect: Rect,
    what: String,
}

/// W017 and E023 for the text of one map drawn at `scale` (1: the map sheet): every label
/// against every cell number, every other label, and on a set-up map every unit block and
/// objective; every unit block's text against its block. `place` names the drawing in findings
/// ("the map sheet", "the set-up map of scenario `x`"); `board`: a set-up map.
pub fn check_map_text(
    map: &Map,
    b: &OnBoard,
    scale: f64,
    stacks: &BTreeMap<Coord, Vec<Placed>>,
    objectives: &[Coord],
    (place, board): (&str, bool),
) -> Vec<Diagnostic> {
    let geo = &b.geo;
    let cell = geo.cell;
    let t = map_text(Mm(cell * scale), board);
    // Printed pt as map mm at this scale.
    let mm = |p: Pt| p.mm().0 / scale;
    let mut printed = Vec::new();
    let mut out = Vec::new();
    if geo.grid.scheme != CoordScheme::None {
        let mut numbers: BTreeMap<Coord, (Rect, String)> = BTreeMap::new();
        for c in b.shown() {
            let n = geo.grid.name(c);
            let (w, h) = (mm(text_width(&n, t.coord_size, false)), mm(t.coord_size * ink_em(&n, false).2));
            let (x, top) = number_at(geo, c, t.coord_above);
            let rect = (x - w / 2.0, top, x + w / 2.0, top + h);
            numbers.insert(c, (rect, n.clone()));
            printed.push(Printed { rect, what: format!("the number of {n}") });
        }
        out.extend(numbers_overlap(map, geo, &numbers, place, Mm(cell * scale)));
    }
    let mut block_texts = Vec::new();
    for (c, items) in stacks {
        let (x, y) = geo.centre(*c);
        let (w, h) = block_size(cell, items.len());
        let size = block_text_size(h, scale);
        for (i, it) in items.iter().enumerate() {
            let left = x - items.len() as f64 * w / 2.0 + i as f64 * w + w * 0.04;
            let rect = (left, y - h * 0.46, left + w * 0.92, y + h * 0.46);
            printed.push(Printed { rect, what: format!("the unit block `{}`", it.label) });
            let wide = mm(text_width(&it.label, size, true)).max(mm(text_width(&format!("×{}", it.count), size, true)));
            // The block's text, centred: one line, or two with "×n".
            let lines = if it.count > 1 { 2.2 } else { 1.0 };
            let (tx, th) = (left + w * 0.46, mm(size * ink_em(&it.label, true).2) * lines);
            let text = (tx - wide / 2.0, y - th / 2.0, tx + wide / 2.0, y + th / 2.0);
            block_texts.push(Printed { rect: text, what: format!("the label of the unit block `{}`", it.label) });
            if wide > w * 0.92 {
                out.push(
                    Diagnostic::error(
                        diag::TEXT_OVERFLOW,
                        format!("the unit block `{}` on {place} is too narrow for its label", it.label),
                    )
                    .at(&it.loc)
                    .label(format!("{:.1} needs {:.1}", Mm(w * 0.92 * scale), Mm(wide * scale)))
                    .help(if it.named {
                        "the block prints the counter's id: give the counter a shorter label, put fewer counters in the cell, or show a window of the map so it is drawn larger ([scenario.board] window)"
                    } else {
                        "give the force a shorter `name`, put fewer forces in the cell, or show a window of the map so it is drawn larger ([scenario.board] window)"
                    }),
                );
            }
        }
    }
    for c in objectives {
        let (x, y) = geo.centre(*c);
        let (dx, dy, r) = OBJECTIVE_DISC;
        let (cx, cy, r) = (x + dx * cell, y + dy * cell, r * cell);
        let rect = (cx - r, cy - r, cx + r, cy + r);
        if let Some(p) = block_texts.iter().find(|p| overlap(rect, p.rect)) {
            out.push(
                Diagnostic::warning(diag::MAP_TEXT_COVERED, format!("an objective covers {} on {place}", p.what))
                    .label("the objective is in this cell")
                    .help("show a window of the map so it is drawn larger ([scenario.board] window), or set the unit up in another cell"),
            );
        }
        printed.push(Printed { rect, what: "an objective".into() });
    }
    let mut labels: Vec<(Rect, &MapLabel)> = Vec::new();
    for l in &map.labels {
        let Some(c) = geo.grid.parse(&l.cell.v).filter(|c| b.shows(*c)) else { continue };
        let (x, y) = geo.centre(c);
        let w = mm(text_width(&l.text.v, t.label_size, true) + Pt(2.0 * LABEL_INSET.0));
        let h = mm(t.label_size * ink_em(&l.text.v, true).2 + Pt(2.0 * LABEL_INSET.1));
        let top = y + t.label_below * cell;
        let rect = (x - w / 2.0, top, x + w / 2.0, top + h);
        let covered = printed
            .iter()
            .map(|p| (p.rect, p.what.clone()))
            .chain(labels.iter().map(|(r, o)| (*r, format!("the label `{}`", o.text.v))));
        let hidden: BTreeSet<String> = covered.filter(|(r, _)| overlap(rect, *r)).map(|(_, w)| w).collect();
        if !hidden.is_empty() {
            out.push(covers(l, &hidden, place, Mm(cell * scale)));
        }
        labels.push((rect, l));
    }
    out
}

/// W017: a label that covers what else is printed.
/// Cell numbers that print over a neighbour's (long board labels on a small drawing, the half
/// hexes along a cut board's north edge): one finding a drawing (W017), at the map.
fn numbers_overlap(
    map: &Map,
    geo: &Geometry,
    numbers: &BTreeMap<Coord, (Rect, String)>,
    place: &str,
    cell: Mm,
) -> Option<Diagnostic> {
    let mut pairs = numbers.iter().flat_map(|(c, (r, n))| {
        (geo.grid.neighbours(*c).into_iter()).filter(move |(_, o)| o > c).filter_map(move |(_, o)| {
            numbers.get(&o).filter(|(q, _)| overlap(*r, *q)).map(|(_, m)| (n.clone(), m.clone()))
        })
    });
    let (a, b) = pairs.next()?;
    let more = pairs.count();
    let also = match more {
        0 => String::new(),
        1 => " (and one more pair)".to_string(),
        n => format!(" (and {n} more pairs)"),
    };
    Some(
        Diagnostic::warning(
            diag::MAP_TEXT_COVERED,
            format!("the numbers of {a} and {b} print over each other on {place}{also}"),
        )
        .at(&map.loc)
        .label(format!("cells print {cell:.1} across there"))
        .help(
            "show a window of the map so it is drawn larger ([scenario.board] window), or give boards shorter labels",
        ),
    )
}

fn covers(l: &MapLabel, hidden: &BTreeSet<String>, place: &str, cell: Mm) -> Diagnostic {
    let list: Vec<&str> = hidden.iter().map(String::as_str).collect();
    Diagnostic::warning(diag::MAP_TEXT_COVERED, format!("the label `{}` covers {} on {place}", l.text.v, list.join(", ")))
        .at(&l.text.loc)
        .label(format!("cells print {cell:.1} across there"))
        .help("shorten the label, put it in a cell with room below it, or show a window of the map so it is drawn larger ([scenario.board] window)")
}

/// The frame of scenario `sc`'s set-up map on board `b`: side room when a reinforcement enters
/// from the west or east.
pub fn scenario_frame(sc: &Scenario, b: &OnBoard) -> BoardFrame {
    let entries = sc.sides.iter().flat_map(|s| &s.forces).filter_map(|f| f.entry.as_ref());
    let side_entries = entries.filter_map(|e| Some(b.entry_dir(&e.v, b.entry_cell(&e.v)?))).any(|(dx, _)| dx != 0);
    board_frame(b.size(), side_entries)
}

/// The cells of scenario `sc`'s objectives that board `b` shows, in order.
pub fn objective_cells(sc: &Scenario, b: &OnBoard) -> Vec<Coord> {
    sc.objectives.iter().flat_map(|o| o.cells.iter().flat_map(|e| b.cells(&e.v))).collect()
}

/// A scenario's set-up map as laid out: the board it is played on (the cells it shows, where
/// they are) and how the drawing sits in its box.
#[derive(Debug, Clone)]
pub struct ScenarioBoard {
    /// The board: its map's geometry and the cells shown.
    pub on: OnBoard,
    /// Its scale and the room around it.
    pub frame: BoardFrame,
}

/// Each scenario's set-up map on a map of cells, in the game's order: none for a scenario
/// without a board, or played on a map of areas or a map that does not resolve.
pub fn scenario_boards(game: &Game) -> Vec<Option<ScenarioBoard>> {
    (game.scenarios.iter())
        .map(|sc| {
            let board = sc.board.as_ref()?;
            let on = OnBoard::of(board.played(game)?, board);
            let frame = scenario_frame(sc, &on);
            Some(ScenarioBoard { on, frame })
        })
        .collect()
}

/// The text of every map as the map sheet prints it, and of every scenario's set-up map
/// (W017, E023).
pub fn check_maps(
    game: &Game,
    ix: &Index,
    counters: &Counters,
    maps: &[Geometry],
    boards: &[Option<ScenarioBoard>],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (m, geo) in game.maps.iter().zip(maps) {
        let g = m.grid();
        let b = OnBoard::new(geo.clone(), (1, 1, g.columns, g.rows));
        out.extend(check_map_text(m, &b, 1.0, &BTreeMap::new(), &[], ("the map sheet", false)));
    }
    for (sc, laid) in game.scenarios.iter().zip(boards) {
        let (Some(laid), Some(map)) = (laid, sc.board.as_ref().and_then(|b| b.played(game))) else { continue };
        let (b, frame) = (&laid.on, laid.frame);
        let stacks = board_stacks((game, ix, counters), sc, b);
        let place = format!("the set-up map of scenario `{}`", sc.title.v);
        out.extend(check_map_text(map, b, frame.scale, &stacks, &objective_cells(sc, b), (&place, true)));
    }
    out
}

/// The map a scenario is played on: its `[scenario.board] map`, else the game's first map.
pub fn scenario_map<'g>(game: &'g Game, scenario: &'g Scenario) -> Option<&'g Map> {
    match &scenario.board {
        Some(b) => b.played(game),
        None => game.maps.first(),
    }
}

/// The map of areas a scenario is played on: its board's, when that is a map of areas.
pub fn scenario_area_map<'g>(game: &'g Game, scenario: &Scenario) -> Option<&'g AreaMap> {
    let b = scenario.board.as_ref()?;
    let id = b.map.as_ref()?;
    game.area_maps.iter().find(|m| m.id.v == id.v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_on_one_set_up_map_never_collide() {
        let l = unique_labels(["Highcairn Clansmen", "Hired Crossbows", "Royal Guard", "Pikes"]);
        assert_eq!(l["Highcairn Clansmen"], "HCl");
        assert_eq!(l["Hired Crossbows"], "HCr");
        assert_eq!(l["Royal Guard"], "RG");
        assert_eq!(l["Pikes"], "Pikes");
        // The last word's second letter does not tell them apart: the first word's does.
        let l = unique_labels(["Sohei Archers", "Samurai Archers"]);
        assert_eq!((l["Sohei Archers"].as_str(), l["Samurai Archers"].as_str()), ("SoA", "SaA"));
        // One word each: the fourth letter differs, else a later one.
        let l = unique_labels(["Samurai", "Samuels", "Samurai"]);
        assert_eq!(l.len(), 2);
        assert_ne!(l["Samurai"], l["Samuels"]);
        // Nothing tells them apart but a number.
        let l = unique_labels(["Sea Foot", "Sea Fort"]);
        assert_ne!(l["Sea Foot"], l["Sea Fort"]);
        let l = unique_labels(["A B", "A B.", "A  B"]);
        let distinct: BTreeSet<&String> = l.values().collect();
        assert_eq!(distinct.len(), l.len(), "{l:?}");
    }
}
