//! Check cases: one valid base game (`tests/check/base/`) and, in `tests/check/*.cases`, many
//! small cases, each only the change that makes one mistake and the findings `playaid check`
//! must report for it, written next to the text they point at.
//!
//! ```text
//! === e006-ability-typo                     a case: its name, then a one-line description
//! A unit's ability id is misspelt: hard-to-kil.
//! # a comment                               (in the header: `#` lines are comments)
//! #! E010 units.toml:4:6                    a finding in text the case does not show
//! --- replace units.toml                    the snippet below must occur exactly once ...
//! abilities = ["hard-to-kill"]
//! --- with                                  ... and becomes this
//! #! E006 14                                a finding on the next text line, column 14
//! abilities = ["hard-to-kil"]
//! --- append rules.toml                     lines added at the end of a file
//! --- create scenarios.toml                 a new file with the lines below
//! --- create images/x.png from x.png        a new file copied from tests/check/files/
//! --- delete glossary.toml
//! ```
//!
//! An annotation line is `#! CODE WHERE`, with WHERE one of: `COL` (the next text line of this
//! change, that column), `FILE:LINE:COL`, `FILE` (a finding with a file but no line) or `-` (no
//! location). Annotation lines are stripped before the files are written, so they may sit inside
//! multi-line strings. A case expects exactly its annotations, in the order written, and exits
//! with 1 if one of them is an error (`E...`), else 0. Trailing blank lines of a change are
//! dropped; `append` and `create` end the text with a newline, `replace` swaps the exact text.
//!
//! Human output: a case with a file `tests/check/snapshots/NAME.txt` also has its rustc-style
//! output (`playaid check .` run in the case's folder) compared with that file;
//! `PLAYAID_BLESS=1 cargo test --test suite check_cases::` rewrites the snapshot files.

use crate::common::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn check_dir() -> PathBuf {
    repo().join("tests/check")
}

/// Where a finding is expected.
#[derive(Clone, Debug)]
enum Where {
    /// `FILE:LINE:COL`, `FILE`, or `-`, as written.
    Fixed(String),
    /// The `line`-th (from 0) text line of change `change`, column `col`.
    InChange { change: usize, line: usize, col: usize },
}

#[derive(Clone, Debug)]
struct Expect {
    code: String,
    at: Where,
}

#[derive(Debug)]
enum Change {
    Append { file: String, lines: Vec<String> },
    Replace { file: String, old: Vec<String>, new: Vec<String> },
    Create { file: String, lines: Vec<String> },
    CreateFrom { file: String, fixture: String },
    Delete { file: String },
}

#[derive(Debug)]
struct Case {
    name: String,
    description: String,
    /// `tests/check/FILE.cases:LINE` of the case's `===` line.
    origin: String,
    changes: Vec<Change>,
    expected: Vec<Expect>,
}

/// Every case of every `.cases` file, in file order; a malformed file panics with its position.
fn all_cases() -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(check_dir())
        .expect("tests/check exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cases"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let short = format!("tests/check/{}", path.file_name().unwrap().to_string_lossy());
        cases.extend(parse(&short, &text).unwrap_or_else(|e| panic!("{e}")));
    }
    let mut names = std::collections::BTreeSet::new();
    for c in &cases {
        assert!(names.insert(c.name.clone()), "{}: a second case named {}", c.origin, c.name);
    }
    cases
}

