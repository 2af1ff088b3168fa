//! A fuzz harness over load + check + layout, on stable Rust (no cargo-fuzz): inputs are the
//! example games with their data files mutated at random, byte- and token-wise, stacked; each is
//! loaded, checked and laid out in this process. It fails on a panic, on an input that takes
//! more than 10 s, and on more than 1 GiB of heap in use; the failing input is saved under
//! `target/fuzz-failures/` to reproduce (`playaid check` on that folder).
//!
//! In the test suite it runs 300 inputs. For a long run outside CI (the numbers of the last
//! one are in BENCHMARKS.md):
//!
//! ```text
//! PLAYAID_FUZZ_SECS=1800 cargo test --release --test suite fuzz:: -- --nocapture
//! ```
//!
//! `PLAYAID_FUZZ_SEED` changes the inputs (the default seed makes the same ones every run);
//! `PLAYAID_FUZZ_MAX_SECS` lowers the 10 s an input may take, to hunt slow inputs.

use crate::common::Rng;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOCATOR: playaid::limits::Counting = playaid::limits::Counting;

const MAX_HEAP: usize = 1 << 30;
/// The longest one input may take (`PLAYAID_FUZZ_MAX_SECS` to hunt slow inputs).
fn max_input_time() -> Duration {
    Duration::from_secs(std::env::var("PLAYAID_FUZZ_MAX_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(10))
}

/// Pieces worth inserting: TOML and markup syntax, references, extreme numbers, other scripts.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "\"",
    "'",
    "\"\"\"",
    "=",
    ",",
    "\n",
    "#",
    "*",
    "_",
    "$",
    "@",
    "//",
    "/*",
    "\\",
    "\\u{0}",
    "0",
    "-1",
    "99999999999999999999",
    "1e308",
    "nan",
    "inf",
    "-0.0",
    "1.5",
    "true",
    "[[#x]]",
    "[[ability:x 99]]",
    "[[unit:",
    "[[",
    "|",
    "#for i in range(9) {}",
    "#text(fill: red)[x]",
    "#sym.arrow",
    "{name}",
    "{id}",
    "\u{202e}",
    "\u{0301}",
    "足軽",
    "😀",
    "\u{fffd}",
    "\t",
    "\r",
    "x = 1",
    "[[unit]]\nid = \"u\"",
    "quantity = 1000",
    "size = \"0mm\"",
    "size = \"1000in\"",
    "font_size = \"0.01pt\"",
    "ids = \"1-999\"",
    "symbol = \"friendly infantry army\"",
    "back = \"blank\"",
    "kind = \"\"",
    "version = \"1.0.0.0.0\"",
];

/// One mutation of `text`, in place.
fn mutate(text: &mut Vec<u8>, others: &[Vec<u8>], rng: &mut Rng) {
    let len = text.len();
    let at = rng.below(len + 1);
    match rng.below(8) {
        0 if len > 0 => text[at.min(len - 1)] ^= 1 << rng.below(8),
        1 => {
            let t = rng.pick(TOKENS).as_bytes();
            text.splice(at..at, t.iter().copied());
        }
        2 if len > 0 => {
            let end = (at + rng.below(64)).min(len);
            text.drain(at..end);
        }
        3 if len > 0 => {
            let start = at.min(len - 1);
            let end = (start + rng.below(200)).min(len);
            let piece = text[start..end].to_vec();
            text.splice(at..at, piece);
        }
        4 => {
            // A line of another data file, spliced in.
            let other = rng.pick(others);
            let lines: Vec<&[u8]> = other.split(|b| *b == b'\n').collect();
            let line = rng.pick(&lines).to_vec();
            text.splice(at..at, line.into_iter().chain([b'\n']));
        }
        5 => {
            // A number replaced by an extreme one.
            if let Some(p) = text.iter().skip(at).position(|b| b.is_ascii_digit()) {
                let s = at + p;
                let e = s + text[s..].iter().position(|b| !b.is_ascii_digit()).unwrap_or(text.len() - s);
                let n = *rng.pick(&["0", "-1", "1000001", "18446744073709551616", "3.9e9", "1e-320"]);
                text.splice(s..e, n.bytes());
            }
        }
        6 => text.truncate(at),
        _ => {
            // A quoted word with one character dropped (a misspelt id).
            if let Some(p) = text.iter().skip(at).position(|b| *b == b'"') {
                let s = at + p + 1;
                if s + 1 < text.len() && text[s].is_ascii_alphanumeric() {
                    text.remove(s + rng.below(2));
                }
            }
        }
    }
    // Inputs stay small: a data file is kilobytes, not megabytes.
    text.truncate(256 * 1024);
}

/// A mutation that keeps the file valid TOML: one value, key or entry changed, so the input
/// reaches the checker and the layout rather than stopping at a syntax error.
fn mutate_value(text: &mut Vec<u8>, words: &[String], rng: &mut Rng) {
    let Ok(mut table) = std::str::from_utf8(text).unwrap_or("").parse::<toml::Table>() else { return };
    fn count(v: &toml::Value) -> usize {
        1 + match v {
            toml::Value::Array(a) => a.iter().map(count).sum(),
            toml::Value::Table(t) => t.values().map(count).sum(),
            _ => 0,
        }
    }
    /// The `k`-th value in document order, `k` counting down.
    fn nth<'a>(v: &'a mut toml::Value, k: &mut usize) -> Option<&'a mut toml::Value> {
        if *k == 0 {
            return Some(v);
        }
        *k -= 1;
        match v {
            toml::Value::Array(a) => a.iter_mut().find_map(|x| nth(x, k)),
            toml::Value::Table(t) => t.iter_mut().find_map(|(_, x)| nth(x, k)),
            _ => None,
        }
    }
    let total: usize = table.values().map(count).sum();
    if total == 0 {
        return;
    }
    let mut k = rng.below(total);
    let Some(v) = table.iter_mut().find_map(|(_, x)| nth(x, &mut k)) else { return };
    match v {
        toml::Value::String(s) => match rng.below(5) {
            0 => *s = rng.pick(words).clone(),
            1 => s.clear(),
            2 => {
                let at = (0..=rng.below(s.len() + 1).min(s.len())).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                let token: &&str = rng.pick(TOKENS);
                s.insert_str(at, token);
            }
            3 => *s = s.repeat(1 + rng.below(50)),
            _ => {
                if let Some((i, c)) = s.char_indices().nth(rng.below(s.chars().count().max(1))) {
                    s.replace_range(i..i + c.len_utf8(), "");
                }
            }
        },
        toml::Value::Integer(n) => {
            *n = *rng.pick(&[
                0,
                -1,
                1,
                2,
                7,
                1000,
                1001,
                20001,
                i64::MAX,
                i64::MIN,
                n.saturating_add(1),
                n.saturating_sub(1),
            ]);
        }
        toml::Value::Float(f) => *f = *rng.pick(&[0.0, -1.0, 1e9, f64::MAX, 0.001]),
        toml::Value::Array(a) => match rng.below(3) {
            0 if !a.is_empty() => {
                let i = rng.below(a.len());
                a.remove(i);
            }
            1 if !a.is_empty() => {
                let i = rng.below(a.len());
                let x = a[i].clone();
                a.insert(i, x);
            }
            _ => a.push(toml::Value::String(rng.pick(words).clone())),
        },
        toml::Value::Table(t) => {
            let keys: Vec<String> = t.keys().cloned().collect();
            match rng.below(3) {
                0 if !keys.is_empty() => {
                    t.remove(&keys[rng.below(keys.len())]);
                }
                1 => {
                    t.insert(rng.pick(words).clone(), toml::Value::String(rng.pick(words).clone()));
                }
                _ if !keys.is_empty() => {
                    let k = &keys[rng.below(keys.len())];
                    let x = t[k].clone();
                    t.insert(rng.pick(words).clone(), x);
                }
                _ => {}
            }
        }
        other => *other = toml::Value::String(rng.pick(words).clone()),
    }
    if let Ok(out) = toml::to_string(&table) {
        *text = out.into_bytes();
    }
}

