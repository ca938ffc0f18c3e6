//! Fuzzing every parser of outside input Silk Road has: map.json, tiles.json, a whole config
//! (with its params), replays, action text, and the table helper's commands and journal entries.
//! Valid inputs are mutated (silk_core::fuzz) from proptest-chosen seeds; each parser must return
//! an error or a value, never panic, and a value it accepts must set up and play, or be refused
//! at setup. Bounded: a fixed number of cases from a fixed seed, a few seconds in debug.

use proptest::prelude::*;
use silk_core::data::parse_json;
use silk_core::fuzz::{
    action_text_survives, mutate_json, mutate_text, mutations_reach_both, replay_survives,
    setup_and_play,
};
use silk_core::{next_decider, Game, Replay};
use silk_road::data::{MapData, TilesData, DEFAULT_MAP_JSON, DEFAULT_TILES_JSON};
use silk_road::table::{Entry, Table};
use silk_road::{Rules, SilkRoad, SilkRoadConfig};

use silk_core::fuzz::cases;

/// A config the validator accepts must set up and play (or be refused at setup).
fn plays(config: &SilkRoadConfig, seed: u64) {
    if Rules::compile(config).is_ok() {
        let _ = setup_and_play::<SilkRoad>(config, seed, 400);
    }
}

fn replay_json(seed: u64) -> String {
    let config = SilkRoadConfig::new(3 + (seed % 3) as usize);
    let mut replay = Replay::<SilkRoad>::new(config.clone(), seed);
    let mut state = SilkRoad::setup(&config, seed).unwrap();
    let mut rng = silk_core::SilkRng::seed_from(seed);
    let mut legal = Vec::new();
    for _ in 0..40 {
        let Some(seat) = next_decider(SilkRoad::to_move(&state)) else {
            break;
        };
        SilkRoad::legal_actions(&state, seat, &mut legal);
        let a = legal[rng.index(legal.len())];
        replay.record(&state, seat, a);
        SilkRoad::apply(&mut state, seat, a).unwrap();
    }
    replay.to_json()
}

proptest! {
    #![proptest_config(cases(200))]

    #[test]
    fn map_files(seed in any::<u64>(), rounds in 1u32..4) {
        let text = mutate_json(DEFAULT_MAP_JSON, seed, rounds);
        if let Ok(map) = parse_json::<MapData>(&text, "map.json") {
            let mut config = SilkRoadConfig::new(3 + (seed % 3) as usize);
            config.map = map;
            config.reverse = seed % 2 == 0;
            plays(&config, seed);
        }
    }

    #[test]
    fn tile_files(seed in any::<u64>(), rounds in 1u32..4) {
        let text = mutate_json(DEFAULT_TILES_JSON, seed, rounds);
        if let Ok(tiles) = parse_json::<TilesData>(&text, "tiles.json") {
            let mut config = SilkRoadConfig::new(3 + (seed % 3) as usize);
            config.tiles = tiles;
            plays(&config, seed);
        }
    }

    /// Whole configs: player counts, the variant and every parameter.
    #[test]
    fn configs(seed in any::<u64>(), rounds in 1u32..4) {
        let valid = serde_json::to_string_pretty(&SilkRoadConfig::new(4)).unwrap();
        let text = mutate_json(&valid, seed, rounds);
        if let Ok(config) = parse_json::<SilkRoadConfig>(&text, "config.json") {
            plays(&config, seed);
        }
    }

    #[test]
    fn replays(seed in any::<u64>(), rounds in 1u32..4) {
        replay_survives::<SilkRoad>(&mutate_json(&replay_json(seed % 8), seed, rounds));
    }

    #[test]
    fn action_text(seed in any::<u64>(), steps in 0u32..200) {
        action_text_survives::<SilkRoad>(&SilkRoadConfig::new(3 + (seed % 3) as usize), seed, steps);
    }

    /// The table helper driven through a game by what people type: mostly its own choices, with
    /// damaged and out-of-range text between them; then journal entries as JSON, mutated.
    #[test]
    fn table_commands_and_journal_entries(seed in any::<u64>(), steps in 1u32..120) {
        let players = 3 + (seed % 3) as usize;
        let names: Vec<String> = ["Ana", "Ben", "Cleo", "Dev", "Eli"][..players]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut table = Table::new(names.clone(), &SilkRoadConfig::new(players), seed % 2 == 0)
            .unwrap();
        let mut rng = silk_core::SilkRng::seed_from(seed);
        let mut said: Vec<Entry> = Vec::new();
        for _ in 0..steps {
            let prompt = table.prompt();
            let name = &names[rng.index(players)];
            let mut n = || ["0", "1", "3", "255", "256", "4294967295", "4294967296", "-2"][rng.index(8)];
            let mut texts: Vec<String> = prompt.choices.clone();
            texts.push(format!("{name} {}", n()));
            texts.push(format!("{name} 1 5 0 2 1 0 {}", n()));
            texts.push(format!("fix {name} {} 0 0 0 0 0 0", n()));
            texts.push(format!("bid {}", n()));
            texts.push("barter vizier".into());
            texts.push("Atlantis".into());
            let t = texts[rng.index(texts.len())].clone();
            let t = if rng.chance(1, 4) { mutate_text(&t, rng.next_u64()) } else { t };
            if let Ok(entry) = table.parse(&t) {
                if table.apply(entry.clone()).is_ok() {
                    said.push(entry);
                }
            }
            if rng.chance(1, 20) {
                if let Some(t) = table.without_last() {
                    table = t;
                }
            }
        }
        // The journal: each entry as it is written, damaged, read back and applied.
        for e in &said {
            let line = serde_json::to_string(e).unwrap();
            if let Ok(entry) = serde_json::from_str::<Entry>(&mutate_json(&line, rng.next_u64(), 1)) {
                let _ = table.apply(entry);
            }
        }
    }
}

/// The whole journal header's config and player names, mutated: Table::new accepts or refuses.
#[test]
fn table_setup_from_a_damaged_header() {
    let valid = serde_json::to_string(&SilkRoadConfig::new(4)).unwrap();
    for seed in 0..100 {
        if let Ok(config) = parse_json::<SilkRoadConfig>(&mutate_json(&valid, seed, 2), "journal") {
            let names: Vec<String> = (0..(seed % 9) as usize).map(|i| format!("P{i}")).collect();
            let _ = Table::new(names, &config, false);
        }
    }
}

/// The mutations are neither all refused (the engine would never see odd data) nor all accepted
/// (the validators would be idle): both verdicts occur for every file.
#[test]
fn mutations_reach_both_the_validator_and_the_engine() {
    let config = serde_json::to_string_pretty(&SilkRoadConfig::new(4)).unwrap();
    let valid = |name: &str| match name {
        "map" => DEFAULT_MAP_JSON.to_string(),
        "tiles" => DEFAULT_TILES_JSON.to_string(),
        _ => config.clone(),
    };
    let read = |name: &str, t: &str, _| -> Result<SilkRoadConfig, String> {
        let mut c = SilkRoadConfig::new(4);
        match name {
            "map" => parse_json(t, "map.json").map(|m| c.map = m),
            "tiles" => parse_json(t, "tiles.json").map(|m| c.tiles = m),
            _ => parse_json(t, "config.json").map(|m| c = m),
        }
        .map_err(|e| e.to_string())?;
        Rules::compile(&c).map_err(|e| e.to_string())?;
        Ok(c)
    };
    mutations_reach_both(&["map", "tiles", "config"], 50, valid, read, |c, seed| {
        setup_and_play::<SilkRoad>(c, seed, 400).unwrap();
    });
}