fn parse(short: &str, text: &str) -> Result<Vec<Case>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut cases: Vec<Case> = Vec::new();
    let mut i = 0;
    // Before the first case: comments and blank lines only.
    while i < lines.len() && !lines[i].starts_with("=== ") {
        if !(lines[i].trim().is_empty() || lines[i].starts_with('#')) {
            return Err(format!("{short}:{}: text before the first `=== name` line", i + 1));
        }
        i += 1;
    }
    while i < lines.len() {
        let at = |n: usize| format!("{short}:{}", n + 1);
        let name = lines[i]["=== ".len()..].trim().to_string();
        let origin = at(i);
        i += 1;
        let description = lines.get(i).map(|l| l.trim()).unwrap_or("");
        if description.is_empty() || description.starts_with('#') || description.starts_with("---") {
            return Err(format!("{}: case {name} needs a one-line description under its name", at(i)));
        }
        let mut case =
            Case { name, description: description.to_string(), origin, changes: Vec::new(), expected: Vec::new() };
        i += 1;
        // The header: comments, fixed annotations, blank lines.
        while i < lines.len() && !lines[i].starts_with("--- ") && !lines[i].starts_with("=== ") {
            let l = lines[i];
            if let Some(a) = l.strip_prefix("#!") {
                let (code, where_) = annotation(a).map_err(|e| format!("{}: {e}", at(i)))?;
                match where_ {
                    Ok(fixed) => case.expected.push(Expect { code, at: Where::Fixed(fixed) }),
                    Err(_) => {
                        return Err(format!("{}: a column alone needs a change below it; write FILE:LINE:COL", at(i)));
                    }
                }
            } else if !(l.trim().is_empty() || l.starts_with('#')) {
                return Err(format!("{}: expected `#` comments, `#!` findings or a `--- change` line", at(i)));
            }
            i += 1;
        }
        // The changes.
        while i < lines.len() && lines[i].starts_with("--- ") {
            let words: Vec<&str> = lines[i][4..].split_whitespace().collect();
            let here = at(i);
            i += 1;
            let change_index = case.changes.len();
            // A change's text lines up to the next `---` or `===`; its annotations go to `case`.
            let body = |i: &mut usize, case: &mut Case, annotated: bool| -> Result<Vec<String>, String> {
                let mut out = Vec::new();
                let mut pending: Vec<(String, usize, String)> = Vec::new();
                while *i < lines.len() && !lines[*i].starts_with("--- ") && !lines[*i].starts_with("=== ") {
                    let l = lines[*i];
                    if let Some(a) = l.strip_prefix("#!") {
                        if !annotated {
                            return Err(format!("{}: no findings in the text a `replace` looks for", at(*i)));
                        }
                        let (code, where_) = annotation(a).map_err(|e| format!("{}: {e}", at(*i)))?;
                        match where_ {
                            Ok(fixed) => case.expected.push(Expect { code, at: Where::Fixed(fixed) }),
                            Err(col) => pending.push((code, col, at(*i))),
                        }
                    } else {
                        for (code, col, _) in pending.drain(..) {
                            let at = Where::InChange { change: change_index, line: out.len(), col };
                            case.expected.push(Expect { code, at });
                        }
                        out.push(l.to_string());
                    }
                    *i += 1;
                }
                if let Some((_, _, pos)) = pending.first() {
                    return Err(format!("{pos}: a finding with a column alone needs a text line under it"));
                }
                while out.last().is_some_and(|l: &String| l.trim().is_empty()) {
                    out.pop();
                }
                Ok(out)
            };
            let change = match words.as_slice() {
                ["append", file] => Change::Append { file: file.to_string(), lines: body(&mut i, &mut case, true)? },
                ["create", file] => Change::Create { file: file.to_string(), lines: body(&mut i, &mut case, true)? },
                ["create", file, "from", fixture] => {
                    Change::CreateFrom { file: file.to_string(), fixture: fixture.to_string() }
                }
                ["delete", file] => Change::Delete { file: file.to_string() },
                ["replace", file] => {
                    let old = body(&mut i, &mut case, false)?;
                    if lines.get(i).map(|l| l.trim_end()) != Some("--- with") {
                        return Err(format!("{here}: `--- replace` needs a `--- with` after its snippet"));
                    }
                    i += 1;
                    let new = body(&mut i, &mut case, true)?;
                    if old.is_empty() {
                        return Err(format!("{here}: `--- replace` with an empty snippet"));
                    }
                    Change::Replace { file: file.to_string(), old, new }
                }
                _ => return Err(format!("{here}: unknown change `{}`", lines[i - 1])),
            };
            // Text after a bodiless change would be lost: say so.
            if i < lines.len() && !lines[i].starts_with("--- ") && !lines[i].starts_with("=== ") {
                if !lines[i].trim().is_empty() {
                    return Err(format!("{}: text after a change that takes none", at(i)));
                }
                while i < lines.len() && lines[i].trim().is_empty() {
                    i += 1;
                }
            }
            case.changes.push(change);
        }
        if i < lines.len() && !lines[i].starts_with("=== ") {
            return Err(format!("{}: expected `--- change` or `=== name`", at(i)));
        }
        if case.expected.is_empty() {
            return Err(format!("{}: case {} expects no finding", case.origin, case.name));
        }
        cases.push(case);
    }
    Ok(cases)
}

