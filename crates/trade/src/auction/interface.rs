//! One auction an engine drives whatever its format: whose decision it is, the legal bids,
//! bid or pass, and the result (winner, price, who pays what) under the format's payment and
//! tie rules. An engine stores an [`Auction`], never a concrete format, so any format can be
//! swapped in at any auction point. `Copy`, fixed-size, no heap.

use super::payment::pays;
use super::{
    amount_range, check_amount, check_seat, clockwise_key, places, AuctionFormat, AuctionKind,
    AuctionReport, Bid, OnceAround, OpenAscending, Payment, Places, Sealed, TieBreak, TieRule,
};
use crate::TradeError;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
enum Inner {
    Once(OnceAround),
    Open(OpenAscending),
    Sealed(Sealed),
}

/// An auction in any [`AuctionFormat`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Auction {
    format: AuctionFormat,
    /// The first bidder: once-around and open ascending start here; sealed ties in seat order
    /// count from here.
    start: Seat,
    min_bid: u32,
    inner: Inner,
}

/// Whose decision it is in an auction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// One bidder acts (once-around, open ascending).
    One(Seat),
    /// These bidders still have to commit, in any order (sealed).
    All(SeatSet),
    Over,
}

/// What the table hears of one bid or pass (see [`Auction::act`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Heard {
    Bid(Seat, u32),
    Passed(Seat),
    /// A sealed bid or pass is in; its amount is heard when all are.
    Sealed(Seat),
}

/// How an auction ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct AuctionResult {
    /// The winning bid (the winner's own bid, not its price); `None` when nobody bid, or when
    /// sealed bids tie at the top under [`TieRule::Shared`].
    pub winner: Option<Bid>,
    /// What each seat pays, indexed by seat.
    pub pays: [u32; MAX_SEATS],
    /// Each seat's last (highest) bid, indexed by seat; 0 for a seat that never bid.
    pub amounts: [u32; MAX_SEATS],
    /// The seats that bid at least once.
    pub bidders: SeatSet,
}

impl AuctionResult {
    /// What the winner pays (0 with no winner).
    pub fn price(&self) -> u32 {
        self.winner.map_or(0, |w| self.pays[w.seat.index()])
    }
}

impl Auction {
    /// An auction among `seats` from `start` (which must be one of them); `budgets`, indexed by
    /// seat, bound each bid; a bid is at least `min_bid` (≥ 1: 0 is a pass).
    pub fn new(
        format: AuctionFormat,
        seats: SeatSet,
        start: Seat,
        budgets: &[u32],
        min_bid: u32,
    ) -> Result<Auction, TradeError> {
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
        let inner = match format.kind {
            AuctionKind::OnceAround => {
                let mut order = [(Seat(0), 0u32); MAX_SEATS];
                let mut len = 0;
                for k in 0..MAX_SEATS {
                    let seat = Seat(((start.index() + k) % MAX_SEATS) as u8);
                    if seats.contains(seat) {
                        // Not `ok_or(error)`: that builds the error, and calls its drop, at
                        // every seat of every auction.
                        let Some(&budget) = budgets.get(seat.index()) else {
                            return Err(TradeError::MissingBudget {
                                seat,
                                given: budgets.len(),
                            });
                        };
                        order[len] = (seat, budget);
                        len += 1;
                    }
                }
                Inner::Once(OnceAround::new(&order[..len], min_bid)?)
            }
            // The payment given here is unused: `result` settles by the format's rule.
            AuctionKind::OpenAscending => Inner::Open(OpenAscending::new(
                seats,
                start,
                budgets,
                min_bid,
                Payment::WinnerPaysBank,
            )?),
            AuctionKind::Sealed => Inner::Sealed(Sealed::new(seats, budgets)?),
        };
        Ok(Auction {
            format,
            start,
            min_bid,
            inner,
        })
    }

    #[inline]
    pub fn format(&self) -> AuctionFormat {
        self.format
    }

