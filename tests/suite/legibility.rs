//! Legibility at print size, measured in the compiled counter sheets of every example: each
//! glyph of each counter's text lies at least 1 mm inside the counter's cut line, no text is
//! smaller than the floor (5 pt), every slot of factors prints bold at 7 pt or above, at the
//! size playaid decided, and every id or label at 6 pt or above. Faces come from `<pa-piece>` / `<pa-piece-end>` metadata, glyphs
//! from the document's frames (their ink boxes from the fonts' own glyph outlines).

use crate::common::*;
use std::path::Path;

use playaid::build::load_and_check;
use playaid::export::{DocKind, ExportOptions, export};
use playaid::render::{Compiled, Renderer};
use typst::layout::{Frame, FrameItem, Point, Transform};

const PT: f64 = 25.4 / 72.0; // mm per pt

/// The examples with counters.
const GAMES: &[&str] = &[
    "marrow-front",
    "one-hour-wargames-wwii",
    "war-at-sea-troop-landing",
    "war-at-sea-troop-landing-1.4",
    "white-star-rising",
    "salt-crown",
    "hollow-ridge",
];

/// One run of glyphs on a page: its text, size (pt) and ink box in mm (x0, y0, x1, y1).
#[derive(Debug)]
struct Ink {
    page: usize,
    text: String,
    size: f64,
    /// The size as printed: `size` times the scale it is drawn at (a map drawn small).
    printed: f64,
    bbox: (f64, f64, f64, f64),
}

/// Every text item of a frame, with its ink box in page coordinates.
fn inks(frame: &Frame, ts: Transform, page: usize, out: &mut Vec<Ink>) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Group(g) => {
                let ts = ts.pre_concat(Transform::translate(pos.x, pos.y)).pre_concat(g.transform);
                inks(&g.frame, ts, page, out);
            }
            FrameItem::Text(t) => {
                let font = &t.font;
                let upem = font.units_per_em();
                let size = t.size.to_pt();
                let mut x = pos.x.to_pt();
                let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
                for g in &t.glyphs {
                    let gx = x + g.x_offset.get() * size;
                    if let Some(b) = font.ttf().glyph_bounding_box(rustybuzz::ttf_parser::GlyphId(g.id)) {
                        let em = |v: i16| v as f64 / upem * size;
                        // Font units are y-up; the frame is y-down from the baseline.
                        let corners = [(b.x_min, b.y_min), (b.x_min, b.y_max), (b.x_max, b.y_min), (b.x_max, b.y_max)];
                        for (cx, cy) in corners.map(|(cx, cy)| (em(cx), em(cy))) {
                            let p = Point::new(
                                typst::layout::Abs::pt(gx + cx),
                                typst::layout::Abs::pt(pos.y.to_pt() - g.y_offset.get() * size - cy),
                            )
                            .transform(ts);
                            x0 = x0.min(p.x.to_pt());
                            x1 = x1.max(p.x.to_pt());
                            y0 = y0.min(p.y.to_pt());
                            y1 = y1.max(p.y.to_pt());
                        }
                    }
                    x += g.x_advance.get() * size;
                }
                if x0 <= x1 {
                    let scale = (ts.kx.get().powi(2) + ts.sy.get().powi(2)).sqrt();
                    let bbox = (x0 * PT, y0 * PT, x1 * PT, y1 * PT);
                    out.push(Ink { page, text: t.text.to_string(), size, printed: size * scale, bbox });
                }
            }
            _ => {}
        }
    }
}

/// Compile the counter sheets of `dir` (they must check clean): the document and its data.
fn compile(dir: &Path) -> (Compiled, serde_json::Value) {
    let checked = load_and_check(dir, None).unwrap();
    assert!(!checked.has_errors(), "{}: {:?}", dir.display(), checked.diags);
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, &DocKind::parse("counters", None).unwrap(), &ExportOptions::default());
    let r = Renderer::new(&game.root, None).unwrap();
    let compiled = r.compile("counters", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    let data = serde_json::from_slice(&exported.data_json).unwrap();
    (compiled, data)
}

