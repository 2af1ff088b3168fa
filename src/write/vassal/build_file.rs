//! `buildFile.xml` and `moduledata`: the module's windows (maps, decks, hands, charts), piles
//! and palettes.

use super::*;

/// `moduledata`: what VASSAL shows before opening the module.
pub(super) fn module_data(game: &Game, title: &str, version: &str) -> String {
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>{}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>{}</dateSaved>\n  <description>{}</description>\n  <name>{}</name>\n</data>\n",
        xml(version),
        date_saved(game),
        xml(&description),
        xml(title)
    )
}

/// The map components every map needs (stacking, moving, menus, zoom). The zoom levels are
/// sorted; `zoomStart` counts from the most zoomed-in, from 1 (VASSAL's `Zoomer`): 3 of
/// these six is 1.0, 100 %.
pub(super) const MAP_PARTS: &str = r#"        <VASSAL.build.module.map.StackMetrics bottom="40,0" disabled="false" down="37,0" exSepX="6" exSepY="18" top="38,0" unexSepX="2" unexSepY="4" up="39,0"/>
        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.Scroller/>
        <VASSAL.build.module.map.ForwardToChatter/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.MapCenterer/>
        <VASSAL.build.module.map.StackExpander/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.SelectionHighlighters/>
        <VASSAL.build.module.map.HighlightLastMoved color="255,0,0" enabled="true" thickness="2"/>
        <VASSAL.build.module.map.Zoomer inButtonText="" inIconName="/images/zoomIn.gif" inTooltip="Zoom in" outButtonText="" outIconName="/images/zoomOut.gif" outTooltip="Zoom out" pickButtonText="" pickIconName="/images/zoom.png" pickTooltip="Select Zoom" zoomInKey="" zoomLevels="0.25,0.5,0.75,1.0,1.5,2.0" zoomOutKey="" zoomPickKey="" zoomStart="3"/>
        <VASSAL.build.module.properties.GlobalProperties/>
"#;

/// Everything the build file lists.
pub(super) struct Module<'a> {
    pub(super) title: &'a str,
    pub(super) version: &'a str,
    pub(super) panels: &'a [(String, Vec<String>)],
    pub(super) piles: &'a [Pile],
    pub(super) card: (u32, u32),
    pub(super) charts: &'a [String],
    /// (name, image file, width, height, grid element) per map.
    pub(super) boards: &'a [BoardEntry],
    pub(super) setups: &'a [Setup],
    /// The tracks' window, when the game has tracks.
    pub(super) tracks: Option<&'a tracks::TrackWindow>,
    pub(super) next_gpid: usize,
}

/// The parts of a player's hand: as a map's, cards laid out side by side.
pub(super) const HAND_PARTS: &str = r#"        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.Scroller/>
        <VASSAL.build.module.map.ForwardToChatter/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.MapCenterer/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.HandMetrics bottom="40,0" disabled="false" down="37,0" exSepX="12" exSepY="0" top="38,0" unexSepX="12" unexSepY="0" up="39,0"/>
"#;

/// A map window: its name, its board element(s) and its parts; `launch`: a toolbar button
/// shows and hides it (every window but the main one).
pub(super) fn map_xml(name: &str, launch: bool, board: &str, extra: &str) -> String {
    window_xml("VASSAL.build.module.Map", "", name, launch, board, &format!("{MAP_PARTS}{extra}"))
}

