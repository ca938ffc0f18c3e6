//! The generic conformance suite every engine runs in one line:
//!
//! ```ignore
//! silk_core::conformance::run::<MyGame>(&config, &Conformance::default());
//! ```
//!
//! It plays random games to the end and, at every decision, checks the contract of [`Game`]:
//! whose move it is, legality and uniqueness of generated actions, action strings that parse
//! back, illegal actions refused without change, random draws (`random_legal_action`) that
//! agree with the legal list, views that leak nothing, engine invariants, save/load round trip,
//! and replay determinism.

use crate::driver::next_decider;
use crate::game::{Game, ToMove};
use crate::replay::Replay;
use crate::rng::SilkRng;
use crate::seat::Seat;
use std::collections::HashSet;

/// How much to test.
#[derive(Clone, Debug)]
pub struct Conformance {
    /// Random games to play, seeded `seed`, `seed + 1`, …
    pub games: u32,
    pub seed: u64,
    /// A game still running after this many decisions fails the suite.
    pub max_decisions: u64,
    /// Actions seen elsewhere tried as illegal probes at each decision.
    pub illegal_probes: usize,
    /// Check views and determinization every this many decisions (1 = every decision).
    pub view_every: u64,
    /// The game has hidden information: determinize must, somewhere in the run, change what
    /// another seat sees (resample a hidden hand, a sealed bid), otherwise the no-leak test
    /// would prove nothing. Reseeding the RNG or reshuffling a deck nobody sees does not count.
    pub expect_hidden_information: bool,
}

impl Default for Conformance {
    fn default() -> Self {
        Conformance {
            games: 30,
            seed: 1,
            max_decisions: 20_000,
            illegal_probes: 8,
            view_every: 1,
            expect_hidden_information: true,
        }
    }
}

/// What the suite exercised, for a test to assert it was not vacuous.
#[derive(Clone, Debug, Default)]
pub struct ConformanceReport {
    pub games: u32,
    pub decisions: u64,
    pub simultaneous_decisions: u64,
    pub illegal_probes_refused: u64,
    /// Determinizations for one seat that changed another seat's view.
    pub determinizations_that_changed_hidden_state: u64,
}

/// Runs the suite and panics with a precise message on the first failure.
pub fn run<G: Game>(config: &G::Config, opts: &Conformance) -> ConformanceReport {
    match check::<G>(config, opts) {
        Ok(report) => report,
        Err(msg) => panic!("{} conformance: {msg}", G::NAME),
    }
}

/// Runs the suite; `Err` describes the first failure (game seed and decision number included).
pub fn check<G: Game>(config: &G::Config, opts: &Conformance) -> Result<ConformanceReport, String> {
    let mut report = ConformanceReport::default();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut pool_set: HashSet<G::Action> = HashSet::new();
    for g in 0..opts.games {
        let seed = opts.seed.wrapping_add(g as u64);
        check_game::<G>(config, seed, opts, &mut report, &mut pool, &mut pool_set)
            .map_err(|e| format!("game seed {seed}: {e}"))?;
        report.games += 1;
    }
    if opts.expect_hidden_information && report.determinizations_that_changed_hidden_state == 0 {
        return Err(
            "determinize never changed any hidden information: the no-leak test \
                    proved nothing (set expect_hidden_information = false for a game \
                    of perfect information)"
                .into(),
        );
    }
    Ok(report)
}

