//! Counters, cards and what the build writes besides the PDFs, as `diff` compares them: sheet
//! settings, counter groups and their layouts, counters (a run's one by one), card settings,
//! backs, layouts and cards, export settings, and the game's own templates, fonts and icons.
//! Every struct is taken apart without `..`, as in `rules.rs`.

use crate::model::*;

use super::record::{Entry, Record, labelled, part_of};
use super::rules::face_style;
use super::words::*;

/// Sheet settings shared by `[counters]` and `[cards]`.
fn imposition(r: &mut Record, x: &Imposition) {
    let Imposition { page, landscape, duplex, back_offset, gutter, margin, marks } = x;
    r.one("page size", page.as_ref().map(|p| p.v.typst_name().to_string()))
        .one("landscape", yes(*landscape))
        .one("duplex", duplex.name().to_string())
        .one("back offset", format!("{}, {}", mm(back_offset.0).trim_end_matches(" mm"), mm(back_offset.1)))
        .one("gutter", gutter.map(mm))
        .one("margin", mm(*margin))
        .one("crop marks", yes(*marks));
}

fn floor(r: &mut Record, x: &Floor) {
    let Floor { text, factors } = x;
    r.one("smallest text allowed", text.as_ref().map(|v| pt(v.v)))
        .one("smallest factors allowed", factors.as_ref().map(|v| pt(v.v)));
}

pub(crate) fn counter_options(g: &Game) -> Record {
    let CounterOptions { sheet, cut, bleed, loc: _ } = &g.counter_options;
    let mut r = Record::new(g.meta.words.word("diff_part_counter_sheet"));
    imposition(&mut r, sheet);
    let cut = match cut {
        Cut::Butt => "butt",
        Cut::Gutter => "gutter",
    };
    r.one("cut", cut.to_string()).one("print-shop bleed", crate::diff::words::mm(*bleed));
    r
}

/// A face's slots by name, in the order a layout lists them: ("bottom", "{attack}-{move} (bold)").
fn slots(layout: &Option<(Vec<Slot>, crate::source::Loc)>) -> Vec<(String, String)> {
    let Some((slots, _)) = layout else { return Vec::new() };
    let mut out: Vec<(String, String)> = slots
        .iter()
        .map(|s| {
            let Slot { name, text, size, bold, underline } = s;
            let mut t = text.v.clone();
            if let Some(size) = size {
                t.push_str(&format!(" ({})", pt(size.v)));
            }
            match bold {
                Some(true) => t.push_str(" (bold)"),
                Some(false) => t.push_str(" (regular)"),
                None => {}
            }
            for (what, flag) in underline {
                t.push_str(&format!(" (underlined {} when {})", what.v, flag.v));
            }
            (name.v.clone(), t)
        })
        .collect();
    out.sort_by_key(|(n, _)| SLOTS.iter().position(|s| s == n).unwrap_or(SLOTS.len()));
    out
}

pub(crate) fn counter_group(g: &Game, x: &CounterGroup) -> Entry {
    let CounterGroup {
        id,
        name,
        size: sz,
        font_size,
        layout,
        back_layout,
        front_style,
        back_style,
        kinds,
        min_font_size,
        floor: fl,
        safe,
        block,
        loc: _,
    } = x;
    let label = name.as_ref().unwrap_or(id).v.clone();
    let mut r = Record::new(labelled(g, "counter group", &label));
    let (steps, marks, count) = match block {
        Some(BlockSpec { steps, pips, count, loc: _ }) => (
            Some(steps.as_ref().map_or("none".to_string(), |s| stat_name(g, &s.v))),
            Some(if *pips { "pips" } else { "digits" }.to_string()),
            count.as_ref().map(|c| stat_name(g, &c.v)),
        ),
        None => (None, None, None),
    };
    r.one("block stickers", block.as_ref().map(|_| "yes".to_string()))
        .one("block steps", steps)
        .one("block step marks", marks)
        .one("blocks a unit", count);
    r.one("name", o(name))
        .one("size", size(sz))
        .one("font size", font_size.as_ref().map(|v| pt(v.v)))
        .keyed("layout", slots(layout))
        .keyed("back layout", slots(back_layout));
    face_style(&mut r, "front", front_style);
    face_style(&mut r, "back", back_style);
    r.refs("kinds", kinds, |k| kind_name(g, k)).one("smallest font size", min_font_size.as_ref().map(|v| pt(v.v)));
    floor(&mut r, fl);
    r.one("safe margin", safe.as_ref().map(|v| mm(v.v)));
    r.item(id.v.clone(), label)
}

