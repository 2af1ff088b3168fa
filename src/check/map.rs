//! Maps against themselves and the game, and scenarios against their maps: every cell named
//! exists, no cell has two terrains, hexsides and line steps join neighbours, every terrain,
//! side, area and edge named exists, set-up cells lie in their side's areas, entry cells on
//! an edge, and no cell holds more units at set-up than the stacking limit.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{Checker, place, unknown_reference};
use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

/// A rectangle of cells: (first column, first row, last column, last row).
type Window = (i64, i64, i64, i64);

/// The board a scenario is played on: its map, the map's grid, and the window of it played
/// (`windowed`: a window was given, so its edges are the board's).
struct Played<'g> {
    map: &'g Map,
    g: Grid,
    window: Window,
    windowed: bool,
}

/// The smallest rectangle holding `cells`.
fn bounds(cells: &[Coord]) -> Option<Window> {
    Some((
        cells.iter().map(|c| c.col).min()?,
        cells.iter().map(|c| c.row).min()?,
        cells.iter().map(|c| c.col).max()?,
        cells.iter().map(|c| c.row).max()?,
    ))
}

impl Checker<'_> {
    pub(super) fn check_maps(&mut self) {
        let game = self.game;
        for m in &game.maps {
            self.check_map(m);
        }
        for sc in &game.scenarios {
            self.check_board(sc);
        }
    }

    fn check_map(&mut self, m: &Map) {
        if !self.map_in_bounds(m) {
            return;
        }
        let g = m.grid();
        if let Some(t) = &m.terrain {
            self.map_terrain(t);
        }
        for hs in &m.hexsides {
            self.map_terrain(&hs.name);
            self.listed_as(&hs.name, true);
            for entry in &hs.cells {
                self.hexside(&g, entry);
            }
        }
        for l in &m.labels {
            self.cell(&g, &l.cell);
        }
        for e in &m.edges {
            if let Some(s) = &e.side {
                self.resolve::<Side>(s);
            }
        }
        self.map_cells(&g, m);
        self.map_lines(&g, m);
        self.map_areas(&g, m);
        self.board_label(&g, m);
    }

    /// Boards laid side by side: the half hexes they share of one terrain on both halves (W033
    /// where not: the hex prints and plays as the first board's, its other half lost).
    fn seams(&mut self, board: &Board, map: &Map) {
        let Some(a) = &map.arranged else { return };
        let terrain = |p: &PlacedBoard| -> Option<(HashMap<Coord, String>, String)> {
            let m = self.game.maps.iter().find(|m| m.id.v == p.map)?;
            let listed = m.listed_terrain(&p.grid).into_iter().map(|(c, t)| (c, t.v.clone())).collect();
            Some((listed, m.terrain.as_ref().map_or("clear".to_string(), |t| t.v.clone())))
        };
        let looks: Vec<_> = a.boards.iter().map(terrain).collect();
        let g = map.grid();
        let mut differ = Vec::new();
        for c in g.cells() {
            let on: Vec<(usize, Coord)> =
                (a.boards.iter().enumerate()).filter_map(|(k, p)| Some((k, p.local(c)?))).collect();
            let [(i, ci), (j, cj), ..] = on[..] else { continue };
            let (Some((li, di)), Some((lj, dj))) = (&looks[i], &looks[j]) else { continue };
            let (ti, tj) = (li.get(&ci).unwrap_or(di), lj.get(&cj).unwrap_or(dj));
            if ti != tj {
                let (bi, bj) = (&a.boards[i], &a.boards[j]);
                differ.push(format!(
                    "{}{} ({ti}) = {}{} ({tj})",
                    bi.label,
                    bi.grid.said(ci),
                    bj.label,
                    bj.grid.said(cj)
                ));
            }
        }
        let Some(first) = differ.first() else { return };
        let more = match differ.len() - 1 {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        let at = board.boards.iter().flatten().next().map_or(&board.loc, |b| &b.loc);
        self.push(
            Diagnostic::warning(
                diag::SEAM_TERRAIN,
                format!("boards laid side by side share hexes of two terrains: {first}{more}"),
            )
            .at(at)
            .label("laid here")
            .note("each prints and plays as the first board's, the other half's terrain lost")
            .help("give the boards' edge half hexes terrain that matches on any board laid beside them, or lay another board there"),
        );
    }

    /// A geomorphic board (`board`): a label that can begin a cell's name, and, on a hex grid,
    /// edges that meet another board's (E082): half hexes on every edge need offset columns
    /// (rows) one hex short and an odd number of them, so that the first and the last are alike
    /// and a board turned half a turn lies on the same grid.
    fn board_label(&mut self, g: &Grid, m: &Map) {
        let Some(label) = &m.board else { return };
        if label.v.is_empty() || !label.v.chars().all(|c| c.is_ascii_alphanumeric()) {
            self.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{}` cannot begin a cell's name", label.v))
                    .at(&label.loc)
                    .help("a board's label is letters and digits (A-Z, a-z, 0-9): board = \"3\""),
            );
        }
        if let Some(other) = self
            .game
            .maps
            .iter()
            .take_while(|x| !std::ptr::eq(*x, m))
            .find(|x| x.board.as_ref().is_some_and(|b| b.v == label.v))
        {
            self.push(
                Diagnostic::error(
                    diag::BOARDS_DO_NOT_FIT,
                    format!("board `{}` and map `{}` have one label, {}", m.id.v, other.id.v, label.v),
                )
                .at(&label.loc)
                .help("each board has a label of its own: its cells' names begin with it"),
            );
        }
        let GridKind::Hex { top, short, .. } = g.kind else { return };
        let (count, what) = match top {
            HexTop::Flat => (g.columns, "columns"),
            HexTop::Pointy => (g.rows, "rows"),
        };
        let across = match top {
            HexTop::Flat => g.rows,
            HexTop::Pointy => g.columns,
        };
        if count < 3 || across < 2 {
            self.push(
                Diagnostic::error(
                    diag::BOARDS_DO_NOT_FIT,
                    format!(
                        "board {} is too small to cut through its edge hexes: {} columns, {} rows",
                        label.v, g.columns, g.rows
                    ),
                )
                .at(&label.loc)
                .help(format!("a hex board has 3 {what} or more, and 2 the other way")),
            );
            return;
        }
        if !short || count % 2 == 0 {
            let mut d = Diagnostic::error(
                diag::BOARDS_DO_NOT_FIT,
                format!("board {} cannot meet another board: its edges are half hexes only with short offset {what} of an odd number", label.v),
            )
            .at(&label.loc)
            .label("a geomorphic board");
            d = match (short, count % 2 == 0) {
                (false, true) => d.help(format!("set short = true and give it {} {what}", count + 1)),
                (false, false) => d.help("set short = true: its offset columns (rows) have one hex fewer"),
                _ => d.help(format!("give it {} {what}: the first and the last are then alike", count + 1)),
            };
            self.push(d);
        }
    }

    /// Terrain by cell: every terrain known, no cell of two terrains (E051).
    fn map_cells(&mut self, g: &Grid, m: &Map) {
        let mut terrain_of: HashMap<Coord, (&str, &Loc)> = HashMap::new();
        for nc in &m.cells {
            self.map_terrain(&nc.name);
            self.listed_as(&nc.name, false);
            for entry in &nc.cells {
                let cells = self.cells_of(g, entry);
                // An entry whose every cell is this terrain already: listed twice.
                let same: Vec<&Loc> = (cells.iter())
                    .filter_map(|c| terrain_of.get(c).filter(|(t, _)| *t == nc.name.v).map(|(_, at)| *at))
                    .collect();
                if !cells.is_empty() && same.len() == cells.len() {
                    let first = place(&self.game.files, same[0]);
                    self.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("{} is {} already", entry.v, nc.name.v))
                            .at(&entry.loc)
                            .label("listed twice")
                            .note(format!("first at {first}"))
                            .help("list each cell once: take this entry out"),
                    );
                    continue;
                }
                for c in cells {
                    match terrain_of.get(&c) {
                        Some((other, first)) if *other != nc.name.v => {
                            let d = Diagnostic::error(
                                diag::CELL_TWO_TERRAINS,
                                format!("cell {} is both {other} and {}", g.said(c), nc.name.v),
                            )
                            .at(&entry.loc)
                            .label(format!("{} is {other} already", g.said(c)))
                            .help("a cell has one terrain: take it out of one of the lists (a hexside feature goes in [map.hexsides])");
                            let first = (*first).clone();
                            self.push(d.because_of(Some(&first)));
                            // One finding per entry is enough.
                            break;
                        }
                        Some(_) => {}
                        None => {
                            terrain_of.insert(c, (&nc.name.v, &entry.loc));
                        }
                    }
                }
            }
        }
    }

    /// Roads, railways and trails: every step between neighbouring cells (E052).
    fn map_lines(&mut self, g: &Grid, m: &Map) {
        let mut said: Vec<&str> = Vec::new();
        for line in &m.lines {
            self.map_terrain(&line.terrain);
            // A game with a terrain chart lists what its maps draw: a road drawn but not on the
            // chart leaves players without its effect.
            let id = line.terrain.v.as_str();
            let builtin = BUILTIN_TERRAIN.iter().any(|(b, _, _)| *b == id);
            if builtin
                && !self.game.terrain.is_empty()
                && !self.game.terrain.iter().any(|t| t.id.v == id)
                && !said.contains(&id)
            {
                said.push(id);
                self.push(
                    Diagnostic::warning(diag::LINE_NOT_ON_CHART, format!("the map draws `{id}`, but the terrain chart has no row for it"))
                        .at(&line.terrain.loc)
                        .label("drawn, but not on the chart")
                        .help(format!("add [[terrain]] id = \"{id}\" with its effect (move = 1, text = \"...\"); it is listed under Lines")),
                );
            }
            // A line through one cell draws nothing (an empty `path` is the loader's finding).
            if let [only] = &line.path[..] {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("the line's `path` is one cell, `{}`: it draws nothing", only.v))
                        .at(&only.loc)
                        .label("a line needs two cells at least")
                        .help("list every cell it runs through, from one end to the other: path = [\"0101\", \"0102\", \"0203\"]"),
                );
            }
            let cells: Vec<Option<Coord>> = line.path.iter().map(|p| self.cell(g, p)).collect();
            for (i, pair) in cells.windows(2).enumerate() {
                if let [Some(a), Some(b)] = pair
                    && g.side_between(*a, *b).is_none()
                {
                    let at = &line.path[i + 1];
                    self.push(
                        Diagnostic::error(
                            diag::NOT_ADJACENT,
                            format!(
                                "{} and {} are not neighbours: a {} cannot step between them",
                                g.said(*a),
                                g.said(*b),
                                line.terrain.v
                            ),
                        )
                        .at(&at.loc)
                        .label(format!("not next to {}", g.said(*a)))
                        .help(format!(
                            "list every cell it passes; the neighbours of {} are {}",
                            g.said(*a),
                            names(g, &g.neighbours(*a))
                        )),
                    );
                }
            }
        }
    }

    /// Set-up areas: their sides known, no cell in two sides' areas (W011).
    fn map_areas(&mut self, g: &Grid, m: &Map) {
        let mut owner: BTreeMap<Coord, (&str, &str)> = BTreeMap::new();
        for a in &m.areas {
            if let Some(s) = &a.side {
                self.resolve::<Side>(s);
            }
            if let Some(near) = &a.near {
                self.area_near(g, near);
            }
            for entry in &a.cells {
                for c in self.cells_of(g, entry) {
                    let Some(side) = &a.side else { continue };
                    match owner.get(&c) {
                        Some((other, area)) if *other != side.v => {
                            self.push(
                                Diagnostic::warning(
                                    diag::SETUP_AREAS_OVERLAP,
                                    format!("cell {} is in set-up areas of both {other} and {}", g.said(c), side.v),
                                )
                                .at(&entry.loc)
                                .label(format!("{} is in area `{area}` of {other} too", g.said(c)))
                                .help("give each side its own cells"),
                            );
                            break;
                        }
                        Some(_) => {}
                        None => {
                            owner.insert(c, (&side.v, &a.id.v));
                        }
                    }
                }
            }
        }
    }

    /// `near` of a set-up area: its terrain known, its cells on the map, its distance in range,
    /// and something to be near.
    fn area_near(&mut self, g: &Grid, near: &AreaNear) {
        if let Some(t) = &near.terrain {
            self.resolve::<Terrain>(t);
        }
        for entry in &near.cells {
            self.cells_of(g, entry);
        }
        if let Some(w) = near.within.as_ref().filter(|w| !(0..=MAX_NEAR).contains(&w.v)) {
            self.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`within = {}`", w.v))
                    .at(&w.loc)
                    .label(format!("not 0 to {MAX_NEAR} cells"))
                    .help(
                        "write how many cells from the terrain or cells the area reaches: 1 for the cells next to them",
                    ),
            );
        }
        if near.terrain.is_none() && near.cells.is_empty() {
            self.push(
                Diagnostic::error(diag::MISSING_FIELD, "`near` names nothing to be near")
                    .at(&near.loc)
                    .help("give it a `terrain` (near = { terrain = \"town\", within = 2 }) or `cells`"),
            );
        }
    }

    /// E056 for a map too large or with a cell size out of range; whether it is in bounds.
    fn map_in_bounds(&mut self, m: &Map) -> bool {
        let mut ok = true;
        for (n, what) in [(&m.columns, "columns"), (&m.rows, "rows")] {
            if !(1..=MAX_MAP_CELLS).contains(&n.v) {
                ok = false;
                self.push(
                    Diagnostic::error(diag::MAP_BOUNDS, format!("a map has 1 to {MAX_MAP_CELLS} {what}, not {}", n.v))
                        .at(&n.loc)
                        .label(format!("at most {MAX_MAP_CELLS}"))
                        .help("split a larger map into several [[map]]s"),
                );
            }
        }
        let (lo, hi) = CELL_MM;
        if !(lo..=hi).contains(&m.cell.v) {
            ok = false;
            self.push(
                Diagnostic::error(
                    diag::MAP_BOUNDS,
                    format!("a map cell is {lo} to {hi} mm across, not {:.1} mm", m.cell.v),
                )
                .at(&m.cell.loc)
                .label(format!("{lo} to {hi} mm"))
                .help("hexes are usually 1.2 to 1.6 times the counter: 3/4in hexes for 5/8in counters"),
            );
        }
        ok
    }

    /// A terrain listed as a hexside feature (`hexside`) or as the terrain of whole cells: E080
    /// when it is the other kind. A terrain is a hexside feature when its `[[terrain]]` says
    /// `hexside = true`; one not declared, when it is a built-in edge (river, wall, cliff). A
    /// built-in river may also fill cells (river hexes), so only a declared one is held to it.
    fn listed_as(&mut self, id: &Sp<String>, as_hexside: bool) {
        let declared = self.game.terrain.iter().find(|t| t.id.v == id.v);
        let is_hexside = match declared {
            Some(t) => t.hexside,
            None if as_hexside => ["river", "wall", "cliff"].contains(&id.v.as_str()),
            None => return,
        };
        if is_hexside == as_hexside || (!as_hexside && declared.is_none()) {
            return;
        }
        let d = if as_hexside {
            Diagnostic::error(
                diag::TERRAIN_WRONG_LIST,
                format!("`{}` fills whole cells, but is listed as a hexside feature", id.v),
            )
            .label("not a hexside feature")
            .help(format!(
                "list its cells under [map.cells] ({} = [\"0304\"]); or, if it runs along hex edges, give its [[terrain]] hexside = true",
                id.v
            ))
        } else {
            Diagnostic::error(
                diag::TERRAIN_WRONG_LIST,
                format!("`{}` is a hexside feature (hexside = true), but is listed as the terrain of whole cells", id.v),
            )
            .label("a hexside feature")
            .help(format!(
                "list it under [map.hexsides] by cell and side ({} = [\"0304 ne\"]); or, if it fills whole hexes, take out hexside = true",
                id.v
            ))
        };
        self.push(d.at(&id.loc));
    }

    /// A terrain a map draws: declared, or one of the built-in looks (E006 otherwise); W011
    /// when it has neither a colour nor a built-in one.
    pub(super) fn map_terrain(&mut self, id: &Sp<String>) {
        if id.v.is_empty() {
            return;
        }
        let builtin = BUILTIN_TERRAIN.iter().any(|(b, _, _)| *b == id.v);
        match self.game.terrain.iter().find(|t| t.id.v == id.v) {
            Some(t) => {
                if t.color.is_none() && !builtin {
                    self.push(
                        Diagnostic::warning(
                            diag::TERRAIN_NO_COLOUR,
                            format!("terrain `{}` has no colour to draw on a map", id.v),
                        )
                        .at(&id.loc)
                        .label("drawn like clear terrain")
                        .help(format!("give [[terrain]] `{}` a color = \"#rrggbb\"", id.v)),
                    );
                }
            }
            None if builtin => {}
            None => {
                let mut names: Vec<&str> = self.game.terrain.iter().map(|t| t.id.v.as_str()).collect();
                names.extend(BUILTIN_TERRAIN.iter().map(|(b, _, _)| *b));
                let d = unknown_reference(Coll::Terrain, &id.v, &id.loc, names);
                self.push(d.note("built in: clear, forest, town, city, hill, marsh, ocean, river, beach, road, railway, trail, wall, cliff"));
            }
        }
    }

    /// The cells an entry names (a cell or a range), or E050 at it.
    fn cells_of(&mut self, g: &Grid, entry: &Sp<String>) -> Vec<Coord> {
        match g.expand(&entry.v) {
            Ok(cells) => cells,
            Err(msg) => {
                self.off_map(g, entry, msg);
                Vec::new()
            }
        }
    }

    /// The one cell an entry names, or E050 at it.
    fn cell(&mut self, g: &Grid, entry: &Sp<String>) -> Option<Coord> {
        match g.parse(&entry.v) {
            Some(c) if g.exists(c) => Some(c),
            Some(_) => {
                self.off_map(g, entry, format!("the map has no cell {}", entry.v.trim()));
                None
            }
            None => {
                self.off_map(g, entry, format!("`{}` is not a cell name ({})", entry.v.trim(), g.scheme_help()));
                None
            }
        }
    }

    fn off_map(&mut self, g: &Grid, entry: &Sp<String>, msg: String) {
        self.push(
            Diagnostic::error(diag::CELL_OFF_MAP, msg)
                .at(&entry.loc)
                .label("not a cell of this map")
                .help(format!("{}; a range is two cells joined by `-`", g.scheme_help())),
        );
    }

    /// A hexside entry: `"CELL SIDE"` or `"CELL CELL"`.
    fn hexside(&mut self, g: &Grid, entry: &Sp<String>) {
        // A range of cells and the sides of each: "0901-0915 ne se".
        if let Some((range, sides)) = hexside_range(&entry.v) {
            self.cells_of(g, &Sp::new(range.to_string(), entry.loc.clone()));
            let names = g.side_names();
            for s in sides {
                if !names.contains(&s.to_ascii_lowercase().as_str()) {
                    let d =
                        Diagnostic::error(diag::NOT_ADJACENT, format!("`{s}` is not a side of a cell of this grid"))
                            .at(&entry.loc)
                            .label(format!("after a range of cells come sides: {}", names.join(", ")));
                    self.push(match diag::did_you_mean(&s.to_ascii_lowercase(), names.iter().copied()) {
                        Some(m) => d.help(format!("did you mean `{m}`?")),
                        None => {
                            d.help(format!("write \"{range} {}\": the same sides of every cell of the range", names[0]))
                        }
                    });
                }
            }
            return;
        }
        let mut parts = entry.v.split_whitespace();
        let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
            self.push(
                Diagnostic::error(diag::NOT_ADJACENT, format!("`{}` is not a side of a cell", entry.v))
                    .at(&entry.loc)
                    .label("expected a cell and a side, or two cells")
                    .help(format!("write \"0304 {}\" or \"0304 0305\"", g.side_names()[0])),
            );
            return;
        };
        let Some(cell) = self.cell(g, &Sp::new(a.to_string(), entry.loc.clone())) else { return };
        let sides = g.side_names();
        if sides.contains(&b.to_ascii_lowercase().as_str()) {
            return;
        }
        match g.parse(b) {
            Some(other) if g.side_between(cell, other).is_some() => {
                if !g.exists(other) {
                    self.off_map(g, entry, format!("the map has no cell {b}"));
                }
            }
            Some(other) => self.push(
                Diagnostic::error(
                    diag::NOT_ADJACENT,
                    format!("{} and {} are not neighbours: they share no side", g.said(cell), g.said(other)),
                )
                .at(&entry.loc)
                .label("no side between these cells")
                .help(format!(
                    "the neighbours of {} are {}",
                    g.said(cell),
                    names(g, &g.neighbours(cell))
                )),
            ),
            None => {
                let d = Diagnostic::error(diag::NOT_ADJACENT, format!("`{b}` is not a side of a cell of this grid"))
                    .at(&entry.loc)
                    .label(format!("the sides are {}", sides.join(", ")));
                let d = match diag::did_you_mean(&b.to_ascii_lowercase(), sides.iter().copied()) {
                    Some(s) => d.help(format!("did you mean `{s}`?")),
                    None => d.help(format!("write a side ({}) or a neighbouring cell", sides.join(", "))),
                };
                self.push(d);
            }
        }
    }

    /// A scenario's `[scenario.board]` and the map cells its forces and objectives name.
    fn check_board(&mut self, sc: &Scenario) {
        let Some(board) = &sc.board else {
            self.cells_without_board(sc);
            return;
        };
        let map = match (&board.map, &board.arranged) {
            (Some(id), _) => {
                if let Some(m) = self.game.area_maps.iter().find(|m| m.id.v == id.v) {
                    self.check_area_board(sc, m);
                    return;
                }
                // Neither kind of map: a did-you-mean among both.
                if !self.game.maps.iter().any(|m| m.id.v == id.v) && !self.game.area_maps.is_empty() {
                    let names: Vec<&str> = (self.game.maps.iter().map(|m| m.id.v.as_str()))
                        .chain(self.game.area_maps.iter().map(|m| m.id.v.as_str()))
                        .collect();
                    self.push(unknown_reference(Coll::Map, &id.v, &id.loc, names));
                    return;
                }
                let Some(map) = self.resolve::<Map>(id) else { return };
                // A geomorphic board played alone: named as on boards laid together.
                match &board.arranged {
                    Some(Ok(alone)) => alone,
                    _ => map,
                }
            }
            (None, arranged) => {
                for id in board.boards.iter().flatten() {
                    if self.game.area_maps.iter().any(|m| m.id.v == id.v) {
                        self.push(
                            Diagnostic::error(diag::BOARDS_DO_NOT_FIT, format!("`{}` is a map of areas, not a board", id.v))
                                .at(&id.loc)
                                .help("lay hex or square maps with a `board` label side by side; play a map of areas with map = \"...\""),
                        );
                        continue;
                    }
                    self.resolve::<Map>(id);
                }
                match arranged {
                    Some(Ok(map)) => {
                        self.seams(board, map);
                        map
                    }
                    Some(Err(e)) => {
                        let at = board.boards.get(e.at.0).and_then(|r| r.get(e.at.1)).map_or(&board.loc, |b| &b.loc);
                        self.push(
                            Diagnostic::error(diag::BOARDS_DO_NOT_FIT, e.message.clone())
                                .at(at)
                                .label("laid here")
                                .help(e.help.clone()),
                        );
                        return;
                    }
                    None => return,
                }
            }
        };
        if !(1..=MAX_MAP_CELLS).contains(&map.columns.v)
            || !(1..=MAX_MAP_CELLS).contains(&map.rows.v)
            || !(CELL_MM.0..=CELL_MM.1).contains(&map.cell.v)
        {
            return;
        }
        let g = map.grid();
        let window = match &board.window {
            Some(w) => bounds(&self.cells_of(&g, w)).unwrap_or((1, 1, g.columns, g.rows)),
            None => (1, 1, g.columns, g.rows),
        };
        let b = Played { map, g: g.clone(), window, windowed: board.window.is_some() };
        self.board_arrows(sc, board, map);
        let mut stack: BTreeMap<Coord, i64> = BTreeMap::new();
        for side in &sc.sides {
            let areas: Vec<&MapArea> =
                map.areas.iter().filter(|a| a.side.as_ref().is_some_and(|s| s.v == side.side.v)).collect();
            for f in &side.forces {
                self.force_area(&b, side, f, &areas);
                self.force_cells(&b, side, f, &areas, &mut stack);
                self.force_entry(&b, side, f);
            }
        }
        for ob in &sc.objectives {
            for entry in &ob.cells {
                self.window_cell(&g, window, entry);
            }
        }
    }

    /// The settings an arrow shows are the scenario's, its edge the map's.
    fn board_arrows(&mut self, sc: &Scenario, board: &Board, map: &Map) {
        for a in &board.arrows {
            if let Some(s) = &a.setting
                && sc.settings.iter().all(|(k, _)| k.v != s.v)
            {
                let names: Vec<&str> = sc.settings.iter().map(|(k, _)| k.v.as_str()).collect();
                self.push(
                    unknown_reference(Coll::ScenarioSetting, &s.v, &s.loc, names)
                        .note("an arrow shows a setting the scenario states in `settings`"),
                );
            }
            if EdgeSide::parse(&a.towards.v).is_none() && !map.edges.iter().any(|e| e.id.v == a.towards.v) {
                self.unknown_in_map(map, "edge", &a.towards, map.edges.iter().map(|e| e.id.v.as_str()).collect());
            }
        }
    }

    /// A force's `area`: one of the map's, and not another side's (E053).
    fn force_area(&mut self, b: &Played, side: &ScenarioSide, f: &Force, areas: &[&MapArea]) {
        let Some(area) = &f.area else { return };
        let map = b.map;
        match map.areas.iter().find(|a| a.id.v == area.v) {
            None => self.unknown_in_map(map, "area", area, map.areas.iter().map(|a| a.id.v.as_str()).collect()),
            Some(a) if a.side.as_ref().is_some_and(|s| s.v != side.side.v) && f.arrives.is_none() => {
                let owner = a.side.as_ref().map(|s| s.v.as_str()).unwrap_or_default();
                self.push(
                    Diagnostic::error(
                        diag::SETUP_OUTSIDE_AREA,
                        format!("{} sets up in area `{}`, which is {owner}'s", side.side.v, area.v),
                    )
                    .at(&area.loc)
                    .label(format!("a set-up area of {owner}"))
                    .help(area_help(areas)),
                );
            }
            Some(_) => {}
        }
    }

    /// A force set up in a cell whose terrain no unit may enter (E074): a ship on land, an army
    /// at sea.
    fn enterable(&mut self, b: &Played, listed: &HashMap<Coord, &Sp<String>>, c: Coord, f: &Force, entry: &Sp<String>) {
        // A cell not listed has the map's terrain, else clear (as it is drawn).
        let id = listed.get(&c).copied().or(b.map.terrain.as_ref()).map_or("clear", |t| t.v.as_str());
        self.prohibited_setup(f, id, &b.g.said(c), &entry.loc);
    }

    /// E074: force `f` set up at `place` (a cell, an area), of terrain `terrain`, which its
    /// units may not enter: the terrain costs "P" for every unit, or for the unit's kind.
    pub(super) fn prohibited_setup(&mut self, f: &Force, terrain: &str, place: &str, at: &Loc) {
        let game = self.game;
        let Some(t) = self.ix.get::<Terrain>(game, terrain) else { return };
        let unit = f.unit_id(game).and_then(|u| self.ix.get::<Unit>(game, &u.v));
        let kind = unit.and_then(|u| u.kind.as_ref()).map(|k| k.v.as_str());
        if !t.prohibits(kind) {
            return;
        }
        // The force by the name it prints with: its own, else its unit's.
        let name = f.name.as_ref().map(|n| n.v.clone()).or(unit.map(|u| u.name.v.clone()));
        let what = name.map_or("a force".to_string(), |n| format!("`{n}`"));
        let (may, whom, label) = match kind {
            Some(k) if !t.prohibited() => {
                let kind = self.ix.get::<Kind>(game, k).map_or(k.to_string(), |x| x.name.v.clone());
                ("it may not enter", format!("units of kind `{k}`"), format!("{kind} units may not go here"))
            }
            _ => ("no unit may enter", "every unit".to_string(), "no unit may go here".to_string()),
        };
        // A place named as its terrain ("Narrow Sea", a sea) says it once.
        let (message, label) = if place.eq_ignore_ascii_case(&t.name.v) {
            (format!("{what} sets up in {place}, which {may}"), label)
        } else {
            (format!("{what} sets up in {place} ({}), which {may}", t.name.v), format!("{place} is {}", t.name.v))
        };
        self.push(
            Diagnostic::error(diag::SETUP_PROHIBITED, message)
                .at(at)
                .label(label)
                .note(format!("[[terrain]] `{}` costs \"P\" (prohibited) for {whom}", t.id.v))
                .help("set it up where it may go, or give the terrain a cost for its units"),
        );
    }

    /// A force's set-up `cells`: on the board played (E050), in its side's areas when the side
    /// has some (E053), and within the stacking limit counted over all forces so far (E055).
    fn force_cells(
        &mut self,
        b: &Played,
        side: &ScenarioSide,
        f: &Force,
        areas: &[&MapArea],
        stack: &mut BTreeMap<Coord, i64>,
    ) {
        let g = &b.g;
        let allowed: BTreeSet<Coord> = areas.iter().flat_map(|a| a.coords(b.map)).collect();
        let limit = self.game.scenario_limits.units_per_cell.as_ref().map(|l| l.v);
        let listed = if f.cells.is_empty() { HashMap::new() } else { b.map.listed_terrain(g) };
        for (i, entry) in f.cells.iter().enumerate() {
            let Some(c) = self.window_cell(g, b.window, entry) else { continue };
            self.enterable(b, &listed, c, f, entry);
            if !allowed.is_empty() && !allowed.contains(&c) && f.arrives.is_none() {
                self.push(
                    Diagnostic::error(
                        diag::SETUP_OUTSIDE_AREA,
                        format!("{} is outside every set-up area of {}", g.said(c), side.side.v),
                    )
                    .at(&entry.loc)
                    .label(format!("not in {}'s set-up area", side.side.v))
                    .help(area_help(areas)),
                );
            }
            let here = f.in_cell(i, f.cells.len());
            let n = stack.entry(c).or_insert(0);
            *n += here;
            if let Some(max) = limit
                && *n > max
                && *n - here <= max
            {
                self.push(
                    Diagnostic::error(
                        diag::STACKING_OVER_LIMIT,
                        format!("{} units set up in {}; the stacking limit is {max}", *n, g.said(c)),
                    )
                    .at(&entry.loc)
                    .label(format!("{} over the limit", *n - max))
                    .help("spread the units over more cells, or raise [scenario_limits] units_per_cell"),
                );
            }
        }
    }

    /// A force's `entry`: a cell on an edge of the board played, or an edge (E054).
    fn force_entry(&mut self, b: &Played, side: &ScenarioSide, f: &Force) {
        let g = &b.g;
        let Some(entry) = &f.entry else { return };
        // An edge: the whole of it, the side's own or nobody's.
        if let Some((edge, named)) = b.map.entry_edge(&entry.v) {
            let what = b.map.entry_words(&entry.v);
            self.entry_edge_side(b, side, entry, &what, |e| e == edge, named);
            return;
        }
        // Neither a cell nor an edge: most likely a misspelt edge id.
        if g.parse(&entry.v).is_none() && entry.v.chars().any(|c| c.is_ascii_alphabetic()) && entry.v.len() > 3 {
            let mut names: Vec<&str> = b.map.edges.iter().map(|e| e.id.v.as_str()).collect();
            names.extend(["north", "east", "south", "west"]);
            self.unknown_in_map(b.map, "edge", entry, names);
            return;
        }
        let Some(c) = self.window_cell(g, b.window, entry) else { return };
        let (c0, r0, c1, r1) = b.window;
        let on_edge =
            if b.windowed { c.col == c0 || c.col == c1 || c.row == r0 || c.row == r1 } else { g.on_any_edge(c) };
        if !on_edge {
            self.push(
                Diagnostic::error(diag::ENTRY_NOT_ON_EDGE, format!("{} is not on an edge of the map", g.said(c)))
                    .at(&entry.loc)
                    .label("units enter at an edge cell")
                    .help(format!(
                        "name a cell of the first or last row or column ({} to {})",
                        g.said(Coord { col: c0, row: r0 }),
                        g.said(Coord { col: c1, row: r1 })
                    )),
            );
            return;
        }
        // On an edge the map gives another side, and on none of this side's (or nobody's).
        let on = |e: EdgeSide| match e {
            EdgeSide::North => c.row == r0,
            EdgeSide::South => c.row == r1,
            EdgeSide::West => c.col == c0,
            EdgeSide::East => c.col == c1,
        };
        self.entry_edge_side(b, side, entry, &g.said(c), on, None);
    }

    /// An entry on an edge of the map that `[[map.edge]]`s give only to other sides (E054):
    /// `on` says which edges the entry lies on, `named` the edge it names by id.
    fn entry_edge_side(
        &mut self,
        b: &Played,
        side: &ScenarioSide,
        entry: &Sp<String>,
        what: &str,
        on: impl Fn(EdgeSide) -> bool,
        named_edge: Option<&MapEdge>,
    ) {
        let named: Vec<&MapEdge> = match named_edge {
            Some(e) => vec![e],
            None => b.map.edges.iter().filter(|e| e.edge.as_ref().is_some_and(|s| on(s.v))).collect(),
        };
        let theirs = named.iter().find(|e| e.side.as_ref().is_some_and(|s| s.v != side.side.v));
        let ours_or_free = named.iter().any(|e| e.side.as_ref().is_none_or(|s| s.v == side.side.v));
        if let (Some(e), false) = (theirs, ours_or_free) {
            let edge_name = |e: &MapEdge| e.name.as_ref().map_or(e.id.v.clone(), |n| n.v.clone());
            let own: Vec<String> = b
                .map
                .edges
                .iter()
                .filter(|x| x.side.as_ref().is_some_and(|s| s.v == side.side.v))
                .map(|x| format!("{} ({})", edge_name(x), x.edge.as_ref().map_or("", |s| s.v.name())))
                .collect();
            let d = Diagnostic::error(
                diag::ENTRY_NOT_ON_EDGE,
                match named_edge {
                    Some(_) => format!("{what} belongs to `{}`", e.side.as_ref().map_or("", |s| s.v.as_str())),
                    None => format!(
                        "{what} is on the {}, which belongs to `{}`",
                        edge_name(e),
                        e.side.as_ref().map_or("", |s| s.v.as_str())
                    ),
                },
            )
            .at(&entry.loc)
            .label(format!("not an edge of `{}`", side.side.v));
            self.push(match own.is_empty() {
                true => {
                    d.help(format!("`{}` enters at an edge the map gives it or no side; check the cell", side.side.v))
                }
                false => d.help(format!("`{}` enters at {}", side.side.v, own.join(" or "))),
            });
        }
    }

    /// A cell inside the scenario's window of its map, or E050.
    fn window_cell(&mut self, g: &Grid, (c0, r0, c1, r1): Window, entry: &Sp<String>) -> Option<Coord> {
        let c = self.cell(g, entry)?;
        if (c0..=c1).contains(&c.col) && (r0..=r1).contains(&c.row) {
            return Some(c);
        }
        self.push(
            Diagnostic::error(diag::CELL_OFF_MAP, format!("{} is outside the scenario's window of the map", g.said(c)))
                .at(&entry.loc)
                .label("not on the board played")
                .help(format!(
                    "the window is {} to {}; widen `window` in [scenario.board]",
                    g.said(Coord { col: c0, row: r0 }),
                    g.said(Coord { col: c1, row: r1 })
                )),
        );
        None
    }

    /// An area or edge id the map does not have: E006 with a did-you-mean.
    fn unknown_in_map(&mut self, map: &Map, what: &str, id: &Sp<String>, names: Vec<&str>) {
        let of = if map.arranged.is_some() { map.id.v.clone() } else { format!("map `{}`", map.id.v) };
        let d = Diagnostic::error(
            diag::UNKNOWN_REFERENCE,
            format!("{of} {} no {what} `{}`", if map.arranged.is_some() { "have" } else { "has" }, id.v),
        )
        .at(&id.loc)
        .label(format!("no [[map.{what}]] has this id"));
        let d = if map.arranged.is_some() && what == "edge" {
            d.note("a board's [[map.edge]] is an edge of its boards laid together only where the board makes that whole side")
        } else {
            d
        };
        let d = match diag::did_you_mean(&id.v, names.iter().copied()) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None if names.is_empty() => d.help(format!("add a [[map.{what}]] with id = \"{}\" to the map", id.v)),
            None => d.help(format!("the {what}s are: {}", names.join(", "))),
        };
        self.push(d);
    }

    /// Forces or objectives that name cells in a scenario without a board: E003 at the first.
    fn cells_without_board(&mut self, sc: &Scenario) {
        let forces = sc.sides.iter().flat_map(|s| &s.forces);
        let first = forces
            .flat_map(|f| f.cells.first().or(f.area.as_ref()).or(f.entry.as_ref()))
            .chain(sc.objectives.iter().filter_map(|o| o.cells.first()))
            .next();
        if let Some(at) = first {
            self.push(
                Diagnostic::error(
                    diag::MISSING_FIELD,
                    format!("scenario `{}` places units on a map but has no board", sc.id.v),
                )
                .at(&at.loc)
                .label("cells of which map?")
                .help("add [scenario.board] with map = \"...\" to the scenario"),
            );
        }
    }
}

/// "0102, 0201, 0202".
fn names(g: &Grid, cells: &[(usize, Coord)]) -> String {
    cells.iter().map(|(_, c)| g.said(*c)).collect::<Vec<_>>().join(", ")
}

fn area_help(areas: &[&MapArea]) -> String {
    if areas.is_empty() {
        return "set up in an area of the unit's own side".to_string();
    }
    let list: Vec<String> = areas
        .iter()
        .map(|a| format!("`{}` ({})", a.id.v, a.cells.iter().map(|c| c.v.as_str()).collect::<Vec<_>>().join(", ")))
        .collect();
    format!("its set-up areas are {}", list.join("; "))
}
