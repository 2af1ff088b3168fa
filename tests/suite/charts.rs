//! Charts as the sheets print them: the combat results table, the terrain effects chart and
//! the turn record track (with each scenario's reinforcements on their turns), on the
//! cheatsheet, the scenario sheet and the landscape player aid card of the example game
//! `data/marrow-front`, and on a small game of the check corpus with a 2D6 differential CRT.

use crate::common::*;
use std::path::{Path, PathBuf};

use playaid::build::load_and_check;
use playaid::export::{DocKind, ExportOptions, export};
use playaid::render::Renderer;

const PT: f64 = 25.4 / 72.0; // mm per pt

/// The turn track boxes of `doc` of the game in `dir`, measured in the compiled document:
/// (turn number, page, width, height in mm) from `<pa-track-box>` to `<pa-track-box-end>`.
fn track_boxes(dir: &Path, doc: &DocKind) -> Vec<(u64, usize, f64, f64)> {
    let checked = load_and_check(dir, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, doc, &ExportOptions::default());
    let r = Renderer::new(&game.root, None).unwrap();
    let compiled =
        r.compile(doc.template(), &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    let starts = compiled.query_metadata("pa-track-box");
    let ends = compiled.query_metadata("pa-track-box-end");
    assert_eq!(starts.len(), ends.len());
    starts
        .into_iter()
        .zip(ends)
        .map(|((v, page, x, y), (_, page2, x2, y2))| {
            assert_eq!(page, page2, "a box split across pages");
            (v["turn"].as_u64().unwrap(), page, (x2 - x) * PT, (y2 - y) * PT)
        })
        .collect()
}

/// Builds `game` into `out`; the folder of its PDFs.
fn build(game: &Path, out: &Path) -> PathBuf {
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_dir(out).unwrap().next().unwrap().unwrap().path()
}

fn marrow_front(out: &Path) -> PathBuf {
    build(&repo().join("data/marrow-front"), out)
}

fn assert_holds(text: &str, what: &str, facts: &[&str]) {
    for fact in facts {
        assert!(text.contains(fact), "{what}: `{fact}` is not printed:\n{text}");
    }
}

/// The CRT of The Marrow Front: headings, a row, the legend, the modifiers with their causes.
const CRT: &[&str] = &[
    "COMBAT RESULTS TABLE",
    "1D6 Odds 1–2 1–1 2–1 3–1 4–1 5–1 6–1",
    "0 AR DR DR DR2 DE DE DE",
    "3 AE AR AR EX DR DR DR2",
    "7 AE AE AE AE AE AR AR",
    "DR2 Defender retreats two hexes",
    "Forest: 1 left column",
    "City: 2 left columns",
    "1 right column – the defender is out of supply",
    "Command: −1 to the roll – an attacker is next to its army's headquarters",
];

/// Its terrain effects chart: movement per type, combat effects in words, hexsides apart; with
/// six columns of values, each terrain's notes in a row under it.
const TERRAIN: &[&str] = &[
    "TERRAIN EFFECTS CHART",
    "Terrain Foot Motor Combat LOS Level Height Clear",
    "Clear 1 1 none clear",
    "Marsh 3 P none clear – – P: motor units may not enter, except along a road. Town",
    "City 1 1 2 left, defence ×2 blocks",
    "Hexsides River +1 +2 1 left –",
    // The roads the map draws, after the hexsides.
    "Lines Road 1 1 none –",
];

/// Its turn track: each box's name and weather, then what arrives on it, by the counters the
/// scenario names (Hearthfire: the Oskarian XXIII Armoured Corps on turn 2, a corps of each
/// side on 3, the Velsk mechanised corps on 4), and the events under the track.
const TRACK: &[&str] = &[
    "TURN RECORD TRACK",
    "Oct I CLEAR Oct II CLEAR XXIII Armoured Corps Nov I",
    "Nov I MUD ★ XI Infantry Corps 6 Rifle Corps Nov II",
    "Nov II MUD 7 Mech Mechanised Corps Dec I",
    "Dec I FROST ★ IX Mtn Mountain Rifle Corps Dec II",
    "Dec II SNOW 3 Air Air Landing Corps Jan I",
    "★ Dec I: The Marrow freezes",
];

#[test]
fn the_aid_card_is_one_landscape_page_with_every_chart() {
    let out = tempfile::tempdir().unwrap();
    let pdfs = marrow_front(out.path());
    let aid = pdfs.join("aid.pdf");
    let ((w, h), pages) = pdf_info(&aid);
    assert!((w - 841.89).abs() < 0.5 && (h - 595.28).abs() < 0.5, "A4 landscape, not {w} x {h}");
    assert_eq!(pages, 1, "the Marrow Front's card fits one page");
    let text = pdf_text(&aid);
    assert_holds(&text, "aid.pdf", CRT);
    assert_holds(&text, "aid.pdf", TERRAIN);
    assert_holds(&text, "aid.pdf", TRACK);
    // The sequence of play and the table the game chose with `[game.aid] tables`.
    assert_holds(&text, "aid.pdf", &["PLAYER AID CARD", "SEQUENCE OF PLAY", "1. Weather", "Weather effects"]);
    assert!(text.contains("player aid card page 1 of 1"), "footer: {text}");
}

#[test]
fn the_cheatsheet_shows_each_chart_where_its_section_puts_it() {
    let out = tempfile::tempdir().unwrap();
    let text = pdf_text(&marrow_front(out.path()).join("cheatsheet.pdf"));
    assert_holds(&text, "cheatsheet.pdf", CRT);
    assert_holds(&text, "cheatsheet.pdf", TERRAIN);
    assert_holds(&text, "cheatsheet.pdf", TRACK);
    let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("`{s}` missing"));
    assert!(at("2 Movement") < at("TERRAIN EFFECTS CHART") && at("TERRAIN EFFECTS CHART") < at("3 Combat"));
    assert!(at("3 Combat") < at("COMBAT RESULTS TABLE") && at("COMBAT RESULTS TABLE") < at("4 Supply"));
    assert!(at("5 Turns, weather") < at("TURN RECORD TRACK"));
}