/// A counter's key: its id, else the unit it is for, else its name, else its label; a run's
/// counter: that, then its id. A unit's id stays when the unit's name or the counter's label
/// is reworded.
fn counter_key(c: &Counter, run_id: Option<&Sp<String>>) -> String {
    let key =
        c.id.as_ref()
            .or(c.unit.as_ref())
            .or(c.name.as_ref())
            .or(c.label.as_ref())
            .map(|x| x.v.clone())
            .unwrap_or_default();
    match run_id {
        Some(id) => format!("{key} {}", id.v),
        None => key,
    }
}

/// A counter as a player knows it: its name, else its unit's name, else its key; a run's
/// counter: that and its id ("Panzer corps XLVI").
fn counter_name(g: &Game, c: &Counter, run_id: Option<&Sp<String>>) -> String {
    let name = c.name.as_ref().map(|n| n.v.clone()).or_else(|| c.unit.as_ref().map(|u| unit_name(g, &u.v)));
    match (name, run_id) {
        (Some(n), Some(id)) => format!("{n} {}", id.v),
        (Some(n), None) => n,
        (None, _) => counter_key(c, run_id),
    }
}

fn face(r: &mut Record, which: &str, x: &Face) {
    let Face { style, symbol, icon, font_size, bold } = x;
    face_style(r, which, style);
    r.one(&format!("{which} symbol"), o(symbol))
        .one(&format!("{which} icon"), o(icon))
        .one(&format!("{which} font size"), font_size.as_ref().map(|v| pt(v.v)))
        .one(&format!("{which} bold"), bold.map(yes));
}

/// The counters of one `[[counter]]`: one per id of its run.
pub(crate) fn counters(g: &Game, x: &Counter) -> Vec<Entry> {
    let Counter {
        id: _, // in the key
        name,
        unit,
        group,
        label,
        side,
        quantity,
        symbol,
        image,
        icon,
        front,
        back,
        color,
        front_face,
        back_face,
        run,
        loc: _,
    } = x;
    let run_ids: Vec<Option<&Sp<String>>> = match run {
        Some(Run { ids, loc: _ }) => ids.iter().map(Some).collect(),
        None => vec![None],
    };
    run_ids
        .into_iter()
        .map(|run_id| {
            let title = counter_name(g, x, run_id);
            let copies = quantity.as_ref().map_or(1, |q| q.v);
            let mut r = Record::new(labelled(g, "counter", &title));
            r.one("name", o(name))
                .refer("unit", unit, |u| unit_name(g, u))
                .refer("group", group, |x| counter_group_name(g, x))
                .one("label", o(label))
                .refer("side", side, |s| side_name(g, s))
                .one("copies", copies.to_string())
                .one("symbol", o(symbol))
                .one("picture", o(image))
                .one("icon", o(icon))
                .keyed("front", pairs(front));
            match back {
                Back::Values(v) => r.keyed("back", pairs(v)),
                Back::Same => r.one("back", "same as front".to_string()),
                Back::Blank => r.one("back", "blank".to_string()),
            };
            r.one("colour", o(color));
            face(&mut r, "front", front_face);
            face(&mut r, "back", back_face);
            r.item(counter_key(x, run_id), format!("{title} (x{copies})"))
        })
        .collect()
}

pub(crate) fn card_options(g: &Game) -> Record {
    let CardOptions {
        sheet,
        size: sz,
        bleed,
        safe,
        font_size,
        min_font_size,
        font_size_at: _,
        safe_at: _,
        floor: fl,
        abilities,
        kinds,
        back,
        layout,
        max_font_size,
        stat_icons,
        same_size,
        loc: _,
    } = &g.card_options;
    let abilities = match abilities {
        AbilityStyle::Full => "full",
        AbilityStyle::Short => "short",
    };
    let mut r = Record::new(g.meta.words.word("diff_part_cards"));
    r.one("size", size(sz))
        .one("bleed", mm(*bleed))
        .one("safe margin", mm(*safe))
        .one("font size", pt(*font_size))
        .one("smallest font size", min_font_size.as_ref().map(|v| pt(v.v)))
        .one("largest font size", max_font_size.as_ref().map(|v| pt(v.v)));
    floor(&mut r, fl);
    r.one("abilities", abilities.to_string())
        .refs("kinds", kinds, |k| kind_name(g, k))
        .refer("back", back, |b| card_back_name(g, b))
        .one("layout", o(layout))
        .one("stat icons", stat_icons.name().to_string())
        .one("one text size per layout", if *same_size { "yes" } else { "no" }.to_string());
    imposition(&mut r, sheet);
    r
}

