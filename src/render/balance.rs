//! Balanced columns on the last page of a multi-column document (the cheatsheet).
//!
//! Typst fills columns one after the other, so the last page of a two-column cheatsheet has a
//! full left column and a short right one (or none). A template that wants balancing reports
//! its column geometry and where its text ends (`<pa-columns>` metadata at the end of the
//! text) and where each section starts (`<pa-sec>` metadata holding the section's id). If the
//! last page is unbalanced, the document is compiled again with `options.balance = { section,
//! reserve }` in its data: the template then holds `reserve` pt free at the foot of the page
//! that section starts on (a page-wide float), so the text of that page spreads evenly over its
//! columns. A try that would add a page is discarded; the first that keeps the page count wins.

use super::{Compiled, RenderDiag, Renderer};
use crate::export::Balance;

/// The column geometry a template reports, in pt from the page's top left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Columns {
    count: usize,
    left: f64,
    width: f64,
    gutter: f64,
    /// Where the columns start on pages after the first, and on the first (below the title).
    top: f64,
    first_top: f64,
    bottom: f64,
}

impl Columns {
    fn from_json(v: &serde_json::Value) -> Option<Columns> {
        let num = |k: &str| v.get(k)?.as_f64().filter(|x| x.is_finite());
        let columns = Columns {
            count: v.get("columns")?.as_u64()? as usize,
            left: num("left")?,
            width: num("width")?,
            gutter: num("gutter")?,
            top: num("top")?,
            first_top: num("first_top")?,
            bottom: num("bottom")?,
        };
        (columns.count > 1 && columns.width > 0.0).then_some(columns)
    }

    /// The column (from 0) that x falls in.
    fn column_at(&self, x: f64) -> usize {
        let k = ((x - self.left + self.gutter / 2.0) / (self.width + self.gutter)).floor();
        (k.max(0.0) as usize).min(self.count - 1)
    }
}

/// How far down a column the text of the last page should reach when balanced, in pt from the
/// column's top, and the candidates to try when the first does not keep the page count.
fn targets(columns: &Columns, page: usize, end_x: f64, end_y: f64) -> Vec<f64> {
    let top = if page == 1 { columns.first_top } else { columns.top };
    let height = columns.bottom - top;
    if height <= 0.0 {
        return Vec::new();
    }
    let last = columns.column_at(end_x);
    let used = last as f64 * height + (end_y - top).clamp(0.0, height);
    let even = used / columns.count as f64;
    // Balanced enough already: the last column is within two lines (about 20 pt) of the others.
    if height - even < 20.0 || (last == columns.count - 1 && height - (end_y - top) < 20.0) {
        return Vec::new();
    }
    // The longest column now; a try must shorten it by 4 % of a column (about three lines) at
    // least, or it only moves a block that cannot break (a big table) to the next column.
    let longest = if last > 0 { height } else { end_y - top };
    [0.0, 0.03, 0.06, 0.1, 0.16, 0.25]
        .iter()
        .map(|slack| even + slack * height)
        .filter(|t| *t < longest - 0.04 * height)
        .map(|t| height - t)
        .collect()
}

/// `first` with the columns of its last page balanced, when the template reports columns and
/// the last page needs it; else `first` itself. Compiles at most six more times.
pub fn balance(
    renderer: &Renderer,
    template: &str,
    data_json: &[u8],
    texts_typ: &str,
    first: Compiled,
) -> Result<Compiled, Vec<RenderDiag>> {
    let Some((geometry, page, x, y)) = first.query_metadata("pa-columns").into_iter().next() else {
        return Ok(first);
    };
    let Some(columns) = Columns::from_json(&geometry) else { return Ok(first) };
    let pages = first.page_count();
    if page != pages {
        return Ok(first);
    }
    // The space is held at the first section that starts on the last page.
    let section = first.query_metadata("pa-sec").into_iter().find(|(_, p, _, _)| *p == page).map(|(id, ..)| id);
    let Some(section) = section.as_ref().and_then(|id| id.as_str()) else { return Ok(first) };
    let Ok(mut data) = serde_json::from_slice::<serde_json::Value>(data_json) else { return Ok(first) };
    for reserve in targets(&columns, page, x, y) {
        let Some(root) = data.as_object_mut() else { return Ok(first) };
        let Some(options) = root.get_mut("options").and_then(|o| o.as_object_mut()) else { return Ok(first) };
        // Whole hundredths of a point: the same data gives the same bytes.
        let balance = Balance { section: section.to_string(), reserve: (reserve * 100.0).round() / 100.0 };
        options.insert("balance".into(), serde_json::to_value(balance).expect("a balance serialises"));
        let bytes = serde_json::to_vec(&data).expect("JSON values serialise");
        let again = renderer.compile(template, &bytes, texts_typ)?;
        let end = again.query_metadata("pa-columns").into_iter().next();
        if again.page_count() == pages && end.is_some_and(|(_, p, _, _)| p == pages) {
            return Ok(again);
        }
    }
    Ok(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: Columns =
        Columns { count: 2, left: 28.0, width: 250.0, gutter: 17.0, top: 28.0, first_top: 100.0, bottom: 800.0 };

    #[test]
    fn columns_are_found_by_x() {
        assert_eq!(TWO.column_at(30.0), 0);
        assert_eq!(TWO.column_at(280.0), 0);
        assert_eq!(TWO.column_at(300.0), 1);
        assert_eq!(TWO.column_at(5000.0), 1);
        assert_eq!(TWO.column_at(-50.0), 0);
    }

    #[test]
    fn a_half_empty_last_page_is_balanced_evenly_first() {
        // Page 2: the left column is full (772 pt), the right holds 100 pt: 436 pt each.
        let t = targets(&TWO, 2, 300.0, 128.0);
        assert!((t[0] - (772.0 - 436.0)).abs() < 1e-9, "{t:?}");
        // Each next try holds less space free.
        assert!(t.windows(2).all(|w| w[1] < w[0]), "{t:?}");
        // A text that ends high in the left column: half of it in each column.
        let t = targets(&TWO, 1, 30.0, 500.0);
        assert!((t[0] - (700.0 - 200.0)).abs() < 1e-9, "{t:?}");
    }

    #[test]
    fn a_balanced_or_full_page_is_left_alone() {
        // The right column ends 10 pt above the bottom.
        assert!(targets(&TWO, 2, 300.0, 790.0).is_empty());
        // A short text on the first page is still spread over both columns.
        assert!(!targets(&TWO, 1, 30.0, 160.0).is_empty());
        // The right column ends 40 pt short of the full left one: an even split would save
        // 20 pt, under 4 % of the column.
        assert!(targets(&TWO, 2, 300.0, 28.0 + 732.0).is_empty());
        // A page with no room for columns.
        let flat = Columns { bottom: 20.0, ..TWO };
        assert!(targets(&flat, 2, 300.0, 10.0).is_empty());
    }
}
