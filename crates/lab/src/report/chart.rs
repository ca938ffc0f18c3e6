//! SVG chart primitives shared by every report kind.

use super::esc;

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
