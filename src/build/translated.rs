//! A game in another language: read through its `translations/LANG.po`, checked with every
//! finding about a translated text at its PO line, and `playaid translate`'s update of the file.

use std::path::{Path, PathBuf};

use super::checked::raise_denied;
use super::checked::{Checked, check_loaded, load_and_check};
use crate::diag::{self, Deny, Diagnostic};
use crate::load;
use crate::model::PageSize;

/// [`load_and_check`] in language `lang`: every text its `translations/LANG.po` translates (for
/// the text the data says now, not fuzzy) in place of its source, every finding about a
/// translated text at its line of the PO file, and the file's own findings (W030, E081).
/// Without a language, the game as written.
pub fn load_and_check_in(dir: &Path, page: Option<PageSize>, lang: Option<&str>) -> Result<Checked, String> {
    use load::translate;
    let Some(lang) = lang else { return load_and_check(dir, page) };
    if !translate::valid_code(lang) {
        return Err(format!("`{lang}` is not a language code: letters, digits, `-` and `_`, as in `de` or `pt-BR`"));
    }
    crate::limits::step(format!("loading and checking {} in {}", dir.display(), translate::language_name(lang)));
    let (loaded, (texts, files, cat, replaced, moved)) = load_translated(dir, dir, lang)?;
    let mut checked = check_loaded(loaded, page);
    let po_file = checked.game.files.add(load::display_name(&cat.path), cat.path.clone(), cat.text.clone());
    let originals: Vec<(PathBuf, String)> =
        files.iter().filter(|(p, _)| replaced.iter().any(|(r, _)| r == p)).cloned().collect();
    translate::relocate(&mut checked.diags, &mut checked.game.files, &moved, &originals, po_file);
    let mut own = translate::findings(&texts, &cat, po_file, &translate::language_name(lang));
    // playaid's words the translation gives print too: each in a font.
    let words: Vec<(String, crate::source::Loc)> = cat
        .entries
        .iter()
        .filter(|e| !e.obsolete && !e.text.is_empty())
        .filter(|e| e.context.as_deref().is_some_and(|k| k.starts_with(translate::WORD_PREFIX)))
        .map(|e| (e.text.clone(), crate::source::Loc { file: po_file, span: e.text_span.clone() }))
        .collect();
    own.extend(crate::layout::glyphs::check_texts(&checked.game, &words));
    checked.diags = diag::fold_follow_ons(std::mem::take(&mut checked.diags).into_iter().chain(own).collect());
    raise_denied(&checked.game, &mut checked.diags, &Deny::default());
    checked.translations = vec![(lang.to_string(), translate::counts(&texts, &cat))];
    Ok(checked)
}

/// `playaid translate DIR --lang LANG`: `translations/LANG.po` written, or brought up to date
/// with the game's texts (see [`load::translate::update`]), atomically. Its path, the counts
/// before (none for a new file) and after.
pub fn translate(
    dir: &Path,
    lang: &str,
) -> Result<(PathBuf, Option<load::translate::Counts>, load::translate::Counts), String> {
    use load::translate;
    if !translate::valid_code(lang) {
        return Err(format!("`{lang}` is not a language code: letters, digits, `-` and `_`, as in `de` or `pt-BR`"));
    }
    let loaded = load::load(dir)?;
    if let Some(d) = loaded.diags.iter().find(|d| d.code == diag::TOML_SYNTAX) {
        return Err(format!("the data does not read ({}): run `playaid check {}` first", d.message, dir.display()));
    }
    let files = translate::data_files(dir)?;
    let texts = translate::source_texts(dir, &files);
    let old = translate::read(dir, lang);
    if let Some(e) = old.as_ref().and_then(|c| c.broken.as_ref()) {
        return Err(format!(
            "{} is not a PO file ({}): mend it, or move it away to start again",
            old.as_ref().map_or(String::new(), |c| c.path.display().to_string()),
            e.message
        ));
    }
    let before = old.as_ref().map(|c| translate::counts(&texts, c));
    let title = loaded.game.meta.title.as_ref().map_or(loaded.game.meta.id().to_string(), |t| t.v.clone());
    let entries = translate::update(&texts, old.as_ref().map_or(&[][..], |c| &c.entries), lang, &title);
    let text = load::po::write(&entries);
    let path = dir.join(translate::DIR).join(format!("{lang}.po"));
    std::fs::create_dir_all(dir.join(translate::DIR))
        .map_err(|e| format!("cannot create `{}`: {e}", dir.join(translate::DIR).display()))?;
    crate::write::write_atomic(&path, text.as_bytes())
        .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
    let now = translate::Catalogue { lang: lang.to_string(), path: path.clone(), text, entries, broken: None };
    Ok((path, before, translate::counts(&texts, &now)))
}

/// What a translated load read: the texts, the data files as written, the language's file,
/// the files as read (translated) and where each translated string lies.
type Translated = (
    Vec<load::translate::SourceText>,
    Vec<(PathBuf, String)>,
    load::translate::Catalogue,
    Vec<(PathBuf, String)>,
    Vec<load::translate::Moved>,
);

