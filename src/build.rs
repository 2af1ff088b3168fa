//! The whole pipeline for one game: load → check → export → render → write.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::diag::{self, Diagnostic, Files};
use crate::export::{self, ExportOptions};
use crate::model::{Game, PageSize};
use crate::render::{RenderDiag, Renderer, Severity};
use crate::{check, load, write};

#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Output root; files go to `OUT/<game-id>-<version>/`.
    pub out_dir: PathBuf,
    /// Overrides the page size of the data.
    pub page: Option<PageSize>,
    /// A counter sheet printing more counters than this is compiled in parts (whole sheets)
    /// and joined: memory stays bounded whatever the size of the game.
    pub part_size: Option<usize>,
}

/// Counters per part of a very large counter sheet: about 150 MiB of Typst's memory.
pub const PART_SIZE: usize = 1000;

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { out_dir: PathBuf::from("out"), page: None, part_size: Some(PART_SIZE) }
    }
}

/// One file written by a build.
#[derive(Debug, Clone)]
pub struct Written {
    pub path: PathBuf,
    pub pages: usize,
    pub bytes: usize,
}

/// What a build found and wrote. `written` is empty when any error was found: nothing is
/// rendered from data with errors, and no earlier output is touched.
pub struct BuildReport {
    pub diags: Vec<Diagnostic>,
    pub files: Files,
    pub written: Vec<Written>,
}

impl BuildReport {
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.is_error())
    }
}

/// Load and check a game: the first two stages, shared by `check` and `build`.
pub fn load_and_check(dir: &Path) -> Result<(Game, Vec<Diagnostic>, Option<check::Index>), String> {
    Ok(check_loaded(load::load(dir)?))
}

/// Check a loaded game (from a folder, or from a git revision for `diff`): its findings in one
/// order, and the check's index unless the TOML itself is broken.
pub fn check_loaded(loaded: load::Loaded) -> (Game, Vec<Diagnostic>, Option<check::Index>) {
    let mut diags = loaded.diags;
    let mut ix = None;
    if !diags.iter().any(|d| d.code == diag::TOML_SYNTAX) {
        let checked = check::check(&loaded.game);
        diags.extend(checked.diags);
        ix = Some(checked.ix);
    }
    // One order for everything: by file (game.toml first, then path order), then position.
    diags.sort_by_key(|d| d.loc.as_ref().map(|l| (l.file, l.span.start)).unwrap_or((usize::MAX, 0)));
    (loaded.game, diags, ix)
}

/// One document a build renders: the template (`templates/<template>.typ`), the output file
/// name, and for per-item documents (one scenario sheet per scenario) the id of that item,
/// which the template reads as `data.subject`.
#[derive(Debug, Clone, PartialEq)]
pub struct DocSpec {
    pub template: String,
    pub file: String,
    pub subject: Option<String>,
}

impl DocSpec {
    pub fn new(template: &str) -> DocSpec {
        DocSpec { template: template.into(), file: format!("{template}.pdf"), subject: None }
    }
}

/// Every document the game's data asks for, in build order. Each play-aid adds its own here.
pub fn documents(game: &Game) -> Vec<DocSpec> {
    let mut docs = vec![DocSpec::new("cheatsheet")];
    if game.meta.changelog_sheet && !game.changelog.is_empty() {
        docs.push(DocSpec::new("changelog"));
    }
    if !game.cards.is_empty() || !game.card_options.kinds.is_empty() {
        docs.push(DocSpec::new("cards"));
    }
    if !game.counters.is_empty() || game.counter_groups.iter().any(|g| !g.kinds.is_empty()) {
        docs.push(DocSpec::new("counters"));
    }
    for sc in &game.scenarios {
        // Ids are checked (lower case, digits, -, _): safe as part of a file name.
        docs.push(DocSpec {
            template: "scenario".into(),
            file: format!("scenario-{}.pdf", sc.id.v),
            subject: Some(sc.id.v.clone()),
        });
    }
    docs
}

/// The output folder of a game: `OUT/<game-id>-<rules-version>`.
pub fn output_dir(game: &Game, out: &Path) -> PathBuf {
    let version: String = game
        .meta
        .version()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '.' || c == '-' || c == '_' { c } else { '_' })
        .collect();
    out.join(format!("{}-{}", game.meta.id(), version))
}

/// Build every play-aid of the game in `dir`. `Err` is for I/O and usage problems (exit 2).
pub fn build(dir: &Path, opts: &BuildOptions) -> Result<BuildReport, String> {
    Builder::new(dir, opts.clone()).build(&mut |_| {})
}

/// A date as (year, month, day).
type Date = (i32, u8, u8);

