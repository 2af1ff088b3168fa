//! Maps for templates: `data.map_sheet` (every `[[map]]`, true to scale and cut into tiles, for
//! `map.pdf`) and the drawing of one map or a window of it (for scenario set-up maps). Every
//! position is computed here, by `layout::map`; the templates only place what they are given.

use std::collections::{BTreeMap, HashMap};

use serde_json::{Value, json};

use super::Exporter;
use crate::layout::map::{Geometry, Pt, Tiling};
use crate::model::*;

/// A rectangle of cells: (first column, first row, last column, last row).
pub(super) type Window = (i64, i64, i64, i64);

/// mm, rounded to a micrometre: exact enough, and short in the JSON.
fn mm(v: f64) -> Value {
    json!((v * 1000.0).round() / 1000.0)
}

fn pt((x, y): Pt) -> Value {
    json!([mm(x), mm(y)])
}

/// How a terrain id is drawn: its `[[terrain]]` colour and pattern, else the built-in ones.
fn look(game: &Game, id: &str) -> (String, String, String) {
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
    pub(super) fn map_sheet(&mut self, paper: PageSize) -> Value {
        let game = self.game;
        let maps: Vec<Value> = game
            .maps
            .iter()
            .map(|m| {
                let geo = Geometry::of(m);
                let tiling = Tiling::new(geo.size(), m.page.as_ref().map_or(paper, |p| p.v), m.landscape);
                let mut drawing = self.map_drawing(m, None);
                let cells = drawing["cells"].as_array().cloned().unwrap_or_default();
                let (hw, hh) = geo.half_extent();
                let mut tiles = Vec::new();
                for row in 0..tiling.down {
                    for col in 0..tiling.across {
                        let (ox, oy) = tiling.origin(row, col);
                        let (w, h) = tiling.area;
                        // The cells that reach into this tile's area.
                        let visible: Vec<usize> = cells
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| {
                                let (x, y) = (c["x"].as_f64().unwrap_or(0.0), c["y"].as_f64().unwrap_or(0.0));
                                x + hw > ox && x - hw < ox + w && y + hh > oy && y - hh < oy + h
                            })
                            .map(|(i, _)| i)
                            .collect();
                        tiles.push(json!({"row": row, "col": col, "x": mm(ox), "y": mm(oy), "cells": visible}));
                    }
                }
                let marks: Vec<Value> = tiling.marks(geo.size()).into_iter().map(pt).collect();
                drawing["tiles"] = json!(tiles);
                drawing["across"] = json!(tiling.across);
                drawing["down"] = json!(tiling.down);
                drawing["page"] = pt(tiling.page);
                drawing["area"] = pt(tiling.area);
                drawing["marks"] = json!(marks);
                // The least overlap between pages that have a neighbour (10 mm, or more where the tiles
                // share the map evenly).
                let (ox, oy) = tiling.overlap();
                let least = match (tiling.across > 1, tiling.down > 1) {
                    (true, true) => ox.min(oy),
                    (true, false) => ox,
                    _ => oy,
                };
                drawing["overlap"] = mm(least);
                drawing["notes"] = self.opt_text(&m.notes);
                drawing
            })
            .collect();
        json!({ "edge": crate::layout::map::MAP_EDGE_MM, "maps": maps })
    }

    /// One map, or the window of it, as drawn: cells with their terrain, hexsides, lines and
    /// labels, in mm from the top-left corner of the cells drawn, and the terrain key.
    pub(super) fn map_drawing(&mut self, m: &Map, window: Option<Window>) -> Value {
        let game = self.game;
        let geo = Geometry::of(m);
        let g = geo.grid;
        let inside =
            |c: Coord| window.is_none_or(|(c0, r0, c1, r1)| (c0..=c1).contains(&c.col) && (r0..=r1).contains(&c.row));
        let shown: Vec<Coord> = g.cells().filter(|c| inside(*c)).collect();
        // The box of the cells shown: positions are relative to its corner.
        let (hw, hh) = geo.half_extent();
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for c in &shown {
            let (x, y) = geo.centre(*c);
            (x0, y0, x1, y1) = (x0.min(x - hw), y0.min(y - hh), x1.max(x + hw), y1.max(y + hh));
        }
        if shown.is_empty() {
            (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
        }
        let at = |p: Pt| (p.0 - x0, p.1 - y0);
        let default = m.terrain.as_ref().map_or("clear", |t| t.v.as_str());
        let mut terrain_of: HashMap<Coord, &str> = HashMap::new();
        for nc in &m.cells {
            for e in &nc.cells {
                for c in g.expand(&e.v).unwrap_or_default() {
                    terrain_of.entry(c).or_insert(&nc.name.v);
                }
            }
        }
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
            cells.push(json!({"n": name, "x": mm(x), "y": mm(y), "t": t}));
        }
        let mut hexsides = Vec::new();
        for hs in &m.hexsides {
            let t = index(&hs.name.v, &mut terrains);
            for e in &hs.cells {
                let Some((c, side)) = hexside(&g, &e.v) else { continue };
                if !inside(c) {
                    continue;
                }
                let (a, b) = geo.side_segment(c, side);
                hexsides.push(json!({"t": t, "a": pt(at(a)), "b": pt(at(b))}));
            }
        }
        let mut lines = Vec::new();
        for l in &m.lines {
            let t = index(&l.terrain.v, &mut terrains);
            let points: Vec<Value> = l
                .path
                .iter()
                .filter_map(|p| g.parse(&p.v))
                .filter(|c| inside(*c))
                .map(|c| pt(at(geo.centre(c))))
                .collect();
            if points.len() > 1 {
                lines.push(json!({"t": t, "points": points}));
            }
        }
        let labels: Vec<Value> = m
            .labels
            .iter()
            .filter_map(|l| g.parse(&l.cell.v).filter(|c| inside(*c)).map(|c| (c, l)))
            .map(|(c, l)| json!({"at": pt(at(geo.centre(c))), "text": l.text.v}))
            .collect();
        let terrain: Vec<Value> = terrains
            .iter()
            .enumerate()
            .map(|(i, id)| {
                let (name, color, pattern) = look(game, id);
                json!({"id": id, "name": name, "color": color, "pattern": pattern, "cells": counts.get(&i).copied().unwrap_or(0)})
            })
            .collect();
        let kind = match g.kind {
            GridKind::Square => "square",
            GridKind::Hex { top: HexTop::Flat, .. } => "flat",
            GridKind::Hex { top: HexTop::Pointy, .. } => "pointy",
        };
        json!({
            "id": m.id.v,
            "title": m.title.v,
            "grid": kind,
            "cell": mm(geo.cell),
            "width": mm(x1 - x0),
            "height": mm(y1 - y0),
            "corners": geo.corner_offsets().into_iter().map(pt).collect::<Vec<_>>(),
            "terrain": terrain,
            "cells": cells,
            "hexsides": hexsides,
            "lines": lines,
            "labels": labels,
        })
    }
}

