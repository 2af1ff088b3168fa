//! Translations: one gettext PO file a language in the game's `translations/` folder
//! (`translations/de.po`), each entry keyed by the place of a text in the data (`msgctxt`,
//! "units.toml:unit[rifle-squad].name") with the text it translates (`msgid`), so that a text
//! changed in the data is found. `playaid translate` writes and updates the file, `check` says
//! how far each language has come and what is stale, and `build --lang` reads the data with
//! every translated text in place of its source.
//!
//! A translation is put in place where the data says the text: its string in the TOML file is
//! replaced before the file is read, so every later stage (checks, layout, the fits of cards
//! and counters) sees the translated text, and every finding about it is moved to the
//! translation's line of the PO file.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::fields::{self, TableDecl, Ty};
use super::po::{self, PoEntry};
use crate::diag::{self, Diagnostic};
use crate::model::{WORDS, Word, Words};
use crate::source::{Files, Loc, Sp};

/// The folder of a game's translations.
pub const DIR: &str = "translations";

/// The keys of plain strings that print as prose (a name, a title, a word): the others are
/// identifiers, file names, symbol words or values and stay as written.
const PROSE: &[&str] = &[
    "name",
    "title",
    "subtitle",
    "text",
    "label",
    "abbr",
    "suffix",
    "weather",
    "setup",
    "ops_name",
    "system",
    "corner",
    "unit",
    "units",
    "turn",
    "turns",
    "term",
    "side",
    "sides",
    "objective",
    "objectives",
    "reinforcement",
    "reinforcements",
];

/// The `[game.words]` keys are words too (`unit`, `turn` ...): they are in `PROSE`. These keys
/// of other tables are not prose however they are spelt.
fn is_prose(table: &str, key: &str) -> bool {
    match (table, key) {
        // Every word playaid prints that the game gives.
        ("game_words", _) => true,
        // A unit, side or term a table names by id.
        (t, "unit" | "side" | "term") if t != "game_words" => false,
        (t, "units" | "sides") if t != "game_words" => false,
        _ => PROSE.contains(&key),
    }
}

/// A text of the data a translation may replace.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// Its place: `file:table[id].key`, the entry's `msgctxt`.
    pub key: String,
    /// The text as the data says it.
    pub text: String,
    /// The data file.
    pub path: PathBuf,
    /// Its string in that file, quotes included, bytes.
    pub span: Range<usize>,
    /// The line it is on, from 1; 0 for a word of playaid's.
    pub line: usize,
    /// A word of playaid's as built in (not given by the game): a language with built-in words
    /// prints its own without a translation.
    pub builtin: Option<&'static Word>,
}

/// The prefix of the place of a word playaid prints that the game does not give:
/// `playaid:record_track`.
pub const WORD_PREFIX: &str = "playaid:";

impl SourceText {
    /// Whether it is a word of playaid's rather than a text of the data.
    pub fn is_word(&self) -> bool {
        self.key.starts_with(WORD_PREFIX)
    }
}

/// Every text of the game's TOML files a translation may replace, in file and data order.
/// Files that do not parse give none (their syntax error is the loader's to report).
pub fn source_texts(dir: &Path, files: &[(PathBuf, String)]) -> Vec<SourceText> {
    let mut out = Vec::new();
    for (path, text) in files {
        let name = path.strip_prefix(dir).unwrap_or(path).to_string_lossy().replace('\\', "/");
        if path.extension().is_some_and(|e| e == "csv") {
            out.extend(sheet_texts(&name, path, text));
            continue;
        }
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let Ok(doc) = DeTable::parse(text) else { continue };
        let mut w = Walk { name: &name, path, text, out: &mut out };
        w.table(doc.get_ref(), &fields::ROOT, "");
    }
    // Two entries of a list named alike (two cards of one unit): the second place is `#2`.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for t in &mut out {
        let n = seen.entry(t.key.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            t.key = format!("{}#{n}", t.key);
        }
    }
    out.extend(word_texts(dir, files));
    out
}

