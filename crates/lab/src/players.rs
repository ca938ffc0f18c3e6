//! Per-player measures: each seat's bot, final rank and score, and the engine's own measures
//! (`player.*`, [`silk_core::Observe::PLAYER_MEASURES`]), kept per game in `games.jsonl`; and
//! the question a designer asks of them: do the winners do more of it than the others?
//!
//! **Winners minus others.** For a per-player measure M and one decided game,
//! `d = mean M over the winners − mean M over the other seats`. The winners are every seat
//! ranked first: a shared first place puts all who share it among the winners. A game has no `d`
//! when it has no winners (stuck, or cut at the decision cap), when the rules' round cap cut it
//! (a stall: its order at the cap is the rules' tie-break, not a win) or when every seat shares first
//! place (no others to compare with). The figure of a run is the mean of `d` over the games that
//! have one, with its normal interval; variants on the same seeds pair it game by game
//! ([`crate::paired`]).

use crate::measured::Measured;
use crate::record::{decided, GameRecord};
use crate::spec::RunSpec;
use crate::stats::two_sided_p;
use serde::Serialize;
use silk_core::{Names, SeatCounters};
use std::sync::Arc;

// Also at the path it had when it lived here.
pub use crate::record::PlayerRecord;

/// The seat's score, as a per-player measure: `winners.player.score` is the winners' lead
/// over the others' mean.
pub const SCORE: &str = "player.score";

/// The name under which a run's measures (and `silk compare`) give winners minus others for
/// the per-player measure `measure`.
pub fn winners_name(measure: &str) -> String {
    format!("winners.{measure}")
}

/// What [`winners_name`] of `measure` is, in words, for a table's legend.
pub fn winners_about(measure: &str) -> String {
    format!(
        "winners' mean {measure} minus the other seats' mean, per game, in {measure}'s unit; \
         shared first places count as winners; over the decided games (stalls at the round \
         cap left out) with at least one other seat"
    )
}

/// The seats' records of game `index` of `spec`: bot, rank, score, and each of the measures
/// `names` counted in `seats`.
pub fn records(
    spec: &RunSpec,
    index: u64,
    scores: &[i32],
    ranks: &[u8],
    seats: &SeatCounters,
    names: &Arc<Names>,
) -> Vec<PlayerRecord> {
    let mut out = Vec::new();
    records_into(spec, index, (scores, ranks), seats, names, &mut out);
    out
}

/// [`records`] written over `out`, whose memory (bot names, measures) is reused.
pub fn records_into(
    spec: &RunSpec,
    index: u64,
    (scores, ranks): (&[i32], &[u8]),
    seats: &SeatCounters,
    names: &Arc<Names>,
    out: &mut Vec<PlayerRecord>,
) {
    out.resize_with(scores.len(), PlayerRecord::default);
    for (seat, p) in out.iter_mut().enumerate() {
        p.measures.reset(names);
        for m in 0..names.len() {
            p.measures.add(m, seats.get(seat, m));
        }
        match spec.bots.get(spec.bot_at(index, seat)) {
            Some(bot) => p.bot.clone_from(bot),
            None => p.bot.clear(),
        }
        p.rank = ranks.get(seat).copied().unwrap_or(0);
        p.score = scores.get(seat).copied().unwrap_or(0);
    }
}

/// Seat `seat`'s value of per-player measure `measure` in `r` (its score for [`SCORE`]).
pub fn value(r: &GameRecord, seat: usize, measure: &str) -> Option<i64> {
    if measure == SCORE {
        return r.scores.get(seat).map(|&s| s as i64);
    }
    r.players.get(seat)?.measures.value(measure)
}

/// The winners' mean and the others' mean of `measure` in game `r` (see the module's text), or
/// `None` when the game is not decided (no winners, or a stall), has no others, or no such
/// measure.
pub fn winners_and_others(r: &GameRecord, measure: &str) -> Option<(f64, f64)> {
    if !decided(r) {
        return None;
    }
    let (mut w, mut nw, mut o, mut no) = (0i64, 0u32, 0i64, 0u32);
    for (seat, &rank) in r.ranks.iter().enumerate() {
        let v = value(r, seat, measure)?;
        if rank == 0 {
            w += v;
            nw += 1;
        } else {
            o += v;
            no += 1;
        }
    }
    (nw > 0 && no > 0).then(|| (w as f64 / nw as f64, o as f64 / no as f64))
}

