//! `silk ladder --html`: the bots' ratings with intervals, the win matrix and decision times.

use super::chart::{bar_chart, heatmap, Axis, Bar, Cell, Chart};
use super::{esc, page};
use crate::ladder::{Pairing, Rating};

/// A bot's mean time per decision, in microseconds.
pub struct Timing {
    pub bot: String,
    pub micros: f64,
    pub decisions: u64,
}

pub fn ladder_html(
    game: &str,
    settings: &[(&str, String)],
    ratings: &[Rating],
    pairings: &[Pairing],
    timing: &[Timing],
) -> String {
    let bars: Vec<Bar> = ratings
        .iter()
        .map(|r| Bar {
            label: r.bot.clone(),
            value: r.elo,
            interval: Some((r.lo, r.hi)),
        })
        .collect();
    let elo = bar_chart(
        &Chart {
            id: "ratings",
            title: "Rating (Bradley–Terry on the Elo scale, 95% interval)",
            x_title: "bot",
        },
        &Axis::unit("Elo (mean 0)"),
        &bars,
        None,
    );
    let names: Vec<String> = ratings.iter().map(|r| r.bot.clone()).collect();
    let n = names.len();
    let mut cells = vec![
        vec![
            Cell {
                value: f64::NAN,
                interval: None
            };
            n
        ];
        n
    ];
    for p in pairings {
        let (k, g) = (p.a_half_wins, p.games);
        let a = crate::stats::wilson(k / 2, g);
        cells[p.a][p.b] = Cell {
            value: p.a_rate(),
            interval: Some(a),
        };
        let b = crate::stats::wilson(g - k.div_ceil(2), g);
        cells[p.b][p.a] = Cell {
            value: 1.0 - p.a_rate(),
            interval: Some(b),
        };
    }
    let matrix = heatmap(
        &Chart {
            id: "win-matrix",
            title: "Games won by the row's bot against the column's",
            x_title: "against",
        },
        "bot",
        &Axis::percent("won (%)"),
        &names,
        &names,
        &cells,
        Some(0.5),
    );
    let mut times = String::from(
        "<table><tr><th>bot</th><th>mean time per decision (µs)</th><th>decisions timed</th></tr>",
    );
    for t in timing {
        times += &format!(
            "<tr><td>{}</td><td>{:.1}</td><td>{}</td></tr>",
            esc(&t.bot),
            t.micros,
            t.decisions
        );
    }
    times += "</table>";
    let mut rows = String::new();
    for (name, value) in settings {
        rows += &format!("<tr><td>{}</td><td>{}</td></tr>", esc(name), esc(value));
    }
    let body = format!(
        "<section id=\"settings\"><h2>Settings</h2><table>{rows}</table></section>\
         <p class=\"note\">Each pair of bots plays its own games, the seats shared between them \
         alternately and moved round the table from game to game; a game counts for the bot \
         whose seat won it (half each when they share first place). Ratings are a \
         Bradley–Terry fit on the Elo scale (100 points: the stronger wins 64% of the time), \
         intervals from a bootstrap over the games.</p>{elo}{matrix}<h2>Decision time</h2>{times}"
    );
    page(&format!("silk ladder — {game}"), &body)
}
