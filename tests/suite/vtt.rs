//! Virtual tabletops (issue #18): PNG per piece, the Tabletop Simulator save and the VASSAL
//! module, built by the binary from the example games and read back: pixel sizes, file
//! names, bytes across rebuilds, the save's JSON, the module's zip and build file (also by an
//! independent reader, `tests/python/read_vmod.py` with pywargame).

use crate::common::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use playaid::render::png::{PieceNames, pixels};

fn build(game: &str, out: &Path, extra: &[&str]) -> PathBuf {
    let dir = repo().join("data").join(game);
    let mut args = vec!["build", dir.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"];
    args.extend_from_slice(extra);
    let o = playaid(&args);
    assert!(o.status.success(), "build {game} {extra:?} failed:\n{}", String::from_utf8_lossy(&o.stderr));
    let folder = std::fs::read_dir(out).unwrap().next().unwrap().unwrap().path();
    assert!(folder.is_dir(), "{}", folder.display());
    folder
}

/// The laid-out game, as the build sees it.
fn checked(game: &str) -> playaid::build::Checked {
    let c = playaid::build::load_and_check(&repo().join("data").join(game), None).unwrap();
    assert!(!c.has_errors());
    c
}

fn files_under(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries {
            out.insert(e.unwrap().file_name().to_string_lossy().into_owned());
        }
    }
    out
}

fn png_size(path: &Path) -> (u32, u32) {
    image::image_dimensions(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const PT_PER_MM: f64 = 72.0 / 25.4;

/// The one module in a build's folder.
fn vmod_in(folder: &Path) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "vmod"))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

/// Every counter face of marrow-front as a PNG of exactly its size at 300 and at 150 dpi,
/// one file per face and nothing else, and the same bytes when built again.
#[test]
fn png_per_counter_face_exact_sizes_names_and_bytes() {
    let c = checked("marrow-front");
    let (_, layout) = c.stages.as_ref().unwrap();
    let names = PieceNames::new(&c.game, layout);
    let counters = &layout.counters.counters;
    assert!(counters.len() > 10, "{}", counters.len());
    for dpi in [300.0, 150.0] {
        let out = tempfile::tempdir().unwrap();
        let folder = build("marrow-front", out.path(), &["--png", "--dpi", &dpi.to_string()]);
        let mut expected = BTreeSet::new();
        for (i, rc) in counters.iter().enumerate() {
            let (w, h) = layout.counters.groups[rc.group].size;
            let want = (pixels(w.0 * PT_PER_MM, dpi), pixels(h.0 * PT_PER_MM, dpi));
            let mut sides = vec!["front"];
            if rc.back.is_some() {
                sides.push("back");
            }
            for side in sides {
                let name = format!("{}-{side}.png", names.counters[i]);
                assert_eq!(png_size(&folder.join("png/counters").join(&name)), want, "{name} at {dpi} dpi");
                expected.insert(name);
            }
        }
        assert_eq!(files_under(&folder.join("png/counters")), expected, "one PNG per face, nothing else");
        assert_eq!(folder.join("png/cards").exists(), !layout.cards.cards.is_empty(), "cards only when it has some");
        if dpi == 300.0 {
            // 5/8" counters: 187.5 px rounds up.
            let five_eighths = layout.counters.groups.iter().any(|g| (g.size.0.0 - 15.875).abs() < 1e-9);
            if five_eighths {
                assert_eq!(pixels(15.875 * PT_PER_MM, 300.0), 188);
            }
            let again = tempfile::tempdir().unwrap();
            let folder2 = build("marrow-front", again.path(), &["--png"]);
            for name in &expected {
                let a = std::fs::read(folder.join("png/counters").join(name)).unwrap();
                let b = std::fs::read(folder2.join("png/counters").join(name)).unwrap();
                assert!(a == b, "{name}: same bytes on a rebuild");
            }
        }
    }
}

/// Cards: front and back, at trim size and with bleed, each exactly its size; the bleed image
/// is the trim image with the bleed around it (its centre is the same picture).
#[test]
fn png_per_card_face_with_and_without_bleed() {
    let c = checked("one-hour-wargames-wwii");
    let (_, layout) = c.stages.as_ref().unwrap();
    let names = PieceNames::new(&c.game, layout);
    let cards = &layout.cards;
    assert!(!cards.cards.is_empty());
    let bleed = c.game.card_options.bleed;
    let out = tempfile::tempdir().unwrap();
    let folder = build("one-hour-wargames-wwii", out.path(), &["--png"]);
    let (w, h) = cards.size;
    let trim = (pixels(w * PT_PER_MM, 300.0), pixels(h * PT_PER_MM, 300.0));
    let bled = (pixels((w + 2.0 * bleed) * PT_PER_MM, 300.0), pixels((h + 2.0 * bleed) * PT_PER_MM, 300.0));
    let mut expected = BTreeSet::new();
    for stem in &names.cards {
        for side in ["front", "back"] {
            let plain = format!("{stem}-{side}.png");
            let with = format!("{stem}-{side}-bleed.png");
            assert_eq!(png_size(&folder.join("png/cards").join(&plain)), trim, "{plain}");
            assert_eq!(png_size(&folder.join("png/cards").join(&with)), bled, "{with}");
            expected.insert(plain);
            expected.insert(with);
        }
    }
    assert_eq!(files_under(&folder.join("png/cards")), expected);
    // The bleed runs the card's colour out: the corner pixel of a front with bleed is the
    // colour of the trim image's corner, not white.
    let stem = &names.cards[0];
    let a = image::open(folder.join(format!("png/cards/{stem}-front.png"))).unwrap().to_rgb8();
    let b = image::open(folder.join(format!("png/cards/{stem}-front-bleed.png"))).unwrap().to_rgb8();
    assert_eq!(a.get_pixel(2, 2), b.get_pixel(1, 1), "the header colour runs into the bleed");
    assert_ne!(*b.get_pixel(0, 0), image::Rgb([255, 255, 255]));
    assert!(folder.join("png/counters").is_dir(), "its counters too");
}

