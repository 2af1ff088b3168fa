//! Reading maps of areas and points (`[[map]]` with `grid = "areas"` or `"points"`), their
//! `[[map.area]]` places and `[[map.connection]]`s, and `[[connection_kind]]`. Positions are mm
//! from the map's top-left corner: a number, or a length with its unit.

use toml::Spanned;
use toml::de::DeValue;

use super::lengths::{parse_signed_length, parse_size};
use super::map::tables;
use super::reader::Obj;
use super::{OrDefault, color_of, id_or_slug, o_finish, page_of};
use crate::diag::{self, Diagnostic};
use crate::model::*;
use crate::source::Loc;

/// A point `[x, y]`: numbers (mm) or lengths with their unit; none (reported) otherwise.
fn point(o: &Obj, v: &Spanned<DeValue>, key: &str) -> Option<(f64, f64)> {
    let coord = |v: &Spanned<DeValue>| match v.get_ref() {
        DeValue::Integer(i) => super::reader::parse_int(i.as_str(), i.radix()).map(|n| n as f64),
        DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
        DeValue::String(s) => parse_signed_length(s),
        _ => None,
    };
    let p = match v.get_ref() {
        DeValue::Array(items) if items.len() == 2 => coord(&items[0]).zip(coord(&items[1])),
        _ => None,
    };
    let inside = |n: f64| (0.0..=AREA_MAP_MM.1).contains(&n);
    match p {
        Some((x, y)) if inside(x) && inside(y) => Some((x, y)),
        _ => {
            o.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, format!("`{key}` must be a point [x, y] on the map"))
                    .at(&o.ctx.loc(v.span()))
                    .help(format!(
                        "write two distances from the map's top-left corner, in mm or with a unit, each from 0 to {} mm: [120, 85] or [\"4.7in\", \"3.3in\"]",
                        AREA_MAP_MM.1
                    )),
            );
            None
        }
    }
}

/// Keys of a hex or square map that a map of areas does not have: each is an error that says
/// what to write instead.
const GRID_ONLY: &[(&str, &str)] = &[
    ("columns", "give the map's `size` instead (\"420x297mm\")"),
    ("rows", "give the map's `size` instead (\"420x297mm\")"),
    ("cell", "areas have no cell size: give each [[map.area]] its `at` (and an `outline`)"),
    ("orientation", "remove it: a map of areas has no hexes"),
    ("offset", "remove it: a map of areas has no hexes"),
    ("short", "remove it: a map of areas has no hexes"),
    ("coordinates", "remove it: areas are called by their names"),
    ("cells", "give each [[map.area]] its `terrain`"),
    ("hexsides", "join areas with [[map.connection]]"),
    ("line", "join areas with [[map.connection]] of a [[connection_kind]] (a road, a sea lane)"),
    ("label", "areas print their own names"),
    ("edge", "name the areas a side enters by instead"),
];

/// `[[map]]` with `grid = "areas"` or `"points"`.
pub(super) fn read_area_map(o: &Obj, points: bool) -> AreaMap {
    let title = o.req_str("title");
    let id = id_or_slug(o, &title).unwrap_or_default_sp(o);
    let _ = o.get("grid");
    for (key, help) in GRID_ONLY {
        if let Some(v) = o.get(key) {
            o.ctx.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("`{key}` is for hex and square maps, not a map of areas"),
                )
                .at(&o.ctx.loc(v.span()))
                .label(format!("this map has grid = \"{}\"", if points { "points" } else { "areas" }))
                .help(help.to_string()),
            );
        }
    }
    let size = o.str("size").and_then(|s| match parse_size(&s.v, &[]) {
        Some(v) if [v.0, v.1].iter().all(|n| (AREA_MAP_MM.0..=AREA_MAP_MM.1).contains(n)) => Some(Sp::new(v, s.loc)),
        _ => {
            o.ctx.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("`size` must be a width and height from {:.0} to {:.0} mm", AREA_MAP_MM.0, AREA_MAP_MM.1),
                )
                .at(&s.loc)
                .help("write the map's size with its unit: size = \"420x297mm\" or \"22x17in\""),
            );
            None
        }
    });
    let places = read_places(o);
    let connections = read_connections(o);
    let map = AreaMap {
        id,
        title: title.unwrap_or_default_sp(o),
        points,
        size,
        terrain: o.id("terrain", false),
        background: o.str("background"),
        places,
        connections,
        notes: o.text("notes"),
        page: page_of(o, "page"),
        landscape: o.str("page_orientation").and_then(|s| match s.v.as_str() {
            "landscape" => Some(true),
            "portrait" => Some(false),
            _ => {
                o.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("`page_orientation` cannot be `{}`", s.v))
                        .at(&s.loc)
                        .help("write \"portrait\" or \"landscape\", or leave it out"),
                );
                None
            }
        }),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    map
}

