//! Card text fitted in Rust. Takes the laid-out cards, each card's stats as printed, and the
//! heights that the measuring document (`templates/card-measure.typ`) found for each probe;
//! gives each card its [`CardFit`] and a finding (E023) for every card whose text does not fit
//! even at its smallest size, located at the field that takes the most room.
//!
//! Steps around rounds of Typst compiles (asked through [`super::measure::Measure`], which
//! `super::measure` strings together): [`probes`] says which ways of setting each card to measure first (every fourth
//! quarter point from the largest text size, and the smallest), [`refine`] which next (the
//! quarter points above the largest that fit, or the stat bar grown where the largest size
//! fits), deciding here, with the shaper Typst uses, how many columns the stats of each layout
//! take and how large each value can be; [`fit`] takes the heights and chooses. The choice is
//! the one measuring every quarter point would make as long as a larger size never fits where
//! a smaller one does not (true of the built-in templates: sizes only grow text).

use std::collections::HashMap;

use super::cards::{CardFit, Cards, RCard};
use super::fonts::text_width;
use crate::check::Index;
use crate::diag::{self, Diagnostic};
use crate::length::{Mm, Pt};
use crate::model::*;
use crate::source::Loc;

/// The panel's padding, the gap below the title bar, the stat boxes' gap and inset, as
/// `cards.typ` and `card-parts.typ` draw them.
const PAD: Mm = Mm(1.4);
const BELOW_HEADER: Mm = Mm(1.2);
const HEADER_RISE: Mm = Mm(0.6);
const BOX_GAP: Mm = Mm(0.8);
const BOX_INSET: Mm = Mm(0.8);
/// The footer's text size against the card's: three quarters, never under the floor.
const FOOT_SCALE: f64 = 0.75;
/// The title bar's height assumed before the card is measured, mm.
const UNMEASURED_HEADER: Mm = Mm(8.0);

/// Where a card's parts go, mm from its trim's top-left corner: decided here, drawn by
/// `cards.typ` (`frame` of each card).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct CardFrame {
    /// The title bar: x, y and width (its height is the fit's `header_height`): 0.6 mm into the
    /// top safe margin.
    pub header: [f64; 3],
    /// The white panel under the title bar: x, y, width and height (1 mm wider than the safe
    /// area on each side, down to the footer or the bottom safe line).
    pub panel: [f64; 4],
    /// The text inside the panel, 1.4 mm in: x, y, width and height.
    pub text: [f64; 4],
    /// The footer line: x, y (its top) and width; null on a layout without the footer zone.
    pub footer: Option<[f64; 3]>,
    /// The footer's text size, pt.
    pub footer_size: f64,
    /// `build --since`'s mark on a changed card: the corner triangle's x, y and side, between
    /// the safe line and the cut.
    pub mark: [f64; 3],
}

/// The frame of card `rc`, once its title bar is `header` mm high (else as assumed before
/// measuring).
pub fn card_frame(cards: &Cards, opts: &CardOptions, rc: &RCard, header: Option<Mm>) -> CardFrame {
    let z = sizes(opts);
    let (w, h) = cards.size;
    let safe = opts.safe;
    let inner_w = w - 2.0 * safe;
    let foot_size = z.floor.max(z.base * FOOT_SCALE);
    let has_foot = rc.layout.zones.contains(&"footer");
    let foot_h = if has_foot { ((foot_size * 1.2).mm() + Mm(1.0)).0 } else { 0.0 };
    let header_y = safe - HEADER_RISE.0;
    let top = header_y + header.unwrap_or(UNMEASURED_HEADER).0 + BELOW_HEADER.0;
    let panel_h = h - safe - foot_h - top;
    let (px, pw) = (safe - 1.0, inner_w + 2.0);
    let m = (safe * 0.7).min(2.0);
    CardFrame {
        header: [safe, header_y, inner_w],
        panel: [px, top, pw, panel_h],
        text: [px + PAD.0, top + PAD.0, pw - 2.0 * PAD.0, panel_h - 2.0 * PAD.0],
        footer: has_foot.then(|| [safe, h - safe - (foot_size * 1.07).mm().0, inner_w]),
        footer_size: foot_size.0,
        mark: [w - (safe + m) / 2.0, h - (safe + m) / 2.0, m],
    }
}

