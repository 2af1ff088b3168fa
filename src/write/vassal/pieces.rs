//! Piece definitions: the trait strings of counters and cards (flip layers, masks, Delete and
//! Clone) with their menu words.

use super::*;

/// A piece's traits, outermost first, each as (its own type, its own state), over the basic
/// piece's type and state: VASSAL's `Decorator` writes its own part, a tab, then the inner
/// piece's with a backslash before each of its tabs (a `SequenceEncoder` of one token).
pub(super) fn wrap(traits: &[(String, String)], basic: (String, String)) -> (String, String) {
    traits.iter().rev().fold(basic, |(typ, state), (own_type, own_state)| {
        (format!("{own_type}\t{}", typ.replace('\t', "\\\t")), format!("{own_state}\t{}", state.replace('\t', "\\\t")))
    })
}

/// The words of a piece's menu and what other sides see of a hidden block, in the module's
/// language (`[game.words]` or built in).
#[derive(Debug, Clone)]
pub struct Menu {
    delete: String,
    clone: String,
    flip: String,
    peek: String,
    hide: String,
    regain: String,
    lose: String,
    steps: String,
    a_block: String,
    words: crate::model::Words,
}

impl Menu {
    /// The menu in `words`.
    pub fn of(words: &crate::model::Words) -> Menu {
        let w = |k: &str| field(&words.word(k));
        Menu {
            delete: w("vassal_delete"),
            clone: w("vassal_clone"),
            flip: w("vassal_flip"),
            peek: w("vassal_peek"),
            hide: w("vassal_hide"),
            regain: w("vassal_regain_step"),
            lose: w("vassal_lose_step"),
            steps: w("vassal_steps"),
            a_block: words.word("vassal_a_block"),
            words: words.clone(),
        }
    }

    /// Delete (Ctrl+D) for every piece: `delete;<menu text>;<key>;<description>`, no state.
    pub(super) fn delete(&self) -> String {
        format!("delete;{};68,130;", self.delete)
    }

    /// Clone (Ctrl+C) for markers: `clone;<menu text>;<key>;<description>`, no state.
    pub(super) fn clone_trait(&self) -> String {
        format!("clone;{};67,130;", self.clone)
    }

    /// A block loses a step turning a quarter counter-clockwise (Ctrl+[) and regains it
    /// clockwise (Ctrl+]): FreeRotator with four facings, `rotate;N;cwKey;ccwKey;cwText;
    /// ccwText;...`, facing 0 (its strongest step on top).
    pub(super) fn rotate(&self) -> String {
        format!("rotate;4;93,130;91,130;{};{};;;{};;;;;false", self.regain, self.lose, self.steps)
    }
}

impl Default for Menu {
    fn default() -> Menu {
        Menu::of(&crate::model::Words::default())
    }
}

/// Where a piece is: on no map (a palette's piece), or at board pixel (x, y) of a map.
pub type At<'a> = Option<(&'a str, i64, i64)>;

/// The basic piece's state: map, position, the palette slot's id and no properties.
fn basic_state(at: At, gpid: usize) -> String {
    match at {
        Some((map, x, y)) => format!("{};{x};{y};{gpid};0", field(map)),
        None => format!("null;0;0;{gpid};0"),
    }
}

/// What a counter's piece does with its back face.
#[derive(Debug, Clone, Copy)]
pub enum PieceBack<'a> {
    /// No back: the front on both sides.
    None,
    /// A flip layer showing the back.
    Flip {
        /// The back face's image.
        image: &'a str,
        /// The layer's name: the back face's.
        layer: &'a str,
        /// The piece's name when flipped.
        name: &'a str,
    },
    /// A block, shown to the other sides as its side's colour; with steps, a quarter turn a
    /// step.
    Block {
        /// The side's colour: the back face's image.
        image: &'a str,
        /// The steps along its edges (a rotation trait from two).
        steps: usize,
        /// Its side's name.
        side: Option<&'a str>,
        /// Hidden by its side (a scenario's set-up); else shown (the palette's piece).
        hidden: bool,
    },
}

