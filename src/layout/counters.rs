//! Counters laid out: each counter's faces (colours, slot texts with their placeholders filled,
//! font sizes fitted to the room each slot has), its symbol and picture, and the sheet grid of
//! its group. Findings: a piece bigger than the page (E025), text that does not fit (E023), a
//! placeholder without a value (E026), an unknown symbol word (E027), a coarse picture.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::colour::contrast;
use super::fonts::{ink_em, text_width};
use super::geometry::{grid, sheet_page, symbol_box};
use super::pictures::check_resolution;
use super::symbol::{Symbol, parse_symbol, symbol_words};
use crate::check::Index;
use crate::check::counter_name;
use crate::diag::{self, Diagnostic};
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
    /// Width and height in mm.
    pub size: (f64, f64),
    /// The base font size in pt.
    pub font_size: f64,
    /// How far text may shrink, in pt.
    pub min_font_size: Option<f64>,
    /// Columns and rows of one sheet.
    pub grid: (usize, usize),
    /// The box the symbol or picture is drawn in, mm.
    pub symbol_box: (f64, f64),
    /// Where the group's `font_size` is written, when it is.
    font_size_at: Option<Loc>,
    /// How far text stays inside the cut line, mm.
    pub safe: f64,
    /// The legibility floor of any text, and of a slot of factors, pt.
    pub floor: (f64, f64),
    /// The `[[counter_group]]` it comes from (none for the implicit group).
    decl: Option<usize>,
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
    pub size: f64,
    /// Bold text.
    pub bold: bool,
    /// The slot prints factors (a stat of the unit, or a number): bold and large by default,
    /// with the higher floor.
    pub factor: bool,
    /// The smallest size this slot may print at, pt (E070 below it).
    pub floor: f64,
    /// How much further from its cut line than the pad the slot is placed (pt), so that
    /// accents, descenders and underlines stay inside the safe area.
    #[serde(skip_serializing_if = "is_zero")]
    pub inset: f64,
    /// Byte ranges of `text` printed underlined.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub underline: Vec<[usize; 2]>,
    /// The room the text has, in pt: its width (for `centre`, the width it wraps in).
    pub have: f64,
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

fn is_zero(x: &f64) -> bool {
    *x == 0.0
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
    pub edge: f64,
    /// How far text stays inside the cut line (mm): its group's `safe`.
    pub pad: f64,
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
    /// The front face.
    pub front: RFace,
    /// The back face; none when the sheet prints fronts only.
    pub back: Option<RFace>,
    /// The NATO symbol, when it has one.
    pub symbol: Option<Symbol>,
    /// Picture path inside the game folder.
    pub image: Option<String>,
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

/// Default font size of the implicit group, pt.
const IMPLICIT_FONT: f64 = 5.0;
/// Background of a counter with no side and no colour.
const NEUTRAL_BG: &str = "#ece4cf";
/// The die-cut safe area of a counter: text stays this far inside the edge (mm), unless its
/// group asks for more. A little over the 1 mm floor (E071), so that a glyph's overshoot
/// never reaches it.
pub(crate) const COUNTER_PAD_MM: f64 = MIN_SAFE_MM + 0.25;
/// The size of a factor slot that the data gives no size, at the least (pt): factors are what
/// a player reads across the table.
const FACTOR_SIZE: f64 = 7.0;
const MM: f64 = 72.0 / 25.4; // pt per mm

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
    Counters { page, gutter, groups, counters }
}

fn new_group(decl: Option<usize>, id: String, name: Option<String>, size: (f64, f64), font: f64) -> RGroup {
    RGroup {
        id,
        name,
        size,
        font_size: font,
        min_font_size: None,
        grid: (0, 0),
        symbol_box: symbol_box(size),
        font_size_at: None,
        safe: COUNTER_PAD_MM,
        floor: (COUNTER_TEXT_FLOOR, COUNTER_FACTOR_FLOOR),
        decl,
    }
}

/// The groups as declared (the first of a duplicated id), with their sizes checked against the
/// page.
fn declared_groups(game: &Game, ix: &Index, page: (f64, f64), gutter: f64, diags: &mut Vec<Diagnostic>) -> Vec<RGroup> {
    let sheet = &game.counter_options.sheet;
    let mut out = Vec::new();
    for (i, g) in game.counter_groups.iter().enumerate() {
        if ix.position(Coll::CounterGroup, &g.id.v) != Some(i) {
            continue;
        }
        let size = g.size.as_ref().map(|s| s.v).unwrap_or((DEFAULT_COUNTER_MM, DEFAULT_COUNTER_MM));
        if let Some(s) = &g.size {
            let room = (page.0 - 2.0 * sheet.margin, page.1 - 2.0 * sheet.margin);
            if s.v.0 > room.0 || s.v.1 > room.1 {
                diags.push(
                    Diagnostic::error(
                        diag::PIECE_TOO_LARGE,
                        format!("a {:.1} x {:.1} mm counter does not fit on the page", s.v.0, s.v.1),
                    )
                    .at(&s.loc)
                    .help(format!(
                        "the page leaves {:.0} x {:.0} mm inside its margins; use a smaller size",
                        room.0, room.1
                    )),
                );
            }
        }
        let text_floor = g.floor.text.as_ref().map_or(COUNTER_TEXT_FLOOR, |f| f.v);
        let font = g.font_size.as_ref().map(|f| f.v).unwrap_or((size.0.min(size.1) * 0.33).clamp(text_floor, 9.0));
        let mut r = new_group(Some(i), g.id.v.clone(), g.name.as_ref().map(|n| n.v.clone()), size, font);
        r.min_font_size = g.min_font_size.as_ref().map(|m| m.v);
        r.safe = g.safe.as_ref().map_or(COUNTER_PAD_MM, |s| s.v.max(MIN_SAFE_MM));
        if let Some(s) = g.safe.as_ref().filter(|s| s.v < MIN_SAFE_MM) {
            diags.push(too_close(s));
        }
        r.font_size_at = g.font_size.as_ref().map(|f| f.loc.clone());
        r.floor = (text_floor, g.floor.factors.as_ref().map_or(COUNTER_FACTOR_FLOOR.max(text_floor), |f| f.v));
        r.grid = grid(page, sheet, gutter, 0.0, size);
        out.push(r);
    }
    out
}

