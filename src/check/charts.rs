//! Charts: a CRT's columns are odds or differentials in rising order, its rows give every
//! result of its dice once, every result code is in its legend (and every legend entry is
//! used), its modifiers name causes that exist; scenarios end and their reinforcements arrive
//! on a turn the turn record track has; every terrain gives the chart's movement types; the aid
//! card names a sequence and tables that exist.

use std::collections::HashSet;

use super::{Checker, place};
use crate::diag::{self, Diagnostic};
use crate::model::*;

/// How far below or above its dice a CRT's rows may reach through die-roll modifiers.
const MAX_DRM_REACH: i64 = 100;

/// A cell that means "no effect": not a result code.
fn is_no_result(code: &str) -> bool {
    matches!(code.trim(), "" | "-" | "–" | "—")
}

/// `"3-1"` or `"3:1"`: the odds as a ratio; `None` if it is not written so.
fn odds(label: &str) -> Option<f64> {
    let (a, b) = label.trim().split_once(['-', ':'])?;
    let (a, b) = (a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?);
    (a > 0 && b > 0).then(|| a as f64 / b as f64)
}

/// `"+3"`, `"0"`, `"-2"`, `"−2"`: the differential; `None` if it is not written so.
fn differential(label: &str) -> Option<i64> {
    label.trim().replace('−', "-").trim_start_matches('+').parse().ok()
}

