//! Findings (errors and warnings) with stable codes, located in the user's files, printed the
//! way rustc prints them.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use serde::Serialize;

use crate::source::{Files, Loc, floor_char_boundary as floor_char};

/// A stable diagnostic code: the code users search for, and a short name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    /// `E006`: E for errors (the build fails), W for warnings; never reused or renumbered.
    pub code: &'static str,
    /// `unknown-reference`: a kebab-case name for the same finding, in JSON and annotations.
    pub name: &'static str,
}

macro_rules! codes {
    ($($(#[$doc:meta])* $ident:ident = $code:literal $name:literal;)*) => {
        $($(#[$doc])* pub const $ident: Code = Code { code: $code, name: $name };)*
        /// Every code playaid can emit, in order.
        pub const ALL_CODES: &[Code] = &[$($ident),*];
    };
}

codes! {
    /// A file is not valid TOML.
    TOML_SYNTAX = "E001" "toml-syntax";
    /// A key playaid does not read there (usually a typo; with did-you-mean).
    UNKNOWN_FIELD = "E002" "unknown-field";
    /// A required key is missing (`title` on `[game]`, `unit` or `name` on a counter).
    MISSING_FIELD = "E003" "missing-field";
    /// A value of the wrong TOML type: a string where a table or array goes, and so on.
    WRONG_TYPE = "E004" "wrong-type";
    /// Two entries of one collection share an id (across all files).
    DUPLICATE_ID = "E005" "duplicate-id";
    /// An id or a `[[...]]` reference names nothing defined.
    UNKNOWN_REFERENCE = "E006" "unknown-reference";
    /// An ability lacks a trait its group requires, or a value of it for one parameter.
    MISSING_TRAIT = "E007" "missing-trait";
    /// An ability that takes values (`landing 10`) is named without one.
    PARAM_MISSING = "E008" "parameter-missing";
    /// A parameter the ability does not take: not in its `values`, or it has none.
    PARAM_NOT_ALLOWED = "E009" "parameter-not-allowed";
    /// A unit lacks a stat its kind requires.
    STAT_MISSING = "E010" "stat-missing";
    /// A stat value does not match the stat's `type` (text for an int, a bad dice expression).
    STAT_TYPE = "E011" "stat-type";
    /// An int stat value outside the stat's `min` and `max`.
    STAT_RANGE = "E012" "stat-out-of-range";
    /// An `image` path names no file.
    IMAGE_MISSING = "E013" "image-missing";
    /// An image file is not a PNG, JPEG, GIF or WebP picture playaid can read.
    IMAGE_UNDECODABLE = "E014" "image-undecodable";
    /// An `image` path leads outside the game folder (the build may only read inside it).
    IMAGE_OUTSIDE = "E015" "image-outside-game";
    /// A markup field is not valid Typst markup, or a `[[...]]` reference is malformed.
    MARKUP_SYNTAX = "E016" "markup-syntax";
    /// A written table's row has more or fewer cells than its header.
    TABLE_ROW_LENGTH = "E017" "table-row-length";
    /// A value of the right type that is not allowed: an unknown page size, colour, length.
    INVALID_VALUE = "E018" "invalid-value";
    /// A trait value does not match the trait's `type`, `min` or `max`.
    TRAIT_VALUE = "E019" "trait-value";
    /// A unit has a stat its kind neither requires nor allows.
    STAT_NOT_ALLOWED = "E020" "stat-not-for-kind";
    /// Typst could not compile a document (usually a custom template's error).
    RENDER = "E021" "render";
    /// A file could not be read or written.
    IO = "E022" "io";
    /// Text does not fit its card or counter slot, even at `min_font_size`; says by how much.
    TEXT_OVERFLOW = "E023" "text-overflow";
    /// A picture prints below 150 dpi at its printed size: it would print blurred.
    IMAGE_RESOLUTION = "E024" "image-resolution";
    /// A counter or card (with bleed) is larger than the page inside its margins.
    PIECE_TOO_LARGE = "E025" "piece-too-large";
    /// A `{placeholder}` in a counter layout that a counter has no value for.
    UNKNOWN_PLACEHOLDER = "E026" "unknown-placeholder";
    /// A counter `symbol` has words that are not part of a NATO symbol.
    UNIT_SYMBOL = "E027" "unit-symbol";
    /// The game keeps a changelog but the current `[game] version` has no entry.
    CHANGELOG_MISSING_VERSION = "E028" "changelog-missing-version";
    /// Changelog versions do not go up, oldest first.
    CHANGELOG_ORDER = "E029" "changelog-order";
    /// A scenario `requires` a rules version newer than `[game] version`.
    SCENARIO_VERSION = "E030" "scenario-needs-newer-rules";
    /// A scenario's `optional_rules` names a section without `optional = true`.
    SCENARIO_NOT_OPTIONAL = "E031" "scenario-rule-not-optional";
    /// A scenario side lists no forces.
    SCENARIO_NO_FORCES = "E032" "scenario-side-without-forces";
    /// A scenario side is over `[scenario_limits]` (points or units).
    SCENARIO_LIMIT = "E033" "scenario-over-limit";
    /// A scenario setting not declared, with a value not allowed, or required and missing.
    SCENARIO_SETTING = "E034" "scenario-setting";
    /// A markup field holds code outside what a text may use (loops, `let`, rules, functions
    /// other than text styling): refused so that evaluating texts is bounded.
    MARKUP_NOT_ALLOWED = "E035" "markup-not-allowed";
    /// Typst cannot evaluate a markup field's code (an unknown symbol, a wrong argument).
    MARKUP_EVAL = "E036" "markup-eval";
    /// A character no font has (neither the embedded fonts nor the game's `fonts/`): it would
    /// print as an empty box.
    MISSING_GLYPH = "E037" "missing-glyph";
    /// A file in the game's `fonts/` folder that is not a font playaid can read, or too large.
    FONT_FILE = "E038" "font-file";
    /// playaid stopped a step that went over its time or memory limit (usually a game's own
    /// template that loops); nothing is written.
    RESOURCE_LIMIT = "E039" "resource-limit";
    /// A CRT cell holds a result code its `results` legend does not define.
    CRT_RESULT_UNDEFINED = "E040" "crt-result-undefined";
    /// A CRT's rows miss a result of its dice, give one twice, or go outside what they roll.
    CRT_DIE_ROLL = "E041" "crt-die-roll";
    /// A CRT's column headings are not odds or differentials as declared, are out of order, or
    /// a row has more or fewer results than there are columns.
    CRT_COLUMNS = "E042" "crt-columns";
    /// A scenario force arrives, or a scenario ends, on a turn the turn record track does not
    /// have.
    TURN_PAST_TRACK = "E043" "turn-past-track";
    /// `[exports] dpi` (or `--dpi`) is not a number from 50 to 1200.
    EXPORT_DPI = "E060" "export-dpi";
    /// `[exports] base_url` (or `--base-url`) is not an absolute http(s) or file URL that file
    /// names can be added to.
    EXPORT_BASE_URL = "E061" "export-base-url";
    /// A card names a layout that is neither built in nor a `[[card_layout]]`.
    UNKNOWN_CARD_LAYOUT = "E044" "unknown-card-layout";
    /// A card layout's `zones` names a zone cards do not have, or one twice.
    UNKNOWN_CARD_ZONE = "E045" "unknown-card-zone";
    /// A card's layout leaves out a zone the card has data for: it would not be printed.
    CARD_DROPS_DATA = "E046" "card-drops-data";
    /// A card names more than one rule to print (`section` and `table`, `unit` and `ability`).
    CARD_REFERENCES = "E047" "card-references";

    // Icons (docs/icons.md).
    /// An icon name (`icon = "..."`, `#icon("...")`, `{icon:...}`) names neither a built-in
    /// icon nor one of the game's `icons/` folder.
    UNKNOWN_ICON = "E065" "unknown-icon";
    /// `#icon(...)` without one name in quotes, `#die(...)` without a face from 1 to 6, or an
    /// `{icon:...}` slot with other text.
    ICON_CALL = "E066" "icon-call";
    /// A file of the game's `icons/` folder cannot be an icon: its name is not an icon name,
    /// or it is not an SVG picture Typst can read.
    ICON_FILE = "E067" "icon-file";
    /// The game's `icons/` folder holds too many icons, or one too large.
    ICON_LIMIT = "E068" "icon-limit";

    /// A map cell name that is not one of the map's coordinate scheme, or names a cell the map
    /// (or the scenario's window of it) does not have.
    CELL_OFF_MAP = "E050" "cell-off-map";
    /// A map cell listed under two different terrains.
    CELL_TWO_TERRAINS = "E051" "cell-two-terrains";
    /// A hexside or line step between cells that are not neighbours, or a side name the grid
    /// does not have.
    NOT_ADJACENT = "E052" "not-adjacent";
    /// A scenario force sets up outside its side's set-up areas.
    SETUP_OUTSIDE_AREA = "E053" "setup-outside-area";
    /// A reinforcement's entry cell is not on an edge of the map (or of the scenario's window).
    ENTRY_NOT_ON_EDGE = "E054" "entry-not-on-edge";
    /// More units in one map cell at set-up than the game's `units_per_cell`.
    STACKING_OVER_LIMIT = "E055" "stacking-over-limit";
    /// A map with more than 200 columns or rows, or a cell size outside 5 to 100 mm.
    MAP_BOUNDS = "E056" "map-bounds";
    /// A force names a counter id that several counters of its unit and side share.
    COUNTER_AMBIGUOUS = "E057" "counter-ambiguous";
    /// A scenario sets up one counter more often than the game prints it.
    COUNTER_PLACED_TWICE = "E058" "counter-placed-twice";
    /// A force names a counter of another side.
    COUNTER_OTHER_SIDE = "E059" "counter-of-other-side";
    /// A scenario fields more of a unit than the game has counters for.
    MORE_THAN_COUNTERS = "E073" "more-than-counters";
    /// A scenario sets a unit up in a cell whose terrain no unit may enter (`move = "P"`).
    SETUP_PROHIBITED = "E074" "setup-prohibited";
    /// A deck part holds no card, or not the `count` it declares.
    DECK_PART_COUNT = "E075" "deck-part-count";
    /// A turn's hands need more cards than the deck holds by that turn.
    DEAL_EXCEEDS_DECK = "E076" "deal-exceeds-deck";
    /// Two cards of one deck share a card number.
    CARD_NUMBER_TWICE = "E077" "card-number-twice";
    /// A block whose steps cannot go on its edges: more than four, a step without the stat, a
    /// value that cannot be counted down or shown as pips, or marks that do not fit along an
    /// edge; or a unit's block `count` that is no whole number.
    BLOCK_STEPS = "E078" "block-steps";
    /// A block sticker asked for what a block cannot show: a back (the block's other faces are
    /// its side's colour), a slot or stripe along the edges its steps use, or a size that is
    /// not square.
    BLOCK_LAYOUT = "E079" "block-layout";
    /// An ability no unit has and nothing refers to (or a generated table left empty).
    UNUSED_ABILITY = "W001" "unused-ability";
    /// A glossary term no markup refers to.
    UNUSED_TERM = "W002" "unused-term";
    /// Two sections have the same `number`.
    DUPLICATE_NUMBER = "W003" "duplicate-section-number";
    /// Typst warned while compiling a document.
    RENDER_WARNING = "W004" "render-warning";
    /// A picture prints between 150 and 300 dpi: usable, but not sharp.
    IMAGE_RESOLUTION_LOW = "W005" "image-resolution-low";
    /// No side of a scenario can reach its `victory_points`.
    SCENARIO_UNWINNABLE = "W006" "scenario-unwinnable";
    /// A key written in an old spelling (or a length without its unit): it still works, the
    /// warning names the new spelling.
    DEPRECATED_SPELLING = "W007" "deprecated-spelling";
    /// A result code in a CRT's legend that no cell uses.
    CRT_RESULT_UNUSED = "W008" "crt-result-unused";
    /// A virtual-tabletop export is asked for (`[exports]`, `--png`, `--tts`) but the game has
    /// no counters or cards to put on a table: nothing is written for it.
    EXPORT_NOTHING = "W014" "export-nothing";
    /// A card's subtitle says the same as its title.
    SUBTITLE_REPEATS_TITLE = "W009" "subtitle-repeats-title";
    /// A card or card back has the rules version typed into its text: it goes stale with the
    /// next version (the footer and back print the version from `[game]`).
    VERSION_IN_CARD_TEXT = "W010" "version-in-card-text";
    /// A terrain drawn on a map with no `color` and no built-in look: it prints as plain clear.
    TERRAIN_NO_COLOUR = "W011" "terrain-no-colour";
    /// Set-up areas of two different sides share cells.
    SETUP_AREAS_OVERLAP = "W012" "setup-areas-overlap";
    /// Two sides' colours print as nearly the same grey (Rec. 709 or 601 luma within 10 %): in black
    /// and white their counters and cards look alike. Advice: `deny` raises it.
    SAME_GREY = "W020" "same-grey";
    /// Text on a counter or card printing below the absolute minimum of 4 pt (unless the game
    /// lowers its own floor under it), or below a floor the game sets itself (`floor` in its
    /// `[[counter_group]]` or `[cards]`).
    TEXT_BELOW_FLOOR = "E070" "text-below-floor";
    /// Text on a counter or card at 4 pt or more but below the advised size (5 pt for counter
    /// text, 7 pt bold for a counter's factors, 6.5 pt for card text), or factors set regular.
    /// Advice: `deny` raises it.
    TEXT_BELOW_ADVICE = "W022" "text-below-advised-size";
    /// Text set closer than 1 mm to a cut line (a `safe` below 1 mm).
    TEXT_NEAR_CUT = "E071" "text-near-cut";
    /// A counter's factors printing smaller than its other text.
    FACTORS_SMALL = "W016" "factors-small";
    /// An icon of the game's `icons/` folder that no text, stat, counter or layout names.
    UNUSED_ICON = "W015" "unused-icon";
    /// A road or railway a map draws that the game's terrain chart does not list.
    LINE_NOT_ON_CHART = "W013" "line-not-on-chart";
    /// A map label that covers a cell's number, another label, a unit block or an objective.
    MAP_TEXT_COVERED = "W017" "map-text-covered";
    /// A card of a strategy deck with a back of its own: in the players' hands its back tells
    /// it from the deck's other cards.
    BACK_MARKS_CARD = "W018" "back-marks-card";
    /// A deck part that joins after the game's last turn (its turn track's, else its longest
    /// scenario's): its cards never come into play.
    PART_NEVER_JOINS = "W019" "part-never-joins";
    /// An area of a map of areas that no connection leads to from the map's first area.
    AREA_UNREACHABLE = "W021" "area-unreachable";
    /// A hexside feature (`hexside = true`: a river, a ridge) listed under `[map.cells]`, or a
    /// terrain of whole cells listed under `[map.hexsides]`: it would be drawn as the wrong thing.
    TERRAIN_WRONG_LIST = "E080" "terrain-in-wrong-list";
    /// A translation whose references by id or placeholders differ from its source's, or a
    /// translations file that is not a PO file.
    TRANSLATION_MARKUP = "E081" "translation-markup";
    /// Geomorphic boards that cannot be laid side by side as a scenario arranges them, or a
    /// hex board whose edges cannot meet another's (`short`, an odd number of columns).
    BOARDS_DO_NOT_FIT = "E082" "boards-do-not-fit";
    /// A scenario force (`unit = ..., count = ...`) fields a unit of another side: a slip, or
    /// a side that fields the other's units on purpose (captured or allied troops).
    FORCE_OTHER_SIDE = "W024" "force-of-other-side";
    /// The player aid card's charts need more columns than its page has, even at the
    /// cheatsheet's body size: the card runs onto a second page.
    AID_RUNS_ON = "W025" "aid-card-runs-on";
    /// A card whose text is set smaller than the other cards of its layout: it would drag the
    /// whole deck's text size down (`[cards] same_size`).
    CARD_SMALLER_THAN_DECK = "W026" "card-smaller-than-its-deck";
    /// A block's steps that only rise: written weakest first, the sticker would gain a step
    /// with each quarter turn (unless a lower value is the stronger).
    BLOCK_STEPS_RISING = "W027" "block-steps-rising";
    /// Two cards with the same `id`: `[[card:id]]`, a changelog item, `diff` and the PNG name
    /// find the first only. A warning, as a card's id named nothing before it could be
    /// referenced.
    DUPLICATE_CARD_ID = "W028" "duplicate-card-id";
    /// A counter's stripe that prints as nearly the grey of the face under it: in black and
    /// white the stripe vanishes.
    STRIPE_SAME_GREY = "W029" "stripe-same-grey";
    /// A translation made for another text than the data says now (or marked fuzzy): not
    /// used, the text prints in the source language until it is revised.
    TRANSLATION_STALE = "W030" "translation-stale";
    /// A terrain that blocks or hinders line of sight with neither a `height` nor a `level`:
    /// no one can say which sight lines it stops.
    LOS_WITHOUT_HEIGHT = "W031" "line-of-sight-without-height";
    /// A file in `translations/` whose name is no language code: it is not read.
    TRANSLATION_UNNAMED = "W032" "translation-file-unnamed";
    /// Hex boards laid side by side whose shared half hexes are of different terrain: the hex
    /// prints and plays as the first board's.
    SEAM_TERRAIN = "W033" "seam-terrain-differs";
    /// A strategy card marked to leave the game or stay in play after its event, with no event
    /// of its own: the mark prints on a card no one can play for its event.
    AFTER_WITHOUT_EVENT = "W034" "after-without-event";
    /// A scenario fielding more of a unit than the counters or blocks a group prints for the
    /// unit's kind (E073 for the counters a `[[counter]]` names).
    MORE_THAN_GENERATED = "W035" "more-than-generated";
}

/// A code playaid no longer emits. Its `explain` page stays and says what took its place, so that
/// an old CI log can still be looked up (rustc keeps the pages of its retired codes too).
#[derive(Debug, Clone, Copy)]
pub struct Retired {
    /// `E072`.
    pub code: &'static str,
    /// `same-grey`.
    pub name: &'static str,
    /// The code that reports the same thing now.
    pub by: Code,
}

/// Every retired code, oldest first. A code is never reused: a finding that goes back to being
/// a warning takes its warning code again.
pub const RETIRED: &[Retired] = &[Retired { code: "E072", name: "same-grey", by: SAME_GREY }];

/// Warnings a game or a run raises to errors, as rustc's `-D warnings` and `#![deny(...)]` do:
/// `deny = ["W020"]` in `[game]`, `--deny warnings` on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deny {
    /// `warnings`: every warning.
    pub warnings: bool,
    /// Single warnings by code.
    pub codes: Vec<&'static str>,
}

impl Deny {
    /// Add one entry: `warnings`, a warning's code (`W020`, `w20`) or its name (`same-grey`). A
    /// retired code adds the warning that took its place and is returned, for a W007 with a
    /// fix. The error says what was meant: an error code, or a did-you-mean.
    pub fn add(&mut self, entry: &str) -> Result<Option<&'static Retired>, String> {
        let e = entry.trim();
        if e.eq_ignore_ascii_case("warnings") {
            self.warnings = true;
            return Ok(None);
        }
        // `W020`, `w20`: the letter, then the number in digits.
        let number = |c: &str| {
            c.get(1..)
                .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse::<u32>().ok())
        };
        let same = |c: &str| {
            c.eq_ignore_ascii_case(e)
                || (e.get(..1).is_some_and(|p| c[..1].eq_ignore_ascii_case(p))
                    && number(c).is_some()
                    && number(c) == number(e))
        };
        let retired = RETIRED.iter().find(|r| same(r.code));
        let found = ALL_CODES.iter().find(|c| same(c.code) || c.name.eq_ignore_ascii_case(e));
        let Some(code) = found.or(retired.map(|r| &r.by)) else {
            let candidates = ALL_CODES.iter().filter(|c| c.code.starts_with('W')).flat_map(|c| [c.code, c.name]);
            return Err(match did_you_mean(e, candidates.chain(["warnings"])) {
                Some(s) => format!("`{e}` is no warning: did you mean `{s}`?"),
                None => format!(
                    "`{e}` is no warning: write `warnings`, or a warning's code such as W020 (`playaid explain` lists them)"
                ),
            });
        };
        if code.code.starts_with('E') {
            return Err(format!("`{}` is an error already: `deny` raises warnings (W...)", code.code));
        }
        if !self.codes.contains(&code.code) {
            self.codes.push(code.code);
        }
        Ok(retired)
    }

    /// Whether it raises nothing.
    pub fn is_empty(&self) -> bool {
        !self.warnings && self.codes.is_empty()
    }

    /// Whether a finding of `code` becomes an error.
    pub fn denies(&self, code: Code) -> bool {
        code.code.starts_with('W') && (self.warnings || self.codes.contains(&code.code))
    }
}

/// Raise each warning `deny` names (follow-ons included) to an error, with a note saying which
/// setting did (`by`: "`deny` in \[game\]", "`--deny warnings`").
pub fn raise(diags: &mut [Diagnostic], deny: &Deny, by: &str) {
    if deny.is_empty() {
        return;
    }
    for d in diags.iter_mut() {
        if !d.is_error() && deny.denies(d.code) {
            d.severity = Severity::Error;
            d.notes.push(format!("a warning, made an error by {by}"));
        }
        raise(&mut d.follow_ons, deny, by);
    }
}

/// Whether a finding stops the build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The data is wrong: no PDFs are written, the exit code is 1.
    Error,
    /// Worth a look; the build goes on.
    Warning,
}

