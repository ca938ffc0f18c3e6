//! The designer's questions over measures with intervals: `silk compare GAME --variant`
//! (what does this change do?), `silk gaps` (how far is the design from my targets?) and
//! `silk tune` (which settings come closest?).

use crate::error::{CliError, CliResult};
use crate::games::{CliGame, DataFiles};
use crate::lab::{self, Batch};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::Observe;
use silk_lab::paired::{self, Compared, GameObs, Paired, PairedDifference};
use silk_lab::targets::{self, Gap, TargetsFile, Verdict};
use silk_lab::{sweep, RunSpec, Summary};
use silk_lab::{Measured, Measures};
use silk_lab::{TimeModel, TimeSpec};
use std::collections::BTreeMap;
use std::path::Path;

pub mod findings;
mod gaps;
pub mod space;
mod sweep_job;
mod tune;
mod tune_bot;
mod tune_state;
mod variants;
pub use gaps::gaps;
use space::label;
pub use sweep_job::sweep_run;
pub use tune::{tune, TuneArgs};
pub use tune_bot::{tune_bot, BotTune};
pub use variants::{compare_variants, VariantArgs};

/// A run measured: its spec, summary and named measures.
pub struct Measured3 {
    pub spec: RunSpec,
    pub summary: Summary,
    pub measures: BTreeMap<String, Measured>,
}

/// Runs a batch and folds its measures as the games finish (constant memory), with the
/// winners-versus-others figure of each per-player measure in `winners`.
pub fn measure<G: CliGame + Observe>(
    config: &G::Config,
    batch: &Batch,
    time: &TimeSpec,
    winners: &[String],
) -> CliResult<Measured3>
where
    G::Config: Sync,
{
    let model = TimeModel::new(G::DECISION_KINDS, time).map_err(CliError::input)?;
    let mut fold: Option<Measures> = None;
    let (spec, summary) = lab::run_batch_each::<G>(
        config,
        batch,
        None,
        Some(&mut |spec, r| {
            fold.get_or_insert_with(|| Measures::new(spec, model.clone()).winners(winners))
                .add(r);
            Ok(())
        }),
    )?;
    let measures = fold.map(|f| f.finish()).unwrap_or_default();
    Ok(Measured3 {
        spec,
        summary,
        measures,
    })
}

/// Games a paired comparison holds per config at once: its memory is a chunk's per-game
/// contributions, whatever the number of games.
const PAIR_CHUNK: u64 = 512;

/// Every config played on the same games, and each later config's paired differences from the
/// first.
pub struct PairedRuns {
    /// The run as a whole (the base config's).
    pub spec: RunSpec,
    /// Each config's measures, in the order given.
    pub measures: Vec<BTreeMap<String, Measured>>,
    /// For each config after the first: its game-by-game differences from the first.
    pub paired: Vec<BTreeMap<String, PairedDifference>>,
    /// Each config's run and summary, as `silk simulate` would give them (for a sweep's table
    /// and report).
    pub summaries: Vec<(RunSpec, Summary)>,
}

/// Plays every config on the same games, a chunk of games at a time (each chunk a finer shard
/// of the batch, so the games are exactly the batch's), folding each config's measures and
/// each variant's paired differences from the first config as the chunks end.
pub fn measure_paired<G: CliGame + Observe>(
    configs: &[(String, G::Config)],
    batch: &Batch,
    time: &TimeSpec,
    winners: &[String],
    out: &mut Out,
) -> CliResult<PairedRuns>
where
    G::Config: Sync,
{
    let Some((_, base)) = configs.first() else {
        return Err(CliError::input("nothing to compare"));
    };
    let model = TimeModel::new(G::DECISION_KINDS, time).map_err(CliError::input)?;
    let spec = lab::spec_for::<G>(base, batch)?;
    let (k, n) = spec.shard.map_or((1, 1), |s| (s.k, s.n));
    let len = spec.indices().end - spec.indices().start;
    // Chunk j of shard K/N is shard (K−1)·c + j of N·c: the same games, cut finer.
    let chunks = len.div_ceil(PAIR_CHUNK).max(1);
    let chunks = if n.checked_mul(chunks).is_some() {
        chunks
    } else {
        1
    };
    let mut folds: Vec<Option<Measures>> = vec![None; configs.len()];
    let mut runs: Vec<Option<silk_lab::Fold>> = vec![None; configs.len()];
    let mut paired: Vec<Paired> = vec![Paired::default(); configs.len().saturating_sub(1)];
    let bar = lab::progress_bar(len * configs.len() as u64, "games", batch.progress);
    let started = std::time::Instant::now();
    for j in 0..chunks {
        let chunk = Batch {
            shard: Some(format!("{}/{}", (k - 1) * chunks + j + 1, n * chunks)),
            progress: false,
            ..batch.clone()
        };
        let mut obs: Vec<Vec<(u64, GameObs)>> = Vec::with_capacity(configs.len());
        for (((_, config), fold), run) in configs.iter().zip(folds.iter_mut()).zip(&mut runs) {
            let mut games = Vec::new();
            let (_, chunk_fold) = lab::run_batch_fold::<G>(
                config,
                &chunk,
                None,
                Some(&mut |spec, r| {
                    let o = fold
                        .get_or_insert_with(|| Measures::new(spec, model.clone()).winners(winners))
                        .add_observed(r);
                    games.push((r.index, o));
                    Ok(())
                }),
            )?;
            match run {
                Some(f) => f.merge(&chunk_fold),
                None => *run = Some(chunk_fold),
            }
            bar.inc(games.len() as u64);
            obs.push(games);
        }
        for (v, fold) in obs.iter().skip(1).zip(paired.iter_mut()) {
            for ((i, b), (i2, o)) in obs[0].iter().zip(v) {
                if i != i2 {
                    return Err(CliError::Internal(format!(
                        "paired games out of step: game {i} against game {i2}"
                    )));
                }
                fold.add(b, o);
            }
        }
    }
    bar.finish_and_clear();
    for (name, _) in configs {
        out.message(&format!("{name}: {len} games done"));
    }
    // What a long batch (a findings document's strong column) cost, for its docs.
    out.message(&format!(
        "{} config(s) x {len} games by {} in {:.1} min on {} thread(s)",
        configs.len(),
        batch.bots.join(","),
        started.elapsed().as_secs_f64() / 60.0,
        lab::threads(batch.threads)
    ));
    let mut summaries = Vec::with_capacity(configs.len());
    for ((_, config), run) in configs.iter().zip(&runs) {
        let spec = lab::spec_for::<G>(config, batch)?;
        let summary = match run {
            Some(f) => f.summary(&spec),
            None => silk_lab::Fold::new(&spec).summary(&spec),
        };
        summaries.push((spec, summary));
    }
    Ok(PairedRuns {
        summaries,
        spec,
        measures: folds
            .into_iter()
            .map(|f| f.map(|f| f.finish()).unwrap_or_default())
            .collect(),
        paired: paired.iter().map(Paired::finish).collect(),
    })
}

