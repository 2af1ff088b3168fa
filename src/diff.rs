//! `playaid diff`: what changed between two versions of a game's data, in words a player
//! understands ("Landing 10: Troop counters carried 3 → 2"), as text, JSON, or draft
//! `[[changelog]]` entries. Works on two folders, or on two git revisions of one folder.
//!
//! [`diff`] runs one function per area of the data (the game, sides, stats, ... counters,
//! cards, scenarios, the changelog), each over one generic by-id comparison ([`by_id`]): what
//! was added, what was removed, and, for items in both versions, what "changed" means for that
//! area. Items are matched by their id; counters and cards, whose id is optional, by their id,
//! else the unit they are for, else their name (a counter) or title (a card).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Serialize;

use crate::load::{self, Loaded};
use crate::markup::{ability_label, plain, plain_in};
use crate::model::*;

/// Whether something was added, removed or changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// In the new version only.
    Added,
    /// In the old version only.
    Removed,
    /// In both, with a difference.
    Changed,
}

/// One change, with the sentence that says it.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// What kind of thing changed: game, side, stat, kind, trait, group, ability, unit,
    /// section, table, sequence, term, counter_options, counter_group, counter, card_options,
    /// card_back, card, scenario, changelog.
    pub area: &'static str,
    /// The id of what changed (or its key, for counters and cards without one).
    pub id: String,
    /// Added, removed or changed.
    pub kind: ChangeKind,
    /// The property that changed, for `changed` (e.g. "Troop counters carried").
    pub field: Option<String>,
    /// The old value, for `changed`.
    pub old: Option<String>,
    /// The new value, for `changed`.
    pub new: Option<String>,
    /// The change in words.
    pub text: String,
}

impl Change {
    fn added(area: &'static str, id: &str, text: String) -> Change {
        Change { area, id: id.into(), kind: ChangeKind::Added, field: None, old: None, new: None, text }
    }
    fn removed(area: &'static str, id: &str, text: String) -> Change {
        Change { area, id: id.into(), kind: ChangeKind::Removed, field: None, old: None, new: None, text }
    }
    /// `label: field old → new`.
    fn value(area: &'static str, id: &str, label: &str, field: &str, old: String, new: String) -> Change {
        let text = format!("{label}: {field} {} → {}.", or_none(&old), or_none(&new));
        Change {
            area,
            id: id.into(),
            kind: ChangeKind::Changed,
            field: Some(field.into()),
            old: Some(old),
            new: Some(new),
            text,
        }
    }
    fn note(area: &'static str, id: &str, field: &str, text: String) -> Change {
        Change { area, id: id.into(), kind: ChangeKind::Changed, field: Some(field.into()), old: None, new: None, text }
    }
}

fn or_none(s: &str) -> &str {
    if s.is_empty() { "none" } else { s }
}

/// Every change from `old` to `new`, area by area.
pub fn diff(old: &Game, new: &Game) -> Vec<Change> {
    const AREAS: [fn(&Game, &Game, &mut Vec<Change>); 23] = [
        game,
        sides,
        stats,
        kinds,
        traits,
        groups,
        abilities,
        units,
        sections,
        tables,
        sequences,
        crts,
        terrain,
        turn_track,
        glossary,
        counter_options,
        counter_groups,
        counters,
        card_options,
        card_backs,
        cards,
        scenarios,
        changelog,
    ];
    let mut out = Vec::new();
    for area in AREAS {
        area(old, new, &mut out);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The generic comparison

/// The one by-id comparison every area uses. Items only in `new` are added and items only in
/// `old` removed, each said by `words` (`None`: not reported); `changed` pushes what differs
/// between the old and the new item with the same key (it gets the key, to use as the change's
/// id). Order: additions in the new data's order, removals in the old data's, then changes in
/// the new data's. A key written twice in one version is told apart by its place: `x`,
/// `x (2)`.
fn by_id<T>(
    out: &mut Vec<Change>,
    area: &'static str,
    (old, new): (&[T], &[T]),
    key: impl Fn(&T) -> String,
    words: impl Fn(&T, ChangeKind) -> Option<String>,
    mut changed: impl FnMut(&mut Vec<Change>, &str, &T, &T),
) {
    let (old, new) = (keyed(old, &key), keyed(new, &key));
    let (o, n): (BTreeMap<&str, &T>, BTreeMap<&str, &T>) =
        (old.iter().map(|(k, x)| (k.as_str(), *x)).collect(), new.iter().map(|(k, x)| (k.as_str(), *x)).collect());
    for (k, x) in new.iter().filter(|(k, _)| !o.contains_key(k.as_str())) {
        out.extend(words(x, ChangeKind::Added).map(|text| Change::added(area, k, text)));
    }
    for (k, x) in old.iter().filter(|(k, _)| !n.contains_key(k.as_str())) {
        out.extend(words(x, ChangeKind::Removed).map(|text| Change::removed(area, k, text)));
    }
    for (k, b) in &new {
        if let Some(a) = o.get(k.as_str()) {
            changed(out, k, a, b);
        }
    }
}

/// Each item with its key, a repeated key numbered by its place.
fn keyed<'a, T>(items: &'a [T], key: &impl Fn(&T) -> String) -> Vec<(String, &'a T)> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    items
        .iter()
        .map(|x| {
            let k = key(x);
            let n = seen.entry(k.clone()).or_insert(0);
            *n += 1;
            (if *n == 1 { k } else { format!("{k} ({n})") }, x)
        })
        .collect()
}

/// The usual words for `by_id`: "New side: Red." and "Side removed: Red.".
fn named<T>(
    added: &'static str,
    removed: &'static str,
    name: impl Fn(&T) -> String,
) -> impl Fn(&T, ChangeKind) -> Option<String> {
    move |x, kind| {
        let what = if kind == ChangeKind::Added { added } else { removed };
        Some(format!("{what}: {}.", name(x)))
    }
}

/// `label: field old → new.` for each field whose values differ.
fn values<'f>(
    out: &mut Vec<Change>,
    (area, id, label): (&'static str, &str, &str),
    fields: impl IntoIterator<Item = (&'f str, String, String)>,
) {
    for (field, a, b) in fields {
        if a != b {
            out.push(Change::value(area, id, label, field, a, b));
        }
    }
}

/// Values keyed by name (a unit's stats, a counter's front): (key, old, new) for each key
/// whose value differs, in the new data's order, then the keys only the old data has.
fn keyed_values(old: &[(Sp<String>, Sp<Scalar>)], new: &[(Sp<String>, Sp<Scalar>)]) -> Vec<(String, String, String)> {
    let printed = |v: &[(Sp<String>, Sp<Scalar>)]| v.iter().map(|(k, x)| (k.v.clone(), scalar(&x.v))).collect();
    keyed_strings(printed(old), printed(new))
}

/// `keyed_values` of values already printed: (key, old, new) for each key whose value differs,
/// in the new order, then keys only the old has.
fn keyed_strings(old: Vec<(String, String)>, new: Vec<(String, String)>) -> Vec<(String, String, String)> {
    let (a, b): (BTreeMap<_, _>, BTreeMap<_, _>) = (old.iter().cloned().collect(), new.iter().cloned().collect());
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for k in new.iter().map(|(k, _)| k.clone()).chain(a.keys().cloned()) {
        if seen.contains(&k) {
            continue;
        }
        seen.push(k.clone());
        let (x, y) = (a.get(&k).cloned().unwrap_or_default(), b.get(&k).cloned().unwrap_or_default());
        if x != y {
            out.push((k, x, y));
        }
    }
    out
}

/// A unit's stats as its stat block prints them, one value per step: ("attack", "8 / 4").
fn step_values(u: &Unit) -> Vec<(String, String)> {
    let mut keys: Vec<&str> = Vec::new();
    for (k, _) in u.steps.iter().flat_map(|s| &s.stats) {
        if !keys.contains(&k.v.as_str()) {
            keys.push(&k.v);
        }
    }
    keys.into_iter()
        .map(|key| {
            let per_step: Vec<String> = u
                .steps
                .iter()
                .map(|s| s.stats.iter().find(|(k, _)| k.v == key).map_or("–".into(), |(_, v)| scalar(&v.v)))
                .collect();
            (key.to_string(), per_step.join(" / "))
        })
        .collect()
}

/// The name of the item with `id`, in the new data, else the old; else the id itself.
fn name_of<T>(new: &[T], old: &[T], id: &str, id_name: impl Fn(&T) -> (&str, &str)) -> String {
    new.iter().chain(old).map(id_name).find(|(i, _)| *i == id).map_or(id.to_string(), |(_, n)| n.to_string())
}

fn scalar(v: &Scalar) -> String {
    match v {
        Scalar::Float(f) if f.fract() == 0.0 => format!("{f:.0}"),
        other => other.display(),
    }
}

fn opt(x: &Option<Sp<String>>) -> String {
    x.as_ref().map(|v| v.v.clone()).unwrap_or_default()
}

fn num<T: ToString>(x: &Option<Sp<T>>) -> String {
    x.as_ref().map(|v| v.v.to_string()).unwrap_or_default()
}

fn text_of(t: &Option<Text>) -> String {
    t.as_ref().map(|t| plain(&t.raw)).unwrap_or_default()
}

/// Ids as the names a game gives them, in order: "Armour, Speed".
fn names(ids: &[Sp<String>], name: impl Fn(&str) -> String) -> String {
    ids.iter().map(|s| name(&s.v)).collect::<Vec<_>>().join(", ")
}

// ---------------------------------------------------------------------------------------------
// The rules

fn game(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let (om, nm) = (&old.meta, &new.meta);
    values(
        out,
        ("game", nm.id(), "Game"),
        [
            ("title", opt(&om.title), opt(&nm.title)),
            ("rules version", opt(&om.version), opt(&nm.version)),
            ("date", opt(&om.date), opt(&nm.date)),
        ],
    );
}

fn sides(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New side", "Side removed", |x: &Side| x.name.v.clone());
    by_id(
        out,
        "side",
        (&old.sides, &new.sides),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(
                out,
                ("side", id, &b.name.v),
                [("name", a.name.v.clone(), b.name.v.clone()), ("colour", opt(&a.color), opt(&b.color))],
            );
        },
    );
}

/// The values a stat or trait takes, in words: "whole number 1–6", "dice".
fn value_range(t: &ValueType) -> String {
    match t {
        ValueType::Int { min, max } => {
            let f = |x: &Option<Sp<i64>>| x.as_ref().map(|v| v.v.to_string()).unwrap_or_else(|| "…".into());
            format!("whole number {}–{}", f(min), f(max))
        }
        other => other.name().to_string(),
    }
}

fn stats(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New stat", "Stat removed", |x: &Stat| x.name.v.clone());
    by_id(
        out,
        "stat",
        (&old.stats, &new.stats),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(out, ("stat", id, &a.name.v), [("name", a.name.v.clone(), b.name.v.clone())]);
            values(out, ("stat", id, &b.name.v), [("values", value_range(&a.ty), value_range(&b.ty))]);
        },
    );
}

