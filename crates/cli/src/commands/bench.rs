//! `silk bench`: how fast the engine and the lab play a game.

use crate::args::DataArgs;
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use crate::{bench, lab};

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<usize>,
    /// Bots, comma-separated: one for every seat, or one per seat (random, greedy, mcts…).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Games per measurement (default: enough for about half a second on one thread).
    #[arg(long)]
    pub games: Option<u64>,
    /// The run seed: game K is set up and played from this seed and K (the same seed, the
    /// same games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Repeat each measurement this many times and keep the fastest (other work on the
    /// machine only ever slows a run down).
    #[arg(long, default_value_t = 3)]
    pub repeat: u32,
    /// Measure the lab on 1, 2, … up to this many threads (default: every core).
    #[arg(long)]
    pub max_threads: Option<usize>,
    /// A game still running after this many decisions is cut short (in both measurements).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_decisions: u64,
    /// Size a run of this many games from the measured rate: games per core-hour, and the
    /// shards and wall time it needs on --cores cores (examples/scale-out).
    #[arg(long, value_name = "GAMES", value_parser = clap::value_parser!(u64).range(1..))]
    pub size: Option<u64>,
    /// The cores a --size run gets (default: this machine's).
    #[arg(long, requires = "size", value_parser = clap::value_parser!(u64).range(1..))]
    pub cores: Option<u64>,
    /// With --size: about how long each shard should run, in minutes.
    #[arg(long, requires = "size", default_value_t = 30.0)]
    pub shard_minutes: f64,
    #[command(flatten)]
    pub data: DataArgs,
}

impl BenchArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let BenchArgs {
            game,
            players,
            bots,
            games,
            seed,
            repeat,
            max_threads,
            max_decisions,
            size,
            cores,
            shard_minutes,
            data,
        } = self;
        if !(shard_minutes.is_finite() && shard_minutes > 0.0) {
            return Err(crate::error::CliError::input(format!(
                "--shard-minutes {shard_minutes}: give a number of minutes above 0"
            )));
        }
        let players = players.or((bots.len() > 1).then_some(bots.len()));
        let args = bench::BenchArgs {
            games,
            bots,
            seed,
            repeat,
            max_threads: max_threads.unwrap_or_else(lab::cores),
            max_decisions,
            size: size.map(|g| (g, cores.unwrap_or(lab::cores() as u64), shard_minutes)),
        };
        with_game!(game, G => {
            let cfg = G::config(players, &data.files()?)?;
            bench::bench::<G>(&cfg, &args, out)
        })
    }
}
