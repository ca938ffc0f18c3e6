//! Differences between runs played on the same seeds, taken game by game.
//!
//! Variants of a design played on the same seeds with the same bots play matched games: game K
//! of the base and game K of a variant share their deal and their bots. Their difference is best
//! measured on the pairs — the per-game difference cancels what the two games share, so a real
//! change shows with far fewer games than two independent samples need. The fold keeps running
//! sums only (constant memory):
//! - a **mean** (and a share, whose per-game value is 0 or 1): the mean of the per-game
//!   differences over the games counted in both runs, with the normal interval
//!   mean ± 1.96 · sd / √n (for shares this is the paired, McNemar-style difference of
//!   proportions);
//! - a **ratio** of per-game sums: `R_b − R_a` over the matched games, with the delta-method
//!   interval of the pair (the covariance of the two runs' sums is kept).
//!
//! Each difference also carries its two-sided p-value, so a table of many differences can be
//! read with a false-discovery control ([`benjamini_hochberg`]). A measure whose paired values
//! are all equal (a difference of 0 in every pair, or a ratio with the same value in every game
//! of both runs, up to rounding) is a **constant**: there is nothing to test, so it has no
//! p-value, is never starred and is not counted among the measures tested — its computed
//! difference is rounding error (−1e-16 over a standard error of 0 is not a finding).

use crate::measured::Measured;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

// Also at the paths they had when they lived here.
pub use crate::stats::{benjamini_hochberg, two_sided_p};

const Z: f64 = 1.959_963_984_540_054;

/// Values equal up to this share of their magnitude are equal: far above the rounding of sums
/// of a few million games, far below any difference a table prints.
const SAME: f64 = 1e-9;

/// Whether a spread of `spread` among values as large as `magnitude` is rounding only.
fn within_rounding(spread: f64, magnitude: f64) -> bool {
    spread <= SAME * magnitude
}

/// One game's contribution to a measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Obs {
    /// A share: whether it happened (the game counts in the share's population).
    Rate(bool),
    /// A value per game.
    Mean(f64),
    /// The game's numerator and denominator of a ratio of sums.
    Ratio(f64, f64),
}

/// Every measure one game contributes to, by name, in the order the fold met them.
pub type GameObs = Vec<(String, Obs)>;

/// The difference `variant − base` of one measure over matched games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedDifference {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    /// The interval excludes 0.
    pub clear: bool,
    /// Matched games: games counted in both runs.
    pub pairs: u64,
    /// Two-sided p-value of "no difference" (normal approximation); 1 when not known; `None`
    /// for a constant (see the module notes), which is not a test.
    pub p: Option<f64>,
}

impl PairedDifference {
    /// A constant measure (see the module notes): nothing to test.
    pub fn constant(&self) -> bool {
        self.p.is_none()
    }
}

#[derive(Clone, Debug, Default)]
struct DiffSums {
    n: u64,
    sum: f64,
    sum2: f64,
    /// The largest per-pair difference and the largest value, in magnitude: whether every
    /// pair was equal.
    max_diff: f64,
    max_value: f64,
}

/// Sums of the pair `(x_b, y_b, x_a, y_a)` and of their products, for the delta method.
#[derive(Clone, Debug, Default)]
struct RatioPairSums {
    n: u64,
    s: [f64; 4],
    /// Upper triangle of Σ v_i v_j, row by row: (0,0) (0,1) (0,2) (0,3) (1,1) … (3,3).
    ss: [f64; 10],
    /// The smallest and largest per-game ratio x / y in either run (games with y ≠ 0), and
    /// whether a game had x ≠ 0 over y = 0: whether the ratio is one value in every game.
    range: Option<(f64, f64)>,
    loose: bool,
}

impl RatioPairSums {
    fn see(&mut self, x: f64, y: f64) {
        if y == 0.0 {
            self.loose |= x != 0.0;
            return;
        }
        let r = x / y;
        self.range = Some(match self.range {
            Some((lo, hi)) => (lo.min(r), hi.max(r)),
            None => (r, r),
        });
    }

    /// The ratio is the same in every game of both runs (up to rounding).
    fn constant(&self) -> bool {
        !self.loose
            && self
                .range
                .is_none_or(|(lo, hi)| within_rounding(hi - lo, lo.abs().max(hi.abs())))
    }
}

