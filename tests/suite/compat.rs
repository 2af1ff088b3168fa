//! A new release never breaks a game. `tests/compat/<date>/` keeps games as they were written
//! for earlier releases: the examples of `data/` and the starters of `playaid new` as they were
//! on 2026-11-28, designers' variants that release refused (smaller factors on block stickers,
//! two sides of a near grey), and a War at Sea game in the spellings of 2026-11-22. Each must check without an error and build under
//! this release (warnings allowed); `playaid fix` turns the old spellings into the new ones.
//! At each release, copy `data/` and the starters into a new dated folder here.

use crate::common::*;
use std::path::{Path, PathBuf};

/// Every game folder under tests/compat.
fn compat_games() -> Vec<PathBuf> {
    let mut games = Vec::new();
    for release in std::fs::read_dir(repo().join("tests/compat")).unwrap() {
        for game in std::fs::read_dir(release.unwrap().path()).unwrap() {
            let path = game.unwrap().path();
            if path.join("game.toml").is_file() {
                games.push(path);
            }
        }
    }
    games.sort();
    games
}

/// The codes and severities `check --format json` reports, with its exit code.
fn check(dir: &Path, extra: &[&str]) -> (Vec<(String, String)>, Option<i32>) {
    let mut args = vec!["check", dir.to_str().unwrap(), "--format", "json"];
    args.extend(extra);
    let out = playaid(&args);
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    let found = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_string(), d["severity"].as_str().unwrap().to_string()))
        .collect();
    (found, out.status.code())
}