/// How much a roomy card's stat bar may grow, largest first.
const GROWTH: [f64; 4] = [2.0, 1.75, 1.5, 1.25];

/// A stat as a card prints it: what its box must hold across.
#[derive(Debug, Clone)]
pub struct StatText {
    /// The label (a stat's abbreviation, or a field's name).
    pub label: String,
    /// The value ("8 / 4").
    pub value: String,
    /// Whether an icon prints beside (or instead of) the label.
    pub icon: bool,
    /// Whether a note prints under the value.
    pub noted: bool,
}

/// One way of setting one card's text, for the measuring document to lay out.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Probe {
    /// The card, by position in [`Cards::cards`] (its `index` in the card data).
    pub card: usize,
    /// The sizes and columns to measure with (its header height and gap are not known yet).
    #[serde(flatten)]
    pub fit: CardFit,
}

/// What the measuring document reports for one probe: heights.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Measured {
    /// The probe, by position.
    pub probe: usize,
    /// The title bar.
    pub header: Pt,
    /// The panel's blocks in order.
    pub blocks: Vec<MeasuredBlock>,
}

/// One block of a card's panel, measured.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct MeasuredBlock {
    /// Its zone (`stats`, `abilities`, `text`, `notes`, `reference`, `art`).
    pub zone: String,
    /// Which one of its zone (the second ability: 1).
    pub i: usize,
    /// Height.
    pub h: Pt,
}

/// The sizes of `[cards]`: the smallest text size, the largest, the legibility floor and the
/// card's base size.
#[derive(Debug, Clone, Copy)]
struct Sizes {
    lo: Pt,
    max: Pt,
    floor: Pt,
    base: Pt,
}

fn sizes(opts: &CardOptions) -> Sizes {
    let base = opts.font_size;
    let max = opts.max_font_size.as_ref().map_or((base * 1.5).min(14.0).max(base), |m| m.v);
    let lo = opts.min_font_size.as_ref().map_or(base, |m| m.v).min(max);
    let floor = opts.floor.text.as_ref().map_or(CARD_TEXT_FLOOR, |f| f.v);
    Sizes { lo: Pt(lo), max: Pt(max), floor: Pt(floor), base: Pt(base) }
}

/// Every text size a card may take: `lo` to `max` in quarter points, largest first.
fn candidates(z: Sizes) -> Vec<Pt> {
    let (lo, max) = (z.lo.0, z.max.0);
    let mut out = vec![z.max];
    let mut s = lo + ((max - lo) / 0.25).floor() * 0.25;
    if (s - max).abs() < 1e-6 {
        s -= 0.25;
    }
    while s >= lo - 1e-6 {
        out.push(Pt((s * 100.0).round() / 100.0));
        s -= 0.25;
    }
    out
}

/// The card's panel width and its room for the title bar and panel.
fn panel(cards: &Cards, opts: &CardOptions, rc: &RCard, z: Sizes) -> (Mm, Mm) {
    let inner_w = Mm(cards.size.0 - 2.0 * opts.safe);
    let foot = (z.floor.max(z.base * FOOT_SCALE) * 1.2).mm() + Mm(1.0);
    let room = Mm(cards.size.1 - 2.0 * opts.safe) - if rc.layout.zones.contains(&"footer") { foot } else { Mm(0.0) };
    (inner_w + Mm(2.0) - 2.0 * PAD, room)
}

fn has_boxes(rc: &RCard, stats: &[StatText]) -> bool {
    !stats.is_empty() && rc.layout.zones.contains(&"stats") && rc.layout.stat_style == StatStyle::Boxes
}

/// The widest word of `s` at `size` (bold or not).
fn widest(s: &str, size: Pt, bold: bool) -> Pt {
    s.split_whitespace().map(|w| text_width(w, size, bold)).fold(Pt(0.0), Pt::max)
}

