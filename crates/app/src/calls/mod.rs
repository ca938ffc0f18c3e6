//! The lab's commands as calls with typed arguments: `silk simulate`, `compare`, `sweep`,
//! `ladder` and `learn`. silk-cli turns a command line into one of these requests; the Python
//! package builds them directly. Each `run` writes its result through [`Out`] as text or JSON.

mod compare;
mod ladder;
mod learn;
mod simulate;
mod sweep;

pub use compare::Compare;
pub use ladder::Ladder;
pub use learn::Learn;
pub use simulate::Simulate;
pub use sweep::Sweep;

use crate::error::{CliError, CliResult};
use crate::games::{DataFiles, SetValue};
use crate::lab;
use crate::output::Out;
use serde::Deserialize;
use serde_json::json;
use std::path::PathBuf;

/// A game's data and parameters as a command gives them: a whole config file, bundled files
/// replaced, and values set (the shorthands `map`, `tiles`, `reverse`, `modules`, `edition`
/// stand for the files and values of the same names).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Data {
    pub config: Option<PathBuf>,
    pub map: Option<PathBuf>,
    pub tiles: Option<PathBuf>,
    pub reverse: bool,
    pub modules: Vec<String>,
    pub edition: Option<String>,
    /// Data files as `NAME=PATH`.
    pub files: Vec<String>,
    /// Config values as `PATH=VALUE` (the value JSON, or else text).
    pub sets: Vec<String>,
}

impl Data {
    /// The generic files and changes the flags stand for: `map P` is `file map=P`, `tiles P`
    /// is `file tiles=P`, `reverse` is `set reverse=true`, `edition E` is `set edition="E"`,
    /// `modules A,B` is `set modules=["a","b"]`.
    pub fn files(&self) -> CliResult<DataFiles<'_>> {
        self.files_with(self.config.as_deref())
    }

    /// [`Data::files`] with the config file `config` (for a caller that keeps its own).
    pub fn files_with<'a>(&self, config: Option<&'a std::path::Path>) -> CliResult<DataFiles<'a>> {
        let mut files: Vec<(String, String)> = Vec::new();
        for (name, path) in [("map", &self.map), ("tiles", &self.tiles)] {
            if let Some(path) = path {
                files.push((name.to_string(), path.display().to_string()));
            }
        }
        for f in &self.files {
            let (name, path) = f
                .split_once('=')
                .ok_or_else(|| CliError::input(format!("--file {f}: write NAME=PATH")))?;
            files.push((name.trim().to_string(), path.to_string()));
        }
        let mut sets = Vec::new();
        if self.reverse {
            sets.push(set("reverse", json!(true), "--reverse"));
        }
        if let Some(e) = &self.edition {
            sets.push(set("edition", json!(e), &format!("--edition {e}")));
        }
        if !self.modules.is_empty() {
            // "none" (or nothing) is the base game; names are matched without case.
            let modules: Vec<String> = self
                .modules
                .iter()
                .map(|m| m.trim().to_ascii_lowercase())
                .filter(|m| !m.is_empty() && m != "none")
                .collect();
            let flag = format!("--modules {}", self.modules.join(","));
            sets.push(set("modules", json!(modules), &flag));
        }
        for f in &self.sets {
            let (path, value) = f
                .split_once('=')
                .ok_or_else(|| CliError::input(format!("--set {f}: write PATH=VALUE")))?;
            let value = silk_lab::sweep::parse_value(value);
            sets.push(set(path.trim(), value, &format!("--set {f}")));
        }
        Ok(DataFiles {
            config,
            files,
            sets,
        })
    }
}

fn set(path: &str, value: serde_json::Value, flag: &str) -> SetValue {
    SetValue {
        path: path.to_string(),
        value,
        flag: flag.to_string(),
    }
}

/// A batch of bot games as a command asks for it (`silk simulate`'s flags; the defaults are
/// the command line's).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct BatchRequest {
    pub games: u64,
    /// One bot for every seat, or one per seat; none: random.
    pub bots: Vec<String>,
    pub players: Option<usize>,
    pub seed: u64,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// `K/N`: only that slice of the games.
    pub shard: Option<String>,
    pub max_decisions: u64,
    pub check: bool,
    pub no_rotate: bool,
    pub data: Data,
    /// Milliseconds an external bot may take per answer.
    pub bot_time_ms: u64,
}

impl Default for BatchRequest {
    fn default() -> BatchRequest {
        BatchRequest {
            games: 1000,
            bots: Vec::new(),
            players: None,
            seed: 1,
            threads: 0,
            shard: None,
            max_decisions: 100_000,
            check: false,
            no_rotate: false,
            data: Data::default(),
            bot_time_ms: crate::outside::DEFAULT_BOT_TIME_MS,
        }
    }
}

