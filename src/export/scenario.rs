//! One scenario for its sheet (`data.scenario`), every unit with its stats from the unit data,
//! so a stat changed in the rules is changed on every scenario sheet; each side's points and
//! units totalled beside the game's limits.

use serde_json::{Value, json};

use super::Exporter;
use crate::layout::colour::contrast;
use crate::model::*;

impl Exporter<'_> {
    pub(super) fn scenario(&mut self, id: &str) -> Value {
        let game = self.game;
        let Some(sc) = game.scenarios.iter().find(|s| s.id.v == id) else { return Value::Null };
        let section = |id: &Sp<String>| {
            game.sections
                .iter()
                .find(|s| s.id.v == id.v)
                .map(|s| json!({"id": s.id.v, "number": s.number.as_ref().map(|n| n.v.clone()), "title": s.title.v}))
        };
        let limits = &game.scenario_limits;
        let points_stat = limits.points_stat.as_ref().map(|p| p.v.as_str());
        let mut sides = Vec::new();
        for side in &sc.sides {
            let decl = game.sides.iter().find(|s| s.id.v == side.side.v);
            let mut forces = Vec::new();
            // What the side fields, as the checker counts it against the game's limits.
            let (mut points, mut units) = (None::<i64>, 0i64);
            for f in &side.forces {
                let data = f.unit.as_ref().and_then(|u| self.ix.get::<Unit>(game, &u.v));
                if let Some(p) = f.points(data, points_stat) {
                    points = Some(points.unwrap_or(0).saturating_add(p));
                }
                units = units.saturating_add(f.copies());
                let unit = data.map(|u| self.unit(u));
                let setup = self.opt_text(&f.setup);
                let text = self.opt_text(&f.text);
                forces.push(json!({
                    "count": f.count.as_ref().map(|c| c.v).unwrap_or(1),
                    "name": f.name.as_ref().map(|n| n.v.clone())
                        .or_else(|| unit.as_ref().and_then(|u| u["name"].as_str().map(str::to_string))),
                    "unit": unit,
                    "points": f.points.as_ref().map(|p| p.v),
                    "setup": setup,
                    "arrives": f.arrives.as_ref().map(|a| a.v),
                    "text": text,
                }));
            }
            let setup = self.opt_text(&side.setup);
            sides.push(json!({
                "id": side.side.v,
                "name": decl.map(|d| d.name.v.clone()).unwrap_or(side.side.v.clone()),
                "color": decl.and_then(|d| d.color.as_ref().map(|c| c.v.clone())),
                "text_color": decl.and_then(|d| d.color.as_ref().map(|c| contrast(&c.v))),
                "setup": setup,
                "forces": forces,
                "points": points,
                "units": units,
            }));
        }
        let mut objectives = Vec::new();
        for o in &sc.objectives {
            let text = self.opt_text(&o.text);
            let side =
                o.side.as_ref().and_then(|s| game.sides.iter().find(|d| d.id.v == s.v)).map(|d| d.name.v.clone());
            objectives.push(json!({"name": o.name.v, "points": o.points.as_ref().map(|p| p.v),
                                   "count": o.count.as_ref().map(|c| c.v), "side": side, "text": text}));
        }
        let settings: Vec<Value> = sc
            .settings
            .iter()
            .map(|(k, v)| {
                let name = game.scenario_settings.iter().find(|s| s.id.v == k.v).map(|s| s.name.v.clone());
                json!({"id": k.v, "name": name.unwrap_or(k.v.clone()), "value": v.v.display()})
            })
            .collect();
        let situation = self.opt_text(&sc.situation);
        let map = self.opt_text(&sc.map);
        let setup = self.texts(&sc.setup);
        let sudden = self.texts(&sc.sudden_death);
        let victory = self.texts(&sc.victory);
        let special = self.texts(&sc.special_rules);
        let board = self.board(sc);
        json!({
            "id": sc.id.v,
            "title": sc.title.v,
            "requires": sc.requires.as_ref().map(|r| r.v.clone()),
            "situation": situation,
            "map": map,
            "setup": setup,
            "settings": settings,
            "sides": sides,
            "limits": { "points": limits.points_per_side.as_ref().map(|p| p.v),
                        "units": limits.units_per_side.as_ref().map(|u| u.v) },
            "objectives": objectives,
            "victory": { "points": sc.victory_points.as_ref().map(|p| p.v), "turns": sc.turns.as_ref().map(|t| t.v),
                         "sudden_death": sudden, "text": victory },
            "special_rules": special,
            "optional_rules": sc.optional_rules.iter().filter_map(section).collect::<Vec<_>>(),
            "rules": sc.rules.iter().filter_map(section).collect::<Vec<_>>(),
            "board": board,
        })
    }
}
