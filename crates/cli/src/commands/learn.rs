//! `silk learn`: a value of a seat's standing learned from bot games, for the strong bot's
//! search to rank the seats where it cuts a playout short (silk_bots::learn).

use crate::args::DataArgs;
use crate::error::CliResult;
use crate::games::GameName;
use crate::output::Out;
use silk_app::calls;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct LearnArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// Bots, comma-separated: one name for every seat, or several that take the seats in turn
    /// (greedy,strong on four seats: greedy, strong, greedy, strong), moved round the table
    /// from game to game.
    #[arg(long, value_delimiter = ',', default_value = "greedy")]
    pub bots: Vec<String>,
    /// How many games to learn from (every fifth is held out to check the value).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(5..))]
    pub games: u64,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<usize>,
    /// The run seed: game K is set up and played from this seed and K (as in `silk simulate`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep the seats' features at every Nth decision.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Keep at most this many decisions, chosen evenly from all games (memory stays bounded).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max_samples: u64,
    /// A game still running after this many decisions is cut short and left out.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_decisions: u64,
    /// Write the value file here (an existing file is refused without --force). The bundled
    /// one is data/GAME/value.json.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// With --out: replace the file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
    #[command(flatten)]
    pub data: DataArgs,
}

impl LearnArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        calls::Learn {
            game: self.game,
            bots: self.bots,
            games: self.games,
            players: self.players,
            seed: self.seed,
            every: self.every,
            max_samples: self.max_samples,
            max_decisions: self.max_decisions,
            out: self.out,
            force: self.force,
            data: self.data.request(),
        }
        .run(out)
    }
}
