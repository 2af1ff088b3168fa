//! Cards for their template (`data.cards`): each laid-out card with what it prints (title,
//! stats, abilities, texts, notes, back, reference) and its layout, placed on the sheets.

use schemars::JsonSchema;
use serde::Serialize;

use super::charts::{capitalise, shift_words, signed};
use super::pieces::{SheetData, bands_name, image_path, sheet_data};
use super::rules::{DeckListData, DeckPartList, SectionData, SequenceData, TableData};
use super::units::UnitData;
use super::{Exporter, TextKey};
use crate::check::section_of;
use crate::layout::card_layout::ResolvedLayout;
use crate::layout::cards::{RBack, RCard};
use crate::layout::colour::contrast;
use crate::markup::escape_markup;
use crate::model::*;

/// `data.cards`: the card sheets.
#[derive(Serialize, JsonSchema)]
pub struct CardsData {
    /// The sheet the cards are imposed on.
    pub sheet: SheetData,
    /// Columns and rows of cards a sheet holds.
    pub grid: [usize; 2],
    /// Where the header and the scale bar go (`top-bottom` or `sides`).
    pub bands: &'static str,
    /// The trim size, mm.
    pub width: f64,
    /// The trim size, mm.
    pub height: f64,
    /// `bleed`, mm: how far a card's background runs past its trim toward the page or an
    /// empty cell.
    pub bleed: f64,
    /// How far it runs toward a neighbouring card, mm: half the gutter, at most `bleed`; 0 on
    /// butted sheets.
    pub bleed_between: f64,
    /// `safe`: how far text stays inside the cut line, mm.
    pub safe: f64,
    /// `font_size`, pt.
    pub font_size: f64,
    /// `min_font_size`, pt.
    pub min_font_size: Option<f64>,
    /// `stat_icons`: `beside` or `instead`.
    pub stat_icons: &'static str,
    /// The legibility floor of any text, pt.
    pub floor: f64,
    /// The largest size text may grow to, pt.
    pub max_font_size: f64,
    /// The box a card's picture is drawn in, mm.
    pub picture: [f64; 2],
    /// The box a back's picture is drawn in, mm.
    pub back_picture: [f64; 2],
    /// The cards, in print order.
    pub items: Vec<CardData>,
}

/// One card.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardData {
    /// The card's index among the document's pieces: the template reports it in `<pa-piece>`.
    pub index: usize,
    /// `build --since`: the card prints otherwise than in that version (or is new); the
    /// template marks it (not on print-shop output).
    pub changed: bool,
    /// The footer's left part as the layout decided it: "Title · v2.0", or "v2.0" alone when
    /// the title would not fit one line beside the card's side.
    pub footer: String,
    /// Copies to print.
    pub quantity: i64,
    /// The title: the card's, its unit's name, or what it references.
    pub title: String,
    /// The subtitle: the card's, or its unit's kind (unless it repeats the title), or
    /// `Hexside` for a hexside terrain card.
    pub subtitle: Option<String>,
    /// Its side's name.
    pub side: Option<String>,
    /// Header colour.
    pub color: String,
    /// The ink that reads on `color`.
    pub text_color: String,
    /// Stats: its unit's, a terrain's effects, then the card's own.
    pub stats: Vec<CardStat>,
    /// A unit with steps: the steps' names, in the order of its stats' values (`8 / 4`).
    pub steps: Vec<String>,
    /// Its unit's abilities.
    pub abilities: Vec<CardAbility>,
    /// Its texts: a terrain's text, then the card's `text`.
    pub texts: Vec<TextKey>,
    /// Its unit's notes.
    pub notes: Vec<TextKey>,
    /// Its picture's path from the game folder's root.
    pub image: Option<String>,
    /// Its back.
    pub back: CardBackData,
    /// The id of the unit it shows.
    pub unit: Option<String>,
    /// `corner`: text in a corner.
    pub corner: Option<String>,
    /// `icon`.
    pub icon: Option<String>,
    /// What a reference card prints.
    pub reference: Option<CardReference>,
    /// A strategy card's number, ops value, event side and what becomes of it after its
    /// event; null on other cards.
    pub strategy: Option<CardStrategyData>,
    /// How layout set its text (sizes, stat columns), measured at check: the template draws
    /// it as given.
    pub fit: Option<crate::layout::cards::CardFit>,
    /// Where its title bar, panel, text, footer and change mark go.
    pub frame: crate::layout::card_fit::CardFrame,
    /// Its layout.
    pub layout: CardLayoutData,
    /// Butted cards (no gutter), each copy an item: which copy, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_copy: Option<i64>,
    /// Butted cards: the sheet the copy goes on, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<usize>,
    /// Butted cards: the cell the copy goes in, row by row from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<usize>,
}

