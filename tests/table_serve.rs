//! Issue 34 at the HTTP level: the table's links survive a crash, a repeated answer is taken
//! as already done, counts are corrected on the phones then confirmed by the host, nothing is
//! entered after the end, the host steers from the terminal while serving, and the pages are
//! neither cached nor sent on as referrers.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[allow(dead_code)] // not every test uses every helper
mod common;
#[path = "common/server.rs"]
mod server;
use server::{table_args, Served};

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

/// `--bind` on another address than 127.0.0.1: the printed links name it and work there.
#[test]
fn issue34_bind_on_a_second_loopback_address() {
    let dir = common::temp_dir("table-serve", "bind");
    let journal = dir.join("game.journal");
    let mut args = table_args(journal.to_str().unwrap());
    args.extend(["--serve", "--bind", "127.0.0.2:0"]);
    let served = Served::launch(&args, 3, Stdio::null());
    assert!(served.addr.starts_with("127.0.0.2:"), "{}", served.addr);
    for page in &served.start[1..] {
        assert!(page["url"]
            .as_str()
            .unwrap()
            .starts_with("http://127.0.0.2:"));
    }
    assert_eq!(seat(&served, 1)["seat"], json!(1));
    let port = served.addr.rsplit(':').next().unwrap();
    assert!(
        std::net::TcpStream::connect(format!("127.0.0.1:{port}")).is_err(),
        "only the address asked for listens"
    );
}

/// `--bind 0.0.0.0`: the links name this machine's network address, which the phones can
/// reach, never 0.0.0.0. Run in a network namespace whose only route goes out from a made-up
/// LAN address (needs root and `unshare`; skipped elsewhere).
#[cfg(target_os = "linux")]
#[test]
#[cfg_attr(silk_no_netns, ignore = "needs network namespaces: root and unshare")]
fn issue34_bind_all_prints_the_lan_address() {
    let silk = assert_cmd::cargo::cargo_bin("silk");
    let script = format!(
        "ip link set lo up && ip addr add 10.77.0.5/24 dev lo \
         && ip route add default dev lo src 10.77.0.5 && exec {} --json play goofspiel --bots human,random --serve --bind 0.0.0.0:0 </dev/null",
        silk.display()
    );
    let probe = Command::new("unshare")
        .args(["--net", "true"])
        .stderr(Stdio::null())
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        // 127.0.0.2 above covers a bind of another address everywhere.
        eprintln!("skipping: no network namespace here (needs root and unshare)");
        return;
    }
    let mut child = Command::new("unshare")
        .args(["--net", "sh", "-c", &script])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    let seat: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let url = seat["url"].as_str().unwrap();
    assert!(url.starts_with("http://10.77.0.5:"), "{first} {seat}");
    assert!(first["table"]
        .as_str()
        .unwrap()
        .starts_with("http://10.77.0.5:"));
}

