//! Scenarios against the game: every unit, side, section and setting they name exists, the
//! optional rules they switch on are optional, the rules version they need is not newer than
//! the data, every side has forces within the game's limits, and the victory threshold can be
//! reached.

use std::cmp::Ordering;

use super::Checker;
use super::index::place;
use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

impl Checker<'_> {
    pub(super) fn check_scenarios(&mut self) {
        let game = self.game;
        if let Some(ps) = &game.scenario_limits.points_stat {
            self.resolve::<Stat>(ps);
        }
        for sc in &game.scenarios {
            self.check_rules_version(sc);
            self.check_scenario_rules(sc);
            self.check_settings(sc);
            let worth: Vec<(String, i64)> =
                sc.sides.iter().map(|side| (side.side.v.clone(), self.check_side(side))).collect();
            self.check_named_counters(sc);
            self.check_counter_supply(sc);
            self.check_objectives(sc);
            self.check_victory(sc, &worth);
        }
    }

    /// The rules version the scenario needs is not newer than these rules.
    fn check_rules_version(&mut self, sc: &Scenario) {
        let (Some(req), Some(have)) = (&sc.requires, &self.game.meta.version) else { return };
        if compare_versions(&req.v, &have.v) != Ordering::Greater {
            return;
        }
        self.push(
            Diagnostic::error(
                diag::SCENARIO_VERSION,
                format!("scenario `{}` needs rules version {}, but these rules are {}", sc.title.v, req.v, have.v),
            )
            .at(&req.loc)
            .label(format!("newer than {}", have.v))
            .help("update the rules, or write the version this scenario was tested with"),
        );
    }

    /// Sections it stresses exist; the optional rules it switches on are optional.
    fn check_scenario_rules(&mut self, sc: &Scenario) {
        for r in &sc.rules {
            self.resolve::<Section>(r);
        }
        for r in &sc.optional_rules {
            let Some(s) = self.resolve::<Section>(r) else { continue };
            if !s.optional {
                self.push(
                    Diagnostic::error(
                        diag::SCENARIO_NOT_OPTIONAL,
                        format!("section `{}` ({}) is not an optional rule", r.v, s.title.v),
                    )
                    .at(&r.loc)
                    .label("not marked optional")
                    .help(
                        "list it under `rules` (rules this scenario stresses), or mark the section `optional = true`",
                    ),
                );
            }
        }
    }

    /// Settings the game declares, with values it allows; the required ones present.
    fn check_settings(&mut self, sc: &Scenario) {
        for (k, v) in &sc.settings {
            let Some(st) = self.resolve::<ScenarioSetting>(k) else { continue };
            let shown = v.v.display();
            if st.values.is_empty() || st.values.iter().any(|x| x.v == shown) {
                continue;
            }
            let allowed: Vec<&str> = st.values.iter().map(|x| x.v.as_str()).collect();
            let d = Diagnostic::error(diag::SCENARIO_SETTING, format!("`{shown}` is not a value of {}", st.name.v))
                .at(&v.loc)
                .label(format!("allowed: {}", allowed.join(", ")));
            self.push(match diag::did_you_mean(&shown, allowed.iter().copied()) {
                Some(b) => d.help(format!("did you mean `{b}`?")),
                None => d.help(format!("write one of: {}", allowed.join(", "))),
            });
        }
        for st in self.game.scenario_settings.iter().filter(|s| s.required) {
            if !sc.settings.iter().any(|(k, _)| k.v == st.id.v) {
                self.push(
                    Diagnostic::error(
                        diag::SCENARIO_SETTING,
                        format!("scenario `{}` does not say its {}", sc.title.v, st.name.v),
                    )
                    .at(&sc.id.loc)
                    .help(format!("add settings = {{ {} = ... }} to the scenario", st.id.v)),
                );
            }
        }
    }

    /// One side: its forces resolve and stay within the game's limits. Returns its points.
    fn check_side(&mut self, side: &ScenarioSide) -> i64 {
        self.resolve::<Side>(&side.side);
        if side.forces.is_empty() {
            self.push(
                Diagnostic::error(diag::SCENARIO_NO_FORCES, format!("side `{}` has no forces", side.side.v))
                    .at(&side.side.loc)
                    .help("list its forces: forces = [{ unit = \"...\", count = 2 }]"),
            );
        }
        let points_stat = self.game.scenario_limits.points_stat.as_ref().map(|p| p.v.clone());
        let (mut points, mut units) = (0i64, 0i64);
        for f in &side.forces {
            let none = "leave the force out instead of giving it none";
            self.copies(&f.count, "`count`", none);
            self.at_least(&f.points, 1, "`points`", none);
            self.at_least(
                &f.arrives,
                1,
                "`arrives`",
                "the turn it arrives on, from 1; leave it out for units on the map at the start",
            );
            units = units.saturating_add(f.copies());
            self.check_force_places(f);
            let unit = match &f.unit {
                Some(u) => self.resolve::<Unit>(u),
                None => f.unit_id(self.game).and_then(|u| self.ix.get::<Unit>(self.game, &u.v)),
            };
            // A unit named by `unit` that belongs to the other side (a force naming counters
            // is held to their side already, E059).
            if let (Some(u), Some(written), true) = (unit, &f.unit, f.counters.is_empty())
                && let Some(theirs) = u.side.as_ref().filter(|s| s.v != side.side.v)
            {
                self.push(
                    Diagnostic::warning(
                        diag::FORCE_OTHER_SIDE,
                        format!("unit `{}` is `{}`'s, not `{}`'s", written.v, theirs.v, side.side.v),
                    )
                    .at(&written.loc)
                    .label(format!("a unit of `{}`", theirs.v))
                    .note(format!("the unit: {}", place(&self.game.files, &u.loc)))
                    .help(format!(
                        "field it with the forces of `{}`, or name one of `{}`'s units",
                        theirs.v, side.side.v
                    )),
                );
            }
            if let Some(p) = f.points(unit, points_stat.as_deref()) {
                points = points.saturating_add(p);
            }
        }
        self.check_side_limits(side, points, units);
        points
    }

    /// Where a force goes says one thing: a reinforcement enters at its `entry` (its `cells`
    /// would draw it on the map at the start), a force naming counters has no more cells than
    /// counters, and no cell is listed twice.
    fn check_force_places(&mut self, f: &Force) {
        if let (Some(t), Some(c)) = (&f.arrives, f.cells.first()) {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("a force that arrives on turn {} has set-up cells", t.v),
                )
                .at(&c.loc)
                .label("on the map at the start?")
                .help(format!(
                    "write entry = \"{}\" for where it arrives, or leave out `arrives` for a unit set up there",
                    c.v
                )),
            );
        }
        if !f.counters.is_empty()
            && let Some(extra) = f.cells.get(f.counters.len())
        {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!(
                        "{} cells for {} counter{}",
                        f.cells.len(),
                        f.counters.len(),
                        if f.counters.len() == 1 { "" } else { "s" }
                    ),
                )
                .at(&extra.loc)
                .label("no counter goes here")
                .help("give each counter its cell, in order: the first counter in the first cell"),
            );
        }
        duplicates(self, &f.cells);
    }

    fn check_side_limits(&mut self, side: &ScenarioSide, points: i64, units: i64) {
        let limits = &self.game.scenario_limits;
        for (have, max, noun, key) in [
            (points, &limits.points_per_side, "points", "points_per_side"),
            (units, &limits.units_per_side, "units", "units_per_side"),
        ] {
            let Some(max) = max.as_ref().filter(|m| have > m.v) else { continue };
            self.push(
                Diagnostic::error(
                    diag::SCENARIO_LIMIT,
                    format!("side `{}` fields {have} {noun}; the game allows {}", side.side.v, max.v),
                )
                .at(&side.side.loc)
                .label(format!("{} {noun} over", have - max.v))
                .help(format!("take units out, or raise [scenario_limits] {key}")),
            );
        }
    }

    fn check_objectives(&mut self, sc: &Scenario) {
        for ob in &sc.objectives {
            self.copies(&ob.count, "an objective's count", "");
            self.at_least(
                &ob.points,
                1,
                "an objective's `victory_points`",
                "leave `victory_points` out for an objective that scores nothing",
            );
            if let Some(s) = &ob.side {
                self.resolve::<Side>(s);
            }
            duplicates(self, &ob.cells);
        }
    }

    /// Can anyone win on points? `worth`: each side's points on the map.
    fn check_victory(&mut self, sc: &Scenario, worth: &[(String, i64)]) {
        self.at_least(&sc.turns, 1, "the number of turns", "how many turns the scenario lasts, from 1");
        let Some(need) = &sc.victory_points else { return };
        self.at_least(&sc.victory_points, 1, "points to win", "");
        // Points kept on a track of the scenario's (a victory point track) come from whatever
        // the rules score, not only from objectives and enemy forces: a track that reaches the
        // points to win says they can be won.
        let game = self.game;
        let on_track = (sc.tracks.iter())
            .filter_map(|(id, _)| self.ix.get::<Track>(game, &id.v))
            .any(|t| t.boxes().into_iter().max().is_some_and(|hi| hi >= need.v));
        if on_track {
            return;
        }
        let best = sc
            .sides
            .iter()
            .map(|side| {
                let objectives: i64 = sc
                    .objectives
                    .iter()
                    .filter(|o| o.side.as_ref().is_none_or(|s| s.v == side.side.v))
                    .filter_map(|o| {
                        o.points.as_ref().map(|p| p.v.max(0).saturating_mul(o.count.as_ref().map_or(1, |c| c.v.max(0))))
                    })
                    .fold(0i64, i64::saturating_add);
                let enemies =
                    worth.iter().filter(|(s, _)| *s != side.side.v).map(|(_, p)| *p).fold(0i64, i64::saturating_add);
                objectives.saturating_add(enemies)
            })
            .max()
            .unwrap_or(0);
        // "More than 150" is out of reach with 150 to score, as "150" is with 149.
        let more_than = sc.more_than.as_ref().is_some_and(|m| m.v);
        if need.v > best || (more_than && need.v >= best) {
            self.push(
                Diagnostic::warning(
                    diag::SCENARIO_UNWINNABLE,
                    match more_than {
                        true => {
                            format!("no side can score more than {} points: at most {best} are there to score", need.v)
                        }
                        false => format!("no side can reach {} points: at most {best} are there to score", need.v),
                    },
                )
                .at(&need.loc)
                .label(match more_than {
                    true => {
                        format!("a total must exceed this, and {best} points of objectives and enemy forces cannot")
                    }
                    false => format!("more than the {best} points of objectives and enemy forces"),
                })
                .help("lower the points to win, or add objectives"),
            );
        }
    }
}

