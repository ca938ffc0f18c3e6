//! The report of a sweep (`silk sweep`): one batch per value of one parameter, or per pair of
//! values of two (then heatmaps over the grid too), with 95% intervals on every point.

use super::chart::{heatmap, line_chart, Axis, Cell, Chart, Reference, Series};
use super::metrics::{by_unit, is_raw, mean_interval, slug, unit_of, Group};
use super::{esc, page, settings};
use crate::measured::Measured;
use crate::order;
use crate::paired::{Compared, TableNote};
use crate::stats::{Dist, Rate};
use crate::summary::Summary;
use crate::targets::Target;
use crate::RunSpec;
use std::collections::BTreeMap;

/// One batch of a sweep: the value of each swept parameter (in the order of the parameters)
/// and its summary.
#[derive(Clone, Debug)]
pub struct SweepRow {
    pub values: Vec<String>,
    pub summary: Summary,
    /// Its named measures (empty for a sweep read back from its text labels).
    pub measures: BTreeMap<String, Measured>,
    /// Its game-by-game differences from the base setting (`None`: the base, or not known).
    pub compared: Option<BTreeMap<String, Compared>>,
}

fn rate_series(
    name: String,
    rows: &[SweepRow],
    rate: impl Fn(&Summary) -> Option<&Rate>,
) -> Series {
    let rates: Vec<Option<&Rate>> = rows.iter().map(|r| rate(&r.summary)).collect();
    Series {
        name,
        values: rates
            .iter()
            .map(|r| r.map_or(f64::NAN, |r| r.rate))
            .collect(),
        intervals: Some(
            rates
                .iter()
                .map(|r| r.map_or((f64::NAN, f64::NAN), |r| (r.lo, r.hi)))
                .collect(),
        ),
    }
}

fn mean_series(
    name: String,
    rows: &[SweepRow],
    dist: impl Fn(&Summary) -> Option<&Dist>,
) -> Series {
    let dists: Vec<Option<&Dist>> = rows.iter().map(|r| dist(&r.summary)).collect();
    Series {
        name,
        values: dists
            .iter()
            .map(|d| d.map_or(f64::NAN, |d| d.mean))
            .collect(),
        intervals: Some(
            dists
                .iter()
                .map(|d| {
                    d.and_then(mean_interval)
                        .unwrap_or_else(|| d.map_or((f64::NAN, f64::NAN), |d| (d.mean, d.mean)))
                })
                .collect(),
        ),
    }
}

/// The fair share, when every value has the same number of seats.
fn fair_share(rows: &[SweepRow]) -> Option<Reference> {
    let n = rows.first()?.summary.win_by_seat.len();
    (n > 0 && rows.iter().all(|r| r.summary.win_by_seat.len() == n)).then(|| Reference {
        value: 1.0 / n as f64,
        label: format!("fair share 1/{n}"),
    })
}

/// Whose win rate the heatmap shows: the first mover's when the engine reports one in every
/// batch, else seat 1's.
fn first_rate(s: &Summary) -> Option<&Rate> {
    s.first_mover.as_ref().or(s.win_by_seat.first())
}

