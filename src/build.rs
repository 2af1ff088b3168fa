//! The whole pipeline for one game: load → check → layout → export → render → write.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::check::Index;
use crate::diag::{self, Deny, Diagnostic};
use crate::export::{self, ExportOptions};
use crate::layout::Layout;
use crate::model::{Game, PageSize};
use crate::render::Renderer;
use crate::source::Files;
use crate::{load, write};

mod checked;
mod documents;
mod measure;
mod revision;
mod translated;

pub use checked::{
    Checked, check_dir, check_dir_denying, check_loaded, check_loaded_unmeasured, load_and_check, raise_denied,
};
use documents::{map_render_diag, render_all, render_document};
use translated::load_translated;
pub use translated::{load_and_check_in, load_through, translate};

pub use revision::check_revision;
pub mod vtt;
pub use vtt::ExportFlags;

/// How to build: where to write, and what the command line overrides.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Output root; files go to `OUT/<game-id>-<version>/`.
    pub out_dir: PathBuf,
    /// Overrides the page size of the data.
    pub page: Option<PageSize>,
    /// A counter sheet printing more counters than this is compiled in parts (whole sheets)
    /// and joined: memory stays bounded whatever the size of the game.
    pub part_size: Option<usize>,
    /// Also write `calibrate.pdf`, the duplex calibration page.
    pub calibrate: bool,
    /// Virtual-tabletop files asked for on the command line (on top of `[exports]`).
    pub exports: ExportFlags,
    /// `--since OLD`: mark what changed since that version (a folder, or a git revision of
    /// the game's folder) and write `errata.pdf` with the changed cards.
    pub since: Option<String>,
    /// `--deny`: warnings this run treats as errors (on top of the game's own `deny`).
    pub deny: Deny,
    /// `--lang`: build in this language of `translations/` into `OUT/<id>-<version>-<lang>/`.
    pub lang: Option<String>,
}

/// Counters per part of a large counter sheet. Each part compiles on a core of its own and
/// alone takes about 40 MiB of Typst's memory; sheets of more counters use every core.
pub(crate) const PART_SIZE: usize = 250;

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            out_dir: PathBuf::from("out"),
            page: None,
            part_size: Some(PART_SIZE),
            calibrate: false,
            exports: ExportFlags::default(),
            since: None,
            deny: Deny::default(),
            lang: None,
        }
    }
}

/// Whether `rev` names a commit in the git repository `dir` is in.
fn revision_exists(dir: &Path, rev: &str) -> bool {
    std::process::Command::new("git")
        .args(["rev-parse", "--verify", "--quiet", &format!("{rev}^{{commit}}")])
        .current_dir(dir)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// One file written by a build.
#[derive(Debug, Clone)]
pub struct Written {
    /// Where it was written.
    pub path: PathBuf,
    /// Its pages.
    pub pages: usize,
    /// Its size in bytes.
    pub bytes: usize,
    /// It was already there, the same bytes (a document whose data did not change, an export
    /// drawn the same): not written again.
    pub reused: bool,
}

/// What a build found and wrote. `written` is empty when any error was found: nothing is
/// rendered from data with errors, and no earlier output is touched.
pub struct BuildReport {
    /// Every finding: the checker's, the layout's and the renderer's.
    pub diags: Vec<Diagnostic>,
    /// The game's source files, which the findings point into.
    pub files: Files,
    /// The files written, in build order.
    pub written: Vec<Written>,
    /// Built in a language (`--lang`): its code and how far its translation has come (what
    /// is not translated printed in the source language).
    pub translations: Vec<(String, load::translate::Counts)>,
}

impl BuildReport {
    /// Whether any finding is an error (then nothing was written).
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.is_error())
    }
}

/// What a measuring document's result depends on: its data and texts, and the game's own
/// templates, icons and fonts. The same hash: the last measurement in this process still holds
/// (watch mode after an edit elsewhere).
fn measured_inputs(game: &Game, exported: &export::Exported) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    exported.data_json.hash(&mut h);
    exported.texts_typ.hash(&mut h);
    for t in &game.templates {
        (&t.name, &game.files.get(t.file).text).hash(&mut h);
    }
    for i in &game.icons {
        (&i.name, &game.files.get(i.file).text).hash(&mut h);
    }
    for f in &game.fonts {
        f.bytes.hash(&mut h);
    }
    h.finish()
}

