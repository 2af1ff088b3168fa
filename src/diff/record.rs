//! The one comparison every part of the game goes through. Each model type describes itself
//! as a [`Record`] (its fields in players' words, and its parts: a scenario's sides, a side's
//! forces, a map's labels); two versions' records are then compared generically: items by key,
//! fields by name, values by what kind of value they are ([`Val`]).

use std::collections::{BTreeMap, BTreeSet};

use super::Change;
use crate::model::Sp;
use crate::model::{Words, capitalised};

/// (what a value is compared by, what is shown): a markup text as written and as plain text,
/// an id and the name it stands for. A text that names a renamed unit is the same text; the
/// rename is one change, said once.
pub(crate) type Said = (String, String);

fn compared(v: &[Said]) -> Vec<&str> {
    v.iter().map(|(c, _)| c.as_str()).collect()
}

/// The items as said, each once (several compared items may be said by one entry: the cells of
/// a range).
fn shown(v: &[&Said]) -> String {
    let mut said: Vec<&str> = Vec::new();
    for (_, s) in v {
        if !said.contains(&s.as_str()) {
            said.push(s);
        }
    }
    said.join(", ")
}

/// A value as players read it, and how a change of it is said.
#[derive(Debug, Clone)]
pub(crate) enum Val {
    /// One value: "column shift -1 → -2".
    One(String),
    /// Another item, by (id, name): the same while the id is, so that renaming a card back
    /// is one change, not one more per card that names it.
    Ref(String, String),
    /// A text: "text "old" now reads "new"", shortened around the words that changed.
    Text(Said),
    /// Values in order (cells, ids): said whole when short, else by what came and went.
    List(Vec<Said>),
    /// Things an item has ("Landing 10"): "Troops gains Landing 10.", "Troops loses Rescue."
    Members(Vec<Said>),
    /// Paragraphs: each reworded one said as "old" now reads "new".
    Paragraphs(Vec<Said>),
    /// Values by key (stats, a counter's back): each key's change on its own line,
    /// "Armour 4 → 5"; the field's name goes before each key when it has one ("back attack").
    Keyed(Vec<(String, String)>),
}

impl PartialEq for Val {
    fn eq(&self, other: &Val) -> bool {
        match (self, other) {
            (Val::Ref(a, _), Val::Ref(b, _)) => a == b,
            (Val::One(a), Val::One(b)) => a == b,
            (Val::Text(a), Val::Text(b)) => a.0 == b.0,
            (Val::List(a), Val::List(b))
            | (Val::Members(a), Val::Members(b))
            | (Val::Paragraphs(a), Val::Paragraphs(b)) => compared(a) == compared(b),
            (Val::Keyed(a), Val::Keyed(b)) => a == b,
            _ => self.is_empty() && other.is_empty(),
        }
    }
}

impl Val {
    /// Whether the value says nothing (a field left out).
    fn is_empty(&self) -> bool {
        match self {
            Val::One(s) | Val::Text((s, _)) => s.is_empty(),
            Val::Ref(id, _) => id.is_empty(),
            Val::List(v) | Val::Members(v) | Val::Paragraphs(v) => v.is_empty(),
            Val::Keyed(v) => v.is_empty(),
        }
    }

    /// Whether `name` says this value (a title in the name it gives a section).
    fn is_named_in(&self, name: &str) -> bool {
        match self {
            Val::One(s) | Val::Text((_, s)) | Val::Ref(_, s) => !s.is_empty() && name.contains(s.as_str()),
            Val::List(_) | Val::Members(_) | Val::Paragraphs(_) | Val::Keyed(_) => false,
        }
    }

    /// The value in a few words, for an item's summary.
    fn brief(&self) -> String {
        match self {
            Val::One(s) | Val::Ref(_, s) => s.clone(),
            Val::Text((_, s)) => format!("\"{}\"", short(s, 40)),
            Val::List(v) | Val::Members(v) => shown(&v.iter().collect::<Vec<_>>()),
            Val::Paragraphs(v) => v.iter().map(|(_, p)| format!("\"{}\"", short(p, 40))).collect::<Vec<_>>().join(" "),
            Val::Keyed(v) => v.iter().map(|(k, x)| format!("{k} {x}")).collect::<Vec<_>>().join(", "),
        }
    }
}

