//! VASSAL: a module (`<id>.vmod`, a zip) from the faces of the pieces document and the
//! pages of the charts.
//!
//! The module holds `moduledata`, `buildFile.xml` and `images/`: a piece palette with a tab
//! per side and counter group (markers apart), each counter a piece whose basic image is its
//! front and whose back is a flip layer (`emb2`, Ctrl+F) named after the back face; a
//! "Table" map with each card deck (one per side) as a draw pile of masked cards (the mask is
//! the card's back); a chart window with the cheatsheet, player aid card and scenario sheets
//! as images; a map window per `[[map]]`, its board the whole map as one image at [`PIECE_DPI`]
//! (the counters' scale; less for huge maps, [`board_dpi`]) with a hex or square grid on which pieces snap to cell centres and
//! that names cells as the map does (the first map holds the card decks, in its top margin;
//! the plain "Table" is for games without maps). Name and version come from `[game]`. The zip
//! is deterministic: entries sorted, every timestamp 1980-01-01, fixed permissions.
//!
//! Trait strings follow VASSAL's piece definition: traits separated by tabs, outermost first,
//! the basic piece `piece;;;IMAGE;NAME` last, then `/` and the state of each (see VASSAL's
//! `Embellishment`, `Obscurable` and `BasicPiece`, and a real module such as
//! jzedwards/vassal-hex-n-counters-template).

use std::io::Write;

use image::RgbImage;

use crate::layout::Layout;
use crate::layout::map::{Geometry, GridKind, HexTop};
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
    /// Render one face at a resolution (dpi).
    pub render: &'a dyn Fn(&FacePage, f64) -> RgbImage,
    /// The chart pages, in order: (name shown on the tab, file stem, image).
    pub charts: Vec<(String, String, RgbImage)>,
    /// The boards, one per `[[map]]`, in order.
    pub boards: Vec<Board>,
}

/// The most pixels a board image may have: 64 million (8000 × 8000 px, 256 MB as RGBA while
/// drawn); a larger map is drawn at a lower resolution (its pieces then look larger on it).
pub const MAX_BOARD_PIXELS: f64 = 64e6;

/// The resolution of a board of `size` mm: [`PIECE_DPI`], or less for a map so large that
/// its image would pass [`MAX_BOARD_PIXELS`].
pub fn board_dpi((w, h): crate::layout::map::Pt) -> f64 {
    let square_inches = (w / 25.4) * (h / 25.4);
    if square_inches * PIECE_DPI * PIECE_DPI <= MAX_BOARD_PIXELS {
        PIECE_DPI
    } else {
        // Whole dots per inch, rounded down: the image stays under the limit.
        (MAX_BOARD_PIXELS / square_inches).sqrt().floor().max(1.0)
    }
}

/// A map as a board: its name, its geometry and the whole map drawn at [`board_dpi`].
pub struct Board {
    /// The map's title (the window's and the board's name).
    pub name: String,
    /// Where its cells are, in mm.
    pub geometry: Geometry,
    /// The resolution it is drawn at ([`board_dpi`]).
    pub dpi: f64,
    /// The whole map, one pixel per 1/`dpi` inch.
    pub image: RgbImage,
}

/// A board's grid in VASSAL's terms, in pixels at `dpi`: the distance between neighbouring
/// columns (`dx`) and rows (`dy`) of centres and the origin (`x0`, `y0`). A hex grid's
/// origin is the centre of a cell in a column that is not offset (VASSAL lowers the odd
/// columns from it by half a cell); a sideways grid (pointy-topped hexes) is the same turned:
/// its `dx` runs down, its origin is given as (y, x). A square grid's origin is a cell corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridMetrics {
    /// Hexes or squares.
    pub hex: bool,
    /// Pointy-topped hexes (VASSAL's "sideways").
    pub sideways: bool,
    /// Between neighbouring columns of centres (rows when sideways), px.
    pub dx: f64,
    /// Between neighbouring centres in a column (a row when sideways), px.
    pub dy: f64,
    /// The origin, px (VASSAL keeps it in whole pixels).
    pub x0: i64,
    /// The origin, px.
    pub y0: i64,
    /// What VASSAL's first column (row when sideways) of the numbering is called, minus
    /// VASSAL's own index of it: the numbering's offset along the columns.
    pub col_off: i64,
}

