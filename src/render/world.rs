//! The Typst `World` of one game: its root is the game folder, and it serves
//!
//! - `/playaid/data.json` and `/playaid/texts.typ` from memory (set before each compile);
//! - `/templates/<name>` from the game's own `templates/` folder when the file exists there,
//!   else the built-in template embedded from `templates/`;
//! - `/icons/<name>.svg` likewise: the game's own icon, else the built-in one (`crate::icons`);
//! - any other path from the game folder, never outside it (symlinks included);
//! - the embedded fonts only, no packages, and a fixed date.
//!
//! One `GameWorld` lives across compiles (watch mode): file ids are stable, file contents are
//! cached until `reset`. Each compile sees it through a `DocWorld` that adds the document's own
//! template, data and texts, so several documents compile at once on one `GameWorld`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use typst::diag::{FileError, FileResult, PackageError};
use typst::foundations::{Bytes, Datetime};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

use crate::layout::fonts::{Fonts, fonts};

/// Templates built into the binary: (file name, source).
pub const BUILTIN_TEMPLATES: &[(&str, &str)] = &[
    ("lib.typ", include_str!("../../templates/lib.typ")),
    ("lib/base.typ", include_str!("../../templates/lib/base.typ")),
    ("lib/icons.typ", include_str!("../../templates/lib/icons.typ")),
    ("lib/charts.typ", include_str!("../../templates/lib/charts.typ")),
    ("lib/units.typ", include_str!("../../templates/lib/units.typ")),
    ("lib/rules.typ", include_str!("../../templates/lib/rules.typ")),
    ("lib/nato.typ", include_str!("../../templates/lib/nato.typ")),
    ("lib/sheets.typ", include_str!("../../templates/lib/sheets.typ")),
    ("lib/maps.typ", include_str!("../../templates/lib/maps.typ")),
    ("cheatsheet.typ", include_str!("../../templates/cheatsheet.typ")),
    ("counters.typ", include_str!("../../templates/counters.typ")),
    ("cards.typ", include_str!("../../templates/cards.typ")),
    ("card-parts.typ", include_str!("../../templates/card-parts.typ")),
    ("card-measure.typ", include_str!("../../templates/card-measure.typ")),
    ("changelog.typ", include_str!("../../templates/changelog.typ")),
    ("scenario.typ", include_str!("../../templates/scenario.typ")),
    ("aid.typ", include_str!("../../templates/aid.typ")),
    ("aid-parts.typ", include_str!("../../templates/aid-parts.typ")),
    ("aid-measure.typ", include_str!("../../templates/aid-measure.typ")),
    ("calibrate.typ", include_str!("../../templates/calibrate.typ")),
    ("map.typ", include_str!("../../templates/map.typ")),
    ("map-parts.typ", include_str!("../../templates/map-parts.typ")),
    ("map-measure.typ", include_str!("../../templates/map-measure.typ")),
    ("errata.typ", include_str!("../../templates/errata.typ")),
    ("rules.typ", include_str!("../../templates/rules.typ")),
];

/// The built-in templates parsed, shared by every world of this process: a build with print
/// profiles, watch mode and the tests make several worlds, and each parsing the same templates
/// again (and dropping the trees) was most of a small game's compile.
fn builtin_source(id: FileId, text: &'static str) -> Source {
    static PARSED: std::sync::LazyLock<Mutex<HashMap<FileId, Source>>> = std::sync::LazyLock::new(Default::default);
    PARSED.lock().unwrap().entry(id).or_insert_with(|| Source::new(id, text.to_string())).clone()
}

/// The text of the built-in template `name` (a file name under `templates/`).
fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN_TEMPLATES.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// Typst's standard library, one for the process: it holds nothing of a game's, and its hash
/// (part of every memoised result's key) is computed once.
fn library() -> &'static LazyHash<Library> {
    static LIBRARY: std::sync::LazyLock<LazyHash<Library>> =
        std::sync::LazyLock::new(|| LazyHash::new(Library::default()));
    &LIBRARY
}

/// Where templates read the document's data (`json(...)`), served from memory.
pub const DATA_PATH: &str = "/playaid/data.json";
/// The generated module holding every markup field, served from memory.
pub const TEXTS_PATH: &str = "/playaid/texts.typ";

/// What every document of one game folder shares: the folder as root, templates from the game
/// or built in, embedded fonts, no packages, a fixed date. Shared between threads: each compile
/// looks at it through its own [`DocWorld`].
pub struct GameWorld {
    root: PathBuf,
    today: Option<Datetime>,
    texts_id: FileId,
    data_id: FileId,
    /// The last texts.typ source per template, edited in place so Typst reparses only what
    /// changed.
    texts: Mutex<HashMap<FileId, Source>>,
    /// File contents read so far, by id (sources keep their parse for incremental reuse).
    sources: Mutex<HashMap<FileId, FileResult<Source>>>,
    files: Mutex<HashMap<FileId, FileResult<Bytes>>>,
    /// When each file read from disk was last modified (`None`: it was not there), so that
    /// `reset` forgets only what changed.
    stamps: Mutex<HashMap<FileId, Option<std::time::SystemTime>>>,
    /// The fonts: embedded, and the game's own once `set_fonts` is called.
    fonts: std::sync::Arc<Fonts>,
    book: LazyHash<FontBook>,
}

