//! `playaid new DIR [--template NAME]`: a complete, commented starting game in a new folder,
//! from one of the templates in `templates/new/` (embedded here). Every template checks clean
//! and builds (tests/suite/new.rs); a folder that is not empty is never written into.

use std::path::{Path, PathBuf};

use crate::diag;

/// A starting game: its name for `--template`, one line about it, and its files.
pub struct Template {
    /// `hex-and-counter`, as given to `--template`.
    pub name: &'static str,
    /// What the game shows off, for the list of templates.
    pub about: &'static str,
    /// Each file's path inside the new folder and its text.
    pub files: &'static [(&'static str, &'static str)],
}

/// Every template; the first is the default.
pub const TEMPLATES: &[Template] = &[
    Template {
        name: "hex-and-counter",
        about: "two sides, units on counters with a reduced back, a hex map with terrain, a combat results table, a terrain chart, a turn track, a scenario set up by counter id and a player aid card",
        files: &[
            ("game.toml", include_str!("../templates/new/hex-and-counter/game.toml")),
            ("units.toml", include_str!("../templates/new/hex-and-counter/units.toml")),
            ("counters.toml", include_str!("../templates/new/hex-and-counter/counters.toml")),
            ("map.toml", include_str!("../templates/new/hex-and-counter/map.toml")),
            ("charts.toml", include_str!("../templates/new/hex-and-counter/charts.toml")),
            ("scenarios.toml", include_str!("../templates/new/hex-and-counter/scenarios.toml")),
            ("rules.toml", include_str!("../templates/new/hex-and-counter/rules.toml")),
            ("glossary.toml", include_str!("../templates/new/hex-and-counter/glossary.toml")),
            ("changelog.toml", include_str!("../templates/new/hex-and-counter/changelog.toml")),
        ],
    },
    Template {
        name: "cards",
        about: "a card game: characters as cards with abilities, a card back per side, a non-unit card, a strategy deck in two parts with its own back",
        files: &[
            ("game.toml", include_str!("../templates/new/cards/game.toml")),
            ("abilities.toml", include_str!("../templates/new/cards/abilities.toml")),
            ("units.toml", include_str!("../templates/new/cards/units.toml")),
            ("cards.toml", include_str!("../templates/new/cards/cards.toml")),
            ("deck.toml", include_str!("../templates/new/cards/deck.toml")),
            ("rules.toml", include_str!("../templates/new/cards/rules.toml")),
            ("glossary.toml", include_str!("../templates/new/cards/glossary.toml")),
        ],
    },
    Template {
        name: "skirmish",
        about: "unit cards, a points limit per side and a scenario sheet",
        files: &[
            ("game.toml", include_str!("../templates/new/skirmish/game.toml")),
            ("units.toml", include_str!("../templates/new/skirmish/units.toml")),
            ("cards.toml", include_str!("../templates/new/skirmish/cards.toml")),
            ("rules.toml", include_str!("../templates/new/skirmish/rules.toml")),
            ("glossary.toml", include_str!("../templates/new/skirmish/glossary.toml")),
            ("scenarios.toml", include_str!("../templates/new/skirmish/scenarios.toml")),
        ],
    },
    Template {
        name: "blocks",
        about: "a block game: stickers with each unit's steps on their edges, towns joined by roads with limits, a scenario by town",
        files: &[
            ("game.toml", include_str!("../templates/new/blocks/game.toml")),
            ("units.toml", include_str!("../templates/new/blocks/units.toml")),
            ("blocks.toml", include_str!("../templates/new/blocks/blocks.toml")),
            ("map.toml", include_str!("../templates/new/blocks/map.toml")),
            ("rules.toml", include_str!("../templates/new/blocks/rules.toml")),
            ("scenarios.toml", include_str!("../templates/new/blocks/scenarios.toml")),
        ],
    },
];

/// The template called `name`.
pub fn template(name: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.name == name)
}

/// The template name closest to `name`, for a did-you-mean.
pub fn suggest(name: &str) -> Option<&'static str> {
    diag::did_you_mean(name, TEMPLATES.iter().map(|t| t.name))
}

/// Writes `template` into `dir`, which must not exist yet or be an empty folder; returns the
/// files written. The error says why nothing was written.
pub fn create(dir: &Path, template: &Template) -> Result<Vec<PathBuf>, String> {
    if dir.exists() {
        if !dir.is_dir() {
            return Err(format!("`{}` is a file; give the name of a new folder", dir.display()));
        }
        let mut entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
        if entries.next().is_some() {
            return Err(format!(
                "`{}` is not empty; `playaid new` only writes into a new or empty folder, so that nothing \
                 of yours is overwritten",
                dir.display()
            ));
        }
    }
    let mut written = Vec::new();
    // The game's files, then what makes an editor complete and explain them: the schema and
    // the settings that point Taplo / Even Better TOML at it.
    let schema = [(crate::schema::SCHEMA_FILE, crate::schema::schema())];
    let editor = crate::schema::editor_settings();
    let files = template.files.iter().map(|(n, t)| (*n, t.to_string())).chain(schema).chain(editor);
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap_or(dir))
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_have_a_game_toml_and_a_close_name_is_suggested() {
        for t in TEMPLATES {
            assert!(t.files.iter().any(|(name, _)| *name == "game.toml"), "{}", t.name);
        }
        assert_eq!(suggest("hex-and-counters"), Some("hex-and-counter"));
        assert_eq!(suggest("card"), Some("cards"));
        assert_eq!(suggest("zzz"), None);
    }
}
