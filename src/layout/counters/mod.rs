//! Counters laid out: each counter's faces (colours, slot texts with their placeholders filled,
//! font sizes fitted to the room each slot has), its symbol and picture, and the sheet grid of
//! its group. Findings: a piece bigger than the page (E025), text that does not fit (E023), a
//! placeholder without a value (E026), an unknown symbol word (E027), a coarse picture.

mod block;
mod faces;
mod fit;
pub use fit::{STRIPE, UNDERLINE_EM};
mod sources;
mod values;

use block::*;
pub use block::{BlockMarks, RBlock};
use faces::*;
use fit::*;
pub(crate) use sources::one_sided;
use sources::*;
use values::*;

use std::collections::{BTreeSet, HashMap, HashSet};

use super::colour::contrast;
use super::fonts::{ink_em, text_width};
use super::geometry::{grid, sheet_page, symbol_box};
use super::pictures::check_resolution;
use super::symbol::{Symbol, parse_symbol, symbol_words};
use crate::check::Index;
use crate::check::counter_name;
use crate::diag::{self, Diagnostic};
use crate::length::{Mm, Pt, mm_pair};
use crate::load::strings::raw_offset;
use crate::model::*;
use crate::source::Loc;

/// A counter group as printed.
#[derive(Debug, Clone)]
pub struct RGroup {
    /// The group's id (`counters` for the implicit group of ungrouped counters).
    pub id: String,
    /// Its name, for the sheet header.
    pub name: Option<String>,
    /// Width and height.
    pub size: (Mm, Mm),
    /// The base font size.
    pub font_size: Pt,
    /// How far text may shrink.
    pub min_font_size: Option<Pt>,
    /// Columns and rows of one sheet.
    pub grid: (usize, usize),
    /// The box the symbol or picture is drawn in.
    pub symbol_box: (Mm, Mm),
    /// Where the group's `font_size` is written, when it is.
    font_size_at: Option<Loc>,
    /// How far text stays inside the cut line.
    pub safe: Mm,
    /// The legibility floor of any text, and of a slot of factors.
    pub floor: (Pt, Pt),
    /// Whether the game wrote these floors itself (`floor` on the group): text below a floor of
    /// the game's own is an error (E070), below the built-in advice a warning (W022).
    pub floor_own: (bool, bool),
    /// The `[[counter_group]]` it comes from (none for the implicit group).
    decl: Option<usize>,
    /// Block stickers: their step marks along the edges (`block` on the group).
    pub block: Option<RBlock>,
}

impl RGroup {
    /// How far a face's text stays inside the cut: the safe area, and on a block the band its
    /// step marks take along every edge.
    pub fn text_pad(&self) -> Mm {
        self.safe + self.block.map_or(Mm(0.0), |b| b.band)
    }
}

/// One slot of a face, filled and fitted.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct RSlot {
    /// The slot's name (`top-left`, `centre`, ...).
    pub name: String,
    /// The text, placeholders filled.
    pub text: String,
    /// The slot shows the counter's symbol or picture instead of text.
    pub symbol: bool,
    /// The slot shows this icon instead of text (`{icon:name}`), as tall as a capital letter
    /// of the slot's size, or filling the symbol box in the `centre`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// Font size in pt, after any shrinking (see `fit_face`).
    pub size: Pt,
    /// Bold text.
    pub bold: bool,
    /// The slot prints factors (a stat of the unit, or a number): bold and large by default,
    /// with the higher floor.
    pub factor: bool,
    /// The smallest size this slot may print at, pt (E070 below it).
    pub floor: Pt,
    /// How much further from its cut line than the pad the slot is placed (pt), so that
    /// accents, descenders and underlines stay inside the safe area.
    #[serde(skip_serializing_if = "is_zero")]
    pub inset: Pt,
    /// A `left` or `right` slot: how long its text runs along the edge (pt, its width as set),
    /// so that it is centred there without being measured; absent for the other slots.
    #[serde(skip_serializing_if = "is_zero")]
    pub extent: Pt,
    /// Byte ranges of `text` printed underlined.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub underline: Vec<[usize; 2]>,
    /// The room the text has, in pt: its width (for `centre`, the width it wraps in).
    pub have: Pt,
    /// Where the slot's text comes from in the data (the value of its first placeholder, or
    /// the layout's text): where an overflow is reported.
    #[serde(skip)]
    pub origin: Option<Loc>,
    /// Where the slot's size was written (its own, its face's or its group's `font_size`),
    /// or none for a default: where a size below the floor is reported.
    #[serde(skip)]
    pub size_at: Option<Loc>,
    /// The size is the counter's own (its face's `font_size`), not its group's or layout's.
    #[serde(skip)]
    pub own_size: bool,
}

