//! Area and point-to-point maps (`[[map]]` with `grid = "areas"` or `"points"`): named places
//! at positions on the map, with optional outlines, joined by connections of named kinds
//! (`[[connection_kind]]`: a major road lets 4 blocks cross a turn, a sea lane its own rule).
//! Positions are in mm from the map's top-left corner, as written; the layout stage decides how
//! they print.

use crate::source::Loc;

use super::{PageSize, Sp, Text};

/// The most areas a map may have.
pub const MAX_AREAS: usize = 500;
/// The most connections a map may have.
pub const MAX_CONNECTIONS: usize = 2_000;
/// The smallest and largest side of an area map, mm.
pub const AREA_MAP_MM: (f64, f64) = (50.0, 3_000.0);
/// The most points an area's outline may have.
pub const MAX_OUTLINE: usize = 200;

/// How a connection kind's line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineStyle {
    /// `"solid"`: the default.
    #[default]
    Solid,
    /// `"dashed"`.
    Dashed,
    /// `"dotted"`.
    Dotted,
    /// `"double"`: two thin lines (a major road).
    Double,
}

impl LineStyle {
    /// The styles, as written.
    pub const NAMES: &'static [&'static str] = &["solid", "dashed", "dotted", "double"];

    /// The style a name gives.
    pub fn parse(s: &str) -> Option<LineStyle> {
        Some(match s {
            "solid" => LineStyle::Solid,
            "dashed" => LineStyle::Dashed,
            "dotted" => LineStyle::Dotted,
            "double" => LineStyle::Double,
            _ => return None,
        })
    }

    /// The style as written (and as templates receive it).
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// `[[connection_kind]]`: a kind of connection between areas: "Major road", "Sea lane".
#[derive(Debug)]
pub struct ConnectionKind {
    /// `id`: what a connection's `kind` names; default from the name.
    pub id: Sp<String>,
    /// `name`: as printed in the map's key and on the aid card.
    pub name: Sp<String>,
    /// `limit`: how many pieces may cross it a turn; none: no limit.
    pub limit: Option<Sp<i64>>,
    /// `limits`: its limit in turns of a weather or season of the turn track, which differs
    /// from `limit` (`{ Mud = 1, Winter = 0 }`), in the order written.
    pub limits: Vec<(Sp<String>, Sp<i64>)>,
    /// `style`: how its line is drawn; default solid.
    pub style: LineStyle,
    /// `color`: its line's colour; default dark brown.
    pub color: Option<Sp<String>>,
    /// `text`: markup, anything else about it (on the aid card's legend).
    pub text: Option<Text>,
    /// The whole table.
    pub loc: Loc,
}

/// `[[map.area]]` on a map of areas: a named place.
#[derive(Debug)]
pub struct Place {
    /// `id`: what connections and scenarios call it.
    pub id: Sp<String>,
    /// `name`: as printed; default from the id.
    pub name: Option<Sp<String>>,
    /// `at`: where its name and pieces go, mm from the map's top-left corner.
    pub at: Option<Sp<(f64, f64)>>,
    /// `outline`: its border, points in mm (at least three); none: drawn as a box (areas) or a
    /// circle (points) around `at`.
    pub outline: Vec<(f64, f64)>,
    /// Where `outline` is written.
    pub outline_at: Option<Loc>,
    /// `terrain`: a `[[terrain]]` id; default the map's `terrain`.
    pub terrain: Option<Sp<String>>,
    /// `limit`: the most pieces it may hold (its stacking limit).
    pub limit: Option<Sp<i64>>,
    /// `value`: what holding it is worth (victory points).
    pub value: Option<Sp<i64>>,
    /// `side`: the side that owns it at the start (its home area).
    pub side: Option<Sp<String>>,
    /// `port`: ships may enter it.
    pub port: bool,
    /// The whole table.
    pub loc: Loc,
}

impl Place {
    /// Its name as printed.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => n.v.clone(),
            None => {
                let mut s = self.id.v.replace(['-', '_'], " ");
                if let Some(f) = s.get_mut(0..1) {
                    f.make_ascii_uppercase();
                }
                s
            }
        }
    }
}

/// `[[map.connection]]`: two areas joined.
#[derive(Debug)]
pub struct Connection {
    /// `between`: the two areas' ids.
    pub between: Vec<Sp<String>>,
    /// `kind`: a `[[connection_kind]]` id.
    pub kind: Option<Sp<String>>,
    /// `kind` is written (when it could not be read, its own finding says so).
    pub kind_written: bool,
    /// `limit`: this connection's own limit, over its kind's.
    pub limit: Option<Sp<i64>>,
    /// The whole table.
    pub loc: Loc,
}

impl Connection {
    /// The ids of the two areas it joins, in sorted order: the same for a connection written
    /// either way round.
    pub fn ends(&self) -> Vec<&str> {
        let mut k: Vec<&str> = self.between.iter().map(|b| b.v.as_str()).collect();
        k.sort_unstable();
        k
    }
}

/// `[[map]]` with `grid = "areas"` or `"points"`: a map of named places and connections.
#[derive(Debug)]
pub struct AreaMap {
    /// `id`; default: from the title.
    pub id: Sp<String>,
    /// `title`: printed on the sheet.
    pub title: Sp<String>,
    /// `grid = "points"`: towns joined by roads, drawn as circles; else areas, drawn as boxes
    /// where they have no outline.
    pub points: bool,
    /// `size`: the map's width and height, mm.
    pub size: Option<Sp<(f64, f64)>>,
    /// `terrain`: the terrain of every area that names none; default `clear`.
    pub terrain: Option<Sp<String>>,
    /// `background`: a picture the areas are drawn over, relative to the game folder.
    pub background: Option<Sp<String>>,
    /// `[[map.area]]`: the places.
    pub places: Vec<Place>,
    /// `[[map.connection]]`: what joins them.
    pub connections: Vec<Connection>,
    /// `notes`: markup printed with the map's key.
    pub notes: Option<Text>,
    /// `page`: the paper map.pdf prints it on; default the game's.
    pub page: Option<Sp<PageSize>>,
    /// `page_orientation`: landscape (true) or portrait (false); default: fewer pages.
    pub landscape: Option<bool>,
    /// The whole `[[map]]` table.
    pub loc: Loc,
}

impl AreaMap {
    /// The map's `size` in mm, clamped to [`AREA_MAP_MM`] (a bad size is reported by the
    /// checker); none when not given (the layout then sizes the map around its areas).
    pub fn size_mm(&self) -> Option<(f64, f64)> {
        let (lo, hi) = AREA_MAP_MM;
        self.size.as_ref().map(|s| (s.v.0.clamp(lo, hi), s.v.1.clamp(lo, hi)))
    }

    /// The place an id names.
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.id.v == id)
    }

    /// Where a place is: its `at`, else the middle of its outline's box.
    pub fn centre(&self, p: &Place) -> Option<(f64, f64)> {
        if let Some(a) = &p.at {
            return Some(a.v);
        }
        if p.outline.is_empty() {
            return None;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (x, y) in &p.outline {
            (x0, y0, x1, y1) = (x0.min(*x), y0.min(*y), x1.max(*x), y1.max(*y));
        }
        Some(((x0 + x1) / 2.0, (y0 + y1) / 2.0))
    }
}