/// One finding: what is wrong, where, and how to fix it, rendered as rustc renders its own.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Its stable code (`E006 unknown-reference`).
    pub code: Code,
    /// The headline: what is wrong, naming the thing ("unknown kind `tnak`").
    pub message: String,
    /// Where; `None` for findings about the folder as a whole.
    pub loc: Option<Loc>,
    /// A short label under the caret.
    pub label: Option<String>,
    /// How to fix it, printed as `help:`; did-you-mean suggestions go here.
    pub help: Option<String>,
    /// Further context, each printed as `note:`.
    pub notes: Vec<String>,
    /// This finding only follows from the finding at this place (a kind's misspelt stat id makes
    /// every unit of the kind miss a stat): it is shown inside that one, its root cause.
    pub because: Option<Loc>,
    /// The findings that follow from this one and go away when it is fixed.
    pub follow_ons: Vec<Diagnostic>,
    /// A mechanical fix `playaid fix` may apply (a renamed key, a length's unit, the one
    /// did-you-mean that fits).
    pub fix: Option<Fix>,
}

/// A fix of a finding that needs no judgement: at `loc`, the text `from` becomes `to`. Written
/// `"from"` (a quoted key or a string), it becomes `"to"`. Applied only where the file still
/// reads `from` there, so a fix never lands on text it was not made for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// Where the text to replace is.
    pub loc: Loc,
    /// The text there now (without quotes).
    pub from: String,
    /// What it becomes.
    pub to: String,
}

