//! Cards carry everything: for every example game, each card's own region of the compiled card
//! sheet (found by the `<pa-piece>` metadata of the document; its words by `pdftotext -bbox`) holds every stat value, stat note and ability name of its unit, whole words only (no
//! hyphenated stat); special-rule cards print their rule; footers and backs say the game's
//! version; layouts order zones as the data says and fill the card.

use crate::common::*;
use std::path::Path;

use playaid::build::load_and_check;
use playaid::export::{DocKind, ExportOptions, export};
use playaid::model::{AbilityStyle, AfterEvent, Card, EventSide, Game, Scalar, Unit};
use playaid::render::Renderer;

const PT: f64 = 25.4 / 72.0; // mm per pt

/// A card front on the sheet: its item in data.json, its page (1-based), and its box in mm.
struct Front {
    item: serde_json::Value,
    page: usize,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// The game in `dir` checked clean, its cards document's data and the document compiled.
fn cards_document(dir: &Path) -> (playaid::build::Checked, playaid::export::Exported, playaid::render::Compiled) {
    let checked = load_and_check(dir, None).unwrap();
    assert!(!checked.has_errors(), "{}: {:?}", dir.display(), checked.diags.first().map(|d| &d.message));
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let exported =
        export(&checked.game, ix, laid_out, &DocKind::parse("cards", None).unwrap(), &ExportOptions::default());
    let r = Renderer::new(&checked.game.root, None).unwrap();
    let compiled = r.compile("cards", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    (checked, exported, compiled)
}

/// The checked game in `dir`, the cards document as a PDF in `pdf_dir`, and every card front.
fn card_fronts(dir: &Path, pdf_dir: &Path) -> (Game, std::path::PathBuf, Vec<Front>) {
    let (checked, exported, compiled) = cards_document(dir);
    let pdf = pdf_dir.join("cards.pdf");
    std::fs::write(&pdf, compiled.pdf().unwrap()).unwrap();
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let items = data["cards"]["items"].as_array().unwrap().clone();
    let starts = compiled.query_metadata("pa-piece");
    let ends = compiled.query_metadata("pa-piece-end");
    assert_eq!(starts.len(), ends.len());
    let mut fronts = Vec::new();
    for ((v, page, x, y), (_, _, x2, y2)) in starts.into_iter().zip(ends) {
        if v["face"] != "front" || v["copy"] != 0 {
            continue;
        }
        let item = items.iter().find(|it| it["index"] == v["index"]).expect("an item for each card").clone();
        fronts.push(Front { item, page, x: x * PT, y: y * PT, w: (x2 - x) * PT, h: (y2 - y) * PT });
    }
    (checked.game, pdf, fronts)
}

/// The words `pdftotext -bbox` finds in a region (mm) of a page, in content order: (text,
/// top, bottom, centre across, in mm). A word is in the region when its centre is.
fn words_in(pdf: &Path, page: usize, x: f64, y: f64, w: f64, h: f64) -> Vec<(String, f64, f64, f64)> {
    (words(pdf, page).into_iter())
        .filter_map(|wd| {
            let (cx, cy) = ((wd.x0 + wd.x1) / 2.0 * PT, (wd.y0 + wd.y1) / 2.0 * PT);
            let inside = cx >= x && cx <= x + w && cy >= y && cy <= y + h;
            inside.then_some((wd.text, wd.y0 * PT, wd.y1 * PT, cx))
        })
        .collect()
}

/// The text of a card's region, words joined by single spaces, words hyphenated at a line
/// end joined again.
fn card_text(pdf: &Path, f: &Front) -> String {
    let words = words_in(pdf, f.page, f.x, f.y, f.w, f.h);
    words.into_iter().map(|w| w.0).collect::<Vec<_>>().join(" ").replace("\u{ad} ", "")
}

/// Markup as it reads printed: `[[target|display]]` as display, `[[kind:target]]` and
/// `[[term]]` as their words, emphasis marks dropped.
fn printed(markup: &str) -> String {
    let mut out = String::new();
    let mut rest = markup;
    while let Some(i) = rest.find("[[") {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find("]]") else { break };
        let inner = &rest[i + 2..i + j];
        let shown = match inner.split_once('|') {
            Some((_, d)) => d,
            None => inner.rsplit(':').next().unwrap_or(inner).trim_start_matches('#'),
        };
        out.push_str(shown);
        rest = &rest[i + j + 2..];
    }
    out.push_str(rest);
    out.replace(['*', '_'], "").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The longest run of plain words of a markup text (outside references, emphasis and
/// placeholders): what must read the same on the card.
fn plain_run(markup: &str) -> String {
    markup
        .split(|c: char| "[]*_{}()".contains(c))
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .max_by_key(|s| s.split(' ').count())
        .unwrap_or_default()
        .replace('\'', "’")
}

/// What a unit's card must carry: each stat value (with its suffix), each stat note, each
/// ability's name and a run of its text, a run of each of the unit's notes.
fn must_carry(game: &Game, u: &Unit) -> Vec<String> {
    let mut out = Vec::new();
    for step in &u.steps {
        for (k, v) in &step.stats {
            let suffix = game.stats.iter().find(|s| s.id.v == k.v).and_then(|s| s.suffix.clone()).unwrap_or_default();
            let value = match &v.v {
                Scalar::Int(i) => i.to_string(),
                Scalar::Float(x) => x.to_string(),
                Scalar::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
                Scalar::Str(s) => s.clone(),
            };
            out.push(format!("{value}{suffix}"));
        }
    }
    for (_, note) in &u.stat_notes {
        out.push(printed(&note.raw));
    }
    for a in &u.abilities {
        let ability = game.abilities.iter().find(|x| x.id.v == a.id).expect("the ability exists");
        out.push(ability.name.v.clone());
        // `ability_text = "short"`: the short text where the ability has one.
        let short = ability.short.as_ref().filter(|_| game.card_options.abilities == AbilityStyle::Short);
        out.extend(short.or(ability.text.as_ref()).map(|t| plain_run(&t.raw)));
    }
    out.extend(u.notes.iter().map(|n| plain_run(&n.raw)));
    out
}

#[test]
fn every_example_card_carries_every_stat_note_and_ability_of_its_unit_in_whole_words() {
    let mut checked_units = 0;
    for dir in example_games() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, pdf, fronts) = card_fronts(&dir, tmp.path());
        assert!(!fronts.is_empty(), "{}", dir.display());
        for f in &fronts {
            let Some(unit_id) = f.item["unit"].as_str() else { continue };
            let unit = game.units.iter().find(|u| u.id.v == unit_id).unwrap();
            let text = card_text(&pdf, f);
            for want in must_carry(&game, unit) {
                assert!(text.contains(&want), "{}: card `{}` lacks `{want}`: {text}", dir.display(), unit.name.v);
                // Stats never hyphenate: every word of a value is printed whole.
                for word in want.split_whitespace() {
                    assert!(
                        text.split_whitespace()
                            .any(|w| w.trim_matches(|c: char| ",.;:()".contains(c)) == word || w.contains(word)),
                        "{}: `{word}` broken on card `{}`: {text}",
                        dir.display(),
                        unit.name.v
                    );
                }
            }
            checked_units += 1;
        }
    }
    assert!(checked_units >= 13, "unit cards checked: {checked_units}");
}

/// The words in a stat box: under `label`, in its column (halfway to the next labels of its
/// row, up to 18 mm below its label), top to bottom, left to right.
fn stat_box(words: &[(String, f64, f64, f64)], label: &str) -> String {
    let l = words.iter().find(|w| w.0 == label).unwrap_or_else(|| panic!("`{label}` in {words:?}"));
    let row: Vec<f64> = words.iter().filter(|w| (w.1 - l.1).abs() < 0.3 && w.0 != label).map(|w| w.3).collect();
    let left = row.iter().filter(|x| **x < l.3).fold(l.3 - 24.0, |a, x| a.max(*x));
    let right = row.iter().filter(|x| **x > l.3).fold(l.3 + 24.0, |a, x| a.min(*x));
    let (from, to) = ((left + l.3) / 2.0, (right + l.3) / 2.0);
    let mut inside: Vec<&(String, f64, f64, f64)> =
        words.iter().filter(|w| w.3 > from && w.3 < to && w.1 > l.1 && w.1 < l.1 + 18.0).collect();
    inside.sort_by(|a, b| ((a.1 * 2.0).round(), a.3).partial_cmp(&((b.1 * 2.0).round(), b.3)).unwrap());
    inside.iter().map(|w| w.0.as_str()).collect::<Vec<_>>().join(" ")
}

#[test]
fn genpei_sohei_cards_give_the_dice_the_unit_data_gives() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, pdf, fronts) = card_fronts(&repo().join("data/genpei-naval"), tmp.path());
    let archers = fronts.iter().find(|f| f.item["unit"] == "sohei-archers").unwrap();
    let words = words_in(&pdf, archers.page, archers.x, archers.y, archers.w, archers.h);
    for (label, want) in [
        ("MOVE", "1 or 2 and no battle"),
        ("RANGED", "2 dice 1 die if they moved"),
        ("SYMBOL", "Blue triangle"),
        ("RANGE", "2–3 hexes"),
        ("CLOSE", "3 dice 2 if moved; none if ordered by Infantry Onslaught"),
    ] {
        // The box's words, then (for the last row of boxes) the text under the bar.
        let got = stat_box(&words, label);
        assert!(got.starts_with(want), "the {label} box reads `{got}`");
    }
    assert!(!card_text(&pdf, archers).contains("trian-"), "a stat hyphenated");
}

