//! `silk compare`: a game's variants on the same seeds, a shared mechanic's formats across the
//! engines, or (without a game) the engines side by side.

use crate::args::BatchArgs;
use crate::error::CliResult;
use crate::games::GameName;
use crate::mechanics;
use crate::output::Out;
use silk_app::calls;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct CompareArgs {
    /// The game whose variants to compare (leave out to compare the engines).
    pub game: Option<GameName>,
    /// Swap a shared mechanic's format at every point of every engine that uses it
    /// (see silk mechanics); greedy bots unless --bots says otherwise.
    #[arg(long, value_enum, conflicts_with_all = ["game", "variants", "all"])]
    pub mechanic: Option<mechanics::Mechanic>,
    /// A variant as NAME=CONFIG: a config file, or changes to the base config as
    /// PARAM=VALUE,… (e.g. `tapped=grow_taps=true,attacks_per_turn=1`). Repeat for more.
    #[arg(long = "variant", value_name = "NAME=CONFIG", requires = "game")]
    pub variants: Vec<String>,
    /// Show every per-game engine metric in the text table too.
    #[arg(long, requires = "game")]
    pub all: bool,
    /// Per-player measures (`player.sales,player.attacks`, `player.score`, or `all`) to
    /// compare as winners versus others: each a row `winners.MEASURE`, the winners' mean
    /// minus the other seats' mean per game, paired game by game (docs/lab.md).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "MEASURE",
        requires = "variants"
    )]
    pub winners: Vec<String>,
    /// Write a self-contained HTML report of the comparison (an existing file is refused
    /// without --force); with a game or --mechanic.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// Replace an existing --html report.
    #[arg(long, requires = "html")]
    pub force: bool,
    /// With a game: a targets file (as for silk gaps); the table and the report open on
    /// the measures the targets name, the report on each variant's verdicts.
    #[arg(long, value_name = "FILE", requires = "game")]
    pub targets: Option<PathBuf>,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// With a game or --mechanic: keep the comparison's games and result in DIR (with
    /// --shard K/N: that slice of every variant's games, for `silk lab merge`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The games' source when `silk lab merge` runs the comparison again over its shards.
    /// With a game: the people's games of this folder of playtest records (docs/playtests.md)
    /// against the bots' games (--bots, --games) on the records' config: which figures fall
    /// outside what the bots predict.
    #[arg(long, value_name = "DIR", requires = "game", conflicts_with_all = ["variants", "html", "targets", "out"])]
    pub book: Option<PathBuf>,
    #[arg(skip)]
    pub io: crate::jobs::GamesIo,
}

impl CompareArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        calls::Compare {
            game: self.game,
            mechanic: self.mechanic,
            variants: self.variants,
            all: self.all,
            winners: self.winners,
            html: self.html,
            force: self.force,
            targets: self.targets,
            batch: self.batch.request(),
            out: self.out,
            book: self.book,
            io: self.io,
        }
        .run(out)
    }
}
