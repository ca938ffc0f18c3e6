//! The heatmap: a value over two parameters, a cell per pair.

use super::{draw_x, fit_x, frame, nice_ticks, short, text_w, x_title, Axis, Chart, RIGHT, TOP, W};
use crate::report::esc;
use std::fmt::Write;

/// One cell of a heatmap: its value (NaN: no value) and 95% interval, if any.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
    pub value: f64,
    pub interval: Option<(f64, f64)>,
}

/// A grid of values over two parameters: a column per x value, a row per y value (`cells[row]
/// [column]`), each cell coloured by its value and printed, its interval in the tooltip. With
/// `centre` (a fair share) colours diverge from it: blue above, red below; otherwise they run
/// from light (lowest value) to dark (highest).
pub fn heatmap(
    c: &Chart,
    y_title: &str,
    value: &Axis,
    xs: &[String],
    ys: &[String],
    cells: &[Vec<Cell>],
    centre: Option<f64>,
) -> String {
    let row_w = ys.iter().map(|l| text_w(l)).fold(0.0, f64::max) + 12.0;
    let left = 24.0 + row_w;
    let cell_w = ((W - left - RIGHT) / xs.len().max(1) as f64).min(110.0);
    let cell_h = 34.0;
    let fit = fit_x(xs, cell_w, false);
    let plot_top = TOP + 8.0;
    let plot_bottom = plot_top + cell_h * ys.len() as f64;
    let height = plot_bottom + fit.height + 30.0;
    let finite = || {
        cells
            .iter()
            .flatten()
            .map(|c| c.value)
            .filter(|v| v.is_finite())
    };
    let (lo, hi) = match finite().next() {
        Some(first) => (
            finite().fold(first, f64::min),
            finite().fold(first, f64::max),
        ),
        None => (0.0, 0.0),
    };
    let spread = match centre {
        Some(m) => finite().map(|v| (v - m).abs()).fold(1e-12, f64::max),
        None => (hi - lo).max(1e-12),
    };
    // Enough decimals to tell the printed values apart, no more than needed.
    let (_, ticks_decimals) = nice_ticks(value.scale() * lo, value.scale() * hi);
    let decimals = (ticks_decimals + 1).min(if value.percent { 1 } else { 2 });
    let mut body = String::new();
    for (r, row) in cells.iter().enumerate() {
        let cy = plot_top + cell_h * r as f64;
        let label = ys.get(r).map_or("", String::as_str);
        let _ = write!(
            body,
            "<text class=\"tick y-tick\" x=\"{:.1}\" y=\"{:.1}\"><title>{}</title>{}</text>",
            left - 6.0,
            cy + cell_h / 2.0 + 3.5,
            esc(label),
            esc(&short(label))
        );
        for (col, cell) in row.iter().enumerate() {
            let x = left + cell_w * col as f64;
            let v = cell.value;
            if !v.is_finite() {
                continue;
            }
            let (fill, dark) = match centre {
                Some(m) => {
                    let t = ((v - m) / spread).clamp(-1.0, 1.0);
                    let fade = |k: f64| (255.0 - k * t.abs()).round() as u8;
                    let rgb = if t >= 0.0 {
                        (fade(196.0), fade(136.0), fade(20.0))
                    } else {
                        (fade(20.0), fade(150.0), fade(170.0))
                    };
                    (rgb, t.abs() > 0.6)
                }
                None => {
                    let t = ((v - lo) / (hi - lo).max(1e-12)).clamp(0.0, 1.0);
                    let fade = |k: f64| (245.0 - k * t).round() as u8;
                    ((fade(200.0), fade(140.0), fade(30.0)), t > 0.6)
                }
            };
            let shown = value.format(v, decimals);
            let tip = match cell.interval {
                Some((lo, hi)) => format!(
                    "{shown} [{}–{}]",
                    value.format(lo, decimals),
                    value.format(hi, decimals)
                ),
                None => shown.clone(),
            };
            let xl = xs.get(col).map_or("", String::as_str);
            let _ = write!(
                body,
                "<g class=\"cell\" data-value=\"{v}\"><title>{y_title} {} · {} {}: {tip}</title>\
                 <rect x=\"{x:.1}\" y=\"{cy:.1}\" width=\"{:.1}\" height=\"{cell_h:.1}\" fill=\"rgb({},{},{})\"/>\
                 <text class=\"cell-value{}\" x=\"{:.1}\" y=\"{:.1}\">{shown}</text></g>",
                esc(label),
                esc(c.x_title),
                esc(xl),
                cell_w - 1.0,
                fill.0,
                fill.1,
                fill.2,
                if dark { " on-dark" } else { "" },
                x + cell_w / 2.0,
                cy + cell_h / 2.0 + 4.0
            );
        }
    }
    let centres: Vec<f64> = (0..xs.len())
        .map(|i| left + cell_w * (i as f64 + 0.5))
        .collect();
    body += &draw_x(xs, &centres, &fit, plot_bottom);
    body += &x_title(
        c.x_title,
        2.0 * left + cell_w * xs.len() as f64,
        height - 8.0,
    );
    let mid = (plot_top + plot_bottom) / 2.0;
    let _ = write!(
        body,
        "<text class=\"axis-title y-title\" transform=\"translate(14 {mid:.1}) rotate(-90)\">{}</text>",
        esc(y_title)
    );
    frame(c, W, height, &body)
}
