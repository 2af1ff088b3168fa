//! Counters and cards as data: every unit, group, side and back they name exists, counts are at
//! least one, values fit their stats, option sizes make sense and pictures can be read. What
//! fits where on a piece is the `layout` stage's finding.

use super::{Checker, Index};
use crate::diag::{self, Diagnostic};
use crate::load::strings::sub_loc;
use crate::model::*;
use crate::source::Loc;

impl<'g> Checker<'g> {
    /// The group a counter is printed in: its `group`, else the game's first; none for a group
    /// that does not resolve (E006 says so).
    pub(super) fn counter_group(&self, c: &Counter) -> Option<&'g CounterGroup> {
        let game = self.game;
        match &c.group {
            Some(g) => self.ix.get::<CounterGroup>(game, &g.v),
            None => game.counter_groups.first(),
        }
    }
}

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
            if let Some(b) = &g.block {
                self.check_block_group(g, b);
            }
        }
        for c in &game.counters {
            self.check_counter(c);
        }
        self.check_unit_quantities();
    }

    /// A unit's `quantity` agrees with the counters printed for it (E018): a run of 17 Rifle
    /// Armies beside `quantity = 15` leaves one of them wrong.
    fn check_unit_quantities(&mut self) {
        let game = self.game;
        for u in &game.units {
            let Some(q) = &u.quantity else { continue };
            let entries: Vec<&Counter> =
                game.counters.iter().filter(|c| c.unit.as_ref().is_some_and(|x| x.v == u.id.v)).collect();
            // Only where the counter sheet says how many (a run, or a counter's own quantity):
            // one plain counter is the unit's design, printed once.
            if !entries.iter().any(|c| c.run.is_some() || c.quantity.is_some()) {
                continue;
            }
            let Some(first) = entries.first() else { continue };
            // Blocks are counted in units, as the layout prints them (a unit's stickers make one).
            let printed: i64 = entries.iter().map(|c| self.printed_units(c) * c.expanded().len() as i64).sum();
            if printed == q.v {
                continue;
            }
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("unit `{}` says quantity = {}, but its counters print {printed}", u.id.v, q.v),
                )
                .at(&q.loc)
                .label(format!("{printed} on the counter sheet"))
                .note(format!("its counters: {}", super::index::place(&game.files, &first.loc)))
                .help(format!("make it {printed}, or leave `quantity` out: the counter sheet says how many there are")),
            );
        }
    }

    /// A block group's stats resolve, and it asks for nothing a block cannot show (E079).
    fn check_block_group(&mut self, g: &CounterGroup, b: &BlockSpec) {
        for stat in [&b.steps, &b.count].into_iter().flatten() {
            self.resolve::<Stat>(stat);
        }
        let refuse = |at: &Loc, msg: String, help: &str| {
            Diagnostic::error(diag::BLOCK_LAYOUT, msg).at(at).help(help.to_string())
        };
        let mut found = Vec::new();
        if let Some(size) = g.size.as_ref().filter(|s| (s.v.0 - s.v.1).abs() > 0.01) {
            found.push(refuse(
                &size.loc,
                format!("a block sticker of {:.1} x {:.1} mm is not square", size.v.0, size.v.1),
                "a block turns a quarter at a time to show its steps: give one length, size = \"3/4in\"",
            ));
        }
        if b.steps.is_some()
            && let Some((slots, _)) = &g.layout
        {
            for s in slots.iter().filter(|s| matches!(s.name.v.as_str(), "left" | "right")) {
                found.push(refuse(
                    &s.name.loc,
                    format!("a `{}` slot on a block whose edges carry its steps", s.name.v),
                    "the step marks take all four edges: move this text to a corner, the top or the bottom",
                ));
            }
        }
        if let Some(st) = &g.front_style.stripe
            && b.steps.is_some()
        {
            found.push(refuse(
                &st.loc,
                "a stripe across a block whose top edge carries its strength".into(),
                "leave the stripe out, or tell the sides apart by `background` or `frame`",
            ));
        }
        let back_at = g.back_layout.as_ref().map(|(_, l)| l.clone()).or_else(|| {
            let s = &g.back_style;
            [&s.background, &s.stripe, &s.text, &s.frame].into_iter().flatten().next().map(|v| v.loc.clone())
        });
        if let Some(at) = back_at {
            found.push(refuse(
                &at,
                "a back for block stickers".into(),
                "a block's sticker is its only printed face; the other faces are the side's colour, which the virtual tabletops show to the enemy: remove it",
            ));
        }
        for d in found {
            self.push(d);
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
        let block = self.counter_group(c).is_some_and(|g| g.block.is_some());
        let back_at = match &c.back {
            Back::Values(v) => v.first().map(|(k, _)| k.loc.clone()),
            Back::Blank => None,
            Back::Same => None,
        }
        .or_else(|| c.back_face.is_set().then(|| c.loc.clone()));
        if block && let Some(at) = back_at {
            self.push(
                Diagnostic::error(diag::BLOCK_LAYOUT, format!("a back for {what}, a block sticker"))
                    .at(&at)
                    .help("a block's sticker is its only printed face (the rest of the block is its side's colour): remove `back` and `back_face`"),
            );
        }
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
        if let Some(max) = &opts.max_font_size
            && (max.v < opts.font_size || max.v > 14.0)
        {
            self.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("max_font_size {} pt must be between font_size ({} pt) and 14 pt", max.v, opts.font_size),
                )
                .at(&max.loc)
                .help("text grows up to max_font_size while a card has room"),
            );
        }
        for l in &game.card_layouts {
            self.check_card_layout(l);
        }
        if let Some(l) = &opts.layout {
            self.known_layout(l);
        }
        for b in &game.card_backs {
            if let Some(t) = &b.text {
                self.version_typed(t, &format!("card back `{}`", b.id.v));
            }
        }
        for c in &game.cards {
            self.check_card(c);
        }
    }

    /// A `[[card_layout]]`: its base is built in, its zones are zones, each once.
    fn check_card_layout(&mut self, l: &CardLayout) {
        if let Some(b) = &l.base
            && builtin_card_layout(&b.v).is_none()
        {
            let names: Vec<&str> = CARD_LAYOUTS.iter().map(|l| l.0).collect();
            self.push(unknown_layout(b, &names, "a `base` is a built-in layout"));
        }
        let mut seen: Vec<&str> = Vec::new();
        for z in l.zones.iter().flatten() {
            if !CARD_ZONES.contains(&z.v.as_str()) {
                let d = Diagnostic::error(diag::UNKNOWN_CARD_ZONE, format!("unknown card zone `{}`", z.v))
                    .at(&z.loc)
                    .label("not a zone of a card");
                self.push(match diag::did_you_mean(&z.v, CARD_ZONES.iter().copied()) {
                    Some(m) => d.help(format!("did you mean `{m}`? The zones are: {}", CARD_ZONES.join(", "))),
                    None => d.help(format!("the zones are: {}", CARD_ZONES.join(", "))),
                });
            } else if seen.contains(&z.v.as_str()) {
                self.push(
                    Diagnostic::error(diag::UNKNOWN_CARD_ZONE, format!("zone `{}` is listed twice", z.v))
                        .at(&z.loc)
                        .label("listed twice")
                        .help("a zone is shown once: remove one of them"),
                );
            } else {
                seen.push(&z.v);
            }
        }
    }

    /// A layout a card or `[cards]` names: built in, or a `[[card_layout]]` (E044).
    fn known_layout(&mut self, name: &Sp<String>) {
        let game = self.game;
        if builtin_card_layout(&name.v).is_some() || game.card_layouts.iter().any(|l| l.id.v == name.v) {
            return;
        }
        let names: Vec<&str> =
            CARD_LAYOUTS.iter().map(|l| l.0).chain(game.card_layouts.iter().map(|l| l.id.v.as_str())).collect();
        self.push(unknown_layout(name, &names, "a card's layout is built in or a [[card_layout]]"));
    }

    /// W010: the rules version typed into a card's text (it goes stale with the next version).
    fn version_typed(&mut self, t: &Text, what: &str) {
        let Some(version) = self.game.meta.version.as_ref().map(|v| v.v.as_str()) else { return };
        // ASCII lower case keeps byte offsets, so the finding points at the typed version.
        let lower = t.raw.to_ascii_lowercase();
        let typed = ["v", "v.", "v ", "version "].iter().find_map(|p| {
            let needle = format!("{p}{version}");
            let at = lower.find(&needle)?;
            let end = at + needle.len();
            let before_ok = at == 0 || !lower[..at].ends_with(|c: char| c.is_alphanumeric());
            let after_ok = !lower[end..].starts_with(|c: char| c.is_ascii_digit() || c == '.');
            (before_ok && after_ok).then_some(at..end)
        });
        let Some(range) = typed else { return };
        let at = sub_loc(t, &self.game.files.get(t.loc.file).text, range.clone());
        self.push(
            Diagnostic::warning(
                diag::VERSION_IN_CARD_TEXT,
                format!("{what} has the rules version typed into its text: `{}`", &t.raw[range]),
            )
            .at(&at)
            .label("typed in")
            .help(format!(
                "remove it: cards print the version from [game] version (\"{version}\") on every front's footer, \
                 so it stays right when the rules change (and never on a back, where it would mark a card printed \
                 for a later version)"
            )),
        );
    }

    fn check_card(&mut self, c: &Card) {
        if let Some(u) = &c.unit {
            self.resolve::<Unit>(u);
        }
        // A card prints its title, subtitle and corner as written: a placeholder would print
        // as "{points}".
        for t in [&c.title, &c.subtitle, &c.corner].into_iter().flatten() {
            if let Some(i) = t.v.find('{')
                && let Some(j) = t.v[i..].find('}')
            {
                let key = &t.v[i + 1..i + j];
                self.push(
                    Diagnostic::error(diag::UNKNOWN_PLACEHOLDER, format!("a card prints `{{{key}}}` as written"))
                        .at(&t.loc)
                        .label("not filled on a card")
                        .help("write the value itself; a unit's card shows its stats in the stats zone"),
                );
            }
        }
        if let (Some(u), Some(r)) = (&c.unit, &c.reference) {
            self.push(
                Diagnostic::error(
                    diag::CARD_REFERENCES,
                    format!("a card prints one thing: this one has `unit` and `{}`", r.key),
                )
                .at(&r.id.loc)
                .label("a second thing to print")
                .help(format!("make one card for `unit = \"{}\"` and another for `{} = \"{}\"`", u.v, r.key, r.id.v)),
            );
        }
        if let Some(r) = &c.reference {
            self.check_card_ref(r);
        }
        if let Some(l) = &c.layout {
            self.known_layout(l);
        }
        if let (Some(t), Some(s)) = (&c.title, &c.subtitle)
            && t.v.trim().eq_ignore_ascii_case(s.v.trim())
        {
            self.push(
                Diagnostic::warning(diag::SUBTITLE_REPEATS_TITLE, format!("the subtitle repeats the title `{}`", t.v))
                    .at(&s.loc)
                    .label("the same as the title")
                    .help("say something the title does not (what the card is for, where it applies), or remove the subtitle"),
            );
        }
        let what = match (&c.title, &c.unit) {
            (Some(t), _) => format!("card `{}`", t.v),
            (None, Some(u)) => format!("the card of unit `{}`", u.v),
            _ => "a card".into(),
        };
        for t in &c.text {
            self.version_typed(t, &what);
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
        // A card's icon (a marker's card) is an icon name like any other: E065, did-you-mean.
        self.check_icon_name(c.icon.as_ref());
    }
}

