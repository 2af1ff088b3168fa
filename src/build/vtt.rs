//! The virtual-tabletop exports of a build (issue #18): PNG per piece face, a Tabletop
//! Simulator saved object and a VASSAL module, written beside the PDFs when asked
//! (`--png`, `--tts`, `--vassal`, or `[exports]` in game.toml).
//!
//! Every face is drawn once, by the pieces document (the counter and card templates with
//! `data.pieces` set: the sheets' own drawing, one face a page), and rasterised at the
//! resolution each output needs; the outputs are then packed by `write::tts` and
//! `write::vassal`.

use std::path::Path;
use std::sync::Arc;

use typst_layout::PagedDocument;

use crate::check::Index;
use crate::export::{self, DocKind, ExportOptions};
use crate::layout::Layout;
use crate::model::{Game, PageSize, PrintProfiles};
use crate::render::png::{self, FacePage, PieceKind, PieceNames};
use crate::render::{Compiled, Renderer};
use crate::write::{tts, vassal};

/// The default resolution of PNG per piece, dots per inch.
pub const DEFAULT_DPI: f64 = 300.0;

/// What the command line asks for on top of the data's `[exports]`.
#[derive(Debug, Clone, Default)]
pub struct ExportFlags {
    /// `--png`: every counter and card face as PNG.
    pub png: bool,
    /// `--tts`: a Tabletop Simulator saved object.
    pub tts: bool,
    /// `--vassal`: a VASSAL module.
    pub vassal: bool,
    /// `--print-shop[=PROFILES]`: the print profiles to write in print-shop/.
    pub print_shop: PrintProfiles,
    /// `--dpi`: the resolution of PNG per piece (default 300).
    pub dpi: Option<f64>,
    /// `--base-url`: where players will download the Tabletop Simulator images from.
    pub base_url: Option<String>,
}

/// The exports of one build, decided: flags over the data's `[exports]`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Wanted {
    pub png: bool,
    pub tts: bool,
    pub vassal: bool,
    pub print_shop: PrintProfiles,
    pub dpi: f64,
    pub base_url: Option<String>,
}

impl Wanted {
    pub(crate) fn new(game: &Game, flags: &ExportFlags) -> Wanted {
        let ex = &game.exports;
        Wanted {
            png: flags.png || ex.png,
            tts: flags.tts || ex.tts,
            vassal: flags.vassal || ex.vassal,
            print_shop: flags.print_shop.and(ex.print_shop),
            dpi: flags.dpi.or(ex.dpi.as_ref().map(|d| d.v)).unwrap_or(DEFAULT_DPI),
            base_url: flags.base_url.clone().or_else(|| ex.base_url.as_ref().map(|u| u.v.clone())),
        }
    }

    pub(crate) fn any(&self) -> bool {
        self.png || self.tts || self.vassal || self.print_shop.any()
    }
}

/// The pieces document: the counter and card templates with every face on a page of its
/// own (`data.pieces`), compiled, and what each page shows.
pub struct PiecesDoc {
    /// The counters, one face a page (none without counters).
    pub counters: Option<Compiled>,
    /// The cards, one face a page, each page with the cards' bleed (none without cards).
    pub cards: Option<Compiled>,
    /// Every face: counters first, then cards.
    pub faces: Vec<FacePage>,
}

impl PiecesDoc {
    /// One face at `dpi`, at trim size or with its bleed.
    pub fn render(&self, face: &FacePage, dpi: f64, bleed: bool) -> image::RgbImage {
        let doc = match face.kind {
            PieceKind::Counter => &self.counters,
            PieceKind::Card => &self.cards,
        };
        let doc = doc.as_ref().expect("a face comes from a compiled document");
        png::render_page(&doc.document.pages()[face.page], dpi, bleed)
    }
}

