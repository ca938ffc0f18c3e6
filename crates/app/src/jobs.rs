//! Design jobs over shards: `silk sweep`, `silk compare` (variants, mechanics), `silk ladder` and
//! `silk tune` with `--shard K/N --out DIR` play slice K of N of every run the job plays, and
//! `silk lab merge` puts the slices back together into exactly the unsharded job.
//!
//! A design job is many lab runs (a sweep's settings, a comparison's variants, a ladder's legs,
//! a tune's evaluations), each `(game, config, bots, seed, games)` with games seeded by index
//! alone. Every game a command plays goes through [`crate::lab::run_batch_fold`], so the
//! sharding lives there: a [`Recorder`] keeps each run's records of the slice as a run
//! directory (`DIR/runs/I/`, as `silk simulate --shard K/N --out` writes one), and `job.json`,
//! written last, names the command. The merge checks the shards are slices of one job that cover
//! it, then runs the command again with a [`Replayer`] that hands it each run's records from the
//! shards, in game order, instead of playing them: the same folds over the same records in the
//! same order, hence the same output to the last digit. A merge with `--out` records what it
//! replays, so the merged directory is the job run whole (and merges again, alone).

use crate::error::{CliError, CliResult};
use crate::output::Out;
use crate::output::Outputs;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use silk_lab::{Cursor, Fold, GameRecord, LabError, Merge, RunSpec, Shard};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Where a batch's games come from besides being played, and where they go.
#[derive(Clone, Default)]
pub struct GamesIo {
    /// Read the games from a merge's shards instead of playing them.
    pub replay: Option<Arc<Replayer>>,
    /// Keep every game's record in a job directory.
    pub record: Option<Arc<Recorder>>,
}

impl std::fmt::Debug for GamesIo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GamesIo")
            .field("replay", &self.replay.is_some())
            .field("record", &self.record.as_ref().map(|r| &r.dir))
            .finish()
    }
}

/// `job.json`: which command the job is and which slice of it this directory holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobFile {
    /// The command's arguments after `silk`, without those that do not change its games or
    /// its result (`--shard`, `--out`, `--threads`, `--html`, `--force`, `--json`, `--quiet`).
    pub command: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Run directories under `runs/`, numbered from 1 in the order the job first played them.
    pub runs: usize,
    /// Time spent choosing, per bot (a ladder's): name, nanoseconds, decisions. A merge sums
    /// the shards' (times are measured, not replayed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<(String, u64, u64)>,
}

/// The arguments a job directory keeps: this process's, less those that change neither the
/// games nor the result (each given again to the merge where it applies).
pub fn job_command(args: impl Iterator<Item = String>) -> Vec<String> {
    let mut kept = Vec::new();
    let mut skip_value = false;
    for a in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        let name = a.split_once('=').map_or(a.as_str(), |(n, _)| n);
        if UNKEPT_VALUED.contains(&name) {
            skip_value = !a.contains('=');
        } else if !UNKEPT_FLAGS.contains(&name) {
            kept.push(a);
        }
    }
    kept
}

/// The options [`job_command`] never keeps (where the merge writes is the merge's own to say):
/// flags, and options with a value.
const UNKEPT_FLAGS: [&str; 4] = ["--json", "--quiet", "-q", "--force"];
const UNKEPT_VALUED: [&str; 4] = ["--shard", "--out", "--threads", "--html"];

/// Refuses a job command holding an option silk never keeps in a job: a job.json that names
/// one (an `--html` or `--out` path to write) was not written by silk, and the merge does not
/// write where a file received from someone else says.
fn refuse_unkept(command: &[String], dir: Option<&Path>) -> CliResult<()> {
    let unkept = command.iter().find(|a| {
        let name = a.split_once('=').map_or(a.as_str(), |(n, _)| n);
        UNKEPT_FLAGS.contains(&name) || UNKEPT_VALUED.contains(&name)
    });
    match unkept {
        Some(a) => Err(CliError::input(format!(
            "{}: its command holds `{}`, which silk never keeps in a job: not a job.json silk wrote",
            dir.map_or_else(|| "job.json".into(), |d| d.join("job.json").display().to_string()),
            a.chars().filter(|c| !c.is_control()).take(40).collect::<String>()
        ))),
        None => Ok(()),
    }
}

