//! One rule test per auction format: a format swapped in anywhere pays and breaks ties by its
//! own rules, whatever engine drives it (the interface is the same for every format).

use silk_core::{Seat, SeatSet, MAX_SEATS};
use silk_trade::auction::{Auction, AuctionFormat, Bid, Turn};
use silk_trade::TradeError;

fn s(i: u8) -> Seat {
    Seat(i)
}

fn f(text: &str) -> AuctionFormat {
    text.parse().unwrap()
}

/// Four seats with 10 each, starting at P2 (seat 1).
fn four(format: &str) -> Auction {
    Auction::new(f(format), SeatSet::full(4), s(1), &[10; 4], 1).unwrap()
}

fn pays4(a: &Auction) -> [u32; 4] {
    let p = a.result().unwrap().pays;
    [p[0], p[1], p[2], p[3]]
}

#[test]
fn once_around_each_bidder_once_from_the_start_winner_pays_by_the_rule() {
    for (pay, expected) in [
        ("first_price", [0, 0, 6, 0]),
        ("second_price", [0, 0, 2, 0]),
        ("all_pay", [0, 2, 6, 0]),
    ] {
        let mut a = four(&format!("once_around/{pay}"));
        assert_eq!(a.turn(), Turn::One(s(1)));
        a.bid(s(1), 2).unwrap();
        // Must outbid: 2 is not enough.
        assert!(matches!(
            a.bid(s(2), 2),
            Err(TradeError::BidTooLow { min: 3, .. })
        ));
        a.bid(s(2), 6).unwrap();
        assert_eq!(a.bid_range(s(3)), Some((7, 10)));
        a.pass(s(3)).unwrap();
        assert_eq!(a.turn(), Turn::One(s(0)));
        a.pass(s(0)).unwrap();
        // Once around: P2 does not get a second turn.
        assert!(a.is_done());
        let r = a.result().unwrap();
        assert_eq!(
            r.winner,
            Some(Bid {
                seat: s(2),
                amount: 6
            })
        );
        assert_eq!(pays4(&a), expected, "{pay}");
    }
}

#[test]
fn open_ascending_goes_round_until_one_is_left_and_pays_by_the_rule() {
    for (pay, expected) in [
        ("first_price", [0, 0, 0, 4]),
        ("second_price", [0, 0, 0, 3]),
        ("all_pay", [0, 2, 3, 4]),
    ] {
        let mut a = four(&format!("open_ascending/{pay}"));
        a.bid(s(1), 2).unwrap();
        a.bid(s(2), 3).unwrap();
        a.bid(s(3), 4).unwrap();
        a.pass(s(0)).unwrap();
        // Round again, P1 is out for good: P2 drops out, then P3: P4 is the last one in.
        assert_eq!(a.turn(), Turn::One(s(1)));
        a.pass(s(1)).unwrap();
        assert_eq!(a.bid(s(0), 9), Err(TradeError::AlreadyOut(s(0))));
        a.pass(s(2)).unwrap();
        assert!(a.is_done());
        let r = a.result().unwrap();
        assert_eq!(r.winner.map(|w| w.seat), Some(s(3)));
        assert_eq!(pays4(&a), expected, "{pay}");
    }
}

#[test]
fn sealed_bids_are_hidden_until_all_commit_then_ties_go_by_seat_order_from_the_start() {
    let mut a = four("sealed/first_price/seat_order");
    assert_eq!(a.turn(), Turn::All(SeatSet::full(4)));
    a.bid(s(0), 7).unwrap();
    assert_eq!(a.high(), None, "nothing shows before the reveal");
    assert_eq!(a.shown_bid(s(0)), None);
    assert_eq!(a.own_sealed_bid(s(0)), Some(7));
    // Others see that P1 has committed, not what.
    let public = a.public(Some(s(1)));
    assert_eq!(public.committed(), SeatSet::single(s(0)));
    assert_eq!(public.own_sealed_bid(s(0)), Some(0));
    assert_eq!(a.bid(s(0), 3), Err(TradeError::AlreadyCommitted(s(0))));
    a.pass(s(1)).unwrap();
    a.bid(s(2), 5).unwrap();
    assert_eq!(a.result(), Err(TradeError::AuctionNotOver));
    a.bid(s(3), 7).unwrap();
    // P1 and P4 tie at 7; from the start P2 going left, P4 comes before P1.
    let r = a.result().unwrap();
    assert_eq!(
        r.winner,
        Some(Bid {
            seat: s(3),
            amount: 7
        })
    );
    assert_eq!(pays4(&a), [0, 0, 0, 7]);
    assert_eq!(a.shown_bid(s(0)), Some(7));
    assert_eq!(a.high().map(|b| b.seat), Some(s(3)));
}

#[test]
fn sealed_second_price_pays_the_best_losing_bid_and_all_pay_charges_every_bidder() {
    let play = |format: &str| {
        let mut a = four(format);
        for (seat, k) in [(0, 3), (1, 0), (2, 8), (3, 5)] {
            if k == 0 {
                a.pass(s(seat)).unwrap();
            } else {
                a.bid(s(seat), k).unwrap();
            }
        }
        a
    };
    assert_eq!(pays4(&play("sealed/second_price")), [0, 0, 5, 0]);
    assert_eq!(pays4(&play("sealed/all_pay")), [3, 0, 8, 5]);
    assert_eq!(pays4(&play("sealed/none")), [0; 4]);
    let r = play("sealed/none").result().unwrap();
    assert_eq!(r.winner.map(|w| w.seat), Some(s(2)));
    assert_eq!(r.bidders.len(), 3);
}