/// The grid of `geo` at `dpi`.
pub fn grid_metrics(geo: &Geometry, dpi: f64) -> GridMetrics {
    let px = |mm: f64| mm / 25.4 * dpi;
    let g = geo.grid;
    let first = crate::model::Coord { col: 1, row: 1 };
    match g.kind {
        GridKind::Square => {
            let (x, y) = geo.centre(first);
            let h = geo.cell / 2.0;
            let d = px(geo.cell);
            GridMetrics {
                hex: false,
                sideways: false,
                dx: d,
                dy: d,
                x0: px(x - h).round() as i64,
                y0: px(y - h).round() as i64,
                col_off: 1,
            }
        }
        GridKind::Hex { top, .. } => {
            let sideways = top == HexTop::Pointy;
            // Along the lines of hexes that are offset (columns, or rows when pointy).
            let offset_first = g.is_offset(1);
            let start = if offset_first { crate::model::Coord { col: 2, row: 2 } } else { first };
            let base = if sideways {
                crate::model::Coord { col: 1, row: start.row }
            } else {
                crate::model::Coord { col: start.col, row: 1 }
            };
            let (x, y) = geo.centre(base);
            let (x, y) = if sideways { (y, x) } else { (x, y) };
            GridMetrics {
                hex: true,
                sideways,
                dx: px(1.5 * geo.side()),
                dy: px(geo.cell),
                x0: px(x).round() as i64,
                y0: px(y).round() as i64,
                col_off: if offset_first { 2 } else { 1 },
            }
        }
    }
}

