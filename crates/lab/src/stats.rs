//! Statistics from integer sums, so results are exact whatever the order of games.

use serde::{Deserialize, Serialize};

/// Wilson score interval for `k` successes in `n` trials at 95% (z = 1.96).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let denom = 1.0 + z * z / n_f;
    let centre = (p + z * z / (2.0 * n_f)) / denom;
    let half = z * ((p * (1.0 - p) / n_f + z * z / (4.0 * n_f * n_f)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A proportion with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub k: u64,
    pub n: u64,
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Rate {
    pub fn new(k: u64, n: u64) -> Rate {
        let (lo, hi) = wilson(k, n);
        Rate {
            k,
            n,
            rate: if n == 0 { 0.0 } else { k as f64 / n as f64 },
            lo,
            hi,
        }
    }
}

/// Mean, standard deviation, extremes and a histogram of integer samples.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dist {
    pub n: u64,
    pub mean: f64,
    pub sd: f64,
    pub min: i64,
    pub max: i64,
    /// `(bin start, count)`, bins of equal width covering min..=max.
    pub histogram: Vec<(i64, u64)>,
}

impl Dist {
    pub fn of(values: &[i64]) -> Dist {
        let mut t = Tally::default();
        for &v in values {
            t.add(v);
        }
        t.dist()
    }
}

/// How many times each value occurred: a distribution of integer samples kept in memory that
/// grows with the number of distinct values, not of samples, so a run of any length folds into
/// it (rounds, decisions, margins take a few hundred values at most).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Counts of the values `base .. base + WINDOW`, by offset (empty before the first value):
    /// most values fall near the first, and an array index is cheaper than a tree walk.
    dense: Vec<u64>,
    base: i64,
    /// Counts of the values outside the window.
    sparse: std::collections::BTreeMap<i64, u64>,
}

/// Values counted in [`Tally`]'s array, centred on the first value.
const WINDOW: usize = 512;

impl PartialEq for Tally {
    fn eq(&self, other: &Tally) -> bool {
        self.counts() == other.counts()
    }
}

impl Tally {
    #[inline]
    pub fn add(&mut self, v: i64) {
        // The common case inline (a value in the window): a run folds tens per game.
        // Clamped before the conversion, so that no offset wraps into the window.
        let at = (v.wrapping_sub(self.base) as u64).min(WINDOW as u64) as usize;
        match self.dense.get_mut(at) {
            Some(k) if v.checked_sub(self.base).is_some() => *k += 1,
            _ => self.add_times(v, 1),
        }
    }

    /// `v`, `k` times.
    pub fn add_times(&mut self, v: i64, k: u64) {
        if k == 0 {
            return;
        }
        if self.dense.is_empty() {
            self.dense = vec![0; WINDOW];
            self.base = v.saturating_sub(WINDOW as i64 / 2);
        }
        match v.checked_sub(self.base) {
            Some(at) if (0..WINDOW as i64).contains(&at) => self.dense[at as usize] += k,
            _ => *self.sparse.entry(v).or_insert(0) += k,
        }
    }

    /// Adds every value `other` counted (a fold of other games).
    pub fn merge(&mut self, other: &Tally) {
        for (&v, &k) in &other.sparse {
            self.add_times(v, k);
        }
        for (at, &k) in other.dense.iter().enumerate() {
            if k > 0 {
                self.add_times(other.base.wrapping_add(at as i64), k);
            }
        }
    }

    /// Every value counted, with its count, in value order.
    fn counts(&self) -> std::collections::BTreeMap<i64, u64> {
        let mut all = self.sparse.clone();
        for (at, &k) in self.dense.iter().enumerate() {
            if k > 0 {
                *all.entry(self.base + at as i64).or_insert(0) += k;
            }
        }
        all
    }

    pub fn dist(&self) -> Dist {
        let counts = self.counts();
        let n: u64 = counts.values().sum();
        let (Some((&min, _)), Some((&max, _))) =
            (counts.first_key_value(), counts.last_key_value())
        else {
            return Dist {
                n,
                mean: 0.0,
                sd: 0.0,
                min: 0,
                max: 0,
                histogram: Vec::new(),
            };
        };
        let mut sum: i128 = 0;
        let mut sum2: i128 = 0;
        // Saturating: values come from records a person may have edited.
        for (&v, &k) in &counts {
            sum = sum.saturating_add((v as i128).saturating_mul(k as i128));
            sum2 = sum2.saturating_add(
                (v as i128)
                    .saturating_mul(v as i128)
                    .saturating_mul(k as i128),
            );
        }
        let mean = sum as f64 / n as f64;
        // n·Σx² − (Σx)² is exact in integers; only the final division is floating point.
        let var = if n > 1 {
            (n as i128)
                .saturating_mul(sum2)
                .saturating_sub(sum.saturating_mul(sum)) as f64
                / (n as f64 * (n as f64 - 1.0))
        } else {
            0.0
        };
        let bins = 12i64;
        let width = (max.saturating_sub(min) / bins).saturating_add(1).max(1);
        let mut histogram: Vec<(i64, u64)> = Vec::new();
        let mut start = min;
        while start <= max {
            histogram.push((start, 0));
            match start.checked_add(width) {
                Some(next) => start = next,
                None => break,
            }
        }
        for (&v, &k) in &counts {
            let i = (v.saturating_sub(min) / width) as usize;
            if let Some(b) = histogram.get_mut(i) {
                b.1 += k;
            }
        }
        Dist {
            n,
            mean,
            sd: var.max(0.0).sqrt(),
            min,
            max,
            histogram,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 50/100: 0.4038 .. 0.5962 (standard tables).
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        // 0/10: 0 .. 0.2775.
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
    }

    /// Values inside and outside the array window count alike.
    #[test]
    fn tally_counts_near_and_far_values() {
        let mut near = Tally::default();
        let mut far = Tally::default();
        for v in [3, 3, 900, -2000, 3, i64::MAX, i64::MIN] {
            near.add(v);
        }
        for v in [i64::MIN, -2000, 3, 900, 3, i64::MAX, 3] {
            far.add(v);
        }
        assert_eq!(near, far);
        assert_eq!(near.dist().n, 7);
        assert_eq!((near.dist().min, near.dist().max), (i64::MIN, i64::MAX));
        let mut t = Tally::default();
        t.add_times(5, 0);
        assert_eq!(t.dist().n, 0);
    }

    #[test]
    fn dist_mean_sd_histogram() {
        let d = Dist::of(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!(d.mean, 5.0);
        assert!((d.sd - 2.138).abs() < 1e-3);
        assert_eq!(d.histogram.iter().map(|b| b.1).sum::<u64>(), 8);
        assert_eq!((d.min, d.max), (2, 9));
    }
}
