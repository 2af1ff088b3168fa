//! Documents compiled: every part of every document on the cores, progress told on the calling
//! thread, parts joined into one PDF, and Typst's findings pointed at the user's files.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::Progress;
use crate::diag::{self, Diagnostic};
use crate::export;
use crate::length::Pt;
use crate::model::Game;
use crate::render::{RenderDiag, Renderer, Severity};
use typst_layout::PagedDocument;

/// What one document's compile gives: its PDF and page count (`None` when Typst reported
/// errors), its findings, and, for a chart ([`export::DocKind::is_chart`]), its pages as
/// Typst laid them out (the VASSAL module shows them).
pub(super) type RenderResult = (Result<Option<(Vec<u8>, usize)>, String>, Vec<Diagnostic>, Option<Arc<PagedDocument>>);

/// One part of a document compiled: its PDF and pages, or `None` after Typst's errors; its
/// findings; and a chart's pages.
type PartResult = (Option<(Vec<u8>, usize)>, Vec<Diagnostic>, Option<Arc<PagedDocument>>);

/// A progress event from a worker thread, told on the calling thread.
enum Event {
    /// Part `part` of document `doc` (an index into the documents to render) began.
    Began { doc: usize, part: usize },
    /// A part of document `doc` is done, with its pages.
    Done { doc: usize, pages: usize },
}

/// The parts of an export: the data of each compile (one for most documents).
fn parts(exported: &export::Exported) -> Vec<&[u8]> {
    std::iter::once(&exported.data_json[..]).chain(exported.more_parts.iter().map(|p| &p[..])).collect()
}

/// Compile `todo` (document number, spec, export, path) on as many threads as there are cores:
/// every part of every document is a task (Typst compiles one document on one thread, so a big
/// counter sheet, exported in parts, uses every core too). Where the parts split never depends
/// on the cores, and the results come back in `todo`'s order, so output is the same bytes on
/// any machine whichever thread finishes first.
pub(super) fn render_all(
    renderer: &Renderer,
    game: &Game,
    todo: &[(usize, &export::Document, export::Exported, PathBuf)],
    of: usize,
    progress: &mut dyn FnMut(Progress),
) -> Vec<RenderResult> {
    let tasks: Vec<(usize, usize)> =
        todo.iter().enumerate().flat_map(|(d, (_, _, ex, _))| (0..parts(ex).len()).map(move |p| (d, p))).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, tasks.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<PartResult>>> = tasks.iter().map(|_| Default::default()).collect();
    let (tx, rx) = std::sync::mpsc::channel::<Event>();
    crate::limits::end_step();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (tx, next, results, tasks) = (tx.clone(), &next, &results, &tasks);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&(doc, part)) = tasks.get(i) else { break };
                    let (_, spec, exported, _) = &todo[doc];
                    let _ = tx.send(Event::Began { doc, part });
                    let done = compile_part(renderer, game, spec, exported, part);
                    let _ = tx.send(Event::Done { doc, pages: done.0.as_ref().map_or(0, |(_, pages)| *pages) });
                    *results[i].lock().unwrap() = Some(done);
                }
                crate::limits::end_step();
            });
        }
        drop(tx);
        report_progress(rx, todo, of, progress);
    });
    let mut results = results.into_iter().map(|r| r.into_inner().unwrap().expect("every part was compiled"));
    todo.iter().map(|(_, spec, exported, _)| join_parts(spec, (&mut results).take(parts(exported).len()))).collect()
}

/// Tell the workers' events as build progress, on this thread: a document is "rendering" from
/// its first part and "rendered" when its last part is done.
fn report_progress(
    events: std::sync::mpsc::Receiver<Event>,
    todo: &[(usize, &export::Document, export::Exported, PathBuf)],
    of: usize,
    progress: &mut dyn FnMut(Progress),
) {
    let started = Instant::now();
    let mut left: Vec<usize> = todo.iter().map(|(_, _, ex, _)| parts(ex).len()).collect();
    let mut pages = vec![0; todo.len()];
    let mut began = vec![None; todo.len()];
    for event in events {
        match event {
            Event::Began { doc, part } => {
                let (n, _, ex, _) = &todo[doc];
                let file = todo[doc].1.file.as_str();
                if began[doc].is_none() {
                    began[doc] = Some(started.elapsed());
                    progress(Progress::Rendering { n: n + 1, of, file });
                }
                if !ex.more_parts.is_empty() {
                    progress(Progress::Part { file, part: part + 1, of: ex.more_parts.len() + 1 });
                }
            }
            Event::Done { doc, pages: p } => {
                pages[doc] += p;
                left[doc] -= 1;
                if left[doc] == 0 {
                    let took = started.elapsed() - began[doc].unwrap_or_default();
                    let (n, spec, ..) = &todo[doc];
                    progress(Progress::Rendered { n: n + 1, of, file: &spec.file, pages: pages[doc], took });
                }
            }
        }
    }
}

