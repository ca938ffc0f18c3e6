//! The summary of a run, computed from its game records alone (so merged shards give exactly
//! the summary of the unsharded run).

use crate::coverage::Coverage;
use crate::extremes::Extremes;
use crate::record::GameRecord;
use crate::spec::RunSpec;
use crate::stats::{Dist, Rate};
use serde::{Deserialize, Serialize};
use silk_core::ForfeitKind;

mod fold;
pub use fold::Fold;

fn is_zero(x: &u64) -> bool {
    *x == 0
}

/// A bot kind's wins counted per game: a game counts once for each kind that plays in it, won
/// when any of its seats wins, so a kind filling several seats is not counted as independent
/// samples.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotRate {
    pub bot: String,
    /// Seats it fills in each game.
    pub seats: usize,
    /// Games it won / games it played.
    pub win: Rate,
}

/// One seat with one bot in it: games won / games that bot sat there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatBot {
    pub seat: usize,
    pub bot: String,
    pub win: Rate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metric {
    pub name: String,
    pub total: i64,
    pub per_game: f64,
    /// What it counts (`silk_core::metrics::UNITS`).
    #[serde(default)]
    pub unit: String,
    /// Its value per game (0 in a game that never counted it): mean, sd, histogram.
    #[serde(default)]
    pub dist: Dist,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub game: String,
    /// Decided games: those that reached the rules' goal (a winner as the rules' end says).
    /// Every figure below is over these.
    pub games: u64,
    /// Stalls: games the rules' round cap cut before anyone reached the goal (Cities, gap 32
    /// ranks them by most VP, then most coins). Not in `games` nor in any figure over them: a
    /// stall's order at the cap is no win. Absent when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub round_cap: u64,
    /// Games cut short by the lab's decision cap (left out).
    pub unfinished: u64,
    /// Games the engine ended with no winner (nobody could act; Splendor's round cap): left
    /// out.
    pub stuck: u64,
    /// Games a player outside silk gave up (crashed, answered garbage or an illegal move, ran
    /// out of time): left out, and counted here by bot and kind with the first reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<Forfeits>,
    pub bots: Vec<String>,
    /// Wins (rank 1, shared wins included) per seat, with Wilson 95% intervals.
    pub win_by_seat: Vec<Rate>,
    /// Wins per bot kind, counted per game (see [`BotRate`]).
    pub win_by_bot: Vec<BotRate>,
    /// Each seat with each bot that sat there (bots rotate round the table when they differ).
    pub win_by_seat_bot: Vec<SeatBot>,
    /// Wins of the player who actually moved first (as the engine reports it), when it does.
    pub first_mover: Option<Rate>,
    /// The first mover's win rate minus the fair share 1/N; seat 1's when the engine reports no
    /// first mover (`first_player_from` says which).
    pub first_player_advantage: f64,
    pub first_player_from: String,
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
    /// Metrics that only mean something as a ratio (`silk_core::metrics::RATIOS`), with units.
    pub ratios: Vec<RatioMetric>,
    /// Games worth replaying: the longest, shortest, widest margins, the first stuck and
    /// unfinished ones (absent from summaries written before it).
    #[serde(default)]
    pub extremes: Extremes,
    /// The rule coverage of every game played, cut short ones included (see
    /// [`crate::coverage`]); absent when the run declared no branch and its records carry none.
    #[serde(default, skip_serializing_if = "Coverage::is_empty")]
    pub coverage: Coverage,
}

/// The games one bot forfeited for one kind of reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forfeits {
    pub bot: String,
    pub kind: ForfeitKind,
    pub games: u64,
    /// The first such game (by index) and its reason, as an example.
    pub first: u64,
    pub reason: String,
}

impl Forfeits {
    /// The number of games forfeited in `list`.
    pub fn total(list: &[Forfeits]) -> u64 {
        list.iter().map(|f| f.games).sum()
    }
}

impl Summary {
    /// The games players outside silk forfeited, a line per bot and kind (`Forfeited by …`),
    /// as every summary of games shows them; empty when none was.
    pub fn forfeit_text(&self) -> String {
        self.forfeits
            .iter()
            .map(|f| {
                format!(
                    "Forfeited by {}: {} game(s), {} (first: game {}, {})\n",
                    f.bot,
                    f.games,
                    f.kind.name(),
                    f.first,
                    f.reason
                )
            })
            .collect()
    }
}

