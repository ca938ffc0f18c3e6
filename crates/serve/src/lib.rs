//! silk-serve: a small local web server that puts a game at a real table on people's phones.
//!
//! One **table page** for a shared screen shows only public information; one **private page
//! per seat**, reached by a URL with an unguessable token, shows that seat's view and takes its
//! entries; the **host's page** (its own token) adds the join codes and the host's controls.
//! Every page gets live updates by server-sent events and catches up on reconnection (a phone
//! that slept, or a server restarted with `--resume`, gets the current state at once).
//!
//! What a page may see is decided by the [`Session`], never by the page: the table page's
//! stream is made of [`Session::public`] snapshots only, the host's of [`Session::host_view`],
//! and seat K's stream of [`Session::private`]`(K)` snapshots only, so no stream can carry
//! another seat's secrets. Requests are bounded (1 KiB bodies, 200-character entries), every
//! asset is compiled in (no request reaches the file system; a game's drawing of its board,
//! [`Drawing`], is `'static` text compiled into the program too), a malformed request gets an
//! error, not a crash, and no page is cached or leaks its address as a referrer. Connections
//! are bounded too (see [`Limits`]): a silent or stalled one is closed, and one address holds
//! at most 32 at once, so idle connections cannot keep the phones out.
//!
//! With [`Options::links`] the tokens are kept in a secret file (see [`links_path`]), so a
//! restarted server answers the same URLs. Each seat snapshot carries `"ask"`, the number of
//! the question it shows (a new number whenever what the seat is asked changes, and after each
//! of its own entries). An entry sent with `?q=ASK` is taken only while that question is the
//! seat's question of the moment: one that repeats the seat's last accepted entry for the same
//! question (a double tap, a retry after a timeout) is taken as already done, any other for a
//! question that is not the current one gets "that question has passed" and changes nothing.
//! An entry without `?q=` (a script) answers whatever is asked at the moment; one whose `q` is
//! not a number is refused.

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::stream::{self, Stream};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::{oneshot, watch};

mod connections;
mod links;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub use connections::Limits;
pub use links::links_path;
use links::Links;

/// A game (or a table helper) as the server sees it. It stays on the thread that called
/// [`serve`] (bots and engines need not be `Send`); the web server asks it for snapshots and
/// hands it entries, one at a time.
pub trait Session {
    /// The page title.
    fn title(&self) -> String;
    /// One name per seat.
    fn seat_names(&self) -> Vec<String>;
    /// What anyone may see: `{"status", "board", "history", "question", "result", "paused"}`
    /// (all optional; `result`: `{"headline", "rows": [{"rank", "name", "total", "parts"}],
    /// "notes"}`).
    fn public(&self) -> Value;
    /// What seat `seat` may see and do: the public fields plus `"question"`, `"choices"`
    /// (answers as buttons), `"input"` (free entry allowed), `"sealed"` (the entry is secret
    /// until revealed), `"confirm"` (the page asks "sure?" before sending a choice),
    /// `"form"` (`{"fields": [names], "values": [numbers]}`: numbers sent space-separated),
    /// `"actions"` (`[{"label", "send"}]`: further buttons, e.g. "change my entry").
    fn private(&self, seat: usize) -> Value;
    /// An entry from seat `seat`; `Err` says why it is refused (nothing changed).
    fn submit(&mut self, seat: usize, text: &str) -> Result<(), String>;
    /// The game is over: no entry is taken any more; the server lingers a moment for the last
    /// updates, then stops.
    fn finished(&self) -> bool;
    /// Whether a person plays `seat` (a bot's seat gets no page).
    fn joinable(&self, seat: usize) -> bool {
        let _ = seat;
        true
    }
    /// The host's page: what anyone may see plus `"controls"` (`[{"label", "send",
    /// "confirm"}]`) and `"forms"` (`[{"label", "send", "fields", "values"}]`).
    fn host_view(&self) -> Value {
        self.public()
    }
    /// A host control, from the host's page or the terminal (`undo`, `pause`, `status`, …):
    /// what to tell the host, or why it is refused (nothing changed). `quit` never reaches
    /// the session: the server stops.
    fn host(&mut self, text: &str) -> Result<Vec<String>, String> {
        let _ = text;
        Err("this game has no host controls".into())
    }
    /// The script and styles that draw the snapshots' `"game"` board ([`Drawing::NONE`]: the
    /// pages show the text board). The server knows no game: each game brings its own.
    fn drawing(&self) -> Drawing {
        Drawing::NONE
    }
}

