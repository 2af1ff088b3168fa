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
mod pieces;
pub mod po;
pub(crate) mod reader;
mod scenario;
mod sheets;
pub(crate) mod strings;
mod templates;
pub mod translate;

pub use reader::parse_date;

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;
use reader::{Ctx, Obj, int_of, str_of, text_of};

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

/// `deny` in `[game]`: the warnings this game treats as errors, each entry checked.
fn read_deny(o: &Obj) -> diag::Deny {
    let mut deny = diag::Deny::default();
    for entry in o.strs("deny") {
        match deny.add(&entry.v) {
            Ok(None) => {}
            // A code retired since the game was written: its successor, renamed as a key is.
            Ok(Some(r)) => o.ctx.push(
                Diagnostic::warning(diag::DEPRECATED_SPELLING, format!("`{}` in `deny` is now `{}`", entry.v, r.by.code))
                    .at(&entry.loc)
                    .fix(&entry.loc, entry.v.as_str(), r.by.code)
                    .label(format!("write \"{}\"", r.by.code))
                    .help(format!("{} is retired: its finding is {} ({}) now", r.code, r.by.code, r.by.name)),
            ),
            Err(e) => o.ctx.push(Diagnostic::error(diag::INVALID_VALUE, e).at(&entry.loc).label("not a warning").help(
                "`deny` lists warnings this game treats as errors: \"warnings\" for every warning, or codes such as \"W020\"",
            )),
        }
    }
    deny
}

fn read_meta(game: &mut Game, o: &Obj, source: &str) {
    let m = &mut game.meta;
    m.loc = o.head_loc(source);
    m.id = o.id("id", true);
    m.title = o.req_str("title");
    (m.system, m.version) = (o.str("system"), o.str("version"));
    m.date = o.date("date");
    m.authors = o.strs("authors");
    m.page = page_of(o, "page");
    (m.intro, m.credits) = (o.text("intro"), o.text("credits"));
    (m.deny, m.languages) = (read_deny(o), o.strs("languages"));
    m.language = read_language(o);
    if let Some(c) = o.table("cheatsheet") {
        let opts = &mut m.cheatsheet;
        opts.page = page_of(&c, "page");
        if let Some(s) = c.str("orientation") {
            match s.v.as_str() {
                "portrait" => opts.landscape = false,
                "landscape" => opts.landscape = true,
                _ => c.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("unknown orientation `{}`", s.v))
                        .at(&s.loc)
                        .help("write \"portrait\" or \"landscape\""),
                ),
            }
        }
        if let Some(n) = c.int("columns") {
            if (1..=3).contains(&n.v) {
                opts.columns = n.v as u8;
            } else {
                c.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("a cheatsheet has 1 to 3 columns, not {}", n.v))
                        .at(&n.loc)
                        .help("write columns = 1, 2 or 3"),
                );
            }
        }
        if let Some(f) = lengths::font_size(&c, "font_size") {
            if (5.0..=16.0).contains(&f.v) {
                opts.font_size = f.v;
            } else {
                c.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("font_size {} pt is outside 5 to 16 pt", f.v))
                        .at(&f.loc)
                        .help("a cheatsheet reads well at 8 to 10 pt"),
                );
            }
        }
        opts.changelog = c.bool("changelog").map(|b| b.v).unwrap_or(false);
        opts.todo = c.bool("todo").map(|b| b.v).unwrap_or(false);
        opts.glossary = c.bool("glossary").map(|b| b.v).unwrap_or(false);
        opts.accent = c.str("accent").and_then(|s| color_of(c.ctx, s));
        if let Some(t) = c.str("terms") {
            if ["subtle", "accent", "plain"].contains(&t.v.as_str()) {
                opts.terms = t.v;
            } else {
                c.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("unknown term style `{}`", t.v))
                        .at(&t.loc)
                        .help("write \"subtle\" (medium weight, the default), \"accent\" (bold, in the accent colour) or \"plain\""),
                );
            }
        }
        if let Some(o) = c.str("order") {
            match o.v.as_str() {
                "number" => opts.by_number = true,
                "data" => opts.by_number = false,
                _ => c.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("unknown section order `{}`", o.v)).at(&o.loc).help(
                        "write \"number\" (rule-number order, the default) or \"data\" (the order the files give)",
                    ),
                ),
            }
        }
        c.finish();
    }
    if let Some(c) = o.table("changelog") {
        m.changelog_sheet = c.bool("sheet").map(|b| b.v).unwrap_or(false);
        c.finish();
    }
    if let Some(c) = o.table("rules") {
        m.rules_sheet = c.bool("sheet").map(|b| b.v).unwrap_or(false);
        c.finish();
    }
    if let Some(w) = o.table("words") {
        game.meta.words = read_words(&w);
    }
    game.meta.words.lang = game.meta.language.clone();
    let m = &mut game.meta;
    if let Some(c) = o.table("aid") {
        m.aid.sheet = c.bool("sheet").map(|b| b.v).unwrap_or(false);
        m.aid.sheet_at = c.key_loc("sheet");
        m.aid.sequence = c.id("sequence", false);
        m.aid.tables = c.ids("tables");
        m.aid.tracks = c.ids("tracks");
        m.aid.decks = c.ids("decks");
        c.finish();
    }
    o.finish();
}

