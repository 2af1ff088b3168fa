//! Hex-and-counter charts: the combat results table (`[[crt]]`), the terrain effects chart
//! (`[[terrain]]`), the turn record track (`[turn_track]`) and the player aid card that shows
//! them (`[game.aid]`).

use crate::source::Loc;

use super::{Game, RefKind, Sp, Text};

/// `columns` on a `[[crt]]`: what the column headings stand for, which decides how they are
/// written and in what order they must come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrtColumns {
    /// `"odds"`: attack to defence ratios, `1-2`, `1-1`, `2-1` … in rising order.
    Odds,
    /// `"differential"`: attack minus defence, `-3` … `0` … `+3`, in rising order.
    Differential,
    /// `"named"`: any headings, in the order written.
    Named,
}

impl CrtColumns {
    /// The `columns` value that declares it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            CrtColumns::Odds => "odds",
            CrtColumns::Differential => "differential",
            CrtColumns::Named => "named",
        }
    }
}

/// One entry of a CRT's `rows`: the die result(s) it is for and one result per column.
#[derive(Debug)]
pub struct CrtRow {
    /// `roll`: one die result (`3`) or a span of them (`"2-4"`), both ends included.
    pub roll: Sp<(i64, i64)>,
    /// `results`: one result code per column (`"DR"`, `"EX"`, `"-"` for no effect).
    pub results: Vec<Sp<String>>,
    /// The row's inline table.
    pub loc: Loc,
}

/// One entry of a CRT's `legend`: a result code and what it means.
#[derive(Debug)]
pub struct CrtResult {
    /// `code`: as written in the cells (`"DR2"`).
    pub code: Sp<String>,
    /// `text`: markup, what happens.
    pub text: Option<Text>,
}

/// What a CRT modifier does: shift the column or change the die roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModifierEffect {
    /// `shift = -1`: columns to the right (positive) or left (negative).
    Shift(i64),
    /// `drm = 1`: added to the die roll.
    Drm(i64),
}

/// One entry of a CRT's `modifiers`: a column shift or die-roll modifier and what causes it.
#[derive(Debug)]
pub struct CrtModifier {
    /// `shift` or `drm`, with where it was written; none for a terrain modifier that takes
    /// the terrain's own `shift` and `drm` (written once, in `[[terrain]]`).
    pub effect: Option<Sp<ModifierEffect>>,
    /// `terrain`, `unit`, `ability`, `kind` or `section`: the cause, a checked reference.
    pub cause: Option<(RefKind, Sp<String>)>,
    /// `text`: markup, when it applies ("attacker out of supply").
    pub text: Option<Text>,
    /// The modifier's inline table.
    pub loc: Loc,
}

/// `[[crt]]`: a combat results table.
#[derive(Debug)]
pub struct Crt {
    /// `id`: what a section item `{ crt = "id" }` and the aid card name.
    pub id: Sp<String>,
    /// `title`: printed above it; default "Combat Results Table".
    pub title: Option<Sp<String>>,
    /// `columns`: what the headings stand for; default odds.
    pub columns: CrtColumns,
    /// `labels`: the column headings, in order.
    pub labels: Vec<Sp<String>>,
    /// `dice`: the roll that picks the row (`"1D6"`, `"2D6"`); as (count, sides).
    pub dice: Option<Sp<(i64, i64)>>,
    /// `rows`: one per die result (or span of results).
    pub rows: Vec<CrtRow>,
    /// `legend`: what each result code means.
    pub legend: Vec<CrtResult>,
    /// `modifiers`: column shifts and die-roll modifiers.
    pub modifiers: Vec<CrtModifier>,
    /// `notes`: markup under the table.
    pub notes: Vec<Text>,
    /// The whole `[[crt]]` table.
    pub loc: Loc,
}

/// A movement cost: one for every movement type, or one per type.
#[derive(Debug, Default)]
pub struct MoveCost {
    /// `move = 2`: the cost for every unit; as printed ("2", "all", "P").
    pub all: Option<Sp<String>>,
    /// `move = { foot = 1, motor = 2 }`: (movement type, cost), in the order written.
    pub by_type: Vec<(Sp<String>, Sp<String>)>,
}

/// `los` on a `[[terrain]]`: what the terrain does to line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineOfSight {
    /// `"clear"`: sight passes.
    Clear,
    /// `"hinders"`: sight passes with a penalty.
    Hinders,
    /// `"blocks"`: sight stops.
    Blocks,
}

impl LineOfSight {
    /// The value that declares it, as printed.
    pub(crate) fn name(self) -> &'static str {
        match self {
            LineOfSight::Clear => "clear",
            LineOfSight::Hinders => "hinders",
            LineOfSight::Blocks => "blocks",
        }
    }

    /// Its key among the words playaid prints (`los_hinders`).
    pub fn word_key(self) -> &'static str {
        match self {
            LineOfSight::Clear => "los_clear",
            LineOfSight::Hinders => "los_hinders",
            LineOfSight::Blocks => "los_blocks",
        }
    }
}