/// A strategy card's fields as it prints them: the ops value in a large badge before the
/// title, the event's side and what becomes of the card after its event as marks under it,
/// the number and part in the footer.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardStrategyData {
    /// Its deck's title.
    pub deck: String,
    /// Its part's title (a deck of one part: null).
    pub part: Option<String>,
    /// Its part's colour, drawn as a square before the footer; null: none.
    pub part_color: Option<String>,
    /// Its card number.
    pub number: Option<i64>,
    /// Its ops value.
    pub ops: Option<i64>,
    /// What the value is called ("Ops", "CP").
    pub ops_name: String,
    /// Whose event it is; null: not said.
    pub event: Option<CardEventData>,
    /// `remove`, `reshuffle` or `stays`; null: not said.
    pub after: Option<&'static str>,
    /// What the card prints for `after` ("Remove after event", "Stays in play"); null:
    /// nothing (a reshuffled card, as the genre prints it).
    pub after_words: Option<String>,
}

/// The event's side on a strategy card.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardEventData {
    /// `side`, `both` or `none`.
    pub kind: &'static str,
    /// What the mark says: the side's name, "Either side" or "No event".
    pub label: String,
    /// The mark's fill: the side's colour; white for either side or none.
    pub color: String,
    /// The ink that reads on `color`.
    pub text_color: String,
}

/// A stat as a card prints it.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardStat {
    /// Its label: the stat's abbreviation, or the row's name.
    pub label: String,
    /// Its name.
    pub name: String,
    /// A unit's stat: the stat's icon, or null; absent on other rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<Option<String>>,
    /// The value.
    pub value: String,
    /// The unit's note on the stat.
    pub note: Option<TextKey>,
}

/// An ability as a card prints it.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardAbility {
    /// Its label with the parameter (`Tough 3`).
    pub label: String,
    /// Its text, or its short text with `[cards] abilities = "short"`.
    pub text: Option<TextKey>,
}

/// A card's back.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardBackData {
    /// The `[[card_back]]`'s title, or (the default back) the game's title.
    pub title: Option<String>,
    /// Always null: a back prints no side (kept for templates written for format 1).
    pub subtitle: Option<String>,
    /// The `[[card_back]]`'s text.
    pub text: Option<TextKey>,
    /// The `[[card_back]]`'s picture.
    pub image: Option<String>,
    /// Background colour.
    pub color: String,
    /// The ink that reads on it.
    pub text_color: String,
}

/// What a reference card prints, by `kind`, with its content as the cheatsheet has it.
#[derive(Clone, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CardReference {
    /// A rule section.
    Section {
        /// The section.
        section: Box<SectionData>,
    },
    /// A table.
    Table {
        /// The table.
        table: TableData,
    },
    /// A sequence.
    Sequence {
        /// The sequence.
        sequence: SequenceData,
    },
    /// An ability.
    Ability {
        /// Its text.
        text: Option<TextKey>,
    },
}

/// A card's layout: the zones it shows, in order, and how.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CardLayoutData {
    /// Its name.
    pub name: String,
    /// The zones shown, in order.
    pub zones: Vec<&'static str>,
    /// How stats are drawn: `boxes` or `rows`.
    pub stat_style: &'static str,
    /// The title centred.
    pub title_centred: bool,
    /// The art box's height, mm; null: the picture box of `[cards]`.
    pub art_height: Option<f64>,
    /// The title's size, pt; null: from the card's text size.
    pub title_size: Option<f64>,
}

impl CardLayoutData {
    fn of(l: &ResolvedLayout) -> CardLayoutData {
        CardLayoutData {
            name: l.name.clone(),
            zones: l.zones.clone(),
            stat_style: l.stat_style.name(),
            title_centred: l.title_centred,
            art_height: l.art_height,
            title_size: l.title_size,
        }
    }
}