/// The texts of a spreadsheet (`units.csv`): each cell of a column that prints as prose.
fn sheet_texts(name: &str, path: &Path, text: &str) -> Vec<SourceText> {
    let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prints = |table: &str, key: &str, ty: &Ty| match ty {
        Ty::Markup | Ty::Markups => true,
        Ty::Str => is_prose(table, key),
        _ => false,
    };
    super::sheets::sheet_texts(&file, text, &prints)
        .into_iter()
        .map(|t| SourceText {
            key: format!("{name}:{}.{}", t.row, t.key),
            line: text[..t.span.start.min(text.len())].matches('\n').count() + 1,
            text: t.text,
            path: path.to_path_buf(),
            span: t.span,
            builtin: None,
        })
        .collect()
}

/// The words playaid prints that the game does not give in `[game.words]`: each as the data's
/// language says it (built in, or the plural of a singular the game gives), so that a
/// translation may give its own.
fn word_texts(dir: &Path, files: &[(PathBuf, String)]) -> Vec<SourceText> {
    let words = source_words(dir, files);
    WORDS
        .iter()
        .filter(|w| words.given_word(w.key).is_none())
        .map(|w| SourceText {
            key: format!("{WORD_PREFIX}{}", w.key),
            text: words.word(w.key),
            path: PathBuf::new(),
            span: 0..0,
            line: 0,
            builtin: words.is_builtin(w.key).then_some(w),
        })
        .collect()
}

/// `[game] language` and `[game.words]` of game.toml as written.
fn source_words(dir: &Path, files: &[(PathBuf, String)]) -> Words {
    let mut words = Words::default();
    let game = dir.join("game.toml");
    let Some(doc) = files.iter().find(|(p, _)| *p == game).and_then(|(_, t)| DeTable::parse(t).ok()) else {
        return words;
    };
    let Some(DeValue::Table(g)) = doc.get_ref().get("game").map(|v| v.get_ref()) else { return words };
    if let Some(DeValue::String(l)) = g.get("language").map(|v| v.get_ref()) {
        words.lang = Some(l.to_string());
    }
    if let Some(DeValue::Table(given)) = g.get("words").map(|v| v.get_ref()) {
        for (k, v) in given.iter() {
            let (Some(w), DeValue::String(text)) = (WORDS.iter().find(|w| w.key == k.get_ref().as_ref()), v.get_ref())
            else {
                continue;
            };
            words.given.push((w.key, Sp::new(text.to_string(), Loc::default())));
        }
    }
    words
}

/// The game's words as a translation to `cat`'s language prints them: each word the
/// translation gives (for the word the data says now); the others as [`Words::word`] finds
/// them in the language: built in, or (a plural the game's singular leads) the translated
/// singular's.
pub fn apply_words(texts: &[SourceText], cat: &Catalogue, words: &mut Words) {
    let by_key: HashMap<&str, &PoEntry> =
        cat.entries.iter().filter(|e| !e.obsolete).filter_map(|e| Some((e.context.as_deref()?, e))).collect();
    for t in texts.iter().filter(|t| t.is_word()) {
        let Some(key) = WORDS.iter().find(|w| t.key[WORD_PREFIX.len()..] == *w.key).map(|w| w.key) else { continue };
        if let Some(e) = by_key.get(t.key.as_str()).filter(|e| !e.text.is_empty() && !e.fuzzy && e.id == t.text) {
            words.given.retain(|(k, _)| *k != key);
            words.given.push((key, Sp::new(e.text.clone(), Loc::default())));
        }
    }
}

/// The built-in wording in `lang` of a word of playaid's as the data's language says it
/// built in: what prints without a translation.
fn builtin_in(t: &SourceText, lang: &str) -> Option<&'static str> {
    t.builtin.and_then(|w| w.builtin_in(lang))
}

/// The game's TOML data files with their text, game.toml first (as the loader reads them).
pub fn data_files(dir: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let mut paths = Vec::new();
    super::collect_data(dir, dir, &mut paths).map_err(|e| format!("cannot list `{}`: {e}", dir.display()))?;
    paths.retain(|p| p.extension().is_some_and(|e| e == "toml" || e == "csv"));
    paths.sort();
    let game = dir.join("game.toml");
    paths.retain(|p| p != &game);
    paths.insert(0, game);
    paths
        .into_iter()
        .map(|p| {
            std::fs::read_to_string(&p)
                .map(|t| (p.clone(), t))
                .map_err(|e| format!("cannot read `{}`: {e}", p.display()))
        })
        .collect()
}

