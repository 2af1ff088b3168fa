#![warn(missing_docs)]
#![warn(unreachable_pub)]
//! playaid: a game's rules data in, checked print-ready play-aids out.
//!
//! The pipeline, one module per stage, each importing only the ones before it:
//! [`source`] (files and places in them) → [`model`] (the one data model for every game) →
//! [`load`] (TOML and CSV with spans into the model; [`schema`] prints what it reads as a JSON
//! Schema for editors) → [`check`] (findings about the data) →
//! [`layout`] (every piece laid out once, with its findings) → [`export`] (the data a template
//! sees) → [`render`] (Typst) → [`build`] (the stages strung together, written atomically by
//! [`write`](mod@write)). [`diag`] holds findings and their codes, [`length`] lengths in mm and pt; [`markup`] reads the Typst markup
//! fields with their `[[...]]` references; [`icons`] is the built-in icon set. On top:
//! [`diff`] compares two versions of a game's data, and the command line (`main.rs`,
//! `watch.rs`), with [`explain`] (a page per finding code) and [`new`] (a starting game).

pub mod build;
pub mod check;
pub mod diag;
pub mod diff;
pub mod explain;
pub mod export;
pub mod fix;
pub mod icons;
pub mod layout;
pub mod length;
pub mod limits;
pub mod load;
pub mod markup;
pub mod model;
pub mod new;
pub mod render;
pub mod schema;
pub mod source;
pub mod write;