/// `d` of game `r`: the winners' mean of `measure` minus the others' (see the module's text).
pub fn winners_minus_others(r: &GameRecord, measure: &str) -> Option<f64> {
    winners_and_others(r, measure).map(|(w, o)| w - o)
}

/// The per-player measures a question may name for an engine that declares `declared`: those
/// and [`SCORE`].
pub fn askable(declared: &[&str]) -> Vec<String> {
    declared
        .iter()
        .map(|m| m.to_string())
        .chain(std::iter::once(SCORE.to_string()))
        .collect()
}

/// Checks `asked` (the names after `--winners`) against the measures of `game` (see
/// [`askable`]); `all` stands for every one of them. The list to measure, or why not.
pub fn check_asked(game: &str, asked: &[String], declared: &[&str]) -> Result<Vec<String>, String> {
    let known = askable(declared);
    let mut out: Vec<String> = Vec::new();
    for a in asked {
        let a = a.trim();
        let add: Vec<String> = if a == "all" {
            known.clone()
        } else if known.iter().any(|k| k == a) {
            vec![a.to_string()]
        } else {
            return Err(format!(
                "--winners {a}: {game} has no such per-player measure (it has: {}, or all)",
                known.join(", ")
            ));
        };
        for m in add {
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }
    Ok(out)
}

/// Winners minus others of some per-player measures, folded one game at a time (constant
/// memory): what `silk find --winners` reports over the games it matched.
#[derive(Clone, Debug)]
pub struct Winners {
    sums: Vec<(String, WinnerSums)>,
}

#[derive(Clone, Debug, Default)]
struct WinnerSums {
    n: u64,
    d: f64,
    d2: f64,
    winners: f64,
    others: f64,
}

/// One measure's winners-minus-others figure over a set of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinnersFigure {
    /// The per-player measure (`player.sales`).
    pub measure: String,
    /// The mean per game of winners minus others, its 95% interval and the games it is over.
    pub difference: Measured,
    /// The winners' mean and the others' mean, averaged over the same games.
    pub winners_mean: f64,
    pub others_mean: f64,
    /// Two-sided p-value of "winners and others alike"; `None` when winners and others had
    /// the same value in every game (a constant, no test: see [`crate::paired`]).
    pub p: Option<f64>,
}

impl WinnersFigure {
    /// The figure's 95% interval excludes 0 (its star).
    pub fn clear(&self) -> bool {
        self.p.is_some() && (self.difference.lo > 0.0 || self.difference.hi < 0.0)
    }
}

impl Winners {
    pub fn new(measures: &[String]) -> Winners {
        Winners {
            sums: measures
                .iter()
                .map(|m| (m.clone(), WinnerSums::default()))
                .collect(),
        }
    }

    pub fn add(&mut self, r: &GameRecord) {
        for (m, s) in &mut self.sums {
            if let Some((w, o)) = winners_and_others(r, m) {
                s.n += 1;
                s.d += w - o;
                s.d2 += (w - o) * (w - o);
                s.winners += w;
                s.others += o;
            }
        }
    }

