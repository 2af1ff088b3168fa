//! Counter sheets for their template (`data.counters`), serialised straight from the layout,
//! and what pieces share: the sheet they are imposed on, the calibration page's data.

use schemars::JsonSchema;
use serde::Serialize;

use super::{ExportOptions, Exporter};
use crate::layout::counters::{COUNTER_PAD_MM, one_sided};
use crate::layout::geometry::{Bands, PRINTABLE_EDGE_MM, SHEET_BAND_MM, bands};
use crate::layout::symbol::Symbol;
use crate::layout::{Counters as LaidOut, RCounter, RFace, RGroup};
use crate::length::{Mm, Pt, mm_pair};
use crate::model::*;

/// The sheet pieces are imposed on (`[counters]` or `[cards]`), mm. Its keys are declared in
/// alphabetical order: the counter sheets are serialised straight from these structs, not
/// through a JSON value, and templates have always seen the sheet's keys in this order.
#[derive(Clone, Serialize, JsonSchema)]
pub struct SheetData {
    /// The height of the header band, mm.
    pub band: f64,
    /// How pieces are cut apart: `gutter`, `butt` or (cards, calibration) `none`.
    pub cut: &'static str,
    /// `duplex`: `long`, `short`, `fold` or `none`.
    pub duplex: &'static str,
    /// The gap between pieces, mm.
    pub gutter: f64,
    /// The page's height, mm.
    pub height: f64,
    /// `margin`, mm.
    pub margin: f64,
    /// `marks`: crop marks.
    pub marks: bool,
    /// `back_offset`: how far backs are shifted (x, y), mm.
    pub offset: [f64; 2],
    /// How near the paper's edge a printer prints, mm.
    pub printable_edge: f64,
    /// The length of the scale bar, mm: 50 mm, or 2 in on US Letter.
    pub scale: f64,
    /// The scale bar's label.
    pub scale_label: &'static str,
    /// The page's width, mm.
    pub width: f64,
}

pub(super) fn sheet_data(s: &Imposition, page: (f64, f64), cut: Option<Cut>, gutter: f64) -> SheetData {
    let (width, height) = page;
    // The scale check: 50 mm, or 2 in on US Letter (a ruler there is in inches).
    let letter = (width - 215.9).abs() < 0.01 || (height - 215.9).abs() < 0.01;
    let (scale, scale_label) = if letter { (50.8, "2 in") } else { (50.0, "50 mm") };
    SheetData {
        width,
        height,
        duplex: s.duplex.name(),
        offset: [s.back_offset.0, s.back_offset.1],
        gutter,
        margin: s.margin,
        marks: s.marks,
        cut: match cut {
            Some(Cut::Gutter) => "gutter",
            Some(Cut::Butt) => "butt",
            None => "none",
        },
        printable_edge: PRINTABLE_EDGE_MM,
        band: SHEET_BAND_MM,
        scale,
        scale_label,
    }
}

/// The band names of a grid (see [`bands`]); `grid` made sure one fits.
pub(super) fn bands_name(
    page: (f64, f64),
    s: &Imposition,
    gutter: f64,
    bleed: f64,
    size: (f64, f64),
    grid: (usize, usize),
) -> &'static str {
    bands(page, s, gutter, bleed, size, grid).unwrap_or(Bands::TopBottom).name()
}

/// Copies that print on sheets of their own: (the side whose block stickers they are, (counter,
/// how many)).
type Batch = (Option<String>, Vec<(usize, i64)>);

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