/// Every quoted word of the example data: ids, names, values to confuse one for another.
fn words(files: &[Vec<u8>]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in files {
        let text = String::from_utf8_lossy(f);
        for (i, part) in text.split('"').enumerate() {
            if i % 2 == 1 && part.len() < 40 && !part.contains('\\') {
                out.push(part.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A game folder and its data files (path, bytes), game.toml first.
type Game = (PathBuf, Vec<(PathBuf, Vec<u8>)>);

fn games() -> Vec<Game> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("game.toml").is_file())
        .collect();
    dirs.push(root.join("tests/check/base"));
    dirs.sort();
    dirs.into_iter()
        .map(|d| {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&d)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect();
            files.sort_by_key(|p| (p.file_name().unwrap() != "game.toml", p.clone()));
            let sources = files.into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect();
            (d, sources)
        })
        .collect()
}

fn save(dir: &Path, sources: &[(PathBuf, Vec<u8>)], why: &str) -> PathBuf {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("target/fuzz-failures/{n}"));
    std::fs::create_dir_all(&out).unwrap();
    for (p, bytes) in sources {
        std::fs::write(out.join(p.strip_prefix(dir).unwrap()), bytes).unwrap();
    }
    std::fs::write(out.join("WHY.txt"), why).unwrap();
    out
}

#[test]
fn load_check_and_layout_survive_random_data() {
    let secs: Option<u64> = std::env::var("PLAYAID_FUZZ_SECS").ok().and_then(|s| s.parse().ok());
    let inputs: usize = if secs.is_some() { usize::MAX } else { 300 };
    let seed = std::env::var("PLAYAID_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x00f0_22ed_u64);
    let deadline = secs.map(|s| Instant::now() + Duration::from_secs(s));
    let games = games();
    let all_files: Vec<Vec<u8>> = games.iter().flat_map(|(_, s)| s.iter().map(|(_, b)| b.clone())).collect();
    let words = words(&all_files);

    // The watchdog: a hang or a runaway allocation in one input stops the run, with the input
    // saved by the main loop's record of what it is doing.
    static BUSY_SINCE: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);
    static DONE: AtomicBool = AtomicBool::new(false);
    let max_time = max_input_time();
    let watchdog = std::thread::spawn(move || {
        while !DONE.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            let since = *BUSY_SINCE.lock().unwrap();
            let heap = playaid::limits::live_bytes();
            let slow = since.is_some_and(|s| s.elapsed() > max_time);
            if slow || heap > MAX_HEAP {
                let why = if slow {
                    format!("an input took more than {} s", max_time.as_secs())
                } else {
                    "more than 1 GiB of heap".into()
                };
                eprintln!("fuzz: {why}; the input is in target/fuzz-current/");
                std::process::exit(101);
            }
        }
    });

    let mut rng = Rng(seed);
    let mut findings: BTreeMap<String, usize> = BTreeMap::new();
    let (mut n, mut clean, mut slowest) = (0usize, 0usize, Duration::ZERO);
    let started = Instant::now();
    let current = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-current");
    while n < inputs && deadline.is_none_or(|d| Instant::now() < d) {
        n += 1;
        let (dir, sources) = &games[rng.below(games.len())];
        let mut sources = sources.clone();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(sources.len());
            for _ in 0..1 + rng.below(6) {
                if rng.below(10) < 8 {
                    mutate_value(&mut sources[i].1, &words, &mut rng);
                } else {
                    mutate(&mut sources[i].1, &all_files, &mut rng);
                }
            }
        }
        if secs.is_some() {
            // In a long run, keep the input on disk while it runs (for a hang or a kill).
            let _ = std::fs::remove_dir_all(&current);
            std::fs::create_dir_all(&current).unwrap();
            for (p, bytes) in &sources {
                std::fs::write(current.join(p.strip_prefix(dir).unwrap()), bytes).unwrap();
            }
        }
        *BUSY_SINCE.lock().unwrap() = Some(Instant::now());
        let t = Instant::now();
        let input = sources.clone();
        let result = std::panic::catch_unwind(|| {
            let loaded = playaid::load::load_sources(dir, input);
            playaid::build::check_loaded(loaded, None).diags
        });
        *BUSY_SINCE.lock().unwrap() = None;
        slowest = slowest.max(t.elapsed());
        match result {
            Ok(diags) => {
                if diags.iter().all(|d| !d.is_error()) {
                    clean += 1;
                }
                for d in &diags {
                    *findings.entry(d.code.code.to_string()).or_default() += 1;
                }
            }
            Err(e) => {
                let msg =
                    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                let saved = save(dir, &sources, &format!("panic: {msg:?}"));
                DONE.store(true, Ordering::Relaxed);
                panic!("input {n} panicked ({msg:?}); saved in {}", saved.display());
            }
        }
    }
    DONE.store(true, Ordering::Relaxed);
    watchdog.join().unwrap();
    eprintln!(
        "fuzz: {n} inputs in {:.0} s, {clean} without errors, slowest {} ms; findings by code: {findings:?}",
        started.elapsed().as_secs_f64(),
        slowest.as_millis()
    );
    assert!(findings.len() > 10, "the mutations reach many checks: {findings:?}");
}
