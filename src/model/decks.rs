//! Strategy decks of card-driven games: `[[deck]]` with its `[[deck.part]]`s (early, mid,
//! late war) and the strategy fields of a `[[card]]` (number, ops value, event side, what
//! happens after its event).

use super::*;

/// `[[deck]]`: a strategy deck, dealt to the players in hands each turn.
#[derive(Debug)]
pub struct Deck {
    /// `id`: what a card's `deck` names; default: from the title.
    pub id: Sp<String>,
    /// `title`: its name ("Strategy cards").
    pub title: Sp<String>,
    /// `ops_name`: what its cards' value is called (Ops, CP, Command); default "Ops".
    pub ops_name: Option<Sp<String>>,
    /// `ops`: the lowest and highest value a card of the deck may have, `[1, 4]`.
    pub ops: Option<Sp<(i64, i64)>>,
    /// `hand`: the cards each player is dealt a turn: one number, or one per turn (the last
    /// goes on).
    pub hand: Vec<Sp<i64>>,
    /// `owner`: the side whose own deck it is (one hand); default: every side draws from it.
    pub owner: Option<Sp<String>>,
    /// `reshuffle`: when the discards go back into the draw pile; default: not said.
    pub reshuffle: Option<Sp<Reshuffle>>,
    /// `card_back`: the back of every card of the deck; default: `[cards] back`.
    pub back: Option<Sp<String>>,
    /// `color`: its cards' colour, every part alike; default: the game's accent.
    pub color: Option<Sp<String>>,
    /// `[[deck.part]]`: its parts in the order they join; none: one part, there from turn 1.
    pub parts: Vec<DeckPart>,
    /// The whole `[[deck]]` table.
    pub loc: Loc,
}

/// `[[deck.part]]`: cards shuffled into the draw pile on a given turn (early, mid, late war).
#[derive(Debug)]
pub struct DeckPart {
    /// `id`: what a card's `part` names; default: from the title.
    pub id: Sp<String>,
    /// `title`: its name ("Mid War").
    pub title: Sp<String>,
    /// `joins`: the turn its cards join the draw pile; default 1.
    pub joins: Option<Sp<i64>>,
    /// `count`: how many cards it has (copies counted), checked against the cards.
    pub count: Option<Sp<i64>>,
    /// `color`: a square of this colour in the footer of its cards, before the number.
    pub color: Option<Sp<String>>,
    /// The whole table.
    pub loc: Loc,
}

impl DeckPart {
    /// The turn it joins the draw pile.
    pub fn joins(&self) -> i64 {
        self.joins.as_ref().map_or(1, |j| j.v)
    }
}

impl Deck {
    /// What its cards' value is called.
    pub fn ops_name(&self) -> &str {
        self.ops_name.as_ref().map_or("Ops", |n| n.v.as_str())
    }

    /// What its cards' value is called on a sheet: the deck's name for it, else playaid's word.
    pub fn ops_word(&self, words: &crate::model::Words) -> String {
        self.ops_name.as_ref().map_or_else(|| words.word("ops"), |n| n.v.clone())
    }

    /// The cards each player is dealt on `turn` (from 1).
    pub fn hand_on(&self, turn: i64) -> Option<i64> {
        let i = usize::try_from(turn.max(1) - 1).unwrap_or(0).min(self.hand.len().checked_sub(1)?);
        Some(self.hand[i].v)
    }
}

/// `reshuffle`: when a deck's discards are shuffled back into its draw pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reshuffle {
    /// `"each-turn"`: before the hands of every turn are dealt.
    EachTurn,
    /// `"when-empty"`: when the draw pile runs out.
    WhenEmpty,
    /// `"never"`: a card played is gone for the game.
    Never,
}

impl Reshuffle {
    /// The values `reshuffle` takes, in the order of the variants.
    pub const NAMES: [&'static str; 3] = ["each-turn", "when-empty", "never"];
    /// Every variant, in the order of `NAMES`.
    pub const ALL: [Reshuffle; 3] = [Reshuffle::EachTurn, Reshuffle::WhenEmpty, Reshuffle::Never];

    /// What a deck list says of it: "discards reshuffled each turn".
    pub fn words(self) -> &'static str {
        match self {
            Reshuffle::EachTurn => "discards reshuffled before each turn's deal",
            Reshuffle::WhenEmpty => "discards reshuffled when the draw pile runs out",
            Reshuffle::Never => "discards never reshuffled",
        }
    }

