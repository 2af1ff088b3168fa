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
/// The window of the geomorphic boards, in the game's words.
pub(super) fn boards_window(game: &Game) -> String {
    game.meta.words.word("vassal_boards")
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
        let laid = LaidBoards::of(input, sc);
        let board = scenario_board(game, sc).and_then(|k| input.boards.get(k));
        let board = board.or_else(|| laid.as_ref().and_then(|l| input.boards.get(l.boards.first()?.board)));
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
        let in_areas = area_points(game, input.layout, sc, &placed);
        let mut commands = Vec::new();
        for (n, p) in placed.iter().enumerate() {
            let Some(piece) = &pieces[p.counter] else { continue };
            let id = format!("{}-{}", crate::render::png::safe_stem(&sc.id.v), n + 1);
            let at = match &p.place {
                Place::Cell(c) if laid.is_some() => {
                    let Some(l) = &laid else { continue };
                    let Some((x, y)) = l.at(input, *c) else { continue };
                    (l.window.as_str(), x, y)
                }
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
        // The boards laid as the scenario lays them (VASSAL then asks nothing on loading).
        commands.extend(laid.map(|l| l.command));
        out.push(Setup { title: sc.title.v.clone(), file, commands, arrivals });
    }
    out
}

/// A scenario's geomorphic boards in the window of boards: each board (by its place in
/// [`VassalInput::boards`]) with where VASSAL lays it and whether it is turned, and the command
/// that lays them so.
struct LaidBoards {
    /// The window's name.
    window: String,
    /// Each board: its place in the input's boards, the map it is, its top-left corner in the
    /// window (px), its image's size (px) and whether it is turned.
    boards: Vec<Laid>,
    /// VASSAL's `SetBoards` command (`BoardPicker.encode`): the window's name and
    /// `BoardPicker`, then each board's name (`/rev` when reversed), column and row, by tabs.
    command: String,
    /// The grid the boards make laid side by side.
    whole: crate::model::Grid,
}

/// One board of [`LaidBoards`].
struct Laid {
    board: usize,
    map: String,
    at: (i64, i64),
    size: (i64, i64),
    turned: bool,
}

impl LaidBoards {
    /// The boards of scenario `sc`, when it is played on geomorphic boards (laid side by side,
    /// or one board alone).
    fn of(input: &VassalInput, sc: &crate::model::Scenario) -> Option<LaidBoards> {
        let game = input.game;
        let map = crate::write::setup::scenario_map(game, sc)?;
        let placed = &map.arranged.as_ref()?.boards;
        let mut boards: Vec<Laid> = Vec::new();
        for p in placed {
            let k = game.maps.iter().position(|m| m.id.v == p.map)?;
            let img = &input.boards.get(k)?.image;
            let size = (i64::from(img.width()), i64::from(img.height()));
            // VASSAL lays a board after the widths of those before it in its row and the
            // heights of those above it in its column.
            let x = (placed.iter().zip(&boards))
                .filter(|(q, _)| q.slot.1 == p.slot.1 && q.slot.0 < p.slot.0)
                .map(|(_, l)| l.size.0)
                .sum();
            let y = (placed.iter().zip(&boards))
                .filter(|(q, _)| q.slot.0 == p.slot.0 && q.slot.1 < p.slot.1)
                .map(|(_, l)| l.size.1)
                .sum();
            boards.push(Laid { board: k, map: p.map.clone(), at: (x, y), size, turned: p.turned });
        }
        let window = boards_window(game);
        let mut command = format!("{window}BoardPicker");
        for (p, l) in placed.iter().zip(&boards) {
            let name = field(&input.boards[l.board].name);
            let rev = if l.turned { "/rev" } else { "" };
            command.push_str(&format!("\t{name}{rev}\t{}\t{}", p.slot.0, p.slot.1));
        }
        Some(LaidBoards { window, boards, command, whole: map.grid() })
    }

    /// Where cell `c` of the scenario's map is in the window, px: its board's corner and the
    /// cell's centre on the board (turned with it).
    fn at(&self, input: &VassalInput, c: crate::model::Coord) -> Option<(i64, i64)> {
        let (p, local) = self.whole.board_of(c)?;
        let laid = self.boards.iter().find(|l| l.map == p.map)?;
        let board = input.boards.get(laid.board)?;
        let BoardGrid::Cells(geometry) = &board.grid else { return None };
        let (x, y) = geometry.centre(local);
        let (x, y) = (Mm(x).px(board.dpi).round() as i64, Mm(y).px(board.dpi).round() as i64);
        let (x, y) = if laid.turned { (laid.size.0 - x, laid.size.1 - y) } else { (x, y) };
        Some((laid.at.0 + x, laid.at.1 + y))
    }
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