fn is_zero(x: &Pt) -> bool {
    x.0 == 0.0
}

/// One face of a counter.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct RFace {
    /// Background colour.
    pub background: String,
    /// Colour of the stripe across the face, if any.
    pub stripe: Option<String>,
    /// Black or white, whichever reads on the stripe.
    pub stripe_text: Option<String>,
    /// Text colour.
    pub text: String,
    /// Colour of a frame just inside the cut line, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
    /// The slots, in the layout's order.
    pub slots: Vec<RSlot>,
    /// The room (pt) kept along each side edge for a `left` or `right` slot; 0 without one.
    pub edge: Pt,
    /// Where text along a side edge starts, from the top (mm): below the stripe and its gap,
    /// else at the pad.
    pub edge_top: Mm,
    /// How deep its stripe is, as a share of its height: [`STRIPE`], or deeper where the text
    /// set on the stripe (its top slots) would reach below it.
    pub stripe_depth: f64,
    /// How far text stays inside the cut line (mm): its group's `safe`, and on a block sticker
    /// the band of its step marks.
    pub pad: Mm,
    /// This face's own NATO symbol (`symbol` in `front_face` or `back_face`), drawn instead of
    /// the counter's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbol: Option<Symbol>,
    /// The face's icon (`icon` on the counter or its face): a marker's face shows it large
    /// above its name; a unit's counter shows it in its `{symbol}` slot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// A marker's face: the icon large and centred, the name small below it (`{name}` in the
    /// only slot, `bottom`), whatever the group's layout.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub marker: bool,
    /// A block sticker's step marks along its edges (its slots keep inside them: `pad`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block: Option<BlockMarks>,
}

/// One counter, laid out.
#[derive(Debug, Clone)]
pub struct RCounter {
    /// Where the counter was written (or the unit it was made for).
    pub loc: Loc,
    /// How findings name it.
    pub what: String,
    /// Its identifier, for files named after it (PNG per piece, virtual tabletops): a run's
    /// id, the counter's `id`, else its `name`, else its unit's id (with `-step-N` for the
    /// extra counters of a unit with more than two steps). Not unique by itself.
    pub id: String,
    /// What a player calls it (virtual tabletops): its `name`, else its unit's name, else its id.
    pub name: String,
    /// Its side's id (its own `side`, else its unit's), for virtual tabletops' palettes.
    pub side: Option<String>,
    /// The unit it stands for (its id), for scenario set-ups on virtual tabletops.
    pub unit: Option<String>,
    /// The unit's step on its front: 0, or 2 and up for the extra counters of a unit with
    /// more than two steps (those stay off the map at set-up).
    pub step: usize,
    /// What tells it apart from the other counters of its unit or name: a run's id, else its
    /// own `id` (virtual tabletops name pieces by it: "Rifle Corps 3").
    pub mark: Option<String>,
    /// Its `label`, when the entry gives one: a second way to tell it apart.
    pub label: Option<String>,
    /// What its back face is called (virtual tabletops' flip layers): the unit's next step's
    /// name, else the back's own `name`; none when neither says.
    pub back_name: Option<String>,
    /// Whether it stands for a unit (else it is a marker).
    pub is_unit: bool,
    /// Index into [`Counters::groups`].
    pub group: usize,
    /// Copies to print.
    pub quantity: i64,
    /// Copies that make one unit at set-up: a block group's `count` (a Commands & Colors unit
    /// of four blocks), else 1.
    pub per_unit: i64,
    /// The front face.
    pub front: RFace,
    /// The back face; none when the sheet prints fronts only.
    pub back: Option<RFace>,
    /// The NATO symbol, when it has one.
    pub symbol: Option<Symbol>,
    /// Picture path inside the game folder.
    pub image: Option<String>,
}

impl RCounter {
    /// The id a scenario's force names it by: its run's id or own `id` (`mark`), else its
    /// `label` (see `Counter::setup_ids`).
    pub fn setup_id(&self) -> Option<&str> {
        self.mark.as_deref().or(self.label.as_deref())
    }
}

