//! Placeholders: the values a face is filled with, `{key}` and `{key?}` parsed and filled,
//! underlines placed, and a placeholder without a value reported (E026) at the layout when no
//! counter has it, else at each counter that lacks it.

use super::*;

/// The values a face's placeholders are filled with, and where each was written.
#[derive(Clone, Default)]
pub(super) struct Values {
    pub(super) text: HashMap<String, String>,
    pub(super) origin: HashMap<String, Loc>,
}

impl Values {
    pub(super) fn set(&mut self, key: &str, text: String, origin: Option<&Loc>) {
        self.text.insert(key.to_string(), text);
        if let Some(o) = origin {
            self.origin.insert(key.to_string(), o.clone());
        }
    }

    pub(super) fn with(&self, pairs: &[(Sp<String>, Sp<Scalar>)]) -> Values {
        let mut v = self.clone();
        for (k, s) in pairs {
            v.set(&k.v, display(&s.v), Some(&s.loc));
        }
        v
    }
}

/// Placeholders without a value: (group, key) to the counters that lack it.
/// (where the counter is written, how findings name it, and the `unit` it names that does not
/// resolve: the E006 these follow from).
pub(super) type Missing = HashMap<(usize, String), Vec<(Loc, String, Option<Loc>)>>;

/// One finding per placeholder: at the layout when no counter of the group has it (a typo in
/// the layout), else at each counter that lacks it.
pub(super) fn report_missing(
    game: &Game,
    groups: &[RGroup],
    counters: &[RCounter],
    missing: Missing,
    diags: &mut Vec<Diagnostic>,
) {
    let mut keys: Vec<_> = missing.into_iter().collect();
    keys.sort_by_key(|((g, k), _)| (*g, k.clone()));
    for ((gi, key), mut places) in keys {
        // Counters of one entry (a run) share its place: count places, not counters.
        let mut of_group: Vec<&Loc> = counters.iter().filter(|r| r.group == gi).map(|r| &r.loc).collect();
        of_group.dedup();
        let count = of_group.len();
        let decl = groups[gi].decl.map(|d| &game.counter_groups[d]);
        let slot = decl.and_then(|g| {
            g.layout
                .iter()
                .chain(g.back_layout.iter())
                .flat_map(|(l, _)| l.iter())
                .find(|s| placeholders(&s.text.v).iter().any(|(_, k)| *k == key))
        });
        places.dedup_by(|a, b| a.0 == b.0);
        // Counters whose unit is misspelt lack every stat: those findings follow from the E006.
        let own = places.iter().filter(|p| p.2.is_none()).count();
        if let (Some(slot), true) = (slot, own == count) {
            diags.push(placeholder_typo(game, &groups[gi].id, slot, &key));
            continue;
        }
        // `{key?}`: the counters without a value print nothing there.
        if slot.is_some_and(|s| is_optional(&s.text.v, &key)) {
            continue;
        }
        for (loc, what, unknown_unit) in places {
            let where_ = slot
                .map(|s| format!("the layout's `{}` slot", s.name.v.replace('-', "_")))
                .unwrap_or_else(|| "the layout".into());
            let help = match &unknown_unit {
                Some(_) => "its `unit` is not a unit of the game: fix that, and the unit's stats fill it".to_string(),
                None => format!("give it one: front = {{ {key} = ... }}, or a unit with that stat"),
            };
            diags.push(
                Diagnostic::error(diag::UNKNOWN_PLACEHOLDER, format!("{what} has no value for `{{{key}}}`"))
                    .at(&loc)
                    .label(format!("{where_} prints `{{{key}}}`"))
                    .help(help)
                    .because_of(unknown_unit.as_ref()),
            );
        }
    }
}

