//! Scenario set-ups for the virtual tabletops: which counter goes where when a `[[scenario]]`
//! starts. [`placements`] is the one place that decides it; the VASSAL set-ups and the
//! Tabletop Simulator saves only draw what it returns.

use crate::layout::Layout;
use crate::model::{Coord, Game, Map, Scenario};

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

/// The map a scenario is played on: its `[scenario.board] map`, else the game's first map.
pub fn scenario_map<'g>(game: &'g Game, scenario: &Scenario) -> Option<&'g Map> {
    match &scenario.board {
        Some(b) => game.maps.iter().find(|m| m.id.v == b.map.v),
        None => game.maps.first(),
    }
}

/// Every counter a scenario's forces put on the table, and where: each force of a unit takes
/// the next unused copies of that unit's counters (its first counter of each run, in the
/// order of the counter sheet; not the extra counters of a unit with more than two steps),
/// `count` of them; one a cell of `cells` in turn (the last cell takes the rest), or the
/// cells of its `area` in turn, or, for a reinforcement (`arrives`), off the map until its
/// turn. A force whose unit has no counter left, a named force (no unit) and a force that
/// says nowhere (no cells, area or arrival) place nothing: the players do, by the sheet.
pub fn placements(game: &Game, layout: &Layout, scenario: &Scenario) -> Vec<Placed> {
    let Some(map) = scenario_map(game, scenario) else { return Vec::new() };
    let grid = map.grid();
    let counters = &layout.counters.counters;
    // Copies still free, by counter.
    let mut used: Vec<usize> = vec![0; counters.len()];
    let mut out = Vec::new();
    for side in &scenario.sides {
        for force in &side.forces {
            let Some(unit) = &force.unit else { continue };
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
            let arrives = force.arrives.as_ref().map(|t| t.v);
            if cells.is_empty() && arrives.is_none() {
                continue;
            }
            for k in 0..force.copies() as usize {
                let Some((counter, copy)) = next_copy(counters, &mut used, &unit.v) else { break };
                let place = match arrives {
                    Some(turn) => Place::Arrives { turn, entry: force.entry.as_ref().map(|e| e.v.clone()) },
                    None if force.area.is_some() => Place::Cell(cells[k % cells.len()]),
                    None => Place::Cell(cells[k.min(cells.len() - 1)]),
                };
                out.push(Placed { counter, copy, place });
            }
        }
    }
    out
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
