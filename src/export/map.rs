//! Maps for templates: `data.map_sheet` (every `[[map]]`, true to scale and cut into tiles, for
//! `map.pdf`) and the drawing of one map or a window of it (for scenario set-up maps). Every
//! position is computed here, by `layout::map`; the templates only place what they are given.

use std::collections::{BTreeMap, HashMap};

use schemars::JsonSchema;
use serde::Serialize;

use super::{Exporter, TextKey};
use crate::layout::board::{self, BoardFrame, MapText, OnBoard, block_size, block_text_size, bounding_box, map_text};
use crate::layout::map::{Geometry, Point as MmPoint, Tiling};
use crate::layout::map_sheet::{MapPage, MapPlan};
use crate::length::{Mm, Pt};
use crate::model::*;

/// A rectangle of cells: (first column, first row, last column, last row).
pub(super) type Window = board::Window;

/// A point on a drawing: x and y in mm from its top-left corner.
pub(super) type Point = [f64; 2];

/// mm, rounded to a micrometre: exact enough, and short in the JSON.
fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

fn pt((x, y): MmPoint) -> Point {
    [mm(x), mm(y)]
}

/// `data.map_sheet`: every map, true to scale, cut into tiles of the page.
#[derive(Serialize, JsonSchema)]
pub struct MapSheet {
    /// The white edge around a map, mm.
    pub edge: f64,
    /// The band above the bottom edge that holds a page's caption, mm.
    pub caption: f64,
    /// The maps.
    pub maps: Vec<SheetMap>,
}

/// A map as drawn and how it is tiled over pages.
#[derive(Serialize, JsonSchema)]
pub struct SheetMap {
    /// The whole map as drawn.
    #[serde(flatten)]
    pub drawing: MapDrawing,
    /// The tiles, row by row.
    pub tiles: Vec<Tile>,
    /// Tiles across.
    pub across: usize,
    /// Tiles down.
    pub down: usize,
    /// The page, mm.
    pub page: Point,
    /// The part of the map a tile prints, mm.
    pub area: Point,
    /// Where the assembly marks go, mm.
    pub marks: Vec<Point>,
    /// How far tiles overlap, mm.
    pub overlap: f64,
    /// `notes`.
    pub notes: Option<TextKey>,
    /// Where the notes and key go, and the assembly diagram of a map of several pages.
    pub plan: MapPlan,
}

/// A tile of a map.
#[derive(Serialize, JsonSchema)]
pub struct Tile {
    /// Its row, from 0.
    pub row: usize,
    /// Its column, from 0.
    pub col: usize,
    /// Its top-left corner on the map, mm.
    pub x: f64,
    /// Its top-left corner on the map, mm.
    pub y: f64,
    /// The cells that reach into it, by index in `cells` (a map of areas: the areas, by index
    /// in its network's `areas`).
    pub cells: Vec<usize>,
    /// A map of areas: the connections that cross it, by index in its network's
    /// `connections`; absent for a grid map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<usize>>,
}

/// A map, or a window of it, as drawn: positions in mm from the top-left corner of the cells
/// drawn.
#[derive(Serialize, JsonSchema)]
pub struct MapDrawing {
    /// The map's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its grid: `square`, `flat` (flat-topped hexes) or `pointy`.
    pub grid: &'static str,
    /// The size of a cell (across its flats), mm.
    pub cell: f64,
    /// The width of the cells drawn, mm.
    pub width: f64,
    /// The height of the cells drawn, mm.
    pub height: f64,
    /// A cell's corners, from its centre, mm.
    pub corners: Vec<Point>,
    /// Every terrain drawn; cells, hexsides and lines refer to them by index.
    pub terrain: Vec<MapTerrain>,
    /// The terrain key: the terrains (by index in `terrain`) some cell, hexside or line of the
    /// drawing shows, in that order.
    pub terrain_key: Vec<usize>,
    /// The cells drawn.
    pub cells: Vec<MapCell>,
    /// The hexsides drawn.
    pub hexsides: Vec<MapHexside>,
    /// The contour lines: each side between a cell and a lower neighbour (its terrain's
    /// `level` above the other's).
    pub contours: Vec<MapContour>,
    /// The lines (roads, rivers) drawn.
    pub lines: Vec<MapLine>,
    /// The labels drawn.
    pub labels: Vec<MapLabel>,
    /// The size of the cell numbers, pt, at the scale the drawing is printed.
    pub coord_size: Pt,
    /// The size of the labels, pt, at that scale.
    pub label_size: Pt,
    /// Where a label's top goes, in cells below its cell's centre (clear of the cell's unit
    /// blocks and of the next cell's number).
    pub label_below: f64,
    /// Where a cell number's top goes, in cells above its cell's centre.
    pub coord_above: f64,
    /// A map of areas (`grid` is `areas` or `points`): its areas and connections; absent for
    /// a grid of cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<super::areas::AreaDrawing>,
    /// A geomorphic hex board or boards laid side by side: cut through the centres of the edge
    /// cells (half hexes), the drawing clipped to `width` × `height`.
    pub cut: bool,
    /// Geomorphic boards: each board's label printed large across it (upside down on a board
    /// turned half a turn), and, where boards are laid side by side, its outline.
    pub boards: Vec<BoardMark>,
}

