//! Stage 1: load a game folder. Every `*.toml` file is parsed with spans and read into the
//! model, then every `*.csv` file (units, counters or cards kept as spreadsheets,
//! `sheets.rs`); every problem becomes a located diagnostic. Loading never stops at the first
//! problem. What each table may hold is declared once, in `fields.rs`.

mod areas;
mod charts;
mod decks;
pub mod fields;
mod fonts;
mod icons;
mod lengths;
mod map;
mod meta;
mod pieces;
pub mod po;
pub(crate) mod reader;
mod rules;
mod scenario;
mod sheets;
pub(crate) mod strings;
mod templates;
pub mod translate;
mod units;

pub use reader::parse_date;

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

pub use meta::{EXPORT_DPI, base_url_problem};
use meta::{read_exports, read_meta};
use reader::{Ctx, Obj};
use rules::{read_change, read_section, read_sequence, read_table, read_term};
use units::{read_ability, read_group, read_kind, read_stat, read_trait, read_unit};

/// The folders of a game that never hold data.
const SKIP_DIRS: &[&str] = &["out", "templates", "target", "images", "fonts", "icons", translate::DIR];

/// A game as read from its files, with every problem found while reading them.
pub struct Loaded {
    /// The game, with what could be read (a table with a mistake is read as far as it goes).
    pub game: Game,
    /// The findings of reading: TOML syntax, unknown and missing fields, wrong types, values
    /// that cannot be, old spellings.
    pub diags: Vec<Diagnostic>,
}

/// `path` as a full path from the folder the command runs in, `..` folded (lexically, as a
/// shell would read it): where a relative path led, for a message.
pub fn absolute(path: &Path) -> PathBuf {
    use std::path::Component;
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in full.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// Load the game in `dir`. Fails (with an I/O message) only when the folder itself cannot be
/// read or has no game.toml; everything else is a diagnostic.
pub fn load(dir: &Path) -> Result<Loaded, String> {
    load_replacing(dir, &[])
}

/// [`load`], with some data files read from `replaced` (path, text) instead of the disk:
/// `playaid fix` checks its edits before it writes them.
pub fn load_replacing(dir: &Path, replaced: &[(PathBuf, String)]) -> Result<Loaded, String> {
    let meta = std::fs::metadata(dir).map_err(|e| {
        // Where a relative path led, from the folder the command runs in.
        format!("cannot read game folder `{}`: {e}", absolute(dir).display())
    })?;
    if !meta.is_dir() {
        return Err(format!("`{}` is not a folder; give the folder that holds game.toml", dir.display()));
    }
    let game_toml = dir.join("game.toml");
    if !game_toml.is_file() {
        return Err(format!(
            "`{}` has no game.toml; a game folder needs one with a [game] table (see README.md)",
            dir.display()
        ));
    }
    let mut paths = Vec::new();
    collect_data(dir, dir, &mut paths).map_err(|e| format!("cannot list `{}`: {e}", dir.display()))?;
    paths.sort();
    // game.toml first, then the rest in path order.
    paths.retain(|p| p != &game_toml);
    paths.insert(0, game_toml.clone());

    let mut sources = Vec::new();
    for path in &paths {
        let bytes = match replaced.iter().find(|(p, _)| p == path) {
            Some((_, text)) => text.clone().into_bytes(),
            None => std::fs::read(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?,
        };
        sources.push((path.clone(), bytes));
    }
    let mut loaded = load_sources(dir, sources);
    fonts::read_fonts(dir, &mut loaded.game, &mut loaded.diags);
    templates::read_templates(dir, &mut loaded.game, &mut loaded.diags);
    icons::read_icons(dir, &mut loaded.game, &mut loaded.diags);
    Ok(loaded)
}

/// Load a game from files already read: `(path, bytes)`, game.toml first.
pub fn load_sources(dir: &Path, sources: Vec<(PathBuf, Vec<u8>)>) -> Loaded {
    let game_toml = dir.join("game.toml");
    let mut game = Game { root: dir.to_path_buf(), ..Game::default() };
    let diags = RefCell::new(Vec::new());
    let mut sheets = Vec::new();
    // Whether game.toml was read, or a finding says why it could not be.
    let mut game_said = false;
    for (path, bytes) in sources {
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                // Point at the first byte that is not UTF-8 (offsets before it are unchanged
                // in the lossy copy shown in the message).
                let at = e.utf8_error().valid_up_to();
                let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let f = game.files.add(display_name(&path), path.clone(), lossy);
                diags.borrow_mut().push(
                    Diagnostic::error(diag::TOML_SYNTAX, "this file is not UTF-8 text")
                        .at(&Loc { file: f, span: at..at + 1 })
                        .label("this character is not UTF-8")
                        .help("save the file as UTF-8 (most editors offer it under \"Save as\" or \"Encoding\")"),
                );
                game_said |= path == game_toml;
                continue;
            }
        };
        let csv = path.extension().is_some_and(|e| e == "csv");
        // Spreadsheets often start with a byte order mark: not part of the first cell.
        let text = if csv { text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text) } else { text };
        let file = game.files.add(display_name(&path), path.clone(), text);
        let is_game_toml = path == game_toml;
        // The tree borrows from the text; parse a copy so the game can be updated meanwhile.
        let text = game.files.get(file).text.clone();
        if csv {
            sheets.push(file);
        } else {
            game_said |= read_file(&mut game, file, &text, is_game_toml, &diags);
        }
    }
    // Spreadsheets after the TOML files, so that their columns meet every declared stat.
    for file in sheets {
        let text = game.files.get(file).text.clone();
        sheets::read_sheet(&mut game, &Ctx { file, diags: &diags }, &text);
    }
    // No game.toml among the files: nothing has said so yet.
    if !game_said {
        diags.borrow_mut().push(
            Diagnostic::error(diag::MISSING_FIELD, "game.toml has no [game] table")
                .at(&Loc { file: 0, span: 0..0 })
                .help("start game.toml with [game], id = \"...\", title = \"...\", version = \"...\""),
        );
    }
    // Each scenario's geomorphic boards laid side by side, now that every map is known.
    for sc in &mut game.scenarios {
        if let Some(b) = &mut sc.board {
            b.arrange(&game.maps);
        }
    }
    Loaded { game, diags: diags.into_inner() }
}

