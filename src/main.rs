use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use playaid::{check, diag, load};

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
    }
}

fn run_check(dir: &std::path::Path, format: Format) -> ExitCode {
    let loaded = match load::load(dir) {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    };
    let mut diags = loaded.diags;
    if !diags.iter().any(|d| d.is_error() && d.code == diag::TOML_SYNTAX) {
        diags.extend(check::check(&loaded.game).diags);
    }
    match format {
        Format::Human => eprint!("{}", diag::render_human(&diags, &loaded.game.files, std::io::stderr().is_terminal())),
        Format::Json => println!("{}", diag::render_json(&diags, &loaded.game.files)),
    }
    if diags.iter().any(|d| d.is_error()) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
