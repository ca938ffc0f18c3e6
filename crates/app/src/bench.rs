//! `silk bench`: how fast the lab runs a game, next to the engine alone. The same games (same
//! bots, seeds and decisions) are played by the engine without the lab's pipeline, then through
//! the whole pipeline of `silk simulate` (events, metrics, records, summary) on 1, 2, … threads
//! up to the core count; each rate is the best of a few repeats, since a shared machine's load
//! only ever slows a run down.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab::{self, Batch};
use crate::output::Out;
use serde_json::{json, Value};
use silk_lab::{best_rate, engine_playouts, max_rss_kb};
use std::time::Instant;

/// What to measure.
pub struct BenchArgs {
    /// Games per measurement; `None`: enough for about half a second of the lab on one thread.
    pub games: Option<u64>,
    pub bots: Vec<String>,
    pub seed: u64,
    /// Each measurement is repeated this many times and the best kept.
    pub repeat: u32,
    /// The most threads to measure the lab on.
    pub max_threads: usize,
    pub max_decisions: u64,
    /// Size a run of this many games on `cores` cores from the measured rate.
    pub size: Option<(u64, u64, f64)>,
}

/// The measured rates of one kind of run (the best repeat).
#[derive(Default, Clone, Copy)]
struct Rate {
    games_per_s: f64,
    decisions_per_s: f64,
}

impl Rate {
    fn of(games: u64, decisions: u64, secs: f64) -> Rate {
        let secs = secs.max(1e-9);
        Rate {
            games_per_s: games as f64 / secs,
            decisions_per_s: decisions as f64 / secs,
        }
    }
}

/// The search bots' playouts over one timed stretch.
fn search_since(before: (u64, u64), secs: f64) -> (f64, f64) {
    let (p, d) = silk_bots::search_totals();
    let secs = secs.max(1e-9);
    ((p - before.0) as f64 / secs, (d - before.1) as f64 / secs)
}

/// Measures the engine alone, the lab on 1, 2, … threads and each bot alone, and reports the
/// rates (and, if asked, the size of a run).
pub fn bench<G: CliGame>(config: &G::Config, args: &BenchArgs, out: &mut Out) -> CliResult<()> {
    if args.repeat == 0 {
        return Err(CliError::input("--repeat must be at least 1"));
    }
    let max_threads = args.max_threads.clamp(1, lab::cores());
    let games = match args.games {
        Some(0) => return Err(CliError::input("--games must be at least 1")),
        Some(g) => g,
        None => calibrate(&|games| raw::<G>(config, args, games), max_threads)?,
    };
    let spec = lab::spec_for::<G>(config, &batch(args, games, 1))?;
    let rates = measure::<G>(config, args, games, max_threads)?;
    let per_bot = bot_rates::<G>(config, &spec, args.max_decisions)?;
    let report = Report {
        game: G::NAME,
        args,
        bots: &spec.bots,
        games,
        rates,
        per_bot,
        rss: max_rss_kb(),
    };
    let mut text = report.text();
    let mut value = report.json();
    if let Some((games, cores, shard_minutes)) = args.size {
        let sized = crate::sizing::size(games, cores, report.lab1().games_per_s, shard_minutes);
        text += &sized.text();
        value["sizing"] = sized.json();
    }
    out.doc(&text, &value);
    Ok(())
}

/// The batch of `games` games on `threads` threads that every measurement plays.
fn batch(args: &BenchArgs, games: u64, threads: usize) -> Batch {
    Batch {
        games,
        bots: args.bots.clone(),
        seed: args.seed,
        threads,
        shard: None,
        max_decisions: args.max_decisions,
        check: false,
        no_rotate: false,
        progress: false,
        io: Default::default(),
    }
}

/// The engine alone playing `games` games on one thread, and the seconds it took.
fn raw<G: CliGame>(
    config: &G::Config,
    args: &BenchArgs,
    games: u64,
) -> CliResult<(silk_lab::Playouts, f64)> {
    let spec = lab::spec_for::<G>(config, &batch(args, games, 1))?;
    let t = Instant::now();
    let factory = crate::seats::bot_factory::<G>;
    let played = engine_playouts::<G>(config, &spec, &factory, args.max_decisions)?;
    Ok((played, t.elapsed().as_secs_f64()))
}

/// The best rates of the repeats.
struct Rates {
    engine: Rate,
    /// The lab on 1, 2, … threads.
    threads: Vec<Rate>,
    /// Decisions in the batch's games.
    decisions: u64,
    /// The search bots' playouts and playout decisions per second, if any bot searched.
    search: Option<(f64, f64)>,
    /// Each repeat's lab rate on one thread over the engine's in the same repeat: the spread
    /// the best-of rates hide (a shared machine moves either by a few per cent).
    run_ratios: Vec<f64>,
}

