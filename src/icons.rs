//! The built-in icon set: a curated subset of game-icons.net (CC BY 3.0, see icons/LICENSE.md
//! and icons/ATTRIBUTION.md), embedded in the binary as SVG. Each icon is filled with
//! `currentColor`, which the templates replace by the colour of the text around it.
//!
//! A game may bring its own icons in its `icons/` folder (see `load`); names are looked up
//! there first, then here.

/// The built-in icons: (name, SVG source), sorted by name. Written from icons/LIST by
/// icons/vendor.py; tests/suite/icons.rs checks it lists every file of icons/svg/.
pub const BUILTIN: &[(&str, &str)] = &[
    ("airplane", include_str!("../icons/svg/airplane.svg")),
    ("alarm-clock", include_str!("../icons/svg/alarm-clock.svg")),
    ("ammo-box", include_str!("../icons/svg/ammo-box.svg")),
    ("anchor", include_str!("../icons/svg/anchor.svg")),
    ("anti-aircraft-gun", include_str!("../icons/svg/anti-aircraft-gun.svg")),
    ("anticlockwise-rotation", include_str!("../icons/svg/anticlockwise-rotation.svg")),
    ("archery-target", include_str!("../icons/svg/archery-target.svg")),
    ("arrow-cluster", include_str!("../icons/svg/arrow-cluster.svg")),
    ("arrows-shield", include_str!("../icons/svg/arrows-shield.svg")),
    ("artillery-shell", include_str!("../icons/svg/artillery-shell.svg")),
    ("back-forth", include_str!("../icons/svg/back-forth.svg")),
    ("barbed-arrow", include_str!("../icons/svg/barbed-arrow.svg")),
    ("barbed-wire", include_str!("../icons/svg/barbed-wire.svg")),
    ("barracks-tent", include_str!("../icons/svg/barracks-tent.svg")),
    ("barrel", include_str!("../icons/svg/barrel.svg")),
    ("battle-axe", include_str!("../icons/svg/battle-axe.svg")),
    ("battle-tank", include_str!("../icons/svg/battle-tank.svg")),
    ("battleship", include_str!("../icons/svg/battleship.svg")),
    ("binoculars", include_str!("../icons/svg/binoculars.svg")),
    ("biplane", include_str!("../icons/svg/biplane.svg")),
    ("black-flag", include_str!("../icons/svg/black-flag.svg")),
    ("bleeding-wound", include_str!("../icons/svg/bleeding-wound.svg")),
    ("blood", include_str!("../icons/svg/blood.svg")),
    ("bomber", include_str!("../icons/svg/bomber.svg")),
    ("boot-prints", include_str!("../icons/svg/boot-prints.svg")),
    ("bow-arrow", include_str!("../icons/svg/bow-arrow.svg")),
    ("breaking-chain", include_str!("../icons/svg/breaking-chain.svg")),
    ("brick-wall", include_str!("../icons/svg/brick-wall.svg")),
    ("bridge", include_str!("../icons/svg/bridge.svg")),
    ("bright-explosion", include_str!("../icons/svg/bright-explosion.svg")),
    ("broadsword", include_str!("../icons/svg/broadsword.svg")),
    ("brodie-helmet", include_str!("../icons/svg/brodie-helmet.svg")),
    ("broken-arrow", include_str!("../icons/svg/broken-arrow.svg")),
    ("broken-heart", include_str!("../icons/svg/broken-heart.svg")),
    ("broken-shield", include_str!("../icons/svg/broken-shield.svg")),
    ("broken-wall", include_str!("../icons/svg/broken-wall.svg")),
    ("bugle-call", include_str!("../icons/svg/bugle-call.svg")),
    ("bullets", include_str!("../icons/svg/bullets.svg")),
    ("bullseye", include_str!("../icons/svg/bullseye.svg")),
    ("camping-tent", include_str!("../icons/svg/camping-tent.svg")),
    ("cannon", include_str!("../icons/svg/cannon.svg")),
    ("cannon-shot", include_str!("../icons/svg/cannon-shot.svg")),
    ("caravel", include_str!("../icons/svg/caravel.svg")),
    ("cargo-crate", include_str!("../icons/svg/cargo-crate.svg")),
    ("cargo-ship", include_str!("../icons/svg/cargo-ship.svg")),
    ("castle", include_str!("../icons/svg/castle.svg")),
    ("castle-ruins", include_str!("../icons/svg/castle-ruins.svg")),
    ("cavalry", include_str!("../icons/svg/cavalry.svg")),
    ("centurion-helmet", include_str!("../icons/svg/centurion-helmet.svg")),
    ("check-mark", include_str!("../icons/svg/check-mark.svg")),
    ("checked-shield", include_str!("../icons/svg/checked-shield.svg")),
    ("checkered-flag", include_str!("../icons/svg/checkered-flag.svg")),
    ("church", include_str!("../icons/svg/church.svg")),
    ("clockwise-rotation", include_str!("../icons/svg/clockwise-rotation.svg")),
    ("cog", include_str!("../icons/svg/cog.svg")),
    ("coins", include_str!("../icons/svg/coins.svg")),
    ("compass", include_str!("../icons/svg/compass.svg")),
    ("conversation", include_str!("../icons/svg/conversation.svg")),
    ("cross-flare", include_str!("../icons/svg/cross-flare.svg")),
    ("cross-mark", include_str!("../icons/svg/cross-mark.svg")),
    ("crossbow", include_str!("../icons/svg/crossbow.svg")),
    ("crossed-axes", include_str!("../icons/svg/crossed-axes.svg")),
    ("crossed-chains", include_str!("../icons/svg/crossed-chains.svg")),
    ("crossed-pistols", include_str!("../icons/svg/crossed-pistols.svg")),
    ("crossed-sabres", include_str!("../icons/svg/crossed-sabres.svg")),
    ("crossed-swords", include_str!("../icons/svg/crossed-swords.svg")),
    ("crosshair", include_str!("../icons/svg/crosshair.svg")),
    ("crossroad", include_str!("../icons/svg/crossroad.svg")),
    ("crown", include_str!("../icons/svg/crown.svg")),
    ("death-skull", include_str!("../icons/svg/death-skull.svg")),
    ("defensive-wall", include_str!("../icons/svg/defensive-wall.svg")),
    ("dice-eight-faces-eight", include_str!("../icons/svg/dice-eight-faces-eight.svg")),
    ("dice-six-faces-five", include_str!("../icons/svg/dice-six-faces-five.svg")),
    ("dice-six-faces-four", include_str!("../icons/svg/dice-six-faces-four.svg")),
    ("dice-six-faces-one", include_str!("../icons/svg/dice-six-faces-one.svg")),
    ("dice-six-faces-six", include_str!("../icons/svg/dice-six-faces-six.svg")),
    ("dice-six-faces-three", include_str!("../icons/svg/dice-six-faces-three.svg")),
    ("dice-six-faces-two", include_str!("../icons/svg/dice-six-faces-two.svg")),
    ("dice-twenty-faces-twenty", include_str!("../icons/svg/dice-twenty-faces-twenty.svg")),
    ("drum", include_str!("../icons/svg/drum.svg")),
    ("dust-cloud", include_str!("../icons/svg/dust-cloud.svg")),
    ("explosion-rays", include_str!("../icons/svg/explosion-rays.svg")),
    ("eye-target", include_str!("../icons/svg/eye-target.svg")),
    ("fast-arrow", include_str!("../icons/svg/fast-arrow.svg")),
    ("field-gun", include_str!("../icons/svg/field-gun.svg")),
    ("fire", include_str!("../icons/svg/fire.svg")),
    ("flag-objective", include_str!("../icons/svg/flag-objective.svg")),
    ("flamethrower-soldier", include_str!("../icons/svg/flamethrower-soldier.svg")),
    ("flaming-arrow", include_str!("../icons/svg/flaming-arrow.svg")),
    ("fluffy-cloud", include_str!("../icons/svg/fluffy-cloud.svg")),
    ("flying-flag", include_str!("../icons/svg/flying-flag.svg")),
    ("fog", include_str!("../icons/svg/fog.svg")),
    ("footprint", include_str!("../icons/svg/footprint.svg")),
    ("forest", include_str!("../icons/svg/forest.svg")),
    ("fuel-tank", include_str!("../icons/svg/fuel-tank.svg")),
    ("galleon", include_str!("../icons/svg/galleon.svg")),
    ("gold-bar", include_str!("../icons/svg/gold-bar.svg")),
    ("great-war-tank", include_str!("../icons/svg/great-war-tank.svg")),
    ("grenade", include_str!("../icons/svg/grenade.svg")),
    ("hearts", include_str!("../icons/svg/hearts.svg")),
    ("heavy-rain", include_str!("../icons/svg/heavy-rain.svg")),
    ("helicopter", include_str!("../icons/svg/helicopter.svg")),
    ("helmet", include_str!("../icons/svg/helmet.svg")),
    ("hill-fort", include_str!("../icons/svg/hill-fort.svg")),
    ("hills", include_str!("../icons/svg/hills.svg")),
    ("horse-head", include_str!("../icons/svg/horse-head.svg")),
    ("hospital-cross", include_str!("../icons/svg/hospital-cross.svg")),
    ("hourglass", include_str!("../icons/svg/hourglass.svg")),
    ("house", include_str!("../icons/svg/house.svg")),
    ("hunting-horn", include_str!("../icons/svg/hunting-horn.svg")),
    ("iron-cross", include_str!("../icons/svg/iron-cross.svg")),
    ("iron-hulled-warship", include_str!("../icons/svg/iron-hulled-warship.svg")),
    ("jeep", include_str!("../icons/svg/jeep.svg")),
    ("jet-fighter", include_str!("../icons/svg/jet-fighter.svg")),
    ("knight-banner", include_str!("../icons/svg/knight-banner.svg")),
    ("land-mine", include_str!("../icons/svg/land-mine.svg")),
    ("laurel-crown", include_str!("../icons/svg/laurel-crown.svg")),
    ("level-end-flag", include_str!("../icons/svg/level-end-flag.svg")),
    ("lighthouse", include_str!("../icons/svg/lighthouse.svg")),
    ("lightning-storm", include_str!("../icons/svg/lightning-storm.svg")),
    ("machine-gun", include_str!("../icons/svg/machine-gun.svg")),
    ("medal", include_str!("../icons/svg/medal.svg")),
    ("medical-pack", include_str!("../icons/svg/medical-pack.svg")),
    ("meeple-army", include_str!("../icons/svg/meeple-army.svg")),
    ("military-fort", include_str!("../icons/svg/military-fort.svg")),
    ("mortar", include_str!("../icons/svg/mortar.svg")),
    ("mountains", include_str!("../icons/svg/mountains.svg")),
    ("mountaintop", include_str!("../icons/svg/mountaintop.svg")),
    ("mounted-knight", include_str!("../icons/svg/mounted-knight.svg")),
    ("move", include_str!("../icons/svg/move.svg")),
    ("night-sky", include_str!("../icons/svg/night-sky.svg")),
    ("night-sleep", include_str!("../icons/svg/night-sleep.svg")),
    ("on-target", include_str!("../icons/svg/on-target.svg")),
    ("open-book", include_str!("../icons/svg/open-book.svg")),
    ("padlock", include_str!("../icons/svg/padlock.svg")),
    ("padlock-open", include_str!("../icons/svg/padlock-open.svg")),
    ("palm-tree", include_str!("../icons/svg/palm-tree.svg")),
    ("parachute", include_str!("../icons/svg/parachute.svg")),
    ("perspective-dice-six-faces-random", include_str!("../icons/svg/perspective-dice-six-faces-random.svg")),
    ("piercing-sword", include_str!("../icons/svg/piercing-sword.svg")),
    ("pikeman", include_str!("../icons/svg/pikeman.svg")),
    ("pine-tree", include_str!("../icons/svg/pine-tree.svg")),
    ("pirate-flag", include_str!("../icons/svg/pirate-flag.svg")),
    ("pistol-gun", include_str!("../icons/svg/pistol-gun.svg")),
    ("plain-arrow", include_str!("../icons/svg/plain-arrow.svg")),
    ("pocket-radio", include_str!("../icons/svg/pocket-radio.svg")),
    ("radar-sweep", include_str!("../icons/svg/radar-sweep.svg")),
    ("radio-tower", include_str!("../icons/svg/radio-tower.svg")),
    ("rally-the-troops", include_str!("../icons/svg/rally-the-troops.svg")),
    ("rank-1", include_str!("../icons/svg/rank-1.svg")),
    ("rank-2", include_str!("../icons/svg/rank-2.svg")),
    ("rank-3", include_str!("../icons/svg/rank-3.svg")),
    ("return-arrow", include_str!("../icons/svg/return-arrow.svg")),
    ("ribbon-medal", include_str!("../icons/svg/ribbon-medal.svg")),
    ("rifle", include_str!("../icons/svg/rifle.svg")),
    ("river", include_str!("../icons/svg/river.svg")),
    ("road", include_str!("../icons/svg/road.svg")),
    ("rolling-dices", include_str!("../icons/svg/rolling-dices.svg")),
    ("roman-shield", include_str!("../icons/svg/roman-shield.svg")),
    ("round-shield", include_str!("../icons/svg/round-shield.svg")),
    ("round-star", include_str!("../icons/svg/round-star.svg")),
    ("rule-book", include_str!("../icons/svg/rule-book.svg")),
    ("run", include_str!("../icons/svg/run.svg")),
    ("sailboat", include_str!("../icons/svg/sailboat.svg")),
    ("samurai-helmet", include_str!("../icons/svg/samurai-helmet.svg")),
    ("sandstorm", include_str!("../icons/svg/sandstorm.svg")),
    ("scroll-unfurled", include_str!("../icons/svg/scroll-unfurled.svg")),
    ("shield", include_str!("../icons/svg/shield.svg")),
    ("shield-bash", include_str!("../icons/svg/shield-bash.svg")),
    ("ship-wheel", include_str!("../icons/svg/ship-wheel.svg")),
    ("ship-wreck", include_str!("../icons/svg/ship-wreck.svg")),
    ("shouting", include_str!("../icons/svg/shouting.svg")),
    ("sinking-ship", include_str!("../icons/svg/sinking-ship.svg")),
    ("skull-crack", include_str!("../icons/svg/skull-crack.svg")),
    ("skull-crossed-bones", include_str!("../icons/svg/skull-crossed-bones.svg")),
    ("sleepy", include_str!("../icons/svg/sleepy.svg")),
    ("small-fire", include_str!("../icons/svg/small-fire.svg")),
    ("smoke-bomb", include_str!("../icons/svg/smoke-bomb.svg")),
    ("snowflake-1", include_str!("../icons/svg/snowflake-1.svg")),
    ("spartan-helmet", include_str!("../icons/svg/spartan-helmet.svg")),
    ("spear-hook", include_str!("../icons/svg/spear-hook.svg")),
    ("spears", include_str!("../icons/svg/spears.svg")),
    ("spiked-fence", include_str!("../icons/svg/spiked-fence.svg")),
    ("star-flag", include_str!("../icons/svg/star-flag.svg")),
    ("star-medal", include_str!("../icons/svg/star-medal.svg")),
    ("stick-grenade", include_str!("../icons/svg/stick-grenade.svg")),
    ("stone-bridge", include_str!("../icons/svg/stone-bridge.svg")),
    ("stone-tower", include_str!("../icons/svg/stone-tower.svg")),
    ("stone-wall", include_str!("../icons/svg/stone-wall.svg")),
    ("stop-sign", include_str!("../icons/svg/stop-sign.svg")),
    ("stopwatch", include_str!("../icons/svg/stopwatch.svg")),
    ("submarine", include_str!("../icons/svg/submarine.svg")),
    ("sun", include_str!("../icons/svg/sun.svg")),
    ("sundial", include_str!("../icons/svg/sundial.svg")),
    ("surrounded-shield", include_str!("../icons/svg/surrounded-shield.svg")),
    ("swamp", include_str!("../icons/svg/swamp.svg")),
    ("sword-clash", include_str!("../icons/svg/sword-clash.svg")),
    ("sword-wound", include_str!("../icons/svg/sword-wound.svg")),
    ("swordman", include_str!("../icons/svg/swordman.svg")),
    ("tank", include_str!("../icons/svg/tank.svg")),
    ("tank-tread", include_str!("../icons/svg/tank-tread.svg")),
    ("targeted", include_str!("../icons/svg/targeted.svg")),
    ("teller-mine", include_str!("../icons/svg/teller-mine.svg")),
    ("torpedo", include_str!("../icons/svg/torpedo.svg")),
    ("tow-truck", include_str!("../icons/svg/tow-truck.svg")),
    ("tower-flag", include_str!("../icons/svg/tower-flag.svg")),
    ("treasure-map", include_str!("../icons/svg/treasure-map.svg")),
    ("trench-spade", include_str!("../icons/svg/trench-spade.svg")),
    ("truck", include_str!("../icons/svg/truck.svg")),
    ("trumpet", include_str!("../icons/svg/trumpet.svg")),
    ("two-handed-sword", include_str!("../icons/svg/two-handed-sword.svg")),
    ("village", include_str!("../icons/svg/village.svg")),
    ("walking-boot", include_str!("../icons/svg/walking-boot.svg")),
    ("watchtower", include_str!("../icons/svg/watchtower.svg")),
    ("water-drop", include_str!("../icons/svg/water-drop.svg")),
    ("waves", include_str!("../icons/svg/waves.svg")),
    ("wheat", include_str!("../icons/svg/wheat.svg")),
    ("whirlwind", include_str!("../icons/svg/whirlwind.svg")),
    ("windmill", include_str!("../icons/svg/windmill.svg")),
    ("wooden-crate", include_str!("../icons/svg/wooden-crate.svg")),
    ("wrench", include_str!("../icons/svg/wrench.svg")),
];