/// The counter or card template with every face on a page of its own (each piece once, or
/// every copy for a print shop).
fn compile_faces(
    renderer: &Renderer,
    game: &Game,
    ix: &Index,
    laid_out: &Layout,
    kind: DocKind,
    every_copy: bool,
) -> Result<Compiled, String> {
    let opts = ExportOptions { pieces: true, piece_copies: every_copy, ..Default::default() };
    let exported = export::export(game, ix, laid_out, &kind, &opts);
    renderer.compile(kind.template(), &exported.data_json, &exported.texts_typ).map_err(|errs| {
        let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        format!("cannot draw the {} one face a page: {}", kind.template(), all.join("; "))
    })
}

/// Compile the pieces document of a checked and laid-out game: the counter and the card
/// template, each with every face on a page of its own, the page the piece's trim size (cards
/// with their bleed as the page's bleed: `compiled.pdf()` has TrimBoxes, for print shops).
/// The pieces are drawn exactly as on the sheets: by the sheets' own templates.
pub fn pieces_document(renderer: &Renderer, game: &Game, ix: &Index, laid_out: &Layout) -> Result<PiecesDoc, String> {
    let compile = |kind: DocKind| compile_faces(renderer, game, ix, laid_out, kind, false);
    let counters = (!laid_out.counters.counters.is_empty()).then(|| compile(DocKind::Counters)).transpose()?;
    let cards = (!laid_out.cards.cards.is_empty()).then(|| compile(DocKind::Cards)).transpose()?;
    let mut faces = Vec::new();
    if let Some(c) = &counters {
        faces.extend(png::face_pages(c, PieceKind::Counter)?);
    }
    if let Some(c) = &cards {
        faces.extend(png::face_pages(c, PieceKind::Card)?);
    }
    Ok(PiecesDoc { counters, cards, faces })
}

/// One output file: its path relative to the output folder and its bytes.
pub(crate) type OutFile = (String, Vec<u8>);

/// PNG per piece: every face of `doc` at `dpi` at trim size, and every card face with its
/// bleed too, named by piece and side.
pub(crate) fn png_files(doc: &PiecesDoc, names: &PieceNames, dpi: f64) -> Vec<OutFile> {
    // Each face drawn and encoded on its own: shared between the cores.
    let faces: Vec<(&FacePage, bool)> = doc
        .faces
        .iter()
        .flat_map(|f| std::iter::once((f, false)).chain((f.kind == PieceKind::Card).then_some((f, true))))
        .collect();
    crate::limits::on_cores(&faces, usize::MAX, |&(f, bleed)| {
        (f.file(names, bleed), png::encode_png(&doc.render(f, dpi, bleed)))
    })
}

/// The files of the print profiles asked for, in `print-shop/`: the card shop's `cards.pdf`
/// and the punchboard printer's `counters.pdf`, one face a page at the piece's trim size plus
/// its bleed (TrimBox and BleedBox on every page), each copy's front followed by its back (the
/// order DriveThruCards and The Game Crafter take); for a home printer, the sheets on A4 and
/// on US Letter (`home-a4/`, `home-us-letter/`).
pub(crate) fn print_shop_files(
    renderer: &mut Renderer,
    game: &Game,
    ix: &Index,
    laid_out: &Layout,
    profiles: PrintProfiles,
    pre: &ProfileLayouts,
) -> Result<Vec<OutFile>, String> {
    let mut files = Vec::new();
    if profiles.home {
        files.extend(home_sheets(renderer, game, pre)?);
    }
    // The cards at the shop's own size, laid out again when it differs from the game's (as
    // the check before the build did, when it did).
    let cards = profiles.card_shop && !laid_out.cards.cards.is_empty();
    let fresh = if cards && pre.shop.is_none() { shop_cards(game)? } else { None };
    let shop = pre.shop.as_ref().filter(|_| cards).or(fresh.as_ref());
    for (kind, any, name) in [
        (DocKind::Cards, cards, "print-shop/cards.pdf"),
        (DocKind::Counters, profiles.punchboard && !laid_out.counters.counters.is_empty(), "print-shop/counters.pdf"),
    ] {
        if !any {
            continue;
        }
        let (game, ix, laid_out) = match shop.and_then(|c| c.stages.as_ref().map(|s| (&c.game, s))) {
            Some((g, (i, l))) if kind == DocKind::Cards => (g, i, l),
            _ => (game, ix, laid_out),
        };
        let counters = kind == DocKind::Counters;
        let compiled = compile_faces(renderer, game, ix, laid_out, kind, true)?;
        let pdf = compiled.pdf().map_err(|errs| {
            let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            format!("cannot write {name}: {}", all.join("; "))
        })?;
        if counters {
            files.extend(press_sheets(game, &compiled, &pdf, PieceKind::Counter)?);
        }
        files.push((name.to_string(), crate::render::with_bleed_boxes(&pdf)?));
    }
    // Cards die-cut on sheets too, at the game's own size (the card shop's size is for the shops
    // that take a card a page).
    if profiles.punchboard && !laid_out.cards.cards.is_empty() {
        let compiled = compile_faces(renderer, game, ix, laid_out, DocKind::Cards, true)?;
        let pdf = compiled.pdf().map_err(|errs| {
            let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            format!("cannot write print-shop/cards-sheet.pdf: {}", all.join("; "))
        })?;
        files.extend(press_sheets(game, &compiled, &pdf, PieceKind::Card)?);
    }
    Ok(files)
}

