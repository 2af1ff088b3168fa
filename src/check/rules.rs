//! Rule sections, tables and markup texts: section numbers are unique, items name tables,
//! sequences and units that exist, written rows have as many cells as the header, generated
//! tables list something, and every `[[reference]]` in a text resolves.

use std::collections::HashMap;

use super::{Checker, FieldWorld, place};
use crate::diag::{self, Diagnostic};
use crate::load::strings::sub_loc;
use crate::markup;
use crate::model::*;
use crate::source::Loc;

impl Checker<'_> {
    pub(super) fn check_sections(&mut self) {
        let game = self.game;
        let mut numbers: HashMap<&str, &Sp<String>> = HashMap::new();
        // In data order a number is the heading's label, as on a hand-made sheet: a part of a
        // rule printed apart (Mortars, 6.1, after 6.4) keeps its rule's number.
        let unique_numbers = game.meta.cheatsheet.by_number;
        for s in &game.sections {
            if let Some(n) = s.number.as_ref().filter(|_| unique_numbers) {
                match numbers.get(n.v.as_str()) {
                    Some(prev) => self.push(
                        Diagnostic::warning(diag::DUPLICATE_NUMBER, format!("two sections are numbered {}", n.v))
                            .at(&n.loc)
                            .note(format!("the other is at {}", place(&game.files, &prev.loc)))
                            .help("give one of them its own number, or none"),
                    ),
                    None => {
                        numbers.insert(&n.v, n);
                    }
                }
            }
            self.check_items(&s.items);
        }
    }

    fn check_items(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Text { items, .. } => self.check_items(items),
                Item::Table(t) => {
                    self.resolve::<Table>(t);
                }
                Item::Sequence(s) => {
                    self.resolve::<Sequence>(s);
                }
                Item::Unit(u) => {
                    self.resolve::<Unit>(u);
                }
                Item::Crt(_) | Item::Chart(_) => self.check_chart_item(item),
                Item::Deck(d) => {
                    self.resolve::<Deck>(d);
                }
                Item::Track(t) => {
                    self.resolve::<Track>(t);
                }
                Item::Label(_) | Item::Note(_) => {}
            }
        }
    }

    pub(super) fn check_table(&mut self, t: &Table) {
        match &t.body {
            TableBody::Written { header, rows } => {
                for c in header {
                    self.check_cell(c);
                }
                for (loc, cells) in rows {
                    if !header.is_empty() && cells.len() != header.len() {
                        self.row_length(t, loc, cells.len(), header.len());
                    }
                    for c in cells {
                        self.check_cell(c);
                    }
                }
            }
            TableBody::Generated { abilities_with, traits, .. } => {
                self.check_generated_table(t, abilities_with);
                for tr in traits {
                    self.resolve::<Trait>(tr);
                }
            }
            // Its die, steps and ratings are checked as they are read.
            TableBody::Fire { .. } => {}
        }
    }

    fn row_length(&mut self, t: &Table, loc: &Loc, cells: usize, header: usize) {
        self.push(
            Diagnostic::error(
                diag::TABLE_ROW_LENGTH,
                format!("this row of table `{}` has {cells} cells, the header has {header}", t.id.v),
            )
            .at(loc)
            .label(format!("expected {header} cells"))
            .help(if cells < header {
                "add the missing cells (write \"-\" for an empty one)"
            } else {
                "remove the extra cells, or add a column to the header"
            }),
        );
    }

    /// A table generated from the abilities that declare a trait: that list is not empty.
    fn check_generated_table(&mut self, t: &Table, abilities_with: &Sp<String>) {
        let game = self.game;
        let Some(tr) = self.resolve::<Trait>(abilities_with) else { return };
        let rows: Vec<usize> = game
            .abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| a.traits.iter().any(|(k, _)| k.v == tr.id.v))
            .map(|(i, _)| i)
            .collect();
        if rows.is_empty() {
            self.push(
                Diagnostic::warning(
                    diag::UNUSED_ABILITY,
                    format!("no ability declares `{}`: table `{}` is empty", tr.id.v, t.id.v),
                )
                .at(&abilities_with.loc)
                .help(format!("give abilities a `{}` in their traits", tr.id.v)),
            );
        }
        self.used.abilities.extend(rows);
    }

    fn check_cell(&mut self, cell: &Cell) {
        if let Cell::Ref { kind, target } = cell {
            self.resolve_ref(*kind, &target.v, &target.loc);
        }
    }

    /// A markup field: its `[[references]]` are closed and resolve, and it parses as Typst
    /// markup.
    pub(super) fn check_text(&mut self, text: &Text) {
        let source = &self.game.files.get(text.loc.file).text;
        let (refs, bad) = markup::scan(&text.raw);
        let bad_refs = !bad.is_empty();
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
        // A malformed `[[` is the root cause of whatever the parser would say next.
        let syntax = if bad_refs { Vec::new() } else { markup::syntax_errors(&text.raw, &refs) };
        let syntax_ok = !bad_refs && syntax.is_empty();
        for (range, message, hints) in syntax {
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
        if syntax_ok && markup::has_code(&text.raw) {
            self.check_code(text, &refs);
        }
    }

    /// A field with code: inside the allowed subset (so evaluating it is bounded), then
    /// evaluated by Typst alone, each mistake at the field.
    fn check_code(&mut self, text: &Text, refs: &[markup::Ref]) {
        let source = &self.game.files.get(text.loc.file).text;
        let refused = markup::not_allowed(&text.raw, refs);
        let clean = refused.is_empty();
        for (range, message, help) in refused {
            self.push(
                Diagnostic::error(diag::MARKUP_NOT_ALLOWED, message)
                    .at(&sub_loc(text, source, range))
                    .label("not allowed in a text")
                    .help(help),
            );
        }
        if !clean {
            return;
        }
        self.check_icon_calls(text, refs);
        let blanked = markup::blank_refs(&text.raw, refs);
        let world = self.field_world.get_or_insert_with(FieldWorld::new);
        for (range, message, hints) in world.errors(&blanked) {
            let mut d =
                Diagnostic::error(diag::MARKUP_EVAL, format!("markup: {message}"))
                    .at(&sub_loc(text, source, range))
                    .label("Typst cannot evaluate this")
                    .help(hints.first().cloned().unwrap_or_else(|| {
                        "check the names and arguments here: this text is Typst markup".to_string()
                    }));
            for h in hints.iter().skip(1) {
                d = d.note(h.clone());
            }
            self.push(d);
        }
    }
}
