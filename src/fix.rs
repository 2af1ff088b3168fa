//! `playaid fix DIR [--dry-run]`: applies every mechanical fix the findings carry (renamed keys
//! and slots, lengths without their unit, the one did-you-mean that fits) to the game's files,
//! and shows what it changed as a diff.
//!
//! A fix replaces the few bytes of one key or value where the finding points, so everything
//! else in the file (comments, blank lines, key order, quoting, line ends) stays as written: a
//! finer edit than re-serialising the file through a TOML editing library. Before anything is
//! written the edited files are loaded and checked again: a round of fixes that would add an
//! error is not applied. A file with an error no fix can mend is never touched.

use std::path::{Path, PathBuf};

use crate::build;
use crate::diag::{Diagnostic, Fix, all_findings, one_line};
use crate::load;
use crate::source::Files;

/// At most this many rounds: a fix may uncover another (a renamed table's misspelt key).
const ROUNDS: usize = 4;

/// One file and what the fixes make of it.
#[derive(Debug, Clone)]
pub struct FileFix {
    /// Where it is.
    pub path: PathBuf,
    /// Its path inside the game folder (`units.toml`), as the diff names it.
    pub name: String,
    /// Its text before.
    pub before: String,
    /// Its text after every fix.
    pub after: String,
    /// `W007 `requires` on a group is now `required_traits``: one line per fix applied.
    pub applied: Vec<String>,
}

/// What `fix` would do, or did.
#[derive(Debug, Default)]
pub struct Plan {
    /// The files that change, in the game's file order.
    pub files: Vec<FileFix>,
    /// Files left alone, each with why: errors that no fix mends.
    pub refused: Vec<(String, Vec<String>)>,
    /// The findings left once the fixes are in, errors first counted.
    pub errors_left: usize,
    /// Warnings left.
    pub warnings_left: usize,
}

impl Plan {
    /// How many fixes in all.
    pub fn count(&self) -> usize {
        self.files.iter().map(|f| f.applied.len()).sum()
    }

    /// The changes as a unified diff (no context lines), one hunk per changed line run.
    pub fn diff(&self) -> String {
        let mut out = String::new();
        for f in &self.files {
            out.push_str(&format!("--- a/{}\n+++ b/{}\n", f.name, f.name));
            out.push_str(&hunks(&f.before, &f.after));
        }
        out
    }

    /// Write every changed file, each atomically (a BOM a spreadsheet had is kept).
    pub fn write(&self) -> Result<(), String> {
        for f in &self.files {
            // A spreadsheet's byte order mark is not part of its text as read: put it back. (A
            // TOML file keeps its own in its text.)
            let had_bom = std::fs::read(&f.path).is_ok_and(|b| b.starts_with("\u{feff}".as_bytes()));
            let text = if had_bom && !f.after.starts_with('\u{feff}') {
                format!("\u{feff}{}", f.after)
            } else {
                f.after.clone()
            };
            crate::write::write_atomic(&f.path, text.as_bytes())
                .map_err(|e| format!("cannot write `{}`: {e}", f.path.display()))?;
        }
        Ok(())
    }
}

/// Work out every fix of the game in `dir`, checked, without writing anything.
pub fn plan(dir: &Path) -> Result<Plan, String> {
    let first = build::check_loaded(load::load(dir)?, None);
    let files = &first.game.files;
    let mut plan = Plan { refused: refused(&first.diags, files), ..Plan::default() };
    let refused: Vec<&str> = plan.refused.iter().map(|(name, _)| name.as_str()).collect();
    // The texts as the fixes leave them, by file index (the file list stays the same: fixes
    // change no file names).
    let mut texts: Vec<String> = files.files.iter().map(|f| f.text.clone()).collect();
    let mut applied: Vec<Vec<String>> = vec![Vec::new(); texts.len()];
    let mut diags = first.diags.clone();
    for _ in 0..ROUNDS {
        let mut fixes: Vec<(&Diagnostic, &Fix)> = all_findings(&diags)
            .filter_map(|d| d.fix.as_ref().map(|f| (d, f)))
            .filter(|(_, f)| {
                let file = files.get(f.loc.file);
                !refused.contains(&file.name.as_str()) && is_data(&file.path)
            })
            .collect();
        // From the end of each file backwards, so each span is still where it was found.
        fixes.sort_by_key(|(_, f)| (f.loc.file, std::cmp::Reverse(f.loc.span.start)));
        fixes.dedup_by(|a, b| a.1.loc == b.1.loc);
        let (next, round) = apply_all(&texts, &fixes);
        if round.is_empty() {
            break;
        }
        // Check the edited files as the build would read them. A round that adds an error (a
        // fix that makes things worse: two keys fixed to one) is tried again file by file, and
        // a file whose fixes add an error keeps its text.
        let (next, round, after) = match checked(dir, files, &texts, &next, &diags)? {
            Some(after) => (next, round, after),
            None => {
                let (mut kept, mut kept_round) = (texts.clone(), Vec::new());
                let mut after: Option<Vec<Diagnostic>> = None;
                for file in 0..texts.len() {
                    let of_file: Vec<_> = fixes.iter().copied().filter(|(_, f)| f.loc.file == file).collect();
                    let (one, lines) = apply_all(&kept, &of_file);
                    if lines.is_empty() {
                        continue;
                    }
                    if let Some(found) = checked(dir, files, &kept, &one, after.as_deref().unwrap_or(&diags))? {
                        (kept, after) = (one, Some(found));
                        kept_round.extend(lines);
                    }
                }
                match after {
                    Some(after) => (kept, kept_round, after),
                    None => break,
                }
            }
        };
        texts = next;
        for (file, line) in round {
            applied[file].push(line);
        }
        diags = after;
    }
    for (i, f) in files.files.iter().enumerate() {
        if texts[i] != f.text {
            let mut lines = std::mem::take(&mut applied[i]);
            lines.reverse();
            let inside = f.path.strip_prefix(dir).unwrap_or(&f.path);
            plan.files.push(FileFix {
                path: f.path.clone(),
                name: inside.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"),
                before: f.text.clone(),
                after: texts[i].clone(),
                applied: lines,
            });
        }
    }
    plan.errors_left = all_findings(&diags).filter(|d| d.is_error()).count();
    plan.warnings_left = all_findings(&diags).filter(|d| !d.is_error()).count();
    Ok(plan)
}

