//! Stage 0: the game's source files and places in them. Every later stage points into these:
//! a [`Loc`] is a byte range of one file, an [`Sp`] a value with the place it was written.

use std::ops::Range;
use std::path::PathBuf;

/// A place in one of the game's source files: a byte range.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Loc {
    /// Index into [`Files`].
    pub file: usize,
    /// Byte range in that file's text.
    pub span: Range<usize>,
}

/// A value with the place it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Sp<T> {
    /// The value.
    pub v: T,
    /// Where it was written.
    pub loc: Loc,
}

impl<T> Sp<T> {
    /// A value written at `loc`.
    pub fn new(v: T, loc: Loc) -> Self {
        Sp { v, loc }
    }
}

/// The source files of a game, by index, with the path shown to the user.
#[derive(Debug, Clone, Default)]
pub struct Files {
    /// The files, in the order they were read.
    pub files: Vec<SourceFile>,
}

/// One source file: its name as shown, its path and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as shown in messages (relative to the current directory where possible).
    pub name: String,
    /// The path on disk.
    pub path: PathBuf,
    /// The text.
    pub text: String,
}

impl Files {
    /// Add a file; returns its index.
    pub fn add(&mut self, name: String, path: PathBuf, text: String) -> usize {
        self.files.push(SourceFile { name, path, text });
        self.files.len() - 1
    }

    /// The file at `file`.
    pub fn get(&self, file: usize) -> &SourceFile {
        &self.files[file]
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: usize, offset: usize) -> (usize, usize) {
        let text = &self.files[file].text;
        let offset = offset.min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }
}

pub(crate) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let mut files = Files::default();
        let f = files.add("a.toml".into(), "a.toml".into(), "x = 1\ny = \"é1\"\n".into());
        assert_eq!(files.line_col(f, 0), (1, 1));
        assert_eq!(files.line_col(f, 6), (2, 1));
        // byte 12 is after "é" (2 bytes): column 7 in characters
        assert_eq!(files.line_col(f, 13), (2, 7));
    }
}
