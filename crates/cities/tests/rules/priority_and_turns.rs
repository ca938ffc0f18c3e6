//! Phase 2 priority and turns.

use super::*;

fn round2_with_coins(coins: [u16; 4]) -> State {
    let mut s = standard();
    // Make sure no barbarians interrupt.
    let top = s.silk_len as usize - 1;
    s.silk_deck[top] = STANDARD;
    let before: i32 = s.cities[..4].iter().map(|c| c.coins as i32).sum();
    for (c, k) in s.cities.iter_mut().zip(coins) {
        c.coins = k;
    }
    s.issued += coins.iter().map(|&k| k as i32).sum::<i32>() - before;
    end_turns(&mut s);
    while matches!(s.phase, Phase::RiseFall) {
        act(&mut s, "keep");
    }
    s
}

#[test]
fn design_phase2_most_coins_before_income_gets_priority() {
    let s = round2_with_coins([3, 9, 4, 2]);
    assert_eq!((s.first, mover(&s)), (P2, P2));
    assert!(matches!(s.phase, Phase::Turn));
}

#[test]
fn gap19_tie_auction_among_the_tied_paid_to_the_bank() {
    let mut s = round2_with_coins([3, 9, 9, 2]);
    assert!(matches!(s.phase, Phase::Priority { .. }));
    assert_eq!(mover(&s), P2, "left of last round's last player");
    let c3 = s.cities[2].coins;
    act(&mut s, "pass");
    act(&mut s, "bid 2");
    assert_eq!(s.first, P3);
    assert_eq!(s.cities[2].coins, c3 - 2);
}

#[test]
fn design_phase2_no_coins_last_player_goes_first() {
    let s = round2_with_coins([0, 0, 0, 0]);
    assert_eq!(s.first, P4, "P4 went last in round 1");
}

#[test]
fn ambiguity1_turns_pass_left_then_phase4_reverse() {
    let mut s = round2_with_coins([3, 9, 4, 2]);
    let mut order = vec![mover(&s)];
    for _ in 0..3 {
        act(&mut s, "end turn");
        order.push(mover(&s));
    }
    assert_eq!(order, [P2, P3, P4, P1]);
    act(&mut s, "end turn");
    let mut back = vec![mover(&s)];
    for _ in 0..3 {
        act(&mut s, "keep");
        back.push(mover(&s));
    }
    assert_eq!(
        back,
        [P1, P4, P3, P2],
        "Phase 4 in reverse from the last player"
    );
}
