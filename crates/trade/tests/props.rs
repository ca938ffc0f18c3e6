//! Property tests for silk-trade: invariants that must hold for any input. Bounded and
//! repeatable like every property suite of the workspace: a fixed number of cases from a fixed
//! seed, and no regressions file written into the source tree (a failure prints its input).

use proptest::prelude::*;
use silk_core::{Seat, SeatSet, MAX_SEATS};
use silk_trade::*;

/// One bidder's action: pass or an arbitrary (possibly illegal) amount.
fn action() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![1 => Just(None), 3 => (0u32..15).prop_map(Some)]
}

/// A 4×3 grid with the given costs (12 regions).
fn grid(costs: &[u8]) -> RegionMap {
    let mut regions = Vec::new();
    let mut borders = Vec::new();
    for row in 0..3 {
        for col in 0..4 {
            let i = row * 4 + col;
            regions.push(RegionSpec::new(&format!("r{i}"), costs[i]));
            if col < 3 {
                borders.push((format!("r{i}"), format!("r{}", i + 1)));
            }
            if row < 2 {
                borders.push((format!("r{i}"), format!("r{}", i + 4)));
            }
        }
    }
    RegionMap::new(regions, &borders, vec![("Rome", vec!["r3", "r7", "r11"])]).unwrap()
}

