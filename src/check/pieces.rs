//! Counters and cards: every reference resolves, every `{placeholder}` of a layout has a value,
//! symbols are words playaid can draw, pictures are sharp enough at their printed size, and
//! every piece fits its page. The same resolution feeds the exporter, so what is checked is
//! exactly what is printed.

use std::collections::{BTreeSet, HashMap};

use super::{Index, images};
use crate::diag::{self, Diagnostic, Loc};
use crate::model::*;

/// Default counter size: 5/8", the most common size.
pub const DEFAULT_COUNTER_MM: f64 = 15.875;
/// Default card size: poker.
pub const DEFAULT_CARD_MM: (f64, f64) = (63.0, 88.0);
/// Below this a picture looks blurred (error); below `GOOD_DPI` a warning.
pub const MIN_DPI: f64 = 150.0;
pub const GOOD_DPI: f64 = 300.0;

/// A NATO (APP-6) land-unit symbol.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Symbol {
    pub frame: &'static str,
    pub icons: Vec<&'static str>,
    pub echelon: Option<&'static str>,
    /// Fill with the standard affiliation colour instead of leaving the frame open.
    pub filled: bool,
}

const FRAMES: &[(&str, &str)] = &[
    ("friend", "friend"),
    ("friendly", "friend"),
    ("hostile", "hostile"),
    ("enemy", "hostile"),
    ("neutral", "neutral"),
    ("unknown", "unknown"),
];
const ICONS: &[(&str, &[&str])] = &[
    ("infantry", &["infantry"]),
    ("armour", &["armour"]),
    ("armor", &["armour"]),
    ("tank", &["armour"]),
    ("mechanised", &["infantry", "armour"]),
    ("mechanized", &["infantry", "armour"]),
    ("mech", &["infantry", "armour"]),
    ("artillery", &["artillery"]),
    ("recon", &["recon"]),
    ("reconnaissance", &["recon"]),
    ("cavalry", &["recon"]),
    ("anti-tank", &["anti-tank"]),
    ("antitank", &["anti-tank"]),
    ("mortar", &["mortar"]),
    ("engineer", &["engineer"]),
    ("engineers", &["engineer"]),
    ("anti-aircraft", &["anti-aircraft"]),
    ("air-defence", &["anti-aircraft"]),
    ("hq", &["hq"]),
    ("headquarters", &["hq"]),
    ("staff", &["hq"]),
];
const ECHELONS: &[&str] =
    &["team", "squad", "section", "platoon", "company", "battalion", "regiment", "brigade", "division"];

/// Parse `"friend mechanised platoon"`; `Err` names the first word playaid does not know.
pub fn parse_symbol(s: &str) -> Result<Symbol, String> {
    let mut sym = Symbol { frame: "friend", icons: Vec::new(), echelon: None, filled: false };
    for word in s.split_whitespace() {
        let w = word.to_ascii_lowercase().replace('_', "-");
        if let Some((_, f)) = FRAMES.iter().find(|(n, _)| *n == w) {
            sym.frame = f;
        } else if let Some((_, icons)) = ICONS.iter().find(|(n, _)| *n == w) {
            for i in icons.iter() {
                if !sym.icons.contains(i) {
                    sym.icons.push(i);
                }
            }
        } else if let Some(e) = ECHELONS.iter().find(|e| **e == w) {
            sym.echelon = Some(e);
        } else if w == "filled" {
            sym.filled = true;
        } else {
            return Err(word.to_string());
        }
    }
    Ok(sym)
}

fn symbol_words() -> impl Iterator<Item = &'static str> {
    FRAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(ICONS.iter().map(|(n, _)| *n))
        .chain(ECHELONS.iter().copied())
        .chain(["filled"])
}

/// Page size in mm (portrait), for fit checks.
pub fn page_mm(p: PageSize, landscape: bool) -> (f64, f64) {
    let (w, h) = match p {
        PageSize::A4 => (210.0, 297.0),
        PageSize::UsLetter => (215.9, 279.4),
    };
    if landscape { (h, w) } else { (w, h) }
}

/// The page a sheet prints on: the command line's, else the sheet's, else the game's.
pub fn sheet_page(game: &Game, sheet: &Imposition, over: Option<PageSize>) -> (f64, f64) {
    let p = over.or(sheet.page.as_ref().map(|p| p.v)).or(game.meta.page.as_ref().map(|p| p.v)).unwrap_or_default();
    page_mm(p, sheet.landscape)
}

/// Columns and rows of pieces of `size` (mm) on a sheet: the grid fits inside the margins;
/// its outer bleed may run into them but stays 1.5 mm off the page edge. With fold-over the
/// fronts use the left half, 4 mm clear of the fold. The templates use these numbers as given.
pub fn grid(page: (f64, f64), sheet: &Imposition, gutter: f64, bleed: f64, size: (f64, f64)) -> (usize, usize) {
    let fold = sheet.duplex == Duplex::Fold;
    let fold_gap = 4.0;
    let margin = sheet.margin;
    let (area_w, full_w) = if fold {
        (page.0 / 2.0 - fold_gap - margin, page.0 / 2.0 - fold_gap + margin)
    } else {
        (page.0 - 2.0 * margin, page.0)
    };
    let area_h = page.1 - 2.0 * margin;
    let fits = |n: usize, s: f64, area: f64, full: f64| {
        let total = n as f64 * s + (n as f64 - 1.0) * gutter;
        total <= area + 1e-6 && total + 2.0 * bleed <= full - 3.0 + 1e-6
    };
    let mut cols = 1;
    while fits(cols + 1, size.0, area_w, full_w) {
        cols += 1;
    }
    let mut rows = 1;
    while fits(rows + 1, size.1, area_h, page.1) {
        rows += 1;
    }
    (cols, rows)
}

