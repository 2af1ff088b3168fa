//! playaid: a game's rules data in, checked print-ready play-aids out.
//!
//! The pipeline, one module per stage:
//! [`load`] (TOML with spans) → [`check`] (the findings) → [`export`] (the data a template
//! sees) → [`render`] (Typst) → [`write`] (atomic output files).
//! [`model`] is the one data model for every game; [`diag`] holds findings and their codes;
//! [`markup`] handles the Typst markup fields with their `[[...]]` references; [`diff`] compares
//! two versions of a game's data.

pub mod build;
pub mod check;
pub mod diag;
pub mod diff;
pub mod export;
pub mod load;
pub mod markup;
pub mod model;
pub mod render;
pub mod write;
