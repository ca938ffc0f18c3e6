//! An external program as a [`Chooser`]: silk starts it and speaks JSON Lines over its stdin
//! and stdout (docs/bot-protocol.md). Its stderr passes through to silk's.
//!
//! One process per seat per thread: a program that played a game well is kept (in a pool local
//! to the thread) for that seat's next game on the same thread, which starts with a new hello;
//! one that forfeited is killed, and the next game starts it again. A line longer than
//! [`MAX_LINE`] is garbage, so a runaway program cannot exhaust memory; a program silent for
//! longer than its time budget forfeits and is killed, so it cannot hang a run.

use crate::outside::Chooser;
use serde_json::Value;
use silk_core::{Forfeit, ForfeitKind};
use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The longest answer line read (bytes).
pub const MAX_LINE: u64 = 1 << 20;

/// A running program: its input, and its output's lines as a reader thread receives them.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
}

impl Process {
    fn start(command: &str) -> Result<Process, String> {
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("cannot talk to {command:?}"));
            }
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                let read = (&mut out).take(MAX_LINE + 1).read_until(b'\n', &mut line);
                let sent = match read {
                    Ok(0) => break,
                    Ok(_) if line.len() as u64 > MAX_LINE => {
                        let _ = tx.send(Err(format!("a line longer than {MAX_LINE} bytes")));
                        break;
                    }
                    Ok(_) => tx.send(Ok(String::from_utf8_lossy(&line).into_owned())),
                    Err(e) => {
                        let _ = tx.send(Err(format!("unreadable output: {e}")));
                        break;
                    }
                };
                if sent.is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, message: &Value) -> Result<(), Forfeit> {
        let mut line = message.to_string();
        line.push('\n');
        self.stdin
            .write_all(line.as_bytes())
            .and_then(|_| self.stdin.flush())
            .map_err(|e| self.crashed(&format!("cannot be written to ({e})")))
    }

    /// The next non-blank line within `time`.
    fn receive(&mut self, time: Duration) -> Result<String, Forfeit> {
        let deadline = std::time::Instant::now() + time;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) if line.trim().is_empty() => continue,
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(why)) => return Err(Forfeit::new(ForfeitKind::Garbage, why)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Forfeit::new(
                        ForfeitKind::Timeout,
                        format!("no answer in {} ms", time.as_millis()),
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.crashed("closed its output"))
                }
            }
        }
    }

    /// A crash, said with the exit status when the program has exited.
    fn crashed(&mut self, what: &str) -> Forfeit {
        // A program that closed its output is usually exiting: give it a moment to say how.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let reason = match status {
            Some(s) => format!("{what}: exited ({s})"),
            None => what.to_string(),
        };
        Forfeit::new(ForfeitKind::Crash, reason)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(unix)]
fn shell(command: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg(format!("exec {command}"));
    c
}

#[cfg(not(unix))]
fn shell(command: &str) -> Command {
    let mut c = Command::new("cmd");
    c.arg("/C").arg(command);
    c
}

thread_local! {
    /// Programs that finished a game well, by command and seat, for this thread's next game.
    static POOL: RefCell<Vec<(String, usize, Process)>> = const { RefCell::new(Vec::new()) };
}

/// A program in one seat, for one game.
pub struct Program {
    command: String,
    seat: usize,
    time: Duration,
    /// `None` once it has forfeited (killed).
    process: Option<Process>,
}

impl Program {
    /// The program `command` for `seat` (this thread's, if one is waiting; started otherwise),
    /// allowed `time` per answer. A command that cannot be started is an error of the run.
    pub fn seat(command: &str, seat: usize, time: Duration) -> Result<Program, String> {
        let kept = POOL.with(|p| {
            let mut p = p.borrow_mut();
            let i = p.iter().position(|(c, s, _)| c == command && *s == seat)?;
            Some(p.swap_remove(i).2)
        });
        let process = match kept {
            Some(p) => p,
            None => Process::start(command)?,
        };
        Ok(Program {
            command: command.to_string(),
            seat,
            time,
            process: Some(process),
        })
    }

    fn talk<T>(
        &mut self,
        f: impl FnOnce(&mut Process) -> Result<T, Forfeit>,
    ) -> Result<T, Forfeit> {
        let Some(p) = self.process.as_mut() else {
            return Err(Forfeit::new(ForfeitKind::Crash, "stopped after a forfeit"));
        };
        let r = f(p);
        if r.is_err() {
            // Killed now (its Drop): the next game starts it again.
            self.process = None;
        }
        r
    }
}

impl Chooser for Program {
    fn begin(&mut self, hello: &Value) -> Result<(), Forfeit> {
        self.talk(|p| p.send(hello))
    }

    fn decide(&mut self, decide: &Value) -> Result<Value, Forfeit> {
        let time = self.time;
        self.talk(|p| {
            p.send(decide)?;
            let line = p.receive(time)?;
            serde_json::from_str(line.trim()).map_err(|e| {
                let shown: String = line.trim().chars().take(120).collect();
                Forfeit::new(ForfeitKind::Garbage, format!("answered {shown:?}: {e}"))
            })
        })
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            let (command, seat) = (std::mem::take(&mut self.command), self.seat);
            // During a thread's exit the pool may be gone: the process is then just killed.
            let _ = POOL.try_with(|pool| pool.borrow_mut().push((command, seat, p)));
        }
    }
}
