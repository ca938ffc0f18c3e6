//! Silk Road in the CLI: config from `--players`, `--config` and the `map` and `tiles` files.

use super::{read_json, CliGame, DataFiles, FinalReport};
use crate::error::{CliError, CliResult};
use serde_json::{json, Value};
use silk_core::Seat;
use silk_road::data::Rules;
use silk_road::SILVER_PER_GOLD;
use silk_road::{
    scores, sole_majority, Event, Good, Phase, Score, SilkRoad, SilkRoadConfig, State,
};
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

    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<SilkRoadConfig> {
        let mut config: SilkRoadConfig = match files.config {
            Some(path) => read_json(path)?,
            None => SilkRoadConfig::new(4),
        };
        if let Some(n) = players {
            config.players = n;
        }
        if let Some(path) = files.file("map") {
            config.map = read_json(path)?;
        }
        if let Some(path) = files.file("tiles") {
            config.tiles = read_json(path)?;
        }
        // Validate here, so errors name the real files.
        Rules::compile_named(
            &config,
            &name(files.file("map"), "map.json"),
            &name(files.file("tiles"), "tiles.json"),
            &name(files.config, "config"),
        )
        .map_err(|e| CliError::input(e.to_string()))?;
        Ok(config)
    }

    crate::heuristic_items!();

    const VALUE: Option<&'static str> = Some(silk_road::VALUE_JSON);

    /// The first leader, drawn at random at setup.
    fn opening(s: &State) -> Option<String> {
        Some(format!(
            "Round 1: {} holds the leader pawn (drawn at random), the caravan is at {}",
            s.holder,
            s.rules.name(s.caravan)
        ))
    }

    fn decision_help(s: &State, _seat: silk_core::Seat) -> Option<String> {
        Some(silk_road::decision_help(s))
    }

    fn choice_help(s: &State, _seat: silk_core::Seat, action: Self::Action) -> String {
        silk_road::choice_help(s, action)
    }

    /// Each round opens with the leader auction.
    fn section(s: &State, event: &Event) -> Option<String> {
        match event {
            Event::AuctionOpened { holder } => Some(format!(
                "Round {}: {holder} holds the leader pawn, the caravan is at {}",
                s.round + 1,
                s.rules.name(s.caravan)
            )),
            _ => None,
        }
    }

    fn final_report(s: &State) -> Option<FinalReport> {
        matches!(s.phase, Phase::Over).then(|| final_report(s))
    }
}

/// Holdings revealed at the end and each score: money + goods + majorities.
fn final_report(s: &State) -> FinalReport {
    let bonus = s.rules.config.params.majority_bonus;
    let mut lines = vec![format!(
        "Final holdings and scores (money in silver, 1 gold = {SILVER_PER_GOLD}; +{bonus} for the sole most of a good):"
    )];
    let (mut holdings, mut breakdown) = (Vec::new(), Vec::new());
    let scores = scores(s);
    for (i, score) in scores.iter().enumerate().take(s.players()) {
        let (line, held, scored) = seat_report(s, Seat(i as u8), score);
        lines.push(line);
        holdings.push(held);
        breakdown.push(scored);
    }
    FinalReport {
        lines,
        value: json!({"holdings": holdings, "scores": breakdown}),
    }
}

/// One seat's final line, holdings (JSON) and score breakdown (JSON).
fn seat_report(s: &State, seat: Seat, sc: &Score) -> (String, Value, Value) {
    let i = seat.index();
    let money = s.money[i] as u32;
    let (gold, silver) = (money / SILVER_PER_GOLD, money % SILVER_PER_GOLD);
    let most: Vec<&str> = Good::ALL
        .into_iter()
        .filter(|&g| sole_majority(&s.goods[..s.players()], g) == Some(i))
        .map(Good::name)
        .collect();
    let most_text = if most.is_empty() {
        String::new()
    } else {
        format!(" ({})", most.join(", "))
    };
    let line = format!(
        "  {seat}: {gold} gold {silver} silver, {} — money {} + goods {} + majorities {}{most_text} = {}",
        s.goods[i], sc.money, sc.goods, sc.majorities, sc.total
    );
    let goods: serde_json::Map<String, Value> = Good::ALL
        .into_iter()
        .map(|g| (g.name().to_string(), json!(s.goods[i].get(g))))
        .collect();
    let held =
        json!({"seat": seat, "money": money, "gold": gold, "silver": silver, "goods": goods});
    let scored = json!({
        "seat": seat, "money": sc.money, "goods": sc.goods, "majorities": sc.majorities,
        "majority_goods": most, "total": sc.total,
    });
    (line, held, scored)
}
