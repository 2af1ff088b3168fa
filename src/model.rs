//! The game data model: one model for every game. A game declares its own stats, kinds,
//! traits, abilities, units, rule sections, tables and sequences; nothing here knows any
//! particular game.

use std::path::PathBuf;

pub use crate::source::Sp;
use crate::source::{Files, Loc};

mod areas;
mod charts;
mod collections;
mod decks;
mod map;
mod pieces;
mod scenario;
mod texts;
mod words;
pub use areas::*;
pub use charts::*;
pub use collections::{Coll, Entity};
pub use decks::*;
pub use map::*;
pub use pieces::*;
pub use scenario::*;
pub use words::*;

/// A markup field: Typst markup plus `[[...]]` references. `loc` is the span of the whole
/// TOML string literal (quotes included); offsets inside `raw` map back through
/// `crate::load::strings::raw_offset`.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// The markup as written, escapes already resolved.
    pub raw: String,
    /// The whole string literal in the TOML file, quotes included.
    pub loc: Loc,
}

/// One game folder, read: every table of every `*.toml` file, each collection in file order
/// (files in path order). Ids are not resolved here; `check` builds the index.
#[derive(Debug, Default)]
pub struct Game {
    /// The game folder; images and templates are found relative to it.
    pub root: PathBuf,
    /// The source files read, so that every `Loc` can be shown with its line.
    pub files: Files,
    /// `[game]` in game.toml.
    pub meta: Meta,
    /// `[[side]]`: sides, nations, armies.
    pub sides: Vec<Side>,
    /// `[[stat]]`: the numbers the game puts on its units.
    pub stats: Vec<Stat>,
    /// `[[kind]]`: unit kinds and the stats each needs.
    pub kinds: Vec<Kind>,
    /// `[[trait]]`: properties abilities declare (checked, and tabulated by generated tables).
    pub traits: Vec<Trait>,
    /// `[[group]]`: groups of abilities and the traits they require.
    pub groups: Vec<Group>,
    /// `[[ability]]`: special abilities and special rules.
    pub abilities: Vec<Ability>,
    /// `[[unit]]`: units and other pieces.
    pub units: Vec<Unit>,
    /// `[[section]]`: rule sections, in reading order.
    pub sections: Vec<Section>,
    /// `[[table]]`: written and generated tables.
    pub tables: Vec<Table>,
    /// `[[sequence]]`: sequences of play.
    pub sequences: Vec<Sequence>,
    /// `[[term]]`: the glossary.
    pub terms: Vec<Term>,
    /// `[[changelog]]`: the rules' version history, oldest first.
    pub changelog: Vec<ChangeEntry>,
    /// `text` of each `[[todo]]`: the designer's open items.
    pub todos: Vec<Text>,
    /// `[counters]`: settings of the counter sheets.
    pub counter_options: CounterOptions,
    /// `[[counter_group]]`: counters of one size and layout.
    pub counter_groups: Vec<CounterGroup>,
    /// `[[counter]]`: counters written out (units of a group's `kinds` get theirs without one).
    pub counters: Vec<Counter>,
    /// `[cards]`: settings of the card sheets.
    pub card_options: CardOptions,
    /// `[[card_back]]`: card back designs.
    pub card_backs: Vec<CardBack>,
    /// `[[card_layout]]`: the game's own card layouts.
    pub card_layouts: Vec<CardLayout>,
    /// `[[card]]`: cards written out (units of `[cards] kinds` get theirs without one).
    pub cards: Vec<Card>,
    /// `[[deck]]`: strategy decks and their parts.
    pub decks: Vec<Deck>,
    /// `[[scenario_setting]]`: what every scenario must state.
    pub scenario_settings: Vec<ScenarioSetting>,
    /// `[scenario_limits]`: what every side of every scenario must respect.
    pub scenario_limits: ScenarioLimits,
    /// `[[scenario]]`: one sheet each.
    pub scenarios: Vec<Scenario>,
    /// `[[crt]]`: combat results tables.
    pub crts: Vec<Crt>,
    /// `[[terrain]]`: the terrain effects chart, one row each.
    pub terrain: Vec<Terrain>,
    /// `[[map]]`: hex and square maps, printed true to scale in `map.pdf`.
    pub maps: Vec<Map>,
    /// `[[map]]` with `grid = "areas"` or `"points"`: maps of named places and connections,
    /// printed after the grid maps.
    pub area_maps: Vec<AreaMap>,
    /// `[[connection_kind]]`: the kinds of connection between areas.
    pub connection_kinds: Vec<ConnectionKind>,
    /// `[turn_track]`: the turn record track, when the game has one.
    pub turn_track: Option<TurnTrack>,
    /// `[[track]]`: numbered tracks (victory points, morale).
    pub tracks: Vec<Track>,
    /// The game's own font files (from its `fonts/` folder), beside the embedded ones.
    pub fonts: Vec<GameFont>,
    /// The game's own templates (`templates/*.typ`), which override the built-in ones.
    pub templates: Vec<GameTemplate>,
    /// The game's own icons (`icons/*.svg`), beside (or instead of) the built-in ones.
    pub icons: Vec<GameIcon>,
    /// `[exports]`: the virtual-tabletop files `playaid build` writes besides the PDFs.
    pub exports: Exports,
}

/// An icon the game brings in its `icons/` folder: `icons/<name>.svg`.
#[derive(Debug, Clone)]
pub struct GameIcon {
    /// Its name, the file name without `.svg`: what `icon = "..."` and `#icon("...")` name.
    pub name: String,
    /// Its entry in [`Game::files`] (the SVG text), for findings about the file.
    pub file: usize,
}

