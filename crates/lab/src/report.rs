//! Self-contained HTML reports with inline SVG charts: no script, no font or file from the
//! network, so a report opens offline and can be mailed as one file.

use crate::summary::Summary;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const W: f64 = 560.0;
const H: f64 = 260.0;
const LEFT: f64 = 48.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 28.0;

fn frame(id: &str, title: &str, body: &str) -> String {
    format!(
        "<figure><svg class=\"chart\" data-chart=\"{}\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" aria-label=\"{}\">\
         <text x=\"{}\" y=\"18\" class=\"title\">{}</text>{body}</svg></figure>\n",
        esc(id),
        esc(title),
        W / 2.0,
        esc(title)
    )
}

fn y_axis(max: f64, as_percent: bool) -> String {
    let plot_h = H - TOP - BOTTOM;
    let mut s = String::new();
    for k in 0..=4 {
        let v = max * k as f64 / 4.0;
        let y = H - BOTTOM - plot_h * k as f64 / 4.0;
        let label = if as_percent {
            format!("{:.0}%", 100.0 * v)
        } else {
            format!("{v:.1}")
        };
        s += &format!(
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" class=\"grid\"/><text x=\"{}\" y=\"{:.1}\" class=\"tick\">{label}</text>",
            W - 8.0,
            LEFT - 6.0,
            y + 4.0
        );
    }
    s
}

/// Bars with 95% error bars; values in 0..=1 shown as percentages; an optional dashed line
/// (the fair share 1/N).
pub fn rate_bars(
    id: &str,
    title: &str,
    bars: &[(String, f64, f64, f64)],
    fair: Option<f64>,
) -> String {
    let plot_h = H - TOP - BOTTOM;
    let max = bars
        .iter()
        .map(|b| b.3)
        .fold(fair.unwrap_or(0.0), f64::max)
        .clamp(0.05, 1.0);
    let max = (max * 1.15).min(1.0);
    let slot = (W - LEFT - 8.0) / bars.len().max(1) as f64;
    let y = |v: f64| H - BOTTOM - plot_h * (v / max).min(1.0);
    let mut body = y_axis(max, true);
    for (i, (label, v, lo, hi)) in bars.iter().enumerate() {
        let x = LEFT + slot * i as f64 + slot * 0.2;
        let w = slot * 0.6;
        let cx = x + w / 2.0;
        body += &format!(
            "<rect class=\"bar\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{:.1}\"><title>{}: {:.1}% [{:.1}–{:.1}]</title></rect>\
             <line class=\"err\" x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>\
             <line class=\"err\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/><line class=\"err\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>\
             <text class=\"label\" x=\"{cx:.1}\" y=\"{:.1}\">{}</text>",
            y(*v),
            H - BOTTOM - y(*v),
            esc(label),
            100.0 * v,
            100.0 * lo,
            100.0 * hi,
            y(*lo),
            y(*hi),
            cx - 5.0,
            cx + 5.0,
            y(*lo),
            y(*lo),
            cx - 5.0,
            cx + 5.0,
            y(*hi),
            y(*hi),
            H - BOTTOM + 16.0,
            esc(label)
        );
    }
    if let Some(f) = fair {
        body += &format!(
            "<line class=\"fair\" x1=\"{LEFT}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\"/>",
            W - 8.0,
            y(f),
            y(f)
        );
    }
    frame(id, title, &body)
}

/// A histogram of `(bin start, count)`.
pub fn histogram(id: &str, title: &str, bins: &[(i64, u64)]) -> String {
    let plot_h = H - TOP - BOTTOM;
    let total: u64 = bins.iter().map(|b| b.1).sum::<u64>().max(1);
    let max = bins
        .iter()
        .map(|b| b.1 as f64 / total as f64)
        .fold(0.0, f64::max)
        .max(0.01)
        * 1.15;
    let slot = (W - LEFT - 8.0) / bins.len().max(1) as f64;
    let mut body = y_axis(max, true);
    for (i, (start, count)) in bins.iter().enumerate() {
        let share = *count as f64 / total as f64;
        let h = plot_h * share / max;
        let x = LEFT + slot * i as f64 + 1.0;
        body += &format!(
            "<rect class=\"bar\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\"><title>from {start}: {count} games</title></rect>",
            H - BOTTOM - h,
            slot - 2.0
        );
        if bins.len() <= 8 || i % 2 == 0 {
            body += &format!(
                "<text class=\"label\" x=\"{:.1}\" y=\"{:.1}\">{start}</text>",
                x + slot / 2.0,
                H - BOTTOM + 16.0
            );
        }
    }
    frame(id, title, &body)
}

/// Lines of `series` over the labelled x values (a sweep's parameter values). A NaN value is
/// no point (a seat that value does not have).
pub fn lines(id: &str, title: &str, xs: &[String], series: &[(String, Vec<f64>)]) -> String {
    let plot_h = H - TOP - BOTTOM;
    let max = series
        .iter()
        .flat_map(|s| s.1.iter().copied())
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max)
        .max(1e-9)
        * 1.15;
    let step = (W - LEFT - 40.0) / (xs.len().max(2) - 1) as f64;
    let x = |i: usize| LEFT + 16.0 + step * i as f64;
    let y = |v: f64| H - BOTTOM - plot_h * (v / max);
    let mut body = y_axis(max, false);
    for (i, label) in xs.iter().enumerate() {
        body += &format!(
            "<text class=\"label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            x(i),
            H - BOTTOM + 16.0,
            esc(label)
        );
    }
    for (k, (name, values)) in series.iter().enumerate() {
        let pts: Vec<String> = values
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_finite())
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
            .collect();
        body += &format!(
            "<polyline class=\"line s{}\" points=\"{}\"><title>{}</title></polyline><text class=\"legend s{}\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            k % 6,
            pts.join(" "),
            esc(name),
            k % 6,
            LEFT + 8.0,
            TOP + 14.0 * (k as f64 + 1.0),
            esc(name)
        );
    }
    frame(id, title, &body)
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

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head>\n<body><h1>{}</h1>\n{body}</body></html>\n",
        esc(title),
        esc(title)
    )
}

