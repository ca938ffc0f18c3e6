//! One lab run: `(game, config, bots, seed, games)`, optionally one shard of it. Every game is
//! seeded from the run seed and its index alone, so a run gives the same records on any number of
//! threads or machines, and shards merge into exactly the unsharded run.

use crate::players::PlayerRecord;
use crate::LabError;
use serde::{Deserialize, Serialize};
use silk_core::metrics::MAX_DECISION_KINDS;
use silk_core::{
    next_decider, Counters, EndedBy, EventSink, Forfeit, ForfeitKind, Game, Names, Observe, Player,
    Seat, SeatCounters, SilkRng,
};
use std::ops::Range;
use std::sync::Arc;

/// One slice `k` of `n` (1-based) of a run's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// Reads `K/N`.
    pub fn parse(text: &str) -> Result<Shard, LabError> {
        let bad = || LabError::Input(format!("--shard {text:?}: expected K/N with 1 ≤ K ≤ N"));
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard { k, n }.checked().map_err(|_| bad())
    }

    /// The shard if it is one (1 ≤ K ≤ N), as one read from a file must be before it is used.
    pub fn checked(self) -> Result<Shard, LabError> {
        if self.n == 0 || self.k == 0 || self.k > self.n {
            return Err(LabError::Input(format!(
                "shard {} of {}: expected K of N with 1 ≤ K ≤ N",
                self.k, self.n
            )));
        }
        Ok(self)
    }

    /// The game indices of this shard: contiguous, and the shards of a run cover it exactly.
    pub fn range(&self, games: u64) -> Range<u64> {
        // In u128: games × k overflows u64 for long runs; a shard read from a file is checked
        // (k ≥ 1, n ≥ 1) before it gets here, and an unchecked one gives an empty range.
        let (g, k, n) = (games as u128, self.k as u128, self.n as u128);
        if n == 0 || k == 0 {
            return 0..0;
        }
        let lo = (g * (k - 1) / n) as u64;
        let hi = (g * k.min(n) / n) as u64;
        lo..hi
    }
}

/// What a run is: enough to reproduce it and to check that shards belong together.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    pub game: String,
    pub config: serde_json::Value,
    /// One bot name per seat.
    pub bots: Vec<String>,
    pub seed: u64,
    /// Games in the whole run (all shards).
    pub games: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The bots move round the table from game to game (game K: seat S plays bot
    /// `(S + K) mod N`), so a seat's advantage is not mistaken for a bot's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rotate: bool,
}

impl RunSpec {
    /// The index into `bots` of the bot in `seat` in game `index`.
    pub fn bot_at(&self, index: u64, seat: usize) -> usize {
        let n = self.bots.len().max(1);
        if self.rotate {
            ((seat as u64 + index) % n as u64) as usize
        } else {
            seat
        }
    }

    pub fn indices(&self) -> Range<u64> {
        match self.shard {
            Some(s) => s.range(self.games),
            None => 0..self.games,
        }
    }

    /// The run a game belongs to, as each record names it ([`GameRecord::run`]): a
    /// fingerprint of what makes game K of the run what it is — game, config, bots, seed and
    /// rotation, not the shard nor the run's length. The settings of a sweep share their seed
    /// (their games are paired), so the seed alone cannot tell their records apart.
    pub fn id(&self) -> String {
        let what = serde_json::json!([self.game, self.config, self.bots, self.seed, self.rotate]);
        format!("{:016x}", fnv1a(what.to_string().as_bytes()))
    }
}