/// The punchboard printer's press sheets (`print-shop/counters-sheet.pdf`, `cards-sheet.pdf`)
/// and die lines (`counters-dieline.pdf`, `cards-dieline.pdf`): every copy of every piece on
/// sheets of the game's paper as `layout::press::PressSheet` lays them, fronts then backs
/// mirrored, pieces of one size to a sheet; from `pdf`, the pieces one face a page (`compiled`).
fn press_sheets(
    game: &Game,
    compiled: &crate::render::Compiled,
    pdf: &[u8],
    kind: PieceKind,
) -> Result<Vec<OutFile>, String> {
    use crate::layout::press::PressSheet;
    use crate::render::impose::{Faces, impose};
    let paper = game.meta.page.as_ref().map(|p| p.v).unwrap_or_default();
    let page = crate::layout::geometry::page_mm(paper, false);
    let pages = compiled.document.pages();
    let faces = png::face_pages(compiled, kind)?;
    let what = match kind {
        PieceKind::Counter => "counters",
        PieceKind::Card => "cards",
    };
    // Each copy: its front's page, then its back's when the next page is its back. Grouped by
    // trim size and bleed (mm, to a hundredth), in the order first met.
    let mut groups: Vec<(SizeKey, PieceMm, Vec<Faces>)> = Vec::new();
    let mm = |pt: f64| (crate::length::Pt(pt).mm().0 * 100.0).round() as i64;
    let mut i = 0;
    while i < faces.len() {
        let f = &faces[i];
        let back = faces.get(i + 1).filter(|b| b.side == "back" && b.piece == f.piece);
        let p = &pages[f.page];
        let exact = |pt: f64| crate::length::Pt(pt).mm().0;
        let size = (exact(p.frame.size().x.to_pt()), exact(p.frame.size().y.to_pt()), exact(p.bleed.left.to_pt()));
        let key = (mm(p.frame.size().x.to_pt()), mm(p.frame.size().y.to_pt()), mm(p.bleed.left.to_pt()));
        let entry = Faces { front: f.page as u32 + 1, back: back.map(|b| b.page as u32 + 1) };
        match groups.iter_mut().find(|(k, ..)| *k == key) {
            Some((_, _, list)) => list.push(entry),
            None => groups.push((key, size, vec![entry])),
        }
        i += 1 + usize::from(back.is_some());
    }
    let (mut sheets, mut dies) = (Vec::new(), Vec::new());
    // Each group laid from its first page's exact size (the key groups them, to a hundredth).
    for (_, (w, h, bleed), list) in groups {
        let sheet = PressSheet::new(page, (w, h), bleed).ok_or_else(|| {
            format!(
                "{what} of {w} x {h} mm with {bleed} mm of bleed are too large for a press sheet of {}",
                paper.typst_name()
            )
        })?;
        let (s, d) = impose(pdf, &list, &sheet)?;
        sheets.push(s);
        dies.push(d);
    }
    Ok(vec![
        (format!("print-shop/{what}-sheet.pdf"), crate::render::merge::merge(&sheets)?),
        (format!("print-shop/{what}-dieline.pdf"), crate::render::merge::merge(&dies)?),
    ])
}

