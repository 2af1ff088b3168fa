//! The whole pipeline for one game: load → check → layout → export → render → write.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::check::Index;
use crate::diag::{self, Deny, Diagnostic};
use crate::export::{self, ExportOptions};
use crate::layout::Layout;
use crate::length::Pt;
use crate::model::{Game, PageSize};
use crate::render::{RenderDiag, Renderer, Severity};
use crate::source::Files;
use crate::{check, layout, load, write};

mod measure;
mod revision;

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

/// A game through the first stages: what `check` reports and what `build` renders from.
pub struct Checked {
    /// The game as loaded.
    pub game: Game,
    /// Every finding of loading, checking and laying out, in file order.
    pub diags: Vec<Diagnostic>,
    /// The index and the layout, unless the TOML itself could not be read.
    pub stages: Option<(Index, Layout)>,
    /// How far each language of `translations/` has come (`check`), or the one built in
    /// (`build --lang`): its code and its counts.
    pub translations: Vec<(String, load::translate::Counts)>,
}

impl Checked {
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.is_error())
    }
}

/// Load, check and lay out a game: the stages `check` and `build` share. `page` is the command
/// line's page size (it changes how many pieces a sheet holds).
pub fn load_and_check(dir: &Path, page: Option<PageSize>) -> Result<Checked, String> {
    crate::limits::step(format!("loading and checking {}", dir.display()));
    Ok(check_loaded(load::load(dir)?, page))
}

/// Check and lay out a loaded game (from a folder, or from a git revision for `diff`).
pub fn check_loaded(loaded: load::Loaded, page: Option<PageSize>) -> Checked {
    check_stages(loaded, page, true)
}

/// [`check_loaded`] for a layout that prints no aid card or map sheet: another version of the
/// game (`diff`, `--since`) or another paper (the print profiles). Neither is measured, which
/// saves their compiles and keeps watch's measured ones for the game being built.
pub fn check_loaded_unmeasured(loaded: load::Loaded, page: Option<PageSize>) -> Checked {
    check_stages(loaded, page, false)
}

fn check_stages(loaded: load::Loaded, page: Option<PageSize>, all: bool) -> Checked {
    let mut diags = loaded.diags;
    let mut stages = None;
    if !diags.iter().any(|d| d.code == diag::TOML_SYNTAX) {
        let checked = check::check(&loaded.game);
        diags.extend(checked.diags);
        let (mut laid_out, found) = layout::layout(&loaded.game, &checked.ix, page);
        diags.extend(found);
        // Card text, the aid card's size and the map sheet's plan are measured with Typst:
        // only data that checks clean compiles.
        if !diags.iter().any(Diagnostic::is_error) {
            diags.extend(measure::decide(&loaded.game, &checked.ix, &mut laid_out, page, all));
        }
        stages = Some((checked.ix, laid_out));
    }
    // One order for everything: by file (game.toml first, then path order), then position.
    // Findings that only follow from another go inside it (root causes first).
    let mut diags = diag::fold_follow_ons(diags);
    raise_denied(&loaded.game, &mut diags, &Deny::default());
    Checked { game: loaded.game, diags, stages, translations: Vec::new() }
}

