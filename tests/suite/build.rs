//! End-to-end: the binary builds real PDFs, and what they contain is what the data says.
//! Reads PDFs with poppler's `pdftotext` and `pdfinfo` (installed by .ci/run).

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A copy of the game folder `from` (in the repository) in a new temporary folder, with a
/// `templates/` folder for templates of its own.
fn game_copy(from: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    copy_dir(&repo().join(from), &game);
    std::fs::create_dir_all(game.join("templates")).unwrap();
    (dir, game)
}

/// Typst that loops for hours.
const LOOPS: &str = "for i in range(100000) { for j in range(100000) { n += 1 } }";

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn build(game: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    playaid(&args)
}

#[test]
fn war_at_sea_cheatsheet_holds_the_derived_capacity_table() {
    let out = tempfile::tempdir().unwrap();
    let o = build(&repo().join("data/war-at-sea-troop-landing"), out.path(), &[]);
    assert!(o.status.success(), "build failed:\n{}", stderr(&o));
    let pdf = out.path().join("war-at-sea-troop-landing-2.0/cheatsheet.pdf");
    assert!(String::from_utf8_lossy(&o.stdout).contains("cheatsheet.pdf"), "build lists what it wrote");
    let text = pdf_text(&pdf);
    // The nine capacity abilities with their troop counts, generated from the ability data.
    for (ability, count) in [
        ("Landing 10", 2),
        ("Vital Cargo", 2),
        ("Landing 5", 1),
        ("Landing 3", 1),
        ("Secret Cargo", 1),
        ("Beach Landing 3", 1),
        ("Tokyo Express", 1),
        ("Evacuate", 1),
        ("Land Secret Cargo 2", 1),
    ] {
        let row = format!("{ability} {count}");
        assert!(text.contains(&row), "capacity row `{row}` missing from:\n{text}");
    }
    // Title with rules version, the troop counter's stats and abilities.
    assert!(text.contains("Troop-Landing Rules"), "{text}");
    assert!(text.contains("2.0"), "{text}");
    assert!(text.contains("Troop Counter"), "{text}");
    assert!(text.contains("Hard to Kill") && text.contains("Regroup"), "{text}");
    let ((w, h), pages) = pdf_info(&pdf);
    assert!((w - 595.28).abs() < 0.5 && (h - 841.89).abs() < 0.5, "A4 expected, got {w} x {h}");
    assert!((1..=4).contains(&pages), "{pages} pages");
}

#[test]
fn page_size_us_letter_on_request() {
    let out = tempfile::tempdir().unwrap();
    let o = build(&repo().join("data/war-at-sea-troop-landing"), out.path(), &["--page", "us-letter"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let ((w, h), _) = pdf_info(&out.path().join("war-at-sea-troop-landing-2.0/cheatsheet.pdf"));
    assert!((w - 612.0).abs() < 0.5 && (h - 792.0).abs() < 0.5, "US Letter expected, got {w} x {h}");
}

#[test]
fn two_builds_are_byte_identical() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let game = repo().join("data/war-at-sea-troop-landing");
    assert!(build(&game, a.path(), &[]).status.success());
    assert!(build(&game, b.path(), &[]).status.success());
    let rel = "war-at-sea-troop-landing-2.0/cheatsheet.pdf";
    let (x, y) = (std::fs::read(a.path().join(rel)).unwrap(), std::fs::read(b.path().join(rel)).unwrap());
    assert!(x == y, "two builds of the same data differ");
}

#[test]
fn a_failed_build_keeps_the_last_good_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    let out = dir.path().join("out");
    assert!(build(&game, &out, &[]).status.success());
    let pdf = out.join("war-at-sea-troop-landing-2.0/cheatsheet.pdf");
    let good = std::fs::read(&pdf).unwrap();

    // A data error: nothing is rendered, the old PDF stays.
    let toml = game.join("game.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, format!("{text}\n[[unit]]\nid = \"broken\"\n")).unwrap();
    let o = build(&game, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing written"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&pdf).unwrap(), good);
    let leftovers: Vec<_> = std::fs::read_dir(pdf.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
    let mut names: Vec<String> = leftovers.iter().map(|n| n.to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(
        names,
        ["cards.pdf", "changelog.pdf", "cheatsheet.pdf", "counters.pdf", "rules.pdf", "scenario-island-landing.pdf"],
        "no temporary files left"
    );
}

/// A game with one rule whose markup is valid syntax but fails when Typst evaluates it.
fn tiny_game(dir: &Path, rule: &str) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("game.toml"),
        format!(
            "[game]\nid = \"tiny\"\ntitle = \"Tiny\"\nversion = \"1\"\n\n[[section]]\nid = \"one\"\ntitle = \"One\"\nitems = [\n  \"first item\",\n  \"{rule}\",\n]\n"
        ),
    )
    .unwrap();
}

