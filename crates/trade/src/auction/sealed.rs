//! Sealed (simultaneous) bids and what follows a reveal: places with their tie rules and the
//! Grand Vizier payout.

use super::{budgets_by_seat, clockwise_key, TieBreak};
use crate::TradeError;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};

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
/// paid). `tie` orders equal reveals (the rules: [`TieBreak::Shared`]). Returns what each seat
/// earns, indexed by seat.
pub fn vizier_payout(
    revealed: &[u32; MAX_SEATS],
    seats: SeatSet,
    prizes: Prizes,
    zero_places: bool,
    tie: TieBreak,
) -> [u32; MAX_SEATS] {
    let eligible: SeatSet = seats
        .iter()
        .filter(|s| zero_places || revealed[s.index()] > 0)
        .collect();
    // Competition places give exactly the rule: tied firsts push the next place to 3 or more.
    let p = places(revealed, eligible, tie);
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
        Ok(Sealed {
            budgets: budgets_by_seat(seats, budgets)?,
            amounts: [0; MAX_SEATS],
            seats,
            committed: SeatSet::EMPTY,
        })
    }

    /// Seats that still have to commit (the `Simultaneous` set).
    #[inline]
    pub fn to_move(&self) -> SeatSet {
        SeatSet(self.seats.0 & !self.committed.0)
    }

    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    #[inline]
    pub fn is_done(&self) -> bool {
        self.to_move().is_empty()
    }

    /// The most `seat` may commit.
    #[inline]
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
    #[inline]
    pub fn committed(&self, seat: Seat) -> Option<u32> {
        (seat.index() < MAX_SEATS && self.committed.contains(seat))
            .then(|| self.amounts[seat.index()])
    }

    /// The revealed amount of `seat`, once everyone has committed.
    #[inline]
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
            TieBreak::Shared,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(i: u8) -> Seat {
        Seat(i)
    }

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
        let out = vizier_payout(&full, SeatSet::full(4), P, zero, TieBreak::Shared);
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

    /// Place 0 is "not ranked": no seat is ever listed at it (mutation testing, issue 30).
    #[test]
    fn no_seat_holds_place_zero() {
        let p = places(
            &[3, 0, 1, 0, 0, 0, 0, 0],
            [s(0), s(2)].into_iter().collect(),
            TieBreak::Shared,
        );
        assert_eq!(p.seats_at(0), SeatSet::EMPTY);
        assert_eq!(p.place(s(1)), None);
        assert_eq!(p.seats_at(2), SeatSet::single(s(2)));
    }
}