/// A counter a force may name: its entry, the id, its unit and its side (its own, else its
/// unit's).
struct Named<'g> {
    counter: &'g Counter,
    id: &'g Sp<String>,
    unit: Option<&'g str>,
    side: Option<&'g str>,
}

impl<'g> Checker<'g> {
    /// Every counter a force may name by id.
    fn nameable(&self) -> Vec<Named<'g>> {
        let game = self.game;
        let mut out = Vec::new();
        for c in &game.counters {
            let unit = c.unit.as_ref().map(|u| u.v.as_str());
            let unit_side = unit.and_then(|u| self.ix.get::<Unit>(game, u)).and_then(|u| u.side.as_ref());
            let side = c.side.as_ref().or(unit_side).map(|s| s.v.as_str());
            for id in c.setup_ids() {
                out.push(Named { counter: c, id, unit, side });
            }
        }
        out
    }

    /// Forces that name counters: each id is one counter of the force's unit and side (E006,
    /// E057, E059), one unit a force, `count` agrees (E018), and no counter is set up more often
    /// than it is printed (E058).
    fn check_named_counters(&mut self, sc: &Scenario) {
        let all = self.nameable();
        // Copies set up so far, by counter entry and id: where first, and how many.
        let mut placed: Vec<(*const Counter, &str, Loc, i64)> = Vec::new();
        for side in &sc.sides {
            for f in side.forces.iter().filter(|f| !f.counters.is_empty()) {
                if let Some(c) = f.count.as_ref().filter(|c| c.v != f.counters.len() as i64) {
                    self.push(
                        Diagnostic::error(
                            diag::INVALID_VALUE,
                            format!("`count = {}` but the force names {} counters", c.v, f.counters.len()),
                        )
                        .at(&c.loc)
                        .label("not the number of its counters")
                        .help("leave `count` out: a force that names its counters fields each of them"),
                    );
                }
                let mut units: Vec<(&str, &Loc)> = Vec::new();
                for id in &f.counters {
                    let Some(n) = self.named_counter(&all, f, side, id) else { continue };
                    if let Some(u) = n.unit
                        && !units.iter().any(|(x, _)| *x == u)
                    {
                        units.push((u, &id.loc));
                    }
                    let quantity = self.printed_units(n.counter);
                    let key = (n.counter as *const Counter, n.id.v.as_str());
                    match placed.iter_mut().find(|p| (p.0, p.1) == key) {
                        Some(p) => {
                            p.3 += 1;
                            if p.3 > quantity {
                                let first = place(&self.game.files, &p.2);
                                self.push(placed_twice(id, quantity, &first));
                            }
                        }
                        None => placed.push((key.0, key.1, id.loc.clone(), 1)),
                    }
                }
                if units.len() > 1 {
                    let names: Vec<String> = units.iter().map(|(u, _)| format!("`{u}`")).collect();
                    self.push(
                        Diagnostic::error(
                            diag::INVALID_VALUE,
                            format!("one force names counters of {} units: {}", units.len(), names.join(", ")),
                        )
                        .at(units[1].1)
                        .label("another unit's counter")
                        .help("a force is one line of the forces table, one unit: give each unit a force of its own"),
                    );
                }
            }
        }
    }

    /// The one counter `id` names for force `f` of `side`, or the finding why not.
    fn named_counter<'a>(
        &mut self,
        all: &'a [Named<'g>],
        f: &Force,
        side: &ScenarioSide,
        id: &Sp<String>,
    ) -> Option<&'a Named<'g>> {
        let same_id: Vec<&Named> = all.iter().filter(|n| n.id.v == id.v).collect();
        // A counter of this id whose own `unit` names no unit (E006 there): what follows here
        // is folded under that finding, the cause to mend first.
        let game = self.game;
        let cause = same_id
            .iter()
            .filter_map(|n| n.counter.unit.as_ref())
            .find(|u| !self.ix.contains(Coll::Unit, &u.v))
            .map(|u| u.loc.clone());
        let of_unit: Vec<&Named> =
            same_id.iter().copied().filter(|n| f.unit.as_ref().is_none_or(|u| n.unit == Some(u.v.as_str()))).collect();
        if of_unit.is_empty() {
            self.push(unknown_counter(all, f, id, &same_id).because_of(cause.as_ref()));
            return None;
        }
        let of_side: Vec<&Named> =
            of_unit.iter().copied().filter(|n| n.side.is_none_or(|s| s == side.side.v)).collect();
        match of_side.as_slice() {
            [one] => Some(*one),
            [] => {
                let theirs = of_unit[0].side.unwrap_or_default();
                self.push(
                    Diagnostic::error(
                        diag::COUNTER_OTHER_SIDE,
                        format!("counter `{}` is `{theirs}`'s, not `{}`'s", id.v, side.side.v),
                    )
                    .at(&id.loc)
                    .label(format!("a counter of `{theirs}`"))
                    .note(format!("the counter: {}", place(&game.files, &of_unit[0].counter.loc)))
                    .help(format!(
                        "set it up with the forces of `{theirs}`, or name one of `{}`'s counters",
                        side.side.v
                    ))
                    .because_of(cause.as_ref()),
                );
                None
            }
            many => {
                let units: Vec<String> = many.iter().map(|n| format!("`{}`", n.unit.unwrap_or("?"))).collect();
                self.push(
                    Diagnostic::error(diag::COUNTER_AMBIGUOUS, format!("{} counters are called `{}`", many.len(), id.v))
                        .at(&id.loc)
                        .label(format!("counters of {}", units.join(", ")))
                        .help("write the force's `unit`, so that the id names one counter, or give the counters ids of their own")
                        .because_of(cause.as_ref()),
                );
                None
            }
        }
    }

    /// How many of each unit the counter sheets print (whole units: a unit of several blocks
    /// counts once for its blocks), and which units print as blocks.
    fn printed_supply(&self) -> Supply<'g> {
        let game = self.game;
        let mut supply = Supply::default();
        for c in &game.counters {
            if let Some(u) = &c.unit {
                let unit = self.ix.get::<Unit>(game, &u.v);
                // A unit of several blocks: the blocks printed (its own `quantity`, else that
                // many for every unit of the unit's `quantity`) make whole units.
                let group = self.counter_group(c);
                let per_unit = unit.and_then(|x| self.blocks_in(x, group));
                let is_block = group.is_some_and(|g| g.block.is_some());
                let copies = self.printed_units(c);
                if per_unit.is_some() {
                    supply.blocks.insert(u.v.as_str());
                } else if is_block {
                    supply.stickers.insert(u.v.as_str());
                }
                *supply.printed.entry(u.v.as_str()).or_default() += copies * c.expanded().len() as i64;
            }
        }
        // A unit no [[counter]] names prints on every group of its kind, a counter or a block
        // for every unit of its `quantity` (its blocks, when the group counts them, making
        // those units).
        let named: std::collections::HashSet<&str> =
            game.counters.iter().filter_map(|c| c.unit.as_ref().map(|u| u.v.as_str())).collect();
        for u in game.units.iter().filter(|u| !named.contains(u.id.v.as_str())) {
            let of_kind = |g: &&CounterGroup| u.kind.as_ref().is_some_and(|k| g.kinds.iter().any(|x| x.v == k.v));
            for g in game.counter_groups.iter().filter(of_kind) {
                if g.block.is_some() && self.unit_blocks(u).is_some() {
                    supply.blocks.insert(u.id.v.as_str());
                } else if g.block.is_some() {
                    supply.stickers.insert(u.id.v.as_str());
                }
                let copies = u.quantity.as_ref().map_or(1, |q| q.v.max(1));
                *supply.printed.entry(u.id.v.as_str()).or_default() += copies;
                supply.generated.insert(u.id.v.as_str());
            }
        }
        supply
    }

    /// E073: a scenario fielding more of a unit than the game prints counters for (when the
    /// unit has counters at all), at the force where the total first goes over.
    fn check_counter_supply(&mut self, sc: &Scenario) {
        let game = self.game;
        let Supply { printed, blocks, stickers, generated } = self.printed_supply();
        let mut fielded: std::collections::HashMap<&str, i64> = std::collections::HashMap::new();
        // Each named counter, as often as it was named: one named more often than it prints is
        // E058 at the force that names it again, not one more counter fielded here too.
        let mut named: std::collections::HashMap<(&str, &str), i64> = std::collections::HashMap::new();
        for f in sc.sides.iter().flat_map(|s| &s.forces) {
            let Some(u) = f.unit_id(game) else { continue };
            let Some(&have) = printed.get(u.v.as_str()) else { continue };
            // A force naming counters fields those of them that exist (the others are E006),
            // each no more often than it prints.
            let prints = |id: &Sp<String>| {
                (game.counters.iter())
                    .find(|c| c.unit.as_ref().is_some_and(|x| x.v == u.v) && c.setup_ids().iter().any(|i| i.v == id.v))
                    .map(|c| self.printed_units(c))
            };
            let copies = if f.counters.is_empty() {
                f.copies()
            } else {
                let mut n = 0;
                for id in &f.counters {
                    let Some(most) = prints(id) else { continue };
                    let times = named.entry((u.v.as_str(), id.v.as_str())).or_default();
                    *times += 1;
                    n += i64::from(*times <= most);
                }
                n
            };
            let total = fielded.entry(u.v.as_str()).or_default();
            let before = *total;
            *total = total.saturating_add(copies);
            if before <= have && *total > have {
                let name = self.ix.get::<Unit>(game, &u.v).map_or(u.v.clone(), |x| x.name.v.clone());
                let (what, help) = if blocks.contains(u.v.as_str()) {
                    (
                        format!("its blocks make only {}", diag::plural(have, "unit")),
                        "field fewer, or give the unit a larger `quantity`: its blocks print for every unit",
                    )
                } else if stickers.contains(u.v.as_str()) {
                    (
                        format!("the game prints only {} of it", diag::plural(have, "block")),
                        "field fewer, or give the unit a larger `quantity`: a block prints for every unit of it",
                    )
                } else {
                    (
                        format!("the game prints only {} of it", diag::plural(have, "counter")),
                        "field fewer, or print more: a larger `quantity` or a longer run on its [[counter]]",
                    )
                };
                let message = format!("scenario `{}` fields {} {name}, but {what}", sc.title.v, *total);
                // Counters a group makes for every unit of its kinds were not counted before:
                // a game that checked clean is warned (W035) rather than stopped.
                let d = if generated.contains(u.v.as_str()) {
                    Diagnostic::warning(diag::MORE_THAN_GENERATED, message)
                } else {
                    Diagnostic::error(diag::MORE_THAN_COUNTERS, message)
                };
                self.push(
                    d.at(f.count.as_ref().map_or(&f.loc, |c| &c.loc))
                        .label(format!("{} more than the counter sheet has", *total - have))
                        .help(help),
                );
            }
        }
    }
}

