//! Open game traces: one finished game as a self-contained JSON document that other tools can
//! check and analyse without silk's RNG or action parser.
//!
//! A trace holds the game, the config in force, the complete initial state in the game's own
//! terms (`setup`: every deck in order, the board, the first player), every decision as
//! structured data (`actions`, each `{"seat", "action", "text"}`), every draw of chance after
//! setup as its own `{"chance": …}` entry right after the decision that caused it, and the
//! `result`, then the standings round by round (`timeline`). [`TraceWriter`] writes one as a game is played; [`play_trace`] plays one back,
//! checking each decision and imposing each recorded draw instead of the RNG's.
//!
//! An engine takes part by implementing [`Traced`]. The format is documented in
//! `docs/traces.md`, with a JSON Schema per game in `docs/traces/`.

mod draws;
pub mod json;
mod legal;
mod play;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod write;

pub use legal::{legal_json, seats_to_move};
pub use play::{play_trace, play_trace_timeline, TraceStep};
pub use write::{decision_json, result_json, TraceWriter};

use crate::chance::ChanceOutcome;
use crate::game::Game;
use crate::metrics::Observe;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;

/// Tells a trace from other JSON.
pub const TRACE_FORMAT: &str = "silk-trace";
/// The format version this build writes and reads.
pub const TRACE_VERSION: u32 = 1;

/// An engine whose games can be written as traces and played back from them.
pub trait Traced: Game + Observe {
    /// The complete initial state, in the game's own terms: with it and the config, no RNG is
    /// needed to set the game up again.
    fn setup_json(state: &Self::State) -> Value;

    /// The initial state a trace's `setup` describes under `config`, checked (every card once,
    /// known pieces, a seat that exists), or why not.
    fn setup_from_json(config: &Self::Config, setup: &Value) -> Result<Self::State, String>;

    /// One decision as structured data, every detail the rules leave to the player, from the
    /// state before it.
    fn action_json(state: &Self::State, seat: Seat, action: Self::Action) -> Value;

    /// The decision a trace's `action` describes in `state`, or why it cannot be one. Whether
    /// it is legal is `apply`'s to say; identities a trace gives (the card at a place) are
    /// checked here.
    fn action_from_json(
        state: &Self::State,
        seat: Seat,
        action: &Value,
    ) -> Result<Self::Action, String>;

    /// A draw of chance after setup as a trace's `chance` entry, from the state after the
    /// decision that caused it.
    fn chance_json(state: &Self::State, chance: &ChanceOutcome) -> Value {
        let _ = state;
        match chance {
            ChanceOutcome::Shuffle { what, items } => {
                serde_json::json!({"shuffle": what, "order": items})
            }
            ChanceOutcome::Draw { what, kind } => serde_json::json!({"draw": what, "drawn": kind}),
        }
    }

    /// A trace's `chance` entry read back, in the state before the decision that caused it.
    fn chance_from_json(state: &Self::State, chance: &Value) -> Result<ChanceOutcome, String> {
        let _ = (state, chance);
        Err(format!(
            "{} draws nothing by chance after setup",
            Self::NAME
        ))
    }

    /// What the result holds besides the scores and ranks: the tie-breaks applied, how the
    /// game ended when the engine can tell more than `stuck` and `ended_by` (`"end": "cap"`).
    fn result_json(state: &Self::State) -> Map<String, Value> {
        let _ = state;
        Map::new()
    }
}

/// One game's trace. Entries of `actions` stay raw JSON so that a bad one is reported by its
/// index rather than failing the whole document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    /// Always "silk-trace".
    pub format: String,
    pub version: u32,
    pub game: String,
    /// The seed silk set the game up with, for reference: a trace never needs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub players: usize,
    pub config: Value,
    pub setup: Value,
    pub actions: Vec<Value>,
    /// Absent in a trace written to be checked: then only the decisions are checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// The standings at the end of each round and the round the game was decided in
    /// ([`crate::standings::Timeline`]); absent in traces written before it was kept, or by
    /// tools that do not keep it. Checked like `result` when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeline: Option<Value>,
}

/// Why a trace cannot be read or played back: where (`actions[12]`, `setup`) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {place}: {reason}")]
pub struct TraceError {
    /// The file (or other origin) of the trace.
    pub path: String,
    /// The place in the document, as a JSON path (`actions[12]`, `setup.decks[1]`).
    pub place: String,
    pub reason: String,
}

impl TraceError {
    pub fn new(path: &str, place: impl Into<String>, reason: impl Into<String>) -> TraceError {
        TraceError {
            path: path.into(),
            place: place.into(),
            reason: reason.into(),
        }
    }

    /// The index of the entry of `actions` at fault, if the fault is in one.
    pub fn action_index(&self) -> Option<usize> {
        let rest = self.place.strip_prefix("actions[")?;
        rest[..rest.find(']')?].parse().ok()
    }
}

impl Trace {
    /// Reads a trace from JSON text; `origin` names it in errors.
    pub fn from_json(text: &str, origin: &str) -> Result<Trace, TraceError> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            TraceError::new(
                origin,
                format!("line {}, column {}", e.line(), e.column()),
                e.to_string(),
            )
        })?;
        Trace::from_value(value, origin)
    }

    /// Reads a trace from a JSON value, checking its header first so that the wrong kind of
    /// document says so.
    pub fn from_value(value: Value, origin: &str) -> Result<Trace, TraceError> {
        let top = |reason: String| TraceError::new(origin, "top level", reason);
        if json::text(&value, "format").ok() != Some(TRACE_FORMAT) {
            return Err(top(format!(
                "not a silk trace (missing \"format\": \"{TRACE_FORMAT}\")"
            )));
        }
        match json::uint(&value, "version", u32::MAX as u64) {
            Ok(v) if v == TRACE_VERSION as u64 => {}
            Ok(v) => {
                return Err(top(format!(
                    "trace format version {v} is not supported (this silk reads {TRACE_VERSION})"
                )))
            }
            Err(e) => return Err(top(e)),
        }
        serde_json::from_value(value).map_err(|e| top(e.to_string()))
    }

    pub fn load(path: &Path) -> Result<Trace, TraceError> {
        let origin = path.display().to_string();
        // Parsed as it is read (no copy of the text), within the limit for a trace.
        let file = crate::files::open(path, crate::files::Limit::TRACE)
            .map_err(|e| TraceError::new(&origin, "file", e.to_string()))?;
        let value: Value = serde_json::from_reader(std::io::BufReader::new(file)).map_err(|e| {
            if e.is_io() {
                TraceError::new(&origin, "file", e.to_string())
            } else {
                TraceError::new(
                    &origin,
                    format!("line {}, column {}", e.line(), e.column()),
                    e.to_string(),
                )
            }
        })?;
        Trace::from_value(value, &origin)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}
