//! Check proves the build, over broken games: every data file of every example game is
//! mutated the ways a designer's typing goes wrong (a deleted or doubled line, a number made
//! huge, negative or a word, a stray bracket, comment or `#`, a truncated file, a misspelt id,
//! a character no font has, a doubled `=`), and each mutant must:
//! - end with exit 0, 1 or 2, never a panic (memory is capped with `--memory-limit 1024`, time
//!   with `--time-limit 30`: a runaway stops with E039, which fails this test);
//! - give every error a location in the game's files;
//! - agree: `check` green means `build` green, `check` red means `build` red with no error
//!   `check` did not report;
//! - when red, leave the last good PDFs as they were (each red mutant builds into the output
//!   folder of its unmutated game, whose files are compared byte for byte afterwards).
//!
//! The run makes `PLAYAID_MUTANTS` mutants (default 300, spread over every file and kind of
//! mutation; about 30 s); set it higher for a longer run.

use crate::common::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const KINDS: usize = 12;

/// Mutation `kind` of `text`, or None when it does not apply to this text.
fn mutate(text: &str, kind: usize, rng: &mut Rng) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let pick_line = |rng: &mut Rng, want: &dyn Fn(&str) -> bool| -> Option<usize> {
        let candidates: Vec<usize> = (0..lines.len()).filter(|&i| want(lines[i])).collect();
        (!candidates.is_empty()).then(|| candidates[rng.below(candidates.len())])
    };
    let with_line = |i: usize, new: String| -> String {
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        out[i] = new;
        out.join("\n") + "\n"
    };
    match kind {
        // A line deleted.
        0 => {
            let i = pick_line(rng, &|l| !l.trim().is_empty())?;
            let mut out: Vec<&str> = lines.clone();
            out.remove(i);
            Some(out.join("\n") + "\n")
        }
        // A line doubled (duplicate keys, duplicate tables).
        1 => {
            let i = pick_line(rng, &|l| !l.trim().is_empty())?;
            let mut out: Vec<&str> = lines.clone();
            out.insert(i, lines[i]);
            Some(out.join("\n") + "\n")
        }
        // A number made huge, negative, zero, fractional or a word.
        2..=3 => {
            let i = pick_line(rng, &|l| l.contains("= ") && l.chars().any(|c| c.is_ascii_digit()))?;
            let l = lines[i];
            let start = l.find(|c: char| c.is_ascii_digit())?;
            let end = start + l[start..].find(|c: char| !c.is_ascii_digit()).unwrap_or(l.len() - start);
            let by = ["99999999999999999999", "-7", "0", "2.5", "\"many\"", "1e400", "100000"][rng.below(7)];
            Some(with_line(i, format!("{}{by}{}", &l[..start], &l[end..])))
        }
        // A markup or syntax character inside a string.
        4..=5 => {
            let i = pick_line(rng, &|l| l.matches('"').count() >= 2)?;
            let l = lines[i];
            let q = l.find('"')? + 1;
            let end = l[q..].find('"').map(|e| q + e)?;
            let at = q + rng.below(end - q + 1);
            let at = (0..=at).rev().find(|&j| l.is_char_boundary(j))?;
            let ch = ["[", "*", "#", "$", "//", "/*", "]", "@x", "#for i in range(9) {}", "{", "\\\\"][rng.below(11)];
            Some(with_line(i, format!("{}{ch}{}", &l[..at], &l[at..])))
        }
        // The file cut short.
        6 => {
            let at = rng.below(text.len());
            let at = (0..=at).rev().find(|&j| text.is_char_boundary(j))?;
            Some(text[..at].to_string())
        }
        // A quoted id or name misspelt (a character dropped).
        7..=8 => {
            let i = pick_line(rng, &|l| l.contains("= \"") && l.len() > 12)?;
            let l = lines[i];
            let q = l.find("= \"")? + 3;
            let end = l[q..].find('"').map(|e| q + e)?;
            if end <= q + 1 {
                return None;
            }
            let at = q + rng.below(end - q);
            let at = (0..=at).rev().find(|&j| l.is_char_boundary(j))?;
            let next = l[at..].chars().next()?.len_utf8();
            Some(with_line(i, format!("{}{}", &l[..at], &l[at + next..])))
        }
        // A character no embedded font has, in a string.
        9 => {
            let i = pick_line(rng, &|l| l.contains("= \""))?;
            let l = lines[i];
            let q = l.find("= \"")? + 3;
            Some(with_line(i, format!("{}足軽{}", &l[..q], &l[q..])))
        }
        // `=` doubled, a bracket of a table header lost.
        10 => {
            let i = pick_line(rng, &|l| l.contains(" = "))?;
            Some(with_line(i, lines[i].replacen(" = ", " == ", 1)))
        }
        11 => {
            let i = pick_line(rng, &|l| l.starts_with("[["))?;
            Some(with_line(i, lines[i].replacen("[[", "[", 1)))
        }
        _ => None,
    }
}

