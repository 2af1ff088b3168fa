//! The fonts in `fonts/`, embedded into the binary. The host's fonts are never used, so a PDF
//! looks the same on every machine.

use crate::length::Pt;
use std::sync::{Arc, OnceLock};

use typst::foundations::Bytes;
use typst::text::{Font, FontBook};

/// Every embedded font file (name for messages, bytes).
const FONT_FILES: &[(&str, &[u8])] = &[
    ("Roboto-Regular.ttf", include_bytes!("../../fonts/Roboto-Regular.ttf")),
    ("Roboto-Medium.ttf", include_bytes!("../../fonts/Roboto-Medium.ttf")),
    ("Roboto-Bold.ttf", include_bytes!("../../fonts/Roboto-Bold.ttf")),
    ("Roboto-Italic.ttf", include_bytes!("../../fonts/Roboto-Italic.ttf")),
    ("Roboto-BoldItalic.ttf", include_bytes!("../../fonts/Roboto-BoldItalic.ttf")),
    ("RobotoCondensed-Regular.ttf", include_bytes!("../../fonts/RobotoCondensed-Regular.ttf")),
    ("RobotoCondensed-Bold.ttf", include_bytes!("../../fonts/RobotoCondensed-Bold.ttf")),
    ("RobotoCondensed-Italic.ttf", include_bytes!("../../fonts/RobotoCondensed-Italic.ttf")),
    ("RobotoCondensed-BoldItalic.ttf", include_bytes!("../../fonts/RobotoCondensed-BoldItalic.ttf")),
    ("DejaVuSans.ttf", include_bytes!("../../fonts/DejaVuSans.ttf")),
    ("DejaVuSans-Bold.ttf", include_bytes!("../../fonts/DejaVuSans-Bold.ttf")),
];

/// The embedded fonts, parsed, with Typst's book of them.
#[derive(Debug)]
pub struct Fonts {
    /// What Typst selects fonts from.
    pub book: FontBook,
    /// The faces, in the book's order.
    pub fonts: Vec<Font>,
}

/// The embedded fonts, parsed once per process.
pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let fonts: Vec<Font> = FONT_FILES.iter().flat_map(|(_, bytes)| Font::iter(Bytes::new(*bytes))).collect();
        Fonts { book: FontBook::from_fonts(&fonts), fonts }
    })
}

/// The fonts a game prints with: the embedded ones, then the game's own (`fonts/`), which
/// Typst falls back to for characters the embedded fonts lack.
pub fn for_game(game: &crate::model::Game) -> Arc<Fonts> {
    let embedded = fonts();
    let mut all = embedded.fonts.clone();
    for f in &game.fonts {
        all.extend(Font::iter(Bytes::new(f.bytes.as_ref().clone())));
    }
    Arc::new(Fonts { book: FontBook::from_fonts(&all), fonts: all })
}

impl Fonts {
    /// Whether some font has a glyph for `c` (Typst's fallback can then print it).
    pub fn covers(&self, c: char) -> bool {
        self.fonts.iter().any(|f| f.info().coverage.contains(c as u32))
    }
}

/// Width in pt of `text` set on one line in Roboto (bold or regular) at `size` pt, shaped the
/// way Typst shapes it (rustybuzz, kerning included); characters Roboto lacks are measured in
/// DejaVu Sans, the templates' fallback.
pub fn text_width(text: &str, size: Pt, bold: bool) -> Pt {
    width_in(text, size, if bold { Face::Bold } else { Face::Regular })
}

/// [`text_width`] in Roboto Condensed, the templates' `pa-cond` (chart labels, track numbers).
pub fn cond_width(text: &str, size: Pt, bold: bool) -> Pt {
    width_in(text, size, if bold { Face::CondBold } else { Face::Cond })
}

/// The faces widths are measured in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Face {
    Regular,
    Bold,
    Cond,
    CondBold,
}

fn width_in(text: &str, size: Pt, face: Face) -> Pt {
    // Counter sheets repeat the same few strings ("4-4-6", "Fresh") thousands of times, and
    // the checker and the exporter both ask: remember the width of each string at 1 pt.
    use std::collections::HashMap;
    use std::sync::Mutex;
    static MEMO: OnceLock<Mutex<HashMap<(String, Face), f64>>> = OnceLock::new();
    let memo = MEMO.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(em) = memo.lock().ok().and_then(|m| m.get(&(text.to_string(), face)).copied()) {
        return size * em;
    }
    let em = shaped_em(text, face);
    if let Ok(mut m) = memo.lock() {
        if m.len() > 100_000 {
            m.clear();
        }
        m.insert((text.to_string(), face), em);
    }
    size * em
}

