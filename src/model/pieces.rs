//! Printed pieces: counters and cards. Both are imposed on sheets with fronts and backs; what
//! goes on each face is the game's data (slots for counters, a stat block and texts for cards).

use crate::source::Loc;

use super::{PageSize, Scalar, Sp, StrategyFields, Text};

/// `duplex` on `[counters]` or `[cards]`: how backs are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Duplex {
    /// Duplex, flipped on the long edge of the page: backs mirror the column order.
    #[default]
    Long,
    /// Duplex, flipped on the short edge: backs mirror the row order.
    Short,
    /// Fronts and mirrored backs on one page, either side of a vertical fold line.
    Fold,
    /// Fronts only.
    None,
}

impl Duplex {
    /// The mode a `duplex` value names (`"long"` or `"long-edge"`, ...); `None` if unknown.
    pub(crate) fn parse(s: &str) -> Option<Duplex> {
        Some(match s {
            "long" | "long-edge" => Duplex::Long,
            "short" | "short-edge" => Duplex::Short,
            "fold" | "fold-over" => Duplex::Fold,
            "none" | "fronts" => Duplex::None,
            _ => return None,
        })
    }
    /// The canonical `duplex` value, as templates receive it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Duplex::Long => "long",
            Duplex::Short => "short",
            Duplex::Fold => "fold",
            Duplex::None => "none",
        }
    }
}

/// `cut` on `[counters]`: how counters are separated for cutting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cut {
    /// `"butt"`: counters touch, on a dark backdrop, cut marks in the margins; the default.
    #[default]
    Butt,
    /// `"gutter"`: a gap between counters (default 2 mm) with a cut line around each.
    Gutter,
}

/// Sheet settings shared by `[counters]` and `[cards]`: how pieces are laid out on the page.
/// Lengths in mm (written with units in the data).
#[derive(Debug, Clone)]
pub struct Imposition {
    /// `page`: overrides `[game] page`; neither: A4.
    pub page: Option<Sp<PageSize>>,
    /// `orientation = "landscape"`; default portrait.
    pub landscape: bool,
    /// `duplex`: how backs are printed; default long-edge duplex.
    pub duplex: Duplex,
    /// `back_offset = [x, y]` in mm, each within ±20: moves the backs to match a printer
    /// that does not register front and back exactly; default (0, 0).
    pub back_offset: (f64, f64),
    /// `gutter`: space between pieces; unset: 0, or 2 mm for counters with `cut = "gutter"`.
    pub gutter: Option<f64>,
    /// `margin`: the grid stays this far inside the page edges (it is centred); default 5 mm.
    pub margin: f64,
    /// `marks`: crop marks in the margins at every cut line; default true.
    pub marks: bool,
}

impl Default for Imposition {
    fn default() -> Self {
        Imposition {
            page: None,
            landscape: false,
            duplex: Duplex::Long,
            back_offset: (0.0, 0.0),
            gutter: None,
            margin: 5.0,
            marks: true,
        }
    }
}

/// `[counters]`: the counter sheet document.
#[derive(Debug)]
pub struct CounterOptions {
    /// `page`, `orientation`, `duplex`, `back_offset`, `gutter`, `margin`, `marks`.
    pub sheet: Imposition,
    /// `cut`: default butt.
    pub cut: Cut,
    /// `bleed` in mm: the art beyond the cut in the print shop's file, one face a page
    /// (the sheets are butt-cut or cut along gutters, and have none); default 1/8 in, as
    /// punchboard printers ask.
    pub bleed: f64,
    /// Where `[counters]` was written, when it was.
    pub loc: Option<Loc>,
}

/// The default bleed of a counter in the print shop's file: 1/8 in, in mm.
pub const COUNTER_BLEED_MM: f64 = 3.175;

impl Default for CounterOptions {
    fn default() -> Self {
        CounterOptions { sheet: Imposition::default(), cut: Cut::default(), bleed: COUNTER_BLEED_MM, loc: None }
    }
}

