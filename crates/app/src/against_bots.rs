//! `silk compare GAME --book DIR --bots …` (issue 47, point 4): the people's games of a
//! playtest book against a bot run of the same config. For each figure, what the bots predict
//! for a book of that many games (the 95% range of a share of n games under the bots' rate, or
//! of a mean of n games under the bots' mean and spread) and whether the people's figure falls
//! outside it. With many figures some fall outside by chance alone (about 5% of them): the
//! report says how many that is.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab;
use crate::output::Out;
use crate::playtest::book::{measure, records, Record};
use serde_json::{json, Value};
use silk_lab::measure::decided;
use silk_lab::GameRecord;
use std::collections::BTreeMap;
use std::path::Path;

/// The 95% range of the count of successes in `n` trials at rate `p`: the 2.5% and 97.5%
/// quantiles of Binomial(n, p).
fn binomial_range(n: u64, p: f64) -> (u64, u64) {
    let p = p.clamp(0.0, 1.0);
    if p <= 0.0 {
        return (0, 0);
    }
    if p >= 1.0 {
        return (n, n);
    }
    let (lp, lq) = (p.ln(), (1.0 - p).ln());
    let mut log_choose = 0.0f64;
    let (mut cdf, mut lo) = (0.0, None);
    for k in 0..=n {
        if k > 0 {
            log_choose += ((n - k + 1) as f64).ln() - (k as f64).ln();
        }
        cdf += (log_choose + k as f64 * lp + (n - k) as f64 * lq).exp();
        if lo.is_none() && cdf >= 0.025 {
            lo = Some(k);
        }
        if cdf >= 0.975 {
            return (lo.unwrap_or(k), k);
        }
    }
    (lo.unwrap_or(n), n)
}

/// One compared figure.
struct Row {
    name: String,
    people: f64,
    bots: f64,
    /// What the bots predict for the book's number of games.
    range: (f64, f64),
    /// Games each side's figure is over.
    n: (u64, u64),
}

impl Row {
    fn outside(&self) -> bool {
        self.people < self.range.0 - 1e-9 || self.people > self.range.1 + 1e-9
    }
}

/// A share: `hit` of the games `over` holds, for the people and the bots.
fn share_row(
    name: &str,
    (people, bots): (&[GameRecord], &[GameRecord]),
    over: impl Fn(&GameRecord) -> bool,
    hit: impl Fn(&GameRecord) -> bool,
) -> Option<Row> {
    let count = |rs: &[GameRecord]| {
        let of: Vec<&GameRecord> = rs.iter().filter(|r| over(r)).collect();
        (of.iter().filter(|r| hit(r)).count() as u64, of.len() as u64)
    };
    let ((kp, np), (kb, nb)) = (count(people), count(bots));
    if np == 0 || nb == 0 {
        return None;
    }
    let rate = kb as f64 / nb as f64;
    let (lo, hi) = binomial_range(np, rate);
    Some(Row {
        name: name.into(),
        people: kp as f64 / np as f64,
        bots: rate,
        range: (lo as f64 / np as f64, hi as f64 / np as f64),
        n: (np, nb),
    })
}

/// A mean over the decided games, for the people and the bots.
fn mean_row(
    name: &str,
    (people, bots): (&[GameRecord], &[GameRecord]),
    of: impl Fn(&GameRecord) -> f64,
) -> Option<Row> {
    let values = |rs: &[GameRecord]| {
        rs.iter()
            .filter(|r| decided(r))
            .map(&of)
            .collect::<Vec<f64>>()
    };
    let (p, b) = (values(people), values(bots));
    if p.is_empty() || b.len() < 2 {
        return None;
    }
    let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64;
    let mb = mean(&b);
    let sd = (b.iter().map(|x| (x - mb).powi(2)).sum::<f64>() / (b.len() - 1) as f64).sqrt();
    let half = 1.96 * sd / (p.len() as f64).sqrt();
    Some(Row {
        name: name.into(),
        people: mean(&p),
        bots: mb,
        range: (mb - half, mb + half),
        n: (p.len() as u64, b.len() as u64),
    })
}

