//! playaid's benchmarks: synthetic games of any size, built the way `playaid build` builds
//! them, with each stage timed and the peak memory of each scenario measured in a child
//! process of its own.
//!
//! ```text
//! cargo bench --bench bench                 # every scenario, a table on stdout
//! cargo bench --bench bench -- counters-480 # one scenario (see SCENARIOS)
//! ```
//!
//! "typst" is the same documents (same data.json, same templates: the counter sheet or cards
//! and the cheatsheet a build also makes) compiled and exported to PDF by Typst alone, in a
//! fresh process with nothing cached; "x typst" is playaid's whole build divided by that, i.e.
//! what loading, checking, exporting and writing add. Peak memory is each process's VmHWM.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use playaid::build::{BuildOptions, Builder, load_and_check};
use playaid::export::DocKind;
use playaid::export::{ExportOptions, export};
use playaid::render::Renderer;

/// The allocator `playaid` itself runs with, so that the scenarios run in this process measure
/// what a user's build does.
#[global_allocator]
static ALLOC: playaid::limits::Counting = playaid::limits::Counting;

const SCENARIOS: &[&str] = &[
    "counters-120",
    "counters-480",
    "counters-5000",
    "counters-20000",
    "cards-100",
    "cards-1000",
    "check-10000-units",
    "watch-1000-counters",
    "watch-marrow-front",
    "map-30x40",
    // Each example game as a user waits: `playaid build` as a process, and `playaid watch` from
    // a one-field edit saved to its PDFs written.
    "example-genpei-naval",
    "example-hollow-ridge",
    "example-marrow-front",
    "example-one-hour-wargames-wwii",
    "example-salt-crown",
    "example-starting-phase",
    "example-war-at-sea-troop-landing",
    "example-war-at-sea-troop-landing-1.4",
    "example-white-star-rising",
    "live-genpei-naval",
    "live-hollow-ridge",
    "live-marrow-front",
    "live-one-hour-wargames-wwii",
    "live-salt-crown",
    "live-starting-phase",
    "live-war-at-sea-troop-landing",
    "live-war-at-sea-troop-landing-1.4",
    "live-white-star-rising",
];

/// The playaid program this benchmark was built with (release, like the benchmark).
const PLAYAID: &str = env!("CARGO_BIN_EXE_playaid");

/// Peak memory of the children this process has waited for, KiB.
fn children_peak_kib() -> u64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct it is given and nothing else.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    usage.ru_maxrss.max(0) as u64
}

/// `playaid build` of an example, as a process: the time from start to exit.
fn example_build(dir: &Path, out: &Path) {
    let t = Instant::now();
    let o = Command::new(PLAYAID).arg("build").arg(dir).arg("-o").arg(out).arg("-q").output().expect("run playaid");
    let took = t.elapsed();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    println!("total={}", ms(took));
    println!("peak={} MiB", children_peak_kib() / 1024);
}

/// `playaid watch` of an example, as a process: five edits of one stat (a digit of the first
/// unit's stats, turned into its neighbour and back), each timed from the file saved to the
/// line watch prints once the PDFs are written. Prints the median.
fn example_watch(dir: &Path, out: &Path) {
    use std::io::{BufRead, BufReader};
    let (file, at) = first_stat_digit(dir);
    let mut child = Command::new(PLAYAID)
        .arg("watch")
        .arg(dir)
        .arg("-o")
        .arg(out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run playaid watch");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let built = |rx: &std::sync::mpsc::Receiver<String>| loop {
        let line = rx.recv_timeout(Duration::from_secs(60)).expect("watch answers");
        if line.contains(" ms") {
            assert!(line.contains("rebuilt"), "the edit broke the game: {line}");
            break;
        }
    };
    built(&rx);
    let mut text = std::fs::read_to_string(&file).unwrap();
    // Also when the last PDF was written (its modification time): what a user waits for at the
    // PDF viewer, before the virtual tabletops' files that follow it.
    let mut pdfs = Vec::new();
    let took = median(5, || {
        let d = text.as_bytes()[at] - b'0';
        text.replace_range(at..at + 1, &(d ^ 1).to_string());
        // The watcher is told of a change by the file's modification: wait out the clock's grain.
        std::thread::sleep(Duration::from_millis(20));
        let (t, saved) = (Instant::now(), std::time::SystemTime::now());
        std::fs::write(&file, &text).unwrap();
        built(&rx);
        let took = t.elapsed();
        let last = newest_pdf(out).and_then(|m| m.duration_since(saved).ok());
        pdfs.push(last.unwrap_or(took).min(took));
        took
    });
    let _ = child.kill();
    let _ = child.wait();
    pdfs.sort();
    println!("total={}", ms(took));
    println!("pdfs_written={}", ms(pdfs[pdfs.len() / 2]));
    println!("peak={} MiB", children_peak_kib() / 1024);
}