/// One slot of a counter face: a text with `{placeholders}`, from a key of `layout` or
/// `back_layout` on a `[[counter_group]]`.
#[derive(Debug, Clone)]
pub struct Slot {
    /// The key: one of `SLOTS` (`top`, `centre`, ...).
    pub name: Sp<String>,
    /// The string, or `text` of the `{ text = ..., size = ..., bold = ... }` table.
    pub text: Sp<String>,
    /// `size`: font size in pt; default: the group's, larger for the factor line.
    pub size: Option<Sp<f64>>,
    /// `bold`; default: bold for the factor line (`bottom`) and for a marker's `centre`.
    pub bold: Option<bool>,
    /// `underline`: (placeholder, flag) pairs: the placeholder's value is underlined on the
    /// faces whose values give the flag as true (`underline = { range = "short_range" }`).
    pub underline: Vec<(Sp<String>, Sp<String>)>,
}

/// The slots a face can have, in the order a layout lists them.
pub(crate) const SLOTS: &[&str] =
    &["top-left", "top", "top-right", "centre", "bottom-left", "bottom", "bottom-right", "left", "right"];

/// `front_style` or `back_style` on a `[[counter_group]]`: colours of a face, each `None`
/// (the default look), `"side"` (the counter's side colour) or `#rrggbb`.
#[derive(Debug, Clone, Default)]
pub struct FaceStyle {
    /// `background`: the whole face.
    pub background: Option<Sp<String>>,
    /// `stripe`: a band across the face, to tell sides or formations apart.
    pub stripe: Option<Sp<String>>,
    /// `text`: the colour of every slot's text.
    pub text: Option<Sp<String>>,
    /// `frame`: a band around the face, just inside its cut line (to tell sides apart in
    /// black and white).
    pub frame: Option<Sp<String>>,
}

impl FaceStyle {
    /// Whether the style sets anything.
    pub(crate) fn is_set(&self) -> bool {
        self.background.is_some() || self.stripe.is_some() || self.text.is_some() || self.frame.is_some()
    }
}

/// `[[counter_group]]`: counters of one size and layout.
#[derive(Debug)]
pub struct CounterGroup {
    /// `id`: what a counter's `group` names; default: from the name.
    pub id: Sp<String>,
    /// `name`: as printed on the sheet.
    pub name: Option<Sp<String>>,
    /// `size`: width and height in mm (one length is a square); default 5/8" (15.875 mm).
    pub size: Option<Sp<(f64, f64)>>,
    /// `font_size` in pt; default: a third of the counter's size.
    pub font_size: Option<Sp<f64>>,
    /// `layout`: the front's slots and the span of the table; none: name on top, symbol in
    /// the centre, factor line at the bottom, label along the left edge.
    pub layout: Option<(Vec<Slot>, Loc)>,
    /// `back_layout`: the back's slots; default: the layout.
    pub back_layout: Option<(Vec<Slot>, Loc)>,
    /// `front_style`: colours of the front.
    pub front_style: FaceStyle,
    /// `back_style`: colours of the back.
    pub back_style: FaceStyle,
    /// Units of these kinds get a counter each (unless a `[[counter]]` names them).
    pub kinds: Vec<Sp<String>>,
    /// Allow shrinking text down to this size (pt) before reporting an overflow.
    pub min_font_size: Option<Sp<f64>>,
    /// `floor`: the smallest text these counters may print (E070).
    pub floor: Floor,
    /// `safe` in mm: text stays this far inside the cut line; at least 1 (E071), default 1.
    pub safe: Option<Sp<f64>>,
    /// `block`: the group's counters are block stickers (`block = true`, or a table).
    pub block: Option<BlockSpec>,
    /// The whole `[[counter_group]]` table.
    pub loc: Loc,
}

