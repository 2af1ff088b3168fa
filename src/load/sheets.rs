//! Reading spreadsheets: units, counters and cards kept as CSV files (`units.csv`,
//! `counters.csv`, `cards.csv`, or e.g. `allied-units.csv`). The header row names the columns:
//! a key of the table (`id`, `name`, `kind`, `abilities` ...), a key of one of its tables
//! (`stat_notes.move`, `back.firepower`), or, for anything else, a stat (units), a front value
//! (counters) or a field (cards). Each data row becomes the same table a `[[unit]]` would be,
//! with every key at its header cell and every value at its cell, and is read by the TOML
//! loader itself: the same keys, the same checks, the same finding codes.

use std::borrow::Cow;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

use super::fields::{self, TableDecl, Ty};
use super::reader::{Ctx, Obj};
use super::units::read_unit;
use super::{describe, pieces};
use crate::diag::{self, Diagnostic};
use crate::model::Game;

/// What a list cell's items are separated by: `landing 10; hard-to-kill`.
const LIST_SEPARATOR: char = ';';

/// What a spreadsheet holds, from its file name.
#[derive(Clone, Copy)]
enum Holds {
    Units,
    Counters,
    Cards,
}

impl Holds {
    /// `units.csv`, `allied-units.csv`, `allied_units.csv` hold units, and so on.
    fn of(file_name: &str) -> Option<Holds> {
        let stem = file_name.strip_suffix(".csv")?;
        [("units", Holds::Units), ("counters", Holds::Counters), ("cards", Holds::Cards)].into_iter().find_map(
            |(word, holds)| {
                let rest = stem.strip_suffix(word)?;
                (rest.is_empty() || rest.ends_with('-') || rest.ends_with('_')).then_some(holds)
            },
        )
    }

    /// The table each row is, and the table that columns which are no key of it go into.
    fn decl(self) -> (&'static TableDecl, &'static str, &'static str) {
        match self {
            Holds::Units => (&fields::UNIT, "unit", "stats"),
            Holds::Counters => (&fields::COUNTER, "counter", "front"),
            Holds::Cards => (&fields::CARD, "card", "fields"),
        }
    }
}

/// One cell: its text (unquoted) and where that text is in the file.
struct Cell {
    text: String,
    /// The cell's text in the file: inside the quotes of a quoted cell.
    span: Range<usize>,
    /// Whether the cell was quoted (a `""` in it stands for one `"`).
    quoted: bool,
}

impl Cell {
    /// The place in the file of bytes `range` of the cell's text.
    fn sub_span(&self, source: &str, range: Range<usize>) -> Range<usize> {
        let raw = &source[self.span.clone()];
        let at = |decoded: usize| -> usize {
            if !self.quoted {
                return decoded;
            }
            // Each `""` in the file is one `"` of the text.
            let (mut raw_i, mut out) = (0, 0);
            let bytes = raw.as_bytes();
            while out < decoded && raw_i < bytes.len() {
                raw_i += if bytes[raw_i] == b'"' && bytes.get(raw_i + 1) == Some(&b'"') { 2 } else { 1 };
                out += 1;
            }
            raw_i
        };
        self.span.start + at(range.start)..self.span.start + at(range.end)
    }

    /// The cell's text without surrounding blanks, with its span.
    fn trimmed(&self, source: &str) -> (&str, Range<usize>) {
        let t = self.text.trim();
        let start = self.text.len() - self.text.trim_start().len();
        (t, self.sub_span(source, start..start + t.len()))
    }
}

