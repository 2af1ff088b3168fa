//! The format's one style (docs/FORMAT.md, "Style of the format"): every renamed key and every
//! length that used to be a bare number. For each, the old spelling still loads into the same
//! model, with a W007 warning at the old spelling; the new spelling loads without a warning;
//! both spellings in one table are an error (E005) at the second.

use std::path::{Path, PathBuf};

use playaid::diag::{self, Diagnostic};
use playaid::load::{Loaded, load_sources};

const GAME: &str = "[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1.0\"\n";

/// One spelling change: the data written the old way and the new way, in `file` (beside a
/// minimal game.toml, or as game.toml itself), and where the old spelling warns (line, column).
struct Case {
    file: &'static str,
    old: &'static str,
    new: &'static str,
    warnings: &'static [(usize, usize)],
}

const CASES: &[Case] = &[
    Case {
        file: "units.toml",
        old: "[[kind]]\nid = \"troop\"\nname = \"Troop\"\nstats = [\"armour\"]\n",
        new: "[[kind]]\nid = \"troop\"\nname = \"Troop\"\nrequired_stats = [\"armour\"]\n",
        warnings: &[(4, 1)],
    },
    Case {
        file: "abilities.toml",
        old: "[[ability]]\nid = \"morale\"\nname = \"Morale\"\nstats = [\"ld\"]\n",
        new: "[[ability]]\nid = \"morale\"\nname = \"Morale\"\nrelated_stats = [\"ld\"]\n",
        warnings: &[(4, 1)],
    },
    Case {
        file: "abilities.toml",
        old: "[[group]]\nid = \"transport\"\nrequires = [\"capacity\"]\n",
        new: "[[group]]\nid = \"transport\"\nrequired_traits = [\"capacity\"]\n",
        warnings: &[(3, 1)],
    },
    Case {
        file: "rules.toml",
        old: "[[table]]\nid = \"capacity\"\nabilities_with = \"capacity\"\ntraits = [\"capacity\", \"scores\"]\n",
        new: "[[table]]\nid = \"capacity\"\nabilities_with = \"capacity\"\ntrait_columns = [\"capacity\", \"scores\"]\n",
        warnings: &[(4, 1)],
    },
    Case {
        file: "scenarios.toml",
        old: "[[scenario]]\ntitle = \"Landing\"\nrequires = \"2.0\"\n",
        new: "[[scenario]]\ntitle = \"Landing\"\nrules_version = \"2.0\"\n",
        warnings: &[(3, 1)],
    },
    Case {
        file: "scenarios.toml",
        old: "[[scenario]]\ntitle = \"Landing\"\n[[scenario.objective]]\nname = \"Island\"\npoints = 50\n",
        new: "[[scenario]]\ntitle = \"Landing\"\n[[scenario.objective]]\nname = \"Island\"\nvictory_points = 50\n",
        warnings: &[(5, 1)],
    },
    Case {
        file: "scenarios.toml",
        old: "[[scenario]]\ntitle = \"Landing\"\n[scenario.victory]\npoints = 150\nturns = 8\n",
        new: "[[scenario]]\ntitle = \"Landing\"\n[scenario.victory]\nvictory_points = 150\nturns = 8\n",
        warnings: &[(4, 1)],
    },
    Case {
        file: "cards.toml",
        old: "[[card]]\ntitle = \"Marsh\"\nstats = { Combat = \"max 2 dice\", Move = 1 }\nback = \"terrain\"\n",
        new: "[[card]]\ntitle = \"Marsh\"\nfields = { Combat = \"max 2 dice\", Move = 1 }\ncard_back = \"terrain\"\n",
        warnings: &[(3, 1), (4, 1)],
    },
    Case {
        file: "cards.toml",
        old: "[cards]\nback = \"plain\"\nabilities = \"short\"\n",
        new: "[cards]\ncard_back = \"plain\"\nability_text = \"short\"\n",
        warnings: &[(2, 1), (3, 1)],
    },
    Case {
        file: "cards.toml",
        old: "[cards]\nbleed = 2\nsafe = 2.5\nfont_size = 6\nmin_font_size = 5\n",
        new: "[cards]\nbleed = \"2mm\"\nsafe = \"2.5mm\"\nfont_size = \"6pt\"\nmin_font_size = \"5pt\"\n",
        warnings: &[(2, 9), (3, 8), (4, 13), (5, 17)],
    },
    Case {
        file: "counters.toml",
        old: "[counters]\ngutter = 2\nmargin = 6\nback_offset = [0.5, -1]\n",
        new: "[counters]\ngutter = \"2mm\"\nmargin = \"6mm\"\nback_offset = [\"0.5mm\", \"-1mm\"]\n",
        warnings: &[(2, 10), (3, 10), (4, 15)],
    },
    Case {
        file: "counters.toml",
        old: "[[counter]]\nname = \"Hit\"\ngroup = \"markers\"\n",
        new: "[[counter]]\nname = \"Hit\"\ncounter_group = \"markers\"\n",
        warnings: &[(3, 1)],
    },
    Case {
        file: "counters.toml",
        old: "[[counter_group]]\nid = \"units\"\nsize = \"3/4in\"\nfont_size = 5.4\nmin_font_size = 4.6\n",
        new: "[[counter_group]]\nid = \"units\"\nsize = \"3/4in\"\nfont_size = \"5.4pt\"\nmin_font_size = \"4.6pt\"\n",
        warnings: &[(4, 13), (5, 17)],
    },
    Case {
        file: "counters.toml",
        old: "[[counter_group]]\nid = \"units\"\nlayout = { top-left = \"{a}\", top-right = \"{b}\", bottom-left = \"{c}\", bottom-right = \"{d}\" }\n",
        new: "[[counter_group]]\nid = \"units\"\nlayout = { top_left = \"{a}\", top_right = \"{b}\", bottom_left = \"{c}\", bottom_right = \"{d}\" }\n",
        warnings: &[(3, 12), (3, 30), (3, 49), (3, 70)],
    },
    Case {
        file: "counters.toml",
        old: "[[counter_group]]\nid = \"units\"\nback_layout = { bottom = { text = \"{a}\", size = 7 } }\n",
        new: "[[counter_group]]\nid = \"units\"\nback_layout = { bottom = { text = \"{a}\", font_size = \"7pt\" } }\n",
        // The old key, and its bare number.
        warnings: &[(3, 42), (3, 49)],
    },
    Case {
        file: "counters.toml",
        old: "[[counter_group]]\nid = \"units\"\nfront_style = { text = \"#ffffff\", stripe = \"side\" }\n",
        new: "[[counter_group]]\nid = \"units\"\nfront_style = { text_color = \"#ffffff\", stripe = \"side\" }\n",
        warnings: &[(3, 17)],
    },
    Case {
        file: "game.toml",
        old: "[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1.0\"\n[game.cheatsheet]\nfont_size = 8.5\n",
        new: "[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1.0\"\n[game.cheatsheet]\nfont_size = \"8.5pt\"\n",
        warnings: &[(6, 13)],
    },
];

