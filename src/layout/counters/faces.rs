//! Each counter's faces painted: colours by precedence (face, counter, side, group, front),
//! slots filled from the counter's values, backs from the unit's next step, NATO symbols parsed
//! (E027), and findings shared by a run's counters reported once.

use super::*;

/// Background of a counter with no side and no colour.
pub(super) const NEUTRAL_BG: &str = "#ece4cf";
pub(super) struct Ctx<'g, 'd> {
    pub(super) game: &'g Game,
    pub(super) ix: &'g Index,
    pub(super) groups: &'d [RGroup],
    pub(super) diags: &'d mut Vec<Diagnostic>,
    pub(super) missing: Missing,
    /// Symbols parsed, by where they are written: a run's counters share theirs (and its
    /// finding).
    pub(super) symbols: HashMap<(usize, usize), Option<Symbol>>,
    /// Findings already reported for a run's counter: its other counters share them.
    pub(super) run_findings: HashSet<About>,
    /// The game's stat ids: a slot printing one prints factors.
    pub(super) stats: &'d HashSet<String>,
    /// Findings about a group's layout or sizes (not one counter's), reported once.
    pub(super) group_findings: HashSet<About>,
}

impl<'g> Ctx<'g, '_> {
    pub(super) fn counter(&mut self, src: &Src<'g>) -> RCounter {
        let c = src.counter;
        let what = match (c, src.unit) {
            (Some(_), _) if let Some(id) = src.run_id => format!("counter `{}`", id.v),
            (Some(c), _) => counter_name(c),
            // A name as the designer reads it on the sheet (the finding's place gives the data).
            (None, Some(u)) if self.groups[src.group].block.is_some() => format!("the block of unit `{}`", u.name.v),
            (None, Some(u)) => format!("the counter of unit `{}`", u.name.v),
            (None, None) => "a counter".into(),
        };
        // The extra counter of a three- or four-step unit says which steps it carries.
        let what = match src.unit {
            Some(u) if src.step > 0 => match u.steps.get(src.step + 1) {
                Some(_) => format!("{what} (steps {}-{})", src.step + 1, src.step + 2),
                None => format!("{what} (step {})", src.step + 1),
            },
            _ => what,
        };
        let group = &self.groups[src.group];
        let decl = group.decl.map(|d| &self.game.counter_groups[d]);
        let front_layout = self.front_layout(decl, src);
        let back_layout: Vec<Slot> =
            decl.and_then(|g| g.back_layout.as_ref()).map(|(l, _)| l.clone()).unwrap_or_else(|| front_layout.clone());
        let values = self.front_values(src);
        let side_style = self.side(src).map(|s| &s.counter_style).filter(|s| s.is_set());
        let painter = Painter { src, group, side: self.side_colour(src), side_style, stats: self.stats };

        let front_face = c.map(|c| &c.front_face);
        let front_icon = face_icon(c, front_face);
        let front_layout = match &front_icon {
            Some(icon) if src.unit.is_none() => marker_layout(group, icon),
            _ => front_layout,
        };
        let back_icon = face_icon(c, c.map(|c| &c.back_face));
        let back_layout = match &back_icon {
            Some(icon) if src.unit.is_none() => marker_layout(group, icon),
            _ => back_layout,
        };
        self.note_missing(src, &what, &front_layout, &values);
        let mut front = painter.face(&front_layout, &values, decl.map(|g| &g.front_style), front_face, None);
        front.symbol = front_face.and_then(|f| f.symbol.as_ref()).and_then(|s| self.symbol(s));
        front.marker = front_icon.is_some() && src.unit.is_none();
        front.icon = front_icon.map(|i| i.v);
        let block = group.block.zip(decl.and_then(|g| g.block.as_ref()));
        let (block_findings, quantity) = match block {
            Some(b) => self.block_face(src, b, decl, &mut front),
            None => (Vec::new(), None),
        };
        let mut front_findings = fit_face(&mut front, group, "front", &what, &src.loc);
        front_findings.extend(block_findings);
        let back = match block {
            Some(_) => Some(wood(&painter, &front)),
            None => self.back(src, &what, (&back_layout, &values), &painter, &front),
        };
        let mut back_findings = Vec::new();
        let back = back.map(|mut b| {
            if b.slots.iter().any(|s| s.have.0 == 0.0) {
                back_findings = fit_face(&mut b, group, "back", &what, &src.loc);
            }
            b
        });
        // The same text overflowing the same slot on both sides: once is enough.
        back_findings.retain(|(b, _)| !front_findings.iter().any(|(f, _)| f.twin(b)));
        let picture = c
            .and_then(|c| c.image.as_ref())
            .and_then(|img| check_resolution(&self.game.root, img, mm_pair(group.symbol_box), &what))
            .map(|d| (About::counter(&d), d));
        self.report(src, front_findings.into_iter().chain(back_findings).chain(picture));
        let symbol = c.and_then(|c| c.symbol.as_ref()).and_then(|s| self.symbol(s));
        let image = c
            .and_then(|c| c.image.as_ref())
            .or(src.unit.and_then(|u| u.image.as_ref()).filter(|_| c.is_none_or(|c| c.symbol.is_none())));
        let (id, name) = counter_id_and_name(src);
        let side = c.and_then(|c| c.side.as_ref()).or(src.unit.and_then(|u| u.side.as_ref())).map(|s| s.v.clone());
        RCounter {
            loc: src.loc.clone(),
            what,
            id,
            name,
            side,
            unit: src.unit.map(|u| u.id.v.clone()),
            step: src.step,
            mark: src.run_id.or(c.and_then(|c| c.id.as_ref())).map(|m| m.v.clone()),
            label: c.and_then(|c| c.label.as_ref()).map(|l| l.v.clone()),
            back_name: if block.is_some() { None } else { back_name(src) },
            is_unit: src.unit.is_some(),
            group: src.group,
            quantity: copies(src, quantity),
            per_unit: quantity.unwrap_or(1),
            front,
            // Kept with `duplex = "none"` too: the sheets then print fronts only, but the
            // virtual tabletops flip to the back and PNG per piece has it (a hidden or reduced
            // side never depends on double-sided paper).
            back,
            symbol,
            image: image.map(|i| i.v.clone()),
        }
    }

    /// The front's slots: its group's `layout`, else the default; a block whose edges carry its
    /// steps without a `left` or `right` slot (the checker's E079).
    fn front_layout(&self, decl: Option<&CounterGroup>, src: &Src) -> Vec<Slot> {
        let steps_on_edges = decl.and_then(|g| g.block.as_ref()).is_some_and(|b| b.steps.is_some());
        decl.and_then(|g| g.layout.as_ref())
            .map(|(l, _)| {
                l.iter()
                    .filter(|s| !(steps_on_edges && matches!(s.name.v.as_str(), "left" | "right")))
                    .cloned()
                    .collect()
            })
            .unwrap_or_else(|| default_layout(self.game, self.ix, src.unit, decl.and_then(|g| g.block.as_ref())))
    }

    /// A block sticker's step marks along its edges (E078 where they cannot go), how many blocks
    /// its unit is, and no stripe over its top edge's strength (E079 where the counter's face
    /// or its side's style asks for one; the group's own is the checker's).
    fn block_face(
        &mut self,
        src: &Src,
        (rb, spec): (RBlock, &BlockSpec),
        decl: Option<&CounterGroup>,
        front: &mut RFace,
    ) -> (Vec<Found>, Option<i64>) {
        let mut found = Vec::new();
        let mut quantity = None;
        // A stat the checker could not find (E006) says nothing about any unit.
        let known = |s: &Option<Sp<String>>| s.as_ref().is_none_or(|s| self.game.stats.iter().any(|x| x.id.v == s.v));
        if let Some(u) = src.unit.filter(|_| known(&spec.steps) && known(&spec.count)) {
            let size_at = decl.and_then(|g| g.size.as_ref()).map(|s| &s.loc);
            match unit_marks(spec, u, &rb, size_at) {
                Ok(steps) if !steps.is_empty() => {
                    front.block = Some(BlockMarks {
                        steps,
                        pips: rb.pips,
                        size: rb.size,
                        pip: rb.pip.0,
                        pitch: rb.pip.1,
                        inset: self.groups[src.group].safe,
                    })
                }
                Ok(_) => {}
                Err(d) => found.push((About::once(&d), *d)),
            }
            match unit_count(spec, u) {
                Ok(n) => quantity = Some(n),
                Err(d) => found.push((About::once(&d), *d)),
            }
            if let Some(d) = spec.steps.as_ref().and_then(|stat| block::weakest_first(u, &stat.v)) {
                found.push((About::once(&d), d));
            }
        }
        if spec.steps.is_some() && front.stripe.is_some() {
            let own = src.counter.and_then(|c| c.front_face.style.stripe.as_ref());
            let side = self.side(src).and_then(|s| s.counter_style.stripe.as_ref());
            if let Some(at) = own.or(side) {
                let d = Diagnostic::error(
                    diag::BLOCK_LAYOUT,
                    "a stripe across a block whose top edge carries its strength",
                )
                .at(&at.loc)
                .help("leave the stripe out for block stickers, or tell the sides apart by `frame`");
                found.push((About::once(&d), d));
            }
            front.stripe = None;
            front.stripe_text = None;
        }
        (found, quantity)
    }

    /// The back face: the back values (over the unit's next step) in the back layout, the next
    /// step, blank, or the front again (in the back style or face when there is one); with the
    /// back face's own symbol.
    pub(super) fn back(
        &mut self,
        src: &Src,
        what: &str,
        (layout, values): (&[Slot], &Values),
        painter: &Painter,
        front: &RFace,
    ) -> Option<RFace> {
        let c = src.counter;
        let back_face = c.map(|c| &c.back_face);
        let back_style = painter.group.decl.map(|d| &self.game.counter_groups[d].back_style);
        let front_bg = Some(front.background.as_str());
        // The unit's next step, under the entry's own back values (which are for its first
        // counter only); `back = "blank"` wins over a step, and blanks a last odd step too.
        let next_step = src.unit.and_then(|u| u.steps.get(src.step + 1));
        let explicit = c.map(|c| &c.back).filter(|_| src.step == 0);
        let blank = c.is_some_and(|c| matches!(c.back, Back::Blank)) && (src.step == 0 || next_step.is_none());
        let mut back = match (explicit, next_step) {
            _ if blank => RFace { slots: Vec::new(), ..painter.face(&[], values, back_style, back_face, front_bg) },
            (Some(Back::Values(pairs)), step) => {
                let b = values.with(step.map_or(&[][..], |s| &s.stats)).with(pairs);
                self.note_missing(src, what, layout, &b);
                painter.face(layout, &b, back_style, back_face, front_bg)
            }
            (_, Some(step)) => {
                let b = values.with(&step.stats);
                self.note_missing(src, what, layout, &b);
                painter.face(layout, &b, back_style, back_face, front_bg)
            }
            _ if back_style.is_some_and(FaceStyle::is_set) || back_face.is_some_and(Face::is_set) => {
                painter.face(layout, values, back_style, back_face, front_bg)
            }
            _ => front.clone(),
        };
        if let Some(sym) = back_face.and_then(|f| f.symbol.as_ref()) {
            back.symbol = self.symbol(sym);
        }
        if !blank {
            back.icon = face_icon(c, back_face).map(|i| i.v);
            back.marker = back.icon.is_some() && src.unit.is_none();
        }
        Some(back)
    }

    /// Report a counter's findings; a run's counters share all but their id, so what they
    /// share is reported once.
    pub(super) fn report(&mut self, src: &Src, findings: impl Iterator<Item = Found>) {
        for (about, d) in findings {
            // A size below the floor, or small factors, where the group or its layout sets
            // them: one finding for the group, however many counters it has.
            let new = if about.of_group() {
                self.group_findings.insert(about)
            } else {
                src.run_id.is_none() || self.run_findings.insert(about)
            };
            if new {
                self.diags.push(d);
            }
        }
    }

    /// The front's values: name, id, label (a run's counter: its id, unless the entry has a
    /// label), side, the unit's stats, the counter's own values.
    pub(super) fn front_values(&self, src: &Src) -> Values {
        let c = src.counter;
        let mut v = Values::default();
        let name = c.and_then(|c| c.name.as_ref()).or(src.unit.map(|u| &u.name));
        v.set("name", name.map(|n| n.v.clone()).unwrap_or_default(), name.map(|n| &n.loc));
        let id = src.run_id.or(c.and_then(|c| c.id.as_ref()));
        if let Some(id) = id {
            v.set("id", id.v.clone(), Some(&id.loc));
        }
        let label = c.and_then(|c| c.label.as_ref()).or(src.run_id);
        v.set("label", label.map(|l| l.v.clone()).unwrap_or_default(), label.map(|l| &l.loc));
        if let Some(side) = self.side(src) {
            v.text.insert("side".into(), side.name.v.clone());
        }
        if let Some(step) = src.unit.and_then(|u| u.steps.get(src.step)) {
            v = v.with(&step.stats);
        }
        // The entry's own front values are for its first counter (the unit's first two steps).
        match c {
            Some(c) if src.step == 0 => v.with(&c.front),
            _ => v,
        }
    }

    pub(super) fn side(&self, src: &Src) -> Option<&'g Side> {
        let id = src.counter.and_then(|c| c.side.as_ref()).or(src.unit.and_then(|u| u.side.as_ref()))?;
        self.ix.get::<Side>(self.game, &id.v)
    }

    pub(super) fn side_colour(&self, src: &Src) -> Option<String> {
        self.side(src).and_then(|s| s.color.as_ref()).map(|c| c.v.clone())
    }

    /// Remember the layout's placeholders that `values` has no value for.
    pub(super) fn note_missing(&mut self, src: &Src, what: &str, layout: &[Slot], values: &Values) {
        for s in layout {
            for (_, key) in placeholders(&s.text.v) {
                if key != "symbol" && !key.starts_with("icon:") && !values.text.contains_key(&key) {
                    let unknown = src.counter.and_then(|c| c.unit.as_ref()).filter(|_| src.unit.is_none());
                    let place = (src.loc.clone(), what.to_string(), unknown.map(|u| u.loc.clone()));
                    self.missing.entry((src.group, key)).or_default().push(place);
                }
            }
        }
    }

    /// A NATO symbol from words; an unknown word is E027 at that word, with a did-you-mean
    /// (once, however many counters share the symbol).
    pub(super) fn symbol(&mut self, s: &Sp<String>) -> Option<Symbol> {
        let at = (s.loc.file, s.loc.span.start);
        if let Some(sym) = self.symbols.get(&at) {
            return sym.clone();
        }
        let parsed = self.parse_symbol(s);
        self.symbols.insert(at, parsed.clone());
        parsed
    }

    pub(super) fn parse_symbol(&mut self, s: &Sp<String>) -> Option<Symbol> {
        let bad = match parse_symbol(&s.v) {
            Ok(sym) => return Some(sym),
            Err(bad) => bad,
        };
        let d = Diagnostic::error(diag::UNIT_SYMBOL, format!("`{}` is not a word of a unit symbol", bad.word))
            .at(&word_loc(self.game, &s.loc, bad.range))
            .label("unknown symbol word");
        let lower = bad.word.to_lowercase().replace('_', "-");
        self.diags.push(match diag::did_you_mean(&lower, symbol_words()) {
            Some(best) => d.help(format!("did you mean `{}`?", best.replace('-', " "))),
            None => d.help(
                "a symbol is words: an affiliation, icons, an echelon and modifiers, e.g. \"airborne infantry corps hq\"; docs/FORMAT.md lists them and docs/symbols.png draws them",
            ),
        });
        None
    }
}

