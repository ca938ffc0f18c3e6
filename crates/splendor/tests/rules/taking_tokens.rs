//! Taking tokens.

use super::*;

/// 000 Gameplay: "Take 3 gem tokens of different colors." The turn is then over ("perform only
/// one of the following four actions").
#[test]
fn take_three_different_colours() {
    let mut s = base(2);
    act(&mut s, "take white blue green");
    assert_eq!(s.tokens[0], [1, 1, 1, 0, 0, 0]);
    assert_eq!(s.bank, [3, 3, 3, 4, 4, 5]);
    assert_eq!(mover(&s), Seat(1), "one action per turn");
    assert_eq!(s.phase, Phase::Act);
}

/// 000 Gameplay: "Take 3 gem tokens of different colors." Fewer than three is not that action
/// while three colours are there; with fewer colours left the project decided
/// `take_three_short = fewer` (one of each colour left).
#[test]
fn take_three_needs_three_colours_unless_fewer_left() {
    let s = base(2);
    refuse(&s, "take white blue");
    refuse(&s, "take white");
    assert!(!is_legal(&s, "take white blue"));
    let mut s = base(2);
    set_tokens(&mut s, 1, [0, 0, 4, 4, 4, 0]);
    assert!(is_legal(&s, "take white blue"));
    assert!(!legal(&s).iter().any(|a| a.split(' ').count() == 4));
    refuse(&s, "take white");
    act(&mut s, "take white blue");
    assert_eq!(s.tokens[0], [1, 1, 0, 0, 0, 0]);
}

/// 000 Gameplay: "Take 2 gem tokens of the same color. This action is only possible if there are
/// at least 4 tokens of the chosen color left when the player takes them."
#[test]
fn take_two_same_colour_only_with_four_left() {
    let mut s = base(2);
    assert!(is_legal(&s, "take 2 red"));
    act(&mut s, "take 2 red");
    assert_eq!(s.tokens[0], [0, 0, 0, 2, 0, 0]);
    assert_eq!(s.bank[R], 2);
    // Two left: refused to the next player.
    refuse(&s, "take 2 red");
    assert!(!is_legal(&s, "take 2 red"));
    // Exactly three left: refused.
    let mut s = base(2);
    set_tokens(&mut s, 1, [0, 0, 0, 1, 0, 0]);
    assert_eq!(s.bank[R], 3);
    refuse(&s, "take 2 red");
    assert!(is_legal(&s, "take 2 blue"));
}

/// 000 Selecting Tokens: "A player can never have more than 10 tokens at the end of their turn
/// (including jokers). If this happens, they must return tokens until they only have 10 left."
#[test]
fn token_limit_return_down_to_ten() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 0, [2, 2, 1, 2, 2, 0]);
    act(&mut s, "take white blue green");
    assert_eq!(held(&s, 0), 12);
    assert_eq!(s.phase, Phase::Return);
    assert_eq!(mover(&s), Seat(0), "the turn is not over before returning");
    assert!(legal(&s).iter().all(|a| a.starts_with("return ")));
    refuse(&s, "return gold");
    refuse(&s, "take white blue green");
    act(&mut s, "return red");
    assert_eq!(mover(&s), Seat(0));
    act(&mut s, "return black");
    assert_eq!(held(&s, 0), 10);
    assert_eq!(s.tokens[0], [3, 3, 2, 1, 1, 0]);
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Selecting Tokens: "A player can return all or some of those they've just drawn."
#[test]
fn token_limit_may_return_tokens_just_taken() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 0, [2, 2, 2, 2, 2, 0]);
    act(&mut s, "take white blue green");
    act(&mut s, "return white");
    act(&mut s, "return blue");
    act(&mut s, "return green");
    assert_eq!(s.tokens[0], [2, 2, 2, 2, 2, 0]);
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Selecting Tokens: the limit is "(including jokers)", so a gold token counts and may be
/// returned.
#[test]
fn token_limit_counts_gold_and_gold_may_be_returned() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 0, [2, 2, 2, 2, 2, 0]);
    act(&mut s, "reserve 1a");
    assert_eq!(s.phase, Phase::Return);
    assert!(is_legal(&s, "return gold"));
    act(&mut s, "return gold");
    assert_eq!(s.tokens[0], [2, 2, 2, 2, 2, 0]);
    assert_eq!(s.bank[GOLD], 5);
    assert_eq!(mover(&s), Seat(1));
}
