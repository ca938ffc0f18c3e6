//! `silk play --save` and `--resume`: the replay is on disk after every move, so a killed
//! game, a script that ends early or an illegal scripted line loses nothing, and the file
//! continues where it stopped.

use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::{refusal, silk};

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("saves", name)
}

/// The moves of a saved replay, as (seat, action).
fn moves(file: &Path) -> Vec<(u64, String)> {
    let v: serde_json::Value = serde_json::from_str(&fs::read_to_string(file).unwrap()).unwrap();
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["seat"].as_u64().unwrap(),
                m["action"].as_str().unwrap().into(),
            )
        })
        .collect()
}

const SEATS: [&str; 6] = [
    "play",
    "silk-road",
    "--bots",
    "human,greedy,greedy,greedy",
    "--seed",
    "3",
];

/// kill -9 in the middle of a game: the file holds every move played, `silk replay` reads it
/// and says the game is unfinished, and `--resume` plays it to the end in the same file.
#[test]
fn a_killed_game_is_saved_and_resumes() {
    let dir = temp_dir("kill");
    let save = dir.join("game.json");
    let save_arg = save.to_str().unwrap();
    common::kill_after_entries(&[&SEATS[..], &["--save", save_arg]].concat(), 3);
    let before = moves(&save);
    assert!(
        before.iter().filter(|(seat, _)| *seat == 0).count() >= 3,
        "{before:?}"
    );
    assert!(!dir.join("game.json.tmp").exists());
    silk()
        .args(["replay", "silk-road"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("{:>4}. ", before.len())))
        .stderr(predicate::str::contains(format!(
            "the game is unfinished: {} moves so far",
            before.len()
        )));
    let script = dir.join("moves.txt");
    fs::write(&script, "1\n".repeat(600)).unwrap();
    silk()
        .args([
            "play",
            "silk-road",
            "--bots",
            "human,greedy,greedy,greedy",
            "--resume",
        ])
        .arg(&save)
        .arg("--script")
        .arg(&script)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "resumed {}: {} moves replayed",
            save.display(),
            before.len()
        )))
        .stdout(predicate::str::contains("Final: "));
    let after = moves(&save);
    assert!(after.len() > before.len());
    assert_eq!(after[..before.len()], before[..]);
    silk()
        .args(["replay", "silk-road"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains("Final: "));
}

/// Two players resuming one saved game at once would overwrite each other's moves: while a
/// game is played, its file is locked, a second `--resume` is refused (exit 2, naming the lock
/// and the pid) and the file keeps the first game's moves.
#[test]
fn a_save_in_play_cannot_be_resumed_twice() {
    let dir = temp_dir("twice");
    let save = dir.join("game.json");
    let lock = dir.join("game.json.lock");
    let mut first = common::Live::start(
        SEATS
            .iter()
            .copied()
            .chain(["--save"])
            .map(String::from)
            .chain([save.display().to_string()]),
    );
    first.type_in("1\n");
    first.read_until(|l| l.starts_with("P1 "));
    let pid = first.child.id();
    assert_eq!(fs::read_to_string(&lock).unwrap().trim(), pid.to_string());
    let before = fs::read_to_string(&save).unwrap();
    silk()
        .args([
            "play",
            "silk-road",
            "--bots",
            "human,greedy,greedy,greedy",
            "--resume",
        ])
        .arg(&save)
        .write_stdin("1\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "game.json is in use by another silk process (pid {pid}, lock {})",
            lock.display()
        )));
    assert_eq!(fs::read_to_string(&save).unwrap(), before);
    first.finish(); // end of input: the first game stops, saved, and its lock goes
    assert!(!lock.exists());
}

/// `silk play` of the seats above from `script`, saving to `save`, refused: what it said.
fn scripted(save: &Path, script: &Path) -> String {
    let (save, script) = (save.to_str().unwrap(), script.to_str().unwrap());
    refusal(&[&SEATS[..], &["--save", save, "--script", script]].concat())
}

/// End of input, a script that ends early and an illegal scripted line all leave the moves
/// played in the file, and say how to continue.
#[test]
fn every_exit_path_keeps_the_moves() {
    let dir = temp_dir("exits");
    // End of stdin after two moves.
    let save = dir.join("eof.json");
    silk()
        .args(SEATS)
        .arg("--save")
        .arg(&save)
        .write_stdin("1\n1\n")
        .assert()
        .success()
        .stderr(
            predicate::str::contains("moves saved in").and(predicate::str::contains(
                "continue with silk play silk-road --resume",
            )),
        );
    assert!(moves(&save).iter().filter(|(s, _)| *s == 0).count() >= 2);
    // A script that ends early: exit 2, one line, the moves kept.
    let save = dir.join("short.json");
    let script = dir.join("short.txt");
    fs::write(&script, "1\n1\n").unwrap();
    let err = scripted(&save, &script);
    assert!(err.contains("script ended while P1 was to move"), "{err}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("silk: ")).count(),
        1,
        "{err}"
    );
    assert!(err.contains("moves saved in"), "{err}");
    let n = moves(&save).len();
    assert!(n > 2);
    // An illegal line: exit 2 naming the line, the moves before it kept.
    let save = dir.join("bad.json");
    fs::write(&script, "1\nfly to the moon\n").unwrap();
    let err = scripted(&save, &script);
    assert!(err.contains("short.txt: line 2: P1:"), "{err}");
    assert!(err.contains("moves saved in"), "{err}");
    assert!(moves(&save).iter().any(|(s, _)| *s == 0));
}

