//! Stage 4: render through Typst used as a library.
//!
//! One [`Renderer`] per game folder, kept alive across compiles: it owns the Typst `World`
//! (see `world.rs`: the game folder as root, `/playaid/data.json` and `/playaid/texts.typ`
//! from memory, `/templates/*` from the game or built in, embedded fonts only, no packages,
//! a fixed date).

pub mod balance;
mod boxes;
pub use boxes::with_bleed_boxes;
pub mod impose;
pub mod merge;
pub mod png;
mod world;

use std::ops::Range;
use std::path::Path;

use typst::WorldExt;
use typst::diag::{Severity as TypstSeverity, SourceDiagnostic};
use typst::foundations::{Label, Selector, Smart};
use typst::introspection::{Introspector, MetadataElem};
use typst::syntax::FileId;
use typst::utils::PicoStr;
use typst_layout::PagedDocument;

pub use world::{BUILTIN_TEMPLATES, DATA_PATH, DocWorld, GameWorld, TEXTS_PATH};

/// The creator string written into every PDF, pinned so output does not change with the
/// Typst version.
pub const PDF_CREATOR: &str = "playaid";

/// How bad a Typst diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The document could not be made.
    Error,
    /// The document was made, but something is off (a missing font, a deprecated call).
    Warning,
}

/// A Typst diagnostic, located in the virtual file it points into.
#[derive(Debug, Clone)]
pub struct RenderDiag {
    /// Error or warning.
    pub severity: Severity,
    /// Typst's message.
    pub message: String,
    /// Typst's hints.
    pub hints: Vec<String>,
    /// Where the error was reached from, innermost first ("while calling `tx` (/templates/...)").
    pub trace: Vec<String>,
    /// Virtual path, e.g. "/playaid/texts.typ", "/templates/cheatsheet.typ".
    pub path: Option<String>,
    /// Byte range in that file's text.
    pub range: Option<Range<usize>>,
    /// 1-based line and column (in characters) in that file.
    pub line_col: Option<(usize, usize)>,
}

/// Compiles the templates of one game folder. See `docs/TEMPLATES.md` for what a template sees.
pub struct Renderer {
    world: GameWorld,
}

/// A laid-out document and the warnings Typst gave while compiling it.
pub struct Compiled {
    /// The pages.
    pub document: PagedDocument,
    /// Typst's warnings.
    pub warnings: Vec<RenderDiag>,
}

impl Renderer {
    /// A renderer for the game folder `game_root` (canonicalised; it must exist). `date` is what
    /// `datetime.today()` returns: the rules' date, else SOURCE_DATE_EPOCH, else 2000-01-01, so
    /// output never depends on the clock. Keep one Renderer per game across compiles: files
    /// and parses are cached, and Typst's memoisation reuses work between compiles.
    pub fn new(game_root: &Path, date: Option<(i32, u8, u8)>) -> std::io::Result<Renderer> {
        Ok(Renderer { world: GameWorld::new(game_root, date)? })
    }

    /// Print with these fonts (the layout's: embedded and the game's own `fonts/`).
    pub fn set_fonts(&mut self, fonts: std::sync::Arc<crate::layout::fonts::Fonts>) {
        self.world.set_fonts(fonts);
    }

    /// Forget cached files (after they changed on disk).
    pub fn reset(&mut self) {
        self.world.reset();
    }

    /// The files on disk the compiles since the last `reset` read or looked for (for watch mode).
    pub fn dependencies(&self) -> Vec<std::path::PathBuf> {
        self.world.dependencies()
    }

    /// The World, for callers that need Typst directly (e.g. PNG export of pages).
    pub fn world(&self) -> &GameWorld {
        &self.world
    }

