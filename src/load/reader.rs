//! Reading a spanned TOML tree into the model, collecting every problem with its location
//! instead of stopping at the first one.

use std::cell::RefCell;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::fields::TableDecl;
use crate::diag::{self, Diagnostic};
use crate::model::{Sp, Text};
use crate::source::Loc;

/// Where findings go while reading one file.
pub(crate) struct Ctx<'d> {
    pub file: usize,
    pub diags: &'d RefCell<Vec<Diagnostic>>,
}

impl Ctx<'_> {
    pub(crate) fn loc(&self, span: Range<usize>) -> Loc {
        Loc { file: self.file, span }
    }

    pub(crate) fn push(&self, d: Diagnostic) {
        self.diags.borrow_mut().push(d);
    }

    pub(crate) fn wrong_type(&self, what: &str, expected: &str, v: &Spanned<DeValue>) {
        self.push(
            Diagnostic::error(diag::WRONG_TYPE, format!("`{what}` must be {expected}, not {}", type_name(v.get_ref())))
                .at(&self.loc(v.span()))
                .label(format!("expected {expected}")),
        );
    }
}

pub(crate) fn type_name(v: &DeValue) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a number with a fraction",
        DeValue::Boolean(_) => "true/false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// A TOML table being read: remembers which keys were read so the rest can be reported as
/// unknown fields. It reads only the keys its declaration (in `fields.rs`) has.
pub(crate) struct Obj<'a, 'd> {
    pub ctx: &'a Ctx<'d>,
    pub table: &'a DeTable<'a>,
    pub span: Range<usize>,
    /// Which table of the format this is: the keys it may have.
    pub decl: &'static TableDecl,
    /// What this table is, for messages: "unit `tank`", "[game]".
    pub what: String,
    used: RefCell<Vec<&'static str>>,
    /// Old spellings that were looked at (known, but never suggested).
    old: RefCell<Vec<&'static str>>,
    /// Old spellings still read, as `(new, old)`: `get(new)` falls back to `old`.
    renamed: RefCell<Vec<(&'static str, &'static str)>>,
    /// For a spreadsheet row, its empty cells by key: where a missing value is reported.
    pub blank_cells: Option<Vec<(String, Range<usize>)>>,
}

impl<'a, 'd> Obj<'a, 'd> {
    pub(crate) fn new(
        ctx: &'a Ctx<'d>,
        table: &'a DeTable<'a>,
        span: Range<usize>,
        decl: &'static TableDecl,
        what: impl Into<String>,
    ) -> Self {
        Obj {
            ctx,
            table,
            span,
            decl,
            what: what.into(),
            used: RefCell::new(Vec::new()),
            old: RefCell::new(Vec::new()),
            renamed: RefCell::new(Vec::new()),
            blank_cells: None,
        }
    }

    /// Read a table value as an object, or report a wrong type.
    pub(crate) fn from_value(
        ctx: &'a Ctx<'d>,
        v: &'a Spanned<DeValue<'a>>,
        decl: &'static TableDecl,
        what: impl Into<String>,
    ) -> Option<Self> {
        let what = what.into();
        match v.get_ref() {
            DeValue::Table(t) => Some(Obj::new(ctx, t, v.span(), decl, what)),
            _ => {
                ctx.wrong_type(&what, "a table", v);
                None
            }
        }
    }

    /// The span of the table header line (for "missing field" messages).
    pub(crate) fn head_loc(&self, source: &str) -> Loc {
        let start = self.span.start.min(source.len());
        let rest = &source[start..];
        let end = rest.find('\n').map(|i| start + i).unwrap_or(source.len()).min(self.span.end.max(start));
        Loc { file: self.ctx.file, span: start..end.max(start + 1).min(source.len().max(start)) }
    }

    pub(crate) fn get(&self, key: &'static str) -> Option<&'a Spanned<DeValue<'a>>> {
        debug_assert!(
            self.decl.field(key).is_some(),
            "the loader reads `{key}` of `{}`, which load/fields.rs does not declare",
            self.decl.name
        );
        self.used.borrow_mut().push(key);
        self.table.get(key).or_else(|| self.old_spelling(key).and_then(|old| self.table.get(old)))
    }

