//! The command line as a whole: every command's help, and every registered game through
//! every command, run in-process.

use super::{args, run, Cli};
use crate::games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName};
use crate::output::Out;
use clap::{CommandFactory, FromArgMatches};

/// Every command has a line saying what it does and every flag and argument a line saying
/// what it means (the standard for `--help`): walks the whole command tree.
#[test]
fn every_command_and_argument_has_a_help_line() {
    fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if matches!(id, "help" | "version") || arg.is_hide_set() {
                continue;
            }
            let has = arg.get_help().is_some() || arg.get_long_help().is_some();
            if !has {
                missing.push(format!("{path} {id}"));
            }
        }
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" || sub.is_hide_set() {
                continue;
            }
            let name = format!("{path} {}", sub.get_name());
            if sub.get_about().is_none() && sub.get_long_about().is_none() {
                missing.push(format!("{name} (command)"));
            }
            walk(sub, &name, missing);
        }
    }
    let mut missing = Vec::new();
    walk(&Cli::command(), "silk", &mut missing);
    assert!(missing.is_empty(), "no help line: {missing:#?}");
}

/// Runs `silk ARGS` in this process: what it wrote to stdout, or its error line.
fn silk(args: &[&str]) -> Result<String, String> {
    let matches = Cli::command()
        .try_get_matches_from(std::iter::once("silk").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    let mut out = Out::captured(cli.json);
    run(cli.command, args::values_groups(&matches), &mut out).map_err(|e| e.to_string())?;
    Ok(out.text())
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("silk-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// docs/adding-a-game.md's promise: a game is its engine, its `CliGame` adapter and one line in
/// the registry. Nim (games/nim.rs) is registered that way for tests only, and every command
/// that takes a game plays it.
#[test]
fn issue31_a_game_registered_in_one_place_works_in_every_command() {
    let ok = |args: &[&str]| silk(args).unwrap_or_else(|e| panic!("silk {args:?}: {e}"));
    assert!(ok(&["games"]).lines().any(|l| l.starts_with("nim ")));
    assert!(ok(&["rules", "nim"]).contains("one pile of 15 stones"));
    assert!(ok(&["rules", "nim", "--set", "stones=9"]).contains("one pile of 9 stones"));
    let played = ok(&["play", "nim", "--bots", "random"]);
    assert!(played.contains("P2 takes"), "{played}");
    let summary: serde_json::Value = serde_json::from_str(&ok(&[
        "--json",
        "simulate",
        "nim",
        "--games",
        "40",
        "--bots",
        "random",
        "--threads",
        "1",
    ]))
    .unwrap();
    assert_eq!(summary["games"], 40, "{summary}");
    let dir = temp_dir("nim");
    let run = dir.join("run");
    let run_s = run.to_str().unwrap();
    ok(&[
        "simulate",
        "nim",
        "--games",
        "6",
        "--out",
        run_s,
        "--traces",
        "--threads",
        "1",
    ]);
    assert!(ok(&["replay", run_s, "--game", "3", "--moves"]).contains("take"));
    let trace = run.join("traces").join("game-2.json");
    ok(&["replay", "--trace-in", trace.to_str().unwrap()]);
    assert!(ok(&["find", run_s, "--where", "winner_seat == 0"]).contains("games"));
    assert!(ok(&["stalls", "nim", run_s]).contains("games (nim) stalled"));
    ok(&[
        "bench",
        "nim",
        "--games",
        "30",
        "--repeat",
        "1",
        "--max-threads",
        "1",
    ]);
    ok(&[
        "sweep", "nim", "--param", "stones", "--values", "7", "9", "--games", "20",
    ]);
    ok(&[
        "compare",
        "nim",
        "--variant",
        "short=stones=5",
        "--games",
        "20",
    ]);
    ok(&[
        "ladder",
        "nim",
        "--bots",
        "random,mcts50",
        "--games",
        "4",
        "--threads",
        "1",
    ]);
    ok(&["data", "check", "nim", "--players", "3"]);
    let findings = dir.join("findings.json");
    std::fs::write(
        &findings,
        r#"{"game": "nim", "title": "t", "scale": {"games": 20, "seed": 1, "bots": "random", "players": 2},
            "variants": [{"name": "short", "set": "stones=5"}],
            "findings": [{"id": "a", "title": "a", "fact": "rule", "variant": "short",
              "checks": [{"measure": "rounds", "of": "difference", "side": "below", "than": 0}]}]}"#,
    )
    .unwrap();
    let doc = ok(&["findings", "nim", "--file", findings.to_str().unwrap()]);
    assert!(doc.contains("### a (rule fact)"), "{doc}");
    let refused = silk(&["simulate", "nim", "--reverse"]).unwrap_err();
    assert!(refused.contains("the nim config"), "{refused}");
    // Nim declares no branch of its own: its coverage is its decision kinds.
    let covered = ok(&["coverage", "nim", "--games", "10", "--threads", "1"]);
    assert!(covered.contains("decision.decision"), "{covered}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 33 point 1: `silk coverage` as text (never-happened branches first, each with what
/// would make it happen, and the bots asked), as JSON, and as an HTML report; the run report of
/// `silk simulate --html` carries the same coverage section.
#[test]
fn issue33_coverage_text_json_and_html() {
    let ok = |args: &[&str]| silk(args).unwrap_or_else(|e| panic!("silk {args:?}: {e}"));
    let dir = temp_dir("coverage");
    let html = dir.join("coverage.html");
    let base = [
        "cities",
        "--games",
        "3",
        "--bots",
        "random",
        "--threads",
        "1",
    ];
    let args = |extra: &[&str]| {
        let mut a = vec!["coverage"];
        a.extend(base);
        a.extend(extra);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        ok(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let text = run(&["--html", html.to_str().unwrap()]);
    assert!(
        text.starts_with("cities: rule coverage over 3 games"),
        "{text}"
    );
    assert!(
        text.contains("bots random, random, random, random"),
        "{text}"
    );
    assert!(
        text.contains("dead rule (a design finding) or a blind spot"),
        "{text}"
    );
    // The Golden Age's card is off by default: it never happens, and says why.
    let never = text.split("branch  ").next().unwrap();
    assert!(never.contains("dev.from_golden_age"), "{text}");
    assert!(
        never.contains("ga_dev_card = true (off by default)"),
        "{text}"
    );
    assert!(text.contains("action.claim"), "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<section id=\"coverage\">"), "{page}");
    assert!(page.contains("Never happened") && page.contains("dev.from_golden_age"));
    let a = args(&[]);
    let mut json_args = vec!["--json"];
    json_args.extend(a.iter().map(String::as_str));
    let json: serde_json::Value = serde_json::from_str(&ok(&json_args)).unwrap();
    assert_eq!(json["bots"].as_array().unwrap().len(), 4, "{json}");
    let branches = json["coverage"]["branches"].as_array().unwrap();
    let claim = branches
        .iter()
        .find(|b| b["name"] == "action.claim")
        .unwrap();
    assert_eq!(claim["games"]["k"], 3, "{claim}");
    assert_eq!(claim["per_game"], 4.0, "{claim}");
    // The run report of `silk simulate` has the section too.
    let report = dir.join("run.html");
    ok(&[
        "simulate",
        "cities",
        "--games",
        "2",
        "--threads",
        "1",
        "--html",
        report.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&report).unwrap();
    assert!(page.contains("<section id=\"coverage\">"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every game in the registry (Nim included, in tests) passes silk-core's conformance suite at
/// its default config: a few games here; each engine's own suite plays many more and also
/// checks that its hidden information is really hidden.
#[test]
fn every_registered_game_passes_the_conformance_suite() {
    use silk_core::conformance::{check, Conformance};
    let opts = Conformance {
        games: 2,
        view_every: 7,
        expect_hidden_information: false,
        ..Conformance::default()
    };
    for &game in GameName::ALL {
        with_game!(game, G => {
            let config = G::config(None, &DataFiles::default()).unwrap();
            if let Err(e) = check::<G>(&config, &opts) {
                panic!("{}: {e}", game.name());
            }
        });
    }
}

/// The seats of a saved replay's moves, in order.
fn saved_seats(path: &std::path::Path) -> Vec<u64> {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["seat"].as_u64().unwrap())
        .collect()
}

/// Issue 44, point 26: `silk play --save` saves (and syncs) a person's entry at once and every
/// move before a person is asked, and bots' moves together, every `BOT_BATCH` moves and at the
/// end: a bots-only game is saved a handful of times, not once a move. Counted, not timed:
/// `play::SAVES` records every save of this thread.
#[test]
fn issue44_p26_play_save_syncs_a_persons_entry_at_once_and_batches_bots() {
    use crate::play::{BOT_BATCH, SAVES};
    let dir = temp_dir("issue44-p26");
    let take = || SAVES.with(|s| s.take());
    // Bots only: the header, a save per BOT_BATCH moves, the end.
    let save = dir.join("bots.json");
    take();
    let args = ["play", "cities", "--bots", "greedy,greedy,greedy,greedy"];
    silk(
        &[
            &args[..],
            &["--seed", "1", "--save", save.to_str().unwrap()],
        ]
        .concat(),
    )
    .unwrap();
    let moves = saved_seats(&save).len();
    let saves = take();
    assert!(
        moves > BOT_BATCH,
        "{moves} moves: a game longer than a batch"
    );
    assert_eq!(saves.last(), Some(&(moves, true)), "the whole game, synced");
    assert!(
        saves.len() <= 2 + moves / BOT_BATCH,
        "{} saves for {moves} moves, the first: {:?}",
        saves.len(),
        &saves[..saves.len().min(8)]
    );
    // A person (P1, scripted) and three bots: each entry saved and synced at once, and every
    // bot move before it too; bots' moves otherwise wait.
    let save = dir.join("person.json");
    let script = dir.join("moves.txt");
    std::fs::write(&script, "1\n".repeat(40)).unwrap();
    let args = ["play", "silk-road", "--bots", "human,greedy,greedy,greedy"];
    let paths = [save.to_str().unwrap(), script.to_str().unwrap()];
    // The playtest record, kept the same way, is counted apart (tests/playtests/).
    let tail = [
        "--seed",
        "3",
        "--save",
        paths[0],
        "--script",
        paths[1],
        "--no-playtest",
    ];
    let end = silk(&[&args[..], &tail[..]].concat()).unwrap_err();
    assert!(end.contains("script ended while P1 was to move"), "{end}");
    let seats = saved_seats(&save);
    let saves = take();
    let entries: Vec<usize> = (0..seats.len()).filter(|&i| seats[i] == 0).collect();
    assert_eq!(entries.len(), 40, "{seats:?}");
    for &i in &entries {
        assert!(
            saves.contains(&(i + 1, true)),
            "entry {i} not saved at once: {saves:?}"
        );
        if i > 0 && seats[i - 1] != 0 {
            assert!(
                saves.contains(&(i, true)),
                "bots' moves before entry {i}: {saves:?}"
            );
        }
    }
    assert!(
        saves.len() <= 2 + 2 * entries.len() + seats.len() / BOT_BATCH,
        "{} saves for {} moves, the first: {:?}",
        saves.len(),
        seats.len(),
        &saves[..saves.len().min(8)]
    );
}

/// Issue 45: silk-serve knows no game. Its sources and assets name none of the registered
/// games (a game's board comes with its adapter: `CliGame::DRAWING`), so adding a game with a
/// phone board touches no silk-serve file.
#[test]
fn issue45_silk_serves_sources_and_assets_name_no_game() {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let serve = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../serve");
    let mut all = Vec::new();
    files(&serve.join("src"), &mut all);
    files(&serve.join("assets"), &mut all);
    assert!(all.len() >= 5, "{all:?}");
    // A name as a word: `silk-road`, `silk road` or `silk_road`, in any case.
    let named = |text: &str, name: &str| {
        let text = text.to_lowercase().replace(['_', ' '], "-");
        text.match_indices(name).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    };
    assert!(named("draws Silk Road's board", "silk-road") && !named("unanimous", "nim"));
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        for &game in GameName::ALL {
            assert!(
                !named(&text, game.name()),
                "{} names {}",
                path.display(),
                game.name()
            );
        }
    }
}
