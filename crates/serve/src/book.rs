//! The questions asked: each seat's question of the moment has a number, so that an entry is
//! taken only for the question the player saw.

use crate::shared::Answer;
use crate::Session;
use serde_json::Value;

/// The fields of a seat's snapshot that make up its question: when any of them changes, the
/// seat is asked a new question (with a new number).
const QUESTION_FIELDS: &[&str] = &[
    "question", "choices", "input", "sealed", "confirm", "form", "actions",
];

/// What a seat is asked, as compared from one snapshot to the next: the question fields, and
/// a drawn board's moves.
fn question_of_snapshot(v: &Value) -> Value {
    let mut q: serde_json::Map<String, Value> = QUESTION_FIELDS
        .iter()
        .map(|&f| (f.to_string(), v[f].clone()))
        .collect();
    q.insert("moves".into(), v["game"]["moves"].clone());
    Value::Object(q)
}

/// One seat's question of the moment: its number, what it asks, and the seat's last accepted
/// entry with the number of the question it answered.
#[derive(Clone)]
struct Asked {
    number: u64,
    /// `None`: the seat's own entry ended it; the next snapshot is a new question whatever
    /// it asks (a double tap never lands on a question that looks the same).
    what: Option<Value>,
    last: Option<(u64, String)>,
}

/// The session's side of the questions asked. Each seat's question has a number, sent with
/// its snapshot as `"ask"`; a page sends it back with an entry (`?q=`). The number changes
/// when what the seat is asked changes, or when the seat's own entry is taken, so an entry is
/// taken only for the question the player saw: a tap meant for a question that has passed
/// (the second tap of a double tap that landed after the page moved on, a retry after a
/// restart) changes nothing.
pub(crate) struct Book {
    seats: Vec<Asked>,
    /// The next unused number: numbers are never reused, by any seat.
    next: u64,
}

impl Book {
    /// Numbers start from the clock (in microseconds), so a question from before a restart
    /// never matches one asked after it.
    pub(crate) fn new(seats: usize) -> Book {
        let start = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros() as u64)
            .unwrap_or(1);
        Book {
            seats: vec![
                Asked {
                    number: start,
                    what: None,
                    last: None,
                };
                seats
            ],
            next: start + 1,
        }
    }

    /// The number of the question `snapshot` (seat `seat`'s) asks, a new one if it asks
    /// something new.
    pub(crate) fn number(&mut self, seat: usize, snapshot: &Value) -> u64 {
        let what = question_of_snapshot(snapshot);
        let Some(asked) = self.seats.get_mut(seat) else {
            return 0;
        };
        if asked.what.as_ref() != Some(&what) {
            asked.number = self.next;
            self.next += 1;
            asked.what = Some(what);
        }
        asked.number
    }

    pub(crate) fn submit(
        &mut self,
        session: &mut dyn Session,
        seat: usize,
        text: String,
        q: Option<u64>,
    ) -> Answer {
        if session.finished() {
            return Answer::Refused("the game is over: nothing more can be entered".into());
        }
        let current = self.number(seat, &session.private(seat));
        let Some(asked) = self.seats.get_mut(seat) else {
            return Answer::Refused("no such seat".into());
        };
        if let Some(q) = q {
            if asked.last.as_ref() == Some(&(q, text.clone())) {
                return Answer::Repeat;
            }
            if q != current {
                return Answer::Passed;
            }
        }
        match session.submit(seat, &text) {
            Ok(()) => {
                asked.last = Some((current, text));
                asked.what = None;
                Answer::Taken
            }
            Err(why) => Answer::Refused(why),
        }
    }
}