/// `[exports]`: what `playaid build` writes besides the PDFs (the command line's `--png`,
/// `--tts`, `--vassal`, `--dpi` and `--base-url` add to it).
#[derive(Debug, Clone, Default)]
pub struct Exports {
    /// `png = true`: every counter and card face as PNG, `png/`.
    pub png: bool,
    /// `tts = true`: a Tabletop Simulator saved object, `tts/`.
    pub tts: bool,
    /// `vassal = true`: a VASSAL module, `<id>.vmod`.
    pub vassal: bool,
    /// `print_shop`: the print profiles to write in `print-shop/` (`true`: the card shop's
    /// and the punchboard printer's files).
    pub print_shop: PrintProfiles,
    /// `dpi`: resolution of PNG per piece, 50 to 1200; default 300.
    pub dpi: Option<Sp<f64>>,
    /// `base_url`: where players download the Tabletop Simulator images; default: local files.
    pub base_url: Option<Sp<String>>,
    /// Where `[exports]` was written.
    pub loc: Option<crate::source::Loc>,
}

/// The print profiles a build writes in `print-shop/`, each for one way of printing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PrintProfiles {
    /// `home`: the card and counter sheets on A4 and on US Letter, for players on either.
    pub home: bool,
    /// `card-shop`: one card face a page in the shop's own size with 1/8 in of bleed, every
    /// copy, each front followed by its back (DriveThruCards, MakePlayingCards).
    pub card_shop: bool,
    /// `punchboard`: one counter face a page with `[counters] bleed`, every copy.
    pub punchboard: bool,
}

impl PrintProfiles {
    /// Every profile's name, as `print_shop` and `--print-shop` take it.
    pub const NAMES: &[&str] = &["home", "card-shop", "punchboard"];
    /// `print_shop = true` and `--print-shop` alone: the print shops' files.
    pub const SHOPS: PrintProfiles = PrintProfiles { home: false, card_shop: true, punchboard: true };

    /// These profiles and the one called `name`; none for an unknown name.
    pub fn with(self, name: &str) -> Option<PrintProfiles> {
        let mut p = self;
        match name {
            "home" => p.home = true,
            "card-shop" => p.card_shop = true,
            "punchboard" => p.punchboard = true,
            _ => return None,
        }
        Some(p)
    }

    /// Both sets of profiles.
    pub fn and(self, other: PrintProfiles) -> PrintProfiles {
        PrintProfiles {
            home: self.home || other.home,
            card_shop: self.card_shop || other.card_shop,
            punchboard: self.punchboard || other.punchboard,
        }
    }

    /// Whether any profile is asked for.
    pub fn any(self) -> bool {
        self.home || self.card_shop || self.punchboard
    }

    /// The names of the profiles asked for.
    pub fn names(self) -> Vec<&'static str> {
        let on = [self.home, self.card_shop, self.punchboard];
        Self::NAMES.iter().zip(on).filter(|(_, on)| *on).map(|(n, _)| *n).collect()
    }
}

/// A template the game brings in its `templates/` folder.
#[derive(Debug, Clone)]
pub struct GameTemplate {
    /// Its file name, such as `cheatsheet.typ`.
    pub name: String,
    /// Its entry in [`Game::files`] (with its text).
    pub file: usize,
}

/// A font file the game brings in its `fonts/` folder.
#[derive(Debug, Clone)]
pub struct GameFont {
    /// Its entry in [`Game::files`] (no text), for findings about the file.
    pub file: usize,
    /// The file's bytes.
    pub bytes: std::sync::Arc<Vec<u8>>,
}

/// A paper size, from `page = "a4" | "us-letter"` (on `[game]`, `[game.cheatsheet]`,
/// `[counters]`, `[cards]`) or `--page` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PageSize {
    /// 210 x 297 mm; the default.
    #[default]
    A4,
    /// 8.5 x 11 in (215.9 x 279.4 mm); also written `"letter"`.
    UsLetter,
}

impl PageSize {
    /// The size a `page` value names, ignoring case, `_` and spaces; `None` if unknown.
    pub(crate) fn parse(s: &str) -> Option<PageSize> {
        match s.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "a4" => Some(PageSize::A4),
            "us-letter" | "letter" => Some(PageSize::UsLetter),
            _ => None,
        }
    }

    /// The name Typst's `page(paper: ...)` knows it by.
    pub(crate) fn typst_name(self) -> &'static str {
        match self {
            PageSize::A4 => "a4",
            PageSize::UsLetter => "us-letter",
        }
    }
}

