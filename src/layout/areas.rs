//! Maps of areas and points laid out: each area's shape (its outline, else a box around its
//! name for an area or a circle for a point), where its name prints and where the pieces set
//! up in it go; each connection's line and where its limit prints. Positions are mm from the
//! map's top-left corner. Names are the largest text on the map (players read it by them).
//! Findings: two areas whose names print over each other (W017).

use super::fonts::text_width;
use crate::diag::{self, Diagnostic};
use crate::length::{Mm, Pt};
use crate::model::*;

/// An area's name on the map sheet, pt, bold: the largest text on the map.
pub const AREA_NAME_PT: f64 = 9.0;
/// An area's name on a scenario's board, at the least, pt: the board is the map drawn small.
/// Its badges ([`BADGE`] of it) then print at 6 pt, the least any text on a sheet prints at.
pub const AREA_BOARD_NAME_PT: f64 = 7.5;
/// An area's badges (its value, limit and port) and a connection's limit against its name's
/// size.
pub const BADGE: f64 = 0.8;
/// A point's circle, its radius in mm.
pub const POINT_RADIUS_MM: f64 = 4.0;
/// An area without an outline: the least width and the height of its box, mm.
pub const AREA_BOX_MM: (f64, f64) = (26.0, 20.0);
/// Where pieces go: the side of the square one piece takes (a 3/4 in block), mm.
pub const SLOT_MM: f64 = 19.05;

/// One area as drawn.
#[derive(Debug, Clone)]
pub struct AreaShape {
    /// Its id.
    pub id: String,
    /// Its name as printed.
    pub name: String,
    /// Its centre: where its pieces gather.
    pub centre: (f64, f64),
    /// Its border: the outline written, else a box (areas) or none (a point: a circle of
    /// [`POINT_RADIUS_MM`]).
    pub outline: Vec<(f64, f64)>,
    /// The centre of its name's baseline box, mm.
    pub name_at: (f64, f64),
    /// Its name's width with its badges (value, limit, port), mm, at the size it was laid out with
    /// ([`AREA_NAME_PT`] on the map sheet, larger on a set-up map).
    pub name_width: f64,
    /// Its place among the map's `[[map.area]]`s.
    pub index: usize,
    /// Its outline is a box playaid drew around it (it has no `outline` of its own).
    pub boxed: bool,
}

impl AreaShape {
    /// The box around everything it draws (its shape, its circle, its name): (x0, y0, x1, y1).
    pub fn extent(&self) -> (f64, f64, f64, f64) {
        let r = if self.outline.is_empty() { POINT_RADIUS_MM } else { 0.0 };
        let (cx, cy) = self.centre;
        let mut b = (cx - r, cy - r, cx + r, cy + r);
        for (x, y) in &self.outline {
            b = (b.0.min(*x), b.1.min(*y), b.2.max(*x), b.3.max(*y));
        }
        let (nx, ny, half) = (self.name_at.0, self.name_at.1, self.name_width / 2.0);
        (b.0.min(nx - half), b.1.min(ny - 2.5), b.2.max(nx + half), b.3.max(ny + 2.5))
    }
}

/// A map of areas, laid out.
#[derive(Debug, Clone)]
pub struct AreaLayout {
    /// The map's size, mm.
    pub size: (f64, f64),
    /// The areas, in data order.
    pub areas: Vec<AreaShape>,
}

impl AreaLayout {
    /// The shape of area `id`.
    pub fn area(&self, id: &str) -> Option<&AreaShape> {
        self.areas.iter().find(|a| a.id == id)
    }
}

/// How wide an area's name prints at `size` with its badges after it, each [`BADGE`] of the
/// size: its value (a star and the number), its limit (the number in a box) and a port's
/// anchor, 0.3 em after the name and 0.2 em apart (templates/lib/maps.typ, `pa-network`).
pub fn label_width(p: &Place, name: &str, size: Pt) -> Pt {
    let small = size * BADGE;
    let mut badges: Vec<Pt> = Vec::new();
    if let Some(v) = &p.value {
        badges.push(text_width(&format!("★{}", v.v), small, true));
    }
    if let Some(l) = &p.limit {
        badges.push(text_width(&l.v.to_string(), small, true) + small * 0.3 + Pt(1.0));
    }
    if p.port {
        badges.push(small);
    }
    let gaps = if badges.is_empty() { Pt(0.0) } else { size * 0.3 + small * 0.2 * (badges.len() - 1) as f64 };
    text_width(name, size, true) + badges.into_iter().fold(Pt(0.0), |a, b| a + b) + gaps + size * 0.3
}

