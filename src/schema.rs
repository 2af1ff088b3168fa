//! The JSON Schema of the data files, for editor completion and hover help (Taplo, Even Better
//! TOML), made from the declarations the loader reads by ([`crate::load::fields`]), so it says
//! exactly what `playaid check` accepts: the same keys, required keys, types and docs. Old
//! spellings still load but are not suggested. `playaid schema` prints it; a new game folder gets
//! it with the editor settings from [`editor_settings`].

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use crate::load::fields::{Field, ROOT, TableDecl, Ty};

/// The name of the schema file in a game folder, as the editor settings refer to it.
pub const SCHEMA_FILE: &str = "playaid.schema.json";

/// The JSON Schema (draft 4, the one Taplo reads) of a playaid data file, pretty-printed, the
/// same bytes every time.
pub fn schema() -> String {
    let mut defs = BTreeMap::new();
    collect(&ROOT, &mut defs);
    let mut root = table_schema(&ROOT);
    root.insert("$schema".into(), json!("http://json-schema.org/draft-04/schema#"));
    root.insert("title".into(), json!("playaid game data"));
    let defs: Map<String, Value> =
        defs.into_iter().map(|(k, d)| (k.to_string(), Value::Object(table_schema(d)))).collect();
    root.insert("definitions".into(), Value::Object(defs));
    let mut out = serde_json::to_string_pretty(&Value::Object(root)).expect("a JSON value prints");
    out.push('\n');
    out
}

/// The files that make an editor use the schema in a game folder, as `(path, contents)`:
/// `.taplo.toml` (read by Taplo and by Even Better TOML) and `.vscode/settings.json` (turns
/// Even Better TOML's schema support and that configuration file on). Both name
/// [`SCHEMA_FILE`], to be written beside them. Hidden files, so playaid never reads them as
/// game data.
pub fn editor_settings() -> Vec<(&'static str, String)> {
    let taplo = format!(
        "# Editor completion and hover help for this game's data (Taplo, Even Better TOML).\n\
         # {SCHEMA_FILE} comes from `playaid schema`: run it again after updating playaid.\n\
         include = [\"**/*.toml\"]\n\
         exclude = [\"out/**\", \"templates/**\", \"target/**\", \"images/**\"]\n\
         \n\
         [schema]\n\
         path = \"./{SCHEMA_FILE}\"\n"
    );
    let vscode = json!({
        "evenBetterToml.schema.enabled": true,
        "evenBetterToml.taplo.configFile.enabled": true,
        "evenBetterToml.taplo.configFile.path": ".taplo.toml",
    });
    let mut vscode = serde_json::to_string_pretty(&vscode).expect("a JSON value prints");
    vscode.push('\n');
    vec![(".taplo.toml", taplo), (".vscode/settings.json", vscode)]
}

/// Every table declaration reachable from `t`, by name.
fn collect(t: &'static TableDecl, defs: &mut BTreeMap<&'static str, &'static TableDecl>) {
    if defs.insert(t.name, t).is_some() {
        return;
    }
    for f in t.fields {
        collect_ty(&f.ty, defs);
    }
    if let Some(ty) = t.free {
        collect_ty(ty, defs);
    }
}

fn collect_ty(ty: &'static Ty, defs: &mut BTreeMap<&'static str, &'static TableDecl>) {
    match ty {
        Ty::Table(t) | Ty::Tables(t) => collect(t, defs),
        Ty::ArrayOf(item) => collect_ty(item, defs),
        Ty::AnyOf(tys) => tys.iter().for_each(|t| collect_ty(t, defs)),
        _ => {}
    }
}

fn table_schema(t: &TableDecl) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("type".into(), json!("object"));
    m.insert("description".into(), json!(t.doc));
    if !t.fields.is_empty() {
        let props: Map<String, Value> = t.fields.iter().map(|f| (f.key.to_string(), field_schema(f))).collect();
        m.insert("properties".into(), Value::Object(props));
    }
    let required: Vec<&str> = t.fields.iter().filter(|f| f.required).map(|f| f.key).collect();
    if !required.is_empty() {
        m.insert("required".into(), json!(required));
    }
    if !t.renamed.is_empty() {
        // Accepted, but as patterns so that editors do not offer them.
        let old: Map<String, Value> = t
            .renamed
            .iter()
            .map(|(new, old)| {
                let mut s = t.field(new).map(|f| ty_schema(&f.ty)).unwrap_or_else(|| json!({}));
                if let Value::Object(o) = &mut s {
                    o.insert("description".into(), json!(format!("The old spelling of `{new}`: write `{new}`.")));
                }
                (format!("^{old}$"), s)
            })
            .collect();
        m.insert("patternProperties".into(), Value::Object(old));
    }
    let extra = match t.free {
        Some(ty) => ty_schema(ty),
        None => json!(false),
    };
    m.insert("additionalProperties".into(), extra);
    m
}

