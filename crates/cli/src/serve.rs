//! `silk play GAME --serve`: humans on their own phones or laptops against bots. The engine is
//! the referee: each human page gets its seat's view only (the engine's `view` is what the
//! conformance suite proves leak-free), the table page the public narration only.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::output::Out;
use crate::play::{outcome_text, SaveFile, SeatKind};
use serde_json::{json, Value};
use silk_core::{Replay, Seat, ToMove};
use std::net::SocketAddr;
use std::time::Duration;

/// The most legal actions shown as buttons; past it the seat types its entry.
const MAX_BUTTONS: usize = 40;

/// A game served to the table: state, seats, the save file, and the narration per viewer.
pub struct PlaySession<G: CliGame> {
    replay: Replay<G>,
    state: G::State,
    seats: Vec<SeatKind<G>>,
    save: Option<SaveFile>,
    assist: bool,
    /// What the public saw happen, in order.
    public_log: Vec<String>,
    /// What each seat saw happen (its own secret choices and draws included).
    seat_log: Vec<Vec<String>>,
    max_decisions: u64,
    /// A bot or engine failure stops the game; the pages say so.
    broken: Option<String>,
}

fn seat_label(s: Seat) -> String {
    format!("{s}")
}

impl<G: CliGame> PlaySession<G> {
    pub fn new(
        replay: Replay<G>,
        seats: Vec<SeatKind<G>>,
        save: Option<SaveFile>,
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
            assist,
            public_log: Vec::new(),
            seat_log: vec![Vec::new(); n],
            max_decisions,
            broken: None,
        };
        if !s.replay.moves.is_empty() {
            let line = format!("resumed: {} moves replayed", s.replay.moves.len());
            s.public_log.push(line.clone());
            for l in &mut s.seat_log {
                l.push(line.clone());
            }
        }
        s.run_bots();
        Ok(s)
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
        let text = G::action_to_string(&self.state, action);
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
        let public = if secret {
            format!("{seat} decides")
        } else {
            format!("{seat}: {text}")
        };
        self.public_log.push(public.clone());
        for (k, log) in self.seat_log.iter_mut().enumerate() {
            log.push(if k == seat.index() {
                format!("{seat} (you): {text}")
            } else {
                public.clone()
            });
        }
        for e in &events {
            if let Some(t) = G::event_text(&self.state, e, None) {
                self.public_log.push(format!("  {t}"));
            }
            for (k, log) in self.seat_log.iter_mut().enumerate() {
                if let Some(t) = G::event_text(&self.state, e, Some(Seat(k as u8))) {
                    log.push(format!("  {t}"));
                }
            }
        }
        Ok(())
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

    fn status(&self) -> String {
        if let Some(b) = &self.broken {
            return format!("stopped: {b}");
        }
        if let Some(o) = G::outcome(&self.state) {
            return outcome_text(&o);
        }
        let waiting: Vec<String> = self.deciders().into_iter().map(seat_label).collect();
        format!("waiting for {}", waiting.join(", "))
    }
}

impl<G: CliGame> silk_serve::Session for PlaySession<G> {
    fn title(&self) -> String {
        format!("silk — {}", G::NAME)
    }

    fn seat_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, k)| match k {
                SeatKind::Human => format!("P{}", i + 1),
                SeatKind::Bot(name, _) => format!("P{} ({name})", i + 1),
            })
            .collect()
    }

    fn public(&self) -> Value {
        let live = self.broken.is_none();
        json!({
            "status": self.status(),
            "history": self.public_log,
            "question": live.then(|| G::page_question(&self.state, None)).flatten(),
            "game": G::page_board(&self.state, None),
        })
    }

    fn private(&self, seat: usize) -> Value {
        let me = Seat(seat as u8);
        let my_turn = self.broken.is_none() && self.is_human(me) && self.deciders().contains(&me);
        let game = G::page_board(&self.state, Some(me));
        // A board that lists the seat's moves has the page draw every one of them (on the
        // cards), however many: no "type yours".
        let drawn = game.as_ref().is_some_and(|g| g["moves"].is_array());
        let mut choices = Vec::new();
        let mut question = None;
        if my_turn {
            let mut legal = Vec::new();
            G::legal_actions(&self.state, me, &mut legal);
            if legal.len() <= MAX_BUTTONS {
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
        json!({
            "status": self.status(),
            "board": G::table_text(&self.state, me, self.assist),
            "view": G::view(&self.state, me),
            "history": self.seat_log.get(seat).cloned().unwrap_or_default(),
            "question": question,
            "choices": choices,
            "input": my_turn,
            "sealed": my_turn && secret,
            "game": game,
        })
    }

    fn submit(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let me = Seat(seat as u8);
        if let Some(b) = &self.broken {
            return Err(format!("the game has stopped: {b}"));
        }
        if !self.is_human(me) {
            return Err("a bot plays this seat".into());
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
        self.broken.is_some() || G::outcome(&self.state).is_some()
    }

    fn joinable(&self, seat: usize) -> bool {
        self.is_human(Seat(seat as u8))
    }
}

/// Serves a game until it ends, printing the pages' addresses (with QR codes on a terminal).
pub fn serve<G: CliGame>(
    session: PlaySession<G>,
    bind: SocketAddr,
    out: &mut Out,
) -> CliResult<()> {
    let opts = silk_serve::Options {
        bind,
        linger: Duration::from_secs(3),
    };
    silk_serve::serve(Box::new(session), opts, |urls| announce(urls, out))
        .map_err(|e| CliError::input(format!("--bind {bind}: {e}")))
}

/// Says where to go: one JSON line per page with `--json`, else the addresses and a QR code
/// per seat.
pub fn announce(urls: &silk_serve::Urls, out: &mut Out) {
    out.line(
        &format!(
            "Table (shared screen; shows the join codes until everyone has joined): {}\n\
             Public view (no codes): {}",
            urls.table, urls.public
        ),
        json!({"table": urls.table, "public": urls.public}),
    );
    for s in &urls.seats {
        out.line(
            &format!("\n{}: {}\n{}", s.name, s.url, silk_serve::qr_text(&s.url)),
            json!({"seat": s.seat, "name": s.name, "url": s.url}),
        );
    }
    out.message("Serving until the game ends (Ctrl-C stops; every move is kept with --save).");
    let _ = out.finish();
}
