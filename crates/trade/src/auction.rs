//! Auctions. Every bid or pass is a decision of one seat, so bots and humans drive an auction the
//! same way: the state machine says whose decision it is, the engine turns it into `ToMove`.
//! All three auctions are `Copy` (tens of bytes) and never allocate.

use crate::TradeError;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};

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
    budgets
        .get(seat.index())
        .copied()
        .ok_or(TradeError::MissingBudget {
            seat,
            given: budgets.len(),
        })
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

// ---------------------------------------------------------------------------------------------

/// Silk Road's leader auction: the bidders, in a fixed order (usually the leader pawn holder's
/// left, clockwise, holder excluded), each act exactly once: pass, or bid strictly more than the
/// high bid and no more than they own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct OnceAround {
    order: [Seat; MAX_SEATS],
    /// Budgets by position in `order`.
    budgets: [u32; MAX_SEATS],
    len: u8,
    next: u8,
    bids_made: u8,
    min_bid: u32,
    high: Option<Bid>,
}

impl OnceAround {
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
    pub fn next_bidder(&self) -> Option<Seat> {
        (self.next < self.len).then(|| self.order[self.next as usize])
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.len
    }

    /// The bid to beat, if any.
    pub fn high(&self) -> Option<Bid> {
        self.high
    }

    /// How many bids (not passes) were made so far.
    pub fn bids_made(&self) -> u8 {
        self.bids_made
    }

    /// The lowest bid that would be accepted now, whoever makes it.
    pub fn min_next_bid(&self) -> u32 {
        self.high.map_or(self.min_bid, |h| {
            h.amount.saturating_add(1).max(self.min_bid)
        })
    }

    /// The bidders in acting order.
    pub fn bidders(&self) -> impl Iterator<Item = Seat> + '_ {
        self.order[..self.len as usize].iter().copied()
    }

    /// What `seat` may bid, if it is `seat`'s turn; `None` when it cannot outbid (it must pass).
    pub fn bid_range(&self, seat: Seat) -> Option<(u32, u32)> {
        if self.next_bidder() != Some(seat) {
            return None;
        }
        let (min, max) = (self.min_next_bid(), self.budgets[self.next as usize]);
        (min <= max).then_some((min, max))
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
        let min = self.min_next_bid();
        if amount < min {
            return Err(TradeError::BidTooLow { seat, amount, min });
        }
        let budget = self.budgets[self.next as usize];
        if amount > budget {
            return Err(TradeError::BidOverBudget {
                seat,
                amount,
                budget,
            });
        }
        self.high = Some(Bid { seat, amount });
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

// ---------------------------------------------------------------------------------------------

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
        let mut b = [0; MAX_SEATS];
        for seat in seats.iter() {
            b[seat.index()] = budget_of(budgets, seat)?;
        }
        Ok(OpenAscending {
            budgets: b,
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
        let (min, max) = (self.min_next_bid(), self.budgets[seat.index()]);
        (min <= max).then_some((min, max))
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
        let min = self.min_next_bid();
        if amount < min {
            return Err(TradeError::BidTooLow { seat, amount, min });
        }
        let budget = self.budgets[seat.index()];
        if amount > budget {
            return Err(TradeError::BidOverBudget {
                seat,
                amount,
                budget,
            });
        }
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
        let mut pays = [0u32; MAX_SEATS];
        let receiver = match self.payment {
            Payment::WinnerPaysBank => Receiver::Bank,
            Payment::WinnerPaysSeller(s) => Receiver::Seat(s),
            Payment::EveryBidderPaysLastBid => Receiver::Bank,
        };
        match self.payment {
            Payment::EveryBidderPaysLastBid => {
                for s in self.took_part.iter() {
                    pays[s.index()] = self.last_bid[s.index()];
                }
            }
            _ => {
                if let Some(h) = self.high {
                    pays[h.seat.index()] = h.amount;
                }
            }
        }
        Ok(Settlement {
            winner: self.high,
            pays,
            receiver,
            total: pays.iter().sum(),
        })
    }
}

// ---------------------------------------------------------------------------------------------

/// Places after a ranking, indexed by seat: 1 is first, 0 means not ranked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Places {
    place: [u8; MAX_SEATS],
}