/// The pieces document: one page per face, each page the piece's trim size, cards with their
/// bleed as the page's bleed (a TrimBox in the PDF: what print-shop output is made from).
#[test]
fn pieces_document_is_one_face_a_page_at_piece_size() {
    use playaid::render::png::PieceKind;
    let c = checked("one-hour-wargames-wwii");
    let (ix, layout) = c.stages.as_ref().unwrap();
    let mut r = playaid::render::Renderer::new(&c.game.root, None).unwrap();
    r.set_fonts(layout.fonts.clone());
    let doc = playaid::build::vtt::pieces_document(&r, &c.game, ix, layout).unwrap();
    let counters = layout.counters.counters.iter().map(|c| 1 + usize::from(c.back.is_some())).sum::<usize>();
    let kinds = |k| doc.faces.iter().filter(|f| f.kind == k).count();
    assert_eq!((kinds(PieceKind::Counter), kinds(PieceKind::Card)), (counters, 2 * layout.cards.cards.len()));
    let bleed = c.game.card_options.bleed;
    for f in &doc.faces {
        let compiled = if f.kind == PieceKind::Counter { &doc.counters } else { &doc.cards };
        let page = &compiled.as_ref().unwrap().document.pages()[f.page];
        let (w, h) = (page.frame.size().x.to_mm(), page.frame.size().y.to_mm());
        let (want, want_bleed) = match f.kind {
            PieceKind::Counter => {
                let (w, h) = layout.counters.groups[layout.counters.counters[f.piece].group].size;
                ((w.0, h.0), c.game.counter_options.bleed)
            }
            PieceKind::Card => (layout.cards.size, bleed),
        };
        assert!((w - want.0).abs() < 1e-6 && (h - want.1).abs() < 1e-6, "{f:?}: {w} x {h} mm, want {want:?}");
        assert!((page.bleed.left.to_mm() - want_bleed).abs() < 1e-6, "{f:?}: bleed {:?}", page.bleed);
    }
    // As a PDF: one page per face, the cards' with a TrimBox inside a larger MediaBox.
    let pdf = doc.cards.as_ref().unwrap().pdf().unwrap();
    let tmp = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(tmp.path(), &pdf).unwrap();
    assert_eq!(pdf_info(tmp.path()).1, 2 * layout.cards.cards.len());
    let text = String::from_utf8_lossy(&pdf);
    assert_eq!(text.matches("/TrimBox").count(), 2 * layout.cards.cards.len(), "a TrimBox a page");
}

/// The Tabletop Simulator save: parsed and checked against the layout.
#[test]
fn tts_save_decks_cards_tiles_and_urls() {
    let c = checked("one-hour-wargames-wwii");
    let (_, layout) = c.stages.as_ref().unwrap();
    let names = PieceNames::new(&c.game, layout);
    let out = tempfile::tempdir().unwrap();
    let folder = build("one-hour-wargames-wwii", out.path(), &["--tts"]);
    let tts = folder.join("tts");
    let prefix = folder.file_name().unwrap().to_string_lossy().into_owned();
    let save: serde_json::Value =
        serde_json::from_slice(&std::fs::read(tts.join(format!("{prefix}.json"))).unwrap()).unwrap();
    let objects = save["ObjectStates"].as_array().unwrap();
    let tts_dir = tts.canonicalize().unwrap();
    let resolve = |url: &str| -> PathBuf {
        let path = url.strip_prefix("file://").unwrap_or_else(|| panic!("a local URL: {url}"));
        let p = PathBuf::from(path);
        assert!(p.starts_with(&tts_dir), "{url} in tts/");
        assert!(p.is_file(), "{url} names a written file");
        p
    };
    // Cards: every printed copy once, CardID = deck key x 100 + cell, within each sheet's grid.
    let mut card_copies: BTreeMap<String, i64> = BTreeMap::new();
    let mut guids = BTreeSet::new();
    for o in objects.iter().filter(|o| o["Name"] == "DeckCustom" || o["Name"] == "Card") {
        assert_eq!(o["Transform"]["rotZ"], 180.0, "decks lie face down");
        let cards: Vec<&serde_json::Value> = match o["Name"].as_str() {
            Some("DeckCustom") => {
                let contained = o["ContainedObjects"].as_array().unwrap();
                let ids: Vec<u64> = o["DeckIDs"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
                let contained_ids: Vec<u64> = contained.iter().map(|c| c["CardID"].as_u64().unwrap()).collect();
                assert_eq!(ids, contained_ids, "DeckIDs list the contained cards in order");
                contained.iter().collect()
            }
            _ => vec![o],
        };
        for card in cards {
            assert!(guids.insert(card["GUID"].as_str().unwrap().to_string()), "GUIDs unique");
            let id = card["CardID"].as_u64().unwrap();
            let (key, cell) = (id / 100, id % 100);
            let entry = &card["CustomDeck"][key.to_string()];
            let (nw, nh) = (entry["NumWidth"].as_u64().unwrap(), entry["NumHeight"].as_u64().unwrap());
            assert!(nw <= 10 && nh <= 7, "grid {nw} x {nh}");
            // Hidden cards show their backs; the sheet's last cell is left white.
            assert_eq!(entry["BackIsHidden"], true);
            assert!(cell < nw * nh - 1, "cell {cell} is a face, not the hidden card's");
            let faces = resolve(entry["FaceURL"].as_str().unwrap());
            let (sw, sh) = png_size(&faces);
            assert!(sw <= 4096 && sh <= 4096, "{sw} x {sh}");
            assert!(sw % nw as u32 == 0 && sh % nh as u32 == 0, "whole cells");
            let back = resolve(entry["BackURL"].as_str().unwrap());
            if entry["UniqueBack"] == true {
                assert_eq!(png_size(&back), (sw, sh), "a sheet of backs like the faces'");
            } else {
                assert_eq!(png_size(&back), (sw / nw as u32, sh / nh as u32), "one back, a cell's size");
            }
            *card_copies.entry(card["Description"].as_str().unwrap().to_string()).or_default() += 1;
        }
    }
    let want: BTreeMap<String, i64> =
        layout.cards.cards.iter().enumerate().map(|(i, rc)| (names.cards[i].clone(), rc.quantity)).collect();
    assert_eq!(card_copies, want, "every card, as many copies as printed");
    // Counters: two-sided tiles in bags, every printed copy once, both images written.
    let mut tiles: BTreeMap<String, i64> = BTreeMap::new();
    for bag in objects.iter().filter(|o| o["Name"] == "Bag") {
        for t in bag["ContainedObjects"].as_array().unwrap() {
            assert_eq!(t["Name"], "Custom_Tile");
            let img = &t["CustomImage"];
            let front = resolve(img["ImageURL"].as_str().unwrap());
            let back = resolve(img["ImageSecondaryURL"].as_str().unwrap());
            let stem = t["Description"].as_str().unwrap().to_string();
            assert!(front.ends_with(format!("{prefix}-counter-{stem}-front.png")), "{}", front.display());
            assert!(back.ends_with(format!("{prefix}-counter-{stem}-back.png")), "{}", back.display());
            *tiles.entry(stem).or_default() += 1;
        }
    }
    let want: BTreeMap<String, i64> =
        layout.counters.counters.iter().enumerate().map(|(i, rc)| (names.counters[i].clone(), rc.quantity)).collect();
    assert_eq!(tiles, want, "every counter, as many copies as printed");

    // A relative output folder still gives absolute file URLs.
    let rel = tempfile::tempdir().unwrap();
    let dir = repo().join("data/one-hour-wargames-wwii");
    let o = playaid_in(rel.path(), &["build", dir.to_str().unwrap(), "-o", "out", "-q", "--tts"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(rel.path().join(format!("out/{prefix}/tts/{prefix}.json"))).unwrap();
    let abs = rel.path().canonicalize().unwrap();
    assert!(text.contains(&format!("\"file://{}/out/{prefix}/tts/", abs.display())), "absolute URLs");

    // With --base-url every image is named under it, and nothing else changes.
    let out2 = tempfile::tempdir().unwrap();
    let folder2 = build("one-hour-wargames-wwii", out2.path(), &["--tts", "--base-url", "https://example.org/r/v8/"]);
    let text = std::fs::read_to_string(folder2.join(format!("tts/{prefix}.json"))).unwrap();
    assert!(!text.contains("file://"), "no local path left");
    let urls = text.matches("\"https://example.org/r/v8/").count();
    assert!(urls > 10, "{urls}");
    for m in text.split("\"https://example.org/r/v8/").skip(1) {
        let file = &m[..m.find('"').unwrap()];
        assert!(folder2.join("tts").join(file).is_file(), "{file} written");
    }
}

/// The VASSAL module of marrow-front: a deterministic zip whose build file has every counter
/// as a piece (front image, back as a flip layer), and the chart pages.
#[test]
fn vassal_module_pieces_images_and_charts() {
    let c = checked("marrow-front");
    let (_, layout) = c.stages.as_ref().unwrap();
    let out = tempfile::tempdir().unwrap();
    let folder = build("marrow-front", out.path(), &["--vassal"]);
    let vmod = vmod_in(&folder);
    let bytes = std::fs::read(&vmod).unwrap();
    let again = tempfile::tempdir().unwrap();
    let folder2 = build("marrow-front", again.path(), &["--vassal"]);
    assert!(bytes == std::fs::read(folder2.join(vmod.file_name().unwrap())).unwrap(), "same bytes on a rebuild");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let names: Vec<String> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "entries sorted");
    let mut build_file = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("buildFile.xml").unwrap(), &mut build_file).unwrap();
    let mut module_data = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("moduledata").unwrap(), &mut module_data).unwrap();
    let title = c.game.meta.title.as_ref().unwrap().v.clone();
    assert!(module_data.contains(&format!("<name>{title}</name>")), "{module_data}");
    assert!(module_data.contains(&format!("<version>{}</version>", c.game.meta.version.as_ref().unwrap().v)));
    let slots = build_file.matches("<VASSAL.build.widget.PieceSlot ").count();
    let track_markers: usize = c.game.tracks.iter().map(|t| t.markers.len().max(1)).sum();
    assert_eq!(slots, layout.counters.counters.len() + track_markers, "one piece per counter and track marker");
    for img in build_file.split("piece;;;").skip(1) {
        let file = &img[..img.find(';').unwrap()];
        assert!(names.contains(&format!("images/{file}")), "{file} in images/");
    }
    let flips = build_file.matches("emb2;Flip;").count();
    assert_eq!(flips, layout.counters.counters.iter().filter(|c| c.back.is_some()).count());
    // Every piece can be deleted, every marker cloned; cards under a plain mask.
    assert_eq!(
        build_file.matches("delete;Delete;68,130;").count(),
        slots + build_file.matches("<VASSAL.build.widget.CardSlot ").count()
    );
    let markers = layout.counters.counters.iter().filter(|c| !c.is_unit).count();
    assert!(markers > 0);
    assert_eq!(build_file.matches("clone;Clone;67,130;").count(), markers + track_markers);
    assert!(build_file.contains("Flip;P;?;"), "plain mask");
    // Unique names with the counter's id: "Rifle Corps 3", "XI Infantry Corps".
    let entries: Vec<&str> = build_file
        .split("<VASSAL.build.widget.PieceSlot entryName=\"")
        .skip(1)
        .map(|e| &e[..e.find('"').unwrap()])
        .collect();
    let unique: BTreeSet<String> = entries.iter().map(|e| e.to_lowercase()).collect();
    assert_eq!(unique.len(), entries.len(), "{entries:?}");
    for name in ["Rifle Corps 3", "XI Infantry Corps", "XXIII Armoured Corps", "Cavalry Corps 1 Cav", "Out of Supply"] {
        assert!(entries.contains(&name), "{name} in {entries:?}");
    }
    // The flip layer is named by the step it shows.
    assert!(build_file.contains(";Rifle Corps 3 (reduced);true;reduced;"), "layer named by step");
    // The save date is the rules version's, 2026-11-23.
    assert!(module_data.contains("<dateSaved>1795392000000</dateSaved>"), "{module_data}");
    // A set-up per scenario on the File menu, its saved game at the module's root.
    assert!(build_file.contains("<VASSAL.build.module.PredefinedSetup description=\"\" file=\"hearthfire.vsav\" isMenu=\"false\" name=\"Operation Hearthfire\" useFile=\"true\"/>"));
    assert!(names.contains(&"hearthfire.vsav".to_string()));
    assert!(build_file.contains("<VASSAL.build.widget.Chart chartName=\"Rules"), "the cheatsheet is a chart");
    assert!(build_file.contains("chartName=\"Player aid"), "the player aid card too");
    assert!(names.iter().any(|n| n.starts_with("images/chart-scenario-")), "and the scenario sheet");
}

