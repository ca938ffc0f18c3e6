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
//!
//! Besides the per-game counters, an engine may count **per-player measures** seat by seat
//! ([`Observe::PLAYER_MEASURES`], named `player.<measure>`) in [`SeatCounters`], a fixed array:
//! what each seat sold, won, gained — so the lab can ask whether winners do more of it.

pub use crate::counters::{
    Counters, Key, MetricCounts, Names, SeatCounters, MAX_METRICS, MAX_PLAYER_MEASURES,
};
use crate::game::Game;
use crate::seat::Seat;

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
/// events ("times"); [`unit()`] looks a name up.
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
    // Each auction point's counters (`auction.<point>.<counter>`, silk-trade's report).
    for (suffix, unit) in [
        (".price_wealth_permille", "‰ of wealth"),
        (".surplus_sum", "price units"),
        (".held", "auctions"),
    ] {
        if name.starts_with("auction.") && name.ends_with(suffix) {
            return unit;
        }
    }
    UNITS
        .iter()
        .find(|(key, _)| *key == name || (key.ends_with(['.', '@', '_']) && name.starts_with(key)))
        .map_or("times", |(_, unit)| unit)
}

/// A kind of decision, for the lab's table-time model: a player bids faster than they plan a
/// turn. `seconds` is the default time a decision of this kind takes at a real table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecisionKind {
    pub name: &'static str,
    pub seconds: f64,
    pub about: &'static str,
    /// Batched kinds: the seconds of each further decision of this kind that the same player
    /// takes straight after the first. An engine may split one table action into many
    /// decisions (a city's labourers set to work one by one); at the table they are one move.
    pub then: Option<f64>,
}

impl DecisionKind {
    pub const fn new(name: &'static str, seconds: f64, about: &'static str) -> DecisionKind {
        DecisionKind {
            name,
            seconds,
            about,
            then: None,
        }
    }

    /// This kind, batched: `then` seconds for each further decision in a row (see
    /// [`DecisionKind::then`]).
    pub const fn batched(self, then: f64) -> DecisionKind {
        DecisionKind {
            then: Some(then),
            ..self
        }
    }
}

/// The kinds of decision an engine without its own list has.
pub const ONE_KIND: &[DecisionKind] = &[DecisionKind::new("decision", 10.0, "any decision")];

/// At most this many decision kinds per engine (the lab counts them in a fixed array).
pub const MAX_DECISION_KINDS: usize = 16;

/// The prefix of every per-player measure's name (`player.sales`).
pub const PLAYER_PREFIX: &str = "player.";

