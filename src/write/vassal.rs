//! VASSAL: a module (`<id>.vmod`, a zip) from the faces of the pieces document and the
//! pages of the charts.
//!
//! The module holds `moduledata`, `buildFile.xml` and `images/`: a piece palette with a tab
//! per side and counter group (markers apart), each counter a piece whose basic image is its
//! front and whose back is a flip layer (`emb2`, Ctrl+F) named after the back face; a
//! "Table" map with each card deck (one per side) as a draw pile of masked cards (the mask is
//! the card's back); a chart window with the cheatsheet, player aid card and scenario sheets
//! as images. Name and version come from `[game]`. The zip is deterministic: entries sorted,
//! every timestamp 1980-01-01, fixed permissions. No board from `[[map]]` yet (the table map is plain).
//!
//! Trait strings follow VASSAL's piece definition: traits separated by tabs, outermost first,
//! the basic piece `piece;;;IMAGE;NAME` last, then `/` and the state of each (see VASSAL's
//! `Embellishment`, `Obscurable` and `BasicPiece`, and a real module such as
//! jzedwards/vassal-hex-n-counters-template).

use std::io::Write;

use image::RgbImage;

use crate::layout::Layout;
use crate::model::Game;
use crate::render::png::{FacePage, PieceKind, PieceNames, encode_png};

/// The resolution of piece images in the module: a 5/8" counter is 75 px, as in most modules.
pub const PIECE_DPI: f64 = 120.0;
/// The resolution of chart pages: small print stays legible at 100 % zoom.
pub const CHART_DPI: f64 = 150.0;
/// The VASSAL version the module declares.
pub const VASSAL_VERSION: &str = "3.7.0";

/// What the module is made from.
pub struct VassalInput<'a> {
    /// The game: name, version, sides.
    pub game: &'a Game,
    /// Its layout: counters and cards.
    pub layout: &'a Layout,
    /// File-name stems of the pieces.
    pub names: &'a PieceNames,
    /// The pages of the pieces document (trim size).
    pub faces: &'a [FacePage],
    /// Render one face at a resolution (dpi).
    pub render: &'a dyn Fn(&FacePage, f64) -> RgbImage,
    /// The chart pages, in order: (name shown on the tab, file stem, image).
    pub charts: Vec<(String, String, RgbImage)>,
}

/// A piece definition's text (names, images): without the characters that separate its
/// fields (`;` `,` `/` tab, backslash) or lines.
pub fn field(s: &str) -> String {
    s.chars().map(|c| if matches!(c, ';' | ',' | '/' | '\\' | '\t' | '\n' | '\r') { '-' } else { c }).collect()
}

fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
    out
}

/// A counter: its front as the basic piece, its back (when it has one) as a flip layer that
/// Ctrl+F turns on, renaming the piece to `back_name`.
pub fn counter_definition(name: &str, front: &str, back: Option<(&str, &str)>, gpid: usize) -> String {
    let basic = format!("piece;;;{};{}", field(front), field(name));
    let state = format!("null;0;0;{gpid};0");
    match back {
        None => format!("+/null/{basic}/{state}"),
        Some((image, back_name)) => {
            // Embellishment (emb2) fields in VASSAL's order: activate name, modifiers, key;
            // increase and decrease (none); reset (none); draw under (no) and offset;
            // images; level names; loop; layer name; random; follow; expression; first
            // level; version; always active; activate/increase/decrease keys; description;
            // scale; and a last flag, as VASSAL 3.7 writes it (the legacy mask and character
            // are those of a real module; Ctrl+F, `70,130`, is the key).
            let emb = format!(
                "emb2;Flip;128;A;;128;;;128;;;;1;false;0;0;{};{};true;Flip;;;false;;1;1;false;70,130;;;Flip;1.0;;true",
                field(image),
                field(back_name)
            );
            // The layer's state: -1 (off: the front shows).
            format!("+/null/{emb}\t{basic}/-1\t{state}")
        }
    }
}

/// A card: its front as the basic piece under a mask showing its back to all but its owner.
pub fn card_definition(name: &str, front: &str, back: &str, gpid: usize) -> String {
    let mask = format!("obs;70,130;{};Flip;I;?;player:;Peek;;true;;", field(back));
    format!("+/null/{mask}\tpiece;;;{};{}/null\tnull;0;0;{gpid};0", field(front), field(name))
}

