//! `silk sweep`: the same simulation for each value of one or two parameters.

use super::BatchRequest;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::jobs::GamesIo;
use crate::lab;
use crate::output::Out;
use serde::Deserialize;
use std::path::PathBuf;

/// A sweep of one parameter, or two (every pair of values).
#[derive(Clone, Deserialize)]
pub struct Sweep {
    pub game: GameName,
    /// Each parameter (its path in the config, or a unique tail) with its values (JSON, or
    /// else text).
    pub params: Vec<(String, Vec<String>)>,
    #[serde(flatten)]
    pub batch: BatchRequest,
    #[serde(default)]
    pub html: Option<PathBuf>,
    /// A targets file (as for `silk gaps`).
    #[serde(default)]
    pub targets: Option<PathBuf>,
    /// Keep the sweep's games and result here.
    #[serde(default)]
    pub out: Option<PathBuf>,
    #[serde(default)]
    pub force: bool,
    /// The games' source when a merge runs the sweep again over its shards.
    #[serde(skip)]
    pub io: GamesIo,
}

impl Sweep {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        self.batch.check()?;
        let Sweep {
            game,
            params,
            batch,
            html,
            targets,
            out: dir,
            force,
            io,
        } = self;
        let io = crate::jobs::games_io(&io, batch.shard.as_deref(), dir.as_deref(), force)?;
        if let Some(path) = &html {
            lab::check_html(path, force)?;
        }
        if params.is_empty() {
            return Err(CliError::input(
                "which parameter? give each --param its own --values",
            ));
        }
        with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            let batch = lab::Batch { io: io.clone(), ..batch.batch(out) };
            crate::design::sweep_run::<G>(&cfg, &params, &batch, html.as_deref(), targets.as_deref(), out)
        })?;
        crate::jobs::finish(&io, out)
    }
}
