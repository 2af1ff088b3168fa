//! Scenario sheets: every seed game's scenario prints its forces with their stats from the unit
//! data, its objectives and its victory conditions; a stat changed in the rules changes the sheet.

use crate::common::*;

fn build(game: &std::path::Path, out: &std::path::Path) {
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn every_seed_game_has_a_scenario_a_player_can_set_up_from() {
    let out = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "war-at-sea-troop-landing",
            "war-at-sea-troop-landing-2.0/scenario-island-landing.pdf",
            &[
                "Island Landing",
                "Troop counters: as many as the transports carry",
                "North island 50",
                "Centre island 50",
                "South island 50",
                "Allies POINTS 100",
                "Victory points to win: 150",
                "11 Optional Rules",
            ],
        ),
        (
            "one-hour-wargames-wwii",
            "one-hour-wargames-wwii-8/scenario-hold-the-crossroads.pdf",
            &[
                "Hold the Crossroads",
                "2 Tank Platoon",
                "Tank Platoon Tank 3d5+2\" 12\" 4\" 24\"",
                "Turn 6: Blue, 2 × Tank Platoon",
                "The crossroads village",
                "Turns: 15",
            ],
        ),
        (
            "genpei-naval",
            "genpei-naval-1.0/scenario-dan-no-ura.pdf",
            &[
                "Dan-no-ura",
                "towards the Minamoto edge",
                "Sohei Archers",
                "Blue triangle 1 3 dice 2 dice 2–3 hexes",
                "Victory banner",
                "Victory points to win: 7",
                "1.3 Grappling",
            ],
        ),
        (
            "white-star-rising",
            "white-star-rising-1.0/scenario-hedgerow-counterattack.pdf",
            &[
                "Hedgerow Counterattack",
                "3 Para Rifle",
                "Infantry and guns · full / reduced 1 / 0 4 / 2 5 / 5 4 / 4 5 / 3 8 / 7 5 / 5",
                "StuG III",
                "6 / 4 3 / 2 4 / 4 10 / 10 3 / 1 – 6 / 6 3 / 3 4 / 4",
                "The hamlet 3",
                "Turns: 8",
            ],
        ),
        (
            "starting-phase",
            "starting-phase-0.1/scenario-swarm-at-the-shrine.pdf",
            &[
                "Swarm at the Shrine",
                "The Hive",
                "6 Bug Swarm",
                "5 8",
                "Zealot Preacher",
                "7 6",
                "The shrine",
                "Hive Mind",
            ],
        ),
    ];
    for (game, pdf, facts) in cases {
        build(&repo().join("data").join(game), out.path());
        let path = out.path().join(pdf);
        let text = pdf_text(&path);
        for f in *facts {
            assert!(text.contains(f), "{game}: `{f}` missing from the scenario sheet:\n{text}");
        }
        let (_, pages) = pdf_info(&path);
        assert!((1..=2).contains(&pages), "{game}: {pages} pages");
    }
}

#[test]
fn a_stat_changed_in_the_rules_changes_the_scenario_sheet() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/white-star-rising"), &game);
    let units = game.join("units.toml");
    let text = std::fs::read_to_string(&units).unwrap();
    std::fs::write(&units, text.replacen("stats = { ap = 6, he = 3", "stats = { ap = 7, he = 3", 1)).unwrap();
    build(&game, &tmp.path().join("out"));
    let sheet = pdf_text(&tmp.path().join("out/white-star-rising-1.0/scenario-hedgerow-counterattack.pdf"));
    assert!(
        sheet.contains(
            "StuG III Armored Fighting Vehicle · full / reduced 7 / 4 3 / 2 4 / 4 10 / 10 3 / 1 – 6 / 6 3 / 3 4 / 4"
        ),
        "{sheet}"
    );
    let counters = pdf_text(&tmp.path().join("out/white-star-rising-1.0/counters.pdf"));
    assert!(counters.contains("7/3"), "the counter follows too: {counters}");
}
