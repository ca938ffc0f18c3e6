//! The end: most prestige wins; a tie goes to the player with the fewest development cards, a
//! further tie is shared. With The Cities only a city's claimant can win (2017: who took a tile;
//! 2024: who meets a city's requirements at the end).

use crate::data::{CityTie, Edition};
use crate::engine::turn::meets_city;
use crate::rules::NONE;
use crate::state::State;
use silk_core::Outcome;
use std::cmp::Reverse;

/// Whether player `p` may win.
pub fn eligible(s: &State, p: usize) -> bool {
    if !s.rules.cities_module {
        return true;
    }
    match s.rules.edition {
        Edition::E2017 => s.city_of[p] != NONE,
        Edition::E2024 => s.cities.iter().any(|&f| f != NONE && meets_city(s, p, f)),
    }
}

pub fn outcome(s: &State) -> Outcome {
    let n = s.players();
    let scores = s.prestige[..n].iter().map(|&p| p as i32).collect();
    let by_cards = !(s.rules.cities_module
        && s.rules.edition == Edition::E2017
        && s.rules.config.params.city_tie == CityTie::Shared);
    let mut o = Outcome::ranked_by(scores, |p| {
        (
            eligible(s, p),
            s.prestige[p],
            Reverse(if by_cards { s.card_count[p] } else { 0 }),
        )
    });
    o.stuck = s.stuck;
    o
}
