//! The rules as `diff` compares them: the game itself, sides, stats, kinds, traits, ability
//! groups, abilities, units, sections, tables, sequences, the glossary, the changelog and the
//! to-do list. Every struct is taken apart field by field, without `..`: a field added to the
//! model does not compile here until it is decided how a change of it is said.

use std::collections::BTreeSet;

use crate::markup::{ability_label, plain_in};
use crate::model::*;

use super::record::{Entry, Record, labelled};
use super::words::*;

/// `[game]`: what it is called and which version.
pub(crate) fn meta(g: &Game) -> Record {
    let Meta {
        language: _, // the language a build reads the game in, not the data
        id,
        title,
        system,
        version,
        date,
        authors,
        page,
        intro,
        credits,
        deny,
        languages,
        cheatsheet: _, // its own record, `cheatsheet`
        changelog_sheet,
        rules_sheet,
        aid: _, // its own record, `aid`
        words,
        loc: _,
    } = &g.meta;
    let mut r = Record::new(g.meta.words.word("diff_part_game"));
    r.one("id", o(id))
        .one("title", o(title))
        .one("system", o(system))
        .one("rules version", o(version))
        .one("date", o(date))
        .list("authors", strs(authors))
        .one("page size", page.as_ref().map(|p| p.v.typst_name().to_string()))
        .text("introduction", t(g, intro))
        .text("credits", t(g, credits))
        .one("changelog sheet", yes(*changelog_sheet))
        .one("rules sheet", yes(*rules_sheet))
        .list(
            "warnings treated as errors",
            deny.warnings
                .then(|| "warnings".to_string())
                .into_iter()
                .chain(deny.codes.iter().map(|c| c.to_string()))
                .collect(),
        )
        .list("languages built", languages.iter().map(|l| l.v.clone()).collect());
    // Every word of `WORDS`, given or not: a word taken out is a change back to the default.
    for key in crate::model::WORDS.iter().map(|w| w.key) {
        let given = words.given.iter().find(|(k, _)| *k == key).map(|(_, w)| w);
        r.one(&format!("word for {key}"), given.map(|w| w.v.clone()));
    }
    r
}

/// `[game.cheatsheet]`.
pub(crate) fn cheatsheet(g: &Game) -> Record {
    let CheatsheetOptions { page, landscape, columns, font_size, changelog, todo, glossary, accent, terms, by_number } =
        &g.meta.cheatsheet;
    let mut r = Record::new(g.meta.words.word("diff_part_cheatsheet"));
    r.one("page size", page.as_ref().map(|p| p.v.typst_name().to_string()))
        .one("landscape", yes(*landscape))
        .one("columns", columns.to_string())
        .one("font size", pt(*font_size))
        .one("changelog", yes(*changelog))
        .one("to-do list", yes(*todo))
        .one("glossary", yes(*glossary))
        .one("accent colour", accent.clone())
        .one("game terms", terms.clone())
        .one("section order", if *by_number { "by rule number" } else { "as written" }.to_string());
    r
}

/// `[game.aid]`.
pub(crate) fn aid(g: &Game) -> Record {
    let AidOptions { sheet, sequence, tables, tracks, decks, sheet_at: _ } = &g.meta.aid;
    let mut r = Record::new(g.meta.words.word("diff_part_aid"));
    r.one("printed", yes(*sheet))
        .refer("sequence of play", sequence, |s| sequence_name(g, s))
        .refs("tables", tables, |x| table_name(g, x))
        .refs("tracks", tracks, |x| g.tracks.iter().find(|t| t.id.v == x).map_or(x.to_string(), |t| t.title.v.clone()))
        .refs("deck lists", decks, |x| {
            g.decks.iter().find(|d| d.id.v == x).map_or(x.to_string(), |d| d.title.v.clone())
        });
    r
}

pub(crate) fn side(g: &Game, x: &Side) -> Entry {
    let Side { id, name, color, counter_style } = x;
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone()).one("colour", o(color));
    face_style(&mut r, "counter", counter_style);
    let _ = g;
    r.item(id.v.clone(), &name.v)
}

