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

use crate::game::Game;
use crate::seat::Seat;
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

/// The metric names of a run, by number: an engine counts by number on the hot path (an array
/// index, no string work), and the names come back only when a record is read or written.
/// Numbers that share a name (two cities of a group's map with one name) share a slot, as they
/// shared a key when counters were keyed by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Each distinct name once, by slot.
    slots: Vec<String>,
    /// The slot of each metric number.
    slot_of: Vec<u32>,
    /// The slots in name order.
    order: Vec<u32>,
    /// Some number's slot is not the number itself (a repeated name).
    aliased: bool,
}

impl Names {
    /// Names for metric numbers 0, 1, 2, … in the order given.
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Names {
        let mut n = Names::default();
        for name in names {
            n.push(name.into());
        }
        n
    }

    /// Numbers the next metric `name`; returns its slot.
    fn push(&mut self, name: String) -> usize {
        let slot = match self.find(&name) {
            Ok(at) => self.order[at] as usize,
            Err(at) => {
                self.order.insert(at, self.slots.len() as u32);
                self.slots.push(name);
                self.slots.len() - 1
            }
        };
        self.aliased |= slot != self.slot_of.len();
        self.slot_of.push(slot as u32);
        slot
    }

    /// Where `name` is (or would go) in name order.
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.order
            .binary_search_by(|&s| self.slots[s as usize].as_str().cmp(name))
    }

    /// The slot of `name`, if named.
    pub fn slot(&self, name: &str) -> Option<usize> {
        self.find(name).ok().map(|at| self.order[at] as usize)
    }

    /// Metric numbers named.
    pub fn len(&self) -> usize {
        self.slot_of.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slot_of.is_empty()
    }

    /// Distinct names (slots).
    pub fn slots(&self) -> &[String] {
        &self.slots
    }
}

/// What [`Counters::add`] counts into: a metric's number (the fast way, see
/// [`Observe::metric_names`]) or its name.
pub trait Key: Sized {
    /// The counter's slot, naming it first if need be.
    fn slot(self, c: &mut Counters) -> usize;

    /// Adds `v` to the counter ([`Counters::add`]).
    #[inline]
    fn add_to(self, c: &mut Counters, v: i64) {
        let slot = self.slot(c);
        c.add_at(slot, v);
    }
}

impl Key for usize {
    #[inline]
    fn slot(self, c: &mut Counters) -> usize {
        // Without repeated names a number is its slot: no lookup on the hot path.
        if c.direct && self < c.values.len() {
            return self;
        }
        aliased_slot(self, c)
    }

    /// A number's add, as an engine inlines it at each counting site: a check and a
    /// branch-free add; repeated names and a number beyond the names go out of line.
    #[inline]
    fn add_to(self, c: &mut Counters, v: i64) {
        if c.direct {
            if let Some(x) = c.values.get_mut(self) {
                *x = Some(x.unwrap_or(0).saturating_add(v));
                return;
            }
        }
        add_aliased(self, c, v)
    }
}

/// [`Key::add_to`] of a metric number off the hot path (see [`aliased_slot`]).
#[cold]
#[inline(never)]
fn add_aliased(number: usize, c: &mut Counters, v: i64) {
    let slot = aliased_slot(number, c);
    c.add_at(slot, v);
}

/// [`Key::slot`] of a metric number when names repeat: out of line, so that each counting site
/// an engine inlines stays a bounds check and an add.
#[cold]
#[inline(never)]
fn aliased_slot(number: usize, c: &Counters) -> usize {
    match c.names.slot_of.get(number) {
        Some(&s) => s as usize,
        None => panic!(
            "metric number {number} has no name ({} named): Observe::metric_names must name it",
            c.names.len()
        ),
    }
}

impl Key for &str {
    fn slot(self, c: &mut Counters) -> usize {
        if let Some(s) = c.names.slot(self) {
            return s;
        }
        let slot = std::sync::Arc::make_mut(&mut c.names).push(self.to_string());
        c.values.resize(c.names.slots.len(), None);
        c.direct = !c.names.aliased;
        slot
    }
}