/// An independent reader: pywargame opens the module and reads back
/// every piece's name, front and back image; the script compares them with what the data
/// says (passed as JSON). Skipped, saying why, only when no Python here has pywargame.
#[test]
fn vassal_module_opens_in_pywargame() {
    let Some(python) = python_with_pywargame() else {
        // CI (.ci/run) always sets PLAYAID_PYTHON: there the reader must run.
        assert!(std::env::var_os("PLAYAID_PYTHON").is_none(), "PLAYAID_PYTHON is set but has no pywargame");
        eprintln!("SKIPPED vassal_module_opens_in_pywargame: no Python with pywargame (see .ci/run)");
        return;
    };
    for game in ["marrow-front", "one-hour-wargames-wwii", "genpei-naval", "salt-crown", "hollow-ridge"] {
        let c = checked(game);
        let (_, layout) = c.stages.as_ref().unwrap();
        let names = PieceNames::new(&c.game, layout);
        let out = tempfile::tempdir().unwrap();
        let folder = build(game, out.path(), &["--vassal"]);
        let vmod = vmod_in(&folder);
        let field = playaid::write::vassal::field;
        let mut counters: Vec<serde_json::Value> = (layout.counters.counters.iter().enumerate())
            .map(|(i, rc)| {
                let mut piece = serde_json::json!({
                    "name": field(&names.counter_titles[i]),
                    "front": format!("counter-{}-front.png", names.counters[i]),
                    "back": rc.back.as_ref().map(|_| format!("counter-{}-back.png", names.counters[i])),
                });
                // A block: masked by its back, four facings when it has steps to turn to.
                if layout.counters.groups[rc.group].block.is_some() {
                    piece["block"] = serde_json::json!(if rc.front.block.is_some() { 4 } else { 0 });
                }
                piece
            })
            .collect();
        // Each track's markers on the palette: a chip, no back.
        for t in &c.game.tracks {
            for (k, m) in t.markers.iter().enumerate() {
                let who = c.game.sides.iter().find(|s| s.id.v == m.v).map_or(m.v.clone(), |s| s.name.v.clone());
                counters.push(serde_json::json!({
                    "name": field(&format!("{}: {who}", t.title.v)),
                    "front": format!("track-{}-{}.png", t.id.v, k + 1),
                    "back": null,
                }));
            }
        }
        // Cards pile by pile (a pile per part of each strategy deck, then per side), each
        // copy once.
        let piles = playaid::layout::cards::card_piles(&c.game, &layout.cards);
        let order: Vec<usize> = piles.iter().flat_map(|p| p.cards.clone()).collect();
        let mut cards = Vec::new();
        for i in order {
            let rc = &layout.cards.cards[i];
            for _ in 0..rc.quantity {
                cards.push(serde_json::json!({
                    "name": field(&names.card_titles[i]),
                    "front": format!("card-{}-front.png", names.cards[i]),
                    "back": format!("card-{}-back.png", names.cards[i]),
                }));
            }
        }
        let setups = expected_setups(&c.game, layout, &names);
        let placed: usize = setups.iter().map(|s| s["pieces"].as_array().unwrap().len()).sum();
        let mut expected = serde_json::json!({
            "counters": counters, "cards": cards, "boards": expected_boards(&c.game), "setups": setups,
        });
        if game == "marrow-front" {
            // The Fortunes of War deck: a pile per part, the Winter part shuffling into the
            // first; the face-up discards shuffling back in; a hand per side.
            let autumn = "Fortunes of War: Autumn";
            expected["piles"] = serde_json::json!([
                [autumn, "Always", null, 10],
                ["Fortunes of War: Winter", "Always", autumn, 8],
                ["Fortunes of War discards", "Never", autumn, 0],
                ["Cards", "Always", null, 5],
            ]);
            expected["hands"] = serde_json::json!([
                ["Oskarian Empire hand", "Oskarian Empire"],
                ["Republic of Velsk hand", "Republic of Velsk"],
            ]);
        }
        let want = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(want.path(), serde_json::to_vec(&expected).unwrap()).unwrap();
        let o = std::process::Command::new(&python)
            .arg(repo().join("tests/python/read_vmod.py"))
            .arg(&vmod)
            .arg(want.path())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{game}: {stdout}\n{}", String::from_utf8_lossy(&o.stderr));
        let line = format!(
            "{} pieces match; {} cards match; {} boards match; {} set-ups with {placed} placed pieces match",
            counters.len(),
            cards.len(),
            c.game.maps.len() + c.game.area_maps.len(),
            setups.len()
        );
        assert!(stdout.contains(&line), "{game}: {stdout}");
        if game == "marrow-front" {
            // Every counter of the scenario's forces: 9 Oskarian, 11 Velsk, 6 of them
            // reinforcements; and the two morale markers.
            assert_eq!((setups.len(), placed), (1, 22), "{stdout}");
        }
        if game == "salt-crown" {
            // Every block of both sides in its town, hidden by its own side.
            assert_eq!((setups.len(), placed), (1, 20), "{stdout}");
        }
        eprintln!("pywargame, {game}: {}", stdout.trim());
    }
}

