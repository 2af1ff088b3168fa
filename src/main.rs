use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use playaid::build::{self, BuildOptions};
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
    }
}

fn run_build(dir: &std::path::Path, out: PathBuf, page: Option<Page>, quiet: bool) -> ExitCode {
    let page = page.map(|p| match p {
        Page::A4 => PageSize::A4,
        Page::UsLetter => PageSize::UsLetter,
    });
    let report = match build::build(dir, &BuildOptions { out_dir: out, page }) {
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
