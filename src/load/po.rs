//! gettext PO files, the format translators' tools read and write (Poedit, Weblate, Crowdin):
//! reading one with the place of every entry's translation, and writing one back with every
//! comment and translation the translator made kept.
//!
//! Only what playaid's translation files use: an entry's translator comments (`# ...`), its
//! reference (`#: units.toml:12`), the `fuzzy` flag, the previous source of a fuzzy entry
//! (`#| msgid "..."`), `msgctxt` (the text's place in the data), `msgid` and `msgstr`, and
//! obsolete entries (`#~`). Strings may run over several quoted lines.

use std::ops::Range;

/// One entry of a PO file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PoEntry {
    /// Translator comments, each line without its `# `.
    pub comments: Vec<String>,
    /// `#: ...`: where the text is in the data.
    pub reference: Option<String>,
    /// `#. ...`: what the text is, for the translator; playaid's own, written anew each time
    /// (not read).
    pub extracted: Option<String>,
    /// `#, fuzzy`: the translation was made for another source text.
    pub fuzzy: bool,
    /// `#| msgid "..."`: the source text the translation was made for.
    pub previous: Option<String>,
    /// `msgctxt`: the text's place in the data.
    pub context: Option<String>,
    /// `msgid`: the source text.
    pub id: String,
    /// `msgstr`: the translation; empty when there is none yet.
    pub text: String,
    /// `#~`: a text the game no longer has, kept for its translation.
    pub obsolete: bool,
    /// Where `msgstr` is in the file (its keyword to the end of its last line), bytes.
    pub text_span: Range<usize>,
}

impl PoEntry {
    /// The header entry (`msgid ""`), which says the file's language and encoding.
    pub fn is_header(&self) -> bool {
        self.id.is_empty() && self.context.is_none()
    }
}

/// A line of a PO file that is not one: its 1-based number and what is wrong.
#[derive(Debug, PartialEq)]
pub struct PoError {
    /// Where, bytes.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
}

/// Which string a quoted continuation line adds to.
#[derive(Clone, Copy, PartialEq)]
enum Field {
    Context,
    Id,
    Text,
    Previous,
    None,
}

/// Read a PO file: its entries in order, or the first line that is not PO.
pub fn parse(text: &str) -> Result<Vec<PoEntry>, PoError> {
    let mut entries = Vec::new();
    let mut cur = PoEntry::default();
    let mut started = false;
    let mut field = Field::None;
    // A byte order mark some editors write first is not part of the first line.
    let mut offset = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
    for raw in text[offset..].split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let span = start..start + line.len();
        let err = |message: &str| PoError { span: span.clone(), message: message.to_string() };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            if started {
                entries.push(std::mem::take(&mut cur));
                started = false;
            }
            field = Field::None;
            continue;
        }
        // An obsolete entry's lines are the same lines behind `#~`.
        let (obsolete, body) = match trimmed.strip_prefix("#~") {
            Some(rest) => (true, rest.trim_start()),
            None => (false, trimmed),
        };
        if let Some(rest) = body.strip_prefix("#|") {
            let rest = rest.trim_start();
            // The previous context and plural (msgmerge and Poedit write them): playaid keys by
            // the current context, so they are read and left out.
            if rest.starts_with("msgctxt") || rest.starts_with("msgid_plural") {
                field = Field::None;
                started = true;
                continue;
            }
            let s = match rest.strip_prefix("msgid") {
                Some(q) => {
                    field = Field::Previous;
                    unquote(q.trim()).ok_or_else(|| err("a previous msgid needs a quoted string"))?
                }
                None => {
                    let s = unquote(rest).ok_or_else(|| err("a `#|` line needs a quoted string"))?;
                    cur.previous.get_or_insert_with(String::new).push_str(&s);
                    started = true;
                    continue;
                }
            };
            cur.previous = Some(s);
            started = true;
            continue;
        }
        if !obsolete && body.starts_with('#') {
            // A new entry's comments after a finished one without a blank line between.
            if started && field == Field::Text {
                entries.push(std::mem::take(&mut cur));
            }
            if let Some(r) = body.strip_prefix("#:") {
                cur.reference = Some(r.trim().to_string());
            } else if let Some(flags) = body.strip_prefix("#,") {
                cur.fuzzy |= flags.split(',').any(|f| f.trim() == "fuzzy");
            } else if body.starts_with("#.") {
                // Extracted comments are playaid's own: written anew each time.
            } else {
                let c = body.strip_prefix('#').unwrap_or(body);
                cur.comments.push(c.strip_prefix(' ').unwrap_or(c).to_string());
            }
            started = true;
            field = Field::None;
            continue;
        }
        cur.obsolete |= obsolete;
        started = true;
        let (keyword, rest) = match body.split_once(|c: char| c.is_whitespace()) {
            Some((k, r)) if !body.starts_with('"') => (k, r.trim()),
            _ => ("", body),
        };
        let value = unquote(rest).ok_or_else(|| err("a PO string is one quoted line: \"...\""))?;
        // A new entry's first line right after the last one's msgstr, with no blank line between.
        if matches!(keyword, "msgctxt" | "msgid") && field == Field::Text {
            let obsolete = cur.obsolete;
            entries.push(std::mem::take(&mut cur));
            cur.obsolete = obsolete;
        }
        field = keyword_line(&mut cur, field, keyword, value, &span).map_err(|m| err(&m))?;
    }
    if started {
        entries.push(cur);
    }
    Ok(entries)
}

