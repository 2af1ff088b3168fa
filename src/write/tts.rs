//! Tabletop Simulator: deck sheets and a saved object (`tts/`), from the faces of the
//! pieces document.
//!
//! Cards make one deck per part of each strategy deck, then one per side (cards without a
//! side: one deck "Cards"); a deck's distinct cards go on sheets of at most 10 x 7 cells, 69
//! faces a sheet, the last cell holding the hidden-card image (the first card's back) as TTS
//! expects; a sheet stays within 4096 px a side, so its cards are rendered at the resolution
//! asked for or lower. Backs: one image when every card of a sheet has the same back, else a
//! sheet of backs (`UniqueBack`). Counters become two-sided `Custom_Tile`s (front, back), one
//! bag per counter group, every printed copy a tile. Every image the save names is in
//! `tts/`, flat, so the folder can be uploaded as it is (release assets) and named by
//! `--base-url`; without it the URLs are local `file:///` paths, which only the player who
//! has the files sees.

use image::RgbImage;
use serde_json::{Value, json};

use crate::layout::Layout;
use crate::layout::cards::card_piles;
use crate::length::{Mm, Pt};
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
    /// Render one face at a resolution (dpi); called from several threads at once.
    pub render: &'a (dyn Fn(&FacePage, f64) -> RgbImage + Sync),
    /// The resolution asked for (dpi); deck sheets may use less.
    pub dpi: f64,
    /// Where the images will be found: `file:///...` of the output folder's `tts/`, or the
    /// base URL asked for. No trailing `/`.
    pub url_base: String,
    /// What every file name starts with (the output folder's name, `<id>-<version>`), so that
    /// the files of several games and versions can share one flat folder of release assets.
    pub prefix: String,
    /// The maps, one per `[[map]]` in order, drawn whole (the VASSAL module's boards).
    pub boards: &'a [crate::write::vassal::Board],
}

/// The files of the TTS export, relative to the output folder: `tts/<prefix>.json` and its
/// images, `tts/<prefix>-deck-D-S-faces.png` (and `-back.png` or `-backs.png`),
/// `tts/<prefix>-counter-<name>-front.png` (and `-back.png`), `tts/<prefix>-board-N.png`; and
/// a save per scenario, `tts/<prefix>-<scenario>.json`, its counters on the board.
pub fn tts_files(input: &TtsInput) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut guid = Guids(0);
    let boards = board_objects(input, &mut files, &mut guid);
    let mut keys = 0;
    let mut decks = Vec::new();
    for (deck_no, deck) in decks_of(input.game, input.layout).into_iter().enumerate() {
        decks.push(deck_object(input, &deck, (deck_no, &mut keys), &mut files, &mut guid));
    }
    let tiles = counter_tiles(input, &mut files, &mut guid);
    let title = input.game.meta.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| input.game.meta.id().into());
    let front = boards.iter().map(|b| b.depth).fold(0.0, f64::max) / 2.0 + 3.0;
    let save = |name: &str, objects: Vec<Value>| {
        let save = json!({
            "SaveName": name,
            "GameMode": title,
            "Date": "",
            "VersionNumber": "",
            "Gravity": 0.5,
            "PlayArea": 0.5,
            "Note": match &input.game.meta.version {
                Some(v) => input.game.meta.words.say("tts_note", &[("title", &title), ("version", &v.v)]),
                None => input.game.meta.words.say("tts_note_unversioned", &[("title", &title)]),
            },
            "ObjectStates": objects,
        });
        serde_json::to_vec_pretty(&save).expect("the save serialises")
    };
    // The table: the boards, then in front of them the decks and a bag per counter group.
    let mut objects: Vec<Value> = boards.iter().map(|b| b.object.clone()).collect();
    let mut x = 0.0;
    for d in &decks {
        objects.push(at(d.clone(), x, -front));
        x += 4.0;
    }
    for bag in bags(input, &tiles, &[], &mut guid) {
        objects.push(at(bag, x, -front));
        x += 3.0;
    }
    files.push((format!("tts/{}.json", input.prefix), save(&title, objects)));
    for sc in &input.game.scenarios {
        let objects = scenario_objects(input, sc, (&boards, &decks, &tiles), front, &mut guid);
        let name = format!("{title}: {}", sc.title.v);
        let file = format!("tts/{}-{}.json", input.prefix, crate::render::png::safe_stem(&sc.id.v));
        files.push((file, save(&name, objects)));
    }
    files
}

