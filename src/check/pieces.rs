//! Counters and cards as data: every unit, group, side and back they name exists, counts are at
//! least one, values fit their stats, option sizes make sense and pictures can be read. What
//! fits where on a piece is the `layout` stage's finding.

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
    pub(super) fn check_counters(&mut self) {
        let game = self.game;
        for g in &game.counter_groups {
            if let (Some(min), Some(f)) = (&g.min_font_size, &g.font_size)
                && min.v > f.v
            {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, "`min_font_size` is larger than `font_size`")
                        .at(&min.loc)
                        .help("the text may shrink down to min_font_size: make it smaller than font_size"),
                );
            }
            for k in &g.kinds {
                self.resolve::<Kind>(k);
            }
        }
        for c in &game.counters {
            self.check_counter(c);
        }
    }

    fn check_counter(&mut self, c: &Counter) {
        if let Some(u) = &c.unit {
            self.resolve::<Unit>(u);
        }
        if let Some(g) = &c.group {
            self.resolve::<CounterGroup>(g);
        }
        if let Some(s) = &c.side {
            self.resolve::<Side>(s);
        }
        self.copies(&c.quantity, "quantity", "write how many copies to print; remove the counter to print none");
        let what = counter_name(c);
        let back = match &c.back {
            Back::Values(v) => &v[..],
            _ => &[],
        };
        for (k, v) in c.front.iter().chain(back) {
            // Keys that are no stat are the layout's own placeholders: any value goes.
            if let Some(stat) = self.ix.get::<Stat>(self.game, &k.v) {
                self.check_value(&stat.ty, v, &format!("{} on {what}", stat.name.v), diag::STAT_TYPE);
            }
        }
        if let Some(img) = &c.image {
            self.check_image(img);
        }
    }

    pub(super) fn check_cards(&mut self) {
        let game = self.game;
        let opts = &game.card_options;
        let width = opts.size.as_ref().map(|s| s.v.0.min(s.v.1)).unwrap_or(DEFAULT_CARD_MM.0);
        if opts.safe * 2.0 >= width
            && let Some(l) = &opts.loc
        {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("the safe zone ({} mm) leaves no room on the card", opts.safe),
                )
                .at(l)
                .help("a safe zone of 3 to 5 mm is usual"),
            );
        }
        if let Some(min) = &opts.min_font_size
            && (min.v > opts.font_size || min.v < 3.0)
        {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("min_font_size {} pt must be between 3 pt and font_size ({} pt)", min.v, opts.font_size),
                )
                .at(&min.loc)
                .help("text shrinks down to min_font_size before an overflow is reported"),
            );
        }
        for b in &game.card_backs {
            if let Some(s) = &b.side {
                self.resolve::<Side>(s);
            }
            if let Some(img) = &b.image {
                self.check_image(img);
            }
        }
        if let Some(b) = &opts.back {
            self.resolve::<CardBack>(b);
        }
        for k in &opts.kinds {
            self.resolve::<Kind>(k);
        }
        for c in &game.cards {
            self.check_card(c);
        }
    }

    fn check_card(&mut self, c: &Card) {
        if let Some(u) = &c.unit {
            self.resolve::<Unit>(u);
        }
        if let Some(s) = &c.side {
            self.resolve::<Side>(s);
        }
        if let Some(b) = &c.back {
            self.resolve::<CardBack>(b);
        }
        self.copies(&c.quantity, "quantity", "write how many copies to print; remove the card to print none");
        if let Some(img) = &c.image {
            self.check_image(img);
        }
    }
}

/// How findings name a counter: its id, else its name, else its unit.
pub(crate) fn counter_name(c: &Counter) -> String {
    match (&c.id, &c.name, &c.unit) {
        (Some(id), _, _) => format!("counter `{}`", id.v),
        (None, Some(n), _) => format!("counter `{}`", n.v),
        (None, None, Some(u)) => format!("the counter of unit `{}`", u.v),
        _ => "a counter".into(),
    }
}

