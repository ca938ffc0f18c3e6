//! Issue 36, part 2: programs of one's own as bots (`--bots 'cmd:PROGRAM'`), speaking JSON
//! Lines over stdin and stdout (docs/bot-protocol.md). The bots here are small Python scripts:
//! without python3 the tests skip with a message, except in CI (`CI` set), where they fail.

mod common;

use common::{json_doc, shell_bot, silk, temp_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Whether python3 runs here; in CI it must.
fn python() -> bool {
    let ok = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "the bot protocol tests need python3 in CI"
        );
        eprintln!("skipped: python3 is not installed (the bot protocol tests need it)");
    }
    ok
}

/// The repository's example bot.
fn example_bot() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bot.py");
    format!("cmd:python3 {}", path.display())
}

/// A bot script in `dir`: `body` runs for each decision, with `message` (the decide message)
/// and `n` (decisions this process has made, from 1); it answers with what `body` prints.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path: PathBuf = dir.join(name);
    let text = format!(
        "import json, sys, time, os\nn = 0\nfor line in sys.stdin:\n    message = json.loads(line)\n    if message['type'] != 'decide':\n        continue\n    n += 1\n{}\n    sys.stdout.flush()\n",
        body.lines()
            .map(|l| format!("    {l}\n"))
            .collect::<String>()
    );
    std::fs::write(&path, text).unwrap();
    format!("cmd:python3 {}", path.display())
}

/// A simulation of Splendor for two, `bot` against greedy, seats kept: its summary.
fn simulate(bot: &str, games: &str, extra: &[&str]) -> serde_json::Value {
    let bots = format!("{bot},greedy");
    let mut args = vec![
        "simulate",
        "splendor",
        "--bots",
        &bots,
        "--games",
        games,
        "--threads",
        "1",
        "--no-rotate",
    ];
    args.extend_from_slice(extra);
    json_doc(&args)
}

