//! `playaid watch DIR`: build, then rebuild whenever a file of the game changes. One Builder
//! (one Typst World) lives for the whole session, so a rebuild redoes only what changed. A
//! build with errors prints them and keeps the last good PDFs; the watch goes on, even after the
//! watchdog stops a runaway build (E039): the watch then starts itself again.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use playaid::build::{BuildOptions, Builder, Progress};
use playaid::diag;

/// Changes closer together than this are one edit (editors write files in several steps).
const SETTLE: Duration = Duration::from_millis(40);

pub fn run(dir: &Path, opts: BuildOptions) -> ExitCode {
    if !dir.join("game.toml").is_file() {
        eprintln!("error: `{}` has no game.toml; give the folder that holds game.toml", dir.display());
        return ExitCode::from(2);
    }
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let out = std::env::current_dir().map(|c| c.join(&opts.out_dir)).unwrap_or_else(|_| opts.out_dir.clone());
    let out = out.canonicalize().unwrap_or(out);
    let mut builder = Builder::new(&dir, opts);
    // Pieces, boards and charts that did not change are not drawn again.
    playaid::render::png::remember_between_builds(true);

    let (tx, rx) = mpsc::channel();
    let mut watcher = match notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        // Reading a file is an event too (our own builds read every file): only changes count.
        if let Ok(ev) = ev
            && matches!(
                ev.kind,
                notify::EventKind::Create(_) | notify::EventKind::Modify(_) | notify::EventKind::Remove(_)
            )
        {
            let _ = tx.send(ev.paths);
        }
    }) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: cannot watch files: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = watcher.watch(&dir, RecursiveMode::Recursive) {
        eprintln!("error: cannot watch `{}`: {e}", dir.display());
        return ExitCode::from(2);
    }

    if std::env::var_os(RESTARTED).is_some() {
        // The watchdog stopped the last build (E039) and started this watch again: building the
        // same files again would only hit the same limit, so wait for the fix.
        println!("watching {} again: fix the game and save, and it builds (Ctrl-C to stop)", dir.display());
    } else {
        rebuild(&mut builder, "first build");
        println!("watching {} (Ctrl-C to stop)", dir.display());
    }
    loop {
        let Ok(paths) = rx.recv() else { return ExitCode::SUCCESS };
        let mut changed: Vec<PathBuf> = paths.into_iter().filter(|p| relevant(p, &dir, &out)).collect();
        // Let the edit settle, gathering every file it touched.
        while let Ok(more) = rx.recv_timeout(SETTLE) {
            changed.extend(more.into_iter().filter(|p| relevant(p, &dir, &out)));
        }
        if changed.is_empty() {
            continue;
        }
        changed.sort();
        changed.dedup();
        let names: Vec<String> =
            changed.iter().map(|p| p.strip_prefix(&dir).unwrap_or(p).display().to_string()).collect();
        rebuild(&mut builder, &changed_files(&names));
    }
}

/// Set when the watch was started again after the watchdog stopped a build.
const RESTARTED: &str = "PLAYAID_WATCH_RESTARTED";

/// The watchdog stopped a build (a game's template that loops or eats memory): report E039,
/// then start the same watch again in this process (the runaway compile cannot be stopped
/// inside it), waiting for the next change instead of building the same files again.
pub fn stopped(s: &playaid::limits::Stopped) -> ! {
    let found = [s.diagnostic()];
    let files = playaid::source::Files::default();
    crate::print_findings(&found, &files, crate::Format::Human);
    #[cfg(unix)]
    if let Ok(exe) = std::env::current_exe() {
        use std::os::unix::process::CommandExt;
        let err = std::process::Command::new(exe).args(std::env::args_os().skip(1)).env(RESTARTED, "1").exec();
        eprintln!("error: cannot start watching again: {err}");
    }
    std::process::exit(1)
}

/// The kinds of file a game is made of (data, spreadsheets, templates, pictures, icons,
/// fonts): a change to any other file (an editor's swap file, backup or temporary copy, a
/// safe-save's `units.toml.XXXXXX`, Vim's `4913`) is no reason to rebuild.
const GAME_FILES: &[&str] = &[
    "toml", "csv", "typ", "svg", "png", "jpg", "jpeg", "gif", "webp", "ttf", "otf", "ttc", "otc",
    // What a game's own template may read through Typst.
    "json", "yaml", "yml", "txt", "xml", "bib", "pdf", "po",
];

/// A change worth a rebuild: a file of a kind the game reads (or a folder), inside the game folder, not in
/// the output folder, not an editor's scratch file, and not a hidden file (which covers
/// Emacs's `.#units.toml` locks and Vim's `.units.toml.swp`).
fn relevant(path: &Path, dir: &Path, out: &Path) -> bool {
    if path.starts_with(out) || !path.starts_with(dir) {
        return false;
    }
    let rel = path.strip_prefix(dir).unwrap_or(path);
    let hidden = rel.components().any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let output = rel.components().next().is_some_and(|c| c.as_os_str() == "out" || c.as_os_str() == "target");
    // A new folder (`templates/`) counts: the files created in it may come before it is watched.
    let kind = path.extension().is_some_and(|e| GAME_FILES.iter().any(|k| e.eq_ignore_ascii_case(k)))
        || (path != dir && path.is_dir());
    kind && !hidden && !scratch(&name) && !output
}

/// A file an editor writes beside the one being edited that still ends like a game file:
/// Office's lock files (`~$units.csv`). The others end otherwise (`#units.toml#`,
/// `units.toml.swp`, `units.toml~`) or are hidden.
fn scratch(name: &str) -> bool {
    name.starts_with("~$")
}

