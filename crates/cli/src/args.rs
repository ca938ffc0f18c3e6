//! The argument groups several commands share: a game's data files and parameters
//! ([`DataArgs`]) and a batch of simulated games ([`BatchArgs`]).

use crate::error::CliResult;
use crate::games::DataFiles;
use crate::lab;
use crate::output::Out;
use silk_app::calls;
use std::path::PathBuf;

/// Data files and variant flags shared by the commands that set up a game.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct DataArgs {
    /// The game's config as JSON (players, parameters, data).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// A board of your own (JSON, as `silk data show GAME map` prints): `--file map=PATH`.
    #[arg(long)]
    pub map: Option<PathBuf>,
    /// Silk Road: a tile mix of your own (JSON, as data/silk-road/tiles.json): `--file
    /// tiles=PATH`.
    #[arg(long)]
    pub tiles: Option<PathBuf>,
    /// Silk Road: the reverse-direction variant (`--set reverse=true`).
    #[arg(long)]
    pub reverse: bool,
    /// Splendor: Cities of Splendor modules, comma-separated (cities, trading-posts, orient,
    /// strongholds; the 2017 rules play them singly): `--set modules=[…]`.
    #[arg(long, value_delimiter = ',')]
    pub modules: Vec<String>,
    /// Splendor: the rules edition where the 2017 box and the 2024 online edition differ
    /// (`--set edition=…`).
    #[arg(long, value_parser = ["2017", "2024"])]
    pub edition: Option<String>,
    /// A data file of your own in place of a bundled one, as NAME=PATH (`silk data list GAME`
    /// names them: Silk Road's map and tiles, Cities' map, Splendor's cards, nobles, cities,
    /// orient, trading-posts, strongholds). Repeatable.
    #[arg(long = "file", value_name = "NAME=PATH")]
    pub files: Vec<String>,
    /// Any value of the game's config, by its path or a unique tail of it (as in `silk sweep`;
    /// the value is JSON, or else text): `--set attacks_per_turn=2`. Repeatable; applied last.
    #[arg(long = "set", value_name = "PATH=VALUE")]
    pub sets: Vec<String>,
}

impl DataArgs {
    /// The flags as silk-app takes them.
    pub fn request(&self) -> calls::Data {
        calls::Data {
            config: self.config.clone(),
            map: self.map.clone(),
            tiles: self.tiles.clone(),
            reverse: self.reverse,
            modules: self.modules.clone(),
            edition: self.edition.clone(),
            files: self.files.clone(),
            sets: self.sets.clone(),
        }
    }

    /// The generic files and changes the flags stand for (see [`calls::Data::files`]).
    pub fn files(&self) -> CliResult<DataFiles<'_>> {
        self.request().files_with(self.config.as_deref())
    }
}

/// What a batch of simulated games is.
#[derive(clap::Args, Clone, Debug)]
pub struct BatchArgs {
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Bots, comma-separated: one name for every seat, or one per seat in seat order, as in
    /// `silk play`; the number named sets the players unless --players does. Without it every
    /// seat is random. Names: random, greedy, greedy-aggressive|trader|builder, mctsN, mctsNms,
    /// mcts-greedyN, mcts-greedyNms, mcts-greedy-STYLEN (rollouts in a style, e.g.
    /// mcts-greedy-aggressive800), greedy-STYLE+WEIGHT=V (weights changed), greedy-STYLE~T
    /// (the style's choice softened: each action in proportion to exp(value / T)), strong (the
    /// game's cheap strong bot; strongNdDcZ: N playouts of D moves, Z standard errors to
    /// overrule its heuristic); 'cmd:PROGRAM ARGS' runs a program of your own as the bot
    /// (JSON Lines on its stdin and stdout, docs/bot-protocol.md).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<usize>,
    /// The run seed: game K is set up and played from this seed and K (the same seed, the same
    /// games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0 = all cores). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Run only slice K of N of the games (for batch schedulers); merge with `silk lab merge`.
    #[arg(long)]
    pub shard: Option<String>,
    /// A game still running after this many decisions is counted unfinished.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_decisions: u64,
    /// Check the engine's invariants (coins and goods conserved, no negative holdings) after
    /// every decision; the first broken one stops the run with the game and decision.
    #[arg(long)]
    pub check: bool,
    /// Keep each bot in the seat it is named for. By default different bots move round the
    /// table from game to game, so a seat's advantage is not taken for a bot's strength.
    #[arg(long)]
    pub no_rotate: bool,
    #[command(flatten)]
    pub data: DataArgs,
    #[command(flatten)]
    pub bot_time: crate::outside::BotTimeArgs,
}

impl BatchArgs {
    /// The flags as silk-app takes them.
    pub fn request(&self) -> calls::BatchRequest {
        calls::BatchRequest {
            games: self.games,
            bots: self.bots.clone(),
            players: self.players,
            seed: self.seed,
            threads: self.threads,
            shard: self.shard.clone(),
            max_decisions: self.max_decisions,
            check: self.check,
            no_rotate: self.no_rotate,
            data: self.data.request(),
            bot_time_ms: self.bot_time.bot_time,
        }
    }

    /// The batch (and the time budget of the external bots it seats, for this command).
    pub fn batch(&self, out: &Out) -> lab::Batch {
        self.request().batch(out)
    }

    /// Players: --players, else the number of bots named (if more than one).
    pub fn players(&self) -> Option<usize> {
        self.request().players()
    }
}

/// `silk sweep`'s and `silk tune`'s `--values` lists, one per occurrence (clap's derive
/// flattens them).
pub fn values_groups(matches: &clap::ArgMatches) -> Vec<Vec<String>> {
    matches
        .subcommand_matches("sweep")
        .or_else(|| matches.subcommand_matches("tune"))
        .and_then(|m| m.get_occurrences::<String>("values"))
        .map(|occ| occ.map(|o| o.cloned().collect()).collect())
        .unwrap_or_default()
}
