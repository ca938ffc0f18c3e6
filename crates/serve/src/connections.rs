//! The server's connections, bounded (issue 44). A page keeps one event stream open for the
//! whole game, which is why a connection may live long; but one that says nothing, or stalls,
//! is closed, and no address holds more than its share (2,000 silent connections used to be
//! held for ever, and 1,100 from one machine made every page fail under a 1,024 file limit):
//!
//! - a request's header must arrive within [`Limits::header`] of the connection opening or of
//!   the last response (hyper's header read timeout): a silent connection, or a header sent
//!   a byte at a time, is closed;
//! - a connection on which nothing is read or written for [`Limits::idle`] is closed (a body
//!   that stalls). A page's event stream writes a keep-alive every 15 s, so a live stream is
//!   never idle;
//! - at most [`Limits::per_address`] connections from one address and [`Limits::total`] in
//!   all: a further one is closed at once, so phones are still served while one address
//!   floods.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// How long connections may wait, and how many may be open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// For a request's header, from the connection's start or the last response.
    pub header: Duration,
    /// With nothing read or written.
    pub idle: Duration,
    /// Open at once from one address.
    pub per_address: usize,
    /// Open at once in all.
    pub total: usize,
}

impl Default for Limits {
    /// A table has a handful of phones, each with a page or two (a browser opens at most 6
    /// connections to a server); the total stays well under the usual 1,024 open files.
    fn default() -> Limits {
        Limits {
            header: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            per_address: 32,
            total: 512,
        }
    }
}

/// Open connections, per address and in all.
#[derive(Default)]
struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// One connection's place in [`Counts`], given back when it closes.
struct Slot {
    counts: Arc<Mutex<Counts>>,
    address: IpAddr,
}

impl Slot {
    /// A place for a connection from `address`, or `None` past the limits.
    fn take(counts: &Arc<Mutex<Counts>>, address: IpAddr, limits: &Limits) -> Option<Slot> {
        let mut c = counts.lock().unwrap_or_else(|p| p.into_inner());
        let mine = c.by_address.get(&address).copied().unwrap_or(0);
        if mine >= limits.per_address || c.total >= limits.total {
            return None;
        }
        c.by_address.insert(address, mine + 1);
        c.total += 1;
        Some(Slot {
            counts: counts.clone(),
            address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                c.by_address.remove(&self.address);
            }
        }
    }
}

/// A connection that fails once nothing has been read or written on it for `idle`.
struct Idle {
    io: TcpStream,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl Idle {
    fn new(io: TcpStream, idle: Duration) -> Idle {
        Idle {
            io,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }

    fn active(&mut self) {
        let at = Instant::now() + self.idle;
        self.deadline.as_mut().reset(at);
    }

    /// Called while the socket has nothing to give: an error once the connection is idle.
    fn expired<T>(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<T>> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "connection idle",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Idle {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    this.active();
                }
                Poll::Ready(r)
            }
            Poll::Pending => this.expired(cx),
        }
    }
}

impl AsyncWrite for Idle {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.io).poll_write(cx, buf) {
            Poll::Ready(r) => {
                if matches!(r, Ok(n) if n > 0) {
                    this.active();
                }
                Poll::Ready(r)
            }
            Poll::Pending => this.expired(cx),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.io).poll_flush(cx) {
            Poll::Pending => this.expired(cx),
            done => done,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

/// Whether an accept error concerns only the connection that failed (the next accept may
/// succeed at once), as opposed to the process (out of files: wait a little).
fn connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset | Interrupted
    )
}

