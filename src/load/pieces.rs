//! Reading counters and cards: `[counters]`, `[[counter_group]]`, `[[counter]]`, `[cards]`,
//! `[[card_back]]`, `[[card]]`.

use toml::Spanned;
use toml::de::DeValue;

use super::lengths::{font_size, length, offset, parse_size};
use super::reader::{Ctx, Obj};
use super::units::scalar_of;
use super::{OrDefault, color_of, id_or_slug, o_finish, page_of};
use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

/// A size: `"5/8in"` (square), `"63x88mm"`, `"2.5 x 3.5 in"`, or a named size from `named`.
fn size(o: &Obj, key: &'static str, named: &[(&str, (f64, f64))]) -> Option<Sp<(f64, f64)>> {
    let v = o.get(key)?;
    let loc = o.ctx.loc(v.span());
    let parsed = match v.get_ref() {
        DeValue::String(s) => parse_size(s, named),
        _ => None,
    };
    match parsed {
        Some((w, h)) if !((5.0..=1000.0).contains(&w) && (5.0..=1000.0).contains(&h)) => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is not a size playaid can print"))
                    .at(&loc)
                    .label("from 5 to 1000 mm a side")
                    .help("a counter is about 12 to 40 mm a side, a card 40 to 130 mm"),
            );
            None
        }
        Some(wh) => Some(Sp::new(wh, loc)),
        None => {
            let names: Vec<&str> = named.iter().map(|(n, _)| *n).collect();
            let mut help = String::from("write a length such as \"5/8in\" or \"15.875mm\" (square), or \"63x88mm\"");
            if !names.is_empty() {
                help.push_str(&format!(", or one of: {}", names.join(", ")));
            }
            let mut d = Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is not a size"))
                .at(&loc)
                .label("expected a size");
            if let DeValue::String(s) = v.get_ref()
                && let Some(best) = diag::did_you_mean(s, names.iter().copied())
            {
                help = format!("did you mean \"{best}\"? Or {help}");
            }
            d = d.help(help);
            o.ctx.push(d);
            None
        }
    }
}

fn imposition(o: &Obj, sheet: &mut Imposition) {
    sheet.page = page_of(o, "page");
    if let Some(s) = o.str("orientation") {
        match s.v.as_str() {
            "portrait" => sheet.landscape = false,
            "landscape" => sheet.landscape = true,
            _ => o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown orientation `{}`", s.v))
                    .at(&s.loc)
                    .help("write \"portrait\" or \"landscape\""),
            ),
        }
    }
    if let Some(s) = o.str("duplex") {
        match Duplex::parse(&s.v) {
            Some(d) => sheet.duplex = d,
            None => o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown duplex mode `{}`", s.v))
                    .at(&s.loc)
                    .help("write \"long\" (duplex, flip on the long edge), \"short\" (flip on the short edge), \"fold\" (fronts and backs on one page, fold and glue) or \"none\" (fronts only)"),
            ),
        }
    }
    if let Some(xy) = offset(o, "back_offset", 20.0) {
        sheet.back_offset = xy;
    }
    sheet.gutter = length(o, "gutter").map(|g| g.v);
    if let Some(m) = length(o, "margin") {
        sheet.margin = m.v;
    }
    if let Some(b) = o.bool("marks") {
        sheet.marks = b.v;
    }
}

pub(super) fn read_counter_options(game: &mut Game, o: &Obj) {
    let opts = &mut game.counter_options;
    opts.loc = Some(o.ctx.loc(o.span.clone()));
    imposition(o, &mut opts.sheet);
    if let Some(b) = length(o, "bleed") {
        opts.bleed = b.v;
    }
    if let Some(s) = o.str("cut") {
        match s.v.as_str() {
            "butt" => opts.cut = Cut::Butt,
            "gutter" => opts.cut = Cut::Gutter,
            _ => o
                .ctx
                .push(Diagnostic::error(diag::INVALID_VALUE, format!("unknown cut style `{}`", s.v)).at(&s.loc).help(
                "write \"butt\" (counters touch, on a dark backdrop) or \"gutter\" (a gap and a cut line around each)",
            )),
        }
    }
    o.finish();
}

