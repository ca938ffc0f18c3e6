//! The raw engine side of `silk bench`: the games of a run played by the engine alone, with the
//! same bots in the same seats with the same seeds as the lab plays them, but without the lab's
//! pipeline (no events, no metrics, no records, no summary, one thread). The lab's rate is then
//! compared with this one on exactly the same decisions.

use crate::run::setup_game;
use crate::{replay, BotFactory, LabError, RunSpec};
use silk_core::{drive, Observe};

/// What a batch of raw playouts did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    pub games: u64,
    pub decisions: u64,
}

/// Plays the games of `spec` with the engine alone, each to its end or `max_decisions`.
pub fn engine_playouts<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    max_decisions: u64,
) -> Result<Played, LabError> {
    let config = G::batch_config(config);
    let mut legal = Vec::new();
    let mut played = Played::default();
    for index in spec.indices() {
        let mut players = replay::players::<G>(spec, index, bots)?;
        let (mut state, _) = setup_game::<G>(config, spec.seed, index, players.len())?;
        let n = drive::<G>(&mut state, max_decisions, &mut legal, |s, seat, legal| {
            players[seat.index()].choose(s, seat, legal)
        })
        .map_err(|e| LabError::Engine(format!("game {index}: {e}")))?;
        played.games += 1;
        played.decisions += n;
    }
    Ok(played)
}

/// The best (highest) of repeated rates: on a shared machine the slowest runs measure the
/// neighbours' load, the fastest the code.
pub fn best(rates: &[f64]) -> f64 {
    rates.iter().copied().fold(0.0, f64::max)
}

/// The process's peak resident memory in KB (`VmHWM` in /proc/self/status), where the system
/// reports it.
pub fn max_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::goofspiel::{GoofConfig, Goofspiel};
    use silk_core::RandomPlayer;

    /// The raw playouts make exactly the decisions of the lab's games.
    #[test]
    fn raw_playouts_play_the_lab_games() {
        let config = GoofConfig {
            players: 2,
            cards: 6,
        };
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 3,
            games: 20,
            shard: None,
            rotate: false,
        };
        let factory = |_: usize, _: &str, seed: u64| {
            Ok(Box::new(RandomPlayer::new(seed)) as Box<dyn silk_core::Player<Goofspiel>>)
        };
        let opts = crate::Options {
            threads: 1,
            max_decisions: 1000,
            check: false,
        };
        let records = crate::simulate::<Goofspiel>(&config, &spec, &factory, opts, &|| {}).unwrap();
        let raw = engine_playouts::<Goofspiel>(&config, &spec, &factory, 1000).unwrap();
        assert_eq!(raw.games, 20);
        assert_eq!(
            raw.decisions,
            records.iter().map(|r| r.decisions).sum::<u64>()
        );
        assert!(max_rss_kb().is_none_or(|kb| kb > 0));
        assert_eq!(best(&[1.0, 3.0, 2.0]), 3.0);
    }
}
