//! A clean check is a clean build for cards: every text printed on a card of every example,
//! lengthened (x2, x4, x8) one at a time. `check` reports E023 for exactly the cards whose
//! text, laid out on the compiled card sheet, runs past its panel (the build's own test, from
//! the `<pa-text>` marks of the page), and for no other. And within one card layout every unit
//! card puts each stat in the same place.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::common::*;
use playaid::build::{Checked, load_and_check};
use playaid::diag;
use playaid::export::{DocKind, ExportOptions, export};
use playaid::model::{Ability, AbilityStyle, Section, Terrain, Text};
use playaid::render::{Compiled, Renderer};

/// The cards document of a checked game, compiled on `r` (one renderer for every case of a
/// game: Typst's memoised layout of the cards a case leaves alone carries over).
fn compiled_cards(r: &mut Renderer, checked: &Checked) -> (Compiled, Vec<(String, playaid::source::Loc)>) {
    let (ix, laid_out) = checked.stages.as_ref().unwrap();
    let exported =
        export(&checked.game, ix, laid_out, &DocKind::parse("cards", None).unwrap(), &ExportOptions::default());
    r.set_fonts(laid_out.fonts.clone());
    let compiled = r.compile("cards", &exported.data_json, &exported.texts_typ).unwrap_or_else(|e| panic!("{e:?}"));
    (compiled, exported.pieces)
}

/// The cards whose text runs past its panel on the compiled sheet (by how `check` names them).
fn run_past(compiled: &Compiled, pieces: &[(String, playaid::source::Loc)]) -> BTreeSet<String> {
    let marks = compiled.query_metadata("pa-text");
    let mut out = BTreeSet::new();
    for pair in marks.windows(2) {
        let ((top, page, _, y0), (bottom, page2, _, y1)) = (&pair[0], &pair[1]);
        if top["edge"] == "top" && bottom["edge"] == "bottom" && page == page2 && top["index"] == bottom["index"] {
            let room = top["room"].as_f64().unwrap();
            if y1 - y0 > room + 0.05 {
                out.insert(pieces[top["index"].as_u64().unwrap() as usize].0.clone());
            }
        }
    }
    out
}

/// The cards `check` says do not fit, each with where it points.
fn overflowing(checked: &Checked) -> BTreeMap<String, playaid::source::Loc> {
    checked
        .diags
        .iter()
        .filter(|d| d.code == diag::TEXT_OVERFLOW)
        .filter_map(|d| {
            let what = d.message.strip_prefix("the text of ")?.split(" does not fit").next()?.to_string();
            Some((what, d.loc.clone().unwrap()))
        })
        .collect()
}

/// Every value printed on a card: (file, byte span of the TOML string or CSV cell).
fn card_fields(checked: &Checked) -> Vec<(usize, Range<usize>)> {
    let game = &checked.game;
    let (_, laid_out) = checked.stages.as_ref().unwrap();
    let mut out: Vec<(usize, Range<usize>)> = Vec::new();
    let mut text = |t: &Text| out.push((t.loc.file, t.loc.span.clone()));
    let mut plain = Vec::new();
    let ability = |id: &str| game.abilities.iter().find(|a: &&Ability| a.id.v == id);
    for rc in &laid_out.cards.cards {
        if let Some(c) = rc.card.map(|i| &game.cards[i]) {
            plain.extend(c.title.iter().chain(&c.subtitle).map(|s| s.loc.clone()));
            c.text.iter().for_each(&mut text);
            if let Some(r) = &c.reference {
                match r.key {
                    "terrain" => {
                        let t = game.terrain.iter().find(|t: &&Terrain| t.id.v == r.id.v);
                        t.and_then(|t| t.text.as_ref()).into_iter().for_each(&mut text);
                    }
                    "ability" => ability(&r.id.v).and_then(|a| a.text.as_ref()).into_iter().for_each(&mut text),
                    "section" => {
                        let s = game.sections.iter().find(|s: &&Section| s.id.v == r.id.v);
                        s.into_iter().flat_map(|s| &s.text).for_each(&mut text);
                    }
                    _ => {}
                }
            }
        }
        if let Some(u) = rc.unit.map(|i| &game.units[i]) {
            plain.push(u.name.loc.clone());
            u.notes.iter().for_each(&mut text);
            u.stat_notes.iter().for_each(|(_, t)| text(t));
            for r in &u.abilities {
                let Some(a) = ability(&r.id) else { continue };
                let t = match game.card_options.abilities {
                    AbilityStyle::Short => a.short.as_ref().or(a.text.as_ref()),
                    AbilityStyle::Full => a.text.as_ref(),
                };
                t.into_iter().for_each(&mut text);
            }
        }
    }
    out.extend(plain.into_iter().map(|l| (l.file, l.span)));
    out.sort_by_key(|(f, s)| (*f, s.start));
    out.dedup();
    out
}

