//! `silk stalls GAME RUN_DIR`: why the games of a run that the round cap ended stalled (issue
//! 46). Each such game is played again as the lab played it to find its freeze (the last
//! decision that changed a score), and the engine reads the state there: each seat's sources of
//! points and what holds each shut (`CliGame::stall`). Over the run: the share of stalls each
//! cause holds, with its 95% Wilson interval, and a command that shows an example at its freeze.
//! With `--skill`, no run: the stall share at rising skill ([`silk_app::stall_curve`]).

use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::stall::StallReading;
use silk_core::{EndedBy, Seat};
use silk_lab::stats::wilson;
use silk_lab::{RecordKey, RunGame};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct StallsArgs {
    /// The game the run plays (as its run.json names it).
    #[arg(value_enum)]
    pub game: GameName,
    /// A run directory written by `silk simulate --out` (not with --skill).
    #[arg(value_name = "RUN_DIR", required_unless_present = "skill")]
    pub run_dir: Option<PathBuf>,
    /// Instead of a run: play the same games at rising skill and measure the stall share at
    /// each level — do the games stall because of the design or the bots? The bots, weakest
    /// first, each playing every seat (default: random, greedy, greedy-aggressive, strong, and
    /// the strong bot at four times its playouts).
    #[arg(long, value_delimiter = ',', num_args = 0.., value_name = "BOTS", conflicts_with_all = ["run_dir", "html", "bots"])]
    pub skill: Option<Vec<String>>,
    /// With --skill: games per level.
    #[arg(long, default_value_t = 200, requires = "skill")]
    pub games: u64,
    /// With --skill: the seed of the games (the same games at every level).
    #[arg(long, default_value_t = 1, requires = "skill")]
    pub seed: u64,
    /// With --skill: the number of players (default: the game's).
    #[arg(long, requires = "skill")]
    pub players: Option<usize>,
    /// With --skill: worker threads (0 = all cores). Results do not depend on it.
    #[arg(long, default_value_t = 0, requires = "skill")]
    pub threads: usize,
    #[command(flatten)]
    pub data: crate::args::DataArgs,
    /// Show at most this many stalled games one by one (all are counted).
    #[arg(long, default_value_t = 20)]
    pub limit: u64,
    /// A run whose bots include programs (`cmd:…`): the run's bots, in its order, with the
    /// command that starts each program here (as `silk replay` asks).
    #[arg(long, value_delimiter = ',', value_name = "BOTS")]
    pub bots: Vec<String>,
    /// Also write the report as a self-contained HTML page.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Replace the --html page if it exists.
    #[arg(long, requires = "html")]
    pub force: bool,
    #[command(flatten)]
    pub bot_time: crate::outside::BotTimeArgs,
}

impl StallsArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        if let Some(levels) = &self.skill {
            let curve = silk_app::stall_curve::SkillCurve {
                levels: levels.iter().map(|l| l.trim().to_string()).collect(),
                games: self.games,
                seed: self.seed,
                threads: self.threads,
                max_decisions: 100_000,
                progress: out.progress(),
            };
            let files = self.data.files()?;
            return with_game!(self.game, G => {
                let config = G::config(self.players, &files)?;
                silk_app::stall_curve::run::<G>(&config, &curve, out)
            });
        }
        let Some(dir) = self.run_dir.as_deref() else {
            return Err(CliError::input("name a run directory, or ask for --skill"));
        };
        if !dir.join("run.json").is_file() {
            return Err(CliError::input(format!(
                "{}: no run.json here (a run directory is written by silk simulate --out)",
                dir.display()
            )));
        }
        let spec = silk_lab::read_spec(dir)?;
        let name = self.game.name();
        if spec.game != name {
            return Err(CliError::input(format!(
                "{}: game: the run plays {:?}, not {name}",
                dir.join("run.json").display(),
                spec.game
            )));
        }
        let spec = crate::seats::replay_bots(&spec, dir, &self.bots)?;
        if let Some(path) = &self.html {
            crate::lab::check_html(path, self.force)?;
        }
        self.bot_time.apply();
        let html = self.html.as_deref();
        with_game!(self.game, G => stalls::<G>(dir, spec, (self.limit, html), out))
    }
}

/// A stalled game at its freeze.
struct Stall {
    index: u64,
    /// The round the last score change happened in, and its decision (0: none ever did).
    round: u32,
    decision: u64,
    scores: Vec<i64>,
    reading: Option<StallReading>,
}

/// What replays the games of a run: its spec, its config and its bots.
struct Run<'a, G: CliGame> {
    dir: &'a Path,
    spec: &'a silk_lab::RunSpec,
    config: &'a G::Config,
    bots: &'a silk_lab::BotFactory<'a, G>,
}