impl DiffSums {
    /// Every pair's two values were equal (up to rounding).
    fn constant(&self) -> bool {
        within_rounding(self.max_diff, self.max_value)
    }
}

#[derive(Clone, Debug)]
enum PairAcc {
    Diff(DiffSums),
    Ratio(RatioPairSums),
}

/// The fold of paired differences of every measure, one matched game at a time.
#[derive(Clone, Debug, Default)]
pub struct Paired {
    accs: BTreeMap<String, PairAcc>,
}

/// A game's measures by name (a game has about a hundred: looked up once each).
fn by_name(obs: &GameObs) -> HashMap<&str, Obs> {
    obs.iter().map(|(n, o)| (n.as_str(), *o)).collect()
}

impl Paired {
    /// Adds game K of the base and game K of the variant. A measure counted in only one of the
    /// two games is left out, except an engine metric (`metric.*`), which reads 0 in a decided
    /// game (`share.cut_short` and `share.round_cap` false) without counting it: a stall counts
    /// no metric, so it pairs with nothing.
    pub fn add(&mut self, base: &GameObs, variant: &GameObs) {
        let (base_by, variant_by) = (by_name(base), by_name(variant));
        let normal = |by: &HashMap<&str, Obs>| {
            by.get("share.cut_short") == Some(&Obs::Rate(false))
                && by.get("share.round_cap") != Some(&Obs::Rate(true))
        };
        let (base_normal, variant_normal) = (normal(&base_by), normal(&variant_by));
        let zero_metric = |name: &str, normal: bool| {
            (normal && name.starts_with("metric.")).then_some(Obs::Mean(0.0))
        };
        for (name, b) in base {
            let v = variant_by
                .get(name.as_str())
                .copied()
                .or_else(|| zero_metric(name, variant_normal));
            if let Some(v) = v {
                self.pair(name, *b, v);
            }
        }
        for (name, v) in variant {
            if !base_by.contains_key(name.as_str()) {
                if let Some(b) = zero_metric(name, base_normal) {
                    self.pair(name, b, *v);
                }
            }
        }
    }

    fn pair(&mut self, name: &str, base: Obs, variant: Obs) {
        let value = |o: Obs| match o {
            Obs::Rate(hit) => Some(hit as u8 as f64),
            Obs::Mean(v) => Some(v),
            Obs::Ratio(..) => None,
        };
        if !self.accs.contains_key(name) {
            let empty = match base {
                Obs::Ratio(..) => PairAcc::Ratio(RatioPairSums::default()),
                _ => PairAcc::Diff(DiffSums::default()),
            };
            self.accs.insert(name.to_string(), empty);
        }
        match (self.accs.get_mut(name), base, variant) {
            (Some(PairAcc::Ratio(s)), Obs::Ratio(xa, ya), Obs::Ratio(xb, yb)) => {
                let v = [xb, yb, xa, ya];
                s.see(xb, yb);
                s.see(xa, ya);
                s.n += 1;
                let mut k = 0;
                for i in 0..4 {
                    s.s[i] += v[i];
                    for j in i..4 {
                        s.ss[k] += v[i] * v[j];
                        k += 1;
                    }
                }
            }
            (Some(PairAcc::Diff(s)), b, v) => {
                if let (Some(b), Some(v)) = (value(b), value(v)) {
                    let d = v - b;
                    s.n += 1;
                    s.sum += d;
                    s.sum2 += d * d;
                    s.max_diff = s.max_diff.max(d.abs());
                    s.max_value = s.max_value.max(b.abs()).max(v.abs());
                }
            }
            // A measure whose kind differs between the runs cannot be paired.
            _ => {}
        }
    }

    /// Every paired difference, by measure name.
    pub fn finish(&self) -> BTreeMap<String, PairedDifference> {
        self.accs
            .iter()
            .map(|(name, acc)| {
                let ((n, d, se), constant) = match acc {
                    PairAcc::Diff(s) => (diff_estimate(s), s.constant()),
                    PairAcc::Ratio(s) => (ratio_estimate(s), s.constant()),
                };
                (name.clone(), difference(n, d, se, constant))
            })
            .collect()
    }
}

