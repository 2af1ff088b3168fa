//! Reading charts: `[[crt]]` with its rows, legend and modifiers, `[[terrain]]`, and
//! `[turn_track]`. Only the shape is checked here; what the values mean together (every die
//! result once, every code in the legend) is the checker's.

use toml::de::DeValue;

use super::reader::{Ctx, Obj, int_of, str_of};
use super::{OrDefault, color_of, id_or_slug, o_finish};
use crate::diag::{self, Diagnostic};
use crate::model::*;

/// Each table of the array `key` of `o`.
fn tables<'a, 'd>(o: &Obj<'a, 'd>, key: &'static str, what: &str) -> Vec<Obj<'a, 'd>> {
    let Some((items, _)) = o.array(key) else { return Vec::new() };
    let decl = o.nested(key);
    items.iter().filter_map(|v| Obj::from_value(o.ctx, v, decl, what.to_string())).collect()
}

/// `"1D6"`, `"2d6"`, `"D10"`: (count, sides).
pub(super) fn parse_dice(s: &str) -> Option<(i64, i64)> {
    let s = s.trim();
    let d = s.find(['d', 'D'])?;
    let count = if d == 0 { 1 } else { s[..d].parse().ok()? };
    let sides: i64 = s[d + 1..].parse().ok()?;
    ((1..=10).contains(&count) && (2..=100).contains(&sides)).then_some((count, sides))
}

pub(super) fn read_crt(o: &Obj) -> Crt {
    let columns = match o.str("columns") {
        None => CrtColumns::Odds,
        Some(s) => match s.v.as_str() {
            "odds" => CrtColumns::Odds,
            "differential" => CrtColumns::Differential,
            "named" => CrtColumns::Named,
            other => {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("unknown kind of CRT columns `{other}`"))
                        .at(&s.loc)
                        .help("write \"odds\" (1-2, 1-1, 2-1 …), \"differential\" (-2, 0, +2 …) or \"named\""),
                );
                CrtColumns::Named
            }
        },
    };
    let dice = o.req_str("dice").and_then(|s| match parse_dice(&s.v) {
        Some(d) => Some(Sp::new(d, s.loc)),
        None => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not a roll a CRT row can be picked by", s.v))
                    .at(&s.loc)
                    .label("expected dice like 1D6 or 2D6")
                    .help("write the dice rolled on the table: \"1D6\", \"2D6\", \"1D10\""),
            );
            None
        }
    });
    let rows = tables(o, "rows", "a CRT row").iter().filter_map(read_crt_row).collect();
    let legend = tables(o, "legend", "a CRT legend entry")
        .iter()
        .filter_map(|r| {
            let code = r.req_str("code");
            let text = r.text("text");
            r.finish();
            Some(CrtResult { code: code?, text })
        })
        .collect();
    let modifiers = tables(o, "modifiers", "a CRT modifier").iter().filter_map(read_modifier).collect();
    let c = Crt {
        id: o.id("id", true).unwrap_or_default_sp(o),
        title: o.str("title"),
        columns,
        labels: o.strs("labels"),
        dice,
        rows,
        legend,
        modifiers,
        notes: o.texts("notes"),
        loc: o.ctx.loc(o.span.clone()),
    };
    if !o.has("labels") {
        let _ = o.req_str("labels");
    }
    o_finish(o);
    c
}

fn read_crt_row(r: &Obj) -> Option<CrtRow> {
    let roll = match r.get("roll") {
        None => {
            let _ = r.req_str("roll");
            None
        }
        Some(v) => roll_of(r.ctx, v),
    };
    let results = match r.array("results") {
        Some((items, _)) => items.iter().filter_map(|v| str_of(r.ctx, "results", v)).collect(),
        None => {
            let _ = r.req_str("results");
            Vec::new()
        }
    };
    let loc = r.ctx.loc(r.span.clone());
    r.finish();
    Some(CrtRow { roll: roll?, results, loc })
}

