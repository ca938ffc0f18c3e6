//! An engine tells what the table hears of an auction through its own event type
//! ([`AuctionEvents`]): the one mapping every engine shares (issue 45, point 5).

use silk_core::{EventSink, Seat, SeatSet};
use silk_trade::auction::{Auction, AuctionFormat, AuctionReport};
use silk_trade::AuctionEvents;

/// An engine's events, as small as the trait allows.
#[derive(Debug, PartialEq)]
enum Told {
    Bid(u8, u32),
    Passed(u8),
    Sealed(u8),
    Closed(u8, AuctionReport),
}

impl AuctionEvents for Told {
    fn bid(seat: Seat, amount: u32) -> Told {
        Told::Bid(seat.0, amount)
    }
    fn passed(seat: Seat) -> Told {
        Told::Passed(seat.0)
    }
    fn sealed(seat: Seat) -> Told {
        Told::Sealed(seat.0)
    }
    fn closed(point: u8, report: AuctionReport) -> Told {
        Told::Closed(point, report)
    }
}

/// A playout's sink: it throws events away, and says so.
#[derive(Default)]
struct Discarding(usize);

impl EventSink<Told> for Discarding {
    fn emit(&mut self, _: Told) {
        self.0 += 1;
    }
    fn wants(&self) -> bool {
        false
    }
}

fn auction(format: &str) -> Auction {
    let format: AuctionFormat = format.parse().unwrap();
    Auction::new(format, SeatSet::full(3), Seat(0), &[9, 9, 9], 1).unwrap()
}

#[test]
fn issue45_act_told_tells_open_bids_and_passes_at_once_as_the_engines_events() {
    let mut a = auction("open_ascending/first_price");
    let mut ev: Vec<Told> = Vec::new();
    a.act_told(Seat(0), Some(2), &mut ev).unwrap();
    a.act_told(Seat(1), None, &mut ev).unwrap();
    assert_eq!(ev, [Told::Bid(0, 2), Told::Passed(1)]);
    // A refused bid tells nothing and changes nothing.
    let before = a;
    assert!(
        a.act_told(Seat(1), Some(3), &mut ev).is_err(),
        "P2 has passed"
    );
    assert_eq!(ev.len(), 2);
    assert_eq!(a, before);
}

#[test]
fn issue45_act_told_tells_sealed_amounts_only_when_the_last_bid_is_in() {
    let mut a = auction("sealed/first_price");
    let mut ev: Vec<Told> = Vec::new();
    a.act_told(Seat(2), Some(5), &mut ev).unwrap();
    a.act_told(Seat(0), None, &mut ev).unwrap();
    assert_eq!(ev, [Told::Sealed(2), Told::Sealed(0)]);
    a.act_told(Seat(1), Some(4), &mut ev).unwrap();
    assert_eq!(
        ev[2..],
        [
            Told::Sealed(1),
            Told::Passed(0),
            Told::Bid(1, 4),
            Told::Bid(2, 5)
        ]
    );
}

#[test]
fn issue45_tell_closed_reports_with_the_value_only_to_a_sink_that_keeps_events() {
    let mut a = auction("sealed/second_price");
    for (seat, bid) in [(0, Some(3)), (1, Some(7)), (2, None)] {
        a.act(Seat(seat), bid, |_| {}).unwrap();
    }
    let r = a.result().unwrap();
    let mut ev: Vec<Told> = Vec::new();
    a.tell_closed(&r, 2, Some(10), &mut ev);
    let report = a.report().unwrap().with_value(10);
    assert_eq!(ev, [Told::Closed(2, report)]);
    assert_eq!((report.winner, report.price), (Some(Seat(1)), 3));
    let mut thrown = Discarding::default();
    a.tell_closed(&r, 2, Some(10), &mut thrown);
    assert_eq!(thrown.0, 0, "a playout's sink is not built a report");
}
