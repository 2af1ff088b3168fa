//! The rules' texts: sections and their items, tables and their cells, sequences of play, the
//! glossary and the changelog.

use toml::Spanned;
use toml::de::DeValue;

use super::reader::{Ctx, Obj, str_of, text_of};
use super::{OrDefault, fields, id_or_slug, o_finish, reader};
use crate::diag::{self, Diagnostic};
use crate::model::*;

pub(super) fn read_section(o: &Obj) -> Section {
    let title = o.req_str("title");
    let list = match o.str("list") {
        None => ListStyle::Bullet,
        Some(s) => match s.v.as_str() {
            "bullet" | "bullets" => ListStyle::Bullet,
            "numbered" => ListStyle::Numbered,
            other => {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("unknown list style `{other}`"))
                        .at(&s.loc)
                        .help("write \"bullet\" or \"numbered\""),
                );
                ListStyle::Bullet
            }
        },
    };
    let break_before = o.str("break_before").and_then(|s| match s.v.as_str() {
        "column" | "page" => Some(s.v),
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown break `{other}`"))
                    .at(&s.loc)
                    .help("write \"column\" or \"page\""),
            );
            None
        }
    });
    let items = o.array("items").map(|(items, _)| read_items(o.ctx, items)).unwrap_or_default();
    let s = Section {
        id: id_or_slug(o, &title).unwrap_or_default_sp(o),
        number: o.str("number"),
        title: title.unwrap_or_default_sp(o),
        summary: o.text("summary"),
        text: o.texts("text"),
        list,
        items,
        after: o.texts("after"),
        optional: o.bool("optional").map(|b| b.v).unwrap_or(false),
        house_rule: o.bool("house_rule").map(|b| b.v).unwrap_or(false),
        source: o.str("source").map(|s| s.v),
        break_before,
        cheatsheet: o.bool("cheatsheet").map(|b| b.v).unwrap_or(true),
    };
    o_finish(o);
    s
}

fn read_items(ctx: &Ctx, items: &[Spanned<DeValue>]) -> Vec<Item> {
    let mut out = Vec::new();
    for v in items {
        match v.get_ref() {
            DeValue::String(_) => {
                if let Some(t) = text_of(ctx, "items", v) {
                    out.push(Item::Text { text: t, items: Vec::new() });
                }
            }
            DeValue::Table(t) => {
                let o = Obj::new(ctx, t, v.span(), &fields::ITEM, "a list item");
                let keys = ["text", "label", "note", "table", "sequence", "unit", "crt", "chart", "deck", "track"];
                let present: Vec<&str> = keys.iter().copied().filter(|k| t.get(*k).is_some()).collect();
                if present.len() != 1 {
                    let d = if present.is_empty() {
                        Diagnostic::error(
                            diag::MISSING_FIELD,
                            "a list item needs one of text, label, note, table, sequence, unit, crt, chart, deck, track",
                        )
                    } else {
                        Diagnostic::error(
                            diag::INVALID_VALUE,
                            format!(
                                "a list item has one of text, label, note, table, sequence, unit, crt, chart, deck, track, not {}",
                                present.join(" and ")
                            ),
                        )
                    };
                    ctx.push(
                        d.at(&ctx.loc(v.span()))
                            .help("write e.g. { text = \"...\", items = [...] } or { table = \"id\" }"),
                    );
                    for k in keys {
                        o.get(k);
                    }
                    o.get("items");
                    o.finish();
                    continue;
                }
                let item = match present[0] {
                    "text" => o.text("text").map(|text| Item::Text {
                        text,
                        items: o.array("items").map(|(items, _)| read_items(ctx, items)).unwrap_or_default(),
                    }),
                    "label" => o.text("label").map(Item::Label),
                    "note" => o.text("note").map(Item::Note),
                    "table" => o.id("table", true).map(Item::Table),
                    "sequence" => o.id("sequence", true).map(Item::Sequence),
                    "crt" => o.id("crt", true).map(Item::Crt),
                    "deck" => o.id("deck", true).map(Item::Deck),
                    "track" => o.id("track", true).map(Item::Track),
                    "chart" => chart_of(&o),
                    _ => o.id("unit", true).map(Item::Unit),
                };
                o.finish();
                if let Some(item) = item {
                    out.push(item);
                }
            }
            DeValue::Array(_) => ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, "a list item cannot be a bare array")
                    .at(&ctx.loc(v.span()))
                    .help("for sub-items write { text = \"the item\", items = [\"sub-item\", ...] }"),
            ),
            other => ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a list item must be a string or a table, not {}", reader::type_name(other)),
                )
                .at(&ctx.loc(v.span())),
            ),
        }
    }
    out
}