impl Diagnostic {
    /// An error with this code and message, not yet located.
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            loc: None,
            label: None,
            help: None,
            notes: Vec::new(),
            because: None,
            follow_ons: Vec::new(),
            fix: None,
        }
    }

    /// A warning with this code and message, not yet located.
    pub(crate) fn warning(code: Code, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    /// Locate it at `loc`, where the caret goes.
    pub(crate) fn at(mut self, loc: &Loc) -> Self {
        self.loc = Some(loc.clone());
        self
    }

    /// Set the short label under the caret.
    pub(crate) fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Set the `help:` line.
    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Add a `note:` line.
    pub(crate) fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Attach a mechanical fix: at `loc`, `from` becomes `to` (see [`Fix`]).
    pub(crate) fn fix(mut self, loc: &Loc, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.fix = Some(Fix { loc: loc.clone(), from: from.into(), to: to.into() });
        self
    }

    /// Mark it as following from the finding at `root`, if any (see [`fold_follow_ons`]).
    pub(crate) fn because_of(mut self, root: Option<&Loc>) -> Self {
        if let Some(r) = root {
            self.because = Some(r.clone());
        }
        self
    }

    /// Whether it stops the build.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Root causes first: each finding that follows from another (its `because` is the place of a
/// finding in the list) moves inside that finding, which is then shown with "and N findings
/// that follow from it". A follow-on whose root is not in the list stays where it is.
pub fn fold_follow_ons(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diags.len());
    let mut follow: Vec<Diagnostic> = Vec::new();
    // The same finding at the same place is told once (a spreadsheet's header cell is read
    // by every row).
    let mut seen = std::collections::HashSet::new();
    let diags = diags.into_iter().filter(|d| {
        let Some(loc) = &d.loc else { return true };
        seen.insert((d.code.code, loc.file, loc.span.start, loc.span.end, d.message.clone()))
    });
    for mut d in diags {
        // An id that is not a valid id (E018, E004) names nothing either: its E006 follows.
        let invalid_here =
            |r: &Diagnostic| r.loc == d.loc && (r.code == INVALID_VALUE || r.code == WRONG_TYPE) && r.because.is_none();
        if d.code == UNKNOWN_REFERENCE && d.because.is_none() && d.loc.is_some() && out.iter().any(invalid_here) {
            d.because = d.loc.clone();
        }
        if d.because.is_some() { follow.push(d) } else { out.push(d) }
    }
    for d in follow {
        let root = out.iter_mut().find(|r| r.loc.is_some() && r.loc == d.because && (r.is_error() || !d.is_error()));
        match root {
            Some(r) => r.follow_ons.push(d),
            None => out.push(d),
        }
    }
    out.sort_by_key(|d| d.loc.as_ref().map(|l| (l.file, l.span.start)).unwrap_or((usize::MAX, 0)));
    out
}

