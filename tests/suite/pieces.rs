//! Counters and cards: sizes measure true, backs land behind their fronts for each duplex
//! mode, quantities are honoured, overflowing text and blurred pictures fail the build at the
//! piece's location. Geometry comes from a query of the compiled document (`<pa-piece>` at
//! each piece's top-left corner, `<pa-piece-end>` at its bottom-right corner).

use crate::common::*;
use std::collections::HashMap;
use std::path::Path;

use playaid::build::load_and_check;
use playaid::export::DocKind;
use playaid::export::{ExportOptions, export};
use playaid::render::Renderer;

const PT: f64 = 25.4 / 72.0; // mm per pt

/// A placed face: page (1-based), x, y, width, height in mm.
#[derive(Debug, Clone, Copy)]
struct Placed {
    page: usize,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// Compile `doc` of the game in `dir` (it must check clean): the document and its data.json.
fn compile(dir: &Path, doc: &str) -> (playaid::render::Compiled, Vec<u8>) {
    let checked = load_and_check(dir, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, &DocKind::parse(doc, None).unwrap(), &ExportOptions::default());
    let r = Renderer::new(&game.root, None).unwrap();
    let compiled = r.compile(doc, &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    (compiled, exported.data_json)
}

/// Each `<LABEL>` / `<LABEL-end>` pair of a compiled document: its value, page and box in mm.
fn labelled(compiled: &playaid::render::Compiled, label: &str) -> Boxes {
    let starts = compiled.query_metadata(label);
    let ends = compiled.query_metadata(&format!("{label}-end"));
    assert_eq!(starts.len(), ends.len());
    starts
        .into_iter()
        .zip(ends)
        .map(|((v, page, x, y), (_, page2, x2, y2))| {
            assert_eq!(page, page2);
            (v, page, Placed { page, x: x * PT, y: y * PT, w: (x2 - x) * PT, h: (y2 - y) * PT })
        })
        .collect()
}

/// Compile `doc` of the game in `dir`; faces keyed by (index, copy, face), and the page count.
fn placed(dir: &Path, doc: &str) -> (HashMap<(u64, u64, String), Placed>, usize) {
    let (compiled, _) = compile(dir, doc);
    let mut out = HashMap::new();
    for (v, _, p) in labelled(&compiled, "pa-piece") {
        let key = (v["index"].as_u64().unwrap(), v["copy"].as_u64().unwrap(), v["face"].as_str().unwrap().to_string());
        assert!(out.insert(key, p).is_none(), "a face placed twice");
    }
    (out, compiled.page_count())
}

fn counters_game(dir: &Path, size: &str, duplex: &str, quantity: u32, extra: &str) {
    let data = format!(
        "[counters]\nduplex = \"{duplex}\"\n{extra}\n\n[[counter_group]]\nid = \"g\"\nsize = \"{size}\"\n\n\
         [[counter]]\nname = \"Alpha\"\nquantity = {quantity}\nback = {{ name = \"Beta\" }}\n"
    );
    write_game(dir, &[("game.toml", GAME), ("counters.toml", &data)]);
}

const A4: (f64, f64) = (210.0, 297.0);

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.05
}

#[test]
fn a_five_eighths_counter_measures_15_875_mm_and_long_edge_backs_mirror_columns() {
    let dir = tempfile::tempdir().unwrap();
    counters_game(dir.path(), "5/8in", "long", 30, "");
    let (faces, pages) = placed(dir.path(), "counters");
    assert_eq!(pages, 2, "one fronts page and one backs page");
    let fronts: Vec<_> = faces.iter().filter(|(k, _)| k.2 == "front").collect();
    assert_eq!(fronts.len(), 30, "quantity 30 prints 30 counters");
    for ((i, c, _), f) in &fronts {
        assert!(close(f.w, 15.875) && close(f.h, 15.875), "counter measures {} x {} mm", f.w, f.h);
        let b = faces[&(*i, *c, "back".to_string())];
        assert_eq!(b.page, f.page + 1, "the backs page follows its fronts page");
        // Flipped on the long edge: same row, mirrored across the page's vertical centre line.
        assert!(close(b.x, A4.0 - f.x - f.w), "back x {} vs front x {}", b.x, f.x);
        assert!(close(b.y, f.y), "back y {} vs front y {}", b.y, f.y);
    }
}

#[test]
fn short_edge_backs_mirror_rows_and_the_offset_moves_backs_only() {
    let dir = tempfile::tempdir().unwrap();
    counters_game(dir.path(), "3/4in", "short", 25, "back_offset = [\"0.5mm\", \"-1mm\"]");
    let (faces, _) = placed(dir.path(), "counters");
    for ((i, c, face), f) in &faces {
        if face != "front" {
            continue;
        }
        assert!(close(f.w, 19.05), "3/4\" counter measures {} mm", f.w);
        let b = faces[&(*i, *c, "back".to_string())];
        assert!(close(b.x, f.x + 0.5), "back x {} vs front x {}", b.x, f.x);
        assert!(close(b.y, A4.1 - f.y - f.h - 1.0), "back y {} vs front y {}", b.y, f.y);
    }
}

#[test]
fn fold_over_puts_backs_on_the_same_page_mirrored_across_the_fold() {
    let dir = tempfile::tempdir().unwrap();
    counters_game(dir.path(), "1in", "fold", 12, "");
    let (faces, pages) = placed(dir.path(), "counters");
    assert_eq!(pages, 1);
    for ((i, c, face), f) in &faces {
        if face != "front" {
            continue;
        }
        assert!(f.x + f.w <= A4.0 / 2.0, "fronts stay left of the fold");
        let b = faces[&(*i, *c, "back".to_string())];
        assert_eq!(b.page, f.page);
        assert!(close(b.x, A4.0 - f.x - f.w) && close(b.y, f.y), "back {b:?} front {f:?}");
    }
}

#[test]
fn a_full_sheet_holds_as_many_counters_as_fit_and_continues() {
    let dir = tempfile::tempdir().unwrap();
    // 5/8" on A4 inside 5 mm margins: 12 columns x 18 rows = 216 a page.
    counters_game(dir.path(), "5/8in", "long", 250, "");
    let (faces, pages) = placed(dir.path(), "counters");
    let on_first = faces.iter().filter(|(k, p)| k.2 == "front" && p.page == 1).count();
    assert_eq!(on_first, 216);
    assert_eq!(pages, 4, "two sheets of fronts and backs");
    // The grid is centred: equal left and right margins on a full row.
    let xs: Vec<f64> = faces.iter().filter(|(k, p)| k.2 == "front" && p.page == 1).map(|(_, p)| p.x).collect();
    let left = xs.iter().cloned().fold(f64::MAX, f64::min);
    let right = A4.0 - xs.iter().cloned().fold(f64::MIN, f64::max) - 15.875;
    assert!(close(left, right), "margins {left} and {right}");
}

#[test]
fn nine_poker_cards_a_page_on_a4_and_letter_trimmed_exactly() {
    for (page, width) in [("a4", 210.0), ("us-letter", 215.9)] {
        let dir = tempfile::tempdir().unwrap();
        let data = format!(
            "[cards]\nsize = \"poker\"\npage = \"{page}\"\n\n[[card]]\ntitle = \"Forest\"\ntext = \"Cover: +1.\"\nquantity = 10\n"
        );
        write_game(dir.path(), &[("game.toml", GAME), ("cards.toml", &data)]);
        let (faces, pages) = placed(dir.path(), "cards");
        assert_eq!(pages, 4, "{page}: 9 + 1 cards, each with a backs page");
        assert_eq!(faces.iter().filter(|(k, p)| k.2 == "front" && p.page == 1).count(), 9, "{page}");
        for ((i, c, face), f) in &faces {
            if face != "front" {
                continue;
            }
            assert!(close(f.w, 63.0) && close(f.h, 88.0), "{page}: card trims to {} x {} mm", f.w, f.h);
            let b = faces[&(*i, *c, "back".to_string())];
            assert!(close(b.x, width - f.x - f.w) && close(b.y, f.y), "{page}: back {b:?} front {f:?}");
        }
    }
}

#[test]
fn an_overflowing_card_fails_the_build_at_its_location_and_shrinking_can_save_it() {
    let dir = tempfile::tempdir().unwrap();
    let long = "The unit may move and fire in the same turn, unless it is pinned. ".repeat(13);
    let data = format!(
        "[cards]\nsize = \"mini-euro\"\n\n[[card]]\ntitle = \"Short\"\ntext = \"Fine.\"\n\n[[card]]\ntitle = \"Wordy\"\ntext = \"{long}\"\n"
    );
    write_game(dir.path(), &[("game.toml", GAME), ("cards.toml", &data)]);
    let out = tempfile::tempdir().unwrap();
    let o = playaid(&["build", dir.path().to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("error[E023]: the text of card `Wordy` does not fit"), "{err}");
    assert!(err.contains("cards.toml:10:8"), "located at the text that overflows: {err}");
    assert!(!err.contains("`Short`"), "{err}");
    assert!(!out.path().join("t-1/cards.pdf").exists(), "nothing written on an overflow");

    // Allowed to shrink to 4 pt (below the floor of card text, which the game lowers), the same
    // text fits.
    let data = data.replace(
        "size = \"mini-euro\"\n",
        "size = \"mini-euro\"\nmin_font_size = \"4pt\"\nfont_size = \"7pt\"\nfloor = { text = \"4pt\" }\n",
    );
    std::fs::write(dir.path().join("cards.toml"), data).unwrap();
    let o = playaid(&["build", dir.path().to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(pdf_text(&out.path().join("t-1/cards.pdf")).contains("pinned"));
}

#[test]
fn an_overflowing_counter_slot_is_reported_at_the_value_that_overflows() {
    let dir = tempfile::tempdir().unwrap();
    let data = "[[counter_group]]\nid = \"g\"\nsize = \"1/2in\"\nlayout = { top = \"{name}\" }\n\n[[counter]]\nname = \"Panzergrenadier Regiment\"\n";
    write_game(dir.path(), &[("game.toml", GAME), ("counters.toml", data)]);
    let out = tempfile::tempdir().unwrap();
    let o = playaid(&["build", dir.path().to_str().unwrap(), "-o", out.path().to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[E023]: the front top slot of counter `Panzergrenadier Regiment` does not fit"),
        "{err}"
    );
    assert!(err.contains("counters.toml:7:8"), "at the name that is too long: {err}");
}

fn png(path: &Path, w: u32, h: u32) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    image::RgbImage::from_pixel(w, h, image::Rgb([120, 90, 60])).save(path).unwrap();
}

#[test]
fn pictures_are_checked_for_resolution_at_their_printed_size() {
    let dir = tempfile::tempdir().unwrap();
    // A counter's symbol box on 5/8" is about 9.8 x 6.4 mm: 64 px is ~166 dpi (warning), 32 px
    // ~83 dpi (error); a poker card's picture box is 57 x 31.7 mm: 800 x 400 px is > 300 dpi.
    png(&dir.path().join("images/tiny.png"), 32, 32);
    png(&dir.path().join("images/small.png"), 64, 64);
    png(&dir.path().join("images/art.png"), 800, 400);
    let data = "[[counter]]\nname = \"A\"\nimage = \"images/tiny.png\"\n\n[[counter]]\nname = \"B\"\nimage = \"images/small.png\"\n\n[[card]]\ntitle = \"C\"\nimage = \"images/art.png\"\n";
    write_game(dir.path(), &[("game.toml", GAME), ("pieces.toml", data)]);
    let found = check_json(dir.path());
    assert_eq!(
        found,
        vec![("E024".to_string(), "pieces.toml:3:9".to_string()), ("W005".to_string(), "pieces.toml:7:9".to_string())],
        "{found:?}"
    );
}

#[test]
fn seed_counter_sheets_hold_every_counter_and_marker() {
    let out = tempfile::tempdir().unwrap();
    let o = playaid(&[
        "build",
        repo().join("data/white-star-rising").to_str().unwrap(),
        "-o",
        out.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = out.path().join("white-star-rising/counters.pdf");
    let text = pdf_text(&pdf);
    for s in [
        "Para Rifle",
        "Sherman",
        "Grenadiers",
        "StuG III",
        "PaK 40",
        "Kompanie HQ",
        "Mortar section",
        // Factors: AP/HE firepower, To Hit, armour/save of a vehicle.
        "1/4",
        "5+",
        "2/5",
        "Ops Complete",
        "Disrupted",
        "Reduced",
        "Smoke 2",
        // A run's counters carry their own ids; fire support shares the markers' sheet.
        "1/A/506",
        "3/A/506",
        "2/5/GR916",
        "VIII Corps",
        "7. Armee",
    ] {
        assert!(text.contains(s), "`{s}` missing from the counter sheet:\n{text}");
    }
    // Three Para Rifle counters on the fronts page, three reduced backs.
    assert_eq!(text.matches("Para Rifle").count(), 6, "{text}");
    let ((w, h), pages) = pdf_info(&pdf);
    assert!((w - 595.28).abs() < 0.5 && (h - 841.89).abs() < 0.5, "A4, got {w} x {h}");
    // Units (3/4") with the markers and fire support (5/8") stacked below them: one sheet,
    // fronts and backs (four pages before groups of two sizes could share a sheet).
    assert_eq!(pages, 2, "units, markers and fire support on one sheet, fronts and backs");

    let o = playaid(&[
        "build",
        repo().join("data/one-hour-wargames-wwii").to_str().unwrap(),
        "-o",
        out.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let cards = pdf_text(&out.path().join("one-hour-wargames-wwii-8/cards.pdf"));
    for s in ["Infantry Platoon", "Mortar Platoon", "ATG Platoon", "Tank Platoon", "3d5+2"] {
        assert!(cards.contains(s), "`{s}` missing from the OHW cards:\n{cards}");
    }
    let counters = out.path().join("one-hour-wargames-wwii-8/counters.pdf");
    let text = pdf_text(&counters);
    assert!(text.contains("5 Hits: Fire -1") && text.contains("10 Hits: Fire -2"), "{text}");
    // Its 1" units and 5/8" markers on one sheet (four pages, each a third used, before).
    assert_eq!(pdf_info(&counters).1, 2, "one sheet, fronts and backs");
}

#[test]
fn every_nato_frame_icon_and_echelon_draws() {
    let frames = ["friend", "hostile", "neutral", "unknown"];
    let icons = [
        "infantry",
        "armour",
        "mechanised",
        "artillery",
        "recon",
        "anti-tank",
        "mortar",
        "engineer",
        "anti-aircraft",
        "hq",
    ];
    let echelons = ["team", "squad", "section", "platoon", "company", "battalion", "regiment", "brigade", "division"];
    let mut data = String::from("[counters]\nduplex = \"none\"\n\n[[counter_group]]\nid = \"g\"\nsize = \"1in\"\n");
    data.push_str("layout = { top = \"{name}\", centre = \"{symbol}\" }\n\n");
    let mut n = 0;
    for (i, f) in frames.iter().enumerate() {
        for (j, icon) in icons.iter().enumerate() {
            let e = echelons[(i + j) % echelons.len()];
            data.push_str(&format!(
                "[[counter]]\nid = \"c{n}\"\nname = \"S{n}\"\nsymbol = \"{f} filled {icon} {e}\"\n\n"
            ));
            n += 1;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    write_game(dir.path(), &[("game.toml", GAME), ("counters.toml", &data)]);
    let (faces, pages) = placed(dir.path(), "counters");
    assert_eq!(faces.len(), 40, "40 fronts, no backs with duplex = \"none\"");
    assert_eq!(pages, 1);
}

#[test]
fn a_sheet_compiled_in_parts_is_the_same_sheet_and_reproducible() {
    use playaid::build::{BuildOptions, Builder};
    let dir = tempfile::tempdir().unwrap();
    // 500 counters of 5/8": three sheets of up to 216, six pages.
    counters_game(dir.path(), "5/8in", "long", 500, "");
    let build = |part_size: Option<usize>, out: &Path| {
        let opts = BuildOptions { out_dir: out.to_path_buf(), part_size, ..Default::default() };
        let r = Builder::new(dir.path(), opts).build(&mut |_| {}).unwrap();
        assert!(!r.has_errors(), "{:?}", r.diags.first().map(|d| &d.message));
        out.join("t-1/counters.pdf")
    };
    let out = tempfile::tempdir().unwrap();
    let whole = build(None, &out.path().join("whole"));
    let parts = build(Some(100), &out.path().join("parts"));
    let again = build(Some(100), &out.path().join("again"));
    assert_eq!(pdf_info(&whole).1, 6);
    assert_eq!(pdf_info(&parts).1, 6, "the parts' pages, joined");
    assert_eq!(pdf_text(&whole), pdf_text(&parts), "same counters, same order");
    assert_eq!(pdf_text(&parts).matches("Alpha").count(), 500);
    assert_eq!(std::fs::read(&parts).unwrap(), std::fs::read(&again).unwrap(), "byte-identical");
}

#[test]
fn small_groups_share_a_sheet_with_backs_behind_their_fronts() {
    // Four markers in one group and six in another, both 5/8": one grid of both; a 3/4" group
    // of one counter stacked below it on the same sheet, 12 mm apart: one fronts page and one
    // backs page, not two of each.
    let dir = tempfile::tempdir().unwrap();
    let marker = |group: &str, name: &str, quantity: u32| {
        format!(
            "[[counter]]\nname = \"{name}\"\ncounter_group = \"{group}\"\nquantity = {quantity}\nback = {{ name = \"{name} 2\" }}\n\n"
        )
    };
    let data = format!(
        "[[counter_group]]\nid = \"status\"\nname = \"Status\"\nsize = \"5/8in\"\n\n\
         [[counter_group]]\nid = \"big\"\nsize = \"3/4in\"\n\n\
         [[counter_group]]\nid = \"weather\"\nname = \"Weather\"\nsize = \"5/8in\"\n\n{}{}{}",
        marker("status", "Disrupted", 4),
        marker("weather", "Mud", 6),
        marker("big", "Turn", 1)
    );
    write_game(dir.path(), &[("game.toml", GAME), ("counters.toml", &data)]);
    let (faces, pages) = placed(dir.path(), "counters");
    assert_eq!(pages, 2, "one sheet of both sizes, fronts and backs");
    let fronts: Vec<_> = faces.iter().filter(|(k, _)| k.2 == "front").collect();
    assert_eq!(fronts.len(), 11);
    let small: Vec<_> = fronts.iter().filter(|(_, f)| close(f.w, 15.875)).collect();
    assert_eq!(small.len(), 10);
    assert!(fronts.iter().all(|(_, f)| f.page == 1), "every front on the first page");
    let big = fronts.iter().find(|(_, f)| close(f.w, 19.05)).unwrap().1;
    let low = small.iter().map(|(_, f)| f.y + f.h).fold(0.0, f64::max);
    assert!(close(big.y - low, 12.0), "the 3/4\" grid 12 mm below the 5/8\" one: {} mm", big.y - low);
    for ((i, c, _), f) in &fronts {
        let b = faces[&(*i, *c, "back".to_string())];
        assert_eq!(b.page, f.page + 1);
        assert!(close(b.x, A4.0 - f.x - f.w) && close(b.y, f.y), "back {b:?} front {f:?}");
    }
    let checked = load_and_check(dir.path(), None).unwrap();
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let exported =
        export(&checked.game, ix, laid_out, &DocKind::parse("counters", None).unwrap(), &ExportOptions::default());
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let names: Vec<&str> =
        data["counters"]["groups"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap_or("")).collect();
    assert_eq!(names, ["Status · Weather", ""], "the shared sheet names both groups");
    let stacked: Vec<bool> =
        data["counters"]["groups"].as_array().unwrap().iter().map(|g| g["stack"].as_bool().unwrap()).collect();
    assert_eq!(stacked, [false, true], "the 3/4\" group stacked on the 5/8\" sheet");
}

/// Build the game in `dir` and return the text of its counter sheet.
fn pdf_text_of_game(dir: &Path) -> String {
    use playaid::build::{BuildOptions, Builder};
    let out = tempfile::tempdir().unwrap();
    let opts = BuildOptions { out_dir: out.path().to_path_buf(), ..Default::default() };
    let r = Builder::new(dir, opts).build(&mut |_| {}).unwrap();
    assert!(!r.has_errors(), "{:?}", r.diags.first().map(|d| &d.message));
    pdf_text(&out.path().join("t-1/counters.pdf"))
}

#[test]
fn a_counter_run_prints_one_counter_per_id_and_faces_have_their_own_look() {
    let dir = tempfile::tempdir().unwrap();
    let data = "[[counter_group]]\nid = \"units\"\nsize = \"3/4in\"\n\
                layout = { top = \"{name}\", centre = \"{symbol}\", bottom = \"{attack}\", left = \"{label}\" }\n\n\
                [[counter_group]]\nid = \"markers\"\nsize = \"5/8in\"\nlayout = { centre = \"{name}\" }\n\n\
                [[counter]]\nname = \"Pz\"\nids = [\"XXIV\", \"XLVI\", \"XLVII\"]\nsymbol = \"armour corps\"\n\
                front = { attack = 8 }\nback = { attack = 4 }\nquantity = 2\n\n\
                [[counter]]\nname = \"Rifles\"\nids = \"09-11\"\nsymbol = \"infantry division\"\nfront = { attack = 3 }\n\n\
                [[counter]]\nname = \"Mud\"\ncounter_group = \"markers\"\nfront_face = { background = \"#8b5a2b\" }\n\
                back = { name = \"Clear\" }\nback_face = { background = \"#9fd3f0\", font_size = \"5.5pt\" }\n";
    write_game(dir.path(), &[("game.toml", GAME), ("counters.toml", data)]);
    let checked = load_and_check(dir.path(), None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let laid = &checked.stages.as_ref().unwrap().1.counters.counters;
    let labels: Vec<&str> =
        laid.iter().filter_map(|c| c.front.slots.iter().find(|s| s.name == "left")).map(|s| s.text.as_str()).collect();
    assert_eq!(labels, ["XXIV", "XLVI", "XLVII", "09", "10", "11"], "one counter per id, the id as label");
    assert!(laid[..3].iter().all(|c| c.quantity == 2), "quantity is per id");
    assert_eq!(laid[1].what, "counter `XLVI`");
    let mud = &laid[6];
    let back = mud.back.as_ref().unwrap();
    assert_eq!((mud.front.background.as_str(), back.background.as_str()), ("#8b5a2b", "#9fd3f0"));
    assert_eq!((mud.front.slots[0].text.as_str(), back.slots[0].text.as_str()), ("Mud", "Clear"));
    assert_eq!(back.slots[0].size.0, 5.5, "the back face's font size");
    let (faces, _) = placed(dir.path(), "counters");
    assert_eq!(faces.iter().filter(|(k, _)| k.2 == "front").count(), 3 * 2 + 3 + 1);
    let text = pdf_text_of_game(dir.path());
    for id in ["XXIV", "XLVI", "XLVII", "09", "10", "11", "Mud", "Clear"] {
        assert!(text.contains(id), "`{id}` missing from the sheet:\n{text}");
    }
}

#[test]
fn the_symbol_chart_in_the_docs_shows_every_word_and_builds() {
    let chart = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/symbols");
    let data = std::fs::read_to_string(chart.join("counters.toml")).unwrap();
    let symbols: Vec<String> = data
        .lines()
        .filter_map(|l| l.strip_prefix("symbol = \""))
        .map(|s| format!(" {} ", s.trim_end_matches('"').replace(' ', "  ")))
        .collect();
    for word in playaid::layout::symbol::symbol_words() {
        // A phrase (army-group) is written with a space in the chart (army group).
        let spaced = word.replace('-', " ");
        let found = symbols
            .iter()
            .any(|s| s.contains(&format!(" {word} ")) || s.replace("  ", " ").contains(&format!(" {spaced} ")));
        assert!(found, "the chart in docs/symbols has no symbol with `{word}`");
    }
    let (faces, pages) = placed(&chart, "counters");
    assert_eq!(pages, 1, "the chart is one page");
    assert_eq!(faces.len(), symbols.len());
}

/// Labelled boxes of a compiled document: the label's value, the page, the box.
type Boxes = Vec<(serde_json::Value, usize, Placed)>;

/// Compile `doc` of the game in `dir`: each `<LABEL>` / `<LABEL-end>` pair as (value, page, x,
/// y, width, height) in mm, and the page size in mm.
fn boxes(dir: &Path, doc: &str, label: &str) -> (Boxes, (f64, f64)) {
    let (compiled, data_json) = compile(dir, doc);
    let v: serde_json::Value = serde_json::from_slice(&data_json).unwrap();
    let sheet = &v[doc]["sheet"];
    (labelled(&compiled, label), (sheet["width"].as_f64().unwrap(), sheet["height"].as_f64().unwrap()))
}

/// Games whose sheets put the header and scale bar above and below the grid (poker cards on
/// A4), or at its sides (5/8" counters fill A4 to 5.6 mm of its top and bottom; poker cards on
/// US Letter to 7.7 mm).
fn sheet_games() -> Vec<(tempfile::TempDir, &'static str, f64)> {
    let mut out = Vec::new();
    for (page, scale) in [("a4", 50.0), ("us-letter", 50.8)] {
        let dir = tempfile::tempdir().unwrap();
        let data =
            format!("[cards]\nsize = \"poker\"\npage = \"{page}\"\n\n[[card]]\ntitle = \"Forest\"\nquantity = 10\n");
        write_game(dir.path(), &[("game.toml", GAME), ("cards.toml", &data)]);
        out.push((dir, "cards", scale));
    }
    for (size, duplex) in [("5/8in", "long"), ("5/8in", "fold"), ("1in", "fold")] {
        let dir = tempfile::tempdir().unwrap();
        counters_game(dir.path(), size, duplex, 250, "");
        out.push((dir, "counters", 50.0));
    }
    out
}

#[test]
fn nothing_but_marks_comes_within_5_mm_of_the_sheet_edge() {
    for (dir, doc, _) in sheet_games() {
        let (pieces, (pw, ph)) = boxes(dir.path(), doc, "pa-piece");
        let (parts, _) = boxes(dir.path(), doc, "pa-sheet-part");
        assert!(!pieces.is_empty());
        let pages = pieces.iter().map(|p| p.1).max().unwrap();
        for page in 1..=pages {
            let on: Vec<&str> = parts.iter().filter(|p| p.1 == page).map(|p| p.0["part"].as_str().unwrap()).collect();
            assert_eq!(on, ["header", "scale"], "{doc}: page {page} has a header and a scale bar");
        }
        for (v, page, b) in pieces.iter().chain(&parts) {
            let inside =
                b.x >= 5.0 - 1e-6 && b.y >= 5.0 - 1e-6 && b.x + b.w <= pw - 5.0 + 1e-6 && b.y + b.h <= ph - 5.0 + 1e-6;
            assert!(inside, "{doc} ({pw} x {ph} mm), page {page}: {v} at {b:?} comes within 5 mm of the edge");
        }
        // The header and scale bar keep clear of every piece and of the 1 mm of backdrop a
        // butt-cut sheet has around its grid.
        for (v, page, s) in &parts {
            for (_, _, p) in pieces.iter().filter(|p| p.1 == *page) {
                let d = 1.2;
                let apart =
                    s.x + s.w + d <= p.x || p.x + p.w + d <= s.x || s.y + s.h + d <= p.y || p.y + p.h + d <= s.y;
                assert!(apart, "{doc}: {v} {s:?} comes within {d} mm of a piece at {p:?}");
            }
        }
    }
}

#[test]
fn every_sheet_has_a_scale_bar_of_exactly_50_mm_or_2_inches() {
    for (dir, doc, scale) in sheet_games() {
        let (bars, _) = boxes(dir.path(), doc, "pa-scale");
        let (pieces, _) = boxes(dir.path(), doc, "pa-piece");
        let pages = pieces.iter().map(|p| p.1).max().unwrap();
        assert_eq!(bars.len(), pages, "{doc}: one bar a page");
        for (_, page, b) in bars {
            let len = b.w.hypot(b.h);
            assert!((len - scale).abs() < 0.01, "{doc}: the bar on page {page} measures {len} mm, not {scale}");
        }
    }
}

/// The text of each page of a PDF.
fn page_texts(pdf: &Path) -> Vec<String> {
    let (_, pages) = pdf_info(pdf);
    (1..=pages)
        .map(|p| {
            let out = std::process::Command::new("pdftotext")
                .args(["-raw", "-f", &p.to_string(), "-l", &p.to_string()])
                .arg(pdf)
                .arg("-")
                .output()
                .unwrap();
            String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn every_sheet_says_which_game_version_side_and_sheet_it_is_and_how_to_print_it() {
    let dir = tempfile::tempdir().unwrap();
    counters_game(dir.path(), "5/8in", "short", 250, "");
    let data = "[cards]\nsize = \"poker\"\n\n[[card]]\ntitle = \"Forest\"\nquantity = 10\n";
    write_game(dir.path(), &[("cards.toml", data)]);
    let out = tempfile::tempdir().unwrap();
    use playaid::build::{BuildOptions, Builder};
    let opts = BuildOptions { out_dir: out.path().to_path_buf(), ..Default::default() };
    let r = Builder::new(dir.path(), opts).build(&mut |_| {}).unwrap();
    assert!(!r.has_errors());
    for (doc, flip) in [("counters", "flip on the short edge"), ("cards", "flip on the long edge")] {
        let pages = page_texts(&out.path().join(format!("t-1/{doc}.pdf")));
        assert_eq!(pages.len(), 4, "{doc}: two sheets of fronts and backs");
        for (i, text) in pages.iter().enumerate() {
            let side = if i % 2 == 0 { "fronts" } else { "backs" };
            for want in [
                "Test",
                "rules version 1",
                side,
                &format!("sheet {} of 2", i / 2 + 1),
                flip,
                "measure: 50 mm",
                "print at 100 %",
            ] {
                assert!(text.contains(want), "{doc} page {}: no \"{want}\" in {text}", i + 1);
            }
        }
    }
}

#[test]
fn empty_cells_are_blank_and_a_new_colour_starts_a_new_row_on_a_butt_cut_sheet() {
    let dir = tempfile::tempdir().unwrap();
    // 5 + 5 counters of two colours on a 12-column sheet: the second colour starts row 2, and
    // cells 6 to 12 of both rows stay blank.
    let data = "[counters]\ncut = \"butt\"\n\n[[counter_group]]\nid = \"g\"\nsize = \"5/8in\"\n\n\
                [[counter]]\nname = \"A\"\ncolor = \"#204080\"\nquantity = 5\n\n\
                [[counter]]\nname = \"B\"\ncolor = \"#802020\"\nquantity = 5\n";
    write_game(dir.path(), &[("game.toml", GAME), ("counters.toml", data)]);
    let (faces, _) = placed(dir.path(), "counters");
    let fronts =
        |i: u64| faces.iter().filter(move |(k, _)| k.0 == i && k.2 == "front").map(|(_, p)| *p).collect::<Vec<_>>();
    let (a, b) = (fronts(0), fronts(1));
    let x0 = a.iter().map(|p| p.x).fold(f64::MAX, f64::min);
    let row_a = a[0].y;
    assert!(a.iter().all(|p| close(p.y, row_a)), "the first colour fills one row");
    assert!(b.iter().all(|p| close(p.y, row_a + 15.875)), "the second colour starts the next row: {b:?}");
    assert!(b.iter().any(|p| close(p.x, x0)), "at its first column");

    // Render the fronts page: the middle of an unused cell of row 1 (column 8) is white paper,
    // the middle of a counter is its colour.
    let out = tempfile::tempdir().unwrap();
    use playaid::build::{BuildOptions, Builder};
    let opts = BuildOptions { out_dir: out.path().to_path_buf(), ..Default::default() };
    assert!(!Builder::new(dir.path(), opts).build(&mut |_| {}).unwrap().has_errors());
    let png = out.path().join("page");
    let ok = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile"])
        .arg(out.path().join("t-1/counters.pdf"))
        .arg(&png)
        .status()
        .unwrap();
    assert!(ok.success());
    let img = image::open(png.with_extension("png")).unwrap().to_rgb8();
    let px = |x_mm: f64, y_mm: f64| *img.get_pixel((x_mm / 25.4 * 50.0) as u32, (y_mm / 25.4 * 50.0) as u32);
    let empty = px(x0 + 7.5 * 15.875, row_a + 7.9);
    assert!(empty.0.iter().all(|&c| c > 245), "an empty cell is blank paper, not {empty:?}");
    let full = px(x0 + 0.1 * 15.875, row_a + 7.9);
    assert!(full.0[2] > full.0[0] + 40, "a counter of the first colour is blue: {full:?}");
}

#[test]
fn the_calibration_page_puts_rulers_behind_each_cross_and_says_how_to_set_back_offset() {
    for (duplex, table) in [("long", "counters"), ("short", "counters"), ("long", "cards")] {
        let dir = tempfile::tempdir().unwrap();
        if table == "counters" {
            counters_game(dir.path(), "5/8in", duplex, 4, "");
        } else {
            let data = format!("[cards]\nduplex = \"{duplex}\"\n\n[[card]]\ntitle = \"Forest\"\n");
            write_game(dir.path(), &[("game.toml", GAME), ("cards.toml", &data)]);
        }
        let out = tempfile::tempdir().unwrap();
        let o = playaid(&["build", dir.path().to_str().unwrap(), "--calibrate", "-o", out.path().to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let pdf = out.path().join("t-1/calibrate.pdf");
        let pages = page_texts(&pdf);
        assert_eq!(pages.len(), 2, "a front and a back");
        let flip = if duplex == "short" { "flipped on the short edge" } else { "flipped on the long edge" };
        for want in ["Duplex calibration · front", flip, &format!("[{table}]"), "back_offset", "measure: 50 mm"] {
            assert!(pages[0].contains(want), "{duplex}/{table}: no \"{want}\" in {}", pages[0]);
        }
        assert!(pages[1].contains("Duplex calibration · back"), "{}", pages[1]);

        // Each ruler's zero lies where its cross lands once the sheet is turned over.
        let checked = load_and_check(dir.path(), None).unwrap();
        let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
        let exported = export(game, ix, laid_out, &DocKind::Calibrate, &ExportOptions::default());
        let r = Renderer::new(&game.root, None).unwrap();
        let compiled = r.compile("calibrate", &exported.data_json, &exported.texts_typ).unwrap();
        let marks = compiled.query_metadata("pa-calibrate");
        let at = |part: &str| -> Vec<(usize, f64, f64)> {
            marks.iter().filter(|m| m.0["part"] == part).map(|m| (m.1, m.2 * PT, m.3 * PT)).collect()
        };
        let (crosses, rulers) = (at("cross"), at("rulers"));
        assert_eq!((crosses.len(), rulers.len()), (3, 3));
        for ((cp, cx, cy), (rp, rx, ry)) in crosses.into_iter().zip(rulers) {
            assert_eq!((cp, rp), (1, 2));
            let (bx, by) = if duplex == "short" { (cx, A4.1 - cy) } else { (A4.0 - cx, cy) };
            assert!(close(rx, bx) && close(ry, by), "{duplex}: rulers at {rx}, {ry}, the cross lands at {bx}, {by}");
        }
    }
}

/// A sheet's header is one line across the page, whatever the groups are called: a short name
/// prints with its size and the rules version; a name far too long for the line is cut with
/// "…" (and the version left out) rather than wrapping off the page's edge.
#[test]
fn a_sheet_header_fits_one_line_whatever_its_groups_are_called() {
    let tmp = tempfile::tempdir().unwrap();
    let short = tmp.path().join("short");
    counters_game(&short, "5/8in", "long", 3, "");
    let (_, data) = compile(&short, "counters");
    let data: serde_json::Value = serde_json::from_slice(&data).unwrap();
    let g = &data["counters"]["groups"][0];
    assert_eq!((g["sheet_title"].as_str(), g["sheet_version"].as_bool()), (Some("Counters (15.875 mm)"), Some(true)));

    let long = tmp.path().join("long");
    let name = "The counters of the First Army of the Northern Marches with every corps ".repeat(3);
    counters_game(&long, "5/8in", "long", 3, "");
    let counters = std::fs::read_to_string(long.join("counters.toml")).unwrap();
    std::fs::write(
        long.join("counters.toml"),
        counters.replace("id = \"g\"", &format!("id = \"g\"\nname = \"{}\"", name.trim())),
    )
    .unwrap();
    let (compiled, data) = compile(&long, "counters");
    let data: serde_json::Value = serde_json::from_slice(&data).unwrap();
    let g = &data["counters"]["groups"][0];
    let title = g["sheet_title"].as_str().unwrap();
    assert!(title.ends_with('…') && title.starts_with("The counters of the First Army"), "{title}");
    assert_eq!(g["sheet_version"], false);
    // Drawn: the header's box stays on the page, and its text on one line of it.
    let pdf = tmp.path().join("long.pdf");
    std::fs::write(&pdf, compiled.pdf().unwrap()).unwrap();
    let first = std::process::Command::new("pdftotext")
        .args(["-layout", "-f", "1", "-l", "1"])
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&first.stdout);
    let line = text.lines().find(|l| l.contains("The counters of the First Army")).expect("the header");
    assert!(line.contains('…') && line.contains("fronts · sheet 1 of 1"), "one line: {line}");
}

/// Text set on a face's stripe stays on the stripe: every example face with a stripe is drawn
/// deep enough that each top slot's ink (placed under the safe area by its capitals, down to
/// its descenders) ends on the stripe, half a millimetre clear or more, so no letter straddles
/// the stripe's edge dark on dark (Hollow Ridge's jammed machine gun's "B11", #43). A face with
/// short text keeps the usual depth.
#[test]
fn text_on_a_stripe_never_straddles_its_edge() {
    use playaid::layout::fonts::ink_em;
    let mut striped = 0;
    for game in ["hollow-ridge", "white-star-rising", "marrow-front", "one-hour-wargames-wwii", "salt-crown"] {
        let checked = load_and_check(&repo().join("data").join(game), None).unwrap();
        let counters = &checked.stages.as_ref().unwrap().1.counters;
        for c in &counters.counters {
            let g = &counters.groups[c.group];
            for face in std::iter::once(&c.front).chain(c.back.as_ref()) {
                if face.stripe.is_none() {
                    continue;
                }
                striped += 1;
                assert!(face.stripe_depth >= playaid::layout::counters::STRIPE - 1e-9, "{}", c.what);
                let h = g.size.1.0;
                for s in face.slots.iter().filter(|s| s.name.starts_with("top") && !s.text.is_empty()) {
                    let (_, below, cap) = ink_em(&s.text, s.bold);
                    let ink_mm = (s.size.0 * (cap + below) + s.inset.0) * 25.4 / 72.0;
                    let bottom = g.text_pad().0 + 0.2 + ink_mm;
                    assert!(
                        bottom + 0.35 <= face.stripe_depth * h,
                        "{game}: {}'s `{}` ends {bottom:.2} mm down, its stripe {:.2} mm",
                        c.what,
                        s.text,
                        face.stripe_depth * h
                    );
                }
            }
        }
    }
    assert!(striped > 10, "only {striped} striped faces looked at");
}
