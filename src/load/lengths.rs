//! Reading lengths: every length in the format is a string with its unit (`"0.5mm"`, `"3/4in"`,
//! `"8.5pt"`). A bare number still reads as before (mm, or pt for font sizes), with a warning
//! (W007) that suggests the string.

use toml::Spanned;
use toml::de::DeValue;

use super::reader::{Obj, parse_int};
use crate::diag::{self, Diagnostic};
use crate::length::{MM_PER_INCH, Mm, PT_PER_INCH};
use crate::model::Sp;
use crate::source::Loc;

/// Units and how many mm each is.
const UNITS: &[(&str, f64)] = &[
    ("mm", 1.0),
    ("cm", 10.0),
    ("inches", MM_PER_INCH),
    ("inch", MM_PER_INCH),
    ("in", MM_PER_INCH),
    ("\"", MM_PER_INCH),
    ("pt", MM_PER_INCH / PT_PER_INCH),
];

/// Parse a length: `"3/4in"`, `"0.75 in"`, `"5/8\""`, `"19.05mm"`, `"1.9cm"`, `"12pt"`, also
/// `"-1mm"` and `"0mm"`. Returns mm.
pub(super) fn parse_signed_length(s: &str) -> Option<f64> {
    let s = s.trim();
    let (num, factor) = UNITS.iter().find_map(|(u, f)| s.strip_suffix(u).map(|n| (n.trim(), *f)))?;
    let (sign, num) = match num.strip_prefix('-') {
        Some(rest) => (-1.0, rest.trim()),
        None => (1.0, num),
    };
    let value = match num.split_once('/') {
        Some((a, b)) => {
            // "1 1/4" is also allowed.
            let (whole, a) = match a.trim().rsplit_once(' ') {
                Some((w, a)) => (w.trim().parse::<f64>().ok()?, a),
                None => (0.0, a),
            };
            let b: f64 = b.trim().parse().ok()?;
            if b == 0.0 {
                return None;
            }
            whole + a.trim().parse::<f64>().ok()? / b
        }
        None => num.parse::<f64>().ok()?,
    };
    (value.is_finite() && value >= 0.0).then_some(sign * value * factor)
}

/// A length greater than zero (a piece's size), in mm.
pub(super) fn parse_length(s: &str) -> Option<f64> {
    parse_signed_length(s).filter(|mm| *mm > 0.0)
}

/// A font size in pt: `"8.5pt"` (also any other length unit).
pub(super) fn parse_font_size(s: &str) -> Option<f64> {
    match s.trim().strip_suffix("pt") {
        Some(n) => n.trim().parse::<f64>().ok(),
        None => parse_length(s).map(|mm| Mm(mm).pt().0),
    }
    .filter(|pt| pt.is_finite() && *pt > 0.0)
}

/// A TOML number with its text as written (`0.5`, `2`).
fn number(v: &DeValue) -> Option<(f64, String)> {
    match v {
        DeValue::Integer(i) => parse_int(i.as_str(), i.radix()).map(|n| (n as f64, i.as_str().to_string())),
        DeValue::Float(f) => f.as_str().parse().ok().map(|n| (n, f.as_str().to_string())),
        _ => None,
    }
}

/// W007 for a bare number where a length string belongs.
/// `raw`: the number as written, for `playaid fix` to replace (none for an array of them).
fn bare_number(o: &Obj, key: &str, loc: &Loc, raw: Option<&str>, suggested: &str) {
    let mut d =
        Diagnostic::warning(diag::DEPRECATED_SPELLING, format!("`{key}` is now a length with its unit: {suggested}"));
    if let Some(raw) = raw {
        d = d.fix(loc, raw, suggested);
    }
    o.ctx.push(
        d.at(loc)
            .label(format!("write {suggested}"))
            .help(format!("write {key} = {suggested}; a bare number will stop working in a later version")),
    );
}

