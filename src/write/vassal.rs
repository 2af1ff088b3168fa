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

mod tracks;

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

/// The most pixels a board image may have: 64 million (8000 × 8000 px, 256 MB as RGBA while
/// drawn); a larger map is drawn at a lower resolution (its pieces then look larger on it).
pub const MAX_BOARD_PIXELS: f64 = 64e6;

/// The resolution of a board of `size` mm: [`PIECE_DPI`], or less for a map so large that
/// its image would pass [`MAX_BOARD_PIXELS`].
pub fn board_dpi((w, h): crate::layout::map::Point) -> f64 {
    let square_inches = Mm(w).inches() * Mm(h).inches();
    if square_inches * PIECE_DPI * PIECE_DPI <= MAX_BOARD_PIXELS {
        PIECE_DPI
    } else {
        // Whole dots per inch, rounded down: the image stays under the limit.
        (MAX_BOARD_PIXELS / square_inches).sqrt().floor().max(1.0)
    }
}

/// Where a board's pieces go: the cells of a grid, or the areas of a map of areas.
#[derive(Debug, Clone)]
pub enum BoardGrid {
    /// A hex or square grid.
    Cells(Geometry),
    /// Named areas: each area's name and centre, mm; the map's size, mm.
    Areas {
        /// The map's width and height, mm.
        size: (f64, f64),
        /// Each area's name and centre, mm from the top-left corner.
        areas: Vec<(String, (f64, f64))>,
    },
}

impl BoardGrid {
    /// The board's size, mm.
    pub fn size(&self) -> (f64, f64) {
        match self {
            BoardGrid::Cells(g) => g.size(),
            BoardGrid::Areas { size, .. } => *size,
        }
    }
}

/// A map as a board: its name, its grid and the whole map drawn at [`board_dpi`].
pub struct Board {
    /// The map's title (the window's and the board's name).
    pub name: String,
    /// Where its cells or areas are, in mm.
    pub grid: BoardGrid,
    /// The resolution it is drawn at ([`board_dpi`]).
    pub dpi: f64,
    /// The whole map, one pixel per 1/`dpi` inch.
    pub image: RgbImage,
}

