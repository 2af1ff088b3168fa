//! What the game is played on and with, as `diff` compares it: maps (terrain per cell,
//! hexsides, lines, labels, edges, areas, size), scenarios (sides, forces with their set-up
//! cells, arrivals and entries, objectives, victory, special rules, board), scenario settings
//! and limits, combat results tables, the terrain effects chart and the turn record track.
//! Every struct is taken apart without `..`, as in `rules.rs`.

use crate::model::*;

use super::record::{Entry, Record, labelled, part_of};
use super::words::*;

fn grid_words(kind: &GridKind, scheme: &CoordScheme) -> String {
    let grid = match kind {
        GridKind::Square => "squares".to_string(),
        GridKind::Hex { top, even, short } => {
            let top = match top {
                HexTop::Flat => "flat-topped",
                HexTop::Pointy => "pointy-topped",
            };
            let offset = if *even { "even" } else { "odd" };
            let short = if *short { ", offset lines one short" } else { "" };
            format!("{top} hexes, {offset} lines offset{short}")
        }
    };
    let scheme = match scheme {
        CoordScheme::Xxyy => "named XXYY",
        CoordScheme::LetterNumber => "named letter-number",
        CoordScheme::None => "unnamed",
    };
    format!("{grid}, {scheme}")
}

/// "hexes" or "squares": what a map's cells are called.
fn cells_word(kind: &GridKind) -> &'static str {
    match kind {
        GridKind::Square => "squares",
        GridKind::Hex { .. } => "hexes",
    }
}

/// A map's terrain, terrain by terrain: "fortified hexes 1004 → 1104", compared cell by cell: the
/// same cells written another way ("0101-0103" for 0101, 0102, 0103) are no change.
fn terrain_cells(g: &Game, x: &Map, word: &str, r: &mut Record) {
    // Each cell is said by the entry that names it ("1013-1115 removed; 1013-1114 added").
    let grid = x.grid();
    for NamedCells { name: terrain, cells } in &x.cells {
        let mut each: Vec<(Coord, String, String)> = Vec::new();
        for e in cells {
            match grid.expand(&e.v) {
                Ok(coords) => each.extend(coords.into_iter().map(|c| (c, grid.name(c), e.v.clone()))),
                Err(_) => each.push((Coord { col: i64::MAX, row: i64::MAX }, e.v.clone(), e.v.clone())),
            }
        }
        each.sort_by(|a, b| (a.0.col, a.0.row, &a.1).cmp(&(b.0.col, b.0.row, &b.1)));
        each.dedup_by(|a, b| a.1 == b.1);
        r.said_list(
            &format!("{} {word}", terrain_name(g, &terrain.v)),
            each.into_iter().map(|(_, k, e)| (k, e)).collect(),
        );
    }
}

/// A map's hexsides, each feature's compared side by side by what they mean: "0304 n" and
/// "0303 s" are one hexside, a range is the sides it names, so a river rewritten another way
/// is no change; a side added or removed is said by the entry that names it.
fn hexside_list(g: &Game, x: &Map, hexsides: &[NamedCells], r: &mut Record) {
    let grid = x.grid();
    for NamedCells { name: feature, cells } in hexsides {
        let mut each: Vec<(String, String)> = Vec::new();
        for e in cells {
            let sides = grid.hexsides(&e.v);
            if sides.is_empty() {
                each.push((e.v.clone(), e.v.clone()));
            }
            each.extend(sides.into_iter().map(|(c, s)| (grid.hexside_name(c, s), e.v.clone())));
        }
        each.sort();
        each.dedup_by(|a, b| a.0 == b.0);
        r.said_list(&format!("{} hexsides", terrain_name(g, &feature.v)), each);
    }
}

