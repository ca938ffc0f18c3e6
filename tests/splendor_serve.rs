//! `silk play splendor --serve` as its pages receive it, without a browser (issue 44): the
//! result screen explains the ranking, each move is told once in the history, a seat asked is
//! not told it is waited for, and the host's controls end with the game.

use serde_json::Value;

#[allow(dead_code)] // not every test uses every helper
mod common;
#[path = "common/server.rs"]
mod server;
use server::{play_splendor_by_http, Served};

/// A whole game of persons at `args`' seats; the public snapshot at the end.
fn played(args: &[&str], seats: usize) -> (Served, Value) {
    let served = Served::start(args, seats);
    play_splendor_by_http(&served, 1000, |_| {});
    let end = served.snapshot("/events");
    assert!(
        end["result"].is_object(),
        "the game ended: {}",
        end["status"]
    );
    (served, end)
}

fn notes(end: &Value) -> Vec<String> {
    end["result"]["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// Issue 44: the result names where each score came from (cards, nobles …, adding up to the
/// total), the tie-break rule, and with The Cities who could win and why.
#[test]
fn issue44_splendor_result_explains_the_ranking() {
    let (_s, end) = played(
        &[
            "play",
            "splendor",
            "--bots",
            "human,human,human",
            "--seed",
            "4",
        ],
        3,
    );
    for row in end["result"]["rows"].as_array().unwrap() {
        let parts = row["parts"].as_array().unwrap();
        let sum: i64 = parts.iter().map(|p| p[1].as_i64().unwrap()).sum();
        assert_eq!(sum, row["total"].as_i64().unwrap(), "{row}");
        if row["total"].as_i64().unwrap() > 0 {
            assert!(!parts.is_empty(), "an empty breakdown: {row}");
            assert!(parts
                .iter()
                .all(|p| ["cards", "nobles", "trading posts"].contains(&p[0].as_str().unwrap())));
        }
    }
    let said = notes(&end);
    assert!(
        said.iter().any(|n| n.contains("fewest development cards")),
        "{said:?}"
    );

    let (_s, end) = played(
        &[
            "play",
            "splendor",
            "--bots",
            "human,human",
            "--seed",
            "2",
            "--modules",
            "cities",
        ],
        2,
    );
    let said = notes(&end);
    assert!(
        said.iter()
            .any(|n| n == "The Cities: only a player who claimed a city can win."),
        "{said:?}"
    );
    let winner = end["result"]["rows"][0]["name"].as_str().unwrap();
    assert!(
        said.iter()
            .any(|n| n.starts_with(&format!("{winner} claimed a city needing "))),
        "the winner's city: {said:?}"
    );
}

/// Issue 44: every move stands once in the pages' history (its events tell it; before, the
/// move's own line said it again), in prestige, never "points".
#[test]
fn issue44_splendor_history_tells_each_move_once() {
    let (served, end) = played(
        &["play", "splendor", "--bots", "human,human", "--seed", "5"],
        2,
    );
    let seat = served.snapshot(&format!("{}/events", served.seat_path(1)));
    for page in [&end, &seat] {
        let history: Vec<&str> = page["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert!(history.iter().any(|l| l.contains(" buys ")), "{history:?}");
        for l in &history {
            assert!(
                !l.starts_with("P1: ") && !l.starts_with("P1 (you): "),
                "{l}"
            );
            assert!(!l.contains(" point"), "{l}");
        }
    }
}

/// Issue 44: the page of the seat asked says "Your turn" without "waiting for" itself; the
/// others' pages and the table say whom they wait for. Once the game is over the host's page
/// has no controls left.
#[test]
fn issue44_seat_asked_is_not_waited_for_and_controls_end_with_the_game() {
    let served = Served::start(
        &["play", "splendor", "--bots", "human,human", "--seed", "6"],
        2,
    );
    let one = served.snapshot(&format!("{}/events", served.seat_path(1)));
    let two = served.snapshot(&format!("{}/events", served.seat_path(2)));
    let (asked, other) = if one["question"].is_string() {
        (one, two)
    } else {
        (two, one)
    };
    assert!(asked["question"].as_str().unwrap().starts_with("Your turn"));
    assert_eq!(asked["status"], "", "{asked}");
    assert!(other["status"]
        .as_str()
        .unwrap()
        .starts_with("waiting for P"));
    let host = served.snapshot(&format!("{}/events", served.host_path()));
    assert!(!host["controls"].as_array().unwrap().is_empty(), "{host}");
    play_splendor_by_http(&served, 1000, |_| {});
    let host = served.snapshot(&format!("{}/events", served.host_path()));
    assert!(host["result"].is_object());
    assert_eq!(host["controls"], serde_json::json!([]), "{host}");
}
