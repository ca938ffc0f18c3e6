//! Named measures of a run, each an estimate with its 95% interval, folded one game at a time
//! in constant memory: what `silk compare --variant`, `silk gaps` and `silk tune` read.
//!
//! Two kinds of estimate:
//! - a **rate**: games where something happened / games it could (Wilson interval);
//! - a **mean** per game (normal interval, mean ± 1.96 · sd / √n), or a **ratio** of two
//!   per-game sums (delta-method interval), for metrics that only mean something as a ratio.
//!
//! Two populations: a game is **decided** when it reached the rules' goal (a player won as the
//! rules' end says), a **stall** when the rules' round cap cut it (its ranking at the cap is the
//! rules' tie-break, not a win). Rates and means are over the decided games unless the name
//! says otherwise: `share.round_cap` (the stall share, a headline of its own), `share.stuck`,
//! `share.unfinished`, `share.forfeit`, `share.cut_short` and the `all_games.*` rows are over
//! every game played. The winner-versus-others measures asked for (`winners.player.<measure>`,
//! [`Measures::winners`]) are over the decided games with at least one other seat
//! ([`crate::players`]).

use crate::measured::{estimate, Acc, RatioSums};
use crate::paired::{GameObs, Obs};
use crate::record::GameRecord;
use crate::spec::RunSpec;
use crate::time::TimeModel;
use std::collections::BTreeMap;

use crate::measured::Measured;
use crate::record::decided;

/// The fold: one accumulator per measure name.
#[derive(Clone, Debug)]
pub struct Measures {
    spec: RunSpec,
    time: TimeModel,
    accs: BTreeMap<String, (String, Acc)>,
    /// Bot kinds in the run, sorted.
    kinds: Vec<String>,
    /// Metric names seen so far, so a game without one counts it as 0.
    metric_names: BTreeMap<String, ()>,
    /// Decided games so far (stalls at the round cap left out).
    normal_games: u64,
    /// While [`Measures::add_observed`] runs: the game's contribution to each measure.
    observed: Option<GameObs>,
    /// The per-player measures whose winners-minus-others figure is measured.
    winners: Vec<String>,
}

/// `(name, numerator, denominator, scale, upper bound, about)` of an auction point's measure.
pub type PointRatio = (
    &'static str,
    &'static str,
    &'static str,
    f64,
    Option<f64>,
    &'static str,
);

/// Each auction point's measures (`auction.<key>.<name>`), from silk-trade's per-point
/// counters: `(name, numerator, denominator, scale, about)`, value = scale × Σ num / Σ den over
/// the games that held such an auction.
pub const AUCTION_POINT_RATIOS: &[PointRatio] = &[
    (
        "no_bid_share",
        "no_bid",
        "held",
        100.0,
        Some(100.0),
        "auctions nobody bid in, % of auctions held",
    ),
    (
        "price_share_of_wealth",
        "price_wealth_permille",
        "won",
        0.1,
        Some(100.0),
        "price over the winner's wealth (what it could bid), % — mean over won auctions",
    ),
    (
        "richest_won_share",
        "richest_won",
        "won",
        100.0,
        Some(100.0),
        "won by the bidder who could bid most, % of won auctions",
    ),
    (
        "mean_surplus",
        "surplus_sum",
        "valued",
        1.0,
        None,
        "the lot's value to the winner minus its price, per won auction (the price's unit)",
    ),
];

/// The metric prefix of victory-point sources (`vp.from_<source>`), whose shares of all VP
/// the measures `vp_share.<source>` give.
pub const VP_PREFIX: &str = "vp.from_";

impl Measures {
    pub fn new(spec: &RunSpec, time: TimeModel) -> Measures {
        let mut kinds = spec.bots.clone();
        kinds.sort();
        kinds.dedup();
        Measures {
            spec: spec.clone(),
            time,
            accs: BTreeMap::new(),
            kinds,
            metric_names: BTreeMap::new(),
            normal_games: 0,
            observed: None,
            winners: Vec::new(),
        }
    }

    /// Also measures, for each per-player measure of `measures` (`player.sales`), the winners'
    /// mean minus the other seats' mean per game, as `winners.player.sales`
    /// ([`crate::players`]).
    pub fn winners(mut self, measures: &[String]) -> Measures {
        self.winners = measures.to_vec();
        self
    }

    fn acc(&mut self, name: &str, about: impl FnOnce() -> String, empty: Acc) -> &mut Acc {
        if !self.accs.contains_key(name) {
            self.accs.insert(name.to_string(), (about(), empty));
        }
        &mut self.accs.get_mut(name).expect("inserted above").1
    }

