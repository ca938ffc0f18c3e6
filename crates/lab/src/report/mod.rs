//! Self-contained HTML reports with inline SVG charts: no script, no font or file from the
//! network, so a report opens offline and can be mailed as one file.
//!
//! `chart` holds the SVG primitives every report kind draws with; each report kind has its own
//! file.

mod chart;
mod compare;
mod gaps;
mod simulate;
mod sweep;

pub use chart::{histogram, lines, rate_bars};
pub use compare::compare_html;
pub use gaps::{gaps_html, gaps_section};
pub use simulate::simulate_html;
pub use sweep::sweep_html;

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:sans-serif;max-width:1200px;margin:2em auto;color:#222}\
figure{display:inline-block;margin:8px}svg{background:#fafafa;border:1px solid #ddd}\
.title{font-size:14px;text-anchor:middle;font-weight:bold}.tick{font-size:10px;text-anchor:end;fill:#555}\
.label{font-size:10px;text-anchor:middle;fill:#333}.grid{stroke:#e4e4e4}.bar{fill:#3b7dd8}\
.err{stroke:#111;stroke-width:1.5}.fair{stroke:#d33;stroke-dasharray:4 3}.line{fill:none;stroke-width:2}\
.legend{font-size:11px}.s0{stroke:#3b7dd8;fill:#3b7dd8}.s1{stroke:#d8733b;fill:#d8733b}.s2{stroke:#3bd87d;fill:#2a9a5a}\
.s3{stroke:#a03bd8;fill:#a03bd8}.s4{stroke:#d83b6a;fill:#d83b6a}.s5{stroke:#777;fill:#777}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}\
th{background:#f0f0f0}td:first-child{text-align:left}pre{background:#f6f6f6;padding:1em}";

pub(crate) fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head>\n<body><h1>{}</h1>\n{body}</body></html>\n",
        esc(title),
        esc(title)
    )
}
