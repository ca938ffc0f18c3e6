//! Illegal actions.

use super::*;

/// 000 Gameplay: "Play then proceeds clockwise." Only the player whose turn it is may act; a
/// refused action leaves the game unchanged and says why.
#[test]
fn illegal_out_of_turn_refused_unchanged() {
    let s = base(3);
    refuse_as(&s, Seat(1), "take white blue green");
    refuse_as(&s, Seat(2), "reserve 1a");
    let mut v = Vec::new();
    Splendor::legal_actions(&s, Seat(1), &mut v);
    assert!(v.is_empty(), "no decision for a seat out of turn");
}

/// 000 Gameplay: "a player must choose to perform only one of the following four actions" —
/// decisions belonging to other moments are refused.
#[test]
fn illegal_decisions_out_of_their_moment_refused() {
    let s = base(2);
    for text in [
        "noble 1",
        "return white",
        "gem red",
        "decline",
        "pass",
        "join red",
        "free 1a",
        "place 1a",
        "city 1",
        "post 1",
    ] {
        refuse(&s, text);
    }
    refuse(&s, "buy 1e");
    refuse(&s, "reserve 1e");
}

/// A finished game takes no further action.
#[test]
fn illegal_after_the_game_is_over() {
    let s = two_reach_fifteen(1);
    for seat in 0..2 {
        refuse_as(&s, Seat(seat), "take white blue green");
    }
    assert_eq!(Splendor::to_move(&s), ToMove::Terminal);
}
