//! Playing a lab run's games (what a run is: [`crate::RunSpec`]): the one decision loop every lab
//! game goes through, and the worker that plays a game into its [`GameRecord`].

use crate::observed::{Events, Observed};
use crate::LabError;
use silk_core::metrics::MAX_DECISION_KINDS;
use silk_core::{next_decider, Counters, Forfeit, Game, Names, Observe, Player, Seat};
use std::sync::Arc;

use crate::record::{GameRecord, SeatForfeit};
use crate::spec::{game_seed, RunSpec};

/// Who leads the provisional standing, counting a change of sole leader.
struct Lead {
    /// The last sole leader seen ([`NO_LEADER`] before the first).
    leader: usize,
    changes: u32,
}

const NO_LEADER: usize = usize::MAX;

impl Default for Lead {
    fn default() -> Lead {
        Lead {
            leader: NO_LEADER,
            changes: 0,
        }
    }
}

impl Lead {
    /// Without a branch: who leads changes unpredictably, and a mispredicted branch per
    /// change cost more than the rest of the check.
    #[inline]
    fn check<G: Observe>(&mut self, state: &G::State, standing: &mut Vec<i64>) {
        // A shared top keeps the last sole leader.
        let now = G::leader(state, standing).unwrap_or(self.leader);
        self.changes += (self.leader != NO_LEADER && now != self.leader) as u32;
        self.leader = now;
    }
}

/// The states a game's rounds ended in, kept as it is played and read a batch at a time (at the
/// latest once the game is over): the standing's code then runs in one pass, rather than once
/// a round between decisions, where it evicted the decision loop's code from the instruction
/// cache (and was evicted by it). States are compact and `Copy` in every engine (under 1 KB),
/// so a copy per round costs little; at most [`HELD_ROUNDS`] are held, so memory does not grow
/// with a game's length.
struct RoundEnds<S> {
    states: Vec<S>,
    /// The lead over the rounds already read.
    lead: Lead,
    /// A buffer for each seat's standing.
    standing: Vec<i64>,
}

/// Round ends held before they are read.
const HELD_ROUNDS: usize = 64;

impl<S> Default for RoundEnds<S> {
    fn default() -> RoundEnds<S> {
        RoundEnds {
            states: Vec::new(),
            lead: Lead::default(),
            standing: Vec::new(),
        }
    }
}

impl<S: Clone> RoundEnds<S> {
    /// Forgets the last game.
    fn start(&mut self) {
        self.states.clear();
        self.lead = Lead::default();
    }

    /// Keeps the state a round ended in.
    #[inline]
    fn push<G: Observe<State = S>>(&mut self, state: &S) {
        self.states.push(state.clone());
        if self.states.len() >= HELD_ROUNDS {
            self.read::<G>();
        }
    }

    /// Reads the lead over the rounds held.
    #[cold]
    #[inline(never)]
    fn read<G: Observe<State = S>>(&mut self) {
        // Read in place: moving each state out would copy it a second time.
        for s in &self.states {
            self.lead.check::<G>(s, &mut self.standing);
        }
        self.states.clear();
    }

    /// The game's lead changes: over every round, then over `last` (the final state of a game
    /// that ended inside a round).
    fn lead<G: Observe<State = S>>(&mut self, last: Option<&S>) -> Lead {
        self.read::<G>();
        if let Some(s) = last {
            self.lead.check::<G>(s, &mut self.standing);
        }
        std::mem::take(&mut self.lead)
    }
}

/// Game `index` of a run, set up as every lab game is: its seed from the run seed and the index.
pub(crate) fn setup_game<G: Observe>(
    config: &G::Config,
    run_seed: u64,
    index: u64,
    seats: usize,
) -> Result<(G::State, u64), LabError> {
    let seed = game_seed(run_seed, index);
    let state = G::setup(config, seed).map_err(|e| LabError::Input(e.to_string()))?;
    let n = G::num_seats(&state);
    if seats != n {
        return Err(LabError::Input(format!("{seats} bots for {n} seats")));
    }
    Ok((state, seed))
}

/// The metric names the games of the run `spec` declare ([`run_names`]: the engine's, then
/// one `decisions.<kind>` per decision kind), from its first game: a run's games share them.
pub fn declared_metrics<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
) -> Result<Vec<String>, LabError> {
    let (state, _) = setup_game::<G>(config, spec.seed, spec.indices().start, spec.bots.len())?;
    Ok(run_names::<G>(&state).slots().to_vec())
}

/// What one decision of a lab game hands on: the seat, its action, the legal actions it chose
/// from, the state after it and the events it caused. (A type parameter, not `dyn`: the
/// simulation's handler is inlined into the loop, once per decision.)
pub(crate) trait Each<G: Game>:
    FnMut(Seat, G::Action, &[G::Action], &G::State, &[G::Event]) -> Result<(), LabError>
{
}

