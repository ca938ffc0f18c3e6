//! An external program as a [`Chooser`]: silk starts it and speaks JSON Lines over its stdin
//! and stdout (docs/bot-protocol.md). Its stderr passes through to silk's.
//!
//! One process per seat per thread: a program that played a game well is kept (in a pool local
//! to the thread) for that seat's next game on the same thread, which starts with a new hello;
//! one that forfeited is killed, and the next game starts it again.
//!
//! Whatever the program does, silk's memory and time stay bounded. Its output is read by a
//! thread into a queue of at most [`QUEUE`] lines of at most [`MAX_LINE`] bytes: a longer line
//! is garbage, and more lines than silk has asked for is flooding (a forfeit), as is any line
//! after an answer, before the next decision (it answered twice: its later answers would be off
//! by one). Its input is written by another thread, so a program that stops reading runs out of
//! its time instead of blocking silk. It runs in a process group of its own, stopped whole when
//! it is killed and when silk ends ([`stop_all`]), so that what it started does not outlive it;
//! and its exit is seen at once, even while a child of it still holds its output.

use crate::outside::Chooser;
use serde_json::Value;
use silk_core::{Forfeit, ForfeitKind};
use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest line read (bytes, its newline included): an answer is an index or one action.
pub const MAX_LINE: u64 = 64 << 10;

/// The most lines of a program's output waiting to be read: a program that writes more than
/// silk asks for (blank lines included) floods, and forfeits.
pub const QUEUE: usize = 16;

/// How often a wait for the program looks whether it has exited.
const POLL: Duration = Duration::from_millis(20);

/// The process groups of the programs running now, stopped by [`stop_all`].
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn groups() -> std::sync::MutexGuard<'static, Vec<u32>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A line of the program's output, or why it could not be read (the last item then).
type Line = Result<String, String>;

/// A running program: its input through a writer thread, its output's lines as a reader
/// thread receives them.
struct Process {
    child: Child,
    /// Messages for the writer thread: one at a time, each acknowledged on `written`.
    input: SyncSender<Vec<u8>>,
    written: Receiver<std::io::Result<()>>,
    lines: Receiver<Line>,
    /// The reader found the queue full and stopped reading.
    flooded: Arc<AtomicBool>,
    /// An answer has been read (a line before the next decision then answers twice).
    answered: bool,
}

