//! Fuzzing the outside input the command line reads itself: run directories for `silk lab
//! merge` (run.json, games.jsonl), the table helper's journal (`silk table --resume`), and
//! `--config` files of Cities and Splendor (a whole config or a params.json). Valid inputs are
//! mutated (silk_core::fuzz) from proptest-chosen seeds; every one must give a result or a
//! one-line error with exit code 2 — never a panic. Bounded: fixed cases from a fixed seed.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use silk_core::fuzz::{mutate_json, mutate_text};
use silk_lab::{RunSpec, Shard, Summary};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

mod common;

/// `n` cases from a fixed seed (`SILK_FUZZ_CASES`, `SILK_FUZZ_SEED` to fuzz longer by hand).
fn cases(n: u32) -> Config {
    let (cases, seed) = silk_core::fuzz::budget(n);
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("fuzz", name)
}

/// A command that read bad input ends with a one-line error and code 2, or succeeds; a panic
/// (code 101) is a bug.
fn survived(out: &Output, input: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 2)) && !err.contains("panicked"),
        "{}: {err}\ninput:\n{input}",
        out.status
    );
}

/// Two shards of a small Silk Road run, as `silk simulate --shard K/2 --out` writes them: made
/// once, copied into `dir` for each case.
fn shards(dir: &Path) -> [PathBuf; 2] {
    static MADE: OnceLock<PathBuf> = OnceLock::new();
    let made = MADE.get_or_init(|| {
        let root = temp_dir("shards");
        for k in [1, 2] {
            common::silk()
                .args(["simulate", "silk-road", "--games", "6", "--bots", "random"])
                .args(["--shard", &format!("{k}/2"), "--out"])
                .arg(root.join(format!("s{k}")))
                .assert()
                .success();
        }
        root
    });
    [1, 2].map(|k| {
        let d = dir.join(format!("s{k}"));
        fs::create_dir_all(&d).unwrap();
        for f in ["run.json", "games.jsonl", "summary.json"] {
            fs::copy(made.join(format!("s{k}")).join(f), d.join(f)).unwrap();
        }
        d
    })
}

/// A table journal after a scripted opening, made once.
fn journal_text() -> &'static str {
    static MADE: OnceLock<String> = OnceLock::new();
    MADE.get_or_init(|| {
        let dir = temp_dir("journal");
        let journal = dir.join("game.journal");
        common::silk()
            .args([
                "table",
                "silk-road",
                "--players",
                "Ana,Ben,Cleo,Dev",
                "--journal",
            ])
            .arg(&journal)
            .write_stdin(OPENING)
            .assert()
            .success();
        fs::read_to_string(&journal).unwrap()
    })
}