#[test]
fn special_rule_cards_print_the_rule_not_a_pointer_to_the_cheatsheet() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, pdf, fronts) = card_fronts(&repo().join("data/starting-phase"), tmp.path());
    for (title, rule) in
        [("Hive Mind", "each remaining unit takes its own"), ("Fanatical", "it may reroll the test once")]
    {
        let f = fronts.iter().find(|f| f.item["title"] == title).unwrap_or_else(|| panic!("a `{title}` card"));
        let text = card_text(&pdf, f);
        assert!(text.contains(rule), "{title}: {text}");
        assert!(!text.contains("cheatsheet"), "{title}: {text}");
    }
}

#[test]
fn footers_and_backs_say_the_games_own_version_and_no_subtitle_repeats_a_title() {
    for (game, version, other) in
        [("war-at-sea-troop-landing-1.4", "1.4", "2.0"), ("war-at-sea-troop-landing", "2.0", "1.4")]
    {
        let tmp = tempfile::tempdir().unwrap();
        let (_, pdf, fronts) = card_fronts(&repo().join("data").join(game), tmp.path());
        let text = pdf_text(&pdf);
        // Every printed copy (a butted sheet places each copy as an item of its own).
        let cards = placed_faces(&repo().join("data").join(game)).0.iter().filter(|f| f.0 == "front").count() as i64;
        assert_eq!(text.matches(&format!("· v{version}")).count() as i64, cards, "{game}: a footer on each front");
        // The version is on each sheet's header, never on a back (a replacement card printed
        // for a later version would stand out in its deck).
        let (_, pages) = pdf_info(&pdf);
        assert_eq!(text.matches(&format!("rules version {version}")).count(), pages, "{game}: each sheet header only");
        assert!(!text.contains(other), "{game}: {text}");
        for f in &fronts {
            let t = card_text(&pdf, f);
            // The title heads the card once: not again as its subtitle (its text may name it).
            let title = f.item["title"].as_str().unwrap();
            assert!(t.starts_with(title) && !t[title.len()..].trim_start().starts_with(title), "{game}: {t}");
            assert_ne!(f.item["subtitle"].as_str(), Some(title), "{game}: the title once: {t}");
        }
    }
}

/// How far down its safe area a card's text reaches (its footer aside): 0 to 1.
fn fill(pdf: &Path, f: &Front, safe: f64) -> f64 {
    let (top, bottom) = (f.y + safe, f.y + f.h - safe);
    let words = words_in(pdf, f.page, f.x, f.y, f.w, f.h);
    let low = words.iter().filter(|w| w.2 < bottom - 4.5).map(|w| w.2).fold(top, f64::max);
    (low - top) / (bottom - top)
}

