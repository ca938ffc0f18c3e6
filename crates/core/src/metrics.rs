//! Per-engine metrics for the playtest lab: an engine says what its events mean for a designer
//! (auction prices, goods sold, falls and rises) by implementing [`Observe`].
//!
//! Counters are integers so that sums over thousands of games, in any order and on any number of
//! threads, are exact and reproducible. Shared-mechanic names (`auction.*`, `route.*`) let the
//! lab compare the same mechanic across games:
//! - `auction.count`, `auction.won`, `auction.no_bid`, `auction.bids`, `auction.win_sum`,
//!   `auction.win_wealth_permille` (winning bid as ‰ of the winner's wealth, summed over the
//!   `auction.won` auctions that had a winner)
//! - `route.count`, `route.cost_sum`, `income.total`, `travel.spent`
//! - `resource.taken` (resource units a player gains from the common supply) and
//!   `resource.converted` (units spent on something lasting: cards, buildings)

use crate::game::Game;
use std::collections::BTreeMap;

/// Ratios of two summed counters that a report shows with a unit instead of the raw sums:
/// `(name, numerator, denominator, scale, unit)`, value = scale × Σ numerator / Σ denominator.
pub const RATIOS: &[(&str, &str, &str, f64, &str)] = &[
    (
        "auction.winning_bid_share_of_wealth",
        "auction.win_wealth_permille",
        "auction.won",
        0.1,
        "% of the winner's wealth, mean over won auctions",
    ),
    (
        "auction.mean_winning_bid",
        "auction.win_sum",
        "auction.won",
        1.0,
        "coins per won auction",
    ),
    (
        "auction.no_bid_share",
        "auction.no_bid",
        "auction.count",
        100.0,
        "% of auctions",
    ),
    (
        "route.mean_cost",
        "route.cost_sum",
        "route.count",
        1.0,
        "coins per route",
    ),
    (
        "travel.share_of_income",
        "travel.spent",
        "income.total",
        100.0,
        "% of income",
    ),
    (
        "resource.converted_share",
        "resource.converted",
        "resource.taken",
        100.0,
        "% of resources taken (less returns)",
    ),
];

/// Named integer counters of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Counters(pub BTreeMap<String, i64>);

impl Counters {
    pub fn add(&mut self, key: &str, v: i64) {
        match self.0.get_mut(key) {
            Some(x) => *x += v,
            None => {
                self.0.insert(key.to_string(), v);
            }
        }
    }
    pub fn incr(&mut self, key: &str) {
        self.add(key, 1);
    }
    pub fn get(&self, key: &str) -> i64 {
        self.0.get(key).copied().unwrap_or(0)
    }
}

/// A kind of decision, for the lab's table-time model: a player bids faster than they plan a
/// turn. `seconds` is the default time a decision of this kind takes at a real table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecisionKind {
    pub name: &'static str,
    pub seconds: f64,
    pub about: &'static str,
}

impl DecisionKind {
    pub const fn new(name: &'static str, seconds: f64, about: &'static str) -> DecisionKind {
        DecisionKind {
            name,
            seconds,
            about,
        }
    }
}

/// The kinds of decision an engine without its own list has.
pub const ONE_KIND: &[DecisionKind] = &[DecisionKind::new("decision", 10.0, "any decision")];

/// At most this many decision kinds per engine (the lab counts them in a fixed array).
pub const MAX_DECISION_KINDS: usize = 16;

/// What an engine reports to the lab. Every method has a neutral default.
pub trait Observe: Game {
    /// The kinds of decision the game has, at most [`MAX_DECISION_KINDS`]; the lab counts them
    /// per game as `decisions.<name>`.
    const DECISION_KINDS: &'static [DecisionKind] = ONE_KIND;

    /// The index in [`Observe::DECISION_KINDS`] of the decision that chose `action`.
    fn decision_kind(action: &Self::Action) -> usize {
        let _ = action;
        0
    }

    /// Updates counters for one event; `state` is the state after it.
    fn observe(state: &Self::State, event: &Self::Event, counters: &mut Counters) {
        let _ = (state, event, counters);
    }

    /// Each seat's provisional score, for lead changes (empty: not tracked).
    fn standing(state: &Self::State, out: &mut Vec<i64>) {
        let _ = state;
        out.clear();
    }
}
