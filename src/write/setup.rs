//! Scenario set-ups for the virtual tabletops: which counter goes where when a `[[scenario]]`
//! starts. [`placements`] is the one place that decides it; the VASSAL set-ups and the
//! Tabletop Simulator saves only draw what it returns.

use crate::layout::Layout;
use crate::model::{Coord, Force, Game, Map, Scenario};

/// Where a counter starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// On a cell of the scenario's map.
    Cell(Coord),
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

pub use crate::layout::board::scenario_map;

/// Every counter a scenario's forces put on the table, and where. A force that names its
/// `counters` sets up exactly those (their first copies not yet set up); any other force of a
/// unit takes the next unused copies of that unit's counters (its first counter of each run, in
/// the order of the counter sheet; not the extra counters of a unit with more than two steps,
/// nor a counter another force names), `count` of them. One a cell of `cells` in turn (the
/// last cell takes the rest), or the cells of its `area` in turn, or, for a reinforcement
/// (`arrives`), off the map until its turn. A force whose unit has no counter left, a named
/// force (no unit) and a force that says nowhere (no cells, area or arrival) place nothing:
/// the players do, by the sheet.
pub fn placements(game: &Game, layout: &Layout, scenario: &Scenario) -> Vec<Placed> {
    let Some(map) = scenario_map(game, scenario) else { return Vec::new() };
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
            let Some(where_) = Where::of(map, force) else { continue };
            let copies: Vec<(usize, usize)> = if force.counters.is_empty() {
                let Some(unit) = &force.unit else { continue };
                (0..force.copies()).map_while(|_| next_copy(counters, &mut used, &unit.v)).collect()
            } else {
                named[si][fi].clone()
            };
            for (k, (counter, copy)) in copies.into_iter().enumerate() {
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
}

impl Where {
    /// None when the force says nowhere.
    fn of(map: &Map, force: &Force) -> Option<Where> {
        let grid = map.grid();
        let cells: Vec<Coord> = if !force.cells.is_empty() {
            force.cells.iter().filter_map(|c| grid.parse(&c.v)).filter(|c| grid.exists(*c)).collect()
        } else if let Some(area) = &force.area {
            map.areas
                .iter()
                .filter(|a| a.id.v == area.v)
                .flat_map(|a| a.cells.iter().flat_map(|c| grid.expand(&c.v).unwrap_or_default()))
                .collect()
        } else {
            Vec::new()
        };
        let arrives = force.arrives.as_ref().map(|t| (t.v, force.entry.as_ref().map(|e| e.v.clone())));
        if cells.is_empty() && arrives.is_none() {
            return None;
        }
        Some(Where { cells, area: force.area.is_some() && force.cells.is_empty(), arrives })
    }

    /// Where the force's `k`th unit goes.
    fn place(&self, k: usize) -> Place {
        match &self.arrives {
            Some((turn, entry)) => Place::Arrives { turn: *turn, entry: entry.clone() },
            None if self.area => Place::Cell(self.cells[k % self.cells.len()]),
            None => Place::Cell(self.cells[k.min(self.cells.len() - 1)]),
        }
    }
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