fn stat_name(old: &Game, new: &Game, id: &str) -> String {
    name_of(&new.stats, &old.stats, id, |s| (&s.id.v, &s.name.v))
}

fn kinds(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New unit kind", "Unit kind removed", |x: &Kind| x.name.v.clone());
    by_id(
        out,
        "kind",
        (&old.kinds, &new.kinds),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let list = |k: &Kind| names(&k.stats, |s| stat_name(old, new, s));
            values(out, ("kind", id, &a.name.v), [("name", a.name.v.clone(), b.name.v.clone())]);
            values(out, ("kind", id, &b.name.v), [("stats", list(a), list(b))]);
        },
    );
}

fn trait_name(old: &Game, new: &Game, id: &str) -> String {
    name_of(&new.traits, &old.traits, id, |t| (&t.id.v, &t.name.v))
}

fn traits(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New trait", "Trait removed", |x: &Trait| x.name.v.clone());
    by_id(
        out,
        "trait",
        (&old.traits, &new.traits),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(out, ("trait", id, &a.name.v), [("name", a.name.v.clone(), b.name.v.clone())]);
            values(out, ("trait", id, &b.name.v), [("values", value_range(&a.ty), value_range(&b.ty))]);
        },
    );
}

fn groups(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let label = |g: &Group| g.name.as_ref().unwrap_or(&g.id).v.clone();
    let words = named("New ability group", "Ability group removed", label);
    by_id(
        out,
        "group",
        (&old.groups, &new.groups),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let requires = |g: &Group| names(&g.requires, |t| trait_name(old, new, t));
            values(out, ("group", id, &label(a)), [("name", opt(&a.name), opt(&b.name))]);
            values(out, ("group", id, &label(b)), [("traits required", requires(a), requires(b))]);
        },
    );
}

fn abilities(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New ability", "Ability removed", |x: &Ability| x.name.v.clone());
    by_id(
        out,
        "ability",
        (&old.abilities, &new.abilities),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let vals = |x: &Ability| {
                x.values.as_ref().map(|v| v.v.iter().map(|n| n.v.to_string()).collect::<Vec<_>>().join(", "))
            };
            values(out, ("ability", id, &a.name.v), [("name", a.name.v.clone(), b.name.v.clone())]);
            values(
                out,
                ("ability", id, &b.name.v),
                [("values", vals(a).unwrap_or_default(), vals(b).unwrap_or_default())],
            );
            ability_traits(old, new, out, a, b);
            if text_of(&a.text) != text_of(&b.text) {
                out.push(Change::note("ability", id, "text", format!("{}: rules text reworded.", b.name.v)));
            } else if text_of(&a.short) != text_of(&b.short) {
                out.push(Change::note("ability", id, "short", format!("{}: short text reworded.", b.name.v)));
            }
        },
    );
}

/// An ability's traits, one value per parameter value where they differ: "Landing 10: Troop
/// counters carried 3 → 2."
fn ability_traits(old: &Game, new: &Game, out: &mut Vec<Change>, a: &Ability, b: &Ability) {
    let per = |x: &Ability| -> BTreeMap<(String, Option<i64>), String> {
        let mut m = BTreeMap::new();
        for (k, v) in &x.traits {
            match v {
                TraitValue::One(s) => {
                    m.insert((k.v.clone(), None), scalar(&s.v));
                }
                TraitValue::PerParam(list, _) => {
                    for (p, s) in list {
                        m.insert((k.v.clone(), Some(p.v)), scalar(&s.v));
                    }
                }
            }
        }
        m
    };
    let (ta, tb) = (per(a), per(b));
    let mut keys: Vec<&(String, Option<i64>)> = ta.keys().chain(tb.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let (va, vb) = (ta.get(key).cloned().unwrap_or_default(), tb.get(key).cloned().unwrap_or_default());
        values(out, ("ability", &b.id.v, &b.label(key.1)), [(trait_name(old, new, &key.0).as_str(), va, vb)]);
    }
}

