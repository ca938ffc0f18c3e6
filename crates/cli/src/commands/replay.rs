//! `silk replay`: a saved game, a lab run's game step by step, or a trace played back.

use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use crate::{narrate, replay_run, traces};
use clap::ValueEnum;
use serde_json::json;
use silk_core::{Game, Replay};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The game of a saved FILE (`silk games` lists them), or a run
    /// directory written by `silk simulate --out`.
    #[arg(value_name = "GAME|RUN_DIR", required_unless_present = "trace_in")]
    pub target: Option<String>,
    /// The saved game (from `silk play --save`); leave out to replay a run's game.
    pub file: Option<PathBuf>,
    /// Write the game as an open trace instead of showing it: self-contained JSON with the
    /// setup, every decision as structured data, chance and the result (docs/traces.md).
    #[arg(long)]
    pub trace: bool,
    /// With --trace: write the trace to this file instead of stdout (an existing file is
    /// refused without --force).
    #[arg(long, value_name = "PATH", requires = "trace")]
    pub out: Option<PathBuf>,
    /// With --trace --out: replace the file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Play back and check a trace (written by silk or by another tool): each decision is
    /// checked and the first illegal one is reported with its index in "actions".
    #[arg(long, value_name = "FILE", conflicts_with_all = ["target", "file", "trace", "game", "moves"])]
    pub trace_in: Option<PathBuf>,
    /// With --trace-in: also list every legal decision before each decision and after the
    /// last (with --at N: at that one position only), in the trace's decision format, so
    /// that another implementation can compare its own list (docs/traces.md).
    #[arg(long, requires = "trace_in")]
    pub legal: bool,
    /// With RUN_DIR: the index of the game to replay, as in its games.jsonl (from 0).
    #[arg(long, value_name = "K")]
    pub game: Option<u64>,
    /// With RUN_DIR: start at decision N (from 1): the state before it, then the decisions
    /// from there to the end. With --trace-in --legal: the legal decisions before decision
    /// N only (one more than the trace's decisions: after the last).
    #[arg(long, value_name = "N")]
    pub at: Option<u64>,
    /// With RUN_DIR: only the decisions and their events, not each seat's view.
    #[arg(long)]
    pub moves: bool,
    /// With RUN_DIR or --trace-in: the standings round by round (each seat's score, its
    /// coins, the leader) and the round the game was decided in, instead of the decisions.
    #[arg(long, conflicts_with_all = ["moves", "at"])]
    pub timeline: bool,
    /// With RUN_DIR whose bots include programs (`cmd:…`): the run's bots, in its order, with
    /// the command that starts each program here. silk never starts a program because a run's
    /// files name it: without --bots such a run is refused, with the list to give.
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "BOTS",
        conflicts_with = "trace_in"
    )]
    pub bots: Vec<String>,
    #[command(flatten)]
    pub bot_time: crate::outside::BotTimeArgs,
}

impl ReplayArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        if let Some(path) = &self.trace_in {
            return self.trace_in(path, out);
        }
        if self.legal {
            // (clap's `requires` lets it pass when the run's arguments conflict with it.)
            return Err(CliError::input(
                "--legal lists the legal decisions of a trace: silk replay --trace-in FILE --legal",
            ));
        }
        let target = self.target.clone().unwrap_or_default();
        let to = self.trace.then_some(traces::TraceTo {
            path: self.out.as_deref(),
            force: self.force,
        });
        let Some(file) = &self.file else {
            let show = replay_run::Show {
                at: self.at,
                moves_only: self.moves,
                timeline: self.timeline,
            };
            self.bot_time.apply();
            let run = RunDir {
                dir: Path::new(&target),
                game: self.game,
                bots: &self.bots,
            };
            return replay_run_dir(run, show, to.as_ref(), out);
        };
        if self.game.is_some() || self.at.is_some() || self.moves || !self.bots.is_empty() {
            return Err(CliError::input(
                "--game, --at, --moves and --bots replay a run: silk replay RUN_DIR --game K",
            ));
        }
        let name = GameName::from_str(&target, true).map_err(|_| {
            CliError::input(format!(
                "unknown game {target:?}: choose from {}",
                GameName::names()
            ))
        })?;
        with_game!(name, G => match &to {
            Some(to) => traces::saved_game::<G>(file, to, out),
            None => saved_game::<G>(file, out),
        })
    }

    /// `--trace-in FILE`: plays a trace back with the engine it names.
    fn trace_in(&self, path: &Path, out: &mut Out) -> CliResult<()> {
        if self.at.is_some() && !self.legal {
            return Err(CliError::input(
                "--at with --trace-in lists the legal decisions at one position: add --legal",
            ));
        }
        let t = traces::load(path)?;
        let name = GameName::named(&t.game).ok_or_else(|| {
            CliError::input(format!(
                "{}: game: unknown game {:?} ({})",
                path.display(),
                t.game,
                GameName::names()
            ))
        })?;
        let legal = self.legal.then_some(traces::Legal { at: self.at });
        with_game!(name, G => traces::play_back::<G>(&t, path, legal, self.timeline, out))
    }
}