/// Whether a file of the game folder holds data: TOML, or a spreadsheet saved as CSV.
pub fn is_data_file(name: &str) -> bool {
    name.ends_with(".toml") || name.ends_with(".csv")
}

pub(crate) fn collect_data(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let ft = entry.file_type()?;
        if ft.is_dir() {
            if dir == root && SKIP_DIRS.contains(&name.as_str()) {
                continue;
            }
            collect_data(root, &path, out)?;
        } else if is_data_file(&name) {
            out.push(path);
        }
    }
    Ok(())
}

/// The path shown in messages: relative to the current directory when it is below it.
pub fn display_name(path: &Path) -> String {
    if let Ok(cwd) = std::env::current_dir()
        && let Ok(rel) = path.strip_prefix(&cwd)
    {
        return rel.display().to_string();
    }
    // `./game.toml` reads (and annotates on GitHub) as `game.toml`.
    let clean: PathBuf = path.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect();
    clean.display().to_string()
}

/// Read one TOML file into the game. True when it is game.toml and said what there is to say
/// about `[game]` (read it, or reported a syntax error or the table missing), so that a game
/// without `[game]` is told once.
fn read_file(game: &mut Game, file: usize, text: &str, is_game_toml: bool, diags: &RefCell<Vec<Diagnostic>>) -> bool {
    let ctx = Ctx { file, diags };
    let (doc, errors) = DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        // After the first syntax error the parser's recovery reports follow-on errors that
        // confuse more than they help: report the first one only.
        for e in errors.into_iter().take(1) {
            let span = e.span().unwrap_or(0..0);
            let msg = e.message().trim().to_string();
            ctx.push(
                Diagnostic::error(diag::TOML_SYNTAX, format!("TOML syntax: {msg}"))
                    .at(&ctx.loc(span))
                    .help("see https://toml.io for the syntax; strings need quotes, tables [name], lists [[name]]"),
            );
        }
        return is_game_toml;
    }
    let root = Obj::new(&ctx, doc.get_ref(), doc.span(), &fields::ROOT, format!("`{}`", game.files.get(file).name));
    if is_game_toml {
        match root.table("game") {
            Some(obj) => read_meta(game, &obj, text),
            None => {
                ctx.push(
                    Diagnostic::error(diag::MISSING_FIELD, "game.toml has no [game] table")
                        .at(&ctx.loc(0..text.find('\n').unwrap_or(text.len()).min(text.len())))
                        .help("start game.toml with [game], id = \"...\", title = \"...\", version = \"...\""),
                );
            }
        }
    } else if let Some(v) = root.get("game") {
        ctx.push(
            Diagnostic::error(diag::UNKNOWN_FIELD, "[game] belongs in game.toml only")
                .at(&root.key_loc("game").unwrap_or_else(|| ctx.loc(v.span())))
                .help("move this table into game.toml"),
        );
    }
    for_each(&root, "side", |o| game.sides.push(read_side(&o)));
    for_each(&root, "stat", |o| game.stats.push(read_stat(&o)));
    for_each(&root, "kind", |o| game.kinds.push(read_kind(&o)));
    for_each(&root, "trait", |o| game.traits.push(read_trait(&o)));
    for_each(&root, "group", |o| game.groups.push(read_group(&o)));
    for_each(&root, "ability", |o| game.abilities.push(read_ability(&o)));
    for_each(&root, "unit", |o| game.units.push(read_unit(&o)));
    for_each(&root, "section", |o| game.sections.push(read_section(&o)));
    for_each(&root, "table", |o| game.tables.push(read_table(&o)));
    for_each(&root, "sequence", |o| game.sequences.push(read_sequence(&o)));
    for_each(&root, "term", |o| game.terms.push(read_term(&o)));
    for_each(&root, "changelog", |o| game.changelog.push(read_change(&o)));
    if let Some(o) = root.table("counters") {
        pieces::read_counter_options(game, &o);
    }
    for_each(&root, "counter_group", |o| game.counter_groups.push(pieces::read_counter_group(&o)));
    for_each(&root, "counter", |o| game.counters.push(pieces::read_counter(&o)));
    if let Some(o) = root.table("cards") {
        pieces::read_card_options(game, &o);
    }
    for_each(&root, "card_back", |o| game.card_backs.push(pieces::read_card_back(&o)));
    for_each(&root, "card_layout", |o| game.card_layouts.push(pieces::read_card_layout(&o)));
    for_each(&root, "card", |o| game.cards.push(pieces::read_card(&o)));
    for_each(&root, "deck", |o| game.decks.push(decks::read_deck(&o)));
    for_each(&root, "track", |o| game.tracks.push(charts::read_track(&o)));
    for_each(&root, "scenario_setting", |o| game.scenario_settings.push(scenario::read_setting(&o)));
    if let Some(o) = root.table("exports") {
        read_exports(game, &o);
    }
    if let Some(o) = root.table("scenario_limits") {
        scenario::read_limits(game, &o);
    }
    for_each(&root, "scenario", |o| game.scenarios.push(scenario::read_scenario(&o)));
    for_each(&root, "crt", |o| game.crts.push(charts::read_crt(&o)));
    for_each(&root, "terrain", |o| game.terrain.push(charts::read_terrain(&o)));
    if let Some(o) = root.table("turn_track") {
        charts::read_turn_track(game, &o);
    }
    for_each(&root, "map", |o| read_any_map(game, &o));
    for_each(&root, "connection_kind", |o| game.connection_kinds.push(areas::read_connection_kind(&o)));
    for_each(&root, "todo", |o| {
        if let Some(t) = o.text("text") {
            game.todos.push(t);
        } else if o.table.get("text").is_none() {
            let _ = o.req_str("text");
        }
        o.finish();
    });
    for field in fields::ROOT.fields {
        root.get(field.key);
    }
    root.finish();
    is_game_toml
}

