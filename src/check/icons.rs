//! Icon names: every `icon = "..."` (on a stat, a counter, a counter face), every
//! `{icon:name}` slot of a counter layout and every `#icon("...")` in a text names a built-in
//! icon or one of the game's `icons/` folder, with a did-you-mean when it does not; every
//! `#die(n)` shows a face from 1 to 6.

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::load::strings::{raw_offset, sub_loc};
use crate::markup::{self, IconCall};
use crate::model::*;
use crate::source::Loc;

impl Checker<'_> {
    /// The icon names written in the data (not in texts: see `check_icon_calls`).
    pub(super) fn check_icons(&mut self) {
        let game = self.game;
        for s in &game.stats {
            self.check_icon_name(s.icon.as_ref());
        }
        for c in &game.counters {
            self.check_icon_name(c.icon.as_ref());
            self.check_icon_name(c.front_face.icon.as_ref());
            self.check_icon_name(c.back_face.icon.as_ref());
        }
        for g in &game.counter_groups {
            for (slots, _) in g.layout.iter().chain(&g.back_layout) {
                for slot in slots {
                    self.check_slot_icon(slot);
                }
            }
        }
    }

    /// A slot `{icon:name}`: the name is an icon, and the placeholder is the whole slot.
    fn check_slot_icon(&mut self, slot: &Slot) {
        let text = &slot.text.v;
        let Some(start) = text.find("{icon:") else { return };
        let source = &self.game.files.get(slot.text.loc.file).text;
        let literal = source.get(slot.text.loc.span.clone()).unwrap_or("");
        let at = |r: std::ops::Range<usize>| {
            let base = slot.text.loc.span.start;
            Loc {
                file: slot.text.loc.file,
                span: base + raw_offset(literal, r.start)..base + raw_offset(literal, r.end),
            }
        };
        let end = text[start..].find('}').map(|e| start + e + 1).unwrap_or(text.len());
        if text.trim() != &text[start..end] {
            self.push(
                Diagnostic::error(diag::ICON_CALL, "an icon fills a whole slot")
                    .at(&at(start..end))
                    .label("this slot has other text too")
                    .help(
                        "give the icon a slot of its own, e.g. top_left = \"{icon:boot-prints}\", and the text another",
                    ),
            );
            return;
        }
        let name_start = start + "{icon:".len();
        let name = text[name_start..end - 1].trim();
        let lead = text[name_start..].len() - text[name_start..].trim_start().len();
        let name_at = at(name_start + lead..name_start + lead + name.len());
        self.unknown_icon(name, &name_at);
    }

    pub(super) fn check_icon_name(&mut self, name: Option<&Sp<String>>) {
        if let Some(n) = name {
            self.unknown_icon(&n.v, &n.loc);
        }
    }

    /// An E065 finding at `loc` when `name` is no icon of the game.
    fn unknown_icon(&mut self, name: &str, loc: &Loc) {
        self.used.icons.insert(name.to_string());
        let game = self.game;
        let mut names: Vec<&str> = game.icons.iter().map(|i| i.name.as_str()).collect();
        for n in crate::icons::builtin_names() {
            names.push(n);
        }
        if names.contains(&name) {
            return;
        }
        let d = Diagnostic::error(diag::UNKNOWN_ICON, format!("there is no icon `{name}`")).at(loc);
        // A name written with spaces or capitals ("Crossed Swords") is usually meant as-is.
        let plain = name.trim().to_lowercase().replace([' ', '_'], "-");
        let near = if names.contains(&plain.as_str()) {
            Some(names[names.iter().position(|n| *n == plain).unwrap_or(0)])
        } else {
            diag::did_you_mean(&plain, names.iter().copied())
        };
        self.push(match near {
            Some(n) => d.label("unknown icon").help(format!("did you mean `{n}`? the icons are listed in docs/icons.md")),
            None => d.label("unknown icon").help(
                "the built-in icons are listed in docs/icons.md; a game may add its own as icons/<name>.svg in its folder",
            ),
        });
    }

    /// W015 for each icon of the game's `icons/` folder that nothing names: the data's names,
    /// and any mention in the game's own templates (which may print it by name).
    pub(super) fn warn_unused_icons(&mut self) {
        let game = self.game;
        for icon in &game.icons {
            let quoted = format!("\"{}\"", icon.name);
            let in_template = game.templates.iter().any(|t| game.files.get(t.file).text.contains(&quoted));
            if self.used.icons.contains(&icon.name) || in_template {
                continue;
            }
            self.push(
                Diagnostic::warning(diag::UNUSED_ICON, format!("icon `{}` is never used", icon.name))
                    .at(&Loc { file: icon.file, span: 0..0 })
                    .help(format!(
                        "print it with `icon = \"{0}\"` on a marker or stat, or `#icon(\"{0}\")` in a text; or remove the file",
                        icon.name
                    )),
            );
        }
    }

    /// The `#icon(...)` and `#die(...)` calls of a text: names that are icons, faces 1 to 6.
    pub(super) fn check_icon_calls(&mut self, text: &Text, refs: &[markup::Ref]) {
        let source = &self.game.files.get(text.loc.file).text;
        for call in markup::icon_calls(&text.raw, refs) {
            match call {
                IconCall::Icon(name, range) => {
                    let loc = sub_loc(text, source, range);
                    self.unknown_icon(&name, &loc);
                }
                IconCall::Die(n, range) if crate::icons::die_face(n).is_none() => self.push(
                    Diagnostic::error(diag::ICON_CALL, format!("a die has no face {n}"))
                        .at(&sub_loc(text, source, range))
                        .label("not 1 to 6")
                        .help("`#die(n)` prints the face of a six-sided die: n is 1 to 6"),
                ),
                IconCall::Die(..) => {}
                IconCall::Bad(range, shape) => {
                    let (message, label) = if shape.starts_with("#icon") {
                        ("`#icon` takes one icon name, in quotes", "not a name in quotes")
                    } else {
                        ("`#die` takes one number, the face from 1 to 6", "not a number")
                    };
                    self.push(
                        Diagnostic::error(diag::ICON_CALL, message)
                            .at(&sub_loc(text, source, range))
                            .label(label)
                            .help(format!("write it as in `{shape}`")),
                    );
                }
            }
        }
    }
}