/// A piece's trim width and height and its bleed, in hundredths of a mm: what groups pieces
/// on press sheets.
type SizeKey = (i64, i64, i64);

/// A piece's trim width and height and its bleed, mm.
type PieceMm = (f64, f64, f64);

/// The punchboard profile's press sheets: each counter group's counters, with their bleed, fit
/// the game's paper inside the room for crop marks (E025 where they do not: the build would
/// have no sheet to put them on).
fn press_findings(game: &Game) -> Vec<crate::diag::Diagnostic> {
    let paper = game.meta.page.as_ref().map(|p| p.v).unwrap_or_default();
    let page = crate::layout::geometry::page_mm(paper, false);
    let bleed = game.counter_options.bleed;
    let default = crate::model::DEFAULT_COUNTER_MM;
    let cards = game
        .card_options
        .size
        .as_ref()
        .filter(|s| crate::layout::press::PressSheet::new(page, s.v, game.card_options.bleed).is_none());
    let cards = cards.map(|s| {
        crate::diag::Diagnostic::error(
            crate::diag::PIECE_TOO_LARGE,
            format!("the cards do not fit a press sheet of {} with their bleed and crop marks", paper.typst_name()),
        )
        .at(&s.loc)
        .note("the print profile punchboard imposes the cards on sheets of the game's paper")
        .help("make the cards smaller, or leave punchboard out of print_shop")
    });
    (game.counter_groups.iter())
        .filter(|g| {
            let size = g.size.as_ref().map_or((default, default), |s| s.v);
            crate::layout::press::PressSheet::new(page, size, bleed).is_none()
        })
        .map(|g| {
            crate::diag::Diagnostic::error(
                crate::diag::PIECE_TOO_LARGE,
                format!(
                    "the counters of `{}` do not fit a press sheet of {} with their bleed and crop marks",
                    g.id.v,
                    paper.typst_name()
                ),
            )
            .at(g.size.as_ref().map_or(&g.id.loc, |s| &s.loc))
            .note("the print profile punchboard imposes the counters on sheets of the game's paper")
            .help("make the counters smaller, or print them one a page: leave punchboard out of print_shop")
        })
        .chain(cards)
        .collect()
}

/// The home printer's profile: the card and counter sheets laid out on A4 and on US Letter,
/// whatever paper the game names, so players on either side of the Atlantic print at 100 %.
fn home_sheets(renderer: &mut Renderer, game: &Game, pre: &ProfileLayouts) -> Result<Vec<OutFile>, String> {
    let mut files = Vec::new();
    for (page, folder) in [(PageSize::A4, "home-a4"), (PageSize::UsLetter, "home-us-letter")] {
        // The layout the check made for this paper, else (the paper the game prints on) anew.
        let fresh;
        let checked = match pre.home.iter().find(|(p, ..)| *p == page) {
            Some((_, _, c)) => c,
            None => {
                fresh = super::check_loaded_unmeasured(crate::load::load(&game.root)?, Some(page));
                &fresh
            }
        };
        let Some((ix, laid_out)) = checked.stages.as_ref().filter(|_| !checked.has_errors()) else {
            let why = checked.diags.iter().find(|d| d.is_error()).map_or(String::new(), |e| {
                let at = e.loc.as_ref().map(|l| crate::check::place(&checked.game.files, l)).unwrap_or_default();
                format!(": {at} [{}] {}", e.code.code, e.message)
            });
            return Err(format!("the print profile home cannot lay the game out on {}{why}", page.typst_name()));
        };
        let opts = ExportOptions { page: Some(page), ..Default::default() };
        for (kind, any) in [
            (DocKind::Cards, !laid_out.cards.cards.is_empty()),
            (DocKind::Counters, !laid_out.counters.counters.is_empty()),
        ] {
            if !any {
                continue;
            }
            let exported = export::export(&checked.game, ix, laid_out, &kind, &opts);
            let compiled =
                renderer.compile(kind.template(), &exported.data_json, &exported.texts_typ).map_err(|errs| {
                    let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                    format!("cannot draw the {} on {}: {}", kind.template(), page.typst_name(), all.join("; "))
                })?;
            let pdf = compiled.pdf().map_err(|errs| {
                let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                format!("cannot write the home {} sheets: {}", kind.template(), all.join("; "))
            })?;
            files.push((format!("print-shop/{folder}/{}.pdf", kind.template()), pdf));
        }
    }
    Ok(files)
}

