//! Charts for templates: each CRT with its legend and modifiers (`data.crts`), the terrain
//! effects chart (`data.terrain`), the turn record track with each scenario's reinforcements
//! on their turns (`data.turn_track`), and what the player aid card shows (`data.aid`).
//! Wording of effects ("1 left", "×2") and the size of a track box are decided here.

use schemars::JsonSchema;
use serde::Serialize;

use super::rules::{SequenceData, TableData};
use super::{Exporter, TextKey};
use crate::layout::aid_fit::AidFit;
use crate::layout::cards::DEFAULT_ACCENT;
use crate::layout::colour::contrast;
use crate::layout::sheets::Room;
use crate::length::Mm;
use crate::model::*;

/// Room around a counter in a turn track box, in mm.
const TRACK_BOX_PAD_MM: f64 = 3.0;

/// A column shift as players say it: "1 left", "2 right".
pub(super) fn shift_words(words: &crate::model::Words, n: i64) -> String {
    let abs = n.unsigned_abs().to_string();
    match n {
        0 => words.word("none"),
        n if n < 0 => words.say("shift_left", &[("n", &abs)]),
        _ => words.say("shift_right", &[("n", &abs)]),
    }
}

/// A terrain's effect on line of sight in words: "blocks", "hinders 1".
pub(super) fn los_words(words: &crate::model::Words, los: LineOfSight, hindrance: Option<i64>) -> String {
    match (los, hindrance) {
        (LineOfSight::Hinders, Some(n)) => words.say("los_hinders_by", &[("n", &n.to_string())]),
        _ => words.word(los.word_key()),
    }
}

/// A signed number with a real minus: "+1", "−2".
pub(super) fn signed(n: i64) -> String {
    if n < 0 { format!("−{}", n.unsigned_abs()) } else { format!("+{n}") }
}

/// A combat results table (`[[crt]]`), with its legend and modifiers.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CrtData {
    /// `id`.
    pub id: String,
    /// `title`; default "Combat Results Table".
    pub title: String,
    /// How its columns are read: `odds` or `differential`.
    pub columns: &'static str,
    /// `dice` (`2D6`).
    pub dice: Option<String>,
    /// The column labels.
    pub labels: Vec<String>,
    /// The rows.
    pub rows: Vec<CrtRow>,
    /// The result codes explained.
    pub legend: Vec<CrtLegend>,
    /// The modifiers, their effects in words.
    pub modifiers: Vec<CrtModifier>,
    /// `notes`.
    pub notes: Vec<TextKey>,
    /// `build --since`: for each row, for each column, whether the result is new or changed
    /// since that version (the cell is outlined); null when the build does not compare.
    pub changes: Option<Vec<Vec<bool>>>,
}

/// A row of a CRT.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CrtRow {
    /// The roll or rolls (`3`, `4–5`).
    pub roll: String,
    /// One result per column.
    pub results: Vec<String>,
}

/// A result code of a CRT and what it means.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CrtLegend {
    /// The code (`DR`).
    pub code: String,
    /// What it means.
    pub text: Option<TextKey>,
}

/// A modifier of a CRT.
#[derive(Clone, Serialize, JsonSchema)]
pub struct CrtModifier {
    /// `shift` (columns) or `drm` (to the roll), by its first effect.
    pub kind: &'static str,
    /// Its effects in words (`1 left column, +1 to the roll`).
    pub effect: String,
    /// What causes it (a reference), as content.
    pub cause: Option<TextKey>,
    /// `text`.
    pub text: Option<TextKey>,
}

/// The terrain effects chart.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TerrainChart {
    /// Its title.
    pub title: String,
    /// The heads of the movement columns: one, or one per movement type.
    pub move_columns: Vec<String>,
    /// Costs are given per movement type.
    pub movement_types: bool,
    /// Some terrain has a line of sight effect: the chart has its column.
    pub los: bool,
    /// Some terrain has a combat effect (a column shift, a defence multiple, a DRM): the chart
    /// has its column.
    pub combat: bool,
    /// Some terrain raises the ground (`level`): the chart has its column.
    pub level: bool,
    /// Some terrain stands above the ground (`height`): the chart has its column.
    pub height: bool,
    /// Some terrain gives cover: the chart has its column.
    pub cover: bool,
    /// The notes print in a row under their terrain's, across the value columns, not in a
    /// column of their own: a chart of many columns would leave its notes a word a line, and
    /// a long word running past the chart's edge.
    pub notes_under: bool,
    /// One row per terrain, hexside terrain last.
    pub rows: Vec<TerrainRow>,
}

