//! Reading game data: every error names the file and the place in it, on one line.

use crate::cause::Cause;
use std::path::Path;

/// Why game data is unusable: which file, where in it (a JSON path, or a line and column), and
/// what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {}{message}", if at.is_empty() { String::new() } else { format!("{at}: ") })]
pub struct DataError {
    pub file: String,
    pub at: String,
    pub message: String,
    /// The typed error `message` reads, when a lower crate found the fault (silk-trade's
    /// `TradeError` for a map that does not hold together).
    #[source]
    pub cause: Option<Cause>,
}

impl DataError {
    pub fn new(file: &str, at: impl Into<String>, message: impl Into<String>) -> Self {
        DataError {
            file: file.into(),
            at: at.into(),
            message: message.into(),
            cause: None,
        }
    }

    /// The fault `cause` found at `at` in `file`; the message is the cause's own.
    pub fn caused(file: &str, at: impl Into<String>, cause: impl Into<Cause>) -> Self {
        let cause = cause.into();
        DataError {
            message: cause.to_string(),
            cause: Some(cause),
            ..DataError::new(file, at, "")
        }
    }
}

/// Parses JSON text into `T`; errors name `file`, the line and the column.
pub fn parse_json<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| {
        // serde_json ends its message with " at line L column C": say it up front instead.
        let msg = e.to_string();
        let msg = msg.rfind(" at line ").map(|i| &msg[..i]).unwrap_or(&msg);
        DataError::new(
            file,
            format!("line {}, column {}", e.line(), e.column()),
            msg,
        )
    })
}

/// Reads and parses a JSON file.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, DataError> {
    let file = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::Limit::DATA)
        .map_err(|e| DataError::new(&file, "", e.to_string()))?;
    parse_json(&text, &file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Cfg {
        players: u8,
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let e = parse_json::<Cfg>("{\"players\": 3,\n \"playerz\": 4}", "cfg.json").unwrap_err();
        assert_eq!(
            e.to_string(),
            "cfg.json: line 2, column 10: unknown field `playerz`, expected `players`"
        );
        let e = read_json::<Cfg>(Path::new("/nonexistent/x.json")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("/nonexistent/x.json: No such file"),
            "{e}"
        );
    }
}
