//! `silk lab merge`: the shards of one run, checked to be the same run and to cover it exactly,
//! read back as the whole run's records in index order.

use crate::rundir::{read_records, read_spec};
use crate::{GameRecord, LabError, RunSpec};
use std::path::Path;

/// Shard directories that together make one run, in the order of their games.
pub struct Merge {
    pub spec: RunSpec,
    dirs: Vec<(std::path::PathBuf, std::ops::Range<u64>)>,
}

impl Merge {
    /// Reads every `run.json` and checks the shards are slices of the same run that cover it
    /// exactly, before any record is read.
    pub fn open(dirs: &[&Path]) -> Result<Merge, LabError> {
        let mut merged: Option<RunSpec> = None;
        let mut slices = Vec::new();
        for dir in dirs {
            let spec = read_spec(dir)?;
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
            slices.push((dir.to_path_buf(), spec.indices()));
        }
        let spec = merged.ok_or_else(|| LabError::Input("no run directories given".into()))?;
        slices.sort_by_key(|(_, r)| (r.start, r.end));
        let mut next = 0u64;
        for (dir, r) in &slices {
            if r.start < next {
                return Err(LabError::Input(format!(
                    "{}: games {}..{} appear in two shards",
                    dir.display(),
                    r.start,
                    next.min(r.end)
                )));
            }
            if r.start > next {
                return Err(LabError::Input(format!(
                    "games {next}..{} are missing: no shard holds them",
                    r.start
                )));
            }
            next = r.end;
        }
        if next < spec.games {
            return Err(LabError::Input(format!(
                "games {next}..{} are missing: no shard holds them",
                spec.games
            )));
        }
        Ok(Merge { spec, dirs: slices })
    }

    /// The shard directories, each with the games it holds, in game order.
    pub fn shards(&self) -> &[(std::path::PathBuf, std::ops::Range<u64>)] {
        &self.dirs
    }

    /// Hands every record to `each` in game order, checking each shard holds exactly its games.
    pub fn each(
        &self,
        each: &mut dyn FnMut(GameRecord) -> Result<(), LabError>,
    ) -> Result<(), LabError> {
        for (dir, slice) in &self.dirs {
            let mut expected = slice.start;
            read_records(dir, &self.spec, &mut |r| {
                if r.index != expected {
                    return Err(LabError::Input(format!(
                        "{}: game {} where game {expected} was expected (this run's games are {}..{})",
                        dir.display(),
                        r.index,
                        slice.start,
                        slice.end
                    )));
                }
                expected += 1;
                each(r)
            })?;
            if expected != slice.end {
                return Err(LabError::Input(format!(
                    "{}: holds games {}..{expected} of {}..{}: {} missing",
                    dir.display(),
                    slice.start,
                    slice.start,
                    slice.end,
                    slice.end - expected
                )));
            }
        }
        Ok(())
    }
}

/// Combines shard directories into one run in memory (see [`Merge`] for long runs).
pub fn merge(dirs: &[&Path]) -> Result<(RunSpec, Vec<GameRecord>), LabError> {
    let m = Merge::open(dirs)?;
    let mut records = Vec::new();
    m.each(&mut |r| {
        records.push(r);
        Ok(())
    })?;
    Ok((m.spec, records))
}
