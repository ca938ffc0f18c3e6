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

/// Player `p`'s prestige by where it came from — development cards, nobles, trading posts —
/// zeros left out, for the result screen (issue 44: its breakdown was empty).
pub fn breakdown(s: &State, p: usize) -> Vec<(&'static str, u32)> {
    let r = &s.rules;
    let cards: u32 = s.owned_cards(p).map(|id| r.card(id).points as u32).sum();
    let nobles: u32 = (0..s.nobles.len())
        .filter(|&i| s.noble_holder[i] as usize == p && s.nobles[i] != NONE)
        .map(|i| r.nobles[s.nobles[i] as usize].points as u32)
        .sum();
    let posts = crate::engine::turn::post_points(s, p) as u32;
    [
        ("cards", cards),
        ("nobles", nobles),
        ("trading posts", posts),
    ]
    .into_iter()
    .filter(|&(_, v)| v > 0)
    .collect()
}

/// The rule that orders players tied on prestige, in words; `None` where such a tie is shared.
pub fn tie_break(s: &State) -> Option<&'static str> {
    let shared = s.rules.cities_module
        && s.rules.edition == Edition::E2017
        && s.rules.config.params.city_tie == CityTie::Shared;
    (!shared).then_some("fewest development cards")
}

/// What decided who could win, in words, where The Cities decided it: only a city's claimant
/// (2017) or a player meeting a city's requirements at the end (2024) may win; a player with
/// more prestige who could not win is named.
pub fn win_notes(s: &State) -> Vec<String> {
    if !s.rules.cities_module {
        return Vec::new();
    }
    let r = &s.rules;
    let n = s.players();
    let mut notes = vec![match r.edition {
        Edition::E2017 => "The Cities: only a player who claimed a city can win.".to_string(),
        Edition::E2024 => {
            "The Cities: only a player who meets a city's requirements at the end can win."
                .to_string()
        }
    }];
    for p in 0..n {
        let seat = silk_core::Seat(p as u8);
        let city = match r.edition {
            Edition::E2017 => (s.city_of[p] != NONE).then_some(s.city_of[p]),
            Edition::E2024 => s
                .cities
                .iter()
                .copied()
                .find(|&f| f != NONE && meets_city(s, p, f)),
        };
        match city {
            Some(f) => notes.push(format!(
                "{seat} {} {}.",
                match r.edition {
                    Edition::E2017 => "claimed",
                    Edition::E2024 => "meets",
                },
                crate::history::city_words(r, f)
            )),
            None if (0..n).any(|q| eligible(s, q) && s.prestige[q] < s.prestige[p]) => {
                notes.push(format!(
                    "{seat} has {} prestige but no city, so cannot win.",
                    s.prestige[p]
                ))
            }
            None => {}
        }
    }
    notes
}