fn line_sections(params: &[String], rows: &[SweepRow]) -> String {
    let xs: Vec<String> = rows.iter().map(|r| r.values.join(", ")).collect();
    let x_title = params.join(", ");
    let mut out = String::from("<section id=\"sweep-wins\"><h2>Who wins, per value</h2>\n");
    // A sweep of the player count has values without the last seats: no point there.
    let n = Summary::max_seats(rows.iter().map(|r| &r.summary));
    let mut series: Vec<Series> = (0..n)
        .map(|i| rate_series(format!("P{}", i + 1), rows, |s| s.win_by_seat.get(i)))
        .collect();
    if rows.iter().any(|r| r.summary.first_mover.is_some()) {
        series.push(rate_series("first mover".into(), rows, |s| {
            s.first_mover.as_ref()
        }));
    }
    out += &line_chart(
        &Chart {
            id: "sweep-win-rate",
            title: "Win rate by seat per value (95% CI)",
            x_title: &x_title,
        },
        &Axis::percent("games won (%)"),
        &xs,
        &series,
        fair_share(rows).as_ref(),
    );
    out += "</section>\n<section id=\"sweep-length\"><h2>How long, how close, per value</h2>\n";
    out += &line_chart(
        &Chart {
            id: "sweep-length",
            title: "Mean game length per value (95% CI)",
            x_title: &x_title,
        },
        &Axis::unit("rounds per game"),
        &xs,
        &[mean_series("rounds".into(), rows, |s| Some(&s.rounds))],
        None,
    );
    out += &line_chart(
        &Chart {
            id: "sweep-margin",
            title: "Mean winning margin per value (95% CI)",
            x_title: &x_title,
        },
        &Axis::unit("points"),
        &xs,
        &[mean_series("margin".into(), rows, |s| Some(&s.margin))],
        None,
    );
    if rows
        .iter()
        .any(|r| r.summary.stuck + r.summary.unfinished + r.summary.round_cap > 0)
    {
        let played = |s: &Summary| s.played();
        let round_cap: Vec<Rate> = rows
            .iter()
            .map(|r| Rate::new(r.summary.round_cap, played(&r.summary)))
            .collect();
        let stuck: Vec<Rate> = rows
            .iter()
            .map(|r| Rate::new(r.summary.stuck, played(&r.summary)))
            .collect();
        let unfinished: Vec<Rate> = rows
            .iter()
            .map(|r| Rate::new(r.summary.unfinished, played(&r.summary)))
            .collect();
        let as_series = |name: &str, rates: &[Rate]| Series {
            name: name.into(),
            values: rates.iter().map(|r| r.rate).collect(),
            intervals: Some(rates.iter().map(|r| (r.lo, r.hi)).collect()),
        };
        out += &line_chart(
            &Chart {
                id: "sweep-no-end",
                title: "Stalls (games cut at the round cap, ranked there by the rules' \
                        tie-break: no win), stuck or unfinished games, per value (95% CI)",
                x_title: &x_title,
            },
            &Axis::percent("games played (%)"),
            &xs,
            &[
                as_series("stalled at the round cap", &round_cap),
                as_series("stuck", &stuck),
                as_series("unfinished", &unfinished),
            ],
            None,
        );
    }
    out + "</section>\n"
}

/// A two-parameter sweep's grid: the first parameter's values (rows) and the second's
/// (columns), in the order the sweep ran them.
fn grid_axes(rows: &[SweepRow]) -> (Vec<String>, Vec<String>) {
    let mut ys: Vec<String> = Vec::new();
    let mut xs: Vec<String> = Vec::new();
    for r in rows {
        if !ys.contains(&r.values[0]) {
            ys.push(r.values[0].clone());
        }
        if !xs.contains(&r.values[1]) {
            xs.push(r.values[1].clone());
        }
    }
    (ys, xs)
}

/// Heatmaps over the grid of two parameters: rows are the first one's values, columns the
/// second's (the order `silk sweep` runs them in).
fn heatmaps(params: &[String], rows: &[SweepRow], targeted: &[String]) -> String {
    let (ys, xs) = grid_axes(rows);
    let grid = |f: &dyn Fn(&Summary) -> Cell| -> Vec<Vec<Cell>> {
        ys.iter()
            .map(|y| {
                xs.iter()
                    .map(|x| {
                        rows.iter()
                            .find(|r| r.values[0] == *y && r.values[1] == *x)
                            .map_or(
                                Cell {
                                    value: f64::NAN,
                                    interval: None,
                                },
                                |r| f(&r.summary),
                            )
                    })
                    .collect()
            })
            .collect()
    };
    let all_first = rows.iter().all(|r| r.summary.first_mover.is_some());
    let who = if all_first { "first mover" } else { "seat 1" };
    let mut out = format!(
        "<section id=\"sweep-grid\"><h2>Over the grid of {} × {}</h2>\n<p class=\"note\">Each cell \
         is one batch. Win rates are coloured by their distance from the fair share (blue above, \
         red below); lengths from light (shortest) to dark (longest). Hover a cell for its 95% \
         interval.</p>\n",
        esc(&params[0]),
        esc(&params[1])
    );
    let title = format!("Win rate of the {who} (%)");
    out += &heatmap(
        &Chart {
            id: "sweep-heatmap-win-rate",
            title: &title,
            x_title: &params[1],
        },
        &params[0],
        &Axis::percent("games won (%)"),
        &xs,
        &ys,
        &grid(&|s| Cell {
            value: first_rate(s).map_or(f64::NAN, |r| r.rate),
            interval: first_rate(s).map(|r| (r.lo, r.hi)),
        }),
        fair_share(rows).map(|f| f.value),
    );
    out += &heatmap(
        &Chart {
            id: "sweep-heatmap-length",
            title: "Mean game length (rounds)",
            x_title: &params[1],
        },
        &params[0],
        &Axis::unit("rounds per game"),
        &xs,
        &ys,
        &grid(&|s| Cell {
            value: s.rounds.mean,
            interval: mean_interval(&s.rounds),
        }),
        None,
    );
    out += &measure_heatmaps(params, rows, targeted);
    out + "</section>\n"
}

