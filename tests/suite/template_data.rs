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
