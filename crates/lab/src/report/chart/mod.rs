//! SVG chart primitives shared by every report kind: bars with intervals, histograms, lines with
//! intervals, heatmaps. Each takes any id, title, axis titles and series; a value axis reads as
//! percentages (values in 0..=1) or in a unit. Ticks fall on "nice" steps (1, 2 or 5 × 10^k)
//! with just enough decimals that no two read alike, and x labels are thinned or turned upright
//! when they would not fit side by side.

use super::esc;
use std::fmt::Write;

mod heatmap;
pub use heatmap::{heatmap, Cell};

const W: f64 = 560.0;
/// A chart with many points or bars takes a whole row.
const WIDE: f64 = 1136.0;
/// Bars wider than this look like blocks, not bars.
const MAX_BAR: f64 = 56.0;
const H: f64 = 300.0;
const TOP: f64 = 30.0;
/// Room left of the plot for the y ticks and the y axis title.
const LEFT: f64 = 66.0;
const RIGHT: f64 = 14.0;
/// Below the plot: x tick labels, then the x axis title.
const BOTTOM: f64 = 46.0;
/// Estimated width of one character of a 10px label (sans-serif digits are ~5.6px).
const CHAR_W: f64 = 6.2;
/// Height of a 10px label's box: upright labels need this much room side by side.
const LINE_H: f64 = 14.0;
/// Longer x labels are cut (the full label stays in the tooltip).
const MAX_LABEL: usize = 24;

/// A value axis: its title (with the unit) and whether values in 0..=1 read as percentages.
#[derive(Clone, Debug)]
pub struct Axis {
    pub title: String,
    pub percent: bool,
}

impl Axis {
    /// Values in 0..=1 shown as percentages; `title` should say "(%)".
    pub fn percent(title: &str) -> Axis {
        Axis {
            title: title.to_string(),
            percent: true,
        }
    }

    /// Values shown as they are; `title` should name the unit.
    pub fn unit(title: &str) -> Axis {
        Axis {
            title: title.to_string(),
            percent: false,
        }
    }

    fn scale(&self) -> f64 {
        if self.percent {
            100.0
        } else {
            1.0
        }
    }

    /// A value as the axis reads it, with `decimals`.
    pub fn format(&self, v: f64, decimals: usize) -> String {
        let shown = v * self.scale();
        // No "-0" for a value that rounds to zero.
        let shown = if shown.abs() < 0.5 * 10f64.powi(-(decimals as i32)) {
            0.0
        } else {
            shown
        };
        if self.percent {
            format!("{shown:.decimals$}%")
        } else {
            format!("{shown:.decimals$}")
        }
    }
}

/// What every chart has: an id (`data-chart`, for tests and links), a title and the x axis
/// title.
#[derive(Clone, Copy, Debug)]
pub struct Chart<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub x_title: &'a str,
}

/// One bar: a label, a value and its 95% interval, if any.
#[derive(Clone, Debug)]
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub interval: Option<(f64, f64)>,
}

/// One line: a name, a value per x (NaN: no point there) and each value's 95% interval, if any.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
    pub intervals: Option<Vec<(f64, f64)>>,
}

/// A horizontal reference line (a fair share) with its legend.
#[derive(Clone, Debug)]
pub struct Reference {
    pub value: f64,
    pub label: String,
}

/// Nice ticks covering `lo..=hi` (in the axis's shown scale): about five, on steps of 1, 2 or
/// 5 × 10^k, and the decimals that tell them apart.
pub fn nice_ticks(lo: f64, hi: f64) -> (Vec<f64>, usize) {
    let (lo, hi) = if hi - lo < 1e-9 {
        (lo, lo + 1.0)
    } else {
        (lo, hi)
    };
    let raw = (hi - lo) / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = match raw / mag {
        f if f <= 1.0 => 1.0,
        f if f <= 2.0 => 2.0,
        f if f <= 5.0 => 5.0,
        _ => 10.0,
    } * mag;
    let first = (lo / step + 1e-9).floor() as i64;
    let last = (hi / step - 1e-9).ceil() as i64;
    let ticks = (first..=last).map(|k| k as f64 * step).collect();
    let decimals = (-(step.log10() + 1e-9).floor()).max(0.0) as usize;
    (ticks, decimals)
}

