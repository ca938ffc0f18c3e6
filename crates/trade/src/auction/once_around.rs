//! Silk Road's leader auction: each bidder acts once, in a fixed order.

use super::{amount_range, budget_of, check_amount, check_seat, Bid};
use crate::TradeError;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};

/// Silk Road's leader auction: the bidders, in a fixed order (usually the leader pawn holder's
/// left, clockwise, holder excluded), each act exactly once: pass, or bid strictly more than the
/// high bid and no more than they own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct OnceAround {
    order: [Seat; MAX_SEATS],
    /// Budgets by position in `order`.
    budgets: [u32; MAX_SEATS],
    /// Each seat's bid, by seat (0: passed or not yet acted).
    bids: [u32; MAX_SEATS],
    len: u8,
    next: u8,
    bids_made: u8,
    min_bid: u32,
    high: Option<Bid>,
}

impl OnceAround {
    /// The same auction with each bidder's budget taken from `budgets` (by seat; a search's
    /// guess at what the others own), never below what the bidder has already bid in the open.
    pub fn with_budgets(&self, budgets: &[u32]) -> OnceAround {
        let mut a = *self;
        for i in 0..a.len as usize {
            let seat = a.order[i];
            if let Some(&b) = budgets.get(seat.index()) {
                a.budgets[i] = b.max(a.bids[seat.index()]);
            }
        }
        a
    }

    /// Bidders in acting order with what each owns. `min_bid` is the lowest opening bid (≥ 1,
    /// since 0 means pass).
    pub fn new(bidders: &[(Seat, u32)], min_bid: u32) -> Result<OnceAround, TradeError> {
        if min_bid == 0 {
            return Err(TradeError::ZeroMinimumBid);
        }
        if bidders.is_empty() {
            return Err(TradeError::NoBidders);
        }
        let mut seen = SeatSet::EMPTY;
        let mut order = [Seat(0); MAX_SEATS];
        let mut budgets = [0; MAX_SEATS];
        for (i, &(seat, budget)) in bidders.iter().enumerate() {
            check_seat(seat)?;
            if seen.contains(seat) {
                return Err(TradeError::DuplicateBidder(seat));
            }
            seen.insert(seat);
            // At most MAX_SEATS distinct seats exist, so `i` is in range here.
            order[i] = seat;
            budgets[i] = budget;
        }
        Ok(OnceAround {
            order,
            budgets,
            bids: [0; MAX_SEATS],
            len: bidders.len() as u8,
            next: 0,
            bids_made: 0,
            min_bid,
            high: None,
        })
    }

    /// Everyone at a table of `n` except `holder`, starting at the holder's left, clockwise;
    /// `budgets` is indexed by seat.
    pub fn around(
        holder: Seat,
        n: usize,
        budgets: &[u32],
        min_bid: u32,
    ) -> Result<OnceAround, TradeError> {
        check_seat(holder)?;
        if n > MAX_SEATS || holder.index() >= n {
            return Err(TradeError::SeatOutOfRange(n.max(holder.index() + 1) as u8));
        }
        let mut list = [(Seat(0), 0u32); MAX_SEATS];
        for (i, item) in list.iter_mut().enumerate().take(n.saturating_sub(1)) {
            let seat = holder.left(i + 1, n);
            *item = (seat, budget_of(budgets, seat)?);
        }
        OnceAround::new(&list[..n.saturating_sub(1)], min_bid)
    }

    /// Who acts now; `None` once everyone has acted.
    #[inline]
    pub fn next_bidder(&self) -> Option<Seat> {
        (self.next < self.len).then(|| self.order[self.next as usize])
    }

    #[inline]
    pub fn is_done(&self) -> bool {
        self.next >= self.len
    }

    /// The bid to beat, if any.
    #[inline]
    pub fn high(&self) -> Option<Bid> {
        self.high
    }

    /// How many bids (not passes) were made so far.
    pub fn bids_made(&self) -> u8 {
        self.bids_made
    }

