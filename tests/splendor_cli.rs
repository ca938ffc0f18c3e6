//! End-to-end tests of `silk` with Splendor: play, replay, simulate with modules, rules, data
//! templates and checks, and bad input refused with one line and exit code 2.

use predicates::prelude::*;
use std::fs;

mod common;
use common::{ok_stdout, refusal, silk};

#[test]
fn bots_play_each_module_and_the_replay_agrees() {
    for (modules, edition) in [
        ("", "2017"),
        ("cities", "2017"),
        ("trading-posts", "2017"),
        ("orient", "2017"),
        ("strongholds", "2024"),
        ("cities,trading-posts", "2024"),
    ] {
        let dir = common::temp_dir("splendor", &format!("play-{}", modules.replace(',', "-")));
        let save = dir.join("game.json");
        let mut cmd = silk();
        cmd.args([
            "play",
            "splendor",
            "--players",
            "3",
            "--bots",
            "greedy,random,greedy",
        ]);
        cmd.args(["--seed", "4", "--edition", edition, "--save"])
            .arg(&save);
        if !modules.is_empty() {
            cmd.args(["--modules", modules]);
        }
        let played = String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap();
        let last = played.lines().last().unwrap().to_string();
        assert!(
            last.starts_with("Final: ") || last.starts_with("Stuck"),
            "{played}"
        );
        silk()
            .args(["replay", "splendor"])
            .arg(&save)
            .assert()
            .success()
            .stdout(predicate::str::ends_with(format!("{last}\n")));
    }
}

#[test]
fn json_play_ends_with_the_outcome() {
    let text = ok_stdout(silk().args([
        "--json",
        "play",
        "splendor",
        "--players",
        "2",
        "--bots",
        "random,random",
    ]));
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("every line is JSON");
    }
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["type"], "outcome");
}

#[test]
fn a_human_sees_the_assist_unless_competitor() {
    let view = |competitor: bool| {
        let mut cmd = silk();
        cmd.args([
            "play",
            "splendor",
            "--players",
            "2",
            "--bots",
            "human,random",
        ]);
        if competitor {
            cmd.arg("--competitor");
        }
        let out = cmd
            .write_stdin("view\nquit\n")
            .assert()
            .success()
            .get_output()
            .clone();
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap()
    };
    let assisted = view(false);
    assert!(assisted.contains("you pay"), "{assisted}");
    let plain = view(true);
    assert!(
        plain.contains("Level 1") && !plain.contains("you pay"),
        "{plain}"
    );
}

#[test]
fn a_scripted_human_move_is_played_and_an_early_end_reported() {
    let dir = common::temp_dir("splendor", "human");
    let script = dir.join("moves.txt");
    fs::write(&script, "take white blue green\n").unwrap();
    silk()
        .args([
            "play",
            "splendor",
            "--players",
            "2",
            "--bots",
            "human,random",
            "--seed",
            "2",
            "--script",
        ])
        .arg(&script)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "P1 takes 1 white, 1 blue, 1 green",
        ))
        .stderr(predicate::str::contains("script ended"));
}

#[test]
fn simulate_counts_stuck_games_apart() {
    let out = silk()
        .args([
            "--json",
            "simulate",
            "splendor",
            "--games",
            "60",
            "--bots",
            "random",
            "--players",
            "3",
        ])
        .args(["--modules", "orient"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let games = v["games"].as_u64().unwrap();
    let stuck = v["stuck"].as_u64().expect("a stuck field");
    let unfinished = v["unfinished"].as_u64().unwrap();
    assert_eq!(games + stuck + unfinished, 60);
    let metrics: Vec<&str> = v["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    for name in [
        "cards.level1",
        "reserves",
        "gold.spent",
        "nobles",
        "orient.bought",
    ] {
        assert!(metrics.contains(&name), "{name} missing from {metrics:?}");
    }
}

#[test]
fn rules_say_the_decisions_and_credit_the_designer() {
    silk()
        .args([
            "rules",
            "splendor",
            "--modules",
            "strongholds",
            "--edition",
            "2024",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Marc André")
                .and(predicate::str::contains("no_action = pass"))
                .and(predicate::str::contains("round_cap = 100"))
                .and(predicate::str::contains("The Strongholds")),
        );
}

#[test]
fn a_module_combination_neither_edition_allows_is_refused() {
    let err = refusal(&[
        "play",
        "splendor",
        "--bots",
        "random",
        "--modules",
        "orient,strongholds",
    ]);
    assert!(
        err.contains("2017 rulebook plays the modules singly"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let err = refusal(&["simulate", "splendor", "--modules", "dragons"]);
    assert!(err.contains("--modules dragons"), "{err}");
}

#[test]
fn data_templates_and_a_wrong_card_file_named_with_its_place() {
    let dir = common::temp_dir("splendor", "data");
    let ours = dir.join("ours.json");
    let shown = silk()
        .args(["data", "show", "splendor", "cards"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    fs::write(&ours, &shown).unwrap();
    silk()
        .args(["data", "check", "splendor", "--file"])
        .arg(format!("cards={}", ours.display()))
        .assert()
        .success();
    // One card's bonus becomes a colour that does not exist.
    let edited = String::from_utf8(shown).unwrap().replacen(
        "\"bonus\": \"black\"",
        "\"bonus\": \"purple\"",
        1,
    );
    fs::write(&ours, edited).unwrap();
    let cards = format!("cards={}", ours.display());
    let err = refusal(&["data", "check", "splendor", "--file", &cards]);
    assert!(err.contains("ours.json: line"), "{err}");
    assert!(err.contains("purple"), "{err}");
    // A card lost: the count is wrong, and the message names our file, not the bundled one.
    let text = String::from_utf8(fs::read(&ours).unwrap())
        .unwrap()
        .replacen("purple", "black", 1);
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["cards"].as_array_mut().unwrap().remove(0);
    fs::write(&ours, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let err = refusal(&["data", "check", "splendor", "--file", &cards]);
    assert!(
        err.contains("ours.json: cards: level 1 has 39 cards, not 40"),
        "{err}"
    );
}