impl Exporter<'_> {
    /// The card sheets: every card, or (`changed_only`, the errata sheet) the cards that
    /// print otherwise than in the version compared with.
    pub(super) fn cards(&mut self, changed_only: bool) -> CardsData {
        let co = &self.game.card_options;
        let laid = &self.layout.cards;
        let (size, pic, back_pic, (cols, rows)) = (laid.size, laid.picture, laid.back_picture, laid.grid);
        let items = (laid.cards.iter().map(|rc| self.card(rc))).filter(|c| c.changed || !changed_only).collect();
        CardsData {
            sheet: sheet_data(&co.sheet, laid.page, None, laid.gutter),
            grid: [cols, rows],
            bands: bands_name(laid.page, &co.sheet, laid.gutter, co.bleed, size, laid.grid),
            width: size.0,
            height: size.1,
            bleed: co.bleed,
            bleed_between: laid.bleed_between,
            safe: co.safe,
            font_size: co.font_size,
            min_font_size: co.min_font_size.as_ref().map(|m| m.v),
            stat_icons: co.stat_icons.name(),
            floor: co.floor.text.as_ref().map_or(CARD_TEXT_FLOOR, |f| f.v),
            max_font_size: co.max_font_size.as_ref().map_or((co.font_size * 1.5).min(14.0).max(co.font_size), |m| m.v),
            picture: [pic.0, pic.1],
            back_picture: [back_pic.0, back_pic.1],
            items: place_by_colour(items, laid.gutter, laid.grid),
        }
    }

    /// One card: what it shows, from its `[[card]]`, its unit, the terrain or rule it
    /// references.
    pub(super) fn card(&mut self, rc: &RCard) -> CardData {
        let game = self.game;
        let index = self.pieces.len();
        self.pieces.push((rc.what.clone(), rc.loc.clone()));
        let card = rc.card.map(|i| &game.cards[i]);
        let unit = rc.unit.map(|i| self.unit(&game.units[i]));
        let (reference, ref_title) = match card.and_then(|c| c.reference.as_ref()) {
            Some(r) => self.card_reference(r),
            None => (None, None),
        };
        let title = card
            .and_then(|c| c.title.as_ref().map(|t| t.v.clone()))
            .or_else(|| unit.as_ref().map(|u| u.name.clone()))
            .or(ref_title)
            .unwrap_or_default();
        // A unit card's subtitle is its kind, unless that only repeats the title.
        let subtitle = card.and_then(|c| c.subtitle.as_ref().map(|t| t.v.clone())).or_else(|| {
            let kind = unit.as_ref().and_then(|u| u.kind_name.as_deref())?;
            (!kind.trim().eq_ignore_ascii_case(title.trim())).then(|| kind.to_string())
        });
        // A terrain card: the terrain's effects, then the card's own fields.
        let terrain = card
            .and_then(|c| c.reference.as_ref())
            .filter(|r| r.key == "terrain")
            .and_then(|r| self.ix.get::<Terrain>(game, &r.id.v));
        let subtitle = subtitle
            .or_else(|| terrain.filter(|t| t.hexside).map(|_| game.meta.words.word("hexside")))
            .or_else(|| terrain.filter(|t| t.is_line(game)).map(|_| game.meta.words.word("line")));
        let mut texts = card.map(|c| self.texts(&c.text)).unwrap_or_default();
        if let Some(text) = terrain.and_then(|t| t.text.as_ref()) {
            texts.insert(0, self.text(text));
        }
        let side = rc.side.map(|s| game.sides[s].name.v.clone());
        let mut data = CardData {
            index,
            changed: false,
            footer: rc.footer.clone(),
            quantity: rc.quantity,
            title,
            subtitle,
            stats: card_stats(unit.as_ref(), terrain, card, &game.meta.words),
            steps: unit.as_ref().map(|u| u.steps.iter().map(|s| s.name.clone()).collect()).unwrap_or_default(),
            abilities: unit.as_ref().map(|u| card_abilities(u, game.card_options.abilities)).unwrap_or_default(),
            texts,
            notes: unit.as_ref().map(|u| u.notes.clone()).unwrap_or_default(),
            image: rc.image.as_deref().map(image_path),
            back: self.card_back(&rc.back),
            side,
            color: rc.color.clone(),
            text_color: rc.text_color.clone(),
            unit: rc.unit.map(|i| game.units[i].id.v.clone()),
            corner: card.and_then(|c| c.corner.as_ref().map(|t| t.v.clone())),
            icon: card.and_then(|c| c.icon.as_ref().map(|t| t.v.clone())),
            reference,
            strategy: card.zip(rc.deck).map(|(c, at)| self.card_strategy(c, at)),
            fit: rc.fit.clone(),
            frame: crate::layout::card_fit::card_frame(
                &self.layout.cards,
                &game.card_options,
                rc,
                rc.fit.as_ref().map(|f| f.header_height),
            ),
            layout: CardLayoutData::of(&rc.layout),
            first_copy: None,
            sheet: None,
            cell: None,
        };
        data.changed = self.card_changed(rc, &data);
        data
    }

    /// A strategy card's fields as printed, in its deck and part `(d, p)` (as layout found them).
    fn card_strategy(&self, c: &Card, (d, p): (usize, Option<usize>)) -> CardStrategyData {
        let game = self.game;
        let words = &game.meta.words;
        let deck = &game.decks[d];
        let s = &c.strategy;
        let event = s.event.as_ref().map(|e| match &e.v {
            EventSide::Side(id) => {
                let side = game.sides.iter().find(|x| x.id.v == id.v);
                let name = side.map_or(id.v.clone(), |x| x.name.v.clone());
                let color = side.and_then(|x| x.color.as_ref()).map_or("#ffffff".to_string(), |c| c.v.clone());
                CardEventData { kind: "side", label: name, text_color: contrast(&color), color }
            }
            EventSide::Both => CardEventData {
                kind: "both",
                label: words.word("either_side"),
                color: "#ffffff".into(),
                text_color: "#000000".into(),
            },
            EventSide::None => CardEventData {
                kind: "none",
                label: words.word("no_event"),
                color: "#ffffff".into(),
                text_color: "#000000".into(),
            },
        });
        CardStrategyData {
            deck: deck.title.v.clone(),
            part: p.filter(|_| deck.parts.len() > 1).map(|p| deck.parts[p].title.v.clone()),
            part_color: p.and_then(|p| deck.parts[p].color.as_ref()).map(|c| c.v.clone()),
            number: s.number.as_ref().map(|n| n.v),
            ops: s.ops.as_ref().map(|n| n.v),
            ops_name: deck.ops_word(words),
            event,
            after: s.after.as_ref().map(|a| a.v.name()),
            after_words: s.after.as_ref().and_then(|a| a.v.word_key()).map(|k| words.word(k)),
        }
    }

    /// A strategy deck's list: per part, its cards by number (then as written), with their
    /// ops, event and what becomes of them after it.
    pub(super) fn deck_list(&mut self, d: &Deck) -> DeckListData {
        let game = self.game;
        let di = game.decks.iter().position(|x| std::ptr::eq(x, d));
        let parts = d.parts.len().max(1);
        let mut cards: Vec<Vec<&Card>> = vec![Vec::new(); parts];
        for c in &game.cards {
            if let Some((k, p)) = card_deck(game, c)
                && Some(k) == di
            {
                cards[p.unwrap_or(0)].push(c);
            }
        }
        let numbered = cards.iter().flatten().any(|c| c.strategy.number.is_some());
        let has_after =
            cards.iter().flatten().any(|c| c.strategy.after.as_ref().is_some_and(|a| a.v.words().is_some()));
        let has_event = cards.iter().flatten().any(|c| c.strategy.event.is_some());
        let has_copies = cards.iter().flatten().any(|c| copies(c) > 1);
        let words = &self.game.meta.words;
        let mut header: Vec<String> = Vec::new();
        if numbered {
            header.push(words.word("deck_number"));
        }
        header.push(words.word("deck_card"));
        if has_copies {
            header.push(words.word("copies"));
        }
        header.push(d.ops_word(words));
        if has_event {
            header.push(words.word("deck_event"));
        }
        if has_after {
            header.push(words.word("after_event"));
        }
        let mut out = Vec::new();
        for (i, mut list) in cards.into_iter().enumerate() {
            list.sort_by_key(|c| c.strategy.number.as_ref().map_or(i64::MAX, |n| n.v));
            let count: i64 = list.iter().map(|c| copies(c)).sum();
            let cards = words.say_n("cards_count", count, &[]);
            let label = match d.parts.get(i) {
                Some(p) if d.parts.len() > 1 => {
                    words.say("part_joins", &[("part", &p.title.v), ("at", &p.joins().to_string()), ("count", &cards)])
                }
                _ => cards,
            };
            let columns = DeckColumns { numbered, has_copies, has_event, has_after };
            let rows = list.iter().map(|c| self.deck_row(c, columns)).collect();
            let header = header.iter().map(|h| self.generated(escape_markup(h), &d.loc)).collect();
            let id = d.parts.get(i).map_or(d.id.v.clone(), |p| format!("{}-{}", d.id.v, p.id.v));
            let mut table = TableData { id, title: None, header, rows, notes: Vec::new(), changes: None };
            // `build --since`: a card whose row reads otherwise (its ops, event, copies) is
            // marked, as a rules table's row is.
            table.changes = self.deck_row_marks(&deck_part_key(d, i), &table);
            out.push(DeckPartList { label, table });
        }
        let mut dealing = Vec::new();
        if let Some(first) = d.hand.first() {
            let sizes: Vec<String> = d.hand.iter().map(|h| h.v.to_string()).collect();
            dealing.push(if d.hand.iter().all(|h| h.v == first.v) {
                words.say("hands_of", &[("size", &first.v.to_string())])
            } else {
                words.say("hands_by_turn", &[("sizes", &sizes.join(", "))])
            });
        }
        if let Some(r) = &d.reshuffle {
            dealing.push(words.say(r.v.word_key(), &[]));
        }
        let dealing = (!dealing.is_empty()).then(|| dealing.join(" · "));
        DeckListData { id: d.id.v.clone(), title: d.title.v.clone(), parts: out, dealing }
    }

    fn deck_row(&mut self, c: &Card, columns: DeckColumns) -> Vec<TextKey> {
        let game = self.game;
        let s = &c.strategy;
        let mut cells: Vec<String> = Vec::new();
        if columns.numbered {
            cells.push(s.number.as_ref().map_or(String::new(), |n| n.v.to_string()));
        }
        // The card's name as its title bar prints it: its title, else its unit's name.
        let unit_name = || {
            let u = c.unit.as_ref()?;
            game.units.iter().find(|x| x.id.v == u.v).map(|x| x.name.v.clone())
        };
        cells.push(c.title.as_ref().map(|t| t.v.clone()).or_else(unit_name).unwrap_or_default());
        if columns.has_copies {
            cells.push(copies(c).to_string());
        }
        cells.push(s.ops.as_ref().map_or(String::new(), |n| n.v.to_string()));
        if columns.has_event {
            cells.push(match s.event.as_ref().map(|e| &e.v) {
                Some(EventSide::Side(id)) => {
                    game.sides.iter().find(|x| x.id.v == id.v).map_or(id.v.clone(), |x| x.name.v.clone())
                }
                Some(EventSide::Both) => game.meta.words.word("either_side"),
                Some(EventSide::None) => game.meta.words.word("no_event_short"),
                None => String::new(),
            });
        }
        if columns.has_after {
            cells
                .push(s.after.as_ref().and_then(|a| a.v.word_key()).map_or(String::new(), |k| game.meta.words.word(k)));
        }
        cells.into_iter().map(|x| self.generated(escape_markup(&x), &c.loc)).collect()
    }

    /// A card's back: its `[[card_back]]`, or the default (the game's title on the card's
    /// colour).
    fn card_back(&mut self, back: &RBack) -> CardBackData {
        let game = self.game;
        let (title, text, image) = match back.design.map(|i| &game.card_backs[i]) {
            Some(b) => {
                let text = self.opt_text(&b.text);
                (b.title.as_ref().map(|t| t.v.clone()), text, b.image.as_ref().map(|p| image_path(&p.v)))
            }
            None => (game.meta.title.as_ref().map(|t| t.v.clone()), None, None),
        };
        // No side on the back: a hand held by its owner shows the opponent nothing.
        CardBackData {
            title,
            subtitle: None,
            text,
            image,
            color: back.color.clone(),
            text_color: back.text_color.clone(),
        }
    }

    /// What a reference card prints (`kind`: section, table, sequence or ability, with its
    /// content as the cheatsheet has it), and the title it gives a card that has none.
    fn card_reference(&mut self, r: &CardRef) -> (Option<CardReference>, Option<String>) {
        let game = self.game;
        match r.key {
            "section" => match section_of(game, self.ix, &r.id.v) {
                Some(s) => {
                    let section = Box::new(self.section(s));
                    (Some(CardReference::Section { section }), Some(s.title.v.clone()))
                }
                None => (None, None),
            },
            "table" => match self.ix.get::<Table>(game, &r.id.v) {
                Some(t) => {
                    let table = self.table(t);
                    (Some(CardReference::Table { table }), t.title.as_ref().map(|t| t.v.clone()))
                }
                None => (None, None),
            },
            "sequence" => match self.ix.get::<Sequence>(game, &r.id.v) {
                Some(sq) => {
                    let sequence = self.sequence(sq);
                    (Some(CardReference::Sequence { sequence }), sq.title.as_ref().map(|t| t.v.clone()))
                }
                None => (None, None),
            },
            // A terrain card prints the terrain's effects as stats and its text (see `card`).
            "terrain" => (None, self.ix.get::<Terrain>(game, &r.id.v).map(|t| t.name.v.clone())),
            _ => match self.ix.get::<Ability>(game, &r.id.v) {
                Some(a) => {
                    let text = a.text.as_ref().map(|t| a.explained(t, r.param));
                    let text = self.opt_text(&text);
                    // "Tough 2", or "Tough 2/3" for the ability with all its values.
                    let values: Vec<String> =
                        a.values.as_ref().map(|v| v.v.iter().map(|x| x.v.to_string()).collect()).unwrap_or_default();
                    let title = match r.param {
                        Some(p) => format!("{} {p}", a.name.v),
                        None if !values.is_empty() => format!("{} {}", a.name.v, values.join("/")),
                        None => a.name.v.clone(),
                    };
                    (Some(CardReference::Ability { text }), Some(title))
                }
                None => (None, None),
            },
        }
    }
}