/// Every finding, follow-ons included (for counting).
pub(crate) fn all_findings(diags: &[Diagnostic]) -> impl Iterator<Item = &Diagnostic> {
    diags.iter().flat_map(|d| std::iter::once(d).chain(d.follow_ons.iter()))
}

/// "units.toml:4:6: E010 unit `x` has no ...": a follow-on in one line.
pub(crate) fn one_line(d: &Diagnostic, files: &Files) -> String {
    let place = match &d.loc {
        Some(loc) if loc.file < files.files.len() => {
            let (l, c) = files.line_col(loc.file, loc.span.start);
            format!("{}:{l}:{c}: ", files.get(loc.file).name)
        }
        _ => String::new(),
    };
    format!("{place}[{}] {}", d.code.code, clip(&d.message))
}

/// The note listing a root's follow-ons.
fn follow_on_note(d: &Diagnostic, files: &Files) -> Option<String> {
    let n = d.follow_ons.len();
    if n == 0 {
        return None;
    }
    let same = d.follow_ons.iter().all(|f| f.code == d.code && f.message == d.message);
    let mut note = match (same, n) {
        (true, 1) => "the same in 1 more place:".to_string(),
        (true, _) => format!("the same in {n} more places:"),
        (false, 1) => "1 more finding follows from this one and goes away with it:".to_string(),
        (false, _) => format!("{n} more findings follow from this one and go away with it:"),
    };
    for f in d.follow_ons.iter().take(8) {
        note.push_str(&format!("\n  {}", one_line(f, files)));
    }
    if n > 8 {
        note.push_str(&format!("\n  ... and {} more (`--format json` lists them all)", n - 8));
    }
    Some(note)
}