/// `block` on a `[[counter_group]]`: its counters are stickers for wooden blocks (Columbia
/// Games, Commands & Colors). A block stands upright, its sticker facing its owner, the side's
/// colour facing the enemy; its strength is printed along the sticker's edges, one step an edge,
/// so that a quarter turn counter-clockwise loses a step.
#[derive(Debug, Clone)]
pub struct BlockSpec {
    /// `steps`: the unit stat printed along the edges: one value per step of a unit with
    /// `steps` (strongest on the top edge, then clockwise), or, for a unit of one step, counted
    /// down from its value to 1 (strength 4 prints 4, 3, 2, 1). None: no edge marks (a
    /// Commands & Colors block, which loses whole blocks instead).
    pub steps: Option<Sp<String>>,
    /// `marks = "pips"`: each step as that many dots; default `"digits"`.
    pub pips: bool,
    /// `count`: the unit stat that says how many blocks the unit is (a Commands & Colors unit
    /// of four foot blocks); default one block a unit.
    pub count: Option<Sp<String>>,
    /// `block = true`, or the table.
    pub loc: Loc,
}

/// The most steps a block carries: one on each edge.
pub const BLOCK_EDGES: usize = 4;
/// The most pips one edge of a block prints.
pub const MAX_PIPS: i64 = 6;
/// A block sticker's size unless its group sets one: 3/4 in, the common block.
pub const DEFAULT_BLOCK_MM: f64 = 19.05;

/// `floor` on a `[[counter_group]]` or in `[cards]`: the legibility floor, the smallest text
/// that may print; below it is E070.
#[derive(Debug, Clone, Default)]
pub struct Floor {
    /// `text`: any text, in pt.
    pub text: Option<Sp<f64>>,
    /// `factors`: a counter slot that prints the unit's factors (stats), in pt.
    pub factors: Option<Sp<f64>>,
}

/// The absolute minimum of legibility, pt: text on a piece below it is an error (E070) unless the
/// game lowers its own floor; between it and the advised sizes below, a warning (W022).
pub const LEGIBLE_MIN: f64 = 4.0;
/// The smallest text a counter is advised to print, pt: any text on a piece reads at 5 pt.
pub const COUNTER_TEXT_FLOOR: f64 = 5.0;
/// The smallest factor line a counter is advised to print, pt (bold: a factor slot set regular
/// is below the advice too).
pub const COUNTER_FACTOR_FLOOR: f64 = 7.0;
/// The size a counter's id or label prints at unless the data sets one, pt: the number a
/// player looks for at set-up, read at arm's length.
pub const COUNTER_ID_SIZE: f64 = 6.0;
/// The smallest text a card is advised to print (body text), pt.
pub const CARD_TEXT_FLOOR: f64 = 6.5;
/// How close text may come to a cut line, at the least (mm).
pub const MIN_SAFE_MM: f64 = 1.0;

/// `front_face` or `back_face` on a `[[counter]]`: the look of one face of this counter, over
/// its group's style (a "Mud / Clear" marker: brown front, light-blue back). Its text comes
/// from the face's values (`front`, `back`).
#[derive(Debug, Clone, Default)]
pub struct Face {
    /// `background`, `stripe`, `text_color`: as in a group's `front_style`.
    pub style: FaceStyle,
    /// `symbol`: this face's NATO symbol instead of the counter's.
    pub symbol: Option<Sp<String>>,
    /// `icon`: this face's icon instead of the counter's (a marker whose sides differ).
    pub icon: Option<Sp<String>>,
    /// `font_size`: every slot of this face that the layout gives no size.
    pub font_size: Option<Sp<f64>>,
    /// `bold`: every slot of this face that the layout does not make bold or regular.
    pub bold: Option<bool>,
}

impl Face {
    /// Whether the face sets anything.
    pub(crate) fn is_set(&self) -> bool {
        self.style.is_set()
            || self.symbol.is_some()
            || self.icon.is_some()
            || self.font_size.is_some()
            || self.bold.is_some()
    }
}