/// Plays one game with `seed`, checking every decision on the way and the replay at the end.
fn check_game<G: Game>(
    config: &G::Config,
    seed: u64,
    opts: &Conformance,
    report: &mut ConformanceReport,
    pool: &mut Vec<G::Action>,
    pool_set: &mut HashSet<G::Action>,
) -> Result<(), String> {
    let mut state = G::setup(config, seed).map_err(|e| format!("setup failed: {e}"))?;
    let again = G::setup(config, seed).map_err(|e| format!("second setup failed: {e}"))?;
    if state != again {
        return Err("setup with the same seed gave two different states".into());
    }
    let n = G::num_seats(&state);
    let mut rng = SilkRng::for_stream(seed, 0xC0DE);
    // Apart, so that checking the draws leaves the game the suite plays as it was.
    let mut draws = SilkRng::for_stream(seed, 0xD4A3);
    let mut replay = Replay::<G>::new(config.clone(), seed);
    let mut legal = Vec::new();
    let mut others = Vec::new();
    let mut step: u64 = 0;
    G::check_invariants(&state).map_err(|e| format!("after setup: invariant broken: {e}"))?;

    loop {
        let at = |msg: String| format!("decision {step}: {msg}");
        let to_move = G::to_move(&state);
        if let ToMove::Simultaneous(set) = to_move {
            if set.is_empty() {
                return Err(at("Simultaneous with an empty set of seats".into()));
            }
            report.simultaneous_decisions += 1;
        }
        idle_seats_idle::<G>(&state, to_move, &mut draws, &mut others).map_err(at)?;

        let Some(seat) = next_decider(to_move) else {
            if G::outcome(&state).is_none() {
                return Err(at("Terminal but outcome() is None".into()));
            }
            break;
        };
        if G::outcome(&state).is_some() {
            return Err(at("outcome() is Some before the game is over".into()));
        }
        if step >= opts.max_decisions {
            return Err(at(format!(
                "game did not end in {} decisions",
                opts.max_decisions
            )));
        }

        G::legal_actions(&state, seat, &mut legal);
        let unique = legal_list_sound::<G>(&state, seat, &legal, pool, pool_set).map_err(at)?;
        sampled_as_listed::<G>(&state, seat, &legal, &mut draws, &mut others).map_err(at)?;

        // A legal action played by a seat that is not to move is refused without change.
        if let Some(other) = Seat::all(n).find(|s| !to_move.includes(*s)) {
            refused_unchanged::<G>(&state, other, legal[0])
                .map_err(|e| at(format!("{other} out of turn: {e}")))?;
            report.illegal_probes_refused += 1;
        }
        // Actions seen elsewhere and not legal here are refused without change.
        for _ in 0..opts.illegal_probes.min(pool.len()) {
            let a = pool[rng.index(pool.len())];
            if !unique.contains(&a) {
                refused_unchanged::<G>(&state, seat, a).map_err(at)?;
                report.illegal_probes_refused += 1;
            }
        }

        if step.is_multiple_of(opts.view_every.max(1)) {
            check_views::<G>(&state, n, &mut rng, report).map_err(at)?;
            saves_and_loads::<G>(&state).map_err(at)?;
        }

        let action = legal[rng.index(legal.len())];
        replay.record(&state, seat, action);
        let mut events = Vec::new();
        G::apply_with(&mut state, seat, action, &mut events)
            .map_err(|e| at(format!("chosen legal action refused: {e}")))?;
        G::check_invariants(&state).map_err(|e| {
            at(format!(
                "invariant broken after {seat} played {:?}: {e}",
                replay.moves.last().map(|m| m.action.as_str()).unwrap_or("")
            ))
        })?;
        step += 1;
        report.decisions += 1;
    }

    // Replaying the log (through its JSON form) reproduces the final state exactly.
    let json = replay.to_json();
    let back = Replay::<G>::from_json(&json, "replay").map_err(|e| e.to_string())?;
    let replayed = back.run("replay").map_err(|e| e.to_string())?;
    if replayed != state {
        return Err("replaying the action log did not reproduce the final state".into());
    }
    Ok(())
}

/// Seats without a decision have no legal actions, and none to draw.
fn idle_seats_idle<G: Game>(
    state: &G::State,
    to_move: ToMove,
    draws: &mut SilkRng,
    others: &mut Vec<G::Action>,
) -> Result<(), String> {
    for seat in Seat::all(G::num_seats(state)).filter(|s| !to_move.includes(*s)) {
        G::legal_actions(state, seat, others);
        if !others.is_empty() {
            return Err(format!(
                "{seat} is not to move ({to_move:?}) but has legal actions {others:?}"
            ));
        }
        sampled_as_listed::<G>(state, seat, &[], draws, others)?;
    }
    Ok(())
}