/// A window of VASSAL's `Map` family (`element`: a map, or a player's hand, which adds
/// `attrs`), with one board picker and its parts.
fn window_xml(element: &str, attrs: &str, name: &str, launch: bool, board: &str, parts: &str) -> String {
    format!(
        "    <{element} {attrs}allowMultiple=\"false\" backgroundcolor=\"255,255,255\" buttonName=\"{n}\" changeFormat=\"$message$\" color=\"0,0,0\" createFormat=\"$pieceName$ created in $location$\" description=\"\" edgeHeight=\"0\" edgeWidth=\"0\" hideKey=\"\" hotkey=\"\" icon=\"\" launch=\"{launch}\" mapName=\"{n}\" markMoved=\"Never\" moveKey=\"\" moveToFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" moveWithinFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" showKey=\"\" thickness=\"3\">\n        <VASSAL.build.module.map.BoardPicker addColumnText=\"Add column\" addRowText=\"Add row\" boardPrompt=\"Select board\" slotHeight=\"125\" slotScale=\"0.2\" slotWidth=\"350\" title=\"Choose Boards\">\n{board}        </VASSAL.build.module.map.BoardPicker>\n{parts}    </{element}>\n",
        n = xml(name)
    )
}

/// The card decks side by side in a window of their own (the main "Table" of a game without
/// maps): never over a cell of a map; then a hand per side that plays from a strategy deck.
fn decks_window(game: &Game, m: &Module) -> String {
    let mut x = String::new();
    let (cw, ch) = m.card;
    let gap = cw / 2 + 40;
    if !m.piles.is_empty() || m.boards.is_empty() {
        let name = game.meta.words.word(if m.boards.is_empty() { "vassal_table" } else { "vassal_decks" });
        let width = (pile_slots(m.piles) * (cw + gap) + gap).max(if m.boards.is_empty() { 1200 } else { 400 });
        let height = (ch + 2 * gap).max(if m.boards.is_empty() { 900 } else { 300 });
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"40,90,60\" height=\"{height}\" name=\"{}\" reversible=\"false\" width=\"{width}\"/>\n",
            xml(&name)
        );
        x.push_str(&map_xml(&name, !m.boards.is_empty(), &board, &piles_xml(game, m.piles, m.card, gap)));
    }
    // A hand per side that plays from a strategy deck, seen by its owner alone.
    if m.piles.iter().any(|p| p.deck.is_some()) {
        x.push_str(&hands_xml(game, m.card));
    }
    x
}