#[test]
fn the_scenario_sheet_puts_its_reinforcements_on_the_turn_track() {
    let out = tempfile::tempdir().unwrap();
    let text = pdf_text(&marrow_front(out.path()).join("scenario-hearthfire.pdf"));
    assert_holds(&text, "scenario-hearthfire.pdf", TRACK);
}

const CHARTS: &str = r##"[[crt]]
id = "crt"
columns = "differential"
labels = ["-2", "0", "+2"]
dice = "2D6"
rows = [
  { roll = 1, results = ["-", "DR", "DE"] },
  { roll = "2-6", results = ["AR", "DR", "DR"] },
  { roll = "7-12", results = ["AR", "AR", "-"] },
]
legend = [
  { code = "AR", text = "Attacker retreats." },
  { code = "DR", text = "Defender retreats." },
  { code = "DE", text = "Defender eliminated." },
]
modifiers = [
  { drm = -1, ability = "hard-to-kill" },
  { shift = -1, terrain = "dunes" },
]

[[terrain]]
name = "Dunes"
color = "#e8d9a0"
move = { foot = 2, wheeled = "P" }
shift = -1
los = "hinders"
height = 1

[turn_track]
turns = [{ name = "Dawn", weather = "Fog" }, { name = "Morning" }, { name = "Noon", event = "The tide turns." }]
"##;

const SECTION: &str = r##"
[[section]]
id = "charts"
title = "Charts"
items = ["Cross [[terrain:dunes]] slowly.", { crt = "crt" }, { chart = "terrain" }, { chart = "turns" }]
"##;