/// `source` with the string (or CSV cell) at `span` holding its text `times` times.
fn lengthened(source: &str, span: &Range<usize>, times: usize) -> String {
    let lit = &source[span.clone()];
    let quote = ["\"\"\"", "'''", "\"", "'"].into_iter().find(|q| lit.starts_with(q) && lit.len() >= 2 * q.len());
    let (open, inner, close) = match quote {
        Some(q) => (q, &lit[q.len()..lit.len() - q.len()], q),
        None => ("", lit, ""),
    };
    let inner = inner.trim_end_matches('\n');
    let long = vec![inner; times].join(" ");
    format!("{}{open}{long}{close}{}", &source[..span.start], &source[span.end..])
}

#[test]
fn a_card_text_check_passes_is_a_card_text_the_build_prints_whole() {
    let (mut cases, mut overflows, mut at_field) = (0, 0, 0);
    for dir in example_games() {
        let base = load_and_check(&dir, None).unwrap();
        assert!(!base.has_errors(), "{}", dir.display());
        let root = base.game.root.clone();
        // One copy of the game, each case written into it and undone after.
        let tmp = tempfile::tempdir().unwrap();
        copy_dir(&dir, tmp.path());
        let mut r = Renderer::new(tmp.path(), None).unwrap();
        for (file, span) in card_fields(&base) {
            let f = base.game.files.get(file);
            let rel = f.path.strip_prefix(&root).unwrap_or(&f.path).to_path_buf();
            for times in [2, 4, 8] {
                std::fs::write(tmp.path().join(&rel), lengthened(&f.text, &span, times)).unwrap();
                let checked = load_and_check(tmp.path(), None).unwrap();
                std::fs::copy(dir.join(&rel), tmp.path().join(&rel)).unwrap();
                cases += 1;
                let said = overflowing(&checked);
                let other: Vec<_> =
                    checked.diags.iter().filter(|d| d.is_error() && d.code != diag::TEXT_OVERFLOW).collect();
                let case = format!(
                    "{} x{times}: {}",
                    rel.display(),
                    &f.text[span.clone()].chars().take(40).collect::<String>()
                );
                assert!(other.is_empty(), "{case}: {:?}", other.iter().map(|d| &d.message).collect::<Vec<_>>());
                // Counters that no longer fit are the counter layout's (tested apart): only
                // cards are compared here. A field both print (a unit's name on its block
                // sticker and on its card) that no longer fits the counter is an error before
                // the cards are measured, and the build stops there: nothing to compare.
                if checked.diags.iter().any(|d| d.is_error() && !d.message.starts_with("the text of ")) {
                    continue;
                }
                let said: BTreeMap<_, _> = said.into_iter().collect();
                let (compiled, pieces) = compiled_cards(&mut r, &checked);
                let printed = run_past(&compiled, &pieces);
                let named: BTreeSet<String> = said.keys().cloned().collect();
                assert_eq!(
                    named,
                    printed,
                    "{case}: check's E023 (left) and the cards that run past their panel (right); marks {:?}",
                    compiled.query_metadata("pa-text").iter().take(6).collect::<Vec<_>>()
                );
                overflows += said.len();
                at_field += said
                    .values()
                    .filter(|l| {
                        l.file == file && l.span.start <= span.start && span.start < l.span.end.max(span.start + 1)
                    })
                    .count();
            }
        }
    }
    eprintln!(
        "{cases} lengthened texts, {overflows} cards over their panel, {at_field} of them located at the lengthened field"
    );
    assert!(cases >= 250, "{cases} cases");
    assert!(overflows > 0, "some lengthened text overflows");
}

#[test]
fn within_a_layout_every_card_puts_each_stat_in_the_same_place() {
    for dir in example_games() {
        let checked = load_and_check(&dir, None).unwrap();
        let (_, laid_out) = checked.stages.as_ref().unwrap();
        let mut r = Renderer::new(&dir, None).unwrap();
        let (compiled, _) = compiled_cards(&mut r, &checked);
        let pieces = compiled.query_metadata("pa-piece");
        let mut places: BTreeMap<(String, String), Vec<(f64, usize)>> = BTreeMap::new();
        let mut seen = std::collections::HashMap::new();
        for (v, page, x, y) in compiled.query_metadata("pa-stat") {
            let index = v["index"].as_u64().unwrap() as usize;
            // The card's corner: the last piece placed on this page before the stat, this card.
            let corner = pieces
                .iter()
                .filter(|(p, pg, px, py)| {
                    *pg == page && p["index"] == v["index"] && p["face"] == "front" && *px <= x && *py <= y
                })
                .map(|(_, _, px, py)| (*px, *py))
                .max_by(|a, b| (a.0 + a.1).total_cmp(&(b.0 + b.1)))
                .expect("the card the stat is on");
            let rc = &laid_out.cards.cards[index];
            // Across in tenths of a millimetre from the card's edge, down in rows of its grid.
            let cols = rc.fit.as_ref().unwrap().stat_columns;
            let nth = seen.entry((index, page, corner.0 as i64, corner.1 as i64)).or_insert(0usize);
            let row = *nth / cols.max(1);
            *nth += 1;
            let across = (x - corner.0) * 25.4 / 72.0;
            let stat = v["stat"].as_str().unwrap().to_string();
            places.entry((v["layout"].as_str().unwrap().to_string(), stat)).or_default().push((across, row));
        }
        for ((layout, stat), at) in &places {
            let (least, most) = at.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
            let rows: BTreeSet<usize> = at.iter().map(|p| p.1).collect();
            assert!(
                most - least < 0.2 && rows.len() == 1,
                "{}: layout `{layout}` puts stat `{stat}` at {at:?} (mm across, row)",
                dir.display()
            );
        }
    }
}