/// A stat label's widest word at `size`: its icon (1.3 em and a 0.2 em gap, or 2.2 em alone
/// with `stat_icons = "instead"`) and its upper-cased words.
fn label_width(s: &StatText, size: Pt, icons_only: bool) -> Pt {
    match (s.icon, icons_only) {
        (true, true) => 2.2 * size,
        (true, false) => 1.5 * size + widest(&s.label.to_uppercase(), size, false),
        _ => widest(&s.label.to_uppercase(), size, false),
    }
}

/// Room across one stat box's content with `cols` columns in a panel `width` wide.
fn box_room(width: Mm, cols: usize) -> Mm {
    (width - (cols as f64 - 1.0) * BOX_GAP) / cols as f64 - 2.0 * BOX_INSET
}

/// The stat columns of each layout (by name): as many as its cards have stats, four at most,
/// three when any stat has a note; fewer while some card's widest label or value, at the
/// smallest text size, would not fit its box. The same on every card of the layout.
fn stat_columns(cards: &Cards, opts: &CardOptions, stats: &[Vec<StatText>], z: Sizes) -> HashMap<String, usize> {
    let icons_only = opts.stat_icons == StatIcons::Instead;
    let mut out: HashMap<String, usize> = HashMap::new();
    let mut by_layout: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, rc) in cards.cards.iter().enumerate() {
        if has_boxes(rc, &stats[i]) {
            by_layout.entry(rc.layout.name.as_str()).or_default().push(i);
        }
    }
    for (name, members) in by_layout {
        let most = members.iter().map(|&i| stats[i].len()).max().unwrap_or(1);
        let noted = members.iter().any(|&i| stats[i].iter().any(|s| s.noted));
        let need = members
            .iter()
            .flat_map(|&i| &stats[i])
            .map(|s| {
                let label = label_width(s, z.floor.max(z.lo * 0.78), icons_only);
                widest(&s.value, z.lo * 1.35, true).max(label)
            })
            .fold(Pt(0.0), Pt::max)
            .mm();
        let width = panel(cards, opts, &cards.cards[members[0]], z).0;
        let mut cols = most.min(if noted { 3 } else { 4 }).max(1);
        while cols > 1 && box_room(width, cols) < need {
            cols -= 1;
        }
        out.insert(name.to_string(), cols);
    }
    out
}

/// The sizes of one card's text at text size `s` and stat scale `k`.
#[allow(clippy::too_many_arguments)]
fn sized(rc: &RCard, stats: &[StatText], s: Pt, k: f64, cols: usize, width: Mm, z: Sizes, icons_only: bool) -> CardFit {
    let small = |x: Pt| x.max(z.floor);
    let lay = &rc.layout;
    let title_size = lay.title_size.map(Pt).unwrap_or(if lay.title_centred { s * 1.9 } else { s * 1.45 });
    let (mut label_size, mut values) = (small(s * 0.78 * k), vec![s * 1.35 * k; stats.len()]);
    if cols > 0 {
        // Labels and values fit their boxes with 1 mm to spare, smaller if they must, never
        // below the floor.
        let room = (box_room(width, cols) - Mm(1.0)).pt();
        let wide = stats.iter().map(|st| label_width(st, label_size, icons_only)).fold(Pt(0.0), Pt::max);
        if wide > room && wide.0 > 0.0 {
            label_size = small(Pt(label_size.0 * room.0 / wide.0));
        }
        for (v, st) in values.iter_mut().zip(stats) {
            let wv = widest(&st.value, *v, true);
            if wv > room && wv.0 > 0.0 {
                *v = small(Pt(v.0 * room.0 / wv.0));
            }
        }
    } else {
        label_size = small(s * 0.8);
    }
    CardFit {
        size: s,
        title_size,
        subtitle_size: small(s * 0.95),
        stat_label_size: label_size,
        stat_value_sizes: values,
        stat_note_size: small(s * 0.78),
        note_size: small(s * 0.92),
        stat_columns: cols,
        stat_scale: k,
        header_height: Mm(0.0),
        gap: Mm(0.0),
        art_height: None,
    }
}