/// What a counter is made from: a `[[counter]]` (one id of its run), a unit, or both.
struct Src<'g> {
    counter: Option<&'g Counter>,
    /// The id of a run's counter.
    run_id: Option<&'g Sp<String>>,
    unit: Option<&'g Unit>,
    /// The unit's step on the front (0, or 2 and up for the extra counters of a unit with
    /// more than two steps); the next step is on the back.
    step: usize,
    group: usize,
    loc: Loc,
}

/// A counter's identifier and name (see [`RCounter::id`]).
fn counter_id_and_name(src: &Src) -> (String, String) {
    let c = src.counter;
    let base = src
        .run_id
        .or(c.and_then(|c| c.id.as_ref()))
        .or(c.and_then(|c| c.name.as_ref()))
        .or(src.unit.map(|u| &u.id))
        .map(|s| s.v.clone())
        .unwrap_or_else(|| "counter".into());
    let id = if src.step > 0 { format!("{base}-step-{}", src.step + 1) } else { base };
    let name = c
        .and_then(|c| c.name.as_ref())
        .or(src.unit.map(|u| &u.name))
        .map(|s| s.v.clone())
        .unwrap_or_else(|| id.clone());
    (id, name)
}

/// The name of a counter's back face: its unit's next step's name, else the back's `name`.
fn back_name(src: &Src) -> Option<String> {
    let step = src.unit.and_then(|u| u.steps.get(src.step + 1)).and_then(|s| s.name.as_ref()).map(|n| n.v.clone());
    step.or_else(|| match src.counter.map(|c| &c.back) {
        Some(Back::Values(values)) => values.iter().find(|(k, _)| k.v == "name").map(|(_, v)| v.v.display()),
        _ => None,
    })
}

/// The steps on the fronts of a unit's counters: one counter for each two steps.
fn front_steps(unit: Option<&Unit>) -> impl Iterator<Item = usize> {
    (0..unit.map_or(1, |u| u.steps.len().max(1))).step_by(2)
}

/// Declared counters (those whose group resolves), then one for each unit of a group's kinds
/// that no counter names. Counters without a group go to the first group, or to an implicit
/// group of 5/8" counters when the game declares none.
fn sources<'g>(game: &'g Game, ix: &Index, groups: &mut Vec<RGroup>, page: (f64, f64), gutter: f64) -> Vec<Src<'g>> {
    let named: BTreeSet<&str> = game.counters.iter().filter_map(|c| c.unit.as_ref().map(|u| u.v.as_str())).collect();
    let mut out = Vec::new();
    let mut implicit = false;
    for c in &game.counters {
        let group = match &c.group {
            Some(g) => match groups.iter().position(|r| r.id == g.v) {
                Some(i) => i,
                None => continue, // the checker reported it
            },
            None => {
                implicit |= groups.is_empty();
                0
            }
        };
        let unit = c.unit.as_ref().and_then(|u| ix.get::<Unit>(game, &u.v));
        for (c, run_id) in c.expanded() {
            for step in front_steps(unit) {
                out.push(Src { counter: Some(c), run_id, unit, step, group, loc: c.loc.clone() });
            }
        }
    }
    for (gi, g) in groups.iter().enumerate() {
        let Some(decl) = g.decl.map(|d| &game.counter_groups[d]) else { continue };
        for u in &game.units {
            let of_kind = u.kind.as_ref().is_some_and(|k| decl.kinds.iter().any(|gk| gk.v == k.v));
            if of_kind && !named.contains(u.id.v.as_str()) {
                for step in front_steps(Some(u)) {
                    out.push(Src { counter: None, run_id: None, unit: Some(u), step, group: gi, loc: u.loc.clone() });
                }
            }
        }
    }
    if implicit {
        let size = (DEFAULT_COUNTER_MM, DEFAULT_COUNTER_MM);
        let mut g = new_group(None, "counters".into(), None, size, IMPLICIT_FONT);
        g.grid = grid(page, &game.counter_options.sheet, gutter, 0.0, size);
        groups.push(g);
    }
    out
}

/// The values a face's placeholders are filled with, and where each was written.
#[derive(Clone, Default)]
struct Values {
    text: HashMap<String, String>,
    origin: HashMap<String, Loc>,
}

impl Values {
    fn set(&mut self, key: &str, text: String, origin: Option<&Loc>) {
        self.text.insert(key.to_string(), text);
        if let Some(o) = origin {
            self.origin.insert(key.to_string(), o.clone());
        }
    }

    fn with(&self, pairs: &[(Sp<String>, Sp<Scalar>)]) -> Values {
        let mut v = self.clone();
        for (k, s) in pairs {
            v.set(&k.v, display(&s.v), Some(&s.loc));
        }
        v
    }
}

/// Placeholders without a value: (group, key) to the counters that lack it.
type Missing = HashMap<(usize, String), Vec<(Loc, String)>>;

struct Ctx<'g, 'd> {
    game: &'g Game,
    ix: &'g Index,
    groups: &'d [RGroup],
    diags: &'d mut Vec<Diagnostic>,
    missing: Missing,
    /// Symbols parsed, by where they are written: a run's counters share theirs (and its
    /// finding).
    symbols: HashMap<(usize, usize), Option<Symbol>>,
    /// Findings already reported for a run's counter: its other counters share them.
    run_findings: HashSet<String>,
    /// The game's stat ids: a slot printing one prints factors.
    stats: &'d HashSet<String>,
    /// Findings about a group's layout or sizes (not one counter's), reported once.
    group_findings: HashSet<String>,
}

