//! Helpers for tests that serve pages (the `testing` feature): not used by the server.

/// A blocking connection to `addr` from `source`, another loopback address of this machine
/// (another phone): the local end is bound before connecting, which std cannot do and
/// tokio's socket can.
pub fn connect_from(source: &str, addr: std::net::SocketAddr) -> std::net::TcpStream {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime for one connection");
    let s = rt.block_on(async {
        let s = tokio::net::TcpSocket::new_v4().expect("a socket");
        s.bind(
            format!("{source}:0")
                .parse()
                .expect("source is an IPv4 address"),
        )
        .expect("source is an address of this machine");
        s.connect(addr)
            .await
            .expect("the server accepts")
            .into_std()
            .expect("a std stream")
    });
    s.set_nonblocking(false).expect("a blocking stream");
    s
}
