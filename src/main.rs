use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use playaid::build::{self, BuildOptions, Progress};
use playaid::limits::Stopped;

mod watch;
use playaid::model::PageSize;
use playaid::{diag, explain, new};

// Count heap bytes so the watchdog can stop a run that grows without end (see limits.rs).
#[global_allocator]
static ALLOCATOR: playaid::limits::Counting = playaid::limits::Counting;

/// Turns a wargame's rules data into checked, print-ready play-aids.
#[derive(Parser)]
#[command(name = "playaid", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Stop (error E039) when one step, such as compiling one document, takes longer than this
    #[arg(long, global = true, value_name = "SECONDS", default_value_t = 60)]
    time_limit: u64,
    /// Stop (error E039) when playaid needs more memory than this
    #[arg(long, global = true, value_name = "MIB", default_value_t = 2048)]
    memory_limit: u64,
}

#[derive(Subcommand)]
enum Command {
    /// Start a new game in DIR from a template: complete, commented, checks clean and builds
    New {
        /// The folder to create (it must not exist, or be empty)
        dir: PathBuf,
        /// hex-and-counter, cards, skirmish or blocks
        #[arg(long, default_value = "hex-and-counter")]
        template: String,
    },
    /// Check a game folder and report every problem found
    Check {
        /// The game folder (the one with game.toml)
        dir: PathBuf,
        /// How to print the findings
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Treat these warnings as errors: `warnings` for all, or a code such as W020 (repeatable)
        #[arg(long, value_name = "WARNING", value_parser = parse_deny)]
        deny: Vec<String>,
    },
    /// Check a game folder and, when it has no errors, build its PDFs
    Build {
        /// The game folder (the one with game.toml)
        dir: PathBuf,
        /// Where to write: OUT/<game-id>-<rules-version>/
        #[arg(short, long, default_value = "out")]
        out: PathBuf,
        /// Page size for every document, overriding the data
        #[arg(long, value_enum)]
        page: Option<Page>,
        /// Print only problems
        #[arg(short, long)]
        quiet: bool,
        /// How to print findings
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Also write calibrate.pdf: a page to print on both sides that measures how far the
        /// printer shifts backs, for `back_offset`
        #[arg(long)]
        calibrate: bool,
        /// Mark what changed since an earlier version (a folder, or a git revision of DIR such
        /// as a tag): bars beside changed rules, a mark on changed cards and counters, and errata.pdf
        #[arg(long, value_name = "OLD")]
        since: Option<String>,
        /// Treat these warnings as errors: `warnings` for all, or a code such as W020 (repeatable)
        #[arg(long, value_name = "WARNING", value_parser = parse_deny)]
        deny: Vec<String>,
        /// Build in this language of translations/ (de for translations/de.po) into
        /// OUT/<game-id>-<rules-version>-<lang>/; what is not translated prints as written
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
        #[command(flatten)]
        exports: ExportArgs,
    },
    /// Start or bring up to date a language's translation file, translations/LANG.po (gettext,
    /// for Poedit, Weblate or Crowdin): new texts added empty, changed ones marked fuzzy with the
    /// text they were translated from, texts no longer in the game kept as obsolete
    Translate {
        /// The game folder (the one with game.toml)
        dir: PathBuf,
        /// The language: de, fr, pt-BR ...
        #[arg(long, value_name = "LANG")]
        lang: String,
    },
    /// What changed between two versions of a game: two folders, or two git revisions of one
    Diff {
        /// The old version's folder (or, with --from, the one folder)
        old: PathBuf,
        /// The new version's folder (not with --from)
        new: Option<PathBuf>,
        /// A git revision of OLD to compare from (a tag, a branch, a commit)
        #[arg(long)]
        from: Option<String>,
        /// A git revision to compare to (default: the files as they are now)
        #[arg(long, requires = "from")]
        to: Option<String>,
        /// How to print the changes
        #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
        format: DiffFormat,
        /// Compare the two folders in this language: both read through NEW's
        /// translations/LANG.po, so the changes quote the translated texts
        #[arg(long)]
        lang: Option<String>,
    },
    /// Build, then rebuild whenever a data, template or picture file of the game changes
    Watch {
        /// The game folder (the one with game.toml)
        dir: PathBuf,
        /// Where to write: OUT/<game-id>-<rules-version>/
        #[arg(short, long, default_value = "out")]
        out: PathBuf,
        /// Page size for every document, overriding the data
        #[arg(long, value_enum)]
        page: Option<Page>,
        /// Treat these warnings as errors: `warnings` for all, or a code such as W020 (repeatable)
        #[arg(long, value_name = "WARNING", value_parser = parse_deny)]
        deny: Vec<String>,
        /// Build in this language only, from translations/LANG.po (rebuilt when it is saved)
        #[arg(long)]
        lang: Option<String>,
    },
    /// Apply every mechanical fix the findings know (renamed fields and slots, lengths without
    /// units, the one did-you-mean that fits), keeping comments and layout, and show the diff
    Fix {
        /// The game folder (the one with game.toml)
        dir: PathBuf,
        /// Show the diff only; change nothing
        #[arg(long)]
        dry_run: bool,
    },
    /// Explain a finding: what it means, a wrong and a right example, how to fix it
    Explain {
        /// The finding's code, such as E006 (or its name, unknown-reference); none lists them all
        code: Option<String>,
    },
    /// Print the JSON Schema of the data files, for editor completion and hover help
    Schema {
        /// Print instead the schema of the data templates receive (`/playaid/data.json`),
        /// as published in docs/template-data.schema.json
        #[arg(long)]
        template_data: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Page {
    A4,
    UsLetter,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
    /// GitHub Actions annotations (`::error file=...::message`), for CI
    Github,
}

#[derive(Clone, Copy, ValueEnum)]
enum DiffFormat {
    /// One line per change, in words
    Text,
    /// Every change with its area, id, field, old and new value
    Json,
    /// A draft [[changelog]] entry to paste into the data
    Changelog,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (format, on_stop): (Format, fn(&Stopped) -> !) = match &cli.command {
        Command::Check { format, .. } | Command::Build { format, .. } => (*format, stopped),
        Command::Watch { .. } => (Format::Human, watch::stopped),
        _ => (Format::Human, stopped),
    };
    let _ = REPORT_FORMAT.set(format);
    playaid::limits::start_watchdog(
        playaid::limits::Limits {
            time: std::time::Duration::from_secs(cli.time_limit.max(1)),
            memory_bytes: usize::try_from(cli.memory_limit.max(64).saturating_mul(1 << 20)).unwrap_or(usize::MAX),
        },
        on_stop,
    );
    match cli.command {
        Command::Check { dir, format, deny } => run_check(&dir, format, &denied(&deny)),
        Command::Build { dir, out, page, quiet, format, calibrate, since, deny, lang, exports } => run_build(
            &dir,
            BuildOptions {
                out_dir: out,
                page: page.map(page_size),
                calibrate,
                since,
                exports: exports.flags(),
                deny: denied(&deny),
                lang,
                ..Default::default()
            },
            quiet,
            format,
        ),
        Command::Diff { old, new, from, to, format, lang } => {
            run_diff(&old, new.as_deref(), (from, to), format, lang.as_deref())
        }
        Command::Watch { dir, out, page, deny, lang } => watch::run(
            &dir,
            BuildOptions { out_dir: out, page: page.map(page_size), deny: denied(&deny), lang, ..Default::default() },
        ),
        Command::New { dir, template } => run_new(&dir, &template),
        Command::Fix { dir, dry_run } => run_fix(&dir, dry_run),
        Command::Translate { dir, lang } => run_translate(&dir, &lang),
        Command::Explain { code } => run_explain(code.as_deref()),
        Command::Schema { template_data } => {
            use std::io::Write;
            let schema =
                if template_data { playaid::export::template_data_schema() } else { playaid::schema::schema() };
            // `playaid schema | head` closes the pipe early: nothing to report.
            let _ = std::io::stdout().write_all(schema.as_bytes());
            ExitCode::SUCCESS
        }
    }
}

/// The output format of this run's findings, for the watchdog's E039.
static REPORT_FORMAT: std::sync::OnceLock<Format> = std::sync::OnceLock::new();

/// Report the watchdog's E039 in the run's format and exit with 1.
fn stopped(s: &Stopped) -> ! {
    let found = [s.diagnostic()];
    let files = playaid::source::Files::default();
    print_findings(&found, &files, REPORT_FORMAT.get().copied().unwrap_or(Format::Human));
    std::process::exit(1)
}

/// The one printer of findings: rustc's shape on standard error, or JSON or GitHub annotations
/// on standard output (with the summary line on standard error).
fn print_findings(diags: &[diag::Diagnostic], files: &playaid::source::Files, format: Format) {
    match format {
        Format::Human => eprint!("{}", diag::render_human(diags, files, std::io::stderr().is_terminal())),
        Format::Json => println!("{}", diag::render_json(diags, files)),
        Format::Github => {
            print!("{}", diag::render_github(diags, files));
            eprintln!("{}", diag::summary(diags));
        }
    }
}

fn page_size(p: Page) -> PageSize {
    match p {
        Page::A4 => PageSize::A4,
        Page::UsLetter => PageSize::UsLetter,
    }
}

/// Progress on stderr: a bar on a terminal, one plain line per document otherwise.
fn progress_reporter(quiet: bool) -> impl FnMut(Progress) {
    let tty = std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    move |p: Progress| {
        if quiet {
            return;
        }
        match p {
            Progress::Checked { documents, took } => {
                if tty {
                    let b = indicatif::ProgressBar::new(documents as u64);
                    b.set_style(
                        indicatif::ProgressStyle::with_template("{bar:24} {pos}/{len} {msg}")
                            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                    );
                    bar = Some(b);
                } else {
                    eprintln!("checked in {} ms; rendering {}", took.as_millis(), plural(documents, "document"));
                }
            }
            Progress::Rendering { file, .. } => {
                if let Some(b) = &bar {
                    b.set_message(format!("rendering {file}"));
                }
            }
            Progress::Part { file, part, of } => match &bar {
                Some(b) => b.set_message(format!("rendering {file}, part {part} of {of}")),
                None => eprintln!("  {file}: part {part} of {of}"),
            },
            Progress::Rendered { n, of, file, pages, took } => match &bar {
                Some(b) => {
                    b.inc(1);
                    if n == of {
                        b.finish_and_clear();
                    }
                }
                None => eprintln!("[{n}/{of}] {file}: {} in {} ms", plural(pages, "page"), took.as_millis()),
            },
        }
    }
}

fn run_build(dir: &std::path::Path, opts: BuildOptions, quiet: bool, format: Format) -> ExitCode {
    let mut builder = build::Builder::new(dir, opts);
    let report = match builder.build(&mut progress_reporter(quiet)) {
        Ok(r) => r,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    if !report.diags.is_empty() {
        print_findings(&report.diags, &report.files, format);
    }
    if report.has_errors() {
        if report.written.is_empty() {
            eprintln!("nothing written: fix the errors above and build again");
        } else {
            // `[game] languages`: the data's own language was written, a translation stopped.
            print_written(&report.written);
            eprintln!("a translation was not written: fix the errors above and build again");
        }
        return ExitCode::from(1);
    }
    if !quiet {
        print_written(&report.written);
        for (lang, c) in &report.translations {
            println!("{}", translation_line(lang, c));
        }
    }
    ExitCode::SUCCESS
}

/// One line per PDF; the many images of PNG per piece and TTS counted per folder.
fn print_written(written: &[build::Written]) {
    let mut folders: Vec<(PathBuf, usize, usize)> = Vec::new();
    for w in written {
        let is_png = w.path.extension().is_some_and(|e| e == "png");
        match (w.pages, is_png, w.path.parent()) {
            (0, true, Some(dir)) => match folders.iter_mut().find(|(d, _, _)| d == dir) {
                Some(f) => {
                    f.1 += 1;
                    f.2 += w.bytes;
                }
                None => folders.push((dir.to_path_buf(), 1, w.bytes)),
            },
            (0, _, _) => println!("wrote {} ({} KiB)", w.path.display(), w.bytes.div_ceil(1024)),
            _ => println!("wrote {} ({})", w.path.display(), plural(w.pages, "page")),
        }
    }
    for (dir, n, bytes) in folders {
        println!("wrote {} in {} ({} KiB)", plural(n, "image"), dir.display(), bytes.div_ceil(1024));
    }
}

/// The virtual-tabletop flags of `build` (see `[exports]` in docs/FORMAT.md).
#[derive(clap::Args)]
struct ExportArgs {
    /// Also write every counter and card face as PNG, in png/
    #[arg(long)]
    png: bool,
    /// Also write a Tabletop Simulator saved object and its images, in tts/
    #[arg(long)]
    tts: bool,
    /// Also write a VASSAL module, <game>.vmod
    #[arg(long)]
    vassal: bool,
    /// Also write print files in print-shop/ for these profiles, separated by commas: home (the
    /// sheets on A4 and US Letter), card-shop (one card face a page, the shop's size, 1/8 in
    /// bleed), punchboard (one counter face a page with bleed); alone: card-shop,punchboard
    #[arg(long, value_name = "PROFILES", num_args = 0..=1, require_equals = true, default_missing_value = "card-shop,punchboard", value_parser = parse_profiles)]
    print_shop: Option<playaid::model::PrintProfiles>,
    /// Resolution of PNG per piece, 50 to 1200 (default 300, or [exports] dpi)
    #[arg(long, value_name = "DPI", value_parser = parse_dpi)]
    dpi: Option<f64>,
    /// Where players download the Tabletop Simulator images from (e.g. a release's assets);
    /// default: the local files
    #[arg(long, value_name = "URL", value_parser = parse_base_url)]
    base_url: Option<String>,
}

impl ExportArgs {
    fn flags(self) -> build::ExportFlags {
        build::ExportFlags {
            png: self.png,
            tts: self.tts,
            vassal: self.vassal,
            print_shop: self.print_shop.unwrap_or_default(),
            dpi: self.dpi,
            base_url: self.base_url,
        }
    }
}

/// One `--deny` value, checked as clap parses it (an unknown code is a usage error).
fn parse_deny(s: &str) -> Result<String, String> {
    diag::Deny::default().add(s).map(|_| s.to_string())
}

/// Every `--deny` value (each parsed already).
fn denied(values: &[String]) -> diag::Deny {
    let mut deny = diag::Deny::default();
    for v in values {
        let _ = deny.add(v);
    }
    deny
}

fn parse_profiles(s: &str) -> Result<playaid::model::PrintProfiles, String> {
    use playaid::model::PrintProfiles;
    let mut p = PrintProfiles::default();
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        p = p
            .with(name)
            .ok_or_else(|| format!("`{name}` is not a print profile: write {}", PrintProfiles::NAMES.join(", ")))?;
    }
    if !p.any() {
        return Err(format!("name a print profile: {}", PrintProfiles::NAMES.join(", ")));
    }
    Ok(p)
}

fn parse_dpi(s: &str) -> Result<f64, String> {
    let (lo, hi) = playaid::load::EXPORT_DPI;
    match s.parse::<f64>() {
        Ok(d) if (lo..=hi).contains(&d) => Ok(d),
        _ => Err(format!("a resolution from {lo} to {hi} dpi, such as 300")),
    }
}

fn parse_base_url(s: &str) -> Result<String, String> {
    match playaid::load::base_url_problem(s) {
        None => Ok(s.to_string()),
        Some(why) => Err(format!("the base URL {why}")),
    }
}

/// "1 page", "3 pages".
fn plural(n: usize, word: &str) -> String {
    diag::plural(n as i64, word)
}

fn run_check(dir: &std::path::Path, format: Format, deny: &diag::Deny) -> ExitCode {
    let build::Checked { game, diags, translations, .. } = match build::check_dir_denying(dir, deny) {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    print_findings(&diags, &game.files, format);
    if matches!(format, Format::Human) {
        for (lang, c) in &translations {
            eprintln!("{}", translation_line(lang, c));
        }
    }
    if diags.iter().any(|d| d.is_error()) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// "German (de): 120 of 140 texts translated; 17 missing, 3 stale (printed as written), 2 obsolete".
fn translation_line(lang: &str, c: &playaid::load::translate::Counts) -> String {
    let mut rest = Vec::new();
    if c.missing > 0 {
        rest.push(format!("{} missing", c.missing));
    }
    if c.stale > 0 {
        rest.push(format!("{} stale", c.stale));
    }
    let unused = if rest.is_empty() { String::new() } else { format!("; {} (printed as written)", rest.join(", ")) };
    let obsolete = if c.obsolete > 0 { format!(", {} obsolete", c.obsolete) } else { String::new() };
    // playaid's own words ("Glossary", "page 1 of 2") where the language has none built in.
    let stale_words = if c.words_stale > 0 {
        format!("; {} of playaid's to revise (marked fuzzy)", plural(c.words_stale, "word"))
    } else {
        String::new()
    };
    let words = if c.words_missing > 0 {
        format!(
            "; {} of playaid's in English (none built in: translate the `{}` entries)",
            plural(c.words_missing, "word"),
            playaid::load::translate::WORD_PREFIX
        )
    } else {
        String::new()
    };
    format!(
        "{} ({lang}): {} of {} translated{unused}{obsolete}{stale_words}{words}",
        playaid::load::translate::language_name(lang),
        c.translated,
        plural(c.texts, "text")
    )
}

/// `playaid translate DIR --lang LANG`: translations/LANG.po written or brought up to date.
fn run_translate(dir: &std::path::Path, lang: &str) -> ExitCode {
    match playaid::build::translate(dir, lang) {
        Ok((path, before, after)) => {
            let name = playaid::load::translate::language_name(lang);
            match before {
                None => println!(
                    "wrote {}: {} to translate into {name}{}",
                    path.display(),
                    plural(after.texts, "text"),
                    if after.words_missing > 0 {
                        format!(", and {} of playaid's (none built in for {name})", plural(after.words_missing, "word"))
                    } else {
                        String::new()
                    }
                ),
                Some(_) => println!(
                    "updated {}: {} ({} translated, {} to revise (marked fuzzy: their source changed), {} to translate, {} obsolete)",
                    path.display(),
                    plural(after.texts, "text"),
                    after.translated,
                    after.stale,
                    after.missing,
                    after.obsolete
                ),
            }
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// A starting game in `dir`; an unknown template or a folder that is not empty is a usage error.
fn run_new(dir: &std::path::Path, name: &str) -> ExitCode {
    let Some(template) = new::template(name) else {
        let hint = new::suggest(name).map(|t| format!("; did you mean `{t}`?")).unwrap_or_default();
        eprintln!("error: no template `{name}`{hint}");
        let names: Vec<&str> = new::TEMPLATES.iter().map(|t| t.name).collect();
        eprintln!("the templates are: {}", names.join(", "));
        return ExitCode::from(2);
    };
    match new::create(dir, template) {
        Ok(files) => {
            println!("created {} from the template {} ({}):", dir.display(), template.name, template.about);
            for f in files {
                println!("  {}", f.display());
            }
            println!("next: `playaid check {0}`, then `playaid build {0}`", dir.display());
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// `playaid fix`: the diff on stdout, what was done and what is left on stderr. Exit 0 when the
/// game has no error left, 1 when it has, 2 when the folder cannot be read or written.
fn run_fix(dir: &std::path::Path, dry_run: bool) -> ExitCode {
    let plan = match playaid::fix::plan(dir) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    print!("{}", plan.diff());
    for (file, why) in &plan.refused {
        eprintln!("left {file} as it is: it has errors no fix mends");
        for w in why.iter().take(5) {
            eprintln!("  {w}");
        }
        if why.len() > 5 {
            eprintln!("  ... and {} more (`playaid check` lists them)", why.len() - 5);
        }
    }
    let (n, files) = (plan.count(), plan.files.len());
    if n == 0 {
        eprintln!("nothing to fix");
    } else if dry_run {
        eprintln!("would fix {} in {} (--dry-run: nothing written)", plural(n, "finding"), plural(files, "file"));
    } else {
        if let Err(msg) = plan.write() {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
        eprintln!("fixed {} in {}", plural(n, "finding"), plural(files, "file"));
    }
    let left = plan.errors_left + plan.warnings_left;
    if left > 0 {
        eprintln!(
            "{} left{}: run `playaid check {}`",
            plural(left, "finding"),
            if dry_run && n > 0 { " after these fixes" } else { "" },
            dir.display()
        );
    }
    if plan.errors_left > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// A finding's page, or the list of codes; an unknown code is a usage error with a did-you-mean.
fn run_explain(code: Option<&str>) -> ExitCode {
    let Some(query) = code else {
        print!("{}", explain::index());
        println!("\nrun `playaid explain CODE` for what a finding means and how to fix it");
        return ExitCode::SUCCESS;
    };
    match explain::page(query) {
        Some((_, text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        None => {
            let hint = explain::suggest(query).map(|c| format!("; did you mean `{c}`?")).unwrap_or_default();
            eprintln!("error: no finding has the code `{query}`{hint}");
            eprintln!("run `playaid explain` for the list of codes");
            ExitCode::from(2)
        }
    }
}

fn run_diff(
    old: &std::path::Path,
    new: Option<&std::path::Path>,
    (from, to): (Option<String>, Option<String>),
    format: DiffFormat,
    lang: Option<&str>,
) -> ExitCode {
    use playaid::{diff, load};
    // One side of the comparison, loaded and checked as `playaid check` would: data with
    // errors is not compared, except for the one error a version bump makes (no changelog entry
    // for the new version yet, E028), which a draft changelog from this very diff mends.
    let load_side = |dir: &std::path::Path, rev: Option<&str>| -> Result<playaid::model::Game, ExitCode> {
        let checked = match (rev, lang, new) {
            (Some(r), _, _) => playaid::build::check_revision(dir, r),
            // Both folders through the new one's translation.
            (None, Some(l), Some(n)) => {
                build::load_through(dir, n, l).map(|loaded| build::check_loaded_unmeasured(loaded, None))
            }
            (None, _, _) => load::load(dir).map(|loaded| build::check_loaded_unmeasured(loaded, None)),
        };
        let build::Checked { game, diags, .. } = checked.map_err(|msg| {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        })?;
        let what = rev.map(|r| format!(" at {r}")).unwrap_or_default();
        let (overlooked, errors): (Vec<_>, Vec<_>) =
            diags.into_iter().filter(|d| d.is_error()).partition(|d| d.code == diag::CHANGELOG_MISSING_VERSION);
        if !errors.is_empty() {
            eprint!("{}", diag::render_human(&errors, &game.files, std::io::stderr().is_terminal()));
            eprintln!("cannot compare: `{}`{what} has errors", dir.display());
            return Err(ExitCode::from(1));
        }
        for d in &overlooked {
            eprintln!(
                "note: compared although `{}`{what} has this error: {} [{}]",
                dir.display(),
                d.message,
                d.code.code
            );
        }
        Ok(game)
    };
    if lang.is_some() && (new.is_none() || from.is_some()) {
        eprintln!("error: --lang compares two folders (playaid diff OLD NEW --lang de), not git revisions");
        return ExitCode::from(2);
    }
    let pair = match (new, &from) {
        (Some(n), None) => load_side(old, None).and_then(|a| load_side(n, None).map(|b| (a, b))),
        (None, Some(f)) => load_side(old, Some(f)).and_then(|a| load_side(old, to.as_deref()).map(|b| (a, b))),
        (Some(_), Some(_)) => {
            eprintln!("error: give two folders, or one folder with --from REV [--to REV], not both");
            return ExitCode::from(2);
        }
        (None, None) => {
            eprintln!("error: give the new folder too (playaid diff OLD NEW), or --from REV to compare revisions");
            return ExitCode::from(2);
        }
    };
    let (a, b) = match pair {
        Ok(p) => p,
        Err(code) => return code,
    };
    let changes = diff::diff(&a, &b);
    match format {
        DiffFormat::Text => print!("{}", diff::render_text(&a, &b, &changes)),
        DiffFormat::Json => println!("{}", diff::render_json(&a, &b, &changes)),
        DiffFormat::Changelog => print!("{}", diff::render_changelog(&b, &changes)),
    }
    ExitCode::SUCCESS
}
