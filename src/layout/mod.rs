//! Stage 3: lay out every printed piece once. Takes the checked [`Game`] and its [`Index`] and
//! gives each counter's faces (colours, slot texts filled and fitted with the same shaper and
//! fonts Typst uses), each card's colours and back, NATO symbols, and every sheet's grid. The
//! checker reports this stage's findings with its own (text that does not fit, a piece bigger
//! than the page, a placeholder without a value, a symbol word playaid does not know, a
//! picture too coarse for its box); the exporter turns the same layout into template data, so
//! what is checked is exactly what is printed.

pub mod cards;
pub mod colour;
pub mod counters;
pub mod fonts;
pub mod geometry;
mod pictures;
pub mod symbol;

pub use cards::{Cards, RBack, RCard};
pub use counters::{Counters, RCounter, RFace, RGroup, RSlot};

use crate::check::Index;
use crate::diag::Diagnostic;
use crate::model::{Game, PageSize};

/// Every piece of a game, laid out.
#[derive(Debug, Default)]
pub struct Layout {
    /// The counter sheet.
    pub counters: Counters,
    /// The cards.
    pub cards: Cards,
}

/// Lay out a checked game (it may have errors: what does not resolve is left out). `page` is the
/// command line's page size, which overrides the data's.
pub fn layout(game: &Game, ix: &Index, page: Option<PageSize>) -> (Layout, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let counters = counters::lay_out_counters(game, ix, page, &mut diags);
    let cards = cards::lay_out_cards(game, ix, page, &mut diags);
    (Layout { counters, cards }, diags)
}