/// `{ chart = "terrain" }` or `{ chart = "turns" }`.
fn chart_of(o: &Obj) -> Option<Item> {
    let s = o.str("chart")?;
    let kind = match s.v.as_str() {
        "terrain" => ChartKind::Terrain,
        "turns" => ChartKind::Turns,
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown chart `{other}`"))
                    .at(&s.loc)
                    .help("write { chart = \"terrain\" } (the terrain effects chart) or { chart = \"turns\" } (the turn record track)"),
            );
            return None;
        }
    };
    Some(Item::Chart(Sp::new(kind, s.loc)))
}

fn read_cell(ctx: &Ctx, v: &Spanned<DeValue>) -> Option<Cell> {
    match v.get_ref() {
        DeValue::String(_) => text_of(ctx, "cell", v).map(Cell::Text),
        DeValue::Integer(_) | DeValue::Float(_) => {
            // A bare number is fine in a table: show it as written.
            let raw = match v.get_ref() {
                DeValue::Integer(i) => i.as_str().to_string(),
                DeValue::Float(f) => f.as_str().to_string(),
                _ => unreachable!(),
            };
            Some(Cell::Text(Text { raw, loc: ctx.loc(v.span()) }))
        }
        DeValue::Table(t) => {
            if t.len() != 1 {
                ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "a reference cell names exactly one thing")
                        .at(&ctx.loc(v.span()))
                        .help("write { kind = \"tank\" }, { unit = \"...\" }, { ability = \"landing 10\" }, { stat = \"...\" }, { section = \"...\" } or { term = \"...\" }"),
                );
                return None;
            }
            let (k, val) = t.iter().next()?;
            let Some(kind) = RefKind::parse(k.get_ref()) else {
                let names: Vec<&str> = RefKind::ALL.iter().map(|r| r.name()).collect();
                let mut d = Diagnostic::error(diag::UNKNOWN_FIELD, format!("unknown reference kind `{}`", k.get_ref()))
                    .at(&ctx.loc(k.span()));
                d = match diag::did_you_mean(k.get_ref(), names.iter().copied()) {
                    Some(s) => d.help(format!("did you mean `{s}`?")),
                    None => d.help(format!("a cell can reference: {}", names.join(", "))),
                };
                ctx.push(d);
                return None;
            };
            let target = str_of(ctx, k.get_ref(), val)?;
            Some(Cell::Ref { kind, target })
        }
        other => {
            ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a table cell must be text or a reference, not {}", reader::type_name(other)),
                )
                .at(&ctx.loc(v.span())),
            );
            None
        }
    }
}