fn load(file: &str, text: &str) -> Loaded {
    let dir = PathBuf::from("/nonexistent/game");
    let mut sources = vec![(dir.join("game.toml"), GAME.as_bytes().to_vec())];
    if file == "game.toml" {
        sources[0].1 = text.as_bytes().to_vec();
    } else {
        sources.push((dir.join(file), text.as_bytes().to_vec()));
    }
    load_sources(Path::new(&dir), sources)
}

/// `CODE line:col` of every finding, in the order they were found (the order of reading, not
/// of the file: the checker sorts them for printing).
fn findings(l: &Loaded) -> Vec<String> {
    l.diags
        .iter()
        .map(|d| format!("{} {}", d.code.code, at(l, d).map(|(a, b)| format!("{a}:{b}")).unwrap_or_default()))
        .collect()
}

fn at(l: &Loaded, d: &Diagnostic) -> Option<(usize, usize)> {
    d.loc.as_ref().map(|loc| l.game.files.line_col(loc.file, loc.span.start))
}

/// The model as loaded, without the source files and byte positions (which move when a key is
/// renamed), so two spellings can be compared.
fn model(mut l: Loaded) -> String {
    l.game.files = Default::default();
    let text = format!("{:#?}", l.game);
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("span: ") {
        out.push_str(&rest[..i]);
        rest = rest[i + 6..].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    }
    out.push_str(rest);
    out
}