/// The first round of ways of setting each card to measure: the largest text size, every
/// whole point below it and the smallest. [`refine`] then asks for the quarter points above the
/// largest of these that fits, or, when the largest size fits, for the stat bar grown at it:
/// the same choice as measuring all of them, for about a third of the measuring. `stats[i]`
/// are card `i`'s stats as printed.
pub fn probes(game: &Game, cards: &Cards, stats: &[Vec<StatText>]) -> Vec<Probe> {
    let z = sizes(&game.card_options);
    let all = candidates(z);
    // Every fourth candidate from the largest (whole points below `max` when it is a quarter
    // point), and the smallest.
    let coarse: Vec<Pt> =
        (all.iter().enumerate()).filter(|(k, _)| k % 4 == 0 || *k + 1 == all.len()).map(|(_, s)| *s).collect();
    probes_at(game, cards, stats, |_| coarse.clone(), |_| None)
}

/// The second round: for each card, the quarter points between the largest size of the first
/// round that fits and the next size up; when the largest size fits, the stat bar grown at it
/// instead; nothing when no size fits.
pub fn refine(
    game: &Game,
    cards: &Cards,
    stats: &[Vec<StatText>],
    probes: &[Probe],
    measured: &[Measured],
) -> Vec<Probe> {
    let opts = &game.card_options;
    let z = sizes(opts);
    let per_card = by_card(cards, probes, measured);
    let next: Vec<(Vec<Pt>, bool)> = (per_card.iter().enumerate())
        .map(|(i, list)| {
            let text_room = panel(cards, opts, &cards.cards[i], z).1 + HEADER_RISE;
            let mut plain: Vec<&(&Probe, &Measured)> = list.iter().filter(|(p, _)| p.fit.stat_scale == 1.0).collect();
            plain.sort_by(|a, b| b.0.fit.size.0.total_cmp(&a.0.fit.size.0));
            let fits = |(p, m): &&(&Probe, &Measured)| total(m, p.fit.size).2.0 <= text_room.0 + 1e-6;
            match plain.iter().position(fits) {
                Some(0) => (Vec::new(), true),
                Some(k) => {
                    let (lo, hi) = (plain[k].0.fit.size, plain[k - 1].0.fit.size);
                    (candidates(z).into_iter().filter(|s| s.0 > lo.0 + 1e-6 && s.0 < hi.0 - 1e-6).collect(), false)
                }
                None => (Vec::new(), false),
            }
        })
        .collect();
    probes_at(game, cards, stats, |i| next[i].0.clone(), |i| next[i].1.then_some(z.max))
}

/// Probes for each card at the sizes `sizes_of(card)` gives, and, at the size `growth(card)`
/// gives, with the stat bar grown.
fn probes_at(
    game: &Game,
    cards: &Cards,
    stats: &[Vec<StatText>],
    sizes_of: impl Fn(usize) -> Vec<Pt>,
    growth: impl Fn(usize) -> Option<Pt>,
) -> Vec<Probe> {
    let opts = &game.card_options;
    let z = sizes(opts);
    let icons_only = opts.stat_icons == StatIcons::Instead;
    let columns = stat_columns(cards, opts, stats, z);
    let mut out = Vec::new();
    for (i, rc) in cards.cards.iter().enumerate() {
        let boxes = has_boxes(rc, &stats[i]);
        let cols = if boxes { columns.get(&rc.layout.name).copied().unwrap_or(1) } else { 0 };
        let width = panel(cards, opts, rc, z).0;
        for s in sizes_of(i) {
            out.push(Probe { card: i, fit: sized(rc, &stats[i], s, 1.0, cols, width, z, icons_only) });
        }
        if let Some(at) = growth(i).filter(|_| boxes) {
            for k in GROWTH {
                out.push(Probe { card: i, fit: sized(rc, &stats[i], at, k, cols, width, z, icons_only) });
            }
        }
    }
    out
}