pub(super) fn build_file(game: &Game, m: &Module) -> String {
    let mut x = String::new();
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    x.push_str(&format!(
        "<VASSAL.build.GameModule ModuleOther1=\"\" ModuleOther2=\"\" VassalVersion=\"{VASSAL_VERSION}\" description=\"{}\" name=\"{}\" nextPieceSlotId=\"{}\" version=\"{}\">\n",
        xml(&description),
        xml(m.title),
        m.next_gpid,
        xml(m.version)
    ));
    x.push_str("    <VASSAL.build.module.BasicCommandEncoder/>\n    <VASSAL.build.module.Documentation/>\n");
    let w = |k: &str| xml(&game.meta.words.word(k));
    x.push_str(&format!(
        "    <VASSAL.build.module.PlayerRoster buttonKeyStroke=\"\" buttonText=\"{}\" buttonToolTip=\"{}\">\n",
        w("vassal_retire"),
        w("vassal_switch_sides")
    ));
    for s in &game.sides {
        x.push_str(&format!("        <entry>{}</entry>\n", xml(&s.name.v)));
    }
    x.push_str("    </VASSAL.build.module.PlayerRoster>\n");
    x.push_str(&format!("    <VASSAL.build.module.GlobalOptions autoReport=\"Always\" centerOnMove=\"Use Preferences Setting\" nonOwnerUnmaskable=\"Never\" playerIdFormat=\"$PlayerName$\" promptString=\"{}\"/>\n", w("vassal_unmask")));
    x.push_str("    <VASSAL.build.module.Chatter/>\n    <VASSAL.build.module.KeyNamer/>\n");
    if !m.panels.is_empty() {
        let (name, tip) = (w("vassal_pieces"), w("vassal_pieces_tip"));
        x.push_str(&format!("    <VASSAL.build.module.PieceWindow defaultWidth=\"0\" hidden=\"false\" hotkey=\"80,130\" icon=\"\" name=\"{name}\" scale=\"1.0\" text=\"{name}\" tooltip=\"{tip}\">\n"));
        x.push_str(&format!("        <VASSAL.build.widget.TabWidget entryName=\"{name}\">\n"));
        for (name, slots) in m.panels {
            x.push_str(&format!(
                "            <VASSAL.build.widget.PanelWidget entryName=\"{}\" fixed=\"false\" nColumns=\"10\" scale=\"1.0\" vert=\"false\">\n",
                xml(&field(name))
            ));
            for s in slots {
                x.push_str(&format!("                {s}\n"));
            }
            x.push_str("            </VASSAL.build.widget.PanelWidget>\n");
        }
        x.push_str("        </VASSAL.build.widget.TabWidget>\n    </VASSAL.build.module.PieceWindow>\n");
    }
    x.push_str(&map_windows(game, m));
    x.push_str(&decks_window(game, m));
    if let Some(t) = m.tracks {
        x.push_str(&t.xml());
    }
    // Reinforcements wait in a window of their own, a row per turn of arrival, each row a
    // region named after its turn (and entry cell), so the log says where a piece came from.
    let mut rows: Vec<(String, i64)> = m.setups.iter().flat_map(|s| s.arrivals.iter().cloned()).collect();
    rows.sort_by_key(|(_, y)| *y);
    if !rows.is_empty() {
        let most = m.setups.iter().map(|s| s.commands.len() as i64).max().unwrap_or(1);
        let width = (2 * ARRIVAL_START + most * ARRIVAL_STEP).clamp(600, 3000);
        let height = rows.iter().map(|(_, y)| *y).max().unwrap_or(0) + ARRIVAL_START;
        let mut regions = String::new();
        let mut seen = std::collections::BTreeSet::new();
        for (name, y) in &rows {
            if seen.insert((name.clone(), *y)) {
                regions.push_str(&format!(
                    "                    <VASSAL.build.module.map.boardPicker.board.Region name=\"{}\" originx=\"{}\" originy=\"{y}\"/>\n",
                    xml(name),
                    ARRIVAL_START - ARRIVAL_STEP / 2
                ));
            }
        }
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"230,225,210\" height=\"{height}\" name=\"{}\" reversible=\"false\" width=\"{width}\">\n                <VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize=\"12\" snapto=\"false\" visible=\"true\">\n{regions}                </VASSAL.build.module.map.boardPicker.board.RegionGrid>\n            </VASSAL.build.module.map.boardPicker.Board>\n",
            xml(&arrivals_name(game))
        );
        x.push_str(&map_xml(&arrivals_name(game), true, &board, ""));
    }
    if !m.charts.is_empty() {
        let (name, tip) = (w("vassal_charts"), w("vassal_charts_tip"));
        x.push_str(&format!("    <VASSAL.build.module.ChartWindow hotkey=\"\" icon=\"\" name=\"{name}\" text=\"{name}\" tooltip=\"{tip}\">\n"));
        x.push_str(&format!("        <VASSAL.build.widget.TabWidget entryName=\"{name}\">\n"));
        for c in m.charts {
            x.push_str(&format!("            {c}\n"));
        }
        x.push_str("        </VASSAL.build.widget.TabWidget>\n    </VASSAL.build.module.ChartWindow>\n");
    }
    for s in m.setups {
        x.push_str(&format!(
            "    <VASSAL.build.module.PredefinedSetup description=\"\" file=\"{}\" isMenu=\"false\" name=\"{}\" useFile=\"true\"/>\n",
            xml(&s.file),
            xml(&s.title)
        ));
    }
    x.push_str("    <VASSAL.build.module.PrototypesContainer/>\n");
    x.push_str("</VASSAL.build.GameModule>\n");
    in_words(x, &game.meta.words)
}