fn field_schema(f: &Field) -> Value {
    let mut s = ty_schema(&f.ty);
    if let Value::Object(o) = &mut s {
        if o.contains_key("$ref") {
            // Taplo ignores the siblings of a $ref: wrap it so the field's own doc shows.
            s = json!({ "allOf": [s], "description": f.doc });
        } else {
            o.insert("description".into(), json!(f.doc));
        }
    }
    s
}

fn ty_schema(ty: &Ty) -> Value {
    // What load/lengths.rs reads: "15.875mm", ".5mm", "5/8in", "1 1/4in", "-1mm", "8.5pt".
    const LENGTH: &str =
        r#"^\s*-?\s*([0-9]+(\.[0-9]*)?|\.[0-9]+)(\s+[0-9]+)?(\s*/\s*[0-9]+)?\s*(mm|cm|in|inch|inches|pt|")\s*$"#;
    match ty {
        Ty::Str | Ty::Markup => json!({ "type": "string" }),
        Ty::Markups => json!({ "anyOf": [{ "type": "string" }, { "type": "array", "items": { "type": "string" } }] }),
        Ty::Id => json!({ "type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$" }),
        Ty::Ids => json!({ "type": "array", "items": { "type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$" } }),
        Ty::Strs => json!({ "type": "array", "items": { "type": "string" } }),
        Ty::Int => json!({ "type": "integer" }),
        Ty::Ints => json!({ "type": "array", "items": { "type": "integer" } }),
        Ty::Number => json!({ "type": "number" }),
        Ty::Scalar => json!({ "type": ["number", "string", "boolean"] }),
        Ty::Bool => json!({ "type": "boolean" }),
        Ty::Date => json!({ "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}" }),
        Ty::Colour => json!({ "type": "string", "pattern": "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$" }),
        Ty::Choice(values) => json!({ "type": "string", "enum": values }),
        Ty::Length | Ty::FontSize => json!({ "type": "string", "pattern": LENGTH }),
        Ty::Size => json!({ "type": "string" }),
        Ty::Offset => {
            json!({ "type": "array", "items": { "type": "string", "pattern": LENGTH }, "minItems": 2, "maxItems": 2 })
        }
        Ty::Point => json!({
            "type": "array",
            "items": { "anyOf": [{ "type": "number" }, { "type": "string", "pattern": LENGTH }] },
            "minItems": 2,
            "maxItems": 2
        }),
        Ty::Table(t) => json!({ "$ref": format!("#/definitions/{}", t.name) }),
        Ty::Tables(t) => json!({ "type": "array", "items": { "$ref": format!("#/definitions/{}", t.name) } }),
        Ty::ArrayOf(item) => json!({ "type": "array", "items": ty_schema(item) }),
        Ty::AnyOf(tys) => json!({ "anyOf": tys.iter().map(ty_schema).collect::<Vec<_>>() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_is_the_same_every_time_and_names_every_table() {
        let s = schema();
        assert_eq!(s, schema());
        let v: Value = serde_json::from_str(&s).unwrap();
        let defs = v["definitions"].as_object().unwrap();
        for name in ["game", "unit", "counter_slot", "scenario_side", "list_item", "step"] {
            assert!(defs.contains_key(name), "no definition of {name}");
        }
        assert_eq!(v["properties"]["unit"]["items"]["$ref"], "#/definitions/unit");
        assert_eq!(defs["unit"]["additionalProperties"], false);
        assert_eq!(defs["unit"]["required"], json!(["name", "kind"]));
        // A unit's stats are keyed by stat id: any key, a number, text or true/false.
        assert_eq!(defs["unit_stats"]["additionalProperties"]["type"], json!(["number", "string", "boolean"]));
        // Old spellings load but are never offered: a pattern, not a property.
        assert!(defs["kind"]["properties"].get("stats").is_none());
        assert!(defs["kind"]["patternProperties"].get("^stats$").is_some());
        // Hover help: the field's doc, also on a field that holds another table.
        assert_eq!(defs["unit"]["properties"]["kind"]["description"], "Required, a [[kind]].");
        assert!(defs["game"]["properties"]["cheatsheet"]["description"].is_string());
    }

    #[test]
    fn editor_settings_point_at_the_schema_file() {
        let files = editor_settings();
        let taplo = &files.iter().find(|(p, _)| *p == ".taplo.toml").unwrap().1;
        let parsed: toml::Table = toml::from_str(taplo).unwrap();
        assert_eq!(parsed["schema"]["path"].as_str(), Some("./playaid.schema.json"));
        let vscode = &files.iter().find(|(p, _)| *p == ".vscode/settings.json").unwrap().1;
        let v: Value = serde_json::from_str(vscode).unwrap();
        assert_eq!(v["evenBetterToml.taplo.configFile.path"], ".taplo.toml");
    }
}
