//! Block games on maps of areas (The Salt Crown): stickers that carry each unit's steps on their
//! edges, the map printed by its area names, blocks set up in their areas in Tabletop
//! Simulator, and `diff` naming what changed on such a map. VASSAL's side of it is read back
//! with pywargame in vtt.rs.

use crate::common::*;
use std::path::{Path, PathBuf};

/// Build The Salt Crown (and its exports) into `out`: its output folder.
fn build_salt_crown(out: &Path) -> PathBuf {
    let dir = repo().join("data/salt-crown");
    let o = playaid(&["build", dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out.join("salt-crown-1.0")
}

/// How many pixels of `img` in the box (x0, y0, x1, y1) (fractions of its size) stand out from
/// its background (the colour at its centre-left, inside the safe area).
fn marks_in(img: &image::RgbImage, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> usize {
    let (w, h) = (img.width() as f64, img.height() as f64);
    let bg = img.get_pixel((w * 0.12) as u32, (h * 0.3) as u32).0;
    let mut n = 0;
    for y in (y0 * h) as u32..(y1 * h) as u32 {
        for x in (x0 * w) as u32..(x1 * w) as u32 {
            let p = img.get_pixel(x, y).0;
            let d: i32 = (0..3).map(|i| (p[i] as i32 - bg[i] as i32).abs()).sum();
            n += usize::from(d > 150);
        }
    }
    n
}

#[test]
fn block_stickers_carry_the_units_steps_on_their_edges() {
    let out = tempfile::tempdir().unwrap();
    let built = build_salt_crown(out.path());
    let png = |name: &str| image::open(built.join("png/counters").join(name)).unwrap().to_rgb8();
    // The middle of each edge's band, inside the safe area: top, right, bottom, left.
    let edges = [(0.4, 0.06, 0.6, 0.2), (0.8, 0.4, 0.94, 0.6), (0.4, 0.8, 0.6, 0.94), (0.06, 0.4, 0.2, 0.6)];
    let marked = |name: &str| edges.iter().map(|e| marks_in(&png(name), *e) > 20).collect::<Vec<_>>();
    // Strength 4: 4, 3, 2, 1 round the edges; strength 2: the top and right only; the three
    // steps of a leader: all but the left.
    assert_eq!(marked("Royal-Guard-front.png"), [true; 4]);
    assert_eq!(marked("Greyford-Levy-front.png"), [true, true, false, false]);
    assert_eq!(marked("Prince-Aldric-front.png"), [true, true, true, false]);
    // The back is the side's colour, bare: what the enemy sees.
    let back = png("Royal-Guard-back.png");
    assert_eq!(marks_in(&back, (0.0, 0.0, 1.0, 1.0)), 0, "a block's back carries nothing");
    assert_eq!(back.get_pixel(back.width() / 2, back.height() / 2).0, [0xa8, 0x32, 0x32], "the Crown's red");
    // One sticker sheet, each side's blocks in a band of their own, printed one-sided.
    let sheet = built.join("counters.pdf");
    assert_eq!(pdf_info(&sheet).1, 1);
    let text = pdf_text(&sheet);
    assert!(text.contains("Blocks: Crown of Vessa") && text.contains("Blocks: Marsh Lords"), "{text}");
    assert!(text.contains("one-sided") && !text.contains("backs"), "{text}");
}

#[test]
fn the_area_map_prints_every_area_by_name_and_its_names_are_its_largest_text() {
    let out = tempfile::tempdir().unwrap();
    let built = build_salt_crown(out.path());
    let map = built.join("map.pdf");
    // 380 x 260 mm on A4: an assembly page and two tiles.
    assert_eq!(pdf_info(&map).1, 3);
    let towns = [
        "Vessa",
        "Highgate",
        "Thornwick",
        "Greyford",
        "Alder",
        "Brandmoor",
        "Corvin",
        "Saltmere",
        "Fenhollow",
        "Reedholm",
        "Duskwater",
        "Ebbmouth",
        "Narrows",
    ];
    let tiles: Vec<Word> = (2..=3).flat_map(|p| words(&map, p)).collect();
    for t in towns {
        assert!(tiles.iter().any(|w| w.text == t), "{t} on a tile");
    }
    // On a tile every word of the map is an area's name, a badge, the caption or the key: the
    // tallest of them are names.
    let tallest = tiles.iter().max_by(|a, b| (a.y1 - a.y0).total_cmp(&(b.y1 - b.y0))).unwrap();
    assert!(towns.contains(&tallest.text.as_str()), "the tallest word is {tallest:?}");
    // The key lists the kinds of connection with their limits.
    let all = pdf_text(&map);
    for kind in ["Royal road (4 a turn)", "Track (2 a turn)", "Ford (1 a turn)", "Sea lane"] {
        assert!(all.contains(kind), "{kind} in the key: {all}");
    }
    // The aid card's legend says what each kind allows.
    let aid = pdf_text(&built.join("aid.pdf"));
    assert!(aid.contains("CONNECTIONS") && aid.contains("Royal road: 4 a turn"), "{aid}");
    // Its deck list breaks between two columns, and the card keeps to one page, as `check`
    // (which warns of a card that runs on) says: the size is chosen with the card drawn.
    assert_eq!(pdf_info(&built.join("aid.pdf")).1, 1, "one page");
    assert!(aid.contains("Call to Arms") && aid.contains("Hands of 5"), "the list's last card and its foot: {aid}");
}

#[test]
fn tts_blocks_lie_colour_up_on_their_areas_snap_points() {
    let out = tempfile::tempdir().unwrap();
    let built = build_salt_crown(out.path());
    let save: serde_json::Value =
        serde_json::from_slice(&std::fs::read(built.join("tts/salt-crown-1.0-first-year.json")).unwrap()).unwrap();
    let objects = save["ObjectStates"].as_array().unwrap();
    let board = objects.iter().find(|o| o["Description"] == "Board").unwrap();
    let snaps = board["AttachedSnapPoints"].as_array().unwrap();
    assert_eq!(snaps.len(), 13, "a snap point at every area");
    let t = &board["Transform"];
    let (bx, sx, sz) = (t["posX"].as_f64().unwrap(), t["scaleX"].as_f64().unwrap(), t["scaleZ"].as_f64().unwrap());
    // A snap point on the table: the board is turned 180° about y, local units span its scale.
    let world = |p: &serde_json::Value| (bx - p["x"].as_f64().unwrap() * sx, -p["z"].as_f64().unwrap() * sz);
    let points: Vec<(f64, f64)> = snaps.iter().map(|s| world(&s["Position"])).collect();
    // The areas in data order, as the snap points are.
    let areas = [
        "vessa",
        "highgate",
        "thornwick",
        "greyford",
        "alder-cross",
        "brandmoor",
        "corvin-keep",
        "saltmere",
        "fenhollow",
        "reedholm",
        "duskwater",
        "ebbmouth",
        "narrows",
    ];
    let scenario = std::fs::read_to_string(repo().join("data/salt-crown/scenarios.toml")).unwrap();
    let units = std::fs::read_to_string(repo().join("data/salt-crown/units.toml")).unwrap();
    let name_of = |id: &str| {
        let at = units.find(&format!("id = \"{id}\"")).unwrap();
        let line = units[at..].lines().nth(1).unwrap();
        line.trim_start_matches("name = ").trim_matches('"').to_string()
    };
    let mut seen = 0;
    for line in scenario.lines().filter(|l| l.contains("area = ")) {
        let field = |k: &str| {
            let at = line.find(&format!("{k} = \"")).unwrap() + k.len() + 4;
            line[at..at + line[at..].find('"').unwrap()].to_string()
        };
        let (unit, area) = (name_of(&field("unit")), field("area"));
        let block = objects.iter().find(|o| o["Nickname"] == unit.as_str()).unwrap_or_else(|| panic!("{unit}"));
        // Thick, lying sticker down (its side's colour up), its name hidden while it does.
        assert_eq!(block["CustomImage"]["CustomTile"]["Thickness"], 0.4, "{unit}");
        assert_eq!(block["Transform"]["rotZ"], 180.0, "{unit}");
        assert_eq!(block["HideWhenFaceDown"], true, "{unit}");
        let at = (block["Transform"]["posX"].as_f64().unwrap(), block["Transform"]["posZ"].as_f64().unwrap());
        let near = (0..points.len())
            .min_by(|&a, &b| {
                let d = |p: (f64, f64)| (p.0 - at.0).powi(2) + (p.1 - at.1).powi(2);
                d(points[a]).total_cmp(&d(points[b]))
            })
            .unwrap();
        assert_eq!(areas[near], area, "{unit} at {at:?}");
        let d = ((points[near].0 - at.0).powi(2) + (points[near].1 - at.1).powi(2)).sqrt();
        assert!(d < 0.01, "{unit} stands on its area's snap point ({d} in away)");
        seen += 1;
    }
    assert_eq!(seen, 20, "every block of the scenario");
}

#[test]
fn diff_names_what_changed_on_a_map_of_areas_and_its_blocks() {
    let tmp = tempfile::tempdir().unwrap();
    let old = tmp.path().join("old");
    let new = tmp.path().join("new");
    copy_dir(&repo().join("data/salt-crown"), &old);
    copy_dir(&repo().join("data/salt-crown"), &new);
    let edit = |file: &str, from: &str, to: &str| {
        let p = new.join(file);
        let s = std::fs::read_to_string(&p).unwrap();
        assert!(s.contains(from), "{from}");
        std::fs::write(&p, s.replacen(from, to, 1)).unwrap();
    };
    edit(
        "map.toml",
        "name = \"Corvin Keep\"\nat = [265, 120]\nvalue = 2",
        "name = \"Corvin Keep\"\nat = [265, 120]\nvalue = 3",
    );
    edit("map.toml", "name = \"Track\"\nlimit = 2", "name = \"Track\"\nlimit = 3");
    edit(
        "map.toml",
        "between = [\"saltmere\", \"ebbmouth\"]\nkind = \"ford\"",
        "between = [\"saltmere\", \"ebbmouth\"]\nkind = \"track\"",
    );
    edit("counters.toml", "block = { steps = \"strength\" }", "block = { steps = \"strength\", marks = \"pips\" }");
    // Pips along the sides take room the names had on a 3/4 in block.
    edit("counters.toml", "size = \"3/4in\"", "size = \"1in\"");
    let o = playaid(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&o.stdout);
    for said in [
        "area Corvin Keep: value 2 → 3",
        "Connection kind Track: limit 2 → 3",
        "connection Saltmere–Ebbmouth: kind Ford → Track",
        "block step marks digits → pips",
    ] {
        assert!(text.contains(said), "diff says {said}:\n{text}");
    }
}

/// A map of areas without a `size` grows with its names, and a scenario's set-up map prints its
/// names larger in the map's measure (the board is drawn smaller): the board is scaled for the
/// size it has with those names, so it never runs past its box.
#[test]
fn a_set_up_map_of_areas_without_a_size_stays_in_its_box() {
    use playaid::layout::board::{BOARD_BOX, BOARD_MARGIN};
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    copy_dir(&repo().join("data/salt-crown"), &dir);
    let map = dir.join("map.toml");
    let text = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, text.replace("size = \"380x260mm\"\n", "")).unwrap();
    let checked = playaid::build::load_and_check(&dir, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags.first().map(|d| &d.message));
    let (_, laid_out) = checked.stages.as_ref().unwrap();
    let (sheet, board) = (&laid_out.area_maps[0], &laid_out.area_boards[0]);
    assert!(
        board.laid.size.0 > sheet.size.0,
        "the board's names make the map larger: {:?} {:?}",
        board.laid.size,
        sheet.size
    );
    let (w, h) = (board.laid.size.0 * board.frame.scale, board.laid.size.1 * board.frame.scale);
    assert!(w <= BOARD_BOX.0 - 2.0 * board.frame.side + 1e-6, "{w} mm wide");
    assert!(h <= BOARD_BOX.1 - 2.0 * BOARD_MARGIN + 1e-6, "{h} mm high");
    assert!(board.names.0 * board.frame.scale >= playaid::layout::areas::AREA_BOARD_NAME_PT - 1e-6, "legible names");
}