/// `[[terrain]]`: a kind of terrain, printed as a row of the terrain effects chart; rules
/// name it as `[[terrain:id]]`, CRT modifiers as `{ terrain = "id" }`.
#[derive(Debug)]
pub struct Terrain {
    /// `id`; default: from the name.
    pub id: Sp<String>,
    /// `name`: as printed.
    pub name: Sp<String>,
    /// `color`: the map colour, `#rrggbb`; shown as a swatch.
    pub color: Option<Sp<String>>,
    /// `pattern`: how maps draw it over its colour (`"trees"`, `"waves"` ...); default: the
    /// built-in pattern of its id, if any.
    pub pattern: Option<Sp<String>>,
    /// `hexside`: a hexside feature (river, ridge), listed apart; default false.
    pub hexside: bool,
    /// `line`: a line feature (road, railway) that units move along, listed apart; default
    /// false, and true for a terrain a map draws as a `[[map.line]]`.
    pub line: bool,
    /// `move`: movement cost to enter (or cross).
    pub movement: MoveCost,
    /// `shift`: CRT column shift for attacks into it (negative: to the left).
    pub shift: Option<Sp<i64>>,
    /// `defence`: the defender's strength is multiplied by it.
    pub defence: Option<Sp<i64>>,
    /// `drm`: die-roll modifier for attacks into it.
    pub drm: Option<Sp<i64>>,
    /// `los`: line of sight.
    pub los: Option<Sp<LineOfSight>>,
    /// `hindrance`: how much a terrain that hinders line of sight hinders it (a die-roll
    /// modifier to fire through it, 1 to 9).
    pub hindrance: Option<Sp<i64>>,
    /// `level`: the ground's level in a hex of it (a hill of level 1, 2 ...), 0 to 9.
    pub level: Option<Sp<i64>>,
    /// `height`: how many levels it stands above the ground (woods 1, a two-storey building
    /// 2, a wall on a hexside 1), 0 to 9: what it blocks or hinders is the sight lines below
    /// its top.
    pub height: Option<Sp<i64>>,
    /// `cover`: the modifier to fire at a unit in it (or behind it, on a hexside), -9 to 9.
    pub cover: Option<Sp<i64>>,
    /// `text`: markup, anything else.
    pub text: Option<Text>,
}

/// A movement cost of "P" (prohibited).
fn is_prohibited(c: &Sp<String>) -> bool {
    matches!(c.v.trim().to_ascii_lowercase().as_str(), "p" | "prohibited")
}

impl Terrain {
    /// No unit may enter it: its movement cost is "P" (prohibited) for every movement type.
    pub(crate) fn prohibited(&self) -> bool {
        let p = is_prohibited;
        let m = &self.movement;
        match (&m.all, m.by_type.is_empty()) {
            (Some(all), true) => p(all),
            (all, false) => m.by_type.iter().all(|(_, c)| p(c)) && all.as_ref().is_none_or(p),
            (None, true) => false,
        }
    }

    /// Units of kind `kind` may not enter it: it is prohibited for every unit, or its cost for
    /// that kind (a movement type named like the kind) is "P".
    pub(crate) fn prohibits(&self, kind: Option<&str>) -> bool {
        self.prohibited()
            || kind.is_some_and(|k| self.movement.by_type.iter().any(|(t, c)| t.v == k && is_prohibited(c)))
    }

    /// A line feature: written `line = true`, or drawn by a map's `[[map.line]]` (and not a
    /// hexside feature).
    pub(crate) fn is_line(&self, game: &super::Game) -> bool {
        self.line || (!self.hexside && game.maps.iter().any(|m| m.lines.iter().any(|l| l.terrain.v == self.id.v)))
    }
}

/// One box of the turn record track.
#[derive(Debug)]
pub struct Turn {
    /// `name`: as printed ("Oct I"); default: its number.
    pub name: Option<Sp<String>>,
    /// `weather`: as printed.
    pub weather: Option<Sp<String>>,
    /// `event`: markup, what happens on it.
    pub event: Option<Text>,
}

/// `[turn_track]`: the game's turns, printed as a row of boxes with each scenario's
/// reinforcements (`arrives = N` of scenario forces) on theirs.
#[derive(Debug)]
pub struct TurnTrack {
    /// `title`: default "Turn Record Track".
    pub title: Option<Sp<String>>,
    /// `turns`: the turns in order (`turns = 10` gives ten numbered ones).
    pub turns: Vec<Turn>,
    /// Where `turns` was written (the last turn a reinforcement may arrive on).
    pub loc: Loc,
}