/// One thing of the game as `diff` compares it: its fields and its parts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Record {
    /// What a line about it starts with: "Panzer IV", "Scenario Raid, Blue, Rifles".
    pub(crate) name: String,
    /// (field as players call it, value), in the order they print.
    pub(crate) fields: Vec<(String, Val)>,
    /// Its collections of parts, each compared item by item.
    pub(crate) groups: Vec<Parts>,
}

/// A collection: the game's units, a scenario's forces.
#[derive(Debug, Clone)]
pub(crate) struct Parts {
    /// For the game's own collections, the `area` of its changes ("unit"); nested: unused.
    pub(crate) area: &'static str,
    /// What one item is called in words: "unit", "force".
    pub(crate) what: &'static str,
    /// The items, in data order.
    pub(crate) items: Vec<Entry>,
}

/// One item of a collection.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// What matches it between versions: its id, or what players know it by. `None`: it has
    /// no identity of its own (a modifier without a cause, a label): matched by content, then
    /// by place.
    pub(crate) key: Option<String>,
    /// How it is named in "New unit: Panzer IV." and "force Rifles removed".
    pub(crate) title: String,
    /// What it is compared by.
    pub(crate) record: Record,
}

impl Record {
    pub(crate) fn new(name: impl Into<String>) -> Record {
        Record { name: name.into(), fields: Vec::new(), groups: Vec::new() }
    }

    /// A field of one value; `None` or an empty string: not given.
    pub(crate) fn one(&mut self, field: &str, v: impl Into<Option<String>>) -> &mut Self {
        self.fields.push((field.into(), Val::One(v.into().unwrap_or_default())));
        self
    }

    /// Another item, named by `id` (none: not given), said by its name.
    pub(crate) fn refer(&mut self, field: &str, id: &Option<Sp<String>>, name: impl Fn(&str) -> String) -> &mut Self {
        let v = id.as_ref().map_or(Val::Ref(String::new(), String::new()), |id| Val::Ref(id.v.clone(), name(&id.v)));
        self.fields.push((field.into(), v));
        self
    }

    /// A markup text: as written, and as plain text.
    pub(crate) fn text(&mut self, field: &str, v: Option<Said>) -> &mut Self {
        self.fields.push((field.into(), Val::Text(v.unwrap_or_default())));
        self
    }

    /// Values as written.
    pub(crate) fn list(&mut self, field: &str, v: Vec<String>) -> &mut Self {
        self.fields.push((field.into(), Val::List(v.into_iter().map(|x| (x.clone(), x)).collect())));
        self
    }

    /// A list compared item by item (`(compared, said)`): the cells of a map, each said by the
    /// entry that names it.
    pub(crate) fn said_list(&mut self, field: &str, v: Vec<Said>) -> &mut Self {
        self.fields.push((field.into(), Val::List(v)));
        self
    }

    /// Other items by id, said by their names.
    pub(crate) fn refs(&mut self, field: &str, ids: &[Sp<String>], name: impl Fn(&str) -> String) -> &mut Self {
        self.fields.push((field.into(), Val::List(ids.iter().map(|id| (id.v.clone(), name(&id.v))).collect())));
        self
    }

    pub(crate) fn members(&mut self, field: &str, v: Vec<Said>) -> &mut Self {
        self.fields.push((field.into(), Val::Members(v)));
        self
    }

    pub(crate) fn paragraphs(&mut self, field: &str, v: Vec<Said>) -> &mut Self {
        self.fields.push((field.into(), Val::Paragraphs(v)));
        self
    }

