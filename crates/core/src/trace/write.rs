//! Writing a trace as a game is played (or from a game played already).

use super::draws::Recorder;
use super::{Trace, Traced, TRACE_FORMAT, TRACE_VERSION};
use crate::error::{IllegalAction, ReplayError};
use crate::replay::Replay;
use crate::seat::Seat;
use crate::standings::TimelineRecorder;
use serde_json::{json, Map, Value};

/// A trace being written: made from the initial state, fed each decision, finished with the
/// final state.
pub struct TraceWriter<G: Traced> {
    trace: Trace,
    decisions: u64,
    standings: TimelineRecorder,
    // A function type: the writer is Send whatever the engine type is.
    _game: std::marker::PhantomData<fn() -> G>,
}

// By hand: a derive would ask `G: Clone` of the engine type.
impl<G: Traced> Clone for TraceWriter<G> {
    fn clone(&self) -> Self {
        TraceWriter {
            trace: self.trace.clone(),
            decisions: self.decisions,
            standings: self.standings.clone(),
            _game: std::marker::PhantomData,
        }
    }
}

impl<G: Traced> TraceWriter<G> {
    /// A trace of the game `state` begins (the state just set up from `config`).
    pub fn new(config: &G::Config, seed: Option<u64>, state: &G::State) -> Self {
        TraceWriter {
            trace: Trace {
                format: TRACE_FORMAT.into(),
                version: TRACE_VERSION,
                game: G::NAME.into(),
                seed,
                players: G::num_seats(state),
                config: serde_json::to_value(config).unwrap_or(Value::Null),
                setup: G::setup_json(state),
                actions: Vec::new(),
                result: None,
                timeline: None,
            },
            decisions: 0,
            standings: TimelineRecorder::new::<G>(state),
            _game: std::marker::PhantomData,
        }
    }

    /// Plays `action` of `seat` on `state` and records it with the draws of chance it caused;
    /// returns its events. An illegal action is not recorded (the state is unchanged).
    pub fn play(
        &mut self,
        state: &mut G::State,
        seat: Seat,
        action: G::Action,
    ) -> Result<Vec<G::Event>, IllegalAction> {
        let entry = self.entry(state, seat, action);
        let mut rec = Recorder::default();
        G::apply_with(state, seat, action, &mut rec)?;
        self.push(state, entry, &rec);
        Ok(rec.events)
    }

    /// Records `action` of `seat` already played from `before` (a lab game's): it is played
    /// again on a copy to see the draws of chance it made, which are the same (the RNG is in
    /// the state).
    pub fn record(
        &mut self,
        before: &G::State,
        seat: Seat,
        action: G::Action,
    ) -> Result<(), IllegalAction> {
        let mut state = before.clone();
        self.play(&mut state, seat, action).map(|_| ())
    }

    /// Records a decision as another trace has it (one played back with [`super::play_trace`]):
    /// `entries` are its decision and the draws of chance after it, kept as they are; `after`
    /// is the state after them.
    pub fn replayed(&mut self, after: &G::State, entries: &[Value]) {
        self.decisions += 1;
        self.standings.step::<G>(after);
        self.trace.actions.extend_from_slice(entries);
    }

    fn entry(&self, before: &G::State, seat: Seat, action: G::Action) -> Value {
        decision_json::<G>(before, seat, action)
    }

    fn push(&mut self, after: &G::State, entry: Value, rec: &Recorder<G::Event>) {
        self.decisions += 1;
        self.standings.step::<G>(after);
        self.trace.actions.push(entry);
        for c in &rec.chances {
            self.trace
                .actions
                .push(json!({"chance": G::chance_json(after, c)}));
        }
    }

    /// The trace, with the result of `state` (the final state; a game cut short before its
    /// end gets `"end": "cap"`, one the rules' round cap ended `"end": "round_cap"`) and the
    /// standings round by round.
    pub fn finish(mut self, state: &G::State) -> Trace {
        self.trace.result = Some(result_json::<G>(state, self.decisions));
        let timeline = self.standings.finish::<G>(state);
        self.trace.timeline = serde_json::to_value(timeline).ok();
        self.trace
    }
}

/// One decision as an entry of a trace's `actions`: `{"seat", "action", "text"}`, from the
/// state before it.
pub fn decision_json<G: Traced>(before: &G::State, seat: Seat, action: G::Action) -> Value {
    json!({
        "seat": seat.index(),
        "action": G::action_json(before, seat, action),
        "text": G::action_to_string(before, action),
    })
}

/// A game's `result`: how it ended, scores, ranks, winners, the engine's details.
pub fn result_json<G: Traced>(state: &G::State, decisions: u64) -> Value {
    let mut m = Map::new();
    match G::outcome(state) {
        Some(o) => {
            let end = match (o.stuck, o.ended_by) {
                (true, _) => "stuck",
                (false, Some(by)) => by.name(),
                (false, None) => "normal",
            };
            m.insert("end".into(), json!(end));
            m.insert(
                "winners".into(),
                json!(o.winners().map(|s| s.index()).collect::<Vec<_>>()),
            );
            m.insert("scores".into(), json!(o.scores));
            m.insert("ranks".into(), json!(o.ranks));
        }
        None => {
            m.insert("end".into(), json!("cap"));
        }
    }
    m.insert("decisions".into(), json!(decisions));
    // The engine's details, which may say more precisely how the game ended.
    m.extend(G::result_json(state));
    Value::Object(m)
}

impl<G: Traced> Replay<G> {
    /// The trace of this saved game (played from its seed; `origin` names it in errors).
    pub fn to_trace(&self, origin: &str) -> Result<Trace, ReplayError> {
        let start = G::setup(&self.config, self.seed).map_err(|source| ReplayError::Setup {
            path: origin.into(),
            source,
        })?;
        let mut writer = TraceWriter::<G>::new(&self.config, Some(self.seed), &start);
        let mut before = start;
        let mut failed = None;
        let end = self.run_each(origin, |i, after, _| {
            let m = &self.moves[i];
            // `run_each` has just read and played this move from `before`.
            let recorded = G::parse_action(&before, m.seat, &m.action)
                .map_err(|e| e.reason)
                .and_then(|a| writer.record(&before, m.seat, a).map_err(|e| e.to_string()));
            if let Err(reason) = recorded {
                failed.get_or_insert((i, reason));
            }
            before = after.clone();
        })?;
        if let Some((i, reason)) = failed {
            let m = &self.moves[i];
            return Err(ReplayError::Move {
                path: origin.into(),
                index: i + 1,
                seat: m.seat,
                text: m.action.clone(),
                reason,
            });
        }
        Ok(writer.finish(&end))
    }
}
