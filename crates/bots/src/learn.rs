//! A value learned from games: which seat's features predict that it wins.
//!
//! Games are played to the end; at every `every`-th decision each seat's
//! [`silk_core::Heuristic::features`] are kept with, later, who won. A conditional logit (McFadden 1974)
//! is fitted to them: the chance that seat `i` wins is `exp(w·xᵢ) / Σⱼ exp(w·xⱼ)`, so only
//! differences between the seats at one table count, and `w·x` ranks the seats as their
//! chances do: what a search that cuts its playouts short needs from
//! [`silk_core::Heuristic::estimate`]. Newton's method with a small ridge penalty finds `w`; standard
//! errors come from the inverse Hessian. Games that play did not decide (cut short, stuck,
//! ended by a round cap on the rules' ranking there, or every seat tied) teach nothing of how
//! play wins and are left out; a shared first place splits the win.
//!
//! Memory does not grow with the games: samples are kept by reservoir sampling up to a cap.

use silk_core::value::HeldOut;
use silk_core::{drive, Features, Game, Player, Seat, SilkRng, MAX_SEATS};

/// A game's features of a seat ([`silk_core::Heuristic::features`]).
pub type FeaturesOf<G> = fn(&<G as Game>::State, Seat) -> Features;

/// The seats' features at one decision, and (once the game is over) each seat's share of the
/// win.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub seats: u8,
    pub features: [Features; MAX_SEATS],
    pub won: [f32; MAX_SEATS],
}

/// Samples kept from a stream of games: at most `cap`, each game's decisions equally likely
/// to be kept (reservoir sampling), and the games they come from.
pub struct Samples {
    pub kept: Vec<Sample>,
    /// Which game (in the order played) each kept sample comes from, for held-out checks.
    pub game_of: Vec<u32>,
    cap: usize,
    seen: u64,
    rng: SilkRng,
    /// Games played, and those left out (not decided by play).
    pub games: u64,
    pub left_out: u64,
}

impl Samples {
    pub fn new(cap: usize, seed: u64) -> Samples {
        Samples {
            kept: Vec::new(),
            game_of: Vec::new(),
            cap: cap.max(1),
            seen: 0,
            rng: SilkRng::seed_from(seed),
            games: 0,
            left_out: 0,
        }
    }

    fn offer(&mut self, s: Sample, game: u32) {
        self.seen += 1;
        if self.kept.len() < self.cap {
            self.kept.push(s);
            self.game_of.push(game);
        } else {
            let j = self.rng.below(self.seen.min(u32::MAX as u64) as u32) as usize;
            if j < self.cap {
                self.kept[j] = s;
                self.game_of[j] = game;
            }
        }
    }
}

/// Plays one game from `state` with `players` (one per seat, in seat order), keeping the
/// features at every `every`-th decision; after `max_decisions` the game is cut short and left
/// out. Returns the decisions made.
pub fn play_and_sample<G: Game>(
    mut state: G::State,
    features: FeaturesOf<G>,
    players: &mut [Box<dyn Player<G>>],
    every: u64,
    max_decisions: u64,
    into: &mut Samples,
) -> Result<u64, String> {
    let n = G::num_seats(&state);
    let mut game: Vec<Sample> = Vec::new();
    let mut seen = 0u64;
    let decisions = drive::<G>(
        &mut state,
        max_decisions,
        &mut Vec::new(),
        |s, seat, legal| {
            if seen.is_multiple_of(every.max(1)) {
                let mut sample = Sample {
                    seats: n as u8,
                    features: [Features::default(); MAX_SEATS],
                    won: [0.0; MAX_SEATS],
                };
                for p in Seat::all(n) {
                    sample.features[p.index()] = features(s, p);
                }
                game.push(sample);
            }
            seen += 1;
            players[seat.index()].choose(s, seat, legal)
        },
    )
    .map_err(|e| e.to_string())?;
    into.games += 1;
    let index = (into.games - 1) as u32;
    // A round cap's winner is the cap's ranking, not what play won: left out with the rest.
    let winners: Vec<Seat> = match G::outcome(&state) {
        Some(o) if !o.stuck && o.ended_by.is_none() => o.winners().collect(),
        _ => Vec::new(),
    };
    if winners.is_empty() || winners.len() == n {
        into.left_out += 1;
        return Ok(decisions);
    }
    let share = 1.0 / winners.len() as f32;
    for mut s in game {
        for w in &winners {
            s.won[w.index()] = share;
        }
        into.offer(s, index);
    }
    Ok(decisions)
}

/// A fitted value: a weight per feature, with its standard error.
#[derive(Clone, Debug)]
pub struct Fit {
    pub weights: Vec<f64>,
    pub errors: Vec<f64>,
}

/// Whether a sample's game is held out of the fit to check it (every fifth game).
pub fn held_out(game: u32) -> bool {
    game % 5 == 4
}