/// The module's files, by name: `buildFile.xml`, `moduledata` and `images/*.png`.
pub fn module_files(input: &VassalInput) -> Vec<(String, Vec<u8>)> {
    let game = input.game;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut gpid = 0usize;
    let title = game.meta.title.as_ref().map(|t| t.v.clone()).unwrap_or_else(|| game.meta.id().into());
    let version = game.meta.version().to_string();
    let image = |files: &mut Vec<(String, Vec<u8>)>, f: &FacePage, prefix: &str| -> (String, u32, u32) {
        let img = (input.render)(f, PIECE_DPI);
        let name = format!("{prefix}-{}.png", f.stem(input.names, false));
        let size = (img.width(), img.height());
        files.push((format!("images/{name}"), encode_png(&img)));
        (name, size.0, size.1)
    };
    let face =
        |kind, piece, side: &str| input.faces.iter().find(|f| f.kind == kind && f.piece == piece && f.side == side);

    // The palette: a panel per side and counter group, markers apart.
    let counters = &input.layout.counters;
    let mut panels: Vec<(String, Vec<String>)> = Vec::new();
    for (i, c) in counters.counters.iter().enumerate() {
        let Some(front) = face(PieceKind::Counter, i, "front") else { continue };
        let (front_img, w, h) = image(&mut files, front, "counter");
        let back = face(PieceKind::Counter, i, "back").map(|b| image(&mut files, b, "counter").0);
        let back_name = format!("{} ({})", c.name, back_face_name(game, c));
        gpid += 1;
        let def = counter_definition(&c.name, &front_img, back.as_deref().map(|b| (b, back_name.as_str())), gpid);
        let panel = panel_name(game, counters, c);
        let slot = format!(
            "<VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"{gpid}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.PieceSlot>",
            xml(&field(&c.name)),
            xml(&def)
        );
        match panels.iter_mut().find(|(n, _)| *n == panel) {
            Some((_, slots)) => slots.push(slot),
            None => panels.push((panel, vec![slot])),
        }
    }

    // The card decks: a draw pile per side on the table map, every printed copy a card.
    let cards = &input.layout.cards;
    let mut piles: Vec<(Option<usize>, Vec<String>)> = Vec::new();
    let mut card_size = (0, 0);
    for (i, c) in cards.cards.iter().enumerate() {
        let (Some(front), Some(back)) = (face(PieceKind::Card, i, "front"), face(PieceKind::Card, i, "back")) else {
            continue;
        };
        let (front_img, w, h) = image(&mut files, front, "card");
        let (back_img, _, _) = image(&mut files, back, "card");
        card_size = (w, h);
        let name = crate::render::png::card_title(game, c);
        let pile = match piles.iter_mut().find(|(s, _)| *s == c.side) {
            Some((_, p)) => p,
            None => {
                piles.push((c.side, Vec::new()));
                &mut piles.last_mut().expect("pushed").1
            }
        };
        for _ in 0..c.quantity.max(1) {
            gpid += 1;
            pile.push(format!(
                "<VASSAL.build.widget.CardSlot entryName=\"{}\" gpid=\"{gpid}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.CardSlot>",
                xml(&field(&name)),
                xml(&card_definition(&name, &front_img, &back_img, gpid))
            ));
        }
    }
    piles.sort_by_key(|(s, _)| s.unwrap_or(usize::MAX));

    let mut charts = Vec::new();
    for (name, stem, img) in &input.charts {
        let file = format!("chart-{stem}.png");
        files.push((format!("images/{file}"), encode_png(img)));
        charts.push(format!(
            "<VASSAL.build.widget.Chart chartName=\"{}\" description=\"\" fileName=\"{}\"/>",
            xml(name),
            xml(&file)
        ));
    }

    let build = build_file(game, &title, &version, &panels, &piles, card_size, &charts, gpid + 1);
    files.push(("buildFile.xml".into(), build.into_bytes()));
    files.push(("moduledata".into(), module_data(game, &title, &version).into_bytes()));
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    files
}

/// The name of a counter's back face: its unit's second step, else "back".
fn back_face_name(game: &Game, c: &crate::layout::RCounter) -> String {
    let unit =
        c.is_unit.then(|| game.units.iter().find(|u| u.id.v == c.id || c.id.starts_with(&format!("{}-step-", u.id.v))));
    unit.flatten()
        .and_then(|u| u.steps.get(1))
        .and_then(|s| s.name.as_ref().map(|n| n.v.clone()))
        .unwrap_or_else(|| "back".into())
}

