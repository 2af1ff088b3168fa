//! Pictures: inside the game folder, present, and decodable (by their content, whatever the
//! file name says). How sharp they print depends on the box they are drawn in: `layout`.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use crate::diag::{self, Diagnostic};
use crate::model::Sp;

/// Checks pictures, reading and decoding each file once however often the data names it.
#[derive(Default)]
pub(crate) struct ImageCheck {
    /// Decoding result per file: `Err` holds what is wrong and how to fix it.
    decoded: HashMap<PathBuf, Result<(), Unreadable>>,
}

impl ImageCheck {
    /// Check an image path written in the data; `None` when it is fine.
    pub(crate) fn check(&mut self, root: &Path, img: &Sp<String>) -> Option<Diagnostic> {
        if let Some(d) = locate(root, img) {
            return Some(d);
        }
        let path = root.join(&img.v);
        let result = self.decoded.entry(path.clone()).or_insert_with(|| decode(&path));
        match result {
            Ok(()) => None,
            Err(e) => Some(
                Diagnostic::error(diag::IMAGE_UNDECODABLE, format!("image `{}` {}", img.v, e.what))
                    .at(&img.loc)
                    .help(e.fix.clone()),
            ),
        }
    }
}

/// Why a picture cannot be used, and how to fix it.
#[derive(Clone)]
struct Unreadable {
    what: String,
    fix: String,
}

/// Whether a picture decodes (by its content), and its name says what it is: Typst reads a
/// picture by its extension, so a PNG named `.jpg` would fail only at build.
fn decode(path: &Path) -> Result<(), Unreadable> {
    let broken = |e: String| Unreadable {
        what: format!("cannot be read: {e}"),
        fix: "save it as PNG, JPEG, GIF or WebP".into(),
    };
    let reader = image::ImageReader::open(path)
        .map_err(|e| broken(e.to_string()))?
        .with_guessed_format()
        .map_err(|e| broken(e.to_string()))?;
    let content = reader.format();
    reader.decode().map_err(|e| broken(e.to_string()))?;
    match (content, image::ImageFormat::from_path(path).ok()) {
        (Some(is), Some(named)) if is != named => {
            let ext = is.extensions_str().first().copied().unwrap_or("png");
            let renamed = path.with_extension(ext);
            let renamed = renamed.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Err(Unreadable {
                what: format!("is a {} file, but its name says {}", format_name(is), format_name(named)),
                fix: format!(
                    "rename the file to `{renamed}` (pictures are read by their extension), and the path here"
                ),
            })
        }
        _ => Ok(()),
    }
}

fn format_name(f: image::ImageFormat) -> &'static str {
    match f {
        image::ImageFormat::Png => "PNG",
        image::ImageFormat::Jpeg => "JPEG",
        image::ImageFormat::Gif => "GIF",
        image::ImageFormat::WebP => "WebP",
        _ => "picture",
    }
}

/// The path stays inside the game folder and names a file there.
fn locate(root: &Path, img: &Sp<String>) -> Option<Diagnostic> {
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
    None
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
