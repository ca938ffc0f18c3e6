//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
//! 2012), generic over [`Game`].
//!
//! Each iteration resamples what the deciding seat cannot see (`Game::determinize` from that
//! seat's view only, so the bot never peeks), walks the tree using only actions legal in that
//! sample (UCB1 with availability counts), adds one node, finishes the game with a rollout and
//! credits every edge with its mover's result.
//!
//! **Simultaneous decisions.** Engines serialise a sealed step (`ToMove::Simultaneous`): each
//! seat's choice is one `apply`, lowest seat first. A plain tree would hang the second seat's
//! node under the first seat's action, so the second seat would choose *knowing* the first's
//! sealed choice (and the first would be judged against a clairvoyant reply): a bias towards
//! pessimism for early seats. Here every seat of a sealed step keeps its own statistics at the
//! node where the step began (decoupled UCT, Lanctot et al. 2013); the tree descends only once
//! the step is over, to a child keyed by the whole joint choice.
//!
//! **Rollouts and priors.** With a rollout policy (the game's heuristic) the rollouts follow it,
//! and the policy's choice is the first action expanded at every node, so the search starts from
//! the heuristic's move and only leaves it for something measured better. Progressive widening
//! (children ≤ `widening`·√visits) keeps a node with many actions (bids) from spreading a small
//! budget over all of them.
//!
//! **Budget.** A number of iterations, or milliseconds of wall time per decision.
//!
//! Buffers (tree, hash maps, action lists) live in the bot and are cleared, not reallocated,
//! between iterations and decisions.

use silk_core::{next_decider, random_playout, Game, Player, Seat, SeatSet, SilkRng, ToMove};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Playouts (iterations) and the decisions applied in them (tree walk and rollout), summed over
/// every search in the process: `silk bench` reads the search's own speed from them. Added once
/// per search, not per decision, so they cost nothing measurable.
static PLAYOUTS: AtomicU64 = AtomicU64::new(0);
static PLAYOUT_DECISIONS: AtomicU64 = AtomicU64::new(0);

/// `(playouts, playout decisions)` of every search so far in this process.
pub fn search_totals() -> (u64, u64) {
    (
        PLAYOUTS.load(Ordering::Relaxed),
        PLAYOUT_DECISIONS.load(Ordering::Relaxed),
    )
}

/// How much search a decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Iterations(u32),
    /// Wall-clock milliseconds per decision (at least one iteration).
    Millis(u32),
}

/// Settings of the search.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    pub budget: Budget,
    /// UCB1 exploration constant (results are in 0..=1).
    pub exploration: f64,
    /// Moves at most per rollout (a safeguard; games end well before).
    pub rollout_cap: u64,
    /// Progressive widening: a node's seat may have at most `widening`·√(visits+1) children
    /// (at least 2). 0 turns widening off (every legal action is tried once first).
    pub widening: f64,
    /// With a heuristic: the search overrules the heuristic's move only when its choice's mean
    /// result is this many standard errors better.
    pub confidence: f64,
    /// With an estimate of standing (`Heuristic::estimate`): playouts stop after this many
    /// moves and rank the seats by it (long games would otherwise leave a few iterations).
    pub rollout_depth: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(300),
            exploration: 0.7,
            rollout_cap: 5_000,
            widening: 1.0,
            confidence: 1.0,
            rollout_depth: 250,
        }
    }
}

impl MctsConfig {
    pub fn with_budget(budget: Budget) -> Self {
        MctsConfig {
            budget,
            ..MctsConfig::default()
        }
    }
}

/// A rollout policy: picks one of the legal actions.
pub type RolloutPolicy<G> =
    fn(&<G as Game>::State, Seat, &[<G as Game>::Action], &mut SilkRng) -> <G as Game>::Action;

/// A seat's standing mid-game (see `silk_core::Heuristic::estimate`).
pub type Estimate<G> = fn(&<G as Game>::State, Seat) -> Option<f32>;

