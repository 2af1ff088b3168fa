//! NATO (APP-6) land-unit symbols from words: `"hostile airborne infantry corps hq"` is a
//! frame, icons, an echelon and modifiers, which the counter template draws as vectors in
//! milsymbol's proportions (templates/lib.typ, `nato`).

use std::ops::Range;

/// A NATO (APP-6) land-unit symbol.
#[derive(Debug, Clone, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct Symbol {
    /// The affiliation frame: friend, hostile, neutral or unknown.
    pub frame: &'static str,
    /// The icons drawn inside the frame, in the order written (mechanised is infantry + armour).
    pub icons: Vec<&'static str>,
    /// The size marking above the frame (team ... region).
    pub echelon: Option<&'static str>,
    /// Fill with the standard affiliation colour instead of leaving the frame open.
    pub filled: bool,
    /// A headquarters or command post: the staff down from the frame's lower left corner.
    pub hq: bool,
    /// A task force: a bracket over the echelon.
    pub task_force: bool,
}

/// A word (or two-word phrase) of a symbol that playaid does not know.
#[derive(Debug, Clone, PartialEq)]
pub struct UnknownWord {
    /// The word as written.
    pub word: String,
    /// Its bytes in the symbol string.
    pub range: Range<usize>,
}

const FRAMES: &[(&str, &str)] = &[
    ("friend", "friend"),
    ("friendly", "friend"),
    ("hostile", "hostile"),
    ("enemy", "hostile"),
    ("neutral", "neutral"),
    ("unknown", "unknown"),
];

/// Words for icons: each draws one or more parts (templates/lib.typ, `nato-icons`). Two-word
/// phrases are written with a hyphen here and match either spelling ("air assault").
const ICONS: &[(&str, &[&str])] = &[
    ("infantry", &["infantry"]),
    ("armour", &["armour"]),
    ("armor", &["armour"]),
    ("armoured", &["armour"]),
    ("armored", &["armour"]),
    ("tank", &["armour"]),
    ("mechanised", &["infantry", "armour"]),
    ("mechanized", &["infantry", "armour"]),
    ("mech", &["infantry", "armour"]),
    ("artillery", &["artillery"]),
    ("recon", &["recon"]),
    ("reconnaissance", &["recon"]),
    ("cavalry", &["recon"]),
    ("anti-tank", &["anti-tank"]),
    ("antitank", &["anti-tank"]),
    ("mortar", &["mortar"]),
    ("engineer", &["engineer"]),
    ("engineers", &["engineer"]),
    ("anti-aircraft", &["anti-aircraft"]),
    ("air-defence", &["anti-aircraft"]),
    ("air-defense", &["anti-aircraft"]),
    ("airborne", &["airborne"]),
    ("parachute", &["airborne"]),
    ("air-assault", &["air-assault"]),
    ("airmobile", &["air-assault"]),
    ("motorised", &["motorised"]),
    ("motorized", &["motorised"]),
    ("mountain", &["mountain"]),
    ("amphibious", &["amphibious"]),
    ("marine", &["amphibious"]),
    ("machine-gun", &["machine-gun"]),
    ("heavy-weapons", &["machine-gun"]),
    ("rocket", &["rocket"]),
    ("rocket-artillery", &["rocket"]),
    ("self-propelled", &["armour"]),
    ("supply", &["supply"]),
    ("signal", &["signal"]),
    ("signals", &["signal"]),
    ("medical", &["medical"]),
    ("military-police", &["military-police"]),
    ("special-forces", &["special-forces"]),
];

/// Echelon words and the echelon each names, smallest first.
const ECHELONS: &[(&str, &str)] = &[
    ("team", "team"),
    ("crew", "team"),
    ("squad", "squad"),
    ("section", "section"),
    ("platoon", "platoon"),
    ("detachment", "platoon"),
    ("company", "company"),
    ("battery", "company"),
    ("battalion", "battalion"),
    ("squadron", "battalion"),
    ("regiment", "regiment"),
    ("brigade", "brigade"),
    ("division", "division"),
    ("corps", "corps"),
    ("army", "army"),
    ("army-group", "army-group"),
    ("front", "army-group"),
    ("region", "region"),
    ("theatre", "region"),
    ("theater", "region"),
    ("command", "command"),
];

const HQ: &[&str] = &["hq", "headquarters", "staff", "command-post"];
const TASK_FORCE: &[&str] = &["task-force"];

