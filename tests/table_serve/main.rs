//! Issue 34 at the HTTP level: the table's links survive a crash, a repeated answer is taken
//! as already done, counts are corrected on the phones then confirmed by the host, nothing is
//! entered after the end, the host steers from the terminal while serving, and the pages are
//! neither cached nor sent on as referrers.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[allow(dead_code)] // not every test uses every helper
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/server.rs"]
mod server;
use server::{table_args, Served};
mod binding_and_late_answers;

/// Says who goes first, and returns the seat asked to bid.
fn open_bidding(served: &Served) -> usize {
    assert_eq!(served.host("first Ana")["ok"], json!(true));
    asked(served)
}

/// All a finished child wrote on stderr.
fn stderr_of(child: &mut std::process::Child) -> String {
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    err
}

/// A served Splendor game, a person against a greedy bot, saved to `save`.
fn play_splendor_args(save: &str) -> [&str; 8] {
    [
        "play",
        "splendor",
        "--bots",
        "human,greedy",
        "--seed",
        "3",
        "--save",
        save,
    ]
}

fn seat(served: &Served, k: usize) -> Value {
    served.snapshot(&format!("{}/events", served.seat_path(k)))
}

/// The seat whose page is asked a question now.
fn asked(served: &Served) -> usize {
    (1..=served.seats())
        .find(|&k| seat(served, k)["input"] == json!(true))
        .expect("a seat is asked")
}

fn host_snapshot(served: &Served) -> Value {
    served.snapshot(&format!("{}/events", served.host_path()))
}

/// Waits for a server that should stop by itself; true if it did within `secs`.
fn exits_within(served: &mut Served, secs: u64) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(secs) {
        if let Ok(Some(_)) = served.child.try_wait() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn issue34_links_survive_a_crash_and_resume_serves_the_same_urls() {
    let dir = common::temp_dir("table-serve", "links");
    let journal = dir.join("game.journal");
    let j = journal.to_str().unwrap();
    let mut first = Served::table_for_three(j);
    let bidder = open_bidding(&first);
    assert_eq!(first.act(bidder, "pass")["ok"], json!(true));
    let urls: Vec<Value> = first.start.clone();
    first.crash();
    // The links are kept owner-only beside the journal; the journal holds no token.
    let links = dir.join("game.journal.links");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&links).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let kept = std::fs::read_to_string(&journal).unwrap();
    for page in &urls[1..] {
        let token = page["url"].as_str().unwrap().rsplit('/').next().unwrap();
        assert!(!kept.contains(token), "a seat token in the journal");
    }
    // Resumed without --bind: the same address and the same links.
    let again = Served::launch(
        &["table", "silk-road", "--resume", j, "--serve"],
        3,
        Stdio::null(),
    );
    assert_eq!(again.start, urls, "the same URLs after a restart");
    let next = asked(&again);
    assert_ne!(next, bidder, "the pass was kept");
    assert_eq!(
        again.act(next, "pass")["ok"],
        json!(true),
        "an old link answers"
    );
    // A link the table does not know says what to do.
    let (status, body) = again.request("GET", "/s/0123456789abcdef0123456789abcdef", b"", false);
    assert_eq!(status, 404);
    assert!(body.contains("ask the host for your new link"), "{body}");
}

#[test]
fn issue34_a_repeated_answer_to_an_answered_question_is_ignored() {
    let dir = common::temp_dir("table-serve", "double");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let k = open_bidding(&served);
    let ask = seat(&served, k)["ask"].clone();
    assert_eq!(served.answer(k, &ask, "pass")["ok"], json!(true));
    // The second tap of a double tap: the same answer to the same question.
    let again = served.answer(k, &ask, "pass");
    assert_eq!(again, json!({"ok": true, "repeat": true}));
    assert!(seat(&served, k)["error"].is_null(), "no refusal shown");
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.matches("\"pass\"").count(), 1, "one pass journaled");
    // A different answer, or none to a question, is still judged as usual.
    assert_eq!(served.answer(k, &ask, "3")["ok"], json!(false));
}

