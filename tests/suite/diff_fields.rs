//! `diff` names every single-field change (issue #24): every value of every data file of every
//! example game is changed, one at a time (a number up or down, a word lengthened, a cell or
//! colour moved on by one, a flag flipped, a spreadsheet number changed), and each change that
//! leaves the game valid must be told by `diff`, naming the new (or old) value and the item it
//! is in. Generated from the files, not listed by hand: a field added to the examples is
//! covered without touching this test. Runs in-process (`playaid::load`, `playaid::diff`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use playaid::diff::{Change, ChangeKind};
use playaid::model::Game;

use crate::common::repo;

/// A step of the way to a value in a TOML document.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Index(usize),
}

/// The data files of a game folder: (name, text), game.toml first.
fn data_files(dir: &Path) -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && (n.ends_with(".toml") || n.ends_with(".csv")))
        .collect();
    names.sort_by_key(|n| (n != "game.toml", n.clone()));
    names.into_iter().map(|n| (n.clone(), std::fs::read_to_string(dir.join(&n)).unwrap())).collect()
}

/// The game the files make, and whether they hold an error (loading or checking).
fn load(dir: &Path, files: &[(String, String)]) -> (Game, bool) {
    let sources = files.iter().map(|(n, t)| (dir.join(n), t.as_bytes().to_vec())).collect();
    let loaded = playaid::load::load_sources(dir, sources);
    let checked = playaid::check::check(&loaded.game);
    let errors = loaded.diags.iter().chain(&checked.diags).any(|d| d.is_error());
    (loaded.game, errors)
}

/// Every leaf value of a TOML tree, with its path.
fn leaves(v: &toml::Value, path: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    match v {
        toml::Value::Table(t) => {
            for (k, x) in t {
                path.push(Seg::Key(k.clone()));
                leaves(x, path, out);
                path.pop();
            }
        }
        toml::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Seg::Index(i));
                leaves(x, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn at<'a>(v: &'a mut toml::Value, path: &[Seg]) -> &'a mut toml::Value {
    path.iter().fold(v, |v, s| match s {
        Seg::Key(k) => v.get_mut(k.as_str()).unwrap(),
        Seg::Index(i) => v.get_mut(*i).unwrap(),
    })
}

/// The entries of collections (`[[unit]]`, a scenario's `forces`) a leaf is in, outermost
/// first: what players know its item by. A table there is one of (`[cards]`) is named by
/// what it is, not by its values.
fn enclosing<'a>(v: &'a toml::Value, path: &[Seg]) -> Vec<&'a toml::Table> {
    let mut out = Vec::new();
    let mut cur = v;
    for s in path {
        cur = match s {
            Seg::Key(k) => &cur[k.as_str()],
            Seg::Index(i) => &cur[*i],
        };
        if let (Seg::Index(_), toml::Value::Table(t)) = (s, cur) {
            out.push(t);
        }
    }
    out
}

/// The last whole number in `s`, moved by `by` (none if it has none or would go negative).
fn bump_number(s: &str, by: i64) -> Option<(String, String)> {
    let end = s.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = s[..end].char_indices().rev().find(|(_, c)| !c.is_ascii_digit()).map_or(0, |(i, c)| i + c.len_utf8());
    let digits = &s[start..end];
    let n: i64 = digits.parse().ok()?;
    let m = n.checked_add(by).filter(|m| *m >= 0)?;
    // Keep the width: cells are "1004", not "104".
    let new = format!("{m:0w$}", w = digits.len());
    Some((format!("{}{new}{}", &s[..start], &s[end..]), new.trim_start_matches('0').to_string()))
}

/// The changes to try at a leaf: (new value, the words diff must show for it).
fn candidates(v: &toml::Value) -> Vec<(toml::Value, String)> {
    use toml::Value::*;
    match v {
        Integer(i) => [i + 1, i - 1].into_iter().map(|n| (Integer(n), n.to_string())).collect(),
        Float(f) => [f + 0.5, f - 0.25]
            .into_iter()
            .map(|x| (Float(x), x.to_string().trim_end_matches(".0").to_string()))
            .collect(),
        Boolean(b) => vec![(Boolean(!b), if *b { "no" } else { "yes" }.to_string())],
        String(s) => {
            let mut out: Vec<(toml::Value, std::string::String)> = [1, -1]
                .into_iter()
                .filter_map(|by| bump_number(s, by))
                .map(|(new, token)| (String(new), token))
                .collect();
            out.push((String(format!("{s}Zq")), "Zq".to_string()));
            out
        }
        Datetime(_) | Array(_) | Table(_) => Vec::new(),
    }
}

