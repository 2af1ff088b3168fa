//! Scenario set-ups as saved games: each counter on its cell, reinforcements in the arrivals
//! window, the save's date.

use super::*;

/// A scenario's set-up: a saved game inside the module, on the File menu.
pub(super) struct Setup {
    /// The menu entry: the scenario's title.
    pub(super) title: String,
    /// The saved game's entry at the module's root: `<scenario id>.vsav`.
    pub(super) file: String,
    /// Its add-piece commands.
    pub(super) commands: Vec<String>,
    /// Its reinforcements' rows in the arrivals window: (name, y), pieces from x = 60.
    pub(super) arrivals: Vec<(String, i64)>,
}

/// The name of the window that holds the reinforcements of the set-ups.
/// The arrivals window's name, in the game's words.
pub fn arrivals_name(game: &Game) -> String {
    game.meta.words.word("vassal_arrivals")
}
/// Where the arrivals window's first piece is and how far apart its pieces and rows are, px.
pub(super) const ARRIVAL_START: i64 = 60;
pub(super) const ARRIVAL_STEP: i64 = 90;
pub(super) const ARRIVAL_ROW: i64 = 110;

/// Each scenario's set-up: every counter [`crate::write::setup::placements`] places, at the
/// centre of its cell on its map's board (VASSAL snaps nothing on load: the position is the
/// cell's centre in the board's pixels, rounded), or in the arrivals window, in a row per
/// turn of arrival (and entry cell).
pub(super) fn setups(
    input: &VassalInput,
    pieces: &[Option<CounterPiece>],
    tracks: Option<&tracks::TrackWindow>,
) -> Vec<Setup> {
    use crate::write::setup::{Place, area_points, placements, scenario_board};
    let game = input.game;
    let menu = Menu::of(&game.meta.words);
    // The arrivals window's rows, one per turn of arrival and entry cell of any scenario, in
    // turn order; each set-up uses those it needs.
    let words = &game.meta.words;
    let row_name = |turn: i64, entry: &Option<String>| match entry {
        Some(e) => words.say("vassal_arrival_enters", &[("number", &turn.to_string()), ("entry", e)]),
        None => words.say("vassal_arrival", &[("number", &turn.to_string())]),
    };
    let arrivals_map = arrivals_name(game);
    let mut turns: Vec<(i64, String)> = (game.scenarios.iter())
        .flat_map(|sc| placements(game, input.layout, sc))
        .filter_map(|p| match &p.place {
            Place::Arrives { turn, entry } => Some((*turn, row_name(*turn, entry))),
            Place::Cell(_) | Place::Area(_) => None,
        })
        .collect();
    turns.sort();
    turns.dedup();
    let rows: Vec<(String, i64)> =
        turns.into_iter().enumerate().map(|(k, (_, n))| (n, ARRIVAL_START + k as i64 * ARRIVAL_ROW)).collect();
    let mut out = Vec::new();
    for sc in &game.scenarios {
        // The tracks' markers in their starting boxes: a set-up of their own when the
        // scenario has no map.
        let track_commands = tracks.map(|t| t.setup(game, sc)).unwrap_or_default();
        let file = format!("{}.vsav", crate::render::png::safe_stem(&sc.id.v));
        let board = scenario_board(game, sc).and_then(|k| input.boards.get(k));
        let Some(board) = board else {
            if !track_commands.is_empty() {
                out.push(Setup { title: sc.title.v.clone(), file, commands: track_commands, arrivals: Vec::new() });
            }
            continue;
        };
        let placed: Vec<_> =
            placements(game, input.layout, sc).into_iter().filter(|p| pieces[p.counter].is_some()).collect();
        let arrivals: Vec<(String, i64)> = rows
            .iter()
            .filter(|(row, _)| {
                placed
                    .iter()
                    .any(|p| matches!(&p.place, Place::Arrives { turn, entry } if row_name(*turn, entry) == *row))
            })
            .cloned()
            .collect();
        let mut in_row = vec![0i64; rows.len()];
        let px = |mm: f64| Mm(mm).px(board.dpi).round() as i64;
        let in_areas = area_points(game, sc, &placed);
        let mut commands = Vec::new();
        for (n, p) in placed.iter().enumerate() {
            let Some(piece) = &pieces[p.counter] else { continue };
            let id = format!("{}-{}", crate::render::png::safe_stem(&sc.id.v), n + 1);
            let at = match &p.place {
                Place::Cell(c) => {
                    let BoardGrid::Cells(geometry) = &board.grid else { continue };
                    let (x, y) = geometry.centre(*c);
                    (board.name.as_str(), px(x), px(y))
                }
                Place::Area(_) => {
                    let Some(((x, y), _)) = in_areas[n] else { continue };
                    (board.name.as_str(), px(x), px(y))
                }
                Place::Arrives { turn, entry } => {
                    let name = row_name(*turn, entry);
                    let r = arrivals.iter().position(|(n, _)| *n == name).expect("every arrival has its row");
                    let x = ARRIVAL_START + in_row[r] * ARRIVAL_STEP;
                    in_row[r] += 1;
                    (arrivals_map.as_str(), x, arrivals[r].1)
                }
            };
            commands.push(piece.add_command(Some(at), &id, &menu));
        }
        commands.extend(track_commands);
        out.push(Setup { title: sc.title.v.clone(), file, commands, arrivals });
    }
    out
}

/// The save date of the module and its set-ups, in milliseconds since 1970 (VASSAL's
/// `dateSaved`): midnight UTC of the rules version's date (`[game] date`, else the changelog
/// entry of the version); 0 when neither gives one.
pub fn date_saved(game: &Game) -> i64 {
    let version = game.meta.version();
    let date = game
        .meta
        .date
        .as_ref()
        .or_else(|| game.changelog.iter().find(|e| e.version.v == version).and_then(|e| e.date.as_ref()));
    date.and_then(|d| epoch_millis(&d.v)).unwrap_or(0)
}

/// `YYYY-MM-DD` as milliseconds since 1970-01-01 (UTC midnight); `None` if it is no date.
pub fn epoch_millis(date: &str) -> Option<i64> {
    let mut parts = date.trim().splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (y, m, d) = (parts.next()??, parts.next()??, parts.next()??);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some((era * 146_097 + doe - 719_468) * 86_400_000)
}

/// A `.vsav`: a zip of `savedGame` (VASSAL's obfuscated form, `!VCSK`, key 0, each byte as
/// two hex digits, of `begin_save`, the add-piece commands and `end_save`, separated by
/// ESC), `savedata` and `moduledata`. No `SETUP_STACK` command: VASSAL then deals the decks
/// of the module as in a new game.
pub(super) fn saved_game(commands: &[String], save_data: &str, module_data: &str) -> Result<Vec<u8>, String> {
    let mut text = String::from("begin_save");
    for c in commands {
        text.push('\u{1b}');
        text.push_str(c);
    }
    text.push_str("\u{1b}end_save");
    let mut saved = String::from("!VCSK00");
    for b in text.bytes() {
        saved.push_str(&format!("{b:02x}"));
    }
    zip(&[
        ("savedGame".into(), saved.into_bytes()),
        ("savedata".into(), save_data.as_bytes().to_vec()),
        ("moduledata".into(), module_data.as_bytes().to_vec()),
    ])
}

/// A saved game's `savedata`: the module's version, VASSAL's, the date and the scenario.
pub(super) fn save_data(version: &str, date: i64, description: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>{}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>{date}</dateSaved>\n  <description>{}</description>\n</data>\n",
        xml(version),
        xml(description)
    )
}
