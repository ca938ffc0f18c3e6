//! `silk tune GAME --bot STYLE --imitate DIR` (issue 47, point 5): a greedy style's weights
//! fitted to a group's decisions. A person is modelled as choosing among the legal actions with
//! probability proportional to `exp(β · value)`, the value the heuristic gives each action
//! under the weights (a softmax over the style's values); the fit is the weights and β under
//! which the people's choices are most likely, found by coordinate search from the style's
//! own weights. Every fourth game is held out and the fit's agreement is reported on it, before
//! and after: the result is a bot name usable in every command (`greedy-aggressive+lead=…`).

use super::book::{records, Record};
use super::matching::people_decisions;
use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::output::Out;
use serde_json::json;
use silk_bots::BotKind;
use silk_core::{Seat, WeightSet};
use std::path::Path;

/// One decision a person made with a choice.
struct Choice<G: CliGame> {
    state: G::State,
    seat: Seat,
    legal: Vec<G::Action>,
    chosen: usize,
}

/// How well weights (with β) explain a set of decisions.
#[derive(Clone, Copy, Debug, Default)]
struct Score {
    /// Mean log-likelihood of the chosen action, per decision.
    loglik: f64,
    /// Decisions whose chosen action no other is valued above (ties included).
    top1: u64,
    decisions: u64,
}

fn score<G: CliGame>(choices: &[Choice<G>], w: &WeightSet, beta: f64, buf: &mut Vec<f32>) -> Score {
    let mut s = Score::default();
    let mut total = 0.0;
    for c in choices {
        G::weighted_values(&c.state, c.seat, &c.legal, w, buf);
        if buf.len() != c.legal.len() {
            continue;
        }
        let max = buf.iter().copied().fold(f32::NEG_INFINITY, f32::max) as f64;
        let sum: f64 = buf.iter().map(|&v| (beta * (v as f64 - max)).exp()).sum();
        let chosen = buf[c.chosen] as f64;
        total += beta * (chosen - max) - sum.ln();
        s.top1 += (chosen >= max - 1e-4) as u64;
        s.decisions += 1;
    }
    s.loglik = total / s.decisions.max(1) as f64;
    s
}

/// The β that best explains `choices` under `w`, from a log-spaced grid around `beta`.
fn best_beta<G: CliGame>(
    choices: &[Choice<G>],
    w: &WeightSet,
    beta: f64,
    buf: &mut Vec<f32>,
) -> (f64, Score) {
    let mut best = (beta, score(choices, w, beta, buf));
    for f in [0.25, 0.5, 0.7, 1.4, 2.0, 4.0] {
        let b = (beta * f).clamp(1e-4, 1e4);
        let s = score(choices, w, b, buf);
        if s.loglik > best.1.loglik {
            best = (b, s);
        }
    }
    best
}

/// Coordinate search from `start`: each weight in turn tried scaled and shifted, kept where
/// the people's choices become likelier; β re-fitted after each round.
fn fit<G: CliGame>(choices: &[Choice<G>], start: WeightSet) -> (WeightSet, f64, Score) {
    let n = G::WEIGHTS.len();
    let mut buf = Vec::new();
    let mut w = start;
    let (mut beta, mut best) = best_beta(choices, &w, 1.0, &mut buf);
    for _ in 0..3 {
        let b = best_beta(choices, &w, beta, &mut buf);
        (beta, best) = b;
    }
    for _round in 0..6 {
        let mut improved = false;
        for i in 0..n {
            let x = w.get(i);
            let step = 0.25 * x.abs().max(0.2);
            for cand in [x * 0.5, x * 1.5, x + step, x - step, 0.0] {
                let mut t = w;
                t.set(i, cand);
                let s = score(choices, &t, beta, &mut buf);
                if s.loglik > best.loglik + 1e-9 {
                    (w, best, improved) = (t, s, true);
                }
            }
        }
        let b = best_beta(choices, &w, beta, &mut buf);
        (beta, best) = b;
        if !improved {
            break;
        }
    }
    (w, beta, best)
}

/// The bot `base` with every weight set: a name every command reads.
fn bot_name<G: CliGame>(base: &str, w: &WeightSet) -> String {
    let mut name = base.to_string();
    for (i, n) in G::WEIGHTS.iter().enumerate() {
        name += &format!("+{n}={:.3}", w.get(i));
    }
    name
}

