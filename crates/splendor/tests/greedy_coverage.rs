//! Issue 33 point 2: the greedy heuristic uses the Splendor decisions a player would, with each
//! module set `silk coverage splendor --modules …` measures: every option listed here happens
//! in at least 1 % of a few hundred greedy games (the full figures: docs/coverage.md).

use silk_core::conformance::heuristic_coverage;
use silk_splendor::{Edition, Module, Splendor, SplendorConfig};

/// Checks that each of `options` happens in at least 1 % (and at least 2) of `games` greedy
/// games of 4 players with `modules` under `edition`.
fn reached(modules: &[Module], edition: Edition, games: u32, options: &[&str]) {
    let mut config = SplendorConfig::new(4).with_modules(modules);
    config.edition = edition;
    let seen = heuristic_coverage::<Splendor>(&config, games).unwrap();
    let least = (games / 100).max(2);
    for o in options {
        let n = seen.iter().find(|(b, _)| b == o).map(|&(_, n)| n);
        let n = n.unwrap_or_else(|| panic!("{o} is not a declared branch"));
        assert!(
            n >= least,
            "{modules:?} {edition:?}: {o} in {n} of {games} greedy games (at least {least})"
        );
    }
}

#[test]
fn issue33_splendor_greedy_reserves_blind_with_every_module_set() {
    let blind = ["action.reserve_deck", "event.reserved.blind"];
    reached(&[], Edition::E2017, 100, &blind);
    reached(&[Module::Orient], Edition::E2017, 100, &blind);
    reached(&[Module::Cities], Edition::E2017, 100, &blind);
    reached(&[Module::TradingPosts], Edition::E2024, 100, &blind);
    reached(
        &[Module::Cities, Module::TradingPosts],
        Edition::E2024,
        100,
        &blind,
    );
}

#[test]
fn issue33_splendor_greedy_declines_a_conquest_with_strongholds() {
    for edition in [Edition::E2024, Edition::E2017] {
        reached(
            &[Module::Strongholds],
            edition,
            400,
            &[
                "action.decline",
                "action.place",
                "action.remove",
                "event.bought.conquest",
            ],
        );
    }
}

#[test]
fn issue33_splendor_greedy_uses_the_orient_cities_and_posts() {
    let orient = [
        "action.join",
        "action.free",
        "action.discard",
        "action.reserve_noble",
    ];
    reached(&[Module::Orient], Edition::E2017, 100, &orient);
    reached(&[Module::Cities], Edition::E2017, 100, &["action.city"]);
    reached(
        &[Module::TradingPosts],
        Edition::E2017,
        100,
        &["action.gem"],
    );
}
