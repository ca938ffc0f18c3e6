//! Golden playthroughs: a seeded game's full public trace, diffed against the file under
//! tests/golden/. Any change to rules, bots, RNG use or narration shows up as a diff here.
//! After an intended change, regenerate with `SILK_BLESS=1 cargo test --test golden`.

use silk::core::{next_decider, Game, Player, Seat};
use silk::silk_road::{SilkRoad, SilkRoadConfig};
use silk_bots::{GreedyBot, RandomBot};
use std::fmt::Write;

/// Plays `G` with the given players and writes every decision and every public event.
fn trace<G: Game>(config: &G::Config, seed: u64, players: &mut [Box<dyn Player<G>>]) -> String {
    let mut state = G::setup(config, seed).expect("setup");
    let mut out = String::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = next_decider(G::to_move(&state)) {
        G::legal_actions(&state, seat, &mut legal);
        let action = players[seat.index()].choose(&state, seat, &legal);
        let text = G::action_to_string(&state, action);
        events.clear();
        G::apply_with(&mut state, seat, action, &mut events).expect("bots play legal moves");
        writeln!(out, "{seat}: {text}").unwrap();
        for e in &events {
            if let Some(t) = G::event_text(&state, e, None) {
                writeln!(out, "  {t}").unwrap();
            }
        }
    }
    let outcome = G::outcome(&state).expect("the game ended");
    for (i, (score, rank)) in outcome.scores.iter().zip(&outcome.ranks).enumerate() {
        writeln!(out, "{} scores {score}, rank {}", Seat(i as u8), rank + 1).unwrap();
    }
    out
}

fn check_golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("SILK_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with SILK_BLESS=1 to create it)",
            path.display()
        )
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from the golden trace at line {}:\n  expected: {:?}\n  actual:   {:?}\n\
             (if the change is intended: SILK_BLESS=1 cargo test --test golden)",
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

#[test]
fn silk_road_golden_4_players() {
    let config = SilkRoadConfig::new(4);
    let mut players: Vec<Box<dyn Player<SilkRoad>>> = vec![
        Box::new(GreedyBot::new(1)),
        Box::new(GreedyBot::new(2)),
        Box::new(RandomBot::new(3)),
        Box::new(GreedyBot::new(4)),
    ];
    check_golden(
        "silk-road-4p-seed7.txt",
        &trace::<SilkRoad>(&config, 7, &mut players),
    );
}

#[test]
fn silk_road_golden_3_players_reverse() {
    let mut config = SilkRoadConfig::new(3);
    config.reverse = true;
    let mut players: Vec<Box<dyn Player<SilkRoad>>> = vec![
        Box::new(GreedyBot::new(11)),
        Box::new(RandomBot::new(12)),
        Box::new(GreedyBot::new(13)),
    ];
    check_golden(
        "silk-road-3p-reverse-seed11.txt",
        &trace::<SilkRoad>(&config, 11, &mut players),
    );
}