/// A geomorphic board on a drawing.
#[derive(Serialize, JsonSchema)]
pub struct BoardMark {
    /// Its label ("1").
    pub label: String,
    /// Its frame: left, top, width, height, mm.
    pub rect: [f64; 4],
    /// Turned half a turn.
    pub turned: bool,
    /// Laid beside other boards: its outline prints.
    pub outlined: bool,
}

impl MapDrawing {
    /// A map of areas `size` mm: no cells, its terrain key and its network.
    pub(super) fn of_areas(
        m: &AreaMap,
        size: Point,
        terrain: Vec<MapTerrain>,
        network: super::areas::AreaDrawing,
    ) -> MapDrawing {
        MapDrawing {
            id: m.id.v.clone(),
            title: m.title.v.clone(),
            grid: if m.points { "points" } else { "areas" },
            cell: 0.0,
            width: size[0],
            height: size[1],
            corners: Vec::new(),
            terrain_key: (0..terrain.len()).filter(|&i| terrain[i].cells > 0).collect(),
            terrain,
            cells: Vec::new(),
            hexsides: Vec::new(),
            contours: Vec::new(),
            lines: Vec::new(),
            labels: Vec::new(),
            coord_size: Pt(0.0),
            label_size: Pt(0.0),
            label_below: 0.0,
            coord_above: 0.0,
            network: Some(network),
            cut: false,
            boards: Vec::new(),
        }
    }
}

/// A terrain of the key.
#[derive(Serialize, JsonSchema)]
pub struct MapTerrain {
    /// The terrain's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its colour.
    pub color: String,
    /// Its pattern; empty for none.
    pub pattern: String,
    /// How many cells (on a map of areas: areas) of it are drawn.
    pub cells: usize,
}

/// A cell.
#[derive(Serialize, JsonSchema)]
pub struct MapCell {
    /// Its name (`0304`); empty without a coordinate scheme.
    pub n: String,
    /// Its centre, mm.
    pub x: f64,
    /// Its centre, mm.
    pub y: f64,
    /// Its terrain, by index in `terrain`.
    pub t: usize,
    /// Where its number prints: the middle of the number's top, mm (`layout::board::number_at`).
    pub number: Point,
}

/// A hexside.
#[derive(Serialize, JsonSchema)]
pub struct MapHexside {
    /// Its terrain, by index in `terrain`.
    pub t: usize,
    /// One end.
    pub a: Point,
    /// The other end.
    pub b: Point,
}

/// A contour line: the side between a cell and a neighbour lower than it.
#[derive(Serialize, JsonSchema)]
pub struct MapContour {
    /// One end.
    pub a: Point,
    /// The other end.
    pub b: Point,
    /// How many levels the cell stands above its neighbour: a line each.
    pub rise: i64,
}

/// A line from cell centre to cell centre.
#[derive(Serialize, JsonSchema)]
pub struct MapLine {
    /// Its terrain, by index in `terrain`.
    pub t: usize,
    /// Its points.
    pub points: Vec<Point>,
}

/// A label in a cell.
#[derive(Serialize, JsonSchema)]
pub struct MapLabel {
    /// The cell's centre.
    pub at: Point,
    /// The text.
    pub text: String,
}

/// A map of `size` mm on the sheet: its drawing, its tiles and how they are laid out, with
/// the least overlap between pages that have a neighbour (10 mm, or more where the tiles share
/// the map evenly).
fn sheet_map(
    drawing: MapDrawing,
    tiles: Vec<Tile>,
    tiling: &Tiling,
    size: MmPoint,
    notes: Option<TextKey>,
    plan: MapPlan,
) -> SheetMap {
    let (ox, oy) = tiling.overlap();
    let least = match (tiling.across > 1, tiling.down > 1) {
        (true, true) => ox.min(oy),
        (true, false) => ox,
        _ => oy,
    };
    let (lines, texts) = drawn(&drawing);
    let marks = tiling.marks_clear(size, &lines, &texts).into_iter().map(pt).collect();
    SheetMap {
        drawing,
        tiles,
        across: tiling.across,
        down: tiling.down,
        page: pt(tiling.page),
        area: pt(tiling.area),
        marks,
        overlap: mm(least),
        notes,
        plan,
    }
}

/// A line drawn from point to point (map mm).
type Segment = (MmPoint, MmPoint);

