//! Scenarios: what a player needs to set up and play one battle, checked against the game.

use crate::source::Loc;

use super::{Scalar, Sp, Text};

/// `[[scenario_setting]]`: something every scenario of the game states (Genpei: wind, tide).
#[derive(Debug)]
pub struct ScenarioSetting {
    /// `id`: the key in a scenario's `settings`.
    pub id: Sp<String>,
    /// `name`: the label on the scenario sheet ("Wind/tide").
    pub name: Sp<String>,
    /// `values`: the values allowed; empty: any text (E034 otherwise).
    pub values: Vec<Sp<String>>,
    /// `required`: every scenario must state it (E034 if one does not); default false.
    pub required: bool,
}

/// `[scenario_limits]`: what every side of every scenario must respect.
#[derive(Debug, Default)]
pub struct ScenarioLimits {
    /// The unit stat that says what a unit is worth (its points).
    pub points_stat: Option<Sp<String>>,
    /// `points_per_side`: most points a side's forces may be worth (E033 over it).
    pub points_per_side: Option<Sp<i64>>,
    /// `units_per_side`: most units (counting `count`) a side may field (E033 over it).
    pub units_per_side: Option<Sp<i64>>,
    /// `units_per_cell`: the stacking limit, most units in one map cell at set-up (E055).
    pub units_per_cell: Option<Sp<i64>>,
    /// Where `[scenario_limits]` was written, when it was.
    pub loc: Option<Loc>,
}

/// One entry of `forces` on a `[[scenario.side]]`: a line of that side's forces table.
#[derive(Debug)]
pub struct Force {
    /// `unit`: a unit of the game; its stats are printed from the unit data.
    pub unit: Option<Sp<String>>,
    /// `name`: for what the game data does not list ("Allied fleet"), instead of a unit.
    pub name: Option<Sp<String>>,
    /// `count`: how many, at least 1; default 1.
    pub count: Option<Sp<i64>>,
    /// Points of a named force (units take theirs from the points stat).
    pub points: Option<Sp<i64>>,
    /// `setup`: markup, where these set up.
    pub setup: Option<Text>,
    /// `arrives`: the turn it arrives on (a reinforcement); none: on the map at the start.
    pub arrives: Option<Sp<i64>>,
    /// `cells`: the map cells it sets up in, one unit each in turn (the last takes the rest).
    pub cells: Vec<Sp<String>>,
    /// `counters`: the game's counters it sets up, by id (a run's id, a counter's `id`, else its
    /// `label`): the first goes to the first of `cells`, and so on; `count` is how many it names.
    pub counters: Vec<Sp<String>>,
    /// `area`: a `[[map.area]]` of the scenario's map it sets up in.
    pub area: Option<Sp<String>>,
    /// `entry`: the edge cell a reinforcement enters the map at.
    pub entry: Option<Sp<String>>,
    /// `text`: markup, anything else about it.
    pub text: Option<Text>,
    /// The entry's inline table.
    pub loc: Loc,
}

/// `[[scenario.side]]`: what one side brings to a scenario.
#[derive(Debug)]
pub struct ScenarioSide {
    /// `side`: a `[[side]]` of the game.
    pub side: Sp<String>,
    /// `setup`: markup, where the side sets up.
    pub setup: Option<Text>,
    /// `forces`: its units and other forces; a side needs some (E032).
    pub forces: Vec<Force>,
    /// The whole `[[scenario.side]]` table.
    pub loc: Loc,
}

/// `[[scenario.objective]]`: something a side scores points for.
#[derive(Debug)]
pub struct Objective {
    /// `name`: as printed ("North island").
    pub name: Sp<String>,
    /// `points`: what it is worth, each; counts toward the victory points (W006).
    pub points: Option<Sp<i64>>,
    /// How many there are to score (victory banners: one per enemy unit); default 1.
    pub count: Option<Sp<i64>>,
    /// Only this side scores it; none: either.
    pub side: Option<Sp<String>>,
    /// `text`: markup, how it is scored.
    pub text: Option<Text>,
    /// `cells`: the map cells that score it, marked on the set-up map.
    pub cells: Vec<Sp<String>>,
    /// The whole `[[scenario.objective]]` table.
    pub loc: Loc,
}

