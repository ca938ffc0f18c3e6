//! The most extreme games of a run (longest, shortest, widest margin) and the first ones ended
//! by the round cap, stuck or unfinished, so a report can point at games worth replaying. Only a few games of each
//! kind are kept, whatever the length of the run, and ties go to the lower index, so the list is
//! the same however the games are split into shards.

use crate::record::GameRecord;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Games kept of each kind.
pub const KEEP: usize = 5;

/// One game, by its index in the run, with the figures that made it extreme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRef {
    pub index: u64,
    pub rounds: u32,
    pub decisions: u64,
    /// The winner's score minus the runner-up's (0 for a game without a normal end).
    pub margin: i64,
    pub scores: Vec<i32>,
}

impl GameRef {
    fn of(r: &GameRecord, k: Key) -> GameRef {
        GameRef {
            index: k.index,
            rounds: k.rounds,
            decisions: k.decisions,
            margin: k.margin,
            scores: r.scores.clone(),
        }
    }

    fn key(&self) -> Key {
        Key {
            index: self.index,
            rounds: self.rounds,
            decisions: self.decisions,
            margin: self.margin,
        }
    }
}

/// What orders games: compared before a game is copied, since most games are not kept.
#[derive(Clone, Copy)]
struct Key {
    index: u64,
    rounds: u32,
    decisions: u64,
    margin: i64,
}

impl Key {
    fn of(r: &GameRecord) -> Key {
        Key {
            index: r.index,
            rounds: r.rounds,
            decisions: r.decisions,
            margin: if r.finished && !r.stuck {
                r.margin()
            } else {
                0
            },
        }
    }
}

/// Up to [`KEEP`] games of each kind, most extreme first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Extremes {
    /// Most rounds (then most decisions) among games that ended normally.
    pub longest: Vec<GameRef>,
    /// Fewest rounds (then fewest decisions) among games that ended normally.
    pub shortest: Vec<GameRef>,
    /// Widest winning margin.
    pub widest_margin: Vec<GameRef>,
    /// The first games the rules' round cap ended (they are among the others' candidates too).
    /// Absent when there are none, and from summaries written before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_cap: Vec<GameRef>,
    /// The first games the engine ended as stuck.
    pub stuck: Vec<GameRef>,
    /// The first games cut short by the decision cap.
    pub unfinished: Vec<GameRef>,
}

/// Inserts the game whose key is `g` into `list` (kept sorted by `before`, then by index) and
/// drops what falls past [`KEEP`]: constant memory, and the same list in any order of
/// insertion. `game` makes its entry if it is kept.
fn keep_key(
    list: &mut Vec<GameRef>,
    g: Key,
    game: impl FnOnce() -> GameRef,
    before: fn(&Key, &Key) -> Ordering,
) {
    let order = |a: &Key, b: &Key| before(a, b).then(a.index.cmp(&b.index));
    if list.len() == KEEP
        && list
            .last()
            .is_some_and(|last| order(&g, &last.key()).is_ge())
    {
        return;
    }
    let at = list.partition_point(|x| order(&x.key(), &g).is_lt());
    list.insert(at, game());
    list.truncate(KEEP);
}

/// How a kind of game kept is ordered, most extreme first (then the lower index).
type Order = fn(&Key, &Key) -> Ordering;

/// The orders of the kinds of game kept.
fn first_seen(_: &Key, _: &Key) -> Ordering {
    Ordering::Equal
}
fn longest(a: &Key, b: &Key) -> Ordering {
    (b.rounds, b.decisions).cmp(&(a.rounds, a.decisions))
}
fn shortest(a: &Key, b: &Key) -> Ordering {
    (a.rounds, a.decisions).cmp(&(b.rounds, b.decisions))
}
fn widest(a: &Key, b: &Key) -> Ordering {
    b.margin.cmp(&a.margin)
}

impl Extremes {
    pub fn add(&mut self, r: &GameRecord) {
        if r.forfeit.is_some() {
            // Counted apart in the summary, with the reason; not a game to replay.
            return;
        }
        // The key once for the lists below (most games are kept in none).
        let k = Key::of(r);
        let game = || GameRef::of(r, k);
        if !r.finished {
            keep_key(&mut self.unfinished, k, game, first_seen);
        } else if r.stuck {
            keep_key(&mut self.stuck, k, game, first_seen);
        } else if r.ended_by == Some(silk_core::EndedBy::RoundCap) {
            // A stall's length is the cap's and its margin a ranking at the cap: listed apart.
            keep_key(&mut self.round_cap, k, game, first_seen);
        } else {
            keep_key(&mut self.longest, k, game, longest);
            keep_key(&mut self.shortest, k, game, shortest);
            keep_key(&mut self.widest_margin, k, game, widest);
        }
    }

    /// Adds the games `other` kept (from other games of the run): the lists are those of all
    /// the games together, as insertion order does not matter.
    pub fn merge(&mut self, other: &Extremes) {
        let lists: [(&mut Vec<GameRef>, &Vec<GameRef>, Order); 6] = [
            (&mut self.longest, &other.longest, longest),
            (&mut self.shortest, &other.shortest, shortest),
            (&mut self.widest_margin, &other.widest_margin, widest),
            (&mut self.round_cap, &other.round_cap, first_seen),
            (&mut self.stuck, &other.stuck, first_seen),
            (&mut self.unfinished, &other.unfinished, first_seen),
        ];
        for (mine, theirs, before) in lists {
            for g in theirs {
                keep_key(mine, g.key(), || g.clone(), before);
            }
        }
    }

    /// Nothing kept (a summary written before extremes were).
    pub fn is_empty(&self) -> bool {
        [
            &self.longest,
            &self.shortest,
            &self.widest_margin,
            &self.round_cap,
            &self.stuck,
            &self.unfinished,
        ]
        .iter()
        .all(|l| l.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(index: u64, rounds: u32, margin: i32) -> GameRecord {
        GameRecord {
            run: String::new(),
            index,
            seed: index,
            scores: vec![margin, 0],
            ranks: vec![0, 1],
            decisions: rounds as u64 * 4,
            rounds,
            branching_sum: 1,
            lead_changes: 0,
            finished: true,
            stuck: false,
            ended_by: None,
            first: None,
            metrics: Default::default(),
            players: Vec::new(),
            forfeit: None,
            coverage: Default::default(),
        }
    }

    /// The kept games are the true extremes, ties to the lower index, in any order of games.
    #[test]
    fn keeps_the_extremes_whatever_the_order() {
        let recs: Vec<GameRecord> = (0..40)
            .map(|i| rec(i, (i * 7 % 11) as u32, (i * 5 % 13) as i32))
            .collect();
        let mut fwd = Extremes::default();
        recs.iter().for_each(|r| fwd.add(r));
        let mut back = Extremes::default();
        recs.iter().rev().for_each(|r| back.add(r));
        assert_eq!(fwd, back);
        let mut by_len: Vec<&GameRecord> = recs.iter().collect();
        by_len.sort_by_key(|r| (std::cmp::Reverse(r.rounds), r.index));
        let want: Vec<u64> = by_len.iter().take(KEEP).map(|r| r.index).collect();
        assert_eq!(
            fwd.longest.iter().map(|g| g.index).collect::<Vec<_>>(),
            want
        );
        assert_eq!(fwd.shortest[0].rounds, 0);
        assert_eq!(fwd.widest_margin[0].margin, 12);
        assert!(fwd.stuck.is_empty() && fwd.longest.len() == KEEP);
    }
}
