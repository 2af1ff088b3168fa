//! Colour decisions made once, here, and passed to the templates as they are: black or white
//! text on a background.

/// Relative luminance (0 dark to 1 light) of `#rrggbb`, by the ITU-R BT.601 weights.
pub(crate) fn luminance(hex: &str) -> f64 {
    let h = hex.trim_start_matches('#');
    let c = |i: usize| u8::from_str_radix(h.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255) as f64 / 255.0;
    0.299 * c(0) + 0.587 * c(2) + 0.114 * c(4)
}

/// Black or white, whichever reads better on `bg`.
pub(crate) fn contrast(bg: &str) -> String {
    if luminance(bg) < 0.5 { "#ffffff".into() } else { "#000000".into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_picks_the_readable_one() {
        assert_eq!(contrast("#c8102e"), "#ffffff");
        assert_eq!(contrast("#b0b0b0"), "#000000");
    }
}
