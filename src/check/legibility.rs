//! Legibility of cards as data: `[cards]` sizes at or above the floor (E070; W022 below the
//! advised size alone) and a safe zone of
//! at least 1 mm (E071). Counters are measured where they are laid out (`layout::counters`),
//! slot by slot, with the same numbers the sheet prints with.

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
    pub(super) fn check_card_legibility(&mut self) {
        let opts = &self.game.card_options;
        let floor = opts.floor.text.as_ref().map_or(CARD_TEXT_FLOOR, |f| f.v);
        let sizes = [
            ("font_size", Some(opts.font_size).zip(opts.font_size_at.as_ref())),
            ("min_font_size", opts.min_font_size.as_ref().map(|m| (m.v, &m.loc))),
        ];
        for (key, size) in sizes {
            let Some((size, at)) = size.filter(|(s, _)| *s < floor - 0.001) else { continue };
            let d = if opts.floor.text.is_some() {
                Diagnostic::error(
                    diag::TEXT_BELOW_FLOOR,
                    format!("card text at {size} pt (`{key}`) is below the game's floor of {floor} pt"),
                )
            } else if size < LEGIBLE_MIN - 0.001 {
                Diagnostic::error(
                    diag::TEXT_BELOW_FLOOR,
                    format!("card text at {size} pt (`{key}`) is below the absolute minimum of {LEGIBLE_MIN} pt"),
                )
            } else {
                Diagnostic::warning(
                    diag::TEXT_BELOW_ADVICE,
                    format!("card text at {size} pt (`{key}`) is below the advised {floor} pt"),
                )
            };
            self.push(d.at(at).label(format!("{size} pt is below {floor} pt")).help(format!(
                "card text reads at {floor} pt or more: write {key} = \"{floor}pt\", or set the floor with `floor = {{ text = \"...\" }}` in [cards]"
            )));
        }
        if let Some(at) = opts.safe_at.as_ref().filter(|_| opts.safe < MIN_SAFE_MM) {
            self.push(
                Diagnostic::error(
                    diag::TEXT_NEAR_CUT,
                    format!("card text would print {} mm from the trim line", opts.safe),
                )
                .at(at)
                .label(format!("less than {MIN_SAFE_MM} mm"))
                .help(
                    "a cut is never exact: keep text at least 1 mm inside the trim line; 3 to 5 mm is usual for cards",
                ),
            );
        }
    }
}
