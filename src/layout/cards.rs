//! Cards laid out: one entry per card (declared `[[card]]`s, then one per unit of the kinds
//! `[cards] kinds` names), with its side, colours, back design and picture decided, and the sheet
//! grid. Findings: a layout that leaves out what a card shows (E046), a card bigger than the page (E025), a coarse picture. How each card's text
//! is set ([`CardFit`]: sizes, stat columns, where the panel starts) is decided by `card_fit`
//! from heights measured once per check, and text that does not fit is found there (E023).

use std::collections::BTreeSet;

use super::card_layout::{ResolvedLayout, card_layout, keeps_data};
use super::colour::contrast;
use super::fonts::text_width;
use super::geometry::{back_picture_box, grid, picture_box, sheet_page};
use super::pictures::check_resolution;
use crate::check::Index;
use crate::diag::{self, Diagnostic};
use crate::length::{Mm, Pt};
use crate::model::*;
use crate::source::Loc;

/// Accent colour of a game that sets none.
pub(crate) const DEFAULT_ACCENT: &str = "#7a1f1f";

/// The back a card prints.
#[derive(Debug, Clone)]
pub struct RBack {
    /// A `[[card_back]]` by position; none: the default back (the game's title on the card's
    /// colour).
    pub design: Option<usize>,
    /// Background colour.
    pub color: String,
    /// Black or white, whichever reads on it.
    pub text_color: String,
}

/// One card, laid out.
#[derive(Debug, Clone)]
pub struct RCard {
    /// Where the card was written (or the unit it was made for).
    pub loc: Loc,
    /// How findings name it.
    pub what: String,
    /// The `[[card]]`, by position.
    pub card: Option<usize>,
    /// The unit it shows, by position.
    pub unit: Option<usize>,
    /// Its side, by position.
    pub side: Option<usize>,
    /// A strategy card: its deck and part, by position.
    pub deck: Option<(usize, Option<usize>)>,
    /// Copies to print.
    pub quantity: i64,
    /// Its back.
    pub back: RBack,
    /// Header colour.
    pub color: String,
    /// Black or white, whichever reads on `color`.
    pub text_color: String,
    /// Picture path inside the game folder.
    pub image: Option<String>,
    /// Its layout: the zones it shows, in order, and how.
    pub(crate) layout: ResolvedLayout,
    /// How its text is set; none until the card's text is measured (`card_fit::fit`).
    pub fit: Option<CardFit>,
    /// The footer's left part as printed: the game's title and rules version, or only the
    /// version where title, version and side do not fit one line (a footer never wraps).
    pub footer: String,
}

/// How a card's text is set, as the layout decided it: the card template draws at these sizes
/// and places, and measures nothing. One text size per card (`size`), the largest between
/// `[cards] min_font_size` (or `font_size`) and `max_font_size`, in quarter points, at which
/// everything fits; the other sizes follow from it, none below the legibility floor.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct CardFit {
    /// The card's text size (abilities, texts, a reference's content), pt.
    pub size: Pt,
    /// The title's (and the corner value's) size, pt.
    pub title_size: Pt,
    /// The subtitle's size, pt.
    pub subtitle_size: Pt,
    /// The stat labels' size, pt.
    pub stat_label_size: Pt,
    /// Each stat's value size, pt, in the order of the card's `stats`: a value whose widest
    /// word would not fit its box is set smaller, never below the floor.
    pub stat_value_sizes: Vec<Pt>,
    /// The size of the stats' notes and of the steps line under the stat bar, pt.
    pub stat_note_size: Pt,
    /// The size of the unit's notes, pt.
    pub note_size: Pt,
    /// Columns of the stat boxes: the same on every card of one layout, so that each stat
    /// sits in the same place; 0 for a card without stat boxes.
    pub stat_columns: usize,
    /// How much the stat bar grows on a card with room to spare (1: not at all, up to 2).
    pub stat_scale: f64,
    /// The title bar's height, mm: the panel starts 1.2 mm below it.
    pub header_height: Mm,
    /// The space between two blocks of the panel, mm (half a line, more on a card with room
    /// to spare).
    pub gap: Mm,
    /// The icon art's height, mm, on a layout whose art takes the room the text leaves (the
    /// `strategy` layout); null: the art box of the layout.
    pub art_height: Option<Mm>,
}