fn summary_charts(s: &Summary, prefix: &str) -> String {
    let n = s.win_by_seat.len();
    let seats: Vec<(String, f64, f64, f64)> = s
        .win_by_seat
        .iter()
        .enumerate()
        .map(|(i, r)| (s.seat_label(i), r.rate, r.lo, r.hi))
        .collect();
    let bots: Vec<(String, f64, f64, f64)> = s
        .win_by_bot
        .iter()
        .map(|b| (b.bot.clone(), b.win.rate, b.win.lo, b.win.hi))
        .collect();
    let mut out = rate_bars(
        &format!("{prefix}win-rate-seat"),
        "Win rate by seat (95% CI; dashed: fair share)",
        &seats,
        Some(1.0 / n.max(1) as f64),
    );
    out += &rate_bars(
        &format!("{prefix}win-rate-bot"),
        "Games won by any seat of each bot (95% CI)",
        &bots,
        None,
    );
    out += &histogram(
        &format!("{prefix}length"),
        "Game length (decisions)",
        &s.decisions.histogram,
    );
    out += &histogram(
        &format!("{prefix}rounds"),
        "Game length (rounds)",
        &s.rounds.histogram,
    );
    out += &histogram(
        &format!("{prefix}margin"),
        "Winning margin",
        &s.margin.histogram,
    );
    out
}

fn metrics_table(s: &Summary) -> String {
    let mut t = String::from("<table><tr><th>metric</th><th>per game</th><th>total</th></tr>");
    for m in &s.metrics {
        t += &format!(
            "<tr><td>{}</td><td>{:.2}</td><td>{}</td></tr>",
            esc(&m.name),
            m.per_game,
            m.total
        );
    }
    t + "</table>"
}

/// The run's settings, so a report says what it is a report of: enough to run it again.
fn settings(spec: &crate::RunSpec) -> String {
    let shard = spec
        .shard
        .map_or(String::new(), |sh| format!(" (shard {}/{})", sh.k, sh.n));
    let seating = if spec.rotate {
        "the bots move round the table from game to game"
    } else {
        "each bot in the seat it is named for"
    };
    let config = serde_json::to_string_pretty(&spec.config.get("params").unwrap_or(&spec.config))
        .unwrap_or_default();
    format!(
        "<h2>Settings</h2><table>\
         <tr><td>game</td><td>{}</td></tr>\
         <tr><td>games</td><td>{}{}</td></tr>\
         <tr><td>seed</td><td>{}</td></tr>\
         <tr><td>bots</td><td>{} ({})</td></tr></table>\
         <details><summary>parameters</summary><pre>{}</pre></details>",
        esc(&spec.game),
        spec.games,
        esc(&shard),
        spec.seed,
        esc(&spec.bots.join(", ")),
        seating,
        esc(&config)
    )
}

/// The report of one run.
pub fn simulate_html(s: &Summary, spec: &crate::RunSpec) -> String {
    let body = format!(
        "{}{}<pre>{}</pre><h2>Metrics</h2>{}",
        settings(spec),
        summary_charts(s, ""),
        esc(&s.text()),
        metrics_table(s)
    );
    page(&format!("silk lab — {} ({} games)", s.game, s.games), &body)
}

/// The report of a sweep: win rates and metrics per value, side by side.
pub fn sweep_html(title: &str, rows: &[(String, Summary)]) -> String {
    let xs: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    // A sweep of the player count has values without the last seats: no point there.
    let n = Summary::max_seats(rows.iter().map(|r| &r.1));
    let seat_series: Vec<(String, Vec<f64>)> = (0..n)
        .map(|i| {
            (
                format!("P{} win rate", i + 1),
                rows.iter()
                    .map(|r| r.1.win_by_seat.get(i).map_or(f64::NAN, |w| w.rate))
                    .collect(),
            )
        })
        .collect();
    let mut body = lines(
        "sweep-win-rate",
        "Win rate by seat per value",
        &xs,
        &seat_series,
    );
    body += &lines(
        "sweep-length",
        "Mean game length (rounds) per value",
        &xs,
        &[(
            "rounds".into(),
            rows.iter().map(|r| r.1.rounds.mean).collect(),
        )],
    );
    let names = Summary::metric_names(rows.iter().map(|r| &r.1));
    for chunk in names.chunks(4) {
        let series: Vec<(String, Vec<f64>)> = chunk
            .iter()
            .map(|n| {
                (
                    n.clone(),
                    rows.iter()
                        .map(|r| r.1.metric(n).map(|m| m.per_game).unwrap_or(0.0))
                        .collect(),
                )
            })
            .collect();
        body += &lines(
            &format!("sweep-metrics-{}", esc(&chunk[0])),
            "Metrics per game per value",
            &xs,
            &series,
        );
    }
    for (label, s) in rows {
        body += &format!("<h2>{}</h2><pre>{}</pre>", esc(label), esc(&s.text()));
    }
    page(title, &body)
}
