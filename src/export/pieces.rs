//! Counters and cards for their templates: the layout, as JSON.

use serde_json::{Value, json};

use super::charts::{capitalise, shift_words, signed};
use super::{ExportOptions, Exporter};
use crate::check::section_of;
use crate::layout::counters::COUNTER_PAD_MM;
use crate::layout::geometry::{Bands, PRINTABLE_EDGE_MM, SHEET_BAND_MM, bands};
use crate::layout::symbol::Symbol;
use crate::layout::{Counters as LaidOut, RCounter, RFace, RGroup};
use crate::model::*;

fn sheet_json(s: &Imposition, page: (f64, f64), cut: Option<Cut>, gutter: f64) -> Value {
    let (w, h) = page;
    // The scale check: 50 mm, or 2 in on US Letter (a ruler there is in inches).
    let letter = (w - 215.9).abs() < 0.01 || (h - 215.9).abs() < 0.01;
    let (scale, scale_label) = if letter { (50.8, "2 in") } else { (50.0, "50 mm") };
    json!({
        "width": w, "height": h,
        "duplex": s.duplex.name(),
        "offset": [s.back_offset.0, s.back_offset.1],
        "gutter": gutter,
        "margin": s.margin,
        "marks": s.marks,
        "cut": match cut { Some(Cut::Gutter) => "gutter", Some(Cut::Butt) => "butt", None => "none" },
        "printable_edge": PRINTABLE_EDGE_MM,
        "band": SHEET_BAND_MM,
        "scale": scale,
        "scale_label": scale_label,
    })
}

/// The band names of a grid (see [`bands`]); `grid` made sure one fits.
fn bands_name(
    page: (f64, f64),
    s: &Imposition,
    gutter: f64,
    bleed: f64,
    size: (f64, f64),
    grid: (usize, usize),
) -> &'static str {
    bands(page, s, gutter, bleed, size, grid).unwrap_or(Bands::TopBottom).name()
}

/// A printed copy run on a sheet: (counter, how many, first copy, starts a new row).
type Run = (usize, i64, i64, bool);

/// The sheets of one size, each a list of runs. On a butt-cut sheet a change of background
/// colour starts a new row, so that a cut a little off shows no neighbour's colour: a counter
/// is never butted against one of another colour on its left or right, and rows of one colour
/// meet rows of another only along a full cut line.
fn plan_sheets(
    stream: Vec<(usize, i64)>,
    counters: &[RCounter],
    cols: usize,
    per_page: usize,
    butt: bool,
) -> Vec<Vec<Run>> {
    let mut sheets: Vec<Vec<Run>> = Vec::new();
    let mut cell = per_page; // a new sheet before the first copy
    let mut last_bg: Option<&str> = None;
    for (i, quantity) in stream.into_iter().filter(|s| s.1 > 0) {
        let bg = counters[i].front.background.as_str();
        let mut new_row = butt && last_bg.is_some_and(|b| b != bg) && !cell.is_multiple_of(cols);
        last_bg = Some(bg);
        let (mut left, mut first) = (quantity, 0);
        while left > 0 {
            if new_row {
                cell = cell.div_ceil(cols) * cols;
            }
            if cell >= per_page {
                sheets.push(Vec::new());
                cell = 0;
                new_row = false;
            }
            let take = left.min((per_page - cell) as i64);
            sheets.last_mut().expect("a sheet").push((i, take, first, new_row));
            cell += take as usize;
            left -= take;
            first += take;
            new_row = false;
        }
    }
    sheets
}

#[derive(serde::Serialize)]
struct Counters<'a> {
    sheet: Value,
    /// The die-cut safe area (mm) the checker measured text with.
    pad: f64,
    groups: Vec<Group<'a>>,
}

#[derive(serde::Serialize)]
struct Group<'a> {
    id: &'a str,
    /// The names of the groups sharing these sheets, joined.
    name: Option<String>,
    width: f64,
    height: f64,
    font_size: f64,
    min_font_size: Option<f64>,
    symbol_box: [f64; 2],
    /// Columns and rows a sheet holds.
    grid: [usize; 2],
    /// Where the header and the scale bar go (`top-bottom` or `sides`).
    bands: &'static str,
    /// The number of this part's first sheet of the group, and the group's sheets in all.
    first_sheet: i64,
    sheets: i64,
    items: Vec<Item<'a>>,
}