pub(crate) fn map(g: &Game, x: &Map) -> Entry {
    let Map {
        id,
        title,
        kind,
        columns,
        rows,
        cell,
        scheme,
        terrain,
        cells: _, // terrain_cells
        hexsides,
        lines,
        labels,
        edges,
        areas,
        notes,
        page,
        landscape,
        board,
        arranged: _, // a scenario's boards: compared as the scenario's `boards`
        loc: _,
    } = x;
    let name = labelled(g, "map", &title.v);
    let word = cells_word(kind);
    let mut r = Record::new(&name);
    r.one("title", title.v.clone())
        .one("grid", grid_words(kind, scheme))
        .one("size", format!("{} × {} {word}", columns.v, rows.v))
        .one("cell size", mm(cell.v))
        .one("paper", page.as_ref().map(|p| p.v.typst_name().to_string()))
        .one("page orientation", landscape.map(|l| if l { "landscape" } else { "portrait" }.to_string()))
        .one("board", board.as_ref().map(|b| b.v.clone()))
        .refer("terrain elsewhere", terrain, |t| terrain_name(g, t));
    terrain_cells(g, x, word, &mut r);
    hexside_list(g, x, hexsides, &mut r);
    let lines = lines
        .iter()
        .map(|l| {
            let MapLine { terrain, path } = l;
            let what = terrain_name(g, &terrain.v);
            // A road is the same road written from either end: compared (and said) from the
            // end that sorts first.
            let mut path = strs(path);
            if path.iter().rev().cmp(path.iter()) == std::cmp::Ordering::Less {
                path.reverse();
            }
            let ends = match (path.first(), path.last()) {
                (Some(a), Some(b)) => format!(" {a}–{b}"),
                _ => String::new(),
            };
            let mut p = Record::new(format!("{name}, {what}{ends}"));
            p.one("terrain", what.clone()).list("path", path);
            p.item(None, format!("{what}{ends}"))
        })
        .collect();
    let labels = labels
        .iter()
        .map(|l| {
            let MapLabel { cell, text } = l;
            let mut p = Record::new(part_of(g, &name, "label", &text.v));
            p.one("text", text.v.clone()).one("at", cell.v.clone());
            p.item(None, format!("{} at {}", text.v, cell.v))
        })
        .collect();
    let edges =
        edges
            .iter()
            .map(|e| {
                let MapEdge { id, name: edge_name, edge, side } = e;
                let label = edge_name.as_ref().unwrap_or(id).v.clone();
                let mut p = Record::new(part_of(g, &name, "edge", &label));
                p.one("name", o(edge_name))
                    .one("edge", edge.as_ref().map(|e| format!("{:?}", e.v).to_lowercase()))
                    .refer("side", side, |s| side_name(g, s));
                p.item(id.v.clone(), label)
            })
            .collect();
    let areas = areas
        .iter()
        .map(|a| {
            let MapArea { id, name: area_name, side, cells, near } = a;
            let label = area_name.as_ref().unwrap_or(id).v.clone();
            let mut p = Record::new(part_of(g, &name, "area", &label));
            p.one("name", o(area_name)).refer("side", side, |s| side_name(g, s)).list(word, strs(cells));
            if let Some(AreaNear { terrain, cells: centres, within, loc: _ }) = near {
                p.one("near terrain", o(terrain))
                    .list("near cells", strs(centres))
                    .one("within", Some(within.as_ref().map_or(1, |w| w.v).to_string()));
            }
            p.item(id.v.clone(), label)
        })
        .collect();
    r.group("line", lines).group("label", labels).group("edge", edges).group("area", areas);
    r.text("notes", t(g, notes));
    r.item(id.v.clone(), &title.v)
}

/// A position in mm, as the data writes it.
fn at_mm((x, y): (f64, f64)) -> String {
    format!("{} mm, {} mm", num(x), num(y))
}

fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r.fract() == 0.0 { format!("{}", r as i64) } else { format!("{r}") }
}