/// How a wait for the program ended.
enum Waited<T> {
    Got(T),
    /// The deadline passed.
    Late,
    /// The thread at the other end stopped (the program closed the pipe).
    Gone,
    /// The program exited (a child of it may still hold the pipe).
    Exited(ExitStatus),
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
                stop_group(child.id());
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("cannot talk to {command:?}"));
            }
        };
        groups().push(child.id());
        let flooded = Arc::new(AtomicBool::new(false));
        let lines = read_lines(stdout, flooded.clone());
        let (input, written) = write_messages(stdin);
        Ok(Process {
            child,
            input,
            written,
            lines,
            flooded,
            answered: false,
        })
    }

    /// Waits for the next item of `rx` until `deadline`, looking every [`POLL`] whether the
    /// program has exited (what it wrote before is still taken).
    fn wait<T>(child: &mut Child, rx: &Receiver<T>, deadline: Instant) -> Waited<T> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left.min(POLL)) {
                Ok(v) => return Waited::Got(v),
                Err(RecvTimeoutError::Disconnected) => return Waited::Gone,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Ok(Some(status)) = child.try_wait() {
                // What it wrote just before exiting may still be on its way through the reader.
                return match rx.recv_timeout(POLL) {
                    Ok(v) => Waited::Got(v),
                    Err(_) => Waited::Exited(status),
                };
            }
            if Instant::now() >= deadline {
                return Waited::Late;
            }
        }
    }

    /// Writes `message`, read by the program before `deadline` (of `time`). First, the
    /// program must have written nothing since its last answer but blank lines.
    fn send(&mut self, message: &Value, deadline: Instant, time: Duration) -> Result<(), Forfeit> {
        self.quiet()?;
        let mut line = message.to_string();
        line.push('\n');
        // The writer holds no other message: each is acknowledged before the next is sent.
        if self.input.try_send(line.into_bytes()).is_err() {
            return Err(self.crashed("cannot be written to"));
        }
        match Self::wait(&mut self.child, &self.written, deadline) {
            Waited::Got(Ok(())) => Ok(()),
            Waited::Got(Err(e)) => Err(self.crashed(&format!("cannot be written to ({e})"))),
            Waited::Late => Err(Forfeit::new(
                ForfeitKind::Timeout,
                format!("did not read its input in {} ms", time.as_millis()),
            )),
            Waited::Gone => Err(self.crashed("cannot be written to")),
            Waited::Exited(s) => Err(self.reader_verdict().unwrap_or_else(|| exited(s))),
        }
    }

    /// Why the reader stopped reading, where it stopped on its own account (flooding, a line
    /// too long). A program silk stopped reading dies of a broken pipe when it writes again,
    /// and often before silk's next write to it fails: that is its flooding, not a crash.
    fn reader_verdict(&mut self) -> Option<Forfeit> {
        // The reader ends soon after the program does; a program still writing is bounded by
        // the queue and by this wait.
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(_)) => continue,
                Ok(Err(why)) => return Some(Forfeit::new(ForfeitKind::Garbage, why)),
                Err(_) => return self.flooded.load(Ordering::Relaxed).then(|| self.flood()),
            }
        }
    }

    /// The lines written since the last answer: blank ones pass, anything else forfeits.
    fn quiet(&mut self) -> Result<(), Forfeit> {
        // At most a queue's worth: a program writing blank lines as fast as they are taken
        // cannot hold silk here.
        for _ in 0..=QUEUE {
            match self.lines.try_recv() {
                Ok(Ok(line)) if line.trim().is_empty() => continue,
                Ok(Ok(line)) => return Err(self.extra(&line)),
                Ok(Err(why)) => return Err(Forfeit::new(ForfeitKind::Garbage, why)),
                Err(TryRecvError::Empty) if self.flooded.load(Ordering::Relaxed) => {
                    return Err(self.flood())
                }
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => return Err(self.closed()),
            }
        }
        Err(self.flood())
    }

    /// A line after an answer, before the next decision.
    fn extra(&self, line: &str) -> Forfeit {
        if self.flooded.load(Ordering::Relaxed) {
            return self.flood();
        }
        let shown: String = line.trim().chars().take(120).collect();
        let reason = if self.answered {
            format!("answered twice: {shown:?} came after its answer, before the next decision")
        } else {
            format!("wrote {shown:?} before it was asked anything")
        };
        Forfeit::new(ForfeitKind::Garbage, reason)
    }

    fn flood(&self) -> Forfeit {
        Forfeit::new(
            ForfeitKind::Garbage,
            format!("flooded: more than {QUEUE} lines that silk did not ask for"),
        )
    }

    /// The output closed: flooding (the reader stopped) or a crash.
    fn closed(&mut self) -> Forfeit {
        if self.flooded.load(Ordering::Relaxed) {
            return self.flood();
        }
        self.crashed("closed its output")
    }

    /// The next non-blank line before `deadline` (of `time`).
    fn receive(&mut self, deadline: Instant, time: Duration) -> Result<String, Forfeit> {
        loop {
            match Self::wait(&mut self.child, &self.lines, deadline) {
                Waited::Got(Ok(line)) if line.trim().is_empty() => continue,
                Waited::Got(Ok(line)) => {
                    self.answered = true;
                    return Ok(line);
                }
                Waited::Got(Err(why)) => return Err(Forfeit::new(ForfeitKind::Garbage, why)),
                Waited::Late => {
                    return Err(Forfeit::new(
                        ForfeitKind::Timeout,
                        format!("no answer in {} ms", time.as_millis()),
                    ))
                }
                Waited::Gone => return Err(self.closed()),
                Waited::Exited(s) => return Err(exited(s)),
            }
        }
    }

    /// A crash, said with the exit status when the program has exited.
    fn crashed(&mut self, what: &str) -> Forfeit {
        if let Some(f) = self.reader_verdict() {
            return f;
        }
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

/// The program exited before it answered (a child of it may still hold its output).
fn exited(status: ExitStatus) -> Forfeit {
    Forfeit::new(
        ForfeitKind::Crash,
        format!("exited ({status}) without answering"),
    )
}

/// The reader thread: the lines of `stdout`, into a queue of [`QUEUE`]. A full queue sets
/// `flooded` and ends the reading; so do a line over [`MAX_LINE`] and the end of the output.
fn read_lines(stdout: ChildStdout, flooded: Arc<AtomicBool>) -> Receiver<Line> {
    let (tx, lines) = mpsc::sync_channel(QUEUE);
    std::thread::spawn(move || {
        let mut out = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            let item = match (&mut out).take(MAX_LINE + 1).read_until(b'\n', &mut line) {
                Ok(0) => break,
                Ok(_) if line.len() as u64 > MAX_LINE => {
                    Err(format!("a line longer than {MAX_LINE} bytes"))
                }
                Ok(_) => Ok(String::from_utf8_lossy(&line).into_owned()),
                Err(e) => Err(format!("unreadable output: {e}")),
            };
            let last = item.is_err();
            match tx.try_send(item) {
                Ok(()) if !last => {}
                Err(TrySendError::Full(_)) => {
                    flooded.store(true, Ordering::Relaxed);
                    break;
                }
                _ => break,
            }
        }
    });
    lines
}

