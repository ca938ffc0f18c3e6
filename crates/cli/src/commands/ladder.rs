//! `silk ladder`: a round-robin of bots with ratings.

use crate::args::DataArgs;
use crate::error::CliResult;
use crate::games::GameName;
use crate::output::Out;
use silk_app::calls;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct LadderArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// The bots, comma-separated: random; greedy and its styles greedy-aggressive,
    /// greedy-trader, greedy-builder; mcts, mctsN (N iterations), mctsNms (N ms a decision);
    /// mcts-greedy, mcts-greedyN, mcts-greedyNms (heuristic rollouts), mcts-greedy-STYLEN
    /// (rollouts in a style, e.g. mcts-greedy-aggressive800); 'cmd:PROGRAM ARGS', a program of
    /// your own (docs/bot-protocol.md).
    /// With --depth or --restricted: the field (default: greedy and its three styles).
    #[arg(long, value_delimiter = ',', required_unless_present_any = ["depth", "restricted"])]
    pub bots: Vec<String>,
    /// Skill depth: this search bot, named without its budget (mcts-greedy, strong…), at each
    /// of --budgets against every bot of the field, with the share of games won per budget.
    #[arg(long, value_name = "BOT", conflicts_with = "restricted")]
    pub depth: Option<String>,
    /// The budgets of --depth (iterations), comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = crate::skill::DEFAULT_BUDGETS.to_vec(), requires = "depth")]
    pub budgets: Vec<u32>,
    /// Restricted play: this bot (a style, or weights changed: greedy+attack=0) against every
    /// bot of the field, with its share of games won.
    #[arg(long, value_name = "BOT")]
    pub restricted: Option<String>,
    /// Games per pair of bots.
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<usize>,
    /// The run seed: game K is set up and played from this seed and K (the same seed, the
    /// same games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0 = all cores). Ratings do not depend on it; decision times do.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// A game still running after this many decisions is left out (counted as cut short).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_decisions: u64,
    /// Write a self-contained HTML report.
    #[arg(long, conflicts_with_all = ["depth", "restricted"])]
    pub html: Option<PathBuf>,
    /// Replace the report if it exists.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub data: DataArgs,
    #[command(flatten)]
    pub bot_time: crate::outside::BotTimeArgs,
    /// Play only slice K of N of every pairing's games (for batch schedulers); with --out,
    /// merge the slices with `silk lab merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Keep the ladder's games and result in DIR (with --shard: that slice, for `silk lab
    /// merge`; see examples/scale-out).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The games' source when `silk lab merge` runs the job again over its shards.
    #[arg(skip)]
    pub io: crate::jobs::GamesIo,
}

impl LadderArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        calls::Ladder {
            game: self.game,
            bots: self.bots,
            depth: self.depth,
            budgets: self.budgets,
            restricted: self.restricted,
            games: self.games,
            players: self.players,
            seed: self.seed,
            threads: self.threads,
            max_decisions: self.max_decisions,
            html: self.html,
            force: self.force,
            data: self.data.request(),
            bot_time_ms: self.bot_time.bot_time,
            shard: self.shard,
            out: self.out,
            io: self.io,
        }
        .run(out)
    }
}