    pub(crate) fn keyed(&mut self, field: &str, v: Vec<(String, String)>) -> &mut Self {
        self.fields.push((field.into(), Val::Keyed(v)));
        self
    }

    /// A collection of parts.
    pub(crate) fn group(&mut self, what: &'static str, items: Vec<Entry>) -> &mut Self {
        self.groups.push(Parts { area: "", what, items });
        self
    }

    /// The record as an item of a collection.
    pub(crate) fn item(self, key: impl Into<Option<String>>, title: impl Into<String>) -> Entry {
        Entry { key: key.into(), title: title.into(), record: self }
    }

    /// Its fields that say something, in a few words and `w`'s language: "weather Snow, event
    /// "Game end…"".
    fn summary(&self, w: &Words) -> String {
        let said = |f: &str| super::fields::said(w, f);
        let parts: Vec<String> = self
            .fields
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(f, v)| format!("{} {}", said(f), v.brief()))
            .collect();
        short(&parts.join(", "), 100)
    }

    /// Everything it says, for matching items that have no key.
    fn content(&self) -> String {
        format!("{:?}", (&self.fields, self.groups.iter().map(|g| (g.what, &g.items)).collect::<Vec<_>>()))
    }
}

/// Where a change belongs: the area and id of the game's item it is in.
#[derive(Clone, Copy)]
struct At<'a> {
    area: &'static str,
    id: &'a str,
    /// The words the change is said in (the new version's).
    w: &'a Words,
}

/// Every change between two versions of the game's collections, collection by collection.
pub(crate) fn compare_game(w: &Words, old: &[Parts], new: &[Parts], out: &mut Vec<Change>) {
    for (a, b) in old.iter().zip(new) {
        debug_assert_eq!(a.area, b.area, "the same collections in the same order");
        compare_group(w, None, a, b, out);
    }
}

/// Items by key: added ones in the new data's order, removed ones in the old data's, then
/// changed ones in the new data's. `parent`: the record the group belongs to (none: the game).
fn compare_group(w: &Words, parent: Option<(At, &Record)>, a: &Parts, b: &Parts, out: &mut Vec<Change>) {
    let (old, new) = paired(&a.items, &b.items);
    let o: BTreeMap<&str, &Entry> = old.iter().map(|(k, x)| (k.as_str(), *x)).collect();
    let n: BTreeMap<&str, &Entry> = new.iter().map(|(k, x)| (k.as_str(), *x)).collect();
    let what = kind(w, b.what);
    let what = what.as_str();
    let at = |k: &str| -> (&'static str, String) {
        match parent {
            Some((at, _)) => (at.area, at.id.to_string()),
            None => (b.area, k.to_string()),
        }
    };
    for (k, x) in new.iter().filter(|(k, _)| !o.contains_key(k.as_str())) {
        let summary = x.record.summary(w);
        let text = match parent {
            None => w.say("diff_new", &[("kind", what), ("name", &x.title)]),
            Some((_, p)) if summary.is_empty() => {
                w.say("diff_new_in", &[("parent", p.name.as_str()), ("kind", what), ("name", &x.title)])
            }
            Some((_, p)) => w.say(
                "diff_new_in_with",
                &[("parent", p.name.as_str()), ("kind", what), ("name", &x.title), ("summary", &summary)],
            ),
        };
        let (area, id) = at(k);
        out.push(Change::added(area, &id, text));
    }
    for (k, x) in old.iter().filter(|(k, _)| !n.contains_key(k.as_str())) {
        let text = match parent {
            None => w.say("diff_removed", &[("kind", what), ("name", &x.title)]),
            Some((_, p)) => {
                w.say("diff_removed_in", &[("parent", p.name.as_str()), ("kind", what), ("name", &x.title)])
            }
        };
        let (area, id) = at(k);
        out.push(Change::removed(area, &id, text));
    }
    for (k, y) in &new {
        if let Some(x) = o.get(k.as_str()) {
            let (area, id) = at(k);
            compare_record(At { area, id: &id, w }, &x.record, &y.record, out);
        }
    }
}

