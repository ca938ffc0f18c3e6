//! Helpers shared by the end-to-end tests.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The `silk` binary of this build.
pub fn silk() -> Command {
    Command::cargo_bin("silk").expect("the silk binary is built")
}

/// A fresh, empty directory for one test (`suite` and `name` keep tests apart):
/// `silk-tests/<pid>/<suite>-<name>` in the system's temp dir. A test program first removes the
/// folders of test programs that have ended, so runs do not pile up (CI runs filled the disk);
/// a program's folders stay until the next one starts, to be read after a failure.
pub fn temp_dir(suite: &str, name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    let root = std::env::temp_dir().join("silk-tests");
    SWEEP.call_once(|| remove_ended(&root));
    let dir = root
        .join(std::process::id().to_string())
        .join(format!("{suite}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temp dir can be created");
    dir
}

/// Removes the folders under `root` named for a process that no longer runs. Only where
/// `/proc` tells which processes run (Linux); elsewhere nothing is removed.
pub fn remove_ended(root: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let pid = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok());
        if pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The part of a Markdown text between two marker comments (a doc's table a test holds to the
/// code): from the start marker, up to the end marker.
#[allow(dead_code)] // for the tests that check docs against the code
pub fn marked<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("the marker {start:?}"));
    let to = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("the marker {end:?}"));
    &text[from..from + to]
}

/// Every crate under `crates/` with a manifest, in name order of its directory: its package
/// name and its directory.
#[allow(dead_code)] // for the tests that check docs against the code
pub fn workspace_crates() -> Vec<(String, PathBuf)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("crates/")
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|dir| {
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
            let name = manifest
                .lines()
                .find_map(|l| l.strip_prefix("name = "))?
                .trim_matches('"')
                .to_string();
            Some((name, dir))
        })
        .collect()
}

/// Runs `silk ARGS`, which must succeed: what it printed on stdout.
#[allow(dead_code)] // not every test file reads the text
pub fn stdout_of(args: &[&str]) -> String {
    ok_stdout(silk().args(args))
}

/// Runs `cmd`, which must succeed: what it printed on stdout.
#[allow(dead_code)] // not every test file reads the text
pub fn ok_stdout(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).expect("silk prints UTF-8")
}

/// Runs `silk ARGS`, which must be refused as bad input (exit code 2): what it said on stderr.
#[allow(dead_code)] // not every test file checks refusals
pub fn refusal(args: &[&str]) -> String {
    let out = silk()
        .args(args)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    String::from_utf8(out).expect("silk prints UTF-8")
}

/// Runs `silk --json ARGS`, which must succeed, and reads the JSON document it prints.
#[allow(dead_code)] // not every test file reads JSON
pub fn json_doc(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&json_text(args)).expect("--json prints one JSON document")
}

/// `silk --json ARGS` (which must succeed): its stdout as text.
#[allow(dead_code)] // not every test file reads JSON
pub fn json_text(args: &[&str]) -> String {
    let out = silk()
        .arg("--json")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("--json prints UTF-8")
}

/// An external bot as a shell script in `dir` (no python needed): `before` runs once when it
/// starts, then `answer` for each decision, until its input ends. `cmd:sh FILE`, for --bots.
#[allow(dead_code)] // not every test file seats an external bot
pub fn shell_bot(dir: &std::path::Path, name: &str, before: &str, answer: &str) -> String {
    let path = dir.join(name);
    let text = format!(
        "{before}\nwhile read -r line; do\n  case $line in\n    *'\"type\":\"hello\"'*) ;;\n    \
         *) {answer} ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, text).expect("the bot script can be written");
    format!("cmd:sh {}", path.display())
}

/// The run directory of a Splendor run with an external bot (a shell script that always takes
/// the first action) against greedy: a directory for the test, the run in it, and the `--bots`
/// it was played with.
#[allow(dead_code)] // not every test file reads a run with a program in it
pub fn run_with_a_program(suite: &str, name: &str) -> (PathBuf, PathBuf, String) {
    let dir = temp_dir(suite, name);
    let bot = shell_bot(&dir, "first.sh", "", "echo 0");
    let bots = format!("{bot},greedy");
    let run = dir.join("run");
    silk()
        .args(["simulate", "splendor", "--games", "2", "--bots", &bots])
        .args(["--threads", "1", "--out"])
        .arg(&run)
        .assert()
        .success();
    (dir, run, bots)
}

/// A `silk` process that keeps running while a test types to it and reads its lines (stderr
/// dropped): for the tests that need a second process beside a live one.
#[allow(dead_code)] // not every test file drives a live process
pub struct Live {
    pub child: std::process::Child,
    pub stdin: Option<std::process::ChildStdin>,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

#[allow(dead_code)]
impl Live {
    /// Starts `silk ARGS`.
    pub fn start<I, S>(args: I) -> Live
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        use std::process::Stdio;
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("silk"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("silk starts");
        let stdin = child.stdin.take();
        let stdout = std::io::BufReader::new(child.stdout.take().expect("piped stdout"));
        Live {
            child,
            stdin,
            stdout,
        }
    }

    /// Types `text` (sent at once).
    pub fn type_in(&mut self, text: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin
            .write_all(text.as_bytes())
            .expect("silk reads its input");
        stdin.flush().expect("silk reads its input");
    }

    /// Reads lines until one `until` accepts, and returns it; fails if silk stops first.
    pub fn read_until(&mut self, until: impl Fn(&str) -> bool) -> String {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("silk's output");
            assert!(n > 0, "silk stopped before the line the test waits for");
            if until(&line) {
                return line;
            }
        }
    }

    /// Closes its input (end of input: silk stops as its user would) and waits for it.
    pub fn finish(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.child.wait().expect("silk exits")
    }
}

/// Starts `silk ARGS` (a game whose person in seat 1 answers `1` on stdin), waits until that
/// person's `entries` moves have been told, then kills it with SIGKILL: no exit path of silk's
/// own runs.
#[allow(dead_code)] // not every test file kills a game
pub fn kill_after_entries(args: &[&str], entries: usize) {
    let mut live = Live::start(args);
    // Each entry answered before the next is typed (so it was saved).
    for _ in 0..entries {
        live.type_in("1\n");
        // One line per move: the person's own moves are told as "P1 …".
        live.read_until(|l| l.starts_with("P1 "));
    }
    live.child.kill().expect("silk is killed");
    live.child.wait().expect("silk ends");
}