    fn observe(&mut self, name: &str, obs: Obs) {
        if let Some(o) = &mut self.observed {
            o.push((name.to_string(), obs));
        }
    }

    fn rate(&mut self, name: &str, about: impl FnOnce() -> String, hit: bool) {
        self.observe(name, Obs::Rate(hit));
        if let Acc::Rate { k, n } = self.acc(name, about, Acc::Rate { k: 0, n: 0 }) {
            *n += 1;
            *k += hit as u64;
        }
    }

    fn mean(&mut self, name: &str, about: impl FnOnce() -> String, v: f64) {
        self.observe(name, Obs::Mean(v));
        let empty = Acc::Mean {
            n: 0,
            sum: 0.0,
            sum2: 0.0,
        };
        if let Acc::Mean { n, sum, sum2 } = self.acc(name, about, empty) {
            *n += 1;
            *sum += v;
            *sum2 += v * v;
        }
    }

    fn ratio(&mut self, name: &str, about: impl FnOnce() -> String, x: f64, y: f64) {
        self.bounded_ratio(name, about, (x, y), None);
    }

    /// Σx / Σy over games; `upper`: the most it can be (its interval stops there).
    fn bounded_ratio(
        &mut self,
        name: &str,
        about: impl FnOnce() -> String,
        (x, y): (f64, f64),
        upper: Option<f64>,
    ) {
        self.observe(name, Obs::Ratio(x, y));
        let empty = Acc::Ratio(RatioSums {
            upper,
            ..RatioSums::default()
        });
        if let Acc::Ratio(r) = self.acc(name, about, empty) {
            r.n += 1;
            r.x += x;
            r.y += y;
            r.xx += x * x;
            r.yy += y * y;
            r.xy += x * y;
        }
    }

    /// [`Measures::add`], returning what the game contributed to each measure (for
    /// [`crate::paired::Paired`]).
    pub fn add_observed(&mut self, r: &GameRecord) -> GameObs {
        self.observed = Some(Vec::new());
        self.add(r);
        self.observed.take().unwrap_or_default()
    }

    /// Adds one game. Records must come in the run's order for the sums to be reproducible
    /// to the last bit (they do: the lab hands them on in index order).
    pub fn add(&mut self, r: &GameRecord) {
        let normal = r.finished && !r.stuck;
        let minutes = self.add_all_games(r, normal);
        if !decided(r) {
            return;
        }
        self.normal_games += 1;
        self.add_wins(r);
        self.mean(
            "rounds",
            || "rounds per game, over the decided games (stalls at the round cap left out)".into(),
            r.rounds as f64,
        );
        self.mean(
            "decisions",
            || "decisions per game (all seats), over the decided games".into(),
            r.decisions as f64,
        );
        self.mean(
            "margin",
            || "winner's score minus the runner-up's, points, over the decided games".into(),
            r.margin() as f64,
        );
        self.mean(
            "lead_changes",
            || "changes of the sole leader per game, over the decided games".into(),
            r.lead_changes as f64,
        );
        self.mean(
            "minutes",
            || "table minutes per game (the time model), over the decided games".into(),
            minutes,
        );
        let winners = std::mem::take(&mut self.winners);
        for m in &winners {
            if let Some(d) = crate::players::winners_minus_others(r, m) {
                let name = crate::players::winners_name(m);
                self.mean(&name, || crate::players::winners_about(m), d);
            }
        }
        self.winners = winners;
        self.add_metrics(r);
    }