#[test]
fn a_differential_crt_on_two_dice_with_a_modified_row_checks_clean_and_prints() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    std::fs::write(game.join("charts.toml"), CHARTS).unwrap();
    let rules = std::fs::read_to_string(game.join("rules.toml")).unwrap();
    std::fs::write(game.join("rules.toml"), rules + SECTION).unwrap();
    let o = playaid(&["check", game.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["errors"].as_u64(), v["warnings"].as_u64()), (Some(0), Some(0)), "{v}");
    let text = pdf_text(&build(&game, &tmp.path().join("out")).join("cheatsheet.pdf"));
    assert_holds(
        &text,
        "cheatsheet.pdf",
        &[
            "Cross Dunes slowly.",
            "2D6 Diff. −2 0 +2",
            "1 – DR DE",
            "2–6 AR DR DR",
            "7–12 AR AR –",
            "Hard to Kill: −1 to the roll",
            "Dunes: 1 left column",
            "Terrain Foot Wheeled Combat LOS",
            "Dunes 2 P 1 left hinders",
            "Dawn FOG Morning Noon ★",
            "★ Noon: The tide turns.",
        ],
    );
}

#[test]
fn track_boxes_hold_the_games_largest_counter() {
    // The Marrow Front's counters are 5/8" (15.875 mm): boxes 18.875 mm high, one per turn,
    // as wide as the aid card's row allows (up to twice that) so that the track spans it.
    let boxes = track_boxes(&repo().join("data/marrow-front"), &DocKind::Aid);
    assert_eq!(boxes.iter().map(|b| b.0).collect::<Vec<_>>(), (1..=8).collect::<Vec<_>>());
    for (turn, page, w, h) in &boxes {
        assert_eq!(*page, 1);
        assert!((h - 18.875).abs() < 0.05, "turn {turn}: {w} x {h} mm");
        assert!(
            (w - boxes[0].2).abs() < 0.05 && *w > 18.875 * 1.5 && *w <= 2.0 * 18.875 + 0.05,
            "turn {turn}: {w} mm wide"
        );
    }
    // With a group of 1" counters beside them, every box holds a 1" counter.
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("data/marrow-front"), tmp.path());
    let big = "\n[[counter_group]]\nid = \"big\"\nsize = \"1in\"\n\n[[counter]]\nname = \"Victory\"\ncounter_group = \"big\"\n";
    let counters = std::fs::read_to_string(tmp.path().join("counters.toml")).unwrap();
    std::fs::write(tmp.path().join("counters.toml"), counters + big).unwrap();
    for (turn, _, w, h) in track_boxes(tmp.path(), &DocKind::Scenario("hearthfire".into())) {
        assert!(w >= 28.4 - 0.05 && (h - 28.4).abs() < 0.05, "turn {turn}: {w} x {h} mm");
    }
}

#[test]
fn a_turn_with_many_arrivals_makes_every_box_taller_and_hides_none() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let units = ["vel-rifles", "vel-cavalry", "vel-mech", "vel-airborne", "vel-army", "osk-armour", "osk-mountain"];
    let forces: Vec<String> = units.iter().map(|u| format!("{{ unit = \"{u}\", arrives = 2 }}")).collect();
    let flood = format!(
        "[[scenario]]\nid = \"flood\"\ntitle = \"Flood\"\n\n[[scenario.side]]\nside = \"velsk\"\nforces = [{{ unit = \"vel-rifles\" }}, {}]\n\n\
         [[scenario.side]]\nside = \"oskaria\"\nforces = [{{ unit = \"osk-infantry\" }}]\n",
        forces.join(", ")
    );
    std::fs::write(game.join("flood.toml"), flood).unwrap();
    let boxes = track_boxes(&game, &DocKind::Scenario("flood".into()));
    assert_eq!(boxes.len(), 8);
    let h = boxes[0].3;
    assert!(h > 18.875 + 1.0, "the boxes grow to hold seven arrivals: {h} mm");
    for (turn, _, w, bh) in &boxes {
        assert!(
            *w >= 18.875 - 0.05 && (w - boxes[0].2).abs() < 0.05 && (bh - h).abs() < 0.05,
            "turn {turn}: {w} x {bh} mm"
        );
    }
    let text = pdf_text(&build(&game, &tmp.path().join("out")).join("scenario-flood.pdf"));
    assert_holds(
        &text,
        "scenario-flood.pdf",
        &[
            "Oct II CLEAR Rifle Corps Cavalry Corps Mechanised Corps Air Landing Corps Marrow Army HQ Armoured Corps Mountain Rifle Corps Nov I",
        ],
    );
}

