//! `silk play GAME --serve`: humans on their own phones or laptops against bots. The engine is
//! the referee: each human page gets its seat's view only (the engine's `view` is what the
//! conformance suite proves leak-free), the table page the public narration only.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::output::Out;
use crate::play::{outcome_text, SaveFile, SeatKind};
use crate::playtest::phone::PhoneFeedback;
use crate::playtest::Recorder;
use serde_json::{json, Value};
use silk_core::{Replay, Seat, ToMove};

mod serving;
pub use serving::{announce, serve, serve_session, Serving};

/// The most legal actions shown as buttons; past it the seat types its entry.
const MAX_BUTTONS: usize = 40;

/// A game served to the table: state, seats, the save file, and the narration per viewer.
pub struct PlaySession<G: CliGame> {
    replay: Replay<G>,
    state: G::State,
    seats: Vec<SeatKind<G>>,
    save: Option<SaveFile>,
    /// The playtest record of a game with people in it ([`crate::playtest`]).
    record: Option<Recorder<G>>,
    /// The playtest questions on the people's pages, once a recorded game is over.
    feedback: Option<PhoneFeedback>,
    assist: bool,
    /// What the public saw happen, in order.
    public_log: Vec<String>,
    /// What each seat saw happen (its own secret choices and draws included).
    seat_log: Vec<Vec<String>>,
    max_decisions: u64,
    /// A bot or engine failure stops the game; the pages say so.
    broken: Option<String>,
    /// The host paused the game: the pages' entries wait.
    paused: bool,
}

fn seat_label(s: Seat) -> String {
    format!("{s}")
}

impl<G: CliGame> PlaySession<G> {
    pub fn new(
        replay: Replay<G>,
        seats: Vec<SeatKind<G>>,
        (save, record): (Option<SaveFile>, Option<Recorder<G>>),
        assist: bool,
        max_decisions: u64,
    ) -> CliResult<Self> {
        let state = replay.run("the game")?;
        let n = G::num_seats(&state);
        if seats.len() != n {
            return Err(CliError::input(format!(
                "{} seats configured for a {n}-player game",
                seats.len()
            )));
        }
        let mut s = PlaySession {
            replay,
            state,
            seats,
            save,
            record,
            feedback: None,
            assist,
            public_log: Vec::new(),
            seat_log: vec![Vec::new(); n],
            max_decisions,
            broken: None,
            paused: false,
        };
        if !s.replay.moves.is_empty() {
            // Every page's history is told again, each as its viewer saw it (issue 44: a
            // resumed game used to start with empty histories).
            s.retell()?;
            let line = format!("resumed after {} moves", s.replay.moves.len());
            s.public_log.push(line.clone());
            for l in &mut s.seat_log {
                l.push(line.clone());
            }
        }
        s.run_bots();
        s.open_feedback();
        Ok(s)
    }

    /// A recorded game that is over asks its people the playtest questions on their pages
    /// (a resumed server from where each had got to). A game without a record asks nothing:
    /// there is nowhere to keep the answers.
    fn open_feedback(&mut self) {
        let Some(record) = &self.record else {
            return;
        };
        if self.feedback.is_some() || self.broken.is_some() || G::outcome(&self.state).is_none() {
            return;
        }
        let people: Vec<bool> = (0..self.seats.len())
            .map(|i| self.is_human(Seat(i as u8)))
            .collect();
        let sections =
            crate::playtest::feedback::rule_sections(&G::rules_text(&self.replay.config));
        let rounds = G::round(&self.state);
        self.feedback = Some(PhoneFeedback::new(
            &people,
            sections,
            rounds,
            record.feedback(),
        ));
    }

    /// Whether the playtest questions are being asked (the game is over, someone answering).
    fn asking(&self) -> bool {
        self.feedback.as_ref().is_some_and(|f| !f.all_done())
    }

    /// A person's answer to the playtest questions, kept with the record at once.
    fn answer(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let (Some(f), Some(r)) = (self.feedback.as_mut(), self.record.as_mut()) else {
            return Err("the game is over".into());
        };
        f.answer_kept(seat, text, |kept| r.add_feedback(kept))
    }

    /// The host ends the questions: what each person answered is kept.
    fn end_questions(&mut self) -> Result<Vec<String>, String> {
        let (Some(f), Some(r)) = (self.feedback.as_mut(), self.record.as_mut()) else {
            return Err("no playtest questions are being asked".into());
        };
        f.end_kept(|kept| r.add_feedback(kept))
    }

