//! Issue 35: the scale-out recipes (examples/scale-out/) on the real schedulers. A single-node
//! Slurm cluster (examples/scale-out/slurm/cluster.sh, started by .ci/run) runs the job-array
//! recipe with `sbatch`, and its merge as a dependent job; GNU parallel runs its recipe. Each
//! merged run must equal the unsharded run, also after a task is killed mid-run and run again
//! (Slurm: `scancel` of one array element, then `scontrol requeue`; parallel:
//! `--resume-failed`). Where Slurm or parallel is missing the tests say so and pass, except in
//! CI (the `CI` variable set), where they fail.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;

const SILK: &str = env!("CARGO_BIN_EXE_silk");

fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scale-out")
}

/// A run of `games` Silk Road games (3 players, greedy and random bots).
fn game(games: &str) -> Vec<String> {
    [
        "silk-road",
        "--games",
        games,
        "--bots",
        "greedy,greedy,random",
        "--players",
        "3",
        "--seed",
        "11",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Variables the scripts read, cleared so that nothing from the machine leaks in.
const CLEARED: [&str; 9] = [
    "SILK_SHARD",
    "SILK_SHARDS",
    "SILK_SCHEDULER",
    "SILK_THREADS",
    "SILK_SCALE_OUT",
    "SLURM_ARRAY_TASK_ID",
    "JOB_COMPLETION_INDEX",
    "PARALLEL_SEQ",
    "SILK_SBATCH",
];

fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut cmd = Command::new(program);
    for v in CLEARED {
        cmd.env_remove(v);
    }
    cmd.env("SILK", SILK);
    cmd
}

fn ok(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what}: {}\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn json(path: &Path) -> serde_json::Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The merged run equals one whole run of the same games.
fn assert_merged_is_whole(run: &Path, games: &[String]) {
    let whole = run.join("whole");
    common::silk()
        .arg("simulate")
        .args(games)
        .arg("--out")
        .arg(&whole)
        .assert()
        .success();
    let merged = run.join("merged");
    assert_eq!(
        json(&merged.join("summary.json")),
        json(&whole.join("summary.json"))
    );
    assert_eq!(
        json(&merged.join("run.json")),
        json(&whole.join("run.json"))
    );
    assert_eq!(
        fs::read_to_string(merged.join("games.jsonl")).unwrap(),
        fs::read_to_string(whole.join("games.jsonl")).unwrap()
    );
}

/// Skips (says why) outside CI; fails in CI.
fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} (CI installs and starts it: .ci/run)");
    }
    eprintln!("skipping: {what}");
}

