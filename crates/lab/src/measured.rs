//! One measure of a run ([`Measured`]): its estimate, 95% interval and sample, and how it is
//! estimated from the running sums a fold keeps — a rate, a mean or a ratio of sums (see
//! [`crate::measure`]).

use crate::stats::wilson;
use serde::Serialize;

const Z: f64 = 1.959_963_984_540_054;

/// Sums that give an estimate and its interval.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Acc {
    Rate { k: u64, n: u64 },
    Mean { n: u64, sum: f64, sum2: f64 },
    Ratio(RatioSums),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct RatioSums {
    pub(crate) n: u64,
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) xx: f64,
    pub(crate) yy: f64,
    pub(crate) xy: f64,
    /// The largest value the ratio can take (a share in %: 100), which its interval respects.
    pub(crate) upper: Option<f64>,
}

/// How an estimate was made, for intervals of differences.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Rate,
    Mean,
    Ratio,
}

/// One measure of a run: its estimate, the 95% interval and the sample behind it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measured {
    pub name: String,
    /// What it measures, in words, with the unit.
    pub about: String,
    pub kind: Kind,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    /// Games it is over.
    pub n: u64,
    /// Standard error (for intervals of differences).
    #[serde(skip)]
    pub se: f64,
}

/// A difference between two runs' measures, `b − a`, with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    /// The interval excludes 0.
    pub clear: bool,
}

impl Measured {
    /// Whether the measure reads as a percentage (a share of games, of VP, an advantage).
    pub fn is_share(&self) -> bool {
        self.kind == Kind::Rate
            || self.name.starts_with("vp_share.")
            || self.name == "first_mover_advantage"
    }

    /// A value of this measure (its estimate, a bound, a difference) as a person reads it: a
    /// share in % with one decimal, a count or mean with two (none from 100 on).
    pub fn show(&self, v: f64) -> String {
        let text = if !v.is_finite() {
            return "—".into();
        } else if self.is_share() {
            format!("{:.1}", 100.0 * v)
        } else if v.abs() >= 100.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.2}")
        };
        // A small negative value rounded to zero reads as zero, not "-0.0".
        match text.strip_prefix('-') {
            Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
            _ => text,
        }
    }

    /// [`Measured::show`] with a `%` after a share.
    pub fn show_unit(&self, v: f64) -> String {
        if self.is_share() {
            format!("{}%", self.show(v))
        } else {
            self.show(v)
        }
    }

    /// The estimate and its interval: `12.3 [10.1, 14.6]`.
    pub fn show_interval(&self) -> String {
        format!(
            "{} [{}, {}]",
            self.show(self.value),
            self.show(self.lo),
            self.show(self.hi)
        )
    }

    /// `other − self`. Rates: Newcombe's hybrid score interval from the two Wilson intervals.
    /// Means and ratios: the normal interval with both standard errors (Welch). Both treat
    /// the runs as independent; variants played on the same seeds are positively correlated,
    /// so the true interval is, if anything, narrower.
    pub fn minus(&self, base: &Measured) -> Difference {
        let d = self.value - base.value;
        let (lo, hi) = match self.kind {
            Kind::Rate => {
                let (p1, l1, u1) = (self.value, self.lo, self.hi);
                let (p2, l2, u2) = (base.value, base.lo, base.hi);
                (
                    d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(),
                    d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt(),
                )
            }
            Kind::Mean | Kind::Ratio => {
                let h = Z * (self.se.powi(2) + base.se.powi(2)).sqrt();
                (d - h, d + h)
            }
        };
        Difference {
            value: d,
            lo,
            hi,
            clear: lo > 0.0 || hi < 0.0,
        }
    }
}

/// The mean of a per-game value from its sums over `n` games (Σv, Σv²), with its normal
/// interval, as every mean measure has it.
pub fn mean_of(name: &str, about: &str, n: u64, sum: f64, sum2: f64) -> Measured {
    estimate(name, about, &Acc::Mean { n, sum, sum2 })
}

/// The standard error of a mean or ratio over fewer than two games: not known, so its
/// interval is (−∞, ∞), shown as "—", and no difference from it is clear.
const UNKNOWN: f64 = f64::INFINITY;

