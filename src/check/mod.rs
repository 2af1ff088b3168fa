//! Stage 2: check a loaded game. Takes the [`Game`] the loader made and gives every finding about
//! the data itself: every reference resolves, every declared requirement holds, every value fits
//! its type and range, nothing is defined twice. Each finding has a stable code, a location and
//! a hint. The [`Index`] built here is what later stages look entries up in.
//!
//! What only laying pieces out can tell (text that does not fit, a placeholder without a value,
//! a picture too coarse for its box) is found by the next stage, `layout`.

mod abilities;
mod areas;
mod changelog;
mod charts;
mod decks;
mod evaluate;
mod icons;
mod images;
mod index;
mod legibility;
mod map;
mod pieces;
mod tracks;
pub(crate) use pieces::section_of;

pub(crate) use pieces::counter_name;
pub(crate) use pieces::{GREY_APART, grey_apart};
mod rules;
mod scenario;
mod units;

use std::collections::HashSet;

use evaluate::FieldWorld;
use images::ImageCheck;
pub use index::{Index, place};

use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

/// The most copies of one counter, card, unit or scenario force.
pub const MAX_COPIES: i64 = 1000;

/// The checker's findings and the index it built (which later stages reuse).
pub struct Checked {
    /// Every finding, errors and warnings, in file order.
    pub diags: Vec<Diagnostic>,
    /// Ids to entries, for every collection.
    pub ix: Index,
}

/// Check a game; returns every finding, errors and warnings, in file order.
pub fn check(game: &Game) -> Checked {
    let mut diags = Vec::new();
    let ix = Index::build(game, &mut diags);
    let mut c = Checker {
        game,
        ix,
        diags,
        used: Usage::default(),
        images: ImageCheck::default(),
        field_world: None,
        unknown_seen: Default::default(),
    };
    c.run();
    let mut diags = c.diags;
    diags.sort_by_key(|d| d.loc.as_ref().map(|l| (l.file, l.span.start)).unwrap_or((usize::MAX, 0)));
    Checked { diags, ix: c.ix }
}

impl Checker<'_> {
    /// `[game] languages`: each a language code with its file, `translations/LANG.po` (E006).
    fn check_languages(&mut self) {
        let game = self.game;
        for lang in &game.meta.languages {
            let valid = crate::load::translate::valid_code(&lang.v);
            let file = game.root.join(crate::load::translate::DIR).join(format!("{}.po", lang.v));
            if valid && file.is_file() {
                continue;
            }
            let d = Diagnostic::error(
                diag::UNKNOWN_REFERENCE,
                match valid {
                    true => format!("the game has no translation to `{}`", lang.v),
                    false => format!("`{}` is not a language code", lang.v),
                },
            )
            .at(&lang.loc);
            self.push(match valid {
                true => d.label("no translations/LANG.po").help(format!(
                    "`playaid translate . --lang {}` starts translations/{}.po; or take the language out of `languages`",
                    lang.v, lang.v
                )),
                false => d.label("letters, digits, `-` and `_`").help("write the language's code, as in \"de\" or \"pt-BR\""),
            });
        }
    }
}

/// What the data uses, for the "defined and never used" warnings.
#[derive(Default)]
struct Usage {
    abilities: HashSet<usize>,
    terms: HashSet<String>,
    /// Icon names written anywhere (texts, stats, counters, layouts).
    icons: HashSet<String>,
}

struct Checker<'g> {
    game: &'g Game,
    ix: Index,
    diags: Vec<Diagnostic>,
    used: Usage,
    images: ImageCheck,
    /// Made when the first field with code is checked.
    field_world: Option<FieldWorld>,
    /// Where each unknown id was first met.
    unknown_seen: std::collections::HashMap<(Coll, String), Loc>,
}

