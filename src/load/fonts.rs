//! The game's own fonts: every `.ttf`, `.otf`, `.ttc` or `.otc` file in its `fonts/` folder
//! (other files there, such as licences, are left alone). They print beside the embedded
//! fonts: Typst falls back to them for characters the embedded fonts lack.

use std::path::Path;
use std::sync::Arc;

use crate::diag::{self, Diagnostic};
use crate::model::{Game, GameFont};
use crate::source::Loc;

/// The largest font file a game may bring (a full CJK family is about 20 MiB).
const MAX_FONT_BYTES: u64 = 64 << 20;
/// The most font files a game may bring.
const MAX_FONTS: usize = 32;

const EXTENSIONS: &[&str] = &["ttf", "otf", "ttc", "otc"];

/// Read `dir/fonts/`: each font file becomes a [`GameFont`]; a file that is too large or
/// holds no font Typst can read is a finding at the file.
pub(crate) fn read_fonts(dir: &Path, game: &mut Game, diags: &mut Vec<Diagnostic>) {
    let Ok(entries) = std::fs::read_dir(dir.join("fonts")) else { return };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        })
        .collect();
    paths.sort();
    for (i, path) in paths.into_iter().enumerate() {
        let file = game.files.add(super::display_name(&path), path.clone(), String::new());
        let at = Loc { file, span: 0..0 };
        if i == MAX_FONTS {
            diags.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("the game brings more than {MAX_FONTS} font files"))
                    .at(&at)
                    .help("keep the fonts the game prints with; a family needs only its regular and bold files"),
            );
            break;
        }
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        if size > MAX_FONT_BYTES {
            diags.push(
                Diagnostic::error(
                    diag::FONT_FILE,
                    format!(
                        "this font file is {} MiB; playaid reads fonts up to {} MiB",
                        size >> 20,
                        MAX_FONT_BYTES >> 20
                    ),
                )
                .at(&at)
                .help("use a subset of the font (only the scripts the game prints), or one weight per file"),
            );
            continue;
        }
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                diags.push(Diagnostic::error(diag::IO, format!("cannot read this font file: {e}")).at(&at));
                continue;
            }
        };
        if typst::text::Font::iter(typst::foundations::Bytes::new(bytes.clone())).next().is_none() {
            diags.push(
                Diagnostic::error(diag::FONT_FILE, "this file is not a font playaid can read")
                    .at(&at)
                    .label("not a TrueType or OpenType font")
                    .help("put .ttf, .otf, .ttc or .otc font files in fonts/ (an open licence such as the SIL OFL), or rename this one"),
            );
            continue;
        }
        game.fonts.push(GameFont { file, bytes: Arc::new(bytes) });
    }
}