/// `ids` on a `[[counter]]`: a counter run, one counter per identifier, each sharing the rest
/// of the entry.
#[derive(Debug, Clone)]
pub struct Run {
    /// The identifiers, each where it is written (a range's ids all at the range).
    pub ids: Vec<Sp<String>>,
    /// The `ids` value.
    pub loc: Loc,
}

/// The most counters one run (`ids`) gives.
pub const MAX_RUN: usize = 1_000;

/// `back` on a `[[counter]]`: what is printed on its back.
#[derive(Debug, Clone)]
pub enum Back {
    /// `back` left out (or `"same"`): the front again; the default.
    Same,
    /// `back = "blank"`: only the background.
    Blank,
    /// `back = { firepower = 2 }`: the back layout with these values over the front's (the
    /// reduced side).
    Values(Vec<(Sp<String>, Sp<Scalar>)>),
}

/// `[[counter]]`: a counter, from a unit or on its own (a marker).
#[derive(Debug)]
pub struct Counter {
    /// `id`: optional; names the counter in findings and in `playaid diff` (else its name).
    pub id: Option<Sp<String>>,
    /// `name`: the `{name}` placeholder; default: the unit's. A marker needs only this.
    pub name: Option<Sp<String>>,
    /// `unit`: the unit it stands for; name, side and stats come from it.
    pub unit: Option<Sp<String>>,
    /// `group`: its `[[counter_group]]`; default: the first group.
    pub group: Option<Sp<String>>,
    /// `label`: the `{label}` placeholder, e.g. "1/A/506" along the edge.
    pub label: Option<Sp<String>>,
    /// `side`: colours the counter; default: the unit's side.
    pub side: Option<Sp<String>>,
    /// `quantity`: copies printed; default 1.
    pub quantity: Option<Sp<i64>>,
    /// `symbol`: a NATO symbol in words ("friend infantry platoon"), drawn as vectors.
    pub symbol: Option<Sp<String>>,
    /// `image`: a picture for `{symbol}` instead, relative to the game folder.
    pub image: Option<Sp<String>>,
    /// `icon`: a marker's face: the icon large in the middle, the name small below it.
    pub icon: Option<Sp<String>>,
    /// `front`: (placeholder, value) pairs, over the unit's stats.
    pub front: Vec<(Sp<String>, Sp<Scalar>)>,
    /// `back`: what the back shows.
    pub back: Back,
    /// `color`: this counter's own background, `#rrggbb`.
    pub color: Option<Sp<String>>,
    /// `front_face`: the front's own look.
    pub front_face: Face,
    /// `back_face`: the back's own look.
    pub back_face: Face,
    /// `ids`: a run, one counter per identifier; none: one counter.
    pub run: Option<Run>,
    /// The whole `[[counter]]` table.
    pub loc: Loc,
}

impl Counter {
    /// The ids a scenario's force names this entry's counters by: its run's ids, else its
    /// `id`, else its `label`.
    pub fn setup_ids(&self) -> Vec<&Sp<String>> {
        match &self.run {
            Some(run) => run.ids.iter().collect(),
            None => self.id.as_ref().or(self.label.as_ref()).into_iter().collect(),
        }
    }

    /// The counters this entry gives: one per id of its run (with that id), else itself.
    pub fn expanded(&self) -> Vec<(&Counter, Option<&Sp<String>>)> {
        match &self.run {
            Some(run) => run.ids.iter().map(|id| (self, Some(id))).collect(),
            None => vec![(self, None)],
        }
    }
}

/// `abilities` on `[cards]`: how a unit's card prints its abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AbilityStyle {
    /// `"full"`: each ability's `text`; the default.
    #[default]
    Full,
    /// `"short"`: each ability's `short` text, for small cards.
    Short,
}