impl<'g> Checker<'g> {
    fn run(&mut self) {
        let game = self.game;
        self.check_languages();
        for k in &game.kinds {
            for s in k.stats.iter().chain(&k.optional_stats) {
                self.resolve::<Stat>(s);
            }
        }
        for g in &game.groups {
            for t in &g.requires {
                self.resolve::<Trait>(t);
            }
        }
        for a in &game.abilities {
            self.check_ability(a);
        }
        for u in &game.units {
            self.check_unit(u);
        }
        self.check_sections();
        for t in &game.tables {
            self.check_table(t);
        }
        for text in game.texts() {
            self.check_text(text);
        }
        self.check_versions();
        self.check_changelog();
        self.check_scenarios();
        self.check_maps();
        self.check_area_maps();
        self.check_charts();
        self.check_counters();
        self.check_icons();
        self.check_cards();
        self.check_decks();
        self.check_tracks();
        self.check_card_legibility();
        self.check_greyscale();
        self.warn_unused();
    }

    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The entry `id` names, or an E006 finding (with a did-you-mean) at it.
    fn resolve<E: Entity>(&mut self, id: &Sp<String>) -> Option<&'g E> {
        let game = self.game;
        let found = self.ix.get::<E>(game, &id.v);
        if found.is_none() && !id.v.is_empty() {
            self.unknown(E::COLL, &id.v, &id.loc);
        }
        found
    }

    /// An E006 finding: `id` is no entry of `coll`. The same unknown id met again is folded
    /// into the first finding ("and 7 more places use it").
    fn unknown(&mut self, coll: Coll, id: &str, loc: &Loc) {
        let names: Vec<&str> = self.game.ids(coll).into_iter().map(|s| s.v.as_str()).collect();
        let first = self.unknown_seen.entry((coll, id.to_string())).or_insert_with(|| loc.clone()).clone();
        let d = unknown_reference(coll, id, loc, names);
        self.push(if first == *loc { d } else { d.because_of(Some(&first)) });
    }

    /// Resolve `"landing 10"`: the ability exists and the parameter is one it takes.
    fn resolve_ability(&mut self, r: &AbilityRef) -> Option<&'g Ability> {
        let Some(i) = self.ix.position(Coll::Ability, &r.id) else {
            // "tough-2": an ability with its value, joined by a hyphen.
            let joined = r.id.rsplit_once('-').and_then(|(id, n)| Some((id, n.parse::<i64>().ok()?)));
            if let Some((id, n)) = joined
                && let Some(a) = self.ix.get::<Ability>(self.game, id)
                && a.values.is_some()
            {
                self.push(
                    Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("unknown ability `{}`", r.id))
                        .at(&r.loc)
                        .label(format!("`{id}` with the value {n}?"))
                        .help(format!("an ability's value follows it after a space: write \"{id} {n}\"")),
                );
                return None;
            }
            self.unknown(Coll::Ability, &r.id, &r.loc);
            return None;
        };
        self.used.abilities.insert(i);
        let a = &self.game.abilities[i];
        match (&a.values, r.param) {
            (Some(values), None) => self.push(
                Diagnostic::error(diag::PARAM_MISSING, format!("`{}` needs a value: {} N", r.id, a.name.v))
                    .at(&r.loc)
                    .label(format!("which {}?", a.name.v))
                    .help(format!("write it with one of its values: {}", example_refs(&r.id, &values.v))),
            ),
            (None, Some(p)) => self.push(
                Diagnostic::error(diag::PARAM_NOT_ALLOWED, format!("`{}` takes no value, but is given {p}", a.name.v))
                    .at(&r.loc)
                    .help(format!("write \"{}\", or declare `values = [{p}]` on the ability", r.id)),
            ),
            (Some(values), Some(p)) if !values.v.iter().any(|v| v.v == p) => self.push(
                Diagnostic::error(
                    diag::PARAM_NOT_ALLOWED,
                    format!("{} {p} is not a value `{}` allows", a.name.v, r.id),
                )
                .at(&r.loc)
                .label(format!("allowed: {}", join_values(&values.v)))
                .help(format!("use one of: {}, or add {p} to the ability's `values`", example_refs(&r.id, &values.v))),
            ),
            _ => {}
        }
        Some(a)
    }

    /// A reference from a text, a table cell or a changelog item.
    fn resolve_ref(&mut self, kind: RefKind, target: &str, loc: &Loc) {
        let sp = Sp::new(target.to_string(), loc.clone());
        match kind {
            RefKind::Term => self.resolve_term(target, loc),
            RefKind::Ability => {
                self.resolve_ability(&AbilityRef::parse(target, loc.clone()));
            }
            RefKind::Section => {
                self.resolve::<Section>(&sp);
            }
            RefKind::Unit => {
                self.resolve::<Unit>(&sp);
            }
            RefKind::Kind => {
                self.resolve::<Kind>(&sp);
            }
            RefKind::Stat => {
                self.resolve::<Stat>(&sp);
            }
            RefKind::Terrain => {
                self.resolve::<Terrain>(&sp);
            }
            RefKind::Card => {
                self.resolve::<Card>(&sp);
            }
        }
    }

    fn resolve_term(&mut self, spelling: &str, loc: &Loc) {
        let game = self.game;
        if let Some(t) = self.ix.term(game, spelling) {
            self.used.terms.insert(t.id.v.clone());
            return;
        }
        let names: Vec<&str> = game.terms.iter().map(|t| t.name.v.as_str()).collect();
        let d = Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("`{spelling}` is not in the glossary"))
            .at(loc)
            .label("no glossary term, id or alias matches");
        self.push(match diag::did_you_mean(spelling, names.iter().copied()) {
            Some(s) => d.help(format!(
                "did you mean `{s}`? (or add \"{spelling}\" to its `aliases`, or a [[term]] named \"{spelling}\")"
            )),
            None => d.help(format!("add a [[term]] with name = \"{spelling}\" to the glossary")),
        });
    }

    /// A count, turn or number of points that must be at least `min`.
    fn at_least(&mut self, v: &Option<Sp<i64>>, min: i64, what: &str, help: &str) {
        if let Some(v) = v
            && v.v < min
        {
            let mut d = Diagnostic::error(diag::INVALID_VALUE, format!("{what} must be at least {min}, not {}", v.v))
                .at(&v.loc);
            if !help.is_empty() {
                d = d.help(help);
            }
            self.push(d);
        }
    }

    /// A number of copies (of a piece, a unit, a force): at least 1, at most [`MAX_COPIES`], so
    /// that no typo makes a build run out of memory.
    fn copies(&mut self, v: &Option<Sp<i64>>, what: &str, help: &str) {
        self.at_least(v, 1, what, help);
        if let Some(v) = v
            && v.v > MAX_COPIES
        {
            self.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("{what} is {}, more than {MAX_COPIES}", v.v))
                    .at(&v.loc)
                    .label(format!("at most {MAX_COPIES}"))
                    .help("a game needs far fewer: check for a typo (playaid's limits are listed in docs/FORMAT.md)"),
            );
        }
    }

    /// A stat or trait value against its declared type and range.
    fn check_value(&mut self, ty: &ValueType, v: &Sp<Scalar>, what: &str, code_type: diag::Code) {
        if let Some(d) = value_finding(ty, v, code_type, what) {
            self.push(d);
        }
    }

    /// A picture: inside the game folder, present, decodable (each file read once).
    fn check_image(&mut self, img: &Sp<String>) {
        if let Some(d) = self.images.check(&self.game.root, img) {
            self.push(d);
        }
    }

    fn warn_unused(&mut self) {
        let game = self.game;
        for (i, a) in game.abilities.iter().enumerate() {
            if !self.used.abilities.contains(&i) && self.ix.position(Coll::Ability, &a.id.v) == Some(i) {
                self.push(
                    Diagnostic::warning(
                        diag::UNUSED_ABILITY,
                        format!("ability `{}` is defined but never used", a.id.v),
                    )
                    .at(&a.id.loc)
                    .help(format!(
                        "give it to a unit, list it in a generated table, or mention it as [[ability:{}]]",
                        a.id.v
                    )),
                );
            }
        }
        for (i, t) in game.terms.iter().enumerate() {
            if !self.used.terms.contains(&t.id.v) && self.ix.position(Coll::Term, &t.id.v) == Some(i) {
                self.push(
                    Diagnostic::warning(diag::UNUSED_TERM, format!("glossary term `{}` is never used", t.name.v))
                        .at(&t.name.loc)
                        .help(format!("mention it in a rule as [[{}]], or remove it", t.name.v)),
                );
            }
        }
        self.warn_unused_icons();
    }
}

