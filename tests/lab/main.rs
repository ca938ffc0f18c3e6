//! The playtest lab end to end: deterministic whatever the thread count, shards that merge into
//! exactly the unsharded run, sweeps, compare, and a report a browser can render offline.

use predicates::prelude::*;
use std::fs;
use std::path::PathBuf;

#[path = "../common/mod.rs"]
mod common;
use common::{ok_stdout, refusal, silk};
mod find_stalls_sweeps;

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("lab", name)
}

fn json_summary(args: &[&str]) -> serde_json::Value {
    common::json_doc(args)
}

const RUN: [&str; 8] = [
    "silk-road",
    "--games",
    "40",
    "--bots",
    "greedy,greedy,random",
    "--seed",
    "9",
    "--players=3",
];

#[test]
fn same_results_whatever_the_thread_count() {
    let one = json_summary(&[&["simulate"][..], &RUN, &["--threads", "1"]].concat());
    let two = json_summary(&[&["simulate"][..], &RUN, &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one["games"], 40);
    // Win rates come with Wilson intervals around them.
    let seat = &one["win_by_seat"][0];
    assert!(seat["lo"].as_f64().unwrap() <= seat["rate"].as_f64().unwrap());
    assert!(seat["rate"].as_f64().unwrap() <= seat["hi"].as_f64().unwrap());
    // Silk Road reports its own metrics.
    let names: Vec<&str> = one["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"auction.count") && names.contains(&"goods.sold"),
        "{names:?}"
    );
}

#[test]
fn four_shards_merged_equal_one_run() {
    let dir = temp_dir("shards");
    let whole = dir.join("whole");
    silk()
        .args([&["simulate"][..], &RUN].concat())
        .arg("--out")
        .arg(&whole)
        .assert()
        .success();
    let mut shard_dirs = Vec::new();
    for k in 1..=4 {
        let d = dir.join(format!("shard{k}"));
        silk()
            .args([&["simulate"][..], &RUN, &["--shard", &format!("{k}/4")]].concat())
            .arg("--out")
            .arg(&d)
            .assert()
            .success();
        shard_dirs.push(d);
    }
    let merged = dir.join("merged");
    silk()
        .args(["lab", "merge"])
        .args(&shard_dirs)
        .arg("--out")
        .arg(&merged)
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(whole.join("games.jsonl")).unwrap(),
        fs::read_to_string(merged.join("games.jsonl")).unwrap()
    );
    assert_eq!(
        fs::read_to_string(whole.join("summary.json")).unwrap(),
        fs::read_to_string(merged.join("summary.json")).unwrap()
    );
    // A missing shard is refused, not silently summarised.
    let args: Vec<&str> = ["lab", "merge"]
        .into_iter()
        .chain(shard_dirs[..3].iter().map(|d| d.to_str().unwrap()))
        .collect();
    let err = refusal(&args);
    assert!(err.contains("missing"), "{err}");
}

#[test]
fn sweep_runs_each_value_side_by_side() {
    let out = json_summary(&[
        "sweep",
        "silk-road",
        "--param",
        "keep_needs_funds",
        "--values",
        "true",
        "false",
        "--games",
        "12",
        "--bots",
        "greedy",
        "--players",
        "4",
    ]);
    let rows = out.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["values"], "params.keep_needs_funds=true");
    assert_eq!(rows[1]["values"], "params.keep_needs_funds=false");
    let err = refusal(&[
        "sweep",
        "silk-road",
        "--param",
        "keep_needs_fund",
        "--values",
        "true",
        "--games",
        "2",
    ]);
    assert!(err.contains("no such parameter"), "{err}");
}

/// The example: a Great Empire's track, named by the empire.
#[test]
fn sweep_a_cities_track_by_empire_name() {
    let out = json_summary(&[
        "sweep",
        "cities",
        "--param",
        "byzantium.buys.prices",
        "--values",
        "[15,14,13,12,11,10]",
        "[8,7,6,5,4,3]",
        "--games",
        "2",
        "--bots",
        "greedy,greedy,random",
        "--players",
        "3",
    ]);
    let rows = out.as_array().unwrap();
    assert_eq!(
        rows[1]["values"],
        "empires.byzantium.buys.prices=[8,7,6,5,4,3]"
    );
}