/// How many findings of one code `render_human` prints before summing up the rest.
const MAX_PER_CODE: usize = 12;

/// Render findings as rustc does (with ANSI colours if `color`), followed by a summary line.
pub fn render_human(diags: &[Diagnostic], files: &Files, color: bool) -> String {
    let mut simple = SimpleFiles::new();
    for f in &files.files {
        simple.add(f.name.clone(), f.text.clone());
    }
    let config = Config { chars: term::Chars::ascii(), ..Config::default() };
    let mut out = Vec::new();
    // A mistake repeated on thousands of pieces (one layout too tight for every counter)
    // should not bury the rest: print the first few of each code, then how many more.
    let mut per_code: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for d in diags {
        let n = per_code.entry(d.code.code).or_default();
        *n += 1;
        if *n > MAX_PER_CODE {
            continue;
        }
        let mut cs = to_codespan(d, files);
        if let Some(note) = follow_on_note(d, files) {
            cs.notes.push(note);
        }
        // The first finding of each code points at its page, as rustc points at `--explain`.
        if *n == 1 {
            cs.notes.push(format!("note: run `playaid explain {}` for more", d.code.code));
        }
        // A mistake on a very long line (a whole ability text on one line) is quoted with its
        // neighbourhood only: the terminal and the CI log get a line, not a megabyte.
        let excerpt = d.loc.as_ref().and_then(|loc| Excerpt::of(files, loc));
        if let (Some(ex), Some(label)) = (&excerpt, cs.labels.first_mut()) {
            label.file_id = 0;
            label.range = ex.span.clone();
        }
        let _ = match (&excerpt, color) {
            (Some(ex), true) => term::emit_to_write_style(&mut term::termcolor::Ansi::new(&mut out), &config, ex, &cs),
            (Some(ex), false) => term::emit_to_io_write(&mut out, &config, ex, &cs),
            (None, true) => term::emit_to_write_style(&mut term::termcolor::Ansi::new(&mut out), &config, &simple, &cs),
            (None, false) => term::emit_to_io_write(&mut out, &config, &simple, &cs),
        };
    }
    let mut s = String::from_utf8_lossy(&out).into_owned();
    let mut hidden: Vec<(&str, usize)> =
        per_code.into_iter().filter(|(_, n)| *n > MAX_PER_CODE).map(|(c, n)| (c, n - MAX_PER_CODE)).collect();
    hidden.sort();
    for (code, n) in hidden {
        s.push_str(&format!("... and {n} more [{code}] findings like these (`--format json` lists them all)\n\n"));
    }
    s.push_str(&summary(diags));
    s.push('\n');
    s
}