/// A length field of zero or more, in mm.
pub(super) fn length(o: &Obj, key: &'static str) -> Option<Sp<f64>> {
    let v = o.get(key)?;
    let loc = o.ctx.loc(v.span());
    let parsed = match v.get_ref() {
        DeValue::String(s) => parse_signed_length(s),
        other => number(other).map(|(n, raw)| {
            bare_number(o, key, &loc, Some(&raw), &format!("\"{raw}mm\""));
            n
        }),
    };
    let max = max_mm(key);
    match parsed.filter(|mm| *mm >= 0.0) {
        Some(mm) if mm.is_nan() || mm > max => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is more than the {max} mm playaid allows"))
                    .at(&loc)
                    .label(format!("at most {max} mm"))
                    .help(format!("a {key} of a few millimetres is usual (see docs/FORMAT.md, Limits)")),
            );
            None
        }
        Some(mm) => Some(Sp::new(mm, loc)),
        None => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is not a length"))
                    .at(&loc)
                    .label("expected a length such as \"3/4in\", \"15.875mm\" or \"1.5cm\"")
                    .help("write a number with a unit: mm, cm, in (fractions like 5/8in work), pt"),
            );
            None
        }
    }
}

/// The largest value of each sheet length, in mm: beyond it no piece fits a page, and a huge
/// value would break the PDF's coordinates.
fn max_mm(key: &str) -> f64 {
    match key {
        "bleed" => 10.0,
        "gutter" | "safe" => 20.0,
        "margin" => 50.0,
        _ => 1000.0,
    }
}

/// The largest font size playaid accepts, in pt: nothing on a play-aid needs more, and a bound
/// keeps text fitting (which shapes at every size it tries) bounded too.
pub(super) const MAX_FONT_PT: f64 = 200.0;

