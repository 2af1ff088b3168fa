//! `playaid diff`: what changed between two versions of a game's data, in words a player
//! understands ("Landing 10: Troop counters carried 3 → 2"), as text, JSON, or draft
//! `[[changelog]]` entries. Works on two folders, or on two git revisions of one folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Serialize;

use crate::load::{self, Loaded};
use crate::markup::{ability_label, plain, plain_in};
use crate::model::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    Added,
    Removed,
    Changed,
}

/// One change, with the sentence that says it.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// What kind of thing changed: game, side, stat, kind, ability, unit, section, table,
    /// sequence, term, counter, card, changelog.
    pub area: &'static str,
    pub id: String,
    pub kind: ChangeKind,
    /// The property that changed, for `changed` (e.g. "Troop counters carried").
    pub field: Option<String>,
    pub old: Option<String>,
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

fn scalar(v: &Scalar) -> String {
    match v {
        Scalar::Float(f) if f.fract() == 0.0 => format!("{f:.0}"),
        other => other.display(),
    }
}

fn by_id<T>(items: &[T], id: impl Fn(&T) -> &str) -> BTreeMap<&str, &T> {
    items.iter().map(|x| (id(x), x)).collect()
}

/// Added and removed ids, in the new (then old) data's order.
fn pair<'a, T>(
    old: &'a [T],
    new: &'a [T],
    id: impl Fn(&T) -> &str + Copy,
) -> (Vec<&'a T>, Vec<&'a T>, Vec<(&'a T, &'a T)>) {
    let o = by_id(old, id);
    let n = by_id(new, id);
    let added = new.iter().filter(|x| !o.contains_key(id(x))).collect();
    let removed = old.iter().filter(|x| !n.contains_key(id(x))).collect();
    let both = new.iter().filter_map(|x| o.get(id(x)).map(|y| (*y, x))).collect();
    (added, removed, both)
}

fn text_of(t: &Option<Text>) -> String {
    t.as_ref().map(|t| plain(&t.raw)).unwrap_or_default()
}

