//! Lengths with their unit. The data and the sheets measure in millimetres ([`Mm`]), type and
//! what Typst measures in points ([`Pt`], 1/72 inch); pictures in pixels at a resolution and
//! Tabletop Simulator in inches. Every conversion between them is here, so a length in one unit
//! never meets a number meant in another.

use std::borrow::Cow;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// Millimetres in an inch.
pub const MM_PER_INCH: f64 = 25.4;
/// Points in an inch.
pub const PT_PER_INCH: f64 = 72.0;
/// Points in a millimetre.
pub const PT_PER_MM: f64 = PT_PER_INCH / MM_PER_INCH;

/// A length in millimetres.
#[derive(Debug, Clone, Copy, Default, PartialEq, PartialOrd, serde::Serialize)]
#[serde(transparent)]
pub struct Mm(pub f64);

/// A length in points (1/72 inch), as type is sized and Typst measures.
#[derive(Debug, Clone, Copy, Default, PartialEq, PartialOrd, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Pt(pub f64);

impl Mm {
    /// The same length in points.
    pub fn pt(self) -> Pt {
        Pt(self.0 * PT_PER_MM)
    }

    /// The same length in inches.
    pub fn inches(self) -> f64 {
        self.0 / MM_PER_INCH
    }

    /// The same length in pixels at `dpi` (not rounded).
    pub fn px(self, dpi: f64) -> f64 {
        self.inches() * dpi
    }

    /// A length of `inches`.
    pub fn from_inches(inches: f64) -> Mm {
        Mm(inches * MM_PER_INCH)
    }

    /// A length of `px` pixels at `dpi`.
    pub fn from_px(px: f64, dpi: f64) -> Mm {
        Mm::from_inches(px / dpi)
    }

    /// The larger of two lengths.
    pub fn max(self, other: Mm) -> Mm {
        Mm(self.0.max(other.0))
    }

    /// The smaller of two lengths.
    pub fn min(self, other: Mm) -> Mm {
        Mm(self.0.min(other.0))
    }
}

/// A width and height in mm as bare numbers, for the sheet geometry (which is all in mm).
pub fn mm_pair((w, h): (Mm, Mm)) -> (f64, f64) {
    (w.0, h.0)
}

impl Pt {
    /// The same length in millimetres.
    pub fn mm(self) -> Mm {
        Mm(self.0 / PT_PER_MM)
    }

    /// The same length in pixels at `dpi` (not rounded).
    pub fn px(self, dpi: f64) -> f64 {
        self.0 / PT_PER_INCH * dpi
    }

    /// The larger of two lengths.
    pub fn max(self, other: Pt) -> Pt {
        Pt(self.0.max(other.0))
    }

    /// The smaller of two lengths.
    pub fn min(self, other: Pt) -> Pt {
        Pt(self.0.min(other.0))
    }
}

macro_rules! length_ops {
    ($t:ident) => {
        impl Add for $t {
            type Output = $t;
            fn add(self, o: $t) -> $t {
                $t(self.0 + o.0)
            }
        }
        impl Sub for $t {
            type Output = $t;
            fn sub(self, o: $t) -> $t {
                $t(self.0 - o.0)
            }
        }
        impl AddAssign for $t {
            fn add_assign(&mut self, o: $t) {
                self.0 += o.0;
            }
        }
        impl SubAssign for $t {
            fn sub_assign(&mut self, o: $t) {
                self.0 -= o.0;
            }
        }
        impl Neg for $t {
            type Output = $t;
            fn neg(self) -> $t {
                $t(-self.0)
            }
        }
        impl Mul<f64> for $t {
            type Output = $t;
            fn mul(self, k: f64) -> $t {
                $t(self.0 * k)
            }
        }
        impl Mul<$t> for f64 {
            type Output = $t;
            fn mul(self, l: $t) -> $t {
                $t(self * l.0)
            }
        }
        impl Div<f64> for $t {
            type Output = $t;
            fn div(self, k: f64) -> $t {
                $t(self.0 / k)
            }
        }
        /// The ratio of two lengths.
        impl Div for $t {
            type Output = f64;
            fn div(self, o: $t) -> f64 {
                self.0 / o.0
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)?;
                f.write_str(if stringify!($t) == "Mm" { " mm" } else { " pt" })
            }
        }
        /// In template data a length is a plain number, its unit said by the field's description.
        impl schemars::JsonSchema for $t {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($t))
            }
            fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                f64::json_schema(generator)
            }
        }
    };
}

length_ops!(Mm);
length_ops!(Pt);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inch_is_25_4_mm_and_72_pt() {
        assert!((Mm(25.4).pt().0 - 72.0).abs() < 1e-9);
        assert!((Pt(72.0).mm().0 - 25.4).abs() < 1e-9);
        assert!((Mm(25.4).px(300.0) - 300.0).abs() < 1e-9);
        assert!((Pt(36.0).px(200.0) - 100.0).abs() < 1e-9);
        assert!((Mm::from_px(150.0, 300.0).0 - 12.7).abs() < 1e-9);
        assert_eq!(Mm(3.0) / Mm(1.5), 2.0);
        assert_eq!(format!("{:.1}", Mm(2.25)), "2.2 mm");
    }

    #[test]
    fn a_length_is_a_plain_number_in_template_data() {
        assert_eq!(serde_json::to_string(&(Mm(1.5), Pt(7.0))).unwrap(), "[1.5,7.0]");
        let schema = schemars::schema_for!(Pt);
        assert_eq!(schema.get("type").and_then(|t| t.as_str()), Some("number"));
    }
}
