//! Open game traces on the command line: `silk replay … --trace`, `silk simulate --traces`,
//! `silk find --traces`, `silk replay --trace-in`; every trace written is valid against its
//! game's JSON Schema in docs/traces/ and plays back; a tampered one is refused at its index.

use predicates::prelude::*;
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::{refusal, silk};

fn read(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn schema(game: &str) -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    read(&root.join(format!("docs/traces/{game}.schema.json")))
}

/// A small JSON Schema validator for the keywords the trace schemas use (an unknown keyword
/// fails the test, so that a schema never silently outgrows it).
fn validate(root: &Value, s: &Value, v: &Value, at: &str) -> Result<(), String> {
    let Some(s) = s.as_object() else {
        return Err(format!("{at}: the schema is not an object"));
    };
    for (key, rule) in s {
        match key.as_str() {
            "$schema" | "$id" | "$defs" | "title" | "description" => {}
            "$ref" => {
                let name = rule.as_str().unwrap().trim_start_matches("#/$defs/");
                validate(root, &root["$defs"][name], v, at)?;
            }
            "type" => {
                let ok = match rule.as_str().unwrap() {
                    "object" => v.is_object(),
                    "array" => v.is_array(),
                    "string" => v.is_string(),
                    "integer" => v.is_i64() || v.is_u64(),
                    "boolean" => v.is_boolean(),
                    "null" => v.is_null(),
                    t => return Err(format!("{at}: unknown type {t}")),
                };
                if !ok {
                    return Err(format!("{at}: {v} is not of type {rule}"));
                }
            }
            "const" if v != rule => return Err(format!("{at}: {v} is not {rule}")),
            "const" => {}
            "enum" if !rule.as_array().unwrap().contains(v) => {
                return Err(format!("{at}: {v} is not one of {rule}"))
            }
            "enum" => {}
            "minimum" if v.as_i64().is_some_and(|x| x < rule.as_i64().unwrap()) => {
                return Err(format!("{at}: {v} < {rule}"))
            }
            "maximum" if v.as_i64().is_some_and(|x| x > rule.as_i64().unwrap()) => {
                return Err(format!("{at}: {v} > {rule}"))
            }
            "minimum" | "maximum" => {}
            "minItems" | "maxItems" => {
                let n = v.as_array().map_or(0, Vec::len) as u64;
                let k = rule.as_u64().unwrap();
                if v.is_array() && ((key == "minItems" && n < k) || (key == "maxItems" && n > k)) {
                    return Err(format!("{at}: {n} items against {key} {k}"));
                }
            }
            "required" => {
                for r in rule.as_array().unwrap() {
                    if v.is_object() && v.get(r.as_str().unwrap()).is_none() {
                        return Err(format!("{at}: missing {r}"));
                    }
                }
            }
            "properties" => {
                for (k, sub) in rule.as_object().unwrap() {
                    if let Some(x) = v.get(k) {
                        validate(root, sub, x, &format!("{at}.{k}"))?;
                    }
                }
            }
            "additionalProperties" => {
                let Some(o) = v.as_object() else { continue };
                let known = s.get("properties").and_then(Value::as_object);
                for (k, x) in o {
                    if known.is_some_and(|p| p.contains_key(k)) {
                        continue;
                    }
                    match rule {
                        Value::Bool(false) => return Err(format!("{at}: unexpected key {k}")),
                        Value::Bool(true) => {}
                        sub => validate(root, sub, x, &format!("{at}.{k}"))?,
                    }
                }
            }
            "items" => {
                for (i, x) in v.as_array().into_iter().flatten().enumerate() {
                    validate(root, rule, x, &format!("{at}[{i}]"))?;
                }
            }
            "oneOf" => {
                let errors: Vec<String> = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|sub| validate(root, sub, v, at).err())
                    .collect();
                let passed = rule.as_array().unwrap().len() - errors.len();
                if passed != 1 {
                    return Err(format!("{at}: {passed} of oneOf match {v}: {errors:?}"));
                }
            }
            other => return Err(format!("{at}: the test's validator lacks keyword {other}")),
        }
    }
    Ok(())
}

fn assert_valid(game: &str, trace: &Value) {
    let s = schema(game);
    if let Err(e) = validate(&s, &s, trace, "trace") {
        panic!("{game} trace against docs/traces/{game}.schema.json: {e}");
    }
}

fn trace_in(path: &Path) -> assert_cmd::assert::Assert {
    silk().args(["replay", "--trace-in"]).arg(path).assert()
}