/// The card sheet, laid out.
#[derive(Debug, Default)]
pub struct Cards {
    /// The page, in mm (width, height).
    pub page: (f64, f64),
    /// The gap between cards, mm.
    pub gutter: f64,
    /// How far a card's bleed runs toward a neighbouring card, mm: half the gutter, at most
    /// the bleed; none on butted sheets (where no neighbour is of another colour). Toward an
    /// empty cell or the page it runs the full bleed.
    pub bleed_between: f64,
    /// Trim size, mm.
    pub size: (f64, f64),
    /// Columns and rows of one sheet.
    pub grid: (usize, usize),
    /// The box a card's picture is drawn in, mm.
    pub picture: (f64, f64),
    /// The box a back's picture is drawn in, mm.
    pub back_picture: (f64, f64),
    /// The cards, in print order.
    pub cards: Vec<RCard>,
}

/// Lay out every card of the game. `page_over` is the command line's page size.
pub(crate) fn lay_out_cards(
    game: &Game,
    ix: &Index,
    page_over: Option<PageSize>,
    diags: &mut Vec<Diagnostic>,
) -> Cards {
    let opts = &game.card_options;
    let size = opts.size.as_ref().map(|s| s.v).unwrap_or(DEFAULT_CARD_MM);
    let page = sheet_page(game, &opts.sheet, page_over);
    let gutter = opts.sheet.gutter.unwrap_or(0.0);
    check_fits_page(opts, page, diags);
    let mut out = Cards {
        page,
        gutter,
        bleed_between: opts.bleed.min(gutter / 2.0).max(0.0),
        size,
        grid: grid(page, &opts.sheet, gutter, opts.bleed, size),
        picture: picture_box(opts, size),
        back_picture: back_picture_box(opts, size),
        cards: Vec::new(),
    };
    for b in &game.card_backs {
        if let Some(img) = &b.image
            && let Some(d) = check_resolution(&game.root, img, out.back_picture, &format!("card back `{}`", b.id.v))
        {
            diags.push(d);
        }
    }
    for (card, unit, loc) in sources(game, ix) {
        diags.extend(keeps_data(game, card.map(|i| &game.cards[i]), unit.map(|i| &game.units[i])));
        let mut rc = lay_out_card(game, ix, card, unit, loc);
        rc.footer = footer_text(game, card.map(|i| &game.cards[i]), rc.side, Mm(size.0 - 2.0 * opts.safe));
        if let Some(img) = rc.image.as_ref().and_then(|_| card_image(game, card, unit))
            && let Some(d) = check_resolution(&game.root, img, out.picture, &rc.what)
        {
            diags.push(d);
        }
        out.cards.push(rc);
    }
    out
}

/// A card and its bleed fit on the page (half the page with fold-over).
fn check_fits_page(opts: &CardOptions, page: (f64, f64), diags: &mut Vec<Diagnostic>) {
    let Some(s) = &opts.size else { return };
    let need = (s.v.0 + 2.0 * opts.bleed, s.v.1 + 2.0 * opts.bleed);
    let (pw, ph) = if opts.sheet.duplex == Duplex::Fold { (page.0 / 2.0, page.1) } else { page };
    let margin = opts.sheet.margin.min(5.0);
    if need.0 > pw - 2.0 * margin || need.1 > ph - 2.0 * margin {
        diags.push(
            Diagnostic::error(
                diag::PIECE_TOO_LARGE,
                format!("a {:.1} x {:.1} mm card (with bleed) does not fit on the page", need.0, need.1),
            )
            .at(&s.loc)
            .help("use a smaller size, a landscape page (orientation = \"landscape\"), or duplex instead of fold"),
        );
    }
}

/// Declared cards, then one for each unit of `[cards] kinds` that no card names: (card, unit,
/// where), by position.
fn sources(game: &Game, ix: &Index) -> Vec<(Option<usize>, Option<usize>, Loc)> {
    let opts = &game.card_options;
    let named: BTreeSet<&str> = game.cards.iter().filter_map(|c| c.unit.as_ref().map(|u| u.v.as_str())).collect();
    let mut out: Vec<(Option<usize>, Option<usize>, Loc)> = game
        .cards
        .iter()
        .enumerate()
        .map(|(ci, c)| (Some(ci), c.unit.as_ref().and_then(|u| ix.position(Coll::Unit, &u.v)), c.loc.clone()))
        .collect();
    for (ui, u) in game.units.iter().enumerate() {
        if u.kind.as_ref().is_some_and(|k| opts.kinds.iter().any(|ok| ok.v == k.v)) && !named.contains(u.id.v.as_str())
        {
            out.push((None, Some(ui), u.loc.clone()));
        }
    }
    out
}