// ---------------------------------------------------------------------------------------------
// Counters

#[derive(Debug, Clone)]
pub struct RGroup {
    pub id: String,
    pub name: Option<String>,
    pub size: (f64, f64),
    pub font_size: f64,
    pub min_font_size: Option<f64>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct RSlot {
    pub name: String,
    pub text: String,
    pub symbol: bool,
    /// Font size in pt, after any shrinking (see `fit_face`).
    pub size: f64,
    pub bold: bool,
    /// The room the text has, in pt: its width (for `centre`, the width it wraps in).
    pub have: f64,
    /// Where the slot's text comes from in the data (the value of its first placeholder, or
    /// the layout's text): where an overflow is reported.
    #[serde(skip)]
    pub origin: Option<Loc>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct RFace {
    pub background: String,
    pub stripe: Option<String>,
    /// Black or white, whichever reads on the stripe.
    pub stripe_text: Option<String>,
    pub text: String,
    pub slots: Vec<RSlot>,
}

#[derive(Debug, Clone)]
pub struct RCounter {
    /// Where the counter was written (or the unit it was made for).
    pub loc: Loc,
    pub what: String,
    pub group: usize,
    pub quantity: i64,
    pub front: RFace,
    pub back: Option<RFace>,
    pub symbol: Option<Symbol>,
    /// Path inside the game folder.
    pub image: Option<String>,
}

/// The counter sheet, resolved: groups in order, counters in data order (declared
/// `[[counter]]`s first, then those made for units of a group's `kinds`).
#[derive(Debug, Default)]
pub struct RCounters {
    pub groups: Vec<RGroup>,
    pub counters: Vec<RCounter>,
}

impl RCounters {
    pub fn is_empty(&self) -> bool {
        self.counters.is_empty()
    }
}

/// The box in which a counter's centre symbol or picture is drawn, in mm.
pub fn symbol_box(size: (f64, f64)) -> (f64, f64) {
    (size.0 * 0.62, size.1 * 0.40)
}

/// The box of a card back's picture, in mm (templates/cards.typ draws it there).
pub fn back_picture_box(opts: &CardOptions, size: (f64, f64)) -> (f64, f64) {
    (size.0 - 2.0 * opts.safe - 8.0, size.1 * 0.4)
}

/// The box of a card's picture, in mm.
pub fn picture_box(opts: &CardOptions, size: (f64, f64)) -> (f64, f64) {
    (size.0 - 2.0 * opts.safe, size.1 * 0.36)
}

fn unknown(what: &str, id: &Sp<String>, candidates: Vec<&str>) -> Diagnostic {
    let mut d = Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("unknown {what} `{}`", id.v))
        .at(&id.loc)
        .label(format!("no {what} has this id"));
    d = match diag::did_you_mean(&id.v, candidates.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None if candidates.is_empty() => d.help(format!("this game declares no {what}s")),
        None => d.help(format!("the {what}s are: {}", candidates.join(", "))),
    };
    d
}

fn luminance(hex: &str) -> f64 {
    let h = hex.trim_start_matches('#');
    let c = |i: usize| u8::from_str_radix(h.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255) as f64 / 255.0;
    0.299 * c(0) + 0.587 * c(2) + 0.114 * c(4)
}

/// Black or white, whichever reads better on `bg`.
pub fn contrast(bg: &str) -> String {
    if luminance(bg) < 0.5 { "#ffffff".into() } else { "#000000".into() }
}

const NEUTRAL_BG: &str = "#ece4cf";

/// Split `"{attack}-{defence}"` into literal text and placeholder names.
fn placeholders(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = s;
    let mut base = 0;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        out.push((base + i, rest[i + 1..i + j].trim().to_string()));
        base += i + j + 1;
        rest = &rest[i + j + 1..];
    }
    out
}