/// The games of a design command given `--shard` and `--out`: played and kept in `out` (the
/// slice `shard`, or every game), or replayed from a merge (`merged`, set by `silk lab merge`).
pub fn games_io(
    merged: &GamesIo,
    shard: Option<&str>,
    out: Option<&Path>,
    force: bool,
) -> CliResult<GamesIo> {
    if merged.replay.is_some() || merged.record.is_some() {
        return Ok(merged.clone());
    }
    let Some(dir) = out else {
        return Ok(GamesIo::default());
    };
    let shard = shard.map(Shard::parse).transpose()?;
    let command = job_command(std::env::args().skip(1));
    Ok(GamesIo {
        replay: None,
        record: Some(Arc::new(Recorder::create(dir, shard, command, force)?)),
    })
}

/// One run of the job being recorded.
struct Recorded {
    /// The run, unsharded: what its slices in other shards are matched by.
    whole: RunSpec,
    /// Games written so far (the next index expected).
    next: u64,
    fold: Fold,
}

/// Keeps the records of every run a job plays in `DIR/runs/I/` (see the module notes).
pub struct Recorder {
    dir: PathBuf,
    shard: Option<Shard>,
    command: Vec<String>,
    runs: Mutex<Vec<Recorded>>,
    clocks: Mutex<Vec<(String, u64, u64)>>,
    _lock: silk_core::lock::FileLock,
}

/// A run's records being written during one batch.
pub struct RunFile {
    file: std::io::BufWriter<std::fs::File>,
    path: PathBuf,
    run: usize,
    next: u64,
}

impl Recorder {
    /// Prepares `dir` (refusing an earlier job's unless `force`) before any game is played.
    pub fn create(
        dir: &Path,
        shard: Option<Shard>,
        command: Vec<String>,
        force: bool,
    ) -> CliResult<Recorder> {
        let io = |e: std::io::Error| CliError::input(format!("{}: {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(io)?;
        let lock = silk_lab::lock_run_dir(dir)?;
        for name in ["job.json", "run.json"] {
            silk_lab::check_new(&dir.join(name), force)?;
        }
        // A job starts afresh: nothing of an earlier one is kept (one without job.json
        // never finished).
        let _ = std::fs::remove_file(dir.join("job.json"));
        let _ = std::fs::remove_dir_all(dir.join("runs"));
        std::fs::create_dir_all(dir.join("runs")).map_err(io)?;
        Ok(Recorder {
            dir: dir.to_path_buf(),
            shard,
            command,
            runs: Mutex::new(Vec::new()),
            clocks: Mutex::new(Vec::new()),
            _lock: lock,
        })
    }

    fn run_dir(&self, run: usize) -> PathBuf {
        self.dir.join("runs").join((run + 1).to_string())
    }

    /// Opens the records of `spec`'s run for appending the games of `spec`'s slice.
    pub fn open(&self, spec: &RunSpec) -> CliResult<RunFile> {
        let whole = RunSpec {
            shard: None,
            ..spec.clone()
        };
        let mut runs = self.runs.lock().map_err(|_| poisoned())?;
        let run = match runs.iter().position(|r| r.whole == whole) {
            Some(i) => i,
            None => {
                runs.push(Recorded {
                    fold: Fold::new(&whole),
                    whole,
                    next: spec.indices().start,
                });
                runs.len() - 1
            }
        };
        let dir = self.run_dir(run);
        std::fs::create_dir_all(&dir)
            .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
        let path = dir.join("games.jsonl.part");
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        Ok(RunFile {
            file: std::io::BufWriter::new(file),
            path,
            run,
            next: runs[run].next,
        })
    }

    /// Ends a batch's writing: the records on disk, the run's summary folded.
    pub fn close(&self, mut f: RunFile, records: &[GameRecord]) -> CliResult<()> {
        f.file
            .flush()
            .map_err(|e| CliError::input(format!("{}: {e}", f.path.display())))?;
        let mut runs = self.runs.lock().map_err(|_| poisoned())?;
        let run = &mut runs[f.run];
        for r in records {
            run.fold.add(r);
        }
        run.next = f.next;
        Ok(())
    }

    /// Completes the job directory: each run's records, spec and summary, then `result.json`
    /// and `result.txt` (what the command printed, for a whole job), then `job.json`.
    pub fn finish(&self, result: Option<(&str, &Value)>) -> CliResult<()> {
        let runs = self.runs.lock().map_err(|_| poisoned())?;
        for (i, r) in runs.iter().enumerate() {
            let dir = self.run_dir(i);
            let io = |e: std::io::Error| CliError::input(format!("{}: {e}", dir.display()));
            let part = dir.join("games.jsonl.part");
            std::fs::File::open(&part)
                .and_then(|f| f.sync_all())
                .map_err(io)?;
            std::fs::rename(&part, dir.join("games.jsonl")).map_err(io)?;
            let spec = RunSpec {
                shard: self.shard,
                ..r.whole.clone()
            };
            write_json(&dir.join("run.json"), &spec)?;
            write_json(&dir.join("summary.json"), &r.fold.summary(&spec))?;
        }
        if let (None, Some((text, json))) = (self.shard, result) {
            write_json(&self.dir.join("result.json"), json)?;
            silk_lab::write_atomic(&self.dir.join("result.txt"), text.as_bytes())?;
        }
        write_json(
            &self.dir.join("job.json"),
            &JobFile {
                command: self.command.clone(),
                shard: self.shard,
                runs: runs.len(),
                clocks: self.clocks.lock().map_err(|_| poisoned())?.clone(),
            },
        )
    }

    /// Keeps the time each bot spent choosing (see [`JobFile::clocks`]).
    pub fn set_clocks(&self, clocks: Vec<(String, u64, u64)>) {
        if let Ok(mut c) = self.clocks.lock() {
            *c = clocks;
        }
    }
}

impl RunFile {
    /// Writes one record (a game played again in the same job, as when two settings of a
    /// sweep are the same config, is the same game: written once).
    pub fn write(&mut self, r: &GameRecord) -> Result<bool, LabError> {
        if r.index < self.next {
            return Ok(false);
        }
        let line = serde_json::to_string(r).map_err(|e| LabError::Engine(e.to_string()))?;
        writeln!(self.file, "{line}")
            .map_err(|e| LabError::Input(format!("{}: {e}", self.path.display())))?;
        self.next = r.index + 1;
        Ok(true)
    }
}

fn poisoned() -> CliError {
    CliError::Internal("a job's record keeper was left half-way by a failed thread".into())
}

fn write_json(path: &Path, value: &impl Serialize) -> CliResult<()> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CliError::Internal(e.to_string()))? + "\n";
    Ok(silk_lab::write_atomic(path, text.as_bytes())?)
}

