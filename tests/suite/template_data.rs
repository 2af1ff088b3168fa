//! The data templates receive (`/playaid/data.json`, docs/TEMPLATES.md): the published schema
//! `docs/template-data.schema.json` is what `playaid schema --template-data` prints today, and
//! every document of every example game, in every form a build compiles it (the pieces
//! document, the print shop's copies, counter sheets in parts, the calibration page, a
//! cheatsheet compiled again to balance its columns), validates against it and states the
//! format version.

use crate::common::*;
use std::path::PathBuf;

use playaid::build::load_and_check;
use playaid::export::{Balance, DocKind, ExportOptions, FORMAT, documents, export, template_data_schema};
use serde_json::Value;

const PUBLISHED: &str = "docs/template-data.schema.json";

fn published() -> String {
    std::fs::read_to_string(repo().join(PUBLISHED)).unwrap()
}

/// Every data.json of every example game: (what it is, its bytes).
fn every_template_data() -> Vec<(String, Vec<u8>)> {
    let mut games: Vec<PathBuf> =
        std::fs::read_dir(repo().join("data")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    games.sort();
    let mut out = Vec::new();
    for dir in games {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let checked = load_and_check(&dir, None).unwrap();
        assert!(!checked.has_errors(), "{name}: {:?}", checked.diags);
        let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
        let mut kinds: Vec<DocKind> = documents(game).into_iter().map(|d| d.kind).collect();
        kinds.push(DocKind::Calibrate);
        kinds.push(DocKind::Errata);
        // Against an empty earlier version: every section and card marked as new.
        let since = std::sync::Arc::new(playaid::export::Since {
            version: "0".into(),
            prints: playaid::export::Prints::default(),
            changes: Vec::new(),
        });
        for kind in kinds {
            let mut forms = vec![("", ExportOptions::default())];
            if matches!(kind, DocKind::Cheatsheet | DocKind::Cards | DocKind::Errata) {
                forms.push(("since", ExportOptions { since: Some(since.clone()), ..Default::default() }));
            }
            if matches!(kind, DocKind::Cards | DocKind::Counters) {
                forms.push(("pieces", ExportOptions { pieces: true, ..Default::default() }));
                forms.push(("copies", ExportOptions { pieces: true, piece_copies: true, ..Default::default() }));
            }
            if kind == DocKind::Counters {
                forms.push(("in parts", ExportOptions { part_size: Some(40), ..Default::default() }));
            }
            for (form, opts) in forms {
                let exported = export(game, ix, laid_out, &kind, &opts);
                let what = format!("{name} {} {} {form}", kind.template(), kind.subject().unwrap_or_default());
                let parts = std::iter::once(exported.data_json).chain(exported.more_parts);
                out.extend(parts.enumerate().map(|(i, bytes)| (format!("{what} part {i}"), bytes)));
            }
        }
    }
    out
}

#[test]
fn the_published_schema_is_up_to_date() {
    assert!(
        published() == template_data_schema(),
        "{PUBLISHED} is out of date: run `playaid schema --template-data > {PUBLISHED}`"
    );
    let out = playaid(&["schema", "--template-data"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), published());
    // The data files' schema is still what `playaid schema` prints.
    assert_eq!(String::from_utf8(playaid(&["schema"]).stdout).unwrap(), playaid::schema::schema());
}

#[test]
fn the_schema_states_the_format_and_documents_every_key() {
    let schema: Value = serde_json::from_str(&published()).unwrap();
    assert_eq!(schema["properties"]["format"]["const"], FORMAT);
    assert!(schema["required"].as_array().unwrap().contains(&"format".into()));
    // Every property of every object has a description, and no object takes keys it does not
    // declare.
    fn walk(v: &Value, at: &str, missing: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                if let Some(Value::Object(props)) = o.get("properties") {
                    for (k, p) in props {
                        // An enum's tag (`type`, `kind`) is a constant, named by its variant.
                        if p.get("description").is_none() && p.get("const").is_none() {
                            missing.push(format!("{at}.{k}"));
                        }
                    }
                    if o.get("additionalProperties") != Some(&Value::Bool(false)) {
                        missing.push(format!("{at}: open to any key"));
                    }
                }
                for (k, c) in o {
                    walk(c, &format!("{at}/{k}"), missing);
                }
            }
            Value::Array(a) => a.iter().enumerate().for_each(|(i, c)| walk(c, &format!("{at}/{i}"), missing)),
            _ => {}
        }
    }
    let mut missing = Vec::new();
    walk(&schema, "", &mut missing);
    assert!(missing.is_empty(), "undocumented or open: {missing:#?}");
}