pub(super) fn read_table(o: &Obj) -> Table {
    let id = o.id("id", true).unwrap_or_default_sp(o);
    let title = o.str("title");
    let generated = o.table.get("abilities_with").is_some();
    let body = if let Some(fire) = o.table("fire") {
        for key in ["header", "rows", "abilities_with", "trait_columns", "sort"] {
            if let Some(v) = o.get(key) {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("a fire table has no `{key}`"))
                        .at(&o.ctx.loc(v.span()))
                        .help("remove it: the rows come from `fire`'s steps and ratings"),
                );
            }
        }
        let body = read_fire(&fire);
        fire.finish();
        body
    } else if generated {
        let with = o.id("abilities_with", true).unwrap_or_default_sp(o);
        o.renamed("trait_columns", "traits", "on a table");
        let mut traits = o.ids("trait_columns");
        if traits.is_empty() {
            traits.push(with.clone());
        }
        let descending = match o.str("sort") {
            None => false,
            Some(s) => match s.v.as_str() {
                "descending" => true,
                "ascending" | "none" => false,
                other => {
                    o.ctx.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("unknown sort `{other}`"))
                            .at(&s.loc)
                            .help("write \"descending\" or \"ascending\""),
                    );
                    false
                }
            },
        };
        for key in ["header", "rows"] {
            if let Some(v) = o.get(key) {
                o.ctx.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("a generated table (abilities_with) has no `{key}`"),
                    )
                    .at(&o.ctx.loc(v.span()))
                    .help("remove it: the rows come from the abilities"),
                );
            }
        }
        TableBody::Generated { abilities_with: with, traits, descending }
    } else {
        let header = match o.array("header") {
            Some((cells, _)) => cells.iter().filter_map(|c| read_cell(o.ctx, c)).collect(),
            None => {
                let _ = o.req_str("header");
                Vec::new()
            }
        };
        let mut rows = Vec::new();
        if let Some((items, _)) = o.array("rows") {
            for row in items {
                match row.get_ref() {
                    DeValue::Array(cells) => {
                        rows.push((o.ctx.loc(row.span()), cells.iter().filter_map(|c| read_cell(o.ctx, c)).collect()))
                    }
                    other => o.ctx.push(
                        Diagnostic::error(
                            diag::WRONG_TYPE,
                            format!("a table row must be an array of cells, not {}", reader::type_name(other)),
                        )
                        .at(&o.ctx.loc(row.span())),
                    ),
                }
            }
        }
        TableBody::Written { header, rows }
    };
    let t = Table { id, title, body, notes: o.texts("notes") };
    o_finish(o);
    t
}

fn read_steps(ctx: &Ctx, items: &[Spanned<DeValue>]) -> Vec<Step> {
    let mut out = Vec::new();
    for v in items {
        match v.get_ref() {
            DeValue::String(_) => {
                if let Some(t) = text_of(ctx, "steps", v) {
                    out.push(Step { title: t, text: None, steps: Vec::new() });
                }
            }
            DeValue::Table(t) => {
                let o = Obj::new(ctx, t, v.span(), &fields::STEP, "a step");
                let title = o.text("title");
                if title.is_none() && t.get("title").is_none() {
                    let _ = o.req_str("title");
                }
                let text = o.text("text");
                let steps = o.array("steps").map(|(items, _)| read_steps(ctx, items)).unwrap_or_default();
                let step = title.map(|title| Step { title, text, steps });
                o.finish();
                out.extend(step);
            }
            other => ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a step must be a string or a table, not {}", reader::type_name(other)),
                )
                .at(&ctx.loc(v.span())),
            ),
        }
    }
    out
}

