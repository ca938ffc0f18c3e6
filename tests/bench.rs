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