/// Compile one part of a document into a PDF. A document in one part is balanced (cheatsheet
/// columns) and tagged; the parts of a very large counter sheet are untagged (their structure
/// trees could not be joined) and each is forgotten by Typst's cache once done, so memory stays
/// bounded.
fn compile_part(
    renderer: &Renderer,
    game: &Game,
    spec: &export::Document,
    exported: &export::Exported,
    part: usize,
) -> PartResult {
    let doc = spec.kind.template();
    let own = game.templates.iter().find(|t| t.name == format!("{doc}.typ"));
    crate::limits::step(match own {
        Some(t) => format!("compiling {} with the game's own {}", spec.file, game.files.get(t.file).name),
        None => format!("compiling {}", spec.file),
    });
    let data = parts(exported)[part];
    let whole = exported.more_parts.is_empty();
    let mut diags = Vec::new();
    let mut kept = None;
    let pdf = renderer.compile(doc, data, &exported.texts_typ).and_then(|compiled| {
        let compiled = if whole {
            crate::render::balance::balance(renderer, doc, data, &exported.texts_typ, compiled)?
        } else {
            compiled
        };
        diags.extend(compiled.warnings.iter().map(|w| map_render_diag(w, &exported.map, game, doc)));
        diags.extend(overflows(&compiled, exported));
        let pages = compiled.page_count();
        let pdf = compiled.pdf_with(whole)?;
        if whole && spec.kind.is_chart() {
            kept = Some(Arc::new(compiled.document));
        }
        Ok((pdf, pages))
    });
    if !whole {
        typst::comemo::evict(2);
    }
    match pdf {
        Ok(done) => (Some(done), diags, kept),
        Err(errs) => {
            diags.extend(errs.iter().map(|e| map_render_diag(e, &exported.map, game, doc)));
            (None, diags, None)
        }
    }
}

/// One document from its compiled parts, in order: the PDF (parts joined) and its pages, or
/// `None` when a part had errors; with every part's findings.
fn join_parts(spec: &export::Document, parts: impl Iterator<Item = PartResult>) -> RenderResult {
    let mut diags = Vec::new();
    let mut pdfs = Vec::new();
    let mut pages = 0;
    let mut failed = false;
    let mut kept = None;
    for (pdf, found, laid_out) in parts {
        diags.extend(found);
        kept = kept.or(laid_out);
        match pdf {
            Some((pdf, p)) => {
                pdfs.push(pdf);
                pages += p;
            }
            None => failed = true,
        }
    }
    if failed {
        return (Ok(None), diags, None);
    }
    let pdf = match pdfs.len() {
        1 => Ok(pdfs.pop().expect("one part")),
        _ => crate::render::merge::merge(&pdfs).map_err(|e| format!("cannot join the parts of {}: {e}", spec.file)),
    };
    (pdf.map(|pdf| Some((pdf, pages))), diags, kept)
}

/// Compile one document into a PDF and its page count, part after part on this thread;
/// `Ok(None)` when Typst reported errors (they are in `diags`).
pub(super) fn render_document(
    renderer: &Renderer,
    game: &Game,
    spec: &export::Document,
    exported: &export::Exported,
    diags: &mut Vec<Diagnostic>,
) -> Result<Option<(Vec<u8>, usize)>, String> {
    let compiled = (0..parts(exported).len()).map(|part| compile_part(renderer, game, spec, exported, part));
    let (pdf, found, _) = join_parts(spec, compiled);
    diags.extend(found);
    pdf
}