/// The most value columns (movement, combat, line of sight, level, height, cover) a terrain
/// chart keeps its notes beside: the notes column keeps a third of a narrow column or more.
const NOTES_BESIDE: usize = 4;

/// A row of the terrain effects chart.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TerrainRow {
    /// The terrain's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its colour.
    pub color: Option<String>,
    /// Hexside terrain.
    pub hexside: bool,
    /// A line feature (road, railway): listed last, under "Lines".
    pub line: bool,
    /// Its movement cost in each movement column (`–`: none given).
    #[serde(rename = "move")]
    pub moves: Vec<String>,
    /// Its combat effects in words, or `none`.
    pub combat: String,
    /// Its line of sight effect ("blocks", "hinders 1").
    pub los: Option<String>,
    /// The ground's level in it.
    pub level: Option<String>,
    /// Its height above the ground.
    pub height: Option<String>,
    /// The modifier to fire at a unit in it, signed ("−2").
    pub cover: Option<String>,
    /// `text`.
    pub text: Option<TextKey>,
    /// `build --since`: the row prints otherwise than in that version (or is new): a bar
    /// beside it. Absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

/// The turn record track.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TurnTrack {
    /// `title`; default "Turn Record Track".
    pub title: String,
    /// The side of a box, mm: the largest counter and room around it.
    #[serde(rename = "box")]
    pub box_mm: f64,
    /// The largest counter's side, mm.
    pub counter: f64,
    /// How its boxes are set where it prints: how many a row, how wide.
    pub form: crate::layout::sheets::TurnForm,
    /// The turns.
    pub turns: Vec<TurnData>,
}

/// Whether a scenario's start for `marker` (none: a bare number) is the start of the track's
/// marker `id` (none: its one unnamed marker): by name, or a bare number for a track of one
/// marker.
pub fn start_of(marker: &Option<Sp<String>>, id: Option<&str>, t: &Track) -> bool {
    match marker {
        Some(m) => Some(m.v.as_str()) == id,
        None => id.is_none() || t.markers.len() == 1,
    }
}

/// A numbered track (`[[track]]`): its boxes and the markers on it.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TrackData {
    /// `id`.
    pub id: String,
    /// `title`.
    pub title: String,
    /// The boxes' numbers, in order.
    pub boxes: Vec<i64>,
    /// Its markers.
    pub markers: Vec<TrackMarker>,
    /// How its boxes are set where it prints: one strip (in its column or across the page's
    /// columns) or rows, and how wide.
    pub form: crate::layout::sheets::TrackForm,
}

/// A marker of a track.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TrackMarker {
    /// Its side's name, or its own.
    pub name: String,
    /// Its side's colour, else the game's accent.
    pub color: String,
    /// The ink that reads on `color`.
    pub text_color: String,
    /// The box it starts in (a scenario sheet's); null elsewhere.
    pub at: Option<i64>,
    /// `build --since`: it starts in another box than in that version (or is new): its box
    /// is drawn with a heavier frame and its name with a change bar. Absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

