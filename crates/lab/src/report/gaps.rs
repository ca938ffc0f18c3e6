//! The gap report: the targets ranked by how far the design misses each, at the top of the
//! run's report.

use super::{esc, simulate_report, GameTimeline, Records};
use crate::targets::Gap;
use crate::time::TimeModel;
use crate::{RunSpec, Summary};

/// The gaps section alone (a table, worst first).
pub fn gaps_section(gaps: &[Gap], time: &TimeModel) -> String {
    let mut rows = String::new();
    for g in gaps {
        let (measured, miss) = match &g.measured {
            Some(m) => (
                format!(
                    "{} [{}, {}]",
                    m.show_unit(m.value),
                    m.show_unit(m.lo),
                    m.show_unit(m.hi)
                ),
                m.show_unit(g.miss),
            ),
            None => ("—".into(), "—".into()),
        };
        rows += &format!(
            "<tr class=\"gap {:?}\"><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td><td>{}</td></tr>",
            g.verdict,
            esc(&g.target),
            measured,
            miss,
            g.normalised,
            g.verdict.text()
        );
    }
    let kinds: Vec<String> = time
        .seconds
        .iter()
        .map(|(k, s)| format!("{} {s} s", esc(k)))
        .collect();
    format!(
        "<h2>Gaps to the targets</h2><p>Ranked by normalised miss (the miss divided by the \
         target's scale); \"not sure\" where the 95% interval crosses the target's edge.</p>\
         <table data-section=\"gaps\"><tr><th>target</th><th>measured [95% interval]</th>\
         <th>miss</th><th>normalised</th><th>verdict</th></tr>{rows}</table>\
         <p>Table minutes: {} min setup, then per decision {}.</p>",
        time.setup_minutes,
        kinds.join(", ")
    )
}

/// The run's report with the gaps before its settings: what the designer asked comes first.
/// `timelines`: games drawn round by round, as the run report draws them.
pub fn gaps_html(
    s: &Summary,
    spec: &RunSpec,
    gaps: &[Gap],
    time: &TimeModel,
    timelines: &[GameTimeline],
) -> String {
    let section = gaps_section(gaps, time);
    let marker = "<section id=\"settings\">";
    simulate_report(s, spec, &Records::default(), timelines).replacen(
        marker,
        &format!("{section}{marker}"),
        1,
    )
}
