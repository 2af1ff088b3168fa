//! The map sheet (`map.pdf`) laid out: for each map, how it is cut into pages (its [`Tiling`])
//! and where its notes and terrain key go, with the assembly diagram's scale for a map of
//! several pages. The heights of the notes, the key and the assembly instructions come from
//! Typst (`templates/map-measure.typ`, asked through `super::measure`); this module decides from them, and
//! `map.typ` only draws what was decided.
//!
//! A one-page map takes its notes and key under it when the page has room for them, else on a
//! page of their own (every map has a key: its cells or areas have a terrain). A
//! map of several pages heads its assembly diagram with the instructions, scales the diagram to
//! the room left, and puts the notes and key under it; notes that would leave the diagram
//! smaller than [`LEAST_DIAGRAM`] of the page go on a page of their own.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::map::{MAP_EDGE_MM, Point, Tiling};
use crate::length::{Mm, Pt};
use crate::model::{Game, PageSize};

/// The gap between a one-page map and the notes under it, mm.
pub const NOTES_GAP: f64 = 4.0;
/// The gap under the assembly instructions, mm.
pub const INTRO_GAP: f64 = 5.0;
/// The gap between the assembly diagram and the notes under it, mm.
pub const DIAGRAM_GAP: f64 = 6.0;
/// The least share of the printable height the assembly diagram keeps when notes go under it.
pub const LEAST_DIAGRAM: f64 = 0.4;
/// The size of the labels on the assembly diagram: a fifth of a cell as drawn, within these
/// bounds (pt).
pub const DIAGRAM_LABEL: (f64, f64) = (6.0, 8.0);

/// One map of the sheet: its size, its pages and its plan.
#[derive(Debug, Clone, PartialEq)]
pub struct MapPage {
    /// The map's id.
    pub id: String,
    /// The map's bounding box, mm.
    pub size: Point,
    /// Its cell size, mm (0 for a map of areas).
    pub cell: f64,
    /// How it is cut into pages.
    pub tiling: Tiling,
    /// Where its notes and key go.
    pub plan: MapPlan,
}

/// What `map-measure.typ` reports for a map, pt.
#[derive(Debug, Clone, Deserialize)]
pub struct KeyHeights {
    /// The map's id.
    pub map: String,
    /// The notes and key as they print under a one-page map (headed by the map's title), or
    /// under an assembly diagram (without it).
    pub notes: f64,
    /// The assembly instructions; none for a one-page map.
    pub intro: Option<f64>,
}

/// Where a map's notes and terrain key print.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum KeyPlace {
    /// On the map's (or its assembly diagram's) page, `y` mm from the page's top.
    Under {
        /// The top of the notes, mm from the page's top.
        y: f64,
    },
    /// On a page of their own after the map's page (after the assembly diagram, for a map of
    /// several pages).
    OwnPage,
}

/// The assembly diagram of a map of several pages.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct Assembly {
    /// The top of the diagram (the map and its tiles' outlines), mm from the page's top, under
    /// the instructions.
    pub top: f64,
    /// Its bottom, mm from the page's top.
    pub bottom: f64,
    /// Where the map's top-left corner goes, mm from the page's top-left corner (a row of
    /// tiles centred on a map reaches above it).
    pub map_at: [f64; 2],
    /// Its scale: mm on the diagram per mm of map.
    pub scale: f64,
    /// The size of the map's labels on it, pt.
    pub label_size: f64,
}

/// How a map's pages are laid out beyond its tiles (`data.map_sheet.maps[].plan`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct MapPlan {
    /// Where the notes and key go.
    pub key: KeyPlace,
    /// The assembly diagram; none for a map on one page.
    pub assembly: Option<Assembly>,
}

impl MapPage {
    /// The map sheet's maps as `build` lays them out on `paper`, before measuring (see
    /// [`MapPage::unmeasured`]).
    pub fn all(
        game: &Game,
        paper: PageSize,
        maps: &[super::map::Geometry],
        areas: &[super::areas::AreaLayout],
    ) -> Vec<MapPage> {
        let mut out = Vec::new();
        for (m, geo) in game.maps.iter().zip(maps) {
            let tiling = Tiling::new(geo.size(), m.page.as_ref().map_or(paper, |p| p.v), m.landscape);
            out.push(MapPage::unmeasured(m.id.v.clone(), geo.size(), geo.cell, tiling));
        }
        for (m, laid) in game.area_maps.iter().zip(areas) {
            let tiling = Tiling::new(laid.size, m.page.as_ref().map_or(paper, |p| p.v), m.landscape);
            out.push(MapPage::unmeasured(m.id.v.clone(), laid.size, 0.0, tiling));
        }
        out
    }

    /// A map's pages before measuring: its notes and key on a page of their own and the
    /// assembly diagram under instructions of an assumed height (what an unmeasured layout
    /// prints, never the game's own build).
    pub fn unmeasured(id: String, size: Point, cell: f64, tiling: Tiling) -> MapPage {
        let mut page = MapPage { id, size, cell, tiling, plan: MapPlan { key: KeyPlace::OwnPage, assembly: None } };
        let assumed = KeyHeights { map: String::new(), notes: f64::INFINITY, intro: Some(Mm(20.0).pt().0) };
        page.plan = page.decide(&assumed);
        page
    }