/// The rules' date: what the documents' `datetime.today()` is.
fn rules_date(game: &Game) -> Option<Date> {
    game.meta.date.as_ref().and_then(|d| load::reader::parse_date(&d.v))
}

/// A renderer for the game's folder.
fn new_renderer(game: &Game, date: Option<Date>) -> Result<Renderer, String> {
    Renderer::new(&game.root, date).map_err(|e| format!("cannot read `{}`: {e}", game.root.display()))
}

/// The output folder of a game: `OUT/<game-id>-<rules-version>`, or `OUT/<game-id>` for rules
/// without a version.
pub(crate) fn output_dir(game: &Game, out: &Path) -> PathBuf {
    let Some(version) = &game.meta.version else { return out.join(game.meta.id()) };
    let version: String = version
        .v
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
    Checked {
        /// Documents to render.
        documents: usize,
        /// Time taken so far.
        took: Duration,
    },
    /// Document `n` (from 1) of the build is being rendered.
    Rendering {
        /// Its number, from 1.
        n: usize,
        /// How many documents there are.
        of: usize,
        /// Its output file name.
        file: &'a str,
    },
    /// A very large document is compiled in parts (whole sheets): part `part` of `of` begins.
    Part {
        /// The document's output file name.
        file: &'a str,
        /// The part's number, from 1.
        part: usize,
        /// How many parts there are.
        of: usize,
    },
    /// Document `n` rendered: its pages and how long export, compile and PDF took.
    Rendered {
        /// Its number, from 1.
        n: usize,
        /// How many documents there are.
        of: usize,
        /// Its output file name.
        file: &'a str,
        /// Its pages.
        pages: usize,
        /// Time taken for it.
        took: Duration,
    },
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
    /// The game's own font files the last build printed with.
    fonts_seen: Option<Vec<std::sync::Arc<Vec<u8>>>>,
    /// The layouts the print profiles' check made, for their files.
    profiles: vtt::ProfileLayouts,
}

struct Rendered {
    data_json: Vec<u8>,
    texts_typ: String,
    pages: usize,
    bytes: usize,
    deps: Vec<(PathBuf, Option<std::time::SystemTime>)>,
    /// A chart's pages as Typst laid them out: the VASSAL module shows the very pages the PDF
    /// prints, without compiling them again.
    laid_out: Option<Arc<typst_layout::PagedDocument>>,
}

fn mtimes(paths: Vec<PathBuf>) -> Vec<(PathBuf, Option<std::time::SystemTime>)> {
    paths.into_iter().map(|p| (p.clone(), std::fs::metadata(&p).and_then(|m| m.modified()).ok())).collect()
}

impl Builder {
    /// A builder for the game in `dir`.
    pub fn new(dir: &Path, opts: BuildOptions) -> Builder {
        Builder {
            dir: dir.to_path_buf(),
            opts,
            renderer: None,
            last: Default::default(),
            fonts_seen: None,
            profiles: Default::default(),
        }
    }

    /// The files the last build's compiles read or looked for (templates, pictures), besides the
    /// game's TOML files: what a watcher watches.
    pub fn dependencies(&self) -> Vec<PathBuf> {
        self.renderer.as_ref().map(|(r, _)| r.dependencies()).unwrap_or_default()
    }