    /// The first bidder.
    #[inline]
    pub fn start(&self) -> Seat {
        self.start
    }

    /// Every bidder.
    #[inline]
    pub fn seats(&self) -> SeatSet {
        match &self.inner {
            Inner::Once(a) => a.bidders().collect(),
            Inner::Open(a) => a.seats(),
            Inner::Sealed(a) => a.seats(),
        }
    }

    #[inline]
    pub fn turn(&self) -> Turn {
        match &self.inner {
            Inner::Once(a) => a.next_bidder().map_or(Turn::Over, Turn::One),
            Inner::Open(a) => a.to_move().map_or(Turn::Over, Turn::One),
            Inner::Sealed(a) if a.is_done() => Turn::Over,
            Inner::Sealed(a) => Turn::All(a.to_move()),
        }
    }

    /// The seats whose decision it is (one, or every sealed bidder yet to commit).
    #[inline]
    pub fn to_move(&self) -> SeatSet {
        match self.turn() {
            Turn::One(s) => SeatSet::single(s),
            Turn::All(set) => set,
            Turn::Over => SeatSet::EMPTY,
        }
    }

    #[inline]
    pub fn is_done(&self) -> bool {
        self.turn() == Turn::Over
    }

    /// The lowest bid accepted now.
    #[inline]
    pub fn min_next_bid(&self) -> u32 {
        match &self.inner {
            Inner::Once(a) => a.min_next_bid(),
            Inner::Open(a) => a.min_next_bid(),
            Inner::Sealed(_) => self.min_bid,
        }
    }

    /// What `seat` could bid when the auction opened, if it is a bidder.
    #[inline]
    pub fn budget(&self, seat: Seat) -> Option<u32> {
        match &self.inner {
            Inner::Once(a) => a.budget(seat),
            Inner::Open(a) => a.budget(seat),
            Inner::Sealed(a) => a.budget(seat),
        }
    }

    /// What `seat` may bid now; `None` when it is not its decision or it cannot bid (it must
    /// pass).
    #[inline]
    pub fn bid_range(&self, seat: Seat) -> Option<(u32, u32)> {
        match &self.inner {
            Inner::Once(a) => a.bid_range(seat),
            Inner::Open(a) => a.bid_range(seat),
            Inner::Sealed(a) => {
                if seat.index() >= MAX_SEATS || !a.to_move().contains(seat) {
                    return None;
                }
                amount_range(self.min_bid, a.budget(seat)?)
            }
        }
    }

    /// The high bid everyone may see: the bid to beat in an open format; a sealed auction
    /// shows its winning bid only once all are revealed.
    #[inline]
    pub fn high(&self) -> Option<Bid> {
        match &self.inner {
            Inner::Once(a) => a.high(),
            Inner::Open(a) => a.high(),
            Inner::Sealed(_) => self.result().ok().and_then(|r| r.winner),
        }
    }

    #[inline]
    pub fn bid(&mut self, seat: Seat, amount: u32) -> Result<(), TradeError> {
        match &mut self.inner {
            Inner::Once(a) => a.bid(seat, amount),
            Inner::Open(a) => a.bid(seat, amount),
            Inner::Sealed(a) => {
                // Turn errors first, as the open formats report them.
                let budget = match a.budget(seat) {
                    Some(b) if !a.is_done() && a.to_move().contains(seat) => b,
                    _ => return a.commit(seat, amount),
                };
                check_amount(seat, amount, self.min_bid, budget)?;
                a.commit(seat, amount)
            }
        }
    }

    #[inline]
    pub fn pass(&mut self, seat: Seat) -> Result<(), TradeError> {
        match &mut self.inner {
            Inner::Once(a) => a.pass(seat),
            Inner::Open(a) => a.pass(seat),
            Inner::Sealed(a) => a.commit(seat, 0),
        }
    }

