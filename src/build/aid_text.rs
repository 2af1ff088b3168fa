//! The player aid card measured for the layout: the Typst compiles `check` makes for the card,
//! as `card_text.rs` makes them for cards. Export the card's data, compile
//! `templates/aid-measure.typ` at the sizes `layout::aid_fit::Search` asks for (two a round),
//! and let the search choose; the frame goes into the layout, and build's `aid.pdf` only draws.
//! A card whose inputs (`measured_inputs`) are the same as the last one measured in this
//! process (watch mode after an edit elsewhere) takes the last frame without measuring.

use std::sync::Mutex;

use super::{map_render_diag, new_renderer, rules_date};
use crate::check::Index;
use crate::diag::Diagnostic;
use crate::export::{self, DocKind, ExportOptions};
use crate::layout::Layout;
use crate::layout::aid_fit::{AidFit, Frame, Measured, RunsOn, Search};
use crate::length::Pt;
use crate::model::Game;
use crate::render::Severity;

/// The last card measured in this process: a hash of what it was measured from, its frame and
/// whether it runs on (the finding is made anew each time: its place in the file may move).
static LAST: Mutex<Option<(u64, AidFit, Option<RunsOn>)>> = Mutex::new(None);

/// Give the layout the aid card's frame (when the game prints one with the built-in template);
/// the findings are W025 (the card runs on), or what stopped the measuring document.
pub(super) fn fit_aid(
    game: &Game,
    ix: &Index,
    laid_out: &mut Layout,
    page: Option<crate::model::PageSize>,
) -> Vec<Diagnostic> {
    // A game's own aid.typ lays its card out itself.
    if !game.meta.aid.sheet || game.templates.iter().any(|t| t.name == "aid.typ") {
        return Vec::new();
    }
    let opts = ExportOptions { page, ..Default::default() };
    let exported = export::export(game, ix, laid_out, &DocKind::Aid, &opts);
    let key = super::measured_inputs(game, &exported);
    let at = game.meta.aid.sheet_at.as_ref().unwrap_or(&game.meta.loc);
    if let Some((k, fit, runs_on)) = LAST.lock().map(|l| *l).ok().flatten()
        && k == key
    {
        laid_out.aid = Some(fit);
        return runs_on.map(|r| r.finding(fit.floor, at)).into_iter().collect();
    }
    let paper = export::aid_paper(game, &opts);
    match measure(game, laid_out, &exported, paper) {
        Ok((fit, runs_on)) => {
            laid_out.aid = Some(fit);
            if let Ok(mut last) = LAST.lock() {
                *last = Some((key, fit, runs_on));
            }
            runs_on.map(|r| r.finding(fit.floor, at)).into_iter().collect()
        }
        Err(diags) => diags,
    }
}

/// Measure the card round by round until the search has chosen.
fn measure(
    game: &Game,
    laid_out: &Layout,
    exported: &export::Exported,
    paper: crate::model::PageSize,
) -> Result<(AidFit, Option<RunsOn>), Vec<Diagnostic>> {
    let mut renderer =
        new_renderer(game, rules_date(game)).map_err(|e| vec![Diagnostic::error(crate::diag::RENDER, e)])?;
    renderer.set_fonts(laid_out.fonts.clone());
    let data: serde_json::Value = serde_json::from_slice(&exported.data_json).expect("the exporter's own JSON");
    let floor = Pt(game.meta.cheatsheet.font_size);
    let compile = |sizes: &[f64]| -> Result<(Option<Frame>, Vec<Measured>), Vec<Diagnostic>> {
        let mut data = data.clone();
        data["aid_probe"] = serde_json::json!({ "sizes": sizes });
        let bytes = serde_json::to_vec(&data).expect("data serialises");
        match renderer.compile("aid-measure", &bytes, &exported.texts_typ) {
            Ok(compiled) => {
                let frame = (compiled.query_metadata("pa-aid-frame").into_iter())
                    .find_map(|(v, ..)| serde_json::from_value::<Frame>(v).ok());
                let measured = (compiled.query_metadata("pa-aid-measure").into_iter())
                    .filter_map(|(v, ..)| serde_json::from_value::<Measured>(v).ok())
                    .collect();
                Ok((frame, measured))
            }
            Err(errors) => Err((errors.iter())
                .filter(|e| e.severity == Severity::Error)
                .map(|e| map_render_diag(e, &exported.map, game, "aid"))
                .collect()),
        }
    };
    // The first round measures the frame too: the title's and the track's heights.
    let (frame, first) = compile(&Search::new(floor, Pt(0.0)).next())?;
    let Some(frame) = frame else {
        let (_, page_h) = crate::layout::geometry::page_mm(paper, true);
        return Ok((AidFit::unmeasured(floor, crate::length::Mm(page_h).pt()), None));
    };
    let mut search = Search::new(floor, frame.column_height());
    search.add(&first);
    // Each round narrows the bracket; the bound is against a measuring document that reports
    // nothing (a size it did not lay out would be asked for again).
    for _ in 0..8 {
        let sizes = search.next();
        if sizes.is_empty() {
            break;
        }
        search.add(&compile(&sizes)?.1);
    }
    Ok((search.fit(), search.runs_on()))
}
