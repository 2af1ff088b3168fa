//! NATO (APP-6) land-unit symbols from words: `"hostile mechanised company"` is a frame, icons
//! and an echelon, which the counter template draws as vectors.

/// A NATO (APP-6) land-unit symbol.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Symbol {
    /// The affiliation frame: friend, hostile, neutral or unknown.
    pub frame: &'static str,
    /// The icons drawn inside the frame, in the order written (mechanised is infantry + armour).
    pub icons: Vec<&'static str>,
    /// The size marking above the frame (team ... division).
    pub echelon: Option<&'static str>,
    /// Fill with the standard affiliation colour instead of leaving the frame open.
    pub filled: bool,
}

const FRAMES: &[(&str, &str)] = &[
    ("friend", "friend"),
    ("friendly", "friend"),
    ("hostile", "hostile"),
    ("enemy", "hostile"),
    ("neutral", "neutral"),
    ("unknown", "unknown"),
];
const ICONS: &[(&str, &[&str])] = &[
    ("infantry", &["infantry"]),
    ("armour", &["armour"]),
    ("armor", &["armour"]),
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
    ("hq", &["hq"]),
    ("headquarters", &["hq"]),
    ("staff", &["hq"]),
];
const ECHELONS: &[&str] =
    &["team", "squad", "section", "platoon", "company", "battalion", "regiment", "brigade", "division"];

/// Parse `"friend mechanised platoon"`; `Err` names the first word playaid does not know.
pub fn parse_symbol(s: &str) -> Result<Symbol, String> {
    let mut sym = Symbol { frame: "friend", icons: Vec::new(), echelon: None, filled: false };
    for word in s.split_whitespace() {
        let w = word.to_ascii_lowercase().replace('_', "-");
        if let Some((_, f)) = FRAMES.iter().find(|(n, _)| *n == w) {
            sym.frame = f;
        } else if let Some((_, icons)) = ICONS.iter().find(|(n, _)| *n == w) {
            for i in icons.iter() {
                if !sym.icons.contains(i) {
                    sym.icons.push(i);
                }
            }
        } else if let Some(e) = ECHELONS.iter().find(|e| **e == w) {
            sym.echelon = Some(e);
        } else if w == "filled" {
            sym.filled = true;
        } else {
            return Err(word.to_string());
        }
    }
    Ok(sym)
}

/// Every word a symbol may use, for did-you-mean.
pub(crate) fn symbol_words() -> impl Iterator<Item = &'static str> {
    FRAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(ICONS.iter().map(|(n, _)| *n))
        .chain(ECHELONS.iter().copied())
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
        assert_eq!(parse_symbol("infantry platoon hq").unwrap().icons, vec!["infantry", "hq"]);
        assert_eq!(parse_symbol("infantery").unwrap_err(), "infantery");
    }
}