/// Whether a decision is worth searching ([`silk_core::Heuristic::worth_searching`]).
pub type Gate<G> = fn(&<G as Game>::State, Seat, &[<G as Game>::Action]) -> bool;

/// FxHash (rustc's hasher): the tree's keys are small and trusted, SipHash would dominate.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

const NO_CHILD: u32 = u32::MAX;

/// The statistics of one action of one seat at one node.
#[derive(Clone, Copy)]
struct Edge {
    /// The node the action leads to (`NO_CHILD` inside a sealed step: the step's joint choice
    /// leads on, see [`Tree::joint`]).
    child: u32,
    visits: u32,
    /// Times the action was legal when its node was visited (ISMCTS's availability count).
    available: u32,
    /// Sum of the mover's results (0..=1), and of their squares (for the root's test).
    reward: f64,
    reward_sq: f64,
}

#[derive(Clone, Copy, Default)]
struct Node {
    visits: u32,
    /// Children expanded per seat (for progressive widening).
    expanded: [u16; silk_core::MAX_SEATS],
}

/// The search tree, kept between decisions only for its allocations.
struct Tree<A> {
    nodes: Vec<Node>,
    edges: FxMap<(u32, Seat, A), Edge>,
    /// The child reached from a node once a sealed step begun there is complete, by a hash of
    /// the joint choice.
    joint: FxMap<(u32, u64), u32>,
}

impl<A: Copy + Eq + Hash> Tree<A> {
    fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            edges: FxMap::default(),
            joint: FxMap::default(),
        }
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::default());
        self.edges.clear();
        self.joint.clear();
    }

    fn new_node(&mut self) -> u32 {
        self.nodes.push(Node::default());
        (self.nodes.len() - 1) as u32
    }
}

/// A sealed step under way during selection: where it began, who may take part, who chose.
#[derive(Clone, Copy)]
struct Step {
    node: u32,
    seats: SeatSet,
    chosen: SeatSet,
    hash: u64,
}

/// The ISMCTS bot.
pub struct MctsBot<G: Game> {
    pub config: MctsConfig,
    rng: SilkRng,
    /// How rollouts choose: uniformly, or by the game's own heuristic.
    rollout: Option<RolloutPolicy<G>>,
    /// Stops playouts early and ranks the seats by it.
    estimate: Option<Estimate<G>>,
    tree: Tree<G::Action>,
    buf: Vec<G::Action>,
    /// Edges walked in the current iteration: (node, seat, action).
    path: Vec<(u32, Seat, G::Action)>,
    scores: Vec<f64>,
    /// The heuristic's own move at the root of the current decision.
    prior: Option<G::Action>,
    /// Which decisions are searched; the rest take the heuristic's move (needs a rollout policy).
    gate: Option<Gate<G>>,
    /// Iterations run by the last decision (for tests and tuning).
    pub last_iterations: u32,
}

impl<G: Game> MctsBot<G> {
    /// ISMCTS with random rollouts.
    pub fn new(seed: u64, config: MctsConfig) -> Self {
        MctsBot {
            config,
            rng: SilkRng::seed_from(seed),
            rollout: None,
            estimate: None,
            tree: Tree::new(),
            buf: Vec::new(),
            path: Vec::new(),
            scores: Vec::new(),
            prior: None,
            gate: None,
            last_iterations: 0,
        }
    }

    /// ISMCTS whose rollouts (and first expansions) follow `policy` (e.g. the game's
    /// `Heuristic`).
    pub fn with_rollout(seed: u64, config: MctsConfig, policy: RolloutPolicy<G>) -> Self {
        MctsBot {
            rollout: Some(policy),
            ..Self::new(seed, config)
        }
    }

    /// Searches only the decisions `gate` names; the others take the rollout policy's move.
    pub fn with_gate(mut self, gate: Gate<G>) -> Self {
        self.gate = Some(gate);
        self
    }

