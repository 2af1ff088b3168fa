//! What every document receives (`/playaid/data.json`, docs/TEMPLATES.md): the game, the
//! options of the sheet, sides, stats, kinds, abilities, units, rule sections, tables,
//! sequences, glossary, changelog and to-do list; and, for each document, its own part
//! (`cards`, `scenario`, `aid`, ...), filled by its module.

use schemars::JsonSchema;
use serde::Serialize;

use super::cards::CardsData;
use super::charts::{AidData, TurnTrack};
use super::map::MapSheet;
use super::pieces::{Calibration, CountersData};
use super::rules::{SectionData, SequenceData, TableData};
use super::scenario::ScenarioData;
use super::units::{AbilityData, UnitData};
use super::{DocKind, ExportOptions, Exporter, FORMAT, TextKey};
use crate::layout::colour::contrast;
use crate::markup;
use crate::model::*;

/// The data of one document: `/playaid/data.json`. Every document receives the whole of it
/// but the last keys, each of which only its own document gets. Text fields are text keys of
/// `/playaid/texts.typ`.
#[derive(Serialize, JsonSchema)]
#[schemars(title = "playaid template data")]
pub struct TemplateData {
    /// The version of this format: changed on any change a template could break on (a key
    /// removed or renamed, a value of another type or meaning), not when a key is added. A
    /// template can assert it: `#assert(pa-data.format == 1)`.
    #[schemars(extend("const" = 1))]
    pub format: u32,
    /// The document compiled: its template's name (`cheatsheet`, `changelog`, `cards`,
    /// `counters`, `scenario`, `aid`, `map`, `calibrate`, `errata`, `rules`).
    #[schemars(extend("enum" = ["cheatsheet", "changelog", "cards", "counters", "scenario", "aid", "map", "calibrate", "errata", "rules"]))]
    pub document: &'static str,
    /// For a scenario sheet, the scenario's id; else null.
    pub subject: Option<String>,
    /// `[game]`.
    pub game: GameData,
    /// The cheatsheet's, the rulebook's and a scenario sheet's page, margins and columns, as
    /// layout decided them; null for the other documents.
    pub frame: Option<crate::layout::sheets::SheetFrame>,
    /// How the sheet is printed (`[game.cheatsheet]`), and the accent colour.
    pub options: Options,
    /// `[[side]]`s.
    pub sides: Vec<SideData>,
    /// `[[stat]]`s.
    pub stats: Vec<StatData>,
    /// `[[kind]]`s.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub kinds: Vec<KindData>,
    /// `[[ability]]`s.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub abilities: Vec<AbilityData>,
    /// `[[unit]]`s, each with its stats in its kind's order.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub units: Vec<UnitData>,
    /// The rule sections on the cheatsheet, in order.
    pub sections: Vec<SectionData>,
    /// `[[table]]`s.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub tables: Vec<TableData>,
    /// `[[sequence]]`s.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub sequences: Vec<SequenceData>,
    /// The glossary: `[[term]]`s.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub glossary: Vec<GlossaryEntry>,
    /// `[[changelog]]` entries.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub changelog: Vec<ChangeData>,
    /// `[[todo]]` items.
    /// Absent from the built-in map, aid card, counter, card and scenario documents of a game
    /// without templates of its own (docs/TEMPLATES.md, "What each document receives").
    pub todo: Vec<TextKey>,
    /// `build --since`: the rules version changes are marked against; null when the build
    /// does not compare.
    pub since: Option<String>,
    /// `errata.typ` only: what changed, in words.
    pub errata: Option<super::ErrataData>,
    /// `rules.typ` only: every rule section, and where each glossary term is used.
    pub rules: Option<super::rules::RulebookData>,
    /// The pieces document only (`build --print-shop`): every face on a page of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<PiecesDocument>,
    /// `cards.typ` only: the card sheets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<CardsData>,
    /// `counters.typ` only: the counter sheets (of this part, when compiled in parts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<CountersData<'static>>,
    /// `scenario.typ` only: the scenario of the sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<ScenarioData>,
    /// `scenario.typ` only: the turn record track with this scenario's reinforcements; null
    /// when the game has no track.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_track: Option<Option<TurnTrack>>,
    /// `aid.typ` only: what the player aid card shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aid: Option<AidData>,
    /// `calibrate.typ` only: the sheet calibrated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calibrate: Option<Calibration>,
    /// `map.typ` only: every map, tiled for the page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map_sheet: Option<MapSheet>,
}

