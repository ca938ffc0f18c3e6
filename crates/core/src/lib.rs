//! silk-core: the game model every silk engine implements.
//!
//! A [`Game`] is plain data and associated functions: `setup` from a config and a seed,
//! `to_move`, `legal_actions`, `apply`, per-seat `view`, `determinize`, `outcome`. Randomness
//! lives in the state's [`SilkRng`], so `(config, seed, action log)` replays a game exactly
//! ([`Replay`]). A finished game can also be written as an open [`Trace`]: self-contained JSON
//! (setup in the game's own terms, structured decisions, chance, result) that other tools check. With the `testing` feature (engines' dev-dependencies), `conformance` checks any
//! engine against the contract in one line and `golden` keeps a seeded game's trace.
//!
//! ```
//! use silk_core::goofspiel::{GoofConfig, Goofspiel};
//! use silk_core::{random_playout, Game, SilkRng};
//!
//! let mut state = Goofspiel::setup(&GoofConfig::default(), 1).unwrap();
//! random_playout::<Goofspiel>(&mut state, &mut SilkRng::seed_from(1), &mut Vec::new(), 1_000);
//! let outcome = Goofspiel::outcome(&state).expect("five rounds and it is over");
//! assert_eq!(outcome.ranks.len(), 3);
//! ```

mod cause;
mod chance;
#[cfg(any(test, feature = "testing"))]
pub mod conformance;
mod counters;
mod coverage;
pub mod data;
mod driver;
mod error;
pub mod files;
#[cfg(any(test, feature = "testing"))]
pub mod fuzz;
mod game;
#[cfg(any(test, feature = "testing"))]
pub mod golden;
pub mod goofspiel;
pub mod lock;
pub mod metrics;
mod policy;
mod replay;
mod rng;
mod seat;
pub mod shared;
pub mod stall;
pub mod standings;
pub mod trace;
pub mod value;

pub use cause::Cause;
pub use chance::{Chance, ChanceOutcome};
pub use coverage::{Branch, Hits};
pub use data::DataError;
pub use driver::{drive, next_decider, play, random_playout, PlayError, PlayedGame, RandomPlayer};
pub use error::{IllegalAction, ParseActionError, ReplayError, SetupError};
pub use game::{
    without_field, EndedBy, EventSink, Forfeit, ForfeitKind, Game, Outcome, Player, ToMove,
};
pub use metrics::{
    Counters, DecisionKind, MechanicUse, MetricCounts, Names, Observe, SeatCounters,
};
pub use policy::{
    best_by, Features, Heuristic, StrongPreset, Style, WeightSet, MAX_FEATURES, MAX_WEIGHTS,
};
pub use replay::{Feedback, LoggedMove, Playtest, PlaytestSeat, Replay, REPLAY_VERSION};
pub use rng::SilkRng;
pub use seat::{Seat, SeatSet, MAX_SEATS};
pub use shared::{Compiled, Shared};
pub use trace::{Trace, TraceError, TraceWriter, Traced};
pub use value::{LearnedValue, ValueFile};