/// A run of the job, its shard directories, and where reading it has got to.
struct Replayed {
    whole: RunSpec,
    dirs: Vec<PathBuf>,
    cursor: Option<(Cursor, u64)>,
}

/// Hands a merged job's records to the command run again (see the module notes).
pub struct Replayer {
    runs: Mutex<Vec<Replayed>>,
    /// The shards' clocks summed, per bot (see [`JobFile::clocks`]).
    pub clocks: Vec<(String, u64, u64)>,
}

impl Replayer {
    /// Whether the shards hold games of `spec`'s run.
    pub fn holds(&self, spec: &RunSpec) -> bool {
        let whole = RunSpec {
            shard: None,
            ..spec.clone()
        };
        self.runs
            .lock()
            .is_ok_and(|runs| runs.iter().any(|r| r.whole == whole))
    }

    /// Hands each game of `spec`'s slice to `each`, in game order, from the shards.
    pub fn replay(
        &self,
        spec: &RunSpec,
        each: &mut dyn FnMut(GameRecord) -> Result<(), LabError>,
    ) -> CliResult<()> {
        let whole = RunSpec {
            shard: None,
            ..spec.clone()
        };
        let mut runs = self.runs.lock().map_err(|_| poisoned())?;
        let Some(run) = runs.iter_mut().find(|r| r.whole == whole) else {
            return Err(not_in_shards(&whole, &runs));
        };
        let range = spec.indices();
        // A run read again from its start (the same config twice in a job) opens afresh.
        if run
            .cursor
            .as_ref()
            .is_none_or(|(_, next)| *next > range.start)
        {
            let dirs: Vec<&Path> = run.dirs.iter().map(PathBuf::as_path).collect();
            run.cursor = Some((Merge::open(&dirs)?.cursor(), 0));
        }
        let Some((cursor, next)) = run.cursor.as_mut() else {
            return Ok(());
        };
        while *next < range.end {
            let r = cursor.next_record()?.ok_or_else(|| {
                CliError::input(format!("the shards end at game {next} of {}", range.end))
            })?;
            *next = r.index + 1;
            if r.index >= range.start {
                each(r)?;
            }
        }
        cursor.park()?;
        Ok(())
    }
}