/// Plays the batch `args.repeat` times by the engine alone and through the lab on each thread
/// count, checking that both play the same games, and keeps each rate's best.
fn measure<G: CliGame>(
    config: &G::Config,
    args: &BenchArgs,
    games: u64,
    max_threads: usize,
) -> CliResult<Rates> {
    let mut engine = Vec::new();
    let mut search = Vec::new();
    let mut per_threads: Vec<Vec<Rate>> = vec![Vec::new(); max_threads];
    let mut run_ratios = Vec::new();
    let mut decisions = 0;
    for _ in 0..args.repeat {
        let before = silk_bots::search_totals();
        let (played, secs) = raw::<G>(config, args, games)?;
        search.push(search_since(before, secs));
        decisions = played.decisions;
        engine.push(Rate::of(played.games, played.decisions, secs));
        for (t, rates) in per_threads.iter_mut().enumerate() {
            let started = Instant::now();
            // The summary as `silk simulate` makes it; nothing else reads the records.
            let (spec, fold) =
                lab::run_batch_fold::<G>(config, &batch(args, games, t + 1), None, None)?;
            std::hint::black_box(fold.summary(&spec));
            let secs = started.elapsed().as_secs_f64();
            let lab_decisions = fold.played_decisions();
            if lab_decisions != played.decisions {
                return Err(CliError::Internal(format!(
                    "the lab made {lab_decisions} decisions where the engine alone made {}: \
                     not the same games",
                    played.decisions
                )));
            }
            rates.push(Rate::of(games, lab_decisions, secs));
        }
        let (lab, engine) = (per_threads[0].last(), engine.last());
        if let (Some(lab), Some(engine)) = (lab, engine) {
            run_ratios.push(lab.decisions_per_s / engine.decisions_per_s.max(1e-9));
        }
    }
    let best_of = |rates: &[Rate]| Rate {
        games_per_s: best_rate(&rates.iter().map(|r| r.games_per_s).collect::<Vec<_>>()),
        decisions_per_s: best_rate(&rates.iter().map(|r| r.decisions_per_s).collect::<Vec<_>>()),
    };
    let searching = search.iter().any(|s| s.0 > 0.0);
    Ok(Rates {
        engine: best_of(&engine),
        threads: per_threads.iter().map(|r| best_of(r)).collect(),
        decisions,
        run_ratios,
        search: searching.then(|| {
            (
                best_rate(&search.iter().map(|s| s.0).collect::<Vec<_>>()),
                best_rate(&search.iter().map(|s| s.1).collect::<Vec<_>>()),
            )
        }),
    })
}

/// What `silk bench` measured, for its report.
struct Report<'a> {
    game: &'static str,
    args: &'a BenchArgs,
    bots: &'a [String],
    games: u64,
    rates: Rates,
    per_bot: Vec<BotRate>,
    /// The peak memory, in kB.
    rss: Option<u64>,
}

impl Report<'_> {
    /// The lab's rate on one thread.
    fn lab1(&self) -> Rate {
        self.rates.threads[0]
    }

    /// The lab's decision rate on one thread as a fraction of the engine's.
    fn ratio(&self) -> f64 {
        self.lab1().decisions_per_s / self.rates.engine.decisions_per_s.max(1e-9)
    }

    /// The per-run ratios' range, when there are several runs: ` (runs: 73–78%)`.
    fn run_spread(&self) -> String {
        let r = &self.rates.run_ratios;
        if r.len() < 2 {
            return String::new();
        }
        let low = r.iter().copied().fold(f64::INFINITY, f64::min);
        let high = r.iter().copied().fold(0.0, f64::max);
        format!(" (runs: {:.0}–{:.0}%)", 100.0 * low, 100.0 * high)
    }

    /// The report as text.
    fn text(&self) -> String {
        let (engine, lab1) = (self.rates.engine, self.lab1());
        let mut text = format!(
            "{}: {} players, bots {}, {} games (seed {}), best of {} runs\n",
            self.game,
            self.bots.len(),
            self.bots.join(","),
            self.games,
            self.args.seed,
            self.args.repeat
        );
        text += &format!(
            "  {:<34} {:>9} games/s {:>9} decisions/s\n",
            "engine alone, 1 thread",
            per_s(engine.games_per_s),
            per_s(engine.decisions_per_s)
        );
        text += &format!(
            "  {:<34} {:>9} games/s {:>9} decisions/s  {:.0}% of the engine's rate{}\n",
            "lab (simulate + summary), 1 thread",
            per_s(lab1.games_per_s),
            per_s(lab1.decisions_per_s),
            100.0 * self.ratio(),
            self.run_spread()
        );
        for (t, r) in self.rates.threads.iter().enumerate().skip(1) {
            text += &format!(
                "  {:<34} {:>9} games/s {:>9} decisions/s  {:.2}× one thread\n",
                format!("lab, {} threads", t + 1),
                per_s(r.games_per_s),
                per_s(r.decisions_per_s),
                r.games_per_s / lab1.games_per_s.max(1e-9)
            );
        }
        if let Some((playouts, playout_decisions)) = self.rates.search {
            text += &format!(
                "  search (one thread): {} playouts/s, {} playout decisions/s\n",
                per_s(playouts),
                per_s(playout_decisions)
            );
        }
        for b in &self.per_bot {
            text += &format!(
                "  bot {:<30} {:>9} decisions/s  ({:.1} µs a decision, {} decisions)\n",
                b.bot,
                per_s(b.decisions_per_s()),
                b.micros(),
                b.decisions
            );
        }
        if let Some(kb) = self.rss {
            text += &format!("  peak memory: {:.1} MB\n", kb as f64 / 1024.0);
        }
        text
    }

    /// The report as JSON.
    fn json(&self) -> Value {
        let (engine, lab1) = (self.rates.engine, self.lab1());
        json!({
            "game": self.game,
            "players": self.bots.len(),
            "bots": self.bots,
            "games": self.games,
            "seed": self.args.seed,
            "repeat": self.args.repeat,
            "decisions_per_game": self.rates.decisions as f64 / self.games as f64,
            "engine_games_per_s": engine.games_per_s,
            "engine_decisions_per_s": engine.decisions_per_s,
            "lab_games_per_s": lab1.games_per_s,
            "lab_decisions_per_s": lab1.decisions_per_s,
            "ratio": self.ratio(),
            "run_ratios": self.rates.run_ratios,
            "threads": self.rates.threads.iter().enumerate().map(|(t, r)| json!({
                "threads": t + 1,
                "games_per_s": r.games_per_s,
                "decisions_per_s": r.decisions_per_s,
                "speedup": r.games_per_s / lab1.games_per_s.max(1e-9),
            })).collect::<Vec<_>>(),
            "search": self.rates.search.map(|(playouts, playout_decisions)| json!({
                "playouts_per_s": playouts,
                "playout_decisions_per_s": playout_decisions,
            })),
            "max_rss_kb": self.rss,
            "bots_alone": self.per_bot.iter().map(|b| json!({
                "bot": b.bot,
                "decisions": b.decisions,
                "micros_per_decision": b.micros(),
                "decisions_per_s": b.decisions_per_s(),
            })).collect::<Vec<_>>(),
        })
    }
}

