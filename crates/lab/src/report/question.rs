//! What every design report opens on: the designer's targets (each run's verdict on each, the
//! gaps), then the differences drawn against the targets' bands, in the order of
//! [`crate::order`].

use super::chart::{bar_chart_band, Axis, Bar, Chart, Reference};
use super::esc;
use crate::measured::Measured;
use crate::order::{self, Group};
use crate::paired::Compared;
use crate::targets::{gaps, Target};
use std::collections::BTreeMap;

/// The first section of a report: each target, and for each run (a variant, a setting) its
/// estimate with the 95% interval and the verdict; without targets, how to give them.
pub fn targets_section(
    targets: Option<&[Target]>,
    runs: &[(String, &BTreeMap<String, Measured>)],
) -> String {
    let mut out = String::from("<section id=\"targets\"><h2>The targets</h2>\n");
    let Some(targets) = targets.filter(|t| !t.is_empty()) else {
        return out
            + "<p class=\"note\">No targets given. With <code>--targets FILE</code> (the \
               targets file of <code>silk gaps</code>, docs/lab.md) this report opens on each \
               target's verdict, and the measures the targets name come first.</p></section>\n";
    };
    out += "<p class=\"note\">Each target's measure under each run, with its 95% interval and \
            verdict (as <code>silk gaps</code> gives it: met, met (not sure), missed (not sure), \
            missed).</p><table data-section=\"gaps\"><tr><th>target</th>";
    for (name, _) in runs {
        out += &format!("<th>{}</th>", esc(name));
    }
    out += "</tr>";
    let per_run: Vec<Vec<crate::targets::Gap>> =
        runs.iter().map(|(_, m)| gaps(targets, m)).collect();
    for t in targets {
        out += &format!(
            "<tr data-measure=\"{}\"><td>{}</td>",
            esc(&t.measure),
            esc(&t.label())
        );
        for run in &per_run {
            let g = run
                .iter()
                .find(|g| g.measure == t.measure && g.target == t.label());
            out += &match g {
                Some(g) => match &g.measured {
                    Some(m) => format!(
                        "<td class=\"gap {:?}\">{} [{}, {}] {}</td>",
                        g.verdict,
                        m.show_unit(m.value),
                        m.show_unit(m.lo),
                        m.show_unit(m.hi),
                        g.verdict.text()
                    ),
                    None => format!("<td>{}</td>", g.verdict.text()),
                },
                None => "<td>—</td>".into(),
            };
        }
        out += "</tr>";
    }
    out + "</table></section>\n"
}

/// The measures whose differences a report draws: the targets' measures, else the length and
/// balance groups (never engine counters nor `*.max`).
pub fn drawn(names: &[&String], targeted: &[String]) -> Vec<(Group, String)> {
    let design: Vec<&String> = names
        .iter()
        .copied()
        .filter(|n| !n.starts_with("metric.") && !n.ends_with(".max"))
        .collect();
    order::ordered(&design, targeted)
        .into_iter()
        .filter(|(g, _)| {
            if targeted.is_empty() {
                matches!(g, Group::Length | Group::Balance)
            } else {
                *g == Group::Targets
            }
        })
        .collect()
}

/// A chart per measure of each run's difference from the base with its 95% interval, the
/// zero line, and the target's band moved by the base's value (the differences that would land
/// the measure inside the band).
pub fn difference_charts(
    base: &BTreeMap<String, Measured>,
    runs: &[(String, &BTreeMap<String, Compared>)],
    targets: &[Target],
    id_prefix: &str,
) -> String {
    let targeted: Vec<String> = targets.iter().map(|t| t.measure.clone()).collect();
    let names: Vec<&String> = base.keys().collect();
    let mut out = String::from(
        "<section id=\"differences\"><h2>Differences from the base</h2>\n<p class=\"note\">Each \
         bar is a run's difference from the base, taken game by game, with its 95% interval; \
         the red line is no change. A shaded band is a target's band less the base's value: a \
         difference inside it brings the measure inside the target.</p>\n",
    );
    for (_, name) in drawn(&names, &targeted) {
        let Some(m) = base.get(&name) else { continue };
        let bars: Vec<Bar> = runs
            .iter()
            .filter_map(|(label, c)| {
                let d = c.get(&name)?;
                Some(Bar {
                    label: label.clone(),
                    value: d.value,
                    interval: Some((d.lo, d.hi)),
                })
            })
            .collect();
        if bars.is_empty() {
            continue;
        }
        let axis = if m.is_share() {
            Axis::percent(&format!("{name}: difference (points)"))
        } else {
            Axis::unit(&format!("{name}: difference"))
        };
        let target = targets.iter().find(|t| t.measure == name);
        let label = target.map(|t| format!("target: {}", t.label()));
        let band = target.map(|t| {
            let (a, b) = t.band();
            (a - m.value, b - m.value, label.as_deref().unwrap_or(""))
        });
        let id = format!("{id_prefix}-{name}");
        let title = format!("{name}: run − base (95% CI)");
        out += &bar_chart_band(
            &Chart {
                id: &id,
                title: &title,
                x_title: "run",
            },
            &axis,
            &bars,
            Some(&Reference {
                value: 0.0,
                label: "no change".into(),
            }),
            band,
        );
    }
    out + "</section>\n"
}