#[test]
fn two_parameter_sweep_is_a_grid() {
    let out = json_summary(&[
        "sweep",
        "silk-road",
        "--param",
        "min_bid",
        "--values",
        "1",
        "2",
        "--param",
        "majority_bonus",
        "--values",
        "0",
        "2",
        "4",
        "--games",
        "4",
        "--bots",
        "random",
        "--players",
        "3",
    ]);
    assert_eq!(out.as_array().unwrap().len(), 6);
}

#[test]
fn compare_puts_the_shared_mechanics_side_by_side() {
    silk()
        .args(["compare", "--games", "6"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("winning bid / winner's wealth")
                .and(predicate::str::contains("silk-road"))
                .and(predicate::str::contains("cities"))
                .and(predicate::str::contains("mean route cost"))
                .and(predicate::str::contains("first-player advantage")),
        );
}

#[test]
fn bad_shard_and_bot_lists_are_refused() {
    let err = refusal(&["simulate", "silk-road", "--games", "4", "--shard", "5/4"]);
    assert!(err.contains("expected K/N"), "{err}");
    let err = refusal(&[
        "simulate",
        "silk-road",
        "--games",
        "4",
        "--players",
        "4",
        "--bots",
        "greedy,random",
    ]);
    assert!(err.contains("2 bots named for 4 seats"), "{err}");
}

/// The HTML report is one self-contained file: nothing from the network, no script, its
/// settings. (tests/reports.rs checks each kind of report in a real browser.)
#[test]
fn html_report_is_self_contained() {
    let dir = temp_dir("html");
    let html = dir.join("report.html");
    silk()
        .args([&["simulate"][..], &RUN].concat())
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let text = fs::read_to_string(&html).unwrap();
    assert!(
        !text.contains("http://") && !text.contains("https://"),
        "the report must work offline"
    );
    assert!(!text.contains("<script"), "no scripts needed");
    assert!(
        text.contains("<h2>Settings</h2>") && text.contains("<td>seed</td>"),
        "settings missing"
    );
}

/// Sweeping the player count changes the number of seats between values: every seat gets its
/// row (blank where a value has no such seat), in the table and in the report, and nothing
/// panics whichever order the values come in.
#[test]
fn sweep_over_the_player_count() {
    let dir = temp_dir("sweep-players");
    for values in [["4", "3"], ["3", "4"]] {
        let html = dir.join(format!("sweep-{}.html", values[0]));
        silk()
            .args(["sweep", "silk-road", "--param", "players", "--values"])
            .args(values)
            .args(["--games", "2", "--bots", "random", "--html"])
            .arg(&html)
            .assert()
            .success()
            .stdout(predicate::str::contains("P4 win %"));
        let text = fs::read_to_string(&html).unwrap();
        assert!(
            text.contains("class=\"legend\"") && text.contains(">P4</text>"),
            "the report charts seat 4"
        );
    }
}

/// Output paths are checked before the first game: a run of a trillion games with a bad --out
/// fails at once (and allocates nothing per game); an existing run or report is not replaced
/// unless --force says so.
#[test]
fn outputs_are_checked_before_the_run_and_never_replaced_unasked() {
    let dir = temp_dir("outputs");
    let blocker = dir.join("a-file");
    fs::write(&blocker, "not a directory").unwrap();
    let started = std::time::Instant::now();
    let out = blocker.join("run");
    let err = refusal(&[
        "simulate",
        "silk-road",
        "--games",
        "1000000000000",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(err.contains("a-file"), "{err}");
    let report = dir.join("no-such-dir").join("r.html");
    let err = refusal(&[
        "simulate",
        "silk-road",
        "--games",
        "1000000000000",
        "--html",
        report.to_str().unwrap(),
    ]);
    assert!(err.contains("r.html"), "{err}");
    assert!(started.elapsed().as_secs() < 20, "refused before playing");
    let run = dir.join("run");
    let args = [
        "simulate",
        "silk-road",
        "--games",
        "6",
        "--seed",
        "3",
        "--out",
    ];
    silk().args(args).arg(&run).assert().success();
    assert!(run.join("summary.json").exists() && !run.join("games.jsonl.part").exists());
    let err = refusal(&[&args[..], &[run.to_str().unwrap()]].concat());
    assert!(err.contains("exists"), "{err}");
    assert!(err.contains("--force"), "{err}");
    silk()
        .args(args)
        .arg(&run)
        .arg("--force")
        .assert()
        .success();
    let html = dir.join("r.html");
    fs::write(&html, "mine").unwrap();
    refusal(&[
        "simulate",
        "silk-road",
        "--games",
        "2",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(fs::read_to_string(&html).unwrap(), "mine");
}

/// `--check` runs the engine invariants after every decision; absurd thread counts are capped.
#[test]
fn checked_runs_and_capped_threads_give_the_same_summary() {
    let plain = json_summary(&["simulate", "splendor", "--games", "30", "--players", "3"]);
    let checked = json_summary(&[
        "simulate",
        "splendor",
        "--games",
        "30",
        "--players",
        "3",
        "--check",
        "--threads",
        "100000",
    ]);
    assert_eq!(plain, checked);
}

/// A failed write to stdout (a full disk) is an error, not a silent success.
#[test]
fn a_failed_write_to_stdout_exits_non_zero() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_silk"))
        .arg("games")
        .stdout(full)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot write the output"), "{err}");
}

/// Different bots rotate round the table by default, so seat and bot effects come apart; the
/// first-player advantage is measured on whoever the engine says moved first; `--no-rotate`
/// pins the bots to their seats.
#[test]
fn bots_rotate_and_first_player_advantage_is_the_first_movers() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "silk-road",
            "--games",
            "80",
            "--players",
            "4",
            "--bots",
            "greedy,random,random,random",
            "--seed",
            "2",
        ];
        args.extend_from_slice(extra);
        json_summary(&args)
    };
    let rotated = run(&[]);
    let cells = rotated["win_by_seat_bot"].as_array().unwrap();
    // Every seat saw both bots: 4 seats × 2 bot kinds, the randoms of the three slots apart.
    let greedy_seats: Vec<u64> = cells
        .iter()
        .filter(|c| c["bot"] == "greedy")
        .map(|c| c["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(greedy_seats, vec![0, 1, 2, 3], "{cells:?}");
    assert_eq!(rotated["first_player_from"], "the player who moved first");
    assert_eq!(rotated["first_mover"]["n"], rotated["games"]);
    let random = rotated["win_by_bot"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["bot"] == "random")
        .unwrap()
        .clone();
    // Counted per game: every game had randoms in it.
    assert_eq!(random["win"]["n"], rotated["games"]);
    assert_eq!(random["seats"], 3);
    let pinned = run(&["--no-rotate"]);
    assert_eq!(pinned["win_by_seat_bot"].as_array().unwrap().len(), 4);
    assert_ne!(pinned["win_by_seat"], rotated["win_by_seat"]);
}

/// A metric that is only a sum of per-auction ratios is reported as the ratio, with its unit:
/// the winning bid as a share of the winner's wealth, in percent, between 0 and 100.
#[test]
fn ratio_metrics_are_reported_with_units() {
    let s = json_summary(&["simulate", "silk-road", "--games", "40", "--bots", "greedy"]);
    let share = s["ratios"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "auction.winning_bid_share_of_wealth")
        .expect("the share is reported")
        .clone();
    let v = share["value"].as_f64().unwrap();
    assert!(v > 0.0 && v < 100.0, "{share}");
    assert!(share["unit"].as_str().unwrap().starts_with('%'));
    let text = String::from_utf8(
        silk()
            .args(["simulate", "silk-road", "--games", "40", "--bots", "greedy"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(
        !text.contains("win_wealth_permille"),
        "raw sum shown:\n{text}"
    );
    assert!(text.contains("% of the winner's wealth"));
}