/// The board's grid element, with its numbering: pieces snap to cell centres, and a location
/// is named as on the map (`XXYY` with leading zeros, or a column letter and row number).
fn grid_xml(geo: &Geometry, dpi: f64) -> String {
    let m = grid_metrics(geo, dpi);
    let g = geo.grid;
    // Leading zeros (VASSAL pads to `lead + 1` digits): `XXYY` has two digits each (three
    // past 99); a letter-number row has none.
    let letters = g.scheme == CoordScheme::LetterNumber;
    let lead = if letters {
        0
    } else if g.columns > 99 || g.rows > 99 {
        2
    } else {
        1
    };
    // VASSAL's columns (h) are ours, its rows (v) our rows; turned when sideways. Its first
    // column is `col_off` of ours, its first row our first. Its letters count from A = 0.
    let ours_col = (if letters { "A" } else { "N" }, if letters { 0 } else { lead });
    let ours_row = ("N", lead);
    let (h, v, first) = if m.sideways { (ours_row, ours_col, "V") } else { (ours_col, ours_row, "H") };
    let letter_shift = |t: &str| if t == "A" { 1 } else { 0 };
    let (h_type, h_lead, h_off) = (h.0, h.1, m.col_off - letter_shift(h.0));
    let (v_type, v_lead, v_off) = (v.0, v.1, 1 - letter_shift(v.0));
    let numbering = |kind: &str| {
        format!(
            "<VASSAL.build.module.map.boardPicker.board.mapgrid.{kind} color=\"0,0,0\" first=\"{first}\" fontSize=\"9\" hDescend=\"false\" hDrawOff=\"0\" hLeading=\"{h_lead}\" hOff=\"{h_off}\" hType=\"{h_type}\" locationFormat=\"$gridLocation$\" rotateText=\"0\" sep=\"\" stagger=\"false\" vDescend=\"false\" vDrawOff=\"0\" vLeading=\"{v_lead}\" vOff=\"{v_off}\" vType=\"{v_type}\" visible=\"false\"/>"
        )
    };
    if m.hex {
        format!(
            "<VASSAL.build.module.map.boardPicker.board.HexGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"{:.4}\" dy=\"{:.4}\" edgesLegal=\"false\" sideways=\"{}\" snapTo=\"true\" visible=\"false\" x0=\"{}\" y0=\"{}\">\n                    {}\n                </VASSAL.build.module.map.boardPicker.board.HexGrid>",
            m.dx,
            m.dy,
            m.sideways,
            m.x0,
            m.y0,
            numbering("HexGridNumbering")
        )
    } else {
        format!(
            "<VASSAL.build.module.map.boardPicker.board.SquareGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"{:.4}\" dy=\"{:.4}\" edgesLegal=\"false\" range=\"Metric\" snapTo=\"true\" visible=\"false\" x0=\"{}\" y0=\"{}\">\n                    {}\n                </VASSAL.build.module.map.boardPicker.board.SquareGrid>",
            m.dx,
            m.dy,
            m.x0,
            m.y0,
            numbering("SquareGridNumbering")
        )
    }
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

/// A counter: its front as the basic piece, its back (when it has one) as a flip layer that
/// Ctrl+F turns on, renaming the piece to `back_name`.
pub fn counter_definition(name: &str, front: &str, back: Option<(&str, &str)>, gpid: usize) -> String {
    let basic = format!("piece;;;{};{}", field(front), field(name));
    let state = format!("null;0;0;{gpid};0");
    match back {
        None => format!("+/null/{basic}/{state}"),
        Some((image, back_name)) => {
            // Embellishment (emb2) fields in VASSAL's order: activate name, modifiers, key;
            // increase and decrease (none); reset (none); draw under (no) and offset;
            // images; level names; loop; layer name; random; follow; expression; first
            // level; version; always active; activate/increase/decrease keys; description;
            // scale; and a last flag, as VASSAL 3.7 writes it (the legacy mask and character
            // are those of a real module; Ctrl+F, `70,130`, is the key).
            let emb = format!(
                "emb2;Flip;128;A;;128;;;128;;;;1;false;0;0;{};{};true;Flip;;;false;;1;1;false;70,130;;;Flip;1.0;;true",
                field(image),
                field(back_name)
            );
            // The layer's state: -1 (off: the front shows).
            format!("+/null/{emb}\t{basic}/-1\t{state}")
        }
    }
}

/// A card: its front as the basic piece under a mask showing its back to all but its owner.
pub fn card_definition(name: &str, front: &str, back: &str, gpid: usize) -> String {
    let mask = format!("obs;70,130;{};Flip;I;?;player:;Peek;;true;;", field(back));
    format!("+/null/{mask}\tpiece;;;{};{}/null\tnull;0;0;{gpid};0", field(front), field(name))
}

/// The module's files, by name: `buildFile.xml`, `moduledata` and `images/*.png`.
pub fn module_files(input: &VassalInput) -> Vec<(String, Vec<u8>)> {
    let game = input.game;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut gpid = 0usize;
    let title = game.meta.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| game.meta.id().into());
    let version = game.meta.version().to_string();
    let image = |files: &mut Vec<(String, Vec<u8>)>, f: &FacePage, prefix: &str| -> (String, u32, u32) {
        let img = (input.render)(f, PIECE_DPI);
        let name = format!("{prefix}-{}.png", f.stem(input.names, false));
        let size = (img.width(), img.height());
        files.push((format!("images/{name}"), encode_png(&img)));
        (name, size.0, size.1)
    };
    let face =
        |kind, piece, side: &str| input.faces.iter().find(|f| f.kind == kind && f.piece == piece && f.side == side);

    // The palette: a panel per side and counter group, markers apart.
    let counters = &input.layout.counters;
    let mut panels: Vec<(String, Vec<String>)> = Vec::new();
    for (i, c) in counters.counters.iter().enumerate() {
        let Some(front) = face(PieceKind::Counter, i, "front") else { continue };
        let (front_img, w, h) = image(&mut files, front, "counter");
        let back = face(PieceKind::Counter, i, "back").map(|b| image(&mut files, b, "counter").0);
        let back_name = format!("{} ({})", c.name, back_face_name(game, c));
        gpid += 1;
        let def = counter_definition(&c.name, &front_img, back.as_deref().map(|b| (b, back_name.as_str())), gpid);
        let panel = panel_name(game, counters, c);
        let slot = format!(
            "<VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"{gpid}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.PieceSlot>",
            xml(&field(&c.name)),
            xml(&def)
        );
        match panels.iter_mut().find(|(n, _)| *n == panel) {
            Some((_, slots)) => slots.push(slot),
            None => panels.push((panel, vec![slot])),
        }
    }

    // The card decks: a draw pile per side on the table map, every printed copy a card.
    let cards = &input.layout.cards;
    let mut piles: Vec<(Option<usize>, Vec<String>)> = Vec::new();
    let mut card_size = (0, 0);
    for (i, c) in cards.cards.iter().enumerate() {
        let (Some(front), Some(back)) = (face(PieceKind::Card, i, "front"), face(PieceKind::Card, i, "back")) else {
            continue;
        };
        let (front_img, w, h) = image(&mut files, front, "card");
        let (back_img, _, _) = image(&mut files, back, "card");
        card_size = (w, h);
        let name = crate::render::png::card_title(game, c);
        let pile = match piles.iter_mut().find(|(s, _)| *s == c.side) {
            Some((_, p)) => p,
            None => {
                piles.push((c.side, Vec::new()));
                &mut piles.last_mut().expect("pushed").1
            }
        };
        for _ in 0..c.quantity.max(1) {
            gpid += 1;
            pile.push(format!(
                "<VASSAL.build.widget.CardSlot entryName=\"{}\" gpid=\"{gpid}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.CardSlot>",
                xml(&field(&name)),
                xml(&card_definition(&name, &front_img, &back_img, gpid))
            ));
        }
    }
    piles.sort_by_key(|(s, _)| s.unwrap_or(usize::MAX));

    let mut charts = Vec::new();
    for (name, stem, img) in &input.charts {
        let file = format!("chart-{stem}.png");
        files.push((format!("images/{file}"), encode_png(img)));
        charts.push(format!(
            "<VASSAL.build.widget.Chart chartName=\"{}\" description=\"\" fileName=\"{}\"/>",
            xml(name),
            xml(&file)
        ));
    }

    let mut boards = Vec::new();
    for (k, b) in input.boards.iter().enumerate() {
        let file = format!("board-{}.png", k + 1);
        files.push((format!("images/{file}"), encode_png(&b.image)));
        boards.push((field(&b.name), file, b.image.width(), b.image.height(), grid_xml(&b.geometry, b.dpi)));
    }

    let build = build_file(game, &title, &version, &panels, &piles, card_size, &charts, &boards, gpid + 1);
    files.push(("buildFile.xml".into(), build.into_bytes()));
    files.push(("moduledata".into(), module_data(game, &title, &version).into_bytes()));
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    files
}