    pub fn finish(&self) -> Vec<WinnersFigure> {
        self.sums
            .iter()
            .map(|(m, s)| {
                let n = s.n.max(1) as f64;
                let difference =
                    crate::measured::mean_of(&winners_name(m), &winners_about(m), s.n, s.d, s.d2);
                // Σd² = 0: every game's difference was 0 (or there was none).
                let p = (s.d2 != 0.0).then(|| {
                    let se = difference.se;
                    if se.is_finite() && se > 0.0 {
                        two_sided_p(difference.value / se)
                    } else if se == 0.0 && s.n > 1 {
                        // The same nonzero difference in every game.
                        0.0
                    } else {
                        1.0
                    }
                });
                WinnersFigure {
                    measure: m.clone(),
                    difference,
                    winners_mean: s.winners / n,
                    others_mean: s.others / n,
                    p,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::Counters;

    fn game(ranks: &[u8], sales: &[i64]) -> GameRecord {
        let names = Arc::new(Names::new(["player.sales"]));
        let players = ranks
            .iter()
            .zip(sales)
            .map(|(&rank, &s)| {
                let mut measures = Counters::new(&names);
                measures.add(0usize, s);
                PlayerRecord {
                    bot: "greedy".into(),
                    rank,
                    score: 10 - rank as i32,
                    measures,
                }
            })
            .collect();
        GameRecord {
            run: String::new(),
            index: 0,
            seed: 0,
            scores: ranks.iter().map(|&r| 10 - r as i32).collect(),
            ranks: ranks.to_vec(),
            decisions: 10,
            rounds: 2,
            branching_sum: 10,
            lead_changes: 0,
            finished: true,
            stuck: false,
            ended_by: None,
            first: None,
            metrics: Counters::default(),
            players,
            forfeit: None,
            coverage: Default::default(),
        }
    }

    /// Issue 32, part 4: the winners' mean minus the others' mean; a shared first place puts
    /// both among the winners; no others, no winners or no measure: no figure.
    #[test]
    fn issue32_winners_minus_others_of_one_game() {
        let d = |r: &GameRecord| winners_minus_others(r, "player.sales");
        assert_eq!(d(&game(&[1, 0, 2], &[3, 9, 0])), Some(9.0 - 1.5));
        assert_eq!(d(&game(&[0, 0, 2, 3], &[4, 6, 1, 2])), Some(5.0 - 1.5));
        assert_eq!(d(&game(&[0, 0], &[4, 6])), None, "nobody else");
        let mut stuck = game(&[0, 1], &[4, 6]);
        stuck.stuck = true;
        assert_eq!(d(&stuck), None, "no winners");
        let mut old = game(&[0, 1], &[4, 6]);
        old.players.clear();
        assert_eq!(d(&old), None, "a record written before per-player measures");
        assert_eq!(
            winners_minus_others(&old, SCORE),
            Some(1.0),
            "the score is in every record"
        );
        assert_eq!(
            winners_minus_others(&game(&[0, 1], &[4, 6]), "player.x"),
            None
        );
    }

    /// The run's measure `winners.player.sales` (what compare shows) and find's fold give the
    /// same figure over the same games.
    #[test]
    fn issue32_the_fold_and_the_run_measure_agree() {
        let spec = RunSpec {
            game: "t".into(),
            config: serde_json::Value::Null,
            bots: vec!["greedy".into(); 3],
            seed: 1,
            games: 4,
            shard: None,
            rotate: false,
        };
        let time =
            crate::time::TimeModel::new(silk_core::metrics::ONE_KIND, &Default::default()).unwrap();
        let asked = vec!["player.sales".to_string()];
        let mut m = crate::measure::Measures::new(&spec, time).winners(&asked);
        let mut w = Winners::new(&asked);
        for r in [
            game(&[1, 0, 2], &[3, 9, 0]),
            game(&[0, 0, 2], &[4, 6, 1]),
            game(&[0, 0, 0], &[4, 6, 1]),
            game(&[2, 1, 0], &[1, 1, 7]),
        ] {
            m.add(&r);
            w.add(&r);
        }
        let run = &m.finish()["winners.player.sales"];
        let fold = &w.finish()[0];
        assert_eq!(run, &fold.difference);
        assert_eq!(
            run.n, 3,
            "the game where all share first place has no figure"
        );
        assert!((run.value - (7.5 + 4.0 + 6.0) / 3.0).abs() < 1e-12);
        assert!((fold.winners_mean - (9.0 + 5.0 + 7.0) / 3.0).abs() < 1e-12);
    }

    #[test]
    fn asked_measures_are_checked_and_all_expands() {
        let declared = ["player.sales", "player.attacks"];
        assert_eq!(
            check_asked("cities", &["player.sales".into()], &declared).unwrap(),
            ["player.sales"]
        );
        assert_eq!(
            check_asked("cities", &["all".into(), "player.score".into()], &declared).unwrap(),
            ["player.sales", "player.attacks", "player.score"]
        );
        let e = check_asked("cities", &["sales".into()], &declared).unwrap_err();
        assert!(
            e.contains("--winners sales") && e.contains("player.attacks"),
            "{e}"
        );
    }

    /// A record of a seat reads back from its JSON; a record without `players` (written before
    /// them) still reads, with none.
    #[test]
    fn issue32_players_round_trip_and_old_records_read() {
        let r = game(&[1, 0], &[3, 9]);
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.contains(
                r#""players":[{"bot":"greedy","rank":1,"score":9,"measures":{"player.sales":3}}"#
            ),
            "{json}"
        );
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
        let old = r#"{"index":0,"seed":0,"scores":[1,0],"ranks":[0,1],"decisions":3,"rounds":1,
            "branching_sum":3,"lead_changes":0,"finished":true,"metrics":{"goods.sold":2}}"#;
        let old: GameRecord = serde_json::from_str(old).unwrap();
        assert!(old.players.is_empty());
    }
}
