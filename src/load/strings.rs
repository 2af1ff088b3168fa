//! Mapping an offset inside a decoded TOML string back to the byte in the source file, so that
//! a problem found inside a markup field points at the exact characters the user wrote.

use crate::model::Text;
use crate::source::Loc;

/// The location in the TOML source of bytes `range` of the decoded string `text.raw`.
pub(crate) fn sub_loc(text: &Text, source: &str, range: std::ops::Range<usize>) -> Loc {
    let literal = source.get(text.loc.span.clone()).unwrap_or("");
    let start = raw_offset(literal, range.start);
    let end = raw_offset(literal, range.end).max(start);
    Loc { file: text.loc.file, span: text.loc.span.start + start..text.loc.span.start + end }
}

/// Byte offset within a TOML string literal (quotes included) of the character at byte
/// `decoded` of its decoded value. Handles '...', '''...''', "...", """...""", escapes, the
/// newline trimmed after an opening triple quote, and line-ending backslashes. A literal that is
/// not a string (a number written in a table cell) maps one to one.
pub(crate) fn raw_offset(literal: &str, decoded: usize) -> usize {
    if literal.len() < 512 {
        return walk(literal, &mut |out| out >= decoded);
    }
    // A long text asks for many offsets (one per reference, per finding): map it once.
    thread_local! {
        static TABLE: std::cell::RefCell<((usize, usize), Vec<usize>)> = Default::default();
    }
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        let key = (literal.as_ptr() as usize, literal.len());
        if t.0 != key || t.1.is_empty() {
            let mut table = Vec::new();
            // Record, for every decoded byte, the raw byte it starts at.
            let end = walk_recording(literal, &mut table);
            table.push(end);
            *t = (key, table);
        }
        let table = &t.1;
        table[decoded.min(table.len() - 1)]
    })
}

/// Every decoded byte's raw offset, in order; returns the raw end.
fn walk_recording(literal: &str, table: &mut Vec<usize>) -> usize {
    let mut positions: Vec<(usize, usize)> = Vec::new();
    let end = walk_with(literal, &mut |out, i| {
        positions.push((out, i));
        false
    });
    // As the walk answers: the first position whose decoded count reaches the byte (a byte
    // inside an escape or a multi-byte character maps to the next one).
    for w in positions.windows(2) {
        let ((a, i), (b, j)) = (w[0], w[1]);
        if b > a {
            table.push(i);
            table.extend(std::iter::repeat_n(j, b - a - 1));
        }
    }
    if let Some(&(_, i)) = positions.last() {
        table.push(i);
    }
    end
}

/// Walk the literal; `stop(decoded_so_far)` ends the walk at that raw offset.
fn walk(literal: &str, stop: &mut dyn FnMut(usize) -> bool) -> usize {
    walk_with(literal, &mut |out, _| stop(out))
}

fn walk_with(literal: &str, stop: &mut dyn FnMut(usize, usize) -> bool) -> usize {
    let (quote, multi) = if literal.starts_with("'''") {
        ('\'', true)
    } else if literal.starts_with("\"\"\"") {
        ('"', true)
    } else if literal.starts_with('\'') {
        ('\'', false)
    } else if literal.starts_with('"') {
        ('"', false)
    } else {
        // Not a string (a number in a table cell): one to one.
        let mut out = 0;
        while out < literal.len() && !stop(out, out) {
            out += 1;
        }
        return out;
    };
    let open = if multi { 3 } else { 1 };
    let bytes = literal.as_bytes();
    let mut i = open;
    if multi {
        if literal[i..].starts_with("\r\n") {
            i += 2;
        } else if literal[i..].starts_with('\n') {
            i += 1;
        }
    }
    let body_end = literal.len().saturating_sub(open).max(i);
    // Without a backslash every decoded byte is the byte written: no walk needed (a long text
    // with thousands of references asks for thousands of offsets).
    if quote == '\'' || !literal[i..body_end].contains('\\') {
        let mut out = 0;
        while i + out < body_end && !stop(out, i + out) {
            out += 1;
        }
        return i + out;
    }
    let mut out = 0usize; // decoded bytes produced so far
    while i < body_end {
        // A line-ending backslash produces nothing: skip it and the whitespace after it.
        if quote == '"' && multi && bytes[i] == b'\\' {
            let rest = &literal[i + 1..];
            let ws = rest.len() - rest.trim_start_matches([' ', '\t']).len();
            if rest[ws..].starts_with('\n') || rest[ws..].starts_with("\r\n") {
                i += 1;
                while i < body_end && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
                    i += 1;
                }
                continue;
            }
        }
        if stop(out, i) {
            return i;
        }
        if quote == '"' && bytes[i] == b'\\' {
            let next = bytes.get(i + 1).copied().unwrap_or(b' ');
            match next {
                b'u' => {
                    let ch = u32::from_str_radix(literal.get(i + 2..i + 6).unwrap_or("0"), 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or(' ');
                    out += ch.len_utf8();
                    i += 6;
                }
                b'U' => {
                    let ch = u32::from_str_radix(literal.get(i + 2..i + 10).unwrap_or("0"), 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or(' ');
                    out += ch.len_utf8();
                    i += 10;
                }
                _ => {
                    out += 1;
                    i += 2;
                }
            }
            continue;
        }
        let ch_len = literal[i..].chars().next().map(|c| c.len_utf8()).unwrap_or(1);
        out += ch_len;
        i += ch_len;
    }
    i.min(literal.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_map_like_short_ones() {
        // Above 512 bytes the offsets come from a table built once: the same answers.
        let body = "a\\\"b é \\u00e9 [[x]] ".repeat(40);
        let lit = format!("\"{body}\"");
        assert!(lit.len() > 512);
        for d in [0, 1, 2, 5, 9, 17, 100, 400, 2000] {
            assert_eq!(raw_offset(&lit, d), walk(&lit, &mut |out| out >= d), "decoded {d}");
        }
    }

    #[test]
    fn plain_strings() {
        assert_eq!(raw_offset("\"abc\"", 0), 1);
        assert_eq!(raw_offset("\"abc\"", 2), 3);
        assert_eq!(raw_offset("'a\\b'", 2), 3);
    }

    #[test]
    fn escapes_shift_offsets() {
        // "a\"b": decoded a"b; the b is decoded byte 2, raw byte 4
        assert_eq!(raw_offset("\"a\\\"b\"", 2), 4);
        // \u00e9 is 2 decoded bytes, 6 raw bytes
        assert_eq!(raw_offset("\"\\u00e9x\"", 2), 7);
    }

    #[test]
    fn multiline_strings() {
        let lit = "\"\"\"\nline one\nline two\"\"\"";
        // decoded "line one\nline two": byte 9 is 'l' of "line two"
        assert_eq!(&lit[raw_offset(lit, 9)..raw_offset(lit, 13)], "line");
        let lit = "'''\nab'''";
        assert_eq!(raw_offset(lit, 1), 5);
        // line-ending backslash
        let lit = "\"\"\"ab \\\n   cd\"\"\"";
        assert_eq!(&lit[raw_offset(lit, 3)..raw_offset(lit, 5)], "cd");
    }
}
