//! One index from ids to entries over every collection ([`Coll`]), built once by the checker
//! and used by every later stage for lookups by id. Building it is where duplicate ids are found.

use std::collections::HashMap;

use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Files;

/// Ids to positions, per collection, plus the spellings of glossary terms.
#[derive(Default)]
pub struct Index {
    ids: HashMap<Coll, HashMap<String, usize>>,
    /// Lower-cased names, ids and aliases of glossary terms.
    term_names: HashMap<String, usize>,
}

impl Index {
    /// Index every collection of `game`; a second definition of an id (or of a term's name or
    /// alias) is an E005 finding, and lookups find the first.
    pub fn build(game: &Game, diags: &mut Vec<Diagnostic>) -> Index {
        let mut ix = Index::default();
        for &coll in Coll::ALL {
            let map = ix.ids.entry(coll).or_default();
            for (i, id) in game.ids(coll).into_iter().enumerate() {
                if id.v.is_empty() {
                    continue;
                }
                match map.get(&id.v) {
                    Some(&first) => diags.push(duplicate(game, coll, id, &game.ids(coll)[first].loc)),
                    None => {
                        map.insert(id.v.clone(), i);
                    }
                }
            }
        }
        ix.index_term_names(game, diags);
        ix
    }

    /// Each spelling (id, name, alias) belongs to one term.
    fn index_term_names(&mut self, game: &Game, diags: &mut Vec<Diagnostic>) {
        for (i, t) in game.terms.iter().enumerate() {
            let mut spellings = vec![&t.id, &t.name];
            spellings.extend(t.aliases.iter());
            for s in spellings {
                let key = s.v.trim().to_lowercase();
                if key.is_empty() {
                    continue;
                }
                match self.term_names.get(&key) {
                    Some(&j) if j != i => diags.push(
                        Diagnostic::error(
                            diag::DUPLICATE_ID,
                            format!(
                                "`{}` names two glossary terms: `{}` and `{}`",
                                s.v, game.terms[j].name.v, t.name.v
                            ),
                        )
                        .at(&s.loc)
                        .help("a name or alias may belong to one term only; remove it from one of them"),
                    ),
                    _ => {
                        self.term_names.insert(key, i);
                    }
                }
            }
        }
    }

    /// The position of `id` in collection `coll`.
    pub fn position(&self, coll: Coll, id: &str) -> Option<usize> {
        self.ids.get(&coll)?.get(id).copied()
    }

    /// Whether `coll` has an entry `id`.
    pub fn contains(&self, coll: Coll, id: &str) -> bool {
        self.position(coll, id).is_some()
    }

    /// The entry `id` of its collection.
    pub fn get<'g, E: Entity>(&self, game: &'g Game, id: &str) -> Option<&'g E> {
        E::all(game).get(self.position(E::COLL, id)?)
    }

    /// The glossary term a spelling (id, name or alias, any case) names.
    pub fn term<'g>(&self, game: &'g Game, spelling: &str) -> Option<&'g Term> {
        game.terms.get(*self.term_names.get(&spelling.trim().to_lowercase())?)
    }
}

fn duplicate(game: &Game, coll: Coll, id: &Sp<String>, first: &crate::source::Loc) -> Diagnostic {
    let what = coll.name();
    let mut help = "give one of them another id, or remove the duplicate".to_string();
    if coll == Coll::Scenario {
        help.push_str(" (the id names the PDF: scenario-<id>.pdf)");
    }
    // A card's id named nothing before `[[card:id]]`: two cards sharing one is a warning, so
    // that a game which checked clean still does.
    let d = if coll == Coll::Card {
        help = "give one of them another id: `[[card:id]]`, changelog items and `diff` find the first only".into();
        Diagnostic::warning(diag::DUPLICATE_CARD_ID, format!("two cards have the id `{}`", id.v))
    } else {
        Diagnostic::error(diag::DUPLICATE_ID, format!("{what} `{}` is defined twice", id.v))
    };
    d.at(&id.loc).label("second definition").note(format!("first defined at {}", place(&game.files, first))).help(help)
}

/// `file:line:col` of a place, for notes that point at a second place.
pub fn place(files: &Files, loc: &crate::source::Loc) -> String {
    let (l, c) = files.line_col(loc.file, loc.span.start);
    format!("{}:{l}:{c}", files.get(loc.file).name)
}