/// A window per map, the first the main one; its board the whole map with its grid. The
/// geomorphic boards share one window, where a scenario's set-up lays them side by side (or the
/// players choose them, for a new game).
fn map_windows(game: &Game, m: &Module) -> String {
    let mut x = String::new();
    let board_xml = |b: &BoardEntry| {
        format!(
            "            <VASSAL.build.module.map.boardPicker.Board image=\"{}\" height=\"{}\" name=\"{}\" reversible=\"{}\" width=\"{}\">\n                {}\n            </VASSAL.build.module.map.boardPicker.Board>\n",
            xml(&b.file),
            b.height,
            xml(&b.name),
            b.geomorphic,
            b.width,
            b.grid
        )
    };
    let mut geomorphic_done = false;
    for (k, b) in m.boards.iter().enumerate() {
        if !b.geomorphic {
            x.push_str(&map_xml(&b.name, k > 0, &board_xml(b), ""));
        } else if !geomorphic_done {
            geomorphic_done = true;
            let all: String = m.boards.iter().filter(|b| b.geomorphic).map(board_xml).collect();
            let window = map_xml(&boards_window(game), k > 0, &all, "");
            x.push_str(&window.replacen("allowMultiple=\"false\"", "allowMultiple=\"true\"", 1));
        }
    }
    x
}

/// The build file with the words every map window repeats (zoom buttons, move reports, the
/// board picker) in the game's language: each attribute as [`MAP_PARTS`] and [`window_xml`]
/// write it in English, replaced whole.
fn in_words(x: String, words: &crate::model::Words) -> String {
    let attrs = [
        ("inTooltip", "Zoom in", "vassal_zoom_in"),
        ("outTooltip", "Zoom out", "vassal_zoom_out"),
        ("pickTooltip", "Select Zoom", "vassal_zoom_select"),
        ("createFormat", "$pieceName$ created in $location$", "vassal_created"),
        ("moveToFormat", "$pieceName$ moves $previousLocation$ -&gt; $location$", "vassal_moved"),
        ("moveWithinFormat", "$pieceName$ moves $previousLocation$ -&gt; $location$", "vassal_moved"),
        ("title", "Choose Boards", "vassal_choose_boards"),
    ];
    let mut x = x;
    for (attr, english, key) in attrs {
        let word = words.word(key);
        if xml(&word) != english {
            x = x.replace(&format!("{attr}=\"{english}\""), &format!("{attr}=\"{}\"", xml(&word)));
        }
    }
    x
}

/// The card decks side by side from the left of their window's board (no owning board: x and
/// y from the board area's corner): each draw pile, and after the piles of a strategy deck its
/// face-up discard pile, which reshuffles into the deck's first pile (as do its later parts,
/// when they join).
fn piles_xml(game: &Game, piles: &[Pile], (cw, ch): (u32, u32), gap: u32) -> String {
    let mut x = String::new();
    let mut k = 0u32;
    let at = |k: &mut u32| {
        let px = gap + *k * (cw + gap) + cw / 2;
        *k += 1;
        (px, gap + ch / 2)
    };
    for (i, pile) in piles.iter().enumerate() {
        let first = pile.deck.and_then(|d| piles.iter().find(|p| p.deck == Some(d))).filter(|f| f.name != pile.name);
        let reshuffle = match first {
            Some(f) => format!(
                "reshufflable=\"true\" reshuffleCommand=\"{}\" reshuffleHotkey=\"\" reshuffleMessage=\"{}\" reshuffleTarget=\"{}\"",
                xml(&game.meta.words.say("vassal_shuffle_into", &[("pile", &f.name)])),
                xml(&game.meta.words.say("vassal_shuffled_into", &[("pile", &f.name)])),
                xml(&field(&f.name))
            ),
            None => "reshufflable=\"false\"".to_string(),
        };
        let (px, py) = at(&mut k);
        x.push_str(&format!(
            "        <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"false\" draw=\"true\" faceDown=\"Always\" height=\"{ch}\" name=\"{}\" owningBoard=\"\" {reshuffle} shuffle=\"Via right-click Menu\" width=\"{cw}\" x=\"{px}\" y=\"{py}\">\n",
            xml(&field(&pile.name))
        ));
        for s in &pile.slots {
            x.push_str(&format!("            {s}\n"));
        }
        x.push_str("        </VASSAL.build.module.map.DrawPile>\n");
        // The deck's last pile: its discard pile follows.
        let last = pile.deck.is_some() && piles.get(i + 1).is_none_or(|n| n.deck != pile.deck);
        if let (true, Some(d)) = (last, pile.deck) {
            let target = piles.iter().find(|p| p.deck == Some(d)).map_or(&pile.name, |p| &p.name);
            let (px, py) = at(&mut k);
            // A deck whose discards never go back (`reshuffle = "never"`) has no command for it.
            let reshuffle = if game.decks[d].reshuffle.as_ref().is_some_and(|r| r.v == crate::model::Reshuffle::Never) {
                "reshufflable=\"false\"".to_string()
            } else {
                format!(
                    "reshufflable=\"true\" reshuffleCommand=\"{}\" reshuffleHotkey=\"\" reshuffleMessage=\"{}\" reshuffleTarget=\"{}\"",
                    xml(&game.meta.words.say("vassal_shuffle_into", &[("pile", target)])),
                    xml(&game.meta.words.word("vassal_discards_shuffled")),
                    xml(&field(target))
                )
            };
            x.push_str(&format!(
                "        <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"true\" draw=\"true\" drawFaceUp=\"true\" faceDown=\"Never\" height=\"{ch}\" name=\"{}\" owningBoard=\"\" {reshuffle} shuffle=\"Never\" width=\"{cw}\" x=\"{px}\" y=\"{py}\"/>\n",
                xml(&field(&discards(game, d))),
            ));
        }
    }
    x
}