impl<G: Game, F> Each<G> for F where
    F: FnMut(Seat, G::Action, &[G::Action], &G::State, &[G::Event]) -> Result<(), LabError>
{
}

/// The one decision loop of every lab game (simulated or replayed): asks the seat to move,
/// applies its choice, has `events` count it (a simulation's [`Observed`]), hands the decision
/// on. Stops at the end, after `max_decisions` or when
/// a player forfeits; returns the decisions made and the forfeit, if any. `legal` and `events`
/// are buffers, reused from game to game.
pub(crate) fn drive<G: Observe>(
    state: &mut G::State,
    players: &mut [Box<dyn Player<G>>],
    index: u64,
    max_decisions: u64,
    (legal, events): (&mut Vec<G::Action>, &mut impl Events<G>),
    mut each: impl Each<G>,
) -> Result<(u64, Option<(Seat, Forfeit)>), LabError> {
    let mut decisions = 0u64;
    // Known for the whole game: the branch below always goes the same way.
    let may_forfeit = players.iter().any(|p| p.may_forfeit());
    while let Some(seat) = next_decider(G::to_move(state)) {
        if decisions >= max_decisions {
            break;
        }
        G::legal_actions(state, seat, legal);
        if legal.is_empty() {
            return Err(LabError::Engine(format!(
                "game {index}: {seat} has no legal action"
            )));
        }
        let player = &mut players[seat.index()];
        let action = if may_forfeit {
            match player.try_choose(state, seat, legal) {
                Ok(action) => action,
                Err(forfeit) => return Ok((decisions, Some((seat, forfeit)))),
            }
        } else {
            player.choose(state, seat, legal)
        };
        // A lab game's players choose from `legal` (the `Player` contract; a player outside
        // silk has its answer checked against the list): the engine may skip re-checking it.
        debug_assert!(legal.contains(&action), "a bot chose an unlisted action");
        events.clear();
        G::apply_listed_with(state, seat, action, events)
            .map_err(|e| LabError::Engine(format!("game {index}: {seat}: {e}")))?;
        decisions += 1;
        events.count(state, seat, &action);
        each(seat, action, legal, state, events.kept())?;
    }
    Ok((decisions, None))
}

/// The per-game metric counting decisions of one kind (the table-time model reads them).
pub fn decision_metric(kind: &str) -> String {
    format!("decisions.{kind}")
}

/// The per-game metric counting the runs of a batched decision kind: decisions of that kind
/// by one player in a row count as one run (see [`silk_core::metrics::DecisionKind::then`]).
pub fn decision_run_metric(kind: &str) -> String {
    format!("decision_runs.{kind}")
}

/// Whether any of `kinds` is batched.
const fn has_batched(kinds: &[silk_core::DecisionKind]) -> bool {
    let mut i = 0;
    while i < kinds.len() {
        if kinds[i].then.is_some() {
            return true;
        }
        i += 1;
    }
    false
}

/// The engine's batched decision kinds, by their place in its list.
fn batched<G: Observe>() -> impl Iterator<Item = usize> {
    G::DECISION_KINDS
        .iter()
        .enumerate()
        .filter(|(_, k)| k.then.is_some())
        .map(|(i, _)| i)
}

/// The metric names of a run's games: the engine's (see [`Observe::metric_names`]), then one
/// `decisions.<kind>` per decision kind, then one `decision_runs.<kind>` per batched kind.
pub fn run_names<G: Observe>(state: &G::State) -> Arc<Names> {
    let kinds = G::DECISION_KINDS.iter().map(|k| decision_metric(k.name));
    let runs = batched::<G>().map(|i| decision_run_metric(G::DECISION_KINDS[i].name));
    Arc::new(Names::new(
        G::metric_names(state).into_iter().chain(kinds).chain(runs),
    ))
}

/// What one thread keeps from game to game of a run: the run's metric names (shared, so the
/// summary maps them once) and the decision loop's buffers (no allocation per decision).
pub struct Worker<G: Observe> {
    /// The run whose games it plays ([`RunSpec::id`]), named in each record.
    run: String,
    names: Arc<Names>,
    /// The coverage counters' names ([`crate::coverage::names`]).
    branch_names: Arc<Names>,
    /// The engine's per-player measure names (`player.*`).
    player_names: Arc<Names>,
    /// The number of the first `decisions.<kind>` metric.
    first_kind: usize,
    legal: Vec<G::Action>,
    events: Observed<G>,
    round_ends: RoundEnds<G::State>,
    /// Whether a record's per-seat rows are written: not when the record is only folded
    /// ([`Worker::folded_only`]), since the summary does not read them.
    seat_rows: bool,
}