/// Why the shards hold no games of the run `whole` that the job, run again, plays: most often
/// its config differs from theirs (a config or data file changed since the shards were
/// played), which is named with the first place it differs.
fn not_in_shards(whole: &RunSpec, runs: &[Replayed]) -> CliError {
    let what = format!(
        "the shards hold no games of a run this job plays ({}, seed {})",
        whole.game, whole.seed
    );
    let same_but_config = runs.iter().find(|r| {
        r.whole.game == whole.game
            && r.whole.bots == whole.bots
            && r.whole.seed == whole.seed
            && r.whole.games == whole.games
            && r.whole.rotate == whole.rotate
    });
    let Some(other) = same_but_config else {
        return CliError::input(format!(
            "{what}: the shards' runs differ in game, bots, seed or games (the shards of \
             another job, or written by another version of silk)"
        ));
    };
    let (at, theirs, ours) = first_difference(&other.whole.config, &whole.config, "config");
    CliError::input(format!(
        "{what}: the shards were played with another config ({}: {at} is {theirs} there, \
         {ours} now): a config or data file the command reads changed since, or the merge runs \
         from another directory (or another version of silk)",
        other
            .dirs
            .first()
            .map_or(String::new(), |d| d.join("run.json").display().to_string())
    ))
}

/// The first place two JSON values differ, as a path (`config.params.rounds`), with each value
/// there (shortened).
fn first_difference(a: &Value, b: &Value, at: &str) -> (String, String, String) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if w == v => {}
                    Some(w) => return first_difference(v, w, &format!("{at}.{k}")),
                    None => return (format!("{at}.{k}"), short(v), "absent".into()),
                }
            }
            if let Some((k, w)) = y.iter().find(|(k, _)| !x.contains_key(*k)) {
                return (format!("{at}.{k}"), "absent".into(), short(w));
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            if let Some(i) = (0..x.len()).find(|&i| x[i] != y[i]) {
                return first_difference(&x[i], &y[i], &format!("{at}[{i}]"));
            }
        }
        _ => {}
    }
    (at.to_string(), short(a), short(b))
}