/// The plot's value range: the ticks (shown scale) and the real values at its ends.
struct YScale {
    axis: Axis,
    ticks: Vec<f64>,
    decimals: usize,
    lo: f64,
    hi: f64,
    top: f64,
    bottom: f64,
}

impl YScale {
    /// A range that holds `values` and zero, with a little headroom.
    fn new(axis: &Axis, values: impl Iterator<Item = f64>, top: f64, bottom: f64) -> YScale {
        let (mut lo, mut hi) = (0.0f64, 0.0f64);
        for v in values.filter(|v| v.is_finite()) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        let s = axis.scale();
        let pad = 0.05 * (hi - lo);
        let mut top_value = hi + pad;
        if axis.percent && hi <= 1.0 {
            // A share cannot pass 100%: no tick above it.
            top_value = top_value.min(1.0);
        }
        let (ticks, decimals) =
            nice_ticks(s * (lo - if lo < 0.0 { pad } else { 0.0 }), s * top_value);
        let (first, last) = (ticks[0], ticks[ticks.len() - 1]);
        YScale {
            axis: axis.clone(),
            ticks,
            decimals,
            lo: first / s,
            hi: last / s,
            top,
            bottom,
        }
    }

    fn y(&self, v: f64) -> f64 {
        let t = ((v - self.lo) / (self.hi - self.lo)).clamp(0.0, 1.0);
        self.bottom - t * (self.bottom - self.top)
    }

    /// Grid lines, tick labels and the rotated axis title, from `left` to `right`.
    fn draw(&self, left: f64, right: f64) -> String {
        let mut s = String::new();
        for &t in &self.ticks {
            let y = self.y(t / self.axis.scale());
            let _ = write!(
                s,
                "<line x1=\"{left}\" x2=\"{right}\" y1=\"{y:.1}\" y2=\"{y:.1}\" class=\"grid\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" class=\"tick y-tick\">{}</text>",
                left - 5.0,
                y + 3.5,
                self.axis.format(t / self.axis.scale(), self.decimals)
            );
        }
        let mid = (self.top + self.bottom) / 2.0;
        let _ = write!(
            s,
            "<text class=\"axis-title y-title\" transform=\"translate(14 {mid:.1}) rotate(-90)\">{}</text>",
            esc(&self.axis.title)
        );
        s
    }
}

/// How the x labels fit: every `every`-th label, upright when they would overlap lying down.
struct XLabels {
    every: usize,
    upright: bool,
    /// Height they take below the plot.
    height: f64,
}

fn short(label: &str) -> String {
    if label.chars().count() > MAX_LABEL {
        label.chars().take(MAX_LABEL - 1).collect::<String>() + "…"
    } else {
        label.to_string()
    }
}

fn text_w(label: &str) -> f64 {
    short(label).chars().count() as f64 * CHAR_W
}

/// Lying labels if they fit side by side in `slot` px; numbers (`thin`) are thinned instead of
/// turned; other labels are turned upright, then thinned if even that does not fit.
fn fit_x(labels: &[String], slot: f64, thin: bool) -> XLabels {
    let widest = labels.iter().map(|l| text_w(l)).fold(0.0, f64::max);
    let lying = ((widest + 8.0) / slot).ceil().max(1.0) as usize;
    if lying == 1 || thin {
        return XLabels {
            every: lying,
            upright: false,
            height: 18.0,
        };
    }
    XLabels {
        every: (LINE_H / slot).ceil().max(1.0) as usize,
        upright: true,
        // The width estimate errs wide (for overlaps); the height need not.
        height: widest * 0.9 + 10.0,
    }
}

/// The x labels at `xs` (centres), under the plot whose bottom is `base`.
fn draw_x(labels: &[String], xs: &[f64], fit: &XLabels, base: f64) -> String {
    let mut s = String::new();
    for (i, (label, x)) in labels.iter().zip(xs).enumerate() {
        if i % fit.every != 0 {
            continue;
        }
        let text = esc(&short(label));
        let tip = esc(label);
        if fit.upright {
            let _ = write!(
                s,
                "<text class=\"label x-tick upright\" transform=\"translate({:.1} {:.1}) rotate(-90)\"><title>{tip}</title>{text}</text>",
                x + 3.5,
                base + 6.0
            );
        } else {
            let _ = write!(
                s,
                "<text class=\"label x-tick\" x=\"{x:.1}\" y=\"{:.1}\"><title>{tip}</title>{text}</text>",
                base + 14.0
            );
        }
    }
    s
}