/// Waits until `done` holds, checking every 100 ms, for at most `secs` seconds.
fn wait_for(secs: u64, what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !done() {
        assert!(Instant::now() < deadline, "waited {secs} s for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The temporary directory of shard `k` of 4 while it is being played (shard.sh's).
fn shard_in_progress(shards: &Path, k: usize) -> Option<PathBuf> {
    let prefix = format!(".shard-{k}-of-4.");
    fs::read_dir(shards).ok()?.find_map(|e| {
        let e = e.ok()?;
        e.file_name()
            .to_str()?
            .starts_with(&prefix)
            .then(|| e.path())
    })
}

// ---- Slurm ----

/// The configuration of the running cluster: `SLURM_CONF`, else the one cluster.sh writes.
fn slurm_conf() -> Option<String> {
    let conf = std::env::var("SLURM_CONF")
        .ok()
        .or_else(|| Some("/tmp/silk-slurm/slurm.conf".into()))
        .filter(|c| Path::new(c).is_file())?;
    let out = Command::new("sinfo")
        .args(["-h", "-o", "%t"])
        .env("SLURM_CONF", &conf)
        .output()
        .ok()?;
    let state = String::from_utf8_lossy(&out.stdout);
    (out.status.success() && ["idle", "mix", "alloc"].iter().any(|s| state.contains(s)))
        .then_some(conf)
}

/// A Slurm command against the test's cluster.
fn slurm(conf: &str, program: &str, args: &[&str]) -> Output {
    command(program)
        .args(args)
        .env("SLURM_CONF", conf)
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"))
}

/// A field of `scontrol show job -o ID` (the first record's).
fn job_field(conf: &str, id: &str, field: &str) -> String {
    let out = slurm(conf, "scontrol", &["show", "job", "-o", id]);
    let text = String::from_utf8_lossy(&out.stdout);
    let key = format!("{field}=");
    text.split_whitespace()
        .find_map(|w| w.strip_prefix(&key))
        .unwrap_or_default()
        .to_string()
}

/// Jobs of `ids` Slurm still has queued or running.
fn queued(conf: &str, ids: &str) -> String {
    let out = slurm(conf, "squeue", &["-h", "-j", ids, "-o", "%i %T %r"]);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// slurm/submit.sh N RUN GAME…: the array's and the merge's job ids.
fn submit(conf: &str, run: &Path, games: &[String]) -> (String, String) {
    let out = command("sh")
        .arg(scripts().join("slurm/submit.sh"))
        .arg("4")
        .arg(run)
        .args(games)
        .env("SLURM_CONF", conf)
        // One CPU a task: this cluster is one small machine.
        .env("SILK_SBATCH", "--cpus-per-task=1")
        .output()
        .unwrap();
    let ids = ok(&out, "submit.sh");
    let mut ids = ids.split_whitespace().map(str::to_string);
    (ids.next().unwrap(), ids.next().unwrap())
}

#[test]
#[cfg_attr(
    silk_no_slurm,
    ignore = "needs a Slurm cluster: examples/scale-out/slurm/cluster.sh start, and SLURM_CONF set"
)]
fn issue35_the_slurm_recipe_runs_on_a_real_cluster_with_a_dependent_merge() {
    let Some(conf) = slurm_conf() else {
        return missing("no Slurm cluster answers (examples/scale-out/slurm/cluster.sh start)");
    };
    let dir = common::temp_dir("schedulers", "slurm");
    let run = dir.join("run");
    let games = game("40");
    let (array, merge) = submit(&conf, &run, &games);
    // The merge waits on the array (afterok) until every task has succeeded.
    assert!(job_field(&conf, &merge, "Dependency").contains(&array));
    wait_for(240, "the array and its merge", || {
        queued(&conf, &format!("{array},{merge}")).is_empty()
    });
    for k in 1..=4 {
        let task = format!("{array}_{k}");
        assert_eq!(job_field(&conf, &task, "JobState"), "COMPLETED", "{task}");
        let log = fs::read_to_string(run.join(format!("logs/shard-{k}.log"))).unwrap();
        assert!(log.contains(&format!("shard {k} of 4 (slurm)")), "{log}");
    }
    assert_eq!(job_field(&conf, &merge, "JobState"), "COMPLETED");
    assert_merged_is_whole(&run, &games);
    assert!(run.join("report.html").is_file());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    silk_no_slurm,
    ignore = "needs a Slurm cluster: examples/scale-out/slurm/cluster.sh start, and SLURM_CONF set"
)]
fn issue35_a_slurm_task_cancelled_mid_run_is_requeued_and_the_merge_still_equals_one_run() {
    let Some(conf) = slurm_conf() else {
        return missing("no Slurm cluster answers (examples/scale-out/slurm/cluster.sh start)");
    };
    let dir = common::temp_dir("schedulers", "slurm-requeue");
    let run = dir.join("run");
    // Shards of a few seconds each, so task 2 can be caught playing.
    let games = game("1600");
    let (array, merge) = submit(&conf, &run, &games);
    let shards = run.join("shards");
    let task2 = format!("{array}_2");
    wait_for(240, "task 2 to be playing", || {
        shard_in_progress(&shards, 2).is_some()
    });
    ok(&slurm(&conf, "scancel", &[&task2]), "scancel");
    wait_for(240, "the other tasks", || {
        !queued(&conf, &array).contains("RUNNING") && !queued(&conf, &array).contains("PENDING")
    });
    assert_eq!(job_field(&conf, &task2, "JobState"), "CANCELLED");
    // The merge never runs on a missing shard, and the cancelled task left no half shard.
    wait_for(60, "the merge to give up on its dependency", || {
        queued(&conf, &merge).contains("DependencyNeverSatisfied")
    });
    assert!(!shards.join("shard-2-of-4").exists());
    assert!(!run.join("merged").exists());
    wait_for(30, "the cancelled task's clean-up", || {
        shard_in_progress(&shards, 2).is_none()
    });

    // Requeued: the same task of the same array plays shard 2 again; the merge follows.
    let out = command("sh")
        .arg(scripts().join("slurm/requeue.sh"))
        .arg(&run)
        .env("SLURM_CONF", &conf)
        .output()
        .unwrap();
    ok(&out, "requeue.sh");
    let merge = fs::read_to_string(run.join("slurm-jobs"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("merge=").map(str::to_string))
        .unwrap();
    wait_for(240, "the requeued task and the merge", || {
        queued(&conf, &format!("{array},{merge}")).is_empty()
    });
    assert_eq!(job_field(&conf, &task2, "JobState"), "COMPLETED");
    assert_eq!(job_field(&conf, &task2, "Restarts"), "1");
    assert_eq!(job_field(&conf, &merge, "JobState"), "COMPLETED");
    assert_merged_is_whole(&run, &games);
    let _ = fs::remove_dir_all(&dir);
}

// ---- GNU parallel ----

fn parallel_installed() -> bool {
    Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// parallel/run.sh 4 RUN GAME… with JOBS shards at once.
fn parallel_run(run: &Path, games: &[String], jobs: &str) -> Child {
    command("sh")
        .arg(scripts().join("parallel/run.sh"))
        .arg("4")
        .arg(run)
        .args(games)
        .env("JOBS", jobs)
        .env("SILK_THREADS", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The silk process shard.sh started for the shard playing in `tmp` (its name ends in the
/// script's pid), found by its parent in /proc.
fn silk_of(tmp: &Path) -> Option<u32> {
    let script: u32 = tmp.extension()?.to_str()?.parse().ok()?;
    fs::read_dir("/proc").ok()?.find_map(|e| {
        let pid: u32 = e.ok()?.file_name().to_str()?.parse().ok()?;
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // pid (comm) state ppid …
        let (comm, rest) = stat.split_once(") ")?;
        let ppid: u32 = rest.split_whitespace().nth(1)?.parse().ok()?;
        (ppid == script && comm.ends_with("(silk")).then_some(pid)
    })
}

/// The job log's rows: (sequence number, exit value, signal).
fn joblog(run: &Path) -> Vec<(u32, i32, i32)> {
    fs::read_to_string(run.join("parallel.log"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[6].parse().unwrap(),
                f[7].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(
    silk_no_parallel,
    ignore = "needs GNU parallel: apt-get install parallel"
)]
fn issue35_the_parallel_recipe_runs_under_gnu_parallel_and_merges_into_one_run() {
    if !parallel_installed() {
        return missing("GNU parallel is not installed (apt-get install parallel)");
    }
    let dir = common::temp_dir("schedulers", "parallel");
    let run = dir.join("run");
    let games = game("40");
    let out = parallel_run(&run, &games, "2").wait_with_output().unwrap();
    ok(&out, "parallel/run.sh");
    let mut rows = joblog(&run);
    rows.sort();
    assert_eq!(rows, [(1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0)]);
    assert_merged_is_whole(&run, &games);
    assert!(run.join("report.html").is_file());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
#[cfg_attr(
    silk_no_parallel,
    ignore = "needs GNU parallel: apt-get install parallel"
)]
fn issue35_a_parallel_job_killed_mid_run_is_rerun_with_resume_failed() {
    if !parallel_installed() {
        return missing("GNU parallel is not installed (apt-get install parallel)");
    }
    let dir = common::temp_dir("schedulers", "parallel-killed");
    let run = dir.join("run");
    let games = game("1200");
    let shards = run.join("shards");
    // One shard at a time: shard 1 finishes, shard 2 is killed while it plays.
    let child = parallel_run(&run, &games, "1");
    let mut silk = None;
    wait_for(240, "shard 2's silk process", || {
        silk = shard_in_progress(&shards, 2).and_then(|tmp| silk_of(&tmp));
        silk.is_some()
    });
    let pid = silk.unwrap().to_string();
    ok(
        &Command::new("kill").args(["-KILL", &pid]).output().unwrap(),
        "kill",
    );
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success(), "run.sh went on after a failed shard");
    assert!(shards.join("shard-1-of-4").is_dir());
    assert!(!shards.join("shard-2-of-4").exists());
    assert!(!run.join("merged").exists());
    // shard.sh failed with its killed silk (exit 128 + 9).
    assert!(joblog(&run).contains(&(2, 137, 0)), "{:?}", joblog(&run));

    // The same command again: --resume-failed skips shard 1, reruns 2, runs 3 and 4.
    let out = parallel_run(&run, &games, "2").wait_with_output().unwrap();
    ok(&out, "parallel/run.sh again");
    let rows = joblog(&run);
    let runs_of = |k: u32| rows.iter().filter(|r| r.0 == k).count();
    assert_eq!(
        (runs_of(1), runs_of(2), runs_of(3), runs_of(4)),
        (1, 2, 1, 1)
    );
    assert_merged_is_whole(&run, &games);
    let _ = fs::remove_dir_all(&dir);
}

// ---- Sizing ----

/// `silk bench --size GAMES --cores C` turns the measured one-thread rate into games per
/// core-hour, core-hours, shards (a multiple of the cores, none longer than --shard-minutes)
/// and wall time.
#[test]
fn issue35_bench_sizes_a_run_from_the_measured_rate() {
    let doc = common::json_doc(&[
        "bench",
        "goofspiel",
        "--games",
        "20",
        "--repeat",
        "1",
        "--max-threads",
        "1",
        "--size",
        "100000000",
        "--cores",
        "8",
        "--shard-minutes",
        "10",
    ]);
    let s = &doc["sizing"];
    let rate = doc["lab_games_per_s"].as_f64().unwrap();
    let per_core_hour = s["games_per_core_hour"].as_f64().unwrap();
    assert!((per_core_hour - rate * 3600.0).abs() < 1e-6 * per_core_hour);
    let core_hours = s["core_hours"].as_f64().unwrap();
    assert!((core_hours - 1e8 / per_core_hour).abs() < 1e-9 * core_hours.max(1.0));
    let shards = s["shards"].as_u64().unwrap();
    assert_eq!(shards % 8, 0);
    assert!(s["shard_minutes"].as_f64().unwrap() <= 10.0);
    let wall = s["wall_minutes"].as_f64().unwrap();
    assert!((wall - core_hours * 60.0 / 8.0).abs() < 1e-6 * wall);
    common::refusal(&["bench", "goofspiel", "--cores", "8"]);
}