/// A ratio of two summed metrics, with its unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatioMetric {
    pub name: String,
    pub value: f64,
    pub unit: String,
    /// The denominator's total (how many auctions, routes, …).
    pub over: i64,
}

impl Summary {
    pub fn of(spec: &RunSpec, records: &[GameRecord]) -> Summary {
        let mut fold = Fold::new(spec);
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

    /// Different bots took turns in the seats (more seat × bot cells than seats), so a seat's
    /// label is the seat alone.
    pub fn bots_rotated(&self) -> bool {
        self.win_by_seat_bot.len() > self.win_by_seat.len()
    }

    /// "P1 greedy", or "P1" when the bots rotated round the table.
    pub fn seat_label(&self, seat: usize) -> String {
        match self.bots.get(seat) {
            Some(bot) if !self.bots_rotated() => format!("P{} {bot}", seat + 1),
            _ => format!("P{}", seat + 1),
        }
    }

    /// Every game played: decided, stalled, stuck, unfinished or forfeited.
    pub fn played(&self) -> u64 {
        self.games + self.round_cap + self.stuck + self.unfinished + Forfeits::total(&self.forfeits)
    }

    /// The stall share of the games played with its Wilson interval, when any game stalled.
    pub fn stall_share(&self) -> Option<Rate> {
        (self.round_cap > 0).then(|| Rate::new(self.round_cap, self.played()))
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
        let forfeited = Forfeits::total(&self.forfeits);
        if forfeited > 0 {
            apart.push(format!("{forfeited} forfeited"));
        }
        let decided = if self.round_cap > 0 { " decided" } else { "" };
        let mut t = format!(
            "{}: {} games{decided}{}\n",
            self.game,
            self.games,
            if apart.is_empty() {
                String::new()
            } else {
                format!(" ({}: no winner, left out)", apart.join(", "))
            }
        );
        if let Some(share) = self.stall_share() {
            t += &format!(
                "Stalls: {} of {} games played ({}) stalled at the round cap, ranked by score \
                 then the rules' tie-break: no win, left out of every figure below (over the \
                 decided games)\n",
                self.round_cap,
                self.played(),
                pct(&share).trim()
            );
        }
        t += &self.forfeit_text();
        let rotated = self.bots_rotated();
        t += &format!(
            "Win rate by seat (95% Wilson interval; over the {} games{decided}):\n",
            self.games,
        );
        for (i, r) in self.win_by_seat.iter().enumerate() {
            let bot = if rotated {
                "(all)"
            } else {
                self.bots[i].as_str()
            };
            t += &format!("  P{} {:<8} {}\n", i + 1, bot, pct(r));
        }
        t += "Win rate by bot (per game: a game counts once for each bot in it):\n";
        for b in &self.win_by_bot {
            t += &format!(
                "  {:<11} {} of {} games, {} seat(s) a game\n",
                b.bot,
                pct(&b.win),
                b.win.n,
                b.seats
            );
        }
        if rotated {
            t += "Win rate by seat and bot (the bots rotate round the table):\n";
            for sb in &self.win_by_seat_bot {
                t += &format!(
                    "  P{} {:<8} {} of {} games\n",
                    sb.seat + 1,
                    sb.bot,
                    pct(&sb.win),
                    sb.win.n
                );
            }
        }
        t += &format!(
            "First-player advantage ({}): {:+.1} percentage points over the fair share · shared wins: {}\n",
            self.first_player_from,
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
        // Sums that only mean something as a ratio are shown below as the ratio.
        let raw = |name: &str| name.ends_with("_permille");
        if self.metrics.iter().any(|m| !raw(&m.name)) {
            t += "Metrics (mean count per game):\n";
            for m in self.metrics.iter().filter(|m| !raw(&m.name)) {
                t += &format!("  {:<34} {:>10.2}\n", m.name, m.per_game);
            }
        }
        if !self.ratios.is_empty() {
            t += "Ratios:\n";
            for r in &self.ratios {
                t += &format!(
                    "  {:<34} {:>10.2} {} (over {})\n",
                    r.name, r.value, r.unit, r.over
                );
            }
        }
        if !self.coverage.is_empty() {
            t += &self.coverage.line();
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::EndedBy;

    fn spec() -> RunSpec {
        RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 4,
            shard: None,
            rotate: false,
        }
    }

    fn records() -> Vec<GameRecord> {
        (0..4u64)
            .map(|i| {
                let mut metrics = silk_core::Counters::default();
                if i % 2 == 0 {
                    metrics.add("auction.bids", 3 + i as i64);
                }
                GameRecord {
                    run: String::new(),
                    index: i,
                    seed: i,
                    scores: vec![i as i32, 0],
                    ranks: vec![0, 1],
                    decisions: 10 + i,
                    rounds: 2 + i as u32,
                    branching_sum: 20,
                    lead_changes: 0,
                    finished: true,
                    stuck: false,
                    ended_by: None,
                    first: None,
                    metrics,
                    players: Vec::new(),
                    forfeit: None,
                    coverage: Default::default(),
                }
            })
            .collect()
    }

    /// A metric's distribution counts the games that never counted it as 0, so its mean is the
    /// per-game figure.
    #[test]
    fn metric_distribution_covers_every_game() {
        let s = Summary::of(&spec(), &records());
        let m = s.metric("auction.bids").unwrap();
        assert_eq!((m.dist.n, m.dist.min, m.dist.max), (4, 0, 5));
        assert!((m.dist.mean - m.per_game).abs() < 1e-12);
        assert_eq!(m.unit, "bids");
        assert_eq!(s.extremes.longest[0].index, 3);
    }

    /// Issue 46 point 1: a stall (a game the rules' round cap cut) is no win: the summary's
    /// figures are over the decided games, and the text gives the stall share as a headline
    /// with its interval, labelled with how the cap ranked them (text and JSON); a summary with
    /// none has no `round_cap` key and reads as none.
    #[test]
    fn issue46_stalls_are_counted_apart_from_the_decided_games() {
        let mut recs = records();
        recs[1].ended_by = Some(EndedBy::RoundCap);
        let s = Summary::of(&spec(), &recs);
        assert_eq!((s.games, s.round_cap, s.stuck, s.played()), (3, 1, 0, 4));
        assert_eq!(s.win_by_seat[0].k, 3, "the stall's first place is no win");
        assert_eq!(s.rounds.n, 3);
        let t = s.text();
        assert!(t.contains("3 games decided"), "{t}");
        assert!(
            t.contains("Stalls: 1 of 4 games played (25.0% [ 4.6–69.9]) stalled at the round cap, ranked by score"),
            "{t}"
        );
        assert!(t.contains("over the 3 games decided"), "{t}");
        assert_eq!(s.extremes.round_cap[0].index, 1);
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(json["round_cap"], 1);
        assert_eq!(serde_json::from_value::<Summary>(json).unwrap(), s);
        let none = serde_json::to_value(Summary::of(&spec(), &records())).unwrap();
        assert!(none.get("round_cap").is_none() && none["extremes"].get("round_cap").is_none());
        assert_eq!(
            serde_json::from_value::<Summary>(none).unwrap().round_cap,
            0
        );
        // A record written before `ended_by` reads as an ordinary end.
        let mut old = serde_json::to_value(&recs[0]).unwrap();
        old.as_object_mut().unwrap().remove("ended_by");
        let read: GameRecord = serde_json::from_value(old).unwrap();
        assert_eq!(read.ended_by, None);
        let capped: GameRecord =
            serde_json::from_str(&serde_json::to_string(&recs[1]).unwrap()).unwrap();
        assert_eq!(capped.ended_by, Some(EndedBy::RoundCap));
        assert!(serde_json::to_string(&recs[1])
            .unwrap()
            .contains(r#""ended_by":"round_cap""#));
    }

    /// summary.json reads back, and one written before the fields added since (units,
    /// distributions, extremes) still reads, with those empty.
    #[test]
    fn summary_json_reads_back_old_and_new() {
        let s = Summary::of(&spec(), &records());
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(serde_json::from_value::<Summary>(json.clone()).unwrap(), s);
        let mut old = json;
        old.as_object_mut().unwrap().remove("extremes");
        for m in old["metrics"].as_array_mut().unwrap() {
            let m = m.as_object_mut().unwrap();
            m.remove("unit");
            m.remove("dist");
        }
        let read: Summary = serde_json::from_value(old).unwrap();
        assert!(read.extremes.is_empty() && read.metrics[0].unit.is_empty());
        assert_eq!(read.metrics[0].per_game, s.metrics[0].per_game);
    }
}