/// What a map drawing draws that an alignment mark must keep off (map mm): its lines (roads,
/// rivers, hexside features, connections between areas) point to point, and its texts (cell
/// numbers and labels, areas' names) as a centre and half their width.
fn drawn(d: &MapDrawing) -> (Vec<Segment>, Vec<(MmPoint, f64)>) {
    let p = |q: &Point| (q[0], q[1]);
    let mut lines: Vec<Segment> =
        d.lines.iter().flat_map(|l| l.points.windows(2).map(|w| (p(&w[0]), p(&w[1])))).collect();
    lines.extend(d.hexsides.iter().map(|h| (p(&h.a), p(&h.b))));
    let mut texts: Vec<(MmPoint, f64)> = Vec::new();
    let half = |text: &str, size: Pt| (crate::layout::fonts::text_width(text, size, true).mm().0 / 2.0).max(2.0);
    // Each cell's number, from the middle of its top down half a line.
    for c in d.cells.iter().filter(|c| !c.n.is_empty()) {
        let y = c.number[1] + d.coord_size.mm().0 / 2.0;
        texts.push(((c.number[0], y), half(&c.n, d.coord_size)));
    }
    for l in &d.labels {
        // Under the cell's centre, about a line high.
        let y = l.at[1] + d.label_below * d.cell + d.label_size.mm().0 / 2.0;
        texts.push(((l.at[0], y), half(&l.text, d.label_size)));
    }
    if let Some(n) = &d.network {
        lines.extend(n.connections.iter().map(|c| (p(&c.a), p(&c.b))));
        texts.extend(n.areas.iter().map(|a| (p(&a.name_at), half(&a.name, n.name_size))));
    }
    (lines, texts)
}

/// How a terrain id is drawn: its `[[terrain]]` colour and pattern, else the built-in ones.
pub(super) fn look(game: &Game, id: &str) -> (String, String, String) {
    let declared = game.terrain.iter().find(|t| t.id.v == id);
    let builtin = BUILTIN_TERRAIN.iter().find(|(b, _, _)| *b == id);
    let name = declared.map(|t| t.name.v.clone()).unwrap_or_else(|| {
        let mut n = id.replace(['-', '_'], " ");
        if let Some(f) = n.get_mut(0..1) {
            f.make_ascii_uppercase();
        }
        n
    });
    let color = declared
        .and_then(|t| t.color.as_ref().map(|c| c.v.clone()))
        .or_else(|| builtin.map(|b| b.1.to_string()))
        .unwrap_or_else(|| BUILTIN_TERRAIN[0].1.to_string());
    let pattern = declared
        .and_then(|t| t.pattern.as_ref().map(|p| p.v.clone()))
        .or_else(|| builtin.map(|b| b.2.to_string()))
        .unwrap_or_default();
    (name, color, if pattern == "none" { String::new() } else { pattern })
}

