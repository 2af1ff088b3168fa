//! The changelog: what an item says it changed exists, versions only go up, and the current
//! rules version has an entry.

use std::cmp::Ordering;

use super::{Checker, place};
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
    /// Every version written (the game's, the changelog's, a scenario's `rules_version`) is
    /// a version number that compares and prints.
    pub(super) fn check_versions(&mut self) {
        let game = self.game;
        let written = game
            .meta
            .version
            .iter()
            .chain(game.changelog.iter().map(|c| &c.version))
            .chain(game.scenarios.iter().filter_map(|s| s.requires.as_ref()));
        for v in written {
            if !is_version(&v.v) {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`{}` is not a version number", v.v))
                        .at(&v.loc)
                        .label("expected numbers separated by dots")
                        .help("write a version such as \"1.2\", \"2.0b\" or \"1.4 beta\" (at most 32 characters), starting with a number"),
                );
            }
        }
    }

    pub(super) fn check_changelog(&mut self) {
        let game = self.game;
        for c in &game.changelog {
            for (_, kind, id) in &c.refs {
                match kind {
                    // An item may name an ability with or without a parameter value.
                    RefKind::Ability => {
                        let r = AbilityRef::parse(&id.v, id.loc.clone());
                        if !self.ix.contains(Coll::Ability, &r.id) {
                            self.unknown(Coll::Ability, &r.id, &id.loc);
                        }
                    }
                    other => self.resolve_ref(*other, &id.v, &id.loc),
                }
            }
        }
        for pair in game.changelog.windows(2) {
            let (a, b) = (&pair[0].version, &pair[1].version);
            if compare_versions(&a.v, &b.v) != Ordering::Less && a.v != b.v {
                self.push(
                    Diagnostic::error(
                        diag::CHANGELOG_ORDER,
                        format!("changelog version {} comes after {}, which is not older", b.v, a.v),
                    )
                    .at(&b.loc)
                    .label(format!("not newer than {}", a.v))
                    .note(format!("{} is at {}", a.v, place(&game.files, &a.loc)))
                    .help("list versions oldest first, each newer than the one before (1.9 < 1.10 < 2.0)"),
                );
            }
        }
        self.check_current_version_logged();
    }

    /// A game that keeps a changelog has an entry for the version it is.
    fn check_current_version_logged(&mut self) {
        let game = self.game;
        let Some(v) = &game.meta.version else { return };
        let Some(last) = game.changelog.last() else { return };
        if game.changelog.iter().any(|c| compare_versions(&c.version.v, &v.v) == Ordering::Equal) {
            return;
        }
        self.push(
            Diagnostic::error(
                diag::CHANGELOG_MISSING_VERSION,
                format!("the rules are version {} but the changelog stops at {}", v.v, last.version.v),
            )
            .at(&v.loc)
            .label("no [[changelog]] entry for this version")
            .help(format!(
                "add [[changelog]] version = \"{}\" with what changed (`playaid diff OLD NEW --format changelog` drafts it)",
                v.v
            )),
        );
    }
}