fn units(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New unit", "Unit removed", |x: &Unit| x.name.v.clone());
    by_id(
        out,
        "unit",
        (&old.units, &new.units),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(out, ("unit", id, &a.name.v), [("name", a.name.v.clone(), b.name.v.clone())]);
            values(
                out,
                ("unit", id, &b.name.v),
                [("kind", opt(&a.kind), opt(&b.kind)), ("side", opt(&a.side), opt(&b.side))],
            );
            let step_names = |u: &Unit| {
                let names: Vec<String> = u.steps.iter().enumerate().map(|(i, s)| s.label(i)).collect();
                if u.has_steps() { names.join(" / ") } else { String::new() }
            };
            values(out, ("unit", id, &b.name.v), [("steps", step_names(a), step_names(b))]);
            for (k, x, y) in keyed_strings(step_values(a), step_values(b)) {
                out.push(Change::value("unit", id, &b.name.v, &stat_name(old, new, &k), x, y));
            }
            unit_abilities(old, new, out, a, b);
            let notes = |u: &Unit| u.notes.iter().map(|t| plain(&t.raw)).collect::<Vec<_>>();
            if notes(a) != notes(b) {
                out.push(Change::note("unit", id, "notes", format!("{}: notes changed.", b.name.v)));
            }
        },
    );
}

/// "Troops gains Landing 10.", "Troops loses Rescue."
fn unit_abilities(old: &Game, new: &Game, out: &mut Vec<Change>, a: &Unit, b: &Unit) {
    let list = |u: &Unit| {
        u.abilities
            .iter()
            .map(|r| match r.param {
                Some(p) => format!("{} {p}", r.id),
                None => r.id.clone(),
            })
            .collect::<Vec<_>>()
    };
    let (la, lb) = (list(a), list(b));
    for gained in lb.iter().filter(|x| !la.contains(x)) {
        let text = format!("{} gains {}.", b.name.v, ability_label(new, gained));
        out.push(Change::note("unit", &b.id.v, "abilities", text));
    }
    for lost in la.iter().filter(|x| !lb.contains(x)) {
        let text = format!("{} loses {}.", b.name.v, ability_label(old, lost));
        out.push(Change::note("unit", &b.id.v, "abilities", text));
    }
}

/// Rule sections: titles, numbers and their text, item by item.
fn sections(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New section", "Section removed", section_label);
    by_id(
        out,
        "section",
        (&old.sections, &new.sections),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(out, ("section", id, &section_label(a)), [("title", a.title.v.clone(), b.title.v.clone())]);
            values(out, ("section", id, &b.title.v), [("number", opt(&a.number), opt(&b.number))]);
            if a.optional != b.optional {
                let now = if b.optional { "now optional" } else { "no longer optional" };
                out.push(Change::note("section", id, "optional", format!("{}: {now}.", section_label(b))));
            }
            section_text(old, new, out, a, b);
        },
    );
}

fn section_label(x: &Section) -> String {
    match &x.number {
        Some(n) => format!("{} {}", n.v, x.title.v),
        None => x.title.v.clone(),
    }
}

/// A section's text, item by item: rewordings when as many items went as came, else each
/// removal and addition.
fn section_text(old: &Game, new: &Game, out: &mut Vec<Change>, a: &Section, b: &Section) {
    let (label, id) = (section_label(b), &b.id.v);
    let (ta, tb) = (section_texts(old, a), section_texts(new, b));
    let gone: Vec<&String> = ta.iter().filter(|t| !tb.contains(t)).collect();
    let came: Vec<&String> = tb.iter().filter(|t| !ta.contains(t)).collect();
    if gone.len() == came.len() {
        for (g, c) in gone.iter().zip(&came) {
            let text = format!("{label}: \"{}\" now reads \"{}\"", short(g), short(c));
            out.push(Change::note("section", id, "text", text));
        }
    } else {
        for t in gone {
            out.push(Change::note("section", id, "text", format!("{label}: removed \"{}\".", short(t))));
        }
        for t in came {
            out.push(Change::note("section", id, "text", format!("{label}: added \"{}\".", short(t))));
        }
    }
}

/// Written tables, row by row (generated tables follow their abilities).
fn tables(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let label = |t: &Table| t.title.as_ref().map(|x| x.v.clone()).unwrap_or(t.id.v.clone());
    let words = named("New table", "Table removed", label);
    by_id(
        out,
        "table",
        (&old.tables, &new.tables),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let (ra, rb) = (table_rows(a), table_rows(b));
            for (key, row) in &rb {
                let text = match ra.get(key) {
                    None => format!("{}: new row {}.", label(b), row),
                    Some(old_row) if old_row != row => {
                        format!("{}: row {key} now reads {row} (was {old_row}).", label(b))
                    }
                    _ => continue,
                };
                out.push(Change::note("table", id, "rows", text));
            }
            for key in ra.keys().filter(|k| !rb.contains_key(*k)) {
                out.push(Change::note("table", id, "rows", format!("{}: row {key} removed.", label(b))));
            }
        },
    );
}