/// [`load_and_check`] in language `lang`: every text its `translations/LANG.po` translates (for
/// the text the data says now, not fuzzy) in place of its source, every finding about a
/// translated text at its line of the PO file, and the file's own findings (W030, E081).
/// Without a language, the game as written.
pub fn load_and_check_in(dir: &Path, page: Option<PageSize>, lang: Option<&str>) -> Result<Checked, String> {
    use load::translate;
    let Some(lang) = lang else { return load_and_check(dir, page) };
    if !translate::valid_code(lang) {
        return Err(format!("`{lang}` is not a language code: letters, digits, `-` and `_`, as in `de` or `pt-BR`"));
    }
    crate::limits::step(format!("loading and checking {} in {}", dir.display(), translate::language_name(lang)));
    let (loaded, (texts, files, cat, replaced, moved)) = load_translated(dir, dir, lang)?;
    let mut checked = check_loaded(loaded, page);
    let po_file = checked.game.files.add(load::display_name(&cat.path), cat.path.clone(), cat.text.clone());
    let originals: Vec<(PathBuf, String)> =
        files.iter().filter(|(p, _)| replaced.iter().any(|(r, _)| r == p)).cloned().collect();
    translate::relocate(&mut checked.diags, &mut checked.game.files, &moved, &originals, po_file);
    let mut own = translate::findings(&texts, &cat, po_file, &translate::language_name(lang));
    // playaid's words the translation gives print too: each in a font.
    let words: Vec<(String, crate::source::Loc)> = cat
        .entries
        .iter()
        .filter(|e| !e.obsolete && !e.text.is_empty())
        .filter(|e| e.context.as_deref().is_some_and(|k| k.starts_with(translate::WORD_PREFIX)))
        .map(|e| (e.text.clone(), crate::source::Loc { file: po_file, span: e.text_span.clone() }))
        .collect();
    own.extend(crate::layout::glyphs::check_texts(&checked.game, &words));
    checked.diags = diag::fold_follow_ons(std::mem::take(&mut checked.diags).into_iter().chain(own).collect());
    raise_denied(&checked.game, &mut checked.diags, &Deny::default());
    checked.translations = vec![(lang.to_string(), translate::counts(&texts, &cat))];
    Ok(checked)
}

/// `playaid translate DIR --lang LANG`: `translations/LANG.po` written, or brought up to date
/// with the game's texts (see [`load::translate::update`]), atomically. Its path, the counts
/// before (none for a new file) and after.
pub fn translate(
    dir: &Path,
    lang: &str,
) -> Result<(PathBuf, Option<load::translate::Counts>, load::translate::Counts), String> {
    use load::translate;
    if !translate::valid_code(lang) {
        return Err(format!("`{lang}` is not a language code: letters, digits, `-` and `_`, as in `de` or `pt-BR`"));
    }
    let loaded = load::load(dir)?;
    if let Some(d) = loaded.diags.iter().find(|d| d.code == diag::TOML_SYNTAX) {
        return Err(format!("the data does not read ({}): run `playaid check {}` first", d.message, dir.display()));
    }
    let files = translate::data_files(dir)?;
    let texts = translate::source_texts(dir, &files);
    let old = translate::read(dir, lang);
    if let Some(e) = old.as_ref().and_then(|c| c.broken.as_ref()) {
        return Err(format!(
            "{} is not a PO file ({}): mend it, or move it away to start again",
            old.as_ref().map_or(String::new(), |c| c.path.display().to_string()),
            e.message
        ));
    }
    let before = old.as_ref().map(|c| translate::counts(&texts, c));
    let title = loaded.game.meta.title.as_ref().map_or(loaded.game.meta.id().to_string(), |t| t.v.clone());
    let entries = translate::update(&texts, old.as_ref().map_or(&[][..], |c| &c.entries), lang, &title);
    let text = load::po::write(&entries);
    let path = dir.join(translate::DIR).join(format!("{lang}.po"));
    std::fs::create_dir_all(dir.join(translate::DIR))
        .map_err(|e| format!("cannot create `{}`: {e}", dir.join(translate::DIR).display()))?;
    crate::write::write_atomic(&path, text.as_bytes())
        .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
    let now = translate::Catalogue { lang: lang.to_string(), path: path.clone(), text, entries, broken: None };
    Ok((path, before, translate::counts(&texts, &now)))
}

/// What a translated load read: the texts, the data files as written, the language's file,
/// the files as read (translated) and where each translated string lies.
type Translated = (
    Vec<load::translate::SourceText>,
    Vec<(PathBuf, String)>,
    load::translate::Catalogue,
    Vec<(PathBuf, String)>,
    Vec<load::translate::Moved>,
);