/// `roll = 3` or `roll = "2-4"`.
fn roll_of(ctx: &Ctx, v: &toml::Spanned<DeValue>) -> Option<Sp<(i64, i64)>> {
    if let DeValue::String(s) = v.get_ref() {
        let span = |a: &str, b: &str| Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?));
        let parsed = match s.split_once(['-', '–']) {
            Some((a, b)) => span(a, b),
            None => span(s, s),
        };
        return match parsed {
            Some((a, b)) if a <= b => Some(Sp::new((a, b), ctx.loc(v.span()))),
            _ => {
                ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{s}` is not a die result or a span of them"))
                        .at(&ctx.loc(v.span()))
                        .help("write one result, roll = 3, or a span from low to high, roll = \"2-4\""),
                );
                None
            }
        };
    }
    int_of(ctx, "roll", v).map(|n| Sp::new((n.v, n.v), n.loc))
}

fn read_modifier(m: &Obj) -> Option<CrtModifier> {
    let shift = m.int("shift");
    let drm = m.int("drm");
    let loc = m.ctx.loc(m.span.clone());
    let causes: Vec<(RefKind, Sp<String>)> =
        [RefKind::Terrain, RefKind::Unit, RefKind::Ability, RefKind::Kind, RefKind::Section]
            .into_iter()
            .filter_map(|k| m.str(k.name()).map(|id| (k, id)))
            .collect();
    if causes.len() > 1 {
        m.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, "a CRT modifier names one cause")
                .at(&causes[1].1.loc)
                .help("write one of terrain, unit, ability, kind or section; say the rest in `text`"),
        );
    }
    let of_terrain = causes.first().is_some_and(|(k, _)| *k == RefKind::Terrain);
    let effect = match (shift, drm) {
        (Some(s), None) => Some(Some(Sp::new(ModifierEffect::Shift(s.v), s.loc))),
        (None, Some(d)) => Some(Some(Sp::new(ModifierEffect::Drm(d.v), d.loc))),
        // A terrain's own shift and drm, from its [[terrain]] entry.
        (None, None) if of_terrain => Some(None),
        (a, b) => {
            let d = if a.is_some() && b.is_some() {
                Diagnostic::error(diag::INVALID_VALUE, "a CRT modifier is a column `shift` or a `drm`, not both")
            } else {
                Diagnostic::error(diag::MISSING_FIELD, "a CRT modifier needs a column `shift` or a `drm`")
            };
            m.ctx.push(d.at(&loc).help("write { shift = -1, text = \"...\" } or { drm = 1, ability = \"...\" }"));
            None
        }
    };
    let text = m.text("text");
    m.finish();
    Some(CrtModifier { effect: effect?, cause: causes.into_iter().next(), text, loc })
}

pub(super) fn read_terrain(o: &Obj) -> Terrain {
    let name = o.req_str("name");
    let mut movement = MoveCost::default();
    if let Some(v) = o.get("move") {
        match v.get_ref() {
            DeValue::Table(_) => {
                if let Some(t) = Obj::from_value(o.ctx, v, &super::fields::TERRAIN_MOVE, "`move`") {
                    for (k, val) in t.table.iter() {
                        let key = k.get_ref().to_string();
                        if let Some(cost) = cost_of(o.ctx, val) {
                            let id = Sp::new(key, o.ctx.loc(k.span()));
                            super::reader::check_id(o.ctx, &id);
                            movement.by_type.push((id, cost));
                        }
                    }
                }
            }
            _ => movement.all = cost_of(o.ctx, v),
        }
    }
    let los = o.str("los").and_then(|s| match s.v.as_str() {
        "clear" => Some(Sp::new(LineOfSight::Clear, s.loc)),
        "hinders" => Some(Sp::new(LineOfSight::Hinders, s.loc)),
        "blocks" => Some(Sp::new(LineOfSight::Blocks, s.loc)),
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown line of sight `{other}`"))
                    .at(&s.loc)
                    .help("write \"clear\", \"hinders\" or \"blocks\""),
            );
            None
        }
    });
    let t = Terrain {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        color: o.str("color").and_then(|s| {
            let loc = s.loc.clone();
            color_of(o.ctx, s).map(|c| Sp::new(c, loc))
        }),
        pattern: o.str("pattern").and_then(|p| {
            if TERRAIN_PATTERNS.contains(&p.v.as_str()) {
                return Some(p);
            }
            let mut d = Diagnostic::error(diag::INVALID_VALUE, format!("unknown map pattern `{}`", p.v)).at(&p.loc);
            d = match diag::did_you_mean(&p.v, TERRAIN_PATTERNS.iter().copied()) {
                Some(m) => d.help(format!("did you mean \"{m}\"?")),
                None => d.help(format!("write one of {}", TERRAIN_PATTERNS.join(", "))),
            };
            o.ctx.push(d);
            None
        }),
        hexside: o.bool("hexside").map(|b| b.v).unwrap_or(false),
        line: o.bool("line").map(|b| b.v).unwrap_or(false),
        movement,
        shift: o.int("shift"),
        defence: o.int("defence"),
        drm: o.int("drm"),
        los,
        hindrance: o.int("hindrance"),
        level: o.int("level"),
        height: o.int("height"),
        cover: o.int("cover"),
        text: o.text("text"),
    };
    o_finish(o);
    t
}

/// A movement cost: a whole number, or a word such as "all" or "P" (prohibited).
fn cost_of(ctx: &Ctx, v: &toml::Spanned<DeValue>) -> Option<Sp<String>> {
    match v.get_ref() {
        DeValue::Integer(_) => int_of(ctx, "move", v).map(|n| Sp::new(n.v.to_string(), n.loc)),
        DeValue::Float(f) => Some(Sp::new(f.as_str().to_string(), ctx.loc(v.span()))),
        _ => str_of(ctx, "move", v),
    }
}

pub(super) fn read_turn_track(game: &mut Game, o: &Obj) {
    let loc = o.key_loc("turns").unwrap_or_else(|| o.ctx.loc(o.span.clone()));
    let mut turns = Vec::new();
    match o.get("turns") {
        None => {
            let _ = o.req_str("turns");
        }
        Some(v) => match v.get_ref() {
            DeValue::Integer(_) => {
                if let Some(n) = int_of(o.ctx, "turns", v) {
                    if (1..=60).contains(&n.v) {
                        turns.extend((0..n.v).map(|_| Turn { name: None, weather: None, event: None }));
                    } else {
                        o.ctx.push(
                            Diagnostic::error(
                                diag::INVALID_VALUE,
                                format!("a turn track has 1 to 60 turns, not {}", n.v),
                            )
                            .at(&n.loc)
                            .help("write the number of turns the game lasts"),
                        );
                    }
                }
            }
            _ => {
                for t in tables(o, "turns", "a turn") {
                    turns.push(Turn { name: t.str("name"), weather: t.str("weather"), event: t.text("event") });
                    t.finish();
                }
            }
        },
    }
    game.turn_track = Some(TurnTrack { title: o.str("title"), turns, loc });
    o.finish();
}

pub(super) fn read_track(o: &Obj) -> Track {
    let title = o.req_str("title");
    let t = Track {
        id: id_or_slug(o, &title).unwrap_or_default_sp(o),
        title: title.unwrap_or_default_sp(o),
        from: o.int("from"),
        to: o.int("to").or_else(|| {
            if !o.has("to") {
                o.missing("to", "20");
            }
            None
        }),
        markers: o.strs("markers"),
        broken: false,
        loc: o.ctx.loc(o.span.clone()),
    };
    // An empty name marks nothing: its own finding, and the starts wait.
    for m in t.markers.iter().filter(|m| m.v.trim().is_empty()) {
        o.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, "an empty marker name")
                .at(&m.loc)
                .help("write a side's id or the marker's name, or take the empty string out"),
        );
    }
    // Written but not read whole: not an array, or an item that is not a string.
    let read_whole = match o.get("markers").map(|v| v.get_ref()) {
        None => true,
        Some(DeValue::Array(items)) => items.len() == t.markers.len(),
        Some(_) => false,
    };
    let broken = !read_whole || t.markers.iter().any(|m| m.v.trim().is_empty());
    let t = Track { broken, ..t };
    o_finish(o);
    t
}
