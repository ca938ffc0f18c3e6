//! End-to-end tests of the `silk` binary: the conventions every command follows.

use predicates::prelude::*;
use std::fs;
use std::path::PathBuf;

mod common;
use common::{ok_stdout, refusal, silk};

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("cli", name)
}

#[test]
fn version_and_help() {
    silk()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("silk "));
    silk()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("play").and(predicate::str::contains("replay")));
}

#[test]
fn usage_errors_are_one_line_with_exit_2() {
    let err = refusal(&["fly"]);
    assert_eq!(
        err,
        "silk: unrecognized subcommand 'fly' (see silk --help)\n"
    );
    let err = refusal(&["play", "silk-road", "--players", "x"]);
    assert!(
        err.starts_with("silk: invalid value 'x' for '--players"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn bot_game_plays_to_the_end_and_replays_identically() {
    let dir = temp_dir("replay");
    let save = dir.join("game.json");
    let played = ok_stdout(
        silk()
            .args([
                "play",
                "goofspiel",
                "--bots",
                "random,random,random",
                "--seed",
                "5",
                "--save",
            ])
            .arg(&save),
    );
    let final_line = played.lines().last().unwrap().to_string();
    assert!(final_line.starts_with("Final: "), "{played}");
    silk()
        .args(["replay", "goofspiel"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::ends_with(format!("{final_line}\n")));
}

#[test]
fn json_output_is_json_lines() {
    let text = ok_stdout(silk().args([
        "--json",
        "play",
        "goofspiel",
        "--bots",
        "random,random",
        "--players",
        "2",
    ]));
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["type"], "outcome");
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("every line is JSON");
    }
}

#[test]
fn bad_config_file_names_file_and_place_with_exit_2() {
    let dir = temp_dir("badcfg");
    let cfg = dir.join("cfg.json");
    fs::write(&cfg, "{\"players\": 2,\n \"cardz\": 3}").unwrap();
    let err = refusal(&[
        "play",
        "goofspiel",
        "--bots",
        "random,random",
        "--config",
        cfg.to_str().unwrap(),
    ]);
    assert!(err.contains("cfg.json: line 2"), "{err}");
    assert!(err.contains("unknown field `cardz`"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn illegal_scripted_move_is_refused_with_the_reason() {
    let dir = temp_dir("script");
    let script = dir.join("moves.txt");
    fs::write(&script, "# my moves\nbid 9\n").unwrap();
    let err = refusal(&[
        "play",
        "goofspiel",
        "--players",
        "2",
        "--bots",
        "human,random",
        "--script",
        script.to_str().unwrap(),
    ]);
    assert!(
        err.contains("moves.txt: line 2: P1: not allowed: P1 does not hold bid card 9"),
        "{err}"
    );
}

#[test]
fn impossible_player_count_is_refused() {
    let err = refusal(&["play", "goofspiel", "--players", "1"]);
    assert_eq!(err, "silk: goofspiel needs 2 to 8 players, not 1\n");
}

#[test]
fn replay_of_a_missing_or_foreign_file_fails_cleanly() {
    let err = refusal(&["replay", "goofspiel", "/nonexistent/game.json"]);
    assert!(err.starts_with("silk: /nonexistent/game.json:"), "{err}");
    let dir = temp_dir("foreign");
    let f = dir.join("x.json");
    fs::write(
        &f,
        "{\"format\":\"silk-replay\",\"version\":1,\"game\":\"chess\"}",
    )
    .unwrap();
    let err = refusal(&["replay", "goofspiel", f.to_str().unwrap()]);
    assert!(
        err.contains("this is a chess replay, not goofspiel"),
        "{err}"
    );
}

// --- Silk Road ---

#[test]
fn silk_road_bots_play_to_the_end_with_the_issue_command_line() {
    // `silk play silk-road --players 4 --bots human,greedy,greedy,random --seed 7`: seat 1 is a
    // human, here answering "1" (the first choice) at every prompt through stdin.
    let answers = "1\n".repeat(600);
    let out = silk()
        .args([
            "play",
            "silk-road",
            "--players",
            "4",
            "--bots",
            "human,greedy,greedy,random",
            "--seed",
            "7",
        ])
        .write_stdin(answers)
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stdout.lines().last().unwrap().starts_with("Final: "),
        "{stdout}"
    );
    // The human sees their own shield, never another seat's.
    assert!(stderr.contains("You (P1):"), "{stderr}");
    assert!(!stderr.contains("You (P2)") && !stderr.contains("You (P3)"));
}

/// What a person at the terminal is shown (issue 44, point 32).
fn human_screen(game: &str, answers: &str) -> String {
    let out = silk()
        .args(["play", game, "--bots", "human,greedy,greedy", "--seed", "7"])
        .write_stdin(answers)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(out.stderr).unwrap() + &String::from_utf8(out.stdout).unwrap()
}

#[test]
fn issue44_the_view_counts_rounds_as_the_headers_do() {
    let screen = human_screen("silk-road", "view\nquit\n");
    assert!(screen.contains("Round 1: "), "the header: {screen}");
    assert!(
        screen.contains("Round 1 · caravan at"),
        "the view: {screen}"
    );
    assert!(!screen.contains("Round 0"), "{screen}");
    let screen = human_screen("cities", "quit\n");
    assert!(!screen.contains("Round 0"), "{screen}");
}

#[test]
fn issue44_the_table_line_says_what_it_counts() {
    let screen = human_screen("silk-road", "quit\n");
    assert!(
        screen.contains("Turn tokens, Crooks and Barterers held: P1 none | P2 none"),
        "{screen}"
    );
    assert!(!screen.contains("Table: P1 -"), "{screen}");
}

#[test]
fn issue44_help_explains_the_choices() {
    let screen = human_screen("silk-road", "help\nquit\n");
    assert!(
        screen.contains("Leader auction: bid silver for the leader pawn"),
        "{screen}"
    );
    assert!(
        screen.contains("1) pass: offer nothing for the leader pawn this round"),
        "{screen}"
    );
    assert!(
        screen.contains("silver for the leader pawn\n"),
        "a bid explained: {screen}"
    );
    assert!(
        screen.contains("`list` shows the choices again"),
        "{screen}"
    );
    // Cities and Splendor explain theirs with the words of their phone pages.
    let screen = human_screen("splendor", "help\nquit\n");
    assert!(
        screen.contains(": Reserve the top card of deck 1 unseen"),
        "{screen}"
    );
}

#[test]
fn silk_road_scripted_human_and_saved_replay_agree() {
    let dir = temp_dir("sr-script");
    let script = dir.join("moves.txt");
    fs::write(&script, "1\n".repeat(600)).unwrap();
    let save = dir.join("game.json");
    let played = ok_stdout(
        silk()
            .args([
                "play",
                "silk-road",
                "--players",
                "3",
                "--bots",
                "human,greedy,random",
                "--seed",
                "3",
            ])
            .arg("--script")
            .arg(&script)
            .arg("--save")
            .arg(&save),
    );
    let last = played.lines().last().unwrap();
    silk()
        .args(["replay", "silk-road"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::ends_with(format!("{last}\n")));
}

#[test]
fn silk_road_rules_credit_the_designers_and_say_what_is_reconstructed() {
    silk()
        .args(["rules", "silk-road"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Ted Cheatham & Bruno Faidutti")
                .and(predicate::str::contains("Stand-in cities (reconstructed)"))
                .and(predicate::str::contains("Links: reconstructed")),
        );
}

#[test]
fn silk_road_bad_map_names_file_and_place() {
    let dir = temp_dir("sr-badmap");
    let map_path = dir.join("ourboard.json");
    let bundled = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/silk-road/map.json"
    ))
    .unwrap();
    // A link back from Yumen to Lanzhou makes a cycle.
    let broken = bundled.replacen(
        "\"from\": \"Yumen\",\n      \"to\": [\n        \"Dunhuang\"",
        "\"from\": \"Yumen\",\n      \"to\": [\n        \"Dunhuang\", \"Lanzhou\"",
        1,
    );
    assert_ne!(broken, bundled, "the test edits the bundled map");
    fs::write(&map_path, broken).unwrap();
    let err = refusal(&[
        "play",
        "silk-road",
        "--bots",
        "random,random,random,random",
        "--map",
        map_path.to_str().unwrap(),
    ]);
    assert!(
        err.contains("ourboard.json: links: the caravan map has a cycle"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    fs::write(
        &map_path,
        "{\"start\": \"A\",\n \"end\": \"B\", \"citys\": []}",
    )
    .unwrap();
    let err = refusal(&["rules", "silk-road", "--map", map_path.to_str().unwrap()]);
    assert!(err.contains("ourboard.json: line 2"), "{err}");
    assert!(err.contains("unknown field `citys`"), "{err}");
}

#[test]
fn silk_road_unknown_bot_is_refused() {
    let err = refusal(&["play", "silk-road", "--bots", "genius,random,random,random"]);
    assert!(err.contains("unknown bot \"genius\""), "{err}");
}

// --- Cities of the Silk Road ---

#[test]
fn cities_bots_play_to_the_end() {
    silk()
        .args([
            "play",
            "cities",
            "--bots",
            "greedy,greedy,greedy,random",
            "--seed",
            "2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Final: "));
}

#[test]
fn cities_rules_print_every_parameter_and_credit_the_designer() {
    silk().args(["rules", "cities"]).assert().success().stdout(
        predicate::str::contains("Brian Stepnitz")
            .and(predicate::str::contains("max_rounds"))
            .and(predicate::str::contains("toll_policy")),
    );
}

#[test]
fn cities_parameter_file_errors_name_the_file() {
    let dir = temp_dir("cities-cfg");
    let cfg = dir.join("params.json");
    fs::write(&cfg, "{\"players\": 4, \"max_roundz\": 3}").unwrap();
    let err = refusal(&["rules", "cities", "--config", cfg.to_str().unwrap()]);
    assert!(err.contains("params.json"), "{err}");
    assert!(err.contains("max_roundz"), "{err}");
}

/// A `--save` path that cannot be written is refused before the first move, not after a whole
/// game has been played and then lost.
#[test]
fn unwritable_save_path_is_refused_before_play() {
    let dir = temp_dir("unwritable-save");
    let save = dir.join("no-such-folder").join("game.json");
    silk()
        .args([
            "play",
            "goofspiel",
            "--players",
            "2",
            "--bots",
            "random,random",
            "--save",
        ])
        .arg(&save)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("game.json"));
}

// --- data ---

/// A group starts its own board from the bundled one, edits it, and checks it.
#[test]
fn data_show_gives_a_template_and_check_names_the_mistake() {
    let dir = temp_dir("data");
    let ours = dir.join("ours.json");
    let shown = silk()
        .args(["data", "show", "silk-road", "map"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    fs::write(&ours, &shown).unwrap();
    silk()
        .args(["data", "check", "silk-road", "--players", "5", "--map"])
        .arg(&ours)
        .assert()
        .success()
        .stdout("ok: silk-road data valid for 5 players\n");
    let edited =
        String::from_utf8(shown)
            .unwrap()
            .replacen("\"name\": \"Hami\"", "\"name\": \"Hamy\"", 1);
    fs::write(&ours, edited).unwrap();
    let err = refusal(&[
        "data",
        "check",
        "silk-road",
        "--map",
        ours.to_str().unwrap(),
    ]);
    assert!(
        err.contains("ours.json: links: unknown city \"Hami\""),
        "{err}"
    );
    let err = refusal(&["data", "show", "cities", "nothing"]);
    assert!(
        err.contains("files: map, empires, silk, improvements, development, params"),
        "{err}"
    );
}

/// `silk ARGS` with stdout on /dev/full (every write fails: the disk is full).
fn to_full_disk(args: &[&str]) -> Option<std::process::Output> {
    let full = fs::OpenOptions::new().write(true).open("/dev/full").ok()?;
    Some(
        std::process::Command::new(env!("CARGO_BIN_EXE_silk"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap(),
    )
}

/// Issue 30, point 13: no panic on a count that sizes an allocation (`--budget` of u64::MAX
/// was "capacity overflow") nor on output that cannot be written (`data show … > /dev/full`
/// was "failed printing to stdout"): one line, exit 2.
#[test]
fn issue30_p13_huge_counts_and_full_stdout_do_not_panic() {
    let dir = temp_dir("p13");
    let targets = dir.join("targets.json");
    fs::write(
        &targets,
        r#"{"targets": [{"measure": "rounds", "between": [4, 6]}]}"#,
    )
    .unwrap();
    let out = silk()
        .args([
            "tune",
            "goofspiel",
            "--param",
            "cards",
            "--values",
            "4",
            "5",
        ])
        .args(["--games", "2", "--validate-games", "2", "--targets"])
        .arg(&targets)
        .args(["--budget", "18446744073709551615"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--budget") && !err.contains("panicked") && err.lines().count() == 1,
        "{err}"
    );
    let cases: [&[&str]; 4] = [
        &["data", "show", "silk-road", "map"],
        &["games"],
        &["rules", "cities"],
        &["--json", "data", "list", "splendor"],
    ];
    for args in cases {
        let Some(out) = to_full_disk(args) else {
            return;
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("silk: cannot write the output") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// Issue 30, point 17 (exit codes): one policy, as README and docs/files.md say — 0 done,
/// 2 anything the user can fix, a failed write of the output included (it exited 1), 1 only
/// for an internal error; a reader that closed the pipe (`silk … | head`) stops silk
/// quietly with 0, as ripgrep does.
#[test]
fn issue30_p17_a_write_error_exits_2_and_a_closed_pipe_exits_quietly() {
    if let Some(out) = to_full_disk(&["games"]) {
        assert_eq!(out.status.code(), Some(2));
    }
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_silk"))
        .args(["data", "show", "silk-road", "map"])
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Issue 31: `--set PATH=VALUE` changes any value of any game's config from the command line,
/// by its path or a unique tail of it, in every command that sets up a game; a path the config
/// lacks is one line and exit code 2.
#[test]
fn issue31_set_changes_any_config_value() {
    silk()
        .args(["rules", "cities", "--set", "attacks_per_turn=2"])
        .assert()
        .success()
        .stdout(predicates::str::contains("attacks_per_turn = 2"));
    let dir = common::temp_dir("cli", "set");
    let _ = std::fs::remove_dir_all(&dir);
    silk()
        .args(["simulate", "silk-road", "--games", "2", "-q"])
        .args([
            "--set",
            "majority_bonus=9",
            "--set",
            "params.min_bid=2",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["config"]["params"]["majority_bonus"], 9);
    assert_eq!(run["config"]["params"]["min_bid"], 2);
    let err = refusal(&[
        "simulate",
        "splendor",
        "--games",
        "2",
        "--set",
        "no_such_thing=1",
    ]);
    assert!(err.contains("--set no_such_thing=1"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Issue 31: `--file NAME=PATH` gives any game's data file (`--map` and `--tiles` are its
/// aliases for the board): the game plays on it, a mistake in it names the file, and a name
/// the game lacks points to `silk data list`.
#[test]
fn issue31_file_gives_any_games_data_files() {
    let dir = common::temp_dir("cli", "file");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let map = dir.join("map.json");
    let shown = silk()
        .args(["data", "show", "silk-road", "map"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    fs::write(&map, shown).unwrap();
    let run = |flag: &[String]| {
        let out = silk()
            .args(["--json", "simulate", "silk-road", "--games", "3"])
            .args(flag)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let path = map.display().to_string();
    assert_eq!(
        run(&["--file".into(), format!("map={path}")]),
        run(&["--map".into(), path.clone()]),
        "--file map= and --map are the same file"
    );
    let bad = dir.join("silk.json");
    fs::write(&bad, r#"{"oops": 1}"#).unwrap();
    let file = format!("silk={}", bad.display());
    let err = refusal(&["simulate", "cities", "--games", "1", "--file", &file]);
    assert!(err.contains(&bad.display().to_string()), "{err}");
    let err = refusal(&[
        "simulate",
        "silk-road",
        "--games",
        "1",
        "--file",
        "cards=x.json",
    ]);
    assert!(err.contains("silk data list silk-road"), "{err}");
}

/// One game's flags are shorthands of the generic ones: `--reverse` is `--set reverse=true`,
/// `--modules`/`--edition` are `--set modules=…`/`--set edition=…`, and a game without the
/// parameter refuses the flag in one line naming the flag and the game.
#[test]
fn issue31_game_flags_are_aliases_of_set() {
    let run = |args: &[&str]| {
        let all: Vec<&str> = ["--json", "simulate", "--games", "3"]
            .iter()
            .chain(args)
            .copied()
            .collect();
        common::stdout_of(&all)
    };
    assert_eq!(
        run(&["silk-road", "--reverse"]),
        run(&["silk-road", "--set", "reverse=true"])
    );
    assert_ne!(run(&["silk-road", "--reverse"]), run(&["silk-road"]));
    assert_eq!(
        run(&[
            "splendor",
            "--edition",
            "2024",
            "--modules",
            "Cities,trading-posts"
        ]),
        run(&[
            "splendor",
            "--set",
            "edition=\"2024\"",
            "--set",
            r#"modules=["cities","trading-posts"]"#
        ])
    );
    for (game, flag) in [
        ("splendor", "--reverse"),
        ("goofspiel", "--reverse"),
        ("cities", "--reverse"),
        ("silk-road", "--edition"),
    ] {
        let mut args = vec!["simulate", game, "--games", "1", flag];
        if flag == "--edition" {
            args.push("2024");
        }
        let err = refusal(&args);
        assert!(err.contains(flag), "{err}");
        assert!(err.contains(&format!("the {game} config")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Issue 44 point 22: a Cities `--config` with a `development` list (or any other data) but no
/// `params` object is a whole config, read as one; before, it was read as params and refused
/// with the list of params fields.
#[test]
fn issue44_a_cities_config_with_data_but_no_params_is_a_whole_config() {
    let dir = temp_dir("cities-whole-cfg");
    let development = common::stdout_of(&["data", "show", "cities", "development"]);
    let cfg = dir.join("config.json");
    fs::write(
        &cfg,
        format!("{{\"players\": 3, \"development\": {development}}}"),
    )
    .unwrap();
    let cfg = cfg.to_str().unwrap();
    silk()
        .args(["simulate", "cities", "--config", cfg, "--games", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("P3"));
    // A mistake in the list is the list's, not a params field list.
    fs::write(
        dir.join("bad.json"),
        "{\"players\": 3, \"development\": [{\"x\": 1}]}",
    )
    .unwrap();
    let bad = dir.join("bad.json");
    let err = refusal(&["rules", "cities", "--config", bad.to_str().unwrap()]);
    assert!(
        err.contains("bad.json") && !err.contains("target_vp"),
        "{err}"
    );
}