    fn is_human(&self, seat: Seat) -> bool {
        matches!(self.seats[seat.index()], SeatKind::Human)
    }

    /// Seats that must decide now.
    fn deciders(&self) -> Vec<Seat> {
        match G::to_move(&self.state) {
            ToMove::Seat(s) => vec![s],
            ToMove::Simultaneous(set) => set.iter().collect(),
            ToMove::Terminal => Vec::new(),
        }
    }

    /// Applies one decision, saves it, and narrates it to each viewer.
    fn play(&mut self, seat: Seat, action: G::Action) -> Result<(), String> {
        let text = G::page_action(&self.state, seat, action);
        let secret = matches!(G::to_move(&self.state), ToMove::Simultaneous(_));
        let mut events = Vec::new();
        let mut next = self.state.clone();
        G::apply_with(&mut next, seat, action, &mut events).map_err(|e| e.to_string())?;
        self.replay.record(&self.state, seat, action);
        self.state = next;
        if let Some(save) = self.save.as_mut() {
            if let Err(e) = save.write(&self.replay, true) {
                self.broken = Some(format!("the game could not be saved: {e}"));
            }
        }
        // Each decision timed from the last change of the game (its question, for a page).
        if let (Some(r), Some(m)) = (self.record.as_mut(), self.replay.moves.last()) {
            if let Err(e) = r.decided(m, true) {
                self.broken = Some(format!("the playtest record could not be written: {e}"));
            }
            r.asked();
        }
        let logs = (&mut self.public_log, &mut self.seat_log);
        Self::narrate(logs, &self.state, seat, &text, secret, &events);
        self.open_feedback();
        Ok(())
    }

    /// Tells the moves of a resumed game again, from its start, into every page's history.
    fn retell(&mut self) -> CliResult<()> {
        let mut state = G::setup(&self.replay.config, self.replay.seed)?;
        let moves = self.replay.moves.clone();
        let mut events = Vec::new();
        for m in &moves {
            // The moves were replayed once already (`new`): one that fails now ends the telling.
            let Ok(action) = G::parse_action(&state, m.seat, &m.action) else {
                break;
            };
            let text = G::page_action(&state, m.seat, action);
            let secret = matches!(G::to_move(&state), ToMove::Simultaneous(_));
            events.clear();
            if G::apply_with(&mut state, m.seat, action, &mut events).is_err() {
                break;
            }
            let logs = (&mut self.public_log, &mut self.seat_log);
            Self::narrate(logs, &state, m.seat, &text, secret, &events);
        }
        Ok(())
    }

    /// Adds one decision to each viewer's history (the public one, each seat's): `after` is
    /// the state it left, `text` the decision in words, `secret` whether it was sealed (the
    /// others see only that it was made).
    fn narrate(
        (public_log, seat_log): (&mut Vec<String>, &mut Vec<Vec<String>>),
        after: &G::State,
        seat: Seat,
        text: &str,
        secret: bool,
        events: &[G::Event],
    ) {
        let public = if secret {
            format!("{seat} decides")
        } else {
            format!("{seat}: {text}")
        };
        // Where the game's events tell its moves, a move is told once, by its events (issue
        // 44: every Splendor move stood twice in the history); a move no event tells keeps its
        // own line.
        let told = |viewer: Option<Seat>| -> Vec<String> {
            events
                .iter()
                .filter_map(|e| G::page_event(after, e, viewer))
                .collect()
        };
        let public_told = told(None);
        if !G::PAGE_EVENTS_TELL_MOVES || public_told.is_empty() {
            public_log.push(public.clone());
        }
        public_log.extend(public_told.iter().map(|t| format!("  {t}")));
        for (k, log) in seat_log.iter_mut().enumerate() {
            let seen = told(Some(Seat(k as u8)));
            if !G::PAGE_EVENTS_TELL_MOVES || seen.is_empty() {
                log.push(if k == seat.index() {
                    format!("{seat} (you): {text}")
                } else {
                    public.clone()
                });
            }
            log.extend(seen.iter().map(|t| format!("  {t}")));
        }
    }