/// Read a spreadsheet of the game: each row into the game as a unit, counter or card.
pub(super) fn read_sheet(game: &mut Game, ctx: &Ctx, text: &str) {
    let name = game.files.get(ctx.file).path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let Some(holds) = Holds::of(&name) else {
        ctx.push(
            Diagnostic::error(diag::UNKNOWN_FIELD, format!("playaid does not know what `{name}` holds"))
                .at(&ctx.loc(0..text.find(['\r', '\n']).unwrap_or(text.len())))
                .label("a spreadsheet's name says what its rows are")
                .help("name it units.csv, counters.csv or cards.csv (or e.g. allied-units.csv), or move it out of the game folder"),
        );
        return;
    };
    let Some(rows) = rows(ctx, text) else { return };
    let mut rows = rows.into_iter();
    let Some(header) = rows.next() else { return };
    let (decl, what, rest) = holds.decl();
    let mut columns = columns(ctx, text, &header, decl, rest);
    if let Holds::Units = holds {
        for c in columns.iter_mut() {
            if let Col::Named(c) = c
                && matches!(c.within, Some("stats" | "stat_notes"))
            {
                c.unknown_stat = !game.stats.iter().any(|s| s.id.v == *c.key.get_ref());
            }
        }
    }
    for (i, row) in rows.enumerate() {
        let Some(Row { table, span, blanks }) = row_table(ctx, text, &columns, &row) else { continue };
        let mut o = Obj::new(ctx, &table, span, decl, describe(what, &table, i));
        o.blank_cells = Some(blanks);
        match holds {
            Holds::Units => game.units.push(read_unit(&o)),
            Holds::Counters => game.counters.push(pieces::read_counter(&o)),
            Holds::Cards => game.cards.push(pieces::read_card(&o)),
        }
    }
}

/// A text of a spreadsheet a translation may replace: a cell of a column whose key prints.
pub(super) struct SheetText {
    /// The row's table and its id (its `id`, else its `name`, else its place): `unit[rifles]`.
    pub row: String,
    /// The column's key.
    pub key: String,
    /// The cell in the file, its quotes included.
    pub span: Range<usize>,
    /// Its text.
    pub text: String,
}

/// The texts of spreadsheet `name` that `prints(table, key, type)` says print as prose, row by
/// row; none for a file that is no spreadsheet of the game or does not read (the loader says
/// why).
pub(super) fn sheet_texts(name: &str, text: &str, prints: &dyn Fn(&str, &str, &Ty) -> bool) -> Vec<SheetText> {
    let Some(holds) = Holds::of(name) else { return Vec::new() };
    let (decl, what, _) = holds.decl();
    let delimiter = delimiter(text);
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text.as_bytes());
    let mut records = Vec::new();
    for record in reader.records() {
        let Ok(record) = record else { return Vec::new() };
        let start = record.position().map(|p| p.byte() as usize).unwrap_or(0);
        let spans = cell_spans(text, start, record.len(), delimiter);
        records.push(record.iter().map(str::to_string).zip(spans).collect::<Vec<_>>());
    }
    let mut rows = records.into_iter();
    let Some(header) = rows.next() else { return Vec::new() };
    let keys: Vec<String> = header.iter().map(|(t, _)| t.trim().to_string()).collect();
    let column = |k: &str| keys.iter().position(|x| x == k);
    let mut out = Vec::new();
    for (i, row) in rows.enumerate() {
        let cell = |j: usize| row.get(j).map(|(t, _)| t.trim()).filter(|t| !t.is_empty());
        let ident =
            (column("id").and_then(cell)).or(column("name").and_then(cell)).map_or(i.to_string(), str::to_string);
        for (j, key) in keys.iter().enumerate() {
            let Some(field) = decl.field(key) else { continue };
            let Some((value, (span, quoted))) = row.get(j).filter(|(t, _)| !t.trim().is_empty()) else { continue };
            if !prints(decl.name, key, &field.ty) {
                continue;
            }
            let span = if *quoted { span.start - 1..(span.end + 1).min(text.len()) } else { span.clone() };
            out.push(SheetText { row: format!("{what}[{ident}]"), key: key.clone(), span, text: value.clone() });
        }
    }
    out
}

