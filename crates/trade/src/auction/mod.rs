//! Auctions. Every bid or pass is a decision of one seat, so bots and humans drive an auction the
//! same way: the state machine says whose decision it is, the engine turns it into `ToMove`.
//! Engines hold an [`Auction`]: one interface over every format (once-around, open ascending,
//! sealed), with the format as data ([`AuctionFormat`]: kind, payment rule, tie rule) checked
//! against the [`AuctionPoint`] the engine declares. All are `Copy` (about a hundred bytes) and
//! never allocate. This module holds what they share (bids, tie rules, seat order); each format,
//! the payment rules and the lab's report have their own module.

use crate::TradeError;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};

mod events;
mod format;
mod interface;
mod once_around;
mod open_ascending;
mod payment;
mod report;
mod sealed;

pub use events::AuctionEvents;
pub use format::{AuctionFormat, AuctionKind, AuctionPoint, PayRule, TieRule};
pub use interface::{Auction, AuctionResult, Heard, Turn};
pub use once_around::OnceAround;
pub use open_ascending::{OpenAscending, Payment, Receiver, Settlement};
pub use payment::pays;
pub use report::{count_report, AuctionReport, METRICS};
pub use sealed::{places, vizier_payout, Places, Prizes, Sealed};

/// A bid: who, how much.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Bid {
    pub seat: Seat,
    pub amount: u32,
}

/// How equal values are ordered when ranking.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum TieBreak {
    /// Tied seats share the place; the next place is skipped ("1, 1, 3"), so two tied firsts
    /// leave no second.
    #[default]
    Shared,
    /// The tied seat met first going clockwise (left) from this seat, itself included, wins:
    /// every place is distinct.
    SeatOrderFrom(Seat),
}

fn check_seat(seat: Seat) -> Result<(), TradeError> {
    if seat.index() < MAX_SEATS {
        Ok(())
    } else {
        Err(TradeError::SeatOutOfRange(seat.0))
    }
}

fn budget_of(budgets: &[u32], seat: Seat) -> Result<u32, TradeError> {
    // Not `ok_or(error)`: that builds the error, and calls its drop, on every call.
    match budgets.get(seat.index()) {
        Some(&b) => Ok(b),
        None => Err(TradeError::MissingBudget {
            seat,
            given: budgets.len(),
        }),
    }
}

/// Each bidder's budget, indexed by seat, for the seats of `seats`.
fn budgets_by_seat(seats: SeatSet, budgets: &[u32]) -> Result<[u32; MAX_SEATS], TradeError> {
    let mut b = [0; MAX_SEATS];
    for seat in seats.iter() {
        b[seat.index()] = budget_of(budgets, seat)?;
    }
    Ok(b)
}

/// A bid of `amount` by `seat` when the lowest allowed is `min` and `seat` owns `budget`: the
/// check every auction makes, in its order.
fn check_amount(seat: Seat, amount: u32, min: u32, budget: u32) -> Result<(), TradeError> {
    if amount < min {
        return Err(TradeError::BidTooLow { seat, amount, min });
    }
    if amount > budget {
        return Err(TradeError::BidOverBudget {
            seat,
            amount,
            budget,
        });
    }
    Ok(())
}

/// The bids `check_amount` accepts: `min` to `budget`, if any.
fn amount_range(min: u32, budget: u32) -> Option<(u32, u32)> {
    (min <= budget).then_some((min, budget))
}

/// Clockwise distance from `from` to `seat` on a ring of `MAX_SEATS`; the relative order of
/// real seats (all below the table size) is the same as on the real table.
fn clockwise_key(from: Seat, seat: Seat) -> usize {
    (seat.index() + MAX_SEATS - from.index() % MAX_SEATS) % MAX_SEATS
}

/// The next seat of `set` after `after`, going clockwise; `after` itself comes last.
fn next_in(set: SeatSet, after: Seat) -> Option<Seat> {
    (1..=MAX_SEATS)
        .map(|k| Seat(((after.index() + k) % MAX_SEATS) as u8))
        .find(|s| set.contains(*s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_small() {
        assert!(std::mem::size_of::<OnceAround>() <= 96);
        assert!(std::mem::size_of::<OpenAscending>() <= 96);
        assert!(std::mem::size_of::<Sealed>() <= 72);
        assert!(std::mem::size_of::<Auction>() <= 112);
    }

    /// A seat is on the table below `MAX_SEATS`; a tie broken from a seat number beyond the
    /// ring counts from that number modulo the ring, and never panics (mutation testing,
    /// issue 30).
    #[test]
    fn seats_beyond_the_table_are_refused_and_ring_distances_wrap() {
        assert_eq!(check_seat(Seat(7)), Ok(()));
        assert_eq!(
            check_seat(Seat(MAX_SEATS as u8)),
            Err(TradeError::SeatOutOfRange(MAX_SEATS as u8))
        );
        assert_eq!(clockwise_key(Seat(2), Seat(1)), MAX_SEATS - 1);
        assert_eq!(
            clockwise_key(Seat(2 + 2 * MAX_SEATS as u8), Seat(1)),
            MAX_SEATS - 1
        );
        assert_eq!(clockwise_key(Seat(2 + 2 * MAX_SEATS as u8), Seat(3)), 1);
    }
}