/// The built-in icon named `name`, as SVG source.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.binary_search_by(|(n, _)| (*n).cmp(name)).ok().map(|i| BUILTIN[i].1)
}

/// The names of the built-in icons, sorted.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// The icon `#die(n)` prints: the face of a six-sided die showing `n` (1 to 6).
pub fn die_face(n: i64) -> Option<&'static str> {
    const FACES: [&str; 6] = [
        "dice-six-faces-one",
        "dice-six-faces-two",
        "dice-six-faces-three",
        "dice-six-faces-four",
        "dice-six-faces-five",
        "dice-six-faces-six",
    ];
    usize::try_from(n).ok().and_then(|n| n.checked_sub(1)).and_then(|i| FACES.get(i).copied())
}

/// Is `name` usable as an icon name: lowercase letters, digits and single dashes, as the
/// file name of an icon in a game's `icons/` folder (without `.svg`)?
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_every_icon_takes_the_text_colour() {
        assert!(BUILTIN.windows(2).all(|w| w[0].0 < w[1].0));
        for (name, svg) in BUILTIN {
            assert!(valid_name(name), "{name}");
            assert!(svg.contains("fill=\"currentColor\""), "{name}");
        }
        assert!(builtin("crossed-swords").is_some());
        assert!(builtin("crossed-sword").is_none());
    }

    #[test]
    fn die_faces_are_built_in() {
        for n in 1..=6 {
            assert!(builtin(die_face(n).unwrap()).is_some(), "{n}");
        }
        assert_eq!(die_face(0), None);
        assert_eq!(die_face(7), None);
    }
}