/// The game of a run to replay: `RUN_DIR --game K [--bots …]`.
struct RunDir<'a> {
    dir: &'a Path,
    game: Option<u64>,
    bots: &'a [String],
}

/// `silk replay RUN_DIR --game K`, with the engine the run's `run.json` names.
fn replay_run_dir(
    RunDir { dir, game, bots }: RunDir,
    show: replay_run::Show,
    trace: Option<&traces::TraceTo>,
    out: &mut Out,
) -> CliResult<()> {
    if !dir.is_dir() && GameName::from_str(&dir.display().to_string(), true).is_ok() {
        return Err(CliError::input(format!(
            "which saved game? silk replay {} FILE (or silk replay RUN_DIR --game K for a lab run)",
            dir.display()
        )));
    }
    if !dir.is_dir() {
        return Err(CliError::input(format!(
            "{}: not a run directory (silk replay RUN_DIR --game K) nor a game with a saved file \
             (silk replay GAME FILE)",
            dir.display()
        )));
    }
    let index = game.ok_or_else(|| {
        CliError::input(format!(
            "{}: which game? silk replay {} --game K",
            dir.display(),
            dir.display()
        ))
    })?;
    let mut run = replay_run::open(dir, index)?;
    run.spec = crate::seats::replay_bots(&run.spec, dir, bots)?;
    let name = GameName::named(&run.spec.game).ok_or_else(|| {
        CliError::input(format!(
            "{}: unknown game {:?}",
            dir.join("run.json").display(),
            run.spec.game
        ))
    })?;
    with_game!(name, G => {
        if G::NAME != run.spec.game {
            return Err(CliError::input(format!(
                "{}: unknown game {:?}",
                dir.join("run.json").display(),
                run.spec.game
            )));
        }
        match trace {
            Some(to) => traces::run_game::<G>(&run, to, out),
            None => replay_run::run::<G>(&run, &show, out),
        }
    })
}

/// `silk replay GAME FILE`: each move of a saved game and what it caused, then the end.
fn saved_game<G: CliGame>(file: &std::path::Path, out: &mut Out) -> CliResult<()> {
    let replay = Replay::<G>::load(file)?;
    let origin = file.display().to_string();
    // Each move, then what it caused, as a public observer sees it.
    let state = replay.run_each(&origin, |i, state, events| {
        let m = &replay.moves[i];
        out.line(
            &format!("{:>4}. {}: {}", i + 1, m.seat, m.action),
            json!({"type": "move", "index": i + 1, "seat": m.seat, "action": m.action}),
        );
        for e in events {
            if out.json {
                if let Some(v) = G::event_json(state, e, None) {
                    out.line("", json!({"type": "event", "event": v}));
                }
            } else if let Some(t) = G::event_text(state, e, None) {
                out.line(&format!("  {t}"), serde_json::Value::Null);
            }
        }
    })?;
    match G::outcome(&state) {
        Some(_) => narrate::Narration::new(None).end::<G>(&state, out),
        None => out.message(&format!(
            "the game is unfinished: {} moves so far (silk play {} --resume {} continues it)",
            replay.moves.len(),
            G::NAME,
            file.display()
        )),
    }
    Ok(())
}
