//! The designer's questions over measures with intervals: `silk compare GAME --variant`
//! (what does this change do?), `silk gaps` (how far is the design from my targets?) and
//! `silk tune` (which settings come closest?).

use crate::error::{CliError, CliResult};
use crate::games::{CliGame, DataFiles};
use crate::lab::{self, Batch};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::Observe;
use silk_lab::measure::{Measured, Measures};
use silk_lab::paired::{self, Compared, GameObs, Paired, PairedDifference};
use silk_lab::targets::{self, Gap, TargetsFile, Verdict};
use silk_lab::time::{TimeModel, TimeSpec};
use silk_lab::{sweep, RunSpec, Summary};
use std::collections::BTreeMap;
use std::path::Path;

/// A run measured: its spec, summary and named measures.
pub struct Measured3 {
    pub spec: RunSpec,
    pub summary: Summary,
    pub measures: BTreeMap<String, Measured>,
}

/// Runs a batch and folds its measures as the games finish (constant memory).
pub fn measure<G: CliGame + Observe>(
    config: &G::Config,
    batch: &Batch,
    time: &TimeSpec,
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
            fold.get_or_insert_with(|| Measures::new(spec, model.clone()))
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

/// Splits `a=1,b=[1,2],c="x,y"` at the commas outside brackets and quotes.
fn split_top(text: &str) -> Vec<&str> {
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    let mut parts = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A variant's config: a config file, or `PARAM=VALUE,…` changes to the base config.
fn variant_config<G: CliGame>(
    name: &str,
    spec: &str,
    base: &G::Config,
    players: Option<usize>,
    data: &DataFiles,
) -> CliResult<G::Config> {
    let label = format!("--variant {name}");
    if !spec.contains('=') {
        let files = DataFiles {
            config: Some(Path::new(spec)),
            ..data.clone()
        };
        let config = G::config(players, &files)?;
        G::setup(&config, 0).map_err(|e| CliError::input(format!("{label}: {e}")))?;
        return Ok(config);
    }
    let json = serde_json::to_value(base).map_err(|e| CliError::Internal(e.to_string()))?;
    let mut changes = Vec::new();
    for part in split_top(spec) {
        let (param, value) = part
            .split_once('=')
            .ok_or_else(|| CliError::input(format!("{label}: write PARAM=VALUE, not {part:?}")))?;
        let path = sweep::resolve_path(&json, param.trim())
            .map_err(|e| CliError::input(format!("{label}: {e}")))?;
        changes.push((path, sweep::parse_value(value.trim())));
    }
    crate::lab::configure::<G>(&json, &changes, &label)
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

/// What `silk compare GAME` is given besides the batch.
pub struct VariantArgs<'a> {
    /// `NAME=CONFIG` each.
    pub variants: &'a [String],
    pub players: Option<usize>,
    /// The data flags, for a variant given as a config file.
    pub data: &'a DataFiles<'a>,
    /// Every engine metric in the text table too.
    pub all: bool,
    /// Per-player measures to compare as winners versus others (`--winners`).
    pub winners: &'a [String],
    pub html: Option<&'a Path>,
    /// A targets file: its measures first, and the report opens on the verdicts.
    pub targets: Option<&'a Path>,
}

/// `silk compare GAME --variant NAME=CONFIG …`: the base config and each variant on the same
/// seeds, each measure with its interval and each variant's difference from the base.
pub fn compare_variants<G: CliGame + Observe>(
    base: &G::Config,
    args: &VariantArgs,
    batch: &Batch,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let VariantArgs {
        variants,
        players,
        data,
        all,
        winners,
        html,
        targets,
    } = *args;
    let winners = silk_lab::players::check_asked(G::NAME, winners, G::PLAYER_MEASURES)
        .map_err(CliError::input)?;
    let targets = match targets {
        Some(path) => Some(targets_for::<G>(path)?.0),
        None => None,
    };
    let targeted: Vec<String> = targets
        .as_ref()
        .map(|t| t.targets.iter().map(|t| t.measure.clone()).collect())
        .unwrap_or_default();
    if let Some(path) = html {
        lab::check_html(path, false)?;
    }
    let mut configs: Vec<(String, G::Config)> = vec![("base".into(), base.clone())];
    for v in variants {
        let (name, spec) = v.split_once('=').ok_or_else(|| {
            CliError::input(format!(
                "--variant {v}: write NAME=CONFIG (a config file, or PARAM=VALUE,…)"
            ))
        })?;
        let name = name.trim();
        if name.is_empty() || configs.iter().any(|(n, _)| n == name) {
            return Err(CliError::input(format!(
                "--variant {v}: give each variant its own name (\"base\" is the config without changes)"
            )));
        }
        configs.push((
            name.to_string(),
            variant_config::<G>(name, spec, base, players, data)?,
        ));
    }
    let runs = measure_paired::<G>(&configs, batch, &TimeSpec::default(), &winners, out)?;
    // Report order: the targets' measures, then length, balance, VP sources, mechanics.
    let names: Vec<(silk_lab::order::Group, String)> = {
        let mut n: Vec<String> = runs
            .measures
            .iter()
            .flat_map(|m| m.keys().cloned())
            .collect();
        n.sort();
        n.dedup();
        silk_lab::order::ordered(&n, &targeted)
    };
    let base_m = &runs.measures[0];
    let compared: Vec<BTreeMap<String, Compared>> = runs
        .measures
        .iter()
        .skip(1)
        .zip(&runs.paired)
        .map(|(m, p)| paired::compare(base_m, m, p))
        .collect();
    // Text: one row per measure, each run's value, then each variant's difference.
    let mut text = format!(
        "{}: {} games per variant on the same seeds (from seed {}), bots {}{}\n\
         value [95% interval]; differences are variant − base taken game by game, * where the \
         interval excludes 0, † where it also survives the false-discovery control\n\n",
        G::NAME,
        batch.games,
        batch.seed,
        runs.spec.bots.join(","),
        if runs.spec.rotate { " rotating" } else { "" }
    );
    let mut header = format!("{:<38}", "measure");
    for (name, _) in &configs {
        header += &format!(" {name:>24}");
    }
    for (name, _) in configs.iter().skip(1) {
        header += &format!(" {:>27}", format!("{name} − base"));
    }
    text += &header;
    text += "\n";
    let mut rows_json = Vec::new();
    let mut group = None;
    for (g, name) in &names {
        let cells: Vec<Option<&Measured>> = runs.measures.iter().map(|m| m.get(name)).collect();
        let Some(first) = cells.iter().flatten().next() else {
            continue;
        };
        let diffs: Vec<Option<&Compared>> = compared.iter().map(|c| c.get(name)).collect();
        rows_json.push(json!({
            "measure": name,
            "group": g,
            "about": first.about,
            "kind": first.kind,
            "values": configs.iter().zip(&cells).map(|((n, _), c)| json!({"variant": n, "estimate": c})).collect::<Vec<_>>(),
            "differences": configs.iter().skip(1).zip(&diffs).map(|((n, _), d)| json!({"variant": n, "difference": d})).collect::<Vec<_>>(),
        }));
        if !shown(name, all) {
            continue;
        }
        if group != Some(*g) {
            text += &format!("-- {} --\n", g.title());
            group = Some(*g);
        }
        let mut line = format!("{:<38}", format!("{name}{}", unit(first)));
        for c in &cells {
            line += &format!(" {:>24}", c.map_or("—".into(), fmt_ci));
        }
        for d in &diffs {
            line += &format!(
                " {:>27}",
                d.map_or("—".into(), |d| {
                    let sign = |v: f64| if v >= 0.0 { "+" } else { "" };
                    format!(
                        "{}{} [{}{}, {}{}]{}",
                        sign(d.value),
                        fmt(first, d.value),
                        sign(d.lo),
                        fmt(first, d.lo),
                        sign(d.hi),
                        fmt(first, d.hi),
                        match (d.clear, d.fdr_kept) {
                            (true, true) => "*†",
                            (true, false) => "* ",
                            _ => "  ",
                        }
                    )
                })
            );
        }
        text += &line;
        text += "\n";
    }
    text += "\nmeasures:\n";
    for (_, name) in names.iter().filter(|(_, n)| shown(n, all)) {
        if let Some(m) = runs.measures.iter().find_map(|m| m.get(name)) {
            text += &format!("  {name}: {}\n", m.about);
        }
    }
    let mut tables = Vec::new();
    for ((name, _), c) in configs.iter().skip(1).zip(&compared) {
        let tested = c.len();
        let starred = c.values().filter(|d| d.clear).count();
        let kept = c.values().filter(|d| d.fdr_kept).count();
        text += &format!(
            "\n{name}: {tested} measures compared; if nothing had changed, chance alone would star \
             about {:.1} of them (5% each); {starred} starred, {kept} survive the Benjamini–Hochberg \
             control at a {:.0}% false-discovery rate (†).",
            0.05 * tested as f64,
            100.0 * paired::FDR
        );
        // Figures over the games with winners compare different games when the variant
        // changes how many are cut short.
        let differ = c.get("share.cut_short").filter(|d| d.clear);
        if let Some(d) = differ {
            text += &format!(
                " Populations differ: {name} changes the share of games cut short by {:+.1} \
                 points, so its figures over the games with winners are over other games than the \
                 base's; read the all_games.* rows (and the paired differences, which use only \
                 the games that count in both).",
                100.0 * d.value
            );
        }
        tables.push(json!({
            "populations_differ": differ.is_some(),
            "variant": name,
            "measures_tested": tested,
            "expected_chance_stars": 0.05 * tested as f64,
            "starred": starred,
            "fdr": paired::FDR,
            "fdr_kept": kept,
        }));
    }
    text += "\n\nDifferences are paired: each variant's game K is the base's game K (same seeds, same \
             bots in the same seats), and the interval is that of the per-game differences over the \
             games counted in both (a share: the mean of the 0/1 differences; a ratio: the delta \
             method on the pairs). The measures move together, so several stars from one change \
             are one finding, not several.\n";
    if !all {
        text += "Per-game engine metrics: --all (and in --json, --html).\n";
    }
    if let Some(path) = html {
        let variants: Vec<(String, &BTreeMap<String, Measured>)> = configs
            .iter()
            .map(|(n, _)| n.clone())
            .zip(&runs.measures)
            .collect();
        let settings: Vec<(String, Value)> = configs
            .iter()
            .map(|(n, c)| (n.clone(), serde_json::to_value(c).unwrap_or(Value::Null)))
            .collect();
        lab::write_report(
            path,
            &silk_lab::report::compare_html(
                G::NAME,
                &runs.spec,
                &variants,
                &compared,
                &settings,
                targets.as_ref().map(|t| t.targets.as_slice()),
            ),
        )?;
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "games": batch.games,
            "seed": batch.seed,
            "bots": runs.spec.bots,
            "variants": configs.iter().map(|(n, c)| json!({"name": n, "config": c})).collect::<Vec<_>>(),
            "measures": rows_json,
            "comparisons": tables,
        }),
    );
    Ok(())
}

