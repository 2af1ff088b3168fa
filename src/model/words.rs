//! The words playaid itself prints: what a game calls a turn or a side, and the furniture of
//! every sheet ("Glossary", "page 1 of 2", "Rules version 2.0", a chart's headings). Each has a
//! key, a built-in wording for a few languages, and may be given by the game in `[game.words]`
//! (or by a translation, as `playaid:KEY` entries of its PO file).
//!
//! One list, [`dictionary!`]'s, declares them all: the loader's fields, the template data's
//! type, `diff`'s records and the PO entries a translator sees all come from it.

/// The languages with built-in words, in the order of each [`Word::builtin`].
pub const LANGUAGES: [&str; 3] = ["en", "de", "fr"];

/// A word playaid prints: its key in `[game.words]` (and in template data), what it is, and its
/// wording in each of [`LANGUAGES`]. `{name}` in a wording is a placeholder the sheet fills in.
#[derive(Debug, Clone, Copy)]
pub struct Word {
    /// The key: `turn`, `rules_version`.
    pub key: &'static str,
    /// What it is and where it prints.
    pub doc: &'static str,
    /// Its wording in each of [`LANGUAGES`].
    pub builtin: [&'static str; 3],
}

impl Word {
    /// The built-in wording in `lang` (`de`, `de-AT` and `de_CH` alike), none for a language
    /// playaid has no words for.
    pub fn builtin_in(&self, lang: &str) -> Option<&'static str> {
        let base = lang.split(['-', '_']).next().unwrap_or(lang).to_ascii_lowercase();
        LANGUAGES.iter().position(|l| *l == base).map(|i| self.builtin[i])
    }

    /// The placeholders of its English wording, sorted: `["pages", "page"]`.
    pub fn placeholders(&self) -> Vec<&'static str> {
        named_placeholders(self.builtin[0])
    }
}

