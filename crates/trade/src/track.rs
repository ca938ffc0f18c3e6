//! Price tracks (Cities' silk track, 6 slots): cards enter at the front and age toward the back,
//! each slot has a fixed price. Slots are numbered from 0 here: slot 0 is the rulebook's slot 1.
//! A fine silk card is double width and occupies two adjacent slots. `Copy`, no allocation.

use crate::TradeError;
use serde::{Deserialize, Serialize};

/// A card on a track: a small card id and whether it is double width (fine silk).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct TrackCard {
    pub id: u8,
    pub wide: bool,
}

impl TrackCard {
    pub const fn single(id: u8) -> TrackCard {
        TrackCard { id, wide: false }
    }
    pub const fn double(id: u8) -> TrackCard {
        TrackCard { id, wide: true }
    }
    /// Slots occupied: 1 or 2.
    pub const fn width(self) -> usize {
        if self.wide {
            2
        } else {
            1
        }
    }
}

/// How a double-width card is priced when taken.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum FinePrice {
    /// The sum of the prices of its two slots.
    #[default]
    Sum,
    /// Twice the price of the slot its front half is on.
    TwiceCurrent,
}

/// One slot's content. A double card is a `Head` followed by a `Tail`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
enum Cell {
    #[default]
    Empty,
    Single(u8),
    Head(u8),
    Tail,
}

/// What fell off the back of a track on a push: at most two cards, in slot order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Fallen {
    cards: [Option<TrackCard>; 2],
}

impl Fallen {
    fn push(&mut self, c: TrackCard) {
        if let Some(slot) = self.cards.iter_mut().find(|c| c.is_none()) {
            *slot = Some(c);
        }
    }
    pub fn iter(&self) -> impl Iterator<Item = TrackCard> + '_ {
        self.cards.iter().flatten().copied()
    }
    pub fn len(&self) -> usize {
        self.cards.iter().flatten().count()
    }
    pub fn is_empty(&self) -> bool {
        self.cards[0].is_none()
    }
    /// The first card that fell, for single pushes.
    pub fn first(&self) -> Option<TrackCard> {
        self.cards[0]
    }
}

/// A card on the track as seen by iteration. `price` is the slot price, or the sum of both slots
/// for a double card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct TrackEntry {
    pub slot: usize,
    pub card: TrackCard,
    pub price: u32,
    pub width: usize,
}

/// A track of `N` priced slots.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct PriceTrack<const N: usize> {
    #[serde(with = "crate::serde_array")]
    cells: [Cell; N],
    #[serde(with = "crate::serde_array")]
    prices: [u16; N],
}

impl<const N: usize> PriceTrack<N> {
    /// An empty track with these slot prices (from data).
    pub fn new(prices: [u16; N]) -> Self {
        PriceTrack {
            cells: [Cell::Empty; N],
            prices,
        }
    }

    /// An empty track from a price list that must have exactly `N` entries.
    pub fn from_prices(prices: &[u16]) -> Result<Self, TradeError> {
        let p: [u16; N] = prices.try_into().map_err(|_| TradeError::SlotOutOfRange {
            slot: prices.len(),
            len: N,
        })?;
        Ok(Self::new(p))
    }

    pub fn prices(&self) -> &[u16; N] {
        &self.prices
    }

    /// The card whose front half is on `slot`, or that covers `slot`.
    pub fn card_at(&self, slot: usize) -> Option<TrackCard> {
        let head = self.head_of(slot).ok()?;
        self.card_of_head(head)
    }

    fn card_of_head(&self, head: usize) -> Option<TrackCard> {
        match self.cells[head] {
            Cell::Single(id) => Some(TrackCard::single(id)),
            Cell::Head(id) => Some(TrackCard::double(id)),
            _ => None,
        }
    }

    /// The front slot of the card covering `slot`.
    fn head_of(&self, slot: usize) -> Result<usize, TradeError> {
        match self.cells.get(slot) {
            None => Err(TradeError::SlotOutOfRange { slot, len: N }),
            Some(Cell::Empty) => Err(TradeError::SlotEmpty(slot)),
            Some(Cell::Tail) => Ok(slot.saturating_sub(1)),
            Some(_) => Ok(slot),
        }
    }

