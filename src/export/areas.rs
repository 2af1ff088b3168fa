//! Maps of areas for templates: each area's shape, name, terrain and badges (value, limit,
//! port, owner) and each connection's line, in mm from the map's top-left corner, as the
//! `network` of a map drawing (`data.map_sheet`, a scenario's `board`). Every position is
//! `layout::areas`'; the templates only place what they are given.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::Exporter;
use super::map::{Board, BoardObjective, KeyEntry, MapDrawing, Point, Stack, StackItem, side_colour, terrain_key};
use crate::layout::areas::{AREA_NAME_PT, AreaLayout, POINT_RADIUS_MM};
use crate::layout::board::{self, block_size, block_text_size};
use crate::layout::fonts::text_width;
use crate::length::Pt;
use crate::model::*;

/// mm, rounded to a micrometre.
fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

fn pt((x, y): (f64, f64)) -> Point {
    [mm(x), mm(y)]
}

/// A map of areas or points as drawn.
#[derive(Serialize, JsonSchema)]
pub struct AreaDrawing {
    /// Towns joined by roads (`grid = "points"`): each a circle of `point_radius`, its name
    /// below it; else areas, each a shape with its name inside.
    pub points: bool,
    /// A point's radius, mm.
    pub point_radius: f64,
    /// The picture drawn under everything, from the game folder's root; none: the map's
    /// ground.
    pub background: Option<String>,
    /// The colour of the map's own terrain (`terrain`, default clear): the ground between the
    /// areas, printed pale.
    pub ground: String,
    /// The areas' names, pt, bold.
    pub name_size: Pt,
    /// Their badges (value, limit, port) and the connections' limits, pt.
    pub badge_size: Pt,
    /// The areas.
    pub areas: Vec<AreaDraw>,
    /// The connections, drawn under the areas.
    pub connections: Vec<ConnectionDraw>,
    /// The kinds of connection drawn, for the key.
    pub kinds: Vec<KindKey>,
}

/// An area as drawn.
#[derive(Serialize, JsonSchema)]
pub struct AreaDraw {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its centre, where its pieces gather.
    pub at: Point,
    /// Its border; empty for a point (a circle).
    pub outline: Vec<Point>,
    /// The centre of its name.
    pub name_at: Point,
    /// Its terrain, by index in the drawing's `terrain`.
    pub t: usize,
    /// What holding it is worth.
    pub value: Option<i64>,
    /// The most pieces it holds.
    pub limit: Option<i64>,
    /// Ships may enter it.
    pub port: bool,
    /// The colour of the side that owns it at the start, if one does.
    pub owner: Option<String>,
}

/// A connection as drawn.
#[derive(Serialize, JsonSchema)]
pub struct ConnectionDraw {
    /// One end: an area's centre.
    pub a: Point,
    /// The other end.
    pub b: Point,
    /// Its kind, by index in `kinds`; none: a plain line.
    pub k: Option<usize>,
    /// Its own limit, printed at its middle when it differs from its kind's.
    pub limit: Option<i64>,
}

/// A kind of connection in the key.
#[derive(Serialize, JsonSchema)]
pub struct KindKey {
    /// Its name.
    pub name: String,
    /// `solid`, `dashed`, `dotted` or `double`.
    pub style: &'static str,
    /// Its colour.
    pub color: String,
    /// How many may cross it a turn.
    pub limit: Option<i64>,
    /// Its limit in the turns of a weather, where it differs: "Mud 1, Winter 0".
    pub seasons: Option<String>,
}

/// A connection kind's limits by weather in words: "Mud 1, Winter 0"; none without any.
pub(super) fn seasons(game: &crate::model::Game, kind: &ConnectionKind) -> Option<String> {
    // In the order the weathers first come on the turn track, however `limits` lists them.
    let first = |w: &str| {
        (game.turn_track.iter().flat_map(|t| &t.turns))
            .position(|t| t.weather.as_ref().is_some_and(|x| x.v == w))
            .unwrap_or(usize::MAX)
    };
    let mut limits: Vec<_> = kind.limits.iter().collect();
    limits.sort_by_key(|(w, _)| first(&w.v));
    let words = &game.meta.words;
    let each: Vec<String> = (limits.into_iter())
        .map(|(w, n)| words.say("limit_in_weather", &[("weather", &w.v), ("limit", &n.v.to_string())]))
        .collect();
    (!each.is_empty()).then(|| each.join(", "))
}

/// A connection's colour unless its kind sets one.
pub(super) const CONNECTION_INK: &str = "#5b3a1e";

/// The side of the square each block of an area's stack on a scenario's board takes, in map
/// mm: a 3/4 in block and room around it.
const AREA_STACK_MM: f64 = 24.0;

