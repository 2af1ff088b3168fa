//! Typst's measurements for the layout: the implementation of [`layout::measure::Measure`] that
//! `check` and `build` hand to layout. Each document measured (the cards, the aid card, the map
//! sheet) is exported from the layout once, when layout first asks, and compiled with its
//! measuring template (`templates/card-measure.typ`, `aid-measure.typ`, `map-measure.typ`) and
//! layout's probe. Layout decides from the heights; nothing here decides.
//!
//! Cards are measured in parts of at most 50 cards (a measuring document of a thousand cards
//! took gigabytes), on the one pool of worker threads. The aid card's and the map sheet's
//! answers are kept for the last inputs measured in this process: watch mode, after an edit
//! elsewhere, gets them without compiling.

use std::sync::{Mutex, OnceLock};

use super::{map_render_diag, new_renderer, rules_date};
use crate::check::Index;
use crate::diag::Diagnostic;
use crate::export::{self, DocKind, ExportOptions, Exported};
use crate::layout;
use crate::layout::Layout;
use crate::layout::aid_fit::{self, AidFit};
use crate::layout::card_fit::{Measured, Probe, StatText};
use crate::layout::map_sheet::KeyHeights;
use crate::layout::measure::{AidRound, Measure};
use crate::model::{Game, PageSize};
use crate::render::{Compiled, Renderer, Severity};

/// The aid card's rounds measured for the last inputs: a hash of the inputs, and each round's
/// sizes (as bits) with its answer.
type AidMemo = (u64, Vec<(Vec<u64>, AidRound)>);
static AID_MEMO: Mutex<Option<AidMemo>> = Mutex::new(None);
/// The map sheet's heights for the last inputs.
static MAP_MEMO: Mutex<Option<(u64, Vec<KeyHeights>)>> = Mutex::new(None);
/// The aid card's pages for the last few frames tried (a hash of the inputs, the pages).
static AID_PAGES: Mutex<Vec<(u64, usize)>> = Mutex::new(Vec::new());

/// Measures with Typst what layout asks; see the module's documentation.
pub(super) struct Typst<'a> {
    game: &'a Game,
    ix: &'a Index,
    page: Option<PageSize>,
    renderer: Renderer,
    /// Each document's export, made when layout first asks about it.
    /// Each with its data parsed (the probes are added to it) and, for the aid card, the hash of
    /// its inputs (for the memo).
    cards: OnceLock<(Exported, serde_json::Value)>,
    aid: OnceLock<(Exported, serde_json::Value, u64)>,
}

impl<'a> Typst<'a> {
    /// A measurer for `game`, printing with `layout`'s fonts on paper `page` (the command line's).
    pub(super) fn new(game: &'a Game, ix: &'a Index, layout: &Layout, page: Option<PageSize>) -> Result<Self, String> {
        let mut renderer = new_renderer(game, rules_date(game))?;
        renderer.set_fonts(layout.fonts.clone());
        Ok(Typst { game, ix, page, renderer, cards: OnceLock::new(), aid: OnceLock::new() })
    }

    fn export(&self, layout: &Layout, doc: DocKind) -> Exported {
        export::export(self.game, self.ix, layout, &doc, &ExportOptions { page: self.page, ..Default::default() })
    }

    /// The cards' export and its data, made on the first call.
    fn card_data(&self, layout: &Layout) -> &(Exported, serde_json::Value) {
        self.cards.get_or_init(|| {
            let exported = self.export(layout, DocKind::Cards);
            let data = serde_json::from_slice(&exported.data_json).expect("the exporter's own JSON");
            (exported, data)
        })
    }

    /// Compile `template` on `data`; the errors as `build` would report them for `doc`.
    fn compile(
        &self,
        template: &str,
        data: &[u8],
        exported: &Exported,
        doc: &str,
    ) -> Result<Compiled, Vec<Diagnostic>> {
        self.renderer.compile(template, data, &exported.texts_typ).map_err(|errors| {
            (errors.iter())
                .filter(|e| e.severity == Severity::Error)
                .map(|e| map_render_diag(e, &exported.map, self.game, doc))
                .collect()
        })
    }

    /// One part's heights, its probes numbered from `offset`: a document of only its cards.
    fn card_part(&self, layout: &Layout, probes: &[Probe], offset: usize) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        let (exported, data) = self.card_data(layout);
        let mut data = data.clone();
        let cards: std::collections::BTreeSet<usize> = probes.iter().map(|p| p.card).collect();
        if let Some(items) = data["cards"]["items"].as_array_mut() {
            items.retain(|it| it["index"].as_u64().is_some_and(|i| cards.contains(&(i as usize))));
        }
        data["card_probes"] = serde_json::to_value(probes).expect("probes serialise");
        let bytes = serde_json::to_vec(&data).expect("data serialises");
        let compiled = self.compile("card-measure", &bytes, exported, "cards")?;
        Ok((compiled.query_metadata("pa-measure").into_iter())
            .filter_map(|(v, ..)| serde_json::from_value::<Measured>(v).ok())
            .map(|m| Measured { probe: m.probe + offset, ..m })
            .collect())
    }
}