/// Where bytes `range` of the string written at `loc` are in its file (escapes counted).
pub(super) fn word_loc(game: &Game, loc: &Loc, range: std::ops::Range<usize>) -> Loc {
    let literal = game.files.get(loc.file).text.get(loc.span.clone()).unwrap_or("");
    let (start, end) = (raw_offset(literal, range.start), raw_offset(literal, range.end));
    Loc { file: loc.file, span: loc.span.start + start..loc.span.start + end.max(start) }
}

/// Paints the faces of one counter: colours by precedence, slots filled.
pub(super) struct Painter<'a, 'g> {
    pub(super) src: &'a Src<'g>,
    pub(super) group: &'a RGroup,
    /// The side's colour.
    pub(super) side: Option<String>,
    /// The side's `counter_style`, when it sets anything.
    pub(super) side_style: Option<&'a FaceStyle>,
    /// The game's stat ids.
    pub(super) stats: &'a HashSet<String>,
}

impl Painter<'_, '_> {
    pub(super) fn colour(&self, spec: &Option<Sp<String>>) -> Option<String> {
        let s = spec.as_ref()?;
        if s.v == "side" { self.side.clone() } else { Some(s.v.clone()) }
    }

    /// A face: the face's own background, else the counter's colour, else the side's
    /// `counter_style`, else the group style's, else the front's, else the side's colour;
    /// stripe, frame and text colour: the face's, else the side's style, else the group's.
    pub(super) fn face(
        &self,
        layout: &[Slot],
        vals: &Values,
        style: Option<&FaceStyle>,
        face: Option<&Face>,
        front_bg: Option<&str>,
    ) -> RFace {
        let own = face.map(|f| &f.style);
        let pick = |k: fn(&FaceStyle) -> &Option<Sp<String>>| {
            own.and_then(|s| self.colour(k(s)))
                .or_else(|| self.side_style.and_then(|s| self.colour(k(s))))
                .or_else(|| style.and_then(|s| self.colour(k(s))))
        };
        let colour = self.src.counter.and_then(|c| c.color.as_ref()).map(|c| c.v.clone());
        let bg = own
            .and_then(|s| self.colour(&s.background))
            .or(colour)
            .or_else(|| self.side_style.and_then(|s| self.colour(&s.background)))
            .or_else(|| style.and_then(|s| self.colour(&s.background)))
            .or(front_bg.map(str::to_string))
            .or(self.side.clone())
            .unwrap_or_else(|| NEUTRAL_BG.to_string());
        let stripe = pick(|s| &s.stripe);
        let frame = pick(|s| &s.frame);
        let text = pick(|s| &s.text).unwrap_or_else(|| contrast(&bg));
        let slots = layout.iter().map(|s| self.slot(s, vals, face)).collect();
        let stripe_text = stripe.as_deref().map(contrast);
        RFace {
            background: bg,
            stripe,
            stripe_text,
            text,
            frame,
            slots,
            edge: Pt(0.0),
            edge_top: Mm(0.0),
            stripe_depth: STRIPE,
            pad: self.group.text_pad(),
            symbol: None,
            icon: None,
            marker: false,
            block: None,
        }
    }