/// `[game]` in game.toml: what the game is and which rules version the data states.
#[derive(Debug, Default)]
pub struct Meta {
    /// The language the game is read in: a translation's (`build --lang de`), else none (the
    /// data's own, English). Sets hyphenation and quotation marks on every sheet.
    pub language: Option<String>,
    /// `id`: names the output folder, `<id>-<version>/`; required (`None` only after an error).
    pub id: Option<Sp<String>>,
    /// `title`: printed at the head of every document; required.
    pub title: Option<Sp<String>>,
    /// `system`: the game system the rules belong to; the cheatsheet prints it above the title.
    pub system: Option<Sp<String>>,
    /// `version`: the rules version; required. Checked against the changelog and scenarios.
    pub version: Option<Sp<String>>,
    /// `date`: a TOML date or `"YYYY-MM-DD"`, kept as `YYYY-MM-DD`; printed and used as the
    /// PDF date (so builds are reproducible).
    pub date: Option<Sp<String>>,
    /// `authors`: the cheatsheet prints them as "by A, B and C".
    pub authors: Vec<Sp<String>>,
    /// `page`: the default page size of every document; unset: A4.
    pub page: Option<Sp<PageSize>>,
    /// `intro`: markup shown under the title.
    pub intro: Option<Text>,
    /// `credits`: markup shown at the end.
    pub credits: Option<Text>,
    /// `deny`: warnings this game raises to errors (`["W020"]`, `["warnings"]`).
    pub deny: crate::diag::Deny,
    /// `languages`: the translations `build` writes besides the data's own language (`["de"]`:
    /// `translations/de.po` into `OUT/<id>-<version>-de/`).
    pub languages: Vec<Sp<String>>,
    /// `[game.cheatsheet]`.
    pub cheatsheet: CheatsheetOptions,
    /// `[game.changelog] sheet = true`: print the changelog as its own sheet, changelog.pdf.
    pub changelog_sheet: bool,
    /// `[game.rules] sheet = true`: print the full rules as a rulebook, rules.pdf.
    pub rules_sheet: bool,
    /// `[game.aid]`: the player aid card.
    pub aid: AidOptions,
    /// `[game.words]`: the game's own words for what the sheets name ("round" for turn,
    /// "faction" for side).
    pub words: Words,
    /// Where `[game]` was written (or the start of game.toml).
    pub loc: Loc,
}

impl Meta {
    /// The game id, or `"game"` when `[game] id` is missing (an error is reported already).
    pub(crate) fn id(&self) -> &str {
        self.id.as_ref().map(|s| s.v.as_str()).unwrap_or("game")
    }
    /// The rules version, or `"0"` when `[game] version` is missing.
    pub(crate) fn version(&self) -> &str {
        self.version.as_ref().map(|s| s.v.as_str()).unwrap_or("0")
    }
}

/// `[game.cheatsheet]`: how the rules cheatsheet is printed; every key optional.
#[derive(Debug, Clone)]
pub struct CheatsheetOptions {
    /// `page`: overrides `[game] page`.
    pub page: Option<Sp<PageSize>>,
    /// `orientation = "landscape"`; default portrait.
    pub landscape: bool,
    /// `columns`: 1 to 3; default 2.
    pub columns: u8,
    /// `font_size` in pt: 5 to 16; default 8.5.
    pub font_size: f64,
    /// `changelog`: print the changelog as the last section; default false.
    pub changelog: bool,
    /// `todo`: print the `[[todo]]` list; default false.
    pub todo: bool,
    /// `glossary`: print the glossary; default false.
    pub glossary: bool,
    /// `accent`: colour of headings and game terms, normalised to `#rrggbb`; default: the
    /// template's.
    pub accent: Option<String>,
    /// `terms`: how game terms (`[[Good Order]]`) are set: `"subtle"` (medium weight, the
    /// default), `"accent"` (bold, in the accent colour) or `"plain"`.
    pub terms: String,
    /// `order`: `"number"` (the default) prints sections in rule-number order; `"data"` keeps
    /// the order they are written in, as a hand-made sheet does.
    pub by_number: bool,
}

impl Default for CheatsheetOptions {
    fn default() -> Self {
        CheatsheetOptions {
            page: None,
            landscape: false,
            columns: 2,
            font_size: 8.5,
            changelog: false,
            todo: false,
            glossary: false,
            accent: None,
            terms: "subtle".into(),
            by_number: true,
        }
    }
}

/// `[[side]]`: a side, nation or army that units, counters, cards and scenarios belong to.
#[derive(Debug)]
pub struct Side {
    /// `id`: what `side = "..."` elsewhere names.
    pub id: Sp<String>,
    /// `name`: as printed.
    pub name: Sp<String>,
    /// `color`: `#rrggbb` (`#rgb` is widened); colours the side's counters and cards.
    pub color: Option<Sp<String>>,
    /// `counter_style`: the look of this side's counters over their group's style (a frame or
    /// stripe that tells the side apart in black and white).
    pub counter_style: FaceStyle,
}

/// `type` on a `[[stat]]` or `[[trait]]`: what values it takes, checked on every unit or
/// ability.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueType {
    /// `"int"`: a whole number, within `min` and `max` when given (both inclusive).
    Int {
        /// `min`: the smallest value allowed.
        min: Option<Sp<i64>>,
        /// `max`: the largest value allowed.
        max: Option<Sp<i64>>,
    },
    /// `"dice"`: a dice expression such as `D6`, `2D6`, `3d5+2` (stats only).
    Dice,
    /// `"text"`: any string.
    Text,
    /// `"bool"`: true or false (traits only).
    Bool,
}

impl ValueType {
    /// The `type` value that declares it, for messages and exported data.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            ValueType::Int { .. } => "int",
            ValueType::Dice => "dice",
            ValueType::Text => "text",
            ValueType::Bool => "bool",
        }
    }
}