impl Exporter<'_> {
    /// `scenario.board` on a map of areas: the whole map scaled to the sheet, each area's
    /// set-up forces as blocks in its side's colour around its centre (a block a force, its
    /// count on it), objectives in their areas, and the key; none for a map not of this game.
    pub(super) fn area_board(&mut self, sc: &Scenario, m: &AreaMap) -> Option<Board> {
        let game = self.game;
        let (_, on_board) = self.layout.areas_of(game, m)?;
        let (frame, names, laid) = (on_board.frame, on_board.names, &on_board.laid);
        let mut drawing = self.area_map_drawing(m, laid);
        if let Some(n) = drawing.network.as_mut() {
            n.name_size = names * frame.scale;
            n.badge_size = n.name_size * crate::layout::areas::BADGE;
        }
        let mut stacks: Vec<(String, Vec<StackItem>)> = Vec::new();
        let mut key: Vec<KeyEntry> = Vec::new();
        let labels = board::scenario_labels(game, self.ix, sc);
        for side in &sc.sides {
            let color = side_colour(game, &side.side.v);
            let text_color = crate::layout::colour::contrast(&color);
            for f in &side.forces {
                let name = board::force_name(game, self.ix, f);
                let label = labels.get(&name).cloned().unwrap_or_else(|| board::short_label(&name));
                let Some(area) = f.area.as_ref().filter(|a| f.arrives.is_none() && m.place(&a.v).is_some()) else {
                    continue;
                };
                let unit = f.unit_id(game).map(|u| u.v.as_str());
                let mini = unit.and_then(|u| board::miniature(&self.layout.counters, Some(u), None));
                let (c, t) = mini
                    .as_ref()
                    .map_or((color.clone(), text_color.clone()), |mi| (mi.background.clone(), mi.text.clone()));
                let item = StackItem {
                    label: label.clone(),
                    color: c,
                    text_color: t,
                    count: f.copies(),
                    symbol: None,
                    changed: false,
                    place: area.v.clone(),
                };
                match stacks.iter_mut().find(|(id, _)| *id == area.v) {
                    Some((_, items)) => items.push(item),
                    None => stacks.push((area.v.clone(), vec![item])),
                }
                let place = m.place(&area.v).map(Place::label);
                match key.iter_mut().find(|k| k.side == side.side.v && k.label == label && k.name == name) {
                    // One entry a unit, naming every area its forces stand in.
                    Some(k) => {
                        k.count += f.copies();
                        k.ids.extend(f.counters.iter().map(|c| c.v.clone()));
                        if let Some(p) = place {
                            match k.areas.iter().position(|a| *a == p) {
                                Some(i) => k.in_each[i] += f.copies(),
                                None => {
                                    k.areas.push(p);
                                    k.in_each.push(f.copies());
                                }
                            }
                        }
                    }
                    None => key.push(KeyEntry {
                        side: side.side.v.clone(),
                        color: color.clone(),
                        text_color: text_color.clone(),
                        label,
                        name,
                        count: f.copies(),
                        in_each: place.iter().map(|_| f.copies()).collect(),
                        areas: place.into_iter().collect(),
                        ids: f.counters.iter().map(|c| c.v.clone()).collect(),
                    }),
                }
            }
        }
        let units = area_stacks(m, laid, stacks, frame.scale);
        let objectives = sc
            .objectives
            .iter()
            .flat_map(|o| o.cells.iter().filter_map(|e| laid.area(&e.v)).map(move |s| (s, o)))
            .map(|(s, o)| {
                // 2.2 mm on the sheet, whatever the scale.
                let r = 2.2 / frame.scale;
                BoardObjective {
                    at: pt((s.name_at.0 - s.name_width / 2.0 - r, s.name_at.1)),
                    r,
                    text_size: board::objective_text_size(r, frame.scale),
                    name: o.name.v.clone(),
                    points: o.points.as_ref().map(|p| p.v),
                    side_color: o.side.as_ref().map(|s| side_colour(game, &s.v)),
                }
            })
            .collect();
        Some(Board {
            drawing,
            frame,
            areas: Vec::new(),
            units,
            entries: Vec::new(),
            key,
            objectives,
            edges: Vec::new(),
            arrows: Vec::new(),
        })
    }

    /// A map of areas as a map drawing: no cells, its terrain key, and its `network`.
    pub(super) fn area_map_drawing(&mut self, m: &AreaMap, laid: &AreaLayout) -> MapDrawing {
        let game = self.game;
        let default = m.terrain.as_ref().map_or("clear", |t| t.v.as_str());
        let mut terrains: Vec<String> = Vec::new();
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        let mut areas = Vec::new();
        for shape in &laid.areas {
            let Some(p) = m.place(&shape.id) else { continue };
            let tid = p.terrain.as_ref().map_or(default, |t| t.v.as_str());
            let t = terrains.iter().position(|x| x == tid).unwrap_or_else(|| {
                terrains.push(tid.to_string());
                terrains.len() - 1
            });
            *counts.entry(t).or_default() += 1;
            let owner = p.side.as_ref().and_then(|s| game.sides.iter().find(|x| x.id.v == s.v));
            areas.push(AreaDraw {
                id: shape.id.clone(),
                name: shape.name.clone(),
                at: pt(shape.centre),
                outline: shape.outline.iter().map(|p| pt(*p)).collect(),
                name_at: pt(shape.name_at),
                t,
                value: p.value.as_ref().map(|v| v.v),
                limit: p.limit.as_ref().map(|v| v.v),
                port: p.port,
                owner: owner.and_then(|s| s.color.as_ref()).map(|c| c.v.clone()),
            });
        }
        let mut kinds: Vec<(String, KindKey)> = Vec::new();
        let mut connections = Vec::new();
        for (ci, c) in m.connections.iter().enumerate() {
            let ends: Vec<(f64, f64)> = c.between.iter().filter_map(|b| laid.area(&b.v)).map(|s| s.centre).collect();
            let [a, b] = ends[..] else { continue };
            // Two kinds between the same two areas (a track and a sea lane): side by side, 1.6 mm
            // apart, each in its own line.
            let same: Vec<usize> = (0..m.connections.len()).filter(|&o| m.connections[o].ends() == c.ends()).collect();
            let k_of = same.iter().position(|&o| o == ci).unwrap_or(0) as f64;
            let shift = (k_of - (same.len() as f64 - 1.0) / 2.0) * 1.6;
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = dx.hypot(dy).max(1e-9);
            let (nx, ny) = (-dy / len * shift, dx / len * shift);
            let (a, b) = ((a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny));
            let kind = c.kind.as_ref().and_then(|k| game.connection_kinds.iter().find(|x| x.id.v == k.v));
            let k = kind.map(|kind| match kinds.iter().position(|(id, _)| *id == kind.id.v) {
                Some(i) => i,
                None => {
                    kinds.push((
                        kind.id.v.clone(),
                        KindKey {
                            name: kind.name.v.clone(),
                            style: kind.style.name(),
                            color: kind.color.as_ref().map_or(CONNECTION_INK.to_string(), |c| c.v.clone()),
                            limit: kind.limit.as_ref().map(|l| l.v),
                            seasons: seasons(game, kind),
                        },
                    ));
                    kinds.len() - 1
                }
            });
            let own = c.limit.as_ref().map(|l| l.v);
            let limit = own.filter(|l| kind.and_then(|k| k.limit.as_ref()).is_none_or(|kl| kl.v != *l));
            connections.push(ConnectionDraw { a: pt(a), b: pt(b), k, limit });
        }
        let network = AreaDrawing {
            points: m.points,
            point_radius: POINT_RADIUS_MM,
            background: m.background.as_ref().map(|b| super::pieces::image_path(&b.v)),
            ground: super::map::look(game, default).1,
            name_size: Pt(AREA_NAME_PT),
            badge_size: Pt(AREA_NAME_PT * crate::layout::areas::BADGE),
            areas,
            connections,
            kinds: kinds.into_iter().map(|(_, k)| k).collect(),
        };
        let (w, h) = laid.size;
        MapDrawing::of_areas(m, [mm(w), mm(h)], terrain_key(game, &terrains, &counts), network)
    }
}