fn fill(s: &str, values: &HashMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        out.push_str(&rest[..i]);
        if let Some(v) = values.get(rest[i + 1..i + j].trim()) {
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

fn side_color(game: &Game, ix: &Index, side: Option<&Sp<String>>) -> Option<String> {
    let i = *ix.sides.get(&side?.v)?;
    game.sides[i].color.as_ref().map(|c| c.v.clone())
}

fn style_color(spec: &Option<Sp<String>>, side: &Option<String>) -> Option<Option<String>> {
    spec.as_ref().map(|s| if s.v == "side" { side.clone() } else { Some(s.v.clone()) })
}

/// Resolve (and check) the counters of a game. `page_over` is the command line's page size.
pub fn resolve_counters(
    game: &Game,
    ix: &Index,
    page_over: Option<PageSize>,
    diags: &mut Vec<Diagnostic>,
) -> RCounters {
    let mut out = RCounters::default();
    let mut group_ix: HashMap<&str, usize> = HashMap::new();
    let page = sheet_page(game, &game.counter_options.sheet, page_over);
    for g in &game.counter_groups {
        if let Some(&first) = group_ix.get(g.id.v.as_str()) {
            let prev = &game.counter_groups[first].id.loc;
            let (l, c) = game.files.line_col(prev.file, prev.span.start);
            diags.push(
                Diagnostic::error(diag::DUPLICATE_ID, format!("counter group `{}` is defined twice", g.id.v))
                    .at(&g.id.loc)
                    .note(format!("first defined at {}:{l}:{c}", game.files.get(prev.file).name))
                    .help("give one of them another id"),
            );
            continue;
        }
        group_ix.insert(&g.id.v, out.groups.len());
        let size = g.size.as_ref().map(|s| s.v).unwrap_or((DEFAULT_COUNTER_MM, DEFAULT_COUNTER_MM));
        if let Some(s) = &g.size {
            let margin = game.counter_options.sheet.margin;
            if s.v.0 > page.0 - 2.0 * margin || s.v.1 > page.1 - 2.0 * margin {
                diags.push(
                    Diagnostic::error(
                        diag::PIECE_TOO_LARGE,
                        format!("a {:.1} x {:.1} mm counter does not fit on the page", s.v.0, s.v.1),
                    )
                    .at(&s.loc)
                    .help(format!(
                        "the page leaves {:.0} x {:.0} mm inside its margins; use a smaller size",
                        page.0 - 2.0 * margin,
                        page.1 - 2.0 * margin
                    )),
                );
            }
        }
        if let (Some(min), Some(f)) = (&g.min_font_size, &g.font_size)
            && min.v > f.v
        {
            diags.push(
                Diagnostic::error(diag::INVALID_VALUE, "`min_font_size` is larger than `font_size`")
                    .at(&min.loc)
                    .help("the text may shrink down to min_font_size: make it smaller than font_size"),
            );
        }
        for k in &g.kinds {
            if !ix.kinds.contains_key(&k.v) {
                diags.push(unknown("kind", k, game.kinds.iter().map(|k| k.id.v.as_str()).collect()));
            }
        }
        let font = g.font_size.as_ref().map(|f| f.v).unwrap_or((size.0.min(size.1) * 0.33).clamp(4.0, 9.0));
        out.groups.push(RGroup {
            id: g.id.v.clone(),
            name: g.name.as_ref().map(|n| n.v.clone()),
            size,
            font_size: font,
            min_font_size: g.min_font_size.as_ref().map(|m| m.v),
        });
    }

    // Declared counters, then one for each unit of a group's kinds that has none.
    let mut named_units: BTreeSet<&str> = BTreeSet::new();
    for c in &game.counters {
        if let Some(u) = &c.unit {
            named_units.insert(&u.v);
        }
    }
    struct Src<'g> {
        counter: Option<&'g Counter>,
        unit: Option<usize>,
        group: usize,
        loc: Loc,
    }
    let mut sources = Vec::new();
    let mut implicit_group = false;
    for c in &game.counters {
        let unit = c.unit.as_ref().and_then(|u| match ix.units.get(&u.v) {
            Some(&i) => Some(i),
            None => {
                diags.push(unknown("unit", u, game.units.iter().map(|u| u.id.v.as_str()).collect()));
                None
            }
        });
        let group = match &c.group {
            Some(g) => match group_ix.get(g.v.as_str()) {
                Some(&i) => i,
                None => {
                    diags.push(unknown(
                        "counter group",
                        g,
                        game.counter_groups.iter().map(|g| g.id.v.as_str()).collect(),
                    ));
                    continue;
                }
            },
            None if !out.groups.is_empty() => 0,
            None => {
                implicit_group = true;
                0
            }
        };
        if let Some(s) = &c.side
            && !ix.sides.contains_key(&s.v)
        {
            diags.push(unknown("side", s, game.sides.iter().map(|s| s.id.v.as_str()).collect()));
        }
        if let Some(q) = &c.quantity
            && q.v < 1
        {
            diags.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("quantity must be at least 1, not {}", q.v))
                    .at(&q.loc)
                    .help("write how many copies to print; remove the counter to print none"),
            );
        }
        sources.push(Src { counter: Some(c), unit, group, loc: c.loc.clone() });
    }
    for (gi, g) in game.counter_groups.iter().enumerate() {
        let Some(&ri) = group_ix.get(g.id.v.as_str()) else { continue };
        if ri != gi {
            continue;
        }
        for (ui, u) in game.units.iter().enumerate() {
            let of_kind = u.kind.as_ref().is_some_and(|k| g.kinds.iter().any(|gk| gk.v == k.v));
            if of_kind && !named_units.contains(u.id.v.as_str()) {
                sources.push(Src { counter: None, unit: Some(ui), group: ri, loc: u.loc.clone() });
            }
        }
    }
    if implicit_group {
        out.groups.push(RGroup {
            id: "counters".into(),
            name: None,
            size: (DEFAULT_COUNTER_MM, DEFAULT_COUNTER_MM),
            font_size: 5.0,
            min_font_size: None,
        });
    }

    // Values and faces.
    let mut missing: HashMap<(usize, String), Vec<(Loc, String)>> = HashMap::new();
    let mut resolved = Vec::new();
    for src in &sources {
        let unit = src.unit.map(|i| &game.units[i]);
        let c = src.counter;
        let what = match (c.and_then(|c| c.id.as_ref()), c.and_then(|c| c.name.as_ref()), unit) {
            (Some(id), _, _) => format!("counter `{}`", id.v),
            (None, Some(n), _) => format!("counter `{}`", n.v),
            (None, None, Some(u)) => format!("the counter of unit `{}`", u.id.v),
            _ => "a counter".into(),
        };
        let side = c.and_then(|c| c.side.as_ref()).or(unit.and_then(|u| u.side.as_ref()));
        let side_col = side_color(game, ix, side);
        let mut values: HashMap<String, String> = HashMap::new();
        // Where each value was written, for findings about the text it makes.
        let mut origins: HashMap<String, Loc> = HashMap::new();
        let name_sp = c.and_then(|c| c.name.as_ref()).or(unit.map(|u| &u.name));
        values.insert("name".into(), name_sp.map(|n| n.v.clone()).unwrap_or_default());
        if let Some(n) = name_sp {
            origins.insert("name".into(), n.loc.clone());
        }
        values.insert("label".into(), c.and_then(|c| c.label.as_ref()).map(|l| l.v.clone()).unwrap_or_default());
        if let Some(l) = c.and_then(|c| c.label.as_ref()) {
            origins.insert("label".into(), l.loc.clone());
        }
        if let Some(&si) = side.and_then(|s| ix.sides.get(&s.v)) {
            values.insert("side".into(), game.sides[si].name.v.clone());
        }
        if let Some(u) = unit {
            for (k, v) in &u.stats {
                values.insert(k.v.clone(), display(&v.v));
                origins.insert(k.v.clone(), v.loc.clone());
            }
        }
        let check_stat = |k: &Sp<String>, v: &Sp<Scalar>, diags: &mut Vec<Diagnostic>| {
            if let Some(&si) = ix.stats.get(&k.v)
                && let Some(d) = super::value_finding(
                    &game.stats[si].ty,
                    v,
                    diag::STAT_TYPE,
                    &format!("{} on {what}", game.stats[si].name.v),
                )
            {
                diags.push(d);
            }
        };
        if let Some(c) = c {
            for (k, v) in &c.front {
                check_stat(k, v, diags);
                values.insert(k.v.clone(), display(&v.v));
                origins.insert(k.v.clone(), v.loc.clone());
            }
        }
        let mut back_origins = origins.clone();
        let back_values = match c.map(|c| &c.back) {
            Some(Back::Values(vals)) => {
                let mut b = values.clone();
                for (k, v) in vals {
                    check_stat(k, v, diags);
                    b.insert(k.v.clone(), display(&v.v));
                    back_origins.insert(k.v.clone(), v.loc.clone());
                }
                Some(Some(b))
            }
            Some(Back::Blank) => Some(None),
            _ => None, // same as front
        };

        let g = game.counter_groups.get(src.group).filter(|_| !implicit_group || !game.counter_groups.is_empty());
        let default_layout = default_layout(game, ix, unit);
        let front_layout: Vec<Slot> =
            g.and_then(|g| g.layout.as_ref()).map(|(l, _)| l.clone()).unwrap_or(default_layout);
        let back_layout: Vec<Slot> =
            g.and_then(|g| g.back_layout.as_ref()).map(|(l, _)| l.clone()).unwrap_or_else(|| front_layout.clone());

        let symbol = c.and_then(|c| c.symbol.as_ref()).and_then(|s| match parse_symbol(&s.v) {
            Ok(sym) => Some(sym),
            Err(word) => {
                let mut d = Diagnostic::error(diag::UNIT_SYMBOL, format!("`{word}` is not a word of a unit symbol"))
                    .at(&s.loc)
                    .label("unknown symbol word");
                d = match diag::did_you_mean(&word.to_lowercase(), symbol_words()) {
                    Some(best) => d.help(format!("did you mean `{best}`?")),
                    None => d.help("a symbol is an affiliation (friend, hostile, neutral, unknown), icons (infantry, armour, mechanised, artillery, recon, anti-tank, mortar, engineer, anti-aircraft, hq) and an echelon (team ... division), e.g. \"infantry platoon\""),
                };
                diags.push(d);
                None
            }
        });
        let image = c
            .and_then(|c| c.image.as_ref())
            .or(unit.and_then(|u| u.image.as_ref()).filter(|_| c.is_none_or(|c| c.symbol.is_none())));
        let size = out.groups.get(src.group).map(|g| g.size).unwrap_or((DEFAULT_COUNTER_MM, DEFAULT_COUNTER_MM));
        if let Some(img) = c.and_then(|c| c.image.as_ref()) {
            if let Some(d) = images::check_image(&game.root, img) {
                diags.push(d);
            } else if let Some(d) = images::check_resolution(&game.root, img, symbol_box(size), &what) {
                diags.push(d);
            }
        }

        let (base, min_font) = out.groups.get(src.group).map(|g| (g.font_size, g.min_font_size)).unwrap_or((5.0, None));
        let face = |layout: &[Slot],
                    vals: &HashMap<String, String>,
                    origins: &HashMap<String, Loc>,
                    style: Option<&FaceStyle>,
                    front_bg: Option<&str>| {
            let default_bg = c.and_then(|c| c.color.as_ref()).map(|c| c.v.clone()).or(side_col.clone());
            // The counter's own colour, else the group's style, else the front's, else the side's.
            let bg = c
                .and_then(|c| c.color.as_ref())
                .map(|c| c.v.clone())
                .or_else(|| style.and_then(|s| style_color(&s.background, &side_col)).flatten())
                .or(front_bg.map(str::to_string))
                .or(default_bg)
                .unwrap_or_else(|| NEUTRAL_BG.to_string());
            let stripe = style.and_then(|s| style_color(&s.stripe, &side_col)).flatten();
            let text = style.and_then(|s| style_color(&s.text, &side_col)).flatten().unwrap_or_else(|| contrast(&bg));
            let slots = layout
                .iter()
                .map(|s| {
                    let is_symbol = s.text.v.trim() == "{symbol}";
                    let name = s.name.v.as_str();
                    RSlot {
                        name: name.to_string(),
                        text: if is_symbol { String::new() } else { fill(&s.text.v, vals) },
                        symbol: is_symbol,
                        size: s.size.as_ref().map(|z| z.v).unwrap_or(match name {
                            "bottom" => base * 1.3,
                            "left" | "right" => base * 0.85,
                            _ => base,
                        }),
                        bold: s.bold.unwrap_or(name == "bottom" || (name == "centre" && unit.is_none())),
                        have: 0.0,
                        origin: placeholders(&s.text.v)
                            .first()
                            .and_then(|(_, k)| origins.get(k).cloned())
                            .or_else(|| (s.text.loc.span.end > 0).then(|| s.text.loc.clone())),
                    }
                })
                .collect();
            let stripe_text = stripe.as_deref().map(contrast);
            RFace { background: bg, stripe, stripe_text, text, slots }
        };
        // Placeholders without a value.
        let mut note_missing = |layout: &[Slot], vals: &HashMap<String, String>| {
            for s in layout {
                for (_, key) in placeholders(&s.text.v) {
                    if key != "symbol" && !vals.contains_key(&key) {
                        missing.entry((src.group, key.clone())).or_default().push((src.loc.clone(), what.clone()));
                        let _ = &s.name;
                    }
                }
            }
        };
        note_missing(&front_layout, &values);
        let mut front = face(&front_layout, &values, &origins, g.map(|g| &g.front_style), None);
        fit_face(&mut front, size, base, min_font, "front", &what, &src.loc, diags);
        let back = match &back_values {
            None => {
                let style = g
                    .map(|g| &g.back_style)
                    .filter(|s| s.background.is_some() || s.stripe.is_some() || s.text.is_some());
                Some(match style {
                    Some(st) => face(&back_layout, &values, &origins, Some(st), Some(&front.background)),
                    None => front.clone(),
                })
            }
            Some(None) => Some(RFace {
                slots: Vec::new(),
                ..face(&[], &values, &origins, g.map(|g| &g.back_style), Some(&front.background))
            }),
            Some(Some(b)) => {
                note_missing(&back_layout, b);
                Some(face(&back_layout, b, &back_origins, g.map(|g| &g.back_style), Some(&front.background)))
            }
        };
        let back = back.map(|mut b| {
            if b.slots.iter().any(|s| s.have == 0.0) {
                let mut found = Vec::new();
                fit_face(&mut b, size, base, min_font, "back", &what, &src.loc, &mut found);
                // The same text overflowing the same slot on both sides: once is enough.
                found.retain(|d| {
                    let front_twin = d.message.replacen("the back ", "the front ", 1);
                    !diags.iter().rev().take(16).any(|f| f.message == front_twin && f.notes == d.notes)
                });
                diags.extend(found);
            }
            b
        });
        let back = if game.counter_options.sheet.duplex == Duplex::None { None } else { back };
        resolved.push(RCounter {
            loc: src.loc.clone(),
            what,
            group: src.group,
            quantity: c.and_then(|c| c.quantity.as_ref()).map(|q| q.v.max(1)).unwrap_or(1),
            front,
            back,
            symbol,
            image: image.map(|i| i.v.clone()),
        });
    }
    // One finding per placeholder: at the layout when no counter of the group has it (a typo
    // in the layout), else at each counter that lacks it.
    let mut keys: Vec<_> = missing.into_iter().collect();
    keys.sort_by_key(|((g, k), _)| (*g, k.clone()));
    for ((gi, key), places) in keys {
        let count = resolved.iter().filter(|r| r.group == gi).count();
        let g = game.counter_groups.get(gi);
        let slot = g.and_then(|g| {
            g.layout
                .iter()
                .chain(g.back_layout.iter())
                .flat_map(|(l, _)| l.iter())
                .find(|s| placeholders(&s.text.v).iter().any(|(_, k)| *k == key))
        });
        let mut places = places;
        places.dedup_by(|a, b| a.0 == b.0);
        if let (Some(slot), true) = (slot, places.len() == count) {
            let mut known: BTreeSet<String> =
                ["name", "label", "side", "symbol"].iter().map(|s| s.to_string()).collect();
            known.extend(game.stats.iter().map(|s| s.id.v.clone()));
            let group = g.map(|g| g.id.v.as_str()).unwrap_or("");
            let mut d = Diagnostic::error(
                diag::UNKNOWN_PLACEHOLDER,
                format!("no counter of group `{group}` has a value for `{{{key}}}`"),
            )
            .at(&slot.text.loc)
            .label(format!("`{{{key}}}` has no value"));
            d = match diag::did_you_mean(&key, known.iter().map(|s| s.as_str())) {
                Some(best) => d.help(format!("did you mean `{{{best}}}`?")),
                None => d.help(
                    "a placeholder names a stat of the unit, a key of the counter's front/back, or name, label, side, symbol",
                ),
            };
            diags.push(d);
            continue;
        }
        for (loc, what) in places {
            let where_ =
                slot.map(|s| format!("the layout's `{}` slot", s.name.v)).unwrap_or_else(|| "the layout".into());
            diags.push(
                Diagnostic::error(diag::UNKNOWN_PLACEHOLDER, format!("{what} has no value for `{{{key}}}`"))
                    .at(&loc)
                    .label(format!("{where_} prints `{{{key}}}`"))
                    .help(format!("give it one: front = {{ {key} = ... }}, or a unit with that stat")),
            );
        }
    }
    out.counters = resolved;
    out
}

