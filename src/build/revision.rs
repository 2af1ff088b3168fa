//! A game folder as it was at a git revision, read exactly as `check` and `build` read a
//! folder: the revision's files are written to a temporary folder (nothing is checked out in
//! the designer's), which is loaded and checked by the same code, then removed. So the files
//! `check` leaves alone (`.taplo.toml`, `out/`, notes) are left alone here too, and the game's
//! templates, fonts and icons are compared as they were.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::build::{self, Checked};
use crate::load;

/// Load and check the game folder `dir` as it was at git revision `rev`. Findings point at
/// the folder's own paths.
pub fn check_revision(dir: &Path, rev: &str) -> Result<Checked, String> {
    let tmp = std::env::temp_dir().join(format!("playaid-diff-{}-{}", std::process::id(), unique()));
    let result = write_revision(dir, rev, &tmp).and_then(|()| {
        let loaded = load::load(&tmp)?;
        Ok(build::check_loaded_unmeasured(loaded, None))
    });
    let _ = std::fs::remove_dir_all(&tmp);
    let mut checked = result?;
    // The files were read from the copy: name them as the folder's.
    for f in &mut checked.game.files.files {
        if let Ok(rel) = f.path.strip_prefix(&tmp) {
            f.path = dir.join(rel);
            f.name = load::display_name(&f.path);
        }
    }
    checked.game.root = dir.to_path_buf();
    Ok(checked)
}

fn unique() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn git(dir: &Path) -> Command {
    let mut c = Command::new("git");
    c.arg("-C").arg(dir);
    c
}

/// Every file of `dir` at `rev` (regular files; links and submodules are not game data),
/// written below `to`.
fn write_revision(dir: &Path, rev: &str, to: &Path) -> Result<(), String> {
    let o =
        git(dir).args(["ls-tree", "-r", "-z", rev, "--", "."]).output().map_err(|e| format!("cannot run git: {e}"))?;
    if !o.status.success() {
        return Err(format!("git ls-tree {rev}: {}", String::from_utf8_lossy(&o.stderr).trim()));
    }
    // "<mode> blob <sha>\t<path>", each ended by NUL; paths relative to `dir`.
    let mut blobs: Vec<(String, PathBuf)> = Vec::new();
    for entry in o.stdout.split(|b| *b == 0).filter(|e| !e.is_empty()) {
        let entry = String::from_utf8_lossy(entry);
        let Some((head, path)) = entry.split_once('\t') else { continue };
        let parts: Vec<&str> = head.split(' ').collect();
        if let [mode, "blob", sha] = parts[..]
            && mode.starts_with("100")
            && !path.split('/').any(|c| c == "..")
        {
            blobs.push((sha.to_string(), PathBuf::from(path)));
        }
    }
    if !blobs.iter().any(|(_, p)| p == Path::new("game.toml")) {
        return Err(format!("`{}` has no game.toml at revision {rev}", dir.display()));
    }
    // One `git cat-file --batch` for all of them: "<sha> blob <size>\n<bytes>\n" each.
    let mut child = git(dir)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("git cat-file: no input")?;
    let shas: String = blobs.iter().map(|(sha, _)| format!("{sha}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(shas.as_bytes()));
    let mut out = BufReader::new(child.stdout.take().ok_or("git cat-file: no output")?);
    let result = (|| -> Result<(), String> {
        for (_, path) in &blobs {
            let mut header = String::new();
            out.read_line(&mut header).map_err(|e| format!("git cat-file: {e}"))?;
            let size: usize = header
                .split_whitespace()
                .nth(2)
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("git cat-file: unexpected `{}`", header.trim()))?;
            let mut bytes = vec![0; size + 1];
            out.read_exact(&mut bytes).map_err(|e| format!("git cat-file: {e}"))?;
            bytes.pop();
            let target = to.join(path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| format!("cannot write `{}`: {e}", parent.display()))?;
            }
            std::fs::write(&target, bytes).map_err(|e| format!("cannot write `{}`: {e}", target.display()))?;
        }
        Ok(())
    })();
    let _ = writer.join();
    let _ = child.wait();
    result
}