/// The measured probes of each card (`measured[n]` for `probes[n]`).
fn by_card<'a>(cards: &Cards, probes: &'a [Probe], measured: &'a [Measured]) -> Vec<Vec<(&'a Probe, &'a Measured)>> {
    let by_probe: HashMap<usize, &Measured> = measured.iter().map(|m| (m.probe, m)).collect();
    let mut per_card: Vec<Vec<(&Probe, &Measured)>> = vec![Vec::new(); cards.cards.len()];
    for (n, p) in probes.iter().enumerate() {
        if let (Some(m), Some(list)) = (by_probe.get(&n), per_card.get_mut(p.card)) {
            list.push((p, m));
        }
    }
    per_card
}

/// One probe's heights summed: (title bar, panel blocks with their gaps, everything).
fn total(m: &Measured, size: Pt) -> (Mm, Mm, Mm) {
    let n = m.blocks.len();
    let gaps = if n > 1 { (n - 1) as f64 * 0.5 * size } else { Pt(0.0) };
    let body = (Pt(m.blocks.iter().map(|b| b.h.0).sum::<f64>()) + gaps).mm();
    let header = m.header.mm();
    (header, body, header + BELOW_HEADER + body + 2.0 * PAD)
}

/// How far under the median of its layout's cards a card's largest fitting size may be and
/// still set the size they share (`[cards] same_size`), pt: a card further below is set alone,
/// with W026, rather than make every card of its layout smaller.
const OUTLIER: f64 = 1.0;

/// The size a card's text takes beside the other cards of its layout (`[cards] same_size`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Deck {
    /// Its own largest size: `same_size = false`, a layout of one card, or a card whose text
    /// fits at no size.
    Own,
    /// The size its layout's cards share: the largest that fits them all (a roomy card's stat
    /// bar still grows, at that size).
    Shared {
        /// The text size.
        size: Pt,
    },
    /// Set alone: its text fits only more than a point (`OUTLIER`) under the median of its layout's
    /// cards, which print at `size`.
    Outlier {
        /// The size the other cards share.
        size: Pt,
        /// How many cards share it.
        cards: usize,
    },
}

/// The largest plain size at which each card's measured text fits; none when no size fits.
fn best(cards: &Cards, opts: &CardOptions, probes: &[Probe], measured: &[Measured]) -> Vec<Option<Pt>> {
    let z = sizes(opts);
    let per_card = by_card(cards, probes, measured);
    (per_card.iter().enumerate())
        .map(|(i, list)| {
            let text_room = panel(cards, opts, &cards.cards[i], z).1 + HEADER_RISE;
            (list.iter())
                .filter(|(p, m)| p.fit.stat_scale == 1.0 && total(m, p.fit.size).2.0 <= text_room.0 + 1e-6)
                .map(|(p, _)| p.fit.size)
                .max_by(|a, b| a.0.total_cmp(&b.0))
        })
        .collect()
}

/// What each card's text size is beside its layout's (see [`Deck`]), from the first two rounds
/// of measuring.
pub fn decks(game: &Game, cards: &Cards, probes: &[Probe], measured: &[Measured]) -> Vec<Deck> {
    let opts = &game.card_options;
    let mut out = vec![Deck::Own; cards.cards.len()];
    if !opts.same_size {
        return out;
    }
    let best = best(cards, opts, probes, measured);
    let mut by_layout: std::collections::BTreeMap<&str, Vec<usize>> = Default::default();
    for (i, rc) in cards.cards.iter().enumerate() {
        if best[i].is_some() {
            by_layout.entry(rc.layout.name.as_str()).or_default().push(i);
        }
    }
    for members in by_layout.values().filter(|m| m.len() > 1) {
        let mut sizes: Vec<f64> = members.iter().filter_map(|&i| best[i]).map(|b| b.0).collect();
        sizes.sort_by(f64::total_cmp);
        let median = sizes[(sizes.len() - 1) / 2];
        let (outliers, sharing): (Vec<usize>, Vec<usize>) =
            members.iter().partition(|&&i| best[i].is_some_and(|b| b.0 < median - OUTLIER - 1e-6));
        let Some(size) = sharing.iter().filter_map(|&i| best[i]).min_by(|a, b| a.0.total_cmp(&b.0)) else {
            continue;
        };
        for &i in &sharing {
            out[i] = Deck::Shared { size };
        }
        for &i in &outliers {
            out[i] = Deck::Outlier { size, cards: sharing.len() };
        }
    }
    out
}