/// Width in em of `text` shaped in `face` (see `text_width`).
fn shaped_em(text: &str, face: Face) -> f64 {
    static FACES: OnceLock<Vec<rustybuzz::Face<'static>>> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        // FONT_FILES order: Roboto Regular 0, Bold 2; Roboto Condensed Regular 5, Bold 6;
        // DejaVu Sans 9, Bold 10.
        [0, 2, 5, 6, 9, 10]
            .iter()
            .map(|&i| rustybuzz::Face::from_slice(FONT_FILES[i].1, 0).expect("embedded font"))
            .collect()
    });
    let (main, fallback) = match face {
        Face::Regular => (&faces[0], &faces[4]),
        Face::Bold => (&faces[1], &faces[5]),
        Face::Cond => (&faces[2], &faces[4]),
        Face::CondBold => (&faces[3], &faces[5]),
    };
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    let glyphs = rustybuzz::shape(main, &[], buffer);
    let upem = main.units_per_em() as f64;
    let mut em = 0.0;
    for (info, pos) in glyphs.glyph_infos().iter().zip(glyphs.glyph_positions()) {
        if info.glyph_id == 0 {
            // Not in Roboto: Typst falls back to DejaVu Sans for this character.
            let ch = text.get(info.cluster as usize..).and_then(|t| t.chars().next()).unwrap_or(' ');
            em += fallback
                .glyph_index(ch)
                .and_then(|g| fallback.glyph_hor_advance(g))
                .map(|a| a as f64 / fallback.units_per_em() as f64)
                .unwrap_or(if is_wide(ch) { 1.0 } else { 0.6 });
        } else {
            em += pos.x_advance as f64 / upem;
        }
    }
    em
}

/// How far the ink of `text` in Roboto (bold or regular) reaches above and below its baseline,
/// in em, and Roboto's cap height in em: (above, below, cap). Characters Roboto lacks are taken
/// at Roboto's ascender and descender. Counter slots are placed by cap height and baseline;
/// these say how far accents and descenders reach past them (see `fit_face`).
pub fn ink_em(text: &str, bold: bool) -> (f64, f64, f64) {
    /// A face, its cap height and the ink of each ASCII character, worked out once: a glyph's
    /// box comes from its outline, and thousands of counters ask again for the same letters.
    struct Inked {
        face: rustybuzz::ttf_parser::Face<'static>,
        cap: f64,
        ascii: Vec<(f64, f64)>,
    }
    fn ink(face: &rustybuzz::ttf_parser::Face, ch: char) -> (f64, f64) {
        let upem = face.units_per_em() as f64;
        match face.glyph_index(ch).and_then(|g| face.glyph_bounding_box(g)) {
            Some(b) => (b.y_max as f64 / upem, -(b.y_min as f64) / upem),
            None => (face.ascender() as f64 / upem, -(face.descender() as f64) / upem),
        }
    }
    static FACES: OnceLock<Vec<Inked>> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        [0, 2]
            .iter()
            .map(|&i| {
                let face = rustybuzz::ttf_parser::Face::parse(FONT_FILES[i].1, 0).expect("embedded font");
                let cap = face.capital_height().unwrap_or(0) as f64 / face.units_per_em() as f64;
                let ascii = (0u8..128).map(|b| ink(&face, char::from(b))).collect();
                Inked { face, cap, ascii }
            })
            .collect()
    });
    let inked = &faces[usize::from(bold)];
    let (mut above, mut below) = (0.0f64, 0.0f64);
    for ch in text.chars().filter(|c| !c.is_whitespace()) {
        let (top, bottom) = if ch.is_ascii() { inked.ascii[ch as usize] } else { ink(&inked.face, ch) };
        above = above.max(top);
        below = below.max(bottom);
    }
    (above, below, inked.cap)
}

/// East Asian wide characters (CJK, kana, Hangul, fullwidth forms) are one em wide in the
/// game fonts that print them; other characters missing from the embedded fonts are taken at
/// 0.6 em.
fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

#[cfg(test)]
mod tests {
    #[test]
    fn all_families_load() {
        let f = super::fonts();
        assert_eq!(f.fonts.len(), super::FONT_FILES.len());
        for family in ["roboto", "dejavu sans"] {
            assert!(f.book.contains_family(family), "{family}");
        }
        // Roboto Condensed is Roboto at a condensed stretch (see fonts/README.md).
        let condensed = f.fonts.iter().filter(|x| x.info().variant.stretch.to_ratio().get() < 0.9).count();
        assert_eq!(condensed, 4, "four condensed faces");
    }
}