#[test]
fn sealed_shared_ties_leave_no_single_winner_and_share_the_place() {
    let mut a = four("sealed/first_price/shared");
    for seat in 0..4 {
        a.bid(s(seat), if seat % 2 == 0 { 6 } else { 2 }).unwrap();
    }
    let r = a.result().unwrap();
    assert_eq!(r.winner, None);
    assert_eq!(pays4(&a), [0; 4]);
    let p = a.places().unwrap();
    assert_eq!(p.winners(), [s(0), s(2)].into_iter().collect());
    assert_eq!(p.place(s(1)), Some(3));
    // The same bids under seat order: P3 comes first from P2.
    let mut b = four("sealed/first_price/seat_order");
    for seat in 0..4 {
        b.bid(s(seat), if seat % 2 == 0 { 6 } else { 2 }).unwrap();
    }
    assert_eq!(b.result().unwrap().winner.map(|w| w.seat), Some(s(2)));
    assert_eq!(b.places().unwrap().place(s(0)), Some(2));
}

#[test]
fn sealed_bids_respect_the_minimum_and_the_budget_and_errors_change_nothing() {
    let mut a = Auction::new(f("sealed/first_price"), SeatSet::full(2), s(0), &[4, 1], 2).unwrap();
    assert_eq!(a.bid_range(s(0)), Some((2, 4)));
    assert_eq!(a.bid_range(s(1)), None, "P2 owns 1, below the minimum 2");
    let before = a;
    assert!(matches!(a.bid(s(0), 1), Err(TradeError::BidTooLow { .. })));
    assert!(matches!(
        a.bid(s(0), 5),
        Err(TradeError::BidOverBudget { .. })
    ));
    assert_eq!(a.bid(s(5), 2), Err(TradeError::NotInAuction(s(5))));
    assert_eq!(a, before);
    a.pass(s(1)).unwrap();
    a.pass(s(0)).unwrap();
    let r = a.result().unwrap();
    assert_eq!(r.winner, None);
    assert_eq!(a.report().unwrap().bidders, 0);
}

#[test]
fn the_report_says_whether_the_richest_won_and_what_share_of_its_budget_it_paid() {
    let mut a = Auction::new(
        f("open_ascending/first_price"),
        SeatSet::full(3),
        s(0),
        &[9, 4, 9],
        1,
    )
    .unwrap();
    a.bid(s(0), 3).unwrap();
    a.pass(s(1)).unwrap();
    a.pass(s(2)).unwrap();
    let r = a.report().unwrap();
    assert_eq!(
        (r.winner, r.price, r.budget, r.richest),
        (Some(s(0)), 3, 9, true)
    );
    assert_eq!(r.with_value(5).surplus(), Some(2));
}

#[test]
fn a_search_guess_redraws_only_the_others_sealed_bids() {
    let mut a = four("sealed/first_price");
    a.bid(s(0), 4).unwrap();
    a.bid(s(1), 9).unwrap();
    let guess = a.redraw(Some(s(0)), None, |budget| budget / 2);
    assert_eq!(guess.own_sealed_bid(s(0)), Some(4));
    assert_eq!(guess.own_sealed_bid(s(1)), Some(5));
    assert_eq!(guess.committed(), a.committed());
    // Bad setups are refused, never a panic.
    assert_eq!(
        Auction::new(f("sealed/first_price"), SeatSet::EMPTY, s(0), &[], 1),
        Err(TradeError::NoBidders)
    );
    assert!(Auction::new(
        f("once_around/first_price"),
        SeatSet::full(3),
        s(0),
        &[1],
        1
    )
    .is_err());
    assert!(Auction::new(
        f("open_ascending/first_price"),
        SeatSet::full(3),
        s(7),
        &[1; 3],
        1
    )
    .is_err());
    assert_eq!(
        Auction::new(f("sealed/first_price"), SeatSet::full(3), s(0), &[1; 3], 0),
        Err(TradeError::ZeroMinimumBid)
    );
    let _ = MAX_SEATS;
}

/// A search's guess at what the others own bounds the bids still to come in an open auction
/// too (the true budgets are hidden information), never below a bid already made in the open;
/// a redrawn sealed bid below the minimum is a pass.
#[test]
fn a_search_guess_rebases_open_budgets_and_respects_the_minimum() {
    for format in ["once_around/first_price", "open_ascending/first_price"] {
        let mut a = four(format);
        a.bid(s(1), 6).unwrap();
        // Guessed budgets: P2 (who bid 6) would own 2, the others 3, 20, 4.
        let guess = a.redraw(Some(s(0)), Some(&[3, 2, 20, 4]), |_| 0);
        assert_eq!(
            guess.budget(s(1)),
            Some(6),
            "{format}: a shown bid stays possible"
        );
        assert_eq!(guess.budget(s(2)), Some(20), "{format}");
        assert_eq!(guess.bid_range(s(2)), Some((7, 20)), "{format}");
        // Without a guess the auction is as it is.
        assert_eq!(a.redraw(Some(s(0)), None, |_| 0), a, "{format}");
    }
    let mut a = Auction::new(f("sealed/first_price"), SeatSet::full(4), s(1), &[10; 4], 3).unwrap();
    a.bid(s(0), 4).unwrap();
    a.bid(s(1), 5).unwrap();
    let guess = a.redraw(Some(s(0)), None, |_| 2);
    assert_eq!(
        guess.own_sealed_bid(s(1)),
        Some(0),
        "2 is below the minimum of 3: a pass"
    );
}
