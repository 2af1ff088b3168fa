//! Developer tool for template authors: compile one template with hand-made data, no checks.
//!
//! ```text
//! cargo run --example render_raw -- --root DIR --template cheatsheet \
//!     --data data.json --texts texts.typ -o out.pdf [--date 2017-05-28]
//! ```
//!
//! `--root` is the game folder (default `.`): `/templates/<name>.typ` is the game's own file if it
//! has one, else the built-in template. `--data` and `--texts` are served as `/playaid/data.json`
//! and `/playaid/texts.typ` (defaults: `{}` and `#let texts = (:)`). Every diagnostic is printed as
//! `path:line:col: error: message` followed by its hints. Exit code 0 when it compiled (and the
//! PDF was written if `-o` was given), 1 when Typst reported errors, 2 for usage or I/O problems.
//!
//! To start from real data: `--export-to DIR` runs playaid's load, check and export on the game
//! at `--root`, writes `DIR/data.json` and `DIR/texts.typ` (edit them and pass them back with
//! `--data`/`--texts`), and compiles with them unless `--data`/`--texts` are given.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use playaid::render::{RenderDiag, Renderer, Severity};

const USAGE: &str = "usage: render_raw --root DIR --template NAME [--data data.json] [--texts texts.typ] \
                     [-o out.pdf] [--date YYYY-MM-DD] [--export-to DIR]";

struct Args {
    root: PathBuf,
    template: String,
    data: Option<PathBuf>,
    texts: Option<PathBuf>,
    out: Option<PathBuf>,
    date: Option<(i32, u8, u8)>,
    export_to: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        root: PathBuf::from("."),
        template: String::new(),
        data: None,
        texts: None,
        out: None,
        date: None,
        export_to: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value\n{USAGE}"));
        match a.as_str() {
            "--root" => args.root = value("--root")?.into(),
            "--template" | "-t" => args.template = value("--template")?,
            "--data" => args.data = Some(value("--data")?.into()),
            "--texts" => args.texts = Some(value("--texts")?.into()),
            "-o" | "--out" => args.out = Some(value("-o")?.into()),
            "--date" => {
                let v = value("--date")?;
                args.date = Some(parse_date(&v).ok_or_else(|| format!("--date wants YYYY-MM-DD, got `{v}`"))?);
            }
            "--export-to" => args.export_to = Some(value("--export-to")?.into()),
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if args.template.is_empty() {
        return Err(format!("--template is required\n{USAGE}"));
    }
    // Accept `cheatsheet` or `cheatsheet.typ`.
    if let Some(stem) = args.template.strip_suffix(".typ") {
        args.template = stem.to_string();
    }
    Ok(args)
}

fn parse_date(s: &str) -> Option<(i32, u8, u8)> {
    let mut parts = s.split('-');
    let y = parts.next()?.parse().ok()?;
    let m = parts.next()?.parse().ok()?;
    let d = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((y, m, d))
}

/// `path:line:col: error: message`, then `  hint: ...` and `  note: ...` (trace) lines.
fn print_diag(d: &RenderDiag) {
    eprintln!("{d}");
}

/// Load, check and export the game at `args.root`; write the two files into `dir`.
fn export_game(args: &mut Args, dir: &Path) -> Result<(Vec<u8>, String), String> {
    let checked = playaid::build::load_and_check(&args.root, None)?;
    let errors = checked.diags.iter().filter(|d| d.is_error()).count();
    let game = &checked.game;
    let (ix, laid_out) = match &checked.stages {
        Some(stages) if errors == 0 => stages,
        _ => return Err(format!("the game has {errors} error(s); run `playaid check {}`", args.root.display())),
    };
    if args.date.is_none() {
        args.date = game.meta.date.as_ref().and_then(|d| playaid::load::parse_date(&d.v));
    }
    // A game's own template sees the cheatsheet's data unless it is one of the known documents.
    let kind = playaid::export::DocKind::parse(&args.template, None).unwrap_or(playaid::export::DocKind::Cheatsheet);
    let exported = playaid::export::export(game, ix, laid_out, &kind, &playaid::export::ExportOptions::default());
    for (name, bytes) in [("data.json", &exported.data_json[..]), ("texts.typ", exported.texts_typ.as_bytes())] {
        let path = dir.join(name);
        playaid::write::write_atomic(&path, bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
    }
    eprintln!("exported {} and {}", dir.join("data.json").display(), dir.join("texts.typ").display());
    Ok((exported.data_json, exported.texts_typ))
}

fn run() -> Result<bool, String> {
    let mut args = parse_args()?;
    let exported = match args.export_to.clone() {
        Some(dir) => Some(export_game(&mut args, &dir)?),
        None => None,
    };
    let data = match (&args.data, &exported) {
        (Some(p), _) => std::fs::read(p).map_err(|e| format!("cannot read `{}`: {e}", p.display()))?,
        (None, Some((d, _))) => d.clone(),
        (None, None) => b"{}".to_vec(),
    };
    let texts = match (&args.texts, &exported) {
        (Some(p), _) => std::fs::read_to_string(p).map_err(|e| format!("cannot read `{}`: {e}", p.display()))?,
        (None, Some((_, t))) => t.clone(),
        (None, None) => "#let texts = (:)\n".to_string(),
    };
    let renderer =
        Renderer::new(&args.root, args.date).map_err(|e| format!("cannot open `{}`: {e}", args.root.display()))?;
    let compiled = match renderer.compile(&args.template, &data, &texts) {
        Ok(c) => c,
        Err(diags) => {
            diags.iter().for_each(print_diag);
            let n = diags.iter().filter(|d| d.severity == Severity::Error).count();
            eprintln!("compile failed: {n} error(s)");
            return Ok(false);
        }
    };
    compiled.warnings.iter().for_each(print_diag);
    let pdf = match compiled.pdf() {
        Ok(pdf) => pdf,
        Err(diags) => {
            diags.iter().for_each(print_diag);
            eprintln!("PDF export failed");
            return Ok(false);
        }
    };
    match &args.out {
        Some(out) => {
            playaid::write::write_atomic(out, &pdf).map_err(|e| format!("cannot write `{}`: {e}", out.display()))?;
            eprintln!(
                "wrote {} ({} page(s), {} bytes, {} warning(s))",
                out.display(),
                compiled.page_count(),
                pdf.len(),
                compiled.warnings.len()
            );
        }
        None => eprintln!(
            "compiled {} page(s), {} warning(s); no -o given, nothing written",
            compiled.page_count(),
            compiled.warnings.len()
        ),
    }
    Ok(true)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            eprintln!("render_raw: {msg}");
            ExitCode::from(2)
        }
    }
}