/// The palette tab of a counter: "<side> – <group>", or "Markers – <group>".
fn panel_name(game: &Game, counters: &crate::layout::Counters, c: &crate::layout::RCounter) -> String {
    let side = match &c.side {
        Some(s) => game.sides.iter().find(|x| x.id.v == *s).map(|x| x.name.v.clone()).unwrap_or_else(|| s.clone()),
        None if c.is_unit => "Units".into(),
        None => "Markers".into(),
    };
    match &counters.groups[c.group].name {
        Some(g) if counters.groups.len() > 1 && *g != side => format!("{side} – {g}"),
        _ => side,
    }
}

/// `moduledata`: what VASSAL shows before opening the module.
fn module_data(game: &Game, title: &str, version: &str) -> String {
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>{}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>{VASSAL_VERSION}</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>{}</description>\n  <name>{}</name>\n</data>\n",
        xml(version),
        xml(&description),
        xml(title)
    )
}

/// The map components every map needs (stacking, moving, menus, zoom).
const MAP_PARTS: &str = r#"        <VASSAL.build.module.map.StackMetrics bottom="40,0" disabled="false" down="37,0" exSepX="6" exSepY="18" top="38,0" unexSepX="2" unexSepY="4" up="39,0"/>
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
        <VASSAL.build.module.map.Zoomer inButtonText="" inIconName="/images/zoomIn.gif" inTooltip="Zoom in" outButtonText="" outIconName="/images/zoomOut.gif" outTooltip="Zoom out" pickButtonText="" pickIconName="/images/zoom.png" pickTooltip="Select Zoom" zoomInKey="" zoomLevels="0.25,0.5,0.75,1.0,1.5,2.0" zoomOutKey="" zoomPickKey="" zoomStart="4"/>
        <VASSAL.build.module.properties.GlobalProperties/>
"#;

