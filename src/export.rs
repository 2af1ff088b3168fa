//! Stage 4: export a checked and laid-out game into what a template sees (docs/TEMPLATES.md):
//! the documents the data asks for, and for each its data as JSON (`/playaid/data.json`) and
//! every markup field as Typst content in a generated module (`/playaid/texts.typ`), with a map
//! from that module's bytes back to the user's TOML.

use schemars::JsonSchema;
use serde::Serialize;

use crate::check::Index;
use crate::layout::Layout;
use crate::load::strings::sub_loc;
use crate::markup::{self, Converted, escape_markup, typst_str};
use crate::model::*;
use crate::source::Loc;

pub use self::charts::start_of;
pub use self::game::{Balance, TemplateData};

/// The kinds of document a game can have; each is a template `templates/<name>.typ`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocKind {
    /// The quick-reference sheet: rules, tables, sequences, units, glossary.
    Cheatsheet,
    /// The changelog as its own sheet.
    Changelog,
    /// The full rules as a rulebook (`[game.rules] sheet = true`).
    Rules,
    /// Card sheets.
    Cards,
    /// Counter sheets.
    Counters,
    /// One scenario's sheet (the scenario's id).
    Scenario(String),
    /// The player aid card: CRT, terrain chart, sequence of play, turn track, chosen tables.
    Aid,
    /// Every `[[map]]`, true to scale, tiled over as many pages as it needs (`map.pdf`).
    Map,
    /// The duplex calibration page: a fronts page of crosshairs and a backs page of rulers
    /// behind them, to measure how far a printer shifts backs (`build --calibrate`).
    Calibrate,
    /// The errata sheet (`build --since`): the cards changed since that version, with what
    /// changed in words.
    Errata,
}

impl DocKind {
    /// Whether a VASSAL module shows it as a chart (its pages as pictures in the charts
    /// window): the cheatsheet, the player aid card and the scenario sheets.
    pub fn is_chart(&self) -> bool {
        matches!(self, DocKind::Cheatsheet | DocKind::Aid | DocKind::Scenario(_))
    }

    /// The template that draws it.
    pub fn template(&self) -> &'static str {
        match self {
            DocKind::Cheatsheet => "cheatsheet",
            DocKind::Changelog => "changelog",
            DocKind::Rules => "rules",
            DocKind::Cards => "cards",
            DocKind::Counters => "counters",
            DocKind::Scenario(_) => "scenario",
            DocKind::Aid => "aid",
            DocKind::Calibrate => "calibrate",
            DocKind::Map => "map",
            DocKind::Errata => "errata",
        }
    }

    /// The document a template name stands for (a scenario sheet needs its scenario's id).
    pub fn parse(template: &str, subject: Option<&str>) -> Option<DocKind> {
        Some(match template {
            "cheatsheet" => DocKind::Cheatsheet,
            "changelog" => DocKind::Changelog,
            "rules" => DocKind::Rules,
            "cards" => DocKind::Cards,
            "counters" => DocKind::Counters,
            "scenario" => DocKind::Scenario(subject?.to_string()),
            "aid" => DocKind::Aid,
            "calibrate" => DocKind::Calibrate,
            "map" => DocKind::Map,
            "errata" => DocKind::Errata,
            _ => return None,
        })
    }

    /// For per-item documents, the id of the item (what the template reads as `data.subject`).
    pub fn subject(&self) -> Option<&str> {
        match self {
            DocKind::Scenario(id) => Some(id),
            _ => None,
        }
    }
}

/// One document a build renders: what it is and the file it is written to.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// What it is.
    pub kind: DocKind,
    /// The output file name.
    pub file: String,
}

impl Document {
    fn new(kind: DocKind) -> Document {
        let file = match &kind {
            // Ids are checked (lower case, digits, -, _): safe as part of a file name.
            DocKind::Scenario(id) => format!("scenario-{id}.pdf"),
            other => format!("{}.pdf", other.template()),
        };
        Document { kind, file }
    }

    /// The duplex calibration page, `calibrate.pdf`: written when asked (`build --calibrate`).
    pub fn calibration() -> Document {
        Document::new(DocKind::Calibrate)
    }