/// `[cards]`: the card document.
#[derive(Debug)]
pub struct CardOptions {
    /// `page`, `orientation`, `duplex`, `back_offset`, `gutter`, `margin`, `marks`.
    pub sheet: Imposition,
    /// `size`: trim size in mm, width then height (a name from `CARD_SIZES` or lengths);
    /// default poker, 63 x 88 mm.
    pub size: Option<Sp<(f64, f64)>>,
    /// `bleed` in mm: how far backgrounds run past the trim line, so a slightly off cut
    /// shows no white edge; default 3.
    pub bleed: f64,
    /// `safe` in mm: text stays this far inside the trim line; default 3.
    pub safe: f64,
    /// `font_size` in pt, 4 to 14; default 7.
    pub font_size: f64,
    /// `min_font_size` in pt: shrink text down to this before reporting an overflow (E023).
    pub min_font_size: Option<Sp<f64>>,
    /// Where `font_size` was written, when it was.
    pub font_size_at: Option<Loc>,
    /// Where `safe` was written, when it was.
    pub safe_at: Option<Loc>,
    /// `floor`: the smallest card text (E070).
    pub floor: Floor,
    /// `abilities`: full or short texts; default full.
    pub abilities: AbilityStyle,
    /// Units of these kinds get a card each (unless a `[[card]]` names them).
    pub kinds: Vec<Sp<String>>,
    /// The `[[card_back]]` used when neither the card nor its side has one.
    pub back: Option<Sp<String>>,
    /// `layout`: the layout (built-in or `[[card_layout]]`) of every card that names none;
    /// unset: `unit` for a unit's card, `terrain` for a `terrain`'s, `reference` for a rule's,
    /// else `terrain`.
    pub layout: Option<Sp<String>>,
    /// `max_font_size` in pt: text grows up to this while the card has room; default 1.5 times
    /// `font_size`, at most 14 pt.
    pub max_font_size: Option<Sp<f64>>,
    /// `stat_icons`: where a stat's icon (`[[stat]] icon`) prints on a card's stats.
    pub stat_icons: StatIcons,
    /// `same_size`: the cards of one layout print their text at one size, the largest that
    /// fits them all (a card far longer than the rest is set alone, with a warning); false: each
    /// card at the largest its own text allows. Default true.
    pub same_size: bool,
    /// Where `[cards]` was written, when it was.
    pub loc: Option<Loc>,
}

impl Default for CardOptions {
    fn default() -> Self {
        CardOptions {
            sheet: Imposition { gutter: None, ..Imposition::default() },
            size: None,
            bleed: 3.0,
            safe: 3.0,
            font_size: 7.0,
            min_font_size: None,
            font_size_at: None,
            safe_at: None,
            floor: Floor::default(),
            abilities: AbilityStyle::Full,
            kinds: Vec::new(),
            back: None,
            layout: None,
            max_font_size: None,
            stat_icons: StatIcons::Beside,
            same_size: true,
            loc: None,
        }
    }
}

/// `stat_icons` on `[cards]`: where a stat's icon prints on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StatIcons {
    /// `"beside"`: the icon, then the stat's label; the default.
    #[default]
    Beside,
    /// `"instead"`: the icon alone, larger, where the label would be (a stat without an icon
    /// keeps its label).
    Instead,
}

impl StatIcons {
    /// The name templates receive.
    pub(crate) fn name(self) -> &'static str {
        match self {
            StatIcons::Beside => "beside",
            StatIcons::Instead => "instead",
        }
    }
}

/// `[[card_back]]`: a back design, for a side or named by cards.
#[derive(Debug)]
pub struct CardBack {
    /// `id`: what a card's `back` and `[cards] back` name; default: from the title.
    pub id: Sp<String>,
    /// `side`: the back of every card of this side that names no back.
    pub side: Option<Sp<String>>,
    /// `title`: printed on the back.
    pub title: Option<Sp<String>>,
    /// `text`: markup printed on the back.
    pub text: Option<Text>,
    /// `image`: a picture relative to the game folder.
    pub image: Option<Sp<String>>,
    /// `color`: the background, `#rrggbb`; default: the game's accent (the same for every
    /// card of the design, so that no back tells its card).
    pub color: Option<Sp<String>>,
    /// The whole `[[card_back]]` table.
    pub loc: Loc,
}