struct Walk<'a> {
    name: &'a str,
    path: &'a Path,
    text: &'a str,
    out: &'a mut Vec<SourceText>,
}

impl Walk<'_> {
    fn table(&mut self, t: &DeTable, decl: &'static TableDecl, path: &str) {
        for (k, v) in t.iter() {
            let key = k.get_ref().as_ref();
            let new = decl.renamed.iter().find(|(_, old)| *old == key).map_or(key, |(new, _)| *new);
            let Some(field) = decl.field(new) else { continue };
            let here = if path.is_empty() { key.to_string() } else { format!("{path}.{key}") };
            self.value(v, &field.ty, (decl.name, new), &here);
        }
    }

    fn value(&mut self, v: &Spanned<DeValue>, ty: &'static Ty, (table, key): (&str, &str), path: &str) {
        match (ty, v.get_ref()) {
            (Ty::Markup | Ty::Markups, DeValue::String(s)) => self.push(path, s, v.span()),
            (Ty::Str, DeValue::String(s)) if is_prose(table, key) => self.push(path, s, v.span()),
            (Ty::Markups, DeValue::Array(items)) => {
                for (i, it) in items.iter().enumerate() {
                    if let DeValue::String(s) = it.get_ref() {
                        self.push(&format!("{path}[{i}]"), s, it.span());
                    }
                }
            }
            (Ty::Table(d), DeValue::Table(t)) => self.table(t, d, path),
            (Ty::Tables(d), DeValue::Array(items)) => {
                for (i, it) in items.iter().enumerate() {
                    if let DeValue::Table(t) = it.get_ref() {
                        self.table(t, d, &format!("{path}[{}]", ident(t, i)));
                    }
                }
            }
            (Ty::ArrayOf(inner), DeValue::Array(items)) => {
                for (i, it) in items.iter().enumerate() {
                    self.value(it, inner, (table, key), &format!("{path}[{i}]"));
                }
            }
            (Ty::AnyOf(alts), value) => {
                let fits = |t: &Ty| {
                    matches!(
                        (t, value),
                        (Ty::Markup | Ty::Markups | Ty::Str, DeValue::String(_))
                            | (Ty::Table(_), DeValue::Table(_))
                            | (Ty::Tables(_) | Ty::ArrayOf(_) | Ty::Markups, DeValue::Array(_))
                    )
                };
                if let Some(alt) = alts.iter().find(|t| fits(t)) {
                    self.value(v, alt, (table, key), path);
                }
            }
            _ => {}
        }
    }

    fn push(&mut self, path: &str, s: &str, span: Range<usize>) {
        if s.trim().is_empty() {
            return;
        }
        let line = self.text[..span.start.min(self.text.len())].matches('\n').count() + 1;
        self.out.push(SourceText {
            key: format!("{}:{path}", self.name),
            text: s.to_string(),
            path: self.path.to_path_buf(),
            span,
            line,
            builtin: None,
        });
    }
}

/// How an entry of a list of tables is named in a key: its `id`, else its `name`, `title`,
/// unit, version or what it references (a reference card's section), else its place in the
/// list.
fn ident(t: &DeTable, i: usize) -> String {
    ["id", "name", "title", "unit", "side", "version", "section", "table", "sequence", "ability", "terrain"]
        .iter()
        .find_map(|k| match t.get(*k).map(|v| v.get_ref()) {
            Some(DeValue::String(s)) if !s.trim().is_empty() => Some(s.to_string()),
            _ => None,
        })
        .unwrap_or_else(|| i.to_string())
}

/// A language's file, read.
pub struct Catalogue {
    /// The language, from the file's name (`de` for `de.po`).
    pub lang: String,
    /// The file.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Its entries.
    pub entries: Vec<PoEntry>,
    /// Its first line that is not PO, if any (then it has no entries).
    pub broken: Option<po::PoError>,
}

