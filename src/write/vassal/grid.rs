//! Boards and their grids: each map's image resolution, and the grid VASSAL snaps pieces to and
//! names cells with, as the map numbers them.

use super::*;

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
    let g = &geo.grid;
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
/// is named as on the map (`XXYY` with leading zeros, or a column letter and row number), after
/// `prefix`: a geomorphic board's label ("3C4"; VASSAL turns the names with a reversed board).
pub(super) fn grid_xml(geo: &Geometry, dpi: f64, prefix: &str) -> String {
    let m = grid_metrics(geo, dpi);
    let g = &geo.grid;
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
    let prefix = xml(&prefix.replace('$', ""));
    let numbering = |kind: &str| {
        format!(
            "<VASSAL.build.module.map.boardPicker.board.mapgrid.{kind} color=\"0,0,0\" first=\"{first}\" fontSize=\"9\" hDescend=\"false\" hDrawOff=\"0\" hLeading=\"{h_lead}\" hOff=\"{h_off}\" hType=\"{h_type}\" locationFormat=\"{prefix}$gridLocation$\" rotateText=\"0\" sep=\"\" stagger=\"false\" vDescend=\"false\" vDrawOff=\"0\" vLeading=\"{v_lead}\" vOff=\"{v_off}\" vType=\"{v_type}\" visible=\"false\"/>"
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
pub(super) fn region_grid_xml(areas: &[(String, (f64, f64))], dpi: f64) -> String {
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