/// The modification time of the newest PDF under `dir`.
fn newest_pdf(dir: &Path) -> Option<std::time::SystemTime> {
    let mut newest = None;
    for e in std::fs::read_dir(dir).ok()?.map_while(Result::ok) {
        let p = e.path();
        let t = if p.is_dir() {
            newest_pdf(&p)
        } else if p.extension().is_some_and(|x| x == "pdf") {
            e.metadata().ok()?.modified().ok()
        } else {
            None
        };
        newest = newest.max(t);
    }
    newest
}

/// A digit of a unit's stats (in a TOML `stats = { ... }` or a spreadsheet row of units) that
/// can be turned into its neighbour with the game still checking clean: the file and its
/// byte offset.
fn first_stat_digit(dir: &Path) -> (std::path::PathBuf, usize) {
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut candidates = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let ranges: Vec<(usize, usize)> = match f.extension().and_then(|e| e.to_str()) {
            Some("toml") => text
                .match_indices("[[unit]]")
                .filter_map(|(u, _)| {
                    let stats = u + text[u..].find("stats = {")?;
                    Some((stats, text[stats..].find('}').map_or(text.len(), |i| stats + i)))
                })
                .collect(),
            // A spreadsheet of units: its rows after the header.
            Some("csv") if f.file_stem().is_some_and(|s| s == "units") => {
                text.find('\n').map(|h| vec![(h, text.len())]).unwrap_or_default()
            }
            _ => Vec::new(),
        };
        for (a, b) in ranges {
            candidates.extend(text[a..b].match_indices(|c: char| c.is_ascii_digit()).map(|(i, _)| (f.clone(), a + i)));
        }
    }
    for (f, at) in candidates {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut edited = text.clone();
        edited.replace_range(at..at + 1, &((text.as_bytes()[at] - b'0') ^ 1).to_string());
        std::fs::write(&f, &edited).unwrap();
        let clean = load_and_check(dir, None).is_ok_and(|c| !c.has_errors());
        std::fs::write(&f, &text).unwrap();
        if clean {
            return (f, at);
        }
    }
    panic!("no unit stat to edit in {}", dir.display());
}

const GAME: &str = "[game]\nid = \"bench\"\ntitle = \"Bench\"\nversion = \"1\"\ndate = 2026-01-01\n";

/// A game with `n` distinct double-sided 3/4" counters (two sides, five slots, a NATO symbol).
fn counters_game(dir: &Path, n: usize) {
    let mut s = String::from(
        "[counters]\nduplex = \"long\"\n\n[[side]]\nid = \"a\"\nname = \"A\"\ncolor = \"#7f8c55\"\n\n\
         [[side]]\nid = \"b\"\nname = \"B\"\ncolor = \"#c9d3dc\"\n\n[[counter_group]]\nid = \"units\"\n\
         size = \"3/4in\"\nlayout = { top = \"{name}\", top_right = \"{q}\", centre = \"{symbol}\", \
         bottom = \"{a}-{d}-{m}\", left = \"{label}\" }\nback_style = { stripe = \"#ffffff\" }\n\n",
    );
    for i in 0..n {
        let side = if i % 2 == 0 { "a" } else { "b" };
        let icon = ["infantry", "armour", "artillery", "recon", "mechanised"][i % 5];
        s.push_str(&format!(
            "[[counter]]\nid = \"c{i}\"\nname = \"U{}\"\nlabel = \"{}/{}\"\nside = \"{side}\"\n\
             symbol = \"{icon} platoon\"\nfront = {{ a = {}, d = {}, m = {}, q = {} }}\nback = {{ a = {} }}\n\n",
            // Five digits overflow a 3/4" counter's name slot: names repeat past 9,999.
            i % 10_000,
            i % 97,
            i % 7,
            i % 9,
            i % 7,
            i % 5 + 2,
            i % 3 + 4,
            i % 4,
        ));
    }
    write(dir, &s, "counters.toml");
}

