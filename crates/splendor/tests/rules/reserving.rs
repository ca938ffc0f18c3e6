//! Reserving.

use super::*;

/// 000 Reserve: "To reserve a card, a player simply needs to take a face-up development from the
/// middle of the table ... Reserve 1 development card and take 1 gold token (joker)."
#[test]
fn reserve_face_up_card_takes_gold_and_refills() {
    let mut s = base(2);
    let card = at(&s, "1a");
    let next = top(&s, 0);
    act(&mut s, "reserve 1a");
    assert!(s.reserved[0].contains(&card));
    assert_eq!(s.tokens[0][GOLD], 1);
    assert_eq!(s.bank[GOLD], 4);
    assert_eq!(at(&s, "1a"), next, "the place is refilled from its deck");
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Reserve: "If there is no gold left, you can still reserve a card, but you won't get any
/// gold."
#[test]
fn reserve_without_gold_left_takes_no_gold() {
    let mut s = base(2);
    set_tokens(&mut s, 1, [0, 0, 0, 0, 0, 5]);
    let card = at(&s, "2c");
    assert!(is_legal(&s, "reserve 2c"));
    act(&mut s, "reserve 2c");
    assert!(s.reserved[0].contains(&card));
    assert_eq!(s.tokens[0][GOLD], 0);
    assert_eq!(s.bank[GOLD], 0);
}

/// 000 Reserve: "Players may not have more than three reserved cards in hand".
#[test]
fn reserve_at_most_three_cards() {
    let mut s = base(2);
    for _ in 0..3 {
        let id = top(&s, 0);
        reserve_for(&mut s, 0, id);
    }
    refuse(&s, "reserve 1a");
    refuse(&s, "reserve deck 3");
    assert!(!legal(&s).iter().any(|a| a.starts_with("reserve")));
}

/// 000 Reserve: "or (if you're feeling lucky) draw the first card from one of the three decks
/// ... without showing it to the other players." The drawn card is known to its owner only.
#[test]
fn reserve_blind_from_deck_hidden_from_others() {
    let mut s = base(3);
    let hidden = top(&s, 1);
    let shown = s.board;
    act(&mut s, "reserve deck 2");
    assert!(s.reserved[0].contains(&hidden), "the top card of the deck");
    assert_eq!(s.decks.len[1], 25);
    assert_eq!(s.board, shown, "no face-up card moves");
    assert_eq!(s.tokens[0][GOLD], 1);
    // Swap the reserved card for another unseen card: the others cannot tell the difference.
    let mut alt = s;
    let r = alt.reserved[0].iter().position(|&c| c == hidden).unwrap();
    let i = DECK_START[1] as usize + alt.decks.len[1] as usize - 1;
    let other = alt.decks.cards[i];
    alt.decks.cards[i] = hidden;
    alt.reserved[0][r] = other;
    for seat in [1, 2] {
        assert_eq!(
            Splendor::view(&s, Seat(seat)),
            Splendor::view(&alt, Seat(seat)),
            "seat {seat} must not see a blind reserve"
        );
    }
    assert_ne!(
        Splendor::view(&s, Seat(0)),
        Splendor::view(&alt, Seat(0)),
        "the owner knows the card"
    );
}

/// 000 Reserve: a card taken face up from the table is public (contrast with the blind reserve).
#[test]
fn reserve_face_up_card_stays_known_to_others() {
    let mut s = base(2);
    let card = at(&s, "1b");
    act(&mut s, "reserve 1b");
    let mut alt = s;
    let r = alt.reserved[0].iter().position(|&c| c == card).unwrap();
    let i = DECK_START[0] as usize + alt.decks.len[0] as usize - 1;
    let other = alt.decks.cards[i];
    alt.decks.cards[i] = card;
    alt.reserved[0][r] = other;
    assert_ne!(Splendor::view(&s, Seat(1)), Splendor::view(&alt, Seat(1)));
}

/// Project decision `reserve_orient_deck = true`: with The Orient a blind reserve may draw from
/// an Orient deck.
#[test]
fn reserve_blind_from_orient_deck_decision() {
    let mut s = game(2, &[Module::Orient], Edition::E2017);
    let hidden = top(&s, 4);
    assert!(is_legal(&s, "reserve deck orient 2"));
    act(&mut s, "reserve deck orient 2");
    assert!(s.reserved[0].contains(&hidden));
}