#[allow(clippy::too_many_arguments)]
fn build_file(
    game: &Game,
    title: &str,
    version: &str,
    panels: &[(String, Vec<String>)],
    piles: &[(Option<usize>, Vec<String>)],
    card: (u32, u32),
    charts: &[String],
    next_gpid: usize,
) -> String {
    let mut x = String::new();
    let description = game.meta.system.as_ref().map(|s| s.v.clone()).unwrap_or_default();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    x.push_str(&format!(
        "<VASSAL.build.GameModule ModuleOther1=\"\" ModuleOther2=\"\" VassalVersion=\"{VASSAL_VERSION}\" description=\"{}\" name=\"{}\" nextPieceSlotId=\"{next_gpid}\" version=\"{}\">\n",
        xml(&description),
        xml(title),
        xml(version)
    ));
    x.push_str("    <VASSAL.build.module.BasicCommandEncoder/>\n    <VASSAL.build.module.Documentation/>\n");
    x.push_str("    <VASSAL.build.module.PlayerRoster buttonKeyStroke=\"\" buttonText=\"Retire\" buttonToolTip=\"Switch sides\">\n");
    for s in &game.sides {
        x.push_str(&format!("        <entry>{}</entry>\n", xml(&s.name.v)));
    }
    x.push_str("    </VASSAL.build.module.PlayerRoster>\n");
    x.push_str("    <VASSAL.build.module.GlobalOptions autoReport=\"Always\" centerOnMove=\"Use Preferences Setting\" nonOwnerUnmaskable=\"Never\" playerIdFormat=\"$PlayerName$\" promptString=\"Opponents can unmask pieces\"/>\n");
    x.push_str("    <VASSAL.build.module.Chatter/>\n    <VASSAL.build.module.KeyNamer/>\n");
    if !panels.is_empty() {
        x.push_str("    <VASSAL.build.module.PieceWindow defaultWidth=\"0\" hidden=\"false\" hotkey=\"80,130\" icon=\"\" name=\"Pieces\" scale=\"1.0\" text=\"Pieces\" tooltip=\"Show or hide the pieces\">\n");
        x.push_str("        <VASSAL.build.widget.TabWidget entryName=\"Pieces\">\n");
        for (name, slots) in panels {
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
    // The table: a plain board with the card decks side by side.
    let (cw, ch) = card;
    let gap = cw / 2 + 40;
    let width = (piles.len() as u32 * (cw + gap) + gap).max(1200);
    let height = (ch * 2 + 2 * gap).max(900);
    x.push_str("    <VASSAL.build.module.Map allowMultiple=\"false\" backgroundcolor=\"255,255,255\" buttonName=\"Table\" changeFormat=\"$message$\" color=\"0,0,0\" createFormat=\"$pieceName$ created in $location$\" description=\"\" edgeHeight=\"0\" edgeWidth=\"0\" hideKey=\"\" hotkey=\"\" icon=\"\" launch=\"false\" mapName=\"Table\" markMoved=\"Never\" moveKey=\"\" moveToFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" moveWithinFormat=\"$pieceName$ moves $previousLocation$ -&gt; $location$\" showKey=\"\" thickness=\"3\">\n");
    x.push_str("        <VASSAL.build.module.map.BoardPicker addColumnText=\"Add column\" addRowText=\"Add row\" boardPrompt=\"Select board\" slotHeight=\"125\" slotScale=\"0.2\" slotWidth=\"350\" title=\"Choose Boards\">\n");
    x.push_str(&format!(
        "            <VASSAL.build.module.map.boardPicker.Board color=\"40,90,60\" height=\"{height}\" name=\"Table\" reversible=\"false\" width=\"{width}\"/>\n"
    ));
    x.push_str("        </VASSAL.build.module.map.BoardPicker>\n");
    x.push_str(MAP_PARTS);
    for (k, (side, slots)) in piles.iter().enumerate() {
        let name = match side {
            Some(s) => format!("{} cards", game.sides[*s].name.v),
            None => "Cards".into(),
        };
        let px = gap + k as u32 * (cw + gap) + cw / 2;
        x.push_str(&format!(
            "        <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"false\" draw=\"true\" faceDown=\"Always\" height=\"{ch}\" name=\"{}\" owningBoard=\"Table\" reshufflable=\"false\" shuffle=\"Via right-click Menu\" width=\"{cw}\" x=\"{px}\" y=\"{}\">\n",
            xml(&field(&name)),
            gap + ch / 2
        ));
        for s in slots {
            x.push_str(&format!("            {s}\n"));
        }
        x.push_str("        </VASSAL.build.module.map.DrawPile>\n");
    }
    x.push_str("    </VASSAL.build.module.Map>\n");
    if !charts.is_empty() {
        x.push_str("    <VASSAL.build.module.ChartWindow hotkey=\"\" icon=\"\" name=\"Charts\" text=\"Charts\" tooltip=\"Rules, player aid and scenarios\">\n");
        x.push_str("        <VASSAL.build.widget.TabWidget entryName=\"Charts\">\n");
        for c in charts {
            x.push_str(&format!("            {c}\n"));
        }
        x.push_str("        </VASSAL.build.widget.TabWidget>\n    </VASSAL.build.module.ChartWindow>\n");
    }
    x.push_str("    <VASSAL.build.module.PrototypesContainer/>\n");
    x.push_str("</VASSAL.build.GameModule>\n");
    x
}

/// The module as a zip: entries in name order, every timestamp 1980-01-01 00:00, permissions
/// 0644; text deflated, PNG stored (already compressed). The same files give the same bytes.
pub fn zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut sorted: Vec<&(String, Vec<u8>)> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in sorted {
        let method =
            if name.ends_with(".png") { zip::CompressionMethod::Stored } else { zip::CompressionMethod::Deflated };
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(method)
            .last_modified_time(zip::DateTime::default())
            .unix_permissions(0o644);
        out.start_file(name.as_str(), options).map_err(|e| e.to_string())?;
        out.write_all(bytes).map_err(|e| e.to_string())?;
    }
    Ok(out.finish().map_err(|e| e.to_string())?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_follow_vassal() {
        let d = counter_definition("1/A Inf", "f.png", Some(("b.png", "1/A Inf (reduced)")), 7);
        assert_eq!(d.matches('/').count(), 3, "+ / id / type / state: {d}");
        assert!(d.starts_with("+/null/emb2;Flip;"), "{d}");
        assert!(d.contains(";b.png;1-A Inf (reduced);"), "{d}");
        assert!(d.ends_with("\tpiece;;;f.png;1-A Inf/-1\tnull;0;0;7;0"), "{d}");
        assert_eq!(counter_definition("M", "m.png", None, 2), "+/null/piece;;;m.png;M/null;0;0;2;0");
    }

    #[test]
    fn zip_is_deterministic_and_sorted() {
        let files = vec![("b.txt".to_string(), b"two".to_vec()), ("a.png".to_string(), vec![1, 2, 3])];
        let a = zip(&files).unwrap();
        let mut rev = files.clone();
        rev.reverse();
        assert_eq!(a, zip(&rev).unwrap());
        let mut z = zip::ZipArchive::new(std::io::Cursor::new(a)).unwrap();
        assert_eq!(z.file_names().collect::<Vec<_>>().len(), 2);
        assert_eq!(z.by_index(0).unwrap().name().unwrap(), "a.png");
    }
}