/// The name of a counter's back face: its unit's second step, else "back".
fn back_face_name(game: &Game, c: &crate::layout::RCounter) -> String {
    let unit =
        c.is_unit.then(|| game.units.iter().find(|u| u.id.v == c.id || c.id.starts_with(&format!("{}-step-", u.id.v))));
    unit.flatten()
        .and_then(|u| u.steps.get(1))
        .and_then(|s| s.name.as_ref().map(|n| n.v.clone()))
        .unwrap_or_else(|| "back".into())
}

/// The palette tab of a counter: "<side> – <group>", or "Markers – <group>".
fn panel_name(game: &Game, counters: &crate::layout::Counters, c: &crate::layout::RCounter) -> String {
    let side = match &c.side {
        Some(s) => game.sides.iter().find(|x| x.id.v == *s).map(|x| x.name.v.clone()).unwrap_or_else(|| s.clone()),
        None if c.is_unit => "Units".into(),
        None => "Markers".into(),
    };
    match &counters.groups[c.group].name {
        Some(g) if counters.groups.len() > 1 && *g != side => format!("{side} – {g}"),
        _ => side,
    }
}

/// `moduledata`: what VASSAL shows before opening the module.
fn module_data(game: &Game, title: &str, version: &str) -> String {
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>{}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>{}</description>\n  <name>{}</name>\n</data>\n",
        xml(version),
        xml(&description),
        xml(title)
    )
}

/// The map components every map needs (stacking, moving, menus, zoom).
const MAP_PARTS: &str = r#"        <VASSAL.build.module.map.StackMetrics bottom="40,0" disabled="false" down="37,0" exSepX="6" exSepY="18" top="38,0" unexSepX="2" unexSepY="4" up="39,0"/>
        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.Scroller/>
        <VASSAL.build.module.map.ForwardToChatter/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.MapCenterer/>
        <VASSAL.build.module.map.StackExpander/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.SelectionHighlighters/>
        <VASSAL.build.module.map.HighlightLastMoved color="255,0,0" enabled="true" thickness="2"/>
        <VASSAL.build.module.map.Zoomer inButtonText="" inIconName="/images/zoomIn.gif" inTooltip="Zoom in" outButtonText="" outIconName="/images/zoomOut.gif" outTooltip="Zoom out" pickButtonText="" pickIconName="/images/zoom.png" pickTooltip="Select Zoom" zoomInKey="" zoomLevels="0.25,0.5,0.75,1.0,1.5,2.0" zoomOutKey="" zoomPickKey="" zoomStart="4"/>
        <VASSAL.build.module.properties.GlobalProperties/>
