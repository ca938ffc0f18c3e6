//! The thread pool a run plays on: threads take batches of games in index order, play and fold
//! them themselves, and hand records back in index order (at most a few batches ahead) only to
//! a caller that reads them; the folds merge exactly at the end, so a run gives the same results
//! on any number of threads.

use crate::{replay, run, BotFactory, Fold, GameRecord, LabError, Options, RunSpec};
use silk_core::{Names, Observe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};

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

/// One thread's run: each game played in index order, folded and handed on as it ends.
fn in_order(
    all: std::ops::Range<u64>,
    mut fold: Option<Fold>,
    mut each: Option<EachRecord>,
    mut play: impl FnMut(u64, &mut GameRecord) -> Result<(), LabError>,
) -> Result<Option<Fold>, LabError> {
    // One record, written over game after game unless it is handed on.
    let mut r = GameRecord::default();
    for index in all {
        play(index, &mut r)?;
        if let Some(f) = &mut fold {
            f.add(&r);
        }
        if let Some(each) = each.as_deref_mut() {
            each(std::mem::take(&mut r))?;
        }
    }
    Ok(fold)
}

/// What a worker thread ends with: its part of the fold, and the first game that failed.
type Part = (Option<Fold>, Option<(u64, LabError)>);

/// Waits for every worker, merges their parts into `fold` and keeps the earliest failure (a
/// worker's panic is raised again here).
fn join_parts(
    workers: Vec<std::thread::ScopedJoinHandle<'_, Part>>,
    mut fold: Option<Fold>,
) -> Part {
    let mut failed: Option<(u64, LabError)> = None;
    for w in workers {
        let (part, error) = match w.join() {
            Ok(done) => done,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        if let (Some(all), Some(part)) = (&mut fold, &part) {
            all.merge(part);
        }
        if let Some((i, e)) = error {
            if failed.as_ref().is_none_or(|(j, _)| i < *j) {
                failed = Some((i, e));
            }
        }
    }
    (fold, failed)
}

/// A batch's first game and its records (the last one an error, if a game failed).
type Batch = (u64, Vec<Result<GameRecord, LabError>>);

/// The one game loop of a run: `fold` (if any) folds every record where it is played; `each`
/// (if any) receives every record in index order on this thread.
fn run_games<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    opts: Options,
    tick: &(dyn Fn() + Sync),
    fold: Option<Fold>,
    each: Option<EachRecord>,
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
    let play = |worker: &mut run::Worker<G>, index: u64, record: &mut GameRecord| {
        // The bots of this game in their seats (bots may rotate).
        let mut players = replay::players::<G>(spec, index, bots)?;
        let r = worker.play_into(config, spec, index, &mut players, opts, record);
        tick();
        r
    };
    let games = all.end - all.start;
    let threads = (thread_count(opts.threads) as u64).min(games).max(1) as usize;
    let batch = (games / (16 * threads as u64)).clamp(1, BATCH);
    if threads == 1 {
        // One thread: each game is folded and handed on as it ends, while its record is still
        // in the cache.
        let mut worker = worker::<G>(spec, names, each.is_some());
        return in_order(all, fold, each, |index, r| play(&mut worker, index, r));
    }
    let sched = Schedule {
        next: AtomicU64::new(all.start),
        handed: (Mutex::new(all.start), Condvar::new()),
        cut: AtomicU64::new(u64::MAX),
        all,
        batch,
        wants_records: each.is_some(),
    };
    let (tx, rx) = mpsc::channel::<Batch>();
    // Each thread folds its games into its own part.
    let parts: Vec<Option<Fold>> = (0..threads)
        .map(|_| fold.as_ref().map(Fold::empty_like))
        .collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = parts
            .into_iter()
            .map(|part| {
                let (tx, names, sched, play) = (tx.clone(), names.clone(), &sched, &play);
                scope.spawn(move || work(sched, spec, names, part, tx, play))
            })
            .collect();
        drop(tx);
        let _stop = OnPanic(|| sched.halt(sched.all.start));
        let (result, expected) = match each {
            Some(each) => hand_in_order(&sched, rx, each),
            None => (Ok(()), sched.all.start),
        };
        let (folded, failed) = join_parts(workers, fold);
        result?;
        if sched.wants_records && expected < sched.all.end && failed.is_none() {
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

/// What the threads of a run share: the next batch to take, how far records were handed on,
/// and where an error cut the run.
struct Schedule {
    /// The run's games.
    all: std::ops::Range<u64>,
    batch: u64,
    /// Whether records are handed on (to `each`), in index order.
    wants_records: bool,
    /// The next game to take.
    next: AtomicU64,
    /// Games handed on so far (with `each`), and the signal that more were.
    handed: (Mutex<u64>, Condvar),
    /// After an error at game `i`, only the batches starting at or below `i` are still played
    /// (so every game before the first error is played and handed on, whatever the timing).
    cut: AtomicU64,
}

impl Schedule {
    /// Cuts the run after game `at`, waking the threads that wait to play ahead.
    fn halt(&self, at: u64) {
        self.cut.fetch_min(at, Ordering::Relaxed);
        let _guard = self.handed.0.lock().unwrap_or_else(|e| e.into_inner());
        self.handed.1.notify_all();
    }

    /// Whether the batch starting at game `start` is past the cut.
    fn skipped(&self, start: u64) -> bool {
        start > self.cut.load(Ordering::Relaxed)
    }

    /// The first game of the next batch to play (waiting while it would be too far ahead of the
    /// records handed on); `None` once the run is over or cut.
    fn take(&self) -> Option<u64> {
        let start = self
            .next
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                Some(s.saturating_add(self.batch))
            })
            .unwrap_or(u64::MAX);
        if start >= self.all.end || self.skipped(start) {
            return None;
        }
        if self.wants_records {
            let mut h = self.handed.0.lock().unwrap_or_else(|e| e.into_inner());
            while start >= h.saturating_add(AHEAD * self.batch) && !self.skipped(start) {
                h = self.handed.1.wait(h).unwrap_or_else(|e| e.into_inner());
            }
            if self.skipped(start) {
                return None;
            }
        }
        Some(start)
    }

    /// Records up to game `expected` were handed on: the threads waiting to play ahead go on.
    fn handed_to(&self, expected: u64) {
        *self.handed.0.lock().unwrap_or_else(|e| e.into_inner()) = expected;
        self.handed.1.notify_all();
    }
}