/// How far apart (0 to 1) two colours' greys must be to tell them apart in black and white.
const GREY_APART: f64 = 0.10;

/// The grey `#rrggbb` prints as in black and white: its Rec. 709 luma, 0 black to 1 white.
pub(crate) fn grey(hex: &str) -> Option<f64> {
    let h = hex.strip_prefix('#')?;
    let c = |i: usize| h.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok()).map(|v| v as f64 / 255.0);
    Some(0.2126 * c(0)? + 0.7152 * c(2)? + 0.0722 * c(4)?)
}

impl Checker<'_> {
    /// Sides tell apart in black and white: every two sides' colours (a side's own, and the
    /// `color` of a counter printed for a side) print as greys at least 10 % apart. Found at
    /// the later colour.
    pub(super) fn check_greyscale(&mut self) {
        let game = self.game;
        // (side, colour as written): the sides' colours, then counters' own for a side.
        let mut colours: Vec<(&Sp<String>, &Sp<String>)> =
            game.sides.iter().filter_map(|s| Some((&s.id, s.color.as_ref()?))).collect();
        for c in &game.counters {
            if let (Some(side), Some(color)) = (&c.side, &c.color) {
                colours.push((side, color));
            }
        }
        let name = |id: &str| game.sides.iter().find(|s| s.id.v == id).map_or(id.to_string(), |s| s.name.v.clone());
        let mut warned = std::collections::HashSet::new();
        for (i, (side, colour)) in colours.iter().enumerate() {
            let Some(g) = grey(&colour.v) else { continue };
            let close = colours[..i]
                .iter()
                .find(|(other, c)| other.v != side.v && grey(&c.v).is_some_and(|o| (o - g).abs() < GREY_APART));
            let Some((other, oc)) = close else { continue };
            if !warned.insert((other.v.as_str(), side.v.as_str(), colour.v.as_str())) {
                continue;
            }
            if marked_apart(game, &side.v, &other.v) {
                continue;
            }
            let og = grey(&oc.v).unwrap_or(g);
            self.push(
                Diagnostic::warning(
                    diag::SAME_GREY,
                    format!(
                        "`{}` ({}) and `{}` ({}) print as nearly the same grey: {:.0} % and {:.0} %",
                        name(&side.v),
                        colour.v,
                        name(&other.v),
                        oc.v,
                        g * 100.0,
                        og * 100.0
                    ),
                )
                .at(&colour.loc)
                .help(format!(
                    "players who print in black and white cannot tell the sides apart: make one colour lighter or \
                     darker, so that their greys differ by {:.0} % or more, or mark one side's counters with a \
                     frame or stripe: counter_style = {{ frame = \"#ffffff\" }} in its [[side]]",
                    GREY_APART * 100.0
                )),
            );
        }
    }
}

/// Whether two sides' counters differ by more than colour (a frame or stripe in one side's
/// `counter_style` that the other lacks), on a game that prints no cards, which have no such
/// mark: then black and white still tells them apart.
fn marked_apart(game: &Game, a: &str, b: &str) -> bool {
    let style = |id: &str| game.sides.iter().find(|s| s.id.v == id).map(|s| &s.counter_style);
    let mark = |id: &str| style(id).map(|s| (s.frame.as_ref().map(|f| &f.v), s.stripe.as_ref().map(|f| &f.v)));
    let no_cards = game.cards.is_empty() && game.card_options.kinds.is_empty();
    no_cards && mark(a) != mark(b)
}

#[cfg(test)]
mod tests {
    use super::grey;

    #[test]
    fn grey_is_rec_709_luma() {
        assert_eq!(grey("#ffffff").map(|g| (g * 1000.0).round()), Some(1000.0));
        assert_eq!(grey("#00ff00").map(|g| (g * 10000.0).round()), Some(7152.0));
        assert_eq!(grey("#ff0000").map(|g| (g * 10000.0).round()), Some(2126.0));
        assert_eq!(grey("red"), None);
    }
}