/// `{ deck = "fortunes" }` in a rule section prints the deck's list on the cheatsheet: each
/// part with the turn it joins and its count, its cards by number with ops, event and what
/// becomes of them.
#[test]
fn the_cheatsheet_lists_a_strategy_deck_part_by_part() {
    let out = tempfile::tempdir().unwrap();
    let folder = marrow_front(out.path());
    let text = pdf_text(&folder.join("cheatsheet.pdf"));
    assert_holds(
        &text,
        "cheatsheet",
        &[
            "6 Fortunes of War",
            "Autumn: joins on turn 1, 10 cards",
            "No. Card Ops Event After event",
            "1 Forced March 2 Either side",
            "3 Militia Levy 1 Republic of Velsk Remove after event",
            "8 Staff Conference 1 Either side Stays in play",
            "10 Autumn Rains 1 None",
            "Winter: joins on turn 5, 8 cards",
            "11 The Marrow Freezes 2 Oskarian Empire Remove after event",
        ],
    );
    // How the deck is dealt, and on the turn track the turn its Winter part joins, from the
    // deck's data (not typed as the turn's event).
    assert_holds(
        &text,
        "cheatsheet",
        &["Hands of 2 · discards reshuffled before each turn's deal", "Winter joins Fortunes of War: 8 cards."],
    );
    // By number: Winter's list starts at 11, after Autumn's 10 cards.
    let autumn = text.find("Autumn: joins").unwrap();
    let winter = text.find("Winter: joins").unwrap();
    assert!(text[autumn..winter].contains("10 Autumn Rains") && !text[autumn..winter].contains("11 The Marrow"));
}

/// A deck list counts every copy and shows how many of each card, when some card has more
/// than one; a rule names a card with `[[card:id]]` and prints its title.
#[test]
fn a_deck_list_shows_copies_and_a_rule_names_a_card() {
    let out = tempfile::tempdir().unwrap();
    let folder = build(&repo().join("data/salt-crown"), out.path());
    let text = pdf_text(&folder.join("cheatsheet.pdf"));
    assert_holds(
        &text,
        "cheatsheet",
        &[
            "19 cards",
            "No. Card Copies Command Event After event",
            "1 Forced March 2 2 Either side",
            "4 Sea Raid 1 2 Either side",
            "land no block unless Sea Raid is played",
        ],
    );
    assert!(!text.contains("card:sea-raid") && !text.contains("sea-raid"), "the reference prints the card's title");
}

/// A track's box as the PDF has it: number, page, x, y, width, height (mm).
type Cell = (i64, usize, f64, f64, f64, f64);

/// The boxes of track `id` in `doc` of Marrow Front, measured in the compiled document:
/// (box number, page, x, y, width, height in mm), and the PDF.
fn track_cells(doc: &DocKind, out: &Path) -> (Vec<Cell>, PathBuf) {
    track_cells_of(&repo().join("data/marrow-front"), doc, out)
}

/// [`track_cells`] of the game in `dir`.
fn track_cells_of(dir: &Path, doc: &DocKind, out: &Path) -> (Vec<Cell>, PathBuf) {
    let checked = load_and_check(dir, None).unwrap();
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, doc, &ExportOptions::default());
    let r = Renderer::new(&game.root, None).unwrap();
    let compiled = r.compile(doc.template(), &exported.data_json, &exported.texts_typ).unwrap();
    let pdf = out.join("doc.pdf");
    std::fs::write(&pdf, compiled.pdf().unwrap()).unwrap();
    let ends = compiled.query_metadata("pa-track-cell-end");
    let cells = (compiled.query_metadata("pa-track-cell").into_iter().zip(ends))
        .filter(|((v, ..), _)| v["track"] == "morale")
        .map(|((v, page, x, y), (_, _, x2, y2))| {
            (v["box"].as_i64().unwrap(), page, x * PT, y * PT, (x2 - x) * PT, (y2 - y) * PT)
        })
        .collect();
    (cells, pdf)
}

