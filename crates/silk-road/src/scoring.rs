//! End of game: 5 per gold and 1 per silver (money is counted in silver value, so 1 point per
//! silver), 1 per goods token, and 2 to the sole holder of the most goods of each colour.
//! Shared by the engine and the table helper's final count.

use crate::data::TieRule;
use crate::goods::{Good, Goods};
use crate::state::{State, MAX_PLAYERS};
use silk_core::Outcome;

/// Each player's score, broken down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
pub struct Score {
    pub money: u32,
    pub goods: u32,
    pub majorities: u32,
    pub total: u32,
}

/// Scores from each player's money (silver value) and goods.
pub fn score_holdings(money: &[u32], goods: &[Goods], majority_bonus: u32) -> [Score; MAX_PLAYERS] {
    let mut out = [Score::default(); MAX_PLAYERS];
    for (i, sc) in out
        .iter_mut()
        .enumerate()
        .take(money.len().min(goods.len()))
    {
        sc.money = money[i];
        sc.goods = goods[i].total();
    }
    for i in majorities(goods).into_iter().flatten() {
        out[i as usize].majorities += majority_bonus;
    }
    for sc in &mut out {
        sc.total = sc.money + sc.goods + sc.majorities;
    }
    out
}

/// Scores of every seat (valid at any time; final once the game is over).
pub fn scores(s: &State) -> [Score; MAX_PLAYERS] {
    let n = s.players();
    let mut money = [0u32; MAX_PLAYERS];
    for (m, &x) in money.iter_mut().zip(&s.money) {
        *m = x as u32;
    }
    score_holdings(
        &money[..n],
        &s.goods[..n],
        s.rules.config.params.majority_bonus,
    )
}

/// Each seat's total alone (the lab's provisional standing, asked at every round): the sum of
/// [`scores`] without building the breakdown. Seats past the players read 0 besides their money.
pub fn totals(s: &State) -> [u32; MAX_PLAYERS] {
    let rest = goods_and_bonus(&s.goods, s.players(), s.rules.config.params.majority_bonus);
    // A total past u32 (a bonus of billions) stays at the top rather than wrapping.
    std::array::from_fn(|i| u32::try_from(s.money[i] as u64 + rest[i]).unwrap_or(u32::MAX))
}

