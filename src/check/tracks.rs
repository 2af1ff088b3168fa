//! Numbered tracks: a range of boxes that runs upwards and is not unbounded, markers named
//! once; each scenario's starting boxes name a track and its markers, every marker of it, and
//! a box the track has.

use super::Checker;
use crate::diag::{self, Diagnostic};
use crate::model::*;

impl Checker<'_> {
    pub(super) fn check_tracks(&mut self) {
        let game = self.game;
        for t in &game.tracks {
            let Some(to) = &t.to else { continue };
            let n = t.len();
            if !(2..=MAX_TRACK_BOXES as i128).contains(&n) {
                self.push(
                    Diagnostic::error(
                        diag::INVALID_VALUE,
                        format!("track `{}` runs from {} to {}", t.title.v, t.first(), to.v),
                    )
                    .at(&to.loc)
                    .label(format!("{n} boxes"))
                    .help(format!("a track has 2 to {MAX_TRACK_BOXES} boxes, `from` (default 0) below `to`")),
                );
            }
            for (i, m) in t.markers.iter().enumerate() {
                if t.markers[..i].iter().any(|x| x.v == m.v) {
                    self.push(
                        Diagnostic::error(
                            diag::INVALID_VALUE,
                            format!("track `{}` lists marker `{}` twice", t.title.v, m.v),
                        )
                        .at(&m.loc)
                        .help("list each marker once"),
                    );
                }
            }
        }
        for sc in &game.scenarios {
            for (id, starts) in &sc.tracks {
                let Some(t) = self.resolve::<Track>(id) else { continue };
                // A track without its `to` (E003), or whose markers could not be read, has its
                // own finding: its starts wait.
                if t.to.is_some() && !t.broken {
                    self.check_track_starts(t, id, starts);
                }
            }
        }
    }

    /// A scenario's starting boxes on track `t`.
    fn check_track_starts(&mut self, t: &Track, at: &Sp<String>, starts: &TrackStarts) {
        let (lo, hi) = (t.first(), t.to.as_ref().map_or(t.first(), |x| x.v));
        for (m, v) in starts {
            match m {
                Some(m) if !t.markers.iter().any(|x| x.v == m.v) => {
                    let names: Vec<&str> = t.markers.iter().map(|x| x.v.as_str()).collect();
                    let d = Diagnostic::error(
                        diag::UNKNOWN_REFERENCE,
                        format!("track `{}` has no marker `{}`", t.title.v, m.v),
                    )
                    .at(&m.loc)
                    .label("not one of its markers");
                    let d = match diag::did_you_mean(&m.v, names.iter().copied()) {
                        Some(s) => d.help(format!("did you mean `{s}`?")),
                        None if names.is_empty() => d.help(format!(
                            "the track has one marker: write {} = {}",
                            t.id.v,
                            v.as_ref().map_or(lo, |v| v.v)
                        )),
                        None => d.help(format!("its markers are: {}", names.join(", "))),
                    };
                    self.push(d);
                    continue;
                }
                None if t.markers.len() > 1 => {
                    let Some(v) = v else { continue };
                    let example: Vec<String> = t.markers.iter().map(|x| format!("{} = {}", x.v, v.v)).collect();
                    self.push(
                        Diagnostic::error(diag::INVALID_VALUE, format!("track `{}` has several markers", t.title.v))
                            .at(&v.loc)
                            .label("which marker starts here?")
                            .help(format!("give each marker its box: {} = {{ {} }}", t.id.v, example.join(", "))),
                    );
                    continue;
                }
                _ => {}
            }
            if let Some(v) = v
                && (v.v < lo || v.v > hi)
            {
                self.push(
                    Diagnostic::error(diag::INVALID_VALUE, format!("track `{}` has no box {}", t.title.v, v.v))
                        .at(&v.loc)
                        .label(format!("its boxes run from {lo} to {hi}"))
                        .help("start the marker in a box of the track"),
                );
            }
        }
        // A bare number starts a track's one marker; a misspelt marker is its own finding.
        let bare = starts.iter().any(|(m, _)| m.is_none());
        let missing: Vec<&str> = (t.markers.iter())
            .filter(|x| !starts.iter().any(|(m, _)| m.as_ref().is_some_and(|m| m.v == x.v)))
            .map(|x| x.v.as_str())
            .collect();
        let misspelt = starts.iter().any(|(m, _)| m.as_ref().is_some_and(|m| !t.markers.iter().any(|x| x.v == m.v)));
        if !missing.is_empty() && !misspelt && !bare {
            self.push(
                Diagnostic::error(
                    diag::MISSING_FIELD,
                    format!("no starting box for {} on track `{}`", missing.join(", "), t.title.v),
                )
                .at(&at.loc)
                .help(format!("give every marker its box: {} = 0", missing[0])),
            );
        }
    }
}
