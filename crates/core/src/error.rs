//! Errors of the game model. Every message is one line a person can act on.

use crate::seat::Seat;
use std::any::Any;
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// Why a configuration cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{game} needs {min} to {max} players, not {got}")]
    PlayerCount {
        game: &'static str,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("invalid configuration: {0}")]
    Config(String),
    #[error("invalid game data: {0}")]
    Data(#[from] crate::data::DataError),
}

impl SetupError {
    /// `Err` unless `min <= got <= max` players.
    pub fn check_players(
        game: &'static str,
        min: usize,
        max: usize,
        got: usize,
    ) -> Result<(), SetupError> {
        if (min..=max).contains(&got) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount {
                game,
                min,
                max,
                got,
            })
        }
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error("the game is over")]
    GameOver,
    #[error("it is not {0}'s decision now")]
    NotYourTurn(Seat),
    #[error("{0}")]
    Rule(String),
    /// Refused by a shared mechanic (an auction, a track, a purse) with that crate's own typed
    /// error, e.g. silk-trade's `TradeError`: match it with [`Cause::downcast_ref`].
    #[error(transparent)]
    Mechanic(Cause),
}

impl IllegalAction {
    pub fn rule(msg: impl Into<String>) -> Self {
        IllegalAction::Rule(msg.into())
    }
}

/// Why a typed or logged action could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read action {text:?}: {reason}")]
pub struct ParseActionError {
    pub text: String,
    pub reason: String,
}

impl ParseActionError {
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        ParseActionError {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

/// Why a replay or saved game could not be used.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: line {line}, column {column}: {message}")]
    Json {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: this is a {found} replay, not {expected}")]
    WrongGame {
        path: String,
        found: String,
        expected: String,
    },
    #[error(
        "{path}: replay format version {found} is not supported (this silk reads {supported})"
    )]
    Version {
        path: String,
        found: u32,
        supported: u32,
    },
    #[error("{path}: setup failed: {source}")]
    Setup { path: String, source: SetupError },
    #[error("{path}: move {index} ({seat} {text:?}): {reason}")]
    Move {
        path: String,
        index: usize,
        seat: Seat,
        text: String,
        reason: String,
    },
}

/// A typed error from a crate the engines build on (silk-trade's `TradeError`), kept whole
/// across the crate border: a caller matches it with [`Cause::downcast_ref`], and its message
/// is the one its own crate writes. Built only when something is refused, never on the way to
/// a legal move; cloning shares it.
#[derive(Clone)]
pub struct Cause(Arc<dyn CauseError>);

/// What a [`Cause`] holds: any error that can be compared (so `IllegalAction` stays `Eq`).
trait CauseError: std::error::Error + Send + Sync + 'static {
    fn as_any(&self) -> &dyn Any;
    fn same_as(&self, other: &dyn CauseError) -> bool;
}

impl<E: std::error::Error + PartialEq + Send + Sync + 'static> CauseError for E {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same_as(&self, other: &dyn CauseError) -> bool {
        other.as_any().downcast_ref::<E>() == Some(self)
    }
}

impl Cause {
    pub fn new<E: std::error::Error + PartialEq + Send + Sync + 'static>(error: E) -> Cause {
        Cause(Arc::new(error))
    }

    /// The error itself, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.as_any().downcast_ref()
    }
}

impl fmt::Debug for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.0.same_as(&*other.0)
    }
}

impl Eq for Cause {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Error)]
    #[error("no room for {0}")]
    struct Full(u8);

    /// A cause keeps its type, its message and its equality across the border.
    #[test]
    fn cause_is_typed_compared_and_displayed_as_itself() {
        let e = IllegalAction::Mechanic(Cause::new(Full(3)));
        assert_eq!(e.to_string(), "no room for 3");
        assert_eq!(e.clone(), IllegalAction::Mechanic(Cause::new(Full(3))));
        assert_ne!(e, IllegalAction::Mechanic(Cause::new(Full(4))));
        assert_ne!(e, IllegalAction::Rule("no room for 3".into()));
        let IllegalAction::Mechanic(c) = e else {
            unreachable!()
        };
        assert_eq!(c.downcast_ref::<Full>(), Some(&Full(3)));
        assert!(c.downcast_ref::<std::fmt::Error>().is_none());
    }
}