/// The PO file of `lang` in `dir`'s translations, none when there is none. A file that is not
/// PO reads as no entries and its first wrong line (`broken`), which [`findings`] reports.
pub fn read(dir: &Path, lang: &str) -> Option<Catalogue> {
    let path = dir.join(DIR).join(format!("{lang}.po"));
    let broken = |text: String, span: Range<usize>, message: String| {
        Some(Catalogue {
            lang: lang.to_string(),
            path: path.clone(),
            text,
            entries: Vec::new(),
            broken: Some(po::PoError { span, message }),
        })
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => return broken(String::new(), 0..0, format!("it cannot be read: {e}")),
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            return broken(lossy, at..at + 1, "it is not UTF-8 (save it as UTF-8, as Poedit does)".into());
        }
    };
    let entries = match po::parse(&text) {
        Ok(entries) => entries,
        Err(e) => return broken(text, e.span, e.message),
    };
    // Two live entries for one text: which translation prints would be a guess (msgfmt refuses
    // them too).
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for e in entries.iter().filter(|e| !e.obsolete) {
        let Some(k) = e.context.as_deref() else { continue };
        if let Some(first) = seen.insert(k, e.text_span.start) {
            let line = text[..first].matches('\n').count() + 1;
            let (span, message) =
                (e.text_span.clone(), format!("a second entry for {k} (the first is at line {line}): keep one"));
            return broken(text.clone(), span, message);
        }
    }
    Some(Catalogue { lang: lang.to_string(), path, text, entries, broken: None })
}

/// The languages a game has files for, sorted.
pub fn languages(dir: &Path) -> Vec<String> {
    let Ok(rd) = std::fs::read_dir(dir.join(DIR)) else { return Vec::new() };
    let mut out: Vec<String> = rd
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".po").map(str::to_string))
        .filter(|l| !l.is_empty())
        .collect();
    out.sort();
    out
}

/// How far a language has come.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Texts of the game.
    pub texts: usize,
    /// Translated, for the text the data says now.
    pub translated: usize,
    /// Translated for another text (the data changed since), or marked fuzzy: not used.
    pub stale: usize,
    /// Not translated: they print in the source language.
    pub missing: usize,
    /// Translations of texts the game no longer has.
    pub obsolete: usize,
    /// Words of playaid's that print in the source language: neither translated nor built in
    /// for the language.
    pub words_missing: usize,
    /// Words of playaid's translated for another wording (or marked fuzzy): not used.
    pub words_stale: usize,
}

/// The state of each text of the game in `cat`.
pub fn counts(texts: &[SourceText], cat: &Catalogue) -> Counts {
    let by_key: HashMap<&str, &PoEntry> =
        cat.entries.iter().filter(|e| !e.obsolete).filter_map(|e| Some((e.context.as_deref()?, e))).collect();
    let mut c = Counts { texts: texts.iter().filter(|t| !t.is_word()).count(), ..Counts::default() };
    for t in texts.iter().filter(|t| t.is_word()) {
        match by_key.get(t.key.as_str()) {
            Some(e) if !e.text.is_empty() && (e.fuzzy || e.id != t.text) => c.words_stale += 1,
            Some(e) if !e.text.is_empty() => {}
            _ if builtin_in(t, &cat.lang).is_some() => {}
            _ => c.words_missing += 1,
        }
    }
    for t in texts.iter().filter(|t| !t.is_word()) {
        match by_key.get(t.key.as_str()) {
            Some(e) if e.text.is_empty() => c.missing += 1,
            Some(e) if e.fuzzy || e.id != t.text => c.stale += 1,
            Some(_) => c.translated += 1,
            None => c.missing += 1,
        }
    }
    let keys: std::collections::HashSet<&str> = texts.iter().map(|t| t.key.as_str()).collect();
    c.obsolete = cat
        .entries
        .iter()
        .filter(|e| !e.is_header() && !e.text.is_empty())
        .filter(|e| e.obsolete || e.context.as_deref().is_none_or(|k| !keys.contains(k)))
        .count();
    c
}