    /// Whether the table has `key` (in its new or, after [`Obj::renamed`], its old spelling).
    pub(crate) fn has(&self, key: &str) -> bool {
        self.table.get(key).is_some() || self.old_spelling(key).is_some_and(|old| self.table.get(old).is_some())
    }

    fn old_spelling(&self, new: &str) -> Option<&'static str> {
        self.renamed.borrow().iter().find(|(n, _)| *n == new).map(|(_, old)| *old)
    }

    /// `new` was spelt `old` before: read `old` as `new` from now on, with a warning that names
    /// the new spelling (W007), or an error when the table has both. `on` says where, for the
    /// message: "on a scenario".
    pub(crate) fn renamed(&self, new: &'static str, old: &'static str, on: &str) {
        debug_assert!(
            self.decl.renamed.contains(&(new, old)),
            "`{old}` → `{new}` of `{}` is not declared in load/fields.rs",
            self.decl.name
        );
        let Some(old_loc) = self.key_loc(old) else { return };
        match self.key_loc(new) {
            None => {
                self.renamed.borrow_mut().push((new, old));
                self.ctx.push(
                    Diagnostic::warning(diag::DEPRECATED_SPELLING, format!("`{old}` {on} is now `{new}`"))
                        .at(&old_loc)
                        .fix(&old_loc, old, new)
                        .label(format!("write `{new}`"))
                        .help("rename it; the old spelling will stop working in a later version"),
                );
            }
            Some(new_loc) => {
                // Both: the one written second is the mistake.
                let at = if new_loc.span.start > old_loc.span.start { new_loc } else { old_loc };
                self.ctx.push(
                    Diagnostic::error(
                        diag::DUPLICATE_ID,
                        format!("`{new}` {on} is given twice: also as `{old}`, its old spelling"),
                    )
                    .at(&at)
                    .label("given twice")
                    .help(format!("keep `{new}` and remove `{old}`")),
                );
            }
        }
        self.old.borrow_mut().push(old);
    }

    pub(crate) fn key_loc(&self, key: &str) -> Option<Loc> {
        self.table.iter().find(|(k, _)| k.get_ref() == key).map(|(k, _)| self.ctx.loc(k.span()))
    }

    pub(crate) fn missing(&self, key: &str, expected: &str) {
        let (at, help) = match &self.blank_cells {
            None => (self.loc_for_missing(), format!("add `{key} = {expected}`")),
            // A spreadsheet row: at the empty cell, or at the row when there is no such column.
            Some(cells) => match cells.iter().find(|(k, _)| k == key) {
                Some((_, cell)) => (self.ctx.loc(cell.clone()), format!("fill in its `{key}` cell")),
                None => (self.ctx.loc(self.span.clone()), format!("add a `{key}` column to the spreadsheet")),
            },
        };
        self.ctx.push(
            Diagnostic::error(diag::MISSING_FIELD, format!("{} has no `{key}`", self.what))
                .at(&at)
                .label(format!("`{key}` is required here"))
                .help(help),
        );
    }

    fn loc_for_missing(&self) -> Loc {
        // Point at the first key of the table (or the table itself when empty), which is on
        // the line right after a [[header]] and inside an inline table.
        match self.table.iter().next() {
            Some((k, _)) => self.ctx.loc(k.span()),
            None => self.ctx.loc(self.span.clone()),
        }
    }

    pub(crate) fn str(&self, key: &'static str) -> Option<Sp<String>> {
        let v = self.get(key)?;
        match v.get_ref() {
            // Every string key says something (a name, a text, a symbol, a cell): an empty one
            // is a forgotten one.
            DeValue::String(s) if s.trim().is_empty() => {
                self.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is empty"))
                        .at(&self.ctx.loc(v.span()))
                        .label(format!("an empty {key}"))
                        .help(format!("write its value, or leave `{key}` out")),
                );
                None
            }
            DeValue::String(s) => Some(Sp::new(s.to_string(), self.ctx.loc(v.span()))),
            _ => {
                self.ctx.wrong_type(key, "a string", v);
                None
            }
        }
    }

    pub(crate) fn req_str(&self, key: &'static str) -> Option<Sp<String>> {
        if !self.has(key) {
            self.used.borrow_mut().push(key);
            self.missing(key, "\"...\"");
            return None;
        }
        self.str(key)
    }

    /// An id: a string of lower-case letters, digits, `-` and `_`.
    pub(crate) fn id(&self, key: &'static str, required: bool) -> Option<Sp<String>> {
        let s = if required { self.req_str(key)? } else { self.str(key)? };
        check_id(self.ctx, &s);
        Some(s)
    }

    pub(crate) fn text(&self, key: &'static str) -> Option<Text> {
        self.str(key).map(|s| Text { raw: s.v, loc: s.loc })
    }

    /// A markup field that may be one string or an array of strings (paragraphs).
    pub(crate) fn texts(&self, key: &'static str) -> Vec<Text> {
        let Some(v) = self.get(key) else { return Vec::new() };
        match v.get_ref() {
            DeValue::String(_) => text_of(self.ctx, key, v).into_iter().collect(),
            DeValue::Array(items) => items.iter().filter_map(|it| text_of(self.ctx, key, it)).collect(),
            _ => {
                self.ctx.wrong_type(key, "a string or an array of strings", v);
                Vec::new()
            }
        }
    }

    pub(crate) fn int(&self, key: &'static str) -> Option<Sp<i64>> {
        let v = self.get(key)?;
        int_of(self.ctx, key, v)
    }

    pub(crate) fn bool(&self, key: &'static str) -> Option<Sp<bool>> {
        let v = self.get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(Sp::new(*b, self.ctx.loc(v.span()))),
            _ => {
                self.ctx.wrong_type(key, "true or false", v);
                None
            }
        }
    }

    /// A date: a TOML date (`2017-05-28`) or a string in that form.
    pub(crate) fn date(&self, key: &'static str) -> Option<Sp<String>> {
        let v = self.get(key)?;
        let loc = self.ctx.loc(v.span());
        let s = match v.get_ref() {
            DeValue::Datetime(d) => d.to_string(),
            DeValue::String(s) => s.to_string(),
            _ => {
                self.ctx.wrong_type(key, "a date like 2017-05-28", v);
                return None;
            }
        };
        if parse_date(&s).is_none() {
            self.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is not a date: `{s}`"))
                    .at(&loc)
                    .label("expected YYYY-MM-DD")
                    .help("write the date as 2017-05-28"),
            );
            return None;
        }
        Some(Sp::new(s, loc))
    }

    pub(crate) fn array(&self, key: &'static str) -> Option<(&'a [Spanned<DeValue<'a>>], Loc)> {
        let v = self.get(key)?;
        match v.get_ref() {
            DeValue::Array(a) => Some((&a[..], self.ctx.loc(v.span()))),
            _ => {
                self.ctx.wrong_type(key, "an array", v);
                None
            }
        }
    }

    /// An array of strings (ids, names).
    pub(crate) fn strs(&self, key: &'static str) -> Vec<Sp<String>> {
        let Some((items, _)) = self.array(key) else { return Vec::new() };
        items.iter().filter_map(|v| str_of(self.ctx, key, v)).collect()
    }

    /// [`Obj::strs`] for a list that says where something is: written empty (`cells = []`),
    /// it puts the thing nowhere, which is E018 with `help`.
    pub(crate) fn places(&self, key: &'static str, help: &str) -> Vec<Sp<String>> {
        if let Some((items, loc)) = self.array(key)
            && items.is_empty()
        {
            self.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is an empty list"))
                    .at(&loc)
                    .label("nowhere")
                    .help(help.to_string()),
            );
        }
        self.strs(key)
    }

    pub(crate) fn ids(&self, key: &'static str) -> Vec<Sp<String>> {
        let ids = self.strs(key);
        for id in &ids {
            check_id(self.ctx, id);
        }
        ids
    }

    /// The table `key` holds, read by its declaration.
    pub(crate) fn table(&self, key: &'static str) -> Option<Obj<'a, 'd>> {
        let v = self.get(key)?;
        Obj::from_value(self.ctx, v, self.nested(key), format!("`{key}`"))
    }

    /// The declaration of the table (or of each table of the array) that `key` holds.
    pub(crate) fn nested(&self, key: &str) -> &'static TableDecl {
        self.decl.nested(key).unwrap_or_else(|| panic!("`{key}` of `{}` is not declared as a table", self.decl.name))
    }

    /// Report every key that was never read as an unknown field, with a did-you-mean.
    pub(crate) fn finish(&self) {
        let used = self.used.borrow();
        let old = self.old.borrow();
        for (k, _) in self.table.iter() {
            let key = k.get_ref().as_ref();
            if used.contains(&key) || old.contains(&key) {
                continue;
            }
            let mut d = Diagnostic::error(diag::UNKNOWN_FIELD, format!("unknown field `{key}` in {}", self.what))
                .at(&self.ctx.loc(k.span()))
                .label("not a field playaid knows here");
            // The one close spelling, unless the table has that key already.
            if let Some(s) = diag::only_close(key, used.iter().copied()).filter(|s| self.table.get(*s).is_none()) {
                d = d.fix(&self.ctx.loc(k.span()), key, s);
            }
            d = match diag::did_you_mean(key, used.iter().copied()) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None => d.help(format!("the fields here are: {}", used.join(", "))),
            };
            self.ctx.push(d);
        }
    }
}