/// What players may know the item of a leaf by: the identifying values of the tables it is in,
/// and the names those ids stand for.
fn item_names(tables: &[&toml::Table], names: &BTreeMap<String, String>, leaf: &str) -> Vec<String> {
    const IDENTITY: &[&str] = &["id", "name", "title", "unit", "code", "version", "side", "terrain", "cell", "text"];
    let mut out = Vec::new();
    for t in tables {
        for k in IDENTITY {
            if *k == leaf && std::ptr::eq(*t, *tables.last().unwrap()) {
                continue;
            }
            if let Some(toml::Value::String(s)) = t.get(*k) {
                out.push(s.clone());
                out.extend(names.get(s).cloned());
            }
        }
    }
    out
}

/// id → name over every table of the game that has both (units, sides, terrain, maps ...).
fn id_names(docs: &[toml::Value]) -> BTreeMap<String, String> {
    fn walk(v: &toml::Value, out: &mut BTreeMap<String, String>) {
        match v {
            toml::Value::Table(t) => {
                let name = t.get("name").or(t.get("title")).and_then(|n| n.as_str());
                if let (Some(toml::Value::String(id)), Some(name)) = (t.get("id"), name) {
                    out.insert(id.clone(), name.to_string());
                }
                t.values().for_each(|x| walk(x, out));
            }
            toml::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = BTreeMap::new();
    docs.iter().for_each(|d| walk(d, &mut out));
    out
}

/// One tried change: where, and what diff said.
struct Tried {
    place: String,
    said: Vec<Change>,
    named: bool,
}

fn contains_any(said: &[Change], words: &[String]) -> bool {
    said.iter().any(|c| words.iter().any(|w| !w.is_empty() && c.text.contains(w.as_str())))
}

/// Each value of each TOML file of `game`, and each number of its spreadsheets, changed alone.
fn try_game(game: &str) -> (Vec<Tried>, usize) {
    let dir: PathBuf = repo().join("data").join(game);
    let files = data_files(&dir);
    // The baseline is the files as `toml` writes them back, so formatting is never the change.
    let docs: Vec<Option<toml::Value>> =
        files.iter().map(|(n, t)| n.ends_with(".toml").then(|| toml::from_str(t).unwrap())).collect();
    let base_files: Vec<(String, String)> = files
        .iter()
        .zip(&docs)
        .map(|((n, t), d)| (n.clone(), d.as_ref().map_or(t.clone(), |d| toml::to_string(d).unwrap())))
        .collect();
    let (base, errors) = load(&dir, &base_files);
    assert!(!errors, "{game} as written back by `toml` has errors");
    let (original, _) = load(&dir, &files);
    assert!(playaid::diff::diff(&original, &base).is_empty(), "{game}: written back, nothing changes");
    let names = id_names(&docs.iter().flatten().cloned().collect::<Vec<_>>());

    let mut tried = Vec::new();
    let mut invalid = 0;
    for (i, doc) in docs.iter().enumerate() {
        let Some(doc) = doc else { continue };
        let mut paths = Vec::new();
        leaves(doc, &mut Vec::new(), &mut paths);
        for path in paths {
            let leaf_key = path.iter().rev().find_map(|s| if let Seg::Key(k) = s { Some(k.clone()) } else { None });
            let mut old = doc.clone();
            let old_value = at(&mut old, &path).clone();
            let mut found = false;
            for (value, token) in candidates(&old_value) {
                let mut new = doc.clone();
                *at(&mut new, &path) = value;
                let mut mutated = base_files.clone();
                mutated[i].1 = toml::to_string(&new).unwrap();
                let (game_b, errors) = load(&dir, &mutated);
                if errors {
                    continue;
                }
                found = true;
                let said = playaid::diff::diff(&base, &game_b);
                let place = format!("{game}/{} {}", files[i].0, show(&path));
                let old_words = match &old_value {
                    toml::Value::String(s) => vec![s.clone()],
                    v => vec![v.to_string()],
                };
                // The value, or (a length or size given with units, said in mm) the field.
                let field = leaf_key.as_deref().unwrap_or("").replace('_', " ");
                let value_named = contains_any(&said, &[token, field]) || contains_any(&said, &old_words);
                let mut item = item_names(&enclosing(doc, &path), &names, leaf_key.as_deref().unwrap_or(""));
                // A renamed item is named by its old name.
                if matches!(leaf_key.as_deref(), Some("name" | "title")) {
                    item.extend(old_words.clone());
                }
                let item_named = item.is_empty() || contains_any(&said, &item);
                // A value an item is known by (its id; a counter's or term's name when it has no
                // id; what a reference card shows) changed is the item replaced: one removed,
                // one added.
                const KEYS: &[&str] =
                    &["id", "name", "title", "section", "table", "sequence", "ability", "terrain", "unit"];
                let replaced = leaf_key.as_deref().is_some_and(|k| KEYS.contains(&k))
                    && said.iter().any(|c| c.kind == ChangeKind::Added)
                    && said.iter().any(|c| c.kind == ChangeKind::Removed);
                tried.push(Tried { place, named: replaced || (value_named && item_named), said });
                break;
            }
            invalid += usize::from(!found);
        }
    }
    // Spreadsheet numbers, one cell at a time.
    for (i, (name, text)) in files.iter().enumerate().filter(|(_, (n, _))| n.ends_with(".csv")) {
        for (l, line) in text.lines().enumerate().skip(1) {
            let cells: Vec<&str> = line.split(',').collect();
            for (c, cell) in cells.iter().enumerate() {
                let Ok(n) = cell.parse::<i64>() else { continue };
                let mut found = false;
                for m in [n + 1, n - 1] {
                    let mut new_cells: Vec<String> = cells.iter().map(|s| s.to_string()).collect();
                    new_cells[c] = m.to_string();
                    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
                    lines[l] = new_cells.join(",");
                    let mut mutated = base_files.clone();
                    mutated[i].1 = lines.join("\n") + "\n";
                    let (game_b, errors) = load(&dir, &mutated);
                    if errors {
                        continue;
                    }
                    found = true;
                    let said = playaid::diff::diff(&base, &game_b);
                    let named = contains_any(&said, &[m.to_string()]) && contains_any(&said, &[cells[1].to_string()]);
                    tried.push(Tried { place: format!("{game}/{name} line {} column {}", l + 1, c + 1), said, named });
                    break;
                }
                invalid += usize::from(!found);
            }
        }
    }
    (tried, invalid)
}

fn show(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => format!(".{k}"),
            Seg::Index(i) => format!("[{i}]"),
        })
        .collect()
}