    /// The errata sheet, `errata.pdf`: written by `build --since` when a piece or anything of play
    /// changed.
    pub fn errata() -> Document {
        Document::new(DocKind::Errata)
    }
}

/// Every document the game's data asks for, in build order.
pub fn documents(game: &Game) -> Vec<Document> {
    let mut docs = vec![Document::new(DocKind::Cheatsheet)];
    if game.meta.changelog_sheet && !game.changelog.is_empty() {
        docs.push(Document::new(DocKind::Changelog));
    }
    if game.meta.rules_sheet {
        docs.push(Document::new(DocKind::Rules));
    }
    if !game.cards.is_empty() || !game.card_options.kinds.is_empty() {
        docs.push(Document::new(DocKind::Cards));
    }
    if !game.counters.is_empty() || game.counter_groups.iter().any(|g| !g.kinds.is_empty()) {
        docs.push(Document::new(DocKind::Counters));
    }
    docs.extend(game.scenarios.iter().map(|sc| Document::new(DocKind::Scenario(sc.id.v.clone()))));
    if game.meta.aid.sheet {
        docs.push(Document::new(DocKind::Aid));
    }
    if !game.maps.is_empty() || !game.area_maps.is_empty() {
        docs.push(Document::new(DocKind::Map));
    }
    docs
}

/// Options that come from the command line rather than the data.
#[derive(Debug, Clone, Default)]
pub struct ExportOptions {
    /// The page size for every document, overriding the data's.
    pub page: Option<PageSize>,
    /// Split a counter sheet printing more counters than this into parts (whole sheets each),
    /// compiled one by one: see `Exported::more_parts`.
    pub part_size: Option<usize>,
    /// The pieces document: the counter or card template puts every face on a page of its
    /// own, the page the piece's trim size with its bleed (`data.pieces`; docs/TEMPLATES.md).
    pub pieces: bool,
    /// In the pieces document, every copy of a piece rather than each piece once (the print
    /// shop's file: one page per card to print, `data.pieces.copies`).
    pub piece_copies: bool,
    /// `build --since`: the version to mark changes against.
    pub since: Option<std::sync::Arc<Since>>,
    /// The aid card's frame in place of the layout's: layout's own measuring draws the card at
    /// the size it is about to choose, to see that it keeps to one page.
    pub aid_frame: Option<crate::layout::aid_fit::AidFit>,
}

/// The exported document inputs.
pub struct Exported {
    /// `/playaid/data.json`: the document's data.
    pub data_json: Vec<u8>,
    /// `/playaid/texts.typ`: every markup field as Typst content.
    pub texts_typ: String,
    /// Where each text of `texts_typ` came from, to point Typst's errors at the user's TOML.
    pub map: TextMap,
    /// The printed pieces (counters or cards) of the document, by the `index` the template
    /// reports them with: what each is and where it was written.
    pub pieces: Vec<(String, Loc)>,
    /// When the document is compiled in parts: the data.json of every part after the first
    /// (`data_json` is the first). Their pages follow one another in one PDF.
    pub more_parts: Vec<Vec<u8>>,
    /// The cards of `data_json` as typed data (the cards and errata documents): what layout's
    /// measuring reads of them without parsing the JSON back.
    pub cards: Option<CardsData>,
}

/// Where each generated text came from.
#[derive(Default)]
pub struct TextMap {
    entries: Vec<TextEntry>,
}

struct TextEntry {
    /// Byte range of the content in texts.typ.
    range: std::ops::Range<usize>,
    origin: Origin,
}

enum Origin {
    Field { text: Text, converted: Converted },
    Generated(Loc),
}

impl TextMap {
    /// The TOML location of byte range `range` of texts.typ, if it lies in a text.
    pub fn locate(&self, game: &Game, range: &std::ops::Range<usize>) -> Option<Loc> {
        let e = self.entries.iter().find(|e| e.range.start <= range.start && range.start <= e.range.end)?;
        match &e.origin {
            Origin::Generated(loc) => Some(loc.clone()),
            Origin::Field { text, converted } => {
                let start = converted.field_range(range.start - e.range.start)?;
                let end_off = range.end.min(e.range.end).saturating_sub(e.range.start);
                let end = converted.field_range(end_off.saturating_sub(1).max(range.start - e.range.start))?;
                let source = &game.files.get(text.loc.file).text;
                Some(sub_loc(text, source, start.start..end.end.max(start.end)))
            }
        }
    }
}

