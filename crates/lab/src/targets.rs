//! A designer's targets (a JSON file) and the gap report: how far a design misses each.
//!
//! ```json
//! {
//!   "time": { "setup_minutes": 10, "seconds": { "bid": 6 } },
//!   "targets": [
//!     { "name": "fair first player", "measure": "first_mover_advantage", "between": [-0.02, 0.02] },
//!     { "measure": "minutes", "between": [60, 90] },
//!     { "measure": "share.cut_short", "at_most": 0 },
//!     { "measure": "vp_share.max", "at_most": 0.5 },
//!     { "measure": "win.bot.max", "at_most": 0.6 }
//!   ]
//! }
//! ```
//!
//! A target's **miss** is how far the estimate lies outside its band, in the measure's unit;
//! its **normalised miss** divides that by the target's `scale`: by default the band's width,
//! else the size of its bound, else 0.05 for a share and 1 for a count. Gaps are ranked by
//! normalised miss; `silk tune` minimises their sum.

use crate::measured::{Kind, Measured};
use crate::time::TimeSpec;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetsFile {
    #[serde(default)]
    pub time: TimeSpec,
    pub targets: Vec<Target>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// A label for the report (default: the measure and its band).
    #[serde(default)]
    pub name: Option<String>,
    /// A measure name (see [`MEASURES`]).
    pub measure: String,
    #[serde(default)]
    pub between: Option<[f64; 2]>,
    #[serde(default)]
    pub at_least: Option<f64>,
    #[serde(default)]
    pub at_most: Option<f64>,
    /// What a miss of 1 normalised unit is, in the measure's unit.
    #[serde(default)]
    pub scale: Option<f64>,
}

/// The measures a target may name: exact names, and families by prefix.
pub const MEASURES: &[(&str, &str)] = &[
    (
        "first_mover_advantage",
        "first mover's win rate minus 1/N (share)",
    ),
    (
        "win.first_mover",
        "first mover's win rate (share of the decided games)",
    ),
    (
        "win.seat<N>",
        "seat N's win rate (share of the decided games)",
    ),
    (
        "win.bot.<bot>",
        "a bot's win rate, per game it plays (share)",
    ),
    ("win.bot.max", "the best bot's win rate (share)"),
    (
        "share.round_cap",
        "stalls: games the rules' round cap cut before anyone reached the goal (share of all \
         games)",
    ),
    (
        "share.stuck",
        "games ended stuck, no winner (share of all games)",
    ),
    (
        "share.unfinished",
        "games cut at the decision cap (share of all games)",
    ),
    (
        "share.forfeit",
        "games a player outside silk forfeited (share of all games)",
    ),
    (
        "share.cut_short",
        "games stuck, cut or forfeited (share of all games)",
    ),
    (
        "share.tie",
        "games with a shared first place (share of the decided games)",
    ),
    (
        "minutes",
        "table minutes per game (the time model), decided games",
    ),
    ("rounds", "rounds per game, decided games"),
    ("decisions", "decisions per game, decided games"),
    (
        "all_games.minutes",
        "table minutes per game played, all games (stalls, stuck and cut short included)",
    ),
    (
        "all_games.rounds",
        "rounds per game, all games (stalls included)",
    ),
    (
        "all_games.decisions",
        "decisions per game, all games (stalls included)",
    ),
    (
        "margin",
        "winner's score minus the runner-up's, decided games",
    ),
    (
        "lead_changes",
        "changes of the sole leader per game, decided games",
    ),
    ("metric.<name>", "an engine metric per decided game"),
    (
        "vp_share.<source>",
        "share of all VP from a source (Cities: vp.from_<source>)",
    ),
    ("vp_share.max", "the largest VP source's share"),
    (
        "winners.player.<measure>",
        "the winners' mean of a per-player measure minus the other seats' (docs/lab.md)",
    ),
    (
        "<ratio>",
        "a ratio metric (auction.no_bid_share, route.mean_cost, …)",
    ),
];

fn known(measure: &str) -> bool {
    let exact = MEASURES.iter().any(|(m, _)| *m == measure);
    let family = [
        "win.seat",
        "win.bot.",
        "metric.",
        "vp_share.",
        "winners.player.",
    ]
    .iter()
    .any(|p| measure.len() > p.len() && measure.starts_with(p));
    let ratio = silk_core::metrics::RATIOS
        .iter()
        .any(|(name, ..)| *name == measure);
    exact || family || ratio
}