/// Call `f` for each table of an array of tables `[[key]]`; entries that are not tables are
/// reported. `f` must call `finish` on the object.
fn for_each<'a, 'd>(root: &Obj<'a, 'd>, key: &'static str, mut f: impl FnMut(Obj<'a, 'd>)) {
    let Some(v) = root.get(key) else { return };
    match v.get_ref() {
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let what = match item.get_ref() {
                    DeValue::Table(t) => describe(key, t, i),
                    _ => format!("[[{key}]] #{}", i + 1),
                };
                if let Some(o) = Obj::from_value(root.ctx, item, root.nested(key), what) {
                    f(o);
                }
            }
        }
        DeValue::Table(_) => {
            root.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, format!("`{key}` must be written [[{key}]] (a list of tables)"))
                    .at(&root.key_loc(key).unwrap_or_else(|| root.ctx.loc(v.span())))
                    .help(format!("write [[{key}]] with double brackets: there can be many")),
            );
        }
        _ => {
            root.ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, format!("`{key}` must be a list of tables [[{key}]]"))
                    .at(&root.ctx.loc(v.span())),
            );
        }
    }
}

fn describe(key: &str, t: &DeTable, i: usize) -> String {
    let name = ["id", "name", "title", "version"].iter().find_map(|k| {
        t.get(*k).and_then(|v| if let DeValue::String(s) = v.get_ref() { Some(s.to_string()) } else { None })
    });
    match name {
        Some(n) => format!("{key} `{n}`"),
        None => format!("[[{key}]] #{}", i + 1),
    }
}