/// A heatmap per measure over the grid (the stuck share included), in report order, each
/// cell's 95% interval in its tooltip; the engine's counters folded away.
fn measure_heatmaps(params: &[String], rows: &[SweepRow], targeted: &[String]) -> String {
    let mut names: Vec<&String> = rows.iter().flat_map(|r| r.measures.keys()).collect();
    names.sort();
    names.dedup();
    let names: Vec<&String> = names.into_iter().filter(|n| !n.ends_with(".max")).collect();
    if names.is_empty() {
        return String::new();
    }
    let (ys, xs) = grid_axes(rows);
    let mut out = String::new();
    let mut group = None;
    for (g, name) in order::ordered(&names, targeted) {
        if group != Some(g) {
            if group.is_some() {
                out += "</details>\n";
            }
            let open = if g == order::Group::Other {
                ""
            } else {
                " open"
            };
            out += &format!(
                "<details class=\"measure-group\" data-group=\"{}\"{open}><summary>{}</summary>\n",
                g.key(),
                esc(g.title())
            );
            group = Some(g);
        }
        let Some(first) = rows.iter().find_map(|r| r.measures.get(&name)) else {
            continue;
        };
        let cells: Vec<Vec<Cell>> = ys
            .iter()
            .map(|y| {
                xs.iter()
                    .map(|x| {
                        let m = rows
                            .iter()
                            .find(|r| r.values[0] == *y && r.values[1] == *x)
                            .and_then(|r| r.measures.get(&name));
                        Cell {
                            value: m.map_or(f64::NAN, |m| m.value),
                            interval: m.map(|m| (m.lo, m.hi)),
                        }
                    })
                    .collect()
            })
            .collect();
        let axis = if first.is_share() {
            Axis::percent(&format!("{name} (%)"))
        } else {
            Axis::unit(&name)
        };
        let id = format!("sweep-heatmap-m-{name}");
        let title = format!("{name} (95% interval on hover)");
        out += &heatmap(
            &Chart {
                id: &id,
                title: &title,
                x_title: &params[1],
            },
            &params[0],
            &axis,
            &xs,
            &ys,
            &cells,
            None,
        );
    }
    if group.is_some() {
        out += "</details>\n";
    }
    out
}

fn metric_sections(params: &[String], rows: &[SweepRow]) -> String {
    let xs: Vec<String> = rows.iter().map(|r| r.values.join(", ")).collect();
    let x_title = params.join(", ");
    let names: Vec<(String, String)> = Summary::metric_names(rows.iter().map(|r| &r.summary))
        .into_iter()
        .filter(|n| !is_raw(n))
        .map(|n| {
            let unit = rows
                .iter()
                .find_map(|r| r.summary.metric(&n))
                .map(unit_of)
                .unwrap_or_default();
            (n, unit)
        })
        .collect();
    if names.is_empty() {
        return String::new();
    }
    let mut out =
        String::from("<section id=\"sweep-metrics\"><h2>The game's own metrics, per value</h2>\n");
    for Group {
        unit,
        names: group,
        part,
    } in by_unit(&names, 4)
    {
        let series: Vec<Series> = group
            .iter()
            .map(|n| mean_series(n.clone(), rows, |s| s.metric(n).map(|m| &m.dist)))
            .collect();
        let id = format!("sweep-metrics-{}-{}", slug(&unit), slug(&group[0]));
        let title = match part {
            Some(p) => format!("Mean {unit} per game, per value (95% CI): {p}…"),
            None => format!("Mean {unit} per game, per value (95% CI)"),
        };
        out += &line_chart(
            &Chart {
                id: &id,
                title: &title,
                x_title: &x_title,
            },
            &Axis::unit(&format!("{unit} per game")),
            &xs,
            &series,
            None,
        );
    }
    out + "</section>\n"
}

