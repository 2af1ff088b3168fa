//! The corpus of bad game folders under tests/bad/: each folder holds one realistic mistake and
//! an `expected.txt` listing every finding `playaid check` must report for it, one per line as
//! `CODE FILE:LINE:COL` (FILE relative to the case folder), in the order the checker prints them.
//! Lines starting with `#` are comments; the first says what the mistake is.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bad")
}

/// Every case folder, sorted by name.
fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("tests/bad exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty(), "tests/bad holds no cases");
    dirs
}

fn playaid(args: &[&Path], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_playaid")).args(args).current_dir(cwd).output().expect("run playaid")
}

fn name_of(case: &Path) -> String {
    case.file_name().unwrap().to_string_lossy().into_owned()
}

/// The finding lines of a case's expected.txt (comments and blank lines dropped).
fn expected(case: &Path) -> Vec<String> {
    let path = case.join("expected.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let first = text.lines().next().unwrap_or("");
    assert!(
        first.starts_with('#') && first.trim_start_matches('#').trim().len() > 10,
        "{}: the first line must be a comment saying what the mistake is",
        path.display()
    );
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

/// A file name from the JSON, relative to the case folder.
fn relative(file: &str, case: &Path) -> String {
    let p = Path::new(file);
    let rel = p
        .strip_prefix(case)
        .or_else(|_| p.strip_prefix(case.canonicalize().unwrap_or_default()))
        .or_else(|_| p.strip_prefix("."))
        .unwrap_or(p);
    rel.to_string_lossy().replace('\\', "/")
}

/// What `check CASE --format json` said.
struct Run {
    code: Option<i32>,
    /// `CODE FILE:LINE:COL`, in the order printed.
    got: Vec<String>,
    /// The same with each finding's message, for failure reports.
    messages: Vec<String>,
}

fn check_json(case: &Path) -> Result<Run, String> {
    let out = playaid(&[Path::new("check"), case, Path::new("--format"), Path::new("json")], case);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("panicked") {
        return Err(format!("playaid panicked:\n{stderr}"));
    }
    let json: serde_json::Value = serde_json::from_str(&stdout)
        .map_err(|e| format!("stdout is not JSON ({e}), exit {:?}:\n{stdout}\nstderr:\n{stderr}", out.status.code()))?;
    let list = json["diagnostics"].as_array().ok_or_else(|| format!("no `diagnostics` array in:\n{stdout}"))?;
    let mut got = Vec::new();
    let mut messages = Vec::new();
    for d in list {
        let code = d["code"].as_str().unwrap_or("?");
        let at = match (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()) {
            (Some(f), Some(l), Some(c)) => format!("{}:{l}:{c}", relative(f, case)),
            (Some(f), _, _) => relative(f, case),
            _ => "-".to_string(),
        };
        got.push(format!("{code} {at}"));
        messages.push(format!("{code} {at}  {}", d["message"].as_str().unwrap_or("")));
    }
    Ok(Run { code: out.status.code(), got, messages })
}

#[test]
fn every_bad_game_reports_exactly_its_expected_findings() {
    let mut failures = Vec::new();
    let all = cases();
    for case in &all {
        let name = name_of(case);
        let want = expected(case);
        assert!(!want.is_empty(), "{name}: expected.txt lists no finding");
        let want_code = if want.iter().any(|l| l.starts_with('E')) { 1 } else { 0 };
        let Run { code, got, messages } = match check_json(case) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("== {name}: {e}"));
                continue;
            }
        };
        if got == want && code == Some(want_code) {
            continue;
        }
        let mut report = format!("== {name}");
        if code != Some(want_code) {
            report.push_str(&format!("\n   exit code: expected {want_code}, got {code:?}"));
        }
        if got != want {
            report.push_str("\n   expected:");
            for l in &want {
                report.push_str(&format!("\n     {l}{}", if got.contains(l) { "" } else { "   <- missing" }));
            }
            report.push_str("\n   got:");
            for (l, m) in got.iter().zip(&messages) {
                report.push_str(&format!("\n     {m}{}", if want.contains(l) { "" } else { "   <- unexpected" }));
            }
            if got.iter().all(|l| want.contains(l)) && want.iter().all(|l| got.contains(l)) {
                report.push_str("\n   (same findings, different order or count)");
            }
        }
        failures.push(report);
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases in tests/bad differ from their expected.txt:\n\n{}\n",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_corpus_covers_every_check() {
    let mut seen = std::collections::BTreeSet::new();
    for case in cases() {
        for l in expected(&case) {
            seen.insert(l.split_whitespace().next().unwrap_or("").to_string());
        }
    }
    // Every code `check` can emit. Not here: findings of a build (render errors and warnings,
    // I/O, text overflow: tests/build.rs and tests/pieces.rs) and picture resolution (needs
    // generated images: tests/pieces.rs).
    let elsewhere = ["E021", "E022", "E023", "E024", "W004", "W005"];
    let required =
        playaid::diag::ALL_CODES.iter().map(|c| c.code.to_string()).filter(|c| !elsewhere.contains(&c.as_str()));
    let missing: Vec<String> = required.filter(|c| !seen.contains(c)).collect();
    assert!(missing.is_empty(), "no case in tests/bad expects {}", missing.join(", "));
}