/// Entries with the keys they are matched by.
type Keyed<'a> = Vec<(String, &'a Entry)>;

/// Keys for both versions' items: their own, or for items without one, the key of the old
/// item they are matched with (equal content first, then in order), numbered when repeated.
fn paired<'a>(old: &'a [Entry], new: &'a [Entry]) -> (Keyed<'a>, Keyed<'a>) {
    let numbered = |items: &'a [Entry]| -> Vec<(Option<String>, &'a Entry)> {
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        items
            .iter()
            .map(|x| match &x.key {
                Some(k) => {
                    let n = seen.entry(k.clone()).or_insert(0);
                    *n += 1;
                    (Some(if *n == 1 { k.clone() } else { format!("{k} ({n})") }), x)
                }
                None => (None, x),
            })
            .collect()
    };
    let (mut a, mut b) = (numbered(old), numbered(new));
    // Unkeyed items: the same content is the same item; the rest pair up in order.
    let loose = |v: &[(Option<String>, &Entry)]| {
        v.iter().enumerate().filter(|(_, (k, _))| k.is_none()).map(|(i, _)| i).collect::<Vec<_>>()
    };
    let (la, lb) = (loose(&a), loose(&b));
    let mut taken = BTreeSet::new();
    let mut unmatched_b = Vec::new();
    let mut next = 0;
    for &j in &lb {
        let content = b[j].1.record.content();
        match la.iter().find(|&&i| !taken.contains(&i) && a[i].1.record.content() == content) {
            Some(&i) => {
                taken.insert(i);
                let key = format!("\u{1}{next}");
                next += 1;
                a[i].0 = Some(key.clone());
                b[j].0 = Some(key);
            }
            None => unmatched_b.push(j),
        }
    }
    let unmatched_a: Vec<usize> = la.into_iter().filter(|i| !taken.contains(i)).collect();
    for (n, &j) in unmatched_b.iter().enumerate() {
        let key = format!("\u{1}{next}");
        next += 1;
        if let Some(&i) = unmatched_a.get(n) {
            a[i].0 = Some(key.clone());
        }
        b[j].0 = Some(key);
    }
    for &i in unmatched_a.iter().skip(unmatched_b.len()) {
        a[i].0 = Some(format!("\u{1}{next}"));
        next += 1;
    }
    let done = |v: Vec<(Option<String>, &'a Entry)>| v.into_iter().map(|(k, x)| (k.unwrap_or_default(), x)).collect();
    (done(a), done(b))
}

/// Field by field, then part by part.
fn compare_record(at: At, a: &Record, b: &Record, out: &mut Vec<Change>) {
    let empty = Val::One(String::new());
    let mut names: Vec<&str> = b.fields.iter().map(|(f, _)| f.as_str()).collect();
    names.extend(a.fields.iter().map(|(f, _)| f.as_str()).filter(|f| !b.fields.iter().any(|(g, _)| g == f)));
    for field in names {
        fn get<'r>(r: &'r Record, field: &str) -> Option<&'r Val> {
            r.fields.iter().find(|(f, _)| f == field).map(|(_, v)| v)
        }
        let (x, y) = (get(a, field).unwrap_or(&empty), get(b, field).unwrap_or(&empty));
        if x != y {
            // A line about what the item is named by starts with the old name.
            let renamed = a.name != b.name && x.is_named_in(&a.name);
            let label = if renamed { &a.name } else { &b.name };
            say(at, label, field, x, y, out);
        }
    }
    for (ga, gb) in a.groups.iter().zip(&b.groups) {
        compare_group(at.w, Some((at, b)), ga, gb, out);
    }
}