/// `[game] language`: the language the data is written in, as Typst knows it (`pt` for
/// `pt-BR`); a code that is none is E018.
fn read_language(o: &Obj) -> Option<String> {
    let l = o.str("language")?;
    if let Some(code) = translate::typst_language(&l.v).filter(|_| translate::valid_code(&l.v)) {
        return Some(code);
    }
    o.ctx.push(
        Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not a language code", l.v))
            .at(&l.loc)
            .label("not two or three letters, with a region after `-` if any")
            .help("write the language's ISO 639 code, as in \"en\", \"de\" or \"pt-BR\""),
    );
    None
}

/// `[game.words]`: the game's own words; an empty one is E018.
fn read_words(w: &Obj) -> Words {
    let mut words = Words::default();
    for decl in crate::model::WORDS {
        let Some(word) = w.str(decl.key) else { continue };
        if word.v.trim().is_empty() {
            w.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, "an empty word")
                    .at(&word.loc)
                    .help("write the word the game uses, in lower case (\"round\"), or leave the key out"),
            );
        }
        // What the sheet fills in: a wording without `{page}` would print no page number, one
        // with a name playaid does not fill would print it in braces.
        let (has, needs) = (crate::model::named_placeholders(&word.v), decl.placeholders());
        if has != needs {
            let braces = crate::model::braced::<&str>;
            w.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("the wording of `{}` has the placeholders {}", decl.key, braces(&has)))
                    .at(&word.loc)
                    .label(format!("playaid fills in {}", braces(&needs)))
                    .note(format!("built in: \"{}\"", decl.builtin[0]))
                    .help("keep each {name} of the built-in wording, spelt as it is; the game's own words ({turn}, {Turn}, {side} ...) may be added or left out"),
            );
        }
        words.given.push((decl.key, word));
    }
    w.finish();
    words
}

/// The lowest and highest `dpi` of `[exports]`: below 50 a face is a smudge, above 1200 a
/// poker card is over 3000 x 4000 px for no visible gain.
pub const EXPORT_DPI: (f64, f64) = (50.0, 1200.0);

/// `print_shop`: true (the print shops' profiles), false, one profile name, or a list of them.
fn print_profiles(o: &Obj) -> PrintProfiles {
    let Some(v) = o.get("print_shop") else { return PrintProfiles::default() };
    let names = match v.get_ref() {
        DeValue::Boolean(true) => return PrintProfiles::SHOPS,
        DeValue::Boolean(false) => return PrintProfiles::default(),
        // One profile alone: `print_shop = "home"`.
        DeValue::String(_) => o.str("print_shop").into_iter().collect(),
        DeValue::Array(items) => {
            if items.is_empty() {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "`print_shop` is an empty list")
                        .at(&o.ctx.loc(v.span()))
                        .help("name the profiles (\"home\", \"card-shop\", \"punchboard\"), or write false"),
                );
            }
            o.strs("print_shop")
        }
        _ => {
            o.ctx.wrong_type("print_shop", "true, false or profiles (\"home\", \"card-shop\", \"punchboard\")", v);
            return PrintProfiles::default();
        }
    };
    let mut p = PrintProfiles::default();
    for name in names {
        match p.with(&name.v) {
            Some(q) => p = q,
            None => o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not a print profile", name.v))
                    .at(&name.loc)
                    .help(match diag::did_you_mean(&name.v, PrintProfiles::NAMES.iter().copied()) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!("the profiles are {}", PrintProfiles::NAMES.join(", ")),
                    }),
            ),
        }
    }
    p
}

