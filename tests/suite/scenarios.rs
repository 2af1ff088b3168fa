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
                "Victory points to win: more than 150",
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
            "genpei-naval/scenario-dan-no-ura.pdf",
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
            "white-star-rising/scenario-hedgerow-counterattack.pdf",
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
                "3 5",
                "Zealot Preacher",
                "4 4",
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
    let sheet = pdf_text(&tmp.path().join("out/white-star-rising/scenario-hedgerow-counterattack.pdf"));
    assert!(
        sheet.contains(
            "StuG III Armored Fighting Vehicle · full / reduced 7 / 4 3 / 2 4 / 4 10 / 10 3 / 1 – 6 / 6 3 / 3 4 / 4"
        ),
        "{sheet}"
    );
    let counters = pdf_text(&tmp.path().join("out/white-star-rising/counters.pdf"));
    assert!(counters.contains("7/3"), "the counter follows too: {counters}");
}

/// A Battle for Moscow-style game: a run of seven Panzer Corps, two of them set up by id, two
/// more by count, and one arriving by id.
const MOSCOW: &[(&str, &str)] = &[
    (
        "game.toml",
        "[game]\nid = \"moscow\"\ntitle = \"Moscow\"\nversion = \"1\"\n\n\
         [[side]]\nid = \"german\"\nname = \"German\"\ncolor = \"#8a8f99\"\n\n\
         [[side]]\nid = \"soviet\"\nname = \"Soviet\"\ncolor = \"#b5483a\"\n\n\
         [[stat]]\nid = \"attack\"\nname = \"Attack\"\ntype = \"int\"\nmin = 0\nmax = 20\n\n\
         [[kind]]\nid = \"corps\"\nname = \"Corps\"\nstats = [\"attack\"]\n",
    ),
    (
        "units.toml",
        "[[unit]]\nid = \"pz-corps\"\nname = \"Panzer Corps\"\nkind = \"corps\"\nside = \"german\"\nstats = { attack = 8 }\n\n\
         [[unit]]\nid = \"rifle-army\"\nname = \"Rifle Army\"\nkind = \"corps\"\nside = \"soviet\"\nstats = { attack = 4 }\n",
    ),
    (
        "counters.toml",
        "[[counter_group]]\nid = \"units\"\nsize = \"1in\"\nfont_size = \"6pt\"\nlayout = { top = \"{name}\", bottom = \"{attack}\", left = \"{label}\" }\n\n\
         [[counter]]\nunit = \"pz-corps\"\nids = [\"XXIV\", \"XLVI\", \"XLVII\", \"LVI\", \"XL\", \"XLI\", \"LVII\"]\n\n\
         [[counter]]\nunit = \"rifle-army\"\nids = \"3-5\"\n",
    ),
    (
        "map.toml",
        "[[map]]\nid = \"front\"\ntitle = \"Front\"\ngrid = \"hex\"\ncolumns = 10\nrows = 8\ncell = \"20mm\"\n",
    ),
    (
        "scenarios.toml",
        "[[scenario]]\nid = \"typhoon\"\ntitle = \"Typhoon\"\nboard = { map = \"front\" }\n\n\
         [[scenario.side]]\nside = \"german\"\nforces = [\n\
           { unit = \"pz-corps\", count = 2, cells = [\"0201\", \"0301\"] },\n\
           { counters = [\"XXIV\", \"XLVI\"], cells = [\"0202\", \"0604\"] },\n\
           { counters = [\"LVII\"], arrives = 3, entry = \"0105\" },\n]\n\n\
         [[scenario.side]]\nside = \"soviet\"\nforces = [{ counters = [\"4\"], cells = [\"0808\"] }]\n",
    ),
];