/// Issue 34 (round two): a player takes back their own last entry from their phone (a button
/// with its confirmation) while nobody has entered anything since; the rules are the typed
/// `undo`'s: not another's entry, not once someone has acted after it.
#[test]
fn issue34_a_player_takes_back_their_own_last_entry_from_the_phone() {
    let dir = common::temp_dir("table-serve", "phone-undo");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let k = open_bidding(&served);
    for j in 1..=3 {
        assert!(
            seat(&served, j)["actions"].is_null(),
            "the host's entry is not a phone's"
        );
    }
    assert_eq!(served.act(k, "2")["ok"], json!(true));
    let mine = seat(&served, k);
    assert_eq!(mine["actions"][0]["send"], json!("undo"), "{mine}");
    assert!(
        mine["actions"][0]["confirm"]
            .as_str()
            .unwrap()
            .contains('2'),
        "the confirmation names the entry: {mine}"
    );
    let next = asked(&served);
    assert!(
        seat(&served, next)["actions"].is_null(),
        "only the player who entered it"
    );
    assert_eq!(served.act(next, "undo")["ok"], json!(false));
    // Taken back: the same question is asked of the same player again.
    let before = seat(&served, k)["history"].as_array().unwrap().len();
    assert_eq!(served.act(k, "undo")["ok"], json!(true));
    assert_eq!(asked(&served), k);
    let after = seat(&served, k);
    assert!(after["actions"].is_null(), "{after}");
    assert!(after["history"].as_array().unwrap().len() < before + 1);
    assert!(std::fs::read_to_string(&journal).unwrap().contains("undo"));
    // Once someone has entered after it, it can no longer be taken back from the phone.
    assert_eq!(served.act(k, "1")["ok"], json!(true));
    let next = asked(&served);
    assert_eq!(served.act(next, "pass")["ok"], json!(true));
    assert!(seat(&served, k)["actions"].is_null());
    let refused = served.act(k, "undo");
    assert_eq!(refused["ok"], json!(false), "{refused}");
    assert_eq!(seat(&served, next)["actions"][0]["send"], json!("undo"));
}

