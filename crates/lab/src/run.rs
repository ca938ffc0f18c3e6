//! One lab run: `(game, config, bots, seed, games)`, optionally one shard of it. Every game is
//! seeded from the run seed and its index alone, so a run gives the same records on any number of
//! threads or machines, and shards merge into exactly the unsharded run.

use crate::LabError;
use serde::{Deserialize, Serialize};
use silk_core::{next_decider, Counters, Observe, Player, SilkRng};
use std::ops::Range;

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
        if n == 0 || k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// The game indices of this shard: contiguous, and the shards of a run cover it exactly.
    pub fn range(&self, games: u64) -> Range<u64> {
        let lo = games * (self.k - 1) / self.n;
        let hi = games * self.k / self.n;
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
}

impl RunSpec {
    pub fn indices(&self) -> Range<u64> {
        match self.shard {
            Some(s) => s.range(self.games),
            None => 0..self.games,
        }
    }
}

/// The result of one game: everything the summary needs, so merged shards summarise alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub index: u64,
    pub seed: u64,
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
    pub decisions: u64,
    pub rounds: u32,
    /// Sum of the number of legal actions over decisions.
    pub branching_sum: u64,
    /// Times the sole leader (by provisional score, checked each round) changed.
    pub lead_changes: u32,
    /// False if the game hit the decision cap before ending.
    pub finished: bool,
    pub metrics: Counters,
}

/// The seed of game `index` of a run.
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    SilkRng::for_stream(run_seed, index).next_u64()
}

/// A seat's bot seed in game `index`.
pub fn bot_seed(run_seed: u64, index: u64, seat: usize) -> u64 {
    SilkRng::for_stream(run_seed ^ 0xB07_B07, index.wrapping_mul(16) + seat as u64).next_u64()
}

fn sole_leader(standing: &[i64]) -> Option<usize> {
    let best = *standing.iter().max()?;
    let mut at = standing.iter().enumerate().filter(|(_, &v)| v == best);
    match (at.next(), at.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// Plays game `index` of a run with the given players.
pub fn play_one<G: Observe>(
    config: &G::Config,
    run_seed: u64,
    index: u64,
    players: &mut [Box<dyn Player<G>>],
    max_decisions: u64,
) -> Result<GameRecord, LabError> {
    let seed = game_seed(run_seed, index);
    let mut state = G::setup(config, seed).map_err(|e| LabError::Input(e.to_string()))?;
    let n = G::num_seats(&state);
    if players.len() != n {
        return Err(LabError::Input(format!(
            "{} bots for {n} seats",
            players.len()
        )));
    }
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut metrics = Counters::default();
    let mut standing = Vec::new();
    let (mut decisions, mut branching_sum, mut lead_changes) = (0u64, 0u64, 0u32);
    let mut leader: Option<usize> = None;
    let mut round = G::round(&state);
    while let Some(seat) = next_decider(G::to_move(&state)) {
        if decisions >= max_decisions {
            break;
        }
        G::legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            return Err(LabError::Engine(format!(
                "game {index}: {seat} has no legal action"
            )));
        }
        let action = players[seat.index()].choose(&state, seat, &legal);
        events.clear();
        G::apply_with(&mut state, seat, action, &mut events)
            .map_err(|e| LabError::Engine(format!("game {index}: {seat}: {e}")))?;
        decisions += 1;
        branching_sum += legal.len() as u64;
        for e in &events {
            G::observe(&state, e, &mut metrics);
        }
        let r = G::round(&state);
        if r != round {
            round = r;
            G::standing(&state, &mut standing);
            if let Some(l) = sole_leader(&standing) {
                if leader.is_some_and(|p| p != l) {
                    lead_changes += 1;
                }
                leader = Some(l);
            }
        }
    }
    let outcome = G::outcome(&state);
    let (scores, ranks, finished) = match outcome {
        Some(o) => (o.scores, o.ranks, true),
        None => (vec![0; n], vec![0; n], false),
    };
    Ok(GameRecord {
        index,
        seed,
        scores,
        ranks,
        decisions,
        rounds: G::round(&state),
        branching_sum,
        lead_changes,
        finished,
        metrics,
    })
}
