//! Maps of areas and points against themselves and the game, and the scenarios played on them:
//! every area named exists and lies on the map, no area or connection is written twice, every
//! connection joins two different areas by a declared kind, every area can be reached, limits
//! are whole numbers of pieces; a force sets up in an area of its map that its side may use and
//! its units may enter, within the area's limit.

use std::collections::{BTreeMap, BTreeSet};

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

/// The most pieces an area or connection limit may say.
const MAX_LIMIT: i64 = 999;

impl Checker<'_> {
    pub(super) fn check_area_maps(&mut self) {
        let game = self.game;
        for k in &game.connection_kinds {
            self.limit(&k.limit, "a connection kind's limit");
            self.seasonal_limits(k);
        }
        for m in &game.area_maps {
            if let Some(other) = game.maps.iter().find(|x| x.id.v == m.id.v) {
                self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("two maps have the id `{}`", m.id.v))
                        .at(&m.id.loc)
                        .note(format!("the other: {}", super::index::place(&game.files, &other.id.loc)))
                        .help("give one map another id: scenarios name their map by it"),
                );
            }
            self.check_area_map(m);
        }
    }

    /// `limits = { Mud = 1 }`: each a weather some turn of the turn track has (else it never
    /// applies, E006), each a limit in range.
    fn seasonal_limits(&mut self, k: &ConnectionKind) {
        let weathers: Vec<&str> = (self.game.turn_track.iter())
            .flat_map(|t| &t.turns)
            .filter_map(|t| t.weather.as_ref().map(|w| w.v.as_str()))
            .fold(Vec::new(), |mut v, w| {
                if !v.contains(&w) {
                    v.push(w);
                }
                v
            });
        for (w, n) in &k.limits {
            // 0: closed in that weather (a pass under snow).
            if !(0..=MAX_LIMIT).contains(&n.v) {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("a limit of {} in {}", n.v, w.v))
                        .at(&n.loc)
                        .label(format!("not 0 to {MAX_LIMIT}"))
                        .help("write how many pieces may cross it a turn in that weather: 0 closes it"),
                );
            }
            if weathers.contains(&w.v.as_str()) {
                continue;
            }
            let mut d = Diagnostic::error(
                diag::UNKNOWN_REFERENCE,
                format!("no turn of the turn track has the weather `{}`", w.v),
            )
            .at(&w.loc)
            .label("this limit would never apply");
            d = match (diag::did_you_mean(&w.v, weathers.iter().copied()), weathers.is_empty()) {
                (Some(m), _) => d.help(format!("did you mean `{m}`?")),
                (None, true) => d.help("give the turns of [turn_track] a `weather` (\"Mud\", \"Winter\"), and name it here as written there"),
                (None, false) => d.help(format!("name a weather as the turn track writes it: {}", weathers.join(", "))),
            };
            self.push(d);
        }
    }

    fn check_area_map(&mut self, m: &AreaMap) {
        if m.places.len() > MAX_AREAS || m.connections.len() > MAX_CONNECTIONS {
            self.push(
                Diagnostic::error(
                    diag::MAP_BOUNDS,
                    format!(
                        "map `{}` has {} areas and {} connections; a map has at most {MAX_AREAS} and {MAX_CONNECTIONS}",
                        m.id.v,
                        m.places.len(),
                        m.connections.len()
                    ),
                )
                .at(&m.id.loc)
                .help("split it into several [[map]]s"),
            );
            return;
        }
        if let Some(t) = &m.terrain {
            self.map_terrain(t);
        }
        if let Some(b) = &m.background {
            self.check_image(b);
        }
        let mut seen: BTreeMap<&str, &Place> = BTreeMap::new();
        for p in &m.places {
            if let Some(first) = seen.insert(p.id.v.as_str(), p) {
                self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("map `{}` has two areas `{}`", m.id.v, p.id.v))
                        .at(&p.id.loc)
                        .note(format!("the first: {}", super::index::place(&self.game.files, &first.id.loc)))
                        .help("give each area its own id, or merge the two"),
                );
            }
            if let Some(t) = &p.terrain {
                self.map_terrain(t);
            }
            if let Some(s) = &p.side {
                self.resolve::<Side>(s);
            }
            self.limit(&p.limit, "an area's limit");
            if let Some(v) = p.value.as_ref().filter(|v| !(0..=MAX_LIMIT).contains(&v.v)) {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("an area's value is 0 to {MAX_LIMIT}, not {}", v.v))
                        .at(&v.loc)
                        .help("write the victory points holding it is worth"),
                );
            }
            // Off a map of a given size (without one, the map grows to hold its areas).
            if let (Some(loc), Some((w, h))) = (&p.outline_at, m.size_mm())
                && p.outline.iter().any(|(x, y)| *x > w || *y > h)
            {
                self.push(
                    Diagnostic::error(
                        diag::MAP_BOUNDS,
                        format!("the outline of area `{}` runs off the {w:.0} x {h:.0} mm map", p.id.v),
                    )
                    .at(loc)
                    .help("measure from the map's top-left corner, or make the map's `size` larger"),
                );
            }
            if let Some((w, h)) = m.size_mm()
                && let Some(at) = p.at.as_ref().filter(|a| a.v.0 > w || a.v.1 > h)
            {
                self.push(
                    Diagnostic::error(
                        diag::MAP_BOUNDS,
                        format!(
                            "area `{}` is at {:.0}, {:.0} mm, off the {w:.0} x {h:.0} mm map",
                            p.id.v, at.v.0, at.v.1
                        ),
                    )
                    .at(&at.loc)
                    .label("outside the map")
                    .help("measure from the map's top-left corner, or make the map's `size` larger"),
                );
            }
        }
        self.connections(m);
    }

    /// A limit of pieces: a whole number from 1.
    fn limit(&mut self, limit: &Option<Sp<i64>>, what: &str) {
        if let Some(l) = limit.as_ref().filter(|l| !(1..=MAX_LIMIT).contains(&l.v)) {
            self.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("{what} is 1 to {MAX_LIMIT} pieces, not {}", l.v))
                    .at(&l.loc)
                    .help("leave `limit` out for no limit"),
            );
        }
    }

    /// Every connection joins two areas of the map, different and not joined before by the same
    /// kind, of a declared kind; every area is joined to the rest (W020 otherwise).
    fn connections(&mut self, m: &AreaMap) {
        let game = self.game;
        let names: Vec<&str> = m.places.iter().map(|p| p.id.v.as_str()).filter(|n| !n.is_empty()).collect();
        let mut pairs: BTreeMap<(String, String, String), &Connection> = BTreeMap::new();
        let mut joined: Vec<(usize, usize)> = Vec::new();
        let mut broken = false;
        for c in &m.connections {
            // Not two ends: the loader's finding; what it would have joined is unknown.
            broken |= c.between.len() != 2;
            let mut ends = Vec::new();
            for b in &c.between {
                match m.places.iter().position(|p| p.id.v == b.v) {
                    Some(i) => ends.push(i),
                    None => {
                        broken = true;
                        self.unknown_area(m, b, &names);
                    }
                }
            }
            self.limit(&c.limit, "a connection's limit");
            match &c.kind {
                Some(k) => {
                    self.resolve::<ConnectionKind>(k);
                }
                None if !game.connection_kinds.is_empty() && !c.kind_written => {
                    let kinds: Vec<&str> = game.connection_kinds.iter().map(|k| k.id.v.as_str()).collect();
                    self.push(Diagnostic::error(diag::MISSING_FIELD, "a connection without a `kind`").at(&c.loc).help(
                        format!("say what joins the areas: kind = \"{}\" (the kinds: {})", kinds[0], kinds.join(", ")),
                    ));
                }
                None => {}
            }
            let [a, b] = ends[..] else { continue };
            if a == b {
                broken = true;
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("a connection from `{}` to itself", m.places[a].id.v),
                    )
                    .at(&c.between[1].loc)
                    .help("name the other area it joins"),
                );
                continue;
            }
            joined.push((a, b));
            let (x, y) = (m.places[a].id.v.clone(), m.places[b].id.v.clone());
            let key = if x < y { (x, y) } else { (y, x) };
            let kind = c.kind.as_ref().map(|k| k.v.clone()).unwrap_or_default();
            if let Some(first) = pairs.insert((key.0.clone(), key.1.clone(), kind), c) {
                self.push(
                    Diagnostic::error(
                        diag::DUPLICATE_ID,
                        format!("`{}` and `{}` are joined twice by the same kind", key.0, key.1),
                    )
                    .at(&c.loc)
                    .note(format!("the first: {}", super::index::place(&game.files, &first.loc)))
                    .help("remove one; two kinds of connection between the same areas (a road and a strait) are fine"),
                );
            }
        }
        // Root causes first: with a connection to nowhere, what it should have joined is
        // not unreachable yet.
        if !broken {
            self.reachable(m, &joined);
        }
    }

    /// W020 for the areas that cannot be reached from the map's first area: joined to nothing,
    /// or to a group of areas the rest of the map does not reach.
    fn reachable(&mut self, m: &AreaMap, joined: &[(usize, usize)]) {
        if m.places.len() < 2 {
            return;
        }
        // The map's groups of areas joined to each other; the largest is the map, the others
        // cannot be reached from it.
        let mut group = vec![usize::MAX; m.places.len()];
        let mut sizes = Vec::new();
        for start in 0..m.places.len() {
            if group[start] != usize::MAX {
                continue;
            }
            let g = sizes.len();
            group[start] = g;
            let (mut todo, mut n) = (vec![start], 1usize);
            while let Some(a) = todo.pop() {
                for &(x, y) in joined {
                    let next = if x == a {
                        y
                    } else if y == a {
                        x
                    } else {
                        continue;
                    };
                    if group[next] == usize::MAX {
                        group[next] = g;
                        n += 1;
                        todo.push(next);
                    }
                }
            }
            sizes.push(n);
        }
        // The largest group (the first of those as large): everything else is cut off from it.
        let main = (0..sizes.len()).max_by_key(|&g| (sizes[g], std::cmp::Reverse(g))).unwrap_or(0);
        let reached: BTreeSet<usize> = (0..m.places.len()).filter(|&i| group[i] == main).collect();
        let first = (0..m.places.len()).find(|&i| group[i] == main).map_or_else(String::new, |i| m.places[i].label());
        // An area written twice is E005, not unreachable.
        let first_of = |i: usize| m.places.iter().position(|p| p.id.v == m.places[i].id.v) == Some(i);
        for (i, p) in m.places.iter().enumerate().filter(|(i, _)| !reached.contains(i) && first_of(*i)) {
            let alone = !joined.iter().any(|&(x, y)| x == i || y == i);
            let msg = if alone {
                format!("area `{}` is joined to no other area", p.id.v)
            } else {
                format!("area `{}` cannot be reached from {first}", p.id.v)
            };
            self.push(
                Diagnostic::warning(diag::AREA_UNREACHABLE, msg)
                    .at(&p.id.loc)
                    .label("no connection leads here from the rest of the map")
                    .help("add a [[map.connection]] with between = [this area, a neighbour]; a box off the map (a holding box) needs none: ignore this"),
            );
        }
    }

    /// An area id the map does not have: E006 with a did-you-mean.
    pub(super) fn unknown_area(&mut self, m: &AreaMap, id: &Sp<String>, names: &[&str]) {
        // An area written without its id (E003) may be the one meant: that is the finding.
        if m.places.iter().any(|p| p.id.v.is_empty()) {
            return;
        }
        let d = Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("map `{}` has no area `{}`", m.id.v, id.v))
            .at(&id.loc)
            .label("no [[map.area]] has this id");
        let d = match diag::did_you_mean(&id.v, names.iter().copied()) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None if names.is_empty() => d.help(format!("add a [[map.area]] with id = \"{}\"", id.v)),
            None => d.help(format!("the areas are: {}", names.join(", "))),
        };
        self.push(d);
    }

    /// A scenario played on a map of areas: forces set up in areas of it (not cells), which
    /// their side may use (E053) and their units may enter (E074), within each area's limit
    /// (E055); reinforcements enter at areas; objectives name areas.
    pub(super) fn check_area_board(&mut self, sc: &Scenario, m: &AreaMap) {
        let names: Vec<&str> = m.places.iter().map(|p| p.id.v.as_str()).filter(|n| !n.is_empty()).collect();
        if let Some(board) = &sc.board {
            let window = board
                .window
                .as_ref()
                .map(|w| (&w.loc, "`window`", "a map of areas prints whole on the scenario sheet: remove `window`"));
            let arrows = board.arrows.first().map(|a| {
                (&a.towards.loc, "`arrows`", "point at a map's edge only on hex and square maps: say the direction in the scenario's `settings` text instead")
            });
            for (at, what, help) in window.into_iter().chain(arrows) {
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("{what} is for hex and square maps; `{}` is a map of areas", m.id.v),
                    )
                    .at(at)
                    .help(help),
                );
            }
        }
        let mut held: BTreeMap<&str, i64> = BTreeMap::new();
        for side in &sc.sides {
            for f in &side.forces {
                if let Some(c) = f.cells.first() {
                    self.push(
                        Diagnostic::error(diag::CELL_OFF_MAP, format!("map `{}` has areas, not cells", m.id.v))
                            .at(&c.loc)
                            .label("a cell")
                            .help("set the force up in an area: area = \"...\" (a force in several areas is one line per area)"),
                    );
                }
                if let Some(e) = f.entry.as_ref().filter(|e| m.place(&e.v).is_none()) {
                    self.unknown_area(m, e, &names);
                }
                let Some(area) = &f.area else { continue };
                let Some(p) = m.place(&area.v) else {
                    self.unknown_area(m, area, &names);
                    continue;
                };
                self.area_setup(side, f, area, p, m);
                if f.arrives.is_none() {
                    let n = held.entry(p.id.v.as_str()).or_insert(0);
                    let before = *n;
                    *n += f.copies().saturating_mul(self.blocks_per_unit(f));
                    if let Some(limit) = p.limit.as_ref().filter(|l| *n > l.v && before <= l.v) {
                        self.push(
                            Diagnostic::error(
                                diag::STACKING_OVER_LIMIT,
                                format!("{} pieces set up in {}; it holds {}", *n, p.label(), limit.v),
                            )
                            .at(&area.loc)
                            .label(format!("{} over its limit", *n - limit.v))
                            .note(format!("its limit: {}", super::index::place(&self.game.files, &limit.loc)))
                            .help("set some up in a neighbouring area, or raise the area's `limit`"),
                        );
                    }
                }
            }
        }
        for ob in &sc.objectives {
            for c in ob.cells.iter().filter(|c| m.place(&c.v).is_none()) {
                self.unknown_area(m, c, &names);
            }
        }
    }

    /// How many pieces one unit of a force is: its block group's `count` stat (a Commands &
    /// Colors unit of four blocks), else one.
    fn blocks_per_unit(&self, f: &Force) -> i64 {
        let game = self.game;
        let Some(unit) = f.unit_id(game).and_then(|u| self.ix.get::<Unit>(game, &u.v)) else { return 1 };
        self.unit_blocks(unit).unwrap_or(1)
    }

    /// How many blocks a unit is, when its block group counts them (`count`): none otherwise.
    pub(super) fn unit_blocks(&self, unit: &Unit) -> Option<i64> {
        let game = self.game;
        let named = game.counters.iter().find(|c| c.unit.as_ref().is_some_and(|u| u.v == unit.id.v));
        let group = match named {
            Some(c) => self.counter_group(c),
            None => game
                .counter_groups
                .iter()
                .find(|g| unit.kind.as_ref().is_some_and(|k| g.kinds.iter().any(|x| x.v == k.v))),
        };
        self.blocks_in(unit, group)
    }

    /// How many blocks `unit` is in `group`, when the group counts them (`count`): none
    /// otherwise.
    pub(super) fn blocks_in(&self, unit: &Unit, group: Option<&CounterGroup>) -> Option<i64> {
        let stat = group.and_then(|g| g.block.as_ref()).and_then(|b| b.count.as_ref())?;
        // As the layout reads it (`4`, `4.0` or `"4"`); one that is no number is its finding.
        let n = unit.stats().iter().find(|(k, _)| k.v == stat.v).and_then(|(_, v)| v.v.whole());
        Some(n.map_or(1, |n| n.clamp(1, super::MAX_COPIES)))
    }

    /// How many of its unit each id of counter `c` prints, as the layout prints them: its own
    /// `quantity` (in a group counting blocks by a stat, the stickers a unit takes make one);
    /// without one, a block sticker prints for every unit of its unit's `quantity`, any other
    /// counter once.
    pub(super) fn printed_units(&self, c: &Counter) -> i64 {
        let game = self.game;
        let unit = c.unit.as_ref().and_then(|u| self.ix.get::<Unit>(game, &u.v));
        let units = || unit.and_then(|x| x.quantity.as_ref()).map_or(1, |q| q.v.max(1));
        let group = self.counter_group(c);
        let block = group.is_some_and(|g| g.block.is_some());
        let per_unit = unit.and_then(|u| self.blocks_in(u, group));
        let n = match (per_unit, &c.quantity) {
            (Some(n), Some(q)) => q.v.max(1) / n,
            (Some(_), None) => units(),
            (None, Some(q)) => q.v.max(1),
            (None, None) if block => units(),
            (None, None) => 1,
        };
        n.min(super::MAX_COPIES)
    }

    /// A force set up in area `p`: not another side's home area (E053), nor of a terrain its
    /// units may not enter (E074).
    fn area_setup(&mut self, side: &ScenarioSide, f: &Force, area: &Sp<String>, p: &Place, m: &AreaMap) {
        let game = self.game;
        let side_name =
            |id: &str| game.sides.iter().find(|s| s.id.v == id).map_or(id.to_string(), |s| s.name.v.clone());
        let known = |s: &&Sp<String>| game.sides.iter().any(|x| x.id.v == s.v);
        if let Some(owner) = p.side.as_ref().filter(known).filter(|s| s.v != side.side.v && f.arrives.is_none()) {
            let (us, them) = (side_name(&side.side.v), side_name(&owner.v));
            self.push(
                Diagnostic::error(
                    diag::SETUP_OUTSIDE_AREA,
                    format!("{us} sets up in {}, which is {them}'s", p.label()),
                )
                .at(&area.loc)
                .label(format!("a home area of {them}"))
                .help(format!("set it up in an area of {us}, or one no side owns")),
            );
        }
        // An area of no terrain is the map's, else clear (as it is drawn).
        let tid = p.terrain.as_ref().or(m.terrain.as_ref()).map_or("clear", |t| t.v.as_str());
        self.prohibited_setup(f, tid, &p.label(), &area.loc);
    }
}
