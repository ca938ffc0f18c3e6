//! The report of one run (`silk simulate`, `silk lab merge`): who wins, how long games last, how
//! close they are, the game's own metrics, and the games worth replaying.

use super::chart::{bar_chart, histogram_with_apart, Axis, Bar, Chart, Reference};
use super::{esc, metrics, page, settings, shell_word, GameTimeline};
use crate::extremes::GameRef;
use crate::stats::Rate;
use crate::summary::Summary;
use crate::RunSpec;
use std::ops::Range;
use std::path::PathBuf;

/// Where a run's game records are kept (`--out`, or the shards of a merge), each directory
/// with the games it holds, so the report can say how to replay a game.
#[derive(Clone, Debug, Default)]
pub struct Records {
    pub dirs: Vec<(PathBuf, Range<u64>)>,
}

impl Records {
    /// The records of the whole run in one directory.
    pub fn dir(dir: PathBuf, games: Range<u64>) -> Records {
        Records {
            dirs: vec![(dir, games)],
        }
    }

    /// The command that replays game `index`, if its records are kept.
    pub fn replay(&self, index: u64) -> Option<String> {
        let (dir, _) = self.dirs.iter().find(|(_, r)| r.contains(&index))?;
        Some(format!(
            "silk replay {} --game {index}",
            shell_word(&dir.display().to_string())
        ))
    }
}

fn bar(label: String, r: &Rate) -> Bar {
    Bar {
        label,
        value: r.rate,
        interval: Some((r.lo, r.hi)),
    }
}

fn win_charts(s: &Summary) -> String {
    let n = s.win_by_seat.len();
    let seats: Vec<Bar> = s
        .win_by_seat
        .iter()
        .enumerate()
        .map(|(i, r)| bar(s.seat_label(i), r))
        .collect();
    let fair = Reference {
        value: 1.0 / n.max(1) as f64,
        label: format!("fair share 1/{n}"),
    };
    let win = Axis::percent("games won (%)");
    let mut out = String::from("<section id=\"wins\"><h2>Who wins</h2>\n");
    out += &bar_chart(
        &Chart {
            id: "win-rate-seat",
            title: "Win rate by seat (95% CI)",
            x_title: "seat",
        },
        &win,
        &seats,
        Some(&fair),
    );
    let bots: Vec<Bar> = s
        .win_by_bot
        .iter()
        .map(|b| bar(format!("{} ×{}", b.bot, b.seats), &b.win))
        .collect();
    out += &bar_chart(
        &Chart {
            id: "win-rate-bot",
            title: "Games won by any seat of each bot (95% CI)",
            x_title: "bot × seats it fills in a game",
        },
        &win,
        &bots,
        None,
    );
    if s.bots_rotated() {
        let cells: Vec<Bar> = s
            .win_by_seat_bot
            .iter()
            .map(|sb| bar(format!("P{} {}", sb.seat + 1, sb.bot), &sb.win))
            .collect();
        out += &bar_chart(
            &Chart {
                id: "win-rate-seat-bot",
                title: "Win rate of each bot in each seat (95% CI)",
                x_title: "seat and bot",
            },
            &win,
            &cells,
            Some(&fair),
        );
    }
    out + "</section>\n"
}

fn length_charts(s: &Summary) -> String {
    let mut out = String::from("<section id=\"length\"><h2>How long, how close</h2>\n");
    // With stalls, every figure here is over the decided games, and says so.
    let over = if s.round_cap > 0 {
        "decided games (stalls left out)"
    } else {
        "games with winners"
    };
    for (id, title, x_title, d) in [
        (
            "rounds",
            format!(
                "Rounds: mean {:.1} (sd {:.1}), {over}",
                s.rounds.mean, s.rounds.sd
            ),
            "rounds in a game",
            &s.rounds,
        ),
        (
            "length",
            format!(
                "Decisions: mean {:.0} (sd {:.0}), {over}",
                s.decisions.mean, s.decisions.sd
            ),
            "decisions in a game",
            &s.decisions,
        ),
        (
            "margin",
            format!(
                "Winning margin: mean {:.1} points (sd {:.1}){}",
                s.margin.mean,
                s.margin.sd,
                if s.round_cap > 0 {
                    ", decided games"
                } else {
                    ""
                }
            ),
            "winner's score minus the runner-up's (points)",
            &s.margin,
        ),
        (
            "lead-changes",
            format!("Lead changes: mean {:.2} per game", s.lead_changes.mean),
            "times the sole leader changed in a game",
            &s.lead_changes,
        ),
    ] {
        // Length is also drawn for the games cut short, as bars of their own: a third of the
        // games stuck at the cap must not hide behind a healthy histogram of the rest.
        let apart: &[(&str, u64)] = if id == "rounds" || id == "length" {
            &[("stuck", s.stuck), ("cut short", s.unfinished)]
        } else {
            &[]
        };
        let x_title = if apart.iter().any(|a| a.1 > 0) {
            format!("{x_title}; grey: no winner (shares of all games)")
        } else {
            x_title.to_string()
        };
        out += &histogram_with_apart(
            &Chart {
                id,
                title: &title,
                x_title: &x_title,
            },
            &d.histogram,
            apart,
        );
    }
    out + "</section>\n"
}