/// The counter sheet, laid out: groups in order, counters in data order (declared
/// `[[counter]]`s first, then those made for units of a group's `kinds`).
#[derive(Debug, Default)]
pub struct Counters {
    /// The page, in mm (width, height).
    pub page: (f64, f64),
    /// The gap between counters, mm.
    pub gutter: f64,
    /// The groups.
    pub groups: Vec<RGroup>,
    /// The counters.
    pub counters: Vec<RCounter>,
}

/// The die-cut safe area of a counter: text stays this far inside the edge (mm), unless its
/// group asks for more. A little over the 1 mm floor (E071), so that a glyph's overshoot
/// never reaches it.
pub(crate) const COUNTER_PAD_MM: f64 = MIN_SAFE_MM + 0.25;
/// The size of a factor slot that the data gives no size, at the least (pt): factors are what
/// a player reads across the table.
const FACTOR_SIZE: f64 = 7.0;

/// Lay out every counter of the game. `page_over` is the command line's page size.
pub(crate) fn lay_out_counters(
    game: &Game,
    ix: &Index,
    page_over: Option<PageSize>,
    diags: &mut Vec<Diagnostic>,
) -> Counters {
    let co = &game.counter_options;
    let page = sheet_page(game, &co.sheet, page_over);
    let gutter = co.sheet.gutter.unwrap_or(if co.cut == Cut::Gutter { 2.0 } else { 0.0 });
    let mut groups = declared_groups(game, ix, page, gutter, diags);
    let sources = sources(game, ix, &mut groups, page, gutter);
    let stats: HashSet<String> = game.stats.iter().map(|s| s.id.v.clone()).collect();
    let mut ctx = Ctx {
        game,
        ix,
        groups: &groups,
        diags,
        missing: HashMap::new(),
        symbols: HashMap::new(),
        run_findings: HashSet::new(),
        stats: &stats,
        group_findings: HashSet::new(),
    };
    let counters: Vec<RCounter> = sources.iter().map(|src| ctx.counter(src)).collect();
    let missing = std::mem::take(&mut ctx.missing);
    report_missing(game, &groups, &counters, missing, diags);
    stripes_in_grey(&counters, diags);
    Counters { page, gutter, groups, counters }
}