/// How many characters of a long line a finding quotes on each side of its mistake.
const EXCERPT_CHARS: usize = 100;

/// A line too long to quote whole, cut to the neighbourhood of the mistake (`...` where cut),
/// as a file of that one line which still names the real line and column.
struct Excerpt {
    name: String,
    /// The excerpt, one line.
    text: String,
    /// The mistake's bytes within `text`.
    span: std::ops::Range<usize>,
    /// The real line number (1-based).
    line: usize,
    /// Characters of the real line cut off before the excerpt, less the `...` put there.
    col_shift: isize,
}

impl Excerpt {
    /// The excerpt of the line where `loc` starts, if that line is longer than the two
    /// neighbourhoods and the mistake together, or if the mistake runs over several lines and
    /// more than that (then only its first line is quoted, underlined to its end).
    fn of(files: &Files, loc: &Loc) -> Option<Excerpt> {
        let file = files.files.get(loc.file)?;
        let text = file.text.as_str();
        let start = floor_char(text, loc.span.start.min(text.len()));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = text[line_start..line_end].trim_end_matches('\r');
        // A mistake at the `\r` of a CRLF line end starts at the end of the line as shown.
        let start = start.min(line_start + line.len());
        let long = |s: &str| s.chars().count() > 2 * EXCERPT_CHARS + 50;
        let spanned = text.get(start..loc.span.end.min(text.len())).unwrap_or_default();
        if !(long(line) || (spanned.contains('\n') && long(spanned))) {
            return None;
        }
        let end = floor_char(text, loc.span.end.clamp(start, line_start + line.len()));
        // The mistake itself is quoted up to one neighbourhood long.
        let end = text[start..end].char_indices().nth(EXCERPT_CHARS).map_or(end, |(i, _)| start + i);
        let (from, to) = (start - line_start, end - line_start);
        let cut_from = line[..from].char_indices().rev().nth(EXCERPT_CHARS - 1).map_or(0, |(i, _)| i);
        let cut_to = line[to..].char_indices().nth(EXCERPT_CHARS).map_or(line.len(), |(i, _)| to + i);
        let (head, tail) = (if cut_from > 0 { "..." } else { "" }, if cut_to < line.len() { "..." } else { "" });
        let excerpt = format!("{head}{}{tail}", &line[cut_from..cut_to]);
        let at = head.len() + from - cut_from;
        Some(Excerpt {
            name: file.name.clone(),
            span: at..at + (to - from),
            text: excerpt,
            line: files.line_col(loc.file, start).0,
            col_shift: line[..cut_from].chars().count() as isize - head.len() as isize,
        })
    }
}

/// A message, label, note or help that quotes a long text of the user's, each long quotation
/// (in backticks or double quotes) cut in the middle (`...`) to about the length of an
/// excerpt: a finding never prints a whole long text, and never cuts its own words (a help
/// that lists several ways to fix a text reads whole). What is still very long is cut in the
/// middle as a whole.
fn clip(s: &str) -> std::borrow::Cow<'_, str> {
    let keep = EXCERPT_CHARS + 25;
    let cut = |s: &str, keep: usize| -> Option<String> {
        if s.chars().count() <= 2 * keep + 3 {
            return None;
        }
        let head = s.char_indices().nth(keep).map_or(s.len(), |(i, _)| i);
        let tail = s.char_indices().rev().nth(keep - 1).map_or(0, |(i, _)| i);
        Some(format!("{}...{}", &s[..head], &s[tail..]))
    };
    let mut out = String::new();
    let mut rest = s;
    let mut changed = false;
    while let Some(open) = rest.find(['`', '"']) {
        let q = rest.as_bytes()[open] as char;
        // A double quote after a letter or digit is an inch mark (`5/8"`), not a quotation.
        let before = rest[..open].chars().last().or_else(|| out.chars().last());
        if q == '"' && before.is_some_and(|c| c.is_alphanumeric() || c == '.') {
            out.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            continue;
        }
        let Some(len) = rest[open + 1..].find(q) else { break };
        let quoted = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..=open]);
        match cut(quoted, EXCERPT_CHARS / 2) {
            Some(short) => {
                out.push_str(&short);
                changed = true;
            }
            None => out.push_str(quoted),
        }
        out.push(q);
        rest = &rest[open + 2 + len..];
    }
    out.push_str(rest);
    match cut(&out, 4 * keep) {
        Some(short) => short.into(),
        None if changed => out.into(),
        None => s.into(),
    }
}

