//! Where the CLI writes: data to stdout (text, or JSON Lines with `--json`), messages and
//! prompts to stderr so that piped output stays clean.

use serde_json::Value;
use std::io::Write;

pub struct Out {
    pub json: bool,
}

impl Out {
    /// A line of output: `text` normally, the JSON value with `--json`.
    pub fn line(&mut self, text: &str, value: Value) {
        let mut stdout = std::io::stdout().lock();
        let _ = if self.json {
            writeln!(stdout, "{value}")
        } else {
            writeln!(stdout, "{text}")
        };
    }

    /// A JSON document (with `--json`) or text block.
    pub fn doc(&mut self, text: &str, value: &Value) {
        let mut stdout = std::io::stdout().lock();
        let _ = if self.json {
            writeln!(
                stdout,
                "{}",
                serde_json::to_string_pretty(value).unwrap_or_default()
            )
        } else {
            write!(stdout, "{text}")
        };
    }

    /// Information for the person running the command, not data.
    pub fn message(&mut self, text: &str) {
        eprintln!("{text}");
    }

    /// Text shown to a human who must answer (views, choices, help).
    pub fn prompt(&mut self, text: &str) {
        eprintln!("{text}");
    }

    pub fn prompt_inline(&mut self, text: &str) {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "{text}");
        let _ = err.flush();
    }
}