/// A cell of a spreadsheet holding `s`: quoted, each `"` doubled.
pub(super) fn csv_cell(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// Every record of the file, each cell with its place; `None` (reported) when the file is
/// not CSV.
fn rows(ctx: &Ctx, text: &str) -> Option<Vec<Vec<Cell>>> {
    let delimiter = delimiter(text);
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let at = e.position().map(|p| p.byte() as usize).unwrap_or(0).min(text.len());
                ctx.push(
                    Diagnostic::error(diag::TOML_SYNTAX, format!("CSV syntax: {e}"))
                        .at(&ctx.loc(at..at))
                        .help("save the spreadsheet as CSV (UTF-8), comma-separated"),
                );
                return None;
            }
        };
        let start = record.position().map(|p| p.byte() as usize).unwrap_or(0);
        let spans = cell_spans(text, start, record.len(), delimiter);
        let row: Vec<Cell> =
            record.iter().zip(spans).map(|(t, (span, quoted))| Cell { text: t.to_string(), span, quoted }).collect();
        // The CSV reader ends a quoted cell that is never closed at the end of the file, or at
        // the next quote of a later row (`"Scouts,6` and, rows below, `"Scouts 2"`): either way
        // the rows in between vanish into one cell. A quoted cell over several lines whose
        // closing quote has text after it is the second case. Said at the opening quote, where
        // the mistake is. (Text after a closing quote on the cell's own line, `"Scouts" ,6`, is
        // read as the reader reads it: the rows stay whole.)
        let unclosed = |c: &Cell| {
            // Spaces after a closing quote are the reader's to take in; what follows them counts.
            let rest = text.get(c.span.end + 1..).unwrap_or_default();
            let after = rest.trim_start_matches(|c| c == ' ' || (c == '\t' && delimiter != b'\t')).as_bytes().first();
            let ends_there = matches!(after, None | Some(b'\n' | b'\r')) || after == Some(&delimiter);
            c.quoted && (c.span.end >= text.len() || (!ends_there && text[c.span.clone()].contains('\n')))
        };
        if let Some(open) = row.iter().find(|c| unclosed(c)) {
            let quote = open.span.start.saturating_sub(1);
            let label = if open.span.end >= text.len() {
                "the cell opens here and runs to the end of the file".to_string()
            } else {
                let line = text[..open.span.end].matches('\n').count() + 1;
                format!("the cell opens here and runs to the next quote, on line {line}")
            };
            let d = Diagnostic::error(diag::TOML_SYNTAX, "CSV syntax: this quoted cell has no closing quote")
                .at(&ctx.loc(quote..quote + 1))
                .label(label)
                .help("end the cell with `\"`; a quote inside a cell is written twice: `\"\"`");
            ctx.push(d);
            return None;
        }
        rows.push(row);
    }
    Some(rows)
}

/// What the cells of a row are separated by: a comma, or the `;` or tab of a header that holds
/// no comma (spreadsheets set to a language that writes decimal commas save with `;`).
fn delimiter(text: &str) -> u8 {
    let header = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    match () {
        _ if header.contains(',') => b',',
        _ if header.contains(';') => b';',
        _ if header.contains('\t') => b'\t',
        _ => b',',
    }
}

/// Where the `n` cells of the record at byte `start` are: the text of each (inside the quotes
/// of a quoted one), and whether it was quoted.
fn cell_spans(text: &str, start: usize, n: usize, delimiter: u8) -> Vec<(Range<usize>, bool)> {
    let b = text.as_bytes();
    let end_of_cell = |i: usize| matches!(b.get(i), None | Some(b'\n' | b'\r')) || b.get(i) == Some(&delimiter);
    let mut i = start;
    // After a CRLF the record's position may be at its LF.
    while matches!(b.get(i), Some(b'\n' | b'\r')) {
        i += 1;
    }
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        if b.get(i) == Some(&b'"') {
            let s = i + 1;
            i += 1;
            while i < b.len() {
                if b[i] == b'"' {
                    if b.get(i + 1) == Some(&b'"') {
                        i += 2;
                        continue;
                    }
                    break;
                }
                i += 1;
            }
            out.push((s..i.min(b.len()), true));
            i += 1;
            while !end_of_cell(i) {
                i += 1;
            }
        } else {
            let s = i;
            while !end_of_cell(i) {
                i += 1;
            }
            out.push((s..i, false));
        }
        if b.get(i) == Some(&delimiter) {
            i += 1;
        }
    }
    out
}

/// A column of the header.
enum Col {
    /// A named column.
    Named(Column),
    /// A column the header gives no name.
    Unnamed,
    /// A column already reported (named twice, or no key): its cells are not read.
    Ignored,
}

