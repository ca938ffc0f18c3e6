//! Open traces of Silk Road: games replay from the trace alone (not the seed) to the same end,
//! the Thief's draw included; a tampered trace is refused at the entry tampered with.

use serde_json::json;
use silk_bots::GreedyBot;
use silk_core::trace::{play_trace, testing, Trace};
use silk_core::{Game, Player, Traced};
use silk_road::{SilkRoad, SilkRoadConfig};

fn greedy(n: usize, seed: u64) -> Vec<Box<dyn Player<SilkRoad>>> {
    (0..n)
        .map(|i| Box::new(GreedyBot::new(seed + i as u64)) as Box<dyn Player<SilkRoad>>)
        .collect()
}

fn config(n: usize) -> SilkRoadConfig {
    SilkRoadConfig::new(n)
}

/// Random games until one steals with a Thief: its trace.
fn trace_with_a_theft() -> Trace {
    for seed in 0..200 {
        let t = testing::round_trip::<SilkRoad>(
            &config(4),
            seed,
            &mut testing::random_players(4, seed),
        );
        if t.actions.iter().any(|a| a.get("chance").is_some()) {
            return t;
        }
    }
    panic!("no Thief stole in 200 random games");
}

#[test]
fn games_replay_from_their_trace_alone() {
    for n in [3, 4, 6] {
        for seed in 0..4 {
            testing::round_trip::<SilkRoad>(
                &config(n),
                seed,
                &mut testing::random_players(n, seed),
            );
            testing::round_trip::<SilkRoad>(&config(n), seed, &mut greedy(n, seed));
        }
    }
}

#[test]
fn a_theft_is_recorded_and_imposed_on_replay() {
    let trace = trace_with_a_theft();
    let i = trace
        .actions
        .iter()
        .position(|a| a.get("chance").is_some())
        .unwrap();
    let chance = &trace.actions[i]["chance"];
    assert_eq!(chance["draw"], "thief");
    assert_eq!(trace.actions[i - 1]["action"]["kind"], "steal");
    // Another good than the one drawn: the replay imposes it (if the victim held it) and the
    // game then differs, so the recorded result no longer matches; a good the victim lacks is
    // refused at the chance entry.
    let victim_goods = ["ivory", "silk", "fruits", "jewels", "spices"];
    let mut refused = false;
    for g in victim_goods.iter().filter(|g| **g != chance["good"]) {
        let mut t = trace.clone();
        t.actions[i]["chance"]["good"] = json!(g);
        if let Err(e) = play_trace::<SilkRoad>(&t, "t.json", |_| {}) {
            if e.action_index() == Some(i) {
                assert!(e.reason.contains("holds none"), "{e}");
                refused = true;
            }
        }
    }
    assert!(refused, "some good was not the victim's");
    // Without its chance entry the theft has no outcome.
    let mut t = trace.clone();
    t.actions.remove(i);
    let e = play_trace::<SilkRoad>(&t, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i - 1), "{e}");
    assert!(e.reason.contains("records no outcome"), "{e}");
}

#[test]
fn a_tampered_trace_is_refused_with_its_index() {
    let mut trace = testing::round_trip::<SilkRoad>(&config(3), 2, &mut greedy(3, 2));
    let i = trace
        .actions
        .iter()
        .position(|a| a["action"]["kind"] == "move")
        .unwrap();
    trace.actions[i]["action"]["to"] = json!("Atlantis");
    let e = play_trace::<SilkRoad>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i), "{e}");
    assert!(e.reason.contains("not a city"), "{e}");

    let mut trace = testing::round_trip::<SilkRoad>(&config(3), 2, &mut greedy(3, 2));
    let i = trace
        .actions
        .iter()
        .position(|a| a["action"]["kind"] == "bid")
        .unwrap();
    trace.actions[i]["action"]["silver"] = json!(60000);
    let e = play_trace::<SilkRoad>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i), "{e}");
}

#[test]
fn a_bad_setup_says_where() {
    let c = config(3);
    let state = SilkRoad::setup(&c, 4).unwrap();
    let setup = SilkRoad::setup_json(&state);
    let mut bad = setup.clone();
    bad["first_leader"] = json!(3);
    assert!(SilkRoad::setup_from_json(&c, &bad)
        .unwrap_err()
        .contains("no seat 3"));
    let mut bad = setup.clone();
    bad["bag"]["silk"] = json!(0);
    assert!(SilkRoad::setup_from_json(&c, &bad)
        .unwrap_err()
        .contains("silk in play"));
    let mut bad = setup.clone();
    let (city, _) = bad["tiles"].as_object().unwrap().iter().next().unwrap();
    let city = city.clone();
    bad["tiles"][&city][0] = json!("dragon");
    let e = SilkRoad::setup_from_json(&c, &bad).unwrap_err();
    assert!(e.contains(&format!("tiles.{city}[0]")), "{e}");
}
