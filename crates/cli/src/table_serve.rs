//! `silk table silk-road --serve`: the table helper on phones. The shared screen shows the
//! public flow; each player's page asks that player's questions, and takes their **sealed**
//! Grand Vizier reveal privately: a reveal stays secret (on that phone and in the helper)
//! until every player has entered theirs, then all are shown together.
//!
//! Every accepted entry goes to the same journal as the terminal helper (so `--resume` works
//! for either). Reveals entered but not yet shown are kept in `JOURNAL.sealed` (written whole
//! and renamed into place at each entry) so a crash in the middle of a reveal loses nothing.

use crate::error::{CliError, CliResult};
use crate::output::Out;
use crate::table::{Journal, Line};
use serde_json::{json, Value};
use silk_core::Seat;
use silk_road::table::{Entry, Step, Table};
use std::collections::BTreeMap;
use std::path::PathBuf;

pub struct TableSession {
    table: Table,
    journal: Journal,
    /// Reveals entered and not yet shown: seat → count.
    pending: BTreeMap<u8, u8>,
    sealed_path: PathBuf,
    /// Who made each accepted entry (`None`: before this session), for `undo`.
    by: Vec<Option<usize>>,
    json: bool,
    /// A journal that cannot be written stops the helper: nothing entered may be lost.
    broken: Option<String>,
}

impl TableSession {
    pub fn new(table: Table, journal: Journal, json: bool) -> CliResult<TableSession> {
        let mut name = journal.path.as_os_str().to_owned();
        name.push(".sealed");
        let sealed_path = PathBuf::from(name);
        let mut pending = BTreeMap::new();
        if matches!(table.step, Step::Reveal { .. }) {
            if let Ok(text) =
                silk_core::files::read_text(&sealed_path, silk_core::files::Limit::DATA)
            {
                pending = serde_json::from_str(&text)
                    .map_err(|e| CliError::input(format!("{}: {e}", sealed_path.display())))?;
            }
        }
        let by = vec![None; table.entries.len()];
        Ok(TableSession {
            table,
            journal,
            pending,
            sealed_path,
            by,
            json,
            broken: None,
        })
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
        let text = serde_json::to_string(&self.pending).map_err(|e| e.to_string())?;
        crate::lab::write_report(&self.sealed_path, &text).map_err(|e| e.to_string())
    }

    /// Applies an entry, journals it and says it.
    fn accept(&mut self, seat: usize, entry: Entry) -> Result<(), String> {
        let said = self.table.apply(entry.clone()).map_err(|e| e.to_string())?;
        if let Err(e) = self.journal.append(&Line::Entry(entry)) {
            self.broken = Some(format!("the journal cannot be written: {e}"));
            return Err(self.broken.clone().unwrap_or_default());
        }
        self.by.push(Some(seat));
        self.say(&said);
        Ok(())
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

    fn reveal(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let Step::Reveal { sealed, .. } = self.table.step else {
            return Err("no reveal now".into());
        };
        if !sealed.to_move().contains(Seat(seat as u8)) || self.pending.contains_key(&(seat as u8))
        {
            return Err("you have already entered your reveal".into());
        }
        let count: u8 = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a count"))?;
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
            self.accept(
                seat,
                Entry::Reveal {
                    seat: Seat(s),
                    count: c,
                },
            )?;
        }
        self.keep_pending()
    }

    /// Whether `seat` answers the question of the moment.
    fn asks(&self, seat: usize) -> bool {
        let me = Seat(seat as u8);
        match self.table.step {
            Step::FirstLeader => true,
            Step::Reveal { sealed, .. } => {
                sealed.to_move().contains(me) && !self.pending.contains_key(&(seat as u8))
            }
            Step::Scoring => !self.table.counted(me),
            Step::Done => false,
            _ => self.table.prompt().who == Some(me),
        }
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
        let p = self.table.prompt();
        let question = match self.table.step {
            Step::Reveal { .. } => "Everyone enters their reveal on their phone.".to_string(),
            Step::Scoring => "Everyone enters their final count on their phone.".into(),
            _ => p.question,
        };
        json!({
            "status": self.broken.clone().unwrap_or_else(|| match &self.table.result {
                Some(_) => "The final count is in.".into(),
                None => String::new(),
            }),
            "board": self.board(),
            "question": question,
            "history": self.table.history(),
        })
    }