#[derive(serde::Serialize)]
struct Item<'a> {
    index: usize,
    quantity: i64,
    #[serde(skip_serializing_if = "is_zero")]
    first_copy: i64,
    /// The first copy starts a new row (a change of colour on a butt-cut sheet).
    #[serde(skip_serializing_if = "is_false")]
    row_break: bool,
    front: &'a RFace,
    back: Option<&'a RFace>,
    symbol: Option<&'a Symbol>,
    image: Option<String>,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn image_path(p: &str) -> String {
    format!("/{}", p.trim_start_matches("./"))
}

/// Cards placed on the sheets. Butted together (no gutter), no card shares a cut line with a
/// card of another colour (front or back), so that a cut a little off shows no neighbour's
/// colour: colours are taken in the order they first appear, the cards of one colour in the
/// data's order, and each copy goes to the first cell of the current sheet whose four
/// neighbours are empty or of its colour, else to a new sheet. Each copy becomes an item with
/// its `sheet` and `cell` (row by row), which `impose` places as told. With a gutter each card
/// keeps its own bleed: the data's order, as `impose` fills the cells.
fn place_by_colour(items: Vec<Value>, gutter: f64, grid: (usize, usize)) -> Vec<Value> {
    let (cols, rows) = grid;
    let per_page = cols * rows;
    if gutter > 0.0 || per_page == 0 {
        return items;
    }
    let key = |it: &Value| format!("{} {}", it["color"], it["back"]["color"]);
    let mut colours: Vec<String> = Vec::new();
    for it in &items {
        if !colours.contains(&key(it)) {
            colours.push(key(it));
        }
    }
    // The current sheet: each cell's colour, if taken.
    let mut sheet: Vec<Option<usize>> = vec![None; per_page];
    let mut sheet_no = 0usize;
    let mut placed: Vec<(usize, usize, Value)> = Vec::new();
    let fits = |sheet: &[Option<usize>], cell: usize, colour: usize| {
        let (c, r) = (cell % cols, cell / cols);
        let mut near = Vec::with_capacity(4);
        if c > 0 {
            near.push(cell - 1);
        }
        if c + 1 < cols {
            near.push(cell + 1);
        }
        if r > 0 {
            near.push(cell - cols);
        }
        if r + 1 < rows {
            near.push(cell + cols);
        }
        sheet[cell].is_none() && near.iter().all(|&n| sheet[n].is_none_or(|k| k == colour))
    };
    for (colour, k) in colours.iter().enumerate() {
        for it in items.iter().filter(|it| &key(it) == k) {
            let quantity = it["quantity"].as_i64().unwrap_or(1).max(1);
            for copy in 0..quantity {
                let cell = match (0..per_page).find(|&cell| fits(&sheet, cell, colour)) {
                    Some(cell) => cell,
                    None => {
                        sheet = vec![None; per_page];
                        sheet_no += 1;
                        0
                    }
                };
                sheet[cell] = Some(colour);
                let mut one = it.clone();
                one["quantity"] = json!(1);
                one["first_copy"] = json!(copy);
                one["sheet"] = json!(sheet_no);
                one["cell"] = json!(cell);
                placed.push((sheet_no, cell, one));
            }
        }
    }
    placed.sort_by_key(|p| (p.0, p.1));
    placed.into_iter().map(|p| p.2).collect()
}

/// A terrain card's stats, printed as rows: movement (one cost, or one per movement type),
/// combat (column shift, defence, DRM) and line of sight, as the terrain effects chart has them.
fn terrain_rows(t: &Terrain) -> Vec<Value> {
    let row = |label: &str, value: String| json!({"label": label, "name": label, "value": value, "note": null});
    let mut out = Vec::new();
    let mut moves: Vec<String> = t.movement.all.iter().map(|c| c.v.clone()).collect();
    moves.extend(t.movement.by_type.iter().map(|(k, c)| format!("{} {}", capitalise(&k.v), c.v)));
    if !moves.is_empty() {
        out.push(row(if t.hexside { "Crossing" } else { "Movement" }, moves.join(" · ")));
    }
    let mut combat = Vec::new();
    if let Some(s) = &t.shift {
        combat.push(format!("shift {}", shift_words(s.v)));
    }
    if let Some(d) = &t.defence {
        combat.push(format!("defence ×{}", d.v));
    }
    if let Some(d) = &t.drm {
        combat.push(format!("{} DRM", signed(d.v)));
    }
    if !combat.is_empty() {
        out.push(row("Combat", combat.join(", ")));
    }
    if let Some(los) = t.los {
        out.push(row("Line of sight", los.name().to_string()));
    }
    out
}