/// In the pieces document: `true`, each piece once; `{ "copies": true }`, every copy (the
/// print shop's file).
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PiecesDocument {
    /// Each piece once.
    Once(bool),
    /// Every copy of each piece.
    Copies {
        /// Always true.
        copies: bool,
    },
}

/// `[game]`.
#[derive(Serialize, JsonSchema)]
pub struct GameData {
    /// `id`, or one made from the title.
    pub id: String,
    /// `title`.
    pub title: Option<String>,
    /// `system`.
    pub system: Option<String>,
    /// `version` of the rules; none when the rules have none.
    pub version: Option<String>,
    /// `date`, as written (`2017-05-28`).
    pub date: Option<String>,
    /// `authors`.
    pub authors: Vec<String>,
    /// `intro`.
    pub intro: Option<TextKey>,
    /// `credits`.
    pub credits: Option<TextKey>,
    /// The language the sheets are set in (`en`, or a translation's: `de`): hyphenation and
    /// quotation marks follow it.
    pub lang: String,
    /// The game's own words (`[game.words]`, defaults filled in), in lower case.
    pub words: crate::model::WordsData,
}

/// How the cheatsheet is printed (`[game.cheatsheet]`, with defaults filled in).
#[derive(Serialize, JsonSchema)]
pub struct Options {
    /// The paper: `a4` or `us-letter`.
    pub page: &'static str,
    /// `portrait` or `landscape`.
    pub orientation: &'static str,
    /// Columns of text, 1 to 3.
    pub columns: u8,
    /// The text size, pt.
    pub font_size: f64,
    /// Print the changelog as the last section.
    pub changelog: bool,
    /// Print the to-do list.
    pub todo: bool,
    /// Print the glossary.
    pub glossary: bool,
    /// The accent colour, `#rrggbb`.
    pub accent: String,
    /// The ink that reads on the accent: `#ffffff` or `#000000`.
    pub accent_text_color: String,
    /// How game terms are set: `subtle`, `accent` or `plain`.
    pub terms: String,
    /// Set by playaid when it compiles the cheatsheet again to balance the columns of its
    /// last page (render/balance.rs); absent on the first compile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<Balance>,
}

/// Space to hold free at the foot of the page a section starts on, so that the text of the
/// last page spreads evenly over its columns.
#[derive(Serialize, JsonSchema)]
pub struct Balance {
    /// The id of the section.
    pub section: String,
    /// The space, pt.
    pub reserve: f64,
}

/// `[[side]]`.
#[derive(Serialize, JsonSchema)]
pub struct SideData {
    /// `id`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// `color`, `#rrggbb`.
    pub color: Option<String>,
    /// The ink that reads on `color`: `#ffffff` or `#000000`; null without a colour.
    pub text_color: Option<String>,
}

/// `[[stat]]`.
#[derive(Serialize, JsonSchema)]
pub struct StatData {
    /// `id`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// `abbr`, else the name.
    pub abbr: String,
    /// `type`: `int`, `text`, ...
    #[serde(rename = "type")]
    pub ty: &'static str,
    /// `suffix`, printed after each value; empty without one.
    pub suffix: String,
    /// `icon`: an icon's name.
    pub icon: Option<String>,
}

/// `[[kind]]`.
#[derive(Serialize, JsonSchema)]
pub struct KindData {
    /// `id`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// The ids of its stats, in order.
    pub stats: Vec<String>,
}

/// `[[term]]`: a glossary entry.
#[derive(Serialize, JsonSchema)]
pub struct GlossaryEntry {
    /// `id`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// `text`.
    pub text: Option<TextKey>,
}

/// `[[changelog]]`: the changes of one version.
#[derive(Serialize, JsonSchema)]
pub struct ChangeData {
    /// `version`.
    pub version: String,
    /// `date`.
    pub date: Option<String>,
    /// The changes, one text each.
    pub items: Vec<TextKey>,
    /// For each item, what it says it changed (its references), by name.
    pub affects: Vec<Vec<Affected>>,
}

/// What a changelog item refers to.
#[derive(Serialize, JsonSchema)]
pub struct Affected {
    /// `section`, `unit`, `ability` or `card` (what a changelog item may name).
    pub kind: &'static str,
    /// Its id.
    pub id: String,
    /// Its name, as the reference prints.
    pub name: String,
}