fn x_title(title: &str, width: f64, y: f64) -> String {
    format!(
        "<text class=\"axis-title x-title\" x=\"{:.1}\" y=\"{y:.1}\">{}</text>",
        width / 2.0,
        esc(title)
    )
}

/// The chart's frame: an SVG of `height` with its title.
fn frame(c: &Chart, width: f64, height: f64, body: &str) -> String {
    format!(
        "<figure><svg class=\"chart\" data-chart=\"{}\" viewBox=\"0 0 {width:.0} {height:.0}\" width=\"{width:.0}\" height=\"{height:.0}\" role=\"img\" aria-label=\"{}\">\
         <text x=\"{:.1}\" y=\"18\" class=\"title\">{}</text>{body}</svg></figure>\n",
        esc(c.id),
        esc(c.title),
        width / 2.0,
        esc(c.title)
    )
}

/// An interval mark: a vertical line with caps, from `lo` to `hi` (pixels) at `x`.
fn interval_mark(x: f64, lo: f64, hi: f64, tip: &str) -> String {
    format!(
        "<g class=\"ci\"><title>{}</title><line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{lo:.1}\" y2=\"{hi:.1}\"/>\
         <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{lo:.1}\" y2=\"{lo:.1}\"/><line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{hi:.1}\" y2=\"{hi:.1}\"/></g>",
        esc(tip),
        x - 4.0,
        x + 4.0,
        x - 4.0,
        x + 4.0
    )
}

fn reference_line(r: &Reference, y: &YScale, left: f64, right: f64) -> String {
    let at = y.y(r.value);
    format!(
        "<line class=\"fair\" x1=\"{left}\" x2=\"{right}\" y1=\"{at:.1}\" y2=\"{at:.1}\"><title>{}</title></line>\
         <text class=\"legend fair-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
        esc(&r.label),
        right - 4.0,
        at - 4.0,
        esc(&r.label)
    )
}

/// Bars with their 95% intervals (error bars) and an optional reference line.
pub fn bar_chart(c: &Chart, y: &Axis, bars: &[Bar], reference: Option<&Reference>) -> String {
    bar_chart_band(c, y, bars, reference, None)
}

/// A band of values drawn behind the bars (a target's band): `(lo, hi, label)`; an open side
/// is infinite and drawn to the plot's edge.
pub type Band<'a> = (f64, f64, &'a str);

/// [`bar_chart`] with a shaded `band`.
pub fn bar_chart_band(
    c: &Chart,
    y: &Axis,
    bars: &[Bar],
    reference: Option<&Reference>,
    band: Option<Band>,
) -> String {
    // An interval not known (a mean over fewer than two games) is not drawn.
    let bars: Vec<Bar> = bars
        .iter()
        .map(|b| Bar {
            interval: b
                .interval
                .filter(|(lo, hi)| lo.is_finite() && hi.is_finite()),
            ..b.clone()
        })
        .collect();
    let bars = &bars[..];
    let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
    let width = if bars.len() > 20 { WIDE } else { W };
    let slot = (width - LEFT - RIGHT) / bars.len().max(1) as f64;
    let fit = fit_x(&labels, slot, false);
    let plot_bottom = H - BOTTOM;
    let height = plot_bottom + fit.height + 28.0;
    let values = bars
        .iter()
        .flat_map(|b| [Some(b.value), b.interval.map(|i| i.1)])
        .flatten()
        .chain(reference.map(|r| r.value))
        .chain(
            band.iter()
                .flat_map(|b| [b.0, b.1])
                .filter(|v| v.is_finite()),
        );
    let ys = YScale::new(y, values, TOP + 10.0, plot_bottom);
    let mut body = ys.draw(LEFT, width - RIGHT);
    if let Some((lo, hi, label)) = band {
        let clamp = |v: f64| v.clamp(TOP + 10.0, plot_bottom);
        let (top, bottom) = (clamp(ys.y(hi)), clamp(ys.y(lo)));
        let _ = write!(
            body,
            "<rect class=\"band\" x=\"{LEFT}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>{}</title></rect>",
            width - RIGHT - LEFT,
            (bottom - top).max(1.0),
            esc(label)
        );
    }
    let mut centres = Vec::new();
    for (i, b) in bars.iter().enumerate() {
        let w = (slot * 0.6).min(MAX_BAR);
        let cx = LEFT + slot * (i as f64 + 0.5);
        let x = cx - w / 2.0;
        centres.push(cx);
        let top = ys.y(b.value).min(ys.y(0.0));
        let h = (ys.y(b.value) - ys.y(0.0)).abs();
        let shown = match b.interval {
            Some((lo, hi)) => format!(
                "{} [{}–{}]",
                y.format(b.value, 1),
                y.format(lo, 1),
                y.format(hi, 1)
            ),
            None => y.format(b.value, 2),
        };
        let _ = write!(
            body,
            "<rect class=\"bar\" x=\"{x:.1}\" y=\"{top:.1}\" width=\"{w:.1}\" height=\"{h:.1}\"><title>{}: {}</title></rect>",
            esc(&b.label),
            esc(&shown)
        );
        if let Some((lo, hi)) = b.interval {
            body += &interval_mark(cx, ys.y(lo), ys.y(hi), &format!("95% interval: {shown}"));
        }
    }
    if let Some(r) = reference {
        body += &reference_line(r, &ys, LEFT, width - RIGHT);
    }
    body += &draw_x(&labels, &centres, &fit, plot_bottom);
    body += &x_title(c.x_title, width + LEFT - RIGHT, height - 10.0);
    frame(c, width, height, &body)
}

