//! `playaid watch`: rebuilds on a change, survives a broken edit (keeping the last good PDF),
//! and rebuilds again once the data is fixed.

use crate::common::*;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

struct Watch {
    child: Child,
    lines: Receiver<String>,
}

impl Watch {
    /// The next stdout line containing `what`, within 30 s.
    fn wait_for(&self, what: &str) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(30)) {
                Ok(l) if l.contains(what) => return l,
                Ok(_) => {}
                Err(e) => panic!("no line with `{what}` from playaid watch: {e}"),
            }
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `playaid watch GAME -o OUT`, its stdout lines read as they come.
fn watch(game: &Path, out: &Path) -> Watch {
    watch_with(game, out, &[])
}

/// The same, with more options.
fn watch_with(game: &Path, out: &Path, options: &[&str]) -> Watch {
    let mut child = Command::new(env!("CARGO_BIN_EXE_playaid"))
        .args(["watch", game.to_str().unwrap(), "-o", out.to_str().unwrap()])
        .args(options)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    Watch { child, lines: rx }
}

#[test]
fn watch_rebuilds_survives_a_broken_edit_and_recovers() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    let out = tmp.path().join("out");
    let w = watch(&game, &out);
    let first = w.wait_for("first build");
    assert!(first.contains("rebuilt") && first.contains(" PDF") && first.len() < 200, "one short line: {first}");
    w.wait_for("watching");
    let pdf = out.join("war-at-sea-troop-landing-2.0/counters.pdf");
    assert!(pdf_text(&pdf).contains("A 5"), "armour 5 on the troop counter");

    // A stat changes: the counter sheet follows.
    let units = game.join("units.toml");
    let text = std::fs::read_to_string(&units).unwrap();
    std::fs::write(&units, text.replace("armour = 5", "armour = 6")).unwrap();
    let line = w.wait_for("units.toml");
    assert!(line.contains("rebuilt"), "{line}");
    assert!(pdf_text(&pdf).contains("A 6"), "the rebuilt sheet has the new armour");
    let good = std::fs::read(&pdf).unwrap();

    // A broken edit: reported, the last good PDF stays, the watch goes on.
    std::fs::write(&units, text.replace("armour = 5", "armour = ")).unwrap();
    let line = w.wait_for("units.toml");
    assert!(line.contains("kept the last good PDFs"), "{line}");
    assert_eq!(std::fs::read(&pdf).unwrap(), good);

    // Fixed: rebuilt again.
    std::fs::write(&units, text.replace("armour = 5", "armour = 7")).unwrap();
    let line = w.wait_for("units.toml");
    assert!(line.contains("rebuilt"), "{line}");
    assert!(pdf_text(&pdf).contains("A 7"));
}

#[test]
fn watch_rebuilds_when_a_spreadsheet_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/starting-phase"), &game);
    let out = tmp.path().join("out");
    let w = watch(&game, &out);
    w.wait_for("first build");
    w.wait_for("watching");
    let pdf = out.join("starting-phase-0.1/cards.pdf");
    assert!(pdf_text(&pdf).contains("Command Squad HQ unit LD 5 NV 4"), "its card");

    let units = game.join("units.csv");
    let text = std::fs::read_to_string(&units).unwrap();
    std::fs::write(&units, text.replace("command-squad,Command Squad,hq,5,4,", "command-squad,Command Squad,hq,6,4,"))
        .unwrap();
    let line = w.wait_for("units.csv");
    assert!(line.contains("rebuilt"), "{line}");
    assert!(pdf_text(&pdf).contains("Command Squad HQ unit LD 6 NV 4"), "the new Ld");
}