/// Issue 34 (round two): `silk play --serve` has the host's undo too: it takes back the last
/// move of a person and the bots' moves after it, that person is asked the same again, and the
/// save file is rewritten to match (so `--resume` continues from there).
#[test]
fn issue34_play_serve_host_undo_takes_back_a_persons_move_and_the_bots_after() {
    let dir = common::temp_dir("table-serve", "play-undo");
    let save = dir.join("game.json");
    let served = Served::start(&play_splendor_args(save.to_str().unwrap()), 1);
    let saved = || -> usize {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        v["moves"].as_array().unwrap().len()
    };
    let none = served.host("undo");
    assert_eq!(none["ok"], json!(false), "nothing to undo yet: {none}");
    let before = seat(&served, 1);
    let moved = saved();
    let text = before["game"]["moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(served.act(1, &text)["ok"], json!(true));
    assert_eq!(saved(), moved + 2, "the person's move and the bot's reply");
    let host = host_snapshot(&served);
    assert!(
        host["controls"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["send"] == json!("undo")),
        "{host}"
    );
    let undone = served.host("undo");
    assert_eq!(undone["ok"], json!(true), "{undone}");
    assert_eq!(saved(), moved, "the save rewritten");
    let again = seat(&served, 1);
    assert_eq!(again["game"], before["game"], "asked the same again");
    assert!(again["history"].to_string().contains("undone"));
}

/// Plays a table to its first Grand Vizier reveal over HTTP (Ana holds the pawn first, every
/// bid is passed, the caravan goes to the first city offered, the first to act takes the Grand
/// Vizier and calls silk); returns the caller's seat.
fn to_a_reveal(served: &Served) -> usize {
    assert_eq!(served.host("first Ana")["ok"], json!(true));
    while host_snapshot(served)["question"]
        .as_str()
        .unwrap()
        .starts_with("Leader auction")
    {
        assert_eq!(served.act(asked(served), "pass")["ok"], json!(true));
    }
    let mover = asked(served);
    let city = seat(served, mover)["choices"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(served.act(mover, &city)["ok"], json!(true));
    let caller = asked(served);
    assert_eq!(served.act(caller, "vizier")["ok"], json!(true));
    assert_eq!(asked(served), caller, "the taker calls the good");
    assert_eq!(served.act(caller, "silk")["ok"], json!(true));
    caller
}

const NAMES: [&str; 3] = ["Ana", "Ben", "Cleo"];

/// Issue 44: an entry was taken whatever question it was sent for (`?q=1`, a question never
/// asked, entered a bid), so the second tap of a double tap landed on the next question. Now
/// it is taken only for the seat's question of the moment; any other gets "that question has
/// passed" and changes nothing.
#[test]
fn issue44_an_answer_to_a_question_not_asked_now_changes_nothing() {
    let dir = common::temp_dir("table-serve", "passed");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let k = open_bidding(&served);
    let kept = std::fs::read_to_string(&journal).unwrap();
    let (status, body) = served.request(
        "POST",
        &format!("{}/act?q=1", served.seat_path(k)),
        b"3",
        false,
    );
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("that question has passed"), "{body}");
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), kept, "no bid");
    assert!(
        seat(&served, k)["error"].is_null(),
        "no refusal left on the page"
    );
    // Two answers sent with one question's number: the first is taken, the second (another
    // button under the same finger) has passed.
    let ask = seat(&served, k)["ask"].clone();
    assert_eq!(served.answer(k, &ask, "pass")["ok"], json!(true));
    let second = served.answer(k, &ask, "2");
    assert_eq!(
        second,
        json!({"ok": false, "error": "that question has passed"})
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.matches("\"pass\"").count(), 1);
    assert!(!text.contains("\"bid\""), "{text}");
    // The next bidder's question is new: its number differs from the one answered.
    let next = asked(&served);
    assert_ne!(seat(&served, next)["ask"], ask);
}

/// Issue 44: a question that stays the same while others answer keeps its number, so entries
/// made at once (the reveals of a Grand Vizier) are all taken.
#[test]
fn issue44_entries_made_at_once_answer_questions_that_stay_the_same() {
    let dir = common::temp_dir("table-serve", "at-once");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    to_a_reveal(&served);
    let asks: Vec<Value> = (1..=3).map(|k| seat(&served, k)["ask"].clone()).collect();
    for k in 1..=3 {
        let r = served.answer(k, &asks[k - 1], "0");
        assert_eq!(r["ok"], json!(true), "seat {k}: {r}");
    }
    let history = host_snapshot(&served)["history"].to_string();
    for name in NAMES {
        assert!(
            history.contains(&format!("{name} shows 0 silk")),
            "{history}"
        );
    }
}