pub(crate) fn area_map(g: &Game, x: &AreaMap) -> Entry {
    let AreaMap { id, title, points, size, terrain, background, places, connections, notes, page, landscape, loc: _ } =
        x;
    let name = labelled(g, "map", &title.v);
    let mut r = Record::new(&name);
    r.one("title", title.v.clone())
        .one("grid", if *points { "points" } else { "areas" }.to_string())
        .one("size", size.as_ref().map(|s| format!("{} × {} mm", num(s.v.0), num(s.v.1))))
        .one("background", o(background))
        .one("paper", page.as_ref().map(|p| p.v.typst_name().to_string()))
        .one("page orientation", landscape.map(|l| if l { "landscape" } else { "portrait" }.to_string()))
        .refer("terrain elsewhere", terrain, |t| terrain_name(g, t));
    let places = places
        .iter()
        .map(|p| {
            let Place { id, name: _, at, outline, outline_at: _, terrain, limit, value, side, port, loc: _ } = p;
            let label = p.label();
            let mut e = Record::new(part_of(g, &name, "area", &label));
            e.one("name", label.clone())
                .one("position", at.as_ref().map(|a| at_mm(a.v)))
                .list("outline", outline.iter().map(|p| at_mm(*p)).collect())
                .refer("terrain", terrain, |t| terrain_name(g, t))
                .one("stacking limit", limit.as_ref().map(|l| l.v.to_string()))
                .one("value", value.as_ref().map(|v| v.v.to_string()))
                .refer("owner", side, |s| side_name(g, s))
                .one("port", port.then(|| "yes".to_string()));
            e.item(id.v.clone(), label)
        })
        .collect();
    let connections = connections
        .iter()
        .map(|c| {
            let Connection { between, kind, kind_written: _, limit, loc: _ } = c;
            let ends: Vec<String> =
                between.iter().map(|b| x.place(&b.v).map_or_else(|| b.v.clone(), Place::label)).collect();
            let label = ends.join("–");
            let mut e = Record::new(part_of(g, &name, "connection", &label));
            e.refer("kind", kind, |k| connection_kind_name(g, k)).one("limit", limit.as_ref().map(|l| l.v.to_string()));
            // Keyed by its ends (a change of kind is a change), and by its kind too where a
            // road and a strait join the same two areas.
            // The first connection of two areas is keyed by them alone; a second one (of another
            // kind) by its kind too: adding a sea lane beside a road is one new connection.
            let mut key = c.ends();
            let first = x.connections.iter().position(|o| o.ends() == key);
            if first.is_some_and(|f| !std::ptr::eq(&x.connections[f], c)) {
                key.extend(kind.as_ref().map(|k| k.v.as_str()));
            }
            e.item(key.join(" "), label)
        })
        .collect();
    r.group("area", places).group("connection", connections);
    r.text("notes", t(g, notes));
    r.item(id.v.clone(), &title.v)
}

fn connection_kind_name(g: &Game, id: &str) -> String {
    g.connection_kinds.iter().find(|k| k.id.v == id).map_or_else(|| id.to_string(), |k| k.name.v.clone())
}

