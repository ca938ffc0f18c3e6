//! End of the game.

use super::*;

/// 000 End of the Game: "When a player reaches 15 prestige points, complete the current round so
/// that each player has played the same number of turns. The player who then has the highest
/// number of prestige points is declared the winner".
#[test]
fn end_round_completed_after_fifteen() {
    let mut s = base(3);
    set_nobles(&mut s, &[]);
    let c = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    show(&mut s, "1a", c);
    give_points(&mut s, 1, 14, &[U, R, K]);
    set_tokens(&mut s, 1, [0, 0, 4, 0, 0, 0]);
    act(&mut s, "take white blue red");
    assert!(!over(&s));
    act(&mut s, "buy 1a");
    assert_eq!(s.prestige[1], 15);
    assert!(!over(&s), "the round is completed");
    assert_eq!(mover(&s), Seat(2));
    act(&mut s, "take white blue red");
    assert!(over(&s), "the round is complete");
    let r = ranks(&s);
    assert_eq!(r[1], 0);
    assert!(r[0] > 0 && r[2] > 0);
}

/// 000 End of the Game: "complete the current round so that each player has played the same
/// number of turns" — when the first player reaches 15, everyone else still plays, and the most
/// prestige wins (not the first to 15).
#[test]
fn end_first_player_reaching_fifteen_others_still_play_most_prestige_wins() {
    let mut s = base(3);
    set_nobles(&mut s, &[]);
    let c1 = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    let c2 = base_card(&s, 1, U, 1, [0, 0, 0, 4, 0]);
    show(&mut s, "1a", c1);
    show(&mut s, "1b", c2);
    give_points(&mut s, 0, 14, &[U, R, K]);
    give_points(&mut s, 2, 15, &[W, G, K]);
    set_tokens(&mut s, 0, [0, 0, 4, 0, 0, 0]);
    set_tokens(&mut s, 2, [0, 0, 0, 4, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.prestige[0], 15);
    assert!(!over(&s));
    act(&mut s, "take white blue green");
    assert!(!over(&s));
    assert_eq!(mover(&s), Seat(2));
    act(&mut s, "buy 1b");
    assert_eq!(s.prestige[2], 16);
    assert!(over(&s), "seat 0 does not play again");
    let r = ranks(&s);
    assert_eq!(r[2], 0);
    assert!(r[0] > 0);
}

/// Gives 0-prestige level 1 cards of `colour` so that `more` has `by` more cards than `fewer`.
pub(crate) fn more_cards(s: &mut State, fewer: usize, more: usize, by: u8, colour: usize) {
    while s.card_count[more] < s.card_count[fewer] + by {
        give_bonus(s, more, colour, 1);
    }
    while s.card_count[fewer] + by < s.card_count[more] {
        give_bonus(s, fewer, colour, 1);
    }
}

pub(crate) fn two_reach_fifteen(extra_cards_for_p1: u8) -> State {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c1 = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    let c2 = base_card(&s, 1, U, 1, [0, 0, 0, 4, 0]);
    show(&mut s, "1a", c1);
    show(&mut s, "1b", c2);
    give_points(&mut s, 0, 14, &[W, U, R, K]);
    give_points(&mut s, 1, 14, &[W, U, G, K]);
    more_cards(&mut s, 0, 1, extra_cards_for_p1, G);
    set_tokens(&mut s, 0, [0, 0, 4, 0, 0, 0]);
    set_tokens(&mut s, 1, [0, 0, 0, 4, 0, 0]);
    act(&mut s, "buy 1a");
    act(&mut s, "buy 1b");
    assert_eq!(s.prestige[..2], [15, 15]);
    assert!(over(&s));
    s
}

/// 000 End of the Game: "In case of a tie, the player who has purchased the fewest development
/// cards wins!"
#[test]
fn end_tie_broken_by_fewest_development_cards() {
    let s = two_reach_fifteen(1);
    assert_eq!(ranks(&s), [0, 1]);
}

/// Project decision ("a further tie is shared"): equal prestige and equal cards share the win.
#[test]
fn end_further_tie_is_shared() {
    let s = two_reach_fifteen(0);
    assert_eq!(s.card_count[0], s.card_count[1]);
    assert_eq!(ranks(&s), [0, 0]);
    assert_eq!(Splendor::outcome(&s).unwrap().winners().count(), 2);
}

/// 000 End of the Game: "(don't forget to count your nobles)".
#[test]
fn end_nobles_count_for_prestige() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    // P1 reaches 15 with a noble (3) and cards (12); P0 has 14 from cards.
    give_points(&mut s, 0, 14, &[G, R, K]);
    give_points(&mut s, 1, 12, &[G, R, K]);
    give_bonus(&mut s, 1, W, 4);
    give_bonus(&mut s, 1, U, 4);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    assert_eq!(s.prestige[1], 15);
    assert!(over(&s));
    assert_eq!(ranks(&s), [1, 0]);
}
