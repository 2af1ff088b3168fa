//! Abilities: their values, their traits (one value, or one per parameter value) against the
//! traits' types, the traits their groups require, and the `{placeholders}` of their texts.

use std::collections::HashSet;

use super::{Checker, join_values};
use crate::diag::{self, Diagnostic};
use crate::load::strings::sub_loc;
use crate::model::*;
use crate::source::Loc;

impl Checker<'_> {
    pub(super) fn check_ability(&mut self, a: &Ability) {
        for g in &a.groups {
            self.resolve::<Group>(g);
        }
        for s in &a.stats {
            self.resolve::<Stat>(s);
        }
        if let Some(values) = &a.values {
            self.check_ability_values(a, values);
        }
        for (key, value) in &a.traits {
            let Some(tr) = self.resolve::<Trait>(key) else { continue };
            let what = format!("trait `{}`", tr.id.v);
            match value {
                TraitValue::One(v) => self.check_value(&tr.ty, v, &what, diag::TRAIT_VALUE),
                TraitValue::PerParam(list, loc) => self.check_per_param(a, tr, list, loc),
            }
        }
        self.check_group_requirements(a);
        for text in a.text.iter().chain(&a.short) {
            self.check_placeholders(a, text);
        }
    }

    /// Each `{placeholder}` of a text names the parameter (`{value}`, when the ability takes
    /// one) or a trait the ability declares (E026 at the placeholder otherwise).
    fn check_placeholders(&mut self, a: &Ability, text: &Text) {
        let traits: Vec<&str> = a.traits.iter().map(|(k, _)| k.v.as_str()).collect();
        for p in Ability::placeholders(&text.raw) {
            let known = if p.key == "value" { a.values.is_some() } else { traits.contains(&p.key) };
            if known {
                continue;
            }
            let d = Diagnostic::error(
                diag::UNKNOWN_PLACEHOLDER,
                format!("`{{{}}}` in the text of `{}` has no value", p.key, a.id.v),
            )
            .at(&sub_loc(text, &self.game.files.get(text.loc.file).text, p.range.clone()));
            self.push(if p.key == "value" {
                d.label("the ability takes no parameter")
                    .help("give the ability `values = [...]`, or write the number in the text")
            } else {
                let choices = a.values.as_ref().map(|_| "value").into_iter().chain(traits.iter().copied());
                match diag::did_you_mean(p.key, choices) {
                    Some(best) => d.label("not a trait of this ability").help(format!("did you mean `{{{best}}}`?")),
                    None => d.label("not a trait of this ability").help(
                        "a placeholder is `{value}` (the ability's parameter) or one of its traits; write `\\\\{` for a brace",
                    ),
                }
            });
        }
    }

    fn check_ability_values(&mut self, a: &Ability, values: &Sp<Vec<Sp<i64>>>) {
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

    /// A trait given per parameter value: only for the ability's values, and for every one.
    fn check_per_param(&mut self, a: &Ability, tr: &Trait, list: &[(Sp<i64>, Sp<Scalar>)], loc: &Loc) {
        let Some(values) = &a.values else {
            self.push(
                Diagnostic::error(
                    diag::PARAM_NOT_ALLOWED,
                    format!("`{}` gives `{}` per value, but takes no values", a.id.v, tr.id.v),
                )
                .at(loc)
                .help("declare the ability's `values = [...]`, or give one value"),
            );
            return;
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
                    Diagnostic::error(diag::MISSING_TRAIT, format!("{} {} has no `{}`", a.name.v, v.v, tr.id.v))
                        .at(loc)
                        .label(format!("no value for {}", v.v))
                        .help(format!("add `{} = ...` to this table", v.v)),
                );
            }
        }
    }

    /// Groups require traits: "every transport ability declares its capacity".
    fn check_group_requirements(&mut self, a: &Ability) {
        let game = self.game;
        let declared: HashSet<&str> = a.traits.iter().map(|(k, _)| k.v.as_str()).collect();
        for g in &a.groups {
            let Some(group) = self.ix.get::<Group>(game, &g.v) else { continue };
            for req in &group.requires {
                let Some(tr) = self.ix.get::<Trait>(game, &req.v) else { continue };
                if declared.contains(req.v.as_str()) {
                    continue;
                }
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
