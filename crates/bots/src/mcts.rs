//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
//! 2012), generic over [`Game`]. Each iteration resamples what the bot's seat cannot see
//! ([`Game::determinize`]), walks the tree using only actions legal in that sample (UCB1 with
//! availability counts), adds one node, finishes the game with random moves and credits every
//! node with its mover's result. So the bot never peeks at hidden information.
//!
//! Rollouts are random, or follow a policy such as the game's heuristic. Measured at Silk Road
//! (`silk simulate silk-road --games N --bots B,greedy,greedy,greedy --seed 1`): `mcts300`
//! (random rollouts) wins 67.5% against three random bots but 0 of 40 against three greedy
//! bots; `mcts-greedy400` (greedy rollouts) wins 3 of 12 against three greedy bots, the fair
//! share. With few iterations and many actions (bids) the search is mostly noise.

use silk_core::{next_decider, random_playout, Game, Player, Seat, SilkRng};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// Settings of the search.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    pub iterations: u32,
    /// UCB1 exploration constant.
    pub exploration: f64,
    /// Random moves at most per rollout (a safeguard; games end well before).
    pub rollout_cap: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 300,
            exploration: 0.7,
            rollout_cap: 5_000,
        }
    }
}

struct Node<A> {
    /// The action leading here and the seat that took it.
    action: Option<(Seat, A)>,
    visits: u32,
    /// Times this node's action was legal when its parent was visited.
    available: u32,
    /// Sum of the mover's results (1 win … 0 last).
    reward: f64,
    /// Children by the action (and its mover) leading to them: found in O(1) per legal action.
    children: HashMap<(Seat, A), usize>,
}

/// The ISMCTS bot.
pub struct MctsBot<G: Game> {
    pub config: MctsConfig,
    rng: SilkRng,
    /// How rollouts choose: uniformly, or by the game's own heuristic.
    rollout: Option<RolloutPolicy<G>>,
}

/// A rollout policy: picks one of the legal actions.
pub type RolloutPolicy<G> =
    fn(&<G as Game>::State, Seat, &[<G as Game>::Action], &mut SilkRng) -> <G as Game>::Action;

impl<G: Game> MctsBot<G> {
    /// ISMCTS with random rollouts.
    pub fn new(seed: u64, config: MctsConfig) -> Self {
        MctsBot {
            config,
            rng: SilkRng::seed_from(seed),
            rollout: None,
        }
    }

    /// ISMCTS whose rollouts follow `policy` (e.g. the game's `Heuristic`).
    pub fn with_rollout(seed: u64, config: MctsConfig, policy: RolloutPolicy<G>) -> Self {
        MctsBot {
            rollout: Some(policy),
            ..Self::new(seed, config)
        }
    }
}

/// Plays `state` to the end (or `cap` decisions) with `policy`; returns the decisions made.
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

/// Each seat's result in 0..=1: half from its rank (first 1, last 0), half from its score
/// within the spread of scores, so points still count when a rollout's ranks are a coin toss.
fn results<G: Game>(state: &G::State, out: &mut Vec<f64>) {
    out.clear();
    let n = G::num_seats(state);
    match G::outcome(state) {
        Some(o) => {
            let lo = o.scores.iter().copied().min().unwrap_or(0) as f64;
            let hi = o.scores.iter().copied().max().unwrap_or(0) as f64;
            out.extend(o.ranks.iter().zip(&o.scores).map(|(&r, &s)| {
                let by_rank = if n > 1 {
                    1.0 - r as f64 / (n - 1) as f64
                } else {
                    1.0
                };
                let by_score = if hi > lo {
                    (s as f64 - lo) / (hi - lo)
                } else {
                    0.5
                };
                0.5 * by_rank + 0.5 * by_score
            }))
        }
        // A rollout cut short scores everybody alike.
        None => out.extend(std::iter::repeat_n(0.5, n)),
    }
}

impl<G: Game> Player<G> for MctsBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let mut nodes: Vec<Node<G::Action>> = vec![Node {
            action: None,
            visits: 0,
            available: 0,
            reward: 0.0,
            children: HashMap::new(),
        }];
        let mut buf = Vec::new();
        let mut path = Vec::new();
        let mut scores = Vec::new();
        let c = self.config.exploration;
        let mut applied = 0u64;
        for _ in 0..self.config.iterations {
            let mut s = G::determinize(state, seat, &mut self.rng);
            path.clear();
            path.push(0usize);
            let mut node = 0usize;
            // Selection and expansion.
            while let Some(mover) = next_decider(G::to_move(&s)) {
                G::legal_actions(&s, mover, &mut buf);
                if buf.is_empty() {
                    break;
                }
                // Children legal in this sample; untried legal actions.
                let mut best: Option<(f64, usize)> = None;
                let mut untried: Option<G::Action> = None;
                let mut n_untried = 0u32;
                for &a in &buf {
                    let child = nodes[node].children.get(&(mover, a)).copied();
                    match child {
                        Some(ch) => {
                            nodes[ch].available += 1;
                            let n = &nodes[ch];
                            let ucb = n.reward / n.visits.max(1) as f64
                                + c * ((n.available.max(1) as f64).ln() / n.visits.max(1) as f64)
                                    .sqrt();
                            if best.is_none_or(|(b, _)| ucb > b) {
                                best = Some((ucb, ch));
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
                if let Some(a) = untried {
                    if G::apply(&mut s, mover, a).is_err() {
                        break;
                    }
                    applied += 1;
                    nodes.push(Node {
                        action: Some((mover, a)),
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                        children: HashMap::new(),
                    });
                    let id = nodes.len() - 1;
                    nodes[node].children.insert((mover, a), id);
                    path.push(id);
                    break;
                }
                let Some((_, ch)) = best else { break };
                let Some((_, a)) = nodes[ch].action else {
                    break;
                };
                if G::apply(&mut s, mover, a).is_err() {
                    break;
                }
                applied += 1;
                node = ch;
                path.push(ch);
            }
            // Simulation.
            applied += match self.rollout {
                Some(policy) => policy_playout::<G>(
                    &mut s,
                    &mut self.rng,
                    &mut buf,
                    self.config.rollout_cap,
                    policy,
                ),
                None => {
                    random_playout::<G>(&mut s, &mut self.rng, &mut buf, self.config.rollout_cap)
                }
            };
            results::<G>(&s, &mut scores);
            // Backpropagation: each node is credited with the result of the seat that moved.
            for &id in &path {
                let n = &mut nodes[id];
                n.visits += 1;
                if let Some((mover, _)) = n.action {
                    n.reward += scores.get(mover.index()).copied().unwrap_or(0.0);
                }
            }
        }
        PLAYOUTS.fetch_add(self.config.iterations as u64, Ordering::Relaxed);
        PLAYOUT_DECISIONS.fetch_add(applied, Ordering::Relaxed);
        // The most visited legal root action; equal visits (common when actions outnumber
        // iterations) go to the better mean result, then to the first listed.
        let root = &nodes[0];
        let score = |a: G::Action| {
            root.children
                .get(&(seat, a))
                .map(|&ch| {
                    (
                        nodes[ch].visits,
                        nodes[ch].reward / nodes[ch].visits.max(1) as f64,
                    )
                })
                .unwrap_or((0, 0.0))
        };
        let mut best = legal[0];
        let mut best_score = score(best);
        for &a in &legal[1..] {
            let sc = score(a);
            if sc.0 > best_score.0 || (sc.0 == best_score.0 && sc.1 > best_score.1) {
                best = a;
                best_score = sc;
            }
        }
        best
    }
}
