//! Living rules (`build --since OLD`): War at Sea 2.0 built against 1.4 marks the rule
//! paragraphs that changed with a bar in the margin (read back from the page: ink beside the
//! changed item, none beside an unchanged one), marks the changed cards, and writes an errata
//! sheet of only those cards with the changes in words; a build against itself marks nothing,
//! prints the same bytes and writes no errata; OLD may be a git revision.

use std::path::Path;

use crate::common::*;

const DPI: f64 = 150.0;

fn build_since(game: &Path, since: &str, out: &Path) -> std::process::Output {
    playaid(&["build", game.to_str().unwrap(), "--since", since, "-o", out.to_str().unwrap(), "-q"])
}

/// Page 1's words with their left edge and top and bottom, in pt.
fn words1(pdf: &Path) -> Vec<(String, f64, f64, f64)> {
    words_on(pdf, 1)
}

/// Page `n`'s words (from 1) with their left edge and top and bottom, in pt.
fn words_on(pdf: &Path, n: usize) -> Vec<(String, f64, f64, f64)> {
    words(pdf, n).into_iter().map(|w| (w.text, w.x0, w.y0, w.y1)).collect()
}

/// The first word of the first run of `seq` in `words`.
fn start_of<'w>(words: &'w [(String, f64, f64, f64)], seq: &[&str]) -> &'w (String, f64, f64, f64) {
    let at = (0..words.len().saturating_sub(seq.len()))
        .find(|&i| seq.iter().enumerate().all(|(k, s)| words[i + k].0 == *s))
        .unwrap_or_else(|| panic!("`{}` is not on the page", seq.join(" ")));
    &words[at]
}

/// Whether there is ink in the margin band left of a list item's text: the change bar sits
/// 5 pt left of the bullet, which is about 7 pt left of the text.
fn bar_beside(page: &Grey, word: &(String, f64, f64, f64)) -> bool {
    let px = |pt: f64| (pt * DPI / 72.0).round() as usize;
    let (x0, x1) = (px(word.1 - 16.0), px(word.1 - 9.5));
    let (y0, y1) = (px(word.2 + 1.0), px(word.3 - 1.0));
    (y0..y1).any(|y| (x0..x1).any(|x| page.ink(x, y)))
}