impl Exporter<'_> {
    /// `data.map_sheet`: every map of the game, tiled for the page.
    pub(super) fn map_sheet(&mut self, paper: PageSize) -> MapSheet {
        let game = self.game;
        let mut maps = (game.maps.iter().zip(&self.layout.maps))
            .map(|(m, geo)| {
                let tiling = Tiling::new(geo.size(), m.page.as_ref().map_or(paper, |p| p.v), m.landscape);
                let plan = self.map_plan(&m.id.v, geo.size(), geo.cell, &tiling);
                let drawing = self.map_drawing(m, geo, None, map_text(Mm(geo.cell), false));
                let (hw, hh) = geo.half_extent();
                let mut tiles = Vec::new();
                for row in 0..tiling.down {
                    for col in 0..tiling.across {
                        let (ox, oy) = tiling.origin(row, col);
                        let (w, h) = tiling.area;
                        // The cells that reach into this tile's area.
                        let cells = (drawing.cells.iter().enumerate())
                            .filter(|(_, c)| c.x + hw > ox && c.x - hw < ox + w && c.y + hh > oy && c.y - hh < oy + h)
                            .map(|(i, _)| i)
                            .collect();
                        tiles.push(Tile { row, col, x: mm(ox), y: mm(oy), cells, links: None });
                    }
                }
                let notes = self.opt_text(&m.notes);
                sheet_map(drawing, tiles, &tiling, geo.size(), notes, plan)
            })
            .collect::<Vec<_>>();
        for (m, laid) in game.area_maps.iter().zip(&self.layout.area_maps) {
            let tiling = Tiling::new(laid.size, m.page.as_ref().map_or(paper, |p| p.v), m.landscape);
            let plan = self.map_plan(&m.id.v, laid.size, 0.0, &tiling);
            let drawing = self.area_map_drawing(m, laid);
            let mut tiles = Vec::new();
            let net = drawing.network.as_ref().expect("a map of areas has its network");
            // Each tile draws only what reaches into it: a large map's pages stay small.
            let boxes: Vec<(f64, f64, f64, f64)> = laid.areas.iter().map(|a| a.extent()).collect();
            for row in 0..tiling.down {
                for col in 0..tiling.across {
                    let (ox, oy) = tiling.origin(row, col);
                    let (w, h) = tiling.area;
                    let meets =
                        |(x0, y0, x1, y1): (f64, f64, f64, f64)| x1 > ox && x0 < ox + w && y1 > oy && y0 < oy + h;
                    let cells = (0..boxes.len()).filter(|&i| meets(boxes[i])).collect();
                    let links = (net.connections.iter().enumerate())
                        .filter(|(_, c)| {
                            meets((c.a[0].min(c.b[0]), c.a[1].min(c.b[1]), c.a[0].max(c.b[0]), c.a[1].max(c.b[1])))
                        })
                        .map(|(i, _)| i)
                        .collect();
                    tiles.push(Tile { row, col, x: mm(ox), y: mm(oy), cells, links: Some(links) });
                }
            }
            let notes = self.opt_text(&m.notes);
            maps.push(sheet_map(drawing, tiles, &tiling, laid.size, notes, plan));
        }
        MapSheet { edge: crate::layout::map::MAP_EDGE_MM, caption: crate::layout::map::CAPTION_MM, maps }
    }

    /// A map's plan as the layout decided it for these pages; pages the layout did not lay out
    /// (another paper) get the unmeasured plan.
    fn map_plan(&self, id: &str, size: MmPoint, cell: f64, tiling: &Tiling) -> MapPlan {
        match self.layout.map_pages.iter().find(|p| p.id == id && &p.tiling == tiling) {
            Some(page) => page.plan,
            None => MapPage::unmeasured(id.to_string(), size, cell, tiling.clone()).plan,
        }
    }

    /// One map, or the window of it, as drawn: cells with their terrain, hexsides, lines and
    /// labels, in mm from the top-left corner of the cells drawn, and the terrain key.
    pub(super) fn map_drawing(&mut self, m: &Map, geo: &Geometry, window: Option<Window>, text: MapText) -> MapDrawing {
        let game = self.game;
        let g = &geo.grid;
        let inside =
            |c: Coord| window.is_none_or(|(c0, r0, c1, r1)| (c0..=c1).contains(&c.col) && (r0..=r1).contains(&c.row));
        let shown: Vec<Coord> = g.cells().filter(|c| inside(*c)).collect();
        // The box of the cells shown: positions are relative to its corner.
        let (x0, y0, x1, y1) = bounding_box(geo, &shown);
        let at = |p: MmPoint| (p.0 - x0, p.1 - y0);
        let default = m.terrain.as_ref().map_or("clear", |t| t.v.as_str());
        let terrain_of: HashMap<Coord, &str> =
            m.listed_terrain(g).into_iter().map(|(c, t)| (c, t.v.as_str())).collect();
        // Terrain ids in the order first drawn; cells refer to them by index.
        let mut terrains: Vec<String> = Vec::new();
        fn index(id: &str, terrains: &mut Vec<String>) -> usize {
            match terrains.iter().position(|t| t == id) {
                Some(i) => i,
                None => {
                    terrains.push(id.to_string());
                    terrains.len() - 1
                }
            }
        }
        let mut cells = Vec::new();
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        for c in &shown {
            let t = index(terrain_of.get(c).copied().unwrap_or(default), &mut terrains);
            *counts.entry(t).or_default() += 1;
            let (x, y) = at(geo.centre(*c));
            let name = if g.scheme == CoordScheme::None { String::new() } else { g.name(*c) };
            let number = pt(at(board::number_at(geo, *c, text.coord_above)));
            cells.push(MapCell { n: name, x: mm(x), y: mm(y), t, number });
        }
        let mut hexsides = Vec::new();
        for hs in &m.hexsides {
            let t = index(&hs.name.v, &mut terrains);
            for e in &hs.cells {
                for (c, side) in g.hexsides(&e.v).into_iter().filter(|(c, _)| inside(*c)) {
                    let (a, b) = geo.side_segment(c, side);
                    hexsides.push(MapHexside { t, a: pt(at(a)), b: pt(at(b)) });
                }
            }
        }
        let contours = contours(game, geo, (&shown, &terrain_of, default), &at);
        let mut lines = Vec::new();
        for l in &m.lines {
            let t = index(&l.terrain.v, &mut terrains);
            let points: Vec<Point> = l
                .path
                .iter()
                .filter_map(|p| g.parse(&p.v))
                .filter(|c| inside(*c))
                .map(|c| pt(at(geo.centre(c))))
                .collect();
            if points.len() > 1 {
                lines.push(MapLine { t, points });
            }
        }
        let labels = m
            .labels
            .iter()
            .filter_map(|l| g.parse(&l.cell.v).filter(|c| inside(*c)).map(|c| (c, l)))
            .map(|(c, l)| MapLabel { at: pt(at(geo.centre(c))), text: l.text.v.clone() })
            .collect();
        let terrain = terrain_key(game, &terrains, &counts);
        let boards = board_marks(m, geo, &at);
        let kind = match g.kind {
            GridKind::Square => "square",
            GridKind::Hex { top: HexTop::Flat, .. } => "flat",
            GridKind::Hex { top: HexTop::Pointy, .. } => "pointy",
        };
        MapDrawing {
            id: m.id.v.clone(),
            title: m.title.v.clone(),
            grid: kind,
            cell: mm(geo.cell),
            width: mm(x1 - x0),
            height: mm(y1 - y0),
            corners: geo.corner_offsets().into_iter().map(pt).collect(),
            terrain_key: (0..terrain.len())
                .filter(|&i| {
                    terrain[i].cells > 0 || hexsides.iter().any(|h| h.t == i) || lines.iter().any(|l| l.t == i)
                })
                .collect(),
            terrain,
            cells,
            hexsides,
            contours,
            lines,
            labels,
            coord_size: text.coord_size,
            label_size: text.label_size,
            label_below: text.label_below,
            coord_above: text.coord_above,
            network: None,
            cut: g.halves,
            boards,
        }
    }
}