/// What each scenario's set-up must hold, from the data: every piece the set-up places, by
/// its name, on its map's cell or in its row of the arrivals window.
fn expected_setups(
    game: &playaid::model::Game,
    layout: &playaid::layout::Layout,
    names: &PieceNames,
) -> Vec<serde_json::Value> {
    use playaid::write::setup::{Place, placements, scenario_area_map, scenario_map};
    let field = playaid::write::vassal::field;
    let mut out = Vec::new();
    for sc in &game.scenarios {
        let areas = scenario_area_map(game, sc);
        let Some(title) = areas.map(|a| &a.title.v).or(scenario_map(game, sc).map(|m| &m.title.v)) else { continue };
        let map = scenario_map(game, sc);
        let mut pieces: Vec<serde_json::Value> = placements(game, layout, sc)
            .into_iter()
            .map(|p| {
                let name = field(&names.counter_titles[p.counter]);
                match p.place {
                    // On geomorphic boards: in the window of boards, on its board (laid as the
                    // scenario lays it: VASSAL's board picker), in the board's own cell.
                    Place::Cell(c) if map.unwrap().board.is_some() || map.unwrap().arranged.is_some() => {
                        let m = map.unwrap();
                        let grid = m.grid();
                        let (board, cell, turned) = match grid.board_of(c) {
                            Some((b, local)) => {
                                let title = &game.maps.iter().find(|x| x.id.v == b.map).unwrap().title.v;
                                (field(title), b.grid.name(local), b.turned)
                            }
                            None => (field(&m.title.v), grid.name(c), false),
                        };
                        serde_json::json!({"name": name, "map": "Boards", "board": board, "cell": cell, "turned": turned})
                    }
                    Place::Cell(c) => {
                        let grid = map.unwrap().grid();
                        serde_json::json!({"name": name, "map": field(title), "cell": grid.name(c)})
                    }
                    Place::Arrives { turn, entry } => {
                        let row = match entry {
                            Some(e) => format!("Turn {turn}, enters {e}"),
                            None => format!("Turn {turn}"),
                        };
                        serde_json::json!({"name": name, "map": "Arrivals", "row": row})
                    }
                    // In its area: nearest that area's region of the board, hidden by its side.
                    Place::Area(a) => {
                        let area = areas.and_then(|m| m.place(&a)).map_or(a.clone(), |p| p.label());
                        let rc = &layout.counters.counters[p.counter];
                        let side = game.sides.iter().find(|s| Some(s.id.v.as_str()) == rc.side.as_deref());
                        serde_json::json!({"name": name, "map": field(title), "row": area,
                            "hidden": side.map(|s| s.name.v.clone())})
                    }
                }
            })
            .collect();
        // Each track's markers in their starting boxes, regions of the "Tracks" window
        // ("Morale 9"), named "Morale: Oskarian Empire".
        for (track, starts) in &sc.tracks {
            let t = game.tracks.iter().find(|t| t.id.v == track.v).unwrap();
            for (marker, n) in starts {
                let who = match marker {
                    Some(m) => game.sides.iter().find(|s| s.id.v == m.v).map_or(m.v.clone(), |s| s.name.v.clone()),
                    None => String::new(),
                };
                let name = if who.is_empty() { t.title.v.clone() } else { format!("{}: {who}", t.title.v) };
                let row = format!("{} {}", t.title.v, n.as_ref().unwrap().v);
                pieces.push(serde_json::json!({"name": field(&name), "map": "Tracks", "row": row}));
            }
        }
        out.push(serde_json::json!({
            "title": sc.title.v,
            "file": format!("{}.vsav", playaid::render::png::safe_stem(&sc.id.v)),
            "pieces": pieces,
        }));
    }
    out
}

