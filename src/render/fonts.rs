//! The fonts in `fonts/`, embedded into the binary. The host's fonts are never used, so a PDF
//! looks the same on every machine.

use std::sync::OnceLock;

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

pub struct Fonts {
    pub book: FontBook,
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
