//! The lab's report of each closed auction, by auction point: what the auction measures of
//! `silk compare --mechanic` are counted from.

use crate::event::Event;
use silk_core::EventSink;
use silk_trade::auction::Auction;

/// Auction points, numbered as the lab counts them (`crate::auctions::POINTS`).
pub(super) const BARBARIANS_POINT: u8 = 0;
pub(super) const PRIORITY_POINT: u8 = 1;
pub(super) const LOT_POINT: u8 = 2;

/// The lab's report of a closed auction at `point`, with the lot's value to the winner.
pub(super) fn closed(
    auction: &Auction,
    point: u8,
    value: Option<u32>,
    ev: &mut impl EventSink<Event>,
) {
    // The report is for the lab: a playout that throws events away skips it.
    if !ev.wants() {
        return;
    }
    if let Ok(mut report) = auction.report() {
        if let Some(v) = value {
            report = report.with_value(v);
        }
        ev.emit(Event::AuctionClosed { point, report });
    }
}