/// Plays stalled game `record` again and finds its freeze.
fn freeze<G: CliGame>(run: &Run<G>, record: RecordKey) -> CliResult<Stall> {
    let (dir, spec, config) = (run.dir, run.spec, run.config);
    let game = RunGame {
        dir: dir.to_path_buf(),
        spec: spec.clone(),
        record,
    };
    let index = game.record.index;
    let start = G::setup(config, silk_lab::game_seed(spec.seed, index))
        .map_err(|e| CliError::input(format!("{}: config: {e}", dir.join("run.json").display())))?;
    let (mut last, mut now) = (Vec::new(), Vec::new());
    G::score(&start, &mut last);
    let mut at = Stall {
        index,
        round: G::round(&start),
        decision: 0,
        scores: last.clone(),
        reading: G::stall(&start),
    };
    let played = silk_lab::play_game::<G>(
        config,
        spec,
        index,
        run.bots,
        game.max_decisions(),
        &mut |step| {
            G::score(step.after, &mut now);
            if now != last {
                std::mem::swap(&mut now, &mut last);
                at.round = G::round(step.after);
                at.decision = step.number;
                at.scores = last.clone();
                at.reading = G::stall(step.after);
            }
            Ok(())
        },
    )?;
    game.check::<G>(&played)?;
    Ok(at)
}

/// Reads the run's records, replays each stalled game and reports.
fn stalls<G: CliGame>(
    dir: &Path,
    spec: silk_lab::RunSpec,
    (limit, html): (u64, Option<&Path>),
    out: &mut Out,
) -> CliResult<()> {
    let mut capped = Vec::new();
    let mut games = 0u64;
    silk_lab::read_records(dir, &spec, &mut |r| {
        games += 1;
        if r.ended_by == Some(EndedBy::RoundCap) {
            capped.push(RecordKey {
                index: r.index,
                seed: r.seed,
                scores: r.scores,
                ranks: r.ranks,
                decisions: r.decisions,
                finished: r.finished,
                stuck: r.stuck,
                ended_by: r.ended_by,
            });
        }
        Ok(())
    })?;
    let config: G::Config = serde_json::from_value(spec.config.clone()).map_err(|e| {
        CliError::input(format!(
            "{}: config: {e} (was the run made by another version of silk?)",
            dir.join("run.json").display()
        ))
    })?;
    let bots = crate::seats::players_for::<G>(&config);
    let run = Run {
        dir,
        spec: &spec,
        config: &config,
        bots: &bots,
    };
    let n = capped.len() as u64;
    out.line(
        &format!(
            "{}: {n} of {games} games ({}) stalled: the round cap ended them",
            dir.display(),
            G::NAME
        ),
        json!({"type": "run", "run": dir.display().to_string(), "game": G::NAME,
               "games": games, "stalls": n}),
    );
    let mut found = Vec::new();
    let mut values = Vec::new();
    for (k, record) in capped.into_iter().enumerate() {
        let stall = freeze::<G>(&run, record)?;
        let (text, value) = stall_lines::<G>(dir, &stall);
        if (k as u64) < limit {
            out.line(&text, value.clone());
        } else if out.json {
            out.line("", value.clone());
        }
        values.push(value);
        found.push(stall);
    }
    let (text, value) = summary::<G>(dir, games, &found);
    if let Some(path) = html {
        let page = silk_lab::report::stalls_html(&dir.display().to_string(), &value, &values);
        crate::lab::write_report(path, &page)?;
        out.message(&format!("wrote {}", path.display()));
    }
    out.line(&text, value);
    Ok(())
}

/// The command that shows `stall` at its freeze: the state after its last score change.
fn replay_command(dir: &Path, stall: &Stall) -> String {
    format!(
        "silk replay {} --game {} --at {}",
        dir.display(),
        stall.index,
        stall.decision + 1
    )
}

fn profile(scores: &[i64]) -> String {
    let s: Vec<String> = scores.iter().map(|v| v.to_string()).collect();
    s.join("-")
}

/// The cause that shuts the most of the leaders' sources (the first such in check order).
fn primary(r: &StallReading) -> Option<&'static str> {
    if !r.explained() {
        return None;
    }
    let leaders = r.leaders();
    let shut = |cause: &str| {
        r.checks
            .iter()
            .filter(|c| leaders.contains(&c.seat))
            .filter(|c| c.blocked.as_ref().is_some_and(|b| b.cause == cause))
            .count()
    };
    let causes = r.holding_causes();
    let most = causes.iter().map(|b| shut(b.cause)).max()?;
    causes
        .iter()
        .find(|b| shut(b.cause) == most)
        .map(|b| b.cause)
}