#[test]
fn issue34_counts_corrected_on_the_phone_confirmed_by_the_host_and_nothing_after() {
    let dir = common::temp_dir("table-serve", "count");
    let journal = dir.join("game.journal");
    // Without a playtest record: no questions follow the result (the next test asks them).
    let args = [
        &server::table_args(journal.to_str().unwrap())[..],
        &["--no-playtest"],
    ]
    .concat();
    let mut served = Served::start(&args, 3);
    assert_eq!(served.host("first Ana")["ok"], json!(true));
    assert_eq!(
        served.host("count")["ok"],
        json!(true),
        "the host ends early"
    );
    let ana = seat(&served, 1);
    assert_eq!(ana["form"]["fields"].as_array().unwrap().len(), 7, "{ana}");
    assert_eq!(served.act(1, "1 5 0 2 1 0 3")["ok"], json!(true));
    // Ana corrects her own count while the others are missing.
    let ana = seat(&served, 1);
    assert_eq!(ana["form"]["values"], json!([1, 5, 0, 2, 1, 0, 3]));
    assert_eq!(served.act(1, "2 5 0 2 1 0 3")["ok"], json!(true));
    // A phone's wrong count says what is wanted, without terminal wording.
    let bad = served.act(2, "1 1");
    assert!(
        bad["error"]
            .as_str()
            .unwrap()
            .contains("seven whole numbers")
            && !bad.to_string().contains('`'),
        "{bad}"
    );
    assert_eq!(served.act(2, "0 9 1 0 0 0 0")["ok"], json!(true));
    assert_eq!(served.act(3, "0 3 0 0 0 0 2")["ok"], json!(true));
    // All are in: the phones wait for the host, who confirms.
    assert_eq!(served.act(1, "0 0 0 0 0 0 0")["ok"], json!(false));
    let public = served.snapshot("/events");
    let result = &public["result"];
    assert!(
        result["headline"].as_str().unwrap().starts_with("Ana wins"),
        "{result}"
    );
    assert_eq!(result["rows"][0]["name"], json!("Ana"));
    assert_eq!(
        result["rows"][0]["total"],
        json!(27),
        "15 money + 6 goods + 3 majorities: {result}"
    );
    let host = host_snapshot(&served);
    let labels: Vec<&str> = host["controls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"Confirm the result"), "{labels:?}");
    assert_eq!(served.host("fix Ben 0 9 1 0 0 0 1")["ok"], json!(true));
    assert_eq!(served.host("confirm")["ok"], json!(true));
    let public = served.snapshot("/events");
    assert_eq!(public["result"]["headline"], json!("Ana wins"));
    // Nothing is taken after the end, in the seconds before the server stops either.
    for (who, r) in [
        ("a phone", served.act(1, "undo")),
        ("the host", served.host("undo")),
    ] {
        assert_eq!(r["ok"], json!(false), "{who}: {r}");
        assert!(r["error"].as_str().unwrap().contains("game is over"), "{r}");
    }
    assert!(
        exits_within(&mut served, 10),
        "the server stops after the end"
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(text.trim_end().ends_with("\"confirm\":true}"), "{text}");
}

/// Issue 47: once the host confirms the count, each player's page asks the playtest questions
/// (the table's record keeps the answers at once); the game itself takes nothing more; the
/// host ends the questions and the server stops; the book reads the answers.
#[test]
fn issue47_after_the_confirmed_count_each_phone_asks_the_playtest_questions() {
    let dir = common::temp_dir("table-serve", "questions");
    let journal = dir.join("game.journal");
    let mut served = Served::table_for_three(journal.to_str().unwrap());
    assert_eq!(served.host("first Ana")["ok"], json!(true));
    assert_eq!(served.host("count")["ok"], json!(true));
    for (k, count) in [
        (1, "1 5 0 2 1 0 3"),
        (2, "0 9 1 0 0 0 0"),
        (3, "0 3 0 0 0 0 2"),
    ] {
        assert_eq!(served.act(k, count)["ok"], json!(true));
    }
    assert_eq!(served.host("confirm")["ok"], json!(true));
    let ana = seat(&served, 1);
    assert!(ana["question"].as_str().unwrap().contains("enjoy"), "{ana}");
    assert!(!ana["result"].is_null(), "the result stays shown");
    assert_eq!(
        served.answer(1, &ana["ask"], "5 — very much")["ok"],
        json!(true)
    );
    let ben = seat(&served, 2);
    assert_eq!(
        served.answer(2, &ben["ask"], "stop answering")["ok"],
        json!(true)
    );
    let host = host_snapshot(&served);
    assert!(
        host["status"].as_str().unwrap().contains("1 of 3 finished"),
        "{host}"
    );
    assert!(
        !host.to_string().contains("very much"),
        "the host sees no answer"
    );
    assert_eq!(served.host("undo")["ok"], json!(false), "the game is over");
    assert_eq!(served.host("end questions")["ok"], json!(true));
    assert!(
        exits_within(&mut served, 10),
        "the server stops once the questions end"
    );
    let folder = dir.join("playtests");
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("game.journal.json")).unwrap())
            .unwrap();
    let said = &record["playtest"]["feedback"];
    assert_eq!(said[0]["enjoyment"], json!(5), "{said}");
    assert!(said[0].get("at_question").is_none(), "{said}");
    let book = common::json_doc(&["playtests", folder.to_str().unwrap()]);
    assert_eq!(book["tables"]["counted"], json!(1));
    assert_eq!(
        book["feedback"]["answers"],
        json!(1),
        "Ben stopped before answering anything"
    );
}