/// The legal actions of the seat to move: some, none twice, each one playing (and kept in the
/// pool of actions to probe other states with, up to 4096); the set of them.
fn legal_list_sound<'a, G: Game>(
    state: &G::State,
    seat: Seat,
    legal: &'a [G::Action],
    pool: &mut Vec<G::Action>,
    pool_set: &mut HashSet<G::Action>,
) -> Result<HashSet<&'a G::Action>, String> {
    if legal.is_empty() {
        return Err(format!("{seat} is to move but has no legal action"));
    }
    let unique: HashSet<_> = legal.iter().collect();
    if unique.len() != legal.len() {
        return Err(format!("duplicate legal actions for {seat}: {legal:?}"));
    }
    for &a in legal {
        legal_action_plays::<G>(state, seat, a)?;
        if pool_set.len() < 4096 && pool_set.insert(a) {
            pool.push(a);
        }
    }
    Ok(unique)
}

/// The state comes back unchanged from a save/load round trip (through JSON).
fn saves_and_loads<G: Game>(state: &G::State) -> Result<(), String> {
    let json = serde_json::to_string(state).map_err(|e| format!("save: {e}"))?;
    let loaded: G::State = serde_json::from_str(&json).map_err(|e| format!("load: {e}"))?;
    if loaded != *state {
        return Err("state differs after a save/load round trip".into());
    }
    Ok(())
}

/// A legal action of `seat` prints as a string that parses back to it, and applies, with and
/// without the engine's checks (`apply_listed`), to the same state.
fn legal_action_plays<G: Game>(state: &G::State, seat: Seat, a: G::Action) -> Result<(), String> {
    // Every action's string parses back to the same action.
    let text = G::action_to_string(state, a);
    match G::parse_action(state, seat, &text) {
        Ok(b) if b == a => {}
        Ok(b) => return Err(format!("{a:?} prints as {text:?} which parses as {b:?}")),
        Err(e) => return Err(format!("{a:?} prints as {text:?}: {e}")),
    }
    // Every generated action applies, and the same without the checks.
    let mut probe = state.clone();
    if let Err(e) = G::apply(&mut probe, seat, a) {
        return Err(format!("legal action {text:?} of {seat} refused: {e}"));
    }
    let mut listed = state.clone();
    match G::apply_listed(&mut listed, seat, a) {
        Ok(()) if listed == probe => {}
        Ok(()) => {
            return Err(format!(
                "legal action {text:?} of {seat}: apply_listed and apply differ"
            ))
        }
        Err(e) => return Err(format!("apply_listed refused {text:?} of {seat}: {e}")),
    }
    Ok(())
}

/// Draws of `random_legal_action` from this state agree with a uniform pick from `legal` (the
/// list `legal_actions` gave): the same action after the same draws from the generator, for
/// several generators. `buf` starts with stale contents, as a driver's reused buffer does.
fn sampled_as_listed<G: Game>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut SilkRng,
    buf: &mut Vec<G::Action>,
) -> Result<(), String> {
    const DRAWS: usize = 8;
    for _ in 0..DRAWS {
        let start = SilkRng::seed_from(rng.next_u64());
        let mut listed = start;
        let want = (!legal.is_empty()).then(|| legal[listed.index(legal.len())]);
        let mut drawn = start;
        let got = G::random_legal_action(state, seat, &mut drawn, buf);
        if got != want {
            return Err(format!(
                "random_legal_action for {seat} drew {got:?}, the legal list {want:?}"
            ));
        }
        if drawn != listed {
            return Err(format!(
                "random_legal_action for {seat} drew {got:?} as the list does, but left the \
                 generator in another state"
            ));
        }
    }
    Ok(())
}

