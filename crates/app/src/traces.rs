//! Open game traces on the command line: `silk replay … --trace` writes one,
//! `silk simulate --out DIR --traces` and `silk find --traces` write one per game into
//! `DIR/traces/`, `silk replay --trace-in FILE` plays one back and checks it.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::narrate::Narration;
use crate::output::Out;
use serde_json::json;
use silk_core::trace::{legal_json, play_trace, play_trace_timeline, seats_to_move, Trace};
use silk_core::Replay;
use silk_lab::RunGame;
use silk_lab::{game_trace, TraceDir};
use silk_lab::{GameRecord, RunSpec};
use std::path::Path;

/// Where `--trace` writes: a file (`--out`, refused if it exists unless `force`), or stdout.
pub struct TraceTo<'a> {
    pub path: Option<&'a Path>,
    pub force: bool,
}

fn emit(trace: &Trace, to: &TraceTo, out: &mut Out) -> CliResult<()> {
    match to.path {
        Some(path) => {
            silk_lab::check_new(path, to.force)?;
            silk_lab::write_atomic(path, (trace.to_json() + "\n").as_bytes())?;
            out.message(&format!(
                "wrote {} ({} entries); check it with silk replay --trace-in {}",
                path.display(),
                trace.actions.len(),
                path.display()
            ));
        }
        // The trace is the output, JSON with or without --json (data for tools: as it is).
        None if out.json => out.doc("", &serde_json::to_value(trace).unwrap_or_default()),
        None => out.raw(&trace.to_json()),
    }
    Ok(())
}

/// `silk replay GAME FILE --trace`: the saved game as a trace.
pub fn saved_game<G: CliGame>(file: &Path, to: &TraceTo, out: &mut Out) -> CliResult<()> {
    let replay = Replay::<G>::load(file)?;
    let trace = replay.to_trace(&file.display().to_string())?;
    emit(&trace, to, out)
}

/// `silk replay RUN_DIR --game K --trace`: a lab game as a trace.
pub fn run_game<G: CliGame>(run: &RunGame, to: &TraceTo, out: &mut Out) -> CliResult<()> {
    let config = config_of::<G>(&run.spec, &run.dir)?;
    let trace = game_trace::<G>(
        &config,
        &run.spec,
        run.record.index,
        &crate::seats::players_for::<G>(&config),
        run.max_decisions(),
    )?;
    emit(&trace, to, out)
}

pub fn config_of<G: CliGame>(spec: &RunSpec, dir: &Path) -> CliResult<G::Config> {
    serde_json::from_value(spec.config.clone()).map_err(|e| {
        CliError::input(format!(
            "{}: config: {e} (was the run made by another version of silk?)",
            dir.join("run.json").display()
        ))
    })
}

/// Writes the traces of a run's games into `RUN_DIR/traces/` as their records come.
pub struct RunTraces<G: CliGame> {
    dir: TraceDir,
    config: G::Config,
    pub written: u64,
    /// A run directory read back is locked while its traces are written (a new run's
    /// directory is locked by its writer).
    _lock: Option<silk_core::lock::FileLock>,
}

impl<G: CliGame> RunTraces<G> {
    /// Ready to write the traces of `run_dir`'s games: checked before any game is played.
    pub fn create(run_dir: &Path, config: G::Config, force: bool) -> CliResult<Self> {
        Ok(RunTraces {
            dir: TraceDir::create(run_dir, force)?,
            config,
            written: 0,
            _lock: None,
        })
    }

    /// For a run directory read back (`silk find RUN_DIR --traces`).
    pub fn for_run_dir(run_dir: &Path, spec: &RunSpec, force: bool) -> CliResult<Self> {
        let lock = silk_lab::lock_run_dir(run_dir)?;
        let config = config_of::<G>(spec, run_dir)?;
        Ok(RunTraces {
            _lock: Some(lock),
            ..Self::create(run_dir, config, force)?
        })
    }

    /// Writes the trace of the game `record` records, played again as the lab played it.
    pub fn write(&mut self, spec: &RunSpec, record: &GameRecord) -> Result<(), silk_lab::LabError> {
        let trace = game_trace::<G>(
            &self.config,
            spec,
            record.index,
            &crate::seats::players_for::<G>(&self.config),
            record.decisions,
        )?;
        self.dir.write(record.index, &trace)?;
        self.written += 1;
        Ok(())
    }

    pub fn finish(&self, out: &mut Out) {
        out.message(&format!(
            "wrote {} traces to {} (game-K.json; check one with silk replay --trace-in FILE)",
            self.written,
            self.dir.dir().display()
        ));
    }
}

/// The game a trace file is of, read before the rest so that the engine can be chosen.
pub fn load(file: &Path) -> CliResult<Trace> {
    Trace::load(file).map_err(|e| CliError::input(e.to_string()))
}

/// `--legal` on `silk replay --trace-in FILE`: the legal decisions, in the trace's format.
#[derive(Clone, Copy, Debug)]
pub struct Legal {
    /// Only before this decision (from 1; one more than the trace's decisions is the position
    /// after the last), instead of before each decision and after the last.
    pub at: Option<u64>,
}