/// `data.counters`: the counter sheets (of one part, when the sheets are compiled in parts).
#[derive(Serialize, JsonSchema)]
pub struct CountersData<'a> {
    /// The sheet the counters are imposed on.
    pub sheet: SheetData,
    /// The die-cut safe area (mm) the checker measured text with.
    pub pad: f64,
    /// The art beyond the cut (mm) in the pieces document (`[counters] bleed`): the print
    /// shop's file; the sheets have none.
    pub bleed: f64,
    /// The groups of counters, each on sheets of its own size.
    pub groups: Vec<CounterGroup<'a>>,
    /// The space between groups stacked on one sheet (a group's `stack`), mm.
    pub stack_gap: f64,
    /// How deep a face's stripe usually is, as a share of the counter's height; each face
    /// says its own (`stripe_depth`), deeper where its top text needs it.
    pub stripe_depth: f64,
    /// An underlined value's underline: its offset below the baseline and its thickness, em.
    pub underline: [f64; 2],
    /// `build --since`'s mark on a changed counter's front: the side of the triangle in its
    /// top left corner, mm (inside the 1 mm text keeps clear of the cut, on the smallest face).
    pub change_mark: f64,
}

/// Counters of one size, on their sheets: one `[[counter_group]]`, or several sharing sheets.
#[derive(Serialize, JsonSchema)]
pub struct CounterGroup<'a> {
    /// The (first) group's id.
    pub id: &'a str,
    /// The names of the groups sharing these sheets, joined.
    pub name: Option<String>,
    /// The counters' size, mm.
    pub width: Mm,
    /// The counters' size, mm.
    pub height: Mm,
    /// The text size, pt.
    pub font_size: Pt,
    /// How far text may shrink, pt.
    pub min_font_size: Option<Pt>,
    /// The box the symbol or picture is drawn in (width, height), mm.
    pub symbol_box: [Mm; 2],
    /// Columns and rows a sheet holds.
    pub grid: [usize; 2],
    /// Where the header and the scale bar go (`top-bottom` or `sides`).
    pub bands: &'static str,
    /// The number of this part's first sheet of the group.
    pub first_sheet: i64,
    /// The group's sheets in all.
    pub sheets: i64,
    /// Printed on the page of the group before it, below its counters (`STACK_GAP_MM` apart),
    /// where both fit one sheet together: counters of different sizes share a sheet instead of
    /// leaving most of two blank. The page's bands are stacked and centred as one.
    pub stack: bool,
    /// Block stickers: one side's, printed on one side of the paper only (a block's other
    /// faces are its wood, in the side's colour); their backs are for the virtual tabletops.
    #[serde(skip_serializing_if = "is_false")]
    pub stickers: bool,
    /// What the header of the sheets this group starts says after the game's title: the
    /// names of the groups on them with their sizes ("Units (19.05 mm) · Markers"), shortened
    /// by playaid until the header fits one line of the page (sizes left out, then the rules
    /// version, then the names cut with "…").
    pub sheet_title: String,
    /// Whether that header names the rules version (left out only when the line is too long).
    pub sheet_version: bool,
    /// The counters printed, in order.
    pub items: Vec<CounterItem<'a>>,
}

/// The side of the change mark in a changed counter's corner, mm.
const CHANGE_MARK_MM: f64 = 1.4;

/// The space between two groups stacked on one sheet, mm: room for the crop marks of both.
pub(super) const STACK_GAP_MM: f64 = 12.0;

/// The rows a group's items take on its sheet (a row break skips to the next row).
fn used_rows(items: &[CounterItem], cols: usize) -> usize {
    let mut cell = 0usize;
    for it in items {
        if it.row_break && !cell.is_multiple_of(cols) {
            cell = cell.div_ceil(cols) * cols;
        }
        cell += it.quantity.max(0) as usize;
    }
    cell.div_ceil(cols.max(1))
}