/// `[[stat]]`: a number (or dice, or text) the game puts on its units, such as armour.
#[derive(Debug)]
pub struct Stat {
    /// `id`: the key in a unit's `stats`, and the `{placeholder}` on counters.
    pub id: Sp<String>,
    /// `name`: the full name, as in the rules.
    pub name: Sp<String>,
    /// `abbr`: the short label of stat blocks and `[[stat:...]]`; default: the name.
    pub abbr: Option<Sp<String>>,
    /// `type` (with `min`, `max`): what values a unit may give it; required.
    pub ty: ValueType,
    /// `suffix`: printed after every value, e.g. `"` for inches.
    pub suffix: Option<String>,
    /// `icon`: an icon printed beside (or instead of) the label in stat blocks.
    pub icon: Option<Sp<String>>,
}

impl Stat {
    /// The label stat blocks print: `abbr`, else the name.
    pub(crate) fn abbr(&self) -> &str {
        self.abbr.as_ref().unwrap_or(&self.name).v.as_str()
    }
}

/// `[[kind]]`: a kind of unit (troop counter, tank) and the stats every unit of it has.
#[derive(Debug)]
pub struct Kind {
    /// `id`: what `kind = "..."` on a unit names.
    pub id: Sp<String>,
    /// `name`: as printed.
    pub name: Sp<String>,
    /// `stats`: required on every unit of the kind, in the order stat blocks print them.
    pub stats: Vec<Sp<String>>,
    /// `optional_stats`: allowed, not required; any other stat on a unit is E020.
    pub optional_stats: Vec<Sp<String>>,
}

/// `[[trait]]`: a property abilities declare (how many troop counters one carries), so the
/// checker can hold groups to it and tables can list it.
#[derive(Debug)]
pub struct Trait {
    /// `id`: the key in an ability's `traits`.
    pub id: Sp<String>,
    /// `name`: the column heading of generated tables.
    pub name: Sp<String>,
    /// `type` (with `min`, `max`): what values an ability may give it; required.
    pub ty: ValueType,
}

/// `[[group]]`: a group of abilities (transport abilities) and the traits each must declare.
#[derive(Debug)]
pub struct Group {
    /// `id`: what an ability's `groups` names.
    pub id: Sp<String>,
    /// `name`: for messages.
    pub name: Option<Sp<String>>,
    /// `requires`: traits every ability of the group must declare (E007 otherwise).
    pub requires: Vec<Sp<String>>,
}

/// A scalar value written in the data (a stat or trait value).
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    /// A TOML integer.
    Int(i64),
    /// A TOML float.
    Float(f64),
    /// A TOML boolean; printed "yes" or "no".
    Bool(bool),
    /// A TOML string (also dice expressions).
    Str(String),
}

impl Scalar {
    /// The value as a whole number, when it is one: `4`, `4.0` or `"4"`.
    pub fn whole(&self) -> Option<i64> {
        match self {
            Scalar::Int(i) => Some(*i),
            Scalar::Float(f) if f.fract() == 0.0 => Some(*f as i64),
            Scalar::Str(s) => s.trim().parse().ok(),
            _ => None,
        }
    }

    /// The value as printed on a sheet.
    pub(crate) fn display(&self) -> String {
        match self {
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(true) => "yes".into(),
            Scalar::Bool(false) => "no".into(),
            Scalar::Str(s) => s.clone(),
        }
    }

    /// What kind of value it is, in words for messages ("a whole number").
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Scalar::Int(_) => "a whole number",
            Scalar::Float(_) => "a number with a fraction",
            Scalar::Bool(_) => "true/false",
            Scalar::Str(_) => "a string",
        }
    }
}

/// A trait's value on an ability: one value, or one per parameter value.
#[derive(Debug, Clone)]
pub enum TraitValue {
    /// `scores_vp = false`: the same for every parameter value.
    One(Sp<Scalar>),
    /// `capacity = { 10 = 2, 5 = 1 }`: (parameter value, trait value) pairs, and the span of
    /// the whole inline table (for "parameter 3 has no value").
    PerParam(Vec<(Sp<i64>, Sp<Scalar>)>, Loc),
}

/// `[[ability]]`: a special ability or special rule that units name in their `abilities`.
#[derive(Debug)]
pub struct Ability {
    /// `id`: what units and `[[ability:...]]` references name.
    pub id: Sp<String>,
    /// `name`: as printed; a parameter is printed after it ("Landing 10").
    pub name: Sp<String>,
    /// `values`: the parameter values allowed ("Landing 10", "Landing 5"); `None`: the ability
    /// takes no parameter (E009 if given one; with values, E008 if given none).
    pub values: Option<Sp<Vec<Sp<i64>>>>,
    /// `groups`: the `[[group]]`s it belongs to.
    pub groups: Vec<Sp<String>>,
    /// `stats`: stats the ability works with (checked to exist).
    pub stats: Vec<Sp<String>>,
    /// `text`: markup, what the ability does.
    pub text: Option<Text>,
    /// `short`: markup, the short form for cards (`[cards] abilities = "short"`) and counters.
    pub short: Option<Text>,
    /// `traits`: (trait id, value), in the order written.
    pub traits: Vec<(Sp<String>, TraitValue)>,
}

impl Ability {
    /// The name as printed with a parameter value: "Landing 10".
    pub(crate) fn label(&self, param: Option<i64>) -> String {
        match param {
            Some(p) => format!("{} {}", self.name.v, p),
            None => self.name.v.clone(),
        }
    }
}

/// A `{placeholder}` in an ability's text: `{value}` (its parameter) or a trait's id.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Placeholder<'a> {
    /// The bytes of `{...}` in the text as written (escapes resolved).
    pub(crate) range: std::ops::Range<usize>,
    /// The name between the braces.
    pub(crate) key: &'a str,
}

