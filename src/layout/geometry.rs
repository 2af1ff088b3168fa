//! Page and sheet geometry: page sizes, how many pieces a sheet holds, and the boxes inside a
//! piece that the templates draw pictures in. Lengths in mm.

use crate::model::*;

/// Page size in mm (portrait), for fit checks.
pub(crate) fn page_mm(p: PageSize, landscape: bool) -> (f64, f64) {
    let (w, h) = match p {
        PageSize::A4 => (210.0, 297.0),
        PageSize::UsLetter => (215.9, 279.4),
    };
    if landscape { (h, w) } else { (w, h) }
}

/// The page a sheet prints on: the command line's, else the sheet's, else the game's.
pub(crate) fn sheet_page(game: &Game, sheet: &Imposition, over: Option<PageSize>) -> (f64, f64) {
    let p = over.or(sheet.page.as_ref().map(|p| p.v)).or(game.meta.page.as_ref().map(|p| p.v)).unwrap_or_default();
    page_mm(p, sheet.landscape)
}

/// How far from the page edge a home printer starts printing (3-5 mm unprintable): nothing
/// but crop marks comes nearer the edge than this (mm).
pub(crate) const PRINTABLE_EDGE_MM: f64 = 5.0;
/// The depth of the band inside the printable edge that holds a sheet's header (game, version,
/// fronts or backs, sheet n of m, duplex edge) on one side and its scale bar on the opposite
/// side: a 2.8 mm line, and clearance to the grid (whose butt-cut backdrop reaches 1 mm
/// beyond it) and to the marks (mm).
pub(crate) const SHEET_BAND_MM: f64 = 4.5;

/// Where a sheet's header and scale bar go: above and below the grid, or, when the grid leaves
/// more room at its sides, left and right of it (the header turned to read upwards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bands {
    /// Header above the grid, scale bar below it.
    TopBottom,
    /// Header left of the grid, scale bar right of it.
    Sides,
}

impl Bands {
    /// The name templates receive.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Bands::TopBottom => "top-bottom",
            Bands::Sides => "sides",
        }
    }
}

/// Where a `cols` x `rows` grid of pieces leaves room for the header and the scale bar, if
/// anywhere: the room between the printable edge and the grid's bleed.
pub(crate) fn bands(
    page: (f64, f64),
    sheet: &Imposition,
    gutter: f64,
    bleed: f64,
    size: (f64, f64),
    (cols, rows): (usize, usize),
) -> Option<Bands> {
    let need = PRINTABLE_EDGE_MM + SHEET_BAND_MM;
    let span = |n: usize, s: f64| n as f64 * s + (n as f64 - 1.0) * gutter;
    let room_v = (page.1 - span(rows, size.1)) / 2.0 - bleed;
    // Fold-over: the grid sits in the left half, and the fold needs the middle: top and bottom
    // only.
    let room_h = if sheet.duplex == Duplex::Fold { 0.0 } else { (page.0 - span(cols, size.0)) / 2.0 - bleed };
    if room_v + 1e-6 >= need {
        Some(Bands::TopBottom)
    } else if room_h + 1e-6 >= need {
        Some(Bands::Sides)
    } else {
        None
    }
}

/// Columns and rows of pieces of `size` (mm) on a sheet: the grid fits inside the margins;
/// its outer bleed may run into them but stays 1.5 mm off the page edge; and it leaves room
/// for the header and the scale bar on two opposite sides ([`bands`]), a row fewer if need
/// be. With fold-over the fronts use the left half, 4 mm clear of the fold. The templates use
/// these numbers as given.
pub(crate) fn grid(page: (f64, f64), sheet: &Imposition, gutter: f64, bleed: f64, size: (f64, f64)) -> (usize, usize) {
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
    while rows > 1 && bands(page, sheet, gutter, bleed, size, (cols, rows)).is_none() {
        rows -= 1;
    }
    (cols, rows)
}

/// The box in which a counter's centre symbol or picture is drawn, in mm.
pub(crate) fn symbol_box(size: (f64, f64)) -> (f64, f64) {
    (size.0 * 0.62, size.1 * 0.40)
}

/// The box of a card back's picture, in mm (templates/cards.typ draws it there).
pub(crate) fn back_picture_box(opts: &CardOptions, size: (f64, f64)) -> (f64, f64) {
    (size.0 - 2.0 * opts.safe - 8.0, size.1 * 0.4)
}

/// The box of a card's picture, in mm.
pub(crate) fn picture_box(opts: &CardOptions, size: (f64, f64)) -> (f64, f64) {
    (size.0 - 2.0 * opts.safe, size.1 * 0.36)
}
