//! The command line's own errors: a folder that is not a game is a one-line usage error
//! (exit code 2), not a finding and not a panic.

mod common;

use common::*;
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
