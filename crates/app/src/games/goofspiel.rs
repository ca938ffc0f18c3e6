//! Goofspiel: silk-core's reference game, playable for trying the CLI.

use super::{generic_only, read_json, CliGame, DataFiles};
use crate::error::CliResult;
use silk_bots::BotKind;
use silk_core::goofspiel::{GoofConfig, Goofspiel};
use silk_core::Player;

impl CliGame for Goofspiel {
    const MECHANICS_LISTED: bool = false;

    const SUMMARY: &'static str =
        "Goofspiel: sealed bids for a shuffled prize deck (silk-core's test game)";

    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<GoofConfig> {
        let mut config: GoofConfig = match files.config {
            Some(path) => read_json(path)?,
            None => GoofConfig::default(),
        };
        if let Some(n) = players {
            config.players = n;
        }
        Ok(config)
    }

    fn bot(kind: BotKind, seed: u64) -> CliResult<Box<dyn Player<Self>>> {
        generic_only::<Self>(kind, seed)
    }
}