/// An external bot sits in a ladder against greedy and gets a rating with its interval.
#[test]
#[cfg_attr(silk_no_python, ignore = "needs python3")]
fn issue36_an_external_bot_plays_a_ladder_against_greedy_with_ratings() {
    if !python() {
        return;
    }
    let bot = example_bot();
    let bots = format!("{bot},greedy");
    let doc = json_doc(&[
        "ladder",
        "splendor",
        "--bots",
        &bots,
        "--games",
        "4",
        "--players",
        "2",
        "--threads",
        "2",
    ]);
    let ratings = doc["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 2, "{doc}");
    assert!(ratings.iter().any(|r| r["bot"] == bot.as_str()), "{doc}");
    assert!(ratings.iter().all(|r| r["elo"].is_number()), "{doc}");
    assert_eq!(doc["pairings"][0]["games"], 4, "{doc}");
    assert_eq!(doc["forfeits"], serde_json::json!([]), "{doc}");
}

/// A bot that crashes forfeits that game only, counted apart with its reason; the run goes
/// on, and the program is started again for the next game (this one crashes only when it is
/// the first process to run: the next games are played to the end).
#[test]
#[cfg_attr(silk_no_python, ignore = "needs python3")]
fn issue36_a_crashing_bot_forfeits_its_game_and_is_restarted() {
    if !python() {
        return;
    }
    let dir = temp_dir("bot-protocol", "crash");
    let marker = dir.join("crashed");
    let pids = dir.join("pids");
    let bot = script(
        &dir,
        "crash.py",
        &format!(
            "if n == 1:\n    open({p:?}, 'a').write(f'{{os.getpid()}}\\n')\nif n == 3 and not os.path.exists({m:?}):\n    open({m:?}, 'w').close()\n    sys.exit(3)\nprint(0)",
            m = marker.display().to_string(),
            p = pids.display().to_string(),
        ),
    );
    let s = simulate(&bot, "4", &[]);
    // Always the first action: a game may get stuck, but it is played to its end.
    assert_eq!(
        s["games"].as_u64().unwrap() + s["stuck"].as_u64().unwrap(),
        3,
        "{s}"
    );
    assert_eq!(s["unfinished"], 0, "{s}");
    let f = &s["forfeits"][0];
    assert_eq!(f["kind"], "crash", "{s}");
    assert_eq!(f["games"], 1, "{s}");
    assert_eq!(f["first"], 0, "{s}");
    assert!(f["reason"].as_str().unwrap().contains("exit"), "{s}");
    // One process for the seat: the first, which crashed in game 0, then one for games 1-3.
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(pids.lines().count(), 2, "{pids}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bot slower than --bot-time forfeits on time (and is killed: the run does not wait for
/// it); garbage and an illegal answer forfeit too, each with its kind.
#[test]
#[cfg_attr(silk_no_python, ignore = "needs python3")]
fn issue36_a_slow_bot_forfeits_on_time_and_bad_answers_forfeit() {
    if !python() {
        return;
    }
    let dir = temp_dir("bot-protocol", "slow");
    let slow = script(&dir, "slow.py", "time.sleep(30)\nprint(0)");
    let start = std::time::Instant::now();
    let s = simulate(&slow, "2", &["--bot-time", "300"]);
    assert!(
        start.elapsed().as_secs() < 20,
        "the slow bot was waited for"
    );
    assert_eq!(s["games"], 0, "{s}");
    assert_eq!(s["forfeits"][0]["kind"], "timeout", "{s}");
    assert_eq!(s["forfeits"][0]["games"], 2, "{s}");
    assert!(
        s["forfeits"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("300 ms"),
        "{s}"
    );
    for (body, kind) in [
        ("print('my move!')", "garbage"),
        ("print(json.dumps({'index': 999}))", "illegal"),
        (
            "print(json.dumps({'action': {'take': ['nothing']}}))",
            "illegal",
        ),
    ] {
        let bot = script(&dir, "bad.py", body);
        let s = simulate(&bot, "1", &[]);
        assert_eq!(s["forfeits"][0]["kind"], kind, "{body}: {s}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `silk play` seats an external bot like any other, and a forfeit ends the game with its
/// reason instead of failing.
#[test]
#[cfg_attr(silk_no_python, ignore = "needs python3")]
fn issue36_play_seats_an_external_bot() {
    if !python() {
        return;
    }
    let bots = format!("{},greedy", example_bot());
    silk()
        .args(["play", "splendor", "--bots", &bots])
        .assert()
        .success()
        .stdout(predicates::str::contains("Final: 1."));
    let dir = temp_dir("bot-protocol", "play");
    let bots = format!("{},greedy", script(&dir, "exit.py", "sys.exit(1)"));
    // Issue 44, point 32: a forfeited game is not a finished one: exit code 2, one line why.
    silk()
        .args(["play", "splendor", "--bots", &bots])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("forfeits: crash"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A simulation of Splendor for two, `bot` against greedy, that must end within a minute (a bot
/// that could hang silk fails the test instead): its summary and how long it took.
fn bounded(bot: &str, games: &str, bot_time: &str) -> (Value, Duration) {
    let bots = format!("{bot},greedy");
    let start = Instant::now();
    let out = silk()
        .args([
            "--json", "simulate", "splendor", "--bots", &bots, "--games", games,
        ])
        .args(["--threads", "1", "--no-rotate", "--bot-time", bot_time])
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let summary = serde_json::from_slice(&out).expect("--json prints one JSON document");
    (summary, start.elapsed())
}

/// The games forfeited, of every kind, and each kind's first reason.
fn forfeits(s: &Value) -> (u64, Vec<(String, String)>) {
    let list = s["forfeits"].as_array().cloned().unwrap_or_default();
    let games = list.iter().filter_map(|f| f["games"].as_u64()).sum();
    let kinds = list
        .iter()
        .map(|f| (f["kind"].to_string(), f["reason"].to_string()))
        .collect();
    (games, kinds)
}

/// Whether process `pid` is still running (a zombie waiting to be reaped is not).
#[cfg(target_os = "linux")]
fn running(pid: &str) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    let state = stat.rsplit_once(')').map(|(_, r)| r.trim_start());
    !matches!(state.and_then(|r| r.chars().next()), Some('Z' | 'X') | None)
}

/// The processes whose ids a bot wrote to `file` that are still running after a few seconds
/// (each then killed, so that a failing test leaves nothing behind).
#[cfg(target_os = "linux")]
fn left_running(file: &Path) -> Vec<String> {
    let pids = std::fs::read_to_string(file).unwrap_or_default();
    let pids: Vec<String> = pids.split_whitespace().map(String::from).collect();
    let until = Instant::now() + Duration::from_secs(3);
    while pids.iter().any(|p| running(p)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left: Vec<String> = pids.into_iter().filter(|p| running(p)).collect();
    for p in &left {
        let _ = std::process::Command::new("kill")
            .args(["-KILL", p])
            .status();
    }
    left
}

/// Issue 44, point 8: a bot that writes faster than silk reads (`yes 0`: an answer, then
/// endless more) forfeits each game as flooding or answering twice, and a line without end
/// (`cat /dev/zero`) is garbage: what silk holds of a bot's output is bounded, so the run ends
/// in seconds instead of growing until it aborts.
#[test]
#[cfg(unix)]
fn issue44_a_flooding_bot_forfeits() {
    let (s, took) = bounded("cmd:yes 0", "3", "500");
    let (games, kinds) = forfeits(&s);
    assert_eq!(games, 3, "{s}");
    for (kind, reason) in &kinds {
        assert_eq!(kind, "\"garbage\"", "{s}");
        assert!(
            reason.contains("flooded") || reason.contains("answered twice"),
            "{s}"
        );
    }
    assert!(took < Duration::from_secs(30), "{took:?}");
    let (s, _) = bounded("cmd:cat /dev/zero", "1", "5000");
    let (games, kinds) = forfeits(&s);
    assert_eq!(games, 1, "{s}");
    assert!(kinds[0].1.contains("a line longer than 65536 bytes"), "{s}");
}

/// Issue 44, point 9: a bot that answers but never reads its input (the issue's own) would
/// fill the pipe to it and hang silk for ever; now each game is forfeited in bounded time: its
/// answers come unasked, or the write to it runs out of --bot-time (crates/bots, program.rs,
/// tests the write on its own).
#[test]
#[cfg(unix)]
fn issue44_a_bot_that_never_reads_forfeits_in_time() {
    let bot = "cmd:sh -c \"while true; do echo 0; sleep 0.05; done\"";
    let (s, took) = bounded(bot, "2", "300");
    let (games, kinds) = forfeits(&s);
    assert_eq!(games, 2, "{s}");
    for (kind, reason) in &kinds {
        assert!(
            (kind == "\"garbage\"" && reason.contains("before it was asked"))
                || (kind == "\"timeout\"" && reason.contains("did not read its input")),
            "{s}"
        );
    }
    assert!(took < Duration::from_secs(30), "{took:?}");
}

/// Issue 44, point 10: a bot that prints two answers per decision forfeits (its later answers
/// would be off by one): a line after an answer, before the next decision, answers twice.
#[test]
#[cfg(unix)]
fn issue44_a_bot_that_answers_twice_forfeits() {
    let dir = temp_dir("bot-protocol", "twice");
    let bot = shell_bot(&dir, "twice.sh", "", "printf '0\\n0\\n'");
    let (s, _) = bounded(&bot, "2", "5000");
    let (games, kinds) = forfeits(&s);
    assert_eq!(games, 2, "{s}");
    assert_eq!(kinds[0].0, "\"garbage\"", "{s}");
    assert!(kinds[0].1.contains("answered twice"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An external bot (a shell script in a fresh directory `name`) that starts a `sleep` child
/// and adds its pid to a file, runs `then`, and answers each decision with `answer`: the
/// directory, the pid file and the bot for --bots.
#[cfg(target_os = "linux")]
fn bot_with_a_child(name: &str, then: &str, answer: &str) -> (PathBuf, PathBuf, String) {
    let dir = temp_dir("bot-protocol", name);
    let pids = dir.join("pids");
    let start = format!(
        "sleep 300 2>/dev/null &\necho $! >> {}{then}",
        pids.display()
    );
    let bot = shell_bot(&dir, &format!("{name}.sh"), &start, answer);
    (dir, pids, bot)
}

/// Issue 44, point 10: what a bot starts (here a `sleep` holding its output) is stopped with
/// it, when silk ends after games played well.
#[test]
#[cfg(target_os = "linux")]
fn issue44_a_bots_children_stop_with_it() {
    let (dir, pids, bot) = bot_with_a_child("children", "", "echo 0");
    let (s, _) = bounded(&bot, "2", "5000");
    assert_eq!(forfeits(&s).0, 0, "{s}");
    assert!(std::fs::read_to_string(&pids).is_ok_and(|p| !p.is_empty()));
    assert_eq!(left_running(&pids), Vec::<String>::new(), "still running");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44, point 10: a bot that exits while a child of its holds its output is a crash at
/// once, with its exit status, not a timeout after the whole --bot-time; the child is stopped.
#[test]
#[cfg(target_os = "linux")]
fn issue44_a_bot_that_exits_while_its_child_holds_stdout_crashes_at_once() {
    let (dir, pids, bot) = bot_with_a_child("exits", "\nexit 3", "echo 0");
    let (s, took) = bounded(&bot, "1", "20000");
    let (games, kinds) = forfeits(&s);
    assert_eq!(games, 1, "{s}");
    assert_eq!(kinds[0].0, "\"crash\"", "{s}");
    assert!(kinds[0].1.contains("exit status: 3"), "{s}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_eq!(left_running(&pids), Vec::<String>::new(), "still running");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44, point 10: a bot's group is stopped even when silk does not end by itself (Ctrl-C
/// reaches silk's process group only; here silk is interrupted mid-run).
#[test]
#[cfg(target_os = "linux")]
fn issue44_a_bots_children_stop_when_silk_is_interrupted() {
    let (dir, pids, bot) = bot_with_a_child("interrupted", "", "sleep 0.1; echo 0");
    let bots = format!("{bot},greedy");
    let mut silk = std::process::Command::new(assert_cmd::cargo::cargo_bin("silk"))
        .args([
            "simulate",
            "splendor",
            "--bots",
            &bots,
            "--games",
            "50",
            "--threads",
            "1",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(&pids).map_or(true, |p| p.is_empty()) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &silk.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = silk.wait().unwrap();
    assert!(!status.success(), "silk was interrupted mid-run");
    assert_eq!(left_running(&pids), Vec::<String>::new(), "still running");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 point 18: games an external bot forfeited (here `false`, which exits at once) are
/// said to be forfeited by `compare`, `sweep` and `gaps`, in text and JSON, and are not counted
/// as games cut at the lab's decision cap.
#[test]
fn issue44_forfeits_show_in_compare_sweep_and_gaps() {
    let bots = ["--bots", "cmd:false,random", "--games", "6", "--quiet"];
    let compare = [
        &["compare", "goofspiel", "--variant", "long=cards=7"][..],
        &bots,
    ]
    .concat();
    let text = common::stdout_of(&compare);
    assert!(
        text.contains("base: Forfeited by cmd:false: 6 game(s)"),
        "{text}"
    );
    let doc = common::json_doc(&compare);
    let row = |name: &str| {
        doc["measures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["measure"] == name)
            .unwrap_or_else(|| panic!("no {name}"))["values"][0]["estimate"]["value"]
            .as_f64()
            .unwrap()
    };
    assert_eq!((row("share.forfeit"), row("share.unfinished")), (1.0, 0.0));
    assert_eq!(
        doc["variants"][1]["forfeits"][0]["games"], 6,
        "{}",
        doc["variants"]
    );

    let sweep = [
        &[
            "sweep",
            "goofspiel",
            "--param",
            "cards",
            "--values",
            "4",
            "6",
        ][..],
        &bots,
    ]
    .concat();
    let text = common::stdout_of(&sweep);
    let line = text
        .lines()
        .find(|l| l.starts_with("forfeited games"))
        .unwrap_or_default();
    assert_eq!(
        line.split_whitespace().skip(2).collect::<Vec<_>>(),
        ["6", "6"],
        "{text}"
    );

    let dir = temp_dir("bot-protocol", "gaps-forfeit");
    let targets = dir.join("targets.json");
    std::fs::write(
        &targets,
        r#"{"targets": [{"measure": "rounds", "between": [1, 9]}]}"#,
    )
    .unwrap();
    let gaps = [
        &["gaps", "goofspiel", "--targets", targets.to_str().unwrap()][..],
        &bots,
    ]
    .concat();
    let text = common::stdout_of(&gaps);
    assert!(
        text.contains("6 forfeited by a player outside silk")
            && text.contains("Forfeited by cmd:false: 6 game(s)"),
        "{text}"
    );
    assert_eq!(common::json_doc(&gaps)["forfeits"][0]["games"], 6);
}