    /// `--since OLD`: the version to mark changes against, loaded and checked as `diff` does:
    /// a folder, or else a git revision of the game's folder. It must check clean (but for
    /// the missing changelog entry of a version bump, E028).
    fn since(&self, game: &Game) -> Result<Option<Arc<export::Since>>, String> {
        let Some(old) = &self.opts.since else { return Ok(None) };
        if old.trim().is_empty() {
            return Err("`--since` needs the version to compare with: a folder, or a git revision such as v1.4".into());
        }
        let folder = Path::new(old);
        let checked = if let (true, Some(lang)) = (folder.is_dir(), &self.opts.lang) {
            // A translated build compares with that version read through this version's
            // translation, applied to its texts by their places: a text the rules did not
            // change reads the same in both, so what differs is what changed in the rules (a
            // changed text, translated for its new wording only, reads in the source language
            // in the old one). Through the old version's own translation, every text it had
            // left untranslated, or worded otherwise, would be a change too.
            let (loaded, _) = load_translated(folder, &self.dir, lang)?;
            check_loaded_unmeasured(loaded, self.opts.page)
        } else if folder.is_dir() {
            check_loaded_unmeasured(load::load(folder)?, self.opts.page)
        } else if self.opts.lang.is_some() {
            return Err(format!(
                "`--since {old}` with `--lang`: compare a translated build with a folder of that version (a git \
                 revision is compared in the data's own language only)"
            ));
        } else {
            check_revision(&self.dir, old).map_err(|e| {
                // A revision that exists failed for its own reason (no game.toml there): say that.
                if revision_exists(&self.dir, old) {
                    format!("`--since {old}`: {e}")
                } else if old.contains(['/', '\\']) && !old.contains(':') {
                    // A path ("../v1.4", "old/game") that is no folder is most likely a typo of one.
                    // A relative one is read from where the command runs, as a shell would:
                    // say where that is, and where it was found beside the game, if it was.
                    let tried = load::absolute(folder);
                    let mut msg = format!(
                        "`--since {old}`: there is no such folder: `{}` (nor a git revision of that name)",
                        tried.display()
                    );
                    let beside = self.dir.join(folder);
                    if folder.is_relative() && beside.is_dir() {
                        msg += &format!(
                            "\nhelp: a relative path is read from the current folder, not the game's; the game's \
                             neighbour is `--since {}`",
                            load::absolute(&beside).display()
                        );
                    }
                    msg
                } else {
                    format!("`--since {old}` is neither a folder nor a git revision of `{}`: {e}", self.dir.display())
                }
            })?
        };
        let errors = checked.diags.iter().filter(|d| d.is_error() && d.code != diag::CHANGELOG_MISSING_VERSION).count();
        let Some((old_ix, old_layout)) = checked.stages.as_ref().filter(|_| errors == 0) else {
            return Err(format!(
                "`--since {old}` has {errors} error{}: run `playaid check` on that version, or compare with another",
                if errors == 1 { "" } else { "s" }
            ));
        };
        let old_game = &checked.game;
        Ok(Some(Arc::new(export::Since {
            version: old_game.meta.version().to_string(),
            prints: export::prints(old_game, old_ix, old_layout),
            changes: crate::diff::diff(old_game, game),
        })))
    }

