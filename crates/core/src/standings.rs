//! A game's standings round by round: each seat's score and coins at the end of every round,
//! the sole leader, and the round the game was decided in. Kept in a trace (`timeline`), shown
//! by `silk replay --timeline` and drawn in the run report.

use crate::metrics::Observe;
use serde::{Deserialize, Serialize};

/// One row of a timeline: the standings at the end of `round`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// The round just ended (the last row: the round the game ended in).
    pub round: u32,
    /// Each seat's score ([`Observe::score`]).
    pub score: Vec<i64>,
    /// Each seat's coins ([`Observe::coins`]); empty in a game without coins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coins: Vec<i64>,
    /// The sole leader by [`Observe::standing`] (the rules' order, tie-breaks included);
    /// `None` when the lead is shared.
    pub leader: Option<usize>,
}

/// A game's standings at the end of each round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timeline {
    /// What `score` counts ([`Observe::SCORE`]).
    pub score: String,
    /// What `coins` counts ([`Observe::COINS`]); empty when the game has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub coins: String,
    pub rounds: Vec<Standing>,
    /// The round from whose end on the order of the seats never changed again: the game was
    /// decided then. `None` without rows or when the game counts no standing.
    pub decided_at: Option<u32>,
}

// The sole leader of a standing lives beside `Observe`, whose `leader` answers with it by
// default (here it would make the two modules import each other).
pub use crate::metrics::sole_leader;

/// The seats ordered by standing, best first (ties in seat order).
fn order(standing: &[i64]) -> Vec<usize> {
    let mut o: Vec<usize> = (0..standing.len()).collect();
    o.sort_by_key(|&i| std::cmp::Reverse(standing[i]));
    o
}

/// The round after which the order of `keys` (one standing per row, with its round) never
/// changed again.
pub fn decided_at(keys: &[(u32, Vec<i64>)]) -> Option<u32> {
    let (last_round, last) = keys.last()?;
    if last.is_empty() {
        return None;
    }
    let fin = order(last);
    let mut decided = *last_round;
    for (round, s) in keys.iter().rev() {
        if order(s) != fin {
            break;
        }
        decided = *round;
    }
    Some(decided)
}

/// Records a timeline while a game is played: told each state after a decision, it takes a
/// row whenever the round changes. Reads the state only when the round changes.
#[derive(Clone, Debug)]
pub struct TimelineRecorder {
    round: u32,
    /// The last state seen was recorded already (its decision ended a round).
    fresh: bool,
    rows: Vec<Standing>,
    keys: Vec<(u32, Vec<i64>)>,
}

impl TimelineRecorder {
    /// A recorder for the game whose state is `start` (before any decision).
    pub fn new<G: Observe>(start: &G::State) -> TimelineRecorder {
        TimelineRecorder {
            round: G::round(start),
            fresh: false,
            rows: Vec::new(),
            keys: Vec::new(),
        }
    }

    fn push<G: Observe>(&mut self, round: u32, state: &G::State) {
        let mut key = Vec::new();
        G::standing(state, &mut key);
        let mut score = Vec::new();
        G::score(state, &mut score);
        let mut coins = Vec::new();
        G::coins(state, &mut coins);
        self.rows.push(Standing {
            round,
            score,
            coins,
            leader: sole_leader(&key),
        });
        self.keys.push((round, key));
    }

    /// The state after a decision (and the draws it caused).
    pub fn step<G: Observe>(&mut self, after: &G::State) {
        let r = G::round(after);
        self.fresh = r != self.round;
        if self.fresh {
            // The state after the round's last decision: the round's end.
            self.push::<G>(self.round, after);
            self.round = r;
        }
    }

    /// The timeline, with the final state as its last row (unless the last decision ended a
    /// round and was recorded already).
    pub fn finish<G: Observe>(mut self, end: &G::State) -> Timeline {
        if !self.fresh || self.rows.is_empty() {
            self.push::<G>(G::round(end), end);
        }
        Timeline {
            score: G::SCORE.into(),
            coins: G::COINS.into(),
            decided_at: decided_at(&self.keys),
            rounds: self.rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32: the game is decided at the round from whose end the order of the seats never
    /// changed.
    #[test]
    fn issue32_timeline_decided_when_its_order_settles() {
        let t = |rows: &[(u32, &[i64])]| -> Vec<(u32, Vec<i64>)> {
            rows.iter().map(|(r, s)| (*r, s.to_vec())).collect()
        };
        // P2 overtakes in round 2 and stays ahead.
        assert_eq!(
            decided_at(&t(&[(1, &[5, 3]), (2, &[6, 9]), (3, &[7, 10])])),
            Some(2)
        );
        // A lead change in the last round: decided only then.
        assert_eq!(
            decided_at(&t(&[(1, &[5, 3]), (2, &[6, 9]), (3, &[12, 10])])),
            Some(3)
        );
        // Ahead from the first round on.
        assert_eq!(decided_at(&t(&[(1, &[5, 3]), (2, &[6, 4])])), Some(1));
        assert_eq!(decided_at(&t(&[])), None);
        assert_eq!(decided_at(&t(&[(1, &[])])), None);
    }

    /// The sole leader is the one seat strictly ahead of every other; a shared lead is none.
    #[test]
    fn sole_leader_is_strictly_ahead() {
        assert_eq!(sole_leader(&[]), None);
        assert_eq!(sole_leader(&[3]), Some(0));
        assert_eq!(sole_leader(&[3, 3]), None);
        assert_eq!(sole_leader(&[3, 4]), Some(1));
        assert_eq!(sole_leader(&[1, 5, 5]), None);
        assert_eq!(sole_leader(&[5, 5, 1, 7]), Some(3));
        assert_eq!(sole_leader(&[5, 1, 3]), Some(0));
        assert_eq!(sole_leader(&[-4, i64::MIN, -9]), Some(0));
        assert_eq!(sole_leader(&[i64::MIN, i64::MIN]), None);
        assert_eq!(sole_leader(&[i64::MIN]), Some(0));
    }
}
