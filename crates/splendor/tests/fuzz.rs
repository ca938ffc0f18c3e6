//! Fuzzing every parser of outside input Splendor has: its six data files (cards, nobles,
//! cities, orient, trading posts, strongholds), its params, a whole config, replays and action
//! text. Valid inputs are mutated (silk_core::fuzz) from proptest-chosen seeds; each parser must
//! return an error or a value, never panic, and a value it accepts must set up and play, or be
//! refused at setup. A module's file is fuzzed with that module in play. Bounded: a fixed number
//! of cases from a fixed seed.

use proptest::prelude::*;
use silk_core::data::{parse_json, DataError};
use silk_core::fuzz::{
    action_text_survives, mutate_json, mutations_reach_both, replay_survives, setup_and_play,
};
use silk_core::{next_decider, Game, Replay, SilkRng};
use silk_splendor::data as sd;
use silk_splendor::{compile_rules, Module, Params, Splendor, SplendorConfig};

use silk_core::fuzz::cases;

const FILES: [&str; 8] = [
    "cards",
    "nobles",
    "cities",
    "orient",
    "trading-posts",
    "strongholds",
    "params",
    "config",
];

fn valid(file: &str) -> String {
    match file {
        "cards" => sd::CARDS_JSON.into(),
        "nobles" => sd::NOBLES_JSON.into(),
        "cities" => sd::CITIES_JSON.into(),
        "orient" => sd::ORIENT_JSON.into(),
        "trading-posts" => sd::TRADING_POSTS_JSON.into(),
        "strongholds" => sd::STRONGHOLDS_JSON.into(),
        "params" => serde_json::to_string_pretty(&Params::default()).unwrap(),
        _ => {
            let mut c = SplendorConfig::new(3);
            c.modules = vec![Module::Orient];
            serde_json::to_string_pretty(&c).unwrap()
        }
    }
}

/// `text` read as `file` into a config with its module in play, as `--file NAME=PATH` or
/// `--config` would; Err(message) if refused.
fn read(file: &str, text: &str, players: usize) -> Result<SplendorConfig, String> {
    let mut c = SplendorConfig::new(players);
    let name = format!("{file}.json");
    let e = |e: DataError| e.to_string();
    match file {
        "cards" => c.cards = parse_json(text, &name).map_err(e)?,
        "nobles" => c.nobles = parse_json(text, &name).map_err(e)?,
        "cities" => {
            c.cities = parse_json(text, &name).map_err(e)?;
            c.modules = vec![Module::Cities];
        }
        "orient" => {
            c.orient = parse_json(text, &name).map_err(e)?;
            c.modules = vec![Module::Orient];
        }
        "trading-posts" => {
            c.trading_posts = parse_json(text, &name).map_err(e)?;
            c.modules = vec![Module::TradingPosts];
        }
        "strongholds" => {
            c.strongholds = parse_json(text, &name).map_err(e)?;
            c.modules = vec![Module::Strongholds];
        }
        "params" => c.params = parse_json(text, &name).map_err(e)?,
        _ => c = parse_json(text, &name).map_err(e)?,
    }
    compile_rules(&c).map_err(|e| e.to_string())?;
    Ok(c)
}

fn replay_json(seed: u64) -> String {
    let mut config = SplendorConfig::new(2 + (seed % 3) as usize);
    config.modules = vec![Module::ALL[(seed % 4) as usize]];
    let mut replay = Replay::<Splendor>::new(config.clone(), seed);
    let mut state = Splendor::setup(&config, seed).unwrap();
    let mut rng = SilkRng::seed_from(seed);
    let mut legal = Vec::new();
    for _ in 0..30 {
        let Some(seat) = next_decider(Splendor::to_move(&state)) else {
            break;
        };
        Splendor::legal_actions(&state, seat, &mut legal);
        let a = legal[rng.index(legal.len())];
        replay.record(&state, seat, a);
        Splendor::apply(&mut state, seat, a).unwrap();
    }
    replay.to_json()
}

proptest! {
    #![proptest_config(cases(300))]

    #[test]
    fn data_files_and_configs(file in 0..FILES.len(), seed in any::<u64>(), rounds in 1u32..4) {
        let text = mutate_json(&valid(FILES[file]), seed, rounds);
        if let Ok(config) = read(FILES[file], &text, 2 + (seed % 3) as usize) {
            let _ = setup_and_play::<Splendor>(&config, seed, 300);
        }
    }

    #[test]
    fn replays(seed in any::<u64>(), rounds in 1u32..4) {
        replay_survives::<Splendor>(&mutate_json(&replay_json(seed % 8), seed, rounds));
    }

    #[test]
    fn action_text(seed in any::<u64>(), steps in 0u32..150) {
        let mut config = SplendorConfig::new(2 + (seed % 3) as usize);
        config.modules = vec![Module::ALL[(seed % 4) as usize]];
        action_text_survives::<Splendor>(&config, seed, steps);
    }
}

/// The mutations are neither all refused nor all accepted: both verdicts occur for every file.
#[test]
fn mutations_reach_both_the_validator_and_the_engine() {
    mutations_reach_both(
        &FILES,
        30,
        valid,
        |file, text, _| read(file, text, 3),
        |c, seed| {
            let _ = setup_and_play::<Splendor>(c, seed, 300);
        },
    );
}

/// Found by `replays`: a move by seat 255 overflowed printing the seat ("P256") in the error
/// that refuses it.
#[test]
fn a_replay_move_by_seat_255_is_refused_not_a_panic() {
    let mut replay: serde_json::Value = serde_json::from_str(&replay_json(0)).unwrap();
    replay["moves"][0]["seat"] = 255.into();
    let replay = Replay::<Splendor>::from_json(&replay.to_string(), "game.json").unwrap();
    let err = replay.run("game.json").unwrap_err().to_string();
    assert!(err.starts_with("game.json: move 1 (P256 "), "{err}");
}

/// Found by `action_text` (3000 cases, seed 99): a card place whose level is far out of range
/// ("za") overflowed computing the place before the range check refused it.
#[test]
fn a_card_place_far_out_of_range_is_refused_not_an_overflow() {
    for text in ["za", "~a", "9z", "\u{7f}f"] {
        assert_eq!(silk_splendor::parse_pos(text), None, "{text}");
    }
    let seventh = silk_splendor::pos_name(7);
    assert_eq!(silk_splendor::parse_pos(&seventh), Some(7));
}
