//! Every character the game prints has a glyph in some font (the embedded fonts or the game's
//! own `fonts/`); a character no font has would print as an empty box (.notdef).
//!
//! Every string value of every data file is checked, except values that are never printed
//! (file names, colours), and every cell of a spreadsheet below its header, so a name, a label
//! or a text in any script is covered wherever it ends up on a sheet.

use toml::de::{DeTable, DeValue};

use super::fonts::Fonts;
use crate::diag::{self, Diagnostic};
use crate::load::strings::raw_offset;
use crate::model::Game;
use crate::source::Loc;

/// Typst's `sym` module, read once, to know what a text's `#sym.arrow.r` prints.
#[derive(Default)]
struct Symbols {
    library: Option<typst::Library>,
}

impl Symbols {
    /// Each `sym.NAME.MODIFIERS` in `text` that names a symbol: its byte offset, the path and
    /// the characters it prints. A path naming no symbol is left to check (E036).
    fn in_text(&mut self, text: &str) -> Vec<(usize, String, String)> {
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(i) = text[from..].find("sym.").map(|i| from + i) {
            from = i + 4;
            let before = text[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.') {
                continue;
            }
            let len = text[i..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_'))
                .unwrap_or(text.len() - i);
            let path = text[i..i + len].trim_end_matches('.');
            if let Some(printed) = self.printed(path) {
                out.push((i, path.to_string(), printed));
            }
        }
        out
    }

    /// What `sym.a.b` prints, if it names a symbol.
    fn printed(&mut self, path: &str) -> Option<String> {
        use typst::LibraryExt;
        use typst::foundations::Value;
        let library = self.library.get_or_insert_with(|| typst::Library::builder().build());
        let mut parts = path.split('.').skip(1);
        let Value::Module(sym) = library.global.scope().get("sym")?.read() else { return None };
        let Value::Symbol(mut symbol) = sym.field(parts.next()?, ()).ok()?.clone() else { return None };
        for modifier in parts {
            symbol = symbol.modified((), modifier).ok()?;
        }
        Some(symbol.get().to_string())
    }
}

/// One finding per string value that has characters no font has, at the first of them.
pub(super) fn check_glyphs(game: &Game, fonts: &Fonts, diags: &mut Vec<Diagnostic>) {
    let mut covered = std::collections::HashMap::new();
    let mut symbols = Symbols::default();
    for (file, source) in game.files.files.iter().enumerate() {
        if source.name.ends_with(".csv") {
            check_sheet(file, &source.text, fonts, &mut covered, diags);
            continue;
        }
        if !source.name.ends_with(".toml") {
            continue;
        }
        let (doc, _) = DeTable::parse_recoverable(&source.text);
        let mut strings = Vec::new();
        walk_table(doc.get_ref(), &mut strings);
        for (span, value) in strings {
            let missing: Vec<(usize, char)> = value
                .char_indices()
                .filter(|&(_, c)| printable(c) && !*covered.entry(c).or_insert_with(|| fonts.covers(c)))
                .collect();
            let literal = source.text.get(span.clone()).unwrap_or("");
            // `#sym.arrow.r` prints `→`, which the text itself does not hold.
            if missing.is_empty() {
                for (at, path, printed) in symbols.in_text(&value) {
                    let missing: Vec<(usize, char)> = printed
                        .chars()
                        .filter(|&c| printable(c) && !*covered.entry(c).or_insert_with(|| fonts.covers(c)))
                        .map(|c| (at, c))
                        .collect();
                    if !missing.is_empty() {
                        let start = span.start + raw_offset(literal, at);
                        let end = span.start + raw_offset(literal, at + path.len());
                        diags.push(
                            missing_glyph(&missing, &Loc { file, span: start..end })
                                .label(format!("`{path}` prints `{printed}`, which would print as an empty box")),
                        );
                        break;
                    }
                }
            }
            let Some(&(first, c)) = missing.first() else { continue };
            let at = span.start + raw_offset(literal, first);
            let end = span.start + raw_offset(literal, first + c.len_utf8());
            diags.push(missing_glyph(&missing, &Loc { file, span: at..end.max(at) }));
        }
    }
}

/// Findings for texts that are in no data file (a translation's words of playaid's, `texts`
/// with where each is written): one per text with characters no font has.
pub fn check_texts(game: &Game, texts: &[(String, Loc)]) -> Vec<Diagnostic> {
    let fonts = super::fonts::for_game(game);
    texts
        .iter()
        .filter_map(|(text, loc)| {
            let missing: Vec<(usize, char)> =
                text.char_indices().filter(|&(_, c)| printable(c) && !fonts.covers(c)).collect();
            (!missing.is_empty()).then(|| missing_glyph(&missing, loc))
        })
        .collect()
}

/// A spreadsheet: every cell below the header row is printed or names something; one finding
/// per row, at its first character no font has.
fn check_sheet(
    file: usize,
    text: &str,
    fonts: &Fonts,
    covered: &mut std::collections::HashMap<char, bool>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut start = text.find('\n').map_or(text.len(), |i| i + 1);
    for line in text[start..].split_inclusive('\n') {
        let missing: Vec<(usize, char)> = line
            .char_indices()
            .filter(|&(_, c)| printable(c) && !*covered.entry(c).or_insert_with(|| fonts.covers(c)))
            .collect();
        if let Some(&(at, c)) = missing.first() {
            let span = start + at..start + at + c.len_utf8();
            diags.push(missing_glyph(&missing, &Loc { file, span }));
        }
        start += line.len();
    }
}

fn missing_glyph(missing: &[(usize, char)], loc: &Loc) -> Diagnostic {
    let mut chars: Vec<char> = missing.iter().map(|&(_, c)| c).collect();
    chars.dedup();
    let mut unique = Vec::new();
    for c in chars {
        if !unique.contains(&c) {
            unique.push(c);
        }
    }
    let shown: Vec<String> = unique.iter().take(6).map(|c| format!("`{c}` (U+{:04X})", *c as u32)).collect();
    let more = if unique.len() > 6 { format!(" and {} more", unique.len() - 6) } else { String::new() };
    Diagnostic::error(
        diag::MISSING_GLYPH,
        format!("no font playaid prints with has {}{more}", shown.join(", ")),
    )
    .at(loc)
    .label("would print as an empty box")
    .help(format!(
        "put a font file that has these characters in the game's fonts/ folder (an open licence, such as {}), or write the text without them",
        suggest_font(unique[0])
    ))
}

/// An open-licence font for the script of `c`.
fn suggest_font(c: char) -> &'static str {
    match c as u32 {
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => "Noto Sans JP (SIL OFL) for Japanese",
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => "Noto Sans KR (SIL OFL) for Korean",
        0x2E80..=0x2FFF | 0x3000..=0x303F | 0x3400..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3FFFF => {
            "Noto Sans JP, SC, TC or KR (SIL OFL) for Chinese characters and Japanese kanji"
        }
        0x0600..=0x06FF | 0x0750..=0x077F | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => "Noto Sans Arabic (SIL OFL)",
        0x0590..=0x05FF => "Noto Sans Hebrew (SIL OFL)",
        0x0900..=0x097F => "Noto Sans Devanagari (SIL OFL)",
        0x0E00..=0x0E7F => "Noto Sans Thai (SIL OFL)",
        0x1F000..=0x1FAFF | 0x2600..=0x27BF => "Noto Emoji (SIL OFL), the black-and-white emoji font",
        _ => "a Noto font for the script (SIL OFL)",
    }
}

/// Characters that need a glyph: not whitespace, controls, joiners or variation selectors.
fn printable(c: char) -> bool {
    !(c.is_whitespace()
        || c.is_control()
        || matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'))
}

/// Keys whose values are never printed: file names and colours.
fn unprinted(key: &str) -> bool {
    ["image", "picture", "colour", "color", "fill", "font", "path", "file"].iter().any(|k| key.ends_with(k))
}

fn walk_table(t: &DeTable, out: &mut Vec<(std::ops::Range<usize>, String)>) {
    for (k, v) in t {
        walk_value(v, k.get_ref(), out);
    }
}

fn walk_value(v: &toml::Spanned<DeValue>, key: &str, out: &mut Vec<(std::ops::Range<usize>, String)>) {
    if unprinted(key) {
        return;
    }
    match v.get_ref() {
        DeValue::String(s) => out.push((v.span(), s.to_string())),
        DeValue::Array(items) => items.iter().for_each(|i| walk_value(i, key, out)),
        DeValue::Table(t) => walk_table(t, out),
        _ => {}
    }
}
