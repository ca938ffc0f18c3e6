//! `silk ladder`: a round-robin of bots with ratings; skill depth and restricted play.

use super::Data;
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::jobs::GamesIo;
use crate::output::Out;
use crate::{ladder, skill};
use serde::Deserialize;
use std::path::PathBuf;

/// A ladder of `bots`; with `depth`, a search bot's skill at each budget against the field
/// (`bots`, default the standard field); with `restricted`, one bot against the field.
#[derive(Clone, Deserialize)]
pub struct Ladder {
    pub game: GameName,
    #[serde(default)]
    pub bots: Vec<String>,
    #[serde(default)]
    pub depth: Option<String>,
    /// The budgets of `depth` (iterations).
    #[serde(default = "budgets")]
    pub budgets: Vec<u32>,
    #[serde(default)]
    pub restricted: Option<String>,
    /// Games per pair of bots.
    #[serde(default = "ladder_games")]
    pub games: u64,
    #[serde(default)]
    pub players: Option<usize>,
    #[serde(default = "super::default::one")]
    pub seed: u64,
    #[serde(default)]
    pub threads: usize,
    #[serde(default = "super::default::hundred_thousand")]
    pub max_decisions: u64,
    #[serde(default)]
    pub html: Option<PathBuf>,
    #[serde(default)]
    pub force: bool,
    #[serde(default)]
    pub data: Data,
    /// Milliseconds an external bot may take per answer.
    #[serde(default = "super::default::bot_time_ms")]
    pub bot_time_ms: u64,
    /// `K/N`: only that slice of every pairing's games.
    #[serde(default)]
    pub shard: Option<String>,
    /// Keep the ladder's games and result here.
    #[serde(default)]
    pub out: Option<PathBuf>,
    /// The games' source when a merge runs the ladder again over its shards.
    #[serde(skip)]
    pub io: GamesIo,
}

fn budgets() -> Vec<u32> {
    skill::DEFAULT_BUDGETS.to_vec()
}

fn ladder_games() -> u64 {
    200
}

impl Ladder {
    /// A ladder of `game` with the command line's defaults: 200 games a pair, seed 1, all
    /// cores; no bots yet.
    pub fn new(game: GameName) -> Ladder {
        Ladder {
            game,
            bots: Vec::new(),
            depth: None,
            budgets: skill::DEFAULT_BUDGETS.to_vec(),
            restricted: None,
            games: 200,
            players: None,
            seed: 1,
            threads: 0,
            max_decisions: 100_000,
            html: None,
            force: false,
            data: Data::default(),
            bot_time_ms: crate::outside::DEFAULT_BOT_TIME_MS,
            shard: None,
            out: None,
            io: GamesIo::default(),
        }
    }
}

impl Ladder {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        if self.max_decisions == 0 || self.bot_time_ms == 0 {
            return Err(crate::error::CliError::input(
                "max decisions and bot time must be at least 1",
            ));
        }
        let Ladder {
            game,
            bots,
            depth,
            budgets,
            restricted,
            games,
            players,
            seed,
            threads,
            max_decisions,
            html,
            force,
            data,
            bot_time_ms,
            shard,
            out: dir,
            io,
        } = self;
        crate::outside::set_bot_time(bot_time_ms);
        if depth.is_some() || restricted.is_some() {
            let field = if bots.is_empty() {
                skill::STANDARD_FIELD
                    .iter()
                    .map(|s| s.to_string())
                    .filter(|s| Some(s) != restricted.as_ref())
                    .collect()
            } else {
                bots.iter().map(|b| b.trim().to_string()).collect()
            };
            let args = skill::SubjectArgs {
                field,
                games,
                seed,
                threads,
                max_decisions,
                progress: out.progress(),
            };
            return with_game!(game, G => {
                let cfg = G::config(players, &data.files()?)?;
                match (&depth, &restricted) {
                    (Some(bot), _) => skill::depth::<G>(&cfg, bot.trim(), &budgets, &args, out),
                    (None, Some(bot)) => skill::restricted::<G>(&cfg, bot.trim(), &args, out),
                    (None, None) => Ok(()),
                }
            });
        }
        let io = crate::jobs::games_io(&io, shard.as_deref(), dir.as_deref(), force)?;
        let args = ladder::LadderArgs {
            bots,
            games,
            seed,
            threads,
            max_decisions,
            html,
            force,
            progress: out.progress(),
            shard: shard.as_deref().map(silk_lab::Shard::parse).transpose()?,
            io: io.clone(),
        };
        with_game!(game, G => {
            let cfg = G::config(players, &data.files()?)?;
            ladder::ladder::<G>(&cfg, &args, out)
        })?;
        crate::jobs::finish(&io, out)
    }
}
