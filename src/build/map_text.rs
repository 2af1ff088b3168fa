//! The map sheet measured for the layout: export the map sheet's data, compile
//! `templates/map-measure.typ` once, and let `layout::map_sheet` decide from the heights where
//! each map's notes and key go and how large its assembly diagram prints. `map.pdf` then only
//! draws. A sheet whose data, texts, templates and fonts are the same as the last one measured
//! in this process (watch mode after an edit elsewhere) takes the last heights without
//! compiling.

use std::sync::Mutex;

use super::{map_render_diag, new_renderer, rules_date};
use crate::check::Index;
use crate::diag::Diagnostic;
use crate::export::{self, DocKind, ExportOptions};
use crate::layout::Layout;
use crate::layout::map_sheet::KeyHeights;
use crate::model::Game;
use crate::render::Severity;

/// The last sheet measured in this process: a hash of what it was measured from, and its heights.
static LAST: Mutex<Option<(u64, Vec<KeyHeights>)>> = Mutex::new(None);

/// Decide each map's plan in the layout (when the game prints maps with the built-in
/// template); the findings are what stopped the measuring document.
pub(super) fn fit_maps(
    game: &Game,
    ix: &Index,
    laid_out: &mut Layout,
    page: Option<crate::model::PageSize>,
) -> Vec<Diagnostic> {
    // A game's own map.typ lays its sheet out itself.
    if laid_out.map_pages.is_empty() || game.templates.iter().any(|t| t.name == "map.typ") {
        return Vec::new();
    }
    let opts = ExportOptions { page, ..Default::default() };
    let exported = export::export(game, ix, laid_out, &DocKind::Map, &opts);
    let key = super::measured_inputs(game, &exported);
    let last = LAST.lock().ok().and_then(|l| l.as_ref().filter(|(k, _)| *k == key).map(|(_, h)| h.clone()));
    let heights = match last {
        Some(heights) => heights,
        None => {
            let heights = match measure(game, laid_out, &exported) {
                Ok(heights) => heights,
                Err(diags) => return diags,
            };
            if let Ok(mut last) = LAST.lock() {
                *last = Some((key, heights.clone()));
            }
            heights
        }
    };
    for page in &mut laid_out.map_pages {
        if let Some(h) = heights.iter().find(|h| h.map == page.id) {
            page.plan = page.decide(h);
        }
    }
    Vec::new()
}

/// Compile the measuring document once.
fn measure(game: &Game, laid_out: &Layout, exported: &export::Exported) -> Result<Vec<KeyHeights>, Vec<Diagnostic>> {
    let mut renderer =
        new_renderer(game, rules_date(game)).map_err(|e| vec![Diagnostic::error(crate::diag::RENDER, e)])?;
    renderer.set_fonts(laid_out.fonts.clone());
    match renderer.compile("map-measure", &exported.data_json, &exported.texts_typ) {
        Ok(compiled) => Ok((compiled.query_metadata("pa-map-measure").into_iter())
            .filter_map(|(v, ..)| serde_json::from_value::<KeyHeights>(v).ok())
            .collect()),
        Err(errors) => Err((errors.iter())
            .filter(|e| e.severity == Severity::Error)
            .map(|e| map_render_diag(e, &exported.map, game, "map"))
            .collect()),
    }
}