/// Map `m`'s geomorphic boards as drawn (`at` places a map point on the drawing): the map
/// itself when it is a board, each board of an arrangement; none on any other map.
fn board_marks(m: &Map, geo: &Geometry, at: &dyn Fn(MmPoint) -> MmPoint) -> Vec<BoardMark> {
    let rect = |cells: &[Coord]| {
        let (x0, y0, x1, y1) = bounding_box(geo, cells);
        let (ax, ay) = at((x0, y0));
        [mm(ax), mm(ay), mm(x1 - x0), mm(y1 - y0)]
    };
    match (&m.arranged, &m.board) {
        (Some(a), _) => (a.boards.iter())
            .map(|b| {
                let (x0, y0, x1, y1) = board::placed_board_rect(geo, b);
                let (ax, ay) = at((x0, y0));
                let rect = [mm(ax), mm(ay), mm(x1 - x0), mm(y1 - y0)];
                BoardMark { label: b.label.clone(), rect, turned: b.turned, outlined: a.boards.len() > 1 }
            })
            .collect(),
        (None, Some(label)) => {
            let cells: Vec<Coord> = geo.grid.cells().collect();
            vec![BoardMark { label: label.v.clone(), rect: rect(&cells), turned: false, outlined: false }]
        }
        (None, None) => Vec::new(),
    }
}

/// The terrain key of a drawing: each terrain drawn (by index), with how many cells show it.
pub(super) fn terrain_key(game: &Game, terrains: &[String], counts: &BTreeMap<usize, usize>) -> Vec<MapTerrain> {
    terrains
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let (name, color, pattern) = look(game, id);
            let cells = counts.get(&i).copied().unwrap_or(0);
            MapTerrain { id: id.clone(), name, color, pattern, cells }
        })
        .collect()
}

/// A side's colour, grey when it has none.
pub(super) fn side_colour(game: &Game, id: &str) -> String {
    game.sides
        .iter()
        .find(|s| s.id.v == id)
        .and_then(|s| s.color.as_ref().map(|c| c.v.clone()))
        .unwrap_or("#555555".into())
}

/// `scenario.board`: the scenario's map (or window of it) as drawn, with its set-up.
#[derive(Serialize, JsonSchema)]
pub struct Board {
    /// The map or window as drawn.
    #[serde(flatten)]
    pub drawing: MapDrawing,
    /// Its scale and the room around it on the scenario sheet.
    pub frame: BoardFrame,
    /// The set-up areas of the scenario's sides.
    pub areas: Vec<SetupArea>,
    /// The set-up units, one stack a cell.
    pub units: Vec<Stack>,
    /// The reinforcements' entry arrows.
    pub entries: Vec<Entry>,
    /// The key of the units' labels.
    pub key: Vec<KeyEntry>,
    /// The objectives, one per cell.
    pub objectives: Vec<BoardObjective>,
    /// The map's named edges.
    pub edges: Vec<BoardEdge>,
    /// The arrows of `[scenario.board]`.
    pub arrows: Vec<Arrow>,
}

/// A set-up area: its outline in its side's colour.
#[derive(Serialize, JsonSchema)]
pub struct SetupArea {
    /// The side's colour.
    pub color: String,
    /// The sides of its cells that border no other cell of it: pairs of points.
    pub outline: Vec<[Point; 2]>,
    /// The centres of its cells, each shaded in the side's colour.
    pub cells: Vec<Point>,
    /// Its name.
    pub name: Option<String>,
}

/// The set-up units in one cell.
#[derive(Serialize, JsonSchema)]
pub struct Stack {
    /// The cell's centre.
    pub at: Point,
    /// The width of each unit's block (map mm; the block is drawn 0.92 of it, centred).
    pub width: f64,
    /// The height of each unit's block (map mm; drawn 0.92 of it).
    pub height: f64,
    /// The size of the blocks' text, pt.
    pub text_size: Pt,
    /// The units.
    pub items: Vec<StackItem>,
}

/// Units of one force in a cell.
#[derive(Serialize, JsonSchema)]
pub struct StackItem {
    /// The force's short label (its name, or its initials).
    pub label: String,
    /// Its side's colour (grey without one).
    pub color: String,
    /// The ink that reads on `color`.
    pub text_color: String,
    /// How many.
    pub count: i64,
    /// Its counter's NATO symbol, drawn above the label when the block has room.
    pub symbol: Option<crate::layout::symbol::Symbol>,
    /// `build --since`: this force did not stand here in that version (moved, added, or
    /// another count): its block is marked. Absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
    /// Where it stands (a cell's or an area's name), for comparing versions; not exported.
    #[serde(skip)]
    #[schemars(skip)]
    pub(crate) place: String,
}