/// The samples the fit learns from and those it is checked on.
pub fn split(samples: &Samples) -> (Vec<&Sample>, Vec<&Sample>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (s, &g) in samples.kept.iter().zip(&samples.game_of) {
        if held_out(g) {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    (train, test)
}

/// How well `score` names the winner of the held-out samples, beside a coin toss.
pub fn check(test: &[&Sample], score: &dyn Fn(&Features) -> f64) -> HeldOut {
    let coin = |_: &Features| 0.0;
    HeldOut {
        samples: test.len() as u64,
        log_likelihood: log_likelihood(test, score),
        hits: hit_rate(test, score),
        coin_log_likelihood: log_likelihood(test, &coin),
        coin_hits: hit_rate(test, &coin),
    }
}

/// Each seat's value under `score`, and the chances a conditional logit gives them.
fn chances(s: &Sample, score: &dyn Fn(&Features) -> f64) -> (Vec<f64>, Vec<f64>) {
    let u: Vec<f64> = s.features[..s.seats as usize].iter().map(score).collect();
    let m = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = u.iter().map(|v| (v - m).exp()).collect();
    let z: f64 = e.iter().sum();
    (u, e.into_iter().map(|v| v / z).collect())
}

/// Mean log-likelihood per sample of a value `score(features)` (natural log): how well it
/// predicts the winner, higher is better; `-ln(seats)` is a coin toss.
pub fn log_likelihood(samples: &[&Sample], score: &dyn Fn(&Features) -> f64) -> f64 {
    let mut total = 0.0;
    for s in samples {
        let (_, p) = chances(s, score);
        for (&won, &pi) in s.won.iter().zip(&p) {
            if won > 0.0 {
                total += won as f64 * pi.ln();
            }
        }
    }
    total / samples.len().max(1) as f64
}

/// Share of samples whose highest score is a winner's (ties split): how often the value names
/// the winner.
pub fn hit_rate(samples: &[&Sample], score: &dyn Fn(&Features) -> f64) -> f64 {
    let mut hits = 0.0;
    for s in samples {
        let (u, _) = chances(s, score);
        let m = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<f64> = u
            .iter()
            .zip(&s.won)
            .filter(|(&v, _)| v == m)
            .map(|(_, &won)| won as f64)
            .collect();
        hits += top.iter().sum::<f64>() / top.len() as f64;
    }
    hits / samples.len().max(1) as f64
}

/// Fits the conditional logit on the first `k` features, with ridge penalty `ridge` on the
/// standardised weights. Features are standardised for the solve and the weights returned in
/// the features' own units.
pub fn fit(samples: &[&Sample], k: usize, ridge: f64) -> Fit {
    // Standardise each feature by its spread over every seat of every sample.
    let mut sum = vec![0.0; k];
    let mut sq = vec![0.0; k];
    let mut count = 0.0f64;
    for s in samples {
        for f in &s.features[..s.seats as usize] {
            for ((a, b), &x) in sum.iter_mut().zip(sq.iter_mut()).zip(&f.0) {
                *a += x as f64;
                *b += x as f64 * x as f64;
            }
            count += 1.0;
        }
    }
    let count = count.max(1.0);
    let scale: Vec<f64> = sum
        .iter()
        .zip(&sq)
        .map(|(&a, &b)| {
            let var = b / count - (a / count).powi(2);
            if var > 1e-12 {
                var.sqrt()
            } else {
                1.0
            }
        })
        .collect();
    let row =
        |f: &Features| -> Vec<f64> { scale.iter().zip(&f.0).map(|(c, &x)| x as f64 / c).collect() };
    let mut w = vec![0.0; k];
    let mut info = vec![vec![0.0; k]; k];
    for _ in 0..50 {
        let mut grad: Vec<f64> = w.iter().map(|v| -ridge * v).collect();
        for (j, r) in info.iter_mut().enumerate() {
            r.iter_mut().for_each(|v| *v = 0.0);
            r[j] = ridge;
        }
        for s in samples {
            let xs: Vec<Vec<f64>> = s.features[..s.seats as usize].iter().map(row).collect();
            let (_, p) = chances(s, &|f: &Features| {
                row(f).iter().zip(&w).map(|(x, w)| x * w).sum()
            });
            let total_won: f64 = s.won.iter().map(|&v| v as f64).sum();
            let mut mean_x = vec![0.0; k];
            for (x, &pi) in xs.iter().zip(&p) {
                for (m, xj) in mean_x.iter_mut().zip(x) {
                    *m += pi * xj;
                }
            }
            // Gradient Σ (y − p)·x; information Σ p·x·xᵀ − x̄·x̄ᵀ, each per unit of win.
            for ((x, &pi), &won) in xs.iter().zip(&p).zip(&s.won) {
                let y = won as f64;
                for (j, &xj) in x.iter().enumerate() {
                    grad[j] += (y - total_won * pi) * xj;
                    for (l, &xl) in x.iter().enumerate() {
                        info[j][l] += total_won * pi * xj * xl;
                    }
                }
            }
            for (j, &mj) in mean_x.iter().enumerate() {
                for (l, &ml) in mean_x.iter().enumerate() {
                    info[j][l] -= total_won * mj * ml;
                }
            }
        }
        let step = solve(&info, &grad);
        let size: f64 = step.iter().map(|v| v.abs()).fold(0.0, f64::max);
        for (wj, sj) in w.iter_mut().zip(&step) {
            *wj += sj;
        }
        if size < 1e-7 {
            break;
        }
    }
    let errors: Vec<f64> = (0..k)
        .map(|j| {
            let mut unit = vec![0.0; k];
            unit[j] = 1.0;
            solve(&info, &unit)[j].max(0.0).sqrt() / scale[j]
        })
        .collect();
    Fit {
        weights: w.iter().zip(&scale).map(|(w, c)| w / c).collect(),
        errors,
    }
}

/// Solves `a·x = b` by Gaussian elimination with partial pivoting (`a` is small and, with the
/// ridge, positive definite).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let k = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut r = row.clone();
            r.push(v);
            r
        })
        .collect();
    for c in 0..k {
        let p = (c..k)
            .max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))
            .unwrap_or(c);
        m.swap(c, p);
        let d = m[c][c];
        if d.abs() < 1e-300 {
            continue;
        }
        let (above, below) = m.split_at_mut(c + 1);
        let pivot = &above[c];
        for r in below.iter_mut() {
            let f = r[c] / d;
            for (v, &pv) in r[c..].iter_mut().zip(&pivot[c..]) {
                *v -= f * pv;
            }
        }
    }
    let mut x = vec![0.0; k];
    for c in (0..k).rev() {
        let s: f64 = (c + 1..k).map(|j| m[c][j] * x[j]).sum();
        x[c] = if m[c][c].abs() < 1e-300 {
            0.0
        } else {
            (m[c][k] - s) / m[c][c]
        };
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples drawn from a known conditional logit: three seats, two features.
    fn drawn(weights: [f64; 2], count: usize, seed: u64) -> Vec<Sample> {
        let mut rng = SilkRng::seed_from(seed);
        (0..count)
            .map(|_| {
                let mut s = Sample {
                    seats: 3,
                    features: [Features::default(); MAX_SEATS],
                    won: [0.0; MAX_SEATS],
                };
                let mut e = [0.0f64; 3];
                for (i, ei) in e.iter_mut().enumerate() {
                    let x = [rng.below(100) as f32 / 10.0, rng.below(2) as f32];
                    s.features[i] = Features::of(&x);
                    *ei = (weights[0] * x[0] as f64 + weights[1] * x[1] as f64).exp();
                }
                let total: f64 = e.iter().sum();
                let mut u = rng.below(1_000_000) as f64 / 1_000_000.0 * total;
                let mut winner = 2;
                for (i, &ei) in e.iter().enumerate() {
                    if u < ei {
                        winner = i;
                        break;
                    }
                    u -= ei;
                }
                s.won[winner] = 1.0;
                s
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_winners() {
        let samples = drawn([0.4, -0.8], 20_000, 3);
        let refs: Vec<&Sample> = samples.iter().collect();
        let f = fit(&refs, 2, 1.0);
        for (j, truth) in [0.4, -0.8].into_iter().enumerate() {
            assert!(
                (f.weights[j] - truth).abs() < 4.0 * f.errors[j],
                "weight {j}: {} ± {} against {truth}",
                f.weights[j],
                f.errors[j]
            );
            assert!(f.errors[j] > 0.0 && f.errors[j] < 0.1, "{:?}", f.errors);
        }
        // The fitted value predicts held-out winners better than a coin toss.
        let test = drawn([0.4, -0.8], 2_000, 4);
        let test: Vec<&Sample> = test.iter().collect();
        let w = f.weights.clone();
        let checked = check(&test, &move |x: &Features| {
            w[0] * x.0[0] as f64 + w[1] * x.0[1] as f64
        });
        assert!(
            checked.log_likelihood > checked.coin_log_likelihood + 0.1,
            "{checked:?}"
        );
        assert!(checked.hits > checked.coin_hits + 0.1, "{checked:?}");
    }

    #[test]
    fn reservoir_keeps_at_most_its_cap_from_every_part_of_the_stream() {
        let mut s = Samples::new(100, 1);
        let blank = Sample {
            seats: 2,
            features: [Features::default(); MAX_SEATS],
            won: {
                let mut w = [0.0; MAX_SEATS];
                w[0] = 1.0;
                w
            },
        };
        for g in 0..1000 {
            s.offer(blank, g);
        }
        assert_eq!(s.kept.len(), 100);
        let late = s.game_of.iter().filter(|&&g| g >= 500).count();
        assert!(
            (30..=70).contains(&late),
            "{late} of 100 from the second half"
        );
    }
}