/// What the module's board of each map must be: its name, image, size in pixels at the
/// module's resolution, and every cell's name (as the map prints it) and centre in pixels.
fn expected_boards(game: &playaid::model::Game) -> Vec<serde_json::Value> {
    let dpi = playaid::write::vassal::PIECE_DPI;
    let px = |mm: f64| mm / 25.4 * dpi;
    // The maps of areas after the grids: a region at each area's centre, named after it.
    let areas = game.area_maps.iter().enumerate().map(|(k, m)| {
        let laid = playaid::layout::areas::lay_out(m);
        let regions: Vec<serde_json::Value> =
            laid.areas.iter().map(|a| serde_json::json!([a.name, px(a.centre.0), px(a.centre.1)])).collect();
        serde_json::json!({
            "name": playaid::write::vassal::field(&m.title.v),
            "image": format!("board-{}.png", game.maps.len() + k + 1),
            "width": pixels(laid.size.0 * PT_PER_MM, dpi),
            "height": pixels(laid.size.1 * PT_PER_MM, dpi),
            "regions": regions,
        })
    });
    let grids: Vec<serde_json::Value> = (game.maps.iter().enumerate())
        .map(|(k, m)| {
            let geo = playaid::layout::map::Geometry::of(m);
            let (w, h) = geo.size();
            let cells: Vec<serde_json::Value> = (geo.grid.cells())
                .map(|c| {
                    let (x, y) = geo.centre(c);
                    serde_json::json!([geo.grid.name(c), px(x), px(y)])
                })
                .collect();
            serde_json::json!({
                "name": playaid::write::vassal::field(&m.title.v),
                "image": format!("board-{}.png", k + 1),
                "width": pixels(w * PT_PER_MM, dpi),
                "height": pixels(h * PT_PER_MM, dpi),
                "cells": cells,
            })
        })
        .collect();
    grids.into_iter().chain(areas).collect()
}

/// An attribute of the first element `tag` in `xml` after `from`.
fn attr(xml: &str, tag: &str, name: &str) -> String {
    let start = xml.find(&format!("<{tag} ")).unwrap_or_else(|| panic!("no {tag}"));
    let element = &xml[start..start + xml[start..].find('>').unwrap()];
    let key = format!(" {name}=\"");
    let at = element.find(&key).unwrap_or_else(|| panic!("{tag} has no {name}: {element}")) + key.len();
    element[at..at + element[at..].find('"').unwrap()].to_string()
}

/// A module from a game with maps has a map window per map whose board is the whole map as
/// one image, exactly the map's size at the module's resolution, with a hex grid whose pitch
/// is the map's (within half a pixel) and whose origin is the first cell's centre; the card
/// decks are on the first map (no plain table); a game without maps keeps the table.
#[test]
fn vassal_module_has_a_board_per_map() {
    let c = checked("marrow-front");
    assert_eq!(c.game.maps.len(), 1);
    let out = tempfile::tempdir().unwrap();
    let folder = build("marrow-front", out.path(), &["--vassal"]);
    let mut zip = zip::ZipArchive::new(std::fs::File::open(vmod_in(&folder)).unwrap()).unwrap();
    let mut build_file = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("buildFile.xml").unwrap(), &mut build_file).unwrap();
    let dpi = playaid::write::vassal::PIECE_DPI;
    let px = |mm: f64| mm / 25.4 * dpi;
    let want = expected_boards(&c.game);
    // A window per map, one for the decks, one for the reinforcements, one for the tracks;
    // no table.
    assert_eq!(build_file.matches("<VASSAL.build.module.Map ").count(), want.len() + 3);
    assert!(!build_file.contains("mapName=\"Table\""));
    let board = "VASSAL.build.module.map.boardPicker.Board";
    let (w, h) = (want[0]["width"].as_u64().unwrap() as u32, want[0]["height"].as_u64().unwrap() as u32);
    assert_eq!(attr(&build_file, board, "image"), "board-1.png");
    assert_eq!(attr(&build_file, board, "name"), c.game.maps[0].title.v);
    assert_eq!((attr(&build_file, board, "width"), attr(&build_file, board, "height")), (w.to_string(), h.to_string()));
    let mut png = Vec::new();
    std::io::Read::read_to_end(&mut zip.by_name("images/board-1.png").unwrap(), &mut png).unwrap();
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!((img.width(), img.height()), (w, h), "the image is the map's size at {dpi} dpi, to the pixel");
    // The map is 7/8" flat-topped hexes: columns 1.5 sides apart, hexes a cell apart down.
    let geo = playaid::layout::map::Geometry::of(&c.game.maps[0]);
    assert!((geo.cell - 22.225).abs() < 1e-9, "{}", geo.cell);
    let grid = "VASSAL.build.module.map.boardPicker.board.HexGrid";
    let num = |name: &str| attr(&build_file, grid, name).parse::<f64>().unwrap();
    assert!((num("dx") - px(1.5 * geo.side())).abs() < 0.5, "dx {} vs {}", num("dx"), px(1.5 * geo.side()));
    assert!((num("dy") - px(geo.cell)).abs() < 0.5, "dy {} vs {}", num("dy"), px(geo.cell));
    assert_eq!(attr(&build_file, grid, "sideways"), "false");
    let (x0, y0) = geo.centre(playaid::model::Coord { col: 1, row: 1 });
    assert!((num("x0") - px(x0)).abs() <= 0.5 && (num("y0") - px(y0)).abs() <= 0.5, "origin at 0101's centre");
    let numbering = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
    for (k, v) in [("first", "H"), ("hOff", "1"), ("vOff", "1"), ("hLeading", "1"), ("vLeading", "1"), ("hType", "N")] {
        assert_eq!(attr(&build_file, numbering, k), v, "{k}: XXYY from 0101");
    }
    // The decks lie in a window of their own: no draw pile inside a map window with a grid.
    for map in build_file.split("<VASSAL.build.module.Map ").skip(1) {
        let map = &map[..map.find("</VASSAL.build.module.Map>").unwrap()];
        assert!(!(map.contains("Grid") && map.contains("DrawPile")), "a deck over a map:\n{map}");
    }
    let decks = &build_file[build_file.find("mapName=\"Decks\"").expect("a Decks window")..];
    let decks = &decks[..decks.find("</VASSAL.build.module.Map>").unwrap()];
    let piles = decks.matches("<VASSAL.build.module.map.DrawPile ").count();
    assert!(piles > 0 && piles == build_file.matches("<VASSAL.build.module.map.DrawPile ").count(), "every deck there");
    assert_eq!(attr(&build_file, "VASSAL.build.module.map.DrawPile", "owningBoard"), "");
    // 100 % at the start: the third of six sorted levels, counted from the largest.
    assert_eq!(attr(&build_file, "VASSAL.build.module.map.Zoomer", "zoomStart"), "3");
    assert_eq!(attr(&build_file, "VASSAL.build.module.map.Zoomer", "zoomLevels"), "0.25,0.5,0.75,1.0,1.5,2.0");
    // Without maps: the plain table, no grid.
    let out = tempfile::tempdir().unwrap();
    let folder = build("one-hour-wargames-wwii", out.path(), &["--vassal"]);
    let mut zip = zip::ZipArchive::new(std::fs::File::open(vmod_in(&folder)).unwrap()).unwrap();
    let mut build_file = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("buildFile.xml").unwrap(), &mut build_file).unwrap();
    assert_eq!(attr(&build_file, "VASSAL.build.module.Map", "mapName"), "Table");
    assert!(!build_file.contains("Grid"), "no grid without maps");
}

