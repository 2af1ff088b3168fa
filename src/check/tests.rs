//! One test per check: a small game with one mistake, and the exact code and line:column the
//! checker must report for it.

use std::path::{Path, PathBuf};

use crate::diag::{self, Code};
use crate::load;

/// A valid game; each test appends or replaces a part to make one mistake.
const BASE: &str = r##"[game]
id = "test"
title = "Test Game"
version = "1.0"

[[side]]
id = "allies"
name = "Allies"
color = "#4a6fa5"

[[stat]]
id = "armour"
name = "Armour"
type = "int"
min = 0
max = 10

[[stat]]
id = "move"
name = "Move"
type = "dice"

[[kind]]
id = "troop"
name = "Troop"
stats = ["armour"]
optional_stats = ["move"]

[[trait]]
id = "capacity"
name = "Capacity"
type = "int"
min = 0
max = 3

[[group]]
id = "transport"
requires = ["capacity"]

[[ability]]
id = "landing"
name = "Landing"
values = [10, 5]
groups = ["transport"]
traits = { capacity = { 10 = 2, 5 = 1 } }

[[unit]]
id = "troop"
name = "Troop"
kind = "troop"
side = "allies"
stats = { armour = 5, move = "2D6" }
abilities = ["landing 10"]

[[term]]
name = "Good Order"

[[section]]
id = "one"
number = "1"
title = "One"
items = ["units in [[Good Order]] may fire"]
"##;

/// Findings as (code, line, column) for a game.toml with `text`.
fn findings(text: &str) -> Vec<(&'static str, usize, usize)> {
    findings_files(vec![("game.toml", text)])
}

fn findings_files(files: Vec<(&str, &str)>) -> Vec<(&'static str, usize, usize)> {
    let dir = Path::new("/nonexistent-test-game");
    let sources: Vec<(PathBuf, Vec<u8>)> =
        files.into_iter().map(|(n, t)| (dir.join(n), t.as_bytes().to_vec())).collect();
    let loaded = load::load_sources(dir, sources);
    let mut diags = loaded.diags;
    if !diags.iter().any(|d| d.code == diag::TOML_SYNTAX) {
        diags.extend(super::check(&loaded.game).diags);
    }
    diags
        .iter()
        .map(|d| {
            let loc = d.loc.clone().expect("every finding has a location");
            let (l, c) = loaded.game.files.line_col(loc.file, loc.span.start);
            (d.code.code, l, c)
        })
        .collect()
}

/// `text` must produce exactly one finding: `code` at the last occurrence of `at`.
fn expect_one(text: &str, code: Code, at: &str) {
    let got = findings(text);
    let (l, c) = pos_last(text, at);
    assert_eq!(got, vec![(code.code, l, c)], "for:\n{}", &text[BASE.len().min(text.len())..]);
}

/// Line and column of the last occurrence of `needle` (mistakes are appended after BASE).
fn pos_last(text: &str, needle: &str) -> (usize, usize) {
    let off = text.rfind(needle).unwrap_or_else(|| panic!("`{needle}` not in text"));
    let before = &text[..off];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map(|i| i + 1).unwrap_or(0)..].chars().count() + 1;
    (line, col)
}

#[test]
fn base_game_is_clean() {
    assert_eq!(findings(BASE), vec![]);
}

#[test]
fn toml_syntax() {
    let text = format!("{BASE}\n[[unit]\nid = \"x\"\n");
    let got = findings(&text);
    assert!(!got.is_empty() && got.iter().all(|f| f.0 == "E001"), "{got:?}");
    assert_eq!(got[0].1, pos_last(&text, "[[unit]\n").0);
}

#[test]
fn unknown_field_with_did_you_mean() {
    let text = BASE.replace("abilities = [\"landing 10\"]", "abilities = [\"landing 10\"]\nquantty = 3");
    expect_one(&text, diag::UNKNOWN_FIELD, "quantty");
    let dir = Path::new("/x");
    let loaded = load::load_sources(dir, vec![(dir.join("game.toml"), text.into_bytes())]);
    let d = loaded.diags.iter().find(|d| d.code == diag::UNKNOWN_FIELD).unwrap();
    assert_eq!(d.help.as_deref(), Some("did you mean `quantity`?"));
}

