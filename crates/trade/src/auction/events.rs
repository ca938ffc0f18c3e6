//! What the table hears of an auction, as an engine's own events: each engine implements
//! [`AuctionEvents`] for its event type once, and every auction it drives tells its bids,
//! passes, sealed commitments and the lab's closing report through the same two calls.

use super::{Auction, AuctionReport, AuctionResult, Heard};
use crate::TradeError;
use silk_core::{EventSink, Seat};

/// An engine's events for an auction's decisions and close.
pub trait AuctionEvents: Sized {
    /// `seat` bid `amount` (an open bid at once; a sealed one at the reveal).
    fn bid(seat: Seat, amount: u32) -> Self;
    /// `seat` passed (at once, or at the reveal of a sealed auction).
    fn passed(seat: Seat) -> Self;
    /// `seat`'s sealed bid or pass is in; its amount is told when all are.
    fn sealed(seat: Seat) -> Self;
    /// The lab's report of the auction closed at auction point `point`.
    fn closed(point: u8, report: AuctionReport) -> Self;

    /// The event for what the table hears.
    #[inline]
    fn heard(h: Heard) -> Self {
        match h {
            Heard::Bid(seat, amount) => Self::bid(seat, amount),
            Heard::Passed(seat) => Self::passed(seat),
            Heard::Sealed(seat) => Self::sealed(seat),
        }
    }
}

impl Auction {
    /// [`Auction::act`], telling `ev` what the table hears as the engine's events.
    #[inline]
    pub fn act_told<E: AuctionEvents>(
        &mut self,
        seat: Seat,
        bid: Option<u32>,
        ev: &mut impl EventSink<E>,
    ) -> Result<(), TradeError> {
        self.act(seat, bid, |h| ev.emit(E::heard(h)))
    }

    /// Tells `ev` the lab's report of this auction, closed with result `r` at auction point
    /// `point`, with the lot's `value` to the winner where the point defines one. The report
    /// is for the lab: a playout that throws events away skips building it.
    #[inline]
    pub fn tell_closed<E: AuctionEvents>(
        &self,
        r: &AuctionResult,
        point: u8,
        value: Option<u32>,
        ev: &mut impl EventSink<E>,
    ) {
        if !ev.wants() {
            return;
        }
        let mut report = self.report_of(r);
        if let Some(v) = value {
            report = report.with_value(v);
        }
        ev.emit(E::closed(point, report));
    }
}

/// Implements [`AuctionEvents`] for an engine's event enum whose variants are named as Silk
/// Road's and Cities' are: `Bid { seat, amount: u16 }`, `Passed { seat }`,
/// `SealedBid { seat }` and `AuctionClosed { point, report }`. An engine naming them otherwise
/// implements the trait itself.
#[macro_export]
macro_rules! auction_events {
    ($event:ty) => {
        impl $crate::AuctionEvents for $event {
            #[inline]
            fn bid(seat: ::silk_core::Seat, amount: u32) -> Self {
                Self::Bid {
                    seat,
                    amount: amount as u16,
                }
            }
            #[inline]
            fn passed(seat: ::silk_core::Seat) -> Self {
                Self::Passed { seat }
            }
            #[inline]
            fn sealed(seat: ::silk_core::Seat) -> Self {
                Self::SealedBid { seat }
            }
            #[inline]
            fn closed(point: u8, report: $crate::AuctionReport) -> Self {
                Self::AuctionClosed { point, report }
            }
        }
    };
}