    /// Compile `/templates/<template>.typ` (the game's own, else the built-in one) with the
    /// given data.json bytes and texts.typ source. `Err` holds the errors first, then any
    /// warnings. Takes `&self`: documents of one game compile at once on several threads.
    pub fn compile(&self, template: &str, data_json: &[u8], texts_typ: &str) -> Result<Compiled, Vec<RenderDiag>> {
        let world = match self.world.document(template, data_json, texts_typ) {
            Ok(w) => w,
            Err(msg) => return Err(vec![RenderDiag::error(msg)]),
        };
        let main = typst::World::main(&world);
        if let Err(e) = typst::World::source(&world, main) {
            let path = main.vpath().get_with_slash().to_string();
            let builtin: Vec<&str> = BUILTIN_TEMPLATES.iter().map(|(n, _)| *n).collect();
            let mut d = RenderDiag::error(format!("cannot load template {path}: {e}"));
            d.hints
                .push(format!("a game's own templates go in its templates/ folder; built in: {}", builtin.join(", ")));
            d.path = Some(path);
            return Err(vec![d]);
        }
        let warned = typst::compile::<PagedDocument>(&world);
        let warnings: Vec<RenderDiag> = warned.warnings.iter().map(|d| diag(&world, d)).collect();
        // Drop memoised results not used in the last few compiles: bounded memory in a
        // long-running process, and still fast recompiles.
        typst::comemo::evict(10);
        match warned.output {
            Ok(document) => Ok(Compiled { document, warnings }),
            Err(errors) => {
                let mut all: Vec<RenderDiag> = errors.iter().map(|d| diag(&world, d)).collect();
                all.extend(warnings);
                Err(all)
            }
        }
    }
}

/// Line and column (1-based) of byte `at` in file `id`, for sources and text files alike.
fn line_col(world: &DocWorld, id: FileId, at: usize) -> Option<(usize, usize)> {
    typst::World::source(world, id).ok().and_then(|s| s.lines().byte_to_line_column(at)).map(|(l, c)| (l + 1, c + 1))
}

/// A Typst diagnostic with its file, range, line and column in that compile's World.
fn diag(world: &DocWorld, d: &SourceDiagnostic) -> RenderDiag {
    let id = d.span.id();
    let range = world.range(d.span);
    let place = match (id, &range) {
        (Some(id), Some(r)) => line_col(world, id, r.start),
        _ => None,
    };
    let mut hints: Vec<String> = Vec::new();
    for h in &d.hints {
        let h = h.v.to_string();
        // typst-cli's advice; in playaid the root is always the game folder.
        if h.contains("`--root`") {
            hints.push("playaid reads only files inside the game folder".to_string());
        } else {
            hints.push(h);
        }
    }
    let mut trace = Vec::new();
    for t in d.trace.iter().take(3) {
        let place = match (t.span.id(), world.range(t.span)) {
            (Some(tid), Some(r)) => match line_col(world, tid, r.start) {
                Some((l, c)) => format!(" ({}:{l}:{c})", tid.vpath().get_with_slash()),
                None => format!(" ({})", tid.vpath().get_with_slash()),
            },
            _ => String::new(),
        };
        trace.push(format!("{}{place}", t.v));
    }
    RenderDiag {
        severity: match d.severity {
            TypstSeverity::Error => Severity::Error,
            TypstSeverity::Warning => Severity::Warning,
        },
        message: d.message.to_string(),
        hints,
        trace,
        path: id.map(|id| id.vpath().get_with_slash().to_string()),
        range,
        line_col: place,
    }
}

impl RenderDiag {
    /// An error with no place in any file.
    fn error(message: String) -> RenderDiag {
        RenderDiag {
            severity: Severity::Error,
            message,
            hints: Vec::new(),
            trace: Vec::new(),
            path: None,
            range: None,
            line_col: None,
        }
    }
}

impl std::fmt::Display for RenderDiag {
    /// `path:line:col: error: message`, then one `  hint: ...` / `  note: ...` line each.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.path, self.line_col) {
            (Some(p), Some((l, c))) => write!(f, "{p}:{l}:{c}: ")?,
            (Some(p), None) => write!(f, "{p}: ")?,
            _ => {}
        }
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{sev}: {}", self.message)?;
        for h in &self.hints {
            write!(f, "\n  hint: {h}")?;
        }
        for t in &self.trace {
            write!(f, "\n  note: {t}")?;
        }
        Ok(())
    }
}

