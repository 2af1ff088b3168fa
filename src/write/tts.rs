//! Tabletop Simulator: deck sheets and a saved object (`tts/`), from the faces of the
//! pieces document.
//!
//! Cards make one deck per side (cards without a side: one deck "Cards"); a deck's distinct
//! cards go on sheets of at most 10 x 7 cells, 69 faces a sheet, the last cell holding the
//! hidden-card image (the first card's back) as TTS expects; a sheet stays within 4096 px a
//! side, so its cards are rendered at the resolution asked for or lower. Backs: one image
//! when every card of a sheet has the same back, else a sheet of backs (`UniqueBack`).
//! Counters become two-sided `Custom_Tile`s (front, back), one bag per counter group, every
//! printed copy a tile. Every image the save names is in `tts/`, flat, so the folder can be
//! uploaded as it is (release assets) and named by `--base-url`; without it the URLs are
//! local `file:///` paths, which only the player who has the files sees.

use image::RgbImage;
use serde_json::{Value, json};

use crate::layout::Layout;
use crate::model::Game;
use crate::render::png::{FacePage, PieceKind, PieceNames, encode_png, pixels};

/// Cells of a TTS deck sheet: columns, rows.
pub const MAX_GRID: (u32, u32) = (10, 7);
/// The longest side of a deck sheet, px.
pub const MAX_SHEET_PX: u32 = 4096;
/// Faces a sheet holds: the last cell is the hidden-card image.
pub const FACES_PER_SHEET: usize = (MAX_GRID.0 * MAX_GRID.1) as usize - 1;

/// What the TTS export reads: the game, its layout and piece names, the faces of the pieces
/// document at trim size, and a way to render one of them at a resolution.
pub struct TtsInput<'a> {
    /// The game (its id and title name the save).
    pub game: &'a Game,
    /// Its layout: card and counter sizes, sides, copies.
    pub layout: &'a Layout,
    /// File-name stems of the pieces.
    pub names: &'a PieceNames,
    /// The pages of the pieces document (trim size).
    pub faces: &'a [FacePage],
    /// Render one face at a resolution (dpi).
    pub render: &'a dyn Fn(&FacePage, f64) -> RgbImage,
    /// The resolution asked for (dpi); deck sheets may use less.
    pub dpi: f64,
    /// Where the images will be found: `file:///...` of the output folder's `tts/`, or the
    /// base URL asked for. No trailing `/`.
    pub url_base: String,
    /// What every file name starts with (the output folder's name, `<id>-<version>`), so that
    /// the files of several games and versions can share one flat folder of release assets.
    pub prefix: String,
}

/// The files of the TTS export, relative to the output folder: `tts/<prefix>.json` and its
/// images, `tts/<prefix>-deck-D-S-faces.png` (and `-back.png` or `-backs.png`),
/// `tts/<prefix>-counter-<id>-front.png` (and `-back.png`).
pub fn tts_files(input: &TtsInput) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut objects = Vec::new();
    let mut guid = Guids(0);
    let mut keys = 0;
    for (deck_no, deck) in decks(input.game, input.layout).into_iter().enumerate() {
        let x = deck_no as f64 * 4.0;
        objects.push(deck_object(input, &deck, (deck_no, &mut keys), x, &mut files, &mut guid));
    }
    let counter_bags = counter_bags(input, &mut files, &mut guid);
    let x0 = objects.len() as f64 * 4.0;
    for (i, bag) in counter_bags.into_iter().enumerate() {
        let mut bag = bag;
        bag["Transform"] = transform(x0 + i as f64 * 3.0, 1.0, 1.0);
        objects.push(bag);
    }
    let title = input.game.meta.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| input.game.meta.id().into());
    let save = json!({
        "SaveName": title,
        "GameMode": title,
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Note": format!("{title}, rules version {}: made by playaid", input.game.meta.version()),
        "ObjectStates": objects,
    });
    let json = serde_json::to_vec_pretty(&save).expect("the save serialises");
    files.push((format!("tts/{}.json", input.prefix), json));
    files
}

/// A deck: a name and its distinct cards (positions in the layout), in layout order.
struct Deck {
    name: String,
    cards: Vec<usize>,
}

/// One deck per side, in the order sides are declared; cards without a side last.
fn decks(game: &Game, layout: &Layout) -> Vec<Deck> {
    let mut out: Vec<(Option<usize>, Deck)> = Vec::new();
    for (i, c) in layout.cards.cards.iter().enumerate() {
        match out.iter_mut().find(|(s, _)| *s == c.side) {
            Some((_, d)) => d.cards.push(i),
            None => {
                let name = match c.side {
                    Some(s) => format!("{} cards", game.sides[s].name.v),
                    None => "Cards".to_string(),
                };
                out.push((c.side, Deck { name, cards: vec![i] }));
            }
        }
    }
    out.sort_by_key(|(s, _)| s.unwrap_or(usize::MAX));
    out.into_iter().map(|(_, d)| d).collect()
}