#[test]
fn example_cards_fill_their_safe_area() {
    // Before card layouts: 21 to 69 % a card, 35 to 48 % the median of a game.
    let mut all = Vec::new();
    for dir in example_games() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, pdf, fronts) = card_fronts(&dir, tmp.path());
        let mut fills: Vec<f64> = fronts.iter().map(|f| fill(&pdf, f, game.card_options.safe)).collect();
        fills.sort_by(f64::total_cmp);
        let median = fills[fills.len() / 2];
        assert!(median >= 0.6, "{}: median fill {:.0} % ({fills:?})", dir.display(), median * 100.0);
        all.extend(fills);
    }
    let least = all.iter().copied().fold(1.0, f64::min);
    // A short card shares its layout's text size (one size a deck), so it fills less than it
    // would at its own largest size: 40 % before, 39 % with one size a layout.
    assert!(least >= 0.38, "a card {:.0} % full", least * 100.0);
}

const GAME: &str = "[game]\nid = \"t\"\ntitle = \"Test\"\nversion = \"1\"\n\n[[stat]]\nid = \"move\"\nname = \"Move\"\ntype = \"int\"\n\n[[kind]]\nid = \"foot\"\nname = \"Foot\"\nrequired_stats = [\"move\"]\n\n[[unit]]\nid = \"spears\"\nname = \"Spears\"\nkind = \"foot\"\nstats = { move = 4 }\nstat_notes = { move = \"6 on a road\" }\nnotes = [\"Form a wall.\"]\n";

