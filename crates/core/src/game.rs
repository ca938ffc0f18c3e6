//! The `Game` trait: OpenSpiel's concepts in Rust shape.

use crate::chance::Chance;
use crate::error::{IllegalAction, ParseActionError, SetupError};
use crate::rng::SilkRng;
use crate::seat::{Seat, SeatSet};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::hash::Hash;

/// Whose decision it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ToMove {
    /// One seat decides. Out-of-turn answers (a bid, a toll demand, accepting a trade) are
    /// ordinary decisions of the seat that must answer.
    Seat(Seat),
    /// Every seat of the set decides, in any order, without seeing the others' choices
    /// (sealed bids, the Grand Vizier reveal). Each seat's choice is one `apply`.
    Simultaneous(SeatSet),
    /// The game is over.
    Terminal,
}

impl ToMove {
    /// Whether `seat` has a decision to make now.
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            ToMove::Seat(s) => s == seat,
            ToMove::Simultaneous(set) => set.contains(seat),
            ToMove::Terminal => false,
        }
    }

    /// The seats that may act now.
    pub fn seats(self) -> SeatSet {
        match self {
            ToMove::Seat(s) => SeatSet::single(s),
            ToMove::Simultaneous(set) => set,
            ToMove::Terminal => SeatSet::EMPTY,
        }
    }
}

/// The end of a game: a score per seat and a rank per seat (0 = first; equal ranks are ties).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
    /// The game ended without a normal finish (nobody could act, play looped, a turn or round
    /// cap): the scores and ranks say where it stood, but nobody won. Counted apart by the lab.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stuck: bool,
    /// How a game the rules decided ended, when not in the ordinary way: a round cap the rules
    /// rank by their tie-break has winners, yet the lab counts such games apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<EndedBy>,
}

/// How a game with winners ended, other than by its ordinary end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    /// The rules' round cap stopped the game; the ranking is the rules' ranking at the cap.
    RoundCap,
}

impl EndedBy {
    /// The name records and traces use (`"round_cap"`).
    pub fn name(self) -> &'static str {
        match self {
            EndedBy::RoundCap => "round_cap",
        }
    }

    /// How a report names such a game where it shows its order: a stall's first place reached
    /// no goal of the rules, so no report calls it a win without this label.
    pub fn label(self) -> &'static str {
        match self {
            EndedBy::RoundCap => {
                "stalled at the round cap, ranked by score then the rules' tie-break"
            }
        }
    }
}

impl Outcome {
    /// Ranks from scores, highest first; equal keys share a rank (competition ranking: 1,1,3).
    /// `key` may extend the score with tie-breakers (compared lexicographically).
    pub fn ranked_by<K: Ord>(scores: Vec<i32>, key: impl Fn(usize) -> K) -> Outcome {
        let n = scores.len();
        let keys: Vec<K> = (0..n).map(&key).collect();
        let ranks = (0..n)
            .map(|i| keys.iter().filter(|k| **k > keys[i]).count() as u8)
            .collect();
        Outcome {
            scores,
            ranks,
            stuck: false,
            ended_by: None,
        }
    }

    /// The seats ranked first (several on a shared win); none in a stuck game.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 0 && !self.stuck)
            .map(|(i, _)| Seat(i as u8))
    }
}

/// Where `apply` reports what happened. `()` ignores events, so the hot loop of a simulation
/// pays nothing for narration; a `Vec<E>` collects them for logs, narration and lab metrics.
pub trait EventSink<E> {
    fn emit(&mut self, event: E);
    /// False when events are thrown away, so an engine can skip building costly ones.
    fn wants(&self) -> bool {
        true
    }
    /// A draw of chance after setup (a reshuffle, a random pick), as the engine has just made
    /// it with its RNG: a trace writer records it, a trace replay overwrites it with the
    /// outcome the trace recorded. The default leaves it, so `()` and `Vec` sinks (every
    /// simulation) compile it away.
    #[inline]
    fn chance(&mut self, draw: Chance<'_>) {
        let _ = draw;
    }
}

impl<E> EventSink<E> for () {
    #[inline]
    fn emit(&mut self, _: E) {}
    #[inline]
    fn wants(&self) -> bool {
        false
    }
}

impl<E> EventSink<E> for Vec<E> {
    fn emit(&mut self, event: E) {
        self.push(event);
    }
}