#[test]
fn a_typst_error_in_user_markup_points_at_the_toml() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("tiny");
    // A call outside what texts may use (E035), and an unknown symbol only Typst's evaluation
    // finds (E036): both by `check`, at the rule's line, before anything renders.
    for (rule, code, col) in [("roll #nosuchthing(2) dice", "E035", 10), ("roll #sym.arrw dice", "E036", 14)] {
        tiny_game(&game, rule);
        let o = build(&game, &dir.path().join("out"), &[]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(err.contains(&format!("error[{code}]")), "{err}");
        assert!(err.contains(&format!("game.toml:11:{col}")), "{err}");
        assert!(!err.contains("E021"), "found at check, not at render: {err}");
        assert!(!dir.path().join("out/tiny-1/cheatsheet.pdf").exists());
        let checked = crate::common::playaid(&["check", game.to_str().unwrap()]);
        assert_eq!(checked.status.code(), Some(1), "check finds it too");
    }
}

#[test]
fn styling_code_in_user_markup_builds() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("tiny");
    tiny_game(&game, "roll #text(fill: red)[two] dice #sym.arrow.r #smallcaps[then] #strong[move]");
    let o = build(&game, &dir.path().join("out"), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = crate::common::pdf_text(&dir.path().join("out/tiny-1/cheatsheet.pdf"));
    assert!(text.contains("roll two dice → then move"), "{text}");
}

#[test]
fn user_markup_cannot_read_outside_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("tiny");
    tiny_game(&game, "#read(\\\"../../../../../../etc/passwd\\\")");
    let o = build(&game, &dir.path().join("out"), &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("game.toml:11:"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("root:"), "the file's content must not leak");
}

#[test]
fn every_example_game_checks_clean() {
    for entry in std::fs::read_dir(repo().join("data")).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.join("game.toml").exists() {
            continue;
        }
        let o = playaid(&["check", dir.to_str().unwrap(), "--format", "json"]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        assert_eq!(v["errors"], 0, "{}: {}", dir.display(), v);
        assert_eq!(v["warnings"], 0, "{}: {}", dir.display(), v);
        assert!(o.status.success());
    }
}