impl Target {
    /// The band `[lo, hi]` (either end may be infinite).
    pub fn band(&self) -> (f64, f64) {
        match (self.between, self.at_least, self.at_most) {
            (Some([a, b]), _, _) => (a, b),
            (None, lo, hi) => (lo.unwrap_or(f64::NEG_INFINITY), hi.unwrap_or(f64::INFINITY)),
        }
    }

    pub fn label(&self) -> String {
        if let Some(n) = &self.name {
            return n.clone();
        }
        let (a, b) = self.band();
        match (a.is_finite(), b.is_finite()) {
            (true, true) => format!("{} in {}–{}", self.measure, num(a), num(b)),
            (true, false) => format!("{} ≥ {}", self.measure, num(a)),
            _ => format!("{} ≤ {}", self.measure, num(b)),
        }
    }

    fn scale(&self, kind: Kind) -> f64 {
        if let Some(s) = self.scale {
            return s;
        }
        let (a, b) = self.band();
        if a.is_finite() && b.is_finite() && b > a {
            b - a
        } else {
            let bound = if a.is_finite() { a } else { b };
            if bound != 0.0 {
                bound.abs()
            } else if kind == Kind::Rate {
                0.05
            } else {
                1.0
            }
        }
    }

    fn check(&self) -> Result<(), String> {
        if !known(&self.measure) {
            return Err(format!(
                "unknown measure {:?} (measures: {})",
                self.measure,
                MEASURES
                    .iter()
                    .map(|(m, _)| *m)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let given = [
            self.between.is_some(),
            self.at_least.is_some() || self.at_most.is_some(),
        ];
        if given == [false, false] {
            return Err(format!(
                "{}: give between [lo, hi], at_least or at_most",
                self.measure
            ));
        }
        if given == [true, true] {
            return Err(format!(
                "{}: between, or at_least/at_most, not both",
                self.measure
            ));
        }
        let (a, b) = self.band();
        if a.is_nan() || b.is_nan() || a > b {
            return Err(format!(
                "{}: the band {}–{} is empty",
                self.measure,
                num(a),
                num(b)
            ));
        }
        if let Some(s) = self.scale {
            if !(s.is_finite() && s > 0.0) {
                return Err(format!("{}: scale must be above 0", self.measure));
            }
        }
        Ok(())
    }
}

fn num(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// Reads and checks a targets file; errors name the file and the place.
pub fn read_targets(path: &Path) -> Result<TargetsFile, String> {
    let text = silk_core::files::read_text(path, silk_core::files::Limit::DATA)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    parse_targets(&text).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn parse_targets(text: &str) -> Result<TargetsFile, String> {
    let file: TargetsFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if file.targets.is_empty() {
        return Err("no targets".into());
    }
    for (i, t) in file.targets.iter().enumerate() {
        t.check().map_err(|e| format!("targets[{i}]: {e}"))?;
    }
    Ok(file)
}

/// Whether the design meets a target, and how sure the run is of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The whole interval lies outside the band.
    Missed,
    /// The estimate lies outside the band, the interval reaches into it.
    MissedUnsure,
    /// The estimate lies in the band, the interval reaches out of it.
    MetUnsure,
    /// The whole interval lies in the band.
    Met,
    /// No game gave the measure (a metric the engine never counted, no first mover reported).
    NoData,
}

impl Verdict {
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Missed => "missed",
            Verdict::MissedUnsure => "missed (not sure)",
            Verdict::MetUnsure => "met (not sure)",
            Verdict::Met => "met",
            Verdict::NoData => "no data",
        }
    }
}

/// One target, as the run measured it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gap {
    pub target: String,
    pub measure: String,
    pub band: (f64, f64),
    pub measured: Option<Measured>,
    /// Distance of the estimate outside the band, in the measure's unit (0 when inside).
    pub miss: f64,
    /// `miss / scale`: what the ranking and `silk tune` use.
    pub normalised: f64,
    /// What a miss of one normalised unit is, in the measure's unit.
    pub scale: f64,
    pub verdict: Verdict,
}

/// Every target against the measures of a run, ranked by normalised miss (worst first).
pub fn gaps(targets: &[Target], measures: &BTreeMap<String, Measured>) -> Vec<Gap> {
    let mut out: Vec<Gap> = targets
        .iter()
        .map(|t| {
            let (a, b) = t.band();
            let m = measures.get(&t.measure).filter(|m| m.n > 0);
            let Some(m) = m else {
                return Gap {
                    target: t.label(),
                    measure: t.measure.clone(),
                    band: (a, b),
                    measured: None,
                    miss: 0.0,
                    normalised: 0.0,
                    scale: 1.0,
                    verdict: Verdict::NoData,
                };
            };
            let miss = (a - m.value).max(m.value - b).max(0.0);
            // A share with no game on the wrong side of a zero-tolerance bound (`at_most: 0`,
            // `at_least: 1`): no finite run narrows its interval further, so it is met.
            let none_broke = m.kind == Kind::Rate
                && ((b == 0.0 && m.value == 0.0) || (a == 1.0 && m.value == 1.0));
            let verdict = if m.hi < a || m.lo > b {
                Verdict::Missed
            } else if miss > 0.0 {
                Verdict::MissedUnsure
            } else if none_broke || (m.lo >= a && m.hi <= b) {
                Verdict::Met
            } else {
                Verdict::MetUnsure
            };
            Gap {
                target: t.label(),
                measure: t.measure.clone(),
                band: (a, b),
                miss,
                normalised: miss / t.scale(m.kind),
                scale: t.scale(m.kind),
                measured: Some(m.clone()),
                verdict,
            }
        })
        .collect();
    out.sort_by(|x, y| {
        y.normalised
            .total_cmp(&x.normalised)
            .then(x.verdict.cmp(&y.verdict))
    });
    out
}

/// What `silk tune` minimises: the sum of the normalised misses (0 when every target is met).
pub fn total_miss(gaps: &[Gap]) -> f64 {
    gaps.iter().map(|g| g.normalised).sum()
}

/// The range [`total_miss`] takes as each measure moves over its 95% interval: each target's
/// normalised miss at the nearest and the farthest end of the interval, summed. A range, not
/// a confidence interval (the measures' intervals are not joint), but it says how far the sum
/// could be from its estimate.
pub fn total_miss_range(gaps: &[Gap]) -> (f64, f64) {
    let (mut lo, mut hi) = (0.0, 0.0);
    for g in gaps {
        let Some(m) = &g.measured else { continue };
        let (a, b) = g.band;
        let scale = g.scale;
        let near = (a - m.hi).max(m.lo - b).max(0.0);
        let far = (a - m.lo).max(m.hi - b).max(0.0);
        // An unknown interval (−∞, ∞) says nothing: keep the estimate's own miss.
        let (near, far) = if m.lo.is_finite() && m.hi.is_finite() {
            (near, far.max(g.miss))
        } else {
            (g.miss, g.miss)
        };
        lo += near.min(g.miss) / scale;
        hi += far / scale;
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measured::Kind;

    fn m(name: &str, kind: Kind, value: f64, lo: f64, hi: f64) -> (String, Measured) {
        (
            name.to_string(),
            Measured {
                name: name.into(),
                about: String::new(),
                kind,
                value,
                lo,
                hi,
                n: 100,
                se: 0.0,
            },
        )
    }

    #[test]
    fn gaps_are_ranked_by_normalised_miss_with_a_verdict() {
        let file = parse_targets(
            r#"{"targets": [
                {"measure": "minutes", "between": [60, 90]},
                {"measure": "share.cut_short", "at_most": 0},
                {"measure": "vp_share.max", "at_most": 0.5},
                {"measure": "rounds", "at_least": 10}
            ]}"#,
        )
        .unwrap();
        let measures: BTreeMap<_, _> = [
            m("minutes", Kind::Mean, 120.0, 115.0, 125.0), // 30 over, scale 30 → 1
            m("share.cut_short", Kind::Rate, 0.02, 0.01, 0.04), // 0.02 / 0.05 → 0.4
            m("vp_share.max", Kind::Ratio, 0.45, 0.40, 0.55), // inside, interval out
            m("rounds", Kind::Mean, 12.0, 11.0, 13.0),     // met
        ]
        .into();
        let g = gaps(&file.targets, &measures);
        let order: Vec<&str> = g.iter().map(|g| g.measure.as_str()).collect();
        assert_eq!(
            order,
            ["minutes", "share.cut_short", "vp_share.max", "rounds"]
        );
        assert_eq!(g[0].verdict, Verdict::Missed);
        assert!((g[0].normalised - 1.0).abs() < 1e-12);
        assert!((g[1].normalised - 0.4).abs() < 1e-12);
        assert_eq!(g[2].verdict, Verdict::MetUnsure);
        assert_eq!(g[3].verdict, Verdict::Met);
        assert!((total_miss(&g) - 1.4).abs() < 1e-12);
    }