fn diff_estimate(s: &DiffSums) -> (u64, f64, f64) {
    let nf = s.n.max(1) as f64;
    let mean = s.sum / nf;
    let se = if s.n > 1 {
        (((s.sum2 - s.sum * s.sum / nf) / (nf - 1.0)).max(0.0) / nf).sqrt()
    } else {
        f64::INFINITY
    };
    (s.n, mean, se)
}

fn ratio_estimate(s: &RatioPairSums) -> (u64, f64, f64) {
    let nf = s.n.max(1) as f64;
    let m: [f64; 4] = std::array::from_fn(|i| s.s[i] / nf);
    let (rb, ra) = (ratio(m[0], m[1]), ratio(m[2], m[3]));
    let d = rb - ra;
    if s.n < 2 || m[1] == 0.0 || m[3] == 0.0 {
        return (s.n, d, f64::INFINITY);
    }
    // Linearised: z = (x_b − R_b y_b)/ȳ_b − (x_a − R_a y_a)/ȳ_a, var(D) ≈ var(z) / n.
    let c = [1.0 / m[1], -rb / m[1], -1.0 / m[3], ra / m[3]];
    let mut k = 0;
    let mut var = 0.0;
    for i in 0..4 {
        for j in i..4 {
            let cov = (s.ss[k] - s.s[i] * s.s[j] / nf) / (nf - 1.0);
            var += if i == j { 1.0 } else { 2.0 } * c[i] * c[j] * cov;
            k += 1;
        }
    }
    (s.n, d, (var.max(0.0) / nf).sqrt())
}

fn ratio(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        0.0
    } else {
        x / y
    }
}

fn difference(pairs: u64, value: f64, se: f64, constant: bool) -> PairedDifference {
    if constant {
        // What was computed is rounding error about 0: the difference is 0, known exactly.
        return PairedDifference {
            value: 0.0,
            lo: 0.0,
            hi: 0.0,
            clear: false,
            pairs,
            p: None,
        };
    }
    let (lo, hi) = (value - Z * se, value + Z * se);
    let p = if se.is_finite() && se > 0.0 {
        two_sided_p(value / se)
    } else if se == 0.0 && value != 0.0 && pairs > 1 {
        // Every pair moved by the same amount: no doubt left.
        0.0
    } else {
        1.0
    };
    let p = Some(p);
    PairedDifference {
        value,
        lo,
        hi,
        clear: lo > 0.0 || hi < 0.0,
        pairs,
        p,
    }
}

/// False-discovery rate at which [`compare`] marks the differences that survive.
pub const FDR: f64 = 0.05;

/// One measure's difference `variant − base` as a comparison table shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Compared {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    /// The 95% interval excludes 0 (the per-measure star).
    pub clear: bool,
    /// Two-sided p-value; `None` for a constant measure, which is not a test (see the module
    /// notes).
    pub p: Option<f64>,
    /// Survives the Benjamini–Hochberg control at [`FDR`] across every measure of the table.
    pub fdr_kept: bool,
    /// Taken game by game over `pairs` matched games; otherwise from the two runs' intervals
    /// as if independent (the `*.max` measures, whose measure may differ between runs).
    pub paired: bool,
    pub pairs: u64,
}

impl Compared {
    /// A constant measure (see the module notes): not a test.
    pub fn constant(&self) -> bool {
        self.p.is_none()
    }
}

/// Each measure's difference between a variant and the base, paired where the fold paired it,
/// with the false-discovery control applied across all of them.
pub fn compare(
    base: &BTreeMap<String, Measured>,
    variant: &BTreeMap<String, Measured>,
    paired: &BTreeMap<String, PairedDifference>,
) -> BTreeMap<String, Compared> {
    let mut out: BTreeMap<String, Compared> = BTreeMap::new();
    for (name, v) in variant {
        let Some(b) = base.get(name) else { continue };
        // The first mover's advantage is its win rate minus a constant: the same difference.
        let key = if name == "first_mover_advantage" {
            "win.first_mover"
        } else {
            name
        };
        let c = match paired.get(key) {
            Some(d) => Compared {
                value: d.value,
                lo: d.lo,
                hi: d.hi,
                clear: d.clear,
                p: d.p,
                fdr_kept: false,
                paired: true,
                pairs: d.pairs,
            },
            None => {
                let d = v.minus(b);
                let se = (v.se.powi(2) + b.se.powi(2)).sqrt();
                // Two estimates without spread and equal up to rounding: a constant.
                let magnitude = v.value.abs().max(b.value.abs());
                let constant = se == 0.0 && within_rounding(d.value.abs(), magnitude);
                Compared {
                    value: if constant { 0.0 } else { d.value },
                    lo: d.lo,
                    hi: d.hi,
                    clear: d.clear && !constant,
                    p: if constant {
                        None
                    } else if se > 0.0 {
                        Some(two_sided_p(d.value / se))
                    } else {
                        Some(1.0)
                    },
                    fdr_kept: false,
                    paired: false,
                    pairs: 0,
                }
            }
        };
        out.insert(name.clone(), c);
    }
    let tests: Vec<(bool, Option<f64>)> = out.values().map(|c| (c.clear, c.p)).collect();
    for (c, kept) in out.values_mut().zip(fdr_kept(&tests)) {
        c.fdr_kept = kept;
    }
    out
}

