//! Where the CLI writes: data to stdout (text, or JSON Lines with `--json`), messages and
//! prompts to stderr so that piped output stays clean.
//!
//! Every write goes through here and is checked: nothing panics on a full disk or a closed
//! pipe (std's `print!` does). A failed write to stdout is kept and ends the command (see
//! `main`: exit 2, or 0 quietly when the reader closed the pipe); stdout is not written again
//! after a failure. Text for a terminal has its control characters removed ([`printable`]):
//! names from files and arguments (a city, a player, a bot in run.json) could otherwise carry
//! escape sequences that retitle the window, hide text or move the cursor. JSON escapes them
//! itself.

use serde_json::Value;
use std::borrow::Cow;
use std::io::Write;

pub struct Out {
    pub json: bool,
    /// `--quiet`: no messages and no progress bars on stderr.
    pub quiet: bool,
    /// The first failed write to stdout (a full disk, a closed pipe): the command exits
    /// non-zero instead of pretending its output was delivered.
    pub failed: Option<std::io::Error>,
    /// Where stdout's writes go instead of stdout, if anywhere ([`Out::captured`]).
    capture: Option<Vec<u8>>,
    /// The last document written ([`Out::doc`]), in both forms: a design job keeps it.
    last_doc: Option<(String, Value)>,
}

/// `text` without the control characters a terminal acts on (C0 but newline and tab, DEL,
/// C1) nor the invisible marks that reorder text (bidirectional overrides); borrowed when
/// there is none.
pub fn printable(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    };
    if text.chars().any(hidden) {
        Cow::Owned(text.chars().filter(|&c| !hidden(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// Writes `text` to stderr, ignoring failure (there is nowhere left to report it).
pub fn to_stderr(text: &str, newline: bool) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(printable(text).as_bytes());
    if newline {
        let _ = err.write_all(b"\n");
    }
    let _ = err.flush();
}

impl Out {
    pub fn new(json: bool) -> Out {
        Out {
            json,
            quiet: false,
            failed: None,
            capture: None,
            last_doc: None,
        }
    }

    /// An `Out` that keeps what the command writes to stdout (read it with [`Out::text`]),
    /// for running a command in-process (silk-cli's tests and [`crate::calls::run_json`]).
    pub fn captured(json: bool) -> Out {
        Out {
            quiet: true,
            capture: Some(Vec::new()),
            ..Out::new(json)
        }
    }

    /// What a captured `Out` has been given so far (empty for one writing to stdout).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.capture.as_deref().unwrap_or_default()).into_owned()
    }

    /// Writes to stdout unless a write has failed already; keeps the first failure.
    fn write(&mut self, parts: &[&[u8]]) {
        if self.failed.is_some() {
            return;
        }
        if let Some(buf) = &mut self.capture {
            parts.iter().for_each(|p| buf.extend_from_slice(p));
            return;
        }
        let mut stdout = std::io::stdout().lock();
        for p in parts {
            if let Err(e) = stdout.write_all(p) {
                self.failed = Some(e);
                return;
            }
        }
    }

    /// A line of output: `text` normally, the JSON value with `--json`.
    pub fn line(&mut self, text: &str, value: Value) {
        if self.json {
            self.write(&[value.to_string().as_bytes(), b"\n"]);
        } else {
            self.write(&[printable(text).as_bytes(), b"\n"]);
        }
    }

    /// [`Out::line`] in a style (a terminal's colour sequence, from this code), if any.
    pub fn line_in(&mut self, style: Option<&'static str>, text: &str, value: Value) {
        match style {
            Some(style) if !self.json => {
                self.write(&[style.as_bytes(), printable(text).as_bytes(), b"\x1b[0m\n"])
            }
            _ => self.line(text, value),
        }
    }

    /// A JSON document (with `--json`) or text block.
    pub fn doc(&mut self, text: &str, value: &Value) {
        self.last_doc = Some((text.to_string(), value.clone()));
        if self.json {
            let pretty = serde_json::to_string_pretty(value).unwrap_or_default();
            self.write(&[pretty.as_bytes(), b"\n"]);
        } else {
            self.write(&[printable(text).as_bytes()]);
        }
    }

    /// The last document written, as text and as JSON.
    pub fn kept(&self) -> Option<(String, Value)> {
        self.last_doc.clone()
    }

    /// Text written as it is, JSON or not (a bundled data file, a trace).
    pub fn raw(&mut self, text: &str) {
        self.write(&[text.as_bytes()]);
    }

    /// Flushes stdout; the first failed write of the whole command, if any.
    pub fn finish(&mut self) -> Option<&std::io::Error> {
        if self.failed.is_none() {
            if let Err(e) = std::io::stdout().lock().flush() {
                self.failed = Some(e);
            }
        }
        self.failed.as_ref()
    }

    /// Information for the person running the command, not data.
    pub fn message(&mut self, text: &str) {
        if !self.quiet {
            to_stderr(text, true);
        }
    }

    /// Whether long runs show a progress bar: on a terminal, unless the output is JSON for
    /// another tool or `--quiet` asked for silence.
    pub fn progress(&self) -> bool {
        !self.json && !self.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr())
    }

    /// Text shown to a human who must answer (views, choices, help).
    pub fn prompt(&mut self, text: &str) {
        to_stderr(text, true);
    }

    pub fn prompt_inline(&mut self, text: &str) {
        to_stderr(text, false);
    }

    /// A control sequence of silk's own for the terminal on stderr (clearing the screen
    /// between hot-seat players): the one thing written unfiltered.
    pub fn control(&mut self, sequence: &'static str) {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(sequence.as_bytes());
        let _ = err.flush();
    }
}

/// Where a run's results go.
pub struct Outputs<'a> {
    pub dir: Option<&'a std::path::Path>,
    pub html: Option<&'a std::path::Path>,
    /// Replace existing files.
    pub force: bool,
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_removed_and_lines_kept() {
        assert_eq!(printable("Ana\tBen\nCleo"), "Ana\tBen\nCleo");
        assert_eq!(
            printable("An\u{1b}]0;owned\u{7}a \u{1b}[2J\r\u{9b}31m\u{7f}x\u{202e}y"),
            "An]0;owneda [2J31mxy"
        );
    }
}
