//! The pieces' rules: stats, kinds, traits, groups, abilities and units, with their values
//! read against each stat's type.

use toml::Spanned;
use toml::de::DeValue;

use super::reader::{Ctx, Obj, int_of, text_of};
use super::{OrDefault, id_or_slug, o_finish, reader};
use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

fn value_type(o: &Obj, allowed: &[&str]) -> ValueType {
    let ty = match o.str("type") {
        Some(t) => t,
        None => {
            if o.table.get("type").is_none() {
                let _ = o.req_str("type");
            }
            return ValueType::Text;
        }
    };
    let vt = match ty.v.as_str() {
        "int" | "integer" => ValueType::Int { min: o.int("min"), max: o.int("max") },
        "dice" if allowed.contains(&"dice") => ValueType::Dice,
        "text" => ValueType::Text,
        "bool" if allowed.contains(&"bool") => ValueType::Bool,
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown type `{other}`"))
                    .at(&ty.loc)
                    .help(format!("the types here are: {}", allowed.join(", "))),
            );
            ValueType::Text
        }
    };
    if let ValueType::Int { min: Some(a), max: Some(b) } = &vt
        && a.v > b.v
    {
        o.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, format!("min {} is greater than max {}", a.v, b.v)).at(&b.loc),
        );
    }
    if !matches!(vt, ValueType::Int { .. }) {
        // min/max only make sense for numbers; read them so they are not "unknown", then say so.
        for key in ["min", "max"] {
            if let Some(v) = o.get(key) {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` only applies to type \"int\""))
                        .at(&o.ctx.loc(v.span()))
                        .help("remove it, or make the type \"int\""),
                );
            }
        }
    }
    vt
}

pub(super) fn read_stat(o: &Obj) -> Stat {
    let name = o.req_str("name");
    let s = Stat {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        abbr: o.str("abbr"),
        ty: value_type(o, &["int", "dice", "text"]),
        suffix: o.str("suffix").map(|s| s.v),
        icon: o.str("icon"),
        name: name.unwrap_or_default_sp(o),
    };
    o_finish(o);
    s
}

pub(super) fn read_kind(o: &Obj) -> Kind {
    let name = o.req_str("name");
    o.renamed("required_stats", "stats", "on a kind");
    let k = Kind {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        stats: o.ids("required_stats"),
        optional_stats: o.ids("optional_stats"),
    };
    o_finish(o);
    k
}

pub(super) fn read_trait(o: &Obj) -> Trait {
    let name = o.req_str("name");
    let t = Trait {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        ty: value_type(o, &["int", "bool", "text"]),
        name: name.unwrap_or_default_sp(o),
    };
    o_finish(o);
    t
}

pub(super) fn read_group(o: &Obj) -> Group {
    o.renamed("required_traits", "requires", "on a group");
    let g =
        Group { id: o.id("id", true).unwrap_or_default_sp(o), name: o.str("name"), requires: o.ids("required_traits") };
    o_finish(o);
    g
}

pub(super) fn scalar_of(v: &Spanned<DeValue>, ctx: &Ctx) -> Option<Sp<Scalar>> {
    let loc = ctx.loc(v.span());
    let s = match v.get_ref() {
        DeValue::Integer(i) => match reader::parse_int(i.as_str(), i.radix()) {
            Some(n) => Scalar::Int(n),
            None => return out_of_range(ctx, &loc, i.as_str()),
        },
        DeValue::Float(f) => match f.as_str().parse::<f64>() {
            Ok(x) if x.is_finite() => Scalar::Float(x),
            _ => return out_of_range(ctx, &loc, f.as_str()),
        },
        DeValue::Boolean(b) => Scalar::Bool(*b),
        DeValue::String(s) => Scalar::Str(s.to_string()),
        other => {
            ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a value must be a number, text or true/false, not {}", reader::type_name(other)),
                )
                .at(&loc),
            );
            return None;
        }
    };
    Some(Sp::new(s, loc))
}

/// A number no stat or trait can hold (beyond 64 bits, or inf/nan): reported where it is, so
/// nothing later blames a missing value instead.
fn out_of_range(ctx: &Ctx, loc: &Loc, written: &str) -> Option<Sp<Scalar>> {
    ctx.push(
        Diagnostic::error(diag::INVALID_VALUE, format!("`{written}` is not a number playaid can hold"))
            .at(loc)
            .label("too large, or not finite")
            .help("write a whole number between -9223372036854775808 and 9223372036854775807, or a finite decimal"),
    );
    None
}

pub(super) fn read_ability(o: &Obj) -> Ability {
    o.renamed("related_stats", "stats", "on an ability");
    let name = o.req_str("name");
    let values = o
        .array("values")
        .map(|(items, loc)| Sp::new(items.iter().filter_map(|v| int_of(o.ctx, "values", v)).collect::<Vec<_>>(), loc));
    let mut traits = Vec::new();
    if let Some(t) = o.table("traits") {
        for (k, v) in t.table.iter() {
            let key = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
            let value = match v.get_ref() {
                DeValue::Table(per) => {
                    let mut list = Vec::new();
                    for (pk, pv) in per.iter() {
                        let ploc = o.ctx.loc(pk.span());
                        match pk.get_ref().trim().parse::<i64>() {
                            Ok(p) => {
                                if let Some(s) = scalar_of(pv, o.ctx) {
                                    list.push((Sp::new(p, ploc), s));
                                }
                            }
                            Err(_) => o.ctx.push(
                                Diagnostic::error(
                                    diag::INVALID_VALUE,
                                    format!("`{}` is not a parameter value", pk.get_ref()),
                                )
                                .at(&ploc)
                                .label("expected a number from the ability's `values`")
                                .help("per-parameter traits are written { 10 = 2, 5 = 1 }"),
                            ),
                        }
                    }
                    Some(TraitValue::PerParam(list, o.ctx.loc(v.span())))
                }
                _ => scalar_of(v, o.ctx).map(TraitValue::One),
            };
            if let Some(value) = value {
                traits.push((key, value));
            }
        }
        // every key of `traits` is a trait id, checked against [[trait]] later.
    }
    let a = Ability {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        values,
        groups: o.ids("groups"),
        stats: o.ids("related_stats"),
        text: o.text("text"),
        short: o.text("short"),
        traits,
    };
    o_finish(o);
    a
}

/// The most steps a unit may have: two counters of two sides each, and room to spare.
pub(crate) const MAX_STEPS: usize = 8;

/// `(stat id, value)` pairs of a `stats` table, in the order written.
fn stat_values(o: &Obj) -> Vec<(Sp<String>, Sp<Scalar>)> {
    let mut stats = Vec::new();
    if let Some(t) = o.table("stats") {
        for (k, v) in t.table.iter() {
            let key = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
            if let Some(s) = scalar_of(v, o.ctx) {
                stats.push((key, s));
            }
        }
    }
    stats
}

/// A unit's steps: `stats` as its one step, or each entry of `steps` (not both: E005).
fn read_unit_steps(o: &Obj) -> Vec<UnitStep> {
    let one = o.get("stats").map(|v| UnitStep { name: None, stats: stat_values(o), loc: o.ctx.loc(v.span()) });
    let Some((items, loc)) = o.array("steps") else { return one.into_iter().collect() };
    if let Some(stats_loc) = o.key_loc("stats") {
        o.ctx.push(
            Diagnostic::error(diag::DUPLICATE_ID, "a unit with `steps` gives its stats in each step, not in `stats`")
                .at(&stats_loc)
                .label("stats given twice")
                .help("move these values into the steps, or remove `steps` for a unit with one step"),
        );
    }
    if items.len() > MAX_STEPS {
        o.ctx.push(
            Diagnostic::error(
                diag::INVALID_VALUE,
                format!("a unit has at most {MAX_STEPS} steps, not {}", items.len()),
            )
            .at(&loc)
            .label(format!("{} steps", items.len()))
            .help("a step is one side of a counter: list the unit's strengths from full to weakest"),
        );
    }
    let mut steps = Vec::new();
    for v in items.iter().take(MAX_STEPS) {
        let Some(so) = Obj::from_value(o.ctx, v, o.nested("steps"), "a step") else { continue };
        steps.push(UnitStep { name: so.str("name"), stats: stat_values(&so), loc: o.ctx.loc(v.span()) });
        so.finish();
    }
    steps
}

pub(super) fn read_unit(o: &Obj) -> Unit {
    let name = o.req_str("name");
    let steps = read_unit_steps(o);
    let mut stat_notes = Vec::new();
    if let Some(t) = o.table("stat_notes") {
        for (k, v) in t.table.iter() {
            let key = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
            if let Some(text) = text_of(o.ctx, "stat_notes", v) {
                stat_notes.push((key, text));
            }
        }
    }
    let abilities = o.strs("abilities").into_iter().map(|s| AbilityRef::parse(&s.v, s.loc)).collect();
    let u = Unit {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        kind: o.id("kind", true),
        side: o.id("side", false),
        steps,
        stat_notes,
        abilities,
        notes: o.texts("notes"),
        quantity: o.int("quantity"),
        image: o.str("image"),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    u
}