/// The files `fix` leaves as they are, each with why: an error (by its code: a warning the
/// game's `deny` raises is no reason) that carries no fix, or a fix that does not apply to the
/// text where it points.
fn refused(diags: &[Diagnostic], files: &Files) -> Vec<(String, Vec<String>)> {
    let mut refused: Vec<(String, Vec<String>)> = Vec::new();
    for d in all_findings(diags) {
        let error = d.is_error() && d.code.code.starts_with('E');
        let mends = d.fix.as_ref().is_some_and(|f| apply(&files.get(f.loc.file).text, f).is_some());
        let Some(loc) = d.loc.as_ref().filter(|l| error && !mends && l.file < files.files.len()) else { continue };
        let name = &files.get(loc.file).name;
        let at = match refused.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                refused.push((name.clone(), Vec::new()));
                refused.len() - 1
            }
        };
        refused[at].1.push(one_line(d, files));
    }
    refused
}

/// `texts` with every fix of `fixes` (sorted from the end of each file backwards) that still
/// applies, and a line for each: `[W007] ...`. Of two fixes of overlapping text, the later in
/// the file wins; the other waits a round.
fn apply_all(texts: &[String], fixes: &[(&Diagnostic, &Fix)]) -> (Vec<String>, Vec<(usize, String)>) {
    let mut next = texts.to_vec();
    let mut round = Vec::new();
    let mut edited_from: Option<(usize, usize)> = None;
    for (d, f) in fixes {
        if edited_from.is_some_and(|(file, start)| file == f.loc.file && f.loc.span.end > start) {
            continue;
        }
        if let Some(text) = apply(&next[f.loc.file], f) {
            next[f.loc.file] = text;
            edited_from = Some((f.loc.file, f.loc.span.start));
            round.push((f.loc.file, format!("[{}] {}", d.code.code, d.message)));
        }
    }
    (next, round)
}

/// The game's findings with the files of `next` that differ from `texts` read instead of the
/// disk's, unless they add an error to `diags` (counted by code and message).
fn checked(
    dir: &Path,
    files: &Files,
    texts: &[String],
    next: &[String],
    diags: &[Diagnostic],
) -> Result<Option<Vec<Diagnostic>>, String> {
    let replaced: Vec<(PathBuf, String)> = (next.iter().enumerate())
        .filter(|(i, t)| **t != texts[*i])
        .map(|(i, t)| (files.get(i).path.clone(), t.clone()))
        .collect();
    let after = build::check_loaded(load::load_replacing(dir, &replaced)?, None).diags;
    let errors = |ds: &[Diagnostic]| {
        let mut e: Vec<(&str, String)> =
            all_findings(ds).filter(|d| d.is_error()).map(|d| (d.code.code, d.message.clone())).collect();
        e.sort();
        e
    };
    let (old, new) = (errors(diags), errors(&after));
    Ok(new.iter().all(|e| old.contains(e)).then_some(after))
}

/// A data file playaid reads (TOML or a spreadsheet): the only files `fix` edits.
fn is_data(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "toml" || e == "csv")
}