const TEXTS_HEADER: &str = "// Generated by playaid: every markup field of the game data, as content.\n#import \"/templates/lib.typ\": pa-term, pa-xref, pa-ref, pa-icon as icon, pa-die as die\n#let texts = (\n";

struct Exporter<'g> {
    game: &'g Game,
    ix: &'g Index,
    layout: &'g Layout,
    texts: String,
    map: TextMap,
    pieces: Vec<(String, Loc)>,
    /// The version to mark changes against (`build --since`).
    since: Option<std::sync::Arc<Since>>,
    /// With `since`: each card's and each counter's identity across versions, in layout order.
    keys: since::Keys,
    /// Where a track in the document's sections is set: the document's column, and across its
    /// columns (the cheatsheet's, unless the document has a frame of its own).
    room: crate::layout::sheets::Room,
}

impl<'g> Exporter<'g> {
    fn new(game: &'g Game, ix: &'g Index, layout: &'g Layout, since: Option<std::sync::Arc<Since>>) -> Self {
        Exporter {
            game,
            ix,
            layout,
            texts: String::from(TEXTS_HEADER),
            map: TextMap::default(),
            pieces: Vec::new(),
            keys: if since.is_some() { since::Keys::of(game, layout) } else { since::Keys::default() },
            since,
            room: crate::layout::sheets::Room::of(&layout.sheets.cheatsheet),
        }
    }
}

mod areas;
mod cards;
mod charts;
mod game;
mod map;
mod pieces;
mod rules;
mod scenario;
mod since;
mod units;

pub use cards::{CardData, CardStat, CardsData};
pub use since::{ErrataData, Prints, SectionMarks, Since, prints};

/// The version of the template data's format (`data.format`, docs/TEMPLATES.md). Bumped on
/// every change a template could break on: a key removed or renamed, a value of another type
/// or meaning. A key added leaves it as it is.
pub const FORMAT: u32 = 1;

/// A markup field's key in `/playaid/texts.typ` (`"k12"`): `texts.at(key)` is its content.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TextKey(#[schemars(regex(pattern = r"^k[0-9]+$"))] String);

/// The aid card's paper (and the cheatsheet's): the command line's, the cheatsheet's, the game's.
pub fn aid_paper(game: &Game, opts: &ExportOptions) -> crate::model::PageSize {
    crate::layout::aid_fit::paper(game, opts.page)
}

