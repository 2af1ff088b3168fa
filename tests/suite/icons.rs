//! Icons: the vendored set is complete and attributed, an icon named in a text prints as vector
//! paths in the text's colour, a marker's face shows its icon large above its name, a game's
//! own `icons/` folder works, and its files over the limits are located findings. Names that
//! are no icon are check cases (tests/check/icons.cases).

use crate::common::*;
use std::collections::BTreeSet;
use std::path::Path;

/// A game with one rule section whose text is `text`, built: the cheatsheet's page contents.
fn cheatsheet_with(dir: &Path, text: &str, extra: &[(&str, &str)]) -> String {
    let rules = format!("[[section]]\nid = \"a\"\ntitle = \"Anchors\"\ntext = \"{}\"\n", text.replace('"', "\\\""));
    let mut files = vec![("game.toml", GAME), ("rules.toml", rules.as_str())];
    files.extend_from_slice(extra);
    write_game(dir, &files);
    build_contents(dir, "cheatsheet.pdf")
}

/// Build the game in `dir`; the decompressed content streams of PDF `name`, joined.
fn build_contents(dir: &Path, name: &str) -> String {
    let out = dir.join("out");
    let o = playaid(&["build", "-q", dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = out.join("t-1").join(name);
    let doc = lopdf::Document::load(&pdf).unwrap();
    let mut text = String::new();
    for obj in doc.objects.values() {
        if let Ok(stream) = obj.as_stream() {
            let bytes = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
            if bytes.starts_with(b"/Artifact") || bytes.windows(3).any(|w| w == b"BDC") {
                text.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
    }
    text
}

/// The content drawn for the image with alt text `alt`: from its marked content to its end.
fn drawn(contents: &str, alt: &str) -> Option<String> {
    let start = contents.find(&format!("/Alt({alt})"))?;
    let end = contents[start..].find("EMC").map(|e| start + e).unwrap_or(contents.len());
    Some(contents[start..end].to_string())
}

/// Path operators of drawn content after its clip (from its first `cm`, the icon's own
/// coordinates on): curves (`c`) and lines (`l`).
fn path_ops(content: &str) -> (usize, usize) {
    let words: Vec<&str> = content.split_whitespace().collect();
    let from = words.iter().position(|w| w.starts_with("cm")).unwrap_or(0);
    let words = &words[from..];
    (words.iter().filter(|w| **w == "c").count(), words.iter().filter(|w| **w == "l").count())
}

#[test]
fn every_vendored_icon_is_listed_attributed_embedded_and_the_set_is_small() {
    let icons = repo().join("icons");
    let files: BTreeSet<String> = std::fs::read_dir(icons.join("svg"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".svg").to_string())
        .collect();
    let bytes: u64 = std::fs::read_dir(icons.join("svg")).unwrap().map(|e| e.unwrap().metadata().unwrap().len()).sum();
    let list: BTreeSet<String> =
        std::fs::read_to_string(icons.join("LIST")).unwrap().split_whitespace().map(str::to_string).collect();
    let attribution = std::fs::read_to_string(icons.join("ATTRIBUTION.md")).unwrap();
    let licence = std::fs::read_to_string(icons.join("LICENSE.md")).unwrap();
    assert!(licence.contains("https://creativecommons.org/licenses/by/3.0/legalcode"));
    let mut attributed = BTreeSet::new();
    for row in attribution.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| Icon ")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 2, "{row}");
        let author = cells[1].split(',').next().unwrap();
        assert!(licence.contains(&format!("- {author}")), "{} is by {author}, who is not in LICENSE.md", cells[0]);
        attributed.insert(cells[0].to_string());
    }
    let embedded: BTreeSet<String> = playaid::icons::builtin_names().map(str::to_string).collect();
    assert_eq!(files.len(), 221);
    assert_eq!(files, list, "icons/svg and icons/LIST");
    assert_eq!(files, attributed, "icons/svg and the rows of icons/ATTRIBUTION.md");
    assert_eq!(files, embedded, "icons/svg and playaid::icons::BUILTIN");
    assert!(bytes < 1_500_000, "the vendored icons are {bytes} bytes");
    // The docs list every name, and the chart shows every icon.
    let docs = std::fs::read_to_string(repo().join("docs/icons.md")).unwrap();
    let chart = std::fs::read_to_string(repo().join("docs/icons/counters.toml")).unwrap();
    for name in &files {
        assert!(docs.contains(&format!("`{name}`")), "docs/icons.md does not list {name}");
        assert!(chart.contains(&format!("icon = \"{name}\"")), "docs/icons/ does not show {name}");
    }
}

#[test]
fn the_icon_chart_in_the_docs_builds() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("docs/icons"), tmp.path());
    let out = tmp.path().join("out");
    let o = playaid(&["build", "-q", tmp.path().to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = out.join("icons-1/counters.pdf");
    let text = pdf_text(&pdf);
    for name in ["crossed-swords", "perspective-dice-six-faces-random", "conversation"] {
        assert!(text.contains(name), "{name} is not on the chart");
    }
    assert_eq!(pdf_info(&pdf).1, 2, "the chart is two pages");
}

#[test]
fn an_icon_in_a_text_prints_as_vector_paths_in_the_text_colour() {
    let with = tempfile::tempdir().unwrap();
    let contents =
        cheatsheet_with(with.path(), "Drop #text(fill: rgb(\"#ff0000\"))[#icon(\"anchor\")] here; roll #die(6).", &[]);
    let anchor = drawn(&contents, "anchor").expect("the anchor is drawn with its name as alt text");
    assert!(anchor.contains(" 1 0 0 scn"), "the anchor is filled red like its text: {anchor}");
    let (curves, _) = path_ops(&anchor);
    assert!(curves >= 12, "the anchor is vector curves, {curves} of them");
    let die = drawn(&contents, "6").expect("the die face is drawn with its number as alt text");
    let (curves, lines) = path_ops(&die);
    assert!(curves + lines >= 8, "the die face is vector paths");
    // The same text without them draws neither.
    let without = tempfile::tempdir().unwrap();
    let plain = cheatsheet_with(without.path(), "Drop here; roll.", &[]);
    assert!(drawn(&plain, "anchor").is_none() && drawn(&plain, "6").is_none());
    let all_curves = |c: &str| c.split_whitespace().filter(|w| *w == "c").count();
    assert!(all_curves(&plain) + 12 <= all_curves(&contents));
}

#[test]
fn a_marker_face_shows_its_icon_large_above_its_name() {
    let tmp = tempfile::tempdir().unwrap();
    let counters = "[counters]\nduplex = \"long\"\n\n[[counter_group]]\nid = \"m\"\nsize = \"5/8in\"\nfont_size = \"6pt\"\n\n\
                    [[counter]]\nname = \"Ready\"\ncounter_group = \"m\"\nicon = \"crosshair\"\ncolor = \"#202020\"\n\
                    back = { name = \"Moved\" }\nback_face = { icon = \"dust-cloud\" }\n";
    write_game(tmp.path(), &[("game.toml", GAME), ("counters.toml", counters)]);
    let contents = build_contents(tmp.path(), "counters.pdf");
    let text = pdf_text(&tmp.path().join("out/t-1/counters.pdf"));
    assert!(text.contains("Ready") && text.contains("Moved"), "{text}");
    for alt in ["crosshair", "dust-cloud"] {
        let icon = drawn(&contents, alt).unwrap_or_else(|| panic!("{alt} is drawn"));
        // The SVG's 512-unit square is scaled to the icon's side: `q S 0 0 -S x y cm`.
        let words: Vec<&str> = icon.split_whitespace().collect();
        let cm = words.iter().position(|w| w.starts_with("cm")).unwrap();
        let scale: f64 = words[cm - 6].parse().unwrap();
        let side_mm = scale * 512.0 * 25.4 / 72.0;
        assert!((10.0..=14.5).contains(&side_mm), "{alt} is {side_mm:.1} mm on a 15.9 mm counter");
    }
    // White on the dark front (its text colour), dark on the light back.
    let front = drawn(&contents, "crosshair").unwrap();
    assert!(front.contains(" cs 1 scn") || front.contains(" 1 1 1 scn"), "{front}");
    // The same data gives the same bytes.
    let first = std::fs::read(tmp.path().join("out/t-1/counters.pdf")).unwrap();
    std::fs::remove_dir_all(tmp.path().join("out")).unwrap();
    build_contents(tmp.path(), "counters.pdf");
    assert!(first == std::fs::read(tmp.path().join("out/t-1/counters.pdf")).unwrap(), "a rebuild differs");
}

#[test]
fn a_games_own_icons_are_used_by_name_and_replace_built_in_ones() {
    let square = "<svg xmlns=\"http://www.w3.org/2000/svg\" fill=\"currentColor\" viewBox=\"0 0 10 10\">\
                  <path d=\"M0 0h10v10H0z\"/></svg>\n";
    let tmp = tempfile::tempdir().unwrap();
    let stats = "[[stat]]\nid = \"move\"\nname = \"Move\"\ntype = \"int\"\nicon = \"ready-flag\"\n";
    let contents = cheatsheet_with(
        tmp.path(),
        "Own #icon(\"ready-flag\") and #icon(\"anchor\"), built in #icon(\"crossed-swords\").",
        &[("icons/ready-flag.svg", square), ("icons/anchor.svg", square), ("stats.toml", stats)],
    );
    for own in ["ready-flag", "anchor"] {
        let icon = drawn(&contents, own).unwrap_or_else(|| panic!("{own} is drawn"));
        let (curves, lines) = path_ops(&icon);
        assert_eq!((curves, lines), (0, 3), "{own} is the game's square, not the built-in icon: {icon}");
    }
    assert!(path_ops(&drawn(&contents, "crossed-swords").unwrap()).0 > 10);
}

#[test]
fn too_many_or_too_large_icons_are_findings_at_the_file() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 0h10v10H0z\"/></svg>";
    let tmp = tempfile::tempdir().unwrap();
    write_game(tmp.path(), &[("game.toml", GAME)]);
    std::fs::create_dir(tmp.path().join("icons")).unwrap();
    for i in 0..=256 {
        std::fs::write(tmp.path().join(format!("icons/i{i:03}.svg")), svg).unwrap();
    }
    // The 256 icons read are never used (W015 each); the one over the count is E068.
    let found = check_json(tmp.path());
    assert_eq!(found.iter().filter(|(c, _)| c == "W015").count(), 256);
    let errors: Vec<_> = found.into_iter().filter(|(c, _)| c != "W015").collect();
    assert_eq!(errors, vec![("E068".to_string(), "i256.svg:1:1".to_string())]);

    let big = tempfile::tempdir().unwrap();
    let padding = format!("<!-- {} -->", "x".repeat(300 << 10));
    write_game(
        big.path(),
        &[("game.toml", GAME), ("icons/huge.svg", &format!("{svg}{padding}")), ("icons/ok.svg", svg)],
    );
    let found = check_json(big.path());
    assert_eq!(
        found,
        vec![("E068".to_string(), "huge.svg:1:1".to_string()), ("W015".to_string(), "ok.svg:1:1".to_string())]
    );
}

#[test]
fn an_icon_slot_and_a_units_icon_print_on_its_counter() {
    let tmp = tempfile::tempdir().unwrap();
    let units = "[[side]]\nid = \"us\"\nname = \"US\"\ncolor = \"#5b7fb0\"\n\n\
                 [[stat]]\nid = \"move\"\nname = \"Move\"\ntype = \"int\"\n\n\
                 [[kind]]\nid = \"inf\"\nname = \"Infantry\"\nstats = [\"move\"]\n\n\
                 [[unit]]\nid = \"rifles\"\nname = \"Rifles\"\nside = \"us\"\nkind = \"inf\"\nstats = { move = 4 }\n";
    let counters = "[[counter_group]]\nid = \"g\"\nsize = \"5/8in\"\nfont_size = \"6pt\"\n\
                    layout = { top_left = \"{icon:boot-prints}\", top = \"{name}\", centre = \"{symbol}\", bottom = \"{move}\" }\n\n\
                    [[counter]]\nunit = \"rifles\"\nicon = \"rifle\"\n";
    write_game(tmp.path(), &[("game.toml", GAME), ("units.toml", units), ("counters.toml", counters)]);
    let contents = build_contents(tmp.path(), "counters.pdf");
    let side_pt = |alt: &str| {
        let icon = drawn(&contents, alt).unwrap_or_else(|| panic!("{alt} is drawn"));
        let words: Vec<&str> = icon.split_whitespace().collect();
        let cm = words.iter().position(|w| w.starts_with("cm")).unwrap();
        words[cm - 6].parse::<f64>().unwrap() * 512.0
    };
    // The slot's icon is as tall as 0.9 em of the slot's 6 pt text.
    let slot = side_pt("boot-prints");
    assert!((slot - 5.4).abs() < 0.1, "the slot's icon is {slot:.2} pt");
    // The unit's icon fills the symbol box (wider than tall: as tall as the box).
    let symbol = side_pt("rifle");
    assert!(symbol > 12.0 && symbol < 30.0, "the unit's icon is {symbol:.1} pt");
    assert!(pdf_text(&tmp.path().join("out/t-1/counters.pdf")).contains("Rifles"));
}

#[cfg(unix)]
#[test]
fn an_icon_linking_outside_the_game_folder_is_not_read() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 0h10v10H0z\"/></svg>";
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("elsewhere.svg"), svg).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    write_game(tmp.path(), &[("game.toml", GAME)]);
    std::fs::create_dir(tmp.path().join("icons")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("elsewhere.svg"), tmp.path().join("icons/linked.svg")).unwrap();
    assert_eq!(check_json(tmp.path()), vec![("E067".to_string(), "linked.svg:1:1".to_string())]);
}