/// The `{name}` placeholders of a wording a sheet fills, sorted, each once: the game's own
/// words (`{turn}`, `{Setup}`) fill themselves and are left out.
pub fn named_placeholders(s: &str) -> Vec<&str> {
    let own = |k: &str| WORDS.iter().take(GAME_WORDS).any(|w| w.key.eq_ignore_ascii_case(k));
    let mut out: Vec<&str> =
        s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(k, _)| k)).filter(|k| !own(k)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether two wordings' placeholders are the same names, whatever their first letter's case:
/// `{Kind}` starts a sentence in one language where `{kind}` is inside it in another, and the
/// code fills both.
pub fn same_placeholders<S: AsRef<str>, T: AsRef<str>>(a: &[S], b: &[T]) -> bool {
    let low = |v: Vec<String>| -> Vec<String> {
        let mut v: Vec<String> = v.into_iter().map(|s| s.to_lowercase()).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    low(a.iter().map(|s| s.as_ref().to_string()).collect()) == low(b.iter().map(|s| s.as_ref().to_string()).collect())
}

/// How many of [`WORDS`], from the first, are the game's own words (turn, side ... set-up):
/// a wording may name them as placeholders, `{turn}` or `{Turn}`.
const GAME_WORDS: usize = 11;

/// Placeholders as a message names them: "{page}, {pages}", or "none".
pub fn braced<S: AsRef<str>>(names: &[S]) -> String {
    if names.is_empty() {
        return "none".to_string();
    }
    names.iter().map(|p| format!("{{{}}}", p.as_ref())).collect::<Vec<_>>().join(", ")
}

/// Every plural word and the singular it follows when the game gives only the singular
/// (`turn = "round"`: "rounds").
const PLURALS: &[(&str, &str)] = &[
    ("turns", "turn"),
    ("sides", "side"),
    ("units", "unit"),
    ("reinforcements", "reinforcement"),
    ("objectives", "objective"),
];

/// Declares every word: `key = "English", "German", "French";` with its doc comment.
macro_rules! dictionary {
    ($($(#[doc = $doc:literal])+ $key:ident = $en:literal, $de:literal, $fr:literal;)*) => {
        /// Every word playaid prints, in the order the data format lists them.
        pub const WORDS: &[Word] = &[$(Word { key: stringify!($key), doc: concat!($($doc),+), builtin: [$en, $de, $fr] }),*];

        /// playaid's words as a sheet prints them: the game's (`[game.words]`) or a
        /// translation's, else built in for the sheet's language. `{name}` marks a placeholder
        /// the template fills in (`pa-say`).
        #[derive(Debug, serde::Serialize, schemars::JsonSchema)]
        pub struct WordsData {
            $($(#[doc = $doc])+ pub $key: String,)*
        }

        impl WordsData {
            /// Each word as `words` resolves it, the game's words in it filled in.
            pub fn of(words: &Words) -> WordsData {
                WordsData { $($key: words.say(stringify!($key), &[]),)* }
            }
        }
    };
}

dictionary! {
    /// What the game calls a turn, in lower case as in running text ("round"): the turn
    /// track, the scenario's length, arrivals.
    turn = "turn", "Runde", "tour";
    /// Its plural.
    turns = "turns", "Runden", "tours";
    /// What the game calls a side ("faction", "player").
    side = "side", "Seite", "camp";
    /// Its plural.
    sides = "sides", "Seiten", "camps";
    /// What the game calls a unit ("model", "ship"): the forces table's column.
    unit = "unit", "Einheit", "unité";
    /// Its plural.
    units = "units", "Einheiten", "unités";
    /// What the game calls a unit arriving later ("reserve"): the arrivals list, the TTS bags.
    reinforcement = "reinforcement", "Verstärkung", "renfort";
    /// Its plural.
    reinforcements = "reinforcements", "Verstärkungen", "renforts";
    /// What the game calls an objective ("victory hex").
    objective = "objective", "Ziel", "objectif";
    /// Its plural.
    objectives = "objectives", "Ziele", "objectifs";
    /// What the game calls the set-up ("deployment").
    setup = "set-up", "Aufstellung", "déploiement";

    /// A document's title when the game has none.
    rules = "Rules", "Regeln", "Règles";
    /// The map sheet's title when the game has none.
    game = "Game", "Spiel", "Jeu";
    /// A PDF's title: the game's and the document's.
    document_title = "{title} – {document}", "{title} – {document}", "{title} – {document}";
    /// The rulebook as a document.
    doc_rules = "rules", "Regeln", "règles";
    /// The cards as a document.
    doc_cards = "cards", "Karten", "cartes";
    /// The counters as a document.
    doc_counters = "counters", "Spielsteine", "pions";
    /// The maps as a document.
    doc_maps = "maps", "Spielpläne", "plans";
    /// The errata as a document.
    doc_errata = "errata", "Errata", "errata";
    /// The changelog as a document.
    doc_changelog = "changelog", "Änderungen", "historique";
    /// The aid card as a document.
    doc_aid = "player aid card", "Spielhilfe", "aide de jeu";
    /// The duplex calibration sheet as a document.
    doc_calibration = "duplex calibration", "Duplex-Kalibrierung", "calibrage recto verso";
    /// A head or footer: the rules version it states.
    rules_version = "Rules version {version}", "Regelversion {version}", "Règles, version {version}";
    /// A footer or sheet head: the rules version, in running text.
    rules_version_lower = "rules version {version}", "Regelversion {version}", "règles, version {version}";
    /// The rulebook's head ("Rules, version 2.0").
    rules_comma_version = "Rules, version {version}", "Regeln, Version {version}", "Règles, version {version}";
    /// A footer: the version, in running text.
    version_lower = "version {version}", "Version {version}", "version {version}";
    /// A changelog entry's head.
    version = "Version {version}", "Version {version}", "Version {version}";
    /// A card's footer: its version, short.
    version_short = "v{version}", "v{version}", "v{version}";
    /// A card's number in its footer.
    card_number = "No. {number}", "Nr. {number}", "N° {number}";
    /// The authors ("by A, B and C").
    by_authors = "by {authors}", "von {authors}", "par {authors}";
    /// A label before what it names ("Set-up: ..."); French sets a space before the colon.
    label_colon = "{label}:", "{label}:", "{label}\u{a0}:";
    /// The last joint of a list ("A, B and C").
    and = "and", "und", "et";
    /// The page footer.
    page_of = "page {page} of {pages}", "Seite {page} von {pages}", "page {page} sur {pages}";
    /// A date: `{day}`, `{month}` (its name) and `{year}`.
    date = "{day} {month} {year}", "{day}. {month} {year}", "{day} {month} {year}";
    /// The first day of a month in a date, where the language writes it apart (French "1er").
    first_day = "1", "1", "1er";
    /// The months, January to December, comma-separated.
    months = "January,February,March,April,May,June,July,August,September,October,November,December", "Januar,Februar,März,April,Mai,Juni,Juli,August,September,Oktober,November,Dezember", "janvier,février,mars,avril,mai,juin,juillet,août,septembre,octobre,novembre,décembre";
    /// Yes, as a value.
    yes = "yes", "ja", "oui";
    /// No, as a value.
    no = "no", "nein", "non";
    /// None, as a value.
    none = "none", "keine", "aucun";

    /// The glossary's heading.
    glossary = "Glossary", "Glossar", "Glossaire";
    /// The changelog's heading.
    changelog = "Changelog", "Änderungen", "Historique";
    /// The to-do list's heading.
    todo = "To do", "Offen", "À faire";
    /// The rulebook's table of contents.
    contents = "Contents", "Inhalt", "Sommaire";
    /// A glossary term's sections ("See 3.1, 4.").
    see = "See {sections}.", "Siehe {sections}.", "Voir {sections}.";
    /// The rulebook's note on change bars.
    change_bar_note = "A bar in the margin marks what changed since version {version}.", "Ein Balken am Rand markiert, was sich seit Version {version} geändert hat.", "Un trait dans la marge signale ce qui a changé depuis la version {version}.";
    /// Paragraphs a section lost since the version compared with.
    paragraphs_removed = "{count} paragraphs removed since {version}", "{count} Absätze seit {version} entfernt", "{count} paragraphes supprimés depuis {version}";
    /// The same, one paragraph.
    paragraphs_removed_one = "{count} paragraph removed since {version}", "{count} Absatz seit {version} entfernt", "{count} paragraphe supprimé depuis {version}";
    /// The version compared with, when it has no number.
    the_last_version = "the last version", "der letzten Version", "la dernière version";
    /// A section's badge: an optional rule.
    optional = "optional", "optional", "optionnelle";
    /// A section's badge: a house rule.
    house_rule = "house rule", "Hausregel", "règle maison";
    /// The mark of a section new in this version.
    new = "New", "Neu", "Nouveau";
    /// The mark of a section new in this version, with it.
    new_in = "New in {version}", "Neu in {version}", "Nouveau en {version}";
    /// A section's source.
    source = "Source: {source}", "Quelle: {source}", "Source\u{a0}: {source}";
    /// A sequence of play's heading when it has no title.
    sequence_of_play = "Sequence of play", "Spielablauf", "Séquence de jeu";
    /// The aid card's head.
    player_aid_card = "Player aid card", "Spielhilfe", "Aide de jeu";
    /// The column of a table made from abilities.
    ability = "Ability", "Fähigkeit", "Capacité";
    /// A step without a name.
    step_n = "step {n}", "Stufe {n}", "niveau {n}";

    /// The changelog sheet's subtitle.
    what_changed = "What changed, version by version", "Was sich geändert hat, Version für Version", "Ce qui a changé, version par version";
    /// Beside the changelog sheet's subtitle: the version it is now.
    now_version = "(now {version})", "(jetzt {version})", "(actuellement {version})";
    /// The errata sheet's subtitle.
    errata_since = "Errata: version {since} to {version}", "Errata: Version {since} bis {version}", "Errata\u{a0}: version {since} à {version}";
    /// The errata sheet's footer.
    errata_since_lower = "errata since {since}", "Errata seit {since}", "errata depuis {since}";
    /// The errata's cards, on one sheet.
    errata_cards_one_sheet = "The cards on the following sheet print otherwise than in version {since}, or are new: {count} to print, cut and put in place of the old ones.", "Die Karten auf dem folgenden Bogen sind anders als in Version {since} oder neu: {count} zum Ausdrucken, Ausschneiden und Ersetzen der alten.", "Les cartes de la planche suivante diffèrent de la version {since} ou sont nouvelles\u{a0}: {count} à imprimer, découper et remplacer.";
    /// The errata's cards, on several sheets.
    errata_cards = "The cards on the following sheets print otherwise than in version {since}, or are new: {count} to print, cut and put in place of the old ones.", "Die Karten auf den folgenden Bögen sind anders als in Version {since} oder neu: {count} zum Ausdrucken, Ausschneiden und Ersetzen der alten.", "Les cartes des planches suivantes diffèrent de la version {since} ou sont nouvelles\u{a0}: {count} à imprimer, découper et remplacer.";
    /// A number of cards.
    cards_count = "{count} cards", "{count} Karten", "{count} cartes";
    /// One card.
    cards_count_one = "{count} card", "{count} Karte", "{count} carte";
    /// The errata's counters.
    errata_counters = "The counters that print otherwise than in version {since}, on the counter sheets after the cards' (and marked with a small triangle in their top left corner in counters.pdf):", "Die Spielsteine, die sich seit Version {since} geändert haben, auf den Spielsteinbögen nach den Kartenbögen (in counters.pdf oben links mit einem kleinen Dreieck markiert):", "Les pions qui diffèrent de la version {since}, sur les planches après celles des cartes (marqués d'un petit triangle en haut à gauche dans counters.pdf)\u{a0}:";
    /// The counters' part of the errata sheet, in a game that prints no cards.
    errata_counters_alone = "The counters that print otherwise than in version {since}, on the counter sheets that follow (and marked with a small triangle in their top left corner in counters.pdf):", "Die Spielsteine, die sich seit Version {since} geändert haben, auf den folgenden Spielsteinbögen (in counters.pdf oben links mit einem kleinen Dreieck markiert):", "Les pions qui diffèrent de la version {since}, sur les planches qui suivent (marqués d'un petit triangle en haut à gauche dans counters.pdf)\u{a0}:";
    /// The designer's notes of a version, on the errata.
    errata_notes = "The designer's notes for version {version}:", "Die Anmerkungen des Autors zu Version {version}:", "Les notes de l'auteur pour la version {version}\u{a0}:";
    /// The changes found by comparing, on the errata.
    errata_changes = "What changed in play (found by comparing the versions):", "Was sich im Spiel geändert hat (durch Vergleich der Versionen gefunden):", "Ce qui a changé en jeu (trouvé en comparant les versions)\u{a0}:";
    /// `diff`'s count of the changes it found.
    diff_changes = "{count} changes", "{count} Änderungen", "{count} modifications";
    /// One change found.
    diff_changes_one = "{count} change", "{count} Änderung", "{count} modification";
    /// What `diff` says of rules without a version.
    diff_no_version = "(no version)", "(keine Version)", "(sans version)";
    /// A change: something new in the game (`diff`, the errata).
    diff_new = "New {kind}: {name}.", "Neu ({kind}): {name}.", "Nouveau ({kind})\u{a0}: {name}.";
    /// A change: something new in a part of the game.
    diff_new_in = "{parent}: new {kind} {name}.", "{parent}: neu ({kind}) {name}.", "{parent}\u{a0}: nouveau ({kind}) {name}.";
    /// A change: something new in a part of the game, with what it is.
    diff_new_in_with = "{parent}: new {kind} {name} ({summary}).", "{parent}: neu ({kind}) {name} ({summary}).", "{parent}\u{a0}: nouveau ({kind}) {name} ({summary}).";
    /// A change: something no longer in the game; `{Kind}` is `{kind}` with a capital.
    diff_removed = "{Kind} removed: {name}.", "Entfernt ({Kind}): {name}.", "Supprimé ({kind})\u{a0}: {name}.";
    /// A change: something no longer in a part of the game.
    diff_removed_in = "{parent}: {kind} {name} removed.", "{parent}: {kind} {name} entfernt.", "{parent}\u{a0}: supprimé ({kind}) {name}.";
    /// A change of a value: `{field}` names it.
    diff_value = "{label}: {field} {old} → {new}.", "{label}: {field} {old} → {new}.", "{label}\u{a0}: {field} {old} → {new}.";
    /// A value that is not given, in a change.
    diff_none = "none", "–", "aucun";
    /// A reworded text, in a change; `{field}` is the field and a space, or nothing.
    diff_now_reads = "{label}: {field}\"{old}\" now reads \"{new}\"", "{label}: {field}„{old}“ lautet jetzt „{new}“", "{label}\u{a0}: {field}«\u{a0}{old}\u{a0}» se lit désormais «\u{a0}{new}\u{a0}»";
    /// A text whose markup changed but not its words, in a change.
    diff_same_words = "{label}: {field}\"{old}\": same words, markup changed", "{label}: {field}„{old}“: gleicher Wortlaut, Auszeichnung geändert", "{label}\u{a0}: {field}«\u{a0}{old}\u{a0}»\u{a0}: mêmes mots, mise en forme changée";
    /// A text given where there was none, in a change.
    diff_text_new = "{label}: new {field}\"{new}\"", "{label}: neu {field}„{new}“", "{label}\u{a0}: nouveau {field}«\u{a0}{new}\u{a0}»";
    /// A text no longer given, in a change.
    diff_text_removed = "{label}: {field}removed (was \"{old}\")", "{label}: {field}entfernt (war „{old}“)", "{label}\u{a0}: {field}supprimé (était «\u{a0}{old}\u{a0}»)";
    /// Paragraphs put in another order, in a change.
    diff_paragraphs_order = "{label}: {field}paragraphs in a new order.", "{label}: {field}Absätze in neuer Reihenfolge.", "{label}\u{a0}: {field}paragraphes dans un nouvel ordre.";
    /// A paragraph no longer there, in a change.
    diff_paragraph_removed = "{label}: {field}removed \"{text}\".", "{label}: {field}entfernt: „{text}“.", "{label}\u{a0}: {field}supprimé\u{a0}: «\u{a0}{text}\u{a0}».";
    /// A paragraph added, in a change.
    diff_paragraph_added = "{label}: {field}added \"{text}\".", "{label}: {field}hinzugefügt: „{text}“.", "{label}\u{a0}: {field}ajouté\u{a0}: «\u{a0}{text}\u{a0}».";
    /// A member gained (a unit's ability, a trait), in a change.
    diff_gains = "{label} gains {member}.", "{label} erhält {member}.", "{label} gagne {member}.";
    /// A member lost, in a change.
    diff_loses = "{label} loses {member}.", "{label} verliert {member}.", "{label} perd {member}.";
    /// The same members in another order, in a change.
    diff_new_order = "{label}: {field}{old} → {new} (new order).", "{label}: {field}{old} → {new} (neue Reihenfolge).", "{label}\u{a0}: {field}{old} → {new} (nouvel ordre).";
    /// Members added to a long list, in a change.
    diff_list_added = "{items} added", "{items} hinzugefügt", "ajout\u{a0}: {items}";
    /// Members removed from a long list, in a change.
    diff_list_removed = "{items} removed", "{items} entfernt", "retrait\u{a0}: {items}";
    /// Between a long list's additions and removals, in a change.
    diff_list_and = "; ", "; ", "\u{a0}; ";
    /// A long list's changes, in a change.
    diff_list = "{label}: {field}{changes}.", "{label}: {field}{changes}.", "{label}\u{a0}: {field}{changes}.";
    /// A section given a new number, in a change.
    diff_renumbered = "{old} {title} is now {new}.", "{old} {title} ist jetzt {new}.", "{old} {title} devient {new}.";
    /// What a change names: a side, as the game calls it (`diff`, the errata).
    diff_kind_side = "{side}", "{side}", "{side}";
    /// What a change names: a stat (`diff`, the errata).
    diff_kind_stat = "stat", "Wert", "caractéristique";
    /// What a change names: an unit kind (`diff`, the errata).
    diff_kind_unit_kind = "unit kind", "Einheitenart", "type d'unité";
    /// What a change names: a trait (`diff`, the errata).
    diff_kind_trait = "trait", "Merkmal", "trait";
    /// What a change names: an ability group (`diff`, the errata).
    diff_kind_ability_group = "ability group", "Fähigkeitengruppe", "groupe de capacités";
    /// What a change names: an ability (`diff`, the errata).
    diff_kind_ability = "ability", "Fähigkeit", "capacité";
    /// What a change names: an unit (`diff`, the errata).
    diff_kind_unit = "{unit}", "{unit}", "{unit}";
    /// What a change names: a section (`diff`, the errata).
    diff_kind_section = "section", "Abschnitt", "section";
    /// What a change names: a table (`diff`, the errata).
    diff_kind_table = "table", "Tabelle", "table";
    /// What a change names: a sequence (`diff`, the errata).
    diff_kind_sequence = "sequence", "Ablauf", "séquence";
    /// What a change names: a combat results table (`diff`, the errata).
    diff_kind_crt = "combat results table", "Kampfergebnistabelle", "table des résultats de combat";
    /// What a change names: a terrain (`diff`, the errata).
    diff_kind_terrain = "terrain", "Gelände", "terrain";
    /// What a change names: a turn record track (`diff`, the errata).
    diff_kind_turn_track = "turn record track", "Rundenleiste", "piste des tours";
    /// What a change names: a map (`diff`, the errata).
    diff_kind_map = "map", "Spielplan", "plan";
    /// What a change names: a connection kind (`diff`, the errata).
    diff_kind_connection_kind = "connection kind", "Verbindungsart", "type de liaison";
    /// What a change names: a track (`diff`, the errata).
    diff_kind_track = "track", "Leiste", "piste";
    /// What a change names: a glossary term (`diff`, the errata).
    diff_kind_term = "glossary term", "Glossarbegriff", "terme du glossaire";
    /// What a change names: a counter group (`diff`, the errata).
    diff_kind_counter_group = "counter group", "Spielsteingruppe", "groupe de pions";
    /// The field a change names: text (`diff`, the errata).
    diff_field_text = "text", "Text", "texte";
    /// The field a change names: name (`diff`, the errata).
    diff_field_name = "name", "Name", "nom";
    /// The field a change names: title (`diff`, the errata).
    diff_field_title = "title", "Titel", "titre";
    /// The field a change names: subtitle (`diff`, the errata).
    diff_field_subtitle = "subtitle", "Untertitel", "sous-titre";
    /// The field a change names: short text (`diff`, the errata).
    diff_field_short_text = "short text", "Kurztext", "texte court";
    /// The field a change names: notes (`diff`, the errata).
    diff_field_notes = "notes", "Anmerkungen", "notes";
    /// The field a change names: definition (`diff`, the errata).
    diff_field_definition = "definition", "Definition", "définition";
    /// The field a change names: stats (`diff`, the errata).
    diff_field_stats = "stats", "Werte", "caractéristiques";
    /// The field a change names: steps (`diff`, the errata).
    diff_field_steps = "steps", "Stufen", "pas";
    /// The field a change names: abilities (`diff`, the errata).
    diff_field_abilities = "abilities", "Fähigkeiten", "capacités";
    /// The field a change names: kind (`diff`, the errata).
    diff_field_kind = "kind", "Art", "type";
    /// The field a change names: side (`diff`, the errata).
    diff_field_side = "{side}", "{side}", "{side}";
    /// The field a change names: count (`diff`, the errata).
    diff_field_count = "count", "Anzahl", "nombre";
    /// The field a change names: copies (`diff`, the errata).
    diff_field_copies = "copies", "Exemplare", "exemplaires";
    /// The field a change names: points (`diff`, the errata).
    diff_field_points = "points", "Punkte", "points";
    /// The field a change names: value (`diff`, the errata).
    diff_field_value = "value", "Wert", "valeur";
    /// The field a change names: values (`diff`, the errata).
    diff_field_values = "values", "Werte", "valeurs";
    /// The field a change names: number (`diff`, the errata).
    diff_field_number = "number", "Nummer", "numéro";
    /// The field a change names: event (`diff`, the errata).
    diff_field_event = "event", "Ereignis", "événement";
    /// The field a change names: part (`diff`, the errata).
    diff_field_part = "part", "Teil", "partie";
    /// The field a change names: deck (`diff`, the errata).
    diff_field_deck = "deck", "Stapel", "paquet";
    /// The field a change names: hand (`diff`, the errata).
    diff_field_hand = "hand", "Handkarten", "main";
    /// The field a change names: reshuffle (`diff`, the errata).
    diff_field_reshuffle = "reshuffle", "Mischen", "remélange";
    /// The field a change names: owner (`diff`, the errata).
    diff_field_owner = "owner", "Besitzer", "propriétaire";
    /// The field a change names: joins on turn (`diff`, the errata).
    diff_field_joins_on_turn = "joins on {turn}", "kommt hinzu in {turn}", "rejoint au {turn}";
    /// The field a change names: limit (`diff`, the errata).
    diff_field_limit = "limit", "Grenze", "limite";
    /// The field a change names: weather (`diff`, the errata).
    diff_field_weather = "weather", "Wetter", "météo";
    /// The field a change names: turns (`diff`, the errata).
    diff_field_turns = "turns", "Runden", "tours";
    /// The field a change names: cells (`diff`, the errata).
    diff_field_cells = "cells", "Felder", "cases";
    /// The field a change names: terrain (`diff`, the errata).
    diff_field_terrain = "terrain", "Gelände", "terrain";
    /// The field a change names: path (`diff`, the errata).
    diff_field_path = "path", "Verlauf", "tracé";
    /// The field a change names: colour (`diff`, the errata).
    diff_field_colour = "colour", "Farbe", "couleur";
    /// The field a change names: symbol (`diff`, the errata).
    diff_field_symbol = "symbol", "Symbol", "symbole";
    /// The field a change names: icon (`diff`, the errata).
    diff_field_icon = "icon", "Symbol", "icône";
    /// The field a change names: label (`diff`, the errata).
    diff_field_label = "label", "Beschriftung", "étiquette";
    /// The field a change names: front (`diff`, the errata).
    diff_field_front = "front", "Vorderseite", "recto";
    /// The field a change names: back (`diff`, the errata).
    diff_field_back = "back", "Rückseite", "verso";
    /// The field a change names: arrives on turn (`diff`, the errata).
    diff_field_arrives_on_turn = "arrives on {turn}", "kommt in {turn}", "arrive au {turn}";
    /// The field a change names: set-up (`diff`, the errata).
    diff_field_set_up = "set-up", "Aufstellung", "déploiement";
    /// The field a change names: set-up area (`diff`, the errata).
    diff_field_set_up_area = "set-up area", "Aufstellungsgebiet", "zone de déploiement";
    /// The field a change names: the rules version (`diff`, the errata).
    diff_field_rules_version = "rules version", "Regelversion", "version des règles";
    /// The field a change names: a date (`diff`, the errata).
    diff_field_date = "date", "Datum", "date";
    /// The field a change names: a scenario's words about its map (`diff`, the errata).
    diff_field_map = "map", "Spielplan", "plan";
    /// The field a change names: a map's cells (`diff`, the errata).
    diff_field_hexes = "hexes", "Felder", "hexagones";
    /// The field a change names: a square grid's cells (`diff`, the errata).
    diff_field_squares = "squares", "Felder", "cases";
    /// The field a change names: a hexside feature's sides (`diff`, the errata).
    diff_field_hexsides = "hexsides", "Hexseiten", "côtés d'hexagone";
    /// The field a change names: the cells of a terrain or hexside feature, `{what}` (`diff`, the errata).
    diff_field_cells_of = "{what} {cells}", "{cells} mit {what}", "{cells} de {what}";
    /// The field a change names: how many (`diff`, the errata).
    diff_field_how_many = "how many", "Anzahl", "combien";
    /// The field a change names: who scores it (`diff`, the errata).
    diff_field_scored_by = "scored by", "gewertet für", "marqué par";
    /// The field a change names: counters (`diff`, the errata).
    diff_field_counters = "counters", "Spielsteine", "pions";
    /// The field a change names: rules to read (`diff`, the errata).
    diff_field_rules_to_read = "rules to read", "zu lesende Regeln", "règles à lire";
    /// The field a change names: towards (`diff`, the errata).
    diff_field_towards = "towards", "Richtung", "direction";
    /// The field a change names: units in the game (`diff`, the errata).
    diff_field_units_in_the_game = "units in the game", "Einheiten im Spiel", "unités en jeu";
    /// The field a change names: set-up map (`diff`, the errata).
    diff_field_set_up_map = "set-up map", "Aufstellungsplan", "plan de déploiement";
    /// The field a change names: set-up cells (`diff`, the errata).
    diff_field_set_up_cells = "set-up cells", "Aufstellungsfelder", "cases de déploiement";
    /// The field a change names: sets up (`diff`, the errata).
    diff_field_sets_up = "sets up", "stellt auf", "se déploie";
    /// The field a change names: enters at (`diff`, the errata).
    diff_field_enters_at = "enters at", "Eintritt", "entrée";
    /// The field a change names: situation (`diff`, the errata).
    diff_field_situation = "situation", "Lage", "situation";
    /// The field a change names: special rules (`diff`, the errata).
    diff_field_special_rules = "special rules", "Sonderregeln", "règles spéciales";
    /// The field a change names: optional rules (`diff`, the errata).
    diff_field_optional_rules = "optional rules", "optionale Regeln", "règles optionnelles";
    /// The field a change names: sudden death (`diff`, the errata).
    diff_field_sudden_death = "sudden death", "Sofortsieg", "mort subite";
    /// The field a change names: victory (`diff`, the errata).
    diff_field_victory = "victory", "Sieg", "victoire";
    /// The field a change names: points to win (`diff`, the errata).
    diff_field_points_to_win = "points to win", "Punkte zum Sieg", "points pour gagner";
    /// The field a change names: rules version needed (`diff`, the errata).
    diff_field_rules_version_needed = "rules version needed", "benötigte Regelversion", "version des règles requise";
    /// The field a change names: start on track (`diff`, the errata).
    diff_field_start_on_track = "start on track", "Start auf der Leiste", "départ sur la piste";
    /// The field a change names: first box (`diff`, the errata).
    diff_field_first_box = "first box", "erstes Feld", "première case";
    /// The field a change names: last box (`diff`, the errata).
    diff_field_last_box = "last box", "letztes Feld", "dernière case";
    /// The field a change names: markers (`diff`, the errata).
    diff_field_markers = "markers", "Marker", "marqueurs";
    /// The field a change names: die (`diff`, the errata).
    diff_field_die = "die", "Würfel", "dé";
    /// The field a change names: dice (`diff`, the errata).
    diff_field_dice = "dice", "Würfel", "dés";
    /// The field a change names: ratings (`diff`, the errata).
    diff_field_ratings = "ratings", "Wertungen", "valeurs de tir";
    /// The field a change names: column shift (`diff`, the errata).
    diff_field_column_shift = "column shift", "Spaltenverschiebung", "décalage de colonne";
    /// The field a change names: die-roll modifier (`diff`, the errata).
    diff_field_die_roll_modifier = "die-roll modifier", "Würfelmodifikator", "modificateur au dé";
    /// The field a change names: when (`diff`, the errata).
    diff_field_when = "when", "Zeitpunkt", "moment";
    /// A part of the game there is one of, as a change names it: the game's own settings.
    diff_part_game = "Game", "Spiel", "Jeu";
    /// A part of the game there is one of, as a change names it: the cards' settings.
    diff_part_cards = "Cards", "Karten", "Cartes";
    /// A part of the game there is one of, as a change names it: the player aid card.
    diff_part_aid = "Player aid card", "Spielhilfe", "Aide de jeu";
    /// A part of the game there is one of, as a change names it: the cheatsheet's settings.
    diff_part_cheatsheet = "Cheatsheet", "Übersichtsblatt", "Aide-mémoire";
    /// A part of the game there is one of, as a change names it: the designer's to-do list.
    diff_part_todo = "To-do list", "Aufgabenliste", "Liste des tâches";
    /// A part of the game there is one of, as a change names it: the counter sheet's settings.
    diff_part_counter_sheet = "Counter sheet", "Spielsteinbogen", "Planche de pions";
    /// A part of the game there is one of, as a change names it: the exports' settings.
    diff_part_exports = "Exports", "Exporte", "Exports";
    /// A part of the game there is one of, as a change names it: the limits of every scenario.
    diff_part_scenario_limits = "Scenario limits", "Szenario-Grenzen", "Limites des scénarios";
    /// What a change names: a counter (`diff`, the errata).
    diff_kind_counter = "counter", "Spielstein", "pion";
    /// What a change names: a card back (`diff`, the errata).
    diff_kind_card_back = "card back", "Kartenrückseite", "dos de carte";
    /// What a change names: a card layout (`diff`, the errata).
    diff_kind_card_layout = "card layout", "Kartenaufbau", "mise en page de carte";
    /// What a change names: a card (`diff`, the errata).
    diff_kind_card = "card", "Karte", "carte";
    /// What a change names: a deck (`diff`, the errata).
    diff_kind_deck = "deck", "Stapel", "paquet";
    /// What a change names: a scenario setting (`diff`, the errata).
    diff_kind_scenario_setting = "scenario setting", "Szenario-Einstellung", "réglage de scénario";
    /// What a change names: a scenario (`diff`, the errata).
    diff_kind_scenario = "scenario", "Szenario", "scénario";
    /// What a change names: a template (`diff`, the errata).
    diff_kind_template = "template", "Vorlage", "modèle";
    /// What a change names: a font file (`diff`, the errata).
    diff_kind_font = "font file", "Schriftdatei", "fichier de police";
    /// What a change names: an icon (`diff`, the errata).
    diff_kind_icon = "icon", "Symbol", "icône";
    /// What a change names: a to-do item (`diff`, the errata).
    diff_kind_todo = "to-do item", "Aufgabe", "tâche";
    /// What a change names: a changelog entry (`diff`, the errata).
    diff_kind_changelog = "changelog entry", "Änderungseintrag", "entrée du journal des modifications";
    /// What a change names: an area (`diff`, the errata).
    diff_kind_area = "area", "Gebiet", "zone";
    /// What a change names: an arrow (`diff`, the errata).
    diff_kind_arrow = "arrow", "Pfeil", "flèche";
    /// What a change names: a connection (`diff`, the errata).
    diff_kind_connection = "connection", "Verbindung", "liaison";
    /// What a change names: an edge (`diff`, the errata).
    diff_kind_edge = "edge", "Rand", "bord";
    /// What a change names: a force (`diff`, the errata).
    diff_kind_force = "force", "Truppe", "force";
    /// What a change names: a label (`diff`, the errata).
    diff_kind_label = "label", "Beschriftung", "étiquette";
    /// What a change names: a line (`diff`, the errata).
    diff_kind_line = "line", "Linie", "ligne";
    /// What a change names: a modifier (`diff`, the errata).
    diff_kind_modifier = "modifier", "Modifikator", "modificateur";
    /// What a change names: an objective (`diff`, the errata).
    diff_kind_objective = "{objective}", "{objective}", "{objective}";
    /// What a change names: a parameter (`diff`, the errata).
    diff_kind_parameter = "parameter", "Parameter", "paramètre";
    /// What a change names: a part (`diff`, the errata).
    diff_kind_part = "part", "Teil", "partie";
    /// What a change names: a result (`diff`, the errata).
    diff_kind_result = "result", "Ergebnis", "résultat";
    /// What a change names: a turn, as the game calls it (`diff`, the errata).
    diff_kind_turn = "{turn}", "{turn}", "{turn}";

    /// The scenario sheet's part with the map.
    map_and_setup = "Map and {setup}", "Karte und {setup}", "Carte et {setup}";
    /// The scenario sheet's footer: the rules it needs.
    scenario_footer = "rules {version} · scenario: {title}", "Regeln {version} · Szenario: {title}", "règles {version} · scénario\u{a0}: {title}";
    /// The rules a scenario needs.
    rules_req = "rules {version}", "Regeln {version}", "règles {version}";
    /// The rules a scenario needs, or later.
    rules_or_later = "rules {version} or later", "Regeln {version} oder neuer", "règles {version} ou ultérieures";
    /// A total of points.
    points_lower = "points", "Punkte", "points";
    /// The forces table's column of quantities.
    qty = "Qty", "Anz.", "Qté";
    /// The forces table's column of set-up and notes.
    setup_notes = "{Setup} / notes", "{Setup} / Hinweise", "{Setup} / notes";
    /// A force's points each.
    points_each = "{points} points each", "je {points} Punkte", "{points} points chacun";
    /// The scenario sheet's forces.
    forces = "Forces", "Streitkräfte", "Forces";
    /// An arrival: its turn, side, count and name.
    arrival = "{Turn} {number}: {side_name}, {count} × {name}", "{Turn} {number}: {side_name}, {count} × {name}", "{Turn} {number}\u{a0}: {side_name}, {count} × {name}";
    /// The objectives table's column of points.
    points = "Points", "Punkte", "Points";
    /// The objectives table's column of notes.
    notes = "Notes", "Hinweise", "Notes";
    /// An objective only one side scores.
    side_only = "{side_name} only", "nur {side_name}", "{side_name} seulement";
    /// Points each, up to a number.
    each = "{points} each", "je {points}", "{points} chacun";
    /// Up to a number.
    up_to = "up to {count}", "bis zu {count}", "jusqu'à {count}";
    /// The scenario sheet's victory conditions.
    victory = "Victory", "Siegbedingungen", "Victoire";
    /// The points a side needs.
    victory_points_to_win = "Victory points to win: {points}", "Benötigte Siegpunkte: {points}", "Points de victoire pour gagner\u{a0}: {points}";
    /// More than a number of points.
    more_than = "more than {points}", "mehr als {points}", "plus de {points}";
    /// The scenario's sudden death.
    sudden_death = "Sudden death:", "Sofortsieg:", "Mort subite\u{a0}:";
    /// The scenario's special rules.
    special_rules = "Special rules", "Sonderregeln", "Règles spéciales";
    /// The rule sections a scenario uses.
    rules_in_play = "Rules in play", "Geltende Regeln", "Règles en vigueur";
    /// The optional rules a scenario uses.
    optional_in_force = "Optional rules in force:", "Geltende optionale Regeln:", "Règles optionnelles en vigueur\u{a0}:";
    /// The rules a scenario needs read.
    rules_to_know = "Rules to know:", "Benötigte Regeln:", "Règles à connaître\u{a0}:";
    /// A force set up in an area.
    in_area = "in {area}", "in {area}", "à {area}";
    /// Where a unit of the set-up key stands.
    in_areas = "(in {areas})", "(in {areas})", "(à {areas})";
    /// A force entering along an edge or at a cell.
    enters_from = "enters from {edge}", "kommt von {edge}", "arrive par {edge}";
    /// A force entering at a place.
    enters_at = "enters at {place}", "kommt bei {place}", "arrive en {place}";
    /// A named edge of a map ("the German edge").
    the_edge_named = "the {name}", "{name}", "{name}";
    /// The north edge of a map.
    north_edge = "the north edge", "dem Nordrand", "le bord nord";
    /// The south edge of a map.
    south_edge = "the south edge", "dem Südrand", "le bord sud";
    /// The east edge of a map.
    east_edge = "the east edge", "dem Ostrand", "le bord est";
    /// The west edge of a map.
    west_edge = "the west edge", "dem Westrand", "le bord ouest";
    /// A connection's limit.
    per_turn = "{limit} a {turn}", "{limit} je {turn}", "{limit} par {turn}";

    /// The CRT's title when it has none.
    combat_results_table = "Combat Results Table", "Kampfergebnistabelle", "Table des résultats de combat";
    /// A CRT's corner over odds columns.
    odds = "Odds", "Verhältnis", "Rapport";
    /// A CRT's corner over differential columns.
    differential = "Diff.", "Diff.", "Diff.";
    /// A chart's modifiers.
    modifiers = "Modifiers", "Modifikatoren", "Modificateurs";
    /// The terrain chart's title when it has none.
    terrain_effects_chart = "Terrain Effects Chart", "Geländetabelle", "Table des effets du terrain";
    /// The terrain chart's first column.
    terrain = "Terrain", "Gelände", "Terrain";
    /// The terrain chart's movement column.
    movement = "Movement", "Bewegung", "Mouvement";
    /// A terrain card's crossing cost.
    crossing = "Crossing", "Überquerung", "Franchissement";
    /// The terrain chart's combat column.
    combat = "Combat", "Kampf", "Combat";
    /// The terrain chart's line-of-sight column.
    line_of_sight_short = "LOS", "Sicht", "LdV";
    /// A terrain card's line of sight.
    line_of_sight = "Line of sight", "Sichtlinie", "Ligne de vue";
    /// Line of sight: clear.
    los_clear = "clear", "frei", "dégagée";
    /// Line of sight: hindered.
    los_hinders = "hinders", "behindert", "gênée";
    /// Line of sight: blocked.
    los_blocks = "blocks", "blockiert", "bloquée";
    /// Line of sight: hindered by a number.
    los_hinders_by = "hinders {n}", "behindert {n}", "gênée {n}";
    /// The terrain chart's column of ground levels (hills).
    level = "Level", "Ebene", "Niveau";
    /// The terrain chart's column of obstacle heights.
    height = "Height", "Höhe", "Hauteur";
    /// The terrain chart's column of cover.
    cover = "Cover", "Deckung", "Couvert";
    /// The terrain chart's hexside rows.
    hexsides = "Hexsides", "Hexseiten", "Côtés d'hexagone";
    /// A terrain card of a hexside.
    hexside = "Hexside", "Hexseite", "Côté d'hexagone";
    /// The terrain chart's line rows (roads, rivers).
    lines = "Lines", "Linien", "Lignes";
    /// A terrain card of a line.
    line = "Line", "Linie", "Ligne";
    /// Columns shifted left.
    shift_left = "{n} left", "{n} nach links", "{n} à gauche";
    /// Columns shifted right.
    shift_right = "{n} right", "{n} nach rechts", "{n} à droite";
    /// A column shift.
    shift = "shift {shift}", "Spaltenverschiebung {shift}", "décalage {shift}";
    /// A shift of columns to the left, on a CRT's modifiers.
    columns_left = "{count} left columns", "{count} Spalten nach links", "{count} colonnes à gauche";
    /// A shift of one column to the left.
    columns_left_one = "{count} left column", "{count} Spalte nach links", "{count} colonne à gauche";
    /// A shift of columns to the right.
    columns_right = "{count} right columns", "{count} Spalten nach rechts", "{count} colonnes à droite";
    /// A shift of one column to the right.
    columns_right_one = "{count} right column", "{count} Spalte nach rechts", "{count} colonne à droite";
    /// A modifier to a die roll ("+1 to the roll").
    to_the_roll = "{modifier} to the roll", "{modifier} auf den Wurf", "{modifier} au dé";
    /// A die-roll modifier, short.
    drm = "{modifier} DRM", "{modifier} WM", "{modifier} MD";
    /// A defence multiplied.
    defence_times = "defence ×{n}", "Verteidigung ×{n}", "défense ×{n}";
    /// A track's markers.
    markers = "Markers", "Marker", "Marqueurs";
    /// A connection's limit in the turns of a weather ("Mud 1").
    limit_in_weather = "{weather} {limit}", "{weather} {limit}", "{weather} {limit}";
    /// The aid card's area connections.
    connections = "Connections", "Verbindungen", "Liaisons";
    /// The turn track's title when it has none.
    record_track = "{Turn} Record Track", "Leiste der {Turns}", "Piste des {turns}";

    /// A deck list's column: the card's number.
    deck_number = "No.", "Nr.", "N°";
    /// A deck list's column: the card.
    deck_card = "Card", "Karte", "Carte";
    /// A deck list's column of copies.
    copies = "Copies", "Anzahl", "Exemplaires";
    /// A deck list's column: the event's side.
    deck_event = "Event", "Ereignis", "Événement";
    /// A deck list's column: what happens after the event.
    after_event = "After event", "Nach dem Ereignis", "Après l'événement";
    /// A strategy card's operations, when the game names them not.
    ops = "Ops", "OP", "Ops";
    /// An event either side may play.
    either_side = "Either side", "Beide Seiten", "Les deux camps";
    /// A deck list's event cell of a card without an event.
    no_event_short = "None", "Keins", "Aucun";
    /// A card without an event.
    no_event = "No event", "Kein Ereignis", "Aucun événement";
    /// A card removed after its event.
    remove_after_event = "Remove after event", "Nach dem Ereignis entfernen", "Retirer après l'événement";
    /// A card that stays in play after its event.
    stays_in_play = "Stays in play", "Bleibt im Spiel", "Reste en jeu";
    /// A deck part's line in a deck list.
    part_joins = "{part}: joins on {turn} {at}, {count}", "{part}: kommt in {Turn} {at} dazu, {count}", "{part}\u{a0}: arrive au {turn} {at}, {count}";
    /// A deck part joining on the turn track.
    part_joins_deck = "{part} joins {deck}: {count}", "{part} kommt zum Stapel {deck} hinzu: {count}", "{part} rejoint {deck}\u{a0}: {count}";
    /// A deck's hand size.
    hands_of = "Hands of {size}", "Handkarten: {size}", "Main de {size} cartes";
    /// A deck's hand sizes that change.
    hands_by_turn = "Hands of {sizes} ({turn} by {turn}; the last goes on)", "Handkarten: {sizes} (je {Turn}; die letzte gilt weiter)", "Mains de {sizes} ({turn} par {turn}\u{a0}; la dernière reste)";
    /// A deck's hand size on the turn track.
    deck_hands_of = "{deck}: hands of {size}", "{deck}: Handkarten {size}", "{deck}\u{a0}: mains de {size}";
    /// Discards reshuffled before each deal.
    reshuffle_each_turn = "discards reshuffled before each {turn}'s deal", "Ablagestapel wird vor jedem Austeilen in den Nachziehstapel gemischt", "défausse remélangée avant chaque donne";
    /// Discards reshuffled when the draw pile runs out.
    reshuffle_when_empty = "discards reshuffled when the draw pile runs out", "Ablagestapel wird gemischt, wenn der Nachziehstapel leer ist", "défausse remélangée quand la pioche est vide";
    /// Discards never reshuffled.
    reshuffle_never = "discards never reshuffled", "Ablagestapel wird nie gemischt", "défausse jamais remélangée";

    /// A counter sheet's head: which sheet.
    sheet_of = "sheet {sheet} of {sheets}", "Bogen {sheet} von {sheets}", "planche {sheet} sur {sheets}";
    /// A counter sheet of fronts to be printed one-sided.
    fronts_one_sided = "fronts · {sheet} · one-sided", "Vorderseiten · {sheet} · einseitig", "recto · {sheet} · recto seul";
    /// A counter sheet of fronts to be printed both sides.
    fronts_duplex = "fronts · {sheet} · print both sides, {flip}", "Vorderseiten · {sheet} · beidseitig drucken, {flip}", "recto · {sheet} · imprimer recto verso, {flip}";
    /// A counter sheet of fronts and backs to fold.
    fronts_and_backs_fold = "fronts and backs · {sheet} · fold on the dashed line, glue, then cut", "Vorder- und Rückseiten · {sheet} · an der gestrichelten Linie falten, kleben, dann schneiden", "recto et verso · {sheet} · plier sur le pointillé, coller, puis découper";
    /// A counter sheet of backs.
    backs_duplex = "backs · {sheet} · {flip}", "Rückseiten · {sheet} · {flip}", "verso · {sheet} · {flip}";
    /// Which edge to flip on.
    flip_short = "flip on the short edge", "an der kurzen Kante wenden", "retourner sur le bord court";
    /// Which edge to flip on.
    flip_long = "flip on the long edge", "an der langen Kante wenden", "retourner sur le bord long";
    /// The short edge of a page.
    the_short_edge = "the short edge", "die kurze Kante", "le bord court";
    /// The long edge of a page.
    the_long_edge = "the long edge", "die lange Kante", "le bord long";
    /// A sheet's scale bar and how to print it.
    measure_print = "measure: {scale} · print at 100 %, never fit to page", "Kontrollstrecke: {scale} · in Originalgröße (100\u{a0}%) drucken, nicht an die Seite anpassen", "mesure\u{a0}: {scale} · imprimer à 100\u{a0}%, sans ajuster à la page";
    /// A scale bar.
    measure = "measure: {scale}", "Kontrollstrecke: {scale}", "mesure\u{a0}: {scale}";
    /// The counters of a game without groups.
    counters = "Counters", "Spielsteine", "Pions";
    /// A sheet of block stickers.
    block_stickers = "Block stickers: {side_name}", "Blockaufkleber: {side_name}", "Autocollants de blocs\u{a0}: {side_name}";
    /// A card sheet's head: the cards' size and bleed.
    cards_sheet = "cards {width} x {height} mm, bleed {bleed} mm", "Karten {width} x {height} mm, Beschnitt {bleed} mm", "cartes {width} x {height} mm, fond perdu {bleed} mm";
    /// A card sheet's head: the bleed between cards.
    bleed_between = "({bleed} mm between cards)", "({bleed} mm zwischen den Karten)", "({bleed} mm entre les cartes)";

    /// A map at true size.
    true_size = "true size", "Originalgröße", "taille réelle";
    /// A square map's scale.
    one_square = "1 square = {mm} mm", "1 Feld = {mm} mm", "1 case = {mm} mm";
    /// A hex map's scale.
    one_hex = "1 hex = {mm} mm", "1 Hex = {mm} mm", "1 hex = {mm} mm";
    /// How to print a map.
    print_at_100 = "print at 100 %", "in Originalgröße (100\u{a0}%) drucken", "imprimer à 100\u{a0}%";
    /// The map's page diagram.
    assembly_diagram = "assembly diagram", "Montageplan", "plan d'assemblage";
    /// A map printed on one page.
    one_page = "one page", "eine Seite", "une page";
    /// A map's page among its tiles.
    map_page = "page {page} of {pages} (row {row}, column {column})", "Seite {page} von {pages} (Reihe {row}, Spalte {column})", "page {page} sur {pages} (rangée {row}, colonne {column})";
    /// How to assemble a map of several pages.
    map_assembly = "Assembly: {pages} pages, {grid}. Print every page at 100 % (actual size, no fit to page). Trim each page's white margin on the sides that have a dashed line, lay that edge over the neighbouring page so that the {mark} marks and the {cells} line up (the pages overlap by {overlap} mm or more), and tape from the back.", "Zusammensetzen: {pages} Seiten, {grid}. Jede Seite in Originalgröße (100\u{a0}%) drucken, nicht an die Seite anpassen. Den weißen Rand an den Seiten mit gestrichelter Linie abschneiden, diese Kante so auf die Nachbarseite legen, dass die {mark}-Marken und die {cells} übereinanderliegen (die Seiten überlappen sich um mindestens {overlap} mm), und auf der Rückseite mit Klebeband verbinden.", "Assemblage\u{a0}: {pages} pages, {grid}. Imprimer chaque page à 100\u{a0}% (taille réelle, sans ajustement). Couper la marge blanche des côtés à pointillés, poser ce bord sur la page voisine de sorte que les repères {mark} et les {cells} coïncident (les pages se chevauchent d'au moins {overlap} mm), puis scotcher au dos.";
    /// A map's pages: rows of columns.
    map_rows = "{count} rows of {across}", "{count} Reihen zu je {across}", "{count} rangées de {across}";
    /// A map's pages: one row.
    map_rows_one = "{count} row of {across}", "{count} Reihe zu je {across}", "{count} rangée de {across}";
    /// What lines up across a map's pages: hexes.
    cells_hexes = "hexes", "Hexfelder", "hexagones";
    /// What lines up across a map's pages: squares.
    cells_squares = "squares", "Felder", "cases";
    /// What lines up across a map's pages: areas.
    cells_areas = "areas", "Gebiete", "zones";

    /// The duplex calibration sheet's front.
    calibration_front = "Duplex calibration · front", "Duplex-Kalibrierung · Vorderseite", "Calibrage recto verso · recto";
    /// The duplex calibration sheet: how to print it.
    calibration_print = "For {game}: print this file on both sides of one sheet, flipped on {edge}, at 100 % (never \"fit to page\"), with the printer settings you will print the {pieces} with. Check that the bar below measures {scale}.", "Für {game}: diese Datei beidseitig auf ein Blatt drucken, gewendet über {edge}, in Originalgröße (100\u{a0}%, nie „An Seite anpassen“), mit den Druckereinstellungen, mit denen du die {pieces} drucken wirst. Prüfe, dass der Balken unten {scale} misst.", "Pour {game}\u{a0}: imprimer ce fichier recto verso sur une feuille, retournée sur {edge}, à 100\u{a0}% (jamais «\u{a0}ajuster à la page\u{a0}»), avec les réglages d'impression des {pieces}. Vérifier que la barre ci-dessous mesure {scale}.";
    /// The duplex calibration sheet: how to read the offset.
    calibration_read = "Then hold the sheet against a window, or push a pin through the centre of each cross, and turn the sheet over: on the back, read on the two rulers where the cross (or the pin hole) falls. Write the readings, x then y, into the game's data:", "Dann das Blatt gegen ein Fenster halten oder eine Nadel durch die Mitte jedes Kreuzes stechen und das Blatt wenden: auf der Rückseite an den beiden Linealen ablesen, wo das Kreuz (oder das Nadelloch) liegt. Die Werte, erst x, dann y, in die Daten des Spiels schreiben:", "Puis tenir la feuille contre une fenêtre, ou percer d'une épingle le centre de chaque croix, et retourner la feuille\u{a0}: au verso, lire sur les deux règles où tombe la croix (ou le trou). Écrire les valeurs, x puis y, dans les données du jeu\u{a0}:";
    /// The duplex calibration sheet: an example reading.
    calibration_example = "A cross at +1 on the x ruler and −0.5 on the y ruler means {example}. The three crosses should agree; if they do not, the printer also scales or turns the backs: take the centre one.", "Ein Kreuz bei +1 auf dem x-Lineal und −0,5 auf dem y-Lineal bedeutet {example}. Die drei Kreuze sollten übereinstimmen; tun sie es nicht, skaliert oder dreht der Drucker die Rückseiten auch: nimm das mittlere.", "Une croix à +1 sur la règle x et à −0,5 sur la règle y donne {example}. Les trois croix devraient concorder\u{a0}; sinon, l'imprimante met aussi les versos à l'échelle ou les tourne\u{a0}: prendre celle du centre.";
    /// The duplex calibration sheet's back: how to read it.
    calibration_back_read = "Read where each front cross falls on these rulers: its vertical line on the x ruler above, its horizontal line on the y ruler to the right (0 is where they fall when the printer does not shift the backs). Any {key} already in the data is not applied to this page: the readings are the whole offset.", "Ablesen, wo jedes Kreuz der Vorderseite auf diese Lineale fällt: seine senkrechte Linie auf dem x-Lineal oben, seine waagerechte auf dem y-Lineal rechts (0, wo sie liegen, wenn der Drucker die Rückseiten nicht verschiebt). Ein {key} in den Daten gilt für diese Seite nicht: die Werte sind der ganze Versatz.", "Lire où tombe chaque croix du recto sur ces règles\u{a0}: sa ligne verticale sur la règle x en haut, sa ligne horizontale sur la règle y à droite (0 là où elles tombent si l'imprimante ne décale pas les versos). Un {key} déjà dans les données ne s'applique pas à cette page\u{a0}: les valeurs sont le décalage entier.";
    /// The duplex calibration sheet's back.
    calibration_back = "Duplex calibration · back", "Duplex-Kalibrierung · Rückseite", "Calibrage recto verso · verso";

    /// VASSAL: a piece's menu item.
    vassal_delete = "Delete", "Löschen", "Supprimer";
    /// VASSAL: a piece's menu item.
    vassal_clone = "Clone", "Kopieren", "Dupliquer";
    /// VASSAL: a piece's menu item.
    vassal_flip = "Flip", "Umdrehen", "Retourner";
    /// VASSAL: a piece's menu item.
    vassal_peek = "Peek", "Ansehen", "Regarder";
    /// VASSAL: a block's menu item.
    vassal_hide = "Hide from the enemy", "Vor dem Gegner verbergen", "Cacher à l'ennemi";
    /// VASSAL: a block's menu item.
    vassal_regain_step = "Regain a step", "Stufe zurückgewinnen", "Regagner un niveau";
    /// VASSAL: a block's menu item.
    vassal_lose_step = "Lose a step", "Stufe verlieren", "Perdre un niveau";
    /// VASSAL: a block's steps.
    vassal_steps = "Steps", "Stufen", "Niveaux";
    /// VASSAL: the window where arriving units wait, row by row.
    vassal_arrivals = "Arrivals", "Ankünfte", "Arrivées";
    /// VASSAL: the window of the game's tracks.
    vassal_tracks = "Tracks", "Leisten", "Pistes";
    /// VASSAL: the window of the decks in a game without a map.
    vassal_table = "Table", "Tisch", "Table";
    /// VASSAL: the window of the decks beside a map.
    vassal_decks = "Decks", "Stapel", "Paquets";
    /// VASSAL: the window where geomorphic boards are laid side by side.
    vassal_boards = "Boards", "Spielplanteile", "Plateaux";
    /// VASSAL: a deck's discard pile.
    vassal_discards = "{deck} discards", "{deck}: Ablage", "{deck}\u{a0}: défausse";
    /// VASSAL: a side's hand.
    vassal_hand = "{side_name} hand", "{side_name}: Hand", "{side_name}\u{a0}: main";
    /// VASSAL: the report of a pile shuffled into the draw pile; `$deckName$` stays.
    vassal_shuffled_into = "$deckName$ shuffled into {pile}", "$deckName$ in {pile} gemischt", "$deckName$ mélangé dans {pile}";
    /// VASSAL: the report of the discards shuffled back; `$deckName$` stays.
    vassal_discards_shuffled = "The discards are shuffled into $deckName$", "Die Ablage wird in $deckName$ gemischt", "La défausse est mélangée dans $deckName$";
    /// VASSAL: what the enemy sees of a hidden block.
    vassal_a_block = "a block", "ein Block", "un bloc";
    /// VASSAL: what the enemy sees of a side's hidden block.
    vassal_side_block = "{side_name} block", "Block: {side_name}", "bloc {side_name}";
    /// VASSAL: a piece's back, when unnamed.
    vassal_back = "back", "Rückseite", "verso";
    /// VASSAL: an arrival's row.
    vassal_arrival = "{Turn} {number}", "{Turn} {number}", "{Turn} {number}";
    /// VASSAL: an arrival's row, with where it enters.
    vassal_arrival_enters = "{Turn} {number}, enters {entry}", "{Turn} {number}, kommt von {entry}", "{Turn} {number}, arrive par {entry}";
    /// VASSAL: the palette's units.
    vassal_units = "Units", "Einheiten", "Unités";
    /// VASSAL: the palette's markers.
    vassal_markers = "Markers", "Marker", "Marqueurs";
    /// VASSAL: zoom.
    vassal_zoom_in = "Zoom in", "Vergrößern", "Zoom avant";
    /// VASSAL: zoom.
    vassal_zoom_out = "Zoom out", "Verkleinern", "Zoom arrière";
    /// VASSAL: zoom.
    vassal_zoom_select = "Select Zoom", "Zoomstufe wählen", "Choisir le zoom";
    /// VASSAL: the report of a piece created; `$pieceName$` and `$location$` stay as written.
    vassal_created = "$pieceName$ created in $location$", "$pieceName$ erstellt in $location$", "$pieceName$ créé dans $location$";
    /// VASSAL: the report of a move; `$pieceName$`, `$previousLocation$`, `$location$` stay.
    vassal_moved = "$pieceName$ moves $previousLocation$ -> $location$", "$pieceName$: $previousLocation$ -> $location$", "$pieceName$ va de $previousLocation$ à $location$";
    /// VASSAL: the board picker.
    vassal_choose_boards = "Choose Boards", "Spielpläne wählen", "Choisir les plateaux";
    /// VASSAL: retire from a side.
    vassal_retire = "Retire", "Seite freigeben", "Se retirer";
    /// VASSAL: switch sides.
    vassal_switch_sides = "Switch sides", "Seite wechseln", "Changer de camp";
    /// VASSAL: may opponents unmask.
    vassal_unmask = "Opponents can unmask pieces", "Gegner dürfen Steine aufdecken", "Les adversaires peuvent démasquer les pions";
    /// VASSAL: the pieces button.
    vassal_pieces = "Pieces", "Spielsteine", "Pions";
    /// VASSAL: the pieces button's tip.
    vassal_pieces_tip = "Show or hide the pieces", "Spielsteine zeigen oder verbergen", "Afficher ou cacher les pions";
    /// VASSAL: the charts button.
    vassal_charts = "Charts", "Tabellen", "Tableaux";
    /// VASSAL: the charts button's tip.
    vassal_charts_tip = "Rules, player aid and scenarios", "Regeln, Spielhilfe und Szenarien", "Règles, aide de jeu et scénarios";
    /// VASSAL: shuffle discards into a pile.
    vassal_shuffle_into = "Shuffle into {pile}", "In {pile} mischen", "Mélanger dans {pile}";
    /// VASSAL and TTS: a side's cards.
    side_cards = "{side_name} cards", "{side_name}: Karten", "{side_name}\u{a0}: cartes";
    /// VASSAL and TTS: the cards of a game.
    cards = "Cards", "Karten", "Cartes";
    /// VASSAL: the rules chart tab.
    chart_rules = "Rules", "Regeln", "Règles";
    /// VASSAL: the aid chart tab.
    chart_aid = "Player aid", "Spielhilfe", "Aide de jeu";
    /// TTS: the save's description.
    tts_note = "{title}, rules version {version}: made by playaid", "{title}, Regelversion {version}: erstellt mit playaid", "{title}, règles version {version}\u{a0}: créé avec playaid";
    /// TTS: an arrivals bag.
    tts_arrivals = "{Turn} {number} {reinforcements}", "{Reinforcements}: {Turn} {number}", "{Reinforcements}\u{a0}: {turn} {number}";
    /// TTS: an arrivals bag, with where they enter.
    tts_arrivals_enter = "{Turn} {number} {reinforcements}, entering at {entry}", "{Reinforcements}: {Turn} {number}, von {entry}", "{Reinforcements}\u{a0}: {turn} {number}, par {entry}";
    /// TTS: the save's description, for a game without a version.
    tts_note_unversioned = "{title}: made by playaid", "{title}: erstellt mit playaid", "{title}\u{a0}: créé avec playaid";
    /// The scenario sheet's footer for a game without a version.
    scenario_footer_unversioned = "scenario: {title}", "Szenario: {title}", "scénario\u{a0}: {title}";
    /// The decimal separator of measurements ("15.875 mm").
    decimal = ".", ",", ",";
    /// TTS: the board.
    tts_board = "Board", "Spielplan", "Plateau";
    /// A fire table's first column: how many steps fire.
    fire_table_steps = "Steps", "Stufen", "Niveaux";
    /// A fire table's column of one rating.
    fire_table_rating = "Hits on 1–{number}", "Treffer bei 1–{number}", "Touche sur 1–{number}";
    /// A fire table's column of a rating of 1.
    fire_table_rating_one = "Hits on 1", "Treffer bei 1", "Touche sur 1";
    /// A fire table's cell: hits on average, and the chance of one or more.
    fire_table_cell = "{hits} · {chance}\u{a0}%", "{hits} · {chance}\u{a0}%", "{hits} · {chance}\u{a0}%";
    /// A fire table's note: what its cells say.
    fire_table_note = "One {die} a step; a roll at or under the rating hits. Each cell: hits on average · chance of at least one hit.", "Ein {die} je Stufe; ein Wurf bis zum Wert trifft. Jedes Feld: Treffer im Mittel · Chance auf mindestens einen Treffer.", "Un {die} par niveau\u{a0}; un jet inférieur ou égal à la valeur touche. Chaque case\u{a0}: touches en moyenne · chance d'au moins une touche.";
}

/// `[game.words]`: the words the game gives, and the language the rest are built in.
#[derive(Debug, Default, Clone)]
pub struct Words {
    /// The words the game gives (or a translation), by their key in [`WORDS`].
    pub given: Vec<(&'static str, crate::source::Sp<String>)>,
    /// The language of the words not given: the game's `language`, or the translation's.
    pub lang: Option<String>,
}

impl Words {
    /// The word `key` names (one of [`WORDS`]), as printed: the game's, or the plural of the
    /// game's singular with an "s" (`turn = "round"`: "rounds"), or built in for the language
    /// (English where playaid has none for it).
    pub fn word(&self, key: &str) -> String {
        if let Some(w) = self.given_word(key) {
            return w;
        }
        // A `_one` wording the game leaves out where it rewords the other: its own wording
        // serves for one too, not a built-in one beside it.
        if let Some(w) = key.strip_suffix("_one").and_then(|many| self.given_word(many)) {
            return w;
        }
        // A plural the game leaves out follows its singular: with an "s" in English ("rounds");
        // in another language, whose plurals are no rule, the singular as it is.
        if let Some((_, one)) = PLURALS.iter().find(|(many, _)| *many == key)
            && let Some(w) = self.given_word(one)
        {
            let english = self.lang.as_deref().is_none_or(|l| l == "en");
            return if english { format!("{w}s") } else { w };
        }
        let Some(word) = WORDS.iter().find(|w| w.key == key) else { return key.to_string() };
        let lang = self.lang.as_deref().unwrap_or("en");
        word.builtin_in(lang).unwrap_or(word.builtin[0]).to_string()
    }

    /// The game's own word for `key`, if it gives one.
    pub fn given_word(&self, key: &str) -> Option<String> {
        self.given.iter().find(|(k, _)| *k == key).map(|(_, w)| w.v.trim().to_string())
    }

    /// Whether `key` prints as built in (the game gives neither it nor, for a plural, its
    /// singular).
    pub fn is_builtin(&self, key: &str) -> bool {
        self.given_word(key).is_none()
            && PLURALS.iter().find(|(many, _)| *many == key).is_none_or(|(_, one)| self.given_word(one).is_none())
            && key.strip_suffix("_one").is_none_or(|many| self.given_word(many).is_none())
    }

    /// [`Words::word`] at the start of a line: its first letter in upper case ("Round").
    pub fn heading(&self, key: &str) -> String {
        capitalised(&self.word(key))
    }

    /// The word `key` with its placeholders filled: `say("page_of", &[("page", "1"), ("pages",
    /// "2")])`. `{turn}` and the game's other words fill themselves, `{Turn}` capitalised.
    pub fn say(&self, key: &str, args: &[(&str, &str)]) -> String {
        fill_named(&self.word(key), &|name| {
            let exact = args.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
            // A wording may capitalise a placeholder (`{Kind}` at a sentence's start, as the
            // checks allow): the value with a capital.
            let other = || {
                let (_, v) = args.iter().find(|(k, _)| k.eq_ignore_ascii_case(name))?;
                Some(if name.starts_with(|c: char| c.is_uppercase()) { capitalised(v) } else { v.to_string() })
            };
            exact.or_else(other).or_else(|| self.own(name))
        })
    }

    /// [`Words::say`] for a number of things: the `_one` wording where `count` is 1
    /// (`cards_count_one`, "1 card"), with `{count}` filled.
    pub fn say_n(&self, key: &str, count: i64, args: &[(&str, &str)]) -> String {
        let one = format!("{key}_one");
        let key = if count == 1 && WORDS.iter().any(|w| w.key == one) { one.as_str() } else { key };
        let n = count.to_string();
        let mut all = vec![("count", n.as_str())];
        all.extend_from_slice(args);
        self.say(key, &all)
    }

    /// A placeholder naming one of the game's words: `{turn}`, `{Turn}` capitalised.
    fn own(&self, name: &str) -> Option<String> {
        let lower = name.to_lowercase();
        let w = WORDS.iter().take(GAME_WORDS).find(|w| w.key == lower)?;
        let word = self.word(w.key);
        Some(if name.starts_with(|c: char| c.is_uppercase()) { capitalised(&word) } else { word })
    }
}

/// `s` with its first letter in upper case.
pub fn capitalised(s: &str) -> String {
    let mut cs = s.chars();
    cs.next().map_or(String::new(), |c| c.to_uppercase().chain(cs).collect())
}

/// `s` with each `{name}` replaced by `value(name)`; a name without a value stays as written.
pub fn fill_named(s: &str, value: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        out.push_str(&rest[..open]);
        let name = &rest[open + 1..close];
        match value(name) {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A placeholder capitalised in a wording is filled by its argument with a capital.
    #[test]
    fn a_capitalised_placeholder_takes_its_value_with_a_capital() {
        let w = Words::default();
        assert_eq!(w.say("diff_removed", &[("kind", "card"), ("name", "Raid")]), "Card removed: Raid.");
        let de = Words { lang: Some("de".into()), ..Words::default() };
        assert_eq!(de.say("diff_removed", &[("kind", "Karte"), ("name", "Raid")]), "Entfernt (Karte): Raid.");
        let fr = Words { lang: Some("fr".into()), ..Words::default() };
        assert_eq!(fr.say("diff_removed", &[("kind", "carte"), ("name", "Raid")]), "Supprimé (carte)\u{a0}: Raid.");
    }

    #[test]
    fn every_language_has_the_placeholders_of_the_english() {
        for w in WORDS {
            for (i, b) in w.builtin.iter().enumerate() {
                assert!(
                    same_placeholders(&named_placeholders(b), &w.placeholders()),
                    "`{}` in {}",
                    w.key,
                    LANGUAGES[i]
                );
                assert!(!b.trim().is_empty(), "`{}` in {} is empty", w.key, LANGUAGES[i]);
            }
        }
    }

    #[test]
    fn the_games_own_words_come_first() {
        assert_eq!(WORDS[GAME_WORDS - 1].key, "setup");
        assert_eq!(WORDS[GAME_WORDS].key, "rules");
    }

    #[test]
    fn a_word_is_the_games_then_built_in_for_the_language() {
        let sp = |s: &str| crate::source::Sp::new(s.to_string(), crate::source::Loc::default());
        let mut w = Words { given: vec![("turn", sp("Zug"))], lang: Some("de".into()) };
        assert_eq!(w.word("turn"), "Zug");
        assert_eq!(w.word("turns"), "Zug", "no English plural of a German word");
        assert_eq!(w.word("side"), "Seite");
        assert_eq!(w.say("page_of", &[("page", "1"), ("pages", "2")]), "Seite 1 von 2");
        w.given.push(("turns", sp("Züge")));
        assert_eq!(w.say("record_track", &[]), "Leiste der Züge");
        w = Words { given: vec![("turn", sp("round"))], lang: None };
        assert_eq!(w.word("turns"), "rounds");
        w.given.push(("cards_count", sp("{count} chits")));
        assert_eq!(w.say_n("cards_count", 1, &[]), "1 chits", "the game's wording, not the built-in \"1 card\"");
        w.lang = Some("ja".into());
        assert_eq!(w.word("glossary"), "Glossary");
        w.lang = Some("fr-CA".into());
        assert_eq!(w.say("map_and_setup", &[]), "Carte et déploiement");
    }
}
