//! Splendor in the CLI: config from `--players`, `--config` (a whole
//! config, or a params.json) and `--file NAME=PATH` (a data file of the group's own).

use super::{CliGame, DataFiles, PageResult};
use crate::error::{CliError, CliResult};
use silk_core::data::{parse_json, DataError};
use silk_core::SetupError;
use silk_splendor::data::{self as sd, Params, SplendorConfig};
use silk_splendor::Splendor;
use std::path::Path;

fn read_text(path: &Path) -> CliResult<String> {
    silk_core::files::read_text(path, silk_core::files::Limit::DATA)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

fn parse<T: serde::de::DeserializeOwned>(path: &Path) -> CliResult<T> {
    parse_json(&read_text(path)?, &path.display().to_string())
        .map_err(|e| CliError::input(e.to_string()))
}

/// A `--config` file is a whole config when it names `players` or data, else params.
fn read_config(path: &Path) -> CliResult<SplendorConfig> {
    let text = read_text(path)?;
    let whole = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.as_object().map(|o| o.contains_key("players")))
        .unwrap_or(false);
    let name = path.display().to_string();
    if whole {
        parse_json::<SplendorConfig>(&text, &name).map_err(|e| CliError::input(e.to_string()))
    } else {
        let params: Params =
            parse_json(&text, &name).map_err(|e| CliError::input(e.to_string()))?;
        let mut config = SplendorConfig::new(4);
        config.params = params;
        Ok(config)
    }
}

impl CliGame for Splendor {
    const DATA: &'static [(&'static str, &'static str)] = &[
        ("cards", sd::CARDS_JSON),
        ("nobles", sd::NOBLES_JSON),
        ("cities", sd::CITIES_JSON),
        ("orient", sd::ORIENT_JSON),
        ("trading-posts", sd::TRADING_POSTS_JSON),
        ("strongholds", sd::STRONGHOLDS_JSON),
    ];

    const SUMMARY: &'static str =
        "Splendor (Marc André, Space Cowboys 2014) with the Cities of Splendor modules: gems, cards, nobles; 15 prestige";

    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<SplendorConfig> {
        let mut config = match files.config {
            Some(path) => read_config(path)?,
            None => SplendorConfig::new(4),
        };
        if let Some(n) = players {
            config.players = n;
        }
        let mut renamed: Vec<(String, String)> = Vec::new();
        for (name, path) in &files.files {
            let p = Path::new(path);
            match name.as_str() {
                "cards" => config.cards = parse(p)?,
                "nobles" => config.nobles = parse(p)?,
                "cities" => config.cities = parse(p)?,
                "orient" => config.orient = parse(p)?,
                "trading-posts" => config.trading_posts = parse(p)?,
                "strongholds" => config.strongholds = parse(p)?,
                // (`CliGame::config` has refused any other name.)
                other => return Err(CliError::Internal(format!("unchecked data file {other}"))),
            }
            renamed.push((format!("{name}.json"), path.clone()));
        }
        // Validate here, so errors name the real files.
        silk_splendor::compile_rules(&config).map_err(|e| match e {
            SetupError::Data(d) => {
                let file = renamed
                    .iter()
                    .find(|(bundled, _)| *bundled == d.file)
                    .map_or(d.file.clone(), |(_, path)| path.clone());
                CliError::input(DataError { file, ..d }.to_string())
            }
            other => CliError::input(other.to_string()),
        })?;
        Ok(config)
    }

    crate::heuristic_items!();

    const VALUE: Option<&'static str> = Some(silk_splendor::VALUE_JSON);

    fn table_text(state: &Self::State, seat: silk_core::Seat, assist: bool) -> String {
        silk_splendor::view_text_with(state, seat, assist)
    }

    fn page_question(state: &Self::State, viewer: Option<silk_core::Seat>) -> Option<String> {
        silk_splendor::page::question(state, viewer)
    }

    const PAGE_EVENTS_TELL_MOVES: bool = true;

    fn page_action(state: &Self::State, seat: silk_core::Seat, action: Self::Action) -> String {
        silk_splendor::page::action_words(state, seat, action)
    }

    fn page_event(
        state: &Self::State,
        event: &Self::Event,
        viewer: Option<silk_core::Seat>,
    ) -> Option<String> {
        silk_splendor::event_words(&state.rules, event, viewer)
    }

    fn page_result(s: &Self::State) -> PageResult {
        PageResult {
            parts: (0..s.players())
                .map(|p| {
                    silk_splendor::score_breakdown(s, p)
                        .into_iter()
                        .map(|(what, v)| (what.to_string(), i64::from(v)))
                        .collect()
                })
                .collect(),
            tie_break: silk_splendor::tie_break(s).map(str::to_string),
            notes: silk_splendor::win_notes(s),
        }
    }

    const DRAWING: silk_serve::Drawing = silk_serve::Drawing {
        script: silk_splendor::page::SCRIPT,
        style: silk_splendor::page::STYLE,
    };

    fn page_board(
        state: &Self::State,
        viewer: Option<silk_core::Seat>,
    ) -> Option<serde_json::Value> {
        serde_json::to_value(silk_splendor::page::page(state, viewer)).ok()
    }
}
