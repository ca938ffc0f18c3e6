//! Rule points the rest of the suite left open, found by mutation testing (docs/testing.md):
//! each test names the rule it pins.

use silk_core::{Seat, SeatSet};
use silk_road::goods::{Good, Goods};
use silk_road::market::{after_turn, AfterTurn};
use silk_road::scoring::{score_holdings, sole_majority};

/// The sole majority of a good is the one player holding strictly the most of it; a tie for the
/// most, or nobody holding any, is no majority.
#[test]
fn sole_majority_is_the_one_player_with_strictly_the_most() {
    let goods = [
        Goods([2, 0, 1, 0, 0]),
        Goods([2, 0, 0, 0, 1]),
        Goods([1, 0, 3, 0, 0]),
    ];
    assert_eq!(sole_majority(&goods, Good::Ivory), None, "tied at 2");
    assert_eq!(sole_majority(&goods, Good::Silk), None, "nobody has any");
    assert_eq!(sole_majority(&goods, Good::Fruits), Some(2));
    assert_eq!(sole_majority(&goods, Good::Spices), Some(1));
}

/// With no player there is no majority, and no score to give.
#[test]
fn no_player_no_majority() {
    assert_eq!(sole_majority(&[], Good::Jewels), None);
    let scores = score_holdings(&[], &[], 2);
    assert!(scores.iter().all(|s| s.total == 0), "{scores:?}");
}

/// When no one may receive the pawn any more (every other player has acted), the market ends
/// even with tiles left in the city: the last actor chooses who holds the pawn among those who
/// acted least.
#[test]
fn the_market_ends_with_tiles_left_when_no_one_may_receive_the_pawn() {
    assert_eq!(
        after_turn(&[1, 1, 1, 1], 2, Seat(3)),
        AfterTurn::ChooseHolder(SeatSet::from_iter([Seat(0), Seat(1), Seat(2)]))
    );
    assert_eq!(
        after_turn(&[1, 1, 1, 0], 2, Seat(2)),
        AfterTurn::PassTo(Seat(3))
    );
}

/// The market never offers an empty choice: with nobody to hold the pawn, the actor keeps it.
#[test]
fn with_nobody_to_choose_the_actor_keeps_the_pawn() {
    assert_eq!(after_turn(&[], 0, Seat(0)), AfterTurn::HeldBy(Seat(0)));
}
