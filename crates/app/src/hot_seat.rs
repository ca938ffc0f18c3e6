//! Several humans at one terminal (hot seat): before a human's private view is shown, the
//! screen is cleared and the terminal handed over ("pass to P2, press Enter"), so that no one
//! sees another seat's view. Only at an interactive terminal: scripts and piped input play on
//! as before.

use crate::error::{CliError, CliResult};
use crate::narrate::Narration;
use crate::output::Out;
use silk_core::Seat;
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

/// Where humans' moves come from.
pub enum MoveSource {
    /// Interactive: a bad entry is answered and prompted again.
    Stdin(Box<dyn BufRead>),
    /// A script file, one move per line (`#` comments, blank lines skipped): a bad line is an error.
    Script {
        path: PathBuf,
        lines: std::vec::IntoIter<(usize, String)>,
    },
}

impl MoveSource {
    pub fn script(path: PathBuf) -> CliResult<Self> {
        let text = silk_core::files::read_text(&path, silk_core::files::Limit::SCRIPT)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        let lines: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim().to_string()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        Ok(MoveSource::Script {
            path,
            lines: lines.into_iter(),
        })
    }
}

/// Clears the screen and its scrollback, and puts the cursor home.
pub(crate) const CLEAR: &str = "\x1b[2J\x1b[3J\x1b[H";

/// At most this many lines of "since your last turn".
const RECAP_LINES: usize = 40;

/// Whether the screen must be cleared before `next` is shown their view: only at an
/// interactive terminal (`tty`), with two humans or more, and when the view last shown (if
/// any) was not `next`'s own.
pub fn handoff_needed(tty: bool, humans: usize, last_shown: Option<Seat>, next: Seat) -> bool {
    tty && humans >= 2 && last_shown != Some(next)
}

/// Whether this session is a person at a terminal: moves typed (not a script) with stdin and
/// stderr (where views and prompts go) both terminals.
pub fn interactive(source: &MoveSource) -> bool {
    matches!(source, MoveSource::Stdin(_))
        && std::io::stdin().is_terminal()
        && std::io::stderr().is_terminal()
}

/// Who last saw their view, and how much of the narration each human has seen.
pub struct HotSeat {
    tty: bool,
    humans: usize,
    last_shown: Option<Seat>,
    seen: Vec<usize>,
}

impl HotSeat {
    pub fn new(tty: bool, humans: usize, seats: usize) -> HotSeat {
        HotSeat {
            tty,
            humans,
            last_shown: None,
            seen: vec![0; seats],
        }
    }

    /// Before `seat`'s view is shown: hands the terminal over if needed, then recaps what
    /// happened since their last turn. `false` when input ended while waiting (the player left).
    pub fn before_view(
        &mut self,
        seat: Seat,
        source: &mut MoveSource,
        narration: &Narration,
        out: &mut Out,
    ) -> CliResult<bool> {
        if handoff_needed(self.tty, self.humans, self.last_shown, seat) {
            out.control(CLEAR);
            out.prompt_inline(&format!(
                "Pass the terminal to {seat}. {seat}, press Enter when only you can see the screen. "
            ));
            if !wait_for_enter(source)? {
                return Ok(false);
            }
            out.control(CLEAR);
            recap(seat, narration.since(self.seen[seat.index()]), out);
        }
        self.last_shown = Some(seat);
        self.seen[seat.index()] = narration.len();
        Ok(true)
    }
}

fn recap(seat: Seat, lines: &[String], out: &mut Out) {
    if lines.is_empty() {
        return;
    }
    let from = lines.len().saturating_sub(RECAP_LINES);
    out.prompt(&format!(
        "Since {seat}'s last turn:\n  {}",
        lines[from..].join("\n  ")
    ));
}

/// Reads one line; `false` at the end of input.
fn wait_for_enter(source: &mut MoveSource) -> CliResult<bool> {
    match source {
        MoveSource::Stdin(input) => {
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) => Ok(false),
                Ok(_) => Ok(true),
                Err(e) => Err(CliError::input(format!("stdin: {e}"))),
            }
        }
        MoveSource::Script { .. } => Ok(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P1: Seat = Seat(0);
    const P2: Seat = Seat(1);

    #[test]
    fn clear_between_different_humans_at_a_terminal_only() {
        // Two humans at a terminal: the first view and each change of human are handed over.
        assert!(handoff_needed(true, 2, None, P1));
        assert!(handoff_needed(true, 2, Some(P1), P2));
        assert!(handoff_needed(true, 3, Some(P2), P1));
        // The same human again (bots moved in between): their view may stay.
        assert!(!handoff_needed(true, 2, Some(P1), P1));
        // One human: nobody to hide from.
        assert!(!handoff_needed(true, 1, None, P1));
        assert!(!handoff_needed(true, 1, Some(P2), P1));
        // A script or piped input: never.
        assert!(!handoff_needed(false, 2, None, P1));
        assert!(!handoff_needed(false, 4, Some(P1), P2));
    }

    #[test]
    fn a_script_is_never_interactive() {
        let source = MoveSource::Script {
            path: "moves.txt".into(),
            lines: Vec::new().into_iter(),
        };
        assert!(!interactive(&source));
    }
}
