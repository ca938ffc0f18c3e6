//! `silk ladder GAME --bots A,B,C…`: a round-robin of bots with the seats shared and rotated,
//! ratings with intervals, the win matrix and each bot's mean time per decision.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab::{self, bot_factory};
use crate::output::Out;
use serde_json::json;
use silk_core::{Observe, Player, Seat};
use silk_lab::ladder::{ratings, Pairing};
use silk_lab::{LabError, RunSpec};
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
}

/// Time spent choosing, per bot (nanoseconds, decisions): summed over threads.
#[derive(Default)]
struct Clock {
    nanos: AtomicU64,
    decisions: AtomicU64,
}

/// A bot whose decisions are timed.
struct Timed<G: silk_core::Game> {
    inner: Box<dyn Player<G>>,
    clock: Arc<Clock>,
}

impl<G: silk_core::Game> Player<G> for Timed<G> {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        let t = Instant::now();
        let a = self.inner.choose(state, seat, legal);
        self.clock
            .nanos
            .fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.clock.decisions.fetch_add(1, Ordering::Relaxed);
        a
    }
}

pub fn ladder<G: CliGame + Observe>(
    config: &G::Config,
    args: &LadderArgs,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let mut names: Vec<String> = Vec::new();
    for b in &args.bots {
        let b = b.trim().to_string();
        lab::bots_for(std::slice::from_ref(&b), 1)?;
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
    let seats = G::num_seats(&G::setup(config, 0)?);
    if seats < 2 {
        return Err(CliError::input(
            "a ladder needs a game of two seats or more",
        ));
    }
    let clocks: Vec<Arc<Clock>> = names.iter().map(|_| Arc::new(Clock::default())).collect();
    let pairs: Vec<(usize, usize)> = (0..names.len())
        .flat_map(|a| (a + 1..names.len()).map(move |b| (a, b)))
        .collect();
    let bar = lab::progress_bar(pairs.len() as u64 * args.games, "games", args.progress);
    let mut pairings = Vec::new();
    let mut cut_short = 0u64;
    // Games the rules' round cap ended: decided by the rules' ranking, so they count.
    let mut round_cap = 0u64;
    for (p, &(a, b)) in pairs.iter().enumerate() {
        let mut pairing = Pairing {
            a,
            b,
            games: 0,
            a_half_wins: 0,
        };
        // Half the games with A in the first seat of the alternation, half with B, each
        // rotated round the table: with an odd number of seats neither bot has more seats.
        for (half, first) in [(0u64, a), (1, b)] {
            let second = if first == a { b } else { a };
            let list: Vec<String> = (0..seats)
                .map(|s| names[if s % 2 == 0 { first } else { second }].clone())
                .collect();
            let games = args.games / 2 + (half == 0 && args.games % 2 == 1) as u64;
            let spec = RunSpec {
                game: G::NAME.to_string(),
                config: serde_json::to_value(config)
                    .map_err(|e| CliError::Internal(e.to_string()))?,
                bots: list,
                seed: silk_lab::game_seed(args.seed, (p as u64) * 2 + half),
                games,
                shard: None,
                rotate: true,
            };
            let factory =
                |seat: usize, name: &str, seed: u64| -> Result<Box<dyn Player<G>>, LabError> {
                    let k = names.iter().position(|n| n == name).unwrap_or(0);
                    Ok(Box::new(Timed {
                        inner: bot_factory::<G>(seat, name, seed)?,
                        clock: Arc::clone(&clocks[k]),
                    }))
                };
            let opts = silk_lab::Options {
                threads: lab::threads(args.threads),
                max_decisions: args.max_decisions,
                check: false,
            };
            let tick = || bar.inc(1);
            silk_lab::simulate_each::<G>(config, &spec, &factory, opts, &tick, &mut |r| {
                if !r.finished || r.stuck {
                    cut_short += 1;
                    return Ok(());
                }
                round_cap += r.ended_by.is_some() as u64;
                let wins = |bot: usize| {
                    (0..r.ranks.len()).any(|s| {
                        r.ranks[s] == 0 && spec.bots[spec.bot_at(r.index, s)] == names[bot]
                    })
                };
                pairing.games += 1;
                pairing.a_half_wins += match (wins(a), wins(b)) {
                    (true, false) => 2,
                    (true, true) => 1,
                    _ => 0,
                };
                Ok(())
            })?;
        }
        pairings.push(pairing);
    }
    bar.finish_and_clear();
    let rated = ratings(&names, &pairings, 400, args.seed);
    let timing: Vec<silk_lab::report::Timing> = names
        .iter()
        .zip(&clocks)
        .map(|(n, c)| {
            let d = c.decisions.load(Ordering::Relaxed);
            silk_lab::report::Timing {
                bot: n.clone(),
                micros: c.nanos.load(Ordering::Relaxed) as f64 / 1000.0 / d.max(1) as f64,
                decisions: d,
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&i, &j| rated[j].elo.total_cmp(&rated[i].elo));
    let mut text = format!(
        "{}: {} bots, {} games per pairing on {seats} seats (shared alternately, moved round the \
         table), seed {}\n\n{:<16} {:>24} {:>22}\n",
        G::NAME,
        names.len(),
        args.games,
        args.seed,
        "bot",
        "rating (Elo, 95% int.)",
        "time per decision (µs)"
    );
    for &i in &order {
        let r = &rated[i];
        text += &format!(
            "{:<16} {:>24} {:>22.1}\n",
            r.bot,
            format!("{:+.0} [{:+.0}, {:+.0}]", r.elo, r.lo, r.hi),
            timing[i].micros
        );
    }
    text += "\ngames won by the row's bot against the column's:\n";
    text += &format!("{:<16}", "");
    for &j in &order {
        text += &format!(" {:>10}", names[j]);
    }
    text += "\n";
    for &i in &order {
        text += &format!("{:<16}", names[i]);
        for &j in &order {
            let cell = pairings
                .iter()
                .find_map(|p| {
                    if p.a == i && p.b == j {
                        Some(p.a_rate())
                    } else if p.a == j && p.b == i {
                        Some(1.0 - p.a_rate())
                    } else {
                        None
                    }
                })
                .map_or("—".to_string(), |r| format!("{:.0}%", 100.0 * r));
            text += &format!(" {cell:>10}");
        }
        text += "\n";
    }
    text += &format!(
        "\nRatings: Bradley–Terry on the Elo scale (mean 0; 100 points = the stronger wins 64%), \
         intervals from 400 bootstrap resamples. Games cut short (stuck or at the decision cap) \
         left out: {cut_short}. Games ended by the round cap, won on the rules' ranking there \
         and counted: {round_cap}.\n"
    );
    if let Some(path) = &args.html {
        let settings = [
            ("game", G::NAME.to_string()),
            ("bots", names.join(", ")),
            ("games per pairing", args.games.to_string()),
            ("seats", seats.to_string()),
            ("seed", args.seed.to_string()),
            ("games cut short (left out)", cut_short.to_string()),
            (
                "games ended by the round cap (counted)",
                round_cap.to_string(),
            ),
        ];
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
        }),
    );
    Ok(())
}