/// The card shops' own trim sizes (DriveThruCards, MakePlayingCards, The Game Crafter) for
/// playaid's named sizes, in mm: their poker card is 2.5 x 3.5 in, where playaid's is 63 x 88 mm.
const SHOP_CARD_SIZES: &[(CardMm, CardMm)] = &[
    ((63.0, 88.0), (63.5, 88.9)),     // poker: 2.5 x 3.5 in
    ((57.0, 89.0), (57.15, 88.9)),    // bridge: 2.25 x 3.5 in
    ((70.0, 120.0), (69.85, 120.65)), // tarot: 2.75 x 4.75 in
];

/// A card's width and height, mm.
type CardMm = (f64, f64);

/// The bleed card shops ask for: 1/8 in, in mm.
pub const SHOP_BLEED_MM: f64 = 3.175;

/// The game laid out again with its cards at the card shop's size and bleed
/// ([`SHOP_CARD_SIZES`], [`SHOP_BLEED_MM`]), for `print-shop/cards.pdf`; none when they are
/// the game's already. The text is fitted anew: a card that fits its own size fits the shop's.
fn shop_cards(game: &Game) -> Result<Option<super::Checked>, String> {
    let Some(checked) = shop_cards_checked(game)? else { return Ok(None) };
    if let Some(e) = checked.diags.iter().find(|d| d.is_error()) {
        let at = e.loc.as_ref().map(|l| crate::check::place(&checked.game.files, l)).unwrap_or_default();
        let size = checked.game.card_options.size.as_ref().map_or((0.0, 0.0), |s| s.v);
        return Err(format!(
            "the cards do not fit the print shop's {} x {} mm: {at} [{}] {}",
            size.0, size.1, e.code.code, e.message
        ));
    }
    Ok(Some(checked))
}

/// The game checked and laid out with its cards at the card shop's size and bleed, findings
/// and all; none when those are the game's already.
fn shop_cards_checked(game: &Game) -> Result<Option<super::Checked>, String> {
    let opts = &game.card_options;
    let now = opts.size.as_ref().map_or(crate::model::DEFAULT_CARD_MM, |s| s.v);
    let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 0.01 && (a.1 - b.1).abs() < 0.01;
    let rotated = |(w, h): (f64, f64)| (h, w);
    let size = (SHOP_CARD_SIZES.iter())
        .find_map(
            |&(ours, shop)| {
                if near(ours, now) { Some(shop) } else { near(rotated(ours), now).then(|| rotated(shop)) }
            },
        )
        .unwrap_or(now);
    if near(size, now) && (opts.bleed - SHOP_BLEED_MM).abs() < 0.001 {
        return Ok(None);
    }
    let mut loaded = crate::load::load(&game.root)?;
    let at = opts.loc.clone().unwrap_or_else(|| game.meta.loc.clone());
    loaded.game.card_options.size = Some(crate::model::Sp::new(size, at));
    loaded.game.card_options.bleed = SHOP_BLEED_MM;
    Ok(Some(super::check_loaded_unmeasured(loaded, None)))
}

