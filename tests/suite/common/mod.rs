//! Helpers shared by the integration tests: running the built binary, copying game folders and
//! reading PDFs with poppler's `pdftotext` / `pdfinfo` (installed by .ci/run).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the built `playaid` with `args` and waits for it.
pub fn playaid(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_playaid")).args(args).output().expect("run playaid")
}

/// Runs the built `playaid` with `args` in the folder `cwd`.
pub fn playaid_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_playaid")).args(args).current_dir(cwd).output().expect("run playaid")
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Text of a PDF in content order, whitespace folded to single spaces.
pub fn pdf_text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg("-raw")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success(), "pdftotext failed on {}", pdf.display());
    String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// (width, height) of the first page in points, and the page count.
pub fn pdf_info(pdf: &Path) -> ((f64, f64), usize) {
    let out = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo (poppler-utils) is installed");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let size = text.lines().find(|l| l.starts_with("Page size:")).expect("page size");
    let nums: Vec<f64> = size.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    let pages = text
        .lines()
        .find(|l| l.starts_with("Pages:"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .expect("pages");
    ((nums[0], nums[1]), pages)
}

/// A TOML file's content as JSON, the way editors check it against a JSON Schema (dates as
/// strings).
pub fn toml_to_json(text: &str) -> Result<serde_json::Value, String> {
    fn convert(v: toml::Value) -> serde_json::Value {
        match v {
            toml::Value::String(s) => s.into(),
            toml::Value::Integer(i) => i.into(),
            toml::Value::Float(f) => serde_json::Number::from_f64(f).map(Into::into).unwrap_or_default(),
            toml::Value::Boolean(b) => b.into(),
            toml::Value::Datetime(d) => d.to_string().into(),
            toml::Value::Array(a) => a.into_iter().map(convert).collect(),
            toml::Value::Table(t) => t.into_iter().map(|(k, v)| (k, convert(v))).collect(),
        }
    }
    let table: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    Ok(convert(toml::Value::Table(table)))
}

/// A validator for `playaid schema`.
pub fn schema_validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(&playaid::schema::schema()).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

/// What the schema finds wrong in the TOML file `path`, one line each (empty: valid).
pub fn schema_errors(validator: &jsonschema::Validator, path: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(path) else { return vec!["not UTF-8 text".into()] };
    match toml_to_json(&text) {
        Err(e) => vec![format!("not TOML: {e}")],
        Ok(json) => validator.iter_errors(&json).map(|e| format!("{} at {}", e, e.instance_path())).collect(),
    }
}

/// Every `*.toml` file below `dir` (not in `out/`), sorted.
pub fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "out") {
                out.extend(toml_files(&p));
            }
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// A small deterministic generator (xorshift), so the mutation and fuzz tests make the same
/// inputs every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Write a game's files (name, text) under `dir`, creating folders as needed.
pub fn write_game(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// The smallest `[game]` table.
pub const GAME: &str = "[game]\nid = \"t\"\ntitle = \"Test\"\nversion = \"1\"\n";

/// A page rendered in greyscale: width and height in pixels and one byte a pixel (0 black,
/// 255 white), row by row.
pub struct Grey {
    pub w: usize,
    pub h: usize,
    pub px: Vec<u8>,
}

impl Grey {
    /// Whether the pixel at (x, y) carries ink (darker than near-white).
    pub fn ink(&self, x: usize, y: usize) -> bool {
        self.px[y * self.w + x] < 235
    }
}

/// Every page of a PDF rendered in greyscale at `dpi` (pdftoppm), in page order.
pub fn pdf_grey_pages(pdf: &Path, dpi: u32) -> Vec<Grey> {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("p");
    let out = Command::new("pdftoppm")
        .args(["-gray", "-r", &dpi.to_string()])
        .arg(pdf)
        .arg(&prefix)
        .output()
        .expect("pdftoppm (poppler-utils) is installed");
    assert!(out.status.success(), "pdftoppm failed on {}", pdf.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort_by_key(|p| {
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        stem.rsplit('-').next().and_then(|n| n.parse::<usize>().ok()).unwrap_or(0)
    });
    files.iter().map(|f| read_pgm(&std::fs::read(f).unwrap())).collect()
}

/// A binary PGM (P5, 8 bits).
pub fn read_pgm(bytes: &[u8]) -> Grey {
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes[i] == b'#' {
            while bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).into_owned());
    }
    assert_eq!(fields[0], "P5", "pdftoppm -gray writes P5");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    Grey { w, h, px: bytes[i + 1..i + 1 + w * h].to_vec() }
}

/// `playaid check --format json` of `dir`: (code, file name:line:column) of each finding.
pub fn check_json(dir: &Path) -> Vec<(String, String)> {
    let o = playaid(&["check", dir.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["diagnostics"]
        .as_array()
        .or(v.as_array())
        .unwrap()
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap_or("").rsplit('/').next().unwrap().to_string();
            (d["code"].as_str().unwrap().to_string(), format!("{file}:{}:{}", d["line"], d["column"]))
        })
        .collect()
}

/// The example games that have cards, in path order.
pub fn example_games() -> Vec<std::path::PathBuf> {
    let mut games: Vec<_> = std::fs::read_dir(repo().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("cards.toml").exists())
        .collect();
    games.sort();
    assert!(games.len() >= 6, "the examples with cards: {games:?}");
    games
}

/// `git ARGS` in `dir`, with a fixed author and no signing; the test fails if git does.
pub fn git(dir: &Path, args: &[&str]) {
    let o = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

/// A word `pdftotext -bbox` finds: its text and box, in pt from the page's top left.
#[derive(Debug, Clone)]
pub struct Word {
    pub text: String,
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

/// Every word of page `page` (from 1) of `pdf`, in content order.
pub fn words(pdf: &Path, page: usize) -> Vec<Word> {
    let p = page.to_string();
    let out = Command::new("pdftotext")
        .args(["-bbox", "-f", &p, "-l", &p])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let xml = String::from_utf8_lossy(&out.stdout).into_owned();
    let attr = |line: &str, name: &str| -> f64 {
        let at = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[at..at + line[at..].find('"').unwrap()].parse::<f64>().unwrap()
    };
    (xml.lines().filter(|l| l.trim_start().starts_with("<word ")))
        .map(|l| {
            let text = &l[l.find('>').unwrap() + 1..l.rfind("</word>").unwrap()];
            let text = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"");
            Word { text, x0: attr(l, "xMin"), y0: attr(l, "yMin"), x1: attr(l, "xMax"), y1: attr(l, "yMax") }
        })
        .collect()
}

/// A git repository in `dir` holding War at Sea 1.4 in `dir/NAME`, committed and tagged `v1.4`,
/// with 2.0 in the working tree (not committed): the folder of a game about to release 2.0.
pub fn war_at_sea_history(dir: &Path, name: &str) -> PathBuf {
    let game = dir.join(name);
    copy_dir(&repo().join("data/war-at-sea-troop-landing-1.4"), &game);
    for args in [&["init", "-q"][..], &["add", "."], &["commit", "-q", "-m", "1.4"], &["tag", "v1.4"]] {
        git(dir, args);
    }
    std::fs::remove_dir_all(&game).unwrap();
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    game
}

/// The text of page `page` (from 1) of `pdf` (pdftotext, layout not kept).
pub fn pdf_page_text(pdf: &Path, page: usize) -> String {
    let p = page.to_string();
    let out = Command::new("pdftotext")
        .args(["-f", &p, "-l", &p])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A region of page `page` (from 1) of `pdf`, `(x, y, w, h)` in mm from the top left,
/// rendered in greyscale at `dpi` (pdftoppm).
pub fn pdf_region_grey(pdf: &Path, page: usize, (x, y, w, h): (f64, f64, f64, f64), dpi: f64) -> Grey {
    let px = |mm: f64| ((mm / 25.4 * dpi).round() as i64).max(1).to_string();
    let (p, r) = (page.to_string(), dpi.to_string());
    let out = Command::new("pdftoppm")
        .args(["-gray", "-r", &r, "-f", &p, "-l", &p, "-x", &px(x), "-y", &px(y), "-W", &px(w), "-H", &px(h)])
        .arg(pdf)
        .output()
        .expect("pdftoppm (poppler-utils) is installed");
    read_pgm(&out.stdout)
}

/// What `tests/python/check_tts.py`, the independent reader of Tabletop Simulator saves, says
/// of `save` against `want` (see the script for its form); fails the test when it disagrees.
pub fn check_tts(save: &Path, want: &serde_json::Value) -> String {
    let want_file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(want_file.path(), serde_json::to_vec(want).unwrap()).unwrap();
    let o = Command::new("python3")
        .arg(repo().join("tests/python/check_tts.py"))
        .arg(save)
        .arg(want_file.path())
        .output()
        .expect("python3");
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success(), "{}: {stdout}\n{}", save.display(), String::from_utf8_lossy(&o.stderr));
    stdout
}

/// Every file under `dir`, in the folders below it too.
pub fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() { out.extend(walk(&p)) } else { out.push(p) }
    }
    out
}
