//! What a game leaves behind: its [`GameRecord`] (one line of `games.jsonl`), with one
//! [`PlayerRecord`] per seat: the plain data every summary, measure and merge reads.

use crate::spec::{game_seed, RunSpec};
use serde::{Deserialize, Serialize};
use silk_core::{Counters, EndedBy, ForfeitKind};

/// The result of one game: everything the summary needs, so merged shards summarise alike.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The run the game belongs to ([`RunSpec::id`]): a merge refuses a record of another run
    /// (another setting of a sweep, another variant) placed among this one's. Empty in records
    /// written before it, which are read as before (on their seeds alone).
    #[serde(default)]
    pub run: String,
    pub index: u64,
    pub seed: u64,
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
    pub decisions: u64,
    pub rounds: u32,
    /// Sum of the number of legal actions over decisions.
    pub branching_sum: u64,
    /// Times the sole leader (by provisional score, checked each round and at the end)
    /// changed.
    pub lead_changes: u32,
    /// False if the game hit the decision cap before ending.
    pub finished: bool,
    /// The engine ended the game as stuck (nobody could act, a turn cap): nobody won it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stuck: bool,
    /// How a game with a ranking ended when not in the ordinary way: `round_cap` when the rules'
    /// round cap stopped it (Cities, gap 32: the rules rank the seats at the cap) — a stall,
    /// which the lab counts apart from the decided games and never as a win.
    /// Absent otherwise, and in records written before it (which read as ordinary ends).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<EndedBy>,
    /// The seat that moved first, as the engine reports it (a random first player, the first
    /// leader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u8>,
    pub metrics: Counters,
    /// Each seat's bot, final rank and score, and per-player measures (`player.*`), in seat
    /// order. Absent in records written before them, and for engines without such measures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerRecord>,
    /// A player outside silk gave the game up (crashed, answered garbage or an illegal move,
    /// ran out of time): the game is not finished and is counted apart, with the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<SeatForfeit>,
    /// The branches of the rules the game took, by name, with their counts (only those it
    /// took: see [`crate::coverage`]). Absent in records written before it.
    #[serde(default, skip_serializing_if = "Counters::is_empty")]
    pub coverage: Counters,
}

/// Who forfeited a game, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatForfeit {
    pub seat: u8,
    pub bot: String,
    pub kind: ForfeitKind,
    pub reason: String,
}

impl GameRecord {
    /// The winner's score minus the runner-up's.
    pub fn margin(&self) -> i64 {
        // The two highest scores, in one pass without a branch (who leads is unpredictable; the
        // fold asks for every game): i64::MIN, below every i32 score, is "none" (a lone score's
        // margin is itself).
        let (mut first, mut second) = (i64::MIN, i64::MIN);
        for &x in &self.scores {
            let x = x as i64;
            second = second.max(first.min(x));
            first = first.max(x);
        }
        let or_zero = |v: i64| if v == i64::MIN { 0 } else { v };
        or_zero(first) - or_zero(second)
    }

    /// Whether this record can be a game of the run `spec` whose [`RunSpec::id`] is `run`
    /// (merge, find and replay read nothing else): it names that run, its seed is the run's for
    /// its index, one score and one rank per seat, ranks and the first seat within the table,
    /// counts that fit together. Why not, if not.
    pub fn check(&self, spec: &RunSpec, run: &str) -> Result<(), String> {
        // A record from before records named their run (empty) is taken on its seed, as it
        // was then: a run kept from an older silk stays readable.
        if self.run != run && !self.run.is_empty() {
            return Err(format!(
                "game {}: a record of another run (\"run\": {:?}; this run is {run:?}): \
                 records of another setting, variant or run were put among this run's",
                self.index, self.run
            ));
        }
        let seats = spec.bots.len();
        let seed = game_seed(spec.seed, self.index);
        if self.seed != seed {
            return Err(format!(
                "game {}: seed {} is not this run's seed for the game ({seed})",
                self.index, self.seed
            ));
        }
        if self.scores.len() != seats || self.ranks.len() != seats {
            return Err(format!(
                "game {}: {} scores and {} ranks for {seats} seats",
                self.index,
                self.scores.len(),
                self.ranks.len()
            ));
        }
        if let Some(r) = self.ranks.iter().find(|&&r| r as usize >= seats) {
            return Err(format!(
                "game {}: rank {r} at a table of {seats}",
                self.index
            ));
        }
        if !self.players.is_empty() && self.players.len() != seats {
            return Err(format!(
                "game {}: {} players for {seats} seats",
                self.index,
                self.players.len()
            ));
        }
        if let Some(f) = self.first.filter(|&f| f as usize >= seats) {
            return Err(format!(
                "game {}: first seat {f} at a table of {seats}",
                self.index
            ));
        }
        // Every decision has at least one choice; rounds and lead changes come with decisions.
        let most = i64::MAX as u64;
        let bad = if self.decisions > most {
            Some("decisions")
        } else if self.branching_sum < self.decisions || self.branching_sum > most {
            Some("branching_sum")
        } else if self.rounds as u64 > self.decisions + 1 {
            Some("rounds")
        } else if self.lead_changes as u64 > self.decisions + 1 {
            Some("lead_changes")
        } else {
            None
        };
        match bad {
            Some(field) => Err(format!(
                "game {}: {field} impossible with {} decisions, {} rounds and a branching sum of {}",
                self.index, self.decisions, self.rounds, self.branching_sum
            )),
            None => Ok(()),
        }
    }
}

/// One seat's end of a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    /// The bot that played the seat in this game (bots may move round the table).
    pub bot: String,
    /// Final rank from 0 (first place, shared by every seat that ties for it); 0 in a game cut
    /// short.
    pub rank: u8,
    pub score: i32,
    /// The engine's per-player measures, every one it declares (0 included), by name.
    pub measures: Counters,
}

/// Whether a game reached the rules' goal: it ended with winners, and not because the rules'
/// round cap cut it (a stall). The population of every figure not named otherwise.
pub fn decided(r: &GameRecord) -> bool {
    r.finished && !r.stuck && r.ended_by.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The margin is the winner's score minus the runner-up's: 0 for a shared first place and
    /// for no score, a lone score itself; checked against sorting on every small table.
    #[test]
    fn margin_is_first_minus_second() {
        let margin = |scores: &[i32]| {
            GameRecord {
                scores: scores.to_vec(),
                ..GameRecord::default()
            }
            .margin()
        };
        assert_eq!(margin(&[]), 0);
        assert_eq!(margin(&[-4]), -4);
        assert_eq!(margin(&[5, 5]), 0);
        assert_eq!(margin(&[3, 7, 5]), 2);
        assert_eq!(margin(&[-4, -9]), 5);
        assert_eq!(
            margin(&[i32::MIN, i32::MAX]),
            i32::MAX as i64 - i32::MIN as i64
        );
        let values = [-3, 0, 2, 2, 9];
        for n in 2..=4u32 {
            for code in 0..values.len().pow(n) {
                let scores: Vec<i32> = (0..n)
                    .map(|i| values[code / values.len().pow(i) % values.len()])
                    .collect();
                let mut sorted = scores.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                let want = sorted[0] as i64 - sorted[1] as i64;
                assert_eq!(margin(&scores), want, "{scores:?}");
            }
        }
    }
}