struct Mutant {
    name: String,
    game: PathBuf,
    file: String,
    text: String,
}

/// `total` mutants, spread evenly over every data file of every example game.
fn mutants(total: usize) -> Vec<Mutant> {
    let mut files = Vec::new();
    let mut games: Vec<PathBuf> =
        std::fs::read_dir(repo().join("data")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    games.sort();
    for g in &games {
        let mut names: Vec<String> = std::fs::read_dir(g)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        names.sort();
        files.extend(names.into_iter().map(|n| (g.clone(), n)));
    }
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut out = Vec::new();
    let mut round = 0;
    while out.len() < total && round < total * 4 {
        let (game, file) = &files[round % files.len()];
        let kind = (round / files.len() + round) % KINDS;
        round += 1;
        let text = std::fs::read_to_string(game.join(file)).unwrap();
        if let Some(m) = mutate(&text, kind, &mut rng).filter(|m| *m != text) {
            let name = format!("{}/{file} #{kind} ({round})", game.file_name().unwrap().to_string_lossy());
            out.push(Mutant { name, game: game.clone(), file: file.clone(), text: m });
        }
    }
    out
}

/// Exit code and error codes (follow-ons included) of `check --format json`, and any error
/// without a location.
fn check(dir: &Path) -> (Option<i32>, BTreeSet<String>, Vec<String>, String) {
    let o =
        playaid(&["check", dir.to_str().unwrap(), "--format", "json", "--memory-limit", "1024", "--time-limit", "30"]);
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    let mut codes = BTreeSet::new();
    let mut unlocated = Vec::new();
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(&stdout) {
        let list = v["diagnostics"].as_array().cloned().unwrap_or_default();
        for d in list
            .iter()
            .flat_map(|d| std::iter::once(d.clone()).chain(d["follow_ons"].as_array().cloned().unwrap_or_default()))
        {
            if d["severity"] == "error" {
                codes.insert(d["code"].as_str().unwrap_or("?").to_string());
                if d["file"].is_null() {
                    unlocated.push(format!("{} {}", d["code"], d["message"]));
                }
            }
        }
    }
    (o.status.code(), codes, unlocated, stdout + &stderr)
}

fn build(dir: &Path, out: &Path) -> (Option<i32>, String) {
    let o = playaid(&[
        "build",
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-q",
        "--memory-limit",
        "1024",
        "--time-limit",
        "30",
    ]);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr))
}

/// Files with their bytes.
type Files = Vec<(PathBuf, Vec<u8>)>;

/// Every file under `dir` with its bytes, in path order.
fn files_in(dir: &Path) -> Files {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() { stack.push(p) } else { out.push((p.clone(), std::fs::read(&p).unwrap())) }
        }
    }
    out.sort();
    out
}

/// `error[E021]` and the like in human output.
fn codes_in(human: &str) -> BTreeSet<String> {
    human.match_indices("error[").map(|(i, _)| human[i + 6..i + 10].to_string()).collect()
}

