//! One rule test per auction format: a format swapped in anywhere pays and breaks ties by its
//! own rules, whatever engine drives it (the interface is the same for every format).

use silk_core::{Seat, SeatSet, MAX_SEATS};
use silk_trade::auction::{Auction, AuctionFormat, Bid, Heard, TieBreak, Turn};
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

// The `Auction` facade itself, as the engines drive it (issue 30, point 18).

fn heard(a: &mut Auction, seat: u8, bid: Option<u32>) -> Result<Vec<Heard>, TradeError> {
    let mut out = Vec::new();
    a.act(s(seat), bid, |h| out.push(h))?;
    Ok(out)
}

fn set(seats: &[u8]) -> SeatSet {
    seats.iter().map(|&i| s(i)).collect()
}

/// The sealed bids 3, pass, 8, 5 of `four`.
fn sealed_played(format: &str) -> Auction {
    let mut a = four(format);
    for (seat, k) in [(0, Some(3)), (1, None), (2, Some(8)), (3, Some(5))] {
        a.act(s(seat), k, |_| {}).unwrap();
    }
    a
}

#[test]
fn issue30_p18_sealed_shared_with_one_highest_bid_has_that_bidder_as_winner() {
    for (pay, price) in [("first_price", 8), ("second_price", 5), ("all_pay", 8)] {
        let a = sealed_played(&format!("sealed/{pay}/shared"));
        let r = a.result().unwrap();
        assert_eq!(
            r.winner,
            Some(Bid {
                seat: s(2),
                amount: 8
            }),
            "{pay}"
        );
        assert_eq!(r.price(), price, "{pay}");
        assert_eq!(a.high().map(|b| b.seat), Some(s(2)), "{pay}");
        assert_eq!(a.places().unwrap().winners(), SeatSet::single(s(2)));
        assert_eq!(a.report().unwrap().winner, Some(s(2)));
    }
}

#[test]
fn issue30_p18_act_hears_an_open_bid_or_pass_at_once() {
    for format in ["once_around/first_price", "open_ascending/first_price"] {
        let mut a = four(format);
        assert_eq!(heard(&mut a, 1, Some(2)).unwrap(), [Heard::Bid(s(1), 2)]);
        assert_eq!(heard(&mut a, 2, None).unwrap(), [Heard::Passed(s(2))]);
        // An illegal bid is refused: nothing is heard and nothing changes.
        let before = a;
        let mut got = Vec::new();
        assert!(a.act(s(3), Some(2), |h| got.push(h)).is_err(), "{format}");
        assert!(a.act(s(0), None, |h| got.push(h)).is_err(), "{format}");
        assert!(got.is_empty(), "{format}: {got:?}");
        assert_eq!(a, before, "{format}");
        assert_eq!(heard(&mut a, 3, Some(3)).unwrap(), [Heard::Bid(s(3), 3)]);
    }
}

#[test]
fn issue30_p18_act_hears_sealed_bids_only_when_the_last_is_in() {
    let mut a = Auction::new(
        f("sealed/first_price"),
        SeatSet::full(3),
        s(0),
        &[9, 9, 9],
        1,
    )
    .unwrap();
    assert_eq!(heard(&mut a, 0, Some(4)).unwrap(), [Heard::Sealed(s(0))]);
    assert_eq!(heard(&mut a, 2, None).unwrap(), [Heard::Sealed(s(2))]);
    let before = a;
    assert_eq!(
        heard(&mut a, 0, Some(5)),
        Err(TradeError::AlreadyCommitted(s(0)))
    );
    assert_eq!(a, before);
    // The last one in: every seat's bid or pass, in seat order.
    assert_eq!(
        heard(&mut a, 1, Some(6)).unwrap(),
        [
            Heard::Sealed(s(1)),
            Heard::Bid(s(0), 4),
            Heard::Bid(s(1), 6),
            Heard::Passed(s(2)),
        ]
    );
    assert_eq!(heard(&mut a, 1, None), Err(TradeError::AuctionOver));
}