/// A face's colours: "counter background", "front stripe".
pub(crate) fn face_style(r: &mut Record, face: &str, s: &FaceStyle) {
    let FaceStyle { background, stripe, text, frame } = s;
    r.one(&format!("{face} background"), o(background))
        .one(&format!("{face} stripe"), o(stripe))
        .one(&format!("{face} text"), o(text))
        .one(&format!("{face} frame"), o(frame));
}

/// The values a stat or trait takes, in words: "whole number 1–6", "dice".
fn value_range(t: &ValueType) -> String {
    match t {
        ValueType::Int { min, max } => {
            let f = |x: &Option<Sp<i64>>| x.as_ref().map(|v| v.v.to_string()).unwrap_or_else(|| "…".into());
            format!("whole number {}–{}", f(min), f(max))
        }
        ValueType::Dice | ValueType::Text | ValueType::Bool => t.name().to_string(),
    }
}

pub(crate) fn stat(_: &Game, x: &Stat) -> Entry {
    let Stat { id, name, abbr, ty, suffix, icon } = x;
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone())
        .one("abbreviation", o(abbr))
        .one("values", value_range(ty))
        .one("suffix", suffix.clone())
        .one("icon", o(icon));
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn kind(g: &Game, x: &Kind) -> Entry {
    let Kind { id, name, stats, optional_stats } = x;
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone()).refs("stats", stats, |s| stat_name(g, s)).refs(
        "optional stats",
        optional_stats,
        |s| stat_name(g, s),
    );
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn trait_(_: &Game, x: &Trait) -> Entry {
    let Trait { id, name, ty } = x;
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone()).one("values", value_range(ty));
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn group(g: &Game, x: &Group) -> Entry {
    let Group { id, name, requires } = x;
    let label = name.as_ref().unwrap_or(id).v.clone();
    let mut r = Record::new(labelled(g, "ability group", &label));
    r.one("name", o(name)).refs("traits required", requires, |t| trait_name(g, t));
    r.item(id.v.clone(), label)
}

/// An ability: its own fields, its traits that hold for every parameter, and one part per
/// parameter value with the traits given per value ("Landing 10: Troop counters carried 3 → 2.").
pub(crate) fn ability(g: &Game, x: &Ability) -> Entry {
    let Ability { id, name, values, groups, stats, text, short, traits } = x;
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone())
        .list("values", values.iter().flat_map(|v| &v.v).map(|n| n.v.to_string()).collect())
        .refs("groups", groups, |x| group_name(g, x))
        .refs("stats", stats, |s| stat_name(g, s))
        .text("text", t(g, text))
        .text("short text", t(g, short));
    let mut params: BTreeSet<i64> = values.iter().flat_map(|v| &v.v).map(|n| n.v).collect();
    for (k, v) in traits {
        match v {
            TraitValue::One(s) => {
                r.one(&trait_name(g, &k.v), scalar(&s.v));
            }
            TraitValue::PerParam(list, _) => params.extend(list.iter().map(|(p, _)| p.v)),
        }
    }
    let per_param = params
        .into_iter()
        .map(|p| {
            let mut part = Record::new(x.label(Some(p)));
            for (k, v) in traits {
                if let TraitValue::PerParam(list, _) = v {
                    part.one(&trait_name(g, &k.v), list.iter().find(|(q, _)| q.v == p).map(|(_, s)| scalar(&s.v)));
                }
            }
            part.item(p.to_string(), p.to_string())
        })
        .collect();
    r.group("parameter", per_param);
    r.item(id.v.clone(), &name.v)
}

/// A unit's stats as its stat block prints them, one value per step: ("Attack", "8 / 4").
fn step_values(g: &Game, steps: &[UnitStep]) -> Vec<(String, String)> {
    let mut keys: Vec<&str> = Vec::new();
    for step in steps {
        let UnitStep { name: _, stats, loc: _ } = step;
        for (k, _) in stats {
            if !keys.contains(&k.v.as_str()) {
                keys.push(&k.v);
            }
        }
    }
    keys.into_iter()
        .map(|key| {
            let per_step: Vec<String> = steps
                .iter()
                .map(|s| s.stats.iter().find(|(k, _)| k.v == key).map_or("–".into(), |(_, v)| scalar(&v.v)))
                .collect();
            (stat_name(g, key), per_step.join(" / "))
        })
        .collect()
}