/// Issue 44: the Grand Vizier caller's "Take back my last entry" during the reveal dropped the
/// others' sealed reveals while saying "Nobody has entered anything since". It now says what
/// else it takes back (the caller's own reveal), and is refused once another player has
/// entered theirs; the host's undo says which reveals go with it.
#[test]
fn issue44_the_vizier_callers_take_back_says_or_refuses_what_it_drops() {
    let dir = common::temp_dir("table-serve", "vizier-undo");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let caller = to_a_reveal(&served);
    let confirm = |k: usize| seat(&served, k)["actions"][0]["confirm"].clone();
    assert!(
        confirm(caller)
            .as_str()
            .unwrap()
            .contains("Nobody has entered anything since"),
        "{}",
        confirm(caller)
    );
    assert_eq!(served.act(caller, "1")["ok"], json!(true));
    let said = confirm(caller);
    assert!(
        said.as_str().unwrap().contains(&format!(
            "It also takes back the reveal entered by {}",
            NAMES[caller - 1]
        )),
        "{said}"
    );
    let other = (1..=3).find(|&k| k != caller).unwrap();
    assert_eq!(served.act(other, "0")["ok"], json!(true));
    assert!(seat(&served, caller)["actions"].is_null(), "no take-back");
    let refused = served.act(caller, "undo");
    assert_eq!(refused["ok"], json!(false), "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("only the host"),
        "{refused}"
    );
    let host = host_snapshot(&served);
    let undo = host["controls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["send"] == json!("undo"))
        .unwrap()["confirm"]
        .clone();
    assert!(
        undo.as_str()
            .unwrap()
            .contains("It also takes back the reveals entered by"),
        "{undo}"
    );
    // Both sealed reveals are still kept.
    let sealed = std::fs::read_to_string(dir.join("game.journal.sealed")).unwrap();
    let kept: Value = serde_json::from_str(&sealed).unwrap();
    assert_eq!(kept.as_object().unwrap().len(), 2, "{sealed}");
}

/// Issue 44: `JOURNAL.sealed` holds reveals nobody may see yet; it was created 0644.
#[cfg(unix)]
#[test]
fn issue44_sealed_reveals_are_kept_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::temp_dir("table-serve", "sealed-mode");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let caller = to_a_reveal(&served);
    assert_eq!(served.act(caller, "2")["ok"], json!(true));
    let sealed = dir.join("game.journal.sealed");
    let mode = std::fs::metadata(&sealed).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

/// Issue 44: "Take back my last entry" was lost across a restart (who made an entry was kept
/// in memory only), and refused to the player who made it.
#[test]
fn issue44_take_back_survives_a_restart() {
    let dir = common::temp_dir("table-serve", "undo-restart");
    let journal = dir.join("game.journal");
    let j = journal.to_str().unwrap();
    let mut first = Served::table_for_three(j);
    let k = open_bidding(&first);
    assert_eq!(first.act(k, "2")["ok"], json!(true));
    first.crash();
    let again = Served::launch(
        &["table", "silk-road", "--resume", j, "--serve"],
        3,
        Stdio::null(),
    );
    assert_eq!(seat(&again, k)["actions"][0]["send"], json!("undo"));
    let undone = again.act(k, "undo");
    assert_eq!(undone["ok"], json!(true), "{undone}");
    assert_eq!(asked(&again), k, "asked again");
}

/// Starts `silk --json ARGS` (a server), reads the addresses of its `pages` pages, stops it,
/// and returns them with what it said on stderr.
fn start_and_stop(args: &[&str], pages: usize) -> (Vec<Value>, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("silk"))
        .arg("--json")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut start = Vec::new();
    for l in lines.by_ref() {
        let v: Value = serde_json::from_str(&l.unwrap()).unwrap();
        if v.get("table").is_some() || v.get("seat").is_some() {
            start.push(v);
        }
        if start.len() == pages + 1 {
            break;
        }
    }
    // The messages follow the addresses at once; give them a moment to be written.
    std::thread::sleep(Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    let said = stderr_of(&mut child);
    (start, said)
}

/// Issue 44 (points 7 and 14): a resumed table used the address kept in the links file without
/// a word; deleting the links file (the way to new links) also forgot the address. It now says
/// where it listens and why; `--new-links` gives new links at the same address; a missing links
/// file is reported.
#[test]
fn issue44_a_resume_says_where_it_listens_and_new_links_keep_the_address() {
    let dir = common::temp_dir("table-serve", "where");
    let journal = dir.join("game.journal");
    let j = journal.to_str().unwrap();
    let mut first = Served::table_for_three(j);
    let addr = first.addr.clone();
    first.crash();
    let resume = ["table", "silk-road", "--resume", j, "--serve"];
    let (start, said) = start_and_stop(&resume, 3);
    assert_eq!(start, first.start, "the same links");
    assert!(
        said.contains("the address kept in") && said.contains("game.journal.links"),
        "{said}"
    );
    let mut renew = resume.to_vec();
    renew.push("--new-links");
    let (renewed, said) = start_and_stop(&renew, 3);
    assert!(said.contains("new links"), "{said}");
    for (old, new) in first.start[1..].iter().zip(&renewed[1..]) {
        let (old, new) = (old["url"].as_str().unwrap(), new["url"].as_str().unwrap());
        assert_ne!(old, new, "new tokens");
        assert!(new.starts_with(&format!("http://{addr}/")), "{new}");
    }
    std::fs::remove_file(dir.join("game.journal.links")).unwrap();
    let mut elsewhere = resume.to_vec();
    elsewhere.extend(["--bind", "127.0.0.1:0"]);
    let (_, said) = start_and_stop(&elsewhere, 3);
    assert!(said.contains("game.journal.links was missing"), "{said}");
}

/// Issue 44: a links file that is a FIFO hung `--resume --serve` for ever; it is refused at
/// once, naming the file.
#[cfg(unix)]
#[test]
fn issue44_a_links_file_that_is_a_fifo_is_refused() {
    let dir = common::temp_dir("table-serve", "fifo-links");
    let journal = dir.join("game.journal");
    let j = journal.to_str().unwrap();
    let mut first = Served::table_for_three(j);
    first.crash();
    let links = dir.join("game.journal.links");
    std::fs::remove_file(&links).unwrap();
    let made = Command::new("mkfifo").arg(&links).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipping: no mkfifo here");
        return;
    }
    let out = assert_cmd::Command::cargo_bin("silk")
        .unwrap()
        .args(["table", "silk-road", "--resume", j, "--serve"])
        .args(["--bind", "127.0.0.1:0"])
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game.journal.links") && err.contains("not a regular file"),
        "{err}"
    );
}

