//! `silk sweep`: the same simulation for each value of one or two parameters.

use crate::args::BatchArgs;
use crate::error::{CliError, CliResult};
use crate::games::GameName;
use crate::output::Out;
use silk_app::calls;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct SweepArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// A parameter by its path in the config (`params.keep_needs_funds`, or a unique tail
    /// such as `keep_needs_funds`). Give it once or twice, each followed by --values.
    #[arg(long = "param", required = true)]
    pub params: Vec<String>,
    /// Values for the preceding --param (JSON: 3, true, "box", [1,2]).
    /// (Each --values keeps its own group: read from the matches, see `values_groups`.)
    #[arg(long = "values", num_args = 1.., required = true, action = clap::ArgAction::Append)]
    pub values: Vec<String>,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Write a self-contained HTML report of the sweep.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// A targets file (as for silk gaps): the report opens on each setting's verdicts and
    /// the measures the targets name come first.
    #[arg(long, value_name = "FILE")]
    pub targets: Option<PathBuf>,
    /// Keep the sweep's games and result in DIR (with --shard K/N: that slice of every
    /// setting's games, for `silk lab merge`; see examples/scale-out).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace the report (and the --out directory) if it exists.
    #[arg(long)]
    pub force: bool,
    /// The games' source when `silk lab merge` runs the sweep again over its shards.
    #[arg(skip)]
    pub io: crate::jobs::GamesIo,
}

impl SweepArgs {
    /// `values`: the `--values` lists, one per occurrence (see `args::values_groups`).
    pub fn run(self, values: Vec<Vec<String>>, out: &mut Out) -> CliResult<()> {
        if self.params.len() != values.len() {
            return Err(CliError::input("give each --param its own --values"));
        }
        calls::Sweep {
            game: self.game,
            params: self.params.into_iter().zip(values).collect(),
            batch: self.batch.request(),
            html: self.html,
            targets: self.targets,
            out: self.out,
            force: self.force,
            io: self.io,
        }
        .run(out)
    }
}