    /// Playouts stop after `config.rollout_depth` moves and rank the seats by `estimate`.
    pub fn with_estimate(mut self, estimate: Estimate<G>) -> Self {
        self.estimate = Some(estimate);
        self
    }
}

/// Plays `state` to the end (or `cap` decisions) with `policy`; returns the decisions played.
fn policy_playout<G: Game>(
    state: &mut G::State,
    rng: &mut SilkRng,
    buf: &mut Vec<G::Action>,
    cap: u64,
    policy: RolloutPolicy<G>,
) -> u64 {
    let mut n = 0;
    while let Some(seat) = next_decider(G::to_move(state)) {
        if n >= cap {
            break;
        }
        G::legal_actions(state, seat, buf);
        if buf.is_empty() {
            break;
        }
        let a = policy(state, seat, buf, rng);
        if G::apply(state, seat, a).is_err() {
            break;
        }
        n += 1;
    }
    n
}

/// Each seat's result in 0..=1: mostly from its rank (first 1, last 0), a quarter from its
/// score within the spread of scores, so points still count when a rollout's ranks are a coin
/// toss. A stuck or cut-short game scores everybody alike.
fn results<G: Game>(state: &G::State, estimate: Option<Estimate<G>>, out: &mut Vec<f64>) {
    out.clear();
    let n = G::num_seats(state);
    match G::outcome(state) {
        Some(o) if !o.stuck => {
            let scores: Vec<f64> = o.scores.iter().map(|&s| s as f64).collect();
            by_standing(&scores, out)
        }
        Some(_) => out.extend(std::iter::repeat_n(0.5, n)),
        None => {
            let est: Option<Vec<f64>> = estimate.and_then(|f| {
                Seat::all(n)
                    .map(|p| f(state, p).map(|e| e as f64))
                    .collect()
            });
            match est {
                Some(e) => by_standing(&e, out),
                None => out.extend(std::iter::repeat_n(0.5, n)),
            }
        }
    }
}

/// Results from standings: three quarters by rank (ties share), a quarter by the score within
/// the spread of scores.
fn by_standing(scores: &[f64], out: &mut Vec<f64>) {
    let n = scores.len();
    let lo = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    out.extend(scores.iter().map(|&s| {
        let below = scores.iter().filter(|&&t| t < s).count() as f64;
        let equal = scores.iter().filter(|&&t| t == s).count() as f64 - 1.0;
        let by_rank = if n > 1 {
            (below + 0.5 * equal) / (n - 1) as f64
        } else {
            1.0
        };
        let by_score = if hi > lo { (s - lo) / (hi - lo) } else { 0.5 };
        0.75 * by_rank + 0.25 * by_score
    }))
}

fn mix(hash: u64, seat: Seat, a: &impl Hash) -> u64 {
    let mut h = Fx(hash);
    seat.0.hash(&mut h);
    a.hash(&mut h);
    h.finish()
}