/// A connection to `addr` from `source`, another address of this machine (another phone),
/// that never blocks a read.
fn connect_from(source: &str, addr: &str) -> std::net::TcpStream {
    let s = silk_serve::testing::connect_from(source, addr.parse().unwrap());
    s.set_nonblocking(true).unwrap();
    s
}

/// Issue 44: the table server kept idle connections for ever, so enough of them (1,100 from
/// one machine under a 1,024 file limit) made every page fail. With 200 silent connections
/// from one address held open, the phones are still served at once, and all but that
/// address's share were closed straight away.
#[test]
fn issue44_phones_are_served_while_idle_connections_are_held() {
    let dir = common::temp_dir("table-serve", "idle");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let mut silent: Vec<std::net::TcpStream> = (0..200)
        .map(|_| connect_from("127.0.0.2", &served.addr))
        .collect();
    let start = Instant::now();
    for k in 1..=3 {
        assert_eq!(seat(&served, k)["seat"], json!(k));
    }
    let k = open_bidding(&served);
    assert_eq!(served.act(k, "pass")["ok"], json!(true));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    std::thread::sleep(Duration::from_millis(300));
    let closed = silent
        .iter_mut()
        .map(|s| {
            let mut b = [0u8; 16];
            match s.read(&mut b) {
                Ok(0) => true,
                Ok(_) => false,
                Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
            }
        })
        .filter(|&c| c)
        .count();
    assert!(closed >= 200 - 32, "{closed} of 200 closed");
}

/// Issue 44: a `silk play --serve` game resumed from its save file showed every page an empty
/// history; each page now gets its history told again, as its viewer saw it.
#[test]
fn issue44_a_resumed_play_serve_keeps_every_pages_history() {
    let dir = common::temp_dir("table-serve", "play-history");
    let save = dir.join("game.json");
    let s = save.to_str().unwrap();
    let mut first = Served::start(&play_splendor_args(s), 1);
    let text = seat(&first, 1)["game"]["moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(first.act(1, &text)["ok"], json!(true));
    let public = first.snapshot("/events")["history"].clone();
    let mine = seat(&first, 1)["history"].clone();
    // One move each (Splendor's events tell each move once since issue 44's pages).
    assert!(public.as_array().unwrap().len() >= 2, "{public}");
    first.crash();
    let again = Served::launch(
        &[
            "play",
            "splendor",
            "--resume",
            s,
            "--serve",
            "--bots",
            "human,greedy",
        ],
        1,
        Stdio::null(),
    );
    let lines = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect()
    };
    let (was, now) = (lines(&public), lines(&again.snapshot("/events")["history"]));
    assert!(now.starts_with(&was), "{was:?}\n{now:?}");
    let (was, now) = (lines(&mine), lines(&seat(&again, 1)["history"]));
    assert!(now.starts_with(&was), "{was:?}\n{now:?}");
    assert!(
        now.iter().any(|l| l.starts_with("resumed after")),
        "{now:?}"
    );
}