/// Reads the targets file and the time model it sets for `G`.
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

/// `silk gaps GAME --targets FILE`: the targets ranked by how far the design misses each.
pub fn gaps<G: CliGame + Observe>(
    config: &G::Config,
    targets_path: &Path,
    batch: &Batch,
    html: Option<&Path>,
    force: bool,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let (file, model) = targets_for::<G>(targets_path)?;
    if let Some(path) = html {
        lab::check_html(path, force)?;
    }
    let run = measure::<G>(config, batch, &file.time)?;
    let gaps = targets::gaps(&file.targets, &run.measures);
    let met = gaps.iter().filter(|g| g.verdict == Verdict::Met).count();
    // Mean decisions (and runs) of each kind per game, for the time model's breakdown.
    let mean = |name: &str| {
        run.measures
            .get(&format!("metric.{name}"))
            .map_or(0.0, |m| m.value)
    };
    let dominant = model.dominant(mean);
    let warning = dominant.as_ref().map_or(String::new(), |(kind, share)| {
        format!(
            "warning: {kind} decisions take {:.0}% of the modelled table time: the minutes rest on \
             how finely the engine asks for them; check time.seconds.{kind} (and \
             time.batched_seconds.{kind}) against a real table\n",
            100.0 * share
        )
    });
    let capped = match run.summary.round_cap {
        0 => String::new(),
        k => format!(", {k} of them at the round cap"),
    };
    let text = format!(
        "{}: {} games ({} with winners{capped}), bots {}\n{}{warning}\n{}\n{met} of {} targets \
         met for sure; the sum of normalised misses is {:.2}\n",
        G::NAME,
        batch.games,
        run.summary.games,
        run.spec.bots.join(","),
        time_text(&model),
        gaps_text(&gaps),
        gaps.len(),
        targets::total_miss(&gaps)
    );
    if let Some(path) = html {
        lab::write_report(
            path,
            &silk_lab::report::gaps_html(&run.summary, &run.spec, &gaps, &model),
        )?;
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "games": batch.games,
            "time_model": model,
            "time_dominant_kind": dominant.map(|(kind, share)| json!({"kind": kind, "share": share})),
            "gaps": gaps,
            "total_miss": targets::total_miss(&gaps),
        }),
    );
    Ok(())
}