/// A card's stats: its unit's in its kind's order, with their notes; a terrain's effects;
/// then the card's own.
fn card_stats(
    unit: Option<&UnitData>,
    terrain: Option<&Terrain>,
    card: Option<&Card>,
    words: &crate::model::Words,
) -> Vec<CardStat> {
    let mut stats: Vec<CardStat> = Vec::new();
    for s in unit.map(|u| &u.stats[..]).unwrap_or_default() {
        stats.push(CardStat {
            label: s.abbr.clone(),
            name: s.name.clone(),
            icon: Some(s.icon.clone()),
            value: s.value.clone(),
            note: s.note.clone(),
        });
    }
    if let Some(t) = terrain {
        stats.extend(terrain_rows(t, words));
    }
    for (k, v) in card.map(|c| &c.stats[..]).unwrap_or_default() {
        stats.push(CardStat { label: k.v.clone(), name: k.v.clone(), icon: None, value: v.v.display(), note: None });
    }
    stats
}

/// A unit's abilities as its card prints them: the short text when the cards ask for it and
/// the ability has one.
fn card_abilities(unit: &UnitData, style: AbilityStyle) -> Vec<CardAbility> {
    let text = |a: &super::units::UnitAbility| match style {
        AbilityStyle::Short if a.short.is_some() => a.short.clone(),
        _ => a.text.clone(),
    };
    unit.abilities.iter().map(|a| CardAbility { label: a.label.clone(), text: text(a) }).collect()
}

