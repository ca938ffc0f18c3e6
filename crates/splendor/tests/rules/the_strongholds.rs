//! The Strongholds.

use super::*;

pub(crate) fn strongholds_game(edition: Edition) -> State {
    let mut s = game(2, &[Module::Strongholds], edition);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    s
}

/// 001 The Strongholds: "Each time you purchase a card (from your hand or from the table), you
/// must choose one of the following two options (BEFORE the purchased card may be replaced):
/// Place or move one of YOUR strongholds on one of the visible cards on the table ... OR Remove
/// another player's stronghold".
#[test]
fn strongholds_must_place_after_a_purchase_before_replacement() {
    let mut s = strongholds_game(Edition::E2017);
    let next = top(&s, 0);
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::Stronghold);
    assert_eq!(mover(&s), Seat(0));
    let choices = legal(&s);
    assert!(!choices.is_empty());
    assert!(choices
        .iter()
        .all(|a| a.starts_with("place ") || a.starts_with("move ") || a.starts_with("remove ")));
    refuse(&s, "pass");
    refuse(&s, "decline");
    refuse(&s, "take white blue green");
    assert!(
        !is_legal(&s, "place 1a"),
        "the replacement card is not yet on the table"
    );
    assert_ne!(at(&s, "1a"), next);
    act(&mut s, "place 1b");
    assert_eq!(
        s.strongholds[0].iter().filter(|&&x| x == pos("1b")).count(),
        1
    );
    assert_eq!(at(&s, "1a"), next);
    assert_eq!(mover(&s), Seat(1));
    // Other actions do not place a stronghold.
    act(&mut s, "take white blue green");
    assert_eq!(mover(&s), Seat(0));
}

/// 001 The Strongholds: "Each time you purchase a card (from your hand or from the table)".
#[test]
fn strongholds_place_after_buying_a_reserved_card_too() {
    let mut s = strongholds_game(Edition::E2017);
    let c = at(&s, "1a");
    reserve_for(&mut s, 0, c);
    act(&mut s, "buy r1");
    assert_eq!(s.phase, Phase::Stronghold);
}

/// 001 The Strongholds: "only if that card has not any other stronghold of another color.
/// However, you can place a stronghold on a card on which one or two of your strongholds are
/// already placed."
#[test]
fn strongholds_not_onto_another_players_card_own_may_stack_or_move() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[1][0] = pos("1b");
    s.strongholds[0][0] = pos("1c");
    act(&mut s, "buy 1a");
    refuse(&s, "place 1b");
    refuse(&s, "move 1c 1b");
    assert!(is_legal(&s, "place 1c"), "onto your own");
    assert!(is_legal(&s, "place 1d"));
    assert!(is_legal(&s, "move 1c 2a"));
    act(&mut s, "move 1c 2a");
    let mut mine = s.strongholds[0];
    mine.sort();
    let mut expect = [pos("2a"), NONE, NONE];
    expect.sort();
    assert_eq!(mine, expect);
}

/// 001 The Strongholds, occupation power: "A card on which is placed a stronghold can only be
/// purchased or reserved by that stronghold's owner."
#[test]
fn strongholds_others_cannot_buy_or_reserve_occupied_card() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[1][0] = pos("1a");
    refuse(&s, "buy 1a");
    refuse(&s, "reserve 1a");
    assert!(!is_legal(&s, "reserve 1a"));
    assert!(is_legal(&s, "reserve 1b"));
}

/// 001 The Strongholds: "In both instances, the player takes back their strongholds placed on
/// that card." (000: "When a player buys or reserves a card with at least 1 of their strongholds,
/// they must take back all their strongholds.")
#[test]
fn strongholds_owner_reserving_takes_them_back() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"), pos("1a"), pos("2b")];
    let c = at(&s, "1a");
    act(&mut s, "reserve 1a");
    assert!(s.reserved[0].contains(&c));
    assert_eq!(
        s.strongholds[0].iter().filter(|&&x| x == pos("1a")).count(),
        0
    );
    assert!(s.strongholds[0].contains(&pos("2b")));
    assert_eq!(mover(&s), Seat(1), "a reserve is not a purchase");
}

