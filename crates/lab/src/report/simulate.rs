//! The report of one run (`silk simulate`, `silk lab merge`).

use super::{esc, histogram, page, rate_bars};
use crate::summary::Summary;

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