/// A font size field, in pt: more than 0 and at most [`MAX_FONT_PT`].
pub(super) fn font_size(o: &Obj, key: &'static str) -> Option<Sp<f64>> {
    let v = o.get(key)?;
    let loc = o.ctx.loc(v.span());
    let (parsed, bare) = match v.get_ref() {
        DeValue::String(s) => (parse_font_size(s).ok_or(()), None),
        other => match number(other) {
            Some((n, raw)) => (Ok(n), Some(raw)),
            None => (Err(()), None),
        },
    };
    match parsed {
        Ok(pt) if pt.is_finite() && pt > 0.0 && pt <= MAX_FONT_PT => {
            if let Some(raw) = bare {
                bare_number(o, key, &loc, Some(&raw), &format!("\"{raw}pt\""));
            }
            Some(Sp::new(pt, loc))
        }
        Ok(pt) => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is {pt} pt, outside 0 to {MAX_FONT_PT} pt"))
                    .at(&loc)
                    .label("not a usable font size")
                    .help("write a size in points such as \"8.5pt\": more than 0, at most 200"),
            );
            None
        }
        Err(()) => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` is not a font size"))
                    .at(&loc)
                    .label("expected a size such as \"8.5pt\"")
                    .help("write the size in points with its unit: \"8.5pt\""),
            );
            None
        }
    }
}

/// `[x, y]`: two lengths (mm) within ±`limit` mm each, or `None` with an error.
pub(super) fn offset(o: &Obj, key: &'static str, limit: f64) -> Option<(f64, f64)> {
    let (items, loc) = o.array(key)?;
    let mut bare = false;
    let mut suggested = Vec::new();
    let values: Vec<Option<f64>> = items
        .iter()
        .map(|v: &Spanned<DeValue>| match v.get_ref() {
            DeValue::String(s) => {
                suggested.push(format!("\"{s}\""));
                parse_signed_length(s)
            }
            other => number(other).map(|(n, raw)| {
                bare = true;
                suggested.push(format!("\"{raw}mm\""));
                n
            }),
        })
        .collect();
    let ok = values.len() == 2 && values.iter().all(|n| n.is_some_and(|n| n.abs() <= limit));
    if !ok {
        o.ctx.push(
            Diagnostic::error(
                diag::INVALID_VALUE,
                format!("`{key}` must be two lengths, [x, y], each within ±{limit}mm"),
            )
            .at(&loc)
            .help(format!(
                "measure how far a printed back lands from its front and write e.g. {key} = [\"0.5mm\", \"-1mm\"]"
            )),
        );
        return None;
    }
    if bare {
        bare_number(o, key, &loc, None, &format!("[{}]", suggested.join(", ")));
    }
    Some((values[0]?, values[1]?))
}

/// A size in mm: a name from `named` (`"poker"`, any case), one length (a square,
/// `"5/8in"`) or two (`"63x88mm"`, `"2.5 x 3.5 in"`: the unit written once, after the height).
pub(super) fn parse_size(s: &str, named: &[(&str, (f64, f64))]) -> Option<(f64, f64)> {
    let t = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    if let Some((_, wh)) = named.iter().find(|(n, _)| *n == t) {
        return Some(*wh);
    }
    let s = s.trim();
    if let Some((a, b)) = s.split_once(['x', '×']) {
        // "63x88mm": the unit is written once, after the height.
        let b_len = parse_length(b)?;
        let unit = b.trim().trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '/' || c == ' ');
        let a_len = parse_length(a).or_else(|| parse_length(&format!("{}{unit}", a.trim())))?;
        return Some((a_len, b_len));
    }
    parse_length(s).map(|l| (l, l))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CARD_SIZES;

    fn approx(a: Option<f64>, b: Option<f64>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-9,
            (None, None) => true,
            _ => false,
        }
    }

    #[test]
    fn lengths_measure_true() {
        assert!(approx(parse_length("5/8in"), Some(15.875)), "{:?}", parse_length("5/8in"));
        assert!(approx(parse_length("3/4\""), Some(19.05)), "{:?}", parse_length("3/4\""));
        assert!(approx(parse_length("0.5 in"), Some(12.7)), "{:?}", parse_length("0.5 in"));
        assert!(approx(parse_length("1 1/4in"), Some(31.75)), "{:?}", parse_length("1 1/4in"));
        assert!(approx(parse_length("15.875mm"), Some(15.875)), "{:?}", parse_length("15.875mm"));
        assert!(approx(parse_length("1.5cm"), Some(15.0)), "{:?}", parse_length("1.5cm"));
        assert!(approx(parse_length("5/8"), None), "{:?}", parse_length("5/8"));
        assert!(approx(parse_length("0mm"), None), "{:?}", parse_length("0mm"));
        assert!(approx(parse_length("3/0in"), None), "{:?}", parse_length("3/0in"));
        assert!(approx(parse_length("-1mm"), None), "{:?}", parse_length("-1mm"));
    }

    #[test]
    fn signed_lengths_and_font_sizes() {
        assert_eq!(parse_signed_length("0mm"), Some(0.0));
        assert_eq!(parse_signed_length("-1mm"), Some(-1.0));
        assert_eq!(parse_signed_length("0.5mm"), Some(0.5));
        assert_eq!(parse_signed_length("--1mm"), None);
        // Points stay exactly the number written.
        assert_eq!(parse_font_size("8.5pt"), Some(8.5));
        assert_eq!(parse_font_size("4.6 pt"), Some(4.6));
        assert!(approx(parse_font_size("25.4mm"), Some(72.0)));
        assert_eq!(parse_font_size("8.5"), None);
        assert_eq!(parse_font_size("0pt"), None);
    }

    fn approx2(a: Option<(f64, f64)>, b: Option<(f64, f64)>) -> bool {
        approx(a.map(|x| x.0), b.map(|x| x.0)) && approx(a.map(|x| x.1), b.map(|x| x.1))
    }

    #[test]
    fn sizes() {
        assert!(approx2(parse_size("poker", CARD_SIZES), Some((63.0, 88.0))), "{:?}", parse_size("poker", CARD_SIZES));
        assert!(
            approx2(parse_size("Mini US", CARD_SIZES), Some((44.45, 63.5))),
            "{:?}",
            parse_size("Mini US", CARD_SIZES)
        );
        assert!(
            approx2(parse_size("63x88mm", CARD_SIZES), Some((63.0, 88.0))),
            "{:?}",
            parse_size("63x88mm", CARD_SIZES)
        );
        assert!(approx2(parse_size("2.5 x 3.5 in", &[]), Some((63.5, 88.9))), "{:?}", parse_size("2.5 x 3.5 in", &[]));
        assert!(approx2(parse_size("5/8in", &[]), Some((15.875, 15.875))), "{:?}", parse_size("5/8in", &[]));
        assert!(approx2(parse_size("pokr", CARD_SIZES), None), "{:?}", parse_size("pokr", CARD_SIZES));
    }
}
