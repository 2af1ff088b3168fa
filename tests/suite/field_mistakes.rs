//! A designer's slips in every field of a hex-and-counter game: each string key of the Marrow
//! Front's files written empty, each number or switch written as text, each string written as a
//! number. Every one must be refused by `check` with a finding on the line that holds it, never
//! accepted in silence. (Free text written differently, or a number within its range, is not a
//! mistake `check` can see; `check_cases` holds the mistakes of meaning: the wrong side, a cell
//! off the map, a counter placed twice.)

use crate::common::*;

/// `key = value` on one line: (indent, key, value).
fn assignment(line: &str) -> Option<(&str, &str, &str)> {
    let indent = &line[..line.len() - line.trim_start().len()];
    let (key, rest) = line.trim_start().split_once(" = ")?;
    if !key.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
        return None;
    }
    // The value without a trailing comment.
    let value = match rest.find(" #") {
        Some(i) if !rest.starts_with('"') || rest[..i].ends_with('"') => rest[..i].trim(),
        _ => rest.trim(),
    };
    Some((indent, key, value))
}

/// The wrong values a designer types for `value`: empty for a string, the wrong kind for the
/// rest.
fn slips(value: &str) -> Vec<String> {
    if value.starts_with('"') && value.ends_with('"') && value.len() >= 2 {
        vec!["\"\"".into(), "7".into()]
    } else if value.parse::<f64>().is_ok() {
        vec!["\"seven\"".into()]
    } else if value == "true" || value == "false" {
        vec!["\"yes\"".into()]
    } else {
        Vec::new()
    }
}

#[test]
fn every_field_written_empty_or_of_the_wrong_kind_is_a_located_finding() {
    let base = repo().join("data/marrow-front");
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("g");
    let files = ["map.toml", "charts.toml", "scenarios.toml", "counters.toml", "units.toml", "game.toml"];
    let (mut tried, mut silent) = (0, Vec::new());
    for file in files {
        let text = std::fs::read_to_string(base.join(file)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some((indent, key, value)) = assignment(line) else { continue };
            for slip in slips(value) {
                tried += 1;
                if game.exists() {
                    std::fs::remove_dir_all(&game).unwrap();
                }
                copy_dir(&base, &game);
                let mut changed = lines.clone();
                let new_line = format!("{indent}{key} = {slip}");
                changed[i] = &new_line;
                std::fs::write(game.join(file), changed.join("\n")).unwrap();
                let at = format!("{file}:{}:", i + 1);
                if !check_json(&game).iter().any(|(_, place)| place.starts_with(&at)) {
                    silent.push(format!("{at} {key} = {slip}"));
                }
            }
        }
    }
    assert!(tried > 200, "only {tried} slips tried: the example lost its fields?");
    assert!(
        silent.is_empty(),
        "{} of {tried} slips pass check without a finding on their line:\n{}",
        silent.len(),
        silent.join("\n")
    );
}