    /// The map's plan from its measured heights.
    pub fn decide(&self, h: &KeyHeights) -> MapPlan {
        let t = &self.tiling;
        let ah = t.area.1;
        let notes = Pt(h.notes).mm().0;
        if t.count() == 1 {
            // Under the map when the printable area has room for it.
            let (_, oy) = t.origin(0, 0);
            let top = MAP_EDGE_MM + (self.size.1 - oy) + NOTES_GAP;
            let key = if notes <= MAP_EDGE_MM + ah - top { KeyPlace::Under { y: top } } else { KeyPlace::OwnPage };
            return MapPlan { key, assembly: None };
        }
        // Under the assembly diagram while it keeps LEAST_DIAGRAM of the height.
        let intro = Pt(h.intro.unwrap_or(0.0)).mm().0 + INTRO_GAP;
        let below = notes + DIAGRAM_GAP;
        let under = ah - intro - below >= LEAST_DIAGRAM * ah;
        let assembly = self.assembly(h, under.then_some(below)).expect("a map of several pages");
        let key = if under { KeyPlace::Under { y: assembly.bottom + DIAGRAM_GAP } } else { KeyPlace::OwnPage };
        MapPlan { key, assembly: Some(assembly) }
    }

    /// The map and its tiles together (a row or column of tiles centred on the map reaches
    /// before it, the last row and column past it): the top-left corner and size, mm of map.
    fn extent(&self) -> (Point, Point) {
        let t = &self.tiling;
        let (fx, fy) = t.origin(0, 0);
        let (lx, ly) = t.origin(t.down - 1, t.across - 1);
        let (x0, y0) = (fx.min(0.0), fy.min(0.0));
        ((x0, y0), (self.size.0.max(lx + t.area.0) - x0, self.size.1.max(ly + t.area.1) - y0))
    }

    /// The assembly diagram of a map of several pages, scaled to the printable area under the
    /// instructions, less `below` mm for the notes under it.
    fn assembly(&self, h: &KeyHeights, below: Option<f64>) -> Option<Assembly> {
        let t = &self.tiling;
        if t.count() == 1 {
            return None;
        }
        let intro = Pt(h.intro.unwrap_or(0.0)).mm().0 + INTRO_GAP;
        let (aw, ah) = (t.area.0, t.area.1 - intro - below.unwrap_or(0.0));
        let ((x0, y0), (ew, eh)) = self.extent();
        let scale = (aw / ew).min(ah / eh).max(0.0);
        let label = Mm(self.cell * scale * 0.2).pt().0.clamp(DIAGRAM_LABEL.0, DIAGRAM_LABEL.1);
        let top = MAP_EDGE_MM + intro;
        let map_at = [MAP_EDGE_MM - x0 * scale, top - y0 * scale];
        Some(Assembly { top, bottom: top + eh * scale, map_at, scale, label_size: label })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(size: Point, paper: PageSize) -> MapPage {
        MapPage::unmeasured("m".into(), size, 20.0, Tiling::new(size, paper, Some(false)))
    }

    fn heights(notes_mm: f64, intro_mm: Option<f64>) -> KeyHeights {
        KeyHeights { map: "m".into(), notes: Mm(notes_mm).pt().0, intro: intro_mm.map(|i| Mm(i).pt().0) }
    }

    #[test]
    fn a_one_page_map_takes_its_key_under_it_only_where_the_page_has_room() {
        // A4 portrait: a printable area of 200 x 281 mm; a map 100 mm high is centred in it.
        let p = page((180.0, 100.0), PageSize::A4);
        let plan = p.decide(&heights(20.0, None));
        let KeyPlace::Under { y } = plan.key else { panic!("{plan:?}") };
        let map_bottom = MAP_EDGE_MM + (281.0 - 100.0) / 2.0 + 100.0;
        assert!((y - (map_bottom + NOTES_GAP)).abs() < 1e-9, "{y}");
        assert!(y + 20.0 <= MAP_EDGE_MM + 281.0);
        assert_eq!(p.decide(&heights(200.0, None)).key, KeyPlace::OwnPage);
        assert_eq!(plan.assembly, None);
    }

    #[test]
    fn an_assembly_diagram_starts_under_its_instructions_and_its_key_under_it() {
        // One row of two pages: the row of tiles, centred on the map, reaches above it.
        let p = page((350.0, 150.0), PageSize::A4);
        assert_eq!((p.tiling.across, p.tiling.down), (2, 1), "{:?}", p.tiling);
        let plan = p.decide(&heights(15.0, Some(12.0)));
        let a = plan.assembly.expect("two pages");
        assert!((a.top - (MAP_EDGE_MM + 12.0 + INTRO_GAP)).abs() < 1e-9);
        // The first tile's outline (and so every one) lies under the instructions.
        let (ox, oy) = p.tiling.origin(0, 0);
        assert!(oy < 0.0, "the tile reaches above the map");
        assert!(a.map_at[1] + oy * a.scale >= a.top - 1e-9, "{a:?}");
        assert!(a.map_at[0] + ox * a.scale >= MAP_EDGE_MM - 1e-9, "{a:?}");
        // The diagram fits the printable width and, with the notes, its height.
        let (_, (ew, eh)) = p.extent();
        assert!(ew * a.scale <= p.tiling.area.0 + 1e-9);
        let KeyPlace::Under { y } = plan.key else { panic!("{plan:?}") };
        assert!((y - (a.top + eh * a.scale + DIAGRAM_GAP)).abs() < 1e-9);
        assert!(y + 15.0 <= MAP_EDGE_MM + p.tiling.area.1 + 1e-9);
        assert!(a.label_size >= DIAGRAM_LABEL.0);
    }

    #[test]
    fn notes_that_would_shrink_the_assembly_diagram_go_on_a_page_of_their_own() {
        let p = page((350.0, 150.0), PageSize::A4);
        let plan = p.decide(&heights(200.0, Some(12.0)));
        assert_eq!(plan.key, KeyPlace::OwnPage);
        let a = plan.assembly.expect("two pages");
        // The diagram then takes the page's width.
        let (_, (ew, _)) = p.extent();
        assert!((ew * a.scale - p.tiling.area.0).abs() < 1e-6, "{a:?}");
    }
}
