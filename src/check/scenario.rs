//! Scenarios against the game: every unit, side, section and setting they name exists, the
//! optional rules they switch on are optional, the rules version they need is not newer than
//! the data, every side has forces within the game's limits, and the victory threshold can be
//! reached.

use std::cmp::Ordering;

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

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
            let count = f.count.as_ref().map(|c| c.v).unwrap_or(1);
            units = units.saturating_add(count.max(0));
            let unit = f.unit.as_ref().and_then(|u| self.resolve::<Unit>(u));
            if let Some(p) = f.points(unit, points_stat.as_deref()) {
                points = points.saturating_add(p);
            }
        }
        self.check_side_limits(side, points, units);
        points
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
        }
    }

    /// Can anyone win on points? `worth`: each side's points on the map.
    fn check_victory(&mut self, sc: &Scenario, worth: &[(String, i64)]) {
        let Some(need) = &sc.victory_points else { return };
        self.at_least(&sc.victory_points, 1, "points to win", "");
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
