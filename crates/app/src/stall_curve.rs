//! `silk stalls GAME --skill`: do games stall because of the design or because of the bots
//! (issue 46)? The same games (same seeds, same config) are played at rising skill — by
//! default random, greedy, the tuned aggressive style, the strong bot and the strong bot at four
//! times its budget, every seat the same bot — and the share of finished games the round cap
//! ended is measured at each level, with its interval and, game by game, its difference from
//! the level below. A share that keeps falling as the bots get stronger is the bots'; one that
//! levels off is the design's; the verdict says which the intervals support, or that they do not
//! tell yet.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab::{self, Batch};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::EndedBy;
use silk_lab::paired::{Obs, Paired};
use silk_lab::stats::wilson;

/// A difference of stall shares this small (in share, both ways) counts as level.
pub const LEVEL: f64 = 0.05;

/// How a curve is played.
pub struct SkillCurve {
    /// The bots, weakest first; empty: [`default_levels`].
    pub levels: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub max_decisions: u64,
    pub progress: bool,
}

/// Random, greedy, the tuned aggressive style, and for a game with a strong bot the strong bot
/// and the strong bot at four times its playouts.
pub fn default_levels<G: CliGame>() -> Vec<String> {
    let mut levels = vec!["random".to_string()];
    if G::STRONG.is_some() || !G::WEIGHTS.is_empty() {
        levels.extend(["greedy".to_string(), "greedy-aggressive".to_string()]);
    }
    if let Some(p) = G::STRONG {
        levels.extend(["strong".to_string(), format!("strong{}", 4 * p.iterations)]);
    }
    levels
}

/// One level's games: for each game of the run, whether the round cap ended it (`None`: it
/// did not finish, got stuck or a bot forfeited: left out of the shares).
struct Level {
    bots: String,
    stalled: Vec<Option<bool>>,
    /// Games left out, and why (unfinished, stuck, forfeited).
    left_out: (u64, u64, u64),
}

impl Level {
    fn share(&self) -> (u64, u64) {
        let n = self.stalled.iter().flatten().count() as u64;
        let k = self.stalled.iter().flatten().filter(|&&s| s).count() as u64;
        (k, n)
    }
}

/// The paired difference `b − a` of two levels' stall indicators over the games both finished,
/// as `silk compare` pairs a variant with its base (silk-lab's [`Paired`]): mean, its 95%
/// interval, and how many games it is over.
fn paired(a: &Level, b: &Level) -> (f64, f64, f64, u64) {
    let mut p = Paired::default();
    let obs = |stalled: bool| vec![("stalled".to_string(), Obs::Rate(stalled))];
    for (x, y) in a.stalled.iter().zip(&b.stalled) {
        if let (Some(x), Some(y)) = (x, y) {
            p.add(&obs(*x), &obs(*y));
        }
    }
    match p.finish().remove("stalled") {
        Some(d) => (d.value, d.lo, d.hi, d.pairs),
        None => (0.0, -1.0, 1.0, 0),
    }
}

/// What the top of the curve says, from the intervals (`d`: the strongest level minus the one
/// below it; `top`: the strongest level's share interval).
fn verdict(d: (f64, f64, f64), top: (f64, f64, f64)) -> (&'static str, String) {
    let pp = |x: f64| format!("{:+.1}", 100.0 * x);
    let diff = format!("{} [{}, {}] points", pp(d.0), pp(d.1), pp(d.2));
    let share = format!(
        "{:.1}% [{:.1}, {:.1}]",
        100.0 * top.0,
        100.0 * top.1,
        100.0 * top.2
    );
    if d.2 < 0.0 {
        (
            "bots",
            format!(
                "still falling at the top of the curve ({diff} from the level below): stronger bots \
                 stall less, so at least part of the stalls are the bots', not the design's"
            ),
        )
    } else if d.1 > 0.0 {
        (
            "design",
            format!(
                "rising at the top of the curve ({diff}): stronger play stalls more, so the stalls \
                 come from the design"
            ),
        )
    } else if top.2 < LEVEL {
        (
            "bots",
            format!("gone at the top of the curve ({share}): the stalls were the weaker bots'"),
        )
    } else if d.1 >= -LEVEL && d.2 <= LEVEL && top.1 > 0.0 {
        (
            "design",
            format!(
                "levels off at {share} ({diff} from the level below, within ±{:.0} points): \
                 stronger bots do not remove them, so the stalls are the design's",
                100.0 * LEVEL
            ),
        )
    } else {
        (
            "unclear",
            format!(
                "unclear: the strongest level stalls {share}, {diff} from the level below; more \
                 games would tell whether it still falls"
            ),
        )
    }
}