#[test]
fn issue34_pages_are_not_cached_and_send_no_referrer() {
    let dir = common::temp_dir("table-serve", "headers");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    for path in [served.seat_path(1), served.host_path(), "/".to_string()] {
        let (status, headers, _) = served.request_with_headers("GET", &path, b"", false);
        assert_eq!(status, 200);
        let has = |h: &str| headers.iter().any(|l| l.eq_ignore_ascii_case(h));
        assert!(has("cache-control: no-store"), "{path}: {headers:?}");
        assert!(has("referrer-policy: no-referrer"), "{path}: {headers:?}");
    }
}

/// Runs `silk table … --serve` with the host's terminal on a pipe; returns the child, its
/// stdin, and its start lines (table URL first).
fn with_terminal(
    journal: &str,
) -> (
    std::process::Child,
    std::process::ChildStdin,
    Vec<Value>,
    std::sync::mpsc::Receiver<String>,
) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("silk"))
        .args(["--json"])
        .args(table_args(journal))
        .args(["--serve", "--bind", "127.0.0.1:0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    // Read on a thread of its own, so a line that never comes fails the test, not hangs it.
    let (tx, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                return;
            }
        }
    });
    let start: Vec<Value> = (0..4)
        .map(|_| serde_json::from_str(&said(&lines, "")).unwrap())
        .collect();
    (child, stdin, start, lines)
}

/// The next line whose text contains `want` (within 15 s).
fn said(lines: &std::sync::mpsc::Receiver<String>, want: &str) -> String {
    while let Ok(l) = lines.recv_timeout(Duration::from_secs(15)) {
        if l.contains(want) {
            return l;
        }
    }
    panic!("the terminal never said {want:?}");
}

#[test]
fn issue34_the_host_steers_from_the_terminal_while_serving() {
    let dir = common::temp_dir("table-serve", "terminal");
    let journal = dir.join("game.journal");
    let (mut child, mut stdin, start, lines) = with_terminal(journal.to_str().unwrap());
    let addr = start[0]["table"]
        .as_str()
        .unwrap()
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let served = Served {
        child: Command::new("true").spawn().unwrap(),
        start,
        addr,
    };
    writeln!(stdin, "first Ben").unwrap();
    said(&lines, "Ben holds the leader pawn");
    let bidder = asked(&served);
    let name = ["Ana", "Ben", "Cleo"][bidder - 1];
    writeln!(stdin, "pause").unwrap();
    said(&lines, "paused");
    let refused = served.act(bidder, "pass");
    assert!(
        refused["error"].as_str().unwrap().contains("paused"),
        "{refused}"
    );
    assert_eq!(served.snapshot("/events")["paused"], json!(true));
    assert_eq!(
        seat(&served, bidder)["input"],
        json!(false),
        "nothing asked while paused"
    );
    writeln!(stdin, "go on").unwrap();
    said(&lines, "goes on");
    assert_eq!(served.act(bidder, "pass")["ok"], json!(true));
    writeln!(stdin, "status").unwrap();
    said(&lines, "Round 1");
    writeln!(stdin, "undo").unwrap();
    said(&lines, &format!("undone: {name} passes"));
    writeln!(stdin, "count").unwrap();
    said(&lines, "Final count");
    writeln!(stdin, "quit").unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    let err = stderr_of(&mut child);
    assert!(
        err.contains(&format!(
            "resume with: silk table silk-road --resume {} --serve",
            journal.display()
        )),
        "{err}"
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(
        text.contains("\"pause\":true") && text.contains("\"pause\":false"),
        "journaled"
    );
    assert!(
        text.contains("\"undo\":true") && text.contains("\"count\""),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn issue34_ctrl_c_prints_the_resume_hint() {
    let dir = common::temp_dir("table-serve", "sigint");
    let journal = dir.join("game.journal");
    let (mut child, _stdin, _start, _lines) = with_terminal(journal.to_str().unwrap());
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait().unwrap();
    let err = stderr_of(&mut child);
    assert!(
        err.contains("resume with: silk table silk-road --resume"),
        "{err}"
    );
    assert!(!err.contains("every move is kept with --save"), "{err}");
}
