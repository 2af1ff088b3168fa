//! `playaid explain`: every finding code has a page, and each page's examples are true: its
//! wrong example, added to a copy of the test game `tests/check/base/`, produces the page's
//! code, and its right example checks clean. Pages of findings only a build can report say so;
//! their examples are built instead, except three that need an unwritable folder or pictures of
//! a given resolution (those findings are tested in tests/build.rs and tests/pieces.rs).

use crate::common::*;
use std::path::Path;

/// Findings a `check` cannot produce: render errors and warnings, I/O and picture resolution.
/// (Text overflow, E023, is build-only for cards, but `check` measures counter texts: its page's
/// example is a counter.)
const BUILD_ONLY: [&str; 5] = ["E022", "E024", "W004", "W005", "W014"];

/// The sentence a build-only page carries.
const BUILD_ONLY_NOTE: &str = "This finding comes from `playaid build`, not `playaid check`";

/// Build-only findings whose examples are not run, and what their pages say about it.
const NOT_RUN: [&str; 5] = ["E022", "E024", "W005", "E039", "E068"];
const NOT_RUN_NOTE: &str = "its examples are not run by the\ntest suite";

/// One example block: the file it goes in and its text (the `# in FILE` line included).
struct Block {
    file: String,
    text: String,
}

/// The fenced blocks under the heading `## {heading}` of a page, each starting `# in FILE`.
fn examples(page: &str, heading: &str) -> Vec<Block> {
    let start = page.find(&format!("\n## {heading}\n")).unwrap_or_else(|| panic!("no `## {heading}`"));
    let body = &page[start + heading.len() + 5..];
    let body = &body[..body.find("\n## ").unwrap_or(body.len())];
    let mut blocks = Vec::new();
    let mut lines = body.lines();
    while let Some(line) = lines.next() {
        if !line.starts_with("```") {
            continue;
        }
        let text: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
        let first = text.first().copied().unwrap_or_default();
        let file = first.strip_prefix("# in ").unwrap_or_else(|| panic!("`{first}`: a block starts `# in FILE`"));
        blocks.push(Block { file: file.to_string(), text: text.join("\n") + "\n" });
    }
    assert!(!blocks.is_empty(), "no example under `## {heading}`");
    blocks
}