impl<'a> codespan_reporting::files::Files<'a> for Excerpt {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, _: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(&self.name)
    }

    fn source(&'a self, _: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(&self.text)
    }

    fn line_index(&'a self, _: usize, _: usize) -> Result<usize, codespan_reporting::files::Error> {
        Ok(0)
    }

    fn line_number(&'a self, _: usize, _: usize) -> Result<usize, codespan_reporting::files::Error> {
        Ok(self.line)
    }

    fn column_number(&'a self, _: usize, _: usize, byte: usize) -> Result<usize, codespan_reporting::files::Error> {
        let col = self.text[..floor_char(&self.text, byte.min(self.text.len()))].chars().count() as isize;
        Ok((col + self.col_shift + 1).max(1) as usize)
    }

    fn line_range(&'a self, _: usize, _: usize) -> Result<std::ops::Range<usize>, codespan_reporting::files::Error> {
        Ok(0..self.text.len())
    }
}

/// Findings as GitHub Actions workflow commands: each becomes an annotation on the pull
/// request's diff at its file and line.
pub fn render_github(diags: &[Diagnostic], files: &Files) -> String {
    // Escaping as the Actions toolkit does: data escapes %, CR, LF; properties also : and ,.
    let data = |s: &str| s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A");
    let prop = |s: &str| data(s).replace(':', "%3A").replace(',', "%2C");
    let mut out = String::new();
    for d in diags {
        let level = if d.is_error() { "error" } else { "warning" };
        let mut props = vec![format!("title={}", prop(&format!("{} {}", d.code.code, d.code.name)))];
        if let Some(loc) = d.loc.as_ref().filter(|l| l.file < files.files.len()) {
            let (l, c) = files.line_col(loc.file, loc.span.start);
            let (el, ec) = files.line_col(loc.file, loc.span.end.max(loc.span.start));
            props.insert(
                0,
                format!("file={},line={l},col={c},endLine={el},endColumn={ec}", prop(&files.get(loc.file).name)),
            );
        }
        let mut msg = clip(&d.message).into_owned();
        if let Some(l) = &d.label {
            msg.push_str(&format!(" ({})", clip(l)));
        }
        for n in d.notes.iter().chain(follow_on_note(d, files).as_ref()) {
            msg.push_str(&format!("\nnote: {}", clip(n)));
        }
        if let Some(h) = &d.help {
            msg.push_str(&format!("\nhelp: {}", clip(h)));
        }
        out.push_str(&format!("::{level} {}::{}\n", props.join(","), data(&msg)));
    }
    out
}

/// "2 errors, 1 warning" and friends.
pub fn summary(diags: &[Diagnostic]) -> String {
    let errors = all_findings(diags).filter(|d| d.is_error()).count();
    let warnings = all_findings(diags).count() - errors;
    let plural = |n: usize, w: &str| if n == 1 { format!("1 {w}") } else { format!("{n} {w}s") };
    match (errors, warnings) {
        (0, 0) => "no problems found".to_string(),
        (0, w) => format!("{} (no errors)", plural(w, "warning")),
        (e, 0) => plural(e, "error"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

fn to_codespan(d: &Diagnostic, files: &Files) -> CsDiagnostic<usize> {
    let mut cs = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
    }
    .with_code(d.code.code)
    .with_message(clip(&d.message));
    if let Some(loc) = &d.loc
        && loc.file < files.files.len()
    {
        let len = files.files[loc.file].text.len();
        let start = loc.span.start.min(len);
        let end = loc.span.end.clamp(start, len);
        let mut label = Label::primary(loc.file, start..end);
        if let Some(l) = &d.label {
            label = label.with_message(clip(l));
        }
        cs = cs.with_labels(vec![label]);
    }
    let mut notes: Vec<String> = d.notes.iter().map(|n| clip(n).into_owned()).collect();
    if let Some(h) = &d.help {
        notes.push(format!("help: {}", clip(h)));
    }
    cs.with_notes(notes)
}

#[derive(Serialize)]
struct JsonDiag<'a> {
    severity: Severity,
    code: &'static str,
    name: &'static str,
    message: &'a str,
    file: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    end_line: Option<usize>,
    end_column: Option<usize>,
    label: Option<&'a str>,
    help: Option<&'a str>,
    notes: &'a [String],
    /// The findings that follow from this one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    follow_ons: Vec<JsonDiag<'a>>,
    /// The mechanical fix `playaid fix` would apply, for an editor to offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<JsonFix<'a>>,
}

/// A fix in JSON: the place (1-based lines and columns), the text there and what it becomes.
#[derive(Serialize)]
struct JsonFix<'a> {
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    from: &'a str,
    to: &'a str,
}