/// The sole leader of a standing: the one seat strictly ahead of every other (none when the
/// top is shared or nobody is counted). The lab counts lead changes with it after every round
/// ([`Observe::leader`]).
pub fn sole_leader(standing: &[i64]) -> Option<usize> {
    // One pass without branches (who leads is unpredictable): the best so far, where, and
    // whether another seat equals it.
    let (mut best, mut at, mut shared) = (i64::MIN, 0, false);
    for (i, &v) in standing.iter().enumerate() {
        let more = v > best || i == 0;
        shared = !more & (shared | (v == best));
        at = if more { i } else { at };
        best = best.max(v);
    }
    (!standing.is_empty() && !shared).then_some(at)
}

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

    /// The names of the metrics [`Observe::observe`] counts by number (0, 1, 2, …), the same
    /// for every state of one config (the lab asks once per run).
    fn metric_names(state: &Self::State) -> Vec<String> {
        let _ = state;
        Vec::new()
    }

    /// The per-player measures [`Observe::observe`] counts seat by seat, by number (at most
    /// [`MAX_PLAYER_MEASURES`]), each named `player.<measure>` (see docs/lab.md).
    const PLAYER_MEASURES: &'static [&'static str] = &[];

    /// Updates counters for one event; `state` is the state after it. Count by number
    /// (`c.add(id, v)`, named by [`Observe::metric_names`], at most [`MAX_METRICS`]). The seat an
    /// event is about counts its share in `seats` (numbered by [`Observe::PLAYER_MEASURES`]).
    fn observe(
        state: &Self::State,
        event: &Self::Event,
        counters: &mut MetricCounts,
        seats: &mut SeatCounters,
    ) {
        let _ = (state, event, counters, seats);
    }

    /// Counts what `event` means from the event alone, as the engine emits it: the lab's event
    /// sink calls this at each emit site, where it folds to a few increments and the event is
    /// never kept. What needs the state after the action goes in [`Observe::observe`], for the
    /// events [`Observe::observes`] keeps. A consumer that keeps every event calls both
    /// ([`Observe::observe_all`]).
    #[inline]
    fn count_emitted(event: &Self::Event, counters: &mut MetricCounts, seats: &mut SeatCounters) {
        let _ = (event, counters, seats);
    }

    /// Everything `event` counts, `state` being the state after it: [`Observe::count_emitted`]
    /// and [`Observe::observe`].
    fn observe_all(
        state: &Self::State,
        event: &Self::Event,
        counters: &mut MetricCounts,
        seats: &mut SeatCounters,
    ) {
        Self::count_emitted(event, counters, seats);
        Self::observe(state, event, counters, seats);
    }

    /// Per-player measures read once from the state a game ended in (what a seat holds at the
    /// end rather than what it did), after every event was observed.
    fn observe_end(state: &Self::State, seats: &mut SeatCounters) {
        let _ = (state, seats);
    }

    /// Whether [`Observe::observe`] may count anything for `event`: the lab keeps only these
    /// events of a simulated game (what [`Observe::count_emitted`] counts needs none kept). Each
    /// emit site of an engine knows its event, so this test folds away where the lab's buffer is
    /// inlined. Checked by `conformance::check_observes`: an event it turns away must count
    /// nothing.
    #[inline]
    fn observes(event: &Self::Event) -> bool {
        let _ = event;
        true
    }

    /// The branches of the rules `silk coverage` counts (see [`Branch`](crate::Branch)), at
    /// most `MAX_BRANCHES` (160, checked by `conformance::check_coverage`); the lab adds one
    /// per decision kind itself.
    const BRANCHES: &'static [crate::coverage::Branch] = &[];

    /// Hits the branches of [`Observe::BRANCHES`] that `action`, just applied by `seat`, took
    /// (`state` is the state after it). Every action hits at least one (checked by
    /// `conformance::check_coverage`).
    #[inline]
    fn cover_action(
        state: &Self::State,
        seat: Seat,
        action: &Self::Action,
        hits: &mut crate::coverage::Hits,
    ) {
        let _ = (state, seat, action, hits);
    }

    /// Hits the branches `event` took, from the event alone: the lab counts it as the engine
    /// emits it (the state is then being changed), so an event no metric reads is never kept
    /// and each emit site's count folds to one increment. A branch that needs the state is
    /// hit by [`Observe::cover_action`]. Every event hits at least one, whether
    /// [`Observe::observes`] keeps it or not.
    #[inline]
    fn cover_event(event: &Self::Event, hits: &mut crate::coverage::Hits) {
        let _ = (event, hits);
    }

    /// What [`Observe::standing`] counts, for a person reading it (`silk replay --timeline`).
    const STANDING: &'static str = "provisional score";

    /// Each seat's provisional score, for lead changes (empty: not tracked).
    fn standing(state: &Self::State, out: &mut Vec<i64>) {
        let _ = state;
        out.clear();
    }

    /// The sole leader of the standing ([`sole_leader`] of
    /// [`Observe::standing`]), which the lab asks at every round's end to count lead changes.
    /// An engine may answer without building the standing (`buf` is scratch for those that
    /// do); `conformance::check_leader` holds it to the standing's answer.
    #[inline]
    fn leader(state: &Self::State, buf: &mut Vec<i64>) -> Option<usize> {
        Self::standing(state, buf);
        sole_leader(buf)
    }

    /// What [`Observe::score`] counts, for the timeline's score column.
    const SCORE: &'static str = Self::STANDING;

    /// Each seat's score in the game's own unit (VP, prestige, points) for the timeline of
    /// standings; by default the standing itself.
    fn score(state: &Self::State, out: &mut Vec<i64>) {
        Self::standing(state, out);
    }

    /// What [`Observe::coins`] counts (empty: the game has no coins).
    const COINS: &'static str = "";

    /// Each seat's coins for the timeline of standings (empty: the game has none).
    fn coins(state: &Self::State, out: &mut Vec<i64>) {
        let _ = state;
        out.clear();
    }

    /// Where the game uses a mechanic the engines share (an auction, a route), and the
    /// parameter that selects its format (empty: none).
    fn mechanics() -> Vec<MechanicUse> {
        Vec::new()
    }
}

/// One use of a shared mechanic in a game: `silk mechanics` lists them and
/// `silk compare --mechanic` plays each of `choices` through `param`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MechanicUse {
    /// `auction`, `route`.
    pub mechanic: &'static str,
    /// Short name of the place, for metric names (`auction.<key>.*`).
    pub key: &'static str,
    /// Where in the game, in the rules' words.
    pub about: &'static str,
    /// The config parameter (under `params`) that selects the format; `None`: fixed by the
    /// rules, with `about` saying why.
    pub param: Option<&'static str>,
    /// The rules' choice.
    pub default: String,
    /// Every value `param` accepts, the rules' first.
    pub choices: Vec<String>,
    /// What the lot is worth to its winner, for the surplus measure (auctions only).
    pub value: Option<&'static str>,
}

/// Declares an engine's fixed metrics: an enum whose variants number them, with their names
/// in `NAMES` (see [`Observe::metric_names`]).
#[macro_export]
macro_rules! metric_ids {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($variant:ident = $text:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name { $($variant),* }
        impl $name {
            /// The metric names, by number.
            pub const NAMES: &'static [&'static str] = &[$($text),*];
        }
        impl From<$name> for usize {
            #[inline]
            fn from(m: $name) -> usize {
                m as usize
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_by_name_then_by_prefix() {
        assert_eq!(unit("auction.bids"), "bids");
        assert_eq!(unit("auction.no_bid"), "auctions");
        assert_eq!(unit("auction.lot.surplus_sum"), "price units");
        assert_eq!(unit("auction.leader.price_wealth_permille"), "‰ of wealth");
        assert_eq!(unit("sold@Samarkand"), "goods");
        assert_eq!(unit("gold.cards_spent"), "cards");
        assert_eq!(unit("gold.spent"), "gold tokens");
        assert_eq!(unit("reserves.blind"), "reserves");
        assert_eq!(unit("no.such.counter"), "times");
    }
}
