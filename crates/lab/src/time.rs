//! The table-time model: how long a simulated game would take real people at a table.
//!
//! Minutes of a game = `setup_minutes` + Σ over decision kinds (decisions of that kind ×
//! seconds per decision of that kind) / 60. Each engine lists its decision kinds with a default
//! time (`silk_core::metrics::Observe::DECISION_KINDS`); a designer overrides any of them, and
//! the setup time, in the `time` section of a targets file. Decisions taken at the same moment
//! by several players (sealed bids revealed together) are counted one by one, so give those
//! kinds a short time.
//!
//! A **batched** kind (an engine that asks labourer by labourer what a player does in one
//! move at the table) is timed per run: the first decision of a run of that kind by one player
//! takes its `seconds`, each further one in the run its `batched_seconds`.

use serde::{Deserialize, Serialize};
use silk_core::metrics::DecisionKind;
use silk_core::Counters;
use std::collections::BTreeMap;

/// What a designer writes: every field optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeSpec {
    /// Minutes to set up, explain and count at the end: added to every game.
    #[serde(default)]
    pub setup_minutes: Option<f64>,
    /// Seconds per decision, by decision kind (`silk gaps GAME --time` lists the kinds).
    #[serde(default)]
    pub seconds: BTreeMap<String, f64>,
    /// Seconds of each further decision of a batched kind taken by the same player straight
    /// after the first, by kind.
    #[serde(default)]
    pub batched_seconds: BTreeMap<String, f64>,
}

/// The model in force for one game: every kind with its seconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimeModel {
    pub setup_minutes: f64,
    /// `(kind, seconds per decision)`, in the engine's order.
    pub seconds: Vec<(String, f64)>,
    /// `(kind, seconds of each further decision in a run)` of the batched kinds.
    pub batched_seconds: Vec<(String, f64)>,
}

/// A kind above this share of a game's decision time gets a warning: the time model then
/// rests on how finely the engine splits that kind's moves.
pub const DOMINANT_SHARE: f64 = 0.4;

/// Setup, rules reminder and final count when the designer gives none.
pub const DEFAULT_SETUP_MINUTES: f64 = 10.0;

impl TimeModel {
    /// The engine's defaults with the designer's overrides; an unknown kind or a negative or
    /// non-finite time is refused, naming it.
    pub fn new(kinds: &[DecisionKind], spec: &TimeSpec) -> Result<TimeModel, String> {
        let names: Vec<&str> = kinds.iter().map(|k| k.name).collect();
        for (field, map) in [
            ("seconds", &spec.seconds),
            ("batched_seconds", &spec.batched_seconds),
        ] {
            for (name, &s) in map {
                if !kinds.iter().any(|k| k.name == name) {
                    return Err(format!(
                        "time.{field}: unknown decision kind {name:?} (kinds: {})",
                        names.join(", ")
                    ));
                }
                if !(s.is_finite() && s >= 0.0) {
                    return Err(format!("time.{field}.{name}: {s} is not a time in seconds"));
                }
            }
        }
        let setup = spec.setup_minutes.unwrap_or(DEFAULT_SETUP_MINUTES);
        if !(setup.is_finite() && setup >= 0.0) {
            return Err(format!(
                "time.setup_minutes: {setup} is not a time in minutes"
            ));
        }
        let seconds = |k: &DecisionKind| spec.seconds.get(k.name).copied().unwrap_or(k.seconds);
        Ok(TimeModel {
            setup_minutes: setup,
            seconds: kinds
                .iter()
                .map(|k| (k.name.to_string(), seconds(k)))
                .collect(),
            // A designer may batch a kind the engine does not.
            batched_seconds: kinds
                .iter()
                .filter_map(|k| {
                    let then = spec.batched_seconds.get(k.name).copied().or(k.then)?;
                    Some((k.name.to_string(), then))
                })
                .collect(),
        })
    }

    /// Seconds of each kind in a game (setup apart), from its `decisions.<kind>` and
    /// `decision_runs.<kind>` counts (a mean per game works as well as one game's count). A
    /// batched kind without a run count (a record from before runs were counted) is timed
    /// decision by decision.
    pub fn seconds_by_kind(&self, count: impl Fn(&str) -> f64) -> Vec<(String, f64)> {
        self.seconds
            .iter()
            .map(|(kind, s)| {
                let n = count(&crate::run::decision_metric(kind));
                let then = self
                    .batched_seconds
                    .iter()
                    .find(|(k, _)| k == kind)
                    .map(|x| x.1);
                let runs = count(&crate::run::decision_run_metric(kind));
                let t = match then {
                    Some(then) if runs > 0.0 => runs * s + (n - runs).max(0.0) * then,
                    _ => n * s,
                };
                (kind.clone(), t)
            })
            .collect()
    }

