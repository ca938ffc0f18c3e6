//! `silk ladder --depth BOT` and `silk ladder --restricted BOT`: one bot (the subject) against
//! each bot of a field, head to head as the ladder seats a pairing (half the seats each,
//! alternately, moved round the table), on the ladder's own games: the subject's row of
//! `silk ladder --bots SUBJECT,FIELD…` with intervals.
//!
//! - **Skill depth** (Ludii's skill trace, TAG's skill ladder): a search bot at doubling
//!   budgets (`mcts-greedy25`, `…50`, `…100`…) against the field. A game where more thought
//!   does not win more has little room for skill. Every budget plays the same games, so the
//!   last budget's gain over the first is paired game by game.
//! - **Restricted play** (Jaffe et al. 2012): a bot kept from part of the game (a style, or
//!   weights changed: `greedy+attack=0` values attacks' cards at nothing) against the standard
//!   field. A restriction that still wins its share says the restricted part is not needed.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::jobs::GamesIo;
use crate::lab;
use crate::ladder::{play_legs, Forfeited, LegRun};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::Observe;
use silk_lab::ladder;
use std::collections::HashMap;
use std::sync::atomic::Ordering;

/// The field a restricted bot meets when `--bots` names none: the game's heuristic styles.
pub const STANDARD_FIELD: &[&str] = &[
    "greedy",
    "greedy-aggressive",
    "greedy-trader",
    "greedy-builder",
];

/// The budgets of a skill-depth ladder when none are given: doubling from 25.
pub const DEFAULT_BUDGETS: &[u32] = &[25, 50, 100, 200];

/// What a subject ladder is given.
pub struct SubjectArgs {
    pub field: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub max_decisions: u64,
    pub progress: bool,
}

/// A share of games won with its 95 % Wilson interval; a first place shared with the other
/// bot counts half.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct Share {
    pub games: u64,
    pub wins: f64,
    pub share: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Share {
    fn of(half_wins: u64, games: u64) -> Share {
        let wins = half_wins as f64 / 2.0;
        let (lo, hi) = silk_lab::stats::wilson_share(wins, games);
        Share {
            games,
            wins,
            share: if games == 0 { 0.5 } else { wins / games as f64 },
            lo,
            hi,
        }
    }

    fn text(&self) -> String {
        format!(
            "{:5.1}% [{:5.1}%, {:5.1}%] of {}",
            100.0 * self.share,
            100.0 * self.lo,
            100.0 * self.hi,
            self.games
        )
    }
}

/// One subject's games against the field: its share against each field bot and in all, its
/// time per decision, and each game's result keyed by (field bot, game seed) for pairing.
pub struct SubjectResult {
    pub subject: String,
    pub against: Vec<Share>,
    pub all: Share,
    pub micros: f64,
    pub cut_short: u64,
    /// The games a field bot outside silk forfeited: left out, as the ladder leaves them out.
    pub forfeits: Forfeited,
    results: HashMap<(usize, u64), f64>,
}

/// Plays `subject` against every bot of the field, on the games `silk ladder --bots
/// SUBJECT,FIELD…` plays for those pairings.
pub fn play_subject<G: CliGame + Observe>(
    config: &G::Config,
    subject: &str,
    args: &SubjectArgs,
    bar: &indicatif::ProgressBar,
) -> CliResult<SubjectResult>
where
    G::Config: Sync,
{
    let mut names = vec![subject.to_string()];
    names.extend(args.field.iter().cloned());
    let seats = crate::seats::seats::<G>(config)?;
    let config_json =
        serde_json::to_value(config).map_err(|e| CliError::Internal(e.to_string()))?;
    let legs: Vec<ladder::Leg> =
        ladder::schedule(G::NAME, &config_json, &names, seats, args.games, args.seed)
            .into_iter()
            .filter(|l| l.a == 0)
            .collect();
    let mut results = HashMap::new();
    let how = LegRun {
        threads: args.threads,
        max_decisions: args.max_decisions,
        shard: None,
        io: &GamesIo::default(),
    };
    let played = play_legs::<G>(config, &names, &legs, &how, bar, &mut |leg, seed, score| {
        results.insert((leg.b - 1, seed), score);
    })?;
    let pairings = played.pairings;
    let against: Vec<Share> = pairings
        .iter()
        .map(|p| Share::of(p.a_half_wins, p.games))
        .collect();
    let all = Share::of(
        pairings.iter().map(|p| p.a_half_wins).sum(),
        pairings.iter().map(|p| p.games).sum(),
    );
    // The subject is named first.
    let clock = &played.clocks[0];
    let d = clock.decisions.load(Ordering::Relaxed);
    Ok(SubjectResult {
        subject: subject.to_string(),
        against,
        all,
        micros: clock.nanos.load(Ordering::Relaxed) as f64 / 1000.0 / d.max(1) as f64,
        cut_short: played.excluded.cut_short,
        forfeits: played.forfeits,
        results,
    })
}

