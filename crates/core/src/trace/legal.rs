//! The legal decisions at a position, written as a trace writes decisions: what another
//! implementation compares with its own list (`silk replay --trace-in FILE --legal`).

use super::write::decision_json;
use super::Traced;
use crate::game::ToMove;
use crate::seat::Seat;
use serde_json::Value;

/// The seats with a decision to make in `state`, lowest first (none once the game is over).
pub fn seats_to_move<G: Traced>(state: &G::State) -> Vec<Seat> {
    match G::to_move(state) {
        ToMove::Seat(seat) => vec![seat],
        ToMove::Simultaneous(set) => set.iter().collect(),
        ToMove::Terminal => Vec::new(),
    }
}

/// Every legal decision in `state`, as entries of a trace's `actions` (`{"seat", "action",
/// "text"}`): each seat to move in turn, each seat's decisions in the engine's order.
pub fn legal_json<G: Traced>(state: &G::State) -> Vec<Value> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seat in seats_to_move::<G>(state) {
        G::legal_actions(state, seat, &mut legal);
        out.extend(legal.iter().map(|&a| decision_json::<G>(state, seat, a)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goofspiel::{GoofConfig, Goofspiel};
    use crate::{Game, Traced};

    #[test]
    fn every_seat_of_a_simultaneous_decision_lists_its_own() {
        let config = GoofConfig::default();
        let state = Goofspiel::setup(&config, 1).unwrap();
        let listed = legal_json::<Goofspiel>(&state);
        let seats = seats_to_move::<Goofspiel>(&state);
        assert!(seats.len() > 1, "goofspiel bids together");
        let mut want = 0;
        for &seat in &seats {
            let mut legal = Vec::new();
            Goofspiel::legal_actions(&state, seat, &mut legal);
            want += legal.len();
        }
        assert_eq!(listed.len(), want);
        for entry in &listed {
            let seat = Seat(entry["seat"].as_u64().unwrap() as u8);
            let action = Goofspiel::action_from_json(&state, seat, &entry["action"]).unwrap();
            let mut after = state.clone();
            Goofspiel::apply(&mut after, seat, action).unwrap();
        }
    }
}