/// The third round: each card at the size its layout shares, where it was not measured yet (an
/// outlier too, to tell by how much it is too long), and a card that shares it with its stat
/// bar grown there (a roomy card's bar grows as it would at its own size).
pub fn at_deck_sizes(
    game: &Game,
    cards: &Cards,
    stats: &[Vec<StatText>],
    probes: &[Probe],
    decks: &[Deck],
) -> Vec<Probe> {
    let measured = |i: usize, s: Pt, grown: bool| {
        probes.iter().any(|p| p.card == i && (p.fit.stat_scale > 1.0) == grown && p.fit.size == s)
    };
    let plain = |i: usize| match decks[i] {
        Deck::Shared { size } | Deck::Outlier { size, .. } if !measured(i, size, false) => vec![size],
        _ => Vec::new(),
    };
    let grown = |i: usize| match decks[i] {
        Deck::Shared { size } if !measured(i, size, true) => Some(size),
        _ => None,
    };
    probes_at(game, cards, stats, plain, grown)
}

/// Choose each card's fit from the measured probes (`measured[n]` for `probes[n]`), and report
/// every card whose text does not fit at its smallest size (E023).
pub fn fit(
    game: &Game,
    ix: &Index,
    cards: &mut Cards,
    probes: &[Probe],
    measured: &[Measured],
    decks: &[Deck],
    diags: &mut Vec<Diagnostic>,
) {
    let opts = &game.card_options;
    let z = sizes(opts);
    let per_card = by_card(cards, probes, measured);
    for (i, list) in per_card.iter().enumerate() {
        let room = panel(cards, opts, &cards.cards[i], z).1;
        // The title bar sits 0.6 mm into the top safe margin: the text has that much more.
        let text_room = room + HEADER_RISE;
        // Plain sizes, largest first, then the grown stat bars at the largest size.
        let mut plain: Vec<&(&Probe, &Measured)> = list.iter().filter(|(p, _)| p.fit.stat_scale == 1.0).collect();
        plain.sort_by(|a, b| b.0.fit.size.0.total_cmp(&a.0.fit.size.0));
        let Some(smallest) = plain.last() else { continue };
        let fits = |(p, m): &&(&Probe, &Measured)| total(m, p.fit.size).2.0 <= text_room.0 + 1e-6;
        let mut chosen = *plain.iter().find(|c| fits(c)).unwrap_or(smallest);
        match decks.get(i).copied().unwrap_or(Deck::Own) {
            // The size the layout's cards share; a roomy card's stat bar grows there.
            Deck::Shared { size } => {
                // Only where it fits there (text does not always shrink with its size: a line
                // may break otherwise); else the card keeps its own size.
                if let Some(c) = list.iter().find(|c| c.0.fit.size == size && c.0.fit.stat_scale == 1.0 && fits(c)) {
                    chosen = c;
                }
                if total(chosen.1, size).2 < room * 0.75
                    && let Some(g) = (list.iter())
                        .find(|(p, m)| p.fit.size == size && p.fit.stat_scale > 1.0 && total(m, size).2 <= room * 0.9)
                {
                    chosen = g;
                }
            }
            Deck::Outlier { size, cards: n } => {
                let at_deck = list.iter().find(|(p, _)| p.fit.stat_scale == 1.0 && p.fit.size == size);
                if fits(&chosen) {
                    let need = at_deck.map(|(p, m)| total(m, p.fit.size).2 - text_room);
                    diags.push(smaller_than_deck(
                        game,
                        ix,
                        &cards.cards[i],
                        chosen.1,
                        chosen.0.fit.size,
                        size,
                        n,
                        need,
                    ));
                }
            }
            // Still room at the largest size (a unit with short notes): the stat bar grows, up
            // to twice, while everything fits and a quarter of the panel would otherwise stay
            // empty.
            Deck::Own => {
                if chosen.0.fit.size == z.max
                    && total(chosen.1, z.max).2 < room * 0.75
                    && let Some(g) =
                        list.iter().find(|(p, m)| p.fit.stat_scale > 1.0 && total(m, z.max).2 <= room * 0.9)
                {
                    chosen = g;
                }
            }
        }
        let (p, m) = *chosen;
        let (header, body, need) = total(m, p.fit.size);
        if need.0 > text_room.0 + 1e-6 {
            let have = text_room - header - BELOW_HEADER - 2.0 * PAD;
            diags.push(overflow(game, ix, &cards.cards[i], m, need - text_room, have, body, z));
        }
        // Room to spare (short text at the largest size): the blocks spread, at most a line
        // further apart.
        let panel_h = text_room - header - BELOW_HEADER;
        let spare = panel_h - 2.0 * PAD - body;
        let n = m.blocks.len();
        // A layout whose icon art fills: the art takes the spare room, the text ends at the foot.
        let rc = &cards.cards[i];
        let icon_art = rc.layout.art_fills && rc.image.is_none();
        // The last line's descenders hang below its measured block: they keep 0.4 em.
        let slack = spare - (0.4 * p.fit.size).mm();
        let art = m.blocks.iter().find(|b| b.zone == "art").filter(|_| icon_art && slack.0 > 0.0);
        let art_height = art.map(|b| b.h.mm() + slack);
        let spread = if n > 1 && spare.0 > 0.0 && art.is_none() {
            (spare / n as f64).min((p.fit.size * 1.2).mm())
        } else {
            Mm(0.0)
        };
        cards.cards[i].fit =
            Some(CardFit { header_height: header, gap: (0.5 * p.fit.size).mm() + spread, art_height, ..p.fit.clone() });
    }
}

