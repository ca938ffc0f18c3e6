//! Phase 4 Rise and Fall.

use super::*;

#[test]
fn design_largest_stack_to_treasury_gap24_ties() {
    let mut s = standard();
    for k in [3, 5, 5, 2] {
        s.stacks.push_stack(KHWAREZM, k).unwrap();
    }
    s.issued += 15;
    let before = s.issued;
    end_turns(&mut s);
    assert_eq!(s.treasury[KHWAREZM as usize], 5);
    assert_eq!(
        s.stacks.stack_count(KHWAREZM),
        0,
        "every other stack is removed"
    );
    assert_eq!(s.issued, before - 10, "the rest go back to the bank");
}

#[test]
fn design_fall_golden_age_treasury_and_lot_auction() {
    let mut s = standard();
    s.treasury[KHWAREZM as usize] = 6;
    s.cities[0].coins -= 6;
    s.cities[0].food = 2;
    end_turns(&mut s);
    assert_eq!(mover(&s), P4);
    act(&mut s, "keep");
    act(&mut s, "keep");
    act(&mut s, "keep");
    assert_eq!(mover(&s), P1);
    assert!(
        !legal(&s, P1).contains(&Action::Fall(FERGHANA)),
        "not the region just left"
    );
    assert!(!legal(&s, P1).contains(&Action::Fall(CAUCASUS)), "claimed");
    let coins = s.cities[0].coins;
    act(&mut s, "fall to khwarezm");
    // 2 food + 5 citizens x 2 = 12, plus the treasury of 6.
    assert_eq!(s.cities[0].coins, coins + 12 + 6);
    assert_eq!(s.cities[0].fallen, FERGHANA);
    assert_eq!(s.cities[0].citizens(), 0);
    assert!(matches!(s.phase, Phase::Lot { .. }));
    act(&mut s, "auction merchant");
    act(&mut s, "bid 2"); // P1 opens
    act(&mut s, "bid 3"); // P2
    act(&mut s, "pass"); // P3
    act(&mut s, "pass"); // P4
    act(&mut s, "pass"); // P1
    assert_eq!(s.cities[1].merchants[0], 2, "the winner takes it, untapped");
    // Design: if nobody bids, the current player receives the item.
    while matches!(s.phase, Phase::Lot { .. } | Phase::LotAuction { .. }) {
        if matches!(s.phase, Phase::Lot { .. }) {
            let a = legal(&s, P1)[0];
            Cities::apply(&mut s, P1, a).unwrap();
        } else {
            act(&mut s, "pass");
        }
    }
    assert_eq!(s.cities[0].citizens(), 4);
    assert_eq!(s.cities[0].food, 2);
    // The collapsed city cannot be claimed by another.
    assert!(s.is_collapsed(FERGHANA));
}

#[test]
fn gap26_empty_city_gets_a_laborer() {
    let mut s = standard();
    s.cities[0].merchants = [0, 0];
    s.cities[0].soldiers = [0, 0];
    s.cities[0].laborers = [0, 0];
    s.citizens_lost = 5;
    end_turns(&mut s);
    for _ in 0..3 {
        act(&mut s, "keep");
    }
    act(&mut s, "fall to khwarezm");
    assert_eq!(s.cities[0].laborers, [1, 0]);
}

#[test]
fn gap27_a_city_at_the_citizen_limit_discards_a_citizen_it_wins() {
    // Design's citizen limit (60, the board's counters): a lot's citizen won by a full city is
    // discarded like a duplicate improvement, so no role count can grow without bound.
    let mut s = standard();
    s.cities[0].coins -= 6;
    s.cities[0].food = 2;
    s.cities[1].merchants = [20, 0];
    s.cities[1].laborers = [20, 0];
    s.cities[1].soldiers = [20, 0];
    s.cities[1].recruits = [0, 0];
    s.cities[1].coins = 50;
    assert_eq!(s.cities[1].citizens(), 60);
    end_turns(&mut s);
    while mover(&s) != P1 {
        act(&mut s, "keep");
    }
    act(&mut s, "fall to khwarezm");
    act(&mut s, "auction merchant");
    act(&mut s, "pass"); // P1
    act(&mut s, "bid 3"); // P2, at the limit
    act(&mut s, "pass"); // P3
    act(&mut s, "pass"); // P4: P2 wins
    assert_eq!(
        s.cities[1].merchants,
        [20, 0],
        "the won Merchant is discarded"
    );
    assert_eq!(s.cities[1].citizens(), 60);
}
