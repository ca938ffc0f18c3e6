//! A game's counters: by metric number as the engine counts them ([`MetricCounts`], a fixed
//! array), by name in its record ([`Counters`], over the run's shared [`Names`]), and each
//! seat's own ([`SeatCounters`]).

use std::collections::BTreeMap;

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

    /// The name of metric number `number`, if named.
    pub fn name(&self, number: usize) -> Option<&str> {
        let slot = *self.slot_of.get(number)?;
        Some(self.slots[slot as usize].as_str())
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

/// What [`Counters::add`] counts into: a metric's number
/// ([`Observe::metric_names`](crate::Observe::metric_names)) or its name.
pub trait Key: Sized {
    /// The counter's slot, naming it first if need be.
    fn slot(self, c: &mut Counters) -> usize;
}

impl Key for usize {
    #[inline]
    fn slot(self, c: &mut Counters) -> usize {
        match c.names.slot_of.get(self) {
            Some(&s) => s as usize,
            None => unnamed(self, &c.names),
        }
    }
}

/// [`Key::slot`] of a number [`Observe::metric_names`](crate::Observe::metric_names) did not
/// name: an engine's mistake, which the conformance checks catch.
#[cold]
#[inline(never)]
fn unnamed(number: usize, names: &Names) -> usize {
    panic!(
        "metric number {number} has no name ({} named): Observe::metric_names must name it",
        names.len()
    )
}

impl Key for &str {
    fn slot(self, c: &mut Counters) -> usize {
        if let Some(s) = c.names.slot(self) {
            return s;
        }
        std::sync::Arc::make_mut(&mut c.names).push(self.to_string())
    }
}

/// Integer counters of one game, by slot of a shared [`Names`]; a counter the game never
/// touched is absent (not 0), as a key never inserted was. Only the touched counters are held,
/// in slot order: a game touches a few of a run's metrics (a Silk Road game some 40 of 105),
/// and its record is made, written and folded a touched counter at a time.
#[derive(Clone, Debug, Default)]
pub struct Counters {
    names: std::sync::Arc<Names>,
    /// The touched counters: (slot, value), by slot.
    touched: Vec<(u32, i64)>,
}

impl Counters {
    /// Empty counters for the metrics of `names`.
    pub fn new(names: &std::sync::Arc<Names>) -> Counters {
        Counters {
            names: names.clone(),
            touched: Vec::new(),
        }
    }

    /// Empties the counters for the metrics of `names`, keeping their memory (a lab worker's,
    /// reused from game to game: no allocation per game).
    pub fn reset(&mut self, names: &std::sync::Arc<Names>) {
        if !std::sync::Arc::ptr_eq(&self.names, names) {
            self.names = names.clone();
        }
        self.touched.clear();
    }

    /// The counters of `names` set to what a game counted by number: numbers that share a
    /// name are added together; a number nobody counted stays absent.
    pub fn set_counts(&mut self, names: &std::sync::Arc<Names>, counts: &MetricCounts) {
        self.reset(names);
        // The bits walked here rather than through `counts.iter()`: its `flat_map` is not
        // inlined into the lab's loop (measured: about 1 900 more instructions a game).
        for (w, &bits) in counts.touched.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let m = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.add(m, counts.values[m]);
            }
        }
    }

    /// Adds `v` to the counter `key`. In slot order, as a game's record is made, each is a push.
    #[inline]
    pub fn add(&mut self, key: impl Key, v: i64) {
        let slot = key.slot(self) as u32;
        match self.touched.last() {
            Some(&(last, _)) if last >= slot => self.add_within(slot, v),
            _ => self.touched.push((slot, v)),
        }
    }

    /// [`Counters::add`] of a counter at or before the last one touched.
    fn add_within(&mut self, slot: u32, v: i64) {
        match self.touched.binary_search_by_key(&slot, |&(s, _)| s) {
            Ok(at) => {
                let x = &mut self.touched[at].1;
                *x = x.saturating_add(v);
            }
            Err(at) => self.touched.insert(at, (slot, v)),
        }
    }

    pub fn incr(&mut self, key: impl Key) {
        self.add(key, 1);
    }

    pub fn get(&self, key: &str) -> i64 {
        self.value(key).unwrap_or(0)
    }

    /// The counter `key`, if the game touched it.
    pub fn value(&self, key: &str) -> Option<i64> {
        self.at(self.names.slot(key)?)
    }

    /// The counter in `slot`, if touched.
    fn at(&self, slot: usize) -> Option<i64> {
        let at = self
            .touched
            .binary_search_by_key(&(slot as u32), |&(s, _)| s)
            .ok()?;
        Some(self.touched[at].1)
    }

    /// Whether no counter was touched.
    pub fn is_empty(&self) -> bool {
        self.touched.is_empty()
    }

    /// The touched counters in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, i64)> + '_ {
        self.names.order.iter().filter_map(|&s| {
            let s = s as usize;
            self.at(s).map(|v| (self.names.slots[s].as_str(), v))
        })
    }

    /// The names and the touched counters as (slot, value), by slot, for folding many games
    /// that share their names without looking a name up per game.
    pub fn slots(&self) -> (&std::sync::Arc<Names>, &[(u32, i64)]) {
        (&self.names, &self.touched)
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

/// At most this many metric numbers per run: an engine's
/// [`Observe::metric_names`](crate::Observe::metric_names) and the lab's own per-game counts
/// after them (the conformance suite's `check_observes` keeps engines within it).
pub const MAX_METRICS: usize = 256;

/// One game's metrics as an engine counts them, by metric number
/// ([`Observe::metric_names`](crate::Observe::metric_names)): a fixed array, so that a counting
/// site is an add at a fixed place, with no slot to look up and no allocation. Names, and
/// numbers that share one, are resolved once, when the game's record is written
/// ([`Counters::set_counts`]). A number beyond the array counts nothing (the conformance checks
/// keep engines within it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricCounts {
    values: [i64; MAX_METRICS],
    /// Which numbers were counted: an untouched counter is absent from the record, not 0.
    touched: [u64; MAX_METRICS / 64],
}

