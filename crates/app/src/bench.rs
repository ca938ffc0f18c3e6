//! `silk bench`: how fast the lab runs a game, next to the engine alone. The same games (same
//! bots, seeds and decisions) are played by the engine without the lab's pipeline, then through
//! the whole pipeline of `silk simulate` (events, metrics, records, summary) on 1, 2, … threads
//! up to the core count; each rate is the best of a few repeats, since a shared machine's load
//! only ever slows a run down.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab::{self, Batch};
use crate::output::Out;
use serde_json::json;
use silk_lab::bench::{best, engine_playouts, max_rss_kb};
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

pub fn bench<G: CliGame>(config: &G::Config, args: &BenchArgs, out: &mut Out) -> CliResult<()> {
    if args.repeat == 0 {
        return Err(CliError::input("--repeat must be at least 1"));
    }
    let batch = |games: u64, threads: usize| Batch {
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
    };
    let factory = crate::seats::bot_factory::<G>;
    let raw = |games: u64| -> CliResult<(silk_lab::bench::Played, f64)> {
        let spec = lab::spec_for::<G>(config, &batch(games, 1))?;
        let t = Instant::now();
        let played = engine_playouts::<G>(config, &spec, &factory, args.max_decisions)?;
        Ok((played, t.elapsed().as_secs_f64()))
    };
    let max_threads = args.max_threads.clamp(1, lab::cores());
    let games = match args.games {
        Some(0) => return Err(CliError::input("--games must be at least 1")),
        Some(g) => g,
        None => calibrate(&raw, max_threads)?,
    };
    let spec = lab::spec_for::<G>(config, &batch(games, 1))?;
    let mut engine = Vec::new();
    let mut search = Vec::new();
    let mut per_threads: Vec<Vec<Rate>> = vec![Vec::new(); max_threads];
    let mut decisions = 0;
    for _ in 0..args.repeat {
        let before = silk_bots::search_totals();
        let (played, secs) = raw(games)?;
        search.push(search_since(before, secs));
        decisions = played.decisions;
        engine.push(Rate::of(played.games, played.decisions, secs));
        for (t, rates) in per_threads.iter_mut().enumerate() {
            let started = Instant::now();
            // The summary as `silk simulate` makes it; nothing else reads the records.
            let (spec, fold) = lab::run_batch_fold::<G>(config, &batch(games, t + 1), None, None)?;
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
    }
    let best_of = |rates: &[Rate]| Rate {
        games_per_s: best(&rates.iter().map(|r| r.games_per_s).collect::<Vec<_>>()),
        decisions_per_s: best(&rates.iter().map(|r| r.decisions_per_s).collect::<Vec<_>>()),
    };
    let engine = best_of(&engine);
    let threads: Vec<Rate> = per_threads.iter().map(|r| best_of(r)).collect();
    let lab1 = threads[0];
    let ratio = lab1.decisions_per_s / engine.decisions_per_s.max(1e-9);
    let searching = search.iter().any(|s| s.0 > 0.0);
    let playouts = best(&search.iter().map(|s| s.0).collect::<Vec<_>>());
    let playout_decisions = best(&search.iter().map(|s| s.1).collect::<Vec<_>>());
    let per_bot = bot_rates::<G>(config, &spec, args.max_decisions)?;
    let rss = max_rss_kb();

    let mut text = format!(
        "{}: {} players, bots {}, {games} games (seed {}), best of {} runs\n",
        G::NAME,
        spec.bots.len(),
        spec.bots.join(","),
        args.seed,
        args.repeat
    );
    text += &format!(
        "  {:<34} {:>9} games/s {:>9} decisions/s\n",
        "engine alone, 1 thread",
        per_s(engine.games_per_s),
        per_s(engine.decisions_per_s)
    );
    text += &format!(
        "  {:<34} {:>9} games/s {:>9} decisions/s  {:.0}% of the engine's rate\n",
        "lab (simulate + summary), 1 thread",
        per_s(lab1.games_per_s),
        per_s(lab1.decisions_per_s),
        100.0 * ratio
    );
    for (t, r) in threads.iter().enumerate().skip(1) {
        text += &format!(
            "  {:<34} {:>9} games/s {:>9} decisions/s  {:.2}× one thread\n",
            format!("lab, {} threads", t + 1),
            per_s(r.games_per_s),
            per_s(r.decisions_per_s),
            r.games_per_s / lab1.games_per_s.max(1e-9)
        );
    }
    if searching {
        text += &format!(
            "  search (one thread): {} playouts/s, {} playout decisions/s\n",
            per_s(playouts),
            per_s(playout_decisions)
        );
    }
    for b in &per_bot {
        text += &format!(
            "  bot {:<30} {:>9} decisions/s  ({:.1} µs a decision, {} decisions)\n",
            b.bot,
            per_s(b.decisions_per_s()),
            b.micros(),
            b.decisions
        );
    }
    if let Some(kb) = rss {
        text += &format!("  peak memory: {:.1} MB\n", kb as f64 / 1024.0);
    }
    let value = json!({
        "game": G::NAME,
        "players": spec.bots.len(),
        "bots": spec.bots,
        "games": games,
        "seed": args.seed,
        "repeat": args.repeat,
        "decisions_per_game": decisions as f64 / games as f64,
        "engine_games_per_s": engine.games_per_s,
        "engine_decisions_per_s": engine.decisions_per_s,
        "lab_games_per_s": lab1.games_per_s,
        "lab_decisions_per_s": lab1.decisions_per_s,
        "ratio": ratio,
        "threads": threads.iter().enumerate().map(|(t, r)| json!({
            "threads": t + 1,
            "games_per_s": r.games_per_s,
            "decisions_per_s": r.decisions_per_s,
            "speedup": r.games_per_s / lab1.games_per_s.max(1e-9),
        })).collect::<Vec<_>>(),
        "search": searching.then(|| json!({
            "playouts_per_s": playouts,
            "playout_decisions_per_s": playout_decisions,
        })),
        "max_rss_kb": rss,
        "bots_alone": per_bot.iter().map(|b| json!({
            "bot": b.bot,
            "decisions": b.decisions,
            "micros_per_decision": b.micros(),
            "decisions_per_s": b.decisions_per_s(),
        })).collect::<Vec<_>>(),
    });
    let mut value = value;
    if let Some((games, cores, shard_minutes)) = args.size {
        let sized = crate::sizing::size(games, cores, lab1.games_per_s, shard_minutes);
        text += &sized.text();
        value["sizing"] = sized.json();
    }
    out.doc(&text, &value);
    Ok(())
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
    raw: &dyn Fn(u64) -> CliResult<(silk_lab::bench::Played, f64)>,
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