impl Compiled {
    /// The PDF: deterministic (no timestamp, pinned creator), so the same input gives the same
    /// bytes.
    pub fn pdf(&self) -> Result<Vec<u8>, Vec<RenderDiag>> {
        self.pdf_with(true)
    }

    /// The PDF, tagged (for accessibility) or not. Parts of a document compiled separately are
    /// untagged: their structure trees could not be joined.
    pub(crate) fn pdf_with(&self, tagged: bool) -> Result<Vec<u8>, Vec<RenderDiag>> {
        let options = typst_pdf::PdfOptions {
            creator: Smart::Custom(Some(PDF_CREATOR.to_string())),
            timestamp: None,
            tagged,
            ..Default::default()
        };
        typst_pdf::pdf(&self.document, &options).map_err(|errs| {
            errs.iter()
                .map(|d| {
                    let mut r = RenderDiag::error(d.message.to_string());
                    r.hints = d.hints.iter().map(|h| h.v.to_string()).collect();
                    r
                })
                .collect()
        })
    }

    /// How many pages the document has.
    pub fn page_count(&self) -> usize {
        self.document.pages().len()
    }

    /// Every `metadata(value) <label>` element with that label, in document order, as
    /// `(value as JSON, page number from 1, x, y)` with x and y in pt from the page's top left
    /// corner (page 0 and 0, 0 when Typst knows no position).
    pub fn query_metadata(&self, label: &str) -> Vec<(serde_json::Value, usize, f64, f64)> {
        let Some(label) = Label::new(PicoStr::intern(label)) else { return Vec::new() };
        let introspector = self.document.introspector();
        introspector
            .query(&Selector::Label(label))
            .iter()
            .filter_map(|content| {
                let meta = content.to_packed::<MetadataElem>()?;
                let value = serde_json::to_value(&meta.value).unwrap_or(serde_json::Value::Null);
                let pos = content.location().and_then(|loc| introspector.position(loc));
                Some(match pos {
                    Some(p) => (value, p.page.get(), p.point.x.to_pt(), p.point.y.to_pt()),
                    None => (value, 0, 0.0, 0.0),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_TEXTS: &str = "#let texts = (:)\n";

    fn game_with_template(template: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("templates")).unwrap();
        std::fs::write(dir.path().join("templates/t.typ"), template).unwrap();
        dir
    }

    fn compile_err(dir: &tempfile::TempDir, texts: &str) -> Vec<RenderDiag> {
        let r = Renderer::new(dir.path(), None).unwrap();
        r.compile("t", b"{}", texts).err().expect("must fail")
    }

    #[test]
    fn compiles_deterministically_with_data_and_texts() {
        let dir = game_with_template(
            "#import \"/playaid/texts.typ\": texts\n#let d = json(\"/playaid/data.json\")\n#set page(width: 100pt, height: 100pt)\n#set text(font: \"Roboto\")\n#d.title #texts.k0",
        );
        let r = Renderer::new(dir.path(), Some((2017, 5, 28))).unwrap();
        let texts = "#let texts = (k0: [*bold*],)\n";
        let a = r.compile("t", br#"{"title": "Hello"}"#, texts).unwrap();
        assert_eq!(a.page_count(), 1);
        assert!(a.warnings.is_empty(), "{:?}", a.warnings);
        let pa = a.pdf().unwrap();
        let b = r.compile("t", br#"{"title": "Hello"}"#, texts).unwrap().pdf().unwrap();
        assert!(pa == b, "same input, same bytes");
        assert!(pa.starts_with(b"%PDF"));
        // A fresh renderer (cold caches) gives the same bytes too.
        let c = Renderer::new(dir.path(), Some((2017, 5, 28)))
            .unwrap()
            .compile("t", br#"{"title": "Hello"}"#, texts)
            .unwrap()
            .pdf()
            .unwrap();
        assert!(pa == c, "cold and warm compiles agree");
    }

    #[test]
    fn texts_data_and_date_are_reachable() {
        let dir = game_with_template(concat!(
            "#import \"/playaid/texts.typ\": texts\n",
            "#let d = json(\"/playaid/data.json\")\n",
            "#set page(width: 200pt, height: 100pt, margin: 10pt)\n",
            "#texts.k0\n",
            "#metadata((s: texts.s, body: repr(texts.k0), n: d.n, today: datetime.today().display())) <probe>\n",
        ));
        let r = Renderer::new(dir.path(), Some((2017, 5, 28))).unwrap();
        let texts = "#let texts = (k0: [from *texts*], s: \"plain\")\n";
        let c = r.compile("t", br#"{"n": 3}"#, texts).unwrap();
        let found = c.query_metadata("probe");
        assert_eq!(found.len(), 1);
        let (v, page, x, y) = &found[0];
        assert_eq!(v["s"], "plain");
        assert!(v["body"].as_str().unwrap().contains("from"), "{v}");
        assert_eq!(v["n"], 3);
        assert_eq!(v["today"], "2017-05-28");
        assert_eq!(*page, 1);
        assert!((10.0..200.0).contains(x) && (10.0..100.0).contains(y), "{x} {y}");
        assert!(c.query_metadata("nothing").is_empty());
        assert!(c.query_metadata("").is_empty());
        // Changed texts are seen by the next compile of the same renderer.
        let c = r.compile("t", br#"{"n": 4}"#, "#let texts = (k0: [x], s: \"changed\")\n").unwrap();
        let v = &c.query_metadata("probe")[0].0;
        assert_eq!((v["s"].as_str(), v["n"].as_i64()), (Some("changed"), Some(4)));
    }

    #[test]
    fn cannot_read_outside_the_game() {
        let dir = game_with_template("#read(\"../../etc/passwd\")");
        let errs = compile_err(&dir, NO_TEXTS);
        assert_eq!(errs[0].path.as_deref(), Some("/templates/t.typ"));
        assert_eq!(errs[0].line_col, Some((1, 7)));
        assert!(errs[0].message.contains("escape"), "{}", errs[0]);
        assert!(!errs[0].hints.iter().any(|h| h.contains("--root")), "{:?}", errs[0].hints);
        // An absolute path is the game folder's, not the host's.
        std::fs::write(dir.path().join("templates/t.typ"), "#read(\"/etc/passwd\")").unwrap();
        let errs = compile_err(&dir, NO_TEXTS);
        assert!(errs[0].message.contains("not found"), "{}", errs[0]);
        // A symlink out of the game folder, to a file or to a folder.
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.txt"), dir.path().join("link.txt")).unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("linkdir")).unwrap();
        for path in ["/link.txt", "/linkdir/secret.txt"] {
            std::fs::write(dir.path().join("templates/t.typ"), format!("#read(\"{path}\")")).unwrap();
            let errs = compile_err(&dir, NO_TEXTS);
            assert!(errs[0].message.contains("outside the game folder"), "{}", errs[0]);
        }
        // A symlink that stays inside is fine.
        std::fs::write(dir.path().join("inside.txt"), "ok").unwrap();
        std::os::unix::fs::symlink(dir.path().join("inside.txt"), dir.path().join("in-link.txt")).unwrap();
        std::fs::write(dir.path().join("templates/t.typ"), "#read(\"/in-link.txt\")").unwrap();
        Renderer::new(dir.path(), None).unwrap().compile("t", b"{}", NO_TEXTS).unwrap();
    }

    #[test]
    fn errors_in_texts_are_located() {
        let dir = game_with_template("#import \"/playaid/texts.typ\": texts\n#texts.k0");
        let errs = compile_err(&dir, "#let texts = (\n  k0: [a #nosuch b],\n)\n");
        let e = &errs[0];
        assert_eq!(e.severity, Severity::Error);
        assert_eq!(e.path.as_deref(), Some("/playaid/texts.typ"));
        assert_eq!(e.line_col, Some((2, 11)), "{e:?}");
        assert_eq!(e.range, Some(25..31));
        assert!(e.message.contains("nosuch"), "{e}");
        // A syntax error too.
        let errs = compile_err(&dir, "#let texts = (\n  k0: [a #(b],\n)\n");
        assert_eq!(errs[0].path.as_deref(), Some("/playaid/texts.typ"), "{}", errs[0]);
        assert_eq!(errs[0].line_col.map(|(l, _)| l), Some(2), "{}", errs[0]);
    }

    #[test]
    fn errors_in_data_json_are_located() {
        let dir = game_with_template("#json(\"/playaid/data.json\")");
        let r = Renderer::new(dir.path(), None).unwrap();
        let errs = r.compile("t", b"{\n  \"a\": 1,\n  oops\n}", NO_TEXTS).err().unwrap();
        assert_eq!(errs[0].path.as_deref(), Some(DATA_PATH), "{}", errs[0]);
        assert_eq!(errs[0].line_col, Some((3, 3)), "{}", errs[0]);
        assert!(errs[0].trace[0].contains("/templates/t.typ:1:2"), "{}", errs[0]);
    }

    #[test]
    fn missing_font_falls_back_to_embedded_fonts() {
        let dir = game_with_template(
            "#set page(width: 100pt, height: 50pt)\n#set text(font: \"No Such Family\")\nHello\n#text(font: \"DejaVu Sans\")[→]",
        );
        let r = Renderer::new(dir.path(), None).unwrap();
        let c = r.compile("t", b"{}", NO_TEXTS).unwrap();
        assert!(c.warnings.iter().any(|w| w.message.contains("no such family")), "{:?}", c.warnings);
        let mut texts = Vec::new();
        collect_text(&c.document.pages()[0].frame, &mut texts);
        assert!(!texts.is_empty());
        let embedded = &crate::layout::fonts::fonts().fonts;
        for t in &texts {
            assert!(embedded.contains(t.font.font()), "font not embedded: {:?}", t.font.font().info().family);
            assert!(t.glyphs.iter().all(|g| g.id != 0), "no .notdef for {:?}", t.text);
        }
        // The default font (Libertinus Serif, not embedded) falls back too, without a host font.
        std::fs::write(dir.path().join("templates/t.typ"), "Hello").unwrap();
        let c = Renderer::new(dir.path(), None).unwrap().compile("t", b"{}", NO_TEXTS).unwrap();
        let mut texts = Vec::new();
        collect_text(&c.document.pages()[0].frame, &mut texts);
        assert!(!texts.is_empty());
        assert!(texts.iter().all(|t| embedded.contains(t.font.font())));
    }

    fn collect_text(frame: &typst::layout::Frame, out: &mut Vec<typst::text::TextItem>) {
        for (_, item) in frame.items() {
            match item {
                typst::layout::FrameItem::Text(t) => out.push(t.clone()),
                typst::layout::FrameItem::Group(g) => collect_text(&g.frame, out),
                _ => {}
            }
        }
    }

    #[test]
    fn packages_are_refused_clearly() {
        let dir = game_with_template("#import \"@preview/cetz:0.3.0\": *");
        let errs = compile_err(&dir, NO_TEXTS);
        assert!(errs[0].message.contains("not available"), "{}", errs[0]);
        assert_eq!(errs[0].path.as_deref(), Some("/templates/t.typ"));
    }

    #[test]
    fn game_templates_override_builtin_ones() {
        let dir = game_with_template("#import \"/templates/lib.typ\": who\n#metadata(who) <who>");
        std::fs::write(dir.path().join("templates/lib.typ"), "#let who = \"game\"").unwrap();
        let mut r = Renderer::new(dir.path(), None).unwrap();
        let c = r.compile("t", b"{}", NO_TEXTS).unwrap();
        assert_eq!(c.query_metadata("who")[0].0, "game");
        assert!(r.dependencies().contains(&r.world().root().join("templates/lib.typ")));
        // Removed on disk: cached until reset, then the built-in one is served again.
        std::fs::remove_file(dir.path().join("templates/lib.typ")).unwrap();
        assert!(r.compile("t", b"{}", NO_TEXTS).is_ok(), "cached until reset");
        r.reset();
        let errs = r.compile("t", b"{}", NO_TEXTS).err().expect("built-in lib.typ has no `who`");
        assert!(errs[0].message.contains("unresolved import"), "{}", errs[0]);
        // Served built in (parsed once for the process), its place is still watched, and a
        // file of the game's own that appears there is read after the next reset.
        assert!(r.dependencies().contains(&r.world().root().join("templates/lib.typ")));
        std::fs::write(dir.path().join("templates/lib.typ"), "#let who = \"again\"").unwrap();
        r.reset();
        assert_eq!(r.compile("t", b"{}", NO_TEXTS).unwrap().query_metadata("who")[0].0, "again");
    }

    #[test]
    fn the_library_is_one_module_a_piece_and_a_game_overrides_one() {
        // Every component through lib.typ, and the names of the first releases beside the
        // prefixed ones.
        let dir = game_with_template(
            "#import \"/templates/lib.typ\": *\n#metadata((pa-get((a: 1), \"a\", 0), get((a: 2), \"a\", 0), type(nato) == function, type(impose) == function, type(pa-board) == function)) <who>",
        );
        let r = Renderer::new(dir.path(), None).unwrap();
        let c = r.compile("t", b"{}", NO_TEXTS).unwrap();
        assert_eq!(c.query_metadata("who")[0].0, serde_json::json!([1, 2, true, true, true]));
        // The game's own templates/lib/nato.typ replaces that module alone.
        std::fs::create_dir_all(dir.path().join("templates/lib")).unwrap();
        std::fs::write(
            dir.path().join("templates/lib/nato.typ"),
            "#import \"/templates/lib/base.typ\": *\n#let nato(..args) = \"own\"",
        )
        .unwrap();
        let r = Renderer::new(dir.path(), None).unwrap();
        let dir_t = dir.path().join("templates/t.typ");
        std::fs::write(
            &dir_t,
            "#import \"/templates/lib.typ\": *\n#metadata((nato(), type(pa-board) == function)) <who>",
        )
        .unwrap();
        let c = r.compile("t", b"{}", NO_TEXTS).unwrap();
        assert_eq!(c.query_metadata("who")[0].0, serde_json::json!(["own", true]));
    }

    #[test]
    fn bad_template_names_are_errors() {
        let dir = game_with_template("");
        let r = Renderer::new(dir.path(), None).unwrap();
        for name in ["../../x", "a/b", "", ".hidden", "nosuch"] {
            let errs = r.compile(name, b"{}", NO_TEXTS).err().expect(name);
            assert_eq!(errs.len(), 1, "{name}");
            assert!(!errs[0].message.is_empty());
        }
        let errs = r.compile("nosuch", b"{}", NO_TEXTS).err().unwrap();
        assert_eq!(errs[0].path.as_deref(), Some("/templates/nosuch.typ"));
        assert!(errs[0].hints[0].contains("cheatsheet.typ"), "{}", errs[0]);
        assert_eq!(r.compile("t", b"{}", NO_TEXTS).unwrap().page_count(), 1);
    }

    #[test]
    fn builtin_templates_are_served() {
        let dir = tempfile::tempdir().unwrap();
        let game = GameWorld::new(dir.path(), None).unwrap();
        let w = game.document("cheatsheet", b"{}", "").unwrap();
        let id = world::file_id("/templates/lib.typ");
        assert!(typst::World::source(&w, id).unwrap().text().contains("pa-term"));
        assert!(BUILTIN_TEMPLATES.iter().any(|(n, _)| *n == "cheatsheet.typ"));
    }

    #[test]
    fn display_is_path_line_col() {
        let dir = game_with_template("\n  #nosuch");
        let errs = compile_err(&dir, NO_TEXTS);
        let shown = errs[0].to_string();
        assert!(shown.starts_with("/templates/t.typ:2:4: error: unknown variable: nosuch"), "{shown}");
    }
}
