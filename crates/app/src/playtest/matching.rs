//! Move matching (issue 47, point 4): which of the game's greedy styles plays most like the
//! people. At every decision a person made with more than one action to choose from, each
//! style values the legal actions ([`CliGame::styled_values`]); the person's action agrees at
//! top 1 when no action is valued above it (ties count), at top 3 when fewer than three are.
//! Counted overall and by decision kind.

use crate::error::CliResult;
use crate::games::CliGame;
use serde_json::{json, Value};
use silk_core::{Playtest, Replay, Style};

/// Decisions counted, and those a style agreed with at top 1 and at top 3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub decisions: u64,
    pub top1: u64,
    pub top3: u64,
}

impl Agreement {
    fn add(&mut self, top1: bool, top3: bool) {
        self.decisions += 1;
        self.top1 += top1 as u64;
        self.top3 += top3 as u64;
    }
}

/// Each style's agreement with the people, overall and by decision kind.
#[derive(Clone, Debug, Default)]
pub struct Matching {
    /// Per style (in [`Style::ALL`] order): overall, then one per decision kind.
    pub styles: Vec<(Agreement, Vec<Agreement>)>,
}

/// The bot that plays `style` (`greedy`, `greedy-aggressive`, …).
pub fn bot_name(style: Style) -> String {
    match style {
        Style::Balanced => "greedy".into(),
        s => format!("greedy-{}", s.name()),
    }
}

impl Matching {
    /// Counts the people's decisions of one record (its moves already checked).
    pub fn count<G: CliGame>(&mut self, replay: &Replay<G>, playtest: &Playtest) -> CliResult<()> {
        let kinds = G::DECISION_KINDS.len().max(1);
        if self.styles.is_empty() {
            self.styles =
                vec![(Agreement::default(), vec![Agreement::default(); kinds]); Style::ALL.len()];
        }
        let mut values = Vec::new();
        let styles = &mut self.styles;
        people_decisions::<G>(replay, playtest, |state, seat, legal, i| {
            let kind = G::decision_kind(&legal[i]).min(kinds - 1);
            for (k, &style) in Style::ALL.iter().enumerate() {
                G::styled_values(state, seat, legal, style, &mut values);
                if values.len() != legal.len() {
                    continue;
                }
                let above = values.iter().filter(|&&v| v > values[i] + 1e-4).count();
                let (all, by_kind) = &mut styles[k];
                all.add(above == 0, above < 3);
                by_kind[kind].add(above == 0, above < 3);
            }
        })
    }

    /// The table as text and JSON, each share with its exact interval (over decisions, which
    /// within a game are not independent: the intervals are rough).
    pub fn render<G: CliGame>(
        &self,
        share: impl Fn(u64, u64) -> (String, Value),
    ) -> (String, Value) {
        let counted: u64 = self.styles.first().map_or(0, |s| s.0.decisions);
        if counted == 0 {
            return (String::new(), json!({"decisions": 0}));
        }
        let mut text = format!(
            "\nWhich greedy style plays like the people ({counted} decisions people made with a \
             choice; top 1: no action valued above theirs, ties included; top 3: fewer than \
             three; intervals over decisions, which are not independent within a game, so read \
             them as rough):\n"
        );
        let mut styles = Vec::new();
        for (k, (all, by_kind)) in self.styles.iter().enumerate() {
            let name = bot_name(Style::ALL[k]);
            let (t1, j1) = share(all.top1, all.decisions);
            let (t3, j3) = share(all.top3, all.decisions);
            text += &format!("  {name:<18} top 1 {t1:<30} top 3 {t3}\n");
            let kinds: serde_json::Map<String, Value> = by_kind
                .iter()
                .enumerate()
                .filter(|(_, a)| a.decisions > 0)
                .map(|(i, a)| {
                    let kind = G::DECISION_KINDS.get(i).map_or("other", |d| d.name);
                    (
                        kind.to_string(),
                        json!({"decisions": a.decisions, "top1": a.top1, "top3": a.top3}),
                    )
                })
                .collect();
            styles.push(json!({"bot": name, "top1": j1, "top3": j3, "by_kind": kinds}));
        }
        text += "  top 1 by decision kind:";
        for (i, d) in G::DECISION_KINDS.iter().enumerate() {
            let n = self.styles[0].1[i].decisions;
            if n == 0 {
                continue;
            }
            let cells: Vec<String> = self
                .styles
                .iter()
                .enumerate()
                .map(|(k, (_, by))| {
                    format!(
                        "{} {:.0}%",
                        bot_name(Style::ALL[k]),
                        100.0 * by[i].top1 as f64 / n as f64
                    )
                })
                .collect();
            text += &format!("\n    {} ({n}): {}", d.name, cells.join(", "));
        }
        text += "\n";
        (text, json!({"decisions": counted, "styles": styles}))
    }
}

/// Hands `each` every decision a person made in `replay` with more than one legal action: the
/// state before it, the seat, the legal actions and the place of the one chosen.
pub fn people_decisions<G: CliGame>(
    replay: &Replay<G>,
    playtest: &Playtest,
    mut each: impl FnMut(&G::State, silk_core::Seat, &[G::Action], usize),
) -> CliResult<()> {
    let mut state = G::setup(&replay.config, replay.seed)?;
    let mut legal = Vec::new();
    for m in &replay.moves {
        let person = playtest
            .seats
            .get(m.seat.index())
            .is_some_and(|s| s.player == "human");
        G::legal_actions(&state, m.seat, &mut legal);
        let action = G::parse_action(&state, m.seat, &m.action)
            .map_err(|e| crate::error::CliError::input(e.reason))?;
        if let (true, Some(i), true) = (
            person,
            legal.iter().position(|a| *a == action),
            legal.len() > 1,
        ) {
            each(&state, m.seat, &legal, i);
        }
        G::apply(&mut state, m.seat, action)
            .map_err(|e| crate::error::CliError::input(e.to_string()))?;
    }
    Ok(())
}
