//! Rules for templates: sections with their items (`data.sections`), tables (`data.tables`,
//! written, or generated from the abilities' traits) and sequences (`data.sequences`).

use schemars::JsonSchema;
use serde::Serialize;

use super::charts::{CrtData, TerrainChart, TurnTrack};
use super::units::UnitData;
use super::{Exporter, TextKey};
use crate::markup::{escape_markup, typst_str};
use crate::model::*;
use crate::source::Loc;

/// A rule section (`[[section]]`).
#[derive(Clone, Serialize, JsonSchema)]
pub struct SectionData {
    /// `id`; the section carries the label `<sec-ID>`.
    pub id: String,
    /// `number` (`6.1`).
    pub number: Option<String>,
    /// `title`.
    pub title: String,
    /// `summary`.
    pub summary: Option<TextKey>,
    /// `text`: its paragraphs.
    pub text: Vec<TextKey>,
    /// How its items are listed: `bullet` or `numbered`.
    pub list: &'static str,
    /// Its items.
    pub items: Vec<ItemData>,
    /// `after`: paragraphs after the items.
    pub after: Vec<TextKey>,
    /// `optional`: an optional rule.
    pub optional: bool,
    /// `house_rule`.
    pub house_rule: bool,
    /// `source`: where a house rule comes from.
    pub source: Option<String>,
    /// `break_before`: `column` or `page`.
    pub break_before: Option<String>,
    /// `build --since`: what changed in it since that version; null when the build does not
    /// compare.
    pub changes: Option<super::SectionMarks>,
}

/// An item of a section, by its `type`.
#[derive(Clone, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ItemData {
    /// A list item, with its own items.
    Item {
        /// Its text.
        text: TextKey,
        /// Its items.
        items: Vec<ItemData>,
    },
    /// A label.
    Label {
        /// Its text.
        text: TextKey,
    },
    /// A note.
    Note {
        /// Its text.
        text: TextKey,
    },
    /// A table.
    Table {
        /// The table.
        table: TableData,
    },
    /// A sequence.
    Sequence {
        /// The sequence.
        sequence: SequenceData,
    },
    /// A unit's stat block.
    Unit {
        /// The unit.
        unit: Box<UnitData>,
    },
    /// A combat results table.
    Crt {
        /// The CRT.
        crt: CrtData,
    },
    /// The terrain effects chart.
    Terrain {
        /// The chart.
        terrain: TerrainChart,
    },
    /// A numbered track.
    Track {
        /// The track.
        track: super::charts::TrackData,
    },
    /// A strategy deck's list of cards.
    Deck {
        /// The list.
        deck: DeckListData,
    },
    /// The turn record track.
    Turns {
        /// The track; null when the game has none.
        turns: Option<TurnTrack>,
    },
}

/// A strategy deck's cards, part by part (`{ deck = "id" }` in a section's items).
#[derive(Clone, Serialize, JsonSchema)]
pub struct DeckListData {
    /// `id`.
    pub id: String,
    /// `title`.
    pub title: String,
    /// Each part: a label ("Winter: joins on turn 5, 8 cards") and its cards as a table (No.,
    /// Card, Copies, the ops value's name, Event, After event; a column no card fills is left
    /// out).
    pub parts: Vec<DeckPartList>,
    /// How the deck is dealt, under its lists: "Hands of 2 · discards reshuffled before each
    /// turn's deal"; none when its data says neither.
    pub dealing: Option<String>,
}

/// A part of a strategy deck, listed.
#[derive(Clone, Serialize, JsonSchema)]
pub struct DeckPartList {
    /// "Winter: joins on turn 5, 8 cards", or (a deck of one part) "18 cards".
    pub label: String,
    /// Its cards, by number.
    pub table: TableData,
}

/// A table (`[[table]]`): every cell a text key.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TableData {
    /// `id`.
    pub id: String,
    /// `title`.
    pub title: Option<String>,
    /// The header row.
    pub header: Vec<TextKey>,
    /// The rows.
    pub rows: Vec<Vec<TextKey>>,
    /// `notes`.
    pub notes: Vec<TextKey>,
    /// `build --since`: for each row, whether it is new or changed since that version (the
    /// table's bar is drawn beside those rows); null when the build does not compare.
    pub changes: Option<Vec<bool>>,
}

/// A sequence (`[[sequence]]`).
#[derive(Clone, Serialize, JsonSchema)]
pub struct SequenceData {
    /// `id`.
    pub id: String,
    /// `title`.
    pub title: Option<String>,
    /// Its steps.
    pub steps: Vec<StepData>,
}

/// A step of a sequence, with its own steps.
#[derive(Clone, Serialize, JsonSchema)]
pub struct StepData {
    /// `title`.
    pub title: TextKey,
    /// `text`.
    pub text: Option<TextKey>,
    /// Its steps.
    pub steps: Vec<StepData>,
}

