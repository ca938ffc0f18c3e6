//! Nim, the CLI's test game: the smallest whole game, engine and adapter in one file, added to
//! silk by one line in the registry. The tests in `commands` play it through every command, so
//! the steps docs/adding-a-game.md gives are shown to be all a new game needs.
//!
//! The rules: one pile of stones; in seat order each player takes 1 to `max_take` of them;
//! whoever takes the last stone wins.

use super::{generic_only, read_json, CliGame, DataFiles};
use crate::error::CliResult;
use serde::{Deserialize, Serialize};
use silk_bots::BotKind;
use silk_core::{
    EventSink, Game, IllegalAction, Outcome, ParseActionError, Player, Seat, SetupError, SilkRng,
    ToMove,
};

pub struct Nim;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NimConfig {
    pub players: usize,
    pub stones: u8,
    pub max_take: u8,
}

impl Default for NimConfig {
    fn default() -> Self {
        NimConfig {
            players: 2,
            stones: 15,
            max_take: 3,
        }
    }
}

/// Everything is public: the view is the state.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct NimState {
    pub players: u8,
    pub stones: u8,
    pub max_take: u8,
    pub to_move: u8,
    /// Who took the last stone.
    pub winner: Option<u8>,
}

#[derive(Clone, Debug, Serialize)]
pub enum NimEvent {
    Took { seat: Seat, stones: u8, left: u8 },
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    type Config = NimConfig;
    type State = NimState;
    /// How many stones to take.
    type Action = u8;
    type View = NimState;
    type Event = NimEvent;

    fn setup(config: &NimConfig, _seed: u64) -> Result<NimState, SetupError> {
        SetupError::check_players(Self::NAME, 2, 6, config.players)?;
        if config.stones == 0 || config.max_take == 0 {
            return Err(SetupError::Config(
                "stones and max_take are at least 1".into(),
            ));
        }
        Ok(NimState {
            players: config.players as u8,
            stones: config.stones,
            max_take: config.max_take,
            to_move: 0,
            winner: None,
        })
    }

    fn num_seats(s: &NimState) -> usize {
        s.players as usize
    }

    fn to_move(s: &NimState) -> ToMove {
        match s.winner {
            Some(_) => ToMove::Terminal,
            None => ToMove::Seat(Seat(s.to_move)),
        }
    }

    fn legal_actions(s: &NimState, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if s.winner.is_none() && seat.0 == s.to_move {
            out.extend(1..=s.max_take.min(s.stones));
        }
    }

    fn apply_with(
        s: &mut NimState,
        seat: Seat,
        take: u8,
        events: &mut impl EventSink<NimEvent>,
    ) -> Result<(), IllegalAction> {
        if s.winner.is_some() {
            return Err(IllegalAction::GameOver);
        }
        if seat.0 != s.to_move {
            return Err(IllegalAction::NotYourTurn(seat));
        }
        if take == 0 || take > s.max_take.min(s.stones) {
            return Err(IllegalAction::rule(format!(
                "take 1 to {} stones",
                s.max_take.min(s.stones)
            )));
        }
        s.stones -= take;
        if s.stones == 0 {
            s.winner = Some(seat.0);
        }
        s.to_move = (s.to_move + 1) % s.players;
        events.emit(NimEvent::Took {
            seat,
            stones: take,
            left: s.stones,
        });
        Ok(())
    }

    fn view(s: &NimState, _seat: Seat) -> NimState {
        *s
    }

    fn determinize(s: &NimState, _seat: Seat, _rng: &mut SilkRng) -> NimState {
        *s
    }

    fn outcome(s: &NimState) -> Option<Outcome> {
        let winner = s.winner?;
        let scores = (0..s.players).map(|i| i32::from(i == winner)).collect();
        Some(Outcome::ranked_by(scores, |i| i == winner as usize))
    }

    fn action_to_string(_s: &NimState, take: u8) -> String {
        format!("take {take}")
    }

    fn parse_action(_s: &NimState, _seat: Seat, text: &str) -> Result<u8, ParseActionError> {
        let n = text.trim().trim_start_matches("take").trim();
        n.parse()
            .map_err(|_| ParseActionError::new(text, "write take N"))
    }

    fn event_text(_s: &NimState, e: &NimEvent, _viewer: Option<Seat>) -> Option<String> {
        let NimEvent::Took { seat, stones, left } = e;
        Some(format!("{seat} takes {stones} ({left} left)"))
    }

    fn rules_text(c: &NimConfig) -> String {
        format!(
            "Nim: one pile of {} stones; in turn each of {} players takes 1 to {}; whoever takes the last stone wins.\n",
            c.stones, c.players, c.max_take
        )
    }
}

impl silk_core::Observe for Nim {}

