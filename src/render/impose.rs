//! Press sheets drawn: the pieces of the print shop's pieces document (one face a page, its
//! bleed around it, each copy's front then its back) placed on sheets as
//! `layout::press::PressSheet` lays them, fronts on one sheet and the backs mirrored on the next,
//! with crop marks outside the bleed; and the die line, the pieces' cut lines alone on pages of
//! the same size, in its own file. Each face is the page Typst drew, kept as a form (vector,
//! text and fonts as they were), not redrawn. Deterministic: the same PDF gives the same bytes.

use std::collections::BTreeMap;

use lopdf::{Dictionary, Document, Object, ObjectId, Stream};

use crate::layout::press::PressSheet;
use crate::length::Mm;

/// A piece's faces as pages of the pieces document, by page number (1-based): its front and,
/// when it has one, its back.
#[derive(Debug, Clone, Copy)]
pub struct Faces {
    /// The front's page.
    pub front: u32,
    /// The back's page.
    pub back: Option<u32>,
}

/// The press sheets and the die line: `pieces_pdf`'s `faces` laid `sheet` by sheet (each
/// piece of one trim size); the die line's pages match the sheets' (a page for each sheet of
/// fronts; backs are cut with their fronts).
pub fn impose(pieces_pdf: &[u8], faces: &[Faces], sheet: &PressSheet) -> Result<(Vec<u8>, Vec<u8>), String> {
    let mut doc = Document::load_mem(pieces_pdf).map_err(|e| e.to_string())?;
    let pages: BTreeMap<u32, ObjectId> = doc.get_pages();
    let mut forms: BTreeMap<u32, ObjectId> = BTreeMap::new();
    for f in faces {
        for n in std::iter::once(f.front).chain(f.back) {
            if forms.contains_key(&n) {
                continue;
            }
            let id = *pages.get(&n).ok_or_else(|| format!("the pieces document has no page {n}"))?;
            forms.insert(n, page_form(&mut doc, id)?);
        }
    }
    let root = doc.trailer.get(b"Root").and_then(Object::as_reference).map_err(|e| e.to_string())?;
    let tree = doc
        .get_dictionary(root)
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .map_err(|e| e.to_string())?;
    let mut kids = Vec::new();
    let mut die_pages = Vec::new();
    for chunk in faces.chunks(sheet.per_sheet().max(1)) {
        let fronts: Vec<(usize, u32)> = chunk.iter().enumerate().map(|(k, f)| (k, f.front)).collect();
        kids.push(sheet_page(&mut doc, tree, sheet, &fronts, &forms, false));
        let backs: Vec<(usize, u32)> = chunk.iter().enumerate().filter_map(|(k, f)| Some((k, f.back?))).collect();
        if !backs.is_empty() {
            kids.push(sheet_page(&mut doc, tree, sheet, &backs, &forms, true));
        }
        die_pages.push(chunk.len());
    }
    // The faces' tags point into pages no longer in the document: without the structure tree,
    // the old pages are unreferenced and go.
    if let Ok(catalog) = doc.get_dictionary_mut(root) {
        catalog.remove(b"StructTreeRoot");
        catalog.remove(b"MarkInfo");
    }
    let count = kids.len() as i64;
    let tree_dict = doc.get_dictionary_mut(tree).map_err(|e| e.to_string())?;
    tree_dict.set("Kids", kids.into_iter().map(Object::Reference).collect::<Vec<_>>());
    tree_dict.set("Count", count);
    doc.prune_objects();
    let mut sheets = Vec::new();
    doc.save_to(&mut sheets).map_err(|e| e.to_string())?;
    Ok((sheets, die_line(sheet, &die_pages)?))
}

/// Page `id` as a form XObject: its content and resources, its MediaBox as the box.
fn page_form(doc: &mut Document, id: ObjectId) -> Result<ObjectId, String> {
    let content = doc.get_page_content(id).map_err(|e| e.to_string())?;
    let page = doc.get_dictionary(id).map_err(|e| e.to_string())?;
    let media = page.get(b"MediaBox").map_err(|e| e.to_string())?.clone();
    let resources = page.get(b"Resources").cloned().unwrap_or_else(|_| Object::Dictionary(Dictionary::new()));
    let mut dict = Dictionary::new();
    dict.set("Type", "XObject");
    dict.set("Subtype", "Form");
    dict.set("BBox", media);
    dict.set("Resources", resources);
    let mut stream = Stream::new(dict, content);
    let _ = stream.compress();
    Ok(doc.add_object(stream))
}

/// mm to PDF points.
fn pt(mm: f64) -> f64 {
    Mm(mm).pt().0
}

