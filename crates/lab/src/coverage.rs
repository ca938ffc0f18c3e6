//! Rule coverage of a run (`silk coverage`, and a section of every run report): for each
//! branch of the rules the engine declares ([`silk_core::Observe::BRANCHES`]) and each kind of
//! decision, the share of games in which it happens — over all games and over the finished
//! ones, each with a 95% Wilson interval — and its count per game (mean with a 95% interval).
//! A branch no game reaches is listed first, with what would make it happen: either the rule
//! is dead (a design finding) or the bots asked never choose it (a bot's blind spot).
//!
//! A game's hits are counted in a fixed array while it is played ([`silk_core::Hits`]) and
//! kept in its record by name (only the branches hit), so shards merge like any record.

use crate::stats::Rate;
use serde::{Deserialize, Serialize};
use silk_core::{Names, Observe};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The prefix of the branch the lab adds for each decision kind (`decision.bid`).
pub const DECISION_PREFIX: &str = "decision.";

/// A branch as a run declares it: the engine's, then one per decision kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub name: String,
    pub about: String,
    /// What would make it happen.
    pub fires: String,
}

/// The branches of game `G`: its own ([`Observe::BRANCHES`]) by number, then one per decision
/// kind.
pub fn declared<G: Observe>() -> Vec<Declared> {
    let own = G::BRANCHES.iter().map(|b| Declared {
        name: b.name.to_string(),
        about: b.about.to_string(),
        fires: b.fires.to_string(),
    });
    let kinds = G::DECISION_KINDS.iter().map(|k| Declared {
        name: format!("{DECISION_PREFIX}{}", k.name),
        about: format!("a decision: {}", k.about),
        fires: "a seat is asked a decision of this kind and takes it".to_string(),
    });
    own.chain(kinds).collect()
}

/// The names a record's coverage counters are numbered by ([`declared`]'s order).
pub fn names<G: Observe>() -> Arc<Names> {
    Arc::new(Names::new(declared::<G>().into_iter().map(|d| d.name)))
}

/// One branch folded over games: games it happened in (all, finished), hits (sum, sum of
/// squares, over all games). Integers, so a fold is exact in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    games: u64,
    finished: u64,
    sum: u128,
    sum2: u128,
}

/// Coverage folded one game at a time (a part of [`crate::Fold`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct CoverageFold {
    pub(crate) declared: Vec<Declared>,
    /// Games folded, and those of them that ended with a result (winners).
    games: u64,
    finished: u64,
    slot: BTreeMap<String, usize>,
    tallies: Vec<Tally>,
    /// The last record's names and their slots here: records of one run share their names.
    mapped: Option<(Arc<Names>, Vec<usize>)>,
}

impl CoverageFold {
    pub(crate) fn add(&mut self, r: &crate::GameRecord) {
        self.games += 1;
        let finished = r.finished && !r.stuck;
        self.finished += finished as u64;
        let (names, values) = r.coverage.slots();
        if !self
            .mapped
            .as_ref()
            .is_some_and(|(n, _)| Arc::ptr_eq(n, names))
        {
            let slots = names.slots().iter().map(|n| self.slot_of(n)).collect();
            self.mapped = Some((names.clone(), slots));
        }
        let Some((_, slots)) = &self.mapped else {
            return;
        };
        for &(slot, v) in values {
            if v <= 0 {
                continue;
            }
            let t = &mut self.tallies[slots[slot as usize]];
            let v = v as u128;
            t.games += 1;
            t.finished += finished as u64;
            t.sum = t.sum.saturating_add(v);
            t.sum2 = t.sum2.saturating_add(v.saturating_mul(v));
        }
    }

    fn slot_of(&mut self, name: &str) -> usize {
        if let Some(&s) = self.slot.get(name) {
            return s;
        }
        let s = self.tallies.len();
        self.slot.insert(name.to_string(), s);
        self.tallies.push(Tally::default());
        s
    }

    pub(crate) fn merge(&mut self, other: &CoverageFold) {
        self.games += other.games;
        self.finished += other.finished;
        if self.declared.is_empty() {
            self.declared = other.declared.clone();
        }
        for (name, &theirs) in &other.slot {
            let mine = self.slot_of(name);
            let (t, o) = (&mut self.tallies[mine], other.tallies[theirs]);
            t.games += o.games;
            t.finished += o.finished;
            t.sum = t.sum.saturating_add(o.sum);
            t.sum2 = t.sum2.saturating_add(o.sum2);
        }
    }

    pub(crate) fn empty_like(&self) -> CoverageFold {
        CoverageFold {
            declared: self.declared.clone(),
            ..CoverageFold::default()
        }
    }

