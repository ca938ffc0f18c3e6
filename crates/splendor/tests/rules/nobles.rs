//! Nobles.

use super::*;

/// 000 The Nobles: "At the end of their turn, each player checks the noble tiles ... A player can
/// be visited if they have (at least) the quantity and type of bonuses indicated on the noble
/// tile. It is impossible to refuse the visit from a noble, which is not considered to be an
/// action." "give that player prestige points equal to the number in the top-left corner".
#[test]
fn noble_visits_automatically_at_end_of_turn() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let gr = noble(&s, [0, 0, 4, 4, 0]);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[gr, wu, rk]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 3);
    let c = base_card(&s, 1, U, 0, [0, 0, 0, 0, 3]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 0, 3, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.noble_holder[1], 0, "the white-blue noble visits");
    assert_eq!(s.noble_holder[0], NONE);
    assert_eq!(s.noble_holder[2], NONE);
    assert_eq!(s.nobles_held[0], 1);
    assert_eq!(s.prestige[0], 3);
    assert_eq!(mover(&s), Seat(1), "no decision was asked");
}

/// 000 The Nobles: the check is at the end of every turn, whatever the action (here taking
/// gems), and a noble not met does not visit.
#[test]
fn noble_checked_after_any_action_and_only_when_met() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[wu, rk]);
    give_bonus(&mut s, 0, R, 4);
    give_bonus(&mut s, 0, K, 3);
    give_bonus(&mut s, 1, W, 4);
    give_bonus(&mut s, 1, U, 4);
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[..2], [NONE, NONE], "3 black is not 4");
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[0], 1);
    assert_eq!(s.prestige[1], 3);
}

/// 000 The Nobles: "If a player has enough bonuses to be visited by more than one noble at the
/// end of their turn, that player chooses the noble to be received." One noble per turn; the
/// other can visit on a later turn.
#[test]
fn noble_choice_when_several_and_one_per_turn() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let wk = noble(&s, [4, 0, 0, 0, 4]);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[wu, wk, rk]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 4);
    give_bonus(&mut s, 0, K, 3);
    let c = base_card(&s, 1, K, 0, [0, 0, 3, 0, 0]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 3, 0, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::Noble);
    assert_eq!(mover(&s), Seat(0));
    let mut choices = legal(&s);
    choices.sort();
    assert_eq!(choices, ["noble 1", "noble 2"]);
    refuse(&s, "noble 3");
    act(&mut s, "noble 2");
    assert_eq!(s.noble_holder, [NONE, 0, NONE, NONE, NONE]);
    assert_eq!(s.prestige[0], 3, "one noble a turn");
    assert_eq!(mover(&s), Seat(1));
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    assert_eq!(
        s.noble_holder[0], 0,
        "the other visits at the end of the next turn"
    );
    assert_eq!(s.prestige[0], 6);
}
