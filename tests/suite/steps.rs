//! Units with steps, ability parameters in text and scenario totals, as the sheets print them:
//! a small game whose panzer has a full and a reduced step, three-step grenadiers, an ability
//! whose text prints its parameter, and a scenario with the game's limits; its PDFs are read back
//! as text.

use crate::common::*;
use std::path::Path;

use playaid::build::{BuildOptions, Builder, load_and_check};

const GAME: &str = r##"
[game]
id = "t"
title = "Test"
version = "1"

[[side]]
id = "de"
name = "Germany"
color = "#8e9aa6"

[[stat]]
id = "attack"
name = "Attack"
abbr = "Att"
type = "int"
min = 0
max = 12

[[stat]]
id = "defence"
name = "Defence"
abbr = "Def"
type = "int"
min = 0
max = 12

[[stat]]
id = "move"
name = "Move"
abbr = "Mv"
type = "int"
min = 0
max = 12

[[stat]]
id = "points"
name = "Points"
abbr = "Pts"
type = "int"

[[kind]]
id = "corps"
name = "Corps"
required_stats = ["attack", "defence", "move"]
optional_stats = ["points"]

[[trait]]
id = "capacity"
name = "Capacity"
type = "int"

[[ability]]
id = "tough"
name = "Tough"
values = [2, 3]
text = "Takes {value} wounds before it is removed."

[[ability]]
id = "landing"
name = "Landing"
values = [10, 5]
traits = { capacity = { 10 = 2, 5 = 1 } }
text = "Carries {capacity} units ashore."

[[unit]]
id = "panzer"
name = "Panzer"
kind = "corps"
side = "de"
abilities = ["tough 3", "landing 5"]
steps = [
  { name = "full", stats = { attack = 8, defence = 6, move = 6, points = 40 } },
  { name = "reduced", stats = { attack = 4, defence = 3, move = 6, points = 40 } },
]

[[unit]]
id = "grenadiers"
name = "Grenadiers"
kind = "corps"
side = "de"
steps = [
  { name = "full", stats = { attack = 6, defence = 7, move = 4 } },
  { name = "reduced", stats = { attack = 4, defence = 5, move = 4 } },
  { name = "cadre", stats = { attack = 2, defence = 2, move = 3 } },
]

[[section]]
id = "units"
title = "Units"
items = [{ unit = "panzer" }]

[cards]
kinds = ["corps"]

[[counter_group]]
id = "units"
size = "3/4in"
kinds = ["corps"]
layout = { top = "{name}", bottom = "{attack}-{defence}-{move}" }

[scenario_limits]
points_stat = "points"
points_per_side = 200
units_per_side = 12

[[scenario]]
id = "breakout"
title = "Breakout"
rules_version = "1"

[[scenario.side]]
side = "de"
forces = [
  { unit = "panzer", count = 3 },
  { name = "Flak", points = 30 },
]

[[scenario.objective]]
name = "The bridge"
victory_points = 100

[scenario.victory]
victory_points = 100
turns = 6
"##;

fn game(dir: &Path, text: &str) {
    std::fs::write(dir.join("game.toml"), text).unwrap();
}