    /// Every declared branch (a branch a record names that is not declared, from another
    /// version of the engine, follows them), rarest first: those no game reached lead.
    pub(crate) fn coverage(&self) -> Coverage {
        let mut rows: Vec<BranchCoverage> = self
            .declared
            .iter()
            .map(|d| self.row(&d.name, &d.about, &d.fires))
            .collect();
        for name in self.slot.keys() {
            if !self.declared.iter().any(|d| d.name == *name) {
                rows.push(self.row(name, "", ""));
            }
        }
        if rows.is_empty() {
            // Nothing declared nor counted: no coverage (as a summary without one reads).
            return Coverage::default();
        }
        // Stable: branches as rare as each other keep the engine's order.
        rows.sort_by(|a, b| a.games.rate.total_cmp(&b.games.rate));
        Coverage {
            games: self.games,
            finished: self.finished,
            branches: rows,
        }
    }

    fn row(&self, name: &str, about: &str, fires: &str) -> BranchCoverage {
        let t = self
            .slot
            .get(name)
            .map(|&s| self.tallies[s])
            .unwrap_or_default();
        let n = self.games;
        let mean = if n == 0 { 0.0 } else { t.sum as f64 / n as f64 };
        // Over every game (a game without the branch counted 0): a normal interval.
        let var = if n > 1 {
            let (n, s, s2) = (n as f64, t.sum as f64, t.sum2 as f64);
            ((n * s2 - s * s) / (n * (n - 1.0))).max(0.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / n.max(1) as f64).sqrt();
        BranchCoverage {
            name: name.to_string(),
            about: about.to_string(),
            fires: fires.to_string(),
            games: Rate::new(t.games, n),
            finished: Rate::new(t.finished, self.finished),
            per_game: mean,
            per_game_lo: (mean - half).max(0.0),
            per_game_hi: mean + half,
            total: t.sum.min(u64::MAX as u128) as u64,
        }
    }
}

/// One branch over a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BranchCoverage {
    pub name: String,
    /// What it is (empty: not declared by this engine).
    pub about: String,
    /// What would make it happen.
    pub fires: String,
    /// Games in which it happened, of all games played (cut short ones included).
    pub games: Rate,
    /// Games in which it happened, of those that ended with a result.
    pub finished: Rate,
    /// Its mean count per game (over all games), with a 95% interval.
    pub per_game: f64,
    pub per_game_lo: f64,
    pub per_game_hi: f64,
    /// Its count over all games.
    pub total: u64,
}

/// A run's rule coverage: every branch, rarest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Coverage {
    /// Games played, and those of them that ended with a result.
    pub games: u64,
    pub finished: u64,
    pub branches: Vec<BranchCoverage>,
}

impl Coverage {
    pub fn is_empty(&self) -> bool {
        self.branches.is_empty()
    }

    /// The branches no game reached.
    pub fn never(&self) -> impl Iterator<Item = &BranchCoverage> {
        self.branches.iter().filter(|b| b.games.k == 0)
    }

    /// The branches reached in fewer than `share` of the games, but reached.
    pub fn rare(&self, share: f64) -> impl Iterator<Item = &BranchCoverage> {
        self.branches
            .iter()
            .filter(move |b| b.games.k > 0 && b.games.rate < share)
    }

    /// One line for a run's summary.
    pub fn line(&self) -> String {
        let never: Vec<&str> = self.never().map(|b| b.name.as_str()).collect();
        let mut t = format!(
            "Rule coverage: {} of {} branches happen in at least one game",
            self.branches.len() - never.len(),
            self.branches.len()
        );
        if !never.is_empty() {
            t += &format!("; never: {}", never.join(", "));
        }
        t + "\n"
    }

    /// The coverage as a terminal table, for the bots `bots` (one per seat).
    pub fn text(&self, game: &str, bots: &[String]) -> String {
        let pct = |r: &Rate| {
            format!(
                "{:5.1}% [{:5.1}–{:5.1}]",
                100.0 * r.rate,
                100.0 * r.lo,
                100.0 * r.hi
            )
        };
        let never: Vec<&BranchCoverage> = self.never().collect();
        let mut t = format!(
            "{game}: rule coverage over {} games ({} finished), bots {}\n",
            self.games,
            self.finished,
            bots.join(", ")
        );
        t += &format!(
            "{} of {} branches never happen. A rule no bot uses is a dead rule (a design finding) \
             or a blind spot of these bots (a bot defect).\n",
            never.len(),
            self.branches.len()
        );
        if !never.is_empty() {
            t += "Never happened (what would make each happen):\n";
            for b in &never {
                t += &format!(
                    "  {:<28} {}\n  {:<28}   → {}\n",
                    b.name, b.about, "", b.fires
                );
            }
        }
        t += &format!(
            "{:<28} {:>24} {:>24} {:>22}\n",
            "branch", "share of all games", "share of finished", "per game [95% CI]"
        );
        for b in &self.branches {
            t += &format!(
                "{:<28} {:>24} {:>24} {:>8.2} [{:.2}–{:.2}]\n",
                b.name,
                pct(&b.games),
                pct(&b.finished),
                b.per_game,
                b.per_game_lo,
                b.per_game_hi
            );
        }
        t
    }
}
