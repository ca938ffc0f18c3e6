//! `silk gaps`: how far the design misses a designer's targets.

use crate::args::BatchArgs;
use crate::design;
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct GapsArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// The targets (and the table-time model) as JSON.
    #[arg(long, value_name = "FILE")]
    pub targets: PathBuf,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Write the run's HTML report with the gaps at the top.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// Replace the report if it exists.
    #[arg(long)]
    pub force: bool,
}

impl GapsArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let GapsArgs {
            game,
            targets,
            batch,
            html,
            force,
        } = self;
        with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            design::gaps::<G>(&cfg, &targets, &batch.batch(out), html.as_deref(), force, out)
        })
    }
}