/// Deterministic TTS GUIDs: six hex digits, counting.
struct Guids(u32);

impl Guids {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("{:06x}", 0xa00000 + self.0)
    }
}

fn transform(x: f64, y: f64, scale: f64) -> Value {
    json!({
        "posX": x, "posY": y, "posZ": 0.0,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    })
}

/// Columns and rows of a sheet of `n` faces plus the hidden-card cell.
pub fn sheet_grid(n: usize) -> (u32, u32) {
    let cells = n as u32 + 1;
    let cols = cells.min(MAX_GRID.0);
    (cols, cells.div_ceil(cols))
}

/// The resolution at most `dpi` at which a `w` x `h` pt card makes a sheet of `cols` x `rows`
/// cells within [`MAX_SHEET_PX`] a side.
pub fn sheet_dpi(w_pt: f64, h_pt: f64, (cols, rows): (u32, u32), dpi: f64) -> f64 {
    let mut d = dpi.min(f64::from(MAX_SHEET_PX / cols) * 72.0 / w_pt).min(f64::from(MAX_SHEET_PX / rows) * 72.0 / h_pt);
    while pixels(w_pt, d) * cols > MAX_SHEET_PX || pixels(h_pt, d) * rows > MAX_SHEET_PX {
        d *= 0.995;
    }
    d
}

/// Cells laid out left to right, top to bottom; cells past the images stay white.
fn sheet(cells: &[&RgbImage], (cols, rows): (u32, u32), (cw, ch): (u32, u32)) -> RgbImage {
    let mut out = RgbImage::from_pixel(cols * cw, rows * ch, image::Rgb([255, 255, 255]));
    for (k, img) in cells.iter().enumerate() {
        let (cx, cy) = ((k as u32 % cols) * cw, (k as u32 / cols) * ch);
        image::imageops::replace(&mut out, *img, i64::from(cx), i64::from(cy));
    }
    out
}

fn face_of<'a>(faces: &'a [FacePage], kind: PieceKind, piece: usize, side: &str) -> Option<&'a FacePage> {
    faces.iter().find(|f| f.kind == kind && f.piece == piece && f.side == side)
}

/// A deck (or, for a single copy, a lone card), its sheets added to `files`. `keys` counts
/// the `CustomDeck` keys given so far in the save (one per sheet).
fn deck_object(
    input: &TtsInput,
    deck: &Deck,
    (deck_no, keys): (usize, &mut usize),
    x: f64,
    files: &mut Vec<(String, Vec<u8>)>,
    guid: &mut Guids,
) -> Value {
    let cards = &input.layout.cards;
    let (w_pt, h_pt) = (cards.size.0 * 72.0 / 25.4, cards.size.1 * 72.0 / 25.4);
    let mut custom = serde_json::Map::new();
    let mut contained = Vec::new();
    let mut ids = Vec::new();
    for (sheet_no, chunk) in deck.cards.chunks(FACES_PER_SHEET).enumerate() {
        // Deck keys count from 1 over the whole save: CardID = key x 100 + cell.
        *keys += 1;
        let key = *keys;
        let grid = sheet_grid(chunk.len());
        let dpi = sheet_dpi(w_pt, h_pt, grid, input.dpi);
        let cell = (pixels(w_pt, dpi), pixels(h_pt, dpi));
        let render = |piece: usize, side: &str| {
            face_of(input.faces, PieceKind::Card, piece, side).map(|f| (input.render)(f, dpi))
        };
        let fronts: Vec<RgbImage> = chunk.iter().filter_map(|&c| render(c, "front")).collect();
        let backs: Vec<RgbImage> = chunk.iter().filter_map(|&c| render(c, "back")).collect();
        let hidden = backs.first().or(fronts.first()).cloned().unwrap_or_else(|| RgbImage::new(cell.0, cell.1));
        let mut face_cells: Vec<&RgbImage> = fronts.iter().collect();
        face_cells.resize(grid.0 as usize * grid.1 as usize - 1, &hidden);
        face_cells.push(&hidden);
        let stem = format!("{}-deck-{}-{}", input.prefix, deck_no + 1, sheet_no + 1);
        let face_file = format!("{stem}-faces.png");
        files.push((format!("tts/{face_file}"), encode_png(&sheet(&face_cells, grid, cell))));
        let shared = backs.windows(2).all(|p| p[0] == p[1]);
        let back_file = if shared {
            let f = format!("{stem}-back.png");
            files.push((format!("tts/{f}"), encode_png(&hidden)));
            f
        } else {
            let mut back_cells: Vec<&RgbImage> = backs.iter().collect();
            back_cells.resize(grid.0 as usize * grid.1 as usize, &hidden);
            let f = format!("{stem}-backs.png");
            files.push((format!("tts/{f}"), encode_png(&sheet(&back_cells, grid, cell))));
            f
        };
        let entry = json!({
            "FaceURL": format!("{}/{face_file}", input.url_base),
            "BackURL": format!("{}/{back_file}", input.url_base),
            "NumWidth": grid.0,
            "NumHeight": grid.1,
            "BackIsHidden": true,
            "UniqueBack": !shared,
            "Type": 0,
        });
        custom.insert(key.to_string(), entry.clone());
        for (cell_no, &c) in chunk.iter().enumerate() {
            let card = &cards.cards[c];
            let id = (key * 100 + cell_no) as u64;
            for _ in 0..card.quantity.max(1) {
                ids.push(id);
                contained.push(json!({
                    "Name": "Card",
                    "GUID": guid.next(),
                    "Nickname": crate::render::png::card_title(input.game, card),
                    "Description": input.names.cards[c],
                    "CardID": id,
                    "CustomDeck": { key.to_string(): entry.clone() },
                    "Transform": transform(x, 1.0, 1.0),
                }));
            }
        }
    }
    if contained.len() == 1 {
        let mut card = contained.pop().expect("one card");
        card["Transform"] = transform(x, 1.0, 1.0);
        return card;
    }
    json!({
        "Name": "DeckCustom",
        "GUID": guid.next(),
        "Nickname": deck.name,
        "Transform": transform(x, 1.0, 1.0),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": contained,
    })
}

