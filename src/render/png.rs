//! PNG per piece face: the pages of the pieces document (the counter and card templates with
//! `data.pieces` set: one face a page, the page the piece's trim size with its bleed as the
//! page's bleed) rasterised by `typst-render`, with or without the bleed, each named after
//! its piece and side.
//!
//! Pixel sizes: a face of `s` inches is `round(s × dpi)` pixels, half a pixel rounding up
//! (a 5/8" counter at 300 dpi is 187.5, so 188 px; a 63 mm card is 744.09, so 744 px). The
//! page is rendered at exactly the scale that gives that width; when the height then falls a
//! pixel short or over (the two sides round apart), the last row is repeated or dropped.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use image::{ImageEncoder, RgbImage};

use super::Compiled;
use crate::layout::Layout;
use crate::model::Game;

/// Which kind of piece a face belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// A counter (`png/counters/`).
    Counter,
    /// A card (`png/cards/`).
    Card,
}

/// A page of the pieces document: which face of which piece it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacePage {
    /// Counter or card: which of the two documents (counters, cards) the page is in.
    pub kind: PieceKind,
    /// The piece's position in the layout (`layout.counters.counters` or `layout.cards.cards`).
    pub piece: usize,
    /// `"front"` or `"back"`.
    pub side: String,
    /// The page in its document, from 0.
    pub page: usize,
}

impl FacePage {
    /// Its PNG file, relative to the output folder: `png/counters/<id>-front.png`,
    /// `png/cards/<id>-back-bleed.png` (with `bleed`), with `<id>` from [`PieceNames`].
    pub fn file(&self, names: &PieceNames, bleed: bool) -> String {
        let dir = match self.kind {
            PieceKind::Counter => "counters",
            PieceKind::Card => "cards",
        };
        format!("png/{dir}/{}.png", self.stem(names, bleed))
    }

    /// The name of the face without folder or extension: `<id>-front`, `<id>-back-bleed`.
    pub fn stem(&self, names: &PieceNames, bleed: bool) -> String {
        let id = match self.kind {
            PieceKind::Counter => &names.counters[self.piece],
            PieceKind::Card => &names.cards[self.piece],
        };
        let bleed = if bleed { "-bleed" } else { "" };
        format!("{id}-{}{bleed}", self.side)
    }
}

/// Rasters and PNG files kept from one build to the next, by a hash of what they were made
/// from (the page as Typst laid it out, the resolution; the pixels): `watch` turns it on, so
/// that a rebuild draws and compresses again only the pieces, boards and charts that changed.
/// What a rebuild did not use is forgotten once it ends ([`forget_unused`]); it holds at most
/// [`MEMO_BYTES`] (a game of thousands of counters keeps the first it drew, and draws the rest
/// every time).
#[derive(Default)]
struct Memo {
    pages: Kept<RgbImage>,
    pngs: Kept<Vec<u8>>,
    bytes: usize,
}

/// Values by the hash of what they were made from, each marked whether this build used it.
type Kept<T> = HashMap<u128, (Arc<T>, bool)>;

/// The most the memo holds: an eighth of the 2 GiB a run may use by default (`--memory-limit`).
const MEMO_BYTES: usize = 256 << 20;

/// What a memo entry holds, in bytes.
trait Held {
    fn held(&self) -> usize;
}

impl Held for RgbImage {
    fn held(&self) -> usize {
        self.as_raw().len()
    }
}

impl Held for Vec<u8> {
    fn held(&self) -> usize {
        self.len()
    }
}

static MEMO: Mutex<Option<Memo>> = Mutex::new(None);

/// Keep rasters and PNG files between builds of this process (`watch`), or not (the default:
/// a single build would only hold them until it ends).
pub fn remember_between_builds(on: bool) {
    if let Ok(mut memo) = MEMO.lock() {
        *memo = on.then(Memo::default);
    }
}

/// Forget what the build that just ended did not use; mark the rest unused for the next.
pub fn forget_unused() {
    if let Ok(mut guard) = MEMO.lock()
        && let Some(memo) = guard.as_mut()
    {
        memo.pages.retain(|_, (_, used)| std::mem::take(used));
        memo.pngs.retain(|_, (_, used)| std::mem::take(used));
        memo.bytes = memo.pages.values().map(|(v, _)| v.held()).sum::<usize>()
            + memo.pngs.values().map(|(v, _)| v.held()).sum::<usize>();
    }
}