pub(crate) fn unit(g: &Game, x: &Unit) -> Entry {
    let Unit { id, name, kind, side, steps, stat_notes, abilities, notes, quantity, image, loc: _ } = x;
    let step_names: Vec<String> = steps.iter().enumerate().map(|(i, s)| s.label(i)).collect();
    let mut stats_and_notes = step_values(g, steps);
    stats_and_notes
        .extend(stat_notes.iter().map(|(k, v)| (format!("{} note", stat_name(g, &k.v)), plain_in(Some(g), &v.raw))));
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone())
        .refer("kind", kind, |k| kind_name(g, k))
        .refer("side", side, |s| side_name(g, s))
        .one("steps", (steps.len() > 1).then(|| step_names.join(" / ")))
        .keyed("", stats_and_notes)
        .members(
            "abilities",
            abilities
                .iter()
                .map(|a| {
                    let AbilityRef { id, param, loc: _ } = a;
                    let written = param.map_or(id.clone(), |p| format!("{id} {p}"));
                    (written.clone(), ability_label(g, &written))
                })
                .collect(),
        )
        .paragraphs("notes", texts(g, notes))
        .one("units in the game", n(quantity))
        .one("picture", o(image));
    r.item(id.v.clone(), &name.v)
}

fn section_label(x: &Section) -> String {
    match &x.number {
        Some(n) => format!("{} {}", n.v, x.title.v),
        None => x.title.v.clone(),
    }
}

/// A section's paragraphs and items, each as plain text; a table, sequence, unit, CRT or
/// chart shown in it as "(table id)".
fn section_texts(
    g: &Game,
    summary: &Option<Text>,
    text: &[Text],
    items: &[Item],
    after: &[Text],
) -> Vec<(String, String)> {
    fn walk(g: &Game, list: &[Item], out: &mut Vec<(String, String)>) {
        for it in list {
            match it {
                Item::Text { text, items: sub } => {
                    out.push(said(g, text));
                    walk(g, sub, out);
                }
                Item::Label(t) | Item::Note(t) => out.push(said(g, t)),
                Item::Table(id) => out.push(same(format!("(table {})", id.v))),
                Item::Sequence(id) => out.push(same(format!("(sequence {})", id.v))),
                Item::Unit(id) => out.push(same(format!("(unit {})", id.v))),
                Item::Crt(id) => out.push(same(format!("(crt {})", id.v))),
                Item::Deck(id) => out.push(same(format!("(deck {})", id.v))),
                Item::Track(id) => out.push(same(format!("(track {})", id.v))),
                Item::Chart(kind) => out.push(same(
                    match kind.v {
                        ChartKind::Terrain => "(terrain chart)",
                        ChartKind::Turns => "(turn track)",
                    }
                    .to_string(),
                )),
            }
        }
    }
    let mut out = Vec::new();
    out.extend(summary.iter().map(|t| said(g, t)));
    out.extend(texts(g, text));
    walk(g, items, &mut out);
    out.extend(texts(g, after));
    out
}

pub(crate) fn section(g: &Game, x: &Section) -> Entry {
    let Section {
        id,
        number,
        title,
        summary,
        text,
        list,
        items,
        after,
        optional,
        house_rule,
        source,
        break_before,
        cheatsheet,
    } = x;
    let list = match list {
        ListStyle::Bullet => "bullets",
        ListStyle::Numbered => "numbers",
    };
    let mut r = Record::new(section_label(x));
    r.one("title", title.v.clone())
        .one("number", o(number))
        .paragraphs("", section_texts(g, summary, text, items, after))
        .one("list marked with", list.to_string())
        .one("optional", yes(*optional))
        .one("house rule", yes(*house_rule))
        .one("source", source.clone())
        .one("starts a new", break_before.clone())
        .one("on the cheatsheet", yes(*cheatsheet));
    r.item(id.v.clone(), section_label(x))
}