/// A track prints every box from its first to its last, in order, on the aid card; on the
/// scenario sheet each marker sits in its starting box (ink in that box's lower half, none in
/// the others') and is named with its box under the track.
#[test]
fn a_track_numbers_its_boxes_and_the_scenario_puts_its_markers_in_their_boxes() {
    let out = tempfile::tempdir().unwrap();
    let (cells, _) = track_cells(&DocKind::Aid, out.path());
    assert_eq!(cells.iter().map(|c| c.0).collect::<Vec<_>>(), (0..=12).collect::<Vec<_>>());
    let (cells, pdf) = track_cells(&DocKind::Scenario("hearthfire".into()), out.path());
    assert_eq!(cells.len(), 13);
    let text = pdf_text(&pdf);
    assert_holds(&text, "scenario sheet", &["MORALE", "Oskarian Empire: 9", "Republic of Velsk: 7"]);
    for (n, page, x, y, w, h) in cells {
        assert!((h - 9.0).abs() < 0.1 && (9.0..=13.6).contains(&w), "box {n}: {w:.1} x {h:.1} mm");
        // The box's lower half inside its frame, where a marker's chip goes (the number is
        // top left).
        let g = pdf_region_grey(&pdf, page, (x + 0.8, y + h / 2.0, w - 1.6, h / 2.0 - 0.8), 150.0);
        let inked = (0..g.h).flat_map(|yy| (0..g.w).map(move |xx| (xx, yy))).filter(|&(xx, yy)| g.ink(xx, yy)).count();
        let marker = n == 9 || n == 7;
        assert_eq!(inked > 60, marker, "box {n}: {inked} inked pixels");
    }
}

/// `[game.aid] decks` puts a deck's card list on the player aid card, part by part.
#[test]
fn the_aid_card_lists_the_decks_it_names() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    std::fs::write(
        game.join("game.toml"),
        toml.replace("tracks = [\"morale\"]", "tracks = [\"morale\"]\ndecks = [\"fortunes\"]"),
    )
    .unwrap();
    let folder = build(&game, &tmp.path().join("out"));
    let text = pdf_text(&folder.join("aid.pdf"));
    assert_holds(
        &text,
        "aid card",
        &["FORTUNES OF WAR", "Autumn: joins on turn 1, 10 cards", "18 Field Bakeries 1 Either side Stays in play"],
    );
}

