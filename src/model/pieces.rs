//! Printed pieces: counters and cards. Both are imposed on sheets with fronts and backs; what
//! goes on each face is the game's data (slots for counters, a stat block and texts for cards).

use crate::source::Loc;

use super::{PageSize, Scalar, Sp, Text};

/// How backs are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Duplex {
    /// Duplex, flipped on the long edge of the page: backs mirror the column order.
    #[default]
    Long,
    /// Duplex, flipped on the short edge: backs mirror the row order.
    Short,
    /// Fronts and mirrored backs on one page, either side of a vertical fold line.
    Fold,
    /// Fronts only.
    None,
}

impl Duplex {
    pub fn parse(s: &str) -> Option<Duplex> {
        Some(match s {
            "long" | "long-edge" => Duplex::Long,
            "short" | "short-edge" => Duplex::Short,
            "fold" | "fold-over" => Duplex::Fold,
            "none" | "fronts" => Duplex::None,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Duplex::Long => "long",
            Duplex::Short => "short",
            Duplex::Fold => "fold",
            Duplex::None => "none",
        }
    }
}

/// How counters are separated for cutting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cut {
    /// Butt-joined counters on a dark backdrop, cut marks in the margins.
    #[default]
    Butt,
    /// A gap between counters with a cut line around each.
    Gutter,
}

/// Sheet settings shared by counter and card sheets. Lengths in mm.
#[derive(Debug, Clone)]
pub struct Imposition {
    pub page: Option<Sp<PageSize>>,
    pub landscape: bool,
    pub duplex: Duplex,
    pub back_offset: (f64, f64),
    pub gutter: Option<f64>,
    pub margin: f64,
    pub marks: bool,
}

impl Default for Imposition {
    fn default() -> Self {
        Imposition {
            page: None,
            landscape: false,
            duplex: Duplex::Long,
            back_offset: (0.0, 0.0),
            gutter: None,
            margin: 5.0,
            marks: true,
        }
    }
}

/// `[counters]`: the counter sheet document.
#[derive(Debug, Default)]
pub struct CounterOptions {
    pub sheet: Imposition,
    pub cut: Cut,
    /// Where `[counters]` was written, when it was.
    pub loc: Option<Loc>,
}

/// One slot of a counter face: a text with `{placeholders}`.
#[derive(Debug, Clone)]
pub struct Slot {
    pub name: Sp<String>,
    pub text: Sp<String>,
    /// Font size in pt; default: the group's, larger for the factor line.
    pub size: Option<Sp<f64>>,
    pub bold: Option<bool>,
}

/// The slots a face can have, in the order a layout lists them.
pub const SLOTS: &[&str] =
    &["top-left", "top", "top-right", "centre", "bottom-left", "bottom", "bottom-right", "left", "right"];

/// Colours of a face: each `None` (default), `"side"` or `#rrggbb`.
#[derive(Debug, Clone, Default)]
pub struct FaceStyle {
    pub background: Option<Sp<String>>,
    pub stripe: Option<Sp<String>>,
    pub text: Option<Sp<String>>,
}

impl FaceStyle {
    /// Whether the style sets anything.
    pub fn is_set(&self) -> bool {
        self.background.is_some() || self.stripe.is_some() || self.text.is_some()
    }
}

/// `[[counter_group]]`: counters of one size and layout.
#[derive(Debug)]
pub struct CounterGroup {
    pub id: Sp<String>,
    pub name: Option<Sp<String>>,
    /// Width and height in mm.
    pub size: Option<Sp<(f64, f64)>>,
    pub font_size: Option<Sp<f64>>,
    pub layout: Option<(Vec<Slot>, Loc)>,
    pub back_layout: Option<(Vec<Slot>, Loc)>,
    pub front_style: FaceStyle,
    pub back_style: FaceStyle,
    /// Units of these kinds get a counter each (unless a `[[counter]]` names them).
    pub kinds: Vec<Sp<String>>,
    /// Allow shrinking text down to this size (pt) before reporting an overflow.
    pub min_font_size: Option<Sp<f64>>,
    pub loc: Loc,
}

