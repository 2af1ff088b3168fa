//! Abilities and units for templates (`data.abilities`, `data.units`, and the unit of a card,
//! a section item or a scenario's force): each unit's stats in its kind's order, one value per
//! step, its abilities with their parameter filled in.

use schemars::JsonSchema;
use serde::Serialize;

use super::{Exporter, TextKey};
use crate::layout::colour::contrast;
use crate::model::*;

/// `[[ability]]`.
#[derive(Clone, Serialize, JsonSchema)]
pub struct AbilityData {
    /// `id`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// `values`: the parameter values it comes in (`Tough 2`, `Tough 3`); empty without.
    pub values: Vec<i64>,
    /// `text`.
    pub text: Option<TextKey>,
    /// `short`: the short text unit cards may print instead.
    pub short: Option<TextKey>,
    /// `traits`: its values of each trait.
    pub traits: Vec<TraitData>,
}

/// One trait of an ability.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TraitData {
    /// The trait's id.
    pub id: String,
    /// The `[[trait]]`'s name, else its id.
    pub name: String,
    /// One value, or one per parameter value.
    pub values: Vec<TraitValueData>,
}

/// A trait's value, for one parameter value or for all.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TraitValueData {
    /// The parameter value; null: for every one.
    pub param: Option<i64>,
    /// The value, as printed.
    pub value: String,
}

/// `[[unit]]`, resolved.
#[derive(Clone, Serialize, JsonSchema)]
pub struct UnitData {
    /// `id`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// Its kind's id.
    pub kind: Option<String>,
    /// Its kind's name.
    pub kind_name: Option<String>,
    /// Its side's id.
    pub side: Option<String>,
    /// Its side's name.
    pub side_name: Option<String>,
    /// Its side's colour.
    pub color: Option<String>,
    /// The ink that reads on `color`.
    pub text_color: Option<String>,
    /// Its stats, in its kind's order, then any others as written.
    pub stats: Vec<UnitStat>,
    /// Each step by name with its stats, when the unit has more than one; else empty.
    pub steps: Vec<UnitStep>,
    /// Its abilities, parameters filled in.
    pub abilities: Vec<UnitAbility>,
    /// `notes`.
    pub notes: Vec<TextKey>,
    /// `quantity`: copies; default 1.
    pub quantity: i64,
    /// `image`: its picture's path from the game folder's root (`/images/troop.png`).
    pub image: Option<String>,
}

/// One stat of a unit.
#[derive(Clone, Serialize, JsonSchema)]
pub struct UnitStat {
    /// The stat's id.
    pub id: String,
    /// The stat's name.
    pub name: String,
    /// The stat's abbreviation.
    pub abbr: String,
    /// The stat's icon.
    pub icon: Option<String>,
    /// Its value with the stat's suffix; with steps, every step's joined (`8 / 4`).
    pub value: String,
    /// Its value in each step (`–` where a step has none).
    pub values: Vec<String>,
    /// The unit's note on this stat (`stat_notes`).
    pub note: Option<TextKey>,
}

/// One step of a unit with steps.
#[derive(Clone, Serialize, JsonSchema)]
pub struct UnitStep {
    /// The step's name (`Full`, `Reduced`, ...).
    pub name: String,
    /// Its stats, in the unit's order.
    pub stats: Vec<StepStat>,
}

/// A stat's value in one step.
#[derive(Clone, Serialize, JsonSchema)]
pub struct StepStat {
    /// The stat's id.
    pub id: String,
    /// The stat's abbreviation.
    pub abbr: String,
    /// The value, with the stat's suffix.
    pub value: String,
}

/// One ability of a unit.
#[derive(Clone, Serialize, JsonSchema)]
pub struct UnitAbility {
    /// The ability's id.
    pub id: String,
    /// Its label with the parameter (`Tough 3`).
    pub label: String,
    /// The parameter value.
    pub param: Option<i64>,
    /// Its text, `{value}` filled in.
    pub text: Option<TextKey>,
    /// Its short text, `{value}` filled in.
    pub short: Option<TextKey>,
}

impl<'g> Exporter<'g> {
    pub(super) fn ability(&mut self, a: &Ability) -> AbilityData {
        let traits = a
            .traits
            .iter()
            .map(|(k, v)| {
                let name = self.ix.get::<Trait>(self.game, &k.v).map(|t| t.name.v.clone()).unwrap_or(k.v.clone());
                let values = match v {
                    TraitValue::One(s) => vec![TraitValueData { param: None, value: s.v.display() }],
                    TraitValue::PerParam(list, _) => {
                        list.iter().map(|(p, s)| TraitValueData { param: Some(p.v), value: s.v.display() }).collect()
                    }
                };
                TraitData { id: k.v.clone(), name, values }
            })
            .collect();
        AbilityData {
            id: a.id.v.clone(),
            name: a.name.v.clone(),
            values: a.values.as_ref().map(|v| v.v.iter().map(|x| x.v).collect()).unwrap_or_default(),
            text: self.opt_text(&a.text),
            short: self.opt_text(&a.short),
            traits,
        }
    }

