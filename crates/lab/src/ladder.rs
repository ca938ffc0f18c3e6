//! Ratings from a round-robin of bots: a Bradley–Terry model fitted to the pairwise results,
//! shown on the Elo scale, with 95% intervals from a bootstrap over the games.
//!
//! In a pairing, a game counts 1 for the bot whose seat won it, ½ each when the two bots share
//! first place. To keep every rating finite (a bot that never wins), each pairing gets half a
//! win for each side added before fitting. Elo = 400 · log10(strength), centred so the ratings
//! average 0; a 100-point gap means the stronger bot wins 64% of its games against the weaker.

use crate::record::GameRecord;
use crate::spec::{game_seed, RunSpec};
use serde::Serialize;
use silk_core::SilkRng;

/// One run of the ladder's schedule: half of a pairing's games, with the bots seated by `spec`.
pub struct Leg {
    /// The pairing's index in the schedule's pairs (`a` before `b` in the bots' order).
    pub pairing: usize,
    pub a: usize,
    pub b: usize,
    pub spec: RunSpec,
}

/// The round-robin schedule: every pair of bots (`a < b`) plays `games` games, half with `a` in
/// the first seat of the alternation and half with `b`, each run rotated round the table, so
/// that with an odd number of seats neither bot has more seats. Each half has its own seeds,
/// derived from the run seed: the same seed, the same ladder.
pub fn schedule(
    game: &str,
    config: &serde_json::Value,
    names: &[String],
    seats: usize,
    games: u64,
    seed: u64,
) -> Vec<Leg> {
    let pairs = (0..names.len()).flat_map(|a| (a + 1..names.len()).map(move |b| (a, b)));
    let mut legs = Vec::new();
    for (p, (a, b)) in pairs.enumerate() {
        for (half, first, second) in [(0u64, a, b), (1, b, a)] {
            let bots = (0..seats)
                .map(|s| names[if s % 2 == 0 { first } else { second }].clone())
                .collect();
            let spec = RunSpec {
                game: game.to_string(),
                config: config.clone(),
                bots,
                seed: game_seed(seed, (p as u64) * 2 + half),
                games: games / 2 + (half == 0 && games % 2 == 1) as u64,
                shard: None,
                rotate: true,
            };
            legs.push(Leg {
                pairing: p,
                a,
                b,
                spec,
            });
        }
    }
    legs
}

/// One empty pairing for each pair of `legs` (a schedule), in the schedule's order: the
/// `pairing` index of a leg.
pub fn pairings(legs: &[Leg]) -> Vec<Pairing> {
    let mut pairings: Vec<Pairing> = Vec::new();
    for l in legs {
        if l.pairing == pairings.len() {
            pairings.push(Pairing {
                a: l.a,
                b: l.b,
                ..Pairing::default()
            });
        }
    }
    pairings
}

/// What the ladder left out or counted specially.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Excluded {
    /// Games stuck or at the decision cap: no winner, left out.
    pub cut_short: u64,
    /// Games the rules' round cap ended: decided by the rules' ranking there, so counted.
    pub round_cap: u64,
}

impl Pairing {
    /// Counts one game of `leg` for this pairing (or as cut short in `excluded`).
    pub fn count(&mut self, leg: &Leg, names: &[String], r: &GameRecord, excluded: &mut Excluded) {
        if !r.finished || r.stuck {
            excluded.cut_short += 1;
            return;
        }
        excluded.round_cap += r.ended_by.is_some() as u64;
        let wins = |bot: usize| {
            (0..r.ranks.len()).any(|s| {
                r.ranks[s] == 0 && leg.spec.bots[leg.spec.bot_at(r.index, s)] == names[bot]
            })
        };
        self.games += 1;
        self.a_half_wins += match (wins(leg.a), wins(leg.b)) {
            (true, false) => 2,
            (true, true) => 1,
            _ => 0,
        };
    }
}