/// `[exports]`: which virtual-tabletop files to write, at what resolution, for which URL.
fn read_exports(game: &mut Game, o: &Obj) {
    let ex = &mut game.exports;
    ex.loc = Some(o.ctx.loc(o.span.clone()));
    ex.png = o.bool("png").map(|b| b.v).unwrap_or(false);
    ex.tts = o.bool("tts").map(|b| b.v).unwrap_or(false);
    ex.vassal = o.bool("vassal").map(|b| b.v).unwrap_or(false);
    ex.print_shop = print_profiles(o);
    if let Some(v) = o.get("dpi") {
        let loc = o.ctx.loc(v.span());
        let n = match v.get_ref() {
            DeValue::Integer(i) => reader::parse_int(i.as_str(), i.radix()).map(|n| n as f64),
            DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
            other => {
                o.ctx.push(
                    Diagnostic::error(
                        diag::WRONG_TYPE,
                        format!("`dpi` must be a number, not {}", reader::type_name(other)),
                    )
                    .at(&loc)
                    .help("write dpi = 300, without quotes or unit"),
                );
                Some(f64::NAN)
            }
        };
        match n {
            Some(d) if d.is_nan() => {}
            Some(d) if (EXPORT_DPI.0..=EXPORT_DPI.1).contains(&d) => ex.dpi = Some(Sp::new(d, loc)),
            _ => o.ctx.push(
                Diagnostic::error(diag::EXPORT_DPI, "`dpi` must be a number from 50 to 1200")
                    .at(&loc)
                    .help("write dpi = 300 (print quality; the default) or 150 (smaller files)"),
            ),
        }
    }
    if let Some(u) = o.str("base_url") {
        match base_url_problem(&u.v) {
            None => ex.base_url = Some(u),
            Some(why) => o.ctx.push(
                Diagnostic::error(diag::EXPORT_BASE_URL, format!("`base_url` {why}"))
                    .at(&u.loc)
                    .help("write the address the images will be downloaded from, e.g. \"https://github.com/OWNER/REPO/releases/download/v1.0\""),
            ),
        }
    }
    o.finish();
}

/// Why `url` cannot be a base URL for Tabletop Simulator images, if it cannot: it must be an
/// absolute http(s) or file URL, with no spaces, quotes, `?` or `#` (file names are appended).
pub fn base_url_problem(url: &str) -> Option<&'static str> {
    let rest =
        url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")).or_else(|| url.strip_prefix("file:///"));
    match rest {
        None => Some("must start with https://, http:// or file:///"),
        Some(r) if r.trim_end_matches('/').is_empty() && !url.starts_with("file:") => Some("names no host"),
        Some(r)
            if r.chars().any(|c| {
                c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\' | '?' | '#')
            }) =>
        {
            Some("may not hold spaces, quotes, `?` or `#`: file names are added after it")
        }
        _ => None,
    }
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

