//! `build --since OLD`: what each printed thing of an earlier version looked like, so that this
//! version's documents mark what changed (a bar beside a changed rule paragraph, a mark on a
//! changed card) and the errata sheet prints only the changed cards.
//!
//! A thing is "the same" when it prints the same: its exported record, every text resolved to
//! the markup it prints (references included, so a renumbered section changes the texts that
//! cite it), is equal in both versions. This is the data the templates draw, not the PDF's text,
//! and not a list of which model item a card depends on that someone would have to keep.

use std::collections::{HashMap, HashSet};

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::Exporter;
use crate::check::Index;
use crate::diff::{Change, ChangeKind};
use crate::layout::Layout;
use crate::model::Game;

/// What one version prints, piece by piece, every text resolved.
#[derive(Debug, Default, Clone)]
pub struct Prints {
    /// Each card's face, by what the card is ("the card of unit `sherman`").
    cards: HashMap<String, String>,
    /// Each rule section, by id.
    sections: HashMap<String, SectionPrint>,
    /// Each `[[table]]`'s rows, by the table's id.
    tables: HashMap<String, HashSet<String>>,
    /// Each counter's faces, by what it is, its id and step.
    counters: HashMap<String, String>,
    /// Each CRT's results, by its id, then by roll and column.
    crts: HashMap<String, HashMap<(String, String), String>>,
    /// Each row of the terrain effects chart, by terrain id.
    terrain: HashMap<String, String>,
    /// Each box of the turn record track, by the scenario it shows (none: all) and number.
    turns: HashMap<(Option<String>, i64), String>,
    /// Each scenario's forces rows as printed, by scenario and side id.
    forces: HashMap<(String, String), HashSet<String>>,
    /// Each scenario's set-up on its board: a force's block where it stands, by scenario id.
    setups: HashMap<String, HashSet<String>>,
    /// Each deck list's rows (a part's cards), by deck and part (`deck_part_key`).
    decks: HashMap<String, HashSet<String>>,
    /// Where each marker of a scenario's track starts, by scenario, track and marker.
    starts: HashMap<(String, String, String), Option<i64>>,
}

/// A rule section as printed: its heading, and each paragraph and item.
#[derive(Debug, Default, Clone)]
struct SectionPrint {
    heading: String,
    parts: HashSet<String>,
}

/// The version a build compares with (`build --since`).
#[derive(Debug, Clone)]
pub struct Since {
    /// That version's rules version (`[game] version`).
    pub version: String,
    /// What it printed.
    pub prints: Prints,
    /// What changed since, in players' words (`playaid diff`): the errata sheet's text.
    pub changes: Vec<Change>,
}

/// What changed in a rule section since the version compared with (`SectionData.changes`):
/// the cheatsheet draws a bar in the margin beside each part marked.
#[derive(Clone, Serialize, JsonSchema)]
pub struct SectionMarks {
    /// The whole section is new.
    pub new: bool,
    /// Its heading bar changed: number, title, summary, badges or source.
    pub heading: bool,
    /// For each paragraph of `text`: new or changed.
    pub text: Vec<bool>,
    /// For each of `items`: new or changed (a list item with its sub-items, a table, ...).
    pub items: Vec<bool>,
    /// For each paragraph of `after`: new or changed.
    pub after: Vec<bool>,
    /// How many of its paragraphs and items the version compared with had and this one has
    /// not, besides those reworded (each of which is marked where it is now): the sheet says
    /// "1 paragraph removed since 1.4" at the section's end.
    pub removed: usize,
}

/// The errata sheet's words (`data.errata`, `errata.typ`).
#[derive(Serialize, JsonSchema)]
pub struct ErrataData {
    /// The version compared with.
    pub since: String,
    /// Each change that can alter a card or a counter, in players' words ("Landing 10: Troop
    /// counters carried 3 → 2."), in `playaid diff`'s order.
    pub changes: Vec<String>,
    /// The counters that print otherwise (marked on the counter sheets), by name with the
    /// marks of each ("Infantry Corps: I, II, IV"), in sheet order.
    pub counters: Vec<String>,
    /// The designer's own changelog entries of the versions after the one compared with,
    /// oldest first: what the errata says before the changes playaid found.
    pub log: Vec<ErrataLog>,
}

