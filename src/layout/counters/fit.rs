//! Each slot fitted: its room on the face, its font size shrunk to the group's minimum when
//! allowed, text that does not fit (E023), text below the legible floor (E070) or too near the
//! cut (E071).

use super::*;

/// What a counter finding is about, so that one finding on both faces of a counter, on each
/// counter of a run, or on each counter of a group is told once: by what it is, not by its words.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct About {
    code: &'static str,
    /// Where it points: (file, start, end).
    at: Option<(usize, usize, usize)>,
    /// The slot (empty: the counter as a whole, e.g. its picture).
    slot: String,
    /// The face's side, text and size (hundredths of a pt); none when the finding is about the
    /// group's sizes, the same on every counter of the group.
    face: Option<(&'static str, String, i64)>,
}

impl About {
    /// A finding about a slot of a face; the group's when the group sets the size.
    fn slot(d: &Diagnostic, s: &RSlot, side: &'static str) -> About {
        let of_group =
            [diag::TEXT_BELOW_FLOOR, diag::TEXT_BELOW_ADVICE, diag::FACTORS_SMALL].contains(&d.code) && !s.own_size;
        About {
            code: d.code.code,
            at: d.loc.as_ref().map(|l| (l.file, l.span.start, l.span.end)),
            slot: s.name.clone(),
            face: (!of_group).then(|| (side, s.text.clone(), (s.size.0 * 100.0).round() as i64)),
        }
    }

    /// A finding about the counter as a whole.
    pub(super) fn counter(d: &Diagnostic) -> About {
        About {
            code: d.code.code,
            at: d.loc.as_ref().map(|l| (l.file, l.span.start, l.span.end)),
            slot: String::new(),
            face: Some(("", String::new(), 0)),
        }
    }

    /// A finding about the data a counter is made from (its unit's steps), told once however
    /// many counters are made from it.
    pub(super) fn once(d: &Diagnostic) -> About {
        About { face: None, slot: d.message.clone(), ..About::counter(d) }
    }

    /// The group's, not one counter's.
    pub(super) fn of_group(&self) -> bool {
        self.face.is_none()
    }

    /// The same finding on the other face: same slot, text and size.
    pub(super) fn twin(&self, other: &About) -> bool {
        let plain = |a: &About| (a.code, a.at, a.slot.clone(), a.face.as_ref().map(|(_, t, z)| (t.clone(), *z)));
        plain(self) == plain(other)
    }
}

/// A finding with what it is about.
pub(super) type Found = (About, Diagnostic);

/// How deep a face's stripe is, as a share of the counter's height (drawn by templates/counters.typ
/// from `stripe_depth`).
pub const STRIPE: f64 = 0.22;
/// The clear space between the stripe and text set along an edge below it: a millimetre, so
/// that a cut or print a little off never runs the two together.
pub(super) const STRIPE_GAP: Mm = Mm(1.0);

