//! One scenario for its sheet (`data.scenario`), every unit with its stats from the unit data,
//! so a stat changed in the rules is changed on every scenario sheet; each side's points and
//! units totalled beside the game's limits.

use schemars::JsonSchema;
use serde::Serialize;

use super::map::Board;
use super::units::UnitData;
use super::{Exporter, TextKey};
use crate::layout::colour::contrast;
use crate::model::*;

/// A scenario (`[[scenario]]`), for its sheet.
#[derive(Serialize, JsonSchema)]
pub struct ScenarioData {
    /// `id`.
    pub id: String,
    /// `title`.
    pub title: String,
    /// `requires`: what else it needs (a module, an expansion).
    pub requires: Option<String>,
    /// `situation`.
    pub situation: Option<TextKey>,
    /// `map`: the map, in words.
    pub map: Option<TextKey>,
    /// `setup`.
    pub setup: Vec<TextKey>,
    /// Its settings, each with its `[[scenario_setting]]`'s name.
    pub settings: Vec<SettingData>,
    /// Its sides with their forces.
    pub sides: Vec<ScenarioSideData>,
    /// The game's limits per side (`[scenario_limits]`).
    pub limits: Limits,
    /// `[[scenario.objective]]`s.
    pub objectives: Vec<ObjectiveData>,
    /// How it is won.
    pub victory: Victory,
    /// `special_rules`.
    pub special_rules: Vec<TextKey>,
    /// The optional rules it uses.
    pub optional_rules: Vec<SectionRef>,
    /// The rules it uses.
    pub rules: Vec<SectionRef>,
    /// The map it is played on, as drawn, with its set-up; null when it names no map.
    pub board: Option<Board>,
    /// The tracks it gives starting boxes for, each marker at its box.
    pub tracks: Vec<super::charts::TrackData>,
}

/// A setting of a scenario.
#[derive(Serialize, JsonSchema)]
pub struct SettingData {
    /// The setting's id.
    pub id: String,
    /// Its `[[scenario_setting]]`'s name, else its id.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// A side of a scenario.
#[derive(Serialize, JsonSchema)]
pub struct ScenarioSideData {
    /// The side's id.
    pub id: String,
    /// Its name, else its id.
    pub name: String,
    /// Its colour.
    pub color: Option<String>,
    /// The ink that reads on `color`.
    pub text_color: Option<String>,
    /// `setup`.
    pub setup: Option<TextKey>,
    /// Its forces.
    pub forces: Vec<ForceData>,
    /// The points it fields, as the checker counts them; null when nothing is priced.
    pub points: Option<i64>,
    /// The units it fields.
    pub units: i64,
}

/// A force of a side.
#[derive(Serialize, JsonSchema)]
pub struct ForceData {
    /// `count`; default 1.
    pub count: i64,
    /// `name`, else its unit's.
    pub name: Option<String>,
    /// Its unit, with the unit's stats.
    pub unit: Option<UnitData>,
    /// `points`.
    pub points: Option<i64>,
    /// `setup`.
    pub setup: Option<TextKey>,
    /// `arrives`: the turn it arrives on.
    pub arrives: Option<i64>,
    /// `text`.
    pub text: Option<TextKey>,
    /// Where it starts, as a player sets it up: each counter it names with its cell
    /// ("XXIV: 0202"), else its cells, the name of its area ("in West Bank"), and where a
    /// reinforcement enters ("enters at 1405").
    pub places: Vec<String>,
    /// `build --since`: the row prints otherwise than in that version (its set-up, count,
    /// arrival or its unit's stats changed), or is new: a bar beside it. Absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

/// The game's limits per side.
#[derive(Serialize, JsonSchema)]
pub struct Limits {
    /// `points_per_side`.
    pub points: Option<i64>,
    /// `units_per_side`.
    pub units: Option<i64>,
}

/// An objective of a scenario.
#[derive(Serialize, JsonSchema)]
pub struct ObjectiveData {
    /// `name`.
    pub name: String,
    /// `points`.
    pub points: Option<i64>,
    /// `count`.
    pub count: Option<i64>,
    /// The name of the side it is for.
    pub side: Option<String>,
    /// `text`.
    pub text: Option<TextKey>,
}

/// How a scenario is won.
#[derive(Serialize, JsonSchema)]
pub struct Victory {
    /// `victory_points`.
    pub points: Option<i64>,
    /// `more_than`: a total must be more than `points` to win.
    pub more_than: bool,
    /// `turns`.
    pub turns: Option<i64>,
    /// `sudden_death`.
    pub sudden_death: Vec<TextKey>,
    /// `victory`.
    pub text: Vec<TextKey>,
}

/// A rule section a scenario names.
#[derive(Serialize, JsonSchema)]
pub struct SectionRef {
    /// The section's id.
    pub id: String,
    /// Its number.
    pub number: Option<String>,
    /// Its title.
    pub title: String,
}

impl Exporter<'_> {
    /// The scenario `id`; none when the game has none of that id.
    pub(super) fn scenario(&mut self, id: &str) -> Option<ScenarioData> {
        let game = self.game;
        let sc = game.scenarios.iter().find(|s| s.id.v == id)?;
        let room = crate::layout::sheets::Room::of(&self.layout.sheets.scenario);
        let section = |id: &Sp<String>| {
            game.sections.iter().find(|s| s.id.v == id.v).map(|s| SectionRef {
                id: s.id.v.clone(),
                number: s.number.as_ref().map(|n| n.v.clone()),
                title: s.title.v.clone(),
            })
        };
        let map = (crate::layout::board::scenario_map(game, sc), crate::layout::board::scenario_area_map(game, sc));
        let sides = sc.sides.iter().map(|side| self.scenario_side(side, map)).collect();
        let mut objectives = Vec::new();
        for o in &sc.objectives {
            let text = self.opt_text(&o.text);
            let side =
                o.side.as_ref().and_then(|s| game.sides.iter().find(|d| d.id.v == s.v)).map(|d| d.name.v.clone());
            let (points, count) = (o.points.as_ref().map(|p| p.v), o.count.as_ref().map(|c| c.v));
            objectives.push(ObjectiveData { name: o.name.v.clone(), points, count, side, text });
        }
        let settings = sc
            .settings
            .iter()
            .map(|(k, v)| {
                let name = game.scenario_settings.iter().find(|s| s.id.v == k.v).map(|s| s.name.v.clone());
                SettingData { id: k.v.clone(), name: name.unwrap_or(k.v.clone()), value: v.v.display() }
            })
            .collect();
        let limits = &game.scenario_limits;
        let mut data = ScenarioData {
            id: sc.id.v.clone(),
            title: sc.title.v.clone(),
            requires: sc.requires.as_ref().map(|r| r.v.clone()),
            situation: self.opt_text(&sc.situation),
            map: self.opt_text(&sc.map),
            setup: self.texts(&sc.setup),
            settings,
            sides,
            limits: Limits {
                points: limits.points_per_side.as_ref().map(|p| p.v),
                units: limits.units_per_side.as_ref().map(|u| u.v),
            },
            objectives,
            victory: Victory {
                points: sc.victory_points.as_ref().map(|p| p.v),
                more_than: sc.more_than.as_ref().is_some_and(|m| m.v),
                turns: sc.turns.as_ref().map(|t| t.v),
                sudden_death: self.texts(&sc.sudden_death),
                text: self.texts(&sc.victory),
            },
            special_rules: self.texts(&sc.special_rules),
            optional_rules: sc.optional_rules.iter().filter_map(section).collect(),
            rules: sc.rules.iter().filter_map(section).collect(),
            board: self.board(sc),
            // Set on the scenario sheet, whatever document asks (`build --since` compares them).
            tracks: (sc.tracks.iter())
                .filter_map(|(id, starts)| Some(self.track(self.ix.get::<Track>(game, &id.v)?, starts, room)))
                .collect(),
        };
        self.mark_setup_changes(&mut data);
        Some(data)
    }

