//! Self-contained HTML reports with inline SVG charts: no script, no font or file from the
//! network, so a report opens offline and can be mailed as one file.
//!
//! `chart` holds the SVG primitives every report kind draws with; each report kind has its own
//! file, and `metrics` the sections of a game's own metrics that several kinds share.

mod book;
mod chart;
mod compare;
mod coverage;
mod gaps;
mod ladder;
mod mechanic;
mod metrics;
mod question;
mod simulate;
mod stalls;
mod sweep;
mod timeline;

pub use book::book_html;
pub use chart::{histogram, lines, rate_bars};
pub use compare::compare_html;
pub use coverage::coverage_html;
pub(crate) use coverage::coverage_section;
pub use gaps::gaps_html;
pub use ladder::{ladder_html, Timing};
pub use mechanic::{mechanic_html, MechanicSection, Shown};
pub(crate) use question::{difference_charts, targets_section};
pub use simulate::{simulate_report, Records};
pub use stalls::stalls_html;
pub use sweep::{sweep_report, SweepRow};
pub use timeline::{decided_at_text, GameTimeline};

use crate::RunSpec;

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `text` as one word for a POSIX shell: as it is when it is plain, else single-quoted.
pub(crate) fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./-=:,+@%".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

const STYLE: &str = "body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}\
figure{display:inline-block;margin:8px;vertical-align:top}svg.chart{background:#fcfcfc;border:1px solid #ddd}\
.title{font-size:14px;text-anchor:middle;font-weight:bold}.tick{font-size:10px;text-anchor:end;fill:#555}\
.label{font-size:10px;text-anchor:middle;fill:#333}.upright{text-anchor:end}\
.axis-title{font-size:11px;text-anchor:middle;fill:#333}.grid{stroke:#e6e6e6}.bar{fill:#3b7dd8}.bar.apart{fill:#b0b0b0}\
.ci{stroke:#222;stroke-width:1.3}.series .ci{stroke:inherit}.point{stroke:none}\
.fair{stroke:#d33;stroke-dasharray:4 3}.fair-label{fill:#d33;text-anchor:end;font-size:10px}\
.line{fill:none;stroke-width:2}.legend{font-size:11px;stroke:none}\
.s0{stroke:#3b7dd8;fill:#3b7dd8}.s1{stroke:#d8733b;fill:#d8733b}.s2{stroke:#2a9a5a;fill:#2a9a5a}\
.s3{stroke:#a03bd8;fill:#a03bd8}.s4{stroke:#d83b6a;fill:#d83b6a}.s5{stroke:#777;fill:#777}\
.band{fill:#2a9a5a;fill-opacity:.15;stroke:#2a9a5a;stroke-dasharray:3 3}.cell-value{font-size:11px;text-anchor:middle;fill:#222}.on-dark{fill:#fff}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}\
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}td.cmd{text-align:left}\
pre{background:#f6f6f6;padding:1em;overflow-x:auto}code{background:#f3f3f3;padding:1px 4px}\
.note{color:#555;max-width:60em}details{margin:.5em 0}summary{cursor:pointer}";

pub(crate) fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head>\n<body><h1>{}</h1>\n{body}</body></html>\n",
        esc(title),
        esc(title)
    )
}

/// The run's settings, so a report says what it is a report of: enough to run it again.
/// `extra` rows (`name`, HTML value) follow the common ones.
pub(crate) fn settings(spec: &RunSpec, games: &str, extra: &[(&str, String)]) -> String {
    let shard = spec
        .shard
        .map_or(String::new(), |sh| format!(" (shard {}/{})", sh.k, sh.n));
    let seating = if spec.rotate {
        "the bots move round the table from game to game"
    } else {
        "each bot in the seat it is named for"
    };
    let config = serde_json::to_string_pretty(spec.config.get("params").unwrap_or(&spec.config))
        .unwrap_or_default();
    let mut rows = format!(
        "<tr><td>game</td><td>{}</td></tr>\
         <tr><td>{games}</td><td>{}{}</td></tr>\
         <tr><td>seed</td><td>{}</td></tr>\
         <tr><td>bots</td><td>{} ({})</td></tr>",
        esc(&spec.game),
        spec.games,
        esc(&shard),
        spec.seed,
        esc(&spec.bots.join(", ")),
        seating,
    );
    for (name, value) in extra {
        rows += &format!("<tr><td>{}</td><td>{value}</td></tr>", esc(name));
    }
    format!(
        "<section id=\"settings\"><h2>Settings</h2><table>{rows}</table>\
         <details><summary>parameters</summary><pre>{}</pre></details></section>\n",
        esc(&config)
    )
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("runs/base"), "runs/base");
        assert_eq!(shell_word("my runs/it's"), "'my runs/it'\\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