fn face_style(o: &Obj, key: &'static str) -> FaceStyle {
    let Some(t) = o.table(key) else { return FaceStyle::default() };
    let style = style_of(&t, key);
    t.finish();
    style
}

/// `background`, `stripe` and `text_color` of a style or face table: a colour or "side".
fn style_of(t: &Obj, key: &'static str) -> FaceStyle {
    t.renamed("text_color", "text", &format!("in `{key}`"));
    let colour = |k: &'static str| {
        t.str(k).and_then(|s| {
            if s.v == "side" {
                return Some(s);
            }
            let loc = s.loc.clone();
            color_of(t.ctx, s).map(|c| Sp::new(c, loc))
        })
    };
    FaceStyle {
        background: colour("background"),
        stripe: colour("stripe"),
        text: colour("text_color"),
        frame: colour("frame"),
    }
}

/// `counter_style` on a `[[side]]`: the look of the side's counters.
pub(super) fn side_counter_style(o: &Obj) -> FaceStyle {
    face_style(o, "counter_style")
}

/// `floor` on a `[[counter_group]]` or in `[cards]`: `{ text = "4.5pt", factors = "6.5pt" }`.
fn floor(o: &Obj) -> Floor {
    let Some(t) = o.table("floor") else { return Floor::default() };
    let f = Floor { text: font_size(&t, "text"), factors: font_size(&t, "factors") };
    t.finish();
    f
}

/// Whether a slot's text prints the placeholder `key` (spaces inside the braces allowed).
fn prints(text: &str, key: &str) -> bool {
    text.split('{').skip(1).filter_map(|p| p.split_once('}')).any(|(k, _)| k.trim() == key)
}

/// `underline` on a layout slot: `{ placeholder = "flag" }`.
fn underline(so: &Obj) -> Vec<(Sp<String>, Sp<String>)> {
    let Some(v) = so.get("underline") else { return Vec::new() };
    let DeValue::Table(t) = v.get_ref() else { return Vec::new() };
    t.iter()
        .filter_map(|(k, v)| match v.get_ref() {
            DeValue::String(flag) => Some((
                Sp::new(k.get_ref().to_string(), so.ctx.loc(k.span())),
                Sp::new(flag.to_string(), so.ctx.loc(v.span())),
            )),
            _ => {
                so.ctx.push(
                    Diagnostic::error(diag::WRONG_TYPE, format!("`underline.{}` must be a text", k.get_ref()))
                        .at(&so.ctx.loc(v.span()))
                        .help("name the value that says when to underline: underline = { range = \"short_range\" }"),
                );
                None
            }
        })
        .collect()
}

/// `front_face` or `back_face` on a counter: its style, symbol and text size and weight.
fn face(o: &Obj, key: &'static str) -> Face {
    let Some(t) = o.table(key) else { return Face::default() };
    let face = Face {
        style: style_of(&t, key),
        symbol: t.str("symbol"),
        icon: t.str("icon"),
        font_size: font_size(&t, "font_size"),
        bold: t.bool("bold").map(|b| b.v),
    };
    t.finish();
    face
}

