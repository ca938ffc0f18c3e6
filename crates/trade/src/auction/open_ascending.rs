//! The open ascending auction: bidders go around raising until all but one have passed; who
//! pays what is a `Payment` rule.

use super::payment::pays;
use super::{amount_range, budgets_by_seat, check_amount, check_seat, next_in, Bid, PayRule};
use crate::TradeError;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};

/// Who pays what once an open ascending auction ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Payment {
    /// The winner pays its bid to the bank.
    WinnerPaysBank,
    /// The winner pays its bid to this seat (a seller).
    WinnerPaysSeller(Seat),
    /// Cities' barbarian auction: every seat that bid at least once loses its last (highest)
    /// bid to the bank, winner included.
    EveryBidderPaysLastBid,
}

/// Where the money of a settlement goes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Receiver {
    Bank,
    Seat(Seat),
}

/// The outcome of an auction as money movements, fixed-size so settling never allocates.
/// `pays.iter().sum() == total`, all of it going to `receiver`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Settlement {
    pub winner: Option<Bid>,
    /// What each seat pays, indexed by seat.
    pub pays: [u32; MAX_SEATS],
    pub receiver: Receiver,
    pub total: u32,
}

impl Settlement {
    /// What `seat` receives.
    pub fn received(&self, seat: Seat) -> u32 {
        match self.receiver {
            Receiver::Seat(s) if s == seat => self.total,
            _ => 0,
        }
    }
}

/// Open ascending auction: from a start seat going left (clockwise) among a set of seats, each in
/// turn bids more than the high bid or passes; a pass is out for good. It ends when everyone but
/// the high bidder has passed, or everyone passed without a bid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct OpenAscending {
    budgets: [u32; MAX_SEATS],
    last_bid: [u32; MAX_SEATS],
    min_bid: u32,
    high: Option<Bid>,
    payment: Payment,
    seats: SeatSet,
    active: SeatSet,
    took_part: SeatSet,
    turn: Option<Seat>,
}

impl OpenAscending {
    /// The same auction with each seat's budget taken from `budgets` (by seat; a search's
    /// guess at what the others own), never below what the seat has already bid in the open.
    pub fn with_budgets(&self, budgets: &[u32]) -> OpenAscending {
        let mut a = *self;
        for seat in a.seats.iter() {
            if let Some(&b) = budgets.get(seat.index()) {
                a.budgets[seat.index()] = b.max(a.last_bid[seat.index()]);
            }
        }
        a
    }

    /// `budgets` is indexed by seat and must cover every seat of `seats`.
    pub fn new(
        seats: SeatSet,
        start: Seat,
        budgets: &[u32],
        min_bid: u32,
        payment: Payment,
    ) -> Result<OpenAscending, TradeError> {
        if min_bid == 0 {
            return Err(TradeError::ZeroMinimumBid);
        }
        if seats.is_empty() {
            return Err(TradeError::NoBidders);
        }
        check_seat(start)?;
        if !seats.contains(start) {
            return Err(TradeError::NotInAuction(start));
        }
        if let Payment::WinnerPaysSeller(s) = payment {
            check_seat(s)?;
        }
        Ok(OpenAscending {
            budgets: budgets_by_seat(seats, budgets)?,
            last_bid: [0; MAX_SEATS],
            min_bid,
            high: None,
            payment,
            seats,
            active: seats,
            took_part: SeatSet::EMPTY,
            turn: Some(start),
        })
    }