/// The one "unknown reference" finding (E006): what was named, where, and the closest id.
pub(crate) fn unknown_reference(coll: Coll, id: &str, loc: &Loc, candidates: Vec<&str>) -> Diagnostic {
    let what = coll.name();
    let mut d = Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("unknown {what} `{id}`"))
        .at(loc)
        .label(format!("no {what} has this id"));
    if let Some(only) = diag::only_close(id, candidates.iter().copied()) {
        d = d.fix(loc, id, only);
    }
    match diag::did_you_mean(id, candidates.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None if candidates.is_empty() => d.help(format!("this game declares no {what}s: add a {} table", coll.table())),
        None => {
            let mut c = candidates;
            c.sort();
            let shown: Vec<&str> = c.into_iter().take(12).collect();
            d.help(format!("the {what}s are: {}", shown.join(", ")))
        }
    }
}

fn join_values(values: &[Sp<i64>]) -> String {
    values.iter().map(|v| v.v.to_string()).collect::<Vec<_>>().join(", ")
}

fn example_refs(id: &str, values: &[Sp<i64>]) -> String {
    values.iter().map(|v| format!("\"{id} {}\"", v.v)).collect::<Vec<_>>().join(", ")
}

/// `D6`, `2D6`, `3d5+2`, `1D6-1`.
pub(crate) fn is_dice(s: &str) -> bool {
    let s = s.trim();
    let Some(d) = s.find(['d', 'D']) else { return false };
    let (count, rest) = (&s[..d], &s[d + 1..]);
    if !count.chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    let (sides, modifier) = match rest.find(['+', '-']) {
        Some(m) => (&rest[..m], Some(&rest[m + 1..])),
        None => (rest, None),
    };
    !sides.is_empty()
        && sides.chars().all(|c| c.is_ascii_digit())
        && modifier.is_none_or(|m| !m.is_empty() && m.chars().all(|c| c.is_ascii_digit()))
}

