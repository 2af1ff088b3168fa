//! Units: kind and side resolve, every stat (of every step) is one of the kind's and fits its
//! type and range, every stat the kind needs is there (in every step), notes are for stats the
//! unit has, abilities resolve.

use std::collections::HashSet;

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
    pub(super) fn check_unit(&mut self, u: &Unit) {
        let kind = u.kind.as_ref().and_then(|k| self.resolve::<Kind>(k));
        if let Some(s) = &u.side {
            self.resolve::<Side>(s);
        }
        // A misspelt stat id, in the kind's list or in the unit, is the root cause of the
        // kind-and-unit mismatches that follow from it.
        let kind_typo = kind.and_then(|k| self.unresolved_stat(k.stats.iter().chain(&k.optional_stats)));
        if u.steps.is_empty() {
            self.check_step(u, kind, None, &[], kind_typo.as_ref());
        }
        for (i, step) in u.steps.iter().enumerate() {
            // One of several steps is named in findings; a unit's only step is the unit.
            let named = u.has_steps().then_some((i, step));
            self.check_step(u, kind, named, &step.stats, kind_typo.as_ref());
        }
        for (key, _) in &u.stat_notes {
            if !u.steps.iter().flat_map(|s| &s.stats).any(|(k, _)| k.v == key.v) {
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
        self.copies(&u.quantity, "quantity", "remove the unit if the game has none of it");
        if let Some(img) = &u.image {
            self.check_image(img);
        }
    }

    /// The place of the first of `ids` that names no stat.
    fn unresolved_stat<'a>(&self, mut ids: impl Iterator<Item = &'a Sp<String>>) -> Option<crate::source::Loc> {
        ids.find(|s| self.ix.get::<Stat>(self.game, &s.v).is_none()).map(|s| s.loc.clone())
    }

    /// The stats of the unit, or of its step `named` (index and step): of its kind, of the
    /// right type and range, none missing.
    fn check_step(
        &mut self,
        u: &Unit,
        kind: Option<&Kind>,
        named: Option<(usize, &UnitStep)>,
        stats: &[(Sp<String>, Sp<Scalar>)],
        kind_typo: Option<&crate::source::Loc>,
    ) {
        let unit_typo = self.unresolved_stat(stats.iter().map(|(k, _)| k));
        // "of `sherman` (reduced)": a finding names the step it is in.
        let what = match named {
            Some((i, s)) => format!("`{}` ({})", u.id.v, s.label(i)),
            None => format!("`{}`", u.id.v),
        };
        self.check_stat_values(stats, kind, &what, kind_typo);
        if let Some(k) = kind {
            let at = named.map_or(&u.id.loc, |(_, s)| &s.loc);
            self.check_kind_stats_present(stats, (&what, at, named.is_some()), k, unit_typo.as_ref().or(kind_typo));
        }
    }

    /// Each of `stats` (of the unit or one of its steps, `what`) is a stat of the kind and
    /// fits its type and range.
    fn check_stat_values(
        &mut self,
        stats: &[(Sp<String>, Sp<Scalar>)],
        kind: Option<&Kind>,
        what: &str,
        kind_typo: Option<&crate::source::Loc>,
    ) {
        for (key, value) in stats {
            let Some(stat) = self.resolve::<Stat>(key) else { continue };
            if let Some(k) = kind
                && !k.stats.iter().chain(&k.optional_stats).any(|s| s.v == key.v)
            {
                self.push(
                    Diagnostic::error(diag::STAT_NOT_ALLOWED, format!("kind `{}` has no stat `{}`", k.id.v, key.v))
                        .at(&key.loc)
                        .label(format!("not a stat of {}", k.name.v))
                        .help(format!(
                            "remove it, or add \"{}\" to the `required_stats` or `optional_stats` of kind `{}`",
                            key.v, k.id.v
                        ))
                        .because_of(kind_typo),
                );
            }
            self.check_value(&stat.ty, value, &format!("{} of {what}", stat.name.v), diag::STAT_TYPE);
        }
    }

    /// Every stat the kind needs has a value in `stats`. `what`: the unit (or its step), where
    /// a missing stat is reported, and whether it is a step; `typo`: a misspelt stat id these
    /// findings follow from.
    fn check_kind_stats_present(
        &mut self,
        stats: &[(Sp<String>, Sp<Scalar>)],
        (what, at, in_step): (&str, &crate::source::Loc, bool),
        k: &Kind,
        typo: Option<&crate::source::Loc>,
    ) {
        let game = self.game;
        for s in k.stats.iter().filter(|s| !stats.iter().any(|(key, _)| key.v == s.v)) {
            let label = self.ix.get::<Stat>(game, &s.v).map(|st| st.name.v.clone()).unwrap_or(s.v.clone());
            self.push(
                Diagnostic::error(
                    diag::STAT_MISSING,
                    format!("unit {what} has no {} (`{}`), which every {} needs", label, s.v, k.name.v),
                )
                .at(at)
                .label(format!("missing `{}`", s.v))
                .help(format!("add `{} = ...` to {} `stats`", s.v, if in_step { "this step's" } else { "the unit's" }))
                .because_of(typo),
            );
        }
    }
}