/// The game in `dir` read through the translation to `lang` of `po_dir`'s `translations/`:
/// what `diff --lang` compares, both versions through the newer one's translation, so that
/// only what changed in the rules differs.
pub fn load_through(dir: &Path, po_dir: &Path, lang: &str) -> Result<load::Loaded, String> {
    if !load::translate::valid_code(lang) {
        return Err(format!("`{lang}` is not a language code: letters, digits, `-` and `_`, as in `de` or `pt-BR`"));
    }
    load_translated(dir, po_dir, lang).map(|(loaded, _)| loaded)
}

/// The game in `dir` loaded with the translation to `lang` of `po_dir`'s `translations/` in
/// place of its texts (see [`load_and_check_in`]).
fn load_translated(dir: &Path, po_dir: &Path, lang: &str) -> Result<(load::Loaded, Translated), String> {
    use load::translate;
    let files = translate::data_files(dir)?;
    let texts = translate::source_texts(dir, &files);
    let Some(cat) = translate::read(po_dir, lang) else {
        return Err(format!(
            "`{}` has no translation to {}: `playaid translate {} --lang {lang}` starts one in {}/{lang}.po",
            po_dir.display(),
            translate::language_name(lang),
            po_dir.display(),
            translate::DIR
        ));
    };
    let (replaced, moved) = translate::apply(&texts, &files, &cat);
    let mut loaded = load::load_replacing(dir, &replaced)?;
    translate::keep_term_names(&mut loaded.game, &moved);
    // Typst knows a language by its two or three letters: `pt-BR` hyphenates as `pt`; a file
    // named otherwise (`klingon.po`) sets no language and has no built-in words.
    loaded.game.meta.language = translate::typst_language(lang);
    loaded.game.meta.words.lang = Some(loaded.game.meta.language.clone().unwrap_or_else(|| lang.to_string()));
    translate::apply_words(&texts, &cat, &mut loaded.game.meta.words);
    Ok((loaded, (texts, files, cat, replaced, moved)))
}

/// `check` of every language in `translations/`: each read in place of the source, and the
/// findings at its PO file's lines (a translation too long for its card, one made for another
/// text, one that drops a reference) added to `checked`'s; with each language's counts.
fn check_translations(dir: &Path, checked: &mut Checked) -> Result<(), String> {
    for lang in load::translate::languages(dir) {
        // A file no language code names (`-x.po`, `deutsch (alt).po`): said, not skipped, so
        // that a translator knows why it is not read.
        if !load::translate::valid_code(&lang) {
            let path = dir.join(load::translate::DIR).join(format!("{lang}.po"));
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let file = checked.game.files.add(load::display_name(&path), path.clone(), text);
            checked.diags.push(
                Diagnostic::warning(diag::TRANSLATION_UNNAMED, format!("`{lang}.po` is named by no language code"))
                    .at(&crate::source::Loc { file, span: 0..0 })
                    .label("not read")
                    .help("name a translations file by its language's code, as `de.po` or `pt-BR.po` (letters, digits, `-` and `_`, a letter first)"),
            );
            continue;
        }
        let run = load_and_check_in(dir, None, Some(&lang))?;
        let Some(po) = run.game.files.files.iter().position(|f| f.path.extension().is_some_and(|e| e == "po")) else {
            continue;
        };
        let file = &run.game.files.files[po];
        let here = checked.game.files.add(file.name.clone(), file.path.clone(), file.text.clone());
        // What the translated data adds: every finding at the PO file, and any other the data
        // as written does not have (a translated term's name that another term has, E005), so
        // that a clean check means a clean `build --lang`. The data files are read in the same
        // order in both runs: their numbers agree.
        let said = |d: &Diagnostic| {
            (d.code.code, d.loc.as_ref().map(|l| (l.file, l.span.start, l.span.end)), d.message.clone())
        };
        let source: std::collections::HashSet<_> = diag::all_findings(&checked.diags).map(said).collect();
        let mut found: Vec<Diagnostic> = run
            .diags
            .into_iter()
            .filter(|d| d.loc.as_ref().is_some_and(|l| l.file == po) || !source.contains(&said(d)))
            .map(|mut d| {
                reindex(&mut d, po, here);
                d
            })
            .collect();
        checked.diags.append(&mut found);
        checked.translations.extend(run.translations);
    }
    checked.diags = diag::fold_follow_ons(std::mem::take(&mut checked.diags));
    Ok(())
}

