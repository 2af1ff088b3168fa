//! Strategy decks: every deck, part, side and back a deck or a card names exists; ops values
//! within the deck's range; card numbers unique in a deck; every part holds cards (its
//! `count`, where it says one); and each turn's hands can be dealt from the cards in the draw
//! pile by that turn.

use std::collections::BTreeMap;

use super::{Checker, unknown_reference};
use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

/// The most cards a hand may hold, and the highest ops value.
const MAX_HAND: i64 = 50;
const MAX_OPS: i64 = 99;

impl<'g> Checker<'g> {
    pub(super) fn check_decks(&mut self) {
        let game = self.game;
        for d in &game.decks {
            self.check_deck(d);
        }
        for c in &game.cards {
            self.check_strategy_card(c);
        }
        // A card that names no deck the checker could resolve (its own finding) would make
        // every count and deal a consequence: they wait until it resolves.
        if game.cards.iter().any(|c| c.strategy.broken || (c.strategy.any() && card_deck(game, c).is_none())) {
            return;
        }
        for (i, d) in game.decks.iter().enumerate() {
            self.check_deck_counts(i, d);
        }
    }

    fn check_deck(&mut self, d: &Deck) {
        if let Some(o) = &d.owner {
            self.resolve::<Side>(o);
        }
        if let Some(b) = &d.back {
            self.resolve::<CardBack>(b);
        }
        if let Some(r) = &d.ops
            && (r.v.0 < 0 || r.v.1 > MAX_OPS || r.v.0 > r.v.1)
        {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("`ops = [{}, {}]` is not a range of values", r.v.0, r.v.1),
                )
                .at(&r.loc)
                .label(format!("lowest first, from 0 to {MAX_OPS}"))
                .help("write the lowest and the highest value a card may have, e.g. ops = [1, 4]"),
            );
        }
        for h in &d.hand {
            if !(1..=MAX_HAND).contains(&h.v) {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("a hand of {} cards", h.v))
                        .at(&h.loc)
                        .label(format!("from 1 to {MAX_HAND}"))
                        .help("write how many cards each player is dealt a turn, e.g. hand = 7"),
                );
            }
        }
        let mut seen: BTreeMap<&str, &Loc> = BTreeMap::new();
        for p in &d.parts {
            if let Some(first) = seen.insert(&p.id.v, &p.loc) {
                self.push(
                    Diagnostic::error(diag::DUPLICATE_ID, format!("deck `{}` has two parts `{}`", d.id.v, p.id.v))
                        .at(&p.id.loc)
                        .note(format!("the first: {}", super::index::place(&self.game.files, first)))
                        .help("give each part its own id (or title)"),
                );
            }
            if let Some(j) = &p.joins
                && !(1..=999).contains(&j.v)
            {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("part `{}` joins on turn {}", p.title.v, j.v))
                        .at(&j.loc)
                        .label("turns count from 1")
                        .help("write the turn its cards are shuffled into the draw pile (1: from the start)"),
                );
            }
            self.warn_part_never_joins(p);
            if let Some(n) = &p.count
                && n.v < 1
            {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("part `{}` has a count of {}", p.title.v, n.v))
                        .at(&n.loc)
                        .help("write how many cards the part has, copies counted, or leave `count` out"),
                );
            }
        }
    }

    /// W019: a part that joins after the game's last turn (its turn track's, else its longest
    /// scenario's; nothing when the game says neither).
    fn warn_part_never_joins(&mut self, p: &DeckPart) {
        let game = self.game;
        let Some(j) = &p.joins else { return };
        let track = game.turn_track.as_ref().map(|t| t.turns.len() as i64).filter(|n| *n > 0);
        let longest = game.scenarios.iter().filter_map(|s| s.turns.as_ref().map(|t| t.v)).max();
        let Some(last) = track.or(longest) else { return };
        if j.v > last && j.v <= 999 {
            let what = if track.is_some() { "the turn track" } else { "the longest scenario" };
            self.push(
                Diagnostic::warning(
                    diag::PART_NEVER_JOINS,
                    format!("part `{}` joins on turn {}, after the game's last turn, {last}", p.title.v, j.v),
                )
                .at(&j.loc)
                .label(format!("{what} ends on turn {last}"))
                .help("its cards never come into play: let it join on a turn the game has"),
            );
        }
    }

    /// A card's strategy fields: its deck and part exist, its ops fit the deck's range, its
    /// event's side exists.
    fn check_strategy_card(&mut self, c: &Card) {
        let game = self.game;
        let s = &c.strategy;
        if !s.any() {
            return;
        }
        let deck = self.deck_of(c);
        if let (Some(d), Some(p)) = (deck, &s.part)
            && !d.parts.iter().any(|q| q.id.v == p.v)
            && (s.deck.is_some() || d.parts.is_empty())
        {
            self.push(unknown_part(
                &p.v,
                &p.loc,
                d.parts.iter().map(|q| q.id.v.as_str()).collect(),
                d.parts.is_empty(),
            ));
        }
        let deck_back = deck.and_then(|d| d.back.as_ref()).or(game.card_options.back.as_ref());
        if let (Some(d), Some(b)) = (deck, &c.back)
            && deck_back.is_none_or(|db| db.v != b.v)
        {
            let deck_back = deck_back.map_or("default back".to_string(), |db| format!("`{}`", db.v));
            self.push(
                Diagnostic::warning(
                    diag::BACK_MARKS_CARD,
                    format!("card `{}` of deck `{}` has a back of its own", title(c), d.title.v),
                )
                .at(&b.loc)
                .label(format!("not the deck's {deck_back}"))
                .help(
                    "leave `card_back` out: every card of a deck shares the deck's back, so that a hand shows nothing",
                ),
            );
        }
        if let Some(ops) = &s.ops {
            // A range written wrong is its own finding: the card is held to the widest one.
            let range = deck.and_then(|d| d.ops.as_ref()).filter(|r| r.v.0 >= 0 && r.v.0 <= r.v.1 && r.v.1 <= MAX_OPS);
            let (lo, hi) = range.map_or((0, MAX_OPS), |r| r.v);
            if ops.v < lo || ops.v > hi {
                let name = deck.map_or("Ops", |d| d.ops_name());
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("{name} {} is outside the deck's {lo} to {hi}", ops.v),
                    )
                    .at(&ops.loc)
                    .label(format!("from {lo} to {hi}"))
                    .help("write a value the deck allows, or widen the deck's `ops` range"),
                );
            }
        }
        if let Some(n) = &s.number
            && n.v < 0
        {
            self.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("card number {}", n.v))
                    .at(&n.loc)
                    .help("card numbers count from 0 or 1"),
            );
        }
        self.warn_after_without_event(c);
        if let Some(e) = &s.event
            && let EventSide::Side(side) = &e.v
            && self.ix.get::<Side>(game, &side.v).is_none()
        {
            let mut ids: Vec<&str> = game.sides.iter().map(|s| s.id.v.as_str()).collect();
            ids.extend(["both", "none"]);
            let d = unknown_reference(Coll::Side, &side.v, &side.loc, ids.clone());
            let d = match diag::did_you_mean(&side.v, ids.iter().copied()) {
                Some(_) => d,
                None => d.help(format!("write a side's id, \"both\" or \"none\": {}", ids.join(", "))),
            };
            self.push(d);
        }
    }

    /// W034: a card that leaves the game or stays in play after an event it does not have.
    fn warn_after_without_event(&mut self, c: &Card) {
        let s = &c.strategy;
        let Some(after) = s.after.as_ref().filter(|a| matches!(a.v, AfterEvent::Remove | AfterEvent::Stays)) else {
            return;
        };
        let has_event = s.event.as_ref().is_some_and(|e| !matches!(e.v, EventSide::None));
        if has_event {
            return;
        }
        let said = if matches!(after.v, AfterEvent::Remove) { "removed after" } else { "stays in play after" };
        let why = if s.event.is_some() { "its `event` is \"none\"" } else { "it has no `event`" };
        self.push(
            Diagnostic::warning(
                diag::AFTER_WITHOUT_EVENT,
                format!("card `{}` is {said} its event, but {why}", title(c)),
            )
            .at(&after.loc)
            .label("printed on the card")
            .help("give the card its event's side (`event = \"both\"` or a side's id), or leave `after` out"),
        );
    }

    /// The deck a strategy card belongs to: its `deck`, the deck of its `part`, or the game's
    /// only deck; a finding when none resolves.
    fn deck_of(&mut self, c: &Card) -> Option<&'g Deck> {
        let game = self.game;
        let s = &c.strategy;
        match (&s.deck, &s.part) {
            (Some(d), _) => self.resolve::<Deck>(d),
            (None, Some(p)) => match game.decks.iter().find(|d| d.parts.iter().any(|q| q.id.v == p.v)) {
                Some(d) => {
                    let with: Vec<&str> = (game.decks.iter())
                        .filter(|d| d.parts.iter().any(|q| q.id.v == p.v))
                        .map(|d| d.id.v.as_str())
                        .collect();
                    if with.len() > 1 {
                        self.push(
                            Diagnostic::error(
                                diag::MISSING_FIELD,
                                format!(
                                    "part `{}` is in decks {}: this card needs its `deck`",
                                    p.v,
                                    with.join(" and ")
                                ),
                            )
                            .at(&p.loc)
                            .help(format!("write deck = \"{}\" (or the other)", with[0])),
                        );
                    }
                    Some(d)
                }
                None => {
                    let parts: Vec<&str> =
                        game.decks.iter().flat_map(|d| d.parts.iter().map(|q| q.id.v.as_str())).collect();
                    self.push(unknown_part(&p.v, &p.loc, parts, game.decks.is_empty()));
                    None
                }
            },
            (None, None) if game.decks.len() == 1 => game.decks.first(),
            (None, None) => {
                let at = s.ops.as_ref().map(|o| &o.loc).or(s.number.as_ref().map(|n| &n.loc)).unwrap_or(&c.loc);
                let d = if game.decks.is_empty() {
                    Diagnostic::error(diag::UNKNOWN_REFERENCE, "a strategy card, but the game has no [[deck]]")
                        .at(at)
                        .help("declare the deck: [[deck]] with title = \"Strategy cards\", its parts and hand")
                } else {
                    let ids: Vec<&str> = game.decks.iter().map(|d| d.id.v.as_str()).collect();
                    Diagnostic::error(diag::MISSING_FIELD, "a strategy card needs its `deck`: the game has several")
                        .at(at)
                        .help(format!("write deck = \"{}\" (the decks: {})", ids[0], ids.join(", ")))
                };
                self.push(d);
                None
            }
        }
    }

    /// Each part holds cards (its `count`, where given), numbers are unique in the deck, and
    /// each turn's hands can be dealt from the cards joined by then.
    fn check_deck_counts(&mut self, di: usize, d: &Deck) {
        let game = self.game;
        let mut per_part = vec![0i64; d.parts.len().max(1)];
        let mut numbers: BTreeMap<i64, &Card> = BTreeMap::new();
        for c in &game.cards {
            let Some((k, p)) = card_deck(game, c) else { continue };
            if k != di {
                continue;
            }
            per_part[p.unwrap_or(0)] += c.quantity.as_ref().map_or(1, |q| q.v.clamp(1, super::MAX_COPIES));
            if let Some(n) = &c.strategy.number {
                match numbers.get(&n.v) {
                    Some(first) => self.push(
                        Diagnostic::error(
                            diag::CARD_NUMBER_TWICE,
                            format!("two cards of deck `{}` are number {}", d.title.v, n.v),
                        )
                        .at(&n.loc)
                        .label("the second")
                        .note(format!(
                            "the first: `{}` at {}",
                            first.title.as_ref().map_or("", |t| t.v.as_str()),
                            super::index::place(&game.files, &first.loc)
                        ))
                        .help("give each card of the deck its own number"),
                    ),
                    None => {
                        numbers.insert(n.v, c);
                    }
                }
            }
        }
        for (p, &n) in d.parts.iter().zip(&per_part) {
            self.check_part_count(d, p, n);
        }
        if d.parts.is_empty() && per_part[0] == 0 {
            self.push(
                Diagnostic::error(diag::DECK_PART_COUNT, format!("deck `{}` has no cards", d.title.v))
                    .at(&d.title.loc)
                    .help(format!("give its cards deck = \"{}\", or remove the deck", d.id.v)),
            );
        }
        self.check_deal(d, &per_part);
    }

    fn check_part_count(&mut self, d: &Deck, p: &DeckPart, n: i64) {
        let d = match &p.count {
            Some(c) if c.v >= 1 && c.v != n => Diagnostic::error(
                diag::DECK_PART_COUNT,
                format!("part `{}` of deck `{}` says {}, its cards make {n}", p.title.v, d.title.v, cards(c.v)),
            )
            .at(&c.loc)
            .label(format!("{n} with part = \"{}\"", p.id.v))
            .help("a card is missing, has the wrong `part` or `quantity`, or the count is wrong"),
            None if n == 0 => Diagnostic::error(
                diag::DECK_PART_COUNT,
                format!("part `{}` of deck `{}` has no cards", p.title.v, d.title.v),
            )
            .at(&p.title.loc)
            .help(format!("give its cards part = \"{}\", or remove the part", p.id.v)),
            _ => return,
        };
        self.push(d);
    }

    /// Each turn up to the last a part joins on, a hand is dealt or a scenario lasts: the hands
    /// of every player need no more cards than the parts joined by then hold. Each hand size
    /// that asks too much is reported once, at the first turn it does.
    fn check_deal(&mut self, d: &Deck, per_part: &[i64]) {
        let game = self.game;
        // A hand outside its range is its own finding.
        if d.hand.iter().any(|h| !(1..=MAX_HAND).contains(&h.v)) {
            return;
        }
        let players = if d.owner.is_some() { 1 } else { game.sides.len().max(1) as i64 };
        let last_join = d.parts.iter().map(DeckPart::joins).max().unwrap_or(1);
        let last_scenario = game.scenarios.iter().filter_map(|s| s.turns.as_ref().map(|t| t.v)).max().unwrap_or(1);
        let horizon = last_join.max(d.hand.len() as i64).max(last_scenario).clamp(1, 999);
        let mut reported = std::collections::BTreeSet::new();
        for turn in 1..=horizon {
            let Some(hand) = d.hand_on(turn) else { return };
            let i = usize::try_from(turn - 1).unwrap_or(0).min(d.hand.len() - 1);
            if reported.contains(&i) {
                continue;
            }
            let joined: i64 = if d.parts.is_empty() {
                per_part[0]
            } else {
                d.parts.iter().zip(per_part).filter(|(p, _)| p.joins() <= turn).map(|(_, n)| n).sum()
            };
            if hand * players > joined {
                let who = if players == 1 { "one player".to_string() } else { format!("{players} players") };
                self.push(
                    Diagnostic::error(
                        diag::DEAL_EXCEEDS_DECK,
                        format!(
                            "turn {turn} deals {who} {} each ({} in all), but deck `{}` holds {joined} by then",
                            cards(hand),
                            hand * players,
                            d.title.v
                        ),
                    )
                    .at(&d.hand[i].loc)
                    .label(format!("{} needed", hand * players))
                    .help("deal fewer cards, add cards to the parts in play by then, or let a part join earlier"),
                );
                reported.insert(i);
            }
        }
    }
}

/// A card's title, as findings name it.
fn title(c: &Card) -> &str {
    c.title.as_ref().map_or("", |t| t.v.as_str())
}

/// "1 card", "7 cards".
fn cards(n: i64) -> String {
    if n == 1 { "1 card".into() } else { format!("{n} cards") }
}

/// E006 for a part no deck has.
fn unknown_part(id: &str, loc: &Loc, parts: Vec<&str>, none: bool) -> Diagnostic {
    let d = Diagnostic::error(diag::UNKNOWN_REFERENCE, format!("unknown deck part `{id}`"))
        .at(loc)
        .label("no [[deck.part]] has this id");
    match diag::did_you_mean(id, parts.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None if none => d.help("declare the part under its deck: [[deck.part]] with title = \"Early War\""),
        None => d.help(format!("the parts are: {}", parts.join(", "))),
    }
}