/// What a build is doing, for progress displays.
#[derive(Debug, Clone)]
pub enum Progress<'a> {
    /// Loading and checking the data finished; `documents` will be rendered.
    Checked { documents: usize, took: Duration },
    /// Document `n` (from 1) of the build is being rendered.
    Rendering { n: usize, of: usize, file: &'a str },
    /// Document `n` rendered: its pages and how long export, compile and PDF took.
    Rendered { n: usize, of: usize, file: &'a str, pages: usize, took: Duration },
}

/// Builds one game, again and again (watch mode): the Typst World lives across builds, so files,
/// parses and Typst's memoised layout are reused and only what changed is redone.
pub struct Builder {
    dir: PathBuf,
    opts: BuildOptions,
    /// The renderer and the date it was made with (the documents' `today`).
    renderer: Option<(Renderer, Option<Date>)>,
    /// Per output file: the inputs of its last successful render, its page count and the
    /// modification times of the files the compile read (templates, pictures).
    last: std::collections::HashMap<PathBuf, Rendered>,
}

struct Rendered {
    data_json: Vec<u8>,
    texts_typ: String,
    pages: usize,
    bytes: usize,
    deps: Vec<(PathBuf, Option<std::time::SystemTime>)>,
}

fn mtimes(paths: Vec<PathBuf>) -> Vec<(PathBuf, Option<std::time::SystemTime>)> {
    paths.into_iter().map(|p| (p.clone(), std::fs::metadata(&p).and_then(|m| m.modified()).ok())).collect()
}

impl Builder {
    pub fn new(dir: &Path, opts: BuildOptions) -> Builder {
        Builder { dir: dir.to_path_buf(), opts, renderer: None, last: Default::default() }
    }

    /// The files the last build's compiles read or looked for (templates, pictures), besides the
    /// game's TOML files: what a watcher watches.
    pub fn dependencies(&self) -> Vec<PathBuf> {
        self.renderer.as_ref().map(|(r, _)| r.dependencies()).unwrap_or_default()
    }

    /// Load, check and, when there is no error, render and write every document.
    pub fn build(&mut self, progress: &mut dyn FnMut(Progress)) -> Result<BuildReport, String> {
        let started = Instant::now();
        let (game, mut diags, ix) = load_and_check(&self.dir)?;
        let mut report = BuildReport { diags: Vec::new(), files: Files::default(), written: Vec::new() };
        let Some(ix) = ix.filter(|_| !diags.iter().any(|d| d.is_error())) else {
            report.diags = diags;
            report.files = game.files;
            return Ok(report);
        };
        let docs = documents(&game);
        progress(Progress::Checked { documents: docs.len(), took: started.elapsed() });
        let date = game.meta.date.as_ref().and_then(|d| load::reader::parse_date(&d.v));
        // One renderer for the life of the Builder; a new one only if the rules' date changed
        // (it is the documents' `today`).
        match &mut self.renderer {
            Some((r, d)) if *d == date => r.reset(),
            slot => {
                let r = Renderer::new(&game.root, date)
                    .map_err(|e| format!("cannot read `{}`: {e}", game.root.display()))?;
                *slot = Some((r, date));
            }
        }
        let renderer = &mut self.renderer.as_mut().expect("set above").0;
        let out_dir = output_dir(&game, &self.opts.out_dir);
        let export_opts = ExportOptions { page: self.opts.page, part_size: self.opts.part_size };

        let mut pending = Vec::new();
        for (n, spec) in docs.iter().enumerate() {
            let t = Instant::now();
            let (n, of) = (n + 1, docs.len());
            progress(Progress::Rendering { n, of, file: &spec.file });
            let doc = spec.template.as_str();
            let exported = export::export(&game, &ix, spec, &export_opts);
            let path = out_dir.join(&spec.file);
            // Same input, same templates and pictures, file still there: nothing to redo.
            if let Some(last) = self.last.get(&path) {
                let same = last.data_json == exported.data_json
                    && last.texts_typ == exported.texts_typ
                    && mtimes(last.deps.iter().map(|(p, _)| p.clone()).collect()) == last.deps
                    && std::fs::metadata(&path).is_ok_and(|m| m.len() as usize == last.bytes);
                if same {
                    progress(Progress::Rendered { n, of, file: &spec.file, pages: last.pages, took: t.elapsed() });
                    report.written.push(Written { path, pages: last.pages, bytes: last.bytes });
                    continue;
                }
            }
            // Most documents are one compile. A very large counter sheet comes in parts: each is
            // compiled, turned into PDF (untagged) and freed before the next, then joined.
            let parts: Vec<&[u8]> =
                std::iter::once(&exported.data_json[..]).chain(exported.more_parts.iter().map(|p| &p[..])).collect();
            let whole = parts.len() == 1;
            let mut pdfs = Vec::new();
            let mut pages = 0;
            for data in parts {
                let pdf = renderer.compile(doc, data, &exported.texts_typ).and_then(|compiled| {
                    diags.extend(compiled.warnings.iter().map(|w| map_render_diag(w, &exported.map, &game, doc)));
                    diags.extend(overflows(&compiled, &exported));
                    pages += compiled.page_count();
                    compiled.pdf_with(whole)
                });
                if !whole {
                    typst::comemo::evict(0);
                }
                match pdf {
                    Ok(pdf) => pdfs.push(pdf),
                    Err(errs) => {
                        diags.extend(errs.iter().map(|e| map_render_diag(e, &exported.map, &game, doc)));
                        break;
                    }
                }
            }
            if pdfs.len() != 1 + exported.more_parts.len() {
                continue;
            }
            let pdf = if whole {
                pdfs.pop().expect("one part")
            } else {
                crate::render::merge::merge(&pdfs)
                    .map_err(|e| format!("cannot join the parts of {}: {e}", spec.file))?
            };
            progress(Progress::Rendered { n, of, file: &spec.file, pages, took: t.elapsed() });
            let last = Rendered {
                data_json: exported.data_json,
                texts_typ: exported.texts_typ,
                pages,
                bytes: pdf.len(),
                deps: mtimes(renderer.dependencies()),
            };
            pending.push((path, pdf, pages, last));
        }
        // Write only when every document rendered: a failed build leaves the last good files.
        if !diags.iter().any(|d| d.is_error()) {
            for (path, pdf, pages, last) in pending {
                // Byte-identical output is not rewritten (watch mode rebuilds often).
                if std::fs::read(&path).ok().as_deref() != Some(&pdf[..]) {
                    write::write_atomic(&path, &pdf).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
                }
                report.written.push(Written { path: path.clone(), pages, bytes: pdf.len() });
                self.last.insert(path, last);
            }
        } else {
            // Nothing was written: forget, so the next good build writes everything.
            self.last.clear();
            report.written.clear();
        }
        report.diags = diags;
        report.files = game.files;
        Ok(report)
    }
}

/// Text that did not fit its piece, as the template reported it (`<pa-overflow>` metadata:
/// the piece's index, which text, how much room it needed and had, in pt).
fn overflows(compiled: &crate::render::Compiled, exported: &export::Exported) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (v, page, _, _) in compiled.query_metadata("pa-overflow") {
        let index = v["index"].as_u64().unwrap_or(u64::MAX) as usize;
        let part = v["part"].as_str().unwrap_or("text");
        // Once per piece and part, not once per printed copy.
        if !seen.insert((index, part.to_string())) {
            continue;
        }
        let need = v["need"].as_f64().unwrap_or(0.0);
        let have = v["have"].as_f64().unwrap_or(0.0);
        let text = v["text"].as_str().unwrap_or("");
        let by_mm = (need - have) * 25.4 / 72.0;
        let Some((what, loc)) = exported.pieces.get(index) else { continue };
        let mut d = Diagnostic::error(
            diag::TEXT_OVERFLOW,
            format!("the {part} of {what} does not fit: it overflows by {by_mm:.1} mm"),
        )
        .at(loc)
        .label(format!("{part} needs {:.1} mm, has {:.1} mm", need * 25.4 / 72.0, have * 25.4 / 72.0));
        if !text.is_empty() {
            d = d.note(format!("the text: \"{text}\" (page {page})"));
        }
        let help = match v["kind"].as_str() {
            Some("card") => {
                "shorten the text, use abilities = \"short\", a bigger card size, or allow shrinking with min_font_size in [cards]"
            }
            _ => {
                "shorten the text, use a smaller size for this slot, a bigger counter, or allow shrinking with min_font_size in its [[counter_group]]"
            }
        };
        out.push(d.help(help));
    }
    out
}