/// Cards placed on the sheets. Butted together (no gutter), no card touches a card of another
/// colour (front or back), not even corner to corner, so that a cut a little off shows no
/// neighbour's colour and no card's bleed (full toward an empty cell) runs into another's trim:
/// colours are taken from the one of the most copies down (ties in the order they first
/// appear), the cards of one colour in the data's order, and each copy goes to the first cell, on the first sheet that has one, whose eight
/// neighbours are empty or of its colour, else to a new sheet. Each copy becomes an item with
/// its `sheet` and `cell` (row by row), which `impose` places as told. With a gutter each card
/// keeps its own bleed: the data's order, as `impose` fills the cells.
fn place_by_colour(items: Vec<CardData>, gutter: f64, grid: (usize, usize)) -> Vec<CardData> {
    let (cols, rows) = grid;
    let per_page = cols * rows;
    if gutter > 0.0 || per_page == 0 {
        return items;
    }
    let key = |it: &CardData| (it.color.clone(), it.back.color.clone());
    let mut colours: Vec<(String, String)> = Vec::new();
    for it in &items {
        if !colours.contains(&key(it)) {
            colours.push(key(it));
        }
    }
    // The colour of the most copies first (a deck fills whole sheets), ties in the order the
    // colours first appear; the colours of a card or two then share the sheets left.
    let copies_of =
        |k: &(String, String)| -> i64 { items.iter().filter(|it| &key(it) == k).map(|it| it.quantity.max(1)).sum() };
    colours.sort_by_key(|k| std::cmp::Reverse(copies_of(k)));
    // Every sheet so far: each cell's colour, if taken. A card goes to the first cell of any
    // sheet that fits it, so that a colour which could not join one sheet's cards fills the
    // room it left on the next.
    let mut sheets: Vec<Vec<Option<usize>>> = Vec::new();
    let mut placed: Vec<CardData> = Vec::new();
    let fits = |sheet: &[Option<usize>], cell: usize, colour: usize| {
        let (c, r) = (cell % cols, cell / cols);
        let near = (r.saturating_sub(1)..(r + 2).min(rows))
            .flat_map(|nr| (c.saturating_sub(1)..(c + 2).min(cols)).map(move |nc| nr * cols + nc));
        sheet[cell].is_none() && near.into_iter().all(|n| sheet[n].is_none_or(|k| k == colour))
    };
    for (colour, k) in colours.iter().enumerate() {
        for it in items.iter().filter(|it| &key(it) == k) {
            for copy in 0..it.quantity.max(1) {
                let free = sheets
                    .iter()
                    .enumerate()
                    .find_map(|(s, sheet)| (0..per_page).find(|&cell| fits(sheet, cell, colour)).map(|cell| (s, cell)));
                let (sheet_no, cell) = free.unwrap_or_else(|| {
                    sheets.push(vec![None; per_page]);
                    (sheets.len() - 1, 0)
                });
                sheets[sheet_no][cell] = Some(colour);
                let one = CardData {
                    quantity: 1,
                    first_copy: Some(copy),
                    sheet: Some(sheet_no),
                    cell: Some(cell),
                    ..it.clone()
                };
                placed.push(one);
            }
        }
    }
    placed.sort_by_key(|p| (p.sheet, p.cell));
    placed
}