/// A rules engine. All methods are associated functions on plain data, so a state is just a
/// value: clone it to search, serialise it to save.
pub trait Game: Sized + 'static {
    /// Short machine name, as used on the command line (`silk-road`, `cities`, `splendor`).
    const NAME: &'static str;

    /// Player count, variant, data. Validated by `setup`.
    type Config: Clone + Debug + Serialize + DeserializeOwned;
    /// The whole game state, including hidden information and the seeded RNG. Cheap to clone.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// One decision of one seat.
    type Action: Copy + Eq + Hash + Debug + Serialize + DeserializeOwned;
    /// What one seat may know.
    type View: Clone + Debug + PartialEq + Serialize;
    /// What `apply` reports happened.
    type Event: Clone + Debug + Serialize;

    /// A new game, or why the configuration is unusable.
    fn setup(config: &Self::Config, seed: u64) -> Result<Self::State, SetupError>;

    /// The config to set up a batch of games with (the lab, benches): an engine that compiles
    /// its config once (`shared::intern`) returns the compiled copy, so that each game's setup
    /// finds its rules by address instead of comparing whole configs. Plays the same games.
    fn batch_config(config: &Self::Config) -> &Self::Config {
        config
    }

    fn num_seats(state: &Self::State) -> usize;

    fn to_move(state: &Self::State) -> ToMove;

    /// The legal actions of `seat`, appended to `out` after clearing it (reuse the Vec in loops).
    /// Empty when `seat` has no decision now. Never contains duplicates.
    fn legal_actions(state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// One legal action of `seat` drawn uniformly with `rng`, as a random player draws it:
    /// exactly `legal_actions` then `rng.index(len)` into the list (`None`, drawing nothing,
    /// when the list is empty), which is the default. An engine may override it to find the
    /// drawn action without listing all of them, but must return the same action after the
    /// same draws from `rng`, so that a game played with it is the game played with the list
    /// (the conformance suite holds every engine to that). `buf` is scratch space. The action
    /// is one `legal_actions` lists, so `apply_listed` may play it.
    #[inline]
    fn random_legal_action(
        state: &Self::State,
        seat: Seat,
        rng: &mut SilkRng,
        buf: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        Self::legal_actions(state, seat, buf);
        if buf.is_empty() {
            return None;
        }
        Some(buf[rng.index(buf.len())])
    }

    /// Plays `action` for `seat`, reporting events to `events`. On an illegal action the state is
    /// left unchanged and the error says why.
    fn apply_with(
        state: &mut Self::State,
        seat: Seat,
        action: Self::Action,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), IllegalAction>;

    /// `apply_with` without events.
    #[inline]
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: Self::Action,
    ) -> Result<(), IllegalAction> {
        Self::apply_with(state, seat, action, &mut ())
    }

    /// `apply` for an action that `legal_actions` has just listed for `seat` in this very
    /// state, as a driver picking from that list has: an engine may leave out the checks it
    /// makes on actions from outside. Never call it with any other action. The default checks
    /// all the same; the conformance suite holds every engine's to `apply`'s result.
    #[inline]
    fn apply_listed(
        state: &mut Self::State,
        seat: Seat,
        action: Self::Action,
    ) -> Result<(), IllegalAction> {
        Self::apply_listed_with(state, seat, action, &mut ())
    }

    /// `apply_listed` with events (the lab's games): the same promise, the same default.
    #[inline]
    fn apply_listed_with(
        state: &mut Self::State,
        seat: Seat,
        action: Self::Action,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), IllegalAction> {
        Self::apply_with(state, seat, action, events)
    }

    /// Only what `seat` may know.
    fn view(state: &Self::State, seat: Seat) -> Self::View;

    /// A state `seat` cannot tell from the real one: every piece of information hidden from
    /// `seat` is resampled consistently with what `seat` knows (for ISMCTS, and for the
    /// conformance suite's no-leak test). `view(determinize(s, seat), seat) == view(s, seat)`.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut SilkRng) -> Self::State;

    /// Scores and ranks once the game is over, `None` before.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// The human string of an action (`buy silk 2`, `bid 3`); `parse_action` reads it back.
    fn action_to_string(state: &Self::State, action: Self::Action) -> String;

    /// Reads an action typed by a person or stored in a log. Accepts what `action_to_string`
    /// writes; may accept friendlier forms.
    fn parse_action(
        state: &Self::State,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Action, ParseActionError>;

    /// The rules in force, for `silk rules`: the rules text of the engine with every parameter's
    /// value. A config that does not compile gets its error, as one line.
    fn rules_text(config: &Self::Config) -> String;

    /// Engine invariants checked by the conformance suite after every step (coins and goods
    /// conserved, counts in range). `Err` says which invariant broke.
    fn check_invariants(_state: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// A person-readable rendering of a seat's view (the terminal front end shows it before each
    /// decision). Defaults to the view's JSON.
    fn view_text(state: &Self::State, seat: Seat) -> String {
        serde_json::to_string_pretty(&Self::view(state, seat)).unwrap_or_default()
    }

    /// Narration of an event as `viewer` may see it (`None` = a public observer); `None` when
    /// the viewer may not see it at all. `state` is the state after the event, for names of
    /// places and the like. Engines with hidden events override this.
    fn event_text(
        state: &Self::State,
        event: &Self::Event,
        viewer: Option<Seat>,
    ) -> Option<String> {
        let _ = (state, viewer);
        Some(format!("{event:?}"))
    }

    /// The event as JSON, as `viewer` may see it (`None` = a public observer); `None` when the
    /// viewer may not see it at all. An engine whose events carry a secret for some viewers
    /// (a card drawn, a good stolen) leaves that field out here ([`without_field`]): the
    /// terminal's `--json`, the web pages, replays and traces all show events through it.
    fn event_json(
        state: &Self::State,
        event: &Self::Event,
        viewer: Option<Seat>,
    ) -> Option<serde_json::Value> {
        Self::event_text(state, event, viewer)?;
        serde_json::to_value(event).ok()
    }

    /// The seat that moves first in this game (a random first player, the first leader), read
    /// at setup, so the lab measures first-player advantage by who actually moved first, not
    /// by seat number. `None` when the game has no such seat.
    fn first_player(_state: &Self::State) -> Option<Seat> {
        None
    }

    /// A counter of game progress for reports (rounds, turns). Defaults to 0.
    fn round(_state: &Self::State) -> u32 {
        0
    }
}

/// What one seat or engine decides from a state; implemented by bots and by humans' front ends.
pub trait Player<G: Game> {
    /// Chooses one of `legal` (never empty) for `seat`.
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action;

    /// [`Player::choose`], or the player gives the game up: a player outside silk (a program,
    /// a callable) may crash, answer garbage or an illegal move, or run out of time. Silk's own
    /// bots never forfeit (the default). Drivers that can end a game early call this for a
    /// player that [`Player::may_forfeit`].
    #[inline]
    fn try_choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, Forfeit> {
        Ok(self.choose(state, seat, legal))
    }

    /// Whether [`Player::try_choose`] may forfeit. A driver whose players all say no asks
    /// them with [`Player::choose`], whose answer comes back in registers rather than through
    /// a `Result` (the lab: 2 % of a Silk Road game's time). `true` unless a player says
    /// otherwise, so that a player that forfeits is never asked the way that cannot.
    fn may_forfeit(&self) -> bool {
        true
    }
}

/// Why a player gave a game up ([`Player::try_choose`]): the lab counts such a game apart,
/// with this reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forfeit {
    pub kind: ForfeitKind,
    /// In words, for a person: `exited with status 1`, `no answer in 200 ms`.
    pub reason: String,
}

/// What went wrong, as a category the lab counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitKind {
    /// The program exited, closed its output or could not be started again; a callable raised.
    Crash,
    /// An answer that is not an index or an action.
    Garbage,
    /// An index out of range or an action the rules refuse.
    Illegal,
    /// No answer within the time budget.
    Timeout,
}

impl ForfeitKind {
    pub fn name(self) -> &'static str {
        match self {
            ForfeitKind::Crash => "crash",
            ForfeitKind::Garbage => "garbage",
            ForfeitKind::Illegal => "illegal",
            ForfeitKind::Timeout => "timeout",
        }
    }
}

impl Forfeit {
    pub fn new(kind: ForfeitKind, reason: impl Into<String>) -> Forfeit {
        Forfeit {
            kind,
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.reason)
    }
}

/// `value` without the field `field` of its variant (an event serialized externally tagged:
/// `{"Variant": {…}}`): what [`Game::event_json`] hides from a viewer.
pub fn without_field(mut value: serde_json::Value, field: &str) -> serde_json::Value {
    if let Some(fields) = value
        .as_object_mut()
        .and_then(|o| o.values_mut().next())
        .and_then(|v| v.as_object_mut())
    {
        fields.remove(field);
    }
    value
}