/// `silk replay --trace-in FILE`: plays the trace from its own setup, showing each decision and
/// what it caused; the first decision that is illegal or does not fit is the error, with its
/// index in `actions`. With `legal`, the legal decisions before each decision and after the
/// last (or at one position only). With `timeline`, the standings round by round instead of
/// the decisions.
pub fn play_back<G: CliGame>(
    trace: &Trace,
    file: &Path,
    legal: Option<Legal>,
    timeline: bool,
    out: &mut Out,
) -> CliResult<()> {
    if let Some(Legal { at: Some(n) }) = legal {
        return legal_at::<G>(trace, file, n, out);
    }
    let origin = file.display().to_string();
    if timeline {
        if legal.is_some() {
            return Err(CliError::input(
                "--timeline shows the standings, --legal the decisions: one at a time",
            ));
        }
        let (end, timeline) = play_trace_timeline::<G>(trace, &origin, |_| {})
            .map_err(|e| CliError::input(e.to_string()))?;
        let ended_by = G::outcome(&end).and_then(|o| o.ended_by);
        crate::replay_run::timeline_out(&timeline, G::num_seats(&end), ended_by, out);
        out.message(&format!(
            "{}: every decision is legal{}",
            file.display(),
            match (&trace.result, &trace.timeline) {
                (Some(_), Some(_)) => " and the result and the timeline match",
                (Some(_), None) => " and the result matches (the trace keeps no timeline)",
                _ => " (the trace records no result to compare)",
            }
        ));
        return Ok(());
    }
    let mut decisions = 0u64;
    let end = play_trace::<G>(trace, &origin, |step| {
        decisions += 1;
        if legal.is_some() {
            legal_line::<G>(step.before, decisions, step.index, out);
        }
        let text = G::action_to_string(step.before, step.action);
        out.line(
            &format!("{:>6} {}: {text}", format!("[{}]", step.index), step.seat),
            json!({"type": "move", "index": step.index, "seat": step.seat, "action": text}),
        );
        for e in step.events {
            if out.json {
                if let Some(v) = G::event_json(step.after, e, None) {
                    out.line("", json!({"type": "event", "event": v}));
                }
            } else if let Some(t) = G::event_text(step.after, e, None) {
                out.line(&format!("  {t}"), serde_json::Value::Null);
            }
        }
    })
    .map_err(|e| CliError::input(e.to_string()))?;
    if legal.is_some() {
        legal_line::<G>(&end, decisions + 1, trace.actions.len(), out);
    }
    match G::outcome(&end) {
        Some(_) => Narration::new(None).end::<G>(&end, out),
        None => out.message(&format!(
            "the trace stops before the end of the game, after {decisions} decisions"
        )),
    }
    out.message(&format!(
        "{}: every decision is legal{}",
        file.display(),
        if trace.result.is_some() {
            " and the result matches"
        } else {
            " (the trace records no result to compare)"
        }
    ));
    Ok(())
}

/// Whether an entry of `actions` is a draw of chance rather than a decision.
fn is_chance(entry: &serde_json::Value) -> bool {
    entry.get("chance").is_some()
}

/// `--trace-in FILE --legal --at N`: the decisions before decision `n` played back (and
/// checked), then the legal decisions at that position.
fn legal_at<G: CliGame>(trace: &Trace, file: &Path, n: u64, out: &mut Out) -> CliResult<()> {
    let decisions = trace.actions.iter().filter(|e| !is_chance(e)).count() as u64;
    if n == 0 || n > decisions + 1 {
        return Err(CliError::input(format!(
            "--at {n}: {} has decisions 1 to {decisions} ({} is the position after the last)",
            file.display(),
            decisions + 1
        )));
    }
    // The entry decision `n` is (or the end): the decisions before it with their draws.
    let index = trace
        .actions
        .iter()
        .enumerate()
        .filter(|(_, e)| !is_chance(e))
        .nth((n - 1) as usize)
        .map_or(trace.actions.len(), |(i, _)| i);
    let before = Trace {
        actions: trace.actions[..index].to_vec(),
        result: None,
        timeline: None,
        ..trace.clone()
    };
    let state = play_trace::<G>(&before, &file.display().to_string(), |_| {})
        .map_err(|e| CliError::input(e.to_string()))?;
    legal_line::<G>(&state, n, index, out);
    out.message(&format!(
        "{}: the {} decisions before decision {n} are legal",
        file.display(),
        n - 1
    ));
    Ok(())
}

/// The legal decisions in `state`, the position before decision `decision` (entry `index` of
/// the trace's `actions`): one `legal` record, each decision as a trace entry.
fn legal_line<G: CliGame>(state: &G::State, decision: u64, index: usize, out: &mut Out) {
    let seats = seats_to_move::<G>(state);
    let listed = legal_json::<G>(state);
    let mut text = match seats.as_slice() {
        [] => format!("legal before decision {decision}: none, the game is over"),
        _ => format!(
            "legal before decision {decision} (actions[{index}]), {} to move: {} decisions",
            seats
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            listed.len()
        ),
    };
    for entry in &listed {
        let seat = entry["seat"].as_u64().unwrap_or_default();
        let action = entry["text"].as_str().unwrap_or_default();
        text += &format!("\n    P{}: {action}", seat + 1);
    }
    out.line(
        &text,
        json!({"type": "legal", "decision": decision, "index": index,
               "to_move": seats.iter().map(|s| s.index()).collect::<Vec<_>>(),
               "actions": listed}),
    );
}