fn card_image(game: &Game, card: Option<usize>, unit: Option<usize>) -> Option<&Sp<String>> {
    let card = card.map(|i| &game.cards[i]);
    let unit = unit.map(|i| &game.units[i]);
    card.and_then(|c| c.image.as_ref()).or(unit.and_then(|u| u.image.as_ref()))
}

fn lay_out_card(game: &Game, ix: &Index, ci: Option<usize>, ui: Option<usize>, loc: Loc) -> RCard {
    let card = ci.map(|i| &game.cards[i]);
    let unit = ui.map(|i| &game.units[i]);
    let what = match (card.and_then(|c| c.title.as_ref()), unit) {
        (Some(t), _) => format!("card `{}`", t.v),
        (None, Some(u)) => format!("the card of unit `{}`", u.name.v),
        _ => match card.and_then(|c| c.reference.as_ref()) {
            Some(r) => format!("the card of {} `{}`", r.key, r.id.v),
            None => "a card".into(),
        },
    };
    let side_id = card.and_then(|c| c.side.as_ref()).or(unit.and_then(|u| u.side.as_ref()));
    let side = side_id.and_then(|s| ix.position(Coll::Side, &s.v));
    // A terrain card is the terrain's map colour.
    let terrain_color = card
        .and_then(|c| c.reference.as_ref())
        .filter(|r| r.key == "terrain")
        .and_then(|r| ix.get::<Terrain>(game, &r.id.v))
        .and_then(|t| t.color.as_ref().map(|c| c.v.clone()));
    // A strategy card is its deck's colour, as the genre prints a deck: its part is a mark
    // in the footer and its event's side a mark under its title, so that a deck fills its
    // sheets (cards of different colours never share a cut).
    let deck = card.and_then(|c| card_deck(game, c));
    let deck_color = deck.and_then(|(d, _)| game.decks[d].color.as_ref().map(|c| c.v.clone()));
    let color = card
        .and_then(|c| c.color.as_ref().map(|c| c.v.clone()))
        .or(deck_color)
        .or(terrain_color)
        .or_else(|| side.filter(|_| deck.is_none()).and_then(|s| game.sides[s].color.as_ref().map(|c| c.v.clone())))
        .or_else(|| game.meta.cheatsheet.accent.clone())
        .unwrap_or_else(|| DEFAULT_ACCENT.into());
    // The card's own back, else its deck's, else its side's, else the game's default back
    // design.
    let design = card
        .and_then(|c| c.back.as_ref())
        .or_else(|| game.decks[deck?.0].back.as_ref())
        .and_then(|b| ix.position(Coll::CardBack, &b.v))
        .or_else(|| {
            // Never a side's back for a deck's card: its back would tell its side in a hand.
            let s = side_id.filter(|_| deck.is_none())?;
            game.card_backs.iter().position(|b| b.side.as_ref().is_some_and(|bs| bs.v == s.v))
        })
        .or_else(|| game.card_options.back.as_ref().and_then(|b| ix.position(Coll::CardBack, &b.v)));
    // A back never tells the card: every back of one design is the same colour, the design's,
    // else the game's accent (not the card's own colour, which may be its side's).
    let back_color = design
        .and_then(|d| game.card_backs[d].color.as_ref().map(|c| c.v.clone()))
        .or_else(|| game.meta.cheatsheet.accent.clone())
        .unwrap_or_else(|| DEFAULT_ACCENT.into());
    RCard {
        loc,
        what,
        card: ci,
        unit: ui,
        side,
        deck,
        quantity: card.and_then(|c| c.quantity.as_ref()).map(|q| q.v.clamp(1, crate::check::MAX_COPIES)).unwrap_or(1),
        back: RBack { design, text_color: contrast(&back_color), color: back_color },
        text_color: contrast(&color),
        color,
        image: card_image(game, ci, ui).map(|i| i.v.clone()),
        layout: card_layout(game, card, unit.is_some()),
        fit: None,
        footer: String::new(),
    }
}