/// Marks each group that fits below the one before it on that group's one sheet (both of a
/// single sheet, not folded): the stack, `STACK_GAP_MM` between groups and centred on the page,
/// stays inside the sheet's margin and leaves the header above and the scale bar below their
/// band and 1 mm, inside the printable edge (each grid fits the page's width by construction).
fn stack_groups(groups: &mut [CounterGroup], sheet: &Imposition, page: (f64, f64), gutter: f64) {
    if sheet.duplex == Duplex::Fold {
        return;
    }
    // Inside the sheet's margin, as every grid is, and clear of the header and scale bar.
    let room = (page.1 - 2.0 * sheet.margin).min(page.1 - 2.0 * (PRINTABLE_EDGE_MM + SHEET_BAND_MM + 1.0));
    let height = |g: &CounterGroup, rows: usize| rows as f64 * g.height.0 + rows.saturating_sub(1) as f64 * gutter;
    let one_sheet = |g: &CounterGroup| g.sheets == 1 && g.first_sheet == 1;
    let mut run: Option<f64> = None; // the stack's height so far
    // Sticker sheets (one-sided) share a page only with sticker sheets: each side's blocks in
    // a band of their own.
    let mut last_stickers = false;
    for g in groups.iter_mut() {
        let used = height(g, used_rows(&g.items, g.grid[0]));
        let mixed = std::mem::replace(&mut last_stickers, g.stickers) != g.stickers;
        run = match run {
            Some(h) if !mixed && one_sheet(g) && h + STACK_GAP_MM + used <= room + 1e-6 => {
                g.stack = true;
                Some(h + STACK_GAP_MM + used)
            }
            _ => one_sheet(g).then_some(used),
        };
    }
}

/// The header of each run of groups sharing sheets (a group and those stacked after it): its
/// groups' names and sizes after the game's title and rules version, on one line of the page.
/// Too long, it drops the sizes, then the rules version, then cuts the names with "…": a
/// header never wraps off the page's edge.
fn fit_sheet_titles(game: &Game, groups: &mut [CounterGroup], page: (f64, f64), gutter: f64) {
    use crate::layout::fonts::text_width;
    const HEADER_PT: Pt = Pt(6.5);
    let mut start = 0;
    while start < groups.len() {
        let end = start + 1 + groups[start + 1..].iter().take_while(|g| g.stack).count();
        let run = &groups[start..end];
        let sheets = run[0].sheets;
        // The longest right part the sheet may print, and the page's printable width.
        let words = &game.meta.words;
        let n = sheets.to_string();
        let sheet = words.say("sheet_of", &[("sheet", &n), ("sheets", &n)]);
        let right = ["fronts_and_backs_fold", "fronts_one_sided", "fronts_duplex", "backs_duplex"]
            .iter()
            .flat_map(|key| {
                ["flip_short", "flip_long"]
                    .map(|flip| words.say(key, &[("sheet", &sheet), ("flip", &words.word(flip))]))
            })
            .max_by(|a, b| text_width(a, HEADER_PT, false).0.total_cmp(&text_width(b, HEADER_PT, false).0))
            .unwrap_or_default();
        // The header spans the grid's width (its height when the bands are at the sides), from
        // the printable edge at most: the narrowest grid of the run.
        let span = |g: &CounterGroup| {
            let sides = g.bands == "sides";
            let (n, size, page_len) =
                if sides { (g.grid[1], g.height.0, page.1) } else { (g.grid[0], g.width.0, page.0) };
            let grid = n as f64 * size + n.saturating_sub(1) as f64 * gutter;
            let start = ((page_len - grid) / 2.0).max(PRINTABLE_EDGE_MM);
            page_len - 2.0 * start
        };
        let across = run.iter().map(span).fold(f64::MAX, f64::min);
        let room = Mm(across).pt().0 - text_width(&right, HEADER_PT, false).0 - 6.0;
        let game_title =
            game.meta.title.as_ref().map_or(0.0, |t| text_width(&format!("{} · ", t.v), HEADER_PT, true).0);
        let version = game.meta.version.as_ref().map_or(0.0, |v| {
            text_width(&format!("{} · ", words.say("rules_version_lower", &[("version", &v.v)])), HEADER_PT, false).0
        });
        let name = |g: &CounterGroup| g.name.clone().unwrap_or_else(|| words.word("counters"));
        let sized = run
            .iter()
            .map(|g| format!("{} ({} mm)", name(g), round3(g.width.0).to_string().replace('.', &words.word("decimal"))))
            .collect::<Vec<_>>()
            .join(" · ");
        let plain = run.iter().map(name).collect::<Vec<_>>().join(" · ");
        let w = |s: &str| text_width(s, HEADER_PT, false).0;
        let (title, with_version) = if game_title + version + w(&sized) <= room {
            (sized, true)
        } else if game_title + version + w(&plain) <= room {
            (plain, true)
        } else if game_title + w(&plain) <= room {
            (plain, false)
        } else {
            let mut cut: Vec<char> = plain.chars().collect();
            while !cut.is_empty() && game_title + w(&format!("{}…", cut.iter().collect::<String>())) > room {
                cut.pop();
            }
            (format!("{}…", cut.iter().collect::<String>().trim_end()), false)
        };
        for g in &mut groups[start..end] {
            g.sheet_title = title.clone();
            g.sheet_version = with_version;
        }
        start = end;
    }
}