impl<'g> Ctx<'g, '_> {
    fn counter(&mut self, src: &Src<'g>) -> RCounter {
        let c = src.counter;
        let what = match (c, src.unit) {
            (Some(_), _) if let Some(id) = src.run_id => format!("counter `{}`", id.v),
            (Some(c), _) => counter_name(c),
            (None, Some(u)) => format!("the counter of unit `{}`", u.id.v),
            (None, None) => "a counter".into(),
        };
        // The extra counter of a three- or four-step unit says which steps it carries.
        let what = match src.unit {
            Some(u) if src.step > 0 => match u.steps.get(src.step + 1) {
                Some(_) => format!("{what} (steps {}-{})", src.step + 1, src.step + 2),
                None => format!("{what} (step {})", src.step + 1),
            },
            _ => what,
        };
        let group = &self.groups[src.group];
        let decl = group.decl.map(|d| &self.game.counter_groups[d]);
        let front_layout: Vec<Slot> = decl
            .and_then(|g| g.layout.as_ref())
            .map(|(l, _)| l.clone())
            .unwrap_or_else(|| default_layout(self.game, self.ix, src.unit));
        let back_layout: Vec<Slot> =
            decl.and_then(|g| g.back_layout.as_ref()).map(|(l, _)| l.clone()).unwrap_or_else(|| front_layout.clone());
        let values = self.front_values(src);
        let side_style = self.side(src).map(|s| &s.counter_style).filter(|s| s.is_set());
        let painter = Painter { src, group, side: self.side_colour(src), side_style, stats: self.stats };

        let front_face = c.map(|c| &c.front_face);
        let front_icon = face_icon(c, front_face);
        let front_layout = match &front_icon {
            Some(icon) if src.unit.is_none() => marker_layout(group, icon),
            _ => front_layout,
        };
        let back_icon = face_icon(c, c.map(|c| &c.back_face));
        let back_layout = match &back_icon {
            Some(icon) if src.unit.is_none() => marker_layout(group, icon),
            _ => back_layout,
        };
        self.note_missing(src, &what, &front_layout, &values);
        let mut front = painter.face(&front_layout, &values, decl.map(|g| &g.front_style), front_face, None);
        front.symbol = front_face.and_then(|f| f.symbol.as_ref()).and_then(|s| self.symbol(s));
        front.marker = front_icon.is_some() && src.unit.is_none();
        front.icon = front_icon.map(|i| i.v);
        let front_findings = fit_face(&mut front, group, "front", &what, &src.loc);
        let back = self.back(src, &what, (&back_layout, &values), &painter, &front);
        let mut back_findings = Vec::new();
        let back = back.map(|mut b| {
            if b.slots.iter().any(|s| s.have == 0.0) {
                back_findings = fit_face(&mut b, group, "back", &what, &src.loc);
            }
            b
        });
        // The same text overflowing the same slot on both sides: once is enough.
        back_findings.retain(|d| {
            let front_twin = d.message.replacen("the back ", "the front ", 1);
            !front_findings.iter().any(|f| f.message == front_twin && f.notes == d.notes)
        });
        let picture = c
            .and_then(|c| c.image.as_ref())
            .and_then(|img| check_resolution(&self.game.root, img, group.symbol_box, &what));
        self.report(src, front_findings.into_iter().chain(back_findings).chain(picture));
        let symbol = c.and_then(|c| c.symbol.as_ref()).and_then(|s| self.symbol(s));
        let image = c
            .and_then(|c| c.image.as_ref())
            .or(src.unit.and_then(|u| u.image.as_ref()).filter(|_| c.is_none_or(|c| c.symbol.is_none())));
        let (id, name) = counter_id_and_name(src);
        let side = c.and_then(|c| c.side.as_ref()).or(src.unit.and_then(|u| u.side.as_ref())).map(|s| s.v.clone());
        RCounter {
            loc: src.loc.clone(),
            what,
            id,
            name,
            side,
            unit: src.unit.map(|u| u.id.v.clone()),
            step: src.step,
            mark: src.run_id.or(c.and_then(|c| c.id.as_ref())).map(|m| m.v.clone()),
            label: c.and_then(|c| c.label.as_ref()).map(|l| l.v.clone()),
            back_name: back_name(src),
            is_unit: src.unit.is_some(),
            group: src.group,
            quantity: c.and_then(|c| c.quantity.as_ref()).map(|q| q.v.clamp(1, crate::check::MAX_COPIES)).unwrap_or(1),
            front,
            back: if self.game.counter_options.sheet.duplex == Duplex::None { None } else { back },
            symbol,
            image: image.map(|i| i.v.clone()),
        }
    }

    /// The back face: the back values (over the unit's next step) in the back layout, the next
    /// step, blank, or the front again (in the back style or face when there is one); with the
    /// back face's own symbol.
    fn back(
        &mut self,
        src: &Src,
        what: &str,
        (layout, values): (&[Slot], &Values),
        painter: &Painter,
        front: &RFace,
    ) -> Option<RFace> {
        let c = src.counter;
        let back_face = c.map(|c| &c.back_face);
        let back_style = painter.group.decl.map(|d| &self.game.counter_groups[d].back_style);
        let front_bg = Some(front.background.as_str());
        // The unit's next step, under the entry's own back values (which are for its first
        // counter only); `back = "blank"` wins over a step, and blanks a last odd step too.
        let next_step = src.unit.and_then(|u| u.steps.get(src.step + 1));
        let explicit = c.map(|c| &c.back).filter(|_| src.step == 0);
        let blank = c.is_some_and(|c| matches!(c.back, Back::Blank)) && (src.step == 0 || next_step.is_none());
        let mut back = match (explicit, next_step) {
            _ if blank => RFace { slots: Vec::new(), ..painter.face(&[], values, back_style, back_face, front_bg) },
            (Some(Back::Values(pairs)), step) => {
                let b = values.with(step.map_or(&[][..], |s| &s.stats)).with(pairs);
                self.note_missing(src, what, layout, &b);
                painter.face(layout, &b, back_style, back_face, front_bg)
            }
            (_, Some(step)) => {
                let b = values.with(&step.stats);
                self.note_missing(src, what, layout, &b);
                painter.face(layout, &b, back_style, back_face, front_bg)
            }
            _ if back_style.is_some_and(FaceStyle::is_set) || back_face.is_some_and(Face::is_set) => {
                painter.face(layout, values, back_style, back_face, front_bg)
            }
            _ => front.clone(),
        };
        if let Some(sym) = back_face.and_then(|f| f.symbol.as_ref()) {
            back.symbol = self.symbol(sym);
        }
        if !blank {
            back.icon = face_icon(c, back_face).map(|i| i.v);
            back.marker = back.icon.is_some() && src.unit.is_none();
        }
        Some(back)
    }

    /// Report a counter's findings; a run's counters share all but their id, so what they
    /// share is reported once.
    fn report(&mut self, src: &Src, findings: impl Iterator<Item = Diagnostic>) {
        for d in findings {
            let shared = format!("{} {:?} {:?} {:?}", d.code.code, d.loc, d.label, d.notes);
            // A size below the floor, or small factors, where the group or its layout sets
            // them: one finding for the group, however many counters it has.
            let of_group = d.code == diag::TEXT_BELOW_FLOOR || d.code == diag::FACTORS_SMALL;
            if of_group {
                if self.group_findings.insert(format!("{} {:?} {}", d.code.code, d.loc, d.message)) {
                    self.diags.push(d);
                }
                continue;
            }
            if src.run_id.is_none() || self.run_findings.insert(shared) {
                self.diags.push(d);
            }
        }
    }

    /// The front's values: name, id, label (a run's counter: its id, unless the entry has a
    /// label), side, the unit's stats, the counter's own values.
    fn front_values(&self, src: &Src) -> Values {
        let c = src.counter;
        let mut v = Values::default();
        let name = c.and_then(|c| c.name.as_ref()).or(src.unit.map(|u| &u.name));
        v.set("name", name.map(|n| n.v.clone()).unwrap_or_default(), name.map(|n| &n.loc));
        let id = src.run_id.or(c.and_then(|c| c.id.as_ref()));
        if let Some(id) = id {
            v.set("id", id.v.clone(), Some(&id.loc));
        }
        let label = c.and_then(|c| c.label.as_ref()).or(src.run_id);
        v.set("label", label.map(|l| l.v.clone()).unwrap_or_default(), label.map(|l| &l.loc));
        if let Some(side) = self.side(src) {
            v.text.insert("side".into(), side.name.v.clone());
        }
        if let Some(step) = src.unit.and_then(|u| u.steps.get(src.step)) {
            v = v.with(&step.stats);
        }
        // The entry's own front values are for its first counter (the unit's first two steps).
        match c {
            Some(c) if src.step == 0 => v.with(&c.front),
            _ => v,
        }
    }

    fn side(&self, src: &Src) -> Option<&'g Side> {
        let id = src.counter.and_then(|c| c.side.as_ref()).or(src.unit.and_then(|u| u.side.as_ref()))?;
        self.ix.get::<Side>(self.game, &id.v)
    }

    fn side_colour(&self, src: &Src) -> Option<String> {
        self.side(src).and_then(|s| s.color.as_ref()).map(|c| c.v.clone())
    }

    /// Remember the layout's placeholders that `values` has no value for.
    fn note_missing(&mut self, src: &Src, what: &str, layout: &[Slot], values: &Values) {
        for s in layout {
            for (_, key) in placeholders(&s.text.v) {
                if key != "symbol" && !key.starts_with("icon:") && !values.text.contains_key(&key) {
                    self.missing.entry((src.group, key)).or_default().push((src.loc.clone(), what.to_string()));
                }
            }
        }
    }

    /// A NATO symbol from words; an unknown word is E027 at that word, with a did-you-mean
    /// (once, however many counters share the symbol).
    fn symbol(&mut self, s: &Sp<String>) -> Option<Symbol> {
        let at = (s.loc.file, s.loc.span.start);
        if let Some(sym) = self.symbols.get(&at) {
            return sym.clone();
        }
        let parsed = self.parse_symbol(s);
        self.symbols.insert(at, parsed.clone());
        parsed
    }

    fn parse_symbol(&mut self, s: &Sp<String>) -> Option<Symbol> {
        let bad = match parse_symbol(&s.v) {
            Ok(sym) => return Some(sym),
            Err(bad) => bad,
        };
        let d = Diagnostic::error(diag::UNIT_SYMBOL, format!("`{}` is not a word of a unit symbol", bad.word))
            .at(&word_loc(self.game, &s.loc, bad.range))
            .label("unknown symbol word");
        let lower = bad.word.to_lowercase().replace('_', "-");
        self.diags.push(match diag::did_you_mean(&lower, symbol_words()) {
            Some(best) => d.help(format!("did you mean `{}`?", best.replace('-', " "))),
            None => d.help(
                "a symbol is words: an affiliation, icons, an echelon and modifiers, e.g. \"airborne infantry corps hq\"; docs/FORMAT.md lists them and docs/symbols.png draws them",
            ),
        });
        None
    }
}

