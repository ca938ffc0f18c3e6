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
/// [`scores`] without building the breakdown.
pub fn totals(s: &State) -> [u32; MAX_PLAYERS] {
    let n = s.players();
    let goods = &s.goods[..n];
    let mut out = [0u32; MAX_PLAYERS];
    for (t, (&m, g)) in out.iter_mut().zip(s.money.iter().zip(goods)) {
        *t = m as u32 + g.total();
    }
    let bonus = s.rules.config.params.majority_bonus;
    for i in majorities(goods).into_iter().flatten() {
        out[i as usize] += bonus;
    }
    out
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

    /// The majorities found in one pass agree with counting each good apart.
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
