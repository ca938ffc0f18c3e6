//! Open traces of Splendor: every module's games replay from the trace alone (not the seed) to
//! the same end; a tampered trace is refused at the decision tampered with.

use serde_json::json;
use silk_bots::GreedyBot;
use silk_core::trace::{play_trace, testing, Trace, TraceWriter};
use silk_core::{next_decider, Game, Player, Seat, SilkRng, Traced};
use silk_splendor::{Edition, Module, Splendor, SplendorConfig};

fn greedy(n: usize, seed: u64) -> Vec<Box<dyn Player<Splendor>>> {
    (0..n)
        .map(|i| Box::new(GreedyBot::new(seed + i as u64)) as Box<dyn Player<Splendor>>)
        .collect()
}

fn configs() -> Vec<SplendorConfig> {
    let mut all = vec![SplendorConfig::new(2), SplendorConfig::new(4)];
    for m in [
        Module::Cities,
        Module::TradingPosts,
        Module::Orient,
        Module::Strongholds,
    ] {
        all.push(SplendorConfig::new(3).with_modules(&[m]));
    }
    let mut both = SplendorConfig::new(3).with_modules(&[Module::Cities, Module::TradingPosts]);
    both.edition = Edition::E2024;
    all.push(both);
    all
}

/// Every module alone under each edition, and the one combination the 2024 edition allows.
fn modules_and_editions() -> Vec<(Vec<Module>, Edition)> {
    let mut all = Vec::new();
    for edition in [Edition::E2017, Edition::E2024] {
        all.push((Vec::new(), edition));
        for m in Module::ALL {
            all.push((vec![m], edition));
        }
    }
    all.push((vec![Module::Cities, Module::TradingPosts], Edition::E2024));
    all
}

/// Random games per module, edition and player count.
const RANDOM_GAMES: u64 = 62;

/// A random game of `config` (seed `seed`), written as a trace as it is played, then played
/// back through `play_trace` — what `silk replay --trace-in` runs — from the trace's own setup:
/// every decision accepted, the result as recorded, every seat's view as in the game played.
fn random_game_replays(config: &SplendorConfig, seed: u64) {
    let mut state = Splendor::setup(config, seed).unwrap();
    let mut writer = TraceWriter::<Splendor>::new(config, Some(seed), &state);
    let mut rng = SilkRng::seed_from(seed);
    let mut buf = Vec::new();
    while let Some(seat) = next_decider(Splendor::to_move(&state)) {
        let action = Splendor::random_legal_action(&state, seat, &mut rng, &mut buf).unwrap();
        writer.play(&mut state, seat, action).unwrap();
    }
    let trace = writer.finish(&state);
    let end = play_trace::<Splendor>(&trace, "trace.json", |_| {}).unwrap_or_else(|e| {
        panic!(
            "{:?} {} {}p, seed {seed}: {e}",
            config.modules,
            config.edition.name(),
            config.players
        )
    });
    assert!(Splendor::outcome(&end).is_some());
    assert_eq!(Splendor::outcome(&end), Splendor::outcome(&state));
    for p in 0..config.players {
        let seat = Seat(p as u8);
        assert_eq!(
            Splendor::view(&end, seat),
            Splendor::view(&state, seat),
            "seed {seed}"
        );
    }
}

/// The "Done when" of issue 30 for Splendor: thousands of random games (33 configurations ×
/// `RANDOM_GAMES`: 2 046) in every module and edition replay from their traces under the
/// documented rules. In two halves, which the test harness runs side by side.
fn random_games_replay(edition: Edition) {
    for (modules, e) in modules_and_editions() {
        if e != edition {
            continue;
        }
        for players in 2..=4 {
            let mut config = SplendorConfig::new(players).with_modules(&modules);
            config.edition = edition;
            for seed in 0..RANDOM_GAMES {
                random_game_replays(&config, seed);
            }
        }
    }
}

#[test]
fn random_games_of_every_module_replay_from_their_traces_2017() {
    random_games_replay(Edition::E2017);
}

#[test]
fn random_games_of_every_module_replay_from_their_traces_2024() {
    random_games_replay(Edition::E2024);
}

#[test]
fn every_module_replays_from_its_trace_alone() {
    for config in configs() {
        for seed in 0..3 {
            let n = config.players;
            testing::round_trip::<Splendor>(&config, seed, &mut testing::random_players(n, seed));
            testing::round_trip::<Splendor>(&config, seed, &mut greedy(n, seed));
        }
    }
}

fn greedy_trace(config: &SplendorConfig, seed: u64) -> Trace {
    testing::round_trip::<Splendor>(config, seed, &mut greedy(config.players, seed))
}