#[test]
fn war_at_sea_2_0_since_1_4_marks_the_changed_rules_and_cards_and_prints_their_errata() {
    let out = tempfile::tempdir().unwrap();
    let old = repo().join("data/war-at-sea-troop-landing-1.4");
    let o = build_since(&repo().join("data/war-at-sea-troop-landing"), old.to_str().unwrap(), out.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let folder = out.path().join("war-at-sea-troop-landing-2.0");

    // The cheatsheet: a bar beside each changed item, none beside the unchanged ones.
    let cheatsheet = folder.join("cheatsheet.pdf");
    let (ws, page) = (words1(&cheatsheet), &pdf_grey_pages(&cheatsheet, DPI as u32)[0]);
    let changed: &[&[&str]] = &[
        &["In", "your", "attack", "step,"], // 8: a die face's markup changed
        &["A", "sunk"],                     // 9: Rescue is now Rescue Operations
        &["No", "victory", "points"],       // 10
        &["Rescue:", "when"],               // 10
    ];
    let unchanged: &[&[&str]] = &[
        &["Opposing", "troop"],
        &["At", "the", "end", "of", "the", "phase:"],
        &["Bombard,", "Shore"],
        &["Use", "any", "standard", "map."],
    ];
    for seq in changed {
        assert!(bar_beside(page, start_of(&ws, seq)), "no change bar beside `{}`", seq.join(" "));
    }
    for seq in unchanged {
        assert!(!bar_beside(page, start_of(&ws, seq)), "a change bar beside the unchanged `{}`", seq.join(" "));
    }
    // The ship capacity table: a bar on its edge beside the one row that changed (Landing 10
    // carries 2, no longer 3), none beside the others.
    let px = |pt: f64| (pt * DPI / 72.0).round() as usize;
    let row_bar = |seq: &[&str]| {
        let w = start_of(&ws, seq);
        (px(w.2 + 2.0)..px(w.3 - 2.0)).any(|y| (px(w.1 - 5.0)..px(w.1 - 1.5)).any(|x| page.ink(x, y)))
    };
    assert!(row_bar(&["Landing", "10", "Vital"]), "no bar beside the changed row");
    for row in [&["Vital", "Cargo"][..], &["Landing", "5"], &["Evacuate", "Land"]] {
        assert!(!row_bar(row), "a bar beside the unchanged row `{}`", row.join(" "));
    }

    // Where a paragraph was taken out (Optional Rules lost "Faster transports"), a line says so;
    // a reworded one (10 Special Rules) is marked where it is now, not counted as removed.
    let text = pdf_text(&cheatsheet);
    assert_eq!(text.matches("removed since 1.4").count(), 1, "{text}");
    let (opt, removed) = (text.find("11 Optional Rules").unwrap(), text.find("1 paragraph removed since 1.4").unwrap());
    assert!(opt < removed, "the removal is said under the section it was in");

    // The errata sheet: the changes in words, then only the two cards that print otherwise.
    let errata = pdf_text(&folder.join("errata.pdf"));
    for want in ["Errata: version 1.4 to 2.0", "Landing 10: Troop counters carried 3 → 2.", "2 cards to print"] {
        assert!(errata.contains(want), "`{want}` is not on the errata sheet:\n{errata}");
    }
    // The designer's own 2.0 entries first, then what changed in play: nothing a player
    // cannot act on (a markup change of the same words, a trait's range of values).
    let (notes, found) = (errata.find("notes for version 2.0").unwrap(), errata.find("What changed in play").unwrap());
    assert!(notes < found && errata.contains("Rescue renamed Rescue Operations."), "{errata}");
    assert!(!errata.contains("same words") && !errata.contains("whole number"), "{errata}");
    let cards = errata.split("page 1 of").nth(1).unwrap();
    assert!(cards.contains("Landing 10/5/3") && cards.contains("2/1/1"), "{cards}");
    assert!(cards.contains("Rescue Operations"), "{cards}");
    assert!(!cards.contains("Hard to Kill") && !cards.contains("Troop Counter\n"), "an unchanged card: {cards}");

    // The German build's errata says its changes in German, quotation marks and all: no
    // sentence of playaid's own is left in English (#41).
    let german = pdf_text(&out.path().join("war-at-sea-troop-landing-2.0-de/errata.pdf"));
    for want in [
        "Neu (Fähigkeit): Rettungseinsatz.",
        "Landung 10: Getragene Truppenmarker 3 → 2.",
        "lautet jetzt „",
        "Neu (Karte): Rettungseinsatz.",
    ] {
        assert!(german.contains(want), "`{want}` is not on the German errata:\n{german}");
    }
    for english in ["now reads", "New ability", "removed:", "New card"] {
        assert!(!german.contains(english), "`{english}` on the German errata:\n{german}");
    }

    // Nothing of either errata is printed where a home printer cannot print: the card sheets'
    // pages carry their own header, not the errata page's footer at the paper's edge.
    for errata in [folder.join("errata.pdf"), out.path().join("war-at-sea-troop-landing-2.0-de/errata.pdf")] {
        let pages = pdf_grey_pages(&errata, 72);
        assert!(pages.len() >= 2, "the errata prints its cards");
        let band = (4.6 / 25.4 * 72.0) as usize;
        for (i, g) in pages.iter().enumerate() {
            let near = |x: usize, y: usize| x < band || y < band || x >= g.w - band || y >= g.h - band;
            let inked = (0..g.h).flat_map(|y| (0..g.w).map(move |x| (x, y))).find(|&(x, y)| near(x, y) && g.ink(x, y));
            assert!(inked.is_none(), "{} page {}: ink at the edge, at {inked:?} px", errata.display(), i + 1);
        }
    }
}

#[test]
fn a_build_since_itself_marks_nothing_and_prints_the_same_bytes() {
    let game = repo().join("data/war-at-sea-troop-landing");
    let (plain, since) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let o = playaid(&["build", game.to_str().unwrap(), "-o", plain.path().to_str().unwrap(), "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = build_since(&game, game.to_str().unwrap(), since.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (a, b) = (plain.path().join("war-at-sea-troop-landing-2.0"), since.path().join("war-at-sea-troop-landing-2.0"));
    assert!(!b.join("errata.pdf").exists(), "nothing changed: no errata sheet");
    for pdf in ["cheatsheet.pdf", "cards.pdf"] {
        assert!(std::fs::read(a.join(pdf)).unwrap() == std::fs::read(b.join(pdf)).unwrap(), "{pdf} differs");
    }
}

#[test]
fn since_takes_a_git_revision_and_refuses_one_that_is_not_there() {
    let tmp = tempfile::tempdir().unwrap();
    let game = war_at_sea_history(tmp.path(), "was");

    let out = tmp.path().join("out");
    let o = build_since(&game, "v1.4", &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let errata = pdf_text(&out.join("war-at-sea-troop-landing-2.0/errata.pdf"));
    assert!(errata.contains("Errata: version 1.4 to 2.0"), "{errata}");

    // A revision that exists but holds no such game: said as such, not as a missing revision.
    let elsewhere = tmp.path().join("elsewhere");
    copy_dir(&game, &elsewhere);
    let o = build_since(&elsewhere, "v1.4", &tmp.path().join("out3"));
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("`--since v1.4`: ") && !err.contains("neither"), "{err}");

    let o = build_since(&game, "v0.9", &tmp.path().join("out2"));
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("v0.9"), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!tmp.path().join("out2/war-at-sea-troop-landing-2.0/cheatsheet.pdf").exists(), "nothing written");
}

#[test]
fn a_renumbered_section_is_cited_by_its_new_number_everywhere_and_diff_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("was");
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    let rules = std::fs::read_to_string(game.join("rules.toml")).unwrap();
    assert_eq!(rules.matches("number = \"9\"").count(), 1);
    std::fs::write(game.join("rules.toml"), rules.replace("number = \"9\"", "number = \"9.5\"")).unwrap();

    let o = playaid(&["diff", repo().join("data/war-at-sea-troop-landing").to_str().unwrap(), game.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(said.contains("9 Ship Capacity is now 9.5."), "{said}");
    assert!(said.contains("1 change"), "one change, not one per citing text: {said}");

    let out = tmp.path().join("out");
    let old = repo().join("data/war-at-sea-troop-landing");
    let o = build_since(&game, old.to_str().unwrap(), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = pdf_text(&out.join("war-at-sea-troop-landing-2.0/cheatsheet.pdf"));
    // Every citation follows the number (sections 4 and 10 cite it), none keeps the old one.
    assert!(text.matches("9.5 Ship Capacity").count() >= 3, "{text}");
    assert!(!text.contains("(9 Ship Capacity"), "{text}");
    // The renumbered heading is marked.
    let cheatsheet = out.join("war-at-sea-troop-landing-2.0/cheatsheet.pdf");
    let (ws, page) = (words1(&cheatsheet), &pdf_grey_pages(&cheatsheet, DPI as u32)[0]);
    let px = |pt: f64| (pt * DPI / 72.0).round() as usize;
    let bar = |seq: &[&str]| {
        let w = start_of(&ws, seq);
        (px(w.2)..px(w.3)).any(|y| (px(w.1 - 14.0)..px(w.1 - 6.0)).any(|x| page.ink(x, y)))
    };
    assert!(bar(&["9.5", "Ship", "Capacity"]), "no change bar beside the renumbered heading");
    assert!(!bar(&["10", "Special", "Rules"]), "a change bar beside an unchanged heading");
}

#[test]
fn the_rulebook_prints_every_section_its_contents_and_where_each_term_is_used_with_change_bars() {
    let out = tempfile::tempdir().unwrap();
    let old = repo().join("data/war-at-sea-troop-landing-1.4");
    let o = build_since(&repo().join("data/war-at-sea-troop-landing"), old.to_str().unwrap(), out.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rules = out.path().join("war-at-sea-troop-landing-2.0/rules.pdf");
    let text = pdf_text(&rules);
    let after = &text[text.find("Contents").expect("a table of contents")..];
    let first = after.find("1 Setting Up").unwrap();
    let contents = &after[..first + 1 + after[first + 1..].find("1 Setting Up").expect("section 1 after the contents")];
    for heading in ["1 Setting Up", "8 Troop vs. Troop Combat", "9 Ship Capacity", "11 Optional Rules", "Glossary"] {
        assert!(contents.contains(heading), "`{heading}` is not in the contents: {contents}");
    }
    assert!(text.contains("A bar in the margin marks what changed since version 1.4."), "{text}");
    // The glossary says where each term is used: the troop counter, in the sections that cite it.
    let glossary = &text[text.rfind("Glossary").unwrap()..];
    let entry = &glossary[glossary.find("Troop Counter –").expect("the troop counter's entry")..];
    let entry = &entry[..entry.find("Victory points").unwrap_or(entry.len())];
    for cited in ["See", "4 Loading and Unloading Troop Counters", "9 Ship Capacity"] {
        assert!(entry.contains(cited), "`{cited}` is not in the entry: {entry}");
    }
    // The same change bars as on the cheatsheet, beside the same changed item.
    let pages = pdf_grey_pages(&rules, DPI as u32);
    let page = (pages.iter().enumerate()).find(|(i, _)| pdf_page_text(&rules, i + 1).contains("In your attack step"));

    let (i, page) = page.expect("section 8 is in the rulebook");
    let ws = words_on(&rules, i + 1);
    assert!(bar_beside(page, start_of(&ws, &["In", "your", "attack"])), "no change bar in the rulebook");
    assert!(!bar_beside(page, start_of(&ws, &["Opposing", "troop"])), "a bar beside an unchanged item");
}

#[test]
fn a_changed_unit_marks_exactly_its_counters_and_the_errata_says_why() {
    use playaid::export::{DocKind, ExportOptions, export};
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let units = std::fs::read_to_string(game.join("units.toml")).unwrap();
    let full = "{ name = \"full\", stats = { attack = 6, defence = 5, move = 4 } }";
    assert_eq!(units.matches(full).count(), 1);
    std::fs::write(game.join("units.toml"), units.replacen(full, &full.replace("attack = 6", "attack = 7"), 1))
        .unwrap();

    let (new, since) = marrow_front_since(&game);
    let (ni, nl) = new.stages.as_ref().unwrap();
    let opts = ExportOptions { since: Some(since.clone()), ..Default::default() };
    let exported = export(&new.game, ni, nl, &DocKind::Counters, &opts);
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let mut marked = Vec::new();
    for g in data["counters"]["groups"].as_array().unwrap() {
        for it in g["items"].as_array().unwrap() {
            if it["changed"] == true {
                marked.push(
                    nl.counters.counters[it["index"].as_u64().unwrap() as usize].mark.clone().unwrap_or_default(),
                );
            }
        }
    }
    marked.sort();
    // The five Oskarian infantry corps, and nothing else.
    assert_eq!(marked, ["I", "II", "IV", "VII", "XI"]);
    let errata = since.errata();
    assert_eq!(errata.changes, ["Infantry Corps: Attack 6 / 3 → 7 / 3."]);

    // On the sheet: a dark triangle in the corner of a changed counter, none on the others.
    let r = playaid::render::Renderer::new(&new.game.root, None).unwrap();
    let compiled = r.compile("counters", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    let pdf = tmp.path().join("counters.pdf");
    std::fs::write(&pdf, compiled.pdf().unwrap()).unwrap();
    let items: Vec<&serde_json::Value> =
        data["counters"]["groups"].as_array().unwrap().iter().flat_map(|g| g["items"].as_array().unwrap()).collect();
    let mm = |pt: f64| pt / 72.0 * 25.4;
    let (mut seen_marked, mut seen_plain) = (false, false);
    for (meta, page, x, y) in compiled.query_metadata("pa-piece") {
        if meta["face"] != "front" || meta["copy"] != 0 {
            continue;
        }
        let changed = items.iter().any(|it| it["index"] == meta["index"] && it["changed"] == true);
        // The corner, 0.15 to 0.55 mm inside the cut: the triangle's, clear of any text.
        let g = pdf_region_grey(&pdf, page, (mm(x) + 0.15, mm(y) + 0.15, 0.4, 0.4), 600.0);
        let dark = g.px.iter().filter(|&&v| v < 70).count() * 2 > g.px.len();
        assert_eq!(dark, changed, "counter {}: marked {dark}, changed {changed}", meta["index"]);
        seen_marked |= changed;
        seen_plain |= !changed;
    }
    assert!(seen_marked && seen_plain);

    // The build writes an errata sheet for the counters alone: which to reprint, and why.
    let out = tmp.path().join("out");
    let o = build_since(&game, repo().join("data/marrow-front").to_str().unwrap(), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let errata = pdf_text(&out.join("marrow-front-1.0/errata.pdf"));
    for want in ["Infantry Corps: I, II, IV, VII, XI", "Infantry Corps: Attack 6 / 3 → 7 / 3."] {
        assert!(errata.contains(want), "`{want}`: {errata}");
    }
    assert!(!errata.contains("cards to print"), "no card changed: {errata}");
    // Then the sheets of those counters alone: 7-5-4 fronts, no armour (8-5-7) among them.
    let sheets = &errata[errata.find("page 1 of").expect("a first page")..];
    assert!(sheets.matches("7-5-4").count() >= 5 && !sheets.contains("8-5-7"), "{sheets}");
}

#[test]
fn a_changed_crt_result_terrain_row_and_turn_are_marked_alone() {
    use playaid::export::{DocKind, ExportOptions, Since, export, prints};
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let charts = std::fs::read_to_string(game.join("charts.toml")).unwrap();
    let edits = [
        ("{ roll = 3, results = [\"AE\", \"AR\", \"AR\",", "{ roll = 3, results = [\"AE\", \"AR\", \"EX\","),
        ("move = { foot = 3, motor = \"P\" }", "move = { foot = 2, motor = \"P\" }"),
        ("{ name = \"Nov II\", weather = \"Mud\" }", "{ name = \"Nov II\", weather = \"Frost\" }"),
    ];
    let mut charts = charts;
    for (a, b) in edits {
        assert_eq!(charts.matches(a).count(), 1, "{a}");
        charts = charts.replacen(a, b, 1);
    }
    std::fs::write(game.join("charts.toml"), charts).unwrap();
    let old = playaid::build::load_and_check(&repo().join("data/marrow-front"), None).unwrap();
    let new = playaid::build::load_and_check(&game, None).unwrap();
    let ((oi, ol), (ni, nl)) = (old.stages.as_ref().unwrap(), new.stages.as_ref().unwrap());
    let since =
        std::sync::Arc::new(Since { version: "1.0".into(), prints: prints(&old.game, oi, ol), changes: Vec::new() });
    let opts = ExportOptions { since: Some(since), ..Default::default() };
    let data: serde_json::Value =
        serde_json::from_slice(&export(&new.game, ni, nl, &DocKind::Aid, &opts).data_json).unwrap();
    let aid = &data["aid"];
    // The CRT: roll 3 at 2-1 only.
    let crt = &aid["crts"][0];
    let mut cells = Vec::new();
    for (r, row) in crt["changes"].as_array().unwrap().iter().enumerate() {
        for (c, x) in row.as_array().unwrap().iter().enumerate() {
            if x == true {
                cells.push((
                    crt["rows"][r]["roll"].as_str().unwrap().to_string(),
                    crt["labels"][c].as_str().unwrap().to_string(),
                ));
            }
        }
    }
    assert_eq!(cells, [("3".to_string(), "2-1".to_string())]);
    // The terrain chart: marsh alone; the turn track: Nov II alone.
    let rows: Vec<&str> = aid["terrain"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["changed"] == true)
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(rows, ["marsh"]);
    let turns: Vec<&str> = aid["turn_track"]["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["changed"] == true)
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(turns, ["Nov II"]);
}

#[test]
fn an_errata_sheet_of_cards_kept_apart_by_a_gutter() {
    // Genpei's cards sit apart (a gutter, no copies split over sheets): one changed card.
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("genpei");
    copy_dir(&repo().join("data/genpei-naval"), &game);
    let units = std::fs::read_to_string(game.join("units.toml")).unwrap();
    assert!(units.contains("name = \"Sohei Archers\""));
    std::fs::write(game.join("units.toml"), units.replacen("name = \"Sohei Archers\"", "name = \"Sohei Bowmen\"", 1))
        .unwrap();
    let out = tmp.path().join("out");
    let o = build_since(&game, repo().join("data/genpei-naval").to_str().unwrap(), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let errata = pdf_text(&out.join("genpei-naval/errata.pdf"));
    // The card prints twice: two copies to replace.
    assert!(errata.contains("2 cards to print") && errata.contains("Sohei Bowmen"), "{errata}");
    assert!(!errata.contains("Sohei Warriors"), "an unchanged card on the errata sheet: {errata}");
}

#[test]
fn since_says_what_it_cannot_compare_with() {
    let game = repo().join("data/war-at-sea-troop-landing");
    let out = tempfile::tempdir().unwrap();
    for (old, says) in [
        ("", "needs the version to compare with"),
        ("/nowhere/old-game", "there is no such folder"),
        ("v0.0.0-none", "is neither a folder nor a git revision"),
    ] {
        let o = build_since(&game, old, out.path());
        assert_eq!(o.status.code(), Some(2), "--since {old:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "--since {old:?}: {err}");
    }
    assert!(std::fs::read_dir(out.path()).unwrap().next().is_none(), "nothing written");
    // A relative OLD is read from where the command runs; the error shows where that led, and
    // names the folder beside the game that the user most likely meant.
    let o = playaid_in(
        out.path(),
        &["build", game.to_str().unwrap(), "--since", "../war-at-sea-troop-landing-1.4", "-o", "o"],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    let tried = out.path().parent().unwrap().join("war-at-sea-troop-landing-1.4");
    assert!(err.contains(&format!("`{}`", tried.display())), "{err}");
    let meant = repo().join("data/war-at-sea-troop-landing-1.4");
    assert!(err.contains(&format!("--since {}", meant.display())), "{err}");
}

/// No back ever carries a mark: every example's counters and cards, built `--since` a version
/// that had none of them (so every piece is new, and every front marked), print every back
/// pixel for pixel as the plain build does, in the sheets and in the errata.
#[test]
fn no_back_carries_a_change_mark() {
    use playaid::export::{DocKind, ExportOptions, Prints, Since, export};
    const DPI: u32 = 100;
    let since = std::sync::Arc::new(Since { version: "0".into(), prints: Prints::default(), changes: Vec::new() });
    let tmp = tempfile::tempdir().unwrap();
    let (mut backs, mut fronts_marked) = (0, 0);
    let mut games: Vec<_> = std::fs::read_dir(repo().join("data")).unwrap().map(|e| e.unwrap().path()).collect();
    games.sort();
    for dir in games {
        let checked = playaid::build::load_and_check(&dir, None).unwrap();
        let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
        let mut r = playaid::render::Renderer::new(&game.root, None).unwrap();
        r.set_fonts(laid_out.fonts.clone());
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        for (doc, template) in [(DocKind::Counters, "counters"), (DocKind::Cards, "cards"), (DocKind::Errata, "errata")]
        {
            let mut pdfs = Vec::new();
            let mut pieces = Vec::new();
            for marked in [false, true] {
                // The errata only exists against an earlier version: compare it with itself
                // built from an unmarked copy of its data.
                let opts = ExportOptions { since: Some(since.clone()), ..Default::default() };
                let mut exported = export(game, ix, laid_out, &doc, &opts);
                if !marked {
                    let mut data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
                    unmark(&mut data);
                    exported.data_json = serde_json::to_vec(&data).unwrap();
                }
                let Ok(compiled) = r.compile(template, &exported.data_json, &exported.texts_typ) else {
                    panic!("{name}: {template} does not compile")
                };
                let pdf = tmp.path().join(format!("{name}-{template}-{marked}.pdf"));
                std::fs::write(&pdf, compiled.pdf().unwrap()).unwrap();
                if marked {
                    let ends = compiled.query_metadata("pa-piece-end");
                    for ((meta, page, x, y), (_, _, x1, y1)) in
                        compiled.query_metadata("pa-piece").into_iter().zip(ends)
                    {
                        pieces.push((meta["face"].as_str().unwrap_or("front").to_string(), page, x, y, x1, y1));
                    }
                }
                pdfs.push(pdf);
            }
            if pieces.is_empty() {
                continue;
            }
            let (plain, marked) = (pdf_grey_pages(&pdfs[0], DPI), pdf_grey_pages(&pdfs[1], DPI));
            let px = |pt: f64| (pt / 72.0 * DPI as f64).round() as usize;
            for (face, page, x, y, x1, y1) in pieces {
                let (a, b) = (&plain[page - 1], &marked[page - 1]);
                let same = (px(y)..px(y1).min(a.h))
                    .all(|yy| (px(x)..px(x1).min(a.w)).all(|xx| a.px[yy * a.w + xx] == b.px[yy * b.w + xx]));
                if face == "back" {
                    assert!(same, "{name}: {template} page {page}: a back at ({x:.0}, {y:.0}) pt is marked");
                    backs += 1;
                } else if !same {
                    fronts_marked += 1;
                }
            }
        }
    }
    assert!(backs > 100 && fronts_marked > 50, "{backs} backs, {fronts_marked} fronts marked");
}

/// Every `changed` and `new` flag of the template data set to false.
fn unmark(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(o) => {
            for (k, x) in o.iter_mut() {
                if (k == "changed" || k == "new") && x.is_boolean() {
                    *x = serde_json::Value::Bool(false);
                } else {
                    unmark(x);
                }
            }
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(unmark),
        _ => {}
    }
}

/// The errata's sheet of one changed counter keeps its header across the top, as a sheet of a
/// few counters: only the rows it prints count, not the full sheet's grid (whose bands ran down
/// the sides and turned the header and scale bar along the page's edges).
#[test]
fn the_errata_sheet_of_one_counter_reads_across_the_top() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let units = std::fs::read_to_string(game.join("units.toml")).unwrap();
    let hq = "stats = { attack = 0, defence = 2, move = 6 }\nabilities = [\"command\"]";
    assert_eq!(units.matches(hq).count(), 1);
    std::fs::write(game.join("units.toml"), units.replacen(hq, &hq.replace("defence = 2", "defence = 3"), 1)).unwrap();
    let out = tmp.path().join("out");
    let o = build_since(&game, repo().join("data/marrow-front").to_str().unwrap(), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let errata = out.join("marrow-front-1.0/errata.pdf");
    let (_, pages) = pdf_info(&errata);
    let page = (1..=pages).find(|&p| pdf_page_text(&errata, p).contains("0-3-6")).expect("the changed HQ's sheet");
    let ws = words(&errata, page);
    let header: Vec<&Word> = ws.iter().filter(|w| w.text == "version" || w.text == "measure:").collect();
    assert!(header.len() >= 2, "{:?}", ws.iter().map(|w| &w.text).collect::<Vec<_>>());
    for w in header {
        assert!(w.x1 - w.x0 > w.y1 - w.y0, "`{}` runs down the page: {:?}", w.text, (w.x0, w.y0, w.x1, w.y1));
    }
}

/// A set-up moved is living rules too: built `--since`, the scenario sheet marks the moved
/// force's row (a bar) and its block on the set-up map (the change mark), nothing else; the
/// errata says where it went.
#[test]
fn a_moved_set_up_is_marked_on_the_scenario_sheet_and_in_the_errata() {
    use playaid::export::{DocKind, ExportOptions, Since, export, prints};
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let scenarios = std::fs::read_to_string(game.join("scenarios.toml")).unwrap();
    let moved = "{ counters = [\"XX\"], cells = [\"0708\"] }";
    assert_eq!(scenarios.matches(moved).count(), 1, "the example's data changed: update this test");
    std::fs::write(game.join("scenarios.toml"), scenarios.replace(moved, &moved.replace("0708", "0709"))).unwrap();
    let (new, since) = marrow_front_since(&game);
    let (ni, nl) = new.stages.as_ref().unwrap();
    let opts = ExportOptions { since: Some(since.clone()), ..Default::default() };
    let kind = DocKind::parse("scenario", Some("hearthfire")).unwrap();
    let exported = export(&new.game, ni, nl, &kind, &opts);
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let sc = &data["scenario"];
    let rows: Vec<String> = sc["sides"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["forces"].as_array().unwrap())
        .filter(|f| f["changed"] == true)
        .map(|f| f["places"].to_string())
        .collect();
    assert_eq!(rows, ["[\"XX: 0709\"]"], "the moved force's row alone");
    // On the set-up map: its block alone carries the mark.
    let r = playaid::render::Renderer::new(&new.game.root, None).unwrap();
    let compiled = r.compile("scenario", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    let marks: Vec<String> = compiled
        .query_metadata("pa-setup-changed")
        .into_iter()
        .map(|(m, ..)| m["label"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(marks, ["XX"]);
    assert_eq!(
        since.errata().changes,
        ["Scenario Operation Hearthfire, Oskarian Empire, Armoured Corps: sets up XX 0708 → 0709."]
    );
    // The same version compared with itself marks nothing.
    let same =
        std::sync::Arc::new(Since { version: "1.0".into(), prints: prints(&new.game, ni, nl), changes: Vec::new() });
    let opts = ExportOptions { since: Some(same), ..Default::default() };
    let text = String::from_utf8(export(&new.game, ni, nl, &kind, &opts).data_json).unwrap();
    assert!(!text.contains("\"changed\":true"), "nothing marked against itself");
}

/// The game in `game` checked, and what it prints compared with The Marrow Front as published
/// (`build --since data/marrow-front`).
fn marrow_front_since(game: &std::path::Path) -> (playaid::build::Checked, std::sync::Arc<playaid::export::Since>) {
    use playaid::export::{Since, prints};
    let old = playaid::build::load_and_check(&repo().join("data/marrow-front"), None).unwrap();
    let new = playaid::build::load_and_check(game, None).unwrap();
    let (oi, ol) = old.stages.as_ref().unwrap();
    let since = std::sync::Arc::new(Since {
        version: "1.0".into(),
        prints: prints(&old.game, oi, ol),
        changes: playaid::diff::diff(&old.game, &new.game),
    });
    (new, since)
}

/// A card's ops changed and a morale marker's start moved, built `--since`: the deck list marks
/// that card's row alone (on the cheatsheet and the aid card alike), and the scenario's track
/// marks the marker that starts elsewhere, not the other (#44: every changed chart cell).
#[test]
fn a_changed_card_row_and_a_moved_track_start_are_marked_alone() {
    use playaid::export::{DocKind, ExportOptions, export};
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let decks = std::fs::read_to_string(game.join("decks.toml")).unwrap();
    let card = "number = 2\nops = 2\n";
    assert_eq!(decks.matches(card).count(), 1, "the example's data changed: update this test");
    std::fs::write(game.join("decks.toml"), decks.replace(card, "number = 2\nops = 3\n")).unwrap();
    let scenarios = std::fs::read_to_string(game.join("scenarios.toml")).unwrap();
    let start = "tracks = { morale = { oskaria = 9, velsk = 7 } }";
    assert_eq!(scenarios.matches(start).count(), 1, "the example's data changed: update this test");
    std::fs::write(game.join("scenarios.toml"), scenarios.replace(start, &start.replace("velsk = 7", "velsk = 6")))
        .unwrap();
    // The deck's list on the aid card too.
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    std::fs::write(
        game.join("game.toml"),
        toml.replace("tracks = [\"morale\"]", "tracks = [\"morale\"]\ndecks = [\"fortunes\"]"),
    )
    .unwrap();
    let (new, since) = marrow_front_since(&game);
    let (ni, nl) = new.stages.as_ref().unwrap();
    let opts = ExportOptions { since: Some(since), ..Default::default() };

    // Each deck list (the data may carry it twice: a section's and the aid card's): the
    // changes of each part's table, true for the Bridging Columns row only.
    let deck_lists = |v: &serde_json::Value| -> Vec<Vec<Vec<bool>>> {
        let mut out = Vec::new();
        let mut stack = vec![v];
        while let Some(v) = stack.pop() {
            if let Some(parts) = v.get("parts").and_then(|p| p.as_array()) {
                let marks = parts.iter().map(|p| {
                    let m = p["table"]["changes"].as_array().expect("a build --since marks each row");
                    m.iter().map(|m| m.as_bool().unwrap()).collect()
                });
                out.push(marks.collect());
            }
            match v {
                serde_json::Value::Object(o) => stack.extend(o.values()),
                serde_json::Value::Array(a) => stack.extend(a.iter()),
                _ => {}
            }
        }
        out
    };
    for kind in [DocKind::Cheatsheet, DocKind::Aid] {
        let data: serde_json::Value =
            serde_json::from_slice(&export(&new.game, ni, nl, &kind, &opts).data_json).unwrap();
        let lists = deck_lists(&data);
        assert!(!lists.is_empty(), "{kind:?}: no deck list");
        for parts in lists {
            let marked: Vec<(usize, usize)> = (parts.iter().enumerate())
                .flat_map(|(p, rows)| rows.iter().enumerate().filter(|(_, m)| **m).map(move |(r, _)| (p, r)))
                .collect();
            assert_eq!(marked, [(0, 1)], "{kind:?}: the second card of the first part alone");
        }
    }

    // The scenario's morale track: Velsk's marker starts elsewhere, Oskaria's does not.
    let kind = DocKind::parse("scenario", Some("hearthfire")).unwrap();
    let data: serde_json::Value = serde_json::from_slice(&export(&new.game, ni, nl, &kind, &opts).data_json).unwrap();
    let markers = data["scenario"]["tracks"][0]["markers"].as_array().unwrap();
    let changed: Vec<(&str, i64)> = (markers.iter())
        .filter(|m| m["changed"] == true)
        .map(|m| (m["name"].as_str().unwrap(), m["at"].as_i64().unwrap()))
        .collect();
    assert_eq!(changed, [("Republic of Velsk", 6)]);
}