/// A finding (and those folded into it) of one run's file `from`, for a list whose file is `to`.
fn reindex(d: &mut Diagnostic, from: usize, to: usize) {
    for loc in d.loc.iter_mut().chain(d.because.iter_mut()) {
        if loc.file == from {
            loc.file = to;
        }
    }
    for f in &mut d.follow_ons {
        reindex(f, from, to);
    }
}

/// Raise the warnings that the game's `deny` and the command line's `--deny` name to errors.
pub fn raise_denied(game: &Game, diags: &mut [Diagnostic], cli: &Deny) {
    diag::raise(diags, &game.meta.deny, "`deny` in [game]");
    diag::raise(diags, cli, "`--deny` on the command line");
}

/// What `playaid check` runs: load and check, and, when the game brings its own templates,
/// compile every document with them against the data (nothing is written), so that an error
/// in a template is found by `check` at the template's line, as the build would find it.
pub fn check_dir(dir: &Path) -> Result<Checked, String> {
    check_dir_denying(dir, &Deny::default())
}

/// [`check_dir`] with the warnings `deny` names raised to errors (`playaid check --deny`).
pub fn check_dir_denying(dir: &Path, deny: &Deny) -> Result<Checked, String> {
    let mut checked = load_and_check(dir, None)?;
    if !checked.has_errors() {
        check_translations(dir, &mut checked)?;
    }
    raise_denied(&checked.game, &mut checked.diags, deny);
    // The print profiles of `[exports] print_shop` lay the pieces out again (other paper,
    // the card shop's size): what would stop them at build is found here.
    if !checked.has_errors() {
        let (found, _) = vtt::profile_findings(&checked.game, checked.game.exports.print_shop, None)?;
        checked.diags = diag::fold_follow_ons(checked.diags.into_iter().chain(found).collect());
        raise_denied(&checked.game, &mut checked.diags, deny);
    }
    let ok = !checked.diags.iter().any(|d| d.is_error());
    if let (true, false, Some((ix, laid_out))) = (ok, checked.game.templates.is_empty(), &checked.stages) {
        let game = &checked.game;
        let mut renderer = new_renderer(game, rules_date(game))?;
        renderer.set_fonts(laid_out.fonts.clone());
        let opts = ExportOptions { part_size: Some(PART_SIZE), ..Default::default() };
        let mut found = Vec::new();
        for spec in export::documents(game) {
            let exported = export::export(game, ix, laid_out, &spec.kind, &opts);
            render_document(&renderer, game, &spec, &exported, &mut found)?;
        }
        checked.diags = diag::fold_follow_ons(checked.diags.into_iter().chain(found).collect());
        raise_denied(&checked.game, &mut checked.diags, deny);
    }
    Ok(checked)
}