/// `ids`: a list of identifiers (`["XXIV", "XLVI"]`, numbers allowed) or a numeric range
/// (`"1-12"`, `"01-12"` keeps the zeros); at most [`MAX_RUN`] of them, none twice.
fn run(o: &Obj) -> Option<Run> {
    let v = o.get("ids")?;
    let loc = o.ctx.loc(v.span());
    let bad = |msg: String, at: &Loc, help: &str| {
        o.ctx.push(Diagnostic::error(diag::INVALID_VALUE, msg).at(at).help(help.to_string()));
    };
    let ids: Vec<Sp<String>> = match v.get_ref() {
        DeValue::Array(items) => {
            let mut ids: Vec<Sp<String>> = Vec::new();
            for it in items {
                let at = o.ctx.loc(it.span());
                let id = match it.get_ref() {
                    DeValue::String(s) if !s.trim().is_empty() => s.to_string(),
                    DeValue::Integer(i) => i.to_string(),
                    _ => {
                        bad(
                            "an id of a run must be a text or a whole number".into(),
                            &at,
                            "write ids = [\"XXIV\", \"XLVI\"] or ids = [1, 2, 3]",
                        );
                        continue;
                    }
                };
                if ids.iter().any(|x| x.v == id) {
                    o.ctx.push(
                        Diagnostic::error(diag::DUPLICATE_ID, format!("`{id}` is twice in this run"))
                            .at(&at)
                            .label("given twice")
                            .help("each id of a run gives one counter: remove one, or raise `quantity` for copies"),
                    );
                    continue;
                }
                ids.push(Sp::new(id, at));
            }
            ids
        }
        DeValue::String(s) => match range(s) {
            Ok(ids) => ids.into_iter().map(|id| Sp::new(id, loc.clone())).collect(),
            Err(msg) => {
                bad(
                    msg,
                    &loc,
                    "write a range of numbers, smallest first, such as ids = \"1-12\", or a list: ids = [\"XXIV\", \"XLVI\"]",
                );
                return None;
            }
        },
        _ => {
            o.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, "`ids` must be a list of ids or a range")
                    .at(&loc)
                    .help("write ids = [\"XXIV\", \"XLVI\"] or ids = \"1-12\""),
            );
            return None;
        }
    };
    if ids.len() > MAX_RUN {
        o.ctx.push(
            Diagnostic::error(
                diag::INVALID_VALUE,
                format!("this run gives {} counters, more than {MAX_RUN}", ids.len()),
            )
            .at(&loc)
            .label(format!("at most {MAX_RUN}"))
            .help("split it into several runs, or check for a typo (playaid's limits are listed in docs/FORMAT.md)"),
        );
        return None;
    }
    if ids.is_empty() {
        bad("`ids` gives no counter".into(), &loc, "list at least one id, or remove `ids`");
        return None;
    }
    Some(Run { ids, loc })
}

/// The ids of a range `"1-12"`: `Err` says what is wrong with it. Bounded before anything is
/// allocated, so that a typo such as "1-1000000000" costs nothing.
fn range(s: &str) -> Result<Vec<String>, String> {
    let not_a_range = || match s.trim() {
        "" => "`ids` is an empty text, not a range of numbers".to_string(),
        _ => format!("`{s}` is not a range of numbers"),
    };
    let (a, b) = s.split_once('-').ok_or_else(not_a_range)?;
    let (a, b) = (a.trim(), b.trim());
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|c| c.is_ascii_digit());
    if !digits(a) || !digits(b) {
        return Err(not_a_range());
    }
    let (from, to): (u64, u64) = (a.parse().map_err(|_| not_a_range())?, b.parse().map_err(|_| not_a_range())?);
    if from > to {
        return Err(format!("the range `{s}` runs backwards"));
    }
    if to - from >= MAX_RUN as u64 {
        return Err(format!("the range `{s}` gives {} counters, more than {MAX_RUN}", to - from + 1));
    }
    let width = if a.starts_with('0') && a.len() > 1 { a.len() } else { 0 };
    Ok((from..=to).map(|n| format!("{n:0width$}")).collect())
}

/// A slot's name as written in the data: `top_left` for the model's `top-left`.
fn slot_key(slot: &str) -> String {
    slot.replace('-', "_")
}

/// The model's name of the slot written `key`, and whether `key` is an old spelling
/// (`top-left`).
fn slot_of(key: &str) -> Option<(&'static str, bool)> {
    SLOTS.iter().find_map(|s| {
        if slot_key(s) == key {
            Some((*s, false))
        } else if *s == key {
            Some((*s, true))
        } else {
            None
        }
    })
}

