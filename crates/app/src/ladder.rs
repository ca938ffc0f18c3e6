//! `silk ladder GAME --bots A,B,C…`: a round-robin of bots with the seats shared and rotated,
//! ratings with intervals, the win matrix and each bot's mean time per decision.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab;
use crate::output::Out;
use serde_json::json;
use silk_core::{Observe, Player, Seat};
use silk_lab::ladder;
use silk_lab::LabError;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub struct LadderArgs {
    pub bots: Vec<String>,
    /// Games per pairing.
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub max_decisions: u64,
    pub html: Option<PathBuf>,
    pub force: bool,
    pub progress: bool,
    /// Play only this slice of every pairing's games (`--shard K/N`).
    pub shard: Option<silk_lab::Shard>,
    /// The games kept in, or replayed from, a job directory (crate::jobs).
    pub io: crate::jobs::GamesIo,
}

/// Time spent choosing, per bot (nanoseconds, decisions): summed over threads.
#[derive(Default)]
pub(crate) struct Clock {
    pub(crate) nanos: AtomicU64,
    pub(crate) decisions: AtomicU64,
}

/// A bot whose decisions are timed.
pub(crate) struct Timed<G: silk_core::Game> {
    pub(crate) inner: Box<dyn Player<G>>,
    pub(crate) clock: Arc<Clock>,
}

impl<G: silk_core::Game> Player<G> for Timed<G> {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        self.try_choose(state, seat, legal).unwrap_or(legal[0])
    }

    fn try_choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, silk_core::Forfeit> {
        let t = Instant::now();
        let a = self.inner.try_choose(state, seat, legal);
        self.clock
            .nanos
            .fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.clock.decisions.fetch_add(1, Ordering::Relaxed);
        a
    }

    fn may_forfeit(&self) -> bool {
        self.inner.may_forfeit()
    }
}

/// The games players outside silk forfeited, by bot and kind: how many, the first reason.
#[derive(Default)]
pub struct Forfeited(pub Vec<silk_lab::Forfeits>);

impl Forfeited {
    /// Counts game `index` (of its leg) forfeited as `f` says.
    fn add(&mut self, f: &silk_lab::SeatForfeit, index: u64) {
        match self
            .0
            .iter_mut()
            .find(|e| e.bot == f.bot && e.kind == f.kind)
        {
            Some(e) => e.games += 1,
            None => self.0.push(silk_lab::Forfeits {
                bot: f.bot.clone(),
                kind: f.kind,
                games: 1,
                first: index,
                reason: f.reason.clone(),
            }),
        }
    }

    pub(crate) fn text(&self) -> String {
        self.0
            .iter()
            .map(|f| {
                format!(
                    "Forfeited by {} (left out of the ratings): {} game(s), {}: {}\n",
                    f.bot,
                    f.games,
                    f.kind.name(),
                    f.reason
                )
            })
            .collect()
    }
}

/// How a ladder's legs are played.
pub(crate) struct LegRun<'a> {
    pub threads: usize,
    pub max_decisions: u64,
    /// Play only this slice of every leg's games.
    pub shard: Option<silk_lab::Shard>,
    /// The games kept in, or replayed from, a job directory.
    pub io: &'a crate::jobs::GamesIo,
}

/// What a ladder's games came to.
pub(crate) struct Played {
    /// Each pairing's games and wins, in [`ladder::pairings`] order.
    pub pairings: Vec<ladder::Pairing>,
    pub excluded: ladder::Excluded,
    /// The games players outside silk forfeited (left out of the counts).
    pub forfeits: Forfeited,
    /// Each bot's time choosing, in the order of `names`.
    pub clocks: Vec<Arc<Clock>>,
}

