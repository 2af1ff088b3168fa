//! Which counters a game prints, and in which group: declared groups with their sizes checked
//! against the page, the counters of each `[[counter]]` run and each unit step, and the implicit
//! group for counters that name none.

use super::*;

/// Default font size of the implicit group, pt.
pub(super) const IMPLICIT_FONT: f64 = 5.0;
pub(super) fn new_group(decl: Option<usize>, id: String, name: Option<String>, size: (f64, f64), font: Pt) -> RGroup {
    let symbol = symbol_box(size);
    RGroup {
        id,
        name,
        size: (Mm(size.0), Mm(size.1)),
        font_size: font,
        min_font_size: None,
        grid: (0, 0),
        symbol_box: (Mm(symbol.0), Mm(symbol.1)),
        font_size_at: None,
        safe: Mm(COUNTER_PAD_MM),
        floor: (Pt(COUNTER_TEXT_FLOOR), Pt(COUNTER_FACTOR_FLOOR)),
        floor_own: (false, false),
        decl,
        block: None,
    }
}

/// The groups as declared (the first of a duplicated id), with their sizes checked against the
/// page.
pub(super) fn declared_groups(
    game: &Game,
    ix: &Index,
    page: (f64, f64),
    gutter: f64,
    diags: &mut Vec<Diagnostic>,
) -> Vec<RGroup> {
    let sheet = &game.counter_options.sheet;
    let mut out = Vec::new();
    for (i, g) in game.counter_groups.iter().enumerate() {
        if ix.position(Coll::CounterGroup, &g.id.v) != Some(i) {
            continue;
        }
        let default = if g.block.is_some() { DEFAULT_BLOCK_MM } else { DEFAULT_COUNTER_MM };
        let size = g.size.as_ref().map(|s| s.v).unwrap_or((default, default));
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
        // By default a third of the counter's shorter side, as many pt as that is mm.
        let font = g.font_size.as_ref().map(|f| f.v).unwrap_or((size.0.min(size.1) * 0.33).min(9.0).max(text_floor));
        let mut r = new_group(Some(i), g.id.v.clone(), g.name.as_ref().map(|n| n.v.clone()), size, Pt(font));
        r.min_font_size = g.min_font_size.as_ref().map(|m| Pt(m.v));
        r.safe = Mm(g.safe.as_ref().map_or(COUNTER_PAD_MM, |s| s.v.max(MIN_SAFE_MM)));
        if let Some(s) = g.safe.as_ref().filter(|s| s.v < MIN_SAFE_MM) {
            diags.push(too_close(s));
        }
        r.font_size_at = g.font_size.as_ref().map(|f| f.loc.clone());
        r.floor = (Pt(text_floor), Pt(g.floor.factors.as_ref().map_or(COUNTER_FACTOR_FLOOR.max(text_floor), |f| f.v)));
        r.floor_own = (g.floor.text.is_some(), g.floor.factors.is_some() || text_floor > COUNTER_FACTOR_FLOOR);
        // Stickers print on one side of the paper: a fold-over sheet's half page is theirs whole.
        r.grid = grid(page, &one_sided(sheet, g.block.is_some()), gutter, 0.0, size);
        if let Some(spec) = &g.block {
            let b = RBlock::new(spec, size.0.min(size.1), r.safe, r.floor.1);
            // The symbol keeps inside the safe area and the marks' band, as the text does.
            let pad = r.safe.0 + b.band.0;
            let inner = (size.0 - 2.0 * pad, size.1 - 2.0 * pad);
            let sym = symbol_box(inner);
            r.symbol_box = (Mm(sym.0), Mm(sym.1));
            r.block = Some(b);
        }
        out.push(r);
    }
    out
}

/// The sheet as a group prints on it: block stickers one-sided (`duplex = "none"`).
pub(crate) fn one_sided(sheet: &Imposition, stickers: bool) -> Imposition {
    let mut s = sheet.clone();
    if stickers {
        s.duplex = Duplex::None;
    }
    s
}

/// What a counter is made from: a `[[counter]]` (one id of its run), a unit, or both.
pub(super) struct Src<'g> {
    pub(super) counter: Option<&'g Counter>,
    /// The id of a run's counter.
    pub(super) run_id: Option<&'g Sp<String>>,
    pub(super) unit: Option<&'g Unit>,
    /// The unit's step on the front (0, or 2 and up for the extra counters of a unit with
    /// more than two steps); the next step is on the back.
    pub(super) step: usize,
    pub(super) group: usize,
    pub(super) loc: Loc,
}

/// A counter's identifier and name (see [`RCounter::id`]).
pub(super) fn counter_id_and_name(src: &Src) -> (String, String) {
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
pub(super) fn back_name(src: &Src) -> Option<String> {
    let step = src.unit.and_then(|u| u.steps.get(src.step + 1)).and_then(|s| s.name.as_ref()).map(|n| n.v.clone());
    step.or_else(|| match src.counter.map(|c| &c.back) {
        Some(Back::Values(values)) => values.iter().find(|(k, _)| k.v == "name").map(|(_, v)| v.v.display()),
        _ => None,
    })
}

/// The steps on the fronts of a unit's counters: one counter for each two steps; a block, one
/// sticker whatever its steps (they go along its edges).
pub(super) fn front_steps(unit: Option<&Unit>, block: bool) -> impl Iterator<Item = usize> {
    let steps = if block { 1 } else { unit.map_or(1, |u| u.steps.len().max(1)) };
    (0..steps).step_by(2)
}

/// Declared counters (those whose group resolves), then one for each unit of a group's kinds
/// that no counter names. Counters without a group go to the first group, or to an implicit
/// group of 5/8" counters when the game declares none.
pub(super) fn sources<'g>(
    game: &'g Game,
    ix: &Index,
    groups: &mut Vec<RGroup>,
    page: (f64, f64),
    gutter: f64,
) -> Vec<Src<'g>> {
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
            for step in front_steps(unit, groups.get(group).is_some_and(|g| g.block.is_some())) {
                out.push(Src { counter: Some(c), run_id, unit, step, group, loc: c.loc.clone() });
            }
        }
    }
    for (gi, g) in groups.iter().enumerate() {
        let Some(decl) = g.decl.map(|d| &game.counter_groups[d]) else { continue };
        for u in &game.units {
            let of_kind = u.kind.as_ref().is_some_and(|k| decl.kinds.iter().any(|gk| gk.v == k.v));
            if of_kind && !named.contains(u.id.v.as_str()) {
                for step in front_steps(Some(u), g.block.is_some()) {
                    out.push(Src { counter: None, run_id: None, unit: Some(u), step, group: gi, loc: u.loc.clone() });
                }
            }
        }
    }
    if implicit {
        let size = (DEFAULT_COUNTER_MM, DEFAULT_COUNTER_MM);
        let mut g = new_group(None, "counters".into(), None, size, Pt(IMPLICIT_FONT));
        g.grid = grid(page, &game.counter_options.sheet, gutter, 0.0, size);
        groups.push(g);
    }
    out
}
