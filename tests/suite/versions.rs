//! Rules versions: `playaid diff` between folders and git revisions (text, JSON, a draft
//! changelog that loads), GitHub annotations, SOURCE_DATE_EPOCH, the changelog sheet.

use crate::common::*;
use std::path::Path;
use std::process::{Command, Output};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn data(game: &str) -> String {
    repo().join("data").join(game).to_string_lossy().into_owned()
}

#[test]
fn diff_between_the_two_war_at_sea_versions_names_the_capacity_change() {
    let o = playaid(&["diff", &data("war-at-sea-troop-landing-1.4"), &data("war-at-sea-troop-landing")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with("Troop-Landing Rules 1.4 → 2.0:"), "{text}");
    assert!(text.contains("~ Landing 10: Troop counters carried 3 → 2."), "{text}");
    assert!(text.contains("+ New ability: Rescue Operations."), "{text}");
    assert!(text.contains("- Ability removed: Rescue."), "{text}");
    assert!(text.contains("11 Optional Rules: removed \"Faster transports"), "{text}");

    let o = playaid(&[
        "diff",
        &data("war-at-sea-troop-landing-1.4"),
        &data("war-at-sea-troop-landing"),
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(v["old"]["version"], "1.4");
    assert_eq!(v["new"]["version"], "2.0");
    let capacity = v["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["area"] == "ability" && c["field"] == "Troop counters carried")
        .expect("the capacity change");
    assert_eq!(
        (capacity["id"].as_str(), capacity["old"].as_str(), capacity["new"].as_str()),
        (Some("landing"), Some("3"), Some("2"))
    );

    // No change: nothing to say.
    let o = playaid(&["diff", &data("war-at-sea-troop-landing"), &data("war-at-sea-troop-landing")]);
    assert!(stdout(&o).contains("0 changes"), "{}", stdout(&o));
}

#[test]
fn the_draft_changelog_pastes_into_the_data_and_checks_clean() {
    let o = playaid(&[
        "diff",
        &data("war-at-sea-troop-landing-1.4"),
        &data("war-at-sea-troop-landing"),
        "--format",
        "changelog",
    ]);
    let draft = stdout(&o);
    assert!(draft.contains("[[changelog]]\nversion = \"2.0\"\ndate = 2017-05-28\n"), "{draft}");
    assert!(draft.contains("abilities = [\"landing\"]"), "tied to the ability it changed: {draft}");
    // The 2.0 folder with its own 2.0 entry replaced by the draft.
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    // The German translation translates 2.0's entry as written: the draft's texts would be
    // new to it (W030, rightly), which is not what this test is about.
    std::fs::remove_dir_all(game.join("translations")).unwrap();
    let meta = std::fs::read_to_string(game.join("game.toml")).unwrap();
    let meta: String = meta.lines().filter(|l| !l.starts_with("languages")).map(|l| format!("{l}\n")).collect();
    std::fs::write(game.join("game.toml"), meta).unwrap();
    let log = std::fs::read_to_string(game.join("changelog.toml")).unwrap();
    let cut = log.find("[[changelog]]\nversion = \"2.0\"").unwrap();
    std::fs::write(game.join("changelog.toml"), format!("{}\n{draft}", &log[..cut])).unwrap();
    let o = playaid(&["check", game.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["errors"].as_u64(), v["warnings"].as_u64()), (Some(0), Some(0)), "{v}");
}

fn git(dir: &Path, args: &[&str]) {
    let o = Command::new("git").arg("-C").arg(dir).args(args).output().expect("git");
    assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn diff_between_two_git_revisions_of_one_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("rules");
    copy_dir(&repo().join("data/war-at-sea-troop-landing-1.4"), &game);
    // The editor settings `playaid new` writes: not game data, for check nor for diff.
    std::fs::write(game.join(".taplo.toml"), "include = [\"**/*.toml\"]\n").unwrap();
    git(tmp.path(), &["init", "-q"]);
    git(tmp.path(), &["config", "user.email", "designer@example.org"]);
    git(tmp.path(), &["config", "user.name", "Designer"]);
    git(tmp.path(), &["add", "."]);
    git(tmp.path(), &["commit", "-qm", "v1.4"]);
    git(tmp.path(), &["tag", "v1.4"]);
    std::fs::remove_dir_all(&game).unwrap();
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    git(tmp.path(), &["add", "-A"]);
    git(tmp.path(), &["commit", "-qm", "v2.0"]);
    git(tmp.path(), &["tag", "v2.0"]);
    // A later, uncommitted edit: --to defaults to the files as they are.
    let units = game.join("units.toml");
    std::fs::write(&units, std::fs::read_to_string(&units).unwrap().replace("armour = 5", "armour = 6")).unwrap();

    let o = playaid(&["diff", game.to_str().unwrap(), "--from", "v1.4", "--to", "v2.0"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("Landing 10: Troop counters carried 3 → 2."), "{text}");
    assert!(!text.contains("Armour"), "v2.0 as committed: {text}");

    let o = playaid(&["diff", game.to_str().unwrap(), "--from", "v2.0"]);
    let text = stdout(&o);
    assert!(text.contains("Troop Counter: Armour 5 → 6."), "{text}");

    let o = playaid(&["diff", game.to_str().unwrap(), "--from", "no-such-tag"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such-tag"));
}

#[test]
fn findings_become_github_annotations() {
    // The rules went to 2.1 but the changelog still ends at 2.0.
    let case = tempfile::tempdir().unwrap();
    std::fs::write(case.path().join("game.toml"), "[game]\nid = \"ops\"\ntitle = \"Ops\"\nversion = \"2.1\"\n")
        .unwrap();
    let changelog = "[[changelog]]\nversion = \"2.0\"\nitems = [\"First public version.\"]\n";
    std::fs::write(case.path().join("changelog.toml"), changelog).unwrap();
    let o = playaid_in(case.path(), &["check", ".", "--format", "github"]);
    assert_eq!(o.status.code(), Some(1));
    let line = stdout(&o);
    assert!(
        line.starts_with("::error file=game.toml,line=4,col=11,endLine=4,endColumn=16,title=E028 changelog-missing-version::the rules are version 2.1 but the changelog stops at 2.0"),
        "{line}"
    );
    assert!(line.contains("%0Ahelp: add [[changelog]]"), "newlines escaped: {line}");
    assert_eq!(line.lines().count(), 1);
}

#[test]
fn source_date_epoch_sets_the_date_of_undated_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("g");
    std::fs::create_dir_all(game.join("templates")).unwrap();
    std::fs::write(game.join("game.toml"), "[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1\"\n").unwrap();
    std::fs::write(
        game.join("templates/cheatsheet.typ"),
        "#set page(width: 100mm, height: 40mm)\n#set text(font: \"Roboto\")\nBuilt #datetime.today().display()\n",
    )
    .unwrap();
    let build = |epoch: Option<&str>| {
        let out = tmp.path().join(format!("out-{}", epoch.unwrap_or("none")));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_playaid"));
        cmd.args(["build", game.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"]);
        match epoch {
            Some(e) => cmd.env("SOURCE_DATE_EPOCH", e),
            None => cmd.env_remove("SOURCE_DATE_EPOCH"),
        };
        let o = cmd.output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        pdf_text(&out.join("g-1/cheatsheet.pdf"))
    };
    assert!(build(Some("1495929600")).contains("Built 2017-05-28"));
    assert!(build(None).contains("Built 2000-01-01"), "no clock: a fixed date");
}

#[test]
fn the_changelog_sheet_lists_versions_newest_first_with_what_they_changed() {
    let out = tempfile::tempdir().unwrap();
    let o = playaid(&["build", &data("war-at-sea-troop-landing"), "-o", out.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("changelog.pdf (1 page)"), "{}", stdout(&o));
    let text = pdf_text(&out.path().join("war-at-sea-troop-landing-2.0/changelog.pdf"));
    let (v20, v11) = (text.find("Version 2.0").unwrap(), text.find("Version 1.1").unwrap());
    assert!(v20 < v11, "newest first: {text}");
    assert!(text.contains("28 May 2017"), "{text}");
    assert!(text.contains("(9 Ship Capacity, Landing)"), "what an item changed: {text}");
}

/// The `run:` script of a step of the repository's GitHub workflow.
fn workflow_step(name: &str) -> String {
    let wf = std::fs::read_to_string(repo().join(".github/workflows/playaid.yml")).unwrap();
    let start = wf.find(&format!("- name: {name}\n")).unwrap_or_else(|| panic!("no step `{name}`"));
    let rest = &wf[start..];
    let run = rest.find("run: |\n").unwrap() + "run: |\n".len();
    let mut script = String::new();
    for line in rest[run..].lines() {
        if !line.starts_with("          ") {
            break;
        }
        script.push_str(&line[10..]);
        script.push('\n');
    }
    script
}

#[test]
fn the_workflow_check_step_runs_green_on_the_seed_games() {
    let script = workflow_step("Check every game");
    assert!(script.contains("playaid check \"$game\" --format github"), "{script}");
    let bin = Path::new(env!("CARGO_BIN_EXE_playaid")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let o = Command::new("bash").arg("-c").arg(&script).current_dir(repo()).env("PATH", path).output().unwrap();
    assert!(o.status.success(), "{}\n{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert!(!stdout(&o).contains("::error"), "{}", stdout(&o));
}

#[test]
fn diff_reports_a_counter_back_value_in_words() {
    let tmp = tempfile::tempdir().unwrap();
    let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
    copy_dir(&repo().join("data/white-star-rising"), &old);
    copy_dir(&repo().join("data/white-star-rising"), &new);
    // The Disrupted marker (a counter with its own back values) says "Shaken" on its back.
    let path = new.join("counters.toml");
    let counters = std::fs::read_to_string(&path).unwrap();
    let before = "name = \"Disrupted\"\ncounter_group = \"markers\"\nfront_face = { background = \"#b3261e\", icon = \"broken-shield\" }\n\
                  back = { name = \"Reduced\" }";
    assert!(counters.contains(before), "the seed data changed: update this test");
    std::fs::write(&path, counters.replace(before, &before.replace("\"Reduced\"", "\"Shaken\""))).unwrap();
    let o = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "White Star Rising: 1 change\n  ~ Counter Disrupted: back name Reduced → Shaken.\n");
}

/// A unit with steps changes in one step and gains a third: diff names the steps and prints
/// each stat as every step reads it.
#[test]
fn diff_shows_a_changed_step_with_every_step_of_the_stat() {
    let tmp = tempfile::tempdir().unwrap();
    let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
    copy_dir(&repo().join("data/white-star-rising"), &old);
    copy_dir(&repo().join("data/white-star-rising"), &new);
    let path = new.join("units.toml");
    let units = std::fs::read_to_string(&path).unwrap();
    let reduced = "{ name = \"reduced\", stats = { ap = 0, he = 2, to_hit = 5, range = 4, assault = 3, morale = 7, move = 5 } },\n";
    assert!(units.contains(reduced), "the seed data changed: update this test");
    // The Para Rifle's reduced step loses a point of HE firepower, and a third step is added.
    let changed = reduced.replace("he = 2", "he = 1")
        + "  { name = \"remnant\", stats = { ap = 0, he = 1, to_hit = 6, range = 2, assault = 1, morale = 6, move = 5 } },\n";
    std::fs::write(&path, units.replacen(reduced, &changed, 1)).unwrap();
    let o = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    for line in [
        "~ Para Rifle: steps full / reduced → full / reduced / remnant.",
        "~ Para Rifle: HE firepower 4 / 2 → 4 / 1 / 1.",
        "~ Para Rifle: Range factor 4 / 4 → 4 / 4 / 2.",
        "~ Para Rifle: To Hit 5 / 5 → 5 / 5 / 6.",
        "~ Para Rifle: Movement 5 / 5 → 5 / 5 / 5.",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
}

/// The designer bumps the rules version and changes a stat; `check` then insists on a changelog
/// entry (E028), and `diff --format changelog` drafts it despite that one error, saying what it
/// overlooked. Any other error still stops the comparison.
#[test]
fn the_changelog_entry_e028_asks_for_can_be_drafted_by_diff() {
    let tmp = tempfile::tempdir().unwrap();
    let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &old);
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &new);
    let edit = |file: &str, from: &str, to: &str| {
        let path = new.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "the seed data changed: update this test ({file}: {from})");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    };
    edit("game.toml", "version = \"2.0\"", "version = \"2.1\"");
    edit("units.toml", "armour = 5", "armour = 6");
    let checked = playaid(&["check", new.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(v["diagnostics"][0]["code"], "E028", "{v}");

    let o = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap(), "--format", "changelog"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(stderr.contains("[E028]") && stderr.contains("compared although"), "says what it overlooked: {stderr}");
    let draft = stdout(&o);
    assert!(draft.contains("version = \"2.1\""), "{draft}");
    assert!(draft.contains("Armour 5 → 6"), "{draft}");
    // Pasted into the changelog, the new version checks clean.
    let log = std::fs::read_to_string(new.join("changelog.toml")).unwrap();
    std::fs::write(new.join("changelog.toml"), format!("{log}\n{draft}")).unwrap();
    let o = playaid(&["check", new.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["errors"].as_u64(), v["warnings"].as_u64()), (Some(0), Some(0)), "{v}");

    // Another error is not overlooked.
    edit("units.toml", "armour = 6", "armour = 60");
    let o = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot compare"));
}

/// A game that keeps its units in a spreadsheet (The Starting Phase): `diff` between git
/// revisions reads the CSV as it was, and between folders too.
#[test]
fn diff_reads_spreadsheets_at_a_revision_and_in_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/starting-phase"), &game);
    git(tmp.path(), &["init", "-q"]);
    git(tmp.path(), &["config", "user.email", "designer@example.org"]);
    git(tmp.path(), &["config", "user.name", "Designer"]);
    git(tmp.path(), &["add", "."]);
    git(tmp.path(), &["commit", "-qm", "0.1"]);
    let units = game.join("units.csv");
    let text = std::fs::read_to_string(&units).unwrap();
    let row = "line-squad,Line Squad,squad,4,3,";
    assert!(text.contains(row), "the seed data changed: update this test");
    std::fs::write(&units, text.replace(row, "line-squad,Line Squad,squad,4,4,")).unwrap();

    let o = playaid(&["diff", game.to_str().unwrap(), "--from", "HEAD"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("~ Line Squad: Nerve 3 → 4."), "{}", stdout(&o));

    let o = playaid(&["diff", &data("starting-phase"), game.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("~ Line Squad: Nerve 3 → 4."), "{}", stdout(&o));
}

/// A new version of The Marrow Front's charts: one CRT result, a legend text, a modifier, a
/// terrain's line of sight and cost, a turn's weather, and a ninth turn: each said in words,
/// one line each.
#[test]
fn diff_reads_the_charts() {
    let tmp = tempfile::tempdir().unwrap();
    let new = tmp.path().join("new");
    copy_dir(&repo().join("data/marrow-front"), &new);
    let charts = new.join("charts.toml");
    let text = std::fs::read_to_string(&charts).unwrap();
    let edited = text
        .replace(
            r#"{ roll = 3, results = ["AE", "AR", "AR", "EX", "DR", "DR", "DR2"] }"#,
            r#"{ roll = 3, results = ["AE", "AR", "AR", "EX", "EX", "DR", "DR2"] }"#,
        )
        .replace("Attacker retreats one hex.", "Attacker retreats one or two hexes.")
        .replace(r#"text = "the attacker is out of supply" },"#, r#"text = "the attacker has no supply" },"#)
        .replace(
            "move = { foot = 2, motor = 3 }\nshift = -1\nlos = \"blocks\"\nlevel = 1\ntext",
            "move = { foot = 2, motor = 4 }\nshift = -1\nlos = \"hinders\"\nlevel = 1\ntext",
        )
        .replace(r#"{ name = "Dec II", weather = "Snow" },"#, r#"{ name = "Dec II", weather = "Frost" },"#)
        .replace(
            r#"{ name = "Jan II", weather = "Snow", event = "Game end: count the cities held." },"#,
            r#"{ name = "Jan II", weather = "Snow" },
  { name = "Feb I", weather = "Snow", event = "Game end: count the cities held." },"#,
        );
    assert_ne!(edited, text);
    std::fs::write(&charts, edited).unwrap();
    let o = playaid(&["diff", &data("marrow-front"), new.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = stdout(&o);
    for line in [
        "~ Combat Results Table: roll 3, 4-1 DR → EX.",
        "~ Combat Results Table, result AR: \"Attacker retreats one hex.\" now reads \"Attacker retreats one or two hexes.\"",
        "~ Combat Results Table, the attacker is out of supply: when \"the attacker is out of supply\" now reads \"the attacker has no supply\"",
        "~ Hills: line of sight blocks → hinders.",
        "~ Hills: movement (motor) 3 → 4.",
        "~ Turn Record Track, turn 6 (Dec II): weather Snow → Frost.",
        "~ Turn Record Track, turn 8 (Jan II): event removed (was \"Game end: count the cities held.\")",
        "+ Turn Record Track: new turn 9 (name Feb I, weather Snow, event \"Game end: count the cities held.\").",
    ] {
        assert!(said.contains(line), "`{line}` not in:\n{said}");
    }
    // One line per change: the modifier's reworded condition is one change, not a removal and
    // an addition; the ninth turn is said with what it holds.
    assert!(said.contains("8 changes"), "nothing else: {said}");
}

/// A strategy card's fields by name, in the deck's words: its ops ("Ops 1 → 2"), event side,
/// what becomes of it after its event, its part, and its text with the old and new wording.
#[test]
fn diff_names_every_field_of_a_strategy_card() {
    let tmp = tempfile::tempdir().unwrap();
    let new = tmp.path().join("new");
    copy_dir(&repo().join("data/marrow-front"), &new);
    let decks = new.join("decks.toml");
    let text = std::fs::read_to_string(&decks).unwrap();
    let old = "title = \"Militia Levy\"\nicon = \"rifle\"\nnumber = 3\nops = 1\nevent = \"velsk\"\nafter = \"remove\"\ntext = \"Place one reduced Rifle Corps in any Velsk city that is in supply.\"";
    assert!(text.contains(old), "the example's card as the test expects it");
    let changed = "title = \"Militia Levy\"\nicon = \"rifle\"\npart = \"winter\"\nnumber = 3\nops = 2\nevent = \"both\"\nafter = \"stays\"\ntext = \"Place one reduced Rifle Corps in any Velsk town that is in supply.\"";
    // The part's counts follow the card from Autumn to Winter.
    let text = text.replace(old, changed).replace("count = 10", "count = 9").replace("count = 8", "count = 9");
    std::fs::write(&decks, text).unwrap();
    let o = playaid(&["diff", &data("marrow-front"), &new.to_string_lossy()]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    for line in [
        "Card Militia Levy: Ops 1 → 2.",
        "Card Militia Levy: event Republic of Velsk's → either side's.",
        "Card Militia Levy: after its event removed → stays in play.",
        "Card Militia Levy: part Autumn → Winter.",
        "Card Militia Levy: text \"",
        "Deck Fortunes of War, part Autumn: count 10 → 9.",
    ] {
        assert!(out.contains(line), "`{line}` in:\n{out}");
    }
    assert!(out.contains("city") && out.contains("town"), "the old and new wording: {out}");
}

/// The rulebook's glossary points first to the section about a term (its title names it),
/// then to the sections that use it: "Capacity" to 9 Ship Capacity, "Check for victory" to
/// 3 Checking for Victory, not only to the sections that happen to mention them.
#[test]
fn the_glossary_points_to_the_section_about_each_term() {
    let out = tempfile::tempdir().unwrap();
    let o = playaid(&["build", &data("war-at-sea-troop-landing"), "-o", out.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = pdf_text(&out.path().join("war-at-sea-troop-landing-2.0/rules.pdf"));
    for (term, first) in [("Capacity", "9 Ship Capacity"), ("Check for victory", "3 Checking for Victory")] {
        let at = text.rfind(&format!("{term} –")).unwrap_or_else(|| panic!("`{term}` in the glossary: {text}"));
        let see = &text[at..][text[at..].find("See ").expect("a See") + 4..];
        assert!(see.starts_with(first), "{term}: See {}", &see[..60.min(see.len())]);
    }
}

/// The rulebook sets its rules in lines a reader can follow: no line of body text (after the
/// contents) runs over 80 characters, where one column across the page set 105-120.
#[test]
fn the_rulebook_keeps_a_readable_measure() {
    let out = tempfile::tempdir().unwrap();
    let o = playaid(&["build", &data("war-at-sea-troop-landing"), "-o", out.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = out.path().join("war-at-sea-troop-landing-2.0/rules.pdf");
    let raw = std::process::Command::new("pdftotext").arg("-raw").arg(&pdf).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&raw.stdout);
    // The contents run across the page (a title and its page number, dot leaders between).
    let body = &text[text.find("1 Setting Up\n").map_or(0, |i| i + 1)..];
    let body = &body[body.find("Setting Up").unwrap()..];
    let longest = body.lines().filter(|l| !l.contains("rules version")).map(|l| l.chars().count()).max().unwrap();
    assert!(longest <= 80, "a line of {longest} characters in the rulebook");
    assert!(body.lines().filter(|l| l.chars().count() >= 40).count() > 50, "the body is set in lines of text");
}

/// A river rewritten another way (the same hexsides: two ranges instead of one, a side named
/// from the cell across it) is no change to `diff`; a side added is one, named.
#[test]
fn diff_compares_hexsides_by_the_sides_they_name() {
    let tmp = tempfile::tempdir().unwrap();
    let new = tmp.path().join("new");
    copy_dir(&repo().join("data/marrow-front"), &new);
    let path = new.join("map.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let river = "river = [\"0901-0915 ne se\"]";
    assert!(text.contains(river), "the example's data changed: update this test");
    // 0901's south-east side is 1001's north-west side (flat hexes, column 10 sits lower).
    let same = "river = [\"0902-0915 ne se\", \"0901 ne\", \"1001 nw\"]";
    std::fs::write(&path, text.replace(river, same)).unwrap();
    let o = playaid(&["diff", &data("marrow-front"), new.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains(": 0 changes"), "the same hexsides: {}", stdout(&o));

    std::fs::write(&path, text.replace(river, "river = [\"0901-0915 ne se\", \"0101 n\"]")).unwrap();
    let o = playaid(&["diff", &data("marrow-front"), new.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out.contains(": 1 change\n") && out.contains("0101 n"), "one side added: {out}");
}