/// A JSON value in a message: whole when short, cut otherwise.
fn short(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// Whether `dir` holds a design job (`job.json`) rather than a simulate run.
pub fn is_job(dir: &Path) -> bool {
    dir.join("job.json").is_file()
}

fn read_job(dir: &Path) -> CliResult<JobFile> {
    let path = dir.join("job.json");
    let job: JobFile =
        silk_core::data::read_json(&path).map_err(|e| CliError::input(e.to_string()))?;
    // A shard outside 1..=N (an edited or damaged file) is named, never indexed with.
    if let Some(sh) = job.shard {
        sh.checked()
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    }
    Ok(job)
}

/// Runs a design job's command line again (silk-cli parses it) with its games given by the
/// `GamesIo`: how a merge of the job's shards computes its result.
pub type Rerun<'a> = &'a mut dyn FnMut(&[String], GamesIo, &mut Out) -> CliResult<()>;

/// `silk lab merge` of design-job directories: checked to be the slices of one job that cover
/// it once each, then the command run again over their records by `rerun`.
pub fn merge(dirs: &[PathBuf], to: Outputs, out: &mut Out, rerun: Rerun) -> CliResult<()> {
    let (job, have) = shards(dirs)?;
    let replay = Some(Arc::new(replayer(&have)?));
    let record = match to.dir {
        Some(d) => Some(Arc::new(Recorder::create(
            d,
            None,
            job.command.clone(),
            to.force,
        )?)),
        None => None,
    };
    let mut command = job.command.clone();
    // A tune writes no report (its result is text and JSON).
    let html = to
        .html
        .filter(|_| job.command.first().is_some_and(|c| c != "tune"));
    if let (Some(path), None) = (to.html, html) {
        out.message(&format!(
            "silk tune writes no report: {} not written",
            path.display()
        ));
    }
    if let Some(html) = html {
        command.push("--html".into());
        command.push(html.display().to_string());
        if to.force {
            command.push("--force".into());
        }
    }
    let io = GamesIo { replay, record };
    rerun(&command, io, out)
}

/// The job the directories are shards of, and the directory of each shard by K, once they are
/// known to be the shards of one job, each once, all of them.
fn shards(dirs: &[PathBuf]) -> CliResult<(JobFile, BTreeMap<u64, &Path>)> {
    let mut job: Option<JobFile> = None;
    // The directory of each shard given, by K (N may be any u64: nothing is sized by it).
    let mut have: BTreeMap<u64, &Path> = BTreeMap::new();
    let mut n = 1;
    for dir in dirs {
        let j = read_job(dir)?;
        match &job {
            None => {
                n = j.shard.map_or(1, |s| s.n);
                job = Some(j.clone());
            }
            Some(first) if first.command != j.command => {
                return Err(CliError::input(format!(
                    "{}: a shard of another job (its command is `silk {}`, not `silk {}`)",
                    dir.display(),
                    j.command.join(" "),
                    first.command.join(" ")
                )))
            }
            Some(_) if j.shard.map_or(1, |s| s.n) != n => {
                return Err(CliError::input(format!(
                    "{}: one shard of {}, where the first is one of {n}",
                    dir.display(),
                    j.shard.map_or(1, |s| s.n),
                )))
            }
            Some(_) => {}
        }
        let k = j.shard.map_or(1, |s| s.k);
        if let Some(other) = have.insert(k, dir) {
            return Err(CliError::input(format!(
                "{} and {} are both shard {k} of {n}",
                other.display(),
                dir.display()
            )));
        }
    }
    let job = job.ok_or_else(|| CliError::input("no job directories given"))?;
    refuse_unkept(&job.command, have.values().next().copied())?;
    if have.len() as u64 != n {
        // The first few missing, in order (N may be far more than the directories given).
        const LISTED: usize = 10;
        let missing: Vec<String> = (1..=n)
            .filter(|k| !have.contains_key(k))
            .take(LISTED)
            .map(|k| k.to_string())
            .collect();
        let more = n - have.len() as u64 - missing.len() as u64;
        return Err(CliError::input(format!(
            "shards missing (of {n}): {}{}",
            missing.join(" "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        )));
    }
    Ok((job, have))
}

/// Every run of the job, with its directory in each shard, matched by what the run is; and
/// the shards' clocks summed.
fn replayer(have: &BTreeMap<u64, &Path>) -> CliResult<Replayer> {
    let mut runs: Vec<Replayed> = Vec::new();
    let mut clocks: Vec<(String, u64, u64)> = Vec::new();
    for dir in have.values() {
        let j = read_job(dir)?;
        for (bot, nanos, decisions) in &j.clocks {
            match clocks.iter_mut().find(|c| c.0 == *bot) {
                Some(c) => {
                    c.1 = c.1.saturating_add(*nanos);
                    c.2 = c.2.saturating_add(*decisions);
                }
                None => clocks.push((bot.clone(), *nanos, *decisions)),
            }
        }
        for i in 1..=j.runs {
            let run_dir = dir.join("runs").join(i.to_string());
            let spec = silk_lab::read_spec(&run_dir)?;
            let whole = RunSpec {
                shard: None,
                ..spec
            };
            match runs.iter_mut().find(|r| r.whole == whole) {
                Some(r) => r.dirs.push(run_dir),
                None => runs.push(Replayed {
                    whole,
                    dirs: vec![run_dir],
                    cursor: None,
                }),
            }
        }
    }
    Ok(Replayer {
        runs: Mutex::new(runs),
        clocks,
    })
}

/// After a job command has printed its result: completes its job directory, if it keeps one.
pub fn finish(io: &GamesIo, out: &Out) -> CliResult<()> {
    if let Some(rec) = &io.record {
        let kept = out.kept();
        rec.finish(kept.as_ref().map(|(t, v)| (t.as_str(), v)))?;
    }
    Ok(())
}

/// Hands each game of `spec` to `each`: played by `play`, or replayed from a merge's shards, and
/// kept in the job's directory when it keeps one (for the commands that play their runs
/// themselves rather than through `lab::run_batch_fold`: the ladder).
pub fn each_game(
    io: &GamesIo,
    spec: &RunSpec,
    play: impl FnOnce(&mut dyn FnMut(GameRecord) -> Result<(), LabError>) -> Result<(), LabError>,
    each: &mut dyn FnMut(GameRecord) -> Result<(), LabError>,
) -> CliResult<()> {
    let mut kept = match &io.record {
        Some(rec) => Some((rec.open(spec)?, Vec::new())),
        None => None,
    };
    let mut keep = |r: GameRecord| {
        if let Some((file, written)) = kept.as_mut() {
            if file.write(&r)? {
                written.push(r.clone());
            }
        }
        each(r)
    };
    match &io.replay {
        Some(replay) => replay.replay(spec, &mut keep)?,
        None => play(&mut keep)?,
    }
    if let (Some(rec), Some((file, written))) = (&io.record, kept) {
        rec.close(file, &written)?;
    }
    Ok(())
}
