//! `silk replay RUN_DIR --game K`: game K of a lab run again, exactly as the lab played it,
//! shown step by step (the state as each seat sees it, each decision, what it caused), and
//! checked against its record in `games.jsonl`.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::standings::{Timeline, TimelineRecorder};
use silk_core::Seat;
use silk_lab::RunGame;
use std::path::Path;

/// What to show of the replayed game.
pub struct Show {
    /// Start at this decision (1-based): the state before it, then the decisions from there.
    pub at: Option<u64>,
    /// Only the decisions and their events, not the seats' views.
    pub moves_only: bool,
    /// The standings round by round instead of the decisions.
    pub timeline: bool,
}

/// Every seat's view of `state`, as text, one block per seat.
fn views_text<G: CliGame>(state: &G::State) -> String {
    (0..G::num_seats(state))
        .map(|i| {
            let seat = Seat(i as u8);
            let text = G::view_text(state, seat);
            format!("-- {seat} sees --\n{}\n", text.trim_end())
        })
        .collect()
}

/// Every seat's view of `state`, as JSON.
fn views_json<G: CliGame>(state: &G::State) -> Value {
    Value::Array(
        (0..G::num_seats(state))
            .map(|i| serde_json::to_value(G::view(state, Seat(i as u8))).unwrap_or_default())
            .collect(),
    )
}

/// Replays game `index` of the run in `dir`, whose `run.json` names game `G`.
pub fn run<G: CliGame>(game: &RunGame, show: &Show, out: &mut Out) -> CliResult<()> {
    let (config, state0) = start::<G>(game)?;
    let index = game.record.index;
    let seats = G::num_seats(&state0);
    let at = show.at.unwrap_or(1);
    let total = game.max_decisions();
    if at == 0 || at > total.saturating_add(1) {
        return Err(CliError::input(format!(
            "--at {at}: game {index} has decisions 1 to {total} ({} is the final state)",
            total.saturating_add(1)
        )));
    }
    announce::<G>(game, total, out);
    let factory = crate::seats::players_for::<G>(&config);
    let mut timeline = TimelineRecorder::new::<G>(&state0);
    let played =
        silk_lab::play_game::<G>(&config, &game.spec, index, &factory, total, &mut |step| {
            if show.timeline {
                timeline.step::<G>(step.after);
            } else if step.number >= at {
                decision_out::<G>(step, show.moves_only, out);
            }
            Ok(())
        })?;
    if show.timeline {
        let ended_by = played.outcome.as_ref().and_then(|o| o.ended_by);
        timeline_out(&timeline.finish::<G>(&played.state), seats, ended_by, out);
    }
    let checked = game.check::<G>(&played);
    outcome_out::<G>(&played, checked.is_ok(), show, out);
    checked?;
    out.message(&format!(
        "the replay matches game {index} of {}",
        game.dir.join("games.jsonl").display()
    ));
    Ok(())
}

/// The run's config and the game's first state, checked to seat the run's bots.
fn start<G: CliGame>(game: &RunGame) -> CliResult<(G::Config, G::State)> {
    let spec_path = game.dir.join("run.json");
    let config: G::Config = serde_json::from_value(game.spec.config.clone()).map_err(|e| {
        CliError::input(format!(
            "{}: config: {e} (was the run made by another version of silk?)",
            spec_path.display()
        ))
    })?;
    let state0 = G::setup(
        &config,
        silk_lab::game_seed(game.spec.seed, game.record.index),
    )
    .map_err(|e| CliError::input(format!("{}: config: {e}", spec_path.display())))?;
    let seats = G::num_seats(&state0);
    if game.spec.bots.len() != seats {
        return Err(CliError::input(format!(
            "{}: {} bots for {seats} seats",
            spec_path.display(),
            game.spec.bots.len()
        )));
    }
    Ok((config, state0))
}

/// The replay's first line: which game of which run, its seeds and who sits where.
fn announce<G: CliGame>(game: &RunGame, total: u64, out: &mut Out) {
    let (dir, index) = (&game.dir, game.record.index);
    let names = silk_lab::bot_names(&game.spec, index);
    let seat_list: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", Seat(i as u8)))
        .collect();
    out.line(
        &format!(
            "game {index} of {} ({}, run seed {}, game seed {}): {}",
            dir.display(),
            G::NAME,
            game.spec.seed,
            game.record.seed,
            seat_list.join(", ")
        ),
        json!({"type": "game", "run": dir.display().to_string(), "game": G::NAME,
               "index": index, "run_seed": game.spec.seed, "seed": game.record.seed,
               "bots": names, "decisions": total}),
    );
}