/// What the print profiles asked for (`[exports] print_shop`, `--print-shop`) find when they lay the
/// pieces out again: the home printer's sheets on A4 and on US Letter, the card shop's cards
/// at its size. Each error once, saying which profile found it; nothing for a profile that
/// lays out as the game does.
pub(crate) fn profile_findings(
    game: &Game,
    profiles: PrintProfiles,
    page_over: Option<PageSize>,
) -> Result<(Vec<crate::diag::Diagnostic>, ProfileLayouts), String> {
    let mut layouts = ProfileLayouts::default();
    if profiles.home {
        // The paper each sheet prints on now (its own, else the game's, else A4): a page every
        // sheet already uses was checked.
        // (`--page` overrides them all.)
        let own = |sheet: &crate::model::Imposition| {
            page_over.unwrap_or(sheet.page.as_ref().or(game.meta.page.as_ref()).map_or(PageSize::A4, |p| p.v))
        };
        let now = [own(&game.card_options.sheet), own(&game.counter_options.sheet)];
        for (page, name) in [(PageSize::A4, "A4"), (PageSize::UsLetter, "US Letter")] {
            if now.iter().any(|p| *p != page) {
                let checked = super::check_loaded_unmeasured(crate::load::load(&game.root)?, Some(page));
                layouts.home.push((page, format!("the print profile home lays the sheets out on {name}"), checked));
            }
        }
    }
    let has_cards = !game.cards.is_empty() || !game.card_options.kinds.is_empty();
    if profiles.card_shop && has_cards {
        layouts.shop = shop_cards_checked(game)?;
    }
    let shop = layouts.shop.iter().map(|c| ("the print profile card-shop lays the cards out at its size", c));
    let mut out: Vec<crate::diag::Diagnostic> = if profiles.punchboard { press_findings(game) } else { Vec::new() };
    for (why, checked) in layouts.home.iter().map(|(_, why, c)| (why.as_str(), c)).chain(shop) {
        for d in checked.diags.iter().filter(|d| d.is_error()) {
            if !out.iter().any(|o| o.code == d.code && o.loc == d.loc) {
                out.push(d.clone().note(why));
            }
        }
    }
    Ok((out, layouts))
}

/// The game laid out again for the print profiles by [`profile_findings`], kept so that their
/// files are drawn from the same layouts without laying out a third time.
#[derive(Default)]
pub(crate) struct ProfileLayouts {
    /// The home printer's papers the game does not print on already: (paper, what found it,
    /// the game checked and laid out on it).
    pub(crate) home: Vec<(PageSize, String, super::Checked)>,
    /// The cards at the card shop's size; none when that is the game's own.
    pub(crate) shop: Option<super::Checked>,
}

/// Whether the game has anything to export to a tabletop: counters or cards.
pub(crate) fn has_pieces(laid_out: &Layout) -> bool {
    !laid_out.counters.counters.is_empty() || !laid_out.cards.cards.is_empty()
}

/// A chart the build compiled: the data it was compiled from (JSON and texts) and its pages.
pub(crate) type LaidOutChart<'a> = (&'a [u8], &'a str, Arc<PagedDocument>);

/// What the build made before its exports, for them to use rather than make again.
pub(crate) struct Built<'a> {
    /// The print profiles' layouts (`[exports] print_shop`).
    pub profiles: &'a ProfileLayouts,
    /// The charts compiled for their PDFs.
    pub charts: &'a [LaidOutChart<'a>],
}