/// Each face's box in mm: (page, x0, y0, x1, y1).
fn faces(compiled: &Compiled) -> Vec<(usize, f64, f64, f64, f64)> {
    let starts = compiled.query_metadata("pa-piece");
    let ends = compiled.query_metadata("pa-piece-end");
    assert_eq!(starts.len(), ends.len());
    starts
        .into_iter()
        .zip(ends)
        .map(|((_, page, x, y), (_, _, x2, y2))| (page, x * PT, y * PT, x2 * PT, y2 * PT))
        .collect()
}

#[test]
fn every_example_counter_prints_its_text_above_the_floor_and_1_mm_inside_the_cut() {
    for name in GAMES {
        let dir = repo().join("data").join(name);
        let (compiled, data) = compile(&dir);
        let faces = faces(&compiled);
        assert!(!faces.is_empty(), "{name}: no counters placed");
        let mut all = Vec::new();
        for (i, page) in compiled.document.pages().iter().enumerate() {
            inks(&page.frame, Transform::identity(), i + 1, &mut all);
        }
        let mut on_counters = 0;
        let mut nearest = f64::MAX;
        for ink in &all {
            let (x0, y0, x1, y1) = ink.bbox;
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            // Text outside every counter is the sheet's header and scale bar.
            let Some(face) = faces.iter().find(|f| f.0 == ink.page && f.1 <= cx && cx <= f.3 && f.2 <= cy && cy <= f.4)
            else {
                continue;
            };
            on_counters += 1;
            let least = [x0 - face.1, y0 - face.2, face.3 - x1, face.4 - y1].into_iter().fold(f64::MAX, f64::min);
            nearest = nearest.min(least);
            assert!(least >= 1.0 - 0.005, "{name}: \"{}\" is {least:.2} mm from its counter's cut line", ink.text);
            assert!(ink.size >= 5.0 - 0.001, "{name}: \"{}\" prints at {:.2} pt", ink.text, ink.size);
        }
        assert!(on_counters > 20, "{name}: only {on_counters} texts measured on counters");
        eprintln!("{name}: {on_counters} texts on counters, the nearest {nearest:.2} mm from a cut");
        // Factors: at their floor or above, and printed at the size playaid decided.
        let mut factors = 0;
        for group in data["counters"]["groups"].as_array().unwrap() {
            for item in group["items"].as_array().unwrap() {
                for face in [&item["front"], &item["back"]] {
                    for slot in face["slots"].as_array().into_iter().flatten() {
                        let (text, size) = (slot["text"].as_str().unwrap(), slot["size"].as_f64().unwrap());
                        if slot["factor"] != true || text.is_empty() {
                            continue;
                        }
                        factors += 1;
                        let floor = slot["floor"].as_f64().unwrap();
                        assert!(
                            size >= floor - 0.001 && floor >= 7.0,
                            "{name}: factors \"{text}\" at {size} pt, floor {floor}"
                        );
                        assert!(slot["bold"] == true, "{name}: factors \"{text}\" print regular");
                        let printed = all.iter().any(|i| (i.size - size).abs() < 0.01 && text.contains(i.text.trim()));
                        assert!(printed, "{name}: factors \"{text}\" are not printed at {size} pt");
                    }
                }
            }
        }
        assert!(factors > 0, "{name}: no slot of factors");
        // Ids and labels: the text a player looks for at set-up, at 6 pt or more.
        let ids: Vec<String> = data["counters"]["groups"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["items"].as_array().unwrap().iter())
            .filter_map(|item| item["label"].as_str().or(item["id"].as_str()).map(str::to_string))
            .collect();
        for ink in all.iter().filter(|i| ids.iter().any(|id| id == i.text.trim())) {
            assert!(ink.size >= 6.0 - 0.001, "{name}: the id \"{}\" prints at {:.2} pt", ink.text, ink.size);
        }
    }
}