impl<G: Observe> Worker<G> {
    /// A worker for the games of the run `spec`, with the metric `names` of [`run_names`].
    pub fn new(spec: &RunSpec, names: Arc<Names>) -> Worker<G> {
        Worker {
            run: spec.id(),
            first_kind: names.len() - G::DECISION_KINDS.len() - batched::<G>().count(),
            names,
            branch_names: crate::coverage::names::<G>(),
            player_names: Arc::new(Names::new(G::PLAYER_MEASURES.iter().copied())),
            legal: Vec::new(),
            events: Observed::default(),
            round_ends: RoundEnds::default(),
            seat_rows: true,
        }
    }

    /// A worker whose records are only folded into a summary, never handed on: they leave
    /// out the per-seat rows ([`GameRecord::players`]), which the summary does not read.
    pub fn folded_only(mut self) -> Worker<G> {
        self.seat_rows = false;
        self
    }

    /// Plays game `index` of the run `spec` (the worker's) with the given players.
    pub fn play(
        &mut self,
        config: &G::Config,
        spec: &RunSpec,
        index: u64,
        players: &mut [Box<dyn Player<G>>],
        opts: crate::Options,
    ) -> Result<GameRecord, LabError> {
        let mut record = GameRecord::default();
        self.play_into(config, spec, index, players, opts, &mut record)?;
        Ok(record)
    }

    /// [`Worker::play`] written over `record`, whose memory is reused: a run that only folds
    /// its records allocates none per game. After an error `record` holds nothing of use.
    pub fn play_into(
        &mut self,
        config: &G::Config,
        spec: &RunSpec,
        index: u64,
        players: &mut [Box<dyn Player<G>>],
        opts: crate::Options,
        record: &mut GameRecord,
    ) -> Result<(), LabError> {
        let (state, seed) = setup_game::<G>(config, spec.seed, index, players.len())?;
        self.play_from(state, seed, spec, index, players, opts, record)
    }

    /// [`Worker::play_into`] from `state`, a game already set up from `seed` (a game people
    /// played, read back from its record, has its own seed rather than one of a run's).
    #[allow(clippy::too_many_arguments)] // play_into's, with the state it sets up
    pub fn play_from(
        &mut self,
        mut state: G::State,
        seed: u64,
        spec: &RunSpec,
        index: u64,
        players: &mut [Box<dyn Player<G>>],
        opts: crate::Options,
        record: &mut GameRecord,
    ) -> Result<(), LabError> {
        let first = G::first_player(&state).map(|s| s.0);
        self.events.start(self.seat_rows);
        let mut branching_sum = 0u64;
        let round_ends = &mut self.round_ends;
        round_ends.start();
        let mut round = G::round(&state);
        let mut kinds = [0u32; MAX_DECISION_KINDS];
        // Known when the loop is compiled: an engine without batched kinds tracks no runs.
        let tracks_runs = const { has_batched(G::DECISION_KINDS) };
        let last_kind = G::DECISION_KINDS.len().clamp(1, MAX_DECISION_KINDS) - 1;
        // Runs of a batched kind: a decision of it by another seat or after another kind
        // starts a new one.
        let mut runs = [0u32; MAX_DECISION_KINDS];
        let mut previous: Option<(Seat, usize)> = None;
        let (decisions, forfeit) = drive::<G>(
            &mut state,
            players,
            index,
            opts.max_decisions,
            (&mut self.legal, &mut self.events),
            |seat, action, legal: &[G::Action], state: &G::State, _: &[G::Event]| {
                // An engine's kind out of range counts as its last kind rather than panicking.
                let k = G::decision_kind(&action).min(last_kind);
                kinds[k] = kinds[k].saturating_add(1);
                if tracks_runs && previous != Some((seat, k)) {
                    runs[k] = runs[k].saturating_add(1);
                    previous = Some((seat, k));
                }
                branching_sum += legal.len() as u64;
                if opts.check {
                    G::check_invariants(state).map_err(|e| {
                        // Every decision so far was counted under its kind.
                        let decision: u64 = kinds.iter().map(|&k| k as u64).sum();
                        LabError::Engine(format!(
                            "game {index} (seed {seed}), decision {decision}: invariant broken: {e}"
                        ))
                    })?;
                }
                let r = G::round(state);
                if r != round {
                    round = r;
                    round_ends.push::<G>(state);
                }
                Ok(())
            },
        )?;
        let played = Played {
            seed,
            first,
            players: players.len(),
            decisions,
            forfeit,
            branching_sum,
            kinds,
            runs,
        };
        self.record(spec, index, &state, played, record);
        Ok(())
    }