impl Places {
    pub fn place(&self, seat: Seat) -> Option<u8> {
        self.place.get(seat.index()).copied().filter(|&p| p > 0)
    }

    /// Seats holding place `p` (several when tied).
    pub fn seats_at(&self, p: u8) -> SeatSet {
        (0..MAX_SEATS as u8)
            .map(Seat)
            .filter(|s| p > 0 && self.place[s.index()] == p)
            .collect()
    }

    pub fn winners(&self) -> SeatSet {
        self.seats_at(1)
    }

    /// `(place, seat)` from first to last; tied seats by seat number.
    pub fn ranked(&self) -> impl Iterator<Item = (u8, Seat)> + '_ {
        (1..=MAX_SEATS as u8).flat_map(move |p| self.seats_at(p).iter().map(move |s| (p, s)))
    }
}

/// Ranks `seats` by `values` (indexed by seat), highest first, with competition places: tied
/// seats share a place and the next place is skipped.
pub fn places(values: &[u32; MAX_SEATS], seats: SeatSet, tie: TieBreak) -> Places {
    let mut out = Places::default();
    for s in seats.iter() {
        let v = values[s.index()];
        let better = seats
            .iter()
            .filter(|&t| {
                let w = values[t.index()];
                w > v
                    || (w == v
                        && match tie {
                            TieBreak::Shared => false,
                            TieBreak::SeatOrderFrom(f) => clockwise_key(f, t) < clockwise_key(f, s),
                        })
            })
            .count();
        out.place[s.index()] = better as u8 + 1;
    }
    out
}

/// First and second prize of a reveal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Prizes {
    pub first: u32,
    pub second: u32,
}

impl Prizes {
    /// The Grand Vizier's prizes: 5 for the most, 3 for the second most.
    pub const GRAND_VIZIER: Prizes = Prizes {
        first: 5,
        second: 3,
    };
}

/// The Grand Vizier payout: the most revealed earns `first`, the second most `second`. Tied firsts
/// all earn `first` and nobody is second; a single first leaves `second` to every tied second.
/// With `zero_places == false` a reveal of 0 never places (so if everyone shows 0, nobody is
/// paid). Returns what each seat earns, indexed by seat.
pub fn vizier_payout(
    revealed: &[u32; MAX_SEATS],
    seats: SeatSet,
    prizes: Prizes,
    zero_places: bool,
) -> [u32; MAX_SEATS] {
    let eligible: SeatSet = seats
        .iter()
        .filter(|s| zero_places || revealed[s.index()] > 0)
        .collect();
    // Competition places give exactly the rule: tied firsts push the next place to 3 or more.
    let p = places(revealed, eligible, TieBreak::Shared);
    let mut pay = [0; MAX_SEATS];
    for s in eligible.iter() {
        pay[s.index()] = match p.place(s) {
            Some(1) => prizes.first,
            Some(2) => prizes.second,
            _ => 0,
        };
    }
    pay
}

/// Simultaneous sealed commitment (sealed bids, the Grand Vizier reveal): every seat of a set
/// commits a hidden amount in any order; once all have, the amounts are revealed.
/// `committed` amounts are hidden information: engines must not show them before `is_done`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Sealed {
    budgets: [u32; MAX_SEATS],
    amounts: [u32; MAX_SEATS],
    seats: SeatSet,
    committed: SeatSet,
}

impl Sealed {
    /// `budgets` is indexed by seat and bounds each commitment.
    pub fn new(seats: SeatSet, budgets: &[u32]) -> Result<Sealed, TradeError> {
        if seats.is_empty() {
            return Err(TradeError::NoBidders);
        }
        let mut b = [0; MAX_SEATS];
        for seat in seats.iter() {
            b[seat.index()] = budget_of(budgets, seat)?;
        }
        Ok(Sealed {
            budgets: b,
            amounts: [0; MAX_SEATS],
            seats,
            committed: SeatSet::EMPTY,
        })
    }