/// Where a reinforcement enters.
#[derive(Serialize, JsonSchema)]
pub struct Entry {
    /// The entry cell's centre.
    pub at: Point,
    /// The direction pointing off the board from it: (x, y), each -1, 0 or 1.
    pub dir: (i64, i64),
    /// Its side's colour.
    pub color: String,
    /// The force's short label.
    pub label: String,
    /// How many.
    pub count: i64,
    /// The turn it arrives on.
    pub turn: Option<i64>,
}

/// A line of the key: what a label on the board stands for.
#[derive(Serialize, JsonSchema)]
pub struct KeyEntry {
    /// The side's id.
    pub side: String,
    /// Its colour.
    pub color: String,
    /// The ink that reads on `color`.
    pub text_color: String,
    /// The label its blocks print on the map; empty where they print their counters' ids.
    pub label: String,
    /// The force's name.
    pub name: String,
    /// How many.
    pub count: i64,
    /// The areas it sets up in (each once, in the order of its forces), when all of it is
    /// placed in areas rather than cells; else empty.
    pub areas: Vec<String>,
    /// How many of it set up in each of `areas`, in the same order.
    pub in_each: Vec<i64>,
    /// The ids of the counters it names (their blocks on the map print these).
    pub ids: Vec<String>,
}

impl KeyEntry {
    /// Another force of the same unit: its copies and counters, and its area (a unit in
    /// several areas names each; one partly set up in cells names none, the map shows where).
    fn add(&mut self, copies: i64, ids: Vec<String>, place: Option<String>) {
        self.count += copies;
        self.ids.extend(ids);
        match place {
            Some(p) if !self.areas.is_empty() => match self.areas.iter().position(|a| *a == p) {
                Some(i) => self.in_each[i] += copies,
                None => {
                    self.areas.push(p);
                    self.in_each.push(copies);
                }
            },
            _ => {
                self.areas.clear();
                self.in_each.clear();
            }
        }
    }
}

/// An objective in a cell.
#[derive(Serialize, JsonSchema)]
pub struct BoardObjective {
    /// The centre of its disc (up and right of the cell's centre).
    pub at: Point,
    /// The disc's radius (map mm).
    pub r: f64,
    /// The size of its points, pt.
    pub text_size: Pt,
    /// The objective's name.
    pub name: String,
    /// Its points.
    pub points: Option<i64>,
    /// The colour of the one side that scores it (its disc's ring); null when both may.
    pub side_color: Option<String>,
}

/// A named edge of the map.
#[derive(Serialize, JsonSchema)]
pub struct BoardEdge {
    /// `north`, `east`, `south` or `west`.
    pub edge: &'static str,
    /// Its name.
    pub name: Option<String>,
    /// Its side's colour.
    pub color: Option<String>,
}

/// An arrow of `[scenario.board]`, pointing at an edge.
#[derive(Serialize, JsonSchema)]
pub struct Arrow {
    /// Its direction: (x, y), each -1, 0 or 1.
    pub dir: (f64, f64),
    /// Its label.
    pub label: Option<String>,
    /// The value of the setting it shows.
    pub value: Option<String>,
}

