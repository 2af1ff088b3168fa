//! The integration tests, one binary: each file is a module (`cargo test --test suite cards::`).

mod common;

mod blocks;
mod boards;
mod build;
mod card_fit;
mod cards;
mod charts;
mod check_cases;
mod cli;
mod compat;
mod diff_fields;
mod examples;
mod explain;
mod field_mistakes;
mod format;
mod fuzz;
mod icons;
mod legibility;
mod maps;
mod measure;
mod mutations;
mod new;
mod pieces;
mod press;
mod release;
mod scenarios;
mod schema;
mod since;
mod stages;
mod steps;
mod template_data;
mod translations;
mod versions;
mod vtt;
mod watch;
