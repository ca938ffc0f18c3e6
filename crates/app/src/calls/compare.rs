//! `silk compare`: a game's variants on the same seeds, a shared mechanic's formats across the
//! engines, or (without a game) the engines side by side.

use super::BatchRequest;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName};
use crate::jobs::GamesIo;
use crate::output::Out;
use crate::{design, lab, mechanics};
use serde::Deserialize;
use silk_bots::BotKind;
use silk_lab::CompareRow;
use std::path::PathBuf;

/// A comparison: a game's variants (`game` and `variants`), a shared mechanic's formats
/// (`mechanic`), or, with neither, the engines side by side.
#[derive(Clone, Default, Deserialize)]
#[serde(default)]
pub struct Compare {
    pub game: Option<GameName>,
    /// (Not in a call: `silk compare --mechanic`.)
    #[serde(skip)]
    pub mechanic: Option<mechanics::Mechanic>,
    /// Each variant as `NAME=CONFIG`: a config file, or changes as `PARAM=VALUE,…`.
    pub variants: Vec<String>,
    /// Every per-game engine metric in the text table too.
    pub all: bool,
    /// Per-player measures compared as winners versus others.
    pub winners: Vec<String>,
    pub html: Option<PathBuf>,
    pub force: bool,
    /// A targets file (as for `silk gaps`).
    pub targets: Option<PathBuf>,
    #[serde(flatten)]
    pub batch: BatchRequest,
    /// Keep the comparison's games and result here.
    pub out: Option<PathBuf>,
    /// A folder of playtest records: the people's games against the bots' (docs/playtests.md).
    pub book: Option<PathBuf>,
    /// The games' source when a merge runs the comparison again over its shards.
    #[serde(skip)]
    pub io: GamesIo,
}

impl Compare {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        self.batch.check()?;
        let Compare {
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
            book,
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
        if let Some(book) = book {
            return with_game!(game, G => {
                let batch = batch.batch(out);
                crate::against_bots::run::<G>(&book, &batch, out)
            });
        }
        if variants.is_empty() {
            return Err(CliError::input(
                "which variants? silk compare GAME --variant NAME=CONFIG … (or --book DIR)",
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
fn compare_engines(args: &BatchRequest, out: &mut Out) -> CliResult<()> {
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
    let (text, json) = silk_lab::engines_table(&rows);
    out.doc(&text, &json);
    Ok(())
}