/// A stat or trait value against its declared type and range; `None` when it fits.
pub(crate) fn value_finding(ty: &ValueType, v: &Sp<Scalar>, code_type: diag::Code, what: &str) -> Option<Diagnostic> {
    match (ty, &v.v) {
        (ValueType::Int { min, max }, Scalar::Int(n)) => range_finding(min, max, *n, &v.loc, code_type, what),
        (ValueType::Int { .. }, other) => Some(
            Diagnostic::error(code_type, format!("{what} must be a whole number, not {}", other.type_name()))
                .at(&v.loc)
                .label("expected a whole number")
                .help(match other {
                    Scalar::Str(s) if s.trim().parse::<i64>().is_ok() => format!("remove the quotes: {}", s.trim()),
                    _ => "write a number without quotes, e.g. 5".to_string(),
                }),
        ),
        (ValueType::Dice, Scalar::Str(s)) if is_dice(s) => None,
        (ValueType::Dice, other) => Some(
            Diagnostic::error(code_type, format!("{what} must be a dice expression, not `{}`", other.display()))
                .at(&v.loc)
                .label("expected dice like 2D6")
                .help("write dice as a string: \"D6\", \"2D6\", \"3d5+2\", \"1D6-1\""),
        ),
        (ValueType::Bool, Scalar::Bool(_)) => None,
        (ValueType::Bool, other) => Some(
            Diagnostic::error(code_type, format!("{what} must be true or false, not {}", other.type_name()))
                .at(&v.loc)
                .help("write true or false, without quotes"),
        ),
        (ValueType::Text, Scalar::Str(_)) => None,
        (ValueType::Text, other) => Some(
            Diagnostic::error(code_type, format!("{what} must be text, not {}", other.type_name()))
                .at(&v.loc)
                .help(format!("put it in quotes: \"{}\"", other.display())),
        ),
    }
}

fn range_finding(
    min: &Option<Sp<i64>>,
    max: &Option<Sp<i64>>,
    n: i64,
    loc: &Loc,
    code_type: diag::Code,
    what: &str,
) -> Option<Diagnostic> {
    if let (Some(a), Some(b)) = (min, max)
        && a.v > b.v
    {
        return None; // the declaration itself is reported
    }
    let low = min.as_ref().is_some_and(|m| n < m.v);
    let high = max.as_ref().is_some_and(|m| n > m.v);
    if !low && !high {
        return None;
    }
    let range = match (min, max) {
        (Some(a), Some(b)) => format!("{} to {}", a.v, b.v),
        (Some(a), None) => format!("at least {}", a.v),
        (None, Some(b)) => format!("at most {}", b.v),
        _ => String::new(),
    };
    let code = if code_type == diag::STAT_TYPE { diag::STAT_RANGE } else { code_type };
    Some(
        Diagnostic::error(code, format!("{what} is {n}, outside its range {range}"))
            .at(loc)
            .label(format!("allowed: {range}"))
            .help("fix the value, or widen the declared min/max if the rules allow it"),
    )
}

#[cfg(test)]
mod dice_tests {
    use super::*;

    #[test]
    fn dice_expressions() {
        for ok in ["D6", "2D6", "3d5+2", "1D6-1", "d5"] {
            assert!(is_dice(ok), "{ok}");
        }
        for bad in ["6", "2D", "D6+", "2x6", "two D6", ""] {
            assert!(!is_dice(bad), "{bad}");
        }
    }
}
