//! `silk replay --trace-in FILE --legal` (issue 30, point 6): the legal decisions at a position
//! of a trace, in the trace's decision format, for every game. The list printed must be the
//! engine's `legal_actions` at that position, in its order, and every decision listed must be
//! accepted there.

use serde_json::Value;
use silk::core::trace::{play_trace, Trace};
use silk::core::{Seat, ToMove, Traced};
use std::path::{Path, PathBuf};

mod common;
use common::{ok_stdout, refusal, silk};

/// The trace of game 0 of a small run of `game` (`args` after the game's name), in a directory
/// of its own named `name`.
fn trace_file(name: &str, game: &str, args: &[&str]) -> PathBuf {
    let dir = common::temp_dir("legal", name).join("run");
    silk()
        .args(["simulate", game, "--games", "1", "--seed", "5"])
        .args(args)
        .arg("--out")
        .arg(&dir)
        .arg("--traces")
        .assert()
        .success();
    dir.join("traces/game-0.json")
}

fn load(path: &Path) -> Trace {
    Trace::load(path).unwrap()
}

fn is_chance(entry: &Value) -> bool {
    entry.get("chance").is_some()
}

/// The entries of `actions` before decision `n` (from 1), with their draws of chance.
fn before(trace: &Trace, n: usize) -> Trace {
    let index = trace
        .actions
        .iter()
        .enumerate()
        .filter(|(_, e)| !is_chance(e))
        .nth(n - 1)
        .map_or(trace.actions.len(), |(i, _)| i);
    Trace {
        actions: trace.actions[..index].to_vec(),
        result: None,
        ..trace.clone()
    }
}

fn decisions(trace: &Trace) -> usize {
    trace.actions.iter().filter(|e| !is_chance(e)).count()
}