/// Decide each slot's room and font size, shrinking down to the group's minimum when allowed,
/// and report text that still does not fit (E023). The template draws what this decides, so a
/// sheet never needs to measure text: exact (the same shaper as Typst) and fast.
pub(super) fn fit_face(face: &mut RFace, group: &RGroup, side: &'static str, what: &str, loc: &Loc) -> Vec<Found> {
    let (w, h) = (group.size.0.pt(), group.size.1.pt());
    let base = group.font_size;
    let pad = group.text_pad().pt();
    let inner = w - 2.0 * pad;
    let has = |n: &str| face.slots.iter().any(|s| s.name == n && (s.symbol || !s.text.is_empty()));
    let edge_size = face
        .slots
        .iter()
        .filter(|s| (s.name == "left" || s.name == "right") && !s.symbol && !s.text.is_empty())
        .map(|s| s.size)
        .fold(base, Pt::max);
    let edge = if has("left") || has("right") { edge_size * 1.15 } else { Pt(0.0) };
    face.edge = edge;
    face.stripe_depth = stripe_depth(face, group);
    let depth = face.stripe_depth;
    face.edge_top = if has_stripe_of(face) { group.size.1 * depth + STRIPE_GAP } else { group.text_pad() };
    let corner_width = |names: [&str; 2]| {
        face.slots
            .iter()
            .filter(|s| names.contains(&s.name.as_str()) && !s.symbol && !s.text.is_empty())
            .map(|s| text_width(&s.text, s.size, s.bold) + Mm(0.6).pt())
            .fold(Pt(0.0), Pt::max)
    };
    let has_stripe = face.stripe.is_some();
    let top_corners = corner_width(["top-left", "top-right"]);
    let bottom_corners = corner_width(["bottom-left", "bottom-right"]);
    let half = (inner - 2.0 * edge) / 2.0 - Mm(0.3).pt();
    // On a block, the marks of the side edges are centred on them: text at the top or bottom
    // that ends (with half a millimetre to spare) before they begin has the width inside the
    // safe area.
    let reach = match (&face.block, group.block) {
        (marks, Some(rb)) => Some(marks.as_ref().map_or(Mm(0.0), |m| rb.side_reach(&m.steps)).pt()),
        (_, None) => None,
    };
    let across = |s: &RSlot| match reach {
        Some(r) if pad + Mm(0.2).pt() + s.size * 1.2 < h / 2.0 - r - Mm(0.5).pt() => w - 2.0 * group.safe.pt(),
        _ => inner,
    };
    let mut found = Vec::new();
    for s in face.slots.iter_mut() {
        s.have = match s.name.as_str() {
            // Corner slots keep inside the marks' band: beside them, the band's width.
            "top" if top_corners.0 > 0.0 => inner - 2.0 * edge - 2.0 * top_corners,
            "bottom" if bottom_corners.0 > 0.0 => inner - 2.0 * edge - 2.0 * bottom_corners,
            "top" | "bottom" => across(s) - 2.0 * edge,
            "centre" => inner - 2.0 * edge,
            // Along the edge, clear of the stripe when there is one (templates/counters.typ
            // draws it `stripe_depth` of the height deep and sets the edge text below it).
            "left" | "right" if has_stripe => h * (1.0 - depth) - STRIPE_GAP.pt() - pad,
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
            size = (size - Pt(0.25)).max(least.unwrap_or(size));
        }
        s.size = size;
        let d = if s.size.0 < s.floor.0 - 0.001 {
            Some(below_floor(s, limit, side, what, group, loc))
        } else if !fits(s, size, limit) {
            Some(overflow(s, (size, limit), (side, group), what, loc))
        } else {
            None
        };
        found.extend(d.map(|d| (About::slot(&d, s, side), d)));
        s.inset = inset(s);
        if matches!(s.name.as_str(), "left" | "right") {
            s.extent = text_width(&s.text, s.size, s.bold);
        }
    }
    found.extend(small_factors(face, side, what, group, loc));
    found
}

/// The clear space under the ink of text set on a stripe, to the stripe's lower edge.
const UNDER_STRIPE_TEXT: Mm = Mm(0.4);

/// How deep a face's stripe is, as a share of its height: `STRIPE`, or as deep as the text set
/// on it needs (a top slot's ink, from its place under the pad to its descenders, and a little
/// clear space below), so that no letter straddles the stripe's edge, dark half on dark. The
/// slots' sizes as written: fitting only shrinks them.
fn stripe_depth(face: &RFace, group: &RGroup) -> f64 {
    if !has_stripe_of(face) {
        return STRIPE;
    }
    let h = group.size.1;
    let pad = group.text_pad();
    let on_stripe = |s: &&RSlot| {
        matches!(s.name.as_str(), "top" | "top-left" | "top-right") && (!s.text.is_empty() || s.icon.is_some())
    };
    let need = (face.slots.iter().filter(on_stripe))
        .map(|s| {
            let (_, below, cap) = ink_em(&s.text, s.bold);
            let below = if s.underline.is_empty() { below } else { below.max(UNDERLINE_EM.0 + UNDERLINE_EM.1 / 2.0) };
            // An icon is drawn as tall as the slot's capitals and a little more.
            let ink = if s.icon.is_some() { s.size * 0.9 } else { s.size * (cap + below) };
            pad + Mm(0.2) + inset(s).mm() + ink.mm() + UNDER_STRIPE_TEXT
        })
        .fold(Mm(0.0), Mm::max);
    // At most 0.4 of the face: the centre's symbol and text keep their room. A top text taller
    // than that still straddles the stripe's edge; no finding says so yet.
    if h.0 <= 0.0 { STRIPE } else { (need.0 / h.0).clamp(STRIPE, STRIPE_MOST) }
}

/// The deepest a stripe may be, as a share of the face's height.
const STRIPE_MOST: f64 = 0.4;

/// How much further from its cut line than the pad a slot must sit (pt) for its ink to stay
/// inside the safe area: top and bottom slots sit 0.2 mm in, by cap height and baseline; edge
/// slots by cap height; accents, descenders and an underline reach past those.
pub(super) fn inset(s: &RSlot) -> Pt {
    let (above, below, cap) = ink_em(&s.text, s.bold);
    let below = if s.underline.is_empty() { below } else { below.max(UNDERLINE_EM.0 + UNDERLINE_EM.1 / 2.0) };
    let over = match s.name.as_str() {
        "top" | "top-left" | "top-right" => (above - cap) * s.size - Mm(0.2).pt(),
        "bottom" | "bottom-left" | "bottom-right" => below * s.size - Mm(0.2).pt(),
        "left" | "right" => (above - cap) * s.size,
        _ => Pt(0.0),
    };
    // Rounded up to 0.01 pt, so the template's data stays short and the ink stays inside.
    Pt((over.0.max(0.0) * 100.0).ceil() / 100.0)
}

