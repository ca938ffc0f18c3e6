//! The report of a sweep (`silk sweep`): one batch per value of one or two parameters.

use super::{esc, lines, page};
use crate::summary::Summary;

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