fn game_with(cards: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.toml"), GAME).unwrap();
    std::fs::write(
        dir.path().join("rules.toml"),
        "[[section]]\nid = \"charge\"\nnumber = \"3.1\"\ntitle = \"Charge\"\ntext = \"Roll two dice and add the charge bonus.\"\n\n\
         [[sequence]]\nid = \"turn\"\ntitle = \"Turn\"\nsteps = [{ title = \"Rally\" }, { title = \"Move\" }, { title = \"Melee\" }]\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("cards.toml"), cards).unwrap();
    dir
}

#[test]
fn a_layout_of_the_games_own_shows_its_zones_in_its_order() {
    let dir = game_with(
        "[[card_layout]]\nid = \"notes-first\"\nzones = [\"title\", \"notes\", \"stats\", \"footer\"]\n\n\
         [[card]]\nunit = \"spears\"\nlayout = \"notes-first\"\n",
    );
    let tmp = tempfile::tempdir().unwrap();
    let (_, pdf, fronts) = card_fronts(dir.path(), tmp.path());
    let words = words_in(&pdf, fronts[0].page, fronts[0].x, fronts[0].y, fronts[0].w, fronts[0].h);
    let y = |w: &str| words.iter().find(|x| x.0 == w).unwrap_or_else(|| panic!("`{w}` in {words:?}")).1;
    assert!(y("wall.") < y("MOVE"), "the notes above the stats");
    assert!(y("road") > y("MOVE"), "the stat's note under its label");
    assert!(!words.iter().any(|w| w.0 == "Foot"), "no subtitle zone: the kind is not printed");
}

#[test]
fn reference_cards_print_a_section_by_its_number_and_a_sequence() {
    let dir = game_with(
        "[[card]]\nsection = \"3.1\"\n\n[[card]]\nsequence = \"turn\"\nsubtitle = \"Reference\"\ncorner = \"A\"\n",
    );
    let tmp = tempfile::tempdir().unwrap();
    let (_, pdf, fronts) = card_fronts(dir.path(), tmp.path());
    let texts: Vec<String> = fronts.iter().map(|f| card_text(&pdf, f)).collect();
    assert!(texts[0].starts_with("Charge") && texts[0].contains("add the charge bonus"), "{}", texts[0]);
    for want in ["Turn", "Reference", "A", "Rally", "Move", "Melee"] {
        assert!(texts[1].split_whitespace().any(|w| w == want), "`{want}` in {}", texts[1]);
    }
}

/// A placed face: (face, page, box in mm as left, top, right, bottom, colour of that face,
/// item index, copy).
type Placed = (String, usize, [f64; 4], String, i64, i64);

/// Every placed face of the cards document of `dir`, and the sheet's gutter in mm.
fn placed_faces(dir: &Path) -> (Vec<Placed>, f64) {
    let (_, exported, compiled) = cards_document(dir);
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
    let items = data["cards"]["items"].as_array().unwrap().clone();
    let starts = compiled.query_metadata("pa-piece");
    let ends = compiled.query_metadata("pa-piece-end");
    let mut out = Vec::new();
    for ((v, page, x, y), (_, _, x2, y2)) in starts.into_iter().zip(ends) {
        let item = items.iter().find(|it| it["index"] == v["index"]).expect("an item for each card");
        let face = v["face"].as_str().unwrap().to_string();
        let colour = if face == "front" { &item["color"] } else { &item["back"]["color"] };
        out.push((
            face,
            page,
            [x * PT, y * PT, x2 * PT, y2 * PT],
            colour.as_str().unwrap().to_string(),
            v["index"].as_i64().unwrap(),
            v["copy"].as_i64().unwrap(),
        ));
    }
    (out, data["cards"]["sheet"]["gutter"].as_f64().unwrap())
}

/// Pairs of faces on one page that share a cut line (butted side by side or one above the
/// other, overlapping along it) and differ in colour.
fn colour_clashes(faces: &[Placed]) -> Vec<String> {
    let mut out = Vec::new();
    for a in faces {
        for b in faces {
            if a.1 != b.1 || a.3 == b.3 {
                continue;
            }
            let (p, q) = (a.2, b.2);
            let across = (p[2] - q[0]).abs() < 0.01 && p[1].max(q[1]) < p[3].min(q[3]) - 0.01;
            let down = (p[3] - q[1]).abs() < 0.01 && p[0].max(q[0]) < p[2].min(q[2]) - 0.01;
            if across || down {
                out.push(format!("{} {} on page {}: {} at {:?} next to {} at {:?}", a.0, a.4, a.1, a.3, p, b.3, q));
            }
        }
    }
    out
}

#[test]
fn no_example_card_shares_a_cut_line_with_a_card_of_another_colour() {
    let mut butted = 0;
    for dir in example_games() {
        // Genpei sets a gutter (five colours on nine cards): there nothing touches at all.
        let (faces, gutter) = placed_faces(&dir);
        let genpei = dir.ends_with("genpei-naval");
        assert_eq!(gutter, if genpei { 3.0 } else { 0.0 }, "{}: the examples butt their cards", dir.display());
        let clashes = colour_clashes(&faces);
        assert!(clashes.is_empty(), "{}: {clashes:#?}", dir.display());
        // Cards of one colour do butt: the sheet is not spread out for nothing.
        butted += faces
            .iter()
            .flat_map(|a| faces.iter().map(move |b| (a, b)))
            .filter(|(a, b)| {
                a.1 == b.1 && a.3 == b.3 && (a.2[2] - b.2[0]).abs() < 0.01 && (a.2[1] - b.2[1]).abs() < 0.01
            })
            .count();
    }
    assert!(butted >= 6, "{butted} cards butted against one of their colour");
}

const COLOURS: [&str; 3] = ["#aa2222", "#2222aa", "#22aa22"];

/// Seven cards of three colours, interleaved, two copies of the fourth.
fn interleaved(extra: &str) -> tempfile::TempDir {
    let mut cards = format!("[cards]\nduplex = \"long\"\n{extra}\n");
    for i in 0..7 {
        let q = if i == 3 { "quantity = 2\n" } else { "" };
        cards += &format!(
            "[[card]]\ntitle = \"Card {i}\"\ncolor = \"{}\"\n{q}text = \"Card number {i}.\"\n\n",
            COLOURS[i % 3]
        );
    }
    game_with(&cards)
}

#[test]
fn butted_cards_are_kept_apart_by_colour_in_the_datas_order_within_a_colour() {
    let dir = interleaved("");
    let (faces, _) = placed_faces(dir.path());
    assert_eq!(faces.iter().filter(|f| f.0 == "front").count(), 8, "every copy printed");
    assert_eq!(faces.iter().filter(|f| f.0 == "back").count(), 8, "every back printed");
    let clashes = colour_clashes(&faces);
    assert!(clashes.is_empty(), "{clashes:#?}");
    // Within a colour, the cards print in the data's order (page, then row, then column).
    for colour in COLOURS {
        let mut order: Vec<(usize, i64, i64, i64)> = faces
            .iter()
            .filter(|f| f.0 == "front" && f.3 == colour)
            .map(|f| (f.1, (f.2[1] * 100.0) as i64, (f.2[0] * 100.0) as i64, f.4 * 10 + f.5))
            .collect();
        order.sort();
        let printed: Vec<i64> = order.iter().map(|o| o.3).collect();
        let mut sorted = printed.clone();
        sorted.sort();
        assert_eq!(printed, sorted, "{colour}: cards in the data's order");
    }
    // Backs sit behind their fronts (long-edge duplex: mirrored across the page's width).
    let width = 210.0;
    for f in faces.iter().filter(|f| f.0 == "front") {
        let b = faces.iter().find(|b| b.0 == "back" && b.4 == f.4 && b.5 == f.5).expect("its back");
        assert!((b.2[0] - (width - f.2[2])).abs() < 0.01 && (b.2[1] - f.2[1]).abs() < 0.01, "{f:?} / {b:?}");
    }
}

#[test]
fn with_a_gutter_cards_keep_the_datas_order_and_their_own_bleed() {
    let dir = interleaved("gutter = \"6mm\"");
    let (faces, gutter) = placed_faces(dir.path());
    assert_eq!(gutter, 6.0);
    let fronts: Vec<_> = faces.iter().filter(|f| f.0 == "front").collect();
    assert_eq!(fronts.len(), 8);
    // The data's order: card 0, 1, 2, 3, 3, 4 ... row by row.
    let ids: Vec<i64> = fronts.iter().map(|f| f.4).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
    // No two cards touch: a 6 mm gutter between neighbours.
    for a in &fronts {
        for b in &fronts {
            if a.1 == b.1 && (a.2[1] - b.2[1]).abs() < 0.01 && b.2[0] > a.2[0] {
                assert!(b.2[0] - a.2[2] >= 6.0 - 0.01, "{a:?} / {b:?}");
            }
        }
    }
    assert!(colour_clashes(&faces).is_empty());
}

/// Dark pixels (below half grey) of a region (mm) of a page, rendered at 150 dpi.
fn dark_pixels(pdf: &Path, page: usize, x: f64, y: f64, w: f64, h: f64) -> usize {
    pdf_region_grey(pdf, page, (x, y, w, h), 150.0).px.iter().filter(|&&v| v < 128).count()
}

/// A word's box on a card: (left, top, right, bottom) in mm.
fn word_box(pdf: &Path, f: &Front, word: &str) -> (f64, f64, f64, f64) {
    (words(pdf, f.page).into_iter())
        .filter(|w| w.text == word)
        .map(|w| (w.x0 * PT, w.y0 * PT, w.x1 * PT, w.y1 * PT))
        .find(|b| b.0 >= f.x && b.2 <= f.x + f.w && b.1 >= f.y && b.3 <= f.y + f.h)
        .unwrap_or_else(|| panic!("`{word}` on the card at {:.1}, {:.1}", f.x, f.y))
}

#[test]
fn genpei_unit_cards_print_each_stats_icon_beside_its_label() {
    let tmp = tempfile::tempdir().unwrap();
    let (game, pdf, fronts) = card_fronts(&repo().join("data/genpei-naval"), tmp.path());
    let with_icon: Vec<&str> = game.stats.iter().filter(|s| s.icon.is_some()).map(|s| s.id.v.as_str()).collect();
    assert!(with_icon.len() >= 3, "Genpei's stats have icons: {with_icon:?}");
    let warriors = fronts.iter().find(|f| f.item["title"] == "Sohei Warriors").expect("the Sohei Warriors card");
    for (label, icon) in [("MOVE", true), ("CLOSE", true), ("SYMBOL", false)] {
        let (x0, y0, _, y1) = word_box(&pdf, warriors, label);
        let h = y1 - y0;
        // Where the icon goes: left of the label, 1.3 em tall (about 1.1 times the word's box).
        let dark = dark_pixels(&pdf, warriors.page, x0 - 1.25 * h, y0, h, h);
        if icon {
            assert!(dark >= 20, "{label}: an icon left of it ({dark} dark pixels)");
        } else {
            assert_eq!(dark, 0, "{label}: no icon, nothing left of it");
        }
    }
}

#[test]
fn stat_icons_instead_print_the_icon_alone_and_keep_labels_without_one() {
    let dir = game_with("[cards]\nstat_icons = \"instead\"\n\n[[card]]\nunit = \"spears\"\nfields = { Cost = 3 }\n");
    let game = std::fs::read_to_string(dir.path().join("game.toml")).unwrap();
    std::fs::write(
        dir.path().join("game.toml"),
        game.replace("name = \"Move\"\n", "name = \"Move\"\nicon = \"boot-prints\"\n"),
    )
    .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let (_, pdf, fronts) = card_fronts(dir.path(), tmp.path());
    let text = card_text(&pdf, &fronts[0]);
    assert!(!text.contains("MOVE"), "the icon instead of the label: {text}");
    assert!(text.contains("COST") && text.contains("road"), "a stat without an icon keeps its label: {text}");
    let (x0, y0, x1, _) = word_box(&pdf, &fronts[0], "4");
    // The icon sits above the value, in the label's place.
    let dark = dark_pixels(&pdf, fronts[0].page, x0 - 3.0, y0 - 5.0, x1 - x0 + 6.0, 4.5);
    assert!(dark >= 40, "an icon above the value ({dark} dark pixels)");
}

#[test]
fn marker_cards_without_a_picture_draw_their_icon_large() {
    let tmp = tempfile::tempdir().unwrap();
    let (game, pdf, fronts) = card_fronts(&repo().join("data/white-star-rising"), tmp.path());
    assert_eq!(game.card_options.layout.as_ref().map(|l| l.v.as_str()), Some("marker"));
    let mut drawn = 0;
    for f in &fronts {
        let Some(icon) = f.item["icon"].as_str() else { continue };
        let title = f.item["title"].as_str().unwrap();
        let first_word = f.item["subtitle"].as_str().unwrap_or(title).split(' ').next().unwrap().to_string();
        let (_, _, _, sub_bottom) = word_box(&pdf, f, &first_word);
        // The art zone: at least 20 mm between the title bar and the first line of text.
        let words = words_in(&pdf, f.page, f.x, sub_bottom + 0.5, f.w, f.h - (sub_bottom - f.y) - 0.5);
        let text_top = words.iter().map(|w| w.1).fold(f.y + f.h, f64::min);
        assert!(text_top - sub_bottom >= 20.0, "{title}: room for `{icon}` ({:.1} mm)", text_top - sub_bottom);
        let dark = dark_pixels(&pdf, f.page, f.x + 5.0, sub_bottom + 2.0, f.w - 10.0, text_top - sub_bottom - 4.0);
        // A large icon: at least half a square centimetre of ink at 150 dpi (1,700 pixels; a
        // 4 mm icon beside a label has about 150).
        assert!(dark >= 1_700, "{title}: `{icon}` drawn large ({dark} dark pixels)");
        drawn += 1;
    }
    assert_eq!(drawn, 4, "every White Star Rising marker card has an icon");
}

#[test]
fn marrow_front_terrain_cards_print_their_terrain_chart_rows_in_the_terrains_colour() {
    let dir = repo().join("data/marrow-front");
    let tmp = tempfile::tempdir().unwrap();
    let (game, pdf, fronts) = card_fronts(&dir, tmp.path());
    // Beside the strategy deck's cards.
    let fronts: Vec<Front> = fronts.into_iter().filter(|f| f.item["strategy"].is_null()).collect();
    assert_eq!(fronts.len(), 5);
    let want: &[(&str, &[&str])] = &[
        ("Forest", &["MOVEMENT", "Foot 2 · Motor 3", "COMBAT", "shift 1 left", "LINE OF SIGHT", "blocks"]),
        ("Hills", &["Foot 2 · Motor 3", "shift 1 left", "blocks", "Mountain troops: pay 1, ignore the shift."]),
        ("Marsh", &["Foot 3 · Motor P", "clear", "motor units may not enter"]),
        ("City", &["Foot 1 · Motor 1", "defence ×2", "blocks", "Counts for victory"]),
        ("River", &["Hexside", "CROSSING", "Foot +1 · Motor +2", "shift 1 left", "no cost, no shift."]),
    ];
    for (name, lines) in want {
        let f = fronts.iter().find(|f| f.item["title"] == *name).unwrap_or_else(|| panic!("a `{name}` card"));
        let terrain = game.terrain.iter().find(|t| t.name.v == *name).unwrap();
        assert_eq!(f.item["color"], terrain.color.as_ref().unwrap().v.as_str(), "{name}: the terrain's colour");
        assert_eq!(f.item["layout"]["name"], "terrain");
        let text = card_text(&pdf, f).replace("\u{2011}", "-");
        assert!(text.starts_with(name), "{name}: {text}");
        for line in *lines {
            assert!(text.contains(line), "{name}: `{line}` in {text}");
        }
    }
}

#[test]
fn no_example_card_prints_text_below_the_card_floor() {
    // Before: stat labels and notes at 5.85 pt, footers at 5.25 pt (4.88 pt on Starting Phase).
    for dir in example_games() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, pdf, _) = card_fronts(&dir, tmp.path());
        let floor = game.card_options.floor.text.as_ref().map_or(6.5, |f| f.v);
        let out = std::process::Command::new("pdftotext").arg("-bbox").arg(&pdf).arg("-").output().unwrap();
        let xml = String::from_utf8_lossy(&out.stdout).into_owned();
        let attr = |line: &str, name: &str| -> f64 {
            let at = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            line[at..at + line[at..].find('"').unwrap()].parse::<f64>().unwrap()
        };
        let words: Vec<(String, f64)> = xml
            .lines()
            .filter(|l| l.trim_start().starts_with("<word "))
            .map(|l| {
                let text = l[l.find('>').unwrap() + 1..l.rfind("</word>").unwrap()].to_string();
                (text, attr(l, "yMax") - attr(l, "yMin"))
            })
            .collect();
        // A word's box is as tall as the font's ascender to descender: measure it against the
        // sheet's scale label, set at 6.5 pt.
        let per_pt = words.iter().find(|w| w.0 == "measure:").expect("the scale label").1 / 6.5;
        let (word, height) = words.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        let size = height / per_pt;
        assert!(size >= floor - 0.05, "{}: `{word}` at {size:.2} pt, below {floor} pt", dir.display());
    }
}

