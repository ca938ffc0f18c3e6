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

/// The records of a [`Merge`] pulled one at a time, in game order (each checked as
/// [`Merge::each`] checks them): for a reader that takes a run's games a slice at a time.
pub struct Cursor {
    spec: RunSpec,
    /// The run's [`RunSpec::id`], which every record must name.
    run: String,
    dirs: std::vec::IntoIter<(std::path::PathBuf, std::ops::Range<u64>)>,
    open: Option<Open>,
}

/// The shard being read: its reader (closed while parked, to be reopened at `offset`), its
/// games and the next one expected.
struct Open {
    dir: std::path::PathBuf,
    reader: Option<std::io::BufReader<std::fs::File>>,
    offset: u64,
    slice: std::ops::Range<u64>,
    next: u64,
    line: u64,
}

impl Merge {
    /// The whole run's records, pulled one at a time.
    pub fn cursor(self) -> Cursor {
        Cursor {
            run: self.spec.id(),
            spec: self.spec,
            dirs: self.dirs.into_iter(),
            open: None,
        }
    }
}

impl Cursor {
    /// The next game's record, or `None` after the last game of the run.
    pub fn next_record(&mut self) -> Result<Option<GameRecord>, LabError> {
        let mut text = String::new();
        loop {
            let Some(o) = self.open.as_mut() else {
                let Some((dir, slice)) = self.dirs.next() else {
                    return Ok(None);
                };
                self.open = Some(Open {
                    dir,
                    reader: None,
                    offset: 0,
                    next: slice.start,
                    slice,
                    line: 0,
                });
                continue;
            };
            let path = o.dir.join("games.jsonl");
            let reader = match o.reader.as_mut() {
                Some(r) => r,
                None => {
                    use std::io::Seek;
                    let io =
                        |e: std::io::Error| LabError::Input(format!("{}: {e}", path.display()));
                    let mut f = std::fs::File::open(&path).map_err(io)?;
                    f.seek(std::io::SeekFrom::Start(o.offset)).map_err(io)?;
                    o.reader.insert(std::io::BufReader::new(f))
                }
            };
            o.line += 1;
            let at = |e: &dyn std::fmt::Display| {
                LabError::Input(format!("{}: line {}: {e}", path.display(), o.line))
            };
            let more =
                silk_core::files::read_line(reader, &mut text, silk_core::files::Limit::RECORD)
                    .map_err(|e| at(&e))?;
            if !more {
                if o.next != o.slice.end {
                    return Err(LabError::Input(format!(
                        "{}: holds games {}..{} of {}..{}: {} missing",
                        o.dir.display(),
                        o.slice.start,
                        o.next,
                        o.slice.start,
                        o.slice.end,
                        o.slice.end - o.next
                    )));
                }
                self.open = None;
                continue;
            }
            if text.trim().is_empty() {
                continue;
            }
            let r: GameRecord = serde_json::from_str(&text).map_err(|e| at(&e))?;
            r.check(&self.spec, &self.run).map_err(|e| at(&e))?;
            if r.index != o.next || r.index >= o.slice.end {
                return Err(at(&format!(
                    "game {} where game {} was expected (this shard's games are {}..{})",
                    r.index, o.next, o.slice.start, o.slice.end
                )));
            }
            o.next += 1;
            return Ok(Some(r));
        }
    }

    /// Closes the file being read until the next record is asked for: a reader of many runs
    /// at once (a merged sweep of thousands of settings) holds no file open between slices.
    pub fn park(&mut self) -> Result<(), LabError> {
        use std::io::Seek;
        if let Some(o) = self.open.as_mut() {
            if let Some(mut r) = o.reader.take() {
                o.offset = r.stream_position().map_err(|e| {
                    LabError::Input(format!("{}: {e}", o.dir.join("games.jsonl").display()))
                })?;
            }
        }
        Ok(())
    }
}