/// Lay out a map of areas as the map sheet prints it.
pub fn lay_out(m: &AreaMap) -> AreaLayout {
    lay_out_names(m, Pt(AREA_NAME_PT))
}

/// The size an area's name takes on the map drawn at `scale` (a scenario's board) so that it
/// prints at least at `least` pt: in the map's own measure, pt.
pub fn name_size_at(scale: f64, least: Pt) -> Pt {
    Pt(AREA_NAME_PT.max(least.0 / scale.max(1e-6)))
}

/// Lay out a map of areas with names `name` pt large in the map's measure (larger on a
/// scenario's board, which is drawn smaller but prints its names at a legible size).
pub fn lay_out_names(m: &AreaMap, size: Pt) -> AreaLayout {
    let mut areas = Vec::new();
    // More areas than a map may have is the checker's E056: lay out none of them.
    let places = if m.places.len() > MAX_AREAS { &[][..] } else { &m.places[..] };
    for (index, p) in places.iter().enumerate() {
        let Some(centre) = m.centre(p) else { continue };
        let name = p.label();
        let name_width = label_width(p, &name, size).mm().0;
        let cap = size.mm().0;
        let (outline, name_at, centre) = if !p.outline.is_empty() {
            (p.outline.clone(), (centre.0, centre.1 - SLOT_MM / 2.0 - cap), centre)
        } else if m.points {
            (Vec::new(), (centre.0, centre.1 + POINT_RADIUS_MM + cap), centre)
        } else {
            // A box around `at`: its name in a row at the top, its pieces under it.
            let name_row = 1.5 + cap * 1.4;
            let (w, h) = ((name_width + 4.0).max(AREA_BOX_MM.0), AREA_BOX_MM.1.max(name_row + AREA_BOX_MM.1 - 4.0));
            let (x0, y0) = (centre.0 - w / 2.0, centre.1 - h / 2.0);
            let pieces = (centre.0, y0 + name_row + (h - name_row) / 2.0);
            (vec![(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)], (centre.0, y0 + 1.5 + cap / 2.0), pieces)
        };
        let boxed = p.outline.is_empty() && !m.points;
        areas.push(AreaShape { id: p.id.v.clone(), name, centre, outline, name_at, name_width, index, boxed });
    }
    // Without a `size`: everything drawn, and 10 mm of margin.
    let size = match m.size_mm() {
        Some(size) => size,
        None => {
            let far = areas.iter().map(AreaShape::extent).fold((0.0f64, 0.0f64), |a, e| (a.0.max(e.2), a.1.max(e.3)));
            let (lo, hi) = AREA_MAP_MM;
            ((far.0 + 10.0).clamp(lo, hi), (far.1 + 10.0).clamp(lo, hi))
        }
    };
    AreaLayout { size, areas }
}

/// Where findings about an area point: its `at`, else its table.
fn area_loc<'m>(m: &'m AreaMap, a: &AreaShape) -> &'m crate::source::Loc {
    let p = &m.places[a.index];
    p.at.as_ref().map_or(&p.loc, |x| &x.loc)
}

/// E056 for an area whose box, circle or name reaches past the edge of a map of a given size;
/// W017 for two areas whose names print over each other (once an area: the first it covers).
pub fn check_names(m: &AreaMap, laid: &AreaLayout) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let (w, h_map) = laid.size;
    {
        let sized = m.size.is_some();
        for a in &laid.areas {
            // An `at` or outline off the map is the checker's E056 already.
            let p = &m.places[a.index];
            let off = |(x, y): (f64, f64)| x > w || y > h_map;
            if p.at.as_ref().is_some_and(|at| off(at.v)) || p.outline.iter().any(|q| off(*q)) {
                continue;
            }
            let (x0, y0, x1, y1) = a.extent();
            // Past the top or left edge always (a map's size grows only to the right and down);
            // past the right or bottom edge of a map whose `size` is given.
            let before = x0 < -0.01 || y0 < -0.01;
            let after = sized && (x1 > w + 0.01 || y1 > h_map + 0.01);
            if before || after {
                let help = if before {
                    "move it right or down (its `at`): the map starts at its top-left corner"
                } else {
                    "move it further in (its `at`), or make the map's `size` larger"
                };
                out.push(
                    Diagnostic::error(
                        diag::MAP_BOUNDS,
                        format!("{} reaches past the edge of the {w:.0} x {h_map:.0} mm map", a.name),
                    )
                    .at(area_loc(m, a))
                    .label(format!("its shape and name run from {x0:.0}, {y0:.0} to {x1:.0}, {y1:.0} mm"))
                    .help(help),
                );
            }
        }
    }
    out.extend(overlaps(m, laid, Pt(AREA_NAME_PT)));
    out
}