/// Export `game` (which must have passed the checker) and its layout for one document.
pub fn export(game: &Game, ix: &Index, layout: &Layout, doc: &DocKind, opts: &ExportOptions) -> Exported {
    let mut ex = Exporter::new(game, ix, layout, opts.since.clone());
    let frame = frame_of(layout, doc);
    if let Some(f) = &frame {
        ex.room = crate::layout::sheets::Room::of(f);
    }
    let mut data = ex.data(doc, opts);
    data.frame = frame;
    let mut parts = Vec::new();
    match doc {
        DocKind::Counters => parts = ex.counters(opts, false),
        DocKind::Cards => data.cards = Some(ex.cards(false)),
        DocKind::Errata => {
            data.cards = Some(ex.cards(true));
            parts = ex.counters(&ExportOptions { part_size: None, ..opts.clone() }, true);
            data.errata = opts.since.as_ref().map(|s| s.errata());
            if let Some(e) = data.errata.as_mut() {
                e.counters = ex.changed_counters();
                // The changelog's entries after the version compared with (entries go up).
                let after = game.changelog.iter().position(|c| c.version.v.trim() == e.since.trim());
                for c in after.map_or(&[][..], |i| &game.changelog[i + 1..]) {
                    e.log.push(since::ErrataLog { version: c.version.v.clone(), items: ex.texts(&c.items) });
                }
            }
        }
        DocKind::Scenario(id) => {
            data.scenario = ex.scenario(id);
            let width = crate::length::Mm(layout.sheets.scenario.column_width);
            data.turn_track = Some(ex.turn_track(Some(id), width));
        }
        DocKind::Aid => data.aid = Some(ex.aid(aid_paper(game, opts), opts.aid_frame)),
        DocKind::Calibrate => data.calibrate = Some(ex.calibration()),
        DocKind::Map => {
            let paper = opts.page.or(game.meta.page.as_ref().map(|p| p.v)).unwrap_or_default();
            data.map_sheet = Some(ex.map_sheet(paper));
        }
        DocKind::Rules => data.rules = Some(ex.rulebook()),
        DocKind::Cheatsheet | DocKind::Changelog => {}
    }
    ex.texts.push_str(")\n");
    // Through a JSON value, whose objects keep their keys in alphabetical order: templates
    // have always seen them so. Compact: Typst parses this on every compile (pretty-printing
    // doubles the bytes).
    let mut value = serde_json::to_value(&data).expect("template data serialises");
    // The built-in templates of the documents that print data of their own (the map, the aid
    // card, the pieces, a scenario) read none of the rules' collections: without them, an edit
    // to a unit rebuilds only the documents that print it (watch mode compares each
    // document's data). A game with templates of its own gets everything, as docs/TEMPLATES.md
    // promises them.
    if game.templates.is_empty()
        && matches!(doc, DocKind::Map | DocKind::Aid | DocKind::Counters | DocKind::Cards | DocKind::Scenario(_))
        && let Some(o) = value.as_object_mut()
    {
        for key in RULES_COLLECTIONS {
            o.remove(*key);
        }
    }
    let base = serde_json::to_vec(&value).expect("data serialises");
    // The counter sheets are serialised on their own, straight from the layout (thousands of
    // counters: no intermediate JSON tree), and spliced into the top-level object: `{...}`
    // becomes `{...,"counters":...}`.
    let with = |bytes: &[u8]| {
        let mut out = base[..base.len() - 1].to_vec();
        out.extend_from_slice(b",\"counters\":");
        out.extend_from_slice(bytes);
        out.push(b'}');
        out
    };
    let mut parts = parts.iter().map(|p| with(p));
    let data_json = parts.next().unwrap_or_else(|| base.clone());
    let more_parts = parts.collect();
    Exported { data_json, more_parts, texts_typ: ex.texts, map: ex.map, pieces: ex.pieces, cards: data.cards }
}

/// The page and columns of a flowing document, as layout decided them; none for the documents
/// of pieces, maps and the aid card (theirs are in their own data).
fn frame_of(layout: &Layout, doc: &DocKind) -> Option<crate::layout::sheets::SheetFrame> {
    let sheets = &layout.sheets;
    match doc {
        DocKind::Cheatsheet => Some(sheets.cheatsheet),
        DocKind::Rules => Some(sheets.rulebook),
        DocKind::Scenario(_) => Some(sheets.scenario),
        _ => None,
    }
}

/// The rules' collections in the template data: what the built-in templates of the documents
/// that print data of their own (the map, the aid card, the pieces, a scenario) never read.
pub(crate) const RULES_COLLECTIONS: &[&str] =
    &["units", "abilities", "kinds", "tables", "sequences", "glossary", "changelog", "todo"];

/// The JSON Schema of the template data (`docs/template-data.schema.json`, printed by
/// `playaid schema --template-data`), generated from the structs the data is serialised from,
/// pretty-printed, the same bytes every time.
pub fn template_data_schema() -> String {
    let mut settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    // Closed objects: a key the schema does not name is never in the data, so a template that
    // reads one reads a mistake.
    settings.transforms.push(Box::new(schemars::transform::RecursiveTransform(|s: &mut schemars::Schema| {
        if let Some(o) = s.as_object_mut()
            && o.contains_key("properties")
            && !o.contains_key("additionalProperties")
        {
            o.insert("additionalProperties".into(), false.into());
        }
    })));
    let mut schema = settings.into_generator().into_root_schema_for::<TemplateData>();
    // The rules' collections are left out of the documents that print data of their own.
    if let Some(serde_json::Value::Array(required)) = schema.as_object_mut().and_then(|o| o.get_mut("required")) {
        required.retain(|k| !RULES_COLLECTIONS.iter().any(|r| k == r));
    }
    let mut out = serde_json::to_string_pretty(&schema).expect("a schema prints");
    out.push('\n');
    out
}

