//! `playaid explain CODE`: what a finding means, a wrong and a right example, and the fix, as
//! `rustc --explain` does. The pages are the Markdown files in `docs/explain/`, embedded here, so
//! the docs and the command line are one text; a test runs every page's examples.

use crate::diag::{self, ALL_CODES, Code};

/// Every page: a finding code and the text of `docs/explain/CODE.md`.
pub const PAGES: &[(&str, &str)] = &[
    ("E001", include_str!("../docs/explain/E001.md")),
    ("E002", include_str!("../docs/explain/E002.md")),
    ("E003", include_str!("../docs/explain/E003.md")),
    ("E004", include_str!("../docs/explain/E004.md")),
    ("E005", include_str!("../docs/explain/E005.md")),
    ("E006", include_str!("../docs/explain/E006.md")),
    ("E007", include_str!("../docs/explain/E007.md")),
    ("E008", include_str!("../docs/explain/E008.md")),
    ("E009", include_str!("../docs/explain/E009.md")),
    ("E010", include_str!("../docs/explain/E010.md")),
    ("E011", include_str!("../docs/explain/E011.md")),
    ("E012", include_str!("../docs/explain/E012.md")),
    ("E013", include_str!("../docs/explain/E013.md")),
    ("E014", include_str!("../docs/explain/E014.md")),
    ("E015", include_str!("../docs/explain/E015.md")),
    ("E016", include_str!("../docs/explain/E016.md")),
    ("E017", include_str!("../docs/explain/E017.md")),
    ("E018", include_str!("../docs/explain/E018.md")),
    ("E019", include_str!("../docs/explain/E019.md")),
    ("E020", include_str!("../docs/explain/E020.md")),
    ("E021", include_str!("../docs/explain/E021.md")),
    ("E022", include_str!("../docs/explain/E022.md")),
    ("E023", include_str!("../docs/explain/E023.md")),
    ("E024", include_str!("../docs/explain/E024.md")),
    ("E025", include_str!("../docs/explain/E025.md")),
    ("E026", include_str!("../docs/explain/E026.md")),
    ("E027", include_str!("../docs/explain/E027.md")),
    ("E028", include_str!("../docs/explain/E028.md")),
    ("E029", include_str!("../docs/explain/E029.md")),
    ("E030", include_str!("../docs/explain/E030.md")),
    ("E031", include_str!("../docs/explain/E031.md")),
    ("E032", include_str!("../docs/explain/E032.md")),
    ("E033", include_str!("../docs/explain/E033.md")),
    ("E034", include_str!("../docs/explain/E034.md")),
    ("E035", include_str!("../docs/explain/E035.md")),
    ("E036", include_str!("../docs/explain/E036.md")),
    ("E037", include_str!("../docs/explain/E037.md")),
    ("E038", include_str!("../docs/explain/E038.md")),
    ("E039", include_str!("../docs/explain/E039.md")),
    ("E040", include_str!("../docs/explain/E040.md")),
    ("E041", include_str!("../docs/explain/E041.md")),
    ("E042", include_str!("../docs/explain/E042.md")),
    ("E043", include_str!("../docs/explain/E043.md")),
    ("E060", include_str!("../docs/explain/E060.md")),
    ("E061", include_str!("../docs/explain/E061.md")),
    ("E044", include_str!("../docs/explain/E044.md")),
    ("E045", include_str!("../docs/explain/E045.md")),
    ("E046", include_str!("../docs/explain/E046.md")),
    ("E047", include_str!("../docs/explain/E047.md")),
    ("E065", include_str!("../docs/explain/E065.md")),
    ("E066", include_str!("../docs/explain/E066.md")),
    ("E067", include_str!("../docs/explain/E067.md")),
    ("E068", include_str!("../docs/explain/E068.md")),
    ("E050", include_str!("../docs/explain/E050.md")),
    ("E051", include_str!("../docs/explain/E051.md")),
    ("E052", include_str!("../docs/explain/E052.md")),
    ("E053", include_str!("../docs/explain/E053.md")),
    ("E054", include_str!("../docs/explain/E054.md")),
    ("E055", include_str!("../docs/explain/E055.md")),
    ("E056", include_str!("../docs/explain/E056.md")),
    ("E057", include_str!("../docs/explain/E057.md")),
    ("E058", include_str!("../docs/explain/E058.md")),
    ("E059", include_str!("../docs/explain/E059.md")),
    ("E073", include_str!("../docs/explain/E073.md")),
    ("E074", include_str!("../docs/explain/E074.md")),
    ("E075", include_str!("../docs/explain/E075.md")),
    ("E076", include_str!("../docs/explain/E076.md")),
    ("E077", include_str!("../docs/explain/E077.md")),
    ("E078", include_str!("../docs/explain/E078.md")),
    ("E079", include_str!("../docs/explain/E079.md")),
    ("W001", include_str!("../docs/explain/W001.md")),
    ("W002", include_str!("../docs/explain/W002.md")),
    ("W003", include_str!("../docs/explain/W003.md")),
    ("W004", include_str!("../docs/explain/W004.md")),
    ("W005", include_str!("../docs/explain/W005.md")),
    ("W006", include_str!("../docs/explain/W006.md")),
    ("W007", include_str!("../docs/explain/W007.md")),
    ("W008", include_str!("../docs/explain/W008.md")),
    ("W014", include_str!("../docs/explain/W014.md")),
    ("W009", include_str!("../docs/explain/W009.md")),
    ("W010", include_str!("../docs/explain/W010.md")),
    ("W011", include_str!("../docs/explain/W011.md")),
    ("W012", include_str!("../docs/explain/W012.md")),
    ("W020", include_str!("../docs/explain/W020.md")),
    ("E070", include_str!("../docs/explain/E070.md")),
    ("W022", include_str!("../docs/explain/W022.md")),
    ("E071", include_str!("../docs/explain/E071.md")),
    ("W016", include_str!("../docs/explain/W016.md")),
    ("W015", include_str!("../docs/explain/W015.md")),
    ("W013", include_str!("../docs/explain/W013.md")),
    ("W017", include_str!("../docs/explain/W017.md")),
    ("W018", include_str!("../docs/explain/W018.md")),
    ("W019", include_str!("../docs/explain/W019.md")),
    ("W021", include_str!("../docs/explain/W021.md")),
    ("E080", include_str!("../docs/explain/E080.md")),
    ("E081", include_str!("../docs/explain/E081.md")),
    ("E082", include_str!("../docs/explain/E082.md")),
    ("W024", include_str!("../docs/explain/W024.md")),
    ("W025", include_str!("../docs/explain/W025.md")),
    ("W026", include_str!("../docs/explain/W026.md")),
    ("W027", include_str!("../docs/explain/W027.md")),
    ("W028", include_str!("../docs/explain/W028.md")),
    ("W029", include_str!("../docs/explain/W029.md")),
    ("W030", include_str!("../docs/explain/W030.md")),
    ("W031", include_str!("../docs/explain/W031.md")),
    ("W032", include_str!("../docs/explain/W032.md")),
    ("W033", include_str!("../docs/explain/W033.md")),
    ("W034", include_str!("../docs/explain/W034.md")),
    ("W035", include_str!("../docs/explain/W035.md")),
];