/// `[[card]]`: a card for a unit, or for anything else (terrain, a marker, a rule).
#[derive(Debug)]
pub struct Card {
    /// `id`: optional; names the card in `[[card:id]]` and changelog items, its PNG and its
    /// place in `diff`.
    pub id: Option<Sp<String>>,
    /// `unit`: a unit's card: name, kind, stats in its kind's order, abilities, notes.
    pub unit: Option<Sp<String>>,
    /// `title`: the heading; default: the unit's name. A card without a unit needs one.
    pub title: Option<Sp<String>>,
    /// `subtitle`: a line under the title ("Stop on entering").
    pub subtitle: Option<Sp<String>>,
    /// `side`: colours the card and picks its back; default: the unit's side.
    pub side: Option<Sp<String>>,
    /// `stats`: free stats, label and value, in the order written (for cards without a unit).
    pub stats: Vec<(Sp<String>, Sp<Scalar>)>,
    /// `text`: markup paragraphs (a string or an array).
    pub text: Vec<Text>,
    /// `image`: a picture relative to the game folder.
    pub image: Option<Sp<String>>,
    /// `quantity`: copies printed; default 1.
    pub quantity: Option<Sp<i64>>,
    /// `back`: a `[[card_back]]`; default: the side's back, else `[cards] back`, else a back
    /// with the game's title.
    pub back: Option<Sp<String>>,
    /// `color`: the card's colour, `#rrggbb`; default: its side's, else `[game.cheatsheet]
    /// accent`, else the template's.
    pub color: Option<Sp<String>>,
    /// `layout`: a built-in layout (`CARD_LAYOUTS`) or a `[[card_layout]]`; default
    /// `[cards] layout`, else chosen by what the card shows.
    pub layout: Option<Sp<String>>,
    /// `corner`: a short value printed in the title bar's corner (a cost, a card number).
    pub corner: Option<Sp<String>>,
    /// `icon`: drawn large in the art zone when the card has no picture (a marker's card).
    pub icon: Option<Sp<String>>,
    /// `section`, `table`, `sequence`, `ability` or `terrain`: what a reference card prints.
    pub reference: Option<CardRef>,
    /// `deck`, `part`, `number`, `ops`, `event`, `after`: a strategy card's fields.
    pub strategy: StrategyFields,
    /// The whole `[[card]]` table.
    pub loc: Loc,
}

/// Default counter size: 5/8", the most common size, in mm.
pub(crate) const DEFAULT_COUNTER_MM: f64 = 15.875;
/// Default card size: poker, in mm.
pub(crate) const DEFAULT_CARD_MM: (f64, f64) = (63.0, 88.0);

/// The named card sizes, in mm.
pub(crate) const CARD_SIZES: &[(&str, (f64, f64))] = &[
    ("poker", (63.0, 88.0)),
    ("bridge", (57.0, 89.0)),
    ("mini-euro", (44.0, 67.0)),
    ("mini-us", (44.45, 63.5)),
    ("tarot", (70.0, 120.0)),
    ("euro", (59.0, 92.0)),
];

/// What a reference card prints: a `[[section]]` (by id or number), `[[table]]`,
/// `[[sequence]]`, `[[ability]]` (a special rule) or `[[terrain]]` (a row of the terrain
/// effects chart), as the card names it.
#[derive(Debug, Clone)]
pub struct CardRef {
    /// The key: `section`, `table`, `sequence`, `ability` or `terrain`.
    pub key: &'static str,
    /// The id (or a section's number), where it is written.
    pub id: Sp<String>,
    /// An ability's value (`ability = "tough 2"`); none: the ability with all its values.
    pub param: Option<i64>,
}

