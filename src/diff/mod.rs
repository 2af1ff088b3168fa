//! `playaid diff`: what changed between two versions of a game's data, in words a player
//! understands ("Landing 10: Troop counters carried 3 → 2", "Mud: column shift -1 → -2"), as
//! text, JSON, or draft `[[changelog]]` entries. Works on two folders, or on two git revisions
//! of one folder (read as `check` reads a folder: `revision.rs`).
//!
//! Derived from the model: every struct of it is described as a `Record` by one
//! function that takes it apart without `..` (`rules.rs`, `pieces.rs`, `play.rs`), so a field
//! added to the model does not compile until someone decides how `diff` says its change (a
//! field that never prints, such as a source location, is bound to `_` there). The records of
//! both versions are then compared by one generic walk (`record.rs`): items matched by id (or
//! by what players know them by), fields by name, one line per changed value.

mod fields;
mod pieces;
mod play;
mod record;
mod rules;
mod words;

use serde::Serialize;

use crate::model::*;
use record::{Entry, Parts, Record};

/// Whether something was added, removed or changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// In the new version only.
    Added,
    /// In the old version only.
    Removed,
    /// In both, with a difference.
    Changed,
}

/// One change, with the sentence that says it.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// What kind of thing changed: one of [`AREAS`] (game, cheatsheet, side, stat, ... map,
    /// scenario, crt, terrain, turn_track, exports).
    pub area: &'static str,
    /// The id of the game's item it is in (or its key, for counters and cards without one).
    pub id: String,
    /// Added, removed or changed.
    pub kind: ChangeKind,
    /// The property that changed, for `changed` (e.g. "Troop counters carried").
    pub field: Option<String>,
    /// The old value, for `changed`.
    pub old: Option<String>,
    /// The new value, for `changed`.
    pub new: Option<String>,
    /// The change in words.
    pub text: String,
}

