//! How sharp a picture prints: its pixels over the box the template draws it in.

use crate::length::Mm;
use std::path::Path;

use crate::diag::{self, Diagnostic};
use crate::model::Sp;

/// Below this a picture looks blurred (error); below `GOOD_DPI` a warning.
pub(crate) const MIN_DPI: f64 = 150.0;
/// A picture at this resolution prints sharp.
pub(crate) const GOOD_DPI: f64 = 300.0;

/// The resolution of a picture printed to fit (keeping its proportions) inside a box of
/// `box_mm`: below 150 dpi an error, below 300 dpi a warning. `what` names the piece.
pub(crate) fn check_resolution(root: &Path, img: &Sp<String>, box_mm: (f64, f64), what: &str) -> Option<Diagnostic> {
    // By the file's content, whatever its name says; a file that cannot be read is the
    // checker's finding.
    let (w, h) =
        image::ImageReader::open(root.join(&img.v)).ok()?.with_guessed_format().ok()?.into_dimensions().ok()?;
    let dpi = printed_dpi((w, h), box_mm);
    let printed = |dpi: f64| format!("{:.1} x {:.1}", Mm::from_px(w as f64, dpi), Mm::from_px(h as f64, dpi));
    let need_px = |target: f64| {
        let k = target / dpi;
        format!("{} x {} px", (w as f64 * k).ceil(), (h as f64 * k).ceil())
    };
    if dpi < MIN_DPI {
        Some(
            Diagnostic::error(
                diag::IMAGE_RESOLUTION,
                format!("image `{}` prints at {dpi:.0} dpi on {what}: it will look blurred", img.v),
            )
            .at(&img.loc)
            .label(format!("{w} x {h} px printed {}", printed(dpi)))
            .help(format!(
                "give a picture of at least {} (150 dpi), better {} (300 dpi)",
                need_px(150.0),
                need_px(300.0)
            )),
        )
    } else if dpi < GOOD_DPI {
        Some(
            Diagnostic::warning(
                diag::IMAGE_RESOLUTION_LOW,
                format!("image `{}` prints at {dpi:.0} dpi on {what}; 300 dpi prints sharp", img.v),
            )
            .at(&img.loc)
            .label(format!("{w} x {h} px printed {}", printed(dpi)))
            .help(format!("a picture of {} prints at 300 dpi", need_px(300.0))),
        )
    } else {
        None
    }
}

/// Dots per inch of a `px` picture scaled to fit inside `box_mm`.
pub(crate) fn printed_dpi(px: (u32, u32), box_mm: (f64, f64)) -> f64 {
    let scale_mm_per_px = (box_mm.0 / px.0.max(1) as f64).min(box_mm.1 / px.1.max(1) as f64);
    1.0 / Mm(scale_mm_per_px).inches()
}
