//! Maps print true to scale: every hex the same size and at its centre within 0.05 mm, neighbours
//! one hex apart, and tiles aligned (the same hex on two tiles lands exactly one tile step
//! apart). Positions are queried from the compiled document: `<pa-tile>` at the top-left corner
//! of each tile's map area, `<pa-cell>` at each drawn cell's centre and `<pa-cell-corner>` at its
//! first corner. Expected positions are computed here, from the conventions in docs/FORMAT.md,
//! not by playaid's own geometry code.

use std::collections::HashMap;
use std::path::Path;

use playaid::build::load_and_check;
use playaid::export::{DocKind, ExportOptions, export};
use playaid::render::Renderer;

const PT: f64 = 25.4 / 72.0; // mm per pt
const TOL: f64 = 0.05;

const GAME: &str = "[game]\nid = \"t\"\ntitle = \"Test\"\nversion = \"1\"\n";

/// A cell as the document placed it: the tile's page, centre and first corner in mm.
#[derive(Debug, Clone, Copy)]
struct Placed {
    page: usize,
    tile: u64,
    centre: (f64, f64),
    corner: (f64, f64),
}

/// A tile: its page, where its map area starts on the page, and the map point there (mm).
#[derive(Debug, Clone, Copy)]
struct Tile {
    page: usize,
    at: (f64, f64),
    origin: (f64, f64),
}

struct Sheet {
    pages: usize,
    tiles: HashMap<u64, Tile>,
    /// Cell name -> every placement of it (one per tile it shows on).
    cells: HashMap<String, Vec<Placed>>,
}

fn build_map(map_toml: &str) -> (tempfile::TempDir, Sheet) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.toml"), GAME).unwrap();
    std::fs::write(dir.path().join("map.toml"), map_toml).unwrap();
    let sheet = compile_map(dir.path());
    (dir, sheet)
}