/// `make`'s value for `key` from the memo when it is on (marked used), else made (and kept while
/// the memo has room).
fn memoised<T: Clone + Held>(
    key: impl FnOnce() -> u128,
    table: fn(&mut Memo) -> &mut Kept<T>,
    make: impl FnOnce() -> T,
) -> T {
    let on = MEMO.lock().is_ok_and(|m| m.is_some());
    if !on {
        return make();
    }
    let key = key();
    let found = MEMO.lock().ok().and_then(|mut guard| {
        let (value, used) = table(guard.as_mut()?).get_mut(&key)?;
        *used = true;
        Some(value.clone())
    });
    // Copied out of the memo with its lock let go.
    if let Some(value) = found {
        return (*value).clone();
    }
    let value = make();
    // Copied before the lock is taken: a board's picture is megabytes.
    let kept = Arc::new(value.clone());
    if let Ok(mut guard) = MEMO.lock()
        && let Some(memo) = guard.as_mut()
        && memo.bytes + kept.held() <= MEMO_BYTES
    {
        memo.bytes += kept.held();
        if let Some((old, _)) = table(memo).insert(key, (kept, true)) {
            memo.bytes -= old.held();
        }
    }
    value
}

/// PNG bytes of an RGB image.
pub fn encode_png(image: &RgbImage) -> Vec<u8> {
    memoised(
        || typst::utils::hash128(&(image.width(), image.height(), image.as_raw())),
        |m| &mut m.pngs,
        || encode_png_now(image),
    )
}

fn encode_png_now(image: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(image.as_raw(), image.width(), image.height(), image::ExtendedColorType::Rgb8)
        .expect("writing a PNG to memory cannot fail");
    out
}

/// What every piece is called and its file-name stem. A counter's title is its name with its
/// mark (run id or `id`): "Rifle Corps 3", with a Roman-numeral mark first ("XXIV Panzer
/// Corps"); a counter without a mark is its name alone. Titles are unique within a game
/// (ignoring case): a title that repeats takes the counter's label, then " 2", " 3" ... A
/// card's title is [`card_title`], made unique the same way. The stems are the titles made
/// safe for file names (letters, digits, `.`, `_`, `-`; anything else becomes `-`), and
/// unique (ignoring case, for case-insensitive file systems) by a `-2`, `-3` ... suffix on
/// later pieces with the same stem. As no side suffix (`-front`, `-back`, `-front-bleed`,
/// `-back-bleed`) ends another, two faces never share a file.
#[derive(Debug, Clone, Default)]
pub struct PieceNames {
    /// File-name stems by counter, in layout order.
    pub counters: Vec<String>,
    /// File-name stems by card, in layout order.
    pub cards: Vec<String>,
    /// What players call each counter (virtual tabletops), in layout order: unique.
    pub counter_titles: Vec<String>,
    /// What players call each card, in layout order: unique.
    pub card_titles: Vec<String>,
}

impl PieceNames {
    /// The names of a game's laid-out pieces.
    pub fn new(game: &Game, layout: &Layout) -> PieceNames {
        let counter_titles = unique_titles(
            layout.counters.counters.iter().map(|c| (counter_title(&c.name, c.mark.as_deref()), c.label.clone())),
        );
        let card_titles = unique_titles(layout.cards.cards.iter().map(|c| (card_title(game, c), None)));
        let counters = unique(counter_titles.iter().cloned());
        let cards = unique(card_titles.iter().cloned());
        PieceNames { counters, cards, counter_titles, card_titles }
    }
}

/// A counter's title from its name and mark: "Rifle Corps 3", "XXIV Panzer Corps" (a mark
/// that is a Roman numeral goes first, as corps numbers are written), or the name alone when
/// there is no mark or the name already holds it.
pub fn counter_title(name: &str, mark: Option<&str>) -> String {
    let Some(mark) = mark.map(str::trim).filter(|m| !m.is_empty()) else { return name.to_string() };
    let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
    if name.eq_ignore_ascii_case(mark) || words.contains(&mark.to_lowercase()) {
        return name.to_string();
    }
    let roman = mark.chars().all(|c| "IVXLCDM".contains(c));
    if roman { format!("{mark} {name}") } else { format!("{name} {mark}") }
}

