//! Block stickers: how big a block's step marks print and how deep the band along each edge is
//! (decided once for the group), which steps each unit's sticker carries (from its stats, never
//! typed: E078 when they cannot go on four edges), and how many blocks a unit is.

use super::*;

/// A block group's step marks, decided from its size: every sticker of the group shares them.
#[derive(Debug, Clone, Copy)]
pub struct RBlock {
    /// The marks are pips (else digits).
    pub pips: bool,
    /// Digits: the font size, pt (bold).
    pub size: Pt,
    /// Pips: the diameter and the distance from one pip's centre to the next, mm.
    pub pip: (Mm, Mm),
    /// How deep the band along each edge is, from the safe area inwards: the marks' height and
    /// the gap that keeps the sticker's other text clear of them.
    pub band: Mm,
    /// The length of an edge the marks may use: the edge between the other edges' bands.
    pub room: Mm,
}

/// The gap between the step marks and the sticker's other text, mm.
const BAND_GAP: f64 = 0.6;

impl RBlock {
    /// The marks of a block of `size` (its side, mm) with text kept `safe` inside the cut.
    pub(super) fn new(spec: &BlockSpec, side: f64, safe: Mm, factor_floor: Pt) -> RBlock {
        // Never below the factor floor, however high a group sets it.
        let size = Pt((side * 0.42).min(10.0).max(factor_floor.0));
        let (_, _, cap) = ink_em("0123456789", true);
        let pip = Mm((side * 0.085).clamp(1.2, 2.4));
        let height = if spec.pips { pip } else { (size * cap).mm() };
        // A plain sticker (no `steps`) has no band.
        let band = if spec.steps.is_some() { height + Mm(BAND_GAP) } else { Mm(0.0) };
        RBlock { pips: spec.pips, size, pip: (pip, pip * 1.6), band, room: Mm(side) - (safe + band) * 2.0 }
    }

    /// How far the marks of the side edges (right, left) reach from the middle of those
    /// edges, up or down, mm.
    pub(super) fn side_reach(&self, marks: &[String]) -> Mm {
        marks.iter().skip(1).step_by(2).map(|m| self.length(m) / 2.0).fold(Mm(0.0), Mm::max)
    }

    /// How long the marks of one edge are, mm.
    fn length(&self, mark: &str) -> Mm {
        if self.pips {
            let n = mark.parse::<f64>().unwrap_or(0.0);
            if n <= 0.0 { Mm(0.0) } else { self.pip.1 * (n - 1.0) + self.pip.0 }
        } else {
            text_width(mark, self.size, true).mm()
        }
    }
}

/// A sticker's step marks, for its template: one per edge, top first, then clockwise (right,
/// bottom, left), each turned to read from its own edge; strongest first, so that a quarter turn
/// counter-clockwise brings the next step to the top.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct BlockMarks {
    /// What each edge prints (top, right, bottom, left; fewer edges than four leave the rest
    /// blank). With pips, each is the number of dots.
    pub steps: Vec<String>,
    /// Pips (dots) rather than digits.
    pub pips: bool,
    /// Digits: the font size, pt, bold.
    pub size: Pt,
    /// Pips: the diameter, mm.
    pub pip: Mm,
    /// Pips: the distance between two pips' centres, mm.
    pub pitch: Mm,
    /// How far the marks stay inside the cut (the group's `safe`), mm: the top of a digit's
    /// capitals or a pip's edge.
    pub inset: Mm,
}

/// Whether a scalar is a whole number, and which.
fn whole(v: &Scalar) -> Option<i64> {
    v.whole()
}

/// A step's value of `stat`.
fn value<'u>(step: &'u UnitStep, stat: &str) -> Option<&'u Sp<Scalar>> {
    step.stats.iter().find(|(k, _)| k.v == stat).map(|(_, v)| v)
}

