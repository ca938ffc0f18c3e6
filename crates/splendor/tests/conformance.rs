//! Splendor passes silk-core's generic conformance suite at every player count, with each
//! module, in both editions.

use silk_core::conformance::{run, Conformance};
use silk_splendor::{Edition, Module, Splendor, SplendorConfig};

fn check(config: &SplendorConfig, games: u32, seed: u64) {
    let report = run::<Splendor>(
        config,
        &Conformance {
            games,
            seed,
            ..Conformance::default()
        },
    );
    assert_eq!(report.games, games);
    assert!(report.determinizations_that_changed_hidden_state > 0);
}

#[test]
fn base_game_every_player_count() {
    for players in 2..=4 {
        check(&SplendorConfig::new(players), 10, players as u64 * 10);
    }
}

#[test]
fn each_module_2017() {
    for m in Module::ALL {
        for players in [2, 4] {
            check(
                &SplendorConfig::new(players).with_modules(&[m]),
                6,
                500 + players as u64,
            );
        }
    }
}

#[test]
fn each_module_2024_and_cities_with_trading_posts() {
    let mut sets: Vec<Vec<Module>> = Module::ALL.iter().map(|&m| vec![m]).collect();
    sets.push(vec![Module::Cities, Module::TradingPosts]);
    for modules in sets {
        let mut config = SplendorConfig::new(3).with_modules(&modules);
        config.edition = Edition::E2024;
        check(&config, 6, 900);
    }
}

/// The lab's lead changes name the standing's sole leader (the trait's own answer, checked so
/// that an engine's faster one would be too).
#[test]
fn the_leader_is_the_standings_sole_leader() {
    let (checked, shared) =
        silk_core::conformance::check_leader::<Splendor>(&SplendorConfig::new(4), 3).unwrap();
    assert!(checked > 100 && shared > 0 && shared < checked);
}

/// A simulation keeps only the events the metrics read: every event it drops counts nothing.
#[test]
fn the_lab_drops_only_events_that_count_nothing() {
    let mut away = silk_core::conformance::check_observes::<Splendor>(&SplendorConfig::new(4), 4)
        .unwrap()
        .1;
    for m in Module::ALL {
        let mut config = SplendorConfig::new(3);
        config.modules = vec![m];
        away += silk_core::conformance::check_observes::<Splendor>(&config, 3)
            .unwrap()
            .1;
    }
    assert!(away > 0, "refills are dropped");
}

/// The lab's table-time model counts decisions by kind: every decision of every module has one.
#[test]
fn every_decision_has_a_kind() {
    let mut seen =
        silk_core::conformance::check_decision_kinds::<Splendor>(&SplendorConfig::new(4), 6)
            .unwrap();
    for m in Module::ALL {
        let mut config = SplendorConfig::new(3);
        config.modules = vec![m];
        seen.extend(silk_core::conformance::check_decision_kinds::<Splendor>(&config, 4).unwrap());
    }
    for kind in ["take", "reserve", "buy", "return", "visit", "module"] {
        assert!(seen.contains(&kind), "{kind} never met: {seen:?}");
    }
}

/// Issue 32, part 4: each seat's per-player measures add up to the game's own totals (the
/// seats' level-3 cards are the game's level-3 cards, and so on), with and without the Cities of
/// Splendor modules.
#[test]
fn issue32_player_measures_sum_to_the_game_totals() {
    let totals: &[(&str, &[&str])] = &[
        ("player.cards.level1", &["cards.level1"]),
        ("player.cards.level2", &["cards.level2"]),
        ("player.cards.level3", &["cards.level3"]),
        ("player.nobles", &["nobles"]),
        ("player.gold_taken", &["gold.taken"]),
        ("player.gold_spent", &["gold.spent"]),
        ("player.gems_taken", &["gems.taken"]),
        ("player.reserves", &["reserves"]),
        ("player.cities", &["cities.claimed"]),
        ("player.posts", &["posts"]),
    ];
    let mut configs = vec![SplendorConfig::new(4)];
    for m in Module::ALL {
        let mut config = SplendorConfig::new(3);
        config.modules = vec![m];
        configs.push(config);
    }
    let mut sums = vec![0i64; totals.len()];
    for config in &configs {
        let (games, s) =
            silk_core::conformance::check_player_measures::<Splendor>(config, 4, totals).unwrap();
        assert!(games >= 3, "{games} games ended");
        for (a, b) in sums.iter_mut().zip(s) {
            *a += b;
        }
    }
    let seen: Vec<(&str, i64)> = totals.iter().map(|(p, _)| *p).zip(sums).collect();
    for (p, sum) in seen {
        assert!(sum > 0, "{p}: never counted, nothing checked");
    }
}

/// Issue 33 point 1: every action and event of random games, with and without each module,
/// lands on a declared branch of `silk coverage` (the matches in `coverage.rs` are exhaustive).
#[test]
fn issue33_every_action_and_event_lands_on_a_declared_branch() {
    let mut seen =
        silk_core::conformance::check_coverage::<Splendor>(&SplendorConfig::new(4), 4).unwrap();
    for m in Module::ALL {
        let mut config = SplendorConfig::new(3);
        config.modules = vec![m];
        seen.extend(silk_core::conformance::check_coverage::<Splendor>(&config, 3).unwrap());
    }
    for b in [
        "action.buy",
        "event.noble_visit",
        "event.city_claimed",
        "action.discard",
    ] {
        assert!(seen.contains(&b), "{b} never met: {seen:?}");
    }
}