/// A Typst diagnostic as a playaid finding: inside a markup field it points at the user's
/// TOML; inside a template it names the template file and line.
fn map_render_diag(d: &RenderDiag, map: &export::TextMap, game: &Game, doc: &str) -> Diagnostic {
    let mut out = match d.severity {
        Severity::Error => Diagnostic::error(diag::RENDER, d.message.clone()),
        Severity::Warning => Diagnostic::warning(diag::RENDER_WARNING, d.message.clone()),
    };
    let in_texts = d.path.as_deref() == Some("/playaid/texts.typ");
    match (&d.range, in_texts) {
        (Some(range), true) => {
            if let Some(loc) = map.locate(game, range) {
                out = out.at(&loc).label("while rendering this text");
            }
        }
        _ => {
            let place = match (&d.path, d.line_col) {
                (Some(p), Some((l, c))) => format!("{p}:{l}:{c}"),
                (Some(p), None) => p.clone(),
                _ => format!("the {doc} template"),
            };
            out = out.note(format!("in {place} (the {doc} template)"));
            for t in &d.trace {
                out = out.note(t.clone());
            }
        }
    }
    for h in &d.hints {
        out = out.note(format!("typst: {h}"));
    }
    if out.help.is_none() {
        out = out.help(if in_texts {
            "this text is Typst markup: check the function names and brackets you used here"
        } else {
            "the template failed on this data; if the game overrides templates/, check that file"
        });
    }
    out
}