/// The cell and side a hexside entry names (`"0304 n"`, `"0304 0305"`), if it is valid.
pub(super) fn hexside(g: &Grid, entry: &str) -> Option<(Coord, usize)> {
    let mut parts = entry.split_whitespace();
    let (a, b) = (parts.next()?, parts.next()?);
    let c = g.parse(a).filter(|c| g.exists(*c))?;
    let side = match g.side_names().iter().position(|s| s.eq_ignore_ascii_case(b)) {
        Some(s) => s,
        None => g.side_between(c, g.parse(b)?)?,
    };
    Some((c, side))
}

/// A short label for a force on a set-up map: its name when short, else its initials.
fn short_label(name: &str) -> String {
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

/// The board a scenario is played on, as drawn: which cells it shows and where a map point
/// lands on the drawing.
struct OnBoard {
    geo: Geometry,
    window: Window,
    /// The top-left corner of the cells drawn, in map mm.
    origin: Pt,
}

impl OnBoard {
    fn new(geo: Geometry, window: Window) -> OnBoard {
        let mut b = OnBoard { geo, window, origin: (0.0, 0.0) };
        let (hw, hh) = geo.half_extent();
        let shown: Vec<Coord> = geo.grid.cells().filter(|c| b.shows(*c)).collect();
        b.origin = (
            shown.iter().map(|c| geo.centre(*c).0 - hw).fold(f64::MAX, f64::min),
            shown.iter().map(|c| geo.centre(*c).1 - hh).fold(f64::MAX, f64::min),
        );
        b
    }

    fn shows(&self, c: Coord) -> bool {
        let (c0, r0, c1, r1) = self.window;
        self.geo.grid.exists(c) && (c0..=c1).contains(&c.col) && (r0..=r1).contains(&c.row)
    }

    /// Where map point `p` is on the drawing.
    fn at_pt(&self, (x, y): Pt) -> Value {
        pt((x - self.origin.0, y - self.origin.1))
    }

    /// Where a cell's centre is on the drawing.
    fn at(&self, c: Coord) -> Value {
        self.at_pt(self.geo.centre(c))
    }

    /// The cells an entry of the data names that the board shows.
    fn cells(&self, entry: &str) -> Vec<Coord> {
        self.geo.grid.expand(entry).unwrap_or_default().into_iter().filter(|c| self.shows(*c)).collect()
    }

    /// The direction from the board's nearest edge into cell `c`, reversed: pointing off it.
    fn outward(&self, c: Coord) -> (i64, i64) {
        let (c0, r0, c1, r1) = self.window;
        let d = [(c.row - r0, (0, -1)), (c1 - c.col, (1, 0)), (r1 - c.row, (0, 1)), (c.col - c0, (-1, 0))];
        d.iter().min_by_key(|(n, _)| *n).map_or((0, 1), |(_, v)| *v)
    }
}

/// A side's colour, grey when it has none.
fn side_colour(game: &Game, id: &str) -> String {
    game.sides
        .iter()
        .find(|s| s.id.v == id)
        .and_then(|s| s.color.as_ref().map(|c| c.v.clone()))
        .unwrap_or("#555555".into())
}

impl Exporter<'_> {
    /// `scenario.board`: the scenario's map (or window) with its set-up areas, each set-up
    /// unit in its cell, entry arrows, objectives, named edges and setting arrows; null when
    /// the scenario names no map.
    pub(super) fn board(&mut self, sc: &Scenario) -> Value {
        let game = self.game;
        let Some(board) = &sc.board else { return Value::Null };
        let Some(map) = self.ix.get::<Map>(game, &board.map.v) else { return Value::Null };
        let geo = Geometry::of(map);
        let g = geo.grid;
        let window = board.window.as_ref().and_then(|w| {
            let cells = g.expand(&w.v).ok()?;
            Some((
                cells.iter().map(|c| c.col).min()?,
                cells.iter().map(|c| c.row).min()?,
                cells.iter().map(|c| c.col).max()?,
                cells.iter().map(|c| c.row).max()?,
            ))
        });
        let mut drawing = self.map_drawing(map, window);
        let b = OnBoard::new(geo, window.unwrap_or((1, 1, g.columns, g.rows)));
        let (units, entries, key) = self.board_forces(sc, map, &b);
        drawing["areas"] = board_areas(game, sc, map, &b);
        drawing["units"] = units;
        drawing["entries"] = entries;
        drawing["key"] = key;
        drawing["objectives"] = sc
            .objectives
            .iter()
            .flat_map(|o| o.cells.iter().flat_map(|e| b.cells(&e.v)).map(move |c| (c, o)))
            .map(|(c, o)| json!({"at": b.at(c), "name": o.name.v, "points": o.points.as_ref().map(|p| p.v)}))
            .collect();
        drawing["edges"] = map
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
                Some(json!({"edge": name, "name": e.name.as_ref().map(|n| n.v.clone()), "color": color}))
            })
            .collect();
        drawing["arrows"] = board.arrows.iter().filter_map(|a| setting_arrow(game, sc, map, a)).collect();
        drawing
    }

    /// The set-up units in their cells (`units`, one stack a cell), the reinforcements'
    /// entry arrows (`entries`), and the key of the labels (`key`).
    fn board_forces(&self, sc: &Scenario, map: &Map, b: &OnBoard) -> (Value, Value, Value) {
        let game = self.game;
        let mut stacks: BTreeMap<Coord, Vec<Value>> = BTreeMap::new();
        let (mut entries, mut key) = (Vec::new(), Vec::new());
        for side in &sc.sides {
            let color = side_colour(game, &side.side.v);
            let text = crate::layout::colour::contrast(&color);
            for f in &side.forces {
                let unit = f.unit.as_ref().and_then(|u| self.ix.get::<Unit>(game, &u.v));
                let name = f.name.as_ref().map(|n| n.v.clone()).or(unit.map(|u| u.name.v.clone())).unwrap_or_default();
                let label = short_label(&name);
                let cells: Vec<Coord> = f.cells.iter().flat_map(|e| b.cells(&e.v)).collect();
                let copies = f.copies();
                for (i, c) in cells.iter().enumerate() {
                    // One unit a cell; the last cell takes the rest.
                    let n =
                        if i + 1 == cells.len() { (copies - i as i64).max(0) } else { i64::from((i as i64) < copies) };
                    if n > 0 {
                        let item = json!({"label": label, "color": color, "text_color": text, "count": n});
                        stacks.entry(*c).or_default().push(item);
                    }
                }
                if let Some(c) = f.entry.as_ref().and_then(|e| b.cells(&e.v).first().copied()) {
                    entries.push(json!({"at": b.at(c), "dir": b.outward(c), "color": color, "label": label,
                                        "count": copies, "turn": f.arrives.as_ref().map(|t| t.v)}));
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
                let same = |k: &Value| {
                    k["side"] == json!(side.side.v) && k["label"] == json!(label) && k["name"] == json!(name)
                };
                if let Some(k) = key.iter_mut().find(|k| same(k)) {
                    k["count"] = json!(k["count"].as_i64().unwrap_or(0) + copies);
                    if k["area"] != json!(place) {
                        k["area"] = Value::Null;
                    }
                } else if !f.cells.is_empty() || f.entry.is_some() || place.is_some() {
                    key.push(json!({"side": side.side.v, "color": color, "text_color": text, "label": label,
                                    "name": name, "count": copies, "area": place}));
                }
            }
        }
        let units: Vec<Value> = stacks.into_iter().map(|(c, items)| json!({"at": b.at(c), "items": items})).collect();
        (json!(units), json!(entries), json!(key))
    }
}

