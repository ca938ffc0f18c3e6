//! Golden playthrough: a seeded game of three greedy bots and one random bot, every decision
//! and every public event, diffed against tests/golden/ (see `silk_core::golden`). After an
//! intended change: `SILK_BLESS=1 cargo test -p silk-cities --test golden`.

use silk_bots::{GreedyBot, RandomBot};
use silk_cities::{Cities, CitiesConfig};
use silk_core::{golden, Player};
use std::path::Path;

#[test]
fn cities_golden_4_players() {
    let config = CitiesConfig::new(4);
    let mut players: Vec<Box<dyn Player<Cities>>> = vec![
        Box::new(GreedyBot::new(1)),
        Box::new(GreedyBot::new(2)),
        Box::new(RandomBot::new(3)),
        Box::new(GreedyBot::new(4)),
    ];
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cities-4p-seed5.txt");
    golden::check(&path, &golden::trace::<Cities>(&config, 5, &mut players));
}