/// The book in `dir` against `batch`'s bot games of the records' own config.
pub fn run<G: CliGame>(dir: &Path, batch: &lab::Batch, out: &mut Out) -> CliResult<()> {
    let (recs, _) = records::<G>(dir)?;
    let Some(first) = recs.first() else {
        return Err(CliError::input(format!(
            "{}: no {} playtest record here",
            dir.display(),
            G::NAME
        )));
    };
    let config = first.replay.config.clone();
    let as_json =
        |c: &G::Config| serde_json::to_value(c).map_err(|e| CliError::Internal(e.to_string()));
    let want = as_json(&config)?;
    for r in &recs {
        if as_json(&r.replay.config)? != want {
            return Err(CliError::input(format!(
                "{}: another config than {}'s: compare a book of one config at a time",
                r.file, first.file
            )));
        }
    }
    let people: Vec<GameRecord> = recs
        .iter()
        .enumerate()
        .map(
            |(
                i,
                Record {
                    replay, playtest, ..
                },
            )| measure::<G>(replay, playtest, i as u64),
        )
        .collect::<CliResult<_>>()?;
    let mut bots = Vec::new();
    let (spec, _) = lab::run_batch_each::<G>(
        &config,
        batch,
        None,
        Some(&mut |_, r| {
            bots.push(r.clone());
            Ok(())
        }),
    )?;
    let both = (people.as_slice(), bots.as_slice());
    let finished = |r: &GameRecord| r.finished && !r.stuck;
    let mut rows: Vec<Row> = [
        share_row(
            "stalled at the round cap (finished games)",
            both,
            finished,
            |r| r.ended_by.is_some(),
        ),
        share_row(
            "first player won (decided games)",
            both,
            |r| decided(r) && r.first.is_some(),
            |r| r.first.is_some_and(|f| r.ranks.get(f as usize) == Some(&0)),
        ),
        mean_row("rounds", both, |r| r.rounds as f64),
        mean_row("decisions", both, |r| r.decisions as f64),
        mean_row("lead changes", both, |r| r.lead_changes as f64),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut names: BTreeMap<String, ()> = BTreeMap::new();
    for r in bots.iter().chain(&people) {
        for (name, _) in r.metrics.iter() {
            names.insert(name.to_string(), ());
        }
    }
    let fixed = rows.len();
    for name in names.keys() {
        if let Some(row) = mean_row(name, both, |r| r.metrics.value(name).unwrap_or(0) as f64) {
            rows.push(row);
        }
    }
    render(
        dir,
        (&spec.bots, bots.len()),
        (&rows, fixed),
        people.len(),
        out,
    );
    Ok(())
}

fn render(
    dir: &Path,
    (bots, n_bots): (&[String], usize),
    (rows, fixed): (&[Row], usize),
    n_people: usize,
    out: &mut Out,
) {
    let outside: Vec<&Row> = rows.iter().filter(|r| r.outside()).collect();
    let mut text = format!(
        "The people's games in {} ({n_people}) against {n_bots} games of {} on the same config.\n\
         For each figure, what the bots predict for {n_people} game(s): the 95% range of a share of \
         that many games at the bots' rate, or of their mean at the bots' mean and spread (decided \
         games; shares over the games named).\n\n",
        dir.display(),
        bots.join(", ")
    );
    text += &format!(
        "{:<44} {:>10} {:>10}   {:<22} \n",
        "figure", "people", "bots", "bots predict"
    );
    let line = |r: &Row| {
        format!(
            "{:<44} {:>10.3} {:>10.3}   [{:.3}, {:.3}]{}\n",
            r.name,
            r.people,
            r.bots,
            r.range.0,
            r.range.1,
            if r.outside() { "  outside" } else { "" }
        )
    };
    for r in &rows[..fixed] {
        text += &line(r);
    }
    let metrics_out: Vec<&Row> = rows[fixed..].iter().filter(|r| r.outside()).collect();
    text += &format!(
        "\nThe engine's metrics (means over decided games): {} of {} outside what the bots predict",
        metrics_out.len(),
        rows.len() - fixed
    );
    text += if metrics_out.is_empty() { ".\n" } else { ":\n" };
    for r in metrics_out {
        text += &line(r);
    }
    text += &format!(
        "\n{} of {} figures fall outside; chance alone would put about {:.1} outside (5% each), so \
         read a handful as noise and look for the large and the expected ones.\n",
        outside.len(),
        rows.len(),
        0.05 * rows.len() as f64
    );
    let value: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({"figure": r.name, "people": r.people, "bots": r.bots, "predicted": [r.range.0, r.range.1],
                   "outside": r.outside(), "games": {"people": r.n.0, "bots": r.n.1}})
        })
        .collect();
    out.doc(
        &text,
        &json!({"dir": dir.display().to_string(), "bots": bots, "bot_games": n_bots, "people_games": n_people,
                "figures": value, "outside": outside.len(), "expected_by_chance": 0.05 * rows.len() as f64}),
    );
}

#[cfg(test)]
mod tests {
    use super::binomial_range;

    #[test]
    fn binomial_ranges_hold_95_percent() {
        assert_eq!(binomial_range(10, 0.0), (0, 0));
        assert_eq!(binomial_range(10, 1.0), (10, 10));
        // Binomial(10, 0.5): P(X <= 1) = 1.1 %, P(X <= 2) = 5.5 %; P(X <= 7) = 94.5 %, P(X <= 8) = 98.9 %.
        assert_eq!(binomial_range(10, 0.5), (2, 8));
        assert_eq!(binomial_range(1, 0.3), (0, 1));
    }
}
