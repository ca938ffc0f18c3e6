//! Players outside Rust: a [`Chooser`] decides from JSON (the seat's view and its legal actions
//! in a trace's action format) and [`OutsidePlayer`] seats it at any [`Traced`] game. An
//! external program ([`crate::program`]) and a Python callable are choosers; both speak the
//! messages of docs/bot-protocol.md.
//!
//! A chooser sees only its own seat's view. Whatever goes wrong on its side (it crashes, answers
//! garbage or an illegal move, runs out of time) is a [`Forfeit`] of the game, never a panic or
//! an error of the run: the lab counts the game apart and goes on.

use serde_json::{json, Value};
use silk_core::{Forfeit, ForfeitKind, Game, Player, Seat, Traced};
use std::sync::Arc;

/// The protocol's version, sent in every hello.
pub const PROTOCOL: u32 = 1;

/// Something outside Rust that plays a seat from JSON.
pub trait Chooser: Send {
    /// A game begins: `hello` is the protocol's hello (game, config, rules, players, seat).
    fn begin(&mut self, hello: &Value) -> Result<(), Forfeit>;
    /// One decision: the protocol's `decide` message; the answer is read by
    /// [`OutsidePlayer`] (an index into `legal`, or an action).
    fn decide(&mut self, decide: &Value) -> Result<Value, Forfeit>;
}

/// What a hello says of the game, the same for every seat of a run: made once per run.
#[derive(Clone, Debug)]
pub struct Table {
    pub game: String,
    /// The config in force, as `silk rules --json` gives it.
    pub config: Value,
    /// The rules text with every parameter's value, as `silk rules` prints it.
    pub rules: String,
}

impl Table {
    pub fn of<G: Game>(config: &G::Config) -> Arc<Table> {
        Arc::new(Table {
            game: G::NAME.to_string(),
            config: serde_json::to_value(config).unwrap_or(Value::Null),
            rules: G::rules_text(config),
        })
    }

    /// The hello for `seat` of a table of `players`.
    pub fn hello(&self, seat: Seat, players: usize) -> Value {
        json!({
            "type": "hello",
            "protocol": PROTOCOL,
            "game": self.game,
            "players": players,
            "seat": seat.index(),
            "config": self.config,
            "rules": self.rules,
        })
    }
}

/// A [`Chooser`] in a seat: builds each decision's message from the seat's own view, reads the
/// answer back into an action the engine listed.
pub struct OutsidePlayer<G: Game> {
    chooser: Box<dyn Chooser>,
    table: Arc<Table>,
    /// The hello of this game has been sent.
    begun: bool,
    /// A forfeit is final: the game is over for this seat.
    forfeited: Option<Forfeit>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Traced> OutsidePlayer<G> {
    pub fn new(chooser: Box<dyn Chooser>, table: Arc<Table>) -> Self {
        OutsidePlayer {
            chooser,
            table,
            begun: false,
            forfeited: None,
            _game: std::marker::PhantomData,
        }
    }

    /// The decision message of `seat`: its view and its legal actions, nothing of the others'.
    pub fn decide_message(state: &G::State, seat: Seat, legal: &[G::Action]) -> Value {
        let view = serde_json::to_value(G::view(state, seat)).unwrap_or(Value::Null);
        let actions: Vec<Value> = legal
            .iter()
            .map(|&a| G::action_json(state, seat, a))
            .collect();
        let texts: Vec<String> = legal
            .iter()
            .map(|&a| G::action_to_string(state, a))
            .collect();
        json!({"type": "decide", "seat": seat.index(), "view": view, "legal": actions, "texts": texts})
    }

    fn answer(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, Forfeit> {
        if !self.begun {
            self.begun = true;
            let hello = self.table.hello(seat, G::num_seats(state));
            self.chooser.begin(&hello)?;
        }
        let answer = self
            .chooser
            .decide(&Self::decide_message(state, seat, legal))?;
        read_answer::<G>(state, seat, legal, &answer)
    }
}

/// The action an answer names: an index into `legal` (`3` or `{"index": 3}`) or an action in
/// a trace's format (`{"action": {…}}`) that the engine listed. Anything else forfeits.
pub fn read_answer<G: Traced>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    answer: &Value,
) -> Result<G::Action, Forfeit> {
    let garbage = |why: &str| {
        let mut shown = answer.to_string();
        if shown.len() > 120 {
            let cut = (0..=117)
                .rev()
                .find(|&i| shown.is_char_boundary(i))
                .unwrap_or(0);
            shown.truncate(cut);
            shown += "...";
        }
        Forfeit::new(ForfeitKind::Garbage, format!("answered {shown}: {why}"))
    };
    let index = match answer {
        Value::Number(_) => Some(answer),
        Value::Object(o) => o.get("index"),
        _ => None,
    };
    if let Some(index) = index {
        let i = index
            .as_u64()
            .ok_or_else(|| garbage("an index is a whole number from 0"))?;
        return usize::try_from(i)
            .ok()
            .and_then(|i| legal.get(i).copied())
            .ok_or_else(|| {
                Forfeit::new(
                    ForfeitKind::Illegal,
                    format!("index {i} of {} legal actions", legal.len()),
                )
            });
    }
    let Some(action) = answer.as_object().and_then(|o| o.get("action")) else {
        return Err(garbage(
            "expected an index or {\"index\": N} or {\"action\": …}",
        ));
    };
    let action = G::action_from_json(state, seat, action)
        .map_err(|e| Forfeit::new(ForfeitKind::Illegal, format!("action {action}: {e}")))?;
    if legal.contains(&action) {
        return Ok(action);
    }
    // The engine's own reason why not (on a copy: the state stays as it was).
    let reason = match G::apply(&mut state.clone(), seat, action) {
        Err(e) => e.to_string(),
        Ok(()) => "not among the legal actions".to_string(),
    };
    Err(Forfeit::new(
        ForfeitKind::Illegal,
        format!("action {}: {reason}", G::action_json(state, seat, action)),
    ))
}

impl<G: Traced> Player<G> for OutsidePlayer<G> {
    /// [`Player::try_choose`], with the first legal action after a forfeit (for drivers that
    /// cannot end a game early; every silk driver calls `try_choose` for a player that may
    /// forfeit, as this one may).
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        self.try_choose(state, seat, legal).unwrap_or(legal[0])
    }