impl Exporter<'_> {
    /// `scenario.board`: the scenario's map (or window) with its set-up areas, each set-up
    /// unit in its cell, entry arrows, objectives, named edges and setting arrows; null when
    /// the scenario names no map.
    pub(super) fn board(&mut self, sc: &Scenario) -> Option<Board> {
        let game = self.game;
        let board = sc.board.as_ref()?;
        if let Some(m) = game.area_maps.iter().find(|m| board.map.as_ref().is_some_and(|id| id.v == m.id.v)) {
            return self.area_board(sc, m);
        }
        let map = board.played(game)?;
        let laid = self.layout.board_of(game, sc)?;
        let (b, frame) = (&laid.on, laid.frame);
        let drawing = self.map_drawing(map, &b.geo, Some(b.window), map_text(Mm(b.geo.cell * frame.scale), true));
        let (units, entries, key) = self.board_forces(sc, map, b, frame);
        let objectives = sc
            .objectives
            .iter()
            .flat_map(|o| o.cells.iter().flat_map(|e| b.cells(&e.v)).map(move |c| (c, o)))
            .map(|(c, o)| {
                let (dx, dy, r) = board::OBJECTIVE_DISC;
                let (x, y) = b.at(c);
                let cell = b.geo.cell;
                (x + dx * cell, y + dy * cell, r * cell, o)
            })
            .map(|(x, y, r, o)| BoardObjective {
                at: pt((x, y)),
                r: mm(r),
                text_size: board::objective_text_size(r, frame.scale),
                name: o.name.v.clone(),
                points: o.points.as_ref().map(|p| p.v),
                side_color: o.side.as_ref().map(|s| side_colour(game, &s.v)),
            })
            .collect();
        let edges = map
            .edges
            .iter()
            .filter_map(|e| {
                let name = match e.edge.as_ref()?.v {
                    EdgeSide::North => "north",
                    EdgeSide::East => "east",
                    EdgeSide::South => "south",
                    EdgeSide::West => "west",
                };
                let color = e.side.as_ref().map(|s| side_colour(game, &s.v));
                Some(BoardEdge { edge: name, name: e.name.as_ref().map(|n| n.v.clone()), color })
            })
            .collect();
        Some(Board {
            drawing,
            frame,
            areas: board_areas(game, sc, map, b),
            units,
            entries,
            key,
            objectives,
            edges,
            arrows: board.arrows.iter().filter_map(|a| setting_arrow(game, sc, map, a)).collect(),
        })
    }

    /// The set-up units as blocks in their cells, one stack a cell: a miniature of each
    /// force's counter (its colours, its symbol where it fits), else its side's colours.
    fn board_stacks(
        &self,
        sc: &Scenario,
        map: &Map,
        b: &OnBoard,
        frame: BoardFrame,
        colours: &[(String, String)],
    ) -> Vec<Stack> {
        let placed = board::board_stacks((self.game, self.ix, &self.layout.counters), sc, b);
        let grid = map.grid();
        let stack = |(c, items): (Coord, Vec<board::Placed>)| {
            let (width, height) = block_size(b.geo.cell, items.len());
            let text_size = block_text_size(height, frame.scale);
            let room = board::symbol_fits(height, frame.scale, text_size);
            let item = |p: board::Placed| {
                let (color, text_color) = match &p.mini {
                    Some(m) => (m.background.clone(), m.text.clone()),
                    None => colours[p.side].clone(),
                };
                let symbol = p.mini.and_then(|m| m.symbol).filter(|_| room);
                let place = grid.name(c);
                StackItem { label: p.label, color, text_color, count: p.count, symbol, changed: false, place }
            };
            Stack {
                at: pt(b.at(c)),
                width: mm(width),
                height: mm(height),
                text_size,
                items: items.into_iter().map(item).collect(),
            }
        };
        placed.into_iter().map(stack).collect()
    }

    /// The set-up units in their cells (`units`, one stack a cell), the reinforcements'
    /// entry arrows (`entries`), and the key of the labels (`key`).
    fn board_forces(
        &self,
        sc: &Scenario,
        map: &Map,
        b: &OnBoard,
        frame: BoardFrame,
    ) -> (Vec<Stack>, Vec<Entry>, Vec<KeyEntry>) {
        let game = self.game;
        let colours: Vec<(String, String)> = sc
            .sides
            .iter()
            .map(|s| {
                let color = side_colour(game, &s.side.v);
                let text = crate::layout::colour::contrast(&color);
                (color, text)
            })
            .collect();
        let units = self.board_stacks(sc, map, b, frame, &colours);
        let (mut entries, mut key) = (Vec::new(), Vec::new());
        let labels = board::scenario_labels(game, self.ix, sc);
        for (side, (color, text)) in sc.sides.iter().zip(&colours) {
            for f in &side.forces {
                let name = board::force_name(game, self.ix, f);
                let label = labels.get(&name).cloned().unwrap_or_else(|| board::short_label(&name));
                let copies = f.copies();
                let ids: Vec<String> = f.counters.iter().map(|c| c.v.clone()).collect();
                if let Some((e, c)) = f.entry.as_ref().and_then(|e| Some((e, b.entry_cell(&e.v)?))) {
                    // A force naming its counters arrives by their ids: "XXIII, turn 2".
                    let (tag, n) = if ids.is_empty() { (label.clone(), copies) } else { (ids.join(", "), 1) };
                    entries.push(Entry {
                        at: pt(b.at(c)),
                        dir: b.entry_dir(&e.v, c),
                        color: color.clone(),
                        label: tag,
                        count: n,
                        turn: f.arrives.as_ref().map(|t| t.v),
                    });
                }
                // A force placed in an area, not in cells: the key says which.
                let place = f.area.as_ref().filter(|_| f.cells.is_empty()).map(|a| {
                    map.areas
                        .iter()
                        .find(|x| x.id.v == a.v)
                        .and_then(|x| x.name.as_ref())
                        .map_or(a.v.clone(), |n| n.v.clone())
                });
                // One key entry a unit: set up and arriving later, or arriving twice, it is
                // listed once with the counts summed.
                let same = |k: &KeyEntry| k.side == side.side.v && k.name == name;
                // Blocks of named counters print their ids on the map, not the label: the key
                // gives them a plain chip of their colour (and the ids after the name).
                let chip = if ids.is_empty() { label.clone() } else { String::new() };
                if let Some(k) = key.iter_mut().find(|k| same(k)) {
                    if k.label.is_empty() {
                        k.label = chip;
                    }
                    k.add(copies, ids, place);
                } else if !f.cells.is_empty() || f.entry.is_some() || place.is_some() {
                    key.push(KeyEntry {
                        side: side.side.v.clone(),
                        color: color.clone(),
                        text_color: text.clone(),
                        label: chip,
                        name,
                        count: copies,
                        in_each: place.iter().map(|_| copies).collect(),
                        areas: place.into_iter().collect(),
                        ids,
                    });
                }
            }
        }
        (units, merged_entries(entries, &game.meta.words), key)
    }
}

