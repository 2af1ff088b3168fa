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
