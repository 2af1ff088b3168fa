//! Stage 3: lay out every printed piece once. Takes the checked [`Game`] and its [`Index`] and
//! gives each counter's faces (colours, slot texts filled and fitted with the same shaper and
//! fonts Typst uses), each card's colours and back, NATO symbols, every sheet's grid, and every
//! map once: where each cell is, each map of areas as the map sheet and a scenario's set-up map
//! draw it, and each scenario's board (the cells it shows, its scale); export and the virtual
//! tabletops read these rather than lay a map out again. The
//! checker reports this stage's findings with its own (text that does not fit, a piece bigger
//! than the page, a placeholder without a value, a symbol word playaid does not know, a
//! picture too coarse for its box); the exporter turns the same layout into template data, so
//! what is checked is exactly what is printed.

pub mod aid_fit;
pub mod areas;
pub mod board;
pub mod card_fit;
pub mod card_layout;
pub mod cards;
pub mod colour;
pub mod counters;
pub mod fonts;
pub mod geometry;
pub mod glyphs;
pub mod map;
pub mod map_sheet;
pub mod measure;
mod pictures;
pub mod press;
pub mod sheets;
pub mod symbol;

pub use cards::{CardFit, Cards, RBack, RCard};
pub use counters::{Counters, RCounter, RFace, RGroup, RSlot};

use crate::check::Index;
use crate::diag::{self, Diagnostic};
use crate::model::{Game, PageSize};
use crate::source::Loc;

/// Every piece of a game, laid out.
#[derive(Debug)]
pub struct Layout {
    /// The counter sheet.
    pub counters: Counters,
    /// The cards.
    pub cards: Cards,
    /// The fonts the game prints with: embedded and its own.
    pub fonts: std::sync::Arc<fonts::Fonts>,
    /// The player aid card's frame and text size, once measured (`build` measures it with
    /// Typst when the game prints an aid card).
    pub aid: Option<aid_fit::AidFit>,
    /// The map sheet's maps (grid maps, then maps of areas): their pages, and where their notes
    /// and keys go once measured (`build` measures them with Typst when the game prints maps).
    pub map_pages: Vec<map_sheet::MapPage>,
    /// Each `[[map]]`'s geometry (where each cell is), in the game's order.
    pub maps: Vec<map::Geometry>,
    /// Each map of areas as the map sheet prints it, in the game's order.
    pub area_maps: Vec<areas::AreaLayout>,
    /// Each map of areas as a scenario's set-up map prints it (its names legible at the
    /// scale it is drawn), in the game's order.
    pub area_boards: Vec<areas::AreaBoard>,
    /// Each scenario's set-up map on a map of cells, in the game's order (see
    /// [`board::scenario_boards`]).
    pub boards: Vec<Option<board::ScenarioBoard>>,
    /// The flowing documents' pages and columns: the cheatsheet's, the rulebook's, a scenario
    /// sheet's.
    pub sheets: sheets::Sheets,
}

impl Layout {
    /// Scenario `sc`'s set-up map on a map of cells, as laid out.
    pub fn board_of(&self, game: &Game, sc: &crate::model::Scenario) -> Option<&board::ScenarioBoard> {
        let i = game.scenarios.iter().position(|s| std::ptr::eq(s, sc))?;
        self.boards.get(i)?.as_ref()
    }

    /// Map of areas `m` as the map sheet prints it, and as a scenario's set-up map does.
    pub fn areas_of(&self, game: &Game, m: &crate::model::AreaMap) -> Option<(&areas::AreaLayout, &areas::AreaBoard)> {
        let i = game.area_maps.iter().position(|a| std::ptr::eq(a, m))?;
        Some((self.area_maps.get(i)?, self.area_boards.get(i)?))
    }
}

/// The most counters one game prints (copies included): about 200 MiB and 8 s to build.
pub const MAX_COUNTERS: i64 = 20_000;
/// The most cards one game prints (copies included): about 800 MiB and 3 s to build.
pub const MAX_CARDS: i64 = 2_000;

/// Lay out a checked game (it may have errors: what does not resolve is left out). `page` is the
/// command line's page size, which overrides the data's.
pub fn layout(game: &Game, ix: &Index, page: Option<PageSize>) -> (Layout, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let fonts = fonts::for_game(game);
    glyphs::check_glyphs(game, &fonts, &mut diags);
    let counters = counters::lay_out_counters(game, ix, page, &mut diags);
    let cards = cards::lay_out_cards(game, ix, page, &mut diags);
    let maps: Vec<map::Geometry> = game.maps.iter().map(map::Geometry::of).collect();
    let boards = board::scenario_boards(game);
    diags.extend(board::check_maps(game, ix, &counters, &maps, &boards));
    let laid_areas: Vec<areas::AreaLayout> = game.area_maps.iter().map(areas::lay_out).collect();
    let area_boards: Vec<areas::AreaBoard> =
        game.area_maps.iter().zip(&laid_areas).map(|(m, laid)| areas::lay_out_board(m, laid)).collect();
    for ((m, laid), on_board) in game.area_maps.iter().zip(&laid_areas).zip(&area_boards) {
        let before = diags.len();
        diags.extend(areas::check_names(m, laid));
        // The map sheet's own overlaps come first; its scenarios' boards add theirs.
        if diags[before..].iter().any(|d| d.code == crate::diag::MAP_TEXT_COVERED) {
            continue;
        }
        for sc in game
            .scenarios
            .iter()
            .filter(|sc| sc.board.as_ref().is_some_and(|b| b.map.as_ref().is_some_and(|id| id.v == m.id.v)))
        {
            diags.extend(areas::check_board_names(m, on_board, &sc.title.v));
        }
    }
    let counted = counters.counters.iter().map(|c| (c.quantity, &c.loc));
    diags.extend(too_many("counters", MAX_COUNTERS, counted));
    diags.extend(too_many("cards", MAX_CARDS, cards.cards.iter().map(|c| (c.quantity, &c.loc))));
    let paper = page.or(game.meta.page.as_ref().map(|p| p.v)).unwrap_or_default();
    let map_pages = map_sheet::MapPage::all(game, paper, &maps, &laid_areas);
    let sheets = sheets::Sheets::of(game, page);
    let layout = Layout {
        counters,
        cards,
        fonts,
        aid: None,
        map_pages,
        maps,
        area_maps: laid_areas,
        area_boards,
        boards,
        sheets,
    };
    (layout, diags)
}

/// A sheet printing more than `max` pieces: one finding, at the piece with the most copies.
fn too_many<'a>(what: &str, max: i64, pieces: impl Iterator<Item = (i64, &'a Loc)>) -> Option<Diagnostic> {
    let (mut total, mut most) = (0i64, None::<(i64, &Loc)>);
    for (n, loc) in pieces {
        total = total.saturating_add(n);
        if most.is_none_or(|(m, _)| n > m) {
            most = Some((n, loc));
        }
    }
    let (_, loc) = most.filter(|_| total > max)?;
    Some(
        Diagnostic::error(diag::INVALID_VALUE, format!("the game prints {total} {what}; playaid prints at most {max}"))
            .at(loc)
            .label("the piece with the most copies")
            .help(format!("print fewer copies (`quantity`), or split the {what} over several game folders")),
    )
}