/// The rules' date: what the documents' `datetime.today()` is.
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
                report.written.push(Written { path, pages: last.pages, bytes: last.bytes });
                continue;
            }
            todo.push((n, spec, exported, path));
        }
        let renderer = &self.renderer.as_ref().expect("prepared").0;
        let rendered = render_all(renderer, &game, &todo, docs.len(), progress);
        for ((_, _, exported, path), (result, found)) in todo.into_iter().zip(rendered) {
            diags.extend(found);
            let Some((pdf, pages)) = result? else { continue };
            let last = Rendered {
                data_json: exported.data_json,
                texts_typ: exported.texts_typ,
                pages,
                bytes: pdf.len(),
                deps: mtimes(renderer.dependencies()),
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
        let renderer = &mut self.renderer.as_mut().expect("prepared").0;
        for (rel, bytes) in vtt::exports(renderer, game, ix, laid_out, &wanted, out_dir, &self.profiles)? {
            let path = out_dir.join(&rel);
            if std::fs::read(&path).ok().as_deref() != Some(&bytes[..]) {
                write::write_atomic(&path, &bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
            }
            report.written.push(Written { path, pages: 0, bytes: bytes.len() });
        }
        Ok(())
    }

    /// Write one PDF atomically (byte-identical output is not rewritten: watch mode rebuilds
    /// often) and remember how it was made.
    fn write(&mut self, path: PathBuf, pdf: &[u8], last: Rendered) -> Result<Written, String> {
        if std::fs::read(&path).ok().as_deref() != Some(pdf) {
            write::write_atomic(&path, pdf).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
        }
        let written = Written { path: path.clone(), pages: last.pages, bytes: pdf.len() };
        self.last.insert(path, last);
        Ok(written)
    }
}

/// What one document's compile gives: its PDF and page count (`None` when Typst reported
/// errors), and its findings.
type RenderResult = (Result<Option<(Vec<u8>, usize)>, String>, Vec<Diagnostic>);

/// One part of a document compiled: its PDF and pages, or `None` after Typst's errors; and
/// its findings.
type PartResult = (Option<(Vec<u8>, usize)>, Vec<Diagnostic>);

/// A progress event from a worker thread, told on the calling thread.
enum Event {
    /// Part `part` of document `doc` (an index into the documents to render) began.
    Began { doc: usize, part: usize },
    /// A part of document `doc` is done, with its pages.
    Done { doc: usize, pages: usize },
}

/// The parts of an export: the data of each compile (one for most documents).
fn parts(exported: &export::Exported) -> Vec<&[u8]> {
    std::iter::once(&exported.data_json[..]).chain(exported.more_parts.iter().map(|p| &p[..])).collect()
}

/// Compile `todo` (document number, spec, export, path) on as many threads as there are cores:
/// every part of every document is a task (Typst compiles one document on one thread, so a big
/// counter sheet, exported in parts, uses every core too). Where the parts split never depends
/// on the cores, and the results come back in `todo`'s order, so output is the same bytes on
/// any machine whichever thread finishes first.
fn render_all(
    renderer: &Renderer,
    game: &Game,
    todo: &[(usize, &export::Document, export::Exported, PathBuf)],
    of: usize,
    progress: &mut dyn FnMut(Progress),
) -> Vec<RenderResult> {
    let tasks: Vec<(usize, usize)> =
        todo.iter().enumerate().flat_map(|(d, (_, _, ex, _))| (0..parts(ex).len()).map(move |p| (d, p))).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, tasks.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<PartResult>>> = tasks.iter().map(|_| Default::default()).collect();
    let (tx, rx) = std::sync::mpsc::channel::<Event>();
    crate::limits::end_step();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (tx, next, results, tasks) = (tx.clone(), &next, &results, &tasks);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&(doc, part)) = tasks.get(i) else { break };
                    let (_, spec, exported, _) = &todo[doc];
                    let _ = tx.send(Event::Began { doc, part });
                    let done = compile_part(renderer, game, spec, exported, part);
                    let _ = tx.send(Event::Done { doc, pages: done.0.as_ref().map_or(0, |(_, pages)| *pages) });
                    *results[i].lock().unwrap() = Some(done);
                }
                crate::limits::end_step();
            });
        }
        drop(tx);
        report_progress(rx, todo, of, progress);
    });
    let mut results = results.into_iter().map(|r| r.into_inner().unwrap().expect("every part was compiled"));
    todo.iter().map(|(_, spec, exported, _)| join_parts(spec, (&mut results).take(parts(exported).len()))).collect()
}