/// `b`'s results minus `a`'s, game by game on the games both finished: mean, 95 % interval,
/// games.
pub fn paired_gain(a: &SubjectResult, b: &SubjectResult) -> (f64, f64, f64, u64) {
    let d: Vec<f64> = b
        .results
        .iter()
        .filter_map(|(k, &rb)| a.results.get(k).map(|&ra| rb - ra))
        .collect();
    let n = d.len() as f64;
    if d.is_empty() {
        return (0.0, -1.0, 1.0, 0);
    }
    let mean = d.iter().sum::<f64>() / n;
    let var = if d.len() > 1 {
        d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        1.0
    };
    let half = 1.96 * (var / n).sqrt();
    (mean, mean - half, mean + half, d.len() as u64)
}

fn check_field(subject: &str, field: &[String]) -> CliResult<()> {
    for b in field {
        crate::seats::bots_for(std::slice::from_ref(b), 1)?;
    }
    if field.is_empty() {
        return Err(CliError::input(
            "the field is empty: name its bots with --bots",
        ));
    }
    if field.iter().any(|f| f == subject) {
        return Err(CliError::input(format!(
            "{subject} is both the bot measured and in the field (--bots)"
        )));
    }
    Ok(())
}

fn progress(n: u64, progress: bool) -> indicatif::ProgressBar {
    lab::progress_bar(n, "games", progress)
}

fn share_json(s: &Share) -> Value {
    json!({"games": s.games, "wins": s.wins, "share": s.share, "lo": s.lo, "hi": s.hi})
}

/// `head` (a JSON object) with one subject's result: its share of all games, against each
/// field bot, its decision time, games cut short and forfeits.
fn with_subject_json(mut head: Value, r: &SubjectResult, field: &[String]) -> Value {
    if let Value::Object(m) = &mut head {
        m.insert("all".into(), share_json(&r.all));
        m.insert(
            "against".into(),
            field
                .iter()
                .zip(&r.against)
                .map(|(f, s)| json!({"bot": f, "result": share_json(s)}))
                .collect(),
        );
        m.insert("decision_micros".into(), json!(r.micros));
        m.insert("cut_short".into(), json!(r.cut_short));
        m.insert("forfeits".into(), json!(r.forfeits.0));
    }
    head
}

fn against_text(r: &SubjectResult, field: &[String]) -> String {
    let mut t = String::new();
    for (f, s) in field.iter().zip(&r.against) {
        t += &format!("    against {f:<24} {}\n", s.text());
    }
    t
}