/// The language's file brought up to date with the game's texts: a new text added empty, a
/// text whose source changed marked fuzzy with the source it was translated from, a text the
/// game no longer has kept as obsolete (`#~`) for its translation; every comment and
/// translation kept. The texts in the data's order, then the obsolete ones.
pub fn update(texts: &[SourceText], old: &[PoEntry], lang: &str, title: &str) -> Vec<PoEntry> {
    let header = old.iter().find(|e| e.is_header()).cloned().unwrap_or_else(|| PoEntry {
        text: format!(
            "Project-Id-Version: {title}\nLanguage: {lang}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nX-Generator: playaid\n"
        ),
        ..PoEntry::default()
    });
    let mut by_key: HashMap<&str, &PoEntry> = HashMap::new();
    for e in old.iter().filter(|e| !e.is_header()) {
        if let Some(k) = e.context.as_deref() {
            // A live entry wins over an obsolete one of the same place.
            if !e.obsolete || !by_key.contains_key(k) {
                by_key.insert(k, e);
            }
        }
    }
    let mut out = vec![header];
    for t in texts {
        let reference =
            (!t.is_word()).then(|| format!("{}:{}", t.key.split_once(':').map_or(t.key.as_str(), |(f, _)| f), t.line));
        // A word of playaid's: what it is, and its built-in wording in the language to start from.
        // A word of playaid's: what it is, and what prints where the entry stays empty (the
        // built-in word of the language); a translation that only repeats it is none.
        let doc = WORDS.iter().find(|w| t.key.strip_prefix(WORD_PREFIX) == Some(w.key)).map_or("", |w| w.doc);
        let builtin = builtin_in(t, lang);
        let extracted = t.is_word().then(|| match builtin {
            Some(b) => format!("playaid's word: {}\nBuilt in (printed while this stays empty): {b}", doc.trim()),
            None => format!("playaid's word: {}", doc.trim()),
        });
        let repeats = |e: &PoEntry| builtin.is_some_and(|b| e.text == b);
        let entry = match by_key.get(t.key.as_str()) {
            Some(e) if e.id == t.text && repeats(e) => {
                PoEntry { obsolete: false, reference, extracted, text: String::new(), ..(*e).clone() }
            }
            Some(e) if e.id == t.text => PoEntry { obsolete: false, reference, extracted, ..(*e).clone() },
            Some(e) if e.text.is_empty() || repeats(e) => PoEntry {
                obsolete: false,
                reference,
                extracted,
                id: t.text.clone(),
                text: String::new(),
                fuzzy: false,
                previous: None,
                ..(*e).clone()
            },
            Some(e) => PoEntry {
                obsolete: false,
                reference,
                fuzzy: true,
                // The source it was translated from: the first one, if it changed twice.
                previous: Some(if e.fuzzy { e.previous.clone().unwrap_or(e.id.clone()) } else { e.id.clone() }),
                id: t.text.clone(),
                extracted,
                ..(*e).clone()
            },
            None => {
                PoEntry { reference, extracted, context: Some(t.key.clone()), id: t.text.clone(), ..PoEntry::default() }
            }
        };
        out.push(entry);
    }
    let keys: std::collections::HashSet<&str> = texts.iter().map(|t| t.key.as_str()).collect();
    for e in old.iter().filter(|e| !e.is_header() && !e.text.is_empty()) {
        if e.context.as_deref().is_none_or(|k| !keys.contains(k)) {
            out.push(PoEntry { obsolete: true, fuzzy: false, previous: None, reference: None, ..e.clone() });
        }
    }
    out
}