pub(crate) fn card_back(g: &Game, x: &CardBack) -> Entry {
    let CardBack { id, side, title, text, image, color, loc: _ } = x;
    let label = title.as_ref().unwrap_or(id).v.clone();
    let mut r = Record::new(labelled(g, "card back", &label));
    r.one("title", o(title))
        .refer("side", side, |s| side_name(g, s))
        .text("text", t(g, text))
        .one("picture", o(image))
        .one("colour", o(color));
    r.item(id.v.clone(), label)
}

pub(crate) fn card_layout(g: &Game, x: &CardLayout) -> Entry {
    let CardLayout { id, base, zones, art_height, title_size, stat_style, loc: _ } = x;
    let mut r = Record::new(labelled(g, "card layout", &id.v));
    r.one("based on", o(base))
        .one("zones", zones.as_ref().map(|z| strs(z).join(", ")))
        .one("art height", art_height.as_ref().map(|v| mm(v.v)))
        .one("title size", title_size.as_ref().map(|v| pt(v.v)))
        .one("stats drawn as", stat_style.map(|s| s.name().to_string()));
    r.item(id.v.clone(), &id.v)
}

/// A card's key: its id, else the unit it is for, else its title, else what it shows.
fn card_key(c: &Card) -> String {
    let shows = c.reference.as_ref().map(|r| format!("{} {}", r.key, r.id.v));
    c.id.as_ref().or(c.unit.as_ref()).or(c.title.as_ref()).map(|x| x.v.clone()).or(shows).unwrap_or_default()
}

/// What a reference card shows, by the name the game gives it.
fn shown(g: &Game, r: &CardRef) -> String {
    let CardRef { key, id, param } = r;
    match *key {
        "ability" if let Some(p) = param => format!("{} {p}", crate::markup::ability_label(g, &id.v)),
        "section" => g
            .sections
            .iter()
            .find(|s| s.id.v == id.v || s.number.as_ref().is_some_and(|n| n.v == id.v))
            .map_or(id.v.clone(), |s| s.title.v.clone()),
        "table" => table_name(g, &id.v),
        "sequence" => sequence_name(g, &id.v),
        "ability" => crate::markup::ability_label(g, &id.v),
        "terrain" => terrain_name(g, &id.v),
        _ => id.v.clone(),
    }
}

pub(crate) fn card(g: &Game, x: &Card) -> Entry {
    let Card {
        id: _, // in the key
        unit,
        title,
        subtitle,
        side,
        stats,
        text,
        image,
        quantity,
        back,
        color,
        layout,
        corner,
        icon,
        reference,
        strategy,
        loc: _,
    } = x;
    let name = title
        .as_ref()
        .map(|n| n.v.clone())
        .or_else(|| unit.as_ref().map(|u| unit_name(g, &u.v)))
        .or_else(|| reference.as_ref().map(|r| shown(g, r)))
        .unwrap_or_else(|| card_key(x));
    let mut r = Record::new(labelled(g, "card", &name));
    r.one("title", o(title))
        .refer("unit", unit, |u| unit_name(g, u))
        .one("subtitle", o(subtitle))
        .one("corner", o(corner))
        .refer("side", side, |s| side_name(g, s))
        .keyed("", pairs(stats))
        .paragraphs("text", texts(g, text))
        .one("picture", o(image))
        .one("icon", o(icon))
        .one("copies", quantity.as_ref().map_or(1, |q| q.v).to_string())
        .refer("back", back, |b| card_back_name(g, b))
        .one("colour", o(color))
        .one("layout", o(layout))
        .one("shows", reference.as_ref().map(|c| format!("{} {}", c.key, shown(g, c))));
    strategy_fields(g, x, strategy, &mut r);
    r.item(card_key(x), name)
}