/// What a normalised word (lower case, `-` for `_`) adds to a symbol; `false` if unknown.
fn apply(sym: &mut Symbol, w: &str) -> bool {
    if let Some((_, f)) = FRAMES.iter().find(|(n, _)| *n == w) {
        sym.frame = f;
    } else if let Some((_, icons)) = ICONS.iter().find(|(n, _)| *n == w) {
        for i in icons.iter() {
            if !sym.icons.contains(i) {
                sym.icons.push(i);
            }
        }
    } else if let Some((_, e)) = ECHELONS.iter().find(|(n, _)| *n == w) {
        sym.echelon = Some(e);
    } else if HQ.contains(&w) {
        sym.hq = true;
    } else if TASK_FORCE.contains(&w) {
        sym.task_force = true;
    } else if w == "filled" {
        sym.filled = true;
    } else {
        return false;
    }
    true
}

/// The words of `s` with their byte ranges.
fn words(s: &str) -> Vec<(&str, Range<usize>)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain([(s.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (true, Some(b)) => {
                out.push((&s[b..i], b..i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

fn normalise(word: &str) -> String {
    word.to_ascii_lowercase().replace('_', "-")
}

/// Parse `"friend airborne infantry corps hq"`; `Err` names the first word playaid does not
/// know and where it is in `s`. Two-word phrases ("army group", "air assault") may be written
/// with a space, a hyphen or an underscore.
pub fn parse_symbol(s: &str) -> Result<Symbol, UnknownWord> {
    let mut sym =
        Symbol { frame: "friend", icons: Vec::new(), echelon: None, filled: false, hq: false, task_force: false };
    let ws = words(s);
    let mut i = 0;
    while i < ws.len() {
        let (word, range) = &ws[i];
        // A two-word phrase first: "army group" is not "army" then "group".
        if let Some((next, _)) = ws.get(i + 1)
            && apply(&mut sym, &format!("{}-{}", normalise(word), normalise(next)))
        {
            i += 2;
            continue;
        }
        if !apply(&mut sym, &normalise(word)) {
            return Err(UnknownWord { word: word.to_string(), range: range.clone() });
        }
        i += 1;
    }
    // Rocket artillery replaces the artillery dot with the rocket (APP-6: field artillery,
    // rocket).
    if sym.icons.contains(&"rocket") {
        sym.icons.retain(|i| *i != "artillery");
    }
    Ok(sym)
}

/// Every word a symbol may use (phrases with a hyphen), for did-you-mean and the docs' chart.
pub fn symbol_words() -> impl Iterator<Item = &'static str> {
    FRAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(ICONS.iter().map(|(n, _)| *n))
        .chain(ECHELONS.iter().map(|(n, _)| *n))
        .chain(HQ.iter().copied())
        .chain(TASK_FORCE.iter().copied())
        .chain(["filled"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_parse() {
        let s = parse_symbol("hostile mechanised company").unwrap();
        assert_eq!(s.frame, "hostile");
        assert_eq!(s.icons, vec!["infantry", "armour"]);
        assert_eq!(s.echelon, Some("company"));
        let hq = parse_symbol("infantry platoon hq").unwrap();
        assert_eq!((hq.icons, hq.hq), (vec!["infantry"], true));
    }

    #[test]
    fn phrases_and_large_echelons_parse() {
        let s = parse_symbol("airborne infantry army group task force").unwrap();
        assert_eq!(s.icons, vec!["airborne", "infantry"]);
        assert_eq!((s.echelon, s.task_force), (Some("army-group"), true));
        assert_eq!(parse_symbol("Army").unwrap().echelon, Some("army"));
        assert_eq!(parse_symbol("armoured reconnaissance corps").unwrap().icons, vec!["armour", "recon"]);
        assert_eq!(parse_symbol("military_police battalion").unwrap().icons, vec!["military-police"]);
        assert_eq!(parse_symbol("rocket artillery regiment").unwrap().icons, vec!["rocket"]);
        assert_eq!(parse_symbol("self-propelled artillery").unwrap().icons, vec!["armour", "artillery"]);
    }

    #[test]
    fn an_unknown_word_is_named_with_its_place() {
        let e = parse_symbol("hostile  infantery corps").unwrap_err();
        assert_eq!(e, UnknownWord { word: "infantery".into(), range: 9..18 });
        assert_eq!(&"hostile  infantery corps"[e.range], "infantery");
    }
}
