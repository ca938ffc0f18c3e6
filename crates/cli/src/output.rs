//! Where the CLI writes: data to stdout (text, or JSON Lines with `--json`), messages and
//! prompts to stderr so that piped output stays clean.

use serde_json::Value;
use std::io::Write;

pub struct Out {
    pub json: bool,
    /// `--quiet`: no messages and no progress bars on stderr.
    pub quiet: bool,
    /// The first failed write to stdout (a full disk, a closed pipe): the command exits
    /// non-zero instead of pretending its output was delivered.
    pub failed: Option<std::io::Error>,
}

impl Out {
    pub fn new(json: bool) -> Out {
        Out {
            json,
            quiet: false,
            failed: None,
        }
    }

    fn wrote(&mut self, r: std::io::Result<()>) {
        if let (Err(e), None) = (r, &self.failed) {
            self.failed = Some(e);
        }
    }

    /// A line of output: `text` normally, the JSON value with `--json`.
    pub fn line(&mut self, text: &str, value: Value) {
        let mut stdout = std::io::stdout().lock();
        let r = if self.json {
            writeln!(stdout, "{value}")
        } else {
            writeln!(stdout, "{text}")
        };
        drop(stdout);
        self.wrote(r);
    }

    /// A JSON document (with `--json`) or text block.
    pub fn doc(&mut self, text: &str, value: &Value) {
        let mut stdout = std::io::stdout().lock();
        let r = if self.json {
            writeln!(
                stdout,
                "{}",
                serde_json::to_string_pretty(value).unwrap_or_default()
            )
        } else {
            write!(stdout, "{text}")
        };
        drop(stdout);
        self.wrote(r);
    }

    /// Flushes stdout; the first failed write of the whole command, if any.
    pub fn finish(&mut self) -> Option<&std::io::Error> {
        let r = std::io::stdout().lock().flush();
        self.wrote(r);
        self.failed.as_ref()
    }

    /// Information for the person running the command, not data.
    pub fn message(&mut self, text: &str) {
        if !self.quiet {
            eprintln!("{text}");
        }
    }

    /// Whether long runs show a progress bar: on a terminal, unless the output is JSON for
    /// another tool or `--quiet` asked for silence.
    pub fn progress(&self) -> bool {
        !self.json && !self.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr())
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