/// `PLAYAID_PYTHON`, else a Python (on PATH or from pyenv) that has pywargame.
fn python_with_pywargame() -> Option<PathBuf> {
    let mut candidates: Vec<PathBuf> = std::env::var_os("PLAYAID_PYTHON").map(PathBuf::from).into_iter().collect();
    candidates.extend(["python3.13", "python3.12", "python3"].map(PathBuf::from));
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    if let Ok(versions) = std::fs::read_dir(home.join(".pyenv/versions")) {
        let mut found: Vec<PathBuf> = versions.filter_map(|e| Some(e.ok()?.path().join("bin/python"))).collect();
        found.sort();
        found.reverse();
        candidates.extend(found);
    }
    candidates.into_iter().find(|p| {
        std::process::Command::new(p)
            // As .ci/run: pywargame installed (the reader stubs the modules that need 3.12).
            .args(["-c", "import importlib.util as u; assert u.find_spec('pywargame')"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// `[exports]` in the data asks for the same as the flags; W014 when there is nothing to
/// export; E060 for a bad dpi, located.
#[test]
fn exports_table_and_its_findings() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    std::fs::write(game.join("game.toml"), format!("{toml}\n[exports]\npng = true\ndpi = 100\n")).unwrap();
    let out = tmp.path().join("out");
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("images in"), "PNGs counted per folder: {stdout}");
    let folder = std::fs::read_dir(&out).unwrap().next().unwrap().unwrap().path();
    let any = std::fs::read_dir(folder.join("png/counters")).unwrap().next().unwrap().unwrap().path();
    let c = checked("marrow-front");
    let size = c.stages.as_ref().unwrap().1.counters.groups[0].size.0.0;
    assert_eq!(png_size(&any).0, pixels(size * PT_PER_MM, 100.0), "dpi from [exports]");

    std::fs::write(game.join("game.toml"), format!("{toml}\n[exports]\ndpi = 2000\n")).unwrap();
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("error[E060]") && err.contains("game.toml:"), "{err}");

    // The test game of the check cases has no counters or cards.
    let bare = tmp.path().join("bare");
    copy_dir(&repo().join("tests/check/base"), &bare);
    let o = playaid(&["build", bare.to_str().unwrap(), "-o", out.to_str().unwrap(), "--png", "--tts"]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("warning[W014]"), "{err}");
    let o = playaid(&["build", bare.to_str().unwrap(), "-o", out.to_str().unwrap(), "--dpi", "10"]);
    assert_eq!(o.status.code(), Some(2), "a bad flag is a usage error");
}

/// The boxes `pdfinfo -box` reports for each page: (MediaBox, TrimBox, BleedBox), in pt.
fn page_boxes(pdf: &Path) -> Vec<[Option<[f64; 4]>; 3]> {
    let o = std::process::Command::new("pdfinfo")
        .args(["-box", "-f", "1", "-l", "10000", pdf.to_str().unwrap()])
        .output()
        .expect("pdfinfo (poppler-utils) is installed");
    let text = String::from_utf8_lossy(&o.stdout);
    let mut pages: BTreeMap<usize, [Option<[f64; 4]>; 3]> = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("Page ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (Ok(n), Some(which)) = (words[1].parse::<usize>(), words.get(2)) else { continue };
        let slot = match *which {
            "MediaBox:" => 0,
            "TrimBox:" => 1,
            "BleedBox:" => 2,
            _ => continue,
        };
        let v: Vec<f64> = words[3..7].iter().map(|w| w.parse().unwrap()).collect();
        pages.entry(n).or_default()[slot] = Some([v[0], v[1], v[2], v[3]]);
    }
    pages.into_values().collect()
}

/// `--print-shop`: every copy of every card, front then back, one a page at trim plus bleed
/// with TrimBox and BleedBox; counters one face a page at their size.
#[test]
fn print_shop_cards_one_a_page_with_trim_and_bleed_boxes() {
    let out = tempfile::tempdir().unwrap();
    let folder = build("genpei-naval", out.path(), &["--print-shop"]);
    let pdf = folder.join("print-shop/cards.pdf");
    let boxes = page_boxes(&pdf);
    // Nine cards (two Sohei Warriors, two Sohei Archers, five terrain), each with its back.
    assert_eq!(boxes.len(), 18);
    let mm = |pt: f64| pt / 72.0 * 25.4;
    for (i, [media, trim, bleed]) in boxes.iter().enumerate() {
        let (media, trim, bleed) = (media.unwrap(), trim.expect("a TrimBox"), bleed.expect("a BleedBox"));
        assert_eq!(bleed, media, "page {}: the BleedBox is trim plus bleed", i + 1);
        // The shop's poker card, 2.5 x 3.5 in (the game's is 63 x 88 mm), with the 1/8 in of
        // bleed it asks for: 825 x 1125 px at 300 dpi.
        assert!((trim[2] - trim[0] - 180.0).abs() < 0.01 && (trim[3] - trim[1] - 252.0).abs() < 0.01, "{trim:?}");
        assert!((trim[0] - media[0] - 9.0).abs() < 0.01 && (media[3] - trim[3] - 9.0).abs() < 0.01, "{media:?}");
        assert_eq!(((media[2] - media[0]) / 72.0 * 300.0, (media[3] - media[1]) / 72.0 * 300.0), (825.0, 1125.0));
    }
    let page = |n: usize| pdf_page_text(&pdf, n);
    // Each copy's front, then its back.
    assert!(page(1).contains("Sohei Warriors") && page(3).contains("Sohei Warriors"), "two copies");
    assert!(page(2).contains("The Genpei War") && !page(2).contains("Sohei"), "the back follows its front");
    assert!(page(5).contains("Sohei Archers"));

    let out = tempfile::tempdir().unwrap();
    let folder = build("marrow-front", out.path(), &["--print-shop"]);
    let counters = page_boxes(&folder.join("print-shop/counters.pdf"));
    let c = checked("marrow-front");
    let (_, layout) = c.stages.as_ref().unwrap();
    let copies: usize = layout.counters.counters.iter().map(|c| c.quantity.max(1) as usize).sum();
    assert!(counters.len() >= copies, "{} pages for {copies} counters", counters.len());
    // Each counter at its 5/8" trim, with the 1/8" of art beyond the cut a punchboard
    // printer asks for.
    for [media, trim, bleed] in &counters {
        let (m, t, b) = (media.unwrap(), trim.expect("a TrimBox"), bleed.expect("a BleedBox"));
        assert!((mm(t[2] - t[0]) - 15.875).abs() < 0.01, "5/8\" counters: {t:?}");
        assert!((mm(m[2] - m[0]) - 15.875 - 2.0 * 3.175).abs() < 0.01, "1/8\" bleed: {m:?}");
        assert_eq!(b, m, "the BleedBox is trim plus bleed");
    }
    // The art runs into the bleed: the page's corner, outside the cut, is the face's colour.
    let first = &pdf_grey_pages(&folder.join("print-shop/counters.pdf"), 150)[0];
    assert!(first.ink(1, 1) && first.ink(first.w - 2, first.h - 2), "white bleed: the art stops at the cut");
}

/// Tabletop Simulator, marrow-front: the map is a board of its own size on the table, and the
/// scenario's save has every counter its forces place on the board; an independent check
/// (`tests/python/check_tts.py`, from the save's numbers alone) finds each placed counter's
/// centre within 1 % of a hex width of its hex's centre, and each counter its paper size.
#[test]
fn tts_scenario_counters_on_their_hexes() {
    use playaid::write::setup::{Place, placements, scenario_map};
    let c = checked("marrow-front");
    let (_, layout) = c.stages.as_ref().unwrap();
    let names = PieceNames::new(&c.game, layout);
    let out = tempfile::tempdir().unwrap();
    let folder = build("marrow-front", out.path(), &["--tts"]);
    let prefix = folder.file_name().unwrap().to_string_lossy().into_owned();
    let read = |file: &str| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(folder.join("tts").join(file)).unwrap()).unwrap()
    };
    let table = read(&format!("{prefix}.json"));
    let map = &c.game.maps[0];
    let objects = table["ObjectStates"].as_array().unwrap();
    let board = objects.iter().find(|o| o["Nickname"] == map.title.v.as_str()).expect("the map as a board");
    assert_eq!(board["Name"], "Custom_Tile");
    assert_eq!(board["Locked"], true);
    let url = board["CustomImage"]["ImageURL"].as_str().unwrap();
    let image = PathBuf::from(url.strip_prefix("file://").unwrap());
    assert!(image.is_file(), "{url}");
    // Decks face down; names unique across the table.
    for d in objects.iter().filter(|o| o["Name"] == "DeckCustom" || o["Name"] == "Card") {
        assert_eq!(d["Transform"]["rotZ"], 180.0, "face down: {}", d["Nickname"]);
    }
    let mut nicknames = BTreeSet::new();
    for o in objects {
        for t in std::iter::once(o).chain(o["ContainedObjects"].as_array().into_iter().flatten()) {
            if t["Name"] == "Custom_Tile" {
                assert!(nicknames.insert(t["Nickname"].as_str().unwrap().to_string()), "{} twice", t["Nickname"]);
            }
        }
    }
    assert!(nicknames.contains("Rifle Corps 3") && nicknames.contains("Out of Supply #4"), "{nicknames:?}");

    let sc = &c.game.scenarios[0];
    assert_eq!(scenario_map(&c.game, sc).unwrap().id.v, map.id.v);
    let geo = playaid::layout::map::Geometry::of(map);
    let mut pieces = serde_json::Map::new();
    let mut waiting = 0;
    for p in placements(&c.game, layout, sc) {
        let title = &names.counter_titles[p.counter];
        let name = if layout.counters.counters[p.counter].quantity > 1 {
            format!("{title} #{}", p.copy + 1)
        } else {
            title.clone()
        };
        match p.place {
            Place::Cell(cell) => {
                pieces.insert(name, serde_json::json!(map.grid().name(cell)));
            }
            Place::Arrives { .. } => waiting += 1,
            Place::Area(a) => panic!("White Star Rising has no map of areas, yet {name} is in area {a}"),
        }
    }
    assert_eq!((pieces.len(), waiting), (14, 6));
    let cells: serde_json::Map<String, serde_json::Value> =
        (map.grid().cells()).map(|cell| (map.grid().name(cell), serde_json::json!(geo.centre(cell)))).collect();
    let counter = layout.counters.groups[0].size.0;
    let want = serde_json::json!({
        "board": map.title.v, "size": geo.size(), "hex": geo.cell, "counter": counter,
        "cells": cells, "pieces": pieces,
    });
    let save = folder.join("tts").join(format!("{prefix}-{}.json", sc.id.v));
    let stdout = check_tts(&save, &want);
    assert!(stdout.contains("14 counters on their hexes"), "{stdout}");
    eprintln!("check_tts: {}", stdout.trim());
    // The reinforcements wait in a bag per turn beside the board.
    let save: serde_json::Value = serde_json::from_slice(&std::fs::read(&save).unwrap()).unwrap();
    let arrivals: usize = (save["ObjectStates"].as_array().unwrap().iter())
        .filter(|o| o["Nickname"].as_str().is_some_and(|n| n.starts_with("Turn ")))
        .map(|o| o["ContainedObjects"].as_array().unwrap().len())
        .sum();
    assert_eq!(arrivals, 6);
}

