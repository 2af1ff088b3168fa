//! Values as players read them: ids as the names the game gives them, numbers as printed,
//! lengths with their units.

use crate::markup::plain_in;
use crate::model::*;

/// An optional string, as given.
pub(crate) fn o(x: &Option<Sp<String>>) -> Option<String> {
    x.as_ref().map(|v| v.v.clone())
}

/// An optional number, as printed.
pub(crate) fn n<T: ToString>(x: &Option<Sp<T>>) -> Option<String> {
    x.as_ref().map(|v| v.v.to_string())
}

/// A markup text as written and as plain text.
pub(crate) fn said(g: &Game, x: &Text) -> (String, String) {
    (x.raw.clone(), plain_in(Some(g), &x.raw))
}

/// An optional markup text, as written and as plain text.
pub(crate) fn t(g: &Game, x: &Option<Text>) -> Option<(String, String)> {
    x.as_ref().map(|x| said(g, x))
}

/// Markup paragraphs, as written and as plain text.
pub(crate) fn texts(g: &Game, x: &[Text]) -> Vec<(String, String)> {
    x.iter().map(|x| said(g, x)).collect()
}

/// A value that is the same written and shown.
pub(crate) fn same(s: String) -> (String, String) {
    (s.clone(), s)
}

pub(crate) fn strs(x: &[Sp<String>]) -> Vec<String> {
    x.iter().map(|s| s.v.clone()).collect()
}

pub(crate) fn yes(b: bool) -> String {
    (if b { "yes" } else { "no" }).to_string()
}

/// Lengths in mm as the data gives them: 19.05, 63.
pub(crate) fn mm(x: f64) -> String {
    format!("{} mm", (x * 100.0).round() / 100.0)
}

pub(crate) fn pt(x: f64) -> String {
    format!("{} pt", (x * 100.0).round() / 100.0)
}

pub(crate) fn size(s: &Option<Sp<(f64, f64)>>) -> Option<String> {
    s.as_ref().map(|s| format!("{} × {}", mm(s.v.0).trim_end_matches(" mm"), mm(s.v.1)))
}

pub(crate) fn scalar(v: &Scalar) -> String {
    match v {
        Scalar::Float(f) if f.fract() == 0.0 => format!("{f:.0}"),
        Scalar::Int(_) | Scalar::Float(_) | Scalar::Bool(_) | Scalar::Str(_) => v.display(),
    }
}

/// (key, value) pairs as printed.
pub(crate) fn pairs(v: &[(Sp<String>, Sp<Scalar>)]) -> Vec<(String, String)> {
    v.iter().map(|(k, x)| (k.v.clone(), scalar(&x.v))).collect()
}

/// The name of the entry `id` of a collection, else the id.
pub(crate) fn name_in<T: Entity>(g: &Game, id: &str, name: impl Fn(&T) -> Option<&str>) -> String {
    T::all(g).iter().find(|x| x.id().v == id).and_then(name).unwrap_or(id).to_string()
}

pub(crate) fn stat_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Stat| Some(&x.name.v))
}
pub(crate) fn kind_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Kind| Some(&x.name.v))
}
pub(crate) fn side_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Side| Some(&x.name.v))
}
pub(crate) fn trait_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Trait| Some(&x.name.v))
}
pub(crate) fn group_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Group| x.name.as_ref().map(|n| n.v.as_str()))
}
pub(crate) fn unit_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Unit| Some(&x.name.v))
}
pub(crate) fn table_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Table| x.title.as_ref().map(|n| n.v.as_str()))
}
pub(crate) fn sequence_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Sequence| x.title.as_ref().map(|n| n.v.as_str()))
}
pub(crate) fn terrain_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Terrain| Some(&x.name.v))
}
pub(crate) fn map_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Map| Some(&x.title.v))
}
pub(crate) fn section_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &Section| Some(&x.title.v))
}
pub(crate) fn setting_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &ScenarioSetting| Some(&x.name.v))
}
pub(crate) fn card_back_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &CardBack| x.title.as_ref().map(|n| n.v.as_str()))
}
/// An area a force sets up in, by its name: a map of areas' place, else a map's named area.
pub(crate) fn place_name(g: &Game, id: &str) -> String {
    let place = g.area_maps.iter().flat_map(|m| &m.places).find(|p| p.id.v == id).map(|p| p.name.as_ref());
    let area = || g.maps.iter().flat_map(|m| &m.areas).find(|a| a.id.v == id).map(|a| a.name.as_ref());
    place.or_else(area).flatten().map_or_else(|| id.to_string(), |n| n.v.clone())
}
pub(crate) fn counter_group_name(g: &Game, id: &str) -> String {
    name_in(g, id, |x: &CounterGroup| x.name.as_ref().map(|n| n.v.as_str()))
}