#[test]
fn a_purchase_records_the_card_and_the_exact_payment() {
    let trace = greedy_trace(&SplendorConfig::new(2), 5);
    let buy = trace
        .actions
        .iter()
        .map(|a| &a["action"])
        .find(|a| a["kind"] == "buy")
        .expect("a greedy game buys");
    for key in ["from", "card", "paid", "gold_for", "gold_cards"] {
        assert!(buy.get(key).is_some(), "{key} in {buy}");
    }
    for key in ["id", "level", "bonus", "points", "cost"] {
        assert!(buy["card"].get(key).is_some(), "{key} in {buy}");
    }
    assert_eq!(trace.result.as_ref().unwrap()["end"], "normal");
}

#[test]
fn a_tampered_purchase_is_refused_with_its_index() {
    let mut trace = greedy_trace(&SplendorConfig::new(2), 5);
    let i = trace
        .actions
        .iter()
        .position(|a| a["action"]["kind"] == "buy")
        .unwrap();
    // The same card, paid with one gem fewer.
    let paid = trace.actions[i]["action"]["paid"]
        .as_object()
        .unwrap()
        .clone();
    let (colour, n) = paid.iter().next().unwrap();
    trace.actions[i]["action"]["paid"][colour] = json!(n.as_u64().unwrap() - 1);
    let e = play_trace::<Splendor>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i), "{e}");
    assert!(e.reason.contains("pays"), "{e}");

    // A card named at a place that holds another.
    let mut trace = greedy_trace(&SplendorConfig::new(2), 5);
    trace.actions[i]["action"]["card"]["points"] = json!(9);
    let e = play_trace::<Splendor>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(i), "{e}");

    // Taking two of a colour at the start, then again at once: the second is illegal only
    // if the supply is short, so take a reserve of an empty place instead.
    let mut trace = greedy_trace(&SplendorConfig::new(2), 5);
    trace.actions[0]["action"] = json!({"kind": "buy", "from": {"reserved": 2}});
    let e = play_trace::<Splendor>(&trace, "t.json", |_| {}).unwrap_err();
    assert_eq!(e.action_index(), Some(0), "{e}");
    assert!(e.reason.contains("no reserved card"), "{e}");
}

#[test]
fn a_setup_from_another_tool_may_name_cards_by_identity_alone() {
    let config = SplendorConfig::new(3);
    let state = Splendor::setup(&config, 9).unwrap();
    let mut setup = Splendor::setup_json(&state);
    for deck in setup["decks"].as_object_mut().unwrap().values_mut() {
        for card in deck.as_array_mut().unwrap() {
            card.as_object_mut().unwrap().remove("id");
        }
    }
    let again = Splendor::setup_from_json(&config, &setup).unwrap();
    assert_eq!(Splendor::setup_json(&again), Splendor::setup_json(&state));
}

#[test]
fn a_bad_setup_says_where() {
    let config = SplendorConfig::new(2);
    let state = Splendor::setup(&config, 1).unwrap();
    let mut setup = Splendor::setup_json(&state);
    // A card twice: the top of level 1 also face up.
    setup["board"][0][1] = setup["decks"]["level1"][0].clone();
    let e = Splendor::setup_from_json(&config, &setup).unwrap_err();
    assert!(e.contains("twice"), "{e}");
    let mut setup = Splendor::setup_json(&state);
    setup["first"] = json!(2);
    assert!(Splendor::setup_from_json(&config, &setup)
        .unwrap_err()
        .contains("no seat 2"));
    let mut setup = Splendor::setup_json(&state);
    setup["decks"]["level2"].as_array_mut().unwrap().pop();
    assert!(Splendor::setup_from_json(&config, &setup)
        .unwrap_err()
        .contains("neither in the deck nor face up"));
}

#[test]
fn garbage_in_a_trace_is_an_error_not_a_panic() {
    let trace = greedy_trace(&SplendorConfig::new(2), 2);
    for (i, junk) in [
        json!(null),
        json!({"seat": 0}),
        json!({"seat": 9, "action": {"kind": "pass"}}),
        json!({"seat": 0, "action": {"kind": "buy", "from": {"level": 7, "slot": "z"}}}),
        json!({"seat": 0, "action": {"kind": "take_different", "gems": ["red", "red"]}}),
        json!({"seat": 0, "action": {"kind": "take_different", "gems": []}}),
        json!({"seat": 0, "action": {"kind": "noble", "place": 4, "noble": null}}),
        json!({"seat": 0, "action": {"kind": "remove_stronghold", "at": {"level": 1, "slot": "f"}, "owner": 3}}),
        json!({"seat": 0, "action": {"kind": "discard", "card": {"id": 250}}}),
        json!({"chance": {"shuffle": "deck"}}),
    ]
    .into_iter()
    .enumerate()
    {
        let mut t = trace.clone();
        // The seat to move there, so that the engine itself judges the action.
        let mut junk = junk;
        if junk.get("seat") == Some(&json!(0)) {
            junk["seat"] = t.actions[3]["seat"].clone();
        }
        t.actions.insert(3, junk);
        let e = play_trace::<Splendor>(&t, "t.json", |_| {}).unwrap_err();
        assert_eq!(e.action_index(), Some(3), "case {i}: {e}");
    }
}

