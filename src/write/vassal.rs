//! VASSAL: a module (`<id>.vmod`, a zip) from the faces of the pieces document, the pages of
//! the charts, the whole maps and the scenarios.
//!
//! The module holds `moduledata`, `buildFile.xml`, `images/` and a saved game per scenario:
//! a piece palette with a tab per side and counter group (markers apart), each counter a
//! piece named after it (its title, unique) whose basic image is its front and whose back is
//! a flip layer (`emb2`, Ctrl+F) named after the back face, with Delete (and Clone on
//! markers); a map window per `[[map]]`, its board the whole map as one image at
//! [`PIECE_DPI`] (the counters' scale; less for huge maps, [`board_dpi`]) with a hex or
//! square grid on which pieces snap to cell centres and that names cells as the map does; the
//! card decks (a draw pile per part of each strategy deck with a discard pile, then one per
//! side; masked cards) in a "Decks" window of their own (the main "Table" of a game without
//! maps), and a hand per side that plays from a strategy deck; the tracks in a "Tracks" window
//! (`tracks`); a predefined set-up per scenario (File menu) with its
//! counters on their cells and its reinforcements in an "Arrivals" window; a chart window
//! with the cheatsheet, player aid card and scenario sheets as images. Name, version and save
//! date come from `[game]`. The zip is deterministic: entries sorted, every timestamp
//! 1980-01-01, fixed permissions.
//!
//! Trait strings follow VASSAL's piece definition: traits separated by tabs, outermost first,
//! the basic piece `piece;;;IMAGE;NAME` last, then `/` and the state of each (see VASSAL's
//! `Embellishment`, `Obscurable` and `BasicPiece`, and a real module such as
//! jzedwards/vassal-hex-n-counters-template).

use std::io::Write;

mod build_file;
mod grid;
mod pieces;
mod saves;
mod tracks;

use build_file::*;
pub use grid::*;
pub use pieces::*;
pub use saves::*;

use image::RgbImage;

use crate::layout::Layout;
use crate::layout::map::{Geometry, GridKind, HexTop};
use crate::length::Mm;
use crate::model::CoordScheme;
use crate::model::Game;
use crate::render::png::{FacePage, PieceKind, PieceNames, encode_png};

/// The resolution of piece images in the module: a 5/8" counter is 75 px, as in most modules.
pub const PIECE_DPI: f64 = 120.0;
/// The resolution of chart pages: small print stays legible at 100 % zoom.
pub const CHART_DPI: f64 = 150.0;
/// The VASSAL version the module declares.
pub const VASSAL_VERSION: &str = "3.7.0";

/// What the module is made from.
pub struct VassalInput<'a> {
    /// The game: name, version, sides.
    pub game: &'a Game,
    /// Its layout: counters and cards.
    pub layout: &'a Layout,
    /// File-name stems of the pieces.
    pub names: &'a PieceNames,
    /// The pages of the pieces document (trim size).
    pub faces: &'a [FacePage],
    /// Render one face at a resolution (dpi); called from several threads at once.
    pub render: &'a (dyn Fn(&FacePage, f64) -> RgbImage + Sync),
    /// The chart pages, in order: (name shown on the tab, file stem, image).
    pub charts: Vec<(String, String, RgbImage)>,
    /// The boards, one per `[[map]]`, in order.
    pub boards: &'a [Board],
}

/// A piece definition's text (names, images): without the characters that separate its
/// fields (`;` `,` `/` tab, backslash) or lines.
pub fn field(s: &str) -> String {
    s.chars().map(|c| if matches!(c, ';' | ',' | '/' | '\\' | '\t' | '\n' | '\r') { '-' } else { c }).collect()
}

fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
    out
}