pub(crate) fn estimate(name: &str, about: &str, acc: &Acc) -> Measured {
    let (kind, n, value, lo, hi, se) = match *acc {
        Acc::Rate { k, n } => {
            let p = if n == 0 { 0.0 } else { k as f64 / n as f64 };
            let (lo, hi) = wilson(k, n);
            let se = if n == 0 {
                0.0
            } else {
                (p * (1.0 - p) / n as f64).sqrt()
            };
            (Kind::Rate, n, p, lo, hi, se)
        }
        Acc::Mean { n, sum, sum2 } => {
            let nf = n.max(1) as f64;
            let mean = sum / nf;
            let var = if n > 1 {
                ((sum2 - sum * sum / nf) / (nf - 1.0)).max(0.0)
            } else {
                0.0
            };
            let se = if n > 1 { (var / nf).sqrt() } else { UNKNOWN };
            (Kind::Mean, n, mean, mean - Z * se, mean + Z * se, se)
        }
        Acc::Ratio(ref s) => {
            let nf = s.n.max(1) as f64;
            let (mx, my) = (s.x / nf, s.y / nf);
            let r = if my == 0.0 { 0.0 } else { mx / my };
            // Delta method: var(R) ≈ (s_x² − 2R·s_xy + R²·s_y²) / (n · ȳ²).
            let se = if s.n > 1 && my != 0.0 {
                let cov = |a: f64, b: f64, ab: f64| (ab - a * b / nf) / (nf - 1.0);
                let v = cov(s.x, s.x, s.xx) - 2.0 * r * cov(s.x, s.y, s.xy)
                    + r * r * cov(s.y, s.y, s.yy);
                (v.max(0.0) / (nf * my * my)).sqrt()
            } else {
                UNKNOWN
            };
            let (lo, hi) = (r - Z * se, r + Z * se);
            // A ratio that cannot go below 0 or above its bound (a share) keeps its interval
            // inside them; an unknown interval stays unknown.
            let (lo, hi) = match s.upper {
                Some(u) if se.is_finite() => (lo.max(0.0), hi.min(u)),
                _ => (lo, hi),
            };
            (Kind::Ratio, s.n, r, lo, hi, se)
        }
    };
    Measured {
        name: name.to_string(),
        about: about.to_string(),
        kind,
        value,
        lo,
        hi,
        n,
        se,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_of_rates_use_newcombe_and_of_means_welch() {
        let a = estimate("r", "", &Acc::Rate { k: 50, n: 100 });
        let b = estimate("r", "", &Acc::Rate { k: 70, n: 100 });
        let d = b.minus(&a);
        assert!((d.value - 0.2).abs() < 1e-12);
        // Newcombe's interval for 70/100 − 50/100 is about (0.065, 0.326).
        assert!(
            (d.lo - 0.065).abs() < 0.005 && (d.hi - 0.326).abs() < 0.005,
            "{d:?}"
        );
        assert!(d.clear);
        let m1 = estimate(
            "m",
            "",
            &Acc::Mean {
                n: 4,
                sum: 10.0,
                sum2: 30.0,
            },
        );
        let same = m1.minus(&m1);
        assert!(!same.clear && same.lo < 0.0 && same.hi > 0.0);
    }

    /// A mean or ratio over one game has no known interval: shown as "—", and no difference
    /// from it is called clear.
    #[test]
    fn one_game_gives_no_interval() {
        let one = estimate(
            "auction.lot.mean_surplus",
            "",
            &Acc::Ratio(RatioSums {
                n: 1,
                x: 3.0,
                y: 2.0,
                xx: 9.0,
                yy: 4.0,
                xy: 6.0,
                upper: None,
            }),
        );
        assert_eq!(one.value, 1.5);
        assert_eq!(one.show_interval(), "1.50 [—, —]");
        assert!(!one.minus(&one).clear);
        let mean = estimate(
            "rounds",
            "",
            &Acc::Mean {
                n: 1,
                sum: 4.0,
                sum2: 16.0,
            },
        );
        assert_eq!(mean.show_interval(), "4.00 [—, —]");
    }

    /// A share kept as a ratio of sums (won by the richest, % of won auctions) keeps its
    /// interval within 0–100 even when nearly every auction counts.
    #[test]
    fn a_bounded_ratio_interval_stays_within_its_bound() {
        let (mut x, mut y, mut xx, mut yy, mut xy) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for g in 0..40 {
            // Every game's auctions all won by the richest, but one game's one auction.
            let (won, held) = if g == 0 { (100.0, 2.0) } else { (200.0, 2.0) };
            x += won;
            y += held;
            xx += won * won;
            yy += held * held;
            xy += won * held;
        }
        let share = estimate(
            "auction.barbarians.richest_won_share",
            "",
            &Acc::Ratio(RatioSums {
                n: 40,
                x,
                y,
                xx,
                yy,
                xy,
                upper: Some(100.0),
            }),
        );
        assert!(share.value < 100.0 && share.value > 98.0, "{}", share.value);
        assert!(share.hi <= 100.0 && share.lo < share.value, "{share:?}");
    }

    /// A small negative difference rounded to zero reads "0.0", not "-0.0".
    #[test]
    fn rounded_zero_has_no_sign() {
        let m = estimate("win.seat1", "", &Acc::Rate { k: 1, n: 2 });
        assert_eq!(m.show(-0.0001), "0.0");
        assert_eq!(m.show(-0.01), "-1.0");
    }
}
