//! Press sheets for punchboard printers (issue #43): `--print-shop=punchboard` imposes every copy
//! of every counter on sheets, fronts then their backs mirrored, with crop marks outside the
//! bleed on a page larger than the BleedBox, and the die line in a file of its own. Read back
//! with poppler (boxes, words and where they print) and lopdf (the die line's cuts).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::*;

fn build(game: &str, out: &Path) -> PathBuf {
    let dir = repo().join("data").join(game);
    let o = playaid(&["build", dir.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q", "--print-shop=punchboard"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_dir(out).unwrap().next().unwrap().unwrap().path().join("print-shop")
}

/// Each page's (MediaBox, TrimBox, BleedBox), pt.
fn boxes(pdf: &Path) -> Vec<[[f64; 4]; 3]> {
    let o = std::process::Command::new("pdfinfo").args(["-box", "-f", "1", "-l", "1000"]).arg(pdf).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut pages: BTreeMap<usize, [[f64; 4]; 3]> = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("Page ")) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let slot = match w[2] {
            "MediaBox:" => 0,
            "TrimBox:" => 1,
            "BleedBox:" => 2,
            _ => continue,
        };
        let v: Vec<f64> = w[3..7].iter().map(|x| x.parse().unwrap()).collect();
        pages.entry(w[1].parse().unwrap()).or_default()[slot] = [v[0], v[1], v[2], v[3]];
    }
    pages.into_values().collect()
}

/// The die line's cuts on each page: the rectangles its content strokes, (x, y, w, h) in pt
/// from the bottom left.
fn cuts(pdf: &Path) -> Vec<Vec<[f64; 4]>> {
    let doc = lopdf::Document::load(pdf).unwrap();
    doc.get_pages()
        .into_values()
        .map(|id| {
            let content = String::from_utf8(doc.get_page_content(id).unwrap()).unwrap();
            content
                .lines()
                .filter(|l| l.ends_with(" re S"))
                .map(|l| {
                    let v: Vec<f64> = l.split_whitespace().take(4).map(|x| x.parse().unwrap()).collect();
                    [v[0], v[1], v[2], v[3]]
                })
                .collect()
        })
        .collect()
}

#[test]
fn counters_imposed_on_sheets_with_crop_marks_and_a_die_line() {
    let out = tempfile::tempdir().unwrap();
    let shop = build("hollow-ridge", out.path());
    let (sheet, die, single) =
        (shop.join("counters-sheet.pdf"), shop.join("counters-dieline.pdf"), shop.join("counters.pdf"));
    // Every face of the one-a-page file is on the sheets: the same words, as many times.
    let count = |pdf: &Path| -> BTreeMap<String, usize> {
        let mut m = BTreeMap::new();
        for w in pdf_text(pdf).split_whitespace() {
            *m.entry(w.to_string()).or_insert(0) += 1;
        }
        m
    };
    assert_eq!(count(&sheet), count(&single));
    // Pages: a sheet of fronts and one of backs for each sheet of cuts; the page larger than
    // the bleed box by the room for crop marks (10 mm or more), the bleed box 1/8in around the
    // trim box.
    let (pages, dies) = (boxes(&sheet), cuts(&die));
    assert_eq!(pages.len(), 2 * dies.len(), "fronts and backs");
    let mm = |pt: f64| pt * 25.4 / 72.0;
    for [media, trim, bleed] in &pages {
        for k in 0..2 {
            assert!(mm(bleed[k] - media[k]) >= 10.0 && mm(media[k + 2] - bleed[k + 2]) >= 10.0, "{media:?} {bleed:?}");
            assert!((mm(trim[k] - bleed[k]) - 3.175).abs() < 0.01, "{trim:?} {bleed:?}");
        }
    }
    // The die line: a cut for every copy of every counter, each its counter's trim size.
    let copies: usize = {
        let c = playaid::build::load_and_check(&repo().join("data/hollow-ridge"), None).unwrap();
        let (_, layout) = c.stages.as_ref().unwrap();
        layout.counters.counters.iter().map(|rc| rc.quantity as usize).sum()
    };
    assert_eq!(dies.iter().map(Vec::len).sum::<usize>(), copies);
    for cut in dies.iter().flatten() {
        let (w, h) = (mm(cut[2]), mm(cut[3]));
        assert!(
            [(15.875, 15.875), (12.7, 12.7)].iter().any(|(a, b)| (w - a).abs() < 0.01 && (h - b).abs() < 0.01),
            "{w} x {h}"
        );
    }
    // Every word of a sheet of fronts prints inside one of its cuts; on the sheet of backs
    // behind it, inside a cut mirrored left to right (the backs lie behind their fronts).
    for (s, page_cuts) in dies.iter().enumerate() {
        let [media, ..] = pages[2 * s];
        let (pw, ph) = (media[2], media[3]);
        for (page, mirrored) in [(2 * s + 1, false), (2 * s + 2, true)] {
            for w in words(&sheet, page) {
                let (x, y) = ((w.x0 + w.x1) / 2.0, ph - (w.y0 + w.y1) / 2.0);
                let inside = page_cuts.iter().any(|c| {
                    let x0 = if mirrored { pw - c[0] - c[2] } else { c[0] };
                    (x0..=x0 + c[2]).contains(&x) && (c[1]..=c[1] + c[3]).contains(&y)
                });
                assert!(inside, "page {page}: `{}` at ({x:.1}, {y:.1}) is on no counter", w.text);
            }
        }
    }
    // The same bytes from the same data.
    let again = tempfile::tempdir().unwrap();
    let shop2 = build("hollow-ridge", again.path());
    assert_eq!(std::fs::read(&sheet).unwrap(), std::fs::read(shop2.join("counters-sheet.pdf")).unwrap());
    assert_eq!(std::fs::read(&die).unwrap(), std::fs::read(shop2.join("counters-dieline.pdf")).unwrap());
}