fn id_or_slug(o: &Obj, name: &Option<Sp<String>>) -> Option<Sp<String>> {
    if o.table.get("id").is_some() {
        return o.id("id", true);
    }
    // No id: derive it from the name, located at the name.
    name.as_ref().map(|n| Sp::new(reader::slug(&n.v), n.loc.clone()))
}

pub(super) fn page_of(o: &Obj, key: &'static str) -> Option<Sp<PageSize>> {
    let s = o.str(key)?;
    match PageSize::parse(&s.v) {
        Some(p) => Some(Sp::new(p, s.loc)),
        None => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown page size `{}`", s.v))
                    .at(&s.loc)
                    .help("write \"a4\" or \"us-letter\""),
            );
            None
        }
    }
}

/// `#rgb` or `#rrggbb`; returns the normalised `#rrggbb`.
fn color_of(ctx: &Ctx, s: Sp<String>) -> Option<String> {
    let hex = s.v.strip_prefix('#').unwrap_or("");
    let ok = (hex.len() == 3 || hex.len() == 6) && hex.chars().all(|c| c.is_ascii_hexdigit());
    if !ok {
        ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not a colour", s.v))
                .at(&s.loc)
                .help("write a colour as \"#4a6fa5\" (or \"#46a\")"),
        );
        return None;
    }
    let full = if hex.len() == 3 { hex.chars().flat_map(|c| [c, c]).collect() } else { hex.to_string() };
    Some(format!("#{}", full.to_lowercase()))
}

fn read_side(o: &Obj) -> Side {
    let s = Side {
        id: o.id("id", true).unwrap_or_default_sp(o),
        name: o.req_str("name").unwrap_or_default_sp(o),
        color: o.str("color").and_then(|c| {
            let loc = c.loc.clone();
            color_of(o.ctx, c).map(|v| Sp::new(v, loc))
        }),
        counter_style: pieces::side_counter_style(o),
    };
    o_finish(o);
    s
}

fn o_finish(o: &Obj) {
    o.finish();
}

/// A placeholder for a required value that was missing (already reported), so the rest of the
/// entry can still be checked.
trait OrDefault {
    fn unwrap_or_default_sp(self, o: &Obj) -> Sp<String>;
}

impl OrDefault for Option<Sp<String>> {
    fn unwrap_or_default_sp(self, o: &Obj) -> Sp<String> {
        self.unwrap_or_else(|| Sp::new(String::new(), o.ctx.loc(o.span.clone())))
    }
}

/// `[[map]]`: a grid of cells (hexes, squares) or a map of areas (areas, points), by its
/// `grid`; a misspelt or missing `grid` on a table with the keys of a map of areas is said once
/// and read as what was meant.
fn read_any_map(game: &mut Game, o: &Obj) {
    let grid = o.table.get("grid").map(|g| g.get_ref().as_str().map(str::to_ascii_lowercase).unwrap_or_default());
    // A `grid` that says nothing readable on a table with the keys of a map of areas.
    let areas_like = ["size", "connection", "background"].iter().any(|k| o.table.get(*k).is_some());
    let guess = |g: &str| match diag::did_you_mean(g, ["hex", "square", "areas", "points"]) {
        Some(m) => Some(m),
        None if areas_like => Some("areas"),
        None => None,
    };
    match grid.as_deref() {
        Some(g @ ("areas" | "points")) => game.area_maps.push(areas::read_area_map(o, g == "points")),
        // A misspelt "areas" or "points": said once, and read as what was meant (not as a
        // hex map missing its columns, rows and cell).
        Some(g)
            if !matches!(g, "hex" | "square")
                && let Some(meant @ ("areas" | "points")) = guess(g) =>
        {
            if let Some(v) = o.get("grid").filter(|v| v.get_ref().as_str().is_none()) {
                o.ctx.wrong_type("grid", &format!("a text: \"{meant}\""), v);
            } else if let Some(v) = o.get("grid") {
                let what = if g.is_empty() { "empty".to_string() } else { format!("`{g}`") };
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`grid` cannot be {what}"))
                        .at(&o.ctx.loc(v.span()))
                        .label("one of \"hex\", \"square\", \"areas\", \"points\"")
                        .help(format!("did you mean \"{meant}\"?")),
                );
            }
            game.area_maps.push(areas::read_area_map(o, meant == "points"));
        }
        // No `grid` at all, on a table with the keys of a map of areas: said once, read as
        // one.
        None if areas_like => {
            o.missing("grid", "\"areas\"");
            game.area_maps.push(areas::read_area_map(o, false));
        }
        _ => game.maps.push(map::read_map(o)),
    }
}