/// What a column holds: a key of the row's table, or a key of one of its tables.
struct Column {
    /// The key, at the header cell.
    key: Spanned<Cow<'static, str>>,
    /// The table key it is inside (`stats`, `back`), if any.
    within: Option<&'static str>,
    /// The type of its values.
    ty: &'static Ty,
    /// A unit's column for a stat the game does not declare: read in the first row that fills
    /// it only, so that the check reports it once, at its header cell, not once a row.
    unknown_stat: bool,
    /// Whether a row has read it.
    read: std::cell::Cell<bool>,
}

/// Read the header: a column per named cell; a name given twice is reported.
fn columns(ctx: &Ctx, text: &str, header: &[Cell], decl: &'static TableDecl, rest: &'static str) -> Vec<Col> {
    let mut seen: Vec<String> = Vec::new();
    header
        .iter()
        .map(|cell| {
            let (name, span) = cell.trimmed(text);
            if name.is_empty() {
                return Col::Unnamed;
            }
            if seen.iter().any(|s| s == name) {
                ctx.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("column `{name}` is given twice"))
                        .at(&ctx.loc(span))
                        .label("given twice")
                        .help("keep one of the two columns"),
                );
                return Col::Ignored;
            }
            seen.push(name.to_string());
            let (within, key) = match name.split_once('.') {
                Some((table, key)) if table_of(decl, table).is_some() => (decl.field(table).map(|f| f.key), key),
                _ if decl.field(name).is_some() => (None, name),
                // An old spelling of a key (`group` for `counter_group`): read as the table reads
                // it, with its W007 and fix at this header cell.
                _ if decl.renamed.iter().any(|(_, old)| *old == name) => (None, name),
                _ => (decl.field(rest).map(|f| f.key), name),
            };
            let new_name = decl.renamed.iter().find(|(_, old)| *old == key && within.is_none()).map(|(new, _)| *new);
            let ty = match within {
                None => decl.field(new_name.unwrap_or(key)).map(|f| &f.ty),
                Some(t) => table_of(decl, t).and_then(|d| d.field(key).map(|f| &f.ty).or(d.free)),
            };
            let Some(ty) = ty else {
                ctx.push(
                    Diagnostic::error(diag::UNKNOWN_FIELD, format!("unknown column `{name}`")).at(&ctx.loc(span)).help(
                        "a column is a key of the table a row stands for, or of one of its tables (`back.firepower`)",
                    ),
                );
                return Col::Ignored;
            };
            // The key's place: the name after the dot.
            let at = span.end - key.len()..span.end;
            Col::Named(Column {
                key: Spanned::new(at, Cow::Owned(key.to_string())),
                within,
                ty,
                unknown_stat: false,
                read: std::cell::Cell::new(false),
            })
        })
        .collect()
}

/// The table that key `key` of `decl` holds (`back` holds values or a word).
fn table_of(decl: &TableDecl, key: &str) -> Option<&'static TableDecl> {
    match &decl.field(key)?.ty {
        Ty::Table(t) => Some(t),
        Ty::AnyOf(tys) => tys.iter().find_map(|t| if let Ty::Table(t) = t { Some(*t) } else { None }),
        _ => None,
    }
}

/// A data row as the table a `[[unit]]` (counter, card) would be.
struct Row<'t> {
    table: DeTable<'t>,
    /// The row in the file.
    span: Range<usize>,
    /// Its empty cells under named columns, by key.
    blanks: Vec<(String, Range<usize>)>,
}

