//! `playaid schema`: the JSON Schema editors complete from. Every data file of every example
//! game and of the check corpus's base game validates against it; unknown keys and wrong types
//! are rejected; every key it declares is documented in docs/FORMAT.md. (That the schema and
//! the loader agree on every check case is tested in tests/check_cases.rs.)

mod common;

use common::*;
use playaid::load::fields::{ROOT, TableDecl, Ty};

#[test]
fn every_example_and_base_file_validates() {
    let validator = schema_validator();
    let mut dirs: Vec<_> = std::fs::read_dir(repo().join("data")).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.push(repo().join("tests/check/base"));
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in dirs {
        for file in toml_files(&dir) {
            count += 1;
            for e in schema_errors(&validator, &file) {
                failures.push(format!("{}: {e}", file.strip_prefix(repo()).unwrap().display()));
            }
        }
    }
    assert!(count > 30, "only {count} files found");
    assert!(failures.is_empty(), "files the schema rejects:\n{}", failures.join("\n"));
}

fn errors(toml: &str) -> Vec<String> {
    let json = toml_to_json(toml).unwrap();
    schema_validator().iter_errors(&json).map(|e| e.to_string()).collect()
}

#[test]
fn unknown_keys_and_wrong_types_are_rejected() {
    let unit = "[[unit]]\nid = \"sherman\"\nname = \"Sherman\"\nkind = \"afv\"\n";
    assert_eq!(errors(unit), Vec::<String>::new());
    let typo = errors(&format!("{unit}quantitiy = 2\n"));
    assert!(typo.iter().any(|e| e.contains("quantitiy")), "{typo:?}");
    let wrong = errors(&format!("{unit}quantity = \"two\"\n"));
    assert!(wrong.iter().any(|e| e.contains("\"two\"")), "{wrong:?}");
    let nested = errors("[game]\nid = \"g\"\ntitle = \"G\"\nversion = \"1\"\n[game.cheatsheet]\ncolums = 2\n");
    assert!(nested.iter().any(|e| e.contains("colums")), "{nested:?}");
    // Free keys where the format has them: a unit's stats by stat id.
    assert_eq!(errors(&format!("{unit}stats = {{ move = 8, to_hit = \"4+\" }}\n")), Vec::<String>::new());
    let table = errors(&format!("{unit}stats = {{ move = [8] }}\n"));
    assert!(!table.is_empty(), "a stat value is a number, text or true/false");
    // A missing required key.
    let missing = errors("[[unit]]\nname = \"Sherman\"\n");
    assert!(missing.iter().any(|e| e.contains("kind")), "{missing:?}");
}

#[test]
fn lengths_are_strings_with_their_unit() {
    for ok in ["15.875mm", ".5mm", "5/8in", "1 1/4in", "3/4\"", "1.5 cm", "-1mm"] {
        let file = format!("[counters]\nback_offset = [{ok:?}, \"0mm\"]\n");
        assert_eq!(errors(&file), Vec::<String>::new(), "{ok}");
    }
    for wrong in ["5", "5 mm mm", "five mm"] {
        assert!(!errors(&format!("[counters]\nmargin = {wrong:?}\n")).is_empty(), "{wrong}");
    }
    // A bare number still loads, with a warning (W007); the editor flags it already.
    assert!(!errors("[counters]\nmargin = 5\n").is_empty());
}

#[test]
fn old_spellings_still_validate() {
    assert_eq!(errors("[[kind]]\nname = \"Tank\"\nstats = [\"armour\"]\n"), Vec::<String>::new());
    assert_eq!(errors("[[counter_group]]\nid = \"u\"\nlayout = { top-left = \"{name}\" }\n"), Vec::<String>::new());
}

#[test]
fn playaid_schema_prints_it() {
    let out = playaid(&["schema"]);
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed, playaid::schema::schema());
    assert_eq!(printed, String::from_utf8(playaid(&["schema"]).stdout).unwrap(), "the same bytes every time");
}

/// Every table declaration, once.
fn tables() -> Vec<&'static TableDecl> {
    fn walk(t: &'static TableDecl, out: &mut Vec<&'static TableDecl>) {
        if out.iter().any(|o| std::ptr::eq(*o, t)) {
            return;
        }
        out.push(t);
        for f in t.fields {
            walk_ty(&f.ty, out);
        }
        if let Some(ty) = t.free {
            walk_ty(ty, out);
        }
    }
    fn walk_ty(ty: &'static Ty, out: &mut Vec<&'static TableDecl>) {
        match ty {
            Ty::Table(t) | Ty::Tables(t) => walk(t, out),
            Ty::ArrayOf(t) => walk_ty(t, out),
            Ty::AnyOf(tys) => tys.iter().for_each(|t| walk_ty(t, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&ROOT, &mut out);
    out
}

#[test]
fn every_declared_key_is_documented() {
    let doc = std::fs::read_to_string(repo().join("docs/FORMAT.md")).unwrap();
    let mut missing = Vec::new();
    for t in tables() {
        for f in t.fields {
            assert!(!f.doc.is_empty(), "`{}` of `{}` has no doc", f.key, t.name);
            let written =
                [format!("{} =", f.key), format!("`{}`", f.key), format!("[[{}]]", f.key), format!("[{}]", f.key)];
            let written = [written.as_slice(), &[format!(".{}]", f.key)]].concat();
            if !written.iter().any(|w| doc.contains(w.as_str())) {
                missing.push(format!("`{}` of `{}`", f.key, t.name));
            }
        }
    }
    assert!(missing.is_empty(), "declared in src/load/fields.rs, not in docs/FORMAT.md: {}", missing.join(", "));
}