#[test]
fn missing_required_field() {
    let text = format!("{BASE}\n[[unit]]\nid = \"nameless\"\nkind = \"troop\"\nstats = {{ armour = 1 }}\n");
    expect_one(&text, diag::MISSING_FIELD, "id = \"nameless\"");
}

#[test]
fn wrong_type() {
    let text = format!("{BASE}\n[[side]]\nid = \"axis\"\nname = 7\n");
    expect_one(&text, diag::WRONG_TYPE, "7");
}

#[test]
fn duplicate_id_across_files() {
    let extra = "[[side]]\nid = \"allies\"\nname = \"Allies again\"\n";
    let got = findings_files(vec![("game.toml", BASE), ("more.toml", extra)]);
    assert_eq!(got, vec![("E005", 2, 6)]);
}

#[test]
fn unknown_ability_on_unit() {
    let text = BASE.replace("abilities = [\"landing 10\"]", "abilities = [\"landing 10\", \"landng\"]");
    expect_one(&text, diag::UNKNOWN_REFERENCE, "\"landng\"");
}

#[test]
fn unknown_kind_and_side() {
    let text = BASE.replace("kind = \"troop\"\nside", "kind = \"trop\"\nside");
    expect_one(&text, diag::UNKNOWN_REFERENCE, "\"trop\"");
    let text = BASE.replace("side = \"allies\"", "side = \"axis\"");
    expect_one(&text, diag::UNKNOWN_REFERENCE, "\"axis\"");
}

#[test]
fn dangling_cross_reference() {
    let text = BASE.replace("may fire\"]", "may fire, see [[#two]]\"]");
    expect_one(&text, diag::UNKNOWN_REFERENCE, "two]]");
}

#[test]
fn unknown_glossary_term() {
    let text = BASE.replace("may fire\"]", "may fire unless [[Disrupted]]\"]");
    expect_one(&text, diag::UNKNOWN_REFERENCE, "Disrupted]]");
}

#[test]
fn table_cell_reference() {
    let text = format!(
        "{BASE}\n[[table]]\nid = \"t\"\nheader = [\"Unit\", \"Armour\"]\nrows = [[{{ unit = \"trooper\" }}, \"5\"]]\n"
    );
    let text = text.replace("may fire\"]", "may fire\", { table = \"t\" }]");
    expect_one(&text, diag::UNKNOWN_REFERENCE, "\"trooper\"");
}

#[test]
fn table_row_length() {
    let text = format!("{BASE}\n[[table]]\nid = \"t\"\nheader = [\"A\", \"B\"]\nrows = [[\"1\", \"2\"], [\"1\"]]\n");
    expect_one(&text, diag::TABLE_ROW_LENGTH, "[\"1\"]");
}

#[test]
fn capacity_ability_without_troop_count() {
    let text = format!("{BASE}\n[[ability]]\nid = \"vital-cargo\"\nname = \"Vital Cargo\"\ngroups = [\"transport\"]\n");
    let text = text.replace("[\"landing 10\"]", "[\"landing 10\", \"vital-cargo\"]");
    expect_one(&text, diag::MISSING_TRAIT, "\"transport\"]\n");
}

#[test]
fn per_parameter_trait_missing_a_value() {
    let text = BASE.replace("{ 10 = 2, 5 = 1 }", "{ 10 = 2 }");
    expect_one(&text, diag::MISSING_TRAIT, "{ 10 = 2 }");
}

#[test]
fn parameter_missing() {
    let text = BASE.replace("[\"landing 10\"]", "[\"landing\"]");
    expect_one(&text, diag::PARAM_MISSING, "\"landing\"]");
}

#[test]
fn parameter_not_allowed() {
    let text = BASE.replace("[\"landing 10\"]", "[\"landing 3\"]");
    expect_one(&text, diag::PARAM_NOT_ALLOWED, "\"landing 3\"");
}