#[test]
fn a_unit_card_with_room_to_spare_grows_its_stat_bar() {
    // Starting Phase: the Command Squad (two stats, a short note) was 60 % white; the Bug Swarm
    // card is full, its stats at the usual size.
    let tmp = tempfile::tempdir().unwrap();
    let (_, pdf, fronts) = card_fronts(&repo().join("data/starting-phase"), tmp.path());
    let card = |t: &str| fronts.iter().find(|f| f.item["title"] == t).unwrap_or_else(|| panic!("a `{t}` card"));
    let height = |f: &Front, w: &str| {
        let b = word_box(&pdf, f, w);
        b.3 - b.1
    };
    let (roomy, full) = (card("Command Squad"), card("Bug Swarm"));
    let grown = height(roomy, roomy.item["stats"][0]["value"].as_str().unwrap());
    let usual = height(full, full.item["stats"][0]["value"].as_str().unwrap());
    assert!(grown >= 1.5 * usual, "Command Squad's values {grown:.1} mm tall, Bug Swarm's {usual:.1} mm");
    // It shares its layout's text size (9 pt, the Zealot Preacher's), so its short note fills
    // a little less than at its own largest size (10.5 pt, 60 %).
    let filled = fill(&pdf, roomy, 3.0);
    assert!(filled >= 0.55, "the Command Squad card is {:.0} % filled", filled * 100.0);
}