    /// Load, check and, when there is no error, render and write every document.
    pub fn build(&mut self, progress: &mut dyn FnMut(Progress)) -> Result<BuildReport, String> {
        let started = Instant::now();
        let Checked { game, mut diags, stages, translations } =
            load_and_check_in(&self.dir, self.opts.page, self.opts.lang.as_deref())?;
        raise_denied(&game, &mut diags, &self.opts.deny);
        // As `check` does: the print profiles' own layouts, before anything is written.
        self.profiles = Default::default();
        if !diags.iter().any(|d| d.is_error()) {
            let profiles = vtt::Wanted::new(&game, &self.opts.exports).print_shop;
            let (found, layouts) = vtt::profile_findings(&game, profiles, self.opts.page)?;
            diags = diag::fold_follow_ons(diags.into_iter().chain(found).collect());
            raise_denied(&game, &mut diags, &self.opts.deny);
            self.profiles = layouts;
        }
        let mut report = BuildReport { diags: Vec::new(), files: Files::default(), written: Vec::new(), translations };
        let Some((ix, laid_out)) = stages.filter(|_| !diags.iter().any(|d| d.is_error())) else {
            report.diags = diags;
            report.files = game.files;
            return Ok(report);
        };
        let mut docs = export::documents(&game);
        if self.opts.calibrate {
            docs.push(export::Document::calibration());
        }
        let since = self.since(&game)?;
        // The errata sheet: when a piece prints otherwise, or anything of play changed (a CRT
        // cell, a set-up, a track) that players must be told.
        if let Some(since) = &since
            && (since.changed_pieces(&export::prints(&game, &ix, &laid_out)) > 0 || !since.errata().changes.is_empty())
        {
            docs.push(export::Document::errata());
        }
        progress(Progress::Checked { documents: docs.len(), took: started.elapsed() });
        self.prepare_renderer(&game, &laid_out)?;
        let out_dir = match &self.opts.lang {
            // A translated build beside the source language's: `OUT/<id>-<version>-de`.
            Some(lang) => {
                let base = output_dir(&game, &self.opts.out_dir);
                let name = base.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                base.with_file_name(format!("{name}-{lang}"))
            }
            None => output_dir(&game, &self.opts.out_dir),
        };
        let export_opts =
            ExportOptions { page: self.opts.page, part_size: self.opts.part_size, since, ..Default::default() };
        // Export every document (cheap), then compile those whose inputs changed, on every core.
        let mut pending = Vec::new();
        let mut todo = Vec::new();
        for (n, spec) in docs.iter().enumerate() {
            let exported = export::export(&game, &ix, &laid_out, &spec.kind, &export_opts);
            let path = out_dir.join(&spec.file);
            if let Some(last) = self.unchanged(&path, &exported) {
                let (n, of, file) = (n + 1, docs.len(), spec.file.as_str());
                progress(Progress::Rendering { n, of, file });
                progress(Progress::Rendered { n, of, file, pages: last.pages, took: Duration::ZERO });
                report.written.push(Written { path, pages: last.pages, bytes: last.bytes, reused: true });
                continue;
            }
            todo.push((n, spec, exported, path));
        }
        let renderer = &self.renderer.as_ref().expect("prepared").0;
        let rendered = render_all(renderer, &game, &todo, docs.len(), progress);
        for ((_, _, exported, path), (result, found, laid_out)) in todo.into_iter().zip(rendered) {
            diags.extend(found);
            let Some((pdf, pages)) = result? else { continue };
            let last = Rendered {
                data_json: exported.data_json,
                texts_typ: exported.texts_typ,
                pages,
                bytes: pdf.len(),
                deps: mtimes(renderer.dependencies()),
                laid_out,
            };
            pending.push((path, pdf, last));
        }
        raise_denied(&game, &mut diags, &self.opts.deny);
        // Write only when every document rendered: a failed build leaves the last good files.
        if diags.iter().any(|d| d.is_error()) {
            // Nothing was written: forget, so the next good build writes everything.
            self.last.clear();
            report.written.clear();
        } else {
            for (path, pdf, last) in pending {
                report.written.push(self.write(path, &pdf, last)?);
            }
            self.write_exports(&game, &ix, &laid_out, &out_dir, &mut diags, &mut report)?;
        }
        let ok = !diags.iter().any(|d| d.is_error());
        report.diags = diags;
        report.files = game.files;
        if ok && self.opts.lang.is_none() {
            self.build_languages(&game.meta.languages, &mut report, progress)?;
        }
        Ok(report)
    }