/// A turn of the track.
#[derive(Clone, Serialize, JsonSchema)]
pub struct TurnData {
    /// Its number, from 1.
    pub number: i64,
    /// `name`, else the number.
    pub name: String,
    /// `weather`.
    pub weather: Option<String>,
    /// `event`.
    pub event: Option<TextKey>,
    /// The reinforcements that arrive on it.
    pub arrivals: Vec<Arrival>,
    /// What happens to the decks on it, from their data: a part joining ("Winter joins
    /// Fortunes of War: 8 cards"), a hand of another size ("Fortunes of War: hands of 3").
    pub deck: Vec<String>,
    /// `build --since`: the box prints otherwise than in that version (or is new): drawn
    /// with a heavier frame. Absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

/// A force arriving on a turn.
#[derive(Clone, Serialize, JsonSchema)]
pub struct Arrival {
    /// The scenario's title, when the track shows several scenarios.
    pub scenario: Option<String>,
    /// Its side's name.
    pub side: Option<String>,
    /// Its side's colour.
    pub color: Option<String>,
    /// The ink that reads on `color`.
    pub text_color: Option<String>,
    /// How many.
    pub count: i64,
    /// Its name, or its unit's.
    pub name: String,
}

/// What the player aid card shows.
#[derive(Clone, Serialize, JsonSchema)]
pub struct AidData {
    /// Every CRT.
    pub crts: Vec<CrtData>,
    /// The terrain effects chart; null without terrain.
    pub terrain: Option<TerrainChart>,
    /// The sequence of play (`[game.aid] sequence`, else the first); null without one.
    pub sequence: Option<SequenceData>,
    /// The turn record track; null without one.
    pub turn_track: Option<TurnTrack>,
    /// The tables `[game.aid] tables` names.
    pub tables: Vec<TableData>,
    /// The tracks `[game.aid] tracks` names.
    pub tracks: Vec<TrackData>,
    /// The card lists of the decks `[game.aid] decks` names.
    pub decks: Vec<super::rules::DeckListData>,
    /// The game's kinds of connection between areas (`[[connection_kind]]`): the legend of its
    /// maps of areas, with each kind's limit.
    pub connections: Vec<ConnectionKindData>,
    /// The card's frame as laid out: its text size, margins, columns and a column's height.
    pub frame: AidFit,
}

/// A kind of connection in the aid card's legend.
#[derive(Clone, Serialize, JsonSchema)]
pub struct ConnectionKindData {
    /// Its name.
    pub name: String,
    /// Its line: `solid`, `dashed`, `dotted` or `double`.
    pub style: &'static str,
    /// Its line's colour.
    pub color: String,
    /// How many pieces may cross it a turn.
    pub limit: Option<i64>,
    /// Its limit in the turns of a weather, where it differs: "Mud 1, Winter 0".
    pub seasons: Option<String>,
    /// `text`.
    pub text: Option<TextKey>,
}

impl Exporter<'_> {
    pub(super) fn crt(&mut self, c: &Crt) -> CrtData {
        let words = &self.game.meta.words;
        let rows = c
            .rows
            .iter()
            .map(|r| {
                let (a, b) = r.roll.v;
                let roll = if a == b { a.to_string() } else { format!("{a}–{b}") };
                CrtRow { roll, results: r.results.iter().map(|s| s.v.trim().to_string()).collect() }
            })
            .collect();
        let legend =
            c.legend.iter().map(|r| CrtLegend { code: r.code.v.clone(), text: self.opt_text(&r.text) }).collect();
        let mut modifiers = Vec::new();
        for m in &c.modifiers {
            let effects = self.game.modifier_effects(m);
            let effect = effects
                .iter()
                .map(|e| match *e {
                    ModifierEffect::Shift(0) => words.word("none"),
                    ModifierEffect::Shift(n) => {
                        words.say_n(if n < 0 { "columns_left" } else { "columns_right" }, n.abs(), &[])
                    }
                    ModifierEffect::Drm(n) => words.say("to_the_roll", &[("modifier", &signed(n))]),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let cause = match &m.cause {
                Some((kind, id)) => {
                    let code = self.ref_code(*kind, &id.v, None);
                    Some(self.generated(code, &id.loc))
                }
                None => None,
            };
            let text = self.opt_text(&m.text);
            let kind = match effects.first() {
                Some(ModifierEffect::Drm(_)) => "drm",
                _ => "shift",
            };
            modifiers.push(CrtModifier { kind, effect, cause, text });
        }
        let mut data = CrtData {
            id: c.id.v.clone(),
            title: c.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| words.word("combat_results_table")),
            columns: c.columns.name(),
            dice: c.dice.as_ref().map(|d| format!("{}D{}", d.v.0, d.v.1)),
            labels: c.labels.iter().map(|l| l.v.clone()).collect(),
            rows,
            legend,
            modifiers,
            notes: self.texts(&c.notes),
            changes: None,
        };
        data.changes = self.crt_marks(&data);
        data
    }

    /// The terrain effects chart: movement columns (one, or one per movement type), combat and
    /// line of sight columns when some terrain has them; hexside terrain after the rest.
    pub(super) fn terrain_chart(&mut self) -> TerrainChart {
        let game = self.game;
        let words = &game.meta.words;
        let mut types: Vec<String> = Vec::new();
        for t in &game.terrain {
            for (k, _) in &t.movement.by_type {
                if !types.contains(&k.v) {
                    types.push(k.v.clone());
                }
            }
        }
        let mut rows = Vec::new();
        // Cells, then hexside features, then lines (roads, railways).
        let is_line = |t: &&Terrain| t.is_line(game);
        let ordered = game
            .terrain
            .iter()
            .filter(|t| !t.hexside && !is_line(t))
            .chain(game.terrain.iter().filter(|t| t.hexside))
            .chain(game.terrain.iter().filter(is_line));
        for t in ordered {
            let moves: Vec<String> = if types.is_empty() {
                vec![t.movement.all.as_ref().map(|c| c.v.clone()).unwrap_or_else(|| "–".into())]
            } else {
                types
                    .iter()
                    .map(|ty| {
                        t.movement
                            .by_type
                            .iter()
                            .find(|(k, _)| &k.v == ty)
                            .map(|(_, c)| c.v.clone())
                            .or_else(|| t.movement.all.as_ref().map(|c| c.v.clone()))
                            .unwrap_or_else(|| "–".into())
                    })
                    .collect()
            };
            let mut combat = Vec::new();
            if let Some(s) = &t.shift {
                combat.push(shift_words(words, s.v));
            }
            if let Some(d) = &t.defence {
                combat.push(words.say("defence_times", &[("n", &d.v.to_string())]));
            }
            if let Some(d) = &t.drm {
                combat.push(words.say("drm", &[("modifier", &signed(d.v))]));
            }
            rows.push(TerrainRow {
                id: t.id.v.clone(),
                name: t.name.v.clone(),
                color: t.color.as_ref().map(|c| c.v.clone()),
                hexside: t.hexside,
                line: t.is_line(game),
                moves,
                combat: if combat.is_empty() { words.word("none") } else { combat.join(", ") },
                los: t.los.as_ref().map(|l| los_words(words, l.v, t.hindrance.as_ref().map(|h| h.v))),
                level: t.level.as_ref().map(|l| l.v.to_string()),
                height: t.height.as_ref().map(|h| h.v.to_string()),
                cover: t.cover.as_ref().map(|c| signed(c.v)),
                text: self.opt_text(&t.text),
                changed: false,
            });
        }
        for r in &mut rows {
            r.changed = self.terrain_changed(r);
        }
        let has_los = game.terrain.iter().any(|t| t.los.is_some());
        let move_heads: Vec<String> =
            if types.is_empty() { vec![words.word("movement")] } else { types.iter().map(|t| capitalise(t)).collect() };
        let mut chart = TerrainChart {
            title: words.word("terrain_effects_chart"),
            move_columns: move_heads,
            movement_types: !types.is_empty(),
            los: has_los,
            combat: game.terrain.iter().any(|t| t.shift.is_some() || t.defence.is_some() || t.drm.is_some()),
            level: game.terrain.iter().any(|t| t.level.is_some()),
            height: game.terrain.iter().any(|t| t.height.is_some()),
            cover: game.terrain.iter().any(|t| t.cover.is_some()),
            notes_under: false,
            rows,
        };
        let values = chart.move_columns.len()
            + [chart.combat, chart.los, chart.level, chart.height, chart.cover].iter().filter(|b| **b).count();
        chart.notes_under = values > NOTES_BESIDE;
        chart
    }

    /// The turn record track, with the reinforcements of `scenario` (every scenario's when
    /// `None`, each named) on their turns, set `width` wide. Boxes hold the game's largest
    /// counter.
    pub(super) fn turn_track(&mut self, scenario: Option<&str>, width: Mm) -> Option<TurnTrack> {
        let game = self.game;
        let track = game.turn_track.as_ref()?;
        let counter = game
            .counter_groups
            .iter()
            .filter_map(|g| g.size.as_ref().map(|s| s.v.0.max(s.v.1)))
            .fold(DEFAULT_COUNTER_MM, f64::max);
        let scenarios: Vec<&Scenario> =
            game.scenarios.iter().filter(|s| scenario.is_none_or(|id| s.id.v == id)).collect();
        let mut turns = Vec::new();
        for (i, t) in track.turns.iter().enumerate() {
            let number = i as i64 + 1;
            let mut arrivals = Vec::new();
            for sc in &scenarios {
                for side in &sc.sides {
                    let decl = self.ix.get::<Side>(game, &side.side.v);
                    for f in side.forces.iter().filter(|f| f.arrives.as_ref().is_some_and(|a| a.v == number)) {
                        let unit = f.unit_id(game).and_then(|u| self.ix.get::<Unit>(game, &u.v));
                        let name = f.name.as_ref().map(|n| n.v.clone()).or(unit.map(|u| u.name.v.clone()));
                        // A force naming its counters arrives by them: "XXIII Armoured Corps".
                        let ids: Vec<&str> = f.counters.iter().map(|c| c.v.as_str()).collect();
                        let name = match name {
                            Some(n) if !ids.is_empty() => Some(format!("{} {n}", ids.join(", "))),
                            other => other,
                        };
                        arrivals.push(Arrival {
                            scenario: (scenarios.len() > 1).then(|| sc.title.v.clone()),
                            side: decl.map(|d| d.name.v.clone()),
                            color: decl.and_then(|d| d.color.as_ref().map(|c| c.v.clone())),
                            text_color: decl.and_then(|d| d.color.as_ref().map(|c| contrast(&c.v))),
                            count: if ids.is_empty() { f.copies() } else { 1 },
                            name: name.unwrap_or_default(),
                        });
                    }
                }
            }
            turns.push(TurnData {
                number,
                name: t.name.as_ref().map(|n| n.v.clone()).unwrap_or_else(|| number.to_string()),
                weather: t.weather.as_ref().map(|w| w.v.clone()),
                event: self.opt_text(&t.event),
                arrivals,
                deck: deck_events(game, number),
                changed: false,
            });
        }
        for t in &mut turns {
            t.changed = self.turn_changed(scenario, t);
        }
        Some(TurnTrack {
            title: track.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| {
                // "Turn Record Track", in the game's word: "Round Record Track".
                game.meta.words.say("record_track", &[])
            }),
            box_mm: counter + TRACK_BOX_PAD_MM,
            counter,
            form: crate::layout::sheets::turn_form(turns.len(), Mm(counter + TRACK_BOX_PAD_MM), width),
            turns,
        })
    }