/// A rate for a person: `12.34 M`, `45.6 k`, `789` or `7.5`.
fn per_s(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e4 {
        format!("{:.1} k", x / 1e3)
    } else if x >= 100.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// Games for about half a second of play on one thread, from raw playouts of a growing batch;
/// at least two a thread, so every thread has work.
fn calibrate(
    raw: &dyn Fn(u64) -> CliResult<(silk_lab::Playouts, f64)>,
    threads: usize,
) -> CliResult<u64> {
    let mut games = 1u64;
    loop {
        let (_, secs) = raw(games)?;
        if secs >= 0.1 || games >= 1 << 24 {
            let rate = games as f64 / secs.max(1e-9);
            return Ok(((rate * 0.5) as u64).max(2 * threads as u64));
        }
        games *= 4;
    }
}

/// One bot's own time: the decisions it made and the time it spent choosing them.
struct BotRate {
    bot: String,
    decisions: u64,
    nanos: u64,
}

impl BotRate {
    fn micros(&self) -> f64 {
        self.nanos as f64 / 1000.0 / self.decisions.max(1) as f64
    }

    fn decisions_per_s(&self) -> f64 {
        self.decisions as f64 / (self.nanos as f64 / 1e9).max(1e-9)
    }
}

/// Each bot's decisions per second on one thread: the same games played once more by the
/// engine alone, each bot's choices timed (apart from the rates above, which the clock would
/// slow down).
fn bot_rates<G: CliGame>(
    config: &G::Config,
    spec: &silk_lab::RunSpec,
    max_decisions: u64,
) -> CliResult<Vec<BotRate>> {
    use crate::ladder::{Clock, Timed};
    use std::sync::atomic::Ordering;
    use std::sync::Arc;
    let mut names: Vec<String> = Vec::new();
    for b in &spec.bots {
        if !names.contains(b) {
            names.push(b.clone());
        }
    }
    let clocks: Vec<Arc<Clock>> = names.iter().map(|_| Arc::new(Clock::default())).collect();
    let factory = |seat: usize,
                   name: &str,
                   seed: u64|
     -> Result<Box<dyn silk_core::Player<G>>, silk_lab::LabError> {
        let k = names.iter().position(|n| n == name).unwrap_or(0);
        Ok(Box::new(Timed {
            inner: crate::seats::bot_factory::<G>(seat, name, seed)?,
            clock: Arc::clone(&clocks[k]),
        }))
    };
    engine_playouts::<G>(config, spec, &factory, max_decisions)?;
    Ok(names
        .into_iter()
        .zip(&clocks)
        .map(|(bot, c)| BotRate {
            bot,
            decisions: c.decisions.load(Ordering::Relaxed),
            nanos: c.nanos.load(Ordering::Relaxed),
        })
        .collect())
}