fn fmt(m: &Measured, v: f64) -> String {
    m.show(v)
}

fn fmt_ci(m: &Measured) -> String {
    m.show_interval()
}

fn unit(m: &Measured) -> &'static str {
    if m.is_share() {
        " %"
    } else {
        ""
    }
}

/// A difference as the text table shows it: signed value and interval in the measure's unit,
/// `*` where the interval excludes 0, `†` where it also survives the false-discovery control;
/// a constant (no game differs) as such.
pub fn difference_cell(m: &Measured, d: &Compared) -> String {
    if d.constant() {
        return "0 in every game  ".into();
    }
    let sign = |v: f64| if v >= 0.0 { "+" } else { "" };
    format!(
        "{}{} [{}{}, {}{}]{}",
        sign(d.value),
        fmt(m, d.value),
        sign(d.lo),
        fmt(m, d.lo),
        sign(d.hi),
        fmt(m, d.hi),
        match (d.clear, d.fdr_kept) {
            (true, true) => "*†",
            (true, false) => "* ",
            _ => "  ",
        }
    )
}

/// The measures a comparison shows in text (all of them go to JSON and HTML).
fn shown(name: &str, all: bool) -> bool {
    if name.ends_with(".max") {
        return false;
    }
    if name.starts_with("metric.") {
        return all && !name.starts_with("metric.decisions.");
    }
    true
}

/// Reads the targets file and the time model it sets for `G`.
/// The per-player measures a targets file names as `winners.player.<measure>`, checked
/// against the game's: the lab measures their winners-versus-others figure.
pub(crate) fn targets_winners<G: CliGame>(file: &TargetsFile) -> CliResult<Vec<String>> {
    let asked: Vec<String> = file
        .targets
        .iter()
        .filter_map(|t| t.measure.strip_prefix("winners."))
        .map(str::to_string)
        .collect();
    silk_lab::check_asked(G::NAME, &asked, G::PLAYER_MEASURES).map_err(|e| {
        CliError::input(format!(
            "targets: {}",
            e.replacen("--winners ", "winners.", 1)
        ))
    })
}

pub(crate) fn targets_for<G: CliGame + Observe>(
    path: &Path,
) -> CliResult<(TargetsFile, TimeModel)> {
    let file = targets::read_targets(path).map_err(CliError::input)?;
    let model = TimeModel::new(G::DECISION_KINDS, &file.time)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    Ok((file, model))
}

fn gaps_text(gaps: &[Gap]) -> String {
    let mut t = format!(
        "{:<44} {:>26} {:>10} {:>10}  {}\n",
        "target", "measured [95% interval]", "miss", "normalised", "verdict"
    );
    for g in gaps {
        let measured = g
            .measured
            .as_ref()
            .map_or("—".into(), |m| format!("{}{}", fmt_ci(m), unit(m)));
        let miss = g.measured.as_ref().map_or("—".into(), |m| fmt(m, g.miss));
        t += &format!(
            "{:<44} {:>26} {:>10} {:>10.2}  {}\n",
            g.target,
            measured,
            miss,
            g.normalised,
            g.verdict.text()
        );
    }
    t
}

fn time_text(model: &TimeModel) -> String {
    let kinds: Vec<String> = model
        .seconds
        .iter()
        .map(
            |(k, s)| match model.batched_seconds.iter().find(|(b, _)| b == k) {
                Some((_, then)) => format!("{k} {s} s (then {then} s each in a row)"),
                None => format!("{k} {s} s"),
            },
        )
        .collect();
    format!(
        "table time: {} min setup + per decision {}\n",
        model.setup_minutes,
        kinds.join(", ")
    )
}

/// The most evaluations `silk tune` makes (each a batch of games).
pub const MAX_BUDGET: usize = 1_000_000;