/// One version's changelog entry on the errata sheet.
#[derive(Serialize, JsonSchema)]
pub struct ErrataLog {
    /// The version.
    pub version: String,
    /// Its items.
    pub items: Vec<super::TextKey>,
}

/// The areas of `playaid diff` whose changes alter what a card or counter prints, or how the
/// game plays (its charts, track, maps, decks and scenarios): what the errata sheet lists.
const PLAY_AREAS: &[&str] = &[
    "crt",
    "turn_track",
    "map",
    "connection_kind",
    "track",
    "deck",
    "scenario_setting",
    "scenario_limits",
    "scenario",
    "side",
    "stat",
    "kind",
    "trait",
    "group",
    "ability",
    "unit",
    "terrain",
    "section",
    "table",
    "sequence",
    "counter_group",
    "counter",
    "card_options",
    "card_layout",
    "card",
];

/// Everything `game` prints that `--since` compares, piece by piece.
pub fn prints(game: &Game, ix: &Index, layout: &Layout) -> Prints {
    let mut ex = Exporter::new(game, ix, layout, None);
    let mut cards = HashMap::new();
    for (rc, key) in layout.cards.cards.iter().zip(card_keys(game, layout)) {
        let data = ex.card(rc);
        let print = ex.resolved(&data);
        cards.insert(key, print);
    }
    let mut tables = HashMap::new();
    for t in &game.tables {
        let data = ex.table(t);
        tables.insert(data.id.clone(), data.rows.iter().map(|r| ex.resolved(r)).collect());
    }
    let mut sections = HashMap::new();
    for s in game.sections_in_order() {
        let data = ex.section(s);
        let (heading, parts) = ex.section_parts(&data);
        sections.insert(data.id.clone(), SectionPrint { heading, parts: parts.into_iter().collect() });
    }
    let counters =
        layout.counters.counters.iter().zip(counter_keys(layout)).map(|(c, k)| (k, ex.counter_print(c))).collect();
    let crts = game.crts.iter().map(|c| ex.crt(c)).map(|c| (c.id.clone(), crt_cells(&c))).collect();
    let terrain = ex.terrain_chart().rows.iter().map(|r| (r.id.clone(), ex.resolved(r))).collect();
    let mut turns = HashMap::new();
    for scenario in std::iter::once(None).chain(game.scenarios.iter().map(|s| Some(s.id.v.as_str()))) {
        for t in ex.turn_track(scenario, ex.room.column).map(|t| t.turns).unwrap_or_default() {
            turns.insert((scenario.map(str::to_string), t.number), ex.resolved(&t));
        }
    }
    let mut decks = HashMap::new();
    for d in &game.decks {
        for (i, part) in ex.deck_list(d).parts.iter().enumerate() {
            let rows = part.table.rows.iter().map(|r| ex.resolved(r)).collect();
            decks.insert(super::cards::deck_part_key(d, i), rows);
        }
    }
    let (mut forces, mut setups, mut starts) = (HashMap::new(), HashMap::new(), HashMap::new());
    for sc in &game.scenarios {
        let Some(data) = ex.scenario(&sc.id.v) else { continue };
        for t in &data.tracks {
            for m in &t.markers {
                starts.insert((data.id.clone(), t.id.clone(), m.name.clone()), m.at);
            }
        }
        for side in &data.sides {
            let rows = side.forces.iter().map(|f| ex.resolved(f)).collect();
            forces.insert((data.id.clone(), side.id.clone()), rows);
        }
        let placed = data.board.iter().flat_map(|b| &b.units).flat_map(|s| &s.items).map(setup_key).collect();
        setups.insert(data.id.clone(), placed);
    }
    Prints { cards, sections, tables, counters, crts, terrain, turns, forces, setups, decks, starts }
}

/// A force's block on a scenario's board, as compared across versions: where it stands, what
/// it says, how many and in what colour.
fn setup_key(it: &super::map::StackItem) -> String {
    format!("{}|{}|{}|{}", it.place, it.label, it.count, it.color)
}

/// A CRT's results by (roll, column label).
fn crt_cells(c: &super::charts::CrtData) -> HashMap<(String, String), String> {
    let mut out = HashMap::new();
    for row in &c.rows {
        for (label, result) in c.labels.iter().zip(&row.results) {
            out.insert((row.roll.clone(), label.clone()), result.clone());
        }
    }
    out
}