/// A game with `n` poker cards for `n` units with stats, an ability and a note.
fn cards_game(dir: &Path, n: usize) {
    let mut s = String::from(
        "[cards]\nsize = \"poker\"\nkinds = [\"infantry\"]\n\n[[stat]]\nid = \"move\"\nname = \"Move\"\ntype = \"int\"\n\n\
         [[stat]]\nid = \"fire\"\nname = \"Fire\"\ntype = \"dice\"\n\n[[kind]]\nid = \"infantry\"\nname = \"Infantry\"\n\
         required_stats = [\"move\", \"fire\"]\n\n[[ability]]\nid = \"dig-in\"\nname = \"Dig In\"\n\
         text = \"May skip its move to become *dug in*: +1 to its defence until it moves.\"\n\n",
    );
    for i in 0..n {
        s.push_str(&format!(
            "[[unit]]\nid = \"u{i}\"\nname = \"Company {i}\"\nkind = \"infantry\"\nstats = {{ move = {}, fire = \"{}D6\" }}\n\
             abilities = [\"dig-in\"]\nnotes = [\"Raised in the spring of year {i}; veterans of two campaigns.\"]\n\n",
            i % 6 + 1,
            i % 3 + 1
        ));
    }
    write(dir, &s, "units.toml");
}

/// `n` units with three stats and two abilities each, for the checker.
fn units_game(dir: &Path, n: usize) {
    let mut s = String::from(
        "[[stat]]\nid = \"armour\"\nname = \"Armour\"\ntype = \"int\"\nmin = 0\nmax = 20\n\n\
         [[stat]]\nid = \"hp\"\nname = \"Hull Points\"\ntype = \"int\"\nmin = 1\nmax = 10\n\n\
         [[stat]]\nid = \"gun\"\nname = \"Guns\"\ntype = \"dice\"\n\n[[kind]]\nid = \"ship\"\nname = \"Ship\"\n\
         required_stats = [\"armour\", \"hp\", \"gun\"]\n\n[[ability]]\nid = \"landing\"\nname = \"Landing\"\nvalues = [10, 5, 3]\n\
         text = \"Carries troops.\"\n\n[[ability]]\nid = \"flagship\"\nname = \"Flagship\"\ntext = \"Commands.\"\n\n",
    );
    for i in 0..n {
        s.push_str(&format!(
            "[[unit]]\nid = \"s{i}\"\nname = \"Ship {i}\"\nkind = \"ship\"\nstats = {{ armour = {}, hp = {}, gun = \"{}D6\" }}\n\
             abilities = [\"landing {}\", \"flagship\"]\nnotes = [\"A [[unit:s{}]] escort.\"]\n\n",
            i % 21,
            i % 10 + 1,
            i % 4 + 1,
            [10, 5, 3][i % 3],
            (i + 1) % n
        ));
    }
    write(dir, &s, "units.toml");
}

/// A 30 x 40 hex map of 3/4" hexes with a full terrain layer: every hex listed under one of six
/// terrains (one entry each), a river along forty hexsides and a road across the map.
fn map_game(dir: &Path) {
    let terrains = ["clear", "forest", "hill", "marsh", "town", "beach"];
    let mut by_terrain: Vec<Vec<String>> = vec![Vec::new(); terrains.len()];
    for col in 1..=30 {
        for row in 1..=40 {
            by_terrain[(col * 7 + row * 3 + col * row) % terrains.len()].push(format!("\"{col:02}{row:02}\""));
        }
    }
    let mut s = String::from(
        "[[map]]\nid = \"front\"\ntitle = \"Front\"\ngrid = \"hex\"\ncolumns = 30\nrows = 40\ncell = \"3/4in\"\n\n[map.cells]\n",
    );
    for (t, cells) in terrains.iter().zip(&by_terrain) {
        s.push_str(&format!("{t} = [{}]\n", cells.join(", ")));
    }
    let river: Vec<String> = (1..=40).map(|row| format!("\"15{row:02} ne\"")).collect();
    s.push_str(&format!("\n[map.hexsides]\nriver = [{}]\n", river.join(", ")));
    let road: Vec<String> = (1..=40).map(|row| format!("\"10{row:02}\"")).collect();
    s.push_str(&format!("\n[[map.line]]\nterrain = \"road\"\npath = [{}]\n", road.join(", ")));
    write(dir, &s, "map.toml");
}