/// An object moved to (x, z) on the table, at the height objects are dropped from.
fn at(mut object: Value, x: f64, z: f64) -> Value {
    object["Transform"]["posX"] = json!(x);
    object["Transform"]["posZ"] = json!(z);
    object
}

/// A scenario's table: the boards with its counters on their cells (the scenario's map), a
/// bag of the reinforcements per turn of arrival beside the board, then the decks and the
/// bags of the counters left, as on the plain table.
fn scenario_objects(
    input: &TtsInput,
    sc: &crate::model::Scenario,
    (boards, decks, tiles): (&[BoardObject], &[Value], &[Vec<Value>]),
    front: f64,
    guid: &mut Guids,
) -> Vec<Value> {
    use crate::write::setup::{Place, area_points, placements, scenario_board};
    let mut objects: Vec<Value> = boards.iter().map(|b| b.object.clone()).collect();
    let arranged = arranged_boards(input, sc, boards);
    if let Some((laid, _)) = &arranged {
        objects = laid.clone();
    }
    let board = match &arranged {
        Some((_, frame)) => Some(frame),
        None => scenario_board(input.game, sc).and_then(|k| boards.get(k)),
    };
    // The decks and bags in front of the boards laid together, however deep they are.
    let front = arranged.as_ref().map_or(front, |(_, f)| front.max(f.depth / 2.0 + 3.0));
    let mut used: Vec<(usize, usize)> = Vec::new();
    let mut arrivals: Vec<(i64, String, Vec<Value>)> = Vec::new();
    let words = &input.game.meta.words;
    if let Some(board) = board {
        let placed = placements(input.game, input.layout, sc);
        let in_areas = area_points(input.game, input.layout, sc, &placed);
        for (n, p) in placed.into_iter().enumerate() {
            let Some(tile) = tiles.get(p.counter).and_then(|t| t.get(p.copy)) else { continue };
            // On a map of areas the pieces of an area stack on its centre, each on the last.
            let (centre, level) = match (&p.place, &board.grid) {
                (Place::Cell(c), crate::write::vassal::BoardGrid::Cells(g)) => (Some(g.centre(*c)), 0),
                (Place::Area(_), _) => (in_areas[n].map(|(c, _)| c), in_areas[n].map_or(0, |(_, k)| k)),
                _ => (None, 0),
            };
            used.push((p.counter, p.copy));
            match p.place {
                Place::Cell(_) | Place::Area(_) => {
                    let Some(centre) = centre else { continue };
                    let (x, z) = board.world(centre);
                    let mut t = at(tile.clone(), x, z);
                    t["Transform"]["posY"] =
                        json!(BOARD_Y + BOARD_THICKNESS + 0.2 + level as f64 * (BLOCK_THICKNESS + 0.1));
                    t["GUID"] = json!(guid.next());
                    objects.push(t);
                }
                Place::Arrives { turn, entry } => {
                    let t = turn.to_string();
                    let name = match entry {
                        Some(e) => words.say("tts_arrivals_enter", &[("number", &t), ("entry", &e)]),
                        None => words.say("tts_arrivals", &[("number", &t)]),
                    };
                    match arrivals.iter_mut().find(|(_, n, _)| *n == name) {
                        Some((_, _, v)) => v.push(tile.clone()),
                        None => arrivals.push((turn, name, vec![tile.clone()])),
                    }
                }
            }
        }
        arrivals.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        for (k, (_, name, contained)) in arrivals.into_iter().enumerate() {
            let bag = json!({
                "Name": "Bag",
                "GUID": guid.next(),
                "Nickname": name,
                "Transform": transform(0.0, 1.0, 1.0),
                "ContainedObjects": contained,
            });
            objects.push(at(bag, board.x + board.width / 2.0 + 3.0, board.depth / 2.0 - 3.0 * k as f64));
        }
    }
    let mut x = 0.0;
    for d in decks {
        objects.push(at(d.clone(), x, -front));
        x += 4.0;
    }
    for bag in bags(input, tiles, &used, guid) {
        objects.push(at(bag, x, -front));
        x += 3.0;
    }
    objects
}