/// The module's files, by name: `buildFile.xml`, `moduledata`, `images/*.png` and a saved
/// game (`<scenario>.vsav`) per scenario set-up.
pub fn module_files(input: &VassalInput) -> Result<Vec<(String, Vec<u8>)>, String> {
    let game = input.game;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut gpid = 0usize;
    let title = game.meta.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| game.meta.id().into());
    let version = game.meta.version().to_string();
    // Every face drawn and encoded once, on every core, before the palette and decks take them.
    let drawn = crate::limits::on_cores(input.faces, usize::MAX, |f| {
        let img = (input.render)(f, PIECE_DPI);
        (img.width(), img.height(), encode_png(&img))
    });
    let (mut panels, pieces) = counter_panels(input, &drawn, &mut files, &mut gpid);
    let (piles, card_size) = card_piles(input, &drawn, &mut files, &mut gpid);
    let tracks = tracks::track_window(game, &mut files, &mut gpid).map(|(window, panel)| {
        panels.push(panel);
        window
    });
    let (charts, boards) = charts_and_boards(input, &mut files);
    let setups = setups(input, &pieces, tracks.as_ref());
    let date = date_saved(game);
    for s in &setups {
        let save = saved_game(&s.commands, &save_data(&version, date, &s.title), &module_data(game, &title, &version))?;
        files.push((s.file.clone(), save));
    }
    let module = Module {
        title: &title,
        version: &version,
        panels: &panels,
        piles: &piles,
        card: card_size,
        charts: &charts,
        boards: &boards,
        setups: &setups,
        tracks: tracks.as_ref(),
        next_gpid: gpid + 1,
    };
    let build = build_file(game, &module);
    files.push(("buildFile.xml".into(), build.into_bytes()));
    files.push(("moduledata".into(), module_data(game, &title, &version).into_bytes()));
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    Ok(files)
}

/// The faces drawn at the pieces' resolution, in the order of `VassalInput::faces`: width and
/// height in pixels, PNG bytes.
type Drawn = [(u32, u32, Vec<u8>)];

/// Face `f` (one of `input.faces`) into `images/`: its file name and size in pixels.
fn face_image(
    input: &VassalInput,
    drawn: &Drawn,
    files: &mut Vec<(String, Vec<u8>)>,
    f: &FacePage,
    prefix: &str,
) -> (String, u32, u32) {
    let at = input.faces.iter().position(|x| std::ptr::eq(x, f)).expect("a face of the input");
    let (w, h, png) = &drawn[at];
    let name = format!("{prefix}-{}.png", f.stem(input.names, false));
    files.push((format!("images/{name}"), png.clone()));
    (name, *w, *h)
}

/// The face of piece `piece` of `kind` on side `side` (front or back), if it has one.
fn find_face<'a>(input: &'a VassalInput, kind: PieceKind, piece: usize, side: &str) -> Option<&'a FacePage> {
    input.faces.iter().find(|f| f.kind == kind && f.piece == piece && f.side == side)
}

/// The palette: a panel of piece slots per side and counter group, markers apart; and each
/// counter as a piece (`None` for a counter without a face).
fn counter_panels(
    input: &VassalInput,
    drawn: &Drawn,
    files: &mut Vec<(String, Vec<u8>)>,
    gpid: &mut usize,
) -> (Vec<Panel>, Vec<Option<CounterPiece>>) {
    let counters = &input.layout.counters;
    let mut panels: Vec<Panel> = Vec::new();
    let mut pieces: Vec<Option<CounterPiece>> = Vec::new();
    for (i, c) in counters.counters.iter().enumerate() {
        let Some(front) = find_face(input, PieceKind::Counter, i, "front") else {
            pieces.push(None);
            continue;
        };
        let (front_img, w, h) = face_image(input, drawn, files, front, "counter");
        let title = input.names.counter_titles[i].clone();
        let back = find_face(input, PieceKind::Counter, i, "back").map(|b| {
            let layer = c.back_name.clone().unwrap_or_else(|| input.game.meta.words.word("vassal_back"));
            let flipped = format!("{title} ({layer})");
            (face_image(input, drawn, files, b, "counter").0, layer, flipped)
        });
        *gpid += 1;
        let block = counters.groups[c.group].block.map(|_| {
            let steps = c.front.block.as_ref().map_or(0, |b| b.steps.len());
            let side = c.side.as_deref().and_then(|s| input.game.sides.iter().find(|x| x.id.v == s));
            (steps, side.map(|s| s.name.v.clone()))
        });
        let piece = CounterPiece { title, front: front_img, back, gpid: *gpid, marker: !c.is_unit, block };
        let panel = panel_name(input.game, counters, c);
        let slot = format!(
            "<VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"{}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.PieceSlot>",
            xml(&field(&piece.title)),
            *gpid,
            xml(&piece.add_command(None, "null", &Menu::of(&input.game.meta.words)))
        );
        match panels.iter_mut().find(|(n, _)| *n == panel) {
            Some((_, slots)) => slots.push(slot),
            None => panels.push((panel, vec![slot])),
        }
        pieces.push(Some(piece));
    }
    (panels, pieces)
}

