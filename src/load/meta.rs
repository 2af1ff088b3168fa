//! `[game]` and `[exports]` of game.toml: the game's own settings, words, print profiles and
//! exports.

use toml::de::DeValue;

use super::reader::Obj;
use super::{color_of, lengths, page_of, reader, translate};
use crate::diag::{self, Diagnostic};
use crate::model::*;

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

pub(super) fn read_meta(game: &mut Game, o: &Obj, source: &str) {
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
        if !crate::model::same_placeholders(&has, &needs) {
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
pub(super) fn read_exports(game: &mut Game, o: &Obj) {
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
