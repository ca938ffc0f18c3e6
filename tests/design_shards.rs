//! Issue 35: design jobs scale out as simulate does. `silk sweep`, `silk compare --variant`,
//! `silk ladder` and `silk tune` with `--shard K/N --out DIR` each play a slice of every run
//! of the job; `silk lab merge` of the slices prints exactly what the unsharded command prints.
//! `silk tune --state FILE` resumes a killed search, and runs generation by generation as
//! arrays.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{json_text as json_out, refusal, silk, temp_dir};

/// The output as it is (every figure must merge exactly).
fn exact(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

/// Runs `job` whole (kept in `dir/whole`) and in `n` shards (in reverse order, as a cluster
/// may finish them), merges the shards, and checks the merge prints what the whole job
/// printed, as `same` reads them, and keeps it in its `--out` directory as the whole job
/// does; returns the first shard's directory.
fn merges_exactly(
    dir: &Path,
    job: &[&str],
    n: usize,
    same: fn(&str) -> serde_json::Value,
) -> PathBuf {
    let whole_dir = dir.join("whole");
    let whole = json_out(&[job, &["--out", whole_dir.to_str().unwrap()]].concat());
    let shards: Vec<PathBuf> = (1..=n).map(|k| dir.join(format!("shard-{k}"))).collect();
    for k in (1..=n).rev() {
        let shard = format!("{k}/{n}");
        let out = shards[k - 1].to_str().unwrap();
        silk()
            .args(job)
            .args(["--shard", &shard, "--out", out])
            .assert()
            .success();
        assert!(shards[k - 1].join("job.json").is_file());
    }
    let merged_dir = dir.join("merged");
    let merge: Vec<&str> = ["lab", "merge", "--out", merged_dir.to_str().unwrap()]
        .into_iter()
        .chain(shards.iter().map(|s| s.to_str().unwrap()))
        .collect();
    let merged = json_out(&merge);
    assert_eq!(same(&merged), same(&whole));
    // The merged directory is the job run whole: the same result, and it merges again alone.
    let result = |d: &Path| std::fs::read_to_string(d.join("result.json")).unwrap();
    assert_eq!(same(&result(&merged_dir)), same(&result(&whole_dir)));
    let again = json_out(&["lab", "merge", merged_dir.to_str().unwrap()]);
    assert_eq!(same(&again), same(&whole));
    dir.join("shard-1")
}

#[test]
fn issue35_a_sweep_in_four_shards_merges_into_the_unsharded_sweep() {
    let dir = temp_dir("design-shards", "sweep");
    let job = [
        "sweep",
        "silk-road",
        "--param",
        "keep_needs_funds",
        "--values",
        "true",
        "false",
        "--games",
        "30",
        "--bots",
        "greedy,greedy,random",
        "--seed",
        "7",
    ];
    let shard1 = merges_exactly(&dir, &job, 4, exact);
    // A slice is a slice: shard 1 alone is refused, and so is a shard of another sweep.
    let err = refusal(&["lab", "merge", shard1.to_str().unwrap()]);
    assert!(err.contains("shards missing (of 4): 2 3 4"), "{err}");
    let other = dir.join("other");
    silk()
        .args(&job[..job.len() - 1])
        .args(["8", "--shard", "2/4", "--out", other.to_str().unwrap()])
        .assert()
        .success();
    let err = refusal(&[
        "lab",
        "merge",
        shard1.to_str().unwrap(),
        other.to_str().unwrap(),
    ]);
    assert!(err.contains("a shard of another job"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs longer than a paired comparison's chunk (512 games) are read a chunk at a time across
/// the shards' boundaries; a damaged job.json is named in one line.
#[test]
fn issue35_a_sweep_of_several_chunks_merges_exactly_across_shard_boundaries() {
    let dir = temp_dir("design-shards", "chunks");
    let job = [
        "sweep",
        "goofspiel",
        "--param",
        "cards",
        "--values",
        "4",
        "5",
        "6",
        "--games",
        "1300",
        "--seed",
        "2",
    ];
    let shard1 = merges_exactly(&dir, &job, 3, exact);
    std::fs::write(shard1.join("job.json"), "{\"command\": [").unwrap();
    let err = refusal(&["lab", "merge", shard1.to_str().unwrap()]);
    assert!(
        err.contains("job.json: line 1") && err.lines().count() == 1,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue35_a_variant_compare_in_four_shards_merges_into_the_unsharded_compare() {
    let dir = temp_dir("design-shards", "variant");
    let job = [
        "compare",
        "silk-road",
        "--variant",
        "loose=keep_needs_funds=false",
        "--variant",
        "vizier=vizier_zero_places=true",
        "--winners",
        "player.score",
        "--games",
        "30",
        "--bots",
        "greedy",
        "--seed",
        "5",
    ];
    merges_exactly(&dir, &job, 4, exact);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A mechanic comparison (every game's engines under each auction format) in two shards
/// merges into the unsharded comparison.
#[test]
fn issue35_a_mechanic_compare_in_two_shards_merges_into_the_unsharded_compare() {
    let dir = temp_dir("design-shards", "mechanic");
    let job = [
        "compare",
        "--mechanic",
        "auction",
        "--games",
        "2",
        "--seed",
        "2",
    ];
    merges_exactly(&dir, &job, 2, exact);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A ladder's ratings, pairings and counts merge exactly; its times per decision are measured
/// in each shard and summed (the same decisions, not the same nanoseconds).
#[test]
fn issue35_a_ladder_in_three_shards_merges_into_the_unsharded_ladder() {
    let dir = temp_dir("design-shards", "ladder");
    let job = [
        "ladder",
        "silk-road",
        "--bots",
        "random,greedy,greedy-trader",
        "--games",
        "8",
        "--seed",
        "3",
    ];
    // The decisions each bot made, not the time they took.
    merges_exactly(&dir, &job, 3, |text| {
        let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
        for t in v["decision_micros"].as_array_mut().unwrap() {
            t["micros"] = serde_json::Value::Null;
        }
        v
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tune every tune test runs: goofspiel's cards towards games of 7–8 rounds.
fn tune_args(targets: &Path, games: &'static str) -> Vec<String> {
    let mut args: Vec<String> = ["tune", "goofspiel", "--param", "cards", "--values"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend((3..=13).map(|c| c.to_string()));
    args.extend(
        [
            "--targets",
            targets.to_str().unwrap(),
            "--budget",
            "6",
            "--repeats",
            "2",
            "--games",
            games,
            "--validate-games",
            "40",
            "--seed",
            "4",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    args
}

fn targets(dir: &Path) -> PathBuf {
    let t = dir.join("targets.json");
    std::fs::write(
        &t,
        r#"{"targets": [{"measure": "rounds", "between": [7, 8]}]}"#,
    )
    .unwrap();
    t
}

fn evaluations_in(state: &Path) -> usize {
    std::fs::read_to_string(state)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .map_or(0, |v| v["evaluations"].as_array().map_or(0, Vec::len))
}

/// A tune killed part-way through (SIGKILL, as a scheduler's preemption) and run again with
/// the same state file plays only the evaluations it had not finished, and prints exactly what
/// a tune never interrupted prints.
#[test]
fn issue35_a_killed_tune_resumes_from_its_state_to_the_same_recommendation() {
    let dir = temp_dir("design-shards", "tune-killed");
    let args = tune_args(&targets(&dir), "1500");
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let unkilled = json_out(&refs);

    let state = dir.join("state.json");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("silk"))
        .args(&args)
        .arg("--state")
        .arg(&state)
        .arg("--quiet")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed once two evaluations of the twelve are kept.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while evaluations_in(&state) < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = evaluations_in(&state);
    assert!(
        (2..12).contains(&kept),
        "killed with {kept} of 12 evaluations kept"
    );

    let resumed = json_out(&[&refs[..], &["--state", state.to_str().unwrap()]].concat());
    assert_eq!(resumed, unkilled);
    assert_eq!(evaluations_in(&state), 12);
    // A state is resumed only by its own tune.
    let other: Vec<&str> = refs
        .iter()
        .map(|a| if *a == "4" { "5" } else { a })
        .collect();
    let err = refusal(&[&other[..], &["--state", state.to_str().unwrap()]].concat());
    assert!(err.contains("the state of another tune"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `silk tune --state FILE --shard K/N --out DIR` plays slice K of the next generation (one
/// evaluation per search); the merge of the slices adds the generation to FILE. Generation by
/// generation, then the validation, the merges print what one unsharded tune prints; merging
/// a generation again (a retried merge job) changes nothing.
#[test]
fn issue35_tune_generations_run_as_arrays_and_merge_into_the_same_tune() {
    let dir = temp_dir("design-shards", "tune-arrays");
    let args = tune_args(&targets(&dir), "60");
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let unsharded = json_out(&refs);
    let state = dir.join("state.json");
    let state_arg = ["--state", state.to_str().unwrap()];
    let mut last = String::new();
    // 6 generations of 2 evaluations, then the validation.
    for g in 1..=7 {
        let shards: Vec<PathBuf> = (1..=2)
            .map(|k| dir.join(format!("gen-{g}/shard-{k}")))
            .collect();
        for (k, s) in shards.iter().enumerate() {
            silk()
                .args(&refs)
                .args(state_arg)
                .args(["--shard", &format!("{}/2", k + 1), "--out"])
                .arg(s)
                .assert()
                .success();
        }
        // A shard does not touch the state: only the merge of a whole generation does.
        assert_eq!(evaluations_in(&state), 2 * (g - 1).min(6));
        let merge = [
            "lab",
            "merge",
            shards[0].to_str().unwrap(),
            shards[1].to_str().unwrap(),
        ];
        last = json_out(&merge);
        assert_eq!(evaluations_in(&state), 2 * g.min(6));
        if g == 2 {
            let again = json_out(&merge);
            assert!(again.contains("\"generation\": []"), "{again}");
            assert_eq!(evaluations_in(&state), 4);
        }
    }
    assert_eq!(last, unsharded);
    // Without a state, a sharded tune is refused (its search would follow slices).
    let no_state = dir.join("no-state");
    let err = refusal(
        &[
            &refs[..],
            &["--shard", "1/2", "--out", no_state.to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(err.contains("--state FILE"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small goofspiel sweep of two settings (5 and 7 cards: 5 and 7 rounds a game) played in
/// two shards under `dir`: the shards' directories.
fn two_setting_shards(dir: &Path) -> [PathBuf; 2] {
    let job = [
        "sweep",
        "goofspiel",
        "--param",
        "cards",
        "--values",
        "5",
        "7",
        "--games",
        "8",
        "--seed",
        "3",
    ];
    [1, 2].map(|k| {
        let out = dir.join(format!("shard-{k}"));
        silk()
            .args(job)
            .args(["--shard", &format!("{k}/2"), "--out", out.to_str().unwrap()])
            .assert()
            .success();
        out
    })
}

/// Issue 44 point 16: a design shard whose job.json names a shard outside 1..=N (k = 0, k > N,
/// 2^32, 2^64 − 1) is refused in one line naming the file, never a panic; a shard of 2^64 − 1
/// says which shards are missing without sizing anything by N.
#[test]
fn issue44_a_job_shard_outside_1_to_n_is_refused_not_a_panic() {
    let dir = temp_dir("design-shards", "bad-k");
    let [s1, s2] = two_setting_shards(&dir);
    let job = s1.join("job.json");
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&job).unwrap()).unwrap();
    let with_shard = |k: u64, n: u64| {
        let mut v = original.clone();
        v["shard"] = serde_json::json!({"k": k, "n": n});
        std::fs::write(&job, serde_json::to_string(&v).unwrap()).unwrap();
    };
    let merge = || refusal(&["lab", "merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
    for (k, n) in [(0, 2), (3, 2), (1 << 32, 2), (u64::MAX, 2), (1, 0)] {
        with_shard(k, n);
        let err = merge();
        assert!(
            err.contains("job.json") && err.contains("1 ≤ K ≤ N") && err.lines().count() == 1,
            "{k}/{n}: {err}"
        );
    }
    with_shard(1, u64::MAX);
    let err = merge();
    assert!(err.contains("where the first is one of"), "{err}");
    let err = refusal(&["lab", "merge", s1.to_str().unwrap()]);
    assert!(
        err.contains(&format!("shards missing (of {}): 2 3 4", u64::MAX))
            && err.contains("more")
            && err.lines().count() == 1,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 point 17: records moved from one setting of a sharded sweep to another (the two
/// share their seeds, so each record's seed fits either) are refused at the merge, naming the
/// file and the line, instead of being summarised as the other setting's games.
#[test]
fn issue44_records_swapped_between_settings_are_refused_at_the_merge() {
    let dir = temp_dir("design-shards", "swapped");
    let [s1, s2] = two_setting_shards(&dir);
    // The merge of the untouched shards gives each setting its own rounds.
    let merged = json_out(&["lab", "merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
    let rows: serde_json::Value = serde_json::from_str(&merged).unwrap();
    let rounds: Vec<f64> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["summary"]["rounds"]["mean"].as_f64().unwrap())
        .collect();
    assert_eq!(rounds, [5.0, 7.0]);
    let (a, b) = (s1.join("runs/1/games.jsonl"), s1.join("runs/2/games.jsonl"));
    let (ta, tb) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    std::fs::write(&a, tb).unwrap();
    std::fs::write(&b, ta).unwrap();
    let err = refusal(&["lab", "merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
    assert!(
        err.contains("games.jsonl: line 1")
            && err.contains("a record of another run")
            && err.lines().count() == 1,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 point 22: shards played with another config (a config file changed between the
/// shards and the merge) are refused naming the config and where it differs, not blamed on
/// another version of silk.
#[test]
fn issue44_a_merge_with_a_changed_config_names_the_difference() {
    let dir = temp_dir("design-shards", "changed-config");
    let cfg = dir.join("cfg.json");
    std::fs::write(&cfg, r#"{"players": 4, "reverse": false}"#).unwrap();
    let shards: Vec<PathBuf> = (1..=2).map(|k| dir.join(format!("s{k}"))).collect();
    for (k, s) in shards.iter().enumerate() {
        silk()
            .args(["sweep", "silk-road", "--config", cfg.to_str().unwrap()])
            .args(["--param", "keep_needs_funds", "--values", "true", "false"])
            .args(["--games", "4", "--shard", &format!("{}/2", k + 1), "--out"])
            .arg(s)
            .assert()
            .success();
    }
    std::fs::write(&cfg, r#"{"players": 4, "reverse": true}"#).unwrap();
    let err = refusal(&[
        "lab",
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(
        err.contains("played with another config")
            && err.contains("config.reverse is false there, true now")
            && err.lines().count() == 1,
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 point 19: a state file whose evaluations hold a fitness no search can make (+∞,
/// +1, a `fitness_bits` of one digit) is refused naming the file and the evaluation, instead of
/// steering the search to another recommendation without a word.
#[test]
fn issue44_a_tune_state_with_an_impossible_fitness_is_refused() {
    let dir = temp_dir("design-shards", "tune-impossible");
    let args = tune_args(&targets(&dir), "60");
    let state = dir.join("state.json");
    let with_state: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .chain(["--state", state.to_str().unwrap()])
        .collect();
    json_out(&with_state);
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    for (bits, miss, why) in [
        ("7ff0000000000000", -f64::MAX, "cannot be"),
        ("3ff0000000000000", -1.0, "cannot be"),
        ("1", 0.0, "16 hex digits"),
    ] {
        let mut v = good.clone();
        v["evaluations"][3]["fitness_bits"] = serde_json::json!(bits);
        v["evaluations"][3]["miss"] = serde_json::json!(miss);
        std::fs::write(&state, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        let err = refusal(&with_state);
        assert!(
            err.contains("state.json: evaluations[3]")
                && err.contains(why)
                && err.lines().count() == 1,
            "{bits}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 point 19: a second tune on a state file another tune is writing is refused at
/// once, naming the file and the holder, instead of both writing it (the second failed on the
/// first's temporary file).
#[test]
fn issue44_a_second_tune_on_one_state_file_is_refused() {
    let dir = temp_dir("design-shards", "tune-twice");
    let args = tune_args(&targets(&dir), "1500");
    let state = dir.join("state.json");
    let mut first = Command::new(assert_cmd::cargo::cargo_bin("silk"))
        .args(&args)
        .arg("--state")
        .arg(&state)
        .arg("--quiet")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lock = dir.join("state.json.lock");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !lock.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let second = refusal(&[&refs[..], &["--state", state.to_str().unwrap()]].concat());
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(
        second.contains("state.json is in use by another silk process"),
        "{second}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 (point 11's kind, found beside it): a job.json received from someone else never
/// decides where a merge writes. One whose command names `--html FILE` or `--out DIR` (which
/// silk never keeps in a job) is refused, and the file is not written.
#[test]
fn issue44_a_job_json_naming_where_to_write_is_refused() {
    let dir = temp_dir("design-shards", "job-writes");
    let [s1, s2] = two_setting_shards(&dir);
    let target = dir.join("planted.html");
    let originals = [&s1, &s2].map(|s| std::fs::read_to_string(s.join("job.json")).unwrap());
    let plants = [
        vec!["--html".to_string(), target.display().to_string()],
        vec![format!("--out={}", dir.join("planted").display())],
    ];
    for plant in plants {
        // Both shards alike, so they still look like the shards of one job.
        for (shard, original) in [&s1, &s2].into_iter().zip(&originals) {
            let mut v: serde_json::Value = serde_json::from_str(original).unwrap();
            let command = v["command"].as_array_mut().unwrap();
            command.extend(plant.iter().map(|a| serde_json::Value::from(a.as_str())));
            std::fs::write(shard.join("job.json"), serde_json::to_string(&v).unwrap()).unwrap();
        }
        let err = refusal(&["lab", "merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
        assert!(
            err.contains("job.json") && err.contains("never keeps in a job"),
            "{err}"
        );
    }
    assert!(!target.exists() && !dir.join("planted").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
