//! `silk sweep`: the same batch for each value (or pair of values) of one or two parameters,
//! each setting's figures side by side and its paired differences from the first.

use crate::design::space::Space;
use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::lab::{self, Batch};
use crate::output::Out;
use silk_core::Observe;
use silk_lab::TimeSpec;
use silk_lab::{report, RunSpec, Summary};
use std::path::Path;

/// `silk sweep`: the same batch for each value (or pair of values) of one or two parameters.
pub fn sweep_run<G: CliGame + Observe>(
    base: &G::Config,
    params: &[(String, Vec<String>)],
    batch: &Batch,
    html: Option<&Path>,
    targets: Option<&Path>,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    if params.is_empty() || params.len() > 2 {
        return Err(CliError::input(
            "sweep one or two parameters: --param P --values V1 V2 …",
        ));
    }
    let space = Space::<G>::new(base, params)?;
    let (base_json, axes) = (&space.base_json, &space.axes);
    // Every setting plays the same games (a chunk at a time), so each is compared with the
    // base setting game by game: the setting the config already has, else the first.
    let every = space.every();
    let mut configs: Vec<(String, G::Config)> = Vec::with_capacity(every.len());
    for setting in &every {
        configs.push((space.label(setting), space.config(setting)?));
    }
    let base_at = configs
        .iter()
        .position(|(_, c)| serde_json::to_value(c).ok().as_ref() == Some(base_json))
        .unwrap_or(0);
    // The base setting first: measure_paired compares every other config with the first.
    let mut order: Vec<usize> = vec![base_at];
    order.extend((0..configs.len()).filter(|&i| i != base_at));
    let ordered: Vec<(String, G::Config)> = order.iter().map(|&i| configs[i].clone()).collect();
    let runs = super::measure_paired::<G>(&ordered, batch, &TimeSpec::default(), &[], out)?;
    let targets = match targets {
        Some(path) => Some(super::targets_for::<G>(path)?.0),
        None => None,
    };
    // Back in the sweep's order.
    let mut settings: Vec<Option<SweepSetting>> = vec![None; configs.len()];
    for (k, &i) in order.iter().enumerate() {
        let (spec, summary) = runs.summaries[k].clone();
        let compared = (k > 0).then(|| {
            silk_lab::paired::compare(&runs.measures[0], &runs.measures[k], &runs.paired[k - 1])
        });
        settings[i] = Some(SweepSetting {
            label: configs[i].0.clone(),
            values: space.values(&every[i]),
            spec,
            summary,
            measures: runs.measures[k].clone(),
            compared,
        });
    }
    let settings: Vec<SweepSetting> = settings.into_iter().flatten().collect();
    let targeted: Vec<String> = targets
        .as_ref()
        .map(|t| t.targets.iter().map(|t| t.measure.clone()).collect())
        .unwrap_or_default();
    if let Some(path) = html {
        let paths: Vec<String> = axes.iter().map(|(p, _)| p.clone()).collect();
        let title = format!("silk sweep — {}", G::NAME);
        // The report's settings: the run every value changes, before any value is set.
        let base_spec = RunSpec {
            config: base_json.clone(),
            ..settings[base_at].spec.clone()
        };
        let rows: Vec<report::SweepRow> = settings
            .iter()
            .map(|s| report::SweepRow {
                values: s.values.clone(),
                summary: s.summary.clone(),
                measures: s.measures.clone(),
                compared: s.compared.clone(),
            })
            .collect();
        lab::write_report(
            path,
            &report::sweep_report(
                &title,
                Some(&base_spec),
                &paths,
                &rows,
                targets.as_ref().map(|t| t.targets.as_slice()),
            ),
        )?;
    }
    let rows: Vec<(String, Summary)> = settings
        .iter()
        .map(|s| (s.label.clone(), s.summary.clone()))
        .collect();
    let (diff_text, notes) = sweep_differences(&settings, base_at, &targeted);
    let json_rows: Vec<serde_json::Value> = settings
        .iter()
        .zip(&notes)
        .map(|(s, note)| {
            let names: Vec<&String> = s.measures.keys().collect();
            let measures: Vec<serde_json::Value> = silk_lab::ordered_metrics(&names, &targeted)
                .into_iter()
                .map(|(group, name)| {
                    serde_json::json!({
                        "measure": name,
                        "group": group,
                        "estimate": s.measures.get(&name),
                        "difference_from_base": s.compared.as_ref().and_then(|c| c.get(&name)),
                    })
                })
                .collect();
            serde_json::json!({"values": s.label, "summary": s.summary, "base": s.compared.is_none(),
                               "measures": measures, "comparison": note})
        })
        .collect();
    out.doc(
        &(sweep_table(&rows) + &diff_text + &sweep_metrics(&rows)),
        &serde_json::Value::Array(json_rows),
    );
    Ok(())
}