/// A size as the header prints it: at most three decimals, no trailing zeros.
fn round3(mm: f64) -> String {
    let s = format!("{:.3}", mm);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The counter sheets' parts as they fill: each part is compiled on its own (see build.rs).
struct Parts<'a> {
    /// The parts, the last one filling.
    done: Vec<Vec<CounterGroup<'a>>>,
    /// Copies in the last part so far.
    in_part: usize,
    /// The most copies a part holds; none: one part.
    limit: Option<usize>,
}

/// A counter and how many copies of it print here.
#[derive(Serialize, JsonSchema)]
pub struct CounterItem<'a> {
    /// The counter's index among the document's pieces: the template reports it in
    /// `<pa-piece>`.
    pub index: usize,
    /// Copies printed here.
    pub quantity: i64,
    /// The first of these copies, from 0, when the counter's copies are split over sheets;
    /// absent for 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub first_copy: i64,
    /// The first copy starts a new row (a change of colour on a butt-cut sheet); absent when
    /// false.
    #[serde(skip_serializing_if = "is_false")]
    pub row_break: bool,
    /// Its front face.
    pub front: &'a RFace,
    /// Its back face; null for a single-sided counter.
    pub back: Option<&'a RFace>,
    /// Its NATO symbol.
    pub symbol: Option<&'a Symbol>,
    /// Its picture's path from the game folder's root.
    pub image: Option<String>,
    /// `build --since`: the counter prints otherwise than in that version (or is new); the
    /// template marks its faces (not in the print shop's file). Absent when false.
    #[serde(skip_serializing_if = "is_false")]
    pub changed: bool,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A picture's path in a game folder as templates read it: from the folder's root.
pub(super) fn image_path(p: &str) -> String {
    format!("/{}", p.trim_start_matches("./"))
}

/// Groups that share sheets, in order of their first member: small groups of one size (four
/// markers here, six there) fill one sheet instead of a sheet each; block stickers share only
/// with block stickers.
fn sharing_sheets(groups: &[RGroup]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        let alike = |m: &Vec<usize>| groups[m[0]].size == g.size && groups[m[0]].block.is_some() == g.block.is_some();
        match out.iter_mut().find(|m| alike(m)) {
            Some(m) => m.push(gi),
            None => out.push(vec![gi]),
        }
    }
    out
}

/// The calibration page's data.
#[derive(Serialize, JsonSchema)]
pub struct Calibration {
    /// The table whose `back_offset` it sets: `counters` or `cards`.
    pub table: &'static str,
    /// That table's sheet.
    pub sheet: SheetData,
}

