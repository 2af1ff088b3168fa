//! Card text measured for the layout: the one Typst compile `check` makes for cards. The card
//! data comes from the exporter and the heights from the renderer, both later stages than
//! layout, so the steps are strung together here: export the cards, let the layout say what
//! to measure (`layout::card_fit::probes`), compile `templates/card-measure.typ` once, and let
//! the layout choose each card's fit from the heights (`layout::card_fit::fit`).

use super::{map_render_diag, new_renderer, rules_date};
use crate::check::Index;
use crate::diag::Diagnostic;
use crate::export::{self, DocKind, ExportOptions};
use crate::layout::Layout;
use crate::layout::card_fit::{self, Measured, StatText};
use crate::model::Game;
use crate::render::Severity;

/// Give every card of `laid_out` its fit; the findings are text that does not fit (E023), or
/// what stopped the measuring document from compiling (as `build` would report it).
pub(super) fn fit_cards(game: &Game, ix: &Index, laid_out: &mut Layout) -> Vec<Diagnostic> {
    if laid_out.cards.cards.is_empty() {
        return Vec::new();
    }
    let exported = export::export(game, ix, laid_out, &DocKind::Cards, &ExportOptions::default());
    let Ok(data) = serde_json::from_slice::<serde_json::Value>(&exported.data_json) else { return Vec::new() };
    let stats = printed_stats(&data, laid_out.cards.cards.len());
    let mut renderer = match new_renderer(game, rules_date(game)) {
        Ok(r) => r,
        Err(e) => return vec![Diagnostic::error(crate::diag::RENDER, e)],
    };
    renderer.set_fonts(laid_out.fonts.clone());
    let m = Measuring { game, renderer: &renderer, exported: &exported, data: &data };
    // Two rounds: whole points first, then the quarter points above the largest that fits.
    let mut probes = card_fit::probes(game, &laid_out.cards, &stats);
    let mut measured = match m.measure(&probes, 0) {
        Ok(found) => found,
        Err(diags) => return diags,
    };
    let finer = card_fit::refine(game, &laid_out.cards, &stats, &probes, &measured);
    match m.measure(&finer, probes.len()) {
        Ok(found) => measured.extend(found),
        Err(diags) => return diags,
    }
    probes.extend(finer);
    let mut diags = Vec::new();
    card_fit::fit(game, ix, &mut laid_out.cards, &probes, &measured, &mut diags);
    diags
}

/// What the measuring document needs: the game, a renderer, the cards' data and texts.
struct Measuring<'a> {
    game: &'a Game,
    renderer: &'a crate::render::Renderer,
    exported: &'a export::Exported,
    data: &'a serde_json::Value,
}

impl Measuring<'_> {
    /// The heights of `probes` (numbered from `first`), in a part per core, each compiled on a
    /// thread of its own (Typst compiles one document on one thread); the parts split between
    /// cards, never inside one, so the heights are the same however many cores measure them.
    fn measure(&self, probes: &[card_fit::Probe], first: usize) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        let parts = measuring_parts(probes, std::thread::available_parallelism().map_or(1, |n| n.get()));
        let results: Vec<Result<Vec<Measured>, Vec<Diagnostic>>> = std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .iter()
                .map(|range| scope.spawn(move || self.part(&probes[range.clone()], first + range.start)))
                .collect();
            handles.into_iter().map(|h| h.join().expect("a measuring thread")).collect()
        });
        let mut measured = Vec::new();
        for r in results {
            // The first part that does not compile says why; the others would say the same.
            measured.extend(r?);
        }
        Ok(measured)
    }

    /// One part's heights, its probes numbered from `offset`.
    fn part(&self, probes: &[card_fit::Probe], offset: usize) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        let mut data = self.data.clone();
        data["card_probes"] = serde_json::to_value(probes).expect("probes serialise");
        let bytes = serde_json::to_vec(&data).expect("data serialises");
        match self.renderer.compile("card-measure", &bytes, &self.exported.texts_typ) {
            Ok(compiled) => Ok((compiled.query_metadata("pa-measure").into_iter())
                .filter_map(|(v, ..)| serde_json::from_value::<Measured>(v).ok())
                .map(|m| Measured { probe: m.probe + offset, ..m })
                .collect()),
            Err(errors) => Err((errors.iter())
                .filter(|e| e.severity == Severity::Error)
                .map(|e| map_render_diag(e, &self.exported.map, self.game, "cards"))
                .collect()),
        }
    }
}

/// The probes split into at most `n` runs of about equal length, each ending at a card's last
/// probe (so a card's probes are measured together).
fn measuring_parts(probes: &[card_fit::Probe], n: usize) -> Vec<std::ops::Range<usize>> {
    let per = probes.len().div_ceil(n.max(1)).max(1);
    let mut parts = Vec::new();
    let mut start = 0;
    while start < probes.len() {
        let mut end = (start + per).min(probes.len());
        while end < probes.len() && probes[end].card == probes[end - 1].card {
            end += 1;
        }
        parts.push(start..end);
        start = end;
    }
    parts
}

/// Each card's stats as its data prints them (`data.cards.items[].stats`), by card index.
fn printed_stats(data: &serde_json::Value, cards: usize) -> Vec<Vec<StatText>> {
    let mut out = vec![Vec::new(); cards];
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    };
    for item in data["cards"]["items"].as_array().into_iter().flatten() {
        let Some(slot) = item["index"].as_u64().and_then(|i| out.get_mut(i as usize)) else { continue };
        *slot = item["stats"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| StatText {
                label: text(&s["label"]),
                value: text(&s["value"]),
                icon: !s["icon"].is_null(),
                noted: !s["note"].is_null(),
            })
            .collect();
    }
    out
}