/// A copy of one of the example games in `data/`, its folders (pictures, translations) too.
fn copy_example(dir: &Path, name: &str) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &to.join(entry.file_name()));
            } else {
                std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
            }
        }
    }
    copy(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name), dir);
}

fn write(dir: &Path, data: &str, name: &str) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("game.toml"), GAME).unwrap();
    std::fs::write(dir.join(name), data).unwrap();
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l.to_string()))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut() -> Duration) -> Duration {
    let mut t: Vec<Duration> = (0..runs).map(|_| f()).collect();
    t.sort();
    t[t.len() / 2]
}

/// Typst alone: the document's exported input (made untimed), then compile and PDF in this
/// fresh process with nothing cached, as `typst compile` would do it.
fn typst_alone(name: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    let (what, n) = name.split_once('-').unwrap();
    let n: usize = n.split('-').next().unwrap().parse().unwrap();
    let doc = if what == "cards" {
        cards_game(&dir, n);
        "cards"
    } else {
        counters_game(&dir, n);
        "counters"
    };
    let _ = doc;
    let checked = load_and_check(&dir, None).unwrap();
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    // Every document the build makes (the cheatsheet too), exported before timing starts.
    let inputs: Vec<_> = playaid::export::documents(game)
        .iter()
        .map(|spec| (spec.kind.template(), export(game, ix, laid_out, &spec.kind, &ExportOptions::default())))
        .collect();
    let renderer = Renderer::new(&game.root, None).unwrap();
    let (mut compile, mut pdf_t) = (Duration::ZERO, Duration::ZERO);
    for (doc, ex) in &inputs {
        let t = Instant::now();
        let compiled = renderer.compile(doc, &ex.data_json, &ex.texts_typ).unwrap();
        compile += t.elapsed();
        let t = Instant::now();
        let pdf = compiled.pdf().unwrap();
        pdf_t += t.elapsed();
        std::fs::write(tmp.path().join(format!("{doc}.pdf")), &pdf).unwrap();
    }
    println!("compile={}", ms(compile));
    println!("pdf={}", ms(pdf_t));
    println!("typst={}", ms(compile + pdf_t));
    println!("typst_s={}", (compile + pdf_t).as_secs_f64());
    println!("typst_peak={} MiB", peak_kib() / 1024);
}

