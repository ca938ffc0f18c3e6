//! Why a game stalls (issue 46): an engine's reading of a state at which no score changes any
//! more, source of points by source and seat by seat. A game that can say it implements
//! `CliGame::stall` with these types; the lab's `silk stalls` replays each capped game to its
//! freeze and asks.

use crate::Seat;
use serde::Serialize;

/// What kind of obstacle holds a source shut.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    /// A parameter or the rules' data leave the source shut for everyone.
    Rule,
    /// The cards that carry the points are gone.
    Deck,
    /// The seat cannot pay what the source costs.
    Price,
    /// The opponents hold it off (they outnumber, they refuse).
    Opponent,
    /// The seat lacks something the source needs (Soldiers, food, …).
    Resource,
}

impl BlockKind {
    /// The name records and reports use (`"deck"`).
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Rule => "rule",
            BlockKind::Deck => "deck",
            BlockKind::Price => "price",
            BlockKind::Opponent => "opponent",
            BlockKind::Resource => "resource",
        }
    }
}

/// One obstacle: a stable key to count stalls by, its kind, and a sentence for the designer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Block {
    pub cause: &'static str,
    pub kind: BlockKind,
    pub text: String,
}

/// Whether `seat` could still gain a point from `source`, and if not, what stops it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SourceCheck {
    pub seat: Seat,
    pub source: &'static str,
    /// `None`: the source is open to the seat at this state.
    pub blocked: Option<Block>,
}

/// An engine's reading of a stalled state.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StallReading {
    /// The score a seat needs to end the game (the rules' target).
    pub target: i32,
    /// Each seat's score at the state.
    pub scores: Vec<i32>,
    /// The rules' sources of points, in the order `silk rules` gives them.
    pub sources: Vec<&'static str>,
    /// One check per seat and source.
    pub checks: Vec<SourceCheck>,
}

impl StallReading {
    /// The seats closest to the target (the highest score): the ones whose block holds the game.
    pub fn leaders(&self) -> Vec<Seat> {
        let top = self.scores.iter().copied().max().unwrap_or(0);
        (0..self.scores.len())
            .filter(|&i| self.scores[i] == top)
            .map(|i| Seat(i as u8))
            .collect()
    }

    /// The checks of one seat.
    pub fn of(&self, seat: Seat) -> impl Iterator<Item = &SourceCheck> {
        self.checks.iter().filter(move |c| c.seat == seat)
    }

    /// Every source of `seat` is shut.
    pub fn shut(&self, seat: Seat) -> bool {
        self.of(seat).all(|c| c.blocked.is_some())
    }

    /// The stall is explained when every source of every leader is shut by a named cause.
    pub fn explained(&self) -> bool {
        let leaders = self.leaders();
        !leaders.is_empty() && !self.checks.is_empty() && leaders.iter().all(|&s| self.shut(s))
    }

    /// The causes that shut at least one source of every leader, each once, in check order.
    pub fn holding_causes(&self) -> Vec<&Block> {
        let leaders = self.leaders();
        let mut out: Vec<&Block> = Vec::new();
        for c in &self.checks {
            let Some(b) = &c.blocked else { continue };
            if out.iter().any(|o| o.cause == b.cause) {
                continue;
            }
            let everywhere = leaders.iter().all(|&s| {
                self.of(s)
                    .any(|x| x.blocked.as_ref().is_some_and(|y| y.cause == b.cause))
            });
            if everywhere {
                out.push(b);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(cause: &'static str) -> Option<Block> {
        Some(Block {
            cause,
            kind: BlockKind::Rule,
            text: cause.into(),
        })
    }

    fn check(seat: u8, source: &'static str, blocked: Option<Block>) -> SourceCheck {
        SourceCheck {
            seat: Seat(seat),
            source,
            blocked,
        }
    }

    /// Only the leaders' checks decide: a trailing seat with an open source leaves the stall
    /// explained, a leader with one leaves it open.
    #[test]
    fn issue46_a_stall_is_explained_by_its_leaders_shut_sources() {
        let mut r = StallReading {
            target: 7,
            scores: vec![6, 2],
            sources: vec!["a", "b"],
            checks: vec![
                check(0, "a", block("x")),
                check(0, "b", block("y")),
                check(1, "a", None),
                check(1, "b", None),
            ],
        };
        assert_eq!(r.leaders(), vec![Seat(0)]);
        assert!(r.explained());
        let causes: Vec<_> = r.holding_causes().iter().map(|b| b.cause).collect();
        assert_eq!(causes, vec!["x", "y"]);
        r.checks[1].blocked = None;
        assert!(!r.explained());
        r.scores = vec![6, 6];
        r.checks[1].blocked = block("y");
        assert!(!r.explained(), "the second leader has open sources");
    }
}