impl Checker<'_> {
    pub(super) fn check_charts(&mut self) {
        let game = self.game;
        for crt in &game.crts {
            self.check_crt_columns(crt);
            self.check_crt_rolls(crt);
            self.check_crt_results(crt);
            for m in &crt.modifiers {
                self.check_modifier(m);
                self.check_modifier_size(crt, m);
            }
        }
        self.check_movement_types();
        self.check_terrain_values();
        self.check_terrain_sight();
        self.check_reinforcements();
        let aid = &game.meta.aid;
        if let Some(s) = &aid.sequence {
            self.resolve::<Sequence>(s);
        }
        for t in &aid.tables {
            self.resolve::<Table>(t);
        }
        for t in &aid.tracks {
            self.resolve::<Track>(t);
        }
        for d in &aid.decks {
            self.resolve::<Deck>(d);
        }
    }

    /// Headings written as their kind says, rising; every row as wide as the headings.
    fn check_crt_columns(&mut self, crt: &Crt) {
        let mut prev: Option<(f64, &Sp<String>)> = None;
        let mut seen: HashSet<&str> = HashSet::new();
        // Odds are written one way across a table: "1-2 1-1 2-1" or "1:2 1:1 2:1".
        // The way most columns write them is the table's: only the others are told (a first
        // column "1:2" beside "1-1 2-1 3-1" is the one to change, not the three after it).
        let separator = |l: &str| l.chars().find(|c| *c == '-' || *c == ':');
        let written: Vec<&Sp<String>> = crt.labels.iter().filter(|l| odds(&l.v).is_some()).collect();
        let colons = written.iter().filter(|l| separator(&l.v) == Some(':')).count();
        let dashes = written.len() - colons;
        let usual = match written.first() {
            Some(f) if colons == dashes => separator(&f.v),
            _ => Some(if colons > dashes { ':' } else { '-' }),
        };
        let first = written.iter().copied().find(|l| separator(&l.v) == usual);
        for label in &crt.labels {
            if crt.columns == CrtColumns::Odds
                && let (Some(f), Some(_)) = (first, odds(&label.v))
                && separator(&f.v) != separator(&label.v)
            {
                let (a, b) = (separator(&f.v).unwrap_or('-'), separator(&label.v).unwrap_or('-'));
                self.push(
                    Diagnostic::error(
                        diag::CRT_COLUMNS,
                        format!("column `{}` writes its odds with `{b}`, column `{}` with `{a}`", label.v, f.v),
                    )
                    .at(&label.loc)
                    .label(format!("`{b}` here"))
                    .help(format!(
                        "write every column's odds the same way: \"{}\"",
                        label.v.replace(b, &a.to_string())
                    )),
                );
            }
            let value = match crt.columns {
                CrtColumns::Odds => odds(&label.v),
                CrtColumns::Differential => differential(&label.v).map(|d| d as f64),
                CrtColumns::Named => Some(prev.map(|(v, _)| v + 1.0).unwrap_or(0.0)),
            };
            let Some(value) = value else {
                let example = match crt.columns {
                    CrtColumns::Odds => "odds are attack to defence: \"1-2\", \"1-1\", \"3-1\"",
                    _ => "differentials are attack minus defence: \"-2\", \"0\", \"+3\"",
                };
                self.push(
                    Diagnostic::error(
                        diag::CRT_COLUMNS,
                        format!("`{}` is not a column of {} columns", label.v, crt.columns.name()),
                    )
                    .at(&label.loc)
                    .help(format!("{example}; or declare columns = \"named\" for other headings")),
                );
                continue;
            };
            if !seen.insert(label.v.trim()) {
                self.push(
                    Diagnostic::error(diag::CRT_COLUMNS, format!("CRT `{}` has two columns `{}`", crt.id.v, label.v))
                        .at(&label.loc)
                        .help("each column heading appears once"),
                );
            } else if let Some((p, prev_label)) = prev
                && value <= p
                && crt.columns != CrtColumns::Named
            {
                self.push(
                    Diagnostic::error(
                        diag::CRT_COLUMNS,
                        format!("column `{}` comes after `{}`, but is not higher", label.v, prev_label.v),
                    )
                    .at(&label.loc)
                    .label(format!("should come before `{}`", prev_label.v))
                    .help("write the columns from the worst for the attacker to the best, left to right"),
                );
            }
            prev = Some((value, label));
        }
        for row in &crt.rows {
            if !crt.labels.is_empty() && row.results.len() != crt.labels.len() {
                let (n, cols) = (row.results.len(), crt.labels.len());
                self.push(
                    Diagnostic::error(
                        diag::CRT_COLUMNS,
                        format!("this row of CRT `{}` has {n} results, the CRT has {cols} columns", crt.id.v),
                    )
                    .at(&row.loc)
                    .label(format!("expected {cols} results"))
                    .help("give one result per column, in the order of `labels` (\"-\" for no effect)"),
                );
            }
        }
    }

    /// Every result the dice roll has one row; rows beyond them only as far as the die-roll
    /// modifiers reach.
    fn check_crt_rolls(&mut self, crt: &Crt) {
        let Some(dice) = &crt.dice else { return };
        let (n, sides) = dice.v;
        let (lo, hi) = (n, n * sides);
        let game = self.game;
        let drms = crt.modifiers.iter().flat_map(|m| game.modifier_effects(m)).filter_map(|e| match e {
            ModifierEffect::Drm(d) => Some(d),
            ModifierEffect::Shift(_) => None,
        });
        let (down, up) = drms
            .fold((0i64, 0i64), |(d, u), x| if x < 0 { (d.saturating_add(x), u) } else { (d, u.saturating_add(x)) });
        // Modifiers beyond any table's reach are bounded, so that the rows checked stay few.
        let (min, max) = (lo + down.max(-MAX_DRM_REACH), hi + up.min(MAX_DRM_REACH));
        let mut covered: Vec<Option<&CrtRow>> = vec![None; (max - min + 1) as usize];
        for row in &crt.rows {
            let (a, b) = row.roll.v;
            if a < min || b > max {
                let with = if (down, up) == (0, 0) { "" } else { " with its modifiers" };
                self.push(
                    Diagnostic::error(
                        diag::CRT_DIE_ROLL,
                        format!("{n}D{sides}{with} rolls {min} to {max}, not {}", show_roll(a, b)),
                    )
                    .at(&row.roll.loc)
                    .label(format!("outside {min} to {max}"))
                    .help("remove the row, or list the die-roll modifier that reaches it in `modifiers`"),
                );
                continue;
            }
            // One finding per row, at its first repeated result; the rest of it still counts.
            let mut said = false;
            for r in a..=b {
                let slot = &mut covered[(r - min) as usize];
                match slot {
                    Some(first) if !said => {
                        said = true;
                        let first_loc = place(&self.game.files, &first.roll.loc);
                        self.push(
                            Diagnostic::error(diag::CRT_DIE_ROLL, format!("die result {r} has two rows"))
                                .at(&row.roll.loc)
                                .note(format!("the first is at {first_loc}"))
                                .help("every die result picks one row: remove it from one of them"),
                        );
                    }
                    Some(_) => {}
                    None => *slot = Some(row),
                }
            }
        }
        let missing: Vec<i64> = (lo..=hi).filter(|r| covered[(r - min) as usize].is_none()).collect();
        if !missing.is_empty() && !crt.rows.is_empty() {
            let list = spans(&missing);
            self.push(
                Diagnostic::error(
                    diag::CRT_DIE_ROLL,
                    format!(
                        "CRT `{}` has no row for die result{} {list}",
                        crt.id.v,
                        if missing.len() == 1 { "" } else { "s" }
                    ),
                )
                .at(&dice.loc)
                .label(format!("{}D{sides} rolls {lo} to {hi}", n))
                .help("add a row for every result: { roll = 4, results = [...] }, or a span: roll = \"4-5\""),
            );
        }
    }

    /// A modifier written here changes something and stays within the table: a shift of 0 or
    /// a drm of 0 is a value left unfinished; a shift wider than the columns or a drm larger
    /// than the dice's highest roll moves every attack off the table.
    fn check_modifier_size(&mut self, crt: &Crt, m: &CrtModifier) {
        let Some(effect) = &m.effect else { return };
        // A terrain's modifier is held to the terrain chart's value (E018 when they differ).
        if m.cause.as_ref().is_some_and(|(k, _)| *k == RefKind::Terrain) {
            return;
        }
        let (n, what, limit, help) = match effect.v {
            ModifierEffect::Shift(n) => (
                n,
                "a column shift",
                Some(crt.labels.len() as i64).filter(|w| *w > 0).map(|w| (w, format!("a CRT of {w} columns"))),
                "a shift moves the attack that many columns left (negative) or right: keep it within the table",
            ),
            ModifierEffect::Drm(n) => (
                n,
                "a die-roll modifier",
                crt.dice.as_ref().map(|d| (d.v.0 * d.v.1, format!("{}D{}", d.v.0, d.v.1))),
                "a drm is added to the roll: keep it no larger than the dice's highest roll",
            ),
        };
        let message = match limit {
            _ if n == 0 => format!("{what} of 0 changes nothing"),
            Some((most, of)) if n.abs() > most => format!("{what} of {n} on {of}"),
            _ => return,
        };
        self.push(Diagnostic::error(diag::INVALID_VALUE, message).at(&effect.loc).help(if n == 0 {
            "write the modifier's value, or take the modifier out"
        } else {
            help
        }));
    }

    /// Its cause exists; a terrain's modifier agrees with the terrain chart, or takes the
    /// terrain's own shift and drm.
    fn check_modifier(&mut self, m: &CrtModifier) {
        let Some((kind, id)) = &m.cause else { return };
        if *kind != RefKind::Terrain {
            self.resolve_ref(*kind, &id.v, &id.loc);
            return;
        }
        let Some(t) = self.resolve::<Terrain>(id) else { return };
        let Some(effect) = &m.effect else {
            if t.shift.is_none() && t.drm.is_none() && t.cover.is_none() {
                self.push(
                    Diagnostic::error(
                        diag::MISSING_FIELD,
                        format!("terrain `{}` has no `shift`, `drm` or `cover` for this modifier to take", id.v),
                    )
                    .at(&m.loc)
                    .help(format!(
                        "give [[terrain]] `{}` a shift, drm or cover, or write one here: {{ shift = -1, terrain = \"{}\" }}",
                        id.v, id.v
                    )),
                );
            }
            return;
        };
        let (key, said, chart) = match effect.v {
            ModifierEffect::Shift(n) => ("shift", n, t.shift.as_ref()),
            ModifierEffect::Drm(n) => ("drm", n, t.drm.as_ref()),
        };
        if let Some(chart) = chart.filter(|c| c.v != said) {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("the CRT gives {} a {key} of {said}, the terrain chart {}", t.name.v, chart.v),
                )
                .at(&effect.loc)
                .note(format!("the terrain's {key} is at {}", place(&self.game.files, &chart.loc)))
                .help(format!(
                    "write the {key} once, in [[terrain]]: leave it out here ({{ terrain = \"{}\" }})",
                    id.v
                )),
            );
        }
    }

    /// Every code in a cell is in the legend; every legend entry is used.
    fn check_crt_results(&mut self, crt: &Crt) {
        if crt.legend.is_empty() {
            // No legend at all: one finding, not one per cell.
            let mut codes: Vec<&str> = Vec::new();
            for cell in crt.rows.iter().flat_map(|r| &r.results) {
                let code = cell.v.trim();
                if !is_no_result(code) && !codes.contains(&code) {
                    codes.push(code);
                }
            }
            if let Some(first) = codes.first() {
                self.push(
                    Diagnostic::error(
                        diag::MISSING_FIELD,
                        format!("CRT `{}` has no `legend` for its result codes {}", crt.id.v, codes.join(", ")),
                    )
                    .at(&crt.id.loc)
                    .help(format!(
                        "add legend = [{{ code = \"{first}\", text = \"what it does\" }}, ...], one entry per code"
                    )),
                );
            }
            return;
        }
        let mut legend: Vec<&Sp<String>> = Vec::new();
        for r in &crt.legend {
            match legend.iter().find(|c| c.v == r.code.v) {
                Some(first) => self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("result `{}` is defined twice", r.code.v))
                        .at(&r.code.loc)
                        .note(format!("first defined at {}", place(&self.game.files, &first.loc)))
                        .help("keep one entry of the legend"),
                ),
                None => legend.push(&r.code),
            }
        }
        let mut used: HashSet<&str> = HashSet::new();
        for cell in crt.rows.iter().flat_map(|r| &r.results) {
            let code = cell.v.trim();
            if code.is_empty() {
                // A forgotten result would print as "no effect".
                self.push(
                    Diagnostic::error(diag::CRT_RESULT_UNDEFINED, format!("a cell of CRT `{}` is empty", crt.id.v))
                        .at(&cell.loc)
                        .label("no result")
                        .help("write the result's code, or \"-\" where the attack has no effect"),
                );
                continue;
            }
            if is_no_result(code) {
                continue;
            }
            used.insert(code);
            if legend.iter().any(|c| c.v == code) {
                continue;
            }
            let codes: Vec<&str> = legend.iter().map(|c| c.v.as_str()).collect();
            let d = Diagnostic::error(
                diag::CRT_RESULT_UNDEFINED,
                format!("result `{code}` is not in the legend of CRT `{}`", crt.id.v),
            )
            .at(&cell.loc)
            .label("no `legend` entry has this code");
            self.push(match diag::did_you_mean(code, codes.iter().copied()) {
                Some(s) => {
                    d.help(format!("did you mean `{s}`? (or add {{ code = \"{code}\", text = \"...\" }} to `legend`)"))
                }
                None => d.help(format!("add {{ code = \"{code}\", text = \"what it does\" }} to the CRT's `legend`")),
            });
        }
        for code in legend {
            if !used.contains(code.v.as_str()) {
                self.push(
                    Diagnostic::warning(
                        diag::CRT_RESULT_UNUSED,
                        format!("result `{}` is in the legend but no cell of CRT `{}` uses it", code.v, crt.id.v),
                    )
                    .at(&code.loc)
                    .help("remove it from `legend`, or check the cells for a misspelt code"),
                );
            }
        }
    }

    /// A terrain's line of sight, elevation and cover: each within its range; a hindrance only
    /// where it hinders; a terrain that blocks or hinders sight stands some height (W031).
    fn check_terrain_sight(&mut self) {
        let game = self.game;
        for t in &game.terrain {
            for (v, what, (lo, hi)) in [
                (&t.hindrance, "a hindrance", (1, 9)),
                (&t.level, "a ground level", (0, 9)),
                (&t.height, "a height", (0, 9)),
                (&t.cover, "a cover modifier", (-9, 9)),
            ] {
                if let Some(v) = v.as_ref().filter(|v| v.v < lo || v.v > hi) {
                    self.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("{what} of {}", v.v))
                            .at(&v.loc)
                            .label(format!("not {lo} to {hi}"))
                            .help(format!(
                                "write a whole number from {lo} to {hi}: levels count storeys and hills, not metres"
                            )),
                    );
                }
            }
            let los = t.los.as_ref();
            if let Some(h) = t.hindrance.as_ref().filter(|_| los.is_none_or(|l| l.v != LineOfSight::Hinders)) {
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("terrain `{}` has a hindrance but does not hinder line of sight", t.id.v),
                    )
                    .at(&h.loc)
                    .label("printed nowhere")
                    .help("add los = \"hinders\", or take the hindrance out"),
                );
            }
            if let Some(l) = los.filter(|l| l.v != LineOfSight::Clear)
                && t.height.is_none()
                && t.level.is_none()
            {
                self.push(
                    Diagnostic::warning(
                        diag::LOS_WITHOUT_HEIGHT,
                        format!("terrain `{}` {} line of sight but stands no height", t.id.v, l.v.name()),
                    )
                    .at(&l.loc)
                    .label("which sight lines, from which level?")
                    .help("give it a `height` in levels above the ground (woods 1, a two-storey building 2, a wall 1), or a `level` for a hill"),
                );
            }
        }
    }

    /// A terrain's costs are not negative, and its column shift stays within the widest CRT.
    fn check_terrain_values(&mut self) {
        let game = self.game;
        let widest = game.crts.iter().map(|c| c.labels.len() as i64).max();
        for t in &game.terrain {
            for cost in t.movement.all.iter().chain(t.movement.by_type.iter().map(|(_, c)| c)) {
                if cost.v.trim().replace('−', "-").parse::<f64>().is_ok_and(|n| n < 0.0) {
                    self.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("a movement cost of {}", cost.v))
                            .at(&cost.loc)
                            .label("below zero")
                            .help("a cost is what entering (or crossing) takes: 0 or more, \"+1\" on top of the hex, or \"P\" for prohibited"),
                    );
                }
            }
            self.at_least(
                &t.defence,
                1,
                "a defence multiplier",
                "the defender's strength is multiplied by it: 2 doubles it; leave it out for none",
            );
            if let Some(d) = t.defence.as_ref().filter(|d| d.v > 10) {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("a defence multiplier of {}", d.v))
                        .at(&d.loc)
                        .label("more than 10 times")
                        .help("write the multiplier: 2 doubles the defender's strength, 3 triples it"),
                );
            }
            if let (Some(s), Some(w)) = (&t.shift, widest)
                && s.v.abs() > w
            {
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("a column shift of {} on a CRT of {w} columns", s.v),
                    )
                    .at(&s.loc)
                    .label(format!("more than the {w} columns"))
                    .help(
                        "a shift moves the attack that many columns left (negative) or right: keep it within the table",
                    ),
                );
            }
        }
    }

    /// The movement types of the terrain chart are those of the first terrain that gives a
    /// cost per type: every other terrain gives a cost for each of them, and no other (a
    /// misspelt type would otherwise print as a column of its own).
    fn check_movement_types(&mut self) {
        let game = self.game;
        let Some(first) = game.terrain.iter().find(|t| !t.movement.by_type.is_empty()) else { return };
        let types: Vec<&str> = first.movement.by_type.iter().map(|(k, _)| k.v.as_str()).collect();
        let list = types.join(", ");
        for t in game.terrain.iter().filter(|t| !t.movement.by_type.is_empty()) {
            for (k, _) in &t.movement.by_type {
                if types.contains(&k.v.as_str()) {
                    continue;
                }
                let d = Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("`{}` is not a movement type of the terrain chart", k.v),
                )
                .at(&k.loc)
                .label(format!("the types are {list}"))
                .note(format!("the types are those of {}, the first terrain with a cost per type", first.name.v));
                self.push(match diag::did_you_mean(&k.v, types.iter().copied()) {
                    Some(s) => d.help(format!("did you mean `{s}`?")),
                    None => d.help(format!("add `{}` to {} as well, or use one of: {list}", k.v, first.name.v)),
                });
            }
            for ty in types.iter().filter(|ty| !t.movement.by_type.iter().any(|(k, _)| k.v == **ty)) {
                let at = t.movement.by_type.first().map(|(k, _)| k.loc.clone()).unwrap_or_else(|| t.id.loc.clone());
                self.push(
                    Diagnostic::error(diag::MISSING_FIELD, format!("terrain `{}` gives no `{ty}` cost", t.id.v))
                        .at(&at)
                        .help(format!(
                            "give a cost for every movement type ({list}); write \"P\" where units may not enter"
                        )),
                );
            }
        }
    }

    /// Every reinforcement arrives on a turn of the turn record track.
    fn check_reinforcements(&mut self) {
        let game = self.game;
        let Some(track) = &game.turn_track else { return };
        let last = track.turns.len() as i64;
        if last == 0 {
            return;
        }
        for sc in &game.scenarios {
            if let Some(turns) = sc.turns.as_ref().filter(|t| t.v > last) {
                self.push(
                    Diagnostic::error(
                        diag::TURN_PAST_TRACK,
                        format!("scenario `{}` lasts {} turns, but the turn track has {last}", sc.title.v, turns.v),
                    )
                    .at(&turns.loc)
                    .note(format!("the turn track is at {}", place(&game.files, &track.loc)))
                    .help("shorten the scenario, or add turns to [turn_track]"),
                );
            }
            for f in sc.sides.iter().flat_map(|s| &s.forces) {
                let Some(turn) = f.arrives.as_ref().filter(|t| t.v > last) else { continue };
                let last_name = track.turns.last().and_then(|t| t.name.as_ref()).map(|n| format!(" ({})", n.v));
                self.push(
                    Diagnostic::error(
                        diag::TURN_PAST_TRACK,
                        format!("this force arrives on turn {}, but the turn track ends at turn {last}", turn.v),
                    )
                    .at(&turn.loc)
                    .label(format!("the last turn is {last}{}", last_name.unwrap_or_default()))
                    .note(format!("the turn track is at {}", place(&game.files, &track.loc)))
                    .help("bring it on a turn of the track, or add turns to [turn_track]"),
                );
            }
        }
    }

    /// A section's `{ crt = "id" }` or `{ chart = "..." }` item.
    pub(super) fn check_chart_item(&mut self, item: &Item) {
        let game = self.game;
        match item {
            Item::Crt(id) => {
                self.resolve::<Crt>(id);
            }
            Item::Chart(kind) => {
                let (missing, table) = match kind.v {
                    ChartKind::Terrain => (game.terrain.is_empty(), "[[terrain]] entries"),
                    ChartKind::Turns => (game.turn_track.is_none(), "a [turn_track]"),
                };
                if missing {
                    self.push(
                        Diagnostic::error(
                            diag::MISSING_FIELD,
                            format!("this chart needs {table}, and the game has none"),
                        )
                        .at(&kind.loc)
                        .help(format!("add {table} (see docs/FORMAT.md), or remove the item")),
                    );
                }
            }
            _ => {}
        }
    }
}

/// Rising numbers as spans: "1, 4-6, 9".
fn spans(numbers: &[i64]) -> String {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &n in numbers {
        match out.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ => out.push((n, n)),
        }
    }
    out.iter().map(|&(a, b)| show_roll(a, b)).collect::<Vec<_>>().join(", ")
}

fn show_roll(a: i64, b: i64) -> String {
    if a == b { a.to_string() } else { format!("{a}-{b}") }
}
