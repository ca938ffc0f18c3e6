//! `silk table silk-road --serve`: the table helper on phones. The shared screen shows the
//! public flow; each player's page asks that player's questions, and takes their **sealed**
//! Grand Vizier reveal privately: a reveal stays secret (on that phone and in the helper)
//! until every player has entered theirs, then all are shown together. Until then a player may
//! change their own entry.
//!
//! Every accepted entry goes to the same journal as the terminal helper (so `--resume` works
//! for either). Reveals entered but not yet shown are kept in `JOURNAL.sealed` (written whole
//! and renamed into place at each entry) so a crash in the middle of a reveal loses nothing;
//! the pages' links are kept in `JOURNAL.links`, so a resumed table answers the same URLs.
//!
//! The host (the host's page, or this terminal) chooses the first pawn holder, undoes, fixes a
//! count, ends early, pauses, and confirms the final count once every phone has entered its
//! own (each may correct theirs until all are in); pauses and the confirmation are journal
//! lines too.

use crate::error::{CliError, CliResult};
use crate::output::Out;
use crate::table::{Journal, Line};
use serde_json::{json, Value};
use silk_core::Seat;
use silk_road::table::{Entry, Step, Table};
use silk_road::Good;
use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::playtest::phone::PhoneFeedback;
mod result;
use result::and_list;

pub struct TableSession {
    table: Table,
    journal: Journal,
    /// Reveals entered and not yet shown: seat → count.
    pending: BTreeMap<u8, u8>,
    sealed_path: PathBuf,
    json: bool,
    /// A journal that cannot be written stops the helper: nothing entered may be lost.
    broken: Option<String>,
    /// The host paused the table: phones' entries wait.
    paused: bool,
    /// The host confirmed the final count: the game is over.
    confirmed: bool,
    /// The playtest questions on the players' pages, once the count is confirmed (a table
    /// with a playtest record).
    feedback: Option<PhoneFeedback>,
}

/// What the host may type (in the terminal) or tap (on the host's page).
const HOST_HELP: &str = "Host controls: undo (takes back the last entry), fix NAME gold silver \
    ivory silk fruits jewels spices (corrects a count), count (ends the game early: final \
    count), pause / go on, confirm (accepts the final count), first NAME (who holds the pawn \
    first), status, history, quit (stops serving; --resume continues with the same links). \
    Any other line is an answer to the question of the moment, as in the terminal helper.";

/// A message for a phone: the helper's terminal wording without its backticks.
fn phone_words(text: &str) -> String {
    text.replace('`', "\"")
}

/// The numbers of a final count, in the order they are typed.
fn count_fields() -> Vec<String> {
    ["gold", "silver"]
        .into_iter()
        .map(String::from)
        .chain(Good::ALL.into_iter().map(|g| g.name().to_string()))
        .collect()
}

impl TableSession {
    pub fn new(table: Table, journal: Journal, json: bool) -> CliResult<TableSession> {
        let mut name = journal.path.as_os_str().to_owned();
        name.push(".sealed");
        let sealed_path = PathBuf::from(name);
        let mut pending = BTreeMap::new();
        if matches!(table.step, Step::Reveal { .. }) {
            if let Ok(text) =
                silk_core::files::read_regular_text(&sealed_path, silk_core::files::Limit::DATA)
            {
                pending = serde_json::from_str(&text)
                    .map_err(|e| CliError::input(format!("{}: {e}", sealed_path.display())))?;
            }
        }
        let (paused, confirmed) = (journal.paused, journal.confirmed);
        let mut s = TableSession {
            table,
            journal,
            pending,
            sealed_path,
            json,
            broken: None,
            paused,
            confirmed,
            feedback: None,
        };
        s.open_feedback();
        Ok(s)
    }

    /// Once the count is confirmed, each player's page asks the playtest questions (a resumed
    /// server from where each had got to); a table without a record asks nothing.
    fn open_feedback(&mut self) {
        let Some(record) = self.journal.record.as_ref().filter(|_| self.confirmed) else {
            return;
        };
        let rules = <silk_road::SilkRoad as silk_core::Game>::rules_text(self.table.config());
        self.feedback = Some(PhoneFeedback::new(
            &vec![true; self.table.players()],
            crate::playtest::feedback::rule_sections(&rules),
            self.table.round,
            record.feedback(),
        ));
    }

