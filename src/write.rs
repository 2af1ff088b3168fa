//! Stage 5: write output atomically. A file is written to a temporary name beside its target,
//! flushed to disk, then renamed over the target: readers see the old file or the new one,
//! never half of one, and a failure leaves the old file untouched and no temporary file behind.

pub mod setup;
pub mod tts;
pub mod vassal;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Write `bytes` to `path` atomically, creating its parent folders.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let (tmp, mut f) = create_temp(dir, path)?;
    let result = (|| {
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    // Make the rename itself durable; not every file system allows syncing a folder.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A new file `.<name>.<pid>.<n>.tmp` beside the target. Never opens an existing file, so two
/// writers (threads or processes) of the same target never share a temporary file.
fn create_temp(dir: &Path, target: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_content() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b/out.pdf");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(names(p.parent().unwrap()), ["out.pdf"], "no temp file left");
        // Shorter content replaces longer content entirely.
        write_atomic(&p, b"").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"");
    }

    #[test]
    fn failure_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        // The target is a non-empty directory: rename fails.
        let p = dir.path().join("out.pdf");
        std::fs::create_dir(&p).unwrap();
        std::fs::write(p.join("keep"), b"old").unwrap();
        assert!(write_atomic(&p, b"new").is_err());
        assert_eq!(std::fs::read(p.join("keep")).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["out.pdf"], "no temp file left");
    }

    #[test]
    fn failure_to_create_the_folder_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        // The parent "folder" is a file.
        std::fs::write(dir.path().join("file"), b"old").unwrap();
        assert!(write_atomic(&dir.path().join("file/out.pdf"), b"new").is_err());
        assert_eq!(std::fs::read(dir.path().join("file")).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["file"]);
    }

    #[test]
    fn concurrent_writers_do_not_clash() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.pdf");
        std::thread::scope(|s| {
            for i in 0..8u8 {
                let p = &p;
                s.spawn(move || write_atomic(p, &[i; 1000]).unwrap());
            }
        });
        let got = std::fs::read(&p).unwrap();
        assert_eq!(got.len(), 1000);
        assert!(got.iter().all(|b| *b == got[0]), "one writer's bytes, whole");
        assert_eq!(names(dir.path()), ["out.pdf"]);
    }
}
