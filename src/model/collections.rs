//! Everything with an id, as typed collections: one [`Coll`] arm per collection, and the
//! [`Entity`] trait that gives typed access to its entries. The checker builds one index over all
//! of them (one duplicate check, one "unknown reference" finding); later stages look entries up
//! by id, never by position. Adding a collection is one line in `collections!`.

use super::*;

/// An entry of a collection: it has an id (or, for the changelog, a version) and lives in one
/// `Vec` of the [`Game`].
pub trait Entity: Sized {
    /// Which collection.
    const COLL: Coll;
    /// Every entry of the collection, in data order.
    fn all(game: &Game) -> &[Self];
    /// The id it is referred to by.
    fn id(&self) -> &Sp<String>;
}

/// The id field of an entry: written always (`Sp<String>`) or optional (a card's). An entry
/// without an id has the empty one, which the index skips.
pub(crate) trait IdField {
    /// The id, or the empty id when none is written.
    fn entry_id(&self) -> &Sp<String>;
}

/// The id of an entry that has none: empty, so nothing finds or duplicates it.
static NO_ID: Sp<String> = Sp { v: String::new(), loc: Loc { file: 0, span: 0..0 } };

impl IdField for Sp<String> {
    fn entry_id(&self) -> &Sp<String> {
        self
    }
}

impl IdField for Option<Sp<String>> {
    fn entry_id(&self) -> &Sp<String> {
        self.as_ref().unwrap_or(&NO_ID)
    }
}

macro_rules! collections {
    ($($variant:ident: $ty:ty => $field:ident . $id:ident, $name:literal, $table:literal;)*) => {
        /// A collection of the game data whose entries have ids.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Coll {
            $(
                #[doc = concat!("`", $table, "`")]
                $variant,
            )*
        }

        impl Coll {
            /// Every collection, in the order the checker indexes them.
            pub const ALL: &[Coll] = &[$(Coll::$variant),*];

            /// What one entry is called in messages ("counter group").
            pub fn name(self) -> &'static str {
                match self { $(Coll::$variant => $name),* }
            }

            /// The TOML table that declares one entry (`[[counter_group]]`).
            pub fn table(self) -> &'static str {
                match self { $(Coll::$variant => $table),* }
            }
        }

        impl Game {
            /// The ids of every entry of `coll`, in data order.
            pub fn ids(&self, coll: Coll) -> Vec<&Sp<String>> {
                match coll { $(Coll::$variant => self.$field.iter().map(|x| x.$id.entry_id()).collect()),* }
            }
        }

        $(
            impl Entity for $ty {
                const COLL: Coll = Coll::$variant;
                fn all(game: &Game) -> &[Self] {
                    &game.$field
                }
                fn id(&self) -> &Sp<String> {
                    self.$id.entry_id()
                }
            }
        )*
    };
}

collections! {
    Side: Side => sides.id, "side", "[[side]]";
    Stat: Stat => stats.id, "stat", "[[stat]]";
    Kind: Kind => kinds.id, "kind", "[[kind]]";
    Trait: Trait => traits.id, "trait", "[[trait]]";
    Group: Group => groups.id, "group", "[[group]]";
    Ability: Ability => abilities.id, "ability", "[[ability]]";
    Unit: Unit => units.id, "unit", "[[unit]]";
    Section: Section => sections.id, "section", "[[section]]";
    Table: Table => tables.id, "table", "[[table]]";
    Sequence: Sequence => sequences.id, "sequence", "[[sequence]]";
    Term: Term => terms.id, "term", "[[term]]";
    Change: ChangeEntry => changelog.version, "changelog version", "[[changelog]]";
    CounterGroup: CounterGroup => counter_groups.id, "counter group", "[[counter_group]]";
    CardBack: CardBack => card_backs.id, "card back", "[[card_back]]";
    CardLayout: CardLayout => card_layouts.id, "card layout", "[[card_layout]]";
    Card: Card => cards.id, "card", "[[card]]";
    Deck: Deck => decks.id, "deck", "[[deck]]";
    ScenarioSetting: ScenarioSetting => scenario_settings.id, "scenario setting", "[[scenario_setting]]";
    Scenario: Scenario => scenarios.id, "scenario", "[[scenario]]";
    Crt: Crt => crts.id, "combat results table", "[[crt]]";
    Terrain: Terrain => terrain.id, "terrain", "[[terrain]]";
    Map: Map => maps.id, "map", "[[map]]";
    AreaMap: AreaMap => area_maps.id, "map of areas", "[[map]]";
    ConnectionKind: ConnectionKind => connection_kinds.id, "connection kind", "[[connection_kind]]";
    Track: Track => tracks.id, "track", "[[track]]";
}
