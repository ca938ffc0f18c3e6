//! `silk compare GAME --variant …`: each measure under each variant, with intervals, and each
//! variant's difference from the base.

use super::{esc, page, rate_bars};
use crate::measure::{Kind, Measured};
use crate::RunSpec;
use serde_json::Value;
use std::collections::BTreeMap;

fn is_share(m: &Measured) -> bool {
    m.kind == Kind::Rate || m.name.starts_with("vp_share.") || m.name == "first_mover_advantage"
}

fn fmt(m: &Measured, v: f64) -> String {
    if is_share(m) {
        format!("{:.1}%", 100.0 * v)
    } else {
        format!("{v:.2}")
    }
}

/// The report: a chart per share measure (each variant's value and interval), then the table
/// of every measure with the differences from the base, then each variant's settings.
pub fn compare_html(
    game: &str,
    spec: &RunSpec,
    variants: &[(String, &BTreeMap<String, Measured>)],
    settings: &[(String, Value)],
) -> String {
    let Some((_, base)) = variants.first() else {
        return page(&format!("silk compare — {game}"), "<p>No variants.</p>");
    };
    let mut names: Vec<&String> = variants.iter().flat_map(|(_, m)| m.keys()).collect();
    names.sort();
    names.dedup();
    let mut charts = String::new();
    for name in &names {
        let bars: Vec<(String, f64, f64, f64)> = variants
            .iter()
            .filter_map(|(v, m)| {
                let x = m.get(*name)?;
                Some((v.clone(), x.value, x.lo, x.hi))
            })
            .collect();
        // Shares between 0 and 1 chart as bars with their intervals.
        let charted = variants
            .iter()
            .find_map(|(_, m)| m.get(*name))
            .is_some_and(|m| m.kind == Kind::Rate || m.name.starts_with("vp_share."));
        if charted && !name.ends_with(".max") {
            charts += &rate_bars(
                &format!("variant-{name}"),
                &format!("{name} (%)"),
                &bars,
                None,
            );
        }
    }
    let mut head = String::from("<tr><th>measure</th>");
    for (v, _) in variants {
        head += &format!("<th>{}</th>", esc(v));
    }
    for (v, _) in variants.iter().skip(1) {
        head += &format!("<th>{} − base</th>", esc(v));
    }
    head += "</tr>";
    let mut rows = String::new();
    for name in &names {
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
                    fmt(x, x.value),
                    fmt(x, x.lo),
                    fmt(x, x.hi)
                ),
                None => "<td>—</td>".into(),
            };
        }
        for (_, m) in variants.iter().skip(1) {
            rows += &match (m.get(*name), base.get(*name)) {
                (Some(x), Some(b)) => {
                    let d = x.minus(b);
                    format!(
                        "<td class=\"{}\">{} [{}, {}]</td>",
                        if d.clear { "clear" } else { "unclear" },
                        fmt(x, d.value),
                        fmt(x, d.lo),
                        fmt(x, d.hi)
                    )
                }
                _ => "<td>—</td>".into(),
            };
        }
        rows += "</tr>";
    }
    let mut configs = String::new();
    for (v, c) in settings {
        configs += &format!(
            "<details><summary>{}</summary><pre>{}</pre></details>",
            esc(v),
            esc(&serde_json::to_string_pretty(c.get("params").unwrap_or(c)).unwrap_or_default())
        );
    }
    let body =
        format!(
        "<p>{} games per variant on the same seeds (from seed {}), bots {}{}. Values with their \
         95% intervals; a difference in bold has an interval that excludes 0 (Newcombe's \
         interval for shares, Welch's for means; both treat the variants as independent, so \
         they are if anything too wide).</p>\
         <style>td.clear{{font-weight:bold}}</style>\
         {charts}<h2>Every measure</h2><table>{head}{rows}</table><h2>Variants</h2>{configs}",
        spec.games,
        spec.seed,
        esc(&spec.bots.join(", ")),
        if spec.rotate { ", rotating round the table" } else { "" }
    );
    page(&format!("silk compare — {game} variants"), &body)
}