/// A trace's setup is the pile; a decision is the number taken.
impl silk_core::Traced for Nim {
    fn setup_json(s: &NimState) -> serde_json::Value {
        serde_json::json!({ "stones": s.stones })
    }

    fn setup_from_json(config: &NimConfig, setup: &serde_json::Value) -> Result<NimState, String> {
        let mut s = Nim::setup(config, 0).map_err(|e| e.to_string())?;
        match setup["stones"].as_u64() {
            Some(n @ 1..=255) => s.stones = n as u8,
            _ => return Err("stones: a whole number from 1 to 255".into()),
        }
        Ok(s)
    }

    fn action_json(_s: &NimState, _seat: Seat, take: u8) -> serde_json::Value {
        serde_json::json!({ "take": take })
    }

    fn action_from_json(_s: &NimState, _seat: Seat, a: &serde_json::Value) -> Result<u8, String> {
        a["take"]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| "take: a whole number of stones".into())
    }
}

impl CliGame for Nim {
    const MECHANICS_LISTED: bool = false;

    const SUMMARY: &'static str =
        "Nim: take 1-3 stones from one pile; the last stone wins (tests only)";

    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<NimConfig> {
        let mut config: NimConfig = match files.config {
            Some(path) => read_json(path)?,
            None => NimConfig::default(),
        };
        if let Some(n) = players {
            config.players = n;
        }
        Ok(config)
    }

    fn bot(kind: BotKind, seed: u64) -> CliResult<Box<dyn Player<Self>>> {
        generic_only::<Self>(kind, seed)
    }

    /// The pile as the pages draw it; the seat to move also gets its moves, as buttons.
    fn page_board(s: &NimState, viewer: Option<Seat>) -> Option<serde_json::Value> {
        let mut legal = Vec::new();
        if let Some(seat) = viewer {
            Nim::legal_actions(s, seat, &mut legal);
        }
        let moves: Vec<serde_json::Value> = legal
            .iter()
            .map(|&take| {
                let text = Nim::action_to_string(s, take);
                serde_json::json!({"text": text, "label": format!("Take {take}")})
            })
            .collect();
        Some(serde_json::json!({
            "kind": "nim",
            "stones": s.stones,
            "moves": (!moves.is_empty()).then_some(moves),
        }))
    }

    const DRAWING: silk_serve::Drawing = silk_serve::Drawing {
        script: NIM_SCRIPT,
        style: ".nim-pile { font-size: 2em; }",
    };
}

/// Draws the pile and the seat's moves (see [`silk_serve::Drawing`] for what it is given).
const NIM_SCRIPT: &str = r#"
"use strict";
window.silkGames = window.silkGames || {};
window.silkGames.nim = function (s, el, page) {
  const g = s.game;
  el.replaceChildren(h("p", "nim-pile", `${g.stones} stones left`));
  for (const m of g.moves || []) {
    const b = h("button", "choice", m.label);
    b.addEventListener("click", () => page.send(m.text));
    el.appendChild(b);
  }
  return { board: true, moves: !!g.moves };
};
"#;

#[cfg(test)]
mod tests {
    use super::{Nim, NimConfig};

    // The conformance call of docs/adding-a-game.md, as a game without secrets makes it.
    use silk_core::conformance::{run, Conformance};

    #[test]
    fn conformance() {
        // Does a seat know something another does not (a hand, a sealed bid)? Then say so, and
        // the suite checks that resampling it changes what the others see. Nim has no secret.
        let opts = Conformance {
            games: 50,
            expect_hidden_information: false,
            ..Conformance::default()
        };
        let report = run::<Nim>(&NimConfig::default(), &opts);
        assert_eq!(report.games, 50);
    }

    /// Issue 45: each Rust block of docs/adding-a-game.md that says it comes from Nim is Nim's
    /// code (this file), line for line, so the guide's snippets compile and run here.
    #[test]
    fn issue45_the_guides_snippets_are_nims_code() {
        let guide = include_str!("../../../../docs/adding-a-game.md");
        let ours: Vec<&str> = include_str!("nim.rs")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let mut checked = 0;
        for block in guide.split("```rust\n").skip(1) {
            let block = block.split("```").next().unwrap_or_default();
            let Some(body) = block
                .trim_start()
                .strip_prefix("// From crates/app/src/games/nim.rs")
            else {
                continue;
            };
            let lines: Vec<&str> = body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            assert!(
                ours.windows(lines.len()).any(|w| w == lines.as_slice()),
                "docs/adding-a-game.md shows code Nim does not have:\n{}",
                lines.join("\n")
            );
            checked += 1;
        }
        assert!(checked >= 2, "{checked} snippets from Nim in the guide");
    }
}