/// The same findings as JSON: `{"diagnostics": [...], "errors": n, "warnings": n}`.
pub fn render_json(diags: &[Diagnostic], files: &Files) -> String {
    let list: Vec<JsonDiag> = diags.iter().map(|d| json_diag(d, files)).collect();
    let errors = all_findings(diags).filter(|d| d.is_error()).count();
    serde_json::to_string_pretty(&serde_json::json!({
        "diagnostics": list,
        "errors": errors,
        "warnings": all_findings(diags).count() - errors,
    }))
    .expect("diagnostics serialise")
}

fn json_diag<'a>(d: &'a Diagnostic, files: &'a Files) -> JsonDiag<'a> {
    let (file, start, end) = match &d.loc {
        Some(loc) if loc.file < files.files.len() => (
            Some(files.get(loc.file).name.as_str()),
            Some(files.line_col(loc.file, loc.span.start)),
            Some(files.line_col(loc.file, loc.span.end)),
        ),
        _ => (None, None, None),
    };
    JsonDiag {
        severity: d.severity,
        code: d.code.code,
        name: d.code.name,
        message: &d.message,
        file,
        line: start.map(|s| s.0),
        column: start.map(|s| s.1),
        end_line: end.map(|s| s.0),
        end_column: end.map(|s| s.1),
        label: d.label.as_deref(),
        help: d.help.as_deref(),
        notes: &d.notes,
        follow_ons: d.follow_ons.iter().map(|f| json_diag(f, files)).collect(),
        fix: d.fix.as_ref().filter(|f| f.loc.file < files.files.len()).map(|f| {
            let (line, column) = files.line_col(f.loc.file, f.loc.span.start);
            let (end_line, end_column) = files.line_col(f.loc.file, f.loc.span.end);
            JsonFix { line, column, end_line, end_column, from: &f.from, to: &f.to }
        }),
    }
}

/// The one candidate close enough to `name`, when only one is: a did-you-mean `playaid fix` may
/// apply without asking.
pub(crate) fn only_close<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut close = candidates.into_iter().filter(|c| did_you_mean(name, [*c]).is_some());
    let first = close.next()?;
    close.all(|c| c == first).then_some(first)
}

/// The closest candidate to `name` (for "did you mean"), if one is close enough.
pub(crate) fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    // A short code ("DX" for "DR", "XLV" for "XLVI") is one keystroke off, however little of
    // it is left: a single edit counts for names of two to four characters.
    let short = (2..=4).contains(&lower.chars().count());
    candidates
        .into_iter()
        .map(|c| {
            let c_lower = c.to_lowercase();
            let score = strsim::normalized_damerau_levenshtein(&lower, &c_lower);
            let one_off = short && strsim::damerau_levenshtein(&lower, &c_lower) == 1;
            // Of two one-off codes, the one that starts the same: slips come later in a word.
            let same_start = lower.chars().next() == c_lower.chars().next();
            (if one_off { score.max(if same_start { 0.61 } else { 0.6 }) } else { score }, c)
        })
        .filter(|(score, _)| *score >= 0.6)
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(_, c)| c)
}

/// `1 counter`, `2 counters`: a count with its noun agreeing (a plural in -s).
pub fn plural(n: impl Into<i64>, word: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_output_looks_like_rustc() {
        let mut files = Files::default();
        let f = files.add("g/units.toml".into(), "g/units.toml".into(), "kind = \"tnak\"\n".into());
        let d = Diagnostic::error(UNKNOWN_REFERENCE, "unknown kind `tnak`")
            .at(&Loc { file: f, span: 7..13 })
            .label("no such kind")
            .help("did you mean `tank`?");
        let out = render_human(&[d], &files, false);
        assert!(out.contains("error[E006]: unknown kind `tnak`"), "{out}");
        assert!(out.contains("g/units.toml:1:8"), "{out}");
        assert!(out.contains("^^^^^^ no such kind"), "{out}");
        assert!(out.contains("help: did you mean `tank`?"), "{out}");
        assert!(out.contains("= note: run `playaid explain E006` for more"), "{out}");
        assert!(out.trim_end().ends_with("1 error"), "{out}");
    }

    #[test]
    fn a_long_quotation_is_cut_and_playaids_own_words_are_not() {
        let ways = "shorten text 1 by about 16.1 mm of lines, or let the text shrink further with \
            `min_font_size` in [cards] (now 7 pt; the floor is 6.5 pt), or choose a bigger `size` in [cards], \
            or give its layout a smaller art box ([[card_layout]] `art_height`)";
        assert_eq!(clip(ways), ways);
        let long = "Discard one random card. ".repeat(30);
        let message = format!("the text \"{long}\" does not fit; shorten it");
        let said = clip(&message);
        assert!(said.len() < 200 && said.contains("...") && said.ends_with("\" does not fit; shorten it"), "{said}");
        // Unquoted, a very long message is still cut as a whole.
        assert!(clip(&long.repeat(2)).len() < long.len() * 2);
        // An inch mark is no quotation: the words after it are not cut as one.
        let sizes = format!("a 5/8\" counter of {long}, or a 1/2\" one: print it at 6 pt or more, it fits");
        assert!(clip(&sizes).ends_with("print it at 6 pt or more, it fits"), "{}", clip(&sizes));
    }

    #[test]
    fn did_you_mean_finds_close_names() {
        assert_eq!(did_you_mean("armor", ["armour", "hull_points"]), Some("armour"));
        assert_eq!(did_you_mean("zzz", ["armour", "hull_points"]), None);
        // Short codes: one edit away.
        assert_eq!(did_you_mean("DX", ["AE", "DR", "EX"]), Some("DR"));
        assert_eq!(did_you_mean("XLV", ["XXIV", "XLVI"]), Some("XLVI"));
        assert_eq!(did_you_mean("Q", ["A", "B"]), None);
    }

    #[test]
    fn codes_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in ALL_CODES {
            assert!(seen.insert(c.code), "duplicate code {}", c.code);
        }
    }
}
