//! Charts for templates: each CRT with its legend and modifiers (`data.crts`), the terrain
//! effects chart (`data.terrain`), the turn record track with each scenario's reinforcements
//! on their turns (`data.turn_track`), and what the player aid card shows (`data.aid`).
//! Wording of effects ("1 left", "×2") and the size of a track box are decided here.

use serde_json::{Value, json};

use super::Exporter;
use crate::layout::colour::contrast;
use crate::model::*;

/// Room around a counter in a turn track box, in mm.
const TRACK_BOX_PAD_MM: f64 = 3.0;

/// A column shift as players say it: "1 left", "2 right".
pub(super) fn shift_words(n: i64) -> String {
    match n {
        0 => "none".into(),
        n if n < 0 => format!("{} left", n.unsigned_abs()),
        n => format!("{n} right"),
    }
}

/// A signed number with a real minus: "+1", "−2".
pub(super) fn signed(n: i64) -> String {
    if n < 0 { format!("−{}", n.unsigned_abs()) } else { format!("+{n}") }
}

impl Exporter<'_> {
    pub(super) fn crt(&mut self, c: &Crt) -> Value {
        let rows: Vec<Value> = c
            .rows
            .iter()
            .map(|r| {
                let (a, b) = r.roll.v;
                let roll = if a == b { a.to_string() } else { format!("{a}–{b}") };
                json!({"roll": roll, "results": r.results.iter().map(|s| s.v.trim().to_string()).collect::<Vec<_>>()})
            })
            .collect();
        let legend: Vec<Value> = c
            .legend
            .iter()
            .map(|r| {
                let text = self.opt_text(&r.text);
                json!({"code": r.code.v, "text": text})
            })
            .collect();
        let mut modifiers = Vec::new();
        for m in &c.modifiers {
            let effects = self.game.modifier_effects(m);
            let effect = effects
                .iter()
                .map(|e| match *e {
                    ModifierEffect::Shift(n) => {
                        format!("{} column{}", shift_words(n), if n.unsigned_abs() == 1 { "" } else { "s" })
                    }
                    ModifierEffect::Drm(n) => format!("{} to the roll", signed(n)),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let cause = match &m.cause {
                Some((kind, id)) => {
                    let code = self.ref_code(*kind, &id.v, None);
                    self.generated(code, &id.loc)
                }
                None => Value::Null,
            };
            let text = self.opt_text(&m.text);
            let kind = match effects.first() {
                Some(ModifierEffect::Drm(_)) => "drm",
                _ => "shift",
            };
            modifiers.push(json!({"kind": kind, "effect": effect, "cause": cause, "text": text}));
        }
        let notes = self.texts(&c.notes);
        json!({
            "id": c.id.v,
            "title": c.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| "Combat Results Table".into()),
            "columns": c.columns.name(),
            "dice": c.dice.as_ref().map(|d| format!("{}D{}", d.v.0, d.v.1)),
            "labels": c.labels.iter().map(|l| l.v.clone()).collect::<Vec<_>>(),
            "rows": rows,
            "legend": legend,
            "modifiers": modifiers,
            "notes": notes,
        })
    }

    /// The terrain effects chart: movement columns (one, or one per movement type), combat and
    /// line of sight columns when some terrain has them; hexside terrain after the rest.
    pub(super) fn terrain_chart(&mut self) -> Value {
        let game = self.game;
        let mut types: Vec<String> = Vec::new();
        for t in &game.terrain {
            for (k, _) in &t.movement.by_type {
                if !types.contains(&k.v) {
                    types.push(k.v.clone());
                }
            }
        }
        let mut rows = Vec::new();
        let ordered = game.terrain.iter().filter(|t| !t.hexside).chain(game.terrain.iter().filter(|t| t.hexside));
        for t in ordered {
            let moves: Vec<String> = if types.is_empty() {
                vec![t.movement.all.as_ref().map(|c| c.v.clone()).unwrap_or_else(|| "–".into())]
            } else {
                types
                    .iter()
                    .map(|ty| {
                        t.movement
                            .by_type
                            .iter()
                            .find(|(k, _)| &k.v == ty)
                            .map(|(_, c)| c.v.clone())
                            .or_else(|| t.movement.all.as_ref().map(|c| c.v.clone()))
                            .unwrap_or_else(|| "–".into())
                    })
                    .collect()
            };
            let mut combat = Vec::new();
            if let Some(s) = &t.shift {
                combat.push(shift_words(s.v));
            }
            if let Some(d) = &t.defence {
                combat.push(format!("defence ×{}", d.v));
            }
            if let Some(d) = &t.drm {
                combat.push(format!("{} DRM", signed(d.v)));
            }
            let text = self.opt_text(&t.text);
            rows.push(json!({
                "id": t.id.v,
                "name": t.name.v,
                "color": t.color.as_ref().map(|c| c.v.clone()),
                "hexside": t.hexside,
                "move": moves,
                "combat": if combat.is_empty() { "none".to_string() } else { combat.join(", ") },
                "los": t.los.map(LineOfSight::name),
                "text": text,
            }));
        }
        let has_los = game.terrain.iter().any(|t| t.los.is_some());
        let move_heads: Vec<String> =
            if types.is_empty() { vec!["Movement".into()] } else { types.iter().map(|t| capitalise(t)).collect() };
        json!({
            "title": "Terrain Effects Chart",
            "move_columns": move_heads,
            "movement_types": !types.is_empty(),
            "los": has_los,
            "rows": rows,
        })
    }

    /// The turn record track, with the reinforcements of `scenario` (every scenario's when
    /// `None`, each named) on their turns. Boxes hold the game's largest counter.
    pub(super) fn turn_track(&mut self, scenario: Option<&str>) -> Value {
        let game = self.game;
        let Some(track) = &game.turn_track else { return Value::Null };
        let counter = game
            .counter_groups
            .iter()
            .filter_map(|g| g.size.as_ref().map(|s| s.v.0.max(s.v.1)))
            .fold(DEFAULT_COUNTER_MM, f64::max);
        let scenarios: Vec<&Scenario> =
            game.scenarios.iter().filter(|s| scenario.is_none_or(|id| s.id.v == id)).collect();
        let mut turns = Vec::new();
        for (i, t) in track.turns.iter().enumerate() {
            let number = i as i64 + 1;
            let mut arrivals = Vec::new();
            for sc in &scenarios {
                for side in &sc.sides {
                    let decl = self.ix.get::<Side>(game, &side.side.v);
                    for f in side.forces.iter().filter(|f| f.arrives.as_ref().is_some_and(|a| a.v == number)) {
                        let unit = f.unit.as_ref().and_then(|u| self.ix.get::<Unit>(game, &u.v));
                        let name = f.name.as_ref().map(|n| n.v.clone()).or(unit.map(|u| u.name.v.clone()));
                        arrivals.push(json!({
                            "scenario": (scenarios.len() > 1).then(|| sc.title.v.clone()),
                            "side": decl.map(|d| d.name.v.clone()),
                            "color": decl.and_then(|d| d.color.as_ref().map(|c| c.v.clone())),
                            "text_color": decl.and_then(|d| d.color.as_ref().map(|c| contrast(&c.v))),
                            "count": f.count.as_ref().map(|c| c.v).unwrap_or(1),
                            "name": name.unwrap_or_default(),
                        }));
                    }
                }
            }
            let event = self.opt_text(&t.event);
            turns.push(json!({
                "number": number,
                "name": t.name.as_ref().map(|n| n.v.clone()).unwrap_or_else(|| number.to_string()),
                "weather": t.weather.as_ref().map(|w| w.v.clone()),
                "event": event,
                "arrivals": arrivals,
            }));
        }
        json!({
            "title": track.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| "Turn Record Track".into()),
            "box": counter + TRACK_BOX_PAD_MM,
            "counter": counter,
            "turns": turns,
        })
    }

    /// What the player aid card shows: every CRT, the terrain chart, the sequence of play, the
    /// turn track and the tables the game chose.
    pub(super) fn aid(&mut self) -> Value {
        let game = self.game;
        let aid = &game.meta.aid;
        let crts: Vec<Value> = game.crts.iter().map(|c| self.crt(c)).collect();
        let terrain = if game.terrain.is_empty() { Value::Null } else { self.terrain_chart() };
        let sequence = match &aid.sequence {
            Some(id) => self.ix.get::<Sequence>(game, &id.v),
            None => game.sequences.first(),
        };
        let sequence = sequence.map(|s| self.sequence(s)).unwrap_or(Value::Null);
        let track = self.turn_track(None);
        let tables: Vec<Value> =
            aid.tables.iter().filter_map(|id| self.ix.get::<Table>(game, &id.v)).map(|t| self.table(t)).collect();
        json!({"crts": crts, "terrain": terrain, "sequence": sequence, "turn_track": track, "tables": tables})
    }
}

pub(super) fn capitalise(s: &str) -> String {
    let s = s.replace(['-', '_'], " ");
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