fn refused_unchanged<G: Game>(
    state: &G::State,
    seat: Seat,
    action: G::Action,
) -> Result<(), String> {
    let mut probe = state.clone();
    match G::apply(&mut probe, seat, action) {
        Ok(()) => Err(format!("illegal action {action:?} by {seat} was accepted")),
        Err(_) if probe != *state => Err(format!(
            "refused action {action:?} by {seat} changed the state"
        )),
        Err(_) => Ok(()),
    }
}

/// A seat's view must not change when everything hidden from it is resampled, and the
/// resampled state must itself be a valid state with the same seats to move.
fn check_views<G: Game>(
    state: &G::State,
    n: usize,
    rng: &mut SilkRng,
    report: &mut ConformanceReport,
) -> Result<(), String> {
    let views: Vec<G::View> = Seat::all(n).map(|p| G::view(state, p)).collect();
    for seat in Seat::all(n) {
        let view = &views[seat.index()];
        let d = G::determinize(state, seat, rng);
        // Only a change another seat can see is resampled hidden information: a new RNG seed
        // alone (or a deck order nobody sees) would make the no-leak test vacuous.
        if Seat::all(n).any(|p| p != seat && G::view(&d, p) != views[p.index()]) {
            report.determinizations_that_changed_hidden_state += 1;
        }
        let dview = G::view(&d, seat);
        if dview != *view {
            return Err(format!(
                "{seat}'s view depends on information hidden from it:\n  real: {}\n  resampled: {}",
                serde_json::to_string(&view).unwrap_or_default(),
                serde_json::to_string(&dview).unwrap_or_default()
            ));
        }
        if G::to_move(&d) != G::to_move(state) {
            return Err(format!("determinize for {seat} changed whose move it is"));
        }
        G::check_invariants(&d)
            .map_err(|e| format!("determinize for {seat} broke an invariant: {e}"))?;
    }
    Ok(())
}

/// The lab's contract of [`crate::metrics::Observe`]: the decision kinds are a non-empty list of
/// at most [`crate::metrics::MAX_DECISION_KINDS`] distinct names with positive times, and every
/// legal action met in `games` random games maps to one of them. Returns the kinds seen.
pub fn check_decision_kinds<G: crate::metrics::Observe>(
    config: &G::Config,
    games: u32,
) -> Result<Vec<&'static str>, String> {
    let kinds = G::DECISION_KINDS;
    if kinds.is_empty() || kinds.len() > crate::metrics::MAX_DECISION_KINDS {
        return Err(format!("{} decision kinds", kinds.len()));
    }
    let names: HashSet<&str> = kinds.iter().map(|k| k.name).collect();
    if names.len() != kinds.len() {
        return Err("decision kind names repeat".into());
    }
    if let Some(k) = kinds
        .iter()
        .find(|k| k.seconds.is_nan() || k.seconds <= 0.0)
    {
        return Err(format!("decision kind {}: {} seconds", k.name, k.seconds));
    }
    let mut seen = vec![false; kinds.len()];
    let every_legal = |state: &G::State, legal: &[G::Action]| {
        for a in legal {
            let k = G::decision_kind(a);
            *seen.get_mut(k).ok_or_else(|| {
                format!(
                    "{} is of kind {k}, beyond the list",
                    G::action_to_string(state, *a)
                )
            })? = true;
        }
        Ok(())
    };
    random_games::<G>(config, games, 0xD1CE, every_legal, |_, _, _| Ok(()))?;
    Ok(kinds
        .iter()
        .zip(seen)
        .filter(|(_, s)| *s)
        .map(|(k, _)| k.name)
        .collect())
}

