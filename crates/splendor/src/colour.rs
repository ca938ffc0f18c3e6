//! Gem colours and small per-colour counts.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The five gem colours (bonus colours of development cards), in the order the data files and
/// every per-colour array use. Gold is not a colour: it is the sixth token kind, [`GOLD`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Blue,
    Green,
    Red,
    Black,
}

/// Index of gold among the six token kinds.
pub const GOLD: usize = 5;

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::White,
        Colour::Blue,
        Colour::Green,
        Colour::Red,
        Colour::Black,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Colour> {
        Colour::ALL.get(i).copied()
    }

    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }

    /// One letter for compact displays: W U G R K (U and K as in other games' notation, so
    /// that blue and black differ).
    pub const fn letter(self) -> char {
        ['W', 'U', 'G', 'R', 'K'][self as usize]
    }

    /// A colour by name or letter, any case; gem names (diamond, sapphire, emerald, ruby,
    /// onyx) too.
    pub fn parse(text: &str) -> Option<Colour> {
        let t = text.trim().to_ascii_lowercase();
        Some(match t.as_str() {
            "white" | "w" | "diamond" => Colour::White,
            "blue" | "u" | "sapphire" => Colour::Blue,
            "green" | "g" | "emerald" => Colour::Green,
            "red" | "r" | "ruby" => Colour::Red,
            "black" | "k" | "onyx" => Colour::Black,
            _ => return None,
        })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of token kind `k` (0–4 a colour, 5 gold).
pub fn token_name(k: usize) -> &'static str {
    Colour::from_index(k).map(Colour::name).unwrap_or("gold")
}

/// "W3 U2 G1": a per-colour count, zeros left out.
pub fn short(counts: &[u8; 5]) -> String {
    let parts: Vec<String> = Colour::ALL
        .iter()
        .filter(|c| counts[c.index()] > 0)
        .map(|c| format!("{}{}", c.letter(), counts[c.index()]))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

/// Five per-colour counts packed one per byte, so that "what is still missing" of a cost is a
/// few word operations instead of a loop (counts stay below 128).
pub const fn pack(a: &[u8; 5]) -> u64 {
    a[0] as u64
        | (a[1] as u64) << 8
        | (a[2] as u64) << 16
        | (a[3] as u64) << 24
        | (a[4] as u64) << 32
}

/// The five counts of a packed value.
pub const fn unpack(packed: u64) -> [u8; 5] {
    [
        packed as u8,
        (packed >> 8) as u8,
        (packed >> 16) as u8,
        (packed >> 24) as u8,
        (packed >> 32) as u8,
    ]
}

const HIGH: u64 = 0x0000_0080_8080_8080;

/// Per colour `max(0, need - have)`, packed (both arguments packed, every count below 128).
#[inline]
pub const fn missing(need: u64, have: u64) -> u64 {
    // Each byte of `t` is 128 + have - need (no borrow crosses bytes: counts are below 128);
    // its high bit is clear exactly where have < need, and there need - have = 128 - t.
    let t = (have | HIGH).wrapping_sub(need);
    let short = !t & HIGH;
    let mask = (short >> 7).wrapping_mul(0xFF);
    // Per byte 128 - t where short, 0 elsewhere: no borrow (t < 128 there).
    short.wrapping_sub(t & mask)
}

/// Whether `have` covers `need` in every colour (both packed, every count below 128): the same
/// borrow test as `missing`, without computing the amounts.
#[inline]
pub const fn covers(have: u64, need: u64) -> bool {
    (have | HIGH).wrapping_sub(need) & HIGH == HIGH
}

/// The sum of the five packed counts (at most 255 in all).
#[inline]
pub const fn total(packed: u64) -> u32 {
    ((packed.wrapping_mul(0x0000_0001_0101_0101) >> 32) & 0xFF) as u32
}

/// A mask of the colours where `have` falls short of `need` (both packed, counts below 128).
#[inline]
pub const fn short_of(have: u64, need: u64) -> u8 {
    // The high bit of each byte of `t` is clear where have < need (as in `covers`).
    let t = (have | HIGH).wrapping_sub(need);
    gather(!t & HIGH)
}

/// The high bits of the five bytes of `x` (nothing else set) as a five-bit mask.
#[inline]
const fn gather(x: u64) -> u8 {
    // Bytes 0-4 hold one bit each at bit 0; the multiplier moves byte i's bit to bit 32 + i,
    // and no two partial products meet (8i - 7j is distinct for every pair).
    (((x >> 7).wrapping_mul(0x0000_0001_0204_0810) >> 32) & 0x1F) as u8
}

/// A mask of the packed counts that are at least `k` (bit `i` for count `i`; counts and `k`
/// below 128).
#[inline]
pub const fn at_least(packed: u64, k: u8) -> u8 {
    // Each byte's high bit: set where 128 + count - k does not borrow, i.e. count >= k.
    gather((packed | HIGH).wrapping_sub(k as u64 * 0x0000_0001_0101_0101) & HIGH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_missing_counts_agree_with_the_loop() {
        let mut x = 12345u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let need: [u8; 5] = std::array::from_fn(|i| (x >> (8 * i)) as u8 % 12);
            let have: [u8; 5] = std::array::from_fn(|i| (y >> (8 * i)) as u8 % 40);
            let want: [u8; 5] = std::array::from_fn(|i| need[i].saturating_sub(have[i]));
            let got = missing(pack(&need), pack(&have));
            assert_eq!(got, pack(&want), "{need:?} {have:?}");
            assert_eq!(covers(pack(&have), pack(&need)), got == 0);
            assert_eq!(unpack(pack(&have)), have);
            assert_eq!(total(got), want.iter().map(|&v| v as u32).sum::<u32>());
            let k = (x >> 50) as u8 % 12;
            let ge = (0..5).fold(0u8, |m, i| m | ((have[i] >= k) as u8) << i);
            assert_eq!(at_least(pack(&have), k), ge, "{have:?} >= {k}");
            let lt = (0..5).fold(0u8, |m, i| m | ((have[i] < need[i]) as u8) << i);
            assert_eq!(
                short_of(pack(&have), pack(&need)),
                lt,
                "{have:?} < {need:?}"
            );
        }
    }
}
