//! silk-bots: players generic over [`Game`].
//!
//! - [`RandomBot`]: uniform among legal actions (the baseline of every statistic).
//! - [`GreedyBot`]: delegates to the game's own [`Heuristic`] policy.

use silk_core::{Game, Player, Seat, SilkRng};

pub use silk_core::RandomPlayer as RandomBot;

/// A game's hand-written policy: what a sensible player of that game would do. Each engine
/// documents its policy where it implements this trait.
pub trait Heuristic: Game {
    fn heuristic_choose(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut SilkRng,
    ) -> Self::Action;
}

/// Plays the game's [`Heuristic`] policy.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: SilkRng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: SilkRng::seed_from(seed),
        }
    }
}

impl<G: Heuristic> Player<G> for GreedyBot {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        G::heuristic_choose(state, seat, legal, &mut self.rng)
    }
}

/// The bot kinds a command line may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

impl BotKind {
    pub const NAMES: &'static [&'static str] = &["random", "greedy"];

    pub fn parse(name: &str) -> Option<BotKind> {
        match name.trim().to_ascii_lowercase().as_str() {
            "random" => Some(BotKind::Random),
            "greedy" | "heuristic" => Some(BotKind::Greedy),
            _ => None,
        }
    }
}