/// A slot printing below its floor (E070, or W022 under the advice alone): at the size written in the data (the slot's, its
/// face's or its group's `font_size`), else at the slot; with the largest size that fits.
pub(super) fn below_floor(s: &RSlot, limit: Pt, side: &str, what: &str, group: &RGroup, loc: &Loc) -> Diagnostic {
    let kind = if s.factor { "factors" } else { "text" };
    let slot = s.name.replace('-', "_");
    // Below a floor the game set itself, or below the absolute minimum, the text is wrong; under
    // the built-in advice only, it prints with a warning.
    let own = if s.factor { group.floor_own.1 } else { group.floor_own.0 };
    let (code, below) = match () {
        _ if own => (diag::TEXT_BELOW_FLOOR, format!("below the game's floor of {:.1} for {kind}", s.floor)),
        _ if s.size.0 < LEGIBLE_MIN - 0.001 => {
            (diag::TEXT_BELOW_FLOOR, format!("below the absolute minimum of {:.1}", Pt(LEGIBLE_MIN)))
        }
        _ => (diag::TEXT_BELOW_ADVICE, format!("below the advised {:.1} for {kind}", s.floor)),
    };
    let message = if !s.own_size {
        format!("the `{slot}` slot of group `{}` prints at {:.1}, {below}", group.id, s.size)
    } else {
        format!("the {side} `{slot}` slot of {what} prints at {:.1}, {below}", s.size)
    };
    let largest = (0..=80).map(|i| s.floor + Pt(0.25 * i as f64)).take_while(|&z| fits(s, z, limit)).last();
    let help = match largest {
        Some(z) => format!(
            "print it at {:.1} or more: it fits up to {z:.2}; or set the group's own floor with `floor = {{ {kind} = \"...\" }}` in its [[counter_group]]",
            s.floor
        ),
        None => format!(
            "at {:.1} the text does not fit its slot: shorten it, move it to a wider slot, or use a bigger counter",
            s.floor
        ),
    };
    let d = if code == diag::TEXT_BELOW_FLOOR {
        Diagnostic::error(code, message)
    } else {
        Diagnostic::warning(code, message)
    };
    d.at(s.size_at.as_ref().or(s.origin.as_ref()).unwrap_or(loc))
        .label(format!("{:.1} is below {:.1}", s.size, s.floor))
        .note(format!("the text: \"{}\"", s.text))
        .help(help)
}

/// Factors printed smaller than the counter's name (W016; set regular, W022): the numbers are what a
/// player reads across the table. Only where the data sets the size or weight.
pub(super) fn small_factors(face: &RFace, side: &'static str, what: &str, group: &RGroup, loc: &Loc) -> Vec<Found> {
    let name_size = face
        .slots
        .iter()
        .filter(|s| !s.factor && !s.symbol && !s.text.is_empty())
        .map(|s| s.size)
        .fold(Pt(0.0), Pt::max);
    let mut out = Vec::new();
    // Below the floor is E070 already.
    for s in face.slots.iter().filter(|s| s.factor && !s.text.is_empty() && s.size.0 >= s.floor.0 - 0.001) {
        if !s.bold {
            let d = regular_factors(s, side, what, group, loc);
            out.push((About::slot(&d, s, side), d));
            continue;
        }
        if s.size.0 + 0.001 >= name_size.0 {
            continue;
        }
        let slot = s.name.replace('-', "_");
        let message = if !s.own_size {
            format!("the factors in the `{slot}` slot of group `{}` print smaller than its other text", group.id)
        } else {
            format!("the factors in the {side} `{slot}` slot of {what} print smaller than its other text")
        };
        let d = Diagnostic::warning(diag::FACTORS_SMALL, message)
            .at(s.size_at.as_ref().or(s.origin.as_ref()).unwrap_or(loc))
            .label(format!("{:.1}, beside text of {name_size:.1}", s.size))
            .help("players read the factors across the table: print them at least as large as the name (leave out the slot's font_size for the default)");
        out.push((About::slot(&d, s, side), d));
    }
    out
}

/// Factors set regular (W022): factors are advised bold, whatever the size.
pub(super) fn regular_factors(s: &RSlot, side: &str, what: &str, group: &RGroup, loc: &Loc) -> Diagnostic {
    let slot = s.name.replace('-', "_");
    let message = if !s.own_size {
        format!("the factors in the `{slot}` slot of group `{}` print regular, not bold as advised", group.id)
    } else {
        format!("the factors in the {side} `{slot}` slot of {what} print regular, not bold as advised")
    };
    Diagnostic::warning(diag::TEXT_BELOW_ADVICE, message)
        .at(s.size_at.as_ref().or(s.origin.as_ref()).unwrap_or(loc))
        .label(format!("{:.1}, regular", s.size))
        .help("players read the factors across the table: print them bold (leave out the slot's `bold = false`)")
}

