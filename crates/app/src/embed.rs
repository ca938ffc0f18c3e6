//! silk inside another program (the Python package, `crates/py`): any game by name behind one
//! object-safe face that speaks JSON ([`AnyGame`]), and any command run in-process
//! ([`crate::calls::run_json`]). Actions are in a trace's format (docs/traces.md), views are
//! the engine's views of one seat, results are a trace's `result`.

use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName, SetValue};
use serde_json::Value;
use silk_core::{next_decider, Game, Seat, SilkRng, ToMove, Trace, TraceWriter};

/// How a caller names a decision.
#[derive(Clone, Debug)]
pub enum Choice {
    /// The index into the seat's legal actions.
    Index(usize),
    /// An action in a trace's format.
    Action(Value),
    /// An action as typed at the terminal (`take 2 red`).
    Text(String),
}

/// A game in play, whatever the game.
pub trait AnyGame: Send + Sync {
    fn name(&self) -> &'static str;
    fn players(&self) -> usize;
    /// The seats with a decision now (none once over), and whether they decide together.
    fn to_move(&self) -> (Vec<usize>, bool);
    /// The legal actions of `seat` in a trace's format (empty when it has no decision).
    fn legal(&self, seat: usize) -> Result<Vec<Value>, String>;
    /// The same actions as the terminal writes them.
    fn legal_texts(&self, seat: usize) -> Result<Vec<String>, String>;
    /// Plays `choice` for `seat`, or says why not and leaves the game as it was.
    fn apply(&mut self, seat: usize, choice: &Choice) -> Result<(), String>;
    /// What `seat` may know, as JSON.
    fn view(&self, seat: usize) -> Result<Value, String>;
    /// What `seat` may know, as the terminal shows it.
    fn view_text(&self, seat: usize) -> Result<String, String>;
    fn is_over(&self) -> bool;
    /// The result as a trace gives it, once over.
    fn result(&self) -> Option<Value>;
    /// The game so far as an open trace (docs/traces.md).
    fn trace(&self) -> Value;
    /// Plays uniformly random legal actions to the end (or `max_decisions`), in Rust;
    /// returns the decisions played.
    fn random_playout(&mut self, seed: u64, max_decisions: u64) -> u64;
    /// The config in force.
    fn config(&self) -> Value;
    /// The rules text in force (`silk rules`).
    fn rules(&self) -> String;
    fn boxed_clone(&self) -> Box<dyn AnyGame>;
}

/// The games silk plays: `(name, one line)`.
pub fn games() -> Vec<(&'static str, &'static str)> {
    GameName::ALL
        .iter()
        .map(|g| (g.name(), g.summary()))
        .collect()
}

fn game_named(name: &str) -> CliResult<GameName> {
    GameName::named(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown game {name:?}: choose from {}",
            GameName::names()
        ))
    })
}

/// A new game of `name` for `players` (the game's default if `None`), with `params` changed
/// as `--set PATH=VALUE` changes them (a path in the config or a unique tail of it), set up
/// from `seed`.
pub fn new_game(
    name: &str,
    players: Option<usize>,
    params: &[(String, Value)],
    seed: u64,
) -> CliResult<Box<dyn AnyGame>> {
    let files = DataFiles {
        config: None,
        files: Vec::new(),
        sets: params
            .iter()
            .map(|(path, value)| SetValue {
                path: path.clone(),
                value: value.clone(),
                flag: format!("params[{path:?}]"),
            })
            .collect(),
    };
    with_game!(game_named(name)?, G => {
        let config = G::config(players, &files)?;
        let state = G::setup(&config, seed)?;
        let writer = TraceWriter::<G>::new(&config, Some(seed), &state);
        Ok(Box::new(Played::<G> { config, state, writer }) as Box<dyn AnyGame>)
    })
}

/// The game a trace file records, played back (each decision checked, each draw imposed) to
/// its last decision; its trace goes on from the file's.
pub fn load_trace(path: &std::path::Path) -> CliResult<Box<dyn AnyGame>> {
    let trace = Trace::load(path).map_err(|e| CliError::input(e.to_string()))?;
    let origin = path.display().to_string();
    with_game!(game_named(&trace.game)?, G => {
        let bad = |e: String| CliError::input(format!("{origin}: {e}"));
        let config: <G as Game>::Config =
            serde_json::from_value(trace.config.clone()).map_err(|e| bad(format!("config: {e}")))?;
        let start = <G as silk_core::Traced>::setup_from_json(&config, &trace.setup)
            .map_err(|e| bad(format!("setup: {e}")))?;
        let mut writer = TraceWriter::<G>::new(&config, trace.seed, &start);
        let actions = &trace.actions;
        let state = silk_core::trace::play_trace::<G>(&trace, &origin, |step| {
            // The decision and the draws of chance that follow it, as the file has them.
            let chance = |v: &Value| v.get("chance").is_some();
            let end = (step.index + 1..actions.len())
                .find(|&i| !chance(&actions[i]))
                .unwrap_or(actions.len());
            writer.replayed(step.after, &actions[step.index..end]);
        })
        .map_err(|e| CliError::input(e.to_string()))?;
        Ok(Box::new(Played::<G> { config, state, writer }) as Box<dyn AnyGame>)
    })
}

/// One game of `G` and its trace so far.
struct Played<G: CliGame> {
    config: G::Config,
    state: G::State,
    writer: TraceWriter<G>,
}