    /// Whether the playtest questions are being asked.
    fn asking(&self) -> bool {
        self.feedback.as_ref().is_some_and(|f| !f.all_done())
    }

    /// A player's answer to the playtest questions, kept with the record at once.
    fn answer(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let (Some(f), Some(r)) = (self.feedback.as_mut(), self.journal.record.as_mut()) else {
            return Err("the game is over".into());
        };
        f.answer_kept(seat, text, |kept| r.add_feedback(kept))
    }

    /// The host ends the questions: what each player answered is kept.
    fn end_questions(&mut self) -> Result<Vec<String>, String> {
        let (Some(f), Some(r)) = (self.feedback.as_mut(), self.journal.record.as_mut()) else {
            return Err("no playtest questions are being asked".into());
        };
        f.end_kept(|kept| r.add_feedback(kept))
    }

    /// Tells the host's terminal what the table heard.
    fn say(&self, lines: &[String]) {
        // The server's threads have no `Out` of their own: one for these lines (a failed
        // write to the host's terminal cannot stop the table).
        let mut out = Out::new(self.json);
        for l in lines {
            out.line(l, json!({"type": "say", "text": l}));
        }
    }

    fn keep_pending(&self) -> Result<(), String> {
        if self.pending.is_empty() {
            return match std::fs::remove_file(&self.sealed_path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
                _ => Ok(()),
            };
        }
        // Secret until everyone has entered: owner-only, as the links file.
        let text = serde_json::to_string(&self.pending).map_err(|e| e.to_string())?;
        silk_core::files::write_private(&self.sealed_path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", self.sealed_path.display()))
    }

    /// Writes a journal line; a journal that cannot be written stops the table.
    fn write(&mut self, line: &Line) -> Result<(), String> {
        if let Err(e) = self.journal.append(line) {
            self.broken = Some(format!("the journal cannot be written: {e}"));
            return Err(self.broken.clone().unwrap_or_default());
        }
        Ok(())
    }

    /// Applies an entry (from a phone or the host), journals it and says it.
    fn accept(&mut self, entry: Entry) -> Result<Vec<String>, String> {
        let mut next = self.table.clone();
        let said = next.apply(entry.clone()).map_err(|e| e.to_string())?;
        self.write(&Line::Entry(entry))?;
        self.table = next;
        self.say(&said);
        Ok(said)
    }

    /// The seat may take back its own last entry: nobody has entered anything since (not even
    /// a sealed reveal, which the take-back would drop), and the table takes entries (the
    /// rules of the typed `undo`).
    fn may_undo(&self, seat: usize) -> bool {
        self.broken.is_none()
            && !self.paused
            && !self.confirmed
            && self.last_by() == Some(seat)
            && self.pending.keys().all(|&s| s as usize == seat)
    }

    /// Whose answer the last entry was: the seat it names (a reveal, a count) or the seat
    /// that was asked; `None` for the host's own (the first pawn holder, an early count).
    /// Read from the table, so it holds after a restart and whoever typed it.
    fn last_by(&self) -> Option<usize> {
        let before = self.table.without_last()?;
        let seat = match self.table.entries.last()? {
            Entry::FirstLeader(_) | Entry::Count => None,
            Entry::Reveal { seat, .. } | Entry::Holdings { seat, .. } | Entry::Fix { seat, .. } => {
                Some(*seat)
            }
            _ => before.prompt().who,
        };
        seat.map(|s| s.index())
    }

    /// What taking back the last entry also drops: the sealed reveals entered for the Grand
    /// Vizier it called.
    fn undo_drops(&self) -> String {
        if self.pending.is_empty() {
            return String::new();
        }
        let names: Vec<String> = self
            .pending
            .keys()
            .map(|&s| self.table.name(Seat(s)).to_string())
            .collect();
        format!(
            " It also takes back the reveal{} entered by {}.",
            if names.len() > 1 { "s" } else { "" },
            and_list(&names)
        )
    }

    /// Takes back the last entry (and any reveals entered for a Grand Vizier it called).
    fn undo(&mut self) -> Result<Vec<String>, String> {
        let Some(t) = self.table.without_last() else {
            return Err("nothing to undo".into());
        };
        let last = self.table.history().pop().unwrap_or_default();
        self.write(&Line::Undo(true))?;
        self.table = t;
        if !matches!(self.table.step, Step::Reveal { .. }) && !self.pending.is_empty() {
            self.pending.clear();
            self.keep_pending()?;
        }
        let said = vec![format!("undone: {last}")];
        self.say(&said);
        Ok(said)
    }

    /// The public state of the table: where the caravan is, who holds the pawn, the market
    /// order so far, each player's Crooks and Barterers, the goods called; during a reveal, how
    /// many have entered theirs (never what).
    fn board(&self) -> String {
        let mut lines: Vec<String> = self
            .table
            .status()
            .into_iter()
            .filter(|l| !l.starts_with("Now: "))
            .collect();
        if let Step::Reveal { sealed, .. } = self.table.step {
            lines.push(format!(
                "Grand Vizier: {} of {} have entered their reveal",
                self.pending.len(),
                sealed.seats().len()
            ));
        }
        lines.join("\n")
    }

    /// Who has not entered yet, by name.
    fn waiting_for(&self) -> String {
        let names: Vec<&str> = match self.table.step {
            Step::Reveal { sealed, .. } => sealed
                .to_move()
                .iter()
                .filter(|s| !self.pending.contains_key(&s.0))
                .map(|s| self.table.name(s))
                .collect(),
            Step::Scoring => (0..self.table.players())
                .map(|i| Seat(i as u8))
                .filter(|&s| !self.table.counted(s))
                .map(|s| self.table.name(s))
                .collect(),
            _ => Vec::new(),
        };
        names.join(", ")
    }

    /// A reveal entered (or changed) on `seat`'s phone; shown with all the others once the
    /// last is in.
    fn reveal(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let Step::Reveal { sealed, good, .. } = self.table.step else {
            return Err("no reveal now".into());
        };
        if !sealed.to_move().contains(Seat(seat as u8)) {
            return Err("you have no reveal to enter now".into());
        }
        let count: u8 = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a number of {good}"))?;
        // Checked now on a copy, so a count the game cannot have is refused at once.
        let mut probe = self.table.clone();
        let entry = Entry::Reveal {
            seat: Seat(seat as u8),
            count,
        };
        probe.apply(entry).map_err(|e| e.to_string())?;
        self.pending.insert(seat as u8, count);
        self.keep_pending()?;
        if self.pending.keys().count() < sealed.to_move().iter().count() {
            return Ok(());
        }
        // Everyone has entered: all are shown together, in seat order.
        let all: Vec<(u8, u8)> = std::mem::take(&mut self.pending).into_iter().collect();
        for (s, c) in all {
            self.accept(Entry::Reveal {
                seat: Seat(s),
                count: c,
            })?;
        }
        self.keep_pending()
    }

    /// A final count from `seat`'s phone: seven numbers; a second one corrects the first
    /// (until every count is in).
    fn count(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let nums: Vec<&str> = text.split_whitespace().collect();
        if nums.len() != 7 || nums.iter().any(|n| n.parse::<u32>().is_err()) {
            return Err(format!(
                "enter seven whole numbers: {}",
                count_fields().join(", ")
            ));
        }
        let me = Seat(seat as u8);
        let fix = if self.table.counted(me) { "fix " } else { "" };
        let entry = self
            .table
            .parse(&format!("{fix}P{} {}", seat + 1, nums.join(" ")))
            .map_err(|e| e.to_string())?;
        self.accept(entry).map(|_| ())
    }

    /// Whether `seat` answers the question of the moment (or may still change its answer).
    fn asks(&self, seat: usize) -> bool {
        let me = Seat(seat as u8);
        match self.table.step {
            // Only the host: no phone chooses who holds the pawn (itself, say).
            Step::FirstLeader => false,
            Step::Reveal { sealed, .. } => sealed.to_move().contains(me),
            Step::Scoring => true,
            Step::Done => false,
            _ => self.table.prompt().who == Some(me),
        }
    }

    /// What the host may do now, as buttons.
    fn controls(&self) -> Vec<Value> {
        let mut c = Vec::new();
        // Once the result is confirmed nothing is left to control (issue 44) but the
        // playtest questions.
        if self.confirmed {
            if self.asking() {
                c.push(json!({"label": "End the playtest questions", "send": "end questions",
                    "confirm": "End the questions for everyone? What each player answered is kept."}));
                c.push(json!({"label": "Stop the server", "send": "quit",
                    "confirm": "Stop serving? The answers so far are kept and --resume asks the rest."}));
            }
            return c;
        }
        if self.table.step == Step::FirstLeader {
            for n in &self.table.names {
                c.push(json!({"label": format!("{n} holds the pawn first"), "send": format!("first {n}")}));
            }
        }
        if self.table.step == Step::Done && !self.confirmed {
            c.push(json!({"label": "Confirm the result", "send": "confirm",
                "confirm": "Confirm every count and end the game?"}));
        }
        if let Some(last) = self.table.history().last() {
            c.push(json!({"label": "Undo the last entry", "send": "undo",
                "confirm": format!("Take back the last entry ({last})?{}", self.undo_drops())}));
        }
        c.push(if self.paused {
            json!({"label": "Go on", "send": "go on"})
        } else {
            json!({"label": "Pause", "send": "pause"})
        });
        if !matches!(self.table.step, Step::Scoring | Step::Done) {
            c.push(json!({"label": "End early: final count", "send": "count",
                "confirm": "Stop the game here and go to the final count?"}));
        }
        c.push(json!({"label": "Stop the server", "send": "quit",
            "confirm": "Stop serving? Everything entered is kept: --resume continues with the same links."}));
        c
    }

    /// The host's forms: each player's final count, to enter or fix.
    fn forms(&self) -> Vec<Value> {
        if self.confirmed || !matches!(self.table.step, Step::Scoring | Step::Done) {
            return Vec::new();
        }
        (0..self.table.players())
            .filter_map(|i| {
                let seat = Seat(i as u8);
                let name = self.table.name(seat);
                match self.table.count_of(seat) {
                    Some((gold, silver, goods)) => {
                        let mut values = vec![gold, silver];
                        values.extend(Good::ALL.into_iter().map(|g| goods.get(g) as u32));
                        Some(json!({"label": format!("Fix {name}'s count"), "send": format!("fix P{}", i + 1),
                            "fields": count_fields(), "values": values, "button": "Fix"}))
                    }
                    None if self.table.step == Step::Scoring => Some(json!({
                        "label": format!("Enter {name}'s count"), "send": format!("P{}", i + 1),
                        "fields": count_fields(), "button": "Enter"})),
                    None => None,
                }
            })
            .collect()
    }
}

impl silk_serve::Session for TableSession {
    fn title(&self) -> String {
        "silk table — Silk Road".into()
    }

