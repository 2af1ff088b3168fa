//! Reading maps: `[[map]]` with its `[map.cells]`, `[map.hexsides]`, lines, labels, edges and
//! areas, and a scenario's `[scenario.board]`. Coordinates are kept as written; the checker
//! resolves them against the map's grid.

use toml::de::DeValue;

use super::lengths::length;
use super::reader::{Obj, check_id, str_of};
use super::{OrDefault, id_or_slug, o_finish, page_of};
use crate::diag::{self, Diagnostic};
use crate::model::*;

/// One of `choices`, the value of `key`: its index, or an E018 finding and `None`.
pub(super) fn choice(o: &Obj, key: &'static str, choices: &[&str]) -> Option<Sp<usize>> {
    let s = o.str(key)?;
    match choices.iter().position(|c| c.eq_ignore_ascii_case(&s.v)) {
        Some(i) => Some(Sp::new(i, s.loc)),
        None => {
            let list: Vec<String> = choices.iter().map(|c| format!("\"{c}\"")).collect();
            let mut d = Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` cannot be `{}`", s.v))
                .at(&s.loc)
                .label(format!("one of {}", list.join(", ")));
            d = match diag::did_you_mean(&s.v, choices.iter().copied()) {
                Some(m) => d.help(format!("did you mean \"{m}\"?")),
                None => d.help(format!("write one of {}", list.join(", "))),
            };
            o.ctx.push(d);
            None
        }
    }
}

/// The entries of a free table `key = ["...", ...]` (terrain id = cells).
fn named_cells(o: &Obj, key: &'static str) -> Vec<NamedCells> {
    let Some(t) = o.table(key) else { return Vec::new() };
    let mut out = Vec::new();
    for (k, v) in t.table.iter() {
        let name = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
        check_id(o.ctx, &name);
        let cells = match v.get_ref() {
            DeValue::Array(items) => items.iter().filter_map(|it| str_of(o.ctx, &name.v, it)).collect(),
            _ => str_of(o.ctx, &name.v, v).into_iter().collect(),
        };
        out.push(NamedCells { name, cells });
    }
    out
}

/// Each table of the array `key` of `o`.
pub(super) fn tables<'a, 'd>(o: &Obj<'a, 'd>, key: &'static str, what: &str) -> Vec<Obj<'a, 'd>> {
    let Some((items, _)) = o.array(key) else { return Vec::new() };
    items.iter().filter_map(|v| Obj::from_value(o.ctx, v, o.nested(key), what.to_string())).collect()
}

pub(super) fn read_map(o: &Obj) -> Map {
    let title = o.req_str("title");
    let id = id_or_slug(o, &title).unwrap_or_default_sp(o);
    // "areas" and "points" are read by `areas.rs`; listed here for the did-you-mean.
    let square = choice(o, "grid", &["hex", "square", "areas", "points"]).is_some_and(|g| g.v == 1);
    for key in ["size", "background", "connection"] {
        if let Some(v) = o.get(key) {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is for maps of areas, not a hex or square map"))
                    .at(&o.ctx.loc(v.span()))
                    .help("a hex or square map's size is its `columns`, `rows` and `cell`; for named areas joined by connections, write grid = \"areas\""),
            );
        }
    }
    if !o.has("grid") {
        let _ = o.req_str("grid");
    }
    let top = match choice(o, "orientation", &["flat", "pointy"]) {
        Some(Sp { v: 1, .. }) => HexTop::Pointy,
        _ => HexTop::Flat,
    };
    let even = choice(o, "offset", &["even", "odd"]).is_none_or(|c| c.v == 0);
    let short = o.bool("short").is_some_and(|b| b.v);
    let kind = if square { GridKind::Square } else { GridKind::Hex { top, even, short } };
    let scheme = match choice(o, "coordinates", &["XXYY", "letter-number", "none"]).map(|c| c.v) {
        Some(1) => CoordScheme::LetterNumber,
        Some(2) => CoordScheme::None,
        _ => CoordScheme::Xxyy,
    };
    let size = |key: &'static str| {
        if !o.has(key) {
            let _ = o.req_str(key);
        }
        o.int(key).unwrap_or_else(|| Sp::new(1, o.ctx.loc(o.span.clone())))
    };
    let (columns, rows) = (size("columns"), size("rows"));
    if !o.has("cell") {
        let _ = o.req_str("cell");
    }
    let cell = length(o, "cell").unwrap_or_else(|| Sp::new(CELL_MM.0, o.ctx.loc(o.span.clone())));
    let (lines, labels) = (read_lines(o), read_labels(o));
    let (edges, areas) = (read_edges(o), read_areas(o));
    let map = Map {
        id,
        title: title.unwrap_or_default_sp(o),
        kind,
        columns,
        rows,
        cell,
        scheme,
        terrain: o.id("terrain", false),
        cells: named_cells(o, "cells"),
        hexsides: named_cells(o, "hexsides"),
        lines,
        labels,
        edges,
        areas,
        notes: o.text("notes"),
        page: page_of(o, "page"),
        landscape: choice(o, "page_orientation", &["portrait", "landscape"]).map(|c| c.v == 1),
        board: o.str("board"),
        arranged: None,
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    map
}

/// `[[map.line]]`: roads, railways and trails as paths of cells.
fn read_lines(o: &Obj) -> Vec<MapLine> {
    let mut lines = Vec::new();
    for l in tables(o, "line", "a map line") {
        let path = l.places(
            "path",
            "list the cells it runs through, at least two, each beside the last: path = [\"0101\", \"0102\", \"0203\"]",
        );
        lines.push(MapLine { terrain: l.id("terrain", true).unwrap_or_default_sp(&l), path });
        if !l.has("path") {
            let _ = l.req_str("path");
        }
        l.finish();
    }
    lines
}

/// `[[map.label]]`: names printed in cells.
fn read_labels(o: &Obj) -> Vec<MapLabel> {
    let mut labels = Vec::new();
    for l in tables(o, "label", "a map label") {
        if let (Some(cell), Some(text)) = (l.req_str("cell"), l.req_str("text")) {
            labels.push(MapLabel { cell, text });
        }
        l.finish();
    }
    labels
}

/// `[[map.edge]]`: named map edges, with the side they belong to.
fn read_edges(o: &Obj) -> Vec<MapEdge> {
    let mut edges = Vec::new();
    for e in tables(o, "edge", "a map edge") {
        let edge = e.req_str("edge").and_then(|s| match EdgeSide::parse(&s.v) {
            Some(side) => Some(Sp::new(side, s.loc)),
            None => {
                e.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not an edge of a map", s.v))
                        .at(&s.loc)
                        .help("write \"north\", \"east\", \"south\" or \"west\""),
                );
                None
            }
        });
        edges.push(MapEdge {
            id: e.id("id", true).unwrap_or_default_sp(&e),
            name: e.str("name"),
            edge,
            side: e.id("side", false),
        });
        e.finish();
    }
    edges
}

/// `[[map.area]]`: set-up areas of cells.
fn read_areas(o: &Obj) -> Vec<MapArea> {
    let mut areas = Vec::new();
    for a in tables(o, "area", "a map area") {
        if !a.has("cells") && !a.has("near") {
            let _ = a.req_str("cells");
        }
        for key in ["at", "outline", "terrain", "limit", "value", "port"] {
            if let Some(v) = a.get(key) {
                a.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is for the areas of a map of areas"))
                        .at(&a.ctx.loc(v.span()))
                        .help("an area of a hex or square map is a set of `cells`; its terrain is the cells'"),
                );
            }
        }
        areas.push(MapArea {
            id: a.id("id", true).unwrap_or_default_sp(&a),
            name: a.str("name"),
            side: a.id("side", false),
            cells: a.strs("cells"),
            near: a.table("near").map(|n| {
                let near = AreaNear {
                    terrain: n.id("terrain", false),
                    cells: n.strs("cells"),
                    within: n.int("within"),
                    loc: a.key_loc("near").unwrap_or_default(),
                };
                n.finish();
                near
            }),
        });
        a.finish();
    }
    areas
}

/// `[scenario.board]` of a scenario.
pub(super) fn read_board(o: &Obj) -> Option<Board> {
    let b = o.table("board")?;
    let map = b.id("map", false);
    let boards = board_rows(&b);
    let turned = b.ids("turned");
    let at = b.ctx.loc(b.span.clone());
    match (&map, boards.is_empty()) {
        (None, true) => b.ctx.push(
            Diagnostic::error(diag::MISSING_FIELD, "[scenario.board] names no map")
                .at(&at)
                .help("name the map played on, map = \"main\", or lay boards side by side, boards = [[\"1\", \"2\"]]"),
        ),
        (Some(m), false) => b.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, "[scenario.board] names both a map and boards")
                .at(&m.loc)
                .help("a scenario is played on one map or on boards laid side by side: leave out `map` or `boards`"),
        ),
        _ => {}
    }
    let mut arrows = Vec::new();
    for a in tables(&b, "arrows", "an arrow") {
        let (setting, label, towards) = (a.id("setting", false), a.str("label"), a.id("towards", true));
        if setting.is_none() && label.is_none() {
            a.ctx.push(
                Diagnostic::error(diag::MISSING_FIELD, "an arrow needs a `setting` (or a `label`)")
                    .at(&a.ctx.loc(a.span.clone()))
                    .help("write { setting = \"wind-tide\", towards = \"taira-edge\" }"),
            );
        }
        a.finish();
        arrows.extend(towards.map(|towards| BoardArrow { setting, label, towards }));
    }
    let window = b.str("window");
    if let (Some(w), false) = (&window, boards.is_empty()) {
        b.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, "a window of boards laid side by side")
                .at(&w.loc)
                .help("boards are played whole: leave out `window`, or arrange fewer boards"),
        );
    }
    for t in &turned {
        if !boards.iter().flatten().any(|id| id.v == t.v) {
            b.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("board `{}` is turned but not arranged", t.v))
                    .at(&t.loc)
                    .help("`turned` names boards of `boards`: add it there, or leave it out here"),
            );
        }
    }
    b.finish();
    if map.is_none() && boards.is_empty() {
        return None;
    }
    Some(Board { map, boards, turned, arranged: None, window, arrows, loc: at })
}

/// `boards`: rows of board ids, or one row as a list of ids.
fn board_rows(b: &Obj) -> Vec<Vec<Sp<String>>> {
    let Some((items, _)) = b.array("boards") else { return Vec::new() };
    let mut rows: Vec<Vec<Sp<String>>> = Vec::new();
    let mut one_row = Vec::new();
    for item in items {
        match item.get_ref() {
            DeValue::Array(row) => {
                rows.push(row.iter().filter_map(|v| str_of(b.ctx, "a board", v)).collect());
            }
            _ => one_row.extend(str_of(b.ctx, "a board", item)),
        }
    }
    if !one_row.is_empty() && !rows.is_empty() {
        b.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, "`boards` mixes boards and rows of boards")
                .at(&one_row[0].loc)
                .help("write one row as a list of boards, [\"1\", \"2\"], or every row as a list: [[\"1\", \"2\"], [\"3\", \"4\"]]"),
        );
        // The rows as written, without the boards outside them (reported).
        one_row.clear();
    }
    if !one_row.is_empty() {
        rows.push(one_row);
    }
    for id in rows.iter().flatten() {
        super::reader::check_id(b.ctx, id);
    }
    rows.retain(|r| !r.is_empty());
    rows
}
