//! `silk compare`: a game's variants on the same seeds, a shared mechanic's formats across the
//! engines, or (without a game) the engines side by side.

use crate::args::BatchArgs;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName};
use crate::output::Out;
use crate::{design, lab, mechanics};
use silk_bots::BotKind;
use silk_lab::engines::CompareRow;
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
    #[arg(skip)]
    pub io: crate::jobs::GamesIo,
}

impl CompareArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let CompareArgs {
            game,
            mechanic,
            variants,
            all,
            winners,
            html,
            force,
            targets,
            batch,
            out: dir,
            io,
        } = self;
        let io = crate::jobs::games_io(&io, batch.shard.as_deref(), dir.as_deref(), false)?;
        if let Some(mechanic) = mechanic {
            if batch.players.is_some() {
                return Err(CliError::input(
                    "--mechanic plays each game at its default table: --players goes with a \
                     game (silk compare GAME --variant …)",
                ));
            }
            let batch = lab::Batch {
                io: io.clone(),
                ..batch.batch(out)
            };
            mechanics::compare(mechanic, &batch, (html.as_deref(), force), out)?;
            return crate::jobs::finish(&io, out);
        }
        let Some(game) = game else {
            if html.is_some() || dir.is_some() {
                return Err(CliError::input(
                    "--html and --out go with a game (silk compare GAME --variant …) or --mechanic",
                ));
            }
            return compare_engines(&batch, out);
        };
        if variants.is_empty() {
            return Err(CliError::input(
                "which variants? silk compare GAME --variant NAME=CONFIG …",
            ));
        }
        with_game!(game, G => {
            let files = batch.data.files()?;
            let cfg = G::config(batch.players(), &files)?;
            let args = design::VariantArgs {
                variants: &variants,
                players: batch.players(),
                data: &files,
                all,
                winners: &winners,
                html: html.as_deref(),
                force,
                targets: targets.as_deref(),
            };
            let batch = lab::Batch { io: io.clone(), ..batch.batch(out) };
            design::compare_variants::<G>(&cfg, &args, &batch, out)
        })?;
        crate::jobs::finish(&io, out)
    }
}

/// One engine's line of `silk compare`: its default game played by `batch`.
fn engine_row<G: CliGame + silk_core::Observe>(batch: &lab::Batch) -> CliResult<CompareRow>
where
    G::Config: Sync,
{
    let config = G::config(None, &DataFiles::default())?;
    Ok(CompareRow {
        game: G::NAME.into(),
        summary: lab::run_batch::<G>(&config, batch, None)?.1,
    })
}

/// `silk compare` without a game: each engine's shared mechanics from greedy bots' games.
fn compare_engines(args: &BatchArgs, out: &mut Out) -> CliResult<()> {
    if !args.bots.is_empty() || args.players.is_some() || args.shard.is_some() {
        return Err(CliError::input(
            "comparing the engines plays greedy bots at each game's default table: --bots, \
             --players and --shard go with a game (silk compare GAME --variant …)",
        ));
    }
    let batch = |bot: &str| lab::Batch {
        bots: vec![bot.to_string()],
        ..args.batch(out)
    };
    // Every game in the list: greedy bots where the game has a heuristic, random otherwise.
    let mut rows = Vec::new();
    for &game in GameName::ALL {
        rows.push(with_game!(game, G => {
            let greedy = BotKind::parse("greedy").is_some_and(|k| G::bot(k, 0).is_ok());
            engine_row::<G>(&batch(if greedy { "greedy" } else { "random" }))?
        }));
    }
    let (text, json) = silk_lab::engines::table(&rows);
    out.doc(&text, &json);
    Ok(())
}