#[test]
fn a_trace_from_another_tool_needs_no_ids_texts_seed_or_result() {
    let config = SplendorConfig::new(3).with_modules(&[Module::Orient]);
    let full = greedy_trace(&config, 4);
    let mut bare = full.clone();
    bare.seed = None;
    bare.result = None;
    let strip = |v: &mut serde_json::Value| {
        if let Some(o) = v.as_object_mut() {
            o.remove("id");
        }
    };
    for deck in bare.setup["decks"].as_object_mut().unwrap().values_mut() {
        deck.as_array_mut().unwrap().iter_mut().for_each(strip);
    }
    for row in bare.setup["board"].as_array_mut().unwrap() {
        row.as_array_mut().unwrap().iter_mut().for_each(strip);
    }
    for a in &mut bare.actions {
        a.as_object_mut().unwrap().remove("text");
        let action = &mut a["action"];
        if let Some(card) = action.get_mut("card") {
            strip(card);
        }
        // A purchase by what was paid alone: the gold use is worked out.
        action.as_object_mut().unwrap().remove("gold_for");
    }
    let end = play_trace::<Splendor>(&bare, "bare.json", |_| {}).unwrap();
    let ours = play_trace::<Splendor>(&full, "full.json", |_| {}).unwrap();
    assert_eq!(Splendor::outcome(&end), Splendor::outcome(&ours));
}

/// Issue 30, point 5 (docs/traces.md, "Places"): a hand has three fixed places with gaps. A card
/// bought from place 0 leaves place 0 empty; the cards in places 1 and 2 keep their numbers, and
/// the next card reserved takes place 0.
#[test]
fn issue30_p5_reserved_places_are_fixed_with_gaps() {
    let config = SplendorConfig::new(2);
    let mut s = Splendor::setup(&config, 3).unwrap();
    let p = s.current as usize;
    let play = |s: &mut silk_splendor::State, seat: Seat, action: serde_json::Value| {
        let a = Splendor::action_from_json(s, seat, &action).unwrap();
        Splendor::apply(s, seat, a).unwrap_or_else(|e| panic!("{action}: {e}"));
    };
    let me = Seat(p as u8);
    let other = Seat(1 - p as u8);
    let mut reserved = Vec::new();
    for k in 0..3 {
        reserved.push(s.board[2][k]);
        let slot = ["a", "b", "c"][k];
        play(
            &mut s,
            me,
            json!({"kind": "reserve", "from": {"level": 3, "slot": slot}}),
        );
        play(
            &mut s,
            other,
            json!({"kind": "take_different", "gems": ["white", "blue", "green"]}),
        );
    }
    assert_eq!(s.reserved[p], [reserved[0], reserved[1], reserved[2]]);
    // Place 0's card bought, with its cost in gems given outright (the test is about places).
    let cost = s.rules.card(reserved[0]).cost;
    s.tokens[p][..5].copy_from_slice(&cost);
    let buy = Splendor::action_from_json(&s, me, &json!({"kind": "buy", "from": {"reserved": 0}}))
        .unwrap();
    let text = Splendor::action_json(&s, me, buy);
    assert_eq!(text["from"], json!({"reserved": 0}));
    assert_eq!(text["card"]["id"], json!(reserved[0]));
    Splendor::apply(&mut s, me, buy).unwrap();
    assert_eq!(
        s.reserved[p][1..],
        [reserved[1], reserved[2]],
        "not renumbered"
    );
    play(
        &mut s,
        other,
        json!({"kind": "reserve_deck", "deck": "level1"}),
    );
    let next = s.board[0][0];
    play(
        &mut s,
        me,
        json!({"kind": "reserve", "from": {"level": 1, "slot": "a"}}),
    );
    assert_eq!(
        s.reserved[p],
        [next, reserved[1], reserved[2]],
        "the gap is filled"
    );
}