#[test]
fn issue30_p18_to_move_turn_and_committed_follow_each_format() {
    let mut a = four("once_around/first_price");
    assert_eq!(a.to_move(), SeatSet::single(s(1)));
    assert_eq!(a.committed(), SeatSet::EMPTY);
    assert_eq!(a.own_sealed_bid(s(1)), None);
    a.act(s(1), Some(2), |_| {}).unwrap();
    assert_eq!(a.to_move(), SeatSet::single(s(2)));
    assert_eq!(a.own_sealed_bid(s(1)), None, "an open bid is no sealed bid");
    for seat in [2, 3, 0] {
        assert!(!a.is_done());
        a.act(s(seat), None, |_| {}).unwrap();
    }
    assert!(a.is_done());
    assert_eq!(a.turn(), Turn::Over);
    assert_eq!(a.to_move(), SeatSet::EMPTY);

    let mut a = four("open_ascending/first_price");
    assert_eq!(a.to_move(), SeatSet::single(s(1)));
    a.act(s(1), Some(2), |_| {}).unwrap();
    assert_eq!(a.turn(), Turn::One(s(2)));
    assert_eq!(a.committed(), SeatSet::EMPTY);

    let mut a = four("sealed/first_price");
    assert_eq!(a.to_move(), SeatSet::full(4));
    assert_eq!(a.committed(), SeatSet::EMPTY);
    a.act(s(2), Some(3), |_| {}).unwrap();
    a.act(s(0), None, |_| {}).unwrap();
    assert_eq!(a.to_move(), set(&[1, 3]));
    assert_eq!(a.turn(), Turn::All(set(&[1, 3])));
    assert_eq!(a.committed(), set(&[0, 2]));
    assert_eq!(a.own_sealed_bid(s(2)), Some(3));
    assert_eq!(a.own_sealed_bid(s(0)), Some(0));
    assert_eq!(a.own_sealed_bid(s(1)), None);
    a.act(s(1), None, |_| {}).unwrap();
    a.act(s(3), None, |_| {}).unwrap();
    assert_eq!(a.turn(), Turn::Over);
    assert_eq!(a.to_move(), SeatSet::EMPTY);
    assert_eq!(a.committed(), SeatSet::full(4));
}

#[test]
fn issue30_p18_min_next_bid_is_the_minimum_then_one_above_the_high_bid() {
    for format in ["once_around/first_price", "open_ascending/first_price"] {
        let mut a = Auction::new(f(format), SeatSet::full(3), s(0), &[9, 9, 9], 3).unwrap();
        assert_eq!(a.min_next_bid(), 3, "{format}");
        assert_eq!(a.bid_range(s(0)), Some((3, 9)), "{format}");
        assert_eq!(a.bid_range(s(1)), None, "{format}: not its turn");
        a.act(s(0), Some(5), |_| {}).unwrap();
        assert_eq!(a.min_next_bid(), 6, "{format}");
        assert_eq!(a.bid_range(s(1)), Some((6, 9)), "{format}");
    }
    // Sealed bids do not outbid one another: the minimum stays, and a seat that has committed
    // (or sits outside the auction) has nothing more to bid.
    let mut a = Auction::new(f("sealed/first_price"), set(&[0, 1]), s(0), &[9, 9], 3).unwrap();
    a.act(s(0), Some(7), |_| {}).unwrap();
    assert_eq!(a.min_next_bid(), 3);
    assert_eq!(a.bid_range(s(1)), Some((3, 9)));
    assert_eq!(a.bid_range(s(0)), None);
    assert_eq!(a.bid_range(s(2)), None);
    assert_eq!(a.bid_range(Seat(200)), None);
}

#[test]
fn issue30_p18_shown_bid_shows_open_bids_at_once_and_sealed_ones_after_the_reveal() {
    let mut a = four("open_ascending/first_price");
    a.act(s(1), Some(2), |_| {}).unwrap();
    a.act(s(2), None, |_| {}).unwrap();
    assert_eq!(a.shown_bid(s(1)), Some(2));
    assert_eq!(a.shown_bid(s(2)), None, "a pass shows no bid");

    let mut a = four("once_around/first_price");
    a.act(s(1), Some(4), |_| {}).unwrap();
    assert_eq!(a.shown_bid(s(1)), Some(4));
    assert_eq!(a.shown_bid(s(2)), None);

    let mut a = four("sealed/first_price");
    for (seat, k) in [(0, Some(3)), (1, None), (2, Some(8))] {
        a.act(s(seat), k, |_| {}).unwrap();
        assert_eq!(a.shown_bid(s(seat)), None, "hidden before the reveal");
    }
    a.act(s(3), Some(5), |_| {}).unwrap();
    assert_eq!(a.shown_bid(s(0)), Some(3));
    assert_eq!(a.shown_bid(s(1)), None, "a sealed pass shows no bid");
    assert_eq!(a.shown_bid(s(2)), Some(8));
}

