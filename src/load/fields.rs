//! Every table of the data format and its keys, declared once. The loader reads a key only
//! through its table's declaration (reading an undeclared key is a bug that the tests catch),
//! and `playaid schema` turns the same declarations into the JSON Schema editors complete
//! from, so the two cannot drift apart. The docs are the ones of docs/FORMAT.md.

use crate::model::LineStyle;

/// A table of the format: `[game]`, one `[[unit]]`, a unit's `stats`, ...
#[derive(Debug)]
pub struct TableDecl {
    /// Its name in the schema's definitions (`unit`, `counter_slot`).
    pub name: &'static str,
    /// What it is, for hover help.
    pub doc: &'static str,
    /// Its keys.
    pub fields: &'static [Field],
    /// Old spellings still read, `(new, old)`: accepted with a warning (W007), never suggested.
    pub renamed: &'static [(&'static str, &'static str)],
    /// Keys chosen by the designer (stat ids, labels), with the type of their values: `None`
    /// for a table whose keys are all in `fields`.
    pub free: Option<&'static Ty>,
}

/// One key of a table.
#[derive(Debug)]
pub struct Field {
    /// The key as written.
    pub key: &'static str,
    /// What its value may be.
    pub ty: Ty,
    /// Whether the table must have it.
    pub required: bool,
    /// What it means, for hover help.
    pub doc: &'static str,
}

