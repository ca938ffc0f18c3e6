//! The table-time model: how long a simulated game would take real people at a table.
//!
//! Minutes of a game = `setup_minutes` + Σ over decision kinds (decisions of that kind ×
//! seconds per decision of that kind) / 60. Each engine lists its decision kinds with a default
//! time (`silk_core::metrics::Observe::DECISION_KINDS`); a designer overrides any of them, and
//! the setup time, in the `time` section of a targets file. Decisions taken at the same moment
//! by several players (sealed bids revealed together) are counted one by one, so give those
//! kinds a short time.

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
}

/// The model in force for one game: every kind with its seconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimeModel {
    pub setup_minutes: f64,
    /// `(kind, seconds per decision)`, in the engine's order.
    pub seconds: Vec<(String, f64)>,
}

/// Setup, rules reminder and final count when the designer gives none.
pub const DEFAULT_SETUP_MINUTES: f64 = 10.0;

impl TimeModel {
    /// The engine's defaults with the designer's overrides; an unknown kind or a negative or
    /// non-finite time is refused, naming it.
    pub fn new(kinds: &[DecisionKind], spec: &TimeSpec) -> Result<TimeModel, String> {
        for (name, &s) in &spec.seconds {
            if !kinds.iter().any(|k| k.name == name) {
                let names: Vec<&str> = kinds.iter().map(|k| k.name).collect();
                return Err(format!(
                    "time.seconds: unknown decision kind {name:?} (kinds: {})",
                    names.join(", ")
                ));
            }
            if !(s.is_finite() && s >= 0.0) {
                return Err(format!("time.seconds.{name}: {s} is not a time in seconds"));
            }
        }
        let setup = spec.setup_minutes.unwrap_or(DEFAULT_SETUP_MINUTES);
        if !(setup.is_finite() && setup >= 0.0) {
            return Err(format!(
                "time.setup_minutes: {setup} is not a time in minutes"
            ));
        }
        Ok(TimeModel {
            setup_minutes: setup,
            seconds: kinds
                .iter()
                .map(|k| {
                    let s = spec.seconds.get(k.name).copied().unwrap_or(k.seconds);
                    (k.name.to_string(), s)
                })
                .collect(),
        })
    }

    /// The table minutes of a game from its per-kind decision counts
    /// (`decisions.<kind>` metrics). A record without them (written before the lab counted
    /// kinds) is timed at the mean of the kinds' times per decision.
    pub fn minutes(&self, metrics: &Counters, decisions: u64) -> f64 {
        let mut counted = 0i64;
        let mut seconds = 0.0;
        for (kind, s) in &self.seconds {
            let k = metrics.get(&crate::run::decision_metric(kind));
            counted += k;
            seconds += k as f64 * s;
        }
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
        };
        let m = TimeModel::new(KINDS, &spec).unwrap();
        let mut c = Counters::default();
        c.add("decisions.bid", 20); // 20 × 6 s = 2 min
        c.add("decisions.move", 3); // 3 × 60 s = 3 min
        assert!((m.minutes(&c, 23) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn unknown_kinds_and_bad_times_are_refused() {
        let bad = TimeSpec {
            setup_minutes: None,
            seconds: [("auction".to_string(), 5.0)].into(),
        };
        assert!(TimeModel::new(KINDS, &bad)
            .unwrap_err()
            .contains("unknown decision kind \"auction\""));
        let negative = TimeSpec {
            setup_minutes: Some(-1.0),
            seconds: BTreeMap::new(),
        };
        assert!(TimeModel::new(KINDS, &negative).is_err());
    }
}