/// The changed files for the rebuild's line: up to three names, then how many more.
fn changed_files(names: &[String]) -> String {
    match names.len() {
        0..=3 => names.join(", "),
        n => format!("{} and {} more", names[..2].join(", "), n - 2),
    }
}

fn rebuild(builder: &mut Builder, why: &str) {
    let t = Instant::now();
    let (mut check, mut slowest) = (None, None::<(String, u128)>);
    let result = builder.build(&mut |p| match p {
        Progress::Checked { took, .. } => check = Some(took.as_millis()),
        // A document whose data did not change is reused: no time taken.
        Progress::Rendered { took, .. } if took.is_zero() => {}
        Progress::Rendered { file, took, .. } => {
            if slowest.as_ref().is_none_or(|(_, ms)| took.as_millis() > *ms) {
                slowest = Some((file.to_string(), took.as_millis()));
            }
        }
        Progress::Rendering { .. } | Progress::Part { .. } => {}
    });
    match result {
        Err(msg) => println!("{why}: error: {msg}"),
        Ok(report) => {
            // Pictures this build (its languages too) did not draw are not kept for the next; a
            // build with errors drew nothing, and the fixing rebuild will want them.
            if !report.has_errors() {
                playaid::render::png::forget_unused();
            }
            let ms = t.elapsed().as_millis();
            if !report.diags.is_empty() {
                crate::print_findings(&report.diags, &report.files, crate::Format::Human);
            }
            if report.has_errors() {
                println!("{why}: {} in {ms} ms; kept the last good PDFs", diag::summary(&report.diags));
            } else {
                // What was already there, the same bytes, is not said to be rebuilt.
                let (rebuilt, reused): (Vec<&playaid::build::Written>, Vec<_>) =
                    report.written.iter().partition(|w| !w.reused);
                println!("{why}: {}", rebuilt_line(&rebuilt, ms, check, slowest, reused.len()));
            }
        }
    }
    // Waiting for the next change is not a step the time limit counts.
    playaid::limits::idle();
}

/// One short line for a rebuild: the files written by kind, the time it took, the check's
/// time, the slowest document and how many were reused unchanged.
fn rebuilt_line(
    written: &[&playaid::build::Written],
    ms: u128,
    check: Option<u128>,
    slowest: Option<(String, u128)>,
    unchanged: usize,
) -> String {
    let mut kinds: std::collections::BTreeMap<String, usize> = Default::default();
    for w in written {
        let ext = w.path.extension().map_or("other".into(), |e| e.to_string_lossy().to_uppercase());
        *kinds.entry(ext).or_default() += 1;
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let mut line = if written.is_empty() {
        format!("rebuilt nothing in {ms} ms")
    } else {
        format!("rebuilt {} ({}) in {ms} ms", crate::plural(written.len(), "file"), kinds.join(", "))
    };
    if let Some(c) = check {
        line += &format!("; check {c} ms");
    }
    if let Some((file, took)) = slowest {
        line += &format!(", slowest {file} {took} ms");
    }
    if unchanged > 0 {
        line += &format!("; {unchanged} unchanged");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editor_scratch_files_are_not_game_files() {
        let dir = Path::new("/games/harbour-raid");
        let out = Path::new("/games/out");
        for name in [
            ".#units.toml",
            "units.toml~",
            ".units.toml.swp",
            "units.toml.swp",
            "4913",
            "5036",
            "units.toml.tmp",
            "#units.toml#",
            "units.toml___jb_tmp___",
            "units.toml___jb_old___",
            "units.toml.XYZ123",
            "units.toml.kate-swp",
            "units.toml.bak",
            "~$units.csv",
            "Thumbs.db",
            "",
        ] {
            assert!(!relevant(&dir.join(name), dir, out), "{name} is an editor's scratch file");
        }
        for name in
            ["units.toml", "images/lcvp.png", "templates/cheatsheet.typ", "4913.toml", "fonts/Game.OTF", "units.csv"]
        {
            assert!(relevant(&dir.join(name), dir, out), "{name} is part of the game");
        }
        assert!(!relevant(&out.join("harbour-raid-1.2/cheatsheet.pdf"), dir, out), "output");
        assert!(!relevant(&dir.join("out/harbour-raid-1.2/cheatsheet.pdf"), dir, out), "output inside the game");
    }

    #[test]
    fn a_rebuild_is_one_short_line() {
        let written: Vec<playaid::build::Written> = (0..40)
            .map(|i| playaid::build::Written {
                path: PathBuf::from(if i < 3 {
                    format!("out/g/doc{i}.pdf")
                } else {
                    format!("out/g/png/face-{i}.png")
                }),
                pages: 1,
                bytes: 1,
                reused: false,
            })
            .collect();
        let written: Vec<&playaid::build::Written> = written.iter().collect();
        let line = rebuilt_line(&written, 180, Some(40), Some(("rules.pdf".into(), 90)), 2);
        assert_eq!(
            line,
            "rebuilt 40 files (3 PDF, 37 PNG) in 180 ms; check 40 ms, slowest rules.pdf 90 ms; 2 unchanged"
        );
        // Every document reused: nothing is said to be rebuilt.
        assert_eq!(rebuilt_line(&[], 30, Some(28), None, 5), "rebuilt nothing in 30 ms; check 28 ms; 5 unchanged");
        let names: Vec<String> = ["a.toml", "b.toml", "c.csv", "d.typ", "e.png"].map(String::from).to_vec();
        assert_eq!(changed_files(&names[..3]), "a.toml, b.toml, c.csv");
        assert_eq!(changed_files(&names), "a.toml, b.toml and 3 more");
    }
}