/// `silk simulate GAME ARGS --out DIR --traces`: the run's trace files.
fn simulate_traces(name: &str, args: &[&str]) -> (PathBuf, Vec<PathBuf>) {
    let dir = common::temp_dir("traces", name).join("run");
    silk()
        .arg("simulate")
        .args(args)
        .args(["--seed", "3", "--threads", "2", "--out"])
        .arg(&dir)
        .arg("--traces")
        .assert()
        .success()
        .stderr(predicate::str::contains("traces to"));
    let mut files: Vec<PathBuf> = fs::read_dir(dir.join("traces"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    (dir, files)
}

#[test]
fn simulate_writes_one_valid_trace_per_game_that_plays_back() {
    for (name, game, args) in [
        (
            "sr",
            "silk-road",
            vec![
                "silk-road",
                "--games",
                "3",
                "--bots",
                "random,greedy,random",
            ],
        ),
        (
            "ci",
            "cities",
            vec!["cities", "--games", "2", "--players", "2"],
        ),
        (
            "sp",
            "splendor",
            vec!["splendor", "--games", "2", "--bots", "greedy,random"],
        ),
        (
            "or",
            "splendor",
            vec![
                "splendor",
                "--games",
                "2",
                "--players",
                "3",
                "--modules",
                "orient",
            ],
        ),
        (
            "st",
            "splendor",
            vec![
                "splendor",
                "--games",
                "2",
                "--players",
                "2",
                "--modules",
                "strongholds",
            ],
        ),
        (
            "tp",
            "splendor",
            vec![
                "splendor",
                "--games",
                "2",
                "--players",
                "2",
                "--modules",
                "trading-posts",
            ],
        ),
        (
            "cs",
            "splendor",
            vec![
                "splendor",
                "--games",
                "2",
                "--players",
                "4",
                "--modules",
                "cities",
            ],
        ),
    ] {
        let (dir, files) = simulate_traces(name, &args);
        let games = fs::read_to_string(dir.join("games.jsonl")).unwrap();
        assert_eq!(
            files.len(),
            games.lines().count(),
            "{name}: one trace per game"
        );
        for (file, record) in files.iter().zip(games.lines()) {
            let trace = read(file);
            let record: Value = serde_json::from_str(record).unwrap();
            assert_valid(game, &trace);
            assert_eq!(trace["game"], game);
            assert_eq!(trace["seed"], record["seed"], "{}", file.display());
            assert_eq!(trace["result"]["decisions"], record["decisions"]);
            if record["finished"] == true {
                assert_eq!(trace["result"]["scores"], record["scores"]);
            }
            trace_in(file)
                .success()
                .stderr(predicate::str::contains("every decision is legal"));
        }
        // Not again into the same directory unasked.
        refusal(
            &[
                &["simulate"][..],
                &args,
                &["--out", dir.to_str().unwrap(), "--traces", "--quiet"],
            ]
            .concat(),
        );
    }
}

#[test]
fn simulate_traces_needs_out() {
    let err = refusal(&["simulate", "splendor", "--games", "1", "--traces"]);
    assert!(err.contains("--out"), "{err}");
}

#[test]
fn a_saved_game_becomes_a_trace_and_a_tampered_trace_names_its_index() {
    let dir = common::temp_dir("traces", "saved");
    let save = dir.join("game.json");
    silk()
        .args([
            "play",
            "splendor",
            "--bots",
            "greedy,greedy",
            "--seed",
            "5",
            "--save",
        ])
        .arg(&save)
        .assert()
        .success();
    let out = dir.join("trace.json");
    silk()
        .args(["replay", "splendor"])
        .arg(&save)
        .args(["--trace", "--out"])
        .arg(&out)
        .assert()
        .success();
    let trace = read(&out);
    assert_valid("splendor", &trace);
    // Not overwritten unasked; replaced with --force.
    let err = refusal(&[
        "replay",
        "splendor",
        save.to_str().unwrap(),
        "--trace",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(err.contains("exists"), "{err}");
    silk()
        .args(["replay", "splendor"])
        .arg(&save)
        .args(["--trace", "--force", "--out"])
        .arg(&out)
        .assert()
        .success();
    // To stdout without --out: the same document.
    let printed = silk()
        .args(["replay", "splendor"])
        .arg(&save)
        .arg("--trace")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(serde_json::from_slice::<Value>(&printed).unwrap(), trace);
    trace_in(&out)
        .success()
        .stderr(predicate::str::contains("the result matches"));

    // A take of two gold (not a gem colour): refused, with the file, the index and the reason.
    let mut bad = trace.clone();
    let i = bad["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["action"]["kind"] == "take_different")
        .unwrap();
    bad["actions"][i]["action"] = json!({"kind": "take_two", "gem": "gold"});
    let tampered = dir.join("tampered.json");
    fs::write(&tampered, bad.to_string()).unwrap();
    let assert = trace_in(&tampered).code(2);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("tampered.json"), "{stderr}");
    assert!(stderr.contains(&format!("actions[{i}]")), "{stderr}");
    assert!(stderr.contains("\"gold\" is not one of"), "{stderr}");

    // The right kinds but an illegal move: the engine's reason.
    let mut bad = trace.clone();
    bad["actions"][0]["action"] = json!({"kind": "buy", "from": {"level": 3, "slot": "a"}});
    fs::write(&tampered, bad.to_string()).unwrap();
    trace_in(&tampered)
        .code(2)
        .stderr(predicate::str::contains("actions[0]"));

    // A changed result is caught.
    let mut bad = trace.clone();
    bad["result"]["scores"] = json!([99, 0]);
    fs::write(&tampered, bad.to_string()).unwrap();
    trace_in(&tampered)
        .code(2)
        .stderr(predicate::str::contains("result").and(predicate::str::contains("scores")));
}

#[test]
fn malformed_traces_are_errors_not_panics() {
    let dir = common::temp_dir("traces", "malformed");
    let f = dir.join("t.json");
    for (text, says) in [
        ("not json", "line 1"),
        ("{}", "not a silk trace"),
        (r#"{"format":"silk-trace","version":9}"#, "version 9"),
        (
            r#"{"format":"silk-trace","version":1,"game":"chess","players":2,"config":{},"setup":{},"actions":[]}"#,
            "unknown game",
        ),
        (
            r#"{"format":"silk-trace","version":1,"game":"splendor","players":2,"config":{"players":2},"setup":{},"actions":[]}"#,
            "setup",
        ),
        (
            r#"{"format":"silk-trace","version":1,"game":"cities","players":2,"config":7,"setup":{},"actions":[]}"#,
            "config",
        ),
    ] {
        fs::write(&f, text).unwrap();
        trace_in(&f)
            .code(2)
            .stderr(predicate::str::contains(says).and(predicate::str::contains("panicked").not()));
    }
    refusal(&[
        "replay",
        "--trace-in",
        dir.join("missing.json").to_str().unwrap(),
    ]);
}

#[test]
fn find_traces_the_games_it_lists() {
    let dir = common::temp_dir("traces", "find").join("run");
    silk()
        .args([
            "find",
            "cities",
            "--where",
            "decisions > 0",
            "--games",
            "3",
            "--players",
            "2",
        ])
        .args(["--limit", "2", "--seed", "2", "--threads", "1", "--out"])
        .arg(&dir)
        .arg("--traces")
        .assert()
        .success();
    let n = fs::read_dir(dir.join("traces")).unwrap().count();
    assert_eq!(n, 2, "the two games listed");
    // From the run directory: the games matching, into its traces/ (replaced with --force).
    silk()
        .arg("find")
        .arg(&dir)
        .args(["--where", "index == 2", "--traces", "--force"])
        .assert()
        .success();
    let t = read(&dir.join("traces/game-2.json"));
    assert_valid("cities", &t);
    trace_in(&dir.join("traces/game-2.json")).success();
    let err = refusal(&[
        "find", "splendor", "--where", "true", "--games", "1", "--traces",
    ]);
    assert!(err.contains("--out"), "{err}");
}

#[test]
fn a_run_game_is_traced_from_its_run_directory() {
    let (dir, _) = simulate_traces("rungame", &["silk-road", "--games", "2"]);
    let printed = silk()
        .arg("replay")
        .arg(&dir)
        .args(["--game", "1", "--trace"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let trace: Value = serde_json::from_slice(&printed).unwrap();
    assert_eq!(trace, read(&dir.join("traces/game-1.json")));
}

/// The JSON records of a command's stdout (JSON Lines).
fn json_lines(cmd: &mut assert_cmd::Command) -> Vec<Value> {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Issue 32, part 5: a trace keeps the standings round by round (each seat's VP and coins,
/// the sole leader) and the round the game was decided in; `--trace-in FILE --timeline` shows
/// the same table as the run's replay; a trace without it (an older one) still reads, and one
/// whose standings were edited is refused at `timeline`.
#[test]
fn issue32_timeline_is_kept_in_the_trace_and_checked() {
    let (dir, files) = simulate_traces("timeline", &["cities", "--games", "2"]);
    let path = &files[0];
    let trace = read(path);
    assert_valid("cities", &trace);
    let t = &trace["timeline"];
    assert_eq!(t["score"], "VP");
    assert_eq!(t["coins"], "coins");
    let rounds = t["rounds"].as_array().expect("a timeline in the trace");
    assert!(rounds.len() >= 3, "{t}");
    for r in rounds {
        assert_eq!(r["score"].as_array().unwrap().len(), 4, "{r}");
        assert_eq!(r["coins"].as_array().unwrap().len(), 4, "{r}");
    }
    let decided = t["decided_at"].as_u64().expect("decided");
    assert!(rounds.iter().any(|r| r["round"] == decided));
    // The final row's VP are the result's scores (Cities scores are VP).
    assert_eq!(rounds.last().unwrap()["score"], trace["result"]["scores"]);

    // The trace's table is the one a replay of the run's game gives.
    let from_trace = json_lines(
        silk()
            .args(["replay", "--json", "--timeline", "--trace-in"])
            .arg(path),
    );
    let shown: Vec<&Value> = from_trace
        .iter()
        .filter(|l| l["type"] == "timeline")
        .collect();
    assert_eq!(shown.len(), 1, "{from_trace:?}");
    let from_run =
        json_lines(
            silk()
                .arg("replay")
                .arg(&dir)
                .args(["--game", "0", "--timeline", "--json"]),
        );
    let run_t = from_run.iter().find(|l| l["type"] == "timeline").unwrap();
    assert_eq!(shown[0], run_t);
    for key in ["score", "coins", "rounds", "decided_at"] {
        assert_eq!(shown[0][key], t[key], "{key}");
    }
    trace_in(path)
        .success()
        .stderr(predicate::str::contains("and the result matches"));
    silk()
        .args(["replay", "--timeline", "--trace-in"])
        .arg(path)
        .assert()
        .success()
        .stdout(predicate::str::contains("<- decided"))
        .stdout(predicate::str::contains(format!(
            "decided at round {decided}"
        )));

    // An older trace, without a timeline, still plays back and shows one.
    let mut old = trace.clone();
    old.as_object_mut().unwrap().remove("timeline");
    let old_path = path.with_file_name("old.json");
    fs::write(&old_path, old.to_string()).unwrap();
    silk()
        .args(["replay", "--timeline", "--trace-in"])
        .arg(&old_path)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "decided at round {decided}"
        )))
        .stderr(predicate::str::contains("keeps no timeline"));

    // Edited standings are refused, with their place.
    let mut edited = trace.clone();
    edited["timeline"]["rounds"][2]["score"][1] = serde_json::json!(99);
    let edited_path = path.with_file_name("edited.json");
    fs::write(&edited_path, edited.to_string()).unwrap();
    trace_in(&edited_path)
        .code(2)
        .stderr(predicate::str::contains("timeline: rounds[2]"));
}

/// Issue 44, point 11: `silk find RUN --traces` plays the games it lists again, but never
/// starts a program the run's run.json names: such a run is refused (before any trace is
/// written) with the `--bots` to give; given them, the traces are written and play back.
#[test]
#[cfg(unix)]
fn issue44_find_traces_never_starts_a_program_its_run_names() {
    let (dir, run, bots) = common::run_with_a_program("traces", "cmd");
    let run_s = run.to_str().unwrap();
    let find = ["find", run_s, "--where", "index >= 0"];
    // Reading the records alone starts nothing: no --bots needed.
    silk().args(find).assert().success();
    let err = refusal(&[&find[..], &["--traces"]].concat());
    assert!(err.contains(&format!("--bots '{bots}'")), "{err}");
    assert!(!run.join("traces").exists());
    let err = refusal(&[&find[..], &["--bots", &bots]].concat());
    assert!(err.contains("--traces"), "{err}");
    silk()
        .args(find)
        .args(["--traces", "--bots", &bots])
        .assert()
        .success();
    trace_in(&run.join("traces/game-1.json")).success();

    // A run.json that names any command: refused, and the command never runs.
    let marker = dir.join("touched");
    let path = run.join("run.json");
    let mut spec: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    spec["bots"][0] = json!(format!("cmd:touch {}", marker.display()));
    fs::write(&path, spec.to_string()).unwrap();
    let err = refusal(&[&find[..], &["--traces", "--force"]].concat());
    assert!(err.contains("--bots 'cmd:touch "), "{err}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!marker.exists(), "the command run.json names was run");
    let _ = fs::remove_dir_all(&dir);
}
