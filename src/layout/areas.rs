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
    /// Its name's width with its badges (value, limit, port), mm, at [`AREA_NAME_PT`].
    pub name_width: f64,
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

/// How wide an area's name prints at `size` with its badges after it: its value (a star and
/// the number, 0.8 of the size), its limit (the number in a box, 0.72) and a port's anchor
/// (0.8), 0.3 em after the name and 0.2 em apart (templates/lib/maps.typ, `pa-network`).
pub fn label_width(p: &Place, name: &str, size: Pt) -> Pt {
    let small = size * 0.8;
    let mut badges: Vec<Pt> = Vec::new();
    if let Some(v) = &p.value {
        badges.push(text_width(&format!("★{}", v.v), small, true));
    }
    if let Some(l) = &p.limit {
        badges.push(text_width(&l.v.to_string(), small * 0.9, true) + small * 0.3 + Pt(1.0));
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
    for p in &m.places {
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
        areas.push(AreaShape { id: p.id.v.clone(), name, centre, outline, name_at, name_width });
    }
    AreaLayout { size: m.size_mm(), areas }
}

/// Where the `n` pieces set up in an area go, mm: rows of up to four, `piece` mm apart, centred
/// on its centre (for an area with a box, below its name).
pub fn slots(shape: &AreaShape, n: usize, piece: f64) -> Vec<(f64, f64)> {
    let per_row = n.clamp(1, 4);
    let rows = n.div_ceil(per_row);
    let (cx, cy) = shape.centre;
    (0..n)
        .map(|i| {
            let (r, c) = (i / per_row, i % per_row);
            let in_row = if r + 1 == rows { n - r * per_row } else { per_row };
            let x = cx + (c as f64 - (in_row as f64 - 1.0) / 2.0) * piece;
            let y = cy + (r as f64 - (rows as f64 - 1.0) / 2.0) * piece;
            (x, y)
        })
        .collect()
}

/// W017 for two areas whose names print over each other.
pub fn check_names(m: &AreaMap, laid: &AreaLayout) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let h = Pt(AREA_NAME_PT).mm().0 * 1.2;
    for (i, a) in laid.areas.iter().enumerate() {
        for b in &laid.areas[..i] {
            let dx = (a.name_at.0 - b.name_at.0).abs();
            let dy = (a.name_at.1 - b.name_at.1).abs();
            if dx < (a.name_width + b.name_width) / 2.0 && dy < h {
                let at = m.place(&a.id).map(|p| p.at.as_ref().map_or(&p.loc, |x| &x.loc));
                let Some(at) = at else { continue };
                out.push(
                    Diagnostic::warning(
                        diag::MAP_TEXT_COVERED,
                        format!("the names of {} and {} print over each other", b.name, a.name),
                    )
                    .at(at)
                    .label(format!("{:.0} mm from {}", Mm(dx.hypot(dy)).0, b.name))
                    .help("move one of the two areas (its `at`), or give it a shorter `name`"),
                );
            }
        }
    }
    out
}