/// Every change from `old` to `new`.
pub fn diff(old: &Game, new: &Game) -> Vec<Change> {
    let mut out = Vec::new();
    let (om, nm) = (&old.meta, &new.meta);
    let s = |x: &Option<Sp<String>>| x.as_ref().map(|v| v.v.clone()).unwrap_or_default();
    for (field, a, b) in [
        ("title", s(&om.title), s(&nm.title)),
        ("rules version", s(&om.version), s(&nm.version)),
        ("date", s(&om.date), s(&nm.date)),
    ] {
        if a != b {
            out.push(Change::value("game", nm.id(), "Game", field, a, b));
        }
    }

    // Sides.
    let (added, removed, both) = pair(&old.sides, &new.sides, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("side", &x.id.v, format!("New side: {}.", x.name.v))));
    out.extend(removed.iter().map(|x| Change::removed("side", &x.id.v, format!("Side removed: {}.", x.name.v))));
    for (a, b) in both {
        if a.name.v != b.name.v {
            out.push(Change::value("side", &b.id.v, &b.name.v, "name", a.name.v.clone(), b.name.v.clone()));
        }
        let (ca, cb) = (s(&a.color), s(&b.color));
        if ca != cb {
            out.push(Change::value("side", &b.id.v, &b.name.v, "colour", ca, cb));
        }
    }

    // Stats and kinds.
    let range = |t: &ValueType| match t {
        ValueType::Int { min, max } => {
            let f = |x: &Option<Sp<i64>>| x.as_ref().map(|v| v.v.to_string()).unwrap_or_else(|| "…".into());
            format!("whole number {}–{}", f(min), f(max))
        }
        other => other.name().to_string(),
    };
    let (added, removed, both) = pair(&old.stats, &new.stats, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("stat", &x.id.v, format!("New stat: {}.", x.name.v))));
    out.extend(removed.iter().map(|x| Change::removed("stat", &x.id.v, format!("Stat removed: {}.", x.name.v))));
    for (a, b) in both {
        if a.name.v != b.name.v {
            out.push(Change::value("stat", &b.id.v, &a.name.v, "name", a.name.v.clone(), b.name.v.clone()));
        }
        if range(&a.ty) != range(&b.ty) {
            out.push(Change::value("stat", &b.id.v, &b.name.v, "values", range(&a.ty), range(&b.ty)));
        }
    }
    let stat_name = |id: &str| {
        new.stats.iter().chain(&old.stats).find(|s| s.id.v == id).map(|s| s.name.v.clone()).unwrap_or(id.to_string())
    };
    let (added, removed, both) = pair(&old.kinds, &new.kinds, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("kind", &x.id.v, format!("New unit kind: {}.", x.name.v))));
    out.extend(removed.iter().map(|x| Change::removed("kind", &x.id.v, format!("Unit kind removed: {}.", x.name.v))));
    for (a, b) in both {
        let list = |k: &Kind| k.stats.iter().map(|s| stat_name(&s.v)).collect::<Vec<_>>().join(", ");
        if list(a) != list(b) {
            out.push(Change::value("kind", &b.id.v, &b.name.v, "stats", list(a), list(b)));
        }
    }

    // Abilities, with their parameters and traits.
    let trait_name = |id: &str| {
        new.traits.iter().chain(&old.traits).find(|t| t.id.v == id).map(|t| t.name.v.clone()).unwrap_or(id.to_string())
    };
    let (added, removed, both) = pair(&old.abilities, &new.abilities, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("ability", &x.id.v, format!("New ability: {}.", x.name.v))));
    out.extend(removed.iter().map(|x| Change::removed("ability", &x.id.v, format!("Ability removed: {}.", x.name.v))));
    for (a, b) in both {
        if a.name.v != b.name.v {
            out.push(Change::value("ability", &b.id.v, &a.name.v, "name", a.name.v.clone(), b.name.v.clone()));
        }
        let vals = |x: &Ability| {
            x.values
                .as_ref()
                .map(|v| v.v.iter().map(|n| n.v.to_string()).collect::<Vec<_>>().join(", "))
                .unwrap_or_default()
        };
        if vals(a) != vals(b) {
            out.push(Change::value("ability", &b.id.v, &b.name.v, "values", vals(a), vals(b)));
        }
        // Traits, one value per parameter value where they differ.
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
            if va != vb {
                let label = b.label(key.1);
                out.push(Change::value("ability", &b.id.v, &label, &trait_name(&key.0), va, vb));
            }
        }
        if text_of(&a.text) != text_of(&b.text) {
            out.push(Change::note("ability", &b.id.v, "text", format!("{}: rules text reworded.", b.name.v)));
        }
        if text_of(&a.short) != text_of(&b.short) && text_of(&a.text) == text_of(&b.text) {
            out.push(Change::note("ability", &b.id.v, "short", format!("{}: short text reworded.", b.name.v)));
        }
    }

    // Units.
    let (added, removed, both) = pair(&old.units, &new.units, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("unit", &x.id.v, format!("New unit: {}.", x.name.v))));
    out.extend(removed.iter().map(|x| Change::removed("unit", &x.id.v, format!("Unit removed: {}.", x.name.v))));
    for (a, b) in both {
        if a.name.v != b.name.v {
            out.push(Change::value("unit", &b.id.v, &a.name.v, "name", a.name.v.clone(), b.name.v.clone()));
        }
        for (field, x, y) in [("kind", s(&a.kind), s(&b.kind)), ("side", s(&a.side), s(&b.side))] {
            if x != y {
                out.push(Change::value("unit", &b.id.v, &b.name.v, field, x, y));
            }
        }
        let st = |u: &Unit| u.stats.iter().map(|(k, v)| (k.v.clone(), scalar(&v.v))).collect::<BTreeMap<_, _>>();
        let (sa, sb) = (st(a), st(b));
        let order: Vec<String> = b.stats.iter().map(|(k, _)| k.v.clone()).chain(sa.keys().cloned()).collect();
        let mut seen = Vec::new();
        for k in order {
            if seen.contains(&k) {
                continue;
            }
            seen.push(k.clone());
            let (x, y) = (sa.get(&k).cloned().unwrap_or_default(), sb.get(&k).cloned().unwrap_or_default());
            if x != y {
                out.push(Change::value("unit", &b.id.v, &b.name.v, &stat_name(&k), x, y));
            }
        }
        let ab = |u: &Unit| {
            u.abilities
                .iter()
                .map(|r| match r.param {
                    Some(p) => format!("{} {p}", r.id),
                    None => r.id.clone(),
                })
                .collect::<Vec<_>>()
        };
        let (aa, abb) = (ab(a), ab(b));
        for gained in abb.iter().filter(|x| !aa.contains(x)) {
            out.push(Change::note(
                "unit",
                &b.id.v,
                "abilities",
                format!("{} gains {}.", b.name.v, ability_label(new, gained)),
            ));
        }
        for lost in aa.iter().filter(|x| !abb.contains(x)) {
            out.push(Change::note(
                "unit",
                &b.id.v,
                "abilities",
                format!("{} loses {}.", b.name.v, ability_label(old, lost)),
            ));
        }
        let notes = |u: &Unit| u.notes.iter().map(|t| plain(&t.raw)).collect::<Vec<_>>();
        if notes(a) != notes(b) {
            out.push(Change::note("unit", &b.id.v, "notes", format!("{}: notes changed.", b.name.v)));
        }
    }

    // Rule sections: titles, numbers and their text, item by item.
    let sec_label = |x: &Section| match &x.number {
        Some(n) => format!("{} {}", n.v, x.title.v),
        None => x.title.v.clone(),
    };
    let (added, removed, both) = pair(&old.sections, &new.sections, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("section", &x.id.v, format!("New section: {}.", sec_label(x)))));
    out.extend(
        removed.iter().map(|x| Change::removed("section", &x.id.v, format!("Section removed: {}.", sec_label(x)))),
    );
    for (a, b) in both {
        let label = sec_label(b);
        if a.title.v != b.title.v {
            out.push(Change::value("section", &b.id.v, &sec_label(a), "title", a.title.v.clone(), b.title.v.clone()));
        }
        let (na, nb) = (s(&a.number), s(&b.number));
        if na != nb {
            out.push(Change::value("section", &b.id.v, &b.title.v, "number", na, nb));
        }
        if a.optional != b.optional {
            let now = if b.optional { "now optional" } else { "no longer optional" };
            out.push(Change::note("section", &b.id.v, "optional", format!("{label}: {now}.")));
        }
        let (ta, tb) = (section_texts(old, a), section_texts(new, b));
        let gone: Vec<&String> = ta.iter().filter(|t| !tb.contains(t)).collect();
        let came: Vec<&String> = tb.iter().filter(|t| !ta.contains(t)).collect();
        if gone.len() == came.len() {
            // As many items went as came: read them as rewordings, in order.
            for (g, c) in gone.iter().zip(&came) {
                out.push(Change::note(
                    "section",
                    &b.id.v,
                    "text",
                    format!("{label}: \"{}\" now reads \"{}\"", short(g), short(c)),
                ));
            }
        } else {
            for t in gone {
                out.push(Change::note("section", &b.id.v, "text", format!("{label}: removed \"{}\".", short(t))));
            }
            for t in came {
                out.push(Change::note("section", &b.id.v, "text", format!("{label}: added \"{}\".", short(t))));
            }
        }
    }

    // Written tables, row by row (generated tables follow their abilities).
    let (added, removed, both) = pair(&old.tables, &new.tables, |x| &x.id.v);
    let tlabel = |t: &Table| t.title.as_ref().map(|x| x.v.clone()).unwrap_or(t.id.v.clone());
    out.extend(added.iter().map(|x| Change::added("table", &x.id.v, format!("New table: {}.", tlabel(x)))));
    out.extend(removed.iter().map(|x| Change::removed("table", &x.id.v, format!("Table removed: {}.", tlabel(x)))));
    for (a, b) in both {
        let (ra, rb) = (table_rows(a), table_rows(b));
        for (key, row) in &rb {
            match ra.get(key) {
                None => out.push(Change::note("table", &b.id.v, "rows", format!("{}: new row {}.", tlabel(b), row))),
                Some(old_row) if old_row != row => out.push(Change::note(
                    "table",
                    &b.id.v,
                    "rows",
                    format!("{}: row {key} now reads {row} (was {old_row}).", tlabel(b)),
                )),
                _ => {}
            }
        }
        for key in ra.keys().filter(|k| !rb.contains_key(*k)) {
            out.push(Change::note("table", &b.id.v, "rows", format!("{}: row {key} removed.", tlabel(b))));
        }
    }

    // Sequences and glossary.
    let (added, removed, both) = pair(&old.sequences, &new.sequences, |x| &x.id.v);
    let qlabel = |q: &Sequence| q.title.as_ref().map(|x| x.v.clone()).unwrap_or(q.id.v.clone());
    out.extend(added.iter().map(|x| Change::added("sequence", &x.id.v, format!("New sequence: {}.", qlabel(x)))));
    out.extend(
        removed.iter().map(|x| Change::removed("sequence", &x.id.v, format!("Sequence removed: {}.", qlabel(x)))),
    );
    for (a, b) in both {
        if steps(&a.steps) != steps(&b.steps) {
            out.push(Change::note("sequence", &b.id.v, "steps", format!("{}: steps changed.", qlabel(b))));
        }
    }
    let (added, removed, both) = pair(&old.terms, &new.terms, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("term", &x.id.v, format!("New glossary term: {}.", x.name.v))));
    out.extend(
        removed.iter().map(|x| Change::removed("term", &x.id.v, format!("Glossary term removed: {}.", x.name.v))),
    );
    for (a, b) in both {
        if text_of(&a.text) != text_of(&b.text) {
            out.push(Change::note("term", &b.id.v, "text", format!("Glossary: {} redefined.", b.name.v)));
        }
    }

    // Counters and cards, by what they print.
    let ckey =
        |c: &Counter| c.id.as_ref().or(c.name.as_ref()).or(c.unit.as_ref()).map(|x| x.v.clone()).unwrap_or_default();
    let co: BTreeMap<String, &Counter> = old.counters.iter().map(|c| (ckey(c), c)).collect();
    let cn: BTreeMap<String, &Counter> = new.counters.iter().map(|c| (ckey(c), c)).collect();
    for (k, c) in &cn {
        let q = |c: &Counter| c.quantity.as_ref().map(|q| q.v).unwrap_or(1).to_string();
        match co.get(k) {
            None => out.push(Change::added("counter", k, format!("New counter: {k} (x{}).", q(c)))),
            Some(o) => {
                if q(o) != q(c) {
                    out.push(Change::value("counter", k, &format!("Counter {k}"), "copies", q(o), q(c)));
                }
                let vals = |v: &[(Sp<String>, Sp<Scalar>)]| {
                    v.iter().map(|(k, x)| format!("{}={}", k.v, scalar(&x.v))).collect::<Vec<_>>().join(", ")
                };
                if vals(&o.front) != vals(&c.front) {
                    out.push(Change::value(
                        "counter",
                        k,
                        &format!("Counter {k}"),
                        "front",
                        vals(&o.front),
                        vals(&c.front),
                    ));
                }
            }
        }
    }
    for k in co.keys().filter(|k| !cn.contains_key(*k)) {
        out.push(Change::removed("counter", k, format!("Counter removed: {k}.")));
    }
    let card_key = |c: &Card| c.title.as_ref().or(c.unit.as_ref()).map(|x| x.v.clone()).unwrap_or_default();
    let ko: Vec<String> = old.cards.iter().map(card_key).collect();
    let kn: Vec<String> = new.cards.iter().map(card_key).collect();
    for k in kn.iter().filter(|k| !ko.contains(k)) {
        out.push(Change::added("card", k, format!("New card: {k}.")));
    }
    for k in ko.iter().filter(|k| !kn.contains(k)) {
        out.push(Change::removed("card", k, format!("Card removed: {k}.")));
    }

    // Scenarios: what a player sets up differently.
    let (added, removed, both) = pair(&old.scenarios, &new.scenarios, |x| &x.id.v);
    out.extend(added.iter().map(|x| Change::added("scenario", &x.id.v, format!("New scenario: {}.", x.title.v))));
    out.extend(
        removed.iter().map(|x| Change::removed("scenario", &x.id.v, format!("Scenario removed: {}.", x.title.v))),
    );
    for (a, b) in both {
        let label = format!("Scenario {}", b.title.v);
        if a.title.v != b.title.v {
            out.push(Change::value(
                "scenario",
                &b.id.v,
                &format!("Scenario {}", a.title.v),
                "title",
                a.title.v.clone(),
                b.title.v.clone(),
            ));
        }
        let num = |x: &Option<Sp<i64>>| x.as_ref().map(|v| v.v.to_string()).unwrap_or_default();
        for (field, x, y) in [
            ("rules version needed", s(&a.requires), s(&b.requires)),
            ("points to win", num(&a.victory_points), num(&b.victory_points)),
            ("turns", num(&a.turns), num(&b.turns)),
        ] {
            if x != y {
                out.push(Change::value("scenario", &b.id.v, &label, field, x, y));
            }
        }
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
            if x != y {
                let unit = new
                    .units
                    .iter()
                    .chain(&old.units)
                    .find(|u| u.id.v == k.1)
                    .map(|u| u.name.v.clone())
                    .unwrap_or(k.1.clone());
                out.push(Change::value(
                    "scenario",
                    &b.id.v,
                    &format!("{label}, {}", k.0),
                    &unit,
                    x.to_string(),
                    y.to_string(),
                ));
            }
        }
        let obj = |sc: &Scenario| {
            sc.objectives.iter().map(|o| (o.name.v.clone(), num(&o.points))).collect::<BTreeMap<_, _>>()
        };
        let (oa, ob) = (obj(a), obj(b));
        for (name, p) in &ob {
            match oa.get(name) {
                None => {
                    out.push(Change::note("scenario", &b.id.v, "objectives", format!("{label}: new objective {name}.")))
                }
                Some(q) if q != p => out.push(Change::value(
                    "scenario",
                    &b.id.v,
                    &format!("{label}, {name}"),
                    "points",
                    q.clone(),
                    p.clone(),
                )),
                _ => {}
            }
        }
        for name in oa.keys().filter(|n| !ob.contains_key(*n)) {
            out.push(Change::note("scenario", &b.id.v, "objectives", format!("{label}: objective {name} removed.")));
        }
    }

    // The changelog itself.
    for c in new.changelog.iter().filter(|c| !old.changelog.iter().any(|o| o.version.v == c.version.v)) {
        out.push(Change::added("changelog", &c.version.v, format!("Changelog: entry for {} added.", c.version.v)));
    }
    out
}

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

/// Load the game folder `dir` as it was at git revision `rev`: its TOML files are read with
/// `git show`, nothing is checked out.
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
        .filter(|p| p.ends_with(".toml") && !skip.iter().any(|s| p.starts_with(s) || p.contains(&format!("/{s}"))))
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
                     [[kind]]\nid = \"k\"\nname = \"K\"\nstats = [\"armour\"]\n\
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
                 [[scenario.objective]]\nname = \"Bridge\"\npoints = {points}\n"
            )
        };
        let (a, b) = (game(&[("game.toml", &sc(2, 10))]), game(&[("game.toml", &sc(3, 20))]));
        let texts: Vec<String> = diff(&a, &b).into_iter().map(|c| c.text).collect();
        assert_eq!(texts, ["Scenario Raid, blue: Rifles 2 → 3.", "Scenario Raid, Bridge: points 10 → 20."]);
    }
}
