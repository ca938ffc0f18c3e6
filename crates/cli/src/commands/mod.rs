//! One module per command: each owns its arguments (a `clap::Args` struct or a subcommand
//! enum) and the body that reads them and calls the crate that does the work.

pub mod bench;
pub mod compare;
pub mod coverage;
pub mod data;
pub mod find;
pub mod findings;
pub mod games;
pub mod gaps;
pub mod lab;
pub mod ladder;
pub mod learn;
pub mod play;
pub mod playtests;
pub mod replay;
pub mod rules;
pub mod simulate;
pub mod stalls;
pub mod sweep;
pub mod table;
pub mod tune;