/// Each of the first `n` seats' goods tokens plus `bonus` per good it holds the sole majority
/// of (what [`majorities`] says), without a branch; 0 for the seats past `n`.
#[allow(unsafe_code)] // audited: the SSE2 call below
fn goods_and_bonus(goods: &[Goods; MAX_PLAYERS], n: usize, bonus: u32) -> [u64; MAX_PLAYERS] {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: the function needs SSE2 alone, which this build's target has (the `cfg`
        // above): every x86-64 processor has it.
        unsafe { sse2::goods_and_bonus(goods, n, bonus) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    goods_and_bonus_by_good(goods, n, bonus)
}

/// [`goods_and_bonus`] from [`score_holdings`] (with no money): the reference, and the code
/// for other processors.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
fn goods_and_bonus_by_good(
    goods: &[Goods; MAX_PLAYERS],
    n: usize,
    bonus: u32,
) -> [u64; MAX_PLAYERS] {
    let n = n.min(MAX_PLAYERS);
    score_holdings(&[0; MAX_PLAYERS][..n], &goods[..n], bonus)
        .map(|s| s.goods as u64 + s.majorities as u64)
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::{Goods, MAX_PLAYERS};
    use std::arch::x86_64::*;

    /// [`super::goods_and_bonus`] with the five goods of a seat in the low bytes of a 64-bit
    /// lane, two seats to a register: the most of each good (`pmaxub`), who has that many
    /// (`pcmpeqb`) and how many do (`psubb`); a good counts for its holder when exactly one
    /// seat holds the most and the most is not 0. Byte sums (`psadbw`) then give each seat its
    /// tokens and its majorities, and `pmuludq` the bonus for them.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub fn goods_and_bonus(
        goods: &[Goods; MAX_PLAYERS],
        n: usize,
        bonus: u32,
    ) -> [u64; MAX_PLAYERS] {
        const { assert!(MAX_PLAYERS == 6, "three registers of two seats") };
        let lane = |i: usize| {
            let b = goods[i].0;
            let word = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], 0, 0, 0]);
            // A seat past the players holds nothing, whatever its array says.
            (word & ((i < n) as u64).wrapping_neg()) as i64
        };
        let pair = |i: usize| _mm_set_epi64x(lane(i + 1), lane(i));
        let (a, b, c) = (pair(0), pair(2), pair(4));
        let zero = _mm_setzero_si128();
        let most = _mm_max_epu8(_mm_max_epu8(a, b), c);
        // The other half's seats too: each half then holds the most of every seat.
        let most = _mm_max_epu8(most, _mm_shuffle_epi32::<0x4E>(most));
        let (ea, eb, ec) = (
            _mm_cmpeq_epi8(a, most),
            _mm_cmpeq_epi8(b, most),
            _mm_cmpeq_epi8(c, most),
        );
        let holders = _mm_sub_epi8(_mm_sub_epi8(_mm_sub_epi8(zero, ea), eb), ec);
        let holders = _mm_add_epi8(holders, _mm_shuffle_epi32::<0x4E>(holders));
        let one = _mm_set1_epi8(1);
        // One holder, and a good at all (the padding bytes and goods nobody has are 0).
        let sole = _mm_andnot_si128(_mm_cmpeq_epi8(most, zero), _mm_cmpeq_epi8(holders, one));
        let sole = _mm_and_si128(sole, one);
        let bonus = _mm_cvtsi32_si128(bonus as i32);
        let bonus = _mm_unpacklo_epi64(bonus, bonus);
        let sum = |x: __m128i, at_most: __m128i| {
            let held = _mm_sad_epu8(_mm_and_si128(at_most, sole), zero);
            _mm_add_epi64(_mm_sad_epu8(x, zero), _mm_mul_epu32(held, bonus))
        };
        let (a, b, c) = (sum(a, ea), sum(b, eb), sum(c, ec));
        let low = |x: __m128i| _mm_cvtsi128_si64(x) as u64;
        let high = |x: __m128i| _mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) as u64;
        [low(a), high(a), low(b), high(b), low(c), high(c)]
    }
}

/// The one player with strictly the most of `g` (none when tied or when nobody has any).
pub fn sole_majority(goods: &[Goods], g: Good) -> Option<usize> {
    majorities(goods)[g.index()].map(usize::from)
}

/// Each good's sole majority holder, in one pass over the holdings: the lab asks for them at
/// every round's standing.
fn majorities(goods: &[Goods]) -> [Option<u8>; 5] {
    let (mut best, mut holder, mut tied) = ([0u8; 5], [0u8; 5], [false; 5]);
    for (i, h) in goods.iter().enumerate() {
        // Without a branch per good (they are unpredictable): the compiler unrolls the five.
        for g in 0..5 {
            let c = h.0[g];
            let more = c > best[g];
            tied[g] = !more & (tied[g] | (c == best[g]));
            holder[g] = if more { i as u8 } else { holder[g] };
            best[g] = best[g].max(c);
        }
    }
    std::array::from_fn(|g| (best[g] > 0 && !tied[g]).then_some(holder[g]))
}

/// Ranks from scores: highest total first; `rule` settles equal totals.
pub fn rank(scores: &[Score], rule: TieRule) -> Outcome {
    let totals: Vec<i32> = scores.iter().map(|x| x.total as i32).collect();
    Outcome::ranked_by(totals, |i| {
        let second = match rule {
            TieRule::Shared => 0,
            TieRule::MostMoney => scores[i].money,
            TieRule::MostGoods => scores[i].goods,
        };
        (scores[i].total, second)
    })
}

