//! Reading strategy decks: `[[deck]]` with its `[[deck.part]]`s, and the strategy fields of a
//! `[[card]]`.

use toml::de::DeValue;

use super::reader::{Obj, int_of};
use super::{OrDefault, color_of, id_or_slug, o_finish};
use crate::diag::{self, Diagnostic};
use crate::model::*;

fn colour(o: &Obj, key: &'static str) -> Option<Sp<String>> {
    o.str(key).and_then(|s| {
        let loc = s.loc.clone();
        color_of(o.ctx, s).map(|c| Sp::new(c, loc))
    })
}

/// A whole number or an array of them (`hand = 7`, `hand = [6, 6, 7]`).
fn one_or_many(o: &Obj, key: &'static str) -> Vec<Sp<i64>> {
    let Some(v) = o.get(key) else { return Vec::new() };
    match v.get_ref() {
        DeValue::Array(items) => {
            if items.is_empty() {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is an empty list"))
                        .at(&o.ctx.loc(v.span()))
                        .help("write one number (hand = 7) or one per turn (hand = [6, 6, 7])"),
                );
            }
            items.iter().filter_map(|it| int_of(o.ctx, key, it)).collect()
        }
        _ => int_of(o.ctx, key, v).into_iter().collect(),
    }
}

pub(super) fn read_deck(o: &Obj) -> Deck {
    let title = o.req_str("title");
    let mut parts = Vec::new();
    if let Some((items, _)) = o.array("part") {
        for item in items {
            let Some(p) = Obj::from_value(o.ctx, item, o.nested("part"), "a deck part".to_string()) else { continue };
            let title = p.req_str("title");
            parts.push(DeckPart {
                id: id_or_slug(&p, &title).unwrap_or_default_sp(&p),
                title: title.unwrap_or_default_sp(&p),
                joins: p.int("joins"),
                count: p.int("count"),
                color: colour(&p, "color"),
                loc: p.ctx.loc(p.span.clone()),
            });
            p.finish();
        }
    }
    let ops = o.array("ops").and_then(|(items, loc)| {
        let v: Vec<Sp<i64>> = items.iter().filter_map(|it| int_of(o.ctx, "ops", it)).collect();
        match v.as_slice() {
            [lo, hi] => Some(Sp::new((lo.v, hi.v), loc)),
            _ if v.len() != items.len() => None,
            _ => {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "`ops` needs the lowest and the highest value")
                        .at(&loc)
                        .label(format!("{} number(s)", v.len()))
                        .help("write ops = [1, 4]"),
                );
                None
            }
        }
    });
    let d = Deck {
        id: id_or_slug(o, &title).unwrap_or_default_sp(o),
        title: title.unwrap_or_default_sp(o),
        ops_name: o.str("ops_name"),
        ops,
        hand: one_or_many(o, "hand"),
        owner: o.id("owner", false),
        reshuffle: super::map::choice(o, "reshuffle", &Reshuffle::NAMES).map(|i| Sp::new(Reshuffle::ALL[i.v], i.loc)),
        back: o.id("card_back", false),
        color: colour(o, "color"),
        parts,
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    d
}

/// The strategy fields of a `[[card]]`.
pub(super) fn strategy(o: &Obj) -> StrategyFields {
    let event = o.str("event").map(|s| {
        let v = match s.v.as_str() {
            "both" => EventSide::Both,
            "none" => EventSide::None,
            _ => EventSide::Side(s.clone()),
        };
        Sp::new(v, s.loc)
    });
    let after = o.str("after").and_then(|s| match AfterEvent::of(&s.v) {
        Some(a) => Some(Sp::new(a, s.loc)),
        None => {
            let hint = diag::did_you_mean(&s.v, AfterEvent::NAMES.iter().copied())
                .map_or(String::new(), |m| format!("did you mean \"{m}\"? "));
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown `after` value `{}`", s.v))
                    .at(&s.loc)
                    .label("not remove, reshuffle or stays")
                    .help(format!(
                        "{hint}write \"remove\" (out of the game after its event), \"reshuffle\" (back into the deck) or \"stays\" (stays in play)"
                    )),
            );
            None
        }
    });
    let written = ["deck", "part", "number", "ops", "event", "after"].iter().any(|k| o.has(k));
    let s = StrategyFields {
        written,
        broken: false,
        deck: o.id("deck", false),
        part: o.id("part", false),
        number: o.int("number"),
        ops: o.int("ops"),
        event,
        after,
    };
    let read = [
        ("deck", s.deck.is_some()),
        ("part", s.part.is_some()),
        ("number", s.number.is_some()),
        ("ops", s.ops.is_some()),
        ("event", s.event.is_some()),
        ("after", s.after.is_some()),
    ];
    let broken = read.iter().any(|(k, ok)| o.has(k) && !ok);
    StrategyFields { broken, ..s }
}