/// Build the game in `dir`; the text of each of its PDFs, by file name.
fn build(dir: &Path) -> impl Fn(&str) -> String {
    let out = tempfile::tempdir().unwrap();
    let opts = BuildOptions { out_dir: out.path().to_path_buf(), ..Default::default() };
    let r = Builder::new(dir, opts).build(&mut |_| {}).unwrap();
    assert!(!r.has_errors(), "{:?}", r.diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    move |pdf: &str| pdf_text(&out.path().join("t-1").join(pdf))
}

#[test]
fn a_unit_s_counters_take_their_faces_from_its_steps() {
    let dir = tempfile::tempdir().unwrap();
    game(dir.path(), GAME);
    let checked = load_and_check(dir.path(), None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let laid = &checked.stages.as_ref().unwrap().1.counters.counters;
    let faces: Vec<(String, String)> = laid
        .iter()
        .map(|c| {
            let bottom = |f: &playaid::layout::counters::RFace| {
                f.slots.iter().find(|s| s.name == "bottom").map(|s| s.text.clone()).unwrap_or_default()
            };
            (bottom(&c.front), c.back.as_ref().map(bottom).unwrap_or_default())
        })
        .collect();
    assert_eq!(
        faces,
        [
            ("8-6-6".to_string(), "4-3-6".to_string()),
            ("6-7-4".to_string(), "4-5-4".to_string()),
            ("2-2-3".to_string(), "2-2-3".to_string()),
        ],
        "panzer: full / reduced; grenadiers: full / reduced, then the cadre step on a second counter"
    );
    assert_eq!(laid[2].what, "the counter of unit `Grenadiers` (step 3)");
    let text = build(dir.path())("counters.pdf");
    for face in ["8-6-6", "4-3-6", "6-7-4", "4-5-4", "2-2-3"] {
        assert!(text.contains(face), "`{face}` missing from the counter sheet:\n{text}");
    }
}

#[test]
fn explicit_back_values_win_over_the_reduced_step() {
    let dir = tempfile::tempdir().unwrap();
    let counter = "\n[[counter]]\nunit = \"panzer\"\ncounter_group = \"units\"\nquantity = 3\nback = { move = 5 }\n\n\
                   [[counter]]\nunit = \"grenadiers\"\ncounter_group = \"units\"\nback = \"blank\"\n";
    game(dir.path(), &format!("{GAME}{counter}"));
    let checked = load_and_check(dir.path(), None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let laid = &checked.stages.as_ref().unwrap().1.counters.counters;
    let bottom = |f: &playaid::layout::counters::RFace| {
        f.slots.iter().find(|s| s.name == "bottom").map(|s| s.text.clone()).unwrap_or_default()
    };
    assert_eq!(laid.len(), 3, "two counters for the grenadiers' three steps, one for the panzer");
    assert_eq!(bottom(laid[0].back.as_ref().unwrap()), "4-3-5", "the reduced step, its move as written");
    assert!(laid[1].back.as_ref().unwrap().slots.is_empty(), "back = \"blank\" wins over the reduced step");
    assert!(laid[2].back.as_ref().unwrap().slots.is_empty(), "and blanks the cadre's back too");
    assert_eq!(bottom(&laid[2].front), "2-2-3");
}

#[test]
fn cards_stat_blocks_and_scenarios_print_every_step_and_ability_texts_their_parameter() {
    let dir = tempfile::tempdir().unwrap();
    game(dir.path(), GAME);
    let pdf = build(dir.path());

    let cheatsheet = pdf("cheatsheet.pdf");
    for fact in ["ATT DEF MV PTS FULL 8 6 6 40", "REDUCED 4 3 6 40", "Tough 3: Takes 3 wounds before it is removed."] {
        assert!(cheatsheet.contains(fact), "cheatsheet: `{fact}` missing:\n{cheatsheet}");
    }
    let cards = pdf("cards.pdf");
    for fact in [
        "ATT 8 / 4 DEF 6 / 3 MV 6 / 6 PTS 40 / 40 full / reduced",
        "ATT 6 / 4 / 2 DEF 7 / 5 / 2 MV 4 / 4 / 3 full / reduced / cadre",
        "Landing 5: Carries 1 units ashore.",
    ] {
        assert!(cards.contains(fact), "cards: `{fact}` missing:\n{cards}");
    }
    assert!(!cards.contains('{'), "every placeholder is filled: {cards}");

    let sheet = pdf("scenario-breakout.pdf");
    for fact in [
        "Germany POINTS 150 / 200 UNITS 4 / 12",
        "Panzer Corps · full / reduced 8 / 4 6 / 3 6 / 6 40 / 40",
        "Victory points to win: 100 Turns: 6",
    ] {
        assert!(sheet.contains(fact), "scenario: `{fact}` missing:\n{sheet}");
    }
    assert!(!sheet.contains("wins"), "no victory sentence the data did not write: {sheet}");
}
