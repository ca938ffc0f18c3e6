//! Fuzzing every parser of outside input Cities of the Silk Road has: its six data files (map,
//! empires, silk deck, improvements, development cards, params), a whole config, replays and
//! action text. Valid inputs are mutated (silk_core::fuzz) from proptest-chosen seeds; each
//! parser must return an error or a value, never panic, and a value it accepts must set up and
//! play, or be refused at setup. Bounded: a fixed number of cases from a fixed seed.

use proptest::prelude::*;
use silk_cities::data::{self as cd, parse_json};
use silk_cities::{Cities, CitiesConfig, Params, Rules};
use silk_core::fuzz::{
    action_text_survives, mutate_json, mutations_reach_both, replay_survives, setup_and_play,
};
use silk_core::{next_decider, Game, Replay, SilkRng};

use silk_core::fuzz::cases;

const FILES: [&str; 7] = [
    "map",
    "empires",
    "silk",
    "improvements",
    "development",
    "params",
    "config",
];

fn valid(file: &str) -> String {
    match file {
        "map" => cd::DEFAULT_MAP_JSON.into(),
        "empires" => cd::DEFAULT_EMPIRES_JSON.into(),
        "silk" => cd::DEFAULT_SILK_JSON.into(),
        "improvements" => cd::DEFAULT_IMPROVEMENTS_JSON.into(),
        "development" => cd::DEFAULT_DEVELOPMENT_JSON.into(),
        "params" => cd::DEFAULT_PARAMS_JSON.into(),
        _ => serde_json::to_string_pretty(&CitiesConfig::new(4)).unwrap(),
    }
}

/// `text` read as `file` into a config, as `silk --config`/`--map` would; Err if refused.
fn read(file: &str, text: &str) -> Result<CitiesConfig, cd::DataError> {
    let mut c = CitiesConfig::new(4);
    let name = format!("{file}.json");
    match file {
        "map" => c.map = parse_json(text, &name)?,
        "empires" => c.empires = parse_json(text, &name)?,
        "silk" => c.silk = parse_json(text, &name)?,
        "improvements" => c.improvements = parse_json(text, &name)?,
        "development" => c.development = parse_json(text, &name)?,
        "params" => c = CitiesConfig::from_params(parse_json::<Params>(text, &name)?),
        _ => c = parse_json(text, &name)?,
    }
    Rules::compile(&c)?;
    Ok(c)
}

fn replay_json(seed: u64) -> String {
    let config = CitiesConfig::new(4);
    let mut replay = Replay::<Cities>::new(config.clone(), seed);
    let mut state = Cities::setup(&config, seed).unwrap();
    let mut rng = SilkRng::seed_from(seed);
    let mut legal = Vec::new();
    for _ in 0..40 {
        let Some(seat) = next_decider(Cities::to_move(&state)) else {
            break;
        };
        Cities::legal_actions(&state, seat, &mut legal);
        let a = legal[rng.index(legal.len())];
        replay.record(&state, seat, a);
        Cities::apply(&mut state, seat, a).unwrap();
    }
    replay.to_json()
}

proptest! {
    #![proptest_config(cases(300))]

    #[test]
    fn data_files_and_configs(file in 0..FILES.len(), seed in any::<u64>(), rounds in 1u32..4) {
        let text = mutate_json(&valid(FILES[file]), seed, rounds);
        if let Ok(config) = read(FILES[file], &text) {
            let _ = setup_and_play::<Cities>(&config, seed, 400);
        }
    }

    #[test]
    fn replays(seed in any::<u64>(), rounds in 1u32..4) {
        replay_survives::<Cities>(&mutate_json(&replay_json(seed % 4), seed, rounds));
    }

    #[test]
    fn action_text(seed in any::<u64>(), steps in 0u32..300) {
        action_text_survives::<Cities>(&CitiesConfig::new(3 + (seed % 3) as usize), seed, steps);
    }
}

/// The mutations are neither all refused nor all accepted: both verdicts occur for every file.
#[test]
fn mutations_reach_both_the_validator_and_the_engine() {
    mutations_reach_both(
        &FILES,
        30,
        valid,
        |file, text, _| read(file, text),
        |c, seed| {
            let _ = setup_and_play::<Cities>(c, seed, 400);
        },
    );
}