/// A histogram of `(bin start, count)` as shares of all games; bins are as wide as the gap to
/// the next start (one value each when the starts are consecutive).
pub fn histogram_chart(c: &Chart, bins: &[(i64, u64)]) -> String {
    histogram_with_apart(c, bins, &[])
}

/// [`histogram_chart`] with games counted apart drawn as bars of their own after the bins
/// (`(label, games)`: "stuck", "cut short"), every share then over all the games.
pub fn histogram_with_apart(c: &Chart, bins: &[(i64, u64)], apart: &[(&str, u64)]) -> String {
    let apart: Vec<(&str, u64)> = apart.iter().copied().filter(|a| a.1 > 0).collect();
    let total: u64 =
        (bins.iter().map(|b| b.1).sum::<u64>() + apart.iter().map(|a| a.1).sum::<u64>()).max(1);
    let width = match bins {
        [a, b, ..] => b.0 - a.0,
        _ => 1,
    };
    let mut labels: Vec<String> = bins
        .iter()
        .map(|&(start, _)| {
            if width > 1 {
                format!("{start}–{}", start + width - 1)
            } else {
                start.to_string()
            }
        })
        .collect();
    labels.extend(apart.iter().map(|a| a.0.to_string()));
    let counts: Vec<u64> = bins
        .iter()
        .map(|b| b.1)
        .chain(apart.iter().map(|a| a.1))
        .collect();
    let slot = (W - LEFT - RIGHT) / counts.len().max(1) as f64;
    let fit = fit_x(&labels, slot, true);
    let plot_bottom = H - BOTTOM;
    let shares = counts.iter().map(|&c| c as f64 / total as f64);
    let ys = YScale::new(
        &Axis::percent("share of games (%)"),
        shares,
        TOP + 10.0,
        plot_bottom,
    );
    let mut body = ys.draw(LEFT, W - RIGHT);
    let mut centres = Vec::new();
    for (i, (count, label)) in counts.iter().zip(&labels).enumerate() {
        let share = *count as f64 / total as f64;
        let x = LEFT + slot * i as f64 + 1.0;
        centres.push(x + slot / 2.0 - 1.0);
        let top = ys.y(share);
        // A bar of games counted apart is marked, so it is not read as one more length.
        let class = if i >= bins.len() { "bar apart" } else { "bar" };
        let _ = write!(
            body,
            "<rect class=\"{class}\" x=\"{x:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>{}: {count} games ({:.1}%)</title></rect>",
            (slot - 2.0).max(0.5),
            plot_bottom - top,
            esc(label),
            100.0 * share
        );
    }
    body += &draw_x(&labels, &centres, &fit, plot_bottom);
    body += &x_title(c.x_title, W + LEFT - RIGHT, H - 8.0);
    frame(c, W, H, &body)
}

/// Lines of `series` over labelled x values (a sweep's parameter values), each point with its
/// 95% interval when the series has them, and the legend at the right.
pub fn line_chart(
    c: &Chart,
    y: &Axis,
    xs: &[String],
    series: &[Series],
    reference: Option<&Reference>,
) -> String {
    line_chart_marked(c, y, xs, series, reference, None)
}

