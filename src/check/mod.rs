//! Stage 2: check a loaded game. Every reference resolves, every declared requirement holds,
//! nothing is defined twice; each finding has a stable code, a location and a hint.

mod images;
pub mod pieces;
mod scenario;

use std::collections::{HashMap, HashSet};

use crate::diag::{self, Diagnostic, Loc};
use crate::load::strings::sub_loc;
use crate::markup;
use crate::model::*;

/// Lookup tables from ids to entries, built once and shared by the checker and the exporter.
#[derive(Default)]
pub struct Index {
    pub sides: HashMap<String, usize>,
    pub stats: HashMap<String, usize>,
    pub kinds: HashMap<String, usize>,
    pub traits: HashMap<String, usize>,
    pub groups: HashMap<String, usize>,
    pub abilities: HashMap<String, usize>,
    pub units: HashMap<String, usize>,
    pub sections: HashMap<String, usize>,
    pub tables: HashMap<String, usize>,
    pub sequences: HashMap<String, usize>,
    pub terms: HashMap<String, usize>,
    /// Lower-cased names, ids and aliases of glossary terms.
    pub term_names: HashMap<String, usize>,
    /// The counters as the checker resolved and fitted them, for the exporter.
    pub counters: std::sync::Arc<pieces::RCounters>,
}

fn index_of<'a>(
    what: &str,
    ids: impl Iterator<Item = &'a Sp<String>>,
    map: &mut HashMap<String, usize>,
    game: &Game,
    diags: &mut Vec<Diagnostic>,
) {
    for (i, id) in ids.enumerate() {
        if id.v.is_empty() {
            continue;
        }
        if let Some(&first) = map.get(&id.v) {
            let _ = first;
            let prev = map_loc(game, what, first);
            let mut d = Diagnostic::error(diag::DUPLICATE_ID, format!("{what} `{}` is defined twice", id.v))
                .at(&id.loc)
                .label("second definition")
                .help("give one of them another id, or remove the duplicate".to_string());
            if let Some(prev) = prev {
                let (l, c) = game.files.line_col(prev.file, prev.span.start);
                d = d.note(format!("first defined at {}:{l}:{c}", game.files.get(prev.file).name));
            }
            diags.push(d);
        } else {
            map.insert(id.v.clone(), i);
        }
    }
}

fn map_loc(game: &Game, what: &str, i: usize) -> Option<Loc> {
    let loc = match what {
        "side" => &game.sides[i].id.loc,
        "stat" => &game.stats[i].id.loc,
        "kind" => &game.kinds[i].id.loc,
        "trait" => &game.traits[i].id.loc,
        "group" => &game.groups[i].id.loc,
        "ability" => &game.abilities[i].id.loc,
        "unit" => &game.units[i].id.loc,
        "section" => &game.sections[i].id.loc,
        "table" => &game.tables[i].id.loc,
        "sequence" => &game.sequences[i].id.loc,
        "term" => &game.terms[i].id.loc,
        "changelog version" => &game.changelog[i].version.loc,
        _ => return None,
    };
    Some(loc.clone())
}

impl Index {
    pub fn build(game: &Game, diags: &mut Vec<Diagnostic>) -> Index {
        let mut ix = Index::default();
        index_of("side", game.sides.iter().map(|x| &x.id), &mut ix.sides, game, diags);
        index_of("stat", game.stats.iter().map(|x| &x.id), &mut ix.stats, game, diags);
        index_of("kind", game.kinds.iter().map(|x| &x.id), &mut ix.kinds, game, diags);
        index_of("trait", game.traits.iter().map(|x| &x.id), &mut ix.traits, game, diags);
        index_of("group", game.groups.iter().map(|x| &x.id), &mut ix.groups, game, diags);
        index_of("ability", game.abilities.iter().map(|x| &x.id), &mut ix.abilities, game, diags);
        index_of("unit", game.units.iter().map(|x| &x.id), &mut ix.units, game, diags);
        index_of("section", game.sections.iter().map(|x| &x.id), &mut ix.sections, game, diags);
        index_of("table", game.tables.iter().map(|x| &x.id), &mut ix.tables, game, diags);
        index_of("sequence", game.sequences.iter().map(|x| &x.id), &mut ix.sequences, game, diags);
        index_of("term", game.terms.iter().map(|x| &x.id), &mut ix.terms, game, diags);
        let mut versions = HashMap::new();
        index_of("changelog version", game.changelog.iter().map(|x| &x.version), &mut versions, game, diags);
        // Term names and aliases: each spelling belongs to one term.
        for (i, t) in game.terms.iter().enumerate() {
            let mut spellings = vec![(&t.id.v, &t.id.loc), (&t.name.v, &t.name.loc)];
            spellings.extend(t.aliases.iter().map(|a| (&a.v, &a.loc)));
            for (s, loc) in spellings {
                let key = s.trim().to_lowercase();
                if key.is_empty() {
                    continue;
                }
                match ix.term_names.get(&key) {
                    Some(&j) if j != i => diags.push(
                        Diagnostic::error(
                            diag::DUPLICATE_ID,
                            format!("`{s}` names two glossary terms: `{}` and `{}`", game.terms[j].name.v, t.name.v),
                        )
                        .at(loc)
                        .help("a name or alias may belong to one term only; remove it from one of them"),
                    ),
                    _ => {
                        ix.term_names.insert(key, i);
                    }
                }
            }
        }
        ix
    }