fn layout(o: &Obj, key: &'static str) -> Option<(Vec<Slot>, Loc)> {
    let t = o.table(key)?;
    let keys: Vec<String> = SLOTS.iter().map(|s| slot_key(s)).collect();
    let mut slots: Vec<Slot> = Vec::new();
    for (k, v) in t.table.iter() {
        let written = k.get_ref().as_ref();
        let loc = t.ctx.loc(k.span());
        let Some((slot, old)) = slot_of(written) else {
            let canon = written.replace('-', "_").replace("center", "centre");
            let mut d = Diagnostic::error(diag::UNKNOWN_FIELD, format!("unknown counter slot `{written}`"))
                .at(&loc)
                .label("not a slot of a counter face");
            // `bottom-centre`, `center`: one slot it can only mean.
            if keys.contains(&canon) {
                d = d.fix(&loc, written, canon.as_str());
            }
            d = match keys
                .iter()
                .find(|s| **s == canon)
                .map(String::as_str)
                .or_else(|| diag::did_you_mean(written, keys.iter().map(String::as_str)))
            {
                Some(s) => d.help(format!("did you mean `{s}`? The slots are: {}", keys.join(", "))),
                None => d.help(format!("the slots are: {}", keys.join(", "))),
            };
            t.ctx.push(d);
            continue;
        };
        let new = slot_key(slot);
        if slots.iter().any(|s| s.name.v == slot) {
            t.ctx.push(
                Diagnostic::error(diag::DUPLICATE_ID, format!("slot `{new}` is given twice in `{key}`"))
                    .at(&loc)
                    .label("given twice")
                    .help(format!("`{slot}` is the old spelling of `{new}`: keep `{new}` and remove `{slot}`")),
            );
            continue;
        }
        if old {
            t.ctx.push(
                Diagnostic::warning(diag::DEPRECATED_SPELLING, format!("slot `{written}` is now `{new}`"))
                    .at(&loc)
                    .fix(&loc, written, new.as_str())
                    .label(format!("write `{new}`"))
                    .help("rename it; the old spelling will stop working in a later version"),
            );
        }
        let name = Sp::new(slot.to_string(), loc);
        match v.get_ref() {
            DeValue::String(s) => slots.push(Slot {
                name,
                text: Sp::new(s.to_string(), t.ctx.loc(v.span())),
                size: None,
                bold: None,
                underline: Vec::new(),
            }),
            DeValue::Table(_) => {
                let Some(so) = Obj::from_value(t.ctx, v, &super::fields::SLOT, format!("slot `{new}`")) else {
                    continue;
                };
                so.renamed("font_size", "size", &format!("in slot `{new}`"));
                let text = so.req_str("text");
                let size = font_size(&so, "font_size");
                let bold = so.bool("bold").map(|b| b.v);
                let underline = underline(&so);
                for (key, _) in underline.iter().filter(|(k, _)| text.as_ref().is_some_and(|t| !prints(&t.v, &k.v))) {
                    so.ctx.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("slot `{new}` does not print `{{{}}}`", key.v))
                            .at(&key.loc)
                            .label("not a placeholder of this slot's text")
                            .help("underline names a placeholder of the slot's `text`: underline = { range = \"short_range\" } for \"{range}\""),
                    );
                }
                so.finish();
                if let Some(text) = text {
                    slots.push(Slot { name, text, size, bold, underline });
                }
            }
            _ => t.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, format!("slot `{new}` must be a text or a table"))
                    .at(&t.ctx.loc(v.span()))
                    .help("write top = \"{name}\" or bottom = { text = \"{attack}-{defence}\", font_size = \"7pt\" }"),
            ),
        }
    }
    // Every key was looked at above.
    Some((slots, t.ctx.loc(t.span.clone())))
}