/// The data files with every usable translation in place of its source (a translation for the
/// text the data says now, not fuzzy), and where each now lies: (file, its span in the new
/// text, the translation's span in the PO file). Files with nothing translated are left out.
pub fn apply(
    texts: &[SourceText],
    files: &[(PathBuf, String)],
    cat: &Catalogue,
) -> (Vec<(PathBuf, String)>, Vec<Moved>) {
    let by_key: HashMap<&str, &PoEntry> =
        cat.entries.iter().filter(|e| !e.obsolete).filter_map(|e| Some((e.context.as_deref()?, e))).collect();
    let mut out = Vec::new();
    let mut moved = Vec::new();
    for (path, text) in files {
        let mut here: Vec<(&SourceText, &PoEntry)> = texts
            .iter()
            .filter(|t| &t.path == path)
            .filter_map(|t| {
                let e = by_key.get(t.key.as_str())?;
                (!e.text.is_empty() && !e.fuzzy && e.id == t.text).then_some((t, *e))
            })
            .collect();
        if here.is_empty() {
            continue;
        }
        here.sort_by_key(|(t, _)| t.span.start);
        let mut new = String::with_capacity(text.len());
        let mut at = 0;
        for (t, e) in here {
            new.push_str(&text[at..t.span.start]);
            let start = new.len();
            let csv = path.extension().is_some_and(|x| x == "csv");
            new.push_str(&if csv { super::sheets::csv_cell(&e.text) } else { toml_string(&e.text) });
            moved.push(Moved {
                path: path.clone(),
                new: start..new.len(),
                old: t.span.clone(),
                po: e.text_span.clone(),
                key: t.key.clone(),
                source: t.text.clone(),
            });
            at = t.span.end;
        }
        new.push_str(&text[at..]);
        out.push((path.clone(), new));
    }
    (out, moved)
}

/// A translated string's place: in the data file as read (`new`), as written (`old`), and its
/// translation in the PO file (`po`).
#[derive(Debug, Clone)]
pub struct Moved {
    /// The data file.
    pub path: PathBuf,
    /// The string in the file as read, translated.
    pub new: Range<usize>,
    /// The string in the file as written.
    pub old: Range<usize>,
    /// The translation in the PO file.
    pub po: Range<usize>,
    /// The text's place (`msgctxt`).
    pub key: String,
    /// The text it translates.
    pub source: String,
}

/// A glossary term's name translated keeps its source name as an alias: a text left in the
/// source language still says `[[Island]]`, and must still find the term now called "Insel".
pub fn keep_term_names(game: &mut crate::model::Game, moved: &[Moved]) {
    for mv in moved.iter().filter(|m| m.key.contains(":term[") && m.key.ends_with(".name")) {
        let Some(file) = game.files.files.iter().position(|f| f.path == mv.path) else { continue };
        if let Some(t) = game.terms.iter_mut().find(|t| t.name.loc.file == file && t.name.loc.span == mv.new) {
            let alias = crate::source::Sp::new(mv.source.clone(), t.name.loc.clone());
            if !t.aliases.iter().any(|a| a.v.eq_ignore_ascii_case(&alias.v)) {
                t.aliases.push(alias);
            }
        }
    }
}

/// A TOML basic string of `s`.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Findings about the data files read translated, moved to where a reader can mend them: one
/// inside a translated string to its translation in the PO file (file `po_file` of `files`),
/// any other place of a translated file back to its offset in the file as written. Each file's
/// text becomes the one on disk again.
pub fn relocate(
    diags: &mut [Diagnostic],
    files: &mut Files,
    moved: &[Moved],
    originals: &[(PathBuf, String)],
    po_file: usize,
) {
    let index: HashMap<usize, Vec<&Moved>> = {
        let mut m: HashMap<usize, Vec<&Moved>> = HashMap::new();
        for mv in moved {
            if let Some(f) = files.files.iter().position(|f| f.path == mv.path) {
                m.entry(f).or_default().push(mv);
            }
        }
        m
    };
    let place = |loc: &Loc| -> Loc {
        let Some(list) = index.get(&loc.file) else { return loc.clone() };
        if let Some(mv) =
            list.iter().find(|m| m.new.start <= loc.span.start && loc.span.start < m.new.end.max(m.new.start + 1))
        {
            return Loc { file: po_file, span: mv.po.clone() };
        }
        // Before or after the translated strings: shifted back by what they added before it.
        let shift = |at: usize| -> usize {
            let delta: isize =
                list.iter().filter(|m| m.new.end <= at).map(|m| m.new.len() as isize - m.old.len() as isize).sum();
            (at as isize - delta).max(0) as usize
        };
        Loc { file: loc.file, span: shift(loc.span.start)..shift(loc.span.end.max(loc.span.start)) }
    };
    for d in diags.iter_mut() {
        relocate_one(d, &place);
    }
    for (path, text) in originals {
        if let Some(f) = files.files.iter_mut().find(|f| &f.path == path) {
            f.text = text.clone();
        }
    }
}