/// An existing file is refused before the game starts (exit 2, the file untouched) unless
/// --force.
#[test]
fn an_existing_save_is_refused_unless_forced() {
    let dir = temp_dir("exists");
    let save = dir.join("game.json");
    fs::write(&save, "precious\n").unwrap();
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
        .stderr(predicate::str::contains(
            "already exists: continue it with --resume",
        ));
    assert_eq!(fs::read_to_string(&save).unwrap(), "precious\n");
    silk()
        .args([
            "play",
            "goofspiel",
            "--players",
            "2",
            "--bots",
            "random,random",
            "--force",
            "--save",
        ])
        .arg(&save)
        .assert()
        .success();
    silk()
        .args(["replay", "goofspiel"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains("Final: "));
}

/// A damaged file is refused with the file and the place, exit 2, and left as it is; flags
/// that the file decides are refused with --resume.
#[test]
fn resuming_a_damaged_file_names_the_place() {
    let dir = temp_dir("damaged");
    let save = dir.join("game.json");
    silk()
        .args(SEATS)
        .arg("--save")
        .arg(&save)
        .write_stdin("1\n1\n")
        .assert()
        .success();
    let text = fs::read_to_string(&save).unwrap();
    let truncated = dir.join("truncated.json");
    fs::write(&truncated, &text[..text.len() - 40]).unwrap();
    silk()
        .args([
            "play",
            "silk-road",
            "--bots",
            "human,greedy,greedy,greedy",
            "--resume",
        ])
        .arg(&truncated)
        .write_stdin("1\n")
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("truncated.json: line ")
                .and(predicate::str::contains(", column ")),
        );
    // An action no longer legal where it stands: the move's number.
    let edited = dir.join("edited.json");
    let (seat, first) = moves(&save)[0].clone();
    fs::write(
        &edited,
        text.replacen(&format!("\"action\":\"{first}\""), "\"action\":\"fly\"", 1),
    )
    .unwrap();
    let err = refusal(&[
        "play",
        "silk-road",
        "--bots",
        "human,greedy,greedy,greedy",
        "--resume",
        edited.to_str().unwrap(),
    ]);
    assert!(
        err.contains(&format!("edited.json: move 1 (P{} \"fly\")", seat + 1)),
        "{err}"
    );
    assert!(fs::read_to_string(&edited).unwrap().contains("\"fly\""));
    let err = refusal(&[
        "play",
        "silk-road",
        "--seed",
        "4",
        "--resume",
        save.to_str().unwrap(),
    ]);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// Issue 30, point 17 (temp files): a symlink planted as `FILE.tmp` is not followed — the file
/// it points to is left alone and the save is a whole replay.
#[cfg(unix)]
#[test]
fn issue30_p17_a_planted_tmp_symlink_is_not_followed() {
    let dir = temp_dir("p17-symlink");
    let save = dir.join("game.json");
    let victim = dir.join("victim.txt");
    fs::write(&victim, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("game.json.tmp")).unwrap();
    silk()
        .args(SEATS)
        .arg("--save")
        .arg(&save)
        .write_stdin("1\n1\n")
        .assert()
        .success();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me\n");
    assert!(!moves(&save).is_empty());
}

/// Issue 30, point 17 (an empty save): a kill in the first milliseconds of `play --save` left
/// an empty file that neither `--save` nor `--resume` accepted. The file is never empty now
/// (the header is written whole before the first prompt), and an empty one holds no game:
/// `--save` starts a new game in it.
#[test]
fn issue30_p17_an_empty_save_takes_a_new_game() {
    let dir = temp_dir("p17-empty");
    let save = dir.join("game.json");
    fs::write(&save, "").unwrap();
    silk()
        .args(SEATS)
        .arg("--save")
        .arg(&save)
        .write_stdin("1\n")
        .assert()
        .success();
    assert!(!moves(&save).is_empty());
    // --resume of an empty file says what to do.
    fs::write(&save, "").unwrap();
    let err = refusal(&[
        "play",
        "silk-road",
        "--bots",
        "human,greedy,greedy,greedy",
        "--resume",
        save.to_str().unwrap(),
    ]);
    assert!(err.contains("empty"), "{err}");
    assert!(err.contains("--save"), "{err}");
}

/// A save (or a table's journal) in a folder that does not exist is refused in one line naming
/// the folder, before anything is played; silk makes no folder unasked.
#[test]
fn a_save_in_a_missing_folder_names_the_folder() {
    let dir = temp_dir("missing-folder");
    let save = dir.join("no-such-folder").join("game.json");
    let err = refusal(&[
        "play",
        "goofspiel",
        "--bots",
        "random,random,random",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(
        err.contains("the folder")
            && err.contains("no-such-folder")
            && err.contains("does not exist"),
        "{err}"
    );
    let journal = dir.join("no-such-folder").join("t.journal");
    let err = refusal(&[
        "table",
        "silk-road",
        "--players",
        "3",
        "--journal",
        journal.to_str().unwrap(),
    ]);
    assert!(err.contains("does not exist"), "{err}");
    assert!(!dir.join("no-such-folder").exists());
}