/// The lines that say how one field changed, in the new version's words.
fn say(at: At, label: &str, field: &str, x: &Val, y: &Val, out: &mut Vec<Change>) {
    let note = |text: String| Change::note(at.area, at.id, field, text);
    let words = at.w;
    // The field in the build's language, for the line; its own name, for the change.
    let field_said = super::fields::said(words, field);
    let sep = if field.is_empty() { String::new() } else { format!("{field_said} ") };
    let value = |label: &str, (field, shown): (&str, &str), old: String, new: String| {
        Change::value(words, (at.area, at.id), label, (field, shown), old, new)
    };
    // A line of the paragraph or text kind: `label`, `field` and the rest.
    let line = |key: &str, more: &[(&str, &str)]| {
        let mut args = vec![("label", label), ("field", sep.as_str())];
        args.extend_from_slice(more);
        words.say(key, &args)
    };
    match (x, y) {
        (Val::Ref(i, p), Val::Ref(j, q)) if p == q => {
            out.push(value(label, (field, &field_said), format!("{p} ({i})"), format!("{q} ({j})")))
        }
        (Val::Keyed(p), Val::Keyed(q)) => {
            for (k, v, w) in keyed_changes(p, q) {
                let own = if field.is_empty() { k.clone() } else { format!("{field} {k}") };
                out.push(value(label, (&own, &format!("{sep}{k}")), v, w));
            }
        }
        (Val::Text((pc, p)), Val::Text((qc, q))) => {
            let (v, w) = shortened(p, q);
            let text = match (pc.is_empty(), qc.is_empty()) {
                (true, _) => line("diff_text_new", &[("new", &w)]),
                (_, true) => line("diff_text_removed", &[("old", &v)]),
                _ => reworded(&line, &v, &w),
            };
            out.push(Change { old: Some(p.clone()), new: Some(q.clone()), ..note(text) });
        }
        (Val::Paragraphs(p), Val::Paragraphs(q)) => {
            let gone: Vec<&String> = p.iter().filter(|t| !compared(q).contains(&t.0.as_str())).map(|t| &t.1).collect();
            let came: Vec<&String> = q.iter().filter(|t| !compared(p).contains(&t.0.as_str())).map(|t| &t.1).collect();
            if gone.is_empty() && came.is_empty() {
                out.push(note(line("diff_paragraphs_order", &[])));
            } else if gone.len() == came.len() {
                for (g, c) in gone.iter().zip(&came) {
                    let (v, w) = shortened(g, c);
                    // The words before and after: the same words are a change of markup alone.
                    let (old, new) = (Some(g.to_string()), Some(c.to_string()));
                    out.push(Change { old, new, ..note(reworded(&line, &v, &w)) });
                }
            } else {
                for t in gone {
                    out.push(note(line("diff_paragraph_removed", &[("text", &short(t, 90))])));
                }
                for t in came {
                    out.push(note(line("diff_paragraph_added", &[("text", &short(t, 90))])));
                }
            }
        }
        (Val::Members(p), Val::Members(q)) => {
            let gained: Vec<&Said> = q.iter().filter(|m| !compared(p).contains(&m.0.as_str())).collect();
            let lost: Vec<&Said> = p.iter().filter(|m| !compared(q).contains(&m.0.as_str())).collect();
            for (_, m) in &gained {
                out.push(note(words.say("diff_gains", &[("label", label), ("member", m)])));
            }
            for (_, m) in &lost {
                out.push(note(words.say("diff_loses", &[("label", label), ("member", m)])));
            }
            if gained.is_empty() && lost.is_empty() {
                let (v, w) = (shown(&p.iter().collect::<Vec<_>>()), shown(&q.iter().collect::<Vec<_>>()));
                out.push(note(line("diff_new_order", &[("old", &v), ("new", &w)])));
            }
        }
        (Val::List(p), Val::List(q)) => {
            let (v, w) = (shown(&p.iter().collect::<Vec<_>>()), shown(&q.iter().collect::<Vec<_>>()));
            let gone: Vec<&Said> = p.iter().filter(|m| !compared(q).contains(&m.0.as_str())).collect();
            let came: Vec<&Said> = q.iter().filter(|m| !compared(p).contains(&m.0.as_str())).collect();
            if v.chars().count() + w.chars().count() <= 100 || (gone.is_empty() && came.is_empty()) {
                out.push(value(label, (field, &field_said), v, w));
            } else {
                let mut said = Vec::new();
                if !came.is_empty() {
                    said.push(words.say("diff_list_added", &[("items", &shown(&came))]));
                }
                if !gone.is_empty() {
                    said.push(words.say("diff_list_removed", &[("items", &shown(&gone))]));
                }
                let text = line("diff_list", &[("changes", &said.join(&words.word("diff_list_and")))]);
                out.push(Change { old: Some(v), new: Some(w), ..note(text) });
            }
        }
        _ => out.push(value(label, (field, &field_said), x.brief(), y.brief())),
    }
}