#[test]
fn every_card_footer_is_one_line() {
    // Genpei's sided cards wrapped "… · v1.0 Mi-namoto" onto a second line down to the cut.
    for dir in example_games() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, pdf, fronts) = card_fronts(&dir, tmp.path());
        let safe = game.card_options.safe;
        for f in &fronts {
            // The footer band: from 6 mm above the safe line to the cut.
            let words = words_in(&pdf, f.page, f.x, f.y + f.h - safe - 6.0, f.w, safe + 6.0);
            let footer: Vec<_> = words.iter().filter(|w| w.1 > f.y + f.h - safe - 4.0).collect();
            let lines: std::collections::BTreeSet<i64> = footer.iter().map(|w| (w.1 * 10.0).round() as i64).collect();
            assert!(lines.len() <= 1, "{}: a footer on {} lines: {footer:?}", dir.display(), lines.len());
        }
    }
}

#[test]
fn cards_kept_apart_by_a_gutter_have_crop_marks_in_their_outer_bleed() {
    // Genpei: a 3 mm gutter and 3 mm of bleed leave no room for marks outside the bleed within
    // the printable area, so the marks are in the outer bleed strip, at each cut line.
    let tmp = tempfile::tempdir().unwrap();
    let (game, pdf, fronts) = card_fronts(&repo().join("data/genpei-naval"), tmp.path());
    let bleed = game.card_options.bleed;
    let top = fronts.iter().filter(|f| f.page == fronts[0].page).map(|f| f.y).fold(f64::MAX, f64::min);
    let first_row: Vec<&Front> =
        fronts.iter().filter(|f| f.page == fronts[0].page && (f.y - top).abs() < 0.01).collect();
    assert!(first_row.len() >= 2);
    // The strip above the first row: from the bleed's edge to the cut.
    let (y, h) = (top - bleed + 0.2, bleed - 1.2);
    let black = |g: &Grey, x: usize| (0..g.h).filter(|&y| g.px[y * g.w + x] < 60).count();
    for f in &first_row {
        for (cut, what) in [(f.x, "left"), (f.x + f.w, "right")] {
            let g = pdf_region_grey(&pdf, f.page, (cut - 0.5, y, 1.0, h), 600.0);
            let col = (0..g.w).max_by_key(|&x| black(&g, x)).unwrap();
            assert!(black(&g, col) * 2 > g.h, "no mark above the {what} cut of {}", f.item["title"]);
        }
        // And none elsewhere along the strip: the art, not a line.
        let g = pdf_region_grey(&pdf, f.page, (f.x + 5.0, y, 1.0, h), 600.0);
        assert!((0..g.w).all(|x| black(&g, x) * 2 < g.h), "a mark over {}", f.item["title"]);
    }
}

#[test]
fn no_back_tells_its_card() {
    // Within one back design every back is the same, and none names a side: Genpei's unit cards
    // printed their side's name and colour on the back, so a hand showed whose cards it held.
    for dir in example_games() {
        let (checked, exported, _) = cards_document(&dir);
        let (_, laid_out) = checked.stages.as_ref().unwrap();
        let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
        let mut by_design: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = Default::default();
        for it in data["cards"]["items"].as_array().unwrap() {
            let rc = &laid_out.cards.cards[it["index"].as_u64().unwrap() as usize];
            assert!(it["back"]["subtitle"].is_null(), "{}: a back names {}", dir.display(), it["back"]["subtitle"]);
            // Its text is the design's own markup, exported once per card under a key of its own.
            let mut back = it["back"].clone();
            back.as_object_mut().unwrap().remove("text");
            by_design.entry(format!("{:?}", rc.back.design)).or_default().insert(back.to_string());
        }
        for (design, backs) in by_design {
            assert_eq!(backs.len(), 1, "{}: backs of design {design} differ: {backs:?}", dir.display());
        }
        // And on the printed backs pages, no side's name.
        let tmp = tempfile::tempdir().unwrap();
        let (_, pdf, _) = card_fronts(&dir, tmp.path());
        let (_, pages) = pdf_info(&pdf);
        for n in 1..=pages {
            let page = pdf_page_text(&pdf, n);
            if !page.contains("backs ·") {
                continue;
            }
            for side in &checked.game.sides {
                assert!(!page.contains(&side.name.v), "{} page {n}: a back names {}", dir.display(), side.name.v);
            }
        }
    }
}