/// Which of the differences `(clear, p)` survive the Benjamini–Hochberg control at [`FDR`]
/// across those that are tests (a constant, `p` = `None`, is none, and is never kept); a
/// difference the interval does not call clear is not a discovery either.
pub fn fdr_kept(tests: &[(bool, Option<f64>)]) -> Vec<bool> {
    let p: Vec<f64> = tests.iter().filter_map(|t| t.1).collect();
    let mut kept = benjamini_hochberg(&p, FDR).into_iter();
    tests
        .iter()
        .map(|&(clear, p)| p.is_some() && kept.next().unwrap_or(false) && clear)
        .collect()
}

/// What a table of many differences says about itself: how many measures were compared,
/// how many stars chance alone would give, how many are starred and how many survive the
/// false-discovery control; and whether the runs' populations differ (the share of games
/// cut short moved).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableNote {
    /// Measures with a test: the constants are left out.
    pub measures_tested: usize,
    /// Measures constant in both runs (no test; see the module notes).
    pub constants: usize,
    pub expected_chance_stars: f64,
    pub starred: usize,
    pub fdr: f64,
    pub fdr_kept: usize,
    pub populations_differ: bool,
    /// The paired difference in the share of games cut short, in points, when it is clear.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut_short_change: Option<f64>,
    /// The paired difference in the stall share (`share.round_cap`), in points, when it is
    /// clear: the decided games the other figures are over are then other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stall_change: Option<f64>,
}

impl TableNote {
    pub fn of(table: &BTreeMap<String, Compared>) -> TableNote {
        let differ = table.get("share.cut_short").filter(|d| d.clear);
        let stalls = table.get("share.round_cap").filter(|d| d.clear);
        let tests: Vec<(bool, Option<f64>)> = table.values().map(|c| (c.clear, c.p)).collect();
        TableNote {
            populations_differ: differ.is_some() || stalls.is_some(),
            cut_short_change: differ.map(|d| 100.0 * d.value),
            stall_change: stalls.map(|d| 100.0 * d.value),
            ..TableNote::of_tests(&tests)
        }
    }

    /// The note of any list of differences `(clear, p)` (`p` = `None`: a constant, not a
    /// test), with the false-discovery control applied across them: what `silk find
    /// --winners` says of its figures, as a comparison table does.
    pub fn of_tests(tests: &[(bool, Option<f64>)]) -> TableNote {
        let tested = tests.iter().filter(|t| t.1.is_some()).count();
        TableNote {
            measures_tested: tested,
            constants: tests.len() - tested,
            expected_chance_stars: 0.05 * tested as f64,
            starred: tests.iter().filter(|t| t.0 && t.1.is_some()).count(),
            fdr: FDR,
            fdr_kept: fdr_kept(tests).into_iter().filter(|&k| k).count(),
            populations_differ: false,
            cut_short_change: None,
            stall_change: None,
        }
    }

    /// The note as a sentence.
    pub fn text(&self) -> String {
        let constants = match self.constants {
            0 => String::new(),
            1 => " (1 more differs in no game: no test)".into(),
            c => format!(" ({c} more differ in no game: no test)"),
        };
        let mut t = format!(
            "{} measures compared{constants}; if nothing had changed, chance alone would star \
             about {:.1} of them (5% each); {} starred, {} survive the Benjamini–Hochberg \
             control at a {:.0}% false-discovery rate (†).",
            self.measures_tested,
            self.expected_chance_stars,
            self.starred,
            self.fdr_kept,
            100.0 * self.fdr
        );
        let moved: Vec<String> = [
            (self.cut_short_change, "games cut short"),
            (self.stall_change, "stalls (games cut at the round cap)"),
        ]
        .iter()
        .filter_map(|(c, what)| c.map(|p| format!("the share of {what} moves by {p:+.1} points")))
        .collect();
        if !moved.is_empty() {
            t += &format!(
                " Populations differ: {}, so figures over the decided games are over other \
                 games; read the all_games.* rows.",
                moved.join(" and ")
            );
        }
        t
    }
}