/// An underline below the baseline: its offset and thickness, in em (the template draws it so).
pub const UNDERLINE_EM: (f64, f64) = (0.14, 0.08);

/// A `safe` margin closer than 1 mm to the cut (E071).
pub(super) fn too_close(s: &Sp<f64>) -> Diagnostic {
    Diagnostic::error(diag::TEXT_NEAR_CUT, format!("text would print {:.1} mm from the cut line", s.v))
        .at(&s.loc)
        .label(format!("less than {MIN_SAFE_MM:.0} mm"))
        .help(format!(
            "a cut is never exact: keep text at least {MIN_SAFE_MM:.0} mm inside it (safe = \"{MIN_SAFE_MM:.0}mm\" or more, or leave it out)"
        ))
}

/// The height (centre: wrapped lines) and widest word of a slot's text at `size`, in pt.
pub(super) fn need(s: &RSlot, size: Pt) -> (Pt, Pt) {
    if s.name == "centre" {
        let (lines, widest) = wrap(&s.text, size, s.bold, s.have);
        (lines as f64 * size * 1.05, widest.max(Pt(0.0)))
    } else {
        (text_width(&s.text, size, s.bold), Pt(0.0))
    }
}

pub(super) fn fits(s: &RSlot, size: Pt, limit: Pt) -> bool {
    let (n, widest) = need(s, size);
    n.0 <= limit.0 + 0.01 && widest.0 <= s.have.0 + 0.01
}

/// E023: a slot's text that does not fit at the smallest size it may take. The help offers
/// shrinking only where shrinking is left: the group sets no `min_font_size`, or one above the
/// slot's floor.
pub(super) fn overflow(
    s: &RSlot,
    (size, limit): (Pt, Pt),
    (side, group): (&str, &RGroup),
    what: &str,
    loc: &Loc,
) -> Diagnostic {
    let (n, widest) = need(s, size);
    let (need, have) = if widest.0 > s.have.0 + 0.01 { (widest, s.have) } else { (n, limit) };
    let by = (need - have).mm();
    // A block sticker has one face: its slots are not a front's or a back's.
    let slot = s.name.replace('-', "_");
    let part = if group.block.is_some() { format!("{slot} slot") } else { format!("{side} {slot} slot") };
    let shrink = match group.min_font_size {
        None if size.0 > s.floor.0 + 0.001 => {
            Some(format!("allow shrinking to {:.1} with `min_font_size` in its [[counter_group]]", s.floor))
        }
        None => None,
        Some(m) if m.0 > s.floor.0 + 0.001 => Some(format!(
            "lower its [[counter_group]]'s `min_font_size` from {m:.1} toward {:.1}, the floor for this text",
            s.floor
        )),
        Some(_) => None,
    };
    let mut ways = ["shorten the text", "use a smaller size for this slot", "a bigger counter"];
    if group.block.is_some() {
        ways[2] = "a bigger block";
    }
    let help = match shrink {
        Some(sh) => format!("{}, {}, or {sh}", ways[0], ways[1..].join(", ")),
        None => format!("{}, or {} (it prints at its floor, {:.1}, already)", ways[..2].join(", "), ways[2], s.floor),
    };
    Diagnostic::error(diag::TEXT_OVERFLOW, format!("the {part} of {what} does not fit: it overflows by {by:.1}"))
        .at(s.origin.as_ref().unwrap_or(loc))
        .label(format!("{part} needs {:.1}, has {:.1}", need.mm(), have.mm()))
        .note(format!("the text: \"{}\"", s.text))
        .help(help)
}

/// Greedy word wrap: (number of lines, widest single word) at `size` in `width` pt.
pub(super) fn wrap(text: &str, size: Pt, bold: bool, width: Pt) -> (usize, Pt) {
    let space = text_width(" ", size, bold);
    let mut lines = 1;
    let mut line = Pt(0.0);
    let mut widest = Pt(0.0);
    for word in text.split_whitespace() {
        let ww = text_width(word, size, bold);
        widest = widest.max(ww);
        if line.0 > 0.0 && line + space + ww > width {
            lines += 1;
            line = ww;
        } else {
            line += if line.0 > 0.0 { space + ww } else { ww };
        }
    }
    (lines, widest)
}

/// Whether a face has a stripe across its top.
fn has_stripe_of(face: &RFace) -> bool {
    face.stripe.is_some()
}