/// The print profiles: each writes its own files and nothing else; home prints the sheets on
/// both A4 and US Letter; the data can ask for them as the command line does.
#[test]
fn print_profiles_write_their_own_files() {
    let files = |folder: &Path| {
        let mut out: Vec<String> = Vec::new();
        let shop = folder.join("print-shop");
        for e in std::fs::read_dir(&shop).into_iter().flatten() {
            let p = e.unwrap().path();
            if p.is_dir() {
                for f in std::fs::read_dir(&p).unwrap() {
                    let f = f.unwrap().path();
                    out.push(f.strip_prefix(&shop).unwrap().to_string_lossy().into_owned());
                }
            } else {
                out.push(p.strip_prefix(&shop).unwrap().to_string_lossy().into_owned());
            }
        }
        out.sort();
        out
    };
    let out = tempfile::tempdir().unwrap();
    let folder = build("marrow-front", &out.path().join("a"), &["--print-shop=home"]);
    let home = files(&folder);
    assert_eq!(
        home,
        ["home-a4/cards.pdf", "home-a4/counters.pdf", "home-us-letter/cards.pdf", "home-us-letter/counters.pdf"]
    );
    let size = |pdf: &Path| {
        let o = std::process::Command::new("pdfinfo").arg(pdf).output().unwrap();
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        text.lines().find(|l| l.starts_with("Page size:")).unwrap().to_string()
    };
    assert!(size(&folder.join("print-shop/home-a4/counters.pdf")).contains("595.276 x 841.89"));
    assert!(size(&folder.join("print-shop/home-us-letter/counters.pdf")).contains("612 x 792"));

    let folder = build("marrow-front", &out.path().join("b"), &["--print-shop=punchboard"]);
    let press = ["cards-dieline.pdf", "cards-sheet.pdf", "counters-dieline.pdf", "counters-sheet.pdf", "counters.pdf"];
    assert_eq!(files(&folder), press);
    let folder = build("marrow-front", &out.path().join("c"), &["--print-shop"]);
    let mut all = [&["cards.pdf"][..], &press].concat();
    all.sort();
    assert_eq!(files(&folder), all);

    // In the data: the same names; a misspelt one is a finding with the right spelling.
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("g");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    std::fs::write(game.join("game.toml"), format!("{toml}\n[exports]\nprint_shop = [\"card-shop\"]\n")).unwrap();
    let o = playaid(&["build", game.to_str().unwrap(), "-o", tmp.path().join("out").to_str().unwrap(), "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(files(&tmp.path().join("out/marrow-front-1.0")), ["cards.pdf"]);
    std::fs::write(game.join("game.toml"), format!("{toml}\n[exports]\nprint_shop = [\"card-shops\"]\n")).unwrap();
    let o = playaid(&["check", game.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("`card-shops` is not a print profile") && err.contains("did you mean `card-shop`?"), "{err}");
}

/// A strategy deck on the Tabletop Simulator table: a deck per part, named after it, holding
/// that part's cards (every copy), face down; the other cards in a deck of their own.
#[test]
fn tts_deals_a_strategy_deck_from_a_deck_per_part() {
    let c = checked("marrow-front");
    let out = tempfile::tempdir().unwrap();
    let folder = build("marrow-front", out.path(), &["--tts"]);
    let prefix = folder.file_name().unwrap().to_string_lossy().into_owned();
    let save: serde_json::Value =
        serde_json::from_slice(&std::fs::read(folder.join("tts").join(format!("{prefix}.json"))).unwrap()).unwrap();
    let decks: Vec<(String, Vec<String>)> = (save["ObjectStates"].as_array().unwrap().iter())
        .filter(|o| o["Name"] == "DeckCustom")
        .map(|o| {
            assert_eq!(o["Transform"]["rotZ"], 180.0, "{}: face down", o["Nickname"]);
            let cards = o["ContainedObjects"].as_array().unwrap().iter();
            (
                o["Nickname"].as_str().unwrap().to_string(),
                cards.map(|k| k["Nickname"].as_str().unwrap().to_string()).collect(),
            )
        })
        .collect();
    let names: Vec<&str> = decks.iter().map(|d| d.0.as_str()).collect();
    assert_eq!(names, ["Fortunes of War: Autumn", "Fortunes of War: Winter", "Cards"]);
    for (deck, part) in [(&decks[0], None), (&decks[1], Some("winter"))] {
        let mut want: Vec<String> = (c.game.cards.iter())
            .filter(|k| k.strategy.any() && k.strategy.part.as_ref().map(|p| p.v.as_str()) == part)
            .map(|k| k.title.as_ref().unwrap().v.clone())
            .collect();
        let mut got = deck.1.clone();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{}", deck.0);
    }
    assert_eq!(decks[2].1.len(), 5, "the terrain cards");
}

/// A print profile lays the pieces out again (the home printer's US Letter, the card shop's
/// size): what would stop it at build is a finding of `check`, located and saying which
/// profile found it, and the build writes nothing, as for any error.
#[test]
fn check_finds_what_a_print_profile_would_fail_on() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    // 275 mm tall: on A4 (297 mm) but not on US Letter (279.4 mm).
    let toml = format!(
        "{GAME}\n[exports]\nprint_shop = \"home\"\n\n[cards]\nsize = \"100x275mm\"\n\n[[card]]\ntitle = \"Tall\"\ntext = \"A tall card.\"\n"
    );
    write_game(&game, &[("game.toml", &toml)]);
    assert_eq!(check_json(&game), [("E025".to_string(), "game.toml:10:8".to_string())]);
    let o = playaid(&["check", game.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("the print profile home lays the sheets out on US Letter"), "{text}");
    let out = tmp.path().join("out");
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!out.exists() || std::fs::read_dir(&out).unwrap().next().is_none(), "nothing written");
    // Without the profile, the same game checks clean.
    write_game(&game, &[("game.toml", &toml.replace("print_shop = \"home\"\n", ""))]);
    assert_eq!(check_json(&game), Vec::<(String, String)>::new());
    // Built on Letter (`--page`) for a home printer, the A4 sheets are laid out too: a card
    // that fits Letter's width but not A4's is found before anything is written.
    let wide = toml.replace("print_shop = \"home\"\n", "").replace("100x275mm", "197x120mm");
    write_game(&game, &[("game.toml", &wide)]);
    let out = tmp.path().join("out-letter");
    let o = playaid(&[
        "build",
        game.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--page",
        "us-letter",
        "--print-shop=home",
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("E025") && err.contains("on A4"), "{err}");
    assert!(!out.exists() || std::fs::read_dir(&out).unwrap().next().is_none(), "nothing written");
}

/// A game without maps still gets each scenario's tracks set up in VASSAL, every marker in
/// its starting box; two tracks of one title keep their boxes apart (region names are unique).
#[test]
fn vassal_sets_up_tracks_in_a_game_without_maps() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/one-hour-wargames-wwii"), &game);
    let scenarios = std::fs::read_to_string(game.join("scenarios.toml")).unwrap();
    let id = scenarios.lines().find(|l| l.starts_with("id = ")).unwrap().to_string();
    write_game(
        &game,
        &[
            (
                "tracks.toml",
                "[[track]]\nid = \"morale\"\ntitle = \"Morale\"\nto = 10\nmarkers = [\"blue\", \"red\"]\n\n[[track]]\nid = \"morale-2\"\ntitle = \"Morale\"\nto = 10\n",
            ),
            (
                "scenarios.toml",
                &scenarios.replacen(
                    &id,
                    &format!("{id}\ntracks = {{ morale = {{ blue = 6, red = 5 }}, morale-2 = 3 }}"),
                    1,
                ),
            ),
        ],
    );
    assert_eq!(check_json(&game), Vec::<(String, String)>::new());
    let out = tmp.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let folder = build(game.to_str().unwrap(), &out, &["--vassal"]);
    let mut zip = zip::ZipArchive::new(std::fs::File::open(vmod_in(&folder)).unwrap()).unwrap();
    let mut build_file = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("buildFile.xml").unwrap(), &mut build_file).unwrap();
    assert_eq!(build_file.matches("<VASSAL.build.module.PredefinedSetup ").count(), 1, "the scenario's set-up");
    for region in ["\"Morale (morale) 6\"", "\"Morale (morale-2) 3\""] {
        assert_eq!(build_file.matches(&format!("Region name={region}")).count(), 1, "{region}");
    }
    let file = attr(&build_file, "VASSAL.build.module.PredefinedSetup", "file");
    let mut save = Vec::new();
    std::io::Read::read_to_end(&mut zip.by_name(&file).unwrap(), &mut save).unwrap();
    assert!(!save.is_empty());
}

/// A counter's back never depends on double-sided paper: printed fronts only
/// (`duplex = "none"`), the sheet has no backs page, but PNG per piece has the back face and
/// the VASSAL piece flips to it.
#[test]
fn fronts_only_sheets_keep_the_backs_online() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    let counters = "[counters]\nduplex = \"none\"\n\n[[counter_group]]\nid = \"g\"\nsize = \"5/8in\"\n\n[[counter]]\nname = \"Alpha\"\nquantity = 3\nback = { name = \"Beta\" }\n";
    write_game(&game, &[("game.toml", GAME), ("counters.toml", counters)]);
    let out = tmp.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let folder = build(game.to_str().unwrap(), &out, &["--png", "--vassal"]);
    assert_eq!(pdf_info(&folder.join("counters.pdf")).1, 1, "fronts only on paper");
    assert!(folder.join("png/counters/Alpha-back.png").is_file(), "the back face as PNG");
    let mut zip = zip::ZipArchive::new(std::fs::File::open(vmod_in(&folder)).unwrap()).unwrap();
    let mut build_file = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("buildFile.xml").unwrap(), &mut build_file).unwrap();
    assert_eq!(build_file.matches("emb2;Flip;").count(), 1, "the piece flips to its back");
}