/// The report of a sweep. `base` is the run every value changes (its config before any value
/// is set), `params` the swept parameters' paths, each row's values in their order.
pub fn sweep_report(
    title: &str,
    base: Option<&RunSpec>,
    params: &[String],
    rows: &[SweepRow],
    targets: Option<&[Target]>,
) -> String {
    let targeted: Vec<String> = targets
        .unwrap_or_default()
        .iter()
        .map(|t| t.measure.clone())
        .collect();
    let label = |r: &SweepRow| r.values.join(", ");
    let runs: Vec<(String, &BTreeMap<String, Measured>)> =
        rows.iter().map(|r| (label(r), &r.measures)).collect();
    let opening = if rows.iter().any(|r| !r.measures.is_empty()) {
        super::targets_section(targets, &runs)
    } else {
        String::new()
    };
    let mut swept: Vec<(String, Vec<String>)> =
        params.iter().map(|p| (p.clone(), Vec::new())).collect();
    for r in rows {
        for (i, v) in r.values.iter().enumerate() {
            if let Some((_, list)) = swept.get_mut(i) {
                if !list.contains(v) {
                    list.push(v.clone());
                }
            }
        }
    }
    let swept_html: Vec<(&str, String)> = swept
        .iter()
        .map(|(p, vs)| {
            (
                "swept",
                format!("<code>{}</code>: {}", esc(p), esc(&vs.join(", "))),
            )
        })
        .collect();
    let mut body = match base {
        Some(spec) => settings(spec, "games per value", &swept_html),
        None => {
            let rows: String = swept_html
                .iter()
                .map(|(k, v)| format!("<tr><td>{k}</td><td>{v}</td></tr>"))
                .collect();
            format!("<section id=\"settings\"><h2>Settings</h2><table>{rows}</table></section>\n")
        }
    };
    body = opening + &body;
    let base_row = rows
        .iter()
        .find(|r| r.compared.is_none() && !r.measures.is_empty());
    let others: Vec<(String, &BTreeMap<String, Compared>)> = rows
        .iter()
        .filter_map(|r| Some((label(r), r.compared.as_ref()?)))
        .collect();
    if let (Some(b), false) = (base_row, others.is_empty()) {
        let notes: String = others
            .iter()
            .map(|(l, c)| format!("<li>{}: {}</li>", esc(l), esc(&TableNote::of(c).text())))
            .collect();
        let charts = super::difference_charts(
            &b.measures,
            &others,
            targets.unwrap_or_default(),
            "sweep-difference",
        );
        // The base setting named, and each setting's whole-table note, in the section.
        body += &charts.replacen(
            "</p>\n",
            &format!(
                "</p>\n<p class=\"note\">Base setting: <b>{}</b>; every setting plays the same \
                 games.</p><ul class=\"chance\">{notes}</ul>\n",
                esc(&label(b))
            ),
            1,
        );
    }
    body += &line_sections(params, rows);
    if params.len() == 2 && rows.iter().all(|r| r.values.len() == 2) {
        body += &heatmaps(params, rows, &targeted);
    }
    body += &metric_sections(params, rows);
    body += "<section id=\"sweep-values\"><h2>Each value in full</h2>\n";
    for r in rows {
        let label: Vec<String> = params
            .iter()
            .zip(&r.values)
            .map(|(p, v)| format!("{p}={v}"))
            .collect();
        body += &format!(
            "<details><summary>{}</summary><pre>{}</pre></details>\n",
            esc(&label.join(" ")),
            esc(&r.summary.text())
        );
    }
    page(title, &(body + "</section>\n"))
}