/// W026 for a card set at `own` where the other `n` cards of its layout share `deck`: at its
/// largest block, with how much to shorten (`need` more than the panel holds at `deck`).
#[allow(clippy::too_many_arguments)]
fn smaller_than_deck(
    game: &Game,
    ix: &Index,
    rc: &RCard,
    m: &Measured,
    own: Pt,
    deck: Pt,
    n: usize,
    need: Option<Mm>,
) -> Diagnostic {
    let biggest = m.blocks.iter().filter(|b| b.zone != "art").max_by(|a, b| a.h.0.total_cmp(&b.h.0));
    let (zone, i) = biggest.map_or(("title", 0), |b| (b.zone.as_str(), b.i));
    let (loc, what) = block_source(game, ix, rc, zone, i);
    let cards = if n == 1 { "the other card".to_string() } else { format!("the {n} other cards") };
    let mut d = Diagnostic::warning(
        diag::CARD_SMALLER_THAN_DECK,
        format!(
            "the text of {} prints at {own}, smaller than the {deck} of {cards} of its layout `{}`",
            rc.what, rc.layout.name
        ),
    )
    .at(&loc)
    .label(format!("{what}: the card's longest text"));
    if loc != rc.loc {
        d = d.note(format!("on {}", rc.what));
    }
    let shorten = match need {
        Some(by) if by.0 > 0.0 => {
            format!("shorten {what} by about {by:.1} of lines to print it at {deck} like the rest")
        }
        _ => format!("shorten {what} to print it at {deck} like the rest"),
    };
    d.help(format!(
        "{shorten}, or give the card a layout of its own ([[card_layout]]), or let every card take its own size with `same_size = false` in [cards]"
    ))
}