/// One bag per counter group, every printed copy a two-sided tile; the images added to
/// `files` (`tts/counter-<id>-front.png`, `-back.png`).
fn counter_bags(input: &TtsInput, files: &mut Vec<(String, Vec<u8>)>, guid: &mut Guids) -> Vec<Value> {
    let counters = &input.layout.counters;
    let mut bags = Vec::new();
    for (gi, group) in counters.groups.iter().enumerate() {
        let mut tiles = Vec::new();
        // A TTS tile at scale 1 is about 2 in wide: scale to the counter's width.
        let scale = group.size.0 / 25.4 / 2.0;
        for (i, c) in counters.counters.iter().enumerate().filter(|(_, c)| c.group == gi) {
            let mut url = |side: &str| {
                let f = face_of(input.faces, PieceKind::Counter, i, side)?;
                let name = format!("{}-counter-{}.png", input.prefix, f.stem(input.names, false));
                files.push((format!("tts/{name}"), encode_png(&(input.render)(f, input.dpi))));
                Some(format!("{}/{name}", input.url_base))
            };
            let front = url("front").unwrap_or_default();
            let back = url("back").unwrap_or_else(|| front.clone());
            for _ in 0..c.quantity.max(1) {
                tiles.push(json!({
                    "Name": "Custom_Tile",
                    "GUID": guid.next(),
                    "Nickname": c.name,
                    "Description": input.names.counters[i],
                    "Transform": transform(0.0, 1.0, scale),
                    "CustomImage": {
                        "ImageURL": front,
                        "ImageSecondaryURL": back,
                        "ImageScalar": 1.0,
                        "WidthScale": 0.0,
                        "CustomTile": { "Type": 0, "Thickness": 0.1, "Stackable": false, "Stretch": true },
                    },
                }));
            }
        }
        if tiles.is_empty() {
            continue;
        }
        bags.push(json!({
            "Name": "Bag",
            "GUID": guid.next(),
            "Nickname": group.name.clone().unwrap_or_else(|| "Counters".into()),
            "ContainedObjects": tiles,
        }));
    }
    bags
}

/// `file:///` and the absolute path, `%`-encoded where a URL needs it.
pub fn file_url(path: &std::path::Path) -> String {
    let mut out = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_keep_a_hidden_cell_and_fit() {
        assert_eq!(sheet_grid(1), (2, 1));
        assert_eq!(sheet_grid(9), (10, 1));
        assert_eq!(sheet_grid(10), (10, 2));
        assert_eq!(sheet_grid(69), (10, 7));
        // A poker card at 300 dpi is 744 px: ten across would be 7440 px.
        let (w, h) = (63.0 * 72.0 / 25.4, 88.0 * 72.0 / 25.4);
        let d = sheet_dpi(w, h, (10, 7), 300.0);
        assert!(pixels(w, d) * 10 <= 4096 && pixels(h, d) * 7 <= 4096, "{d}");
        assert!(pixels(w, d) >= 405, "as large as fits: {}", pixels(w, d));
        assert_eq!(sheet_dpi(w, h, (2, 1), 300.0), 300.0);
    }

    #[test]
    fn file_urls_are_encoded() {
        assert_eq!(file_url(std::path::Path::new("/tmp/a b/c.png")), "file:///tmp/a%20b/c.png");
    }
}
