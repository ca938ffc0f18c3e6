//! Who sits at each seat of a batch: one bot name per seat, silk's bots and players outside
//! silk made for a seat, and the bots a run's games are played again with.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::outside::{program, shell_quoted};
use silk_bots::BotKind;
use silk_lab::{LabError, RunSpec};
use std::path::Path;

/// One bot name per seat: a single name fills every seat; otherwise one per seat.
pub fn bots_for(bots: &[String], seats: usize) -> CliResult<Vec<String>> {
    let names: Vec<String> = match bots {
        [] => vec!["random".to_string(); seats],
        [one] => vec![one.trim().to_string(); seats],
        many if many.len() == seats => many.iter().map(|b| b.trim().to_string()).collect(),
        many => {
            return Err(CliError::input(format!(
                "{} bots named for {seats} seats (name one for all seats, or one per seat)",
                many.len()
            )))
        }
    };
    for n in &names {
        if BotKind::parse(n).is_none() && !crate::outside::is_outside(n) {
            return Err(CliError::input(format!(
                "unknown bot {n:?}: choose from {}, or cmd:PROGRAM (docs/bot-protocol.md)",
                BotKind::NAMES.join(", ")
            )));
        }
    }
    Ok(names)
}

/// The lab's bot of `name` with `seed` for a seat: how `silk simulate` and `silk replay RUN_DIR`
/// make their bots.
pub fn bot_factory<G: CliGame>(
    _seat: usize,
    name: &str,
    seed: u64,
) -> Result<Box<dyn silk_core::Player<G>>, LabError> {
    let kind =
        BotKind::parse(name).ok_or_else(|| LabError::Input(format!("unknown bot {name:?}")))?;
    G::bot(kind, seed).map_err(|e| LabError::Input(e.to_string()))
}

/// The lab's bot of `name` for a seat in games of `config`: silk's bots as [`bot_factory`]
/// makes them, and players outside silk (`cmd:PROGRAM`, registered names; see
/// [`crate::outside`]), which are told the game's config and rules.
pub fn players_for<G: CliGame>(
    config: &G::Config,
) -> impl Fn(usize, &str, u64) -> Result<Box<dyn silk_core::Player<G>>, LabError> + Sync {
    let table = silk_bots::Table::of::<G>(config);
    move |seat, name, seed| {
        crate::outside::player::<G>(seat, name, &table)
            .unwrap_or_else(|| bot_factory::<G>(seat, name, seed))
    }
}

/// How many seats the games of `config` have (a game set up to count them: the config alone
/// may leave the number to the game).
pub fn seats<G: CliGame>(config: &G::Config) -> CliResult<usize> {
    Ok(G::num_seats(&G::setup(config, 0)?))
}

/// The bots to play a run's games again with (`silk replay RUN_DIR`, `silk find RUN_DIR
/// --traces`), from the run's `run.json` and the `--bots` given. silk never starts a program
/// because a file names it (a run directory may come from anyone): a run whose bots include
/// programs (`cmd:…`) is played again only with `--bots` given, in the order of the run's bots —
/// silk's own as the run names them, a `cmd:` command of the reader's for each program (the
/// run's, or where that program is here). Without programs, `--bots` may be left out.
pub fn replay_bots(spec: &RunSpec, dir: &Path, given: &[String]) -> CliResult<RunSpec> {
    let file = dir.join("run.json");
    if given.is_empty() {
        if spec.bots.iter().all(|b| program(b).is_none()) {
            return Ok(spec.clone());
        }
        return Err(CliError::input(format!(
            "{}: this run's bots include programs, which silk starts only when they are named \
             on the command line: to play its games again, give the commands that start them \
             here, --bots {}",
            file.display(),
            shell_quoted(&spec.bots.join(","))
        )));
    }
    let bots = bots_for(given, spec.bots.len())?;
    for (i, (run, mine)) in spec.bots.iter().zip(&bots).enumerate() {
        let fits = match program(run) {
            Some(_) => program(mine).is_some(),
            None => run.trim() == mine,
        };
        if !fits {
            return Err(CliError::input(format!(
                "--bots: bot {} is {mine:?}, where {} has {}: give the run's own bots, with a \
                 cmd: command for each of its programs",
                i + 1,
                file.display(),
                shell_quoted(run)
            )));
        }
    }
    Ok(RunSpec {
        bots,
        ..spec.clone()
    })
}