    fn seat_names(&self) -> Vec<String> {
        self.table.names.clone()
    }

    fn public(&self) -> Value {
        let question = match self.table.step {
            Step::FirstLeader => {
                "The host chooses who holds the leader pawn first.".to_string()
            }
            Step::Reveal { good, .. } => format!(
                "Grand Vizier on {good}: everyone enters how many {good} they show on their phone; all are shown at once when everyone has entered (waiting for {}).",
                self.waiting_for()
            ),
            Step::Scoring => format!(
                "Final count: everyone enters what they hold on their phone (waiting for {}).",
                self.waiting_for()
            ),
            Step::Done if !self.confirmed => {
                "All counts are in: the host checks them and confirms the result.".into()
            }
            Step::Done => "The game is over.".into(),
            _ => phone_words(&self.table.prompt().question),
        };
        let status = match (&self.broken, self.paused, self.table.step, self.confirmed) {
            (Some(b), ..) => b.clone(),
            (None, true, ..) => "Paused by the host.".into(),
            (None, false, Step::Done, true) => match self.feedback.as_ref() {
                Some(f) if self.asking() => format!("The final count is in. · {}", f.status()),
                _ => "The final count is in.".into(),
            },
            _ => String::new(),
        };
        json!({
            "status": status,
            "board": self.board(),
            "question": question,
            "history": self.table.history(),
            "paused": self.paused,
            "result": self.result(),
        })
    }