/// What the counter sheets print of each unit (see `printed_supply`).
#[derive(Default)]
struct Supply<'g> {
    /// Whole units printed, by unit id.
    printed: std::collections::HashMap<&'g str, i64>,
    /// Units whose blocks a block group counts: each unit of the unit's `quantity` prints its
    /// blocks, so the sheet holds `quantity` of them.
    blocks: std::collections::HashSet<&'g str>,
    /// Units printed as one block each.
    stickers: std::collections::HashSet<&'g str>,
    /// Units no `[[counter]]` names, printed by a group for their kind.
    generated: std::collections::HashSet<&'g str>,
}

/// E006: no counter of that id (of the force's unit), with a did-you-mean among the ids the
/// force could name, and a note when the id is another unit's counter.
fn unknown_counter(all: &[Named], f: &Force, id: &Sp<String>, other_units: &[&Named]) -> Diagnostic {
    let unit = f.unit.as_ref().map(|u| u.v.as_str());
    let candidates: Vec<&str> =
        all.iter().filter(|n| unit.is_none_or(|u| n.unit == Some(u))).map(|n| n.id.v.as_str()).collect();
    let what = match unit {
        Some(u) => format!("no counter of unit `{u}` is called `{}`", id.v),
        None => format!("unknown counter `{}`", id.v),
    };
    let d = Diagnostic::error(diag::UNKNOWN_REFERENCE, what).at(&id.loc).label("no such counter");
    if let Some(other) = other_units.first() {
        return d.help(format!(
            "`{}` is a counter of unit `{}`: write that unit on the force, or name one of `{}`'s counters",
            id.v,
            other.unit.unwrap_or("?"),
            unit.unwrap_or("?")
        ));
    }
    match diag::did_you_mean(&id.v, candidates.iter().copied()) {
        Some(m) => d.help(format!("did you mean `{m}`? A counter is named by its run's id, its `id` or its `label`")),
        None => d.help("a counter is named by its run's id, its `id` or its `label` in its [[counter]]"),
    }
}

/// E058: a counter set up more often than it is printed.
fn placed_twice(id: &Sp<String>, quantity: i64, first: &str) -> Diagnostic {
    let times = if quantity == 1 { "once".to_string() } else { format!("{quantity} times") };
    Diagnostic::error(diag::COUNTER_PLACED_TWICE, format!("counter `{}` is already set up", id.v))
        .at(&id.loc)
        .label(format!("the game prints it {times}"))
        .note(format!("first set up at {first}"))
        .help("each counter starts in one place: name another counter, or print more copies (`quantity`)")
}

/// E018 for a cell listed twice in one list (the second time).
fn duplicates(c: &mut Checker, cells: &[Sp<String>]) {
    for (i, cell) in cells.iter().enumerate() {
        if let Some(first) = cells[..i].iter().find(|x| x.v.trim() == cell.v.trim()) {
            let at = place(&c.game.files, &first.loc);
            c.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("{} is listed twice", cell.v))
                    .at(&cell.loc)
                    .label("listed twice")
                    .note(format!("first at {at}"))
                    .help("list each cell once (a force puts its last units in its last cell)"),
            );
        }
    }
}
