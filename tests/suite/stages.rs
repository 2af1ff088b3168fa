//! The README's arrow is the import graph: each stage of `src/` imports only itself and the
//! stages before it (source → diag → model → markup → load → schema → check → layout → export
//! → render → write → build → diff). A `crate::later_stage` path anywhere in a stage's files fails here.

use std::path::Path;

/// The stages in pipeline order: a module may use those at its own rank or lower.
const STAGES: &[(&str, usize)] = &[
    ("source", 0),
    // Beside source: lengths in mm and pt and every conversion between them.
    ("length", 0),
    ("diag", 1),
    // Beside diag: the run's time and memory limits (a watchdog any stage may report to).
    ("limits", 1),
    ("model", 2),
    ("markup", 3),
    // Beside markup: the built-in icon set (names and SVG sources).
    ("icons", 3),
    ("load", 4),
    ("schema", 5),
    // Beside schema: what changed between two loaded games (the changelog, `build --since`).
    ("diff", 5),
    ("check", 6),
    ("layout", 7),
    ("export", 8),
    ("render", 9),
    ("write", 10),
    ("build", 11),
    // On top, beside the command line: a page per finding code, a starting game, the findings'
    // fixes applied to the game's files.
    ("explain", 13),
    ("new", 13),
    ("fix", 13),
];

fn rank(module: &str) -> Option<usize> {
    STAGES.iter().find(|(m, _)| *m == module).map(|(_, r)| *r)
}

/// The stage a file of `src/` belongs to: `src/check/units.rs` and `src/check.rs` are `check`.
fn stage_of(rel: &Path) -> Option<String> {
    let first = rel.components().next()?.as_os_str().to_string_lossy().into_owned();
    Some(first.trim_end_matches(".rs").to_string())
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every module named after `crate::` in `text`, also inside `use crate::{a, b::c}` groups.
fn crate_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let body = &group[..group.find('}').unwrap_or(group.len())];
            for part in body.split(',') {
                let name: String = part.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() && name != "self" {
                    out.push(name);
                }
            }
        } else {
            out.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    out
}

#[test]
fn no_stage_imports_a_later_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut wrong = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let Some(stage) = stage_of(rel) else { continue };
        // The binary (main.rs, watch.rs) sits on top and uses the library as `playaid::`.
        let Some(own) = rank(&stage) else { continue };
        // Code only: comments may name any stage.
        let text: String = std::fs::read_to_string(f)
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for m in crate_paths(&text) {
            if let Some(r) = rank(&m)
                && r > own
            {
                wrong.push(format!("{} (stage `{stage}`) uses `crate::{m}`, a later stage", rel.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "the import graph must follow the pipeline:\n{}", wrong.join("\n"));
}

#[test]
fn every_module_is_a_stage() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib.lines().filter_map(|l| l.strip_prefix("pub mod ")) {
        let m = line.trim_end_matches(';');
        assert!(rank(m).is_some(), "module `{m}` has no place in the pipeline: add it to STAGES and the README");
    }
}

/// Every function's length in lines, from its `fn` line to the `}` at the same indentation.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let code = l.trim_start();
        let indent = l.len() - code.len();
        let head = ["pub fn ", "pub(crate) fn ", "pub(super) fn ", "fn ", "const fn ", "pub const fn "]
            .iter()
            .find_map(|p| code.strip_prefix(p));
        let Some(rest) = head else { continue };
        if l.trim_end().ends_with(';') {
            continue;
        }
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let close = format!("{}}}", " ".repeat(indent));
        let end = lines[i + 1..].iter().position(|m| m.starts_with(&close) && !m[indent..].starts_with("} ="));
        if let Some(end) = end {
            out.push((name, end + 2));
        }
    }
    out
}

/// A function does one named step: past 100 lines it is several (code-style.md).
#[test]
fn no_function_is_longer_than_100_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (name, n) in function_lengths(&text) {
            if n > 100 {
                long.push(format!("{}: `{name}` has {n} lines", f.strip_prefix(&src).unwrap().display()));
            }
        }
    }
    assert!(long.is_empty(), "split these into named steps:\n{}", long.join("\n"));
    assert!(function_lengths("fn a() {\n    x();\n}\n") == vec![("a".to_string(), 3)]);
}