/// Where bytes `range` of the string written at `loc` are in its file (escapes counted).
fn word_loc(game: &Game, loc: &Loc, range: std::ops::Range<usize>) -> Loc {
    let literal = game.files.get(loc.file).text.get(loc.span.clone()).unwrap_or("");
    let (start, end) = (raw_offset(literal, range.start), raw_offset(literal, range.end));
    Loc { file: loc.file, span: loc.span.start + start..loc.span.start + end.max(start) }
}

/// Paints the faces of one counter: colours by precedence, slots filled.
struct Painter<'a, 'g> {
    src: &'a Src<'g>,
    group: &'a RGroup,
    /// The side's colour.
    side: Option<String>,
    /// The side's `counter_style`, when it sets anything.
    side_style: Option<&'a FaceStyle>,
    /// The game's stat ids.
    stats: &'a HashSet<String>,
}

impl Painter<'_, '_> {
    fn colour(&self, spec: &Option<Sp<String>>) -> Option<String> {
        let s = spec.as_ref()?;
        if s.v == "side" { self.side.clone() } else { Some(s.v.clone()) }
    }

    /// A face: the face's own background, else the counter's colour, else the side's
    /// `counter_style`, else the group style's, else the front's, else the side's colour;
    /// stripe, frame and text colour: the face's, else the side's style, else the group's.
    fn face(
        &self,
        layout: &[Slot],
        vals: &Values,
        style: Option<&FaceStyle>,
        face: Option<&Face>,
        front_bg: Option<&str>,
    ) -> RFace {
        let own = face.map(|f| &f.style);
        let pick = |k: fn(&FaceStyle) -> &Option<Sp<String>>| {
            own.and_then(|s| self.colour(k(s)))
                .or_else(|| self.side_style.and_then(|s| self.colour(k(s))))
                .or_else(|| style.and_then(|s| self.colour(k(s))))
        };
        let colour = self.src.counter.and_then(|c| c.color.as_ref()).map(|c| c.v.clone());
        let bg = own
            .and_then(|s| self.colour(&s.background))
            .or(colour)
            .or_else(|| self.side_style.and_then(|s| self.colour(&s.background)))
            .or_else(|| style.and_then(|s| self.colour(&s.background)))
            .or(front_bg.map(str::to_string))
            .or(self.side.clone())
            .unwrap_or_else(|| NEUTRAL_BG.to_string());
        let stripe = pick(|s| &s.stripe);
        let frame = pick(|s| &s.frame);
        let text = pick(|s| &s.text).unwrap_or_else(|| contrast(&bg));
        let slots = layout.iter().map(|s| self.slot(s, vals, face)).collect();
        let stripe_text = stripe.as_deref().map(contrast);
        RFace {
            background: bg,
            stripe,
            stripe_text,
            text,
            frame,
            slots,
            edge: 0.0,
            pad: self.group.safe,
            symbol: None,
            icon: None,
            marker: false,
        }
    }