/// Every export `wanted` asks for, as files relative to `out_dir` (which must exist: TTS
/// URLs name files under it by absolute path).
pub(crate) fn exports(
    renderer: &mut Renderer,
    game: &Game,
    ix: &Index,
    laid_out: &Layout,
    wanted: &Wanted,
    out_dir: &Path,
    built: &Built,
) -> Result<Vec<OutFile>, String> {
    let mut files = Vec::new();
    if !has_pieces(laid_out) && !wanted.vassal {
        return Ok(files);
    }
    let names = PieceNames::new(game, laid_out);
    // The pieces document on one core; the maps drawn whole (the VASSAL module's boards and the
    // Tabletop Simulator's) and the module's chart pages on the other, each thread with its own
    // step for the time limit. Their errors come first, in that order.
    let want_boards = wanted.vassal || (wanted.tts && has_pieces(laid_out));
    let shared: &Renderer = renderer;
    let (pieces, drawn) = std::thread::scope(|scope| {
        let other = scope.spawn(|| -> Result<_, String> {
            crate::limits::step("drawing the boards and charts for the virtual tabletops".to_string());
            let drawn = (|| {
                let boards = if want_boards { boards(shared, game, ix, laid_out)? } else { Vec::new() };
                let charts =
                    if wanted.vassal { chart_pages(shared, game, ix, laid_out, built.charts)? } else { Vec::new() };
                Ok((boards, charts))
            })();
            crate::limits::end_step();
            drawn
        });
        crate::limits::step("drawing the pieces for the virtual tabletops".to_string());
        let pieces = has_pieces(laid_out).then(|| pieces_document(shared, game, ix, laid_out)).transpose();
        // Waiting is not this thread's step: a runaway on the other is blamed on its own.
        crate::limits::end_step();
        (pieces, other.join().expect("the boards' thread does not panic"))
    });
    let (pieces, (boards, charts)) = (pieces?, drawn?);
    if wanted.png
        && let Some(doc) = &pieces
    {
        crate::limits::step("writing PNG per piece".to_string());
        files.extend(png_files(doc, &names, wanted.dpi));
    }
    if wanted.tts
        && let Some(doc) = &pieces
    {
        crate::limits::step("writing the Tabletop Simulator save".to_string());
        let url_base = match &wanted.base_url {
            Some(u) => u.trim_end_matches('/').to_string(),
            // Absolute, whatever `-o` was: TTS resolves the URL from its own folder.
            None => tts::file_url(
                &out_dir
                    .canonicalize()
                    .map_err(|e| format!("cannot find `{}`: {e}", out_dir.display()))?
                    .join("tts")
                    .to_string_lossy(),
            ),
        };
        let render = |f: &FacePage, dpi: f64| doc.render(f, dpi, false);
        let input = tts::TtsInput {
            game,
            layout: laid_out,
            names: &names,
            faces: &doc.faces,
            render: &render,
            dpi: wanted.dpi,
            url_base,
            prefix: out_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            boards: &boards,
        };
        files.extend(tts::tts_files(&input));
    }
    if wanted.print_shop.any() {
        crate::limits::step("writing the print-shop files".to_string());
        files.extend(print_shop_files(renderer, game, ix, laid_out, wanted.print_shop, built.profiles)?);
    }
    if wanted.vassal {
        crate::limits::step("writing the VASSAL module".to_string());
        let no_faces = Vec::new();
        let faces = pieces.as_ref().map(|d| &d.faces).unwrap_or(&no_faces);
        let render = |f: &FacePage, dpi: f64| match &pieces {
            Some(doc) => doc.render(f, dpi, false),
            None => image::RgbImage::new(1, 1),
        };
        let input = vassal::VassalInput {
            game,
            layout: laid_out,
            names: &names,
            faces,
            render: &render,
            charts,
            boards: &boards,
        };
        let module = vassal::zip(&vassal::module_files(&input)?)?;
        files.push((format!("{}.vmod", game.meta.id()), module));
    }
    Ok(files)
}