/// `[[map.area]]` of a map of areas: its place, outline and properties.
fn read_places(o: &Obj) -> Vec<Place> {
    let mut out = Vec::new();
    for a in tables(o, "area", "an area") {
        if let Some(v) = a.get("cells") {
            a.ctx.push(
                Diagnostic::error(diag::INVALID_VALUE, "an area of a map of areas has no `cells`")
                    .at(&a.ctx.loc(v.span()))
                    .help("give it `at = [x, y]` (mm from the map's top-left corner), and an `outline` if it has a border"),
            );
        }
        let at = a.get("at").and_then(|v| point(&a, v, "at").map(|p| Sp::new(p, a.ctx.loc(v.span()))));
        let (mut outline, mut outline_at) = (Vec::new(), None);
        if let Some(v) = a.get("outline") {
            let loc = a.ctx.loc(v.span());
            match v.get_ref() {
                // Numbers one after the other, not [x, y] pairs: one finding, not one a number.
                DeValue::Array(items) if items.iter().any(|p| !matches!(p.get_ref(), DeValue::Array(_))) => a.ctx.push(
                    Diagnostic::error(diag::INVALID_VALUE, "`outline` is a list of points, each [x, y]")
                        .at(&loc)
                        .help("pair the numbers up: outline = [[220, 30], [270, 30], [270, 70], [220, 70]]"),
                ),
                DeValue::Array(items) if (3..=MAX_OUTLINE).contains(&items.len()) => {
                    outline = items.iter().filter_map(|p| point(&a, p, "outline")).collect();
                    outline_at = Some(loc);
                }
                _ => a.ctx.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("`outline` must be a list of 3 to {MAX_OUTLINE} points [x, y]"),
                    )
                    .at(&loc)
                    .help("list the corners of the area's border in order: outline = [[10, 10], [80, 12], [75, 60], [12, 55]]"),
                ),
            }
        }
        let place = Place {
            id: a.id("id", true).unwrap_or_default_sp(&a),
            name: a.str("name"),
            at,
            outline,
            outline_at,
            terrain: a.id("terrain", false),
            limit: a.int("limit"),
            value: a.int("value"),
            side: a.id("side", false),
            port: a.bool("port").is_some_and(|b| b.v),
            loc: a.ctx.loc(a.span.clone()),
        };
        if place.at.is_none() && place.outline.is_empty() && !a.has("at") && !a.has("outline") {
            a.ctx.push(
                Diagnostic::error(diag::MISSING_FIELD, format!("area `{}` has no `at`", place.id.v))
                    .at(&place.loc)
                    .help("say where it is on the map: at = [x, y], in mm from the map's top-left corner"),
            );
        }
        a.finish();
        out.push(place);
    }
    out
}

/// `[[map.connection]]`: two areas and the kind of what joins them.
fn read_connections(o: &Obj) -> Vec<Connection> {
    let mut out = Vec::new();
    for c in tables(o, "connection", "a connection") {
        let between = c.ids("between");
        let loc = c.ctx.loc(c.span.clone());
        let listed = c.get("between").is_some_and(|v| matches!(v.get_ref(), DeValue::Array(_)));
        if !c.has("between") {
            c.ctx.push(
                Diagnostic::error(diag::MISSING_FIELD, "a connection has no `between`")
                    .at(&loc)
                    .label("`between` is required here")
                    .help("name the two areas it joins: between = [\"kingsharrow\", \"westmere\"]"),
            );
        } else if listed && between.len() != 2 {
            let at = c.key_loc("between").unwrap_or_else(|| loc.clone());
            c.ctx.push(
                Diagnostic::error(
                    diag::INVALID_VALUE,
                    format!("a connection joins two areas, not {}", between.len()),
                )
                .at(&at)
                .help("write between = [\"kingsharrow\", \"westmere\"]; a road through three areas is two connections"),
            );
        }
        out.push(Connection {
            between,
            kind: c.id("kind", false),
            kind_written: c.has("kind"),
            limit: c.int("limit"),
            loc,
        });
        c.finish();
    }
    out
}

/// `limits = { Mud = 1 }` of a `[[connection_kind]]`: each weather's limit.
fn read_seasonal_limits(o: &Obj) -> Vec<(Sp<String>, Sp<i64>)> {
    let Some(v) = o.get("limits") else { return Vec::new() };
    let Some(t) = Obj::from_value(o.ctx, v, &super::fields::CONNECTION_LIMITS, "`limits`") else { return Vec::new() };
    let mut out = Vec::new();
    for (k, val) in t.table.iter() {
        let weather = Sp::new(k.get_ref().to_string(), o.ctx.loc(k.span()));
        if let Some(n) = super::reader::int_of(o.ctx, "limits", val) {
            out.push((weather, n));
        }
    }
    out
}

/// `[[connection_kind]]`.
pub(super) fn read_connection_kind(o: &Obj) -> ConnectionKind {
    let name = o.req_str("name");
    let style = o.str("style").map_or(LineStyle::Solid, |s| {
        LineStyle::parse(&s.v).unwrap_or_else(|| {
            let mut d = Diagnostic::error(diag::INVALID_VALUE, format!("unknown line style `{}`", s.v)).at(&s.loc);
            d = match diag::did_you_mean(&s.v, LineStyle::NAMES.iter().copied()) {
                Some(m) => d.help(format!("did you mean \"{m}\"?")),
                None => d.help("write \"solid\", \"dashed\", \"dotted\" or \"double\""),
            };
            o.ctx.push(d);
            LineStyle::Solid
        })
    });
    let k = ConnectionKind {
        id: id_or_slug(o, &name).unwrap_or_default_sp(o),
        name: name.unwrap_or_default_sp(o),
        limit: o.int("limit"),
        limits: read_seasonal_limits(o),
        style,
        color: o.str("color").and_then(|s| {
            let loc: Loc = s.loc.clone();
            color_of(o.ctx, s).map(|c| Sp::new(c, loc))
        }),
        text: o.text("text"),
        loc: o.ctx.loc(o.span.clone()),
    };
    o_finish(o);
    k
}