"#;

#[allow(clippy::too_many_arguments)]
fn build_file(
    game: &Game,
    title: &str,
    version: &str,
    panels: &[(String, Vec<String>)],
    piles: &[(Option<usize>, Vec<String>)],
    card: (u32, u32),
    charts: &[String],
    boards: &[(String, String, u32, u32, String)],
    next_gpid: usize,
) -> String {
    let mut x = String::new();
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    x.push_str(&format!(
        "<VASSAL.build.GameModule ModuleOther1=\"\" ModuleOther2=\"\" VassalVersion=\"{VASSAL_VERSION}\" description=\"{}\" name=\"{}\" nextPieceSlotId=\"{next_gpid}\" version=\"{}\">\n",
        xml(&description),
        xml(title),
        xml(version)
    ));
    x.push_str("    <VASSAL.build.module.BasicCommandEncoder/>\n    <VASSAL.build.module.Documentation/>\n");
    x.push_str("    <VASSAL.build.module.PlayerRoster buttonKeyStroke=\"\" buttonText=\"Retire\" buttonToolTip=\"Switch sides\">\n");
    for s in &game.sides {
        x.push_str(&format!("        <entry>{}</entry>\n", xml(&s.name.v)));
    }
    x.push_str("    </VASSAL.build.module.PlayerRoster>\n");
    x.push_str("    <VASSAL.build.module.GlobalOptions autoReport=\"Always\" centerOnMove=\"Use Preferences Setting\" nonOwnerUnmaskable=\"Never\" playerIdFormat=\"$PlayerName$\" promptString=\"Opponents can unmask pieces\"/>\n");
    x.push_str("    <VASSAL.build.module.Chatter/>\n    <VASSAL.build.module.KeyNamer/>\n");
    if !panels.is_empty() {
        x.push_str("    <VASSAL.build.module.PieceWindow defaultWidth=\"0\" hidden=\"false\" hotkey=\"80,130\" icon=\"\" name=\"Pieces\" scale=\"1.0\" text=\"Pieces\" tooltip=\"Show or hide the pieces\">\n");
        x.push_str("        <VASSAL.build.widget.TabWidget entryName=\"Pieces\">\n");
        for (name, slots) in panels {
            x.push_str(&format!(
                "            <VASSAL.build.widget.PanelWidget entryName=\"{}\" fixed=\"false\" nColumns=\"10\" scale=\"1.0\" vert=\"false\">\n",
                xml(&field(name))
            ));
            for s in slots {
                x.push_str(&format!("                {s}\n"));
            }
            x.push_str("            </VASSAL.build.widget.PanelWidget>\n");
        }
        x.push_str("        </VASSAL.build.widget.TabWidget>\n    </VASSAL.build.module.PieceWindow>\n");
    }
    // The card decks side by side: on a plain table, or in the first map's top margin.
    let (cw, ch) = card;
    let gap = cw / 2 + 40;
    let map_open = |name: &str, edge: (u32, u32)| {
        format!(
            "    <VASSAL.build.module.Map allowMultiple=\"false\" backgroundcolor=\"255,255,255\" buttonName=\"{n}\" changeFormat=\"$message$\" color=\"0,0,0\" createFormat=\"$pieceName$ created in $location$\" description=\"\" edgeHeight=\"{}\" edgeWidth=\"{}\" hideKey=\"\" hotkey=\"\" icon=\"\" launch=\"false\" mapName=\"{n}\" markMoved=\"Never\" moveKey=\"\" moveToFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" moveWithinFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" showKey=\"\" thickness=\"3\">\n        <VASSAL.build.module.map.BoardPicker addColumnText=\"Add column\" addRowText=\"Add row\" boardPrompt=\"Select board\" slotHeight=\"125\" slotScale=\"0.2\" slotWidth=\"350\" title=\"Choose Boards\">\n",
            edge.1,
            edge.0,
            n = xml(name)
        )
    };
    let decks_margin = if piles.is_empty() { 0 } else { ch + 2 * gap };
    let (owner, pile_y0) = match boards.first() {
        Some(b) => (b.0.clone(), gap + ch / 2),
        None => ("Table".to_string(), gap + ch / 2),
    };
    if boards.is_empty() {
        let width = (piles.len() as u32 * (cw + gap) + gap).max(1200);
        let height = (ch * 2 + 2 * gap).max(900);
        x.push_str(&map_open("Table", (0, 0)));
        x.push_str(&format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"40,90,60\" height=\"{height}\" name=\"Table\" reversible=\"false\" width=\"{width}\"/>\n"
        ));
    }
    for (k, (name, file, w, h, grid)) in boards.iter().enumerate() {
        if k > 0 {
            x.push_str("    </VASSAL.build.module.Map>\n");
        }
        // The first map holds the decks above the board: its top and bottom margins.
        let edge = if k == 0 { (gap, decks_margin) } else { (0, 0) };
        x.push_str(&map_open(name, edge));
        x.push_str(&format!(
            "            <VASSAL.build.module.map.boardPicker.Board image=\"{}\" height=\"{h}\" name=\"{}\" reversible=\"false\" width=\"{w}\">\n                {grid}\n            </VASSAL.build.module.map.boardPicker.Board>\n",
            xml(file),
            xml(name)
        ));
        x.push_str("        </VASSAL.build.module.map.BoardPicker>\n");
        x.push_str(MAP_PARTS);
        if k == 0 {
            push_piles(&mut x, game, piles, card, gap, &owner, pile_y0);
        }
    }
    if boards.is_empty() {
        x.push_str("        </VASSAL.build.module.map.BoardPicker>\n");
        x.push_str(MAP_PARTS);
        push_piles(&mut x, game, piles, card, gap, &owner, pile_y0);
    }
    x.push_str("    </VASSAL.build.module.Map>\n");
    if !charts.is_empty() {
        x.push_str("    <VASSAL.build.module.ChartWindow hotkey=\"\" icon=\"\" name=\"Charts\" text=\"Charts\" tooltip=\"Rules, player aid and scenarios\">\n");
        x.push_str("        <VASSAL.build.widget.TabWidget entryName=\"Charts\">\n");
        for c in charts {
            x.push_str(&format!("            {c}\n"));
        }
        x.push_str("        </VASSAL.build.widget.TabWidget>\n    </VASSAL.build.module.ChartWindow>\n");
    }
    x.push_str("    <VASSAL.build.module.PrototypesContainer/>\n");
    x.push_str("</VASSAL.build.GameModule>\n");
    x
}