/// [`line_chart`] with a vertical marker at x value `marker.0`, labelled `marker.1` (a
/// timeline's "decided" round).
pub fn line_chart_marked(
    c: &Chart,
    y: &Axis,
    xs: &[String],
    series: &[Series],
    reference: Option<&Reference>,
    marker: Option<(usize, &str)>,
) -> String {
    let legend_w = series
        .iter()
        .map(|s| text_w(&s.name) + 26.0)
        .fold(0.0, f64::max)
        .min(180.0);
    let crowded = xs.len() > 12 || xs.len() * series.len() > 24;
    let width = if crowded { WIDE } else { W };
    let right = width - RIGHT - legend_w;
    let n = xs.len().max(1);
    let slot = (right - LEFT) / n as f64;
    let fit = fit_x(xs, slot, false);
    let height = H - BOTTOM + fit.height + 28.0;
    let plot_bottom = H - BOTTOM;
    let values = series.iter().flat_map(|s| {
        s.values
            .iter()
            .copied()
            .chain(s.intervals.iter().flatten().map(|i| i.1))
    });
    let ys = YScale::new(
        y,
        values.chain(reference.map(|r| r.value)),
        TOP + 10.0,
        plot_bottom,
    );
    let mut body = ys.draw(LEFT, right);
    let x = |i: usize| LEFT + slot * (i as f64 + 0.5);
    let centres: Vec<f64> = (0..xs.len()).map(x).collect();
    for (k, s) in series.iter().enumerate() {
        let colour = k % 6;
        let pts: Vec<String> = s
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_finite())
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), ys.y(*v)))
            .collect();
        let _ = write!(
            body,
            "<g class=\"series s{colour}\"><polyline class=\"line\" fill=\"none\" points=\"{}\"><title>{}</title></polyline>",
            pts.join(" "),
            esc(&s.name)
        );
        for (i, v) in s.values.iter().enumerate().filter(|(_, v)| v.is_finite()) {
            let label = xs.get(i).map_or("", String::as_str);
            let tip = match s.intervals.as_ref().and_then(|iv| iv.get(i)) {
                Some(&(lo, hi)) => format!(
                    "{} at {label}: {} [{}–{}]",
                    s.name,
                    y.format(*v, 2),
                    y.format(lo, 2),
                    y.format(hi, 2)
                ),
                None => format!("{} at {label}: {}", s.name, y.format(*v, 2)),
            };
            if let Some(&(lo, hi)) = s.intervals.as_ref().and_then(|iv| iv.get(i)) {
                // Side by side, so the marks of several series at one x stay apart.
                let dx = (k as f64 - (series.len() as f64 - 1.0) / 2.0) * 3.0;
                body += &interval_mark(x(i) + dx, ys.y(lo), ys.y(hi), &tip);
            }
            let _ = write!(
                body,
                "<circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\"><title>{}</title></circle>",
                x(i),
                ys.y(*v),
                esc(&tip)
            );
        }
        let ly = TOP + 14.0 + 16.0 * k as f64;
        let _ = write!(
            body,
            "<line class=\"line\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/><text class=\"legend\" x=\"{:.1}\" y=\"{ly:.1}\">{}</text></g>",
            right + 10.0,
            right + 24.0,
            ly - 4.0,
            ly - 4.0,
            right + 28.0,
            esc(&short(&s.name))
        );
    }
    if let Some(r) = reference {
        body += &reference_line(r, &ys, LEFT, right);
    }
    if let Some((i, label)) = marker.filter(|m| m.0 < xs.len()) {
        let at = x(i);
        let _ = write!(
            body,
            "<g class=\"marker\"><line class=\"fair\" x1=\"{at:.1}\" x2=\"{at:.1}\" y1=\"{:.1}\" y2=\"{plot_bottom:.1}\"><title>{}</title></line>\
             <text class=\"legend fair-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text></g>",
            TOP + 6.0,
            esc(label),
            at - 3.0,
            TOP + 16.0,
            esc(label)
        );
    }
    body += &draw_x(xs, &centres, &fit, plot_bottom);
    body += &x_title(c.x_title, LEFT + right, height - 8.0);
    frame(c, width, height, &body)
}