    /// The lowest bid that would be accepted now, whoever makes it.
    #[inline]
    pub fn min_next_bid(&self) -> u32 {
        self.high.map_or(self.min_bid, |h| {
            h.amount.saturating_add(1).max(self.min_bid)
        })
    }

    /// The bidders in acting order.
    #[inline]
    pub fn bidders(&self) -> impl Iterator<Item = Seat> + '_ {
        self.order[..self.len as usize].iter().copied()
    }

    /// What `seat` bid, if it bid.
    #[inline]
    pub fn last_bid(&self, seat: Seat) -> Option<u32> {
        self.bids.get(seat.index()).copied().filter(|&b| b > 0)
    }

    /// The largest budget of the bidders (0 with none).
    pub fn richest(&self) -> u32 {
        self.budgets[..self.len as usize]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
    }

    /// What `seat` owns for bidding, if it is a bidder.
    #[inline]
    pub fn budget(&self, seat: Seat) -> Option<u32> {
        self.bidders()
            .position(|s| s == seat)
            .map(|i| self.budgets[i])
    }

    /// What `seat` may bid, if it is `seat`'s turn; `None` when it cannot outbid (it must pass).
    #[inline]
    pub fn bid_range(&self, seat: Seat) -> Option<(u32, u32)> {
        if self.next_bidder() != Some(seat) {
            return None;
        }
        amount_range(self.min_next_bid(), self.budgets[self.next as usize])
    }

    fn check_turn(&self, seat: Seat) -> Result<(), TradeError> {
        let Some(expected) = self.next_bidder() else {
            return Err(TradeError::AuctionOver);
        };
        if seat == expected {
            Ok(())
        } else if self.bidders().any(|s| s == seat) {
            Err(TradeError::NotYourTurn { seat, expected })
        } else {
            Err(TradeError::NotInAuction(seat))
        }
    }

    pub fn bid(&mut self, seat: Seat, amount: u32) -> Result<(), TradeError> {
        self.check_turn(seat)?;
        check_amount(
            seat,
            amount,
            self.min_next_bid(),
            self.budgets[self.next as usize],
        )?;
        self.high = Some(Bid { seat, amount });
        self.bids[seat.index()] = amount;
        self.bids_made += 1;
        self.next += 1;
        Ok(())
    }

    pub fn pass(&mut self, seat: Seat) -> Result<(), TradeError> {
        self.check_turn(seat)?;
        self.next += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(i: u8) -> Seat {
        Seat(i)
    }

    #[test]
    fn once_around_each_bidder_once_in_order() {
        // Holder P1 at a table of 4: P2, P3, P4 bid in that order.
        let mut a = OnceAround::around(s(0), 4, &[9, 5, 6, 7], 1).unwrap();
        assert_eq!(a.bidders().collect::<Vec<_>>(), vec![s(1), s(2), s(3)]);
        assert_eq!(a.next_bidder(), Some(s(1)));
        assert_eq!(a.bid_range(s(1)), Some((1, 5)));
        a.bid(s(1), 2).unwrap();
        assert_eq!(a.next_bidder(), Some(s(2)));
        a.pass(s(2)).unwrap();
        a.bid(s(3), 4).unwrap();
        assert!(a.is_done());
        assert_eq!(a.next_bidder(), None);
        assert_eq!(
            a.high(),
            Some(Bid {
                seat: s(3),
                amount: 4
            })
        );
        assert_eq!(a.bids_made(), 2);
        assert_eq!(a.pass(s(1)), Err(TradeError::AuctionOver));
        assert_eq!(a.bid(s(1), 5), Err(TradeError::AuctionOver));
    }

    #[test]
    fn once_around_must_overbid_and_respect_budget() {
        let mut a = OnceAround::new(&[(s(1), 5), (s(2), 5), (s(3), 3)], 1).unwrap();
        a.bid(s(1), 3).unwrap();
        let before = a;
        assert_eq!(
            a.bid(s(2), 3),
            Err(TradeError::BidTooLow {
                seat: s(2),
                amount: 3,
                min: 4
            })
        );
        assert_eq!(a, before);
        let e = a.bid(s(2), 7).unwrap_err();
        assert_eq!(e.to_string(), "bid 7 is more than P3 owns (5)");
        assert_eq!(a, before);
        assert_eq!(
            a.bid(s(3), 4),
            Err(TradeError::NotYourTurn {
                seat: s(3),
                expected: s(2)
            })
        );
        assert_eq!(a.bid(s(5), 4), Err(TradeError::NotInAuction(s(5))));
        assert_eq!(a, before);
        a.bid(s(2), 4).unwrap();
        // P4 owns 3 and cannot outbid 4: it must pass.
        assert_eq!(a.bid_range(s(3)), None);
        a.pass(s(3)).unwrap();
        assert_eq!(
            a.high(),
            Some(Bid {
                seat: s(2),
                amount: 4
            })
        );
    }

    #[test]
    fn once_around_all_pass_no_high() {
        let mut a = OnceAround::new(&[(s(0), 5), (s(1), 5)], 2).unwrap();
        assert_eq!(
            a.bid(s(0), 1),
            Err(TradeError::BidTooLow {
                seat: s(0),
                amount: 1,
                min: 2
            })
        );
        a.pass(s(0)).unwrap();
        a.pass(s(1)).unwrap();
        assert!(a.is_done());
        assert_eq!(a.high(), None);
        assert_eq!(a.bids_made(), 0);
    }

    #[test]
    fn once_around_bad_setup() {
        assert_eq!(OnceAround::new(&[], 1), Err(TradeError::NoBidders));
        assert_eq!(
            OnceAround::new(&[(s(1), 1)], 0),
            Err(TradeError::ZeroMinimumBid)
        );
        assert_eq!(
            OnceAround::new(&[(s(1), 1), (s(1), 2)], 1),
            Err(TradeError::DuplicateBidder(s(1)))
        );
        assert_eq!(
            OnceAround::new(&[(s(9), 1)], 1),
            Err(TradeError::SeatOutOfRange(9))
        );
        assert!(OnceAround::around(s(0), 4, &[1, 2], 1).is_err());
    }

    /// The largest bid accepted is the bidder's whole budget; one more is refused; a table of
    /// `MAX_SEATS` is the largest (issue 30, point 19).
    #[test]
    fn issue30_p19_once_around_accepts_a_bid_of_the_whole_budget_at_the_largest_table() {
        let budgets = [1, 2, 3, 4, 5, 6, 7, 8];
        let mut a = OnceAround::around(s(0), MAX_SEATS, &budgets, 1).unwrap();
        assert_eq!(a.bidders().count(), MAX_SEATS - 1);
        assert_eq!(a.bid_range(s(1)), Some((1, 2)));
        assert_eq!(
            a.bid(s(1), 3),
            Err(TradeError::BidOverBudget {
                seat: s(1),
                amount: 3,
                budget: 2
            })
        );
        a.bid(s(1), 2).unwrap();
        // P3 owns 3 and must outbid 2: exactly its budget.
        assert_eq!(a.bid_range(s(2)), Some((3, 3)));
        a.bid(s(2), 3).unwrap();
        assert_eq!(
            a.high(),
            Some(Bid {
                seat: s(2),
                amount: 3
            })
        );
        assert_eq!(a.budget(s(7)), Some(8));
        assert_eq!(a.richest(), 8);
        assert_eq!(
            OnceAround::around(s(0), MAX_SEATS + 1, &[1; MAX_SEATS + 1], 1),
            Err(TradeError::SeatOutOfRange(MAX_SEATS as u8 + 1))
        );
        assert_eq!(
            OnceAround::around(s(4), 4, &[1; 4], 1),
            Err(TradeError::SeatOutOfRange(5))
        );
    }

    /// The auction is over only once the last bidder has acted (mutation testing, issue 30).
    #[test]
    fn once_around_is_not_done_until_the_last_bidder_acts() {
        let mut a = OnceAround::new(&[(s(2), 5), (s(0), 5)], 1).unwrap();
        assert!(!a.is_done());
        a.pass(s(2)).unwrap();
        assert!(!a.is_done());
        a.bid(s(0), 1).unwrap();
        assert!(a.is_done());
    }
}