fn relocate_one(d: &mut Diagnostic, place: &dyn Fn(&Loc) -> Loc) {
    if let Some(loc) = &d.loc {
        d.loc = Some(place(loc));
    }
    // A fix inside a translated string would be applied to a file that does not say the text.
    if let Some(fix) = &mut d.fix {
        let to = place(&fix.loc);
        if to.file == fix.loc.file {
            fix.loc = to;
        } else {
            d.fix = None;
        }
    }
    if let Some(b) = &d.because {
        d.because = Some(place(b));
    }
    for f in &mut d.follow_ons {
        relocate_one(f, place);
    }
}

/// Findings about a language's file: a translation made for another text than the data says
/// now (W030, with the two texts), and one whose references or placeholders differ from its
/// source's (E081): both at the translation's line.
pub fn findings(texts: &[SourceText], cat: &Catalogue, po_file: usize, lang_name: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Some(e) = &cat.broken {
        out.push(
            Diagnostic::error(diag::TRANSLATION_MARKUP, format!("the {lang_name} translations file is not a PO file: {}", e.message))
                .at(&Loc { file: po_file, span: e.span.clone() })
                .label("not a PO line")
                .help("a PO entry is msgctxt \"...\", msgid \"...\" and msgstr \"...\", each a quoted string; `playaid translate` writes one to start from"),
        );
    }
    let by_key: HashMap<&str, &SourceText> = texts.iter().map(|t| (t.key.as_str(), t)).collect();
    for e in cat.entries.iter().filter(|e| !e.obsolete && !e.is_header() && !e.text.is_empty()) {
        let Some(t) = e.context.as_deref().and_then(|k| by_key.get(k)) else { continue };
        let loc = Loc { file: po_file, span: e.text_span.clone() };
        if e.fuzzy || e.id != t.text {
            let was = e.previous.as_deref().filter(|_| e.fuzzy).unwrap_or(&e.id);
            let d = Diagnostic::warning(
                diag::TRANSLATION_STALE,
                format!("the {lang_name} translation of {} was made for another text", t.key),
            )
            .at(&loc)
            .label(match builtin_in(t, &cat.lang) {
                Some(b) => format!("not used: playaid's built-in \"{b}\" prints"),
                None => "not used: the text prints in the source language".to_string(),
            })
            .note(format!("translated from: {}", clip(was)))
            .note(format!("{} now says: {}", if t.is_word() { "playaid" } else { "the data" }, clip(&t.text)))
            .help(format!(
                "revise the translation and remove its fuzzy flag; `playaid translate DIR --lang {}` marks every such entry with the text it was made for",
                cat.lang
            ));
            out.push(d);
            continue;
        }
        if let Some(why) = differs(&t.text, &e.text, t.is_word() || t.key.contains(":game.words.")) {
            out.push(
                Diagnostic::error(
                    diag::TRANSLATION_MARKUP,
                    format!("the {lang_name} translation of {} {why}", t.key),
                )
                .at(&loc)
                .label("as the source has them")
                .note(format!("the source: {}", clip(&t.text)))
                .help("keep every [[reference]] to a unit, rule, ability or card and every {placeholder} of the source; translate the words around them"),
            );
        }
    }
    out
}