    /// `[game] languages`: each translation too, into its own folder, once the data's own
    /// language built. A `--since` folder is compared in each language; a git revision marks
    /// the data's own language only.
    fn build_languages(
        &self,
        languages: &[crate::model::Sp<String>],
        report: &mut BuildReport,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<(), String> {
        for lang in languages {
            let since = self.opts.since.clone().filter(|s| Path::new(s).is_dir());
            let opts = BuildOptions { lang: Some(lang.v.clone()), since, ..self.opts.clone() };
            let translated = Builder::new(&self.dir, opts).build(progress)?;
            if translated.has_errors() {
                report.diags.extend(translated.diags.into_iter().filter(|d| d.is_error()));
                report.files = translated.files;
                break;
            }
            report.written.extend(translated.written);
            report.translations.extend(translated.translations);
        }
        Ok(())
    }

    /// One renderer for the life of the Builder; a new one only if the rules' date changed (it
    /// is the documents' `today`). It prints with the layout's fonts; when the game's own fonts
    /// changed, every document is rendered again.
    fn prepare_renderer(&mut self, game: &Game, laid_out: &Layout) -> Result<(), String> {
        let date = rules_date(game);
        match &mut self.renderer {
            Some((r, d)) if *d == date => r.reset(),
            slot => *slot = Some((new_renderer(game, date)?, date)),
        }
        let fonts_now: Vec<_> = game.fonts.iter().map(|f| f.bytes.clone()).collect();
        if self.fonts_seen.as_ref() != Some(&fonts_now) {
            self.last.clear();
            self.fonts_seen = Some(fonts_now);
        }
        if let Some((r, _)) = &mut self.renderer {
            r.set_fonts(laid_out.fonts.clone());
        }
        Ok(())
    }

    /// The last render of `path`, when its inputs, templates and pictures are the same and the
    /// file is still there: nothing to redo.
    fn unchanged(&self, path: &Path, exported: &export::Exported) -> Option<&Rendered> {
        let last = self.last.get(path)?;
        let same = last.data_json == exported.data_json
            && last.texts_typ == exported.texts_typ
            && mtimes(last.deps.iter().map(|(p, _)| p.clone()).collect()) == last.deps
            && std::fs::metadata(path).is_ok_and(|m| m.len() as usize == last.bytes);
        same.then_some(last)
    }

    /// Write the virtual-tabletop files the command line or `[exports]` ask for (after the
    /// PDFs: only from data that built cleanly), each atomically; W014 when there is nothing
    /// to put on a table.
    fn write_exports(
        &mut self,
        game: &Game,
        ix: &Index,
        laid_out: &Layout,
        out_dir: &Path,
        diags: &mut Vec<Diagnostic>,
        report: &mut BuildReport,
    ) -> Result<(), String> {
        let wanted = vtt::Wanted::new(game, &self.opts.exports);
        if !wanted.any() {
            return Ok(());
        }
        if (wanted.png || wanted.tts || wanted.print_shop.any()) && !vtt::has_pieces(laid_out) {
            let mut d = Diagnostic::warning(
                diag::EXPORT_NOTHING,
                "PNG per piece, Tabletop Simulator and print-shop exports need counters or cards; this game has none",
            )
            .help("add [[counter]] or [[card]] entries, or stop asking for png, tts and print_shop");
            if let Some(loc) = &game.exports.loc {
                d = d.at(loc);
            }
            diags.push(d);
        }
        std::fs::create_dir_all(out_dir).map_err(|e| format!("cannot create `{}`: {e}", out_dir.display()))?;
        let charts: Vec<vtt::LaidOutChart> = (self.last.values())
            .filter_map(|r| Some((&r.data_json[..], &r.texts_typ[..], r.laid_out.clone()?)))
            .collect();
        let renderer = &mut self.renderer.as_mut().expect("prepared").0;
        let built = vtt::Built { profiles: &self.profiles, charts: &charts };
        for (rel, bytes) in vtt::exports(renderer, game, ix, laid_out, &wanted, out_dir, &built)? {
            let path = out_dir.join(&rel);
            let reused = std::fs::read(&path).ok().as_deref() == Some(&bytes[..]);
            if !reused {
                write::write_atomic(&path, &bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
            }
            report.written.push(Written { path, pages: 0, bytes: bytes.len(), reused });
        }
        Ok(())
    }

    /// Write one PDF atomically (byte-identical output is not rewritten: watch mode rebuilds
    /// often) and remember how it was made.
    fn write(&mut self, path: PathBuf, pdf: &[u8], last: Rendered) -> Result<Written, String> {
        let reused = std::fs::read(&path).ok().as_deref() == Some(pdf);
        if !reused {
            write::write_atomic(&path, pdf).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
        }
        let written = Written { path: path.clone(), pages: last.pages, bytes: pdf.len(), reused };
        self.last.insert(path, last);
        Ok(written)
    }
}
