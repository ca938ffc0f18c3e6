//! Issue 36, part 2: programs of one's own as bots (`--bots 'cmd:PROGRAM'`), speaking JSON
//! Lines over stdin and stdout (docs/bot-protocol.md). The bots here are small Python scripts:
//! without python3 the tests skip with a message, except in CI (`CI` set), where they fail.

mod common;

use common::{json_doc, silk, temp_dir};
use std::path::{Path, PathBuf};

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
    silk()
        .args(["play", "splendor", "--bots", &bots])
        .assert()
        .success()
        .stderr(predicates::str::contains("forfeits: crash"));
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