/// An item without what is marked part by part: a table's rows, a CRT's rows, the terrain
/// chart's rows, the turn track's boxes (at any depth: a table in a list item too). The item
/// is then marked only when what is left (a title, a header, a legend) changed.
fn without_marked_parts(v: &mut Value) {
    match v {
        Value::Object(o) => {
            for (chart, parts) in [("table", "rows"), ("crt", "rows"), ("terrain", "rows"), ("turns", "turns")] {
                if let Some(Value::Object(c)) = o.get_mut(chart) {
                    c.remove(parts);
                }
            }
            o.values_mut().for_each(without_marked_parts);
        }
        Value::Array(a) => a.iter_mut().for_each(without_marked_parts),
        _ => {}
    }
}

/// Each card's and each counter's identity across versions, in layout order.
#[derive(Default)]
pub(super) struct Keys {
    cards: Vec<String>,
    counters: Vec<String>,
}

impl Keys {
    pub(super) fn of(game: &Game, layout: &Layout) -> Keys {
        Keys { cards: card_keys(game, layout), counters: counter_keys(layout) }
    }
}

/// `bases`, each made unique by its occurrence: the second "unit:rifles" is "unit:rifles#2".
fn numbered(bases: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    bases
        .map(|b| {
            let n = seen.entry(b.clone()).or_insert(0);
            *n += 1;
            if *n == 1 { b } else { format!("{b}#{n}") }
        })
        .collect()
}

/// Each card's identity across versions, in layout order: the unit it shows (by id), else the
/// rule it references, else its title; the n-th of several alike numbered.
fn card_keys(game: &Game, layout: &Layout) -> Vec<String> {
    numbered(layout.cards.cards.iter().map(|rc| {
        let card = rc.card.map(|i| &game.cards[i]);
        match (rc.unit.map(|u| &game.units[u]), card.and_then(|c| c.reference.as_ref())) {
            (Some(u), _) => format!("unit:{}", u.id.v),
            (None, Some(r)) => format!("{}:{}", r.key, r.id.v),
            (None, None) => format!("title:{}", card.and_then(|c| c.title.as_ref()).map_or("", |t| t.v.as_str())),
        }
    }))
}

/// Each counter's identity across versions, in layout order: its unit (else its name), its id,
/// label and step; the n-th of several alike numbered.
fn counter_keys(layout: &Layout) -> Vec<String> {
    numbered(layout.counters.counters.iter().map(|c| {
        let unit = c.unit.as_deref().unwrap_or(&c.name);
        format!("{unit}|{}|{}|{}", c.id, c.label.as_deref().unwrap_or(""), c.step)
    }))
}

impl Since {
    /// How many of the cards and counters `now` prints print otherwise than in this version
    /// (or are new).
    pub fn changed_pieces(&self, now: &Prints) -> usize {
        let cards = now.cards.iter().filter(|(what, print)| self.prints.cards.get(*what) != Some(*print));
        let counters = now.counters.iter().filter(|(key, print)| self.prints.counters.get(*key) != Some(*print));
        cards.count() + counters.count()
    }

    /// The errata sheet's words: the changes that can alter a card.
    pub fn errata(&self) -> ErrataData {
        let changes = (self.changes.iter())
            .filter(|c| PLAY_AREAS.contains(&c.area))
            .filter(|c| !(c.area == "card" && c.kind == ChangeKind::Removed))
            // Nothing a player can act on: a text whose words are the same (its markup changed),
            // a stat's or trait's range of values (the checker's, not play's).
            .filter(|c| !(c.old.is_some() && c.old == c.new))
            .filter(|c| !(matches!(c.area, "stat" | "trait") && c.field.as_deref() == Some("values")))
            .map(|c| c.text.clone())
            .collect();
        ErrataData { since: self.version.clone(), changes, counters: Vec::new(), log: Vec::new() }
    }
}

