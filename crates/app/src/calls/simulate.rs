//! `silk simulate`: many bot games, summarised, optionally kept as a run directory.

use super::BatchRequest;
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::lab;
use crate::output::Out;
use serde::Deserialize;
use std::path::PathBuf;

/// A batch of bot games of one game.
#[derive(Clone, Debug, Deserialize)]
pub struct Simulate {
    pub game: GameName,
    #[serde(flatten)]
    pub batch: BatchRequest,
    /// The run directory: run.json, games.jsonl (written as games finish), summary.json.
    #[serde(default)]
    pub out: Option<PathBuf>,
    /// A self-contained HTML report.
    #[serde(default)]
    pub html: Option<PathBuf>,
    /// With `out`: each game also as an open trace under `out/traces/`.
    #[serde(default)]
    pub traces: bool,
    /// Replace what exists at `out` or `html`.
    #[serde(default)]
    pub force: bool,
}

impl Simulate {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        self.batch.check()?;
        let Simulate {
            game,
            batch,
            out: dir,
            html,
            traces,
            force,
        } = self;
        with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            let to = crate::output::Outputs { dir: dir.as_deref(), html: html.as_deref(), force };
            lab::simulate::<G>(&cfg, &batch.batch(out), to, traces, out)
        })
    }
}