#[test]
fn issue30_p18_revealed_gives_every_last_bid_and_the_rules_tie_break() {
    let a = sealed_played("sealed/none/seat_order");
    let (amounts, tie) = a.revealed().unwrap();
    assert_eq!(amounts[..4], [3, 0, 8, 5]);
    assert_eq!(tie, TieBreak::SeatOrderFrom(s(1)));
    let a = sealed_played("sealed/none/shared");
    assert_eq!(a.revealed().unwrap().1, TieBreak::Shared);
    let r = a.result().unwrap();
    assert_eq!(r.amounts[..4], [3, 0, 8, 5]);
    assert_eq!(r.bidders, set(&[0, 2, 3]));

    let mut a = four("open_ascending/all_pay");
    assert_eq!(a.revealed(), Err(TradeError::AuctionNotOver));
    assert_eq!(a.places(), Err(TradeError::AuctionNotOver));
    assert_eq!(a.report(), Err(TradeError::AuctionNotOver));
    for (seat, k) in [(1, Some(2)), (2, Some(4)), (3, None), (0, None), (1, None)] {
        a.act(s(seat), k, |_| {}).unwrap();
    }
    let (amounts, _) = a.revealed().unwrap();
    assert_eq!(amounts[..4], [0, 2, 4, 0]);
    assert_eq!(pays4(&a), [0, 2, 4, 0]);
    let p = a.places().unwrap();
    assert_eq!(
        (p.place(s(2)), p.place(s(1)), p.place(s(0))),
        (Some(1), Some(2), None)
    );
}

#[test]
fn issue30_p18_new_reports_who_starts_and_every_bidder_and_budget() {
    for format in [
        "once_around/first_price",
        "open_ascending/first_price",
        "sealed/first_price",
    ] {
        let a = Auction::new(f(format), set(&[0, 2, 3]), s(2), &[4, 5, 6, 7], 1).unwrap();
        assert_eq!(a.format(), f(format));
        assert_eq!(a.start(), s(2));
        assert_eq!(a.seats(), set(&[0, 2, 3]), "{format}");
        assert_eq!(a.budget(s(3)), Some(7), "{format}");
        assert_eq!(a.budget(s(1)), None, "{format}: not a bidder");
        assert_eq!(
            Auction::new(f(format), set(&[0, 2]), s(1), &[4; 4], 1),
            Err(TradeError::NotInAuction(s(1))),
            "{format}"
        );
        assert_eq!(
            Auction::new(f(format), set(&[0, 2]), Seat(9), &[4; 4], 1),
            Err(TradeError::SeatOutOfRange(9)),
            "{format}"
        );
        assert_eq!(
            Auction::new(f(format), SeatSet::full(3), s(0), &[4, 4], 1),
            Err(TradeError::MissingBudget {
                seat: s(2),
                given: 2
            }),
            "{format}"
        );
    }
}

#[test]
fn issue30_p18_a_sealed_bid_reports_turn_errors_before_amount_errors() {
    let mut a = Auction::new(f("sealed/first_price"), set(&[0, 1]), s(0), &[4, 4], 2).unwrap();
    a.act(s(0), Some(4), |_| {}).unwrap();
    // Committed already: that is the error, whatever the amount.
    assert_eq!(a.bid(s(0), 9), Err(TradeError::AlreadyCommitted(s(0))));
    assert_eq!(a.bid(s(0), 1), Err(TradeError::AlreadyCommitted(s(0))));
    assert_eq!(a.bid(s(5), 1), Err(TradeError::NotInAuction(s(5))));
    assert_eq!(
        a.bid(s(1), 1),
        Err(TradeError::BidTooLow {
            seat: s(1),
            amount: 1,
            min: 2
        })
    );
    // The whole budget is a bid.
    a.bid(s(1), 4).unwrap();
    assert_eq!(a.bid(s(1), 9), Err(TradeError::AuctionOver));
    assert_eq!(a.pass(s(1)), Err(TradeError::AuctionOver));
}

