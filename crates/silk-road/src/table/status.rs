//! What the table knows at a glance (`status`), and city names read from a unique prefix.

use super::{err, Step, Table, TableError};
use crate::goods::Good;

impl Table {
    /// Where the game stands, one line each: round, caravan and leader; the market's tiles and
    /// turns; what lies in front of the screens; the Viziers called; what the helper asks now.
    pub fn status(&self) -> Vec<String> {
        let mut lines = vec![self.where_line()];
        if let Some(market) = self.market_line() {
            lines.push(market);
        }
        lines.push(self.screens_line());
        let called: Vec<&str> = Good::ALL
            .into_iter()
            .filter(|g| self.vizier_used & (1 << g.index()) != 0)
            .map(Good::name)
            .collect();
        if !called.is_empty() {
            lines.push(format!("Grand Viziers have called: {}", called.join(", ")));
        }
        lines.push(format!("Now: {}", self.prompt().question));
        lines
    }

    fn where_line(&self) -> String {
        match self.step {
            Step::FirstLeader => format!("Before the first round; the caravan is at {}", self.city),
            Step::Scoring | Step::Done => format!(
                "After {} round(s), the caravan at {}: final count",
                self.round, self.city
            ),
            _ => format!(
                "Round {}: the caravan is at {}; {} holds the leader pawn",
                self.round,
                self.city,
                self.name(self.holder)
            ),
        }
    }

    /// The market in progress: tiles left and who has acted (their turn tokens).
    fn market_line(&self) -> Option<String> {
        let in_market = matches!(
            self.step,
            Step::Take { .. }
                | Step::Call { .. }
                | Step::Reveal { .. }
                | Step::PassPawn { .. }
                | Step::GivePawn { .. }
        );
        if !in_market {
            return None;
        }
        let acted: Vec<String> = (0..self.players())
            .filter(|&i| self.tokens[i] > 0)
            .map(|i| format!("{} {}", self.names[i], self.tokens[i]))
            .collect();
        Some(format!(
            "Market in {}: {} tile(s) left; turn tokens: {}",
            self.city,
            self.tiles_left,
            if acted.is_empty() {
                "none yet".to_string()
            } else {
                acted.join(", ")
            }
        ))
    }

    /// Crooks and Barterers kept in front of the screens (public).
    fn screens_line(&self) -> String {
        let kept: Vec<String> = (0..self.players())
            .filter_map(|i| {
                let mut bits = Vec::new();
                if self.crooks[i] > 0 {
                    bits.push(format!("{} Crook(s)", self.crooks[i]));
                }
                if self.barterers[i] > 0 {
                    let fresh = if self.fresh_barterers[i] > 0 {
                        " (taken here: usable from the next city)"
                    } else {
                        ""
                    };
                    bits.push(format!("{} Barterer(s){fresh}", self.barterers[i]));
                }
                (!bits.is_empty()).then(|| format!("{} {}", self.names[i], bits.join(", ")))
            })
            .collect();
        if kept.is_empty() {
            "In front of the screens: nothing".into()
        } else {
            format!("In front of the screens: {}", kept.join("; "))
        }
    }

    /// The city `text` names: its full name (any case), or the start of one name. A prefix is
    /// looked for first among the cities the caravan may go to, then on the whole map, and
    /// must fit one city there. Text that names no city is returned as typed: the move then
    /// refuses it, or takes it as said with `--any-city`.
    pub fn city_named(&self, text: &str) -> Result<String, TableError> {
        let t = text.trim();
        let lower = t.to_lowercase();
        let all = &self.rules.city_names;
        if let Some(c) = all.iter().find(|c| c.to_lowercase() == lower) {
            return Ok(c.clone());
        }
        let starting = |names: &[String]| -> Vec<String> {
            names
                .iter()
                .filter(|c| !lower.is_empty() && c.to_lowercase().starts_with(&lower))
                .cloned()
                .collect()
        };
        let next = starting(&self.next_cities());
        let found = if next.is_empty() { starting(all) } else { next };
        match found.as_slice() {
            [] => Ok(t.to_string()),
            [one] => Ok(one.clone()),
            many => err(format!(
                "{t:?} could be {}: say more of the name",
                many.join(" or ")
            )),
        }
    }
}