    fn private(&self, seat: usize) -> Value {
        let me = Seat(seat as u8);
        let mut v = self.public();
        v["choices"] = json!([]);
        v["input"] = json!(false);
        // After the confirmed count: this player's own playtest questions, nobody else's answers.
        if self
            .feedback
            .as_ref()
            .is_some_and(|f| f.show_on(seat, &mut v))
        {
            return v;
        }
        if self.may_undo(seat) {
            let last = self.table.history().pop().unwrap_or_default();
            let since = if self.pending.is_empty() {
                " Nobody has entered anything since.".to_string()
            } else {
                self.undo_drops()
            };
            v["actions"] = json!([{
                "label": "Take back my last entry",
                "send": "undo",
                "confirm": format!("Take back \"{last}\"?{since}"),
            }]);
        }
        if self.broken.is_some() || self.paused || !self.asks(seat) {
            let waiting = match self.table.step {
                Step::FirstLeader => {
                    "Waiting for the host to choose who holds the leader pawn first.".to_string()
                }
                Step::Done if !self.confirmed => {
                    "All counts are in: the host checks them. If yours is wrong, tell the host."
                        .into()
                }
                Step::Done => "The game is over.".into(),
                _ => match self.table.prompt().who {
                    Some(who) => format!("Waiting for {}.", self.table.name(who)),
                    None => v["question"].as_str().unwrap_or_default().to_string(),
                },
            };
            v["question"] = json!(if self.paused {
                "Paused by the host: wait until the game goes on.".to_string()
            } else {
                waiting
            });
            return v;
        }
        match self.table.step {
            Step::Reveal { good, .. } => {
                let (question, confirm) = match self.pending.get(&(seat as u8)) {
                    Some(n) => (
                        format!(
                            "You show {}: secret until everyone has entered (waiting for {}). Changed your mind? Tap another number.",
                            good.count(*n as u32),
                            self.waiting_for()
                        ),
                        format!("Show {good}: {{}} instead of {n}?"),
                    ),
                    None => (
                        format!(
                            "Grand Vizier on {good}: how many {good} do you show? Everyone's count is shown at once, when all have entered."
                        ),
                        format!("Show {good}: {{}}? It stays secret until everyone has entered."),
                    ),
                };
                v["question"] = json!(question);
                v["choices"] = json!((0..=5).map(|k| k.to_string()).collect::<Vec<_>>());
                v["confirm"] = json!(confirm);
                v["input"] = json!(true);
                v["sealed"] = json!(true);
                v["placeholder"] = json!(format!("secret: how many {good}"));
            }
            Step::Scoring => {
                let mine = self.table.count_of(me);
                let question = match mine {
                    Some(_) => format!(
                        "Your count is in (see the history). Waiting for {}. You can correct it until all counts are in.",
                        self.waiting_for()
                    ),
                    None => "Final count: what do you hold? Your gold and silver coins, then your goods.".into(),
                };
                let values: Vec<u32> = match mine {
                    Some((gold, silver, goods)) => [gold, silver]
                        .into_iter()
                        .chain(Good::ALL.into_iter().map(|g| goods.get(g) as u32))
                        .collect(),
                    None => Vec::new(),
                };
                v["question"] = json!(question);
                v["form"] = json!({
                    "fields": count_fields(),
                    "values": values,
                    "button": if mine.is_some() { "Correct my count" } else { "Send my count" },
                });
            }
            _ => {
                let p = self.table.prompt();
                v["question"] = json!(phone_words(&p.question));
                v["choices"] = json!(p.choices);
                v["input"] = json!(true);
                v["placeholder"] = json!(match self.table.step {
                    Step::Auction(_) => "a bid, e.g. 3, or pass",
                    Step::Move => "a city",
                    _ => "type your answer",
                });
            }
        }
        v
    }