/// A few plain sentences a designer reads first.
fn glance(s: &Summary) -> String {
    let mut apart = Vec::new();
    if s.stuck > 0 {
        apart.push(format!(
            "{} stuck (the engine ended them with no winner)",
            s.stuck
        ));
    }
    if s.unfinished > 0 {
        apart.push(format!(
            "{} unfinished (cut short by the decision cap)",
            s.unfinished
        ));
    }
    let apart = if apart.is_empty() {
        String::new()
    } else {
        format!("; {} — left out of every figure below", apart.join(", "))
    };
    let (ended, capped) = match s.stall_share() {
        Some(share) => (
            "decided (a winner by the rules' goal)",
            format!(
                "; <b>{}</b> stalls ({:.1}% [{:.1}, {:.1}] of the games played): {} — no win, \
                 left out of every figure below",
                s.round_cap,
                100.0 * share.rate,
                100.0 * share.lo,
                100.0 * share.hi,
                silk_core::EndedBy::RoundCap.label()
            ),
        ),
        None => ("ended with a winner", String::new()),
    };
    format!(
        "<p class=\"glance\"><b>{}</b> games {ended}{capped}{apart}. First-player \
         advantage ({}): <b>{:+.1}</b> percentage points over the fair share. Shared wins: {:.1}%. \
         Mean branching: {:.1} legal actions per decision.</p>\n",
        s.games,
        esc(&s.first_player_from),
        100.0 * s.first_player_advantage,
        100.0 * s.ties.rate,
        s.mean_branching
    )
}

/// The most extreme games, each with the command that replays it.
fn replays(s: &Summary, records: &Records) -> String {
    let e = &s.extremes;
    let kinds: [(&str, &Vec<GameRef>); 6] = [
        ("longest", &e.longest),
        ("shortest", &e.shortest),
        ("widest margin", &e.widest_margin),
        ("stalled at the round cap", &e.round_cap),
        ("stuck", &e.stuck),
        ("unfinished", &e.unfinished),
    ];
    let mut out = String::from("<section id=\"replays\"><h2>Games worth replaying</h2>\n");
    if e.is_empty() {
        return out + "<p class=\"note\">This summary lists no games (it was written by an older silk).</p></section>\n";
    }
    if records.dirs.is_empty() {
        out += "<p class=\"note\">This run kept no game records. Run the same command again with \
                <code>--out RUN_DIR</code> (the same seed plays the very same games), then replay a \
                game with the command shown.</p>\n";
    }
    out +=
        "<table class=\"replays\"><tr><th>which</th><th>game</th><th>rounds</th><th>decisions</th>\
            <th>margin</th><th>scores</th><th>replay it step by step</th></tr>";
    for (kind, games) in kinds {
        for g in games {
            let cmd = records
                .replay(g.index)
                .unwrap_or_else(|| format!("silk replay RUN_DIR --game {}", g.index));
            let scores: Vec<String> = g.scores.iter().map(i32::to_string).collect();
            out += &format!(
                "<tr><td>{kind}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td class=\"cmd\"><code class=\"replay\">{}</code></td></tr>",
                g.index,
                g.rounds,
                g.decisions,
                g.margin,
                scores.join(" · "),
                esc(&cmd)
            );
        }
    }
    out + "</table></section>\n"
}

/// The report of one run; `records` says where its games are kept, for the replay commands;
/// `timelines` the games whose standings round by round it draws.
pub fn simulate_report(
    s: &Summary,
    spec: &RunSpec,
    records: &Records,
    timelines: &[GameTimeline],
) -> String {
    let kept = if records.dirs.is_empty() {
        "not kept (run again with --out RUN_DIR to keep them)".to_string()
    } else {
        records
            .dirs
            .iter()
            .map(|(d, r)| {
                format!(
                    "<code>{}</code> (games {}–{})",
                    esc(&d.display().to_string()),
                    r.start,
                    r.end.saturating_sub(1)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let body = format!(
        "{}{}{}{}{}{}{}{}<details><summary>The whole summary as text</summary><pre>{}</pre></details>",
        settings(spec, "games", &[("game records", kept)]),
        glance(s),
        win_charts(s),
        length_charts(s),
        super::timeline::section(timelines),
        replays(s, records),
        metrics::section(s),
        super::coverage_section(&s.coverage, &spec.bots),
        esc(&s.text()),
    );
    page(&format!("silk lab — {} ({} games)", s.game, s.games), &body)
}