    /// The kind taking more than [`DOMINANT_SHARE`] of the decision time, with its share, from
    /// mean counts per game (`count` as in [`TimeModel::seconds_by_kind`]). A model of fewer
    /// than three kinds has nothing to compare.
    pub fn dominant(&self, count: impl Fn(&str) -> f64) -> Option<(String, f64)> {
        if self.seconds.len() < 3 {
            return None;
        }
        let by_kind = self.seconds_by_kind(count);
        let total: f64 = by_kind.iter().map(|x| x.1).sum();
        let (kind, t) = by_kind.into_iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
        (total > 0.0 && t / total > DOMINANT_SHARE).then(|| (kind, t / total))
    }

    /// The table minutes of a game from its per-kind decision counts
    /// (`decisions.<kind>` metrics). A record without them (written before the lab counted
    /// kinds) is timed at the mean of the kinds' times per decision.
    pub fn minutes(&self, metrics: &Counters, decisions: u64) -> f64 {
        let by_kind = self.seconds_by_kind(|name| metrics.get(name) as f64);
        let counted: i64 = self
            .seconds
            .iter()
            .map(|(kind, _)| metrics.get(&crate::run::decision_metric(kind)))
            .sum();
        let mut seconds: f64 = by_kind.iter().map(|x| x.1).sum();
        if counted == 0 && decisions > 0 {
            let mean =
                self.seconds.iter().map(|(_, s)| s).sum::<f64>() / self.seconds.len().max(1) as f64;
            seconds = decisions as f64 * mean;
        }
        self.setup_minutes + seconds / 60.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: &[DecisionKind] = &[
        DecisionKind::new("bid", 6.0, "bids"),
        DecisionKind::new("move", 30.0, "moves"),
    ];

    #[test]
    fn minutes_are_setup_plus_each_kind_times_its_seconds() {
        let spec = TimeSpec {
            setup_minutes: Some(5.0),
            seconds: [("move".to_string(), 60.0)].into(),
            ..Default::default()
        };
        let m = TimeModel::new(KINDS, &spec).unwrap();
        let mut c = Counters::default();
        c.add("decisions.bid", 20); // 20 × 6 s = 2 min
        c.add("decisions.move", 3); // 3 × 60 s = 3 min
        assert!((m.minutes(&c, 23) - 10.0).abs() < 1e-9);
    }

    /// Issue 32: a batched kind is timed per run — its first decision at full time, each
    /// further one by the same player straight after at the batched time — and a kind that
    /// takes most of the time is named.
    #[test]
    fn issue32_batched_kinds_are_timed_per_run_and_a_dominant_kind_is_named() {
        const BATCHED: &[DecisionKind] = &[
            DecisionKind::new("bid", 6.0, "bids"),
            DecisionKind::new("produce", 6.0, "labourers").batched(1.0),
            DecisionKind::new("trade", 6.0, "trades"),
        ];
        let m = TimeModel::new(
            BATCHED,
            &TimeSpec {
                setup_minutes: Some(0.0),
                ..Default::default()
            },
        )
        .unwrap();
        let mut c = Counters::default();
        c.add("decisions.bid", 10); // 60 s
        c.add("decisions.produce", 40); // 5 runs × 6 s + 35 × 1 s = 65 s
        c.add("decision_runs.produce", 5);
        assert!((m.minutes(&c, 50) - 125.0 / 60.0).abs() < 1e-9);
        // Without a run count (an older record) it is timed decision by decision.
        let mut old = Counters::default();
        old.add("decisions.produce", 40);
        assert!((m.minutes(&old, 40) - 240.0 / 60.0).abs() < 1e-9);
        // A designer's own batching, of a kind the engine does not batch.
        let spec = TimeSpec {
            batched_seconds: [("bid".to_string(), 0.0)].into(),
            ..Default::default()
        };
        let b = TimeModel::new(BATCHED, &spec).unwrap();
        assert_eq!(b.batched_seconds.len(), 2);
        assert_eq!(b.batched_seconds[0], ("bid".to_string(), 0.0));
        // 65 s of 125 s is produce: 52%, above the warning share.
        let counts = |name: &str| c.get(name) as f64;
        let (kind, share) = m.dominant(counts).unwrap();
        assert_eq!(kind, "produce");
        assert!((share - 65.0 / 125.0).abs() < 1e-9);
        let even = |name: &str| {
            if name.starts_with("decisions.") {
                10.0
            } else {
                0.0
            }
        };
        assert_eq!(m.dominant(even), None);
    }

    #[test]
    fn unknown_kinds_and_bad_times_are_refused() {
        let bad = TimeSpec {
            seconds: [("auction".to_string(), 5.0)].into(),
            ..Default::default()
        };
        assert!(TimeModel::new(KINDS, &bad)
            .unwrap_err()
            .contains("unknown decision kind \"auction\""));
        let negative = TimeSpec {
            setup_minutes: Some(-1.0),
            ..Default::default()
        };
        assert!(TimeModel::new(KINDS, &negative).is_err());
    }
}