#[test]
fn the_readme_example_is_a_clean_game() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let start = readme.find("```toml\n# game.toml\n").expect("README has the example game") + "```toml\n".len();
    let end = start + readme[start..].find("```").unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.toml"), &readme[start..end]).unwrap();
    let o = playaid(&["check", dir.path().to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!((v["errors"].as_u64(), v["warnings"].as_u64()), (Some(0), Some(0)), "{v}");
    let out = dir.path().join("out");
    let o = build(dir.path(), &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = pdf_text(&out.join("harbour-raid-1.2/cheatsheet.pdf"));
    assert!(text.contains("Landing 10 2") && text.contains("Landing 5 1"), "{text}");
    let counters = pdf_text(&out.join("harbour-raid-1.2/counters.pdf"));
    assert_eq!(counters.matches("Troop Counter 5-2").count(), 40, "20 counters, fronts and backs: {counters}");
    let cards = pdf_text(&out.join("harbour-raid-1.2/cards.pdf"));
    assert!(cards.contains("Troop Counter") && cards.contains("Hard to Kill"), "{cards}");
}

/// A game that overrides one document template keeps every component of the library: its own
/// scenario sheet can show a unit block, a rules table and a rule section as the cheatsheet does.
#[test]
fn a_game_overriding_one_template_keeps_every_component() {
    let (tmp, game) = game_copy("data/war-at-sea-troop-landing");
    std::fs::write(
        game.join("templates/scenario.typ"),
        r#"#import "/templates/lib.typ": *
#set page(paper: pa-paper)
#set text(font: pa-font, size: 9pt)
#show: pa-typo
Own sheet for #pa-data.scenario.title
#pa-unit(pa-data.units.find(u => u.id == "troop-counter"))
#pa-table(pa-data.tables.find(t => t.id == "capacity"))
#for (i, s) in pa-sections.enumerate() { pa-section(s, i == 0) }
"#,
    )
    .unwrap();
    let out = tmp.path().join("out");
    let o = build(&game, &out, &[]);
    assert!(o.status.success(), "build failed:\n{}", stderr(&o));
    let sheets: Vec<_> = std::fs::read_dir(out.join("war-at-sea-troop-landing-2.0"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("scenario-"))
        .collect();
    assert_eq!(sheets.len(), 1, "one scenario sheet");
    let text = pdf_text(&sheets[0]);
    assert!(text.contains("Own sheet for"), "the game's own template was used:\n{text}");
    // The unit block (name and abilities), the generated table's rows, and the rule sections.
    for want in ["Troop Counter", "Hard to Kill", "Landing 10 2", "Landing 5 1", "Ship capacity"] {
        assert!(text.contains(want), "`{want}` missing from the overriding sheet:\n{text}");
    }
}

/// An empty string is a legitimate table cell (and text): `check` passes it, so `build` must too.
#[test]
fn empty_table_cells_build() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("tiny");
    tiny_game(&game, "see the table");
    let mut toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    toml = toml.replace("items = [", "items = [\n  { table = \"t\" },");
    toml.push_str("\n[[table]]\nid = \"t\"\nheader = [\"A\", \"\"]\nrows = [[\"\", \"x\"], [\"y\", \"\"]]\n");
    std::fs::write(game.join("game.toml"), toml).unwrap();
    let checked = playaid(&["check", game.to_str().unwrap()]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    let o = build(&game, &dir.path().join("out"), &[]);
    assert!(o.status.success(), "check was green, so build must be:\n{}", stderr(&o));
    let text = pdf_text(&dir.path().join("out/tiny-1/cheatsheet.pdf"));
    assert!(text.contains('x') && text.contains('y'), "{text}");
}

/// A game with Japanese names: located E037 findings without a font for them; with the
/// game's own font in fonts/, it checks clean and the PDF holds the names in that font.
#[test]
fn a_game_font_prints_what_the_embedded_fonts_lack() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let rules = std::fs::read_to_string(game.join("rules.toml")).unwrap();
    std::fs::write(
        game.join("rules.toml"),
        rules.replace("title = \"Landing Phase\"", "title = \"足軽 Landing Phase\""),
    )
    .unwrap();
    let o = build(&game, &dir.path().join("out"), &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("error[E037]") && err.contains("rules.toml:6:10"), "{err}");
    assert!(err.contains("U+8DB3") && err.contains("fonts/"), "names the character and the fix: {err}");
    assert!(!dir.path().join("out/beachhead-1.2/cheatsheet.pdf").exists());

    std::fs::create_dir_all(game.join("fonts")).unwrap();
    for f in ["NotoSansCJKjp-subset.otf", "OFL.txt"] {
        std::fs::copy(repo().join("tests/fixtures/fonts").join(f), game.join("fonts").join(f)).unwrap();
    }
    let checked = playaid(&["check", game.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(0), "{}", String::from_utf8_lossy(&checked.stderr));
    let o = build(&game, &dir.path().join("out"), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let pdf = dir.path().join("out/beachhead-1.2/cheatsheet.pdf");
    assert!(pdf_text(&pdf).contains("足軽 Landing Phase"));
    let fonts = std::process::Command::new("pdffonts").arg(&pdf).output().unwrap();
    assert!(String::from_utf8_lossy(&fonts.stdout).contains("NotoSansCJKjp"), "the game's font is embedded");
}

/// A game's own template with an error: `check` finds it (it compiles the game's templates),
/// at the template's own line, and so does `build`.
#[test]
fn an_error_in_a_game_template_is_found_by_check_at_its_line() {
    let (_dir, game) = game_copy("tests/check/base");
    std::fs::write(
        game.join("templates/cheatsheet.typ"),
        "#let d = json(\"/playaid/data.json\")\n= Our sheet\n#d.nosuchfield\n",
    )
    .unwrap();
    for args in [vec!["check", game.to_str().unwrap()], vec!["build", game.to_str().unwrap(), "-o", "/dev/null/x"]] {
        let o = playaid(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("error[E021]: dictionary does not contain key \"nosuchfield\""), "{err}");
        assert!(err.contains("templates/cheatsheet.typ:3:4"), "at the game's file and line: {err}");
        assert!(err.contains("#d.nosuchfield"), "shows the source line: {err}");
    }
}

/// A game's own template that loops, or grows without end: stopped with E039 within the limit,
/// and the last good PDFs stay as they were.
#[test]
fn a_runaway_template_is_stopped_and_the_last_good_files_stay() {
    let (dir, game) = game_copy("tests/check/base");
    let out = dir.path().join("out");
    assert_eq!(build(&game, &out, &[]).status.code(), Some(0));
    let pdf = out.join("beachhead-1.2/cheatsheet.pdf");
    let good = std::fs::read(&pdf).unwrap();
    let cases = [
        (&*format!("#let n = 0\n#{LOOPS}\n#n\n"), "--time-limit", "2", "took longer than 2 s"),
        (
            "#let s = \"ab\"\n#for i in range(40) { s = s + s }\n#s.len()\n",
            "--memory-limit",
            "300",
            "more than 300 MiB",
        ),
    ];
    for (template, option, value, says) in cases {
        std::fs::write(game.join("templates/cheatsheet.typ"), template).unwrap();
        let o = build(&game, &out, &[option, value]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains("error[E039]") && err.contains(says), "{err}");
        assert!(err.contains("templates/cheatsheet.typ"), "names the game's template: {err}");
        assert_eq!(std::fs::read(&pdf).unwrap(), good, "the last good PDF is intact");
    }
    // In JSON, for editors and CI, like every other finding.
    let o = build(&game, &out, &["--time-limit", "1", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    let found = &report["diagnostics"][0];
    assert_eq!((found["code"].as_str(), report["errors"].as_u64()), (Some("E039"), Some(1)), "{report}");
    assert!(found["message"].as_str().unwrap().contains("took longer than 1 s"), "{report}");
}

/// A runaway in what only the virtual tabletops draw (the maps whole, for the VASSAL module's
/// boards, compiled on a thread of their own beside the pieces): still stopped by the time
/// limit, naming that step.
#[test]
fn a_runaway_board_for_the_tabletops_is_stopped() {
    let (dir, game) = game_copy("data/marrow-front");
    // map.pdf itself compiles; only the boards (data with `pieces`) loop.
    let template = format!(
        "#let d = json(\"/playaid/data.json\")\n#if d.at(\"pieces\", default: none) != none {{ let n = 0; {LOOPS} }}\nmap\n"
    );
    std::fs::write(game.join("templates/map.typ"), template).unwrap();
    let out = dir.path().join("out");
    let o = build(&game, &out, &["--vassal", "--time-limit", "2"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("error[E039]") && err.contains("took longer than 2 s"), "{err}");
    assert!(err.contains("boards"), "names the step: {err}");
}

/// Watch mode's rebuild after an edit to one unit: the documents that print the unit compile
/// again; the map, the aid card and the cards (The Marrow Front's are terrain and strategy
/// cards), whose data the edit does not touch, are not compiled.
#[test]
fn an_edit_to_a_unit_rebuilds_only_the_documents_that_print_it() {
    use playaid::build::{BuildOptions, Builder, Progress};
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &dir);
    let opts = BuildOptions { out_dir: tmp.path().join("out"), ..Default::default() };
    let mut b = Builder::new(&dir, opts);
    let first = b.build(&mut |_| {}).unwrap();
    assert!(!first.has_errors());
    let units = dir.join("units.toml");
    let text = std::fs::read_to_string(&units).unwrap();
    let edited = text.replacen("{ name = \"full\", stats = { attack = 4", "{ name = \"full\", stats = { attack = 5", 1);
    assert_ne!(text, edited, "the Infantry Corps' attack");
    std::fs::write(&units, edited).unwrap();
    let mut compiled = Vec::new();
    let mut skipped = Vec::new();
    let r = b
        .build(&mut |p| {
            if let Progress::Rendered { file, took, .. } = p {
                if took.is_zero() { skipped.push(file.to_string()) } else { compiled.push(file.to_string()) }
            }
        })
        .unwrap();
    assert!(!r.has_errors());
    for doc in ["cheatsheet.pdf", "counters.pdf", "scenario-hearthfire.pdf"] {
        assert!(compiled.iter().any(|f| f == doc), "{doc} prints the unit: compiled {compiled:?}");
    }
    for doc in ["map.pdf", "aid.pdf", "cards.pdf"] {
        assert!(skipped.iter().any(|f| f == doc), "{doc} does not: skipped {skipped:?}, compiled {compiled:?}");
    }
}

/// A game that overrides only a library module (`templates/lib/maps.typ`) is a game with
/// templates of its own: every document gets the whole data, and `check` compiles them.
#[test]
fn a_library_override_gets_the_whole_data() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &dir);
    std::fs::create_dir_all(dir.join("templates/lib")).unwrap();
    let lib = std::fs::read_to_string(repo().join("templates/lib/maps.typ")).unwrap();
    std::fs::write(
        dir.join("templates/lib/maps.typ"),
        format!("{lib}\n// The game's own: every unit's name, read wherever maps.typ is.\n#let pa-unit-names = pa-data.units.map(u => u.name)\n"),
    )
    .unwrap();
    let o = playaid(&["build", dir.to_str().unwrap(), "-o", tmp.path().join("out").to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A label along the edge of a counter taller than it is wide stays on one line: it is laid out
/// as long as the counter is tall, then turned.
#[test]
fn an_edge_label_of_a_tall_counter_stays_on_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    write_game(
        &dir,
        &[(
            "game.toml",
            "[game]\nid = \"tall\"\ntitle = \"Tall\"\nversion = \"1\"\n\n[[counter_group]]\nid = \"g\"\nsize = \"0.75x1.25in\"\n\
             layout = { centre = \"{name}\", left = \"{label}\" }\n\n[[counter]]\nname = \"Rifles\"\nlabel = \"1st Rifle Regiment HQ\"\n",
        )],
    );
    let out = tmp.path().join("out");
    let o = playaid(&["build", dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let words = words(&out.join("tall-1/counters.pdf"), 1);
    let label: Vec<&Word> =
        words.iter().filter(|w| ["1st", "Rifle", "Regiment", "HQ"].contains(&w.text.as_str())).collect();
    assert_eq!(label.len(), 4, "{words:?}");
    // Turned a quarter: one line is one column of the page, every word at the same x.
    let x0 = label[0].x0;
    assert!(label.iter().all(|w| (w.x0 - x0).abs() < 0.5), "the label on one line: {label:?}");
}