impl<G: Game> MctsBot<G> {
    /// Picks (and, when untried, expands) `mover`'s edge at `node` among the actions in
    /// `self.buf`. Returns the action and whether it was expanded now.
    fn select(&mut self, s: &G::State, node: u32, mover: Seat) -> (G::Action, bool) {
        let c = self.config.exploration;
        let tree = &mut self.tree;
        let mut best: Option<(f64, G::Action)> = None;
        let mut untried: Option<G::Action> = None;
        let mut n_untried = 0u32;
        for &a in &self.buf {
            match tree.edges.get_mut(&(node, mover, a)) {
                Some(e) => {
                    e.available += 1;
                    let v = e.visits.max(1) as f64;
                    let ucb = e.reward / v + c * ((e.available as f64).ln() / v).sqrt();
                    if best.is_none_or(|(b, _)| ucb > b) {
                        best = Some((ucb, a));
                    }
                }
                None => {
                    // Reservoir sampling picks a uniform untried action.
                    n_untried += 1;
                    if self.rng.below(n_untried) == 0 {
                        untried = Some(a);
                    }
                }
            }
        }
        let n = tree.nodes[node as usize];
        let room = if self.config.widening > 0.0 {
            let cap = (self.config.widening * ((n.visits + 1) as f64).sqrt()).max(2.0);
            (n.expanded[mover.index()] as f64) < cap
        } else {
            true
        };
        let expand = match (untried, best) {
            (Some(_), None) => true,
            (Some(_), Some(_)) => room,
            _ => false,
        };
        if expand {
            // The policy's own choice first, if it is still untried: the heuristic's prior.
            let mut a = untried.unwrap_or(self.buf[0]);
            if let Some(policy) = self.rollout {
                if n.expanded[mover.index()] == 0 {
                    let p = match self.prior {
                        Some(h) if node == 0 && self.buf.contains(&h) => h,
                        _ => policy(s, mover, &self.buf, &mut self.rng),
                    };
                    if !tree.edges.contains_key(&(node, mover, p)) {
                        a = p;
                    }
                }
            }
            tree.edges.insert(
                (node, mover, a),
                Edge {
                    child: NO_CHILD,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    reward_sq: 0.0,
                },
            );
            let e = &mut tree.nodes[node as usize].expanded[mover.index()];
            *e = e.saturating_add(1);
            (a, true)
        } else {
            (best.map(|(_, a)| a).unwrap_or(self.buf[0]), false)
        }
    }

    /// One iteration from a determinization of `state`; returns the decisions it applied.
    fn iterate(&mut self, state: &G::State, seat: Seat) -> u64 {
        let mut s = G::determinize(state, seat, &mut self.rng);
        self.path.clear();
        let mut node = 0u32;
        let mut step: Option<Step> = None;
        self.tree.nodes[0].visits += 1;
        // Selection and expansion.
        loop {
            let to_move = G::to_move(&s);
            let Some(mover) = next_decider(to_move) else {
                break;
            };
            let sealed = match to_move {
                ToMove::Simultaneous(set) => Some(set),
                _ => None,
            };
            // A sealed step ends when the next decision is not part of it: descend to the
            // child of its joint choice (a new child ends the selection).
            if let Some(st) = step {
                let goes_on = sealed.is_some_and(|set| {
                    set.iter().all(|p| st.seats.contains(p)) && !st.chosen.contains(mover)
                });
                if !goes_on {
                    step = None;
                    match self.tree.joint.get(&(st.node, st.hash)) {
                        Some(&ch) => {
                            node = ch;
                            self.tree.nodes[ch as usize].visits += 1;
                        }
                        None => {
                            let ch = self.tree.new_node();
                            self.tree.joint.insert((st.node, st.hash), ch);
                            self.tree.nodes[ch as usize].visits += 1;
                            break;
                        }
                    }
                }
            }
            if let (Some(set), None) = (sealed, step) {
                step = Some(Step {
                    node,
                    seats: set,
                    chosen: SeatSet::EMPTY,
                    hash: node as u64,
                });
            }
            G::legal_actions(&s, mover, &mut self.buf);
            if self.buf.is_empty() {
                break;
            }
            let (a, expanded) = self.select(&s, node, mover);
            if G::apply(&mut s, mover, a).is_err() {
                break;
            }
            self.path.push((node, mover, a));
            if let Some(st) = &mut step {
                // Inside a sealed step: stay at the step's node.
                st.chosen.insert(mover);
                st.hash = mix(st.hash, mover, &a);
                continue;
            }
            let child = {
                let e = self
                    .tree
                    .edges
                    .get_mut(&(node, mover, a))
                    .expect("edge just selected");
                if e.child == NO_CHILD {
                    let ch = self.tree.nodes.len() as u32;
                    e.child = ch;
                    self.tree.nodes.push(Node::default());
                }
                e.child
            };
            node = child;
            self.tree.nodes[node as usize].visits += 1;
            if expanded {
                break;
            }
        }
        // Simulation.
        let cap = if self.estimate.is_some() {
            self.config.rollout_depth.min(self.config.rollout_cap)
        } else {
            self.config.rollout_cap
        };
        let rolled = match self.rollout {
            Some(policy) => policy_playout::<G>(&mut s, &mut self.rng, &mut self.buf, cap, policy),
            None => random_playout::<G>(&mut s, &mut self.rng, &mut self.buf, cap),
        };
        results::<G>(&s, self.estimate, &mut self.scores);
        // Backpropagation: each edge is credited with the result of the seat that took it.
        for &(n, mover, a) in &self.path {
            if let Some(e) = self.tree.edges.get_mut(&(n, mover, a)) {
                let r = self.scores.get(mover.index()).copied().unwrap_or(0.5);
                e.visits += 1;
                e.reward += r;
                e.reward_sq += r * r;
            }
        }
        self.path.len() as u64 + rolled
    }
}