/// W029: a face's stripe that prints as nearly the grey of the face under it, so that in black
/// and white the stripe (a formation's, a step's) vanishes. Once per stripe and ground, at the
/// first counter that prints them.
fn stripes_in_grey(counters: &[RCounter], diags: &mut Vec<Diagnostic>) {
    let mut told = std::collections::HashSet::new();
    for c in counters {
        for face in std::iter::once(&c.front).chain(&c.back) {
            // A stripe of the face's own colour draws nothing in colour either.
            let Some(stripe) = face.stripe.as_ref().filter(|s| !s.eq_ignore_ascii_case(&face.background)) else {
                continue;
            };
            let Some((d, sg, bg)) = crate::check::grey_apart(stripe, &face.background) else { continue };
            if d >= crate::check::GREY_APART || !told.insert((stripe.clone(), face.background.clone())) {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    diag::STRIPE_SAME_GREY,
                    format!(
                        "the stripe ({stripe}) of {} prints as nearly the grey of its ground ({}): {:.0} % and {:.0} %",
                        c.what,
                        face.background,
                        sg * 100.0,
                        bg * 100.0
                    ),
                )
                .at(&c.loc)
                .label("its stripe vanishes in black and white")
                .help(format!(
                    "make the stripe or the counter's colour lighter or darker, so that their greys differ by {:.0} % \
                     or more",
                    crate::check::GREY_APART * 100.0
                )),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lay out the counters of a one-file game.
    fn counters_of(toml: &str) -> (Counters, Vec<Diagnostic>) {
        let dir = std::path::Path::new("/nonexistent-game");
        let loaded = crate::load::load_sources(dir, vec![(dir.join("game.toml"), toml.as_bytes().to_vec())]);
        let checked = crate::check::check(&loaded.game);
        let mut diags = checked.diags;
        let counters = lay_out_counters(&loaded.game, &checked.ix, None, &mut diags);
        (counters, diags)
    }

    #[test]
    fn a_duplicated_group_id_leaves_the_other_groups_their_own_layout() {
        let (laid, diags) = counters_of(
            r#"
[game]
id = "t"
title = "T"
version = "1"

[[counter_group]]
id = "a"
layout = { centre = "A {name}" }

[[counter_group]]
id = "a"
layout = { centre = "DUPLICATE {name}" }

[[counter_group]]
id = "b"
size = "1in"
layout = { centre = "B {name}" }

[[counter]]
name = "x"
group = "b"
"#,
        );
        assert_eq!(diags.iter().map(|d| d.code.code).collect::<Vec<_>>(), ["E005"], "{diags:?}");
        assert_eq!(laid.groups.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        let c = &laid.counters[0];
        assert_eq!(laid.groups[c.group].id, "b");
        assert_eq!(c.front.slots[0].text, "B x");
        assert_eq!(laid.groups[c.group].size, (Mm(25.4), Mm(25.4)));
    }

    #[test]
    fn a_lowered_floor_lets_text_print_smaller_and_a_framed_side_silences_w020() {
        let game = |floor: &str, style: &str| {
            format!(
                "[game]\nid = \"t\"\ntitle = \"T\"\nversion = \"1\"\n\n\
                 [[side]]\nid = \"a\"\nname = \"A\"\ncolor = \"#a0504a\"\n{style}\n\n\
                 [[side]]\nid = \"b\"\nname = \"B\"\ncolor = \"#5a6e9a\"\n\n\
                 [[counter_group]]\nid = \"g\"\nfont_size = \"4pt\"\n{floor}\n\n\
                 [[counter]]\nname = \"Rifles\"\nside = \"a\"\n"
            )
        };
        let codes = |toml: &str| counters_of(toml).1.iter().map(|d| d.code.code).collect::<Vec<_>>();
        // 4 pt is above the absolute minimum and under the advised 5 pt: a warning.
        assert_eq!(codes(&game("", "")), ["W020", "W022"]);
        assert_eq!(codes(&game("floor = { text = \"4pt\" }", "")), ["W020"]);
        // Under a floor the game sets itself, an error.
        assert_eq!(codes(&game("floor = { text = \"4.5pt\" }", "")), ["W020", "E070"]);
        let (laid, diags) = counters_of(&game("floor = { text = \"4pt\" }", "counter_style = { frame = \"#ffffff\" }"));
        assert!(diags.is_empty(), "{diags:?}");
        let front = &laid.counters[0].front;
        assert_eq!(
            (front.frame.as_deref(), front.slots[0].size, front.slots[0].floor),
            (Some("#ffffff"), Pt(4.0), Pt(4.0))
        );
    }

    #[test]
    fn underlined_values_are_byte_ranges_of_the_filled_text() {
        let v: HashMap<String, String> = [("a".to_string(), "12".to_string()), ("b".into(), "6".into())].into();
        assert_eq!(filled_ranges("{a}-{b}", &v), vec![("a".to_string(), [0, 2]), ("b".to_string(), [3, 4])]);
        assert_eq!(filled_ranges("Ä {b}{none}", &v), vec![("b".to_string(), [3, 4])]);
        assert!(is_number("6+") && is_number("-1") && !is_number("Fresh") && !is_number("2D6"));
    }

    #[test]
    fn placeholders_fill() {
        let v: HashMap<String, String> = [("a".to_string(), "4".to_string()), ("b".into(), "6".into())].into();
        assert_eq!(fill("{a}-{b}", &v), "4-6");
        assert_eq!(fill("x{ a }y{missing}", &v), "x4y");
        assert_eq!(placeholders("{a}-{b}"), vec![(0, "a".to_string()), (4, "b".to_string())]);
    }

    #[test]
    fn optional_placeholders_take_their_separator_when_empty() {
        let v: HashMap<String, String> = [("a".to_string(), "12".to_string()), ("b".into(), "24".into())].into();
        assert_eq!(fill("R{a}/{b?}", &v), "R12/24");
        assert_eq!(fill("R{a}/{c?}", &v), "R12");
        assert_eq!(fill("R{a}{c?}/{b}", &v), "R12/24", "nothing before it to drop");
        assert_eq!(fill("{c?} {a}", &v), " 12");
        assert_eq!(placeholders("R{a}/{ b? }"), vec![(1, "a".to_string()), (5, "b".to_string())]);
        assert!(is_optional("R{a}/{ b? }", "b") && !is_optional("R{a}/{ b? }", "a"));
        // Underlined ranges follow the printed text.
        assert_eq!(filled_ranges("{c?}/{a}", &v), vec![("a".to_string(), [1, 3])]);
        assert_eq!(filled_ranges("x/{c?}{a}", &v), vec![("a".to_string(), [1, 3])]);
    }
}