/// A board's grid in VASSAL's terms, in pixels at `dpi`: the distance between neighbouring
/// columns (`dx`) and rows (`dy`) of centres and the origin (`x0`, `y0`). A hex grid's
/// origin is the centre of a cell in a column that is not offset (VASSAL lowers the odd
/// columns from it by half a cell); a sideways grid (pointy-topped hexes) is the same turned:
/// its `dx` runs down, its origin is given as (y, x). A square grid's origin is the centre of
/// its first cell too.
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
    let px = |mm: f64| Mm(mm).px(dpi);
    let g = geo.grid;
    let first = crate::model::Coord { col: 1, row: 1 };
    match g.kind {
        GridKind::Square => {
            // VASSAL's SquareGrid: "(0,0) is the center of the origin cell" (its snapTo), and
            // SquareGridNumbering counts columns from it, `floor((x - x0) / dx + 0.5)`.
            let (x, y) = geo.centre(first);
            let d = px(geo.cell);
            GridMetrics {
                hex: false,
                sideways: false,
                dx: d,
                dy: d,
                x0: px(x).round() as i64,
                y0: px(y).round() as i64,
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

/// A map of areas' grid: a region at each area's centre, named after the area, so that a piece
/// dropped in an area snaps to it and the log names it (VASSAL's "irregular grid").
fn region_grid_xml(areas: &[(String, (f64, f64))], dpi: f64) -> String {
    let px = |mm: f64| Mm(mm).px(dpi).round() as i64;
    let mut regions = String::new();
    for (name, (x, y)) in areas {
        regions.push_str(&format!(
            "\n                    <VASSAL.build.module.map.boardPicker.board.Region name=\"{}\" originx=\"{}\" originy=\"{}\"/>",
            xml(name),
            px(*x),
            px(*y)
        ));
    }
    format!(
        "<VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize=\"9\" snapto=\"true\" visible=\"false\">{regions}\n                </VASSAL.build.module.map.boardPicker.board.RegionGrid>"
    )
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

/// A piece's traits, outermost first, each as (its own type, its own state), over the basic
/// piece's type and state: VASSAL's `Decorator` writes its own part, a tab, then the inner
/// piece's with a backslash before each of its tabs (a `SequenceEncoder` of one token).
fn wrap(traits: &[(String, String)], basic: (String, String)) -> (String, String) {
    traits.iter().rev().fold(basic, |(typ, state), (own_type, own_state)| {
        (format!("{own_type}\t{}", typ.replace('\t', "\\\t")), format!("{own_state}\t{}", state.replace('\t', "\\\t")))
    })
}

/// The words of a piece's menu and what other sides see of a hidden block, in the module's
/// language (`[game.words]` or built in).
#[derive(Debug, Clone)]
pub struct Menu {
    delete: String,
    clone: String,
    flip: String,
    peek: String,
    hide: String,
    regain: String,
    lose: String,
    steps: String,
    a_block: String,
    words: crate::model::Words,
}

impl Menu {
    /// The menu in `words`.
    pub fn of(words: &crate::model::Words) -> Menu {
        let w = |k: &str| field(&words.word(k));
        Menu {
            delete: w("vassal_delete"),
            clone: w("vassal_clone"),
            flip: w("vassal_flip"),
            peek: w("vassal_peek"),
            hide: w("vassal_hide"),
            regain: w("vassal_regain_step"),
            lose: w("vassal_lose_step"),
            steps: w("vassal_steps"),
            a_block: words.word("vassal_a_block"),
            words: words.clone(),
        }
    }

    /// Delete (Ctrl+D) for every piece: `delete;<menu text>;<key>;<description>`, no state.
    fn delete(&self) -> String {
        format!("delete;{};68,130;", self.delete)
    }

    /// Clone (Ctrl+C) for markers: `clone;<menu text>;<key>;<description>`, no state.
    fn clone_trait(&self) -> String {
        format!("clone;{};67,130;", self.clone)
    }

    /// A block loses a step turning a quarter counter-clockwise (Ctrl+[) and regains it
    /// clockwise (Ctrl+]): FreeRotator with four facings, `rotate;N;cwKey;ccwKey;cwText;
    /// ccwText;...`, facing 0 (its strongest step on top).
    fn rotate(&self) -> String {
        format!("rotate;4;93,130;91,130;{};{};;;{};;;;;false", self.regain, self.lose, self.steps)
    }
}

impl Default for Menu {
    fn default() -> Menu {
        Menu::of(&crate::model::Words::default())
    }
}

/// Where a piece is: on no map (a palette's piece), or at board pixel (x, y) of a map.
pub type At<'a> = Option<(&'a str, i64, i64)>;

/// The basic piece's state: map, position, the palette slot's id and no properties.
fn basic_state(at: At, gpid: usize) -> String {
    match at {
        Some((map, x, y)) => format!("{};{x};{y};{gpid};0", field(map)),
        None => format!("null;0;0;{gpid};0"),
    }
}

/// What a counter's piece does with its back face.
#[derive(Debug, Clone, Copy)]
pub enum PieceBack<'a> {
    /// No back: the front on both sides.
    None,
    /// A flip layer showing the back.
    Flip {
        /// The back face's image.
        image: &'a str,
        /// The layer's name: the back face's.
        layer: &'a str,
        /// The piece's name when flipped.
        name: &'a str,
    },
    /// A block, shown to the other sides as its side's colour; with steps, a quarter turn a
    /// step.
    Block {
        /// The side's colour: the back face's image.
        image: &'a str,
        /// The steps along its edges (a rotation trait from two).
        steps: usize,
        /// Its side's name.
        side: Option<&'a str>,
        /// Hidden by its side (a scenario's set-up); else shown (the palette's piece).
        hidden: bool,
    },
}

/// A counter as VASSAL's add-piece command (`+/<id>/<type>/<state>`): its front as the basic
/// piece, named `name`; its back a flip layer that Ctrl+F turns on, or a block's mask and
/// rotation ([`PieceBack`]); Delete on every counter, Clone on markers. `id` is `null` for a
/// palette's piece.
pub fn counter_definition(
    (name, front): (&str, &str),
    back: PieceBack,
    gpid: usize,
    marker: bool,
    at: At,
    id: &str,
    menu: &Menu,
) -> String {
    let basic = (format!("piece;;;{};{}", field(front), field(name)), basic_state(at, gpid));
    let mut traits = vec![(menu.delete(), String::new())];
    if marker {
        traits.push((menu.clone_trait(), String::new()));
    }
    if let PieceBack::Block { image, steps, side, hidden } = back {
        // Obscurable in the inset style: the owner sees the sticker with the side's colour in
        // its corner, every other side only the colour. Ctrl+H; any side may hide its blocks
        // (`side:`); at set-up hidden by its own side (state `<side>;`).
        let masked = side.map_or(menu.a_block.clone(), |s| menu.words.say("vassal_side_block", &[("side_name", s)]));
        let mask = format!("obs;72,130;{};{};I;{};side:;;;false;;", field(image), menu.hide, field(&masked));
        // The mask's owner is the roster's side name as written: a name with a character
        // that separates the piece's fields cannot be written so, and starts unhidden.
        let state = match side {
            Some(s) if hidden && field(s) == s => format!("{s};"),
            _ => "null;".to_string(),
        };
        traits.push((mask, state));
        if steps > 1 {
            traits.push((menu.rotate(), "0".into()));
        }
    }
    if let PieceBack::Flip { image, layer, name: back_name } = back {
        // Embellishment (emb2) fields in VASSAL's order: activate name, modifiers, key;
        // increase and decrease (none); reset (none); draw under (no) and offset; images;
        // level names; loop; layer name; random; follow; expression; first level; version;
        // always active; activate/increase/decrease keys; description; scale; and a last
        // flag, as VASSAL 3.7 writes it (the legacy mask and character are those of a real
        // module; Ctrl+F, `70,130`, is the key). Its state, -1: off, the front shows.
        let emb = format!(
            "emb2;{};128;A;;128;;;128;;;;1;false;0;0;{};{};true;{};;;false;;1;1;false;70,130;;;{};1.0;;true",
            menu.flip,
            field(image),
            field(back_name),
            field(layer),
            menu.flip
        );
        traits.push((emb, "-1".into()));
    }
    let (typ, state) = wrap(&traits, basic);
    format!("+/{id}/{typ}/{state}")
}

/// A card: its front as the basic piece under a mask showing its back to all but its owner
/// (VASSAL's plain style: the owner sees the back too, and peeks), with Delete.
pub fn card_definition(name: &str, front: &str, back: &str, gpid: usize, menu: &Menu) -> String {
    let mask = format!("obs;70,130;{};{};P;?;player:;{};;true;;", field(back), menu.flip, menu.peek);
    let traits = [(menu.delete(), String::new()), (mask, "null".into())];
    let (typ, state) = wrap(&traits, (format!("piece;;;{};{}", field(front), field(name)), basic_state(None, gpid)));
    format!("+/null/{typ}/{state}")
}

/// What the palette knows of a counter: enough to place it again in a set-up.
struct CounterPiece {
    title: String,
    front: String,
    /// The back face's image, the layer's name and the flipped piece's name.
    back: Option<(String, String, String)>,
    gpid: usize,
    marker: bool,
    /// A block: its steps and its side's name (its back is then the side's colour).
    block: Option<(usize, Option<String>)>,
}

impl CounterPiece {
    /// The piece placed `at` (a block in a set-up hidden from the other sides).
    fn add_command(&self, at: At, id: &str, menu: &Menu) -> String {
        let back = match (&self.back, &self.block) {
            (Some((image, _, _)), Some((steps, side))) => {
                PieceBack::Block { image, steps: *steps, side: side.as_deref(), hidden: at.is_some() }
            }
            (Some((image, layer, name)), None) => PieceBack::Flip { image, layer, name },
            (None, _) => PieceBack::None,
        };
        counter_definition((&self.title, &self.front), back, self.gpid, self.marker, at, id, menu)
    }
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
type BoardEntry = (String, String, u32, u32, String);

/// The charts window's images and each map's board image, written into `images/`.
fn charts_and_boards(input: &VassalInput, files: &mut Vec<(String, Vec<u8>)>) -> (Vec<String>, Vec<BoardEntry>) {
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
        let grid = match &b.grid {
            BoardGrid::Cells(geometry) => grid_xml(geometry, b.dpi),
            BoardGrid::Areas { areas, .. } => region_grid_xml(areas, b.dpi),
        };
        boards.push((field(&b.name), file, b.image.width(), b.image.height(), grid));
    }
    (charts, boards)
}

/// A scenario's set-up: a saved game inside the module, on the File menu.
struct Setup {
    /// The menu entry: the scenario's title.
    title: String,
    /// The saved game's entry at the module's root: `<scenario id>.vsav`.
    file: String,
    /// Its add-piece commands.
    commands: Vec<String>,
    /// Its reinforcements' rows in the arrivals window: (name, y), pieces from x = 60.
    arrivals: Vec<(String, i64)>,
}

/// The name of the window that holds the reinforcements of the set-ups.
/// The arrivals window's name, in the game's words.
pub fn arrivals_name(game: &Game) -> String {
    game.meta.words.word("vassal_arrivals")
}
/// Where the arrivals window's first piece is and how far apart its pieces and rows are, px.
const ARRIVAL_START: i64 = 60;
const ARRIVAL_STEP: i64 = 90;
const ARRIVAL_ROW: i64 = 110;

/// Each scenario's set-up: every counter [`crate::write::setup::placements`] places, at the
/// centre of its cell on its map's board (VASSAL snaps nothing on load: the position is the
/// cell's centre in the board's pixels, rounded), or in the arrivals window, in a row per
/// turn of arrival (and entry cell).
fn setups(input: &VassalInput, pieces: &[Option<CounterPiece>], tracks: Option<&tracks::TrackWindow>) -> Vec<Setup> {
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
fn saved_game(commands: &[String], save_data: &str, module_data: &str) -> Result<Vec<u8>, String> {
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
fn save_data(version: &str, date: i64, description: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>{}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>{date}</dateSaved>\n  <description>{}</description>\n</data>\n",
        xml(version),
        xml(description)
    )
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

/// `moduledata`: what VASSAL shows before opening the module.
fn module_data(game: &Game, title: &str, version: &str) -> String {
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>{}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>{}</dateSaved>\n  <description>{}</description>\n  <name>{}</name>\n</data>\n",
        xml(version),
        date_saved(game),
        xml(&description),
        xml(title)
    )
}

/// The map components every map needs (stacking, moving, menus, zoom). The zoom levels are
/// sorted; `zoomStart` counts from the most zoomed-in, from 1 (VASSAL's `Zoomer`): 3 of
/// these six is 1.0, 100 %.
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
        <VASSAL.build.module.map.Zoomer inButtonText="" inIconName="/images/zoomIn.gif" inTooltip="Zoom in" outButtonText="" outIconName="/images/zoomOut.gif" outTooltip="Zoom out" pickButtonText="" pickIconName="/images/zoom.png" pickTooltip="Select Zoom" zoomInKey="" zoomLevels="0.25,0.5,0.75,1.0,1.5,2.0" zoomOutKey="" zoomPickKey="" zoomStart="3"/>
        <VASSAL.build.module.properties.GlobalProperties/>
"#;

/// Everything the build file lists.
struct Module<'a> {
    title: &'a str,
    version: &'a str,
    panels: &'a [(String, Vec<String>)],
    piles: &'a [Pile],
    card: (u32, u32),
    charts: &'a [String],
    /// (name, image file, width, height, grid element) per map.
    boards: &'a [BoardEntry],
    setups: &'a [Setup],
    /// The tracks' window, when the game has tracks.
    tracks: Option<&'a tracks::TrackWindow>,
    next_gpid: usize,
}

/// The parts of a player's hand: as a map's, cards laid out side by side.
const HAND_PARTS: &str = r#"        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.Scroller/>
        <VASSAL.build.module.map.ForwardToChatter/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.MapCenterer/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.HandMetrics bottom="40,0" disabled="false" down="37,0" exSepX="12" exSepY="0" top="38,0" unexSepX="12" unexSepY="0" up="39,0"/>
"#;

/// A map window: its name, its board element(s) and its parts; `launch`: a toolbar button
/// shows and hides it (every window but the main one).
fn map_xml(name: &str, launch: bool, board: &str, extra: &str) -> String {
    window_xml("VASSAL.build.module.Map", "", name, launch, board, &format!("{MAP_PARTS}{extra}"))
}

/// A window of VASSAL's `Map` family (`element`: a map, or a player's hand, which adds
/// `attrs`), with one board picker and its parts.
fn window_xml(element: &str, attrs: &str, name: &str, launch: bool, board: &str, parts: &str) -> String {
    format!(
        "    <{element} {attrs}allowMultiple=\"false\" backgroundcolor=\"255,255,255\" buttonName=\"{n}\" changeFormat=\"$message$\" color=\"0,0,0\" createFormat=\"$pieceName$ created in $location$\" description=\"\" edgeHeight=\"0\" edgeWidth=\"0\" hideKey=\"\" hotkey=\"\" icon=\"\" launch=\"{launch}\" mapName=\"{n}\" markMoved=\"Never\" moveKey=\"\" moveToFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" moveWithinFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" showKey=\"\" thickness=\"3\">\n        <VASSAL.build.module.map.BoardPicker addColumnText=\"Add column\" addRowText=\"Add row\" boardPrompt=\"Select board\" slotHeight=\"125\" slotScale=\"0.2\" slotWidth=\"350\" title=\"Choose Boards\">\n{board}        </VASSAL.build.module.map.BoardPicker>\n{parts}    </{element}>\n",
        n = xml(name)
    )
}

/// The card decks side by side in a window of their own (the main "Table" of a game without
/// maps): never over a cell of a map; then a hand per side that plays from a strategy deck.
fn decks_window(game: &Game, m: &Module) -> String {
    let mut x = String::new();
    let (cw, ch) = m.card;
    let gap = cw / 2 + 40;
    if !m.piles.is_empty() || m.boards.is_empty() {
        let name = game.meta.words.word(if m.boards.is_empty() { "vassal_table" } else { "vassal_decks" });
        let width = (pile_slots(m.piles) * (cw + gap) + gap).max(if m.boards.is_empty() { 1200 } else { 400 });
        let height = (ch + 2 * gap).max(if m.boards.is_empty() { 900 } else { 300 });
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"40,90,60\" height=\"{height}\" name=\"{}\" reversible=\"false\" width=\"{width}\"/>\n",
            xml(&name)
        );
        x.push_str(&map_xml(&name, !m.boards.is_empty(), &board, &piles_xml(game, m.piles, m.card, gap)));
    }
    // A hand per side that plays from a strategy deck, seen by its owner alone.
    if m.piles.iter().any(|p| p.deck.is_some()) {
        x.push_str(&hands_xml(game, m.card));
    }
    x
}

fn build_file(game: &Game, m: &Module) -> String {
    let mut x = String::new();
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    x.push_str(&format!(
        "<VASSAL.build.GameModule ModuleOther1=\"\" ModuleOther2=\"\" VassalVersion=\"{VASSAL_VERSION}\" description=\"{}\" name=\"{}\" nextPieceSlotId=\"{}\" version=\"{}\">\n",
        xml(&description),
        xml(m.title),
        m.next_gpid,
        xml(m.version)
    ));
    x.push_str("    <VASSAL.build.module.BasicCommandEncoder/>\n    <VASSAL.build.module.Documentation/>\n");
    let w = |k: &str| xml(&game.meta.words.word(k));
    x.push_str(&format!(
        "    <VASSAL.build.module.PlayerRoster buttonKeyStroke=\"\" buttonText=\"{}\" buttonToolTip=\"{}\">\n",
        w("vassal_retire"),
        w("vassal_switch_sides")
    ));
    for s in &game.sides {
        x.push_str(&format!("        <entry>{}</entry>\n", xml(&s.name.v)));
    }
    x.push_str("    </VASSAL.build.module.PlayerRoster>\n");
    x.push_str(&format!("    <VASSAL.build.module.GlobalOptions autoReport=\"Always\" centerOnMove=\"Use Preferences Setting\" nonOwnerUnmaskable=\"Never\" playerIdFormat=\"$PlayerName$\" promptString=\"{}\"/>\n", w("vassal_unmask")));
    x.push_str("    <VASSAL.build.module.Chatter/>\n    <VASSAL.build.module.KeyNamer/>\n");
    if !m.panels.is_empty() {
        let (name, tip) = (w("vassal_pieces"), w("vassal_pieces_tip"));
        x.push_str(&format!("    <VASSAL.build.module.PieceWindow defaultWidth=\"0\" hidden=\"false\" hotkey=\"80,130\" icon=\"\" name=\"{name}\" scale=\"1.0\" text=\"{name}\" tooltip=\"{tip}\">\n"));
        x.push_str(&format!("        <VASSAL.build.widget.TabWidget entryName=\"{name}\">\n"));
        for (name, slots) in m.panels {
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
    // A window per map, the first the main one; its board the whole map with its grid.
    for (k, (name, file, w, h, grid)) in m.boards.iter().enumerate() {
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board image=\"{}\" height=\"{h}\" name=\"{}\" reversible=\"false\" width=\"{w}\">\n                {grid}\n            </VASSAL.build.module.map.boardPicker.Board>\n",
            xml(file),
            xml(name)
        );
        x.push_str(&map_xml(name, k > 0, &board, ""));
    }
    x.push_str(&decks_window(game, m));
    if let Some(t) = m.tracks {
        x.push_str(&t.xml());
    }
    // Reinforcements wait in a window of their own, a row per turn of arrival, each row a
    // region named after its turn (and entry cell), so the log says where a piece came from.
    let mut rows: Vec<(String, i64)> = m.setups.iter().flat_map(|s| s.arrivals.iter().cloned()).collect();
    rows.sort_by_key(|(_, y)| *y);
    if !rows.is_empty() {
        let most = m.setups.iter().map(|s| s.commands.len() as i64).max().unwrap_or(1);
        let width = (2 * ARRIVAL_START + most * ARRIVAL_STEP).clamp(600, 3000);
        let height = rows.iter().map(|(_, y)| *y).max().unwrap_or(0) + ARRIVAL_START;
        let mut regions = String::new();
        let mut seen = std::collections::BTreeSet::new();
        for (name, y) in &rows {
            if seen.insert((name.clone(), *y)) {
                regions.push_str(&format!(
                    "                    <VASSAL.build.module.map.boardPicker.board.Region name=\"{}\" originx=\"{}\" originy=\"{y}\"/>\n",
                    xml(name),
                    ARRIVAL_START - ARRIVAL_STEP / 2
                ));
            }
        }
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"230,225,210\" height=\"{height}\" name=\"{}\" reversible=\"false\" width=\"{width}\">\n                <VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize=\"12\" snapto=\"false\" visible=\"true\">\n{regions}                </VASSAL.build.module.map.boardPicker.board.RegionGrid>\n            </VASSAL.build.module.map.boardPicker.Board>\n",
            xml(&arrivals_name(game))
        );
        x.push_str(&map_xml(&arrivals_name(game), true, &board, ""));
    }
    if !m.charts.is_empty() {
        let (name, tip) = (w("vassal_charts"), w("vassal_charts_tip"));
        x.push_str(&format!("    <VASSAL.build.module.ChartWindow hotkey=\"\" icon=\"\" name=\"{name}\" text=\"{name}\" tooltip=\"{tip}\">\n"));
        x.push_str(&format!("        <VASSAL.build.widget.TabWidget entryName=\"{name}\">\n"));
        for c in m.charts {
            x.push_str(&format!("            {c}\n"));
        }
        x.push_str("        </VASSAL.build.widget.TabWidget>\n    </VASSAL.build.module.ChartWindow>\n");
    }
    for s in m.setups {
        x.push_str(&format!(
            "    <VASSAL.build.module.PredefinedSetup description=\"\" file=\"{}\" isMenu=\"false\" name=\"{}\" useFile=\"true\"/>\n",
            xml(&s.file),
            xml(&s.title)
        ));
    }
    x.push_str("    <VASSAL.build.module.PrototypesContainer/>\n");
    x.push_str("</VASSAL.build.GameModule>\n");
    in_words(x, &game.meta.words)
}

/// The build file with the words every map window repeats (zoom buttons, move reports, the
/// board picker) in the game's language: each attribute as [`MAP_PARTS`] and [`window_xml`]
/// write it in English, replaced whole.
fn in_words(x: String, words: &crate::model::Words) -> String {
    let attrs = [
        ("inTooltip", "Zoom in", "vassal_zoom_in"),
        ("outTooltip", "Zoom out", "vassal_zoom_out"),
        ("pickTooltip", "Select Zoom", "vassal_zoom_select"),
        ("createFormat", "$pieceName$ created in $location$", "vassal_created"),
        ("moveToFormat", "$pieceName$ moves $previousLocation$ -&gt; $location$", "vassal_moved"),
        ("moveWithinFormat", "$pieceName$ moves $previousLocation$ -&gt; $location$", "vassal_moved"),
        ("title", "Choose Boards", "vassal_choose_boards"),
    ];
    let mut x = x;
    for (attr, english, key) in attrs {
        let word = words.word(key);
        if xml(&word) != english {
            x = x.replace(&format!("{attr}=\"{english}\""), &format!("{attr}=\"{}\"", xml(&word)));
        }
    }
    x
}

/// The card decks side by side from the left of their window's board (no owning board: x and
/// y from the board area's corner): each draw pile, and after the piles of a strategy deck its
/// face-up discard pile, which reshuffles into the deck's first pile (as do its later parts,
/// when they join).
fn piles_xml(game: &Game, piles: &[Pile], (cw, ch): (u32, u32), gap: u32) -> String {
    let mut x = String::new();
    let mut k = 0u32;
    let at = |k: &mut u32| {
        let px = gap + *k * (cw + gap) + cw / 2;
        *k += 1;
        (px, gap + ch / 2)
    };
    for (i, pile) in piles.iter().enumerate() {
        let first = pile.deck.and_then(|d| piles.iter().find(|p| p.deck == Some(d))).filter(|f| f.name != pile.name);
        let reshuffle = match first {
            Some(f) => format!(
                "reshufflable=\"true\" reshuffleCommand=\"{}\" reshuffleHotkey=\"\" reshuffleMessage=\"{}\" reshuffleTarget=\"{}\"",
                xml(&game.meta.words.say("vassal_shuffle_into", &[("pile", &f.name)])),
                xml(&game.meta.words.say("vassal_shuffled_into", &[("pile", &f.name)])),
                xml(&field(&f.name))
            ),
            None => "reshufflable=\"false\"".to_string(),
        };
        let (px, py) = at(&mut k);
        x.push_str(&format!(
            "        <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"false\" draw=\"true\" faceDown=\"Always\" height=\"{ch}\" name=\"{}\" owningBoard=\"\" {reshuffle} shuffle=\"Via right-click Menu\" width=\"{cw}\" x=\"{px}\" y=\"{py}\">\n",
            xml(&field(&pile.name))
        ));
        for s in &pile.slots {
            x.push_str(&format!("            {s}\n"));
        }
        x.push_str("        </VASSAL.build.module.map.DrawPile>\n");
        // The deck's last pile: its discard pile follows.
        let last = pile.deck.is_some() && piles.get(i + 1).is_none_or(|n| n.deck != pile.deck);
        if let (true, Some(d)) = (last, pile.deck) {
            let target = piles.iter().find(|p| p.deck == Some(d)).map_or(&pile.name, |p| &p.name);
            let (px, py) = at(&mut k);
            // A deck whose discards never go back (`reshuffle = "never"`) has no command for it.
            let reshuffle = if game.decks[d].reshuffle.as_ref().is_some_and(|r| r.v == crate::model::Reshuffle::Never) {
                "reshufflable=\"false\"".to_string()
            } else {
                format!(
                    "reshufflable=\"true\" reshuffleCommand=\"{}\" reshuffleHotkey=\"\" reshuffleMessage=\"{}\" reshuffleTarget=\"{}\"",
                    xml(&game.meta.words.say("vassal_shuffle_into", &[("pile", target)])),
                    xml(&game.meta.words.word("vassal_discards_shuffled")),
                    xml(&field(target))
                )
            };
            x.push_str(&format!(
                "        <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"true\" draw=\"true\" drawFaceUp=\"true\" faceDown=\"Never\" height=\"{ch}\" name=\"{}\" owningBoard=\"\" {reshuffle} shuffle=\"Never\" width=\"{cw}\" x=\"{px}\" y=\"{py}\"/>\n",
                xml(&field(&discards(game, d))),
            ));
        }
    }
    x
}

/// The name of a strategy deck's discard pile.
fn discards(game: &Game, deck: usize) -> String {
    game.meta.words.say("vassal_discards", &[("deck", &game.decks[deck].title.v)])
}

/// The windows a pile of the decks window takes: its draw piles and a discard pile per
/// strategy deck.
fn pile_slots(piles: &[Pile]) -> u32 {
    let decks: std::collections::BTreeSet<usize> = piles.iter().filter_map(|p| p.deck).collect();
    (piles.len() + decks.len()) as u32
}

/// A hand per side that draws from a strategy deck (every side, or a deck's owner), owned by
/// that side (a side of the player roster): the cards in it are seen by its owner alone.
fn hands_xml(game: &Game, (cw, ch): (u32, u32)) -> String {
    let mut sides: Vec<usize> = Vec::new();
    for d in &game.decks {
        match d.owner.as_ref().and_then(|o| game.sides.iter().position(|s| s.id.v == o.v)) {
            Some(s) => sides.push(s),
            None => sides.extend(0..game.sides.len()),
        }
    }
    sides.sort_unstable();
    sides.dedup();
    let most = game.decks.iter().flat_map(|d| d.hand.iter().map(|h| h.v)).max().unwrap_or(7).clamp(1, 50) as u32;
    let (width, height) = ((most + 1) * (cw + 12) + 80, ch + 120);
    let mut x = String::new();
    for s in sides {
        let name = game.meta.words.say("vassal_hand", &[("side_name", &game.sides[s].name.v)]);
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"225,225,215\" height=\"{height}\" name=\"{}\" reversible=\"false\" width=\"{width}\"/>\n",
            xml(&name)
        );
        let owner = format!("side=\"{}\" visible=\"false\" ", xml(&side_list(&[&game.sides[s].name.v])));
        x.push_str(&window_xml("VASSAL.build.module.PlayerHand", &owner, &name, true, &board, HAND_PARTS));
    }
    x
}

/// Sides as VASSAL lists them: comma-separated, a comma inside a name escaped.
fn side_list(names: &[&str]) -> String {
    names.iter().map(|n| n.replace(',', "\\,")).collect::<Vec<_>>().join(",")
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
                let grid = Grid { kind, columns, rows: 9, scheme };
                let geo = Geometry::new(grid, 19.05);
                let xml = grid_xml(&geo, PIECE_DPI);
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
