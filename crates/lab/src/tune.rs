//! The N-Tuple Bandit Evolutionary Algorithm (NTBEA; Lucas, Liu and Perez-Liebana 2018), the
//! optimiser TAG and Rinascimento use to tune games: it finds good settings of a few discrete
//! parameters when each evaluation is a noisy, costly batch of simulated games.
//!
//! It keeps statistics of every evaluated value of each parameter alone (1-tuples), of each
//! pair of parameters (2-tuples) and of whole settings (the N-tuple). Each step mutates the
//! current setting into a neighbourhood, picks the neighbour with the best upper confidence
//! bound averaged over its tuples, evaluates it once, and moves there. At the end the setting
//! with the best mean over its tuples (no exploration bonus) is recommended.

use silk_core::SilkRng;
use std::collections::HashMap;

/// How the search explores.
#[derive(Clone, Debug)]
pub struct Ntbea {
    /// Weight of the exploration bonus (in units of the objective).
    pub explore: f64,
    /// Neighbours considered per step.
    pub neighbours: usize,
    /// Chance that each parameter mutates in a neighbour (at least one always does).
    pub mutation: f64,
    pub seed: u64,
}

impl Default for Ntbea {
    fn default() -> Self {
        Ntbea {
            explore: 2.0,
            neighbours: 50,
            mutation: 0.3,
            seed: 1,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Stat {
    n: u32,
    sum: f64,
}

/// The tuple statistics: keys are (tuple index, values of its parameters).
struct Model {
    tuples: Vec<Vec<usize>>,
    stats: HashMap<(usize, Vec<usize>), Stat>,
    total: u32,
    /// Sum of every fitness evaluated.
    sum: f64,
}

impl Model {
    fn new(dims: usize) -> Model {
        let mut tuples: Vec<Vec<usize>> = (0..dims).map(|d| vec![d]).collect();
        for a in 0..dims {
            for b in a + 1..dims {
                tuples.push(vec![a, b]);
            }
        }
        if dims > 2 {
            tuples.push((0..dims).collect());
        }
        Model {
            tuples,
            stats: HashMap::new(),
            total: 0,
            sum: 0.0,
        }
    }

    fn key(&self, t: usize, point: &[usize]) -> (usize, Vec<usize>) {
        (t, self.tuples[t].iter().map(|&d| point[d]).collect())
    }

    fn add(&mut self, point: &[usize], fitness: f64) {
        self.total += 1;
        self.sum += fitness;
        for t in 0..self.tuples.len() {
            let s = self.stats.entry(self.key(t, point)).or_default();
            s.n += 1;
            s.sum += fitness;
        }
    }

    /// The mean over the tuples of their mean fitness (a tuple never tried counts at the
    /// mean of every evaluation so far, a neutral prior whatever the objective's offset),
    /// plus the exploration bonus, large for a tuple tried seldom or never.
    fn score(&self, point: &[usize], explore: f64) -> f64 {
        let ln = ((self.total + 1) as f64).ln();
        let prior = if self.total > 0 {
            self.sum / self.total as f64
        } else {
            0.0
        };
        let (mut sum, mut bonus) = (0.0, 0.0);
        for t in 0..self.tuples.len() {
            let s = self
                .stats
                .get(&self.key(t, point))
                .copied()
                .unwrap_or_default();
            sum += if s.n > 0 { s.sum / s.n as f64 } else { prior };
            bonus += (ln / (s.n as f64 + 0.5)).sqrt();
        }
        (sum + explore * bonus) / self.tuples.len() as f64
    }

    /// Mean over the tuples that have data (no bonus): the model's estimate of a setting.
    fn estimate(&self, point: &[usize]) -> Option<f64> {
        let means: Vec<f64> = (0..self.tuples.len())
            .filter_map(|t| self.stats.get(&self.key(t, point)))
            .map(|s| s.sum / s.n as f64)
            .collect();
        (!means.is_empty()).then(|| means.iter().sum::<f64>() / means.len() as f64)
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The recommended setting: an index into each parameter's values.
    pub best: Vec<usize>,
    /// The model's estimate of its fitness.
    pub estimate: f64,
    /// Every setting evaluated, in order, with its fitness.
    pub evaluated: Vec<(Vec<usize>, f64)>,
}

/// Maximises a noisy `fitness` over settings (one index per parameter, `sizes[d]` values for
/// parameter `d`) in `budget` evaluations. `fitness(setting, k)` is the k-th evaluation.
pub fn ntbea(
    sizes: &[usize],
    budget: usize,
    opts: &Ntbea,
    fitness: &mut dyn FnMut(&[usize], usize) -> f64,
) -> Found {
    assert!(sizes.iter().all(|&s| s > 0), "every parameter has a value");
    let mut rng = SilkRng::seed_from(opts.seed);
    let mut model = Model::new(sizes.len());
    let mut current: Vec<usize> = sizes.iter().map(|&s| rng.index(s)).collect();
    // Room for a short search at once; a long one grows as it goes.
    let mut evaluated: Vec<(Vec<usize>, f64)> = Vec::with_capacity(budget.min(1024));
    for k in 0..budget {
        if k > 0 {
            current = best_neighbour(&current, sizes, &model, opts, &mut rng);
        }
        let f = fitness(&current, k);
        model.add(&current, f);
        evaluated.push((current.clone(), f));
    }
    // The recommendation: the setting with the best model estimate over the whole space
    // (each parameter's values alone, in pairs and together), found by trying every setting
    // when the space is small and the evaluated ones otherwise.
    let space: usize = sizes
        .iter()
        .try_fold(1usize, |a, &s| a.checked_mul(s))
        .unwrap_or(usize::MAX);
    let candidates: Vec<Vec<usize>> = if space <= 100_000 {
        (0..space)
            .map(|mut i| {
                sizes
                    .iter()
                    .map(|&s| {
                        let v = i % s;
                        i /= s;
                        v
                    })
                    .collect()
            })
            .collect()
    } else {
        evaluated.iter().map(|(p, _)| p.clone()).collect()
    };
    let mut best = current.clone();
    let mut estimate = f64::NEG_INFINITY;
    for p in &candidates {
        if let Some(e) = model.estimate(p) {
            if e > estimate {
                estimate = e;
                best = p.clone();
            }
        }
    }
    Found {
        best,
        estimate,
        evaluated,
    }
}

fn best_neighbour(
    current: &[usize],
    sizes: &[usize],
    model: &Model,
    opts: &Ntbea,
    rng: &mut SilkRng,
) -> Vec<usize> {
    let mutable: Vec<usize> = (0..sizes.len()).filter(|&d| sizes[d] > 1).collect();
    if mutable.is_empty() {
        return current.to_vec();
    }
    let mut best = current.to_vec();
    let mut best_score = f64::NEG_INFINITY;
    for _ in 0..opts.neighbours.max(1) {
        let mut p = current.to_vec();
        let forced = mutable[rng.index(mutable.len())];
        for &d in &mutable {
            let chance = (opts.mutation.clamp(0.0, 1.0) * 1_000_000.0) as u32;
            if d == forced || rng.chance(chance, 1_000_000) {
                // Any other value of this parameter.
                let v = rng.index(sizes[d] - 1);
                p[d] = if v >= current[d] { v + 1 } else { v };
            }
        }
        let s = model.score(&p, opts.explore);
        if s > best_score {
            best_score = s;
            best = p;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy objective with a known optimum at (7, 2, 5) and uniform noise of ±0.5: in 300
    /// evaluations out of 1,000 settings the search finds it (or, at worst, a neighbour).
    #[test]
    fn finds_the_known_optimum_of_a_noisy_toy_objective() {
        let target = [7usize, 2, 5];
        let mut exact = 0;
        for seed in 1..=5u64 {
            let mut noise = SilkRng::seed_from(seed * 31);
            let mut f = |p: &[usize], _k: usize| {
                let d: f64 = p
                    .iter()
                    .zip(target)
                    .map(|(&x, t)| (x as f64 - t as f64).powi(2))
                    .sum();
                // Uniform noise in ±0.5 (sd ≈ 0.29).
                -d / 2.0 + (noise.below(1001) as f64 / 1000.0 - 0.5)
            };
            let found = ntbea(
                &[10, 10, 10],
                300,
                &Ntbea {
                    seed,
                    ..Ntbea::default()
                },
                &mut f,
            );
            let off: Vec<i64> = found
                .best
                .iter()
                .zip(target)
                .map(|(&x, t)| x as i64 - t as i64)
                .collect();
            assert!(
                off.iter().all(|d| d.abs() <= 1),
                "seed {seed}: {:?}",
                found.best
            );
            exact += (off == [0, 0, 0]) as u32;
        }
        assert!(exact >= 4, "the exact optimum in only {exact} of 5 runs");
    }

    #[test]
    fn a_single_setting_space_is_evaluated_as_is() {
        let found = ntbea(&[1, 1], 3, &Ntbea::default(), &mut |_, k| k as f64);
        assert_eq!(found.best, vec![0, 0]);
        assert_eq!(found.evaluated.len(), 3);
    }
}
