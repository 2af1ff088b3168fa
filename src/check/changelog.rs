//! The changelog: what an item says it changed exists, versions only go up, and the current
//! rules version has an entry.

use std::cmp::Ordering;

use super::{Checker, place};
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
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