#[test]
fn new_spellings_load_without_a_finding() {
    for case in CASES {
        let l = load(case.file, case.new);
        assert!(l.diags.is_empty(), "{}:\n{}\ngave {:?}", case.file, case.new, findings(&l));
    }
}

#[test]
fn old_spellings_warn_where_they_are_written() {
    for case in CASES {
        let l = load(case.file, case.old);
        let want: Vec<String> = case.warnings.iter().map(|(line, col)| format!("W007 {line}:{col}")).collect();
        let mut got = findings(&l);
        got.sort_by_key(|f| f.split([' ', ':']).skip(1).map(|n| n.parse::<usize>().unwrap_or(0)).collect::<Vec<_>>());
        assert_eq!(got, want, "{}:\n{}", case.file, case.old);
        for d in &l.diags {
            assert_eq!(d.code, diag::DEPRECATED_SPELLING);
            assert!(!d.is_error(), "{}", d.message);
            // Every warning names what the new text writes instead: "... is now `new`", or
            // "... with its unit: \"2mm\"".
            let new = match d.message.rsplit_once(": ") {
                Some((_, suggested)) => suggested,
                None => d.message.rsplit('`').nth(1).unwrap_or(""),
            };
            assert!(case.new.contains(new), "`{}` does not name a spelling of the new text", d.message);
        }
    }
}

#[test]
fn old_spellings_load_into_the_same_model() {
    for case in CASES {
        assert_eq!(model(load(case.file, case.old)), model(load(case.file, case.new)), "{}:\n{}", case.file, case.old);
    }
}

#[test]
fn a_bare_number_warning_suggests_the_string() {
    let l = load("counters.toml", "[counters]\ngutter = 0.5\nback_offset = [0.5, -1]\n");
    let mut messages: Vec<&str> = l.diags.iter().map(|d| d.message.as_str()).collect();
    messages.sort();
    assert_eq!(
        messages,
        [
            "`back_offset` is now a length with its unit: [\"0.5mm\", \"-1mm\"]",
            "`gutter` is now a length with its unit: \"0.5mm\""
        ]
    );
}

#[test]
fn a_renamed_key_warning_names_both_spellings() {
    let l = load("scenarios.toml", "[[scenario]]\ntitle = \"Landing\"\nrequires = \"2.0\"\n");
    let d = &l.diags[0];
    assert_eq!(d.message, "`requires` on a scenario is now `rules_version`");
    assert_eq!(d.help.as_deref(), Some("rename it; the old spelling will stop working in a later version"));
}

#[test]
fn both_spellings_in_one_table_are_an_error_at_the_second() {
    let l = load("scenarios.toml", "[[scenario]]\ntitle = \"Landing\"\nrules_version = \"2.0\"\nrequires = \"1.0\"\n");
    assert_eq!(findings(&l), ["E005 4:1"]);
    let l = load("scenarios.toml", "[[scenario]]\ntitle = \"Landing\"\nrequires = \"1.0\"\nrules_version = \"2.0\"\n");
    assert_eq!(findings(&l), ["E005 4:1"]);
    // The new spelling's value is the one read.
    assert_eq!(l.game.scenarios[0].requires.as_ref().map(|r| r.v.as_str()), Some("2.0"));
    let l = load("counters.toml", "[[counter_group]]\nid = \"u\"\nlayout = { top_left = \"a\", top-left = \"b\" }\n");
    assert_eq!(findings(&l), ["E005 3:28"]);
}

#[test]
fn old_spellings_are_not_suggested_for_typos() {
    let l = load("units.toml", "[[kind]]\nid = \"troop\"\nname = \"Troop\"\nstatz = [\"armour\"]\n");
    assert_eq!(findings(&l), ["E002 4:1"]);
    let help = l.diags[0].help.as_deref().unwrap_or("");
    assert!(!help.contains("`stats`"), "{help}");
}

#[test]
fn every_example_uses_the_new_spellings() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data");
    for game in std::fs::read_dir(&data).unwrap() {
        let dir = game.unwrap().path();
        let l = playaid::load::load(&dir).unwrap();
        let old: Vec<String> =
            l.diags.iter().filter(|d| d.code == diag::DEPRECATED_SPELLING).map(|d| d.message.clone()).collect();
        assert!(old.is_empty(), "{}: {old:?}", dir.display());
    }
}