/// [`crate::metrics::Observe::observes`] turns away only events that `observe` counts nothing
/// for: over `games` random games, each event of each decision is observed into fresh
/// counters. The metric names leave room in [`crate::metrics::MetricCounts`] for the lab's own
/// two per decision kind. Returns (events seen, events turned away).
pub fn check_observes<G: crate::metrics::Observe>(
    config: &G::Config,
    games: u32,
) -> Result<(u64, u64), String> {
    let (mut seen, mut away) = (0u64, 0u64);
    // The metric names are the same for every state of one config.
    let first = G::setup(config, 0).map_err(|e| e.to_string())?;
    let names = std::sync::Arc::new(crate::metrics::Names::new(G::metric_names(&first)));
    let room = crate::metrics::MAX_METRICS - 2 * crate::metrics::MAX_DECISION_KINDS;
    if names.len() > room {
        return Err(format!("{} metric names: at most {room}", names.len()));
    }
    let each_event = |_: u32, state: &G::State, events: &[G::Event]| {
        for e in events {
            seen += 1;
            if G::observes(e) {
                continue;
            }
            away += 1;
            let mut counters = crate::metrics::MetricCounts::default();
            let mut seats = crate::metrics::SeatCounters::default();
            G::observe(state, e, &mut counters, &mut seats);
            let name = |m| names.name(m).unwrap_or("an unnamed metric");
            let counted = counters
                .iter()
                .next()
                .map(|(m, v)| format!("{} = {v}", name(m)));
            let counted = counted.or_else(|| (!seats.is_zero()).then(|| "a player measure".into()));
            if let Some(counted) = counted {
                return Err(format!(
                    "observes() turns away {e:?}, but observe() counts {counted} for it"
                ));
            }
        }
        Ok(())
    };
    random_games::<G>(config, games, 0x0B5E, |_, _| Ok(()), each_event)?;
    Ok((seen, away))
}

/// [`crate::metrics::Observe::leader`] names the seat [`crate::metrics::sole_leader`] names
/// from [`crate::metrics::Observe::standing`] (the lab counts lead changes with the first, a
/// person reads the second), at every state of `games` random games. Returns the states
/// checked and those of them with no sole leader (a check that never met a shared top checked
/// half of it).
pub fn check_leader<G: crate::metrics::Observe>(
    config: &G::Config,
    games: u32,
) -> Result<(u64, u64), String> {
    let (mut checked, mut shared) = (0u64, 0u64);
    let (mut standing, mut scratch) = (Vec::new(), Vec::new());
    let each_state = |g: u32, state: &G::State, _: &[G::Event]| {
        G::standing(state, &mut standing);
        let want = crate::metrics::sole_leader(&standing);
        let got = G::leader(state, &mut scratch);
        if got != want {
            return Err(format!(
                "game {g}: leader() says {got:?} where the standing {standing:?} says {want:?}"
            ));
        }
        checked += 1;
        shared += want.is_none() as u64;
        Ok(())
    };
    random_games::<G>(config, games, 0x1EAD, |_, _| Ok(()), each_state)?;
    Ok((checked, shared))
}