/// The die-cut safe area of a counter: text stays this far inside the edge (mm).
pub const COUNTER_PAD_MM: f64 = 0.7;
const MM: f64 = 72.0 / 25.4; // pt per mm

/// Decide each slot's room and font size, shrinking down to `min` when allowed, and report text
/// that still does not fit (E023, at the counter). The template draws what this decides, so a
/// sheet never needs to measure text: exact (the same shaper as Typst) and fast.
#[allow(clippy::too_many_arguments)]
fn fit_face(
    face: &mut RFace,
    size_mm: (f64, f64),
    base: f64,
    min: Option<f64>,
    side: &str,
    what: &str,
    loc: &Loc,
    diags: &mut Vec<Diagnostic>,
) {
    use crate::render::fonts::text_width;
    let (w, h) = (size_mm.0 * MM, size_mm.1 * MM);
    let pad = COUNTER_PAD_MM * MM;
    let inner = w - 2.0 * pad;
    let has = |n: &str| face.slots.iter().any(|s| s.name == n && (s.symbol || !s.text.is_empty()));
    let edge = if has("left") || has("right") { base * 1.15 } else { 0.0 };
    let corner_width = |names: [&str; 2]| {
        face.slots
            .iter()
            .filter(|s| names.contains(&s.name.as_str()) && !s.symbol && !s.text.is_empty())
            .map(|s| text_width(&s.text, s.size, s.bold) + 0.6 * MM)
            .fold(0.0, f64::max)
    };
    let top_corners = corner_width(["top-left", "top-right"]);
    let bottom_corners = corner_width(["bottom-left", "bottom-right"]);
    let half = (inner - 2.0 * edge) / 2.0 - 0.3 * MM;
    for s in face.slots.iter_mut() {
        s.have = match s.name.as_str() {
            "top" => inner - 2.0 * edge - 2.0 * top_corners,
            "bottom" => inner - 2.0 * edge - 2.0 * bottom_corners,
            "centre" => inner - 2.0 * edge,
            "left" | "right" => h - 2.0 * pad,
            _ => half,
        };
        if s.symbol || s.text.is_empty() {
            continue;
        }
        // Centre text wraps at spaces, in up to 60 % of the counter's height.
        let need = |size: f64| -> (f64, f64) {
            if s.name == "centre" {
                let (lines, widest) = wrap(&s.text, size, s.bold, s.have);
                (lines as f64 * size * 1.05, widest.max(0.0))
            } else {
                (text_width(&s.text, size, s.bold), 0.0)
            }
        };
        let limit = if s.name == "centre" { h * 0.6 } else { s.have };
        let fits = |size: f64| {
            let (n, widest) = need(size);
            n <= limit + 0.01 && widest <= s.have + 0.01
        };
        let mut size = s.size;
        while !fits(size) && min.is_some_and(|m| size > m) {
            size = (size - 0.25).max(min.unwrap_or(size));
        }
        s.size = size;
        if !fits(size) {
            let (n, widest) = need(size);
            let (need_pt, have_pt) = if widest > s.have + 0.01 { (widest, s.have) } else { (n, limit) };
            let by = (need_pt - have_pt) / MM;
            let part = format!("{side} {} slot", s.name);
            diags.push(
                Diagnostic::error(diag::TEXT_OVERFLOW, format!("the {part} of {what} does not fit: it overflows by {by:.1} mm"))
                    .at(s.origin.as_ref().unwrap_or(loc))
                    .label(format!("{part} needs {:.1} mm, has {:.1} mm", need_pt / MM, have_pt / MM))
                    .note(format!("the text: \"{}\"", s.text))
                    .help("shorten the text, use a smaller size for this slot, a bigger counter, or allow shrinking with min_font_size in its [[counter_group]]"),
            );
        }
    }
}