/// The full rules (`rules.typ`, `[game.rules] sheet = true`).
#[derive(Serialize, JsonSchema)]
pub struct RulebookData {
    /// Every rule section in order, those left off the cheatsheet too.
    pub sections: Vec<SectionData>,
    /// The glossary, by name, each term with the sections whose text uses it.
    pub index: Vec<IndexEntry>,
}

/// A glossary term and where the rules use it.
#[derive(Serialize, JsonSchema)]
pub struct IndexEntry {
    /// The term's id; the rulebook labels its entry `<term-ID>`.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its definition.
    pub text: Option<TextKey>,
    /// The sections about it (their title names it) first, then those that use it (`[[term]]`), in
    /// the rules' order.
    pub sections: Vec<super::scenario::SectionRef>,
}

impl Exporter<'_> {
    /// The rulebook: every section, and the glossary's index of where each term is used.
    pub(super) fn rulebook(&mut self) -> RulebookData {
        let game = self.game;
        let order = game.sections_in_order();
        let sections = order.iter().map(|s| self.section(s)).collect();
        let section_ref = |s: &&Section| super::scenario::SectionRef {
            id: s.id.v.clone(),
            number: s.number.as_ref().map(|n| n.v.clone()),
            title: s.title.v.clone(),
        };
        let mut index: Vec<IndexEntry> = (game.terms.iter())
            .map(|t| {
                // The sections about the term first (their title names it: "Capacity" in 9 Ship
                // Capacity), then those whose text uses it, in the rules' order.
                let about = order.iter().filter(|s| titled_after(&s.title.v, t));
                let using = order.iter().filter(|s| !titled_after(&s.title.v, t) && self.cites_term(s, &t.id.v));
                let sections = about.chain(using).map(section_ref).collect();
                IndexEntry { id: t.id.v.clone(), name: t.name.v.clone(), text: self.opt_text(&t.text), sections }
            })
            .collect();
        index.sort_by_key(|e| e.name.to_lowercase());
        RulebookData { sections, index }
    }

    /// Whether a text of section `s` uses glossary term `id`.
    fn cites_term(&self, s: &Section, id: &str) -> bool {
        fn texts<'s>(items: &'s [Item], out: &mut Vec<&'s Text>) {
            for it in items {
                match it {
                    Item::Text { text, items } => {
                        out.push(text);
                        texts(items, out);
                    }
                    Item::Label(t) | Item::Note(t) => out.push(t),
                    _ => {}
                }
            }
        }
        let mut all: Vec<&Text> = s.summary.iter().chain(&s.text).chain(&s.after).collect();
        texts(&s.items, &mut all);
        all.iter().any(|t| {
            let (refs, _) = crate::markup::scan(&t.raw);
            refs.iter().any(|r| {
                r.kind == RefKind::Term && self.ix.term(self.game, &r.target).is_some_and(|term| term.id.v == id)
            })
        })
    }

    pub(super) fn section(&mut self, s: &Section) -> SectionData {
        let mut data = SectionData {
            id: s.id.v.clone(),
            number: s.number.as_ref().map(|n| n.v.clone()),
            title: s.title.v.clone(),
            summary: self.opt_text(&s.summary),
            text: self.texts(&s.text),
            list: match s.list {
                ListStyle::Bullet => "bullet",
                ListStyle::Numbered => "numbered",
            },
            items: self.items(&s.items),
            after: self.texts(&s.after),
            optional: s.optional,
            house_rule: s.house_rule,
            source: s.source.clone(),
            break_before: s.break_before.clone(),
            changes: None,
        };
        data.changes = self.section_marks(&data);
        data
    }

    fn items(&mut self, items: &[Item]) -> Vec<ItemData> {
        self.items_at(items, 0)
    }

    /// A section's items, `depth` lists deep: a track in a list item is set in the item's
    /// narrower column, and never across the page's (a float would stay in the item).
    fn items_at(&mut self, items: &[Item], depth: usize) -> Vec<ItemData> {
        let game = self.game;
        let room = match depth {
            0 => self.room,
            _ => crate::layout::sheets::Room {
                column: self.room.column - crate::layout::sheets::NEST_INDENT * depth as f64,
                across: None,
            },
        };
        let mut out = Vec::new();
        for it in items {
            let v = match it {
                Item::Text { text, items } => {
                    ItemData::Item { text: self.text(text), items: self.items_at(items, depth + 1) }
                }
                Item::Label(t) => ItemData::Label { text: self.text(t) },
                Item::Note(t) => ItemData::Note { text: self.text(t) },
                Item::Table(id) => match self.ix.get::<Table>(game, &id.v) {
                    Some(t) => ItemData::Table { table: self.table(t) },
                    None => continue,
                },
                Item::Sequence(id) => match self.ix.get::<Sequence>(game, &id.v) {
                    Some(s) => ItemData::Sequence { sequence: self.sequence(s) },
                    None => continue,
                },
                Item::Unit(id) => match self.ix.get::<Unit>(game, &id.v) {
                    Some(u) => ItemData::Unit { unit: Box::new(self.unit(u)) },
                    None => continue,
                },
                Item::Crt(id) => match self.ix.get::<Crt>(game, &id.v) {
                    Some(c) => ItemData::Crt { crt: self.crt(c) },
                    None => continue,
                },
                Item::Track(id) => match self.ix.get::<Track>(game, &id.v) {
                    Some(t) => ItemData::Track { track: self.track(t, &Vec::new(), room) },
                    None => continue,
                },
                Item::Deck(id) => match self.ix.get::<Deck>(game, &id.v) {
                    Some(d) => ItemData::Deck { deck: self.deck_list(d) },
                    None => continue,
                },
                Item::Chart(kind) => match kind.v {
                    ChartKind::Terrain => ItemData::Terrain { terrain: self.terrain_chart() },
                    ChartKind::Turns => ItemData::Turns { turns: self.turn_track(None, room.column) },
                },
            };
            out.push(v);
        }
        out
    }

    fn cell(&mut self, c: &Cell) -> TextKey {
        match c {
            Cell::Text(t) => self.text(t),
            Cell::Ref { kind, target } => {
                let code = self.ref_code(*kind, &target.v, None);
                self.generated(code, &target.loc)
            }
        }
    }

    pub(super) fn table(&mut self, t: &Table) -> TableData {
        let (header, rows) = match &t.body {
            TableBody::Written { header, rows } => {
                let h = header.iter().map(|c| self.cell(c)).collect();
                let r = rows.iter().map(|(_, cells)| cells.iter().map(|c| self.cell(c)).collect()).collect();
                (h, r)
            }
            TableBody::Generated { abilities_with, traits, descending } => {
                self.generated_table(abilities_with, traits, *descending)
            }
            TableBody::Fire { sides, steps, ratings } => self.fire_table(sides, steps, ratings),
        };
        let mut notes = self.texts(&t.notes);
        if let TableBody::Fire { sides, .. } = &t.body {
            let words = &self.game.meta.words;
            let note = words.say("fire_table_note", &[("die", &format!("D{}", sides.v))]);
            notes.insert(0, self.generated(escape_markup(&note), &sides.loc));
        }
        let mut data = TableData {
            id: t.id.v.clone(),
            title: t.title.as_ref().map(|s| s.v.clone()),
            header,
            rows,
            notes,
            changes: None,
        };
        data.changes = self.row_marks(&data);
        data
    }

    /// A fire table: a row per number of steps, a column per rating, each cell the hits on
    /// average (two decimals) and the chance of one or more (whole per cent), in the sheet's
    /// numbers ("0,67").
    fn fire_table(
        &mut self,
        sides: &Sp<i64>,
        steps: &Sp<i64>,
        ratings: &[Sp<i64>],
    ) -> (Vec<TextKey>, Vec<Vec<TextKey>>) {
        let words = &self.game.meta.words;
        let decimal = words.word("decimal");
        let mut h = vec![self.generated(escape_markup(&words.word("fire_table_steps")), &steps.loc)];
        for r in ratings {
            let head = if r.v == 1 {
                words.word("fire_table_rating_one")
            } else {
                words.say("fire_table_rating", &[("number", &r.v.to_string())])
            };
            h.push(self.generated(escape_markup(&head), &r.loc));
        }
        let mut rows = Vec::new();
        for n in 1..=steps.v {
            let mut row = vec![self.generated(n.to_string(), &steps.loc)];
            for r in ratings {
                let (hits, chance) = TableBody::fire_odds(sides.v, n, r.v);
                // Halves up (0.125 is 0.13, 12.5 % is 13 %); a chance short of certain never
                // reads 100 %, a chance above none never 0 %.
                let hits = format!("{:.2}", (hits * 100.0 + 0.5).floor() / 100.0).replace('.', &decimal);
                let per_cent = (chance * 100.0 + 0.5).floor();
                let chance = if chance < 1.0 && per_cent >= 100.0 {
                    "> 99".to_string()
                } else if chance > 0.0 && per_cent <= 0.0 {
                    "< 1".to_string()
                } else {
                    format!("{per_cent:.0}")
                };
                let cell = words.say("fire_table_cell", &[("hits", &hits), ("chance", &chance)]);
                row.push(self.generated(escape_markup(&cell), &r.loc));
            }
            rows.push(row);
        }
        (h, rows)
    }

    /// A table generated from the abilities with trait `abilities_with`: a column per trait,
    /// a row per ability and parameter value that has it.
    fn generated_table(
        &mut self,
        abilities_with: &Sp<String>,
        traits: &[Sp<String>],
        descending: bool,
    ) -> (Vec<TextKey>, Vec<Vec<TextKey>>) {
        let game = self.game;
        let loc = &abilities_with.loc;
        let mut h = vec![self.generated(escape_markup(&game.meta.words.word("ability")), loc)];
        for tr in traits {
            let name = self.ix.get::<Trait>(game, &tr.v).map(|t| t.name.v.clone()).unwrap_or(tr.v.clone());
            h.push(self.generated(escape_markup(&name), &tr.loc));
        }
        let mut rows = generated_rows(game, abilities_with, traits);
        if descending {
            rows.sort_by(|x, y| sort_key(&y.3).partial_cmp(&sort_key(&x.3)).unwrap_or(std::cmp::Ordering::Equal));
        }
        let mut r = Vec::new();
        for (id, label, _, cells, loc) in rows {
            let name =
                format!("#pa-ref(\"ability\", {}){};", typst_str(&id), format_args!("[{}]", escape_markup(&label)));
            let mut row = vec![self.generated(name, &loc)];
            for c in cells {
                let s = c.map(|s| s.display()).unwrap_or_else(|| "–".into());
                row.push(self.generated(escape_markup(&s), &loc));
            }
            r.push(row);
        }
        (h, r)
    }

    pub(super) fn sequence(&mut self, s: &Sequence) -> SequenceData {
        SequenceData { id: s.id.v.clone(), title: s.title.as_ref().map(|t| t.v.clone()), steps: self.steps(&s.steps) }
    }

    fn steps(&mut self, steps: &[Step]) -> Vec<StepData> {
        steps
            .iter()
            .map(|s| StepData { title: self.text(&s.title), text: self.opt_text(&s.text), steps: self.steps(&s.steps) })
            .collect()
    }
}