/// Titles made unique ignoring case: a repeated title takes its second form (a label) when
/// that is new, else " 2", " 3" ...
fn unique_titles(titles: impl Iterator<Item = (String, Option<String>)>) -> Vec<String> {
    let all: Vec<(String, Option<String>)> = titles.collect();
    let mut count: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (t, _) in &all {
        *count.entry(t.to_lowercase()).or_default() += 1;
    }
    let mut taken = HashSet::new();
    let mut out = Vec::new();
    for (title, label) in all {
        let mut name = match label.filter(|l| !l.trim().is_empty() && count[&title.to_lowercase()] > 1) {
            Some(l) => format!("{title} ({})", l.trim()),
            None => title.clone(),
        };
        let stem = name.clone();
        let mut n = 1;
        while !taken.insert(name.to_lowercase()) {
            n += 1;
            name = format!("{stem} {n}");
        }
        out.push(name);
    }
    out
}

/// A card's identifier: its `id`, else its unit's id, else its title, else what it prints
/// (`section-3.1`, `table-crt`), else "card".
pub fn card_id(game: &Game, card: &crate::layout::RCard) -> String {
    let decl = card.card.map(|i| &game.cards[i]);
    decl.and_then(|c| c.id.as_ref())
        .or(card.unit.map(|u| &game.units[u].id))
        .or(decl.and_then(|c| c.title.as_ref()))
        .map(|s| s.v.clone())
        .or_else(|| decl.and_then(|c| c.reference.as_ref()).map(|r| format!("{}-{}", r.key, r.id.v)))
        .unwrap_or_else(|| "card".into())
}

/// What players call a card (virtual tabletops): its title, else its unit's name, else what
/// it prints (`section 3.1`), else "Card".
pub fn card_title(game: &Game, card: &crate::layout::RCard) -> String {
    let decl = card.card.map(|i| &game.cards[i]);
    decl.and_then(|c| c.title.as_ref().map(|t| t.v.clone()))
        .or_else(|| card.unit.map(|u| game.units[u].name.v.clone()))
        .or_else(|| decl.and_then(|c| c.reference.as_ref()).map(|r| format!("{} {}", r.key, r.id.v)))
        .unwrap_or_else(|| "Card".into())
}

/// `id` as a file-name stem: safe characters only, never empty, never starting with a dot.
pub fn safe_stem(id: &str) -> String {
    let mut out = String::new();
    for c in id.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-' { c } else { '-' };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    let out = out.trim_matches(|c| c == '-' || c == '.').to_string();
    if out.is_empty() { "piece".into() } else { out }
}

fn unique(ids: impl Iterator<Item = String>) -> Vec<String> {
    let mut taken = HashSet::new();
    let mut out = Vec::new();
    for id in ids {
        let stem = safe_stem(&id);
        let mut name = stem.clone();
        let mut n = 1;
        while !taken.insert(name.to_lowercase()) {
            n += 1;
            name = format!("{stem}-{n}");
        }
        out.push(name);
    }
    out
}

/// Pixels for a length of `pt` points at `dpi`: half a pixel rounds up; at least 1.
pub fn pixels(pt: f64, dpi: f64) -> u32 {
    // The tolerance keeps an exact half (187.5) from falling to 187.49999 in binary.
    ((crate::length::Pt(pt).px(dpi) + 0.5 + 1e-6).floor() as u32).max(1)
}

/// What each page of a compiled pieces document of `kind` shows, in page order (its
/// `<pa-face>` metadata). `Err` when a page does not say what it shows.
pub fn face_pages(compiled: &Compiled, kind: PieceKind) -> Result<Vec<FacePage>, String> {
    let faces = compiled.query_metadata("pa-face");
    let pages = compiled.page_count();
    if faces.len() != pages {
        return Err(format!("the pieces document has {pages} pages but names {} faces", faces.len()));
    }
    let mut out = Vec::with_capacity(pages);
    for (v, page_no, _, _) in faces {
        let piece = v["index"].as_u64().ok_or("a face without an index")? as usize;
        let side = v["side"].as_str().ok_or("a face without a side")?.to_string();
        let page = page_no.checked_sub(1).filter(|p| *p < pages).ok_or("a face outside the document")?;
        out.push(FacePage { kind, piece, side, page });
    }
    Ok(out)
}

/// One page at `dpi`, trimmed or with its bleed: exactly [`pixels`] of its width and height.
pub fn render_page(page: &typst_layout::Page, dpi: f64, bleed: bool) -> RgbImage {
    memoised(
        || typst::utils::hash128(&(page, dpi.to_bits(), bleed)),
        |m| &mut m.pages,
        || render_page_now(page, dpi, bleed),
    )
}