/// `silk ladder --depth BOT`: `BOT` followed by each budget (`mcts-greedy` → `mcts-greedy25`,
/// `…50`…) against the field.
pub fn depth<G: CliGame + Observe>(
    config: &G::Config,
    bot: &str,
    budgets: &[u32],
    args: &SubjectArgs,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    if budgets.is_empty() || budgets.contains(&0) {
        return Err(CliError::input(
            "--budgets: give one or more budgets above 0",
        ));
    }
    let names: Vec<String> = budgets.iter().map(|b| format!("{bot}{b}")).collect();
    for n in &names {
        crate::seats::bots_for(std::slice::from_ref(n), 1).map_err(|_| {
            CliError::input(format!(
                "--depth {bot}: {n} is not a bot (give a search bot's name without its \
                 budget: mcts, mcts-greedy, mcts-greedy-aggressive, strong)"
            ))
        })?;
        check_field(n, &args.field)?;
    }
    let bar = progress(
        (names.len() * args.field.len()) as u64 * args.games,
        args.progress,
    );
    let mut runs = Vec::new();
    for n in &names {
        runs.push(play_subject::<G>(config, n, args, &bar)?);
    }
    bar.finish_and_clear();
    let mut text = format!(
        "{}: skill depth of {bot}, budgets {}, against {} ({} games per budget and field bot, \
         seed {})\nshare of finished games won (a first place shared with the other bot counts \
         half; 95% Wilson interval); the field's share would be 50%\n\n",
        G::NAME,
        budgets
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        args.field.join(", "),
        args.games,
        args.seed
    );
    for r in &runs {
        text += &format!(
            "{:<28} {}   {:.0} µs per decision\n",
            r.subject,
            r.all.text(),
            r.micros
        );
        text += &against_text(r, &args.field);
        text += &r.forfeits.text();
    }
    let first = &runs[0];
    let last = &runs[runs.len() - 1];
    let gain = paired_gain(first, last);
    if runs.len() > 1 {
        text += &format!(
            "\n{} − {}, game by game on the same {} games: {:+.1} points [{:+.1}, {:+.1}]{}\n",
            last.subject,
            first.subject,
            gain.3,
            100.0 * gain.0,
            100.0 * gain.1,
            100.0 * gain.2,
            if gain.1 > 0.0 {
                " — more thought wins more"
            } else if gain.2 < 0.0 {
                " — more thought wins less"
            } else {
                " — not clear of zero"
            }
        );
    }
    let cut: u64 = runs.iter().map(|r| r.cut_short).sum();
    if cut > 0 {
        text += &format!("{cut} games cut short (no winner) left out\n");
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "bot": bot,
            "field": args.field,
            "games_per_pairing": args.games,
            "seed": args.seed,
            "budgets": runs.iter().zip(budgets).map(|(r, b)| with_subject_json(
                json!({"budget": b, "bot": r.subject}),
                r,
                &args.field,
            )).collect::<Vec<_>>(),
            "gain_last_over_first": {"mean": gain.0, "lo": gain.1, "hi": gain.2, "games": gain.3},
        }),
    );
    Ok(())
}

/// `silk ladder --restricted BOT`: one bot against the field (by default the game's styles).
pub fn restricted<G: CliGame + Observe>(
    config: &G::Config,
    bot: &str,
    args: &SubjectArgs,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    crate::seats::bots_for(&[bot.to_string()], 1)?;
    check_field(bot, &args.field)?;
    let bar = progress(args.field.len() as u64 * args.games, args.progress);
    let r = play_subject::<G>(config, bot, args, &bar)?;
    bar.finish_and_clear();
    let verdict = if r.all.hi < 0.5 {
        "below an even share: it wins less than the field"
    } else if r.all.lo > 0.5 {
        "above an even share: it wins more than the field"
    } else {
        "not clear of an even share"
    };
    let mut text = format!(
        "{}: {bot} against the field {} ({} games per field bot, seed {})\nshare of finished \
         games won (a first place shared with the other bot counts half; 95% Wilson interval)\n\n",
        G::NAME,
        args.field.join(", "),
        args.games,
        args.seed
    );
    text += &format!("{:<28} {}   {verdict}\n", r.subject, r.all.text());
    text += &against_text(&r, &args.field);
    if r.cut_short > 0 {
        text += &format!("{} games cut short (no winner) left out\n", r.cut_short);
    }
    text += &r.forfeits.text();
    out.doc(
        &text,
        &with_subject_json(
            json!({
                "game": G::NAME,
                "bot": bot,
                "field": args.field,
                "games_per_pairing": args.games,
                "seed": args.seed,
            }),
            &r,
            &args.field,
        ),
    );
    Ok(())
}