/// The pages of retired codes ([`diag::RETIRED`]): what the code meant and which code reports it
/// now. An old log can still be looked up.
pub const RETIRED_PAGES: &[(&str, &str)] = &[("E072", include_str!("../docs/explain/E072.md"))];

/// The page of a finding, looked up by its code (`E006`, `e006`, `6` for E006) or its name
/// (`unknown-reference`).
pub fn page(query: &str) -> Option<(&'static str, &'static str)> {
    let code = match find(query) {
        Some(code) => code.code,
        None => retired(query)?.code,
    };
    PAGES.iter().chain(RETIRED_PAGES).find(|(c, _)| *c == code).copied()
}

/// A retired code, by its code or name.
fn retired(query: &str) -> Option<&'static diag::Retired> {
    let q = query.trim();
    diag::RETIRED.iter().find(|r| r.code.eq_ignore_ascii_case(q) || r.name.eq_ignore_ascii_case(q))
}

fn find(query: &str) -> Option<Code> {
    let q = query.trim();
    // A bare number is the error of that number: `6` is E006.
    let number = q.parse::<u32>().ok();
    ALL_CODES.iter().copied().find(|c| {
        c.code.eq_ignore_ascii_case(q)
            || c.name.eq_ignore_ascii_case(q)
            || (number.is_some() && c.code.starts_with('E') && c.code[1..].parse::<u32>().ok() == number)
    })
}