impl BatchRequest {
    /// The batch (and the time budget of the external bots it seats, for this command).
    /// Callers that build the request themselves get the command line's bounds from
    /// [`BatchRequest::check`].
    pub fn batch(&self, out: &Out) -> lab::Batch {
        crate::outside::set_bot_time(self.bot_time_ms);
        lab::Batch {
            progress: out.progress(),
            games: self.games,
            bots: self.bots.clone(),
            seed: self.seed,
            threads: self.threads,
            shard: self.shard.clone(),
            max_decisions: self.max_decisions,
            check: self.check,
            no_rotate: self.no_rotate,
            io: Default::default(),
        }
    }

    /// The command line's bounds: at least one decision a game and one millisecond a bot.
    pub fn check(&self) -> CliResult<()> {
        if self.max_decisions == 0 || self.bot_time_ms == 0 {
            return Err(CliError::input(
                "max decisions and bot time must be at least 1",
            ));
        }
        Ok(())
    }

    /// Players: as given, else the number of bots named (if more than one).
    pub fn players(&self) -> Option<usize> {
        self.players.or(players_named(&self.bots))
    }
}

/// The number of players a bot list names: one name per seat when there are several (one
/// name is for every seat, whatever their number). `silk play` and `silk simulate` alike.
pub fn players_named(bots: &[String]) -> Option<usize> {
    (bots.len() > 1).then_some(bots.len())
}

/// One call as JSON, `{"simulate": {…}}` and so on (the Python package's lab functions): the
/// fields of each request by name, those left out at the command line's defaults; a batch's
/// fields (`games`, `bots`, `seed`, …) sit beside the command's own.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Call {
    Simulate(Simulate),
    Compare(Compare),
    Sweep(Sweep),
    Ladder(Ladder),
    Learn(Learn),
    Playtests(Playtests),
}

impl Call {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        match self {
            Call::Simulate(c) => c.run(out),
            Call::Compare(c) => c.run(out),
            Call::Sweep(c) => c.run(out),
            Call::Ladder(c) => c.run(out),
            Call::Learn(c) => c.run(out),
            Call::Playtests(c) => crate::playtest::book::run(&c.dir, c.game, None, out),
        }
    }
}

/// `silk playtests DIR`: a folder of playtest records read as a book.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playtests {
    pub dir: std::path::PathBuf,
    /// The game, when the folder holds records of several.
    #[serde(default)]
    pub game: Option<crate::games::GameName>,
}

/// Runs the call `json` (a [`Call`]) in this process: what it writes to stdout as JSON, or
/// its error in one line. Messages and progress bars stay off.
pub fn run_json(json: &str) -> Result<String, String> {
    let call: Call = serde_json::from_str(json).map_err(|e| format!("a call: {e}"))?;
    let mut out = Out::captured(true);
    call.run(&mut out).map_err(|e| e.to_string())?;
    match out.failed {
        Some(e) => Err(format!("cannot write the output: {e}")),
        None => Ok(out.text()),
    }
}

/// The command line's defaults a request's fields take when a call leaves them out.
mod default {
    pub fn one() -> u64 {
        1
    }
    pub fn hundred_thousand() -> u64 {
        100_000
    }
    pub fn bot_time_ms() -> u64 {
        crate::outside::DEFAULT_BOT_TIME_MS
    }
}

#[cfg(test)]
mod tests {
    use super::run_json;

    /// A call is the command's work: the same seed gives the same summary as the command
    /// line's defaults, whichever fields are left out.
    #[test]
    fn a_call_runs_its_command_with_the_command_lines_defaults() {
        let short = run_json(r#"{"simulate": {"game": "nim", "games": 12, "threads": 1}}"#)
            .expect("a simulation");
        let long = run_json(
            r#"{"simulate": {"game": "nim", "games": 12, "threads": 1, "seed": 1,
                "max_decisions": 100000, "bots": [], "data": {}}}"#,
        )
        .expect("a simulation");
        assert_eq!(short, long);
        let doc: serde_json::Value = serde_json::from_str(&short).expect("JSON");
        assert_eq!(doc["games"], 12, "{doc}");
    }

    /// Bad calls are refused with one line, never a panic: not JSON, an unknown command or
    /// game, and values the command line would refuse.
    #[test]
    fn a_bad_call_is_refused_with_a_reason() {
        for (call, says) in [
            ("simulate", "a call"),
            (r#"{"play": {"game": "nim"}}"#, "unknown variant"),
            (
                r#"{"simulate": {"game": "chess"}}"#,
                "no game called \"chess\"",
            ),
            (
                r#"{"simulate": {"game": "nim", "max_decisions": 0}}"#,
                "at least 1",
            ),
            (
                r#"{"learn": {"game": "nim", "games": 3}}"#,
                "games: 3 is under 5",
            ),
            (
                r#"{"learn": {"game": "nim", "every": 0}}"#,
                "every: 0 is under 1",
            ),
        ] {
            let e = run_json(call).expect_err(call);
            assert!(e.contains(says), "{call}: {e}");
            assert!(!e.contains('\n'), "{call}: {e}");
        }
    }
}