/// `fire = { die, steps, ratings }` of a `[[table]]`: the die (one of one kind: each step
/// rolls one), the steps (1 to 20) and the ratings (each below the die's sides); what is wrong
/// is E018 at the value, and the table prints what can be read.
fn read_fire(f: &Obj) -> TableBody {
    let at = f.ctx.loc(f.span.clone());
    if !f.has("die") {
        f.missing("die", "\"D6\"");
    }
    let read = f.str("die").and_then(|s| match super::charts::parse_dice(&s.v) {
        Some((1, sides)) => Some(Sp::new(sides, s.loc)),
        _ => {
            f.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not the one die a step rolls", s.v))
                    .at(&s.loc)
                    .help("write the die each firing step rolls: \"D6\" (or \"D10\", \"D8\")"),
            );
            None
        }
    });
    let known = read.is_some();
    let sides = read.unwrap_or_else(|| Sp::new(6, at.clone()));
    let steps = match f.int("steps") {
        Some(s) if (1..=20).contains(&s.v) => s,
        Some(s) => {
            f.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("{} steps: a fire table has 1 to 20", s.v))
                    .at(&s.loc)
                    .help("write the most steps a unit fires with: steps = 4"),
            );
            Sp::new(s.v.clamp(1, 20), s.loc)
        }
        None => {
            if !f.has("steps") {
                f.missing("steps", "4");
            }
            Sp::new(1, at.clone())
        }
    };
    let mut ratings = Vec::new();
    if let Some((items, list)) = f.array("ratings") {
        for v in items {
            let Some(r) = reader::int_of(f.ctx, "a rating", v) else { continue };
            // Against a die that could not be read, no rating is wrong.
            if known && !(1..sides.v).contains(&r.v) {
                f.ctx.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("a rating of {} on a D{}: it hits on 1 to {}", r.v, sides.v, sides.v - 1),
                    )
                    .at(&r.loc)
                    .help(format!("a rating is the highest roll that hits: 1 to {}", sides.v - 1)),
                );
                continue;
            }
            ratings.push(r);
        }
        if items.is_empty() {
            f.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, "a fire table with no ratings")
                    .at(&list)
                    .help("list the firepower ratings, a column each: ratings = [1, 2, 3]"),
            );
        }
    } else if !f.has("ratings") {
        f.missing("ratings", "[1, 2, 3]");
    }
    TableBody::Fire { sides, steps, ratings }
}

pub(super) fn read_sequence(o: &Obj) -> Sequence {
    let s = Sequence {
        id: o.id("id", true).unwrap_or_default_sp(o),
        title: o.str("title"),
        steps: match o.array("steps") {
            Some((items, _)) => read_steps(o.ctx, items),
            None => {
                let _ = o.req_str("steps");
                Vec::new()
            }
        },
    };
    o_finish(o);
    s
}

pub(super) fn read_term(o: &Obj) -> Term {
    let name = o.req_str("name");
    let t = Term {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        aliases: o.strs("aliases"),
        text: o.text("text"),
    };
    o_finish(o);
    t
}

pub(super) fn read_change(o: &Obj) -> ChangeEntry {
    let version = o.req_str("version").unwrap_or_default_sp(o);
    let date = o.date("date");
    // Items: markup strings, or tables tying the item to what it changed.
    let mut items = Vec::new();
    let mut refs = Vec::new();
    match o.get("items").map(|v| (v, v.get_ref())) {
        None => {}
        Some((v, DeValue::String(s))) => items.push(Text { raw: s.to_string(), loc: o.ctx.loc(v.span()) }),
        Some((_, DeValue::Array(list))) => {
            for it in list {
                match it.get_ref() {
                    DeValue::String(s) => items.push(Text { raw: s.to_string(), loc: o.ctx.loc(it.span()) }),
                    DeValue::Table(_) => {
                        let Some(t) = Obj::from_value(o.ctx, it, &fields::CHANGE_ITEM, "a changelog item") else {
                            continue;
                        };
                        let Some(text) = t.text("text") else {
                            let _ = t.req_str("text");
                            t.finish();
                            continue;
                        };
                        let n = items.len();
                        items.push(text);
                        for (key, kind) in [
                            ("sections", RefKind::Section),
                            ("units", RefKind::Unit),
                            ("abilities", RefKind::Ability),
                            ("cards", RefKind::Card),
                        ] {
                            for id in t.ids(key) {
                                refs.push((n, kind, id));
                            }
                        }
                        t.finish();
                    }
                    other => o.ctx.push(
                        Diagnostic::error(
                            diag::WRONG_TYPE,
                            format!("a changelog item must be text or a table, not {}", reader::type_name(other)),
                        )
                        .at(&o.ctx.loc(it.span()))
                        .help("write \"what changed\", or { text = \"what changed\", abilities = [\"landing\"] }"),
                    ),
                }
            }
        }
        Some((v, other)) => o.ctx.push(
            Diagnostic::error(
                diag::WRONG_TYPE,
                format!("`items` must be an array of texts, not {}", reader::type_name(other)),
            )
            .at(&o.ctx.loc(v.span())),
        ),
    }
    let c = ChangeEntry { version, date, items, refs };
    o_finish(o);
    c
}
