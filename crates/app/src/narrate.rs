//! What `silk play` and `silk replay` tell the table: one line per move (the engine's narration
//! of it, as the viewer may see it), a header when a round opens, and at the end each seat's
//! holdings and score breakdown. With `--json`, each move is a `move` line followed by the
//! engine's structured events (secrets removed for the viewer), and the output ends with the
//! outcome and a `final` line.

use crate::games::CliGame;
use crate::output::Out;
use serde_json::json;
use silk_core::{Outcome, Seat};

/// The narration of one game, kept so that a human handed the terminal can be shown what
/// happened since their last turn.
pub struct Narration {
    /// Whose eyes the narration is for (`None`: a public observer).
    pub viewer: Option<Seat>,
    /// Every text line told so far.
    log: Vec<String>,
}

/// One move's lines, in order: ordinary lines join the events they follow; a header stands
/// alone.
#[derive(Debug, PartialEq, Eq)]
enum Told {
    Line(Vec<String>),
    Header(String),
}

impl Narration {
    pub fn new(viewer: Option<Seat>) -> Narration {
        Narration {
            viewer,
            log: Vec::new(),
        }
    }

    /// Lines told from `from` on (for a recap).
    pub fn since(&self, from: usize) -> &[String] {
        &self.log[from.min(self.log.len())..]
    }

    /// How many lines have been told.
    pub fn len(&self) -> usize {
        self.log.len()
    }

    /// Whether nothing has been told yet.
    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// A header of the game's own (the first leader, who starts).
    pub fn header(&mut self, text: &str, out: &mut Out) {
        if !out.json {
            self.tell(&format!("— {text} —"), out);
        }
    }

    /// One decision and what it caused. `action` is `None` for a secret choice.
    pub fn decision<G: CliGame>(
        &mut self,
        state: &G::State,
        seat: Seat,
        action: Option<&str>,
        events: &[G::Event],
        out: &mut Out,
    ) {
        if out.json {
            self.decision_json::<G>(state, seat, action, events, out);
            return;
        }
        let fallback = match action {
            Some(a) => format!("{seat}: {a}"),
            None => format!("{seat} decides"),
        };
        for told in self.lines::<G>(state, events, fallback) {
            match told {
                Told::Line(parts) => self.tell(&parts.join("; "), out),
                Told::Header(h) => self.tell(&format!("\n— {h} —"), out),
            }
        }
    }

    /// The move's text lines: the visible events, split by headers; `fallback` says the move
    /// when no event before the first header does.
    fn lines<G: CliGame>(
        &self,
        state: &G::State,
        events: &[G::Event],
        fallback: String,
    ) -> Vec<Told> {
        let mut told = Vec::new();
        let mut parts = Vec::new();
        for e in events {
            if let Some(h) = G::section(state, e) {
                if !parts.is_empty() {
                    told.push(Told::Line(std::mem::take(&mut parts)));
                }
                told.push(Told::Header(h));
            } else if let Some(t) = G::event_text(state, e, self.viewer) {
                parts.push(t);
            }
        }
        if !parts.is_empty() {
            told.push(Told::Line(parts));
        }
        if !matches!(told.first(), Some(Told::Line(_))) {
            told.insert(0, Told::Line(vec![fallback]));
        }
        told
    }

    fn decision_json<G: CliGame>(
        &mut self,
        state: &G::State,
        seat: Seat,
        action: Option<&str>,
        events: &[G::Event],
        out: &mut Out,
    ) {
        let mut value = json!({"type": "move", "seat": seat});
        if let Some(a) = action {
            value["action"] = json!(a);
        }
        out.line("", value);
        for e in events {
            if let Some(v) = G::event_json(state, e, self.viewer) {
                out.line("", json!({"type": "event", "event": v}));
            }
        }
    }

    /// The end: the outcome, then each seat's holdings and score breakdown where the game
    /// has them (with `--json`, the last line).
    pub fn end<G: CliGame>(&mut self, state: &G::State, out: &mut Out) {
        let Some(outcome) = G::outcome(state) else {
            return;
        };
        let report = G::final_report(state);
        if let (Some(r), false) = (&report, out.json) {
            for l in &r.lines {
                self.tell(l, out);
            }
        }
        print_outcome(&outcome, out);
        if let (Some(r), true) = (report, out.json) {
            let mut value = r.value;
            value["type"] = json!("final");
            out.line("", value);
        }
    }

    fn tell(&mut self, text: &str, out: &mut Out) {
        out.line(text, json!({"type": "say", "text": text}));
        self.log.push(text.trim_start_matches('\n').to_string());
    }
}

/// The outcome as a line of text, or a JSON event with `--json`.
pub fn print_outcome(outcome: &Outcome, out: &mut Out) {
    out.line(
        &outcome_text(outcome),
        json!({"type": "outcome", "scores": outcome.scores, "ranks": outcome.ranks,
               "stuck": outcome.stuck, "ended_by": outcome.ended_by}),
    );
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The outcome in one line: each seat's place and score, best first; a stall's order is
/// labelled as a ranking at the round cap, not a win.
pub fn outcome_text(outcome: &Outcome) -> String {
    let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
    order.sort_by_key(|&i| (outcome.ranks.get(i).copied().unwrap_or(u8::MAX), i));
    let table: Vec<String> = order
        .iter()
        .map(|&i| {
            format!(
                "{}. {} with {}",
                u16::from(outcome.ranks.get(i).copied().unwrap_or(0)) + 1,
                Seat(i as u8),
                outcome.scores[i]
            )
        })
        .collect();
    let head = match (outcome.stuck, outcome.ended_by) {
        (true, _) => {
            "Stuck, no winner (nobody could act, or a round cap without a winner); standing"
        }
        (false, Some(by)) => {
            return format!(
                "{} (nobody reached the rules' goal): {}",
                capitalised(by.label()),
                table.join("; ")
            )
        }
        (false, None) => "Final",
    };
    format!("{head}: {}", table.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_road::{SilkRoad, SilkRoadConfig};

    #[test]
    fn a_move_is_one_line_and_a_round_opens_with_a_header() {
        use silk_core::Game;
        let s = SilkRoad::setup(&SilkRoadConfig::new(3), 1).unwrap();
        let n = Narration::new(None);
        let events = [
            silk_road::Event::Sold {
                seat: Seat(1),
                good: silk_road::Good::Silk,
                n: 1,
                earned: 4,
            },
            silk_road::Event::PawnPassed {
                from: Seat(1),
                to: Seat(2),
            },
            silk_road::Event::AuctionOpened { holder: Seat(2) },
        ];
        let told = n.lines::<SilkRoad>(&s, &events, "P2: sell 1 silk".into());
        assert_eq!(
            told,
            [
                Told::Line(vec![
                    "P2 sells 1 silk for 4".into(),
                    "P2 passes the pawn to P3".into()
                ]),
                Told::Header(
                    "Round 1: P3 holds the leader pawn, the caravan is at Chang'An".into()
                ),
            ]
        );
        // Nothing visible before the header: the move itself is said.
        let told = n.lines::<SilkRoad>(&s, &events[2..], "P2: give P3".into());
        assert_eq!(told[0], Told::Line(vec!["P2: give P3".into()]));
    }
}
