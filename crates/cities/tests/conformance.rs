//! Cities of the Silk Road passes silk-core's generic conformance suite at 3, 4 and 5 players
//! and with every non-default parameter switched on.

use silk_cities::data::Params;
use silk_cities::{Cities, CitiesConfig};
use silk_core::conformance::{run, Conformance};

fn opts(seed: u64, games: u32) -> Conformance {
    Conformance {
        games,
        seed,
        max_decisions: 200_000,
        illegal_probes: 4,
        view_every: 7,
        expect_hidden_information: true,
    }
}

#[test]
fn conformance_3_4_5_players() {
    for players in 3..=5 {
        let mut config = CitiesConfig::new(players);
        // Short games keep the suite fast; the full length runs in the bench and golden test.
        config.params.max_rounds = 8;
        let report = run::<Cities>(&config, &opts(players as u64 * 100, 4));
        assert_eq!(report.games, 4);
        assert!(report.determinizations_that_changed_hidden_state > 0);
    }
}

#[test]
fn conformance_every_parameter_switched() {
    let mut config = CitiesConfig::new(4);
    config.params = Params {
        players: config.params.players,
        max_rounds: 8,
        ..Params::every_switched()
    };
    run::<Cities>(&config, &opts(77, 4));
}

/// A simulation keeps only the events the metrics read: every event it drops counts nothing.
#[test]
fn the_lab_drops_only_events_that_count_nothing() {
    let mut config = CitiesConfig::new(4);
    config.params.max_rounds = 8;
    let (_, away) = silk_core::conformance::check_observes::<Cities>(&config, 4).unwrap();
    assert!(away > 0, "narration events are dropped");
}

/// The lab's lead changes name the standing's sole leader (the trait's own answer, checked so
/// that an engine's faster one would be too).
#[test]
fn the_leader_is_the_standings_sole_leader() {
    let mut config = CitiesConfig::new(4);
    config.params.max_rounds = 8;
    let (checked, shared) = silk_core::conformance::check_leader::<Cities>(&config, 3).unwrap();
    assert!(checked > 100 && shared > 0 && shared < checked);
}

/// The lab's table-time model counts decisions by kind: every decision of the game has one.
#[test]
fn every_decision_has_a_kind() {
    let mut config = CitiesConfig::new(4);
    config.params.max_rounds = 8;
    let seen = silk_core::conformance::check_decision_kinds::<Cities>(&config, 4).unwrap();
    for kind in ["setup", "bid", "citizens", "produce", "end"] {
        assert!(seen.contains(&kind), "{kind} never met: {seen:?}");
    }
}

/// Every format each auction point accepts plays full games through the suite (sealed bids do
/// not leak into views, replays are exact, coins and citizens are conserved); a format the
/// rules cannot take is refused naming its parameter.
#[test]
fn conformance_every_auction_format_at_every_point() {
    use silk_cities::AUCTION_POINTS;
    for point in AUCTION_POINTS {
        for format in point.formats() {
            let mut config = CitiesConfig::new(4);
            config.params.max_rounds = 5;
            match point.param {
                "barb_auction" => config.params.barb_auction = format,
                "priority_auction" => config.params.priority_auction = format,
                _ => config.params.lot_auction = format,
            }
            let report = run::<Cities>(&config, &opts(11, 2));
            assert_eq!(report.games, 2, "{} = {format}", point.param);
        }
    }
    let mut config = CitiesConfig::new(4);
    config.params.lot_auction = "sealed/first_price/shared".parse().unwrap();
    let e = silk_cities::data::intern(&config).unwrap_err().to_string();
    assert!(e.contains("lot_auction = sealed/first_price/shared"), "{e}");
    config.params.lot_auction = "open_ascending/none".parse().unwrap();
    assert!(silk_cities::data::intern(&config).is_err());
}

/// Issue 32, part 4: each seat's per-player measures add up to the game's own totals where both
/// exist (the sales of the seats are the game's sales, and so on), game after game.
#[test]
fn issue32_player_measures_sum_to_the_game_totals() {
    let mut config = CitiesConfig::new(4);
    config.params.max_rounds = 8;
    let totals: &[(&str, &[&str])] = &[
        ("player.income", &["income.total"]),
        (
            "player.purchases",
            &["bought.food", "bought.metal", "bought.silk", "bought.fine"],
        ),
        ("player.coins_on_purchases", &["coins.on_purchases"]),
        (
            "player.sales",
            &["sold.food", "sold.metal", "sold.silk", "sold.fine"],
        ),
        ("player.coins_from_sales", &["coins.from_sales"]),
        ("player.city_sales", &["city_sales.count"]),
        ("player.city_sales_coins", &["city_sales.coins"]),
        ("player.auctions_won", &["auction.won"]),
        ("player.attacks", &["attack.count"]),
        ("player.plunder", &["attack.plunder"]),
        ("player.growths", &["grow.count"]),
        ("player.built", &["improvement.built"]),
        ("player.falls", &["fall.count"]),
        ("player.vp.barbarians", &["vp.from_barbarians"]),
        ("player.vp.attack", &["vp.from_attack"]),
        ("player.vp.golden_age", &["vp.from_golden_age"]),
        (
            "player.soldiers_lost",
            &["barbarians.soldiers_lost", "attack.soldiers_lost"],
        ),
    ];
    let (games, sums) =
        silk_core::conformance::check_player_measures::<Cities>(&config, 6, totals).unwrap();
    assert!(games >= 4, "{games} games ended");
    let seen: Vec<(&str, i64)> = totals.iter().map(|(p, _)| *p).zip(sums).collect();
    // Golden Ages are an optional rule (gap 33), off by default: nothing to add up there.
    for (p, sum) in seen {
        assert!(
            sum > 0 || p == "player.vp.golden_age",
            "{p}: never counted, nothing checked"
        );
    }
}

/// Issue 33 point 1: `silk coverage` counts every rule branch. Every action and every event of
/// random games (default rules and every parameter switched) lands on a declared branch, none
/// beyond the list; an action or event added without a branch does not compile (the matches
/// in `coverage.rs` are exhaustive) or fails here.
#[test]
fn issue33_every_action_and_event_lands_on_a_declared_branch() {
    let mut config = CitiesConfig::new(4);
    config.params.max_rounds = 8;
    let mut seen = silk_core::conformance::check_coverage::<Cities>(&config, 4).unwrap();
    config.params = Params {
        players: 4,
        max_rounds: 8,
        ..Params::every_switched()
    };
    seen.extend(silk_core::conformance::check_coverage::<Cities>(&config, 4).unwrap());
    for b in [
        "action.claim",
        "action.bid",
        "event.income",
        "action.end_turn",
    ] {
        assert!(seen.contains(&b), "{b} never met: {seen:?}");
    }
}