    /// Issue 32: a zero-tolerance target measured at 0 of 1 000 games is met (the Wilson
    /// lower bound at k = 0 is 0, not a rounding error above it).
    #[test]
    fn issue32_at_most_zero_with_no_game_is_met() {
        let file = parse_targets(r#"{"targets": [{"measure": "share.cut_short", "at_most": 0}]}"#)
            .unwrap();
        let (lo, hi) = crate::stats::wilson(0, 1000);
        let measures: BTreeMap<_, _> = [m("share.cut_short", Kind::Rate, 0.0, lo, hi)].into();
        let g = gaps(&file.targets, &measures);
        assert_eq!(g[0].verdict, Verdict::Met, "{:?}", g[0]);
        assert_eq!(g[0].miss, 0.0);
        // And 1 000 of 1 000 against "at least 1".
        let file = parse_targets(r#"{"targets": [{"measure": "share.cut_short", "at_least": 1}]}"#)
            .unwrap();
        let (lo, hi) = crate::stats::wilson(1000, 1000);
        let measures: BTreeMap<_, _> = [m("share.cut_short", Kind::Rate, 1.0, lo, hi)].into();
        assert_eq!(gaps(&file.targets, &measures)[0].verdict, Verdict::Met);
        // One game in 1 000 breaks it: missed.
        let (lo, hi) = crate::stats::wilson(1, 1000);
        let file = parse_targets(r#"{"targets": [{"measure": "share.cut_short", "at_most": 0}]}"#)
            .unwrap();
        let measures: BTreeMap<_, _> = [m("share.cut_short", Kind::Rate, 0.001, lo, hi)].into();
        assert_eq!(gaps(&file.targets, &measures)[0].verdict, Verdict::Missed);
    }

    /// The sum of misses as each measure moves over its interval: nothing when every interval
    /// lies inside its band, the far end's miss when it leaves it.
    #[test]
    fn the_total_miss_range_follows_the_intervals() {
        let file = parse_targets(
            r#"{"targets": [
                {"measure": "minutes", "between": [60, 90]},
                {"measure": "rounds", "at_least": 10}
            ]}"#,
        )
        .unwrap();
        let measures: BTreeMap<_, _> = [
            m("minutes", Kind::Mean, 95.0, 85.0, 105.0), // miss 5 of 30; 0 to 15
            m("rounds", Kind::Mean, 12.0, 11.0, 13.0),   // inside
        ]
        .into();
        let g = gaps(&file.targets, &measures);
        let (lo, hi) = total_miss_range(&g);
        assert_eq!(lo, 0.0);
        assert!((hi - 15.0 / 30.0).abs() < 1e-12, "{hi}");
        assert!(lo <= total_miss(&g) && total_miss(&g) <= hi);
    }

    #[test]
    fn a_measure_no_game_gave_is_no_data_not_met() {
        let file =
            parse_targets(r#"{"targets": [{"measure": "metric.x", "at_most": 1}]}"#).unwrap();
        let g = gaps(&file.targets, &BTreeMap::new());
        assert_eq!(g[0].verdict, Verdict::NoData);
    }

    #[test]
    fn bad_targets_are_refused_with_their_place() {
        for (text, want) in [
            (
                r#"{"targets": [{"measure": "lenght", "at_most": 1}]}"#,
                "targets[0]: unknown measure \"lenght\"",
            ),
            (
                r#"{"targets": [{"measure": "rounds"}]}"#,
                "targets[0]: rounds: give between",
            ),
            (
                r#"{"targets": [{"measure": "rounds", "between": [5, 2]}]}"#,
                "empty",
            ),
            (
                r#"{"targets": [{"measure": "rounds", "at_most": 3, "between": [1, 2]}]}"#,
                "not both",
            ),
            (r#"{"targets": []}"#, "no targets"),
            (
                r#"{"targets": [{"measure": "rounds", "at_most": 3, "colour": 1}]}"#,
                "unknown field `colour`",
            ),
        ] {
            let e = parse_targets(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
