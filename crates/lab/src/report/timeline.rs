//! Standings round by round of a few games of a run, drawn in the run's report: one chart of
//! each seat's score per round, one of its coins where the game has them, with the round the
//! game was decided in marked.

use super::chart::{line_chart_marked, Axis, Chart, Series};
use super::esc;
use silk_core::standings::Timeline;

/// One game's timeline, with why the report shows it.
#[derive(Clone, Debug)]
pub struct GameTimeline {
    pub index: u64,
    /// Why this game: "the first game with a winner", "the first stuck game".
    pub why: String,
    /// How it ended, in words ("P2 won", "stuck after 412 decisions").
    pub end: String,
    /// How a game with a ranking ended otherwise than by the rules' goal (a stall).
    pub ended_by: Option<silk_core::EndedBy>,
    pub timeline: Timeline,
}

fn seat_series(t: &Timeline, value: impl Fn(usize, usize) -> Option<i64>) -> Vec<Series> {
    let seats = t.rounds.iter().map(|r| r.score.len()).max().unwrap_or(0);
    (0..seats)
        .map(|seat| Series {
            name: format!("P{}", seat + 1),
            values: (0..t.rounds.len())
                .map(|row| value(row, seat).map_or(f64::NAN, |v| v as f64))
                .collect(),
            intervals: None,
        })
        .collect()
}

/// The round a game's order was settled in, in words: "decided at round 12", or for a stall
/// "stalled at the round cap, ranked by …; that order settled at round 5" (never a win).
pub fn decided_at_text(round: u32, ended_by: Option<silk_core::EndedBy>) -> String {
    match ended_by {
        Some(by) => format!("{}; that order settled at round {round}", by.label()),
        None => format!("decided at round {round}"),
    }
}

/// The section of the run report: a chart per game and quantity.
pub(crate) fn section(games: &[GameTimeline]) -> String {
    if games.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<section id=\"timelines\"><h2>Standings round by round</h2>\n<p class=\"note\">One \
         game each, played again exactly as the run played it: each seat's score at the end of \
         every round (and its coins, where the game has them), one point per round. The dashed \
         line marks the round the game was decided in: from its end on, the order of the seats \
         never changed; in a stall it marks the round its ranking at the cap was settled in, \
         not a win. Games shown: the run's first game with a winner, its first stuck or \
         cut-short game and its first stall, if any.</p>\n",
    );
    for g in games {
        let t = &g.timeline;
        let xs: Vec<String> = t.rounds.iter().map(|r| r.round.to_string()).collect();
        let mark = if g.ended_by.is_some() {
            "order settled"
        } else {
            "decided"
        };
        let decided = t
            .decided_at
            .and_then(|d| t.rounds.iter().position(|r| r.round == d))
            .map(|i| (i, mark));
        let decided_text = t.decided_at.map_or(String::new(), |d| {
            format!("; {}", decided_at_text(d, g.ended_by))
        });
        out += &format!(
            "<div class=\"timeline\" data-game=\"{}\" data-decided-at=\"{}\"><h3>Game {} — {} ({}{})</h3>\n",
            g.index,
            t.decided_at.map_or(String::new(), |d| d.to_string()),
            g.index,
            esc(&g.why),
            esc(&g.end),
            decided_text
        );
        let id = format!("timeline-{}-score", g.index);
        let title = format!(
            "Game {}: {} per seat at the end of each round",
            g.index, t.score
        );
        out += &line_chart_marked(
            &Chart {
                id: &id,
                title: &title,
                x_title: "round",
            },
            &Axis::unit(&t.score),
            &xs,
            &seat_series(t, |row, seat| t.rounds[row].score.get(seat).copied()),
            None,
            decided,
        );
        if !t.coins.is_empty() {
            let id = format!("timeline-{}-coins", g.index);
            let title = format!(
                "Game {}: {} per seat at the end of each round",
                g.index, t.coins
            );
            out += &line_chart_marked(
                &Chart {
                    id: &id,
                    title: &title,
                    x_title: "round",
                },
                &Axis::unit(&t.coins),
                &xs,
                &seat_series(t, |row, seat| t.rounds[row].coins.get(seat).copied()),
                None,
                decided,
            );
        }
        out += "</div>\n";
    }
    out + "</section>\n"
}
