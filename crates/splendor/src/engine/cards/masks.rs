//! The face-up places as bit masks (bit `level * 6 + slot`): which hold a card, which hold
//! one a cost test accepts, and their set bits by table.

use crate::rules::{NONE, SLOTS};
use crate::state::State;

/// The face-up places whose card's packed cost `keep` accepts, as bits (bit `level * 6 +
/// slot`), place by place in straight-line code: no branch on the (unpredictable) answers, nor
/// on which places hold a card (an empty place costs more than anyone holds: see
/// `rules::NO_CARD_COST`).
#[inline(always)]
pub(super) fn places_where(s: &State, keep: impl Fn(u64) -> bool) -> u32 {
    let cost = &s.rules.cost_by_id;
    let orient = s.rules.orient;
    let mut out = 0;
    for (level, row) in s.board.iter().enumerate() {
        let mut found = 0;
        for (k, &card) in row.iter().enumerate() {
            // The Orient's places only when they are in play.
            if k < 4 || orient {
                found |= (keep(cost[card as usize]) as u32) << k;
            }
        }
        out |= found << (level * SLOTS);
    }
    out
}

/// The places of the board that hold a card, as bits (bit `level * 6 + slot`): a word test per
/// eight places instead of a branch per place.
pub(super) fn filled_places(board: &[[u8; SLOTS]; 3]) -> u32 {
    let flat = board.as_flattened();
    let word = |i: usize| {
        let mut b = [NONE; 8];
        let n = (flat.len() - i).min(8);
        b[..n].copy_from_slice(&flat[i..i + n]);
        u64::from_le_bytes(b)
    };
    (non_empty_bytes(word(0)) | non_empty_bytes(word(8)) << 8 | non_empty_bytes(word(16)) << 16)
        & ((1 << (3 * SLOTS)) - 1)
}

/// Bit `i` set where byte `i` of `w` is not `NONE` (0xFF).
const fn non_empty_bytes(w: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // NONE bytes become 0; then the high bit of each byte is set where that byte of `x` is not
    // 0 (no carry leaves a byte).
    let x = !w;
    let nz = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gather the eight high bits into one byte: bit `8i + 7` moves to bit `56 + i`, and no two
    // partial products of the multiplication meet.
    ((nz >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The set bits of `mask`, lowest first, as `u8` places.
pub(super) fn bits(mask: u32) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    // A counted range, so that a vector extended from it reserves once and writes without a
    // capacity check per action.
    (0..mask.count_ones()).map(move |_| {
        let i = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(1); // clears the lowest set bit (there is one)
        i
    })
}

/// Set bits of each six-bit row of a mask of places (a level's, a hand's, the decks').
const ONES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// For each six-bit row, the place of its `k`-th set bit, lowest first.
const NTH: [[u8; 6]; 64] = {
    let mut t = [[0u8; 6]; 64];
    let mut m = 0;
    while m < 64 {
        let mut k = 0;
        let mut b = 0;
        while b < 6 {
            if m >> b & 1 == 1 {
                t[m][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        m += 1;
    }
    t
};

/// Set bits of `mask` (below `1 << 18`), by table: the baseline x86-64 the project builds for
/// has no popcount instruction.
#[inline]
pub fn ones(mask: u32) -> usize {
    let row = |k: u32| ONES[(mask >> (6 * k) & 63) as usize] as usize;
    row(0) + row(1) + row(2)
}

/// Place of the `i`-th set bit of `mask` (below `1 << 18`), lowest first (`i` below
/// `ones(mask)`): its row found by the rows' counts, the bit by table, with no loop (whose
/// length would be the random draw's).
#[inline]
pub fn nth_bit(mask: u32, i: usize) -> u8 {
    let row = |k: u32| (mask >> (6 * k) & 63) as usize;
    let (first, second) = (ONES[row(0)] as usize, ONES[row(1)] as usize);
    let (k, i) = if i < first {
        (0, i)
    } else if i < first + second {
        (1, i - first)
    } else {
        (2, i - first - second)
    };
    6 * k as u8 + NTH[row(k)][i % 6]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_bits_by_table_agree_with_the_loop() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = (x >> 11) as u32 & ((1 << 18) - 1);
            assert_eq!(ones(mask), mask.count_ones() as usize);
            let places: Vec<u8> = bits(mask).collect();
            for (i, &pos) in places.iter().enumerate() {
                assert_eq!(nth_bit(mask, i), pos, "{mask:b} {i}");
            }
        }
    }

    #[test]
    fn filled_places_agree_with_the_loop() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut board = [[NONE; SLOTS]; 3];
            for (i, place) in board.as_flattened_mut().iter_mut().enumerate() {
                // Half the places hold a card (any id but NONE, including 0 and 254).
                if x >> i & 1 == 1 {
                    *place = (x >> (i + 20)) as u8 % 255;
                }
            }
            let want = board
                .as_flattened()
                .iter()
                .enumerate()
                .fold(0u32, |m, (i, &c)| m | ((c != NONE) as u32) << i);
            assert_eq!(filled_places(&board), want, "{board:?}");
        }
    }
}