/// Entries of one side at one place (an edge's middle, a cell) as one arrow and one tag that
/// lists them, "W1, W2, turn 2; H1, turn 3": their tags would print over one another.
fn merged_entries(entries: Vec<Entry>, words: &crate::model::Words) -> Vec<Entry> {
    let mut groups: Vec<Vec<Entry>> = Vec::new();
    for e in entries {
        match groups.iter_mut().find(|g| g[0].at == e.at && g[0].dir == e.dir && g[0].color == e.color) {
            Some(g) => g.push(e),
            None => groups.push(vec![e]),
        }
    }
    let said = |e: &Entry| {
        let count = if e.count > 1 { format!(" ×{}", e.count) } else { String::new() };
        let turn = e.turn.map_or(String::new(), |t| format!(", {} {t}", words.word("turn")));
        format!("{}{count}{turn}", e.label)
    };
    (groups.into_iter())
        .map(|mut g| {
            if g.len() == 1 {
                return g.remove(0);
            }
            let label = g.iter().map(said).collect::<Vec<_>>().join("; ");
            Entry { label, count: 1, turn: None, ..g.remove(0) }
        })
        .collect()
}

/// Set-up areas of the scenario's sides: their outlines (the sides of their cells that border
/// no other cell of the area), in the side's colour.
fn board_areas(game: &Game, sc: &Scenario, map: &Map, b: &OnBoard) -> Vec<SetupArea> {
    let g = &b.geo.grid;
    let mut areas = Vec::new();
    for a in &map.areas {
        let Some(side) = a.side.as_ref().filter(|s| sc.sides.iter().any(|x| x.side.v == s.v)) else { continue };
        let cells: std::collections::BTreeSet<Coord> = a.coords(map).into_iter().filter(|c| b.shows(*c)).collect();
        let mut outline = Vec::new();
        for c in &cells {
            for s in 0..g.side_names().len() {
                if !cells.contains(&g.across(*c, s)) {
                    let (p, q) = b.geo.side_segment(*c, s);
                    outline.push([pt(b.at_pt(p)), pt(b.at_pt(q))]);
                }
            }
        }
        let name = a.name.as_ref().map(|n| n.v.clone());
        let centres = cells.iter().map(|c| pt(b.at_pt(b.geo.centre(*c)))).collect();
        areas.push(SetupArea { color: side_colour(game, &side.v), outline, cells: centres, name });
    }
    areas
}

/// An arrow of `[scenario.board]`: its direction (pointing at its edge), its label and the
/// value of the setting it shows.
fn setting_arrow(game: &Game, sc: &Scenario, map: &Map, a: &BoardArrow) -> Option<Arrow> {
    let towards = map.edges.iter().find(|e| e.id.v == a.towards.v).and_then(|e| e.edge.as_ref().map(|s| s.v));
    let (dx, dy) = towards.or_else(|| EdgeSide::parse(&a.towards.v))?.outward();
    let setting = a.setting.as_ref().map(|s| {
        let value = sc.settings.iter().find(|(k, _)| k.v == s.v).map(|(_, v)| v.v.display());
        let name = game.scenario_settings.iter().find(|x| x.id.v == s.v).map_or(s.v.clone(), |x| x.name.v.clone());
        (name, value)
    });
    let label = a.label.as_ref().map(|l| l.v.clone()).or(setting.as_ref().map(|s| s.0.clone()));
    Some(Arrow { dir: (dx, dy), label, value: setting.and_then(|s| s.1) })
}

/// The contour lines of the cells `shown`: each side between a cell and a neighbour whose
/// terrain's `level` is lower, at `at`'s offset.
fn contours(
    game: &Game,
    geo: &Geometry,
    (shown, terrain_of, default): (&[Coord], &HashMap<Coord, &str>, &str),
    at: &dyn Fn(MmPoint) -> MmPoint,
) -> Vec<MapContour> {
    let levels: HashMap<&str, i64> =
        game.terrain.iter().filter_map(|t| Some((t.id.v.as_str(), t.level.as_ref()?.v.clamp(0, 9)))).collect();
    if levels.is_empty() {
        return Vec::new();
    }
    let level = |c: Coord| levels.get(terrain_of.get(&c).copied().unwrap_or(default)).copied().unwrap_or(0);
    let mut out = Vec::new();
    for &c in shown {
        let here = level(c);
        for (side, n) in geo.grid.neighbours(c) {
            let rise = here - level(n);
            if rise > 0 {
                let (a, b) = geo.side_segment(c, side);
                out.push(MapContour { a: pt(at(a)), b: pt(at(b)), rise });
            }
        }
    }
    out
}
