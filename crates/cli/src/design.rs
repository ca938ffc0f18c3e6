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
    pub html: Option<&'a Path>,
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
        html,
    } = *args;
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
    let mut runs: Vec<(String, Measured3)> = Vec::new();
    for (name, config) in &configs {
        let run = measure::<G>(config, batch, &TimeSpec::default())?;
        out.message(&format!("{name}: {} games done", batch.games));
        runs.push((name.clone(), run));
    }
    let names: Vec<String> = {
        let mut n: Vec<String> = runs
            .iter()
            .flat_map(|(_, r)| r.measures.keys().cloned())
            .collect();
        n.sort();
        n.dedup();
        n
    };
    let base_m = &runs[0].1.measures;
    // Text: one row per measure, each run's value, then each variant's difference.
    let mut text = format!(
        "{}: {} games per variant on the same seeds (from seed {}), bots {}{}\n\
         value [95% interval]; differences are variant − base, * where the interval excludes 0\n\n",
        G::NAME,
        batch.games,
        batch.seed,
        runs[0].1.spec.bots.join(","),
        if runs[0].1.spec.rotate {
            " rotating"
        } else {
            ""
        }
    );
    let mut header = format!("{:<38}", "measure");
    for (name, _) in &runs {
        header += &format!(" {name:>24}");
    }
    for (name, _) in runs.iter().skip(1) {
        header += &format!(" {:>26}", format!("{name} − base"));
    }
    text += &header;
    text += "\n";
    let mut rows_json = Vec::new();
    for name in &names {
        let cells: Vec<Option<&Measured>> =
            runs.iter().map(|(_, r)| r.measures.get(name)).collect();
        let Some(first) = cells.iter().flatten().next() else {
            continue;
        };
        let diffs: Vec<Option<silk_lab::measure::Difference>> = cells
            .iter()
            .skip(1)
            .map(|c| Some(c.as_ref()?.minus(base_m.get(name)?)))
            .collect();
        rows_json.push(json!({
            "measure": name,
            "about": first.about,
            "kind": first.kind,
            "values": runs.iter().zip(&cells).map(|((n, _), c)| json!({"variant": n, "estimate": c})).collect::<Vec<_>>(),
            "differences": runs.iter().skip(1).zip(&diffs).map(|((n, _), d)| json!({"variant": n, "difference": d})).collect::<Vec<_>>(),
        }));
        if !shown(name, all) {
            continue;
        }
        let mut line = format!("{:<38}", format!("{name}{}", unit(first)));
        for c in &cells {
            line += &format!(" {:>24}", c.map_or("—".into(), fmt_ci));
        }
        for d in &diffs {
            line += &format!(
                " {:>26}",
                d.as_ref().map_or("—".into(), |d| {
                    let sign = |v: f64| if v >= 0.0 { "+" } else { "" };
                    format!(
                        "{}{} [{}{}, {}{}]{}",
                        sign(d.value),
                        fmt(first, d.value),
                        sign(d.lo),
                        fmt(first, d.lo),
                        sign(d.hi),
                        fmt(first, d.hi),
                        if d.clear { "*" } else { " " }
                    )
                })
            );
        }
        text += &line;
        text += "\n";
    }
    text += "\nmeasures:\n";
    for name in names.iter().filter(|n| shown(n, all)) {
        if let Some(m) = runs.iter().find_map(|(_, r)| r.measures.get(name)) {
            text += &format!("  {name}: {}\n", m.about);
        }
    }
    text += "\nIntervals of differences treat the runs as independent (Newcombe for shares, Welch \
             for means); the variants share their seeds, so the true intervals are if anything \
             narrower.\n";
    if !all {
        text += "Per-game engine metrics: --all (and in --json, --html).\n";
    }
    if let Some(path) = html {
        let variants: Vec<(String, &BTreeMap<String, Measured>)> =
            runs.iter().map(|(n, r)| (n.clone(), &r.measures)).collect();
        let settings: Vec<(String, Value)> = configs
            .iter()
            .map(|(n, c)| (n.clone(), serde_json::to_value(c).unwrap_or(Value::Null)))
            .collect();
        lab::write_report(
            path,
            &silk_lab::report::compare_html(G::NAME, &runs[0].1.spec, &variants, &settings),
        )?;
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "games": batch.games,
            "seed": batch.seed,
            "bots": runs[0].1.spec.bots,
            "variants": configs.iter().map(|(n, c)| json!({"name": n, "config": c})).collect::<Vec<_>>(),
            "measures": rows_json,
        }),
    );
    Ok(())
}

