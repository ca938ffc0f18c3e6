//! `silk compare GAME --variant …`: each measure under each variant, with intervals, and each
//! variant's difference from the base.

use super::chart::{bar_chart_band, Axis, Bar, Chart};
use super::{esc, page, settings};
use crate::measured::Measured;
use crate::order::{self, Group};
use crate::paired::{Compared, TableNote};
use crate::targets::Target;
use crate::RunSpec;
use serde_json::Value;
use std::collections::BTreeMap;

/// The measures drawn as charts: the design-level ones, not every engine counter (those are in
/// the table).
fn charted(name: &str) -> bool {
    !name.starts_with("metric.") && !name.ends_with(".max")
}

/// The report: a chart per measure (each variant's value and 95% interval), the table of every
/// measure with each variant's difference from the base, and the variants' settings.
pub fn compare_html(
    game: &str,
    spec: &RunSpec,
    variants: &[(String, &BTreeMap<String, Measured>)],
    differences: &[BTreeMap<String, Compared>],
    configs: &[(String, Value)],
    targets: Option<&[Target]>,
) -> String {
    if variants.is_empty() {
        return page(&format!("silk compare — {game}"), "<p>No variants.</p>");
    }
    let targeted: Vec<String> = targets
        .unwrap_or_default()
        .iter()
        .map(|t| t.measure.clone())
        .collect();
    let mut all: Vec<&String> = variants.iter().flat_map(|(_, m)| m.keys()).collect();
    all.sort();
    all.dedup();
    // Report order (crate::order): the targets' measures, then the groups.
    let ordered = order::ordered(&all, &targeted);
    let names: Vec<&String> = ordered.iter().map(|(_, n)| n).collect();
    let charts = value_charts(&ordered, variants, targets.unwrap_or_default());
    let table = measures_table(&names, variants, differences);
    let mut details = String::new();
    for (v, c) in configs {
        details += &format!(
            "<details><summary>{}</summary><pre>{}</pre></details>",
            esc(v),
            esc(&serde_json::to_string_pretty(c.get("params").unwrap_or(c)).unwrap_or_default())
        );
    }
    let names_row = variants
        .iter()
        .map(|(v, _)| esc(v))
        .collect::<Vec<_>>()
        .join(", ");
    let chance = chance_note(variants, differences);
    let runs: Vec<(String, &BTreeMap<String, Measured>)> =
        variants.iter().map(|(v, m)| (v.clone(), *m)).collect();
    let opening = super::targets_section(targets, &runs);
    let stalls = stalls_section(&runs, differences);
    let others: Vec<(String, &BTreeMap<String, Compared>)> = variants
        .iter()
        .skip(1)
        .zip(differences)
        .map(|((v, _), d)| (v.clone(), d))
        .collect();
    let difference_charts = super::difference_charts(
        variants[0].1,
        &others,
        targets.unwrap_or_default(),
        "variant-difference",
    );
    let body = format!(
        "{opening}{stalls}{}<p class=\"note\">Every variant plays the same games: the same seeds, the same bots in \
         the same seats. Values with their 95% intervals. Each difference is taken game by game \
         (game K of the variant against game K of the base) with the interval of the per-game \
         differences; a difference in bold has an interval that excludes 0. {chance}</p>\
         <style>td.clear{{font-weight:bold}}</style>\
         {difference_charts}<section id=\"values\"><h2>Each variant's values</h2>{charts}</section><h2>Every measure</h2>{table}\
         <h2>Variants</h2>{details}",
        settings(spec, "games per variant", &[("variants", names_row)]),
    );
    page(&format!("silk compare — {game} variants"), &body)
}

/// The charted measures in report order, under their groups' headings.
fn value_charts(
    ordered: &[(Group, String)],
    variants: &[(String, &BTreeMap<String, Measured>)],
    targets: &[Target],
) -> String {
    let mut charts = String::new();
    let mut group: Option<Group> = None;
    for (g, name) in ordered.iter().filter(|(_, n)| charted(n)) {
        if group != Some(*g) {
            charts += &format!(
                "<h3 class=\"group\" data-group=\"{}\">{}</h3>\n",
                g.key(),
                esc(g.title())
            );
            group = Some(*g);
        }
        if let Some(chart) = value_chart(name, variants, targets) {
            charts += &chart;
        }
    }
    charts
}