/// A scenario's geomorphic boards laid side by side, as its `boards` arrange them: each board's
/// object where it lies (turned half a turn when the scenario turns it), the other boards beyond
/// them along x, and the frame of the whole (where its cells are on the table). None when the
/// scenario is played on one map.
fn arranged_boards(
    input: &TtsInput,
    sc: &crate::model::Scenario,
    boards: &[BoardObject],
) -> Option<(Vec<Value>, BoardObject)> {
    let game = input.game;
    let m = crate::write::setup::scenario_map(game, sc)?;
    let a = m.arranged.as_ref()?;
    let geo = &input.layout.board_of(game, sc)?.on.geo;
    let (w, h) = geo.size();
    let frame = BoardObject {
        object: Value::Null,
        grid: crate::write::vassal::BoardGrid::Cells(geo.clone()),
        x: 0.0,
        width: Mm(w).inches(),
        depth: Mm(h).inches(),
    };
    let mut objects = Vec::new();
    let mut used = Vec::new();
    for p in &a.boards {
        let k = game.maps.iter().position(|x| x.id.v == p.map)?;
        let (x0, y0, x1, y1) = crate::layout::board::placed_board_rect(geo, p);
        let (x, z) = frame.world(((x0 + x1) / 2.0, (y0 + y1) / 2.0));
        let mut o = at(boards.get(k)?.object.clone(), x, z);
        o["Transform"]["rotY"] = json!(if p.turned { 0.0 } else { 180.0 });
        objects.push(o);
        used.push(k);
    }
    // The boards this scenario does not use, beyond it and beyond the bags of reinforcements
    // beside it.
    let mut left = frame.width / 2.0 + 6.0;
    for (_, b) in boards.iter().enumerate().filter(|(k, _)| !used.contains(k)) {
        objects.push(at(b.object.clone(), left + 2.0 + b.width / 2.0, 0.0));
        left += 2.0 + b.width;
    }
    Some((objects, frame))
}

/// How thick a block's tile is, in TTS units (about an inch): a wooden block is about half as
/// thick as it is wide.
const BLOCK_THICKNESS: f64 = 0.4;

/// How high a board's centre lies and how thick it is, in TTS units (inches).
const BOARD_Y: f64 = 1.0;
const BOARD_THICKNESS: f64 = 0.2;

/// A map on the table: its object and where its cells are.
struct BoardObject {
    object: Value,
    grid: crate::write::vassal::BoardGrid,
    /// The centre's x on the table; the board lies along x from 0, its centre at z = 0.
    x: f64,
    /// Width (along x) and depth (along z), inches.
    width: f64,
    depth: f64,
}

impl BoardObject {
    /// Where a point of the map (mm from its top-left corner) is on the table, (x, z).
    ///
    /// The board is a `Custom_Tile` scaled to the map's size in inches: a tile spans twice its
    /// scale in TTS units (an inch each), its image's top towards its local +z, and it is
    /// turned 180° about y (`rotY`) like every other piece, so that the map reads from the
    /// same side as the counters: local (dx, dz) is (-dx, -dz) on the table.
    fn world(&self, (px, py): (f64, f64)) -> (f64, f64) {
        let dx = Mm(px).inches() - self.width / 2.0;
        let dz = self.depth / 2.0 - Mm(py).inches();
        (self.x - dx, -dz)
    }
}