fn render_page_now(page: &typst_layout::Page, dpi: f64, bleed: bool) -> RgbImage {
    let mut size = page.frame.size();
    if bleed {
        size += page.bleed.sum_by_axis();
    }
    let (w, h) = (pixels(size.x.to_pt(), dpi), pixels(size.y.to_pt(), dpi));
    // typst-render's size is round(scale × width) in f32: this scale gives exactly `w`.
    let scale = w as f64 / size.x.to_pt();
    let options = typst_render::RenderOptions { pixel_per_pt: typst::utils::Scalar::new(scale), render_bleed: bleed };
    let pixmap = typst_render::render(page, &options);
    let (pw, ph) = (pixmap.width(), pixmap.height());
    // Pages are filled (white by default): every pixel is opaque, so premultiplied RGBA is RGB.
    // A height a pixel short or over (the sides round apart) repeats or drops the last row.
    if pw == w {
        // Whole rows copied and the alpha dropped by the image crate: a per-pixel closure here
        // was a tenth of the test suite's time in a debug build.
        let mut rgba = pixmap.take();
        let row = pw as usize * 4;
        rgba.truncate(row * h.min(ph) as usize);
        for _ in ph..h {
            rgba.extend_from_within(rgba.len() - row..);
        }
        let rgba = image::RgbaImage::from_raw(w, h, rgba).expect("whole rows of RGBA");
        return image::DynamicImage::ImageRgba8(rgba).into_rgb8();
    }
    let data = pixmap.data();
    RgbImage::from_fn(w, h, |x, y| {
        let (x, y) = (x.min(pw - 1), y.min(ph - 1));
        let i = ((y * pw + x) * 4) as usize;
        image::Rgb([data[i], data[i + 1], data[i + 2]])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a build did not use is forgotten when the next ends; what it used stays.
    #[test]
    fn the_memo_keeps_what_the_last_build_used() {
        let remembered = |img: &RgbImage| {
            let key = typst::utils::hash128(&(img.width(), img.height(), img.as_raw()));
            MEMO.lock().unwrap().as_ref().is_some_and(|m| m.pngs.contains_key(&key))
        };
        let (a, b) =
            (RgbImage::from_pixel(3, 2, image::Rgb([1, 2, 3])), RgbImage::from_pixel(2, 3, image::Rgb([4, 5, 6])));
        remember_between_builds(true);
        let first = encode_png(&a);
        encode_png(&b);
        assert!(remembered(&a) && remembered(&b));
        forget_unused();
        // The next build uses `a` only.
        assert_eq!(encode_png(&a), first);
        forget_unused();
        assert!(remembered(&a) && !remembered(&b));
        remember_between_builds(false);
        assert!(!remembered(&a), "off: nothing kept");
        assert_eq!(encode_png(&a), first);
    }

    #[test]
    fn half_a_pixel_rounds_up() {
        // 5/8" = 45 pt at 300 dpi is 187.5 px.
        assert_eq!(pixels(crate::length::Mm(15.875).pt().0, 300.0), 188);
        assert_eq!(pixels(45.0, 150.0), 94); // 93.75
        assert_eq!(pixels(crate::length::Mm(63.0).pt().0, 300.0), 744); // 744.09
        assert_eq!(pixels(0.0, 300.0), 1);
    }

    #[test]
    fn titles_name_the_counter_with_its_mark() {
        assert_eq!(counter_title("Rifle Army", Some("16")), "Rifle Army 16");
        assert_eq!(counter_title("Panzer Corps", Some("XXIV")), "XXIV Panzer Corps");
        assert_eq!(counter_title("Mud", None), "Mud");
        assert_eq!(counter_title("Out of Supply", Some("out of supply")), "Out of Supply");
        let t = unique_titles(
            [("Army", Some("1 Army")), ("Army", Some("Marrow")), ("Mud", None), ("mud", None)]
                .into_iter()
                .map(|(t, l)| (t.to_string(), l.map(String::from))),
        );
        assert_eq!(t, ["Army (1 Army)", "Army (Marrow)", "Mud", "mud 2"]);
    }

    #[test]
    fn stems_are_safe_and_unique() {
        assert_eq!(safe_stem("1/A/506"), "1-A-506");
        assert_eq!(safe_stem("../x"), "x");
        assert_eq!(safe_stem("é"), "piece");
        let names = unique(["a", "A", "a-2", "a", "x y"].into_iter().map(String::from));
        assert_eq!(names, ["a", "A-2", "a-2-2", "a-3", "x-y"]);
    }
}