/// Groups that share sheets, in order of their first member: small groups of one size (four
/// markers here, six there) fill one sheet instead of a sheet each.
fn sharing_sheets(groups: &[RGroup]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        match out.iter_mut().find(|m| groups[m[0]].size == g.size) {
            Some(m) => m.push(gi),
            None => out.push(vec![gi]),
        }
    }
    out
}

impl Exporter<'_> {
    /// The counter sheet, serialised straight from the layout (thousands of counters: no
    /// intermediate JSON tree). Split into parts along sheet boundaries when
    /// `opts.part_size` is set and the sheet prints more counters than that: each part is
    /// compiled on its own, so memory stays bounded however big the game (see build.rs).
    pub(super) fn counters(&mut self, opts: &ExportOptions) -> Vec<Vec<u8>> {
        let co = &self.game.counter_options;
        let LaidOut { groups, counters, page, gutter } = &self.layout.counters;
        let base = self.pieces.len();
        for c in counters {
            self.pieces.push((c.what.clone(), c.loc.clone()));
        }
        // Split only sheets bigger than a part: smaller ones compile whole (and incrementally in
        // watch mode).
        let printed: i64 = counters.iter().map(|c| c.quantity).sum();
        let part_size = opts.part_size.filter(|&p| printed as usize > p);
        let mut parts: Vec<Vec<Group>> = vec![Vec::new()];
        let mut in_part = 0usize;
        for members in sharing_sheets(groups) {
            let g = &groups[members[0]];
            // Printed copies of these groups, group by group: (counter, how many).
            let stream: Vec<(usize, i64)> = members
                .iter()
                .flat_map(|&gi| counters.iter().enumerate().filter(move |(_, c)| c.group == gi))
                .map(|(i, c)| (i, c.quantity))
                .collect();
            let names: Vec<&str> = members.iter().filter_map(|&gi| groups[gi].name.as_deref()).collect();
            let name = (!names.is_empty()).then(|| names.join(" · "));
            let (cols, rows) = g.grid;
            let plan = plan_sheets(stream, counters, cols, cols * rows, co.cut == Cut::Butt);
            if plan.is_empty() {
                continue;
            }
            let sheets = plan.len() as i64;
            let sb = g.symbol_box;
            let new_group = |first_sheet: i64| Group {
                id: &g.id,
                name: name.clone(),
                width: g.size.0,
                height: g.size.1,
                font_size: g.font_size,
                min_font_size: g.min_font_size,
                symbol_box: [sb.0, sb.1],
                grid: [cols, rows],
                bands: bands_name(*page, &co.sheet, *gutter, 0.0, g.size, g.grid),
                first_sheet,
                sheets,
                items: Vec::new(),
            };
            let mut current = new_group(1);
            for (sheet_no, runs) in (1..).zip(plan) {
                let printed: usize = runs.iter().map(|r| r.1 as usize).sum();
                if let Some(limit) = part_size
                    && in_part > 0
                    && in_part + printed > limit
                {
                    let done = std::mem::replace(&mut current, new_group(sheet_no));
                    if !done.items.is_empty() {
                        parts.last_mut().expect("one part").push(done);
                    }
                    parts.push(Vec::new());
                    in_part = 0;
                }
                for (i, take, first, row_break) in runs {
                    let c = &counters[i];
                    current.items.push(Item {
                        index: base + i,
                        quantity: take,
                        first_copy: first,
                        row_break,
                        front: &c.front,
                        back: c.back.as_ref(),
                        symbol: c.symbol.as_ref(),
                        image: c.image.as_deref().map(image_path),
                    });
                }
                in_part += printed;
            }
            if !current.items.is_empty() {
                parts.last_mut().expect("one part").push(current);
            }
        }
        let sheet = sheet_json(&co.sheet, *page, Some(co.cut), *gutter);
        parts
            .into_iter()
            .map(|groups| {
                serde_json::to_vec(&Counters { sheet: sheet.clone(), pad: COUNTER_PAD_MM, groups })
                    .expect("counters serialise")
            })
            .collect()
    }

    /// The calibration page's data: the sheet of the counters (or, without counters, of the
    /// cards) it calibrates, and the table whose `back_offset` it sets.
    pub(super) fn calibration(&mut self) -> Value {
        let game = self.game;
        let has_counters = !self.layout.counters.counters.is_empty();
        let (table, sheet, page) = if has_counters || game.cards.is_empty() {
            ("counters", &game.counter_options.sheet, self.layout.counters.page)
        } else {
            ("cards", &game.card_options.sheet, self.layout.cards.page)
        };
        json!({ "table": table, "sheet": sheet_json(sheet, page, None, 0.0) })
    }

    pub(super) fn cards(&mut self) -> Value {
        let game = self.game;
        let co = &game.card_options;
        let laid = &self.layout.cards;
        let (size, pic, back_pic, (cols, rows)) = (laid.size, laid.picture, laid.back_picture, laid.grid);
        let mut items = Vec::new();
        for rc in &laid.cards {
            let index = self.pieces.len();
            self.pieces.push((rc.what.clone(), rc.loc.clone()));
            let card = rc.card.map(|i| &game.cards[i]);
            let unit = rc.unit.map(|i| self.unit(&game.units[i]));
            let (reference, ref_title) = match card.and_then(|c| c.reference.as_ref()) {
                Some(r) => self.card_reference(r),
                None => (Value::Null, None),
            };
            let title = card
                .and_then(|c| c.title.as_ref().map(|t| t.v.clone()))
                .or_else(|| unit.as_ref().and_then(|u| u["name"].as_str().map(str::to_string)))
                .or(ref_title)
                .unwrap_or_default();
            // A unit card's subtitle is its kind, unless that only repeats the title.
            let subtitle = card.and_then(|c| c.subtitle.as_ref().map(|t| t.v.clone())).or_else(|| {
                let kind = unit.as_ref().and_then(|u| u["kind_name"].as_str())?;
                (!kind.trim().eq_ignore_ascii_case(title.trim())).then(|| kind.to_string())
            });
            let side_name = rc.side.map(|s| game.sides[s].name.v.clone());
            // Stats: the unit's in its kind's order, with their notes, then the card's own.
            let mut stats: Vec<Value> = Vec::new();
            if let Some(u) = &unit {
                for s in u["stats"].as_array().into_iter().flatten() {
                    stats.push(json!({
                        "label": s["abbr"], "name": s["name"], "icon": s["icon"], "value": s["value"], "note": s["note"],
                    }));
                }
            }
            // A unit with steps: its values read "8 / 4", in the order of these names.
            let steps: Vec<Value> = unit
                .as_ref()
                .and_then(|u| u["steps"].as_array())
                .map(|steps| steps.iter().map(|s| s["name"].clone()).collect())
                .unwrap_or_default();
            // A terrain card: the terrain's effects, then the card's own fields.
            let terrain = card
                .and_then(|c| c.reference.as_ref())
                .filter(|r| r.key == "terrain")
                .and_then(|r| self.ix.get::<Terrain>(game, &r.id.v));
            if let Some(t) = terrain {
                stats.extend(terrain_rows(t));
            }
            let subtitle = subtitle.or_else(|| terrain.filter(|t| t.hexside).map(|_| "Hexside".to_string()));
            if let Some(c) = card {
                for (k, v) in &c.stats {
                    stats.push(json!({"label": k.v, "name": k.v, "value": v.v.display(), "note": null}));
                }
            }
            let abilities: Vec<Value> = unit
                .as_ref()
                .and_then(|u| u["abilities"].as_array().cloned())
                .unwrap_or_default()
                .into_iter()
                .map(|a| {
                    let text = match co.abilities {
                        AbilityStyle::Short if !a["short"].is_null() => a["short"].clone(),
                        _ => a["text"].clone(),
                    };
                    json!({"label": a["label"], "text": text})
                })
                .collect();
            let mut texts = card.map(|c| self.texts(&c.text)).unwrap_or(Value::Array(Vec::new()));
            if let (Some(t), Value::Array(list)) = (terrain, &mut texts)
                && let Some(text) = &t.text
            {
                list.insert(0, self.text(text));
            }
            let notes = unit.as_ref().map(|u| u["notes"].clone()).unwrap_or(Value::Array(Vec::new()));
            let back = match rc.back.design.map(|i| &game.card_backs[i]) {
                Some(b) => {
                    let text = self.opt_text(&b.text);
                    json!({
                        "title": b.title.as_ref().map(|t| t.v.clone()),
                        "subtitle": side_name,
                        "text": text,
                        "image": b.image.as_ref().map(|p| image_path(&p.v)),
                        "color": rc.back.color, "text_color": rc.back.text_color,
                    })
                }
                None => json!({
                    "title": game.meta.title.as_ref().map(|t| t.v.clone()),
                    "subtitle": side_name,
                    "text": null, "image": null,
                    "color": rc.back.color, "text_color": rc.back.text_color,
                }),
            };
            items.push(json!({
                "index": index,
                "quantity": rc.quantity,
                "title": title,
                "subtitle": subtitle,
                "side": side_name,
                "color": rc.color,
                "text_color": rc.text_color,
                "stats": stats,
                "steps": steps,
                "abilities": abilities,
                "texts": texts,
                "notes": notes,
                "image": rc.image.as_deref().map(image_path),
                "back": back,
                "unit": rc.unit.map(|i| game.units[i].id.v.clone()),
                "corner": card.and_then(|c| c.corner.as_ref().map(|t| t.v.clone())),
                "icon": card.and_then(|c| c.icon.as_ref().map(|t| t.v.clone())),
                "reference": reference,
                "fit": rc.fit,
                "layout": {
                    "name": rc.layout.name,
                    "zones": rc.layout.zones,
                    "stat_style": rc.layout.stat_style.name(),
                    "title_centred": rc.layout.title_centred,
                    "art_height": rc.layout.art_height,
                    "title_size": rc.layout.title_size,
                },
            }));
        }
        let items = place_by_colour(items, laid.gutter, laid.grid);
        json!({
            "sheet": sheet_json(&co.sheet, laid.page, None, laid.gutter),
            "grid": [cols, rows],
            "bands": bands_name(laid.page, &co.sheet, laid.gutter, co.bleed, size, laid.grid),
            "width": size.0, "height": size.1,
            "bleed": co.bleed, "safe": co.safe,
            "font_size": co.font_size,
            "min_font_size": co.min_font_size.as_ref().map(|m| m.v),
            "stat_icons": co.stat_icons.name(),
            "floor": co.floor.text.as_ref().map_or(CARD_TEXT_FLOOR, |f| f.v),
            "max_font_size": co.max_font_size.as_ref().map_or((co.font_size * 1.5).min(14.0).max(co.font_size), |m| m.v),
            "picture": [pic.0, pic.1],
            "back_picture": [back_pic.0, back_pic.1],
            "items": items,
        })
    }

    /// What a reference card prints (`kind`: section, table, sequence or ability, with its
    /// content as the cheatsheet has it), and the title it gives a card that has none.
    fn card_reference(&mut self, r: &CardRef) -> (Value, Option<String>) {
        let game = self.game;
        match r.key {
            "section" => match section_of(game, self.ix, &r.id.v) {
                Some(s) => {
                    let v = self.section(s);
                    (json!({"kind": "section", "section": v}), Some(s.title.v.clone()))
                }
                None => (Value::Null, None),
            },
            "table" => match self.ix.get::<Table>(game, &r.id.v) {
                Some(t) => {
                    let v = self.table(t);
                    (json!({"kind": "table", "table": v}), t.title.as_ref().map(|t| t.v.clone()))
                }
                None => (Value::Null, None),
            },
            "sequence" => match self.ix.get::<Sequence>(game, &r.id.v) {
                Some(sq) => {
                    let v = self.sequence(sq);
                    (json!({"kind": "sequence", "sequence": v}), sq.title.as_ref().map(|t| t.v.clone()))
                }
                None => (Value::Null, None),
            },
            // A terrain card prints the terrain's effects as stats and its text (see `cards`).
            "terrain" => (Value::Null, self.ix.get::<Terrain>(game, &r.id.v).map(|t| t.name.v.clone())),
            _ => match self.ix.get::<Ability>(game, &r.id.v) {
                Some(a) => {
                    let text = self.opt_text(&a.text);
                    (json!({"kind": "ability", "text": text}), Some(a.name.v.clone()))
                }
                None => (Value::Null, None),
            },
        }
    }
}
