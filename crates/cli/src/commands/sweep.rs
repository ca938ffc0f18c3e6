//! `silk sweep`: the same simulation for each value of one or two parameters.

use crate::args::BatchArgs;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::lab;
use crate::output::Out;
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
        let SweepArgs {
            game,
            params,
            batch,
            html,
            targets,
            force,
            out: dir,
            io,
            ..
        } = self;
        let io = crate::jobs::games_io(&io, batch.shard.as_deref(), dir.as_deref(), force)?;
        if let Some(path) = &html {
            lab::check_html(path, force)?;
        }
        if params.len() != values.len() {
            return Err(CliError::input("give each --param its own --values"));
        }
        let pairs: Vec<(String, Vec<String>)> = params.into_iter().zip(values).collect();
        with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            let batch = lab::Batch { io: io.clone(), ..batch.batch(out) };
            lab::sweep_run::<G>(&cfg, &pairs, &batch, html.as_deref(), targets.as_deref(), out)
        })?;
        crate::jobs::finish(&io, out)
    }
}
