//! Seats at the table and sets of seats.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats any silk game supports (Splendor and Silk Road stop at 6; Cities allows 2–6).
pub const MAX_SEATS: usize = 8;

/// A player's place at the table, counted from 0 in clockwise order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places to the left (clockwise) at a table of `n`.
    pub const fn left(self, steps: usize, n: usize) -> Seat {
        Seat(((self.0 as usize + steps) % n) as u8)
    }

    /// All seats of a table of `n`, in order.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..n as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    /// Seats print 1-based, as players count them at a table (widened: a seat read from a file
    /// may be 255).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", u16::from(self.0) + 1)
    }
}

/// A set of seats as a bit mask: `Copy`, one byte, no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Every seat of a table of `n`.
    pub const fn full(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(Self::bit(seat))
    }
    /// The mask bit of `seat`; none for a seat beyond the mask (read from a file, say), so no
    /// set ever holds it.
    const fn bit(seat: Seat) -> u8 {
        match 1u8.checked_shl(seat.0 as u32) {
            Some(b) => b,
            None => 0,
        }
    }
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & Self::bit(seat) != 0
    }
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= Self::bit(seat);
    }
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !Self::bit(seat);
    }
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The lowest seat in the set.
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        (0..MAX_SEATS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut s = SeatSet::EMPTY;
        for seat in iter {
            s.insert(seat);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_wraps_clockwise() {
        assert_eq!(Seat(3).left(1, 4), Seat(0));
        assert_eq!(Seat(1).left(2, 4), Seat(3));
    }

    #[test]
    fn seat_set_basics() {
        let mut s = SeatSet::full(3);
        assert_eq!(s.len(), 3);
        s.remove(Seat(1));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(2)]);
        assert!(!s.contains(Seat(1)));
        assert_eq!(s.first(), Some(Seat(0)));
        assert_eq!(SeatSet::full(8).len(), 8);
    }

    /// A seat number read from a file (a journal, a replay) may be out of range: asking whether
    /// a set holds it answers no instead of overflowing the shift.
    #[test]
    fn seats_beyond_the_mask_are_in_no_set() {
        let full = SeatSet::full(8);
        assert!(!full.contains(Seat(8)));
        assert!(!full.contains(Seat(9)));
        assert!(!full.contains(Seat(255)));
        let mut s = SeatSet::EMPTY;
        s.insert(Seat(9));
        s.remove(Seat(200));
        assert!(s.is_empty());
    }
}