/// The per-player measures of [`crate::metrics::Observe`] are within the lab's contract — at
/// most [`crate::metrics::MAX_PLAYER_MEASURES`] distinct names, each `player.<measure>` — and
/// add up: in each of `games` random games, for each `(player measure, game metric)` of
/// `totals`, the seats' counts sum to the game's metrics. Returns the games checked (those that
/// ended) and each pair's total over them (a check over zeros checks nothing).
pub fn check_player_measures<G: crate::metrics::Observe>(
    config: &G::Config,
    games: u32,
    totals: &[(&str, &[&str])],
) -> Result<(u32, Vec<i64>), String> {
    use crate::metrics::{Counters, MetricCounts, Names, SeatCounters};
    use crate::metrics::{MAX_PLAYER_MEASURES, PLAYER_PREFIX};
    let measures = G::PLAYER_MEASURES;
    if measures.len() > MAX_PLAYER_MEASURES {
        return Err(format!(
            "{} player measures: at most {MAX_PLAYER_MEASURES}",
            measures.len()
        ));
    }
    let names: HashSet<&str> = measures.iter().copied().collect();
    if names.len() != measures.len() {
        return Err("player measure names repeat".into());
    }
    if let Some(m) = measures
        .iter()
        .find(|m| m.strip_prefix(PLAYER_PREFIX).is_none_or(str::is_empty))
    {
        return Err(format!(
            "player measure {m:?} is not named player.<measure>"
        ));
    }
    let number = |name: &str| {
        measures
            .iter()
            .position(|m| *m == name)
            .ok_or_else(|| format!("{name} is not a player measure"))
    };
    let totals: Vec<(usize, &str, &[&str])> = totals
        .iter()
        .map(|&(p, game)| number(p).map(|i| (i, p, game)))
        .collect::<Result<_, _>>()?;
    let first = G::setup(config, 0).map_err(|e| e.to_string())?;
    let names = std::sync::Arc::new(Names::new(G::metric_names(&first)));
    let mut checked = 0;
    let mut sums = vec![0i64; totals.len()];
    // The game being played: its number, counters and seats.
    let mut game = None::<(u32, MetricCounts, SeatCounters)>;
    let played = |g: u32, state: &G::State, events: &[G::Event]| {
        // A game cut at the decision cap never ended: its counts are dropped unchecked.
        if game.as_ref().is_none_or(|(at, ..)| *at != g) {
            game = Some((g, MetricCounts::default(), SeatCounters::default()));
        }
        let Some((_, c, s)) = game.as_mut() else {
            return Ok(());
        };
        for e in events {
            G::observe_all(state, e, c, s);
        }
        if G::outcome(state).is_none() {
            return Ok(());
        }
        G::observe_end(state, s);
        checked += 1;
        if let Some((m, _)) = c.iter().find(|&(m, _)| m >= names.len()) {
            return Err(format!("game {g}: metric number {m} counted but not named"));
        }
        let mut named = Counters::default();
        named.set_counts(&names, c);
        for (&(i, p, metrics), sum) in totals.iter().zip(sums.iter_mut()) {
            let seats: i64 = (0..G::num_seats(state)).map(|seat| s.get(seat, i)).sum();
            let total: i64 = metrics.iter().map(|m| named.get(m)).sum();
            *sum += total;
            if seats != total {
                return Err(format!(
                    "game {g}: the seats' {p} sum to {seats}, but {} = {total}",
                    metrics.join(" + ")
                ));
            }
        }
        Ok(())
    };
    random_games::<G>(config, games, 0x5EA7, |_, _| Ok(()), played)?;
    Ok((checked, sums))
}

/// The rule coverage an engine declares ([`crate::metrics::Observe::BRANCHES`]) is complete and
/// within the lab's contract: at most [`crate::coverage::MAX_BRANCHES`] distinct names, each
/// with what it is and what would make it happen; over `games` random games, every action and
/// every event hits at least one branch and none beyond the list. Returns the names of the
/// branches hit (those random play reaches).
pub fn check_coverage<G: crate::metrics::Observe>(
    config: &G::Config,
    games: u32,
) -> Result<Vec<&'static str>, String> {
    use crate::coverage::{Hits, MAX_BRANCHES};
    let branches = G::BRANCHES;
    if branches.len() > MAX_BRANCHES {
        return Err(format!(
            "{} branches: at most {MAX_BRANCHES}",
            branches.len()
        ));
    }
    let names: HashSet<&str> = branches.iter().map(|b| b.name).collect();
    if names.len() != branches.len() {
        return Err("branch names repeat".into());
    }
    if let Some(b) = branches
        .iter()
        .find(|b| b.name.is_empty() || b.about.is_empty() || b.fires.is_empty())
    {
        return Err(format!(
            "branch {:?} lacks a name, what it is or what would make it happen",
            b.name
        ));
    }
    let mut seen = vec![false; branches.len()];
    let mut tally = |what: String, hits: &Hits| {
        if hits.total() == 0 {
            return Err(format!("{what} hits no branch"));
        }
        for (b, _) in hits.iter() {
            *seen
                .get_mut(b)
                .ok_or_else(|| format!("{what} hits branch {b}, beyond the list"))? = true;
        }
        Ok(())
    };
    let each = |_: u32, seat: Seat, a: &G::Action, state: &G::State, events: &[G::Event]| {
        let mut hits = Hits::default();
        G::cover_action(state, seat, a, &mut hits);
        tally(format!("action {a:?}"), &hits)?;
        for e in events {
            let mut hits = Hits::default();
            G::cover_event(e, &mut hits);
            tally(format!("event {e:?}"), &hits)?;
        }
        Ok(())
    };
    random_moves::<G>(config, games, 0xC0FE, |_, _| Ok(()), each)?;
    Ok(branches
        .iter()
        .zip(seen)
        .filter(|(_, s)| *s)
        .map(|(b, _)| b.name)
        .collect())
}

