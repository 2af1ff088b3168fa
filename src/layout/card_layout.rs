//! Which layout each card prints with (its own, `[cards] layout`, or the built-in one for what it
//! shows), resolved over a `[[card_layout]]`'s base; and the finding for a layout that leaves
//! out a zone the card has data for (E046), since what a card shows is decided here.

use crate::diag::{self, Diagnostic};
use crate::model::*;

/// A card layout, resolved: built in, or a `[[card_layout]]` over its base.
#[derive(Debug, Clone)]
pub(crate) struct ResolvedLayout {
    /// Its name, as cards name it.
    pub(crate) name: String,
    /// The zones shown, in order.
    pub(crate) zones: Vec<&'static str>,
    /// How stats are drawn.
    pub(crate) stat_style: StatStyle,
    /// The title centred (a marker's face).
    pub(crate) title_centred: bool,
    /// The art box's height, mm; none: the picture box of `[cards]`.
    pub(crate) art_height: Option<f64>,
    /// The title's size, pt; none: from the card's text size.
    pub(crate) title_size: Option<f64>,
    /// Its icon art grows into the room the text leaves (`ART_FILLS`).
    pub(crate) art_fills: bool,
}

/// The layout a card prints with: its own `layout`, else `[cards] layout`, else `unit` for a
/// unit's card, `strategy` for a strategy deck's, `reference` for a rule's, `terrain` for any
/// other. A name that resolves to
/// nothing (reported by the checker) falls back the same way.
pub(crate) fn card_layout(game: &Game, card: Option<&Card>, has_unit: bool) -> ResolvedLayout {
    let fallback = if has_unit {
        "unit"
    } else if card.is_some_and(|c| c.strategy.any()) {
        "strategy"
    } else if card.and_then(|c| c.reference.as_ref()).is_some_and(|r| r.key == "terrain") {
        "terrain"
    } else if card.is_some_and(|c| c.reference.is_some()) {
        "reference"
    } else {
        "terrain"
    };
    let named = card.and_then(|c| c.layout.as_ref()).or(game.card_options.layout.as_ref()).map(|l| l.v.as_str());
    let custom = named.and_then(|n| game.card_layouts.iter().find(|l| l.id.v == n));
    let base_name = match custom {
        Some(l) => l.base.as_ref().map_or("unit", |b| b.v.as_str()),
        None => named.unwrap_or(fallback),
    };
    let base = builtin_card_layout(base_name).or_else(|| builtin_card_layout(fallback)).expect("a built-in layout");
    let mut out = ResolvedLayout {
        name: custom.map_or(base.0.to_string(), |l| l.id.v.clone()),
        zones: base.1.to_vec(),
        stat_style: base.2,
        title_centred: base.3,
        art_height: None,
        title_size: None,
        art_fills: ART_FILLS.contains(&base.0),
    };
    if let Some(l) = custom {
        if let Some(zones) = &l.zones {
            out.zones = CARD_ZONES.iter().copied().filter(|z| zones.iter().any(|w| w.v == *z)).collect();
            out.zones.sort_by_key(|z| zones.iter().position(|w| w.v == *z));
        }
        if let Some(s) = l.stat_style {
            out.stat_style = s;
        }
        out.art_height = l.art_height.as_ref().map(|a| a.v);
        out.title_size = l.title_size.as_ref().map(|t| t.v);
    }
    out
}

/// E046: the card's layout leaves out a zone it has data for. None when the layout name resolves
/// to nothing (E044 is the finding then).
pub(crate) fn keeps_data(game: &Game, card: Option<&Card>, unit: Option<&Unit>) -> Vec<Diagnostic> {
    let named = card.and_then(|c| c.layout.as_ref()).or(game.card_options.layout.as_ref());
    if named.is_some_and(|n| builtin_card_layout(&n.v).is_none() && !game.card_layouts.iter().any(|l| l.id.v == n.v)) {
        return Vec::new();
    }
    let at = match card {
        Some(c) => c.layout.as_ref().map_or(&c.loc, |l| &l.loc),
        None => game.card_options.layout.as_ref().map(|l| &l.loc).or(unit.map(|u| &u.loc)).expect("a card or a unit"),
    };
    let layout = card_layout(game, card, unit.is_some());
    let mut out = Vec::new();
    for (zone, what) in card_data(card, unit) {
        if layout.zones.contains(&zone) {
            continue;
        }
        let name = card.and_then(|c| c.title.as_ref()).or(unit.map(|u| &u.name)).map_or("", |t| t.v.as_str());
        out.push(
            Diagnostic::error(
                diag::CARD_DROPS_DATA,
                format!("layout `{}` leaves out the {zone} zone, so card `{name}` would not print {what}", layout.name),
            )
            .at(at)
            .label(format!("shows no {zone}"))
            .help(format!("add \"{zone}\" to the layout's `zones`, or give this card a layout that shows it")),
        );
    }
    out
}

/// The zones a card has data for, each with what it holds ("3 stats").
fn card_data(card: Option<&Card>, unit: Option<&Unit>) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let plural = |n: usize, one: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") };
    out.push(("title", "its title".to_string()));
    if card.is_some_and(|c| c.subtitle.is_some()) {
        out.push(("subtitle", "its subtitle".into()));
    }
    if card.is_some_and(|c| c.corner.is_some()) {
        out.push(("corner", "its corner value".into()));
    }
    if card.and_then(|c| c.image.as_ref()).or(unit.and_then(|u| u.image.as_ref())).is_some() {
        out.push(("art", "its picture".into()));
    } else if card.is_some_and(|c| c.icon.is_some()) {
        out.push(("art", "its icon".into()));
    }
    // Stats and abilities by name, so the finding says what would go missing.
    let mut stats: Vec<&str> = Vec::new();
    for (k, _) in
        unit.iter().flat_map(|u| u.steps.iter().flat_map(|s| &s.stats)).chain(card.iter().flat_map(|c| &c.stats))
    {
        if !stats.contains(&k.v.as_str()) {
            stats.push(&k.v);
        }
    }
    if !stats.is_empty() {
        out.push(("stats", format!("its {} ({})", plural(stats.len(), "stat"), stats.join(", "))));
    }
    let abilities: Vec<&str> = unit.iter().flat_map(|u| u.abilities.iter().map(|a| a.id.as_str())).collect();
    if !abilities.is_empty() {
        let n = if abilities.len() == 1 { "ability".to_string() } else { format!("{} abilities", abilities.len()) };
        out.push(("abilities", format!("its {n} ({})", abilities.join(", "))));
    }
    if card.is_some_and(|c| !c.text.is_empty()) {
        out.push(("text", "its text".into()));
    }
    if unit.is_some_and(|u| !u.notes.is_empty()) {
        out.push(("notes", "the unit's notes".into()));
    }
    match card.and_then(|c| c.reference.as_ref()) {
        // A terrain card prints the terrain's effects as stats, its text as text.
        Some(r) if r.key == "terrain" => out.push(("stats", format!("the effects of terrain `{}`", r.id.v))),
        Some(r) => out.push(("reference", format!("the {} it names", r.key))),
        None => {}
    }
    out
}
