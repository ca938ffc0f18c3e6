//! silk-serve: a small local web server that puts a game at a real table on people's phones.
//!
//! One **table page** for a shared screen shows only public information; one **private page
//! per seat**, reached by a URL with an unguessable token, shows that seat's view and takes its
//! entries. Every page gets live updates by server-sent events and catches up on reconnection
//! (a phone that slept gets the current state at once).
//!
//! What a page may see is decided by the [`Session`], never by the page: the table page's
//! stream is made of [`Session::public`] snapshots only, and seat K's stream of
//! [`Session::private`]`(K)` snapshots only, so no stream can carry another seat's secrets.
//! Requests are bounded (1 KiB bodies, 200-character entries), every asset is compiled in (no
//! request reaches the file system), and a malformed request gets an error, not a crash.

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::stream::{self, Stream};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{oneshot, watch};

/// A game (or a table helper) as the server sees it. It stays on the thread that called
/// [`serve`] (bots and engines need not be `Send`); the web server asks it for snapshots and
/// hands it entries, one at a time.
pub trait Session {
    /// The page title.
    fn title(&self) -> String;
    /// One name per seat.
    fn seat_names(&self) -> Vec<String>;
    /// What anyone may see: `{"status", "board", "history", "question"}` (all optional).
    fn public(&self) -> Value;
    /// What seat `seat` may see and do: the public fields plus `"question"`, `"choices"`
    /// (answers as buttons), `"input"` (free entry allowed), `"sealed"` (the entry is secret
    /// until revealed).
    fn private(&self, seat: usize) -> Value;
    /// An entry from seat `seat`; `Err` says why it is refused (nothing changed).
    fn submit(&mut self, seat: usize, text: &str) -> Result<(), String>;
    /// The game is over: the server lingers a moment for the last updates, then stops.
    fn finished(&self) -> bool;
    /// Whether a person plays `seat` (a bot's seat gets no page).
    fn joinable(&self, seat: usize) -> bool {
        let _ = seat;
        true
    }
}

/// Where the pages are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Urls {
    /// The public table page (no secrets, no join codes).
    pub public: String,
    /// The host's table page: the public page plus the join QR codes of seats not yet
    /// joined. Only the host should open it (it carries every seat's link until they join).
    pub table: String,
    /// The private page of each seat a person plays.
    pub seats: Vec<SeatUrl>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatUrl {
    /// From 1.
    pub seat: usize,
    pub name: String,
    pub url: String,
}

/// How to serve.
#[derive(Clone, Debug)]
pub struct Options {
    pub bind: SocketAddr,
    /// How long to keep serving after the game ends, so every page gets the final state.
    pub linger: Duration,
}

/// The longest entry a page may send.
pub const MAX_ENTRY: usize = 200;
/// The largest request body accepted.
pub const MAX_BODY: usize = 1024;
/// A version that tells every stream the server is closing.
const CLOSING: u64 = u64::MAX;

/// What the web server asks of the session's thread.
enum Req {
    Public(oneshot::Sender<Value>),
    Private(usize, oneshot::Sender<Value>),
    /// An entry; the reply says whether it was taken and whether the game is now over.
    Submit(usize, String, oneshot::Sender<(Result<(), String>, bool)>),
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
}

struct SeatSlot {
    /// `None`: nobody joins this seat (a bot plays it).
    token: Option<String>,
    joined: bool,
    error: Option<String>,
}

/// An unguessable token: 128 bits from the operating system's generator, as hex.
fn token() -> String {
    use rand::rand_core::TryRngCore;
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    if rand::rngs::OsRng.try_fill_bytes(&mut bytes).is_err() {
        // No OS entropy: the thread generator (a CSPRNG itself seeded from the OS).
        rand::rng().fill_bytes(&mut bytes);
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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

    async fn public_snapshot(&self, with_codes: bool) -> Value {
        let mut v = match self.ask(Req::Public) {
            Some(rx) => rx.await.unwrap_or_else(|_| json!({})),
            None => json!({}),
        };
        if with_codes {
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
/// The game drawings and the phone and TV layouts (issue 34).
const GAME_ASSETS: &[(&str, &str, &str)] = &[
    (
        "splendor.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/splendor.js"),
    ),
    (
        "cities.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/cities.js"),
    ),
    (
        "layout.css",
        "text/css; charset=utf-8",
        include_str!("../assets/layout.css"),
    ),
];

/// The page for a role; `base` is the path its stream and entries go to (a hex token or
/// nothing, never text from a request).
fn page(role: &str, base: &str) -> Html<String> {
    Html(PAGE.replace("{{role}}", role).replace("{{base}}", base))
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html("<!DOCTYPE html><title>silk</title><p>No such page: ask the host for your link.</p>"),
    )
        .into_response()
}

/// Which snapshots a stream carries: the public ones (with the join codes for the host) or
/// one seat's.
#[derive(Clone, Copy)]
enum Feed {
    Public { codes: bool },
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
                let ev = Event::default().event("closed").data("{}");
                return Some((Ok(ev), (shared, rx, false, true)));
            }
            let v = match feed {
                Feed::Public { codes } => shared.public_snapshot(codes).await,
                Feed::Seat(seat) => shared.private_snapshot(seat).await,
            };
            let ev = Event::default().data(v.to_string());
            Some((Ok(ev), (shared, rx, false, false)))
        },
    );
    Sse::new(s).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

async fn public_page() -> Html<String> {
    page("public", "")
}