    /// A slot: its own size and weight, else the face's, else the defaults by slot (a slot of
    /// factors: bold, and at least `FACTOR_SIZE`).
    fn slot(&self, s: &Slot, vals: &Values, face: Option<&Face>) -> RSlot {
        let base = self.group.font_size;
        let is_symbol = s.text.v.trim() == "{symbol}";
        let icon = slot_icon(&s.text.v).map(str::to_string);
        let name = s.name.v.as_str();
        let face_size = face.and_then(|f| f.font_size.as_ref());
        let keys = placeholders(&s.text.v);
        let factor = !is_symbol
            && keys.iter().any(|(_, k)| {
                !matches!(k.as_str(), "name" | "id" | "label" | "side")
                    && (self.stats.contains(k) || vals.text.get(k).is_some_and(|v| is_number(v)))
            });
        let ident = !keys.is_empty() && keys.iter().all(|(_, k)| matches!(k.as_str(), "id" | "label"));
        let default_size = match name {
            _ if factor => (base * 1.3).max(FACTOR_SIZE),
            "bottom" => base * 1.3,
            "left" | "right" => (base * 0.85).max(self.group.floor.0),
            _ => base,
        };
        // An id or label is what a player looks for at set-up: never the smallest text.
        let default_size = if ident { default_size.max(COUNTER_ID_SIZE) } else { default_size };
        let group_size = self.group.font_size_at.clone();
        let text = if is_symbol || icon.is_some() { String::new() } else { fill(&s.text.v, &vals.text) };
        let underline = underlined(s, vals);
        RSlot {
            name: name.to_string(),
            symbol: is_symbol,
            icon,
            size: s.size.as_ref().or(face_size).map_or(default_size, |z| z.v),
            size_at: s.size.as_ref().or(face_size).map(|z| z.loc.clone()).or(group_size),
            own_size: s.size.is_none() && face_size.is_some(),
            bold: s
                .bold
                .or(face.and_then(|f| f.bold))
                .unwrap_or(factor || name == "bottom" || (name == "centre" && self.src.unit.is_none())),
            factor,
            floor: if factor { self.group.floor.1 } else { self.group.floor.0 },
            inset: 0.0,
            underline: filled_ranges(&s.text.v, &vals.text)
                .into_iter()
                .filter(|(k, _)| underline.contains(k))
                .map(|(_, r)| r)
                .collect(),
            text,
            have: 0.0,
            origin: keys
                .first()
                .and_then(|(_, k)| vals.origin.get(k).cloned())
                .or_else(|| (s.text.loc.span.end > 0).then(|| s.text.loc.clone())),
        }
    }
}

/// One finding per placeholder: at the layout when no counter of the group has it (a typo in
/// the layout), else at each counter that lacks it.
fn report_missing(
    game: &Game,
    groups: &[RGroup],
    counters: &[RCounter],
    missing: Missing,
    diags: &mut Vec<Diagnostic>,
) {
    let mut keys: Vec<_> = missing.into_iter().collect();
    keys.sort_by_key(|((g, k), _)| (*g, k.clone()));
    for ((gi, key), mut places) in keys {
        // Counters of one entry (a run) share its place: count places, not counters.
        let mut of_group: Vec<&Loc> = counters.iter().filter(|r| r.group == gi).map(|r| &r.loc).collect();
        of_group.dedup();
        let count = of_group.len();
        let decl = groups[gi].decl.map(|d| &game.counter_groups[d]);
        let slot = decl.and_then(|g| {
            g.layout
                .iter()
                .chain(g.back_layout.iter())
                .flat_map(|(l, _)| l.iter())
                .find(|s| placeholders(&s.text.v).iter().any(|(_, k)| *k == key))
        });
        places.dedup_by(|a, b| a.0 == b.0);
        if let (Some(slot), true) = (slot, places.len() == count) {
            diags.push(placeholder_typo(game, &groups[gi].id, slot, &key));
            continue;
        }
        // `{key?}`: the counters without a value print nothing there.
        if slot.is_some_and(|s| is_optional(&s.text.v, &key)) {
            continue;
        }
        for (loc, what) in places {
            let where_ = slot
                .map(|s| format!("the layout's `{}` slot", s.name.v.replace('-', "_")))
                .unwrap_or_else(|| "the layout".into());
            diags.push(
                Diagnostic::error(diag::UNKNOWN_PLACEHOLDER, format!("{what} has no value for `{{{key}}}`"))
                    .at(&loc)
                    .label(format!("{where_} prints `{{{key}}}`"))
                    .help(format!("give it one: front = {{ {key} = ... }}, or a unit with that stat")),
            );
        }
    }
}