/// Integer counters of one game, by slot of a shared [`Names`]; a counter the game never
/// touched is absent (not 0), as a key never inserted was.
#[derive(Clone, Debug, Default)]
pub struct Counters {
    names: std::sync::Arc<Names>,
    values: Vec<Option<i64>>,
    /// `names` has no repeated name, so metric numbers are slots.
    direct: bool,
}

impl Counters {
    /// Empty counters for the metrics of `names`.
    pub fn new(names: &std::sync::Arc<Names>) -> Counters {
        Counters {
            names: names.clone(),
            values: vec![None; names.slots.len()],
            direct: !names.aliased,
        }
    }

    /// Empties the counters for the metrics of `names`, keeping their memory when they already
    /// count those (a lab worker's, reused from game to game: no allocation per game).
    pub fn reset(&mut self, names: &std::sync::Arc<Names>) {
        if std::sync::Arc::ptr_eq(&self.names, names) {
            self.values.fill(None);
        } else {
            *self = Counters::new(names);
        }
    }

    #[inline]
    pub fn add(&mut self, key: impl Key, v: i64) {
        key.add_to(self, v);
    }

    /// Adds `v` to the counter in `slot`. Saturating and without a branch on whether the
    /// counter was touched: each counting site an engine inlines stays a few instructions.
    #[inline]
    fn add_at(&mut self, slot: usize, v: i64) {
        let x = &mut self.values[slot];
        *x = Some(x.unwrap_or(0).saturating_add(v));
    }

    #[inline]
    pub fn incr(&mut self, key: impl Key) {
        self.add(key, 1);
    }

    pub fn get(&self, key: &str) -> i64 {
        self.value(key).unwrap_or(0)
    }

    /// The counter `key`, if the game touched it.
    pub fn value(&self, key: &str) -> Option<i64> {
        self.names.slot(key).and_then(|s| self.values[s])
    }

    /// Whether no counter was touched.
    pub fn is_empty(&self) -> bool {
        self.values.iter().all(Option::is_none)
    }

    /// The touched counters in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, i64)> + '_ {
        self.names.order.iter().filter_map(|&s| {
            let s = s as usize;
            self.values[s].map(|v| (self.names.slots[s].as_str(), v))
        })
    }

    /// The names and the values by slot (`None`: untouched), for folding many games that share
    /// their names without looking a name up per game.
    pub fn slots(&self) -> (&std::sync::Arc<Names>, &[Option<i64>]) {
        (&self.names, &self.values)
    }
}

impl PartialEq for Counters {
    fn eq(&self, other: &Counters) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Counters {}

impl serde::Serialize for Counters {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for Counters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Counters, D::Error> {
        let map = BTreeMap::<String, i64>::deserialize(d)?;
        Ok(Counters::from_iter(map))
    }
}

impl<S: Into<String>> FromIterator<(S, i64)> for Counters {
    fn from_iter<I: IntoIterator<Item = (S, i64)>>(iter: I) -> Counters {
        let mut c = Counters::default();
        for (k, v) in iter {
            c.add(k.into().as_str(), v);
        }
        c
    }
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

/// At most this many per-player measures per engine ([`Observe::PLAYER_MEASURES`]).
pub const MAX_PLAYER_MEASURES: usize = 24;

/// The prefix of every per-player measure's name (`player.sales`).
pub const PLAYER_PREFIX: &str = "player.";

/// One game's per-player measures, seat by seat, by number (the engine's
/// [`Observe::PLAYER_MEASURES`]): a fixed array, so counting allocates nothing. A seat or a
/// number beyond the array counts nothing (the conformance checks keep engines within it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatCounters {
    values: [[i64; MAX_PLAYER_MEASURES]; crate::seat::MAX_SEATS],
}

impl Default for SeatCounters {
    fn default() -> SeatCounters {
        SeatCounters {
            values: [[0; MAX_PLAYER_MEASURES]; crate::seat::MAX_SEATS],
        }
    }
}

impl SeatCounters {
    /// Adds `v` to `seat`'s measure number `m`.
    #[inline]
    pub fn add(&mut self, seat: crate::seat::Seat, m: impl Into<usize>, v: i64) {
        let m = m.into();
        debug_assert!(
            m < MAX_PLAYER_MEASURES,
            "player measure {m} beyond the array"
        );
        if let Some(x) = self
            .values
            .get_mut(seat.index())
            .and_then(|row| row.get_mut(m))
        {
            *x = x.saturating_add(v);
        }
    }

