//! `silk compare GAME --variant …`: each measure under each variant, with intervals, and each
//! variant's difference from the base.

use super::chart::{bar_chart, Axis, Bar, Chart};
use super::{esc, page, settings};
use crate::measure::Measured;
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
    configs: &[(String, Value)],
) -> String {
    let Some((_, base)) = variants.first() else {
        return page(&format!("silk compare — {game}"), "<p>No variants.</p>");
    };
    let mut names: Vec<&String> = variants.iter().flat_map(|(_, m)| m.keys()).collect();
    names.sort();
    names.dedup();
    let mut charts = String::new();
    for name in names.iter().filter(|n| charted(n)) {
        let Some(first) = variants.iter().find_map(|(_, m)| m.get(*name)) else {
            continue;
        };
        let bars: Vec<Bar> = variants
            .iter()
            .filter_map(|(v, m)| {
                let x = m.get(*name)?;
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
        charts += &bar_chart(&c, &axis, &bars, None);
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
                    x.show_unit(x.value),
                    x.show_unit(x.lo),
                    x.show_unit(x.hi)
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
                        x.show_unit(d.value),
                        x.show_unit(d.lo),
                        x.show_unit(d.hi)
                    )
                }
                _ => "<td>—</td>".into(),
            };
        }
        rows += "</tr>";
    }
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
    let body = format!(
        "{}<p class=\"note\">Every variant plays the same games: the same seeds, the same bots in \
         the same seats. Values with their 95% intervals; a difference in bold has an interval \
         that excludes 0 (Newcombe's interval for shares, Welch's for means; both treat the \
         variants as independent, so with shared seeds they are if anything too wide).</p>\
         <style>td.clear{{font-weight:bold}}</style>\
         {charts}<h2>Every measure</h2><table class=\"compare\">{head}{rows}</table>\
         <h2>Variants</h2>{details}",
        settings(spec, "games per variant", &[("variants", names_row)]),
    );
    page(&format!("silk compare — {game} variants"), &body)
}