fn sequences(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let label = |q: &Sequence| q.title.as_ref().map(|x| x.v.clone()).unwrap_or(q.id.v.clone());
    let words = named("New sequence", "Sequence removed", label);
    by_id(
        out,
        "sequence",
        (&old.sequences, &new.sequences),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            if steps(&a.steps) != steps(&b.steps) {
                out.push(Change::note("sequence", id, "steps", format!("{}: steps changed.", label(b))));
            }
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Charts

/// Combat results tables: columns, each die roll's row, the legend and the modifiers.
fn crts(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let label = |c: &Crt| c.title.as_ref().map(|x| x.v.clone()).unwrap_or(c.id.v.clone());
    let words = named("New combat results table", "Combat results table removed", label);
    by_id(
        out,
        "crt",
        (&old.crts, &new.crts),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let name = label(b);
            let labels = |c: &Crt| c.labels.iter().map(|l| l.v.clone()).collect::<Vec<_>>().join(", ");
            let dice = |c: &Crt| c.dice.as_ref().map_or(String::new(), |d| format!("{}d{}", d.v.0, d.v.1));
            values(
                out,
                ("crt", id, &name),
                [
                    ("title", opt(&a.title), opt(&b.title)),
                    (
                        "columns",
                        format!("{} ({})", labels(a), a.columns.name()),
                        format!("{} ({})", labels(b), b.columns.name()),
                    ),
                    ("dice", dice(a), dice(b)),
                ],
            );
            // Row by row, result by result under each column label: the changes a player needs.
            let roll = |r: &CrtRow| {
                let (lo, hi) = r.roll.v;
                if lo == hi { lo.to_string() } else { format!("{lo}-{hi}") }
            };
            let cells = |c: &Crt| -> Vec<(String, String)> {
                c.rows
                    .iter()
                    .flat_map(|r| {
                        let roll = roll(r);
                        r.results.iter().enumerate().map(move |(i, x)| {
                            let column = c.labels.get(i).map_or((i + 1).to_string(), |l| l.v.clone());
                            (format!("roll {roll}, {column}"), x.v.clone())
                        })
                    })
                    .collect()
            };
            for (cell, x, y) in keyed_strings(cells(a), cells(b)) {
                out.push(Change::value("crt", id, &name, &cell, x, y));
            }
            let legend = |c: &Crt| c.legend.iter().map(|l| (l.code.v.clone(), text_of(&l.text))).collect();
            for (code, x, y) in keyed_strings(legend(a), legend(b)) {
                let text = match (x.is_empty(), y.is_empty()) {
                    (true, _) => format!("{name}: new result {code}: {y}."),
                    (_, true) => format!("{name}: result {code} removed."),
                    _ => format!("{name}: result {code} now reads \"{y}\" (was \"{x}\")."),
                };
                out.push(Change::note("crt", id, "legend", text));
            }
            let modifiers = |c: &Crt| -> Vec<String> {
                c.modifiers
                    .iter()
                    .map(|m| {
                        let effect = match m.effect.as_ref().map(|e| e.v) {
                            Some(ModifierEffect::Shift(n)) => format!("shift {n:+}"),
                            Some(ModifierEffect::Drm(n)) => format!("DRM {n:+}"),
                            None => String::new(),
                        };
                        let cause = m.cause.as_ref().map_or(String::new(), |(_, c)| c.v.clone());
                        [effect, cause, text_of(&m.text)]
                            .into_iter()
                            .filter(|x| !x.is_empty())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect()
            };
            let (ma, mb) = (modifiers(a), modifiers(b));
            for m in mb.iter().filter(|m| !ma.contains(m)) {
                out.push(Change::note("crt", id, "modifiers", format!("{name}: new modifier: {m}.")));
            }
            for m in ma.iter().filter(|m| !mb.contains(m)) {
                out.push(Change::note("crt", id, "modifiers", format!("{name}: modifier removed: {m}.")));
            }
        },
    );
}

/// The terrain effects chart, terrain by terrain.
fn terrain(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New terrain", "Terrain removed", |t: &Terrain| t.name.v.clone());
    by_id(
        out,
        "terrain",
        (&old.terrain, &new.terrain),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let moves = |t: &Terrain| -> Vec<(String, String)> {
                let mut v: Vec<(String, String)> =
                    t.movement.all.iter().map(|m| ("movement".to_string(), m.v.clone())).collect();
                v.extend(t.movement.by_type.iter().map(|(k, m)| (format!("movement ({})", k.v), m.v.clone())));
                v
            };
            let los = |t: &Terrain| t.los.map_or(String::new(), |l| l.name().to_string());
            values(
                out,
                ("terrain", id, &b.name.v),
                [
                    ("name", a.name.v.clone(), b.name.v.clone()),
                    ("column shift", num(&a.shift), num(&b.shift)),
                    ("defence", num(&a.defence), num(&b.defence)),
                    ("die-roll modifier", num(&a.drm), num(&b.drm)),
                    ("line of sight", los(a), los(b)),
                    ("text", text_of(&a.text), text_of(&b.text)),
                ],
            );
            for (what, x, y) in keyed_strings(moves(a), moves(b)) {
                out.push(Change::value("terrain", id, &b.name.v, &what, x, y));
            }
        },
    );
}

/// The turn record track: its length, and each turn's name, weather and event.
fn turn_track(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let turns = |g: &Game| -> Vec<(String, String)> {
        let Some(t) = &g.turn_track else { return Vec::new() };
        t.turns
            .iter()
            .enumerate()
            .map(|(i, turn)| {
                let parts = [opt(&turn.name), opt(&turn.weather), text_of(&turn.event)];
                (format!("turn {}", i + 1), parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(", "))
            })
            .collect()
    };
    match (&old.turn_track, &new.turn_track) {
        (None, None) => return,
        (None, Some(t)) => {
            out.push(Change::added(
                "turn_track",
                "turn_track",
                format!("New turn record track: {} turns.", t.turns.len()),
            ));
            return;
        }
        (Some(_), None) => {
            out.push(Change::removed("turn_track", "turn_track", "Turn record track removed.".into()));
            return;
        }
        (Some(a), Some(b)) if a.turns.len() != b.turns.len() => out.push(Change::value(
            "turn_track",
            "turn_track",
            "Turn record track",
            "turns",
            a.turns.len().to_string(),
            b.turns.len().to_string(),
        )),
        _ => {}
    }
    for (turn, x, y) in keyed_strings(turns(old), turns(new)) {
        if !x.is_empty() && !y.is_empty() {
            out.push(Change::value("turn_track", "turn_track", "Turn record track", &turn, x, y));
        }
    }
}

fn glossary(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New glossary term", "Glossary term removed", |x: &Term| x.name.v.clone());
    by_id(
        out,
        "term",
        (&old.terms, &new.terms),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            if text_of(&a.text) != text_of(&b.text) {
                out.push(Change::note("term", id, "text", format!("Glossary: {} redefined.", b.name.v)));
            }
        },
    );
}

/// The changelog itself: entries added (an entry removed is history rewritten, not a change).
fn changelog(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = |c: &ChangeEntry, kind| {
        (kind == ChangeKind::Added).then(|| format!("Changelog: entry for {} added.", c.version.v))
    };
    by_id(out, "changelog", (&old.changelog, &new.changelog), |c| c.version.v.clone(), words, |_, _, _, _| {});
}

// ---------------------------------------------------------------------------------------------
// Counters and cards

/// Lengths in mm as the data gives them: 19.05, 63.
fn mm(x: f64) -> String {
    ((x * 100.0).round() / 100.0).to_string()
}

fn size(s: &Option<Sp<(f64, f64)>>) -> String {
    s.as_ref().map(|s| format!("{} × {} mm", mm(s.v.0), mm(s.v.1))).unwrap_or_default()
}

fn yes_no(b: bool) -> String {
    (if b { "yes" } else { "no" }).to_string()
}

/// Sheet settings shared by `[counters]` and `[cards]`.
fn imposition(out: &mut Vec<Change>, at: (&'static str, &str, &str), a: &Imposition, b: &Imposition) {
    let page = |i: &Imposition| i.page.as_ref().map(|p| p.v.typst_name().to_string()).unwrap_or_default();
    let offset = |i: &Imposition| format!("{}, {} mm", mm(i.back_offset.0), mm(i.back_offset.1));
    let gutter = |i: &Imposition| i.gutter.map(|g| format!("{} mm", mm(g))).unwrap_or_default();
    values(
        out,
        at,
        [
            ("page", page(a), page(b)),
            ("landscape", yes_no(a.landscape), yes_no(b.landscape)),
            ("duplex", a.duplex.name().to_string(), b.duplex.name().to_string()),
            ("back offset", offset(a), offset(b)),
            ("gutter", gutter(a), gutter(b)),
            ("margin", format!("{} mm", mm(a.margin)), format!("{} mm", mm(b.margin))),
            ("crop marks", yes_no(a.marks), yes_no(b.marks)),
        ],
    );
}

fn counter_options(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let (a, b) = (&old.counter_options, &new.counter_options);
    let at = ("counter_options", "counters", "Counter sheet");
    imposition(out, at, &a.sheet, &b.sheet);
    let cut = |c: Cut| (if c == Cut::Butt { "butt" } else { "gutter" }).to_string();
    values(out, at, [("cut", cut(a.cut), cut(b.cut))]);
}

/// A face's slots by name, each as its text with its size and weight when set.
fn slots(layout: &Option<(Vec<Slot>, crate::source::Loc)>) -> BTreeMap<String, String> {
    let Some((slots, _)) = layout else { return BTreeMap::new() };
    let slot = |s: &Slot| {
        let mut t = s.text.v.clone();
        if let Some(size) = &s.size {
            t.push_str(&format!(" ({} pt)", size.v));
        }
        if s.bold == Some(true) {
            t.push_str(" (bold)");
        }
        t
    };
    slots.iter().map(|s| (s.name.v.clone(), slot(s))).collect()
}

/// A layout slot by slot, in the order a layout lists them: "layout bottom {a}-{b} → {a}".
fn layout_changes(
    out: &mut Vec<Change>,
    at: (&'static str, &str, &str),
    face: &str,
    a: &BTreeMap<String, String>,
    b: &BTreeMap<String, String>,
) {
    let mut names: Vec<&String> = a.keys().chain(b.keys()).collect();
    names.sort_by_key(|n| (SLOTS.iter().position(|s| s == n).unwrap_or(SLOTS.len()), n.as_str()));
    names.dedup();
    for n in names {
        let field = format!("{face} {n}");
        values(
            out,
            at,
            [(field.as_str(), a.get(n).cloned().unwrap_or_default(), b.get(n).cloned().unwrap_or_default())],
        );
    }
}

fn face_style(out: &mut Vec<Change>, at: (&'static str, &str, &str), face: &str, a: &FaceStyle, b: &FaceStyle) {
    for (what, x, y) in
        [("background", &a.background, &b.background), ("stripe", &a.stripe, &b.stripe), ("text", &a.text, &b.text)]
    {
        values(out, at, [(format!("{face} {what}").as_str(), opt(x), opt(y))]);
    }
}

fn counter_groups(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let name = |g: &CounterGroup| g.name.as_ref().unwrap_or(&g.id).v.clone();
    let words = named("New counter group", "Counter group removed", name);
    let kind_name = |id: &str| name_of(&new.kinds, &old.kinds, id, |k| (&k.id.v, &k.name.v));
    by_id(
        out,
        "counter_group",
        (&old.counter_groups, &new.counter_groups),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(
                out,
                ("counter_group", id, &format!("Counter group {}", name(a))),
                [("name", opt(&a.name), opt(&b.name))],
            );
            let at = ("counter_group", id, &*format!("Counter group {}", name(b)));
            values(
                out,
                at,
                [
                    ("size", size(&a.size), size(&b.size)),
                    ("font size", num(&a.font_size), num(&b.font_size)),
                    ("smallest font size", num(&a.min_font_size), num(&b.min_font_size)),
                    ("kinds", names(&a.kinds, kind_name), names(&b.kinds, kind_name)),
                ],
            );
            layout_changes(out, at, "layout", &slots(&a.layout), &slots(&b.layout));
            layout_changes(out, at, "back layout", &slots(&a.back_layout), &slots(&b.back_layout));
            face_style(out, at, "front", &a.front_style, &b.front_style);
            face_style(out, at, "back", &a.back_style, &b.back_style);
        },
    );
}

/// A counter as `diff` sees it: an entry, or one counter of a run (with its id).
type CounterView<'a> = (&'a Counter, Option<&'a Sp<String>>);

/// A counter's key: its id, else the unit it is for, else its name, else its label; a run's
/// counter: that, then its id. A unit's id stays when the unit's name or the counter's label
/// is reworded.
fn counter_key((c, run_id): &CounterView) -> String {
    let key =
        c.id.as_ref()
            .or(c.unit.as_ref())
            .or(c.name.as_ref())
            .or(c.label.as_ref())
            .map(|x| x.v.clone())
            .unwrap_or_default();
    match run_id {
        Some(id) => format!("{key} {}", id.v),
        None => key,
    }
}

/// A counter as a player knows it: its name, else its unit's name, else its key; a run's
/// counter: that and its id ("Panzer corps XLVI").
fn counter_name(game: &Game, view: &CounterView) -> String {
    let (c, run_id) = view;
    let unit = |u: &Sp<String>| game.units.iter().find(|x| x.id.v == u.v).map(|x| x.name.v.clone());
    let name = c.name.as_ref().map(|n| n.v.clone()).or_else(|| c.unit.as_ref().and_then(unit));
    match (name, run_id) {
        (Some(n), Some(id)) => format!("{n} {}", id.v),
        (Some(n), None) => n,
        (None, _) => counter_key(view),
    }
}

/// The pairs of `k=v` as words: "attack 4, move 6".
fn pairs(v: &[(Sp<String>, Sp<Scalar>)]) -> String {
    v.iter().map(|(k, x)| format!("{} {}", k.v, scalar(&x.v))).collect::<Vec<_>>().join(", ")
}

/// Counters one by one: a run's by its ids, so that adding an id to a run is one new counter.
fn counters(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let copies = |(c, _): &CounterView| c.quantity.as_ref().map_or(1, |q| q.v).to_string();
    let words = |c: &CounterView, kind| {
        Some(match kind {
            ChangeKind::Added => format!("New counter: {} (x{}).", counter_name(new, c), copies(c)),
            _ => format!("Counter removed: {}.", counter_name(old, c)),
        })
    };
    let (a_views, b_views): (Vec<CounterView>, Vec<CounterView>) = (
        old.counters.iter().flat_map(|c| c.expanded()).collect(),
        new.counters.iter().flat_map(|c| c.expanded()).collect(),
    );
    by_id(out, "counter", (&a_views, &b_views), counter_key, words, |out, id, va, vb| {
        let (a, b) = (va.0, vb.0);
        let label = format!("Counter {}", counter_name(new, vb));
        let at = ("counter", id, label.as_str());
        values(
            out,
            at,
            [
                ("name", opt(&a.name), opt(&b.name)),
                ("unit", opt(&a.unit), opt(&b.unit)),
                ("group", opt(&a.group), opt(&b.group)),
                ("label", opt(&a.label), opt(&b.label)),
                ("side", opt(&a.side), opt(&b.side)),
                ("symbol", opt(&a.symbol), opt(&b.symbol)),
                ("picture", opt(&a.image), opt(&b.image)),
                ("colour", opt(&a.color), opt(&b.color)),
                ("copies", copies(va), copies(vb)),
            ],
        );
        for (k, x, y) in keyed_values(&a.front, &b.front) {
            out.push(Change::value("counter", id, &label, &format!("front {k}"), x, y));
        }
        counter_back(out, at, &a.back, &b.back);
        counter_face(out, at, "front", &a.front_face, &b.front_face);
        counter_face(out, at, "back", &a.back_face, &b.back_face);
    });
}

/// A counter's own face: colours, symbol, text size and weight.
fn counter_face(out: &mut Vec<Change>, at: (&'static str, &str, &str), face: &str, a: &Face, b: &Face) {
    face_style(out, at, face, &a.style, &b.style);
    let bold = |f: &Face| f.bold.map(yes_no).unwrap_or_default();
    values(
        out,
        at,
        [
            (format!("{face} symbol").as_str(), opt(&a.symbol), opt(&b.symbol)),
            (format!("{face} font size").as_str(), num(&a.font_size), num(&b.font_size)),
            (format!("{face} bold").as_str(), bold(a), bold(b)),
        ],
    );
}

/// A counter's back: value by value when both have values, else what it prints.
fn counter_back(out: &mut Vec<Change>, at: (&'static str, &str, &str), a: &Back, b: &Back) {
    if let (Back::Values(x), Back::Values(y)) = (a, b) {
        for (k, x, y) in keyed_values(x, y) {
            values(out, at, [(format!("back {k}").as_str(), x, y)]);
        }
        return;
    }
    let words = |back: &Back| match back {
        Back::Same => "same as front".to_string(),
        Back::Blank => "blank".to_string(),
        Back::Values(v) => pairs(v),
    };
    values(out, at, [("back", words(a), words(b))]);
}

fn card_options(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let (a, b) = (&old.card_options, &new.card_options);
    let at = ("card_options", "cards", "Cards");
    let style = |s: AbilityStyle| (if s == AbilityStyle::Full { "full" } else { "short" }).to_string();
    let kind_name = |id: &str| name_of(&new.kinds, &old.kinds, id, |k| (&k.id.v, &k.name.v));
    values(
        out,
        at,
        [
            ("size", size(&a.size), size(&b.size)),
            ("bleed", format!("{} mm", mm(a.bleed)), format!("{} mm", mm(b.bleed))),
            ("safe margin", format!("{} mm", mm(a.safe)), format!("{} mm", mm(b.safe))),
            ("font size", a.font_size.to_string(), b.font_size.to_string()),
            ("smallest font size", num(&a.min_font_size), num(&b.min_font_size)),
            ("abilities", style(a.abilities), style(b.abilities)),
            ("kinds", names(&a.kinds, kind_name), names(&b.kinds, kind_name)),
            ("back", opt(&a.back), opt(&b.back)),
        ],
    );
    imposition(out, at, &a.sheet, &b.sheet);
}

fn card_backs(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let name = |x: &CardBack| x.title.as_ref().unwrap_or(&x.id).v.clone();
    let words = named("New card back", "Card back removed", name);
    by_id(
        out,
        "card_back",
        (&old.card_backs, &new.card_backs),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            values(
                out,
                ("card_back", id, &format!("Card back {}", name(a))),
                [("title", opt(&a.title), opt(&b.title))],
            );
            let label = format!("Card back {}", name(b));
            values(
                out,
                ("card_back", id, &label),
                [
                    ("side", opt(&a.side), opt(&b.side)),
                    ("picture", opt(&a.image), opt(&b.image)),
                    ("colour", opt(&a.color), opt(&b.color)),
                ],
            );
            if text_of(&a.text) != text_of(&b.text) {
                out.push(Change::note("card_back", id, "text", format!("{label}: text reworded.")));
            }
        },
    );
}

/// A card's key: its id, else the unit it is for, else its title.
fn card_key(c: &Card) -> String {
    c.id.as_ref().or(c.unit.as_ref()).or(c.title.as_ref()).map(|x| x.v.clone()).unwrap_or_default()
}

/// A card as a player knows it: its title, else its unit's name, else its key.
fn card_name(game: &Game, c: &Card) -> String {
    let unit = |u: &Sp<String>| game.units.iter().find(|x| x.id.v == u.v).map(|x| x.name.v.clone());
    c.title.as_ref().map(|n| n.v.clone()).or_else(|| c.unit.as_ref().and_then(unit)).unwrap_or_else(|| card_key(c))
}

fn cards(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = |c: &Card, kind| {
        Some(match kind {
            ChangeKind::Added => format!("New card: {}.", card_name(new, c)),
            _ => format!("Card removed: {}.", card_name(old, c)),
        })
    };
    by_id(out, "card", (&old.cards, &new.cards), card_key, words, |out, id, a, b| {
        let label = format!("Card {}", card_name(new, b));
        let copies = |c: &Card| c.quantity.as_ref().map_or(1, |q| q.v).to_string();
        values(
            out,
            ("card", id, &label),
            [
                ("title", opt(&a.title), opt(&b.title)),
                ("unit", opt(&a.unit), opt(&b.unit)),
                ("subtitle", opt(&a.subtitle), opt(&b.subtitle)),
                ("side", opt(&a.side), opt(&b.side)),
                ("back", opt(&a.back), opt(&b.back)),
                ("picture", opt(&a.image), opt(&b.image)),
                ("colour", opt(&a.color), opt(&b.color)),
                ("copies", copies(a), copies(b)),
            ],
        );
        for (k, x, y) in keyed_values(&a.stats, &b.stats) {
            out.push(Change::value("card", id, &label, &k, x, y));
        }
        let text = |c: &Card| c.text.iter().map(|t| plain(&t.raw)).collect::<Vec<_>>();
        if text(a) != text(b) {
            out.push(Change::note("card", id, "text", format!("{label}: text reworded.")));
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Scenarios: what a player sets up differently

fn scenarios(old: &Game, new: &Game, out: &mut Vec<Change>) {
    let words = named("New scenario", "Scenario removed", |x: &Scenario| x.title.v.clone());
    by_id(
        out,
        "scenario",
        (&old.scenarios, &new.scenarios),
        |x| x.id.v.clone(),
        words,
        |out, id, a, b| {
            let label = format!("Scenario {}", b.title.v);
            values(
                out,
                ("scenario", id, &format!("Scenario {}", a.title.v)),
                [("title", a.title.v.clone(), b.title.v.clone())],
            );
            values(
                out,
                ("scenario", id, &label),
                [
                    ("rules version needed", opt(&a.requires), opt(&b.requires)),
                    ("points to win", num(&a.victory_points), num(&b.victory_points)),
                    ("turns", num(&a.turns), num(&b.turns)),
                ],
            );
            scenario_forces(old, new, out, a, b);
            scenario_objectives(out, a, b);
        },
    );
}

/// Forces per side and unit: "Scenario Raid, blue: Rifles 2 → 3."
fn scenario_forces(old: &Game, new: &Game, out: &mut Vec<Change>, a: &Scenario, b: &Scenario) {
    let forces = |sc: &Scenario| -> BTreeMap<(String, String), i64> {
        let mut m = BTreeMap::new();
        for side in &sc.sides {
            for f in &side.forces {
                let name = f.unit.as_ref().or(f.name.as_ref()).map(|n| n.v.clone()).unwrap_or_default();
                *m.entry((side.side.v.clone(), name)).or_insert(0) += f.count.as_ref().map_or(1, |c| c.v);
            }
        }
        m
    };
    let (fa, fb) = (forces(a), forces(b));
    let mut keys: Vec<&(String, String)> = fa.keys().chain(fb.keys()).collect();
    keys.sort();
    keys.dedup();
    for k in keys {
        let (x, y) = (fa.get(k).copied().unwrap_or(0), fb.get(k).copied().unwrap_or(0));
        let unit = name_of(&new.units, &old.units, &k.1, |u| (&u.id.v, &u.name.v));
        let label = format!("Scenario {}, {}", b.title.v, k.0);
        values(out, ("scenario", &b.id.v, &label), [(unit.as_str(), x.to_string(), y.to_string())]);
    }
}

/// Objectives by name, with their points.
fn scenario_objectives(out: &mut Vec<Change>, a: &Scenario, b: &Scenario) {
    let (label, id) = (format!("Scenario {}", b.title.v), &b.id.v);
    let obj =
        |sc: &Scenario| sc.objectives.iter().map(|o| (o.name.v.clone(), num(&o.points))).collect::<BTreeMap<_, _>>();
    let (oa, ob) = (obj(a), obj(b));
    for (name, p) in &ob {
        match oa.get(name) {
            None => out.push(Change::note("scenario", id, "objectives", format!("{label}: new objective {name}."))),
            Some(q) => values(out, ("scenario", id, &format!("{label}, {name}")), [("points", q.clone(), p.clone())]),
        }
    }
    for name in oa.keys().filter(|n| !ob.contains_key(*n)) {
        out.push(Change::note("scenario", id, "objectives", format!("{label}: objective {name} removed.")));
    }
}

// ---------------------------------------------------------------------------------------------
// Text as compared

fn short(s: &str) -> String {
    let s = s.trim();
    if s.chars().count() > 90 {
        format!("{}…", s.chars().take(88).collect::<String>().trim_end())
    } else {
        s.to_string()
    }
}

fn section_texts(game: &Game, s: &Section) -> Vec<String> {
    fn items(game: &Game, list: &[Item], out: &mut Vec<String>) {
        for it in list {
            match it {
                Item::Text { text, items: sub } => {
                    out.push(plain_in(Some(game), &text.raw));
                    items(game, sub, out);
                }
                Item::Label(t) | Item::Note(t) => out.push(plain_in(Some(game), &t.raw)),
                Item::Table(id) => out.push(format!("(table {})", id.v)),
                Item::Sequence(id) => out.push(format!("(sequence {})", id.v)),
                Item::Unit(id) => out.push(format!("(unit {})", id.v)),
                Item::Crt(id) => out.push(format!("(crt {})", id.v)),
                Item::Chart(kind) => out.push(
                    match kind.v {
                        ChartKind::Terrain => "(terrain chart)",
                        ChartKind::Turns => "(turn track)",
                    }
                    .to_string(),
                ),
            }
        }
    }
    let mut out = Vec::new();
    out.extend(s.summary.iter().map(|t| plain_in(Some(game), &t.raw)));
    out.extend(s.text.iter().map(|t| plain_in(Some(game), &t.raw)));
    items(game, &s.items, &mut out);
    out.extend(s.after.iter().map(|t| plain_in(Some(game), &t.raw)));
    out
}

fn cell(c: &Cell) -> String {
    match c {
        Cell::Text(t) => plain(&t.raw),
        Cell::Ref { target, .. } => target.v.clone(),
    }
}

/// A written table's rows keyed by their first cell: "a | b | c".
fn table_rows(t: &Table) -> BTreeMap<String, String> {
    match &t.body {
        TableBody::Written { rows, .. } => rows
            .iter()
            .map(|(_, r)| {
                let cells: Vec<String> = r.iter().map(cell).collect();
                (cells.first().cloned().unwrap_or_default(), cells.join(" | "))
            })
            .collect(),
        TableBody::Generated { .. } => BTreeMap::new(),
    }
}

fn steps(list: &[Step]) -> Vec<String> {
    let mut out = Vec::new();
    for s in list {
        out.push(plain(&s.title.raw));
        out.extend(s.text.iter().map(|t| plain(&t.raw)));
        out.extend(steps(&s.steps));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Output

/// The changes as text, one per line, under the versions compared.
pub fn render_text(old: &Game, new: &Game, changes: &[Change]) -> String {
    let mut s = format!(
        "{} {} → {}: {} change{}\n",
        new.meta.title.as_ref().map(|t| t.v.as_str()).unwrap_or(new.meta.id()),
        old.meta.version(),
        new.meta.version(),
        changes.len(),
        if changes.len() == 1 { "" } else { "s" }
    );
    for c in changes {
        let mark = match c.kind {
            ChangeKind::Added => '+',
            ChangeKind::Removed => '-',
            ChangeKind::Changed => '~',
        };
        s.push_str(&format!("  {mark} {}\n", c.text));
    }
    s
}

/// The changes as JSON: both versions' ids and versions, and every change.
pub fn render_json(old: &Game, new: &Game, changes: &[Change]) -> String {
    serde_json::to_string_pretty(&serde_json::json!({
        "old": { "id": old.meta.id(), "version": old.meta.version() },
        "new": { "id": new.meta.id(), "version": new.meta.version() },
        "changes": changes,
    }))
    .expect("changes serialise")
}

/// A draft `[[changelog]]` entry for the new version: one item per change, tied to the
/// sections, units and abilities it names. Items are plain text, escaped for Typst markup.
pub fn render_changelog(new: &Game, changes: &[Change]) -> String {
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut s = String::from("# Draft written by `playaid diff`: reword the items, then paste into the changelog.\n");
    s.push_str("[[changelog]]\n");
    s.push_str(&format!("version = {}\n", q(new.meta.version())));
    if let Some(d) = &new.meta.date {
        s.push_str(&format!("date = {}\n", d.v));
    }
    s.push_str("items = [\n");
    for c in changes.iter().filter(|c| c.area != "changelog" && c.area != "game") {
        let text = q(&escape_markup_text(&c.text));
        let tie = match (c.area, c.kind) {
            ("section", ChangeKind::Changed) => Some("sections"),
            ("unit", ChangeKind::Changed) => Some("units"),
            ("ability", ChangeKind::Changed) => Some("abilities"),
            _ => None,
        };
        match tie {
            Some(key) => s.push_str(&format!("  {{ text = {text}, {key} = [{}] }},\n", q(&c.id))),
            None => s.push_str(&format!("  {text},\n")),
        }
    }
    s.push_str("]\n");
    s
}

/// Plain text made safe as Typst markup (and as a playaid text: no `[[`).
fn escape_markup_text(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        if matches!(ch, '*' | '_' | '#' | '$' | '[' | ']' | '<' | '@' | '`' | '\\' | '~') {
            out.push('\\');
        }
        out.push(ch);
    }
    // `//` would start a comment.
    out.replace("//", "\\/\\/")
}

// ---------------------------------------------------------------------------------------------
// Reading a revision

/// Load the game folder `dir` as it was at git revision `rev`: its data files (TOML and CSV)
/// are read with `git show`, nothing is checked out.
pub fn load_revision(dir: &Path, rev: &str) -> Result<Loaded, String> {
    let git = |args: &[&str]| -> Result<Vec<u8>, String> {
        let o =
            Command::new("git").arg("-C").arg(dir).args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
        if !o.status.success() {
            return Err(format!("git {}: {}", args.join(" "), String::from_utf8_lossy(&o.stderr).trim()));
        }
        Ok(o.stdout)
    };
    let list = git(&["ls-tree", "-r", "--name-only", rev, "--", "."])?;
    let names = String::from_utf8_lossy(&list).into_owned();
    let skip = ["out/", "templates/", "target/", "images/"];
    let mut paths: Vec<String> = names
        .lines()
        .filter(|p| load::is_data_file(p) && !skip.iter().any(|s| p.starts_with(s) || p.contains(&format!("/{s}"))))
        .map(str::to_string)
        .collect();
    if !paths.iter().any(|p| p == "game.toml") {
        return Err(format!("`{}` has no game.toml at revision {rev}", dir.display()));
    }
    paths.sort();
    paths.retain(|p| p != "game.toml");
    paths.insert(0, "game.toml".into());
    let mut sources: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for p in paths {
        let bytes = git(&["show", &format!("{rev}:./{p}")])?;
        sources.push((dir.join(&p), bytes));
    }
    Ok(load::load_sources(dir, sources))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(files: &[(&str, &str)]) -> Game {
        let dir = Path::new("/nowhere");
        let sources = files.iter().map(|(n, t)| (dir.join(n), t.as_bytes().to_vec())).collect();
        let loaded = load::load_sources(dir, sources);
        assert!(loaded.diags.is_empty(), "{:?}", loaded.diags);
        loaded.game
    }

    const HEAD: &str = "[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1\"\n";

    #[test]
    fn trait_per_parameter_and_stats_and_sections() {
        // One game, four knobs: Landing 10's capacity, the unit's armour, a section's title and
        // its first item.
        let version = |capacity: i64, armour: i64, title: &str, item: &str| {
            game(&[(
                "game.toml",
                &format!(
                    "{HEAD}[[trait]]\nid = \"capacity\"\nname = \"Troop counters carried\"\ntype = \"int\"\n\
                     [[ability]]\nid = \"landing\"\nname = \"Landing\"\nvalues = [10, 5]\n\
                     traits = {{ capacity = {{ 10 = {capacity}, 5 = 1 }} }}\n\
                     [[stat]]\nid = \"armour\"\nname = \"Armour\"\ntype = \"int\"\n\
                     [[kind]]\nid = \"k\"\nname = \"K\"\nrequired_stats = [\"armour\"]\n\
                     [[unit]]\nid = \"t\"\nname = \"Troops\"\nkind = \"k\"\nstats = {{ armour = {armour} }}\n\
                     [[section]]\nid = \"r\"\nnumber = \"3\"\ntitle = \"{title}\"\nitems = [\"{item}\", \"Keep it.\"]\n"
                ),
            )])
        };
        let a = version(3, 4, "Rescue", "Roll a die.");
        let b = version(2, 5, "Rescue Operations", "Roll two dice.");
        let texts: Vec<String> = diff(&a, &b).into_iter().map(|c| c.text).collect();
        assert_eq!(
            texts,
            [
                "Landing 10: Troop counters carried 3 → 2.",
                "Troops: Armour 4 → 5.",
                "3 Rescue: title Rescue → Rescue Operations.",
                "3 Rescue Operations: \"Roll a die.\" now reads \"Roll two dice.\"",
            ]
        );
        assert!(diff(&a, &a).is_empty());
    }

    #[test]
    fn scenario_forces_and_objectives() {
        let sc = |count: i64, points: i64| {
            format!(
                "{HEAD}[[side]]\nid = \"blue\"\nname = \"Blue\"\n[[scenario]]\nid = \"raid\"\ntitle = \"Raid\"\n\
                 [[scenario.side]]\nside = \"blue\"\nforces = [{{ name = \"Rifles\", count = {count} }}]\n\
                 [[scenario.objective]]\nname = \"Bridge\"\nvictory_points = {points}\n"
            )
        };
        let (a, b) = (game(&[("game.toml", &sc(2, 10))]), game(&[("game.toml", &sc(3, 20))]));
        let texts: Vec<String> = diff(&a, &b).into_iter().map(|c| c.text).collect();
        assert_eq!(texts, ["Scenario Raid, blue: Rifles 2 → 3.", "Scenario Raid, Bridge: points 10 → 20."]);
    }

    /// A tank with a counter and a card; `knobs` is the rest of the data, per version.
    fn pieces(knobs: &str) -> Game {
        game(&[(
            "game.toml",
            &format!(
                "{HEAD}[[stat]]\nid = \"attack\"\nname = \"Attack\"\ntype = \"int\"\n\
                 [[kind]]\nid = \"tank\"\nname = \"Tank\"\nrequired_stats = [\"attack\"]\n\
                 [[unit]]\nid = \"pz4\"\nname = \"Panzer IV\"\nkind = \"tank\"\nstats = {{ attack = 5 }}\n{knobs}"
            ),
        )])
    }

    fn texts(a: &Game, b: &Game) -> Vec<String> {
        diff(a, b).into_iter().map(|c| c.text).collect()
    }

    #[test]
    fn counters_by_unit_and_id_with_their_back_values() {
        // Four knobs: the group's size, the Panzer IV's back, the HQ's copies, a smoke marker.
        let version = |size: &str, back: &str, copies: i64, smoke: bool| {
            pieces(&format!(
                "[[counter_group]]\nid = \"units\"\nname = \"Units\"\nsize = \"{size}\"\n\
                 layout = {{ top = \"{{name}}\", bottom = \"{{attack}}\" }}\n\
                 [[counter]]\nunit = \"pz4\"\nback = {back}\n\
                 [[counter]]\nid = \"hq\"\nname = \"HQ\"\nquantity = {copies}\n{}",
                if smoke { "[[counter]]\nname = \"Smoke\"\n" } else { "" }
            ))
        };
        let a = version("3/4in", "{ attack = 4 }", 1, false);
        let b = version("5/8in", "{ attack = 3 }", 2, true);
        assert_eq!(
            texts(&a, &b),
            [
                "Counter group Units: size 19.05 × 19.05 mm → 15.88 × 15.88 mm.",
                "New counter: Smoke (x1).",
                "Counter Panzer IV: back attack 4 → 3.",
                "Counter HQ: copies 1 → 2.",
            ]
        );
        assert_eq!(texts(&b, &a)[1], "Counter removed: Smoke.");
        let blank = version("3/4in", "\"blank\"", 1, false);
        assert_eq!(texts(&a, &blank), ["Counter Panzer IV: back attack 4 → blank."]);
        assert!(diff(&b, &b).is_empty());
    }

    #[test]
    fn cards_their_options_and_backs() {
        // Six knobs: the card size, the back's colour, the Marsh's move and text, the tank
        // card's copies, a Forest card.
        let version = |size: &str, colour: &str, marsh: (&str, &str), copies: i64, forest: bool| {
            pieces(&format!(
                "[cards]\nsize = \"{size}\"\n\
                 [[card_back]]\nid = \"terrain\"\ntitle = \"Terrain\"\ncolor = \"{colour}\"\n\
                 [[card]]\ntitle = \"Marsh\"\nfields = {{ Move = \"{}\" }}\ntext = [\"{}\"]\ncard_back = \"terrain\"\n\
                 [[card]]\nunit = \"pz4\"\nquantity = {copies}\n{}",
                marsh.0,
                marsh.1,
                if forest { "[[card]]\ntitle = \"Forest\"\n" } else { "" }
            ))
        };
        let a = version("poker", "#5a6b4e", ("half", "Stop on entering."), 1, false);
        let b = version("bridge", "#4f6d5a", ("quarter", "Stop *before* entering."), 2, true);
        assert_eq!(
            texts(&a, &b),
            [
                "Cards: size 63 × 88 mm → 57 × 89 mm.",
                "Card back Terrain: colour #5a6b4e → #4f6d5a.",
                "New card: Forest.",
                "Card Marsh: Move half → quarter.",
                "Card Marsh: text reworded.",
                "Card Panzer IV: copies 1 → 2.",
            ]
        );
        assert_eq!(texts(&b, &a)[2], "Card removed: Forest.");
        assert!(diff(&b, &b).is_empty());
    }

    #[test]
    fn a_runs_counters_by_their_ids_and_faces_by_key() {
        // Two knobs: the run's ids, and the colour and symbol of the marker's back.
        let version = |ids: &str, back: &str| {
            pieces(&format!(
                "[[counter]]\nname = \"Panzer corps\"\nids = {ids}\nback = {{ attack = 2 }}\n\
                 [[counter]]\nname = \"Mud\"\nback_face = {back}\n"
            ))
        };
        let a = version("[\"XXIV\", \"XLVI\"]", "{ background = \"#9fd3f0\" }");
        let b = version("[\"XXIV\", \"XLVI\", \"XLVII\"]", "{ background = \"#a0d0f0\", symbol = \"supply\" }");
        assert_eq!(
            texts(&a, &b),
            [
                "New counter: Panzer corps XLVII (x1).",
                "Counter Mud: back background #9fd3f0 → #a0d0f0.",
                "Counter Mud: back symbol none → supply.",
            ]
        );
        let fewer = version("[\"XXIV\"]", "{ background = \"#9fd3f0\" }");
        assert_eq!(texts(&a, &fewer), ["Counter removed: Panzer corps XLVI."]);
    }
}