/// Text that did not fit its piece, as the template reported it (`<pa-overflow>` metadata:
/// the piece's index, which text, how much room it needed and had, in pt).
fn overflows(compiled: &crate::render::Compiled, exported: &export::Exported) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut reported = compiled.query_metadata("pa-overflow");
    reported.extend(runs_past_panels(compiled));
    for (v, page, _, _) in reported {
        let index = v["index"].as_u64().unwrap_or(u64::MAX) as usize;
        let part = v["part"].as_str().unwrap_or("text");
        // Once per piece and part, not once per printed copy.
        if !seen.insert((index, part.to_string())) {
            continue;
        }
        let need = v["need"].as_f64().unwrap_or(0.0);
        let have = v["have"].as_f64().unwrap_or(0.0);
        let text = v["text"].as_str().unwrap_or("");
        let (need, have) = (Pt(need).mm(), Pt(have).mm());
        let by_mm = (need - have).0;
        let Some((what, loc)) = exported.pieces.get(index) else { continue };
        let mut d = Diagnostic::error(
            diag::TEXT_OVERFLOW,
            format!("the {part} of {what} does not fit: it overflows by {by_mm:.1} mm"),
        )
        .at(loc)
        .label(format!("{part} needs {need:.1}, has {have:.1}"));
        if !text.is_empty() {
            d = d.note(format!("the text: \"{text}\" (page {page})"));
        }
        let help = match v["kind"].as_str() {
            Some("card") => {
                "shorten the text, print abilities' short texts (ability_text = \"short\" in [cards]), a bigger card size, or allow shrinking with min_font_size in [cards]"
            }
            _ => {
                "shorten the text, use a smaller size for this slot, a bigger counter, or allow shrinking with min_font_size in its [[counter_group]]"
            }
        };
        out.push(d.help(help));
    }
    out
}

/// Card text that runs past its panel on the laid-out page (the card template marks where
/// each panel's text starts and ends, `<pa-text>`), as `<pa-overflow>` values: the layout
/// measured every card at check time, so this finds only what that measuring missed.
fn runs_past_panels(compiled: &crate::render::Compiled) -> Vec<(serde_json::Value, usize, f64, f64)> {
    let marks = compiled.query_metadata("pa-text");
    let mut out = Vec::new();
    for pair in marks.windows(2) {
        let ((top, page, _, y0), (bottom, page2, _, y1)) = (&pair[0], &pair[1]);
        if top["edge"] != "top" || bottom["edge"] != "bottom" || page != page2 || top["index"] != bottom["index"] {
            continue;
        }
        let (need, have) = (y1 - y0, top["room"].as_f64().unwrap_or(f64::INFINITY));
        // A twentieth of a point: rounding, never a line of text.
        if need > have + 0.05 {
            let v =
                serde_json::json!({"kind": "card", "index": top["index"], "part": "text", "need": need, "have": have});
            out.push((v, *page, 0.0, 0.0));
        }
    }
    out
}

/// Where a Typst diagnostic lies in one of the game's own templates, if it does.
fn game_template_loc(game: &Game, d: &RenderDiag) -> Option<crate::source::Loc> {
    let name = d.path.as_deref()?.strip_prefix("/templates/")?;
    let t = game.templates.iter().find(|t| t.name == name)?;
    let range = d.range.clone().unwrap_or(0..0);
    Some(crate::source::Loc { file: t.file, span: range })
}

/// A Typst diagnostic as a playaid finding: inside a markup field it points at the user's
/// TOML; inside a template it names the template file and line.
pub(super) fn map_render_diag(d: &RenderDiag, map: &export::TextMap, game: &Game, doc: &str) -> Diagnostic {
    let mut out = match d.severity {
        Severity::Error => Diagnostic::error(diag::RENDER, d.message.clone()),
        Severity::Warning => Diagnostic::warning(diag::RENDER_WARNING, d.message.clone()),
    };
    let in_texts = d.path.as_deref() == Some("/playaid/texts.typ");
    match (&d.range, in_texts) {
        (Some(range), true) => {
            if let Some(loc) = map.locate(game, range) {
                out = out.at(&loc).label("while rendering this text");
            }
        }
        _ if let Some(loc) = game_template_loc(game, d) => {
            out = out
                .at(&loc)
                .label("in the game's own template")
                .help("fix the game's template, or remove it to print with the built-in one (docs/TEMPLATES.md)");
            for t in &d.trace {
                out = out.note(t.clone());
            }
        }
        _ => {
            let place = match (&d.path, d.line_col) {
                (Some(p), Some((l, c))) => format!("{p}:{l}:{c}"),
                (Some(p), None) => p.clone(),
                _ => format!("the {doc} template"),
            };
            out = out.note(format!("in {place} (the {doc} template)"));
            for t in &d.trace {
                out = out.note(t.clone());
            }
        }
    }
    for h in &d.hints {
        out = out.note(format!("typst: {h}"));
    }
    if out.help.is_none() {
        out = out.help(if in_texts {
            "this text is Typst markup: check the function names and brackets you used here"
        } else {
            "the template failed on this data; if the game overrides templates/, check that file"
        });
    }
    out
}
