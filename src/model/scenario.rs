//! Scenarios: what a player needs to set up and play one battle, checked against the game.

use crate::source::Loc;

use super::{Scalar, Sp, Text};

/// `[[scenario_setting]]`: something every scenario of the game states (Genpei: wind, tide).
#[derive(Debug)]
pub struct ScenarioSetting {
    pub id: Sp<String>,
    pub name: Sp<String>,
    /// The values allowed; empty: any text.
    pub values: Vec<Sp<String>>,
    pub required: bool,
}

/// `[scenario_limits]`: what every side of every scenario must respect.
#[derive(Debug, Default)]
pub struct ScenarioLimits {
    /// The unit stat that says what a unit is worth (its points).
    pub points_stat: Option<Sp<String>>,
    pub points_per_side: Option<Sp<i64>>,
    pub units_per_side: Option<Sp<i64>>,
    pub loc: Option<Loc>,
}

/// One line of a side's forces.
#[derive(Debug)]
pub struct Force {
    /// A unit of the game, or (for what the game data does not list) a name.
    pub unit: Option<Sp<String>>,
    pub name: Option<Sp<String>>,
    pub count: Option<Sp<i64>>,
    /// Points of a named force (units take theirs from the points stat).
    pub points: Option<Sp<i64>>,
    pub setup: Option<Text>,
    /// The turn it arrives on; none: on the map at the start.
    pub arrives: Option<Sp<i64>>,
    pub text: Option<Text>,
    pub loc: Loc,
}

#[derive(Debug)]
pub struct ScenarioSide {
    pub side: Sp<String>,
    pub setup: Option<Text>,
    pub forces: Vec<Force>,
    pub loc: Loc,
}

#[derive(Debug)]
pub struct Objective {
    pub name: Sp<String>,
    pub points: Option<Sp<i64>>,
    /// How many there are to score (victory banners: one per enemy unit); default 1.
    pub count: Option<Sp<i64>>,
    /// Only this side scores it; none: either.
    pub side: Option<Sp<String>>,
    pub text: Option<Text>,
    pub loc: Loc,
}

#[derive(Debug)]
pub struct Scenario {
    pub id: Sp<String>,
    pub title: Sp<String>,
    pub requires: Option<Sp<String>>,
    pub situation: Option<Text>,
    pub map: Option<Text>,
    pub setup: Vec<Text>,
    pub sides: Vec<ScenarioSide>,
    pub objectives: Vec<Objective>,
    pub victory_points: Option<Sp<i64>>,
    pub turns: Option<Sp<i64>>,
    pub sudden_death: Vec<Text>,
    pub victory: Vec<Text>,
    pub special_rules: Vec<Text>,
    pub optional_rules: Vec<Sp<String>>,
    pub rules: Vec<Sp<String>>,
    pub settings: Vec<(Sp<String>, Sp<Scalar>)>,
    pub loc: Loc,
}
