//! Silk Road passes silk-core's generic conformance suite at every player count and variant.

use silk_core::conformance::{run, Conformance};
use silk_road::{SilkRoad, SilkRoadConfig};

#[test]
fn conformance_every_player_count() {
    for players in 3..=6 {
        let config = SilkRoadConfig::new(players);
        let report = run::<SilkRoad>(
            &config,
            &Conformance {
                games: 8,
                seed: players as u64 * 100,
                ..Conformance::default()
            },
        );
        assert_eq!(report.games, 8);
        assert!(
            report.simultaneous_decisions > 0,
            "no Grand Vizier reveal was exercised"
        );
        assert!(report.determinizations_that_changed_hidden_state > 0);
    }
}

#[test]
fn conformance_reverse_variant_and_other_parameters() {
    let mut config = SilkRoadConfig::new(4);
    config.reverse = true;
    config.params.spent_goods = silk_road::data::SpentGoods::Box;
    config.params.vizier_token_from_bag = true;
    config.params.bank_coins = 200;
    config.params.keep_needs_funds = false;
    run::<SilkRoad>(
        &config,
        &Conformance {
            games: 8,
            seed: 77,
            ..Conformance::default()
        },
    );
}

/// The lab's table-time model counts decisions by kind: every decision of the game has one.
#[test]
fn every_decision_has_a_kind() {
    let seen = silk_core::conformance::check_decision_kinds::<SilkRoad>(&SilkRoadConfig::new(4), 6)
        .unwrap();
    for kind in ["bid", "move", "tile", "trade"] {
        assert!(seen.contains(&kind), "{kind} never met: {seen:?}");
    }
}

/// A 4-player config for each format each auction point accepts, named `param = format`.
fn every_format() -> Vec<(String, SilkRoadConfig)> {
    use silk_road::AUCTION_POINTS;
    let mut out = Vec::new();
    for point in AUCTION_POINTS {
        for format in point.formats() {
            let mut config = SilkRoadConfig::new(4);
            match point.param {
                "leader_auction" => config.params.leader_auction = format,
                _ => config.params.vizier_auction = format,
            }
            out.push((format!("{} = {format}", point.param), config));
        }
    }
    out
}

/// A simulation keeps only the events the metrics read: every event it drops counts nothing,
/// under every auction format (sealed bids and open reveals have events of their own).
#[test]
fn the_lab_drops_only_events_that_count_nothing() {
    let mut away = 0;
    for (what, config) in every_format() {
        let (seen, dropped) =
            silk_core::conformance::check_observes::<SilkRoad>(&config, 3).unwrap();
        assert!(seen > 0 && dropped < seen, "{what}");
        away += dropped;
    }
    assert!(away > 0, "narration events are dropped");
}

/// The lab counts lead changes with the engine's own `leader` (totals in an array, no standing
/// built): at every state of random games, for every player count and with majority bonuses of
/// 0 and of the rules' 2, it names the seat the standing's sole leader is, or none on a shared top.
#[test]
fn the_leader_is_the_standings_sole_leader() {
    for players in 3..=6 {
        for bonus in [0, 2] {
            let mut config = SilkRoadConfig::new(players);
            config.params.majority_bonus = bonus;
            let (checked, shared) =
                silk_core::conformance::check_leader::<SilkRoad>(&config, 3).unwrap();
            assert!(
                checked > 100 && shared > 0 && shared < checked,
                "{players} players, bonus {bonus}"
            );
        }
    }
}

/// Every format each auction point accepts plays full games through the suite (views of
/// sealed bids do not leak, replays are exact, money and goods are conserved), and a format the
/// rules cannot take is refused naming its parameter.
#[test]
fn conformance_every_auction_format_at_every_point() {
    for (what, config) in every_format() {
        let report = run::<SilkRoad>(
            &config,
            &Conformance {
                games: 3,
                seed: 5,
                ..Conformance::default()
            },
        );
        assert_eq!(report.games, 3, "{what}");
    }
    let mut config = SilkRoadConfig::new(4);
    config.params.leader_auction = "sealed/all_pay".parse().unwrap();
    let e = silk_road::data::intern(&config).unwrap_err().to_string();
    assert!(
        e.contains("leader_auction = sealed/all_pay/seat_order"),
        "{e}"
    );
    let mut config = SilkRoadConfig::new(4);
    config.params.vizier_auction = "open_ascending/first_price".parse().unwrap();
    let e = silk_road::data::intern(&config).unwrap_err().to_string();
    assert!(e.contains("vizier_auction = "), "{e}");
}

/// Issue 32, part 4: each seat's per-player measures add up to the game's own totals (the
/// seats' goods sold are the game's goods sold, what winners paid for the pawn is what the
/// auctions took in, and so on), under every auction format.
#[test]
fn issue32_player_measures_sum_to_the_game_totals() {
    let totals: &[(&str, &[&str])] = &[
        ("player.auctions_won", &["auction.won"]),
        ("player.auction_paid", &["auction.win_sum"]),
        ("player.auction_income", &["auction.win_sum"]),
        ("player.goods_bought", &["goods.bought"]),
        ("player.silver_on_purchases", &["silver.on_purchases"]),
        ("player.goods_sold", &["goods.sold"]),
        ("player.silver_from_sales", &["silver.from_sales"]),
        ("player.silver_from_viziers", &["silver.from_viziers"]),
        ("player.thefts", &["tile.thief"]),
    ];
    let mut sums = vec![0i64; totals.len()];
    for (what, config) in every_format() {
        let (games, s) =
            silk_core::conformance::check_player_measures::<SilkRoad>(&config, 3, totals)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(games >= 2, "{what}: {games} games ended");
        for (a, b) in sums.iter_mut().zip(s) {
            *a += b;
        }
    }
    let seen: Vec<(&str, i64)> = totals.iter().map(|(p, _)| *p).zip(sums).collect();
    for (p, sum) in seen {
        assert!(sum > 0, "{p}: never counted, nothing checked");
    }
}

/// Issue 33 point 1: every action and event of random games lands on a declared branch of
/// `silk coverage` (the matches in `coverage.rs` are exhaustive), under every auction format.
#[test]
fn issue33_every_action_and_event_lands_on_a_declared_branch() {
    let mut seen =
        silk_core::conformance::check_coverage::<SilkRoad>(&SilkRoadConfig::new(4), 6).unwrap();
    for (_, config) in every_format() {
        seen.extend(silk_core::conformance::check_coverage::<SilkRoad>(&config, 1).unwrap());
    }
    for b in [
        "action.bid",
        "tile.seller",
        "event.revealed",
        "event.sealed_bid",
    ] {
        assert!(seen.contains(&b), "{b} never met: {seen:?}");
    }
}