/// A rectangle in mm from the sheet's top-left as PDF numbers (points from the bottom-left).
fn pdf_box(sheet: &PressSheet, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> Vec<Object> {
    let h = sheet.page.1;
    [pt(x0), pt(h - y1), pt(x1), pt(h - y0)].into_iter().map(|v| Object::Real(v as f32)).collect()
}

/// One sheet: each of `placed` (its place on the sheet and its face's page) drawn at its slot,
/// bleed and all; the crop marks; the sheet's boxes.
fn sheet_page(
    doc: &mut Document,
    tree: ObjectId,
    sheet: &PressSheet,
    placed: &[(usize, u32)],
    forms: &BTreeMap<u32, ObjectId>,
    back: bool,
) -> ObjectId {
    let h = sheet.page.1;
    let mut ops = String::new();
    let mut xobjects = Dictionary::new();
    for (k, page) in placed {
        let (x, y) = sheet.slot(*k, back);
        // The form's origin is its bleed's corner, bottom-left.
        let (fx, fy) = (pt(x - sheet.bleed), pt(h - (y + sheet.piece.1 + sheet.bleed)));
        let name = format!("P{page}");
        ops.push_str(&format!("q 1 0 0 1 {fx:.3} {fy:.3} cm /{name} Do Q\n"));
        if let Some(id) = forms.get(page) {
            xobjects.set(name.as_bytes().to_vec(), Object::Reference(*id));
        }
    }
    ops.push_str(&marks(sheet));
    let mut resources = Dictionary::new();
    resources.set("XObject", Object::Dictionary(xobjects));
    page_object(doc, tree, sheet, ops, resources)
}

/// The crop marks, hairlines in every ink (they print on every plate).
fn marks(sheet: &PressSheet) -> String {
    let h = sheet.page.1;
    let mut ops = String::from("q 0.25 w 1 1 1 1 K\n");
    for (x0, y0, x1, y1) in sheet.crop_marks() {
        ops.push_str(&format!("{:.3} {:.3} m {:.3} {:.3} l S\n", pt(x0), pt(h - y0), pt(x1), pt(h - y1)));
    }
    ops.push_str("Q\n");
    ops
}

/// A page of the sheet's size with `ops` drawn, its TrimBox and BleedBox the sheet's.
fn page_object(doc: &mut Document, tree: ObjectId, sheet: &PressSheet, ops: String, resources: Dictionary) -> ObjectId {
    let mut content = Stream::new(Dictionary::new(), ops.into_bytes());
    let _ = content.compress();
    let content_id = doc.add_object(content);
    let mut page = Dictionary::new();
    page.set("Type", "Page");
    page.set("Parent", tree);
    page.set("MediaBox", pdf_box(sheet, (0.0, 0.0, sheet.page.0, sheet.page.1)));
    page.set("TrimBox", pdf_box(sheet, sheet.trim_box()));
    page.set("BleedBox", pdf_box(sheet, sheet.bleed_box()));
    page.set("Resources", resources);
    page.set("Contents", content_id);
    doc.add_object(page)
}

/// The die line: for each sheet of fronts, a page with every piece's trim outlined in magenta
/// (cutters read it as the cut; it is never printed), and the crop marks to register it.
fn die_line(sheet: &PressSheet, sheets: &[usize]) -> Result<Vec<u8>, String> {
    let mut doc = Document::with_version("1.7");
    let tree = doc.new_object_id();
    let h = sheet.page.1;
    let mut kids = Vec::new();
    for &n in sheets {
        let mut ops = String::from("q 0.5 w 0 1 0 0 K\n");
        for k in 0..n {
            let (x, y) = sheet.slot(k, false);
            let (w, d) = sheet.piece;
            ops.push_str(&format!("{:.3} {:.3} {:.3} {:.3} re S\n", pt(x), pt(h - y - d), pt(w), pt(d)));
        }
        ops.push_str("Q\n");
        ops.push_str(&marks(sheet));
        kids.push(page_object(&mut doc, tree, sheet, ops, Dictionary::new()));
    }
    let mut pages = Dictionary::new();
    pages.set("Type", "Pages");
    pages.set("Count", kids.len() as i64);
    pages.set("Kids", kids.into_iter().map(Object::Reference).collect::<Vec<_>>());
    doc.objects.insert(tree, Object::Dictionary(pages));
    let mut catalog = Dictionary::new();
    catalog.set("Type", "Catalog");
    catalog.set("Pages", tree);
    let catalog_id = doc.add_object(catalog);
    doc.trailer.set("Root", catalog_id);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}