/// The keys of a `[[card]]` that name what a reference card prints.
pub(crate) const CARD_REFS: &[&str] = &["section", "table", "sequence", "ability", "terrain"];

/// The zones of a card face, in the order of the `unit` layout. `title`, `subtitle` and
/// `corner` sit in the title bar and `footer` at the foot whatever their place in a layout;
/// the others are stacked in the panel in the layout's order.
pub(crate) const CARD_ZONES: &[&str] =
    &["title", "subtitle", "corner", "art", "stats", "abilities", "text", "notes", "reference", "footer"];

/// The built-in card layout of this name.
pub(crate) fn builtin_card_layout(
    name: &str,
) -> Option<&'static (&'static str, &'static [&'static str], StatStyle, bool)> {
    CARD_LAYOUTS.iter().find(|l| l.0 == name)
}

/// The built-in card layouts: (name, zones in order, how stats are drawn, title centred).
/// Every built-in shows every zone, so no built-in drops data; they differ in order and look.
pub(crate) const CARD_LAYOUTS: &[(&str, &[&str], StatStyle, bool)] = &[
    (
        "unit",
        &["title", "subtitle", "corner", "art", "stats", "abilities", "text", "notes", "reference", "footer"],
        StatStyle::Boxes,
        false,
    ),
    (
        "reference",
        &["title", "subtitle", "corner", "reference", "text", "stats", "abilities", "notes", "art", "footer"],
        StatStyle::Rows,
        false,
    ),
    (
        "terrain",
        &["title", "subtitle", "corner", "art", "stats", "text", "abilities", "notes", "reference", "footer"],
        StatStyle::Rows,
        false,
    ),
    (
        "marker",
        &["title", "subtitle", "corner", "art", "text", "stats", "abilities", "notes", "reference", "footer"],
        StatStyle::Boxes,
        true,
    ),
    // A strategy card: its icon grows to take the room its event text leaves (`ART_FILLS`).
    (
        "strategy",
        &["title", "subtitle", "corner", "art", "text", "stats", "abilities", "notes", "reference", "footer"],
        StatStyle::Rows,
        false,
    ),
];

/// The built-in layouts (and the game's layouts based on them) whose icon art grows to fill
/// the room the card's text leaves: the text ends at the foot of the panel, as on a published
/// strategy card. A picture keeps its box (its resolution is checked for that box).
pub(crate) const ART_FILLS: &[&str] = &["strategy"];

/// How a card layout draws stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatStyle {
    /// A bar of boxes: label, large value, note under it (unit and marker cards).
    Boxes,
    /// Rows of label and value (terrain and reference cards: effects read as a list).
    Rows,
}

impl StatStyle {
    /// The name templates receive.
    pub(crate) fn name(self) -> &'static str {
        match self {
            StatStyle::Boxes => "boxes",
            StatStyle::Rows => "rows",
        }
    }
}

/// `[[card_layout]]`: a game's own card layout, a built-in one with its zones reordered,
/// left out or resized.
#[derive(Debug)]
pub struct CardLayout {
    /// `id`: what a card's `layout` and `[cards] layout` name.
    pub id: Sp<String>,
    /// `base`: the built-in layout it starts from; default `unit`.
    pub base: Option<Sp<String>>,
    /// `zones`: the zones shown, in order; default: the base's. A zone left out is not shown.
    pub zones: Option<Vec<Sp<String>>>,
    /// `art_height`: the art box's height in mm; default: the picture box of `[cards]`.
    pub art_height: Option<Sp<f64>>,
    /// `title_size`: the title's font size in pt; default 1.45 times the card's text size.
    pub title_size: Option<Sp<f64>>,
    /// `stat_style`: `"boxes"` or `"rows"`; default: the base's.
    pub stat_style: Option<StatStyle>,
    /// The whole `[[card_layout]]` table.
    pub loc: Loc,
}
