//! Geomorphic boards (issue #42): Hollow Ridge's three boards, laid out differently by its two
//! scenarios, read back from what the build writes. The set-up map names every hex by its
//! board; VASSAL's module has one window of boards, each numbering its hexes with its label, and
//! each set-up lays the boards (one turned) as its scenario does; Tabletop Simulator's saves lay
//! each board where the scenario puts it, turned ones turned, every counter on its own board's
//! hex (read by an independent reader, `tests/python/check_tts.py`). The VASSAL set-ups are read
//! by pywargame in `vtt.rs` too.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::common::*;
use playaid::render::png::PieceNames;
use playaid::write::setup::{Place, placements, scenario_map};

const GAME: &str = "hollow-ridge";

fn build(out: &Path, extra: &[&str]) -> PathBuf {
    let dir = repo().join("data").join(GAME);
    let mut args = vec!["build", dir.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"];
    args.extend_from_slice(extra);
    let o = playaid(&args);
    assert!(o.status.success(), "build failed:\n{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_dir(out).unwrap().next().unwrap().unwrap().path()
}

fn checked() -> playaid::build::Checked {
    let c = playaid::build::load_and_check(&repo().join("data").join(GAME), None).unwrap();
    assert!(!c.has_errors(), "{:?}", c.diags);
    c
}

#[test]
fn two_scenarios_lay_the_boards_two_ways_and_name_hexes_by_board() {
    let c = checked();
    let [a, b] = &c.game.scenarios[..] else { panic!("two scenarios") };
    let (ma, mb) = (scenario_map(&c.game, a).unwrap(), scenario_map(&c.game, b).unwrap());
    // Side by side: 13 + 13 columns sharing one; one above the other: 8 + 8 rows sharing one.
    assert_eq!((ma.grid().columns, ma.grid().rows), (25, 8));
    assert_eq!((mb.grid().columns, mb.grid().rows), (13, 15));
    let turned: Vec<(&str, bool)> =
        mb.arranged.as_ref().unwrap().boards.iter().map(|p| (p.label.as_str(), p.turned)).collect();
    assert_eq!(turned, [("3", false), ("1", true)]);
    // A hex on the seam of two boards is each board's: findings name it both ways, so that the
    // name the data wrote is there.
    let g = ma.grid();
    let seam = g.parse("2A5").expect("2A5 is on the arrangement");
    assert_eq!(g.parse("1M5"), Some(seam), "board 1's last column is board 2's first");
    assert_eq!(g.said(seam), "1M5/2A5");
    assert_eq!(g.said(g.parse("2B5").unwrap()), "2B5", "a hex of one board");
    // The scenario sheet's set-up map prints each hex by its board.
    let out = tempfile::tempdir().unwrap();
    let folder = build(out.path(), &[]);
    let text = pdf_text(&folder.join(format!("scenario-{}.pdf", a.id.v)));
    for name in ["1A2", "1G4", "2F5", "2M8"] {
        assert!(text.contains(name), "{name} not on the set-up map of {}", a.title.v);
    }
    // Three forces entering at the middle of the south edge: one arrow, one tag listing them
    // (three tags there printed over one another).
    let text = pdf_text(&folder.join(format!("scenario-{}.pdf", b.id.v)));
    assert_eq!(text.matches("RS ×3, turn 2; ST, turn 2; W2, turn 2").count(), 1, "{text}");
    // The fire table's terrain modifiers take each terrain's cover from the terrain chart.
    let aid = pdf_text(&folder.join("aid.pdf"));
    for said in ["Woods: +1 to the roll", "Stone house: +3 to the roll", "Hedge: +1 to the roll"] {
        assert!(aid.contains(said), "{said}: {aid}");
    }
    // The map sheet prints each board once, cut through its edge hexes.
    let text = pdf_text(&folder.join("map.pdf"));
    for m in &c.game.maps {
        assert_eq!(text.matches(&m.title.v).count(), 2, "{}: its title and its caption", m.title.v);
    }
}

/// The zip entry `name` of `zip`.
fn entry(zip: &Path, name: &str) -> Vec<u8> {
    let mut z = zip::ZipArchive::new(std::fs::File::open(zip).unwrap()).unwrap();
    let mut out = Vec::new();
    z.by_name(name).unwrap_or_else(|_| panic!("no {name}")).read_to_end(&mut out).unwrap();
    out
}

/// A saved game's commands: `savedGame` is `!VCSK`, a key (00) and each byte as two hex
/// digits; commands are separated by ESC.
fn commands(vsav: &[u8]) -> Vec<String> {
    let tmp = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(tmp.path(), vsav).unwrap();
    let saved = String::from_utf8(entry(tmp.path(), "savedGame")).unwrap();
    let hex = saved.strip_prefix("!VCSK00").expect("an obfuscated save with key 0");
    let bytes: Vec<u8> = (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect();
    String::from_utf8(bytes).unwrap().split('\u{1b}').map(str::to_string).collect()
}

#[test]
fn vassal_has_one_window_of_boards_each_numbered_by_its_label() {
    let c = checked();
    let out = tempfile::tempdir().unwrap();
    let folder = build(out.path(), &["--vassal"]);
    let vmod = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vmod"))
        .unwrap();
    let xml = String::from_utf8(entry(&vmod, "buildFile.xml")).unwrap();
    // One map window holds the three boards: reversible, each its own grid and numbering.
    assert_eq!(xml.matches("<VASSAL.build.module.Map ").count(), 2, "the boards' window and the arrivals'");
    let window = &xml[xml.find("mapName=\"Boards\"").expect("a window of boards")..];
    let window = &window[..window.find("</VASSAL.build.module.Map>").unwrap()];
    assert!(xml.contains("allowMultiple=\"true\" backgroundcolor=\"255,255,255\" buttonName=\"Boards\""));
    assert_eq!(window.matches("reversible=\"true\"").count(), 3);
    for label in ["1", "2", "3"] {
        assert_eq!(window.matches(&format!("locationFormat=\"{label}$gridLocation$\"")).count(), 1, "board {label}");
    }
    // A board's image is the board cut through its edge hexes: 12 columns of 3/4in hexes
    // (1.5 sides each) by 7 rows, at the module's 120 dpi.
    let png = entry(&vmod, "images/board-1.png");
    let size = image::load_from_memory(&png).unwrap();
    let side = 19.05 / 3f64.sqrt();
    let px = |mm: f64| (mm / 25.4 * playaid::write::vassal::PIECE_DPI).round() as u32;
    assert_eq!((size.width(), size.height()), (px(12.0 * 1.5 * side), px(7.0 * 19.05)));
    // Each set-up lays its scenario's boards with VASSAL's board picker, before it ends.
    let title = |id: &str| playaid::write::vassal::field(&c.game.maps.iter().find(|m| m.id.v == id).unwrap().title.v);
    let laid = [
        ("ostrel-road", format!("BoardsBoardPicker\t{}\t0\t0\t{}\t1\t0", title("board-1"), title("board-2"))),
        ("eskerry-ford", format!("BoardsBoardPicker\t{}\t0\t0\t{}/rev\t0\t1", title("board-3"), title("board-1"))),
    ];
    for (id, command) in laid {
        let all = commands(&entry(&vmod, &format!("{id}.vsav")));
        assert_eq!(all.first().map(String::as_str), Some("begin_save"));
        assert_eq!(all.last().map(String::as_str), Some("end_save"));
        assert_eq!(all[all.len() - 2], command, "{id}");
        assert!(
            all.iter().filter(|c| c.starts_with("+/")).all(|c| c.contains("\tBoards;") || c.contains("\tArrivals;"))
        );
    }
}

#[test]
fn tabletop_simulator_lays_each_board_where_its_scenario_does() {
    let c = checked();
    let (_, layout) = c.stages.as_ref().unwrap();
    let names = PieceNames::new(&c.game, layout);
    let out = tempfile::tempdir().unwrap();
    let folder = build(out.path(), &["--tts"]);
    let prefix = folder.file_name().unwrap().to_string_lossy().into_owned();
    for sc in &c.game.scenarios {
        let m = scenario_map(&c.game, sc).unwrap();
        let grid = m.grid();
        let mut boards = serde_json::Map::new();
        for p in &m.arranged.as_ref().unwrap().boards {
            let map = c.game.maps.iter().find(|x| x.id.v == p.map).unwrap();
            let geo = playaid::layout::map::Geometry::of(map);
            let cells: serde_json::Map<String, serde_json::Value> =
                geo.grid.cells().map(|cell| (geo.grid.name(cell), serde_json::json!(geo.centre(cell)))).collect();
            boards.insert(map.title.v.clone(), serde_json::json!({ "size": geo.size(), "cells": cells }));
        }
        let mut pieces = serde_json::Map::new();
        for p in placements(&c.game, layout, sc) {
            let Place::Cell(cell) = p.place else { continue };
            let title = &names.counter_titles[p.counter];
            let name = if layout.counters.counters[p.counter].quantity > 1 {
                format!("{title} #{}", p.copy + 1)
            } else {
                title.clone()
            };
            let (board, local) = grid.board_of(cell).unwrap();
            let map = c.game.maps.iter().find(|x| x.id.v == board.map).unwrap();
            pieces.insert(name, serde_json::json!([map.title.v, board.grid.name(local)]));
        }
        assert!(pieces.len() >= 15, "{}: {} counters", sc.id.v, pieces.len());
        let want = serde_json::json!({ "boards": boards, "pieces": pieces, "hex": 19.05 });
        let save = folder.join("tts").join(format!("{prefix}-{}.json", sc.id.v));
        let stdout = check_tts(&save, &want);
        assert!(stdout.contains(&format!("{} counters on their hexes of 2 boards", pieces.len())), "{stdout}");
        // The turned board lies turned: its tile's rotY is 0 where every other board's is 180.
        let save: serde_json::Value = serde_json::from_slice(&std::fs::read(&save).unwrap()).unwrap();
        for p in &m.arranged.as_ref().unwrap().boards {
            let title = &c.game.maps.iter().find(|x| x.id.v == p.map).unwrap().title.v;
            let o = save["ObjectStates"].as_array().unwrap().iter().find(|o| o["Nickname"] == title.as_str()).unwrap();
            assert_eq!(o["Transform"]["rotY"], if p.turned { 0.0 } else { 180.0 }, "{title}");
        }
    }
}