/// One setting of a sweep, measured.
#[derive(Clone)]
struct SweepSetting {
    label: String,
    values: Vec<String>,
    spec: RunSpec,
    summary: Summary,
    measures: std::collections::BTreeMap<String, silk_lab::Measured>,
    /// Its game-by-game differences from the base setting (`None`: it is the base).
    compared: Option<std::collections::BTreeMap<String, silk_lab::paired::Compared>>,
}

/// The text of each setting's paired differences from the base setting, in report order, and
/// each setting's whole-table note for JSON (`null` for the base).
fn sweep_differences(
    settings: &[SweepSetting],
    base_at: usize,
    targeted: &[String],
) -> (String, Vec<serde_json::Value>) {
    let Some(base) = settings.get(base_at) else {
        return (String::new(), Vec::new());
    };
    let others: Vec<&SweepSetting> = settings.iter().filter(|s| s.compared.is_some()).collect();
    let notes: Vec<serde_json::Value> = settings
        .iter()
        .map(|s| match &s.compared {
            Some(c) => serde_json::to_value(silk_lab::paired::TableNote::of(c)).unwrap_or_default(),
            None => serde_json::Value::Null,
        })
        .collect();
    if others.is_empty() {
        return (String::new(), notes);
    }
    let mut text = format!(
        "\nDifferences from the base setting ({}), taken game by game: every setting plays the \
         same games; * where the 95% interval excludes 0, † where it also survives the \
         Benjamini–Hochberg control at a {:.0}% false-discovery rate\n{:<34}",
        base.label,
        100.0 * silk_lab::paired::FDR,
        "measure"
    );
    for s in &others {
        text += &format!(" {:>27}", s.values.join(", "));
    }
    text += "\n";
    let names: Vec<&String> = base
        .measures
        .keys()
        .filter(|n| !n.starts_with("metric.") && !n.ends_with(".max"))
        .collect();
    let mut group = None;
    for (g, name) in silk_lab::ordered_metrics(&names, targeted) {
        if group != Some(g) {
            text += &format!("-- {} --\n", g.title());
            group = Some(g);
        }
        let Some(m) = base.measures.get(&name) else {
            continue;
        };
        let unit = if m.is_share() { " %" } else { "" };
        text += &format!("{:<34}", format!("{name}{unit}"));
        for s in &others {
            let cell = s
                .compared
                .as_ref()
                .and_then(|c| c.get(&name))
                .map_or("—".to_string(), |d| super::difference_cell(m, d));
            text += &format!(" {cell:>27}");
        }
        text += "\n";
    }
    for s in &others {
        if let Some(c) = &s.compared {
            text += &format!(
                "{}: {}{}\n",
                s.label,
                silk_lab::paired::TableNote::of(c).text(),
                silk_lab::paired::printed_note(
                    c,
                    |n| !n.starts_with("metric.") && !n.ends_with(".max"),
                    "only --json and --html show"
                )
            );
        }
    }
    (text, notes)
}