/// The id of `/templates/<name>.typ`, for a plain template name.
pub(crate) fn template_id(name: &str) -> Result<FileId, String> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain {
        return Err(format!(
            "`{name}` is not a template name: use a file name under templates/ without `.typ`, such as `cheatsheet`"
        ));
    }
    Ok(file_id(&format!("/templates/{name}.typ")))
}

pub(crate) fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).expect("a valid virtual path");
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

impl GameWorld {
    /// A World for the game folder `root` (it must exist); `date` is what `datetime.today()`
    /// returns.
    pub fn new(root: &Path, date: Option<(i32, u8, u8)>) -> std::io::Result<GameWorld> {
        let root = root.canonicalize()?;
        let today = date
            .and_then(|(y, m, d)| Datetime::from_ymd(y, m, d))
            .or_else(source_date_epoch)
            .or_else(|| Datetime::from_ymd(2000, 1, 1));
        Ok(GameWorld {
            root,
            today,
            texts: Mutex::new(HashMap::new()),
            texts_id: file_id(TEXTS_PATH),
            data_id: file_id(DATA_PATH),
            sources: Mutex::new(HashMap::new()),
            files: Mutex::new(HashMap::new()),
            stamps: Mutex::new(HashMap::new()),
            fonts: std::sync::Arc::new(Fonts { book: fonts().book.clone(), fonts: fonts().fonts.clone() }),
            book: LazyHash::new(fonts().book.clone()),
        })
    }

    /// Print with `set` (the layout's fonts: embedded and the game's own). Nothing changes,
    /// and nothing compiled is forgotten, when they are the fonts already in use.
    pub(crate) fn set_fonts(&mut self, set: std::sync::Arc<Fonts>) {
        if set.fonts != self.fonts.fonts {
            self.book = LazyHash::new(set.book.clone());
            self.fonts = set;
        }
    }

    /// The World of one compile: `template` (a file name under `/templates/` without `.typ`:
    /// letters, digits, `-`, `_`, `.`; no folders) with its data and texts.
    pub(crate) fn document(&self, template: &str, data_json: &[u8], texts_typ: &str) -> Result<DocWorld<'_>, String> {
        let main = template_id(template)?;
        let texts = {
            let mut cache = self.texts.lock().unwrap();
            let src = cache.entry(main).or_insert_with(|| Source::new(self.texts_id, texts_typ.to_string()));
            if src.text() != texts_typ {
                src.replace(texts_typ);
            }
            src.clone()
        };
        Ok(DocWorld { game: self, main, data: Bytes::new(data_json.to_vec()), texts })
    }

    /// Forget the cached contents of files that changed on disk since they were read (or
    /// appeared, or went away); the rest, parsed, stays for the next compile.
    pub fn reset(&mut self) {
        let stamps = std::mem::take(self.stamps.get_mut().unwrap());
        let (changed, same): (Vec<_>, Vec<_>) = stamps.into_iter().partition(|(id, when)| self.modified(*id) != *when);
        *self.stamps.get_mut().unwrap() = same.into_iter().collect();
        for (id, _) in changed {
            self.sources.get_mut().unwrap().remove(&id);
            self.files.get_mut().unwrap().remove(&id);
        }
    }

    /// When the file behind `id` in the game folder was last modified; `None` if it is not there.
    fn modified(&self, id: FileId) -> Option<std::time::SystemTime> {
        let real = id.get().vpath().realize(&self.root).ok()?;
        std::fs::metadata(real).and_then(|m| m.modified()).ok()
    }

    /// The files on disk this world looked at since the last `reset` (read, or looked for and
    /// found missing, such as a game's own template that would override a built-in one): what
    /// a watcher should watch.
    pub fn dependencies(&self) -> Vec<PathBuf> {
        let sources = self.sources.lock().unwrap();
        let files = self.files.lock().unwrap();
        let mut out: Vec<PathBuf> = sources
            .keys()
            .chain(files.keys())
            .filter(|id| **id != self.data_id && **id != self.texts_id)
            .filter(|id| matches!(id.get().root(), VirtualRoot::Project))
            .filter_map(|id| id.get().vpath().realize(&self.root).ok())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The game folder, canonicalised.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Read a file: the game's own file, a template, or an error; remember when it was modified.
    fn read(&self, id: FileId) -> FileResult<Vec<u8>> {
        let when = self.modified(id);
        self.stamps.lock().unwrap().insert(id, when);
        self.read_now(id)
    }

    /// The built-in template `id` stands for, when the game has no file of its own there (its
    /// absence remembered, as for a read, so that watch mode sees one appear).
    fn builtin_template(&self, id: FileId) -> Option<&'static str> {
        let text = builtin_text(id.get().vpath().get_with_slash().strip_prefix("/templates/")?)?;
        if !matches!(id.get().root(), VirtualRoot::Project) || self.modified(id).is_some() {
            return None;
        }
        self.stamps.lock().unwrap().insert(id, None);
        Some(text)
    }

    fn read_now(&self, id: FileId) -> FileResult<Vec<u8>> {
        let rooted = id.get();
        if let VirtualRoot::Package(pkg) = rooted.root() {
            return Err(FileError::Package(PackageError::Other(Some(
                format!("packages such as {pkg} are not available: playaid works offline; copy what you need into the game folder").into(),
            ))));
        }
        let vpath = rooted.vpath();
        let path_str = vpath.get_with_slash();
        if path_str.starts_with("/playaid/") {
            // The generated files live only in memory; nothing else is in this folder.
            return Err(FileError::NotFound(PathBuf::from(path_str)));
        }
        let real = vpath.realize(&self.root).map_err(FileError::Realize)?;
        if let Some(name) = path_str.strip_prefix("/templates/")
            && !real.is_file()
        {
            return builtin_text(name)
                .map(|text| text.as_bytes().to_vec())
                .ok_or_else(|| FileError::NotFound(PathBuf::from(path_str)));
        }
        if let Some(file) = path_str.strip_prefix("/icons/")
            && !real.is_file()
        {
            let builtin = file.strip_suffix(".svg").and_then(crate::icons::builtin);
            return builtin
                .map(|svg| svg.as_bytes().to_vec())
                .ok_or_else(|| FileError::NotFound(PathBuf::from(path_str)));
        }
        // Confine to the game folder: resolve symlinks and check the result.
        let canonical = real.canonicalize().map_err(|e| FileError::from_io(e, Path::new(path_str)))?;
        if !canonical.starts_with(&self.root) {
            return Err(FileError::Other(Some(
                format!("{path_str} leads outside the game folder; playaid reads only files inside it").into(),
            )));
        }
        if canonical.is_dir() {
            return Err(FileError::IsDirectory);
        }
        std::fs::read(&canonical).map_err(|e| FileError::from_io(e, Path::new(path_str)))
    }
}