/// The ladder as text: the ratings (best first) with each bot's time per decision, then the
/// win matrix, then how the figures were made.
pub fn text(rated: &[Rating], pairings: &[Pairing], micros: &[f64], excluded: Excluded) -> String {
    let mut order: Vec<usize> = (0..rated.len()).collect();
    order.sort_by(|&i, &j| rated[j].elo.total_cmp(&rated[i].elo));
    let mut text = format!(
        "{:<16} {:>24} {:>22}\n",
        "bot", "rating (Elo, 95% int.)", "time per decision (µs)"
    );
    for &i in &order {
        let r = &rated[i];
        text += &format!(
            "{:<16} {:>24} {:>22.1}\n",
            r.bot,
            format!("{:+.0} [{:+.0}, {:+.0}]", r.elo, r.lo, r.hi),
            micros[i]
        );
    }
    text += "\ngames won by the row's bot against the column's:\n";
    text += &format!("{:<16}", "");
    for &j in &order {
        text += &format!(" {:>10}", rated[j].bot);
    }
    text += "\n";
    for &i in &order {
        text += &format!("{:<16}", rated[i].bot);
        for &j in &order {
            let cell = pairings
                .iter()
                .find_map(|p| match (p.a, p.b) {
                    (a, b) if (a, b) == (i, j) => Some(p.a_rate()),
                    (a, b) if (a, b) == (j, i) => Some(1.0 - p.a_rate()),
                    _ => None,
                })
                .map_or("—".to_string(), |r| format!("{:.0}%", 100.0 * r));
            text += &format!(" {cell:>10}");
        }
        text += "\n";
    }
    text + &format!(
        "\nRatings: Bradley–Terry on the Elo scale (mean 0; 100 points = the stronger wins 64%), \
         intervals from 400 bootstrap resamples. Games cut short (stuck or at the decision cap) \
         left out: {}. Games ended by the round cap, won on the rules' ranking there \
         and counted: {}.\n",
        excluded.cut_short, excluded.round_cap
    )
}

/// One pairing's results: games played and wins of `a` (ties count ½, so wins are in halves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub games: u64,
    /// Twice the wins of `a` (so half wins stay integers).
    pub a_half_wins: u64,
}

impl Pairing {
    pub fn a_rate(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            self.a_half_wins as f64 / (2 * self.games) as f64
        }
    }
}

/// A bot's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub bot: String,
    pub elo: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Bradley–Terry strengths by Hunter's MM algorithm, as Elo centred on 0.
pub fn fit(bots: usize, pairings: &[Pairing]) -> Vec<f64> {
    // Wins and games per pair with the half-win prior on each side.
    let mut wins = vec![0.0f64; bots];
    let mut n = vec![vec![0.0f64; bots]; bots];
    for p in pairings {
        let a_wins = p.a_half_wins as f64 / 2.0 + 0.5;
        let b_wins = p.games as f64 - p.a_half_wins as f64 / 2.0 + 0.5;
        wins[p.a] += a_wins;
        wins[p.b] += b_wins;
        n[p.a][p.b] += p.games as f64 + 1.0;
        n[p.b][p.a] += p.games as f64 + 1.0;
    }
    let mut pi = vec![1.0f64; bots];
    for _ in 0..1000 {
        let mut change = 0.0f64;
        for i in 0..bots {
            let denom: f64 = (0..bots)
                .filter(|&j| j != i && n[i][j] > 0.0)
                .map(|j| n[i][j] / (pi[i] + pi[j]))
                .sum();
            if denom > 0.0 {
                let next = wins[i] / denom;
                change = change.max((next / pi[i]).ln().abs());
                pi[i] = next;
            }
        }
        // Geometric mean 1: the scale is free.
        let g = (pi.iter().map(|p| p.ln()).sum::<f64>() / bots as f64).exp();
        for p in &mut pi {
            *p /= g;
        }
        if change < 1e-10 {
            break;
        }
    }
    pi.iter().map(|p| 400.0 * p.log10()).collect()
}

