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
use crate::playtest::book::{measure, records};
use serde_json::{json, Value};
use silk_lab::decided;
use silk_lab::GameRecord;
use std::collections::{BTreeMap, BTreeSet};
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

/// What one side (the people, or the bots) counted, game by game: the shares' counts and, for
/// each mean, the sum and sum of squares over the decided games. It grows with the number of
/// figures, not of games: a bot run streams through it.
#[derive(Default)]
struct Tally {
    games: u64,
    finished: u64,
    stalls: u64,
    /// Decided games with a first player, and those the first player won.
    with_first: u64,
    first_won: u64,
    decided: u64,
    /// Over the decided games, (sum, sum of squares) of each of [`MEANS`]…
    fixed: [(f64, f64); 3],
    /// …and of each engine metric (one a game did not touch counts 0 there).
    sums: BTreeMap<String, (f64, f64)>,
}

/// The fixed means, before the engine's metrics.
const MEANS: [&str; 3] = ["rounds", "decisions", "lead changes"];

/// A mean's figure: one of [`MEANS`] by its place, or an engine metric by its name.
#[derive(Clone, Copy)]
enum Figure<'a> {
    Fixed(usize),
    Metric(&'a str),
}

impl Tally {
    fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        if r.finished && !r.stuck {
            self.finished += 1;
            self.stalls += r.ended_by.is_some() as u64;
        }
        if !decided(r) {
            return;
        }
        self.decided += 1;
        if let Some(f) = r.first {
            self.with_first += 1;
            self.first_won += (r.ranks.get(f as usize) == Some(&0)) as u64;
        }
        let add = |e: &mut (f64, f64), v: f64| {
            e.0 += v;
            e.1 += v * v;
        };
        let fixed = [r.rounds as f64, r.decisions as f64, r.lead_changes as f64];
        for (e, v) in self.fixed.iter_mut().zip(fixed) {
            add(e, v);
        }
        for (name, v) in r.metrics.iter() {
            add(self.sums.entry(name.to_string()).or_default(), v as f64);
        }
    }

    /// The (sum, sum of squares) of a figure: one of [`MEANS`] by its place, else a metric.
    fn sums_of(&self, figure: Figure) -> (f64, f64) {
        match figure {
            Figure::Fixed(i) => self.fixed[i],
            Figure::Metric(name) => self.sums.get(name).copied().unwrap_or_default(),
        }
    }

    /// The mean of `figure` over the decided games, and its sample standard deviation.
    fn mean_sd(&self, figure: Figure) -> (f64, f64) {
        let (sum, sq) = self.sums_of(figure);
        let n = self.decided as f64;
        let mean = sum / n.max(1.0);
        let var = (sq - n * mean * mean) / (n - 1.0).max(1.0);
        (mean, var.max(0.0).sqrt())
    }
}

/// A share (`k` of `n` for the people, for the bots): the people's against the binomial range
/// of `n` games at the bots' rate.
fn share_row(name: &str, (kp, np): (u64, u64), (kb, nb): (u64, u64)) -> Option<Row> {
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

/// A mean over the decided games: the people's against the bots' mean ± 1.96 of their spread
/// over √(the people's games).
fn mean_row(name: &str, figure: Figure, people: &Tally, bots: &Tally) -> Option<Row> {
    if people.decided == 0 || bots.decided < 2 {
        return None;
    }
    let (mb, sd) = bots.mean_sd(figure);
    let half = 1.96 * sd / (people.decided as f64).sqrt();
    Some(Row {
        name: name.into(),
        people: people.mean_sd(figure).0,
        bots: mb,
        range: (mb - half, mb + half),
        n: (people.decided, bots.decided),
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
    let mut people = Tally::default();
    for (i, r) in recs.iter().enumerate() {
        people.add(&measure::<G>(&r.replay, &r.playtest, i as u64)?);
    }
    let mut bots = Tally::default();
    let (spec, _) = lab::run_batch_each::<G>(
        &config,
        batch,
        None,
        Some(&mut |_, r| {
            bots.add(r);
            Ok(())
        }),
    )?;
    let mut rows: Vec<Row> = [
        share_row(
            "stalled at the round cap (finished games)",
            (people.stalls, people.finished),
            (bots.stalls, bots.finished),
        ),
        share_row(
            "first player won (decided games)",
            (people.first_won, people.with_first),
            (bots.first_won, bots.with_first),
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    rows.extend(
        MEANS
            .iter()
            .enumerate()
            .filter_map(|(i, m)| mean_row(m, Figure::Fixed(i), &people, &bots)),
    );
    let fixed = rows.len();
    let metrics: BTreeSet<&String> = bots.sums.keys().chain(people.sums.keys()).collect();
    rows.extend(
        metrics
            .into_iter()
            .filter_map(|m| mean_row(m, Figure::Metric(m), &people, &bots)),
    );
    render(
        dir,
        (&spec.bots, bots.games as usize),
        (&rows, fixed),
        people.games as usize,
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
