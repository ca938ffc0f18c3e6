//! Playing whole games: the loop shared by the CLI, the lab, benches and tests.

use crate::error::{IllegalAction, SetupError};
use crate::game::{Game, Outcome, Player, ToMove};
use crate::replay::Replay;
use crate::rng::SilkRng;
use crate::seat::Seat;

/// The seat that decides next: the single seat, or the lowest seat of a simultaneous set
/// (the others' choices stay hidden from it, so the order does not matter).
pub fn next_decider(to_move: ToMove) -> Option<Seat> {
    match to_move {
        ToMove::Seat(s) => Some(s),
        ToMove::Simultaneous(set) => set.first(),
        ToMove::Terminal => None,
    }
}

/// Picks uniformly among the legal actions: the reference player of the conformance suite.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    pub rng: SilkRng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: SilkRng::seed_from(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    // Inline: the lab calls this once per decision (it never forfeits: `may_forfeit`).
    #[inline]
    fn choose(&mut self, _: &G::State, _: Seat, legal: &[G::Action]) -> G::Action {
        legal[self.rng.index(legal.len())]
    }

    fn may_forfeit(&self) -> bool {
        false
    }
}

/// A finished (or cut-off) game.
#[derive(Debug)]
pub struct PlayedGame<G: Game> {
    pub state: G::State,
    pub replay: Replay<G>,
    pub decisions: u64,
    /// Sum over decisions of the number of legal actions (mean branching = this / decisions).
    pub branching_sum: u64,
    pub outcome: Option<Outcome>,
}

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("{seat} has a decision but no legal action (engine bug)")]
    NoLegalAction { seat: Seat },
    #[error("{seat} chose an illegal action: {source}")]
    Illegal { seat: Seat, source: IllegalAction },
}

/// The decision loop of every driver outside the lab's runs (which add forfeits and events):
/// while a seat has a decision and fewer than `max_decisions` were made, lists its legal
/// actions into `legal` (a buffer, reused), asks `decide` to pick one of them, and applies it.
/// `decide` sees the state before the decision: where a caller records or samples. Returns the
/// decisions made.
pub fn drive<G: Game>(
    state: &mut G::State,
    max_decisions: u64,
    legal: &mut Vec<G::Action>,
    mut decide: impl FnMut(&G::State, Seat, &[G::Action]) -> G::Action,
) -> Result<u64, PlayError> {
    let mut decisions = 0;
    while decisions < max_decisions {
        let Some(seat) = next_decider(G::to_move(state)) else {
            break;
        };
        G::legal_actions(state, seat, legal);
        if legal.is_empty() {
            return Err(PlayError::NoLegalAction { seat });
        }
        let action = decide(state, seat, legal);
        // `decide` picks from `legal` (the `Player` contract): the engine may skip re-checking.
        debug_assert!(legal.contains(&action), "{seat} chose an unlisted action");
        G::apply_listed(state, seat, action)
            .map_err(|source| PlayError::Illegal { seat, source })?;
        decisions += 1;
    }
    Ok(decisions)
}

/// Plays one game from setup to the end (or `max_decisions`), one player per seat.
pub fn play<G: Game>(
    config: &G::Config,
    seed: u64,
    players: &mut [&mut dyn Player<G>],
    max_decisions: u64,
) -> Result<PlayedGame<G>, PlayError> {
    let mut state = G::setup(config, seed)?;
    let mut replay = Replay::new(config.clone(), seed);
    let mut branching_sum = 0;
    let decisions = drive::<G>(
        &mut state,
        max_decisions,
        &mut Vec::new(),
        |s, seat, legal| {
            let action = players[seat.index()].choose(s, seat, legal);
            replay.record(s, seat, action);
            branching_sum += legal.len() as u64;
            action
        },
    )?;
    let outcome = G::outcome(&state);
    Ok(PlayedGame {
        state,
        replay,
        decisions,
        branching_sum,
        outcome,
    })
}

/// Plays random legal actions from `state` to the end, allocation-free once `buf` has grown:
/// each drawn by `Game::random_legal_action`, the same as a uniform pick from the legal list.
/// Returns the number of decisions made. The hot loop of random simulations and benches.
pub fn random_playout<G: Game>(
    state: &mut G::State,
    rng: &mut SilkRng,
    buf: &mut Vec<G::Action>,
    max_decisions: u64,
) -> u64 {
    let mut n = 0;
    while n < max_decisions {
        let Some(seat) = next_decider(G::to_move(state)) else {
            break;
        };
        let Some(action) = G::random_legal_action(state, seat, rng, buf) else {
            break;
        };
        if G::apply_listed(state, seat, action).is_err() {
            break;
        }
        n += 1;
    }
    n
}
