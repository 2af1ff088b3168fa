//! Scenario set-ups for the virtual tabletops: which counter goes where when a `[[scenario]]`
//! starts. [`placements`] is the one place that decides it; the VASSAL set-ups and the
//! Tabletop Simulator saves only draw what it returns.

use crate::layout::Layout;
use crate::model::{AreaMap, Coord, Force, Game, Map, Scenario};

/// Where a counter starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// On a cell of the scenario's map.
    Cell(Coord),
    /// In an area of the scenario's map of areas (its id).
    Area(String),
    /// Off the map until `turn`, then entering at `entry` (a cell name) when the force says.
    Arrives {
        /// The turn it arrives on.
        turn: i64,
        /// The edge cell it enters at.
        entry: Option<String>,
    },
}

/// One counter copy of a scenario's forces and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The counter: its position in `layout.counters.counters`.
    pub counter: usize,
    /// Which printed copy of it (from 0).
    pub copy: usize,
    /// Where it starts.
    pub place: Place,
}

pub use crate::layout::board::{scenario_area_map, scenario_map};

/// The map a scenario sets up on: a grid of cells, or areas.
#[derive(Clone, Copy)]
enum Target<'g> {
    Cells(&'g Map),
    Areas(&'g AreaMap),
}

/// Every counter a scenario's forces put on the table, and where. A force that names its
/// `counters` sets up exactly those (their first copies not yet set up); any other force of a
/// unit takes the next unused copies of that unit's counters (its first counter of each run, in
/// the order of the counter sheet; not the extra counters of a unit with more than two steps,
/// nor a counter another force names), `count` of them. One a cell of `cells` in turn (the
/// last cell takes the rest), or the cells of its `area` in turn, or, for a reinforcement
/// (`arrives`), off the map until its turn. A force whose unit has no counter left, a named
/// force (no unit) and a force that says nowhere (no cells, area or arrival) place nothing:
/// the players do, by the sheet. On a map of areas, a force's units all go to its `area`; a
/// unit of several blocks (a block group's `count`) sets up all its blocks together.
pub fn placements(game: &Game, layout: &Layout, scenario: &Scenario) -> Vec<Placed> {
    let map = match (scenario_area_map(game, scenario), scenario_map(game, scenario)) {
        (Some(a), _) => Target::Areas(a),
        (None, Some(m)) => Target::Cells(m),
        (None, None) => return Vec::new(),
    };
    let counters = &layout.counters.counters;
    // Copies taken so far, by counter; named counters first, so no count takes them.
    let mut used: Vec<usize> = vec![0; counters.len()];
    let named: Vec<Vec<Vec<(usize, usize)>>> = scenario
        .sides
        .iter()
        .map(|side| {
            side.forces
                .iter()
                .map(|f| {
                    let unit = f.unit.as_ref().map(|u| u.v.as_str());
                    let side = side.side.v.as_str();
                    f.counters.iter().filter_map(|id| named_copy(counters, &mut used, (unit, side, &id.v))).collect()
                })
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for (si, side) in scenario.sides.iter().enumerate() {
        for (fi, force) in side.forces.iter().enumerate() {
            let Some(where_) = Where::of(map, force, &game.meta.words) else { continue };
            // (unit, copy of a counter): a unit of several blocks is that many copies.
            let copies: Vec<(usize, (usize, usize))> = if force.counters.is_empty() {
                let Some(unit) = &force.unit else { continue };
                let per_unit = counters
                    .iter()
                    .find(|c| c.unit.as_deref() == Some(unit.v.as_str()) && c.step == 0)
                    .map_or(1, |c| c.per_unit.max(1));
                (0..force.copies() as usize)
                    .flat_map(|k| std::iter::repeat_n(k, per_unit as usize))
                    .map_while(|k| next_copy(counters, &mut used, &unit.v).map(|c| (k, c)))
                    .collect()
            } else {
                named[si][fi].iter().copied().enumerate().collect()
            };
            for (k, (counter, copy)) in copies {
                out.push(Placed { counter, copy, place: where_.place(k) });
            }
        }
    }
    out
}

/// Where a force's units go: cells in turn (the last takes the rest), an area's cells in turn,
/// or off the map until a turn.
struct Where {
    cells: Vec<Coord>,
    area: bool,
    arrives: Option<(i64, Option<String>)>,
    /// An area of a map of areas.
    place: Option<String>,
}

impl Where {
    /// None when the force says nowhere.
    fn of(target: Target, force: &Force, words: &crate::model::Words) -> Option<Where> {
        let map = match target {
            Target::Cells(m) => m,
            Target::Areas(m) => {
                let place = force.area.as_ref().filter(|a| m.place(&a.v).is_some()).map(|a| a.v.clone());
                // A reinforcement enters at an area: by its name.
                let entry = |e: &crate::model::Sp<String>| m.place(&e.v).map_or_else(|| e.v.clone(), |p| p.label());
                let arrives = force.arrives.as_ref().map(|t| (t.v, force.entry.as_ref().map(entry)));
                if place.is_none() && arrives.is_none() {
                    return None;
                }
                return Some(Where { cells: Vec::new(), area: false, arrives, place });
            }
        };
        let grid = map.grid();
        let cells: Vec<Coord> = if !force.cells.is_empty() {
            force.cells.iter().filter_map(|c| grid.parse(&c.v)).filter(|c| grid.exists(*c)).collect()
        } else if let Some(area) = &force.area {
            map.areas.iter().filter(|a| a.id.v == area.v).flat_map(|a| a.coords(map)).collect()
        } else {
            Vec::new()
        };
        // An edge is named as the sheets name it ("the German edge"), a cell as written.
        let arrives =
            force.arrives.as_ref().map(|t| (t.v, force.entry.as_ref().map(|e| map.entry_words_in(&e.v, words))));
        if cells.is_empty() && arrives.is_none() {
            return None;
        }
        Some(Where { cells, area: force.area.is_some() && force.cells.is_empty(), arrives, place: None })
    }

    /// Where the force's `k`th unit goes.
    fn place(&self, k: usize) -> Place {
        match &self.arrives {
            Some((turn, entry)) => Place::Arrives { turn: *turn, entry: entry.clone() },
            None if let Some(p) = &self.place => Place::Area(p.clone()),
            None if self.area => Place::Cell(self.cells[k % self.cells.len()]),
            None => Place::Cell(self.cells[k.min(self.cells.len() - 1)]),
        }
    }
}

/// The board a scenario is played on, by index among the boards of the virtual tabletops: the
/// grid maps in order, then the maps of areas.
pub fn scenario_board(game: &Game, scenario: &Scenario) -> Option<usize> {
    if let Some(a) = scenario_area_map(game, scenario) {
        return game.area_maps.iter().position(|m| m.id.v == a.id.v).map(|k| game.maps.len() + k);
    }
    let m = scenario_map(game, scenario)?;
    game.maps.iter().position(|x| x.id.v == m.id.v)
}

/// Where each of `placed` goes on a map of areas (none for a piece not in an area): its area's
/// centre, mm, and its place in the area's stack (0 at the bottom). The pieces of an area stack
/// on its centre, as a VASSAL area game keeps them: spread out, they would reach into a
/// neighbouring area, and the board would name that one.
pub fn area_points(
    game: &Game,
    layout: &Layout,
    scenario: &Scenario,
    placed: &[Placed],
) -> Vec<Option<((f64, f64), usize)>> {
    let Some(m) = scenario_area_map(game, scenario) else { return vec![None; placed.len()] };
    let Some((laid, _)) = layout.areas_of(game, m) else { return vec![None; placed.len()] };
    let mut in_area: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    placed
        .iter()
        .map(|p| {
            let Place::Area(id) = &p.place else { return None };
            let shape = laid.area(id)?;
            let n = in_area.entry(id.as_str()).or_insert(0);
            *n += 1;
            Some((shape.centre, *n - 1))
        })
        .collect()
}

/// The next unused copy of a counter of `unit`: counters in sheet order, each copy in turn.
fn next_copy(counters: &[crate::layout::RCounter], used: &mut [usize], unit: &str) -> Option<(usize, usize)> {
    let i = (0..counters.len()).find(|&i| {
        let c = &counters[i];
        c.unit.as_deref() == Some(unit) && c.step == 0 && (used[i] as i64) < c.quantity.max(1)
    })?;
    used[i] += 1;
    Some((i, used[i] - 1))
}

/// The next unused copy of the counter a force names by id (its run's id or own id, else its
/// label), of the force's unit when it has one, and of its side when the counter has one.
fn named_copy(
    counters: &[crate::layout::RCounter],
    used: &mut [usize],
    (unit, side, id): (Option<&str>, &str, &str),
) -> Option<(usize, usize)> {
    let i = (0..counters.len()).find(|&i| {
        let c = &counters[i];
        let named = c.setup_id() == Some(id);
        named
            && c.step == 0
            && unit.is_none_or(|u| c.unit.as_deref() == Some(u))
            && c.side.as_deref().is_none_or(|s| s == side)
            && (used[i] as i64) < c.quantity.max(1)
    })?;
    used[i] += 1;
    Some((i, used[i] - 1))
}