pub fn outcome(s: &State) -> Outcome {
    rank(&scores(s)[..s.players()], s.rules.config.params.tie_break)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SilkRoad, SilkRoadConfig};
    use silk_core::{random_playout, Game, SilkRng};

    /// The sole majority of a good is the one player holding strictly the most of it; a tie for the
    /// most, or nobody holding any, is no majority.
    #[test]
    fn sole_majority_is_the_one_player_with_strictly_the_most() {
        let goods = [
            Goods([2, 0, 1, 0, 0]),
            Goods([2, 0, 0, 0, 1]),
            Goods([1, 0, 3, 0, 0]),
        ];
        assert_eq!(sole_majority(&goods, Good::Ivory), None, "tied at 2");
        assert_eq!(sole_majority(&goods, Good::Silk), None, "nobody has any");
        assert_eq!(sole_majority(&goods, Good::Fruits), Some(2));
        assert_eq!(sole_majority(&goods, Good::Spices), Some(1));
    }

    /// With no player there is no majority, and no score to give.
    #[test]
    fn no_player_no_majority() {
        assert_eq!(sole_majority(&[], Good::Jewels), None);
        let scores = score_holdings(&[], &[], 2);
        assert!(scores.iter().all(|s| s.total == 0), "{scores:?}");
    }

    /// The majorities found in one pass (and counted per player, SSE2 included) agree with
    /// counting each good apart.
    #[test]
    fn majorities_agree_with_counting_each_good() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = 1 + (x % 6) as usize;
            // Small counts (many ties) and large ones (up to 255).
            let big = x >> 60 & 1 == 1;
            let goods: Vec<Goods> = (0..n)
                .map(|i| {
                    Goods(std::array::from_fn(|g| {
                        let r = (x >> (i * 5 + g)) as u8;
                        if big {
                            r
                        } else {
                            r % 3
                        }
                    }))
                })
                .collect();
            let want: [Option<u8>; 5] = std::array::from_fn(|g| {
                let best = goods.iter().map(|h| h.0[g]).max().unwrap_or(0);
                let mut at = (0..n).filter(|&i| goods[i].0[g] == best);
                match (at.next(), at.next()) {
                    (Some(i), None) if best > 0 => Some(i as u8),
                    _ => None,
                }
            });
            assert_eq!(majorities(&goods), want, "{goods:?}");
            // Rule: 1 point per goods token, the bonus to each good's sole majority holder;
            // the seats past the players count nothing, whatever the array holds there.
            let bonus = 2 + n as u32;
            let mut want_rest = [0u64; MAX_PLAYERS];
            for (i, g) in goods.iter().enumerate() {
                want_rest[i] = g.0.iter().map(|&c| c as u64).sum();
            }
            for i in want.into_iter().flatten() {
                want_rest[i as usize] += bonus as u64;
            }
            let mut all = [Goods([7, 7, 7, 7, 7]); MAX_PLAYERS];
            all[..n].copy_from_slice(&goods);
            assert_eq!(
                goods_and_bonus_by_good(&all, n, bonus),
                want_rest,
                "{goods:?}"
            );
            assert_eq!(goods_and_bonus(&all, n, bonus), want_rest, "{goods:?}");
        }
    }

    /// The standing's totals are the scores' totals, at any point of a game.
    #[test]
    fn totals_are_the_scores_totals() {
        let mut buf = Vec::new();
        for seed in 0..60u64 {
            let players = 3 + seed as usize % 4;
            let mut s = SilkRoad::setup(&SilkRoadConfig::new(players), seed).unwrap();
            let mut rng = SilkRng::seed_from(seed);
            loop {
                let want: Vec<u32> = scores(&s)[..players].iter().map(|x| x.total).collect();
                assert_eq!(totals(&s)[..players], want[..], "seed {seed}");
                if random_playout::<SilkRoad>(&mut s, &mut rng, &mut buf, 25) < 25 {
                    break;
                }
            }
        }
    }
}