    /// Who must bid or pass now; `None` once the auction is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.turn
    }

    pub fn is_done(&self) -> bool {
        self.turn.is_none()
    }

    pub fn high(&self) -> Option<Bid> {
        self.high
    }

    /// Seats that have not passed.
    pub fn active(&self) -> SeatSet {
        self.active
    }

    /// Seats that bid at least once.
    pub fn took_part(&self) -> SeatSet {
        self.took_part
    }

    /// The last (hence highest) bid of `seat`, if it ever bid.
    pub fn last_bid(&self, seat: Seat) -> Option<u32> {
        (seat.index() < MAX_SEATS && self.took_part.contains(seat))
            .then(|| self.last_bid[seat.index()])
    }

    /// What `seat` owns for bidding, if it is a bidder.
    pub fn budget(&self, seat: Seat) -> Option<u32> {
        (seat.index() < MAX_SEATS && self.seats.contains(seat)).then(|| self.budgets[seat.index()])
    }

    /// The largest budget of the seats (0 with none).
    pub fn richest(&self) -> u32 {
        self.seats
            .iter()
            .map(|s| self.budgets[s.index()])
            .max()
            .unwrap_or(0)
    }

    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    pub fn payment(&self) -> Payment {
        self.payment
    }

    pub fn min_next_bid(&self) -> u32 {
        self.high.map_or(self.min_bid, |h| {
            h.amount.saturating_add(1).max(self.min_bid)
        })
    }

    /// What `seat` may bid, if it is its turn; `None` when it cannot outbid (it must pass).
    pub fn bid_range(&self, seat: Seat) -> Option<(u32, u32)> {
        if self.turn != Some(seat) {
            return None;
        }
        amount_range(self.min_next_bid(), self.budgets[seat.index()])
    }

    fn check_turn(&self, seat: Seat) -> Result<(), TradeError> {
        let Some(expected) = self.turn else {
            return Err(TradeError::AuctionOver);
        };
        if seat == expected {
            Ok(())
        } else if seat.index() >= MAX_SEATS || !self.seats.contains(seat) {
            Err(TradeError::NotInAuction(seat))
        } else if !self.active.contains(seat) {
            Err(TradeError::AlreadyOut(seat))
        } else {
            Err(TradeError::NotYourTurn { seat, expected })
        }
    }

    /// Hands the turn on, or ends the auction when at most the high bidder is left.
    fn advance(&mut self, from: Seat) {
        let mut others = self.active;
        if let Some(h) = self.high {
            others.remove(h.seat);
        }
        self.turn = if others.is_empty() {
            None
        } else {
            next_in(others, from)
        };
    }

    pub fn bid(&mut self, seat: Seat, amount: u32) -> Result<(), TradeError> {
        self.check_turn(seat)?;
        check_amount(
            seat,
            amount,
            self.min_next_bid(),
            self.budgets[seat.index()],
        )?;
        self.high = Some(Bid { seat, amount });
        self.last_bid[seat.index()] = amount;
        self.took_part.insert(seat);
        self.advance(seat);
        Ok(())
    }

    pub fn pass(&mut self, seat: Seat) -> Result<(), TradeError> {
        self.check_turn(seat)?;
        self.active.remove(seat);
        self.advance(seat);
        Ok(())
    }

    /// Who pays what under the auction's [`Payment`] rule; only once it is over.
    pub fn settlement(&self) -> Result<Settlement, TradeError> {
        if !self.is_done() {
            return Err(TradeError::AuctionNotOver);
        }
        let receiver = match self.payment {
            Payment::WinnerPaysSeller(s) => Receiver::Seat(s),
            Payment::WinnerPaysBank | Payment::EveryBidderPaysLastBid => Receiver::Bank,
        };
        let rule = match self.payment {
            Payment::EveryBidderPaysLastBid => PayRule::AllPay,
            _ => PayRule::FirstPrice,
        };
        let pays = pays(
            rule,
            self.high,
            &self.last_bid,
            self.took_part,
            self.min_bid,
        );
        Ok(Settlement {
            winner: self.high,
            pays,
            receiver,
            total: pays.iter().sum(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auction::OnceAround;

    fn s(i: u8) -> Seat {
        Seat(i)
    }

    fn open(payment: Payment) -> OpenAscending {
        OpenAscending::new(SeatSet::full(4), s(1), &[10, 10, 10, 10], 1, payment).unwrap()
    }

    #[test]
    fn open_pass_is_out_forever_and_winner_pays() {
        let mut a = open(Payment::WinnerPaysBank);
        assert_eq!(a.to_move(), Some(s(1)));
        a.bid(s(1), 2).unwrap();
        a.pass(s(2)).unwrap();
        a.bid(s(3), 3).unwrap();
        a.bid(s(0), 4).unwrap();
        // P3 passed: the turn skips it.
        assert_eq!(a.to_move(), Some(s(1)));
        let before = a;
        assert_eq!(a.bid(s(2), 9), Err(TradeError::AlreadyOut(s(2))));
        assert_eq!(a, before);
        a.bid(s(1), 5).unwrap();
        assert_eq!(a.to_move(), Some(s(3)));
        a.pass(s(3)).unwrap();
        a.pass(s(0)).unwrap();
        assert!(a.is_done());
        assert_eq!(
            a.high(),
            Some(Bid {
                seat: s(1),
                amount: 5
            })
        );
        let st = a.settlement().unwrap();
        assert_eq!(st.pays, [0, 5, 0, 0, 0, 0, 0, 0]);
        assert_eq!(st.receiver, Receiver::Bank);
        assert_eq!(st.total, 5);
        assert_eq!(a.took_part(), [s(0), s(1), s(3)].into_iter().collect());
        assert_eq!(a.last_bid(s(3)), Some(3));
        assert_eq!(a.last_bid(s(2)), None);
    }

    #[test]
    fn open_winner_pays_seller() {
        let mut a = OpenAscending::new(
            [s(1), s(2)].into_iter().collect(),
            s(2),
            &[0, 4, 4],
            1,
            Payment::WinnerPaysSeller(s(0)),
        )
        .unwrap();
        a.bid(s(2), 1).unwrap();
        a.bid(s(1), 2).unwrap();
        a.pass(s(2)).unwrap();
        let st = a.settlement().unwrap();
        assert_eq!(st.pays[1], 2);
        assert_eq!(st.received(s(0)), 2);
        assert_eq!(st.received(s(1)), 0);
    }

    #[test]
    fn open_every_bidder_pays_last_bid() {
        let mut a = open(Payment::EveryBidderPaysLastBid);
        a.bid(s(1), 1).unwrap();
        a.bid(s(2), 2).unwrap();
        a.pass(s(3)).unwrap();
        a.bid(s(0), 3).unwrap();
        a.bid(s(1), 4).unwrap();
        a.pass(s(2)).unwrap();
        assert_eq!(a.settlement(), Err(TradeError::AuctionNotOver));
        a.pass(s(0)).unwrap();
        let st = a.settlement().unwrap();
        assert_eq!(
            st.winner,
            Some(Bid {
                seat: s(1),
                amount: 4
            })
        );
        assert_eq!(st.pays, [3, 4, 2, 0, 0, 0, 0, 0]);
        assert_eq!(st.total, 9);
    }

    #[test]
    fn open_nobody_bids() {
        let mut a = open(Payment::WinnerPaysBank);
        for i in [1, 2, 3, 0] {
            a.pass(s(i)).unwrap();
        }
        assert!(a.is_done());
        assert_eq!(a.high(), None);
        let st = a.settlement().unwrap();
        assert_eq!(st.total, 0);
        assert_eq!(st.winner, None);
    }

    #[test]
    fn open_budget_and_order_errors() {
        let mut a = OpenAscending::new(
            SeatSet::full(3),
            s(0),
            &[3, 1, 5],
            2,
            Payment::WinnerPaysBank,
        )
        .unwrap();
        let before = a;
        assert_eq!(
            a.bid(s(0), 4),
            Err(TradeError::BidOverBudget {
                seat: s(0),
                amount: 4,
                budget: 3
            })
        );
        assert_eq!(
            a.bid(s(0), 1),
            Err(TradeError::BidTooLow {
                seat: s(0),
                amount: 1,
                min: 2
            })
        );
        assert_eq!(
            a.pass(s(2)),
            Err(TradeError::NotYourTurn {
                seat: s(2),
                expected: s(0)
            })
        );
        assert_eq!(a, before);
        a.bid(s(0), 2).unwrap();
        assert_eq!(a.bid_range(s(1)), None);
        a.pass(s(1)).unwrap();
        assert_eq!(a.bid_range(s(2)), Some((3, 5)));
        a.pass(s(2)).unwrap();
        assert!(a.is_done());
        assert_eq!(a.pass(s(0)), Err(TradeError::AuctionOver));
    }

    #[test]
    fn open_setup_errors() {
        let p = Payment::WinnerPaysBank;
        assert_eq!(
            OpenAscending::new(SeatSet::EMPTY, s(0), &[], 1, p),
            Err(TradeError::NoBidders)
        );
        assert_eq!(
            OpenAscending::new(SeatSet::single(s(1)), s(0), &[1, 1], 1, p),
            Err(TradeError::NotInAuction(s(0)))
        );
        assert_eq!(
            OpenAscending::new(SeatSet::full(3), s(0), &[1, 1], 1, p),
            Err(TradeError::MissingBudget {
                seat: s(2),
                given: 2
            })
        );
    }

    #[test]
    fn serde_round_trip() {
        let mut a = open(Payment::EveryBidderPaysLastBid);
        a.bid(s(1), 2).unwrap();
        let j = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<OpenAscending>(&j).unwrap(), a);
        let o = OnceAround::around(s(2), 5, &[1, 2, 3, 4, 5], 1).unwrap();
        let j = serde_json::to_string(&o).unwrap();
        assert_eq!(serde_json::from_str::<OnceAround>(&j).unwrap(), o);
    }

    /// A pass takes a seat out of the active set; a seat outside the auction is told so, not
    /// that it is out or that it is not its turn (mutation testing, issue 30).
    #[test]
    fn open_active_seats_and_seats_outside_the_auction() {
        let mut a = OpenAscending::new(
            [s(1), s(2), s(3)].into_iter().collect(),
            s(1),
            &[5; 4],
            1,
            Payment::WinnerPaysBank,
        )
        .unwrap();
        assert_eq!(a.active(), [s(1), s(2), s(3)].into_iter().collect());
        a.pass(s(1)).unwrap();
        assert_eq!(a.active(), [s(2), s(3)].into_iter().collect());
        assert_eq!(a.bid(s(0), 2), Err(TradeError::NotInAuction(s(0))));
        assert_eq!(a.pass(Seat(9)), Err(TradeError::NotInAuction(Seat(9))));
        assert_eq!(a.bid(s(1), 2), Err(TradeError::AlreadyOut(s(1))));
        assert_eq!(a.payment(), Payment::WinnerPaysBank);
    }
}