    pub(super) fn unit(&mut self, u: &Unit) -> UnitData {
        let game = self.game;
        let kind = u.kind.as_ref().and_then(|k| self.ix.get::<Kind>(game, &k.v));
        let side = u.side.as_ref().and_then(|s| self.ix.get::<Side>(game, &s.v));
        let order = self.stat_order(u, kind);
        let stats = self.unit_stats(u, &order);
        let steps = if u.has_steps() { unit_steps(u, &order, &game.meta.words) } else { Vec::new() };
        let mut abilities = Vec::new();
        for r in &u.abilities {
            let Some(a) = self.ix.get::<Ability>(game, &r.id) else { continue };
            // "Takes {value} wounds" as "Tough 3" reads it.
            let text = self.opt_text(&a.text.as_ref().map(|t| a.filled(t, r.param)));
            let short = self.opt_text(&a.short.as_ref().map(|t| a.filled(t, r.param)));
            abilities.push(UnitAbility { id: a.id.v.clone(), label: a.label(r.param), param: r.param, text, short });
        }
        UnitData {
            id: u.id.v.clone(),
            name: u.name.v.clone(),
            kind: kind.map(|k| k.id.v.clone()),
            kind_name: kind.map(|k| k.name.v.clone()),
            side: side.map(|s| s.id.v.clone()),
            side_name: side.map(|s| s.name.v.clone()),
            color: side.and_then(|s| s.color.as_ref().map(|c| c.v.clone())),
            text_color: side.and_then(|s| s.color.as_ref().map(|c| contrast(&c.v))),
            stats,
            steps,
            abilities,
            notes: self.texts(&u.notes),
            quantity: u.quantity.as_ref().map(|q| q.v).unwrap_or(1),
            image: u.image.as_ref().map(|p| format!("/{}", p.v.trim_start_matches("./"))),
        }
    }

    /// A unit's stats in its kind's order, then any others as written (in any step).
    fn stat_order(&self, u: &Unit, kind: Option<&Kind>) -> Vec<&'g Stat> {
        let mut order: Vec<&str> = Vec::new();
        if let Some(k) = kind {
            order.extend(k.stats.iter().chain(&k.optional_stats).map(|s| s.v.as_str()));
        }
        for (k, _) in u.steps.iter().flat_map(|s| &s.stats) {
            if !order.contains(&k.v.as_str()) {
                order.push(&k.v);
            }
        }
        order.into_iter().filter_map(|id| self.ix.get::<Stat>(self.game, id)).collect()
    }

    /// Each stat the unit has, one value per step: "8 / 4" for a unit with a reduced step.
    fn unit_stats(&mut self, u: &Unit, order: &[&Stat]) -> Vec<UnitStat> {
        let mut stats = Vec::new();
        for stat in order {
            let values: Vec<Option<String>> = u.steps.iter().map(|s| printed(&s.stats, stat)).collect();
            if values.iter().all(Option::is_none) {
                continue;
            }
            let values: Vec<String> = values.into_iter().map(|v| v.unwrap_or_else(|| "–".into())).collect();
            let note = u.stat_notes.iter().find(|(k, _)| k.v == stat.id.v).map(|(_, t)| t.clone());
            stats.push(UnitStat {
                id: stat.id.v.clone(),
                name: stat.name.v.clone(),
                abbr: stat.abbr().to_string(),
                icon: stat.icon.as_ref().map(|i| i.v.clone()),
                value: values.join(" / "),
                values,
                note: self.opt_text(&note),
            });
        }
        stats
    }
}

/// A stat's value as printed, with its suffix, if `stats` has it.
fn printed(stats: &[(Sp<String>, Sp<Scalar>)], stat: &Stat) -> Option<String> {
    stats
        .iter()
        .find(|(k, _)| k.v == stat.id.v)
        .map(|(_, value)| format!("{}{}", value.v.display(), stat.suffix.clone().unwrap_or_default()))
}

/// Each step of a unit by name with its stats.
fn unit_steps(u: &Unit, order: &[&Stat], words: &crate::model::Words) -> Vec<UnitStep> {
    u.steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let stats = order
                .iter()
                .filter_map(|stat| {
                    let value = printed(&step.stats, stat)?;
                    Some(StepStat { id: stat.id.v.clone(), abbr: stat.abbr().to_string(), value })
                })
                .collect();
            let name =
                step.name.as_ref().map_or_else(|| words.say("step_n", &[("n", &(i + 1).to_string())]), |n| n.v.clone());
            UnitStep { name, stats }
        })
        .collect()
}
