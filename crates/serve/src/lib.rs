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

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::watch;

mod book;
mod connections;
mod links;
mod routes;
mod shared;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
use book::Book;
pub use connections::Limits;
pub use links::links_path;
use links::Links;
use shared::{Req, SeatSlot, Shared, CLOSING};

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
    /// `"actions"` (`[{"label", "send"}]`: further buttons, e.g. "change my entry"),
    /// `"placeholder"` (the entry box's hint), `"plain"` (the question is no move on the game's
    /// drawn board: its choices and entry show as plain buttons and box all the same).
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

/// Binds the address, tells `urls_tx` the pages' addresses, and serves them until the game
/// is over (plus the linger), the host quits or Ctrl-C.
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
        seats: seat_urls(&base, &setup.names, &seats),
    };
    // Versions start from the clock too: a page that reconnects after a restart sees newer
    // snapshots, never older numbers.
    let start = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    let (version, _) = watch::channel(start);
    let (finished, fin_rx) = watch::channel(setup.already_over);
    let (stop, stop_rx) = watch::channel(false);
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
    let app = routes::router(shared.clone(), setup.drawing);
    let remote = Remote {
        shared: Arc::downgrade(&shared),
        runtime: tokio::runtime::Handle::current(),
    };
    // Ctrl-C is caught from now on (before anyone is told the links), so it always stops the
    // server the orderly way and the host is told how to go on.
    let interrupted = interrupt()?;
    let _ = urls_tx.send(Ok((urls, remote)));
    let closing = shared.clone();
    let shutdown = async move {
        tokio::select! {
            _ = game_over(fin_rx, opts.linger) => {}
            _ = until_set(stop_rx) => {}
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

/// The private page of each seat a person plays (one with a token), under `base`.
fn seat_urls(base: &str, names: &[String], seats: &[SeatSlot]) -> Vec<SeatUrl> {
    names
        .iter()
        .zip(seats)
        .enumerate()
        .filter_map(|(i, (n, s))| {
            Some(SeatUrl {
                seat: i + 1,
                name: n.clone(),
                url: format!("{base}/s/{}", s.token.as_ref()?),
            })
        })
        .collect()
}

/// Completes once the flag is set (never, should its sender be gone first).
async fn until_set(mut rx: watch::Receiver<bool>) {
    while !*rx.borrow() {
        if rx.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Completes `linger` after the game is over, so every page gets the final state.
async fn game_over(finished: watch::Receiver<bool>, linger: Duration) {
    until_set(finished).await;
    tokio::time::sleep(linger).await;
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
}