/// A placeholder no counter of the group has a value for: a typo in the layout.
fn placeholder_typo(game: &Game, group: &str, slot: &Slot, key: &str) -> Diagnostic {
    let mut known: BTreeSet<String> = ["name", "id", "label", "side", "symbol"].iter().map(|s| s.to_string()).collect();
    known.extend(game.stats.iter().map(|s| s.id.v.clone()));
    let d = Diagnostic::error(
        diag::UNKNOWN_PLACEHOLDER,
        format!("no counter of group `{group}` has a value for `{{{key}}}`"),
    )
    .at(&slot.text.loc)
    .label(format!("`{{{key}}}` has no value"));
    match diag::did_you_mean(key, known.iter().map(|s| s.as_str())) {
        Some(best) => d.help(format!("did you mean `{{{best}}}`?")),
        None => d.help(
            "a placeholder names a stat of the unit, a key of the counter's front/back, or name, label, side, symbol",
        ),
    }
}

/// Decide each slot's room and font size, shrinking down to the group's minimum when allowed,
/// and report text that still does not fit (E023). The template draws what this decides, so a
/// sheet never needs to measure text: exact (the same shaper as Typst) and fast.
/// How deep a face's stripe is, as a share of the counter's height (templates/counters.typ).
const STRIPE: f64 = 0.22;

fn fit_face(face: &mut RFace, group: &RGroup, side: &str, what: &str, loc: &Loc) -> Vec<Diagnostic> {
    let (w, h) = (group.size.0 * MM, group.size.1 * MM);
    let base = group.font_size;
    let pad = group.safe * MM;
    let inner = w - 2.0 * pad;
    let has = |n: &str| face.slots.iter().any(|s| s.name == n && (s.symbol || !s.text.is_empty()));
    let edge_size = face
        .slots
        .iter()
        .filter(|s| (s.name == "left" || s.name == "right") && !s.symbol && !s.text.is_empty())
        .map(|s| s.size)
        .fold(base, f64::max);
    let edge = if has("left") || has("right") { edge_size * 1.15 } else { 0.0 };
    face.edge = edge;
    let corner_width = |names: [&str; 2]| {
        face.slots
            .iter()
            .filter(|s| names.contains(&s.name.as_str()) && !s.symbol && !s.text.is_empty())
            .map(|s| text_width(&s.text, s.size, s.bold) + 0.6 * MM)
            .fold(0.0, f64::max)
    };
    let has_stripe = face.stripe.is_some();
    let top_corners = corner_width(["top-left", "top-right"]);
    let bottom_corners = corner_width(["bottom-left", "bottom-right"]);
    let half = (inner - 2.0 * edge) / 2.0 - 0.3 * MM;
    let mut found = Vec::new();
    for s in face.slots.iter_mut() {
        s.have = match s.name.as_str() {
            "top" => inner - 2.0 * edge - 2.0 * top_corners,
            "bottom" => inner - 2.0 * edge - 2.0 * bottom_corners,
            "centre" => inner - 2.0 * edge,
            // Along the edge, clear of the stripe when there is one (templates/counters.typ
            // draws it `STRIPE` of the height deep and sets the edge text below it).
            "left" | "right" if has_stripe => h * (1.0 - STRIPE) - 0.3 * MM - pad,
            "left" | "right" => h - 2.0 * pad,
            _ => half,
        };
        if s.symbol || s.text.is_empty() {
            continue;
        }
        // Centre text wraps at spaces, in up to 60 % of the counter's height. Shrinking stops
        // at the floor: below it the text would not be read.
        let limit = if s.name == "centre" { h * 0.6 } else { s.have };
        let mut size = s.size;
        let least = group.min_font_size.map(|m| m.max(s.floor));
        while !fits(s, size, limit) && least.is_some_and(|m| size > m) {
            size = (size - 0.25).max(least.unwrap_or(size));
        }
        s.size = size;
        if s.size < s.floor - 0.001 {
            found.push(below_floor(s, limit, side, what, group, loc));
        } else if !fits(s, size, limit) {
            found.push(overflow(s, size, limit, side, what, loc));
        }
        s.inset = inset(s);
    }
    found.extend(small_factors(face, side, what, group, loc));
    found
}

/// How much further from its cut line than the pad a slot must sit (pt) for its ink to stay
/// inside the safe area: top and bottom slots sit 0.2 mm in, by cap height and baseline; edge
/// slots by cap height; accents, descenders and an underline reach past those.
fn inset(s: &RSlot) -> f64 {
    let (above, below, cap) = ink_em(&s.text, s.bold);
    let below = if s.underline.is_empty() { below } else { below.max(UNDERLINE_EM.0 + UNDERLINE_EM.1 / 2.0) };
    let over = match s.name.as_str() {
        "top" | "top-left" | "top-right" => (above - cap) * s.size - 0.2 * MM,
        "bottom" | "bottom-left" | "bottom-right" => below * s.size - 0.2 * MM,
        "left" | "right" => (above - cap) * s.size,
        _ => 0.0,
    };
    // Rounded up to 0.01 pt, so the template's data stays short and the ink stays inside.
    (over.max(0.0) * 100.0).ceil() / 100.0
}

/// A slot printing below its floor (E070): at the size written in the data (the slot's, its
/// face's or its group's `font_size`), else at the slot; with the largest size that fits.
fn below_floor(s: &RSlot, limit: f64, side: &str, what: &str, group: &RGroup, loc: &Loc) -> Diagnostic {
    let kind = if s.factor { "factors" } else { "text" };
    let slot = s.name.replace('-', "_");
    let message = if !s.own_size {
        format!(
            "the `{slot}` slot of group `{}` prints at {:.1} pt, below the floor of {:.1} pt for {kind}",
            group.id, s.size, s.floor
        )
    } else {
        format!(
            "the {side} `{slot}` slot of {what} prints at {:.1} pt, below the floor of {:.1} pt for {kind}",
            s.size, s.floor
        )
    };
    let largest = (0..=80).map(|i| s.floor + 0.25 * i as f64).take_while(|&z| fits(s, z, limit)).last();
    let help = match largest {
        Some(z) => format!(
            "print it at {:.1} pt or more: it fits up to {z:.2} pt; or lower the floor with `floor = {{ {kind} = \"...\" }}` in its [[counter_group]]",
            s.floor
        ),
        None => format!(
            "at {:.1} pt the text does not fit its slot: shorten it, move it to a wider slot, or use a bigger counter",
            s.floor
        ),
    };
    Diagnostic::error(diag::TEXT_BELOW_FLOOR, message)
        .at(s.size_at.as_ref().or(s.origin.as_ref()).unwrap_or(loc))
        .label(format!("{:.1} pt is below {:.1} pt", s.size, s.floor))
        .note(format!("the text: \"{}\"", s.text))
        .help(help)
}