/// A data row as the table a `[[unit]]` (counter, card) would be; `None` for a blank row.
fn row_table<'t>(ctx: &Ctx, text: &'t str, columns: &[Col], row: &[Cell]) -> Option<Row<'t>> {
    let span = row.first()?.span.start..row.last()?.span.end;
    let mut table = DeTable::new();
    let mut nested: Vec<(&'static str, DeTable<'t>)> = Vec::new();
    let mut blanks = Vec::new();
    for (i, cell) in row.iter().enumerate() {
        let (value, at) = cell.trimmed(text);
        if value.is_empty() {
            if let Some(Col::Named(c)) = columns.get(i)
                && c.within.is_none()
            {
                // Where a value of this column belongs, for a "missing" finding: the cell, or
                // the comma after an empty one.
                blanks.push((c.key.get_ref().to_string(), at.start..(at.start + 1).min(text.len())));
            }
            continue;
        }
        let column = match columns.get(i) {
            Some(Col::Named(c)) if c.unknown_stat && c.read.get() => continue,
            Some(Col::Named(c)) => c,
            Some(Col::Ignored) => continue,
            _ => {
                ctx.push(
                    Diagnostic::error(diag::UNKNOWN_FIELD, "this cell's column has no name in the header")
                        .at(&ctx.loc(at))
                        .help("name the column in the first row, or empty the cell"),
                );
                continue;
            }
        };
        column.read.set(true);
        let v = cell_value(ctx, column.ty, cell, (value, at), text);
        match column.within {
            None => {
                table.insert(column.key.clone(), v);
            }
            Some(t) => match nested.iter_mut().find(|(k, _)| *k == t) {
                Some((_, n)) => {
                    n.insert(column.key.clone(), v);
                }
                None => {
                    let mut n = DeTable::new();
                    n.insert(column.key.clone(), v);
                    nested.push((t, n));
                }
            },
        }
    }
    for (key, n) in nested {
        let first = n.iter().next().map(|(k, _)| k.span()).unwrap_or(span.clone());
        if let Some(cell) = table.get(key) {
            // `back` and `back.firepower` in one row.
            ctx.push(
                Diagnostic::error(diag::DUPLICATE_ID, format!("`{key}` is given twice in this row"))
                    .at(&ctx.loc(cell.span()))
                    .help(format!("fill either the `{key}` column or the `{key}.…` columns")),
            );
            continue;
        }
        table.insert(Spanned::new(first, Cow::Borrowed(key)), Spanned::new(span.clone(), DeValue::Table(n)));
    }
    (!table.is_empty()).then_some(Row { table, span, blanks })
}

/// A cell's value as its column's type reads it: a list cell is an array of its items, a
/// number column a number (text that is no number stays text, for the reader to report).
fn cell_value<'t>(
    ctx: &Ctx,
    ty: &Ty,
    cell: &Cell,
    (value, at): (&str, Range<usize>),
    text: &'t str,
) -> Spanned<DeValue<'t>> {
    // A value that may be one or a list (a counter run's `ids`) is a list when it has a `;`.
    let list_of = match ty {
        Ty::Markups | Ty::Strs | Ty::Ids => Some(&Ty::Str),
        Ty::Ints => Some(&Ty::Int),
        // A counter run's `ids` is a range only when it reads as one, numbers around a `-`
        // ("1-12", or a half-written "5-"); one id alone ("XXIV", "2-SS") is a list of one, as
        // `ids = ["XXIV"]` in TOML.
        Ty::AnyOf(tys) if cell.text.contains(LIST_SEPARATOR) || !looks_like_range(&cell.text) => {
            tys.iter().find_map(|t| if let Ty::ArrayOf(item) = t { Some(*item) } else { None })
        }
        _ => None,
    };
    let v = match list_of {
        Some(item_ty) => {
            let (mut list, mut start, mut empty_items) = (DeArray::new(), 0, 0);
            for part in cell.text.split(LIST_SEPARATOR) {
                let lead = part.len() - part.trim_start().len();
                let item = part.trim();
                if !item.is_empty() {
                    let item_at = cell.sub_span(text, start + lead..start + lead + item.len());
                    list.push(Spanned::new(item_at.clone(), scalar(item_ty, item, &text[item_at])));
                } else {
                    empty_items += 1;
                }
                start += part.len() + LIST_SEPARATOR.len_utf8();
            }
            if empty_items > 0 {
                // `a;;b` or `a;`: an item left out, or a `;` too many.
                ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "an empty item in this list")
                        .at(&ctx.loc(at.clone()))
                        .label(format!("{empty_items} of its items empty: they are separated by `{LIST_SEPARATOR}`"))
                        .help(format!("write the missing item, or take out the `{LIST_SEPARATOR}` too many")),
                );
            }
            DeValue::Array(list)
        }
        None => scalar(ty, value, &text[at.clone()]),
    };
    Spanned::new(at, v)
}