/// Every `[[map]]` as a locked two-sided `Custom_Tile` (the map on both faces) scaled to the
/// map's size, so that a counter (a tile scaled to its own size) covers one hex as on paper;
/// side by side along x, the first centred on x = 0.
fn board_objects(input: &TtsInput, files: &mut Vec<(String, Vec<u8>)>, guid: &mut Guids) -> Vec<BoardObject> {
    let mut out = Vec::new();
    let mut left = 0.0;
    for (k, b) in input.boards.iter().enumerate() {
        let (w, h) = b.grid.size();
        let (width, depth) = (Mm(w).inches(), Mm(h).inches());
        let name = format!("{}-board-{}.png", input.prefix, k + 1);
        files.push((format!("tts/{name}"), encode_png(&b.image)));
        let url = format!("{}/{name}", input.url_base);
        let x = if k == 0 { 0.0 } else { left + 2.0 + width / 2.0 };
        left = x + width / 2.0;
        let mut object = json!({
            "Name": "Custom_Tile",
            "GUID": guid.next(),
            "Nickname": b.name,
            "Description": input.game.meta.words.word("tts_board"),
            "Locked": true,
            "Transform": {
                "posX": x, "posY": BOARD_Y, "posZ": 0.0,
                "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                "scaleX": width / 2.0, "scaleY": 1.0, "scaleZ": depth / 2.0,
            },
            "CustomImage": {
                "ImageURL": url,
                "ImageSecondaryURL": url,
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": { "Type": 0, "Thickness": BOARD_THICKNESS, "Stackable": false, "Stretch": true },
            },
        });
        // A map of areas: a snap point at each area's centre, in the board's own coordinates
        // (before its scale: the tile spans -1 to 1 each way; the image's top towards +z), on
        // its top face.
        if let crate::write::vassal::BoardGrid::Areas { areas, .. } = &b.grid {
            let points: Vec<Value> = areas
                .iter()
                .map(|(_, (px, py))| {
                    let lx = (Mm(*px).inches() - width / 2.0) / (width / 2.0);
                    let lz = (depth / 2.0 - Mm(*py).inches()) / (depth / 2.0);
                    json!({ "Position": { "x": lx, "y": BOARD_THICKNESS / 2.0, "z": lz }, "Rotation": { "x": 0.0, "y": 0.0, "z": 0.0 } })
                })
                .collect();
            object["AttachedSnapPoints"] = json!(points);
        }
        out.push(BoardObject { object, grid: b.grid.clone(), x, width, depth });
    }
    out
}

/// A deck: a name and its distinct cards (positions in the layout), in layout order.
struct Deck {
    name: String,
    cards: Vec<usize>,
}

/// One deck per part of each strategy deck, then one per side (cards without a side last):
/// the piles players draw from ([`card_piles`]).
fn decks_of(game: &Game, layout: &Layout) -> Vec<Deck> {
    card_piles(game, &layout.cards).into_iter().map(|p| Deck { name: p.name, cards: p.cards }).collect()
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

/// A card or deck turned face down: rolled 180° about z, its back up.
fn face_down(mut t: Value) -> Value {
    t["rotZ"] = json!(180.0);
    t
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
    // Pixels per dot-per-inch of a card: its size in inches.
    let (w_in, h_in) = (Pt(w_pt).px(1.0), Pt(h_pt).px(1.0));
    let mut d = dpi.min(f64::from(MAX_SHEET_PX / cols) / w_in).min(f64::from(MAX_SHEET_PX / rows) / h_in);
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
    files: &mut Vec<(String, Vec<u8>)>,
    guid: &mut Guids,
) -> Value {
    let cards = &input.layout.cards;
    let (w_pt, h_pt) = (Mm(cards.size.0).pt().0, Mm(cards.size.1).pt().0);
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
        // The sheet's faces drawn on every core.
        let render = |side: &str| -> Vec<RgbImage> {
            let faces: Vec<&FacePage> =
                chunk.iter().filter_map(|&c| face_of(input.faces, PieceKind::Card, c, side)).collect();
            crate::limits::on_cores(&faces, usize::MAX, |f| (input.render)(f, dpi))
        };
        let (fronts, backs) = (render("front"), render("back"));
        // The cells past the faces, the hidden-card cell last among them, stay white: the
        // cards are hidden by their backs (`BackIsHidden`), as in the hand of a real player.
        let face_cells: Vec<&RgbImage> = fronts.iter().collect();
        let hidden = backs.first().or(fronts.first()).cloned().unwrap_or_else(|| RgbImage::new(cell.0, cell.1));
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
                    "Nickname": input.names.card_titles[c],
                    "Description": input.names.cards[c],
                    "CardID": id,
                    "CustomDeck": { key.to_string(): entry.clone() },
                    "Transform": face_down(transform(0.0, 1.0, 1.0)),
                }));
            }
        }
    }
    if contained.len() == 1 {
        return contained.pop().expect("one card");
    }
    json!({
        "Name": "DeckCustom",
        "GUID": guid.next(),
        "Nickname": deck.name,
        "Transform": face_down(transform(0.0, 1.0, 1.0)),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": contained,
    })
}