/// A strategy card's fields, named as its deck names them ("Ops 2 → 3").
fn strategy_fields(g: &Game, card: &Card, x: &StrategyFields, r: &mut Record) {
    let StrategyFields { deck, part, number, ops, event, after, written: _, broken: _ } = x;
    let at = card_deck(g, card);
    let ops_name = at.map_or("ops", |(d, _)| g.decks[d].ops_name());
    let part_name = at.and_then(|(d, p)| Some(g.decks[d].parts.get(p?)?.title.v.clone()));
    let event = event.as_ref().map(|e| match &e.v {
        EventSide::Side(s) => format!("{}'s", side_name(g, &s.v)),
        EventSide::Both => "either side's".into(),
        EventSide::None => "none".into(),
    });
    r.refer("deck", deck, |d| name_in(g, d, |x: &Deck| Some(&x.title.v)))
        .one("part", part_name.or_else(|| o(part)))
        .one("number", n(number))
        .one(ops_name, n(ops))
        .one("event", event)
        .one(
            "after its event",
            after.as_ref().map(|a| {
                match a.v {
                    AfterEvent::Remove => "removed",
                    AfterEvent::Reshuffle => "reshuffled",
                    AfterEvent::Stays => "stays in play",
                }
                .to_string()
            }),
        );
}

pub(crate) fn deck(g: &Game, x: &Deck) -> Entry {
    let Deck { id, title, ops_name, ops, hand, owner, reshuffle, back, color, parts, loc: _ } = x;
    let label = format!("Deck {}", title.v);
    let parts = parts
        .iter()
        .map(|p| {
            let DeckPart { id, title, joins, count, color, loc: _ } = p;
            let mut q = Record::new(part_of(g, &label, "part", &title.v));
            q.one("title", Some(title.v.clone()))
                .one("joins on turn", Some(p.joins().to_string()).filter(|_| joins.is_some()))
                .one("count", n(count))
                .one("colour", o(color));
            q.item(id.v.clone(), &title.v)
        })
        .collect();
    let mut r = Record::new(&label);
    r.one("title", Some(title.v.clone()))
        .one("value name", o(ops_name))
        .one("ops range", ops.as_ref().map(|o| format!("{}-{}", o.v.0, o.v.1)))
        .list("hand", hand.iter().map(|h| h.v.to_string()).collect())
        .one("reshuffle", reshuffle.as_ref().map(|r| r.v.words().to_string()))
        .refer("owner", owner, |s| side_name(g, s))
        .refer("back", back, |b| card_back_name(g, b))
        .one("colour", o(color))
        .group("part", parts);
    r.item(id.v.clone(), &title.v)
}

pub(crate) fn exports(g: &Game) -> Record {
    let Exports { png, tts, vassal, print_shop, dpi, base_url, loc: _ } = &g.exports;
    let mut r = Record::new(g.meta.words.word("diff_part_exports"));
    r.one("PNG per piece", yes(*png))
        .one("Tabletop Simulator", yes(*tts))
        .one("VASSAL module", yes(*vassal))
        .one("print-shop files", Some(print_shop.names().join(", ")).filter(|s| !s.is_empty()))
        .one("PNG resolution", dpi.as_ref().map(|d| format!("{} dpi", d.v)))
        .one("image address", o(base_url));
    r
}

/// The file name a game file was read from (the same at a revision, read elsewhere).
fn file_name(g: &Game, file: usize) -> String {
    let f = g.files.get(file);
    f.path.file_name().map_or(f.name.clone(), |n| n.to_string_lossy().into_owned())
}

pub(crate) fn template(g: &Game, x: &GameTemplate) -> Entry {
    let GameTemplate { name, file } = x;
    let mut r = Record::new(labelled(g, "template", name));
    r.text("", Some(same(g.files.get(*file).text.clone())));
    r.item(name.clone(), name)
}

pub(crate) fn icon(g: &Game, x: &GameIcon) -> Entry {
    let GameIcon { name, file } = x;
    let mut r = Record::new(labelled(g, "icon", name));
    r.text("drawing", Some(same(g.files.get(*file).text.clone())));
    r.item(name.clone(), name)
}

pub(crate) fn font(g: &Game, x: &GameFont) -> Entry {
    let GameFont { file, bytes } = x;
    let name = file_name(g, *file);
    // FNV-1a: enough to tell two versions of a file apart.
    let sum = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3));
    let mut r = Record::new(labelled(g, "font file", &name));
    r.one("contents", format!("{} bytes, checksum {:08x}", bytes.len(), sum >> 32));
    r.item(name.clone(), name)
}