#[test]
fn stat_missing() {
    let text = BASE.replace("stats = { armour = 5, move = \"2D6\" }", "stats = { move = \"2D6\" }");
    expect_one(&text, diag::STAT_MISSING, "\"troop\"\nname = \"Troop\"\nkind");
}

#[test]
fn stat_wrong_type() {
    let text = BASE.replace("armour = 5,", "armour = \"five\",");
    expect_one(&text, diag::STAT_TYPE, "\"five\"");
    let text = BASE.replace("move = \"2D6\"", "move = \"two dice\"");
    expect_one(&text, diag::STAT_TYPE, "\"two dice\"");
}

#[test]
fn stat_out_of_range() {
    let text = BASE.replace("armour = 5,", "armour = 11,");
    expect_one(&text, diag::STAT_RANGE, "11,");
}

#[test]
fn stat_not_for_kind() {
    let text = format!("{BASE}\n[[stat]]\nid = \"nv\"\nname = \"Nerve\"\ntype = \"int\"\n");
    let text = text.replace("move = \"2D6\" }", "move = \"2D6\", nv = 3 }");
    let got = findings(&text);
    assert_eq!(got, vec![("E020", pos_last(&text, "nv = 3").0, pos_last(&text, "nv = 3").1)]);
}

#[test]
fn trait_value_out_of_range() {
    let text = BASE.replace("{ 10 = 2, 5 = 1 }", "{ 10 = 4, 5 = 1 }");
    expect_one(&text, diag::TRAIT_VALUE, "4, 5");
}

#[test]
fn markup_syntax_in_a_rule() {
    let text = BASE.replace("may fire\"]", "may *fire\"]");
    expect_one(&text, diag::MARKUP_SYNTAX, "*fire");
}

#[test]
fn unclosed_reference() {
    let text = BASE.replace("may fire\"]", "may fire [[Good Order\"]");
    // The term is then unused too.
    let got = findings(&text);
    assert!(
        got.contains(&("E016", pos_last(&text, "[[Good Order\"").0, pos_last(&text, "[[Good Order\"").1)),
        "{got:?}"
    );
}

#[test]
fn image_missing() {
    let text =
        BASE.replace("abilities = [\"landing 10\"]", "abilities = [\"landing 10\"]\nimage = \"images/nope.png\"");
    expect_one(&text, diag::IMAGE_MISSING, "\"images/nope.png\"");
}

#[test]
fn image_outside_the_game() {
    let text = BASE.replace("abilities = [\"landing 10\"]", "abilities = [\"landing 10\"]\nimage = \"../secret.png\"");
    expect_one(&text, diag::IMAGE_OUTSIDE, "\"../secret.png\"");
}

#[test]
fn unused_ability_and_term() {
    let text =
        format!("{BASE}\n[[ability]]\nid = \"regroup\"\nname = \"Regroup\"\n\n[[term]]\nname = \"Ops Complete\"\n");
    let got = findings(&text);
    assert_eq!(
        got,
        vec![
            ("W001", pos_last(&text, "\"regroup\"").0, pos_last(&text, "\"regroup\"").1),
            ("W002", pos_last(&text, "\"Ops Complete\"").0, pos_last(&text, "\"Ops Complete\"").1),
        ]
    );
}

#[test]
fn duplicate_section_number() {
    let text = format!("{BASE}\n[[section]]\nid = \"two\"\nnumber = \"1\"\ntitle = \"Two\"\n");
    expect_one(&text, diag::DUPLICATE_NUMBER, "\"1\"\ntitle = \"Two\"");
}

#[test]
fn invalid_id() {
    let text = format!("{BASE}\n[[side]]\nid = \"Axis Powers\"\nname = \"Axis\"\n");
    expect_one(&text, diag::INVALID_VALUE, "\"Axis Powers\"");
}

#[test]
fn error_in_escaped_string_points_at_the_right_column() {
    // \" before the mistake shifts decoded offsets by one; the caret must still hit `*`.
    let text = BASE.replace("may fire\"]", "may \\\"fire\\\" *now\"]");
    expect_one(&text, diag::MARKUP_SYNTAX, "*now");
}