    /// A slot: its own size and weight, else the face's, else the defaults by slot (a slot of
    /// factors: bold, and at least `FACTOR_SIZE`).
    pub(super) fn slot(&self, s: &Slot, vals: &Values, face: Option<&Face>) -> RSlot {
        let base = self.group.font_size;
        let is_symbol = s.text.v.trim() == "{symbol}";
        let icon = slot_icon(&s.text.v).map(str::to_string);
        let name = s.name.v.as_str();
        let face_size = face.and_then(|f| f.font_size.as_ref());
        let keys = placeholders(&s.text.v);
        let factor = !is_symbol
            && keys.iter().any(|(_, k)| {
                !matches!(k.as_str(), "name" | "id" | "label" | "side")
                    && (self.stats.contains(k) || vals.text.get(k).is_some_and(|v| is_number(v)))
            });
        let ident = !keys.is_empty() && keys.iter().all(|(_, k)| matches!(k.as_str(), "id" | "label"));
        let default_size = match name {
            _ if factor => (base * 1.3).max(Pt(FACTOR_SIZE)),
            "bottom" => base * 1.3,
            "left" | "right" => (base * 0.85).max(self.group.floor.0),
            _ => base,
        };
        // An id or label is what a player looks for at set-up: never the smallest text.
        let default_size = if ident { default_size.max(Pt(COUNTER_ID_SIZE)) } else { default_size };
        let group_size = self.group.font_size_at.clone();
        let text = if is_symbol || icon.is_some() { String::new() } else { fill(&s.text.v, &vals.text) };
        let underline = underlined(s, vals);
        RSlot {
            name: name.to_string(),
            symbol: is_symbol,
            icon,
            size: s.size.as_ref().or(face_size).map_or(default_size, |z| Pt(z.v)),
            size_at: s.size.as_ref().or(face_size).map(|z| z.loc.clone()).or(group_size),
            own_size: s.size.is_none() && face_size.is_some(),
            bold: s
                .bold
                .or(face.and_then(|f| f.bold))
                .unwrap_or(factor || name == "bottom" || (name == "centre" && self.src.unit.is_none())),
            factor,
            floor: if factor { self.group.floor.1 } else { self.group.floor.0 },
            inset: Pt(0.0),
            extent: Pt(0.0),
            underline: filled_ranges(&s.text.v, &vals.text)
                .into_iter()
                .filter(|(k, _)| underline.contains(k))
                .map(|(_, r)| r)
                .collect(),
            text,
            have: Pt(0.0),
            origin: keys
                .first()
                .and_then(|(_, k)| vals.origin.get(k).cloned())
                .or_else(|| (s.text.loc.span.end > 0).then(|| s.text.loc.clone())),
        }
    }
}

