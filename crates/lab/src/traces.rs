//! Open traces of a run's games (`silk simulate --out DIR --traces`, `silk find --traces`): each
//! game played again exactly as the lab played it, written as a self-contained JSON trace to
//! `DIR/traces/game-K.json`, one file per game as games finish, each written whole.

use crate::replay::play_game;
use crate::{check_new, game_seed, write_atomic, BotFactory, LabError, RunSpec};
use silk_core::trace::{Trace, TraceWriter, Traced};
use silk_core::{MetricCounts, Names, Observe, SeatCounters};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The trace of game `index` of the run `spec` (cut at `max_decisions`, as the run was).
pub fn game_trace<G: Observe + Traced>(
    config: &G::Config,
    spec: &RunSpec,
    index: u64,
    bots: &BotFactory<G>,
    max_decisions: u64,
) -> Result<Trace, LabError> {
    let seed = game_seed(spec.seed, index);
    let (state, _) = crate::run::setup_game::<G>(config, spec.seed, index, spec.bots.len())?;
    let mut writer = TraceWriter::<G>::new(config, Some(seed), &state);
    // The per-player measures, counted as the run counted them, for the result's `players`.
    let mut metrics = MetricCounts::default();
    let mut seats = SeatCounters::default();
    let played = play_game::<G>(config, spec, index, bots, max_decisions, &mut |step| {
        for e in step.events {
            G::observe_all(step.after, e, &mut metrics, &mut seats);
        }
        writer
            .record(step.before, step.seat, step.action)
            .map_err(|e| LabError::Engine(format!("game {index}: {e}")))
    })?;
    let mut trace = writer.finish(&played.state);
    if !G::PLAYER_MEASURES.is_empty() {
        G::observe_end(&played.state, &mut seats);
        let (scores, ranks) = match &played.outcome {
            Some(o) => (o.scores.clone(), o.ranks.clone()),
            None => (vec![0; spec.bots.len()], vec![0; spec.bots.len()]),
        };
        let names = Arc::new(Names::new(G::PLAYER_MEASURES.iter().copied()));
        let players = crate::players::records(spec, index, &scores, &ranks, &seats, &names);
        if let Some(serde_json::Value::Object(result)) = &mut trace.result {
            let players = serde_json::to_value(players)
                .map_err(|e| LabError::Engine(format!("game {index}: per-player measures: {e}")))?;
            result.insert("players".into(), players);
        }
    }
    Ok(trace)
}

/// A run's `traces/` directory.
pub struct TraceDir {
    dir: PathBuf,
    force: bool,
}

impl TraceDir {
    /// `RUN_DIR/traces`, created if need be. Without `force`, a directory that already holds
    /// traces is refused before any game is played.
    pub fn create(run_dir: &Path, force: bool) -> Result<TraceDir, LabError> {
        let dir = run_dir.join("traces");
        let io = |e: std::io::Error| LabError::Input(format!("{}: {e}", dir.display()));
        std::fs::create_dir_all(&dir).map_err(io)?;
        if !force && std::fs::read_dir(&dir).map_err(io)?.next().is_some() {
            return Err(LabError::Input(format!(
                "{} already holds traces: choose another directory, or --force to replace them",
                dir.display()
            )));
        }
        Ok(TraceDir { dir, force })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the trace of game `index` goes.
    pub fn path(&self, index: u64) -> PathBuf {
        self.dir.join(format!("game-{index}.json"))
    }

    /// Writes `trace` as game `index` (into a `.part` file, then renamed).
    pub fn write(&self, index: u64, trace: &Trace) -> Result<PathBuf, LabError> {
        let path = self.path(index);
        check_new(&path, self.force)?;
        write_atomic(&path, (trace.to_json() + "\n").as_bytes())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::goofspiel::{GoofConfig, Goofspiel};
    use silk_core::trace::play_trace;
    use silk_core::{Game, Player, RandomPlayer};

    fn random(_: usize, _: &str, seed: u64) -> Result<Box<dyn Player<Goofspiel>>, LabError> {
        Ok(Box::new(RandomPlayer::new(seed)))
    }

    #[test]
    fn a_run_game_traced_plays_back_to_its_record() {
        let config = GoofConfig::default();
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::to_value(&config).unwrap(),
            bots: vec!["random".into(); 3],
            seed: 4,
            games: 3,
            shard: None,
            rotate: false,
        };
        let record = crate::simulate::<Goofspiel>(
            &config,
            &spec,
            &random,
            crate::Options {
                threads: 1,
                max_decisions: 1000,
                check: false,
            },
            &|| {},
        )
        .unwrap();
        for r in &record {
            let trace = game_trace::<Goofspiel>(&config, &spec, r.index, &random, 1000).unwrap();
            assert_eq!(trace.seed, Some(r.seed));
            let end = play_trace::<Goofspiel>(&trace, "t", |_| {}).unwrap();
            assert_eq!(Goofspiel::outcome(&end).unwrap().scores, r.scores);
            // Issue 32, part 4: the trace's end record has the seats' records of the run.
            let players = &trace.result.as_ref().unwrap()["players"];
            assert_eq!(*players, serde_json::to_value(&r.players).unwrap());
            assert_eq!(r.players.len(), 3);
        }
    }

    #[test]
    fn a_trace_directory_is_not_overwritten_unasked() {
        let root = std::env::temp_dir().join(format!("silk-tracedir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let dir = TraceDir::create(&root, false).unwrap();
        let trace = Trace::from_json(
            r#"{"format":"silk-trace","version":1,"game":"goofspiel","players":2,
                "config":{},"setup":{},"actions":[]}"#,
            "t",
        )
        .unwrap();
        let path = dir.write(0, &trace).unwrap();
        assert!(path.is_file());
        assert!(dir.write(0, &trace).is_err(), "the same game twice");
        assert!(
            TraceDir::create(&root, false).is_err(),
            "a directory with traces"
        );
        assert!(TraceDir::create(&root, true)
            .unwrap()
            .write(0, &trace)
            .is_ok());
        let _ = std::fs::remove_dir_all(&root);
    }
}