/// Bars with 95% error bars; values in 0..=1 shown as percentages; an optional dashed line
/// (the fair share 1/N). `bars`: `(label, value, low, high)`.
pub fn rate_bars(
    id: &str,
    title: &str,
    bars: &[(String, f64, f64, f64)],
    fair: Option<f64>,
) -> String {
    let bars: Vec<Bar> = bars
        .iter()
        .map(|(label, v, lo, hi)| Bar {
            label: label.clone(),
            value: *v,
            interval: Some((*lo, *hi)),
        })
        .collect();
    let fair = fair.map(|value| Reference {
        value,
        label: "fair share".into(),
    });
    let c = Chart {
        id,
        title,
        x_title: "",
    };
    bar_chart(&c, &Axis::percent("share (%)"), &bars, fair.as_ref())
}

/// A histogram of `(bin start, count)`, as shares of the whole.
pub fn histogram(id: &str, title: &str, bins: &[(i64, u64)]) -> String {
    let c = Chart {
        id,
        title,
        x_title: "value",
    };
    histogram_chart(&c, bins)
}

/// Lines of `series` over the labelled x values (a sweep's parameter values), without
/// intervals. A NaN value is no point (a seat that value does not have).
pub fn lines(id: &str, title: &str, xs: &[String], series: &[(String, Vec<f64>)]) -> String {
    let series: Vec<Series> = series
        .iter()
        .map(|(name, values)| Series {
            name: name.clone(),
            values: values.clone(),
            intervals: None,
        })
        .collect();
    let c = Chart {
        id,
        title,
        x_title: "value",
    };
    line_chart(&c, &Axis::unit("value"), xs, &series, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32: games stuck or cut short are bars of their own after the lengths, marked
    /// apart, and every share is over all the games.
    #[test]
    fn issue32_a_histogram_draws_the_games_counted_apart_as_their_own_bars() {
        let c = Chart {
            id: "rounds",
            title: "t",
            x_title: "rounds",
        };
        let svg = histogram_with_apart(&c, &[(5, 30), (6, 30)], &[("stuck", 40), ("cut short", 0)]);
        assert_eq!(svg.matches("class=\"bar apart\"").count(), 1, "{svg}");
        assert!(svg.contains("stuck: 40 games (40.0%)"), "{svg}");
        assert!(svg.contains("5: 30 games (30.0%)"), "{svg}");
        assert_eq!(
            histogram_chart(&c, &[(5, 30)]).matches("bar apart").count(),
            0
        );
    }

    fn labels(lo: f64, hi: f64) -> Vec<String> {
        let (ticks, d) = nice_ticks(lo, hi);
        ticks.iter().map(|t| format!("{t:.d$}")).collect()
    }

    /// Ticks are on nice steps, cover the range and never read alike after rounding.
    #[test]
    fn nice_ticks_are_distinct_and_cover_the_range() {
        assert_eq!(
            labels(0.0, 0.23),
            ["0.00", "0.05", "0.10", "0.15", "0.20", "0.25"]
        );
        assert_eq!(labels(0.0, 47.0), ["0", "10", "20", "30", "40", "50"]);
        assert_eq!(labels(-3.0, 7.0), ["-4", "-2", "0", "2", "4", "6", "8"]);
        assert_eq!(labels(0.0, 0.0), ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
        for (lo, hi) in [(0.0, 0.3), (0.0, 1234.5), (12.0, 13.1), (0.0, 0.0007)] {
            let l = labels(lo, hi);
            let mut unique = l.clone();
            unique.dedup();
            assert_eq!(l, unique, "{lo}..{hi}");
            let (t, _) = nice_ticks(lo, hi);
            assert!(t[0] <= lo && *t.last().unwrap() >= hi && t.len() <= 12);
        }
    }

    #[test]
    fn long_labels_turn_upright_and_numbers_thin() {
        let long: Vec<String> = (0..10).map(|i| format!("params.min_bid={i}")).collect();
        let f = fit_x(&long, 40.0, false);
        assert!(f.upright && f.every == 1);
        let nums: Vec<String> = (100..140).map(|i| i.to_string()).collect();
        let f = fit_x(&nums, 12.0, true);
        assert!(!f.upright && f.every * 12 >= 25);
    }

    #[test]
    fn lines_are_not_filled() {
        let svg = lines(
            "x",
            "t",
            &["a".into(), "b".into()],
            &[("s".into(), vec![1.0, 2.0])],
        );
        assert!(svg.contains("<polyline class=\"line\" fill=\"none\""));
    }
}