/// What is printed on a counter's back.
#[derive(Debug, Clone)]
pub enum Back {
    /// The front again (the default).
    Same,
    /// Only the background.
    Blank,
    /// The back layout with these values over the front's.
    Values(Vec<(Sp<String>, Sp<Scalar>)>),
}

/// `[[counter]]`: a counter, from a unit or on its own (a marker).
#[derive(Debug)]
pub struct Counter {
    pub id: Option<Sp<String>>,
    pub name: Option<Sp<String>>,
    pub unit: Option<Sp<String>>,
    pub group: Option<Sp<String>>,
    pub label: Option<Sp<String>>,
    pub side: Option<Sp<String>>,
    pub quantity: Option<Sp<i64>>,
    pub symbol: Option<Sp<String>>,
    pub image: Option<Sp<String>>,
    pub front: Vec<(Sp<String>, Sp<Scalar>)>,
    pub back: Back,
    pub color: Option<Sp<String>>,
    pub loc: Loc,
}

/// How a card prints abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AbilityStyle {
    #[default]
    Full,
    Short,
}

/// `[cards]`: the card document.
#[derive(Debug)]
pub struct CardOptions {
    pub sheet: Imposition,
    /// Trim size in mm.
    pub size: Option<Sp<(f64, f64)>>,
    pub bleed: f64,
    pub safe: f64,
    pub font_size: f64,
    pub min_font_size: Option<Sp<f64>>,
    pub abilities: AbilityStyle,
    /// Units of these kinds get a card each (unless a `[[card]]` names them).
    pub kinds: Vec<Sp<String>>,
    /// The `[[card_back]]` used when neither the card nor its side has one.
    pub back: Option<Sp<String>>,
    pub loc: Option<Loc>,
}

impl Default for CardOptions {
    fn default() -> Self {
        CardOptions {
            sheet: Imposition { gutter: None, ..Imposition::default() },
            size: None,
            bleed: 3.0,
            safe: 3.0,
            font_size: 7.0,
            min_font_size: None,
            abilities: AbilityStyle::Full,
            kinds: Vec::new(),
            back: None,
            loc: None,
        }
    }
}

/// `[[card_back]]`: a back design, for a side or named by cards.
#[derive(Debug)]
pub struct CardBack {
    pub id: Sp<String>,
    pub side: Option<Sp<String>>,
    pub title: Option<Sp<String>>,
    pub text: Option<Text>,
    pub image: Option<Sp<String>>,
    pub color: Option<Sp<String>>,
    pub loc: Loc,
}

/// `[[card]]`: a card for a unit, or for anything else (terrain, a marker, a rule).
#[derive(Debug)]
pub struct Card {
    pub id: Option<Sp<String>>,
    pub unit: Option<Sp<String>>,
    pub title: Option<Sp<String>>,
    pub subtitle: Option<Sp<String>>,
    pub side: Option<Sp<String>>,
    /// Free stats: label and value, in the order written.
    pub stats: Vec<(Sp<String>, Sp<Scalar>)>,
    pub text: Vec<Text>,
    pub image: Option<Sp<String>>,
    pub quantity: Option<Sp<i64>>,
    pub back: Option<Sp<String>>,
    pub color: Option<Sp<String>>,
    pub loc: Loc,
}

/// Default counter size: 5/8", the most common size, in mm.
pub const DEFAULT_COUNTER_MM: f64 = 15.875;
/// Default card size: poker, in mm.
pub const DEFAULT_CARD_MM: (f64, f64) = (63.0, 88.0);

/// The named card sizes, in mm.
pub const CARD_SIZES: &[(&str, (f64, f64))] = &[
    ("poker", (63.0, 88.0)),
    ("bridge", (57.0, 89.0)),
    ("mini-euro", (44.0, 67.0)),
    ("mini-us", (44.45, 63.5)),
    ("tarot", (70.0, 120.0)),
    ("euro", (59.0, 92.0)),
];