#[test]
fn every_game_of_an_earlier_release_checks_without_an_error_and_builds() {
    let games = compat_games();
    assert!(games.len() >= 15, "{games:?}");
    let tmp = tempfile::tempdir().unwrap();
    for game in games {
        let (found, code) = check(&game, &[]);
        let errors: Vec<_> = found.iter().filter(|(_, s)| s == "error").collect();
        assert!(errors.is_empty() && code == Some(0), "{}: {found:?}", game.display());
        let out_dir = tmp.path().join(game.file_name().unwrap());
        let out = playaid(&["build", game.to_str().unwrap(), "-o", out_dir.to_str().unwrap(), "-q"]);
        assert_eq!(out.status.code(), Some(0), "{}: {}", game.display(), String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn advice_is_a_warning_that_a_game_or_a_run_can_raise_to_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("tests/compat/2026-11-28/skirmish-near-grey"), &game);
    assert_eq!(check(&game, &[]), (vec![("W020".into(), "warning".into())], Some(0)));
    // On the command line, by code, by name or all warnings: the same finding, an error.
    for deny in ["W020", "same-grey", "warnings", "w20"] {
        assert_eq!(check(&game, &["--deny", deny]), (vec![("W020".into(), "error".into())], Some(1)), "{deny}");
    }
    // A retired code raises the warning that took its place.
    assert_eq!(check(&game, &["--deny", "E072"]), (vec![("W020".into(), "error".into())], Some(1)));
    // Errors are no warnings to raise, nor is what names no warning: a usage error, at once.
    for deny in ["E070", "W999", "W+20", ""] {
        let out = playaid(&["check", game.to_str().unwrap(), "--deny", deny]);
        assert_eq!(out.status.code(), Some(2), "--deny {deny}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&format!("`{deny}`")), "{stderr}");
    }
    // A build denied its warnings writes nothing.
    let out_dir = tmp.path().join("out");
    let out = playaid(&["build", game.to_str().unwrap(), "-o", out_dir.to_str().unwrap(), "--deny", "warnings"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!out_dir.exists() || std::fs::read_dir(&out_dir).unwrap().next().is_none(), "nothing written");

    // In the game itself: `deny` in [game], and a mistyped entry located.
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    let denying = toml.replacen("[game]\n", "[game]\ndeny = [\"W020\"]\n", 1);
    assert_ne!(denying, toml);
    std::fs::write(game.join("game.toml"), &denying).unwrap();
    assert_eq!(check(&game, &[]), (vec![("W020".into(), "error".into())], Some(1)));
    let human = String::from_utf8_lossy(&playaid(&["check", game.to_str().unwrap()]).stderr).into_owned();
    assert!(human.contains("made an error by `deny` in [game]"), "{human}");
    std::fs::write(game.join("game.toml"), toml.replacen("[game]\n", "[game]\ndeny = [\"W02O\"]\n", 1)).unwrap();
    let (found, code) = check(&game, &[]);
    assert_eq!(code, Some(1));
    assert!(found.contains(&("E018".into(), "error".into())), "{found:?}");
    // A retired code in `deny`: W007, and `playaid fix` writes its successor.
    std::fs::write(game.join("game.toml"), toml.replacen("[game]\n", "[game]\ndeny = [\"E072\"]\n", 1)).unwrap();
    let (found, code) = check(&game, &[]);
    assert_eq!(code, Some(1), "W020 denied: {found:?}");
    assert!(found.contains(&("W007".into(), "warning".into())), "{found:?}");
    assert_eq!(playaid(&["fix", game.to_str().unwrap()]).status.code(), Some(1), "W020 is left, an error");
    assert!(std::fs::read_to_string(game.join("game.toml")).unwrap().contains("deny = [\"W020\"]"));
}

#[test]
fn fix_turns_the_war_at_sea_game_of_2026_11_22_into_one_without_old_spellings() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("war-at-sea");
    copy_dir(&repo().join("tests/compat/2026-11-22/war-at-sea"), &game);
    let w007 = |dir: &Path| check(dir, &[]).0.iter().filter(|(c, _)| c == "W007").count();
    assert_eq!(w007(&game), 14);
    // Each W007 carries its fix in the JSON, for an editor to offer.
    let json =
        String::from_utf8_lossy(&playaid(&["check", game.to_str().unwrap(), "--format", "json"]).stdout).into_owned();
    assert_eq!(json.matches("\"fix\": {").count(), 14, "{json}");
    assert!(json.contains("\"to\": \"required_traits\""), "{json}");
    let before: Vec<(PathBuf, String)> =
        toml_files(&game).into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap())).collect();

    // --dry-run: the diff, and nothing written.
    let out = playaid(&["fix", game.to_str().unwrap(), "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let diff = String::from_utf8_lossy(&out.stdout).into_owned();
    for line in [
        "--- a/abilities.toml",
        "+++ b/abilities.toml",
        "-requires = ",
        "+required_traits = ",
        "+font_size = \"4.6pt\"",
    ] {
        assert!(diff.contains(line), "`{line}` not in the diff:\n{diff}");
    }
    assert!(String::from_utf8_lossy(&out.stderr).contains("would fix 14 findings"));
    for (path, text) in &before {
        assert_eq!(&std::fs::read_to_string(path).unwrap(), text, "--dry-run wrote {}", path.display());
    }

    let out = playaid(&["fix", game.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(w007(&game), 0);
    let (found, code) = check(&game, &[]);
    assert_eq!(code, Some(0), "{found:?}");
    // Only the fixed keys and values changed: every comment and every other line is as it was.
    for (path, text) in &before {
        let now = std::fs::read_to_string(path).unwrap();
        let (old, new): (Vec<&str>, Vec<&str>) = (text.lines().collect(), now.lines().collect());
        assert_eq!(old.len(), new.len(), "{}", path.display());
        for (a, b) in old.iter().zip(&new) {
            if a != b {
                assert!(!a.trim_start().starts_with('#'), "a comment changed: {a}");
                let comment = |l: &str| l.split_once(" #").map(|(_, c)| c.to_string());
                assert_eq!(comment(a), comment(b), "a trailing comment changed: {a} / {b}");
            }
        }
    }
    // A second run has nothing left to do.
    let out = playaid(&["fix", game.to_str().unwrap()]);
    assert!(out.stdout.is_empty() && String::from_utf8_lossy(&out.stderr).contains("nothing to fix"));
}

#[test]
fn fix_leaves_a_file_with_an_error_it_cannot_mend_as_it_is() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("war-at-sea");
    copy_dir(&repo().join("tests/compat/2026-11-22/war-at-sea"), &game);
    // A kind nothing is close to (E006 without a fix) in units.toml, a one-letter slip in
    // abilities.toml (E006 with one close id).
    let units = std::fs::read_to_string(game.join("units.toml")).unwrap();
    let broken = units.replacen("kind = \"troop\"", "kind = \"zzzzzz\"", 1);
    assert_ne!(broken, units);
    std::fs::write(game.join("units.toml"), &broken).unwrap();
    let out = playaid(&["fix", game.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "an error is left: {stderr}");
    assert!(stderr.contains("left") && stderr.contains("units.toml") && stderr.contains("zzzzzz"), "{stderr}");
    assert_eq!(std::fs::read_to_string(game.join("units.toml")).unwrap(), broken, "units.toml untouched");
    // The other files are fixed.
    let abilities = std::fs::read_to_string(game.join("abilities.toml")).unwrap();
    assert!(abilities.contains("required_traits = ") && !abilities.contains("\nrequires = "), "{abilities}");
}

#[test]
fn a_finding_on_a_megabyte_line_quotes_its_neighbourhood_only() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let text = std::fs::read_to_string(game.join("abilities.toml")).unwrap();
    let long = format!("{}[[unit:nope]]{}", "Carries squads. ".repeat(40_000), " and more.".repeat(40_000));
    let text = text.replacen("text = \"", &format!("text = \"{long}"), 1);
    std::fs::write(game.join("abilities.toml"), &text).unwrap();
    let out = playaid(&["check", game.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.len() < 2_000, "{} bytes", stderr.len());
    assert!(stderr.lines().all(|l| l.chars().count() <= 250), "{stderr}");
    // The real place: 8 characters of `text = "`, 640,000 of the repeated sentence, 7 of `[[unit:`.
    assert!(stderr.contains(":640016"), "{stderr}");
    let quoted = stderr.lines().find(|l| l.contains("[[unit:nope]]")).expect("the line is quoted");
    let caret = stderr.lines().find(|l| l.contains("^^^^")).expect("a caret line");
    assert_eq!(quoted.find("nope"), caret.find('^'), "the caret is under the mistake:\n{stderr}");
    assert!(quoted.contains("...") && quoted.ends_with("..."), "{quoted}");
}