/// Numbers (or nothing) on both sides of one `-`: "1-12", "5-".
fn looks_like_range(s: &str) -> bool {
    let digits = |t: &str| t.trim().bytes().all(|c| c.is_ascii_digit());
    s.split_once('-').is_some_and(|(a, b)| digits(a) && digits(b) && !b.contains('-'))
}

/// One value, `s` as written at `raw` in the file: a number for a number type (and any
/// number-like text for a value of any type), true/false for a yes-no type, else the text.
fn scalar<'t>(ty: &Ty, s: &str, raw: &'t str) -> DeValue<'t> {
    let any = matches!(ty, Ty::Scalar) || matches!(ty, Ty::AnyOf(tys) if tys.iter().any(|t| matches!(t, Ty::Scalar)));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    let unsigned = s.strip_prefix('-').unwrap_or(s);
    let is_int = digits(unsigned);
    let is_float = unsigned.split_once('.').is_some_and(|(a, b)| digits(a) && digits(b));
    let wanted = (any || matches!(ty, Ty::Int | Ty::Number)) && is_int || (any || matches!(ty, Ty::Number)) && is_float;
    // A number has no quotes to undo: its text in the file is the cell's.
    if wanted
        && s == raw
        && let Ok(v) = DeValue::parse(raw)
    {
        return v.into_inner();
    }
    match s {
        "true" | "false" if any || matches!(ty, Ty::Bool) => DeValue::Boolean(s == "true"),
        _ => DeValue::String(Cow::Owned(s.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_name_says_what_a_sheet_holds() {
        assert!(matches!(Holds::of("units.csv"), Some(Holds::Units)));
        assert!(matches!(Holds::of("allied-units.csv"), Some(Holds::Units)));
        assert!(matches!(Holds::of("german_counters.csv"), Some(Holds::Counters)));
        assert!(matches!(Holds::of("cards.csv"), Some(Holds::Cards)));
        assert!(Holds::of("myunits.csv").is_none());
        assert!(Holds::of("notes.csv").is_none());
        assert!(Holds::of("units.toml").is_none());
    }

    #[test]
    fn cells_are_found_in_the_file_quoted_or_not() {
        let text = "a,\"b, \"\"c\"\"\",,d\r\nx\n";
        let spans = cell_spans(text, 0, 4, b',');
        let got: Vec<(&str, bool)> = spans.iter().map(|(s, q)| (&text[s.clone()], *q)).collect();
        assert_eq!(got, [("a", false), ("b, \"\"c\"\"", true), ("", false), ("d", false)]);
        // The next record, its position at the LF of the CRLF before it.
        let (s, _) = &cell_spans(text, 16, 1, b',')[0];
        assert_eq!(&text[s.clone()], "x");
        // A place inside a quoted cell's text skips each doubled quote.
        let cell = Cell { text: "b, \"c\"".into(), span: spans[1].0.clone(), quoted: true };
        assert_eq!(&text[cell.sub_span(text, 4..5)], "c");
    }

    #[test]
    fn a_cell_is_read_as_its_column_type() {
        let v = |ty: &Ty, s: &'static str| scalar(ty, s, s);
        assert!(matches!(v(&Ty::Scalar, "5"), DeValue::Integer(_)));
        assert!(matches!(v(&Ty::Scalar, "-2.5"), DeValue::Float(_)));
        assert!(matches!(v(&Ty::Scalar, "true"), DeValue::Boolean(true)));
        assert!(matches!(v(&Ty::Scalar, "2D6"), DeValue::String(_)));
        assert!(matches!(v(&Ty::Int, "six"), DeValue::String(_)));
        // A name or an id that looks like a number stays text.
        assert!(matches!(v(&Ty::Str, "1944"), DeValue::String(_)));
        assert!(matches!(v(&Ty::Bool, "false"), DeValue::Boolean(false)));
    }
}