/// Greedy word wrap: (number of lines, widest single word) at `size` in `width` pt.
fn wrap(text: &str, size: f64, bold: bool, width: f64) -> (usize, f64) {
    use crate::render::fonts::text_width;
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
    let slot = |name: &str, text: String, size: Option<f64>, bold: Option<bool>| Slot {
        name: Sp::new(name.into(), loc.clone()),
        text: Sp::new(text, loc.clone()),
        size: size.map(|s| Sp::new(s, loc.clone())),
        bold,
    };
    match unit {
        Some(u) => {
            let order: Vec<String> = u
                .kind
                .as_ref()
                .and_then(|k| ix.kinds.get(&k.v))
                .map(|&k| game.kinds[k].stats.iter().map(|s| s.v.clone()).collect())
                .unwrap_or_else(|| u.stats.iter().map(|(k, _)| k.v.clone()).collect());
            let present: Vec<String> = order
                .into_iter()
                .filter(|s| u.stats.iter().any(|(k, _)| &k.v == s))
                .map(|s| format!("{{{s}}}"))
                .collect();
            vec![
                slot("top", "{name}".into(), None, None),
                slot("centre", "{symbol}".into(), None, None),
                slot("bottom", present.join("-"), None, Some(true)),
                slot("left", "{label}".into(), None, None),
            ]
        }
        None => vec![slot("centre", "{name}".into(), None, Some(true))],
    }
}

