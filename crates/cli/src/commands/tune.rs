//! `silk tune`: search parameter values that bring the design closest to the targets.

use crate::args::BatchArgs;
use crate::design;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct TuneArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// A parameter to tune, by its path in the config (as in `silk sweep`), each followed
    /// by --values; with --bot, a weight of the bot's heuristic (`silk tune cities --bot
    /// greedy-aggressive --param attack --values 1 1.4 2`).
    #[arg(long = "param", required_unless_present = "imitate")]
    pub params: Vec<String>,
    /// The values to try for the preceding --param (JSON: 3, true, "box").
    #[arg(long = "values", num_args = 1.., required_unless_present = "imitate", action = clap::ArgAction::Append)]
    pub values: Vec<String>,
    /// The targets (and the table-time model) as JSON.
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "bot",
        conflicts_with = "bot"
    )]
    pub targets: Option<PathBuf>,
    /// Tune this bot's heuristic weights (a style: greedy-aggressive) for its share of games
    /// won against --field, instead of the rules against targets.
    #[arg(long, value_name = "BOT")]
    pub bot: Option<String>,
    /// With --bot: fit the style's weights to the decisions people made in the playtest
    /// records of this folder (docs/playtests.md) instead of playing games: the weights
    /// under which their choices are likeliest, checked on every fourth game held out.
    #[arg(long, value_name = "DIR", requires = "bot", conflicts_with_all = ["params", "field"])]
    pub imitate: Option<std::path::PathBuf>,
    /// With --bot: the bots it plays, head to head as `silk ladder` pairs them (default:
    /// greedy and its three styles).
    #[arg(long, value_delimiter = ',', requires = "bot")]
    pub field: Vec<String>,
    /// Evaluations: each one a batch of --games games on fresh seeds.
    #[arg(long, default_value_t = 60)]
    pub budget: usize,
    /// Games to validate the best setting (and the base config) on, with seeds no
    /// evaluation used.
    #[arg(long, default_value_t = 2000)]
    pub validate_games: u64,
    /// How much the search explores settings it knows little about (in units of the sum
    /// of normalised misses).
    #[arg(long, default_value_t = 2.0)]
    pub explore: f64,
    /// Independent searches (each its own seeds); their recommendations are validated
    /// side by side, so a disagreement shows.
    #[arg(long, default_value_t = 3)]
    pub repeats: usize,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Keep every finished evaluation in FILE (JSON) as it ends: a tune run again with the
    /// same FILE resumes where it stopped and reaches the same recommendation. With --shard
    /// K/N --out DIR, one generation (an evaluation per search) is played as an array and its
    /// merge adds it to FILE (examples/scale-out).
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Keep the tune's games and result in DIR (with --shard K/N: that slice, for `silk lab
    /// merge`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace the --out directory if it exists.
    #[arg(long)]
    pub force: bool,
    /// The games' source when `silk lab merge` runs the job again over its shards.
    #[arg(skip)]
    pub io: crate::jobs::GamesIo,
}

impl TuneArgs {
    /// `values`: the `--values` lists, one per occurrence (see `args::values_groups`).
    pub fn run(self, values: Vec<Vec<String>>, out: &mut Out) -> CliResult<()> {
        if let (Some(dir), Some(bot)) = (&self.imitate, &self.bot) {
            return with_game!(self.game, G => {
                silk_app::playtest::imitate::run::<G>(dir, bot.trim(), out)
            });
        }
        let TuneArgs {
            game,
            params,
            targets,
            bot,
            field,
            budget,
            validate_games,
            explore,
            repeats,
            batch,
            state,
            out: dir,
            force,
            io,
            ..
        } = self;
        let io = crate::jobs::games_io(&io, batch.shard.as_deref(), dir.as_deref(), force)?;
        if params.len() != values.len() {
            return Err(CliError::input("give each --param its own --values"));
        }
        let pairs: Vec<(String, Vec<String>)> = params.into_iter().zip(values).collect();
        let args = design::TuneArgs {
            params: &pairs,
            targets: targets.as_deref(),
            budget,
            validate_games,
            explore,
            repeats,
            state: state.as_deref(),
        };
        if let Some(bot) = &bot {
            let field: Vec<String> = if field.is_empty() {
                crate::skill::STANDARD_FIELD
                    .iter()
                    .map(|s| s.to_string())
                    .filter(|s| s != bot.trim())
                    .collect()
            } else {
                field.iter().map(|f| f.trim().to_string()).collect()
            };
            let what = design::BotTune {
                bot: bot.trim(),
                field: &field,
            };
            return with_game!(game, G => {
                let cfg = G::config(batch.players(), &batch.data.files()?)?;
                design::tune_bot::<G>(&cfg, &what, &args, &batch.batch(out), out)
            });
        }
        with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            let batch = crate::lab::Batch { io: io.clone(), ..batch.batch(out) };
            design::tune::<G>(&cfg, &args, &batch, out)
        })?;
        crate::jobs::finish(&io, out)
    }
}