impl<'g> Exporter<'g> {
    /// The counter sheet, serialised straight from the layout (thousands of counters: no
    /// intermediate JSON tree). Split into parts along sheet boundaries when
    /// `opts.part_size` is set and the sheet prints more counters than that: each part is
    /// compiled on its own, so memory stays bounded however big the game (see build.rs).
    /// The counter sheets, in parts when large: every counter, or (`changed_only`, the errata
    /// sheet) those that print otherwise than in the version compared with.
    pub(super) fn counters(&mut self, opts: &ExportOptions, changed_only: bool) -> Vec<Vec<u8>> {
        let co = &self.game.counter_options;
        let layout: &'g crate::layout::Layout = self.layout;
        let LaidOut { groups, counters, page, gutter } = &layout.counters;
        let base = self.pieces.len();
        for c in counters {
            self.pieces.push((c.what.clone(), c.loc.clone()));
        }
        // Split only sheets bigger than a part: smaller ones compile whole (and incrementally in
        // watch mode).
        let printed: i64 = counters.iter().map(|c| c.quantity).sum();
        let mut parts =
            Parts { done: vec![Vec::new()], in_part: 0, limit: opts.part_size.filter(|&p| printed as usize > p) };
        for members in sharing_sheets(groups) {
            let g = &groups[members[0]];
            // Printed copies of these groups, group by group: (counter, how many).
            let mut stream: Vec<(usize, i64)> = members
                .iter()
                .flat_map(|&gi| counters.iter().enumerate().filter(move |(_, c)| c.group == gi))
                .map(|(i, c)| (i, c.quantity))
                .filter(|(i, _)| !changed_only || self.counter_changed(*i))
                .collect();
            if co.cut == Cut::Butt {
                // A butt-cut sheet starts a new row at each change of colour: counters of one
                // colour go together, colours in the order they first appear, so data that
                // alternates sides costs a row per side, not a row per counter.
                let mut first: std::collections::HashMap<&str, usize> = Default::default();
                for (n, (i, _)) in stream.iter().enumerate() {
                    first.entry(counters[*i].front.background.as_str()).or_insert(n);
                }
                stream.sort_by_key(|(i, _)| first[counters[*i].front.background.as_str()]);
            }
            let names: Vec<&str> = members.iter().filter_map(|&gi| groups[gi].name.as_deref()).collect();
            let name = (!names.is_empty()).then(|| names.join(" · "));
            for (side, stream) in self.sticker_sheets(g, stream) {
                let name = match (side, &name) {
                    (Some(side), Some(n)) => Some(format!("{n}: {side}")),
                    (Some(side), None) => Some(self.game.meta.words.say("block_stickers", &[("side_name", &side)])),
                    (None, n) => n.clone(),
                };
                self.group_sheets(g, name, stream, base, &mut parts);
            }
        }
        let mut parts = parts.done;
        if changed_only {
            // The errata's sheet of a few changed counters: only the rows they take, so that a
            // sheet of one counter has its header across the top (the full grid's bands would
            // be down the sides, turning the header and scale bar along the page's edges).
            for grp in parts.iter_mut().flatten().filter(|g| g.sheets == 1) {
                let [cols, _] = grp.grid;
                let used = used_rows(&grp.items, cols).max(1);
                let sheet = one_sided(&co.sheet, grp.stickers);
                grp.grid[1] = used;
                grp.bands = bands_name(*page, &sheet, *gutter, 0.0, (grp.width.0, grp.height.0), (cols, used));
            }
        }
        for part in &mut parts {
            stack_groups(part, &co.sheet, *page, *gutter);
            fit_sheet_titles(self.game, part, *page, *gutter);
        }
        let (sheet, bleed) = (sheet_data(&co.sheet, *page, Some(co.cut), *gutter), co.bleed);
        let data = |groups| CountersData {
            sheet: sheet.clone(),
            pad: COUNTER_PAD_MM,
            bleed,
            groups,
            stack_gap: STACK_GAP_MM,
            stripe_depth: crate::layout::counters::STRIPE,
            underline: [crate::layout::counters::UNDERLINE_EM.0, crate::layout::counters::UNDERLINE_EM.1],
            change_mark: CHANGE_MARK_MM,
        };
        parts.into_iter().map(|groups| serde_json::to_vec(&data(groups)).expect("counters serialise")).collect()
    }