/// `E006 14` -> (E006, Err(14)); `E006 units.toml:3:4` -> (E006, Ok("units.toml:3:4")).
fn annotation(text: &str) -> Result<(String, Result<String, usize>), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [code, where_] = words.as_slice() else {
        return Err(format!(
            "an annotation is `#! CODE COL`, `#! CODE FILE:LINE:COL`, `#! CODE FILE` or `#! CODE -`, not `#!{text}`"
        ));
    };
    let well_formed = code.len() == 4
        && (code.starts_with('E') || code.starts_with('W'))
        && code[1..].chars().all(|c| c.is_ascii_digit());
    if !well_formed {
        return Err(format!("`{code}` is not a finding code like E006 or W001"));
    }
    match where_.parse::<usize>() {
        Ok(col) => Ok((code.to_string(), Err(col))),
        Err(_) => Ok((code.to_string(), Ok(where_.to_string()))),
    }
}

/// The case's game in `dir` (a copy of the base with the changes applied) and its expected
/// findings as `CODE FILE:LINE:COL`.
fn materialize(case: &Case, dir: &Path) -> Result<Vec<String>, String> {
    copy_dir(&check_dir().join("base"), dir);
    // The first line number of each change's text in its file.
    let mut first_line = vec![0; case.changes.len()];
    for (n, change) in case.changes.iter().enumerate() {
        let path = |file: &str| dir.join(file);
        let read = |file: &str| std::fs::read_to_string(path(file)).map_err(|e| format!("cannot change {file}: {e}"));
        match change {
            Change::Append { file, lines } => {
                let mut text = read(file)?;
                first_line[n] = text.matches('\n').count() + 1;
                if !text.ends_with('\n') {
                    return Err(format!("append to {file}: it does not end with a newline"));
                }
                text.push_str(&(lines.join("\n") + "\n"));
                std::fs::write(path(file), text).unwrap();
            }
            Change::Replace { file, old, new } => {
                let text = read(file)?;
                let (old, new) = (old.join("\n"), new.join("\n"));
                let found = text.match_indices(&old).count();
                if found != 1 {
                    return Err(format!("replace in {file}: the snippet occurs {found} times, not once:\n{old}"));
                }
                let start = text.find(&old).unwrap();
                first_line[n] = text[..start].matches('\n').count() + 1;
                std::fs::write(path(file), text.replacen(&old, &new, 1)).unwrap();
            }
            Change::Create { file, lines } => {
                if path(file).exists() {
                    return Err(format!("create {file}: the file exists (use replace or append)"));
                }
                std::fs::create_dir_all(path(file).parent().unwrap()).unwrap();
                std::fs::write(path(file), lines.join("\n") + "\n").unwrap();
                first_line[n] = 1;
            }
            Change::CreateFrom { file, fixture } => {
                std::fs::create_dir_all(path(file).parent().unwrap()).unwrap();
                std::fs::copy(check_dir().join("files").join(fixture), path(file))
                    .map_err(|e| format!("create {file} from tests/check/files/{fixture}: {e}"))?;
            }
            Change::Delete { file } => {
                std::fs::remove_file(path(file)).map_err(|e| format!("delete {file}: {e}"))?;
            }
        }
    }
    let file_of = |change: &Change| match change {
        Change::Append { file, .. } | Change::Replace { file, .. } | Change::Create { file, .. } => file.clone(),
        _ => unreachable!("only changes with text carry findings"),
    };
    Ok(case
        .expected
        .iter()
        .map(|e| match &e.at {
            Where::Fixed(at) => format!("{} {at}", e.code),
            Where::InChange { change, line, col } => {
                format!("{} {}:{}:{col}", e.code, file_of(&case.changes[*change]), first_line[*change] + line)
            }
        })
        .collect())
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

/// What `check DIR --format json` said.
struct Run {
    code: Option<i32>,
    /// `CODE FILE:LINE:COL`, in the order printed.
    got: Vec<String>,
    /// The same with each finding's message, for failure reports.
    messages: Vec<String>,
}

fn check_json(dir: &Path) -> Result<Run, String> {
    let out = playaid_in(dir, &["check", dir.to_str().unwrap(), "--format", "json"]);
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
    // A root cause, then the findings folded into it (they follow from it).
    let flat = list.iter().flat_map(|d| std::iter::once(d).chain(d["follow_ons"].as_array().into_iter().flatten()));
    for d in flat {
        let code = d["code"].as_str().unwrap_or("?");
        let at = match (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()) {
            (Some(f), Some(l), Some(c)) => format!("{}:{l}:{c}", relative(f, dir)),
            (Some(f), _, _) => relative(f, dir),
            _ => "-".to_string(),
        };
        got.push(format!("{code} {at}"));
        messages.push(format!("{code} {at}  {}", d["message"].as_str().unwrap_or("")));
    }
    Ok(Run { code: out.status.code(), got, messages })
}

/// Runs one case; `Err` is the failure report.
fn run_case(case: &Case) -> Result<(), String> {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    let want = materialize(case, &dir)?;
    let want_code = if want.iter().any(|l| l.starts_with('E')) { 1 } else { 0 };
    let Run { code, got, messages } = check_json(&dir)?;
    if got == want && code == Some(want_code) {
        return Ok(());
    }
    let mut report = String::new();
    if code != Some(want_code) {
        let _ = write!(report, "\n   exit code: expected {want_code}, got {code:?}");
    }
    if got != want {
        report.push_str("\n   expected:");
        for l in &want {
            let _ = write!(report, "\n     {l}{}", if got.contains(l) { "" } else { "   <- missing" });
        }
        report.push_str("\n   got:");
        for (l, m) in got.iter().zip(&messages) {
            let _ = write!(report, "\n     {m}{}", if want.contains(l) { "" } else { "   <- unexpected" });
        }
        if got.iter().all(|l| want.contains(l)) && want.iter().all(|l| got.contains(l)) {
            report.push_str("\n   (same findings, different order or count)");
        }
    }
    Err(report.trim_start_matches('\n').to_string())
}

#[test]
fn every_case_reports_exactly_its_expected_findings() {
    let cases = all_cases();
    let mut failures = Vec::new();
    for case in &cases {
        if let Err(report) = run_case(case) {
            failures.push(format!("== {} ({}): {}\n{report}", case.name, case.origin, case.description));
        }
    }
    println!("{} check cases run", cases.len());
    assert!(
        failures.is_empty(),
        "{} of {} check cases failed:\n\n{}\n",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_base_game_checks_clean() {
    let base = check_dir().join("base");
    let run = check_json(&base).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((run.code, run.messages), (Some(0), vec![]), "tests/check/base/ must check clean");
}

#[test]
fn the_cases_cover_every_check() {
    let seen: std::collections::BTreeSet<String> =
        all_cases().iter().flat_map(|c| c.expected.iter().map(|e| e.code.clone())).collect();
    // Every code `check` can emit. Not here: findings of a build (render errors and warnings,
    // I/O, text overflow: tests/build.rs and tests/pieces.rs) and picture resolution (needs
    // generated images: tests/pieces.rs), and E039, a run stopped over its limits (it needs a
    // game's own runaway template: tests/build.rs and tests/watch.rs). E068, a game's icons over
    // their limits (hundreds of files or a large one, generated: tests/icons.rs). W014, an
    // export of a game without pieces (a build's finding: tests/vtt.rs).
    let elsewhere = ["E021", "E022", "E023", "E024", "W004", "W005", "E039", "E068", "W014"];
    let required =
        playaid::diag::ALL_CODES.iter().map(|c| c.code.to_string()).filter(|c| !elsewhere.contains(&c.as_str()));
    let missing: Vec<String> = required.filter(|c| !seen.contains(c)).collect();
    assert!(missing.is_empty(), "no case in tests/check/*.cases expects {}", missing.join(", "));
}

/// The human output of `playaid check .`, run in the case's folder so paths are stable.
fn human_output(case: &Case) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    materialize(case, &dir).unwrap_or_else(|e| panic!("{} ({}): {e}", case.name, case.origin));
    let out = playaid_in(&dir, &["check", "."]);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    format!("exit code: {:?}\n{text}", out.status.code())
}

#[test]
fn human_output_matches_the_snapshots() {
    let snapshots = check_dir().join("snapshots");
    let cases = all_cases();
    let bless = std::env::var_os("PLAYAID_BLESS").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in std::fs::read_dir(&snapshots).expect("tests/check/snapshots exists") {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let case = cases.iter().find(|c| c.name == name).unwrap_or_else(|| {
            panic!("{}: no case named {name}", path.display());
        });
        count += 1;
        let got = human_output(case);
        if bless {
            std::fs::write(&path, &got).unwrap();
        } else if std::fs::read_to_string(&path).unwrap() != got {
            failures.push(format!(
                "== {name} ({}): the output differs from tests/check/snapshots/{name}.txt \
                 (PLAYAID_BLESS=1 rewrites it):\n{got}",
                case.origin
            ));
        }
    }
    assert!(count >= 5, "a handful of snapshots expected, found {count}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn human_output_has_the_rustc_shape() {
    let case = all_cases().into_iter().find(|c| c.name == "e006-ability-typo").expect("case e006-ability-typo");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    let want = materialize(&case, &dir).unwrap();
    assert_eq!(want.len(), 1, "this test needs a case with one finding");
    // "E006 units.toml:28:14"
    let (code, at) = want[0].split_once(' ').unwrap();
    let (file, line_col) = at.split_once(':').unwrap();
    let (line, col) = line_col.split_once(':').unwrap();
    let (line, col): (usize, usize) = (line.parse().unwrap(), col.parse().unwrap());
    let source_line = std::fs::read_to_string(dir.join(file)).unwrap().lines().nth(line - 1).unwrap().to_string();

    let out = playaid_in(&dir, &["check", dir.to_str().unwrap()]);
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

/// The schema (`playaid schema`) and the loader agree on every case: a TOML file the loader
/// finds an unknown key or a wrong type in, the schema rejects; a file the schema rejects, the
/// loader has a finding about the file's form in (syntax, key, type, value, old spelling).
#[test]
fn the_schema_agrees_with_the_loader_on_every_case() {
    let validator = schema_validator();
    let form = ["E001", "E002", "E003", "E004", "E018", "W007"];
    let mut failures = Vec::new();
    let mut both_reject = 0;
    for case in all_cases() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("game");
        materialize(&case, &dir).unwrap_or_else(|e| panic!("{} ({}): {e}", case.name, case.origin));
        let run = check_json(&dir).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        for file in toml_files(&dir) {
            let name = relative(file.to_str().unwrap(), &dir);
            let here: Vec<&String> = run.messages.iter().filter(|m| m[5..].starts_with(&format!("{name}:"))).collect();
            let errors = schema_errors(&validator, &file);
            let loader_rejects = here.iter().any(|m| m.contains("unknown field") || m.starts_with("E004"));
            let loader_says_form = here.iter().any(|m| form.contains(&&m[..4]));
            both_reject += usize::from(loader_rejects && !errors.is_empty());
            if loader_rejects && errors.is_empty() {
                failures.push(format!(
                    "{} ({}): the schema accepts {name}, the loader says: {here:?}",
                    case.name, case.origin
                ));
            }
            if !errors.is_empty() && !loader_says_form {
                failures.push(format!(
                    "{} ({}): the loader accepts {name}, the schema says: {errors:?}",
                    case.name, case.origin
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
    // The cases of unknown keys and wrong types were compared, not skipped.
    assert!(both_reject >= 10, "only {both_reject} files rejected by both");
}