/// What a text table printed of a comparison `table`: the rows `shown` prints, how many of them
/// are starred, and how many stars are in the rows it leaves out (`hidden_in`: where those
/// are, e.g. "--all adds"), as a sentence after [`TableNote::text`].
pub fn printed_note(
    table: &BTreeMap<String, Compared>,
    shown: impl Fn(&str) -> bool,
    hidden_in: &str,
) -> String {
    let (mut rows, mut starred, mut hidden) = (0, 0, 0);
    for (name, c) in table {
        if shown(name) {
            rows += 1;
            starred += c.clear as usize;
        } else {
            hidden += c.clear as usize;
        }
    }
    let hidden = match hidden {
        0 => format!("none in the rows {hidden_in}"),
        1 => format!("1 more in the rows {hidden_in}"),
        h => format!("{h} more in the rows {hidden_in}"),
    };
    format!(
        " Printed here: {rows} of the {} rows, {starred} starred; {hidden}.",
        table.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::SilkRng;

    fn obs(pairs: &[(&str, Obs)]) -> GameObs {
        let mut v: GameObs = vec![("share.cut_short".into(), Obs::Rate(false))];
        v.extend(pairs.iter().map(|(n, o)| (n.to_string(), *o)));
        v
    }

    /// Two runs whose games share most of their variation: each game's value is a common
    /// part plus a little of its own, and the variant adds 0.3. The paired interval finds the
    /// shift that two independent intervals would bury in the common part's spread.
    #[test]
    fn pairing_finds_a_small_shift_that_the_common_noise_hides() {
        let mut rng = SilkRng::seed_from(5);
        let mut paired = Paired::default();
        let mut unpaired_sd_sum = 0.0;
        let n = 200;
        for _ in 0..n {
            let common = (rng.next_u64() % 1000) as f64 / 100.0; // 0–10
            let own = |rng: &mut SilkRng| (rng.next_u64() % 100) as f64 / 100.0; // 0–1
            let a = common + own(&mut rng);
            let b = common + own(&mut rng) + 0.3;
            unpaired_sd_sum += (a - 5.5).powi(2);
            paired.add(
                &obs(&[("rounds", Obs::Mean(a))]),
                &obs(&[("rounds", Obs::Mean(b))]),
            );
        }
        let d = &paired.finish()["rounds"];
        assert_eq!(d.pairs, n);
        assert!((d.value - 0.3).abs() < 0.1, "{d:?}");
        assert!(d.clear && d.p.is_some_and(|p| p < 1e-6), "{d:?}");
        // Unpaired, each run's standard error alone is about sd/√n ≈ 2.9/14 ≈ 0.2: the
        // difference's interval would be about ±0.57 and include 0.
        let unpaired_se = (unpaired_sd_sum / n as f64).sqrt() / (n as f64).sqrt();
        assert!(1.96 * (2.0 * unpaired_se * unpaired_se).sqrt() > 0.3);
    }

    #[test]
    fn a_share_pairs_as_the_mean_of_zero_one_differences() {
        let mut paired = Paired::default();
        // 10 games: the variant wins 3 games the base lost, loses 1 the base won.
        for g in 0..10 {
            let (a, b) = match g {
                0..=2 => (false, true),
                3 => (true, false),
                _ => (g % 2 == 0, g % 2 == 0),
            };
            paired.add(
                &obs(&[("win.seat1", Obs::Rate(a))]),
                &obs(&[("win.seat1", Obs::Rate(b))]),
            );
        }
        let d = &paired.finish()["win.seat1"];
        assert!((d.value - 0.2).abs() < 1e-12);
        assert_eq!(d.pairs, 10);
    }

    #[test]
    fn a_metric_missing_from_a_normal_game_reads_zero_but_other_measures_are_left_out() {
        let mut paired = Paired::default();
        paired.add(
            &obs(&[("metric.x", Obs::Mean(4.0)), ("win.bot.a", Obs::Rate(true))]),
            &obs(&[]),
        );
        let cut = vec![("share.cut_short".to_string(), Obs::Rate(true))];
        paired.add(&obs(&[("metric.x", Obs::Mean(2.0))]), &cut);
        let out = paired.finish();
        assert_eq!(out["metric.x"].pairs, 1);
        assert_eq!(out["metric.x"].value, -4.0);
        assert!(!out.contains_key("win.bot.a"));
    }

    /// Issue 46 point 1: a stall counts no metric, and its missing metrics do not read 0 (the
    /// pair is left out), while the stall share pairs over every game; a clear change in it
    /// says the populations differ.
    #[test]
    fn issue46_a_stall_pairs_in_the_stall_share_only() {
        let mut paired = Paired::default();
        let stall = vec![
            ("share.cut_short".to_string(), Obs::Rate(false)),
            ("share.round_cap".to_string(), Obs::Rate(true)),
        ];
        for _ in 0..20 {
            paired.add(
                &obs(&[
                    ("metric.x", Obs::Mean(4.0)),
                    ("share.round_cap", Obs::Rate(false)),
                ]),
                &stall,
            );
        }
        paired.add(
            &obs(&[
                ("metric.x", Obs::Mean(4.0)),
                ("share.round_cap", Obs::Rate(false)),
            ]),
            &obs(&[
                ("metric.x", Obs::Mean(5.0)),
                ("share.round_cap", Obs::Rate(false)),
            ]),
        );
        let out = paired.finish();
        assert_eq!((out["metric.x"].pairs, out["metric.x"].value), (1, 1.0));
        assert_eq!(out["share.round_cap"].pairs, 21);
        assert!(out["share.round_cap"].clear);
        let table: BTreeMap<String, Compared> = [(
            "share.round_cap".to_string(),
            Compared {
                value: out["share.round_cap"].value,
                lo: out["share.round_cap"].lo,
                hi: out["share.round_cap"].hi,
                clear: true,
                p: out["share.round_cap"].p,
                fdr_kept: true,
                paired: true,
                pairs: 21,
            },
        )]
        .into();
        let note = TableNote::of(&table);
        assert!(note.populations_differ);
        assert!(note
            .text()
            .contains("stalls (games cut at the round cap) moves by +95.2"));
    }

    /// The ratio's paired difference is the difference of the two ratios of sums, and its
    /// interval is narrow when the two runs' games move together.
    #[test]
    fn ratios_pair_by_the_delta_method() {
        let mut paired = Paired::default();
        let mut rng = SilkRng::seed_from(9);
        let (mut xa, mut ya, mut xb, mut yb) = (0.0, 0.0, 0.0, 0.0);
        for _ in 0..300 {
            let y = 5.0 + (rng.next_u64() % 10) as f64;
            let (a, b) = (0.4 * y, 0.5 * y);
            xa += a;
            ya += y;
            xb += b;
            yb += y;
            paired.add(
                &obs(&[("vp_share.war", Obs::Ratio(a, y))]),
                &obs(&[("vp_share.war", Obs::Ratio(b, y))]),
            );
        }
        let d = &paired.finish()["vp_share.war"];
        assert!((d.value - (xb / yb - xa / ya)).abs() < 1e-12);
        // Each game's share is exactly 0.4 and 0.5: no spread at all about the ratio.
        assert!(d.hi - d.lo < 1e-6, "{d:?}");
        assert_eq!(d.p, Some(0.0));
    }

    /// Issue 44 point 20: a ratio that is 5 in every game of both runs (an auction's surplus
    /// per won auction, always 5) comes out of the sums as a difference of about −1e-16 with a
    /// standard error of 0, which read as "every pair moved by the same amount" (p = 0, starred
    /// and kept). It is a constant: difference 0, no p-value, no star, and the table's note
    /// does not count it among the measures tested.
    #[test]
    fn issue44_a_constant_ratio_with_a_rounding_error_is_not_starred() {
        let mut paired = Paired::default();
        // Won auctions per game in the base and in the variant; the surplus is 5 in each.
        for (ya, yb) in [(3.0, 4.0), (2.0, 2.0), (6.0, 1.0)] {
            paired.add(
                &obs(&[("auction.vizier.mean_surplus", Obs::Ratio(5.0 * ya, ya))]),
                &obs(&[("auction.vizier.mean_surplus", Obs::Ratio(5.0 * yb, yb))]),
            );
        }
        // The sums alone give a rounding error over a standard error of 0.
        let Some(PairAcc::Ratio(sums)) = paired.accs.get("auction.vizier.mean_surplus") else {
            panic!("a ratio")
        };
        let (_, raw, se) = ratio_estimate(sums);
        assert!(raw < 0.0 && raw > -1e-15 && se == 0.0, "{raw} {se}");
        let was = difference(3, raw, se, false);
        assert!(was.clear && was.p == Some(0.0), "as it was: {was:?}");
        let d = &paired.finish()["auction.vizier.mean_surplus"];
        assert_eq!(
            (d.value, d.lo, d.hi, d.clear, d.p),
            (0.0, 0.0, 0.0, false, None)
        );
        assert!(d.constant() && d.pairs == 3);
        // A ratio that varies from game to game is tested as before.
        let mut varied = Paired::default();
        varied.add(
            &obs(&[("r", Obs::Ratio(5.0, 1.0))]),
            &obs(&[("r", Obs::Ratio(4.0, 1.0))]),
        );
        varied.add(
            &obs(&[("r", Obs::Ratio(6.0, 1.0))]),
            &obs(&[("r", Obs::Ratio(6.0, 1.0))]),
        );
        assert!(varied.finish()["r"].p.is_some());
    }

    /// Issue 44 point 20, in the table: a constant has no p-value, takes no part in the
    /// false-discovery control and is not counted as tested; a mean equal in every pair is a
    /// constant too, while one that moved by the same amount in every pair is a finding.
    #[test]
    fn issue44_constants_are_not_tested_in_the_table_note() {
        let mut paired = Paired::default();
        for g in 0..50 {
            let x = (g % 5) as f64;
            paired.add(
                &obs(&[
                    ("same", Obs::Mean(x)),
                    ("moved", Obs::Mean(x)),
                    ("never", Obs::Rate(false)),
                ]),
                &obs(&[
                    ("same", Obs::Mean(x)),
                    ("moved", Obs::Mean(x + 1.0)),
                    ("never", Obs::Rate(false)),
                ]),
            );
        }
        let diffs = paired.finish();
        assert!(diffs["same"].constant() && diffs["never"].constant());
        assert_eq!(diffs["moved"].p, Some(0.0));
        let m = |name: &str| crate::measured::mean_of(name, "", 50, 100.0, 300.0);
        let runs: BTreeMap<String, Measured> = ["same", "moved", "never", "share.cut_short"]
            .iter()
            .map(|n| (n.to_string(), m(n)))
            .collect();
        let table = compare(&runs, &runs, &diffs);
        let note = TableNote::of(&table);
        // share.cut_short (no game cut short in either run) is a constant as well.
        assert_eq!((note.measures_tested, note.constants), (1, 3), "{note:?}");
        assert_eq!((note.starred, note.fdr_kept), (1, 1));
        assert!(
            note.text()
                .starts_with("1 measures compared (3 more differ in no game"),
            "{}",
            note.text()
        );
        assert!(!table["same"].clear && !table["same"].fdr_kept);
    }

    /// Issue 44 point 21: the note says how many of the printed rows are starred and how many
    /// stars the rows left out hold.
    #[test]
    fn issue44_the_printed_note_counts_the_stars_shown_and_hidden() {
        let c = |clear| Compared {
            value: 1.0,
            lo: 0.5,
            hi: 1.5,
            clear,
            p: Some(if clear { 0.001 } else { 0.5 }),
            fdr_kept: clear,
            paired: true,
            pairs: 10,
        };
        let table: BTreeMap<String, Compared> = [
            ("rounds", c(true)),
            ("margin", c(false)),
            ("metric.a", c(true)),
            ("metric.b", c(true)),
        ]
        .into_iter()
        .map(|(n, c)| (n.to_string(), c))
        .collect();
        let note = printed_note(&table, |n| !n.starts_with("metric."), "--all adds");
        assert_eq!(
            note,
            " Printed here: 2 of the 4 rows, 1 starred; 2 more in the rows --all adds."
        );
    }
}