/// `silk --json replay --trace-in FILE --legal --at N`: its one record.
fn legal_at(path: &Path, n: usize) -> Value {
    let text = ok_stdout(
        silk()
            .args(["--json", "replay", "--trace-in"])
            .arg(path)
            .args(["--legal", "--at", &n.to_string()]),
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one record: {text}");
    serde_json::from_str(lines[0]).unwrap()
}

/// At several positions of the trace at `path` (the first, some in the middle, the last and
/// the end), the printed list is the engine's, and each decision listed is accepted.
fn check<G: Traced>(path: &Path) {
    let trace = load(path);
    let d = decisions(&trace);
    assert!(d >= 3, "a game of a few decisions at least");
    for n in [1, 2, d / 3, d / 2, d, d + 1] {
        let printed = legal_at(path, n);
        let prefix = before(&trace, n);
        let state = play_trace::<G>(&prefix, "prefix", |_| {}).unwrap();
        assert_eq!(printed["type"], "legal");
        assert_eq!(printed["decision"], n);
        assert_eq!(printed["index"], prefix.actions.len());
        let seats: Vec<Seat> = match G::to_move(&state) {
            ToMove::Seat(s) => vec![s],
            ToMove::Simultaneous(set) => set.iter().collect(),
            ToMove::Terminal => vec![],
        };
        let to_move: Vec<usize> = seats.iter().map(|s| s.index()).collect();
        assert_eq!(printed["to_move"], serde_json::json!(to_move), "{n}");
        let listed = printed["actions"].as_array().unwrap();
        let mut engine = Vec::new();
        let mut legal = Vec::new();
        for &seat in &seats {
            G::legal_actions(&state, seat, &mut legal);
            engine.extend(legal.iter().map(|&a| (seat, a)));
        }
        assert_eq!(listed.len(), engine.len(), "{}: decision {n}", G::NAME);
        if n <= d {
            assert!(!listed.is_empty(), "someone is to move before decision {n}");
        }
        for (entry, &(seat, action)) in listed.iter().zip(&engine) {
            assert_eq!(entry["seat"], seat.index());
            assert_eq!(entry["action"], G::action_json(&state, seat, action));
            assert_eq!(entry["text"], G::action_to_string(&state, action));
            // Read back as a trace is read, it is that decision, and the engine accepts it.
            let read = G::action_from_json(&state, seat, &entry["action"]).unwrap();
            assert_eq!(read, action, "{entry}");
            let mut after = state.clone();
            G::apply(&mut after, seat, read).unwrap_or_else(|e| panic!("{entry}: {e}"));
        }
    }
}

#[test]
fn issue30_p6_legal_lists_are_the_engines_for_every_game() {
    check::<silk::splendor::Splendor>(&trace_file(
        "splendor-orient",
        "splendor",
        &[
            "--players",
            "3",
            "--modules",
            "orient",
            "--bots",
            "greedy,random,greedy",
        ],
    ));
    check::<silk::silk_road::SilkRoad>(&trace_file("sr", "silk-road", &["--players", "3"]));
    check::<silk::cities::Cities>(&trace_file("cities", "cities", &["--players", "2"]));
    check::<silk::core::goofspiel::Goofspiel>(&trace_file("goof", "goofspiel", &[]));
}

/// Every decision the list gives at a position, put in the trace there, is accepted by `silk
/// replay --trace-in` itself.
#[test]
fn issue30_p6_each_listed_decision_is_accepted_by_trace_in() {
    let path = trace_file(
        "splendor-base",
        "splendor",
        &["--players", "2", "--bots", "greedy"],
    );
    let trace = load(&path);
    let n = decisions(&trace) / 2;
    let printed = legal_at(&path, n);
    let listed = printed["actions"].as_array().unwrap();
    assert!(listed.len() > 1);
    let dir = path.parent().unwrap();
    for (k, entry) in listed.iter().enumerate() {
        let mut t = before(&trace, n);
        t.actions.push(entry.clone());
        let file = dir.join(format!("with-{k}.json"));
        std::fs::write(&file, t.to_json()).unwrap();
        silk()
            .args(["replay", "--trace-in"])
            .arg(&file)
            .assert()
            .success();
    }
}

/// Without `--at`, a `legal` record comes before each `move` record (the position it is played
/// from, the move among the decisions listed) and one after the last.
#[test]
fn issue30_p6_legal_before_every_decision_and_after_the_last() {
    let path = trace_file(
        "splendor-sh",
        "splendor",
        &["--players", "2", "--modules", "strongholds"],
    );
    let trace = load(&path);
    let out = silk()
        .args(["--json", "replay", "--trace-in"])
        .arg(&path)
        .arg("--legal")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let records: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &Value| r["type"] == "legal" || r["type"] == "move")
        .collect();
    let d = decisions(&trace);
    assert_eq!(records.len(), 2 * d + 1);
    for (k, pair) in records.chunks(2).enumerate() {
        let legal = &pair[0];
        assert_eq!(legal["type"], "legal");
        assert_eq!(legal["decision"], k + 1);
        let Some(played) = pair.get(1) else {
            assert_eq!(legal["actions"], serde_json::json!([]), "the game is over");
            break;
        };
        assert_eq!(played["type"], "move");
        assert_eq!(legal["index"], played["index"]);
        let entry = &trace.actions[played["index"].as_u64().unwrap() as usize];
        let listed = legal["actions"].as_array().unwrap();
        assert!(
            listed.iter().any(|l| l["action"] == entry["action"]),
            "decision {} is among those listed",
            k + 1
        );
    }
}

/// Misuse is one line on stderr and exit code 2.
#[test]
fn issue30_p6_legal_misuse_is_refused() {
    let path = trace_file("goof-misuse", "goofspiel", &[]);
    let d = decisions(&load(&path));
    let err = refusal(&[
        "replay",
        "--trace-in",
        path.to_str().unwrap(),
        "--legal",
        "--at",
        &(d + 2).to_string(),
    ]);
    assert!(err.contains(&format!("decisions 1 to {d}")), "{err}");
    let err = refusal(&["replay", "--trace-in", path.to_str().unwrap(), "--at", "1"]);
    assert!(err.contains("add --legal"), "{err}");
    let err = refusal(&["replay", "goofspiel", "x.json", "--legal"]);
    assert!(err.contains("--trace-in FILE --legal"), "{err}");
}
