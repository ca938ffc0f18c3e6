//! silk-lab: the playtest lab. Runs thousands of bot games of any engine in parallel,
//! deterministically; summarises them (win rates with Wilson intervals, seat advantage, game
//! length, margins, lead changes, branching, per-engine metrics); sweeps parameters; merges
//! shards; writes self-contained HTML reports.

pub mod bench;
pub mod extremes;
pub mod ladder;
pub mod measure;
pub mod paired;
pub mod replay;
pub mod report;
pub mod run;
pub mod stats;
pub mod summary;
pub mod sweep;
pub mod targets;
pub mod time;
pub mod traces;
pub mod tune;

pub use run::{game_seed, play_one, GameRecord, RunSpec, Shard};
pub use summary::{Fold, Summary};

use silk_core::{Observe, Player};
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// Bad arguments or files: the user can fix it.
    #[error("{0}")]
    Input(String),
    /// An engine or bot misbehaved.
    #[error("{0}")]
    Engine(String),
}

/// Makes the bot of `seat` (named `name`) with `seed`, for one game.
pub type BotFactory<'a, G> =
    dyn Fn(usize, &str, u64) -> Result<Box<dyn Player<G>>, LabError> + Sync + 'a;

/// How one run plays its games.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// A game still running after this many decisions is counted unfinished.
    pub max_decisions: u64,
    /// Check the engine's invariants after every decision (a soak that verifies rules).
    pub check: bool,
}

/// Games a thread takes at a time, at most: few enough that the threads end a run together
/// (a short run takes smaller batches, at least 16 per thread).
const BATCH: u64 = 64;
/// Batches played ahead of the record being handed on, when records are handed on: memory
/// does not depend on the length of the run.
const AHEAD: u64 = 32;

/// What each game's record is handed to, on the calling thread and in index order.
pub type EachRecord<'a> = &'a mut dyn FnMut(GameRecord) -> Result<(), LabError>;

/// Plays the run's games (its shard, if any) and hands each record to `each`, in index order,
/// as they finish: memory stays the same for a thousand games or a billion. Records are
/// identical for any thread count. `tick` is called once per game.
pub fn simulate_each<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    opts: Options,
    tick: &(dyn Fn() + Sync),
    each: EachRecord,
) -> Result<(), LabError>
where
    G::Config: Sync,
{
    run_games::<G>(config, spec, bots, opts, tick, None, Some(each)).map(|_| ())
}

/// Plays the run's games and folds their records into `fold`: each thread folds the games it
/// plays and the parts are merged at the end, so no thread waits on a serial fold. `each`, if
/// given, also receives every record, in index order, on the calling thread (a writer).
pub fn simulate_fold<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    opts: Options,
    tick: &(dyn Fn() + Sync),
    fold: Fold,
    each: Option<EachRecord>,
) -> Result<Fold, LabError>
where
    G::Config: Sync,
{
    let folded = run_games::<G>(config, spec, bots, opts, tick, Some(fold), each)?;
    Ok(folded.unwrap_or_default())
}

/// Calls its function if the thread unwinds from a panic while it is alive.
struct OnPanic<F: Fn()>(F);

impl<F: Fn()> Drop for OnPanic<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}

/// The threads of a run (0: one per core).
fn thread_count(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
}

