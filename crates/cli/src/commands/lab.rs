//! `silk lab`: utilities over run directories.

use crate::error::CliResult;
use crate::lab;
use crate::output::Out;
use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub enum LabCommand {
    /// Combine the run directories of `silk simulate --shard K/N --out DIR` into one summary.
    Merge {
        /// The run directories to combine (each written by `silk simulate --shard K/N --out DIR`).
        dirs: Vec<PathBuf>,
        /// Write the merged run here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write a self-contained HTML report of the merged run.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Replace files that already exist at --out or --html.
        #[arg(long)]
        force: bool,
    },
}

impl LabCommand {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        match self {
            LabCommand::Merge {
                dirs,
                out: dir,
                html,
                force,
            } => {
                let to = crate::output::Outputs {
                    dir: dir.as_deref(),
                    html: html.as_deref(),
                    force,
                };
                lab::merge(&dirs, to, out, &mut crate::run_job)
            }
        }
    }
}
