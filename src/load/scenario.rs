//! Reading scenarios: `[[scenario_setting]]`, `[scenario_limits]`, `[[scenario]]` with its
//! `[[scenario.side]]` forces and `[[scenario.objective]]`s.

use toml::de::DeValue;

use super::reader::{Obj, int_of};
use super::units::scalar_of;
use super::{OrDefault, id_or_slug, o_finish};
use crate::diag::{self, Diagnostic};
use crate::model::*;

pub(super) fn read_setting(o: &Obj) -> ScenarioSetting {
    let name = o.req_str("name");
    let s = ScenarioSetting {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        values: o.strs("values"),
        required: o.bool("required").map(|b| b.v).unwrap_or(false),
    };
    o_finish(o);
    s
}

pub(super) fn read_limits(game: &mut Game, o: &Obj) {
    let l = &mut game.scenario_limits;
    l.loc = Some(o.ctx.loc(o.span.clone()));
    l.points_stat = o.id("points_stat", false);
    l.points_per_side = o.int("points_per_side");
    l.units_per_side = o.int("units_per_side");
    l.units_per_cell = o.int("units_per_cell");
    o.finish();
}

/// Each table of the array `key` of `o`.
fn tables<'a, 'd>(o: &Obj<'a, 'd>, key: &'static str, what: &str) -> Vec<Obj<'a, 'd>> {
    let Some((items, _)) = o.array(key) else { return Vec::new() };
    items.iter().filter_map(|v| Obj::from_value(o.ctx, v, o.nested(key), what.to_string())).collect()
}

fn read_force(f: &Obj) -> Force {
    let force = Force {
        unit: f.id("unit", false),
        name: f.str("name"),
        count: f.int("count"),
        points: f.int("points"),
        setup: f.text("setup"),
        arrives: f.int("arrives"),
        text: f.text("text"),
        cells: f.places("cells", "list the cells it sets up in (\"0202\"), or leave `cells` out"),
        counters: f.strs("counters"),
        area: f.id("area", false),
        entry: f.str("entry"),
        loc: f.ctx.loc(f.span.clone()),
    };
    if force.unit.is_none() && force.name.is_none() && force.counters.is_empty() {
        f.ctx.push(
            Diagnostic::error(
                diag::MISSING_FIELD,
                "a force needs a `unit`, its `counters`, or a `name` for what the data does not list",
            )
            .at(&force.loc)
            .help("write { unit = \"rifle-platoon\", count = 3 }, or { counters = [\"XXIV\", \"XLVI\"], cells = [\"0202\", \"0604\"] }"),
        );
    }
    f.finish();
    force
}

pub(super) fn read_scenario(o: &Obj) -> Scenario {
    o.renamed("rules_version", "requires", "on a scenario");
    let title = o.req_str("title");
    let id = id_or_slug(o, &title).unwrap_or_default_sp(o);
    let mut sides = Vec::new();
    for s in tables(o, "side", "a scenario side") {
        let side = ScenarioSide {
            side: s.id("side", true).unwrap_or_default_sp(&s),
            setup: s.text("setup"),
            forces: tables(&s, "forces", "a force").iter().map(read_force).collect(),
            loc: s.ctx.loc(s.span.clone()),
        };
        s.finish();
        sides.push(side);
    }
    let mut objectives = Vec::new();
    for t in tables(o, "objective", "an objective") {
        t.renamed("victory_points", "points", "on an objective");
        objectives.push(Objective {
            name: t.req_str("name").unwrap_or_default_sp(&t),
            points: t.int("victory_points"),
            count: t.int("count"),
            side: t.id("side", false),
            text: t.text("text"),
            cells: t.places("cells", "list the cells it marks (\"1404\"), or leave `cells` out"),
            loc: t.ctx.loc(t.span.clone()),
        });
        t.finish();
    }
    let (mut victory_points, mut turns, mut sudden_death, mut victory) = (None, None, Vec::new(), Vec::new());
    let mut more_than = None;
    if let Some(v) = o.table("victory") {
        v.renamed("victory_points", "points", "in a scenario's victory");
        victory_points = v.int("victory_points");
        more_than = v.bool("more_than");
        turns = v.int("turns");
        sudden_death = v.texts("sudden_death");
        victory = v.texts("text");
        v.finish();
    }
    let mut settings = Vec::new();
    if let Some(v) = o.get("settings") {
        match v.get_ref() {
            DeValue::Table(t) => {
                for (k, val) in t.iter() {
                    if let Some(sv) = scalar_of(val, o.ctx) {
                        settings.push((Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span())), sv));
                    }
                }
            }
            _ => o.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, "`settings` must be a table")
                    .at(&o.ctx.loc(v.span()))
                    .help("write settings = { wind = \"north\" }"),
            ),
        }
    }
    let tracks = read_track_starts(o);
    let s = Scenario {
        tracks,
        id,
        title: title.unwrap_or_default_sp(o),
        requires: o.str("rules_version"),
        situation: o.text("situation"),
        map: o.text("map"),
        setup: o.texts("setup"),
        sides,
        objectives,
        victory_points,
        more_than,
        turns,
        sudden_death,
        victory,
        special_rules: o.texts("special_rules"),
        optional_rules: o.ids("optional_rules"),
        rules: o.ids("rules"),
        settings,
        board: super::map::read_board(o),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    s
}

/// `tracks = { vp = { north = 0, south = 2 }, will = 3 }`: where each track's markers start.
fn read_track_starts(o: &Obj) -> Vec<(Sp<String>, TrackStarts)> {
    let Some(v) = o.get("tracks") else { return Vec::new() };
    let DeValue::Table(t) = v.get_ref() else {
        o.ctx.wrong_type("tracks", "a table: tracks = { vp = 0 }", v);
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, val) in t.iter() {
        let track = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
        let starts = match val.get_ref() {
            DeValue::Table(m) => m
                .iter()
                .map(|(mk, mv)| {
                    let n = int_of(o.ctx, mk.get_ref(), mv);
                    (Some(Sp::new(mk.get_ref().to_string(), o.ctx.loc(mk.span()))), n)
                })
                .collect(),
            _ => vec![(None, int_of(o.ctx, k.get_ref(), val))],
        };
        out.push((track, starts));
    }
    out
}