    /// `seat` bids (`Some(amount)`) or passes (`None`), then `hear` is told what the
    /// table hears of it: the one way engines drive an auction decision.
    pub fn act(
        &mut self,
        seat: Seat,
        bid: Option<u32>,
        hear: impl FnMut(Heard),
    ) -> Result<(), TradeError> {
        match bid {
            Some(k) => self.bid(seat, k)?,
            None => self.pass(seat)?,
        }
        self.heard(seat, bid, hear);
        Ok(())
    }

    /// What the table hears of the bid (`Some(amount)`) or pass (`None`) `seat` has just made
    /// here: an open one at once; a sealed one only that it is in, then, when the last is in,
    /// every seat's bid or pass. Each engine turns these into its own events.
    #[inline]
    fn heard(&self, seat: Seat, bid: Option<u32>, mut hear: impl FnMut(Heard)) {
        if self.format.kind != AuctionKind::Sealed {
            hear(match bid {
                Some(amount) => Heard::Bid(seat, amount),
                None => Heard::Passed(seat),
            });
            return;
        }
        hear(Heard::Sealed(seat));
        if self.is_done() {
            for t in self.seats().iter() {
                hear(match self.shown_bid(t) {
                    Some(amount) => Heard::Bid(t, amount),
                    None => Heard::Passed(t),
                });
            }
        }
    }

    /// `seat`'s last bid as everyone may see it: open bids at once, sealed ones once all are
    /// revealed.
    #[inline]
    pub fn shown_bid(&self, seat: Seat) -> Option<u32> {
        match &self.inner {
            Inner::Once(a) => a.last_bid(seat),
            Inner::Open(a) => a.last_bid(seat),
            Inner::Sealed(a) => a.revealed(seat).filter(|&k| k > 0),
        }
    }

    /// `seat`'s own committed sealed bid (0 for a pass), for its own view only.
    #[inline]
    pub fn own_sealed_bid(&self, seat: Seat) -> Option<u32> {
        match &self.inner {
            Inner::Sealed(a) => a.committed(seat),
            _ => None,
        }
    }

    /// Seats that have committed a sealed bid (public: who has chosen, not what).
    #[inline]
    pub fn committed(&self) -> SeatSet {
        match &self.inner {
            Inner::Sealed(a) => SeatSet(a.seats().0 & !a.to_move().0),
            _ => SeatSet::EMPTY,
        }
    }

    /// Each seat's last bid, by seat, once the auction is over.
    fn amounts(&self) -> [u32; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for s in self.seats().iter() {
            out[s.index()] = match &self.inner {
                Inner::Once(a) => a.last_bid(s),
                Inner::Open(a) => a.last_bid(s),
                Inner::Sealed(a) => a.committed(s),
            }
            .unwrap_or(0);
        }
        out
    }

    /// The bidders ranked by their last bids under the format's tie rule (seat order counts
    /// from the first bidder); only seats that bid are placed. Only once the auction is over.
    pub fn places(&self) -> Result<Places, TradeError> {
        let r = self.result()?;
        Ok(places(&r.amounts, r.bidders, self.tie_break()))
    }

    fn tie_break(&self) -> TieBreak {
        match self.format.tie {
            TieRule::SeatOrder => TieBreak::SeatOrderFrom(self.start),
            TieRule::Shared => TieBreak::Shared,
        }
    }

    /// Each seat's last bid, by seat, and the rule's tie break: what a prize contest ranks
    /// (the Grand Vizier), only once the auction is over.
    pub fn revealed(&self) -> Result<([u32; MAX_SEATS], TieBreak), TradeError> {
        let r = self.result()?;
        Ok((r.amounts, self.tie_break()))
    }

