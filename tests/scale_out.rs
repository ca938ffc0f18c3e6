//! The scale-out recipes (examples/scale-out/): the entry script run for 4 shards with the index
//! variables each scheduler sets, merged, must give exactly the summary of one whole run; bad
//! indices are refused before any game is played; the Slurm recipe runs end to end under a stand-in
//! `sbatch`. Neither Slurm, Kubernetes nor GNU parallel need be installed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

const SILK: &str = env!("CARGO_BIN_EXE_silk");

fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scale-out")
}

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("scale-out", name)
}

/// The run every test slices: small, but with several bots so the summary has substance.
const GAME: [&str; 9] = [
    "silk-road",
    "--games",
    "30",
    "--bots",
    "greedy,greedy,random",
    "--players",
    "3",
    "--seed",
    "11",
];

/// Variables a scheduler (or the machine running the tests) may have set: cleared so each case
/// sets exactly what its scheduler would.
const SCHEDULER_VARS: [&str; 13] = [
    "SILK_SHARD",
    "SILK_SHARDS",
    "SILK_SCHEDULER",
    "SILK_THREADS",
    "SILK_SCALE_OUT",
    "SLURM_ARRAY_JOB_ID",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
    "PARALLEL_SEQ",
];

/// `sh SCRIPT args` with SILK pointing at this build and only `vars` of the scheduler variables.
fn run_script(script: &str, args: &[&str], vars: &[(&str, String)]) -> Output {
    let mut cmd = Command::new("sh");
    cmd.arg(scripts().join(script)).args(args).env("SILK", SILK);
    for v in SCHEDULER_VARS {
        cmd.env_remove(v);
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    cmd.output().expect("sh runs")
}

fn ok(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what}: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

fn json(path: &Path) -> serde_json::Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One whole, unsharded run of GAME.
fn whole_run(dir: &Path) -> PathBuf {
    let whole = dir.join("whole");
    common::silk()
        .arg("simulate")
        .args(GAME)
        .arg("--out")
        .arg(&whole)
        .assert()
        .success();
    whole
}

/// Environment variables to set.
type Env = Vec<(&'static str, String)>;

/// The variables each scheduler (and its recipe's wrapper) sets for task `t` of 4, `t` = 0..4.
type Vars = fn(usize) -> Env;

const SCHEDULERS: [(&str, Vars); 5] = [
    // slurm/submit.sh: --array=1-4, SILK_SHARDS exported; shard.sbatch names the scheduler.
    ("slurm", |t| {
        vec![
            ("SLURM_ARRAY_JOB_ID", "4242".into()),
            ("SLURM_ARRAY_TASK_ID", (t + 1).to_string()),
            ("SLURM_ARRAY_TASK_MIN", "1".into()),
            ("SLURM_ARRAY_TASK_MAX", "4".into()),
            ("SLURM_ARRAY_TASK_COUNT", "4".into()),
            ("SLURM_ARRAY_TASK_STEP", "1".into()),
            ("SILK_SHARDS", "4".into()),
            ("SILK_SCHEDULER", "slurm".into()),
            ("SILK_THREADS", "1".into()),
        ]
    }),
    // A hand-written `sbatch --array=0-3`: ids from 0, the count only from Slurm, the scheduler
    // found from the variable alone.
    ("slurm-from-0", |t| {
        vec![
            ("SLURM_ARRAY_TASK_ID", t.to_string()),
            ("SLURM_ARRAY_TASK_MIN", "0".into()),
            ("SLURM_ARRAY_TASK_MAX", "3".into()),
            ("SLURM_ARRAY_TASK_COUNT", "4".into()),
        ]
    }),
    // kubernetes/job.yaml: completions 4, JOB_COMPLETION_INDEX 0..3.
    ("kubernetes", |t| {
        vec![
            ("JOB_COMPLETION_INDEX", t.to_string()),
            ("SILK_SHARDS", "4".into()),
            ("SILK_SCHEDULER", "kubernetes".into()),
            ("SILK_THREADS", "2".into()),
        ]
    }),
    // parallel/run.sh: `seq 1 4 | parallel -N0 ...`, PARALLEL_SEQ 1..4.
    ("parallel", |t| {
        vec![
            ("PARALLEL_SEQ", (t + 1).to_string()),
            ("SILK_SHARDS", "4".into()),
            ("SILK_SCHEDULER", "parallel".into()),
        ]
    }),
    // By hand.
    ("manual", |t| vec![("SILK_SHARD", format!("{}/4", t + 1))]),
];

#[test]
fn four_shards_from_each_schedulers_index_merge_into_one_run() {
    let dir = temp_dir("merge");
    let whole = whole_run(&dir);
    let whole_summary = json(&whole.join("summary.json"));
    for (name, vars) in SCHEDULERS {
        let shards = dir.join(name).join("shards");
        let shards_arg = shards.to_str().unwrap();
        // Tasks finish in any order on a real cluster.
        for t in (0..4).rev() {
            let args = [&[shards_arg][..], &GAME].concat();
            ok(
                &run_script("shard.sh", &args, &vars(t)),
                &format!("{name} task {t}"),
            );
        }
        // Each task wrote its own slice, under the name the merge looks for, and no temporary
        // directory is left behind.
        let mut names: Vec<String> = fs::read_dir(&shards)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "shard-1-of-4",
                "shard-2-of-4",
                "shard-3-of-4",
                "shard-4-of-4"
            ],
            "{name}"
        );
        for k in 1..=4 {
            let spec = json(&shards.join(format!("shard-{k}-of-4/run.json")));
            assert_eq!(spec["shard"], serde_json::json!({"k": k, "n": 4}), "{name}");
        }
        let merged = dir.join(name).join("merged");
        ok(
            &run_script(
                "merge.sh",
                &[shards_arg, merged.to_str().unwrap()],
                &[("SILK_SHARDS", "4".into())],
            ),
            &format!("{name} merge"),
        );
        assert_eq!(json(&merged.join("summary.json")), whole_summary, "{name}");
        assert_eq!(
            json(&merged.join("run.json")),
            json(&whole.join("run.json")),
            "{name}"
        );
    }

    // A retried task whose shard is complete does nothing.
    let shards = dir.join("kubernetes/shards");
    let games = shards.join("shard-2-of-4/games.jsonl");
    let before = fs::metadata(&games).unwrap().modified().unwrap();
    let args = [&[shards.to_str().unwrap()][..], &GAME].concat();
    let out = run_script("shard.sh", &args, &SCHEDULERS[2].1(1));
    ok(&out, "a retried task");
    assert!(String::from_utf8_lossy(&out.stderr).contains("already complete"));
    assert_eq!(fs::metadata(&games).unwrap().modified().unwrap(), before);
    // One left by a run with other options is refused, not taken for this run's.
    let other = [&[shards.to_str().unwrap()][..], &GAME[..8], &["12"]].concat();
    let out = run_script("shard.sh", &other, &SCHEDULERS[2].1(1));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("another run"));
    // Merging again replaces the earlier merge.
    let merged = dir.join("kubernetes/merged");
    let again = run_script(
        "merge.sh",
        &[shards.to_str().unwrap(), merged.to_str().unwrap()],
        &[],
    );
    ok(&again, "a second merge");

    // A shard that never finished is named, and nothing is merged; N comes from the directory
    // names when SILK_SHARDS is not set.
    fs::remove_dir_all(shards.join("shard-3-of-4")).unwrap();
    let merged = dir.join("partial");
    let out = run_script(
        "merge.sh",
        &[shards.to_str().unwrap(), merged.to_str().unwrap()],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("missing") && err.ends_with(" 3\n"), "{err}");
    assert!(!merged.exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn indices_that_do_not_name_one_shard_are_refused_before_any_game() {
    let dir = temp_dir("refused");
    let shards = dir.join("shards");
    let slurm = |id: &str, min: &str, count: &str, step: &str| {
        vec![
            ("SLURM_ARRAY_TASK_ID", id.to_string()),
            ("SLURM_ARRAY_TASK_MIN", min.to_string()),
            ("SLURM_ARRAY_TASK_COUNT", count.to_string()),
            ("SLURM_ARRAY_TASK_STEP", step.to_string()),
        ]
    };
    let k8s = |idx: &str, n: &str| {
        vec![
            ("JOB_COMPLETION_INDEX", idx.to_string()),
            ("SILK_SHARDS", n.to_string()),
        ]
    };
    let cases: Vec<(Env, &[&str], &str)> = vec![
        (k8s("4", "4"), &[], "outside 1..4"),
        (k8s("0", ""), &[], "SILK_SHARDS is not set"),
        (k8s("0", "0"), &[], "at least one shard"),
        (k8s("x", "4"), &[], "expected a whole number"),
        (k8s("-1", "4"), &[], "expected a whole number"),
        // A leading zero would read as octal in shell arithmetic.
        (k8s("07", "8"), &[], "expected a whole number"),
        (k8s("99999999999999999999", "4"), &[], "whole number"),
        (slurm("3", "1", "4", "2"), &[], "SLURM_ARRAY_TASK_STEP=2"),
        (slurm("0", "1", "4", "1"), &[], "below SLURM_ARRAY_TASK_MIN"),
        (slurm("5", "1", "4", "1"), &[], "outside 1..4"),
        (
            [slurm("1", "1", "4", "1"), vec![("SILK_SHARDS", "8".into())]].concat(),
            &[],
            "SLURM_ARRAY_TASK_COUNT=4",
        ),
        (
            vec![("SLURM_ARRAY_TASK_ID", "1".into())],
            &[],
            "SLURM_ARRAY_TASK_MIN is not set",
        ),
        (
            [k8s("1", "4"), vec![("PARALLEL_SEQ", "2".into())]].concat(),
            &[],
            "several shard indices",
        ),
        (vec![], &[], "no shard index"),
        (
            vec![("SILK_SCHEDULER", "parallel".into())],
            &[],
            "PARALLEL_SEQ is not set",
        ),
        (
            vec![("SILK_SCHEDULER", "lsf".into())],
            &[],
            "SILK_SCHEDULER=lsf",
        ),
        (vec![("SILK_SHARD", "3".into())], &[], "expected K/N"),
        (k8s("0", "4"), &["--shard", "1/2"], "--shard"),
        (k8s("0", "4"), &["--out=x"], "--out=x"),
    ];
    for (vars, extra, expected) in cases {
        let args = [&[shards.to_str().unwrap()][..], &GAME, extra].concat();
        let out = run_script("shard.sh", &args, &vars);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{vars:?}: {err}");
        assert!(err.contains(expected), "{vars:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(!shards.exists(), "{vars:?} ran a shard");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A stand-in for `sbatch`, enough for slurm/submit.sh: an `--array=A-B` job runs its tasks one
/// after another with the variables Slurm sets; a job with `--dependency=afterok:` runs only if
/// every task so far succeeded. It prints a job id, as `--parsable` does.
const FAKE_SBATCH: &str = r#"#!/bin/sh
set -eu
array= out=/dev/null dep=
while :; do
    case $1 in
    --parsable) ;;
    --array=*) array=${1#--array=} ;;
    --output=*) out=${1#--output=} ;;
    --dependency=afterok:*) dep=${1#--dependency=afterok:} ;;
    --*) echo "fake sbatch: unexpected $1" >&2; exit 1 ;;
    *) break ;;
    esac
    shift
done
script=$1
shift
state=${FAKE_SLURM_STATE:?}
if [ -n "$dep" ]; then
    [ "$dep" = 4242 ] || { echo "fake sbatch: depends on $dep" >&2; exit 1; }
    [ ! -e "$state/failed" ] || exit 0
    sh "$script" "$@" >"$out" 2>&1 || touch "$state/failed"
    echo 4243
    exit 0
fi
lo=${array%-*} hi=${array#*-}
id=$lo
while [ "$id" -le "$hi" ]; do
    SLURM_ARRAY_JOB_ID=4242 SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=$lo \
    SLURM_ARRAY_TASK_MAX=$hi SLURM_ARRAY_TASK_COUNT=$((hi - lo + 1)) SLURM_ARRAY_TASK_STEP=1 \
    SLURM_CPUS_PER_TASK=1 sh "$script" "$@" >"$(echo "$out" | sed "s/%a/$id/")" 2>&1 ||
        touch "$state/failed"
    id=$((id + 1))
done
echo "4242;cluster"
"#;

#[test]
fn the_slurm_recipe_submits_an_array_and_a_dependent_merge() {
    let dir = temp_dir("slurm");
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let sbatch = bin.join("sbatch");
    fs::write(&sbatch, FAKE_SBATCH).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&sbatch, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let state = dir.join("state");
    fs::create_dir_all(&state).unwrap();
    let run = dir.join("run");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let args = [&["4", run.to_str().unwrap()][..], &GAME].concat();
    let out = run_script(
        "slurm/submit.sh",
        &args,
        &[
            ("PATH", path),
            ("FAKE_SLURM_STATE", state.display().to_string()),
        ],
    );
    ok(&out, "submit.sh");
    let log = |name: &str| fs::read_to_string(run.join("logs").join(name)).unwrap_or_default();
    assert!(
        !state.join("failed").exists(),
        "a job failed:\n{}\n{}",
        log("shard-1.log"),
        log("merge.log")
    );
    let whole = whole_run(&dir);
    assert_eq!(
        json(&run.join("merged/summary.json")),
        json(&whole.join("summary.json"))
    );
    assert!(run.join("report.html").exists());
    assert!(log("shard-3.log").contains("shard 3 of 4 (slurm)"));
    let _ = fs::remove_dir_all(&dir);
}

/// The Kubernetes Job's completions, the shard count its pods are told and the merge Job's all
/// agree; the image holds the scripts the Jobs call; every script is valid shell.
#[test]
fn the_recipes_agree_with_each_other() {
    let read = |p: &str| fs::read_to_string(scripts().join(p)).unwrap();
    let job = read("kubernetes/job.yaml");
    let value_after = |text: &str, key: &str| -> String {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(key))
            .unwrap_or_else(|| panic!("{key} not found"));
        let v = line.trim_start()[key.len()..].trim_start();
        v.split_whitespace()
            .next()
            .unwrap()
            .trim_matches('"')
            .into()
    };
    // SILK_SHARDS's value is on the line after its name.
    let shards_in = |text: &str| -> String {
        let mut lines = text.lines();
        lines
            .find(|l| l.contains("name: SILK_SHARDS"))
            .expect("SILK_SHARDS set");
        value_after(lines.next().unwrap(), "value:")
    };
    let completions = value_after(&job, "completions:");
    assert_eq!(value_after(&job, "completionMode:"), "Indexed");
    assert_eq!(shards_in(&job), completions);
    assert_eq!(shards_in(&read("kubernetes/merge-job.yaml")), completions);
    assert!(job.contains("/opt/silk/shard.sh"));
    assert!(read("kubernetes/merge-job.yaml").contains("/opt/silk/merge.sh"));
    let docker = read("kubernetes/Dockerfile");
    assert!(docker.contains("examples/scale-out/shard.sh examples/scale-out/merge.sh /opt/silk/"));

    for script in [
        "shard.sh",
        "merge.sh",
        "slurm/submit.sh",
        "slurm/shard.sbatch",
        "slurm/merge.sbatch",
        "parallel/run.sh",
        "kubernetes/run.sh",
    ] {
        let out = Command::new("sh")
            .arg("-n")
            .arg(scripts().join(script))
            .output()
            .unwrap();
        ok(&out, script);
    }
}

/// Issue 35: no Kubernetes cluster (nor an offline schema validator) runs here, so the fields
/// the recipe relies on are read from the manifests and checked against each other: an Indexed
/// Job whose pods never restart in place (a retry is a new pod, which finds a finished shard
/// finished), at most `completions` pods at once, every pod and the merge mounting the one
/// ReadWriteMany claim at the path their commands write under.
#[test]
fn issue35_the_kubernetes_manifests_hold_every_field_the_recipe_relies_on() {
    let read = |p: &str| fs::read_to_string(scripts().join("kubernetes").join(p)).unwrap();
    // `key: value` at any depth (the first), its value without quotes or comment.
    let field = |text: &str, key: &str| -> String {
        text.lines()
            .map(|l| l.trim_start().trim_start_matches("- "))
            .find_map(|l| l.strip_prefix(&format!("{key}:")))
            .unwrap_or_else(|| panic!("{key} not found"))
            .split('#')
            .next()
            .unwrap()
            .trim()
            .trim_matches('"')
            .to_string()
    };
    let number = |text: &str, key: &str| -> u64 {
        field(text, key)
            .parse()
            .unwrap_or_else(|e| panic!("{key}: {e}"))
    };
    let (job, merge, pvc) = (read("job.yaml"), read("merge-job.yaml"), read("pvc.yaml"));
    for (name, text) in [("job.yaml", &job), ("merge-job.yaml", &merge)] {
        assert_eq!(field(text, "apiVersion"), "batch/v1", "{name}");
        assert_eq!(field(text, "kind"), "Job", "{name}");
        assert_eq!(field(text, "restartPolicy"), "Never", "{name}");
        // The volume: mounted at /runs, from the claim pvc.yaml makes.
        assert_eq!(field(text, "mountPath"), "/runs", "{name}");
        assert_eq!(field(text, "claimName"), field(&pvc, "name"), "{name}");
        assert!(
            text.contains("volumeMounts:\n            - name: runs")
                && text.contains("volumes:\n        - name: runs"),
            "{name}: the mount names the volume"
        );
        assert!(text.contains("\"/runs/$(RUN)/shards\""), "{name}");
        assert!(field(text, "backoffLimit").parse::<u64>().unwrap() >= 1);
    }
    assert_eq!(field(&job, "completionMode"), "Indexed");
    let completions = number(&job, "completions");
    let parallelism = number(&job, "parallelism");
    assert!((1..=completions).contains(&parallelism));
    // Retried pods must not exhaust the limit before every index has had a chance.
    assert!(number(&job, "backoffLimit") >= 1);
    assert!(job.contains("name: SILK_SCHEDULER\n              value: kubernetes"));
    assert_eq!(field(&pvc, "kind"), "PersistentVolumeClaim");
    assert_eq!(field(&pvc, "accessModes"), "[ReadWriteMany]");
}
