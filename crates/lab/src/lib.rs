//! silk-lab: the playtest lab. Runs thousands of bot games of any engine in parallel,
//! deterministically; summarises them (win rates with Wilson intervals, seat advantage, game
//! length, margins, lead changes, branching, per-engine metrics); sweeps parameters; merges
//! shards; writes self-contained HTML reports.

pub mod report;
pub mod run;
pub mod stats;
pub mod summary;
pub mod sweep;

pub use run::{game_seed, play_one, GameRecord, RunSpec, Shard};
pub use summary::Summary;

use rayon::prelude::*;
use silk_core::{Observe, Player};
use std::io::{BufRead, Write};
use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// Bad arguments or files: the user can fix it.
    #[error("{0}")]
    Input(String),
    /// An engine or bot misbehaved.
    #[error("{0}")]
    Engine(String),
}

/// Makes the bot of `seat` (named `name`) with `seed`, for one game.
pub type BotFactory<'a, G> =
    dyn Fn(usize, &str, u64) -> Result<Box<dyn Player<G>>, LabError> + Sync + 'a;

/// Plays the run's games (its shard, if any) on `threads` threads (0 = all cores). Records come
/// back in index order, identical for any thread count. `tick` is called once per game.
pub fn simulate<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    bots: &BotFactory<G>,
    threads: usize,
    max_decisions: u64,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<GameRecord>, LabError>
where
    G::Config: Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| LabError::Engine(e.to_string()))?;
    let indices: Vec<u64> = spec.indices().collect();
    pool.install(|| {
        indices
            .par_iter()
            .map(|&index| {
                let mut players = spec
                    .bots
                    .iter()
                    .enumerate()
                    .map(|(seat, name)| bots(seat, name, run::bot_seed(spec.seed, index, seat)))
                    .collect::<Result<Vec<_>, _>>()?;
                let r = play_one::<G>(config, spec.seed, index, &mut players, max_decisions);
                tick();
                r
            })
            .collect()
    })
}

/// Writes a run into `dir`: `run.json`, `games.jsonl` (one record a line) and `summary.json`.
pub fn write_run(
    dir: &Path,
    spec: &RunSpec,
    records: &[GameRecord],
    summary: &Summary,
) -> Result<(), LabError> {
    let io = |e: std::io::Error| LabError::Input(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let json = |v: &dyn erased::Ser| v.to_pretty();
    std::fs::write(dir.join("run.json"), json(spec) + "\n").map_err(io)?;
    let mut f =
        std::io::BufWriter::new(std::fs::File::create(dir.join("games.jsonl")).map_err(io)?);
    for r in records {
        let line = serde_json::to_string(r).map_err(|e| LabError::Engine(e.to_string()))?;
        writeln!(f, "{line}").map_err(io)?;
    }
    f.flush().map_err(io)?;
    std::fs::write(dir.join("summary.json"), json(summary) + "\n").map_err(io)?;
    Ok(())
}

mod erased {
    /// Pretty JSON of any serialisable value, behind a trait object.
    pub trait Ser {
        fn to_pretty(&self) -> String;
    }
    impl<T: serde::Serialize> Ser for T {
        fn to_pretty(&self) -> String {
            serde_json::to_string_pretty(self).unwrap_or_default()
        }
    }
}

/// Reads a run directory written by [`write_run`].
pub fn read_run(dir: &Path) -> Result<(RunSpec, Vec<GameRecord>), LabError> {
    let spec_path = dir.join("run.json");
    let text = std::fs::read_to_string(&spec_path)
        .map_err(|e| LabError::Input(format!("{}: {e}", spec_path.display())))?;
    let spec: RunSpec = serde_json::from_str(&text).map_err(|e| {
        LabError::Input(format!(
            "{}: line {}, column {}: {e}",
            spec_path.display(),
            e.line(),
            e.column()
        ))
    })?;
    let games_path = dir.join("games.jsonl");
    let f = std::fs::File::open(&games_path)
        .map_err(|e| LabError::Input(format!("{}: {e}", games_path.display())))?;
    let mut records = Vec::new();
    for (i, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| LabError::Input(format!("{}: {e}", games_path.display())))?;
        if line.trim().is_empty() {
            continue;
        }
        let r: GameRecord = serde_json::from_str(&line).map_err(|e| {
            LabError::Input(format!("{}: line {}: {e}", games_path.display(), i + 1))
        })?;
        records.push(r);
    }
    Ok((spec, records))
}

/// Combines shard directories into one run: the shards must be slices of the same run and
/// together cover it exactly.
pub fn merge(dirs: &[&Path]) -> Result<(RunSpec, Vec<GameRecord>), LabError> {
    let mut merged: Option<RunSpec> = None;
    let mut records = Vec::new();
    for dir in dirs {
        let (spec, mut recs) = read_run(dir)?;
        let mut whole = spec.clone();
        whole.shard = None;
        match &merged {
            None => merged = Some(whole),
            Some(m) if *m != whole => {
                return Err(LabError::Input(format!(
                "{}: not a shard of the same run (game, config, bots, seed and games must match)",
                dir.display()
            )))
            }
            Some(_) => {}
        }
        // Each game must belong to the slice its directory says it ran.
        let slice = spec.indices();
        if let Some(r) = recs.iter().find(|r| !slice.contains(&r.index)) {
            return Err(LabError::Input(format!(
                "{}: game {} is not in this run's games {}..{}",
                dir.display(),
                r.index,
                slice.start,
                slice.end
            )));
        }
        records.append(&mut recs);
    }
    let spec = merged.ok_or_else(|| LabError::Input("no run directories given".into()))?;
    records.sort_by_key(|r| r.index);
    for w in records.windows(2) {
        if w[0].index == w[1].index {
            return Err(LabError::Input(format!(
                "game {} appears in two shards",
                w[0].index
            )));
        }
    }
    let missing = spec.games.saturating_sub(records.len() as u64);
    if missing > 0 {
        return Err(LabError::Input(format!(
            "the shards hold {} of {} games: {missing} missing",
            records.len(),
            spec.games
        )));
    }
    Ok((spec, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: u64) -> GameRecord {
        GameRecord {
            index,
            seed: index,
            scores: vec![1, 0],
            ranks: vec![0, 1],
            decisions: 1,
            rounds: 1,
            branching_sum: 1,
            lead_changes: 0,
            finished: true,
            stuck: false,
            metrics: Default::default(),
        }
    }

    /// A shard whose games.jsonl holds a game outside its slice (edited, or copied from another
    /// run) is refused with the file named, not summarised and not a panic.
    #[test]
    fn merge_refuses_a_game_outside_its_shard() {
        let dir = std::env::temp_dir().join(format!("silk-lab-merge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let spec = |k| RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 2,
            shard: Some(Shard { k, n: 2 }),
        };
        let (a, b) = (dir.join("a"), dir.join("b"));
        let recs_a = [record(0), record(5)];
        let recs_b = [record(1)];
        for (d, k, recs) in [(&a, 1, &recs_a[..]), (&b, 2, &recs_b[..])] {
            let s = spec(k);
            write_run(d, &s, recs, &Summary::of(&s, recs)).unwrap();
        }
        let err = merge(&[a.as_path(), b.as_path()]).unwrap_err().to_string();
        assert!(err.contains("game 5") && err.contains("a"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