impl<G: Game> Player<G> for MctsBot<G> {
    fn may_forfeit(&self) -> bool {
        false
    }

    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        self.tree.clear();
        self.prior = self
            .rollout
            .map(|policy| policy(state, seat, legal, &mut self.rng));
        if let (Some(h), Some(gate)) = (self.prior, self.gate) {
            if !gate(state, seat, legal) {
                self.last_iterations = 0;
                return h;
            }
        }
        let start = Instant::now();
        let mut done = 0u32;
        let mut applied = 0u64;
        loop {
            let more = match self.config.budget {
                Budget::Iterations(k) => done < k.max(1),
                // Stop when one more iteration (at the mean so far) would overrun the budget,
                // so the decision stays within it rather than just past it.
                Budget::Millis(ms) => {
                    let t = start.elapsed();
                    done == 0 || t + t / done < Duration::from_millis(ms as u64)
                }
            };
            if !more {
                break;
            }
            applied += self.iterate(state, seat);
            done += 1;
        }
        self.last_iterations = done;
        PLAYOUTS.fetch_add(done as u64, Ordering::Relaxed);
        PLAYOUT_DECISIONS.fetch_add(applied, Ordering::Relaxed);
        // The most visited legal root action; equal visits go to the better mean result, then
        // to the first listed.
        let stats = |a: G::Action| self.tree.edges.get(&(0, seat, a)).copied();
        let visits = |a| stats(a).map_or(0, |e| e.visits);
        let mean = |e: Edge| e.reward / e.visits.max(1) as f64;
        let mut best = legal[0];
        for &a in &legal[1..] {
            let (v, b) = (visits(a), visits(best));
            if v > b || (v == b && stats(a).map_or(0.0, mean) > stats(best).map_or(0.0, mean)) {
                best = a;
            }
        }
        // With a heuristic, its move stands unless the search measured better with some
        // confidence: rollouts are noisy and a small budget spread over near-equal actions
        // would otherwise pick among them by chance (the heuristic is already a good player).
        if let Some(h) = self.prior {
            if h != best && legal.contains(&h) {
                if let (Some(eb), Some(eh)) = (stats(best), stats(h)) {
                    if !better(eb, eh, self.config.confidence) {
                        best = h;
                    }
                }
            }
        }
        best
    }
}

/// Whether `a`'s mean result beats `b`'s by `z` standard errors.
fn better(a: Edge, b: Edge, z: f64) -> bool {
    let var = |e: Edge| {
        let n = e.visits.max(1) as f64;
        let m = e.reward / n;
        ((e.reward_sq / n - m * m).max(0.0) + 0.01) / n
    };
    let m = |e: Edge| e.reward / e.visits.max(1) as f64;
    m(a) - m(b) > z * (var(a) + var(b)).sqrt()
}