/// FNV-1a, 64 bits: a fingerprint that is the same on every platform and version (std's
/// hasher is not).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The result of one game: everything the summary needs, so merged shards summarise alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The run the game belongs to ([`RunSpec::id`]): a merge refuses a record of another run
    /// (another setting of a sweep, another variant) placed among this one's. Empty in records
    /// written before it, which are read as before (on their seeds alone).
    #[serde(default)]
    pub run: String,
    pub index: u64,
    pub seed: u64,
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
    pub decisions: u64,
    pub rounds: u32,
    /// Sum of the number of legal actions over decisions.
    pub branching_sum: u64,
    /// Times the sole leader (by provisional score, checked each round and at the end)
    /// changed.
    pub lead_changes: u32,
    /// False if the game hit the decision cap before ending.
    pub finished: bool,
    /// The engine ended the game as stuck (nobody could act, a turn cap): nobody won it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stuck: bool,
    /// How a game with a ranking ended when not in the ordinary way: `round_cap` when the rules'
    /// round cap stopped it (Cities, gap 32: the rules rank the seats at the cap) — a stall,
    /// which the lab counts apart from the decided games and never as a win.
    /// Absent otherwise, and in records written before it (which read as ordinary ends).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<EndedBy>,
    /// The seat that moved first, as the engine reports it (a random first player, the first
    /// leader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u8>,
    pub metrics: Counters,
    /// Each seat's bot, final rank and score, and per-player measures (`player.*`), in seat
    /// order. Absent in records written before them, and for engines without such measures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerRecord>,
    /// A player outside silk gave the game up (crashed, answered garbage or an illegal move,
    /// ran out of time): the game is not finished and is counted apart, with the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<SeatForfeit>,
    /// The branches of the rules the game took, by name, with their counts (only those it
    /// took: see [`crate::coverage`]). Absent in records written before it.
    #[serde(default, skip_serializing_if = "Counters::is_empty")]
    pub coverage: Counters,
}

/// Who forfeited a game, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatForfeit {
    pub seat: u8,
    pub bot: String,
    pub kind: ForfeitKind,
    pub reason: String,
}

impl GameRecord {
    /// The winner's score minus the runner-up's.
    pub fn margin(&self) -> i64 {
        // The two highest scores, in one pass (a lone score's margin is itself).
        let (mut first, mut second) = (None::<i64>, None::<i64>);
        for &x in &self.scores {
            let x = x as i64;
            if first.is_none_or(|f| x > f) {
                second = first;
                first = Some(x);
            } else if second.is_none_or(|s| x > s) {
                second = Some(x);
            }
        }
        first.unwrap_or(0) - second.unwrap_or(0)
    }

    /// Whether this record can be a game of the run `spec` whose [`RunSpec::id`] is `run`
    /// (merge, find and replay read nothing else): it names that run, its seed is the run's for
    /// its index, one score and one rank per seat, ranks and the first seat within the table,
    /// counts that fit together. Why not, if not.
    pub fn check(&self, spec: &RunSpec, run: &str) -> Result<(), String> {
        // A record from before records named their run (empty) is taken on its seed, as it
        // was then: a run kept from an older silk stays readable.
        if self.run != run && !self.run.is_empty() {
            return Err(format!(
                "game {}: a record of another run (\"run\": {:?}; this run is {run:?}): \
                 records of another setting, variant or run were put among this run's",
                self.index, self.run
            ));
        }
        let seats = spec.bots.len();
        let seed = game_seed(spec.seed, self.index);
        if self.seed != seed {
            return Err(format!(
                "game {}: seed {} is not this run's seed for the game ({seed})",
                self.index, self.seed
            ));
        }
        if self.scores.len() != seats || self.ranks.len() != seats {
            return Err(format!(
                "game {}: {} scores and {} ranks for {seats} seats",
                self.index,
                self.scores.len(),
                self.ranks.len()
            ));
        }
        if let Some(r) = self.ranks.iter().find(|&&r| r as usize >= seats) {
            return Err(format!(
                "game {}: rank {r} at a table of {seats}",
                self.index
            ));
        }
        if !self.players.is_empty() && self.players.len() != seats {
            return Err(format!(
                "game {}: {} players for {seats} seats",
                self.index,
                self.players.len()
            ));
        }
        if let Some(f) = self.first.filter(|&f| f as usize >= seats) {
            return Err(format!(
                "game {}: first seat {f} at a table of {seats}",
                self.index
            ));
        }
        // Every decision has at least one choice; rounds and lead changes come with decisions.
        let most = i64::MAX as u64;
        let bad = if self.decisions > most {
            Some("decisions")
        } else if self.branching_sum < self.decisions || self.branching_sum > most {
            Some("branching_sum")
        } else if self.rounds as u64 > self.decisions + 1 {
            Some("rounds")
        } else if self.lead_changes as u64 > self.decisions + 1 {
            Some("lead_changes")
        } else {
            None
        };
        match bad {
            Some(field) => Err(format!(
                "game {}: {field} impossible with {} decisions, {} rounds and a branching sum of {}",
                self.index, self.decisions, self.rounds, self.branching_sum
            )),
            None => Ok(()),
        }
    }
}