    fn submit(&mut self, seat: usize, text: &str) -> Result<(), String> {
        if let Some(b) = &self.broken {
            return Err(b.clone());
        }
        if self.feedback.is_some() {
            return self.answer(seat, text);
        }
        if self.paused {
            return Err("the host has paused the game: wait until it goes on".into());
        }
        if text.eq_ignore_ascii_case("undo") {
            if self.last_by() == Some(seat) && !self.may_undo(seat) && !self.pending.is_empty() {
                return Err(format!(
                    "others have entered their reveal since: only the host can take it back now \
                     ({})",
                    self.undo_drops().trim()
                ));
            }
            if !self.may_undo(seat) {
                return Err("only the player who made the last entry can take it back".into());
            }
            return self.undo().map(|_| ());
        }
        if !self.asks(seat) {
            return Err(match self.table.step {
                Step::FirstLeader => "the host chooses who holds the pawn first".into(),
                Step::Done => "all counts are in: tell the host what to correct".into(),
                _ => format!(
                    "it is not your turn to answer ({})",
                    phone_words(&self.table.prompt().question)
                ),
            });
        }
        let r = match self.table.step {
            Step::Reveal { .. } => self.reveal(seat, text),
            Step::Scoring => self.count(seat, text),
            _ => self
                .table
                .parse(text)
                .map_err(|e| e.to_string())
                .and_then(|entry| self.accept(entry).map(|_| ())),
        };
        r.map_err(|e| phone_words(&e))
    }