    /// The record of game `index`, ended in `state` after the decisions its loop counted,
    /// written over `out`.
    #[inline]
    fn record(
        &mut self,
        spec: &RunSpec,
        index: u64,
        state: &G::State,
        played: Played,
        out: &mut GameRecord,
    ) {
        // The counts stay in the worker (2 KB, not moved per game); the record names them.
        out.metrics.set_counts(&self.names, &self.events.metrics);
        self.count_kinds(&mut out.metrics, &played.kinds, &played.runs);
        self.coverage(&played.kinds, &mut out.coverage);
        let outcome = G::outcome(state);
        // A game may end inside a round (a win outright, a round cap): its final standing counts.
        let lead = self
            .round_ends
            .lead::<G>(outcome.is_some().then_some(state));
        let n = played.players;
        (out.finished, out.stuck, out.ended_by) = match outcome {
            Some(o) if played.forfeit.is_none() => {
                out.scores = o.scores;
                out.ranks = o.ranks;
                (true, o.stuck, o.ended_by)
            }
            _ => {
                out.scores.clear();
                out.scores.resize(n, 0);
                out.ranks.clear();
                out.ranks.resize(n, 0);
                (false, false, None)
            }
        };
        out.forfeit = played.forfeit.map(|(seat, f)| SeatForfeit {
            seat: seat.0,
            bot: spec
                .bots
                .get(spec.bot_at(index, seat.index()))
                .cloned()
                .unwrap_or_default(),
            kind: f.kind,
            reason: f.reason,
        });
        if G::PLAYER_MEASURES.is_empty() || !self.seat_rows {
            out.players.clear();
        } else {
            // The per-seat counts stay in the worker (1.5 KB, not moved per game).
            let seats = &mut self.events.seats;
            G::observe_end(state, seats);
            crate::players::records_into(
                spec,
                index,
                (&out.scores, &out.ranks),
                seats,
                &self.player_names,
                &mut out.players,
            );
        }
        out.run.clone_from(&self.run);
        out.index = index;
        out.seed = played.seed;
        out.decisions = played.decisions;
        out.rounds = G::round(state);
        out.branching_sum = played.branching_sum;
        out.lead_changes = lead.changes;
        out.first = played.first;
    }

    /// Adds the game's decisions of each kind, and its runs of each batched kind, to its metrics.
    #[inline]
    fn count_kinds(
        &self,
        metrics: &mut Counters,
        kinds: &[u32; MAX_DECISION_KINDS],
        runs: &[u32; MAX_DECISION_KINDS],
    ) {
        for (k, &count) in kinds.iter().take(G::DECISION_KINDS.len()).enumerate() {
            if count > 0 {
                metrics.add(self.first_kind + k, count as i64);
            }
        }
        let first_run = self.first_kind + G::DECISION_KINDS.len();
        for (slot, k) in batched::<G>().enumerate() {
            if runs[k] > 0 {
                metrics.add(first_run + slot, runs[k] as i64);
            }
        }
    }

    /// The branches the game took (the engine's, then the decision kinds), by name in the
    /// record, written over `coverage`.
    #[inline]
    fn coverage(&self, kinds: &[u32; MAX_DECISION_KINDS], coverage: &mut Counters) {
        coverage.reset(&self.branch_names);
        // The engine's branches only: a scan of the whole array read 160 counts a game.
        for (b, count) in self.events.hits.iter_below(G::BRANCHES.len()) {
            coverage.add(b, count as i64);
        }
        for (k, &count) in kinds.iter().take(G::DECISION_KINDS.len()).enumerate() {
            if count > 0 {
                coverage.add(G::BRANCHES.len() + k, count as i64);
            }
        }
    }
}

/// What the decision loop of one game counted, for its record ([`Worker::record`]).
struct Played {
    seed: u64,
    /// The seat that moved first.
    first: Option<u8>,
    /// The number of players.
    players: usize,
    decisions: u64,
    forfeit: Option<(Seat, Forfeit)>,
    branching_sum: u64,
    /// Decisions of each kind, by its place in the engine's list.
    kinds: [u32; MAX_DECISION_KINDS],
    /// Runs of each batched kind.
    runs: [u32; MAX_DECISION_KINDS],
}

/// Plays game `index` of the run `spec` with the given players (one game alone: a simulation
/// keeps a [`Worker`] per thread instead).
pub fn play_one<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    index: u64,
    players: &mut [Box<dyn Player<G>>],
    opts: crate::Options,
) -> Result<GameRecord, LabError> {
    let (state, _) = setup_game::<G>(config, spec.seed, index, players.len())?;
    Worker::new(spec, run_names::<G>(&state)).play(config, spec, index, players, opts)
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