proptest! {
    #![proptest_config(cases(150))]

    /// A damaged run.json or games.jsonl in one shard: merge refuses it or merges, never panics.
    #[test]
    fn run_directories(seed in any::<u64>(), rounds in 1u32..4, which in 0..3usize) {
        let dir = temp_dir(&format!("run-{seed}"));
        let [a, b] = shards(&dir);
        let file = if which == 0 { a.join("run.json") } else { a.join("games.jsonl") };
        let text = fs::read_to_string(&file).unwrap();
        let damaged = match which {
            0 => mutate_json(&text, seed, rounds),
            // One record of games.jsonl, as JSON, or the file's bytes.
            1 => {
                let mut lines: Vec<String> = text.lines().map(String::from).collect();
                let i = seed as usize % lines.len();
                lines[i] = mutate_json(&lines[i], seed, rounds).replace('\n', " ");
                lines.join("\n") + "\n"
            }
            _ => mutate_text(&text, seed),
        };
        fs::write(&file, &damaged).unwrap();
        if let Ok((spec, records)) = silk_lab::merge(&[a.as_path(), b.as_path()]) {
            Summary::of(&spec, &records);
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

/// A shard read from run.json as 0/0 (or k = 0) is refused, not a division by zero.
#[test]
fn run_json_with_shard_0_of_0_is_refused() {
    let dir = temp_dir("zero");
    for (k, n) in [(0, 0), (1, 0), (0, 2), (3, 2)] {
        let d = dir.join(format!("{k}-{n}"));
        let spec = RunSpec {
            game: "silk-road".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 4],
            seed: 1,
            games: 4,
            shard: Some(Shard { k, n }),
            rotate: false,
        };
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("run.json"), serde_json::to_string(&spec).unwrap()).unwrap();
        fs::write(d.join("games.jsonl"), "").unwrap();
        let err = silk_lab::merge(&[d.as_path()]).unwrap_err().to_string();
        assert!(err.contains("run.json"), "{k}/{n}: {err}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Found by `run_directories` (400 cases, seed 3): a games.jsonl whose metric is near i64::MAX
/// (damaged or edited) overflows summing the metric over games. silk-lab's summary is being
/// reworked by its owner; this is the failing input, to turn on with the fix (an error naming
/// games.jsonl and the line, or a saturating sum).
#[test]
fn a_metric_near_i64_max_in_games_jsonl_is_not_an_overflow() {
    let dir = temp_dir("metric-overflow");
    for d in shards(&dir) {
        let file = d.join("games.jsonl");
        let text = fs::read_to_string(&file).unwrap();
        let huge = text.replacen(
            "\"auction.count\":",
            "\"auction.count\":9223372036854775807,\"x\":",
            1,
        );
        assert_ne!(huge, text);
        fs::write(&file, huge).unwrap();
    }
    let [a, b] = [dir.join("s1"), dir.join("s2")];
    // Refused (naming the file) or summed without wrapping: either is right; a panic is not.
    if let Ok((spec, records)) = silk_lab::merge(&[a.as_path(), b.as_path()]) {
        Summary::of(&spec, &records);
    }
    let _ = fs::remove_dir_all(&dir);
}

const OPENING: &str =
    "Ana\n2\npass\n5\nsell\nLanzhou\ntile\nBen\nvizier\nsilk\nAna 2\nBen 2\nCleo 1\nDev 0\n";

proptest! {
    #![proptest_config(cases(60))]

    /// A damaged journal: `--resume` reports and cuts, or refuses with the file named.
    #[test]
    fn table_journals(seed in any::<u64>(), rounds in 1u32..3, whole_file in any::<bool>()) {
        let dir = temp_dir(&format!("journal-{seed}"));
        let journal = dir.join("game.journal");
        let text = journal_text();
        let damaged = if whole_file {
            mutate_text(text, seed)
        } else {
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            let i = seed as usize % lines.len();
            lines[i] = mutate_json(&lines[i], seed, rounds).replace('\n', " ");
            lines.join("\n") + "\n"
        };
        fs::write(&journal, &damaged).unwrap();
        let out = common::silk()
            .args(["table", "silk-road", "--resume"])
            .arg(&journal)
            .write_stdin("history\ncount\nAna 1 5 0 2 1 0 3\n")
            .output()
            .unwrap();
        survived(&out, &damaged);
        let _ = fs::remove_dir_all(&dir);
    }

    /// `--config` of Cities and Splendor: a whole config or only params, damaged.
    #[test]
    fn config_files(seed in any::<u64>(), rounds in 1u32..4, which in 0..4usize) {
        let (game, show) = [
            ("cities", "params"),
            ("splendor", ""),
            ("cities", ""),
            ("silk-road", ""),
        ][which];
        let valid = if show.is_empty() {
            // A whole config, as the engine serialises it.
            match game {
                "cities" => serde_json::to_string_pretty(&silk_cities::CitiesConfig::new(4)).unwrap(),
                "splendor" => {
                    serde_json::to_string_pretty(&silk_splendor::SplendorConfig::new(3)).unwrap()
                }
                _ => serde_json::to_string_pretty(&silk_road::SilkRoadConfig::new(4)).unwrap(),
            }
        } else {
            String::from_utf8(
                common::silk().args(["data", "show", game, show]).output().unwrap().stdout,
            )
            .unwrap()
        };
        let dir = temp_dir(&format!("config-{seed}"));
        let file = dir.join("config.json");
        let damaged = mutate_json(&valid, seed, rounds);
        fs::write(&file, &damaged).unwrap();
        let out = common::silk()
            .args(["data", "check", game, "--config"])
            .arg(&file)
            .output()
            .unwrap();
        survived(&out, &damaged);
        let _ = fs::remove_dir_all(&dir);
    }
}