/// The card decks: a draw pile per part of each strategy deck, then per side (sideless
/// last), every printed copy a card ([`card_piles`]); and a card's size in pixels.
fn card_piles(
    input: &VassalInput,
    drawn: &Drawn,
    files: &mut Vec<(String, Vec<u8>)>,
    gpid: &mut usize,
) -> (Vec<Pile>, (u32, u32)) {
    let mut piles: Vec<Pile> = Vec::new();
    let mut card_size = (0, 0);
    for p in crate::layout::cards::card_piles(input.game, &input.layout.cards) {
        let mut slots = Vec::new();
        for i in p.cards {
            let c = &input.layout.cards.cards[i];
            let (Some(front), Some(back)) =
                (find_face(input, PieceKind::Card, i, "front"), find_face(input, PieceKind::Card, i, "back"))
            else {
                continue;
            };
            let (front_img, w, h) = face_image(input, drawn, files, front, "card");
            let (back_img, _, _) = face_image(input, drawn, files, back, "card");
            card_size = (w, h);
            let name = &input.names.card_titles[i];
            for _ in 0..c.quantity.max(1) {
                *gpid += 1;
                slots.push(format!(
                    "<VASSAL.build.widget.CardSlot entryName=\"{}\" gpid=\"{}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.CardSlot>",
                    xml(&field(name)),
                    *gpid,
                    xml(&card_definition(name, &front_img, &back_img, *gpid, &Menu::of(&input.game.meta.words)))
                ));
            }
        }
        if !slots.is_empty() {
            piles.push(Pile { name: p.name, deck: p.deck, slots });
        }
    }
    (piles, card_size)
}

/// A palette panel: its name and piece slots.
type Panel = (String, Vec<String>);

/// A draw pile: its name, its strategy deck (whose piles share a discard pile) and card slots.
struct Pile {
    name: String,
    deck: Option<usize>,
    slots: Vec<String>,
}

/// A board entry: its name, image file, width and height in pixels, and grid XML.
/// A board of the module, one per map.
pub(super) struct BoardEntry {
    /// Its name: the map's title.
    pub(super) name: String,
    /// Its image, under `images/`.
    pub(super) file: String,
    /// The image's size, px.
    pub(super) width: u32,
    /// The image's size, px.
    pub(super) height: u32,
    /// Its grid element.
    pub(super) grid: String,
    /// A geomorphic board (a map with a `board` label): in the one window of boards, which a
    /// scenario's set-up lays side by side, and reversible (turned half a turn).
    pub(super) geomorphic: bool,
}

/// The charts window's images and each map's board image, written into `images/`.
fn charts_and_boards(input: &VassalInput, files: &mut Vec<(String, Vec<u8>)>) -> (Vec<String>, Vec<BoardEntry>) {
    // The pictures compressed on every core; written in order.
    let pictures: Vec<&image::RgbImage> =
        input.charts.iter().map(|(_, _, img)| img).chain(input.boards.iter().map(|b| &b.image)).collect();
    let mut encoded = crate::limits::on_cores(&pictures, usize::MAX, |img| encode_png(img)).into_iter();
    let mut charts = Vec::new();
    for (name, stem, _) in &input.charts {
        let file = format!("chart-{stem}.png");
        files.push((format!("images/{file}"), encoded.next().expect("one per chart")));
        charts.push(format!(
            "<VASSAL.build.widget.Chart chartName=\"{}\" description=\"\" fileName=\"{}\"/>",
            xml(name),
            xml(&file)
        ));
    }
    let mut boards = Vec::new();
    for (k, b) in input.boards.iter().enumerate() {
        let file = format!("board-{}.png", k + 1);
        files.push((format!("images/{file}"), encoded.next().expect("one per board")));
        let label = input.game.maps.get(k).and_then(|m| m.board.as_ref()).map(|l| l.v.as_str());
        let grid = match &b.grid {
            BoardGrid::Cells(geometry) => grid_xml(geometry, b.dpi, label.unwrap_or("")),
            BoardGrid::Areas { areas, .. } => region_grid_xml(areas, b.dpi),
        };
        boards.push(BoardEntry {
            name: field(&b.name),
            file,
            width: b.image.width(),
            height: b.image.height(),
            grid,
            geomorphic: label.is_some(),
        });
    }
    (charts, boards)
}