    /// What the player aid card shows: every CRT, the terrain chart, the sequence of play, the
    /// turn track and the tables the game chose.
    pub(super) fn aid(&mut self, paper: crate::model::PageSize, frame: Option<AidFit>) -> AidData {
        let game = self.game;
        // As measured at check (or tried by the measuring); a card not measured (a game's own aid
        // template measures for itself) at the body size.
        let frame = frame.or(self.layout.aid).unwrap_or_else(|| {
            let (_, page_h) = crate::layout::geometry::page_mm(paper, true);
            let floor = crate::length::Pt(game.meta.cheatsheet.font_size);
            AidFit::unmeasured(floor, crate::length::Mm(page_h).pt())
        });
        let aid = &game.meta.aid;
        let crts = game.crts.iter().map(|c| self.crt(c)).collect();
        let terrain = (!game.terrain.is_empty()).then(|| self.terrain_chart());
        let sequence = match &aid.sequence {
            Some(id) => self.ix.get::<Sequence>(game, &id.v),
            None => game.sequences.first(),
        };
        let sequence = sequence.map(|s| self.sequence(s));
        let (inner, column) = frame.widths(paper);
        let turn_track = self.turn_track(None, inner);
        let tables =
            aid.tables.iter().filter_map(|id| self.ix.get::<Table>(game, &id.v)).map(|t| self.table(t)).collect();
        let tracks = aid
            .tracks
            .iter()
            .filter_map(|id| self.ix.get::<Track>(game, &id.v))
            // One too long for a column runs across the foot, with the turn track.
            .map(|t| self.track(t, &Vec::new(), Room { column, across: Some(inner) }))
            .collect();
        let decks =
            aid.decks.iter().filter_map(|id| self.ix.get::<Deck>(game, &id.v)).map(|d| self.deck_list(d)).collect();
        let connections = game
            .connection_kinds
            .iter()
            .map(|k| ConnectionKindData {
                name: k.name.v.clone(),
                style: k.style.name(),
                color: k.color.as_ref().map_or(super::areas::CONNECTION_INK.to_string(), |c| c.v.clone()),
                limit: k.limit.as_ref().map(|l| l.v),
                seasons: super::areas::seasons(game, k),
                text: self.opt_text(&k.text),
            })
            .collect();
        AidData { crts, terrain, sequence, turn_track, tables, tracks, decks, connections, frame }
    }