/// What a value may be.
#[derive(Debug)]
pub enum Ty {
    /// A string.
    Str,
    /// A string of Typst markup with `[[references]]`.
    Markup,
    /// Markup, or an array of markup paragraphs.
    Markups,
    /// An id: lower-case letters, digits, `-` and `_`.
    Id,
    /// An array of ids.
    Ids,
    /// An array of strings.
    Strs,
    /// A whole number.
    Int,
    /// An array of whole numbers.
    Ints,
    /// A number, text or true/false (a stat's or a trait's value).
    Scalar,
    /// A number, whole or not.
    Number,
    /// true or false.
    Bool,
    /// A date: a TOML date or a string `YYYY-MM-DD`.
    Date,
    /// A colour, `#rgb` or `#rrggbb`.
    Colour,
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// A length with its unit: `"3/4in"`, `"0.5mm"`.
    Length,
    /// A font size: `"8.5pt"`.
    FontSize,
    /// A size: one length (a square), two (`"63x88mm"`) or, for cards, a name.
    Size,
    /// Two lengths `[x, y]`.
    Offset,
    /// A point on a map `[x, y]`: numbers in mm, or lengths.
    Point,
    /// A table declared elsewhere.
    Table(&'static TableDecl),
    /// An array of tables (`[[name]]`).
    Tables(&'static TableDecl),
    /// An array of values of one type.
    ArrayOf(&'static Ty),
    /// Any one of these.
    AnyOf(&'static [Ty]),
}

impl TableDecl {
    /// The declaration of `key`, if the table has it.
    pub fn field(&self, key: &str) -> Option<&'static Field> {
        // The fields are 'static: re-borrow from the static slice.
        let fields: &'static [Field] = self.fields;
        fields.iter().find(|f| f.key == key)
    }

    /// The table a key of this one holds (`[game.cheatsheet]`, each `[[unit]]`).
    pub(crate) fn nested(&self, key: &str) -> Option<&'static TableDecl> {
        fn table_of(ty: &'static Ty) -> Option<&'static TableDecl> {
            match ty {
                Ty::Table(t) | Ty::Tables(t) => Some(t),
                Ty::AnyOf(tys) => tys.iter().find_map(table_of),
                _ => None,
            }
        }
        table_of(&self.field(key)?.ty)
    }
}

/// Shorthand for the declarations below.
const fn f(key: &'static str, ty: Ty, doc: &'static str) -> Field {
    Field { key, ty, required: false, doc }
}

/// A required key.
const fn req(key: &'static str, ty: Ty, doc: &'static str) -> Field {
    Field { key, ty, required: true, doc }
}

const fn table(name: &'static str, doc: &'static str, fields: &'static [Field]) -> TableDecl {
    TableDecl { name, doc, fields, renamed: &[], free: None }
}

const fn free(name: &'static str, doc: &'static str, ty: &'static Ty) -> TableDecl {
    TableDecl { name, doc, fields: &[], renamed: &[], free: Some(ty) }
}

const PAGE: Ty = Ty::Choice(&["a4", "us-letter"]);
const ORIENTATION: Ty = Ty::Choice(&["portrait", "landscape"]);
const ID_DOC: &str = "Optional: defaults to the name in lower case with '-' for spaces.";

/// A file of the format: the top-level tables any `*.toml` file of a game may hold.
pub static ROOT: TableDecl = table(
    "file",
    "A playaid data file: any of the tables below; [game] in game.toml only.",
    &[
        f("game", Ty::Table(&GAME), "The game: id, title, version (game.toml only)."),
        f("side", Ty::Tables(&SIDE), "Sides, nations, armies."),
        f("stat", Ty::Tables(&STAT), "The numbers a game puts on its units."),
        f("kind", Ty::Tables(&KIND), "Unit kinds and the stats they need."),
        f("trait", Ty::Tables(&TRAIT), "A property the game gives abilities, checked by groups."),
        f("group", Ty::Tables(&GROUP), "A group of abilities that requires traits."),
        f("ability", Ty::Tables(&ABILITY), "Special abilities and special rules."),
        f("unit", Ty::Tables(&UNIT), "Units and other pieces."),
        f("section", Ty::Tables(&SECTION), "Rule sections."),
        f("table", Ty::Tables(&TABLE), "Tables: written (header and rows) or generated (abilities_with)."),
        f("sequence", Ty::Tables(&SEQUENCE), "Sequences of play."),
        f("term", Ty::Tables(&TERM), "The glossary."),
        f("changelog", Ty::Tables(&CHANGELOG), "The rules' version history, oldest first."),
        f("todo", Ty::Tables(&TODO), "The designer's open items."),
        f("counters", Ty::Table(&COUNTERS), "Counter sheet settings."),
        f("counter_group", Ty::Tables(&COUNTER_GROUP), "A group of counters: size, layout, style."),
        f("counter", Ty::Tables(&COUNTER), "A counter: a unit's, or a marker."),
        f("cards", Ty::Table(&CARDS), "Card sheet settings."),
        f("card_back", Ty::Tables(&CARD_BACK), "A card back."),
        f("card", Ty::Tables(&CARD), "A card: a unit's, or any other."),
        f("deck", Ty::Tables(&DECK), "A strategy deck: its parts, ops range and hands; its cards name it."),
        f("track", Ty::Tables(&TRACK), "A numbered track: victory points, political will, morale."),
        f(
            "card_layout",
            Ty::Tables(&CARD_LAYOUT),
            "A card layout of the game's own: a built-in one with its zones changed.",
        ),
        f("scenario_setting", Ty::Tables(&SCENARIO_SETTING), "What every scenario of the game must state."),
        f("scenario_limits", Ty::Table(&SCENARIO_LIMITS), "Limits every side of every scenario must respect."),
        f("scenario", Ty::Tables(&SCENARIO), "A scenario: its own sheet."),
        f("crt", Ty::Tables(&CRT), "A combat results table: columns by odds, differential or name; rows by die roll."),
        f("terrain", Ty::Tables(&TERRAIN), "A terrain type: movement cost, combat effect, line of sight."),
        f("turn_track", Ty::Table(&TURN_TRACK), "The turn record track: the game's turns, weather, events."),
        f(
            "map",
            Ty::Tables(&MAP),
            "A map: hexes or squares with terrain per cell, hexsides, roads, labels, edges and set-up areas; or named areas and their connections.",
        ),
        f(
            "connection_kind",
            Ty::Tables(&CONNECTION_KIND),
            "A kind of connection between the areas of a map of areas, with its limit and line.",
        ),
        f("exports", Ty::Table(&EXPORTS), "Virtual-tabletop files to write besides the PDFs (game.toml)."),
    ],
);

/// A connection kind's limit per weather of the turn track.
pub(crate) static CONNECTION_LIMITS: TableDecl =
    free("connection_limits", "A weather of the turn track = the limit in its turns.", &Ty::Int);

static EXPORTS: TableDecl = table(
    "exports",
    "[exports]: what `playaid build` writes besides the PDFs: PNG per piece, Tabletop Simulator, VASSAL.",
    &[
        f("png", Ty::Bool, "Every counter and card face as PNG, in png/ (default false)."),
        f("tts", Ty::Bool, "A Tabletop Simulator saved object and its images, in tts/ (default false)."),
        f("vassal", Ty::Bool, "A VASSAL module, <id>-<version>.vmod (default false)."),
        f(
            "print_shop",
            Ty::AnyOf(&[
                Ty::Bool,
                Ty::Choice(&["home", "card-shop", "punchboard"]),
                Ty::ArrayOf(&Ty::Choice(&["home", "card-shop", "punchboard"])),
            ]),
            "Print files in print-shop/: true (card-shop and punchboard), one profile (\"home\") or a list of \"home\", \"card-shop\", \"punchboard\" (default false).",
        ),
        f("dpi", Ty::Number, "Resolution of PNG per piece: 50 to 1200 (default 300)."),
        f("base_url", Ty::Str, "Where players download the TTS images (e.g. release assets); default: local files."),
    ],
);

static CRT: TableDecl = table(
    "crt",
    "[[crt]]: a combat results table, checked: every die result once per column, every code in the legend.",
    &[
        req("id", Ty::Id, "The table's id; place it in a section with { crt = \"id\" }."),
        f("title", Ty::Str, "Its title."),
        f(
            "columns",
            Ty::Choice(&["odds", "differential", "named"]),
            "\"odds\" (default: 1-2, 1-1, 2-1 ...), \"differential\" (-2, 0, +2 ...) or \"named\".",
        ),
        req("labels", Ty::Strs, "The column headings, in order."),
        req("dice", Ty::Str, "The dice rolled on it: \"1D6\", \"2D6\"."),
        f("rows", Ty::Tables(&CRT_ROW), "One row per die result: { roll = 3, results = [...] }."),
        f("legend", Ty::Tables(&CRT_LEGEND), "What each result code means: { code = \"DR\", text = \"...\" }."),
        f("modifiers", Ty::Tables(&CRT_MODIFIER), "Column shifts and die-roll modifiers, with what causes them."),
        f("notes", Ty::Markups, "Markup under the table."),
    ],
);

static CRT_ROW: TableDecl = table(
    "crt_row",
    "A CRT row: the die result (or span) and one result code per column.",
    &[
        req("roll", Ty::AnyOf(&[Ty::Int, Ty::Str]), "A die result, roll = 3, or a span, roll = \"2-4\"."),
        req("results", Ty::Strs, "One result code per column."),
    ],
);

static CRT_LEGEND: TableDecl = table(
    "crt_legend",
    "A CRT legend entry: a result code and what it means.",
    &[req("code", Ty::Str, "The code as written in the rows."), f("text", Ty::Markup, "What it means.")],
);

static CRT_MODIFIER: TableDecl = table(
    "crt_modifier",
    "A column shift or die-roll modifier, and the one thing that causes it.",
    &[
        f("shift", Ty::Int, "Columns to shift: -1 is one column left."),
        f("drm", Ty::Int, "Added to the die roll."),
        f("terrain", Ty::Id, "The [[terrain]] that causes it (its own shift or drm when none is given)."),
        f("unit", Ty::Id, "The unit that causes it."),
        f("ability", Ty::Str, "The ability that causes it."),
        f("kind", Ty::Id, "The unit kind that causes it."),
        f("section", Ty::Id, "The rule section that causes it."),
        f("text", Ty::Markup, "Markup: when it applies."),
    ],
);

static TERRAIN: TableDecl = table(
    "terrain",
    "[[terrain]]: a terrain type, printed on the terrain effects chart; refer to it as [[terrain:id]].",
    &[
        f("id", Ty::Id, ID_DOC),
        req("name", Ty::Str, "Its name."),
        f("color", Ty::Colour, "Its colour on charts and maps."),
        f(
            "pattern",
            Ty::Choice(crate::model::TERRAIN_PATTERNS),
            "How maps draw it over its colour: \"trees\", \"waves\" ...",
        ),
        f("hexside", Ty::Bool, "A hexside feature (river, wall) rather than a hex's terrain."),
        f(
            "line",
            Ty::Bool,
            "A line feature (road, railway) units move along; true for a terrain a [[map.line]] draws.",
        ),
        f(
            "move",
            Ty::AnyOf(&[Ty::Int, Ty::Number, Ty::Str, Ty::Table(&TERRAIN_MOVE)]),
            "Movement cost: a number, a word (\"all\", \"P\"), or one per movement type.",
        ),
        f("shift", Ty::Int, "Column shift for a defender in it."),
        f("defence", Ty::Int, "Defence multiplier."),
        f("drm", Ty::Int, "Die-roll modifier."),
        f("los", Ty::Choice(&["clear", "hinders", "blocks"]), "Line of sight: \"clear\", \"hinders\" or \"blocks\"."),
        f("hindrance", Ty::Int, "How much a terrain that hinders line of sight hinders it: 1 to 9."),
        f("level", Ty::Int, "The ground's level in a hex of it: a hill of level 1, 2 ... (0 to 9)."),
        f("height", Ty::Int, "How many levels it stands above the ground: woods 1, a two-storey building 2 (0 to 9)."),
        f("cover", Ty::Int, "The modifier to fire at a unit in it (or behind it, on a hexside): -9 to 9."),
        f("text", Ty::Markup, "Markup: other effects."),
    ],
);

/// A terrain's movement cost per movement type (`{ foot = 2, tracked = "P" }`).
pub(crate) static TERRAIN_MOVE: TableDecl =
    free("terrain_move", "Movement cost per movement type.", &Ty::AnyOf(&[Ty::Int, Ty::Number, Ty::Str]));

static TURN_TRACK: TableDecl = table(
    "turn_track",
    "[turn_track]: the game's turns; each scenario's reinforcements are placed on it.",
    &[
        f("title", Ty::Str, "Its title."),
        req("turns", Ty::AnyOf(&[Ty::Int, Ty::Tables(&TURN)]), "How many turns (1 to 60), or one table per turn."),
    ],
);

static TURN: TableDecl = table(
    "turn",
    "A turn: its name (Oct I), weather and event.",
    &[
        f("name", Ty::Str, "The turn's name; numbered when none."),
        f("weather", Ty::Str, "The weather of the turn."),
        f("event", Ty::Markup, "Markup: what happens in it."),
    ],
);

static GAME: TableDecl = table(
    "game",
    "[game] (game.toml only): the game's id, title and version.",
    &[
        req("id", Ty::Id, "Used in output paths."),
        req("title", Ty::Str, "The game's title."),
        f("system", Ty::Str, "The game system, e.g. \"Axis & Allies War at Sea\"."),
        f("version", Ty::Str, "The rules version (optional: rules without one print none)."),
        f("date", Ty::Date, "TOML date (or \"2017-05-28\"); printed and used as PDF date."),
        f("authors", Ty::Strs, "The authors."),
        f("page", PAGE, "Default page size for every document: \"a4\" | \"us-letter\"."),
        f("intro", Ty::Markup, "Markup shown under the title."),
        f("credits", Ty::Markup, "Markup shown at the end."),
        f("deny", Ty::Strs, "Warnings this game treats as errors: \"warnings\" for all, or codes such as \"W020\"."),
        f(
            "language",
            Ty::Str,
            "The language the data is written in (default \"en\"): the words playaid prints come in it, and hyphenation follows it.",
        ),
        f(
            "languages",
            Ty::Strs,
            "The translations build writes too, each from translations/LANG.po: [\"de\", \"fr\"].",
        ),
        f("cheatsheet", Ty::Table(&CHEATSHEET), "The cheatsheet's settings, all optional."),
        f("changelog", Ty::Table(&GAME_CHANGELOG), "Print the changelog as its own sheet."),
        f("rules", Ty::Table(&GAME_RULES), "Print the full rules as a rulebook (rules.pdf)."),
        f("aid", Ty::Table(&GAME_AID), "The player aid card (aid.pdf)."),
        f(
            "words",
            Ty::Table(&GAME_WORDS),
            "The words playaid prints: the game's own for turn, side, unit, reinforcement, objective and set-up, and any heading or note of the sheets.",
        ),
    ],
);

static GAME_WORDS: TableDecl = table(
    "game_words",
    "[game.words]: the words playaid prints, each optional: the game's own (turn = \"round\") or its wording of the sheets' furniture; plurals default to an added \"s\".",
    &WORD_FIELDS,
);

/// A key of `[game.words]` for every word playaid prints.
static WORD_FIELDS: [Field; crate::model::WORDS.len()] = {
    const EMPTY: Field = f("", Ty::Str, "");
    let mut out = [EMPTY; crate::model::WORDS.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = f(crate::model::WORDS[i].key, Ty::Str, crate::model::WORDS[i].doc);
        i += 1;
    }
    out
};

static GAME_AID: TableDecl = table(
    "game_aid",
    "[game.aid]: the player aid card, aid.pdf: the CRT, the terrain chart, the turn track and the tables chosen.",
    &[
        f("sheet", Ty::Bool, "Print aid.pdf (default false)."),
        f("sequence", Ty::Id, "The sequence of play it shows."),
        f("tables", Ty::Ids, "The tables it shows, in order."),
        f("tracks", Ty::Ids, "The [[track]]s it shows, in order."),
        f("decks", Ty::Ids, "The [[deck]]s whose card lists it shows, part by part."),
    ],
);

static CHEATSHEET: TableDecl = table(
    "cheatsheet",
    "[game.cheatsheet]: the cheatsheet's settings, all optional.",
    &[
        f("page", PAGE, "Overrides game.page."),
        f("orientation", ORIENTATION, "\"portrait\" (default) | \"landscape\"."),
        f("columns", Ty::Int, "1 to 3 (default 2)."),
        f("font_size", Ty::FontSize, "Default \"8.5pt\"; 5 to 16 pt."),
        f("changelog", Ty::Bool, "Print the changelog as the last section (default false)."),
        f("todo", Ty::Bool, "Print the [[todo]] list (default false)."),
        f("glossary", Ty::Bool, "Print the glossary (default false)."),
        f("accent", Ty::Colour, "Colour of headings (and of game terms with terms = \"accent\")."),
        f(
            "terms",
            Ty::Choice(&["subtle", "accent", "plain"]),
            "How game terms are set: \"subtle\" (medium weight, default), \"accent\" (bold, accent colour) or \"plain\".",
        ),
        f(
            "order",
            Ty::Choice(&["number", "data"]),
            "Order of the sections: \"number\" (rule-number order, default) or \"data\" (as written).",
        ),
    ],
);

static GAME_CHANGELOG: TableDecl = table(
    "game_changelog",
    "[game.changelog]: print the changelog as its own sheet.",
    &[f("sheet", Ty::Bool, "changelog.pdf, newest version first.")],
);

static GAME_RULES: TableDecl = table(
    "game_rules",
    "[game.rules]: print the full rules as a rulebook.",
    &[f("sheet", Ty::Bool, "rules.pdf: every section with a table of contents, the glossary and its index.")],
);

static SIDE: TableDecl = table(
    "side",
    "[[side]]: a side, nation or army.",
    &[
        req("id", Ty::Id, "The side's id."),
        req("name", Ty::Str, "The side's name."),
        f("color", Ty::Colour, "Optional, #rgb or #rrggbb."),
        f("counter_style", Ty::Table(&FACE_STYLE), "Optional: the side's counters' look (a frame, a stripe)."),
    ],
);

static STAT: TableDecl = table(
    "stat",
    "[[stat]]: a number the game puts on its units.",
    &[
        req("name", Ty::Str, "The stat's name."),
        f("id", Ty::Id, ID_DOC),
        f("abbr", Ty::Str, "Optional short label (defaults to name)."),
        req("type", Ty::Choice(&["int", "integer", "dice", "text"]), "\"int\" | \"dice\" | \"text\"."),
        f("min", Ty::Int, "int only, optional."),
        f("max", Ty::Int, "int only, optional."),
        f("suffix", Ty::Str, "Optional, printed after the value (e.g. inches)."),
        f(
            "icon",
            Ty::Str,
            "Optional icon printed beside the label in stat blocks, e.g. \"crossed-swords\" (docs/icons.md).",
        ),
    ],
);

static KIND: TableDecl = TableDecl {
    renamed: &[("required_stats", "stats")],
    ..table(
        "kind",
        "[[kind]]: a unit kind and the stats it needs.",
        &[
            req("name", Ty::Str, "The kind's name."),
            f("id", Ty::Id, ID_DOC),
            f("required_stats", Ty::Ids, "Every unit of this kind has these, in display order."),
            f("optional_stats", Ty::Ids, "Allowed, not required."),
        ],
    )
};

static TRAIT: TableDecl = table(
    "trait",
    "[[trait]]: a property the game gives abilities.",
    &[
        req("name", Ty::Str, "The trait's name."),
        f("id", Ty::Id, ID_DOC),
        req("type", Ty::Choice(&["int", "integer", "bool", "text"]), "\"int\" | \"bool\" | \"text\"."),
        f("min", Ty::Int, "int only, optional."),
        f("max", Ty::Int, "int only, optional."),
    ],
);

static GROUP: TableDecl = TableDecl {
    renamed: &[("required_traits", "requires")],
    ..table(
        "group",
        "[[group]]: a group of abilities that requires traits.",
        &[
            req("id", Ty::Id, "The group's id."),
            f("name", Ty::Str, "The group's name."),
            f("required_traits", Ty::Ids, "Every ability of this group must declare these."),
        ],
    )
};

static ABILITY: TableDecl = TableDecl {
    renamed: &[("related_stats", "stats")],
    ..table(
        "ability",
        "[[ability]]: a special ability or special rule.",
        &[
            req("name", Ty::Str, "The ability's name."),
            f("id", Ty::Id, ID_DOC),
            f("values", Ty::Ints, "Optional numeric parameter: \"Landing 10\", \"Landing 5\", ..."),
            f("groups", Ty::Ids, "The [[group]]s it belongs to."),
            f("related_stats", Ty::Ids, "Optional: stats this ability works with (checked)."),
            f("text", Ty::Markup, "Markup: what the ability does."),
            f("short", Ty::Markup, "Markup: a short form for cards and counters."),
            f("traits", Ty::Table(&ABILITY_TRAITS), "A trait is one value, or one value per parameter value."),
        ],
    )
};

static ABILITY_TRAITS: TableDecl = free(
    "ability_traits",
    "Trait id = value, or trait id = { parameter value = value }: { capacity = { 10 = 2, 5 = 1 } }.",
    &Ty::AnyOf(&[Ty::Scalar, Ty::Table(&PER_PARAMETER)]),
);

static PER_PARAMETER: TableDecl =
    free("per_parameter", "One value per parameter value of the ability: { 10 = 2, 5 = 1 }.", &Ty::Scalar);

pub(crate) static UNIT: TableDecl = table(
    "unit",
    "[[unit]]: a unit or other piece.",
    &[
        req("name", Ty::Str, "The unit's name."),
        f("id", Ty::Id, ID_DOC),
        req("kind", Ty::Id, "Required, a [[kind]]."),
        f("side", Ty::Id, "Optional, a [[side]]."),
        f("stats", Ty::Table(&UNIT_STATS), "Stat id = value: { armour = 5, hull_points = 2 }."),
        f(
            "steps",
            Ty::Tables(&UNIT_STEP),
            "Instead of stats, a unit's steps, full strength first: [{ name = \"full\", stats = { ... } }, ...].",
        ),
        f("stat_notes", Ty::Table(&STAT_NOTES), "Optional markup after a value: { move = \"or 2 and no battle\" }."),
        f("abilities", Ty::Strs, "Abilities with their parameter: [\"hard-to-kill\", \"landing 10\"]."),
        f("notes", Ty::Markups, "Optional markup."),
        f("quantity", Ty::Int, "Optional, default 1."),
        f("image", Ty::Str, "Optional, inside the game folder; PNG, JPEG, GIF, WebP."),
    ],
);

static UNIT_STATS: TableDecl = free("unit_stats", "Stat id = value.", &Ty::Scalar);

static UNIT_STEP: TableDecl = table(
    "unit_step",
    "A step of a unit: one side of its counter, full strength first.",
    &[f("name", Ty::Str, "The step's name, e.g. \"reduced\"."), f("stats", Ty::Table(&UNIT_STATS), "Its stats.")],
);

static STAT_NOTES: TableDecl = free("stat_notes", "Stat id = markup printed after the value.", &Ty::Markup);

static SECTION: TableDecl = table(
    "section",
    "[[section]]: a rule section.",
    &[
        req("title", Ty::Str, "The section's title."),
        f("list", Ty::Choice(&["bullet", "bullets", "numbered"]), "\"bullet\" (default) | \"numbered\"."),
        f("break_before", Ty::Choice(&["column", "page"]), "\"column\" | \"page\": start this section on a new one."),
        f(
            "items",
            Ty::ArrayOf(&LIST_ITEM),
            "The list: markup items, or tables (sub-items, labels, notes, tables ...).",
        ),
        f("id", Ty::Id, ID_DOC),
        f("number", Ty::Str, "Optional, e.g. \"6.1\"."),
        f("summary", Ty::Markup, "Markup shown on the heading line."),
        f("text", Ty::Markups, "Markup paragraph(s) before the list."),
        f("after", Ty::Markups, "Markup paragraph(s) after the list."),
        f("optional", Ty::Bool, "An optional rule."),
        f("house_rule", Ty::Bool, "A house rule / additional rule."),
        f("source", Ty::Str, "Where a house rule comes from."),
        f("cheatsheet", Ty::Bool, "false: leave this section off the cheatsheet."),
    ],
);

static LIST_ITEM: Ty = Ty::AnyOf(&[Ty::Markup, Ty::Table(&ITEM)]);

pub(crate) static ITEM: TableDecl = table(
    "list_item",
    "A list item: exactly one of text, label, note, table, sequence, unit, crt, chart, deck, track.",
    &[
        f("text", Ty::Markup, "An item (markup), with sub-items in `items`."),
        f("label", Ty::Markup, "A label heading the items after it."),
        f("note", Ty::Markup, "A paragraph inside the list, without a bullet."),
        f("table", Ty::Id, "A [[table]] shown here."),
        f("sequence", Ty::Id, "A [[sequence]] shown here."),
        f("unit", Ty::Id, "A unit's stat block shown here."),
        f("crt", Ty::Id, "A [[crt]] shown here."),
        f("chart", Ty::Choice(&["terrain", "turns"]), "The terrain effects chart or the turn record track shown here."),
        f("deck", Ty::Id, "The list of a [[deck]]'s cards, part by part, shown here."),
        f("track", Ty::Id, "A [[track]] shown here."),
        f("items", Ty::ArrayOf(&LIST_ITEM), "Sub-items of a text item."),
    ],
);

static TABLE: TableDecl = TableDecl {
    renamed: &[("trait_columns", "traits")],
    ..table(
        "table",
        "[[table]]: a written table (header and rows), or a generated one (abilities_with, or fire by steps).",
        &[
            req("id", Ty::Id, "The table's id."),
            f("title", Ty::Str, "The table's title."),
            f("abilities_with", Ty::Id, "Generated: one row per ability / parameter value with this trait."),
            f("trait_columns", Ty::Ids, "Generated: columns after the ability's name (default: that trait)."),
            f(
                "sort",
                Ty::Choice(&["descending", "ascending", "none"]),
                "Generated, optional: by the first trait column.",
            ),
            f(
                "fire",
                Ty::Table(&FIRE),
                "Generated: fire by steps, one die a step, a roll at or under the rating hitting: { die = \"D6\", steps = 4, ratings = [1, 2, 3] }.",
            ),
            f("header", Ty::ArrayOf(&CELL), "Written: the header row."),
            f("rows", Ty::ArrayOf(&ROW), "Written: rows of as many cells as the header."),
            f("notes", Ty::Markups, "Markup under the table."),
        ],
    )
};

static FIRE: TableDecl = table(
    "fire_table",
    "A fire table by steps: a row per number of steps, a column per rating, each cell the hits on average and the chance of one or more.",
    &[
        req("die", Ty::Str, "The die each step rolls: \"D6\"."),
        req("steps", Ty::Int, "The most steps that fire: rows 1 to it (1 to 20)."),
        req(
            "ratings",
            Ty::Ints,
            "The ratings, a column each: the highest roll that hits, 1 to the die's sides less one.",
        ),
    ],
);

static ROW: Ty = Ty::ArrayOf(&CELL);

static CELL: Ty = Ty::AnyOf(&[Ty::Markup, Ty::Number, Ty::Table(&REF_CELL)]);

/// A table cell that references something; the loader reads it by `RefKind`, and a test keeps
/// the two the same.
pub(crate) static REF_CELL: TableDecl = table(
    "reference_cell",
    "A cell that references one thing, checked: { kind = \"tank\" }.",
    &[
        f("term", Ty::Str, "A glossary term."),
        f("section", Ty::Id, "A rule section."),
        f("ability", Ty::Str, "An ability with its parameter: \"landing 10\"."),
        f("unit", Ty::Id, "A unit."),
        f("kind", Ty::Id, "A unit kind."),
        f("stat", Ty::Id, "A stat."),
        f("terrain", Ty::Id, "A terrain type."),
        f("card", Ty::Id, "A card, by its `id`."),
    ],
);

static SEQUENCE: TableDecl = table(
    "sequence",
    "[[sequence]]: a sequence of play.",
    &[
        req("id", Ty::Id, "The sequence's id."),
        f("title", Ty::Str, "E.g. \"Sequence of play\"."),
        req(
            "steps",
            Ty::ArrayOf(&STEP_ITEM),
            "The steps: markup, or { title = \"...\", text = \"...\", steps = [...] }.",
        ),
    ],
);

static STEP_ITEM: Ty = Ty::AnyOf(&[Ty::Markup, Ty::Table(&STEP)]);

pub(crate) static STEP: TableDecl = table(
    "step",
    "A step of a sequence.",
    &[
        req("title", Ty::Markup, "The step."),
        f("text", Ty::Markup, "Markup."),
        f("steps", Ty::ArrayOf(&STEP_ITEM), "Its sub-steps."),
    ],
);

static TERM: TableDecl = table(
    "term",
    "[[term]]: a glossary entry.",
    &[
        req("name", Ty::Str, "The term, e.g. \"Good Order\"."),
        f("id", Ty::Id, ID_DOC),
        f("aliases", Ty::Strs, "Other spellings a [[...]] reference may use."),
        f("text", Ty::Markup, "Markup definition, optional."),
    ],
);

static CHANGELOG: TableDecl = table(
    "changelog",
    "[[changelog]]: one version of the rules, oldest first.",
    &[
        req("version", Ty::Str, "The version, e.g. \"1.4\"."),
        f("date", Ty::Date, "Optional."),
        f(
            "items",
            Ty::AnyOf(&[Ty::Markup, Ty::ArrayOf(&CHANGE_ITEM_ANY)]),
            "Markup, or { text = \"...\", sections = [...], units = [...], abilities = [...], cards = [...] } naming what it changed.",
        ),
    ],
);

static CHANGE_ITEM_ANY: Ty = Ty::AnyOf(&[Ty::Markup, Ty::Table(&CHANGE_ITEM)]);

pub(crate) static CHANGE_ITEM: TableDecl = table(
    "changelog_item",
    "A changelog item that names what it changed (checked).",
    &[
        req("text", Ty::Markup, "What changed."),
        f("sections", Ty::Ids, "Sections it changed."),
        f("units", Ty::Ids, "Units it changed."),
        f("abilities", Ty::Ids, "Abilities it changed."),
        f("cards", Ty::Ids, "Cards it changed, by their `id`."),
    ],
);

static TODO: TableDecl = table("todo", "[[todo]]: an open item.", &[req("text", Ty::Markup, "The item.")]);

/// The settings both sheets share (counters and cards), then those of each.
macro_rules! sheet_fields {
    ($($more:expr),* $(,)?) => {
        &[
            f("page", PAGE, "\"a4\" or \"us-letter\"; default: [game] page, else A4."),
            f("orientation", ORIENTATION, "\"portrait\" or \"landscape\"."),
            f(
                "duplex",
                Ty::Choice(&["long", "long-edge", "short", "short-edge", "fold", "fold-over", "none", "fronts"]),
                "long: backs flipped on the long edge; short: on the short edge; fold: fronts and mirrored backs side by side; none: fronts only.",
            ),
            f("back_offset", Ty::Offset, "x then y, each within ±20mm: moves the backs to match your printer."),
            f("gutter", Ty::Length, "Space between pieces (counters in \"gutter\" cut: 2 mm)."),
            f("margin", Ty::Length, "The grid stays inside it; it is centred on the page."),
            f("marks", Ty::Bool, "Crop marks in the margins, at every cut line."),
            $($more),*
        ]
    };
}

static COUNTERS: TableDecl = table(
    "counters",
    "[counters]: the counter sheets' settings.",
    sheet_fields![
        f(
            "cut",
            Ty::Choice(&["butt", "gutter"]),
            "butt: counters touch, on a dark backdrop; gutter: a gap and a cut line."
        ),
        f(
            "bleed",
            Ty::Length,
            "The art beyond the cut in the print shop's file (default \"1/8in\"); the sheets have none."
        )
    ],
);

static COUNTER_GROUP: TableDecl = table(
    "counter_group",
    "[[counter_group]]: counters of one size, layout and style, on their own sheets.",
    &[
        f("name", Ty::Str, "The group's name."),
        f("id", Ty::Id, ID_DOC),
        f("size", Ty::Size, "A length (a square, \"3/4in\") or two (\"1x0.5in\")."),
        f("font_size", Ty::FontSize, "Default: a third of the counter's size."),
        f("layout", Ty::Table(&LAYOUT), "The slots of the front: a text with {placeholders}, or a table."),
        f("back_layout", Ty::Table(&LAYOUT), "Optional: the back's slots; default: the layout."),
        f("front_style", Ty::Table(&FACE_STYLE), "Colours of the front."),
        f("back_style", Ty::Table(&FACE_STYLE), "Colours of the back."),
        f("kinds", Ty::Ids, "Optional: every unit of these kinds gets a counter."),
        f("min_font_size", Ty::FontSize, "Optional: shrink text this far before reporting an overflow."),
        f("floor", Ty::Table(&FLOOR), FLOOR_DOC),
        f("safe", Ty::Length, "Text stays this far inside the cut line; at least and default \"1mm\"."),
        f(
            "block",
            Ty::AnyOf(&[Ty::Bool, Ty::Table(&BLOCK)]),
            "The counters are block stickers: true, or { steps = \"strength\", marks = \"pips\", count = \"blocks\" }.",
        ),
    ],
);

static BLOCK: TableDecl = table(
    "block",
    "Block stickers: the unit's steps along the edges, read from each edge in turn.",
    &[
        f(
            "steps",
            Ty::Id,
            "The unit stat printed along the edges: one value per step, or counted down from its value to 1.",
        ),
        f("marks", Ty::Choice(&["digits", "pips"]), "How a step is printed: \"digits\" (default) or \"pips\"."),
        f("count", Ty::Id, "The unit stat that says how many blocks a unit is; default one."),
    ],
);

const SLOT_VALUE: Ty = Ty::AnyOf(&[Ty::Str, Ty::Table(&SLOT)]);
const SLOT_DOC: &str = "A text with {placeholders}, or { text = \"...\", font_size = \"7pt\", bold = true }.";

/// The slots of a counter face; the loader reads them by the model's `SLOTS`, and a test keeps
/// the two the same.
pub(crate) static LAYOUT: TableDecl = TableDecl {
    renamed: &[
        ("top_left", "top-left"),
        ("top_right", "top-right"),
        ("bottom_left", "bottom-left"),
        ("bottom_right", "bottom-right"),
    ],
    ..table(
        "counter_layout",
        "A counter face's slots ({symbol} draws the counter's symbol or picture).",
        &[
            f("top_left", SLOT_VALUE, SLOT_DOC),
            f("top", SLOT_VALUE, SLOT_DOC),
            f("top_right", SLOT_VALUE, SLOT_DOC),
            f("centre", SLOT_VALUE, SLOT_DOC),
            f("bottom_left", SLOT_VALUE, SLOT_DOC),
            f("bottom", SLOT_VALUE, SLOT_DOC),
            f("bottom_right", SLOT_VALUE, SLOT_DOC),
            f("left", SLOT_VALUE, SLOT_DOC),
            f("right", SLOT_VALUE, SLOT_DOC),
        ],
    )
};

pub(crate) static SLOT: TableDecl = TableDecl {
    renamed: &[("font_size", "size")],
    ..table(
        "counter_slot",
        "A slot with its own font size or weight.",
        &[
            req("text", Ty::Str, "A text with {placeholders}."),
            f("font_size", Ty::FontSize, "The slot's font size."),
            f("bold", Ty::Bool, "Bold or not."),
            f("underline", Ty::Table(&UNDERLINE), UNDERLINE_DOC),
        ],
    )
};

const FACE_COLOUR: Ty = Ty::AnyOf(&[Ty::Colour, Ty::Choice(&["side"])]);

static FACE_STYLE: TableDecl = TableDecl {
    renamed: &[("text_color", "text")],
    ..table(
        "face_style",
        "Colours of a counter face: a colour or \"side\" (the counter's side colour).",
        &[
            f("background", FACE_COLOUR, "The whole face."),
            f("stripe", FACE_COLOUR, "A band across the face."),
            f("text_color", FACE_COLOUR, "The text."),
            f("frame", FACE_COLOUR, "A band around the face, inside the cut line."),
        ],
    )
};

// Legibility: the floor under text sizes and the underline of a slot's value.

const FLOOR_DOC: &str =
    "The game's own floor, the smallest text that may print: { text = \"4.5pt\", factors = \"6.5pt\" }.";

static FLOOR: TableDecl = table(
    "floor",
    "The game's own legibility floor: no text prints smaller (E070); unset, the advised sizes (W022).",
    &[
        f("text", Ty::FontSize, "Any text; advised 5 pt on counters, 6.5 pt on cards."),
        f("factors", Ty::FontSize, "A counter slot that prints factors (stats); advised 7 pt, bold."),
    ],
);

const UNDERLINE_DOC: &str = "Placeholder = flag: underline its value where the flag is true.";

static UNDERLINE: TableDecl = free("underline", UNDERLINE_DOC, &Ty::Str);

static VALUES: TableDecl = free("values", "Placeholder = value: { firepower = 4, range = 4 }.", &Ty::Scalar);

pub(crate) static COUNTER: TableDecl = TableDecl {
    renamed: &[("counter_group", "group")],
    ..table(
        "counter",
        "[[counter]]: a unit's counter (unit = ...) or a marker (name = ...).",
        &[
            f("front", Ty::Table(&VALUES), "Values for the placeholders."),
            f(
                "back",
                Ty::AnyOf(&[Ty::Table(&VALUES), Ty::Choice(&["same", "blank"])]),
                "The reduced side: these values over the front's; or \"blank\", or leave it out for the same as the front.",
            ),
            f("id", Ty::Id, "Optional."),
            f("name", Ty::Str, "A marker needs only a name."),
            f("unit", Ty::Id, "Optional: name, side and stats come from the unit."),
            f("counter_group", Ty::Id, "Default: the first group."),
            f("label", Ty::Str, "The {label} placeholder, e.g. an id along the edge."),
            f("side", Ty::Id, "Colours the counter (the side's color)."),
            f("quantity", Ty::Int, "How many, 1 to 1,000."),
            f("symbol", Ty::Str, "NATO symbol, e.g. \"infantry platoon\"."),
            f("image", Ty::Str, "A picture instead of a symbol: \"images/rifles.png\"."),
            f("icon", Ty::Str, "A marker's face: this icon large, the name small below it (docs/icons.md)."),
            f("color", Ty::Colour, "Optional: this counter's own background."),
            f("front_face", Ty::Table(&FACE), "The front's own look, over its group's front_style and its color."),
            f("back_face", Ty::Table(&FACE), "The back's own look, over its group's back_style and its color."),
            f(
                "ids",
                Ty::AnyOf(&[Ty::Str, Ty::ArrayOf(&RUN_ID)]),
                "A counter run: one counter per identifier, [\"XXIV\", \"XLVI\"] or a range \"1-12\" (\"01-12\" keeps the zero).",
            ),
        ],
    )
};

static RUN_ID: Ty = Ty::AnyOf(&[Ty::Str, Ty::Int]);

static FACE: TableDecl = TableDecl {
    renamed: &[("text_color", "text")],
    ..table(
        "counter_face",
        "A counter face's own look: front_face = { background = \"#8b5a2b\", bold = true }.",
        &[
            f("background", FACE_COLOUR, "The whole face: a colour or \"side\"."),
            f("stripe", FACE_COLOUR, "A band across the face: a colour or \"side\"."),
            f("text_color", FACE_COLOUR, "The text: a colour or \"side\"."),
            f("frame", FACE_COLOUR, "A band around the face, inside the cut line: a colour or \"side\"."),
            f("symbol", Ty::Str, "Drawn instead of the counter's symbol in its {symbol} slot."),
            f("icon", Ty::Str, "This face's icon instead of the counter's (a marker whose sides differ)."),
            f("font_size", Ty::FontSize, "For every slot whose layout gives no size."),
            f("bold", Ty::Bool, "For every slot whose layout gives no weight."),
        ],
    )
};

static CARDS: TableDecl = TableDecl {
    renamed: &[("ability_text", "abilities"), ("card_back", "back")],
    ..table(
        "cards",
        "[cards]: the card sheets' settings.",
        sheet_fields![
            f(
                "size",
                Ty::Size,
                "A name (poker, bridge, mini-euro, mini-us, tarot, euro), or \"63x88mm\", \"2.5x3.5in\"."
            ),
            f("bleed", Ty::Length, "How far backgrounds run past the trim line."),
            f("safe", Ty::Length, "Text stays this far inside the trim line."),
            f("font_size", Ty::FontSize, "4 to 14 pt; default \"7pt\"."),
            f("min_font_size", Ty::FontSize, "Optional: shrink text this far before reporting an overflow."),
            f("floor", Ty::Table(&FLOOR), FLOOR_DOC),
            f("ability_text", Ty::Choice(&["full", "short"]), "\"full\" or \"short\": each ability's short text."),
            f("kinds", Ty::Ids, "Optional: every unit of these kinds gets a card."),
            f("card_back", Ty::Id, "Optional: the [[card_back]] for cards that name none."),
            f("layout", Ty::Id, CARD_LAYOUT_DOC),
            f(
                "max_font_size",
                Ty::FontSize,
                "Text grows up to this while a card has room; default 1.5 x font_size, at most 14 pt."
            ),
            f(
                "stat_icons",
                Ty::Choice(&["beside", "instead"]),
                "A stat's icon beside its label (default) or instead of it."
            ),
            f(
                "same_size",
                Ty::Bool,
                "The cards of one layout share one text size, the largest that fits them all (default true)."
            ),
        ],
    )
};

static TRACK: TableDecl = table(
    "track",
    "[[track]]: a numbered track (victory points, political will, morale) and the markers on it.",
    &[
        req("title", Ty::Str, "Its name, e.g. \"Victory Points\"."),
        f("id", Ty::Id, ID_DOC),
        f("from", Ty::Int, "The first box (default 0)."),
        req("to", Ty::Int, "The last box."),
        f("markers", Ty::Strs, "What moves along it: side ids (in the side's colour) or names; default one marker."),
    ],
);

static SCENARIO_TRACKS: TableDecl = free(
    "scenario_tracks",
    "Track id = where its markers start: a box (one marker), or { marker = box }.",
    &Ty::AnyOf(&[Ty::Int, Ty::Table(&TRACK_START)]),
);

static TRACK_START: TableDecl = free("track_start", "Marker (a side's id or a marker's name) = its box.", &Ty::Int);

static DECK: TableDecl = table(
    "deck",
    "[[deck]]: a strategy deck of a card-driven game, dealt in hands each turn.",
    &[
        req("title", Ty::Str, "Its name, e.g. \"Strategy cards\"."),
        f("id", Ty::Id, ID_DOC),
        f("ops_name", Ty::Str, "What its cards' value is called: \"Ops\" (default), \"CP\", \"Command\"."),
        f("ops", Ty::Ints, "The lowest and highest ops value, e.g. [1, 4]."),
        f(
            "hand",
            Ty::AnyOf(&[Ty::Int, Ty::Ints]),
            "Cards dealt to each player a turn: 7, or one per turn [6, 6, 7] (the last goes on).",
        ),
        f("owner", Ty::Id, "Optional: the side whose own deck it is; default: every side draws from it."),
        f(
            "reshuffle",
            Ty::Choice(&["each-turn", "when-empty", "never"]),
            "Optional: when the discards go back into the draw pile: before each turn's deal, when the draw pile runs out, or never.",
        ),
        f("card_back", Ty::Id, "The [[card_back]] of all its cards (default: [cards] back)."),
        f("color", Ty::Colour, "Its cards' colour, every part alike (default: the game's accent)."),
        f("part", Ty::Tables(&DECK_PART), "Its parts in the order they join (early, mid, late war)."),
    ],
);

static DECK_PART: TableDecl = table(
    "deck_part",
    "[[deck.part]]: cards shuffled into the draw pile on a given turn.",
    &[
        req("title", Ty::Str, "Its name, e.g. \"Mid War\"."),
        f("id", Ty::Id, ID_DOC),
        f("joins", Ty::Int, "The turn its cards join the draw pile (default 1)."),
        f("count", Ty::Int, "Optional: how many cards it has, copies counted; checked."),
        f("color", Ty::Colour, "A square of this colour before each of its cards' number, telling the parts apart."),
    ],
);

static CARD_BACK: TableDecl = table(
    "card_back",
    "[[card_back]]: a card back.",
    &[
        f("title", Ty::Str, "The back's title."),
        f("id", Ty::Id, ID_DOC),
        f("side", Ty::Id, "Optional: the back of every card of this side."),
        f("text", Ty::Markup, "Markup."),
        f("image", Ty::Str, "A picture, e.g. \"images/back.png\"."),
        f("color", Ty::Colour, "The back's colour."),
    ],
);

pub(crate) static CARD: TableDecl = TableDecl {
    renamed: &[("fields", "stats"), ("card_back", "back")],
    ..table(
        "card",
        "[[card]]: a unit's card (unit = ...) or any other card (title = ...).",
        &[
            f("fields", Ty::Table(&CARD_FIELDS), "Label and value, printed like stats."),
            f("id", Ty::Id, "Optional."),
            f("unit", Ty::Id, "A unit's card: name, kind, stats in its kind's order, abilities, notes."),
            f("title", Ty::Str, "Any other card: terrain, a marker, a special rule."),
            f("subtitle", Ty::Str, "Under the title."),
            f("side", Ty::Id, "The card's side."),
            f("text", Ty::Markups, "Markup."),
            f("image", Ty::Str, "A picture, e.g. \"images/marsh.png\"."),
            f("quantity", Ty::Int, "How many, 1 to 1,000."),
            f("card_back", Ty::Id, "The [[card_back]] of this card."),
            f("color", Ty::Colour, "The card's colour."),
            f("layout", Ty::Id, CARD_LAYOUT_DOC),
            f("corner", Ty::Str, "A short value in the title bar's corner: a cost, a card number."),
            f("section", Ty::Str, "A reference card: the [[section]] it prints, by id or number (\"3.1\")."),
            f("table", Ty::Id, "A reference card: the [[table]] it prints."),
            f("sequence", Ty::Id, "A reference card: the [[sequence]] it prints."),
            f(
                "ability",
                Ty::Str,
                "A special-rule card: the [[ability]] whose text it prints, with a value (\"tough 2\") or without (all its values).",
            ),
            f("terrain", Ty::Id, "A terrain card: the [[terrain]] whose effects it prints."),
            f("icon", Ty::Str, "An icon drawn large in the art zone when the card has no picture (docs/icons.md)."),
            f(
                "deck",
                Ty::Id,
                "A strategy card: its [[deck]] (default: the deck of its part, or the game's only deck).",
            ),
            f("part", Ty::Id, "A strategy card: its part of the deck (default: the deck's first)."),
            f("number", Ty::Int, "A strategy card: its number, unique in its deck."),
            f("ops", Ty::Int, "A strategy card: its ops value, within the deck's `ops`."),
            f("event", Ty::Str, "A strategy card: the side whose event it is, \"both\" or \"none\"."),
            f(
                "after",
                Ty::Choice(&["remove", "reshuffle", "stays"]),
                "A strategy card: after its event it is removed, reshuffled (default) or stays in play.",
            ),
        ],
    )
};

const CARD_LAYOUT_DOC: &str = "A built-in layout (unit, reference, terrain, marker, strategy) or a [[card_layout]] id; default: by what the card shows.";

static CARD_LAYOUT: TableDecl = table(
    "card_layout",
    "[[card_layout]]: a card layout of the game's own, a built-in one with zones reordered, left out or resized.",
    &[
        req("id", Ty::Id, "What a card's layout names."),
        f("base", Ty::Id, "The built-in layout it starts from: unit (default), reference, terrain, marker."),
        f(
            "zones",
            Ty::Strs,
            "The zones shown, in order: title, subtitle, corner, art, stats, abilities, text, notes, reference, footer.",
        ),
        f("art_height", Ty::Length, "The art box's height."),
        f("title_size", Ty::FontSize, "The title's font size."),
        f("stat_style", Ty::Choice(&["boxes", "rows"]), "Stats as a bar of boxes or as rows; default: the base's."),
    ],
);

static CARD_FIELDS: TableDecl =
    free("card_fields", "Label = value: { Combat = \"max 2 dice\", \"Ranged out\" = \"max 1 die\" }.", &Ty::Scalar);

static SCENARIO_SETTING: TableDecl = table(
    "scenario_setting",
    "[[scenario_setting]]: what every scenario of the game must state.",
    &[
        req("name", Ty::Str, "The setting, e.g. \"Wind/tide\"."),
        f("id", Ty::Id, ID_DOC),
        f("values", Ty::Strs, "The values allowed."),
        f("required", Ty::Bool, "Every scenario must state it."),
    ],
);

static SCENARIO_LIMITS: TableDecl = table(
    "scenario_limits",
    "[scenario_limits]: limits every side of every scenario must respect.",
    &[
        f("points_stat", Ty::Id, "The unit stat that says what a unit is worth."),
        f("points_per_side", Ty::Int, "Most points a side may field."),
        f("units_per_side", Ty::Int, "Most units a side may field."),
        f("units_per_cell", Ty::Int, "The stacking limit: most units in one map cell at set-up."),
    ],
);

static SCENARIO: TableDecl = TableDecl {
    renamed: &[("rules_version", "requires")],
    ..table(
        "scenario",
        "[[scenario]]: a scenario, printed on its own sheet.",
        &[
            req("title", Ty::Str, "The scenario's title."),
            f("id", Ty::Id, "Optional: defaults from the title."),
            f("side", Ty::Tables(&SCENARIO_SIDE), "A side and its forces."),
            f("objective", Ty::Tables(&OBJECTIVE), "An objective."),
            f("victory", Ty::Table(&VICTORY), "How the scenario is won."),
            f("settings", Ty::Table(&SETTINGS), "Setting id = value: { wind-tide = \"towards the Minamoto edge\" }."),
            f("rules_version", Ty::Str, "The rules version it needs (E030 if newer than the data)."),
            f("situation", Ty::Markup, "Markup."),
            f("map", Ty::Markup, "Markup."),
            f("setup", Ty::Markups, "Markup."),
            f("special_rules", Ty::Markups, "Markup."),
            f("optional_rules", Ty::Ids, "Sections with optional = true, in force."),
            f("rules", Ty::Ids, "Sections worth reading before play."),
            f("board", Ty::Table(&BOARD), "The [[map]] it is played on, drawn on the sheet with the set-up."),
            f(
                "tracks",
                Ty::Table(&SCENARIO_TRACKS),
                "Where the markers of each [[track]] start: { vp = { north = 0, south = 2 }, will = 3 }.",
            ),
        ],
    )
};

static SETTINGS: TableDecl = free("scenario_settings", "Setting id = value.", &Ty::Scalar);

static SCENARIO_SIDE: TableDecl = table(
    "scenario_side",
    "[[scenario.side]]: a side of the scenario and its forces.",
    &[
        req("side", Ty::Id, "A [[side]]."),
        f("setup", Ty::Markup, "Markup: where it sets up."),
        f("forces", Ty::Tables(&FORCE), "{ unit = \"...\", count = 3 }, or { name = \"...\", points = 100 }."),
    ],
);

static FORCE: TableDecl = table(
    "force",
    "A force: a unit of the data, or a name for what the data does not list.",
    &[
        f("unit", Ty::Id, "A unit."),
        f("name", Ty::Str, "What the data does not list."),
        f("count", Ty::Int, "How many."),
        f("points", Ty::Int, "What it is worth."),
        f("setup", Ty::Markup, "Markup."),
        f("arrives", Ty::Int, "A reinforcement on this turn."),
        f("text", Ty::Markup, "Markup."),
        f("cells", Ty::Strs, "The map cells it sets up in, one unit each in turn."),
        f(
            "counters",
            Ty::Strs,
            "The counters it sets up, by id (a run's id, a counter's id or label), each in the next of `cells`.",
        ),
        f("area", Ty::Id, "A [[map.area]] of the scenario's map it sets up in."),
        f("entry", Ty::Str, "The edge cell a reinforcement enters at."),
    ],
);

static OBJECTIVE: TableDecl = TableDecl {
    renamed: &[("victory_points", "points")],
    ..table(
        "objective",
        "[[scenario.objective]]: an objective.",
        &[
            req("name", Ty::Str, "The objective's name."),
            f("victory_points", Ty::Int, "What scoring it gives."),
            f("count", Ty::Int, "How many there are to score."),
            f("side", Ty::Id, "Optional: only this side scores it."),
            f("text", Ty::Markup, "Markup."),
            f("cells", Ty::Strs, "The map cells that score it."),
        ],
    )
};

static VICTORY: TableDecl = TableDecl {
    renamed: &[("victory_points", "points")],
    ..table(
        "victory",
        "[scenario.victory]: how the scenario is won.",
        &[
            f("victory_points", Ty::Int, "A warning (W006) if no side can reach it."),
            f(
                "more_than",
                Ty::Bool,
                "true: a total must be more than victory_points to win (\"exceeds\"), not reach it.",
            ),
            f("turns", Ty::Int, "How many turns."),
            f("sudden_death", Ty::Markups, "Markup."),
            f("text", Ty::Markups, "Markup."),
        ],
    )
};

static MAP: TableDecl = table(
    "map",
    "[[map]]: a hex, square, area or point-to-point map, printed true to scale in map.pdf; scenarios name it in [scenario.board].",
    &[
        f("id", Ty::Id, "Optional: defaults from the title."),
        req("title", Ty::Str, "Its title, printed on the sheet."),
        req(
            "grid",
            Ty::Choice(&["hex", "square", "areas", "points"]),
            "\"hex\", \"square\", \"areas\" (named areas) or \"points\" (towns joined by roads).",
        ),
        f(
            "orientation",
            Ty::Choice(&["flat", "pointy"]),
            "Hexes with flat tops (default: columns of hexes) or pointy tops (rows).",
        ),
        f(
            "offset",
            Ty::Choice(&["even", "odd"]),
            "Which columns (flat) or rows (pointy) sit half a hex lower or to the right; default \"even\".",
        ),
        f("short", Ty::Bool, "The offset columns or rows have one hex fewer (Commands & Colors: rows of 13 and 12)."),
        f(
            "board",
            Ty::Str,
            "A geomorphic board's label (\"3\"): scenarios lay it beside others with `boards`, its cells named \"3\" then its own name (\"3C4\"); a hex board's edge rows and columns are half hexes, cut through their centres.",
        ),
        f("columns", Ty::Int, "Hex and square maps (required): columns of cells, at most 200."),
        f("rows", Ty::Int, "Hex and square maps (required): rows of cells, at most 200."),
        f("cell", Ty::Length, "Hex and square maps (required): cell size, 5 to 100 mm, across a hex's flats."),
        f("size", Ty::Size, "Maps of areas or points: width and height, \"420x297mm\"; default: around the areas."),
        f("background", Ty::Str, "Maps of areas or points: a picture drawn under the areas (PNG or JPEG)."),
        f("connection", Ty::Tables(&MAP_CONNECTION), "Maps of areas or points: two areas joined, of a kind."),
        f(
            "coordinates",
            Ty::Choice(&["XXYY", "letter-number", "none"]),
            "Printed in each cell: \"XXYY\" (default, 0204), \"letter-number\" (C4) or \"none\".",
        ),
        f("terrain", Ty::Id, "The terrain of every cell not listed in [map.cells]; default \"clear\"."),
        f("cells", Ty::Table(&MAP_CELLS), "Terrain id = cells: forest = [\"0203\", \"0305-0308\"]."),
        f("hexsides", Ty::Table(&MAP_HEXSIDES), "Feature id = sides: river = [\"0304 n\", \"0304 0405\"]."),
        f("line", Ty::Tables(&MAP_LINE), "A road, railway or trail: a path of neighbouring cells."),
        f("label", Ty::Tables(&MAP_LABEL), "A name printed at a cell."),
        f("edge", Ty::Tables(&MAP_EDGE), "A named map edge."),
        f("area", Ty::Tables(&MAP_AREA), "A named set of cells, such as a side's set-up area."),
        f("notes", Ty::Markup, "Markup printed under the map."),
        f("page", PAGE, "map.pdf's paper; default: the game's page."),
        f(
            "page_orientation",
            Ty::Choice(&["portrait", "landscape"]),
            "map.pdf's page orientation; default: whichever covers the map in fewer pages.",
        ),
    ],
);

static MAP_CELLS: TableDecl = free("map_cells", "Terrain id = the cells that have it (cells and ranges).", &Ty::Strs);

static MAP_HEXSIDES: TableDecl =
    free("map_hexsides", "Feature id = the sides that have it: \"CELL SIDE\" or \"CELL CELL\".", &Ty::Strs);

static MAP_LINE: TableDecl = table(
    "map_line",
    "[[map.line]]: a road, railway or trail from cell to neighbouring cell.",
    &[
        req("terrain", Ty::Id, "What it is: road, railway, trail, or a [[terrain]] id."),
        req("path", Ty::Strs, "The cells it passes, in order."),
    ],
);

static MAP_LABEL: TableDecl = table(
    "map_label",
    "[[map.label]]: a name printed at a cell.",
    &[req("cell", Ty::Str, "The cell."), req("text", Ty::Str, "The name, as printed.")],
);

static MAP_EDGE: TableDecl = table(
    "map_edge",
    "[[map.edge]]: a named edge of the map.",
    &[
        req("id", Ty::Id, "What scenarios call it."),
        req("edge", Ty::Choice(&["north", "east", "south", "west"]), "Which edge."),
        f("name", Ty::Str, "As printed: \"Taira edge\"."),
        f("side", Ty::Id, "The [[side]] whose edge it is."),
    ],
);

static MAP_AREA_NEAR: TableDecl = table(
    "map_area_near",
    "`near` of a [[map.area]]: the cells within `within` steps of a terrain's cells or of cells.",
    &[
        f("terrain", Ty::Id, "Every cell of this [[terrain]] is a centre."),
        f("cells", Ty::Strs, "These cells are centres: [\"0505\"]."),
        f("within", Ty::Int, "How many cells from a centre, counted as units move: 0 to 20; default 1."),
    ],
);

static MAP_AREA: TableDecl = table(
    "map_area",
    "[[map.area]]: a named set of cells (a side's set-up area), or on a map of areas a named place.",
    &[
        req("id", Ty::Id, "What scenarios call it."),
        f("name", Ty::Str, "As printed."),
        f("side", Ty::Id, "The [[side]] that sets up in it (a map of areas: that owns it at the start)."),
        f("cells", Ty::Strs, "Hex and square maps (required, or `near`): cells and ranges, [\"0101-1302\"]."),
        f(
            "near",
            Ty::Table(&MAP_AREA_NEAR),
            "Hex and square maps: the cells within a distance of a terrain or cells: { terrain = \"town\", within = 2 }.",
        ),
        f("at", Ty::Point, "Maps of areas: where its name and pieces go, [x, y] in mm from the top-left corner."),
        f(
            "outline",
            Ty::ArrayOf(&Ty::Point),
            "Maps of areas: its border, three or more [x, y] points in mm; default a box (a circle for points).",
        ),
        f("terrain", Ty::Id, "Maps of areas: its terrain; default the map's."),
        f("limit", Ty::Int, "Maps of areas: the most pieces it may hold."),
        f("value", Ty::Int, "Maps of areas: what holding it is worth (victory points)."),
        f("port", Ty::Bool, "Maps of areas: ships may enter it."),
    ],
);

static MAP_CONNECTION: TableDecl = table(
    "map_connection",
    "[[map.connection]]: two areas of a map of areas joined.",
    &[
        req("between", Ty::Ids, "The two areas' ids."),
        f("kind", Ty::Id, "A [[connection_kind]]; required when the game declares any."),
        f("limit", Ty::Int, "This connection's own limit, over its kind's."),
    ],
);

static CONNECTION_KIND: TableDecl = table(
    "connection_kind",
    "[[connection_kind]]: a kind of connection between areas (major road, sea lane), in the map's key.",
    &[
        f("id", Ty::Id, "Optional: defaults from the name."),
        req("name", Ty::Str, "As printed in the key: \"Major road\"."),
        f("limit", Ty::Int, "How many pieces may cross it a turn; default no limit."),
        f(
            "limits",
            Ty::Table(&CONNECTION_LIMITS),
            "Its limit in turns of a weather of the turn track: { Mud = 1, Winter = 0 }.",
        ),
        f(
            "style",
            Ty::Choice(LineStyle::NAMES),
            "Its line: \"solid\" (default), \"dashed\", \"dotted\" or \"double\".",
        ),
        f("color", Ty::Colour, "Its line's colour; default dark brown."),
        f("text", Ty::Markup, "Markup: anything else about it."),
    ],
);

static BOARD: TableDecl = table(
    "scenario_board",
    "[scenario.board]: the map a scenario is played on, drawn on its sheet with the set-up.",
    &[
        f("map", Ty::Id, "A [[map]] (or `boards`)."),
        f(
            "boards",
            Ty::AnyOf(&[Ty::Ids, Ty::ArrayOf(&Ty::Ids)]),
            "Geomorphic boards laid side by side (maps with a `board` label): rows north to south, each west to east, [[\"1\", \"2\"], [\"3\", \"4\"]]; one row: [\"1\", \"2\"].",
        ),
        f("turned", Ty::Ids, "Boards of `boards` turned half a turn (their north edge to the south)."),
        f("window", Ty::Str, "The rectangle of cells played on: \"0101-1008\"; default the whole map."),
        f(
            "arrows",
            Ty::Tables(&BOARD_ARROW),
            "Settings drawn as arrows: { setting = \"wind-tide\", towards = \"taira-edge\" }.",
        ),
    ],
);

static BOARD_ARROW: TableDecl = table(
    "board_arrow",
    "An arrow on the set-up map: a setting's direction.",
    &[
        f("setting", Ty::Id, "The [[scenario_setting]] it shows."),
        f("label", Ty::Str, "Its label when it shows no setting."),
        req("towards", Ty::Id, "A [[map.edge]] id, or north, east, south, west."),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{RefKind, SLOTS};

    fn keys(t: &TableDecl) -> Vec<&str> {
        let mut k: Vec<&str> = t.fields.iter().map(|f| f.key).collect();
        k.sort();
        k
    }

    #[test]
    fn reference_cells_are_the_reference_kinds() {
        let mut kinds: Vec<&str> = RefKind::ALL.iter().map(|r| r.name()).collect();
        kinds.sort();
        assert_eq!(keys(&REF_CELL), kinds);
    }

    #[test]
    fn layout_keys_are_the_slots() {
        let mut slots: Vec<String> = SLOTS.iter().map(|s| s.replace('-', "_")).collect();
        slots.sort();
        assert_eq!(keys(&LAYOUT), slots);
        for (new, old) in LAYOUT.renamed {
            assert!(SLOTS.contains(old) && new.replace('_', "-") == *old, "{old} -> {new}");
        }
    }

    #[test]
    fn every_old_spelling_names_a_declared_key_and_keys_are_unique() {
        fn check(t: &TableDecl) {
            for (new, old) in t.renamed {
                assert!(t.field(new).is_some(), "{}: `{old}` is renamed to undeclared `{new}`", t.name);
                assert!(t.field(old).is_none(), "{}: `{old}` is both old and current", t.name);
            }
            let mut k = keys(t);
            k.dedup();
            assert_eq!(k.len(), t.fields.len(), "{}: a key declared twice", t.name);
        }
        for f in ROOT.fields {
            if let Ty::Table(t) | Ty::Tables(t) = f.ty {
                check(t);
            }
        }
        for t in [&LAYOUT, &SLOT, &ITEM, &STEP, &CHANGE_ITEM] {
            check(t);
        }
    }
}