/// A placeholder no counter of the group has a value for: a typo in the layout.
pub(super) fn placeholder_typo(game: &Game, group: &str, slot: &Slot, key: &str) -> Diagnostic {
    let mut known: BTreeSet<String> = ["name", "id", "label", "side", "symbol"].iter().map(|s| s.to_string()).collect();
    known.extend(game.stats.iter().map(|s| s.id.v.clone()));
    let d = Diagnostic::error(
        diag::UNKNOWN_PLACEHOLDER,
        format!("no counter of group `{group}` has a value for `{{{key}}}`"),
    )
    .at(&slot.text.loc)
    .label(format!("`{{{key}}}` has no value"));
    match diag::did_you_mean(key, known.iter().map(|s| s.as_str())) {
        Some(best) => d.help(format!("did you mean `{{{best}}}`?")),
        None => d.help(
            "a placeholder names a stat of the unit, a key of the counter's front/back, or name, label, side, symbol",
        ),
    }
}

/// Split `"{attack}-{defence}"` into placeholder names with their offsets.
pub(super) fn placeholders(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = s;
    let mut base = 0;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        out.push((base + i, key_of(&rest[i + 1..i + j]).0.to_string()));
        base += i + j + 1;
        rest = &rest[i + j + 1..];
    }
    out
}

/// A placeholder's key, and whether it is optional (`{long_range?}`).
pub(super) fn key_of(inside: &str) -> (&str, bool) {
    let t = inside.trim();
    match t.strip_suffix('?') {
        Some(k) => (k.trim_end(), true),
        None => (t, false),
    }
}

/// Whether the slot text prints `key` as an optional placeholder (`{key?}`).
pub(super) fn is_optional(s: &str, key: &str) -> bool {
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        if key_of(&rest[i + 1..i + j]) == (key, true) {
            return true;
        }
        rest = &rest[i + j + 1..];
    }
    false
}

/// The separators an optional placeholder takes with it when it has no value: `R{range}/{long?}`
/// prints `R12` for a unit without `long`.
pub(super) const OPTIONAL_SEPARATORS: [char; 5] = ['/', '-', ',', ' ', '·'];

/// The placeholders of a slot to underline on this face: those whose flag (a value of the face:
/// a stat of the unit, a key of `front`/`back`) is true, yes or a number other than 0.
pub(super) fn underlined(s: &Slot, vals: &Values) -> Vec<String> {
    s.underline
        .iter()
        .filter(|(_, flag)| {
            vals.text.get(&flag.v).is_some_and(|v| {
                let v = v.trim().to_lowercase();
                v == "true" || v == "yes" || v.parse::<f64>().is_ok_and(|n| n != 0.0)
            })
        })
        .map(|(key, _)| key.v.clone())
        .collect()
}

/// Where each placeholder's value lands in the filled text: (placeholder, byte range).
pub(super) fn filled_ranges(s: &str, values: &HashMap<String, String>) -> Vec<(String, [usize; 2])> {
    let mut out = Vec::new();
    let mut len = 0;
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        let (key, optional) = key_of(&rest[i + 1..i + j]);
        len += literal_before(&rest[..i], optional && !values.contains_key(key)).len();
        let v = values.get(key).map_or(0, |v| v.len());
        if v > 0 {
            out.push((key.to_string(), [len, len + v]));
        }
        len += v;
        rest = &rest[i + j + 1..];
    }
    out
}

/// The text before a placeholder as printed: without its last separator when the placeholder is
/// an optional one with no value.
pub(super) fn literal_before(text: &str, dropped: bool) -> &str {
    match text.chars().next_back() {
        Some(c) if dropped && OPTIONAL_SEPARATORS.contains(&c) => &text[..text.len() - c.len_utf8()],
        _ => text,
    }
}

/// A value printed as a number: `4`, `-1`, `2.5`, `6+`, `3*`.
pub(super) fn is_number(v: &str) -> bool {
    let t = v.trim().trim_end_matches(['+', '*']);
    !t.is_empty() && t.parse::<f64>().is_ok()
}

pub(super) fn fill(s: &str, values: &HashMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        let (key, optional) = key_of(&rest[i + 1..i + j]);
        let value = values.get(key);
        out.push_str(literal_before(&rest[..i], optional && value.is_none()));
        if let Some(v) = value {
            out.push_str(v);
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out
}

pub(super) fn display(v: &Scalar) -> String {
    match v {
        Scalar::Float(f) if f.fract() == 0.0 => format!("{f:.0}"),
        other => other.display(),
    }
}