impl Exporter<'_> {
    /// `x` as JSON with every text key replaced by the markup it stands for, and without what
    /// says where it is printed rather than what (its index, its place on the sheet, its marks,
    /// the text sizes the layout fitted it at) or what carries the rules version on every card
    /// (its back, its footer). A card back is therefore never marked.
    pub(super) fn resolved<T: Serialize>(&self, x: &T) -> String {
        let mut v = serde_json::to_value(x).expect("template data serialises");
        self.resolve(&mut v);
        v.to_string()
    }

    fn resolve(&self, v: &mut Value) {
        match v {
            Value::String(s) => {
                if let Some(text) = self.text_content(s) {
                    *s = text.to_string();
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|x| self.resolve(x)),
            Value::Object(fields) => {
                // `form`: how a track is set in the document's column, which the cheatsheet and
                // the rulebook set otherwise.
                for key in
                    ["index", "first_copy", "sheet", "cell", "changed", "changes", "back", "footer", "fit", "form"]
                {
                    fields.remove(key);
                }
                fields.values_mut().for_each(|x| self.resolve(x));
            }
            _ => {}
        }
    }

    /// The markup of text key `key` ("k12"), if it is one of this export's.
    fn text_content(&self, key: &str) -> Option<&str> {
        let n: usize = key.strip_prefix('k')?.parse().ok()?;
        self.map.entries.get(n).map(|e| &self.texts[e.range.clone()])
    }

    /// A section's heading and each of its parts as printed, in order: `text`, `items`,
    /// `after`. A table's rows are left out of its item: they are marked row by row
    /// (`TableData.changes`), the item only when the table's title, header or notes change.
    fn section_parts(&self, s: &super::rules::SectionData) -> (String, Vec<String>) {
        // What its heading bar shows: number, title, summary, badges and source.
        let heading = self.resolved(&(&s.number, &s.title, &s.summary, s.optional, s.house_rule, &s.source));
        let item = |i: &super::rules::ItemData| {
            let mut v = serde_json::to_value(i).expect("template data serialises");
            without_marked_parts(&mut v);
            self.resolved(&v)
        };
        let parts = (s.text.iter().map(|t| self.resolved(t)))
            .chain(s.items.iter().map(item))
            .chain(s.after.iter().map(|t| self.resolved(t)))
            .collect();
        (heading, parts)
    }

    /// The marks of a table's rows against the version compared with, if the build compares:
    /// a row is marked when no row of that table printed the same.
    pub(super) fn row_marks(&self, t: &super::rules::TableData) -> Option<Vec<bool>> {
        let since = self.since.as_ref()?;
        let old = since.prints.tables.get(&t.id);
        Some(t.rows.iter().map(|r| old.is_none_or(|o| !o.contains(&self.resolved(r)))).collect())
    }

    /// The marks of a deck list's rows (one part's cards, `key` as
    /// [`super::cards::deck_part_key`] says), as [`Self::row_marks`]'s.
    pub(super) fn deck_row_marks(&self, key: &str, t: &super::rules::TableData) -> Option<Vec<bool>> {
        let since = self.since.as_ref()?;
        let old = since.prints.decks.get(key);
        Some(t.rows.iter().map(|r| old.is_none_or(|o| !o.contains(&self.resolved(r)))).collect())
    }

    /// The marks of section `s` against the version compared with, if the build compares.
    pub(super) fn section_marks(&self, s: &super::rules::SectionData) -> Option<SectionMarks> {
        let since = self.since.as_ref()?;
        let (heading, parts) = self.section_parts(s);
        let (text, rest) = parts.split_at(s.text.len());
        let (items, after) = rest.split_at(s.items.len());
        let old = since.prints.sections.get(&s.id);
        let changed = |part: &String| old.is_none_or(|o| !o.parts.contains(part));
        let marked = parts.iter().filter(|p| changed(p)).count();
        let gone = old.map_or(0, |o| o.parts.iter().filter(|p| !parts.contains(p)).count());
        Some(SectionMarks {
            new: old.is_none(),
            heading: old.is_some_and(|o| o.heading != heading),
            text: text.iter().map(changed).collect(),
            items: items.iter().map(changed).collect(),
            after: after.iter().map(changed).collect(),
            removed: gone.saturating_sub(marked),
        })
    }

    /// The errata sheet's list of changed counters: each name with the marks of its changed
    /// counters, in sheet order.
    pub(super) fn changed_counters(&self) -> Vec<String> {
        let mut by_name: Vec<(String, Vec<String>)> = Vec::new();
        let all = &self.layout.counters.counters;
        for c in (0..all.len()).filter(|&i| self.counter_changed(i)).map(|i| &all[i]) {
            let mark = c.mark.clone().or(c.label.clone());
            match by_name.iter_mut().find(|(n, _)| *n == c.name) {
                Some((_, marks)) => marks.extend(mark),
                None => by_name.push((c.name.clone(), mark.into_iter().collect())),
            }
        }
        by_name.into_iter().map(|(n, m)| if m.is_empty() { n } else { format!("{n}: {}", m.join(", ")) }).collect()
    }

    /// The marks of a CRT's cells: a result that differs from the one at the same roll and
    /// column in the version compared with, or that had none there.
    pub(super) fn crt_marks(&self, c: &super::charts::CrtData) -> Option<Vec<Vec<bool>>> {
        let since = self.since.as_ref()?;
        let old = since.prints.crts.get(&c.id);
        let cell = |roll: &String, label: &String, result: &String| {
            old.and_then(|o| o.get(&(roll.clone(), label.clone()))) != Some(result)
        };
        Some(
            c.rows
                .iter()
                .map(|r| c.labels.iter().zip(&r.results).map(|(l, x)| cell(&r.roll, l, x)).collect())
                .collect(),
        )
    }

    /// `build --since`: mark a scenario's forces rows that print otherwise than in the version
    /// compared with (or are new), and the blocks on its board that did not stand there.
    pub(super) fn mark_setup_changes(&self, data: &mut super::scenario::ScenarioData) {
        let Some(since) = self.since.as_ref() else { return };
        for side in &mut data.sides {
            let old = since.prints.forces.get(&(data.id.clone(), side.id.clone()));
            for f in &mut side.forces {
                f.changed = !old.is_some_and(|o| o.contains(&self.resolved(&*f)));
            }
        }
        let old = since.prints.setups.get(&data.id);
        for it in data.board.iter_mut().flat_map(|b| &mut b.units).flat_map(|s| &mut s.items) {
            it.changed = !old.is_some_and(|o| o.contains(&setup_key(it)));
        }
        // A marker that starts in another box of its track (or is new there).
        for t in &mut data.tracks {
            for m in t.markers.iter_mut().filter(|m| m.at.is_some()) {
                let key = (data.id.clone(), t.id.clone(), m.name.clone());
                m.changed = since.prints.starts.get(&key) != Some(&m.at);
            }
        }
    }

    /// Whether a terrain chart row prints otherwise than in the version compared with.
    pub(super) fn terrain_changed(&self, r: &super::charts::TerrainRow) -> bool {
        let Some(since) = self.since.as_ref() else { return false };
        since.prints.terrain.get(&r.id) != Some(&self.resolved(r))
    }

    /// Whether a box of the turn track (of `scenario`, or of all) prints otherwise.
    pub(super) fn turn_changed(&self, scenario: Option<&str>, t: &super::charts::TurnData) -> bool {
        let Some(since) = self.since.as_ref() else { return false };
        since.prints.turns.get(&(scenario.map(str::to_string), t.number)) != Some(&self.resolved(t))
    }

    /// What counter `c` prints: its faces, symbol and picture.
    fn counter_print(&self, c: &crate::layout::counters::RCounter) -> String {
        self.resolved(&(&c.front, &c.back, &c.symbol, &c.image))
    }

    /// Whether counter `i` (by its place in the layout) prints otherwise than in the version
    /// compared with (or is new); false when the build does not compare.
    pub(super) fn counter_changed(&self, i: usize) -> bool {
        let Some(since) = self.since.as_ref() else { return false };
        let (Some(c), Some(key)) = (self.layout.counters.counters.get(i), self.keys.counters.get(i)) else {
            return true;
        };
        since.prints.counters.get(key) != Some(&self.counter_print(c))
    }

    /// Whether card `rc`, exported as `data`, prints otherwise than in the version compared
    /// with (or is new); false when the build does not compare.
    pub(super) fn card_changed<T: Serialize>(&self, rc: &crate::layout::cards::RCard, data: &T) -> bool {
        let Some(since) = self.since.as_ref() else { return false };
        let cards = &self.layout.cards.cards;
        let Some(key) = cards.iter().position(|x| std::ptr::eq(x, rc)).and_then(|i| self.keys.cards.get(i)) else {
            return true;
        };
        since.prints.cards.get(key) != Some(&self.resolved(data))
    }
}
