//! Page boxes for print shops. Typst writes a page with `bleed` as a MediaBox of trim plus
//! bleed and a TrimBox of the finished size; print shops also look for the BleedBox (trim plus
//! bleed), which PDF otherwise leaves to default to the CropBox. This writes it on every page
//! that has a TrimBox. Deterministic: the same PDF gives the same bytes.

use lopdf::{Document, Object};

/// `pdf` with a BleedBox (the MediaBox) on each page that has a TrimBox and no BleedBox.
pub fn with_bleed_boxes(pdf: &[u8]) -> Result<Vec<u8>, String> {
    let mut doc = Document::load_mem(pdf).map_err(|e| e.to_string())?;
    let pages: Vec<_> = doc.get_pages().into_values().collect();
    let mut changed = false;
    for id in pages {
        let media = doc.get_dictionary(id).ok().and_then(|d| d.get(b"MediaBox").ok().cloned());
        let Ok(page) = doc.get_dictionary_mut(id) else { continue };
        if page.has(b"TrimBox")
            && !page.has(b"BleedBox")
            && let Some(Object::Array(media)) = media
        {
            page.set("BleedBox", Object::Array(media));
            changed = true;
        }
    }
    if !changed {
        return Ok(pdf.to_vec());
    }
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-page PDF with the given page dictionary entries.
    fn pdf(page_entries: &str) -> Vec<u8> {
        let mut doc = Document::with_version("1.7");
        let pages_id = doc.new_object_id();
        let page: lopdf::Dictionary = {
            let mut d = lopdf::Dictionary::new();
            d.set("Type", "Page");
            d.set("Parent", pages_id);
            d.set("MediaBox", vec![0.into(), 0.into(), 195.59.into(), 266.46.into()]);
            if page_entries.contains("trim") {
                d.set("TrimBox", vec![8.5.into(), 8.5.into(), 187.09.into(), 257.96.into()]);
            }
            d
        };
        let page_id = doc.add_object(page);
        let mut tree = lopdf::Dictionary::new();
        tree.set("Type", "Pages");
        tree.set("Kids", vec![page_id.into()]);
        tree.set("Count", 1);
        doc.objects.insert(pages_id, Object::Dictionary(tree));
        let mut catalog = lopdf::Dictionary::new();
        catalog.set("Type", "Catalog");
        catalog.set("Pages", pages_id);
        let catalog_id = doc.add_object(catalog);
        doc.trailer.set("Root", catalog_id);
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).unwrap();
        bytes
    }

    fn boxes(bytes: &[u8]) -> Vec<(String, Vec<f32>)> {
        let doc = Document::load_mem(bytes).unwrap();
        let (_, id) = doc.get_pages().into_iter().next().unwrap();
        let page = doc.get_dictionary(id).unwrap();
        let mut out = Vec::new();
        for name in ["MediaBox", "TrimBox", "BleedBox"] {
            if let Ok(Object::Array(a)) = page.get(name.as_bytes()) {
                out.push((name.to_string(), a.iter().map(|x| x.as_float().unwrap()).collect()));
            }
        }
        out
    }

    #[test]
    fn a_page_with_a_trim_box_gets_a_bleed_box_of_its_media_box() {
        let out = with_bleed_boxes(&pdf("trim")).unwrap();
        let b = boxes(&out);
        assert_eq!(b.len(), 3, "{b:?}");
        assert_eq!(b[2].0, "BleedBox");
        assert_eq!(b[2].1, b[0].1, "the bleed box is the media box");
        assert_eq!(with_bleed_boxes(&pdf("trim")).unwrap(), out, "deterministic");
    }

    #[test]
    fn a_page_without_a_trim_box_is_left_alone() {
        let input = pdf("");
        assert_eq!(with_bleed_boxes(&input).unwrap(), input);
    }
}