/// Factors printed smaller than the counter's name (W016; set regular, E070): the numbers are what a
/// player reads across the table. Only where the data sets the size or weight.
fn small_factors(face: &RFace, side: &str, what: &str, group: &RGroup, loc: &Loc) -> Vec<Diagnostic> {
    let name_size =
        face.slots.iter().filter(|s| !s.factor && !s.symbol && !s.text.is_empty()).map(|s| s.size).fold(0.0, f64::max);
    let mut out = Vec::new();
    // Below the floor is E070 already.
    for s in face.slots.iter().filter(|s| s.factor && !s.text.is_empty() && s.size >= s.floor - 0.001) {
        if !s.bold {
            out.push(regular_factors(s, side, what, group, loc));
            continue;
        }
        if s.size + 0.001 >= name_size {
            continue;
        }
        let slot = s.name.replace('-', "_");
        let message = if !s.own_size {
            format!("the factors in the `{slot}` slot of group `{}` print smaller than its other text", group.id)
        } else {
            format!("the factors in the {side} `{slot}` slot of {what} print smaller than its other text")
        };
        out.push(
            Diagnostic::warning(diag::FACTORS_SMALL, message)
                .at(s.size_at.as_ref().or(s.origin.as_ref()).unwrap_or(loc))
                .label(format!("{:.1} pt, beside text of {name_size:.1} pt", s.size))
                .help("players read the factors across the table: print them at least as large as the name (leave out the slot's font_size for the default)"),
        );
    }
    out
}

/// Factors set regular (E070): the floor for factors is bold, whatever the size.
fn regular_factors(s: &RSlot, side: &str, what: &str, group: &RGroup, loc: &Loc) -> Diagnostic {
    let slot = s.name.replace('-', "_");
    let message = if !s.own_size {
        format!("the factors in the `{slot}` slot of group `{}` print regular, below the floor of bold", group.id)
    } else {
        format!("the factors in the {side} `{slot}` slot of {what} print regular, below the floor of bold")
    };
    Diagnostic::error(diag::TEXT_BELOW_FLOOR, message)
        .at(s.size_at.as_ref().or(s.origin.as_ref()).unwrap_or(loc))
        .label(format!("{:.1} pt, regular", s.size))
        .help("players read the factors across the table: print them bold (leave out the slot's `bold = false`)")
}

/// An underline below the baseline: its offset and thickness, in em (the template draws it so).
const UNDERLINE_EM: (f64, f64) = (0.14, 0.08);

/// A `safe` margin closer than 1 mm to the cut (E071).
fn too_close(s: &Sp<f64>) -> Diagnostic {
    Diagnostic::error(diag::TEXT_NEAR_CUT, format!("text would print {:.1} mm from the cut line", s.v))
        .at(&s.loc)
        .label(format!("less than {MIN_SAFE_MM:.0} mm"))
        .help(format!(
            "a cut is never exact: keep text at least {MIN_SAFE_MM:.0} mm inside it (safe = \"{MIN_SAFE_MM:.0}mm\" or more, or leave it out)"
        ))
}

/// The height (centre: wrapped lines) and widest word of a slot's text at `size`, in pt.
fn need(s: &RSlot, size: f64) -> (f64, f64) {
    if s.name == "centre" {
        let (lines, widest) = wrap(&s.text, size, s.bold, s.have);
        (lines as f64 * size * 1.05, widest.max(0.0))
    } else {
        (text_width(&s.text, size, s.bold), 0.0)
    }
}

fn fits(s: &RSlot, size: f64, limit: f64) -> bool {
    let (n, widest) = need(s, size);
    n <= limit + 0.01 && widest <= s.have + 0.01
}

fn overflow(s: &RSlot, size: f64, limit: f64, side: &str, what: &str, loc: &Loc) -> Diagnostic {
    let (n, widest) = need(s, size);
    let (need_pt, have_pt) = if widest > s.have + 0.01 { (widest, s.have) } else { (n, limit) };
    let by = (need_pt - have_pt) / MM;
    let part = format!("{side} {} slot", s.name.replace('-', "_"));
    Diagnostic::error(diag::TEXT_OVERFLOW, format!("the {part} of {what} does not fit: it overflows by {by:.1} mm"))
        .at(s.origin.as_ref().unwrap_or(loc))
        .label(format!("{part} needs {:.1} mm, has {:.1} mm", need_pt / MM, have_pt / MM))
        .note(format!("the text: \"{}\"", s.text))
        .help("shorten the text, use a smaller size for this slot, a bigger counter, or allow shrinking with min_font_size in its [[counter_group]]")
}

/// Greedy word wrap: (number of lines, widest single word) at `size` in `width` pt.
fn wrap(text: &str, size: f64, bold: bool, width: f64) -> (usize, f64) {
    let space = text_width(" ", size, bold);
    let mut lines = 1;
    let mut line = 0.0;
    let mut widest: f64 = 0.0;
    for word in text.split_whitespace() {
        let ww = text_width(word, size, bold);
        widest = widest.max(ww);
        if line > 0.0 && line + space + ww > width {
            lines += 1;
            line = ww;
        } else {
            line += if line > 0.0 { space + ww } else { ww };
        }
    }
    (lines, widest)
}