/// The test game with `blocks` added; the codes `check --format json` (or `build`) reports, its
/// exit code and its output.
fn run_with(command: &str, blocks: &[Block], dir: &Path) -> (Vec<String>, Option<i32>, String) {
    copy_dir(&repo().join("tests/check/base"), dir);
    for b in blocks {
        let path = dir.join(&b.file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let before = std::fs::read_to_string(&path).map(|t| t + "\n").unwrap_or_default();
        // `# in FILE` is a comment in TOML; in other files (a Typst template) it is left out.
        let text =
            if b.file.ends_with(".toml") { b.text.as_str() } else { b.text.split_once('\n').map_or("", |(_, t)| t) };
        std::fs::write(&path, before + text).unwrap();
    }
    let out_dir = dir.with_extension("out");
    let mut args = vec![command, dir.to_str().unwrap(), "--format", "json"];
    if command == "build" {
        args.extend(["-o", out_dir.to_str().unwrap()]);
    }
    let out = playaid(&args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    // `build` prints the JSON only when it has findings, followed by the files it wrote.
    let json = stdout.find('{').map(|i| &stdout[i..]).unwrap_or(r#"{"diagnostics": []}"#);
    let json: serde_json::Value = serde_json::Deserializer::from_str(json)
        .into_iter()
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("no JSON in: {stdout}"));
    let codes = json["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap().to_string());
    (codes.collect(), out.status.code(), stdout)
}

#[test]
fn every_code_has_a_page_with_what_wrong_right_and_fix() {
    for code in playaid::diag::ALL_CODES {
        let out = playaid(&["explain", code.code]);
        assert_eq!(out.status.code(), Some(0), "playaid explain {}", code.code);
        let page = String::from_utf8_lossy(&out.stdout);
        assert!(page.starts_with(&format!("# {} {}: ", code.code, code.name)), "{page}");
        for heading in ["## Wrong", "## Right", "## Fix"] {
            assert!(page.contains(&format!("\n{heading}\n")), "{}: no `{heading}`", code.code);
        }
        let file = std::fs::read_to_string(repo().join(format!("docs/explain/{}.md", code.code))).unwrap();
        assert_eq!(page, file, "the command prints docs/explain/{}.md", code.code);
        let build_only = BUILD_ONLY.contains(&code.code);
        assert_eq!(page.contains(BUILD_ONLY_NOTE), build_only, "{}: says whether it is build-only", code.code);
        assert_eq!(page.contains(NOT_RUN_NOTE), NOT_RUN.contains(&code.code), "{}: says if not run", code.code);
    }
    let pages = std::fs::read_dir(repo().join("docs/explain")).unwrap().count();
    assert_eq!(
        pages,
        playaid::diag::ALL_CODES.len() + playaid::diag::RETIRED.len() + 1,
        "one page per code and retired code, and the README"
    );
}

#[test]
fn a_retired_code_keeps_its_page_and_names_the_code_that_replaced_it() {
    for r in playaid::diag::RETIRED {
        let out = playaid(&["explain", r.code]);
        let page = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "playaid explain {}", r.code);
        assert!(page.starts_with(&format!("# {} {}: retired, now", r.code, r.name)), "{page}");
        assert!(page.contains(&format!("`{}`", r.by.code)), "{page}");
        // The code that replaced it explains too, and the index lists both.
        assert_eq!(playaid(&["explain", r.by.code]).status.code(), Some(0));
        let index = String::from_utf8_lossy(&playaid(&["explain"]).stdout).into_owned();
        assert!(index.contains(&format!("{}  {}", r.code, r.name)), "{index}");
    }
    // The README names W020 for the sides of a near grey: an old log can be looked up.
    let page = String::from_utf8_lossy(&playaid(&["explain", "W020"]).stdout).into_owned();
    assert!(page.starts_with("# W020 same-grey:"), "{page}");
}

#[test]
fn every_wrong_example_produces_its_code_and_every_right_one_checks_clean() {
    let mut failures = Vec::new();
    for code in playaid::diag::ALL_CODES.iter().filter(|c| !NOT_RUN.contains(&c.code)) {
        let page = std::fs::read_to_string(repo().join(format!("docs/explain/{}.md", code.code))).unwrap();
        let command = if BUILD_ONLY.contains(&code.code) { "build" } else { "check" };
        let tmp = tempfile::tempdir().unwrap();
        let (got, exit, json) = run_with(command, &examples(&page, "Wrong"), &tmp.path().join("wrong"));
        // Only this code: the example shows one mistake, not a cascade.
        if got.is_empty() || got.iter().any(|c| c != code.code) {
            failures.push(format!("{}: the wrong example gives {got:?} (exit {exit:?}):\n{json}", code.code));
        }
        let (got, exit, json) = run_with(command, &examples(&page, "Right"), &tmp.path().join("right"));
        if !got.is_empty() || exit != Some(0) {
            failures.push(format!("{}: the right example gives {got:?} (exit {exit:?}):\n{json}", code.code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn explain_alone_lists_every_code() {
    let out = playaid(&["explain"]);
    assert_eq!(out.status.code(), Some(0));
    let list = String::from_utf8_lossy(&out.stdout);
    for code in playaid::diag::ALL_CODES {
        let line =
            list.lines().find(|l| l.starts_with(code.code)).unwrap_or_else(|| panic!("{} not listed", code.code));
        assert!(line.contains(code.name), "{line}");
    }
    assert!(list.contains("E006  unknown-reference"), "{list}");
    assert!(list.contains("a reference to something that does not exist"), "{list}");
}

#[test]
fn an_unknown_code_is_a_usage_error_with_a_did_you_mean() {
    let out = playaid(&["explain", "E0006"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: no finding has the code `E0006`; did you mean `E006`?"), "{stderr}");
    assert!(stderr.contains("playaid explain"), "{stderr}");
    assert!(out.stdout.is_empty());

    let out = playaid(&["explain", "X123"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("did you mean"), "nothing close to X123: {stderr}");
}

#[test]
fn human_findings_point_at_explain_once_per_code() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &dir);
    let units = std::fs::read_to_string(dir.join("units.toml")).unwrap();
    // Two unknown kinds: E006 twice, one note.
    let broken =
        units.replace("kind = \"infantry\"", "kind = \"infantery\"").replace("kind = \"boat\"", "kind = \"bote\"");
    std::fs::write(dir.join("units.toml"), broken).unwrap();
    let out = playaid(&["check", dir.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches("error[E006]").count(), 2, "{stderr}");
    assert_eq!(stderr.matches("= note: run `playaid explain E006` for more").count(), 1, "{stderr}");
    // JSON stays as it was: no note added to the findings.
    let out = playaid(&["check", dir.to_str().unwrap(), "--format", "json"]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("playaid explain"));
}
