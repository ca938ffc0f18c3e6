//! Golden playthrough: a seeded game of three greedy bots and one random bot, every decision
//! and every public event, diffed against tests/golden/. Any change to rules, bots, RNG use or
//! narration shows up here. After an intended change: `SILK_BLESS=1 cargo test -p silk-cities
//! --test golden`.

use silk_bots::{GreedyBot, RandomBot};
use silk_cities::{Cities, CitiesConfig};
use silk_core::{next_decider, Game, Player, Seat};
use std::fmt::Write;

fn trace(config: &CitiesConfig, seed: u64, players: &mut [Box<dyn Player<Cities>>]) -> String {
    let mut state = Cities::setup(config, seed).expect("setup");
    let mut out = String::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = next_decider(Cities::to_move(&state)) {
        Cities::legal_actions(&state, seat, &mut legal);
        let action = players[seat.index()].choose(&state, seat, &legal);
        let text = Cities::action_to_string(&state, action);
        events.clear();
        Cities::apply_with(&mut state, seat, action, &mut events).expect("bots play legal moves");
        writeln!(out, "{seat}: {text}").unwrap();
        for e in &events {
            if let Some(t) = Cities::event_text(&state, e, None) {
                writeln!(out, "  {t}").unwrap();
            }
        }
    }
    let outcome = Cities::outcome(&state).expect("the game ended");
    for (i, (score, rank)) in outcome.scores.iter().zip(&outcome.ranks).enumerate() {
        let c = &state.cities[i];
        writeln!(
            out,
            "{} scores {score} VP, {} coins, {} citizens, rank {}",
            Seat(i as u8),
            c.coins,
            c.citizens(),
            rank + 1
        )
        .unwrap();
    }
    out
}

fn check_golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("SILK_BLESS").is_some() {
        std::fs::write(&path, actual).expect("write the golden file");
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
             (if the change is intended: SILK_BLESS=1 cargo test -p silk-cities --test golden)",
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

#[test]
fn cities_golden_4_players() {
    let config = CitiesConfig::new(4);
    let mut players: Vec<Box<dyn Player<Cities>>> = vec![
        Box::new(GreedyBot::new(1)),
        Box::new(GreedyBot::new(2)),
        Box::new(RandomBot::new(3)),
        Box::new(GreedyBot::new(4)),
    ];
    check_golden("cities-4p-seed5.txt", &trace(&config, 5, &mut players));
}