/// Values side by side: one column per value, one row per statistic.
fn sweep_table(rows: &[(String, Summary)]) -> String {
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    // A sweep of the player count has values without the last seats: "—" there.
    let n = Summary::max_seats(rows.iter().map(|r| &r.1));
    // Stalls (cut at the round cap) are no wins: when any setting has some, the figures are
    // over the decided games and say so, and the stall share is a headline row.
    let stalls = rows.iter().any(|r| r.1.round_cap > 0);
    let decided = if stalls { " (decided games)" } else { "" };
    for i in 0..n {
        lines.push((
            format!("P{} win %{decided}", i + 1),
            rows.iter()
                .map(|r| {
                    r.1.win_by_seat
                        .get(i)
                        .map_or("—".into(), |w| format!("{:.1}", 100.0 * w.rate))
                })
                .collect(),
        ));
    }
    lines.push((
        if stalls {
            "decided games"
        } else {
            "games with winners"
        }
        .into(),
        rows.iter().map(|r| r.1.games.to_string()).collect(),
    ));
    if stalls {
        lines.push((
            "stalls at the round cap".into(),
            rows.iter().map(|r| r.1.round_cap.to_string()).collect(),
        ));
        lines.push((
            "stall % [95% interval]".into(),
            rows.iter()
                .map(|r| {
                    let share = silk_lab::stats::Rate::new(r.1.round_cap, r.1.played());
                    format!(
                        "{:.1} [{:.1}, {:.1}]",
                        100.0 * share.rate,
                        100.0 * share.lo,
                        100.0 * share.hi
                    )
                })
                .collect(),
        ));
    }
    lines.push((
        "stuck games".into(),
        rows.iter().map(|r| r.1.stuck.to_string()).collect(),
    ));
    lines.push((
        "unfinished games".into(),
        rows.iter().map(|r| r.1.unfinished.to_string()).collect(),
    ));
    // Games a player outside silk gave up: in no figure above, so counted here.
    if rows.iter().any(|r| !r.1.forfeits.is_empty()) {
        lines.push((
            "forfeited games".into(),
            rows.iter()
                .map(|r| silk_lab::Forfeits::total(&r.1.forfeits).to_string())
                .collect(),
        ));
    }
    lines.push((
        format!("shared wins %{decided}"),
        rows.iter()
            .map(|r| format!("{:.1}", 100.0 * r.1.ties.rate))
            .collect(),
    ));
    lines.push((
        format!("rounds{decided}"),
        rows.iter()
            .map(|r| format!("{:.1}", r.1.rounds.mean))
            .collect(),
    ));
    lines.push((
        format!("decisions{decided}"),
        rows.iter()
            .map(|r| format!("{:.0}", r.1.decisions.mean))
            .collect(),
    ));
    lines.push((
        format!("margin{decided}"),
        rows.iter()
            .map(|r| format!("{:.1}", r.1.margin.mean))
            .collect(),
    ));
    lines.push((
        format!("lead changes{decided}"),
        rows.iter()
            .map(|r| format!("{:.2}", r.1.lead_changes.mean))
            .collect(),
    ));
    columns(rows, lines)
}

/// The engine's metrics per game, one row each: printed after the headline figures and the
/// differences, which answer the sweep (issue 44: the answer sat below ~90 metric rows).
fn sweep_metrics(rows: &[(String, Summary)]) -> String {
    let names = Summary::metric_names(rows.iter().map(|r| &r.1));
    if names.is_empty() {
        return String::new();
    }
    let lines = names
        .into_iter()
        .map(|name| {
            let cells = rows
                .iter()
                .map(|r| {
                    format!(
                        "{:.2}",
                        r.1.metric(&name).map(|m| m.per_game).unwrap_or(0.0)
                    )
                })
                .collect();
            (name, cells)
        })
        .collect();
    format!(
        "\nThe engine's metrics, mean per game with winners:\n{}",
        columns(rows, lines)
    )
}

/// Rows of cells under one column per setting.
fn columns(rows: &[(String, Summary)], lines: Vec<(String, Vec<String>)>) -> String {
    let widest_cell = lines.iter().flat_map(|l| &l.1).map(|c| c.chars().count());
    let width = rows
        .iter()
        .map(|r| r.0.len())
        .chain(widest_cell)
        .max()
        .unwrap_or(8)
        .max(8);
    let mut t = format!("{:<34}", "");
    for (label, _) in rows {
        t += &format!(" {label:>width$}");
    }
    t += "\n";
    for (name, cells) in lines {
        t += &format!("{name:<34}");
        for c in cells {
            t += &format!(" {c:>width$}");
        }
        t += "\n";
    }
    t
}
