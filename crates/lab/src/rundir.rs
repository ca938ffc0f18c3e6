//! A run directory on disk: `run.json` (the spec), `games.jsonl` (one record a game, written
//! as the games end), `summary.json`; written atomically and locked while a run writes it, read
//! back record by record within a size limit.

use crate::{GameRecord, LabError, RunSpec, Summary};
use std::io::Write;
use std::path::Path;

/// Writes a file whole or not at all: into `NAME.part` beside it, synced, then renamed.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), LabError> {
    let io = |e: std::io::Error| LabError::Input(format!("{}: {e}", path.display()));
    let part = part_path(path);
    let mut f = silk_core::files::create_temp(&part).map_err(io)?;
    f.write_all(contents).map_err(io)?;
    f.sync_all().map_err(io)?;
    std::fs::rename(&part, path).map_err(io)
}

fn part_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".part");
    path.with_file_name(name)
}

/// Refuses to replace an existing file unless asked to.
pub fn check_new(path: &Path, force: bool) -> Result<(), LabError> {
    if !force && path.exists() {
        return Err(LabError::Input(format!(
            "{} exists: choose another path, or --force to replace it",
            path.display()
        )));
    }
    Ok(())
}

/// Locks the run directory `dir` (`dir/run.lock`) for this process until the lock is
/// dropped: a second run writing into it is refused before it writes anything, and one whose
/// holder was killed is taken over at once (the OS releases a dead process's lock).
pub fn lock_run_dir(dir: &Path) -> Result<silk_core::lock::FileLock, LabError> {
    let taken = silk_core::lock::FileLock::take(dir, &dir.join("run.lock"))
        .map_err(|e| LabError::Input(e.to_string()))?;
    Ok(taken.lock)
}

/// A run directory being written: `games.jsonl` grows as games finish (as `games.jsonl.part`
/// until the run is complete); `run.json` and `summary.json` appear only with a whole run.
/// The directory is locked from the start to the end of the run.
pub struct RunWriter {
    dir: std::path::PathBuf,
    games: std::io::BufWriter<std::fs::File>,
    _lock: silk_core::lock::FileLock,
}

impl RunWriter {
    /// Prepares `dir` before any game is played, so a bad path fails at once, not after the run.
    pub fn create(dir: &Path, force: bool) -> Result<RunWriter, LabError> {
        let io = |e: std::io::Error| LabError::Input(format!("{}: {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(io)?;
        let lock = lock_run_dir(dir)?;
        for name in ["run.json", "games.jsonl", "summary.json"] {
            check_new(&dir.join(name), force)?;
        }
        let part = part_path(&dir.join("games.jsonl"));
        let f = silk_core::files::create_temp(&part)
            .map_err(|e| LabError::Input(format!("{}: {e}", part.display())))?;
        Ok(RunWriter {
            dir: dir.to_path_buf(),
            games: std::io::BufWriter::new(f),
            _lock: lock,
        })
    }

    pub fn write(&mut self, r: &GameRecord) -> Result<(), LabError> {
        let line = serde_json::to_string(r).map_err(|e| LabError::Engine(e.to_string()))?;
        writeln!(self.games, "{line}")
            .map_err(|e| LabError::Input(format!("{}: {e}", self.dir.display())))
    }

    /// Completes the directory: the records synced and renamed, then the spec and the summary.
    pub fn finish(self, spec: &RunSpec, summary: &Summary) -> Result<(), LabError> {
        let io = |e: std::io::Error| LabError::Input(format!("{}: {e}", self.dir.display()));
        let f = self.games.into_inner().map_err(|e| io(e.into_error()))?;
        f.sync_all().map_err(io)?;
        let games = self.dir.join("games.jsonl");
        std::fs::rename(part_path(&games), &games).map_err(io)?;
        let json = |v: &dyn erased::Ser| v.to_pretty() + "\n";
        write_atomic(&self.dir.join("run.json"), json(spec).as_bytes())?;
        // The lock (in what is left of `self`) goes once the directory is whole.
        write_atomic(&self.dir.join("summary.json"), json(summary).as_bytes())
    }
}

/// Writes a whole run into `dir` (replacing one there): `run.json`, `games.jsonl` (one record
/// a line) and `summary.json`.
pub fn write_run(
    dir: &Path,
    spec: &RunSpec,
    records: &[GameRecord],
    summary: &Summary,
) -> Result<(), LabError> {
    let mut w = RunWriter::create(dir, true)?;
    for r in records {
        w.write(r)?;
    }
    w.finish(spec, summary)
}

mod erased {
    /// Pretty JSON of any serialisable value, behind a trait object.
    pub trait Ser {
        fn to_pretty(&self) -> String;
    }
    impl<T: serde::Serialize> Ser for T {
        fn to_pretty(&self) -> String {
            serde_json::to_string_pretty(self).unwrap_or_default()
        }
    }
}

/// Reads a run directory's `run.json`, checking its shard.
pub fn read_spec(dir: &Path) -> Result<RunSpec, LabError> {
    let spec_path = dir.join("run.json");
    let spec: RunSpec =
        silk_core::data::read_json(&spec_path).map_err(|e| LabError::Input(e.to_string()))?;
    if let Some(sh) = spec.shard {
        sh.checked()
            .map_err(|e| LabError::Input(format!("{}: {e}", spec_path.display())))?;
    }
    Ok(spec)
}

/// Hands each record of a run directory's `games.jsonl` to `each`, one line at a time, each
/// checked as a game of the run `spec` ([`GameRecord::check`]).
pub fn read_records(
    dir: &Path,
    spec: &RunSpec,
    each: &mut dyn FnMut(GameRecord) -> Result<(), LabError>,
) -> Result<(), LabError> {
    let games_path = dir.join("games.jsonl");
    let f = std::fs::File::open(&games_path)
        .map_err(|e| LabError::Input(format!("{}: {e}", games_path.display())))?;
    let mut reader = std::io::BufReader::new(f);
    let mut line = String::new();
    let run = spec.id();
    for i in 1.. {
        let at = |e: &dyn std::fmt::Display| {
            LabError::Input(format!("{}: line {i}: {e}", games_path.display()))
        };
        if !silk_core::files::read_line(&mut reader, &mut line, silk_core::files::Limit::RECORD)
            .map_err(|e| at(&e))?
        {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let r: GameRecord = serde_json::from_str(&line).map_err(|e| at(&e))?;
        r.check(spec, &run).map_err(|e| at(&e))?;
        each(r)?;
    }
    Ok(())
}

/// Reads a run directory written by [`write_run`] into memory.
pub fn read_run(dir: &Path) -> Result<(RunSpec, Vec<GameRecord>), LabError> {
    let spec = read_spec(dir)?;
    let mut records = Vec::new();
    read_records(dir, &spec, &mut |r| {
        records.push(r);
        Ok(())
    })?;
    Ok((spec, records))
}