/// The ladder's one game loop (`silk ladder --bots`, `--depth`, `--restricted`): every leg's
/// games, played by the bots and players outside silk the names give, each decision timed, or
/// replayed from a merge's shards and kept in a job as `how` says. A game a player outside
/// silk forfeited is left out of the ratings and counted apart; every other is counted in its
/// pairing, and `scored(leg, seed, score)` hears the leg's first bot's score in it (1 a win,
/// ½ a shared first place, 0 a loss) when it counts.
pub(crate) fn play_legs<G: CliGame + Observe>(
    config: &G::Config,
    names: &[String],
    legs: &[ladder::Leg],
    how: &LegRun,
    bar: &indicatif::ProgressBar,
    scored: &mut dyn FnMut(&ladder::Leg, u64, f64),
) -> CliResult<Played>
where
    G::Config: Sync,
{
    let clocks: Vec<Arc<Clock>> = names.iter().map(|_| Arc::new(Clock::default())).collect();
    let mut pairings = ladder::pairings(legs);
    let mut excluded = ladder::Excluded::default();
    let players = crate::seats::players_for::<G>(config);
    let mut forfeits = Forfeited::default();
    let opts = silk_lab::Options {
        threads: lab::threads(how.threads),
        max_decisions: how.max_decisions,
        check: false,
    };
    let factory = |seat: usize, name: &str, seed: u64| -> Result<Box<dyn Player<G>>, LabError> {
        let k = names.iter().position(|n| n == name).unwrap_or(0);
        Ok(Box::new(Timed {
            inner: players(seat, name, seed)?,
            clock: Arc::clone(&clocks[k]),
        }))
    };
    let tick = || bar.inc(1);
    for leg in legs {
        let pairing = &mut pairings[leg.pairing];
        let spec = silk_lab::RunSpec {
            shard: how.shard,
            ..leg.spec.clone()
        };
        crate::jobs::each_game(
            how.io,
            &spec,
            |each| silk_lab::simulate_each::<G>(config, &spec, &factory, opts, &tick, each),
            &mut |r| {
                if let Some(f) = &r.forfeit {
                    // Left out of the ratings, counted apart with the reason.
                    forfeits.add(f, r.index);
                    return Ok(());
                }
                let (games, half_wins) = (pairing.games, pairing.a_half_wins);
                pairing.count(leg, names, &r, &mut excluded);
                if pairing.games > games {
                    scored(leg, r.seed, (pairing.a_half_wins - half_wins) as f64 / 2.0);
                }
                Ok(())
            },
        )?;
    }
    Ok(Played {
        pairings,
        excluded,
        forfeits,
        clocks,
    })
}

/// Plays the round-robin, rates the bots and reports ratings, pairings and decision times.
pub fn ladder<G: CliGame + Observe>(
    config: &G::Config,
    args: &LadderArgs,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let (names, seats) = check_args::<G>(config, args)?;
    let config_json =
        serde_json::to_value(config).map_err(|e| CliError::Internal(e.to_string()))?;
    let legs = ladder::schedule(G::NAME, &config_json, &names, seats, args.games, args.seed);
    let bar = lab::progress_bar(
        ladder::pairings(&legs).len() as u64 * args.games,
        "games",
        args.progress,
    );
    let how = LegRun {
        threads: args.threads,
        max_decisions: args.max_decisions,
        shard: args.shard,
        io: &args.io,
    };
    let Played {
        pairings,
        excluded,
        forfeits,
        clocks,
    } = play_legs::<G>(config, &names, &legs, &how, &bar, &mut |_, _, _| {})?;
    bar.finish_and_clear();
    keep_clocks(&args.io, &names, &clocks);
    let rated = ladder::ratings(&names, &pairings, 400, args.seed);
    let timing = timing(&names, &clocks);
    let micros: Vec<f64> = timing.iter().map(|t| t.micros).collect();
    let text = format!(
        "{}: {} bots, {} games per pairing on {seats} seats (shared alternately, moved round the \
         table), seed {}\n\n{}{}",
        G::NAME,
        names.len(),
        args.games,
        args.seed,
        ladder::text(&rated, &pairings, &micros, excluded),
        forfeits.text()
    );
    let ladder::Excluded {
        cut_short,
        round_cap,
    } = excluded;
    if let Some(path) = &args.html {
        let settings = html_settings(G::NAME, args, &names, seats, excluded);
        lab::write_report(
            path,
            &silk_lab::report::ladder_html(G::NAME, &settings, &rated, &pairings, &timing),
        )?;
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "games_per_pairing": args.games,
            "seats": seats,
            "seed": args.seed,
            "ratings": rated,
            "pairings": pairings.iter().map(|p| json!({
                "a": names[p.a], "b": names[p.b], "games": p.games, "a_win_rate": p.a_rate(),
            })).collect::<Vec<_>>(),
            "decision_micros": timing.iter().map(|t| json!({"bot": t.bot, "micros": t.micros, "decisions": t.decisions})).collect::<Vec<_>>(),
            "cut_short": cut_short,
            "round_cap": round_cap,
            "forfeits": forfeits.0,
        }),
    );
    Ok(())
}