/// The seed of game `index` of a run.
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    SilkRng::for_stream(run_seed, index).next_u64()
}

/// A seat's bot seed in game `index`.
pub fn bot_seed(run_seed: u64, index: u64, seat: usize) -> u64 {
    SilkRng::for_stream(run_seed ^ 0xB07_B07, index.wrapping_mul(16) + seat as u64).next_u64()
}

pub(crate) use silk_core::standings::sole_leader;

/// Who leads the provisional standing, counting a change of sole leader.
struct Lead {
    leader: Option<usize>,
    changes: u32,
}

impl Lead {
    fn check<G: Observe>(&mut self, state: &G::State, standing: &mut Vec<i64>) {
        G::standing(state, standing);
        if let Some(l) = sole_leader(standing) {
            if self.leader.is_some_and(|p| p != l) {
                self.changes += 1;
            }
            self.leader = Some(l);
        }
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

/// Where a lab game's events go: all of them (a replay shows them), or only those the metrics
/// read ([`Observed`]).
pub(crate) trait Events<E>: EventSink<E> {
    fn clear(&mut self);
    fn kept(&self) -> &[E];
}

impl<E> Events<E> for Vec<E> {
    fn clear(&mut self) {
        Vec::clear(self)
    }
    fn kept(&self) -> &[E] {
        self
    }
}

/// A simulated game's events, without those [`Observe::observes`] turns away: at each emit
/// site the engine knows its event, so the test folds away and an unread event costs nothing.
pub(crate) struct Observed<G: Observe>(Vec<G::Event>);

impl<G: Observe> EventSink<G::Event> for Observed<G> {
    #[inline]
    fn emit(&mut self, event: G::Event) {
        // Coverage counts every event; an engine without branches keeps only the counted ones.
        if !G::BRANCHES.is_empty() || G::observes(&event) {
            self.0.push(event);
        }
    }
}

impl<G: Observe> Events<G::Event> for Observed<G> {
    fn clear(&mut self) {
        self.0.clear()
    }
    fn kept(&self) -> &[G::Event] {
        &self.0
    }
}

/// The one decision loop of every lab game (simulated or replayed): asks the seat to move,
/// applies its choice, hands the decision on. Stops at the end, after `max_decisions` or when
/// a player forfeits; returns the decisions made and the forfeit, if any. `legal` and `events`
/// are buffers, reused from game to game.
pub(crate) fn drive<G: Observe>(
    state: &mut G::State,
    players: &mut [Box<dyn Player<G>>],
    index: u64,
    max_decisions: u64,
    (legal, events): (&mut Vec<G::Action>, &mut impl Events<G::Event>),
    mut each: impl Each<G>,
) -> Result<(u64, Option<(Seat, Forfeit)>), LabError> {
    let mut decisions = 0u64;
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
        let action = match players[seat.index()].try_choose(state, seat, legal) {
            Ok(action) => action,
            Err(forfeit) => return Ok((decisions, Some((seat, forfeit)))),
        };
        // A lab game's players choose from `legal` (the `Player` contract; a player outside
        // silk has its answer checked against the list): the engine may skip re-checking it.
        debug_assert!(legal.contains(&action), "a bot chose an unlisted action");
        events.clear();
        G::apply_listed_with(state, seat, action, events)
            .map_err(|e| LabError::Engine(format!("game {index}: {seat}: {e}")))?;
        decisions += 1;
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
    hits: silk_core::Hits,
    /// The engine's per-player measure names (`player.*`).
    player_names: Arc<Names>,
    /// The number of the first `decisions.<kind>` metric.
    first_kind: usize,
    legal: Vec<G::Action>,
    events: Observed<G>,
    standing: Vec<i64>,
}

impl<G: Observe> Worker<G> {
    /// A worker for the games of the run `spec`, with the metric `names` of [`run_names`].
    pub fn new(spec: &RunSpec, names: Arc<Names>) -> Worker<G> {
        Worker {
            run: spec.id(),
            first_kind: names.len() - G::DECISION_KINDS.len() - batched::<G>().count(),
            names,
            branch_names: crate::coverage::names::<G>(),
            hits: silk_core::Hits::default(),
            player_names: Arc::new(Names::new(G::PLAYER_MEASURES.iter().copied())),
            legal: Vec::new(),
            events: Observed(Vec::new()),
            standing: Vec::new(),
        }
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
        let (mut state, seed) = setup_game::<G>(config, spec.seed, index, players.len())?;
        let first = G::first_player(&state).map(|s| s.0);
        let n = players.len();
        let mut metrics = Counters::new(&self.names);
        let mut seats = SeatCounters::default();
        let mut branching_sum = 0u64;
        let mut lead = Lead {
            leader: None,
            changes: 0,
        };
        let standing = &mut self.standing;
        let mut round = G::round(&state);
        let mut kinds = [0u32; MAX_DECISION_KINDS];
        let last_kind = G::DECISION_KINDS.len().clamp(1, MAX_DECISION_KINDS) - 1;
        // Runs of a batched kind: a decision of it by another seat or after another kind
        // starts a new one.
        let mut runs = [0u32; MAX_DECISION_KINDS];
        let mut previous: Option<(Seat, usize)> = None;
        let hits = &mut self.hits;
        hits.clear();
        let (decisions, forfeit) = drive::<G>(
            &mut state,
            players,
            index,
            opts.max_decisions,
            (&mut self.legal, &mut self.events),
            |seat, action, legal: &[G::Action], state: &G::State, events: &[G::Event]| {
                // An engine's kind out of range counts as its last kind rather than panicking.
                let k = G::decision_kind(&action).min(last_kind);
                kinds[k] = kinds[k].saturating_add(1);
                if previous != Some((seat, k)) {
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
                G::cover_action(state, seat, &action, hits);
                for e in events {
                    if G::observes(e) {
                        G::observe(state, e, &mut metrics, &mut seats);
                    }
                    G::cover_event(state, e, hits);
                }
                let r = G::round(state);
                if r != round {
                    round = r;
                    lead.check::<G>(state, standing);
                }
                Ok(())
            },
        )?;
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
        // The branches taken (the engine's, then the decision kinds), by name in the record.
        let mut coverage = Counters::new(&self.branch_names);
        for (b, count) in self.hits.iter().take_while(|&(b, _)| b < G::BRANCHES.len()) {
            coverage.add(b, count as i64);
        }
        for (k, &count) in kinds.iter().take(G::DECISION_KINDS.len()).enumerate() {
            if count > 0 {
                coverage.add(G::BRANCHES.len() + k, count as i64);
            }
        }
        let outcome = G::outcome(&state);
        // A game may end inside a round (a win outright, a round cap): its final standing counts.
        if outcome.is_some() {
            lead.check::<G>(&state, standing);
        }
        let (scores, ranks, finished, stuck, ended_by) = match outcome {
            Some(o) if forfeit.is_none() => (o.scores, o.ranks, true, o.stuck, o.ended_by),
            _ => (vec![0; n], vec![0; n], false, false, None),
        };
        let forfeit = forfeit.map(|(seat, f)| SeatForfeit {
            seat: seat.0,
            bot: spec
                .bots
                .get(spec.bot_at(index, seat.index()))
                .cloned()
                .unwrap_or_default(),
            kind: f.kind,
            reason: f.reason,
        });
        let players = if G::PLAYER_MEASURES.is_empty() {
            Vec::new()
        } else {
            G::observe_end(&state, &mut seats);
            crate::players::records(spec, index, &scores, &ranks, &seats, &self.player_names)
        };
        Ok(GameRecord {
            run: self.run.clone(),
            index,
            seed,
            scores,
            ranks,
            decisions,
            rounds: G::round(&state),
            branching_sum,
            lead_changes: lead.changes,
            finished,
            stuck,
            ended_by,
            first,
            metrics,
            players,
            forfeit,
            coverage,
        })
    }
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
mod tests {
    use super::*;
    use silk_core::{
        EventSink, Game, IllegalAction, Outcome, ParseActionError, RandomPlayer, Seat, SetupError,
        ToMove,
    };

    /// Two seats take turns scoring a scripted number of points; a round is two turns. The last
    /// turn ends the game inside a round, and it hands the lead back to P1.
    struct Race;
    const GAINS: [i64; 5] = [2, 1, 0, 5, 10];

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct RaceState {
        turn: usize,
        points: [i64; 2],
    }

    impl Game for Race {
        const NAME: &'static str = "race";
        type Config = ();
        type State = RaceState;
        type Action = u8;
        type View = RaceState;
        type Event = ();
        fn setup(_: &(), _: u64) -> Result<RaceState, SetupError> {
            Ok(RaceState {
                turn: 0,
                points: [0; 2],
            })
        }
        fn num_seats(_: &RaceState) -> usize {
            2
        }
        fn to_move(s: &RaceState) -> ToMove {
            if s.turn < GAINS.len() {
                ToMove::Seat(Seat((s.turn % 2) as u8))
            } else {
                ToMove::Terminal
            }
        }
        fn legal_actions(s: &RaceState, seat: Seat, out: &mut Vec<u8>) {
            out.clear();
            if Self::to_move(s).includes(seat) {
                out.push(0);
            }
        }
        fn apply_with(
            s: &mut RaceState,
            seat: Seat,
            _: u8,
            _: &mut impl EventSink<()>,
        ) -> Result<(), IllegalAction> {
            s.points[seat.index()] += GAINS[s.turn];
            s.turn += 1;
            Ok(())
        }
        fn view(s: &RaceState, _: Seat) -> RaceState {
            s.clone()
        }
        fn determinize(s: &RaceState, _: Seat, _: &mut SilkRng) -> RaceState {
            s.clone()
        }
        fn outcome(s: &RaceState) -> Option<Outcome> {
            (s.turn == GAINS.len()).then(|| {
                let p = s.points;
                Outcome::ranked_by(p.iter().map(|&x| x as i32).collect(), |i| p[i])
            })
        }
        fn action_to_string(_: &RaceState, _: u8) -> String {
            "go".into()
        }
        fn rules_text(_: &()) -> String {
            "Two seats take turns scoring a scripted number of points.\n".into()
        }
        fn parse_action(_: &RaceState, _: Seat, t: &str) -> Result<u8, ParseActionError> {
            Err(ParseActionError::new(t, "not needed"))
        }
        fn round(s: &RaceState) -> u32 {
            (s.turn.min(GAINS.len() - 1) / 2) as u32
        }
    }

    silk_core::branch_ids! {
        enum RaceBranch {
            Turn = ("turn", "a turn", "every turn"),
            Zero = ("turn.zero", "a turn that scores nothing", "the third turn"),
            Big = ("turn.big", "a turn that scores 5 or more", "the fourth and fifth turns"),
            Never = ("turn.never", "a turn that scores 100", "no turn does"),
        }
    }

    impl Observe for Race {
        fn standing(s: &RaceState, out: &mut Vec<i64>) {
            out.clear();
            out.extend(s.points);
        }

        const BRANCHES: &'static [silk_core::Branch] = RaceBranch::BRANCHES;

        fn cover_action(s: &RaceState, _: Seat, _: &u8, hits: &mut silk_core::Hits) {
            hits.hit(RaceBranch::Turn);
            match GAINS[s.turn - 1] {
                0 => hits.hit(RaceBranch::Zero),
                5.. => hits.hit(RaceBranch::Big),
                _ => {}
            }
        }
    }

    /// Issue 33 point 1: coverage counted by hand. Game 0 plays its five turns (gains 2, 1, 0,
    /// 5, 10); game 1 is cut after three (2, 1, 0). `turn.big` happens in 1 of the 2 games and
    /// in the 1 finished one; `turn.zero` in both; `turn.never` in none, listed first with what
    /// would make it happen; `turn` averages (5 + 3) / 2 = 4 per game.
    #[test]
    fn issue33_coverage_counts_match_a_hand_checked_run() {
        let spec = RunSpec {
            game: "race".into(),
            config: serde_json::Value::Null,
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 2,
            shard: None,
            rotate: false,
        };
        let play = |index, max_decisions| {
            let mut players: Vec<Box<dyn Player<Race>>> = vec![
                Box::new(RandomPlayer::new(1)),
                Box::new(RandomPlayer::new(2)),
            ];
            let opts = crate::Options {
                threads: 1,
                max_decisions,
                check: false,
            };
            play_one::<Race>(&(), &spec, index, &mut players, opts).unwrap()
        };
        let (whole, cut) = (play(0, 100), play(1, 3));
        assert!(whole.finished && !cut.finished);
        let counts: Vec<(&str, i64)> = whole.coverage.iter().collect();
        assert_eq!(
            counts,
            [
                ("decision.decision", 5),
                ("turn", 5),
                ("turn.big", 2),
                ("turn.zero", 1)
            ]
        );
        // The record keeps them (and reads back), only those hit.
        let json = serde_json::to_string(&whole).unwrap();
        assert!(
            json.contains(
                r#""coverage":{"decision.decision":5,"turn":5,"turn.big":2,"turn.zero":1}"#
            ),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), whole);
        let mut fold = crate::Fold::new(&spec).declare(crate::coverage::declared::<Race>());
        fold.add(&whole);
        fold.add(&cut);
        let c = fold.summary(&spec).coverage;
        assert_eq!((c.games, c.finished), (2, 1));
        let row = |name: &str| c.branches.iter().find(|b| b.name == name).unwrap();
        assert_eq!(c.branches[0].name, "turn.never");
        assert_eq!(c.never().count(), 1);
        assert_eq!((row("turn.big").games.k, row("turn.big").games.n), (1, 2));
        assert_eq!(
            (row("turn.big").finished.k, row("turn.big").finished.n),
            (1, 1)
        );
        assert_eq!(row("turn.zero").games.k, 2);
        assert_eq!(row("turn").per_game, 4.0);
        assert_eq!(row("turn").total, 8);
        assert!(row("turn").per_game_lo < 4.0 && row("turn").per_game_hi > 4.0);
        let text = c.text("race", &spec.bots);
        assert!(text.contains("1 of 5 branches never happen"), "{text}");
        assert!(text.contains("→ no turn does"), "{text}");
    }

    /// The sole leader is the one seat strictly ahead of every other; a shared lead is none.
    #[test]
    fn sole_leader_is_strictly_ahead() {
        assert_eq!(sole_leader(&[]), None);
        assert_eq!(sole_leader(&[3]), Some(0));
        assert_eq!(sole_leader(&[3, 3]), None);
        assert_eq!(sole_leader(&[1, 5, 5]), None);
        assert_eq!(sole_leader(&[5, 5, 1, 7]), Some(3));
        assert_eq!(sole_leader(&[5, 1, 3]), Some(0));
        assert_eq!(sole_leader(&[-4, i64::MIN, -9]), Some(0));
        assert_eq!(sole_leader(&[i64::MIN, i64::MIN]), None);
        assert_eq!(sole_leader(&[i64::MIN]), Some(0));
    }

    /// P1 leads after round 1, P2 after round 2, and P1 wins with the last turn, in the middle
    /// of round 3: that last change of lead counts too.
    #[test]
    fn the_final_lead_change_counts_when_the_game_ends_inside_a_round() {
        let mut players: Vec<Box<dyn Player<Race>>> = vec![
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
        ];
        let opts = crate::Options {
            threads: 1,
            max_decisions: 100,
            check: true,
        };
        let spec = RunSpec {
            game: "race".into(),
            config: serde_json::Value::Null,
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 1,
            shard: None,
            rotate: false,
        };
        let r = play_one::<Race>(&(), &spec, 0, &mut players, opts).unwrap();
        assert!(r.finished);
        assert_eq!(r.ranks, vec![0, 1]);
        assert_eq!(r.lead_changes, 2);
    }
}