    fn try_choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, Forfeit> {
        if let Some(f) = &self.forfeited {
            return Err(f.clone());
        }
        let answer = self.answer(state, seat, legal);
        if let Err(f) = &answer {
            self.forfeited = Some(f.clone());
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::goofspiel::{GoofConfig, Goofspiel};

    /// Answers from a script, and records what it was sent.
    struct Scripted {
        answers: Vec<Value>,
        seen: std::sync::Arc<std::sync::Mutex<Vec<Value>>>,
    }

    impl Chooser for Scripted {
        fn begin(&mut self, hello: &Value) -> Result<(), Forfeit> {
            self.seen.lock().unwrap().push(hello.clone());
            Ok(())
        }
        fn decide(&mut self, decide: &Value) -> Result<Value, Forfeit> {
            self.seen.lock().unwrap().push(decide.clone());
            Ok(self.answers.remove(0))
        }
    }

    fn player(
        answers: Vec<Value>,
    ) -> (OutsidePlayer<Goofspiel>, Arc<std::sync::Mutex<Vec<Value>>>) {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let table = Table::of::<Goofspiel>(&GoofConfig::default());
        let chooser = Scripted {
            answers,
            seen: seen.clone(),
        };
        (OutsidePlayer::new(Box::new(chooser), table), seen)
    }

    /// Issue 36, part 2: an index, `{"index"}` and `{"action"}` each name a legal action; an
    /// index out of range and an action the rules refuse forfeit with why; garbage forfeits;
    /// the hello comes once, before the first decision, and names the seat.
    #[test]
    fn issue36_answers_are_read_back_into_legal_actions() {
        let state = Goofspiel::setup(&GoofConfig::default(), 1).unwrap();
        let seat = Seat(1);
        let mut legal = Vec::new();
        Goofspiel::legal_actions(&state, seat, &mut legal);
        let third = Goofspiel::action_json(&state, seat, legal[2]);
        let (mut p, seen) = player(vec![
            json!(1),
            json!({"index": 0}),
            json!({"action": third}),
        ]);
        assert_eq!(p.try_choose(&state, seat, &legal), Ok(legal[1]));
        assert_eq!(p.try_choose(&state, seat, &legal), Ok(legal[0]));
        assert_eq!(p.try_choose(&state, seat, &legal), Ok(legal[2]));
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 4, "one hello, three decisions");
        assert_eq!(seen[0]["type"], "hello");
        assert_eq!(seen[0]["seat"], 1);
        assert_eq!(seen[1]["legal"].as_array().unwrap().len(), legal.len());
        assert_eq!(
            seen[1]["view"],
            serde_json::to_value(Goofspiel::view(&state, seat)).unwrap()
        );

        let kind = |answer: Value| {
            let (mut p, _) = player(vec![answer]);
            let f = p.try_choose(&state, seat, &legal).unwrap_err();
            // Final: the next decision forfeits too, without asking again.
            assert_eq!(p.try_choose(&state, seat, &legal).unwrap_err(), f);
            (f.kind, f.reason)
        };
        let (k, why) = kind(json!(99));
        assert_eq!(k, ForfeitKind::Illegal);
        assert!(why.contains("index 99"), "{why}");
        assert_eq!(kind(json!("go")).0, ForfeitKind::Garbage);
        assert_eq!(kind(json!({"index": -1})).0, ForfeitKind::Garbage);
        assert_eq!(kind(json!({"action": 12345})).0, ForfeitKind::Illegal);
    }
}