/// A game's drawing of its board on the pages, served as `/board.js` and `/board.css` (empty
/// where there is none). Both are compiled into the program: no request reads a file.
///
/// The contract with the page (`assets/app.js`): a snapshot's `"game"` is the game's board as
/// JSON with a `"kind"`; the script registers `window.silkGames[KIND] = draw`, and the page
/// calls `draw(snapshot, element, {role, send})` on every snapshot, `role` being `"seat"`,
/// `"table"` or `"public"` and `send(text)` sending an entry as the seat's answer. `draw` fills
/// the element and returns `{board, moves}`: whether it drew the board (the text board gives
/// way) and the seat's moves (the answer buttons give way; `"game"."moves"`, if any, then count
/// in the question asked). The page's `h(tag, class, text)` makes an element holding text
/// only (never markup), so nothing a snapshot carries is read as HTML. The styles come after
/// the page's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// JavaScript, run before the page's own script.
    pub script: &'static str,
    /// CSS, after the page's own.
    pub style: &'static str,
}

impl Drawing {
    /// No drawing: the pages show the text board.
    pub const NONE: Drawing = Drawing {
        script: "",
        style: "",
    };
}

/// Where the pages are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Urls {
    /// The public table page (no secrets, no join codes).
    pub public: String,
    /// The host's table page: the public page plus the host's controls and the join QR codes
    /// of seats not yet joined. Only the host should open it.
    pub table: String,
    /// The private page of each seat a person plays.
    pub seats: Vec<SeatUrl>,
    /// The tokens are those kept in the links file (the pages opened before answer again).
    pub links_kept: bool,
    /// The address is the one kept in the links file (no `bind` was given).
    pub address_kept: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatUrl {
    /// From 1.
    pub seat: usize,
    pub name: String,
    pub url: String,
}

/// The address served when none is given and none is kept with the links.
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

/// How to serve.
#[derive(Clone, Debug)]
pub struct Options {
    /// `None`: the address kept in the links file, else [`DEFAULT_BIND`].
    pub bind: Option<SocketAddr>,
    /// How long to keep serving after the game ends, so every page gets the final state.
    pub linger: Duration,
    /// The secret file that keeps the pages' links across restarts (`None`: new links).
    pub links: Option<PathBuf>,
    /// New tokens in the links file, the address it keeps kept (pages opened before say
    /// their link no longer works).
    pub new_links: bool,
    /// How long connections may wait and how many may be open ([`Limits::default`]: a
    /// table's phones, with room to spare).
    pub limits: Limits,
}

/// How serving ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The game is over.
    Finished,
    /// The host quit or pressed Ctrl-C: the game goes on when resumed.
    Stopped,
}

/// The longest entry a page may send.
pub const MAX_ENTRY: usize = 200;
/// The answer to an entry for a question that is no longer asked.
pub const PASSED: &str = "that question has passed";
/// The largest request body accepted.
pub const MAX_BODY: usize = 1024;
/// A version that tells every stream the server is closing.
const CLOSING: u64 = u64::MAX;
/// How soon a page's stream reconnects after losing the server.
const RETRY: Duration = Duration::from_millis(1000);

/// What became of an entry.
enum Answer {
    Taken,
    /// The same answer to the same question again: already done.
    Repeat,
    /// An answer to a question that is no longer asked: nothing changed.
    Passed,
    Refused(String),
}

/// What the web server asks of the session's thread.
enum Req {
    Public(oneshot::Sender<Value>),
    HostView(oneshot::Sender<Value>),
    Private(usize, oneshot::Sender<Value>),
    /// An entry and the question it answers; the reply says what became of it and whether
    /// the game is now over.
    Submit(usize, String, Option<u64>, oneshot::Sender<(Answer, bool)>),
    /// A host control.
    Host(String, oneshot::Sender<(Result<Vec<String>, String>, bool)>),
}

struct Shared {
    to_session: Mutex<std::sync::mpsc::Sender<Req>>,
    title: String,
    names: Vec<String>,
    /// Per seat: its token, whether its page has connected, its last refusal.
    seats: Mutex<Vec<SeatSlot>>,
    host: String,
    /// `http://ADDRESS:PORT`, as people are told to open it.
    base: String,
    version: watch::Sender<u64>,
    /// Set once the game is over.
    finished: watch::Sender<bool>,
    /// Set when the host quits.
    stop: watch::Sender<bool>,
}