impl Exporter<'_> {
    /// What every document receives; its own part is filled in by [`super::export`].
    pub(super) fn data(&mut self, doc: &DocKind, opts: &ExportOptions) -> TemplateData {
        let game = self.game;
        let m = &game.meta;
        let game_data = GameData {
            id: m.id().to_string(),
            title: m.title.as_ref().map(|s| s.v.clone()),
            system: m.system.as_ref().map(|s| s.v.clone()),
            version: m.version.as_ref().map(|v| v.v.clone()),
            date: m.date.as_ref().map(|s| s.v.clone()),
            authors: m.authors.iter().map(|a| a.v.clone()).collect(),
            intro: self.opt_text(&m.intro),
            credits: self.opt_text(&m.credits),
            words: crate::model::WordsData::of(&m.words),
            lang: m.language.clone().unwrap_or_else(|| "en".into()),
        };
        let sides = game
            .sides
            .iter()
            .map(|s| SideData {
                id: s.id.v.clone(),
                name: s.name.v.clone(),
                color: s.color.as_ref().map(|c| c.v.clone()),
                text_color: s.color.as_ref().map(|c| contrast(&c.v)),
            })
            .collect();
        let stats = game
            .stats
            .iter()
            .map(|s| StatData {
                id: s.id.v.clone(),
                name: s.name.v.clone(),
                abbr: s.abbr().to_string(),
                ty: s.ty.name(),
                suffix: s.suffix.clone().unwrap_or_default(),
                icon: s.icon.as_ref().map(|i| i.v.clone()),
            })
            .collect();
        let kinds = game
            .kinds
            .iter()
            .map(|k| KindData {
                id: k.id.v.clone(),
                name: k.name.v.clone(),
                stats: k.stats.iter().map(|s| s.v.clone()).collect(),
            })
            .collect();
        let abilities = game.abilities.iter().map(|a| self.ability(a)).collect();
        let units = game.units.iter().map(|u| self.unit(u)).collect();
        let sections = game.sections_in_order().into_iter().filter(|s| s.cheatsheet).map(|s| self.section(s)).collect();
        let tables = game.tables.iter().map(|t| self.table(t)).collect();
        let sequences = game.sequences.iter().map(|s| self.sequence(s)).collect();
        let glossary = game
            .terms
            .iter()
            .map(|t| GlossaryEntry { id: t.id.v.clone(), name: t.name.v.clone(), text: self.opt_text(&t.text) })
            .collect();
        let changelog = game.changelog.iter().map(|c| self.change(c)).collect();
        let todo = self.texts(&game.todos);
        let pieces = match (opts.pieces, opts.piece_copies) {
            (false, _) => None,
            (true, false) => Some(PiecesDocument::Once(true)),
            (true, true) => Some(PiecesDocument::Copies { copies: true }),
        };
        TemplateData {
            format: FORMAT,
            document: doc.template(),
            subject: doc.subject().map(str::to_string),
            game: game_data,
            frame: None,
            options: self.options(opts),
            sides,
            stats,
            kinds,
            abilities,
            units,
            sections,
            tables,
            sequences,
            glossary,
            changelog,
            todo,
            since: opts.since.as_ref().map(|s| s.version.clone()),
            errata: None,
            rules: None,
            pieces,
            cards: None,
            counters: None,
            scenario: None,
            turn_track: None,
            aid: None,
            calibrate: None,
            map_sheet: None,
        }
    }

    fn options(&self, opts: &ExportOptions) -> Options {
        let m = &self.game.meta;
        let cs = &m.cheatsheet;
        let page = super::aid_paper(self.game, opts);
        let accent = cs.accent.clone().unwrap_or_else(|| crate::layout::cards::DEFAULT_ACCENT.into());
        Options {
            page: page.typst_name(),
            orientation: if cs.landscape { "landscape" } else { "portrait" },
            columns: cs.columns,
            font_size: cs.font_size,
            changelog: cs.changelog,
            todo: cs.todo,
            glossary: cs.glossary,
            accent_text_color: contrast(&accent),
            accent,
            terms: cs.terms.clone(),
            balance: None,
        }
    }

    /// A changelog entry: its items, and what each says it changed, by name.
    fn change(&mut self, c: &ChangeEntry) -> ChangeData {
        let game = self.game;
        let items = self.texts(&c.items);
        let affects = (0..c.items.len())
            .map(|i| {
                c.refs
                    .iter()
                    .filter(|(n, _, _)| *n == i)
                    .map(|(_, kind, id)| {
                        let reference = match kind {
                            RefKind::Section => format!("#{}", id.v),
                            other => format!("{}:{}", other.name(), id.v),
                        };
                        let name = markup::plain_in(Some(game), &format!("[[{reference}]]"));
                        Affected { kind: kind.name(), id: id.v.clone(), name }
                    })
                    .collect()
            })
            .collect();
        ChangeData { version: c.version.v.clone(), date: c.date.as_ref().map(|d| d.v.clone()), items, affects }
    }
}