/// The sizes (pt) and text of the words of a region (mm) of a page, from `pdftotext -bbox`:
/// a word's size is its box's height.
fn sized_words(pdf: &Path, f: &Front) -> Vec<(String, f64)> {
    (words(pdf, f.page).into_iter())
        .filter(|wd| {
            let (cx, cy) = ((wd.x0 + wd.x1) / 2.0 * PT, (wd.y0 + wd.y1) / 2.0 * PT);
            cx >= f.x && cx <= f.x + f.w && cy >= f.y && cy <= f.y + f.h
        })
        .map(|wd| (wd.text.clone(), wd.y1 - wd.y0))
        .collect()
}

#[test]
fn strategy_cards_print_their_ops_event_disposition_number_and_part() {
    let dir = repo().join("data/marrow-front");
    let tmp = tempfile::tempdir().unwrap();
    let (game, pdf, fronts) = card_fronts(&dir, tmp.path());
    let deck: Vec<&Front> = fronts.iter().filter(|f| !f.item["strategy"].is_null()).collect();
    let written: Vec<&Card> = game.cards.iter().filter(|c| c.strategy.any()).collect();
    assert_eq!(deck.len(), written.len());
    assert_eq!(deck.len(), 18);
    for c in written {
        let title = &c.title.as_ref().unwrap().v;
        let f = deck.iter().find(|f| f.item["title"] == title.as_str()).unwrap_or_else(|| panic!("card {title}"));
        assert_eq!(f.item["layout"]["name"], "strategy", "{title}");
        let text = card_text(&pdf, f);
        let s = &c.strategy;
        // The ops value is the largest text on the card.
        let ops = s.ops.as_ref().unwrap().v.to_string();
        let sized = sized_words(&pdf, f);
        let ops_size = sized.iter().filter(|(w, _)| *w == ops).map(|(_, h)| *h).fold(0.0, f64::max);
        let others = sized.iter().filter(|(w, _)| *w != ops).map(|(_, h)| *h).fold(0.0, f64::max);
        assert!(ops_size > others * 1.1, "{title}: ops {ops} at {ops_size:.1} pt, other text up to {others:.1}");
        // The event's side, as the card's mark.
        let mark = match &s.event.as_ref().unwrap().v {
            EventSide::Side(id) => game.sides.iter().find(|x| x.id.v == id.v).unwrap().name.v.to_uppercase(),
            EventSide::Both => "EITHER SIDE".into(),
            EventSide::None => "NO EVENT".into(),
        };
        assert!(text.contains(&mark), "{title}: `{mark}` in {text}");
        // Removed after its event: an asterisk after the title and the mark; stays: its mark.
        let after = s.after.as_ref().map(|a| a.v);
        assert_eq!(text.contains(&format!("{title}*")), after == Some(AfterEvent::Remove), "{title}: {text}");
        assert_eq!(text.contains("REMOVE AFTER EVENT"), after == Some(AfterEvent::Remove), "{title}: {text}");
        assert_eq!(text.contains("STAYS IN PLAY"), after == Some(AfterEvent::Stays), "{title}: {text}");
        // Number, part and version in the footer.
        let part = if s.part.is_some() { "Winter" } else { "Autumn" };
        let footer = format!("No. {} · {part} · v1.0", s.number.as_ref().unwrap().v);
        assert!(text.contains(&footer), "{title}: `{footer}` in {text}");
        // The deck's colour and back, whatever the part and the event's side.
        assert_eq!(f.item["color"], "#4a3f2e", "{title}");
        assert_eq!(f.item["back"]["title"], "Fortunes of War", "{title}");
    }
    // A deck of one colour fills its sheets: 18 cards on two sheets of nine, after the
    // terrain cards' sheet.
    let sheets: std::collections::BTreeSet<usize> = deck.iter().map(|f| f.page).collect();
    assert_eq!(sheets.len(), 2, "{sheets:?}");
}

#[test]
fn a_strategy_cards_icon_fills_the_room_its_text_leaves_and_the_text_ends_at_the_foot() {
    let dir = repo().join("data/marrow-front");
    let tmp = tempfile::tempdir().unwrap();
    let (game, pdf, fronts) = card_fronts(&dir, tmp.path());
    let safe = game.card_options.safe;
    for f in fronts.iter().filter(|f| !f.item["strategy"].is_null()) {
        let title = f.item["title"].as_str().unwrap();
        let fit = &f.item["fit"];
        assert!(fit["art_height"].as_f64().unwrap() > 25.0, "{title}: {fit}");
        // The text reaches the foot of the panel (above the footer), and no word runs past it.
        let filled = fill(&pdf, f, safe);
        assert!(filled > 0.85, "{title}: text down to {:.0} % of the safe area", filled * 100.0);
    }
}