pub(super) fn read_counter_group(o: &Obj) -> CounterGroup {
    let name = o.str("name");
    let g = CounterGroup {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name,
        size: size(o, "size", &[]),
        font_size: font_size(o, "font_size"),
        layout: layout(o, "layout"),
        back_layout: layout(o, "back_layout"),
        front_style: face_style(o, "front_style"),
        back_style: face_style(o, "back_style"),
        kinds: o.ids("kinds"),
        min_font_size: font_size(o, "min_font_size"),
        floor: floor(o),
        safe: length(o, "safe"),
        block: block(o),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    g
}

/// `block` on a counter group: `true`, `false`, or `{ steps, marks, count }`.
fn block(o: &Obj) -> Option<BlockSpec> {
    let v = o.get("block")?;
    let loc = o.ctx.loc(v.span());
    match v.get_ref() {
        DeValue::Boolean(true) => Some(BlockSpec { steps: None, pips: false, count: None, loc }),
        DeValue::Boolean(false) => None,
        DeValue::Table(_) => {
            let t = o.table("block")?;
            let marks = t.str("marks");
            let pips = match marks.as_ref().map(|m| m.v.as_str()) {
                None | Some("digits") => false,
                Some("pips") => true,
                Some(other) => {
                    let m = marks.as_ref().expect("marks");
                    t.ctx.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("unknown block marks `{other}`"))
                            .at(&m.loc)
                            .help("write marks = \"digits\" (a number on each edge) or \"pips\" (that many dots)"),
                    );
                    false
                }
            };
            let spec = BlockSpec { steps: t.id("steps", false), pips, count: t.id("count", false), loc };
            t.finish();
            Some(spec)
        }
        _ => {
            o.ctx.wrong_type("block", "true or a table such as { steps = \"strength\" }", v);
            None
        }
    }
}

fn values(ctx: &Ctx, v: &Spanned<DeValue>) -> Vec<(Sp<String>, Sp<Scalar>)> {
    let DeValue::Table(t) = v.get_ref() else { return Vec::new() };
    t.iter()
        .filter_map(|(k, v)| Some((Sp::new(k.get_ref().to_string(), ctx.loc(k.span())), scalar_of(v, ctx)?)))
        .collect()
}

pub(super) fn read_counter(o: &Obj) -> Counter {
    let front = match o.get("front") {
        Some(v) if matches!(v.get_ref(), DeValue::Table(_)) => values(o.ctx, v),
        Some(v) => {
            o.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, "`front` must be a table of values")
                    .at(&o.ctx.loc(v.span()))
                    .help("write front = { attack = 4, defence = 4 }"),
            );
            Vec::new()
        }
        None => Vec::new(),
    };
    let back = match o.get("back") {
        None => Back::Same,
        Some(v) => match v.get_ref() {
            DeValue::Table(_) => Back::Values(values(o.ctx, v)),
            DeValue::String(s) if s.as_ref() == "same" => Back::Same,
            DeValue::String(s) if s.as_ref() == "blank" => Back::Blank,
            _ => {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "`back` must be a table of values, \"same\" or \"blank\"")
                        .at(&o.ctx.loc(v.span()))
                        .help("write back = { attack = 2 } for a reduced side, back = \"blank\" for a plain back, or leave it out for the same as the front"),
                );
                Back::Same
            }
        },
    };
    o.renamed("counter_group", "group", "on a counter");
    let c = Counter {
        id: o.id("id", false),
        name: o.str("name"),
        unit: o.id("unit", false),
        group: o.id("counter_group", false),
        label: o.str("label"),
        side: o.id("side", false),
        quantity: o.int("quantity"),
        symbol: o.str("symbol"),
        image: o.str("image"),
        icon: o.str("icon"),
        front,
        back,
        color: o.str("color").and_then(|s| {
            let loc = s.loc.clone();
            color_of(o.ctx, s).map(|c| Sp::new(c, loc))
        }),
        front_face: face(o, "front_face"),
        back_face: face(o, "back_face"),
        run: run(o),
        loc: o.ctx.loc(o.span.clone()),
    };
    if let (Some(id), Some(run)) = (&c.id, &c.run) {
        o.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, "a counter run has `ids`, not also an `id`")
                .at(&id.loc)
                .label("the run's counters take their ids from `ids`")
                .help(format!("remove `id = \"{}\"`, or `ids` ({} counters) for one counter", id.v, run.ids.len())),
        );
    }
    if c.name.is_none() && c.unit.is_none() {
        o.ctx.push(
            Diagnostic::error(diag::MISSING_FIELD, "a counter needs a `unit` or a `name`")
                .at(&o.ctx.loc(o.span.clone()))
                .help("write unit = \"<unit id>\" for a unit's counter, or name = \"Ops Complete\" for a marker"),
        );
    }
    o_finish(o);
    c
}