    /// Lets the bots move until a human must decide or the game is over.
    fn run_bots(&mut self) {
        let mut legal = Vec::new();
        while self.broken.is_none() {
            if self.replay.moves.len() as u64 >= self.max_decisions {
                self.broken = Some(format!(
                    "the game did not end in {} decisions",
                    self.max_decisions
                ));
                return;
            }
            let Some(bot_seat) = self.deciders().into_iter().find(|&s| !self.is_human(s)) else {
                return;
            };
            G::legal_actions(&self.state, bot_seat, &mut legal);
            let action = match &mut self.seats[bot_seat.index()] {
                SeatKind::Bot(name, bot) => match bot.try_choose(&self.state, bot_seat, &legal) {
                    Ok(a) => a,
                    Err(f) => {
                        self.broken = Some(format!("{bot_seat} ({name}) forfeits: {f}"));
                        return;
                    }
                },
                SeatKind::Human => return,
            };
            if let Err(e) = self.play(bot_seat, action) {
                self.broken = Some(format!("{bot_seat}'s bot: {e}"));
            }
        }
    }

    /// The host's undo: takes back the last decision of a person and the bots' moves after
    /// it, so that person is asked again; the save file is rewritten to match.
    fn undo(&mut self) -> Result<Vec<String>, String> {
        let Some(k) = self
            .replay
            .moves
            .iter()
            .rposition(|m| self.is_human(m.seat))
        else {
            return Err("nothing to undo: no person has moved yet".into());
        };
        let mut replay = self.replay.clone();
        let gone = replay.moves.split_off(k);
        let state = replay.run("the game").map_err(|e| e.to_string())?;
        if let Some(save) = self.save.as_mut() {
            save.rewrite(&replay).map_err(|e| e.to_string())?;
        }
        if let Some(r) = self.record.as_mut() {
            r.take_back_to(replay.moves.len())
                .map_err(|e| e.to_string())?;
        }
        self.replay = replay;
        self.state = state;
        let who = gone[0].seat;
        let line = match gone.len() - 1 {
            0 => format!("undone: {who}'s last move"),
            1 => format!("undone: {who}'s last move and the bot's move after it"),
            b => format!("undone: {who}'s last move and the {b} bot moves after it"),
        };
        self.public_log.push(line.clone());
        for l in &mut self.seat_log {
            l.push(line.clone());
        }
        Ok(vec![line])
    }

    /// The status line for `viewer` (`None`: the table's pages). A seat asked is not told it
    /// is waited for (its question says so: issue 44), only who else is.
    fn status(&self, viewer: Option<Seat>) -> String {
        if let Some(b) = &self.broken {
            return format!("stopped: {b}");
        }
        if let Some(o) = G::outcome(&self.state) {
            return match self.feedback.as_ref().filter(|_| self.asking()) {
                Some(f) => format!("{} · {}", outcome_text(&o), f.status()),
                None => outcome_text(&o),
            };
        }
        let deciders = self.deciders();
        let asked = viewer.is_some_and(|v| deciders.contains(&v));
        let others: Vec<String> = deciders
            .into_iter()
            .filter(|&d| Some(d) != viewer)
            .map(seat_label)
            .collect();
        match (asked, others.is_empty()) {
            (true, true) => String::new(),
            (true, false) => format!("also waiting for {}", others.join(", ")),
            (false, _) => format!("waiting for {}", others.join(", ")),
        }
    }
}

impl<G: CliGame> silk_serve::Session for PlaySession<G> {
    fn title(&self) -> String {
        format!("silk — {}", G::NAME)
    }

    fn seat_names(&self) -> Vec<String> {
        // A person named for the playtest (`--names`) is called by their name.
        let named = self.record.as_ref().map(|r| r.names()).unwrap_or_default();
        self.seats
            .iter()
            .enumerate()
            .map(|(i, k)| match k {
                SeatKind::Human => named
                    .get(i)
                    .filter(|n| **n != Seat(i as u8).to_string())
                    .cloned()
                    .unwrap_or_else(|| format!("P{}", i + 1)),
                SeatKind::Bot(name, _) => format!("P{} ({name})", i + 1),
            })
            .collect()
    }

    fn public(&self) -> Value {
        let live = self.broken.is_none();
        json!({
            "status": self.status(None),
            "history": self.public_log,
            "question": live.then(|| G::page_question(&self.state, None)).flatten(),
            "game": G::page_board(&self.state, None),
            "paused": self.paused,
            "result": self.result(),
        })
    }