/// The card decks, a draw pile per side, side by side from the left at height `y` (map
/// coordinates: on the table, or in the first map's top margin), owned by board `owner`.
fn push_piles(
    x: &mut String,
    game: &Game,
    piles: &[(Option<usize>, Vec<String>)],
    (cw, ch): (u32, u32),
    gap: u32,
    owner: &str,
    y: u32,
) {
    for (k, (side, slots)) in piles.iter().enumerate() {
        let name = match side {
            Some(s) => format!("{} cards", game.sides[*s].name.v),
            None => "Cards".into(),
        };
        let px = gap + k as u32 * (cw + gap) + cw / 2;
        x.push_str(&format!(
            "        <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"false\" draw=\"true\" faceDown=\"Always\" height=\"{ch}\" name=\"{}\" owningBoard=\"{}\" reshufflable=\"false\" shuffle=\"Via right-click Menu\" width=\"{cw}\" x=\"{px}\" y=\"{y}\">\n",
            xml(&field(&name)),
            xml(owner)
        ));
        for s in slots {
            x.push_str(&format!("            {s}\n"));
        }
        x.push_str("        </VASSAL.build.module.map.DrawPile>\n");
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
        let d = counter_definition("1/A Inf", "f.png", Some(("b.png", "1/A Inf (reduced)")), 7);
        assert_eq!(d.matches('/').count(), 3, "+ / id / type / state: {d}");
        assert!(d.starts_with("+/null/emb2;Flip;"), "{d}");
        assert!(d.contains(";b.png;1-A Inf (reduced);"), "{d}");
        assert!(d.ends_with("\tpiece;;;f.png;1-A Inf/-1\tnull;0;0;7;0"), "{d}");
        assert_eq!(counter_definition("M", "m.png", None, 2), "+/null/piece;;;m.png;M/null;0;0;2;0");
    }

    fn attr(xml: &str, tag: &str, name: &str) -> String {
        let element = &xml[xml.find(&format!("{tag} ")).unwrap()..];
        let element = &element[..element.find('>').unwrap()];
        let key = format!(" {name}=\"");
        let at = element.find(&key).unwrap() + key.len();
        element[at..at + element[at..].find('"').unwrap()].to_string()
    }

    /// VASSAL's name for the point `(x, y)` (px) of a board with grid `xml`, as VASSAL's
    /// `HexGridNumbering` and `SquareGridNumbering` work it out (raw column and row from the
    /// origin, the odd columns lowered by half a cell, then offsets, letters and zeros).
    fn vassal_name(xml: &str, (x, y): (f64, f64)) -> String {
        let hex = xml.contains("HexGrid ");
        let grid = if hex { "HexGrid" } else { "SquareGrid" };
        let n = |k: &str| attr(xml, grid, k).parse::<f64>().unwrap();
        let (dx, dy, x0, y0) = (n("dx"), n("dy"), n("x0"), n("y0"));
        let (x, y) = if xml.contains("sideways=\"true\"") { (y, x) } else { (x, y) };
        let (col, row) = if hex {
            let nx = ((x - x0) / dx).round() as i64;
            let lower = if nx % 2 == 0 { 0.0 } else { dy / 2.0 };
            (((x - x0) / dx + 0.5).floor() as i64, ((y - y0 - lower) / dy).round() as i64)
        } else {
            (((x - x0) / dx).floor() as i64, ((y - y0) / dy).floor() as i64)
        };
        let numbering = if hex { "HexGridNumbering" } else { "SquareGridNumbering" };
        let a = |k: &str| attr(xml, numbering, k);
        let name = |v: i64, kind: String, lead: String| {
            if kind == "A" {
                return ((b'A' + v as u8) as char).to_string();
            }
            format!("{v:0w$}", w = lead.parse::<usize>().unwrap() + 1)
        };
        let h = name(col + a("hOff").parse::<i64>().unwrap(), a("hType"), a("hLeading"));
        let v = name(row + a("vOff").parse::<i64>().unwrap(), a("vType"), a("vLeading"));
        if a("first") == "H" { h + &v } else { v + &h }
    }

    #[test]
    fn vassal_names_every_cell_centre_as_the_map_does() {
        use crate::model::{Coord, Grid};
        let mut kinds = vec![GridKind::Square];
        for top in [HexTop::Flat, HexTop::Pointy] {
            for even in [true, false] {
                kinds.push(GridKind::Hex { top, even, short: false });
            }
        }
        for kind in kinds {
            for scheme in [CoordScheme::Xxyy, CoordScheme::LetterNumber] {
                let grid = Grid { kind, columns: 12, rows: 9, scheme };
                let geo = Geometry::new(grid, 19.05);
                let xml = grid_xml(&geo, PIECE_DPI);
                let m = grid_metrics(&geo, PIECE_DPI);
                let px = |mm: f64| mm / 25.4 * PIECE_DPI;
                let pitch = if m.hex { 1.5 * geo.side() } else { geo.cell };
                assert!((m.dx - px(pitch)).abs() < 1e-9 && (m.dy - px(geo.cell)).abs() < 1e-9);
                for c in grid.cells() {
                    let (x, y) = geo.centre(c);
                    assert_eq!(vassal_name(&xml, (px(x), px(y))), grid.name(c), "{kind:?} {scheme:?} {c:?}");
                }
                assert_eq!(
                    grid.name(Coord { col: 1, row: 1 }),
                    if scheme == CoordScheme::Xxyy { "0101" } else { "A1" }
                );
            }
        }
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
            },
            19.05,
        );
        let dpi = board_dpi(geo.size());
        assert!((50.0..PIECE_DPI).contains(&dpi), "{dpi}");
        let px = |mm: f64| (mm / 25.4 * dpi).round();
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
