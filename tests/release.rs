//! Installing without Rust: `.github/workflows/release.yml` builds a binary per platform on a
//! tag and attaches it to the release; the composite action `action.yml` downloads the one for
//! its runner and checks (and builds) a designer's games. What can be tested offline is tested
//! here: both files parse, the names the action downloads are the names the release uploads,
//! and the action's check and build scripts run as written against the built binary.

mod common;

use common::*;
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

#[test]
fn the_action_downloads_what_the_release_uploads() {
    let assets = release_assets();
    let choose = action_step("Choose the binary");
    let tmp = tempfile::tempdir().unwrap();
    // Each runner the action supports, and the release runner that builds its binary.
    for (runner_os, arch, release_os) in
        [("Linux", "X64", "ubuntu-"), ("macOS", "ARM64", "macos-"), ("Windows", "X64", "windows-")]
    {
        let output = tmp.path().join(format!("{runner_os}-{arch}"));
        std::fs::write(&output, "").unwrap();
        let o = run_step(
            &choose,
            &[("RUNNER_OS", runner_os), ("RUNNER_ARCH", arch), ("GITHUB_OUTPUT", output.to_str().unwrap())],
            tmp.path(),
        );
        assert!(o.status.success(), "{}", out(&o));
        let said = std::fs::read_to_string(&output).unwrap();
        let (binary, asset) = assets.iter().find(|(os, _)| os.starts_with(release_os)).map(|(_, v)| v).unwrap();
        assert!(said.contains(&format!("asset={asset}\n")), "{runner_os}: {said}");
        assert!(said.contains(&format!("name={binary}\n")), "{runner_os}: {said}");
    }
    let o = run_step(&choose, &[("RUNNER_OS", "Linux"), ("RUNNER_ARCH", "ARM64")], tmp.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("::error title=playaid::no playaid binary for Linux on ARM64"), "{}", out(&o));

    let download = action_step("Download playaid");
    assert_eq!(download["env"]["ASSET"], "${{ steps.binary.outputs.asset }}");
    let script = download["run"].as_str().unwrap();
    assert!(script.contains("releases/download/$VERSION/$ASSET") && script.contains("releases/latest/download/$ASSET"));
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