    fn finished(&self) -> bool {
        self.broken.is_some() || (self.confirmed && !self.asking())
    }

    fn host_view(&self) -> Value {
        let mut v = self.public();
        v["controls"] = json!(self.controls());
        v["forms"] = json!(self.forms());
        v
    }

    fn host(&mut self, text: &str) -> Result<Vec<String>, String> {
        if let Some(b) = &self.broken {
            return Err(b.clone());
        }
        let lower = text.trim().to_lowercase();
        let after = [
            "help",
            "?",
            "status",
            "history",
            "end questions",
            "end feedback",
        ];
        if self.confirmed && !after.contains(&lower.as_str()) {
            // While the playtest questions are asked, the game itself is over.
            return Err("the game is over: the result is confirmed".into());
        }
        let r = match lower.as_str() {
            "help" | "?" => Ok(vec![HOST_HELP.to_string()]),
            "status" => {
                let mut lines = self.table.status();
                if let Step::Reveal { .. } = self.table.step {
                    lines.push(self.board().lines().last().unwrap_or_default().to_string());
                }
                if self.paused {
                    lines.push("Paused: the phones wait (go on resumes)".into());
                }
                Ok(lines)
            }
            "history" => Ok(self.table.history()),
            "undo" => return self.undo(),
            "pause" if self.paused => Err("already paused".into()),
            "pause" => {
                self.write(&Line::Pause(true))?;
                self.paused = true;
                Ok(vec!["paused: the phones wait until the host goes on".into()])
            }
            "go on" | "resume" | "continue" | "unpause" if !self.paused => {
                Err("the game is not paused".into())
            }
            "go on" | "resume" | "continue" | "unpause" => {
                self.write(&Line::Pause(false))?;
                self.paused = false;
                Ok(vec!["the game goes on".into()])
            }
            "count" => return self.accept(Entry::Count),
            "confirm" if self.table.step != Step::Done => Err(format!(
                "nothing to confirm yet: the final count waits for {}",
                if self.table.step == Step::Scoring {
                    self.waiting_for()
                } else {
                    "the end of the game (count ends it early)".into()
                }
            )),
            "end questions" | "end feedback" => self.end_questions(),
            "confirm" => {
                self.write(&Line::Confirm(true))?;
                self.confirmed = true;
                self.open_feedback();
                let headline = self.result()["headline"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                Ok(vec![format!("The result is confirmed: {headline}")])
            }
            _ => {
                if let Some(name) = lower.strip_prefix("first ") {
                    if self.table.step != Step::FirstLeader {
                        return Err("the first pawn holder has already been chosen".into());
                    }
                    let seat = self.table.seat_named(name).map_err(|e| e.to_string())?;
                    return self.accept(Entry::FirstLeader(seat));
                }
                if let Step::Reveal { .. } = self.table.step {
                    // `name count`, kept sealed like a phone's entry.
                    let Ok(Entry::Reveal { seat, count }) = self.table.parse(text) else {
                        return Err("during a reveal, type `name count` (e.g. `Ana 2`)".into());
                    };
                    self.reveal(seat.index(), &count.to_string())?;
                    let said = vec![format!(
                        "{}'s reveal is entered (secret until all are in)",
                        self.table.name(seat)
                    )];
                    self.say(&said);
                    return Ok(said);
                }
                let entry = self.table.parse(text).map_err(|e| e.to_string())?;
                return self.accept(entry);
            }
        };
        if let Ok(lines) = &r {
            self.say(lines);
        }
        r
    }
}

/// Serves the table helper until the host confirms the count, quits, or Ctrl-C; the host's
/// terminal keeps taking controls meanwhile.
pub fn serve(
    table: Table,
    journal: Journal,
    serving: crate::serve::Serving,
    out: &mut Out,
) -> CliResult<()> {
    let path = journal.path.clone();
    let session = TableSession::new(table, journal, out.json)?;
    let opts = serving.options(Some(silk_serve::links_path(&path)));
    let resume = format!("silk table silk-road --resume {} --serve", path.display());
    let note = format!(
        "Serving until the host confirms the final count. Every entry is in the journal {}; \
         this terminal takes the host's controls (help lists them); quit or Ctrl-C stops, \
         and `{resume}` goes on with the same links.",
        path.display()
    );
    crate::serve::serve_session(
        Box::new(session),
        opts,
        &note,
        &resume,
        serving.resumed,
        out,
    )
}
