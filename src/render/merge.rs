//! Joining PDFs: the parts of a very large counter sheet, compiled one by one so that memory
//! stays bounded, become one PDF with their pages in order. Deterministic: the same parts give
//! the same bytes.

use std::collections::BTreeMap;

use lopdf::{Document, Object, ObjectId};

/// One PDF with the pages of `parts`, in order. The first part's catalog (language, metadata)
/// is kept.
pub(crate) fn merge(parts: &[Vec<u8>]) -> Result<Vec<u8>, String> {
    if parts.len() == 1 {
        return Ok(parts[0].clone());
    }
    let mut max_id = 1;
    let mut pages: Vec<(ObjectId, Object)> = Vec::new();
    let mut objects: BTreeMap<ObjectId, Object> = BTreeMap::new();
    let mut catalog: Option<(ObjectId, Object)> = None;
    let mut pages_root: Option<ObjectId> = None;
    for (k, bytes) in parts.iter().enumerate() {
        let mut doc = Document::load_mem(bytes).map_err(|e| format!("part {} of the PDF: {e}", k + 1))?;
        doc.renumber_objects_with(max_id);
        max_id = doc.max_id + 1;
        for (_, id) in doc.get_pages() {
            let page = doc.get_object(id).map_err(|e| e.to_string())?.clone();
            pages.push((id, page));
        }
        let root = doc.trailer.get(b"Root").and_then(|r| r.as_reference()).map_err(|e| e.to_string())?;
        for (id, object) in doc.objects {
            match object.type_name().unwrap_or(b"") {
                b"Catalog" => {
                    if catalog.is_none() && id == root {
                        catalog = Some((id, object));
                    }
                }
                b"Pages" => {
                    if pages_root.is_none() {
                        pages_root = Some(id);
                    }
                }
                b"Page" => {}
                _ => {
                    objects.insert(id, object);
                }
            }
        }
    }
    let (catalog_id, catalog) = catalog.ok_or("no catalog in the first part")?;
    let pages_id = pages_root.ok_or("no page tree in the first part")?;
    let mut out = Document::with_version("1.7");
    out.objects = objects;
    let kids: Vec<Object> = pages.iter().map(|(id, _)| Object::Reference(*id)).collect();
    for (id, page) in pages {
        let mut dict = page.as_dict().map_err(|e| e.to_string())?.clone();
        dict.set("Parent", pages_id);
        out.objects.insert(id, Object::Dictionary(dict));
    }
    let mut tree = lopdf::Dictionary::new();
    tree.set("Type", "Pages");
    tree.set("Count", kids.len() as i64);
    tree.set("Kids", kids);
    out.objects.insert(pages_id, Object::Dictionary(tree));
    let mut cat = catalog.as_dict().map_err(|e| e.to_string())?.clone();
    cat.set("Pages", pages_id);
    // Parts are untagged; drop what would point into one part's structure only.
    cat.remove(b"StructTreeRoot");
    cat.remove(b"Outlines");
    out.objects.insert(catalog_id, Object::Dictionary(cat));
    out.trailer.set("Root", catalog_id);
    out.max_id = out.objects.keys().map(|(n, _)| *n).max().unwrap_or(1);
    out.renumber_objects();
    out.compress();
    let mut bytes = Vec::new();
    out.save_to(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}
