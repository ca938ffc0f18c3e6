//! I. The leader auction.

use super::*;

/// Rules summary: I — the holder does not bid; the others bid from the holder's left, clockwise,
/// each once.
#[test]
fn auction_goes_clockwise_from_the_holders_left_once_each() {
    let mut s = setup(4, 3);
    s.holder = P3;
    s.phase = silk_road::leader_auction(&s);
    assert!(legal(&s, P3).is_empty(), "the holder does not bid");
    assert_refused(&s, P3, "bid 1", "not P3's decision");
    let mut order = Vec::new();
    for _ in 0..3 {
        let who = mover(&s);
        order.push(who);
        act(&mut s, who, "pass");
        // Nobody bids twice: a seat that has acted is never asked again.
    }
    assert_eq!(order, [P4, P1, P2]);
    assert_eq!(
        s.phase,
        Phase::Move,
        "everyone acted once: the auction is over"
    );
}

/// Rules summary: I — each bid must overbid the last bidder, and no player may bid more than
/// he owns.
#[test]
fn auction_bids_must_outbid_and_not_exceed_money() {
    let mut s = setup(4, 3);
    s.holder = P1;
    set_money(&mut s, P3, 4);
    s.phase = silk_road::leader_auction(&s);
    act(&mut s, P2, "bid 3");
    assert_refused(&s, P3, "bid 3", "too low");
    // The refusal is silk-trade's own error, kept typed across the crate border.
    let e = SilkRoad::apply(&mut s.clone(), P3, Action::Bid(3)).unwrap_err();
    let silk_core::IllegalAction::Mechanic(cause) = e else {
        panic!("not a mechanic's refusal: {e:?}")
    };
    assert!(matches!(
        cause.downcast_ref::<silk_trade::TradeError>(),
        Some(silk_trade::TradeError::BidTooLow { amount: 3, .. })
    ));
    assert_refused(&s, P3, "bid 5", "more than P3 owns");
    assert!(legal(&s, P3).contains(&Action::Bid(4)));
    act(&mut s, P3, "bid 4");
    // P4 has 10: may bid 5 to 10.
    let bids: Vec<u16> = legal(&s, P4)
        .into_iter()
        .filter_map(|a| match a {
            Action::Bid(k) => Some(k),
            _ => None,
        })
        .collect();
    assert_eq!(bids, (5..=10).collect::<Vec<_>>());
    check(&s);
}

/// Rules summary: I — if all pass, the leader keeps the pawn (no money changes hands).
#[test]
fn auction_all_pass_holder_keeps_the_pawn_free() {
    let mut s = setup(5, 4);
    s.holder = P2;
    s.phase = silk_road::leader_auction(&s);
    let before = s.money;
    let mut ev = Vec::new();
    for _ in 0..4 {
        let who = mover(&s);
        ev.extend(act(&mut s, who, "pass"));
    }
    assert!(ev.contains(&Event::NoBids { holder: P2 }));
    assert_eq!(s.money, before);
    assert_eq!(s.holder, P2);
    assert_eq!(mover(&s), P2);
    assert!(matches!(legal(&s, P2)[0], Action::Move(_)));
}

/// Rules summary: I — the leader may sell: the highest bidder pays him and takes the pawn.
#[test]
fn holder_sells_the_pawn_to_the_high_bidder() {
    let mut s = setup(4, 5);
    s.holder = P1;
    s.phase = silk_road::leader_auction(&s);
    act(&mut s, P2, "bid 2");
    act(&mut s, P3, "bid 4");
    act(&mut s, P4, "pass");
    assert_eq!(mover(&s), P1, "the holder chooses");
    let ev = act(&mut s, P1, "sell pawn");
    assert!(ev.contains(&Event::PawnSold {
        from: P1,
        to: P3,
        price: 4
    }));
    assert_eq!(s.money[0], 14);
    assert_eq!(s.money[2], 6);
    assert_eq!(s.money[1], 10, "an outbid bidder pays nothing");
    assert_eq!(s.holder, P3);
    assert_eq!(mover(&s), P3, "the buyer moves the caravan");
    check(&s);
}

/// Rules summary: I — or the leader pays the highest bidder that amount and keeps the pawn.
#[test]
fn holder_keeps_the_pawn_by_paying_the_high_bidder() {
    let mut s = setup(4, 5);
    s.holder = P1;
    s.phase = silk_road::leader_auction(&s);
    act(&mut s, P2, "pass");
    act(&mut s, P3, "bid 3");
    act(&mut s, P4, "pass");
    act(&mut s, P1, "keep pawn");
    assert_eq!(s.money[0], 7);
    assert_eq!(s.money[2], 13);
    assert_eq!(s.holder, P1);
    assert_eq!(mover(&s), P1);
    check(&s);
}

/// Auction point `leader_auction = sealed/second_price` (a format swapped in for the lab): the
/// bids are sealed, so the narration tells only that a seat has bid until every bid is in,
/// then every amount; the holder sells at the second-highest bid.
#[test]
fn a_sealed_second_price_leader_auction_hides_bids_and_sells_at_the_second_price() {
    let mut config = SilkRoadConfig::new(4);
    config.params.leader_auction = "sealed/second_price".parse().unwrap();
    let mut s = setup_with(&config, 5);
    s.holder = P1;
    s.phase = silk_road::leader_auction(&s);
    let text = |s: &State, e: &Event, viewer| SilkRoad::event_text(s, e, viewer);
    let ev = act(&mut s, P2, "bid 2");
    assert_eq!(
        ev.iter().filter(|e| matches!(e, Event::Bid { .. })).count(),
        0
    );
    for viewer in [None, Some(P1), Some(P3)] {
        let told: Vec<String> = ev.iter().filter_map(|e| text(&s, e, viewer)).collect();
        assert_eq!(told, ["P2 has bid (sealed)"], "seen by {viewer:?}");
    }
    act(&mut s, P3, "bid 5");
    let ev = act(&mut s, P4, "bid 3");
    let told: Vec<String> = ev.iter().filter_map(|e| text(&s, e, None)).collect();
    assert_eq!(
        told,
        ["P4 has bid (sealed)", "P2 bids 2", "P3 bids 5", "P4 bids 3"],
        "every amount is told once all are in"
    );
    let ev = act(&mut s, P1, "sell pawn");
    assert!(
        ev.contains(&Event::PawnSold {
            from: P1,
            to: P3,
            price: 3
        }),
        "the high bidder pays the second-highest bid: {ev:?}"
    );
    check(&s);
}

/// Project decision gap 2 — keep_needs_funds (default true): a holder who cannot pay the high
/// bid must sell; with it false, keeping is allowed.
#[test]
fn keep_needs_funds_forbids_keeping_without_the_money() {
    let run = |needs: bool| {
        let mut config = SilkRoadConfig::new(4);
        config.params.keep_needs_funds = needs;
        let mut s = setup_with(&config, 6);
        s.holder = P1;
        set_money(&mut s, P1, 2);
        s.phase = silk_road::leader_auction(&s);
        act(&mut s, P2, "bid 5");
        act(&mut s, P3, "pass");
        act(&mut s, P4, "pass");
        s
    };
    let s = run(true);
    assert_eq!(legal(&s, P1), [Action::SellPawn]);
    assert_refused(&s, P1, "keep pawn", "must sell");
    let mut s = run(false);
    act(&mut s, P1, "keep pawn");
    assert_eq!(s.holder, P1);
    check(&s);
}
