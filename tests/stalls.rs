//! `silk stalls GAME RUN_DIR` (issue 46, point 2): why the games the round cap ended stalled,
//! on real greedy runs of Cities whose stalls have a known cause.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::{json_text, refusal, silk};

/// A run of greedy Cities games (seed 1: games 3, 11, 15 and 18 of the first 20 stall).
fn simulate(name: &str, games: &str, set: &[&str]) -> PathBuf {
    let dir = common::temp_dir("stalls", name);
    let mut cmd = silk();
    cmd.args(["simulate", "cities", "--games", games, "--seed", "1"])
        .args(["--bots", "greedy", "--threads", "2", "--quiet", "--out"])
        .arg(&dir);
    for s in set {
        cmd.args(["--set", s]);
    }
    cmd.assert().success();
    dir
}

fn lines(args: &[&str]) -> Vec<Value> {
    json_text(args)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

fn of_type<'a>(lines: &'a [Value], t: &str) -> Vec<&'a Value> {
    lines.iter().filter(|v| v["type"] == t).collect()
}

fn stalls_of(dir: &Path) -> Vec<Value> {
    lines(&["stalls", "cities", &dir.display().to_string()])
}

/// The standings at the end of each round of game `k`, from `silk replay --timeline`.
fn timeline(dir: &Path, k: u64) -> Vec<Value> {
    let out = lines(&[
        "replay",
        &dir.display().to_string(),
        "--game",
        &k.to_string(),
        "--timeline",
    ]);
    of_type(&out, "timeline")[0]["rounds"]
        .as_array()
        .unwrap()
        .clone()
}

/// The default deck holds 20 VP for 4 cities that need 7: every stall of greedy games is the
/// deck run dry. Each stall names the round after which no VP changed (checked against the
/// replayed timeline: the VP at that round's end are the final ones, the round before differs),
/// its profile sums to the 20 VP, and the run's stalls are ≥ 90 % explained.
#[test]
fn issue46_stalls_name_the_freeze_round_and_the_vp_deck_run_dry() {
    let dir = simulate("deck", "20", &[]);
    let out = stalls_of(&dir);
    let run = of_type(&out, "run")[0];
    let stalls = of_type(&out, "stall");
    assert_eq!(run["stalls"].as_u64().unwrap() as usize, stalls.len());
    assert!(!stalls.is_empty(), "seed 1 stalls some of 20 greedy games");
    for s in &stalls {
        let scores: Vec<i64> = serde_json::from_value(s["scores"].clone()).unwrap();
        assert_eq!(scores.iter().sum::<i64>(), 20, "{s}");
        assert_eq!(s["held_by"], "vp_cards_gone", "{s}");
        assert_eq!(s["explained"], true);
        let round = s["freeze_round"].as_u64().unwrap();
        assert!(round < 40, "{s}");
        let rows = timeline(&dir, s["index"].as_u64().unwrap());
        let at = |r: u64| rows.iter().find(|x| x["round"] == r).unwrap()["score"].clone();
        assert_eq!(
            at(round),
            s["scores"],
            "the freeze round's end has the final VP"
        );
        assert_ne!(
            at(round - 1),
            s["scores"],
            "the VP changed in the freeze round"
        );
        let replay = s["replay"].as_str().unwrap();
        let at_decision = s["freeze_decision"].as_u64().unwrap() + 1;
        assert!(replay.ends_with(&format!("--at {at_decision}")), "{replay}");
    }
    let summary = of_type(&out, "summary")[0];
    assert!(summary["explained"]["share"].as_f64().unwrap() >= 0.9);
    let deck = &summary["causes"][0];
    assert_eq!(deck["cause"], "vp_cards_gone");
    assert_eq!(deck["kind"], "deck");
    assert_eq!(
        deck["holds_most"]["count"].as_u64().unwrap() as usize,
        stalls.len()
    );
    assert!(deck["every_leader"]["low"].as_f64().unwrap() > 0.0);
    // The example's command shows the game at its freeze.
    let example = deck["replay"].as_str().unwrap();
    let args: Vec<&str> = example.split(' ').skip(1).collect();
    let mut args = args.clone();
    args.push("--moves");
    silk().args(&args).assert().success();
    // The text and the --html page say the same, with the intervals.
    let page = dir.join("stalls.html");
    let text = common::stdout_of(&[
        "stalls",
        "cities",
        &dir.display().to_string(),
        "--html",
        &page.display().to_string(),
    ]);
    let html = fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<td>vp_cards_gone</td><td>deck</td>"),
        "{html}"
    );
    assert!(html.contains(example), "{html}");
    assert!(text.contains("held by vp_cards_gone (deck)"), "{text}");
    assert!(
        text.contains("explained by a named rule or resource"),
        "{text}"
    );
    assert!(text.contains(example), "{text}");
    let _ = fs::remove_dir_all(&dir);
}