fn cell(g: &Game, c: &Cell) -> String {
    match c {
        Cell::Text(t) => plain_in(Some(g), &t.raw),
        Cell::Ref { kind: _, target } => target.v.clone(),
    }
}

pub(crate) fn table(g: &Game, x: &Table) -> Entry {
    let Table { id, title, body, notes } = x;
    let label = title.as_ref().unwrap_or(id).v.clone();
    let mut r = Record::new(&label);
    r.one("title", o(title));
    match body {
        TableBody::Written { header, rows } => {
            let rows = rows
                .iter()
                .map(|(_, r)| {
                    let cells: Vec<String> = r.iter().map(|c| cell(g, c)).collect();
                    (format!("row {}", cells.first().cloned().unwrap_or_default()), cells.join(" | "))
                })
                .collect();
            r.list("columns", header.iter().map(|c| cell(g, c)).collect()).keyed("", rows);
        }
        TableBody::Generated { abilities_with, traits, descending } => {
            r.one("rows: abilities with", trait_name(g, &abilities_with.v))
                .list("columns", traits.iter().map(|t| trait_name(g, &t.v)).collect())
                .one("largest first", yes(*descending));
        }
        TableBody::Fire { sides, steps, ratings } => {
            r.one("die", format!("D{}", sides.v))
                .one("steps", steps.v.to_string())
                .list("ratings", ratings.iter().map(|x| x.v.to_string()).collect());
        }
    }
    r.paragraphs("notes", texts(g, notes));
    r.item(id.v.clone(), label)
}

/// A sequence's steps as paragraphs, sub-steps after their step ("Phase A: attacker: Fire").
fn steps(g: &Game, list: &[Step], out: &mut Vec<(String, String)>) {
    for s in list {
        let Step { title, text, steps: sub } = s;
        let (written, shown) = said(g, title);
        out.push(match text {
            Some(t) => (format!("{written}: {}", t.raw), format!("{shown}: {}", plain_in(Some(g), &t.raw))),
            None => (written, shown),
        });
        steps(g, sub, out);
    }
}

pub(crate) fn sequence(g: &Game, x: &Sequence) -> Entry {
    let Sequence { id, title, steps: list } = x;
    let label = title.as_ref().unwrap_or(id).v.clone();
    let mut all = Vec::new();
    steps(g, list, &mut all);
    let mut r = Record::new(&label);
    r.one("title", o(title)).paragraphs("steps", all);
    r.item(id.v.clone(), label)
}

pub(crate) fn term(g: &Game, x: &Term) -> Entry {
    let Term { id, name, aliases, text } = x;
    let mut r = Record::new(format!("Glossary, {}", name.v));
    r.one("name", name.v.clone()).list("also spelt", strs(aliases)).text("definition", t(g, text));
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn change_entry(g: &Game, x: &ChangeEntry) -> Entry {
    let ChangeEntry { version, date, items, refs } = x;
    let tied = |i: usize| -> String {
        let what: Vec<String> =
            refs.iter().filter(|(j, _, _)| *j == i).map(|(_, k, id)| format!("{} {}", k.name(), id.v)).collect();
        if what.is_empty() { String::new() } else { format!(" ({})", what.join(", ")) }
    };
    let items = items
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("{}{}", t.raw, tied(i)), format!("{}{}", plain_in(Some(g), &t.raw), tied(i))))
        .collect();
    let mut r = Record::new(format!("Changelog {}", version.v));
    r.one("date", o(date)).paragraphs("", items);
    r.item(version.v.clone(), &version.v)
}

pub(crate) fn todo(g: &Game, x: &Text) -> Entry {
    let mut r = Record::new(g.meta.words.word("diff_part_todo"));
    r.text("", Some(said(g, x)));
    r.item(None, format!("\"{}\"", super::record::short(&plain_in(Some(g), &x.raw), 60)))
}