/// One line of an entry, `msgctxt "..."`, `msgid "..."`, `msgstr "..."` or a quoted line that
/// continues the string before it: the string it adds to next, or what is wrong.
fn keyword_line(
    cur: &mut PoEntry,
    field: Field,
    keyword: &str,
    value: String,
    span: &Range<usize>,
) -> Result<Field, String> {
    match keyword {
        "msgctxt" => {
            cur.context = Some(value);
            Ok(Field::Context)
        }
        "msgid" => {
            cur.id = value;
            Ok(Field::Id)
        }
        "msgstr" => {
            cur.text = value;
            cur.text_span = span.clone();
            Ok(Field::Text)
        }
        "" => {
            match field {
                Field::Context => cur.context.get_or_insert_with(String::new).push_str(&value),
                Field::Id => cur.id.push_str(&value),
                Field::Text => {
                    cur.text.push_str(&value);
                    cur.text_span.end = span.end;
                }
                Field::Previous => cur.previous.get_or_insert_with(String::new).push_str(&value),
                Field::None => return Err("a quoted line with no msgid or msgstr before it".into()),
            }
            Ok(field)
        }
        "msgid_plural" => Err("playaid's translations have no plural forms (msgid_plural)".into()),
        other if other.starts_with("msgstr[") => Err("playaid's translations have no plural forms (msgstr[n])".into()),
        other => Err(format!("`{other}` is not a PO keyword (msgctxt, msgid, msgstr)")),
    }
}

/// The string of a quoted PO line, its escapes undone; none when it is not one quoted string.
fn unquote(s: &str) -> Option<String> {
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                other => {
                    out.push('\\');
                    out.push(other);
                }
            },
            // An unescaped quote inside: the line is not one string.
            '"' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