impl Checker<'_> {
    /// The rule a reference card prints exists: a section by id or number, a table, a
    /// sequence, an ability.
    fn check_card_ref(&mut self, r: &CardRef) {
        match r.key {
            "section" => {
                if section_of(self.game, &self.ix, &r.id.v).is_none() {
                    self.resolve::<Section>(&r.id);
                }
            }
            "table" => {
                self.resolve::<Table>(&r.id);
            }
            "sequence" => {
                self.resolve::<Sequence>(&r.id);
            }
            "terrain" => {
                self.resolve::<Terrain>(&r.id);
            }
            // A card may explain an ability with all its values: no value is no E008 here.
            _ => match self.ix.position(Coll::Ability, &r.id.v) {
                Some(i) if r.param.is_none() => {
                    self.used.abilities.insert(i);
                }
                _ => {
                    self.resolve_ability(&AbilityRef { id: r.id.v.clone(), param: r.param, loc: r.id.loc.clone() });
                }
            },
        }
    }
}

fn unknown_layout(name: &Sp<String>, names: &[&str], what: &str) -> Diagnostic {
    let d = Diagnostic::error(diag::UNKNOWN_CARD_LAYOUT, format!("unknown card layout `{}`", name.v))
        .at(&name.loc)
        .label("no such layout");
    match diag::did_you_mean(&name.v, names.iter().copied()) {
        Some(m) => d.help(format!("did you mean `{m}`? {what}: {}", names.join(", "))),
        None => d.help(format!("{what}: {}", names.join(", "))),
    }
}

