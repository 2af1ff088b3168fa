//! The names of the fields a change names ("Card Marsh: text … now reads …"), in the build's
//! language: each a word of the game's (`diff_field_*`, built in for English, German and
//! French, and a translation's PO file may give its own). A field without a word is said as
//! the record names it. The English name stays what [`super::Change::field`] holds, so that
//! what reads the changes (the errata's filters) does not depend on the language.

use crate::model::Words;

/// The fields players meet in the errata, by the name a record gives them, and their words.
const FIELDS: &[(&str, &str)] = &[
    ("text", "diff_field_text"),
    ("name", "diff_field_name"),
    ("title", "diff_field_title"),
    ("subtitle", "diff_field_subtitle"),
    ("short text", "diff_field_short_text"),
    ("notes", "diff_field_notes"),
    ("definition", "diff_field_definition"),
    ("stats", "diff_field_stats"),
    ("steps", "diff_field_steps"),
    ("abilities", "diff_field_abilities"),
    ("kind", "diff_field_kind"),
    ("side", "diff_field_side"),
    ("count", "diff_field_count"),
    ("copies", "diff_field_copies"),
    ("points", "diff_field_points"),
    ("value", "diff_field_value"),
    ("values", "diff_field_values"),
    ("number", "diff_field_number"),
    ("event", "diff_field_event"),
    ("part", "diff_field_part"),
    ("deck", "diff_field_deck"),
    ("hand", "diff_field_hand"),
    ("reshuffle", "diff_field_reshuffle"),
    ("owner", "diff_field_owner"),
    ("joins on turn", "diff_field_joins_on_turn"),
    ("limit", "diff_field_limit"),
    ("weather", "diff_field_weather"),
    ("turns", "diff_field_turns"),
    ("cells", "diff_field_cells"),
    ("terrain", "diff_field_terrain"),
    ("path", "diff_field_path"),
    ("colour", "diff_field_colour"),
    ("symbol", "diff_field_symbol"),
    ("icon", "diff_field_icon"),
    ("label", "diff_field_label"),
    ("front", "diff_field_front"),
    ("back", "diff_field_back"),
    ("arrives on turn", "diff_field_arrives_on_turn"),
    ("set-up", "diff_field_set_up"),
    ("set-up area", "diff_field_set_up_area"),
    ("set-up cells", "diff_field_set_up_cells"),
    ("set-up map", "diff_field_set_up_map"),
    ("sets up", "diff_field_sets_up"),
    ("enters at", "diff_field_enters_at"),
    ("situation", "diff_field_situation"),
    ("special rules", "diff_field_special_rules"),
    ("optional rules", "diff_field_optional_rules"),
    ("sudden death", "diff_field_sudden_death"),
    ("victory", "diff_field_victory"),
    ("points to win", "diff_field_points_to_win"),
    ("rules version needed", "diff_field_rules_version_needed"),
    ("start on track", "diff_field_start_on_track"),
    ("first box", "diff_field_first_box"),
    ("last box", "diff_field_last_box"),
    ("markers", "diff_field_markers"),
    ("die", "diff_field_die"),
    ("dice", "diff_field_dice"),
    ("ratings", "diff_field_ratings"),
    ("column shift", "diff_field_column_shift"),
    ("die-roll modifier", "diff_field_die_roll_modifier"),
    ("when", "diff_field_when"),
    ("hexes", "diff_field_hexes"),
    ("rules version", "diff_field_rules_version"),
    ("date", "diff_field_date"),
    ("map", "diff_field_map"),
    ("squares", "diff_field_squares"),
    ("how many", "diff_field_how_many"),
    ("scored by", "diff_field_scored_by"),
    ("counters", "diff_field_counters"),
    ("rules to read", "diff_field_rules_to_read"),
    ("towards", "diff_field_towards"),
    ("units in the game", "diff_field_units_in_the_game"),
];

/// The cells a map's terrain or hexside feature names, as a record composes them ("Forest
/// hexes", "River hexsides"): the ending and its word.
const CELLS_OF: &[(&str, &str)] =
    &[(" hexes", "diff_field_hexes"), (" squares", "diff_field_squares"), (" hexsides", "diff_field_hexsides")];

/// `field` as the build's language says it.
pub(crate) fn said(w: &Words, field: &str) -> String {
    for (ending, key) in CELLS_OF {
        if let Some(what) = field.strip_suffix(ending).filter(|w| !w.is_empty()) {
            return w.say("diff_field_cells_of", &[("what", what), ("cells", &w.say(key, &[]))]);
        }
    }
    match FIELDS.iter().find(|(name, _)| *name == field) {
        // `say`: a wording may name the game's own words ("{turn}", "{side}").
        Some((_, key)) => w.say(key, &[]),
        None => field.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_word_is_a_word_of_the_game() {
        let w = Words::default();
        for (name, key) in FIELDS {
            assert_eq!(w.say(key, &[]), *name, "{key}: the English wording is the record's own name");
        }
        let german = Words { lang: Some("de".into()), ..Words::default() };
        assert_eq!(said(&german, "text"), "Text");
        assert_eq!(said(&german, "set-up area"), "Aufstellungsgebiet");
        assert_eq!(said(&german, "Wald hexes"), "Felder mit Wald");
        assert_eq!(said(&Words::default(), "Forest hexes"), "Forest hexes");
        // A field without a word is said as the record names it.
        assert_eq!(said(&german, "print-shop bleed"), "print-shop bleed");
    }
}
