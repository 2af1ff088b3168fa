//! Stage 4: export a checked and laid-out game into what a template sees (docs/TEMPLATES.md):
//! the documents the data asks for, and for each its data as JSON (`/playaid/data.json`) and
//! every markup field as Typst content in a generated module (`/playaid/texts.typ`), with a map
//! from that module's bytes back to the user's TOML.

use serde_json::{Value, json};

use crate::check::Index;
use crate::layout::Layout;
use crate::layout::colour::contrast;
use crate::load::strings::sub_loc;
use crate::markup::{self, Converted, escape_markup, typst_str};
use crate::model::*;
use crate::source::Loc;

/// The kinds of document a game can have; each is a template `templates/<name>.typ`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocKind {
    /// The quick-reference sheet: rules, tables, sequences, units, glossary.
    Cheatsheet,
    /// The changelog as its own sheet.
    Changelog,
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
}

impl DocKind {
    /// The template that draws it.
    pub fn template(&self) -> &'static str {
        match self {
            DocKind::Cheatsheet => "cheatsheet",
            DocKind::Changelog => "changelog",
            DocKind::Cards => "cards",
            DocKind::Counters => "counters",
            DocKind::Scenario(_) => "scenario",
            DocKind::Aid => "aid",
            DocKind::Calibrate => "calibrate",
            DocKind::Map => "map",
        }
    }

    /// The document a template name stands for (a scenario sheet needs its scenario's id).
    pub fn parse(template: &str, subject: Option<&str>) -> Option<DocKind> {
        Some(match template {
            "cheatsheet" => DocKind::Cheatsheet,
            "changelog" => DocKind::Changelog,
            "cards" => DocKind::Cards,
            "counters" => DocKind::Counters,
            "scenario" => DocKind::Scenario(subject?.to_string()),
            "aid" => DocKind::Aid,
            "calibrate" => DocKind::Calibrate,
            "map" => DocKind::Map,
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
}

/// Every document the game's data asks for, in build order.
pub fn documents(game: &Game) -> Vec<Document> {
    let mut docs = vec![Document::new(DocKind::Cheatsheet)];
    if game.meta.changelog_sheet && !game.changelog.is_empty() {
        docs.push(Document::new(DocKind::Changelog));
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
    if !game.maps.is_empty() {
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
}

mod charts;
mod map;
mod pieces;
mod scenario;

/// Export `game` (which must have passed the checker) and its layout for one document.
pub fn export(game: &Game, ix: &Index, layout: &Layout, doc: &DocKind, opts: &ExportOptions) -> Exported {
    let mut ex =
        Exporter { game, ix, layout, texts: String::from(TEXTS_HEADER), map: TextMap::default(), pieces: Vec::new() };
    let mut data = ex.data(doc, opts);
    if opts.pieces {
        data["pieces"] = if opts.piece_copies { json!({ "copies": true }) } else { json!(true) };
    }
    let mut parts = Vec::new();
    match doc {
        DocKind::Counters => parts = ex.counters(opts),
        DocKind::Cards => data["cards"] = ex.cards(),
        DocKind::Scenario(id) => {
            data["scenario"] = ex.scenario(id);
            data["turn_track"] = ex.turn_track(Some(id));
        }
        DocKind::Aid => data["aid"] = ex.aid(),
        DocKind::Calibrate => data["calibrate"] = ex.calibration(),
        DocKind::Map => {
            let paper = opts.page.or(game.meta.page.as_ref().map(|p| p.v)).unwrap_or_default();
            data["map_sheet"] = ex.map_sheet(paper);
        }
        DocKind::Cheatsheet | DocKind::Changelog => {}
    }
    ex.texts.push_str(")\n");
    // Compact: Typst parses this on every compile (pretty-printing doubles the bytes).
    let base = serde_json::to_vec(&data).expect("data serialises");
    // Splice a member serialised on its own into the top-level object: `{...}` becomes
    // `{...,"counters":...}`.
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
    Exported { data_json, more_parts, texts_typ: ex.texts, map: ex.map, pieces: ex.pieces }
}

impl<'g> Exporter<'g> {
    fn push_entry(&mut self, code: &str, origin: Origin) -> Value {
        let key = format!("k{}", self.map.entries.len());
        self.texts.push_str(&key);
        self.texts.push_str(": [");
        let start = self.texts.len();
        self.texts.push_str(code);
        let end = self.texts.len();
        self.texts.push_str("],\n");
        self.map.entries.push(TextEntry { range: start..end, origin });
        Value::String(key)
    }

    /// A markup field: its text key.
    fn text(&mut self, t: &Text) -> Value {
        let (refs, _) = markup::scan(&t.raw);
        let converted = markup::convert(&t.raw, &refs, |r| {
            self.ref_code(r.kind, &r.target, r.display.as_ref().map(|d| d.0.as_str()))
        });
        let code = converted.code.clone();
        self.push_entry(&code, Origin::Field { text: t.clone(), converted })
    }

    fn opt_text(&mut self, t: &Option<Text>) -> Value {
        match t {
            Some(t) => self.text(t),
            None => Value::Null,
        }
    }

    fn texts(&mut self, ts: &[Text]) -> Value {
        Value::Array(ts.iter().map(|t| self.text(t)).collect())
    }

    /// Generated content (plain text or a reference), located at `loc` for errors.
    fn generated(&mut self, code: String, loc: &Loc) -> Value {
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
        }
    }

    fn data(&mut self, doc: &DocKind, opts: &ExportOptions) -> Value {
        let game = self.game;
        let m = &game.meta;
        let cs = &m.cheatsheet;
        let page = opts.page.or(cs.page.as_ref().map(|p| p.v)).or(m.page.as_ref().map(|p| p.v)).unwrap_or_default();
        let game_v = json!({
            "id": m.id(),
            "title": m.title.as_ref().map(|s| s.v.clone()),
            "system": m.system.as_ref().map(|s| s.v.clone()),
            "version": m.version(),
            "date": m.date.as_ref().map(|s| s.v.clone()),
            "authors": m.authors.iter().map(|a| a.v.clone()).collect::<Vec<_>>(),
            "intro": self.opt_text(&m.intro),
            "credits": self.opt_text(&m.credits),
        });
        let accent = cs.accent.clone().unwrap_or_else(|| crate::layout::cards::DEFAULT_ACCENT.into());
        let options = json!({
            "page": page.typst_name(),
            "orientation": if cs.landscape { "landscape" } else { "portrait" },
            "columns": cs.columns,
            "font_size": cs.font_size,
            "changelog": cs.changelog,
            "todo": cs.todo,
            "glossary": cs.glossary,
            "accent": accent,
            "accent_text_color": contrast(&accent),
            "terms": cs.terms,
        });
        let sides: Vec<Value> = game
            .sides
            .iter()
            .map(|s| {
                json!({"id": s.id.v, "name": s.name.v, "color": s.color.as_ref().map(|c| c.v.clone()),
                       "text_color": s.color.as_ref().map(|c| contrast(&c.v))})
            })
            .collect();
        let stats: Vec<Value> = game
            .stats
            .iter()
            .map(|s| {
                json!({"id": s.id.v, "name": s.name.v, "abbr": s.abbr(), "type": s.ty.name(),
                       "suffix": s.suffix.clone().unwrap_or_default(), "icon": s.icon.as_ref().map(|i| &i.v)})
            })
            .collect();
        let kinds: Vec<Value> = game
            .kinds
            .iter()
            .map(|k| json!({"id": k.id.v, "name": k.name.v, "stats": k.stats.iter().map(|s| s.v.clone()).collect::<Vec<_>>()}))
            .collect();
        let abilities: Vec<Value> = game.abilities.iter().map(|a| self.ability(a)).collect();
        let units: Vec<Value> = game.units.iter().map(|u| self.unit(u)).collect();
        let sections: Vec<Value> =
            game.sections_in_order().into_iter().filter(|s| s.cheatsheet).map(|s| self.section(s)).collect();
        let tables: Vec<Value> = game.tables.iter().map(|t| self.table(t)).collect();
        let sequences: Vec<Value> = game.sequences.iter().map(|s| self.sequence(s)).collect();
        let glossary: Vec<Value> = game
            .terms
            .iter()
            .map(|t| {
                let text = self.opt_text(&t.text);
                json!({"id": t.id.v, "name": t.name.v, "text": text})
            })
            .collect();
        let changelog: Vec<Value> = game.changelog.iter().map(|c| self.change(c)).collect();
        let todo = self.texts(&game.todos);
        json!({
            "document": doc.template(),
            "subject": doc.subject(),
            "game": game_v,
            "options": options,
            "sides": sides,
            "stats": stats,
            "kinds": kinds,
            "abilities": abilities,
            "units": units,
            "sections": sections,
            "tables": tables,
            "sequences": sequences,
            "glossary": glossary,
            "changelog": changelog,
            "todo": todo,
        })
    }

    /// A changelog entry: its items, and what each says it changed, by name.
    fn change(&mut self, c: &ChangeEntry) -> Value {
        let game = self.game;
        let items = self.texts(&c.items);
        // What each item says it changed, by name: [[{kind, id, name}]].
        let affects: Vec<Vec<Value>> = (0..c.items.len())
            .map(|i| {
                c.refs
                    .iter()
                    .filter(|(n, _, _)| *n == i)
                    .map(|(_, kind, id)| {
                        let name = markup::plain_in(
                            Some(game),
                            &format!(
                                "[[{}]]",
                                match kind {
                                    RefKind::Section => format!("#{}", id.v),
                                    other => format!("{}:{}", other.name(), id.v),
                                }
                            ),
                        );
                        json!({"kind": kind.name(), "id": id.v, "name": name})
                    })
                    .collect()
            })
            .collect();
        json!({"version": c.version.v, "date": c.date.as_ref().map(|d| d.v.clone()), "items": items,
               "affects": affects})
    }

    fn ability(&mut self, a: &Ability) -> Value {
        let traits: Vec<Value> = a
            .traits
            .iter()
            .map(|(k, v)| {
                let name = self.ix.get::<Trait>(self.game, &k.v).map(|t| t.name.v.clone()).unwrap_or(k.v.clone());
                let values: Vec<Value> = match v {
                    TraitValue::One(s) => vec![json!({"param": null, "value": s.v.display()})],
                    TraitValue::PerParam(list, _) => {
                        list.iter().map(|(p, s)| json!({"param": p.v, "value": s.v.display()})).collect()
                    }
                };
                json!({"id": k.v, "name": name, "values": values})
            })
            .collect();
        let text = self.opt_text(&a.text);
        let short = self.opt_text(&a.short);
        json!({
            "id": a.id.v,
            "name": a.name.v,
            "values": a.values.as_ref().map(|v| v.v.iter().map(|x| x.v).collect::<Vec<_>>()).unwrap_or_default(),
            "text": text,
            "short": short,
            "traits": traits,
        })
    }

    fn unit(&mut self, u: &Unit) -> Value {
        let game = self.game;
        let kind = u.kind.as_ref().and_then(|k| self.ix.get::<Kind>(game, &k.v));
        let side = u.side.as_ref().and_then(|s| self.ix.get::<Side>(game, &s.v));
        // Stats in the kind's order, then any others as written (in any step).
        let mut order: Vec<&str> = Vec::new();
        if let Some(k) = kind {
            order.extend(k.stats.iter().chain(&k.optional_stats).map(|s| s.v.as_str()));
        }
        for (k, _) in u.steps.iter().flat_map(|s| &s.stats) {
            if !order.contains(&k.v.as_str()) {
                order.push(&k.v);
            }
        }
        let order: Vec<&Stat> = order.into_iter().filter_map(|id| self.ix.get::<Stat>(game, id)).collect();
        let printed = |stats: &[(Sp<String>, Sp<Scalar>)], stat: &Stat| {
            stats
                .iter()
                .find(|(k, _)| k.v == stat.id.v)
                .map(|(_, value)| format!("{}{}", value.v.display(), stat.suffix.clone().unwrap_or_default()))
        };
        let mut stats = Vec::new();
        for stat in &order {
            // One value per step: "8 / 4" for a unit with a reduced step.
            let values: Vec<Option<String>> = u.steps.iter().map(|s| printed(&s.stats, stat)).collect();
            if values.iter().all(Option::is_none) {
                continue;
            }
            let values: Vec<String> = values.into_iter().map(|v| v.unwrap_or_else(|| "–".into())).collect();
            let note = u.stat_notes.iter().find(|(k, _)| k.v == stat.id.v).map(|(_, t)| t.clone());
            let note = self.opt_text(&note);
            stats.push(json!({
                "id": stat.id.v, "name": stat.name.v, "abbr": stat.abbr(),
                "icon": stat.icon.as_ref().map(|i| &i.v),
                "value": values.join(" / "), "values": values,
                "note": note,
            }));
        }
        // Each step by name with its stats, when the unit has more than one.
        let steps: Vec<Value> = if u.has_steps() {
            u.steps
                .iter()
                .enumerate()
                .map(|(i, step)| {
                    let values: Vec<Value> = order
                        .iter()
                        .filter_map(|stat| {
                            let value = printed(&step.stats, stat)?;
                            Some(json!({"id": stat.id.v, "abbr": stat.abbr(), "value": value}))
                        })
                        .collect();
                    json!({"name": step.label(i), "stats": values})
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut abilities = Vec::new();
        for r in &u.abilities {
            let Some(a) = self.ix.get::<Ability>(game, &r.id) else { continue };
            // "Takes {value} wounds" as "Tough 3" reads it.
            let text = self.opt_text(&a.text.as_ref().map(|t| a.filled(t, r.param)));
            let short = self.opt_text(&a.short.as_ref().map(|t| a.filled(t, r.param)));
            abilities
                .push(json!({"id": a.id.v, "label": a.label(r.param), "param": r.param, "text": text, "short": short}));
        }
        let notes = self.texts(&u.notes);
        json!({
            "id": u.id.v,
            "name": u.name.v,
            "kind": kind.map(|k| k.id.v.clone()),
            "kind_name": kind.map(|k| k.name.v.clone()),
            "side": side.map(|s| s.id.v.clone()),
            "side_name": side.map(|s| s.name.v.clone()),
            "color": side.and_then(|s| s.color.as_ref().map(|c| c.v.clone())),
            "text_color": side.and_then(|s| s.color.as_ref().map(|c| contrast(&c.v))),
            "stats": stats,
            "steps": steps,
            "abilities": abilities,
            "notes": notes,
            "quantity": u.quantity.as_ref().map(|q| q.v).unwrap_or(1),
            "image": u.image.as_ref().map(|p| format!("/{}", p.v.trim_start_matches("./"))),
        })
    }

    fn section(&mut self, s: &Section) -> Value {
        let summary = self.opt_text(&s.summary);
        let text = self.texts(&s.text);
        let items = self.items(&s.items);
        let after = self.texts(&s.after);
        json!({
            "id": s.id.v,
            "number": s.number.as_ref().map(|n| n.v.clone()),
            "title": s.title.v,
            "summary": summary,
            "text": text,
            "list": match s.list { ListStyle::Bullet => "bullet", ListStyle::Numbered => "numbered" },
            "items": items,
            "after": after,
            "optional": s.optional,
            "house_rule": s.house_rule,
            "source": s.source,
            "break_before": s.break_before,
        })
    }

    fn items(&mut self, items: &[Item]) -> Value {
        let game = self.game;
        let mut out = Vec::new();
        for it in items {
            let v = match it {
                Item::Text { text, items } => {
                    let t = self.text(text);
                    let sub = self.items(items);
                    json!({"type": "item", "text": t, "items": sub})
                }
                Item::Label(t) => json!({"type": "label", "text": self.text(t)}),
                Item::Note(t) => json!({"type": "note", "text": self.text(t)}),
                Item::Table(id) => match self.ix.get::<Table>(game, &id.v) {
                    Some(t) => json!({"type": "table", "table": self.table(t)}),
                    None => continue,
                },
                Item::Sequence(id) => match self.ix.get::<Sequence>(game, &id.v) {
                    Some(s) => json!({"type": "sequence", "sequence": self.sequence(s)}),
                    None => continue,
                },
                Item::Unit(id) => match self.ix.get::<Unit>(game, &id.v) {
                    Some(u) => json!({"type": "unit", "unit": self.unit(u)}),
                    None => continue,
                },
                Item::Crt(id) => match self.ix.get::<Crt>(game, &id.v) {
                    Some(c) => json!({"type": "crt", "crt": self.crt(c)}),
                    None => continue,
                },
                Item::Chart(kind) => match kind.v {
                    ChartKind::Terrain => json!({"type": "terrain", "terrain": self.terrain_chart()}),
                    ChartKind::Turns => json!({"type": "turns", "turns": self.turn_track(None)}),
                },
            };
            out.push(v);
        }
        Value::Array(out)
    }

    fn cell(&mut self, c: &Cell) -> Value {
        match c {
            Cell::Text(t) => self.text(t),
            Cell::Ref { kind, target } => {
                let code = self.ref_code(*kind, &target.v, None);
                self.generated(code, &target.loc)
            }
        }
    }

    fn table(&mut self, t: &Table) -> Value {
        let game = self.game;
        let (header, rows) = match &t.body {
            TableBody::Written { header, rows } => {
                let h: Vec<Value> = header.iter().map(|c| self.cell(c)).collect();
                let r: Vec<Value> =
                    rows.iter().map(|(_, cells)| Value::Array(cells.iter().map(|c| self.cell(c)).collect())).collect();
                (h, r)
            }
            TableBody::Generated { abilities_with, traits, descending } => {
                let loc = &abilities_with.loc;
                let mut h = vec![self.generated("Ability".into(), loc)];
                for tr in traits {
                    let name = self.ix.get::<Trait>(game, &tr.v).map(|t| t.name.v.clone()).unwrap_or(tr.v.clone());
                    h.push(self.generated(escape_markup(&name), &tr.loc));
                }
                // One row per ability and parameter value that has the trait.
                let mut rows: Vec<GeneratedRow> = Vec::new();
                for a in &game.abilities {
                    let Some((_, main)) = a.traits.iter().find(|(k, _)| k.v == abilities_with.v) else { continue };
                    let params: Vec<Option<i64>> = match (main, &a.values) {
                        (TraitValue::PerParam(list, _), _) => list.iter().map(|(p, _)| Some(p.v)).collect(),
                        (TraitValue::One(_), Some(values)) => values.v.iter().map(|v| Some(v.v)).collect(),
                        (TraitValue::One(_), None) => vec![None],
                    };
                    // Keep the order of the ability's values.
                    let mut params = params;
                    if let Some(values) = &a.values {
                        params.sort_by_key(|p| values.v.iter().position(|v| Some(v.v) == *p));
                    }
                    for p in params {
                        let cells: Vec<Option<Scalar>> = traits
                            .iter()
                            .map(|tr| {
                                a.traits.iter().find(|(k, _)| k.v == tr.v).and_then(|(_, v)| match v {
                                    TraitValue::One(s) => Some(s.v.clone()),
                                    TraitValue::PerParam(list, _) => {
                                        list.iter().find(|(q, _)| Some(q.v) == p).map(|(_, s)| s.v.clone())
                                    }
                                })
                            })
                            .collect();
                        rows.push((a.id.v.clone(), a.label(p), p, cells, a.id.loc.clone()));
                    }
                }
                if *descending {
                    rows.sort_by(|x, y| {
                        sort_key(&y.3).partial_cmp(&sort_key(&x.3)).unwrap_or(std::cmp::Ordering::Equal)
                    });
                }
                let mut r = Vec::new();
                for (id, label, _, cells, loc) in rows {
                    let mut row = vec![self.generated(
                        format!(
                            "#pa-ref(\"ability\", {}){};",
                            typst_str(&id),
                            format_args!("[{}]", escape_markup(&label))
                        ),
                        &loc,
                    )];
                    for c in cells {
                        let s = c.map(|s| s.display()).unwrap_or_else(|| "–".into());
                        row.push(self.generated(escape_markup(&s), &loc));
                    }
                    r.push(Value::Array(row));
                }
                (h, r)
            }
        };
        let notes = self.texts(&t.notes);
        json!({
            "id": t.id.v,
            "title": t.title.as_ref().map(|s| s.v.clone()),
            "header": header,
            "rows": rows,
            "notes": notes,
        })
    }

    fn sequence(&mut self, s: &Sequence) -> Value {
        let steps = self.steps(&s.steps);
        json!({"id": s.id.v, "title": s.title.as_ref().map(|t| t.v.clone()), "steps": steps})
    }

    fn steps(&mut self, steps: &[Step]) -> Value {
        let mut out = Vec::new();
        for s in steps {
            let title = self.text(&s.title);
            let text = self.opt_text(&s.text);
            let sub = self.steps(&s.steps);
            out.push(json!({"title": title, "text": text, "steps": sub}));
        }
        Value::Array(out)
    }
}

/// A row of a generated table: ability id, its label, the parameter value, the trait cells,
/// and where the ability is written.
type GeneratedRow = (String, String, Option<i64>, Vec<Option<Scalar>>, Loc);

fn sort_key(cells: &[Option<Scalar>]) -> f64 {
    match cells.first() {
        Some(Some(Scalar::Int(i))) => *i as f64,
        Some(Some(Scalar::Float(f))) => *f,
        Some(Some(Scalar::Bool(b))) => *b as i64 as f64,
        _ => f64::MIN,
    }
}
