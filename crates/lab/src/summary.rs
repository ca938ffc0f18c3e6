//! The summary of a run, computed from its game records alone (so merged shards give exactly
//! the summary of the unsharded run).

use crate::run::{GameRecord, RunSpec};
use crate::stats::{Dist, Rate, Tally};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotRate {
    pub bot: String,
    pub seats: usize,
    pub win: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metric {
    pub name: String,
    pub total: i64,
    pub per_game: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub game: String,
    /// Games that ended normally: every figure below is over these.
    pub games: u64,
    /// Games cut short by the lab's decision cap (left out).
    pub unfinished: u64,
    /// Games the engine ended as stuck (nobody could act, a turn cap): no winner, left out.
    pub stuck: u64,
    pub bots: Vec<String>,
    /// Wins (rank 1, shared wins included) per seat, with Wilson 95% intervals.
    pub win_by_seat: Vec<Rate>,
    /// Wins per bot kind, over all the seats it played.
    pub win_by_bot: Vec<BotRate>,
    /// Seat 1's win rate minus the fair share 1/N.
    pub first_player_advantage: f64,
    /// Games whose first place is shared.
    pub ties: Rate,
    pub rounds: Dist,
    pub decisions: Dist,
    /// Winner's score minus the runner-up's.
    pub margin: Dist,
    pub lead_changes: Dist,
    /// Legal actions per decision, averaged over all decisions.
    pub mean_branching: f64,
    pub metrics: Vec<Metric>,
}

/// A summary folded one game at a time: what it holds grows with the seats, the metric names
/// and the distinct values of each distribution, never with the number of games, so a run of
/// any length is summarised in constant memory (and gives exactly `Summary::of` its records).
#[derive(Clone, Debug, Default)]
pub struct Fold {
    wins: Vec<u64>,
    games: u64,
    stuck: u64,
    unfinished: u64,
    ties: u64,
    rounds: Tally,
    decisions: Tally,
    margin: Tally,
    lead_changes: Tally,
    /// Metric sums, wide and saturating: a damaged games.jsonl cannot make them wrap.
    totals: BTreeMap<String, i128>,
    decisions_sum: u64,
    branching_sum: u64,
}

impl Fold {
    pub fn add(&mut self, r: &GameRecord) {
        if !r.finished {
            self.unfinished += 1;
            return;
        }
        if r.stuck {
            self.stuck += 1;
            return;
        }
        self.games += 1;
        if self.wins.len() < r.ranks.len() {
            self.wins.resize(r.ranks.len(), 0);
        }
        for (seat, &rank) in r.ranks.iter().enumerate() {
            if rank == 0 {
                self.wins[seat] += 1;
            }
        }
        if r.ranks.iter().filter(|&&x| x == 0).count() > 1 {
            self.ties += 1;
        }
        let mut s: Vec<i64> = r.scores.iter().map(|&x| x as i64).collect();
        s.sort_unstable_by(|a, b| b.cmp(a));
        self.margin
            .add(s.first().copied().unwrap_or(0) - s.get(1).copied().unwrap_or(0));
        self.rounds.add(r.rounds as i64);
        self.decisions.add(r.decisions as i64);
        self.lead_changes.add(r.lead_changes as i64);
        for (k, &v) in &r.metrics.0 {
            match self.totals.get_mut(k) {
                Some(t) => *t = t.saturating_add(v as i128),
                None => {
                    self.totals.insert(k.clone(), v as i128);
                }
            }
        }
        self.decisions_sum = self.decisions_sum.saturating_add(r.decisions);
        self.branching_sum = self.branching_sum.saturating_add(r.branching_sum);
    }

    pub fn summary(&self, spec: &RunSpec) -> Summary {
        let n = spec.bots.len();
        let games = self.games;
        let wins = |seat: usize| self.wins.get(seat).copied().unwrap_or(0);
        let win_by_seat: Vec<Rate> = (0..n).map(|s| Rate::new(wins(s), games)).collect();
        let mut kinds: Vec<String> = spec.bots.clone();
        kinds.sort();
        kinds.dedup();
        let win_by_bot = kinds
            .into_iter()
            .map(|bot| {
                let seats: Vec<usize> = (0..n).filter(|&s| spec.bots[s] == bot).collect();
                let k: u64 = seats.iter().map(|&s| wins(s)).sum();
                BotRate {
                    win: Rate::new(k, games * seats.len() as u64),
                    seats: seats.len(),
                    bot,
                }
            })
            .collect();
        Summary {
            game: spec.game.clone(),
            games,
            unfinished: self.unfinished,
            stuck: self.stuck,
            bots: spec.bots.clone(),
            first_player_advantage: win_by_seat.first().map(|r| r.rate).unwrap_or(0.0)
                - 1.0 / n.max(1) as f64,
            win_by_seat,
            win_by_bot,
            ties: Rate::new(self.ties, games),
            rounds: self.rounds.dist(),
            decisions: self.decisions.dist(),
            margin: self.margin.dist(),
            lead_changes: self.lead_changes.dist(),
            mean_branching: if self.decisions_sum == 0 {
                0.0
            } else {
                self.branching_sum as f64 / self.decisions_sum as f64
            },
            metrics: self
                .totals
                .iter()
                .map(|(name, &total)| Metric {
                    name: name.clone(),
                    total: total.clamp(i64::MIN as i128, i64::MAX as i128) as i64,
                    per_game: if games == 0 {
                        0.0
                    } else {
                        total as f64 / games as f64
                    },
                })
                .collect(),
        }
    }
}

impl Summary {
    pub fn of(spec: &RunSpec, records: &[GameRecord]) -> Summary {
        let mut fold = Fold::default();
        for r in records {
            fold.add(r);
        }
        fold.summary(spec)
    }

    /// The metric names of several summaries (a sweep's values), sorted, each once.
    pub fn metric_names<'a>(summaries: impl IntoIterator<Item = &'a Summary>) -> Vec<String> {
        let mut names: Vec<String> = summaries
            .into_iter()
            .flat_map(|s| s.metrics.iter().map(|m| m.name.clone()))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// The most seats of several summaries (a sweep may change the player count).
    pub fn max_seats<'a>(summaries: impl IntoIterator<Item = &'a Summary>) -> usize {
        summaries
            .into_iter()
            .map(|s| s.win_by_seat.len())
            .max()
            .unwrap_or(0)
    }

    pub fn metric(&self, name: &str) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.name == name)
    }

    /// The summary as a terminal table.
    pub fn text(&self) -> String {
        let pct = |r: &Rate| {
            format!(
                "{:5.1}% [{:4.1}–{:4.1}]",
                100.0 * r.rate,
                100.0 * r.lo,
                100.0 * r.hi
            )
        };
        let mut apart = Vec::new();
        if self.unfinished > 0 {
            apart.push(format!("{} unfinished", self.unfinished));
        }
        if self.stuck > 0 {
            apart.push(format!("{} stuck", self.stuck));
        }
        let mut t = format!(
            "{}: {} games{}\n",
            self.game,
            self.games,
            if apart.is_empty() {
                String::new()
            } else {
                format!(" ({}: no winner, left out)", apart.join(", "))
            }
        );
        t += "Win rate by seat (95% Wilson interval):\n";
        for (i, r) in self.win_by_seat.iter().enumerate() {
            t += &format!("  P{} {:<8} {}\n", i + 1, self.bots[i], pct(r));
        }
        t += "Win rate by bot:\n";
        for b in &self.win_by_bot {
            t += &format!("  {:<11} {} over {} seat(s)\n", b.bot, pct(&b.win), b.seats);
        }
        t += &format!(
            "First-player advantage: {:+.1} points · shared wins: {}\n",
            100.0 * self.first_player_advantage,
            pct(&self.ties)
        );
        let d = |x: &Dist| format!("mean {:.1}, sd {:.1}, {}–{}", x.mean, x.sd, x.min, x.max);
        t += &format!("Rounds: {}\n", d(&self.rounds));
        t += &format!(
            "Decisions: {} · mean branching {:.1}\n",
            d(&self.decisions),
            self.mean_branching
        );
        t += &format!("Winning margin: {}\n", d(&self.margin));
        t += &format!("Lead changes: {}\n", d(&self.lead_changes));
        if !self.metrics.is_empty() {
            t += "Metrics (per game):\n";
            for m in &self.metrics {
                t += &format!("  {:<34} {:>10.2}\n", m.name, m.per_game);
            }
        }
        t
    }
}