impl Default for MetricCounts {
    fn default() -> MetricCounts {
        MetricCounts {
            values: [0; MAX_METRICS],
            touched: [0; MAX_METRICS / 64],
        }
    }
}

impl MetricCounts {
    /// Adds `v` to metric number `m` (saturating).
    #[inline]
    pub fn add(&mut self, m: impl Into<usize>, v: i64) {
        let m = m.into();
        debug_assert!(m < MAX_METRICS, "metric number {m} beyond the array");
        if let Some(x) = self.values.get_mut(m) {
            *x = x.saturating_add(v);
            self.touched[m / 64] |= 1 << (m % 64);
        }
    }

    #[inline]
    pub fn incr(&mut self, m: impl Into<usize>) {
        self.add(m, 1);
    }

    /// Metric number `m`, if counted.
    pub fn get(&self, m: usize) -> Option<i64> {
        let touched = self.touched.get(m / 64)? >> (m % 64) & 1 == 1;
        touched.then(|| self.values[m])
    }

    /// The counted metrics by number, with their values.
    pub fn iter(&self) -> impl Iterator<Item = (usize, i64)> + '_ {
        self.touched.iter().enumerate().flat_map(move |(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let m = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (m, self.values[m])
                })
            })
        })
    }

    /// Empties the counts, writing only where the game counted (a lab worker's are reused
    /// from game to game).
    pub fn clear(&mut self) {
        for w in 0..self.touched.len() {
            while self.touched[w] != 0 {
                let m = w * 64 + self.touched[w].trailing_zeros() as usize;
                self.values[m] = 0;
                self.touched[w] &= self.touched[w] - 1;
            }
        }
    }
}

/// At most this many per-player measures per engine
/// ([`Observe::PLAYER_MEASURES`](crate::Observe::PLAYER_MEASURES)).
pub const MAX_PLAYER_MEASURES: usize = 24;

/// One game's per-player measures, seat by seat, by number (the engine's
/// [`Observe::PLAYER_MEASURES`](crate::Observe::PLAYER_MEASURES)): a fixed array, so counting
/// allocates nothing. A seat or a number beyond the array counts nothing (the conformance
/// checks keep engines within it).
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
    /// [`Observe::observe_end`](crate::Observe::observe_end)).
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

    /// Counted by number, then named: shared names add up, untouched numbers stay absent, and
    /// clearing leaves nothing counted.
    #[test]
    fn metric_counts_are_named_when_the_record_is_written() {
        let names = std::sync::Arc::new(Names::new(["b", "a", "b"]));
        let mut counts = MetricCounts::default();
        counts.add(0usize, 2);
        counts.add(2usize, 5);
        counts.incr(200usize);
        assert_eq!(counts.get(0), Some(2));
        assert_eq!(counts.get(1), None);
        assert_eq!(
            counts.iter().collect::<Vec<_>>(),
            [(0, 2), (2, 5), (200, 1)]
        );
        counts.clear();
        assert_eq!(counts, MetricCounts::default());
        counts.add(2usize, 5);
        counts.add(0usize, 2);
        counts.add(1usize, 0);
        let mut c = Counters::default();
        c.set_counts(&names, &counts);
        assert_eq!(c.iter().collect::<Vec<_>>(), [("a", 0), ("b", 7)]);
        // A count out of slot order finds its place.
        c.add(0usize, 1);
        c.add("c", 4);
        c.add(1usize, 1);
        assert_eq!(c.iter().collect::<Vec<_>>(), [("a", 1), ("b", 8), ("c", 4)]);
        assert_eq!(c.slots().1, [(0, 8), (1, 1), (2, 4)]);
    }
}
