//! `silk bench`: the JSON a designer or a script reads (no timing thresholds: only that every
//! figure is there and sane).

#[allow(dead_code)] // temp_dir is for the suites that write files
mod common;
use common::{refusal, silk};

fn bench_json(args: &[&str]) -> serde_json::Value {
    let out = silk()
        .args(["--json", "bench"])
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("--json prints one JSON object")
}

fn positive(v: &serde_json::Value, field: &str) -> f64 {
    let x = v[field]
        .as_f64()
        .unwrap_or_else(|| panic!("{field} is a number: {v}"));
    assert!(x > 0.0 && x.is_finite(), "{field} = {x}");
    x
}

#[test]
fn bench_reports_both_rates_their_ratio_threads_and_memory() {
    let v = bench_json(&["goofspiel", "--games", "50", "--repeat", "1"]);
    assert_eq!(v["game"], "goofspiel");
    assert_eq!(v["games"], 50);
    positive(&v, "engine_decisions_per_s");
    let lab = positive(&v, "lab_decisions_per_s");
    let engine = v["engine_decisions_per_s"].as_f64().unwrap();
    let ratio = positive(&v, "ratio");
    assert!((ratio - lab / engine).abs() < 1e-9 * ratio.max(1.0));
    positive(&v, "decisions_per_game");
    let threads = v["threads"].as_array().expect("threads is a list");
    assert!(!threads.is_empty());
    for (i, t) in threads.iter().enumerate() {
        assert_eq!(t["threads"], i + 1);
        positive(t, "games_per_s");
    }
    assert_eq!(threads[0]["games_per_s"], v["lab_games_per_s"]);
    if cfg!(target_os = "linux") {
        positive(&v, "max_rss_kb");
    }
    // No search bot: no search figures.
    assert!(v["search"].is_null());
}

/// Each repeat's own ratio is listed beside the best-of one, which lies within their range (the
/// best lab rate over the best engine rate is at most the ratio of the run with the best lab
/// rate and at least that of the run with the best engine rate).
#[test]
fn bench_lists_each_runs_ratio_around_the_best_of_ratio() {
    let v = bench_json(&["goofspiel", "--games", "50", "--repeat", "3"]);
    let runs: Vec<f64> = v["run_ratios"]
        .as_array()
        .expect("run_ratios is a list")
        .iter()
        .map(|r| r.as_f64().expect("a ratio is a number"))
        .collect();
    assert_eq!(runs.len(), 3, "{v}");
    assert!(runs.iter().all(|r| *r > 0.0 && r.is_finite()), "{runs:?}");
    let ratio = positive(&v, "ratio");
    let (low, high) = runs
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(l, h), &r| (l.min(r), h.max(r)));
    assert!(
        low - 1e-9 <= ratio && ratio <= high + 1e-9,
        "{ratio} {runs:?}"
    );
}

#[test]
fn bench_reports_the_search_speed_of_mcts_bots() {
    let v = bench_json(&[
        "silk-road",
        "--games",
        "1",
        "--repeat",
        "1",
        "--max-threads",
        "1",
        "--bots",
        "mcts4,random,random,random",
    ]);
    assert_eq!(v["threads"].as_array().unwrap().len(), 1);
    let search = &v["search"];
    let playouts = positive(search, "playouts_per_s");
    assert!(positive(search, "playout_decisions_per_s") > playouts);
}

#[test]
fn bench_refuses_zero_games_and_unknown_bots() {
    refusal(&["bench", "goofspiel", "--games", "0"]);
    refusal(&["bench", "goofspiel", "--bots", "alphazero"]);
}