impl Ability {
    /// The `{placeholders}` of one of its texts: braces around a name of letters, digits, `-`
    /// and `_`; `\{` is a brace, not a placeholder.
    pub(crate) fn placeholders(raw: &str) -> Vec<Placeholder<'_>> {
        let mut out = Vec::new();
        let bytes = raw.as_bytes();
        let mut i = 0;
        while let Some(open) = raw[i..].find('{').map(|o| i + o) {
            i = open + 1;
            if open > 0 && bytes[open - 1] == b'\\' {
                continue;
            }
            let Some(close) = raw[i..].find('}').map(|c| i + c) else { break };
            let key = &raw[i..close];
            if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                out.push(Placeholder { range: open..close + 1, key });
                i = close + 1;
            }
        }
        out
    }

    /// What `{key}` prints for parameter `param`: `{value}` the parameter, a trait's id its
    /// value (for that parameter, when given per value); none when it has none.
    pub(crate) fn placeholder_value(&self, key: &str, param: Option<i64>) -> Option<String> {
        if key == "value" {
            return param.map(|p| p.to_string());
        }
        match &self.traits.iter().find(|(k, _)| k.v == key)?.1 {
            TraitValue::One(v) => Some(v.v.display()),
            TraitValue::PerParam(list, _) => list.iter().find(|(p, _)| Some(p.v) == param).map(|(_, v)| v.v.display()),
        }
    }

    /// One of its texts as a card explaining it prints it: with `param`, as a unit naming it
    /// with that value; without, each placeholder with every value the ability allows
    /// ("Takes {value} wounds" → "Takes 2/3 wounds").
    pub(crate) fn explained(&self, text: &Text, param: Option<i64>) -> Text {
        let values: Vec<i64> = self.values.as_ref().map(|v| v.v.iter().map(|x| x.v).collect()).unwrap_or_default();
        if param.is_some() || values.is_empty() {
            return self.filled(text, param);
        }
        let mut raw = String::new();
        let mut last = 0;
        for p in Self::placeholders(&text.raw) {
            let all: Vec<String> = values.iter().filter_map(|v| self.placeholder_value(p.key, Some(*v))).collect();
            if all.len() == values.len() {
                let mut distinct = all.clone();
                distinct.dedup();
                raw.push_str(&text.raw[last..p.range.start]);
                raw.push_str(&if distinct.len() == 1 { distinct.remove(0) } else { all.join("/") });
                last = p.range.end;
            }
        }
        raw.push_str(&text.raw[last..]);
        Text { raw, loc: text.loc.clone() }
    }

    /// One of its texts as a unit naming it with `param` prints it: each placeholder filled
    /// ("Takes {value} wounds" → "Takes 3 wounds"); one without a value stays as written (the
    /// checker reported it).
    pub(crate) fn filled(&self, text: &Text, param: Option<i64>) -> Text {
        let mut raw = String::new();
        let mut last = 0;
        for p in Self::placeholders(&text.raw) {
            if let Some(v) = self.placeholder_value(p.key, param) {
                raw.push_str(&text.raw[last..p.range.start]);
                raw.push_str(&v);
                last = p.range.end;
            }
        }
        raw.push_str(&text.raw[last..]);
        Text { raw, loc: text.loc.clone() }
    }
}

/// `"landing 10"`: an ability named with its parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct AbilityRef {
    /// The ability's id.
    pub id: String,
    /// The trailing number, if the text ends in one.
    pub param: Option<i64>,
    /// Where the reference was written.
    pub loc: Loc,
}

impl AbilityRef {
    /// Split `"landing 10"` into id and parameter; a last word that is not a number stays part
    /// of the id.
    pub(crate) fn parse(s: &str, loc: Loc) -> AbilityRef {
        let s = s.trim();
        if let Some((id, tail)) = s.rsplit_once(' ')
            && let Ok(n) = tail.trim().parse::<i64>()
        {
            return AbilityRef { id: id.trim().to_string(), param: Some(n), loc };
        }
        AbilityRef { id: s.to_string(), param: None, loc }
    }
}

/// `[[unit]]`: a unit or other piece, with its stats and abilities.
#[derive(Debug)]
pub struct Unit {
    /// `id`: what counters, cards, scenario forces and `[[unit:...]]` name.
    pub id: Sp<String>,
    /// `name`: as printed.
    pub name: Sp<String>,
    /// `kind`: its `[[kind]]`, which says which stats it must have; required.
    pub kind: Option<Sp<String>>,
    /// `side`: its `[[side]]`, if any.
    pub side: Option<Sp<String>>,
    /// Its stats, one set per step: `stats` gives one unnamed step, `steps` one per entry
    /// (full strength first). Empty only when the unit gives neither.
    pub steps: Vec<UnitStep>,
    /// `stat_notes`: (stat id, markup printed after that value), e.g. "or 2 and no battle".
    pub stat_notes: Vec<(Sp<String>, Text)>,
    /// `abilities`: `"landing 10"`, each with its parameter.
    pub abilities: Vec<AbilityRef>,
    /// `notes`: markup paragraphs under the stat block.
    pub notes: Vec<Text>,
    /// `quantity`: copies of the unit in the game (a counter's or card's own `quantity` says
    /// how many are printed); default 1.
    pub quantity: Option<Sp<i64>>,
    /// `image`: a picture path relative to the game folder (PNG, JPEG, GIF, WebP).
    pub image: Option<Sp<String>>,
    /// The whole `[[unit]]` table.
    pub loc: Loc,
}