/// `silk tune GAME --bot STYLE --imitate DIR`: fits `bot`'s weights to the people's decisions
/// in the playtest records of `dir` and reports the fit, before and after, on the games it saw
/// and on those held out.
pub fn run<G: CliGame>(dir: &Path, bot: &str, out: &mut Out) -> CliResult<()> {
    let style = match BotKind::parse(bot) {
        Some(BotKind::Greedy(style)) => style,
        _ => {
            return Err(CliError::input(format!(
                "--imitate fits a greedy style's weights: --bot greedy or greedy-STYLE, not {bot:?}"
            )))
        }
    };
    if G::WEIGHTS.is_empty() {
        return Err(CliError::input(format!(
            "{}: its heuristic has no weights to fit",
            G::NAME
        )));
    }
    let (recs, _) = records::<G>(dir)?;
    // Every fourth game held out (when there are four or more).
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let (mut train_games, mut held_games) = (0, 0);
    for (
        k,
        Record {
            replay, playtest, ..
        },
    ) in recs.iter().enumerate()
    {
        let hold = recs.len() >= 4 && k % 4 == 3;
        let into = if hold { &mut held } else { &mut train };
        *(if hold {
            &mut held_games
        } else {
            &mut train_games
        }) += 1;
        people_decisions::<G>(replay, playtest, |state, seat, legal, chosen| {
            into.push(Choice::<G> {
                state: state.clone(),
                seat,
                legal: legal.to_vec(),
                chosen,
            })
        })?;
    }
    if train.is_empty() {
        return Err(CliError::input(format!(
            "{}: no decision made by a person with a choice in its playtest records",
            dir.display()
        )));
    }
    let start = G::style_weights(style);
    let mut buf = Vec::new();
    let (beta0, before) = best_beta(&train, &start, 1.0, &mut buf);
    let (w, beta, after) = fit(&train, start);
    let held_before = score(&held, &start, beta0, &mut buf);
    let held_after = score(&held, &w, beta, &mut buf);
    let fitted = bot_name::<G>(bot.trim(), &w);
    G::bot(
        BotKind::parse(&fitted)
            .ok_or_else(|| CliError::Internal(format!("{fitted}: not a bot name")))?,
        1,
    )?;
    let pct = |s: &Score| 100.0 * s.top1 as f64 / s.decisions.max(1) as f64;
    let row = |label: &str, a: &Score, b: &Score| {
        format!(
            "  {label:<22} top 1 {:5.1}% → {:5.1}%   log-likelihood per decision {:.3} → {:.3}\n",
            pct(a),
            pct(b),
            a.loglik,
            b.loglik
        )
    };
    let mut text = format!(
        "{}: {bot} fitted to the people's decisions in {} ({} decisions in {train_games} \
         game(s) fitted, {} in {held_games} held out; a person chooses in proportion to \
         exp(β · value))\n",
        G::NAME,
        dir.display(),
        train.len(),
        held.len()
    );
    text += &row("fitted games", &before, &after);
    if held.is_empty() {
        text +=
            "  (fewer than four games: none held out, so the fit is not checked on unseen play)\n";
    } else {
        text += &row("held-out games", &held_before, &held_after);
    }
    text += &format!("weights: {}\nβ = {beta:.3}\nthe fitted bot: {fitted}\n", {
        G::WEIGHTS
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n} {:.3} → {:.3}", start.get(i), w.get(i)))
            .collect::<Vec<_>>()
            .join(", ")
    });
    let side = |s: &Score| json!({"decisions": s.decisions, "top1": s.top1, "loglik": s.loglik});
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "bot": bot,
            "fitted": fitted,
            "beta": beta,
            "weights": G::WEIGHTS.iter().enumerate().map(|(i, n)| json!({"name": n, "start": start.get(i), "fitted": w.get(i)})).collect::<Vec<_>>(),
            "train": {"games": train_games, "before": side(&before), "after": side(&after)},
            "held_out": {"games": held_games, "before": side(&held_before), "after": side(&held_after)},
        }),
    );
    Ok(())
}