// ---------------------------------------------------------------------------------------------
// Cards

#[derive(Debug, Clone)]
pub enum CardBackRef {
    /// A `[[card_back]]` by index.
    Design(usize),
    /// The default back: the game's title on the side's (or accent) colour.
    Default,
}

#[derive(Debug, Clone)]
pub struct RCard {
    pub loc: Loc,
    pub what: String,
    pub card: Option<usize>,
    pub unit: Option<usize>,
    pub side: Option<usize>,
    pub quantity: i64,
    pub back: CardBackRef,
    pub color: String,
    pub image: Option<String>,
}

#[derive(Debug, Default)]
pub struct RCards {
    pub size: (f64, f64),
    pub cards: Vec<RCard>,
}

pub fn resolve_cards(game: &Game, ix: &Index, page_over: Option<PageSize>, diags: &mut Vec<Diagnostic>) -> RCards {
    let opts = &game.card_options;
    let size = opts.size.as_ref().map(|s| s.v).unwrap_or(DEFAULT_CARD_MM);
    let mut out = RCards { size, cards: Vec::new() };
    let page = sheet_page(game, &opts.sheet, page_over);
    if let Some(s) = &opts.size {
        let need = (s.v.0 + 2.0 * opts.bleed, s.v.1 + 2.0 * opts.bleed);
        let (pw, ph) = if opts.sheet.duplex == Duplex::Fold { (page.0 / 2.0, page.1) } else { page };
        if need.0 > pw - 2.0 * opts.sheet.margin.min(5.0) || need.1 > ph - 2.0 * opts.sheet.margin.min(5.0) {
            diags.push(
                Diagnostic::error(
                    diag::PIECE_TOO_LARGE,
                    format!("a {:.1} x {:.1} mm card (with bleed) does not fit on the page", need.0, need.1),
                )
                .at(&s.loc)
                .help("use a smaller size, a landscape page (orientation = \"landscape\"), or duplex instead of fold"),
            );
        }
    }
    if opts.safe * 2.0 >= size.0.min(size.1)
        && let Some(l) = &opts.loc
    {
        diags.push(
            Diagnostic::error(
                diag::INVALID_VALUE,
                format!("the safe zone ({} mm) leaves no room on the card", opts.safe),
            )
            .at(l)
            .help("a safe zone of 3 to 5 mm is usual"),
        );
    }
    if let Some(min) = &opts.min_font_size
        && (min.v > opts.font_size || min.v < 3.0)
    {
        diags.push(
            Diagnostic::error(
                diag::INVALID_VALUE,
                format!("min_font_size {} pt must be between 3 pt and font_size ({} pt)", min.v, opts.font_size),
            )
            .at(&min.loc)
            .help("text shrinks down to min_font_size before an overflow is reported"),
        );
    }
    let mut back_ix: HashMap<&str, usize> = HashMap::new();
    for (i, b) in game.card_backs.iter().enumerate() {
        if back_ix.insert(&b.id.v, i).is_some() {
            diags.push(
                Diagnostic::error(diag::DUPLICATE_ID, format!("card back `{}` is defined twice", b.id.v))
                    .at(&b.id.loc)
                    .help("give one of them another id"),
            );
        }
        if let Some(s) = &b.side
            && !ix.sides.contains_key(&s.v)
        {
            diags.push(unknown("side", s, game.sides.iter().map(|s| s.id.v.as_str()).collect()));
        }
        if let Some(img) = &b.image {
            if let Some(d) = images::check_image(&game.root, img) {
                diags.push(d);
            } else if let Some(d) = images::check_resolution(
                &game.root,
                img,
                back_picture_box(opts, size),
                &format!("card back `{}`", b.id.v),
            ) {
                diags.push(d);
            }
        }
    }
    let back_names = || game.card_backs.iter().map(|b| b.id.v.as_str()).collect::<Vec<_>>();
    if let Some(b) = &opts.back
        && !back_ix.contains_key(b.v.as_str())
    {
        diags.push(unknown("card back", b, back_names()));
    }
    for k in &opts.kinds {
        if !ix.kinds.contains_key(&k.v) {
            diags.push(unknown("kind", k, game.kinds.iter().map(|k| k.id.v.as_str()).collect()));
        }
    }
    let named: BTreeSet<&str> = game.cards.iter().filter_map(|c| c.unit.as_ref().map(|u| u.v.as_str())).collect();
    let mut sources: Vec<(Option<usize>, Option<usize>, Loc)> = Vec::new();
    for (ci, c) in game.cards.iter().enumerate() {
        let unit = c.unit.as_ref().and_then(|u| match ix.units.get(&u.v) {
            Some(&i) => Some(i),
            None => {
                diags.push(unknown("unit", u, game.units.iter().map(|u| u.id.v.as_str()).collect()));
                None
            }
        });
        if let Some(s) = &c.side
            && !ix.sides.contains_key(&s.v)
        {
            diags.push(unknown("side", s, game.sides.iter().map(|s| s.id.v.as_str()).collect()));
        }
        if let Some(b) = &c.back
            && !back_ix.contains_key(b.v.as_str())
        {
            diags.push(unknown("card back", b, back_names()));
        }
        if let Some(q) = &c.quantity
            && q.v < 1
        {
            diags.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("quantity must be at least 1, not {}", q.v))
                    .at(&q.loc)
                    .help("write how many copies to print; remove the card to print none"),
            );
        }
        sources.push((Some(ci), unit, c.loc.clone()));
    }
    for (ui, u) in game.units.iter().enumerate() {
        if u.kind.as_ref().is_some_and(|k| opts.kinds.iter().any(|ok| ok.v == k.v)) && !named.contains(u.id.v.as_str())
        {
            sources.push((None, Some(ui), u.loc.clone()));
        }
    }
    for (ci, ui, loc) in sources {
        let card = ci.map(|i| &game.cards[i]);
        let unit = ui.map(|i| &game.units[i]);
        let what = match (card.and_then(|c| c.title.as_ref()), unit) {
            (Some(t), _) => format!("card `{}`", t.v),
            (None, Some(u)) => format!("the card of unit `{}`", u.name.v),
            _ => "a card".into(),
        };
        let side_id = card.and_then(|c| c.side.as_ref()).or(unit.and_then(|u| u.side.as_ref()));
        let side = side_id.and_then(|s| ix.sides.get(&s.v).copied());
        let color = card
            .and_then(|c| c.color.as_ref().map(|c| c.v.clone()))
            .or_else(|| side.and_then(|s| game.sides[s].color.as_ref().map(|c| c.v.clone())))
            .or_else(|| game.meta.cheatsheet.accent.clone())
            .unwrap_or_else(|| "#7a1f1f".into());
        let back = card
            .and_then(|c| c.back.as_ref())
            .and_then(|b| back_ix.get(b.v.as_str()).copied())
            .or_else(|| {
                let s = side_id?;
                game.card_backs.iter().position(|b| b.side.as_ref().is_some_and(|bs| bs.v == s.v))
            })
            .or_else(|| opts.back.as_ref().and_then(|b| back_ix.get(b.v.as_str()).copied()))
            .map(CardBackRef::Design)
            .unwrap_or(CardBackRef::Default);
        let image = card.and_then(|c| c.image.as_ref()).or(unit.and_then(|u| u.image.as_ref()));
        if let Some(img) = card.and_then(|c| c.image.as_ref())
            && let Some(d) = images::check_image(&game.root, img)
        {
            diags.push(d);
        }
        if let Some(img) = image
            && images::check_image(&game.root, img).is_none()
            && let Some(d) = images::check_resolution(&game.root, img, picture_box(opts, size), &what)
        {
            diags.push(d);
        }
        out.cards.push(RCard {
            loc,
            what,
            card: ci,
            unit: ui,
            side,
            quantity: card.and_then(|c| c.quantity.as_ref()).map(|q| q.v.max(1)).unwrap_or(1),
            back,
            color,
            image: image.map(|i| i.v.clone()),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_parse() {
        let s = parse_symbol("hostile mechanised company").unwrap();
        assert_eq!(s.frame, "hostile");
        assert_eq!(s.icons, vec!["infantry", "armour"]);
        assert_eq!(s.echelon, Some("company"));
        assert_eq!(parse_symbol("infantry platoon hq").unwrap().icons, vec!["infantry", "hq"]);
        assert_eq!(parse_symbol("infantery").unwrap_err(), "infantery");
    }

    #[test]
    fn placeholders_fill() {
        let v: HashMap<String, String> = [("a".to_string(), "4".to_string()), ("b".into(), "6".into())].into();
        assert_eq!(fill("{a}-{b}", &v), "4-6");
        assert_eq!(fill("x{ a }y{missing}", &v), "x4y");
        assert_eq!(placeholders("{a}-{b}"), vec![(0, "a".to_string()), (4, "b".to_string())]);
        assert_eq!(contrast("#c8102e"), "#ffffff");
        assert_eq!(contrast("#b0b0b0"), "#000000");
    }
}