/// Every `[[map]]` whole, one page of the map's own size each (the map template with
/// `data.pieces` set), drawn at the module's piece resolution (less for huge maps): the boards
/// of the module.
fn boards(renderer: &Renderer, game: &Game, ix: &Index, laid_out: &Layout) -> Result<Vec<vassal::Board>, String> {
    if game.maps.is_empty() && game.area_maps.is_empty() {
        return Ok(Vec::new());
    }
    let opts = ExportOptions { pieces: true, ..Default::default() };
    let exported = export::export(game, ix, laid_out, &DocKind::Map, &opts);
    let compiled =
        renderer.compile(DocKind::Map.template(), &exported.data_json, &exported.texts_typ).map_err(|errs| {
            let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            format!("cannot draw the maps for the VASSAL module: {}", all.join("; "))
        })?;
    let pages = compiled.document.pages();
    let n = game.maps.len() + game.area_maps.len();
    if pages.len() != n {
        return Err(format!("the whole maps are {} pages for {n} maps", pages.len()));
    }
    let grids = (game.maps.iter().zip(&laid_out.maps))
        .map(|(m, geo)| (m.title.v.clone(), vassal::BoardGrid::Cells(geo.clone())));
    let areas = game.area_maps.iter().zip(&laid_out.area_maps).map(|(m, laid)| {
        let areas = laid.areas.iter().map(|a| (a.name.clone(), a.centre)).collect();
        (m.title.v.clone(), vassal::BoardGrid::Areas { size: laid.size, areas })
    });
    Ok(grids
        .chain(areas)
        .zip(pages)
        .map(|((name, grid), page)| {
            let dpi = vassal::board_dpi(grid.size());
            vassal::Board { name, grid, dpi, image: png::render_page(page, dpi, false) }
        })
        .collect())
}

/// Every page of the cheatsheet, the player aid card and the scenario sheets, as images for
/// the module's chart window: (tab name, file stem, image). The pages are the PDFs' own where
/// the build compiled them from the same data (`compiled`), else compiled here.
fn chart_pages(
    renderer: &Renderer,
    game: &Game,
    ix: &Index,
    laid_out: &Layout,
    compiled: &[LaidOutChart],
) -> Result<Vec<(String, String, image::RgbImage)>, String> {
    let mut pages = Vec::new();
    for spec in export::documents(game).into_iter().filter(|s| s.kind.is_chart()) {
        let name = match &spec.kind {
            DocKind::Cheatsheet => game.meta.words.word("chart_rules"),
            DocKind::Aid => game.meta.words.word("chart_aid"),
            DocKind::Scenario(id) => match game.scenarios.iter().find(|s| s.id.v == *id) {
                Some(sc) => sc.title.v.clone(),
                None => id.clone(),
            },
            _ => continue,
        };
        let exported = export::export(game, ix, laid_out, &spec.kind, &ExportOptions::default());
        let same = |(data, texts, _): &&LaidOutChart| *data == &exported.data_json[..] && *texts == exported.texts_typ;
        let document = match compiled.iter().find(same) {
            Some((_, _, document)) => document.clone(),
            None => {
                // Balanced as the PDFs are (the cheatsheet's last page).
                let (template, data, texts) = (spec.kind.template(), &exported.data_json, &exported.texts_typ);
                let compiled = (renderer.compile(template, data, texts))
                    .and_then(|c| crate::render::balance::balance(renderer, template, data, texts, c))
                    .map_err(|errs| {
                        let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                        format!("cannot draw {} for the VASSAL module: {}", spec.file, all.join("; "))
                    })?;
                Arc::new(compiled.document)
            }
        };
        let stem = spec.file.trim_end_matches(".pdf").to_string();
        let count = document.pages().len();
        for n in 0..count {
            let (tab, file) = if count == 1 {
                (name.clone(), stem.clone())
            } else {
                (format!("{name} {}/{}", n + 1, count), format!("{stem}-{}", n + 1))
            };
            pages.push((tab, file, document.clone(), n));
        }
    }
    // Each page drawn on its own: shared between the cores.
    Ok(crate::limits::on_cores(&pages, usize::MAX, |(tab, file, document, n)| {
        (tab.clone(), file.clone(), png::render_page(&document.pages()[*n], vassal::CHART_DPI, false))
    }))
}
