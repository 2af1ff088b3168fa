//! Evaluating a markup field with Typst at check time, so that a mistake in its code (an
//! unknown symbol, a wrong argument) is a finding at the field rather than a failed build.
//!
//! Only fields inside the allowed subset (`markup::not_allowed` found nothing) get here, so
//! evaluation is bounded by the field's length. Each field is compiled alone as a tiny
//! document: no fonts, no files, no packages; the `[[references]]` are blanked. The functions
//! that the generated texts module brings from lib.typ (`icon`, `die`) are defined by a prelude
//! with the same parameters, drawing an empty box: their names are checked apart (`icons.rs`).

use std::ops::Range;

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};
use typst_layout::PagedDocument;

/// Defines what texts may call besides Typst's own functions, with the parameters of lib.typ's
/// `pa-icon` and `pa-die`. Errors are located in the field after it.
const PRELUDE: &str = "#let icon(name, size: 1em, fill: auto) = box(width: size, height: size)\n\
                       #let die(n, size: 1em, fill: auto) = box(width: size, height: size)\n";

/// A World holding one field as its main source and nothing else.
pub(super) struct FieldWorld {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    main: Source,
}

impl FieldWorld {
    pub(super) fn new() -> FieldWorld {
        let id = RootedPath::new(VirtualRoot::Project, VirtualPath::new("/field.typ").expect("a valid path")).intern();
        FieldWorld {
            library: LazyHash::new(Library::builder().build()),
            book: LazyHash::new(FontBook::new()),
            main: Source::new(id, String::new()),
        }
    }

    /// Typst's errors for `text` (a blanked field): (byte range in it, message, hints).
    pub(super) fn errors(&mut self, text: &str) -> Vec<(Range<usize>, String, Vec<String>)> {
        self.main.replace(&format!("{PRELUDE}{text}"));
        let warned = typst::compile::<PagedDocument>(&*self);
        let Err(errors) = warned.output else { return Vec::new() };
        let whole = 0..text.len();
        errors
            .iter()
            .map(|e| {
                let range = match e.span.id() {
                    Some(id) if id == self.main.id() => self
                        .range(e.span)
                        .filter(|r| r.start >= PRELUDE.len())
                        .map(|r| r.start - PRELUDE.len()..r.end - PRELUDE.len())
                        .unwrap_or(whole.clone()),
                    _ => whole.clone(),
                };
                (range, e.message.to_string(), e.hints.iter().map(|h| h.v.to_string()).collect())
            })
            .collect()
    }
}

impl World for FieldWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() { Ok(self.main.clone()) } else { Err(FileError::AccessDenied) }
    }

    fn file(&self, _id: FileId) -> FileResult<Bytes> {
        Err(FileError::AccessDenied)
    }

    fn font(&self, _index: usize) -> Option<Font> {
        None
    }

    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        Datetime::from_ymd(2000, 1, 1)
    }
}
