//! `playaid new`: every template makes a game that checks clean (no errors, no warnings) and
//! builds its PDFs; a folder that is not empty is refused, an unknown template gets a
//! did-you-mean.

use crate::common::*;
use std::path::Path;
use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `playaid new DIR --template NAME`, then `check`: clean. Then `build`: the files it wrote.
fn new_check_build(template: &str, tmp: &Path) -> std::path::PathBuf {
    let dir = tmp.join("my-game");
    let o = playaid(&["new", dir.to_str().unwrap(), "--template", template]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains(&format!("from the template {template}")) && said.contains("playaid check"), "{said}");
    assert!(dir.join("game.toml").is_file());
    // The editor gets the schema and the settings that point Taplo / Even Better TOML at it.
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("playaid.schema.json")).unwrap()).unwrap();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-04/schema#");
    let taplo = std::fs::read_to_string(dir.join(".taplo.toml")).unwrap();
    assert!(taplo.contains("path = \"./playaid.schema.json\""), "{taplo}");
    assert!(dir.join(".vscode/settings.json").is_file());

    let o = playaid(&["check", dir.to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(0), "{template}: {json}");
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 0, "{template} checks clean: {json}");

    let out = tmp.join("out");
    let o = playaid(&["build", dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{template}: {}", stderr(&o));
    let games: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(games.len(), 1, "{games:?}");
    games[0].clone()
}

#[test]
fn hex_and_counter_has_a_cheatsheet_with_its_crt_and_two_sided_counters() {
    let tmp = tempfile::tempdir().unwrap();
    let game = new_check_build("hex-and-counter", tmp.path());
    assert!(game.ends_with("iron-ford-0.1"), "{}", game.display());
    let sheet = pdf_text(&game.join("cheatsheet.pdf"));
    for text in ["Iron Ford", "Sequence of play", "COMBAT RESULTS TABLE", "1–2", "Zone of Control", "First draft."] {
        assert!(sheet.contains(text), "cheatsheet lacks `{text}`: {sheet}");
    }
    // What a hex-and-counter game is built from: a map with its terrain, a terrain chart, a
    // turn track, an aid card with all three, and a scenario set up by counter id.
    let map = pdf_text(&game.join("map.pdf"));
    for text in ["The Vell Crossing", "Vell Bridge", "Forest", "River", "Road"] {
        assert!(map.contains(text), "map lacks `{text}`: {map}");
    }
    let aid = pdf_text(&game.join("aid.pdf"));
    for text in ["COMBAT RESULTS TABLE", "TERRAIN EFFECTS CHART", "TURN RECORD TRACK", "SEQUENCE OF PLAY"] {
        assert!(aid.to_uppercase().contains(text), "aid card lacks `{text}`: {aid}");
    }
    let scenario = pdf_text(&game.join("scenario-vell-bridge.pdf"));
    for text in ["The Race for Vell Bridge", "1 Rgt", "4 Gr", "Vell Bridge"] {
        assert!(scenario.contains(text), "scenario lacks `{text}`: {scenario}");
    }
    // Fronts then backs: the rifles are 4-4-4 at full strength and 2-2-4 reduced.
    let ((_, _), pages) = pdf_info(&game.join("counters.pdf"));
    assert_eq!(pages % 2, 0, "a backs page for every fronts page");
    let counters = pdf_text(&game.join("counters.pdf"));
    assert!(counters.contains("4-4-4") && counters.contains("2-2-4"), "{counters}");
    assert!(counters.contains("Bridge Blown"), "{counters}");
}

#[test]
fn cards_has_a_card_per_character_and_backs_per_side() {
    let tmp = tempfile::tempdir().unwrap();
    let game = new_check_build("cards", tmp.path());
    let ((w, h), pages) = pdf_info(&game.join("cards.pdf"));
    assert!(w < h, "portrait A4");
    // 11 character cards, 5 lanterns and the 6 cards of the deck: three sheets, fronts and backs.
    assert_eq!(pages, 6);
    let cards = pdf_text(&game.join("cards.pdf"));
    for text in ["Night Watchman", "Guard:", "Ward 2:", "Lantern", "Hedge Folk", "Keep the road lit."] {
        assert!(cards.contains(text), "cards lack `{text}`: {cards}");
    }
    // The strategy deck: its cards with ops, event side and part, and its own back.
    for text in ["Second Wind", "Long Night", "REMOVE AFTER EVENT", "No. 5 · Dusk", "Turns of Fate"] {
        assert!(cards.contains(text), "cards lack `{text}`: {cards}");
    }
    let sheet = pdf_text(&game.join("cheatsheet.pdf"));
    for text in ["Lanterns & Thorns", "Twilight", "Dusk", "First Light"] {
        assert!(sheet.contains(text), "cheatsheet lacks `{text}`: {sheet}");
    }
}

#[test]
fn blocks_has_stickers_a_map_of_towns_and_a_scenario_by_town() {
    let tmp = tempfile::tempdir().unwrap();
    let game = new_check_build("blocks", tmp.path());
    assert!(game.ends_with("three-rivers-0.1"), "{}", game.display());
    // One sticker sheet, a band a side, one-sided; the strength on the edges.
    let stickers = pdf_text(&game.join("counters.pdf"));
    for text in ["Blocks: House Aldren", "Blocks: House Morrow", "one-sided", "Aldren Guard", "A2"] {
        assert!(stickers.contains(text), "stickers lack `{text}`: {stickers}");
    }
    let map = pdf_text(&game.join("map.pdf"));
    for text in ["Aldren", "Crossways", "Morrow", "Millbrook"] {
        assert!(map.contains(text), "map lacks `{text}`: {map}");
    }
    let scenario = pdf_text(&game.join("scenario-spring.pdf"));
    assert!(scenario.contains("in Aldren") && scenario.contains("in Morrow"), "{scenario}");
    assert!(pdf_text(&game.join("aid.pdf")).contains("Road: 4 a turn"));

    // The road limits and the steps are real: a strength of 5 cannot go on four edges.
    let dir = tmp.path().join("my-game");
    let path = dir.join("units.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("strength = 4, rating = \"A2\"", "strength = 5, rating = \"A2\"", 1)).unwrap();
    let o = playaid(&["check", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error[E078]") || stderr(&o).contains("error[E012]"), "{}", stderr(&o));
}

#[test]
fn skirmish_has_unit_cards_and_a_scenario_within_its_points() {
    let tmp = tempfile::tempdir().unwrap();
    let game = new_check_build("skirmish", tmp.path());
    let cards = pdf_text(&game.join("cards.pdf"));
    assert!(cards.contains("Warden Captain") && cards.contains("Smuggler Boss"), "{cards}");
    let scenario = pdf_text(&game.join("scenario-sluice-gate.pdf"));
    for text in ["Night at the Sluice Gate", "Saltfen Smugglers", "Fen Wardens", "Sluice gate"] {
        assert!(scenario.contains(text), "scenario lacks `{text}`: {scenario}");
    }
    assert!(pdf_text(&game.join("cheatsheet.pdf")).contains("Choosing forces"));

    // The points limit is real: a fourth bruiser puts the smugglers at 111 points.
    let dir = tmp.path().join("my-game");
    let path = dir.join("scenarios.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("{ unit = \"smuggler-bruiser\", count = 2 }", "{ unit = \"smuggler-bruiser\", count = 3 }"),
    )
    .unwrap();
    let o = playaid(&["check", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error[E033]"), "{}", stderr(&o));
}

#[test]
fn the_default_template_is_hex_and_counter() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let o = playaid(&["new", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dir.join("counters.toml").is_file());
}

#[test]
fn a_folder_that_is_not_empty_is_refused_and_left_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("mine");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "my notes").unwrap();
    let o = playaid(&["new", dir.to_str().unwrap(), "--template", "cards"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: ") && stderr(&o).contains("is not empty"), "{}", stderr(&o));
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["notes.txt"]);
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "my notes");

    // A file is refused too; an empty folder is fine.
    let o = playaid(&["new", dir.join("notes.txt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a file"), "{}", stderr(&o));
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    assert_eq!(playaid(&["new", empty.to_str().unwrap()]).status.code(), Some(0));
}

#[test]
fn the_help_names_every_template() {
    let help = String::from_utf8_lossy(&playaid(&["new", "--help"]).stdout).into_owned();
    for t in playaid::new::TEMPLATES {
        assert!(help.contains(t.name), "`playaid new --help` names {}: {help}", t.name);
    }
}

#[test]
fn an_unknown_template_gets_a_did_you_mean() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let o = playaid(&["new", dir.to_str().unwrap(), "--template", "skirmich"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.starts_with("error: no template `skirmich`; did you mean `skirmish`?"), "{err}");
    assert!(err.contains("hex-and-counter, cards, skirmish"), "{err}");
    assert!(!dir.exists(), "nothing created");
}

/// The fenced blocks of the README's "Your first game in five minutes", in order, unindented.
fn tutorial_blocks() -> Vec<String> {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let start = readme.find("## Your first game in five minutes").expect("the tutorial section");
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map(|i| i + 3).unwrap_or(section.len())];
    let mut blocks = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("```") {
            let indent = line.len() - line.trim_start().len();
            let body: Vec<&str> = lines.by_ref().take_while(|l| !l.trim_start().starts_with("```")).collect();
            blocks.push(body.iter().map(|l| l.get(indent..).unwrap_or("")).collect::<Vec<_>>().join("\n"));
        }
    }
    blocks
}

/// The README's five-minute tutorial, step by step, as a new user would type it: the commands
/// it shows, the edit it asks for, and the output it promises.
#[test]
fn the_readme_tutorial_works_to_the_letter() {
    let blocks = tutorial_blocks();
    let [new, unit, finding, wrote] = blocks.as_slice() else { panic!("four blocks expected: {blocks:#?}") };
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| playaid_in(tmp.path(), args);

    assert_eq!(new.trim(), "playaid new my-game");
    assert_eq!(run(&["new", "my-game"]).status.code(), Some(0));

    // Step 2: the Tanks' attack 6 becomes 7; the README shows the unit as it then reads.
    let path = tmp.path().join("my-game/units.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let before = unit.replace("attack = 7", "attack = 6");
    assert!(text.contains(&before), "units.toml has the unit as the README shows it:\n{before}");
    std::fs::write(&path, text.replace(&before, unit)).unwrap();
    let o = run(&["check", "my-game"]);
    assert_eq!((o.status.code(), stderr(&o).trim()), (Some(0), "no problems found"));

    // Step 4: the deliberate mistake and the finding, exactly as printed.
    let edited = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, edited.replace(unit, &unit.replace("kind = \"armour\"", "kind = \"armor\""))).unwrap();
    let o = run(&["check", "my-game"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim_end(), finding.trim_end());
    let page = run(&["explain", "E006"]);
    assert!(String::from_utf8_lossy(&page.stdout).starts_with("# E006 unknown-reference"));

    // Step 6: fixed, then built.
    std::fs::write(&path, edited).unwrap();
    let o = run(&["build", "my-game"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim_end(), wrote.trim_end());
    assert!(tmp.path().join("out/iron-ford-0.1/counters.pdf").is_file());
}
