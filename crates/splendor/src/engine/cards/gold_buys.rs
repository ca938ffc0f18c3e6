//! The buys of a player whose only wildcards are gold tokens, counted without listing them
//! (for drawing one), and the buying sources of `reach::SOURCES`.

use super::{bits, blocked_places, gold_only, payable, payable_reserved, source_card};
use crate::action::{Action, RESERVED_SRC};
use crate::engine::payment::GoldHand;
use crate::engine::reach::{self, Lacks};
use crate::rules::SLOTS;
use crate::state::State;

/// The buys `legal_buys` lists for a player whose only wildcards are gold tokens (always so in
/// the base game), in its order, counted without listing them: for drawing one.
pub struct GoldBuys {
    hand: GoldHand,
    /// The places to buy from, as bits by buying source (`src`: face-up places, then reserved).
    srcs: u32,
    /// How many payments for each source (by `src`), and in all.
    counts: [u16; SOURCES],
    count: usize,
}

/// Buying sources (`src`) at most: the face-up places, then the reserved ones.
const SOURCES: usize = 3 * SLOTS + 3;

impl GoldBuys {
    /// The buys of player `p`, whose means are `means` (with wildcards); `None` when gold
    /// tokens are not their only wildcards.
    #[inline]
    pub fn of(s: &State, p: usize, means: (u64, u32)) -> Option<GoldBuys> {
        let hand = gold_only(s, p)?;
        let face = payable(s, p, means);
        let reserved = payable_reserved(s, p, means) as u32;
        let mut buys = GoldBuys::new(hand, face | reserved << RESERVED_SRC);
        for src in bits(buys.srcs) {
            buys.add(src, hand.count(source_cost(s, p, src)));
        }
        Some(buys)
    }

    /// `of` for a player `gold_only` describes as `hand`, without the Orient's places, from
    /// what they lack for each card: `sources` the sources (`reach::SOURCES` order) they may
    /// buy from.
    #[inline]
    pub fn of_lacks(s: &State, p: usize, hand: GoldHand, lacks: &Lacks, sources: u16) -> GoldBuys {
        let cards = reach::Cards::of(s, p);
        let mut buys = GoldBuys::new(hand, src_bits(sources));
        for k in bits(sources as u32) {
            let cost = s.rules.cost_by_id[cards.at(k as usize) as usize];
            buys.add(
                source_src(k),
                hand.count_lacking(cost, lacks.of(k as usize)),
            );
        }
        buys
    }

    #[inline]
    fn new(hand: GoldHand, srcs: u32) -> GoldBuys {
        GoldBuys {
            hand,
            srcs,
            counts: [0; SOURCES],
            count: 0,
        }
    }

    #[inline]
    fn add(&mut self, src: u8, n: u32) {
        self.counts[src as usize] = n as u16;
        self.count += n as usize;
    }

    /// How many buys in all.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The `i`-th buy (`i` below `count()`).
    pub fn get(&self, s: &State, p: usize, mut i: usize) -> Action {
        for src in bits(self.srcs) {
            let n = self.counts[src as usize] as usize;
            if i < n {
                let pay = self.hand.nth(source_cost(s, p, src), i);
                return Action::Buy { src, pay };
            }
            i -= n;
        }
        unreachable!("a draw beyond the buys counted")
    }
}

/// The packed cost of the card at a buying source.
#[inline]
fn source_cost(s: &State, p: usize, src: u8) -> u64 {
    s.rules.cost_by_id[source_card(s, p, src) as usize]
}

/// The buying source (`src`) of source `k` of `reach::SOURCES`.
#[inline]
pub fn source_src(k: u8) -> u8 {
    reach::SOURCE_SRC[k as usize % reach::SOURCES]
}

/// Sources of `reach::SOURCES` as bits by buying source (`src`).
#[inline]
pub fn src_bits(sources: u16) -> u32 {
    let m = sources as u32;
    (m & 0xF)
        | (m & 0xF0) << 2
        | (m & 0xF00) << 4
        | (m >> reach::FIRST_RESERVED & 7) << RESERVED_SRC
}

/// The sources of `reach::SOURCES` open to player `p` (no Orient's places): the face-up places
/// in play that no other player's stronghold holds, and the reserved places.
#[inline]
pub fn open_sources(s: &State, p: usize) -> u16 {
    if !s.rules.strongholds {
        return s.rules.source_mask;
    }
    let places = s.rules.place_mask & !blocked_places(s, p);
    let face = (places & 0xF) | (places >> 2 & 0xF0) | (places >> 4 & 0xF00);
    face as u16 | 7 << reach::FIRST_RESERVED
}