    /// Number of cards on the track.
    pub fn len(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::Single(_) | Cell::Head(_)))
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|c| *c == Cell::Empty)
    }

    pub fn empty_slots(&self) -> usize {
        self.cells.iter().filter(|c| **c == Cell::Empty).count()
    }

    fn put(cells: &mut [Cell; N], at: usize, card: TrackCard) {
        if card.wide {
            cells[at] = Cell::Head(card.id);
            cells[at + 1] = Cell::Tail;
        } else {
            cells[at] = Cell::Single(card.id);
        }
    }

    /// Puts `card` on slot 0 and pushes everything (gaps included) back by its width; whatever no
    /// longer fits falls off the back, a double card as a whole.
    pub fn push_front(&mut self, card: TrackCard) -> Result<Fallen, TradeError> {
        let w = card.width();
        if w > N {
            return Err(TradeError::TrackTooShort);
        }
        let mut cells = [Cell::Empty; N];
        let mut fallen = Fallen::default();
        for i in 0..N {
            if let Some(c) = self.card_of_head(i) {
                if i + w + c.width() <= N {
                    Self::put(&mut cells, i + w, c);
                } else {
                    fallen.push(c);
                }
            }
        }
        Self::put(&mut cells, 0, card);
        self.cells = cells;
        Ok(fallen)
    }

    /// The lowest free place for `card`: one empty slot, or two adjacent ones for a double.
    pub fn lowest_empty_for(&self, card: TrackCard) -> Option<usize> {
        let w = card.width();
        (0..(N + 1).saturating_sub(w))
            .find(|&i| self.cells[i..i + w].iter().all(|c| *c == Cell::Empty))
    }

    fn span_price(&self, head: usize, width: usize) -> u32 {
        self.prices[head..head + width]
            .iter()
            .map(|&p| p as u32)
            .sum()
    }

    /// A sale places `card` on the lowest empty slot (two adjacent for a double) and earns that
    /// slot's price (the sum of both for a double). Returns `(slot, price)`.
    pub fn fill_lowest_empty(&mut self, card: TrackCard) -> Result<(usize, u32), TradeError> {
        let slot = self.lowest_empty_for(card).ok_or(TradeError::TrackFull)?;
        Self::put(&mut self.cells, slot, card);
        Ok((slot, self.span_price(slot, card.width())))
    }

    /// The price `take(slot, fine)` would pay, without taking.
    pub fn price_at(&self, slot: usize, fine: FinePrice) -> Result<u32, TradeError> {
        let head = self.head_of(slot)?;
        Ok(match self.cells[head] {
            Cell::Head(_) => match fine {
                FinePrice::Sum => self.span_price(head, 2),
                FinePrice::TwiceCurrent => 2 * self.prices[head] as u32,
            },
            _ => self.prices[head] as u32,
        })
    }

    /// Takes the card covering `slot` (either half of a double) and its price; leaves a gap.
    pub fn take(&mut self, slot: usize, fine: FinePrice) -> Result<(TrackCard, u32), TradeError> {
        let price = self.price_at(slot, fine)?;
        let head = self.head_of(slot)?;
        let card = self.card_of_head(head).ok_or(TradeError::SlotEmpty(slot))?;
        self.cells[head] = Cell::Empty;
        if card.wide {
            self.cells[head + 1] = Cell::Empty;
        }
        Ok((card, price))
    }

    /// Removes the most recent card — the one nearest slot 0, since cards enter at the front —
    /// returning its slot and the card.
    pub fn remove_most_recent(&mut self) -> Option<(usize, TrackCard)> {
        let head = (0..N).find(|&i| self.card_of_head(i).is_some())?;
        let card = self.card_of_head(head)?;
        self.cells[head] = Cell::Empty;
        if card.wide {
            self.cells[head + 1] = Cell::Empty;
        }
        Some((head, card))
    }

    pub fn clear(&mut self) {
        self.cells = [Cell::Empty; N];
    }

    /// Closes the gaps toward slot 0, keeping the cards' order.
    pub fn compact(&mut self) {
        let mut cells = [Cell::Empty; N];
        let mut at = 0;
        for i in 0..N {
            if let Some(c) = self.card_of_head(i) {
                Self::put(&mut cells, at, c);
                at += c.width();
            }
        }
        self.cells = cells;
    }

    /// The cards from slot 0 back, each with its front slot, price (sum for a double) and width.
    pub fn iter(&self) -> impl Iterator<Item = TrackEntry> + '_ {
        (0..N).filter_map(move |slot| {
            let card = self.card_of_head(slot)?;
            let width = card.width();
            Some(TrackEntry {
                slot,
                card,
                price: self.span_price(slot, width),
                width,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRICES: [u16; 6] = [1, 2, 3, 4, 5, 6];

    fn ids<const N: usize>(t: &PriceTrack<N>) -> Vec<(usize, u8, usize)> {
        t.iter().map(|e| (e.slot, e.card.id, e.width)).collect()
    }

    #[test]
    fn push_and_fall_off() {
        let mut t = PriceTrack::new(PRICES);
        for id in 1..=6 {
            assert!(t.push_front(TrackCard::single(id)).unwrap().is_empty());
        }
        assert_eq!(
            ids(&t),
            vec![
                (0, 6, 1),
                (1, 5, 1),
                (2, 4, 1),
                (3, 3, 1),
                (4, 2, 1),
                (5, 1, 1)
            ]
        );
        let f = t.push_front(TrackCard::single(7)).unwrap();
        assert_eq!(f.first(), Some(TrackCard::single(1)));
        assert_eq!(f.len(), 1);
        assert_eq!(t.len(), 6);
        assert_eq!(t.card_at(5), Some(TrackCard::single(2)));
    }

    #[test]
    fn gaps_move_with_the_push() {
        let mut t = PriceTrack::new(PRICES);
        t.push_front(TrackCard::single(1)).unwrap();
        t.push_front(TrackCard::single(2)).unwrap();
        t.take(0, FinePrice::Sum).unwrap();
        t.push_front(TrackCard::single(3)).unwrap();
        assert_eq!(ids(&t), vec![(0, 3, 1), (2, 1, 1)]);
    }

    #[test]
    fn double_push_and_fall_off() {
        let mut t = PriceTrack::new(PRICES);
        for id in 1..=4 {
            t.push_front(TrackCard::single(id)).unwrap();
        }
        // A double pushes by two: 4 singles at 0..4 move to 2..6.
        let f = t.push_front(TrackCard::double(9)).unwrap();
        assert!(f.is_empty());
        assert_eq!(
            ids(&t),
            vec![(0, 9, 2), (2, 4, 1), (3, 3, 1), (4, 2, 1), (5, 1, 1)]
        );
        // Another double: two singles fall at once.
        let f = t.push_front(TrackCard::double(8)).unwrap();
        assert_eq!(
            f.iter().collect::<Vec<_>>(),
            vec![TrackCard::single(2), TrackCard::single(1)]
        );
        assert_eq!(ids(&t), vec![(0, 8, 2), (2, 9, 2), (4, 4, 1), (5, 3, 1)]);
        // A single push makes the double on 2-3 go to 3-4 and the singles shift; 3 falls.
        let f = t.push_front(TrackCard::single(7)).unwrap();
        assert_eq!(f.first(), Some(TrackCard::single(3)));
        assert_eq!(ids(&t), vec![(0, 7, 1), (1, 8, 2), (3, 9, 2), (5, 4, 1)]);
        // Next single push: the double on 3-4 would straddle the end? no: 4-5 fits; 4 falls.
        let f = t.push_front(TrackCard::single(6)).unwrap();
        assert_eq!(f.first(), Some(TrackCard::single(4)));
        // Then the double at 4-5 cannot move to 5-6: it falls as a whole.
        let f = t.push_front(TrackCard::single(5)).unwrap();
        assert_eq!(f.iter().collect::<Vec<_>>(), vec![TrackCard::double(9)]);
        assert_eq!(ids(&t), vec![(0, 5, 1), (1, 6, 1), (2, 7, 1), (3, 8, 2)]);
        assert_eq!(t.empty_slots(), 1);
    }

    #[test]
    fn fill_lowest_empty() {
        let mut t = PriceTrack::new(PRICES);
        assert_eq!(t.fill_lowest_empty(TrackCard::single(1)), Ok((0, 1)));
        assert_eq!(t.fill_lowest_empty(TrackCard::single(2)), Ok((1, 2)));
        t.take(0, FinePrice::Sum).unwrap();
        assert_eq!(t.fill_lowest_empty(TrackCard::single(3)), Ok((0, 1)));
        // A double needs two adjacent empty slots: 2 and 3, price 3 + 4.
        assert_eq!(t.fill_lowest_empty(TrackCard::double(4)), Ok((2, 7)));
        assert_eq!(t.fill_lowest_empty(TrackCard::single(5)), Ok((4, 5)));
        // Only slot 5 is left: a double does not fit, a single does.
        let before = t;
        assert_eq!(
            t.fill_lowest_empty(TrackCard::double(6)),
            Err(TradeError::TrackFull)
        );
        assert_eq!(t, before);
        assert_eq!(t.fill_lowest_empty(TrackCard::single(6)), Ok((5, 6)));
        let before = t;
        assert_eq!(
            t.fill_lowest_empty(TrackCard::single(7)),
            Err(TradeError::TrackFull)
        );
        assert_eq!(t, before);
    }

    #[test]
    fn fine_price_sum_vs_twice_current() {
        let mut t = PriceTrack::new(PRICES);
        t.push_front(TrackCard::single(1)).unwrap();
        t.push_front(TrackCard::single(2)).unwrap();
        t.push_front(TrackCard::double(3)).unwrap();
        t.push_front(TrackCard::single(4)).unwrap();
        // The double is on slots 1-2 (prices 2 and 3).
        assert_eq!(t.price_at(1, FinePrice::Sum), Ok(5));
        assert_eq!(t.price_at(2, FinePrice::Sum), Ok(5));
        assert_eq!(t.price_at(1, FinePrice::TwiceCurrent), Ok(4));
        let mut u = t;
        assert_eq!(
            u.take(2, FinePrice::TwiceCurrent),
            Ok((TrackCard::double(3), 4))
        );
        assert_eq!(t.take(1, FinePrice::Sum), Ok((TrackCard::double(3), 5)));
        assert_eq!(t.card_at(1), None);
        assert_eq!(t.card_at(2), None);
        assert_eq!(t, u);
    }

    #[test]
    fn take_errors_leave_unchanged() {
        let mut t = PriceTrack::new(PRICES);
        t.push_front(TrackCard::single(1)).unwrap();
        let before = t;
        assert_eq!(t.take(3, FinePrice::Sum), Err(TradeError::SlotEmpty(3)));
        assert_eq!(
            t.take(6, FinePrice::Sum),
            Err(TradeError::SlotOutOfRange { slot: 6, len: 6 })
        );
        assert_eq!(t, before);
        let mut one = PriceTrack::new([5]);
        assert_eq!(
            one.push_front(TrackCard::double(1)),
            Err(TradeError::TrackTooShort)
        );
    }

    #[test]
    fn most_recent_clear_compact() {
        let mut t = PriceTrack::new(PRICES);
        for id in 1..=4 {
            t.push_front(TrackCard::single(id)).unwrap();
        }
        assert_eq!(t.remove_most_recent(), Some((0, TrackCard::single(4))));
        t.take(2, FinePrice::Sum).unwrap();
        assert_eq!(ids(&t), vec![(1, 3, 1), (3, 1, 1)]);
        t.compact();
        assert_eq!(ids(&t), vec![(0, 3, 1), (1, 1, 1)]);
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.remove_most_recent(), None);
    }

    #[test]
    fn serde_round_trip() {
        let mut t = PriceTrack::new(PRICES);
        t.push_front(TrackCard::double(3)).unwrap();
        let j = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<PriceTrack<6>>(&j).unwrap(), t);
        assert!(serde_json::from_str::<PriceTrack<5>>(&j).is_err());
        assert!(std::mem::size_of::<PriceTrack<6>>() <= 24);
    }

    /// `TwiceCurrent` doubles the price of the slot the card's front half is on, at any price
    /// (at price 2, 2 × 2 = 2 + 2 would hide a sum; issue 30, point 19).
    #[test]
    fn issue30_p19_twice_current_doubles_the_front_slot_at_prices_other_than_2() {
        let mut t = PriceTrack::new([1u16, 2, 3, 4, 5, 7]);
        t.push_front(TrackCard::double(1)).unwrap();
        t.push_front(TrackCard::double(2)).unwrap();
        t.push_front(TrackCard::double(3)).unwrap();
        // Doubles on slots 0-1 (prices 1, 2), 2-3 (3, 4) and 4-5 (5, 7).
        for (slot, twice, sum) in [
            (0, 2, 3),
            (1, 2, 3),
            (2, 6, 7),
            (3, 6, 7),
            (4, 10, 12),
            (5, 10, 12),
        ] {
            assert_eq!(
                t.price_at(slot, FinePrice::TwiceCurrent),
                Ok(twice),
                "slot {slot}"
            );
            assert_eq!(t.price_at(slot, FinePrice::Sum), Ok(sum), "slot {slot}");
        }
        let mut u = t;
        assert_eq!(
            u.take(5, FinePrice::TwiceCurrent),
            Ok((TrackCard::double(1), 10))
        );
        // A single card is its slot's price under either rule.
        let mut s = PriceTrack::new([1u16, 2, 3, 4, 5, 7]);
        s.fill_lowest_empty(TrackCard::single(9)).unwrap();
        s.fill_lowest_empty(TrackCard::single(8)).unwrap();
        assert_eq!(s.price_at(1, FinePrice::TwiceCurrent), Ok(2));
        assert_eq!(s.price_at(0, FinePrice::TwiceCurrent), Ok(1));
    }

    /// A track is empty only with no card, a push reports what fell, and a double fits a track
    /// exactly two slots long (mutation testing, issue 30).
    #[test]
    fn emptiness_what_fell_and_a_double_on_a_two_slot_track() {
        let mut t = PriceTrack::new([3u16, 5]);
        assert!(t.is_empty());
        assert!(t.push_front(TrackCard::double(1)).unwrap().is_empty());
        assert!(!t.is_empty());
        assert_eq!(t.price_at(1, FinePrice::TwiceCurrent), Ok(6));
        let f = t.push_front(TrackCard::single(2)).unwrap();
        assert!(!f.is_empty());
        assert_eq!(f.first(), Some(TrackCard::double(1)));
    }
}
