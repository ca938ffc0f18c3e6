//! CLI errors: one line on stderr, exit code 2 for anything the user can fix.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum CliError {
    /// Bad arguments, bad files, bad moves in a script: the user can fix it.
    #[error("{0}")]
    Input(String),
    /// A failure inside an engine: a bug to report.
    #[error("internal error: {0}")]
    Internal(String),
}

impl CliError {
    pub fn input(msg: impl Into<String>) -> Self {
        CliError::Input(msg.into())
    }

    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) => 2,
            CliError::Internal(_) => 1,
        }
    }
}

impl From<silk_core::ReplayError> for CliError {
    fn from(e: silk_core::ReplayError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<silk_core::SetupError> for CliError {
    fn from(e: silk_core::SetupError) -> Self {
        CliError::Input(e.to_string())
    }
}

pub type CliResult<T> = Result<T, CliError>;
