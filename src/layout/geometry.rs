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

/// Columns and rows of pieces of `size` (mm) on a sheet: the grid fits inside the margins;
/// its outer bleed may run into them but stays 1.5 mm off the page edge. With fold-over the
/// fronts use the left half, 4 mm clear of the fold. The templates use these numbers as given.
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
