//! Every documented parameter, changed in the JSON of params.json, changes how a seeded game
//! goes (the gaps of data/cities/README.md). Table-driven: each row edits one
//! field of the bundled JSON; both runs share short games (and a small silk deck for `reshuffle`).

use serde_json::{json, Value};
use silk_bots::{GreedyBot, RandomBot};
use silk_cities::data::{parse_json, DEFAULT_PARAMS_JSON};
use silk_cities::{Cities, CitiesConfig, Params};
use silk_core::{next_decider, Game, Player};

/// The actions and final state of a game with two greedy and two random players.
fn play(config: &CitiesConfig, seed: u64) -> String {
    let mut s = Cities::setup(config, seed).expect("setup");
    let n = config.players;
    let mut players: Vec<Box<dyn Player<Cities>>> = (0..n)
        .map(|i| -> Box<dyn Player<Cities>> {
            if i % 2 == 0 {
                Box::new(GreedyBot::new(seed + i as u64))
            } else {
                Box::new(RandomBot::new(seed + i as u64))
            }
        })
        .collect();
    let mut log = String::new();
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = next_decider(Cities::to_move(&s)) {
        Cities::legal_actions(&s, seat, &mut legal);
        let a = players[seat.index()].choose(&s, seat, &legal);
        log += &Cities::action_to_string(&s, a);
        log.push('\n');
        Cities::apply(&mut s, seat, a).expect("legal");
        steps += 1;
        assert!(steps < 200_000, "game did not end");
    }
    log + &serde_json::to_string(&s.cities[..n]).expect("serialise")
}

fn params_with(edits: &[(&str, Value)]) -> Params {
    let mut v: Value = serde_json::from_str(DEFAULT_PARAMS_JSON).expect("bundled params");
    for (k, x) in edits {
        assert!(v.get(*k).is_some(), "{k} is not in params.json");
        v[*k] = x.clone();
    }
    parse_json(&v.to_string(), "params.json").expect("edited params parse")
}

#[test]
fn changing_each_parameter_changes_behaviour() {
    // Shared by both runs of a row: short games with a small pop cap keep the test quick.
    let base: &[(&str, Value)] = &[("max_rounds", json!(8)), ("pop_cap", json!(10))];
    // (parameter, new value)
    let rows: Vec<(&str, Value)> = vec![
        ("target_vp", json!(1)),
        ("claim_rule", json!("random")),
        ("reshuffle", json!("never")),
        ("compact_on_buy", json!(true)),
        ("fine_rule", json!("twice_current")),
        ("refill_target", json!(6)),
        ("entry_rule", json!("fill")),
        ("supply_price", json!("count")),
        ("plunder_frac", json!(0.0)),
        ("reserve_to_defender", json!(false)),
        ("both_wiped_out", json!("plunder_then_reserve")),
        ("safe_passage", json!("every_route")),
        ("barb_auction", json!("once_around/all_pay")),
        ("priority_auction", json!("sealed/second_price")),
        ("lot_auction", json!("sealed/first_price")),
        ("assign_taps", json!(true)),
        ("pop_cap", json!(6)),
        ("route_rule", json!("fewest_regions")),
        ("route_rule", json!("cheapest")),
        ("toll_policy", json!("fixed")),
        ("empty_city_laborer", json!(false)),
        ("max_rounds", json!(3)),
        ("ga_dev_card", json!(true)),
        ("store_cap", json!(2)),
        ("priority_snapshot", json!("phase2_start")),
        ("byzantium_removal", json!(0)),
        ("india_persia_clear", json!("silk_only")),
        ("grow_taps", json!(true)),
        ("attacks_per_turn", json!(1)),
        ("undefended_card", json!(false)),
    ];
    let mut unchanged = Vec::new();
    for (name, value) in &rows {
        let shared: Vec<(&str, Value)> = base.to_vec();
        let mut changed = shared.clone();
        changed.retain(|(k, _)| k != name);
        changed.push((name, value.clone()));
        let mut a = CitiesConfig::new(4);
        a.params = params_with(&shared);
        let mut b = CitiesConfig::new(4);
        b.params = params_with(&changed);
        // A small silk deck runs out within the game, so the reshuffle rule matters.
        if *name == "reshuffle" {
            for c in [&mut a, &mut b] {
                c.silk.standard = 2;
                c.silk.fine = 1;
                c.silk.barbarians.truncate(1);
                c.silk.barbarians[0].count = 1;
            }
        }
        // Safe Passage is 2 cards of 30: a deck of them gets it played within short games.
        if *name == "safe_passage" {
            for c in [&mut a, &mut b] {
                for d in &mut c.development {
                    if d.name != "Safe Passage" {
                        d.count = d.count.min(1);
                    } else {
                        d.count = 20;
                    }
                }
            }
        }
        // Gap 21: a city at its cap takes no part in a citizen's auction, so under the shared
        // cap the falling city keeps its citizens: without one, others can win them all.
        if *name == "empty_city_laborer" {
            for c in [&mut a, &mut b] {
                c.params.pop_cap = 0;
            }
        }
        let differs = (1..=4).any(|seed| play(&a, seed) != play(&b, seed));
        if !differs {
            unchanged.push(*name);
        }
    }
    assert!(unchanged.is_empty(), "no effect seen for {unchanged:?}");
}

#[test]
fn players_in_params_json_sets_the_table_size() {
    // Gap 1: `players` in params.json is the default table size.
    let p = params_with(&[("players", json!(5))]);
    let s = Cities::setup(&CitiesConfig::from_params(p), 1).expect("setup");
    assert_eq!(Cities::num_seats(&s), 5);
    let s = Cities::setup(&CitiesConfig::from_params(Params::default()), 1).expect("setup");
    assert_eq!(Cities::num_seats(&s), 4);
}

/// Gap 18: configs and saved games written before the auction formats became `KIND/PAYMENT`
/// named the barbarian auction by its kind alone, with every bidder paying its Soldiers: they
/// still read, as that same all-pay format.
#[test]
fn the_one_word_barbarian_auction_of_earlier_versions_still_reads() {
    for kind in ["open_ascending", "once_around"] {
        let p = params_with(&[("barb_auction", json!(kind))]);
        assert_eq!(
            p.barb_auction.to_string(),
            format!("{kind}/all_pay/seat_order")
        );
    }
    let p = params_with(&[("barb_auction", json!("sealed/second_price"))]);
    assert_eq!(p.barb_auction.to_string(), "sealed/second_price/seat_order");
}