/// Tell the workers' events as build progress, on this thread: a document is "rendering" from
/// its first part and "rendered" when its last part is done.
fn report_progress(
    events: std::sync::mpsc::Receiver<Event>,
    todo: &[(usize, &export::Document, export::Exported, PathBuf)],
    of: usize,
    progress: &mut dyn FnMut(Progress),
) {
    let started = Instant::now();
    let mut left: Vec<usize> = todo.iter().map(|(_, _, ex, _)| parts(ex).len()).collect();
    let mut pages = vec![0; todo.len()];
    let mut began = vec![None; todo.len()];
    for event in events {
        match event {
            Event::Began { doc, part } => {
                let (n, _, ex, _) = &todo[doc];
                let file = todo[doc].1.file.as_str();
                if began[doc].is_none() {
                    began[doc] = Some(started.elapsed());
                    progress(Progress::Rendering { n: n + 1, of, file });
                }
                if !ex.more_parts.is_empty() {
                    progress(Progress::Part { file, part: part + 1, of: ex.more_parts.len() + 1 });
                }
            }
            Event::Done { doc, pages: p } => {
                pages[doc] += p;
                left[doc] -= 1;
                if left[doc] == 0 {
                    let took = started.elapsed() - began[doc].unwrap_or_default();
                    let (n, spec, ..) = &todo[doc];
                    progress(Progress::Rendered { n: n + 1, of, file: &spec.file, pages: pages[doc], took });
                }
            }
        }
    }
}

/// Compile one part of a document into a PDF. A document in one part is balanced (cheatsheet
/// columns) and tagged; the parts of a very large counter sheet are untagged (their structure
/// trees could not be joined) and each is forgotten by Typst's cache once done, so memory stays
/// bounded.
fn compile_part(
    renderer: &Renderer,
    game: &Game,
    spec: &export::Document,
    exported: &export::Exported,
    part: usize,
) -> PartResult {
    let doc = spec.kind.template();
    let own = game.templates.iter().find(|t| t.name == format!("{doc}.typ"));
    crate::limits::step(match own {
        Some(t) => format!("compiling {} with the game's own {}", spec.file, game.files.get(t.file).name),
        None => format!("compiling {}", spec.file),
    });
    let data = parts(exported)[part];
    let whole = exported.more_parts.is_empty();
    let mut diags = Vec::new();
    let pdf = renderer.compile(doc, data, &exported.texts_typ).and_then(|compiled| {
        let compiled = if whole {
            crate::render::balance::balance(renderer, doc, data, &exported.texts_typ, compiled)?
        } else {
            compiled
        };
        diags.extend(compiled.warnings.iter().map(|w| map_render_diag(w, &exported.map, game, doc)));
        diags.extend(overflows(&compiled, exported));
        let pages = compiled.page_count();
        compiled.pdf_with(whole).map(|pdf| (pdf, pages))
    });
    if !whole {
        typst::comemo::evict(2);
    }
    match pdf {
        Ok(done) => (Some(done), diags),
        Err(errs) => {
            diags.extend(errs.iter().map(|e| map_render_diag(e, &exported.map, game, doc)));
            (None, diags)
        }
    }
}

/// One document from its compiled parts, in order: the PDF (parts joined) and its pages, or
/// `None` when a part had errors; with every part's findings.
fn join_parts(spec: &export::Document, parts: impl Iterator<Item = PartResult>) -> RenderResult {
    let mut diags = Vec::new();
    let mut pdfs = Vec::new();
    let mut pages = 0;
    let mut failed = false;
    for (pdf, found) in parts {
        diags.extend(found);
        match pdf {
            Some((pdf, p)) => {
                pdfs.push(pdf);
                pages += p;
            }
            None => failed = true,
        }
    }
    if failed {
        return (Ok(None), diags);
    }
    let pdf = match pdfs.len() {
        1 => Ok(pdfs.pop().expect("one part")),
        _ => crate::render::merge::merge(&pdfs).map_err(|e| format!("cannot join the parts of {}: {e}", spec.file)),
    };
    (pdf.map(|pdf| Some((pdf, pages))), diags)
}