/// Plays the curve on `config` and reports it.
pub fn run<G: CliGame>(config: &G::Config, curve: &SkillCurve, out: &mut Out) -> CliResult<()>
where
    G::Config: Sync,
{
    let names = if curve.levels.is_empty() {
        default_levels::<G>()
    } else {
        curve.levels.clone()
    };
    if names.len() < 2 {
        return Err(CliError::input(
            "--skill: name at least two bots, weakest first (e.g. random,greedy,strong)",
        ));
    }
    let mut levels = Vec::new();
    for bots in &names {
        if bots.contains(',') || bots.starts_with("cmd:") {
            return Err(CliError::input(format!(
                "--skill {bots}: one bot of silk's per level (it plays every seat)"
            )));
        }
        out.message(&format!("playing {} games of {bots}", curve.games));
        let batch = Batch {
            games: curve.games,
            bots: vec![bots.clone()],
            seed: curve.seed,
            threads: curve.threads,
            shard: None,
            max_decisions: curve.max_decisions,
            check: false,
            no_rotate: false,
            progress: curve.progress,
            io: Default::default(),
        };
        let mut stalled = vec![None; curve.games as usize];
        let mut left_out = (0u64, 0u64, 0u64);
        let mut each = |_: &silk_lab::RunSpec, r: &silk_lab::GameRecord| {
            let kept = if r.forfeit.is_some() {
                left_out.2 += 1;
                None
            } else if !r.finished {
                left_out.0 += 1;
                None
            } else if r.stuck {
                left_out.1 += 1;
                None
            } else {
                Some(r.ended_by == Some(EndedBy::RoundCap))
            };
            if let Some(slot) = stalled.get_mut(r.index as usize) {
                *slot = kept;
            }
            Ok(())
        };
        lab::run_batch_each::<G>(config, &batch, None, Some(&mut each))?;
        levels.push(Level {
            bots: bots.clone(),
            stalled,
            left_out,
        });
    }
    let (text, value) = report::<G>(&levels, curve);
    out.doc(&text, &value);
    Ok(())
}

/// The curve as text and JSON.
fn report<G: CliGame>(levels: &[Level], curve: &SkillCurve) -> (String, Value) {
    let mut text = format!(
        "{}: the stall share at rising skill — every seat the same bot, {} games a level (seed \
         {}), the same games at every level. A stall is a finished game the round cap ended; \
         the share is over the finished games (decided or stalled), with its 95% Wilson \
         interval; each level's difference from the one below is paired game by game (95% \
         interval, percentage points).\n\n  {:<22} {:>17}  {:<22} {}\n",
        G::NAME,
        curve.games,
        curve.seed,
        "level",
        "stalled",
        "share",
        "vs the level below"
    );
    let mut rows = Vec::new();
    let mut last_d = (0.0, -1.0, 1.0);
    let mut top = (0.0, 0.0, 1.0);
    for (i, l) in levels.iter().enumerate() {
        let (k, n) = l.share();
        let (lo, hi) = wilson(k, n);
        let p = if n == 0 { 0.0 } else { k as f64 / n as f64 };
        top = (p, lo, hi);
        let d = (i > 0).then(|| paired(&levels[i - 1], l));
        let d_text = d.map_or(String::new(), |(m, lo, hi, _)| {
            format!("{:+.1} [{:+.1}, {:+.1}]", 100.0 * m, 100.0 * lo, 100.0 * hi)
        });
        if let Some((m, lo, hi, _)) = d {
            last_d = (m, lo, hi);
        }
        let (unfinished, stuck, forfeited) = l.left_out;
        let left = unfinished + stuck + forfeited;
        text += &format!(
            "  {:<22} {:>7} of {:<6}  {:<22} {d_text}{}\n",
            l.bots,
            k,
            n,
            format!("{:.1}% [{:.1}, {:.1}]", 100.0 * p, 100.0 * lo, 100.0 * hi),
            if left > 0 {
                format!("  ({left} left out: {unfinished} unfinished, {stuck} stuck, {forfeited} forfeited)")
            } else {
                String::new()
            }
        );
        rows.push(json!({
            "bots": l.bots,
            "stalled": k,
            "finished": n,
            "share": p, "lo": lo, "hi": hi,
            "vs_below": d.map(|(m, lo, hi, n)| json!({"diff": m, "lo": lo, "hi": hi, "games": n})),
            "unfinished": unfinished, "stuck": stuck, "forfeited": forfeited,
        }));
    }
    let (whose, words) = verdict(last_d, top);
    text += &format!(
        "\nVerdict: {words}.\n(Why the games stall, rule by rule: `silk simulate {} --bots BOT \
         --out RUN` at a level, then `silk stalls {} RUN`.)\n",
        G::NAME,
        G::NAME
    );
    let value = json!({
        "game": G::NAME,
        "games": curve.games,
        "seed": curve.seed,
        "levels": rows,
        "level_within": LEVEL,
        "verdict": {"whose": whose, "text": words},
    });
    (text, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(stalled: &[u8]) -> Level {
        Level {
            bots: String::new(),
            stalled: stalled.iter().map(|&s| (s < 2).then_some(s == 1)).collect(),
            left_out: (0, 0, 0),
        }
    }

    #[test]
    fn issue46_paired_differences_are_over_games_both_levels_finished() {
        // Game 3 unfinished at the second level: left out of the pair.
        let (a, b) = (level(&[1, 1, 0, 1]), level(&[0, 1, 0, 2]));
        let (m, lo, hi, n) = paired(&a, &b);
        assert_eq!(n, 3);
        assert!((m + 1.0 / 3.0).abs() < 1e-12, "{m}");
        assert!(lo < m && m < hi);
    }

    #[test]
    fn issue46_the_verdict_follows_the_intervals() {
        // Still falling: the difference's interval is below 0.
        assert_eq!(verdict((-0.1, -0.15, -0.05), (0.2, 0.15, 0.25)).0, "bots");
        // Rising: above 0.
        assert_eq!(verdict((0.1, 0.05, 0.15), (0.3, 0.25, 0.35)).0, "design");
        // Gone: the top share's interval below the level band.
        assert_eq!(verdict((-0.01, -0.04, 0.02), (0.01, 0.0, 0.04)).0, "bots");
        // Level within ±5 points, the share clearly above 0.
        assert_eq!(verdict((0.0, -0.03, 0.03), (0.2, 0.15, 0.25)).0, "design");
        // Too wide to tell.
        assert_eq!(verdict((0.0, -0.2, 0.2), (0.2, 0.1, 0.3)).0, "unclear");
    }
}
