//! Traversals of the model that several stages need.

use super::*;

impl Game {
    /// The rule sections in rule-number order (1, 1.2, 2, 3.1, 10), whatever the files they are
    /// in; a section without a number stays right after the section written before it. With
    /// `[game.cheatsheet] order = "data"`, the order they are written in.
    pub fn sections_in_order(&self) -> Vec<&Section> {
        if !self.meta.cheatsheet.by_number {
            return self.sections.iter().collect();
        }
        let mut keyed: Vec<(Option<&str>, usize, &Section)> = Vec::with_capacity(self.sections.len());
        let mut last: Option<&str> = None;
        for (i, s) in self.sections.iter().enumerate() {
            if let Some(n) = &s.number {
                last = Some(n.v.as_str());
            }
            keyed.push((last, i, s));
        }
        // Sections before the first number keep their place at the top.
        keyed.sort_by(|a, b| {
            let by_number = match (a.0, b.0) {
                (Some(x), Some(y)) => compare_versions(x, y),
                (x, y) => x.is_some().cmp(&y.is_some()),
            };
            by_number.then(a.1.cmp(&b.1))
        });
        keyed.into_iter().map(|(_, _, s)| s).collect()
    }

    /// Every markup field of the game, in data order.
    pub fn texts(&self) -> Vec<&Text> {
        let game = self;
        let mut out: Vec<&Text> = Vec::new();
        out.extend(game.meta.intro.iter());
        out.extend(game.meta.credits.iter());
        for a in &game.abilities {
            out.extend(a.text.iter());
            out.extend(a.short.iter());
        }
        for u in &game.units {
            out.extend(u.stat_notes.iter().map(|(_, t)| t));
            out.extend(u.notes.iter());
        }
        fn items<'a>(list: &'a [Item], out: &mut Vec<&'a Text>) {
            for it in list {
                match it {
                    Item::Text { text, items: sub } => {
                        out.push(text);
                        items(sub, out);
                    }
                    Item::Label(t) | Item::Note(t) => out.push(t),
                    _ => {}
                }
            }
        }
        for s in &game.sections {
            out.extend(s.summary.iter());
            out.extend(s.text.iter());
            items(&s.items, &mut out);
            out.extend(s.after.iter());
        }
        for t in &game.tables {
            if let TableBody::Written { header, rows } = &t.body {
                for c in header.iter().chain(rows.iter().flat_map(|(_, r)| r.iter())) {
                    if let Cell::Text(text) = c {
                        out.push(text);
                    }
                }
            }
            out.extend(t.notes.iter());
        }
        fn steps<'a>(list: &'a [Step], out: &mut Vec<&'a Text>) {
            for s in list {
                out.push(&s.title);
                out.extend(s.text.iter());
                steps(&s.steps, out);
            }
        }
        for s in &game.sequences {
            steps(&s.steps, &mut out);
        }
        for t in &game.terms {
            out.extend(t.text.iter());
        }
        for c in &game.changelog {
            out.extend(c.items.iter());
        }
        out.extend(game.todos.iter());
        for c in &game.cards {
            out.extend(c.text.iter());
        }
        for b in &game.card_backs {
            out.extend(b.text.iter());
        }
        for sc in &game.scenarios {
            out.extend(sc.situation.iter());
            out.extend(sc.map.iter());
            out.extend(sc.setup.iter());
            for side in &sc.sides {
                out.extend(side.setup.iter());
                for f in &side.forces {
                    out.extend(f.setup.iter());
                    out.extend(f.text.iter());
                }
            }
            for o in &sc.objectives {
                out.extend(o.text.iter());
            }
            out.extend(sc.sudden_death.iter());
            out.extend(sc.victory.iter());
            out.extend(sc.special_rules.iter());
        }
        for c in &self.crts {
            out.extend(c.legend.iter().filter_map(|r| r.text.as_ref()));
            out.extend(c.modifiers.iter().filter_map(|m| m.text.as_ref()));
            out.extend(c.notes.iter());
        }
        out.extend(self.terrain.iter().filter_map(|t| t.text.as_ref()));
        if let Some(track) = &self.turn_track {
            out.extend(track.turns.iter().filter_map(|t| t.event.as_ref()));
        }
        out.extend(self.maps.iter().filter_map(|m| m.notes.as_ref()));
        out.extend(self.area_maps.iter().filter_map(|m| m.notes.as_ref()));
        out.extend(self.connection_kinds.iter().filter_map(|k| k.text.as_ref()));
        out
    }
}