#[test]
fn issue30_p18_the_report_names_the_winners_budget_and_no_winner_is_never_the_richest() {
    // P3 wins with a budget of 6 while P4 owns 8: not the richest.
    let mut a = Auction::new(
        f("once_around/second_price"),
        SeatSet::full(4),
        s(0),
        &[3, 5, 6, 8],
        1,
    )
    .unwrap();
    for (seat, k) in [(0, Some(1)), (1, Some(2)), (2, Some(6)), (3, None)] {
        a.act(s(seat), k, |_| {}).unwrap();
    }
    let r = a.report().unwrap();
    assert_eq!(
        (r.winner, r.price, r.budget, r.richest, r.bidders),
        (Some(s(2)), 2, 6, false, 3)
    );
    assert_eq!(a.report_of(&a.result().unwrap()), r);
    // Sealed: the richest (a tie for richest counts) wins.
    let r = sealed_played("sealed/first_price").report().unwrap();
    assert_eq!((r.winner, r.budget, r.richest), (Some(s(2)), 10, true));
    // Nobody owns anything and nobody bids: no winner, and so no richest winner.
    let mut a = Auction::new(f("sealed/first_price"), set(&[0, 1]), s(0), &[0, 0], 1).unwrap();
    a.act(s(0), None, |_| {}).unwrap();
    a.act(s(1), None, |_| {}).unwrap();
    let r = a.report().unwrap();
    assert_eq!((r.winner, r.budget, r.richest), (None, 0, false));
}

#[test]
fn issue30_p18_the_public_view_blanks_only_the_others_sealed_bids_until_the_reveal() {
    let mut a = four("sealed/first_price");
    a.act(s(0), Some(7), |_| {}).unwrap();
    a.act(s(2), Some(4), |_| {}).unwrap();
    let p = a.public(Some(s(2)));
    assert_eq!(p.own_sealed_bid(s(2)), Some(4));
    assert_eq!(p.own_sealed_bid(s(0)), Some(0));
    assert_eq!(p.committed(), set(&[0, 2]));
    assert_eq!(p.to_move(), set(&[1, 3]));
    assert_eq!(p.budget(s(1)), Some(10));
    let nobody = a.public(None);
    assert_eq!(nobody.own_sealed_bid(s(2)), Some(0));
    assert_eq!(nobody.own_sealed_bid(s(1)), None, "P2 has not committed");
    // Once revealed, everyone sees everything.
    a.act(s(1), None, |_| {}).unwrap();
    a.act(s(3), Some(2), |_| {}).unwrap();
    assert_eq!(a.public(Some(s(3))), a);
    // Open formats show everything already.
    let mut o = four("open_ascending/first_price");
    o.act(s(1), Some(3), |_| {}).unwrap();
    assert_eq!(o.public(Some(s(0))), o);
}

#[test]
fn issue30_p18_a_sealed_redraw_uses_the_guessed_budgets_and_keeps_bids_within_them() {
    let mut a = Auction::new(f("sealed/first_price"), SeatSet::full(3), s(0), &[10; 3], 2).unwrap();
    a.act(s(0), Some(6), |_| {}).unwrap();
    a.act(s(1), Some(9), |_| {}).unwrap();
    // Guessed budgets 3, 4, 5; each redraw asks for 100: a bid is at most its budget.
    let mut asked = Vec::new();
    let g = a.redraw(Some(s(0)), Some(&[3, 4, 5]), |b| {
        asked.push(b);
        100
    });
    assert_eq!(asked, [4], "only the others' committed bids are redrawn");
    assert_eq!(g.budget(s(2)), Some(5));
    assert_eq!(
        g.own_sealed_bid(s(0)),
        Some(3),
        "kept, within its new budget"
    );
    assert_eq!(g.own_sealed_bid(s(1)), Some(4));
    assert_eq!(g.own_sealed_bid(s(2)), None);
    assert_eq!(g.committed(), a.committed());
    // A redraw at the minimum is a bid, below it a pass.
    let g = a.redraw(Some(s(0)), None, |_| 2);
    assert_eq!(g.own_sealed_bid(s(1)), Some(2));
    let g = a.redraw(Some(s(0)), None, |_| 1);
    assert_eq!(g.own_sealed_bid(s(1)), Some(0));
}