pub(crate) fn connection_kind(g: &Game, x: &ConnectionKind) -> Entry {
    let ConnectionKind { id, name, limit, limits, style, color, text, loc: _ } = x;
    let mut r = Record::new(labelled(g, "connection kind", &name.v));
    r.one("name", name.v.clone())
        .one("limit", limit.as_ref().map(|l| l.v.to_string()))
        .keyed("limit in", limits.iter().map(|(w, n)| (format!("limit in {}", w.v), n.v.to_string())).collect())
        .one("line", style.name().to_string())
        .one("colour", o(color))
        .text("text", t(g, text));
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn scenario_setting(g: &Game, x: &ScenarioSetting) -> Entry {
    let ScenarioSetting { id, name, values, required } = x;
    let mut r = Record::new(labelled(g, "scenario setting", &name.v));
    r.one("name", name.v.clone()).list("values", strs(values)).one("required", yes(*required));
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn scenario_limits(g: &Game) -> Record {
    let ScenarioLimits { points_stat, points_per_side, units_per_side, units_per_cell, loc: _ } = &g.scenario_limits;
    let mut r = Record::new(g.meta.words.word("diff_part_scenario_limits"));
    r.refer("points stat", points_stat, |s| stat_name(g, s))
        .one("points per side", n(points_per_side))
        .one("units per side", n(units_per_side))
        .one("units per cell", n(units_per_cell));
    r
}

/// A line of a side's forces, keyed by its unit (or name); the second line of the same unit is
/// "Rifle Corps (2)".
fn force(g: &Game, side_label: &str, x: &Force, nth: usize) -> Entry {
    let Force { unit: _, name, count: _, points, setup, arrives, cells, counters, area, entry, text, loc: _ } = x;
    // A force naming counters fields their unit.
    let unit = x.unit_id(g);
    let what = match (unit, name) {
        (Some(u), _) => unit_name(g, &u.v),
        (None, Some(n)) => n.v.clone(),
        (None, None) => String::new(),
    };
    let key = unit.or(name.as_ref()).map(|k| k.v.clone()).unwrap_or_default();
    let what = if nth > 1 { format!("{what} ({nth})") } else { what };
    let mut r = Record::new(format!("{side_label}, {what}"));
    // A force naming its counters sets each up in its cell (the last cell takes the rest): a
    // counter that moves is said as that counter's move ("II: 0505 → 0605").
    let (placed, cells) = if counters.is_empty() || cells.is_empty() {
        (Vec::new(), strs(cells))
    } else {
        let at = |i: usize| cells[i.min(cells.len() - 1)].v.clone();
        (counters.iter().enumerate().map(|(i, c)| (c.v.clone(), at(i))).collect(), Vec::new())
    };
    r.one("name", o(name))
        .one("count", x.copies().to_string())
        .list("counters", strs(counters))
        .one("points", n(points))
        .text("set-up", t(g, setup))
        .one("arrives on turn", n(arrives))
        .keyed("sets up", placed)
        .list("set-up cells", cells)
        .refer("set-up area", area, |a| place_name(g, a))
        .one("enters at", o(entry))
        .text("text", t(g, text));
    r.item(key, what)
}

fn scenario_side(g: &Game, label: &str, x: &ScenarioSide) -> Entry {
    let ScenarioSide { side, setup, forces, loc: _ } = x;
    let name = side_name(g, &side.v);
    let side_label = format!("{label}, {name}");
    let mut seen: std::collections::BTreeMap<Option<&str>, usize> = Default::default();
    let forces = forces
        .iter()
        .map(|f| {
            let nth = seen.entry(f.unit_id(g).or(f.name.as_ref()).map(|k| k.v.as_str())).or_insert(0);
            *nth += 1;
            force(g, &side_label, f, *nth)
        })
        .collect();
    let mut r = Record::new(&side_label);
    r.text("set-up", t(g, setup)).group("force", forces);
    r.item(side.v.clone(), name)
}

fn objective(g: &Game, label: &str, x: &Objective) -> Entry {
    let Objective { name, points, count, side, text, cells, loc: _ } = x;
    let mut r = Record::new(format!("{label}, {}", name.v));
    r.one("points", n(points))
        .one("how many", n(count))
        .refer("scored by", side, |s| side_name(g, s))
        .text("text", t(g, text))
        .list("cells", strs(cells));
    r.item(name.v.clone(), &name.v)
}

fn board(g: &Game, label: &str, r: &mut Record, x: &Option<Board>) {
    let Some(Board { map, boards, turned, arranged: _, window, arrows, loc: _ }) = x else {
        r.one("set-up map", None).group("arrow", Vec::new());
        return;
    };
    let arrows = arrows
        .iter()
        .map(|a| {
            let BoardArrow { setting, label: arrow_label, towards } = a;
            let what = match (setting, arrow_label) {
                (Some(s), _) => setting_name(g, &s.v),
                (None, Some(l)) => l.v.clone(),
                (None, None) => String::new(),
            };
            let mut p = Record::new(part_of(g, label, "arrow", &what));
            p.one("towards", towards.v.clone()).one("label", o(arrow_label));
            p.item(setting.as_ref().map(|s| s.v.clone()), what)
        })
        .collect();
    let rows: Vec<String> =
        boards.iter().map(|row| row.iter().map(|b| map_name(g, &b.v)).collect::<Vec<_>>().join(", ")).collect();
    // "set-up map": the scenario's own `map` is its text about the map, a field of its own.
    r.one("set-up map", map.as_ref().map(|m| map_name(g, &m.v)))
        .one("boards", (!rows.is_empty()).then(|| rows.join("; ")))
        .list("turned", turned.iter().map(|t| map_name(g, &t.v)).collect())
        .one("window", o(window))
        .group("arrow", arrows);
}

pub(crate) fn scenario(g: &Game, x: &Scenario) -> Entry {
    let Scenario {
        id,
        title,
        requires,
        situation,
        map,
        setup,
        sides,
        objectives,
        victory_points,
        more_than,
        turns,
        sudden_death,
        victory,
        special_rules,
        optional_rules,
        rules,
        settings,
        board: b,
        tracks,
        loc: _,
    } = x;
    let label = labelled(g, "scenario", &title.v);
    // "Morale, Velsk" = 6: each marker's starting box, named as the track and marker are.
    let mut starts: Vec<(String, String)> = Vec::new();
    for (track, markers) in tracks {
        let name = g.tracks.iter().find(|t| t.id.v == track.v).map_or(track.v.clone(), |t| t.title.v.clone());
        for (m, v) in markers {
            let key = match m {
                Some(m) => format!("{name}, {}", g.sides.iter().find(|s| s.id.v == m.v).map_or(&m.v, |s| &s.name.v)),
                None => name.clone(),
            };
            starts.push((key, v.as_ref().map_or(String::new(), |v| v.v.to_string())));
        }
    }
    let sides = sides.iter().map(|s| scenario_side(g, &label, s)).collect();
    let objectives = objectives.iter().map(|o| objective(g, &label, o)).collect();
    let mut r = Record::new(&label);
    r.one("title", title.v.clone())
        .one("rules version needed", o(requires))
        .text("situation", t(g, situation))
        .text("map", t(g, map))
        .paragraphs("set-up", texts(g, setup))
        .one("points to win", n(victory_points))
        .one("a total must exceed them", more_than.as_ref().map(|m| if m.v { "yes" } else { "no" }.to_string()))
        .one("turns", n(turns))
        .paragraphs("sudden death", texts(g, sudden_death))
        .paragraphs("victory", texts(g, victory))
        .paragraphs("special rules", texts(g, special_rules))
        .refs("optional rules", optional_rules, |s| section_name(g, s))
        .refs("rules to read", rules, |s| section_name(g, s))
        .keyed("", settings.iter().map(|(k, v)| (setting_name(g, &k.v), scalar(&v.v))).collect())
        .keyed("start on track", starts);
    board(g, &label, &mut r, b);
    r.group("side", sides).group("objective", objectives);
    r.item(id.v.clone(), &title.v)
}

fn effect_words(e: &ModifierEffect) -> (&'static str, String) {
    match e {
        ModifierEffect::Shift(n) => ("column shift", format!("{n:+}")),
        ModifierEffect::Drm(n) => ("die-roll modifier", format!("{n:+}")),
    }
}

/// A CRT modifier: keyed by its cause ("Mud: column shift -1 → -2"); one without a cause is
/// matched by its text, then by its place.
fn modifier(g: &Game, label: &str, x: &CrtModifier) -> Entry {
    let CrtModifier { effect, cause, text, loc: _ } = x;
    let cause_name = cause.as_ref().map(|(kind, id)| match kind {
        RefKind::Terrain => terrain_name(g, &id.v),
        RefKind::Unit => unit_name(g, &id.v),
        RefKind::Kind => kind_name(g, &id.v),
        RefKind::Section => section_name(g, &id.v),
        RefKind::Ability => crate::markup::ability_label(g, &id.v),
        RefKind::Stat => stat_name(g, &id.v),
        RefKind::Term => id.v.clone(),
        RefKind::Card => crate::markup::card_title(g, &id.v).unwrap_or_else(|| id.v.clone()),
    });
    let text = t(g, text);
    let effect = effect.as_ref().map(|e| effect_words(&e.v));
    let title = cause_name.clone().or_else(|| text.as_ref().map(|t| t.1.clone())).unwrap_or_default();
    let mut r = Record::new(format!("{label}, {title}"));
    r.one("column shift", effect.as_ref().filter(|e| e.0 == "column shift").map(|e| e.1.clone()))
        .one("die-roll modifier", effect.as_ref().filter(|e| e.0 == "die-roll modifier").map(|e| e.1.clone()))
        .text("when", text);
    let brief = match &effect {
        Some((what, n)) => format!("{title} ({what} {n})"),
        None => title,
    };
    r.item(cause.as_ref().map(|(k, id)| format!("{} {}", k.name(), id.v)), brief)
}

pub(crate) fn crt(g: &Game, x: &Crt) -> Entry {
    let Crt { id, title, columns, labels, dice, rows, legend, modifiers, notes, loc: _ } = x;
    let label = title.as_ref().map_or("Combat Results Table".to_string(), |t| t.v.clone());
    let cells: Vec<(String, String)> = rows
        .iter()
        .flat_map(|row| {
            let CrtRow { roll, results, loc: _ } = row;
            let (lo, hi) = roll.v;
            let roll = if lo == hi { lo.to_string() } else { format!("{lo}-{hi}") };
            results.iter().enumerate().map(move |(i, x)| {
                let column = labels.get(i).map_or((i + 1).to_string(), |l| l.v.clone());
                (format!("roll {roll}, {column}"), x.v.clone())
            })
        })
        .collect();
    let legend = legend
        .iter()
        .map(|l| {
            let CrtResult { code, text } = l;
            let mut p = Record::new(part_of(g, &label, "result", &code.v));
            p.text("", t(g, text));
            p.item(code.v.clone(), format!("result {}", code.v))
        })
        .collect();
    let modifiers = modifiers.iter().map(|m| modifier(g, &label, m)).collect();
    let mut r = Record::new(&label);
    r.one("title", o(title))
        .one("columns", format!("{} ({})", strs(labels).join(", "), columns.name()))
        .one("dice", dice.as_ref().map(|d| format!("{}d{}", d.v.0, d.v.1)))
        .keyed("", cells)
        .paragraphs("notes", texts(g, notes))
        .group("result", legend)
        .group("modifier", modifiers);
    r.item(id.v.clone(), label)
}

pub(crate) fn terrain(g: &Game, x: &Terrain) -> Entry {
    let Terrain {
        id,
        name,
        color,
        pattern,
        hexside,
        line,
        movement,
        shift,
        defence,
        drm,
        los,
        hindrance,
        level,
        height,
        cover,
        text,
    } = x;
    let MoveCost { all, by_type } = movement;
    let mut moves: Vec<(String, String)> = all.iter().map(|m| ("movement".to_string(), m.v.clone())).collect();
    moves.extend(by_type.iter().map(|(k, m)| (format!("movement ({})", k.v), m.v.clone())));
    let mut r = Record::new(&name.v);
    r.one("name", name.v.clone())
        .one("colour", o(color))
        .one("pattern", o(pattern))
        .one("hexside feature", yes(*hexside))
        .one("line feature", yes(*line))
        .keyed("", moves)
        .one("column shift", n(shift))
        .one("defence", n(defence))
        .one("die-roll modifier", n(drm))
        .one("line of sight", los.as_ref().map(|l| l.v.name().to_string()))
        .one("hindrance", n(hindrance))
        .one("ground level", n(level))
        .one("height", n(height))
        .one("cover", n(cover))
        .text("text", t(g, text));
    r.item(id.v.clone(), &name.v)
}

pub(crate) fn turn_track(g: &Game) -> Vec<Entry> {
    let Some(TurnTrack { title, turns, loc: _ }) = &g.turn_track else { return Vec::new() };
    let label = title.as_ref().map_or("Turn record track".to_string(), |t| t.v.clone());
    let turns = turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let Turn { name, weather, event } = turn;
            let mut p = match name {
                Some(n) => Record::new(part_of(g, &label, "turn", &format!("{} ({})", i + 1, n.v))),
                None => Record::new(part_of(g, &label, "turn", &(i + 1).to_string())),
            };
            p.one("name", o(name)).one("weather", o(weather)).text("event", t(g, event));
            p.item((i + 1).to_string(), (i + 1).to_string())
        })
        .collect();
    let mut r = Record::new(&label);
    r.one("title", o(title)).group("turn", turns);
    vec![r.item("turn_track".to_string(), label)]
}

pub(crate) fn track(g: &Game, x: &Track) -> Entry {
    let Track { id, title, from: _, to, markers, broken: _, loc: _ } = x;
    let mut r = Record::new(labelled(g, "track", &title.v));
    let marker = |m: &str| g.sides.iter().find(|s| s.id.v == m).map_or(m.to_string(), |s| s.name.v.clone());
    r.one("title", title.v.clone())
        .one("first box", x.first().to_string())
        .one("last box", n(to))
        .list("markers", markers.iter().map(|m| marker(&m.v)).collect());
    r.item(id.v.clone(), &title.v)
}