impl Measure for Typst<'_> {
    fn card_stats(&self, layout: &Layout) -> Vec<Vec<StatText>> {
        let (exported, _) = self.card_data(layout);
        let mut out = vec![Vec::new(); layout.cards.cards.len()];
        for item in exported.cards.iter().flat_map(|c| &c.items) {
            if let Some(slot) = out.get_mut(item.index) {
                *slot = (item.stats.iter())
                    .map(|s| StatText {
                        label: s.label.clone(),
                        value: s.value.clone(),
                        icon: matches!(s.icon, Some(Some(_))),
                        noted: s.note.is_some(),
                    })
                    .collect();
            }
        }
        out
    }

    fn cards(&self, layout: &Layout, probes: &[Probe]) -> Result<Vec<Measured>, Vec<Diagnostic>> {
        self.card_data(layout);
        let parts = measuring_parts(probes, PART_CARDS);
        // At most four parts at once: each part's compile holds its own memory. The results
        // come back in the parts' order on any machine, so the heights are the same however
        // many cores measure.
        let results = crate::limits::on_cores(&parts, 4, |range: &std::ops::Range<usize>| {
            self.card_part(layout, &probes[range.clone()], range.start)
        });
        let mut measured = Vec::new();
        for r in results {
            // The first part that does not compile says why; the others would say the same.
            measured.extend(r?);
        }
        Ok(measured)
    }

    fn aid(&self, layout: &Layout, sizes: &[f64]) -> Result<AidRound, Vec<Diagnostic>> {
        let (exported, data, key) = self.aid.get_or_init(|| {
            let exported = self.export(layout, DocKind::Aid);
            let key = super::measured_inputs(self.game, &exported);
            let data = serde_json::from_slice(&exported.data_json).expect("the exporter's own JSON");
            (exported, data, key)
        });
        let bits: Vec<u64> = sizes.iter().map(|s| s.to_bits()).collect();
        if let Some(round) = (AID_MEMO.lock().ok()).and_then(|m| {
            m.as_ref().filter(|(k, _)| k == key)?.1.iter().find(|(b, _)| *b == bits).map(|(_, r)| r.clone())
        }) {
            return Ok(round);
        }
        let mut data = data.clone();
        data["aid_probe"] = serde_json::json!({ "sizes": sizes });
        let bytes = serde_json::to_vec(&data).expect("data serialises");
        let compiled = self.compile("aid-measure", &bytes, exported, "aid")?;
        let round = AidRound {
            frame: (compiled.query_metadata("pa-aid-frame").into_iter())
                .find_map(|(v, ..)| serde_json::from_value::<aid_fit::Frame>(v).ok()),
            measured: (compiled.query_metadata("pa-aid-measure").into_iter())
                .filter_map(|(v, ..)| serde_json::from_value::<aid_fit::Measured>(v).ok())
                .collect(),
        };
        if let Ok(mut memo) = AID_MEMO.lock() {
            match memo.as_mut() {
                Some((k, rounds)) if k == key => rounds.push((bits, round.clone())),
                _ => *memo = Some((*key, vec![(bits, round.clone())])),
            }
        }
        Ok(round)
    }

    fn aid_pages(&self, layout: &Layout, fit: &AidFit) -> Result<usize, Vec<Diagnostic>> {
        let opts = ExportOptions { page: self.page, aid_frame: Some(*fit), ..Default::default() };
        let exported = export::export(self.game, self.ix, layout, &DocKind::Aid, &opts);
        let key = super::measured_inputs(self.game, &exported);
        if let Some(&(_, pages)) =
            AID_PAGES.lock().ok().and_then(|m| m.iter().find(|(k, _)| *k == key).copied()).as_ref()
        {
            return Ok(pages);
        }
        // The card itself, as the build draws it: Typst keeps what it laid out, so the build's
        // own compile of the same data is mostly remembered work.
        let pages = self.compile("aid", &exported.data_json, &exported, "aid")?.page_count();
        if let Ok(mut memo) = AID_PAGES.lock() {
            if memo.len() >= 8 {
                memo.remove(0);
            }
            memo.push((key, pages));
        }
        Ok(pages)
    }

    fn map_keys(&self, layout: &Layout) -> Result<Vec<KeyHeights>, Vec<Diagnostic>> {
        let exported = self.export(layout, DocKind::Map);
        let key = super::measured_inputs(self.game, &exported);
        if let Some(heights) =
            MAP_MEMO.lock().ok().and_then(|m| m.as_ref().filter(|(k, _)| *k == key).map(|(_, h)| h.clone()))
        {
            return Ok(heights);
        }
        let compiled = self.compile("map-measure", &exported.data_json, &exported, "map")?;
        let heights: Vec<KeyHeights> = (compiled.query_metadata("pa-map-measure").into_iter())
            .filter_map(|(v, ..)| serde_json::from_value::<KeyHeights>(v).ok())
            .collect();
        if let Ok(mut memo) = MAP_MEMO.lock() {
            *memo = Some((key, heights.clone()));
        }
        Ok(heights)
    }
}

/// Decide what layout measures (`layout::measure::decide`) with Typst; with `all`, the aid
/// card and the map sheet too.
pub(super) fn decide(
    game: &Game,
    ix: &Index,
    laid_out: &mut Layout,
    page: Option<PageSize>,
    all: bool,
) -> Vec<Diagnostic> {
    let typst = match Typst::new(game, ix, laid_out, page) {
        Ok(t) => t,
        Err(e) => return vec![Diagnostic::error(crate::diag::RENDER, e)],
    };
    layout::measure::decide(game, ix, laid_out, page, all, &typst)
}

/// The most cards one measuring document lays out.
const PART_CARDS: usize = 50;

/// The probes split into runs of the probes of at most `cards` cards each (a card's probes
/// are consecutive, and measured together).
fn measuring_parts(probes: &[Probe], cards: usize) -> Vec<std::ops::Range<usize>> {
    let mut parts = Vec::new();
    let (mut start, mut seen) = (0, 0);
    for i in 1..probes.len() {
        if probes[i].card != probes[i - 1].card {
            seen += 1;
            if seen == cards.max(1) {
                parts.push(start..i);
                (start, seen) = (i, 0);
            }
        }
    }
    if start < probes.len() {
        parts.push(start..probes.len());
    }
    parts
}