/// The name of a strategy deck's discard pile.
pub(super) fn discards(game: &Game, deck: usize) -> String {
    game.meta.words.say("vassal_discards", &[("deck", &game.decks[deck].title.v)])
}

/// The windows a pile of the decks window takes: its draw piles and a discard pile per
/// strategy deck.
fn pile_slots(piles: &[Pile]) -> u32 {
    let decks: std::collections::BTreeSet<usize> = piles.iter().filter_map(|p| p.deck).collect();
    (piles.len() + decks.len()) as u32
}

/// A hand per side that draws from a strategy deck (every side, or a deck's owner), owned by
/// that side (a side of the player roster): the cards in it are seen by its owner alone.
fn hands_xml(game: &Game, (cw, ch): (u32, u32)) -> String {
    let mut sides: Vec<usize> = Vec::new();
    for d in &game.decks {
        match d.owner.as_ref().and_then(|o| game.sides.iter().position(|s| s.id.v == o.v)) {
            Some(s) => sides.push(s),
            None => sides.extend(0..game.sides.len()),
        }
    }
    sides.sort_unstable();
    sides.dedup();
    let most = game.decks.iter().flat_map(|d| d.hand.iter().map(|h| h.v)).max().unwrap_or(7).clamp(1, 50) as u32;
    let (width, height) = ((most + 1) * (cw + 12) + 80, ch + 120);
    let mut x = String::new();
    for s in sides {
        let name = game.meta.words.say("vassal_hand", &[("side_name", &game.sides[s].name.v)]);
        let board = format!(
            "            <VASSAL.build.module.map.boardPicker.Board color=\"225,225,215\" height=\"{height}\" name=\"{}\" reversible=\"false\" width=\"{width}\"/>\n",
            xml(&name)
        );
        let owner = format!("side=\"{}\" visible=\"false\" ", xml(&side_list(&[&game.sides[s].name.v])));
        x.push_str(&window_xml("VASSAL.build.module.PlayerHand", &owner, &name, true, &board, HAND_PARTS));
    }
    x
}

/// Sides as VASSAL lists them: comma-separated, a comma inside a name escaped.
fn side_list(names: &[&str]) -> String {
    names.iter().map(|n| n.replace(',', "\\,")).collect::<Vec<_>>().join(",")
}