#[test]
fn a_force_sets_up_the_counters_it_names_in_the_hexes_it_names() {
    use playaid::write::setup::{Place, placements};
    let dir = tempfile::tempdir().unwrap();
    write_game(dir.path(), MOSCOW);
    let c = playaid::build::load_and_check(dir.path(), None).unwrap();
    assert!(!c.has_errors(), "{:?}", c.diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    let (game, layout) = (&c.game, &c.stages.as_ref().unwrap().1);
    let sc = &game.scenarios[0];
    let grid = game.maps[0].grid();
    let placed: Vec<(String, Place)> = placements(game, layout, sc)
        .into_iter()
        .map(|p| (layout.counters.counters[p.counter].mark.clone().unwrap_or_default(), p.place))
        .collect();
    let cell = |n: &str| Place::Cell(grid.parse(n).unwrap());
    let at = |id: &str| placed.iter().filter(|(m, _)| m == id).map(|(_, p)| p.clone()).collect::<Vec<_>>();
    assert_eq!(at("XXIV"), vec![cell("0202")], "{placed:?}");
    assert_eq!(at("XLVI"), vec![cell("0604")]);
    assert_eq!(at("LVII"), vec![Place::Arrives { turn: 3, entry: Some("0105".into()) }]);
    assert_eq!(at("4"), vec![cell("0808")]);
    // The two by count take the first counters no force names, not XXIV or XLVI.
    assert_eq!(at("XLVII"), vec![cell("0201")]);
    assert_eq!(at("LVI"), vec![cell("0301")]);
    assert_eq!(placed.len(), 6);

    // The sheet says where each named counter goes, and the set-up map prints their ids.
    let out = tempfile::tempdir().unwrap();
    build(dir.path(), out.path());
    let folder = std::fs::read_dir(out.path()).unwrap().next().unwrap().unwrap().path();
    let text = pdf_text(&folder.join("scenario-typhoon.pdf"));
    for want in ["XXIV: 0202, XLVI: 0604", "LVII, enters at 0105", "0201, 0301", "4: 0808", "LVII, turn 3"] {
        assert!(text.contains(want), "`{want}` is not on the sheet:\n{text}");
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    for id in ["XXIV", "XLVI"] {
        // On its block on the map, in the forces table, and in the key.
        assert_eq!(words.iter().filter(|w| w.trim_matches([',', ':', ')', '(']) == id).count(), 3, "{id}: {text}");
    }
}

#[test]
fn the_sheets_say_the_games_own_words() {
    let dir = tempfile::tempdir().unwrap();
    write_game(dir.path(), MOSCOW);
    let game = std::fs::read_to_string(dir.path().join("game.toml")).unwrap();
    let game = game.replacen(
        "version = \"1\"\n",
        "version = \"1\"\n\n[game.words]\nturn = \"round\"\nunit = \"formation\"\nreinforcements = \"reserves\"\n\
         objective = \"victory hex\"\nobjectives = \"victory hexes\"\nsetup = \"deployment\"\n",
        1,
    );
    std::fs::write(dir.path().join("game.toml"), game).unwrap();
    // Without a turn track, the sheet lists the arrivals under the game's word for them.
    let out = tempfile::tempdir().unwrap();
    build(dir.path(), out.path());
    let folder = std::fs::read_dir(out.path()).unwrap().next().unwrap().unwrap().path();
    let text = pdf_text(&folder.join("scenario-typhoon.pdf"));
    assert!(text.contains("RESERVES") && text.contains("Round 3: German, 1 × Panzer Corps"), "{text}");
    let track = "[turn_track]\nturns = [{ name = \"1\" }, { name = \"2\" }, { name = \"3\" }, { name = \"4\" }]\n";
    std::fs::write(dir.path().join("charts.toml"), track).unwrap();
    let sc = std::fs::read_to_string(dir.path().join("scenarios.toml")).unwrap();
    std::fs::write(
        dir.path().join("scenarios.toml"),
        format!(
            "{sc}\n[scenario.victory]\nturns = 4\n\n\
             [[scenario.objective]]\nname = \"Moscow\"\nvictory_points = 5\ncells = [\"1005\"]\n"
        ),
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    build(dir.path(), out.path());
    let folder = std::fs::read_dir(out.path()).unwrap().next().unwrap().unwrap().path();
    let text = pdf_text(&folder.join("scenario-typhoon.pdf"));
    for want in [
        "ROUND RECORD TRACK",
        "ROUNDS",
        "Rounds: 4",
        "Formation",
        "LVII, round 3",
        "VICTORY HEXES",
        "Victory hex",
        "Deployment / notes",
    ] {
        assert!(text.contains(want), "`{want}` is not on the sheet:\n{text}");
    }
    let lower = text.to_lowercase();
    for gone in ["turn", "set-up", "reinforcement", "objective"] {
        assert!(!lower.contains(gone), "the sheet still says {gone}:\n{text}");
    }
    // The Tabletop Simulator save names its bag of arrivals in the game's words too.
    let o = playaid(&["build", dir.path().to_str().unwrap(), "-o", out.path().to_str().unwrap(), "-q", "--tts"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let saves: Vec<String> = (std::fs::read_dir(folder.join("tts")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .filter(|s| s.contains("Typhoon"))
        .collect();
    assert_eq!(saves.len(), 1, "one save for the scenario");
    assert!(saves[0].contains("\"Round 3 reserves, entering at 0105\""), "{}", saves[0]);
}

/// A unit set up in several areas is keyed once, with every area it stands in: "March Riders
/// ×3 (in Vessa, Highgate and Greyford)", not the first force's area alone.
#[test]
fn the_set_up_key_names_every_area_a_unit_stands_in() {
    use playaid::export::{DocKind, ExportOptions, export};
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("salt");
    copy_dir(&repo().join("data/salt-crown"), &game);
    let counters = std::fs::read_to_string(game.join("counters.toml")).unwrap();
    let riders = "unit = \"march-riders\"\n";
    std::fs::write(game.join("counters.toml"), counters.replacen(riders, &format!("{riders}quantity = 3\n"), 1))
        .unwrap();
    let sc = std::fs::read_to_string(game.join("scenarios.toml")).unwrap();
    let one = "  { unit = \"march-riders\", area = \"vessa\" },\n";
    let three = format!(
        "{one}  {{ unit = \"march-riders\", area = \"highgate\" }},\n  {{ unit = \"march-riders\", area = \"greyford\" }},\n"
    );
    std::fs::write(game.join("scenarios.toml"), sc.replacen(one, &three, 1)).unwrap();
    let checked = playaid::build::load_and_check(&game, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let doc = DocKind::parse("scenario", Some("first-year")).unwrap();
    let exported = export(&checked.game, ix, laid_out, &doc, &ExportOptions::default());
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let key = data["scenario"]["board"]["key"].as_array().unwrap();
    let riders: Vec<&serde_json::Value> = key.iter().filter(|k| k["name"] == "March Riders").collect();
    assert_eq!(riders.len(), 1, "{key:?}");
    assert_eq!(riders[0]["count"], 3);
    assert_eq!(riders[0]["areas"], serde_json::json!(["Vessa", "Highgate", "Greyford"]));
    // And on the sheet, in words.
    let r = playaid::render::Renderer::new(&checked.game.root, None).unwrap();
    let compiled = r.compile("scenario", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    let pdf = tmp.path().join("s.pdf");
    std::fs::write(&pdf, compiled.pdf().unwrap()).unwrap();
    let text = pdf_text(&pdf).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("March Riders ×3 (in Vessa, Highgate and Greyford)"), "{text}");
}

/// A force of counters of no unit (markers, named on their [[counter]]) goes by the counters'
/// name in the forces table and the set-up key, never by nothing.
#[test]
fn a_force_of_markers_goes_by_the_markers_name() {
    use playaid::export::{DocKind, ExportOptions, export};
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("g");
    copy_dir(&repo().join("tests/check/base"), &game);
    std::fs::write(
        game.join("counters.toml"),
        "[[counter_group]]\nid = \"pieces\"\nsize = \"1in\"\nlayout = { top = \"{name}\", bottom = \"{armour}-{move}\" }\n\n\
         [[counter]]\nname = \"Smoke\"\nside = \"axis\"\nids = [\"SM1\", \"SM2\"]\nfront = { armour = 0, move = 0 }\n",
    )
    .unwrap();
    std::fs::write(
        game.join("scenarios.toml"),
        "[[scenario]]\nid = \"raid\"\ntitle = \"Raid\"\n\n[[scenario.side]]\nside = \"axis\"\nforces = [{ counters = [\"SM1\", \"SM2\"] }]\n",
    )
    .unwrap();
    let checked = playaid::build::load_and_check(&game, None).unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diags);
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let doc = DocKind::parse("scenario", Some("raid")).unwrap();
    let exported = export(&checked.game, ix, laid_out, &doc, &ExportOptions::default());
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let force = &data["scenario"]["sides"][0]["forces"][0];
    assert_eq!(force["name"], "Smoke", "{force}");
}

/// An objective only one side scores carries that side's colour (its disc's ring on the set-up
/// map); a shared one carries none.
#[test]
fn a_side_only_objective_is_marked_with_its_side() {
    use playaid::export::{DocKind, ExportOptions, export};
    let dir = repo().join("data/marrow-front");
    let checked = playaid::build::load_and_check(&dir, None).unwrap();
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let game = &checked.game;
    let sc = &game.scenarios[0];
    let doc = DocKind::parse("scenario", Some(&sc.id.v)).unwrap();
    let exported = export(game, ix, laid_out, &doc, &ExportOptions::default());
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let discs = data["scenario"]["board"]["objectives"].as_array().unwrap();
    assert!(!discs.is_empty());
    for o in &sc.objectives {
        let colour = o.side.as_ref().map(|s| {
            let side = game.sides.iter().find(|x| x.id.v == s.v).unwrap();
            side.color.as_ref().unwrap().v.clone()
        });
        for d in discs.iter().filter(|d| d["name"] == o.name.v.as_str()) {
            assert_eq!(d["side_color"].as_str().map(str::to_string), colour, "{}", o.name.v);
        }
    }
    assert!(discs.iter().any(|d| d["side_color"].is_string()), "the example has a side-only objective");
}

/// A unit set up in several areas, more in one than another, says how many stand in each
/// (#44: the key said "Aldane Foot ×4 (in Aldmere)" where four stood in three areas): "March
/// Riders ×4 (in Vessa ×2, Highgate and Greyford)".
#[test]
fn the_set_up_key_says_how_many_stand_in_each_area() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("salt");
    copy_dir(&repo().join("data/salt-crown"), &game);
    let counters = std::fs::read_to_string(game.join("counters.toml")).unwrap();
    let riders = "unit = \"march-riders\"\n";
    std::fs::write(game.join("counters.toml"), counters.replacen(riders, &format!("{riders}quantity = 4\n"), 1))
        .unwrap();
    let sc = std::fs::read_to_string(game.join("scenarios.toml")).unwrap();
    let one = "  { unit = \"march-riders\", area = \"vessa\" },\n";
    let four = "  { unit = \"march-riders\", area = \"vessa\", count = 2 },\n  \
                { unit = \"march-riders\", area = \"highgate\" },\n  \
                { unit = \"march-riders\", area = \"greyford\" },\n";
    assert_eq!(sc.matches(one).count(), 1, "the example's data changed: update this test");
    std::fs::write(game.join("scenarios.toml"), sc.replacen(one, four, 1)).unwrap();
    let out = tmp.path().join("out");
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    let text =
        pdf_text(&out.join("salt-crown-1.0/scenario-first-year.pdf")).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("March Riders ×4 (in Vessa ×2, Highgate and Greyford)"), "{text}");
}
