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
    let Ok(mut data) = serde_json::from_slice::<serde_json::Value>(&exported.data_json) else { return Vec::new() };
    let probes = card_fit::probes(game, &laid_out.cards, &printed_stats(&data, laid_out.cards.cards.len()));
    data["card_probes"] = serde_json::to_value(&probes).expect("probes serialise");
    let bytes = serde_json::to_vec(&data).expect("data serialises");
    let mut renderer = match new_renderer(game, rules_date(game)) {
        Ok(r) => r,
        Err(e) => return vec![Diagnostic::error(crate::diag::RENDER, e)],
    };
    renderer.set_fonts(laid_out.fonts.clone());
    match renderer.compile("card-measure", &bytes, &exported.texts_typ) {
        Ok(compiled) => {
            let measured: Vec<Measured> = compiled
                .query_metadata("pa-measure")
                .into_iter()
                .filter_map(|(v, ..)| serde_json::from_value(v).ok())
                .collect();
            let mut diags = Vec::new();
            card_fit::fit(game, ix, &mut laid_out.cards, &probes, &measured, &mut diags);
            diags
        }
        Err(errors) => errors
            .iter()
            .filter(|e| e.severity == Severity::Error)
            .map(|e| map_render_diag(e, &exported.map, game, "cards"))
            .collect(),
    }
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