impl Unit {
    /// The stats at full strength (its first step), in the order written.
    pub(crate) fn stats(&self) -> &[(Sp<String>, Sp<Scalar>)] {
        self.steps.first().map(|s| s.stats.as_slice()).unwrap_or_default()
    }

    /// Whether the unit declares more than one step (a counter with a reduced side).
    pub(crate) fn has_steps(&self) -> bool {
        self.steps.len() > 1
    }
}

/// One step of a unit: its stats at that strength (`{ name = "reduced", stats = { ... } }`
/// in `steps`), or the unit's `stats` as its only step.
#[derive(Debug)]
pub struct UnitStep {
    /// `name`: "full", "reduced"; none for the `stats` of a one-step unit, or not given.
    pub name: Option<Sp<String>>,
    /// `stats`: (stat id, value) in the order written; printed in the kind's order.
    pub stats: Vec<(Sp<String>, Sp<Scalar>)>,
    /// The step's table (or the unit's `stats` table): where findings about it point.
    pub loc: Loc,
}

impl UnitStep {
    /// The step's name as printed: its `name`, else its number from 1.
    pub(crate) fn label(&self, index: usize) -> String {
        self.name.as_ref().map(|n| n.v.clone()).unwrap_or_else(|| format!("step {}", index + 1))
    }
}

/// `list` on a `[[section]]`: how its items are marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListStyle {
    /// `"bullet"`; the default.
    Bullet,
    /// `"numbered"`: 1, 2, 3 (for steps the reader follows in order).
    Numbered,
}

/// `[[section]]`: a rule section; the cheatsheet prints them in order.
#[derive(Debug)]
pub struct Section {
    /// `id`: what `[[#id]]` cross-references and scenario `rules` name.
    pub id: Sp<String>,
    /// `number`: the designer's own numbering ("6.1"), printed as written; none: unnumbered.
    pub number: Option<Sp<String>>,
    /// `title`: the heading.
    pub title: Sp<String>,
    /// `summary`: markup on the heading line, e.g. "2D6 <= the formation's morale".
    pub summary: Option<Text>,
    /// `text`: markup paragraphs before the list (a string or an array of strings).
    pub text: Vec<Text>,
    /// `list`: how `items` are marked; default bullet.
    pub list: ListStyle,
    /// `items`: the list.
    pub items: Vec<Item>,
    /// `after`: markup paragraphs after the list.
    pub after: Vec<Text>,
    /// `optional`: an optional rule (only these may be a scenario's `optional_rules`);
    /// default false.
    pub optional: bool,
    /// `house_rule`: a house or additional rule, marked as such; default false.
    pub house_rule: bool,
    /// `source`: where a house rule comes from.
    pub source: Option<String>,
    /// `break_before`: `"column"` or `"page"`: start the section on a new one.
    pub break_before: Option<String>,
    /// `cheatsheet = false` leaves the section off the cheatsheet; default true.
    pub cheatsheet: bool,
}

/// One entry of a section's `items`.
#[derive(Debug)]
pub enum Item {
    /// `"markup"`, or `{ text = "...", items = [...] }` with sub-items.
    Text {
        /// The item's markup.
        text: Text,
        /// Its sub-items (nested lists).
        items: Vec<Item>,
    },
    /// `{ label = "..." }`: a heading for the items after it.
    Label(Text),
    /// `{ note = "..." }`: a paragraph inside the list, without a bullet.
    Note(Text),
    /// `{ table = "id" }`: that `[[table]]` shown here.
    Table(Sp<String>),
    /// `{ sequence = "id" }`: that `[[sequence]]` shown here.
    Sequence(Sp<String>),
    /// `{ unit = "id" }`: that unit's stat block shown here.
    Unit(Sp<String>),
    /// `{ crt = "id" }`: that combat results table shown here.
    Crt(Sp<String>),
    /// `{ chart = "terrain" }` or `{ chart = "turns" }`: the terrain effects chart or the turn
    /// record track shown here.
    Chart(Sp<ChartKind>),
    /// `{ deck = "id" }`: the list of that `[[deck]]`'s cards, part by part, shown here.
    Deck(Sp<String>),
    /// `{ track = "id" }`: that `[[track]]` shown here.
    Track(Sp<String>),
}

/// What `{ chart = "..." }` in a section's items shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    /// `"terrain"`: the terrain effects chart, from `[[terrain]]`.
    Terrain,
    /// `"turns"`: the turn record track, from `[turn_track]`.
    Turns,
}

/// What a `[[prefix:...]]` reference or a reference cell points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    /// `[[Name]]` (no prefix) or `{ term = "..." }`: a glossary term.
    Term,
    /// `[[#id]]` or `{ section = "..." }`: a rule section.
    Section,
    /// `[[ability:id n]]`: an ability, with its parameter.
    Ability,
    /// `[[unit:id]]`: a unit.
    Unit,
    /// `[[kind:id]]`: a unit kind.
    Kind,
    /// `[[stat:id]]`: a stat, printed as its abbreviation.
    Stat,
    /// `[[terrain:id]]`: a terrain of the terrain effects chart.
    Terrain,
    /// `[[card:id]]`: a card with an `id`, printed as its title.
    Card,
}

