//! Helpers shared by the integration tests: running the built binary, copying game folders and
//! reading PDFs with poppler's `pdftotext` / `pdfinfo` (installed by .ci/run).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the built `playaid` with `args` and waits for it.
pub fn playaid(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_playaid")).args(args).output().expect("run playaid")
}

/// Runs the built `playaid` with `args` in the folder `cwd`.
pub fn playaid_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_playaid")).args(args).current_dir(cwd).output().expect("run playaid")
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Text of a PDF in content order, whitespace folded to single spaces.
pub fn pdf_text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg("-raw")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success(), "pdftotext failed on {}", pdf.display());
    String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// (width, height) of the first page in points, and the page count.
pub fn pdf_info(pdf: &Path) -> ((f64, f64), usize) {
    let out = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo (poppler-utils) is installed");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let size = text.lines().find(|l| l.starts_with("Page size:")).expect("page size");
    let nums: Vec<f64> = size.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    let pages = text
        .lines()
        .find(|l| l.starts_with("Pages:"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .expect("pages");
    ((nums[0], nums[1]), pages)
}
