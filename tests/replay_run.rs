//! `silk replay RUN_DIR --game K`: any game of a lab run played again exactly, step by step,
//! and checked against its record in games.jsonl.

use predicates::prelude::*;
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::{refusal, silk};

/// A small run of `game` with mixed bots, written to a fresh directory.
fn simulate(game: &str, games: &str, name: &str) -> PathBuf {
    let dir = common::temp_dir("replay_run", name);
    let _ = fs::remove_dir_all(&dir);
    let shown = dir.display().to_string();
    silk()
        .args(["simulate", game, "--games", games, "--seed", "7"])
        .args(["--bots", "greedy,random,greedy", "--threads", "2", "--out"])
        .arg(&dir)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "silk replay {shown} --game K"
        )));
    dir
}

fn records(dir: &Path) -> Vec<Value> {
    fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `silk --json replay DIR --game K [extra]`, parsed line by line.
fn replay_json(dir: &Path, k: u64, extra: &[&str]) -> Vec<Value> {
    let out = silk()
        .args(["--json", "replay"])
        .arg(dir)
        .args(["--game", &k.to_string()])
        .args(extra)
        .assert()
        .success()
        .stderr(predicate::str::contains("the replay matches game"))
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect()
}

/// Replays games of a run and checks each one's decisions and outcome against its record.
fn replays_match(game: &str) {
    let dir = simulate(game, "4", game);
    let recs = records(&dir);
    assert_eq!(recs.len(), 4);
    for k in [0u64, 3] {
        let rec = &recs[k as usize];
        assert_eq!(rec["index"], k);
        let lines = replay_json(&dir, k, &["--moves"]);
        assert_eq!(lines[0]["type"], "game");
        assert_eq!(lines[0]["seed"], rec["seed"]);
        let decisions: Vec<&Value> = lines.iter().filter(|l| l["type"] == "decision").collect();
        assert_eq!(decisions.len() as u64, rec["decisions"].as_u64().unwrap());
        assert!(decisions
            .iter()
            .all(|d| d["seat"].as_u64().unwrap() < 3 && d["action"].is_string()));
        let last = lines.last().unwrap();
        assert_eq!(last["type"], "outcome", "the replay ends with the outcome");
        assert_eq!(last["scores"], rec["scores"], "{game} game {k}");
        assert_eq!(last["ranks"], rec["ranks"], "{game} game {k}");
        assert_eq!(last["matches_record"], true);
    }
    // The text shows every seat's view, each decision and the end.
    silk()
        .arg("replay")
        .arg(&dir)
        .args(["--game", "1"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("== before decision 1: ")
                .and(predicate::str::contains("-- P1 sees --"))
                .and(predicate::str::contains("-- P3 sees --"))
                .and(predicate::str::contains("   1. P"))
                .and(predicate::str::contains("== the end, after ")),
        );
}

#[test]
fn silk_road_games_replay_exactly() {
    replays_match("silk-road");
}

#[test]
fn cities_games_replay_exactly() {
    replays_match("cities");
}

#[test]
fn splendor_games_replay_exactly() {
    replays_match("splendor");
}

#[test]
fn at_starts_from_that_decision_with_every_view() {
    let dir = simulate("splendor", "2", "at");
    let lines = replay_json(&dir, 1, &["--at", "5"]);
    let decisions: Vec<&Value> = lines.iter().filter(|l| l["type"] == "decision").collect();
    assert_eq!(decisions[0]["index"], 5);
    assert_eq!(decisions[0]["views"].as_array().unwrap().len(), 3);
    assert_eq!(lines.last().unwrap()["type"], "outcome");
    let all = replay_json(&dir, 1, &[]);
    let from_5: Vec<&Value> = all
        .iter()
        .filter(|l| l["type"] == "decision" && l["index"].as_u64().unwrap() >= 5)
        .collect();
    assert_eq!(
        decisions, from_5,
        "--at skips the earlier decisions, nothing else"
    );
    silk()
        .arg("replay")
        .arg(&dir)
        .args(["--game", "1", "--at", "5"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("== before decision 5: ")
                .and(predicate::str::contains("before decision 4:").not()),
        );
    let err = refusal(&["replay", dir.to_str().unwrap(), "--game", "1", "--at", "0"]);
    assert!(err.contains("--at 0"), "{err}");
    // One past the last decision: the final state alone.
    let last = all.iter().filter(|l| l["type"] == "decision").count() + 1;
    let end = replay_json(&dir, 1, &["--at", &last.to_string()]);
    assert_eq!(end.len(), 2, "the game and its outcome");
    assert_eq!(end[1]["views"].as_array().unwrap().len(), 3);
    let err = refusal(&[
        "replay",
        dir.to_str().unwrap(),
        "--game",
        "1",
        "--at",
        &(last + 1).to_string(),
    ]);
    assert!(err.contains("is the final state"), "{err}");
}

/// One line on stderr, exit code 2, naming what is wrong.
fn fails(args: &[&str], dir: &Path, says: &str) {
    let err = refusal(&[&["replay", dir.to_str().unwrap()][..], args].concat());
    assert!(err.contains(says), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

#[test]
fn bad_runs_and_indices_fail_in_one_line() {
    let dir = simulate("silk-road", "2", "bad");
    fails(&["--game", "9"], &dir, "no game 9 in this run");
    fails(&[], &dir, "which game?");
    fails(
        &["--game", "0"],
        &dir.join("nowhere"),
        "not a run directory",
    );

    // A record the replay does not reproduce: a run of another version.
    let other = common::temp_dir("replay_run", "tampered");
    let _ = fs::remove_dir_all(&other);
    fs::create_dir_all(&other).unwrap();
    fs::copy(dir.join("run.json"), other.join("run.json")).unwrap();
    let mut recs = records(&dir);
    recs[0]["scores"][0] = Value::from(recs[0]["scores"][0].as_i64().unwrap() + 1);
    let lines: Vec<String> = recs.iter().map(Value::to_string).collect();
    fs::write(other.join("games.jsonl"), lines.join("\n") + "\n").unwrap();
    fails(&["--game", "0", "--moves"], &other, "games.jsonl: game 0");
    silk()
        .arg("replay")
        .arg(&other)
        .args(["--game", "1", "--moves"])
        .assert()
        .success();

    fs::remove_file(other.join("games.jsonl")).unwrap();
    fails(&["--game", "0"], &other, "games.jsonl");

    let spec = fs::read_to_string(dir.join("run.json")).unwrap();
    let spec = spec.replace("\"silk-road\"", "\"chess\"");
    fs::write(other.join("run.json"), spec).unwrap();
    fs::copy(dir.join("games.jsonl"), other.join("games.jsonl")).unwrap();
    fails(&["--game", "0"], &other, "unknown game \"chess\"");
}

#[test]
fn a_saved_game_replays_as_before_beside_run_directories() {
    let err = refusal(&["replay", "chess", "game.json"]);
    assert!(err.contains("unknown game \"chess\""), "{err}");
    let err = refusal(&["replay", "silk-road"]);
    assert!(err.contains("which saved game?"), "{err}");
    let err = refusal(&["replay", "goofspiel", "game.json", "--game", "0"]);
    assert!(err.contains("replay a run"), "{err}");
}

/// Issue 32: `silk replay RUN_DIR --game K --timeline` gives the standings at the end of every
/// round and the round the game was decided in, instead of 20 000 lines of decisions; the last
/// row is the game's end, and its sole leader is the winner.
#[test]
fn issue32_replay_timeline_gives_the_standings_round_by_round() {
    let dir = simulate("silk-road", "3", "timeline");
    for k in 0..3 {
        let lines = replay_json(&dir, k, &["--timeline"]);
        let kinds: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
        assert_eq!(
            kinds,
            ["game", "timeline", "outcome"],
            "no decisions, one timeline"
        );
        let t = &lines[1];
        let rounds: Vec<u64> = t["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["round"].as_u64().unwrap())
            .collect();
        assert!(rounds.len() >= 5, "{rounds:?}");
        assert!(rounds.windows(2).all(|w| w[0] < w[1]), "{rounds:?}");
        let decided = t["decided_at"].as_u64().unwrap();
        assert!(rounds.contains(&decided));
        let last = t["rounds"].as_array().unwrap().last().unwrap();
        let ranks = lines[2]["ranks"].as_array().unwrap();
        if let Some(leader) = last["leader"].as_u64() {
            assert_eq!(ranks[leader as usize], 0, "the last row's leader wins");
        }
    }
    silk()
        .arg("replay")
        .arg(&dir)
        .args(["--game", "0", "--timeline"])
        .assert()
        .success()
        .stdout(predicate::str::contains("decided at round"));
}

/// Issue 32, part 5: a run's report draws the standings round by round of its first game with
/// a winner and of its first game cut short, with the decided round the replay gives.
#[test]
fn issue32_timeline_run_report_draws_a_finished_and_a_cut_short_game() {
    let dir = common::temp_dir("replay_run", "timeline-report");
    let _ = fs::remove_dir_all(&dir);
    let html = dir.with_extension("html");
    // At 190 decisions, game 0 ends with a winner and game 5 is the first cut short.
    silk()
        .args([
            "simulate",
            "silk-road",
            "--games",
            "8",
            "--max-decisions",
            "190",
        ])
        .args(["--threads", "2", "--force", "--out"])
        .arg(&dir)
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let page = fs::read_to_string(&html).unwrap();
    let section = page
        .split("<section id=\"timelines\">")
        .nth(1)
        .expect("a timelines section")
        .split("</section>")
        .next()
        .unwrap();
    let recs = records(&dir);
    let finished = recs.iter().find(|r| r["finished"] == true).unwrap()["index"]
        .as_u64()
        .unwrap();
    let cut = recs.iter().find(|r| r["finished"] == false).unwrap()["index"]
        .as_u64()
        .unwrap();
    assert_ne!(finished, cut);
    for (k, why) in [
        (finished, "the first game with a winner"),
        (cut, "the first game cut short"),
    ] {
        let t = replay_json(&dir, k, &["--timeline"])
            .into_iter()
            .find(|l| l["type"] == "timeline")
            .unwrap();
        let decided = t["decided_at"].as_u64().unwrap();
        assert!(
            section.contains(&format!("data-game=\"{k}\" data-decided-at=\"{decided}\"")),
            "game {k} decided at {decided}: {section}"
        );
        assert!(section.contains(why), "{why}");
        assert!(section.contains(&format!("data-chart=\"timeline-{k}-score\"")));
        assert!(section.contains(&format!("data-chart=\"timeline-{k}-coins\"")));
    }
    assert_eq!(section.matches("class=\"timeline\"").count(), 2);
}

/// Issue 44, point 11: opening a run directory never starts a program its run.json names (a
/// run may come from anyone). `silk replay RUN --game K` (and with `--trace`) of a run whose
/// bots include `cmd:…` is refused, naming the `--bots` to give, and nothing runs; with
/// `--bots` given, the programs named on the command line play and the replay matches.
#[test]
#[cfg(unix)]
fn issue44_replay_never_starts_a_program_its_run_names() {
    let (dir, run, bots) = common::run_with_a_program("replay_run", "cmd");
    let run_s = run.to_str().unwrap();
    silk()
        .arg("replay")
        .arg(&run)
        .args(["--game", "1", "--moves", "--bots", &bots])
        .assert()
        .success()
        .stderr(predicate::str::contains("the replay matches game 1"));
    let err = refusal(&["replay", run_s, "--game", "1"]);
    assert!(err.contains(&format!("--bots '{bots}'")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // A silk bot in the place of the run's program is not the run's.
    let err = refusal(&["replay", run_s, "--game", "1", "--bots", "greedy,greedy"]);
    assert!(err.contains("bot 1 is \"greedy\""), "{err}");

    // A run.json that names any command: nothing runs, whatever is asked of the run.
    let marker = dir.join("touched");
    let path = run.join("run.json");
    let mut spec: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    spec["bots"][0] = Value::from(format!("cmd:touch {}", marker.display()));
    fs::write(&path, spec.to_string()).unwrap();
    for extra in [&[][..], &["--trace"], &["--timeline"]] {
        let mut args = vec!["replay", run_s, "--game", "0"];
        args.extend_from_slice(extra);
        let err = refusal(&args);
        assert!(err.contains("--bots 'cmd:touch "), "{extra:?}: {err}");
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!marker.exists(), "the command run.json names was run");
    let _ = fs::remove_dir_all(&dir);
}