pub(super) fn read_card_options(game: &mut Game, o: &Obj) {
    let opts = &mut game.card_options;
    opts.loc = Some(o.ctx.loc(o.span.clone()));
    imposition(o, &mut opts.sheet);
    opts.size = size(o, "size", CARD_SIZES);
    if let Some(b) = length(o, "bleed") {
        opts.bleed = b.v;
    }
    if let Some(s) = length(o, "safe") {
        opts.safe = s.v;
        opts.safe_at = Some(s.loc);
    }
    opts.floor = floor(o);
    if let Some(f) = font_size(o, "font_size") {
        opts.font_size_at = Some(f.loc.clone());
        if (4.0..=14.0).contains(&f.v) {
            opts.font_size = f.v;
        } else {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("font_size {} pt is outside 4 to 14 pt", f.v))
                    .at(&f.loc)
                    .help("card text reads well at 6 to 8 pt"),
            );
        }
    }
    opts.min_font_size = font_size(o, "min_font_size");
    o.renamed("ability_text", "abilities", "in [cards]");
    if let Some(s) = o.str("ability_text") {
        match s.v.as_str() {
            "full" => opts.abilities = AbilityStyle::Full,
            "short" => opts.abilities = AbilityStyle::Short,
            _ => o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown ability style `{}`", s.v))
                    .at(&s.loc)
                    .help("write \"full\" (the whole text) or \"short\" (each ability's short form)"),
            ),
        }
    }
    opts.kinds = o.ids("kinds");
    o.renamed("card_back", "back", "in [cards]");
    opts.back = o.id("card_back", false);
    opts.layout = o.id("layout", false);
    opts.max_font_size = font_size(o, "max_font_size");
    if let Some(s) = o.str("stat_icons") {
        match s.v.as_str() {
            "beside" => opts.stat_icons = StatIcons::Beside,
            "instead" => opts.stat_icons = StatIcons::Instead,
            _ => o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown `stat_icons` value `{}`", s.v))
                    .at(&s.loc)
                    .help("write \"beside\" (the icon, then the label) or \"instead\" (the icon alone)"),
            ),
        }
    }
    if let Some(b) = o.bool("same_size") {
        opts.same_size = b.v;
    }
    o.finish();
}