    #[inline]
    pub fn incr(&mut self, seat: crate::seat::Seat, m: impl Into<usize>) {
        self.add(seat, m, 1);
    }

    /// Sets `seat`'s measure `m` (a measure read from the final state, see
    /// [`Observe::observe_end`]).
    #[inline]
    pub fn set(&mut self, seat: crate::seat::Seat, m: impl Into<usize>, v: i64) {
        let m = m.into();
        if let Some(x) = self
            .values
            .get_mut(seat.index())
            .and_then(|row| row.get_mut(m))
        {
            *x = v;
        }
    }

    /// `seat`'s measure number `m` (0 beyond the array).
    pub fn get(&self, seat: usize, m: usize) -> i64 {
        self.values
            .get(seat)
            .and_then(|row| row.get(m))
            .copied()
            .unwrap_or(0)
    }

    /// Whether nothing was counted.
    pub fn is_zero(&self) -> bool {
        self.values.iter().flatten().all(|&v| v == 0)
    }
}

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
    /// (`c.add(id, v)`, named by [`Observe::metric_names`]): a name costs a lookup. The seat an
    /// event is about counts its share in `seats` (numbered by [`Observe::PLAYER_MEASURES`]).
    fn observe(
        state: &Self::State,
        event: &Self::Event,
        counters: &mut Counters,
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
    fn count_emitted(event: &Self::Event, counters: &mut Counters, seats: &mut SeatCounters) {
        let _ = (event, counters, seats);
    }

    /// Everything `event` counts, `state` being the state after it: [`Observe::count_emitted`]
    /// and [`Observe::observe`].
    fn observe_all(
        state: &Self::State,
        event: &Self::Event,
        counters: &mut Counters,
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
    /// events of a simulated game (what [`Observe::count_emitted`] counts needs none kept). Each emit site of an engine knows its event, so this test
    /// folds away where the lab's buffer is inlined. Checked by
    /// `conformance::check_observes`: an event it turns away must count nothing.
    #[inline]
    fn observes(event: &Self::Event) -> bool {
        let _ = event;
        true
    }

    /// The branches of the rules `silk coverage` counts (see [`crate::coverage`]), at most
    /// [`crate::coverage::MAX_BRANCHES`]; the lab adds one per decision kind itself.
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
        impl $crate::metrics::Key for $name {
            #[inline]
            fn slot(self, c: &mut $crate::metrics::Counters) -> usize {
                $crate::metrics::Key::slot(self as usize, c)
            }
            #[inline]
            fn add_to(self, c: &mut $crate::metrics::Counters, v: i64) {
                $crate::metrics::Key::add_to(self as usize, c, v)
            }
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

    /// By number or by name, the same counters; repeated names share a counter; untouched
    /// counters are absent; the order is by name.
    #[test]
    fn counters_by_number_and_by_name() {
        let names = std::sync::Arc::new(Names::new(["b", "a", "b@x", "b"]));
        let mut c = Counters::new(&names);
        c.add(0usize, 2);
        c.add(3usize, 5);
        c.incr("a");
        c.add("new", 0);
        assert_eq!(c.get("b"), 7);
        assert_eq!(c.value("b@x"), None);
        let all: Vec<(&str, i64)> = c.iter().collect();
        assert_eq!(all, [("a", 1), ("b", 7), ("new", 0)]);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, r#"{"a":1,"b":7,"new":0}"#);
        let back: Counters = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        assert_eq!(Names::new(["z", "y"]).slot("z"), Some(0));
    }

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
