//! Pictures: inside the game folder, present, and decodable.

use std::path::{Component, Path};

use crate::diag::{self, Diagnostic};
use crate::model::Sp;

/// Check an image path written in the data; `None` when it is fine.
pub fn check_image(root: &Path, img: &Sp<String>) -> Option<Diagnostic> {
    let rel = Path::new(&img.v);
    let escapes =
        rel.is_absolute() || rel.components().any(|c| matches!(c, Component::ParentDir | Component::Prefix(_)));
    if escapes {
        return Some(outside(img));
    }
    let path = root.join(rel);
    if !path.exists() {
        let mut d = Diagnostic::error(diag::IMAGE_MISSING, format!("image `{}` does not exist", img.v))
            .at(&img.loc)
            .label("no such file in the game folder");
        d = match nearby(root, rel) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None => d.help("paths are relative to the game folder, e.g. \"images/troop.png\""),
        };
        return Some(d);
    }
    // A symlink may still lead outside the folder.
    if let (Ok(real), Ok(real_root)) = (path.canonicalize(), root.canonicalize())
        && !real.starts_with(&real_root)
    {
        return Some(outside(img));
    }
    let decoded = image::ImageReader::open(&path)
        .map_err(|e| e.to_string())
        .and_then(|r| r.with_guessed_format().map_err(|e| e.to_string()))
        .and_then(|r| r.decode().map_err(|e| e.to_string()));
    match decoded {
        Ok(_) => None,
        Err(e) => Some(
            Diagnostic::error(diag::IMAGE_UNDECODABLE, format!("image `{}` cannot be read: {e}", img.v))
                .at(&img.loc)
                .help("save it as PNG, JPEG, GIF or WebP"),
        ),
    }
}

fn outside(img: &Sp<String>) -> Diagnostic {
    Diagnostic::error(diag::IMAGE_OUTSIDE, format!("image `{}` is outside the game folder", img.v))
        .at(&img.loc)
        .label("playaid reads only files inside the game folder")
        .help("copy the picture into the game folder (e.g. images/) and give its path from there")
}

/// A file in the same folder whose name is close to the one written.
fn nearby(root: &Path, rel: &Path) -> Option<String> {
    let dir = root.join(rel.parent()?);
    let name = rel.file_name()?.to_string_lossy().into_owned();
    let entries: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let best = diag::did_you_mean(&name, entries.iter().map(|s| s.as_str()))?;
    Some(rel.parent().map(|p| p.join(best)).unwrap_or_else(|| best.into()).display().to_string())
}

/// The resolution of a picture printed to fit (keeping its proportions) inside a box of
/// `box_mm`: below 150 dpi an error, below 300 dpi a warning. `what` names the piece.
pub fn check_resolution(root: &Path, img: &Sp<String>, box_mm: (f64, f64), what: &str) -> Option<Diagnostic> {
    let (w, h) = image::image_dimensions(root.join(&img.v)).ok()?;
    let dpi = printed_dpi((w, h), box_mm);
    let printed = |dpi: f64| {
        let scale = 25.4 / dpi; // mm per pixel
        format!("{:.1} x {:.1} mm", w as f64 * scale, h as f64 * scale)
    };
    let need_px = |target: f64| {
        let k = target / dpi;
        format!("{} x {} px", (w as f64 * k).ceil(), (h as f64 * k).ceil())
    };
    if dpi < super::pieces::MIN_DPI {
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
    } else if dpi < super::pieces::GOOD_DPI {
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
pub fn printed_dpi(px: (u32, u32), box_mm: (f64, f64)) -> f64 {
    let scale_mm_per_px = (box_mm.0 / px.0.max(1) as f64).min(box_mm.1 / px.1.max(1) as f64);
    25.4 / scale_mm_per_px
}