pub(super) fn read_card_back(o: &Obj) -> CardBack {
    let title = o.str("title");
    let b = CardBack {
        id: id_or_slug(o, &title).unwrap_or_default_sp(o),
        side: o.id("side", false),
        title,
        text: o.text("text"),
        image: o.str("image"),
        color: o.str("color").and_then(|s| {
            let loc = s.loc.clone();
            color_of(o.ctx, s).map(|c| Sp::new(c, loc))
        }),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    b
}

pub(super) fn read_card(o: &Obj) -> Card {
    o.renamed("fields", "stats", "on a card");
    o.renamed("card_back", "back", "on a card");
    let stats = match o.get("fields") {
        Some(v) if matches!(v.get_ref(), DeValue::Table(_)) => values(o.ctx, v),
        Some(v) => {
            o.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, "`fields` must be a table")
                    .at(&o.ctx.loc(v.span()))
                    .help("write fields = { Move = 1, Cover = \"+1\" }"),
            );
            Vec::new()
        }
        None => Vec::new(),
    };
    let c = Card {
        id: o.id("id", false),
        unit: o.id("unit", false),
        title: o.str("title"),
        subtitle: o.str("subtitle"),
        side: o.id("side", false),
        stats,
        text: o.texts("text"),
        image: o.str("image"),
        quantity: o.int("quantity"),
        back: o.id("card_back", false),
        color: o.str("color").and_then(|s| {
            let loc = s.loc.clone();
            color_of(o.ctx, s).map(|c| Sp::new(c, loc))
        }),
        layout: o.id("layout", false),
        corner: o.str("corner"),
        icon: o.str("icon"),
        reference: card_ref(o),
        strategy: super::decks::strategy(o),
        loc: o.ctx.loc(o.span.clone()),
    };
    if c.title.is_none() && c.unit.is_none() && c.reference.is_none() {
        o.ctx.push(
            Diagnostic::error(diag::MISSING_FIELD, "a card needs a `unit` or a `title`")
                .at(&o.ctx.loc(o.span.clone()))
                .help(
                    "write unit = \"<unit id>\" for a unit's card, section = \"<section id>\" for a rule's, or \
                     title = \"Forest\" for any other card",
                ),
        );
    }
    o_finish(o);
    c
}

/// The rule a reference card prints: the first of `section` (an id or a number), `table`,
/// `sequence`, `ability`, `terrain` it has. A second one is E047 (a card prints one rule).
fn card_ref(o: &Obj) -> Option<CardRef> {
    let mut found: Option<CardRef> = None;
    for &key in CARD_REFS {
        // An ability may carry its value: "tough 2".
        let (id, param) = match key {
            "section" => (o.str(key), None),
            "ability" => match o.str(key) {
                Some(s) => {
                    let r = AbilityRef::parse(&s.v, s.loc.clone());
                    (Some(Sp::new(r.id, s.loc)), r.param)
                }
                None => (None, None),
            },
            _ => (o.id(key, false), None),
        };
        let Some(id) = id else { continue };
        match &found {
            None => found = Some(CardRef { key, id, param }),
            Some(first) => o.ctx.push(
                Diagnostic::error(
                    diag::CARD_REFERENCES,
                    format!("a card prints one rule: this one has `{}` and `{key}`", first.key),
                )
                .at(&id.loc)
                .label("a second rule")
                .help(format!(
                    "keep `{} = \"{}\"` and make a second card for `{key} = \"{}\"`",
                    first.key, first.id.v, id.v
                )),
            ),
        }
    }
    found
}

pub(super) fn read_card_layout(o: &Obj) -> CardLayout {
    let stat_style = o.str("stat_style").and_then(|s| match s.v.as_str() {
        "boxes" => Some(StatStyle::Boxes),
        "rows" => Some(StatStyle::Rows),
        _ => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown stat style `{}`", s.v))
                    .at(&s.loc)
                    .help("write \"boxes\" (a bar of boxes) or \"rows\" (label and value on each line)"),
            );
            None
        }
    });
    let l = CardLayout {
        id: o.id("id", true).unwrap_or_default_sp(o),
        base: o.id("base", false),
        zones: o.has("zones").then(|| o.strs("zones")),
        art_height: length(o, "art_height"),
        title_size: font_size(o, "title_size"),
        stat_style,
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_run_upwards_keep_their_zeros_and_stay_within_the_limit() {
        assert_eq!(range("1-3").unwrap(), ["1", "2", "3"]);
        assert_eq!(range(" 08 - 10 ").unwrap(), ["08", "09", "10"]);
        assert_eq!(range("7-7").unwrap(), ["7"]);
        assert_eq!(range("1-1000").unwrap().len(), MAX_RUN);
        assert!(range("1-1001").unwrap_err().contains("more than 1000"));
        assert!(range("12-1").unwrap_err().contains("runs backwards"));
        for bad in ["", "1", "1-", "-3", "a-b", "1-2-3", "1-99999999999999999999999"] {
            assert!(range(bad).is_err(), "{bad:?}");
        }
    }
}
