//! Playing a trace back: the setup it gives, each decision checked by the engine, each draw of
//! chance imposed as recorded, and the result compared.

use super::draws::Forcer;
use super::write::result_json;
use super::{json, Trace, TraceError, Traced};
use crate::seat::Seat;
use crate::standings::{Timeline, TimelineRecorder};
use serde_json::Value;

/// One decision of a trace played back.
pub struct TraceStep<'a, G: Traced> {
    /// Its index in the trace's `actions`.
    pub index: usize,
    pub seat: Seat,
    pub action: G::Action,
    /// The state before it.
    pub before: &'a G::State,
    /// The state after it (and after the draws of chance it caused).
    pub after: &'a G::State,
    pub events: &'a [G::Event],
}

fn chance_entry(v: &Value) -> Option<&Value> {
    v.as_object().and_then(|o| o.get("chance"))
}

/// Plays `trace` from its own setup (never a seed), handing each decision to `each`, and
/// returns the final state. The first decision that cannot be read or is illegal, a draw of
/// chance that does not fit, or a result that differs is the error, with its place.
pub fn play_trace<G: Traced>(
    trace: &Trace,
    origin: &str,
    each: impl FnMut(&TraceStep<G>),
) -> Result<G::State, TraceError> {
    play_trace_timeline(trace, origin, each).map(|(state, _)| state)
}

/// [`play_trace`], also returning the standings round by round of the game played back. A
/// trace that keeps a `timeline` must agree with it.
pub fn play_trace_timeline<G: Traced>(
    trace: &Trace,
    origin: &str,
    mut each: impl FnMut(&TraceStep<G>),
) -> Result<(G::State, Timeline), TraceError> {
    let err = |place: String, reason: String| TraceError::new(origin, place, reason);
    if trace.game != G::NAME {
        return Err(err(
            "game".into(),
            format!("a trace of {:?}, not of {}", trace.game, G::NAME),
        ));
    }
    let config: G::Config = serde_json::from_value(trace.config.clone())
        .map_err(|e| err("config".into(), e.to_string()))?;
    let mut state =
        G::setup_from_json(&config, &trace.setup).map_err(|e| err("setup".into(), e))?;
    let seats = G::num_seats(&state);
    if trace.players != seats {
        return Err(err(
            "players".into(),
            format!("{} players, but the config sets up {seats}", trace.players),
        ));
    }
    let actions = &trace.actions;
    let mut standings = TimelineRecorder::new::<G>(&state);
    let mut decisions = 0u64;
    let mut i = 0;
    while i < actions.len() {
        let place = format!("actions[{i}]");
        let entry = &actions[i];
        if chance_entry(entry).is_some() {
            return Err(err(
                place,
                "a draw of chance that no decision before it made".into(),
            ));
        }
        if let Some(k) = json::obj(entry)
            .map_err(|e| err(place.clone(), e))?
            .keys()
            .find(|k| !["seat", "action", "text"].contains(&k.as_str()))
        {
            return Err(err(
                place,
                format!("unknown key \"{k}\" (a decision has seat, action and text)"),
            ));
        }
        let seat = json::seat(entry, "seat", seats).map_err(|e| err(place.clone(), e))?;
        let action_value = json::get(entry, "action").map_err(|e| err(place.clone(), e))?;
        let action = G::action_from_json(&state, seat, action_value)
            .map_err(|e| err(format!("{place}.action"), e))?;
        // The draws of chance this decision made follow it.
        let mut outcomes = Vec::new();
        let mut next = i + 1;
        while let Some(c) = actions.get(next).and_then(chance_entry) {
            let outcome = G::chance_from_json(&state, c)
                .map_err(|e| err(format!("actions[{next}].chance"), e))?;
            outcomes.push(outcome);
            next += 1;
        }
        let recorded = outcomes.len();
        let before = state.clone();
        let mut forcer = Forcer::new(outcomes);
        G::apply_with(&mut state, seat, action, &mut forcer)
            .map_err(|e| err(place.clone(), e.to_string()))?;
        let events = std::mem::take(&mut forcer.events);
        forcer.finish().map_err(|(k, reason)| {
            let at = if k < recorded { i + 1 + k } else { i };
            err(format!("actions[{at}]"), reason)
        })?;
        decisions += 1;
        standings.step::<G>(&state);
        each(&TraceStep {
            index: i,
            seat,
            action,
            before: &before,
            after: &state,
            events: &events,
        });
        i = next;
    }
    if let Some(recorded) = &trace.result {
        check_result(recorded, &result_json::<G>(&state, decisions))
            .map_err(|e| err("result".into(), e))?;
    }
    let timeline = standings.finish::<G>(&state);
    // The timeline describes the whole game, as the result does: a trace cut short (without
    // its result) is not held to it.
    if let (Some(recorded), Some(_)) = (&trace.timeline, &trace.result) {
        check_timeline(recorded, &timeline).map_err(|e| err("timeline".into(), e))?;
    }
    Ok((state, timeline))
}

/// A recorded timeline must be the one the play-back gives, row by row (a trace whose result
/// matches but whose standings do not was edited or written by a different count).
fn check_timeline(recorded: &Value, played: &Timeline) -> Result<(), String> {
    let recorded: Timeline = serde_json::from_value(recorded.clone()).map_err(|e| e.to_string())?;
    let show = |v: &dyn std::fmt::Debug| format!("{v:?}");
    if recorded.rounds.len() != played.rounds.len() {
        return Err(format!(
            "{} rounds in the trace, but the game played back gives {}",
            recorded.rounds.len(),
            played.rounds.len()
        ));
    }
    for (i, (r, p)) in recorded.rounds.iter().zip(&played.rounds).enumerate() {
        if r != p {
            return Err(format!(
                "rounds[{i}] is {} in the trace, but the game played back gives {}",
                serde_json::to_string(r).unwrap_or_else(|_| show(r)),
                serde_json::to_string(p).unwrap_or_else(|_| show(p))
            ));
        }
    }
    if recorded.decided_at != played.decided_at {
        return Err(format!(
            "decided_at is {:?} in the trace, but the game played back gives {:?}",
            recorded.decided_at, played.decided_at
        ));
    }
    Ok(())
}

/// Every key the recorded result shares with the result of the play-back must agree (another
/// tool may add keys of its own).
fn check_result(recorded: &Value, played: &Value) -> Result<(), String> {
    let recorded = json::obj(recorded)?;
    let played = json::obj(played)?;
    for (key, value) in recorded {
        if let Some(ours) = played.get(key) {
            if ours != value {
                return Err(format!(
                    "\"{key}\" is {value} in the trace, but the game played back gives {ours}"
                ));
            }
        }
    }
    Ok(())
}
