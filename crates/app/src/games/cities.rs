//! Cities of the Silk Road in the CLI: config from `--players`, `--config` (a whole config, or
//! just a params.json) and data files of the group's own (`--file map=PATH`, `empires`, …).

use super::{CliGame, DataFiles};
use crate::error::{CliError, CliResult};

use silk_cities::data::{parse_json, FileNames, MapData, Params, Rules};
use silk_cities::Event;
use silk_cities::State;
use silk_cities::{Cities, CitiesConfig};
use std::path::Path;

fn read_text(path: &Path) -> CliResult<String> {
    silk_core::files::read_text(path, silk_core::files::Limit::DATA)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// The fields of a whole config besides `players` (which params have too).
const WHOLE_CONFIG: &[&str] = &[
    "params",
    "map",
    "empires",
    "silk",
    "improvements",
    "development",
];

/// A `--config` file is a whole config when it names any of its data or `params`
/// ([`WHOLE_CONFIG`]), else params.
fn read_config(path: &Path) -> CliResult<CitiesConfig> {
    let text = read_text(path)?;
    let name = path.display().to_string();
    let whole = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| {
            v.as_object()
                .map(|o| WHOLE_CONFIG.iter().any(|k| o.contains_key(*k)))
        })
        .unwrap_or(false);
    if whole {
        parse_json::<CitiesConfig>(&text, &name).map_err(|e| CliError::input(e.to_string()))
    } else {
        let params: Params =
            parse_json(&text, &name).map_err(|e| CliError::input(e.to_string()))?;
        Ok(CitiesConfig::from_params(params))
    }
}

impl CliGame for Cities {
    const DATA: &'static [(&'static str, &'static str)] = &[
        ("map", silk_cities::data::DEFAULT_MAP_JSON),
        ("empires", silk_cities::data::DEFAULT_EMPIRES_JSON),
        ("silk", silk_cities::data::DEFAULT_SILK_JSON),
        ("improvements", silk_cities::data::DEFAULT_IMPROVEMENTS_JSON),
        ("development", silk_cities::data::DEFAULT_DEVELOPMENT_JSON),
        ("params", silk_cities::data::DEFAULT_PARAMS_JSON),
    ];

    const FINDINGS: Option<&'static str> =
        Some(include_str!("../../../../data/cities/findings.json"));

    const SUMMARY: &'static str =
        "Cities of the Silk Road (Brian Stepnitz, CC BY-SA 3.0): city-states trade, fight, rise and fall; 7 hidden VP wins";

    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<CitiesConfig> {
        let mut config = match files.config {
            Some(path) => read_config(path)?,
            None => CitiesConfig::new(Params::default().players),
        };
        if let Some(n) = players {
            config.players = n;
        }
        if let Some(path) = files.file("map") {
            config.map = super::read_json::<MapData>(path)?;
        }
        // `--file NAME=PATH`: the other data files, each in place of the bundled one.
        let path_of = |name: &str| {
            files
                .files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, p)| p.as_str())
        };
        if let Some(p) = path_of("empires") {
            config.empires = super::read_json(Path::new(p))?;
        }
        if let Some(p) = path_of("silk") {
            config.silk = super::read_json(Path::new(p))?;
        }
        if let Some(p) = path_of("improvements") {
            config.improvements = super::read_json(Path::new(p))?;
        }
        if let Some(p) = path_of("development") {
            config.development = super::read_json(Path::new(p))?;
        }
        if let Some(p) = path_of("params") {
            config.params = super::read_json(Path::new(p))?;
        }
        // Validate here, so errors name the real files.
        let map = files.file("map").map(|p| p.display().to_string());
        let params = path_of("params")
            .map(str::to_string)
            .or_else(|| files.config.map(|p| p.display().to_string()));
        let names = FileNames {
            map: map.as_deref().unwrap_or("map.json"),
            empires: path_of("empires").unwrap_or("empires.json"),
            silk: path_of("silk").unwrap_or("silk.json"),
            improvements: path_of("improvements").unwrap_or("improvements.json"),
            development: path_of("development").unwrap_or("development.json"),
            params: params.as_deref().unwrap_or("params.json"),
        };
        Rules::compile_named(&config, names).map_err(|e| CliError::input(e.to_string()))?;
        Ok(config)
    }

    crate::heuristic_items!();

    const VALUE: Option<&'static str> = Some(silk_cities::VALUE_JSON);

    fn stall(state: &State) -> Option<silk_core::stall::StallReading> {
        Some(silk_cities::stall_reading(state))
    }

    fn section(_: &State, event: &Event) -> Option<String> {
        match event {
            Event::RoundStarted { round } => Some(format!("Round {round}")),
            _ => None,
        }
    }

    fn page_question(state: &Self::State, viewer: Option<silk_core::Seat>) -> Option<String> {
        silk_cities::page::question(state, viewer)
    }

    fn page_action(state: &Self::State, seat: silk_core::Seat, action: Self::Action) -> String {
        silk_cities::page::move_words_for(state, seat, action).1
    }

    const DRAWING: silk_serve::Drawing = silk_serve::Drawing {
        script: silk_cities::page::SCRIPT,
        style: silk_cities::page::STYLE,
    };

    fn page_board(
        state: &Self::State,
        viewer: Option<silk_core::Seat>,
    ) -> Option<serde_json::Value> {
        serde_json::to_value(silk_cities::page::page(state, viewer)).ok()
    }
}