    /// The shares of games that ended otherwise than with winners, and length over every game
    /// played: stuck and cut short included, beside the same figures over the games with
    /// winners (a variant that changes how many games stick changes which games the latter are
    /// over). Returns the game's table minutes.
    fn add_all_games(&mut self, r: &GameRecord, normal: bool) -> f64 {
        self.rate(
            "share.round_cap",
            || {
                "stalls: games the rules' round cap cut before anyone reached the rules' goal \
                 (ranked at the cap by the rules' tie-break, counted in no win, length or \
                 balance figure but the all_games.* rows), share of all games"
                    .into()
            },
            r.ended_by == Some(silk_core::EndedBy::RoundCap),
        );
        self.rate(
            "share.stuck",
            || {
                "games the engine ended stuck with no winner (nobody could act; Splendor's \
                 round cap), share of all games"
                    .into()
            },
            r.stuck,
        );
        // A forfeited game is not finished either, but the lab did not cut it: apart.
        self.rate(
            "share.unfinished",
            || "games cut at the lab's decision cap, share of all games".into(),
            !r.finished && r.forfeit.is_none(),
        );
        self.rate(
            "share.forfeit",
            || {
                "games a player outside silk forfeited (crashed, answered garbage or an illegal \
                 move, ran out of time), share of all games"
                    .into()
            },
            r.forfeit.is_some(),
        );
        self.rate(
            "share.cut_short",
            || {
                "games stuck, cut at the decision cap or forfeited (no winner), share of all games"
                    .into()
            },
            !normal,
        );
        // Length over every game played, stalls, stuck and cut short included, beside the
        // same figures over the decided games: a variant that changes how many games stall or
        // stick changes which games the latter are over.
        self.mean(
            "all_games.rounds",
            || "rounds per game, over all games (stalls, stuck and cut short included: a stall's length is the cap)".into(),
            r.rounds as f64,
        );
        self.mean(
            "all_games.decisions",
            || {
                "decisions per game (all seats), over all games (stalls, stuck and cut short \
                 included)"
                    .into()
            },
            r.decisions as f64,
        );
        let minutes = self.time.minutes(&r.metrics, r.decisions);
        self.mean(
            "all_games.minutes",
            || {
                "table minutes per game played (the time model), over all games (stalls, stuck \
                 and cut short included: a stall's minutes are those of a game cut at the cap, \
                 not a game's length)"
                    .into()
            },
            minutes,
        );
        minutes
    }

    /// Who won a game with winners: the first mover, each seat, each bot, and shared wins.
    fn add_wins(&mut self, r: &GameRecord) {
        let n = r.scores.len();
        // Ranks count from 0: rank 0 is first place (shared by every seat that ties for it).
        let won = |seat: usize| r.ranks.get(seat) == Some(&0);
        if let Some(first) = r.first {
            self.rate(
                "win.first_mover",
                || "games won by the player who moved first, share of the decided games".into(),
                won(first as usize),
            );
        }
        for seat in 0..n {
            self.rate(
                &format!("win.seat{}", seat + 1),
                || {
                    format!(
                        "games won by seat {} (shared wins count), share of the decided games",
                        seat + 1
                    )
                },
                won(seat),
            );
        }
        if self.kinds.len() > 1 {
            for kind in self.kinds.clone() {
                let mut plays = false;
                let mut wins = false;
                for seat in 0..n {
                    let bot = self.spec.bot_at(r.index, seat);
                    if self.spec.bots.get(bot) == Some(&kind) {
                        plays = true;
                        wins |= won(seat);
                    }
                }
                if plays {
                    self.rate(
                        &format!("win.bot.{kind}"),
                        || {
                            format!(
                                "games won by any seat of bot {kind}, share of its decided \
                                 games"
                            )
                        },
                        wins,
                    );
                }
            }
        }
        self.rate(
            "share.tie",
            || "games whose first place is shared, share of the decided games".into(),
            r.ranks.iter().filter(|&&k| k == 0).count() > 1,
        );
    }

    /// The engine's own counters per game, the VP shares by source, each auction point's
    /// ratios and the engines' shared ratios.
    fn add_metrics(&mut self, r: &GameRecord) {
        for (name, _) in r.metrics.iter() {
            if !self.metric_names.contains_key(name) {
                // A metric first met now was 0 in every earlier game.
                let earlier = self.normal_games - 1;
                let about = format!("{name} per game");
                self.accs.insert(
                    format!("metric.{name}"),
                    (
                        about,
                        Acc::Mean {
                            n: earlier,
                            sum: 0.0,
                            sum2: 0.0,
                        },
                    ),
                );
                self.metric_names.insert(name.to_string(), ());
            }
        }
        for name in self.metric_names.keys().cloned().collect::<Vec<_>>() {
            let v = r.metrics.get(&name) as f64;
            self.mean(&format!("metric.{name}"), String::new, v);
        }
        let vp_total: i64 = r
            .metrics
            .iter()
            .filter(|(k, _)| k.starts_with(VP_PREFIX))
            .map(|(_, v)| v)
            .sum();
        for name in self.metric_names.keys().cloned().collect::<Vec<_>>() {
            if let Some(source) = name.strip_prefix(VP_PREFIX) {
                let v = r.metrics.get(&name) as f64;
                self.ratio(
                    &format!("vp_share.{source}"),
                    || format!("VP from {source}, share of all VP scored"),
                    v,
                    vp_total as f64,
                );
            }
        }
        for name in self.metric_names.keys().cloned().collect::<Vec<_>>() {
            let Some(key) = name
                .strip_prefix("auction.")
                .and_then(|k| k.strip_suffix(".held"))
            else {
                continue;
            };
            for &(measure, num, den, scale, upper, about) in AUCTION_POINT_RATIOS {
                let num = format!("auction.{key}.{num}");
                let y = r.metrics.get(&format!("auction.{key}.{den}"));
                if y != 0 || r.metrics.value(&num).is_some() {
                    let x = r.metrics.get(&num) as f64 * scale;
                    self.bounded_ratio(
                        &format!("auction.{key}.{measure}"),
                        || about.to_string(),
                        (x, y as f64),
                        upper,
                    );
                }
            }
        }
        for &(name, num, den, scale, unit) in silk_core::metrics::RATIOS {
            let y = r.metrics.get(den);
            if y != 0 || r.metrics.value(num).is_some() {
                let x = r.metrics.get(num) as f64 * scale;
                self.ratio(name, || unit.to_string(), x, y as f64);
            }
        }
    }

