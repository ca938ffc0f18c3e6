//! A `silk … --serve` process for the tests, and a minimal HTTP/1.0 client (std only): a
//! request per connection, so a stream's first snapshot is read and the connection closed.
#![allow(dead_code)] // each test file uses its own part of the helpers

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The arguments of a Silk Road table for Ana, Ben and Cleo, journalled to `journal`.
pub fn table_args(journal: &str) -> Vec<&str> {
    vec![
        "table",
        "silk-road",
        "--players",
        "Ana,Ben,Cleo",
        "--journal",
        journal,
    ]
}

/// A running server; killed on drop.
pub struct Served {
    pub child: Child,
    /// The JSON lines it printed at start: `{"table", "public"}` then one per seat.
    pub start: Vec<Value>,
    pub addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    /// Starts `silk --json ARGS --serve --bind 127.0.0.1:0` and reads its addresses (the
    /// table's, then `pages` seat pages).
    pub fn start(args: &[&str], pages: usize) -> Served {
        let mut all = args.to_vec();
        all.extend(["--serve", "--bind", "127.0.0.1:0"]);
        Served::launch(&all, pages, Stdio::null())
    }

    /// A served Silk Road table for Ana, Ben and Cleo, journalled to `journal`.
    pub fn table_for_three(journal: &str) -> Served {
        Served::start(&table_args(journal), 3)
    }

    /// Starts `silk --json ARGS` (ARGS has `--serve`) with `stdin` as the host's terminal.
    pub fn launch(args: &[&str], pages: usize, stdin: Stdio) -> Served {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("silk"))
            .arg("--json")
            .args(args)
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("silk starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        // The addresses come first, after what a resumed game recalls (`"type": "say"`).
        let first: Value = lines
            .by_ref()
            .map(|l| serde_json::from_str::<Value>(&l.unwrap()).unwrap())
            .find(|v| v.get("table").is_some())
            .expect("the table's address");
        let table = first["table"].as_str().expect("a table URL").to_string();
        let addr = table
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap()
            .to_string();
        let mut start = vec![first];
        for _ in 0..pages {
            let l = lines.next().expect("a seat line").unwrap();
            start.push(serde_json::from_str(&l).unwrap());
        }
        // Its later output (the table's announcements) is drained so the pipe never fills.
        std::thread::spawn(move || for _ in lines.by_ref() {});
        Served { child, start, addr }
    }

    /// Seat `k`'s page path (from 1), e.g. `/s/TOKEN`.
    pub fn seat_path(&self, k: usize) -> String {
        let url = self
            .start
            .iter()
            .find(|v| v["seat"] == k)
            .and_then(|v| v["url"].as_str())
            .unwrap_or_else(|| panic!("no page for seat {k}"));
        url.trim_start_matches(&format!("http://{}", self.addr))
            .to_string()
    }

    /// The host page's path, `/t/TOKEN`.
    pub fn host_path(&self) -> String {
        self.start[0]["table"]
            .as_str()
            .expect("a table URL")
            .trim_start_matches(&format!("http://{}", self.addr))
            .to_string()
    }

    /// A host control (as the host's page sends it): the JSON answer.
    pub fn host(&self, text: &str) -> Value {
        let (_, body) = self.request(
            "POST",
            &format!("{}/act", self.host_path()),
            text.as_bytes(),
            false,
        );
        serde_json::from_str(&body).unwrap_or(Value::Null)
    }

    /// Kills the server at once (as a crash would), leaving its files as they are.
    pub fn crash(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn seats(&self) -> usize {
        self.start
            .iter()
            .filter(|v| v.get("seat").is_some())
            .count()
    }

    /// The first snapshot of a stream (`/events`, `/s/TOKEN/events`).
    pub fn snapshot(&self, path: &str) -> Value {
        let (status, body) = self.request("GET", path, b"", true);
        assert_eq!(status, 200, "{path}");
        let line = body
            .lines()
            .find_map(|l| l.strip_prefix("data: "))
            .unwrap_or_else(|| panic!("{path}: no snapshot in {body:?}"));
        serde_json::from_str(line).unwrap()
    }

    /// POSTs an entry to seat `k`'s page: the JSON answer.
    pub fn act(&self, k: usize, text: &str) -> Value {
        let (_, body) = self.request(
            "POST",
            &format!("{}/act", self.seat_path(k)),
            text.as_bytes(),
            false,
        );
        serde_json::from_str(&body).unwrap_or(Value::Null)
    }

    /// POSTs an entry to seat `k`'s page as the answer to question `ask` (as a page does).
    pub fn answer(&self, k: usize, ask: &Value, text: &str) -> Value {
        let (_, body) = self.request(
            "POST",
            &format!("{}/act?q={ask}", self.seat_path(k)),
            text.as_bytes(),
            false,
        );
        serde_json::from_str(&body).unwrap_or(Value::Null)
    }

    /// One request; returns the status and the body (for a stream, up to the first event).
    pub fn request(&self, method: &str, path: &str, body: &[u8], stream: bool) -> (u16, String) {
        let (status, _, body) = self.request_with_headers(method, path, body, stream);
        (status, body)
    }

    /// [`Served::request`], with the response's header lines.
    pub fn request_with_headers(
        &self,
        method: &str,
        path: &str,
        body: &[u8],
        stream: bool,
    ) -> (u16, Vec<String>, String) {
        let mut s = TcpStream::connect(&self.addr).expect("the server accepts");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let head = format!(
            "{method} {path} HTTP/1.0\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(body).unwrap();
        let mut r = BufReader::new(s);
        let mut status_line = String::new();
        r.read_line(&mut status_line).unwrap();
        let status: u16 = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            if r.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
                break;
            }
            headers.push(h.trim_end().to_string());
        }
        let mut out = String::new();
        if stream {
            // Up to the blank line that ends the first event.
            loop {
                let mut l = String::new();
                if r.read_line(&mut l).unwrap_or(0) == 0 {
                    break;
                }
                let done = l == "\n" && out.contains("data: ");
                out += &l;
                if done {
                    break;
                }
            }
        } else {
            let _ = r.read_to_string(&mut out);
        }
        (status, headers, out)
    }
}

/// Plays a Splendor game served with every seat a person, through the seats' HTTP entries —
/// a purchase where there is one, a reserve every third decision, else the move the decision
/// count points at (so the table fills up) — calling `each` with the decision count every
/// `every` decisions and at the end (at most 400 decisions).
pub fn play_splendor_by_http(served: &Served, every: usize, mut each: impl FnMut(usize)) {
    let seats = served.seats();
    for step in 0..400 {
        if step % every == 0 {
            each(step);
        }
        let asked = (1..=seats).find_map(|k| {
            let s = served.snapshot(&format!("{}/events", served.seat_path(k)));
            let moves = s["game"]["moves"].as_array().cloned().unwrap_or_default();
            (!moves.is_empty()).then_some((k, moves))
        });
        let Some((k, moves)) = asked else {
            each(step);
            return;
        };
        let kind = |m: &Value, k: &str| m["kind"] == k;
        let pick = moves
            .iter()
            .find(|m| kind(m, "buy"))
            .or_else(|| moves.iter().find(|m| step % 3 == 0 && kind(m, "reserve")))
            .unwrap_or(&moves[step * 7 % moves.len()]);
        let answer = served.act(k, pick["text"].as_str().unwrap());
        assert_eq!(answer["ok"], Value::Bool(true), "{pick}: {answer}");
    }
}