/// Why a translation cannot print as its source does: a reference by id or a placeholder
/// missing or added (a glossary term's name may be translated, so only their number counts).
fn differs(source: &str, translated: &str, word: bool) -> Option<String> {
    fn refs(s: &str) -> (Vec<String>, usize) {
        let (found, _) = crate::markup::scan(s);
        let mut ids: Vec<String> = Vec::new();
        let mut terms = 0;
        for r in found {
            if r.kind == crate::model::RefKind::Term {
                terms += 1;
            } else {
                ids.push(format!("{}:{}", r.kind.name(), r.target));
            }
        }
        ids.sort();
        (ids, terms)
    }
    fn placeholders(s: &str) -> Vec<String> {
        let mut out: Vec<String> =
            s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(k, _)| k.trim().to_string())).collect();
        out.sort();
        out
    }
    let ((a, ta), (b, tb)) = (refs(source), refs(translated));
    if a != b {
        let gone: Vec<&String> = a.iter().filter(|x| !b.contains(x)).collect();
        let new: Vec<&String> = b.iter().filter(|x| !a.contains(x)).collect();
        return Some(match (gone.first(), new.first()) {
            (Some(g), _) => format!("leaves out the reference [[{g}]]"),
            (None, Some(n)) => format!("adds the reference [[{n}]], which the source does not have"),
            _ => "has other references than the source".into(),
        });
    }
    if ta != tb {
        return Some(format!("has {tb} glossary reference(s) where the source has {ta}"));
    }
    // A word of playaid's names the game's own words as it likes (`{turn}`, `{Turns}`).
    let (pa, pb) = if word {
        let own = |s: &str| crate::model::named_placeholders(s).into_iter().map(str::to_string).collect::<Vec<_>>();
        (own(source), own(translated))
    } else {
        (placeholders(source), placeholders(translated))
    };
    let same = if word { crate::model::same_placeholders(&pa, &pb) } else { pa == pb };
    if !same {
        let braces = crate::model::braced::<String>;
        return Some(format!("has the placeholders {} where the source has {}", braces(&pb), braces(&pa)));
    }
    None
}

/// A text shortened for a note.
fn clip(s: &str) -> String {
    let s = s.replace('\n', " ");
    if s.chars().count() > 120 {
        format!("\"{}…\"", s.chars().take(119).collect::<String>())
    } else {
        format!("\"{s}\"")
    }
}

/// The name of a language for messages: English for the common ones, else its code.
pub fn language_name(lang: &str) -> String {
    let base = lang.split(['-', '_']).next().unwrap_or(lang).to_ascii_lowercase();
    let name = match base.as_str() {
        "de" => "German",
        "fr" => "French",
        "es" => "Spanish",
        "it" => "Italian",
        "nl" => "Dutch",
        "pl" => "Polish",
        "pt" => "Portuguese",
        "ja" => "Japanese",
        "zh" => "Chinese",
        "ru" => "Russian",
        "sv" => "Swedish",
        "fi" => "Finnish",
        "en" => "English",
        _ => return format!("`{lang}`"),
    };
    name.to_string()
}

/// The ISO 639 code Typst sets text in for a language code: its two or three letters before any
/// region (`pt` for `pt-BR`); none for a code that starts otherwise (`klingon`).
pub fn typst_language(lang: &str) -> Option<String> {
    let base = lang.split(['-', '_']).next().unwrap_or(lang);
    ((2..=3).contains(&base.len()) && base.chars().all(|c| c.is_ascii_alphabetic())).then(|| base.to_ascii_lowercase())
}

/// Whether `lang` is a language code a file may be named by: letters, digits, `-` and `_`.
pub fn valid_code(lang: &str) -> bool {
    lang.len() <= 20
        && lang.starts_with(|c: char| c.is_ascii_alphabetic())
        && lang.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_words_are_texts_and_ids_are_not() {
        let dir = Path::new("/game");
        let files = vec![
            (
                dir.join("game.toml"),
                "[game]\nid = \"g\"\ntitle = \"G\"\n\n[game.words]\nunit = \"formation\"\n".to_string(),
            ),
            (
                dir.join("counters.toml"),
                "[[counter]]\nunit = \"rifle-squad\"\nname = \"Rifles\"\nside = \"allies\"\n".to_string(),
            ),
        ];
        let texts = source_texts(dir, &files);
        let keys: Vec<&str> = texts.iter().filter(|t| !t.is_word()).map(|t| t.key.as_str()).collect();
        assert_eq!(keys, ["game.toml:game.title", "game.toml:game.words.unit", "counters.toml:counter[Rifles].name"]);
        // playaid's other words follow, as the data's language says them: `units` is the
        // plural of the game's `unit`, `side` built in; `unit` is the game's, not playaid's.
        let word = |k: &str| texts.iter().find(|t| t.key == format!("{WORD_PREFIX}{k}"));
        assert_eq!(word("units").map(|t| (t.text.as_str(), t.builtin.is_some())), Some(("formations", false)));
        assert_eq!(word("side").map(|t| (t.text.as_str(), t.builtin.is_some())), Some(("side", true)));
        assert!(word("unit").is_none());
    }
}