/// A row of a generated table: ability id, its label, the parameter value, the trait cells,
/// and where the ability is written.
type GeneratedRow = (String, String, Option<i64>, Vec<Option<Scalar>>, Loc);

/// One row per ability and parameter value that has the trait `abilities_with`, in the
/// abilities' order.
fn generated_rows(game: &Game, abilities_with: &Sp<String>, traits: &[Sp<String>]) -> Vec<GeneratedRow> {
    let mut rows: Vec<GeneratedRow> = Vec::new();
    for a in &game.abilities {
        let Some((_, main)) = a.traits.iter().find(|(k, _)| k.v == abilities_with.v) else { continue };
        let mut params: Vec<Option<i64>> = match (main, &a.values) {
            (TraitValue::PerParam(list, _), _) => list.iter().map(|(p, _)| Some(p.v)).collect(),
            (TraitValue::One(_), Some(values)) => values.v.iter().map(|v| Some(v.v)).collect(),
            (TraitValue::One(_), None) => vec![None],
        };
        // Keep the order of the ability's values.
        if let Some(values) = &a.values {
            params.sort_by_key(|p| values.v.iter().position(|v| Some(v.v) == *p));
        }
        for p in params {
            let cells: Vec<Option<Scalar>> = traits
                .iter()
                .map(|tr| {
                    a.traits.iter().find(|(k, _)| k.v == tr.v).and_then(|(_, v)| match v {
                        TraitValue::One(s) => Some(s.v.clone()),
                        TraitValue::PerParam(list, _) => {
                            list.iter().find(|(q, _)| Some(q.v) == p).map(|(_, s)| s.v.clone())
                        }
                    })
                })
                .collect();
            rows.push((a.id.v.clone(), a.label(p), p, cells, a.id.loc.clone()));
        }
    }
    rows
}

fn sort_key(cells: &[Option<Scalar>]) -> f64 {
    match cells.first() {
        Some(Some(Scalar::Int(i))) => *i as f64,
        Some(Some(Scalar::Float(f))) => *f,
        Some(Some(Scalar::Bool(b))) => *b as i64 as f64,
        _ => f64::MIN,
    }
}

/// Whether a section's title names glossary term `t` (its name or an alias, in any case): the
/// whole title ("Checking for Victory"), or its last words ("Ship Capacity" for "Capacity").
fn titled_after(title: &str, t: &Term) -> bool {
    let title = title.trim().to_lowercase();
    std::iter::once(&t.name).chain(&t.aliases).any(|spelling| {
        let sp = spelling.v.trim().to_lowercase();
        !sp.is_empty() && (title == sp || title.ends_with(&format!(" {sp}")))
    })
}