    /// A side of a scenario: its forces, each unit with its stats, and what it fields in all.
    fn scenario_side(&mut self, side: &ScenarioSide, map: (Option<&Map>, Option<&AreaMap>)) -> ScenarioSideData {
        let game = self.game;
        let points_stat = game.scenario_limits.points_stat.as_ref().map(|p| p.v.as_str());
        let decl = game.sides.iter().find(|s| s.id.v == side.side.v);
        let mut forces = Vec::new();
        // What the side fields, as the checker counts it against the game's limits.
        let (mut points, mut units) = (None::<i64>, 0i64);
        for f in &side.forces {
            let data = f.unit_id(game).and_then(|u| self.ix.get::<Unit>(game, &u.v));
            if let Some(p) = f.points(data, points_stat) {
                points = Some(points.unwrap_or(0).saturating_add(p));
            }
            units = units.saturating_add(f.copies());
            let unit = data.map(|u| self.unit(u));
            forces.push(ForceData {
                count: f.copies(),
                name: Some(crate::layout::board::force_name(game, self.ix, f)).filter(|n| !n.is_empty()),
                unit,
                points: f.points.as_ref().map(|p| p.v),
                setup: self.opt_text(&f.setup),
                arrives: f.arrives.as_ref().map(|a| a.v),
                text: self.opt_text(&f.text),
                places: places(map, f, &game.meta.words),
                changed: false,
            });
        }
        ScenarioSideData {
            id: side.side.v.clone(),
            name: decl.map(|d| d.name.v.clone()).unwrap_or(side.side.v.clone()),
            color: decl.and_then(|d| d.color.as_ref().map(|c| c.v.clone())),
            text_color: decl.and_then(|d| d.color.as_ref().map(|c| contrast(&c.v))),
            setup: self.opt_text(&side.setup),
            forces,
            points,
            units,
        }
    }
}

/// Where a force starts, as the forces table prints it (see [`ForceData::places`]).
fn places((map, areas): (Option<&Map>, Option<&AreaMap>), f: &Force, words: &crate::model::Words) -> Vec<String> {
    let mut out: Vec<String> = if !f.counters.is_empty() {
        let last = f.cells.len().saturating_sub(1);
        f.counters
            .iter()
            .enumerate()
            .map(|(i, id)| match f.cells.get(i.min(last)) {
                Some(c) => format!("{}: {}", id.v, c.v),
                None => id.v.clone(),
            })
            .collect()
    } else {
        f.cells.iter().map(|c| c.v.clone()).collect()
    };
    if let Some(a) = f.area.as_ref().filter(|_| f.cells.is_empty()) {
        let place = areas.and_then(|m| m.place(&a.v)).map(Place::label);
        let area = map.and_then(|m| m.areas.iter().find(|x| x.id.v == a.v));
        let name = place.unwrap_or_else(|| area.and_then(|x| x.name.as_ref()).map_or(&a.v, |n| &n.v).clone());
        out.push(words.say("in_area", &[("area", &name)]));
    }
    if let Some(e) = &f.entry {
        let place = areas.and_then(|m| m.place(&e.v)).map(Place::label);
        // An edge: "enters from the German edge"; a cell or an area: "enters at 1405".
        match map.filter(|m| m.entry_edge(&e.v).is_some()) {
            Some(m) => out.push(words.say("enters_from", &[("edge", &m.entry_words_in(&e.v, words))])),
            None => out.push(words.say("enters_at", &[("place", &place.unwrap_or_else(|| e.v.clone()))])),
        }
    }
    out
}
