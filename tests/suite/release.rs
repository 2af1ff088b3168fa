//! Installing without Rust: `.github/workflows/release.yml` builds a binary per platform on a
//! tag and attaches it to the release; the composite action `action.yml` downloads the one for
//! its runner and checks (and builds) a designer's games. What can be tested offline is tested
//! here: both files parse, the names the action downloads are the names the release uploads,
//! and the action's check and build scripts run as written against the built binary.

use crate::common::*;
use serde_yaml::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

fn yaml(path: &str) -> Value {
    let text = std::fs::read_to_string(repo().join(path)).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{path} is not YAML: {e}"))
}

/// The action's step called `name`.
fn action_step(name: &str) -> Value {
    let action = yaml("action.yml");
    let steps = action["runs"]["steps"].as_sequence().expect("runs.steps");
    steps.iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("no step `{name}` in action.yml")).clone()
}

/// Runs a step's script with bash, as a runner would, with `env` and the built playaid first
/// on the PATH.
fn run_step(step: &Value, env: &[(&str, &str)], cwd: &Path) -> Output {
    assert_eq!(step["shell"], "bash");
    let script = step["run"].as_str().expect("a run script");
    let bin = Path::new(env!("CARGO_BIN_EXE_playaid")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(cwd)
        .env("PATH", path)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

fn out(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// release.yml's matrix: runner image → (binary built, asset uploaded).
fn release_assets() -> BTreeMap<String, (String, String)> {
    let wf = yaml(".github/workflows/release.yml");
    assert_eq!(wf["on"]["push"]["tags"][0], "v*", "runs on a v* tag");
    let job = &wf["jobs"]["binaries"];
    assert_eq!(job["runs-on"], "${{ matrix.os }}");
    let upload = job["steps"].as_sequence().unwrap().iter().find(|s| s["name"] == "Attach the binary to the release");
    let upload = upload.expect("an upload step");
    assert!(upload["run"].as_str().unwrap().contains("gh release upload \"$GITHUB_REF_NAME\" \"dist/$ASSET\""));
    assert_eq!(upload["env"]["ASSET"], "${{ matrix.asset }}");
    let s = |v: &Value| v.as_str().unwrap().to_string();
    job["strategy"]["matrix"]["include"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|m| (s(&m["os"]), (s(&m["binary"]), s(&m["asset"]))))
        .collect()
}

#[test]
fn the_release_builds_linux_macos_arm_and_windows() {
    let assets = release_assets();
    let names: Vec<&str> = assets.values().map(|(_, a)| a.as_str()).collect();
    assert_eq!(names, ["playaid-macos-arm64", "playaid-linux-x86_64", "playaid-windows-x86_64.exe"]);
    assert!(assets.keys().any(|os| os.starts_with("macos-14")), "an Apple silicon runner: {assets:?}");
}

/// What the action's "Choose the binary" step says for a runner and the action's inputs.
fn choose(runner: (&str, &str), version: &str, action_ref: &str) -> (Option<i32>, String) {
    let tmp = tempfile::tempdir().unwrap();
    let output = tmp.path().join("output");
    std::fs::write(&output, "").unwrap();
    let env = [
        ("RUNNER_OS", runner.0),
        ("RUNNER_ARCH", runner.1),
        ("VERSION", version),
        ("ACTION_REF", action_ref),
        ("REPOSITORY", "someone/playaid"),
        ("GITHUB_OUTPUT", output.to_str().unwrap()),
    ];
    let o = run_step(&action_step("Choose the binary"), &env, tmp.path());
    (o.status.code(), format!("{}{}", std::fs::read_to_string(&output).unwrap(), out(&o)))
}

#[test]
fn the_action_downloads_what_the_release_uploads() {
    let assets = release_assets();
    // Each runner the action supports, and the release runner that builds its binary.
    for (runner, release_os) in
        [(("Linux", "X64"), "ubuntu-"), (("macOS", "ARM64"), "macos-"), (("Windows", "X64"), "windows-")]
    {
        let (binary, asset) = assets.iter().find(|(os, _)| os.starts_with(release_os)).map(|(_, v)| v).unwrap();
        let (code, said) = choose(runner, "v0.3.0", "");
        assert_eq!(code, Some(0), "{said}");
        let url = format!("url=https://github.com/someone/playaid/releases/download/v0.3.0/{asset}\n");
        assert!(said.contains(&url), "{runner:?}: {said}");
        assert!(said.contains(&format!("name={binary}\n")), "{runner:?}: {said}");
    }
    let (code, said) = choose(("Linux", "ARM64"), "", "");
    assert_eq!(code, Some(1));
    assert!(said.contains("::error title=playaid::no playaid binary for Linux on ARM64"), "{said}");

    let download = action_step("Download playaid");
    assert_eq!(download["env"]["URL"], "${{ steps.binary.outputs.url }}");
    assert!(download["run"].as_str().unwrap().contains("\"$URL\""));
}

#[test]
fn the_action_takes_the_release_of_its_own_tag_unless_told() {
    let linux = ("Linux", "X64");
    let url = |said: &str| said.lines().find_map(|l| l.strip_prefix("url=")).unwrap_or_default().to_string();
    let base = "https://github.com/someone/playaid/releases";
    assert_eq!(url(&choose(linux, "", "v0.2.0").1), format!("{base}/download/v0.2.0/playaid-linux-x86_64"));
    assert_eq!(url(&choose(linux, "", "main").1), format!("{base}/latest/download/playaid-linux-x86_64"));
    assert_eq!(url(&choose(linux, "latest", "v0.2.0").1), format!("{base}/latest/download/playaid-linux-x86_64"));
    assert_eq!(url(&choose(linux, "v0.1.0", "v0.2.0").1), format!("{base}/download/v0.1.0/playaid-linux-x86_64"));
}

#[test]
fn the_action_has_its_inputs_and_checks_every_game_as_written() {
    let action = yaml("action.yml");
    assert_eq!(action["runs"]["using"], "composite");
    for input in ["version", "games", "build"] {
        assert!(action["inputs"][input]["description"].is_string(), "input `{input}`");
    }
    let check = action_step("Check");
    let games = "data/war-at-sea-troop-landing data/genpei-naval";
    let o = run_step(&check, &[("GAMES", games)], &repo());
    assert!(o.status.success(), "{}", out(&o));
    assert!(!out(&o).contains("::error"), "{}", out(&o));

    // A broken game fails the step with an annotation at its line.
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("my-game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let units = std::fs::read_to_string(game.join("units.toml")).unwrap();
    std::fs::write(game.join("units.toml"), units.replace("kind = \"boat\"", "kind = \"bote\"")).unwrap();
    let o = run_step(&check, &[("GAMES", "my-game")], tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(out(&o).contains("::error file=my-game/units.toml,line=15"), "{}", out(&o));
}

#[test]
fn the_action_builds_when_asked() {
    let build = action_step("Build");
    assert_eq!(build["if"], "inputs.build == 'true'");
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("my-game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let o = run_step(&build, &[("GAMES", "my-game"), ("OUT", "pdfs")], tmp.path());
    assert!(o.status.success(), "{}", out(&o));
    assert!(tmp.path().join("pdfs/beachhead-1.2/cheatsheet.pdf").is_file(), "{}", out(&o));
}

#[test]
fn the_action_writes_virtual_tabletop_files_when_asked() {
    let build = action_step("Build");
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("my-game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let env = [("GAMES", "my-game"), ("OUT", "out"), ("EXPORTS", "vassal"), ("BASE_URL", "")];
    let o = run_step(&build, &env, tmp.path());
    assert!(o.status.success(), "{}", out(&o));
    assert!(tmp.path().join("out/beachhead-1.2/beachhead.vmod").is_file(), "{}", out(&o));
    let env = [("GAMES", "my-game"), ("OUT", "out"), ("EXPORTS", "pdf"), ("BASE_URL", "")];
    let o = run_step(&build, &env, tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(out(&o).contains("::error title=playaid::unknown export 'pdf'"), "{}", out(&o));
}

#[test]
fn the_action_marks_changes_since_the_last_tag() {
    let build = action_step("Build");
    let tmp = tempfile::tempdir().unwrap();
    war_at_sea_history(tmp.path(), "my-game");
    git(tmp.path(), &["add", "-A"]);
    git(tmp.path(), &["commit", "-q", "-m", "2.0"]);
    let env = [("GAMES", "my-game"), ("OUT", "out"), ("EXPORTS", ""), ("BASE_URL", ""), ("SINCE", "")];
    let o = run_step(&build, &env, tmp.path());
    assert!(o.status.success(), "{}", out(&o));
    assert!(tmp.path().join("out/war-at-sea-troop-landing-2.0/errata.pdf").is_file(), "{}", out(&o));
    // `none` marks nothing.
    std::fs::remove_dir_all(tmp.path().join("out")).unwrap();
    let env = [("GAMES", "my-game"), ("OUT", "out"), ("EXPORTS", ""), ("BASE_URL", ""), ("SINCE", "none")];
    let o = run_step(&build, &env, tmp.path());
    assert!(o.status.success(), "{}", out(&o));
    assert!(!tmp.path().join("out/war-at-sea-troop-landing-2.0/errata.pdf").exists(), "{}", out(&o));
}