/// The most evaluations `silk tune` makes (each a batch of games).
pub const MAX_BUDGET: usize = 1_000_000;

/// What `silk tune` is given.
pub struct TuneArgs<'a> {
    pub params: &'a [(String, Vec<String>)],
    pub targets: &'a Path,
    pub budget: usize,
    pub validate_games: u64,
    pub explore: f64,
    /// Independent searches, each with its own seeds.
    pub repeats: usize,
}

/// `silk tune`: NTBEA over the parameters' values, minimising the sum of normalised misses of
/// the targets, each evaluation a batch on fresh seeds; the best setting and the base config
/// are then validated on seeds no evaluation used.
pub fn tune<G: CliGame + Observe>(
    base: &G::Config,
    args: &TuneArgs,
    batch: &Batch,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let (file, model) = targets_for::<G>(args.targets)?;
    if args.params.is_empty() {
        return Err(CliError::input(
            "tune at least one --param P --values V1 V2 …",
        ));
    }
    if !(1..=MAX_BUDGET).contains(&args.budget) {
        return Err(CliError::input(format!(
            "--budget {}: give 1 to {MAX_BUDGET} evaluations",
            args.budget
        )));
    }
    if !(args.explore.is_finite() && args.explore >= 0.0) {
        return Err(CliError::input(format!(
            "--explore {}: give a number of 0 or more (2 by default)",
            args.explore
        )));
    }
    let base_json = serde_json::to_value(base).map_err(|e| CliError::Internal(e.to_string()))?;
    let mut axes: Vec<(String, Vec<String>)> = Vec::new();
    for (p, values) in args.params {
        if values.is_empty() {
            return Err(CliError::input(format!(
                "--param {p}: give at least one value with --values"
            )));
        }
        axes.push((sweep::resolve_path(&base_json, p)?, values.clone()));
    }
    let config_of = |setting: &[usize]| -> CliResult<G::Config> {
        let changes: Vec<(&str, serde_json::Value)> = axes
            .iter()
            .zip(setting)
            .map(|((path, values), &i)| (path.as_str(), sweep::parse_value(&values[i])))
            .collect();
        crate::lab::configure::<G>(&base_json, &changes, &label(&axes, setting))
    };
    // Every value must make a valid config before the long run starts.
    for (d, (_, values)) in axes.iter().enumerate() {
        for i in 0..values.len() {
            let mut setting = vec![0; axes.len()];
            setting[d] = i;
            config_of(&setting)?;
        }
    }
    if args.repeats == 0 {
        return Err(CliError::input("--repeats must be at least 1"));
    }
    let evaluations = args
        .budget
        .checked_mul(args.repeats)
        .ok_or_else(|| CliError::input("--budget × --repeats is too large"))?;
    let bar = lab::progress_bar(evaluations as u64, "evaluations", batch.progress);
    let quiet = Batch {
        progress: false,
        ..batch.clone()
    };
    let mut failure: Option<CliError> = None;
    let sizes: Vec<usize> = axes.iter().map(|(_, v)| v.len()).collect();
    let mut best_miss = f64::INFINITY;
    // Which targets some evaluated setting met (its estimate inside the band).
    let mut reached = vec![false; file.targets.len()];
    let mut searches = Vec::with_capacity(args.repeats);
    for r in 0..args.repeats as u64 {
        // Search r explores with its own seed and plays its own games: the repeats are
        // independent searches, and search 0 is the single search of earlier versions.
        let search_seed = batch
            .seed
            .wrapping_add(r.wrapping_mul(0xA24B_AED4_963E_E407));
        let found = silk_lab::tune::ntbea(
            &sizes,
            args.budget,
            &silk_lab::tune::Ntbea {
                explore: args.explore,
                seed: search_seed,
                ..Default::default()
            },
            &mut |setting, k| {
                if failure.is_some() {
                    return f64::NEG_INFINITY;
                }
                // Evaluation k plays its own seeds.
                let eval = Batch {
                    seed: search_seed
                        .wrapping_add(1 + k as u64)
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    ..quiet.clone()
                };
                let gaps = config_of(setting)
                    .and_then(|c| measure::<G>(&c, &eval, &file.time))
                    .map(|run| targets::gaps(&file.targets, &run.measures));
                bar.inc(1);
                match gaps {
                    Ok(g) => {
                        for gap in &g {
                            if let Some(i) =
                                file.targets.iter().position(|t| t.label() == gap.target)
                            {
                                reached[i] |= gap.measured.is_some() && gap.miss == 0.0;
                            }
                        }
                        let m = targets::total_miss(&g);
                        best_miss = best_miss.min(m);
                        bar.set_message(format!("lowest miss so far {best_miss:.2}"));
                        -m
                    }
                    Err(e) => {
                        failure = Some(e);
                        f64::NEG_INFINITY
                    }
                }
            },
        );
        if let Some(e) = failure.take() {
            return Err(e);
        }
        searches.push((search_seed, found));
    }
    bar.finish_and_clear();
    // The distinct recommendations, in the order the searches first made them.
    let mut winners: Vec<(Vec<usize>, usize)> = Vec::new();
    for (_, f) in &searches {
        match winners.iter_mut().find(|(w, _)| *w == f.best) {
            Some((_, n)) => *n += 1,
            None => winners.push((f.best.clone(), 1)),
        }
    }
    // Validation: the base config and every recommendation on the same seeds, which no
    // evaluation used, compared game by game.
    let validate = Batch {
        games: args.validate_games,
        seed: batch.seed ^ 0x5EED_F7A1_1DA7_E000,
        ..quiet.clone()
    };
    out.message(&format!(
        "validating {} recommended setting{} and the base config on the same {} fresh games",
        winners.len(),
        if winners.len() == 1 { "" } else { "s" },
        args.validate_games
    ));
    let mut configs: Vec<(String, G::Config)> = vec![("base".into(), base.clone())];
    for (w, _) in &winners {
        configs.push((label(&axes, w), config_of(w)?));
    }
    let runs = measure_paired::<G>(&configs, &validate, &file.time, &[], out)?;
    let validated: Vec<Vec<Gap>> = runs
        .measures
        .iter()
        .map(|m| targets::gaps(&file.targets, m))
        .collect();
    let base_gaps = &validated[0];
    // The recommendation: the lowest validated miss (the first search's on a tie).
    let best_i = (0..winners.len())
        .min_by(|&a, &b| {
            targets::total_miss(&validated[a + 1])
                .total_cmp(&targets::total_miss(&validated[b + 1]))
        })
        .unwrap_or(0);
    let best = &winners[best_i].0;
    let best_label = label(&axes, best);
    let tuned_gaps = &validated[best_i + 1];
    let unreached: Vec<String> = file
        .targets
        .iter()
        .zip(&reached)
        .filter(|(_, r)| !**r)
        .map(|(t, _)| t.label())
        .collect();
    let range = |g: &[Gap]| {
        let (lo, hi) = targets::total_miss_range(g);
        format!("{:.2} (range {lo:.2}–{hi:.2})", targets::total_miss(g))
    };
    let mut text = format!(
        "{}: NTBEA, {} independent search{} of {} evaluations of {} games each over {} settings\n{}\n",
        G::NAME,
        args.repeats,
        if args.repeats == 1 { "" } else { "es" },
        args.budget,
        batch.games,
        sizes.iter().product::<usize>(),
        time_text(&model),
    );
    text += &match (args.repeats, winners.len()) {
        (1, _) => {
            "one search: --repeats 3 or more says whether its recommendation is stable\n".into()
        }
        (r, 1) => format!("all {r} searches recommend the same setting\n"),
        (r, w) => format!("the {r} searches disagree: {w} different recommendations (not sure)\n"),
    };
    for (i, (w, n)) in winners.iter().enumerate() {
        text += &format!(
            "  {:<40} chosen by {n} of {} searches; validated miss {}\n",
            label(&axes, w),
            args.repeats,
            range(&validated[i + 1])
        );
    }
    text += &format!(
        "the base config: validated miss {}\n\nbest setting: {best_label}\n\
         validated on {} fresh games — the best setting:\n{}",
        range(base_gaps),
        args.validate_games,
        gaps_text(tuned_gaps),
    );
    // The best setting against the base, game by game, on the measures the targets name.
    text += "\nthe best setting − the base, game by game (95% interval):\n";
    let best_vs_base = paired::compare(
        &runs.measures[0],
        &runs.measures[best_i + 1],
        &runs.paired[best_i],
    );
    let mut seen = Vec::new();
    for t in &file.targets {
        if seen.contains(&&t.measure) {
            continue;
        }
        seen.push(&t.measure);
        // Only the differences taken game by game (not the `*.max` ones).
        let d = best_vs_base.get(&t.measure).filter(|d| d.paired);
        let m = runs.measures[0].get(&t.measure);
        if let (Some(d), Some(m)) = (d, m) {
            text += &format!(
                "  {:<38} {} [{}, {}]{}\n",
                t.measure,
                fmt(m, d.value),
                fmt(m, d.lo),
                fmt(m, d.hi),
                if d.clear { " *" } else { "" }
            );
        }
    }
    text += &format!(
        "\nthe base config on the same games:\n{}",
        gaps_text(base_gaps)
    );
    if !unreached.is_empty() {
        text += &format!(
            "\nno evaluated setting met: {} (the evaluations' estimates; {} of {} settings evaluated at least once)\n",
            unreached.join("; "),
            {
                let mut s: Vec<&Vec<usize>> = searches.iter().flat_map(|(_, f)| f.evaluated.iter().map(|(p, _)| p)).collect();
                s.sort();
                s.dedup();
                s.len()
            },
            sizes.iter().product::<usize>(),
        );
    }
    let setting_json = |s: &[usize]| -> Value {
        axes.iter()
            .zip(s)
            .map(|((p, v), &i)| (p.clone(), sweep::parse_value(&v[i])))
            .collect::<serde_json::Map<String, Value>>()
            .into()
    };
    let miss_json = |g: &[Gap]| {
        let (lo, hi) = targets::total_miss_range(g);
        json!({"gaps": g, "total_miss": targets::total_miss(g), "total_miss_range": [lo, hi]})
    };
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "budget": args.budget,
            "repeats": args.repeats,
            "games_per_evaluation": batch.games,
            "best": setting_json(best),
            "model_estimate_of_miss": -searches[0].1.estimate,
            "evaluations": searches[0].1.evaluated.iter().map(|(s, f)| json!({"setting": setting_json(s), "miss": -f})).collect::<Vec<_>>(),
            "searches": searches.iter().map(|(seed, f)| json!({
                "seed": seed,
                "best": setting_json(&f.best),
                "model_estimate_of_miss": -f.estimate,
                "evaluations": f.evaluated.iter().map(|(s, x)| json!({"setting": setting_json(s), "miss": -x})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "recommendations": winners.iter().enumerate().map(|(i, (w, n))| json!({
                "setting": setting_json(w),
                "chosen_by": n,
                "validation": miss_json(&validated[i + 1]),
                "differences_from_base": runs.paired[i],
            })).collect::<Vec<_>>(),
            "unreached_targets": unreached,
            "validation": {
                "games": args.validate_games,
                "best": miss_json(tuned_gaps),
                "base": miss_json(base_gaps),
            },
        }),
    );
    Ok(())
}

fn label(axes: &[(String, Vec<String>)], setting: &[usize]) -> String {
    axes.iter()
        .zip(setting)
        .map(|((p, v), &i)| format!("{p}={}", v[i]))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_changes_split_at_top_level_commas_only() {
        assert_eq!(
            split_top(r#"a=1,b=[1,2],c="x,y",d={"e":1,"f":2}"#),
            ["a=1", "b=[1,2]", r#"c="x,y""#, r#"d={"e":1,"f":2}"#]
        );
    }
}
