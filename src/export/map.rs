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
                let tiling = Tiling::new(geo.size(), paper);
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
                drawing["overlap"] = json!(crate::layout::map::OVERLAP_MM);
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
