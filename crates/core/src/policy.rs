//! The policy interface an engine implements for its own hand-written bot. It sits in core,
//! beside [`Player`](crate::Player), so engines never depend on the bots crate (OpenSpiel keeps
//! its bot interface in the core library for the same reason): bots sit above the games.

use crate::game::Game;
use crate::rng::SilkRng;
use crate::seat::Seat;

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

/// The action of highest `value`, ties broken uniformly at random: the choice rule of every
/// hand-written policy.
pub fn best_by<A: Copy>(legal: &[A], rng: &mut SilkRng, value: impl Fn(A) -> f32) -> A {
    let mut best = f32::NEG_INFINITY;
    let mut choice = legal[0];
    let mut ties = 0u32;
    for &a in legal {
        let v = value(a);
        if v > best + 1e-4 {
            best = v;
            choice = a;
            ties = 1;
        } else if (v - best).abs() <= 1e-4 {
            // Reservoir sampling: each of the k equal bests kept with probability 1/k.
            ties += 1;
            if rng.below(ties) == 0 {
                choice = a;
            }
        }
    }
    choice
}