use silk_core::fuzz::cases;

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn once_around_accepts_only_valid_bids(
        budgets in prop::collection::vec(0u32..12, 1..=6),
        acts in prop::collection::vec(action(), 6),
        min_bid in 1u32..3,
    ) {
        let bidders: Vec<(Seat, u32)> =
            budgets.iter().enumerate().map(|(i, &b)| (Seat(i as u8), b)).collect();
        let mut a = OnceAround::new(&bidders, min_bid).unwrap();
        let mut best: Option<u32> = None;
        for (i, act) in acts.iter().take(bidders.len()).enumerate() {
            let seat = Seat(i as u8);
            prop_assert_eq!(a.next_bidder(), Some(seat));
            let high = a.high().map(|h| h.amount);
            let before = a;
            match *act {
                Some(x) => {
                    let valid = x >= min_bid && !matches!(high, Some(h) if x <= h) && x <= budgets[i];
                    let r = a.bid(seat, x);
                    prop_assert_eq!(r.is_ok(), valid);
                    if valid {
                        best = Some(x);
                    } else {
                        prop_assert_eq!(a, before);
                        a.pass(seat).unwrap();
                    }
                }
                None => a.pass(seat).unwrap(),
            }
            if let Some((lo, hi)) = before.bid_range(seat) {
                prop_assert!(lo <= hi && hi == budgets[i]);
            }
        }
        prop_assert!(a.is_done());
        prop_assert_eq!(a.high().map(|h| h.amount), best);
        if let Some(h) = a.high() {
            prop_assert!(h.amount <= budgets[h.seat.index()]);
        }
    }

    #[test]
    fn open_ascending_settlement_conserves_money(
        n in 2usize..=6,
        budgets in prop::array::uniform8(0u32..20),
        script in prop::collection::vec((any::<bool>(), 0u32..8), 1..80),
        rule in 0u8..3,
        start in 0u8..6,
    ) {
        let payment = match rule {
            0 => Payment::WinnerPaysBank,
            1 => Payment::WinnerPaysSeller(Seat(7)),
            _ => Payment::EveryBidderPaysLastBid,
        };
        let start = Seat(start % n as u8);
        let mut a = OpenAscending::new(SeatSet::full(n), start, &budgets, 1, payment).unwrap();
        let mut steps = script.iter().cycle();
        // Every step removes a seat or raises the bid, so this ends.
        for _ in 0..10_000 {
            let Some(seat) = a.to_move() else { break };
            let &(raise, extra) = steps.next().unwrap();
            let before = a;
            match a.bid_range(seat) {
                Some((lo, hi)) if raise => {
                    prop_assert!(a.bid(seat, hi + 1).is_err());
                    prop_assert_eq!(a, before);
                    a.bid(seat, (lo + extra).min(hi)).unwrap();
                }
                _ => a.pass(seat).unwrap(),
            }
        }
        prop_assert!(a.is_done());
        let st = a.settlement().unwrap();
        let mut money = budgets;
        let mut bank = 0u32;
        for s in 0..MAX_SEATS {
            prop_assert!(st.pays[s] <= budgets[s]);
            money[s] -= st.pays[s];
            money[s] += st.received(Seat(s as u8));
        }
        if st.receiver == Receiver::Bank {
            bank += st.total;
        }
        prop_assert_eq!(st.pays.iter().sum::<u32>(), st.total);
        prop_assert_eq!(money.iter().sum::<u32>() + bank, budgets.iter().sum::<u32>());
        // Only those who bid pay; only the winner does unless everyone pays.
        for s in 0..n {
            let seat = Seat(s as u8);
            if st.pays[s] > 0 {
                prop_assert!(a.took_part().contains(seat));
                if rule != 2 {
                    prop_assert_eq!(Some(seat), st.winner.map(|w| w.seat));
                }
            }
        }
    }

    #[test]
    fn track_push_conserves_cards(pushes in prop::collection::vec((any::<u8>(), any::<bool>()), 0..40)) {
        let mut t = PriceTrack::new([1u16, 2, 3, 4, 5, 6]);
        let mut entered = 0usize;
        let mut fell = 0usize;
        for (id, wide) in pushes {
            let card = TrackCard { id, wide };
            let before = t.len();
            let f = t.push_front(card).unwrap();
            entered += 1;
            fell += f.len();
            prop_assert_eq!(t.len(), before + 1 - f.len());
            prop_assert_eq!(t.card_at(0), Some(card));
            let width: usize = t.iter().map(|e| e.width).sum();
            prop_assert_eq!(width + t.empty_slots(), 6);
        }
        prop_assert_eq!(t.len(), entered - fell);
    }

    #[test]
    fn cheapest_path_beats_any_random_walk(
        costs in prop::collection::vec(0u8..6, 12),
        from in 0u8..12,
        to in 0u8..12,
        choices in prop::collection::vec(any::<u8>(), 0..30),
        included in any::<bool>(),
    ) {
        let m = grid(&costs);
        let target = if included { TargetCost::Included } else { TargetCost::Excluded };
        let cost = |r: u8| m.cost(r);
        let (best, path) = m.cheapest_path(from, Goal::Region(to), target, cost).unwrap();
        prop_assert_eq!(path.first(), Some(from));
        prop_assert_eq!(path.last(), Some(to));
        prop_assert_eq!(m.path_cost(from, path.as_slice(), Goal::Region(to), target, cost), Ok(best));
        // A random simple walk; whenever it reaches `to`, its cost is no better.
        let mut walk = vec![from];
        for c in choices {
            let here = *walk.last().unwrap();
            if here == to {
                break;
            }
            let options: Vec<u8> = m.neighbours(here).filter(|r| !walk.contains(r)).collect();
            if options.is_empty() {
                break;
            }
            walk.push(options[c as usize % options.len()]);
        }
        if walk.last() == Some(&to) {
            let c = m.path_cost(from, &walk, Goal::Region(to), target, cost).unwrap();
            prop_assert!(best <= c);
        }
        // Empire goals: the route ends next to Rome.
        let (_, p) = m.cheapest_path(from, Goal::Empire(0), target, cost).unwrap();
        prop_assert!(m.borders_empire(p.last().unwrap(), 0));
    }

    #[test]
    fn purse_pay_conserves_value(gold in 0u16..20, silver in 0u16..20, amount in 0u32..120, change in any::<bool>()) {
        let mut c = Coins::new(gold, silver);
        let before = c;
        match c.pay(amount, change) {
            Ok(p) => {
                prop_assert_eq!(p.handed.value() - p.change.value(), amount);
                prop_assert_eq!(c.value() + amount, before.value());
            }
            Err(_) => prop_assert_eq!(c, before),
        }
    }

    #[test]
    fn vizier_pays_at_most_one_rank_below_first(vals in prop::array::uniform8(0u32..4), n in 2usize..=8) {
        let seats = SeatSet::full(n);
        let pay = vizier_payout(&vals, seats, Prizes::GRAND_VIZIER, false, TieBreak::Shared);
        let max = (0..n).map(|s| vals[s]).max().unwrap();
        for s in 0..n {
            if vals[s] == 0 {
                prop_assert_eq!(pay[s], 0);
            } else if vals[s] == max {
                prop_assert_eq!(pay[s], 5);
            }
        }
        let firsts = (0..n).filter(|&s| vals[s] == max && max > 0).count();
        if firsts >= 2 {
            prop_assert!((0..n).all(|s| pay[s] != 3));
        }
    }

    #[test]
    fn track_ops_keep_invariants_and_errors_change_nothing(
        ops in prop::collection::vec((0u8..5, any::<u8>(), any::<bool>(), 0usize..8), 0..60),
    ) {
        let mut t = PriceTrack::new([1u16, 2, 3, 4, 5, 6]);
        for (op, id, wide, slot) in ops {
            let card = TrackCard { id, wide };
            let before = t;
            let r = match op {
                0 => t.push_front(card).map(|_| ()),
                1 => t.fill_lowest_empty(card).map(|(s, p)| {
                    assert_eq!(t.card_at(s), Some(card));
                    assert_eq!(p, before.prices()[s..s + card.width()].iter().map(|&x| x as u32).sum::<u32>());
                }),
                2 => t.take(slot, if wide { FinePrice::Sum } else { FinePrice::TwiceCurrent }).map(|_| ()),
                3 => { t.remove_most_recent(); Ok(()) }
                _ => { t.compact(); Ok(()) }
            };
            if r.is_err() {
                prop_assert_eq!(t, before);
            }
            let width: usize = t.iter().map(|e| e.width).sum();
            prop_assert_eq!(width + t.empty_slots(), 6);
            if op == 4 {
                prop_assert!(t.iter().all(|e| e.slot + e.width <= width));
            }
        }
    }

    #[test]
    fn coin_stacks_conserve_coins(ops in prop::collection::vec((0u8..6, 0u32..5, any::<bool>()), 0..80)) {
        let mut s = CoinStacks::<5>::new();
        let mut paid = 0u32;
        let mut out = 0u32;
        for (region, cost, take) in ops {
            let before = s;
            if take {
                match s.take_largest_to_treasury(region) {
                    Ok(t) => out += t.treasury + t.returned,
                    Err(_) => prop_assert_eq!(s, before),
                }
            } else {
                let expected = before.entry_cost(region, cost);
                match s.enter(region, cost) {
                    Ok(p) => {
                        prop_assert_eq!(p, expected);
                        paid += p;
                    }
                    Err(_) => prop_assert_eq!(s, before),
                }
            }
            prop_assert_eq!(s.total() + out, paid);
        }
    }
}

/// The suite is repeatable: two runners from its config draw the same cases, and a failure
/// writes no regressions file into the source tree (issue 30, point 21).
#[test]
fn issue30_p21_property_cases_are_the_same_every_run_and_persist_nothing() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let config = cases(16);
    assert!(config.failure_persistence.is_none());
    let draw = || {
        let mut runner = TestRunner::new(cases(16));
        (0..16)
            .map(|_| {
                prop::collection::vec(0u32..1_000_000, 4)
                    .new_tree(&mut runner)
                    .unwrap()
                    .current()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(draw(), draw());
}