/// Ratings with 95% percentile intervals from `resamples` parametric bootstrap replicates (each
/// pairing's games drawn again from its win rate, smoothed by the same half-win prior so that
/// a pairing won 100% still varies), seeded so the ladder is reproducible.
pub fn ratings(names: &[String], pairings: &[Pairing], resamples: usize, seed: u64) -> Vec<Rating> {
    let point = fit(names.len(), pairings);
    let mut rng = SilkRng::seed_from(seed);
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); names.len()];
    for _ in 0..resamples {
        let again: Vec<Pairing> = pairings
            .iter()
            .map(|p| {
                let rate = (p.a_half_wins as f64 / 2.0 + 0.5) / (p.games as f64 + 1.0);
                let mut half = 0u64;
                for _ in 0..p.games {
                    // A win with the observed rate (a tie's half is folded into the rate).
                    if (rng.below(1 << 30) as f64) < rate * (1u64 << 30) as f64 {
                        half += 2;
                    }
                }
                Pairing {
                    a_half_wins: half,
                    ..*p
                }
            })
            .collect();
        for (i, e) in fit(names.len(), &again).into_iter().enumerate() {
            draws[i].push(e);
        }
    }
    names
        .iter()
        .enumerate()
        .map(|(i, bot)| {
            let d = &mut draws[i];
            d.sort_by(f64::total_cmp);
            let at = |q: f64| {
                if d.is_empty() {
                    point[i]
                } else {
                    d[((d.len() - 1) as f64 * q).round() as usize]
                }
            };
            Rating {
                bot: bot.clone(),
                elo: point[i],
                lo: at(0.025),
                hi: at(0.975),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair plays once in each seating, the games split between the halves (the odd one
    /// to the first), seats alternating between the two bots, each half on its own seeds.
    #[test]
    fn the_schedule_pairs_every_two_bots_in_both_seatings() {
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let legs = schedule("g", &serde_json::Value::Null, &names, 3, 7, 1);
        assert_eq!(legs.len(), 6, "three pairs, two halves each");
        let pairs: Vec<(usize, usize, usize)> =
            legs.iter().map(|l| (l.pairing, l.a, l.b)).collect();
        assert_eq!(
            pairs,
            [
                (0, 0, 1),
                (0, 0, 1),
                (1, 0, 2),
                (1, 0, 2),
                (2, 1, 2),
                (2, 1, 2)
            ]
        );
        assert_eq!(legs[0].spec.bots, ["a", "b", "a"]);
        assert_eq!(legs[1].spec.bots, ["b", "a", "b"]);
        assert_eq!((legs[0].spec.games, legs[1].spec.games), (4, 3));
        let mut seeds: Vec<u64> = legs.iter().map(|l| l.spec.seed).collect();
        seeds.dedup();
        assert_eq!(seeds.len(), 6);
        assert!(legs.iter().all(|l| l.spec.rotate));
        let pairs: Vec<(usize, usize)> = pairings(&legs).iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(pairs, [(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn equal_bots_rate_equal_and_a_stronger_one_above() {
        let even = [Pairing {
            a: 0,
            b: 1,
            games: 100,
            a_half_wins: 100,
        }];
        let e = fit(2, &even);
        assert!(e[0].abs() < 1e-6 && e[1].abs() < 1e-6, "{e:?}");
        // 64 wins in 100: about 100 Elo apart (the prior pulls it in a little).
        let strong = [Pairing {
            a: 0,
            b: 1,
            games: 100,
            a_half_wins: 128,
        }];
        let e = fit(2, &strong);
        let gap = e[0] - e[1];
        assert!((90.0..105.0).contains(&gap), "{gap}");
    }

    #[test]
    fn ratings_are_transitive_over_a_round_robin_with_intervals() {
        // A beats B 70%, B beats C 70%, A beats C 85%.
        let p = |a, b, half| Pairing {
            a,
            b,
            games: 200,
            a_half_wins: half,
        };
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let r = ratings(&names, &[p(0, 1, 280), p(1, 2, 280), p(0, 2, 340)], 200, 1);
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        for x in &r {
            assert!(x.lo < x.elo && x.elo < x.hi, "{x:?}");
        }
        assert!(r[0].lo > r[2].hi, "clearly apart: {r:?}");
    }

    #[test]
    fn a_bot_that_never_wins_has_a_finite_rating() {
        let e = fit(
            2,
            &[Pairing {
                a: 0,
                b: 1,
                games: 50,
                a_half_wins: 100,
            }],
        );
        assert!(e.iter().all(|x| x.is_finite()) && e[0] > e[1]);
    }
}
