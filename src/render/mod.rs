//! Stage 4: render through Typst used as a library.

mod fonts;
mod world;

use std::ops::Range;
use std::path::Path;

use typst::WorldExt;
use typst::diag::{Severity as TypstSeverity, SourceDiagnostic};
use typst::foundations::Smart;
use typst_layout::PagedDocument;

pub use world::{BUILTIN_TEMPLATES, DATA_PATH, GameWorld, TEXTS_PATH};

/// The creator string written into every PDF, pinned so output does not change with the
/// Typst version.
pub const PDF_CREATOR: &str = "playaid";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A Typst diagnostic, located in the virtual file it points into.
#[derive(Debug, Clone)]
pub struct RenderDiag {
    pub severity: Severity,
    pub message: String,
    pub hints: Vec<String>,
    /// Where the error was reached from, innermost first ("while calling `tx` (/templates/...)").
    pub trace: Vec<String>,
    /// Virtual path, e.g. "/playaid/texts.typ", "/templates/cheatsheet.typ".
    pub path: Option<String>,
    /// Byte range in that file's text.
    pub range: Option<Range<usize>>,
    /// 1-based line and column in that file.
    pub line_col: Option<(usize, usize)>,
}

pub struct Renderer {
    world: GameWorld,
}

pub struct Compiled {
    pub document: PagedDocument,
    pub warnings: Vec<RenderDiag>,
}

impl Renderer {
    pub fn new(game_root: &Path, date: Option<(i32, u8, u8)>) -> std::io::Result<Renderer> {
        Ok(Renderer { world: GameWorld::new(game_root, date)? })
    }

    /// Forget cached files (after they changed on disk).
    pub fn reset(&mut self) {
        self.world.reset();
    }

    /// Compile `/templates/<template>.typ` with the given data.json and texts.typ.
    pub fn compile(&mut self, template: &str, data_json: &[u8], texts_typ: &str) -> Result<Compiled, Vec<RenderDiag>> {
        self.world.set_document(template, data_json, texts_typ);
        let warned = typst::compile::<PagedDocument>(&self.world);
        let warnings: Vec<RenderDiag> = warned.warnings.iter().map(|d| self.diag(d)).collect();
        match warned.output {
            Ok(document) => Ok(Compiled { document, warnings }),
            Err(errors) => {
                let mut all: Vec<RenderDiag> = errors.iter().map(|d| self.diag(d)).collect();
                all.extend(warnings);
                Err(all)
            }
        }
    }

    fn diag(&self, d: &SourceDiagnostic) -> RenderDiag {
        let id = d.span.id();
        let range = self.world.range(d.span);
        let line_col = match (id, &range) {
            (Some(id), Some(r)) => typst::World::source(&self.world, id)
                .ok()
                .and_then(|s| s.lines().byte_to_line_column(r.start))
                .map(|(l, c)| (l + 1, c + 1)),
            _ => None,
        };
        let hints: Vec<String> = d.hints.iter().map(|h| h.v.to_string()).collect();
        let mut trace = Vec::new();
        for t in d.trace.iter().take(3) {
            if let (Some(tid), Some(r)) = (t.span.id(), self.world.range(t.span)) {
                if let Ok(src) = typst::World::source(&self.world, tid) {
                    if let Some((l, c)) = src.lines().byte_to_line_column(r.start) {
                        trace.push(format!("{} ({}:{}:{})", t.v, tid.get().vpath().get_with_slash(), l + 1, c + 1));
                    }
                }
            }
        }
        RenderDiag {
            severity: match d.severity {
                TypstSeverity::Error => Severity::Error,
                TypstSeverity::Warning => Severity::Warning,
            },
            message: d.message.to_string(),
            hints,
            trace,
            path: id.map(|id| id.get().vpath().get_with_slash().to_string()),
            range,
            line_col,
        }
    }
}

impl Compiled {
    /// The PDF: deterministic (no timestamp, pinned creator), so the same input gives the same
    /// bytes.
    pub fn pdf(&self) -> Result<Vec<u8>, Vec<RenderDiag>> {
        let options = typst_pdf::PdfOptions {
            creator: Smart::Custom(Some(PDF_CREATOR.to_string())),
            timestamp: None,
            ..Default::default()
        };
        typst_pdf::pdf(&self.document, &options).map_err(|errs| {
            errs.iter()
                .map(|d| RenderDiag {
                    severity: Severity::Error,
                    message: d.message.to_string(),
                    hints: d.hints.iter().map(|h| h.v.to_string()).collect(),
                    trace: Vec::new(),
                    path: None,
                    range: None,
                    line_col: None,
                })
                .collect()
        })
    }

    pub fn page_count(&self) -> usize {
        self.document.pages().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_with_template(template: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("templates")).unwrap();
        std::fs::write(dir.path().join("templates/t.typ"), template).unwrap();
        dir
    }

    #[test]
    fn compiles_deterministically_with_data_and_texts() {
        let dir = game_with_template(
            "#import \"/playaid/texts.typ\": texts\n#let d = json(\"/playaid/data.json\")\n#set page(width: 100pt, height: 100pt)\n#set text(font: \"Roboto\")\n#d.title #texts.k0",
        );
        let mut r = Renderer::new(dir.path(), Some((2017, 5, 28))).unwrap();
        let texts = "#let texts = (k0: [*bold*],)\n";
        let a = r.compile("t", br#"{"title": "Hello"}"#, texts).unwrap();
        assert_eq!(a.page_count(), 1);
        let pa = a.pdf().unwrap();
        let b = r.compile("t", br#"{"title": "Hello"}"#, texts).unwrap().pdf().unwrap();
        assert!(pa == b, "same input, same bytes");
        assert!(pa.starts_with(b"%PDF"));
    }

    #[test]
    fn cannot_read_outside_the_game() {
        let dir = game_with_template("#read(\"../../../../../../../../etc/hostname\")");
        let mut r = Renderer::new(dir.path(), None).unwrap();
        let errs = r.compile("t", b"{}", "#let texts = (:)").err().expect("must fail");
        assert_eq!(errs[0].path.as_deref(), Some("/templates/t.typ"));
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.txt"), dir.path().join("link.txt")).unwrap();
        std::fs::write(dir.path().join("templates/t.typ"), "#read(\"/link.txt\")").unwrap();
        let mut r = Renderer::new(dir.path(), None).unwrap();
        let errs = r.compile("t", b"{}", "#let texts = (:)").err().expect("symlink out must fail");
        assert!(errs[0].message.contains("outside the game folder"), "{:?}", errs[0]);
    }

    #[test]
    fn errors_in_texts_are_located() {
        let dir = game_with_template("#import \"/playaid/texts.typ\": texts\n#texts.k0");
        let mut r = Renderer::new(dir.path(), None).unwrap();
        let errs = r.compile("t", b"{}", "#let texts = (\n  k0: [a #nosuch b],\n)\n").err().expect("must fail");
        let e = &errs[0];
        assert_eq!(e.path.as_deref(), Some("/playaid/texts.typ"));
        assert_eq!(e.line_col, Some((2, 11)), "{e:?}");
    }

    #[test]
    fn builtin_templates_are_served() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.typ"), "").unwrap();
        let w = GameWorld::new(dir.path(), None).unwrap();
        let id = world::file_id("/templates/lib.typ");
        assert!(w.source_text(id).unwrap().contains("pa-term"));
    }
}