/// The layout used when a group declares none: name on top, the symbol in the centre, the
/// unit's stats in its kind's order as the factor line; a marker prints its name.
fn default_layout(game: &Game, ix: &Index, unit: Option<&Unit>) -> Vec<Slot> {
    let loc = Loc { file: 0, span: 0..0 };
    let slot = |name: &str, text: String, bold: Option<bool>| Slot {
        name: Sp::new(name.into(), loc.clone()),
        text: Sp::new(text, loc.clone()),
        size: None,
        bold,
        underline: Vec::new(),
    };
    let Some(u) = unit else { return vec![slot("centre", "{name}".into(), Some(true))] };
    let order: Vec<String> = u
        .kind
        .as_ref()
        .and_then(|k| ix.get::<Kind>(game, &k.v))
        .map(|k| k.stats.iter().map(|s| s.v.clone()).collect())
        .unwrap_or_else(|| u.stats().iter().map(|(k, _)| k.v.clone()).collect());
    let present: Vec<String> =
        order.into_iter().filter(|s| u.stats().iter().any(|(k, _)| &k.v == s)).map(|s| format!("{{{s}}}")).collect();
    vec![
        slot("top", "{name}".into(), None),
        slot("centre", "{symbol}".into(), None),
        slot("bottom", present.join("-"), Some(true)),
        slot("left", "{label}".into(), None),
    ]
}

/// The icon a face shows: the face's own `icon`, else the counter's.
fn face_icon(c: Option<&Counter>, face: Option<&Face>) -> Option<Sp<String>> {
    face.and_then(|f| f.icon.as_ref()).or(c.and_then(|c| c.icon.as_ref())).cloned()
}

/// A marker's face: its name, small and bold, at the bottom; the icon fills the rest. A finding
/// about the name's size points at the group's `font_size`, else at the `icon`.
fn marker_layout(group: &RGroup, icon: &Sp<String>) -> Vec<Slot> {
    let loc = group.font_size_at.clone().unwrap_or_else(|| icon.loc.clone());
    vec![Slot {
        name: Sp::new("bottom".into(), loc.clone()),
        text: Sp::new("{name}".into(), loc.clone()),
        size: Some(Sp::new(group.font_size, loc)),
        bold: Some(true),
        underline: Vec::new(),
    }]
}

/// The icon of a slot written `{icon:name}` (the whole slot), if it is one.
pub(crate) fn slot_icon(text: &str) -> Option<&str> {
    text.trim().strip_prefix("{icon:")?.strip_suffix('}').map(str::trim)
}

/// Split `"{attack}-{defence}"` into placeholder names with their offsets.
fn placeholders(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = s;
    let mut base = 0;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        out.push((base + i, key_of(&rest[i + 1..i + j]).0.to_string()));
        base += i + j + 1;
        rest = &rest[i + j + 1..];
    }
    out
}

/// A placeholder's key, and whether it is optional (`{long_range?}`).
fn key_of(inside: &str) -> (&str, bool) {
    let t = inside.trim();
    match t.strip_suffix('?') {
        Some(k) => (k.trim_end(), true),
        None => (t, false),
    }
}

/// Whether the slot text prints `key` as an optional placeholder (`{key?}`).
fn is_optional(s: &str, key: &str) -> bool {
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        if key_of(&rest[i + 1..i + j]) == (key, true) {
            return true;
        }
        rest = &rest[i + j + 1..];
    }
    false
}

/// The separators an optional placeholder takes with it when it has no value: `R{range}/{long?}`
/// prints `R12` for a unit without `long`.
const OPTIONAL_SEPARATORS: [char; 5] = ['/', '-', ',', ' ', '·'];

/// The placeholders of a slot to underline on this face: those whose flag (a value of the face:
/// a stat of the unit, a key of `front`/`back`) is true, yes or a number other than 0.
fn underlined(s: &Slot, vals: &Values) -> Vec<String> {
    s.underline
        .iter()
        .filter(|(_, flag)| {
            vals.text.get(&flag.v).is_some_and(|v| {
                let v = v.trim().to_lowercase();
                v == "true" || v == "yes" || v.parse::<f64>().is_ok_and(|n| n != 0.0)
            })
        })
        .map(|(key, _)| key.v.clone())
        .collect()
}

/// Where each placeholder's value lands in the filled text: (placeholder, byte range).
fn filled_ranges(s: &str, values: &HashMap<String, String>) -> Vec<(String, [usize; 2])> {
    let mut out = Vec::new();
    let mut len = 0;
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        let (key, optional) = key_of(&rest[i + 1..i + j]);
        len += literal_before(&rest[..i], optional && !values.contains_key(key)).len();
        let v = values.get(key).map_or(0, |v| v.len());
        if v > 0 {
            out.push((key.to_string(), [len, len + v]));
        }
        len += v;
        rest = &rest[i + j + 1..];
    }
    out
}

/// The text before a placeholder as printed: without its last separator when the placeholder is
/// an optional one with no value.
fn literal_before(text: &str, dropped: bool) -> &str {
    match text.chars().next_back() {
        Some(c) if dropped && OPTIONAL_SEPARATORS.contains(&c) => &text[..text.len() - c.len_utf8()],
        _ => text,
    }
}

/// A value printed as a number: `4`, `-1`, `2.5`, `6+`, `3*`.
fn is_number(v: &str) -> bool {
    let t = v.trim().trim_end_matches(['+', '*']);
    !t.is_empty() && t.parse::<f64>().is_ok()
}

fn fill(s: &str, values: &HashMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        let (key, optional) = key_of(&rest[i + 1..i + j]);
        let value = values.get(key);
        out.push_str(literal_before(&rest[..i], optional && value.is_none()));
        if let Some(v) = value {
            out.push_str(v);
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out
}

fn display(v: &Scalar) -> String {
    match v {
        Scalar::Float(f) if f.fract() == 0.0 => format!("{f:.0}"),
        other => other.display(),
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
        assert_eq!(laid.groups[c.group].size, (25.4, 25.4));
    }

    #[test]
    fn a_lowered_floor_lets_text_print_smaller_and_a_framed_side_silences_e072() {
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
        assert_eq!(codes(&game("", "")), ["E072", "E070"]);
        assert_eq!(codes(&game("floor = { text = \"4pt\" }", "")), ["E072"]);
        let (laid, diags) = counters_of(&game("floor = { text = \"4pt\" }", "counter_style = { frame = \"#ffffff\" }"));
        assert!(diags.is_empty(), "{diags:?}");
        let front = &laid.counters[0].front;
        assert_eq!((front.frame.as_deref(), front.slots[0].size, front.slots[0].floor), (Some("#ffffff"), 4.0, 4.0));
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
