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
    Outcome::ranked_by(totals.clone(), |i| {
        let second = match rule {
            TieRule::Shared => 0,
            TieRule::MostMoney => scores[i].money,
            TieRule::MostGoods => scores[i].goods,
        };
        (totals[i], second)
    })
}

pub fn outcome(s: &State) -> Outcome {
    rank(&scores(s)[..s.players()], s.rules.config.params.tie_break)
}