    fn private(&self, seat: usize) -> Value {
        let me = Seat(seat as u8);
        let mut v = self.public();
        if self.broken.is_some() || !self.asks(seat) {
            if let (Step::Reveal { good, .. }, Some(n)) =
                (self.table.step, self.pending.get(&(seat as u8)))
            {
                v["question"] = json!(format!(
                    "You show {n} {good}: waiting for the others (shown when everyone has entered)"
                ));
            } else if self.table.prompt().who.is_some() {
                v["question"] = json!(format!(
                    "Waiting for {}",
                    self.table.name(self.table.prompt().who.unwrap_or(me))
                ));
            }
            v["choices"] = json!([]);
            v["input"] = json!(false);
            return v;
        }
        let p = self.table.prompt();
        let (question, choices, sealed) = match self.table.step {
            Step::Reveal { good, .. } => (
                format!(
                    "Grand Vizier on {good}: how many {good} do you show? Secret until everyone has entered."
                ),
                (0..=5).map(|k| k.to_string()).collect(),
                true,
            ),
            Step::Scoring => (
                "Your final count: gold silver ivory silk fruits jewels spices (e.g. 1 5 0 2 1 0 3)"
                    .to_string(),
                Vec::new(),
                false,
            ),
            _ => (p.question, p.choices, false),
        };
        v["question"] = json!(question);
        v["choices"] = json!(choices);
        v["input"] = json!(true);
        v["sealed"] = json!(sealed);
        v
    }

    fn submit(&mut self, seat: usize, text: &str) -> Result<(), String> {
        if let Some(b) = &self.broken {
            return Err(b.clone());
        }
        if text.eq_ignore_ascii_case("undo") {
            if self.by.last() != Some(&Some(seat)) {
                return Err("only the player who made the last entry can take it back".into());
            }
            let Some(t) = self.table.without_last() else {
                return Err("nothing to undo".into());
            };
            self.journal
                .append(&Line::Undo(true))
                .map_err(|e| e.to_string())?;
            self.table = t;
            self.by.pop();
            self.say(&["undone".to_string()]);
            return Ok(());
        }
        if !self.asks(seat) {
            return Err(match self.table.step {
                Step::Done => "the game is over".into(),
                _ => format!(
                    "it is not your turn to answer ({})",
                    self.table.prompt().question
                ),
            });
        }
        if matches!(self.table.step, Step::Reveal { .. }) {
            return self.reveal(seat, text);
        }
        let text = match self.table.step {
            // The count and the first leader name the player the entry is for.
            Step::Scoring => format!("{} {text}", seat + 1),
            _ => text.to_string(),
        };
        let entry = self.table.parse(&text).map_err(|e| e.to_string())?;
        self.accept(seat, entry)
    }

    fn finished(&self) -> bool {
        self.broken.is_some() || self.table.step == Step::Done
    }
}

/// Serves the table helper until the count is in.
pub fn serve(
    table: Table,
    journal: Journal,
    bind: std::net::SocketAddr,
    out: &mut Out,
) -> CliResult<()> {
    let session = TableSession::new(table, journal, out.json)?;
    let opts = silk_serve::Options {
        bind,
        linger: std::time::Duration::from_secs(3),
    };
    silk_serve::serve(Box::new(session), opts, |urls| {
        crate::serve::announce(urls, out)
    })
    .map_err(|e| CliError::input(format!("--bind {bind}: {e}")))
}
