//! What the web server and the session's thread share: the seats' tokens and state, the
//! channel of requests to the session, and the snapshots each page is sent.

use crate::{qr_svg, MAX_ENTRY};
use serde_json::{json, Value};
use std::sync::Mutex;
use tokio::sync::{oneshot, watch};

/// A version that tells every stream the server is closing.
pub(crate) const CLOSING: u64 = u64::MAX;

/// What became of an entry.
pub(crate) enum Answer {
    Taken,
    /// The same answer to the same question again: already done.
    Repeat,
    /// An answer to a question that is no longer asked: nothing changed.
    Passed,
    Refused(String),
}

/// What the web server asks of the session's thread.
pub(crate) enum Req {
    Public(oneshot::Sender<Value>),
    HostView(oneshot::Sender<Value>),
    Private(usize, oneshot::Sender<Value>),
    /// An entry and the question it answers; the reply says what became of it and whether
    /// the game is now over.
    Submit(usize, String, Option<u64>, oneshot::Sender<(Answer, bool)>),
    /// A host control.
    Host(String, oneshot::Sender<(Result<Vec<String>, String>, bool)>),
}

pub(crate) struct Shared {
    pub(crate) to_session: Mutex<std::sync::mpsc::Sender<Req>>,
    pub(crate) title: String,
    pub(crate) names: Vec<String>,
    /// Per seat: its token, whether its page has connected, its last refusal.
    pub(crate) seats: Mutex<Vec<SeatSlot>>,
    pub(crate) host: String,
    /// `http://ADDRESS:PORT`, as people are told to open it.
    pub(crate) base: String,
    pub(crate) version: watch::Sender<u64>,
    /// Set once the game is over.
    pub(crate) finished: watch::Sender<bool>,
    /// Set when the host quits.
    pub(crate) stop: watch::Sender<bool>,
}

pub(crate) struct SeatSlot {
    /// `None`: nobody joins this seat (a bot plays it).
    pub(crate) token: Option<String>,
    pub(crate) joined: bool,
    pub(crate) error: Option<String>,
}

impl Shared {
    pub(crate) fn bump(&self) {
        self.version
            .send_modify(|v| *v = v.wrapping_add(1) % CLOSING);
    }

    pub(crate) fn seat_of(&self, token: &str) -> Option<usize> {
        let seats = self.seats.lock().ok()?;
        seats.iter().position(|s| s.token.as_deref() == Some(token))
    }

    pub(crate) fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> Req,
    ) -> Option<oneshot::Receiver<T>> {
        let (tx, rx) = oneshot::channel();
        let sender = self.to_session.lock().unwrap_or_else(|p| p.into_inner());
        sender.send(make(tx)).ok()?;
        Some(rx)
    }

    pub(crate) async fn public_snapshot(&self, host: bool) -> Value {
        let rx = if host {
            self.ask(Req::HostView)
        } else {
            self.ask(Req::Public)
        };
        let mut v = match rx {
            Some(rx) => rx.await.unwrap_or_else(|_| json!({})),
            None => json!({}),
        };
        if host {
            let seats = self.seats.lock().unwrap_or_else(|p| p.into_inner());
            let codes: Vec<Value> = seats
                .iter()
                .zip(&self.names)
                .filter(|(s, _)| !s.joined)
                .filter_map(|(s, name)| Some((s.token.as_ref()?, name)))
                .map(|(token, name)| {
                    let url = format!("{}/s/{token}", self.base);
                    json!({"name": name, "url": url, "svg": qr_svg(&url)})
                })
                .collect();
            v["join"] = Value::Array(codes);
        }
        v["title"] = json!(self.title);
        v["version"] = json!(*self.version.borrow());
        v
    }

    pub(crate) async fn private_snapshot(&self, seat: usize) -> Value {
        let mut v = match self.ask(|tx| Req::Private(seat, tx)) {
            Some(rx) => rx.await.unwrap_or_else(|_| json!({})),
            None => json!({}),
        };
        v["title"] = json!(self.title);
        v["seat"] = json!(seat + 1);
        v["name"] = json!(self.names.get(seat).cloned().unwrap_or_default());
        let error = self
            .seats
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(seat)
            .and_then(|s| s.error.clone());
        v["error"] = json!(error);
        v["version"] = json!(*self.version.borrow());
        v
    }

    /// A host control from the host's page or the terminal: `quit` stops the server, the
    /// rest go to the session.
    pub(crate) async fn host_control(&self, text: &str) -> Result<Vec<String>, String> {
        let text = text.trim();
        if text.is_empty() || text.chars().count() > MAX_ENTRY || text.chars().any(char::is_control)
        {
            return Err("a control is 1 to 200 characters of text".into());
        }
        if ["quit", "exit", "stop"].contains(&text.to_lowercase().as_str()) {
            self.stop.send_replace(true);
            return Ok(vec![
                "stopping the server (everything entered is kept)".into()
            ]);
        }
        let reply = match self.ask(|tx| Req::Host(text.to_string(), tx)) {
            Some(rx) => rx.await.ok(),
            None => None,
        };
        let Some((result, finished)) = reply else {
            return Err("the server has stopped".into());
        };
        if result.is_ok() {
            self.bump();
        }
        if finished {
            self.finished.send_replace(true);
        }
        result
    }
}
