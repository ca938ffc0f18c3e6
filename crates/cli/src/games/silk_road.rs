//! Silk Road in the CLI: config from `--players`, `--map`, `--tiles`, `--reverse`, `--config`.

use super::{read_json, CliGame, DataFiles};
use crate::error::{CliError, CliResult};
use silk_bots::BotKind;
use silk_core::Player;
use silk_road::data::Rules;
use silk_road::{SilkRoad, SilkRoadConfig};
use std::path::Path;

fn name(path: Option<&Path>, default: &str) -> String {
    path.map(|p| p.display().to_string())
        .unwrap_or_else(|| default.to_string())
}

impl CliGame for SilkRoad {
    const DATA: &'static [(&'static str, &'static str)] = &[
        ("map", silk_road::data::DEFAULT_MAP_JSON),
        ("tiles", silk_road::data::DEFAULT_TILES_JSON),
    ];

    const SUMMARY: &'static str =
        "Silk Road (Z-Man 2006, Cheatham & Faidutti): bid to lead the caravan, trade goods, most money wins";

    fn config(players: Option<usize>, files: &DataFiles) -> CliResult<SilkRoadConfig> {
        files.no_splendor_flags("silk-road")?;
        let mut config: SilkRoadConfig = match files.config {
            Some(path) => read_json(path)?,
            None => SilkRoadConfig::new(4),
        };
        if let Some(n) = players {
            config.players = n;
        }
        if let Some(path) = files.map {
            config.map = read_json(path)?;
        }
        if let Some(path) = files.tiles {
            config.tiles = read_json(path)?;
        }
        if files.reverse {
            config.reverse = true;
        }
        // Validate here, so errors name the real files.
        Rules::compile_named(
            &config,
            &name(files.map, "map.json"),
            &name(files.tiles, "tiles.json"),
            &name(files.config, "config"),
        )
        .map_err(|e| CliError::input(e.to_string()))?;
        Ok(config)
    }

    fn bot(kind: BotKind, seed: u64) -> CliResult<Box<dyn Player<Self>>> {
        Ok(kind.with_heuristic::<Self>(seed))
    }
}