/// As above, for a purchase: the owner takes them back, then places or removes one.
#[test]
fn strongholds_owner_buying_takes_them_back() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"), pos("1a"), NONE];
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::Stronghold);
    assert!(!s.strongholds[0].contains(&pos("1a")));
    act(&mut s, "place 2c");
    assert_eq!(
        s.strongholds[0].iter().filter(|&&x| x != NONE).count(),
        1,
        "both came back, one placed"
    );
}

/// 001 The Strongholds, conquest power: "While your 3 strongholds are on the same card, you can
/// purchase this card after your action (whether you took gem tokens, or reserved or purchased 1
/// development card). You must pay for the card, take back your strongholds, then place or remove
/// a stronghold before replacing the purchased card."
#[test]
fn strongholds_conquest_with_all_three_on_one_card() {
    let mut s = strongholds_game(Edition::E2017);
    let c = at(&s, "1a");
    s.strongholds[0] = [pos("1a"); 3];
    act(&mut s, "take white blue green");
    assert_eq!(s.phase, Phase::Conquest);
    assert_eq!(mover(&s), Seat(0));
    assert!(is_legal(&s, "decline"));
    act(&mut s, "buy 1a");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [1, 1, 1, 0, 0, 0], "paid 3 red");
    assert_eq!(s.strongholds[0], [NONE; 3]);
    assert_eq!(s.phase, Phase::Stronghold);
    act(&mut s, "place 2a");
    assert_eq!(mover(&s), Seat(1));
}

/// The conquest is optional ("you can purchase"), and needs all 3 strongholds on the card.
#[test]
fn strongholds_conquest_optional_and_needs_all_three() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"); 3];
    act(&mut s, "take white blue green");
    act(&mut s, "decline");
    assert_eq!(mover(&s), Seat(1));
    assert_eq!(s.strongholds[0], [pos("1a"); 3]);
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"), pos("1a"), NONE];
    act(&mut s, "take white blue green");
    assert_eq!(mover(&s), Seat(1), "two are not enough");
}

/// 001 The Strongholds: "Specification: This purchase must be done before a noble visits you and
/// before checking the number of tokens."
#[test]
fn strongholds_conquest_before_token_limit_and_nobles() {
    let mut s = strongholds_game(Edition::E2017);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 3);
    let c = base_card(&s, 1, U, 0, [0, 0, 0, 0, 3]);
    show(&mut s, "1a", c);
    s.strongholds[0] = [pos("1a"); 3];
    set_tokens(&mut s, 0, [1, 1, 2, 0, 3, 2]);
    act(&mut s, "take white blue green");
    assert_eq!(held(&s, 0), 12);
    assert_eq!(s.phase, Phase::Conquest, "before returning tokens");
    act(&mut s, "buy 1a");
    act(&mut s, "place 2a");
    assert_eq!(held(&s, 0), 9);
    assert_eq!(
        s.noble_holder[0], 0,
        "the conquered card's bonus brings the noble"
    );
    assert_eq!(mover(&s), Seat(1), "nothing to return");
}

/// 2017 (001): "Remove another player's stronghold from a card on the table" — any of them.
/// 2024 (000 Variants): "choose a card containing exactly 1 of an opponent's strongholds and
/// remove it".
#[test]
fn strongholds_remove_2017_any_2024_only_a_lone_one() {
    for edition in [Edition::E2017, Edition::E2024] {
        let mut s = strongholds_game(edition);
        s.strongholds[1] = [pos("1b"), pos("1b"), pos("1c")];
        act(&mut s, "buy 1a");
        assert!(is_legal(&s, "remove P2 1c"));
        match edition {
            Edition::E2017 => assert!(is_legal(&s, "remove P2 1b")),
            Edition::E2024 => {
                assert!(!is_legal(&s, "remove P2 1b"));
                refuse(&s, "remove P2 1b");
            }
        }
        refuse(&s, "remove P1 1b");
        refuse(&s, "remove P2 1d");
        act(&mut s, "remove P2 1c");
        let mut theirs = s.strongholds[1];
        theirs.sort();
        let mut expect = [pos("1b"), pos("1b"), NONE];
        expect.sort();
        assert_eq!(theirs, expect, "{edition:?}: given back to its owner");
        assert_eq!(mover(&s), Seat(1));
    }
}
