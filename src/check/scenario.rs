//! Scenarios against the game: every unit, side, section and setting they name exists, the
//! optional rules they switch on are optional, the rules version they need is not newer than
//! the data, every side has forces within the game's limits, and the victory threshold can be
//! reached.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
    pub(super) fn check_scenarios(&mut self) {
        let game = self.game;
        let mut ids: HashMap<&str, &Sp<String>> = HashMap::new();
        for st in &game.scenario_settings {
            if let Some(prev) = ids.insert(&st.id.v, &st.id) {
                let _ = prev;
                self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("scenario setting `{}` is defined twice", st.id.v))
                        .at(&st.id.loc)
                        .help("give one of them another id"),
                );
            }
        }
        let limits = &game.scenario_limits;
        if let Some(ps) = &limits.points_stat {
            self.resolve("stat", ps);
        }
        let mut seen: HashMap<&str, &Scenario> = HashMap::new();
        for sc in &game.scenarios {
            if seen.insert(&sc.id.v, sc).is_some() {
                self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("scenario `{}` is defined twice", sc.id.v))
                        .at(&sc.id.loc)
                        .help("give one of them another id (it names the PDF: scenario-<id>.pdf)"),
                );
            }
            self.check_scenario(sc);
        }
    }

    fn check_scenario(&mut self, sc: &Scenario) {
        let game = self.game;
        // The rules version it needs.
        if let (Some(req), Some(have)) = (&sc.requires, &game.meta.version)
            && compare_versions(&req.v, &have.v) == Ordering::Greater
        {
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
        // Sections.
        for r in &sc.rules {
            self.resolve("section", r);
        }
        for r in &sc.optional_rules {
            if let Some(i) = self.resolve("section", r) {
                let s = &game.sections[i];
                if !s.optional {
                    self.push(
                        Diagnostic::error(
                            diag::SCENARIO_NOT_OPTIONAL,
                            format!("section `{}` ({}) is not an optional rule", r.v, s.title.v),
                        )
                        .at(&r.loc)
                        .label("not marked optional")
                        .help("list it under `rules` (rules this scenario stresses), or mark the section `optional = true`"),
                    );
                }
            }
        }
        // Settings.
        for (k, v) in &sc.settings {
            match game.scenario_settings.iter().find(|s| s.id.v == k.v) {
                None => {
                    let names = game.scenario_settings.iter().map(|s| s.id.v.as_str()).collect();
                    self.unknown("scenario setting", &k.v, &k.loc, names);
                }
                Some(st) if !st.values.is_empty() => {
                    let shown = v.v.display();
                    if !st.values.iter().any(|x| x.v == shown) {
                        let allowed: Vec<&str> = st.values.iter().map(|x| x.v.as_str()).collect();
                        let mut d = Diagnostic::error(
                            diag::SCENARIO_SETTING,
                            format!("`{shown}` is not a value of {}", st.name.v),
                        )
                        .at(&v.loc)
                        .label(format!("allowed: {}", allowed.join(", ")));
                        d = match diag::did_you_mean(&shown, allowed.iter().copied()) {
                            Some(b) => d.help(format!("did you mean `{b}`?")),
                            None => d.help(format!("write one of: {}", allowed.join(", "))),
                        };
                        self.push(d);
                    }
                }
                Some(_) => {}
            }
        }
        for st in game.scenario_settings.iter().filter(|s| s.required) {
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
        // Sides and their forces.
        let points_stat = game.scenario_limits.points_stat.as_ref().map(|p| p.v.as_str());
        let mut worth: Vec<(String, i64)> = Vec::new();
        for side in &sc.sides {
            self.resolve("side", &side.side);
            if side.forces.is_empty() {
                self.push(
                    Diagnostic::error(diag::SCENARIO_NO_FORCES, format!("side `{}` has no forces", side.side.v))
                        .at(&side.side.loc)
                        .help("list its forces: forces = [{ unit = \"...\", count = 2 }]"),
                );
            }
            let (mut points, mut units) = (0i64, 0i64);
            for f in &side.forces {
                let count = f.count.as_ref().map(|c| c.v).unwrap_or(1);
                for (what, v) in [("count", &f.count), ("points", &f.points), ("arrives", &f.arrives)] {
                    if let Some(v) = v
                        && v.v < 1
                    {
                        self.push(
                            Diagnostic::error(diag::INVALID_VALUE, format!("`{what}` must be at least 1, not {}", v.v))
                                .at(&v.loc)
                                .help(match what {
                                    "arrives" => {
                                        "the turn it arrives on, from 1; leave it out for units on the map at the start"
                                    }
                                    _ => "leave the force out instead of giving it none",
                                }),
                        );
                    }
                }
                units += count.max(0);
                if let Some(u) = &f.unit
                    && let Some(i) = self.resolve("unit", u)
                {
                    let unit = &game.units[i];
                    if let Some(ps) = points_stat
                        && let Some((_, Sp { v: Scalar::Int(p), .. })) = unit.stats.iter().find(|(k, _)| k.v == ps)
                    {
                        points += p * count;
                    }
                }
                if let Some(p) = &f.points {
                    points += p.v * count;
                }
            }
            worth.push((side.side.v.clone(), points));
            let limits = &game.scenario_limits;
            if let Some(max) = &limits.points_per_side
                && points > max.v
            {
                self.push(
                    Diagnostic::error(
                        diag::SCENARIO_LIMIT,
                        format!("side `{}` fields {points} points; the game allows {}", side.side.v, max.v),
                    )
                    .at(&side.side.loc)
                    .label(format!("{} points over", points - max.v))
                    .help("take units out, or raise [scenario_limits] points_per_side"),
                );
            }
            if let Some(max) = &limits.units_per_side
                && units > max.v
            {
                self.push(
                    Diagnostic::error(
                        diag::SCENARIO_LIMIT,
                        format!("side `{}` fields {units} units; the game allows {}", side.side.v, max.v),
                    )
                    .at(&side.side.loc)
                    .label(format!("{} too many", units - max.v))
                    .help("take units out, or raise [scenario_limits] units_per_side"),
                );
            }
        }
        // Objectives.
        for ob in &sc.objectives {
            if let Some(c) = &ob.count
                && c.v < 1
            {
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("an objective's count must be at least 1, not {}", c.v),
                    )
                    .at(&c.loc),
                );
            }
            if let Some(p) = &ob.points
                && p.v < 1
            {
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("an objective is worth at least 1 point, not {}", p.v),
                    )
                    .at(&p.loc)
                    .help("leave `points` out for an objective that scores nothing"),
                );
            }
            if let Some(s) = &ob.side {
                self.resolve("side", s);
            }
        }
        // Can anyone win on points?
        if let Some(need) = &sc.victory_points {
            if need.v < 1 {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("points to win must be at least 1, not {}", need.v))
                        .at(&need.loc),
                );
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
                            o.points.as_ref().map(|p| p.v.max(0) * o.count.as_ref().map_or(1, |c| c.v.max(0)))
                        })
                        .sum();
                    let enemies: i64 = worth.iter().filter(|(s, _)| *s != side.side.v).map(|(_, p)| p).sum();
                    objectives + enemies
                })
                .max()
                .unwrap_or(0);
            if need.v > best {
                self.push(
                    Diagnostic::warning(
                        diag::SCENARIO_UNWINNABLE,
                        format!("no side can reach {} points: at most {best} are there to score", need.v),
                    )
                    .at(&need.loc)
                    .label(format!("more than the {best} points of objectives and enemy forces"))
                    .help("lower the points to win, or add objectives"),
                );
            }
        }
    }
}
