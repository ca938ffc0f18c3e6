//! What a player lacks for each card they could buy, every card at once: the test behind every
//! purchase the turn offers (with gems alone, or with gold covering the rest), and the first
//! step of counting gold payments.
//!
//! Without the Orient's places there are 15 places to buy from (12 face-up, 3 reserved), and
//! the gems lacking for each are one saturating subtraction and one byte sum: on x86-64 the
//! SSE2 instructions do both for two cards at a time (`psubusb`, `psadbw`), for all the cards in
//! about half the instructions a word at a time takes to test them without gold, a quarter of
//! those it takes to sum what each lacks.

use crate::action::RESERVED_SRC;
use crate::rules::{NONE, SLOTS};
use crate::state::State;

/// The places to buy from in a game without the Orient's places, in the order the buys are
/// listed: the face-up places level by level (`level * 4 + slot`), then the reserved places;
/// the 16th source is never a card.
pub const SOURCES: usize = 16;
/// The first reserved place among the sources.
pub const FIRST_RESERVED: usize = 12;
/// The face-up places among the sources, as bits.
pub const FACE_UP: u16 = (1 << FIRST_RESERVED) - 1;

/// The buying source (`src`: `level * 6 + slot`, or `RESERVED_SRC` + the reserved place) of
/// each source; the 16th, never a card, as the third reserved place.
pub const SOURCE_SRC: [u8; SOURCES] = {
    let mut t = [0; SOURCES];
    let mut k = 0;
    while k < SOURCES {
        t[k] = if k < FIRST_RESERVED {
            (k / 4 * SLOTS + k % 4) as u8
        } else {
            RESERVED_SRC + if k < 15 { k - FIRST_RESERVED } else { 2 } as u8
        };
        k += 1;
    }
    t
};

/// Per source (one byte each, source `k` in byte `k`), the gems player `p` lacks for its card
/// beyond `have` (bonuses and gems, packed), all colours together (at most 35: no card costs
/// more than 7 of a colour), 255 for no card; the mask of the sources where that is at most
/// `wild` (bit `k` for source `k`), and the mask of those that hold a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lacks {
    pub lack: [u8; SOURCES],
    pub within: u16,
    pub cards: u16,
}

impl Lacks {
    /// The gems lacking for source `k`'s card.
    #[inline]
    pub fn of(&self, k: usize) -> u32 {
        self.lack[k] as u32
    }
}

/// The cards to buy: the face-up places (all levels, Orient's places too) and a hand of
/// reserved cards, `NONE` for an empty place.
#[derive(Clone, Copy)]
pub struct Cards<'a> {
    pub board: &'a [[u8; SLOTS]; 3],
    pub reserved: &'a [u8; 3],
}

impl Cards<'_> {
    /// Player `p`'s.
    #[inline(always)]
    pub fn of(s: &State, p: usize) -> Cards<'_> {
        Cards {
            board: &s.board,
            reserved: &s.reserved[p],
        }
    }

    /// The card at source `k` (`NONE` for none).
    #[inline(always)]
    pub fn at(&self, k: usize) -> u8 {
        match k {
            0..FIRST_RESERVED => self.board.as_flattened()[SOURCE_SRC[k] as usize],
            FIRST_RESERVED..15 => self.reserved[k - FIRST_RESERVED],
            _ => NONE,
        }
    }
}