    /// Every measure with its estimate and interval, by name; plus the derived ones:
    /// `first_mover_advantage` (first mover's win rate − 1/N), `vp_share.max` and
    /// `win.bot.max` (the largest of their family, with its own interval).
    pub fn finish(&self) -> BTreeMap<String, Measured> {
        let mut out: BTreeMap<String, Measured> = self
            .accs
            .iter()
            .map(|(name, (about, acc))| (name.clone(), estimate(name, about, acc)))
            .collect();
        let seats = self.spec.bots.len().max(1);
        if let Some(m) = out.get("win.first_mover").cloned() {
            let fair = 1.0 / seats as f64;
            out.insert(
                "first_mover_advantage".into(),
                Measured {
                    name: "first_mover_advantage".into(),
                    about: format!(
                        "first mover's win rate minus the fair share 1/{seats}, share of the \
                         decided games"
                    ),
                    value: m.value - fair,
                    lo: m.lo - fair,
                    hi: m.hi - fair,
                    ..m
                },
            );
        }
        for family in ["vp_share.", "win.bot."] {
            let best = out
                .values()
                .filter(|m| m.name.starts_with(family))
                .max_by(|a, b| a.value.total_cmp(&b.value))
                .cloned();
            if let Some(m) = best {
                let name = format!("{family}max");
                out.insert(
                    name.clone(),
                    Measured {
                        about: format!("the largest of {family}*: {}", m.name),
                        name,
                        ..m
                    },
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::Counters;

    fn spec(bots: &[&str]) -> RunSpec {
        RunSpec {
            game: "t".into(),
            config: serde_json::Value::Null,
            bots: bots.iter().map(|b| b.to_string()).collect(),
            seed: 1,
            games: 100,
            shard: None,
            rotate: true,
        }
    }

    fn record(
        index: u64,
        ranks: Vec<u8>,
        first: Option<u8>,
        metrics: &[(&str, i64)],
    ) -> GameRecord {
        let mut c = Counters::default();
        for &(k, v) in metrics {
            c.add(k, v);
        }
        GameRecord {
            run: String::new(),
            index,
            seed: index,
            scores: ranks.iter().map(|&r| 10 - r as i32).collect(),
            ranks,
            decisions: 10,
            rounds: 5,
            branching_sum: 30,
            lead_changes: 1,
            finished: true,
            stuck: false,
            ended_by: None,
            first,
            metrics: c,
            players: Vec::new(),
            forfeit: None,
            coverage: Default::default(),
        }
    }

    fn time() -> TimeModel {
        TimeModel::new(silk_core::metrics::ONE_KIND, &Default::default()).unwrap()
    }

    #[test]
    fn first_mover_rate_counts_who_moved_first_not_seat_one() {
        let mut m = Measures::new(&spec(&["a", "a"]), time());
        // Seat 2 moves first and wins every game: seat 1 wins none.
        for i in 0..40 {
            m.add(&record(i, vec![1, 0], Some(1), &[]));
        }
        let out = m.finish();
        assert_eq!(out["win.first_mover"].value, 1.0);
        assert_eq!(out["win.seat1"].value, 0.0);
        assert!((out["first_mover_advantage"].value - 0.5).abs() < 1e-12);
        assert!(out["win.first_mover"].lo > 0.9);
    }

    #[test]
    fn cut_short_games_are_their_own_share_and_left_out_of_wins() {
        let mut m = Measures::new(&spec(&["a", "a"]), time());
        m.add(&record(0, vec![0, 1], None, &[]));
        let mut stuck = record(1, vec![0, 1], None, &[]);
        stuck.stuck = true;
        m.add(&stuck);
        let out = m.finish();
        assert_eq!(out["share.stuck"].value, 0.5);
        assert_eq!(out["win.seat1"].n, 1);
    }

    /// Issue 46 point 1: a stall (the rules' round cap cut the game) is no win: it is left out
    /// of the win, length, margin and metric figures, which are over the decided games, and
    /// counted in its own share and in the all_games.* rows.
    #[test]
    fn issue46_stalls_are_their_own_share_and_in_no_decided_figure() {
        let mut m = Measures::new(&spec(&["a", "a"]), time());
        m.add(&record(0, vec![0, 1], None, &[("x", 2)]));
        let mut capped = record(1, vec![0, 1], None, &[("x", 100)]);
        capped.ended_by = Some(silk_core::EndedBy::RoundCap);
        capped.rounds = 40;
        m.add(&capped);
        m.add(&record(2, vec![1, 0], None, &[("x", 4)]));
        let mut stuck = record(3, vec![0, 1], None, &[]);
        stuck.stuck = true;
        m.add(&stuck);
        let out = m.finish();
        assert_eq!(
            (out["share.round_cap"].value, out["share.round_cap"].n),
            (0.25, 4)
        );
        assert_eq!(
            out["share.cut_short"].value, 0.25,
            "only the stuck game is cut short"
        );
        assert_eq!((out["win.seat1"].value, out["win.seat1"].n), (0.5, 2));
        assert_eq!((out["metric.x"].value, out["metric.x"].n), (3.0, 2));
        assert_eq!(out["rounds"].n, 2);
        assert_eq!(out["all_games.rounds"].n, 4);
        assert!(out["all_games.rounds"].value > out["rounds"].value);
        assert!(out["share.round_cap"].about.contains("stalls"));
    }

    /// Issue 46 point 1: a designer's targets name either population — `rounds` (the decided
    /// games' length) or `all_games.rounds` (every game played, stalls at the cap included) —
    /// and `share.round_cap` for the stalls; each is judged over its own games.
    #[test]
    fn issue46_targets_name_the_decided_games_or_all_games() {
        let mut m = Measures::new(&spec(&["a", "a"]), time());
        for i in 0..30 {
            let mut r = record(i, vec![0, 1], None, &[]);
            if i % 3 == 0 {
                r.ended_by = Some(silk_core::EndedBy::RoundCap);
                r.rounds = 40;
            }
            m.add(&r);
        }
        let out = m.finish();
        let file = crate::targets::parse_targets(
            r#"{"targets": [
                {"measure": "rounds", "at_most": 10},
                {"measure": "all_games.rounds", "at_most": 10},
                {"measure": "share.round_cap", "at_most": 0.05}
            ]}"#,
        )
        .unwrap();
        let gaps = crate::targets::gaps(&file.targets, &out);
        let verdict = |name: &str| gaps.iter().find(|g| g.measure == name).unwrap().verdict;
        assert_eq!(verdict("rounds"), crate::targets::Verdict::Met);
        assert_eq!(verdict("all_games.rounds"), crate::targets::Verdict::Missed);
        assert_eq!(verdict("share.round_cap"), crate::targets::Verdict::Missed);
    }

    #[test]
    fn a_metric_first_met_late_was_zero_before() {
        let mut m = Measures::new(&spec(&["a", "a"]), time());
        m.add(&record(0, vec![0, 1], None, &[]));
        m.add(&record(1, vec![0, 1], None, &[("x", 4)]));
        let out = m.finish();
        assert_eq!(out["metric.x"].n, 2);
        assert_eq!(out["metric.x"].value, 2.0);
    }

    #[test]
    fn vp_shares_are_ratios_of_sums_with_an_interval() {
        let mut m = Measures::new(&spec(&["a", "a"]), time());
        for i in 0..50 {
            let a = 3 + (i % 3) as i64;
            m.add(&record(
                i,
                vec![0, 1],
                None,
                &[("vp.from_war", a), ("vp.from_trade", 7 - a)],
            ));
        }
        let out = m.finish();
        let war = &out["vp_share.war"];
        // Σ war / Σ all = (3+4+5 averaged ≈ 4) / 7.
        assert!((war.value - out["metric.vp.from_war"].value / 7.0).abs() < 1e-12);
        assert!(war.lo < war.value && war.value < war.hi);
        assert_eq!(
            out["vp_share.max"].about,
            "the largest of vp_share.*: vp_share.war"
        );
    }
}