    pub fn term(&self, spelling: &str) -> Option<usize> {
        self.term_names.get(&spelling.trim().to_lowercase()).copied()
    }
}

/// What the data uses, for the "defined and never used" warnings.
#[derive(Default)]
struct Usage {
    abilities: HashSet<usize>,
    terms: HashSet<usize>,
}

struct Checker<'g> {
    game: &'g Game,
    ix: Index,
    diags: Vec<Diagnostic>,
    used: Usage,
}

/// The checker's findings and the index it built (which the exporter reuses).
pub struct Checked {
    pub diags: Vec<Diagnostic>,
    pub ix: Index,
}

/// Check a game; returns every finding, errors and warnings, in file order.
pub fn check(game: &Game) -> Checked {
    let mut diags = Vec::new();
    let ix = Index::build(game, &mut diags);
    let mut c = Checker { game, ix, diags, used: Usage::default() };
    c.run();
    let mut diags = c.diags;
    diags.sort_by_key(|d| d.loc.as_ref().map(|l| (l.file, l.span.start)).unwrap_or((usize::MAX, 0)));
    Checked { diags, ix: c.ix }
}

impl<'g> Checker<'g> {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn unknown(&mut self, what: &str, id: &str, loc: &Loc, candidates: Vec<&str>) {
        let mut d = Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("unknown {what} `{id}`"))
            .at(loc)
            .label(format!("no {what} has this id"));
        d = match diag::did_you_mean(id, candidates.iter().copied()) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None if candidates.is_empty() => d.help(format!("this game declares no {what}s: add a [[{what}]] table")),
            None => {
                let mut c = candidates.clone();
                c.sort();
                let shown: Vec<&str> = c.into_iter().take(12).collect();
                d.help(format!("the {what}s are: {}", shown.join(", ")))
            }
        };
        self.push(d);
    }

    fn resolve(&mut self, what: &str, id: &Sp<String>) -> Option<usize> {
        let game = self.game;
        let (map, names): (&HashMap<String, usize>, Vec<&str>) = match what {
            "side" => (&self.ix.sides, game.sides.iter().map(|x| x.id.v.as_str()).collect()),
            "stat" => (&self.ix.stats, game.stats.iter().map(|x| x.id.v.as_str()).collect()),
            "kind" => (&self.ix.kinds, game.kinds.iter().map(|x| x.id.v.as_str()).collect()),
            "trait" => (&self.ix.traits, game.traits.iter().map(|x| x.id.v.as_str()).collect()),
            "group" => (&self.ix.groups, game.groups.iter().map(|x| x.id.v.as_str()).collect()),
            "unit" => (&self.ix.units, game.units.iter().map(|x| x.id.v.as_str()).collect()),
            "section" => (&self.ix.sections, game.sections.iter().map(|x| x.id.v.as_str()).collect()),
            "table" => (&self.ix.tables, game.tables.iter().map(|x| x.id.v.as_str()).collect()),
            "sequence" => (&self.ix.sequences, game.sequences.iter().map(|x| x.id.v.as_str()).collect()),
            _ => unreachable!("resolve({what})"),
        };
        match map.get(&id.v) {
            Some(&i) => Some(i),
            None => {
                if !id.v.is_empty() {
                    self.unknown(what, &id.v, &id.loc, names);
                }
                None
            }
        }
    }

    /// Resolve `"landing 10"`: the ability exists and the parameter is one it takes.
    fn resolve_ability(&mut self, r: &AbilityRef) -> Option<usize> {
        let game = self.game;
        let Some(&i) = self.ix.abilities.get(&r.id) else {
            let names = game.abilities.iter().map(|a| a.id.v.as_str()).collect();
            self.unknown("ability", &r.id, &r.loc, names);
            return None;
        };
        self.used.abilities.insert(i);
        let a = &game.abilities[i];
        match (&a.values, r.param) {
            (Some(values), None) => {
                let list = join_values(&values.v);
                self.push(
                    Diagnostic::error(diag::PARAM_MISSING, format!("`{}` needs a value: {} N", r.id, a.name.v))
                        .at(&r.loc)
                        .label(format!("which {}?", a.name.v))
                        .help(format!("write it with one of its values: {}", example_refs(&r.id, &values.v))),
                );
                let _ = list;
            }
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
        Some(i)
    }

    fn run(&mut self) {
        let game = self.game;
        // Kinds name their stats.
        for k in &game.kinds {
            for s in k.stats.iter().chain(&k.optional_stats) {
                self.resolve("stat", s);
            }
        }
        for g in &game.groups {
            for t in &g.requires {
                self.resolve("trait", t);
            }
        }
        for a in &game.abilities {
            self.check_ability(a);
        }
        for u in &game.units {
            self.check_unit(u);
        }
        let mut numbers: HashMap<&str, &Sp<String>> = HashMap::new();
        for s in &game.sections {
            if let Some(n) = &s.number {
                if let Some(prev) = numbers.get(n.v.as_str()) {
                    let (l, c) = game.files.line_col(prev.loc.file, prev.loc.span.start);
                    self.push(
                        Diagnostic::warning(diag::DUPLICATE_NUMBER, format!("two sections are numbered {}", n.v))
                            .at(&n.loc)
                            .note(format!("the other is at {}:{l}:{c}", game.files.get(prev.loc.file).name))
                            .help("give one of them its own number, or none"),
                    );
                } else {
                    numbers.insert(&n.v, n);
                }
            }
            self.check_items(&s.items);
        }
        for t in &game.tables {
            self.check_table(t);
        }
        for text in all_texts(game) {
            self.check_text(text);
        }
        for u in &game.units {
            if let Some(img) = &u.image
                && let Some(d) = images::check_image(&game.root, img)
            {
                self.push(d);
            }
        }
        self.check_changelog();
        self.check_scenarios();
        let mut found = Vec::new();
        self.ix.counters = std::sync::Arc::new(pieces::resolve_counters(game, &self.ix, None, &mut found));
        pieces::resolve_cards(game, &self.ix, None, &mut found);
        self.diags.extend(found);
        self.warn_unused();
    }

    /// The changelog: the current version has an entry, versions only go up, and what an item
    /// says it changed exists.
    fn check_changelog(&mut self) {
        let game = self.game;
        for c in &game.changelog {
            for (_, kind, id) in &c.refs {
                match kind {
                    RefKind::Ability => {
                        let r = AbilityRef::parse(&id.v, id.loc.clone());
                        if !self.ix.abilities.contains_key(&r.id) {
                            let names = game.abilities.iter().map(|a| a.id.v.as_str()).collect();
                            self.unknown("ability", &r.id, &id.loc, names);
                        }
                    }
                    other => self.resolve_ref(*other, &id.v, &id.loc),
                }
            }
        }
        for pair in game.changelog.windows(2) {
            let (a, b) = (&pair[0].version, &pair[1].version);
            if compare_versions(&a.v, &b.v) != std::cmp::Ordering::Less && a.v != b.v {
                let (l, col) = game.files.line_col(a.loc.file, a.loc.span.start);
                self.push(
                    Diagnostic::error(
                        diag::CHANGELOG_ORDER,
                        format!("changelog version {} comes after {}, which is not older", b.v, a.v),
                    )
                    .at(&b.loc)
                    .label(format!("not newer than {}", a.v))
                    .note(format!("{} is at {}:{l}:{col}", a.v, game.files.get(a.loc.file).name))
                    .help("list versions oldest first, each newer than the one before (1.9 < 1.10 < 2.0)"),
                );
            }
        }
        if let (Some(v), false) = (&game.meta.version, game.changelog.is_empty())
            && !game.changelog.iter().any(|c| compare_versions(&c.version.v, &v.v) == std::cmp::Ordering::Equal)
        {
            let last = game.changelog.last().map(|c| c.version.v.clone()).unwrap_or_default();
            self.push(
                Diagnostic::error(
                    diag::CHANGELOG_MISSING_VERSION,
                    format!("the rules are version {} but the changelog stops at {last}", v.v),
                )
                .at(&v.loc)
                .label("no [[changelog]] entry for this version")
                .help(format!(
                    "add [[changelog]] version = \"{}\" with what changed (`playaid diff OLD NEW --format changelog` drafts it)",
                    v.v
                )),
            );
        }
    }

    fn check_ability(&mut self, a: &Ability) {
        let game = self.game;
        for g in &a.groups {
            self.resolve("group", g);
        }
        for s in &a.stats {
            self.resolve("stat", s);
        }
        if let Some(values) = &a.values {
            if values.v.is_empty() {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{}` declares an empty list of values", a.id.v))
                        .at(&values.loc)
                        .help("list the values it takes, e.g. values = [10, 5, 3], or remove `values`"),
                );
            }
            let mut seen = HashSet::new();
            for v in &values.v {
                if !seen.insert(v.v) {
                    self.push(
                        Diagnostic::error(diag::DUPLICATE_ID, format!("value {} is listed twice", v.v))
                            .at(&v.loc)
                            .help("list each value once"),
                    );
                }
            }
        }
        let declared: HashSet<&str> = a.traits.iter().map(|(k, _)| k.v.as_str()).collect();
        for (key, value) in &a.traits {
            let Some(&ti) = self.ix.traits.get(&key.v) else {
                let names = game.traits.iter().map(|t| t.id.v.as_str()).collect();
                self.unknown("trait", &key.v, &key.loc, names);
                continue;
            };
            let tr = &game.traits[ti];
            match value {
                TraitValue::One(v) => self.check_value(&tr.ty, v, &format!("trait `{}`", tr.id.v), diag::TRAIT_VALUE),
                TraitValue::PerParam(list, loc) => {
                    let Some(values) = &a.values else {
                        self.push(
                            Diagnostic::error(
                                diag::PARAM_NOT_ALLOWED,
                                format!("`{}` gives `{}` per value, but takes no values", a.id.v, tr.id.v),
                            )
                            .at(loc)
                            .help("declare the ability's `values = [...]`, or give one value"),
                        );
                        continue;
                    };
                    for (p, v) in list {
                        if !values.v.iter().any(|x| x.v == p.v) {
                            self.push(
                                Diagnostic::error(
                                    diag::PARAM_NOT_ALLOWED,
                                    format!("{} {} is not a value of `{}`", a.name.v, p.v, a.id.v),
                                )
                                .at(&p.loc)
                                .label(format!("allowed: {}", join_values(&values.v)))
                                .help("give the trait for the ability's values only"),
                            );
                        }
                        self.check_value(&tr.ty, v, &format!("trait `{}`", tr.id.v), diag::TRAIT_VALUE);
                    }
                    for v in &values.v {
                        if !list.iter().any(|(p, _)| p.v == v.v) {
                            self.push(
                                Diagnostic::error(
                                    diag::MISSING_TRAIT,
                                    format!("{} {} has no `{}`", a.name.v, v.v, tr.id.v),
                                )
                                .at(loc)
                                .label(format!("no value for {}", v.v))
                                .help(format!("add `{} = ...` to this table", v.v)),
                            );
                        }
                    }
                }
            }
        }
        // Groups require traits: "every transport ability declares its capacity".
        for g in &a.groups {
            let Some(&gi) = self.ix.groups.get(&g.v) else { continue };
            let group = &game.groups[gi];
            for req in &group.requires {
                if !declared.contains(req.v.as_str()) && self.ix.traits.contains_key(&req.v) {
                    let tr = &game.traits[self.ix.traits[&req.v]];
                    let example = match (&tr.ty, &a.values) {
                        (_, Some(values)) => {
                            let parts: Vec<String> = values.v.iter().map(|v| format!("{} = ...", v.v)).collect();
                            format!("{{ {} }}", parts.join(", "))
                        }
                        (ValueType::Bool, None) => "true".to_string(),
                        (ValueType::Int { .. }, None) => "1".to_string(),
                        _ => "\"...\"".to_string(),
                    };
                    self.push(
                        Diagnostic::error(
                            diag::MISSING_TRAIT,
                            format!(
                                "ability `{}` is in group `{}` but declares no `{}` ({})",
                                a.id.v, group.id.v, tr.id.v, tr.name.v
                            ),
                        )
                        .at(&g.loc)
                        .label(format!("`{}` requires `{}`", group.id.v, tr.id.v))
                        .help(format!("add `{} = {example}` to the ability's traits", tr.id.v)),
                    );
                }
            }
        }
    }

    /// A stat or trait value against its declared type and range.
    fn check_value(&mut self, ty: &ValueType, v: &Sp<Scalar>, what: &str, code_type: diag::Code) {
        if let Some(d) = value_finding(ty, v, code_type, what) {
            self.push(d);
        }
    }

    fn check_unit(&mut self, u: &Unit) {
        let game = self.game;
        let kind = u.kind.as_ref().and_then(|k| self.resolve("kind", k)).map(|i| &game.kinds[i]);
        if let Some(s) = &u.side {
            self.resolve("side", s);
        }
        for (key, value) in &u.stats {
            let Some(&si) = self.ix.stats.get(&key.v) else {
                let names = game.stats.iter().map(|s| s.id.v.as_str()).collect();
                self.unknown("stat", &key.v, &key.loc, names);
                continue;
            };
            let stat = &game.stats[si];
            if let Some(k) = kind
                && !k.stats.iter().chain(&k.optional_stats).any(|s| s.v == key.v)
            {
                self.push(
                    Diagnostic::error(diag::STAT_NOT_ALLOWED, format!("kind `{}` has no stat `{}`", k.id.v, key.v))
                        .at(&key.loc)
                        .label(format!("not a stat of {}", k.name.v))
                        .help(format!(
                            "remove it, or add \"{}\" to the `stats` or `optional_stats` of kind `{}`",
                            key.v, k.id.v
                        )),
                );
            }
            self.check_value(&stat.ty, value, &format!("{} of `{}`", stat.name.v, u.id.v), diag::STAT_TYPE);
        }
        if let Some(k) = kind {
            let missing: Vec<&Sp<String>> =
                k.stats.iter().filter(|s| !u.stats.iter().any(|(key, _)| key.v == s.v)).collect();
            for s in missing {
                let label = self.ix.stats.get(&s.v).map(|&i| game.stats[i].name.v.clone()).unwrap_or(s.v.clone());
                self.push(
                    Diagnostic::error(
                        diag::STAT_MISSING,
                        format!("unit `{}` has no {} (`{}`), which every {} needs", u.id.v, label, s.v, k.name.v),
                    )
                    .at(&u.id.loc)
                    .label(format!("missing `{}`", s.v))
                    .help(format!("add `{} = ...` to the unit's `stats`", s.v)),
                );
            }
        }
        for (key, _) in &u.stat_notes {
            if !u.stats.iter().any(|(k, _)| k.v == key.v) {
                self.push(
                    Diagnostic::error(
                        diag::UNKNOWN_REFERENCE,
                        format!("a note for stat `{}`, which this unit does not have", key.v),
                    )
                    .at(&key.loc)
                    .help("give the stat a value in `stats`, or remove the note"),
                );
            }
        }
        let mut seen = HashSet::new();
        for r in &u.abilities {
            if !seen.insert((r.id.clone(), r.param)) {
                self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("unit `{}` lists `{}` twice", u.id.v, r.id))
                        .at(&r.loc)
                        .help("list each ability once"),
                );
            }
            self.resolve_ability(r);
        }
        if let Some(q) = &u.quantity
            && q.v < 1
        {
            self.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("quantity must be at least 1, not {}", q.v))
                    .at(&q.loc)
                    .help("remove the unit if the game has none of it"),
            );
        }
    }

    fn check_items(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Text { items, .. } => self.check_items(items),
                Item::Table(t) => {
                    self.resolve("table", t);
                }
                Item::Sequence(s) => {
                    self.resolve("sequence", s);
                }
                Item::Unit(u) => {
                    self.resolve("unit", u);
                }
                Item::Label(_) | Item::Note(_) => {}
            }
        }
    }

    fn check_cell(&mut self, cell: &Cell) {
        if let Cell::Ref { kind, target } = cell {
            self.resolve_ref(*kind, &target.v, &target.loc);
        }
    }

    /// A reference from a text or a table cell.
    fn resolve_ref(&mut self, kind: RefKind, target: &str, loc: &Loc) {
        let sp = Sp::new(target.to_string(), loc.clone());
        match kind {
            RefKind::Term => match self.ix.term(target) {
                Some(i) => {
                    self.used.terms.insert(i);
                }
                None => {
                    let game = self.game;
                    let names: Vec<&str> = game.terms.iter().map(|t| t.name.v.as_str()).collect();
                    let mut d =
                        Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("`{target}` is not in the glossary"))
                            .at(loc)
                            .label("no glossary term, id or alias matches");
                    d = match diag::did_you_mean(target, names.iter().copied()) {
                        Some(s) => d.help(format!(
                            "did you mean `{s}`? (or add \"{target}\" to its `aliases`, or a [[term]] named \"{target}\")"
                        )),
                        None => d.help(format!("add a [[term]] with name = \"{target}\" to the glossary")),
                    };
                    self.push(d);
                }
            },
            RefKind::Section => {
                self.resolve("section", &sp);
            }
            RefKind::Ability => {
                let r = AbilityRef::parse(target, loc.clone());
                self.resolve_ability(&r);
            }
            RefKind::Unit => {
                self.resolve("unit", &sp);
            }
            RefKind::Kind => {
                self.resolve("kind", &sp);
            }
            RefKind::Stat => {
                self.resolve("stat", &sp);
            }
        }
    }

    fn check_table(&mut self, t: &Table) {
        let game = self.game;
        match &t.body {
            TableBody::Written { header, rows } => {
                for c in header {
                    self.check_cell(c);
                }
                for (loc, cells) in rows {
                    if !header.is_empty() && cells.len() != header.len() {
                        self.push(
                            Diagnostic::error(
                                diag::TABLE_ROW_LENGTH,
                                format!(
                                    "this row of table `{}` has {} cells, the header has {}",
                                    t.id.v,
                                    cells.len(),
                                    header.len()
                                ),
                            )
                            .at(loc)
                            .label(format!("expected {} cells", header.len()))
                            .help(if cells.len() < header.len() {
                                "add the missing cells (write \"-\" for an empty one)"
                            } else {
                                "remove the extra cells, or add a column to the header"
                            }),
                        );
                    }
                    for c in cells {
                        self.check_cell(c);
                    }
                }
            }
            TableBody::Generated { abilities_with, traits, .. } => {
                if let Some(ti) = self.resolve("trait", abilities_with) {
                    let tid = &game.traits[ti].id.v;
                    let rows: Vec<usize> = game
                        .abilities
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| a.traits.iter().any(|(k, _)| &k.v == tid))
                        .map(|(i, _)| i)
                        .collect();
                    if rows.is_empty() {
                        self.push(
                            Diagnostic::warning(
                                diag::UNUSED_ABILITY,
                                format!("no ability declares `{tid}`: table `{}` is empty", t.id.v),
                            )
                            .at(&abilities_with.loc)
                            .help(format!("give abilities a `{tid}` in their traits")),
                        );
                    }
                    self.used.abilities.extend(rows);
                }
                for tr in traits {
                    self.resolve("trait", tr);
                }
            }
        }
    }

    fn check_text(&mut self, text: &Text) {
        let game = self.game;
        let source = &game.files.get(text.loc.file).text;
        let (refs, bad) = markup::scan(&text.raw);
        for b in bad {
            self.push(
                Diagnostic::error(diag::MARKUP_SYNTAX, b.message.clone())
                    .at(&sub_loc(text, source, b.range.clone()))
                    .help("close the reference with `]]`, or write `\\[[` for literal brackets"),
            );
        }
        for r in &refs {
            let loc = sub_loc(text, source, r.target_range.clone());
            self.resolve_ref(r.kind, &r.target, &loc);
        }
        for (range, message, hints) in markup::syntax_errors(&text.raw, &refs) {
            let mut d = Diagnostic::error(diag::MARKUP_SYNTAX, format!("markup: {message}"))
                .at(&sub_loc(text, source, range))
                .help(hints.first().cloned().unwrap_or_else(|| {
                    "this text is Typst markup: *bold*, _emphasis_; write \\* \\_ \\# \\$ for the plain characters"
                        .to_string()
                }));
            for h in hints.iter().skip(1) {
                d = d.note(h.clone());
            }
            self.push(d);
        }
    }

    fn warn_unused(&mut self) {
        let game = self.game;
        for (i, a) in game.abilities.iter().enumerate() {
            if !self.used.abilities.contains(&i) && self.ix.abilities.get(&a.id.v) == Some(&i) {
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
            if !self.used.terms.contains(&i) && self.ix.terms.get(&t.id.v) == Some(&i) {
                self.push(
                    Diagnostic::warning(diag::UNUSED_TERM, format!("glossary term `{}` is never used", t.name.v))
                        .at(&t.name.loc)
                        .help(format!("mention it in a rule as [[{}]], or remove it", t.name.v)),
                );
            }
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
pub fn is_dice(s: &str) -> bool {
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

/// A stat or trait value against its declared type and range.
pub(crate) fn value_finding(ty: &ValueType, v: &Sp<Scalar>, code_type: diag::Code, what: &str) -> Option<Diagnostic> {
    match (ty, &v.v) {
        (ValueType::Int { min, max }, Scalar::Int(n)) => {
            if let (Some(a), Some(b)) = (min, max)
                && a.v > b.v
            {
                return None; // the declaration itself is reported
            }
            let n = *n;
            let low = min.as_ref().is_some_and(|m| n < m.v);
            let high = max.as_ref().is_some_and(|m| n > m.v);
            if low || high {
                let range = match (min, max) {
                    (Some(a), Some(b)) => format!("{} to {}", a.v, b.v),
                    (Some(a), None) => format!("at least {}", a.v),
                    (None, Some(b)) => format!("at most {}", b.v),
                    _ => String::new(),
                };
                let code = if code_type == diag::STAT_TYPE { diag::STAT_RANGE } else { code_type };
                return Some(
                    Diagnostic::error(code, format!("{what} is {n}, outside its range {range}"))
                        .at(&v.loc)
                        .label(format!("allowed: {range}"))
                        .help("fix the value, or widen the declared min/max if the rules allow it"),
                );
            }
            None
        }
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

/// Every markup field of a game.
pub fn all_texts(game: &Game) -> Vec<&Text> {
    let mut out: Vec<&Text> = Vec::new();
    out.extend(game.meta.intro.iter());
    out.extend(game.meta.credits.iter());
    for a in &game.abilities {
        out.extend(a.text.iter());
        out.extend(a.short.iter());
    }
    for u in &game.units {
        out.extend(u.stat_notes.iter().map(|(_, t)| t));
        out.extend(u.notes.iter());
    }
    fn items<'a>(list: &'a [Item], out: &mut Vec<&'a Text>) {
        for it in list {
            match it {
                Item::Text { text, items: sub } => {
                    out.push(text);
                    items(sub, out);
                }
                Item::Label(t) | Item::Note(t) => out.push(t),
                _ => {}
            }
        }
    }
    for s in &game.sections {
        out.extend(s.summary.iter());
        out.extend(s.text.iter());
        items(&s.items, &mut out);
        out.extend(s.after.iter());
    }
    for t in &game.tables {
        if let TableBody::Written { header, rows } = &t.body {
            for c in header.iter().chain(rows.iter().flat_map(|(_, r)| r.iter())) {
                if let Cell::Text(text) = c {
                    out.push(text);
                }
            }
        }
        out.extend(t.notes.iter());
    }
    fn steps<'a>(list: &'a [Step], out: &mut Vec<&'a Text>) {
        for s in list {
            out.push(&s.title);
            out.extend(s.text.iter());
            steps(&s.steps, out);
        }
    }
    for s in &game.sequences {
        steps(&s.steps, &mut out);
    }
    for t in &game.terms {
        out.extend(t.text.iter());
    }
    for c in &game.changelog {
        out.extend(c.items.iter());
    }
    out.extend(game.todos.iter());
    for c in &game.cards {
        out.extend(c.text.iter());
    }
    for b in &game.card_backs {
        out.extend(b.text.iter());
    }
    for sc in &game.scenarios {
        out.extend(sc.situation.iter());
        out.extend(sc.map.iter());
        out.extend(sc.setup.iter());
        for side in &sc.sides {
            out.extend(side.setup.iter());
            for f in &side.forces {
                out.extend(f.setup.iter());
                out.extend(f.text.iter());
            }
        }
        for o in &sc.objectives {
            out.extend(o.text.iter());
        }
        out.extend(sc.sudden_death.iter());
        out.extend(sc.victory.iter());
        out.extend(sc.special_rules.iter());
    }
    out
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