    /// The printed copies of a group, split by side for block stickers (each side's on its own
    /// sheets, in the order of `[[side]]`, blocks of no side last): (the side's name, copies).
    fn sticker_sheets(&self, g: &RGroup, stream: Vec<(usize, i64)>) -> Vec<Batch> {
        if g.block.is_none() {
            return vec![(None, stream)];
        }
        let counters = &self.layout.counters.counters;
        let sides = &self.game.sides;
        let rank = |i: usize| {
            let side = counters[i].side.as_deref();
            sides.iter().position(|s| Some(s.id.v.as_str()) == side).unwrap_or(sides.len())
        };
        let mut out: Vec<(usize, Vec<(usize, i64)>)> = Vec::new();
        for (i, q) in stream {
            let r = rank(i);
            match out.iter_mut().find(|(k, _)| *k == r) {
                Some((_, v)) => v.push((i, q)),
                None => out.push((r, vec![(i, q)])),
            }
        }
        out.sort_by_key(|(r, _)| *r);
        let single = out.len() == 1;
        out.into_iter()
            .map(|(r, v)| (sides.get(r).filter(|_| !single || r < sides.len()).map(|s| s.name.v.clone()), v))
            .collect()
    }

    /// One batch of copies on its sheets, added to the parts (a new part where the last is
    /// full).
    fn group_sheets(
        &self,
        g: &'g RGroup,
        name: Option<String>,
        stream: Vec<(usize, i64)>,
        base: usize,
        parts: &mut Parts<'g>,
    ) {
        let co = &self.game.counter_options;
        let layout: &'g crate::layout::Layout = self.layout;
        let LaidOut { counters, page, gutter, .. } = &layout.counters;
        let (cols, rows) = g.grid;
        let plan = plan_sheets(stream, counters, cols, cols * rows, co.cut == Cut::Butt);
        if plan.is_empty() {
            return;
        }
        let sheets = plan.len() as i64;
        let sb = g.symbol_box;
        let stickers = g.block.is_some();
        let new_group = |first_sheet: i64| CounterGroup {
            id: &g.id,
            name: name.clone(),
            width: g.size.0,
            height: g.size.1,
            font_size: g.font_size,
            min_font_size: g.min_font_size,
            symbol_box: [sb.0, sb.1],
            grid: [cols, rows],
            bands: bands_name(*page, &one_sided(&co.sheet, stickers), *gutter, 0.0, mm_pair(g.size), g.grid),
            first_sheet,
            sheets,
            stack: false,
            stickers,
            sheet_title: String::new(),
            sheet_version: true,
            items: Vec::new(),
        };
        let mut current = new_group(1);
        for (sheet_no, runs) in (1..).zip(plan) {
            let printed: usize = runs.iter().map(|r| r.1 as usize).sum();
            if let Some(limit) = parts.limit
                && parts.in_part > 0
                && parts.in_part + printed > limit
            {
                let done = std::mem::replace(&mut current, new_group(sheet_no));
                if !done.items.is_empty() {
                    parts.done.last_mut().expect("one part").push(done);
                }
                parts.done.push(Vec::new());
                parts.in_part = 0;
            }
            for (i, take, first, row_break) in runs {
                let c = &counters[i];
                current.items.push(CounterItem {
                    index: base + i,
                    quantity: take,
                    first_copy: first,
                    row_break,
                    front: &c.front,
                    // A sticker sheet prints fronts only (`stickers`), but the pictures and the
                    // virtual tabletops show the back: the side's colour.
                    back: c.back.as_ref(),
                    symbol: c.symbol.as_ref(),
                    image: c.image.as_deref().map(image_path),
                    changed: self.counter_changed(i),
                });
            }
            parts.in_part += printed;
        }
        if !current.items.is_empty() {
            parts.done.last_mut().expect("one part").push(current);
        }
    }

    /// The calibration page's data: the sheet of the counters (or, without counters, of the
    /// cards) it calibrates, and the table whose `back_offset` it sets.
    pub(super) fn calibration(&mut self) -> Calibration {
        let game = self.game;
        let has_counters = !self.layout.counters.counters.is_empty();
        let (table, sheet, page) = if has_counters || game.cards.is_empty() {
            ("counters", &game.counter_options.sheet, self.layout.counters.page)
        } else {
            ("cards", &game.card_options.sheet, self.layout.cards.page)
        };
        Calibration { table, sheet: sheet_data(sheet, page, None, 0.0) }
    }
}
