//! Golden playthroughs, one per module: seeded games of greedy and random bots, every decision
//! and every public event, diffed against tests/golden/ (see `silk_core::golden`). After an
//! intended change: `SILK_BLESS=1 cargo test -p silk-splendor --test golden`.

use silk_bots::{GreedyBot, RandomBot};
use silk_core::{golden, Player};
use silk_splendor::{Edition, Module, Splendor, SplendorConfig};
use std::path::Path;

fn check(name: &str, config: SplendorConfig, seed: u64) {
    let n = config.players;
    let mut players: Vec<Box<dyn Player<Splendor>>> = (0..n)
        .map(|i| -> Box<dyn Player<Splendor>> {
            if i == n - 1 {
                Box::new(RandomBot::new(seed + i as u64))
            } else {
                Box::new(GreedyBot::new(seed + i as u64))
            }
        })
        .collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.txt"));
    golden::check(
        &path,
        &golden::trace::<Splendor>(&config, seed, &mut players),
    );
}

#[test]
fn golden_base_3_players() {
    check("base-3p-seed1", SplendorConfig::new(3), 1);
}

#[test]
fn golden_cities() {
    check(
        "cities-3p-seed2",
        SplendorConfig::new(3).with_modules(&[Module::Cities]),
        2,
    );
}

#[test]
fn golden_trading_posts() {
    check(
        "trading-posts-4p-seed3",
        SplendorConfig::new(4).with_modules(&[Module::TradingPosts]),
        3,
    );
}

#[test]
fn golden_orient() {
    check(
        "orient-2p-seed4",
        SplendorConfig::new(2).with_modules(&[Module::Orient]),
        4,
    );
}

#[test]
fn golden_strongholds() {
    check(
        "strongholds-3p-seed5",
        SplendorConfig::new(3).with_modules(&[Module::Strongholds]),
        5,
    );
}

#[test]
fn golden_cities_with_trading_posts_2024() {
    let mut config = SplendorConfig::new(4).with_modules(&[Module::Cities, Module::TradingPosts]);
    config.edition = Edition::E2024;
    check("cities-trading-posts-2024-4p-seed6", config, 6);
}