fn compile_map(dir: &Path) -> Sheet {
    let checked = load_and_check(dir, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, &DocKind::Map, &ExportOptions::default());
    let r = Renderer::new(&game.root, None).unwrap();
    let compiled = r.compile("map", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    let mut tiles = HashMap::new();
    for (v, page, x, y) in compiled.query_metadata("pa-tile") {
        let n = v["row"].as_u64().unwrap() * 100 + v["col"].as_u64().unwrap();
        let origin = (v["x"].as_f64().unwrap(), v["y"].as_f64().unwrap());
        tiles.insert(n, Tile { page, at: (x * PT, y * PT), origin });
    }
    // Tiles are numbered 1.. in row order in the probes; map them to (row * 100 + col).
    let across = tiles.keys().map(|k| k % 100).max().unwrap() + 1;
    let centres = compiled.query_metadata("pa-cell");
    let corners = compiled.query_metadata("pa-cell-corner");
    assert_eq!(centres.len(), corners.len());
    let mut cells: HashMap<String, Vec<Placed>> = HashMap::new();
    for ((v, page, x, y), (v2, page2, x2, y2)) in centres.into_iter().zip(corners) {
        assert_eq!((&v, page), (&v2, page2));
        let n = v["probe"]["tile"].as_u64().unwrap() - 1;
        let tile = (n / across) * 100 + n % across;
        cells.entry(v["cell"].as_str().unwrap().to_string()).or_default().push(Placed {
            page,
            tile,
            centre: (x * PT, y * PT),
            corner: (x2 * PT, y2 * PT),
        });
    }
    Sheet { pages: compiled.page_count(), tiles, cells }
}

/// The centre of cell (col, row) of a flat-topped hex map with even columns half a hex lower,
/// `s` mm across the flats, in mm from the map's top-left corner.
fn flat_even_centre(s: f64, col: i64, row: i64) -> (f64, f64) {
    let a = s / 3f64.sqrt();
    let down = if col % 2 == 0 { s / 2.0 } else { 0.0 };
    (a + (col - 1) as f64 * 1.5 * a, s / 2.0 + (row - 1) as f64 * s + down)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn big_map() -> String {
    // 30 x 40 hexes of 3/4in: about 50 x 77 cm, nine A4 pages.
    "[[map]]\nid = \"front\"\ntitle = \"Front\"\ngrid = \"hex\"\ncolumns = 30\nrows = 40\ncell = \"3/4in\"\n\n\
     [map.cells]\nforest = [\"0101-1020\"]\nmarsh = [\"1121-3040\"]\n"
        .to_string()
}

#[test]
fn every_hex_is_the_same_size_at_its_centre_and_tiles_align() {
    let (_dir, sheet) = build_map(&big_map());
    let s = 19.05;
    let a = s / 3f64.sqrt();
    assert_eq!(sheet.tiles.len(), 9, "30 x 40 hexes of 3/4in take 3 x 3 A4 pages");
    assert_eq!(sheet.pages, 10, "nine tiles and an assembly diagram");
    assert_eq!(sheet.cells.len(), 30 * 40, "every hex is printed");
    let mut checked = 0;
    for (name, placements) in &sheet.cells {
        let (col, row): (i64, i64) = (name[..2].parse().unwrap(), name[2..].parse().unwrap());
        let (x, y) = flat_even_centre(s, col, row);
        for p in placements {
            let t = sheet.tiles[&p.tile];
            assert_eq!(p.page, t.page, "{name} is on its tile's page");
            assert!(dist(t.at, (5.0, 5.0)) < TOL, "a tile's map area starts 5 mm inside the page: {:?}", t.at);
            let want = (t.at.0 + x - t.origin.0, t.at.1 + y - t.origin.1);
            assert!(dist(p.centre, want) < TOL, "{name} on tile {}: centre {:?}, want {want:?}", p.tile, p.centre);
            // The first corner (the upper left one of a flat-topped hex) is one side away.
            let corner = (p.centre.0 - a / 2.0, p.centre.1 - s / 2.0);
            assert!(dist(p.corner, corner) < TOL, "{name}: corner {:?}, want {corner:?}", p.corner);
            checked += 1;
        }
        // The same hex on two tiles: its positions differ by exactly the tiles' offset.
        for w in placements.windows(2) {
            let (t1, t2) = (sheet.tiles[&w[0].tile], sheet.tiles[&w[1].tile]);
            let moved = (w[0].centre.0 - w[1].centre.0, w[0].centre.1 - w[1].centre.1);
            let step = (t2.origin.0 - t1.origin.0, t2.origin.1 - t1.origin.1);
            assert!(dist(moved, step) < TOL, "{name} on two tiles moved {moved:?}, the tiles {step:?}");
        }
    }
    assert!(checked > 1200, "hexes in the overlaps are printed on both tiles: {checked}");
    let shared = sheet.cells.values().filter(|p| p.len() > 1).count();
    assert!(shared > 60, "{shared} hexes on more than one tile");
}

#[test]
fn neighbouring_hexes_are_one_hex_apart_on_the_page() {
    let (_dir, sheet) = build_map(&big_map());
    let on = |name: &str, tile: u64| sheet.cells.get(name)?.iter().find(|p| p.tile == tile).copied();
    let mut pairs = 0;
    for (name, placements) in &sheet.cells {
        let (col, row): (i64, i64) = (name[..2].parse().unwrap(), name[2..].parse().unwrap());
        // Flat tops, even columns lower: the neighbours to the right are (col+1, row-1) and
        // (col+1, row) beside an odd column, (col+1, row) and (col+1, row+1) beside an even one.
        let right =
            if col % 2 == 0 { [(col + 1, row), (col + 1, row + 1)] } else { [(col + 1, row - 1), (col + 1, row)] };
        for (c, r) in right.into_iter().chain([(col, row + 1)]) {
            for p in placements {
                if let Some(q) = on(&format!("{c:02}{r:02}"), p.tile) {
                    assert!((dist(p.centre, q.centre) - 19.05).abs() < TOL, "{name} and {c:02}{r:02}");
                    pairs += 1;
                }
            }
        }
    }
    // 30 x 40 hexes have 3 x 30 x 40 neighbour pairs less the edges: about 3500.
    assert!(pairs > 3400, "{pairs} pairs checked");
}

#[test]
fn a_commands_and_colors_board_is_13_and_12_hexes_on_one_page() {
    let (_dir, sheet) = build_map(
        "[[map]]\nid = \"cc\"\ntitle = \"Board\"\ngrid = \"hex\"\norientation = \"pointy\"\nshort = true\n\
         columns = 13\nrows = 9\ncell = \"14mm\"\ncoordinates = \"letter-number\"\n",
    );
    assert_eq!(sheet.pages, 1, "a 13 x 9 board of 14 mm hexes fits one A4 page");
    assert_eq!(sheet.cells.len(), 13 * 5 + 12 * 4);
    assert!(sheet.cells.contains_key("M1") && !sheet.cells.contains_key("M2"), "even rows have 12 hexes");
    let at = |n: &str| sheet.cells[n][0].centre;
    // Pointy tops: hexes in a row 14 mm apart, rows 1.5 sides apart, even rows half a hex right.
    let a = 14.0 / 3f64.sqrt();
    assert!((dist(at("A1"), at("B1")) - 14.0).abs() < TOL);
    assert!((at("A2").0 - at("A1").0 - 7.0).abs() < TOL && (at("A2").1 - at("A1").1 - 1.5 * a).abs() < TOL);
    assert!((dist(at("A1"), at("A2")) - 14.0).abs() < TOL && (dist(at("B1"), at("A2")) - 14.0).abs() < TOL);
    // The first corner of a pointy-topped hex is its top point.
    let p = sheet.cells["F5"][0];
    assert!(dist(p.corner, (p.centre.0, p.centre.1 - a)) < TOL);
}

/// Build an example game into a temporary folder; the text of one of its PDFs.
fn example_pdf_text(game: &str, pdf: &str) -> (String, usize) {
    use crate::common::*;
    let out = tempfile::tempdir().unwrap();
    let run = playaid(&["build", repo().join("data").join(game).to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stdout));
    let dir = std::fs::read_dir(out.path()).unwrap().next().unwrap().unwrap().path();
    (pdf_text(&dir.join(pdf)), pdf_info(&dir.join(pdf)).1)
}

#[test]
fn the_genpei_scenario_sheet_shows_its_board_with_both_sides_and_the_tide() {
    let (text, _) = example_pdf_text("genpei-naval", "scenario-dan-no-ura.pdf");
    for want in ["TAIRA BASE LINE", "MINAMOTO BASE LINE", "Wind/tide: towards the Minamoto edge", "Minamoto camp"] {
        assert!(text.contains(want), "no `{want}` on the sheet");
    }
    // Every set-up unit as a block in its cell (Sohei Warriors "SW", Samurai foot "SF", ...):
    // 9 Minamoto and 8 Taira units, each label also once in the key.
    let blocks = |label: &str| text.split_whitespace().filter(|w| *w == label).count();
    assert_eq!(blocks("SW"), 2 + 1, "two Sohei Warriors blocks and the key");
    assert_eq!(blocks("SF"), 3 + 4 + 2, "seven Samurai foot blocks, a key entry per side");
    assert_eq!(blocks("CB"), 1 + 1, "the Taira commander's block and the key");
    // The terrain key names the board's terrain.
    for t in ["Ocean", "Beach", "Marsh", "Stockade", "Arrow Tower", "Palisade"] {
        assert!(text.contains(t), "no `{t}` in the terrain key");
    }
}

#[test]
fn the_marrow_front_map_tiles_and_its_scenario_shows_entries_and_objectives() {
    let (text, pages) = example_pdf_text("marrow-front", "map.pdf");
    assert_eq!(pages, 5, "an assembly page with the notes and key, and four tiles");
    assert!(text.contains("Assembly: 4 pages, 2 rows of 2"));
    for name in ["Velsk", "Dorn", "Kell", "0101", "2015"] {
        assert!(text.contains(name), "no `{name}` on the map");
    }
    let (text, _) = example_pdf_text("marrow-front", "scenario-hearthfire.pdf");
    for want in
        ["OSKARIAN EDGE", "VELSK EDGE", "XXIII, turn 2", "XI, turn 3", "IX Mtn, turn 5", "6, turn 3", "7 Mech, turn 4"]
    {
        assert!(text.contains(want), "no `{want}` on the set-up map");
    }
}

#[test]
fn a_scenario_played_on_a_window_draws_only_the_window() {
    use crate::common::*;
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    std::fs::write(
        game.join("map.toml"),
        "[[map]]\nid = \"m\"\ntitle = \"M\"\ngrid = \"square\"\ncolumns = 12\nrows = 10\ncell = \"20mm\"\n\n\
         [[map.area]]\nid = \"allied-setup\"\nside = \"allies\"\ncells = [\"0301-0604\"]\n",
    )
    .unwrap();
    std::fs::write(
        game.join("scenarios.toml"),
        "[[scenario]]\nid = \"raid\"\ntitle = \"Raid\"\nboard = { map = \"m\", window = \"0301-0806\" }\n\n\
         [[scenario.side]]\nside = \"allies\"\nforces = [{ unit = \"rifle-squad\", count = 2, cells = [\"0402\"] },\n\
         { unit = \"lcvp\", arrives = 2, entry = \"0806\" }]\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let run = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stdout));
    let pdf = std::fs::read_dir(&out).unwrap().next().unwrap().unwrap().path().join("scenario-raid.pdf");
    let text = pdf_text(&pdf);
    let words: Vec<&str> = text.split_whitespace().collect();
    // The window's corners are drawn, the cells outside it are not.
    for inside in ["0301", "0806", "0402"] {
        assert!(words.contains(&inside), "{inside} is in the window");
    }
    for outside in ["0101", "0201", "0901", "0307", "1210"] {
        assert!(!words.contains(&outside), "{outside} is outside the window");
    }
    // Two squads stacked in 0402 as one block, and the boat entering at the window's edge.
    assert!(text.contains("RS ×2") || text.contains("RS\n×2"), "{text}");
    assert!(text.contains("LCVP, turn 2"));
}

/// Build a map of `map_toml` into a temporary folder with the binary: map.pdf's path.
fn map_pdf(map_toml: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    use crate::common::*;
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    std::fs::create_dir_all(&game).unwrap();
    std::fs::write(game.join("game.toml"), GAME).unwrap();
    std::fs::write(game.join("map.toml"), map_toml).unwrap();
    let out = dir.path().join("out");
    let run = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stdout));
    let pdf = std::fs::read_dir(&out).unwrap().next().unwrap().unwrap().path().join("map.pdf");
    (dir, pdf)
}

/// The share of a page's printable area (inside 5 mm and above the caption) whose 2 mm bands
/// across carry ink, and the same down.
fn fill(g: &crate::common::Grey, dpi: f64) -> (f64, f64) {
    let px = |mm: f64| (mm / 25.4 * dpi) as usize;
    let (x0, y0, x1, y1) = (px(5.5), px(5.5), g.w - px(5.5), g.h - px(11.5));
    let step = px(2.0);
    let across = (y0..y1).step_by(step).filter(|&y| (x0..x1).any(|x| g.ink(x, y))).count() as f64;
    let down = (x0..x1).step_by(step).filter(|&x| (y0..y1).any(|y| g.ink(x, y))).count() as f64;
    (across / (y0..y1).step_by(step).count() as f64, down / (x0..x1).step_by(step).count() as f64)
}

#[test]
fn a_map_a_little_wider_than_a_page_fills_both_its_pages_with_the_key_beside_it() {
    // 14 x 10 hexes of 1in, flat: 315 x 267 mm, two A4 pages; the notes and key go on the
    // assembly page, not on a page of their own.
    let map = "[[map]]\nid = \"m\"\ntitle = \"Wide\"\ngrid = \"hex\"\ncolumns = 14\nrows = 10\ncell = \"1in\"\n\
               notes = \"One hex is 2 km.\"\n\n[map.cells]\nforest = [\"0101-1405\"]\n\n\
               [[map.label]]\ncell = \"0303\"\ntext = \"Alder\"\n";
    let (_dir, pdf) = map_pdf(map);
    let ((w, h), pages) = crate::common::pdf_info(&pdf);
    assert_eq!(pages, 3, "an assembly page with the key, and two tiles");
    assert!((w - 595.3).abs() < 1.0 && (h - 841.9).abs() < 1.0, "A4 portrait: {w} x {h}");
    let text = crate::common::pdf_text(&pdf);
    assert_eq!(text.matches("Forest").count(), 1, "the key lists forest once: {text}");
    assert!(text.contains("One hex is 2 km."));
    let grey = crate::common::pdf_grey_pages(&pdf, 50);
    for (i, g) in grey.iter().enumerate().skip(1) {
        let (across, down) = fill(g, 50.0);
        // The map is 267 mm high on 281 mm of printable height: centred, 95 % of it.
        assert!(across > 0.9 && down > 0.95, "tile {i} is {across:.2} x {down:.2} map: no page nearly empty");
    }
}

#[test]
fn a_map_takes_the_paper_and_orientation_its_designer_gives() {
    let map = "[[map]]\nid = \"m\"\ntitle = \"Small\"\ngrid = \"square\"\ncolumns = 6\nrows = 4\ncell = \"20mm\"\n\
               page = \"us-letter\"\npage_orientation = \"landscape\"\nnotes = \"A small map.\"\n";
    let (_dir, pdf) = map_pdf(map);
    let ((w, h), pages) = crate::common::pdf_info(&pdf);
    assert!((w - 792.0).abs() < 1.0 && (h - 612.0).abs() < 1.0, "Letter landscape: {w} x {h}");
    assert_eq!(pages, 1, "the notes fit under the map on its page");
}

/// A word and its box in mm: (text, x0, y0, x1, y1).
type MmWord = (String, f64, f64, f64, f64);

/// Every word of a page with its box in mm (pdftotext -bbox), and the page's size.
fn words_mm(pdf: &Path, page: usize) -> (f64, f64, Vec<MmWord>) {
    let ((w, h), _) = crate::common::pdf_info(pdf);
    let words = (crate::common::words(pdf, page).into_iter())
        .map(|wd| (wd.text, wd.x0 * PT, wd.y0 * PT, wd.x1 * PT, wd.y1 * PT))
        .collect();
    (w * PT, h * PT, words)
}

#[test]
fn the_caption_and_its_scale_bar_text_stay_5_mm_inside_the_sheet() {
    let (_dir, pdf) = map_pdf(&big_map());
    let (_, pages) = crate::common::pdf_info(&pdf);
    let mut seen = 0;
    for page in 1..=pages {
        let (w, h, words) = words_mm(&pdf, page);
        for (word, x0, y0, x1, y1) in words {
            // Map text is clipped to the map area (5 mm inside the page, above the caption);
            // pdftotext lists it whole, so only the caption band is measured here (the
            // examples' pages are measured as pictures in tests/suite/examples.rs).
            if y0 < h - 5.0 - 6.0 - 0.5 {
                continue;
            }
            let least = [x0, y0, w - x1, h - y1].into_iter().fold(f64::MAX, f64::min);
            assert!(least >= 5.0 - 0.01, "page {page}: `{word}` is {least:.2} mm from the edge");
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen} caption words measured");
}

/// Read back with poppler: on the Marrow Front's set-up map no town name's white ground reaches
/// a hex number, and every unit block's label stays inside its block. pdftotext gives each
/// word's box from Roboto's font box (1.056 em above the baseline, 0.27 em below): from it the
/// baseline, the size, and so the label's ground (0.8 pt below the baseline) and a number's
/// capitals (0.711 em above its baseline).
#[test]
fn set_up_map_labels_leave_every_hex_number_readable() {
    use crate::common::*;
    let out = tempfile::tempdir().unwrap();
    let run =
        playaid(&["build", repo().join("data/marrow-front").to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stdout));
    let dir = std::fs::read_dir(out.path()).unwrap().next().unwrap().unwrap().path();
    let (_, _, words) = words_mm(&dir.join("scenario-hearthfire.pdf"), 1);
    let em = |(_, _, y0, _, y1): &MmWord| (y1 - y0) / 1.326;
    let baseline = |w: &MmWord| w.4 - 0.27 * em(w);
    let numbers: Vec<&MmWord> =
        words.iter().filter(|w| w.0.len() == 4 && w.0.bytes().all(|b| b.is_ascii_digit())).collect();
    assert!(numbers.len() > 250, "the board prints its hex numbers: {}", numbers.len());
    let mut seen = 0;
    for label in ["Velsk", "Dorn", "Kell", "Oster"] {
        // The town name on the board (the map key and the text may name it too, larger).
        let Some(w) = words.iter().filter(|w| w.0 == label).min_by(|a, b| em(a).total_cmp(&em(b))) else {
            panic!("`{label}` is not on the set-up map")
        };
        seen += 1;
        let ground = (w.1 - 0.6 * PT, w.2, w.3 + 0.6 * PT, baseline(w) + 0.8 * PT);
        for n in &numbers {
            let caps = (n.1, baseline(n) - 0.711 * em(n), n.3, baseline(n));
            let overlaps = ground.0 < caps.2 && caps.0 < ground.2 && ground.1 < caps.3 && caps.1 < ground.3;
            assert!(!overlaps, "`{label}` covers hex {} ({ground:?} over {caps:?})", n.0);
        }
    }
    assert_eq!(seen, 4);
}

/// The Marrow Front's set-up map shows each counter as a miniature: its own colours, its NATO
/// symbol and its id, one block per counter the scenario names.
#[test]
fn the_set_up_map_shows_each_counters_symbol_and_id() {
    let checked = load_and_check(&crate::common::repo().join("data/marrow-front"), None).unwrap();
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, &DocKind::Scenario("hearthfire".into()), &ExportOptions::default());
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let items: Vec<&serde_json::Value> = data["scenario"]["board"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["items"].as_array().unwrap())
        .collect();
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    for id in ["I", "II", "IV", "VII", "XX", "1 Army", "1", "2", "3", "4", "5", "1 Cav", "2 Cav", "Marrow"] {
        assert_eq!(labels.iter().filter(|l| **l == id).count(), 1, "{id} once on the map: {labels:?}");
    }
    for it in &items {
        assert!(it["symbol"].is_object(), "{} has its symbol: {it}", it["label"]);
        // The counter's own front colour (the sides' counters are their side's colour).
        let counter = laid_out.counters.counters.iter().find(|c| c.setup_id() == it["label"].as_str());
        assert_eq!(it["color"].as_str(), counter.map(|c| c.front.background.as_str()), "{it}");
    }
}

/// A map without notes still prints its terrain key: Genpei's strait, tiled on nine pages,
/// shows on its assembly page what ocean, beach, marsh, stockade and arrow tower look like.
#[test]
fn a_map_without_notes_prints_its_terrain_key() {
    let (text, pages) = example_pdf_text("genpei-naval", "map.pdf");
    assert!(pages > 1, "the strait is tiled");
    for want in ["Ocean", "Beach", "Marsh", "Stockade", "Arrow Tower", "Palisade"] {
        assert!(text.contains(want), "`{want}` is not in the key:\n{text}");
    }
}

/// A one-page map that leaves no room under it for its key prints the key on a page of its
/// own (it used to be left out without a word), with the map's title over it.
#[test]
fn a_full_page_map_prints_its_key_on_a_page_of_its_own() {
    // 9 x 13 squares of 20 mm: 180 x 260 mm on A4's 200 x 281 mm printable area.
    let map = "[[map]]\nid = \"m\"\ntitle = \"Tall Ridge\"\ngrid = \"square\"\ncolumns = 9\nrows = 13\ncell = \"20mm\"\n\
               page_orientation = \"portrait\"\n\n[map.cells]\nforest = [\"0101-0903\"]\n";
    let (_dir, pdf) = map_pdf(map);
    let (_, pages) = crate::common::pdf_info(&pdf);
    assert_eq!(pages, 2, "the map, then its key");
    let key_page = crate::common::pdf_page_text(&pdf, 2);
    assert!(key_page.contains("Tall Ridge") && key_page.contains("Forest") && key_page.contains("Clear"), "{key_page}");
    assert!(!crate::common::pdf_page_text(&pdf, 1).contains("Forest"), "no key on the map's page");
}

/// A map whose notes leave room under it prints them there, on one page.
#[test]
fn a_small_map_takes_its_notes_and_key_under_it() {
    let map = "[[map]]\nid = \"m\"\ntitle = \"Ford\"\ngrid = \"square\"\ncolumns = 6\nrows = 4\ncell = \"20mm\"\n\
               notes = \"The ford is shallow in summer.\"\n";
    let (_dir, pdf) = map_pdf(map);
    let (_, pages) = crate::common::pdf_info(&pdf);
    assert_eq!(pages, 1);
    let (_, _, words) = words_mm(&pdf, 1);
    let shallow = words.iter().find(|w| w.0 == "shallow").expect("the notes print");
    // Under the map: 80 mm high, centred in 281 mm from 5 mm, so its bottom is at 185.5 mm.
    assert!(shallow.2 > 185.5, "{shallow:?}");
}

/// A reinforcement entering along an edge comes from that edge: its arrow is at the middle of
/// the edge and points off it, even on a window one row thick, where the middle cell's nearest
/// edge would be the top.
#[test]
fn an_entry_along_an_edge_points_off_that_edge() {
    use crate::common::*;
    use playaid::export::{DocKind, ExportOptions, export};
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    std::fs::write(
        game.join("map.toml"),
        "[[map]]\nid = \"m\"\ntitle = \"M\"\ngrid = \"square\"\ncolumns = 12\nrows = 10\ncell = \"20mm\"\n",
    )
    .unwrap();
    std::fs::write(
        game.join("scenarios.toml"),
        "[[scenario]]\nid = \"raid\"\ntitle = \"Raid\"\nboard = { map = \"m\", window = \"0301-0901\" }\n\n\
         [[scenario.side]]\nside = \"allies\"\nforces = [{ unit = \"lcvp\", arrives = 2, entry = \"east\" }]\n",
    )
    .unwrap();
    let checked = playaid::build::load_and_check(&game, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let kind = DocKind::parse("scenario", Some("raid")).unwrap();
    let data: serde_json::Value =
        serde_json::from_slice(&export(&checked.game, ix, laid_out, &kind, &ExportOptions::default()).data_json)
            .unwrap();
    let entry = &data["scenario"]["board"]["entries"][0];
    assert_eq!(entry["dir"], serde_json::json!([1, 0]), "{entry}");
    let places = &data["scenario"]["sides"][0]["forces"][0]["places"];
    assert_eq!(places, &serde_json::json!(["enters from the east edge"]));
}

/// A hill's contour: every side between a cell and a lower neighbour is a line, rising by
/// the difference of their terrains' `level`s: a level-2 crest on a hill of level 1 is ringed
/// by six lines of one level, on the plain by six of two; cells of one level share none.
#[test]
fn hills_are_ringed_by_contour_lines_a_level_each() {
    let rises = |ground: &str| -> Vec<i64> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("game.toml"), GAME).unwrap();
        let terrain = "[[terrain]]\nid = \"hill\"\nname = \"Hill\"\nlevel = 1\n\n\
                       [[terrain]]\nid = \"crest\"\nname = \"Crest\"\nlevel = 2\n\n";
        let map = format!(
            "[[map]]\nid = \"m\"\ntitle = \"M\"\ngrid = \"hex\"\ncolumns = 7\nrows = 7\ncell = \"3/4in\"\n\
             terrain = \"{ground}\"\n\n[map.cells]\ncrest = [\"0404\"]\n"
        );
        std::fs::write(dir.path().join("map.toml"), format!("{terrain}{map}")).unwrap();
        let checked = load_and_check(dir.path(), None).unwrap();
        assert!(!checked.has_errors(), "{:?}", checked.diags);
        let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
        let exported = export(game, ix, laid_out, &DocKind::Map, &ExportOptions::default());
        let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
        let drawing = &data["map_sheet"]["maps"][0];
        drawing["contours"]
            .as_array()
            .unwrap_or_else(|| panic!("{drawing}"))
            .iter()
            .map(|c| c["rise"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(rises("hill"), [1; 6], "the crest above the hill; the hill meets only the map's edge");
    assert_eq!(rises("clear"), [2; 6], "the crest above the plain");
}

/// A set-up zone "within N hexes of a town": the town's hex and each ring around it, shaded
/// cell by cell in the side's colour on the set-up map (1, 7, 19 hexes for 0, 1, 2 hexes away).
#[test]
fn a_setup_zone_near_a_terrain_is_its_cells_within_the_distance_each_shaded() {
    for (within, cells) in [(0, 1), (1, 7), (2, 19)] {
        let dir = tempfile::tempdir().unwrap();
        let game = format!("{GAME}\n[[side]]\nid = \"allies\"\nname = \"Allies\"\ncolor = \"#3060a0\"\n");
        std::fs::write(dir.path().join("game.toml"), game).unwrap();
        let map = format!(
            "[[terrain]]\nid = \"town\"\nname = \"Town\"\n\n\
             [[map]]\nid = \"m\"\ntitle = \"M\"\ngrid = \"hex\"\ncolumns = 9\nrows = 9\ncell = \"3/4in\"\n\n\
             [map.cells]\ntown = [\"0505\"]\n\n\
             [[map.area]]\nid = \"zone\"\nside = \"allies\"\nnear = {{ terrain = \"town\", within = {within} }}\n"
        );
        std::fs::write(dir.path().join("map.toml"), map).unwrap();
        std::fs::write(
            dir.path().join("scenarios.toml"),
            "[[scenario]]\nid = \"s\"\ntitle = \"S\"\nboard = { map = \"m\" }\n\n\
             [[scenario.side]]\nside = \"allies\"\nforces = [{ name = \"Patrol\", count = 1, cells = [\"0505\"] }]\n",
        )
        .unwrap();
        let checked = load_and_check(dir.path(), None).unwrap();
        assert!(!checked.has_errors(), "{:?}", checked.diags);
        let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
        let exported = export(game, ix, laid_out, &DocKind::Scenario("s".into()), &ExportOptions::default());
        let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
        let areas = data["scenario"]["board"]["areas"].as_array().unwrap();
        assert_eq!(areas.len(), 1);
        assert_eq!(areas[0]["cells"].as_array().unwrap().len(), cells, "within {within}");
    }
}

/// The distance from `p` to the segment `a`-`b`, worked out here from the points the data
/// gives (not by playaid's own function).
fn to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 { 0.0 } else { (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2).clamp(0.0, 1.0) };
    ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
}

/// The alignment marks of a map printed on several pages keep off what the map draws (#43):
/// in every example, no mark's cross (3 mm arms) touches a road, a river or a connection
/// between areas, and none sits on a cell's number; every seam still has its marks.
#[test]
fn alignment_marks_keep_off_roads_rivers_and_numbers() {
    let mut marks_seen = 0;
    for game in ["marrow-front", "genpei-naval", "salt-crown", "hollow-ridge"] {
        let checked = load_and_check(&crate::common::repo().join("data").join(game), None).unwrap();
        let (ix, laid) = checked.stages.as_ref().unwrap();
        let exported = export(&checked.game, ix, laid, &DocKind::Map, &ExportOptions::default());
        let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
        for m in data["map_sheet"]["maps"].as_array().unwrap() {
            let p = |v: &serde_json::Value| [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()];
            // The drawing is flattened into the map.
            let d = m;
            let mut segments: Vec<([f64; 2], [f64; 2])> = Vec::new();
            for l in d["lines"].as_array().unwrap() {
                let pts: Vec<[f64; 2]> = l["points"].as_array().unwrap().iter().map(p).collect();
                segments.extend(pts.windows(2).map(|w| (w[0], w[1])));
            }
            segments.extend(d["hexsides"].as_array().unwrap().iter().map(|h| (p(&h["a"]), p(&h["b"]))));
            if let Some(n) = d["network"].as_object() {
                segments.extend(n["connections"].as_array().unwrap().iter().map(|c| (p(&c["a"]), p(&c["b"]))));
            }
            let numbers: Vec<[f64; 2]> = d["cells"].as_array().unwrap().iter().map(|c| p(&c["number"])).collect();
            let marks = m["marks"].as_array().unwrap();
            let pages = m["across"].as_u64().unwrap() * m["down"].as_u64().unwrap();
            assert_eq!(marks.is_empty(), pages == 1, "{game}: marks on the seams of a map of {pages} pages");
            for mark in marks.iter().map(p) {
                marks_seen += 1;
                for &(a, b) in &segments {
                    let d = to_segment(mark, a, b);
                    assert!(d >= 3.5, "{game}: a mark at {mark:?} is {d:.1} mm from a line {a:?}-{b:?}");
                }
                for n in &numbers {
                    // The number's top middle: its text runs about 2 mm each way and 2.5 mm down.
                    let near = (mark[0] - n[0]).abs() < 2.0 + 3.0 && mark[1] > n[1] - 3.0 && mark[1] < n[1] + 2.5 + 3.0;
                    assert!(!near, "{game}: a mark at {mark:?} crosses the number at {n:?}");
                }
            }
        }
    }
    assert!(marks_seen > 5, "only {marks_seen} marks looked at");
}