    /// Its key among the words playaid prints.
    pub fn word_key(self) -> &'static str {
        match self {
            Reshuffle::EachTurn => "reshuffle_each_turn",
            Reshuffle::WhenEmpty => "reshuffle_when_empty",
            Reshuffle::Never => "reshuffle_never",
        }
    }
}

/// `event`: which side may play a strategy card's event.
#[derive(Debug, Clone, PartialEq)]
pub enum EventSide {
    /// One side, by id.
    Side(Sp<String>),
    /// `"both"`: either side.
    Both,
    /// `"none"`: the card has no event (an ops-only card).
    None,
}

/// `after`: what becomes of a strategy card once its event is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterEvent {
    /// `"remove"`: out of the game (marked with an asterisk after the title, as the genre does).
    Remove,
    /// `"reshuffle"`: discarded and shuffled back in (the genre's default: prints nothing).
    Reshuffle,
    /// `"stays"`: stays in play in front of its player.
    Stays,
}

impl AfterEvent {
    /// Every value, as `after` takes it.
    pub const NAMES: &[&str] = &["remove", "reshuffle", "stays"];

    /// The value of this name.
    pub fn of(name: &str) -> Option<AfterEvent> {
        match name {
            "remove" => Some(AfterEvent::Remove),
            "reshuffle" => Some(AfterEvent::Reshuffle),
            "stays" => Some(AfterEvent::Stays),
            _ => None,
        }
    }

    /// Its name, as `after` takes it.
    pub fn name(self) -> &'static str {
        match self {
            AfterEvent::Remove => "remove",
            AfterEvent::Reshuffle => "reshuffle",
            AfterEvent::Stays => "stays",
        }
    }

    /// What the card prints for it; none for a reshuffled card.
    pub fn words(self) -> Option<&'static str> {
        match self {
            AfterEvent::Remove => Some("Remove after event"),
            AfterEvent::Reshuffle => None,
            AfterEvent::Stays => Some("Stays in play"),
        }
    }

    /// Its key among the words playaid prints; none for a reshuffled card.
    pub fn word_key(self) -> Option<&'static str> {
        match self {
            AfterEvent::Remove => Some("remove_after_event"),
            AfterEvent::Reshuffle => None,
            AfterEvent::Stays => Some("stays_in_play"),
        }
    }
}

/// The strategy fields of a `[[card]]`: set on a card of a deck.
#[derive(Debug, Clone, Default)]
pub struct StrategyFields {
    /// `deck`: its `[[deck]]`; default: the deck of its part, else the game's only deck.
    pub deck: Option<Sp<String>>,
    /// `part`: its `[[deck.part]]`; default: the deck's first.
    pub part: Option<Sp<String>>,
    /// `number`: the card number players call it by, unique in its deck.
    pub number: Option<Sp<i64>>,
    /// `ops`: its value, within the deck's `ops`.
    pub ops: Option<Sp<i64>>,
    /// `event`: the side that may play its event, `both` or `none`.
    pub event: Option<Sp<EventSide>>,
    /// `after`: what becomes of it after its event.
    pub after: Option<Sp<AfterEvent>>,
    /// Whether any of these keys is written, valid or not: a card with a misspelt `after` is
    /// still its deck's.
    pub written: bool,
    /// Whether one of them is written but could not be read (its own finding): counts and
    /// deals that depend on it wait.
    pub broken: bool,
}

impl StrategyFields {
    /// Whether any strategy field is written.
    pub fn any(&self) -> bool {
        self.written
            || self.deck.is_some()
            || self.part.is_some()
            || self.number.is_some()
            || self.ops.is_some()
            || self.event.is_some()
            || self.after.is_some()
    }
}

/// The deck and part a card belongs to, by position: its `deck`, else the deck with its
/// `part`, else the only deck of a game with one (a card with strategy fields only).
pub fn card_deck(game: &Game, card: &Card) -> Option<(usize, Option<usize>)> {
    let s = &card.strategy;
    if !s.any() {
        return None;
    }
    let deck = match &s.deck {
        Some(d) => game.decks.iter().position(|x| x.id.v == d.v)?,
        None => match &s.part {
            Some(p) => game.decks.iter().position(|x| x.parts.iter().any(|q| q.id.v == p.v))?,
            None if game.decks.len() == 1 => 0,
            None => return None,
        },
    };
    let parts = &game.decks[deck].parts;
    let part = match &s.part {
        Some(p) => Some(parts.iter().position(|q| q.id.v == p.v)?),
        None => (!parts.is_empty()).then_some(0),
    };
    Some((deck, part))
}
