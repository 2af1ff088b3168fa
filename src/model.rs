//! The game data model: one model for every game. A game declares its own stats, kinds,
//! traits, abilities, units, rule sections, tables and sequences; nothing here knows any
//! particular game.

use std::path::PathBuf;

pub use crate::source::Sp;
use crate::source::{Files, Loc};

mod collections;
mod pieces;
mod scenario;
mod texts;
pub use collections::{Coll, Entity};
pub use pieces::*;
pub use scenario::*;

/// A markup field: Typst markup plus `[[...]]` references. `loc` is the span of the whole
/// TOML string literal (quotes included); offsets inside `raw` map back through
/// `crate::load::strings::raw_offset`.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub raw: String,
    pub loc: Loc,
}

#[derive(Debug, Default)]
pub struct Game {
    pub root: PathBuf,
    pub files: Files,
    pub meta: Meta,
    pub sides: Vec<Side>,
    pub stats: Vec<Stat>,
    pub kinds: Vec<Kind>,
    pub traits: Vec<Trait>,
    pub groups: Vec<Group>,
    pub abilities: Vec<Ability>,
    pub units: Vec<Unit>,
    pub sections: Vec<Section>,
    pub tables: Vec<Table>,
    pub sequences: Vec<Sequence>,
    pub terms: Vec<Term>,
    pub changelog: Vec<ChangeEntry>,
    pub todos: Vec<Text>,
    pub counter_options: CounterOptions,
    pub counter_groups: Vec<CounterGroup>,
    pub counters: Vec<Counter>,
    pub card_options: CardOptions,
    pub card_backs: Vec<CardBack>,
    pub cards: Vec<Card>,
    pub scenario_settings: Vec<ScenarioSetting>,
    pub scenario_limits: ScenarioLimits,
    pub scenarios: Vec<Scenario>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PageSize {
    #[default]
    A4,
    UsLetter,
}

impl PageSize {
    pub fn parse(s: &str) -> Option<PageSize> {
        match s.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "a4" => Some(PageSize::A4),
            "us-letter" | "letter" => Some(PageSize::UsLetter),
            _ => None,
        }
    }

    pub fn typst_name(self) -> &'static str {
        match self {
            PageSize::A4 => "a4",
            PageSize::UsLetter => "us-letter",
        }
    }
}

#[derive(Debug, Default)]
pub struct Meta {
    pub id: Option<Sp<String>>,
    pub title: Option<Sp<String>>,
    pub system: Option<Sp<String>>,
    pub version: Option<Sp<String>>,
    pub date: Option<Sp<String>>,
    pub authors: Vec<Sp<String>>,
    pub page: Option<Sp<PageSize>>,
    pub intro: Option<Text>,
    pub credits: Option<Text>,
    pub cheatsheet: CheatsheetOptions,
    /// `[game.changelog] sheet = true`: print the changelog as its own sheet, changelog.pdf.
    pub changelog_sheet: bool,
    /// Where `[game]` was written (or the start of game.toml).
    pub loc: Loc,
}

impl Meta {
    pub fn id(&self) -> &str {
        self.id.as_ref().map(|s| s.v.as_str()).unwrap_or("game")
    }
    pub fn version(&self) -> &str {
        self.version.as_ref().map(|s| s.v.as_str()).unwrap_or("0")
    }
}

#[derive(Debug, Clone)]
pub struct CheatsheetOptions {
    pub page: Option<Sp<PageSize>>,
    pub landscape: bool,
    pub columns: u8,
    pub font_size: f64,
    pub changelog: bool,
    pub todo: bool,
    pub glossary: bool,
    pub accent: Option<String>,
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
        }
    }
}

#[derive(Debug)]
pub struct Side {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub color: Option<Sp<String>>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ValueType {
    Int { min: Option<Sp<i64>>, max: Option<Sp<i64>> },
    Dice,
    Text,
    Bool,
}

impl ValueType {
    pub fn name(&self) -> &'static str {
        match self {
            ValueType::Int { .. } => "int",
            ValueType::Dice => "dice",
            ValueType::Text => "text",
            ValueType::Bool => "bool",
        }
    }
}

#[derive(Debug)]
pub struct Stat {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub abbr: Option<Sp<String>>,
    pub ty: ValueType,
    pub suffix: Option<String>,
}

impl Stat {
    pub fn abbr(&self) -> &str {
        self.abbr.as_ref().unwrap_or(&self.name).v.as_str()
    }
}

#[derive(Debug)]
pub struct Kind {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub stats: Vec<Sp<String>>,
    pub optional_stats: Vec<Sp<String>>,
}

#[derive(Debug)]
pub struct Trait {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub ty: ValueType,
}

#[derive(Debug)]
pub struct Group {
    pub id: Sp<String>,
    pub name: Option<Sp<String>>,
    pub requires: Vec<Sp<String>>,
}

/// A scalar value written in the data (a stat or trait value).
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
}

impl Scalar {
    pub fn display(&self) -> String {
        match self {
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(true) => "yes".into(),
            Scalar::Bool(false) => "no".into(),
            Scalar::Str(s) => s.clone(),
        }
    }

