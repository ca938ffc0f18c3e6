//! Buying.

use super::*;

pub(crate) fn red3(s: &State) -> u8 {
    // Level 1, green bonus, costs 3 red.
    base_card(s, 1, G, 0, [0, 0, 0, 3, 0])
}

/// 000 Buying: "To purchase a card, a player must spend the number of tokens indicated on the
/// card. ... The spent tokens ... are returned to the middle of the table." "Purchased
/// development cards ... give that player prestige points equal to the number in the top-left
/// corner".
#[test]
fn buy_face_up_card_pays_tokens_to_supply_and_scores() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    show(&mut s, "1c", c);
    set_tokens(&mut s, 0, [0, 0, 4, 0, 0, 0]);
    act(&mut s, "buy 1c");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank, [4, 4, 4, 4, 4, 5]);
    assert_eq!(s.prestige[0], 1);
    assert_eq!(s.bonus[0], [1, 0, 0, 0, 0]);
    assert_eq!(s.card_count[0], 1);
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Buying: "if you have purchased 2 development cards that have red tokens in the top-right
/// corner, you can buy a card that requires 3 red tokens at a cost of 1 red token because you
/// have a bonus of 2 red."
#[test]
fn buy_bonuses_are_permanent_discounts() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    give_bonus(&mut s, 0, R, 2);
    // Without the last red it is not affordable.
    refuse(&s, "buy 1a");
    set_tokens(&mut s, 0, [0, 0, 0, 1, 0, 0]);
    act(&mut s, "buy 1a");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank[R], 4);
    assert_eq!(s.bonus[0][R], 2, "bonuses are not spent");
    assert_eq!(s.bonus[0][G], 1);
}

/// 000 Buying: "A joker token can replace any color. The spent tokens (including any jokers) are
/// returned to the middle of the table."
#[test]
fn buy_gold_replaces_a_missing_gem() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 2, 0, 1]);
    refuse(&s, "buy 1a");
    assert!(is_legal(&s, "buy 1a gold red"));
    act(&mut s, "buy 1a gold red");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank[GOLD], 5);
    assert_eq!(s.bank[R], 4);
}

/// 000 Buying: "A joker token can replace any color" — the player chooses: gold may be spent
/// even where the player's gems would do (project text: "gold pays for any colour, where you
/// choose").
#[test]
fn buy_gold_use_is_the_players_choice() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 1]);
    assert!(is_legal(&s, "buy 1a"));
    assert!(is_legal(&s, "buy 1a gold red"));
    let mut plain = s;
    act(&mut plain, "buy 1a");
    assert_eq!(plain.tokens[0], [0, 0, 0, 0, 0, 1]);
    act(&mut s, "buy 1a gold red");
    assert_eq!(s.tokens[0], [0, 0, 0, 1, 0, 0]);
    assert!(s.owns(0, c));
}

/// 000 Buying: "a player must spend the number of tokens indicated on the card" — tokens the
/// player does not have cannot pay, and gold replaces only colours the card costs.
#[test]
fn buy_refused_with_tokens_not_held() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 2, 0, 0]);
    refuse(&s, "buy 1a");
    refuse(&s, "buy 1a gold red");
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 1]);
    refuse(&s, "buy 1a gold blue");
    refuse(&s, "buy 1a gold red red");
    // Exactly the price: 4 gold for a 3-red card is not a payment the rules know.
    set_tokens(&mut s, 0, [0, 0, 0, 0, 0, 4]);
    refuse(&s, "buy 1a gold red red red red");
    assert!(is_legal(&s, "buy 1a gold red red red"));
}

/// 000 Buying: "A player may purchase one of the face-up development cards in the middle of the
/// table or a card in their hand that was reserved on a previous turn." "the only way to get rid
/// of a card is to buy it".
#[test]
fn buy_reserved_card_from_hand() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    reserve_for(&mut s, 0, c);
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    let board = s.board;
    act(&mut s, "buy r1");
    assert!(s.owns(0, c));
    assert_eq!(s.reserved[0], [NONE; 3]);
    assert_eq!(s.board, board);
    // The other player cannot buy from a hand that is not theirs (nothing reserved).
    refuse(&s, "buy r1");
}

/// 000 Reserve + Buying: a reserved card is replaced on the table; a bought one too, from the
/// deck of its level (001 The Orient: "A purchased or reserved card must be replaced by a card
/// from its original pile ... unless the deck in question is depleted, in which case the empty
/// spaces remain as is").
#[test]
fn bought_card_replaced_from_its_deck_or_left_empty() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    let next = top(&s, 0);
    let len = s.decks.len[0];
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(at(&s, "1a"), next);
    assert_eq!(s.decks.len[0], len - 1);
    // An empty deck leaves the place empty.
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    s.decks.len[0] = 0;
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(at(&s, "1a"), NONE);
    refuse(&s, "reserve 1a");
    refuse(&s, "reserve deck 1");
}