/// A line of a change: a word's key and its placeholders beyond the label and the field.
type Line<'a> = dyn Fn(&str, &[(&str, &str)]) -> String + 'a;

/// `label: "old" now reads "new"` (`line` fills the label and the field); a text whose markup
/// changed but reads the same says so.
fn reworded(line: &Line, v: &str, w: &str) -> String {
    if v == w { line("diff_same_words", &[("old", v)]) } else { line("diff_now_reads", &[("old", v), ("new", w)]) }
}

/// (key, old, new) for each key whose value differs, in the new order, then keys only the
/// old has.
fn keyed_changes(old: &[(String, String)], new: &[(String, String)]) -> Vec<(String, String, String)> {
    let (a, b): (BTreeMap<_, _>, BTreeMap<_, _>) = (old.iter().cloned().collect(), new.iter().cloned().collect());
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for k in new.iter().chain(old).map(|(k, _)| k) {
        if !seen.insert(k.clone()) {
            continue;
        }
        let (x, y) = (a.get(k).cloned().unwrap_or_default(), b.get(k).cloned().unwrap_or_default());
        if x != y {
            out.push((k.clone(), x, y));
        }
    }
    out
}

/// At most `max` characters, cut at a word with "…".
pub(crate) fn short(s: &str, max: usize) -> String {
    let s = s.trim();
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max.saturating_sub(1)).collect();
    let at_word = cut.rfind(' ').filter(|&i| i > max / 2).map_or(cut.as_str(), |i| &cut[..i]);
    format!("{}…", at_word.trim_end())
}

/// Two versions of a text, each cut to the words around where they differ (with "…" where
/// cut), so a long card text reworded in one phrase shows that phrase.
pub(crate) fn shortened(a: &str, b: &str) -> (String, String) {
    const MAX: usize = 90;
    const CONTEXT: usize = 25;
    let (a, b) = (a.trim(), b.trim());
    if a.chars().count() <= MAX && b.chars().count() <= MAX {
        return (a.to_string(), b.to_string());
    }
    let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let prefix = ca.iter().zip(&cb).take_while(|(x, y)| x == y).count();
    let most = ca.len().min(cb.len()) - prefix;
    let suffix = ca.iter().rev().zip(cb.iter().rev()).take(most).take_while(|(x, y)| x == y).count();
    let cut = |c: &[char]| -> String {
        let mut start = prefix.saturating_sub(CONTEXT);
        // Start at a word.
        while start > 0 && start < prefix && c[start - 1] != ' ' {
            start -= 1;
        }
        let mut end = (c.len() - suffix + CONTEXT).min(c.len());
        while end < c.len() && end > c.len() - suffix && c[end] != ' ' {
            end += 1;
        }
        let body: String = c[start..end].iter().collect();
        let body = short(&body, MAX * 2);
        format!("{}{}{}", if start > 0 { "…" } else { "" }, body.trim(), if end < c.len() { "…" } else { "" })
    };
    (cut(&ca), cut(&cb))
}

/// An item as a change names it, in `g`'s words: its kind with a capital, and its name ("Map
/// Vessa", "Spielplan Vessa").
pub(crate) fn labelled(g: &crate::model::Game, what: &str, name: &str) -> String {
    format!("{} {name}", capitalised(&kind(&g.meta.words, what)))
}

