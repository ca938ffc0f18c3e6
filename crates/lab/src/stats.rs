//! Statistics from integer sums, so results are exact whatever the order of games.

use serde::{Deserialize, Serialize};

/// Wilson score interval for `k` successes in `n` trials at 95% (z = 1.96).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    wilson_share(k as f64, n)
}

/// The exact (Clopper–Pearson) 95% interval for `k` successes in `n` trials: the shares whose
/// binomial tails at `k` are at least 2.5%. Wider than [`wilson`], and honest for a handful of
/// games (a playtest book's five evenings), where the normal approximation is not.
pub fn exact_binomial(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let k = k.min(n);
    // P(X <= k) for X ~ Binomial(n, p), summed term by term (n is a count of games).
    let cdf = |p: f64, k: u64| -> f64 {
        if p <= 0.0 {
            return 1.0;
        }
        if p >= 1.0 {
            return if k >= n { 1.0 } else { 0.0 };
        }
        let (lp, lq) = (p.ln(), (1.0 - p).ln());
        let mut log_choose = 0.0f64;
        let mut sum = 0.0;
        for i in 0..=k {
            if i > 0 {
                log_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
            }
            sum += (log_choose + i as f64 * lp + (n - i) as f64 * lq).exp();
        }
        sum.min(1.0)
    };
    // Bisection: the tail is monotone in p.
    let solve = |f: &dyn Fn(f64) -> bool| {
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if f(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        (lo + hi) / 2.0
    };
    let lower = if k == 0 {
        0.0
    } else {
        // The p at which P(X >= k) = 2.5%: below it, k successes would be rarer.
        solve(&|p| 1.0 - cdf(p, k - 1) < 0.025)
    };
    let upper = if k == n {
        1.0
    } else {
        // The p at which P(X <= k) = 2.5%.
        solve(&|p| cdf(p, k) > 0.025)
    };
    (lower, upper)
}

/// [`wilson`] for a count that may hold halves (a first place shared between two bots counts
/// half a win).
pub fn wilson_share(k: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n_f = n as f64;
    let p = k / n_f;
    let denom = 1.0 + z * z / n_f;
    let centre = (p + z * z / (2.0 * n_f)) / denom;
    let half = z * ((p * (1.0 - p) / n_f + z * z / (4.0 * n_f * n_f)).sqrt()) / denom;
    // At k = 0 the lower bound is exactly 0 (and at k = n the upper exactly 1); computed, it
    // comes out as a rounding error such as 2e-19, which would make 0 of 1 000 games miss a
    // target of "at most 0".
    let lo = if k <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if k >= n_f {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// The two-sided p-value of a standard normal statistic `z`: `erfc(|z| / √2)`.
pub fn two_sided_p(z: f64) -> f64 {
    if !z.is_finite() {
        return if z.is_nan() { 1.0 } else { 0.0 };
    }
    erfc(z.abs() / std::f64::consts::SQRT_2).clamp(0.0, 1.0)
}

/// The complementary error function, from its Chebyshev fit (relative error below 1.2e-7,
/// ample for a p-value).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// Which of `p` survive the Benjamini–Hochberg step-up procedure at false-discovery rate `q`:
/// sorted ascending, the largest k with p_(k) ≤ k·q/m, and every p at or below it. Valid for
/// independent or positively dependent tests (measures of one run mostly move together).
pub fn benjamini_hochberg(p: &[f64], q: f64) -> Vec<bool> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut cut = None;
    for (rank, &i) in order.iter().enumerate() {
        if p[i] <= (rank + 1) as f64 * q / m as f64 {
            cut = Some(p[i]);
        }
    }
    p.iter().map(|&x| cut.is_some_and(|c| x <= c)).collect()
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
    /// Counts of the values `base .. base + dense.len()`, by offset (empty before the first
    /// value): most values fall near the first, and an array index is cheaper than a tree walk.
    dense: Vec<u64>,
    base: i64,
    /// Counts of the values outside the array.
    sparse: std::collections::BTreeMap<i64, u64>,
}

/// Values counted in [`Tally`]'s array at first, centred on the first value.
const WINDOW: usize = 512;

/// The array widens (doubling) to take a value outside it while it spans at most this many
/// values (128 KB): a sum over a game's auctions in per mille spreads over thousands.
const MAX_DENSE: usize = 1 << 14;

impl PartialEq for Tally {
    fn eq(&self, other: &Tally) -> bool {
        self.counts() == other.counts()
    }
}

impl Tally {
    #[inline]
    pub fn add(&mut self, v: i64) {
        // The common case inline (a value in the array): a run folds tens per game. An offset
        // that does not fit is out of the array (`checked_sub`: none wraps into it).
        let at = v
            .checked_sub(self.base)
            .and_then(|at| usize::try_from(at).ok());
        match at.and_then(|at| self.dense.get_mut(at)) {
            Some(k) => *k += 1,
            None => self.add_times(v, 1),
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
        match self.offset(v).or_else(|| self.widen_to(v)) {
            Some(at) => self.dense[at] += k,
            None => *self.sparse.entry(v).or_insert(0) += k,
        }
    }

    /// Where `v` is counted in the array, if it is.
    fn offset(&self, v: i64) -> Option<usize> {
        let at = usize::try_from(v.checked_sub(self.base)?).ok()?;
        (at < self.dense.len()).then_some(at)
    }

    /// Widens the array towards `v`, at least doubling it, if it then spans at most
    /// [`MAX_DENSE`] values; moves the counts it now covers out of `sparse`. Returns `v`'s
    /// offset.
    #[cold]
    fn widen_to(&mut self, v: i64) -> Option<usize> {
        let (lo, len) = (self.base as i128, self.dense.len() as i128);
        let hi = lo + len;
        let v = v as i128;
        let size = (hi.max(v + 1) - lo.min(v)).max(2 * len);
        if size > MAX_DENSE as i128 {
            return None;
        }
        let new_lo = if v < lo { hi - size } else { lo };
        if new_lo < i64::MIN as i128 || new_lo + size - 1 > i64::MAX as i128 {
            return None;
        }
        let mut dense = vec![0; size as usize];
        let shift = (lo - new_lo) as usize;
        dense[shift..shift + self.dense.len()].copy_from_slice(&self.dense);
        self.dense = dense;
        self.base = new_lo as i64;
        let top = (new_lo + size - 1) as i64;
        let covered: Vec<(i64, u64)> = self
            .sparse
            .range(self.base..=top)
            .map(|(&v, &k)| (v, k))
            .collect();
        for (w, k) in covered {
            self.sparse.remove(&w);
            let at = (w - self.base) as usize;
            self.dense[at] += k;
        }
        self.offset(v as i64)
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

    /// The sum of every value counted, wide and saturating (a damaged games.jsonl cannot make
    /// it wrap).
    pub fn sum(&self) -> i128 {
        let dense = self
            .dense
            .iter()
            .enumerate()
            .map(|(at, &k)| (self.base as i128 + at as i128).saturating_mul(k as i128));
        let sparse = self
            .sparse
            .iter()
            .map(|(&v, &k)| (v as i128).saturating_mul(k as i128));
        dense.chain(sparse).fold(0i128, i128::saturating_add)
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
    /// Clopper–Pearson intervals as published tables give them (to four places).
    fn exact_binomial_matches_known_values() {
        let near = |(lo, hi): (f64, f64), (a, b): (f64, f64)| {
            assert!(
                (lo - a).abs() < 5e-4 && (hi - b).abs() < 5e-4,
                "{lo} {hi} vs {a} {b}"
            )
        };
        near(exact_binomial(0, 5), (0.0, 0.5218));
        near(exact_binomial(5, 5), (0.4782, 1.0));
        near(exact_binomial(2, 10), (0.0252, 0.5561));
        near(exact_binomial(1, 1), (0.025, 1.0));
        near(exact_binomial(50, 100), (0.3983, 0.6017));
        assert_eq!(exact_binomial(0, 0), (0.0, 1.0));
        // Wider than Wilson's at few games.
        let (w, e) = (wilson(2, 10), exact_binomial(2, 10));
        assert!(e.0 < w.0 && e.1 > w.1);
    }

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

    /// Values spread over thousands widen the array (up to its cap) and count exactly as a
    /// plain map of counts does, in any order, merged or not.
    #[test]
    fn tally_widens_and_counts_exactly() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut values = Vec::new();
        for i in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = match i % 4 {
                0 => 4000 + (x % 9000) as i64,
                1 => -((x % 30_000) as i64),
                2 => (x % 100) as i64,
                _ => x as i64,
            };
            values.push(v);
        }
        let mut reference = std::collections::BTreeMap::new();
        for &v in &values {
            *reference.entry(v).or_insert(0u64) += 1;
        }
        let (mut one, mut a, mut b) = (Tally::default(), Tally::default(), Tally::default());
        for (i, &v) in values.iter().enumerate() {
            one.add(v);
            if i % 3 == 0 {
                a.add(v)
            } else {
                b.add(v)
            }
        }
        assert_eq!(one.counts(), reference);
        assert!(one.dense.len() > WINDOW && one.dense.len() <= MAX_DENSE);
        a.merge(&b);
        assert_eq!(a.counts(), reference);
        let sum: i128 = values.iter().map(|&v| v as i128).sum();
        assert_eq!(one.sum(), sum);
        let mut rev = Tally::default();
        for &v in values.iter().rev() {
            rev.add(v);
        }
        assert_eq!(rev, one);
    }

    #[test]
    fn dist_mean_sd_histogram() {
        let d = Dist::of(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!(d.mean, 5.0);
        assert!((d.sd - 2.138).abs() < 1e-3);
        assert_eq!(d.histogram.iter().map(|b| b.1).sum::<u64>(), 8);
        assert_eq!((d.min, d.max), (2, 9));
    }

    #[test]
    fn p_values_of_the_normal() {
        assert!((two_sided_p(1.959_963_984_540_054) - 0.05).abs() < 1e-6);
        assert!((two_sided_p(0.0) - 1.0).abs() < 1e-6);
        assert!((two_sided_p(-2.575_829_3) - 0.01).abs() < 1e-6);
    }

    /// Benjamini and Hochberg's own example (1995): 15 p-values, 4 rejected at q = 0.05.
    #[test]
    fn benjamini_hochberg_rejects_as_in_the_paper() {
        let p = [
            0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262,
            0.5719, 0.6528, 0.7590, 1.0,
        ];
        let kept = benjamini_hochberg(&p, 0.05);
        assert_eq!(kept.iter().filter(|&&k| k).count(), 4);
        assert!(kept[..4].iter().all(|&k| k));
        assert!(benjamini_hochberg(&[], 0.05).is_empty());
    }
}
