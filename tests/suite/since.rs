//! Living rules (`build --since OLD`): War at Sea 2.0 built against 1.4 marks the rule
//! paragraphs that changed with a bar in the margin (read back from the page: ink beside the
//! changed item, none beside an unchanged one), marks the changed cards, and writes an errata
//! sheet of only those cards with the changes in words; a build against itself marks nothing,
//! prints the same bytes and writes no errata; OLD may be a git revision.

use std::path::Path;

use crate::common::*;

const DPI: f64 = 150.0;

fn build_since(game: &Path, since: &str, out: &Path) -> std::process::Output {
    playaid(&["build", game.to_str().unwrap(), "--since", since, "-o", out.to_str().unwrap(), "-q"])
}

/// Page 1's words with their left edge and top and bottom, in pt.
fn words(pdf: &Path) -> Vec<(String, f64, f64, f64)> {
    let out = std::process::Command::new("pdftotext")
        .args(["-bbox", "-f", "1", "-l", "1"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let xml = String::from_utf8_lossy(&out.stdout).into_owned();
    let attr = |line: &str, name: &str| -> f64 {
        let at = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[at..at + line[at..].find('"').unwrap()].parse::<f64>().unwrap()
    };
    (xml.lines().filter(|l| l.trim_start().starts_with("<word ")))
        .map(|l| {
            let text = l[l.find('>').unwrap() + 1..l.rfind("</word>").unwrap()].to_string();
            (text, attr(l, "xMin"), attr(l, "yMin"), attr(l, "yMax"))
        })
        .collect()
}

/// The first word of the first run of `seq` in `words`.
fn start_of<'w>(words: &'w [(String, f64, f64, f64)], seq: &[&str]) -> &'w (String, f64, f64, f64) {
    let at = (0..words.len().saturating_sub(seq.len()))
        .find(|&i| seq.iter().enumerate().all(|(k, s)| words[i + k].0 == *s))
        .unwrap_or_else(|| panic!("`{}` is not on the page", seq.join(" ")));
    &words[at]
}

/// Whether there is ink in the margin band left of a list item's text: the change bar sits
/// 5 pt left of the bullet, which is about 7 pt left of the text.
fn bar_beside(page: &Grey, word: &(String, f64, f64, f64)) -> bool {
    let px = |pt: f64| (pt * DPI / 72.0).round() as usize;
    let (x0, x1) = (px(word.1 - 16.0), px(word.1 - 9.5));
    let (y0, y1) = (px(word.2 + 1.0), px(word.3 - 1.0));
    (y0..y1).any(|y| (x0..x1).any(|x| page.ink(x, y)))
}

#[test]
fn war_at_sea_2_0_since_1_4_marks_the_changed_rules_and_cards_and_prints_their_errata() {
    let out = tempfile::tempdir().unwrap();
    let old = repo().join("data/war-at-sea-troop-landing-1.4");
    let o = build_since(&repo().join("data/war-at-sea-troop-landing"), old.to_str().unwrap(), out.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let folder = out.path().join("war-at-sea-troop-landing-2.0");

    // The cheatsheet: a bar beside each changed item, none beside the unchanged ones.
    let cheatsheet = folder.join("cheatsheet.pdf");
    let (ws, page) = (words(&cheatsheet), &pdf_grey_pages(&cheatsheet, DPI as u32)[0]);
    let changed: &[&[&str]] = &[
        &["In", "your", "attack", "step,"], // 8: a die face's markup changed
        &["A", "sunk"],                     // 9: Rescue is now Rescue Operations
        &["No", "victory", "points"],       // 10
        &["Rescue:", "when"],               // 10
    ];
    let unchanged: &[&[&str]] = &[
        &["Opposing", "troop"],
        &["At", "the", "end", "of", "the", "phase:"],
        &["Bombard,", "Shore"],
        &["Use", "any", "standard", "map."],
    ];
    for seq in changed {
        assert!(bar_beside(page, start_of(&ws, seq)), "no change bar beside `{}`", seq.join(" "));
    }
    for seq in unchanged {
        assert!(!bar_beside(page, start_of(&ws, seq)), "a change bar beside the unchanged `{}`", seq.join(" "));
    }

    // The errata sheet: the changes in words, then only the two cards that print otherwise.
    let errata = pdf_text(&folder.join("errata.pdf"));
    for want in ["Errata: version 1.4 to 2.0", "Landing 10: Troop counters carried 3 → 2.", "2 cards to print"] {
        assert!(errata.contains(want), "`{want}` is not on the errata sheet:\n{errata}");
    }
    let cards = errata.split("page 1 of").nth(1).unwrap();
    assert!(cards.contains("Landing 10/5/3") && cards.contains("2/1/1"), "{cards}");
    assert!(cards.contains("Rescue Operations"), "{cards}");
    assert!(!cards.contains("Hard to Kill") && !cards.contains("Troop Counter\n"), "an unchanged card: {cards}");
}

#[test]
fn a_build_since_itself_marks_nothing_and_prints_the_same_bytes() {
    let game = repo().join("data/war-at-sea-troop-landing");
    let (plain, since) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let o = playaid(&["build", game.to_str().unwrap(), "-o", plain.path().to_str().unwrap(), "-q"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = build_since(&game, game.to_str().unwrap(), since.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (a, b) = (plain.path().join("war-at-sea-troop-landing-2.0"), since.path().join("war-at-sea-troop-landing-2.0"));
    assert!(!b.join("errata.pdf").exists(), "nothing changed: no errata sheet");
    for pdf in ["cheatsheet.pdf", "cards.pdf"] {
        assert!(std::fs::read(a.join(pdf)).unwrap() == std::fs::read(b.join(pdf)).unwrap(), "{pdf} differs");
    }
}

#[test]
fn since_takes_a_git_revision_and_refuses_one_that_is_not_there() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("was");
    copy_dir(&repo().join("data/war-at-sea-troop-landing-1.4"), &game);
    let git = |args: &[&str]| {
        let o = std::process::Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(tmp.path())
            .output()
            .expect("git runs");
        assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "1.4"]);
    git(&["tag", "v1.4"]);
    std::fs::remove_dir_all(&game).unwrap();
    copy_dir(&repo().join("data/war-at-sea-troop-landing"), &game);

    let out = tmp.path().join("out");
    let o = build_since(&game, "v1.4", &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let errata = pdf_text(&out.join("war-at-sea-troop-landing-2.0/errata.pdf"));
    assert!(errata.contains("Errata: version 1.4 to 2.0"), "{errata}");

    let o = build_since(&game, "v0.9", &tmp.path().join("out2"));
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("v0.9"), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!tmp.path().join("out2/war-at-sea-troop-landing-2.0/cheatsheet.pdf").exists(), "nothing written");
}