/// The footer's left part for a card of `side` (its name printed on the right): "Title ·
/// v2.0", or "v2.0" alone when the line would not fit `width` at the footer's size. A
/// strategy card's starts with its number and part: "No. 12 · Early War · v2.0", else
/// "No. 12 · v2.0".
fn footer_text(game: &Game, card: Option<&Card>, side: Option<usize>, width: Mm) -> String {
    let opts = &game.card_options;
    let floor = opts.floor.text.as_ref().map_or(CARD_TEXT_FLOOR, |f| f.v);
    let size = Pt((opts.font_size * 0.75).max(floor));
    let words = &game.meta.words;
    let version = game.meta.version.as_ref().map(|v| words.say("version_short", &[("version", &v.v)]));
    let side = side.map_or(Pt(0.0), |s| text_width(&game.sides[s].name.v, size, false) + Mm(2.0).pt());
    let fits = |s: &str| text_width(s, size, false) + side <= width.pt();
    let join = |parts: &[Option<String>]| parts.iter().flatten().cloned().collect::<Vec<_>>().join(" · ");
    if let Some(c) = card.filter(|c| c.strategy.any()) {
        let number = c.strategy.number.as_ref().map(|n| words.say("card_number", &[("number", &n.v.to_string())]));
        let part = card_deck(game, c).and_then(|(d, p)| Some((&game.decks[d], game.decks[d].parts.get(p?)?)));
        // The part's colour square before the text (cards.typ).
        let square = if part.is_some_and(|(_, p)| p.color.is_some()) { size * 0.8 + Mm(0.8).pt() } else { Pt(0.0) };
        let fits = |s: &str| text_width(s, size, false) + side + square <= width.pt();
        let part = part.filter(|(d, _)| d.parts.len() > 1).map(|(_, p)| p.title.v.clone());
        let full = join(&[number.clone(), part, version.clone()]);
        return if fits(&full) { full } else { join(&[number, version]) };
    }
    let title = game.meta.title.as_ref().map(|t| t.v.clone()).unwrap_or_default();
    let full = match &version {
        Some(v) => format!("{title} · {v}"),
        None => title,
    };
    if fits(&full) { full } else { version.unwrap_or_default() }
}

/// The cards as players draw them: a pile per part of each strategy deck (in deck and part
/// order), then a pile per side of the other cards (sideless last).
#[derive(Debug)]
pub struct CardPile {
    /// "Fortunes of War: Winter", "Velsk cards", "Cards".
    pub name: String,
    /// Its deck, by position: its piles share a discard pile.
    pub deck: Option<usize>,
    /// Its cards, by position in [`Cards::cards`].
    pub cards: Vec<usize>,
}

/// The piles of [`CardPile`], for the virtual tabletops.
pub fn card_piles(game: &Game, cards: &Cards) -> Vec<CardPile> {
    // Sorted by (strategy deck and part, or side); sideless last.
    let mut keyed: Vec<((usize, usize, usize), CardPile)> = Vec::new();
    for (i, c) in cards.cards.iter().enumerate() {
        let key = match c.deck {
            Some((d, p)) => (0, d, p.unwrap_or(0)),
            None => (1, c.side.unwrap_or(usize::MAX), 0),
        };
        match keyed.iter_mut().find(|(k, _)| *k == key) {
            Some((_, p)) => p.cards.push(i),
            None => {
                let name = match (c.deck, c.side) {
                    (Some((d, Some(p))), _) if game.decks[d].parts.len() > 1 => {
                        format!("{}: {}", game.decks[d].title.v, game.decks[d].parts[p].title.v)
                    }
                    (Some((d, _)), _) => game.decks[d].title.v.clone(),
                    (None, Some(s)) => game.meta.words.say("side_cards", &[("side_name", &game.sides[s].name.v)]),
                    (None, None) => game.meta.words.word("cards"),
                };
                keyed.push((key, CardPile { name, deck: c.deck.map(|d| d.0), cards: vec![i] }));
            }
        }
    }
    keyed.sort_by_key(|(k, _)| *k);
    // Names are unique: a VASSAL pile is found by its name ("Cards 2" after a deck titled
    // "Cards").
    let mut out: Vec<CardPile> = Vec::new();
    for (_, mut p) in keyed {
        let base = p.name.clone();
        let mut k = 1;
        while out.iter().any(|q| q.name == p.name) {
            k += 1;
            p.name = format!("{base} {k}");
        }
        out.push(p);
    }
    out
}