    /// Seats that still have to commit (the `Simultaneous` set).
    pub fn to_move(&self) -> SeatSet {
        SeatSet(self.seats.0 & !self.committed.0)
    }

    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    pub fn is_done(&self) -> bool {
        self.to_move().is_empty()
    }

    /// The most `seat` may commit.
    pub fn budget(&self, seat: Seat) -> Option<u32> {
        (seat.index() < MAX_SEATS && self.seats.contains(seat)).then(|| self.budgets[seat.index()])
    }

    pub fn commit(&mut self, seat: Seat, amount: u32) -> Result<(), TradeError> {
        if self.is_done() {
            return Err(TradeError::AuctionOver);
        }
        if seat.index() >= MAX_SEATS || !self.seats.contains(seat) {
            return Err(TradeError::NotInAuction(seat));
        }
        if self.committed.contains(seat) {
            return Err(TradeError::AlreadyCommitted(seat));
        }
        let budget = self.budgets[seat.index()];
        if amount > budget {
            return Err(TradeError::BidOverBudget {
                seat,
                amount,
                budget,
            });
        }
        self.amounts[seat.index()] = amount;
        self.committed.insert(seat);
        Ok(())
    }

    /// The hidden amount `seat` committed, for the engine only (not for views before the reveal).
    pub fn committed(&self, seat: Seat) -> Option<u32> {
        (seat.index() < MAX_SEATS && self.committed.contains(seat))
            .then(|| self.amounts[seat.index()])
    }

    /// The revealed amount of `seat`, once everyone has committed.
    pub fn revealed(&self, seat: Seat) -> Option<u32> {
        if self.is_done() {
            self.committed(seat)
        } else {
            None
        }
    }

    /// All revealed amounts indexed by seat (0 for seats outside the set).
    pub fn amounts(&self) -> Result<[u32; MAX_SEATS], TradeError> {
        if self.is_done() {
            Ok(self.amounts)
        } else {
            Err(TradeError::AuctionNotOver)
        }
    }

    /// Places by revealed amount, highest first.
    pub fn places(&self, tie: TieBreak) -> Result<Places, TradeError> {
        Ok(places(&self.amounts()?, self.seats, tie))
    }