/// The section a reference card names: by id, else by number ("3.1").
pub(crate) fn section_of<'g>(game: &'g Game, ix: &Index, id: &str) -> Option<&'g Section> {
    ix.get::<Section>(game, id)
        .or_else(|| game.sections.iter().find(|s| s.number.as_ref().is_some_and(|n| n.v.trim() == id.trim())))
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
pub(crate) const GREY_APART: f64 = 0.10;

/// The greys `#rrggbb` may print as: Rec. 709 luma, and Rec. 601 luma (what printer drivers,
/// Ghostscript and poppler make of colour), 0 black to 1 white.
fn greys(hex: &str) -> Option<(f64, f64)> {
    let h = hex.strip_prefix('#')?;
    let c = |i: usize| h.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok()).map(|v| v as f64 / 255.0);
    let (r, g, b) = (c(0)?, c(2)?, c(4)?);
    Some((0.2126 * r + 0.7152 * g + 0.0722 * b, 0.299 * r + 0.587 * g + 0.114 * b))
}

/// How far apart two colours print in grey, the nearer of the two ways of making grey; and
/// their greys that way.
pub(crate) fn grey_apart(a: &str, b: &str) -> Option<(f64, f64, f64)> {
    let (a, b) = (greys(a)?, greys(b)?);
    let (d709, d601) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    Some(if d601 < d709 { (d601, a.1, b.1) } else { (d709, a.0, b.0) })
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
            let close = colours[..i].iter().find(|(other, c)| {
                other.v != side.v && grey_apart(&colour.v, &c.v).is_some_and(|(d, _, _)| d < GREY_APART)
            });
            let Some((other, oc)) = close else { continue };
            if !warned.insert((other.v.as_str(), side.v.as_str(), colour.v.as_str())) {
                continue;
            }
            if marked_apart(game, &side.v, &other.v) {
                continue;
            }
            let Some((_, g, og)) = grey_apart(&colour.v, &oc.v) else { continue };
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
    use super::greys;

    fn grey(hex: &str) -> Option<f64> {
        greys(hex).map(|g| g.0)
    }

    #[test]
    fn grey_is_rec_709_luma() {
        assert_eq!(grey("#ffffff").map(|g| (g * 1000.0).round()), Some(1000.0));
        assert_eq!(grey("#00ff00").map(|g| (g * 10000.0).round()), Some(7152.0));
        assert_eq!(grey("#ff0000").map(|g| (g * 10000.0).round()), Some(2126.0));
        assert_eq!(grey("red"), None);
        // The Marrow Front's old colours: 52 % and 41 % by Rec. 709, but 51 % and 44 % by Rec. 601,
        // as poppler and printer drivers make them: too close.
        assert!(super::grey_apart("#7d8a5c", "#b5563c").is_some_and(|(d, _, _)| d < super::GREY_APART));
    }
}