impl<'g> Exporter<'g> {
    fn push_entry(&mut self, code: &str, origin: Origin) -> TextKey {
        let key = format!("k{}", self.map.entries.len());
        self.texts.push_str(&key);
        self.texts.push_str(": [");
        let start = self.texts.len();
        self.texts.push_str(code);
        let end = self.texts.len();
        self.texts.push_str("],\n");
        self.map.entries.push(TextEntry { range: start..end, origin });
        TextKey(key)
    }

    /// A markup field: its text key.
    fn text(&mut self, t: &Text) -> TextKey {
        let (refs, _) = markup::scan(&t.raw);
        let converted = markup::convert(&t.raw, &refs, |r| {
            self.ref_code(r.kind, &r.target, r.display.as_ref().map(|d| d.0.as_str()))
        });
        let code = converted.code.clone();
        self.push_entry(&code, Origin::Field { text: t.clone(), converted })
    }

    fn opt_text(&mut self, t: &Option<Text>) -> Option<TextKey> {
        t.as_ref().map(|t| self.text(t))
    }

    fn texts(&mut self, ts: &[Text]) -> Vec<TextKey> {
        ts.iter().map(|t| self.text(t)).collect()
    }

    /// Generated content (plain text or a reference), located at `loc` for errors.
    fn generated(&mut self, code: String, loc: &Loc) -> TextKey {
        self.push_entry(&code, Origin::Generated(loc.clone()))
    }

    /// Typst code for a reference (the checker made sure it resolves; if not, plain text).
    fn ref_code(&self, kind: RefKind, target: &str, display: Option<&str>) -> String {
        let game = self.game;
        let body = |default: &str| match display {
            Some(d) => format!("[{d}]"),
            None => format!("[{}]", escape_markup(default)),
        };
        match kind {
            RefKind::Term => match self.ix.term(game, target) {
                Some(t) => format!("#pa-term({}){};", typst_str(&t.id.v), body(target)),
                None => escape_markup(target),
            },
            RefKind::Section => match self.ix.get::<Section>(game, target) {
                Some(s) => {
                    let number = s.number.as_ref().map(|n| typst_str(&n.v)).unwrap_or_else(|| "none".into());
                    let d = display.map(|d| format!("[{d}]")).unwrap_or_else(|| "none".into());
                    format!("#pa-xref({}, {number}, {}, {d});", typst_str(&s.id.v), typst_str(&s.title.v))
                }
                None => escape_markup(target),
            },
            RefKind::Ability => {
                let r = AbilityRef::parse(target, Loc::default());
                match self.ix.get::<Ability>(game, &r.id) {
                    Some(a) => {
                        let label = a.label(r.param);
                        format!("#pa-ref(\"ability\", {}){};", typst_str(&r.id), body(&label))
                    }
                    None => escape_markup(target),
                }
            }
            RefKind::Unit => match self.ix.get::<Unit>(game, target) {
                Some(u) => format!("#pa-ref(\"unit\", {}){};", typst_str(target), body(&u.name.v)),
                None => escape_markup(target),
            },
            RefKind::Kind => match self.ix.get::<Kind>(game, target) {
                Some(k) => format!("#pa-ref(\"kind\", {}){};", typst_str(target), body(&k.name.v)),
                None => escape_markup(target),
            },
            RefKind::Stat => match self.ix.get::<Stat>(game, target) {
                Some(s) => format!("#pa-ref(\"stat\", {}){};", typst_str(target), body(s.abbr())),
                None => escape_markup(target),
            },
            RefKind::Terrain => match self.ix.get::<Terrain>(game, target) {
                Some(t) => format!("#pa-ref(\"terrain\", {}){};", typst_str(target), body(&t.name.v)),
                None => escape_markup(target),
            },
            RefKind::Card => match crate::markup::card_title(game, target) {
                Some(title) => format!("#pa-ref(\"card\", {}){};", typst_str(target), body(&title)),
                None => escape_markup(target),
            },
        }
    }
}