/// The game in `dir` read through the translation to `lang` of `po_dir`'s `translations/`:
/// what `diff --lang` compares, both versions through the newer one's translation, so that
/// only what changed in the rules differs.
pub fn load_through(dir: &Path, po_dir: &Path, lang: &str) -> Result<load::Loaded, String> {
    if !load::translate::valid_code(lang) {
        return Err(format!("`{lang}` is not a language code: letters, digits, `-` and `_`, as in `de` or `pt-BR`"));
    }
    load_translated(dir, po_dir, lang).map(|(loaded, _)| loaded)
}

/// The game in `dir` loaded with the translation to `lang` of `po_dir`'s `translations/` in
/// place of its texts (see [`load_and_check_in`]).
pub(super) fn load_translated(dir: &Path, po_dir: &Path, lang: &str) -> Result<(load::Loaded, Translated), String> {
    use load::translate;
    let files = translate::data_files(dir)?;
    let texts = translate::source_texts(dir, &files);
    let Some(cat) = translate::read(po_dir, lang) else {
        return Err(format!(
            "`{}` has no translation to {}: `playaid translate {} --lang {lang}` starts one in {}/{lang}.po",
            po_dir.display(),
            translate::language_name(lang),
            po_dir.display(),
            translate::DIR
        ));
    };
    let (replaced, moved) = translate::apply(&texts, &files, &cat);
    let mut loaded = load::load_replacing(dir, &replaced)?;
    translate::keep_term_names(&mut loaded.game, &moved);
    // Typst knows a language by its two or three letters: `pt-BR` hyphenates as `pt`; a file
    // named otherwise (`klingon.po`) sets no language and has no built-in words.
    loaded.game.meta.language = translate::typst_language(lang);
    loaded.game.meta.words.lang = Some(loaded.game.meta.language.clone().unwrap_or_else(|| lang.to_string()));
    translate::apply_words(&texts, &cat, &mut loaded.game.meta.words);
    Ok((loaded, (texts, files, cat, replaced, moved)))
}

/// `check` of every language in `translations/`: each read in place of the source, and the
/// findings at its PO file's lines (a translation too long for its card, one made for another
/// text, one that drops a reference) added to `checked`'s; with each language's counts.
pub(super) fn check_translations(dir: &Path, checked: &mut Checked) -> Result<(), String> {
    for lang in load::translate::languages(dir) {
        // A file no language code names (`-x.po`, `deutsch (alt).po`): said, not skipped, so
        // that a translator knows why it is not read.
        if !load::translate::valid_code(&lang) {
            let path = dir.join(load::translate::DIR).join(format!("{lang}.po"));
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let file = checked.game.files.add(load::display_name(&path), path.clone(), text);
            checked.diags.push(
                Diagnostic::warning(diag::TRANSLATION_UNNAMED, format!("`{lang}.po` is named by no language code"))
                    .at(&crate::source::Loc { file, span: 0..0 })
                    .label("not read")
                    .help("name a translations file by its language's code, as `de.po` or `pt-BR.po` (letters, digits, `-` and `_`, a letter first)"),
            );
            continue;
        }
        let run = load_and_check_in(dir, None, Some(&lang))?;
        let Some(po) = run.game.files.files.iter().position(|f| f.path.extension().is_some_and(|e| e == "po")) else {
            continue;
        };
        let file = &run.game.files.files[po];
        let here = checked.game.files.add(file.name.clone(), file.path.clone(), file.text.clone());
        // What the translated data adds: every finding at the PO file, and any other the data
        // as written does not have (a translated term's name that another term has, E005), so
        // that a clean check means a clean `build --lang`. The data files are read in the same
        // order in both runs: their numbers agree.
        let said = |d: &Diagnostic| {
            (d.code.code, d.loc.as_ref().map(|l| (l.file, l.span.start, l.span.end)), d.message.clone())
        };
        let source: std::collections::HashSet<_> = diag::all_findings(&checked.diags).map(said).collect();
        let mut found: Vec<Diagnostic> = run
            .diags
            .into_iter()
            .filter(|d| d.loc.as_ref().is_some_and(|l| l.file == po) || !source.contains(&said(d)))
            .map(|mut d| {
                reindex(&mut d, po, here);
                d
            })
            .collect();
        checked.diags.append(&mut found);
        checked.translations.extend(run.translations);
    }
    checked.diags = diag::fold_follow_ons(std::mem::take(&mut checked.diags));
    Ok(())
}

/// A finding (and those folded into it) of one run's file `from`, for a list whose file is `to`.
fn reindex(d: &mut Diagnostic, from: usize, to: usize) {
    for loc in d.loc.iter_mut().chain(d.because.iter_mut()) {
        if loc.file == from {
            loc.file = to;
        }
    }
    for f in &mut d.follow_ons {
        reindex(f, from, to);
    }
}