/// Set-up areas of the scenario's sides: their outlines (the sides of their cells that border
/// no other cell of the area), in the side's colour.
fn board_areas(game: &Game, sc: &Scenario, map: &Map, b: &OnBoard) -> Value {
    let g = b.geo.grid;
    let mut areas = Vec::new();
    for a in &map.areas {
        let Some(side) = a.side.as_ref().filter(|s| sc.sides.iter().any(|x| x.side.v == s.v)) else { continue };
        let cells: std::collections::BTreeSet<Coord> = a.cells.iter().flat_map(|e| b.cells(&e.v)).collect();
        let mut outline = Vec::new();
        for c in &cells {
            for s in 0..g.side_names().len() {
                if !cells.contains(&g.across(*c, s)) {
                    let (p, q) = b.geo.side_segment(*c, s);
                    outline.push(json!([b.at_pt(p), b.at_pt(q)]));
                }
            }
        }
        let name = a.name.as_ref().map(|n| n.v.clone());
        areas.push(json!({"color": side_colour(game, &side.v), "outline": outline, "name": name}));
    }
    json!(areas)
}

/// An arrow of `[scenario.board]`: its direction (pointing at its edge), its label and the
/// value of the setting it shows.
fn setting_arrow(game: &Game, sc: &Scenario, map: &Map, a: &BoardArrow) -> Option<Value> {
    let towards = map.edges.iter().find(|e| e.id.v == a.towards.v).and_then(|e| e.edge.as_ref().map(|s| s.v));
    let (dx, dy) = towards.or_else(|| EdgeSide::parse(&a.towards.v))?.outward();
    let setting = a.setting.as_ref().map(|s| {
        let value = sc.settings.iter().find(|(k, _)| k.v == s.v).map(|(_, v)| v.v.display());
        let name = game.scenario_settings.iter().find(|x| x.id.v == s.v).map_or(s.v.clone(), |x| x.name.v.clone());
        (name, value)
    });
    let label = a.label.as_ref().map(|l| l.v.clone()).or(setting.as_ref().map(|s| s.0.clone()));
    Some(json!({"dir": [dx, dy], "label": label, "value": setting.and_then(|s| s.1)}))
}