/// The marks of a unit's block: each step's value of the group's `steps` stat, or for a unit of
/// one step its value counted down to 1; a finding where they cannot go on four edges.
pub(super) fn unit_marks(
    spec: &BlockSpec,
    unit: &Unit,
    r: &RBlock,
    size_at: Option<&Loc>,
) -> Result<Vec<String>, Box<Diagnostic>> {
    let Some(stat) = &spec.steps else { return Ok(Vec::new()) };
    let bad = |at: &Loc, msg: String, help: String| {
        Err(Box::new(Diagnostic::error(diag::BLOCK_STEPS, msg).at(at).help(help)))
    };
    let marks: Vec<String> = if unit.steps.len() > 1 {
        if let Some(fifth) = unit.steps.get(BLOCK_EDGES) {
            return bad(
                &fifth.loc,
                format!("unit `{}` has {} steps; a block has {BLOCK_EDGES} edges", unit.name.v, unit.steps.len()),
                "a block shows at most four steps, one on each edge: merge steps, or print this unit as counters"
                    .into(),
            );
        }
        let mut out = Vec::new();
        for (i, step) in unit.steps.iter().enumerate() {
            let Some(v) = value(step, &stat.v) else {
                return bad(
                    &step.loc,
                    format!(
                        "the {} of unit `{}` has no `{}`, which its block prints along an edge",
                        step.label(i),
                        unit.name.v,
                        stat.v
                    ),
                    format!("give every step a `{}`", stat.v),
                );
            };
            if spec.pips && !whole(&v.v).is_some_and(|n| (0..=MAX_PIPS).contains(&n)) {
                return bad(
                    &v.loc,
                    format!("`{}` = {} cannot be printed as pips", stat.v, v.v.display()),
                    format!("pips need a whole number from 0 to {MAX_PIPS}, or write marks = \"digits\""),
                );
            }
            // Pips print the number read, whatever spaces surround it.
            out.push(match whole(&v.v) {
                Some(n) if spec.pips => n.to_string(),
                _ => v.v.display(),
            });
        }
        out
    } else {
        let Some(v) = unit.steps.first().and_then(|s| value(s, &stat.v)) else {
            return bad(
                &unit.loc,
                format!("unit `{}` has no `{}`, which its block prints along its edges", unit.name.v, stat.v),
                format!("give it a `{}` (its strength: 4 prints 4, 3, 2 and 1 on the four edges)", stat.v),
            );
        };
        match whole(&v.v) {
            Some(n) if (1..=BLOCK_EDGES as i64).contains(&n) => (1..=n).rev().map(|k| k.to_string()).collect(),
            // Not a number at all (a text stat, "B2"): the group's choice of stat, said once.
            None => {
                return bad(
                    &stat.loc,
                    format!("`{}` is not a number, and a one-step unit's block counts it down along its edges", stat.v),
                    format!(
                        "name a whole-number stat (its strength) in `steps`, or give the units `steps` (unit `{}`)",
                        unit.name.v
                    ),
                );
            }
            _ => {
                return bad(
                    &v.loc,
                    format!(
                        "`{}` = {} cannot be counted down along a block's {BLOCK_EDGES} edges",
                        stat.v,
                        v.v.display()
                    ),
                    format!(
                        "a one-step unit's block prints its strength from 1 to {BLOCK_EDGES}, one step an edge; for other values give the unit `steps`, one per edge"
                    ),
                );
            }
        }
    };
    if let Some(long) = marks.iter().find(|m| r.length(m) > r.room) {
        // The group's size, else its `block`: the fix is there, and it is told once.
        return bad(
            size_at.unwrap_or(&spec.loc),
            format!(
                "`{long}` is {:.1} mm long, and an edge of the block leaves {:.1} mm between its corners",
                r.length(long).0,
                r.room.0
            ),
            format!("use a larger block `size`, fewer pips, or marks = \"digits\" (unit `{}`)", unit.name.v),
        );
    }
    Ok(marks)
}

/// How many blocks a unit is: its `count` stat, else one.
pub(super) fn unit_count(spec: &BlockSpec, unit: &Unit) -> Result<i64, Box<Diagnostic>> {
    let Some(stat) = &spec.count else { return Ok(1) };
    let Some(v) = unit.stats().iter().find(|(k, _)| k.v == stat.v).map(|(_, v)| v) else {
        return Err(Box::new(
            Diagnostic::error(
                diag::BLOCK_STEPS,
                format!("unit `{}` has no `{}`, which says how many blocks it is", unit.name.v, stat.v),
            )
            .at(&unit.loc)
            .help(format!("give it a `{}` (a whole number of blocks)", stat.v)),
        ));
    };
    match whole(&v.v) {
        Some(n) if (1..=crate::check::MAX_COPIES).contains(&n) => Ok(n),
        _ => Err(Box::new(
            Diagnostic::error(diag::BLOCK_STEPS, format!("`{}` = {} is no number of blocks", stat.v, v.v.display()))
                .at(&v.loc)
                .help(format!("write a whole number from 1 to {}", crate::check::MAX_COPIES)),
        )),
    }
}

/// W027 for a unit whose steps are written weakest first (`stat` rising, step by step): the top
/// edge is the first step and a quarter turn loses one, so where a higher value is stronger its
/// sticker would gain a step with each turn. A warning: where a lower value is stronger (a
/// to-hit number), rising steps are right.
pub(super) fn weakest_first(unit: &Unit, stat: &str) -> Option<Diagnostic> {
    let values: Vec<i64> = unit.steps.iter().filter_map(|s| value(s, stat).and_then(|v| whole(&v.v))).collect();
    let rising = values.windows(2).all(|w| w[0] <= w[1]) && values.first() < values.last();
    if values.len() != unit.steps.len() || !rising {
        return None;
    }
    let listed: Vec<String> = values.iter().map(i64::to_string).collect();
    Some(
        Diagnostic::warning(
            diag::BLOCK_STEPS_RISING,
            format!(
                "the steps of unit `{}` rise ({stat} {}): its block prints the first step on top and turns to the next as it loses one",
                unit.name.v,
                listed.join(", ")
            ),
        )
        .at(&unit.steps[0].loc)
        .label("the first step: on the top edge")
        .help(format!("list its steps from full strength down, unless a lower {stat} is the stronger")),
    )
}
