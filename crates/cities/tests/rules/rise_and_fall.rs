//! Phase 4 Rise and Fall.

use super::*;
use silk_cities::Item;

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

/// Player `i` holds `coins`, from or to the bank.
fn set_coins(s: &mut State, i: usize, coins: u16) {
    s.issued += coins as i32 - s.cities[i].coins as i32;
    s.cities[i].coins = coins;
}

/// P1 (Ferghana) lets its city fall to Khwarezm after everyone else keeps theirs: the lot
/// of its holdings is auctioned next.
fn fallen(mut s: State) -> State {
    s.cities[0].food = 2;
    end_turns(&mut s);
    while mover(&s) != P1 {
        act(&mut s, "keep");
    }
    act(&mut s, "fall to khwarezm");
    s
}

/// P2 grown to 60 citizens (20 Merchants, Laborers and Soldiers), with 50 coins.
fn p2_of_60_citizens_with_50_coins(s: &mut State) {
    s.cities[1].merchants = [20, 0];
    s.cities[1].laborers = [20, 0];
    s.cities[1].soldiers = [20, 0];
    s.cities[1].recruits = [0, 0];
    s.citizens_born += 55;
    set_coins(s, 1, 50);
    assert_eq!(s.cities[1].citizens(), 60);
}

/// Issue 44, point 24. Gap 21 as the design reads it, `pop_cap = 0`: no cap but the rising
/// growth cost. A city of 60 citizens (once the engine's byte-sized limit, now the default
/// cap) still grows, and a Merchant it wins at the collapse auction joins it for the price it
/// paid.
#[test]
fn issue44_p24_pop_cap_0_no_citizen_cap_past_60() {
    let mut c = CitiesConfig::new(4);
    c.params.pop_cap = 0;
    let mut s = at_p1s_turn(&c);
    p2_of_60_citizens_with_50_coins(&mut s);
    let mut s = fallen(s);
    act(&mut s, "auction merchant");
    act(&mut s, "pass"); // P1
    act(&mut s, "bid 3"); // P2, 60 citizens
    act(&mut s, "pass"); // P3
    act(&mut s, "pass"); // P4: P2 wins
    assert_eq!(s.cities[1].merchants, [21, 0], "the Merchant joins P2");
    assert_eq!(s.cities[1].coins, 47, "for the 3 it paid");
    assert_eq!(s.cities[1].citizens(), 61);
    silk_cities::invariants(&s).unwrap();
    // And growth goes on past 60 (the grow itself: the legal list has it, `check` takes it).
    s.phase = Phase::Turn;
    s.actor = P2;
    s.cities[1].food = 10;
    act(&mut s, "grow");
    assert_eq!(s.cities[1].citizens(), 62);
}

/// Issue 44, point 24. A city at its `pop_cap` (60 by default) takes no part in the auction of
/// a fallen city's citizen: it is never asked, never pays (it once paid for a Laborer it then
/// discarded), and the citizen goes to a city with room. Other items it may still bid for.
#[test]
fn issue44_p24_a_city_at_pop_cap_takes_no_part_in_a_citizens_auction() {
    let mut s = standard();
    assert_eq!(s.rules.config.params.pop_cap, 60);
    p2_of_60_citizens_with_50_coins(&mut s);
    let mut s = fallen(s);
    act(&mut s, "auction merchant");
    act(&mut s, "bid 1"); // P1
    assert_eq!(mover(&s), P3, "P2, at its cap, is not asked");
    let mut t = s;
    assert!(Cities::apply(&mut t, P2, Action::Bid(2)).is_err());
    act(&mut s, "bid 2"); // P3
    act(&mut s, "pass"); // P4
    act(&mut s, "pass"); // P1: P3 wins
    assert_eq!(s.cities[1].coins, 50, "P2 paid nothing");
    assert_eq!(s.cities[1].citizens(), 60);
    assert_eq!(s.cities[2].merchants[0], 2);
    silk_cities::invariants(&s).unwrap();
    act(&mut s, "auction food");
    act(&mut s, "pass"); // P1
    assert_eq!(mover(&s), P2, "food is not a citizen: P2 bids");
}

/// Issue 44, point 24. A citizen nobody has room for (a `pop_cap` below the 5 citizens a
/// city starts with) goes unbid to the falling player, and past its cap it is discarded,
/// unpaid, and counted as lost.
#[test]
fn issue44_p24_a_citizen_nobody_has_room_for_is_discarded_unpaid() {
    let mut c = CitiesConfig::new(4);
    c.params.pop_cap = 2;
    let s = at_p1s_turn(&c);
    let mut s = fallen(s);
    let mut auctioned = 0;
    let mut events = Vec::new();
    while matches!(s.phase, Phase::Lot { .. } | Phase::LotAuction { .. }) {
        if let Phase::Lot { lot } = s.phase {
            let item = lot.items().next().unwrap();
            Cities::apply_with(&mut s, P1, Action::Lot(item), &mut events).unwrap();
            auctioned += 1;
        } else {
            if let Phase::LotAuction {
                item: Item::Citizen(_),
                ..
            } = s.phase
            {
                assert_eq!(mover(&s), P1, "only P1's new city has room");
            }
            events.extend(act(&mut s, "pass"));
        }
        silk_cities::invariants(&s).unwrap();
    }
    assert!(auctioned >= 5);
    assert_eq!(s.cities[0].citizens(), 2, "P1 keeps what its cap allows");
    let won: Vec<(Seat, Item, u16)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::LotWon { seat, item, price } => Some((seat, item, price)),
            _ => None,
        })
        .collect();
    assert_eq!(won.len(), auctioned, "{won:?}");
    assert!(
        won.iter().all(|&(seat, _, price)| seat == P1 && price == 0),
        "{won:?}"
    );
}
