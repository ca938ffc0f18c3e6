//! Lab results pinned to files: the summary JSON (and the per-game records) of small seeded
//! `silk simulate` runs of every engine, with random, greedy and search bots, compared byte for
//! byte with the files under tests/golden/lab/. Speed work on the lab (metric counters, event
//! handling, threads) must leave every figure exactly as it was.
//! After an intended change to rules, bots or the summary, regenerate with
//! `SILK_BLESS=1 cargo test --test lab_golden`.

use std::path::Path;

mod common;
use common::silk;

/// One pinned run: a name for its files and the `silk simulate` arguments.
const RUNS: &[(&str, &[&str])] = &[
    (
        "silk-road-random",
        &["silk-road", "--games", "40", "--bots", "random"],
    ),
    (
        "silk-road-greedy",
        &["silk-road", "--games", "40", "--bots", "greedy"],
    ),
    (
        "silk-road-mixed-3p",
        &[
            "silk-road",
            "--games",
            "30",
            "--bots",
            "greedy,random,greedy",
        ],
    ),
    (
        "silk-road-mcts",
        &[
            "silk-road",
            "--games",
            "2",
            "--bots",
            "mcts8,greedy,greedy,greedy",
        ],
    ),
    (
        "cities-random",
        &["cities", "--games", "20", "--bots", "random"],
    ),
    (
        "cities-greedy",
        &["cities", "--games", "8", "--bots", "greedy"],
    ),
    (
        "splendor-random",
        &["splendor", "--games", "40", "--bots", "random"],
    ),
    (
        "splendor-greedy",
        &["splendor", "--games", "40", "--bots", "greedy"],
    ),
    (
        "splendor-cities-mixed",
        &[
            "splendor",
            "--games",
            "30",
            "--bots",
            "greedy,random",
            "--modules",
            "cities",
        ],
    ),
    (
        "goofspiel-random",
        &["goofspiel", "--games", "40", "--bots", "random"],
    ),
    (
        "goofspiel-mcts",
        &["goofspiel", "--games", "6", "--bots", "mcts20,random"],
    ),
];

fn golden_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/lab")
}

/// Compares `actual` with the file `name` (or writes it under `SILK_BLESS`).
fn check(name: &str, actual: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("SILK_BLESS").is_some() {
        std::fs::create_dir_all(golden_dir()).expect("the golden dir can be made");
        std::fs::write(&path, actual).expect("the golden file can be written");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (SILK_BLESS=1 creates it)", path.display()));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs at line {}:\n  expected: {:?}\n  actual:   {:?}",
            path.display(),
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

/// Every pinned run gives the same summary on stdout and the same `games.jsonl` and
/// `summary.json` in its run directory, on one thread and on two.
#[test]
fn lab_results_match_the_pinned_files() {
    let dir = common::temp_dir("lab-golden", "runs");
    for (name, args) in RUNS {
        for threads in ["1", "2"] {
            let out_dir = dir.join(format!("{name}-{threads}"));
            let out = silk()
                .arg("--json")
                .arg("simulate")
                .args(*args)
                .args(["--seed", "5", "--threads", threads])
                .arg("--out")
                .arg(&out_dir)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            let stdout = String::from_utf8(out).expect("UTF-8 output");
            check(&format!("{name}.summary.json"), &stdout);
            let games = std::fs::read_to_string(out_dir.join("games.jsonl")).unwrap();
            check(&format!("{name}.games.jsonl"), &games);
            let summary = std::fs::read_to_string(out_dir.join("summary.json")).unwrap();
            let printed: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            let written: serde_json::Value = serde_json::from_str(&summary).unwrap();
            assert_eq!(
                printed, written,
                "{name}: summary.json is the printed summary"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without `--out` (no records written) the summary is the same.
#[test]
fn the_summary_is_the_same_without_a_run_directory() {
    for (name, args) in RUNS.iter().filter(|(n, _)| !n.contains("mcts")) {
        let out = silk()
            .arg("--json")
            .arg("simulate")
            .args(*args)
            .args(["--seed", "5", "--threads", "1"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        check(
            &format!("{name}.summary.json"),
            &String::from_utf8(out).unwrap(),
        );
    }
}