/// A track of 21 boxes (-10 to 10) prints as one strip where its column has room for boxes as
/// wide as "-10" and the chips in them: every box on one line, in order, none narrower than
/// 5 mm. On the cheatsheet, whose column is too narrow for it, the strip spans both columns
/// inside the page's margins; on the aid card it runs across the foot with the turn track.
#[test]
fn a_long_track_is_one_strip_when_the_page_allows() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let charts = std::fs::read_to_string(game.join("charts.toml")).unwrap();
    assert!(charts.contains("from = 0\nto = 12"), "the example's data changed: update this test");
    std::fs::write(game.join("charts.toml"), charts.replace("from = 0\nto = 12", "from = -10\nto = 10")).unwrap();
    let one_strip = |cells: &[Cell]| {
        assert_eq!(cells.iter().map(|c| c.0).collect::<Vec<_>>(), (-10..=10).collect::<Vec<_>>());
        let top = cells[0].3;
        for (n, _, x, y, w, _) in cells {
            assert!((y - top).abs() < 0.01 && *w >= 5.0, "box {n} at ({x:.1}, {y:.1}), {w:.1} mm wide: one strip");
        }
        assert!(cells.windows(2).all(|p| p[1].2 > p[0].2), "left to right in order");
    };
    let (cells, _) = track_cells_of(&game, &DocKind::Scenario("hearthfire".into()), tmp.path());
    one_strip(&cells);
    // The cheatsheet: two columns of 92 mm on A4, 10 mm margins.
    let (cells, _) = track_cells_of(&game, &DocKind::Cheatsheet, tmp.path());
    one_strip(&cells);
    let (left, right) = (cells[0].2, cells[20].2 + cells[20].4);
    assert!(right - left > 92.0, "the strip spans both columns: {left:.1} to {right:.1} mm");
    assert!(left >= 10.0 && right <= 200.0, "inside the margins: {left:.1} to {right:.1} mm");
    // The aid card: too long for its column, one strip across the foot of the page, above the
    // turn track, and the card still one page.
    let (cells, pdf) = track_cells_of(&game, &DocKind::Aid, tmp.path());
    one_strip(&cells);
    let (left, right) = (cells[0].2, cells[20].2 + cells[20].4);
    assert!(right - left > 100.0, "across the card: {left:.1} to {right:.1} mm");
    assert_eq!(pdf_info(&pdf).1, 1, "one page");
    let turn = track_boxes(&game, &DocKind::Aid);
    assert!(turn.iter().all(|t| t.1 == 1), "the turn track on the same page");
}

/// The terrain chart prints a column for each of line of sight, level, height and cover that
/// some terrain gives: The Marrow Front's hills stand at level 1, its city two levels high,
/// its towns hinder sight by one; a terrain card says the same.
#[test]
fn the_terrain_chart_says_how_high_each_terrain_stands_and_how_it_stops_sight() {
    let out = tempfile::tempdir().unwrap();
    let folder = marrow_front(out.path());
    let sheet = pdf_text(&folder.join("cheatsheet.pdf"));
    assert_holds(&sheet, "cheatsheet", &["Combat LOS Level Height Clear", "Hills 2 3 1 left blocks 1 –"]);
    // Six columns of values: no column of notes (it would set them a word a line), each
    // terrain's note under it instead.
    assert!(!sheet.contains("Height Notes"), "{sheet}");
    assert_holds(&sheet, "cheatsheet", &["Hills 2 3 1 left blocks 1 – Mountain troops: pay 1, ignore the shift."]);
    assert_holds(
        &sheet,
        "cheatsheet",
        &["Town 1 1 defence ×2 hinders 1 – 1", "City 1 1 2 left, defence ×2 blocks – 2"],
    );
    // No terrain gives cover: no column of dashes for it.
    assert!(!sheet.contains("Cover"), "{sheet}");
}

/// A connection's limit that changes with the weather prints beside its usual one on the aid
/// card's legend: a rail line of 4 a turn carries 1 in mud, none in snow.
#[test]
fn a_connection_limit_by_weather_prints_on_the_aid_card() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("marrow");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let charts = game.join("charts.toml");
    let text = std::fs::read_to_string(&charts).unwrap();
    let kind = "\n[[connection_kind]]\nname = \"Rail line\"\nlimit = 4\nlimits = { Mud = 1, Snow = 0 }\n";
    std::fs::write(&charts, format!("{text}{kind}")).unwrap();
    let folder = build(&game, &tmp.path().join("out"));
    let aid = pdf_text(&folder.join("aid.pdf"));
    assert_holds(&aid, "aid.pdf", &["Rail line: 4 a turn (Mud 1, Snow 0)"]);
}