/// One scenario, in this process: prints `key=value` lines.
fn child(name: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    let out = tmp.path().join("out");
    let (what, n) = name.split_once('-').unwrap();
    if what == "example" || what == "live" {
        copy_example(&dir, n);
        if what == "example" {
            example_build(&dir, &out)
        } else {
            example_watch(&dir, &out)
        }
        return;
    }
    let n: usize = n.split('-').next().unwrap().parse().unwrap_or(0);
    match what {
        "watch" if name == "watch-marrow-front" => copy_example(&dir, "marrow-front"),
        "map" => map_game(&dir),
        "counters" => counters_game(&dir, n),
        "cards" => cards_game(&dir, n),
        "check" => units_game(&dir, n),
        "watch" => counters_game(&dir, n),
        _ => panic!("unknown scenario {name}"),
    }
    let doc = match what {
        "cards" => "cards",
        "map" => "map",
        _ => "counters",
    };
    let opts = BuildOptions { out_dir: out.clone(), ..Default::default() };
    match what {
        "check" => {
            let t = Instant::now();
            let diags = load_and_check(&dir, None).unwrap().diags;
            let took = t.elapsed();
            assert!(!diags.iter().any(|d| d.is_error()), "{:?}", diags.first());
            println!("total={}", ms(took));
        }
        "watch" => {
            let mut b = Builder::new(&dir, opts);
            let first = Instant::now();
            let r = b.build(&mut |_| {}).unwrap();
            assert!(!r.has_errors() && !r.written.is_empty());
            println!("first={}", ms(first.elapsed()));
            // Change one stat, rebuild; five times, each a new value: a counter's attack in the
            // synthetic game, the Infantry Corps' full-strength attack in The Marrow Front.
            let (file, before) = match name {
                "watch-marrow-front" => ("units.toml", "{ name = \"full\", stats = { attack = "),
                _ => ("counters.toml", "front = { a = "),
            };
            let at = before.len();
            let path = dir.join(file);
            let mut text = std::fs::read_to_string(&path).unwrap();
            let took = median(5, || {
                let i = text.find(before).expect("the stat to edit");
                let v = (text.as_bytes()[i + at] - b'0') % 8 + 1;
                text.replace_range(i + at..i + at + 1, &v.to_string());
                std::fs::write(&path, &text).unwrap();
                let t = Instant::now();
                let r = b.build(&mut |_| {}).unwrap();
                assert!(!r.has_errors());
                t.elapsed()
            });
            println!("total={}", ms(took));
        }
        _ => {
            // The whole build, as `playaid build` runs it.
            let t = Instant::now();
            let r = Builder::new(&dir, opts).build(&mut |_| {}).unwrap();
            let total = t.elapsed();
            assert!(!r.has_errors(), "{:?}", r.diags.first().map(|d| &d.message));
            let pages = r.written.iter().find(|w| w.path.ends_with(format!("{doc}.pdf"))).map(|w| w.pages).unwrap();
            println!("total={}", ms(total));
            println!("pages={pages}");
            // Stage by stage (these reuse what the build left in Typst's cache; Typst alone is
            // measured in a fresh process: see `typst_alone`).
            let t = Instant::now();
            let checked = load_and_check(&dir, None).unwrap();
            println!("load+check={}", ms(t.elapsed()));
            let (ix, laid_out) = checked.stages.as_ref().unwrap();
            let t = Instant::now();
            let kind = DocKind::parse(doc, None).unwrap();
            let ex = export(&checked.game, ix, laid_out, &kind, &ExportOptions::default());
            println!("export={}", ms(t.elapsed()));
            println!("total_s={}", total.as_secs_f64());
            let _ = ex;
        }
    }
    println!("peak={} MiB", peak_kib() / 1024);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        child(&args[i + 1]);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--typst-alone") {
        typst_alone(&args[i + 1]);
        return;
    }
    let chosen: Vec<&str> = if args.is_empty() {
        SCENARIOS.to_vec()
    } else {
        SCENARIOS.iter().copied().filter(|s| args.iter().any(|a| a == s)).collect()
    };
    let exe = std::env::current_exe().unwrap();
    let mut figures: Vec<(String, f64, f64)> = Vec::new();
    println!(
        "{:<22} {:>9} {:>6} {:>11} {:>8} {:>9} {:>8} {:>9} {:>8} {:>9} {:>11}",
        "scenario",
        "total",
        "pages",
        "load+check",
        "export",
        "compile",
        "pdf",
        "typst",
        "x typst",
        "peak",
        "typst peak"
    );
    for s in chosen {
        // Each scenario in its own process, so its peak memory is its own; three runs each,
        // the median reported (the machine is shared and noisy).
        let mut runs = Vec::new();
        for _ in 0..3 {
            let o = Command::new(&exe).args(["--child", s]).output().expect("run child");
            if !o.status.success() {
                println!("{s}: failed\n{}", String::from_utf8_lossy(&o.stderr));
                break;
            }
            let mut text = String::from_utf8_lossy(&o.stdout).into_owned();
            if s.starts_with("counters") || s.starts_with("cards") {
                let o = Command::new(&exe).args(["--typst-alone", s]).output().expect("run child");
                text.push_str(&String::from_utf8_lossy(&o.stdout));
            }
            runs.push(text);
        }
        if runs.len() < 3 {
            continue;
        }
        let num = |t: &str, k: &str| {
            t.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}=")))
                .and_then(|v| v.trim_end_matches(" ms").trim_end_matches(" MiB").parse::<f64>().ok())
        };
        // The run with the median total, and the median of Typst alone.
        runs.sort_by(|a, b| num(a, "total").partial_cmp(&num(b, "total")).unwrap());
        let mut text = runs[1].clone();
        let mut typst: Vec<&String> = runs.iter().collect();
        typst.sort_by(|a, b| num(a, "typst").partial_cmp(&num(b, "typst")).unwrap());
        for k in ["compile", "pdf", "typst", "typst_s", "typst_peak"] {
            let line = typst[1].lines().find(|l| l.starts_with(&format!("{k}="))).unwrap_or("").to_string();
            text = text.lines().filter(|l| !l.starts_with(&format!("{k}="))).collect::<Vec<_>>().join("\n");
            text.push('\n');
            text.push_str(&line);
            text.push('\n');
        }
        if let (Some(a), Some(b)) = (num(&text, "total_s"), num(&text, "typst_s")) {
            text.push_str(&format!("ratio={:.2}\n", a / b));
        }
        let get = |k: &str| text.lines().find_map(|l| l.strip_prefix(&format!("{k}="))).unwrap_or("").to_string();
        figures.push((s.to_string(), num(&text, "total").unwrap_or(0.0), num(&text, "peak").unwrap_or(0.0)));
        println!(
            "{:<22} {:>9} {:>6} {:>11} {:>8} {:>9} {:>8} {:>9} {:>8} {:>9} {:>11}",
            s,
            get("total"),
            get("pages"),
            get("load+check"),
            get("export"),
            get("compile"),
            get("pdf"),
            get("typst"),
            get("ratio"),
            get("peak"),
            get("typst_peak")
        );
        if !get("pdfs_written").is_empty() {
            println!("{:<22} {:>9} (the last PDF written)", "", get("pdfs_written"));
        }
    }
    linearity(&figures);
    if let Err(regressions) = guard(&figures) {
        eprintln!("{regressions}");
        std::process::exit(1);
    }
}