/// A counter as VASSAL's add-piece command (`+/<id>/<type>/<state>`): its front as the basic
/// piece, named `name`; its back a flip layer that Ctrl+F turns on, or a block's mask and
/// rotation ([`PieceBack`]); Delete on every counter, Clone on markers. `id` is `null` for a
/// palette's piece.
pub fn counter_definition(
    (name, front): (&str, &str),
    back: PieceBack,
    gpid: usize,
    marker: bool,
    at: At,
    id: &str,
    menu: &Menu,
) -> String {
    let basic = (format!("piece;;;{};{}", field(front), field(name)), basic_state(at, gpid));
    let mut traits = vec![(menu.delete(), String::new())];
    if marker {
        traits.push((menu.clone_trait(), String::new()));
    }
    if let PieceBack::Block { image, steps, side, hidden } = back {
        // Obscurable in the inset style: the owner sees the sticker with the side's colour in
        // its corner, every other side only the colour. Ctrl+H; any side may hide its blocks
        // (`side:`); at set-up hidden by its own side (state `<side>;`).
        let masked = side.map_or(menu.a_block.clone(), |s| menu.words.say("vassal_side_block", &[("side_name", s)]));
        let mask = format!("obs;72,130;{};{};I;{};side:;;;false;;", field(image), menu.hide, field(&masked));
        // The mask's owner is the roster's side name as written: a name with a character
        // that separates the piece's fields cannot be written so, and starts unhidden.
        let state = match side {
            Some(s) if hidden && field(s) == s => format!("{s};"),
            _ => "null;".to_string(),
        };
        traits.push((mask, state));
        if steps > 1 {
            traits.push((menu.rotate(), "0".into()));
        }
    }
    if let PieceBack::Flip { image, layer, name: back_name } = back {
        // Embellishment (emb2) fields in VASSAL's order: activate name, modifiers, key;
        // increase and decrease (none); reset (none); draw under (no) and offset; images;
        // level names; loop; layer name; random; follow; expression; first level; version;
        // always active; activate/increase/decrease keys; description; scale; and a last
        // flag, as VASSAL 3.7 writes it (the legacy mask and character are those of a real
        // module; Ctrl+F, `70,130`, is the key). Its state, -1: off, the front shows.
        let emb = format!(
            "emb2;{};128;A;;128;;;128;;;;1;false;0;0;{};{};true;{};;;false;;1;1;false;70,130;;;{};1.0;;true",
            menu.flip,
            field(image),
            field(back_name),
            field(layer),
            menu.flip
        );
        traits.push((emb, "-1".into()));
    }
    let (typ, state) = wrap(&traits, basic);
    format!("+/{id}/{typ}/{state}")
}

/// A card: its front as the basic piece under a mask showing its back to all but its owner
/// (VASSAL's plain style: the owner sees the back too, and peeks), with Delete.
pub fn card_definition(name: &str, front: &str, back: &str, gpid: usize, menu: &Menu) -> String {
    let mask = format!("obs;70,130;{};{};P;?;player:;{};;true;;", field(back), menu.flip, menu.peek);
    let traits = [(menu.delete(), String::new()), (mask, "null".into())];
    let (typ, state) = wrap(&traits, (format!("piece;;;{};{}", field(front), field(name)), basic_state(None, gpid)));
    format!("+/null/{typ}/{state}")
}

/// What the palette knows of a counter: enough to place it again in a set-up.
pub(super) struct CounterPiece {
    pub(super) title: String,
    pub(super) front: String,
    /// The back face's image, the layer's name and the flipped piece's name.
    pub(super) back: Option<(String, String, String)>,
    pub(super) gpid: usize,
    pub(super) marker: bool,
    /// A block: its steps and its side's name (its back is then the side's colour).
    pub(super) block: Option<(usize, Option<String>)>,
}

impl CounterPiece {
    /// The piece placed `at` (a block in a set-up hidden from the other sides).
    pub(super) fn add_command(&self, at: At, id: &str, menu: &Menu) -> String {
        let back = match (&self.back, &self.block) {
            (Some((image, _, _)), Some((steps, side))) => {
                PieceBack::Block { image, steps: *steps, side: side.as_deref(), hidden: at.is_some() }
            }
            (Some((image, layer, name)), None) => PieceBack::Flip { image, layer, name },
            (None, _) => PieceBack::None,
        };
        counter_definition((&self.title, &self.front), back, self.gpid, self.marker, at, id, menu)
    }
}
