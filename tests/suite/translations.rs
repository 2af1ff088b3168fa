//! Translations (`translations/LANG.po`): `playaid translate` brings a language's file up to
//! date with the game, `check` reports what is stale at its PO line, and `build --lang` prints
//! every translated text in place of its source.

use crate::common::*;

fn out(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

/// War at Sea's German translation, made for 1.4, carried to 2.0: the translator is told
/// exactly the four texts 2.0 changed (marked fuzzy with the text they were made from), the
/// texts 2.0 added come empty, those it dropped are kept as obsolete, a translator's comment
/// stays; `check` warns at each stale translation's line and at nothing else.
#[test]
fn a_translation_carried_to_a_new_version_names_exactly_the_texts_to_revisit() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("was");
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    std::fs::copy(repo().join("data/war-at-sea-troop-landing-1.4/translations/de.po"), game.join("translations/de.po"))
        .unwrap();
    let o = playaid(&["translate", game.to_str().unwrap(), "--lang", "de"]);
    assert!(o.status.success(), "{}", out(&o));
    assert!(out(&o).contains("4 to revise"), "{}", out(&o));
    let po = std::fs::read_to_string(game.join("translations/de.po")).unwrap();
    let entries = playaid::load::po::parse(&po).unwrap();
    let mut fuzzy: Vec<&str> = entries.iter().filter(|e| e.fuzzy).filter_map(|e| e.context.as_deref()).collect();
    fuzzy.sort();
    assert_eq!(
        fuzzy,
        [
            "rules.toml:section[ship-capacity].items[1]",
            "rules.toml:section[special-rules].items[0]",
            "rules.toml:section[special-rules].items[1]",
            "rules.toml:section[troop-combat].items[2]",
        ]
    );
    let capacity =
        entries.iter().find(|e| e.context.as_deref() == Some("rules.toml:section[ship-capacity].items[1]")).unwrap();
    assert!(capacity.previous.as_deref().unwrap().contains("[[ability:rescue]]"), "the text it was made from");
    assert!(capacity.id.contains("[[ability:rescue-operations]]") && capacity.text.starts_with("Die Truppen"), "kept");
    let by = |k: &str| entries.iter().find(|e| e.context.as_deref() == Some(k)).unwrap();
    assert!(by("abilities.toml:ability[rescue].name").obsolete, "a text 2.0 dropped is kept, obsolete");
    assert_eq!(by("abilities.toml:ability[rescue-operations].name").text, "", "a new text comes empty");
    assert!(by("game.toml:game.title").comments.iter().any(|c| c.contains("Beispielübersetzung")), "comments kept");

    // `check`: a warning at each stale translation's line of the PO file, nothing else.
    let o = playaid(&["check", game.to_str().unwrap(), "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found: Vec<(String, String)> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_string(), d["file"].as_str().unwrap_or_default().to_string()))
        .collect();
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(found.iter().all(|(c, f)| c == "W030" && f.ends_with("translations/de.po")), "{found:?}");
    // And in words, with how far the language has come.
    let o = playaid(&["check", game.to_str().unwrap()]);
    assert!(
        out(&o)
            .contains("German (de): 78 of 196 texts translated; 114 missing, 4 stale (printed as written), 2 obsolete"),
        "{}",
        out(&o)
    );
}

/// `build --lang de` writes the German play-aids beside the source language's, every text the
/// translation covers in German (no English word of it left), the rest as written, and says
/// how many are not translated.
#[test]
fn a_build_in_a_language_prints_its_translations_and_counts_what_it_does_not_cover() {
    let tmp = tempfile::tempdir().unwrap();
    let o = playaid(&[
        "build",
        repo().join("data/war-at-sea-troop-landing-1.4").to_str().unwrap(),
        "--lang",
        "de",
        "-o",
        tmp.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    assert!(
        out(&o).contains("German (de): 84 of 176 texts translated; 92 missing (printed as written)"),
        "{}",
        out(&o)
    );
    let folder = tmp.path().join("war-at-sea-troop-landing-1.4-de");
    let sheet = pdf_text(&folder.join("cheatsheet.pdf"));
    for german in [
        "Regeln für Truppenlandungen",
        "Aufbau",
        "Ziele beanspruchen",
        "Schiffskapazität",
        "Jede Standardkarte ist erlaubt.",
    ] {
        assert!(sheet.contains(german), "`{german}` on the German cheatsheet:\n{sheet}");
    }
    for english in ["Troop-Landing Rules", "Setting Up", "Claiming Objectives", "Use any standard map."] {
        assert!(!sheet.contains(english), "`{english}` is translated:\n{sheet}");
    }
    // Not translated: as written.
    assert!(sheet.contains("Put an island on each spot"), "{sheet}");
    // Pieces too: the counter sheet's group and the card's unit.
    assert!(pdf_text(&folder.join("counters.pdf")).contains("Truppenmarker"));
    assert!(pdf_text(&folder.join("cards.pdf")).contains("Truppenmarker"));
    // `[game] languages`: War at Sea 2.0 builds its German play-aids with its own.
    let o = playaid(&[
        "build",
        repo().join("data/war-at-sea-troop-landing").to_str().unwrap(),
        "-o",
        tmp.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    for folder in ["war-at-sea-troop-landing-2.0", "war-at-sea-troop-landing-2.0-de"] {
        assert!(tmp.path().join(folder).join("cheatsheet.pdf").is_file(), "{folder}: {}", out(&o));
    }
    assert!(
        pdf_text(&tmp.path().join("war-at-sea-troop-landing-2.0-de/scenario-island-landing.pdf")).contains("Alliierte")
    );
    // A language without a file is a usage error that says how to start one.
    let o = playaid(&[
        "build",
        repo().join("data/war-at-sea-troop-landing-1.4").to_str().unwrap(),
        "--lang",
        "fr",
        "-o",
        tmp.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(out(&o).contains("playaid translate") && out(&o).contains("fr.po"), "{}", out(&o));
}

/// The words of playaid's own on every German sheet come in German: footers, headings, the
/// scenario's parts, the changelog's, with the translation's own word for a turn ("Zug", its
/// `playaid:turn` entry) where the built-in one ("Runde") would not match the rules; and no
/// English word of playaid's is left on them.
#[test]
fn a_translated_build_says_playaids_own_words_in_its_language() {
    let tmp = tempfile::tempdir().unwrap();
    let o = playaid(&[
        "build",
        repo().join("data/war-at-sea-troop-landing").to_str().unwrap(),
        "-o",
        tmp.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let de = tmp.path().join("war-at-sea-troop-landing-2.0-de");
    let text = |f: &str| pdf_text(&de.join(f));
    let cheatsheet = text("cheatsheet.pdf");
    for german in ["Regelversion 2.0", "Seite 1 von 1", "28. Mai 2017", "von jfkziegler", "Fähigkeit"] {
        assert!(cheatsheet.contains(german), "`{german}` on the German cheatsheet:\n{cheatsheet}");
    }
    let scenario = text("scenario-island-landing.pdf");
    for german in
        ["KARTE UND AUFSTELLUNG", "TRUPPEN", "Anz.", "Aufstellung / Hinweise", "Siegpunkte zum Sieg", "SONDERREGELN"]
    {
        assert!(scenario.contains(german), "`{german}` on the German scenario:\n{scenario}");
    }
    assert!(text("changelog.pdf").contains("Was sich geändert hat, Version für Version"));
    assert!(text("counters.pdf").contains("Vorderseiten · Bogen 1 von 1"), "{}", text("counters.pdf"));
    assert!(text("cards.pdf").contains("Karten 63 x 88 mm"), "{}", text("cards.pdf"));
    let english = [
        "page 1",
        "Rules version",
        "rules version",
        "Forces",
        "Victory",
        "Special rules",
        "Map and",
        "Glossary",
        "fronts",
        "backs",
        "measure",
        "print at 100",
        "sheet 1",
        "Qty",
        "notes",
        "Ability",
        "by jfkziegler",
    ];
    for pdf in std::fs::read_dir(&de).unwrap().map(|e| e.unwrap().path()) {
        let t = pdf_text(&pdf);
        for word in english {
            assert!(!t.contains(word), "`{word}` in the German {}:\n{t}", pdf.display());
        }
    }
    // The translation's file leaves playaid's words empty where German has them built in,
    // saying which print, and gives its own where the translator chose another ("Zug").
    let po = std::fs::read_to_string(repo().join("data/war-at-sea-troop-landing/translations/de.po")).unwrap();
    let entries = playaid::load::po::parse(&po).unwrap();
    let word = |k: &str| entries.iter().find(|e| e.context.as_deref() == Some(k)).map(|e| e.text.as_str());
    assert_eq!(word("playaid:glossary"), Some(""));
    assert_eq!(word("playaid:turn"), Some("Zug"));
    assert!(po.contains("#. Built in (printed while this stays empty): Glossar"), "what prints, for the translator");
    // The English build says them in English, as before.
    let en = pdf_text(&tmp.path().join("war-at-sea-troop-landing-2.0/cheatsheet.pdf"));
    assert!(en.contains("Rules version 2.0") && en.contains("page 1 of 1") && en.contains("28 May 2017"), "{en}");
}

/// A game written in German (`[game] language = "de"`) prints playaid's words in German on
/// every document and in its VASSAL module and Tabletop Simulator save; a word the game gives
/// in `[game.words]` wins over the built-in one.
#[test]
fn a_game_written_in_german_gets_playaids_words_in_german() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    let toml = toml.replacen("[game]\n", "[game]\nlanguage = \"de\"\n", 1);
    std::fs::write(game.join("game.toml"), format!("{toml}\n[game.words]\npage_of = \"S. {{page}}/{{pages}}\"\n"))
        .unwrap();
    let o = playaid(&[
        "build",
        game.to_str().unwrap(),
        "-o",
        tmp.path().join("out").to_str().unwrap(),
        "--calibrate",
        "--vassal",
        "--tts",
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let folder = tmp.path().join("out/marrow-front-1.0");
    let cheatsheet = pdf_text(&folder.join("cheatsheet.pdf"));
    for german in [
        "Regelversion 1.0",
        "S. 1/2",
        "23. November 2026",
        "GELÄNDETABELLE",
        "Modifikatoren",
        "1 Spalte nach links",
        "Hexseiten",
    ] {
        assert!(cheatsheet.contains(german), "`{german}` on the cheatsheet:\n{cheatsheet}");
    }
    assert!(!cheatsheet.contains("page 1") && !cheatsheet.contains("Seite 1"), "the game's own footer: {cheatsheet}");
    assert!(pdf_text(&folder.join("aid.pdf")).contains("SPIELHILFE"));
    let calibrate = pdf_text(&folder.join("calibrate.pdf"));
    assert!(
        calibrate.contains("Duplex-Kalibrierung · Rückseite") && calibrate.contains("Dann das Blatt gegen ein Fenster"),
        "{calibrate}"
    );
    assert!(pdf_text(&folder.join("map.pdf")).contains("Zusammensetzen: 4 Seiten, 2 Reihen zu je 2"));
    let vmod = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vmod"));
    let mut zip = zip::ZipArchive::new(std::fs::File::open(vmod.expect("a VASSAL module")).unwrap()).unwrap();
    let mut build_file = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("buildFile.xml").unwrap(), &mut build_file).unwrap();
    for german in [
        "delete;Löschen;",
        "Gegner dürfen Steine aufdecken",
        "name=\"Spielsteine\"",
        "Umdrehen",
        "mapName=\"Ankünfte\"",
        "mapName=\"Leisten\"",
        "Fortunes of War: Ablage",
        "Oskarian Empire: Hand",
    ] {
        assert!(build_file.contains(german), "`{german}` in the module");
    }
    assert!(!build_file.contains(";Delete;") && !build_file.contains("Show or hide the pieces"));
}

/// A language playaid has no words for (Japanese): `translate` gives the translator an entry
/// for each of playaid's words, `check` counts those still in English, and a translated word
/// prints; one that drops its placeholder is refused at its line.
#[test]
fn a_language_without_built_in_words_translates_them_in_its_file() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("was");
    copy_dir(&repo().join("data/war-at-sea-troop-landing-1.4"), &game);
    let o = playaid(&["translate", game.to_str().unwrap(), "--lang", "ja"]);
    assert!(o.status.success(), "{}", out(&o));
    let po_path = game.join("translations/ja.po");
    let po = std::fs::read_to_string(&po_path).unwrap();
    let entries = playaid::load::po::parse(&po).unwrap();
    let page = entries.iter().find(|e| e.context.as_deref() == Some("playaid:page_of")).expect("playaid's word");
    assert_eq!((page.id.as_str(), page.text.as_str()), ("page {page} of {pages}", ""));
    assert!(po.contains("#. playaid's word: The page footer."), "what it is, for the translator");
    let words = playaid::model::WORDS.len();
    let o = playaid(&["check", game.to_str().unwrap()]);
    assert!(out(&o).contains(&format!("{words} words of playaid's in English")), "{}", out(&o));
    // The translator gives the footer.
    let po = po.replace(
        "msgctxt \"playaid:page_of\"\nmsgid \"page {page} of {pages}\"\nmsgstr \"\"",
        "msgctxt \"playaid:page_of\"\nmsgid \"page {page} of {pages}\"\nmsgstr \"{page} / {pages} pēji\"",
    );
    std::fs::write(&po_path, &po).unwrap();
    let o = playaid(&["check", game.to_str().unwrap()]);
    assert!(out(&o).contains(&format!("{} words of playaid's in English", words - 1)), "{}", out(&o));
    let o = playaid(&["build", game.to_str().unwrap(), "--lang", "ja", "-o", tmp.path().join("out").to_str().unwrap()]);
    assert!(o.status.success(), "{}", out(&o));
    let sheet = pdf_text(&tmp.path().join("out/war-at-sea-troop-landing-1.4-ja/cheatsheet.pdf"));
    assert!(sheet.contains("1 / 1 pēji"), "{sheet}");
    // Without the page number it fills in: refused where the translator wrote it.
    // Without the page number it fills in, or in a script no font has: refused where the
    // translator wrote it.
    for (wrong, code) in [("{pages} pēji", "E081"), ("{page} / {pages} ページ", "E037")] {
        std::fs::write(&po_path, po.replace("{page} / {pages} pēji", wrong)).unwrap();
        let o = playaid(&["check", game.to_str().unwrap(), "--format", "json"]);
        assert_eq!(o.status.code(), Some(1), "{}", out(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let found = v["diagnostics"].as_array().unwrap();
        assert!(
            found.iter().any(|d| d["code"] == code && d["file"].as_str().unwrap().ends_with("ja.po")),
            "{wrong}: {v}"
        );
    }
}

/// `diff --lang de` compares two versions in German: both read through the newer one's
/// translation, so it finds exactly the changes the source comparison finds (none that only the
/// translation made), and quotes the new texts as the German players read them.
#[test]
fn diff_in_a_language_names_the_rules_changes_in_that_language() {
    let (old, new) = (repo().join("data/war-at-sea-troop-landing-1.4"), repo().join("data/war-at-sea-troop-landing"));
    let english = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    let german = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap(), "--lang", "de"]);
    assert!(german.status.success(), "{}", out(&german));
    let (en, de) = (String::from_utf8_lossy(&english.stdout), String::from_utf8_lossy(&german.stdout));
    // "19 changes", "19 Änderungen": the number.
    let count = |s: &str| {
        let tail = s.lines().next().unwrap_or_default().rsplit(": ").next().unwrap_or_default();
        tail.split_whitespace().next().unwrap_or_default().to_string()
    };
    assert_eq!(count(&en), count(&de), "the same changes:\n{en}\n{de}");
    assert!(de.starts_with("Regeln für Truppenlandungen 1.4 → 2.0: 19 Änderungen"), "{de}");
    assert!(de.contains("~ Landung 10: Getragene Truppenmarker 3 → 2."), "{de}");
    assert!(de.contains("lautet jetzt „In deinem Angriffsschritt"), "{de}");
    // Git revisions have no folder whose translation both could be read through.
    let o = playaid(&["diff", old.to_str().unwrap(), "--from", "HEAD", "--lang", "de"]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
}