/// A target above every VP card of the rules (`target_vp=8`, 6 Victory Point cards): every
/// game stalls, and every stall is held by that rule.
#[test]
fn issue46_a_target_above_the_vp_cards_is_named_as_the_rule_holding_every_stall() {
    let dir = simulate("target", "3", &["target_vp=8", "development.0.count=6"]);
    let out = stalls_of(&dir);
    let stalls = of_type(&out, "stall");
    assert_eq!(stalls.len(), 3);
    for s in &stalls {
        assert_eq!(s["held_by"], "target_above_vp_cards", "{s}");
    }
    let summary = of_type(&out, "summary")[0];
    assert_eq!(summary["causes"][0]["cause"], "target_above_vp_cards");
    assert_eq!(summary["causes"][0]["kind"], "rule");
    assert_eq!(summary["explained"]["count"], 3);
    let _ = fs::remove_dir_all(&dir);
}

/// Bad input is one line naming the file and exit 2: no run here, a run of another game, a
/// broken record, an --html page that exists, a run with programs and no --bots.
#[test]
fn issue46_stalls_refuse_bad_input_with_exit_2() {
    let empty = common::temp_dir("stalls", "empty");
    let shown = empty.display().to_string();
    let err = refusal(&["stalls", "cities", &shown]);
    assert!(err.contains("no run.json"), "{err}");
    let err = refusal(&["stalls", "chess", &shown]);
    assert!(err.contains("chess"), "{err}");

    let dir = common::temp_dir("stalls", "goofspiel");
    silk()
        .args(["simulate", "goofspiel", "--games", "2", "--quiet", "--out"])
        .arg(&dir)
        .assert()
        .success();
    let err = refusal(&["stalls", "cities", &dir.display().to_string()]);
    assert!(
        err.contains("run.json") && err.contains("not cities"),
        "{err}"
    );
    // Its own game is read: no round cap, no stall.
    let out = lines(&["stalls", "goofspiel", &dir.display().to_string()]);
    assert_eq!(of_type(&out, "run")[0]["stalls"], 0);

    let run = simulate("broken", "2", &[]);
    let games = run.join("games.jsonl");
    let text = fs::read_to_string(&games).unwrap();
    fs::write(&games, format!("{text}{{not json\n")).unwrap();
    let err = refusal(&["stalls", "cities", &run.display().to_string()]);
    assert!(err.contains("games.jsonl: line 3"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");

    fs::write(&games, text).unwrap();
    let page = run.join("page.html");
    fs::write(&page, "mine").unwrap();
    let err = refusal(&[
        "stalls",
        "cities",
        &run.display().to_string(),
        "--html",
        &page.display().to_string(),
    ]);
    assert!(err.contains("page.html"), "{err}");
    assert_eq!(fs::read_to_string(&page).unwrap(), "mine");
    let spec_path = run.join("run.json");
    let mut spec: Value = serde_json::from_str(&fs::read_to_string(&spec_path).unwrap()).unwrap();
    spec["bots"][0] = Value::from("cmd:false");
    fs::write(&spec_path, spec.to_string()).unwrap();
    let err = refusal(&["stalls", "cities", &run.display().to_string()]);
    assert!(err.contains("--bots"), "{err}");
    for d in [empty, dir, run] {
        let _ = fs::remove_dir_all(d);
    }
}

/// Point 3, the stall share's skill curve (`silk stalls cities --skill`): every level plays the
/// same games — a level's stalls are exactly those `silk simulate` counts for its bot on the
/// same seed — each difference is paired over those games, and the verdict follows the
/// intervals: a bot against itself is level (difference 0 [0, 0]), so its stalls are the
/// design's; a random field stalls far less than greedy ones here (random players stumble into
/// VP that greedy ones leave), so the curve is read at its top, never assumed to fall.
#[test]
fn issue46_the_stall_share_at_rising_skill_is_paired_and_read_from_its_intervals() {
    let curve = common::json_doc(&[
        "stalls",
        "cities",
        "--skill",
        "random,greedy",
        "--games",
        "40",
        "--seed",
        "1",
        "--threads",
        "2",
    ]);
    let levels = curve["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 2);
    let summary = common::json_doc(&[
        "simulate",
        "cities",
        "--games",
        "40",
        "--seed",
        "1",
        "--bots",
        "greedy",
        "--threads",
        "2",
    ]);
    assert_eq!(levels[1]["stalled"], summary["round_cap"], "the same games");
    assert_eq!(levels[1]["vs_below"]["games"], 40);
    let d = &levels[1]["vs_below"];
    let (m, lo, hi) = (
        d["diff"].as_f64().unwrap(),
        d["lo"].as_f64().unwrap(),
        d["hi"].as_f64().unwrap(),
    );
    let shares = |k: usize| levels[k]["share"].as_f64().unwrap();
    assert!((m - (shares(1) - shares(0))).abs() < 1e-9, "{d}");
    assert!(lo <= m && m <= hi);

    let same = common::json_doc(&[
        "stalls",
        "cities",
        "--skill",
        "greedy,greedy",
        "--games",
        "40",
        "--seed",
        "1",
    ]);
    let d = &same["levels"][1]["vs_below"];
    assert_eq!((d["lo"].as_f64(), d["hi"].as_f64()), (Some(0.0), Some(0.0)));
    assert_eq!(same["verdict"]["whose"], "design", "{}", same["verdict"]);
    let err = refusal(&["stalls", "cities", "--skill", "greedy", "--games", "4"]);
    assert!(err.contains("at least two bots"), "{err}");
}
