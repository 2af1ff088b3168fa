use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use playaid::build::{self, BuildOptions, Progress};

mod watch;
use playaid::diag;
use playaid::model::PageSize;

/// Turns a wargame's rules data into checked, print-ready play-aids.
#[derive(Parser)]
#[command(name = "playaid", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a game folder and report every problem found
    Check {
        /// The game folder (the one with game.toml)
        dir: PathBuf,
        /// How to print the findings
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { dir, format } => run_check(&dir, format),
        Command::Build { dir, out, page, quiet } => run_build(&dir, out, page, quiet),
        Command::Watch { dir, out, page } => {
            watch::run(&dir, BuildOptions { out_dir: out, page: page.map(page_size), ..Default::default() })
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
                    eprintln!("checked in {} ms; rendering {documents} documents", took.as_millis());
                }
            }
            Progress::Rendering { file, .. } => {
                if let Some(b) = &bar {
                    b.set_message(format!("rendering {file}"));
                }
            }
            Progress::Rendered { n, of, file, pages, took } => match &bar {
                Some(b) => {
                    b.inc(1);
                    if n == of {
                        b.finish_and_clear();
                    }
                }
                None => eprintln!("[{n}/{of}] {file}: {pages} pages in {} ms", took.as_millis()),
            },
        }
    }
}

fn run_build(dir: &std::path::Path, out: PathBuf, page: Option<Page>, quiet: bool) -> ExitCode {
    let page = page.map(page_size);
    let mut builder = build::Builder::new(dir, BuildOptions { out_dir: out, page, ..Default::default() });
    let report = match builder.build(&mut progress_reporter(quiet)) {
        Ok(r) => r,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    if !report.diags.is_empty() {
        eprint!("{}", diag::render_human(&report.diags, &report.files, std::io::stderr().is_terminal()));
    }
    if report.has_errors() {
        eprintln!("nothing written: fix the errors above and build again");
        return ExitCode::from(1);
    }
    if !quiet {
        for w in &report.written {
            let pages = if w.pages == 1 { "1 page".to_string() } else { format!("{} pages", w.pages) };
            println!("wrote {} ({pages})", w.path.display());
        }
    }
    ExitCode::SUCCESS
}

fn run_check(dir: &std::path::Path, format: Format) -> ExitCode {
    let (game, diags, _) = match build::load_and_check(dir) {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    match format {
        Format::Human => eprint!("{}", diag::render_human(&diags, &game.files, std::io::stderr().is_terminal())),
        Format::Json => println!("{}", diag::render_json(&diags, &game.files)),
    }
    if diags.iter().any(|d| d.is_error()) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
