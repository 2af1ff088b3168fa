//! The game's `[[track]]`s in VASSAL: a "Tracks" window whose board holds every track as rows
//! of named regions ("Morale 9"), where markers snap and which the log names when a marker
//! moves; a palette tab of the tracks' markers (a chip of the marker's side colour); and in
//! each scenario's set-up, every marker in its starting box.

use image::{Rgb, RgbImage};

use super::{At, CounterPiece, Panel, field, xml};
use crate::export::start_of;
use crate::model::{Game, Scenario};
use crate::render::png::encode_png;

/// A box's side, the gap between boxes, the window's margin and a track's title band, px.
const BOX: i64 = 80;
const GAP: i64 = 8;
const MARGIN: i64 = 40;
const TITLE: i64 = 36;
/// Boxes a row holds.
const PER_ROW: i64 = 15;
/// A marker chip's side, px.
const CHIP: u32 = 44;

/// The tracks' window: its size, its regions (name, x, y) and the markers.
pub(super) struct TrackWindow {
    /// The window's name, in the game's words.
    name: String,
    width: i64,
    height: i64,
    regions: Vec<(String, i64, i64)>,
    /// Each marker: its track and marker id (none for a track's one marker), and its piece.
    markers: Vec<(usize, Option<String>, CounterPiece)>,
}

/// The name of box `n` of track `t` ("Morale 9"), with the track's id when another track has
/// its title ("Morale (morale-2) 9"): VASSAL keeps one region a name.
fn region_name(game: &Game, t: usize, n: i64) -> String {
    let track = &game.tracks[t];
    if game.tracks.iter().filter(|x| x.title.v == track.title.v).count() > 1 {
        format!("{} ({}) {n}", track.title.v, track.id.v)
    } else {
        format!("{} {n}", track.title.v)
    }
}

/// The window of the game's tracks, the markers' images written into `images/`, and the
/// palette tab of the markers; none for a game without tracks.
pub(super) fn track_window(
    game: &Game,
    files: &mut Vec<(String, Vec<u8>)>,
    gpid: &mut usize,
) -> Option<(TrackWindow, Panel)> {
    if game.tracks.is_empty() {
        return None;
    }
    let mut regions = Vec::new();
    let mut markers = Vec::new();
    let mut slots = Vec::new();
    let mut y = MARGIN;
    for (ti, t) in game.tracks.iter().enumerate() {
        let boxes = t.boxes();
        y += TITLE;
        for (k, n) in boxes.iter().enumerate() {
            let (col, row) = (k as i64 % PER_ROW, k as i64 / PER_ROW);
            regions.push((
                region_name(game, ti, *n),
                MARGIN + col * (BOX + GAP) + BOX / 2,
                y + row * (BOX + GAP) + BOX / 2,
            ));
        }
        y += (boxes.len() as i64 + PER_ROW - 1) / PER_ROW * (BOX + GAP) + GAP;
        // "Morale: Oskarian Empire"; a track's one marker is named after the track.
        let named: Vec<(Option<String>, String, Option<String>)> = (t.marker_list(game).into_iter())
            .map(|(id, name, color)| {
                let title = if id.is_some() { format!("{}: {name}", t.title.v) } else { name };
                (id.map(str::to_string), title, color)
            })
            .collect();
        for (mi, (id, title, color)) in named.into_iter().enumerate() {
            let image = format!("track-{}-{}.png", crate::render::png::safe_stem(&t.id.v), mi + 1);
            files.push((format!("images/{image}"), encode_png(&chip(color.as_deref()))));
            *gpid += 1;
            let piece =
                CounterPiece { title: title.clone(), front: image, back: None, gpid: *gpid, marker: true, block: None };
            slots.push(format!(
                "<VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"{}\" height=\"{CHIP}\" width=\"{CHIP}\">{}</VASSAL.build.widget.PieceSlot>",
                xml(&field(&title)),
                *gpid,
                xml(&piece.add_command(None, "null", &super::Menu::of(&game.meta.words)))
            ));
            markers.push((ti, id, piece));
        }
    }
    let width = 2 * MARGIN + PER_ROW * (BOX + GAP);
    let name = game.meta.words.word("vassal_tracks");
    Some((TrackWindow { name: name.clone(), width, height: y + MARGIN, regions, markers }, (name, slots)))
}

/// A marker's chip: its colour (the game's accent without one) in a dark frame.
fn chip(color: Option<&str>) -> RgbImage {
    let hex = color.unwrap_or(crate::layout::cards::DEFAULT_ACCENT).trim_start_matches('#');
    let c = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0);
    let fill = Rgb([c(0), c(2), c(4)]);
    RgbImage::from_fn(CHIP, CHIP, |x, y| {
        let edge = x < 3 || y < 3 || x >= CHIP - 3 || y >= CHIP - 3;
        if edge { Rgb([30, 30, 30]) } else { fill }
    })
}

impl TrackWindow {
    /// The window: a plain board, every box a region, markers snapping to the boxes.
    pub(super) fn xml(&self) -> String {
        let mut regions = String::new();
        for (name, x, y) in &self.regions {
            regions.push_str(&format!(
                "                    <VASSAL.build.module.map.boardPicker.board.Region name=\"{}\" originx=\"{x}\" originy=\"{y}\"/>\n",
                xml(name)
            ));
        }
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"235,232,220\" height=\"{}\" name=\"{}\" reversible=\"false\" width=\"{}\">\n                <VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize=\"14\" snapto=\"true\" visible=\"true\">\n{regions}                </VASSAL.build.module.map.boardPicker.board.RegionGrid>\n            </VASSAL.build.module.map.boardPicker.Board>\n",
            self.height,
            xml(&self.name),
            self.width
        );
        super::map_xml(&self.name, true, &board, "")
    }

    /// A scenario's markers, each in its starting box: add-piece commands.
    pub(super) fn setup(&self, game: &Game, sc: &Scenario) -> Vec<String> {
        let menu = super::Menu::of(&game.meta.words);
        let mut out = Vec::new();
        for (track, starts) in &sc.tracks {
            let Some(ti) = game.tracks.iter().position(|t| t.id.v == track.v) else { continue };
            for (marker, n) in starts {
                let Some(n) = n else { continue };
                let track = &game.tracks[ti];
                let found = self.markers.iter().find(|(t, m, _)| *t == ti && start_of(marker, m.as_deref(), track));
                let Some((_, _, piece)) = found else { continue };
                let name = region_name(game, ti, n.v);
                let Some((_, x, y)) = self.regions.iter().find(|(r, ..)| *r == name) else { continue };
                let at: At = Some((self.name.as_str(), *x, *y));
                let cmd_id = format!("{}-track-{}", crate::render::png::safe_stem(&sc.id.v), out.len() + 1);
                out.push(piece.add_command(at, &cmd_id, &menu));
            }
        }
        out
    }
}
