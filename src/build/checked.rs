//! The stages `check` and `build` share: load, check, lay out and measure a game, with every
//! finding in one order, and `playaid check`'s own compile of a game's templates.

use std::path::Path;

use super::translated::check_translations;
use super::{PART_SIZE, render_document};
use super::{measure, new_renderer, rules_date, vtt};
use crate::check::Index;
use crate::diag::{self, Deny, Diagnostic};
use crate::export::{self, ExportOptions};
use crate::layout::{self, Layout};
use crate::model::{Game, PageSize};
use crate::{check, load};

/// A game through the first stages: what `check` reports and what `build` renders from.
pub struct Checked {
    /// The game as loaded.
    pub game: Game,
    /// Every finding of loading, checking and laying out, in file order.
    pub diags: Vec<Diagnostic>,
    /// The index and the layout, unless the TOML itself could not be read.
    pub stages: Option<(Index, Layout)>,
    /// How far each language of `translations/` has come (`check`), or the one built in
    /// (`build --lang`): its code and its counts.
    pub translations: Vec<(String, load::translate::Counts)>,
}

impl Checked {
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.is_error())
    }
}

/// Load, check and lay out a game: the stages `check` and `build` share. `page` is the command
/// line's page size (it changes how many pieces a sheet holds).
pub fn load_and_check(dir: &Path, page: Option<PageSize>) -> Result<Checked, String> {
    crate::limits::step(format!("loading and checking {}", dir.display()));
    Ok(check_loaded(load::load(dir)?, page))
}

/// Check and lay out a loaded game (from a folder, or from a git revision for `diff`).
pub fn check_loaded(loaded: load::Loaded, page: Option<PageSize>) -> Checked {
    check_stages(loaded, page, true)
}

/// [`check_loaded`] for a layout that prints no aid card or map sheet: another version of the
/// game (`diff`, `--since`) or another paper (the print profiles). Neither is measured, which
/// saves their compiles and keeps watch's measured ones for the game being built.
pub fn check_loaded_unmeasured(loaded: load::Loaded, page: Option<PageSize>) -> Checked {
    check_stages(loaded, page, false)
}

fn check_stages(loaded: load::Loaded, page: Option<PageSize>, all: bool) -> Checked {
    let mut diags = loaded.diags;
    let mut stages = None;
    if !diags.iter().any(|d| d.code == diag::TOML_SYNTAX) {
        let checked = check::check(&loaded.game);
        diags.extend(checked.diags);
        let (mut laid_out, found) = layout::layout(&loaded.game, &checked.ix, page);
        diags.extend(found);
        // Card text, the aid card's size and the map sheet's plan are measured with Typst:
        // only data that checks clean compiles.
        if !diags.iter().any(Diagnostic::is_error) {
            diags.extend(measure::decide(&loaded.game, &checked.ix, &mut laid_out, page, all));
        }
        stages = Some((checked.ix, laid_out));
    }
    // One order for everything: by file (game.toml first, then path order), then position.
    // Findings that only follow from another go inside it (root causes first).
    let mut diags = diag::fold_follow_ons(diags);
    raise_denied(&loaded.game, &mut diags, &Deny::default());
    Checked { game: loaded.game, diags, stages, translations: Vec::new() }
}

/// Raise the warnings that the game's `deny` and the command line's `--deny` name to errors.
pub fn raise_denied(game: &Game, diags: &mut [Diagnostic], cli: &Deny) {
    diag::raise(diags, &game.meta.deny, "`deny` in [game]");
    diag::raise(diags, cli, "`--deny` on the command line");
}

/// What `playaid check` runs: load and check, and, when the game brings its own templates,
/// compile every document with them against the data (nothing is written), so that an error
/// in a template is found by `check` at the template's line, as the build would find it.
pub fn check_dir(dir: &Path) -> Result<Checked, String> {
    check_dir_denying(dir, &Deny::default())
}

/// [`check_dir`] with the warnings `deny` names raised to errors (`playaid check --deny`).
pub fn check_dir_denying(dir: &Path, deny: &Deny) -> Result<Checked, String> {
    let mut checked = load_and_check(dir, None)?;
    if !checked.has_errors() {
        check_translations(dir, &mut checked)?;
    }
    raise_denied(&checked.game, &mut checked.diags, deny);
    // The print profiles of `[exports] print_shop` lay the pieces out again (other paper,
    // the card shop's size): what would stop them at build is found here.
    if !checked.has_errors() {
        let (found, _) = vtt::profile_findings(&checked.game, checked.game.exports.print_shop, None)?;
        checked.diags = diag::fold_follow_ons(checked.diags.into_iter().chain(found).collect());
        raise_denied(&checked.game, &mut checked.diags, deny);
    }
    let ok = !checked.diags.iter().any(|d| d.is_error());
    if let (true, false, Some((ix, laid_out))) = (ok, checked.game.templates.is_empty(), &checked.stages) {
        let game = &checked.game;
        let mut renderer = new_renderer(game, rules_date(game))?;
        renderer.set_fonts(laid_out.fonts.clone());
        let opts = ExportOptions { part_size: Some(PART_SIZE), ..Default::default() };
        let mut found = Vec::new();
        for spec in export::documents(game) {
            let exported = export::export(game, ix, laid_out, &spec.kind, &opts);
            render_document(&renderer, game, &spec, &exported, &mut found)?;
        }
        checked.diags = diag::fold_follow_ons(checked.diags.into_iter().chain(found).collect());
        raise_denied(&checked.game, &mut checked.diags, deny);
    }
    Ok(checked)
}