/// A part of item `of` as a change names it: "Map Vessa, area Aldmere".
pub(crate) fn part_of(g: &crate::model::Game, of: &str, what: &str, name: &str) -> String {
    format!("{of}, {} {name}", kind(&g.meta.words, what))
}

/// What a change names an item of the game, in `w`'s words: "card", "Karte". `what` is the
/// English name a collection of the record gives it.
pub(crate) fn kind(w: &Words, what: &str) -> String {
    let key = match what {
        "side" => "diff_kind_side",
        "stat" => "diff_kind_stat",
        "unit kind" => "diff_kind_unit_kind",
        "trait" => "diff_kind_trait",
        "ability group" => "diff_kind_ability_group",
        "ability" => "diff_kind_ability",
        "unit" => "diff_kind_unit",
        "section" => "diff_kind_section",
        "table" => "diff_kind_table",
        "sequence" => "diff_kind_sequence",
        "combat results table" => "diff_kind_crt",
        "terrain" => "diff_kind_terrain",
        "turn record track" => "diff_kind_turn_track",
        "map" => "diff_kind_map",
        "connection kind" => "diff_kind_connection_kind",
        "track" => "diff_kind_track",
        "glossary term" => "diff_kind_term",
        "counter group" => "diff_kind_counter_group",
        "counter" => "diff_kind_counter",
        "card back" => "diff_kind_card_back",
        "card layout" => "diff_kind_card_layout",
        "card" => "diff_kind_card",
        "deck" => "diff_kind_deck",
        "scenario setting" => "diff_kind_scenario_setting",
        "scenario" => "diff_kind_scenario",
        "template" => "diff_kind_template",
        "font file" => "diff_kind_font",
        "icon" => "diff_kind_icon",
        "to-do item" => "diff_kind_todo",
        "changelog entry" => "diff_kind_changelog",
        "area" => "diff_kind_area",
        "arrow" => "diff_kind_arrow",
        "connection" => "diff_kind_connection",
        "edge" => "diff_kind_edge",
        "force" => "diff_kind_force",
        "label" => "diff_kind_label",
        "line" => "diff_kind_line",
        "modifier" => "diff_kind_modifier",
        "objective" => "diff_kind_objective",
        "parameter" => "diff_kind_parameter",
        "part" => "diff_kind_part",
        "result" => "diff_kind_result",
        "turn" => "diff_kind_turn",
        // The game's parts there is one of are never new or removed.
        _ => return what.to_string(),
    };
    // A side, a unit, a turn and an objective are what the game calls them.
    w.say(key, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_to_the_words_that_changed() {
        let a = "When this card is played as an event, the player places two levy markers in any province he controls and then draws a card.";
        let b = "When this card is played as an event, the player places three levy markers in any province he controls and then draws a card.";
        let (x, y) = shortened(a, b);
        assert!(x.contains("places two levy") && y.contains("places three levy"), "{x} / {y}");
        assert!(x.starts_with('…') && x.ends_with('…') && x.chars().count() < 80, "{x}");
        assert_eq!(shortened("Short.", "Shorter."), ("Short.".into(), "Shorter.".into()));
    }

    #[test]
    fn items_without_a_key_match_by_content_then_by_place() {
        let item = |t: &str| {
            let mut r = Record::new("m");
            r.one("text", t.to_string());
            r.item(None, t)
        };
        let (old, new) = (vec![item("a"), item("b"), item("c")], vec![item("b"), item("x"), item("a")]);
        let (a, b) = paired(&old, &new);
        let key = |v: &[(String, &Entry)], t: &str| v.iter().find(|(_, x)| x.title == t).unwrap().0.clone();
        assert_eq!(key(&a, "a"), key(&b, "a"));
        assert_eq!(key(&a, "b"), key(&b, "b"));
        assert_eq!(key(&a, "c"), key(&b, "x"), "the one left over on each side is the one changed");
    }
}