/// A string as a quoted PO line.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A PO file of `entries`, in their order, each after a blank line.
pub fn write(entries: &[PoEntry]) -> String {
    let mut out = String::new();
    for (i, e) in entries.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for c in &e.comments {
            out.push_str(if c.is_empty() { "#\n" } else { "# " });
            if !c.is_empty() {
                out.push_str(c);
                out.push('\n');
            }
        }
        let mark = if e.obsolete { "#~ " } else { "" };
        if let Some(x) = e.extracted.as_ref().filter(|_| !e.obsolete) {
            for line in x.lines() {
                out.push_str(&format!("#. {line}\n"));
            }
        }
        if let Some(r) = e.reference.as_ref().filter(|_| !e.obsolete) {
            out.push_str(&format!("#: {r}\n"));
        }
        if e.fuzzy && !e.obsolete {
            out.push_str("#, fuzzy\n");
        }
        if let Some(p) = e.previous.as_ref().filter(|_| e.fuzzy && !e.obsolete) {
            out.push_str(&format!("#| msgid {}\n", quote(p)));
        }
        if let Some(c) = &e.context {
            out.push_str(&format!("{mark}msgctxt {}\n", quote(c)));
        }
        if e.is_header() {
            // The header's fields, one a line, as translators' tools write them.
            out.push_str("msgid \"\"\nmsgstr \"\"\n");
            for field in e.text.split_inclusive('\n') {
                out.push_str(&quote(field));
                out.push('\n');
            }
            continue;
        }
        out.push_str(&format!("{mark}msgid {}\n", quote(&e.id)));
        out.push_str(&format!("{mark}msgstr {}\n", quote(&e.text)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes_comments_flags_and_obsolete_entries() {
        let entries = vec![
            PoEntry { text: "Language: de\nContent-Type: text/plain; charset=UTF-8\n".into(), ..Default::default() },
            PoEntry {
                comments: vec!["checked with the designer".into()],
                reference: Some("units.toml:12".into()),
                fuzzy: true,
                previous: Some("Rifle \"Squad\"".into()),
                context: Some("units.toml:unit[rifle-squad].name".into()),
                id: "Rifle Squad".into(),
                text: "Schützentrupp\nzwei".into(),
                ..Default::default()
            },
            PoEntry {
                obsolete: true,
                context: Some("units.toml:unit[old].name".into()),
                id: "Old".into(),
                text: "Alt".into(),
                ..Default::default()
            },
        ];
        let written = write(&entries);
        let read = parse(&written).unwrap();
        assert_eq!(read.len(), 3);
        for (a, b) in read.iter().zip(&entries) {
            assert_eq!(
                (&a.comments, &a.context, &a.id, &a.text, a.fuzzy, a.obsolete),
                (&b.comments, &b.context, &b.id, &b.text, b.fuzzy, b.obsolete)
            );
        }
        assert_eq!(read[1].previous.as_deref(), Some("Rifle \"Squad\""));
        // The translation's place: its msgstr line.
        assert!(written[read[1].text_span.clone()].starts_with("msgstr \"Schützentrupp"));
    }

    #[test]
    fn reads_what_other_tools_write_a_bom_previous_contexts_and_entries_without_blank_lines() {
        let po = "\u{feff}msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"Ä\"\nmsgctxt \"b\"\nmsgid \"B\"\nmsgstr \"Bé\"\n\n\
                  #, fuzzy\n#| msgctxt \"c\"\n#| msgid \"old\"\nmsgctxt \"c\"\nmsgid \"C\"\nmsgstr \"Cé\"\n";
        let e = parse(po).unwrap();
        let got: Vec<(&str, &str)> = e.iter().map(|e| (e.context.as_deref().unwrap(), e.text.as_str())).collect();
        assert_eq!(got, [("a", "Ä"), ("b", "Bé"), ("c", "Cé")]);
        assert_eq!(e[2].previous.as_deref(), Some("old"));
        assert!(e[2].fuzzy);
    }

    #[test]
    fn strings_may_run_over_several_lines_and_a_stray_line_is_an_error() {
        let po = "msgctxt \"a\"\nmsgid \"\"\n\"Hello \"\n\"world\"\nmsgstr \"\"\n\"Hallo \"\n\"Welt\"\n";
        let e = &parse(po).unwrap()[0];
        assert_eq!((e.id.as_str(), e.text.as_str()), ("Hello world", "Hallo Welt"));
        assert_eq!(&po[e.text_span.clone()], "msgstr \"\"\n\"Hallo \"\n\"Welt\"");
        let bad = parse("msgid \"a\"\nmsgstr \"b\nc\"\n").unwrap_err();
        assert!(bad.message.contains("quoted"), "{}", bad.message);
    }
}
