//! A value of a seat's standing learned from games (`silk learn`): one weight per feature the
//! game names ([`Heuristic::FEATURES`](crate::Heuristic::FEATURES)), kept as a JSON file
//! (`data/GAME/value.json`) that says how it was made and how well it predicts the winner.
//! The engine's [`Heuristic::estimate`](crate::Heuristic::estimate) reads the bundled one.

use crate::policy::{Features, MAX_FEATURES};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A value file: the weights and the evidence behind them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueFile {
    pub game: String,
    /// The command that made this file (run from the repository, it makes it again).
    pub command: String,
    /// The bots whose games it learned from.
    pub bots: Vec<String>,
    /// Games played, those left out (cut short, stuck, ended by a round cap, all tied), and
    /// the decisions whose features were kept.
    pub games: u64,
    pub left_out: u64,
    pub samples: u64,
    /// One weight per feature, in the game's feature order, with its standard error.
    pub features: Vec<FeatureWeight>,
    /// How well it names the winner on games it did not learn from.
    pub held_out: HeldOut,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureWeight {
    pub name: String,
    pub weight: f64,
    pub error: f64,
}

/// Predictions checked on held-out games (every fifth game): mean log-likelihood of the
/// winner per decision (natural log; higher is better), and the share of decisions at which
/// the highest value is a winner's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldOut {
    pub samples: u64,
    pub log_likelihood: f64,
    pub hits: f64,
    /// The same for a coin toss among the seats.
    pub coin_log_likelihood: f64,
    pub coin_hits: f64,
}

/// The weights of a value file, ready for a search's hot loop (`Copy`, no heap).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LearnedValue([f32; MAX_FEATURES]);

impl LearnedValue {
    /// The weights of a value file's JSON, which must name exactly `names` in order.
    pub fn parse(json: &str, names: &[&str]) -> Result<LearnedValue, String> {
        let file: ValueFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let given: Vec<&str> = file.features.iter().map(|f| f.name.as_str()).collect();
        if given != names {
            return Err(format!(
                "the value's features are {given:?}, the game's are {names:?}: learn it again"
            ));
        }
        let mut w = [0.0; MAX_FEATURES];
        for (slot, f) in w.iter_mut().zip(&file.features) {
            if !f.weight.is_finite() {
                return Err(format!(
                    "feature {}: weight {} is not a number",
                    f.name, f.weight
                ));
            }
            *slot = f.weight as f32;
        }
        Ok(LearnedValue(w))
    }

    /// The value of a seat with these features.
    pub fn of(&self, f: &Features) -> f32 {
        f.dot(&self.0)
    }
}

/// An engine's bundled value, parsed on first use. The bundled file is checked by the engine's
/// tests, so a mismatch is a build defect, reported as such.
pub fn bundled(
    cell: &'static OnceLock<LearnedValue>,
    json: &str,
    names: &[&str],
) -> &'static LearnedValue {
    cell.get_or_init(|| {
        LearnedValue::parse(json, names)
            .unwrap_or_else(|e| panic!("the bundled value file does not fit the engine: {e}"))
    })
}

/// A seat's value under an engine's bundled value file: the body of its
/// [`Heuristic::estimate`](crate::Heuristic::estimate), with a `static` cell of its own.
pub fn estimate<G: crate::Heuristic>(
    cell: &'static OnceLock<LearnedValue>,
    json: &str,
    state: &G::State,
    seat: crate::Seat,
) -> Option<f32> {
    Some(bundled(cell, json, G::FEATURES).of(&G::features(state, seat)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(names: &[&str], weights: &[f64]) -> String {
        let f = ValueFile {
            game: "test".into(),
            command: "silk learn test".into(),
            bots: vec!["greedy".into()],
            games: 10,
            left_out: 0,
            samples: 100,
            features: names
                .iter()
                .zip(weights)
                .map(|(n, &w)| FeatureWeight {
                    name: n.to_string(),
                    weight: w,
                    error: 0.1,
                })
                .collect(),
            held_out: HeldOut {
                samples: 20,
                log_likelihood: -0.5,
                hits: 0.7,
                coin_log_likelihood: -0.69,
                coin_hits: 0.5,
            },
        };
        serde_json::to_string(&f).unwrap()
    }

    #[test]
    fn a_value_weighs_the_features_it_names() {
        let v =
            LearnedValue::parse(&file(&["vp", "coins"], &[2.0, 0.5]), &["vp", "coins"]).unwrap();
        assert_eq!(v.of(&Features::of(&[3.0, 4.0])), 8.0);
    }

    #[test]
    fn a_value_for_other_features_is_refused() {
        let e = LearnedValue::parse(&file(&["vp"], &[2.0]), &["vp", "coins"]).unwrap_err();
        assert!(e.contains("learn it again"), "{e}");
        let e = LearnedValue::parse(&file(&["coins", "vp"], &[1.0, 2.0]), &["vp", "coins"]);
        assert!(e.is_err(), "the order counts");
    }
}