/// The closest code or name to `query`, for a did-you-mean.
pub fn suggest(query: &str) -> Option<&'static str> {
    let candidates = ALL_CODES.iter().flat_map(|c| [c.code, c.name]);
    let close = diag::did_you_mean(query, candidates)?;
    ALL_CODES.iter().find(|c| c.code == close || c.name == close).map(|c| c.code)
}

/// One line per code: `E006  unknown-reference  a reference to something that does not exist`.
pub fn index() -> String {
    let mut out = String::new();
    for code in ALL_CODES {
        let summary = page(code.code).map(|(_, text)| headline(text)).unwrap_or_default();
        out.push_str(&format!("{}  {:<30} {summary}\n", code.code, code.name));
    }
    out.push_str("\nretired (no longer reported; `playaid explain` still has their pages):\n");
    for r in diag::RETIRED {
        out.push_str(&format!("{}  {:<30} now {} {}\n", r.code, r.name, r.by.code, r.by.name));
    }
    out
}

/// What a page's title says after its code and name: `# E006 unknown-reference: <this>`.
fn headline(text: &str) -> &str {
    let first = text.lines().next().unwrap_or_default();
    first.split_once(": ").map(|(_, h)| h.trim()).unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_page_and_every_page_a_code() {
        let pages: Vec<&str> = PAGES.iter().map(|(c, _)| *c).collect();
        let codes: Vec<&str> = ALL_CODES.iter().map(|c| c.code).collect();
        assert_eq!(pages, codes);
        for r in diag::RETIRED {
            let (_, text) = RETIRED_PAGES.iter().find(|(c, _)| *c == r.code).expect("a retired code keeps its page");
            assert!(text.starts_with(&format!("# {} {}: ", r.code, r.name)), "docs/explain/{}.md title", r.code);
            assert!(text.contains(&format!("`{}`", r.by.code)), "{}'s page names {}", r.code, r.by.code);
            assert!(!ALL_CODES.iter().any(|c| c.code == r.code), "{} is retired and emitted", r.code);
        }
        for (code, text) in PAGES {
            let name = ALL_CODES.iter().find(|c| c.code == *code).unwrap().name;
            assert!(text.starts_with(&format!("# {code} {name}: ")), "docs/explain/{code}.md title");
        }
    }

    #[test]
    fn codes_are_found_by_code_number_and_name() {
        assert_eq!(page("E006").map(|(c, _)| c), Some("E006"));
        assert_eq!(page("e006").map(|(c, _)| c), Some("E006"));
        assert_eq!(page("6").map(|(c, _)| c), Some("E006"));
        assert_eq!(page("unknown-reference").map(|(c, _)| c), Some("E006"));
        // A retired code keeps its page; its name is the live code's.
        assert_eq!(page("E072").map(|(c, _)| c), Some("E072"));
        assert_eq!(page("W020").map(|(c, _)| c), Some("W020"));
        assert_eq!(page("same-grey").map(|(c, _)| c), Some("W020"));
        assert!(page("E999").is_none());
        assert_eq!(suggest("E0006"), Some("E006"));
        assert_eq!(suggest("unknown-refrence"), Some("E006"));
    }
}
