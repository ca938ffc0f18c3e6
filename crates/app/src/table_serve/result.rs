//! The Silk Road table's result screen on the pages: the winner first, the ranking with each
//! player's breakdown, how ties were broken and who had the most of each good.

use super::TableSession;
use serde_json::{json, Value};
use silk_core::Seat;
use silk_road::data::TieRule;
use silk_road::Good;

impl TableSession {
    /// The result screen: the winner first, the ranking with each player's breakdown, how
    /// ties were broken and who had the most of each good.
    pub(super) fn result(&self) -> Value {
        let Some((scores, ranks)) = &self.table.result else {
            return Value::Null;
        };
        let n = self.table.players();
        let name = |i: usize| self.table.names[i].clone();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (ranks[i], i));
        let winners: Vec<String> = order
            .iter()
            .filter(|&&i| ranks[i] == 0)
            .map(|&i| name(i))
            .collect();
        let mut headline = match winners.as_slice() {
            [one] => format!("{one} wins"),
            many => format!("{} share the win", and_list(many)),
        };
        if !self.confirmed {
            headline.push_str(" (the host is checking the counts)");
        }
        let rows: Vec<Value> = order
            .iter()
            .map(|&i| {
                let s = scores[i];
                json!({
                    "rank": ranks[i] + 1,
                    "name": name(i),
                    "total": s.total,
                    "parts": [["money", s.money], ["goods", s.goods], ["majorities", s.majorities]],
                })
            })
            .collect();
        let mut notes = Vec::new();
        let mut seen = vec![false; n];
        for &i in &order {
            if seen[i] {
                continue;
            }
            let tied: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&j| scores[j].total == scores[i].total)
                .collect();
            for &j in &tied {
                seen[j] = true;
            }
            if tied.len() < 2 {
                continue;
            }
            let names: Vec<String> = tied.iter().map(|&j| name(j)).collect();
            let total = scores[i].total;
            let shared = tied.iter().all(|&j| ranks[j] == ranks[i]);
            let (by, of): (&str, fn(&silk_road::Score) -> u32) = match self.table.tie_rule() {
                TieRule::MostMoney => ("more money", |s| s.money),
                TieRule::MostGoods => ("more goods", |s| s.goods),
                TieRule::Shared => ("", |_| 0),
            };
            notes.push(if by.is_empty() {
                format!(
                    "{} tie on {total} and share the place (ties are shared)",
                    and_list(&names)
                )
            } else {
                let each: Vec<String> = tied
                    .iter()
                    .map(|&j| format!("{} {}", name(j), of(&scores[j])))
                    .collect();
                format!(
                    "{} tie on {total}: {by} breaks the tie ({}){}",
                    and_list(&names),
                    each.join(", "),
                    if shared {
                        "; still equal, so they share the place"
                    } else {
                        ""
                    }
                )
            });
        }
        for g in Good::ALL {
            let goods: Vec<silk_road::Goods> = (0..n)
                .map(|i| {
                    self.table
                        .count_of(Seat(i as u8))
                        .map(|c| c.2)
                        .unwrap_or_default()
                })
                .collect();
            if let Some(i) = silk_road::sole_majority(&goods, g) {
                notes.push(format!("Most {g}: {} (majority bonus)", name(i)));
            }
        }
        json!({"headline": headline, "rows": rows, "notes": notes})
    }
}

/// "A", "A and B", "A, B and C".
pub(super) fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