    /// A track, its markers at `starts` (a scenario's; none elsewhere), set in `room`.
    pub(super) fn track(&self, t: &Track, starts: &TrackStarts, room: Room) -> TrackData {
        let game = self.game;
        let named: Vec<(Option<&str>, String, String)> = (t.marker_list(game).into_iter())
            .map(|(id, name, color)| (id, name, color.unwrap_or_else(|| DEFAULT_ACCENT.into())))
            .collect();
        let markers: Vec<TrackMarker> = (named.into_iter())
            .map(|(id, name, color)| {
                let at = starts.iter().find(|(m, _)| start_of(m, id, t)).and_then(|(_, v)| v.as_ref().map(|v| v.v));
                TrackMarker { name, text_color: contrast(&color), color, at, changed: false }
            })
            .collect();
        let boxes = t.boxes();
        let most = boxes.iter().map(|b| markers.iter().filter(|m| m.at == Some(*b)).count()).max().unwrap_or(0);
        let form = crate::layout::sheets::track_form(&boxes, most, room);
        TrackData { id: t.id.v.clone(), title: t.title.v.clone(), boxes, markers, form }
    }
}

pub(super) fn capitalise(s: &str) -> String {
    let s = s.replace(['-', '_'], " ");
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// What happens to the game's decks on turn `turn`, in words: each part that joins then (none
/// on turn 1, where every deck starts), each hand whose size changes then.
fn deck_events(game: &crate::model::Game, turn: i64) -> Vec<String> {
    let mut out = Vec::new();
    for d in &game.decks {
        for p in d.parts.iter().filter(|p| turn > 1 && p.joins() == turn) {
            let count = game
                .cards
                .iter()
                .filter(|c| {
                    crate::model::card_deck(game, c).is_some_and(|(k, part)| {
                        std::ptr::eq(&game.decks[k], d) && part.is_some_and(|i| std::ptr::eq(&d.parts[i], p))
                    })
                })
                .map(|c| c.quantity.as_ref().map_or(1, |q| q.v.clamp(1, crate::check::MAX_COPIES)))
                .sum::<i64>();
            let cards = game.meta.words.say_n("cards_count", count, &[]);
            out.push(
                game.meta
                    .words
                    .say("part_joins_deck", &[("part", &p.title.v), ("deck", &d.title.v), ("count", &cards)]),
            );
        }
        if turn > 1
            && let (Some(now), Some(before)) = (d.hand_on(turn), d.hand_on(turn - 1))
            && now != before
        {
            out.push(game.meta.words.say("deck_hands_of", &[("deck", &d.title.v), ("size", &now.to_string())]));
        }
    }
    out
}