    /// The Grand Vizier payout of this reveal; see [`vizier_payout`].
    pub fn vizier(
        &self,
        prizes: Prizes,
        zero_places: bool,
    ) -> Result<[u32; MAX_SEATS], TradeError> {
        Ok(vizier_payout(
            &self.amounts()?,
            self.seats,
            prizes,
            zero_places,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(i: u8) -> Seat {
        Seat(i)
    }

    // --- once around ---

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

    // --- open ascending ---

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

    // --- sealed ---

    #[test]
    fn sealed_commit_order_is_irrelevant() {
        let seats = SeatSet::full(3);
        let mut a = Sealed::new(seats, &[5, 5, 5]).unwrap();
        let mut b = a;
        assert_eq!(a.to_move(), seats);
        a.commit(s(0), 3).unwrap();
        assert_eq!(a.revealed(s(0)), None);
        a.commit(s(1), 1).unwrap();
        a.commit(s(2), 4).unwrap();
        b.commit(s(2), 4).unwrap();
        b.commit(s(0), 3).unwrap();
        b.commit(s(1), 1).unwrap();
        assert!(a.is_done() && b.is_done());
        assert_eq!(a.amounts(), b.amounts());
        assert_eq!(a.places(TieBreak::Shared), b.places(TieBreak::Shared));
        let p = a.places(TieBreak::Shared).unwrap();
        assert_eq!(p.place(s(2)), Some(1));
        assert_eq!(p.place(s(0)), Some(2));
        assert_eq!(p.place(s(1)), Some(3));
        assert_eq!(
            p.ranked().collect::<Vec<_>>(),
            vec![(1, s(2)), (2, s(0)), (3, s(1))]
        );
    }

    #[test]
    fn sealed_errors_leave_unchanged() {
        let mut a = Sealed::new(SeatSet::full(2), &[5, 2]).unwrap();
        let before = a;
        assert_eq!(
            a.commit(s(1), 3),
            Err(TradeError::BidOverBudget {
                seat: s(1),
                amount: 3,
                budget: 2
            })
        );
        assert_eq!(a.commit(s(4), 1), Err(TradeError::NotInAuction(s(4))));
        assert_eq!(a, before);
        a.commit(s(1), 2).unwrap();
        let before = a;
        assert_eq!(a.commit(s(1), 1), Err(TradeError::AlreadyCommitted(s(1))));
        assert_eq!(a, before);
        assert_eq!(a.places(TieBreak::Shared), Err(TradeError::AuctionNotOver));
        a.commit(s(0), 0).unwrap();
        assert_eq!(a.commit(s(0), 0), Err(TradeError::AuctionOver));
    }

    #[test]
    fn tie_break_by_seat_order() {
        let v = [4, 4, 2, 4, 0, 0, 0, 0];
        let seats = SeatSet::full(4);
        let shared = places(&v, seats, TieBreak::Shared);
        assert_eq!(shared.winners(), [s(0), s(1), s(3)].into_iter().collect());
        assert_eq!(shared.place(s(2)), Some(4));
        let from2 = places(&v, seats, TieBreak::SeatOrderFrom(s(2)));
        // Clockwise from P3: P4, P1, P2.
        assert_eq!(from2.place(s(3)), Some(1));
        assert_eq!(from2.place(s(0)), Some(2));
        assert_eq!(from2.place(s(1)), Some(3));
        assert_eq!(from2.place(s(2)), Some(4));
    }

    const P: Prizes = Prizes::GRAND_VIZIER;

    fn vz(v: [u32; 4], zero: bool) -> [u32; 4] {
        let mut full = [0; MAX_SEATS];
        full[..4].copy_from_slice(&v);
        let out = vizier_payout(&full, SeatSet::full(4), P, zero);
        [out[0], out[1], out[2], out[3]]
    }

    #[test]
    fn vizier_single_first_single_second() {
        assert_eq!(vz([3, 1, 2, 0], false), [5, 0, 3, 0]);
    }

    #[test]
    fn vizier_tied_firsts_no_second() {
        assert_eq!(vz([3, 3, 2, 1], false), [5, 5, 0, 0]);
    }

    #[test]
    fn vizier_single_first_tied_seconds() {
        assert_eq!(vz([4, 2, 2, 1], false), [5, 3, 3, 0]);
    }

    #[test]
    fn vizier_all_zero() {
        assert_eq!(vz([0, 0, 0, 0], false), [0, 0, 0, 0]);
        assert_eq!(vz([0, 0, 0, 0], true), [5, 5, 5, 5]);
    }

    #[test]
    fn vizier_zero_places_flag() {
        // One shows 2, the rest 0: zeros are second only when zero places.
        assert_eq!(vz([2, 0, 0, 0], false), [5, 0, 0, 0]);
        assert_eq!(vz([2, 0, 0, 0], true), [5, 3, 3, 3]);
        let mut a = Sealed::new(SeatSet::full(2), &[5, 5]).unwrap();
        a.commit(s(0), 2).unwrap();
        a.commit(s(1), 0).unwrap();
        assert_eq!(
            a.vizier(
                Prizes {
                    first: 7,
                    second: 1
                },
                true
            )
            .unwrap()[..2],
            [7, 1]
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

    #[test]
    fn types_are_small() {
        assert!(std::mem::size_of::<OnceAround>() <= 64);
        assert!(std::mem::size_of::<OpenAscending>() <= 96);
        assert!(std::mem::size_of::<Sealed>() <= 72);
    }
}