#[test]
fn every_single_field_change_of_every_example_is_named() {
    let mut games: Vec<String> = std::fs::read_dir(repo().join("data"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    let (mut all, mut skipped) = (Vec::new(), 0);
    for game in &games {
        let (tried, invalid) = try_game(game);
        let named = tried.iter().filter(|t| t.named).count();
        eprintln!("{game}: {} changes tried, {named} named; {invalid} values had no valid change", tried.len());
        all.extend(tried);
        skipped += invalid;
    }
    let silent: Vec<&Tried> = all.iter().filter(|t| t.said.is_empty()).collect();
    let unnamed: Vec<&Tried> = all.iter().filter(|t| !t.named).collect();
    let named = all.len() - unnamed.len();
    for t in &unnamed {
        eprintln!("unnamed: {}: {:?}", t.place, t.said.iter().map(|c| &c.text).collect::<Vec<_>>());
    }
    eprintln!(
        "all examples: {} single-field changes tried, {named} named, {skipped} values without a valid change",
        all.len()
    );
    let list = |v: &[&Tried]| {
        v.iter()
            .take(40)
            .map(|t| format!("{}: {:?}", t.place, t.said.iter().map(|c| &c.text).collect::<Vec<_>>()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(silent.is_empty(), "{} changes diff did not report:\n{}", silent.len(), list(&silent));
    assert!(
        unnamed.is_empty(),
        "{} changes diff reported without naming the value or item:\n{}",
        unnamed.len(),
        list(&unnamed)
    );
    assert!(all.len() > 2000, "the examples should give thousands of changes, not {}", all.len());
}

/// The kinds of change #24 found unreported or told as two, each now one line with its old
/// and new value: a terrain hex moved, a reinforcement's arrival and a set-up hex changed, a
/// CRT modifier's shift changed.
#[test]
fn a_moved_hex_an_earlier_arrival_a_set_up_hex_and_a_modifier_are_one_line_each() {
    let dir = repo().join("data/marrow-front");
    let files = data_files(&dir);
    let (base, errors) = load(&dir, &files);
    assert!(!errors);
    let said = |file: &str, from: &str, to: &str| -> Vec<String> {
        let mut f = files.clone();
        let i = f.iter().position(|(n, _)| n == file).unwrap();
        assert!(f[i].1.contains(from), "the seed data changed: update this test ({from})");
        f[i].1 = f[i].1.replacen(from, to, 1);
        let (new, errors) = load(&dir, &f);
        assert!(!errors, "{from} → {to}");
        playaid::diff::diff(&base, &new).into_iter().map(|c| c.text).collect()
    };
    assert_eq!(
        said("map.toml", "city = [\"1404\",", "city = [\"1504\","),
        ["Map The Marrow Front: City hexes 1404, 1711, 1907 → 1504, 1711, 1907."]
    );
    // The same cells written another way are no change.
    assert!(said("map.toml", "marsh = [\"0810-0812\",", "marsh = [\"0810\", \"0811\", \"0812\",").is_empty());
    assert_eq!(
        said("scenarios.toml", "{ counters = [\"3 Air\"], arrives = 6 }", "{ counters = [\"3 Air\"], arrives = 5 }"),
        ["Scenario Operation Hearthfire, Republic of Velsk, Air Landing Corps: arrives on turn 6 → 5."]
    );
    assert_eq!(
        said(
            "scenarios.toml",
            "{ counters = [\"XX\"], cells = [\"0708\"] }",
            "{ counters = [\"XX\"], cells = [\"0709\"] }"
        ),
        ["Scenario Operation Hearthfire, Oskarian Empire, Armoured Corps: sets up XX 0708 → 0709."]
    );
    assert_eq!(
        said("charts.toml", "{ shift = 1, text = \"the defender", "{ shift = 2, text = \"the defender"),
        ["Combat Results Table, the defender is out of supply: column shift +1 → +2."]
    );
    // A road written from its other end is the same road.
    let road = "path = [\"0103\", \"0203\", \"0304\", \"0404\", \"0505\", \"0605\", \"0706\", \"0806\", \"0907\", \"1006\", \"1106\", \"1205\", \"1305\", \"1404\"]";
    let backwards = "path = [\"1404\", \"1305\", \"1205\", \"1106\", \"1006\", \"0907\", \"0806\", \"0706\", \"0605\", \"0505\", \"0404\", \"0304\", \"0203\", \"0103\"]";
    assert!(said("map.toml", road, backwards).is_empty());
}

/// A force set up in another area of a map of areas is said by the areas' names, as the map
/// prints them, not their ids.
#[test]
fn a_force_moved_to_another_area_is_said_by_the_areas_names() {
    let dir = repo().join("data/salt-crown");
    let files = data_files(&dir);
    let (base, errors) = load(&dir, &files);
    assert!(!errors);
    let mut f = files.clone();
    let i = f.iter().position(|(n, _)| n == "scenarios.toml").unwrap();
    let from = "{ unit = \"vessa-pikes\", area = \"vessa\" }";
    assert!(f[i].1.contains(from), "the example's data changed: update this test");
    f[i].1 = f[i].1.replacen(from, "{ unit = \"vessa-pikes\", area = \"highgate\" }", 1);
    let (new, errors) = load(&dir, &f);
    assert!(!errors);
    let said: Vec<String> = playaid::diff::diff(&base, &new).into_iter().map(|c| c.text).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].ends_with("set-up area Vessa → Highgate."), "{said:?}");
}