/// E023 for a card whose text overflows by `by` mm at its smallest size: at the block that
/// takes the most room, saying what to shorten or which key to set.
#[allow(clippy::too_many_arguments)]
fn overflow(game: &Game, ix: &Index, rc: &RCard, m: &Measured, by: Mm, have: Mm, body: Mm, z: Sizes) -> Diagnostic {
    let opts = &game.card_options;
    let header = m.header.mm();
    let biggest = m.blocks.iter().filter(|b| b.zone != "art").max_by(|a, b| a.h.0.total_cmp(&b.h.0));
    let (zone, i, h) = match biggest {
        Some(b) if b.h.mm() >= header => (b.zone.as_str(), b.i, b.h.mm()),
        _ => ("title", 0, header),
    };
    let (loc, what) = block_source(game, ix, rc, zone, i);
    let mut d = Diagnostic::error(
        diag::TEXT_OVERFLOW,
        format!("the text of {} does not fit: it overflows by {by:.1}", rc.what),
    )
    .at(&loc)
    .label(format!(
        "{what}: {h:.1} of the card's text (its panel holds {have:.1}, the text needs {body:.1} at {})",
        z.lo
    ));
    if loc != rc.loc {
        d = d.note(format!("on {}", rc.what));
    }
    let mut ways = vec![format!("shorten {what} (or another text of the card) by about {by:.1} of lines")];
    if z.lo.0 > z.floor.0 + 1e-6 {
        ways.push(format!(
            "let the text shrink further with `min_font_size` in [cards] (now {}; the floor is {})",
            z.lo, z.floor
        ));
    }
    if zone == "abilities" && opts.abilities == AbilityStyle::Full {
        ways.push("print the abilities' short texts with `ability_text = \"short\"` in [cards]".into());
    }
    ways.push("choose a bigger `size` in [cards]".into());
    // Not "a layout without the zone": the card has data for it, which E046 would refuse.
    if rc.layout.zones.contains(&"art") && zone != "art" {
        ways.push("give its layout a smaller art box ([[card_layout]] `art_height`)".into());
    }
    d.help(ways.join(", or "))
}

/// Where the text of block `i` of `zone` on card `rc` was written, and what it is ("the
/// ability text of `Tough`").
fn block_source(game: &Game, ix: &Index, rc: &RCard, zone: &str, i: usize) -> (Loc, String) {
    let card = rc.card.map(|c| &game.cards[c]);
    let unit = rc.unit.map(|u| &game.units[u]);
    let terrain = card
        .and_then(|c| c.reference.as_ref())
        .filter(|r| r.key == "terrain")
        .and_then(|r| ix.get::<Terrain>(game, &r.id.v));
    let found: Option<(Loc, String)> = match zone {
        "title" => card
            .and_then(|c| c.title.as_ref())
            .or(unit.map(|u| &u.name))
            .map(|t| (t.loc.clone(), format!("the title `{}`", t.v))),
        "stats" => unit
            .and_then(|u| u.stat_notes.first().map(|(_, t)| t.loc.clone()).or(u.steps.first().map(|s| s.loc.clone())))
            .or(card.and_then(|c| c.stats.first()).map(|(k, _)| k.loc.clone()))
            .map(|l| (l, "the stats and their notes".to_string())),
        "abilities" => unit.and_then(|u| {
            let a = u.abilities.iter().filter_map(|r| ix.get::<Ability>(game, &r.id)).nth(i)?;
            let short = (game.card_options.abilities == AbilityStyle::Short).then_some(a.short.as_ref()).flatten();
            let t = short.or(a.text.as_ref())?;
            Some((t.loc.clone(), format!("the text of ability `{}`", a.name.v)))
        }),
        "text" => {
            let own = terrain.and_then(|t| t.text.as_ref());
            let list: Vec<&Text> = own.into_iter().chain(card.map(|c| c.text.iter()).into_iter().flatten()).collect();
            let what =
                if list.len() == 1 { "the card's text".to_string() } else { format!("text {} of the card", i + 1) };
            list.get(i).map(|t| (t.loc.clone(), what))
        }
        "notes" => unit.and_then(|u| {
            let what =
                if u.notes.len() == 1 { "the unit's note".to_string() } else { format!("note {} of the unit", i + 1) };
            u.notes.get(i).map(|t| (t.loc.clone(), what))
        }),
        "reference" => card
            .and_then(|c| c.reference.as_ref())
            .map(|r| (r.id.loc.clone(), format!("the {} `{}` the card prints", r.key, r.id.v))),
        _ => None,
    };
    found.unwrap_or_else(|| (rc.loc.clone(), format!("its {zone}")))
}