impl Change {
    fn added(area: &'static str, id: &str, text: String) -> Change {
        Change { area, id: id.into(), kind: ChangeKind::Added, field: None, old: None, new: None, text }
    }
    fn removed(area: &'static str, id: &str, text: String) -> Change {
        Change { area, id: id.into(), kind: ChangeKind::Removed, field: None, old: None, new: None, text }
    }
    /// `label: field old → new`, in words `w`.
    /// A value that changed: `field` as the record names it (kept in [`Change::field`]),
    /// `shown` as the line says it (in the build's language).
    fn value(
        w: &Words,
        (area, id): (&'static str, &str),
        label: &str,
        (field, shown): (&str, &str),
        old: String,
        new: String,
    ) -> Change {
        let none = w.word("diff_none");
        let or_none = |s: &str| if s.is_empty() { none.clone() } else { s.to_string() };
        let text = w
            .say("diff_value", &[("label", label), ("field", shown), ("old", &or_none(&old)), ("new", &or_none(&new))]);
        Change {
            area,
            id: id.into(),
            kind: ChangeKind::Changed,
            field: Some(field.into()),
            old: Some(old),
            new: Some(new),
            text,
        }
    }
    fn note(area: &'static str, id: &str, field: &str, text: String) -> Change {
        Change { area, id: id.into(), kind: ChangeKind::Changed, field: Some(field.into()), old: None, new: None, text }
    }
}

/// The areas of the game `diff` compares, in the order it reports them: the `area` of a
/// [`Change`].
pub const AREAS: &[&str] = &[
    "game",
    "cheatsheet",
    "aid",
    "side",
    "stat",
    "kind",
    "trait",
    "group",
    "ability",
    "unit",
    "section",
    "table",
    "sequence",
    "crt",
    "terrain",
    "turn_track",
    "map",
    "connection_kind",
    "track",
    "term",
    "counter_options",
    "counter_group",
    "counter",
    "card_options",
    "card_back",
    "card_layout",
    "card",
    "deck",
    "scenario_setting",
    "scenario_limits",
    "scenario",
    "exports",
    "template",
    "font",
    "icon",
    "todo",
    "changelog",
];

/// Every change from `old` to `new`, area by area.
pub fn diff(old: &Game, new: &Game) -> Vec<Change> {
    let mut out = Vec::new();
    // Said in the new version's words: a translated build's errata in its language.
    record::compare_game(&new.meta.words, &describe(old), &describe(new), &mut out);
    for c in &mut out {
        renumbered(new, c);
    }
    out
}

/// A section given a new number is said as players say it: "9 Ship Capacity is now 9.1."
/// (every reference to it prints the new number: its citing texts are not changes of theirs).
fn renumbered(new: &Game, c: &mut Change) {
    let (Some(old_no), Some(new_no)) = (&c.old, &c.new) else { return };
    if c.area != "section" || c.field.as_deref() != Some("number") || old_no.is_empty() || new_no.is_empty() {
        return;
    }
    let Some(s) = new.sections.iter().find(|s| s.id.v == c.id) else { return };
    c.text = new.meta.words.say("diff_renumbered", &[("old", old_no), ("title", &s.title.v), ("new", new_no)]);
}

/// A collection of the game: every entry described by `one`.
fn all<T>(g: &Game, area: &'static str, what: &'static str, items: &[T], one: fn(&Game, &T) -> Entry) -> Parts {
    Parts { area, what, items: items.iter().map(|x| one(g, x)).collect() }
}

/// A part of the game there is one of (`[cards]`): always compared, never added or removed.
fn single(area: &'static str, record: Record) -> Parts {
    let title = record.name.clone();
    Parts { area, what: area, items: vec![record.item(area.to_string(), title)] }
}

/// The whole game as records, one collection per area of [`AREAS`], in that order. The game is
/// taken apart without `..`: a new collection does not compile until it has its place here.
fn describe(g: &Game) -> Vec<Parts> {
    let Game {
        root: _,  // where the folder is, not what it says
        files: _, // the texts read; every value in them is described through the model
        meta: _,  // `game`, `cheatsheet` and `aid`
        sides,
        stats,
        kinds,
        traits,
        groups,
        abilities,
        units,
        sections,
        tables,
        sequences,
        terms,
        changelog,
        todos,
        counter_options: _,
        counter_groups,
        counters,
        card_options: _,
        card_backs,
        card_layouts,
        cards,
        decks,
        scenario_settings,
        scenario_limits: _,
        scenarios,
        crts,
        terrain,
        maps,
        area_maps,
        connection_kinds,
        turn_track: _, // `turn_track`, which has none or one
        tracks,
        fonts,
        templates,
        icons,
        exports: _,
    } = g;
    let parts = vec![
        single("game", rules::meta(g)),
        single("cheatsheet", rules::cheatsheet(g)),
        single("aid", rules::aid(g)),
        all(g, "side", "side", sides, rules::side),
        all(g, "stat", "stat", stats, rules::stat),
        all(g, "kind", "unit kind", kinds, rules::kind),
        all(g, "trait", "trait", traits, rules::trait_),
        all(g, "group", "ability group", groups, rules::group),
        all(g, "ability", "ability", abilities, rules::ability),
        all(g, "unit", "unit", units, rules::unit),
        all(g, "section", "section", sections, rules::section),
        all(g, "table", "table", tables, rules::table),
        all(g, "sequence", "sequence", sequences, rules::sequence),
        all(g, "crt", "combat results table", crts, play::crt),
        all(g, "terrain", "terrain", terrain, play::terrain),
        Parts { area: "turn_track", what: "turn record track", items: play::turn_track(g) },
        Parts {
            area: "map",
            what: "map",
            items: maps.iter().map(|m| play::map(g, m)).chain(area_maps.iter().map(|m| play::area_map(g, m))).collect(),
        },
        all(g, "connection_kind", "connection kind", connection_kinds, play::connection_kind),
        all(g, "track", "track", tracks, play::track),
        all(g, "term", "glossary term", terms, rules::term),
        single("counter_options", pieces::counter_options(g)),
        all(g, "counter_group", "counter group", counter_groups, pieces::counter_group),
        Parts {
            area: "counter",
            what: "counter",
            items: counters.iter().flat_map(|c| pieces::counters(g, c)).collect(),
        },
        single("card_options", pieces::card_options(g)),
        all(g, "card_back", "card back", card_backs, pieces::card_back),
        all(g, "card_layout", "card layout", card_layouts, pieces::card_layout),
        all(g, "card", "card", cards, pieces::card),
        all(g, "deck", "deck", decks, pieces::deck),
        all(g, "scenario_setting", "scenario setting", scenario_settings, play::scenario_setting),
        single("scenario_limits", play::scenario_limits(g)),
        all(g, "scenario", "scenario", scenarios, play::scenario),
        single("exports", pieces::exports(g)),
        all(g, "template", "template", templates, pieces::template),
        all(g, "font", "font file", fonts, pieces::font),
        all(g, "icon", "icon", icons, pieces::icon),
        all(g, "todo", "to-do item", todos, rules::todo),
        all(g, "changelog", "changelog entry", changelog, rules::change_entry),
    ];
    debug_assert!(parts.iter().map(|p| p.area).eq(AREAS.iter().copied()));
    parts
}

// ---------------------------------------------------------------------------------------------
// Output

/// The changes as text, one per line, under the versions compared.
pub fn render_text(old: &Game, new: &Game, changes: &[Change]) -> String {
    // The versions compared; rules without a version say so rather than print a made-up one.
    let w = &new.meta.words;
    let version = |g: &Game| g.meta.version.as_ref().map_or_else(|| w.word("diff_no_version"), |v| v.v.clone());
    let versions = match (&old.meta.version, &new.meta.version) {
        (None, None) => String::new(),
        _ => format!(" {} → {}", version(old), version(new)),
    };
    let mut s = format!(
        "{}{versions}: {}\n",
        new.meta.title.as_ref().map(|t| t.v.as_str()).unwrap_or(new.meta.id()),
        w.say_n("diff_changes", changes.len() as i64, &[])
    );
    for c in changes {
        let mark = match c.kind {
            ChangeKind::Added => '+',
            ChangeKind::Removed => '-',
            ChangeKind::Changed => '~',
        };
        s.push_str(&format!("  {mark} {}\n", c.text));
    }
    s
}

/// The changes as JSON: both versions' ids and versions, and every change.
pub fn render_json(old: &Game, new: &Game, changes: &[Change]) -> String {
    serde_json::to_string_pretty(&serde_json::json!({
        "old": { "id": old.meta.id(), "version": old.meta.version() },
        "new": { "id": new.meta.id(), "version": new.meta.version() },
        "changes": changes,
    }))
    .expect("changes serialise")
}

/// A draft `[[changelog]]` entry for the new version: one item per change, tied to the
/// sections, units, abilities and cards (with an id) it names. Items are plain text, escaped for Typst markup.
pub fn render_changelog(new: &Game, changes: &[Change]) -> String {
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut s = String::from("# Draft written by `playaid diff`: reword the items, then paste into the changelog.\n");
    s.push_str("[[changelog]]\n");
    s.push_str(&format!("version = {}\n", q(new.meta.version())));
    if let Some(d) = &new.meta.date {
        s.push_str(&format!("date = {}\n", d.v));
    }
    s.push_str("items = [\n");
    for c in changes.iter().filter(|c| !matches!(c.area, "changelog" | "game" | "todo")) {
        let text = q(&escape_markup_text(&c.text));
        let tie = match (c.area, c.kind) {
            ("section", ChangeKind::Changed) => Some("sections"),
            ("unit", ChangeKind::Changed) => Some("units"),
            ("ability", ChangeKind::Changed) => Some("abilities"),
            // A card is followed by its id, else its unit or title: only an id can be named.
            ("card", ChangeKind::Changed) if new.cards.iter().any(|x| x.id.as_ref().is_some_and(|i| i.v == c.id)) => {
                Some("cards")
            }
            _ => None,
        };
        match tie {
            Some(key) => s.push_str(&format!("  {{ text = {text}, {key} = [{}] }},\n", q(&c.id))),
            None => s.push_str(&format!("  {text},\n")),
        }
    }
    s.push_str("]\n");
    s
}

/// Plain text made safe as Typst markup (and as a playaid text: no `[[`).
fn escape_markup_text(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        if matches!(ch, '*' | '_' | '#' | '$' | '[' | ']' | '<' | '@' | '`' | '\\' | '~') {
            out.push('\\');
        }
        out.push(ch);
    }
    // `//` would start a comment.
    out.replace("//", "\\/\\/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load;
    use std::path::Path;

    fn game(files: &[(&str, &str)]) -> Game {
        let dir = Path::new("/nowhere");
        let sources = files.iter().map(|(n, t)| (dir.join(n), t.as_bytes().to_vec())).collect();
        let loaded = load::load_sources(dir, sources);
        assert!(loaded.diags.is_empty(), "{:?}", loaded.diags);
        loaded.game
    }

    const HEAD: &str = "[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1\"\n";

    #[test]
    fn trait_per_parameter_and_stats_and_sections() {
        // One game, four knobs: Landing 10's capacity, the unit's armour, a section's title and
        // its first item.
        let version = |capacity: i64, armour: i64, title: &str, item: &str| {
            game(&[(
                "game.toml",
                &format!(
                    "{HEAD}[[trait]]\nid = \"capacity\"\nname = \"Troop counters carried\"\ntype = \"int\"\n\
                     [[ability]]\nid = \"landing\"\nname = \"Landing\"\nvalues = [10, 5]\n\
                     traits = {{ capacity = {{ 10 = {capacity}, 5 = 1 }} }}\n\
                     [[stat]]\nid = \"armour\"\nname = \"Armour\"\ntype = \"int\"\n\
                     [[kind]]\nid = \"k\"\nname = \"K\"\nrequired_stats = [\"armour\"]\n\
                     [[unit]]\nid = \"t\"\nname = \"Troops\"\nkind = \"k\"\nstats = {{ armour = {armour} }}\n\
                     [[section]]\nid = \"r\"\nnumber = \"3\"\ntitle = \"{title}\"\nitems = [\"{item}\", \"Keep it.\"]\n"
                ),
            )])
        };
        let a = version(3, 4, "Rescue", "Roll a die.");
        let b = version(2, 5, "Rescue Operations", "Roll two dice.");
        let texts: Vec<String> = diff(&a, &b).into_iter().map(|c| c.text).collect();
        assert_eq!(
            texts,
            [
                "Landing 10: Troop counters carried 3 → 2.",
                "Troops: Armour 4 → 5.",
                "3 Rescue: title Rescue → Rescue Operations.",
                "3 Rescue Operations: \"Roll a die.\" now reads \"Roll two dice.\"",
            ]
        );
        assert!(diff(&a, &a).is_empty());
    }

    #[test]
    fn scenario_forces_and_objectives() {
        let sc = |count: i64, points: i64| {
            format!(
                "{HEAD}[[side]]\nid = \"blue\"\nname = \"Blue\"\n[[scenario]]\nid = \"raid\"\ntitle = \"Raid\"\n\
                 [[scenario.side]]\nside = \"blue\"\nforces = [{{ name = \"Rifles\", count = {count} }}]\n\
                 [[scenario.objective]]\nname = \"Bridge\"\nvictory_points = {points}\n"
            )
        };
        let (a, b) = (game(&[("game.toml", &sc(2, 10))]), game(&[("game.toml", &sc(3, 20))]));
        let texts: Vec<String> = diff(&a, &b).into_iter().map(|c| c.text).collect();
        assert_eq!(texts, ["Scenario Raid, Blue, Rifles: count 2 → 3.", "Scenario Raid, Bridge: points 10 → 20."]);
    }

    /// A tank with a counter and a card; `knobs` is the rest of the data, per version.
    fn pieces(knobs: &str) -> Game {
        game(&[(
            "game.toml",
            &format!(
                "{HEAD}[[stat]]\nid = \"attack\"\nname = \"Attack\"\ntype = \"int\"\n\
                 [[kind]]\nid = \"tank\"\nname = \"Tank\"\nrequired_stats = [\"attack\"]\n\
                 [[unit]]\nid = \"pz4\"\nname = \"Panzer IV\"\nkind = \"tank\"\nstats = {{ attack = 5 }}\n{knobs}"
            ),
        )])
    }

    fn texts(a: &Game, b: &Game) -> Vec<String> {
        diff(a, b).into_iter().map(|c| c.text).collect()
    }

    #[test]
    fn counters_by_unit_and_id_with_their_back_values() {
        // Four knobs: the group's size, the Panzer IV's back, the HQ's copies, a smoke marker.
        let version = |size: &str, back: &str, copies: i64, smoke: bool| {
            pieces(&format!(
                "[[counter_group]]\nid = \"units\"\nname = \"Units\"\nsize = \"{size}\"\n\
                 layout = {{ top = \"{{name}}\", bottom = \"{{attack}}\" }}\n\
                 [[counter]]\nunit = \"pz4\"\nback = {back}\n\
                 [[counter]]\nid = \"hq\"\nname = \"HQ\"\nquantity = {copies}\n{}",
                if smoke { "[[counter]]\nname = \"Smoke\"\n" } else { "" }
            ))
        };
        let a = version("3/4in", "{ attack = 4 }", 1, false);
        let b = version("5/8in", "{ attack = 3 }", 2, true);
        assert_eq!(
            texts(&a, &b),
            [
                "Counter group Units: size 19.05 × 19.05 mm → 15.88 × 15.88 mm.",
                "New counter: Smoke (x1).",
                "Counter Panzer IV: back attack 4 → 3.",
                "Counter HQ: copies 1 → 2.",
            ]
        );
        assert_eq!(texts(&b, &a)[1], "Counter removed: Smoke (x1).");
        let blank = version("3/4in", "\"blank\"", 1, false);
        assert_eq!(texts(&a, &blank), ["Counter Panzer IV: back attack 4 → blank."]);
        assert!(diff(&b, &b).is_empty());
    }

    #[test]
    fn cards_their_options_and_backs() {
        // Six knobs: the card size, the back's colour, the Marsh's move and text, the tank
        // card's copies, a Forest card.
        let version = |size: &str, colour: &str, marsh: (&str, &str), copies: i64, forest: bool| {
            pieces(&format!(
                "[cards]\nsize = \"{size}\"\n\
                 [[card_back]]\nid = \"terrain\"\ntitle = \"Terrain\"\ncolor = \"{colour}\"\n\
                 [[card]]\ntitle = \"Marsh\"\nfields = {{ Move = \"{}\" }}\ntext = [\"{}\"]\ncard_back = \"terrain\"\n\
                 [[card]]\nunit = \"pz4\"\nquantity = {copies}\n{}",
                marsh.0,
                marsh.1,
                if forest { "[[card]]\ntitle = \"Forest\"\n" } else { "" }
            ))
        };
        let a = version("poker", "#5a6b4e", ("half", "Stop on entering."), 1, false);
        let b = version("bridge", "#4f6d5a", ("quarter", "Stop *before* entering."), 2, true);
        assert_eq!(
            texts(&a, &b),
            [
                "Cards: size 63 × 88 mm → 57 × 89 mm.",
                "Card back Terrain: colour #5a6b4e → #4f6d5a.",
                "New card: Forest.",
                "Card Marsh: Move half → quarter.",
                "Card Marsh: text \"Stop on entering.\" now reads \"Stop before entering.\"",
                "Card Panzer IV: copies 1 → 2.",
            ]
        );
        assert_eq!(texts(&b, &a)[2], "Card removed: Forest.");
        assert!(diff(&b, &b).is_empty());
    }

    #[test]
    fn a_runs_counters_by_their_ids_and_faces_by_key() {
        // Two knobs: the run's ids, and the colour and symbol of the marker's back.
        let version = |ids: &str, back: &str| {
            pieces(&format!(
                "[[counter]]\nname = \"Panzer corps\"\nids = {ids}\nback = {{ attack = 2 }}\n\
                 [[counter]]\nname = \"Mud\"\nback_face = {back}\n"
            ))
        };
        let a = version("[\"XXIV\", \"XLVI\"]", "{ background = \"#9fd3f0\" }");
        let b = version("[\"XXIV\", \"XLVI\", \"XLVII\"]", "{ background = \"#a0d0f0\", symbol = \"supply\" }");
        assert_eq!(
            texts(&a, &b),
            [
                "New counter: Panzer corps XLVII (x1).",
                "Counter Mud: back background #9fd3f0 → #a0d0f0.",
                "Counter Mud: back symbol none → supply.",
            ]
        );
        let fewer = version("[\"XXIV\"]", "{ background = \"#9fd3f0\" }");
        assert_eq!(texts(&a, &fewer), ["Counter removed: Panzer corps XLVI (x1)."]);
    }
}
