//! Open traces of Cities of the Silk Road: games replay from the trace alone (not the seed) to
//! the same end, reshuffles included; a tampered trace is refused at the entry tampered with.

use serde_json::json;
use silk_bots::GreedyBot;
use silk_cities::data::ClaimRule;
use silk_cities::{Cities, CitiesConfig};
use silk_core::trace::{play_trace, testing, Trace};
use silk_core::{Game, Player, Traced};

fn greedy(n: usize, seed: u64) -> Vec<Box<dyn Player<Cities>>> {
    (0..n)
        .map(|i| Box::new(GreedyBot::new(seed + i as u64)) as Box<dyn Player<Cities>>)
        .collect()
}

fn random_claims(n: usize) -> CitiesConfig {
    let mut c = CitiesConfig::new(n);
    c.params.claim_rule = ClaimRule::Random;
    c
}

#[test]
fn games_replay_from_their_trace_alone() {
    for config in [CitiesConfig::new(2), CitiesConfig::new(4), random_claims(3)] {
        let n = config.players;
        for seed in 0..3 {
            testing::round_trip::<Cities>(&config, seed, &mut testing::random_players(n, seed));
            testing::round_trip::<Cities>(&config, seed, &mut greedy(n, seed));
        }
    }
}

/// Random games (long ones, to the round cap) until one reshuffles a deck: its trace and the
/// index of the reshuffle.
fn trace_with_a_reshuffle() -> (Trace, usize) {
    for seed in 0..40 {
        let t = testing::round_trip::<Cities>(
            &CitiesConfig::new(2),
            seed,
            &mut testing::random_players(2, seed),
        );
        if let Some(i) = t.actions.iter().position(|a| a.get("chance").is_some()) {
            return (t, i);
        }
    }
    panic!("no deck was reshuffled in 40 random games");
}

#[test]
fn a_reshuffle_is_recorded_in_drawing_order_and_imposed_on_replay() {
    let (trace, i) = trace_with_a_reshuffle();
    let chance = &trace.actions[i]["chance"];
    assert!(["silk_deck", "development_deck"].contains(&chance["shuffle"].as_str().unwrap()));
    let order = chance["order"].as_array().unwrap();
    assert!(!order.is_empty());

    // Another order of the same cards is imposed: right after the decision, the deck holds
    // it (stored top last), whatever the RNG would have drawn.
    let mut reversed = trace.clone();
    let other: Vec<_> = order.iter().rev().cloned().collect();
    reversed.actions[i]["chance"]["order"] = json!(other);
    let silk = chance["shuffle"] == "silk_deck";
    let mut seen = None;
    let _ = play_trace::<Cities>(&reversed, "t.json", |step| {
        if step.index == i - 1 {
            let k = other.len();
            let deck = if silk {
                &step.after.silk_deck[..k]
            } else {
                &step.after.dev_deck[..k]
            };
            seen = Some(deck.to_vec());
        }
    });
    let mut stored_original = None;
    play_trace::<Cities>(&trace, "t.json", |step| {
        if step.index == i - 1 {
            let k = other.len();
            let deck = if silk {
                &step.after.silk_deck[..k]
            } else {
                &step.after.dev_deck[..k]
            };
            stored_original = Some(deck.to_vec());
        }
    })
    .unwrap();
    let mut expected = stored_original.unwrap();
    expected.reverse();
    assert_eq!(seen, Some(expected), "the reversed order was imposed");

    // A card the deck does not hold is refused at the chance entry.
    let mut bad = trace.clone();
    let mut cards = order.clone();
    cards.pop();
    bad.actions[i]["chance"]["order"] = json!(cards);
    let e = play_trace::<Cities>(&bad, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i), "{e}");
    assert!(e.reason.contains("not the"), "{e}");

    // Without it the reshuffle has no outcome: the decision before is at fault.
    let mut missing = trace.clone();
    missing.actions.remove(i);
    let e = play_trace::<Cities>(&missing, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i - 1), "{e}");
    assert!(e.reason.contains("records no outcome"), "{e}");
}

#[test]
fn a_tampered_trace_is_refused_with_its_index() {
    let mut trace = testing::round_trip::<Cities>(&CitiesConfig::new(3), 1, &mut greedy(3, 1));
    let i = trace
        .actions
        .iter()
        .position(|a| a["action"]["kind"] == "claim")
        .unwrap();
    // Claim the region the previous claim took.
    let j = i + 1;
    trace.actions[j]["action"] = trace.actions[i]["action"].clone();
    let e = play_trace::<Cities>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(j), "{e}");

    let mut trace = testing::round_trip::<Cities>(&CitiesConfig::new(3), 1, &mut greedy(3, 1));
    trace.actions[0]["action"] = json!({"kind": "build", "improvement": "Pyramid"});
    let e = play_trace::<Cities>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(0), "{e}");
    assert!(e.reason.contains("not an improvement"), "{e}");
}

#[test]
fn a_bad_setup_says_where() {
    let c = random_claims(3);
    let state = Cities::setup(&c, 4).unwrap();
    let setup = Cities::setup_json(&state);
    assert_eq!(setup["regions"].as_array().unwrap().len(), 3);
    let mut bad = setup.clone();
    bad["regions"][1] = bad["regions"][0].clone();
    assert!(Cities::setup_from_json(&c, &bad)
        .unwrap_err()
        .contains("claimed twice"));
    let mut bad = setup.clone();
    bad["silk_deck"][0] = json!("barbarians 9");
    let e = Cities::setup_from_json(&c, &bad).unwrap_err();
    assert!(e.contains("silk_deck[0]"), "{e}");
    let mut bad = setup.clone();
    bad["development_deck"].as_array_mut().unwrap().pop();
    let e = Cities::setup_from_json(&c, &bad).unwrap_err();
    assert!(e.contains("the rules in force deal"), "{e}");
}