impl RefKind {
    /// The kind a prefix or cell key names (`"ability"`); `None` if it names none.
    pub(crate) fn parse(s: &str) -> Option<RefKind> {
        Some(match s {
            "term" => RefKind::Term,
            "section" => RefKind::Section,
            "ability" => RefKind::Ability,
            "unit" => RefKind::Unit,
            "kind" => RefKind::Kind,
            "stat" => RefKind::Stat,
            "terrain" => RefKind::Terrain,
            "card" => RefKind::Card,
            _ => return None,
        })
    }

    /// The prefix or key that names it; the inverse of `parse`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            RefKind::Term => "term",
            RefKind::Section => "section",
            RefKind::Ability => "ability",
            RefKind::Unit => "unit",
            RefKind::Kind => "kind",
            RefKind::Stat => "stat",
            RefKind::Terrain => "terrain",
            RefKind::Card => "card",
        }
    }

    /// Every kind, for listing the keys a reference cell may use.
    pub(crate) const ALL: [RefKind; 8] = [
        RefKind::Term,
        RefKind::Section,
        RefKind::Ability,
        RefKind::Unit,
        RefKind::Kind,
        RefKind::Stat,
        RefKind::Terrain,
        RefKind::Card,
    ];
}

/// A cell of a written table.
#[derive(Debug)]
pub enum Cell {
    /// `"markup"`.
    Text(Text),
    /// `{ kind = "tank" }` and the like: a checked reference, printed as the target's name.
    Ref {
        /// What the key names (`kind`, `unit`, `ability`, `stat`, `section`, `term`).
        kind: RefKind,
        /// The id (for an ability, with its parameter).
        target: Sp<String>,
    },
}

/// What a `[[table]]` holds: rows the designer wrote, or rows generated from the abilities.
#[derive(Debug)]
pub enum TableBody {
    /// `header` and `rows`; every row has as many cells as the header (E017).
    Written {
        /// `header`: the heading row.
        header: Vec<Cell>,
        /// `rows`: each row's span and cells.
        rows: Vec<(Loc, Vec<Cell>)>,
    },
    /// `abilities_with`: one row per ability (and parameter value) that declares the trait,
    /// so the printed numbers are always the data's.
    Generated {
        /// `abilities_with`: the trait that selects the rows.
        abilities_with: Sp<String>,
        /// `traits`: the columns after the ability's name; default: that trait alone.
        traits: Vec<Sp<String>>,
        /// `sort = "descending"`: rows by the first trait column, largest first; default:
        /// the abilities' order.
        descending: bool,
    },
    /// `fire = { die = "D6", steps = 4, ratings = [1, 2, 3] }`: fire by steps, one die a step, a
    /// roll at or under the rating hitting (block games): a row per number of steps, a column
    /// per rating, each cell the hits on average and the chance of one or more.
    Fire {
        /// `die`: the die each step rolls, its sides.
        sides: Sp<i64>,
        /// `steps`: the most steps firing, 1 to 20: rows 1 to it.
        steps: Sp<i64>,
        /// `ratings`: the firepower ratings, each 1 to the die's sides less one.
        ratings: Vec<Sp<i64>>,
    },
}

impl TableBody {
    /// A fire table's cell: the hits `steps` dice score on average at `rating` on a die of
    /// `sides`, and the chance (0 to 1) of one hit or more.
    pub fn fire_odds(sides: i64, steps: i64, rating: i64) -> (f64, f64) {
        let p = rating.clamp(0, sides) as f64 / sides.max(1) as f64;
        (steps as f64 * p, 1.0 - (1.0 - p).powi(steps.clamp(0, 100) as i32))
    }
}

/// `[[table]]`: a table that sections show with `{ table = "id" }`.
#[derive(Debug)]
pub struct Table {
    /// `id`: what a section item names.
    pub id: Sp<String>,
    /// `title`: printed above the table.
    pub title: Option<Sp<String>>,
    /// The rows, written or generated.
    pub body: TableBody,
    /// `notes`: markup under the table.
    pub notes: Vec<Text>,
}

/// `[[sequence]]`: a sequence of play, shown by a section with `{ sequence = "id" }`.
#[derive(Debug)]
pub struct Sequence {
    /// `id`: what a section item names.
    pub id: Sp<String>,
    /// `title`: printed above the steps.
    pub title: Option<Sp<String>>,
    /// `steps`: in order of play.
    pub steps: Vec<Step>,
}

/// One entry of a sequence's `steps`: `{ title = "...", text = "...", steps = [...] }`.
#[derive(Debug)]
pub struct Step {
    /// `title`: markup, the step's name ("Phase A: attacker").
    pub title: Text,
    /// `text`: markup, what happens in it.
    pub text: Option<Text>,
    /// `steps`: its sub-steps, in order.
    pub steps: Vec<Step>,
}

/// `[[term]]`: a glossary term; `[[Name]]` in any markup refers to it.
#[derive(Debug)]
pub struct Term {
    /// `id`; default: the name in lower case with `-` for spaces.
    pub id: Sp<String>,
    /// `name`: as printed.
    pub name: Sp<String>,
    /// `aliases`: other spellings a `[[...]]` reference may use (matched case-insensitively).
    pub aliases: Vec<Sp<String>>,
    /// `text`: markup, the definition printed in the glossary.
    pub text: Option<Text>,
}

/// `[[changelog]]`: one rules version and what changed in it.
#[derive(Debug)]
pub struct ChangeEntry {
    /// `version`: entries must go up (E029), and the current `[game] version` needs one (E028).
    pub version: Sp<String>,
    /// `date`: as `YYYY-MM-DD`.
    pub date: Option<Sp<String>>,
    /// `items`: markup, one per change.
    pub items: Vec<Text>,
    /// What an item changed, when the designer says so: (item index, what, id), e.g.
    /// `{ text = "...", abilities = ["landing"] }`.
    pub refs: Vec<(usize, RefKind, Sp<String>)>,
}