/// A deck looks like one deck: on every example, the cards of one layout print one body size
/// and one title size, except the cards `check` names with W026 (set alone, smaller), and a
/// card set alone is always smaller than the size its layout shares.
#[test]
fn the_cards_of_one_layout_share_their_text_size() {
    let mut seen = 0;
    for dir in example_games() {
        let checked = load_and_check(&dir, None).unwrap();
        if checked.game.cards.is_empty() && checked.game.card_options.kinds.is_empty() {
            continue;
        }
        let alone: BTreeSet<String> = (checked.diags.iter())
            .filter(|d| d.code == diag::CARD_SMALLER_THAN_DECK)
            .filter_map(|d| Some(d.message.strip_prefix("the text of ")?.split(" prints at").next()?.to_string()))
            .collect();
        let (ix, laid_out) = checked.stages.as_ref().unwrap();
        let exported = export(&checked.game, ix, laid_out, &DocKind::Cards, &ExportOptions::default());
        let data: serde_json::Value = serde_json::from_slice(&exported.data_json).unwrap();
        let mut by_layout: BTreeMap<String, Vec<(String, f64, f64)>> = BTreeMap::new();
        for it in data["cards"]["items"].as_array().unwrap() {
            let what = exported.pieces[it["index"].as_u64().unwrap() as usize].0.clone();
            let fit = &it["fit"];
            let sizes = (fit["size"].as_f64().unwrap(), fit["title_size"].as_f64().unwrap());
            by_layout
                .entry(it["layout"]["name"].as_str().unwrap().to_string())
                .or_default()
                .push((what, sizes.0, sizes.1));
        }
        for (layout, cards) in by_layout {
            let shared: BTreeSet<(u64, u64)> =
                (cards.iter()).filter(|c| !alone.contains(&c.0)).map(|c| (c.1.to_bits(), c.2.to_bits())).collect();
            assert!(shared.len() <= 1, "{}: layout `{layout}` prints {} sizes: {cards:?}", dir.display(), shared.len());
            let Some(&(size, _)) = shared.iter().next() else { continue };
            for c in cards.iter().filter(|c| alone.contains(&c.0)) {
                assert!(c.1 < f64::from_bits(size), "{}: {} set alone at {} >= the layout's", dir.display(), c.0, c.1);
            }
            seen += cards.len();
        }
    }
    assert!(seen > 20, "{seen} cards");
}

/// `same_size = false` in [cards]: each card takes the largest size its own text allows, and
/// nothing is said; by default the short cards take the size of the medium one (the largest
/// that fits all three), and the long one, far smaller, is set alone and named (W026).
#[test]
fn same_size_false_lets_each_card_take_its_own_size() {
    let sentence = "Every squad in the target hex takes a morale check at minus one; a squad that fails is broken and \
                    falls back two hexes toward its own edge, leaving any support weapon behind.";
    let (medium, long) = ([sentence; 3].join(" "), [sentence; 6].join(" "));
    let cards = |options: &str| {
        format!(
            "{options}[[card]]\ntitle = \"Smoke\"\ntext = [\"Blocks sight.\"]\n\n[[card]]\ntitle = \"Rally\"\n\
             text = [\"A broken squad in command range recovers; it may not move this turn.\"]\n\n\
             [[card]]\ntitle = \"Ambush\"\ntext = [\"{medium}\"]\n\n\
             [[card]]\ntitle = \"Barrage\"\ntext = [\"{long}\"]\n"
        )
    };
    let sizes = |options: &str| {
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&repo().join("tests/check/base"), dir.path());
        std::fs::write(dir.path().join("cards.toml"), cards(options)).unwrap();
        let checked = load_and_check(dir.path(), None).unwrap();
        let warned = checked.diags.iter().filter(|d| d.code == diag::CARD_SMALLER_THAN_DECK).count();
        let (_, laid_out) = checked.stages.as_ref().unwrap();
        let sizes: Vec<f64> = laid_out.cards.cards.iter().map(|c| c.fit.as_ref().unwrap().size.0).collect();
        (sizes, warned)
    };
    let (own, warned) = sizes("[cards]\nsame_size = false\n\n");
    assert_eq!(warned, 0);
    // Each at its own size: the short ones larger than the medium one, the long one smallest.
    assert!(own[0] > own[2] && own[1] > own[2] && own[2] > own[3], "{own:?}");
    let (shared, warned) = sizes("");
    assert_eq!(warned, 1, "the long card is named: {shared:?}");
    assert_eq!((shared[0], shared[1]), (own[2], own[2]), "the short cards at the medium one's size: {shared:?}");
    assert_eq!(shared[2], own[2]);
    assert_eq!(shared[3], own[3], "the long card at its own size: {shared:?}");
}
