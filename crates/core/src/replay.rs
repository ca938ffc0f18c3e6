//! The action log and replay format: versioned JSON holding the config, the seed and every move
//! as `(seat, action string)`. `(config, seed, moves)` reproduces a game exactly.

use crate::error::ReplayError;
use crate::game::Game;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The format version this build writes and reads.
pub const REPLAY_VERSION: u32 = 1;

/// One decision as logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoggedMove {
    pub seat: Seat,
    pub action: String,
    /// Milliseconds the seat took to decide, from the question to the answer: kept in a
    /// playtest's record ([`Playtest`]), absent in a plain save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
}

/// A game people played, as its playtest record keeps it (the lab reads a folder of them:
/// `silk playtests`): when it started and who sat where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playtest {
    /// When the first move was asked for, in UTC (`2026-12-05T20:14:03Z`).
    pub started: String,
    /// Where the group played, as the host typed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Each seat in order: who sat there and who decided for it.
    pub seats: Vec<PlaytestSeat>,
    /// What the people answered after the result, one entry per person who answered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub feedback: Vec<Feedback>,
}

/// One person's answers to the playtest questions (each may be skipped).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feedback {
    /// The seat the person played (0 for P1).
    pub seat: u8,
    /// How much they enjoyed it, 1 (not at all) to 5 (very much).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enjoyment: Option<u8>,
    /// How the length felt: `too long`, `about right` or `too short`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<String>,
    /// The round they were most engaged in (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub most_engaged_round: Option<u32>,
    /// The round they were least engaged in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least_engaged_round: Option<u32>,
    /// The sections of the rules (`silk rules GAME`) they found unclear.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unclear: Vec<String>,
    /// Anything else, in their words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Set while the person is still answering on their phone: the question (from 1) they had
    /// reached when this was written, so a resumed server asks from there. Absent once they
    /// are done (or the host ended the questions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_question: Option<u8>,
}

impl Playtest {
    /// Keeps `f` as its person's answers: in place of the ones that person gave before, or
    /// added (the people stay in the order they first answered).
    pub fn keep_feedback(&mut self, f: Feedback) {
        match self.feedback.iter_mut().find(|old| old.seat == f.seat) {
            Some(old) => *old = f,
            None => self.feedback.push(f),
        }
    }
}

impl Feedback {
    /// Whether any question has an answer (a person may skip them all).
    pub fn said_anything(&self) -> bool {
        let silent = Feedback {
            seat: self.seat,
            at_question: self.at_question,
            ..Feedback::default()
        };
        *self != silent
    }
}

/// One seat of a playtest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaytestSeat {
    /// The player's name, or the seat's label (`P2`) when none was given.
    pub name: String,
    /// `human`, or the bot that played the seat.
    pub player: String,
}

/// A game's full record.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct Replay<G: Game> {
    /// Always "silk-replay": tells a replay from other JSON.
    pub format: String,
    pub version: u32,
    pub game: String,
    pub seed: u64,
    pub config: G::Config,
    /// Who played, when and where: in a playtest's record only (before the moves, which a
    /// save appends to).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playtest: Option<Playtest>,
    pub moves: Vec<LoggedMove>,
}

// By hand: a derived `Clone` would ask the game type itself to be `Clone`.
impl<G: Game> Clone for Replay<G> {
    fn clone(&self) -> Self {
        Replay {
            format: self.format.clone(),
            version: self.version,
            game: self.game.clone(),
            seed: self.seed,
            config: self.config.clone(),
            playtest: self.playtest.clone(),
            moves: self.moves.clone(),
        }
    }
}

impl<G: Game> Replay<G> {
    pub fn new(config: G::Config, seed: u64) -> Self {
        Replay {
            format: "silk-replay".into(),
            version: REPLAY_VERSION,
            game: G::NAME.into(),
            seed,
            config,
            playtest: None,
            moves: Vec::new(),
        }
    }

    /// Appends a move already applied to `state_before` (needed to write the action's string).
    pub fn record(&mut self, state_before: &G::State, seat: Seat, action: G::Action) {
        self.moves.push(LoggedMove {
            seat,
            action: G::action_to_string(state_before, action),
            ms: None,
        });
    }

    /// Replays every move from a fresh setup; `origin` names the source in errors.
    pub fn run(&self, origin: &str) -> Result<G::State, ReplayError> {
        self.run_each(origin, |_, _, _| {})
    }

    /// As `run`, calling `after(index, state, events)` after each move (index from 0) with the
    /// state it left and the events it produced.
    pub fn run_each(
        &self,
        origin: &str,
        mut after: impl FnMut(usize, &G::State, &[G::Event]),
    ) -> Result<G::State, ReplayError> {
        let mut events = Vec::new();
        let mut state = G::setup(&self.config, self.seed).map_err(|source| ReplayError::Setup {
            path: origin.into(),
            source,
        })?;
        for (index, m) in self.moves.iter().enumerate() {
            let fail = |reason: String| ReplayError::Move {
                path: origin.into(),
                index: index + 1,
                seat: m.seat,
                text: m.action.clone(),
                reason,
            };
            // Engines index their arrays by seat: a seat the table lacks is the file's error.
            if m.seat.index() >= G::num_seats(&state) {
                return Err(fail(format!(
                    "the game has {} seats, no {}",
                    G::num_seats(&state),
                    m.seat
                )));
            }
            let action = G::parse_action(&state, m.seat, &m.action).map_err(|e| fail(e.reason))?;
            events.clear();
            G::apply_with(&mut state, m.seat, action, &mut events)
                .map_err(|e| fail(e.to_string()))?;
            after(index, &state, &events);
        }
        Ok(state)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a replay from JSON text, checking format, game and version.
    pub fn from_json(text: &str, origin: &str) -> Result<Self, ReplayError> {
        // Check the header first so a wrong game says so, rather than failing on its config.
        #[derive(Deserialize)]
        struct Header {
            format: Option<String>,
            version: Option<u32>,
            game: Option<String>,
        }
        let json_err = |e: serde_json::Error| ReplayError::Json {
            path: origin.into(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        };
        let header: Header = serde_json::from_str(text).map_err(json_err)?;
        if header.format.as_deref() != Some("silk-replay") {
            return Err(ReplayError::Json {
                path: origin.into(),
                line: 1,
                column: 1,
                message: "not a silk replay (missing \"format\": \"silk-replay\")".into(),
            });
        }
        if let Some(found) = header.game.filter(|g| g != G::NAME) {
            return Err(ReplayError::WrongGame {
                path: origin.into(),
                found,
                expected: G::NAME.into(),
            });
        }
        if let Some(found) = header.version.filter(|v| *v != REPLAY_VERSION) {
            return Err(ReplayError::Version {
                path: origin.into(),
                found,
                supported: REPLAY_VERSION,
            });
        }
        serde_json::from_str(text).map_err(json_err)
    }

    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        let origin = path.display().to_string();
        let text = crate::files::read_text(path, crate::files::Limit::SAVE).map_err(|source| {
            ReplayError::Io {
                path: origin.clone(),
                source,
            }
        })?;
        Self::from_json(&text, &origin)
    }

    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        std::fs::write(path, self.to_json() + "\n").map_err(|source| ReplayError::Io {
            path: path.display().to_string(),
            source,
        })
    }
}