/// Whether `s` is a rules version playaid can compare and print: an optional `v`, then
/// numbers and short words separated by `.`, `-`, `_` or a space, starting with a number
/// ("1.2", "2.0b", "v3", "1.4 beta"); at most 32 characters.
pub fn is_version(s: &str) -> bool {
    let t = s.trim().trim_start_matches(['v', 'V']);
    !t.is_empty()
        && s.len() <= 32
        && t.starts_with(|c: char| c.is_ascii_digit())
        && t.split(['.', '-', '_', ' ']).all(|seg| {
            let digits: String = seg.chars().take_while(|c| c.is_ascii_digit()).collect();
            !seg.is_empty() && seg.chars().all(|c| c.is_ascii_alphanumeric()) && digits.len() <= 18
        })
}

/// Compare two rules versions segment by segment, numerically where both are numbers:
/// 1.10 > 1.9, 2.0 > 1.4, 8 > 7b. Equal when every segment is.
pub(crate) fn compare_versions(a: &str, b: &str) -> std::cmp::Ordering {
    let seg = |s: &str| -> Vec<String> {
        s.trim().trim_start_matches(['v', 'V']).split(['.', '-', '_', ' ']).map(str::to_string).collect()
    };
    let (a, b) = (seg(a), seg(b));
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).map(String::as_str).unwrap_or("0");
        let y = b.get(i).map(String::as_str).unwrap_or("0");
        let ord = match (x.parse::<u64>(), y.parse::<u64>()) {
            (Ok(m), Ok(n)) => m.cmp(&n),
            _ => {
                // "7b": compare the leading number, then the rest as text.
                let split = |t: &str| {
                    let d: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
                    (d.parse::<u64>().unwrap_or(0), t[d.len()..].to_string())
                };
                split(x).cmp(&split(y))
            }
        };
        if ord != std::cmp::Ordering::Equal {
            return ord;
        }
    }
    std::cmp::Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_print_in_rule_number_order_whatever_the_file_order() {
        let loc = Loc { file: 0, span: 0..0 };
        let section = |id: &str, number: Option<&str>| Section {
            id: Sp::new(id.to_string(), loc.clone()),
            number: number.map(|n| Sp::new(n.to_string(), loc.clone())),
            title: Sp::new(id.to_string(), loc.clone()),
            summary: None,
            text: Vec::new(),
            list: ListStyle::Bullet,
            items: Vec::new(),
            after: Vec::new(),
            optional: false,
            house_rule: false,
            source: None,
            break_before: None,
            cheatsheet: true,
        };
        let game = Game {
            sections: vec![
                section("intro", None),
                section("naval", Some("1")),
                section("units", Some("3")),
                section("units-more", None),
                section("sohei", Some("3.1")),
                section("terrain", Some("2")),
                section("marsh", Some("2.10")),
                section("ocean", Some("2.9")),
            ],
            ..Game::default()
        };
        let order: Vec<&str> = game.sections_in_order().iter().map(|s| s.id.v.as_str()).collect();
        assert_eq!(order, ["intro", "naval", "terrain", "ocean", "marsh", "units", "units-more", "sohei"]);
    }

    fn ability(traits: Vec<(Sp<String>, TraitValue)>) -> Ability {
        let loc = Loc { file: 0, span: 0..0 };
        let sp = |s: &str| Sp::new(s.to_string(), loc.clone());
        Ability {
            id: sp("landing"),
            name: sp("Landing"),
            values: Some(Sp::new(vec![Sp::new(10, loc.clone()), Sp::new(5, loc.clone())], loc.clone())),
            groups: Vec::new(),
            stats: Vec::new(),
            text: None,
            short: None,
            traits,
        }
    }

    #[test]
    fn placeholders_are_names_in_braces_and_an_escaped_brace_is_none() {
        let raw = r"Carries {capacity} ({value}) \{value} { not one } {} {x-y_2}";
        let found: Vec<(&str, std::ops::Range<usize>)> =
            Ability::placeholders(raw).into_iter().map(|p| (p.key, p.range)).collect();
        assert_eq!(found, [("capacity", 8..18), ("value", 20..27), ("x-y_2", 53..60)]);
    }

    #[test]
    fn a_text_is_filled_with_the_parameter_and_that_parameter_s_trait() {
        let loc = Loc { file: 0, span: 0..0 };
        let per = TraitValue::PerParam(
            vec![
                (Sp::new(10, loc.clone()), Sp::new(Scalar::Int(2), loc.clone())),
                (Sp::new(5, loc.clone()), Sp::new(Scalar::Int(1), loc.clone())),
            ],
            loc.clone(),
        );
        let a = ability(vec![(Sp::new("capacity".into(), loc.clone()), per)]);
        let text = Text { raw: "Landing {value} carries {capacity}; {unknown} stays.".into(), loc };
        assert_eq!(a.filled(&text, Some(5)).raw, "Landing 5 carries 1; {unknown} stays.");
        assert_eq!(a.filled(&text, Some(10)).raw, "Landing 10 carries 2; {unknown} stays.");
        assert_eq!(a.filled(&text, None).raw, text.raw, "no parameter: nothing to fill");
    }
}