/// A thread's worker for the games of `spec`: one whose records nobody reads (`wants_records`
/// false) leaves out what only a reader needs ([`run::Worker::folded_only`]).
fn worker<G: Observe>(spec: &RunSpec, names: Arc<Names>, wants_records: bool) -> run::Worker<G> {
    let worker = run::Worker::new(spec, names);
    match wants_records {
        true => worker,
        false => worker.folded_only(),
    }
}

/// One worker thread: plays batches until the run is over or cut, folds each game into its
/// `fold` and sends the records on (when they are wanted); ends with its part.
fn work<G: Observe>(
    sched: &Schedule,
    spec: &RunSpec,
    names: Arc<Names>,
    mut fold: Option<Fold>,
    tx: mpsc::Sender<Batch>,
    play: impl Fn(&mut run::Worker<G>, u64, &mut GameRecord) -> Result<(), LabError>,
) -> Part {
    // A panic stops the others too (none waits for a batch that never comes).
    let _stop = OnPanic(|| sched.halt(sched.all.start));
    let mut worker = worker::<G>(spec, names, sched.wants_records);
    // One record, written over game after game unless it is handed on.
    let mut r = GameRecord::default();
    while let Some(start) = sched.take() {
        let mut records = Vec::new();
        for index in start..start.saturating_add(sched.batch).min(sched.all.end) {
            match play(&mut worker, index, &mut r) {
                Ok(()) => {
                    if let Some(f) = &mut fold {
                        f.add(&r);
                    }
                    if sched.wants_records {
                        records.push(Ok(std::mem::take(&mut r)));
                    }
                }
                Err(e) => {
                    sched.halt(index);
                    if !sched.wants_records {
                        return (fold, Some((index, e)));
                    }
                    records.push(Err(e));
                    break;
                }
            }
        }
        if sched.wants_records && tx.send((start, records)).is_err() {
            break;
        }
    }
    (fold, None)
}

/// Hands the threads' records to `each` back in index order (batches start at multiples of
/// `batch` from the first game); returns the first error and the first game not handed on.
fn hand_in_order(
    sched: &Schedule,
    rx: mpsc::Receiver<Batch>,
    each: EachRecord,
) -> (Result<(), LabError>, u64) {
    let mut result = Ok(());
    let mut expected = sched.all.start;
    let mut waiting = std::collections::BTreeMap::new();
    for (start, records) in rx {
        waiting.insert(start, records);
        while let Some(records) = waiting.remove(&expected) {
            for r in records {
                if result.is_ok() {
                    result = r.and_then(&mut *each);
                    if result.is_err() {
                        sched.halt(sched.all.start);
                    }
                }
            }
            expected = expected.saturating_add(sched.batch);
            sched.handed_to(expected);
        }
    }
    (result, expected)
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