/// Each area's set-up forces as blocks on a scenario's board (printed at `scale`): rows of up
/// to four, each block as wide as its label needs (and at least a block's width at the board's
/// scale), the rows one over the other; on a point, above its circle, clear of its name.
fn area_stacks(m: &AreaMap, laid: &AreaLayout, stacks: Vec<(String, Vec<StackItem>)>, scale: f64) -> Vec<Stack> {
    let mut units = Vec::new();
    for (id, items) in stacks {
        let Some(shape) = laid.area(&id) else { continue };
        // Rows of up to four blocks, each as wide as its label needs (and at least a
        // block's width at the board's scale), the rows one over the other.
        let (_, height) = block_size(AREA_STACK_MM, 1);
        let text_size = block_text_size(height, scale);
        let label = |it: &StackItem| {
            let count = if it.count > 1 { format!("×{}", it.count) } else { String::new() };
            text_width(&it.label, text_size, true).max(text_width(&count, text_size, true)).mm().0
        };
        let width = items.iter().map(label).fold(AREA_STACK_MM * 0.7 * scale, f64::max) / scale + 1.5;
        let rows: Vec<Vec<StackItem>> = items.into_iter().fold(Vec::new(), |mut rows: Vec<Vec<StackItem>>, it| {
            match rows.last_mut().filter(|r| r.len() < 4) {
                Some(r) => r.push(it),
                None => rows.push(vec![it]),
            }
            rows
        });
        let (x, y) = shape.centre;
        // On a point, the blocks stand above its circle, clear of its name below it.
        let top = if m.points {
            y - POINT_RADIUS_MM - 0.5 - height * rows.len() as f64
        } else {
            y - height * rows.len() as f64 / 2.0
        };
        // Never above the map's top edge (an area near it with many blocks).
        let top = top.max(0.5);
        for (r, items) in rows.into_iter().enumerate() {
            let at = (x, top + height * (r as f64 + 0.46));
            units.push(Stack { at: pt(at), width: mm(width), height: mm(height), text_size, items });
        }
    }
    units
}
