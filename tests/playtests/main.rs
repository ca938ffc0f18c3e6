//! Issue 47: a game people play in the terminal is kept as a playtest record (who sat where,
//! when, where, each decision's time), written as it is played, and `silk playtests DIR` reads
//! a folder of records as a lab run.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "../common/mod.rs"]
mod common;
use common::{json_doc, ok_stdout, refusal, silk};
mod phones_and_imitation;
#[path = "../common/server.rs"]
mod server;

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("playtests", name)
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// `silk --json playtests FOLDER`: the book as JSON.
fn book_of(folder: &Path) -> Value {
    json_doc(&["playtests", folder.to_str().unwrap()])
}

/// `silk play goofspiel` with a person in seat 1 and two random bots, seed 3, the person's
/// entries from `script`, saved in `save` (resumed if it exists), with `extra` flags: its
/// stdout when it plays to the end; a script that runs out stops the game (exit 2).
fn play(save: &Path, script: &str, extra: &[&str]) -> Option<String> {
    let dir = save.parent().unwrap();
    let script_file = dir.join("script.txt");
    fs::write(&script_file, script).unwrap();
    // A resumed game takes its seed from the file.
    let (how, seed) = match save.exists() {
        true => ("--resume", &[][..]),
        false => ("--save", &["--seed", "3"][..]),
    };
    let out = silk()
        .args(["play", "goofspiel", "--bots", "human,random,random"])
        .args(seed)
        .arg("--script")
        .arg(&script_file)
        .args(extra)
        .arg(how)
        .arg(save)
        .output()
        .unwrap();
    match out.status.code() {
        Some(0) => Some(String::from_utf8(out.stdout).unwrap()),
        Some(2) => None,
        _ => panic!("{out:?}"),
    }
}

/// A bots-only Silk Road game of `bot` in every seat (seed `seed`) written into `folder` as a
/// playtest record whose seat 1 is "a person": synthetic people who play exactly as `bot`.
fn synthetic_record(dir: &Path, folder: &Path, bot: &str, seed: u64) {
    synthetic_game_record(dir, folder, "silk-road", bot, seed);
}

/// [`synthetic_record`] for a 4-player game of `game`.
fn synthetic_game_record(dir: &Path, folder: &Path, game: &str, bot: &str, seed: u64) {
    let save = dir.join(format!("bots-{game}-{seed}.json"));
    silk()
        .args(["play", game, "--bots", bot, "--save"])
        .arg(&save)
        .args(["--seed", &seed.to_string()])
        .assert()
        .success();
    let mut record = read(&save);
    let seats: Vec<Value> = (0..4)
        .map(|i| match i {
            0 => serde_json::json!({"name": "Ann", "player": "human"}),
            _ => serde_json::json!({"name": format!("P{}", i + 1), "player": bot}),
        })
        .collect();
    record.as_object_mut().unwrap().insert(
        "playtest".into(),
        serde_json::json!({"started": "2026-12-05T20:00:00Z", "seats": seats}),
    );
    fs::create_dir_all(folder).unwrap();
    fs::write(folder.join(format!("g{seed:02}.json")), record.to_string()).unwrap();
}