/// A fire table by steps (The Salt Crown's battles: a die a step, a hit at or under the
/// rating): each cell the hits on average and the chance of one or more, worked out by playaid,
/// on the cheatsheet and the aid card; and the sums are right (4 dice at 3 on a D6: 2 hits on
/// average, 1 − (1/2)⁴ = 94 % for one or more).
#[test]
fn a_fire_table_by_steps_says_what_each_number_of_steps_is_worth() {
    let out = tempfile::tempdir().unwrap();
    let folder = build(&repo().join("data/salt-crown"), out.path());
    let rows = [
        "Battle fire",
        "Steps Hits on 1 Hits on 1–2 Hits on 1–3",
        "1 0.17 · 17 % 0.33 · 33 % 0.50 · 50 %",
        "4 0.67 · 52 % 1.33 · 80 % 2.00 · 94 %",
        "One D6 a step; a roll at or under the rating hits.",
    ];
    assert_holds(&pdf_text(&folder.join("cheatsheet.pdf")), "cheatsheet", &rows);
    assert_holds(&pdf_text(&folder.join("aid.pdf")), "aid card", &rows);
    let (hits, chance) = playaid::model::TableBody::fire_odds(6, 4, 3);
    assert_eq!(hits, 2.0);
    assert!((chance - 0.9375).abs() < 1e-12);
}

/// A turn track that shows every scenario's reinforcements (the aid card's, the rulebook's)
/// names the scenario above its arrivals: Hollow Ridge's two scenarios both bring forces on
/// turn 2, and a player must tell which are whose.
#[test]
fn a_turn_track_of_several_scenarios_names_each_scenarios_arrivals() {
    let out = tempfile::tempdir().unwrap();
    let folder = build(&repo().join("data/hollow-ridge"), out.path());
    let text = pdf_text(&folder.join("aid.pdf"));
    let track = &text[text.find("TURN RECORD TRACK").expect("the aid card's turn track")..];
    let (ostrel, eskerry) = (track.find("The Ostrel Road").unwrap(), track.find("The Ford at Eskerry").unwrap());
    let tank = track.find("W1, W2 Wren Light Tank").unwrap();
    let squads = track.find("3× Rifle Squad").unwrap();
    assert!(ostrel < tank && tank < eskerry && eskerry < squads, "each scenario above its own arrivals:\n{track}");
}

/// A track in a list item is set in the item's narrower column and never across the page (a
/// float would stay inside the item and be cut off): on the cheatsheet its 21 boxes wrap into
/// rows that end inside the column, where the same track as a section's own item spans both
/// columns.
#[test]
fn a_track_in_a_list_item_keeps_to_the_items_column() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/marrow-front"), &game);
    let charts = std::fs::read_to_string(game.join("charts.toml")).unwrap();
    std::fs::write(game.join("charts.toml"), charts.replace("from = 0\nto = 12", "from = -10\nto = 10")).unwrap();
    let rules = std::fs::read_to_string(game.join("rules.toml")).unwrap();
    let item = "  { track = \"morale\" },\n";
    assert_eq!(rules.matches(item).count(), 1, "the example's data changed: update this test");
    std::fs::write(
        game.join("rules.toml"),
        rules.replace(item, "  { text = \"The track:\", items = [{ track = \"morale\" }] },\n"),
    )
    .unwrap();
    let (cells, _) = track_cells_of(&game, &DocKind::Cheatsheet, tmp.path());
    assert_eq!(cells.iter().map(|c| c.0).collect::<Vec<_>>(), (-10..=10).collect::<Vec<_>>(), "every box prints");
    let rows: std::collections::BTreeSet<i64> = cells.iter().map(|c| (c.3 * 10.0).round() as i64).collect();
    assert!(rows.len() > 1, "rows, not a strip across the page");
    // The cheatsheet's columns on A4: 10 to 102 mm and 108 to 200 mm; the item's boxes keep to
    // one of them.
    let (left, right) =
        (cells.iter().map(|c| c.2).fold(f64::MAX, f64::min), cells.iter().map(|c| c.2 + c.4).fold(0.0, f64::max));
    let inside = |(a, b): (f64, f64)| left >= a && right <= b;
    assert!(
        inside((10.0, 102.0)) || inside((108.0, 200.0)),
        "boxes from {left:.1} to {right:.1} mm: not in one column"
    );
}