/// The one game loop of a run: `fold` (if any) folds every record where it is played; `each`
/// (if any) receives every record in index order on this thread.
fn run_games<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    opts: Options,
    tick: &(dyn Fn() + Sync),
    fold: Option<Fold>,
    mut each: Option<EachRecord>,
) -> Result<Option<Fold>, LabError>
where
    G::Config: Sync,
{
    let all = spec.indices();
    if all.is_empty() {
        return Ok(fold);
    }
    let config = G::batch_config(config);
    // Every game of a run has the same metric names: named once, shared by every record.
    let (first, _) = run::setup_game::<G>(config, spec.seed, all.start, spec.bots.len())?;
    let names = run::run_names::<G>(&first);
    let play = |worker: &mut run::Worker<G>, index: u64| {
        // The bots of this game in their seats (bots may rotate).
        let mut players = replay::players::<G>(spec, index, bots)?;
        let r = worker.play(config, spec.seed, index, &mut players, opts);
        tick();
        r
    };
    let games = all.end - all.start;
    let threads = (thread_count(opts.threads) as u64).min(games).max(1) as usize;
    let batch = (games / (16 * threads as u64)).clamp(1, BATCH);
    if threads == 1 {
        // One thread: each game is folded and handed on as it ends, while its record is still
        // in the cache.
        let (mut worker, mut fold) = (run::Worker::<G>::new(names), fold);
        for index in all {
            let r = play(&mut worker, index)?;
            if let Some(f) = &mut fold {
                f.add(&r);
            }
            if let Some(each) = each.as_deref_mut() {
                each(r)?;
            }
        }
        return Ok(fold);
    }
    let wants_records = each.is_some();
    // The next game to take; games handed on so far (with `each`); `cut`: after an error at
    // game `i`, only the batches starting at or below `i` are still played (so every game
    // before the first error is played and handed on, whatever the timing).
    let next = AtomicU64::new(all.start);
    let handed = (Mutex::new(all.start), Condvar::new());
    let cut = AtomicU64::new(u64::MAX);
    let halt = |at: u64| {
        cut.fetch_min(at, Ordering::Relaxed);
        let _guard = handed.0.lock().unwrap_or_else(|e| e.into_inner());
        handed.1.notify_all();
    };
    let skipped = |start: u64| start > cut.load(Ordering::Relaxed);
    let (tx, rx) = mpsc::channel::<(u64, Vec<Result<GameRecord, LabError>>)>();
    // Each thread folds its games into its own part.
    let parts: Vec<Option<Fold>> = (0..threads)
        .map(|_| fold.as_ref().map(Fold::empty_like))
        .collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = parts
            .into_iter()
            .map(|mut fold| {
                let tx = tx.clone();
                let (names, next, handed, play, halt, skipped) =
                    (names.clone(), &next, &handed, &play, &halt, &skipped);
                scope.spawn(move || {
                    // A panic stops the others too (none waits for a batch that never comes).
                    let _stop = OnPanic(|| halt(all.start));
                    let mut worker = run::Worker::<G>::new(names);
                    loop {
                        let start = next
                            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                                Some(s.saturating_add(batch))
                            })
                            .unwrap_or(u64::MAX);
                        if start >= all.end || skipped(start) {
                            break;
                        }
                        if wants_records {
                            let mut h = handed.0.lock().unwrap_or_else(|e| e.into_inner());
                            while start >= h.saturating_add(AHEAD * batch) && !skipped(start) {
                                h = handed.1.wait(h).unwrap_or_else(|e| e.into_inner());
                            }
                            if skipped(start) {
                                break;
                            }
                        }
                        let mut records = Vec::new();
                        for index in start..start.saturating_add(batch).min(all.end) {
                            match play(&mut worker, index) {
                                Ok(r) => {
                                    if let Some(f) = &mut fold {
                                        f.add(&r);
                                    }
                                    if wants_records {
                                        records.push(Ok(r));
                                    }
                                }
                                Err(e) => {
                                    halt(index);
                                    if !wants_records {
                                        return (fold, Some((index, e)));
                                    }
                                    records.push(Err(e));
                                    break;
                                }
                            }
                        }
                        if wants_records && tx.send((start, records)).is_err() {
                            break;
                        }
                    }
                    (fold, None)
                })
            })
            .collect();
        drop(tx);
        // The records, back in index order (batches start at multiples of `batch` from the
        // first game).
        let _stop = OnPanic(|| halt(all.start));
        let mut result = Ok(());
        let mut expected = all.start;
        if let Some(each) = each {
            let mut waiting = std::collections::BTreeMap::new();
            for (start, records) in rx {
                waiting.insert(start, records);
                while let Some(records) = waiting.remove(&expected) {
                    for r in records {
                        if result.is_ok() {
                            result = r.and_then(&mut *each);
                            if result.is_err() {
                                halt(all.start);
                            }
                        }
                    }
                    expected = expected.saturating_add(batch);
                    *handed.0.lock().unwrap_or_else(|e| e.into_inner()) = expected;
                    handed.1.notify_all();
                }
            }
        }
        let mut folded = fold;
        let mut failed: Option<(u64, LabError)> = None;
        for w in workers {
            let (part, error) = match w.join() {
                Ok(done) => done,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            if let (Some(all), Some(part)) = (&mut folded, &part) {
                all.merge(part);
            }
            if let Some((i, e)) = error {
                if failed.as_ref().is_none_or(|(j, _)| i < *j) {
                    failed = Some((i, e));
                }
            }
        }
        result?;
        if wants_records && expected < all.end && failed.is_none() {
            return Err(LabError::Engine(format!(
                "the run stopped at game {expected} without saying why"
            )));
        }
        match failed {
            Some((_, e)) => Err(e),
            None => Ok(folded),
        }
    })
}