/// Point 1: the record lies in `playtests/` beside the save, names each seat's player and
/// kind, the place and the start, and times every decision; the book reads it as the lab would
/// measure the game, and its winner is the one the game announced.
#[test]
fn issue47_a_game_with_a_person_is_kept_as_a_playtest_record() {
    let dir = temp_dir("record");
    let save = dir.join("evening.json");
    let shown = play(
        &save,
        &"1\n".repeat(5),
        &["--names", "Ann,,Cy", "--place", "the kitchen"],
    )
    .expect("the game plays to its end");
    assert!(shown.contains("Final: 1. P1 with 5"), "{shown}");
    let record = dir.join("playtests").join("evening.json");
    let r = read(&record);
    assert_eq!(r["playtest"]["place"], "the kitchen");
    let seats: Vec<(String, String)> = r["playtest"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().into(),
                s["player"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        seats,
        [("Ann", "human"), ("P2", "random"), ("Cy", "random")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    let started = r["playtest"]["started"].as_str().unwrap();
    assert!(started.len() == 20 && started.ends_with('Z'), "{started}");
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 15);
    assert!(
        moves.iter().all(|m| m["ms"].is_u64()),
        "every decision is timed"
    );
    // The save itself stays a plain save.
    assert!(read(&save).get("playtest").is_none());
    assert!(read(&save)["moves"][0].get("ms").is_none());

    let book = book_of(&dir.join("playtests"));
    assert_eq!(book["game"], "goofspiel");
    assert_eq!(
        (book["games"].as_u64(), book["decided"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(book["records"][0]["winners"], serde_json::json!(["Ann"]));
    assert_eq!(book["records"][0]["record"]["decisions"], 15);
    // Point 3: each game's timeline, round by round (goofspiel: five prizes, five rounds).
    let rounds = book["records"][0]["timeline"]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5, "{}", book["records"][0]["timeline"]);
    assert_eq!(rounds[4]["score"][0], 5, "Ann's 5 at the end");
    let text = ok_stdout(silk().arg("playtests").arg(dir.join("playtests")));
    assert!(
        text.contains(" by round: ") && text.contains("5-3-1"),
        "{text}"
    );
    let ann = &book["wins"][0];
    assert_eq!(ann["name"], "Ann");
    // One win of one game: the exact interval is [2.5 %, 100 %], not a certainty.
    assert!(
        (ann["wins"]["lo"].as_f64().unwrap() - 0.025).abs() < 1e-3,
        "{ann}"
    );
}

/// Point 1: a game stopped in the middle reads as unfinished with every move made so far, and
/// `--resume` continues the same record, keeping the times it had.
#[test]
fn issue47_a_game_stopped_midway_is_unfinished_then_resumed_into_the_same_record() {
    let dir = temp_dir("resume");
    let save = dir.join("game.json");
    assert_eq!(play(&save, "1\n1\n", &[]), None, "the script runs out");
    let record = dir.join("playtests").join("game.json");
    let first = read(&record)["moves"].as_array().unwrap().clone();
    assert!(first.len() >= 6 && first.len() < 15, "{}", first.len());
    let book = book_of(&dir.join("playtests"));
    assert_eq!(
        (book["games"].as_u64(), book["finished"].as_u64()),
        (Some(1), Some(0))
    );
    let text = ok_stdout(silk().arg("playtests").arg(dir.join("playtests")));
    assert!(
        text.contains("1 unfinished") && text.contains("unfinished after"),
        "{text}"
    );

    play(&save, &"1\n".repeat(5), &[]).expect("resumed to the end");
    let r = read(&record);
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 15);
    assert_eq!(
        moves[..first.len()],
        first[..],
        "the first moves and their times kept"
    );
    let book = book_of(&dir.join("playtests"));
    assert_eq!(
        (book["games"].as_u64(), book["decided"].as_u64()),
        (Some(1), Some(1))
    );
}

/// Point 1: kill -9 in the middle of a Silk Road game with a person: the record holds every
/// move the person was asked after, and reads as an unfinished game.
#[test]
fn issue47_a_killed_game_keeps_its_record_to_the_last_move() {
    let dir = temp_dir("kill");
    let save = dir.join("game.json");
    let args = [
        "play",
        "silk-road",
        "--bots",
        "human,greedy,greedy,greedy",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
    ];
    common::kill_after_entries(&args, 3);
    let record = read(&dir.join("playtests").join("game.json"));
    let kept = record["moves"].as_array().unwrap();
    let human = kept.iter().filter(|m| m["seat"] == 0).count();
    assert!(human >= 3, "{kept:?}");
    let book = book_of(&dir.join("playtests"));
    assert_eq!(book["finished"], 0);
    assert_eq!(book["records"][0]["record"]["decisions"], kept.len());
}

/// Only games with a person are recorded, only where asked (beside a save, or --playtests),
/// and --no-playtest keeps none: a game without --save writes nothing in the folder it runs in.
#[test]
fn issue47_records_are_kept_only_for_people_and_only_where_asked() {
    let dir = temp_dir("where");
    ok_stdout(
        silk()
            .args(["play", "goofspiel", "--bots", "random", "--save"])
            .arg(dir.join("bots.json")),
    );
    assert!(
        !dir.join("playtests").exists(),
        "a bots-only game is no playtest"
    );
    let script = dir.join("s.txt");
    fs::write(&script, "1\n".repeat(5)).unwrap();
    let cwd = dir.join("cwd");
    fs::create_dir_all(&cwd).unwrap();
    ok_stdout(
        silk()
            .current_dir(&cwd)
            .args([
                "play",
                "goofspiel",
                "--bots",
                "human,random,random",
                "--script",
            ])
            .arg(&script),
    );
    assert_eq!(
        fs::read_dir(&cwd).unwrap().count(),
        0,
        "nothing written unasked"
    );
    ok_stdout(
        silk()
            .args([
                "play",
                "goofspiel",
                "--bots",
                "human,random,random",
                "--no-playtest",
            ])
            .arg("--script")
            .arg(&script)
            .arg("--save")
            .arg(dir.join("quiet.json")),
    );
    assert!(!dir.join("playtests").exists());
    let book = dir.join("book");
    ok_stdout(
        silk()
            .args([
                "play",
                "goofspiel",
                "--bots",
                "human,random,random",
                "--seed",
                "9",
            ])
            .arg("--script")
            .arg(&script)
            .arg("--playtests")
            .arg(&book),
    );
    let names: Vec<String> = fs::read_dir(&book)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.len() == 1 && names[0].ends_with("Z-goofspiel-9.json"),
        "{names:?}"
    );
}

/// A record whose move the rules refuse is named with its file and move (exit 2); a folder of
/// two games' records asks which one, and --game reads one and lists the other as skipped.
#[test]
fn issue47_a_damaged_record_and_a_mixed_folder_are_refused_clearly() {
    let dir = temp_dir("bad");
    let save = dir.join("g.json");
    play(&save, &"1\n".repeat(5), &[]).expect("played to the end");
    let folder = dir.join("playtests");
    let record = folder.join("g.json");
    let text = fs::read_to_string(&record).unwrap();
    fs::write(
        folder.join("h.json"),
        text.replacen("\"bid 1\"", "\"bid 99\"", 1),
    )
    .unwrap();
    let err = refusal(&["playtests", folder.to_str().unwrap()]);
    assert!(err.contains("h.json") && err.contains("move 1"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    fs::remove_file(folder.join("h.json")).unwrap();

    // A Silk Road game stopped when its script runs out: a record of another game.
    silk()
        .args(["play", "silk-road", "--bots", "human,greedy,greedy"])
        .arg("--script")
        .arg(dir.join("script.txt"))
        .arg("--playtests")
        .arg(&folder)
        .assert()
        .code(2);
    let err = refusal(&["playtests", folder.to_str().unwrap()]);
    assert!(
        err.contains("several games") && err.contains("--game"),
        "{err}"
    );
    let book = json_doc(&["playtests", folder.to_str().unwrap(), "--game", "goofspiel"]);
    assert_eq!(book["games"], 1);
    assert_eq!(book["skipped"][0]["why"], "a silk-road record");
}

/// Point 2: after the result each person answers the playtest questions (two people at one
/// terminal, read here from a script with --feedback): enjoyment, length, the rounds most and
/// least engaging, unclear parts of the rules (by number from `silk rules GAME`'s sections), a
/// comment; a person may skip. The answers are kept with the record, and the book sums them up
/// by question and quotes the comments.
#[test]
fn issue47_each_person_answers_the_feedback_and_the_book_reads_it() {
    let dir = temp_dir("feedback");
    let script = dir.join("moves.txt");
    // Two people bid their cards in turn (5 rounds), then P1 answers everything and P2 skips.
    let moves = "1\n1\n".repeat(5);
    let answers = "yes\n4\n2\n3\n1\n1\nlonger please\nskip\n";
    fs::write(&script, format!("{moves}{answers}")).unwrap();
    let save = dir.join("night.json");
    silk()
        .args([
            "play",
            "goofspiel",
            "--bots",
            "human,human,random",
            "--seed",
            "4",
        ])
        .args(["--names", "Ann,Bo", "--feedback", "--script"])
        .arg(&script)
        .arg("--save")
        .arg(&save)
        .assert()
        .success();
    let record = read(&dir.join("playtests").join("night.json"));
    let fb = record["playtest"]["feedback"].as_array().unwrap();
    assert_eq!(fb.len(), 1, "P2 skipped: {fb:?}");
    assert_eq!(fb[0]["seat"], 0);
    assert_eq!(fb[0]["enjoyment"], 4);
    assert_eq!(fb[0]["length"], "about right");
    assert_eq!(fb[0]["most_engaged_round"], 3);
    assert_eq!(fb[0]["least_engaged_round"], 1);
    assert_eq!(
        fb[0]["unclear"],
        serde_json::json!(["the rules as a whole"])
    );
    assert_eq!(fb[0]["comment"], "longer please");
    // The moves are all still there after the header was written again.
    assert_eq!(record["moves"].as_array().unwrap().len(), 15);

    let folder = dir.join("playtests");
    let book = book_of(&folder);
    assert_eq!(book["feedback"]["answers"], 1);
    assert_eq!(
        book["feedback"]["enjoyment"]["counts"],
        serde_json::json!([0, 0, 0, 1, 0])
    );
    assert_eq!(book["feedback"]["by_player"][0]["name"], "Ann");
    let text = ok_stdout(silk().arg("playtests").arg(&folder));
    assert!(
        text.contains("enjoyment (1-5): mean 4.0 of 1") && text.contains("\"longer please\" — Ann"),
        "{text}"
    );
    // The same book as a page.
    let page = dir.join("book.html");
    ok_stdout(
        silk()
            .arg("playtests")
            .arg(&folder)
            .arg("--html")
            .arg(&page),
    );
    let html = fs::read_to_string(&page).unwrap();
    assert!(html.contains("mean 4.0 of 1"), "{html}");
    assert!(html.contains("“longer please” — Ann"), "{html}");
    refusal(&[
        "playtests",
        folder.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
}

/// Point 4, move matching: a "person" who plays exactly as greedy-aggressive (a bots-only game
/// whose record names seat 1 a person) agrees with that style at every decision, top 1, while
/// another style disagrees somewhere: the book names the style that plays like the group.
#[test]
fn issue47_the_style_that_played_the_peoples_moves_matches_them_all() {
    let dir = temp_dir("matching");
    let folder = dir.join("book");
    synthetic_record(&dir, &folder, "greedy-aggressive", 5);
    let book = book_of(&folder);
    let m = &book["matching"];
    let people = m["decisions"].as_u64().unwrap();
    assert!(people >= 10, "{m}");
    let style = |bot: &str| {
        m["styles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["bot"] == bot)
            .unwrap_or_else(|| panic!("{bot} in {m}"))
            .clone()
    };
    assert_eq!(style("greedy-aggressive")["top1"]["count"], people);
    assert_eq!(style("greedy-aggressive")["top3"]["count"], people);
    let others = ["greedy", "greedy-trader", "greedy-builder"];
    assert!(
        others
            .iter()
            .any(|b| style(b)["top1"]["count"].as_u64() < Some(people)),
        "{m}"
    );
}