/// `[[scenario]]`: one battle, printed as its own sheet `scenario-<id>.pdf`.
#[derive(Debug)]
pub struct Scenario {
    /// `id`: names the output file; default: from the title.
    pub id: Sp<String>,
    /// `title`: the sheet's heading; required.
    pub title: Sp<String>,
    /// `requires`: the rules version it needs; E030 if newer than `[game] version`.
    pub requires: Option<Sp<String>>,
    /// `situation`: markup, the historical or narrative background.
    pub situation: Option<Text>,
    /// `map`: markup, the map or table to play on.
    pub map: Option<Text>,
    /// `setup`: markup paragraphs, set-up for both sides.
    pub setup: Vec<Text>,
    /// `[[scenario.side]]`: each side's set-up and forces.
    pub sides: Vec<ScenarioSide>,
    /// `[[scenario.objective]]`: what sides score points for.
    pub objectives: Vec<Objective>,
    /// `points` in `[scenario.victory]`: the points that win; W006 if no side can reach them.
    pub victory_points: Option<Sp<i64>>,
    /// `more_than` in `[scenario.victory]`: a total must be more than `victory_points` to win
    /// (the rules say "exceeds"), not reach it.
    pub more_than: Option<Sp<bool>>,
    /// `turns` in `[scenario.victory]`: how long the game lasts, in turns.
    pub turns: Option<Sp<i64>>,
    /// `sudden_death` in `[scenario.victory]`: markup, conditions that end the game at once.
    pub sudden_death: Vec<Text>,
    /// `text` in `[scenario.victory]`: markup, how the game is won.
    pub victory: Vec<Text>,
    /// `special_rules`: markup, rules for this scenario only.
    pub special_rules: Vec<Text>,
    /// `optional_rules`: sections in force; each must have `optional = true` (E031).
    pub optional_rules: Vec<Sp<String>>,
    /// `rules`: sections worth reading before play, listed on the sheet.
    pub rules: Vec<Sp<String>>,
    /// `settings`: (setting id, value), checked against `[[scenario_setting]]` (E034).
    pub settings: Vec<(Sp<String>, Sp<Scalar>)>,
    /// `[scenario.board]`: the map it is played on, drawn on the sheet with the set-up.
    pub board: Option<Board>,
    /// `tracks`: each `[[track]]`'s markers where they start: (track id, (marker, box)),
    /// the marker none for a track's one unnamed marker (`tracks = { will = 3 }`).
    pub tracks: Vec<(Sp<String>, TrackStarts)>,
    /// The whole `[[scenario]]` table.
    pub loc: Loc,
}

impl Force {
    /// How many: `count`, at least 0; default 1.
    pub(crate) fn copies(&self) -> i64 {
        if !self.counters.is_empty() {
            return self.counters.len() as i64;
        }
        self.count.as_ref().map_or(1, |c| c.v.max(0))
    }

    /// How many of its units set up in the `i`th of its `n` cells: one a cell, the last taking
    /// the rest.
    pub(crate) fn in_cell(&self, i: usize, n: usize) -> i64 {
        let copies = self.copies();
        if i + 1 == n { (copies - i as i64).max(0) } else { i64::from((i as i64) < copies) }
    }

    /// The unit it fields: its `unit`, else the unit of the first counter it names.
    pub(crate) fn unit_id<'g>(&'g self, game: &'g super::Game) -> Option<&'g Sp<String>> {
        self.unit.as_ref().or_else(|| {
            let first = self.counters.first()?;
            game.counters.iter().find(|c| c.setup_ids().iter().any(|i| i.v == first.v))?.unit.as_ref()
        })
    }

