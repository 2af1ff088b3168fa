//! Stage 5: write output atomically. A file is written to a temporary name beside its target,
//! flushed to disk, then renamed over the target: readers see the old file or the new one,
//! never half of one, and a failure leaves the old file untouched.

use std::io::Write;
use std::path::Path;

pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b/out.pdf");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(p.parent().unwrap()).unwrap().count(), 1, "no temp file left");
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
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "no temp file left: {names:?}");
    }
}