/// SOURCE_DATE_EPOCH (seconds since 1970) as a date, for reproducible builds.
fn source_date_epoch() -> Option<Datetime> {
    let secs: i64 = std::env::var("SOURCE_DATE_EPOCH").ok()?.trim().parse().ok()?;
    let days = secs.div_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let y = (yoe + era * 400 + if m <= 2 { 1 } else { 0 }) as i32;
    Datetime::from_ymd(y, m, d)
}

/// One compile's view of a [`GameWorld`]: its main template, `/playaid/data.json` and
/// `/playaid/texts.typ`.
pub struct DocWorld<'g> {
    game: &'g GameWorld,
    main: FileId,
    data: Bytes,
    texts: Source,
}

impl World for DocWorld<'_> {
    fn library(&self) -> &LazyHash<Library> {
        library()
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.game.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        let game = self.game;
        if id == game.texts_id {
            return Ok(self.texts.clone());
        }
        if id == game.data_id {
            // Only asked for to locate a diagnostic inside data.json (templates use `json`).
            let text = std::str::from_utf8(self.data.as_slice()).map_err(|_| FileError::InvalidUtf8)?;
            return Ok(Source::new(id, text.to_string()));
        }
        let mut cache = game.sources.lock().unwrap();
        cache
            .entry(id)
            .or_insert_with(|| {
                if let Some(text) = game.builtin_template(id) {
                    return Ok(builtin_source(id, text));
                }
                let bytes = game.read(id)?;
                let text = String::from_utf8(bytes).map_err(|_| FileError::InvalidUtf8)?;
                Ok(Source::new(id, text))
            })
            .clone()
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        let game = self.game;
        if id == game.data_id {
            return Ok(self.data.clone());
        }
        if id == game.texts_id {
            return Ok(Bytes::from_string(self.texts.text().to_string()));
        }
        let mut cache = game.files.lock().unwrap();
        cache.entry(id).or_insert_with(|| game.read(id).map(Bytes::new)).clone()
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.game.fonts.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        self.game.today
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn source_date_epoch_converts() {
        // 2017-05-28 00:00:00 UTC
        unsafe { std::env::set_var("SOURCE_DATE_EPOCH", "1495929600") };
        let d = super::source_date_epoch().unwrap();
        unsafe { std::env::remove_var("SOURCE_DATE_EPOCH") };
        assert_eq!((d.year(), d.month(), d.day()), (Some(2017), Some(5), Some(28)));
    }
}