/// W017 for two boxes playaid drew over each other, and for two names (of `size` pt in the
/// map's measure) that print over each other: once an area, at the first it covers.
fn overlaps(m: &AreaMap, laid: &AreaLayout, size: Pt) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let h = size.mm().0 * 1.2;
    for (i, a) in laid.areas.iter().enumerate() {
        // Two boxes playaid drew over each other: one hides the other and its roads.
        if a.boxed
            && let Some(b) = laid.areas[..i].iter().find(|b| {
                let (p, q) = (a.extent(), b.extent());
                b.boxed && p.0 < q.2 && q.0 < p.2 && p.1 < q.3 && q.1 < p.3
            })
        {
            out.push(
                Diagnostic::warning(diag::MAP_TEXT_COVERED, format!("the boxes of {} and {} overlap", b.name, a.name))
                    .at(area_loc(m, a))
                    .label(format!("drawn over {}", b.name))
                    .help("move one of the two areas (its `at`) further from the other, or give them outlines"),
            );
            continue;
        }
        for b in &laid.areas[..i] {
            let dx = (a.name_at.0 - b.name_at.0).abs();
            let dy = (a.name_at.1 - b.name_at.1).abs();
            if dx < (a.name_width + b.name_width) / 2.0 && dy < h {
                let at = area_loc(m, a);
                out.push(
                    Diagnostic::warning(
                        diag::MAP_TEXT_COVERED,
                        format!("the names of {} and {} print over each other", b.name, a.name),
                    )
                    .at(at)
                    .label(format!("{:.0} mm from {}", Mm(dx.hypot(dy)).0, b.name))
                    .help("move one of the two areas (its `at`), or give it a shorter `name`"),
                );
                break;
            }
        }
    }
    out
}

/// A map of areas as a scenario's set-up map draws it: scaled into the board's box, its names
/// larger in the map's measure than on the map sheet (the board is drawn smaller, its names
/// print at [`AREA_BOARD_NAME_PT`], a hair less should the size not settle in eight rounds), and
/// laid out at that size.
#[derive(Debug, Clone)]
pub struct AreaBoard {
    /// How the map is scaled into the board's box.
    pub frame: super::board::BoardFrame,
    /// The names' size in the map's measure.
    pub names: Pt,
    /// The areas laid out with names that size.
    pub laid: AreaLayout,
}

/// Lay out map of areas `m` for a scenario's set-up map, from `sheet`, its map sheet's layout.
/// A map without a `size` grows with its names, and the scale with the size: the frame is
/// taken again from the laid-out size until the two agree (the scale only falls, and the size
/// is bounded), so that the drawing is never larger than the box it is scaled for.
pub fn lay_out_board(m: &AreaMap, sheet: &AreaLayout) -> AreaBoard {
    let least = Pt(AREA_BOARD_NAME_PT);
    let mut frame = super::board::board_frame(sheet.size, false);
    let mut names = name_size_at(frame.scale, least);
    let mut laid = lay_out_names(m, names);
    for _ in 0..8 {
        let again = super::board::board_frame(laid.size, false);
        if again.scale >= frame.scale {
            break;
        }
        frame = again;
        names = name_size_at(frame.scale, least);
        laid = lay_out_names(m, names);
    }
    AreaBoard { frame: super::board::board_frame(laid.size, false), names, laid }
}

/// W017 on a scenario's board: two areas' names that print over each other, or boxes that
/// overlap, at the size the board prints them (larger in the map's measure than on the map
/// sheet: the board is drawn smaller, its names not). Called only when the map sheet itself has
/// none, so nothing is said twice.
pub fn check_board_names(m: &AreaMap, board: &AreaBoard, scenario: &str) -> Vec<Diagnostic> {
    let scale = board.frame.scale;
    overlaps(m, &board.laid, board.names)
        .into_iter()
        .map(|d| d.note(format!("on the set-up map of scenario {scenario}, drawn at {:.0} %", scale * 100.0)))
        .collect()
}