pub(crate) fn parse_int(s: &str, radix: u32) -> Option<i64> {
    i64::from_str_radix(&s.replace('_', ""), radix).ok()
}

pub(crate) fn int_of(ctx: &Ctx, what: &str, v: &Spanned<DeValue>) -> Option<Sp<i64>> {
    match v.get_ref() {
        DeValue::Integer(i) => match parse_int(i.as_str(), i.radix()) {
            Some(n) => Some(Sp::new(n, ctx.loc(v.span()))),
            None => {
                ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{what}` is too large"))
                        .at(&ctx.loc(v.span()))
                        .help("write a whole number that fits in 64 bits (at most 9223372036854775807)"),
                );
                None
            }
        },
        _ => {
            ctx.wrong_type(what, "a whole number", v);
            None
        }
    }
}

pub(crate) fn str_of(ctx: &Ctx, what: &str, v: &Spanned<DeValue>) -> Option<Sp<String>> {
    match v.get_ref() {
        DeValue::String(s) => Some(Sp::new(s.to_string(), ctx.loc(v.span()))),
        _ => {
            ctx.wrong_type(what, "a string", v);
            None
        }
    }
}

pub(crate) fn text_of(ctx: &Ctx, what: &str, v: &Spanned<DeValue>) -> Option<Text> {
    let s = str_of(ctx, what, v)?;
    // An empty table cell is a blank cell; an empty paragraph or list item is a slip.
    if s.v.trim().is_empty() && what != "cell" {
        // An empty paragraph or list item prints as a blank line or a bare bullet.
        ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, format!("an empty text in `{what}`"))
                .at(&s.loc)
                .label("nothing to print")
                .help("write the text, or take the empty string out of the list"),
        );
        return None;
    }
    Some(Text { raw: s.v, loc: s.loc })
}

pub(crate) fn check_id(ctx: &Ctx, id: &Sp<String>) {
    let ok = !id.v.is_empty()
        && id.v.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && id.v.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
    if !ok {
        ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not a valid id", id.v))
                .at(&id.loc)
                .label("ids are lower-case letters, digits, `-` and `_`")
                .help(format!("write it as `{}`", slug(&id.v))),
        );
    }
}

/// "Good Order" -> "good-order".
pub(crate) fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// A date written `YYYY-MM-DD` as (year, month, day), if it is one.
pub fn parse_date(s: &str) -> Option<(i32, u8, u8)> {
    let mut it = s.splitn(3, '-');
    let y: i32 = it.next()?.parse().ok()?;
    let m: u8 = it.next()?.parse().ok()?;
    let d: u8 = it.next()?.get(..2)?.parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y, m, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slug("Good Order"), "good-order");
        assert_eq!(slug("Line Of Sight (LoS)"), "line-of-sight-los");
    }

    #[test]
    fn dates() {
        assert_eq!(parse_date("2017-05-28"), Some((2017, 5, 28)));
        assert_eq!(parse_date("2017-13-28"), None);
        assert_eq!(parse_date("May 2017"), None);
    }
}
