//! The command line's own errors: a folder that is not a game is a one-line usage error
//! (exit code 2), not a finding and not a panic.

use crate::common::*;
use std::process::Output;

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
    let out = playaid_in(tmp.path(), &["check", missing.to_str().unwrap()]);
    assert_usage_error(&out, "no-such-game");
}

#[test]
fn check_a_folder_without_game_toml() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("half-a-game");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("units.toml"), "[[unit]]\nid = \"rifle-squad\"\nname = \"Rifle Squad\"\n").unwrap();
    let out = playaid_in(tmp.path(), &["check", dir.to_str().unwrap()]);
    assert_usage_error(&out, "game.toml");
}

#[test]
fn check_a_file_instead_of_a_folder() {
    let base = repo().join("tests/check/base");
    let out = playaid_in(&base, &["check", base.join("game.toml").to_str().unwrap()]);
    assert_usage_error(&out, "game.toml");
}

/// One misspelt stat id in a kind: the E006 is the one finding shown, and the unit's missing
/// and extra stat it causes are folded into it, in human, JSON and GitHub output.
#[test]
fn follow_on_findings_fold_into_their_root_cause() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    let bad = toml.replace(
        r#"required_stats = ["armour", "move", "fire", "morale"]"#,
        r#"required_stats = ["armour", "move", "fier", "morale"]"#,
    );
    assert_ne!(toml, bad, "the base game has the kind this test misspells");
    std::fs::write(game.join("game.toml"), bad).unwrap();

    let human = playaid_in(tmp.path(), &["check", "game"]);
    let err = String::from_utf8_lossy(&human.stdout).to_string() + &String::from_utf8_lossy(&human.stderr);
    assert_eq!(human.status.code(), Some(1));
    assert_eq!(err.matches("error[").count(), 1, "one finding shown, the root: {err}");
    assert!(err.contains("error[E006]: unknown stat `fier`"), "{err}");
    assert!(err.contains("2 more findings follow from this one"), "{err}");
    assert!(err.contains("[E010]") && err.contains("[E020]"), "{err}");
    assert!(err.trim_end().ends_with("3 errors"), "{err}");

    let json = playaid_in(tmp.path(), &["check", "game", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let list = v["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    let codes: Vec<&str> =
        list[0]["follow_ons"].as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["E010", "E020"]);
    assert_eq!(v["errors"], 3);

    let gh = playaid_in(tmp.path(), &["check", "game", "--format", "github"]);
    let out = String::from_utf8_lossy(&gh.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("title=E006") && out.contains("[E010]"), "{out}");
}

/// A sheet of 1,200 counters is compiled in parts (on every core); the plain progress lines say
/// so, part by part, so a long document shows progress inside it.
#[test]
fn a_long_document_shows_progress_inside_it() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    std::fs::write(
        game.join("counters.toml"),
        "[[counter_group]]\nid = \"units\"\nsize = \"1/2in\"\n\n[[counter]]\nname = \"Squad\"\nids = \"1-600\"\nquantity = 2\ncounter_group = \"units\"\n",
    )
    .unwrap();
    let out = playaid(&["build", game.to_str().unwrap(), "-o", tmp.path().join("out").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let parts: Vec<(usize, usize)> = err
        .lines()
        .filter_map(|l| l.trim().strip_prefix("counters.pdf: part "))
        .filter_map(|l| l.split_once(" of ").and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?))))
        .collect();
    let of = parts.first().map_or(0, |p| p.1);
    assert!(of >= 2, "{err}");
    let mut seen: Vec<usize> = parts.iter().map(|p| p.0).collect();
    seen.sort();
    assert_eq!(seen, (1..=of).collect::<Vec<_>>(), "every part once: {err}");
    assert!(err.contains("[2/2] counters.pdf: 8 pages"), "{err}");
}