/// A terrain card's stats, printed as rows: movement (one cost, or one per movement type),
/// combat (column shift, defence, DRM) and line of sight, as the terrain effects chart has them.
fn terrain_rows(t: &Terrain, words: &crate::model::Words) -> Vec<CardStat> {
    let row = |key: &str, value: String| CardStat {
        label: words.word(key),
        name: words.word(key),
        icon: None,
        value,
        note: None,
    };
    let mut out = Vec::new();
    let mut moves: Vec<String> = t.movement.all.iter().map(|c| c.v.clone()).collect();
    moves.extend(t.movement.by_type.iter().map(|(k, c)| format!("{} {}", capitalise(&k.v), c.v)));
    if !moves.is_empty() {
        out.push(row(if t.hexside { "crossing" } else { "movement" }, moves.join(" · ")));
    }
    let mut combat = Vec::new();
    if let Some(s) = &t.shift {
        combat.push(words.say("shift", &[("shift", &shift_words(words, s.v))]));
    }
    if let Some(d) = &t.defence {
        combat.push(words.say("defence_times", &[("n", &d.v.to_string())]));
    }
    if let Some(d) = &t.drm {
        combat.push(words.say("drm", &[("modifier", &signed(d.v))]));
    }
    if !combat.is_empty() {
        out.push(row("combat", combat.join(", ")));
    }
    if let Some(los) = t.los.as_ref().map(|l| l.v) {
        out.push(row("line_of_sight", super::charts::los_words(words, los, t.hindrance.as_ref().map(|h| h.v))));
    }
    for (key, v) in [("level", &t.level), ("height", &t.height)] {
        if let Some(v) = v {
            out.push(row(key, v.v.to_string()));
        }
    }
    if let Some(c) = &t.cover {
        out.push(row("cover", signed(c.v)));
    }
    out
}

/// How many copies of a card the deck holds (`quantity`, default 1, within the checked range).
fn copies(c: &Card) -> i64 {
    c.quantity.as_ref().map_or(1, |q| q.v.clamp(1, crate::check::MAX_COPIES))
}

/// A deck part's list as `build --since` knows it across versions: the deck's id and the
/// part's (a deck `a` part `b-c` and a deck `a-b` part `c` are two lists).
pub(super) fn deck_part_key(d: &Deck, i: usize) -> String {
    format!("{}\u{1f}{}", d.id.v, d.parts.get(i).map_or("", |p| p.id.v.as_str()))
}

/// Which of a deck list's optional columns it has: each only when some card fills it.
#[derive(Clone, Copy)]
struct DeckColumns {
    numbered: bool,
    has_copies: bool,
    has_event: bool,
    has_after: bool,
}