/// `text` with the fix applied, if the text at its place still reads what the fix expects:
/// `from` as written, or in quotes (a quoted key, a string value).
fn apply(text: &str, fix: &Fix) -> Option<String> {
    let span = fix.loc.span.clone();
    let here = text.get(span.clone())?;
    let to = if here == fix.from {
        fix.to.clone()
    } else if let Some(q) = ['"', '\''].into_iter().find(|q| here == format!("{q}{}{q}", fix.from)) {
        // Quoted: keep the quotes, unless the fix is a quoted value of its own (`"12mm"`).
        if fix.to.starts_with('"') { fix.to.clone() } else { format!("{q}{}{q}", fix.to) }
    } else {
        return None;
    };
    Some(format!("{}{to}{}", &text[..span.start], &text[span.end..]))
}

/// The changed lines of `before` and `after` as unified diff hunks without context. Fixes
/// replace text within a line, so lines pair up one to one; a fix that changed the number of
/// lines shows the file's differing middle as one hunk.
fn hunks(before: &str, after: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    let mut out = String::new();
    if a.len() != b.len() {
        let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let tail = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
        let (ea, eb) = (a.len() - tail.min(a.len() - head), b.len() - tail.min(b.len() - head));
        out.push_str(&format!("@@ -{},{} +{},{} @@\n", head + 1, ea - head, head + 1, eb - head));
        a[head..ea].iter().for_each(|l| out.push_str(&format!("-{l}\n")));
        b[head..eb].iter().for_each(|l| out.push_str(&format!("+{l}\n")));
        return out;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] == b[i] {
            i += 1;
            continue;
        }
        let start = i;
        while i < a.len() && a[i] != b[i] {
            i += 1;
        }
        out.push_str(&format!("@@ -{},{} +{},{} @@\n", start + 1, i - start, start + 1, i - start));
        let pairs: Vec<(String, String)> = (start..i).map(|k| around_change(a[k], b[k])).collect();
        pairs.iter().for_each(|(l, _)| out.push_str(&format!("-{l}\n")));
        pairs.iter().for_each(|(_, l)| out.push_str(&format!("+{l}\n")));
    }
    out
}

/// Characters of a long changed line shown on each side of the change.
const AROUND: usize = 100;

/// A changed line before and after, each cut to the neighbourhood of the change (`...` where
/// cut) when longer than a terminal line: a fix in a long ability text shows the fix, not the
/// text.
fn around_change(a: &str, b: &str) -> (String, String) {
    if a.chars().count().max(b.chars().count()) <= 2 * AROUND + 50 {
        return (a.to_string(), b.to_string());
    }
    let head = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let tail = a.chars().rev().zip(b.chars().rev()).take_while(|(x, y)| x == y).count();
    let cut = |l: &str| {
        let n = l.chars().count();
        let from = head.saturating_sub(AROUND);
        let to = (n - tail.min(n - head.min(n))).saturating_add(AROUND).min(n);
        let body: String = l.chars().skip(from).take(to - from).collect();
        format!("{}{body}{}", if from > 0 { "..." } else { "" }, if to < n { "..." } else { "" })
    };
    (cut(a), cut(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Loc;

    fn fix(span: std::ops::Range<usize>, from: &str, to: &str) -> Fix {
        Fix { loc: Loc { file: 0, span }, from: from.into(), to: to.into() }
    }

    #[test]
    fn a_fix_lands_only_on_the_text_it_was_made_for() {
        let text = "requires = [\"x\"] # keep me\n";
        assert_eq!(
            apply(text, &fix(0..8, "requires", "required_traits")).unwrap(),
            "required_traits = [\"x\"] # keep me\n"
        );
        // A quoted key keeps its quotes.
        let quoted = "\"requires\" = 1\n";
        assert_eq!(apply(quoted, &fix(0..10, "requires", "required_traits")).unwrap(), "\"required_traits\" = 1\n");
        // A bare number becomes a quoted length.
        assert_eq!(apply("safe = 2\n", &fix(7..8, "2", "\"2mm\"")).unwrap(), "safe = \"2mm\"\n");
        // The text moved or changed: nothing is applied.
        assert!(apply(text, &fix(1..9, "requires", "x")).is_none());
        assert!(apply("ab", &fix(1..9, "b", "x")).is_none());
    }

    #[test]
    fn the_diff_shows_each_changed_line_once() {
        let d = hunks("a\nb\nc\nd\n", "a\nB\nc\nD\n");
        assert_eq!(d, "@@ -2,1 +2,1 @@\n-b\n+B\n@@ -4,1 +4,1 @@\n-d\n+D\n");
        // A fix inside a long line: its neighbourhood only.
        let long = |w: &str| format!("text = \"{}{w}{}\"", "a".repeat(5000), "b".repeat(5000));
        let d = hunks(&long("[[unit:tnak]]"), &long("[[unit:tank]]"));
        assert!(d.lines().all(|l| l.chars().count() < 250), "{d}");
        assert!(
            d.contains("-...") && d.contains("[[unit:tnak]]") && d.contains("+...") && d.contains("[[unit:tank]]"),
            "{d}"
        );
    }
}