    fn private(&self, seat: usize) -> Value {
        let me = Seat(seat as u8);
        let my_turn = self.broken.is_none()
            && !self.paused
            && self.is_human(me)
            && self.deciders().contains(&me);
        let game = G::page_board(&self.state, Some(me));
        // A board that lists the seat's moves has the page draw every one of them (on the
        // cards), however many: no "type yours".
        let drawn = game.as_ref().is_some_and(|g| g["moves"].is_array());
        let mut choices = Vec::new();
        let mut question = None;
        if my_turn {
            let mut legal = Vec::new();
            G::legal_actions(&self.state, me, &mut legal);
            // A drawn board carries the moves itself (in words): no plain-text buttons.
            if legal.len() <= MAX_BUTTONS && !drawn {
                choices = legal
                    .iter()
                    .map(|a| G::action_to_string(&self.state, *a))
                    .collect();
            }
            // The game's own question names the phase (issue 34); the generic one says whose
            // move it is.
            let asked = G::page_question(&self.state, Some(me))
                .unwrap_or_else(|| format!("{me}, your move"));
            question = Some(format!(
                "{asked}{}",
                if legal.len() > MAX_BUTTONS && !drawn {
                    format!(" ({} possible: type yours)", legal.len())
                } else {
                    String::new()
                }
            ));
        }
        let secret = matches!(G::to_move(&self.state), ToMove::Simultaneous(_));
        let mut v = json!({
            "status": self.status(Some(me)),
            // A game whose page draws the board sends no text board (engine notation).
            "board": if game.is_some() { Value::Null } else { json!(G::table_text(&self.state, me, self.assist)) },
            "view": G::view(&self.state, me),
            "history": self.seat_log.get(seat).cloned().unwrap_or_default(),
            "question": question,
            "choices": choices,
            "input": my_turn,
            "sealed": my_turn && secret,
            "game": game,
            "paused": self.paused,
            "result": self.result(),
        });
        // After the result: this person's own playtest questions, and nobody else's answers.
        if let Some(f) = &self.feedback {
            f.show_on(seat, &mut v);
        }
        v
    }

    fn submit(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let me = Seat(seat as u8);
        if let Some(b) = &self.broken {
            return Err(format!("the game has stopped: {b}"));
        }
        if !self.is_human(me) {
            return Err("a bot plays this seat".into());
        }
        if self.feedback.is_some() {
            return self.answer(seat, text);
        }
        if self.paused {
            return Err("the host has paused the game: wait until it goes on".into());
        }
        if !self.deciders().contains(&me) {
            return Err(if G::outcome(&self.state).is_some() {
                "the game is over".into()
            } else {
                "it is not your move".into()
            });
        }
        let mut legal = Vec::new();
        G::legal_actions(&self.state, me, &mut legal);
        let action = crate::play::parse_choice::<G>(&self.state, me, &legal, text)?;
        self.play(me, action)?;
        self.run_bots();
        Ok(())
    }

    fn finished(&self) -> bool {
        self.broken.is_some() || (G::outcome(&self.state).is_some() && !self.asking())
    }

    fn joinable(&self, seat: usize) -> bool {
        self.is_human(Seat(seat as u8))
    }

    fn drawing(&self) -> silk_serve::Drawing {
        G::DRAWING
    }

    fn host_view(&self) -> Value {
        let mut v = self.public();
        // Once the game is over there is nothing left to control (issue 44) but the playtest
        // questions.
        if G::outcome(&self.state).is_some() {
            v["controls"] = if self.asking() {
                json!([{"label": "End the playtest questions", "send": "end questions",
                        "confirm": "End the questions for everyone? What each person answered is kept."},
                       {"label": "Stop the server", "send": "quit",
                        "confirm": "Stop serving? The answers so far are kept and --resume asks the rest."}])
            } else {
                json!([])
            };
            return v;
        }
        let undo = self.replay.moves.iter().any(|m| self.is_human(m.seat));
        v["controls"] = json!([
            if undo {
                json!({"label": "Undo the last move", "send": "undo",
                       "confirm": "Take back the last move of a person (and the bots' moves after it)?"})
            } else {
                Value::Null
            },
            if self.paused {
                json!({"label": "Go on", "send": "go on"})
            } else {
                json!({"label": "Pause", "send": "pause"})
            },
            {"label": "Stop the server", "send": "quit",
             "confirm": "Stop serving? With --save every move is kept and --resume continues with the same links."},
        ]);
        if let Some(c) = v["controls"].as_array_mut() {
            c.retain(|c| !c.is_null());
        }
        v
    }