/// `watch --lang de` builds the German play-aids only, and rebuilds them when the
/// translator saves the PO file: the new translation prints.
#[test]
fn watch_in_a_language_rebuilds_when_its_translation_is_saved() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);
    let out = tmp.path().join("out");
    let w = watch_with(&game, &out, &["--lang", "de"]);
    w.wait_for("first build");
    w.wait_for("watching");
    let sheet = out.join("war-at-sea-troop-landing-2.0-de/cheatsheet.pdf");
    assert!(pdf_text(&sheet).contains("Regeln für Truppenlandungen"), "German");
    assert!(!out.join("war-at-sea-troop-landing-2.0").exists(), "the one language only");
    let po = game.join("translations/de.po");
    let text = std::fs::read_to_string(&po).unwrap();
    std::fs::write(&po, text.replacen("msgstr \"Regeln für Truppenlandungen\"", "msgstr \"Landungsregeln\"", 1))
        .unwrap();
    let line = w.wait_for("de.po");
    assert!(line.contains("rebuilt"), "{line}");
    assert!(pdf_text(&sheet).contains("Landungsregeln"), "the new title");
}

/// A game's own template that loops: the watchdog stops that build (E039), the watch starts
/// again without building the same files, and builds once the template is fixed.
#[test]
fn watch_goes_on_after_a_runaway_template() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("tests/check/base"), &game);
    let out = tmp.path().join("out");
    let w = watch_with(&game, &out, &["--time-limit", "2"]);
    w.wait_for("first build");
    w.wait_for("watching");
    let pdf = out.join("beachhead-1.2/cheatsheet.pdf");
    let good = std::fs::read(&pdf).unwrap();

    std::fs::create_dir_all(game.join("templates")).unwrap();
    let looping = "#let n = 0\n#for i in range(100000) { for j in range(100000) { n += 1 } }\n#n\n";
    std::fs::write(game.join("templates/cheatsheet.typ"), looping).unwrap();
    let again = w.wait_for("again");
    assert!(again.contains("fix the game and save"), "{again}");
    assert_eq!(std::fs::read(&pdf).unwrap(), good, "the last good PDF stays");

    // The template fixed: built with it.
    std::fs::write(game.join("templates/cheatsheet.typ"), "Fixed sheet\n").unwrap();
    let line = w.wait_for("cheatsheet.typ");
    assert!(line.contains("rebuilt"), "{line}");
    assert!(pdf_text(&pdf).contains("Fixed sheet"));
}

/// A rebuild in `watch` reuses the pictures that did not change (pieces, boards, charts) and
/// the charts' pages the PDFs were compiled into: what it writes is, byte for byte, what a
/// fresh build of the edited game writes: the VASSAL module, every PNG, the PDFs. A broken edit
/// between the two changes nothing of that.
#[test]
fn a_rebuild_writes_what_a_fresh_build_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("game");
    copy_dir(&repo().join("data/salt-crown"), &game);
    let out = tmp.path().join("out");
    let w = watch(&game, &out);
    w.wait_for("first build");
    w.wait_for("watching");
    let units = game.join("units.toml");
    let text = std::fs::read_to_string(&units).unwrap();
    let stats = "stats = { strength = 4, rating = \"A2\", move = 2 }";
    assert!(text.contains(stats));
    std::fs::write(&units, text.replacen(stats, "stats = { strength = 4, rating = \"A2\", move = }", 1)).unwrap();
    let line = w.wait_for("units.toml");
    assert!(line.contains("kept the last good PDFs"), "{line}");
    std::fs::write(&units, text.replacen(stats, "stats = { strength = 3, rating = \"A2\", move = 2 }", 1)).unwrap();
    let line = w.wait_for("units.toml");
    assert!(line.contains("rebuilt") && line.contains("VMOD"), "{line}");
    drop(w);
    let fresh = tmp.path().join("fresh");
    let o = playaid(&["build", game.to_str().unwrap(), "-o", fresh.to_str().unwrap(), "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (watched, built) = (out.join("salt-crown-1.0"), fresh.join("salt-crown-1.0"));
    let mut compared = 0;
    for file in walk(&built) {
        let rel = file.strip_prefix(&built).unwrap();
        // The Tabletop Simulator saves name their pictures by absolute path: another folder.
        if rel.extension().is_some_and(|e| e == "json") {
            continue;
        }
        let ours = std::fs::read(watched.join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()));
        assert!(ours == std::fs::read(&file).unwrap(), "{} differs from a fresh build's", rel.display());
        compared += 1;
    }
    assert!(compared > 40, "the module, the PDFs and the pictures: {compared}");
}