/// What one mutant did: green in both, red in both, or why it fails the test.
enum Outcome {
    Green,
    Red,
    Failed(Vec<String>),
}

/// Check and build one mutant; a red mutant builds over its game's last good files.
fn try_mutant(n: usize, m: &Mutant, tmp: &Path, good_out: &Path, good_files: &Files) -> Outcome {
    let dir = tmp.join(format!("m{n}"));
    copy_dir(&m.game, &dir);
    std::fs::write(dir.join(&m.file), &m.text).unwrap();
    let (code, checked, unlocated, said) = check(&dir);
    let fail = |why: String| format!("{}: {why}\n{}", m.name, said.lines().take(30).collect::<Vec<_>>().join("\n"));
    if said.contains("panicked") || said.contains("E039") || !matches!(code, Some(0..=2)) {
        return Outcome::Failed(vec![fail(format!("check ended with {code:?}"))]);
    }
    let mut failures = Vec::new();
    if !unlocated.is_empty() {
        failures.push(fail(format!("errors without a place: {unlocated:?}")));
    }
    let out = if code == Some(0) { tmp.join(format!("out{n}")) } else { good_out.to_path_buf() };
    let (built, output) = build(&dir, &out);
    if code != Some(0) && files_in(good_out) != *good_files {
        failures.push(fail("a failed build changed the last good files".to_string()));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(tmp.join(format!("out{n}")));
    if output.contains("panicked") || output.contains("E039") {
        failures.push(fail(format!("build: {output}")));
        return Outcome::Failed(failures);
    }
    let outcome = match (code, built) {
        (Some(0), Some(0)) => Outcome::Green,
        (Some(1), Some(1)) | (Some(2), Some(2)) => {
            let extra: Vec<String> = codes_in(&output).difference(&checked).cloned().collect();
            if !extra.is_empty() {
                failures.push(fail(format!("build found {extra:?}, which check did not: {output}")));
            }
            Outcome::Red
        }
        _ => {
            failures.push(fail(format!("check exit {code:?} but build exit {built:?}: {output}")));
            Outcome::Red
        }
    };
    if failures.is_empty() { outcome } else { Outcome::Failed(failures) }
}

#[test]
fn check_and_build_agree_on_every_mutant() {
    let total = std::env::var("PLAYAID_MUTANTS").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    let all = mutants(total);
    assert!(all.len() >= total.min(60), "made {} mutants", all.len());
    let tmp = tempfile::tempdir().unwrap();
    // Each game's good build first: its folder and every file's bytes.
    let mut good: std::collections::HashMap<PathBuf, (PathBuf, Files)> = Default::default();
    for m in &all {
        good.entry(m.game.clone()).or_insert_with(|| {
            let out = tmp.path().join(format!("good-{}", m.game.file_name().unwrap().to_string_lossy()));
            let (code, said) = build(&m.game, &out);
            assert_eq!(code, Some(0), "the example game builds: {said}");
            (out.clone(), files_in(&out))
        });
    }
    // Then the mutants, two at a time (each is two processes that mostly wait on Typst).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outcomes: std::sync::Mutex<Vec<(usize, Outcome)>> = Default::default();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(m) = all.get(n) else { break };
                    let (good_out, good_files) = &good[&m.game];
                    let outcome = try_mutant(n, m, tmp.path(), good_out, good_files);
                    outcomes.lock().unwrap().push((n, outcome));
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by_key(|(n, _)| *n);
    let (mut green, mut red, mut failures) = (0, 0, Vec::new());
    for (_, outcome) in outcomes {
        match outcome {
            Outcome::Green => green += 1,
            Outcome::Red => red += 1,
            Outcome::Failed(why) => failures.extend(why),
        }
    }
    eprintln!("{} mutants: {green} green in check and build, {red} red in both", all.len());
    assert!(failures.is_empty(), "{} of {} mutants disagree:\n\n{}", failures.len(), all.len(), failures.join("\n\n"));
}