/// What player `p`, who brings `have` (bonuses and gems, packed) and `wild` wildcard units,
/// lacks for each card they could buy (see [`Lacks`]); the Orient's places are left out.
#[inline(always)]
#[allow(unsafe_code)] // audited: the SSE2 call below
pub fn lacks(s: &State, p: usize, have: u64, wild: u32) -> Lacks {
    let cards = Cards::of(s, p);
    // Below 255, which stands for no card.
    let wild = wild.min(254) as u8;
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: the function needs SSE2 alone, which this build's target has (the `cfg`
        // above): every x86-64 processor has it.
        unsafe { sse2::lacks(&s.rules.cost_by_id, cards, have, wild) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    lacks_by_words(&s.rules.cost_by_id, cards, have, wild)
}

/// [`lacks`] a word at a time: the reference, and the code for other processors.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
fn lacks_by_words(cost: &[u64; 256], cards: Cards, have: u64, wild: u8) -> Lacks {
    use crate::colour::{missing, total};
    let mut out = Lacks {
        lack: [0; SOURCES],
        within: 0,
        cards: 0,
    };
    for k in 0..SOURCES {
        let card = cards.at(k);
        let lack = if card == NONE {
            255
        } else {
            // Below 256: at most 7 of each of five colours.
            total(missing(cost[card as usize], have))
        };
        out.lack[k] = lack as u8;
        out.within |= ((lack <= wild as u32) as u16) << k;
        out.cards |= ((card != NONE) as u16) << k;
    }
    out
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::{Cards, Lacks, SOURCES};
    use std::arch::x86_64::*;

    /// [`super::lacks`] two cards at a time: per colour what the cost exceeds `have` by
    /// (`psubusb`), summed over the colours (`psadbw`), the 16 sums packed into bytes
    /// (saturating), and compared with `wild` and with 255. An absent card's cost,
    /// `NO_CARD_COST` (127 of each colour), lacks at least 5 × 59 > 255, so it reads 255 as
    /// the word-at-a-time code says: a player holds at most 68 of a colour (20 gems, 48
    /// bonuses; see `State::gems_packed`).
    #[inline]
    #[target_feature(enable = "sse2")]
    pub fn lacks(cost: &[u64; 256], cards: Cards, have: u64, wild: u8) -> Lacks {
        let have = _mm_set1_epi64x(have as i64);
        let zero = _mm_setzero_si128();
        let pair = |k: usize| {
            let two = _mm_set_epi64x(
                cost[cards.at(k + 1) as usize] as i64,
                cost[cards.at(k) as usize] as i64,
            );
            // Two 16-bit sums, in 32-bit lanes 0 and 2 (the others 0).
            _mm_sad_epu8(_mm_subs_epu8(two, have), zero)
        };
        // Lanes 0 and 2 of each, then of each pair: each four in 16-bit lanes in order.
        let four = |k: usize| _mm_packs_epi32(pair(k), pair(k + 2));
        let eight = |k: usize| _mm_packs_epi32(four(k), four(k + 4));
        let sums = _mm_packus_epi16(eight(0), eight(8));
        let wild = _mm_set1_epi8(wild as i8);
        let within = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(sums, wild), sums));
        let none = _mm_movemask_epi8(_mm_cmpeq_epi8(sums, _mm_set1_epi8(-1)));
        let low = _mm_cvtsi128_si64(sums) as u64;
        let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)) as u64;
        let mut lack = [0; SOURCES];
        lack[..8].copy_from_slice(&low.to_le_bytes());
        lack[8..].copy_from_slice(&high.to_le_bytes());
        Lacks {
            lack,
            within: within as u16,
            cards: !none as u16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::intern;
    use crate::SplendorConfig;

    #[test]
    #[allow(unsafe_code)] // the reference test calls the SSE2 pass directly
    fn lacks_agree_with_the_word_at_a_time_reference() {
        let rules = intern(&SplendorConfig::new(4)).unwrap();
        let cost = &rules.cost_by_id;
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let r = next();
            let mut board = [[NONE; SLOTS]; 3];
            let mut reserved = [NONE; 3];
            // Mostly cards (any base id), some empty places.
            for (i, c) in board
                .as_flattened_mut()
                .iter_mut()
                .chain(&mut reserved)
                .enumerate()
            {
                if r >> (i + 40) & 7 != 0 {
                    *c = (next() % 90) as u8;
                }
            }
            let cards = Cards {
                board: &board,
                reserved: &reserved,
            };
            let have: [u8; 5] = std::array::from_fn(|i| (r >> (8 * i)) as u8 % 40);
            let have = crate::colour::pack(&have);
            let wild = (r >> 60) as u8;
            let want = lacks_by_words(cost, cards, have, wild);
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            {
                // SAFETY: as in `lacks`.
                let got = unsafe { sse2::lacks(cost, cards, have, wild) };
                assert_eq!(got, want, "{board:?} {reserved:?} {have:x} {wild}");
            }
            for k in 0..SOURCES {
                let card = cards.at(k);
                let lack = if card == NONE {
                    255
                } else {
                    (0..5)
                        .map(|c| {
                            let need = rules.card(card).cost[c] as u32;
                            need.saturating_sub((have >> (8 * c)) as u8 as u32)
                        })
                        .sum()
                };
                assert_eq!(want.of(k), lack);
                assert_eq!(want.within >> k & 1 == 1, lack <= wild as u32);
                assert_eq!(want.cards >> k & 1 == 1, card != NONE);
            }
        }
    }
}
