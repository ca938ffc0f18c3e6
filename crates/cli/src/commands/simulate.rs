//! `silk simulate`: many bot games, summarised, optionally kept as a run directory.

use crate::args::BatchArgs;
use crate::error::CliResult;
use crate::games::GameName;
use crate::output::Out;
use silk_app::calls;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct SimulateArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Write run.json, games.jsonl (one record per game, written as games finish) and
    /// summary.json here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write a self-contained HTML report with charts.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// With --out: also write each game as an open trace (self-contained JSON: setup,
    /// decisions, chance, result; see docs/traces.md) to DIR/traces/game-K.json as games
    /// finish. Each game is played a second time to record it.
    #[arg(long, requires = "out")]
    pub traces: bool,
    /// Replace files that already exist at --out or --html.
    #[arg(long)]
    pub force: bool,
}

impl SimulateArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        calls::Simulate {
            game: self.game,
            batch: self.batch.request(),
            out: self.out,
            html: self.html,
            traces: self.traces,
            force: self.force,
        }
        .run(out)
    }
}