/// Every printed copy of every counter as a two-sided tile, by counter; the images added to
/// `files` (`tts/<prefix>-counter-<name>-front.png`, `-back.png`). A tile's nickname is its
/// counter's title, with `#2`, `#3` ... on the copies of a counter printed more than once.
fn counter_tiles(input: &TtsInput, files: &mut Vec<(String, Vec<u8>)>, guid: &mut Guids) -> Vec<Vec<Value>> {
    let counters = &input.layout.counters;
    // Every counter face drawn and encoded on every core first, in the faces' order.
    let counter_faces: Vec<&FacePage> = input.faces.iter().filter(|f| f.kind == PieceKind::Counter).collect();
    let mut encoded =
        crate::limits::on_cores(&counter_faces, usize::MAX, |f| encode_png(&(input.render)(f, input.dpi)));
    let mut out = Vec::new();
    for (i, c) in counters.counters.iter().enumerate() {
        // A TTS tile at scale 1 is about 2 in wide: scale to the counter's width.
        let scale = counters.groups[c.group].size.0.inches() / 2.0;
        let mut url = |side: &str| {
            let f = face_of(input.faces, PieceKind::Counter, i, side)?;
            let at = counter_faces.iter().position(|x| std::ptr::eq(*x, f)).expect("a counter face");
            let name = format!("{}-counter-{}.png", input.prefix, f.stem(input.names, false));
            // Each face is one counter's: its bytes move to the files, not copied.
            files.push((format!("tts/{name}"), std::mem::take(&mut encoded[at])));
            Some(format!("{}/{name}", input.url_base))
        };
        let front = url("front").unwrap_or_default();
        let back = url("back").unwrap_or_else(|| front.clone());
        let copies = c.quantity.max(1);
        let title = &input.names.counter_titles[i];
        // A block: a thick tile, laid sticker down so that the table sees its side's colour
        // (its back); its name hidden while it lies so. Its owner lifts it to look (Alt to
        // peek) and turns it a quarter (Q, E) to lose or regain a step.
        let block = counters.groups[c.group].block.is_some();
        let thickness = if block { BLOCK_THICKNESS } else { 0.1 };
        let place = |t: Value| if block { face_down(t) } else { t };
        out.push(
            (1..=copies)
                .map(|k| {
                    json!({
                        "Name": "Custom_Tile",
                        "GUID": guid.next(),
                        "Nickname": if copies > 1 { format!("{title} #{k}") } else { title.clone() },
                        "Description": input.names.counters[i],
                        "Transform": place(transform(0.0, 1.0, scale)),
                        "HideWhenFaceDown": block,
                        "CustomImage": {
                            "ImageURL": front,
                            "ImageSecondaryURL": back,
                            "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": { "Type": 0, "Thickness": thickness, "Stackable": false, "Stretch": true },
                        },
                    })
                })
                .collect(),
        );
    }
    out
}