fn value_type(o: &Obj, allowed: &[&str]) -> ValueType {
    let ty = match o.str("type") {
        Some(t) => t,
        None => {
            if o.table.get("type").is_none() {
                let _ = o.req_str("type");
            }
            return ValueType::Text;
        }
    };
    let vt = match ty.v.as_str() {
        "int" | "integer" => ValueType::Int { min: o.int("min"), max: o.int("max") },
        "dice" if allowed.contains(&"dice") => ValueType::Dice,
        "text" => ValueType::Text,
        "bool" if allowed.contains(&"bool") => ValueType::Bool,
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown type `{other}`"))
                    .at(&ty.loc)
                    .help(format!("the types here are: {}", allowed.join(", "))),
            );
            ValueType::Text
        }
    };
    if let ValueType::Int { min: Some(a), max: Some(b) } = &vt
        && a.v > b.v
    {
        o.ctx.push(
            Diagnostic::error(diag::INVALID_VALUE, format!("min {} is greater than max {}", a.v, b.v)).at(&b.loc),
        );
    }
    if !matches!(vt, ValueType::Int { .. }) {
        // min/max only make sense for numbers; read them so they are not "unknown", then say so.
        for key in ["min", "max"] {
            if let Some(v) = o.get(key) {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` only applies to type \"int\""))
                        .at(&o.ctx.loc(v.span()))
                        .help("remove it, or make the type \"int\""),
                );
            }
        }
    }
    vt
}

fn read_stat(o: &Obj) -> Stat {
    let name = o.req_str("name");
    let s = Stat {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        abbr: o.str("abbr"),
        ty: value_type(o, &["int", "dice", "text"]),
        suffix: o.str("suffix").map(|s| s.v),
        icon: o.str("icon"),
        name: name.unwrap_or_default_sp(o),
    };
    o_finish(o);
    s
}

fn read_kind(o: &Obj) -> Kind {
    let name = o.req_str("name");
    o.renamed("required_stats", "stats", "on a kind");
    let k = Kind {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        stats: o.ids("required_stats"),
        optional_stats: o.ids("optional_stats"),
    };
    o_finish(o);
    k
}

fn read_trait(o: &Obj) -> Trait {
    let name = o.req_str("name");
    let t = Trait {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        ty: value_type(o, &["int", "bool", "text"]),
        name: name.unwrap_or_default_sp(o),
    };
    o_finish(o);
    t
}

fn read_group(o: &Obj) -> Group {
    o.renamed("required_traits", "requires", "on a group");
    let g =
        Group { id: o.id("id", true).unwrap_or_default_sp(o), name: o.str("name"), requires: o.ids("required_traits") };
    o_finish(o);
    g
}

fn scalar_of(v: &Spanned<DeValue>, ctx: &Ctx) -> Option<Sp<Scalar>> {
    let loc = ctx.loc(v.span());
    let s = match v.get_ref() {
        DeValue::Integer(i) => match reader::parse_int(i.as_str(), i.radix()) {
            Some(n) => Scalar::Int(n),
            None => return out_of_range(ctx, &loc, i.as_str()),
        },
        DeValue::Float(f) => match f.as_str().parse::<f64>() {
            Ok(x) if x.is_finite() => Scalar::Float(x),
            _ => return out_of_range(ctx, &loc, f.as_str()),
        },
        DeValue::Boolean(b) => Scalar::Bool(*b),
        DeValue::String(s) => Scalar::Str(s.to_string()),
        other => {
            ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a value must be a number, text or true/false, not {}", reader::type_name(other)),
                )
                .at(&loc),
            );
            return None;
        }
    };
    Some(Sp::new(s, loc))
}

/// A number no stat or trait can hold (beyond 64 bits, or inf/nan): reported where it is, so
/// nothing later blames a missing value instead.
fn out_of_range(ctx: &Ctx, loc: &Loc, written: &str) -> Option<Sp<Scalar>> {
    ctx.push(
        Diagnostic::error(diag::INVALID_VALUE, format!("`{written}` is not a number playaid can hold"))
            .at(loc)
            .label("too large, or not finite")
            .help("write a whole number between -9223372036854775808 and 9223372036854775807, or a finite decimal"),
    );
    None
}

fn read_ability(o: &Obj) -> Ability {
    o.renamed("related_stats", "stats", "on an ability");
    let name = o.req_str("name");
    let values = o
        .array("values")
        .map(|(items, loc)| Sp::new(items.iter().filter_map(|v| int_of(o.ctx, "values", v)).collect::<Vec<_>>(), loc));
    let mut traits = Vec::new();
    if let Some(t) = o.table("traits") {
        for (k, v) in t.table.iter() {
            let key = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
            let value = match v.get_ref() {
                DeValue::Table(per) => {
                    let mut list = Vec::new();
                    for (pk, pv) in per.iter() {
                        let ploc = o.ctx.loc(pk.span());
                        match pk.get_ref().trim().parse::<i64>() {
                            Ok(p) => {
                                if let Some(s) = scalar_of(pv, o.ctx) {
                                    list.push((Sp::new(p, ploc), s));
                                }
                            }
                            Err(_) => o.ctx.push(
                                Diagnostic::error(
                                    diag::INVALID_VALUE,
                                    format!("`{}` is not a parameter value", pk.get_ref()),
                                )
                                .at(&ploc)
                                .label("expected a number from the ability's `values`")
                                .help("per-parameter traits are written { 10 = 2, 5 = 1 }"),
                            ),
                        }
                    }
                    Some(TraitValue::PerParam(list, o.ctx.loc(v.span())))
                }
                _ => scalar_of(v, o.ctx).map(TraitValue::One),
            };
            if let Some(value) = value {
                traits.push((key, value));
            }
        }
        // every key of `traits` is a trait id, checked against [[trait]] later.
    }
    let a = Ability {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        values,
        groups: o.ids("groups"),
        stats: o.ids("related_stats"),
        text: o.text("text"),
        short: o.text("short"),
        traits,
    };
    o_finish(o);
    a
}

/// The most steps a unit may have: two counters of two sides each, and room to spare.
pub(crate) const MAX_STEPS: usize = 8;

/// `(stat id, value)` pairs of a `stats` table, in the order written.
fn stat_values(o: &Obj) -> Vec<(Sp<String>, Sp<Scalar>)> {
    let mut stats = Vec::new();
    if let Some(t) = o.table("stats") {
        for (k, v) in t.table.iter() {
            let key = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
            if let Some(s) = scalar_of(v, o.ctx) {
                stats.push((key, s));
            }
        }
    }
    stats
}

/// A unit's steps: `stats` as its one step, or each entry of `steps` (not both: E005).
fn read_unit_steps(o: &Obj) -> Vec<UnitStep> {
    let one = o.get("stats").map(|v| UnitStep { name: None, stats: stat_values(o), loc: o.ctx.loc(v.span()) });
    let Some((items, loc)) = o.array("steps") else { return one.into_iter().collect() };
    if let Some(stats_loc) = o.key_loc("stats") {
        o.ctx.push(
            Diagnostic::error(diag::DUPLICATE_ID, "a unit with `steps` gives its stats in each step, not in `stats`")
                .at(&stats_loc)
                .label("stats given twice")
                .help("move these values into the steps, or remove `steps` for a unit with one step"),
        );
    }
    if items.len() > MAX_STEPS {
        o.ctx.push(
            Diagnostic::error(
                diag::INVALID_VALUE,
                format!("a unit has at most {MAX_STEPS} steps, not {}", items.len()),
            )
            .at(&loc)
            .label(format!("{} steps", items.len()))
            .help("a step is one side of a counter: list the unit's strengths from full to weakest"),
        );
    }
    let mut steps = Vec::new();
    for v in items.iter().take(MAX_STEPS) {
        let Some(so) = Obj::from_value(o.ctx, v, o.nested("steps"), "a step") else { continue };
        steps.push(UnitStep { name: so.str("name"), stats: stat_values(&so), loc: o.ctx.loc(v.span()) });
        so.finish();
    }
    steps
}

fn read_unit(o: &Obj) -> Unit {
    let name = o.req_str("name");
    let steps = read_unit_steps(o);
    let mut stat_notes = Vec::new();
    if let Some(t) = o.table("stat_notes") {
        for (k, v) in t.table.iter() {
            let key = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
            if let Some(text) = text_of(o.ctx, "stat_notes", v) {
                stat_notes.push((key, text));
            }
        }
    }
    let abilities = o.strs("abilities").into_iter().map(|s| AbilityRef::parse(&s.v, s.loc)).collect();
    let u = Unit {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        kind: o.id("kind", true),
        side: o.id("side", false),
        steps,
        stat_notes,
        abilities,
        notes: o.texts("notes"),
        quantity: o.int("quantity"),
        image: o.str("image"),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    u
}

fn read_section(o: &Obj) -> Section {
    let title = o.req_str("title");
    let list = match o.str("list") {
        None => ListStyle::Bullet,
        Some(s) => match s.v.as_str() {
            "bullet" | "bullets" => ListStyle::Bullet,
            "numbered" => ListStyle::Numbered,
            other => {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("unknown list style `{other}`"))
                        .at(&s.loc)
                        .help("write \"bullet\" or \"numbered\""),
                );
                ListStyle::Bullet
            }
        },
    };
    let break_before = o.str("break_before").and_then(|s| match s.v.as_str() {
        "column" | "page" => Some(s.v),
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown break `{other}`"))
                    .at(&s.loc)
                    .help("write \"column\" or \"page\""),
            );
            None
        }
    });
    let items = o.array("items").map(|(items, _)| read_items(o.ctx, items)).unwrap_or_default();
    let s = Section {
        id: id_or_slug(o, &title).unwrap_or_default_sp(o),
        number: o.str("number"),
        title: title.unwrap_or_default_sp(o),
        summary: o.text("summary"),
        text: o.texts("text"),
        list,
        items,
        after: o.texts("after"),
        optional: o.bool("optional").map(|b| b.v).unwrap_or(false),
        house_rule: o.bool("house_rule").map(|b| b.v).unwrap_or(false),
        source: o.str("source").map(|s| s.v),
        break_before,
        cheatsheet: o.bool("cheatsheet").map(|b| b.v).unwrap_or(true),
    };
    o_finish(o);
    s
}

fn read_items(ctx: &Ctx, items: &[Spanned<DeValue>]) -> Vec<Item> {
    let mut out = Vec::new();
    for v in items {
        match v.get_ref() {
            DeValue::String(_) => {
                if let Some(t) = text_of(ctx, "items", v) {
                    out.push(Item::Text { text: t, items: Vec::new() });
                }
            }
            DeValue::Table(t) => {
                let o = Obj::new(ctx, t, v.span(), &fields::ITEM, "a list item");
                let keys = ["text", "label", "note", "table", "sequence", "unit", "crt", "chart", "deck", "track"];
                let present: Vec<&str> = keys.iter().copied().filter(|k| t.get(*k).is_some()).collect();
                if present.len() != 1 {
                    let d = if present.is_empty() {
                        Diagnostic::error(
                            diag::MISSING_FIELD,
                            "a list item needs one of text, label, note, table, sequence, unit, crt, chart, deck, track",
                        )
                    } else {
                        Diagnostic::error(
                            diag::INVALID_VALUE,
                            format!(
                                "a list item has one of text, label, note, table, sequence, unit, crt, chart, deck, track, not {}",
                                present.join(" and ")
                            ),
                        )
                    };
                    ctx.push(
                        d.at(&ctx.loc(v.span()))
                            .help("write e.g. { text = \"...\", items = [...] } or { table = \"id\" }"),
                    );
                    for k in keys {
                        o.get(k);
                    }
                    o.get("items");
                    o.finish();
                    continue;
                }
                let item = match present[0] {
                    "text" => o.text("text").map(|text| Item::Text {
                        text,
                        items: o.array("items").map(|(items, _)| read_items(ctx, items)).unwrap_or_default(),
                    }),
                    "label" => o.text("label").map(Item::Label),
                    "note" => o.text("note").map(Item::Note),
                    "table" => o.id("table", true).map(Item::Table),
                    "sequence" => o.id("sequence", true).map(Item::Sequence),
                    "crt" => o.id("crt", true).map(Item::Crt),
                    "deck" => o.id("deck", true).map(Item::Deck),
                    "track" => o.id("track", true).map(Item::Track),
                    "chart" => chart_of(&o),
                    _ => o.id("unit", true).map(Item::Unit),
                };
                o.finish();
                if let Some(item) = item {
                    out.push(item);
                }
            }
            DeValue::Array(_) => ctx.push(
                Diagnostic::error(diag::WRONG_TYPE, "a list item cannot be a bare array")
                    .at(&ctx.loc(v.span()))
                    .help("for sub-items write { text = \"the item\", items = [\"sub-item\", ...] }"),
            ),
            other => ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a list item must be a string or a table, not {}", reader::type_name(other)),
                )
                .at(&ctx.loc(v.span())),
            ),
        }
    }
    out
}

/// `{ chart = "terrain" }` or `{ chart = "turns" }`.
fn chart_of(o: &Obj) -> Option<Item> {
    let s = o.str("chart")?;
    let kind = match s.v.as_str() {
        "terrain" => ChartKind::Terrain,
        "turns" => ChartKind::Turns,
        other => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("unknown chart `{other}`"))
                    .at(&s.loc)
                    .help("write { chart = \"terrain\" } (the terrain effects chart) or { chart = \"turns\" } (the turn record track)"),
            );
            return None;
        }
    };
    Some(Item::Chart(Sp::new(kind, s.loc)))
}

fn read_cell(ctx: &Ctx, v: &Spanned<DeValue>) -> Option<Cell> {
    match v.get_ref() {
        DeValue::String(_) => text_of(ctx, "cell", v).map(Cell::Text),
        DeValue::Integer(_) | DeValue::Float(_) => {
            // A bare number is fine in a table: show it as written.
            let raw = match v.get_ref() {
                DeValue::Integer(i) => i.as_str().to_string(),
                DeValue::Float(f) => f.as_str().to_string(),
                _ => unreachable!(),
            };
            Some(Cell::Text(Text { raw, loc: ctx.loc(v.span()) }))
        }
        DeValue::Table(t) => {
            if t.len() != 1 {
                ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "a reference cell names exactly one thing")
                        .at(&ctx.loc(v.span()))
                        .help("write { kind = \"tank\" }, { unit = \"...\" }, { ability = \"landing 10\" }, { stat = \"...\" }, { section = \"...\" } or { term = \"...\" }"),
                );
                return None;
            }
            let (k, val) = t.iter().next()?;
            let Some(kind) = RefKind::parse(k.get_ref()) else {
                let names: Vec<&str> = RefKind::ALL.iter().map(|r| r.name()).collect();
                let mut d = Diagnostic::error(diag::UNKNOWN_FIELD, format!("unknown reference kind `{}`", k.get_ref()))
                    .at(&ctx.loc(k.span()));
                d = match diag::did_you_mean(k.get_ref(), names.iter().copied()) {
                    Some(s) => d.help(format!("did you mean `{s}`?")),
                    None => d.help(format!("a cell can reference: {}", names.join(", "))),
                };
                ctx.push(d);
                return None;
            };
            let target = str_of(ctx, k.get_ref(), val)?;
            Some(Cell::Ref { kind, target })
        }
        other => {
            ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a table cell must be text or a reference, not {}", reader::type_name(other)),
                )
                .at(&ctx.loc(v.span())),
            );
            None
        }
    }
}

fn read_table(o: &Obj) -> Table {
    let id = o.id("id", true).unwrap_or_default_sp(o);
    let title = o.str("title");
    let generated = o.table.get("abilities_with").is_some();
    let body = if generated {
        let with = o.id("abilities_with", true).unwrap_or_default_sp(o);
        o.renamed("trait_columns", "traits", "on a table");
        let mut traits = o.ids("trait_columns");
        if traits.is_empty() {
            traits.push(with.clone());
        }
        let descending = match o.str("sort") {
            None => false,
            Some(s) => match s.v.as_str() {
                "descending" => true,
                "ascending" | "none" => false,
                other => {
                    o.ctx.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("unknown sort `{other}`"))
                            .at(&s.loc)
                            .help("write \"descending\" or \"ascending\""),
                    );
                    false
                }
            },
        };
        for key in ["header", "rows"] {
            if let Some(v) = o.get(key) {
                o.ctx.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("a generated table (abilities_with) has no `{key}`"),
                    )
                    .at(&o.ctx.loc(v.span()))
                    .help("remove it: the rows come from the abilities"),
                );
            }
        }
        TableBody::Generated { abilities_with: with, traits, descending }
    } else {
        let header = match o.array("header") {
            Some((cells, _)) => cells.iter().filter_map(|c| read_cell(o.ctx, c)).collect(),
            None => {
                let _ = o.req_str("header");
                Vec::new()
            }
        };
        let mut rows = Vec::new();
        if let Some((items, _)) = o.array("rows") {
            for row in items {
                match row.get_ref() {
                    DeValue::Array(cells) => {
                        rows.push((o.ctx.loc(row.span()), cells.iter().filter_map(|c| read_cell(o.ctx, c)).collect()))
                    }
                    other => o.ctx.push(
                        Diagnostic::error(
                            diag::WRONG_TYPE,
                            format!("a table row must be an array of cells, not {}", reader::type_name(other)),
                        )
                        .at(&o.ctx.loc(row.span())),
                    ),
                }
            }
        }
        TableBody::Written { header, rows }
    };
    let t = Table { id, title, body, notes: o.texts("notes") };
    o_finish(o);
    t
}

fn read_steps(ctx: &Ctx, items: &[Spanned<DeValue>]) -> Vec<Step> {
    let mut out = Vec::new();
    for v in items {
        match v.get_ref() {
            DeValue::String(_) => {
                if let Some(t) = text_of(ctx, "steps", v) {
                    out.push(Step { title: t, text: None, steps: Vec::new() });
                }
            }
            DeValue::Table(t) => {
                let o = Obj::new(ctx, t, v.span(), &fields::STEP, "a step");
                let title = o.text("title");
                if title.is_none() && t.get("title").is_none() {
                    let _ = o.req_str("title");
                }
                let text = o.text("text");
                let steps = o.array("steps").map(|(items, _)| read_steps(ctx, items)).unwrap_or_default();
                let step = title.map(|title| Step { title, text, steps });
                o.finish();
                out.extend(step);
            }
            other => ctx.push(
                Diagnostic::error(
                    diag::WRONG_TYPE,
                    format!("a step must be a string or a table, not {}", reader::type_name(other)),
                )
                .at(&ctx.loc(v.span())),
            ),
        }
    }
    out
}

fn read_sequence(o: &Obj) -> Sequence {
    let s = Sequence {
        id: o.id("id", true).unwrap_or_default_sp(o),
        title: o.str("title"),
        steps: match o.array("steps") {
            Some((items, _)) => read_steps(o.ctx, items),
            None => {
                let _ = o.req_str("steps");
                Vec::new()
            }
        },
    };
    o_finish(o);
    s
}

fn read_term(o: &Obj) -> Term {
    let name = o.req_str("name");
    let t = Term {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        aliases: o.strs("aliases"),
        text: o.text("text"),
    };
    o_finish(o);
    t
}

fn read_change(o: &Obj) -> ChangeEntry {
    let version = o.req_str("version").unwrap_or_default_sp(o);
    let date = o.date("date");
    // Items: markup strings, or tables tying the item to what it changed.
    let mut items = Vec::new();
    let mut refs = Vec::new();
    match o.get("items").map(|v| (v, v.get_ref())) {
        None => {}
        Some((v, DeValue::String(s))) => items.push(Text { raw: s.to_string(), loc: o.ctx.loc(v.span()) }),
        Some((_, DeValue::Array(list))) => {
            for it in list {
                match it.get_ref() {
                    DeValue::String(s) => items.push(Text { raw: s.to_string(), loc: o.ctx.loc(it.span()) }),
                    DeValue::Table(_) => {
                        let Some(t) = Obj::from_value(o.ctx, it, &fields::CHANGE_ITEM, "a changelog item") else {
                            continue;
                        };
                        let Some(text) = t.text("text") else {
                            let _ = t.req_str("text");
                            t.finish();
                            continue;
                        };
                        let n = items.len();
                        items.push(text);
                        for (key, kind) in [
                            ("sections", RefKind::Section),
                            ("units", RefKind::Unit),
                            ("abilities", RefKind::Ability),
                            ("cards", RefKind::Card),
                        ] {
                            for id in t.ids(key) {
                                refs.push((n, kind, id));
                            }
                        }
                        t.finish();
                    }
                    other => o.ctx.push(
                        Diagnostic::error(
                            diag::WRONG_TYPE,
                            format!("a changelog item must be text or a table, not {}", reader::type_name(other)),
                        )
                        .at(&o.ctx.loc(it.span()))
                        .help("write \"what changed\", or { text = \"what changed\", abilities = [\"landing\"] }"),
                    ),
                }
            }
        }
        Some((v, other)) => o.ctx.push(
            Diagnostic::error(
                diag::WRONG_TYPE,
                format!("`items` must be an array of texts, not {}", reader::type_name(other)),
            )
            .at(&o.ctx.loc(v.span())),
        ),
    }
    let c = ChangeEntry { version, date, items, refs };
    o_finish(o);
    c
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
