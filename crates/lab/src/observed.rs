//! Where a lab game's events go as it is played: all of them (a replay shows them), or, in a
//! simulation, counted where the engine emits them ([`Observed`]).

use silk_core::{EventSink, Hits, MetricCounts, Observe, Seat, SeatCounters};

/// The events of the decision just applied, and what counts the decision.
pub(crate) trait Events<G: Observe>: EventSink<G::Event> {
    fn clear(&mut self);
    fn kept(&self) -> &[G::Event];
    /// Counts the decision `seat` just made with `action` (`state`: the state after it).
    fn count(&mut self, state: &G::State, seat: Seat, action: &G::Action);
}

/// Every event, counted by nobody (a replay's).
impl<G: Observe> Events<G> for Vec<G::Event> {
    fn clear(&mut self) {
        Vec::clear(self)
    }
    fn kept(&self) -> &[G::Event] {
        self
    }
    #[inline]
    fn count(&mut self, _: &G::State, _: Seat, _: &G::Action) {}
}

/// A simulated game counted as it is played: each event's branches
/// ([`Observe::cover_event`]) and what it means on its own ([`Observe::count_emitted`]) are
/// counted where the engine emits it, and the event is kept only when [`Observe::observes`]
/// says a metric needs the state after the action to read it. At each emit site the engine
/// knows its event, so the three fold to constants: most events cost an increment or two and
/// are never copied.
pub(crate) struct Observed<G: Observe> {
    kept: Vec<G::Event>,
    /// The game's branches hit so far.
    pub(crate) hits: Hits,
    /// The game's metrics by number, named when its record is written.
    pub(crate) metrics: MetricCounts,
    /// The game's per-seat counts, read where they are at its end.
    pub(crate) seats: SeatCounters,
}

impl<G: Observe> Default for Observed<G> {
    fn default() -> Observed<G> {
        Observed {
            kept: Vec::new(),
            hits: Hits::default(),
            metrics: MetricCounts::default(),
            seats: SeatCounters::default(),
        }
    }
}

impl<G: Observe> Observed<G> {
    /// Starts a game. The per-seat counts are emptied only if `seat_rows` (the game's record
    /// will have its per-seat rows): otherwise nobody reads them, and emptying them (1.5 KB) at
    /// every game costs more than the few saturating adds that land in them.
    pub(crate) fn start(&mut self, seat_rows: bool) {
        self.metrics.clear();
        if seat_rows {
            self.seats = SeatCounters::default();
        }
        self.hits.clear();
    }
}

impl<G: Observe> EventSink<G::Event> for Observed<G> {
    // Always inlined: only at its emit site does the engine's event fold the tests to constants
    // (a call would run every match on every event).
    #[inline(always)]
    fn emit(&mut self, event: G::Event) {
        G::cover_event(&event, &mut self.hits);
        G::count_emitted(&event, &mut self.metrics, &mut self.seats);
        if G::observes(&event) {
            self.kept.push(event);
        }
    }
}

impl<G: Observe> Events<G> for Observed<G> {
    fn clear(&mut self) {
        self.kept.clear()
    }
    fn kept(&self) -> &[G::Event] {
        &self.kept
    }
    #[inline]
    fn count(&mut self, state: &G::State, seat: Seat, action: &G::Action) {
        G::cover_action(state, seat, action, &mut self.hits);
        for e in &self.kept {
            G::observe(state, e, &mut self.metrics, &mut self.seats);
        }
    }
}