struct SeatSlot {
    /// `None`: nobody joins this seat (a bot plays it).
    token: Option<String>,
    joined: bool,
    error: Option<String>,
}

impl Shared {
    fn bump(&self) {
        self.version
            .send_modify(|v| *v = v.wrapping_add(1) % CLOSING);
    }

    fn seat_of(&self, token: &str) -> Option<usize> {
        let seats = self.seats.lock().ok()?;
        seats.iter().position(|s| s.token.as_deref() == Some(token))
    }

    fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Req) -> Option<oneshot::Receiver<T>> {
        let (tx, rx) = oneshot::channel();
        let sender = self.to_session.lock().unwrap_or_else(|p| p.into_inner());
        sender.send(make(tx)).ok()?;
        Some(rx)
    }

    async fn public_snapshot(&self, host: bool) -> Value {
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

    async fn private_snapshot(&self, seat: usize) -> Value {
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
    async fn host_control(&self, text: &str) -> Result<Vec<String>, String> {
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

/// The host's terminal, while the pages are served: its controls go where the host page's go.
#[derive(Clone)]
pub struct Remote {
    shared: Weak<Shared>,
    runtime: tokio::runtime::Handle,
}

impl Remote {
    /// A host control (`undo`, `pause`, `status`, `quit`, …); blocks until the session
    /// answers. `None`: the server has stopped.
    pub fn host(&self, text: &str) -> Option<Result<Vec<String>, String>> {
        let shared = self.shared.upgrade()?;
        Some(self.runtime.block_on(shared.host_control(text)))
    }
}

/// An SVG QR code of `text` (for the host's table page).
pub fn qr_svg(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color>()
            .min_dimensions(160, 160)
            .build(),
        Err(_) => String::new(),
    }
}

/// A QR code of `text` for a terminal, in block characters.
pub fn qr_text(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::unicode::Dense1x2>()
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

const PAGE: &str = include_str!("../assets/page.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
/// The phone and TV layouts, for every game (issue 34).
const LAYOUT: &str = include_str!("../assets/layout.css");
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The page for a role; `base` is the path its stream and entries go to (a hex token or
/// nothing, never text from a request).
fn page(role: &str, base: &str) -> Html<String> {
    Html(PAGE.replace("{{role}}", role).replace("{{base}}", base))
}

/// A link that opens no page of this table: a typo, or a table restarted without its links
/// file (the phones then need their new links).
fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html(
            "<!DOCTYPE html><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>silk</title><p>This link opens no page of this table. If the game was \
             restarted, ask the host for your new link or scan your code again.</p>",
        ),
    )
        .into_response()
}

/// No page or stream is cached (a seat's page is a key to its seat), and no link is sent
/// on as a referrer.
async fn private_headers(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}

/// Which snapshots a stream carries: the public ones, the host's (with the join codes and
/// controls), or one seat's.
#[derive(Clone, Copy)]
enum Feed {
    Public { host: bool },
    Seat(usize),
}

/// A stream of snapshots: the current one at once, then one per change, until closing.
fn snapshots(
    shared: Arc<Shared>,
    feed: Feed,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let rx = shared.version.subscribe();
    let s = stream::unfold(
        (shared, rx, true, false),
        move |(shared, mut rx, first, done)| async move {
            if done {
                return None;
            }
            if !first && rx.changed().await.is_err() {
                return None;
            }
            if *rx.borrow() == CLOSING {
                // Over: the pages stop; stopped: they keep trying until the game resumes.
                let over = *shared.finished.borrow();
                let ev = Event::default()
                    .event("closed")
                    .data(json!({ "over": over }).to_string());
                return Some((Ok(ev), (shared, rx, false, true)));
            }
            let v = match feed {
                Feed::Public { host } => shared.public_snapshot(host).await,
                Feed::Seat(seat) => shared.private_snapshot(seat).await,
            };
            let mut ev = Event::default().data(v.to_string());
            if first {
                ev = ev.retry(RETRY);
            }
            Some((Ok(ev), (shared, rx, false, false)))
        },
    );
    Sse::new(s).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

async fn public_page() -> Html<String> {
    page("public", "")
}

async fn public_events(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    snapshots(shared, Feed::Public { host: false })
}

async fn host_page(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    if tok != shared.host {
        return not_found();
    }
    page("table", &format!("/t/{}", shared.host)).into_response()
}

async fn host_events(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    if tok != shared.host {
        return not_found();
    }
    snapshots(shared, Feed::Public { host: true }).into_response()
}

async fn host_act(
    State(shared): State<Arc<Shared>>,
    Path(tok): Path<String>,
    body: Bytes,
) -> Response {
    if tok != shared.host {
        return not_found();
    }
    let Ok(text) = std::str::from_utf8(&body) else {
        return refuse(StatusCode::BAD_REQUEST, "the control is not text");
    };
    match shared.host_control(text).await {
        Ok(said) => axum::Json(json!({"ok": true, "said": said})).into_response(),
        Err(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &why),
    }
}

async fn seat_page(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    match shared.seat_of(&tok) {
        Some(_) => page("seat", &format!("/s/{tok}")).into_response(),
        None => not_found(),
    }
}

async fn seat_events(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    let Some(seat) = shared.seat_of(&tok) else {
        return not_found();
    };
    let newly = {
        let mut seats = shared.seats.lock().unwrap_or_else(|p| p.into_inner());
        let newly = !seats[seat].joined;
        seats[seat].joined = true;
        newly
    };
    if newly {
        // The host's page drops this seat's join code.
        shared.bump();
    }
    snapshots(shared, Feed::Seat(seat)).into_response()
}

fn refuse(code: StatusCode, why: &str) -> Response {
    (code, axum::Json(json!({"ok": false, "error": why}))).into_response()
}

/// The question an entry answers: `?q=N` (the `"ask"` of the snapshot the page showed).
/// `Err`: a `q` that is not a number (no page sends one), so no question it could answer.
fn question_of(uri: &Uri) -> Result<Option<u64>, ()> {
    let q = uri
        .query()
        .and_then(|query| query.split('&').find_map(|kv| kv.strip_prefix("q=")));
    q.map(|q| q.parse().map_err(|_| ())).transpose()
}

async fn seat_act(
    State(shared): State<Arc<Shared>>,
    Path(tok): Path<String>,
    uri: Uri,
    body: Bytes,
) -> Response {
    let Some(seat) = shared.seat_of(&tok) else {
        return not_found();
    };
    let Ok(text) = std::str::from_utf8(&body) else {
        return refuse(StatusCode::BAD_REQUEST, "the entry is not text");
    };
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_ENTRY {
        return refuse(StatusCode::BAD_REQUEST, "an entry is 1 to 200 characters");
    }
    if text.chars().any(char::is_control) {
        return refuse(StatusCode::BAD_REQUEST, "the entry has control characters");
    }
    let Ok(q) = question_of(&uri) else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the question number is not a number",
        );
    };
    let reply = match shared.ask(|tx| Req::Submit(seat, text.to_string(), q, tx)) {
        Some(rx) => rx.await.ok(),
        None => None,
    };
    let Some((answer, finished)) = reply else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has stopped");
    };
    match answer {
        Answer::Repeat => return axum::Json(json!({"ok": true, "repeat": true})).into_response(),
        // Nothing changed: no refusal is kept on the page, no page needs an update.
        Answer::Passed => return refuse(StatusCode::CONFLICT, PASSED),
        _ => {}
    }
    {
        let mut seats = shared.seats.lock().unwrap_or_else(|p| p.into_inner());
        seats[seat].error = match &answer {
            Answer::Refused(why) => Some(why.clone()),
            _ => None,
        };
    }
    shared.bump();
    if finished {
        shared.finished.send_replace(true);
    }
    match answer {
        Answer::Refused(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &why),
        _ => axum::Json(json!({"ok": true})).into_response(),
    }
}

/// A compiled-in asset (never a file read).
fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// The address to tell people: the bound one, or for an unspecified bind (0.0.0.0) this
/// machine's address on the local network as the system routes it.
fn shown_address(bound: SocketAddr) -> String {
    if !bound.ip().is_unspecified() {
        return bound.to_string();
    }
    let lan = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|_| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip());
    match lan {
        Ok(ip) if !ip.is_unspecified() => SocketAddr::new(ip, bound.port()).to_string(),
        _ => SocketAddr::new([127, 0, 0, 1].into(), bound.port()).to_string(),
    }
}

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
struct Book {
    seats: Vec<Asked>,
    /// The next unused number: numbers are never reused, by any seat.
    next: u64,
}