    pub fn type_name(&self) -> &'static str {
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
    One(Sp<Scalar>),
    PerParam(Vec<(Sp<i64>, Sp<Scalar>)>, Loc),
}

#[derive(Debug)]
pub struct Ability {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub values: Option<Sp<Vec<Sp<i64>>>>,
    pub groups: Vec<Sp<String>>,
    pub stats: Vec<Sp<String>>,
    pub text: Option<Text>,
    pub short: Option<Text>,
    pub traits: Vec<(Sp<String>, TraitValue)>,
}

impl Ability {
    pub fn label(&self, param: Option<i64>) -> String {
        match param {
            Some(p) => format!("{} {}", self.name.v, p),
            None => self.name.v.clone(),
        }
    }
}

/// `"landing 10"`: an ability named with its parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct AbilityRef {
    pub id: String,
    pub param: Option<i64>,
    pub loc: Loc,
}

impl AbilityRef {
    pub fn parse(s: &str, loc: Loc) -> AbilityRef {
        let s = s.trim();
        if let Some((id, tail)) = s.rsplit_once(' ')
            && let Ok(n) = tail.trim().parse::<i64>()
        {
            return AbilityRef { id: id.trim().to_string(), param: Some(n), loc };
        }
        AbilityRef { id: s.to_string(), param: None, loc }
    }
}

#[derive(Debug)]
pub struct Unit {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub kind: Option<Sp<String>>,
    pub side: Option<Sp<String>>,
    pub stats: Vec<(Sp<String>, Sp<Scalar>)>,
    pub stat_notes: Vec<(Sp<String>, Text)>,
    pub abilities: Vec<AbilityRef>,
    pub notes: Vec<Text>,
    pub quantity: Option<Sp<i64>>,
    pub image: Option<Sp<String>>,
    pub loc: Loc,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListStyle {
    Bullet,
    Numbered,
}

#[derive(Debug)]
pub struct Section {
    pub id: Sp<String>,
    pub number: Option<Sp<String>>,
    pub title: Sp<String>,
    pub summary: Option<Text>,
    pub text: Vec<Text>,
    pub list: ListStyle,
    pub items: Vec<Item>,
    pub after: Vec<Text>,
    pub optional: bool,
    pub house_rule: bool,
    pub source: Option<String>,
    pub break_before: Option<String>,
    pub cheatsheet: bool,
}

#[derive(Debug)]
pub enum Item {
    Text { text: Text, items: Vec<Item> },
    Label(Text),
    Note(Text),
    Table(Sp<String>),
    Sequence(Sp<String>),
    Unit(Sp<String>),
}

/// What a `[[prefix:...]]` reference or a reference cell points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    Term,
    Section,
    Ability,
    Unit,
    Kind,
    Stat,
}

impl RefKind {
    pub fn parse(s: &str) -> Option<RefKind> {
        Some(match s {
            "term" => RefKind::Term,
            "section" => RefKind::Section,
            "ability" => RefKind::Ability,
            "unit" => RefKind::Unit,
            "kind" => RefKind::Kind,
            "stat" => RefKind::Stat,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            RefKind::Term => "term",
            RefKind::Section => "section",
            RefKind::Ability => "ability",
            RefKind::Unit => "unit",
            RefKind::Kind => "kind",
            RefKind::Stat => "stat",
        }
    }

    pub const ALL: [RefKind; 6] =
        [RefKind::Term, RefKind::Section, RefKind::Ability, RefKind::Unit, RefKind::Kind, RefKind::Stat];
}

#[derive(Debug)]
pub enum Cell {
    Text(Text),
    Ref { kind: RefKind, target: Sp<String> },
}

#[derive(Debug)]
pub enum TableBody {
    Written { header: Vec<Cell>, rows: Vec<(Loc, Vec<Cell>)> },
    Generated { abilities_with: Sp<String>, traits: Vec<Sp<String>>, descending: bool },
}

#[derive(Debug)]
pub struct Table {
    pub id: Sp<String>,
    pub title: Option<Sp<String>>,
    pub body: TableBody,
    pub notes: Vec<Text>,
}

#[derive(Debug)]
pub struct Sequence {
    pub id: Sp<String>,
    pub title: Option<Sp<String>>,
    pub steps: Vec<Step>,
}

#[derive(Debug)]
pub struct Step {
    pub title: Text,
    pub text: Option<Text>,
    pub steps: Vec<Step>,
}

#[derive(Debug)]
pub struct Term {
    pub id: Sp<String>,
    pub name: Sp<String>,
    pub aliases: Vec<Sp<String>>,
    pub text: Option<Text>,
}

#[derive(Debug)]
pub struct ChangeEntry {
    pub version: Sp<String>,
    pub date: Option<Sp<String>>,
    pub items: Vec<Text>,
    /// What an item changed, when the designer says so: (item index, what, id), e.g.
    /// `{ text = "...", abilities = ["landing"] }`.
    pub refs: Vec<(usize, RefKind, Sp<String>)>,
}

/// Compare two rules versions segment by segment, numerically where both are numbers:
/// 1.10 > 1.9, 2.0 > 1.4, 8 > 7b. Equal when every segment is.
pub fn compare_versions(a: &str, b: &str) -> std::cmp::Ordering {
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
