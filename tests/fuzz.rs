//! Fuzzing the outside input the command line reads itself: run directories for `silk lab
//! merge` (run.json, games.jsonl), the table helper's journal (`silk table --resume`), and
//! `--config` files of Cities and Splendor (a whole config or a params.json). Valid inputs are
//! mutated (silk_core::fuzz) from proptest-chosen seeds; every one must give a result or a
//! one-line error with exit code 2 — never a panic. Bounded: fixed cases from a fixed seed.

use proptest::prelude::*;
use silk_core::fuzz::{mutate_json, mutate_text};
use silk_lab::{RunSpec, Shard, Summary};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

mod common;

use silk_core::fuzz::cases;

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

/// A small finished run of `game`, made once per test binary and per game: the run directory
/// `--where` expressions and damaged records are tried on.
fn small_run(game: &'static str) -> &'static Path {
    static RUNS: OnceLock<std::sync::Mutex<Vec<(&'static str, &'static Path)>>> = OnceLock::new();
    let mut runs = RUNS.get_or_init(Default::default).lock().unwrap();
    if let Some((_, dir)) = runs.iter().find(|(g, _)| *g == game) {
        return dir;
    }
    let dir = temp_dir(&format!("small-run-{game}")).join("run");
    common::silk()
        .args(["simulate", game, "--games", "8", "-q", "--out"])
        .arg(&dir)
        .assert()
        .success();
    let dir: &'static Path = Box::leak(dir.into_boxed_path());
    runs.push((game, dir));
    dir
}

/// `silk find RUN --where EXPR`.
fn find_where(expr: &str) -> Output {
    common::silk()
        .arg("find")
        .arg(small_run("silk-road"))
        .args(["--where", expr])
        .output()
        .unwrap()
}

/// Issue 30, point 11: two `silk simulate --out D` at once. The second is refused before it
/// writes anything (the run directory is locked for the first run's whole life), the first
/// completes, and its records are its own: game 0 replays.
#[test]
fn issue30_p11_second_run_on_same_dir_refused() {
    let run = temp_dir("p11").join("D");
    let games = 3000;
    let first = std::process::Command::new(env!("CARGO_BIN_EXE_silk"))
        .args(["simulate", "silk-road", "--threads", "1", "-q", "--games"])
        .arg(games.to_string())
        .arg("--out")
        .arg(&run)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The first run has started writing its records.
    let started = std::time::Instant::now();
    while !run.join("games.jsonl.part").exists() {
        assert!(
            started.elapsed().as_secs() < 60,
            "the first run never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let second = common::silk()
        .args(["simulate", "silk-road", "--seed", "2", "-q", "--games"])
        .arg(games.to_string())
        .arg("--out")
        .arg(&run)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains("in use by another silk process") && err.contains("run.lock"),
        "{err}"
    );
    let out = first.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = fs::read_to_string(run.join("games.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), games);
    common::silk()
        .arg("replay")
        .arg(&run)
        .args(["--game", "0", "--moves"])
        .assert()
        .success();
    assert!(!run.join("run.lock").exists(), "the lock goes with the run");
}

/// Issue 30, point 14: `--where` is bounded in length and in nesting (parentheses and
/// prefix operators), with a clear error and quickly: 40 000 nested parentheses overflowed
/// the stack, 100 000 `!` took over 30 s.
#[test]
fn issue30_p14_deep_or_long_where_is_refused_quickly() {
    let deep = format!("{}rounds > 0{}", "(".repeat(40_000), ")".repeat(40_000));
    let nots = format!("{}true", "!".repeat(100_000));
    // Within the 128 KiB an argument may have.
    let long = vec!["rounds > 0"; 5_000].join(" && ");
    for (expr, says) in [
        (deep.as_str(), "nested"),
        (nots.as_str(), "nested"),
        (long.as_str(), "long"),
    ] {
        let started = std::time::Instant::now();
        let out = find_where(expr);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}", &err[..err.len().min(300)]);
        assert!(err.contains(says) && err.lines().count() == 1, "{err:.300}");
        assert!(
            started.elapsed().as_secs() < 10,
            "took {:?}",
            started.elapsed()
        );
    }
    // Within the bounds, nesting still works.
    let fine = format!("{}rounds > 0{}", "(".repeat(30), ")".repeat(30));
    let out = find_where(&fine);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fine = format!("{}(rounds > 0)", "!".repeat(30));
    let out = find_where(&fine);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 30, point 15: a name `--where` does not know is an error listing the names it
/// knows (it read 0 and matched every game); a metric the game declares reads 0 in a game
/// that never counted it.
#[test]
fn issue30_p15_unknown_where_name_is_an_error() {
    for (expr, unknown) in [
        ("roudns < 5", "roudns"),
        ("score5 > 0", "score5"),
        ("vp.atacks > 1", "vp.atacks"),
    ] {
        let out = find_where(expr);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{expr}: {err}");
        assert!(
            err.contains(&format!("unknown name {unknown}"))
                && err.contains("rounds")
                && err.contains("auction.bids")
                && err.lines().count() == 1,
            "{expr}: {err}"
        );
    }
    // Declared by Silk Road, counted in some games only: absent reads 0.
    let out = find_where("score4 >= 0 && tile.thief >= 0 && sold@Tyre >= 0");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("8 of 8 games match"), "{text}");
    // A new batch is checked the same way, before any game is played.
    let err = common::refusal(&["find", "goofspiel", "--games", "3", "--where", "roudns < 5"]);
    assert!(err.contains("unknown name roudns"), "{err}");
}

proptest! {
    #![proptest_config(cases(40))]

    /// Random `--where` expressions from names, numbers, strings, operators and brackets:
    /// a result or a one-line error with exit code 2, never a panic or an abort.
    #[test]
    fn where_expressions(tokens in prop::collection::vec(0usize..24, 0..60)) {
        const TOKENS: [&str; 24] = [
            "rounds", "decisions", "winner_bot", "score1", "auction.bids", "roudns", "3",
            "0.5", "\"random\"", "(", ")", "!", "-", "+", "*", "/", "%", "==", "<", ">=",
            "&&", "||", "\"", "^",
        ];
        let expr: Vec<&str> = tokens.iter().map(|&t| TOKENS[t]).collect();
        let expr = expr.join(" ");
        let out = find_where(&expr);
        survived(&out, &expr);
        if out.status.code() == Some(2) {
            prop_assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
        }
    }
}

/// A file of `len` zero bytes (sparse: no disk used) at `path`.
fn huge_file(path: &Path, len: u64) {
    fs::File::create(path).unwrap().set_len(len).unwrap();
}

/// Issue 30, point 16: every input file is read with a size limit for its kind; a bigger
/// file (or an endless one, /dev/zero) is refused at the limit with one line naming the file
/// and the limit, not read into memory.
#[test]
fn issue30_p16_oversized_inputs_are_refused_at_their_limit() {
    let dir = temp_dir("p16");
    let big = dir.join("big.json");
    huge_file(&big, 200 << 20);
    let big_s = big.to_str().unwrap();
    let run = dir.join("run");
    fs::create_dir_all(&run).unwrap();
    fs::copy(
        small_run("silk-road").join("run.json"),
        run.join("run.json"),
    )
    .unwrap();
    // One record line of 2 MiB (no newline in it).
    huge_file(&run.join("games.jsonl"), 2 << 20);
    let journal = dir.join("big.journal");
    huge_file(&journal, 200 << 20);
    let cards = format!("cards={big_s}");
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["replay", "silk-road", big_s], big_s.into()),
        (
            vec!["data", "check", "silk-road", "--map", big_s],
            big_s.into(),
        ),
        (
            vec!["data", "check", "cities", "--config", big_s],
            big_s.into(),
        ),
        (
            vec!["data", "check", "splendor", "--file", &cards],
            big_s.into(),
        ),
        (vec!["replay", "--trace-in", big_s], big_s.into()),
        (
            vec![
                "play",
                "goofspiel",
                "--bots",
                "human,random",
                "--script",
                big_s,
            ],
            big_s.into(),
        ),
        (
            vec!["gaps", "goofspiel", "--games", "2", "--targets", big_s],
            big_s.into(),
        ),
        (
            vec!["table", "silk-road", "--resume", journal.to_str().unwrap()],
            journal.display().to_string(),
        ),
        (
            vec!["find", run.to_str().unwrap(), "--where", "rounds > 0"],
            run.join("games.jsonl").display().to_string(),
        ),
        (
            vec!["replay", run.to_str().unwrap(), "--game", "0"],
            run.join("games.jsonl").display().to_string(),
        ),
        (
            vec!["lab", "merge", run.to_str().unwrap()],
            run.join("games.jsonl").display().to_string(),
        ),
        // Endless input stops at the limit too.
        (vec!["replay", "silk-road", "/dev/zero"], "/dev/zero".into()),
        (
            vec!["data", "check", "silk-road", "--map", "/dev/zero"],
            "/dev/zero".into(),
        ),
    ];
    for (args, file) in cases {
        let started = std::time::Instant::now();
        let out = common::silk().args(&args).write_stdin("").output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&file) && err.contains("MiB") && err.contains("limit"),
            "{args:?}: {err}"
        );
        assert!(
            started.elapsed().as_secs() < 20,
            "{args:?} took {:?}",
            started.elapsed()
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 30, point 17 (merge): `lab merge` checks each record as `find` and `replay` read it
/// — its seed is the run's for its index, one score and one rank per seat, ranks and the
/// first seat within the table, counts that fit — and names the file and line of the first
/// impossible one (it printed `Decisions: … -1–197`).
#[test]
fn issue30_p17_merge_refuses_impossible_records() {
    let edits: [(&str, &str); 6] = [
        (
            "\"decisions\":",
            "\"decisions\":18446744073709551615,\"x\":",
        ),
        ("\"ranks\":[", "\"ranks\":[9,"),
        ("\"scores\":[", "\"scores\":[1,"),
        ("\"seed\":", "\"seed\":1,\"x\":"),
        ("\"branching_sum\":", "\"branching_sum\":0,\"x\":"),
        ("\"rounds\":", "\"rounds\":4294967295,\"x\":"),
    ];
    for (k, (from, to)) in edits.into_iter().enumerate() {
        let dir = temp_dir(&format!("p17-merge-{k}"));
        let [a, b] = shards(&dir);
        let file = a.join("games.jsonl");
        let text = fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        // The second record, its first field of that name, made impossible; any extra field
        // ("x") the edit leaves is dropped again.
        let edited = lines[1].replacen(from, to, 1);
        let edited = match edited.find(",\"x\":") {
            Some(at) => {
                let rest = &edited[at + 5..];
                let end = rest.find([',', '}']).unwrap();
                format!("{}{}", &edited[..at], &rest[end..])
            }
            None => edited,
        };
        assert_ne!(edited, lines[1]);
        lines[1] = edited;
        fs::write(&file, lines.join("\n") + "\n").unwrap();
        let out = common::silk()
            .args(["lab", "merge"])
            .arg(&a)
            .arg(&b)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{from}: {err}");
        assert!(
            err.contains(&format!("{}: line 2", file.display())),
            "{from}: {err}"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