#[test]
fn white_star_rising_underlines_the_range_of_units_without_extended_range() {
    let (compiled, data) = compile(&repo().join("data/white-star-rising"));
    let mut underlined = Vec::new();
    for group in data["counters"]["groups"].as_array().unwrap() {
        for item in group["items"].as_array().unwrap() {
            let slots = item["front"]["slots"].as_array().unwrap();
            // Units only: markers have no name along the right edge.
            let Some(name) = slots.iter().find(|s| s["name"] == "right") else { continue };
            let name = name["text"].as_str().unwrap();
            let range = slots.iter().find(|s| s["name"] == "bottom").unwrap();
            if range.get("underline").is_some() {
                underlined.push(name.to_string());
            }
        }
    }
    underlined.sort();
    assert_eq!(underlined, ["Company HQ", "Kompanie HQ", "Mortar section"]);
    // Every factor of the game's set is on the sheet: AP/HE, to-hit, morale or armour/save,
    // assault, range, movement.
    let text = compiled.document.pages().iter().map(|p| {
        let mut v = Vec::new();
        inks(&p.frame, Transform::identity(), 0, &mut v);
        v.into_iter().map(|i| i.text).collect::<Vec<_>>().join(" ")
    });
    let text: String = text.collect::<Vec<_>>().join(" ");
    for needle in ["1/4", "5+", "4/4", "2/5", "Para MG sect.", "Kompanie HQ", "Mortar section", "16"] {
        assert!(text.contains(needle), "the sheet lacks \"{needle}\"");
    }
}

/// No text on a sheet is under 6 pt as printed (pieces have their own floor, above): every
/// example's maps, set-up maps, scenario sheets, aid card, rulebook, cheatsheet and errata,
/// each text run measured in the compiled document at the scale it is drawn. Two kinds of text
/// keep the pieces' floor: the unit blocks of a set-up map (miniatures of the pieces, at least
/// 5 pt, `block_text_size`) and a map's labels, which grow with its cells (at least 5 pt,
/// `LABEL_PT`).
#[test]
fn no_text_on_any_sheet_is_under_6_pt() {
    let mut games: Vec<_> = std::fs::read_dir(repo().join("data")).unwrap().map(|e| e.unwrap().path()).collect();
    games.sort();
    let mut seen = 0;
    let mut small = Vec::new();
    for dir in games {
        let checked = load_and_check(&dir, None).unwrap();
        let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
        let labels: Vec<&str> = game.maps.iter().flat_map(|m| &m.labels).map(|l| l.text.v.as_str()).collect();
        let mut r = Renderer::new(&game.root, None).unwrap();
        r.set_fonts(laid_out.fonts.clone());
        for spec in playaid::export::documents(game) {
            let template = spec.kind.template();
            if matches!(template, "counters" | "cards") {
                continue;
            }
            let exported = export(game, ix, laid_out, &spec.kind, &ExportOptions::default());
            let compiled =
                r.compile(template, &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
            let blocks: Vec<(usize, f64, f64, f64, f64)> = (compiled.query_metadata("pa-block").into_iter())
                .zip(compiled.query_metadata("pa-block-end"))
                .map(|((_, page, x, y), (_, _, x1, y1))| (page, x * PT, y * PT, x1 * PT, y1 * PT))
                .collect();
            let mut runs = Vec::new();
            for (i, page) in compiled.document.pages().iter().enumerate() {
                inks(&page.frame, Transform::identity(), i + 1, &mut runs);
            }
            for ink in runs {
                seen += 1;
                let (x0, y0, x1, y1) = ink.bbox;
                let in_block = blocks.iter().any(|&(p, bx0, by0, bx1, by1)| {
                    p == ink.page && x0 >= bx0 - 0.1 && x1 <= bx1 + 0.1 && y0 >= by0 - 0.1 && y1 <= by1 + 0.1
                });
                let floor = if in_block || labels.contains(&ink.text.as_str()) { 5.0 } else { 6.0 };
                if ink.printed < floor - 0.01 {
                    small.push(format!(
                        "{} {}: `{}` at {:.2} pt (page {}), under {floor} pt",
                        dir.file_name().unwrap().to_string_lossy(),
                        spec.file,
                        ink.text,
                        ink.printed,
                        ink.page
                    ));
                }
            }
        }
    }
    assert!(seen > 5000, "{seen} runs");
    assert!(
        small.is_empty(),
        "{} runs too small:\n{}",
        small.len(),
        small.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}