async fn public_events(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    snapshots(shared, Feed::Public { codes: false })
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
    snapshots(shared, Feed::Public { codes: true }).into_response()
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

async fn seat_act(
    State(shared): State<Arc<Shared>>,
    Path(tok): Path<String>,
    body: Bytes,
) -> Response {
    let Some(seat) = shared.seat_of(&tok) else {
        return not_found();
    };
    let refuse = |code: StatusCode, why: &str| {
        (code, axum::Json(json!({"ok": false, "error": why}))).into_response()
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
    let reply = match shared.ask(|tx| Req::Submit(seat, text.to_string(), tx)) {
        Some(rx) => rx.await.ok(),
        None => None,
    };
    let Some((result, finished)) = reply else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has stopped");
    };
    {
        let mut seats = shared.seats.lock().unwrap_or_else(|p| p.into_inner());
        seats[seat].error = result.as_ref().err().cloned();
    }
    shared.bump();
    if finished {
        shared.finished.send_replace(true);
    }
    match result {
        Ok(()) => axum::Json(json!({"ok": true})).into_response(),
        Err(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &why),
    }
}

async fn asset_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

async fn asset_style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// One of [`GAME_ASSETS`] by its name (never a file read).
fn game_asset(name: &'static str) -> Response {
    match GAME_ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => not_found(),
    }
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

/// Serves `session` until the game is over (plus `linger`) or Ctrl-C. The session stays on
/// this thread; the web server runs on its own. `ready` gets the pages' addresses once the
/// port is bound.
pub fn serve(
    mut session: Box<dyn Session>,
    opts: Options,
    ready: impl FnOnce(&Urls),
) -> std::io::Result<()> {
    let (to_session, requests) = std::sync::mpsc::channel::<Req>();
    let (urls_tx, urls_rx) = std::sync::mpsc::channel::<std::io::Result<Urls>>();
    let names = session.seat_names();
    let joinable: Vec<bool> = (0..names.len()).map(|i| session.joinable(i)).collect();
    let title = session.title();
    let already_over = session.finished();
    let server = std::thread::Builder::new()
        .name("silk-serve".into())
        .spawn(move || {
            let rt = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = urls_tx.send(Err(e));
                    return;
                }
            };
            let setup = Setup {
                to_session,
                title,
                names,
                joinable,
                already_over,
                opts,
            };
            if let Err(e) = rt.block_on(run(setup, &urls_tx)) {
                let _ = urls_tx.send(Err(e));
            }
        })?;
    let urls = urls_rx
        .recv()
        .map_err(|_| std::io::Error::other("the web server did not start"))??;
    ready(&urls);
    // The session answers the server until the server stops (and drops its sender).
    for req in requests {
        match req {
            Req::Public(tx) => {
                let _ = tx.send(session.public());
            }
            Req::Private(seat, tx) => {
                let _ = tx.send(session.private(seat));
            }
            Req::Submit(seat, text, tx) => {
                let r = session.submit(seat, &text);
                let _ = tx.send((r, session.finished()));
            }
        }
    }
    let _ = server.join();
    match urls_rx.try_recv() {
        Ok(Err(e)) => Err(e),
        _ => Ok(()),
    }
}

struct Setup {
    to_session: std::sync::mpsc::Sender<Req>,
    title: String,
    names: Vec<String>,
    joinable: Vec<bool>,
    already_over: bool,
    opts: Options,
}

async fn run(
    setup: Setup,
    urls_tx: &std::sync::mpsc::Sender<std::io::Result<Urls>>,
) -> std::io::Result<()> {
    let opts = setup.opts;
    let listener = tokio::net::TcpListener::bind(opts.bind).await?;
    let base = format!("http://{}", shown_address(listener.local_addr()?));
    let seats: Vec<SeatSlot> = setup
        .joinable
        .iter()
        .map(|&j| SeatSlot {
            token: j.then(token),
            joined: false,
            error: None,
        })
        .collect();
    let host = token();
    let urls = Urls {
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
    let (version, _) = watch::channel(0u64);
    let (finished, mut fin_rx) = watch::channel(setup.already_over);
    let shared = Arc::new(Shared {
        to_session: Mutex::new(setup.to_session),
        title: setup.title,
        names: setup.names,
        seats: Mutex::new(seats),
        host,
        base,
        version,
        finished,
    });
    let app = Router::new()
        .route("/", get(public_page))
        .route("/events", get(public_events))
        .route("/t/{tok}", get(host_page))
        .route("/t/{tok}/events", get(host_events))
        .route("/s/{tok}", get(seat_page))
        .route("/s/{tok}/events", get(seat_events))
        .route("/s/{tok}/act", post(seat_act))
        .route("/app.js", get(asset_script))
        .route("/style.css", get(asset_style))
        .route("/splendor.js", get(|| async { game_asset("splendor.js") }))
        .route("/cities.js", get(|| async { game_asset("cities.js") }))
        .route("/layout.css", get(|| async { game_asset("layout.css") }))
        .fallback(|| async { not_found() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared.clone());
    let _ = urls_tx.send(Ok(urls));
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
        tokio::select! {
            _ = finished => {}
            _ = tokio::signal::ctrl_c() => {}
        }
        // Every stream sends "closed" and ends, so the server can stop.
        closing.version.send_replace(CLOSING);
    };
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await;
    // Dropping the last sender ends the session's loop.
    drop(shared);
    served
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = token();
        let b = token();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn qr_codes_render() {
        assert!(qr_svg("http://127.0.0.1:8080/s/00").starts_with("<?xml"));
        assert!(!qr_text("http://127.0.0.1:8080/s/00").is_empty());
    }
}