/// The writer thread: writes each message to `stdin` and says how it went, until a write fails
/// or the sender is dropped (which closes the program's input).
fn write_messages(mut stdin: ChildStdin) -> (SyncSender<Vec<u8>>, Receiver<std::io::Result<()>>) {
    let (input, messages) = mpsc::sync_channel::<Vec<u8>>(1);
    let (ack, written) = mpsc::sync_channel(1);
    std::thread::spawn(move || {
        for message in messages {
            let r = stdin.write_all(&message).and_then(|_| stdin.flush());
            let failed = r.is_err();
            if ack.send(r).is_err() || failed {
                break;
            }
        }
    });
    (input, written)
}

impl Drop for Process {
    fn drop(&mut self) {
        let id = self.child.id();
        let mut g = groups();
        let running = g.iter().position(|&p| p == id).map(|i| g.swap_remove(i));
        drop(g);
        // The group first, while the program is not yet reaped (its id cannot be reused).
        if running.is_some() {
            stop_group(id);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Stops every program still running, and what they started: when silk ends (a thread's pool
/// of programs is not dropped when the main thread returns). This thread's pool is emptied.
pub fn stop_all() {
    let _ = POOL.try_with(|p| p.borrow_mut().clear());
    let left = std::mem::take(&mut *groups());
    for id in left {
        stop_group(id);
    }
}

/// Kills process group `id` (the group a program leads: see [`shell`]).
#[cfg(unix)]
fn stop_group(id: u32) {
    // std signals one process only: the shell's kill signals a group.
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -KILL -{id} 2>/dev/null"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(not(unix))]
fn stop_group(_: u32) {}

/// The program started through `sh -c`, in a process group of its own that it leads, with a
/// watchdog in the group (no child of the program's: its own parent has exited) that stops the
/// group once silk is gone: when silk is interrupted, say, the terminal's Ctrl-C reaches only
/// silk's group.
#[cfg(unix)]
fn shell(command: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let watchdog = format!(
        "( ( while kill -0 {silk} 2>/dev/null; do sleep 1; done; kill -KILL 0 ) & ) \
         </dev/null >/dev/null 2>&1",
        silk = std::process::id()
    );
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("{watchdog}; exec {command}"))
        .process_group(0);
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
        let time = self.time;
        self.talk(|p| p.send(hello, Instant::now() + time, time))
    }

    /// The decision written and its answer read, both within the bot's time.
    fn decide(&mut self, decide: &Value) -> Result<Value, Forfeit> {
        let time = self.time;
        let deadline = Instant::now() + time;
        self.talk(|p| {
            p.send(decide, deadline, time)?;
            let line = p.receive(deadline, time)?;
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

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use serde_json::json;

    /// Issue 44, point 9: a program that never reads its input cannot block silk on a full
    /// pipe: the write is bounded by the bot's time like its answer (a message bigger than any
    /// pipe, to a program that only sleeps, forfeits on time).
    #[test]
    fn issue44_a_write_to_a_bot_that_never_reads_is_bounded_by_its_time() {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut p = Program::seat("sleep 30", 0, Duration::from_millis(300)).unwrap();
            let hello = json!({"type": "hello", "rules": "x".repeat(4 << 20)});
            let _ = tx.send(p.begin(&hello));
        });
        let r = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the write returned within the bot's time");
        let f = r.unwrap_err();
        assert_eq!(f.kind, ForfeitKind::Timeout);
        assert!(
            f.reason.contains("did not read its input in 300 ms"),
            "{f:?}"
        );
    }
}