fn stall_lines<G: CliGame>(dir: &Path, stall: &Stall) -> (String, Value) {
    let replay = replay_command(dir, stall);
    let mut text = format!(
        "\ngame {}: no {} changed after round {} (decision {}); frozen at {}",
        stall.index,
        G::SCORE,
        stall.round,
        stall.decision,
        profile(&stall.scores)
    );
    let mut value = json!({"type": "stall", "index": stall.index, "freeze_round": stall.round,
        "freeze_decision": stall.decision, "scores": stall.scores, "replay": replay});
    match &stall.reading {
        None => text += &format!("\n  ({} does not say why its games stall)", G::NAME),
        Some(r) => {
            text += &format!(", target {}", r.target);
            let held = primary(r);
            text += &match held {
                Some(c) => format!("; held by {c}"),
                None => "; not explained: a leader still has an open source (the bots')".into(),
            };
            for seat in (0..r.scores.len()).map(|i| Seat(i as u8)) {
                let lead = if r.leaders().contains(&seat) {
                    "*"
                } else {
                    " "
                };
                text += &format!("\n {lead}{seat} {:>3}:", r.scores[seat.index()]);
                for c in r.of(seat) {
                    let cell = c.blocked.as_ref().map_or("open", |b| b.cause);
                    text += &format!("  {} {cell}", c.source);
                }
            }
            let mut seen: Vec<&str> = Vec::new();
            for b in r.checks.iter().filter_map(|c| c.blocked.as_ref()) {
                if !seen.contains(&b.cause) {
                    seen.push(b.cause);
                    text += &format!("\n    {}: {}", b.cause, b.text);
                }
            }
            value["target"] = json!(r.target);
            value["leaders"] = json!(r.leaders());
            value["explained"] = json!(r.explained());
            value["held_by"] = json!(held);
            value["causes"] = json!(r.holding_causes());
            value["checks"] = json!(r.checks);
        }
    }
    text += &format!("\n  at the freeze: {replay}");
    (text, value)
}

/// A share with its interval, in percent: `12.5 % [4.1, 31.0]`.
fn share(k: u64, n: u64) -> (String, Value) {
    let (lo, hi) = wilson(k, n);
    let p = if n == 0 { 0.0 } else { k as f64 / n as f64 };
    (
        format!("{:.1} % [{:.1}, {:.1}]", 100.0 * p, 100.0 * lo, 100.0 * hi),
        json!({"count": k, "of": n, "share": p, "low": lo, "high": hi}),
    )
}

/// The run's figures over its stalls, as text and as the `summary` record.
fn summary<G: CliGame>(dir: &Path, games: u64, found: &[Stall]) -> (String, Value) {
    let n = found.len() as u64;
    let read: Vec<(&Stall, &StallReading)> = found
        .iter()
        .filter_map(|s| s.reading.as_ref().map(|r| (s, r)))
        .collect();
    let (stall_text, stall_value) = share(n, games);
    let mut text = format!("\nstalls: {n} of {games} games, {stall_text}");
    let mut value = json!({"type": "summary", "game": G::NAME, "games": games,
                           "stall_share": stall_value});
    if read.is_empty() {
        if n > 0 {
            text += &format!("\n{} does not say why its games stall", G::NAME);
        }
        return (text, value);
    }
    let explained = read.iter().filter(|(_, r)| r.explained()).count() as u64;
    let (t, v) = share(explained, n);
    text += &format!("\nexplained by a named rule or resource: {explained} of {n}, {t}");
    value["explained"] = v;
    let short = read
        .iter()
        .filter(|(_, r)| {
            r.leaders()
                .iter()
                .all(|&s| r.scores[s.index()] + 1 == r.target)
        })
        .count() as u64;
    text += &format!("\nthe leading cities are one VP short of the target in {short} of {n}");
    value["leaders_one_short"] = json!(short);
    // Each cause, by the stalls in which it shuts a source of every leading city.
    let mut causes: Vec<(&silk_core::stall::Block, Vec<&Stall>, u64)> = Vec::new();
    for (stall, r) in &read {
        let first = primary(r);
        for b in r.holding_causes() {
            let held = u64::from(first == Some(b.cause));
            match causes.iter_mut().find(|c| c.0.cause == b.cause) {
                Some(c) => {
                    c.1.push(stall);
                    c.2 += held;
                }
                None => causes.push((b, vec![stall], held)),
            }
        }
    }
    causes.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.len().cmp(&a.1.len())));
    let mut rows = Vec::new();
    for (b, stalls, held) in &causes {
        let k = stalls.len() as u64;
        let (every, ev) = share(k, n);
        let (most, mv) = share(*held, n);
        let example = replay_command(dir, stalls[0]);
        text += &format!(
            "\n  in {every} of stalls every leading city is held by {} ({}); it holds the \
             most sources in {most}\n      e.g. game {}: {}\n      {example}",
            b.cause,
            b.kind.name(),
            stalls[0].index,
            b.text
        );
        rows.push(json!({"cause": b.cause, "kind": b.kind, "every_leader": ev,
                         "holds_most": mv, "example": stalls[0].index,
                         "example_text": b.text, "replay": example}));
    }
    value["causes"] = json!(rows);
    (text, value)
}
