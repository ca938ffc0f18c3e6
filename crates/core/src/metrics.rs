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

/// What each counter counts, for a report's axis: `(name, unit)`, where a name ending in `.`,
/// `@` or `_` covers every counter it begins (`sold@Samarkand`). A counter not listed counts
/// events ("times"); [`unit`] looks a name up.
pub const UNITS: &[(&str, &str)] = &[
    ("auction.bids", "bids"),
    ("decisions.", "decisions"),
    ("auction.win_sum", "coins"),
    ("auction.win_wealth_permille", "‰ of wealth"),
    ("auction.", "auctions"),
    ("leader.", "auctions"),
    ("lot.", "auctions"),
    ("goods.", "goods"),
    ("sold@", "goods"),
    ("bought@", "goods"),
    ("silver.", "silver"),
    ("tile.", "tile uses"),
    ("bought.", "purchases"),
    ("sold.", "sales"),
    ("coins.", "coins"),
    ("income.total", "coins"),
    ("travel.spent", "coins"),
    ("toll.paid", "coins"),
    ("toll.refused", "tolls"),
    ("treasury.added", "coins"),
    ("city_sales.coins", "coins"),
    ("city_sales.count", "sales"),
    ("city_sales.refused", "offers"),
    ("route.cost_sum", "coins"),
    ("route.", "routes"),
    ("attack.plunder", "coins"),
    ("attack.soldiers_lost", "soldiers"),
    ("attack.count", "attacks"),
    ("barbarians.strength", "strength"),
    ("barbarians.penalized_players", "players"),
    ("barbarians.soldiers_lost", "soldiers"),
    ("barbarians.", "raids"),
    ("fall.golden_age", "coins"),
    ("fall.count", "falls"),
    ("grow.count", "growths"),
    ("improvement.built", "improvements"),
    ("gathered", "resources"),
    ("dev.", "cards"),
    ("vp.", "victory points"),
    ("cards.", "cards"),
    ("gold.cards_spent", "cards"),
    ("gold.", "gold tokens"),
    ("gems.", "gems"),
    ("resource.", "resource units"),
    ("orient.nobles_reserved", "nobles"),
    ("orient.", "cards"),
    ("strongholds.", "strongholds"),
    ("reserves", "reserves"),
    ("reserves.", "reserves"),
    ("nobles", "nobles"),
    ("cities.claimed", "cities"),
    ("posts", "trading posts"),
    ("passes", "passes"),
    ("prize.", "prizes"),
];

/// The unit of counter `name` (see [`UNITS`]): the first entry that names it or begins it.
pub fn unit(name: &str) -> &'static str {
    UNITS
        .iter()
        .find(|(key, _)| *key == name || (key.ends_with(['.', '@', '_']) && name.starts_with(key)))
        .map_or("times", |(_, unit)| unit)
}

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

#[cfg(test)]
mod tests {
    use super::unit;

    #[test]
    fn units_by_name_then_by_prefix() {
        assert_eq!(unit("auction.bids"), "bids");
        assert_eq!(unit("auction.no_bid"), "auctions");
        assert_eq!(unit("sold@Samarkand"), "goods");
        assert_eq!(unit("gold.cards_spent"), "cards");
        assert_eq!(unit("gold.spent"), "gold tokens");
        assert_eq!(unit("reserves.blind"), "reserves");
        assert_eq!(unit("no.such.counter"), "times");
    }
}
