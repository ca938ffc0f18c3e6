//! Golden playthroughs: a seeded game's full public trace, diffed against the file under
//! tests/golden/. Any change to rules, bots, RNG use or narration shows up as a diff here.
//! After an intended change, regenerate with `SILK_BLESS=1 cargo test --test golden`.

use silk::core::{golden, Player};
use silk::silk_road::{SilkRoad, SilkRoadConfig};
use silk_bots::{GreedyBot, RandomBot};
use std::path::Path;

fn check_golden(name: &str, actual: &str) {
    golden::check(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(name),
        actual,
    );
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
        &golden::trace::<SilkRoad>(&config, 7, &mut players),
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
        &golden::trace::<SilkRoad>(&config, 11, &mut players),
    );
}