/// One decision: the seats' views before it (unless `moves_only`), the action and its events.
fn decision_out<G: CliGame>(step: &silk_lab::ReplayStep<G>, moves_only: bool, out: &mut Out) {
    let action = G::action_to_string(step.before, step.action);
    let events: Vec<String> = step
        .events
        .iter()
        .filter_map(|e| G::event_text(step.after, e, None))
        .collect();
    let mut text = String::new();
    if !moves_only {
        text += &format!(
            "\n== before decision {}: {} to move ==\n{}\n",
            step.number,
            step.seat,
            views_text::<G>(step.before)
        );
    }
    text += &format!("{:>4}. {}: {action}", step.number, step.seat);
    for e in &events {
        text += &format!("\n      {e}");
    }
    let mut value = json!({"type": "decision", "index": step.number,
        "seat": step.seat, "action": action, "events": events});
    if !moves_only {
        value["views"] = views_json::<G>(step.before);
    }
    out.line(&text, value);
}

/// The game's end: the final views (unless only moves or the timeline are shown) and the
/// outcome, with whether the replay matches the record.
fn outcome_out<G: CliGame>(
    played: &silk_lab::Replayed<G>,
    matches_record: bool,
    show: &Show,
    out: &mut Out,
) {
    let mut value = match &played.outcome {
        Some(o) => json!({"type": "outcome", "finished": true, "scores": o.scores,
                          "ranks": o.ranks, "stuck": o.stuck, "ended_by": o.ended_by}),
        None => json!({"type": "outcome", "finished": false, "scores": [], "ranks": [],
                       "stuck": false}),
    };
    value["decisions"] = json!(played.decisions);
    value["matches_record"] = json!(matches_record);
    let mut text = String::new();
    if !show.moves_only && !show.timeline {
        text += &format!(
            "\n== the end, after {} decisions ==\n{}\n",
            played.decisions,
            views_text::<G>(&played.state)
        );
        value["views"] = views_json::<G>(&played.state);
    }
    text += &match &played.outcome {
        Some(o) => crate::play::outcome_text(o),
        None => format!(
            "Unfinished: the run stopped this game at {} decisions (--max-decisions)",
            played.decisions
        ),
    };
    out.line(&text, value);
}

/// The standings table of `--timeline` (a run's game, or a trace played back): a row per
/// round, each seat's score (and coins, where the game has them) and the sole leader, then the
/// round the order was settled in (in a stall, `ended_by`, labelled as no win).
pub fn timeline_out(
    timeline: &Timeline,
    seats: usize,
    ended_by: Option<silk_core::EndedBy>,
    out: &mut Out,
) {
    let coins = !timeline.coins.is_empty();
    let mut text = format!("standings at the end of each round: {}", timeline.score);
    if coins {
        text += &format!(" / {}", timeline.coins);
    }
    text += &format!("\n{:>6}", "round");
    for i in 0..seats {
        text += &format!(" {:>10}", Seat(i as u8).to_string());
    }
    text += "  leader\n";
    let decided = timeline.decided_at;
    for row in &timeline.rounds {
        text += &format!("{:>6}", row.round);
        for (i, v) in row.score.iter().enumerate() {
            let cell = match row.coins.get(i) {
                Some(c) => format!("{v}/{c}"),
                None => v.to_string(),
            };
            text += &format!(" {cell:>10}");
        }
        let leader = row
            .leader
            .map_or("shared".into(), |l| Seat(l as u8).to_string());
        text += &format!("  {leader}");
        if decided == Some(row.round) {
            text += if ended_by.is_some() {
                "  <- order settled"
            } else {
                "  <- decided"
            };
        }
        text += "\n";
    }
    text += &match decided {
        Some(r) => format!(
            "{}: from its end on, the order never changed",
            silk_lab::report::decided_at_text(r, ended_by)
        ),
        None => "the game counts no standing to follow".into(),
    };
    let mut value = serde_json::to_value(timeline).unwrap_or_default();
    value["type"] = json!("timeline");
    out.line(&text, value);
}

/// `silk replay RUN_DIR --game K`: opens the run and replays the game with the engine its
/// `run.json` names.
pub fn open(dir: &Path, index: u64) -> CliResult<RunGame> {
    if !dir.join("run.json").is_file() {
        return Err(CliError::input(format!(
            "{}: no run.json here (a run directory is written by silk simulate --out)",
            dir.display()
        )));
    }
    Ok(RunGame::open(dir, index)?)
}