/// One bag per counter group holding its tiles, but those in `used` (counter, copy).
fn bags(input: &TtsInput, tiles: &[Vec<Value>], used: &[(usize, usize)], guid: &mut Guids) -> Vec<Value> {
    let counters = &input.layout.counters;
    let mut out = Vec::new();
    for (gi, group) in counters.groups.iter().enumerate() {
        let contained: Vec<Value> = (counters.counters.iter().enumerate())
            .filter(|(_, c)| c.group == gi)
            .flat_map(|(i, _)| {
                tiles[i].iter().enumerate().filter(move |(k, _)| !used.contains(&(i, *k))).map(|(_, t)| t.clone())
            })
            .collect();
        if contained.is_empty() {
            continue;
        }
        out.push(json!({
            "Name": "Bag",
            "GUID": guid.next(),
            "Nickname": group.name.clone().unwrap_or_else(|| input.game.meta.words.word("counters")),
            "Transform": transform(0.0, 1.0, 1.0),
            "ContainedObjects": contained,
        }));
    }
    out
}

/// A `file://` URL for an absolute path as the operating system writes it: `/home/me/x`
/// (Linux, macOS) is `file:///home/me/x`; `C:\Users\me\x` and the extended form Windows'
/// `canonicalize` gives, `\\?\C:\Users\me\x`, are `file:///C:/Users/me/x`; a share,
/// `\\server\share\x` or `\\?\UNC\server\share\x`, is `file://server/share/x`. Bytes a URL
/// path cannot hold (spaces, `#`, `%`, non-ASCII) are `%`-encoded.
pub fn file_url(path: &str) -> String {
    let share = path.strip_prefix(r"\\?\UNC\").or_else(|| path.strip_prefix(r"\\").filter(|p| !p.starts_with(r"?\")));
    let (host, rest) = match share {
        Some(unc) => match unc.split_once('\\') {
            Some((host, rest)) => (host.to_string(), format!("/{rest}")),
            None => (unc.to_string(), "/".to_string()),
        },
        None => {
            let local = path.strip_prefix(r"\\?\").unwrap_or(path);
            let drive = local.len() >= 2 && local.as_bytes()[1] == b':' && local.as_bytes()[0].is_ascii_alphabetic();
            (String::new(), if drive { format!("/{local}") } else { local.to_string() })
        }
    };
    let rest =
        if host.is_empty() && !rest.starts_with('/') && !rest.starts_with('\\') { format!("/{rest}") } else { rest };
    let mut out = format!("file://{host}");
    for b in rest.replace('\\', "/").bytes() {
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
        let (w, h) = (Mm(63.0).pt().0, Mm(88.0).pt().0);
        let d = sheet_dpi(w, h, (10, 7), 300.0);
        assert!(pixels(w, d) * 10 <= 4096 && pixels(h, d) * 7 <= 4096, "{d}");
        assert!(pixels(w, d) >= 405, "as large as fits: {}", pixels(w, d));
        assert_eq!(sheet_dpi(w, h, (2, 1), 300.0), 300.0);
    }

    #[test]
    fn file_urls_for_every_system() {
        // Linux and macOS.
        assert_eq!(file_url("/tmp/a b/c.png"), "file:///tmp/a%20b/c.png");
        assert_eq!(file_url("/Users/me/Games/tts"), "file:///Users/me/Games/tts");
        // Windows, as `canonicalize` gives it (extended-length) and as typed.
        assert_eq!(file_url(r"\\?\C:\Users\me\out\tts"), "file:///C:/Users/me/out/tts");
        assert_eq!(file_url(r"C:\Users\me\My Games\tts"), "file:///C:/Users/me/My%20Games/tts");
        // Windows shares.
        assert_eq!(file_url(r"\\?\UNC\server\share\tts"), "file://server/share/tts");
        assert_eq!(file_url(r"\\server\share\tts"), "file://server/share/tts");
        // Characters a URL path cannot hold.
        assert_eq!(file_url("/tmp/#1/é"), "file:///tmp/%231/%C3%A9");
    }
}