impl Book {
    /// Numbers start from the clock (in microseconds), so a question from before a restart
    /// never matches one asked after it.
    fn new(seats: usize) -> Book {
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
    fn number(&mut self, seat: usize, snapshot: &Value) -> u64 {
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

    fn submit(
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

/// Serves `session` until the game is over (plus `linger`), the host quits, or Ctrl-C. The
/// session stays on this thread; the web server runs on its own. `ready` gets the pages'
/// addresses once the port is bound, and a [`Remote`] for the host's terminal.
pub fn serve(
    mut session: Box<dyn Session>,
    opts: Options,
    ready: impl FnOnce(&Urls, Remote),
) -> std::io::Result<Ended> {
    let (to_session, requests) = std::sync::mpsc::channel::<Req>();
    let (urls_tx, urls_rx) = std::sync::mpsc::channel::<std::io::Result<(Urls, Remote)>>();
    let names = session.seat_names();
    let joinable: Vec<bool> = (0..names.len()).map(|i| session.joinable(i)).collect();
    let kept = match &opts.links {
        Some(path) => Links::load(path, &joinable).map_err(std::io::Error::other)?,
        None => None,
    };
    let links_kept = kept.is_some() && !opts.new_links;
    let links = match kept {
        Some(links) if !opts.new_links => links,
        // New tokens where the table was served: old pages then say their link is gone.
        Some(old) => Links {
            bind: old.bind,
            ..Links::fresh(&joinable)
        },
        None => Links::fresh(&joinable),
    };
    let title = session.title();
    let drawing = session.drawing();
    let already_over = session.finished();
    let n = names.len();
    let server = std::thread::Builder::new()
        .name("silk-serve".into())
        .spawn(move || -> std::io::Result<Ended> {
            let rt = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = urls_tx.send(Err(std::io::Error::other(e.to_string())));
                    return Err(e);
                }
            };
            let setup = Setup {
                links_kept,
                to_session,
                title,
                names,
                drawing,
                links,
                already_over,
                opts,
            };
            match rt.block_on(run(setup, &urls_tx)) {
                Ok(ended) => Ok(ended),
                Err(e) => {
                    let _ = urls_tx.send(Err(std::io::Error::new(e.kind(), e.to_string())));
                    Err(e)
                }
            }
        })?;
    let (urls, remote) = urls_rx
        .recv()
        .map_err(|_| std::io::Error::other("the web server did not start"))??;
    ready(&urls, remote);
    let mut book = Book::new(n);
    // The session answers the server until the server stops (and drops its sender).
    for req in requests {
        match req {
            Req::Public(tx) => {
                let _ = tx.send(session.public());
            }
            Req::HostView(tx) => {
                let _ = tx.send(session.host_view());
            }
            Req::Private(seat, tx) => {
                let mut v = session.private(seat);
                v["ask"] = json!(book.number(seat, &v));
                let _ = tx.send(v);
            }
            Req::Submit(seat, text, q, tx) => {
                let a = book.submit(session.as_mut(), seat, text, q);
                let _ = tx.send((a, session.finished()));
            }
            Req::Host(text, tx) => {
                let r = if session.finished() {
                    Err("the game is over: nothing more can be entered".into())
                } else {
                    session.host(&text)
                };
                let _ = tx.send((r, session.finished()));
            }
        }
    }
    server
        .join()
        .map_err(|_| std::io::Error::other("the web server failed"))?
}

struct Setup {
    links_kept: bool,
    to_session: std::sync::mpsc::Sender<Req>,
    title: String,
    names: Vec<String>,
    drawing: Drawing,
    links: Links,
    already_over: bool,
    opts: Options,
}

async fn run(
    setup: Setup,
    urls_tx: &std::sync::mpsc::Sender<std::io::Result<(Urls, Remote)>>,
) -> std::io::Result<Ended> {
    let opts = setup.opts;
    let mut links = setup.links;
    let address_kept = opts.bind.is_none() && links.bind.is_some();
    let bind = match (opts.bind, links.bind) {
        (Some(b), _) | (None, Some(b)) => b,
        (None, None) => DEFAULT_BIND.parse().map_err(std::io::Error::other)?,
    };
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|e| std::io::Error::new(e.kind(), format!("{bind}: {e}")))?;
    let bound = listener.local_addr()?;
    if let Some(path) = &opts.links {
        // The real port, so a restart (even of a server asked for port 0) answers the same URLs.
        links.bind = Some(bound);
        links.save(path).map_err(std::io::Error::other)?;
    }
    let base = format!("http://{}", shown_address(bound));
    let seats: Vec<SeatSlot> = links
        .seats
        .iter()
        .map(|t| SeatSlot {
            token: t.clone(),
            joined: false,
            error: None,
        })
        .collect();
    let host = links.host.clone();
    let urls = Urls {
        links_kept: setup.links_kept,
        address_kept,
        public: format!("{base}/"),
        table: format!("{base}/t/{host}"),
        seats: setup
            .names
            .iter()
            .zip(&seats)
            .enumerate()
            .filter_map(|(i, (n, s))| {
                Some(SeatUrl {
                    seat: i + 1,
                    name: n.clone(),
                    url: format!("{base}/s/{}", s.token.as_ref()?),
                })
            })
            .collect(),
    };
    // Versions start from the clock too: a page that reconnects after a restart sees newer
    // snapshots, never older numbers.
    let start = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    let (version, _) = watch::channel(start);
    let (finished, mut fin_rx) = watch::channel(setup.already_over);
    let (stop, mut stop_rx) = watch::channel(false);
    let drawing = setup.drawing;
    let shared = Arc::new(Shared {
        to_session: Mutex::new(setup.to_session),
        title: setup.title,
        names: setup.names,
        seats: Mutex::new(seats),
        host,
        base,
        version,
        finished,
        stop,
    });
    let app = Router::new()
        .route("/", get(public_page))
        .route("/events", get(public_events))
        .route("/t/{tok}", get(host_page))
        .route("/t/{tok}/events", get(host_events))
        .route("/t/{tok}/act", post(host_act))
        .route("/s/{tok}", get(seat_page))
        .route("/s/{tok}/events", get(seat_events))
        .route("/s/{tok}/act", post(seat_act))
        .route("/app.js", get(|| async { asset(JS, SCRIPT) }))
        .route("/style.css", get(|| async { asset(CSS, STYLE) }))
        .route("/layout.css", get(|| async { asset(CSS, LAYOUT) }))
        // The game's own drawing of its board (empty for a game without one).
        .route(
            "/board.js",
            get(move || async move { asset(JS, drawing.script) }),
        )
        .route(
            "/board.css",
            get(move || async move { asset(CSS, drawing.style) }),
        )
        .fallback(|| async { not_found() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(private_headers))
        .with_state(shared.clone());
    let remote = Remote {
        shared: Arc::downgrade(&shared),
        runtime: tokio::runtime::Handle::current(),
    };
    // Ctrl-C is caught from now on (before anyone is told the links), so it always stops the
    // server the orderly way and the host is told how to go on.
    let interrupted = interrupt()?;
    let _ = urls_tx.send(Ok((urls, remote)));
    let closing = shared.clone();
    let linger = opts.linger;
    let shutdown = async move {
        let finished = async {
            while !*fin_rx.borrow() {
                if fin_rx.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
            tokio::time::sleep(linger).await;
        };
        let quit = async {
            while !*stop_rx.borrow() {
                if stop_rx.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::select! {
            _ = finished => {}
            _ = quit => {}
            _ = interrupted => {}
        }
        // Every stream sends "closed" and ends, so the server can stop.
        closing.version.send_replace(CLOSING);
    };
    connections::serve(listener, app, opts.limits, shutdown).await;
    let ended = if *shared.finished.borrow() {
        Ended::Finished
    } else {
        Ended::Stopped
    };
    // Dropping the last sender ends the session's loop.
    drop(shared);
    Ok(ended)
}

/// A future that completes at Ctrl-C (SIGINT), its handler installed at once.
#[cfg(unix)]
fn interrupt() -> std::io::Result<impl std::future::Future<Output = ()>> {
    let mut sig = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())?;
    Ok(async move {
        sig.recv().await;
    })
}

#[cfg(not(unix))]
fn interrupt() -> std::io::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_codes_render() {
        assert!(qr_svg("http://127.0.0.1:8080/s/00").starts_with("<?xml"));
        assert!(!qr_text("http://127.0.0.1:8080/s/00").is_empty());
    }

    #[test]
    fn issue34_questions_are_read_from_the_query() {
        assert_eq!(
            question_of(&"/s/ab/act?q=17".parse().unwrap()),
            Ok(Some(17))
        );
        assert_eq!(
            question_of(&"/s/ab/act?x=1&q=5".parse().unwrap()),
            Ok(Some(5))
        );
        assert_eq!(question_of(&"/s/ab/act".parse().unwrap()), Ok(None));
        assert_eq!(question_of(&"/s/ab/act?x=1".parse().unwrap()), Ok(None));
        // Issue 44: a question number that is no number answers no question.
        assert_eq!(question_of(&"/s/ab/act?q=no".parse().unwrap()), Err(()));
    }
}