/// Reads the targets file and the time model it sets for `G`.
fn targets_for<G: CliGame + Observe>(path: &Path) -> CliResult<(TargetsFile, TimeModel)> {
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
        .map(|(k, s)| format!("{k} {s} s"))
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
    let text = format!(
        "{}: {} games ({} ended normally), bots {}\n{}\n{}\n{met} of {} targets met for sure; \
         the sum of normalised misses is {:.2}\n",
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
    let bar = lab::progress_bar(args.budget as u64, "evaluations", batch.progress);
    let quiet = Batch {
        progress: false,
        ..batch.clone()
    };
    let mut failure: Option<CliError> = None;
    let sizes: Vec<usize> = axes.iter().map(|(_, v)| v.len()).collect();
    let mut best_miss = f64::INFINITY;
    let found = silk_lab::tune::ntbea(
        &sizes,
        args.budget,
        &silk_lab::tune::Ntbea {
            explore: args.explore,
            seed: batch.seed,
            ..Default::default()
        },
        &mut |setting, k| {
            if failure.is_some() {
                return f64::NEG_INFINITY;
            }
            // Evaluation k plays its own seeds.
            let eval = Batch {
                seed: batch
                    .seed
                    .wrapping_add(1 + k as u64)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15),
                ..quiet.clone()
            };
            let miss = config_of(setting)
                .and_then(|c| measure::<G>(&c, &eval, &file.time))
                .map(|run| targets::total_miss(&targets::gaps(&file.targets, &run.measures)));
            bar.inc(1);
            match miss {
                Ok(m) => {
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
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    // Validation on seeds no evaluation used, the base config on the same seeds.
    let validate = Batch {
        games: args.validate_games,
        seed: batch.seed ^ 0x5EED_F7A1_1DA7_E000,
        ..quiet.clone()
    };
    out.message(&format!(
        "validating the best setting and the base config on {} fresh games each",
        args.validate_games
    ));
    let best_config = config_of(&found.best)?;
    let tuned = measure::<G>(&best_config, &validate, &file.time)?;
    let untuned = measure::<G>(base, &validate, &file.time)?;
    let tuned_gaps = targets::gaps(&file.targets, &tuned.measures);
    let base_gaps = targets::gaps(&file.targets, &untuned.measures);
    let best_label = label(&axes, &found.best);
    let text = format!(
        "{}: NTBEA, {} evaluations of {} games each over {} settings\n\
         best setting: {best_label}\n{}\n\
         validated on {} fresh games — the best setting:\n{}\
         sum of normalised misses {:.2} (the base config: {:.2})\n\n\
         the base config on the same games:\n{}",
        G::NAME,
        args.budget,
        batch.games,
        sizes.iter().product::<usize>(),
        time_text(&model),
        args.validate_games,
        gaps_text(&tuned_gaps),
        targets::total_miss(&tuned_gaps),
        targets::total_miss(&base_gaps),
        gaps_text(&base_gaps),
    );
    let setting_json = |s: &[usize]| -> Value {
        axes.iter()
            .zip(s)
            .map(|((p, v), &i)| (p.clone(), sweep::parse_value(&v[i])))
            .collect::<serde_json::Map<String, Value>>()
            .into()
    };
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "budget": args.budget,
            "games_per_evaluation": batch.games,
            "best": setting_json(&found.best),
            "model_estimate_of_miss": -found.estimate,
            "evaluations": found.evaluated.iter().map(|(s, f)| json!({"setting": setting_json(s), "miss": -f})).collect::<Vec<_>>(),
            "validation": {
                "games": args.validate_games,
                "best": {"gaps": tuned_gaps, "total_miss": targets::total_miss(&tuned_gaps)},
                "base": {"gaps": base_gaps, "total_miss": targets::total_miss(&base_gaps)},
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