/// The card-driven game of issue #31, written without a workaround: 46 strategy cards in
/// three parts of one colour each (early, mid, late war), two aid cards, two sides with hands
/// of 7. It checks clean; the deck fills its sheets (46 cards on 6 sheets of 9 poker cards,
/// not the 9 sheets one colour per part took); Tabletop Simulator gets a deck per part.
#[test]
fn a_46_card_strategy_deck_in_three_parts_fills_six_sheets_and_deals_from_a_deck_per_part() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    let mut decks = String::from(
        "[[card_back]]\nid = \"strategy\"\ntitle = \"Strategy\"\n\n[[deck]]\ntitle = \"Strategy cards\"\nops = [1, 4]\nhand = 7\ncard_back = \"strategy\"\ncolor = \"#5a4632\"\n\n",
    );
    for (id, joins, count, colour) in
        [("early", 1, 20, "#c8a24a"), ("mid", 4, 16, "#7fa7c9"), ("late", 7, 10, "#a33b2a")]
    {
        decks.push_str(&format!(
            "[[deck.part]]\nid = \"{id}\"\ntitle = \"{} War\"\njoins = {joins}\ncount = {count}\ncolor = \"{colour}\"\n\n",
            id[..1].to_uppercase() + &id[1..]
        ));
    }
    let parts =
        std::iter::repeat_n("early", 20).chain(std::iter::repeat_n("mid", 16)).chain(std::iter::repeat_n("late", 10));
    for (n, part) in parts.enumerate() {
        let event = ["north", "south", "both", "none"][n % 4];
        // A card without an event is reshuffled (W034 would say a mark for after its event
        // prints on a card that has none).
        let after = if event == "none" { "reshuffle" } else { ["remove", "reshuffle", "stays"][n % 3] };
        decks.push_str(&format!(
            "[[card]]\ntitle = \"Event {}\"\npart = \"{part}\"\nnumber = {}\nops = {}\nevent = \"{event}\"\nafter = \"{after}\"\ntext = \"The event of card {}.\"\n\n",
            n + 1,
            n + 1,
            n % 4 + 1,
            n + 1
        ));
    }
    decks.push_str("[[card]]\ntitle = \"Operations\"\ntext = \"Spend ops to move and attack.\"\n\n");
    decks.push_str("[[card]]\ntitle = \"Turn summary\"\ntext = \"Deal, play, discard.\"\n");
    let sides = "[[side]]\nid = \"north\"\nname = \"North\"\ncolor = \"#3b5b8c\"\n\n[[side]]\nid = \"south\"\nname = \"South\"\ncolor = \"#c9a96e\"\n";
    write_game(&game, &[("game.toml", &format!("{GAME}\n{sides}")), ("decks.toml", &decks)]);
    assert_eq!(check_json(&game), Vec::<(String, String)>::new());
    let out = tmp.path().join("out");
    let o = playaid(&["build", game.to_str().unwrap(), "-o", out.to_str().unwrap(), "--tts"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let folder = std::fs::read_dir(&out).unwrap().next().unwrap().unwrap().path();
    // 48 cards: the deck's 46 fill five sheets and one card of a sixth, the two aid cards
    // (the accent's colour) beside it: fronts and backs, 12 pages.
    let (_, pages) = pdf_info(&folder.join("cards.pdf"));
    assert_eq!(pages, 12, "six sheets of fronts and backs");
    let prefix = folder.file_name().unwrap().to_string_lossy().into_owned();
    let save: serde_json::Value =
        serde_json::from_slice(&std::fs::read(folder.join("tts").join(format!("{prefix}.json"))).unwrap()).unwrap();
    let decks: Vec<(String, usize)> = (save["ObjectStates"].as_array().unwrap().iter())
        .filter(|o| o["Name"] == "DeckCustom")
        .map(|o| (o["Nickname"].as_str().unwrap().to_string(), o["ContainedObjects"].as_array().unwrap().len()))
        .collect();
    let want: Vec<(String, usize)> = [
        ("Strategy cards: Early War", 20),
        ("Strategy cards: Mid War", 16),
        ("Strategy cards: Late War", 10),
        ("Cards", 2),
    ]
    .iter()
    .map(|(n, k)| (n.to_string(), *k))
    .collect();
    assert_eq!(decks, want);
}

/// `#rrggbb` as RGB.
fn rgb(hex: &str) -> [i32; 3] {
    let n = i32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    [n >> 16, (n >> 8) & 255, n & 255]
}

/// Every card sheet of every example, rendered: just inside each card's trim, at its four
/// corners and the middle of its four edges, the card's own colour shows, never a
/// neighbour's bleed (a card touching another only corner to corner once painted its bleed
/// over that card's corner). Where a point shows some other colour, it must at least be
/// nearer the card's own colour than any other card's on the sheet.
#[test]
fn every_card_s_trim_holds_its_own_colour_to_the_edges() {
    const DPI: f64 = 100.0;
    const IN: f64 = 0.6; // mm inside the trim
    let px = |mm: f64| (mm / 25.4 * DPI).round() as u32;
    let dist = |a: [i32; 3], b: [i32; 3]| (0..3).map(|i| (a[i] - b[i]).abs()).sum::<i32>();
    let mut sampled = 0;
    for dir in example_games() {
        let (faces, _) = placed_faces(&dir);
        let (_, _, compiled) = cards_document(&dir);
        let pages = compiled.document.pages();
        let mut bad = Vec::new();
        for (page_no, page) in pages.iter().enumerate() {
            let on_page: Vec<&Placed> = faces.iter().filter(|f| f.1 == page_no + 1).collect();
            if on_page.is_empty() {
                continue;
            }
            let img = playaid::render::png::render_page(page, DPI, false);
            for f in &on_page {
                let [l, t, r, b] = f.2;
                let own = rgb(&f.3);
                let (mx, my) = ((l + r) / 2.0, (t + b) / 2.0);
                let points = [
                    (l + IN, t + IN),
                    (r - IN, t + IN),
                    (l + IN, b - IN),
                    (r - IN, b - IN),
                    (l + IN, my),
                    (r - IN, my),
                    (mx, t + IN),
                    (mx, b - IN),
                ];
                for (x, y) in points {
                    let p = img.get_pixel(px(x), px(y)).0;
                    let seen = [p[0] as i32, p[1] as i32, p[2] as i32];
                    sampled += 1;
                    let d_own = dist(seen, own);
                    let nearer = on_page
                        .iter()
                        .filter(|o| o.3 != f.3 && dist(seen, rgb(&o.3)) < d_own)
                        .min_by_key(|o| dist(seen, rgb(&o.3)));
                    if d_own > 24
                        && let Some(n) = nearer
                    {
                        let at = format!("({x:.1}, {y:.1}) mm");
                        bad.push(format!(
                            "page {}: {} {} ({}) at {at} shows {seen:?}, the colour of {} {}",
                            page_no + 1,
                            f.0,
                            f.4,
                            f.3,
                            n.0,
                            n.3
                        ));
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{}: {bad:#?}", dir.display());
    }
    assert!(sampled > 500, "{sampled} points sampled");
}