    /// The winner and who pays what, under the format's payment and tie rules.
    pub fn result(&self) -> Result<AuctionResult, TradeError> {
        if !self.is_done() {
            return Err(TradeError::AuctionNotOver);
        }
        let amounts = self.amounts();
        let bidders: SeatSet = self
            .seats()
            .iter()
            .filter(|s| amounts[s.index()] > 0)
            .collect();
        let winner = match &self.inner {
            Inner::Once(a) => a.high(),
            Inner::Open(a) => a.high(),
            Inner::Sealed(_) => {
                let top = bidders.iter().map(|s| amounts[s.index()]).max();
                let tied: SeatSet = bidders
                    .iter()
                    .filter(|s| Some(amounts[s.index()]) == top)
                    .collect();
                match self.format.tie {
                    _ if tied.len() == 1 => tied.first(),
                    TieRule::Shared => None,
                    TieRule::SeatOrder => tied.iter().min_by_key(|&s| clockwise_key(self.start, s)),
                }
                .map(|seat| Bid {
                    seat,
                    amount: amounts[seat.index()],
                })
            }
        };
        Ok(AuctionResult {
            winner,
            pays: pays(self.format.payment, winner, &amounts, bidders, self.min_bid),
            amounts,
            bidders,
        })
    }

    /// The lab's report of a closed auction (value left for the engine to add).
    pub fn report(&self) -> Result<AuctionReport, TradeError> {
        Ok(self.report_of(&self.result()?))
    }

    /// [`Auction::report`] from the result the engine has already settled.
    pub fn report_of(&self, r: &AuctionResult) -> AuctionReport {
        let richest = match &self.inner {
            Inner::Once(a) => a.richest(),
            Inner::Open(a) => a.richest(),
            Inner::Sealed(a) => a.richest(),
        };
        let winner = r.winner.map(|w| w.seat);
        let budget = winner.and_then(|w| self.budget(w)).unwrap_or(0);
        AuctionReport {
            winner,
            price: r.price(),
            budget,
            richest: winner.is_some() && budget == richest,
            bidders: r.bidders.len() as u8,
            value: None,
        }
    }

    /// The auction as `viewer` may see it: other seats' sealed bids are blanked (who has
    /// committed stays public). Open formats show everything already.
    pub fn public(&self, viewer: Option<Seat>) -> Auction {
        self.redraw(viewer, None, |_| 0)
    }

    /// Search's guess at hidden information: every sealed bid but `keep`'s is redrawn by
    /// `draw(budget)` (0 ..= budget; a draw below the minimum bid is a pass), seat by seat in
    /// seat order, so replays are exact. `budgets` (by seat) replaces the bidders' budgets when
    /// the guess redrew what they own, in every format: an open auction's budgets bound the
    /// bids still to come, and would otherwise tell the search what the others truly own.
    pub fn redraw(
        &self,
        keep: Option<Seat>,
        budgets: Option<&[u32]>,
        mut draw: impl FnMut(u32) -> u32,
    ) -> Auction {
        let a = match (&self.inner, budgets) {
            (Inner::Sealed(a), _) => a,
            (Inner::Once(a), Some(b)) => {
                return Auction {
                    inner: Inner::Once(a.with_budgets(b)),
                    ..*self
                }
            }
            (Inner::Open(a), Some(b)) => {
                return Auction {
                    inner: Inner::Open(a.with_budgets(b)),
                    ..*self
                }
            }
            _ => return *self,
        };
        if a.is_done() {
            return *self;
        }
        let mut b = [0u32; MAX_SEATS];
        for s in a.seats().iter() {
            b[s.index()] = budgets
                .and_then(|x| x.get(s.index()).copied())
                .or(a.budget(s))
                .unwrap_or(0);
        }
        let budgets = b;
        let Ok(mut fresh) = Sealed::new(a.seats(), &budgets) else {
            return *self;
        };
        for s in a.seats().iter() {
            if let Some(k) = a.committed(s) {
                let k = if Some(s) == keep {
                    k
                } else {
                    match draw(budgets[s.index()]) {
                        k if k < self.min_bid => 0,
                        k => k,
                    }
                };
                let _ = fresh.commit(s, k.min(budgets[s.index()]));
            }
        }
        Auction {
            inner: Inner::Sealed(fresh),
            ..*self
        }
    }
}