/// The bots' names (each a bot, named once, two or more) and the game's seats, once the
/// arguments are known to make a ladder.
fn check_args<G: CliGame>(
    config: &G::Config,
    args: &LadderArgs,
) -> CliResult<(Vec<String>, usize)> {
    let mut names: Vec<String> = Vec::new();
    for b in &args.bots {
        let b = b.trim().to_string();
        crate::seats::bots_for(std::slice::from_ref(&b), 1)?;
        if names.contains(&b) {
            return Err(CliError::input(format!("{b} is named twice in --bots")));
        }
        names.push(b);
    }
    if names.len() < 2 {
        return Err(CliError::input(
            "a ladder needs two bots or more: --bots A,B,…",
        ));
    }
    if args.games < 2 {
        return Err(CliError::input(
            "--games must be at least 2 (games per pairing)",
        ));
    }
    if let Some(path) = &args.html {
        lab::check_html(path, args.force)?;
    }
    let seats = crate::seats::seats::<G>(config)?;
    if seats < 2 {
        return Err(CliError::input(
            "a ladder needs a game of two seats or more",
        ));
    }
    Ok((names, seats))
}

/// Settles the bots' clocks with the job: a merge's times are the shards' (measured there,
/// summed) and are added in; a recorded run keeps its own.
fn keep_clocks(io: &crate::jobs::GamesIo, names: &[String], clocks: &[Arc<Clock>]) {
    if let Some(replay) = &io.replay {
        for (bot, nanos, decisions) in &replay.clocks {
            if let Some(k) = names.iter().position(|n| n == bot) {
                clocks[k].nanos.fetch_add(*nanos, Ordering::Relaxed);
                clocks[k].decisions.fetch_add(*decisions, Ordering::Relaxed);
            }
        }
    }
    if let Some(rec) = &io.record {
        rec.set_clocks(
            names
                .iter()
                .zip(clocks)
                .map(|(n, c)| {
                    let (t, d) = (&c.nanos, &c.decisions);
                    (
                        n.clone(),
                        t.load(Ordering::Relaxed),
                        d.load(Ordering::Relaxed),
                    )
                })
                .collect(),
        );
    }
}

/// The settings the HTML report lists.
fn html_settings(
    game: &str,
    args: &LadderArgs,
    names: &[String],
    seats: usize,
    excluded: ladder::Excluded,
) -> [(&'static str, String); 7] {
    [
        ("game", game.to_string()),
        ("bots", names.join(", ")),
        ("games per pairing", args.games.to_string()),
        ("seats", seats.to_string()),
        ("seed", args.seed.to_string()),
        ("games cut short (left out)", excluded.cut_short.to_string()),
        (
            "games ended by the round cap (counted)",
            excluded.round_cap.to_string(),
        ),
    ]
}

/// Each bot's mean time per decision, from its clock.
fn timing(names: &[String], clocks: &[Arc<Clock>]) -> Vec<silk_lab::report::Timing> {
    names
        .iter()
        .zip(clocks)
        .map(|(n, c)| {
            let d = c.decisions.load(Ordering::Relaxed);
            silk_lab::report::Timing {
                bot: n.clone(),
                micros: c.nanos.load(Ordering::Relaxed) as f64 / 1000.0 / d.max(1) as f64,
                decisions: d,
            }
        })
        .collect()
}