/// [`simulate_each`] into a list, for short runs and tests.
pub fn simulate<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    opts: Options,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<GameRecord>, LabError>
where
    G::Config: Sync,
{
    let mut records = Vec::new();
    simulate_each::<G>(config, spec, bots, opts, tick, &mut |r| {
        records.push(r);
        Ok(())
    })?;
    Ok(records)
}

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
    let text = silk_core::files::read_text(&spec_path, silk_core::files::Limit::DATA)
        .map_err(|e| LabError::Input(format!("{}: {e}", spec_path.display())))?;
    let spec: RunSpec = serde_json::from_str(&text).map_err(|e| {
        LabError::Input(format!(
            "{}: line {}, column {}: {e}",
            spec_path.display(),
            e.line(),
            e.column()
        ))
    })?;
    if let Some(sh) = spec.shard {
        Shard::parse(&format!("{}/{}", sh.k, sh.n))
            .map_err(|e| LabError::Input(format!("{}: shard: {e}", spec_path.display())))?;
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
        r.check(spec).map_err(|e| at(&e))?;
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

/// Shard directories that together make one run, in the order of their games.
pub struct Merge {
    pub spec: RunSpec,
    dirs: Vec<(std::path::PathBuf, std::ops::Range<u64>)>,
}

impl Merge {
    /// Reads every `run.json` and checks the shards are slices of the same run that cover it
    /// exactly, before any record is read.
    pub fn open(dirs: &[&Path]) -> Result<Merge, LabError> {
        let mut merged: Option<RunSpec> = None;
        let mut slices = Vec::new();
        for dir in dirs {
            let spec = read_spec(dir)?;
            let mut whole = spec.clone();
            whole.shard = None;
            match &merged {
                None => merged = Some(whole),
                Some(m) if *m != whole => {
                    return Err(LabError::Input(format!(
                "{}: not a shard of the same run (game, config, bots, seed and games must match)",
                dir.display()
            )))
                }
                Some(_) => {}
            }
            slices.push((dir.to_path_buf(), spec.indices()));
        }
        let spec = merged.ok_or_else(|| LabError::Input("no run directories given".into()))?;
        slices.sort_by_key(|(_, r)| (r.start, r.end));
        let mut next = 0u64;
        for (dir, r) in &slices {
            if r.start < next {
                return Err(LabError::Input(format!(
                    "{}: games {}..{} appear in two shards",
                    dir.display(),
                    r.start,
                    next.min(r.end)
                )));
            }
            if r.start > next {
                return Err(LabError::Input(format!(
                    "games {next}..{} are missing: no shard holds them",
                    r.start
                )));
            }
            next = r.end;
        }
        if next < spec.games {
            return Err(LabError::Input(format!(
                "games {next}..{} are missing: no shard holds them",
                spec.games
            )));
        }
        Ok(Merge { spec, dirs: slices })
    }

    /// The shard directories, each with the games it holds, in game order.
    pub fn shards(&self) -> &[(std::path::PathBuf, std::ops::Range<u64>)] {
        &self.dirs
    }

    /// Hands every record to `each` in game order, checking each shard holds exactly its games.
    pub fn each(
        &self,
        each: &mut dyn FnMut(GameRecord) -> Result<(), LabError>,
    ) -> Result<(), LabError> {
        for (dir, slice) in &self.dirs {
            let mut expected = slice.start;
            read_records(dir, &self.spec, &mut |r| {
                if r.index != expected {
                    return Err(LabError::Input(format!(
                        "{}: game {} where game {expected} was expected (this run's games are {}..{})",
                        dir.display(),
                        r.index,
                        slice.start,
                        slice.end
                    )));
                }
                expected += 1;
                each(r)
            })?;
            if expected != slice.end {
                return Err(LabError::Input(format!(
                    "{}: holds games {}..{expected} of {}..{}: {} missing",
                    dir.display(),
                    slice.start,
                    slice.start,
                    slice.end,
                    slice.end - expected
                )));
            }
        }
        Ok(())
    }
}

/// Combines shard directories into one run in memory (see [`Merge`] for long runs).
pub fn merge(dirs: &[&Path]) -> Result<(RunSpec, Vec<GameRecord>), LabError> {
    let m = Merge::open(dirs)?;
    let mut records = Vec::new();
    m.each(&mut |r| {
        records.push(r);
        Ok(())
    })?;
    Ok((m.spec, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: u64) -> GameRecord {
        GameRecord {
            index,
            // As a run of seed 1 records it (merge checks it).
            seed: game_seed(1, index),
            scores: vec![1, 0],
            ranks: vec![0, 1],
            decisions: 1,
            rounds: 1,
            branching_sum: 1,
            lead_changes: 0,
            finished: true,
            stuck: false,
            ended_by: None,
            first: None,
            metrics: Default::default(),
        }
    }

    #[test]
    fn a_shard_of_a_huge_run_has_no_overflow() {
        let s = Shard { k: 3, n: 4 };
        assert_eq!(
            s.range(u64::MAX),
            u64::MAX / 2..(u64::MAX as u128 * 3 / 4) as u64
        );
        assert_eq!(Shard { k: 0, n: 0 }.range(10), 0..0);
    }

    /// Any number of threads plays the same games: the same records in the same order, the
    /// same summary folded where the games are played, and the first failing game's error.
    #[test]
    fn threads_change_nothing() {
        use silk_core::goofspiel::{GoofConfig, Goofspiel};
        let config = GoofConfig {
            players: 3,
            cards: 5,
        };
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 3],
            seed: 9,
            games: 1000,
            shard: None,
            rotate: false,
        };
        let factory = |_: usize, _: &str, seed: u64| {
            Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>)
        };
        let opts = |threads| Options {
            threads,
            max_decisions: 1000,
            check: false,
        };
        let one = simulate::<Goofspiel>(&config, &spec, &factory, opts(1), &|| {}).unwrap();
        let summary = Summary::of(&spec, &one);
        for threads in [1, 2, 3] {
            let got = simulate::<Goofspiel>(&config, &spec, &factory, opts(threads), &|| {});
            assert_eq!(got.unwrap(), one, "{threads} threads");
            let mut seen = 0;
            for each in [false, true] {
                let mut count = |_: GameRecord| {
                    seen += 1;
                    Ok(())
                };
                let records: Option<EachRecord> = each.then_some(&mut count);
                let fold = Fold::new(&spec);
                let fold = simulate_fold::<Goofspiel>(
                    &config,
                    &spec,
                    &factory,
                    opts(threads),
                    &|| {},
                    fold,
                    records,
                )
                .unwrap();
                assert_eq!(fold.summary(&spec), summary, "{threads} threads");
            }
            assert_eq!(seen, 1000);
        }
        // Games 300 and 700 cannot seat their bots: the run fails on game 300, whatever the
        // threads, with or without records handed on, and never hangs.
        let failing = |seat: usize, _: &str, seed: u64| {
            let index = (0..spec.games).find(|&i| run::bot_seed(spec.seed, i, seat) == seed);
            match index {
                Some(i) if i == 300 || i == 700 => Err(LabError::Input(format!("game {i}"))),
                _ => Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>),
            }
        };
        for threads in [1, 2, 3] {
            let e = simulate::<Goofspiel>(&config, &spec, &failing, opts(threads), &|| {});
            assert_eq!(e.unwrap_err().to_string(), "game 300", "{threads} threads");
            let fold = Fold::new(&spec);
            let e = simulate_fold::<Goofspiel>(
                &config,
                &spec,
                &failing,
                opts(threads),
                &|| {},
                fold,
                None,
            );
            assert_eq!(e.unwrap_err().to_string(), "game 300", "{threads} threads");
        }
    }

    /// A long run whose records are handed on (the window of batches binds): every record
    /// before a failing game is handed on, in order, then the error; a failing reader stops
    /// the run; a panicking bot ends it with the panic, never a hang.
    #[test]
    fn a_long_run_stops_cleanly() {
        use silk_core::goofspiel::{GoofConfig, Goofspiel};
        let config = GoofConfig {
            players: 2,
            cards: 3,
        };
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 4,
            games: 6000,
            shard: None,
            rotate: false,
        };
        let opts = Options {
            threads: 3,
            max_decisions: 1000,
            check: false,
        };
        let seat_of = |seat: usize, seed: u64| {
            (0..spec.games).find(|&i| run::bot_seed(spec.seed, i, seat) == seed)
        };
        let failing = |seat: usize, _: &str, seed: u64| match seat_of(seat, seed) {
            Some(i) if i == 4321 => Err(LabError::Input(format!("game {i}"))),
            _ => Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>),
        };
        let mut handed = Vec::new();
        let e = simulate_each::<Goofspiel>(&config, &spec, &failing, opts, &|| {}, &mut |r| {
            handed.push(r.index);
            Ok(())
        });
        assert_eq!(e.unwrap_err().to_string(), "game 4321");
        assert_eq!(handed, (0..4321).collect::<Vec<u64>>());
        let fine = |_: usize, _: &str, seed: u64| {
            Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>)
        };
        let mut read = 0;
        let e = simulate_each::<Goofspiel>(&config, &spec, &fine, opts, &|| {}, &mut |r| {
            read += 1;
            match r.index {
                100 => Err(LabError::Input("full disk".into())),
                _ => Ok(()),
            }
        });
        assert_eq!(e.unwrap_err().to_string(), "full disk");
        assert_eq!(read, 101);
        let panicking = |seat: usize, _: &str, seed: u64| match seat_of(seat, seed) {
            Some(2500) => panic!("a bot's bug"),
            _ => Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>),
        };
        for records in [false, true] {
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut each = |_: GameRecord| Ok(());
                let each: Option<EachRecord> = records.then_some(&mut each);
                let fold = Fold::new(&spec);
                simulate_fold::<Goofspiel>(&config, &spec, &panicking, opts, &|| {}, fold, each)
            }));
            assert!(run.is_err(), "the panic comes through (records: {records})");
        }
    }

    /// A fold gives exactly the summary of the records it was given, whatever their number.
    #[test]
    fn folded_summary_equals_the_summary_of_the_list() {
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 50,
            shard: None,
            rotate: false,
        };
        let recs: Vec<GameRecord> = (0..50)
            .map(|i| GameRecord {
                scores: vec![(i % 7) as i32, (i % 5) as i32],
                ranks: if i % 7 >= i % 5 {
                    vec![0, (i % 7 == i % 5) as u8 ^ 1]
                } else {
                    vec![1, 0]
                },
                decisions: 10 + i % 13,
                rounds: (3 + i % 4) as u32,
                stuck: i % 17 == 0,
                ended_by: (i % 11 == 3).then_some(silk_core::EndedBy::RoundCap),
                finished: i % 19 != 0,
                // Metrics some games count and others do not, met in different orders.
                metrics: [
                    ("goods.sold", (i % 3) as i64),
                    ("tile.thief", i as i64 - 20),
                ]
                .into_iter()
                .filter(|_| i % 4 != 0)
                .skip((i % 2) as usize)
                .collect(),
                ..record(i)
            })
            .collect();
        let mut fold = Fold::new(&spec);
        for r in &recs {
            fold.add(r);
        }
        let s = fold.summary(&spec);
        assert_eq!(s, Summary::of(&spec, &recs));
        // Folds of parts, as threads fold them (games dealt round the parts out of order),
        // merged in any order, give the same summary.
        for parts in [2usize, 3, 7] {
            let mut folds: Vec<Fold> = (0..parts).map(|_| Fold::new(&spec)).collect();
            for (i, r) in recs.iter().enumerate().rev() {
                folds[(i * 5 + i / 3) % parts].add(r);
            }
            let mut merged = folds.pop().unwrap();
            for f in &folds {
                merged.merge(f);
            }
            assert_eq!(merged.summary(&spec), s, "{parts} parts");
            assert_eq!(merged.played_decisions(), fold.played_decisions());
        }
        // Against the figures computed directly from the list.
        let normal: Vec<&GameRecord> = recs.iter().filter(|r| r.finished && !r.stuck).collect();
        assert_eq!(s.games, normal.len() as u64);
        assert_eq!(
            s.stuck,
            recs.iter().filter(|r| r.finished && r.stuck).count() as u64
        );
        assert_eq!(
            s.unfinished,
            recs.iter().filter(|r| !r.finished).count() as u64
        );
        for seat in 0..2 {
            let wins = normal.iter().filter(|r| r.ranks[seat] == 0).count() as u64;
            assert_eq!(s.win_by_seat[seat].k, wins);
        }
        let rounds: Vec<f64> = normal.iter().map(|r| r.rounds as f64).collect();
        let n = rounds.len() as f64;
        let mean = rounds.iter().sum::<f64>() / n;
        let sd = (rounds.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        assert!((s.rounds.mean - mean).abs() < 1e-9 && (s.rounds.sd - sd).abs() < 1e-9);
        let (lo, hi) = (3i64, 6i64);
        assert_eq!((s.rounds.min, s.rounds.max), (lo, hi));
        for (start, count) in &s.rounds.histogram {
            let direct = normal.iter().filter(|r| r.rounds as i64 == *start).count() as u64;
            assert_eq!(*count, direct, "one value per bin for a narrow range");
        }
        assert!(s.stuck > 0 && s.unfinished > 0);
        // Games the round cap ended count among the games, and apart (issue 30 point 9).
        let capped: Vec<&&GameRecord> = normal.iter().filter(|r| r.ended_by.is_some()).collect();
        assert_eq!(s.round_cap, capped.len() as u64);
        assert!(s.round_cap > 0);
        assert_eq!(s.extremes.round_cap[0].index, capped[0].index);
    }

    /// A shard whose games.jsonl holds a game outside its slice (edited, or copied from another
    /// run) is refused with the file named, not summarised and not a panic.
    #[test]
    fn merge_refuses_a_game_outside_its_shard() {
        let dir = std::env::temp_dir().join(format!("silk-lab-merge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let spec = |k| RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 2,
            shard: Some(Shard { k, n: 2 }),
            rotate: false,
        };
        let (a, b) = (dir.join("a"), dir.join("b"));
        let recs_a = [record(0), record(5)];
        let recs_b = [record(1)];
        for (d, k, recs) in [(&a, 1, &recs_a[..]), (&b, 2, &recs_b[..])] {
            let s = spec(k);
            write_run(d, &s, recs, &Summary::of(&s, recs)).unwrap();
        }
        let err = merge(&[a.as_path(), b.as_path()]).unwrap_err().to_string();
        assert!(err.contains("game 5") && err.contains("a"), "{err}");
        // A shard of 0/0 (an edited run.json) is refused when read, not divided by.
        let bad = dir.join("bad");
        let mut s = spec(1);
        s.shard = Some(Shard { k: 0, n: 0 });
        write_run(&bad, &s, &[], &Summary::of(&s, &[])).unwrap();
        let err = merge(&[bad.as_path()]).unwrap_err().to_string();
        assert!(err.contains("run.json: shard"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