/// Copies to print: the counter's `quantity`; a unit of `blocks` blocks, that many for every
/// unit of its `quantity`; a counter a group makes for a unit of its kinds, one for every unit
/// of its `quantity`; else one.
fn copies(src: &Src, blocks: Option<i64>) -> i64 {
    let own = src.counter.and_then(|c| c.quantity.as_ref()).map(|q| q.v);
    let units = || src.unit.and_then(|u| u.quantity.as_ref()).map_or(1, |q| q.v.max(1));
    let made = || src.counter.is_none().then(units);
    own.or(blocks.map(|n| n.saturating_mul(units()))).or_else(made).unwrap_or(1).clamp(1, crate::check::MAX_COPIES)
}

/// A block's back: its side's colour (else its sticker's), bare: the wood the enemy sees,
/// never printed.
fn wood(painter: &Painter, front: &RFace) -> RFace {
    let wood = painter.side.clone().unwrap_or_else(|| front.background.clone());
    RFace {
        text: contrast(&wood),
        background: wood,
        slots: Vec::new(),
        stripe: None,
        stripe_text: None,
        frame: None,
        symbol: None,
        icon: None,
        marker: false,
        block: None,
        ..front.clone()
    }
}

/// The layout used when a group declares none: name on top, the symbol in the centre, the
/// unit's stats in its kind's order as the factor line; a marker prints its name. A block
/// sticker's factor line leaves out the stats its edges and count print, and it has no label
/// along an edge (its edges carry the steps).
pub(super) fn default_layout(game: &Game, ix: &Index, unit: Option<&Unit>, block: Option<&BlockSpec>) -> Vec<Slot> {
    let loc = Loc { file: 0, span: 0..0 };
    let slot = |name: &str, text: String, bold: Option<bool>| Slot {
        name: Sp::new(name.into(), loc.clone()),
        text: Sp::new(text, loc.clone()),
        size: None,
        bold,
        underline: Vec::new(),
    };
    let Some(u) = unit else { return vec![slot("centre", "{name}".into(), Some(true))] };
    let order: Vec<String> = u
        .kind
        .as_ref()
        .and_then(|k| ix.get::<Kind>(game, &k.v))
        .map(|k| k.stats.iter().map(|s| s.v.clone()).collect())
        .unwrap_or_else(|| u.stats().iter().map(|(k, _)| k.v.clone()).collect());
    let shown_elsewhere = |s: &str| block.is_some_and(|b| [&b.steps, &b.count].into_iter().flatten().any(|k| k.v == s));
    let present: Vec<String> = order
        .into_iter()
        .filter(|s| u.stats().iter().any(|(k, _)| &k.v == s) && !shown_elsewhere(s))
        .map(|s| format!("{{{s}}}"))
        .collect();
    let mut slots = vec![
        slot("top", "{name}".into(), None),
        slot("centre", "{symbol}".into(), None),
        slot("bottom", present.join("-"), Some(true)),
    ];
    if block.is_none() {
        slots.push(slot("left", "{label}".into(), None));
    }
    slots
}

/// The icon a face shows: the face's own `icon`, else the counter's.
pub(super) fn face_icon(c: Option<&Counter>, face: Option<&Face>) -> Option<Sp<String>> {
    face.and_then(|f| f.icon.as_ref()).or(c.and_then(|c| c.icon.as_ref())).cloned()
}

/// A marker's face: its name, small and bold, at the bottom; the icon fills the rest. A finding
/// about the name's size points at the group's `font_size`, else at the `icon`.
pub(super) fn marker_layout(group: &RGroup, icon: &Sp<String>) -> Vec<Slot> {
    let loc = group.font_size_at.clone().unwrap_or_else(|| icon.loc.clone());
    vec![Slot {
        name: Sp::new("bottom".into(), loc.clone()),
        text: Sp::new("{name}".into(), loc.clone()),
        size: Some(Sp::new(group.font_size.0, loc)),
        bold: Some(true),
        underline: Vec::new(),
    }]
}

/// The icon of a slot written `{icon:name}` (the whole slot), if it is one.
pub(crate) fn slot_icon(text: &str) -> Option<&str> {
    text.trim().strip_prefix("{icon:")?.strip_suffix('}').map(str::trim)
}