/// In how many of `games` games of the game's heuristic (its balanced style at every seat; game
/// `g` set up from seed `g`) each branch of `silk coverage` happened, by name, every branch
/// listed: for tests that a heuristic uses the rules a player would (issue 33).
pub fn heuristic_coverage<G: crate::metrics::Observe + crate::policy::Heuristic>(
    config: &G::Config,
    games: u32,
) -> Result<Vec<(&'static str, u32)>, String> {
    use crate::coverage::Hits;
    let branches = G::BRANCHES;
    let mut games_with = vec![0u32; branches.len()];
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for g in 0..games {
        let mut rng = SilkRng::seed_from(g as u64);
        let mut state = G::setup(config, g as u64).map_err(|e| e.to_string())?;
        let mut hits = Hits::default();
        let mut decisions = 0;
        while let Some(seat) = next_decider(G::to_move(&state)) {
            G::legal_actions(&state, seat, &mut legal);
            if legal.is_empty() || decisions >= 100_000 {
                break;
            }
            let a = G::heuristic_choose(&state, seat, &legal, &mut rng);
            events.clear();
            G::apply_with(&mut state, seat, a, &mut events).map_err(|e| e.to_string())?;
            decisions += 1;
            G::cover_action(&state, seat, &a, &mut hits);
            for e in &events {
                G::cover_event(e, &mut hits);
            }
        }
        for (b, _) in hits.iter() {
            if let Some(n) = games_with.get_mut(b) {
                *n += 1;
            }
        }
    }
    Ok(branches.iter().map(|b| b.name).zip(games_with).collect())
}

/// The random games the lab's checks play: game `g` set up from seed `g`, its moves drawn from
/// `salt ^ g`, at most 100 000 decisions each. `legal_list` sees each legal list with the state
/// it is of; `played`, the game's number, the state after the drawn action and the events it
/// caused.
fn random_games<G: Game>(
    config: &G::Config,
    games: u32,
    salt: u64,
    legal_list: impl FnMut(&G::State, &[G::Action]) -> Result<(), String>,
    mut played: impl FnMut(u32, &G::State, &[G::Event]) -> Result<(), String>,
) -> Result<(), String> {
    random_moves::<G>(config, games, salt, legal_list, |g, _, _, state, events| {
        played(g, state, events)
    })
}

/// [`random_games`], handing `played` the seat and the action drawn too.
fn random_moves<G: Game>(
    config: &G::Config,
    games: u32,
    salt: u64,
    mut legal_list: impl FnMut(&G::State, &[G::Action]) -> Result<(), String>,
    mut played: impl FnMut(u32, Seat, &G::Action, &G::State, &[G::Event]) -> Result<(), String>,
) -> Result<(), String> {
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for g in 0..games {
        let mut rng = SilkRng::seed_from(salt ^ g as u64);
        let mut state = G::setup(config, g as u64).map_err(|e| e.to_string())?;
        let mut decisions = 0;
        while let Some(seat) = next_decider(G::to_move(&state)) {
            G::legal_actions(&state, seat, &mut legal);
            legal_list(&state, &legal)?;
            if legal.is_empty() || decisions >= 100_000 {
                break;
            }
            let a = legal[rng.index(legal.len())];
            events.clear();
            G::apply_with(&mut state, seat, a, &mut events).map_err(|e| e.to_string())?;
            decisions += 1;
            played(g, seat, &a, &state, &events)?;
        }
    }
    Ok(())
}