/// One measure's chart: each variant's value and interval, with its target's band if it has
/// one (`None` if no variant measured it).
fn value_chart(
    name: &str,
    variants: &[(String, &BTreeMap<String, Measured>)],
    targets: &[Target],
) -> Option<String> {
    let first = variants.iter().find_map(|(_, m)| m.get(name))?;
    let bars: Vec<Bar> = variants
        .iter()
        .filter_map(|(v, m)| {
            let x = m.get(name)?;
            Some(Bar {
                label: v.clone(),
                value: x.value,
                interval: Some((x.lo, x.hi)),
            })
        })
        .collect();
    let axis = if first.is_share() {
        Axis::percent(&format!("{name} (%)"))
    } else {
        Axis::unit(name)
    };
    let id = format!("variant-{name}");
    let c = Chart {
        id: &id,
        title: &first.about,
        x_title: "variant",
    };
    let target = targets.iter().find(|t| t.measure == name);
    let label = target.map(|t| format!("target: {}", t.label()));
    let band = target.map(|t| {
        let (a, b) = t.band();
        (a, b, label.as_deref().unwrap_or(""))
    });
    Some(bar_chart_band(&c, &axis, &bars, None, band))
}

/// For each variant, how many differences were tested and how many are bold, against what
/// chance alone and the false-discovery control give.
fn chance_note(
    variants: &[(String, &BTreeMap<String, Measured>)],
    differences: &[BTreeMap<String, Compared>],
) -> String {
    differences
        .iter()
        .zip(variants.iter().skip(1))
        .map(|(d, (v, _))| {
            let note = TableNote::of(d);
            format!(
                "{}: {} measures compared{}; chance alone would make about {:.1} of them bold if \
                 nothing had changed; {} bold, {} of them (†) survive the Benjamini–Hochberg \
                 control at a {:.0}% false-discovery rate.",
                esc(v),
                note.measures_tested,
                match note.constants {
                    0 => String::new(),
                    c => format!(" ({c} more differ in no game: no test)"),
                },
                note.expected_chance_stars,
                note.starred,
                note.fdr_kept,
                100.0 * note.fdr
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Stalls are no wins: a comparison where games stalled opens on them (empty if none did).
fn stalls_section(
    runs: &[(String, &BTreeMap<String, Measured>)],
    differences: &[BTreeMap<String, Compared>],
) -> String {
    crate::populations::headline(runs, differences, |m, d| {
        format!(
            "{} [{}, {}]{}",
            m.show_unit(d.value),
            m.show_unit(d.lo),
            m.show_unit(d.hi),
            if d.clear { " *" } else { "" }
        )
    })
    .map_or(String::new(), |h| {
        format!(
            "<section id=\"stalls\"><h2>Stalls and decided games</h2><pre>{}</pre></section>",
            esc(&h)
        )
    })
}

/// Every measure: each variant's value and each variant's difference from the base (bold where
/// its interval excludes 0, † where it also survives the false-discovery control).
fn measures_table(
    names: &[&String],
    variants: &[(String, &BTreeMap<String, Measured>)],
    differences: &[BTreeMap<String, Compared>],
) -> String {
    let mut head = String::from("<tr><th>measure</th>");
    for (v, _) in variants {
        head += &format!("<th>{}</th>", esc(v));
    }
    for (v, _) in variants.iter().skip(1) {
        head += &format!("<th>{} − base</th>", esc(v));
    }
    head += "</tr>";
    let mut rows = String::new();
    for name in names {
        let Some(first) = variants.iter().find_map(|(_, m)| m.get(*name)) else {
            continue;
        };
        rows += &format!(
            "<tr data-measure=\"{}\"><td title=\"{}\">{}</td>",
            esc(name),
            esc(&first.about),
            esc(name)
        );
        for (_, m) in variants {
            rows += &match m.get(*name) {
                Some(x) => format!(
                    "<td>{} [{}, {}]</td>",
                    x.show_unit(x.value),
                    x.show_unit(x.lo),
                    x.show_unit(x.hi)
                ),
                None => "<td>—</td>".into(),
            };
        }
        for d in differences {
            rows += &match d.get(*name) {
                Some(d) => format!(
                    "<td class=\"{}\" title=\"{}{}\">{} [{}, {}]{}</td>",
                    if d.clear { "clear" } else { "unclear" },
                    d.p.map_or("0 in every game: no test".into(), |p| format!(
                        "p = {p:.2e}"
                    )),
                    if d.paired {
                        format!(", {} matched games", d.pairs)
                    } else {
                        ", unpaired".into()
                    },
                    first.show_unit(d.value),
                    first.show_unit(d.lo),
                    first.show_unit(d.hi),
                    if d.fdr_kept { " †" } else { "" }
                ),
                None => "<td>—</td>".into(),
            };
        }
        rows += "</tr>";
    }
    format!("<table class=\"compare\">{head}{rows}</table>")
}