#[test]
fn human_output_has_the_rustc_shape() {
    let case = corpus().join("e006-ability-typo");
    let want = expected(&case);
    assert_eq!(want.len(), 1, "this test needs a case with one finding");
    // "E006 units.toml:28:14"
    let (code, at) = want[0].split_once(' ').unwrap();
    let (file, line_col) = at.split_once(':').unwrap();
    let (line, col) = line_col.split_once(':').unwrap();
    let (line, col): (usize, usize) = (line.parse().unwrap(), col.parse().unwrap());
    let source_line = std::fs::read_to_string(case.join(file)).unwrap().lines().nth(line - 1).unwrap().to_string();

    let out = playaid(&[Path::new("check"), &case], &case);
    assert_eq!(out.status.code(), Some(1), "exit code");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!text.contains('\u{1b}'), "no colour codes when not writing to a terminal:\n{text}");
    let lines: Vec<&str> = text.lines().collect();

    let head = lines.iter().position(|l| l.starts_with(&format!("error[{code}]: "))).unwrap_or_else(|| {
        panic!("no `error[{code}]: message` line:\n{text}");
    });
    assert!(lines[head].len() > format!("error[{code}]: ").len() + 5, "the error line has a message:\n{text}");
    let arrow = format!("--> {file}:{line}:{col}");
    let arrow_at = lines.iter().position(|l| l.trim_start() == arrow).unwrap_or_else(|| {
        panic!("no `{arrow}` line:\n{text}");
    });
    assert_eq!(arrow_at, head + 1, "the location follows the error line:\n{text}");
    // The source line, with its number in the gutter, then the caret under the wrong token.
    let src_at = lines
        .iter()
        .position(|l| {
            l.split_once('|').is_some_and(|(g, s)| g.trim() == line.to_string() && s.trim() == source_line.trim())
        })
        .unwrap_or_else(|| panic!("source line {line} `{source_line}` not shown:\n{text}"));
    let caret = lines[src_at + 1];
    let bar = lines[src_at].find('|').unwrap();
    assert_eq!(caret.find('|'), Some(bar), "the caret line lines up with the source line:\n{text}");
    let first_caret = caret.find('^').unwrap_or_else(|| panic!("no `^` under the source line:\n{text}"));
    assert_eq!(first_caret - bar - 2, col - 1, "the caret is under column {col}:\n{text}");
    assert!(
        lines[src_at..].iter().any(|l| l.trim_start().starts_with("= help: ")),
        "no `= help:` line after the source:\n{text}"
    );
    assert_eq!(text.trim_end().lines().last(), Some("1 error"), "ends with the summary line:\n{text}");
}

fn assert_usage_error(out: &Output, mentions: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "exit code 2 expected; stderr:\n{stderr}");
    assert!(!stderr.contains("panicked"), "playaid panicked:\n{stderr}");
    assert!(stderr.starts_with("error: "), "a one-line `error: ...` message expected:\n{stderr}");
    assert!(stderr.contains(mentions), "the message should mention `{mentions}`:\n{stderr}");
    assert!(stderr.trim_end().lines().count() <= 2, "a short message, not a dump:\n{stderr}");
}

#[test]
fn check_a_folder_that_does_not_exist() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no-such-game");
    let out = playaid(&[Path::new("check"), &missing], tmp.path());
    assert_usage_error(&out, "no-such-game");
}

#[test]
fn check_a_folder_without_game_toml() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("half-a-game");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("units.toml"), "[[unit]]\nid = \"rifle-squad\"\nname = \"Rifle Squad\"\n").unwrap();
    let out = playaid(&[Path::new("check"), &dir], tmp.path());
    assert_usage_error(&out, "game.toml");
}

#[test]
fn check_a_file_instead_of_a_folder() {
    let case = corpus().join("e006-ability-typo");
    let out = playaid(&[Path::new("check"), &case.join("game.toml")], &case);
    assert_usage_error(&out, "game.toml");
}