/// Cost per counter at each size, and its ratio to the smallest: 1.0 is linear.
fn linearity(figures: &[(String, f64, f64)]) {
    let per: Vec<(usize, f64)> = figures
        .iter()
        .filter_map(|(s, total, _)| {
            s.strip_prefix("counters-").and_then(|n| n.parse::<usize>().ok()).map(|n| (n, total / n as f64))
        })
        .filter(|(n, _)| *n >= 480)
        .collect();
    if let Some(&(n0, base)) = per.first() {
        for (n, cost) in &per {
            println!("linearity: {n} counters {:.3} ms per counter, {:.2} x the cost at {n0}", cost, cost / base);
        }
    }
}

/// Write this run's figures (`PLAYAID_BENCH_OUT`, default `target/bench/figures.json`) and,
/// when `PLAYAID_BENCH_BASELINE` names an earlier run's file from the same machine, fail on a
/// scenario more than 20 % slower than there (a guard for CI's bench step, not for the tests).
fn guard(figures: &[(String, f64, f64)]) -> Result<(), String> {
    let out = std::env::var_os("PLAYAID_BENCH_OUT")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/figures.json"));
    let json: serde_json::Map<String, serde_json::Value> = figures
        .iter()
        .map(|(s, total, peak)| (s.clone(), serde_json::json!({ "total_ms": total, "peak_mib": peak })))
        .collect();
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&out, serde_json::to_string_pretty(&json).unwrap()).unwrap();
    println!("figures written to {}", out.display());
    let Some(baseline) = std::env::var_os("PLAYAID_BENCH_BASELINE") else { return Ok(()) };
    let Ok(text) = std::fs::read_to_string(&baseline) else {
        println!("no baseline at {} yet: this run becomes one", Path::new(&baseline).display());
        return Ok(());
    };
    let before: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("baseline: {e}"))?;
    let mut slower = Vec::new();
    for (s, total, _) in figures {
        if let Some(was) = before[s]["total_ms"].as_f64().filter(|w| *w > 0.0) {
            let ratio = total / was;
            println!("{s}: {total:.0} ms, baseline {was:.0} ms ({:+.0} %)", (ratio - 1.0) * 100.0);
            if ratio > 1.2 {
                slower.push(format!("{s}: {total:.0} ms against {was:.0} ms ({:+.0} %)", (ratio - 1.0) * 100.0));
            }
        }
    }
    match slower.is_empty() {
        true => Ok(()),
        false => {
            Err(format!("regression over 20 % against {}:\n{}", Path::new(&baseline).display(), slower.join("\n")))
        }
    }
}
