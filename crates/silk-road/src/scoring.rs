//! End of game: 5 per gold and 1 per silver (money is counted in silver value, so 1 point per
//! silver), 1 per goods token, and 2 to the sole holder of the most goods of each colour.

use crate::data::TieRule;
use crate::goods::Good;
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

/// Scores of every seat (valid at any time; final once the game is over).
pub fn scores(s: &State) -> [Score; MAX_PLAYERS] {
    let n = s.players();
    let bonus = s.rules.config.params.majority_bonus;
    let mut out = [Score::default(); MAX_PLAYERS];
    for (i, sc) in out.iter_mut().enumerate().take(n) {
        sc.money = s.money[i] as u32;
        sc.goods = s.goods[i].total();
    }
    for g in Good::ALL {
        if let Some(i) = sole_majority(s, g) {
            out[i].majorities += bonus;
        }
    }
    for sc in &mut out {
        sc.total = sc.money + sc.goods + sc.majorities;
    }
    out
}

/// The one player with strictly the most of `g` (none when tied or when nobody has any).
pub fn sole_majority(s: &State, g: Good) -> Option<usize> {
    let n = s.players();
    let best = (0..n).map(|i| s.goods[i].get(g)).max().unwrap_or(0);
    if best == 0 {
        return None;
    }
    let mut holders = (0..n).filter(|&i| s.goods[i].get(g) == best);
    match (holders.next(), holders.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

pub fn outcome(s: &State) -> Outcome {
    let n = s.players();
    let sc = scores(s);
    let totals: Vec<i32> = sc[..n].iter().map(|x| x.total as i32).collect();
    let rule = s.rules.config.params.tie_break;
    Outcome::ranked_by(totals.clone(), |i| {
        let second = match rule {
            TieRule::Shared => 0,
            TieRule::MostMoney => sc[i].money,
            TieRule::MostGoods => sc[i].goods,
        };
        (totals[i], second)
    })
}