/// Compile one document into a PDF and its page count, part after part on this thread;
/// `Ok(None)` when Typst reported errors (they are in `diags`).
fn render_document(
    renderer: &Renderer,
    game: &Game,
    spec: &export::Document,
    exported: &export::Exported,
    diags: &mut Vec<Diagnostic>,
) -> Result<Option<(Vec<u8>, usize)>, String> {
    let compiled = (0..parts(exported).len()).map(|part| compile_part(renderer, game, spec, exported, part));
    let (pdf, found) = join_parts(spec, compiled);
    diags.extend(found);
    pdf
}

/// Text that did not fit its piece, as the template reported it (`<pa-overflow>` metadata:
/// the piece's index, which text, how much room it needed and had, in pt).
fn overflows(compiled: &crate::render::Compiled, exported: &export::Exported) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut reported = compiled.query_metadata("pa-overflow");
    reported.extend(runs_past_panels(compiled));
    for (v, page, _, _) in reported {
        let index = v["index"].as_u64().unwrap_or(u64::MAX) as usize;
        let part = v["part"].as_str().unwrap_or("text");
        // Once per piece and part, not once per printed copy.
        if !seen.insert((index, part.to_string())) {
            continue;
        }
        let need = v["need"].as_f64().unwrap_or(0.0);
        let have = v["have"].as_f64().unwrap_or(0.0);
        let text = v["text"].as_str().unwrap_or("");
        let (need, have) = (Pt(need).mm(), Pt(have).mm());
        let by_mm = (need - have).0;
        let Some((what, loc)) = exported.pieces.get(index) else { continue };
        let mut d = Diagnostic::error(
            diag::TEXT_OVERFLOW,
            format!("the {part} of {what} does not fit: it overflows by {by_mm:.1} mm"),
        )
        .at(loc)
        .label(format!("{part} needs {need:.1}, has {have:.1}"));
        if !text.is_empty() {
            d = d.note(format!("the text: \"{text}\" (page {page})"));
        }
        let help = match v["kind"].as_str() {
            Some("card") => {
                "shorten the text, print abilities' short texts (ability_text = \"short\" in [cards]), a bigger card size, or allow shrinking with min_font_size in [cards]"
            }
            _ => {
                "shorten the text, use a smaller size for this slot, a bigger counter, or allow shrinking with min_font_size in its [[counter_group]]"
            }
        };
        out.push(d.help(help));
    }
    out
}

/// Card text that runs past its panel on the laid-out page (the card template marks where
/// each panel's text starts and ends, `<pa-text>`), as `<pa-overflow>` values: the layout
/// measured every card at check time, so this finds only what that measuring missed.
fn runs_past_panels(compiled: &crate::render::Compiled) -> Vec<(serde_json::Value, usize, f64, f64)> {
    let marks = compiled.query_metadata("pa-text");
    let mut out = Vec::new();
    for pair in marks.windows(2) {
        let ((top, page, _, y0), (bottom, page2, _, y1)) = (&pair[0], &pair[1]);
        if top["edge"] != "top" || bottom["edge"] != "bottom" || page != page2 || top["index"] != bottom["index"] {
            continue;
        }
        let (need, have) = (y1 - y0, top["room"].as_f64().unwrap_or(f64::INFINITY));
        // A twentieth of a point: rounding, never a line of text.
        if need > have + 0.05 {
            let v =
                serde_json::json!({"kind": "card", "index": top["index"], "part": "text", "need": need, "have": have});
            out.push((v, *page, 0.0, 0.0));
        }
    }
    out
}

/// Where a Typst diagnostic lies in one of the game's own templates, if it does.
fn game_template_loc(game: &Game, d: &RenderDiag) -> Option<crate::source::Loc> {
    let name = d.path.as_deref()?.strip_prefix("/templates/")?;
    let t = game.templates.iter().find(|t| t.name == name)?;
    let range = d.range.clone().unwrap_or(0..0);
    Some(crate::source::Loc { file: t.file, span: range })
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
        _ if let Some(loc) = game_template_loc(game, d) => {
            out = out
                .at(&loc)
                .label("in the game's own template")
                .help("fix the game's template, or remove it to print with the built-in one (docs/TEMPLATES.md)");
            for t in &d.trace {
                out = out.note(t.clone());
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