/// The palette tab of a counter: "<side> – <group>", or
/// "Markers – <group>".
fn panel_name(game: &Game, counters: &crate::layout::Counters, c: &crate::layout::RCounter) -> String {
    let side = match &c.side {
        Some(s) => game.sides.iter().find(|x| x.id.v == *s).map(|x| x.name.v.clone()).unwrap_or_else(|| s.clone()),
        None if c.is_unit => game.meta.words.word("vassal_units"),
        None => game.meta.words.word("vassal_markers"),
    };
    match &counters.groups[c.group].name {
        Some(g) if counters.groups.len() > 1 && *g != side => format!("{side} – {g}"),
        _ => side,
    }
}

/// The module as a zip: entries in name order, every timestamp 1980-01-01 00:00, permissions
/// 0644; text deflated, PNG stored (already compressed). The same files give the same bytes.
pub fn zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut sorted: Vec<&(String, Vec<u8>)> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in sorted {
        let method =
            if name.ends_with(".png") { zip::CompressionMethod::Stored } else { zip::CompressionMethod::Deflated };
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(method)
            .last_modified_time(zip::DateTime::default())
            .unix_permissions(0o644);
        out.start_file(name.as_str(), options).map_err(|e| e.to_string())?;
        out.write_all(bytes).map_err(|e| e.to_string())?;
    }
    Ok(out.finish().map_err(|e| e.to_string())?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_follow_vassal() {
        let d = counter_definition(
            ("1/A Inf", "f.png"),
            PieceBack::Flip { image: "b.png", layer: "reduced", name: "1/A Inf (reduced)" },
            7,
            false,
            None,
            "null",
            &Menu::default(),
        );
        assert_eq!(d.matches('/').count(), 3, "+ / id / type / state: {d}");
        // Delete outermost, then the layer (its tabs escaped once), then the basic piece
        // (escaped twice); the states the same way: Delete's empty, the layer's -1.
        assert!(d.starts_with("+/null/delete;Delete;68,130;\temb2;Flip;"), "{d}");
        assert!(d.contains(";b.png;1-A Inf (reduced);true;reduced;"), "the layer is named by the step: {d}");
        assert!(d.ends_with("\\\tpiece;;;f.png;1-A Inf/\t-1\\\tnull;0;0;7;0"), "{d}");
        let m = counter_definition(
            ("M", "m.png"),
            PieceBack::None,
            2,
            true,
            Some(("Main Map", 450, 300)),
            "s-1",
            &Menu::default(),
        );
        assert_eq!(m, "+/s-1/delete;Delete;68,130;\tclone;Clone;67,130;\\\tpiece;;;m.png;M/\t\\\tMain Map;450;300;2;0");
        let c = card_definition("C", "f.png", "b.png", 3, &Menu::default());
        assert!(c.starts_with("+/null/delete;Delete;68,130;\tobs;70,130;b.png;Flip;P;"), "plain mask: {c}");
    }

    fn attr(xml: &str, tag: &str, name: &str) -> String {
        let element = &xml[xml.find(&format!("{tag} ")).unwrap()..];
        let element = &element[..element.find('>').unwrap()];
        let key = format!(" {name}=\"");
        let at = element.find(&key).unwrap() + key.len();
        element[at..at + element[at..].find('"').unwrap()].to_string()
    }

    /// Java's `Math.round`: half up.
    fn java_round(v: f64) -> i64 {
        (v + 0.5).floor() as i64
    }

    /// A model of VASSAL's grid code, line by line from its sources (vassal-app, package
    /// `VASSAL.build.module.map.boardPicker.board`), for the grid element `xml` and a point in
    /// whole pixels (VASSAL's `Point`): where a piece dropped there snaps to (`HexGrid.snapTo`
    /// with only centres legal: `snapToHex`, `hexX`, `hexY`; `SquareGrid.snapTo`: `nx = 2 *
    /// round(offsetX / dx)`, the point `origin + (int)(nx * dx / 2)`), and the location's name
    /// (`HexGridNumbering.getRawColumn`/`getRawRow`, `SquareGridNumbering.getColumn`/`getRow`,
    /// then `RegularGridNumbering.getName`: offsets, letters, leading zeros). Sideways hex
    /// grids swap x and y before and after (`rotateIfSideways`).
    fn vassal_snap_and_name(xml: &str, (px, py): (i64, i64)) -> ((i64, i64), String) {
        let hex = xml.contains("HexGrid ");
        let grid = if hex { "HexGrid" } else { "SquareGrid" };
        let n = |k: &str| attr(xml, grid, k).parse::<f64>().unwrap();
        let (dx, dy) = (n("dx"), n("dy"));
        let (ox, oy) = (n("x0") as i64, n("y0") as i64);
        let sideways = hex && attr(xml, grid, "sideways") == "true";
        let (x, y) = if sideways { (py, px) } else { (px, py) };
        let (snap, col, row) = if hex {
            // HexGrid.hexX / hexY.
            let nx = ((x - ox) as f64 + dx / 2.0).div_euclid(dx) as i64;
            let sx = (dx * nx as f64) as i64 + ox;
            let sy = if nx % 2 == 0 {
                (dy * (((y - oy) as f64 + dy / 2.0) / dy).floor()) as i64 + oy
            } else {
                (dy * ((y - oy) as f64 / dy).floor()) as i64 + (dy / 2.0) as i64 + oy
            };
            // HexGridNumbering.getRawColumn / getRawRow.
            let col = (((x - ox) as f64) / dx + 0.5).floor() as i64;
            let rx = java_round((x - ox) as f64 / dx);
            let row = if rx % 2 == 0 {
                java_round((y - oy) as f64 / dy)
            } else {
                java_round(((y - oy) as f64 - dy / 2.0) / dy)
            };
            let snap = if sideways { (sy, sx) } else { (sx, sy) };
            (snap, col, row)
        } else {
            let nx = 2 * java_round((x - ox) as f64 / dx);
            let ny = 2 * java_round((y - oy) as f64 / dy);
            let snap = (ox + (nx as f64 * dx / 2.0) as i64, oy + (ny as f64 * dy / 2.0) as i64);
            let col = (((x - ox) as f64) / dx + 0.5).floor() as i64;
            let row = (((y - oy) as f64) / dy + 0.5) as i64;
            (snap, col, row)
        };
        let numbering = if hex { "HexGridNumbering" } else { "SquareGridNumbering" };
        let a = |k: &str| attr(xml, numbering, k);
        // RegularGridNumbering.getName(rowOrColumn, type, leading).
        let name = |v: i64, kind: String, leading: String| {
            let mut out = if v < 0 { "-".to_string() } else { String::new() };
            let mut v = v.abs();
            if kind == "A" {
                loop {
                    out.push((b'A' + (v % 26) as u8) as char);
                    v -= 26;
                    if v < 0 {
                        return out;
                    }
                }
            }
            let mut leading: u32 = leading.parse().unwrap();
            while leading > 0 && v < 10i64.pow(leading) {
                out.push('0');
                leading -= 1;
            }
            format!("{out}{v}")
        };
        let h = name(col + a("hOff").parse::<i64>().unwrap(), a("hType"), a("hLeading"));
        let v = name(row + a("vOff").parse::<i64>().unwrap(), a("vType"), a("vLeading"));
        (snap, if a("first") == "H" { h + &v } else { v + &h })
    }

    #[test]
    fn vassal_snaps_to_and_names_every_cell_centre_as_the_map_does() {
        use crate::model::{Coord, Grid};
        let mut kinds = vec![GridKind::Square];
        for top in [HexTop::Flat, HexTop::Pointy] {
            for even in [true, false] {
                kinds.push(GridKind::Hex { top, even, short: false });
            }
        }
        for kind in kinds {
            for scheme in [CoordScheme::Xxyy, CoordScheme::LetterNumber] {
                // Past Z VASSAL's letters double (AA, BB, ...) where the map's go on (AA, AB):
                // FORMAT.md says so; up to Z they agree.
                let columns = if scheme == CoordScheme::LetterNumber { 26 } else { 30 };
                let grid = Grid { kind, columns, rows: 9, scheme, halves: false, boards: None };
                let geo = Geometry::new(grid.clone(), 19.05);
                let xml = grid_xml(&geo, PIECE_DPI, "");
                let m = grid_metrics(&geo, PIECE_DPI);
                let px = |mm: f64| Mm(mm).px(PIECE_DPI);
                let pitch = if m.hex { 1.5 * geo.side() } else { geo.cell };
                assert!((m.dx - px(pitch)).abs() < 1e-9 && (m.dy - px(geo.cell)).abs() < 1e-9);
                for c in grid.cells() {
                    let (x, y) = geo.centre(c);
                    let centre = (px(x).round() as i64, px(y).round() as i64);
                    let (snap, name) = vassal_snap_and_name(&xml, centre);
                    assert_eq!(name, grid.name(c), "{kind:?} {scheme:?} {c:?}");
                    // A piece dropped on the centre stays there (within VASSAL's whole pixels),
                    // and one dropped a third of a cell off it comes back to it.
                    assert!(
                        (snap.0 - centre.0).abs() <= 1 && (snap.1 - centre.1).abs() <= 1,
                        "{kind:?} {c:?}: {snap:?} {centre:?}"
                    );
                    let off = (centre.0 + (px(geo.cell) / 4.0) as i64, centre.1 - (px(geo.cell) / 4.0) as i64);
                    let (snap, name) = vassal_snap_and_name(&xml, off);
                    assert_eq!(name, grid.name(c), "{kind:?} {c:?} off centre");
                    assert!(
                        (snap.0 - centre.0).abs() <= 1 && (snap.1 - centre.1).abs() <= 1,
                        "{kind:?} {c:?} off centre: {snap:?} {centre:?}"
                    );
                }
                assert_eq!(
                    grid.name(Coord { col: 1, row: 1 }),
                    if scheme == CoordScheme::Xxyy { "0101" } else { "A1" }
                );
            }
        }
    }

    #[test]
    fn dates_are_milliseconds_since_1970() {
        assert_eq!(epoch_millis("1970-01-01"), Some(0));
        assert_eq!(epoch_millis("2026-11-23"), Some(1_795_392_000_000));
        assert_eq!(epoch_millis("2000-02-29"), Some(951_782_400_000));
        assert_eq!(epoch_millis("soon"), None);
    }

    #[test]
    fn huge_maps_are_drawn_at_a_lower_resolution() {
        assert_eq!(board_dpi((444.5, 381.0)), PIECE_DPI);
        // 200 × 200 hexes of 19.05 mm: about 3.8 m square.
        let geo = Geometry::new(
            crate::model::Grid {
                kind: GridKind::Hex { top: HexTop::Flat, even: true, short: false },
                columns: 200,
                rows: 200,
                scheme: CoordScheme::Xxyy,
                halves: false,
                boards: None,
            },
            19.05,
        );
        let dpi = board_dpi(geo.size());
        assert!((50.0..PIECE_DPI).contains(&dpi), "{dpi}");
        let px = |mm: f64| Mm(mm).px(dpi).round();
        assert!(px(geo.size().0) * px(geo.size().1) <= MAX_BOARD_PIXELS * 1.001);
    }

    #[test]
    fn zip_is_deterministic_and_sorted() {
        let files = vec![("b.txt".to_string(), b"two".to_vec()), ("a.png".to_string(), vec![1, 2, 3])];
        let a = zip(&files).unwrap();
        let mut rev = files.clone();
        rev.reverse();
        assert_eq!(a, zip(&rev).unwrap());
        let mut z = zip::ZipArchive::new(std::io::Cursor::new(a)).unwrap();
        assert_eq!(z.file_names().collect::<Vec<_>>().len(), 2);
        assert_eq!(z.by_index(0).unwrap().name().unwrap(), "a.png");
    }
}
