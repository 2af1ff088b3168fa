//! `playaid schema`: the JSON Schema editors complete from. Every data file of every example
//! game, of the check corpus's base game and of every `playaid new` template validates
//! against it; unknown keys and wrong types
//! are rejected; the loader reads every key it declares, as the type it declares; every key it
//! declares is documented in docs/FORMAT.md. (That the schema and the loader agree on every
//! check case is tested in tests/check_cases.rs.)

use crate::common::*;
use playaid::load::fields::{ROOT, TableDecl, Ty};
use toml::Value;

#[test]
fn every_example_base_and_template_file_validates() {
    let validator = schema_validator();
    let mut dirs: Vec<_> = std::fs::read_dir(repo().join("data")).unwrap().map(|e| e.unwrap().path()).collect();
    // The check corpus's base game, the starting games of `playaid new`, the symbols sheet.
    dirs.push(repo().join("tests/check/base"));
    dirs.extend(std::fs::read_dir(repo().join("templates/new")).unwrap().map(|e| e.unwrap().path()));
    dirs.push(repo().join("docs/symbols"));
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

/// A value of type `ty`, holding every key of every table it can hold (a table inside itself,
/// as list items hold list items, once).
fn sample(ty: &Ty, open: &mut Vec<&'static str>) -> Value {
    let s = |v: &str| Value::String(v.into());
    match ty {
        Ty::Str | Ty::Markup | Ty::Markups | Ty::Id => s("x"),
        Ty::Size => s("63x88mm"),
        Ty::Ids | Ty::Strs => Value::Array(vec![s("x")]),
        Ty::Int | Ty::Number | Ty::Scalar => Value::Integer(1),
        Ty::Ints => Value::Array(vec![Value::Integer(1)]),
        Ty::Bool => Value::Boolean(true),
        Ty::Date => s("2020-01-01"),
        Ty::Colour => s("#123456"),
        Ty::Choice(values) => s(values[0]),
        Ty::Length => s("1mm"),
        Ty::FontSize => s("8pt"),
        Ty::Offset => Value::Array(vec![s("0mm"), s("0mm")]),
        Ty::Point => Value::Array(vec![Value::Integer(10), s("5mm")]),
        Ty::Table(t) => Value::Table(sample_table(t, open)),
        Ty::Tables(t) => Value::Array(vec![Value::Table(sample_table(t, open))]),
        Ty::ArrayOf(item) => Value::Array(vec![sample(item, open)]),
        // The variant that holds a table not yet open, to reach its keys.
        Ty::AnyOf(tys) => sample(tys.iter().find(|t| holds_new_table(t, open)).unwrap_or(&tys[0]), open),
    }
}

fn holds_new_table(ty: &Ty, open: &[&str]) -> bool {
    match ty {
        Ty::Table(t) | Ty::Tables(t) => !open.contains(&t.name),
        Ty::ArrayOf(t) => holds_new_table(t, open),
        Ty::AnyOf(tys) => tys.iter().any(|t| holds_new_table(t, open)),
        _ => false,
    }
}

fn sample_table(t: &'static TableDecl, open: &mut Vec<&'static str>) -> toml::Table {
    open.push(t.name);
    let mut table = toml::Table::new();
    for f in t.fields {
        table.insert(f.key.to_string(), sample(&f.ty, open));
    }
    if let Some(ty) = t.free {
        table.insert("1".into(), sample(ty, open));
    }
    open.pop();
    table
}

/// The other half of "the schema says what the loader reads": a file with every declared key
/// of every table loads without an unknown field (E002) or a wrong type (E004).
#[test]
fn the_loader_reads_every_declared_key_as_its_declared_type() {
    let text = toml::to_string(&sample_table(&ROOT, &mut Vec::new())).unwrap();
    assert!(errors(&text).is_empty(), "the sample is valid by the schema: {:?}", errors(&text));
    let dir = std::path::Path::new("/game");
    let loaded = playaid::load::load_sources(dir, vec![(dir.join("game.toml"), text.clone().into_bytes())]);
    let wrong: Vec<String> = loaded
        .diags
        .iter()
        .filter(|d| d.code == playaid::diag::UNKNOWN_FIELD || d.code == playaid::diag::WRONG_TYPE)
        .map(|d| format!("{}: {}", d.code.code, d.message))
        .collect();
    assert!(wrong.is_empty(), "{}\nin:\n{text}", wrong.join("\n"));
    assert!(text.lines().count() > 200, "every table is in the sample:\n{text}");
}

/// FORMAT.md's table of playaid's words lists every word with its built-in wordings, as
/// `src/model/words.rs` has them (`PLAYAID_BLESS=1` writes it).
#[test]
fn the_words_table_is_up_to_date() {
    let path = repo().join("docs/FORMAT.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let cell = |t: &str| {
        let t = t.trim().replace('|', "\\|");
        if t.chars().count() > 70 { format!("{}…", t.chars().take(67).collect::<String>()) } else { t }
    };
    let mut table =
        String::from("| key | what it is | English | German (`de`) | French (`fr`) |\n|---|---|---|---|---|\n");
    for w in playaid::model::WORDS {
        let [en, de, fr] = w.builtin;
        table.push_str(&format!("| `{}` | {} | {} | {} | {} |\n", w.key, cell(w.doc), cell(en), cell(de), cell(fr)));
    }
    let start = doc.find("<!-- words:").expect("the table's start mark");
    let start = start + doc[start..].find('\n').unwrap() + 1;
    let end = doc.find("<!-- words end -->").expect("the table's end mark");
    if std::env::var_os("PLAYAID_BLESS").is_some() {
        std::fs::write(&path, format!("{}{table}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert!(doc[start..end] == table, "docs/FORMAT.md's table of words is out of date: PLAYAID_BLESS=1 rewrites it");
}

/// Every word of playaid's is printed somewhere: named by its key in the code or a template
/// (a `_one` wording by its plural's), so that a translator never translates a word no sheet
/// says.
#[test]
fn every_word_of_playaids_is_printed_somewhere() {
    let mut sources = String::new();
    for dir in ["src", "templates"] {
        for entry in walk(&repo().join(dir)) {
            if entry.extension().is_some_and(|e| e == "rs" || e == "typ") && !entry.ends_with("words.rs") {
                sources.push_str(&std::fs::read_to_string(&entry).unwrap());
            }
        }
    }
    let unused: Vec<&str> = playaid::model::WORDS
        .iter()
        .map(|w| w.key)
        .filter(|k| !sources.contains(&format!("\"{}\"", k.strip_suffix("_one").unwrap_or(k))))
        .collect();
    assert!(unused.is_empty(), "words no code or template prints: {unused:?}");
}