#[test]
fn every_examples_template_data_validates() {
    let schema: Value = serde_json::from_str(&published()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let all = every_template_data();
    let mut failures = Vec::new();
    let mut documents = std::collections::BTreeSet::new();
    for (what, bytes) in &all {
        let data: Value = serde_json::from_slice(bytes).unwrap();
        assert_eq!(data["format"], FORMAT, "{what}");
        documents.insert(data["document"].as_str().unwrap().to_string());
        for e in validator.iter_errors(&data).take(5) {
            failures.push(format!("{what}: {e} at {}", e.instance_path()));
        }
    }
    assert!(failures.is_empty(), "template data the schema rejects:\n{}", failures.join("\n"));
    // Every kind of document, and more than one part of some counter sheet.
    let kinds =
        ["aid", "calibrate", "cards", "changelog", "cheatsheet", "counters", "errata", "map", "rules", "scenario"];
    assert_eq!(documents.iter().map(String::as_str).collect::<Vec<_>>(), kinds);
    assert!(all.iter().any(|(what, _)| what.ends_with("in parts part 1")), "no counter sheet in parts");
    assert!(all.len() > 60, "only {} documents", all.len());
}

#[test]
fn a_balanced_cheatsheet_validates() {
    // render/balance.rs compiles a cheatsheet again with `options.balance` set.
    let checked = load_and_check(&repo().join("data/marrow-front"), None).unwrap();
    let (game, (ix, laid_out)) = (&checked.game, checked.stages.as_ref().unwrap());
    let exported = export(game, ix, laid_out, &DocKind::Cheatsheet, &ExportOptions::default());
    let mut data: Value = serde_json::from_slice(&exported.data_json).unwrap();
    let balance = Balance { section: "combat".into(), reserve: 120.5 };
    data["options"]["balance"] = serde_json::to_value(balance).unwrap();
    let schema: Value = serde_json::from_str(&published()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&data));
    data["options"]["balance"]["reserve"] = "much".into();
    assert!(!validator.is_valid(&data), "a wrong type is caught");
    data["options"]["balance"] = Value::Null;
    data["options"]["colums"] = 2.into();
    assert!(!validator.is_valid(&data), "an unknown key is caught");
}

/// The keys of the schema's objects: for each, whether every object that has it requires it,
/// and whether any allows null.
fn schema_keys(v: &Value, out: &mut std::collections::HashMap<String, (bool, bool)>) {
    fn nullable(p: &Value) -> bool {
        let null = |t: &Value| t == "null" || t.as_array().is_some_and(|a| a.iter().any(|x| x == "null"));
        if p.get("type").is_some_and(null) {
            return true;
        }
        let any = ["anyOf", "oneOf"].iter().filter_map(|k| p.get(*k)?.as_array()).flatten();
        any.into_iter().any(|x| nullable(x) || x.get("type").is_some_and(null))
    }
    match v {
        Value::Object(o) => {
            if let Some(Value::Object(props)) = o.get("properties") {
                let required: Vec<&str> = o
                    .get("required")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                for (k, p) in props {
                    let e = out.entry(k.clone()).or_insert((true, false));
                    e.0 &= required.contains(&k.as_str());
                    e.1 |= nullable(p);
                }
            }
            o.values().for_each(|x| schema_keys(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| schema_keys(x, out)),
        _ => {}
    }
}

/// The end of the Typst argument that starts at `i`: the top-level `,` or `)` after it.
fn argument_end(s: &[u8], mut i: usize) -> usize {
    let (mut depth, mut quoted) = (0usize, false);
    while i < s.len() {
        match s[i] {
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            _ if quoted => {}
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return i,
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    i
}

/// Templates draw what the data says, with no fallback of their own: a key that every object of
/// the template data carries is read as `.key`, never as `.at("key", default: ...)` or
/// `pa-get(d, "key", ...)` (a default that never applies repeats, or contradicts, Rust's, and
/// would hide a key the data lost). A read of a key no object has is a typo. The top level
/// (`pa-get(pa-data, ...)`, `pa-data.at(...)`) is read when the library is imported, which it must be with any
/// data.
#[test]
fn no_template_repeats_a_default_the_data_always_carries() {
    let schema: Value = serde_json::from_str(&template_data_schema()).unwrap();
    let mut keys = std::collections::HashMap::new();
    schema_keys(&schema, &mut keys);
    let mut files: Vec<PathBuf> = ["templates", "templates/lib"]
        .iter()
        .flat_map(|d| std::fs::read_dir(repo().join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "typ"))
        .collect();
    files.sort();
    assert!(files.len() > 15, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let s = text.as_bytes();
        let name = file.strip_prefix(repo()).unwrap().display().to_string();
        let line = |i: usize| text[..i].matches('\n').count() + 1;
        // `.at("key", default: d)`
        for (i, _) in text.match_indices(".at(\"") {
            if text[..i].ends_with("pa-data") {
                continue;
            }
            let start = i + 5;
            let Some(len) = text[start..].find('"') else { continue };
            let key = &text[start..start + len];
            if text[start + len..].starts_with("\", default:") && keys.get(key).is_some_and(|k| k.0) {
                found.push(format!("{name}:{}: .at(\"{key}\", default: ...) of a key the data always has", line(i)));
            }
        }
        // `pa-get(d, "key", default)`
        for (i, _) in text.match_indices("pa-get(") {
            if text[..i].ends_with("#let ") || text[i..].starts_with("pa-get(pa-data,") {
                continue;
            }
            let a = i + 7;
            let e0 = argument_end(s, a);
            let e1 = argument_end(s, e0 + 1);
            let e2 = argument_end(s, e1 + 1);
            if e2 >= s.len() || s[e0] != b',' || s[e1] != b',' {
                continue;
            }
            let key = text[e0 + 1..e1].trim();
            let default = text[e1 + 1..e2].trim();
            let Some(key) = key.strip_prefix('"').and_then(|k| k.strip_suffix('"')) else { continue };
            match keys.get(key) {
                None => found.push(format!("{name}:{}: pa-get of `{key}`, which no object of the data has", line(i))),
                Some(&(always, nullable)) if always && (default == "none" || !nullable) => found
                    .push(format!("{name}:{}: pa-get(.., \"{key}\", {default}) of a key the data always has", line(i))),
                _ => {}
            }
        }
    }
    assert!(found.is_empty(), "read these keys directly (`.key`):\n{}", found.join("\n"));
}