    fn host(&mut self, text: &str) -> Result<Vec<String>, String> {
        let said = match text.trim().to_lowercase().as_str() {
            "help" | "?" => {
                vec![
                    "Host controls: undo (takes back the last move of a person and the bots' \
                      moves after it), pause, go on, status, end questions (ends the playtest \
                      questions after the game), quit (stops serving). The engine counts the \
                      score: there is no count to fix."
                        .into(),
                ]
            }
            "status" => vec![self.status(None)],
            "end questions" | "end feedback" => self.end_questions()?,
            "undo" if self.feedback.is_some() => {
                return Err("the game is over and its playtest questions are asked: nothing to undo".into())
            }
            "undo" => self.undo()?,
            "pause" if self.paused => return Err("already paused".into()),
            "pause" => {
                self.paused = true;
                vec!["paused: the pages wait until the host goes on".into()]
            }
            "go on" | "resume" | "continue" | "unpause" if !self.paused => {
                return Err("the game is not paused".into())
            }
            "go on" | "resume" | "continue" | "unpause" => {
                self.paused = false;
                vec!["the game goes on".into()]
            }
            other => {
                return Err(format!(
                    "{other:?} is not a host control: undo, pause, go on, status, end questions or quit"
                ))
            }
        };
        let mut out = Out::new(false);
        for l in &said {
            out.message(l);
        }
        Ok(said)
    }
}

impl<G: CliGame> PlaySession<G> {
    /// The result screen once the game is over: the winner first, the ranking, how ties
    /// went, and each seat's holdings and score breakdown where the game reports one.
    fn result(&self) -> Value {
        let Some(o) = G::outcome(&self.state) else {
            return Value::Null;
        };
        let names = silk_serve::Session::seat_names(self);
        let n = o.scores.len().min(names.len());
        let rank = |i: usize| o.ranks.get(i).copied().unwrap_or(u8::MAX);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (rank(i), i));
        let winners: Vec<&str> = order
            .iter()
            .filter(|&&i| rank(i) == 0)
            .map(|&i| names[i].as_str())
            .collect();
        let headline = match (o.stuck, winners.as_slice()) {
            (true, _) | (false, []) => "No winner: the game got stuck".to_string(),
            (false, [one]) => format!("{one} wins"),
            (false, [rest @ .., last]) => format!("{} and {last} share the win", rest.join(", ")),
        };
        // Each score by where it came from, and the rule that broke ties (issue 44).
        let explained = G::page_result(&self.state);
        let rows: Vec<Value> = order
            .iter()
            .map(|&i| {
                let parts = explained.parts.get(i).cloned().unwrap_or_default();
                json!({"rank": u16::from(rank(i)) + 1, "name": names[i], "total": o.scores[i], "parts": parts})
            })
            .collect();
        let mut notes = Vec::new();
        if let Some(t) = &explained.tie_break {
            notes.push(format!("A tie on score goes to the player with the {t}."));
        }
        if o.ended_by == Some(silk_core::EndedBy::RoundCap) {
            notes.push(
                "The round cap ended the game; the rules rank the players as they stood."
                    .to_string(),
            );
        }
        for (k, &i) in order.iter().enumerate() {
            if k > 0 && o.scores[order[k - 1]] == o.scores[i] {
                continue;
            }
            let tied: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&j| o.scores[j] == o.scores[i])
                .collect();
            if tied.len() < 2 {
                continue;
            }
            let who: Vec<&str> = tied.iter().map(|&j| names[j].as_str()).collect();
            notes.push(if tied.iter().all(|&j| rank(j) == rank(i)) {
                format!(
                    "{} tie on {} and share the place",
                    who.join(" and "),
                    o.scores[i]
                )
            } else {
                format!(
                    "{} tie on {}: the rules' tie-break{} puts {} ahead",
                    who.join(" and "),
                    o.scores[i],
                    explained
                        .tie_break
                        .as_ref()
                        .map_or(String::new(), |t| format!(" ({t})")),
                    names[tied[0]]
                )
            });
        }
        notes.extend(explained.notes);
        if let Some(report) = G::final_report(&self.state) {
            notes.extend(report.lines);
        }
        json!({"headline": headline, "rows": rows, "notes": notes})
    }
}

#[cfg(test)]
mod leaks;
