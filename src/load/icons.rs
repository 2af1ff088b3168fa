//! The game's own icons: every `.svg` file in its `icons/` folder is an icon named after the
//! file (`icons/ready.svg` is `ready`), used by name like the built-in ones and taking their
//! place when the names are the same. Each file is read here, bounded in number and size, and
//! parsed as Typst will parse it, so that a broken one is a finding at the file (at the line
//! of the mistake when the SVG says where) rather than a failed build.

use std::path::Path;

use crate::diag::{self, Diagnostic};
use crate::model::{Game, GameIcon};
use crate::source::Loc;

/// The most icon files a game may bring (the built-in set has a few hundred).
pub(crate) const MAX_ICONS: usize = 256;
/// The largest icon file read: an icon is a few shapes, a few KiB (the built-in ones are
/// at most 11 KiB); larger files are usually drawings with embedded pictures.
pub(crate) const MAX_ICON_BYTES: u64 = 256 << 10;

/// Read `dir/icons/*.svg` into the game's files and its icons.
pub(crate) fn read_icons(dir: &Path, game: &mut Game, diags: &mut Vec<Diagnostic>) {
    let Ok(entries) = std::fs::read_dir(dir.join("icons")) else { return };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")))
        .collect();
    paths.sort();
    let root = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    for (i, path) in paths.into_iter().enumerate() {
        let stem = path.file_stem().and_then(|n| n.to_str()).unwrap_or("").to_string();
        // A link leading outside the game folder is not read (the renderer would refuse it).
        let inside = path.canonicalize().is_ok_and(|p| p.starts_with(&root));
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let text = if size > MAX_ICON_BYTES || !inside { None } else { std::fs::read(&path).ok() };
        let utf8 = text.as_ref().map(|b| String::from_utf8_lossy(b).into_owned());
        let file = game.files.add(super::display_name(&path), path.clone(), utf8.clone().unwrap_or_default());
        let at = Loc { file, span: 0..0 };
        if i == MAX_ICONS {
            diags.push(
                Diagnostic::error(diag::ICON_LIMIT, format!("the game brings more than {MAX_ICONS} icons"))
                    .at(&at)
                    .help("keep the icons the game prints; the built-in set (docs/icons.md) may have the others"),
            );
            break;
        }
        if size > MAX_ICON_BYTES {
            diags.push(
                Diagnostic::error(
                    diag::ICON_LIMIT,
                    format!("this icon is {} KiB; playaid reads icons up to {} KiB", size >> 10, MAX_ICON_BYTES >> 10),
                )
                .at(&at)
                .help("an icon is a few filled shapes: simplify it (e.g. with Inkscape's \"Save as plain SVG\") or remove embedded pictures"),
            );
            continue;
        }
        if !inside {
            diags.push(
                Diagnostic::error(diag::ICON_FILE, "this icon leads outside the game folder")
                    .at(&at)
                    .label("a link to a file elsewhere")
                    .help("copy the SVG file into the game's icons/ folder: playaid reads only files inside the game folder"),
            );
            continue;
        }
        if !crate::icons::valid_name(&stem) || path.extension().is_some_and(|e| e != "svg") {
            diags.push(
                Diagnostic::error(diag::ICON_FILE, format!("`{stem}` is not an icon name"))
                    .at(&at)
                    .label("icons are named by their file name")
                    .help(format!(
                        "name the file with lowercase letters, digits and single dashes, ending in .svg, e.g. `icons/{}.svg`",
                        suggested_name(&stem)
                    )),
            );
            continue;
        }
        let Some(bytes) = text else {
            diags.push(Diagnostic::error(diag::IO, "cannot read this icon file").at(&at));
            continue;
        };
        if let Some((offset, message)) = svg_error(&bytes) {
            diags.push(
                Diagnostic::error(diag::ICON_FILE, format!("this icon is not an SVG picture playaid can read: {message}"))
                    .at(&Loc { file, span: offset..offset + 1 })
                    .help("save it as plain SVG (one <svg> element with a viewBox, filled shapes); to follow the text colour, fill its shapes with `currentColor`"),
            );
            continue;
        }
        game.icons.push(GameIcon { name: stem, file });
    }
}

/// Why Typst cannot read `bytes` as an SVG picture, and the byte offset it says (or 0).
fn svg_error(bytes: &[u8]) -> Option<(usize, String)> {
    use typst::diag::LoadedWithin;
    use typst::foundations::Bytes;
    use typst::loading::{LoadSource, Loaded};
    use typst::syntax::Spanned;
    let data = Bytes::new(bytes.to_vec());
    let err = typst::visualize::SvgImage::new(data.clone()).err()?;
    let diag = err.within(&Loaded::new(Spanned::detached(LoadSource::Bytes), data));
    let message = diag.message.to_string();
    // "failed to parse SVG (... at 3:14)": point at that line and column when it is given.
    let offset = message
        .rsplit_once(" at ")
        .and_then(|(_, pos)| pos.trim_end_matches(')').split_once(':'))
        .and_then(|(l, c)| Some((l.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .and_then(|(line, col)| {
            let text = std::str::from_utf8(bytes).ok()?;
            let start: usize = text.split_inclusive('\n').take(line.checked_sub(1)?).map(str::len).sum();
            Some((start + col.saturating_sub(1)).min(text.len().saturating_sub(1)))
        })
        .unwrap_or(0);
    Some((offset, message))
}

/// A usable icon name close to `stem`: lowercase, dashes for anything else.
fn suggested_name(stem: &str) -> String {
    let mut out = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "my-icon".into() } else { out }
}