/// How long the connections still open at shutdown are waited for (the pages' streams end
/// at once; a client that does not read is not waited for).
const DRAIN: Duration = Duration::from_secs(5);

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the open
/// connections finish their responses.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let counts = Arc::new(Mutex::new(Counts::default()));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    // Each connection holds a sender: when all are dropped, every connection has closed.
    let (open, mut closed) = tokio::sync::mpsc::channel::<()>(1);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    if !connection_error(&e) {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
        };
        let Some(slot) = Slot::take(&counts, peer.ip(), &limits) else {
            // Past the limits: closed at once.
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Idle::new(stream, limits.idle));
        let service = TowerToHyperService::new(app.clone());
        let mut stopping = stopping.clone();
        let open = open.clone();
        tokio::spawn(async move {
            let _held = (slot, open);
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header);
            let mut conn = std::pin::pin!(builder.serve_connection(io, service));
            tokio::select! {
                _ = conn.as_mut() => return,
                _ = stopping.wait_for(|s| *s) => conn.as_mut().graceful_shutdown(),
            }
            let _ = conn.await;
        });
    }
    drop(listener);
    stop.send_replace(true);
    drop(open);
    let _ = tokio::time::timeout(DRAIN, closed.recv()).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::response::sse::{Event, KeepAlive, Sse};
    use axum::routing::get;
    use std::io::{Read, Write};

    const SMALL: Limits = Limits {
        header: Duration::from_millis(400),
        idle: Duration::from_millis(400),
        per_address: 4,
        total: 64,
    };

    /// A server with small limits: `/` answers, `/events` is a stream that only keeps alive
    /// (every 100 ms).
    fn small_server() -> (std::net::SocketAddr, tokio::runtime::Runtime) {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = rt.block_on(TcpListener::bind("127.0.0.1:0")).unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new()
            .route(
                "/",
                get(|| async { "ok" })
                    .post(|b: axum::body::Bytes| async move { b.len().to_string() }),
            )
            .route(
                "/events",
                get(|| async {
                    let quiet =
                        futures_util::stream::pending::<Result<Event, std::convert::Infallible>>();
                    Sse::new(quiet)
                        .keep_alive(KeepAlive::new().interval(Duration::from_millis(100)))
                }),
            );
        rt.spawn(serve(listener, app, SMALL, std::future::pending()));
        (addr, rt)
    }

    /// A connection from `source` (another loopback address: another phone) to `addr`.
    fn connect_from(source: &str, addr: std::net::SocketAddr) -> std::net::TcpStream {
        let s = crate::testing::connect_from(source, addr);
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        s
    }

    /// Whether the server closed `s` (end of stream or reset) within its read timeout.
    fn closed(s: &mut std::net::TcpStream) -> bool {
        let mut b = [0u8; 64];
        loop {
            match s.read(&mut b) {
                Ok(0) => return true,
                Ok(_) => continue,
                Err(e) => {
                    return !matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    )
                }
            }
        }
    }

    /// Whether the server has closed `s` already (no waiting).
    fn closed_now(s: &mut std::net::TcpStream) -> bool {
        s.set_nonblocking(true).unwrap();
        let mut b = [0u8; 64];
        let shut = match s.read(&mut b) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
        };
        s.set_nonblocking(false).unwrap();
        shut
    }

    fn get_ok(source: &str, addr: std::net::SocketAddr) -> bool {
        let mut s = connect_from(source, addr);
        s.write_all(b"GET / HTTP/1.0\r\nHost: x\r\n\r\n").unwrap();
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        out.starts_with("HTTP/1.0 200") && out.ends_with("ok")
    }

    #[test]
    fn issue44_idle_connections_are_capped_per_address_and_timed_out() {
        let (addr, _rt) = small_server();
        // Twelve silent connections from one address: four are held, the rest closed at once.
        let mut silent: Vec<_> = (0..12).map(|_| connect_from("127.0.0.2", addr)).collect();
        std::thread::sleep(Duration::from_millis(150));
        let shut = silent.iter_mut().map(closed_now).filter(|&c| c).count();
        assert_eq!(shut, 8, "past the cap, closed at once");
        // Another address is served meanwhile.
        assert!(get_ok("127.0.0.1", addr), "a phone is served");
        // The held ones are closed once their header is overdue.
        for s in &silent {
            s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
        }
        assert!(silent.iter_mut().all(closed), "silent connections closed");
        // Their places are free again.
        assert!(get_ok("127.0.0.2", addr));
    }

    #[test]
    fn issue44_a_stalled_body_is_closed_but_a_live_stream_is_kept() {
        let (addr, _rt) = small_server();
        let mut stalled = connect_from("127.0.0.1", addr);
        stalled
            .write_all(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
            .unwrap();
        let mut stream = connect_from("127.0.0.1", addr);
        stream
            .write_all(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        stalled
            .set_read_timeout(Some(Duration::from_secs(3)))
            .unwrap();
        assert!(closed(&mut stalled), "a stalled body is closed");
        // The stream outlives the idle and header limits several times over: its keep-alives
        // keep coming.
        std::thread::sleep(Duration::from_millis(1500));
        stream
            .set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let mut seen = Vec::new();
        let mut b = [0u8; 4096];
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_millis(1000) {
            match stream.read(&mut b) {
                Ok(0) => panic!("the live stream was closed"),
                Ok(n) => seen.extend_from_slice(&b[..n]),
                Err(e) => panic!("no keep-alive for 500 ms: {e}"),
            }
        }
        let text = String::from_utf8_lossy(&seen);
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    }
}
