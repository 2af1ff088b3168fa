//! The example games: each checks clean, and in each of them the checker catches the mistakes
//! a designer makes (a term missing from the glossary, a cross-reference to a missing section,
//! a table keyed to a unit type that does not exist, a table row of the wrong length).

use crate::common::*;
use std::path::Path;

const GAMES: [&str; 8] = [
    "war-at-sea-troop-landing",
    "white-star-rising",
    "one-hour-wargames-wwii",
    "genpei-naval",
    "starting-phase",
    "marrow-front",
    "salt-crown",
    "hollow-ridge",
];

/// (code, file, line, column) of every finding.
fn findings(dir: &Path) -> Vec<(String, String, u64, u64)> {
    let o = playaid(&["check", dir.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json output");
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap_or("").to_string();
            let short = Path::new(&file).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or(file);
            (
                d["code"].as_str().unwrap().to_string(),
                short,
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

const MISTAKES: &str = r#"[[section]]
id = "zz-mistakes"
title = "Mistakes"
items = ["units in [[Gud Order]] may fire", "see [[#no-such-section]]", { table = "zz-table" }]

[[table]]
id = "zz-table"
header = ["Firing unit", { kind = "no-such-kind" }]
rows = [
  [{ kind = "no-such-target" }, "+1"],
  ["too short"],
]
"#;

/// 1-based line and column of `needle` in MISTAKES.
fn at(needle: &str) -> (u64, u64) {
    let off = MISTAKES.find(needle).unwrap();
    let before = &MISTAKES[..off];
    let line = before.matches('\n').count() as u64 + 1;
    let col = before[before.rfind('\n').map(|i| i + 1).unwrap_or(0)..].chars().count() as u64 + 1;
    (line, col)
}

#[test]
fn each_example_catches_a_designers_mistakes() {
    for game in GAMES {
        let src = repo().join("data").join(game);
        assert!(src.join("game.toml").exists(), "data/{game} is missing");
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&src, dir.path());
        std::fs::write(dir.path().join("zz-mistakes.toml"), MISTAKES).unwrap();
        let got = findings(dir.path());
        let mut expected = vec![
            ("E006", at("Gud Order")),
            ("E006", at("no-such-section")),
            ("E006", at("\"no-such-kind\"")),
            ("E006", at("\"no-such-target\"")),
            ("E017", at("[\"too short\"]")),
        ];
        expected.sort();
        let mut got_ours: Vec<(&str, (u64, u64))> =
            got.iter().filter(|f| f.1 == "zz-mistakes.toml").map(|f| (f.0.as_str(), (f.2, f.3))).collect();
        got_ours.sort();
        assert_eq!(got_ours, expected, "{game}: findings in the mistakes file");
        let elsewhere: Vec<_> = got.iter().filter(|f| f.1 != "zz-mistakes.toml").collect();
        assert!(elsewhere.is_empty(), "{game}: unexpected findings elsewhere: {elsewhere:?}");
    }
}

#[test]
fn each_cheatsheet_holds_its_key_facts() {
    // The rules version, or "" for rules without one (their seed has none).
    let facts: [(&str, &str, &[&str]); 6] = [
        ("war-at-sea-troop-landing", "2.0", &["Troop-Landing Rules", "Landing 10 2", "Hard to Kill", "Regroup"]),
        (
            "white-star-rising",
            "",
            &["1.3.2", "Ops Complete", "Good Order", "6.1.7", "11.3", "2D6", "spartans.org.uk", "Fate points"],
        ),
        // The fire-modifier row of a firing Tank: vs Tank +2, flank +2, rear −2, close ×2, long 1/2.
        ("one-hour-wargames-wwii", "8", &["Tank – – – +2 +2 −2 ×2 1/2", "3d5+2\""]),
        ("genpei-naval", "", &["Grappling", "grapple", "Sohei Warriors", "Sohei Archers", "Stockade", "Marsh"]),
        ("starting-phase", "0.1", &["Hive Mind", "Fanatical", "Fearless", "Unshakable", "Ld", "Nv"]),
        ("marrow-front", "1.0", &["COMBAT RESULTS TABLE", "TERRAIN EFFECTS CHART", "TURN RECORD TRACK", "Oct I"]),
    ];
    let out = tempfile::tempdir().unwrap();
    for (game, version, expected) in facts {
        let o =
            playaid(&["build", repo().join("data").join(game).to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
        assert!(o.status.success(), "{game}: {}", String::from_utf8_lossy(&o.stderr));
        let folder = if version.is_empty() { game.to_string() } else { format!("{game}-{version}") };
        let pdf = out.path().join(folder).join("cheatsheet.pdf");
        let text = pdf_text(&pdf);
        for fact in expected {
            assert!(text.contains(fact), "{game}: `{fact}` not on the sheet:\n{text}");
        }
        let (_, n) = pdf_info(&pdf);
        assert!(text.contains(&format!("page 1 of {n}")), "{game}: footer with page x of y");
        // Both columns of the last page are used and end within about six lines of each other.
        let (left, right) = column_ends(&pdf, n);
        let balanced = right > 0.0 && (left - right).abs() < 60.0;
        assert!(balanced, "{game}: last page columns end at {left:.0} and {right:.0} pt");
        if version.is_empty() {
            assert!(!text.contains("rules version") && !text.contains("Rules version"), "{game}: no rules version");
        } else {
            assert!(text.contains(&format!("rules version {version}")), "{game}: footer with the rules version");
        }
    }
}

/// Where the text of each column of a two-column page ends, in pt from the page's top (0 for
/// an empty column), leaving out the footer (the bottom 13 mm margin).
fn column_ends(pdf: &Path, page: usize) -> (f64, f64) {
    let n = page.to_string();
    let o = std::process::Command::new("pdftotext")
        .args(["-bbox", "-f", &n, "-l", &n, pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let html = String::from_utf8_lossy(&o.stdout);
    let attr = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let page_tag = html.split("<page ").nth(1).expect("a page");
    let (width, height) = (attr(page_tag, "width"), attr(page_tag, "height"));
    let (mut left, mut right) = (0.0f64, 0.0f64);
    for word in html.split("<word ").skip(1) {
        let (x0, x1, y1) = (attr(word, "xMin"), attr(word, "xMax"), attr(word, "yMax"));
        if y1 > height - 13.0 / 25.4 * 72.0 {
            continue;
        }
        if x1 < width / 2.0 {
            left = left.max(y1);
        } else if x0 > width / 2.0 {
            right = right.max(y1);
        }
    }
    (left, right)
}

/// The versions a text names: `v1.4`, or the word after "version".
fn versions_named(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let versionish =
        |s: &str| s.starts_with(|c: char| c.is_ascii_digit()) && s.chars().all(|c| c.is_ascii_digit() || c == '.');
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_end_matches([',', ';', ':', ')', '·']).trim_end_matches('.');
        if let Some(v) = w.strip_prefix('v').filter(|v| versionish(v)) {
            out.push(v.to_string());
        } else if i > 0 && words[i - 1].eq_ignore_ascii_case("version") && versionish(w) {
            out.push(w.to_string());
        }
    }
    out
}

#[test]
fn counters_and_cards_print_no_version_but_the_games() {
    let out = tempfile::tempdir().unwrap();
    let mut seen = 0;
    for game in GAMES.iter().chain(&["war-at-sea-troop-landing-1.4"]) {
        let dir = repo().join("data").join(game);
        let o = playaid(&["build", dir.to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
        assert!(o.status.success(), "{game}: {}", String::from_utf8_lossy(&o.stderr));
        let toml = std::fs::read_to_string(dir.join("game.toml")).unwrap();
        // `OUT/<id>-<version>`, or `OUT/<id>` for rules without a version.
        let id = game.trim_end_matches("-1.4");
        let version = toml.lines().find_map(|l| l.strip_prefix("version = ")).map(|v| v.trim_matches('"'));
        let built = match version {
            Some(v) => out.path().join(format!("{id}-{v}")),
            None => out.path().join(id),
        };
        for doc in ["counters.pdf", "cards.pdf"] {
            let pdf = built.join(doc);
            if !pdf.exists() {
                continue;
            }
            let named = versions_named(&pdf_text(&pdf));
            match version {
                Some(version) => {
                    assert!(!named.is_empty(), "{game} {doc}: names its version");
                    assert!(named.iter().all(|v| v == version), "{game} {doc}: names {named:?}, the game is {version}");
                }
                // Rules without a version (as their seed has none) print none.
                None => assert!(named.is_empty(), "{game} {doc}: names {named:?}, the rules have no version"),
            }
            seen += 1;
        }
    }
    assert_eq!(
        seen, 16,
        "every counter sheet and card sheet of the examples (The Marrow Front has terrain cards; Genpei and The Salt Crown block stickers)"
    );
}

/// Build every example into `out`; each game's output folder.
fn build_all(out: &Path) -> Vec<(String, std::path::PathBuf)> {
    let mut built = Vec::new();
    for game in GAMES {
        let o = playaid(&["build", repo().join("data").join(game).to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert!(o.status.success(), "{game}: {}", String::from_utf8_lossy(&o.stderr));
    }
    for e in std::fs::read_dir(out).unwrap() {
        let path = e.unwrap().path();
        built.push((path.file_name().unwrap().to_string_lossy().into_owned(), path));
    }
    built.sort();
    // War at Sea 2.0 builds its German translation too (`[game] languages`).
    assert_eq!(built.len(), GAMES.len() + 1, "{built:?}");
    built
}

/// The PDFs of a built game, by name.
fn pdfs(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .collect();
    v.sort();
    v
}

/// Nothing but paper within 5 mm of any sheet's edge (a home printer prints nothing there):
/// no text, no crop mark, no scale bar, no map. Every page of every example, rendered at 72
/// dpi, has no ink in its outer 4.6 mm (5 mm less a pixel and a half of antialiasing); and
/// every page of a cheatsheet, map, aid card or scenario sheet but its last uses at least half
/// its paper (at least half of its 2 mm bands across carry ink).
#[test]
fn every_example_page_leaves_the_printers_edge_blank_and_uses_its_paper() {
    let out = tempfile::tempdir().unwrap();
    let mut pages = 0;
    for (game, dir) in build_all(out.path()) {
        for pdf in pdfs(&dir) {
            let name = format!("{game}/{}", pdf.file_name().unwrap().to_string_lossy());
            let grey = pdf_grey_pages(&pdf, 72);
            let sheets = name.ends_with("counters.pdf") || name.ends_with("cards.pdf");
            for (i, g) in grey.iter().enumerate() {
                pages += 1;
                let band = (4.6 / 25.4 * 72.0) as usize;
                let mut inked = Vec::new();
                for y in 0..g.h {
                    for x in 0..g.w {
                        let near = x < band || y < band || x >= g.w - band || y >= g.h - band;
                        if near && g.ink(x, y) {
                            inked.push((x, y));
                        }
                    }
                }
                let first = inked.first().map(|&(x, y)| (x as f64 * 25.4 / 72.0, y as f64 * 25.4 / 72.0));
                assert!(inked.is_empty(), "{name} page {}: ink within 5 mm of the edge, first at {first:?} mm", i + 1);
                // Counter and card sheets fill row by row, a sheet a group: page use is theirs
                // to improve (a group of a few markers takes a sheet of its own).
                if sheets || i + 1 == grey.len() {
                    continue;
                }
                let step = (2.0 / 25.4 * 72.0) as usize;
                let bands: Vec<bool> = (band..g.h - band)
                    .step_by(step)
                    .map(|y0| (y0..(y0 + step).min(g.h - band)).any(|y| (band..g.w - band).any(|x| g.ink(x, y))))
                    .collect();
                let used = bands.iter().filter(|b| **b).count() as f64 / bands.len() as f64;
                assert!(used >= 0.5, "{name} page {}: only {:.0} % of the page carries ink", i + 1, used * 100.0);
            }
        }
    }
    assert!(pages > 40, "only {pages} pages looked at");
}

/// The facts the seeds give, as the examples print them (docs: /work/shared/seeds).
#[test]
fn the_examples_print_their_seeds_facts() {
    let out = tempfile::tempdir().unwrap();
    let built = build_all(out.path());
    let text = |game: &str, pdf: &str| {
        let dir = &built.iter().find(|(g, _)| g.starts_with(game)).unwrap().1;
        pdf_text(&dir.join(pdf))
    };
    // Genpei: a unit must start its turn next to a Stockade to enter it; the Sohei fight for
    // the Minamoto in the scenario, and their cards say so; banners per side, as fielded.
    let cards = text("genpei-naval", "cards.pdf");
    assert!(cards.contains("start its turn adjacent"), "the Stockade card: {cards}");
    assert!(!cards.contains("Taira"), "no Sohei card is marked Taira: {cards}");
    let sc = text("genpei-naval", "scenario-dan-no-ura.pdf");
    assert!(!sc.contains("11 on the table") && sc.contains("the Taira field 8") && sc.contains("the Minamoto field 9"));
    // The Marrow Front: seven Velsk corps at set-up, no railway, one label per unit type.
    let sc = text("marrow-front", "scenario-hearthfire.pdf");
    assert!(sc.contains("seven weak corps") && !sc.contains("six weak corps"), "{sc}");
    assert!(!text("marrow-front", "map.pdf").contains("railway"));
    // War at Sea: troop counters are unlimited: no quantity of them in the forces.
    let sc = text("war-at-sea-troop-landing", "scenario-island-landing.pdf");
    assert!(!sc.contains("Troop Counter Armour") && sc.contains("as many as the transports carry"), "{sc}");
    // Starting Phase: the cards print the rules' units, with no aside about the rules; the
    // unit cards' backs say they are examples (the rules name no units, #43).
    let cards = text("starting-phase", "cards.pdf");
    assert!(!cards.contains("not from the rules"));
    assert!(cards.contains("Example units made up for playaid"), "{cards}");
    // Genpei: the board is made up for the example scenario, and says so.
    assert!(text("genpei-naval", "map.pdf").contains("Example board"));
    // White Star Rising: the seed's order (Disrupted Units, 6.1.7, after Overrun Combat, 6.4;
    // Artillery, 11.2, before Anti-Aircraft Units, 11.1), Mortars keeps 6.1, and the Disrupted
    // card carries the 6.1.7 rules.
    let cs = text("white-star-rising", "cheatsheet.pdf");
    let at = |s: &str| cs.find(s).unwrap_or_else(|| panic!("no `{s}` on the cheatsheet"));
    assert!(at("Overrun Combat") < at("Disrupted Units") && at("Disrupted Units") < at("Mortars"));
    assert!(at("Artillery") < at("Anti-Aircraft Units"));
    assert!(cs.contains("Mortars 6.1") || cs.contains("6.1 Mortars"), "Mortars keeps its number");
    let cards = text("white-star-rising", "cards.pdf");
    for rule in ["May not attack", "retreat", "Assault To Hit", "Good Order"] {
        assert!(cards.contains(rule), "the Disrupted card lacks `{rule}`: {cards}");
    }
}

/// Issue #28: no example page is more than half empty but a document's last page (the last
/// sheet's fronts and backs, for card and counter sheets): measured as how far down the page,
/// between its header and footer bands, its lowest ink reaches.
#[test]
fn no_example_page_is_more_than_half_empty_but_the_last() {
    let out = tempfile::tempdir().unwrap();
    for dir in example_games() {
        let o = playaid(&["build", dir.to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", dir.display(), String::from_utf8_lossy(&o.stderr));
    }
    let mut checked = 0;
    for folder in std::fs::read_dir(out.path()).unwrap() {
        let folder = folder.unwrap().path();
        for pdf in std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()) {
            if pdf.extension().is_none_or(|e| e != "pdf") {
                continue;
            }
            let name = pdf.file_name().unwrap().to_string_lossy().into_owned();
            let pages = pdf_grey_pages(&pdf, 20);
            // A sheet's last fronts page has its backs after it.
            let exempt = if name == "cards.pdf" || name == "counters.pdf" { 2 } else { 1 };
            for (n, g) in pages.iter().enumerate().take(pages.len().saturating_sub(exempt)) {
                let (lo, hi) = ((g.h as f64 * 0.05) as usize, (g.h as f64 * 0.93) as usize);
                let lowest = (lo..hi).rev().find(|&y| (0..g.w).any(|x| g.px[y * g.w + x] < 200)).unwrap_or(lo);
                let used = (lowest - lo) as f64 / (hi - lo) as f64;
                assert!(used >= 0.5, "{}/{name} page {}: used down to {:.0} %", folder.display(), n + 1, used * 100.0);
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked} pages checked");
}