/// `[game.aid]`: the player aid card, `aid.pdf`.
#[derive(Debug, Default)]
pub struct AidOptions {
    /// `sheet = true`: print it.
    pub sheet: bool,
    /// `sequence`: the sequence of play it shows; default the first `[[sequence]]`.
    pub sequence: Option<Sp<String>>,
    /// `tables`: the `[[table]]`s it shows besides the charts.
    pub tables: Vec<Sp<String>>,
    /// `tracks`: the `[[track]]`s it shows.
    pub tracks: Vec<Sp<String>>,
    /// `decks`: the `[[deck]]`s whose card lists it shows.
    pub decks: Vec<Sp<String>>,
    /// Where `sheet` is written, for findings about the card as a whole (W025).
    pub sheet_at: Option<crate::source::Loc>,
}

/// `[[track]]`: a numbered track (victory points, political will, morale): a row of boxes
/// from `from` to `to`, and the markers that move along it.
#[derive(Debug)]
pub struct Track {
    /// `id`: what `{ track = "id" }`, `[game.aid] tracks` and a scenario's `tracks` name;
    /// default: from the title.
    pub id: Sp<String>,
    /// `title`: "Victory Points".
    pub title: Sp<String>,
    /// `from`: the first box; default 0.
    pub from: Option<Sp<i64>>,
    /// `to`: the last box (required: none only in a game with that error).
    pub to: Option<Sp<i64>>,
    /// `markers`: what moves along it, each a side's id (its colour and name) or a name of
    /// its own; none: one marker, named after the track.
    pub markers: Vec<Sp<String>>,
    /// Whether `markers` is written but could not be read (its own finding): a scenario's
    /// starts on the track wait.
    pub broken: bool,
    /// The whole table.
    pub loc: Loc,
}

/// The most boxes a track may have (E018 beyond).
pub const MAX_TRACK_BOXES: i64 = 200;

impl Track {
    /// The first box's number.
    pub fn first(&self) -> i64 {
        self.from.as_ref().map_or(0, |f| f.v)
    }

    /// How many boxes it has, as written (`to - from + 1`, without overflow).
    pub fn len(&self) -> i128 {
        self.to.as_ref().map_or(0, |t| t.v as i128 - self.first() as i128 + 1)
    }

    /// Whether it has no box (no `to`, or `to` below `from`).
    pub fn is_empty(&self) -> bool {
        self.len() <= 0
    }

    /// Its markers as every output names and colours them: (marker id, none for a track's one
    /// unnamed marker; its name: its side's, its own, or the track's; its side's colour, else
    /// the game's accent, if any).
    pub fn marker_list<'g>(&'g self, game: &'g Game) -> Vec<(Option<&'g str>, String, Option<String>)> {
        let accent = game.meta.cheatsheet.accent.clone();
        if self.markers.is_empty() {
            return vec![(None, self.title.v.clone(), accent)];
        }
        (self.markers.iter())
            .map(|m| {
                let side = game.sides.iter().find(|s| s.id.v == m.v);
                let name = side.map_or(m.v.clone(), |s| s.name.v.clone());
                let color = side.and_then(|s| s.color.as_ref().map(|c| c.v.clone()));
                (Some(m.v.as_str()), name, color.or_else(|| accent.clone()))
            })
            .collect()
    }

    /// Its boxes' numbers, at most [`MAX_TRACK_BOXES`] of them (more is E018).
    pub fn boxes(&self) -> Vec<i64> {
        let n = self.len().clamp(0, MAX_TRACK_BOXES as i128) as i64;
        (0..n).map(|k| self.first().saturating_add(k)).collect()
    }
}

impl Game {
    /// What a CRT modifier does: its own `shift` or `drm`, or, when it names a terrain and
    /// gives neither, the terrain's; a terrain with neither but `cover` gives its cover as a
    /// die-roll modifier (a fire table's "+2 in a stone house"); none if the terrain has none of
    /// them, which the checker reports.
    pub(crate) fn modifier_effects(&self, m: &CrtModifier) -> Vec<ModifierEffect> {
        if let Some(e) = &m.effect {
            return vec![e.v];
        }
        let Some((RefKind::Terrain, id)) = &m.cause else { return Vec::new() };
        let Some(t) = self.terrain.iter().find(|t| t.id.v == id.v) else { return Vec::new() };
        let shift = t.shift.as_ref().map(|s| ModifierEffect::Shift(s.v));
        let drm = t.drm.as_ref().map(|d| ModifierEffect::Drm(d.v));
        let cover = t.cover.as_ref().filter(|_| shift.is_none() && drm.is_none()).map(|c| ModifierEffect::Drm(c.v));
        shift.into_iter().chain(drm).chain(cover).collect()
    }
}