impl<G: CliGame> Played<G> {
    fn seat(&self, seat: usize) -> Result<Seat, String> {
        let n = G::num_seats(&self.state);
        if seat < n {
            Ok(Seat(seat as u8))
        } else {
            Err(format!(
                "no seat {seat} at a table of {n} (seats are 0 to {})",
                n - 1
            ))
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<G::Action> {
        let mut legal = Vec::new();
        G::legal_actions(&self.state, seat, &mut legal);
        legal
    }
}

impl<G: CliGame> AnyGame for Played<G>
where
    G::Config: Send,
    G::State: Send + Sync,
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        G::num_seats(&self.state)
    }

    fn to_move(&self) -> (Vec<usize>, bool) {
        let to_move = G::to_move(&self.state);
        let seats = to_move.seats().iter().map(|s| s.index()).collect();
        (seats, matches!(to_move, ToMove::Simultaneous(_)))
    }

    fn legal(&self, seat: usize) -> Result<Vec<Value>, String> {
        let seat = self.seat(seat)?;
        Ok(self
            .legal_actions(seat)
            .into_iter()
            .map(|a| G::action_json(&self.state, seat, a))
            .collect())
    }

    fn legal_texts(&self, seat: usize) -> Result<Vec<String>, String> {
        let seat = self.seat(seat)?;
        Ok(self
            .legal_actions(seat)
            .into_iter()
            .map(|a| G::action_to_string(&self.state, a))
            .collect())
    }

    fn apply(&mut self, seat: usize, choice: &Choice) -> Result<(), String> {
        let seat = self.seat(seat)?;
        if !G::to_move(&self.state).includes(seat) {
            return Err(match next_decider(G::to_move(&self.state)) {
                Some(_) => format!("{seat} has no decision to make now"),
                None => "the game is over".to_string(),
            });
        }
        let action = match choice {
            Choice::Index(i) => {
                let legal = self.legal_actions(seat);
                *legal
                    .get(*i)
                    .ok_or_else(|| format!("index {i} of {} legal actions", legal.len()))?
            }
            Choice::Action(v) => G::action_from_json(&self.state, seat, v)?,
            Choice::Text(t) => G::parse_action(&self.state, seat, t).map_err(|e| e.to_string())?,
        };
        self.writer
            .play(&mut self.state, seat, action)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn view(&self, seat: usize) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        serde_json::to_value(G::view(&self.state, seat)).map_err(|e| e.to_string())
    }

    fn view_text(&self, seat: usize) -> Result<String, String> {
        Ok(G::table_text(&self.state, self.seat(seat)?, true))
    }

    fn is_over(&self) -> bool {
        G::outcome(&self.state).is_some()
    }

    fn result(&self) -> Option<Value> {
        G::outcome(&self.state)?;
        self.trace().get("result").cloned()
    }

    fn trace(&self) -> Value {
        serde_json::to_value(self.writer.clone().finish(&self.state)).unwrap_or(Value::Null)
    }

    fn random_playout(&mut self, seed: u64, max_decisions: u64) -> u64 {
        let mut rng = SilkRng::seed_from(seed);
        let mut legal = Vec::new();
        let mut played = 0;
        while played < max_decisions {
            let Some(seat) = next_decider(G::to_move(&self.state)) else {
                break;
            };
            let Some(a) = G::random_legal_action(&self.state, seat, &mut rng, &mut legal) else {
                break;
            };
            if self.writer.play(&mut self.state, seat, a).is_err() {
                break;
            }
            played += 1;
        }
        played
    }

    fn config(&self) -> Value {
        serde_json::to_value(&self.config).unwrap_or(Value::Null)
    }

    fn rules(&self) -> String {
        G::rules_text(&self.config)
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(Played::<G> {
            config: self.config.clone(),
            state: self.state.clone(),
            writer: self.writer.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36, part 1: a game by name plays through JSON actions; an illegal one says why
    /// and leaves the game as it was; a clone goes its own way; a random playout ends it; the
    /// trace written plays back to the same end.
    #[test]
    fn issue36_a_game_by_name_plays_through_json() {
        let mut g = new_game("splendor", Some(3), &[], 1).unwrap();
        assert_eq!(g.players(), 3);
        let (seats, together) = g.to_move();
        assert_eq!((seats.len(), together), (1, false));
        let seat = seats[0];
        let legal = g.legal(seat).unwrap();
        assert_eq!(legal.len(), g.legal_texts(seat).unwrap().len());
        let before = g.trace();
        let other = (seat + 1) % 3;
        let e = g.apply(other, &Choice::Index(0)).unwrap_err();
        assert!(e.contains("no decision"), "{e}");
        let e = g.apply(seat, &Choice::Index(9999)).unwrap_err();
        assert!(e.contains("index 9999"), "{e}");
        assert_eq!(g.trace(), before, "unchanged");
        let copy = g.boxed_clone();
        g.apply(seat, &Choice::Action(legal[0].clone())).unwrap();
        assert_ne!(g.trace(), copy.trace());
        assert!(!g.is_over() && g.result().is_none());
        g.random_playout(7, 100_000);
        assert!(g.is_over());
        let result = g.result().unwrap();
        assert_eq!(result["ranks"].as_array().unwrap().len(), 3);
        let dir = std::env::temp_dir().join(format!("silk-embed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.json");
        std::fs::write(&path, g.trace().to_string()).unwrap();
        let back = load_trace(&path).unwrap();
        assert_eq!(back.trace(), g.trace());
        assert_eq!(back.result(), g.result());
        let _ = std::fs::remove_dir_all(&dir);
        assert!(new_game("chess", None, &[], 1).is_err());
    }
}
