//! The game's own templates: `templates/*.typ` in the game folder override the built-in ones
//! of the same name. They are read here so that a Typst error in one is shown at its line, like
//! any other finding in the game's files.

use std::path::Path;

use crate::diag::{self, Diagnostic};
use crate::model::{Game, GameTemplate};
use crate::source::Loc;

/// The largest template file read (a template is a page of Typst, not data).
const MAX_TEMPLATE_BYTES: u64 = 1 << 20;

/// Read `dir/templates/*.typ` and the library modules it overrides, `dir/templates/lib/*.typ`
/// (named `lib/maps.typ`), into the game's files.
pub(crate) fn read_templates(dir: &Path, game: &mut Game, diags: &mut Vec<Diagnostic>) {
    let typ = |d: &Path, prefix: &str| -> Vec<(String, std::path::PathBuf)> {
        let Ok(entries) = std::fs::read_dir(d) else { return Vec::new() };
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "typ"))
            .collect();
        paths.sort();
        paths.into_iter().filter_map(|p| Some((format!("{prefix}{}", p.file_name()?.to_str()?), p))).collect()
    };
    let root = dir.join("templates");
    let found = typ(&root, "").into_iter().chain(typ(&root.join("lib"), "lib/"));
    for (name, path) in found {
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let text = if size > MAX_TEMPLATE_BYTES { None } else { std::fs::read(&path).ok() };
        let text = text.and_then(|b| String::from_utf8(b).ok());
        let file = game.files.add(super::display_name(&path), path.clone(), text.clone().unwrap_or_default());
        if text.is_none() {
            diags.push(
                Diagnostic::error(diag::RENDER, "this template is not a UTF-8 text file of at most 1 MiB")
                    .at(&Loc { file, span: 0..0 })
                    .help("a template is a Typst file: save it as UTF-8 text"),
            );
            continue;
        }
        game.templates.push(GameTemplate { name, file });
    }
}
