//! Errors of the game model. Every message is one line a person can act on.

use crate::cause::Cause;
use crate::seat::Seat;
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