    /// What the whole line is worth: `count` times its unit's points (the `points_stat` at
    /// full strength) plus its own `points`; none when neither says.
    pub(crate) fn points(&self, unit: Option<&super::Unit>, points_stat: Option<&str>) -> Option<i64> {
        let unit_points = unit.zip(points_stat).and_then(|(u, ps)| match u.stats().iter().find(|(k, _)| k.v == ps) {
            Some((_, Sp { v: Scalar::Int(p), .. })) => Some(*p),
            _ => None,
        });
        let each: Vec<i64> = unit_points.into_iter().chain(self.points.as_ref().map(|p| p.v)).collect();
        (!each.is_empty())
            .then(|| each.into_iter().fold(0i64, |sum, p| sum.saturating_add(p.saturating_mul(self.copies()))))
    }
}

/// An arrow drawn on a scenario's set-up map (`arrows` in `[scenario.board]`): the direction
/// of a scenario setting such as the Genpei wind/tide.
#[derive(Debug)]
pub struct BoardArrow {
    /// `setting`: the `[[scenario_setting]]` it shows; its name labels the arrow.
    pub setting: Option<Sp<String>>,
    /// `label`: the label when it shows no setting.
    pub label: Option<Sp<String>>,
    /// `towards`: a `[[map.edge]]` id or an edge of the map (`"north"` ...).
    pub towards: Sp<String>,
}

/// `[scenario.board]`: the map a scenario is played on, or a window of it, or the geomorphic
/// boards it lays side by side.
#[derive(Debug)]
pub struct Board {
    /// `map`: a `[[map]]`; none where the scenario arranges `boards`.
    pub map: Option<Sp<String>>,
    /// `boards`: `[[map]]`s with a `board` label, row by row (north to south), each row west to
    /// east (a list of ids is one row).
    pub boards: Vec<Vec<Sp<String>>>,
    /// `turned`: the boards of `boards` turned half a turn.
    pub turned: Vec<Sp<String>>,
    /// The map the boards make ([`super::map::arrange`], after loading), or why they cannot be
    /// laid so (reported by the checker).
    pub arranged: Option<Result<super::Map, super::map::ArrangeError>>,
    /// `window`: the rectangle of cells shown and played on (`"0101-1008"`); default all.
    pub window: Option<Sp<String>>,
    /// `arrows`: settings drawn as arrows.
    pub arrows: Vec<BoardArrow>,
    /// The whole table.
    pub loc: Loc,
}

impl Board {
    /// The map it is played on: the map its boards make (a geomorphic board played alone is
    /// one board laid), else its `map`.
    pub fn played<'g>(&'g self, game: &'g super::Game) -> Option<&'g super::Map> {
        match (&self.map, &self.arranged) {
            (_, Some(Ok(m))) => Some(m),
            (Some(id), _) => game.maps.iter().find(|m| m.id.v == id.v),
            _ => None,
        }
    }

    /// Lay its `boards` side by side (after loading, when every map is known); a board that is
    /// no map leaves it unarranged (the checker reports the id). A `map` that is a geomorphic
    /// board is laid alone, so that its cells are named as on boards laid together ("1C4").
    pub fn arrange(&mut self, maps: &[super::Map]) {
        let alone;
        let boards = match &self.map {
            Some(id) if self.boards.is_empty() && maps.iter().any(|m| m.id.v == id.v && m.board.is_some()) => {
                alone = vec![vec![id.clone()]];
                &alone
            }
            _ => &self.boards,
        };
        if boards.is_empty() {
            return;
        }
        let mut rows = Vec::new();
        for row in boards {
            let mut r = Vec::new();
            for id in row {
                let Some(m) = maps.iter().find(|m| m.id.v == id.v) else { return };
                r.push((m, self.turned.iter().any(|t| t.v == id.v)));
            }
            rows.push(r);
        }
        let loc = boards.iter().flatten().next().map_or(&self.loc, |b| &b.loc);
        self.arranged = Some(super::map::arrange(&rows, loc));
    }
}

/// Where a scenario starts a track's markers: (marker, box), the marker none for a bare
/// number (a track of one marker), the box none where it is not a whole number (E004, already
/// reported).
pub type TrackStarts = Vec<(Option<Sp<String>>, Option<Sp<i64>>)>;
