//! The partial playtest record of a Silk Road game at a real table (issue 47). The table
//! helper hears only what is said aloud, so its record is what it knows: the entries (the
//! first holder, every bid and pass, sold or kept, each city, each tile taken by kind, the
//! Grand Vizier's calls and reveals, the final count), each with the time since the one
//! before, and the people's names. The book reads from it the leader auctions, the tiles taken
//! and the count ([`silk_road::table::Summary`]); nobody's money or goods before the count.
//!
//! It is kept beside the journal (`playtests/JOURNAL.json`, e.g. `game.journal.json`) and rewritten whole at each entry
//! (a small file; temp file, sync, rename), so a crash leaves the last complete version; the
//! journal stays the table's own record and a resumed table writes the same record on.

use super::{utc_now, PlaytestOptions};
use crate::error::{CliError, CliResult};
use crate::output::Out;
use serde::{Deserialize, Serialize};
use silk_core::{Playtest, PlaytestSeat};
use silk_road::table::{Entry, Table};
use silk_road::SilkRoadConfig;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// This format's version, under the key that marks a file as a table's record.
pub const TABLE_RECORD_VERSION: u32 = 1;

/// A Silk Road table's record.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    pub silk_table_record: u32,
    pub game: String,
    pub config: SilkRoadConfig,
    pub any_city: bool,
    pub playtest: Playtest,
    pub entries: Vec<TimedEntry>,
}

/// An entry and how long after the one before (or the start) it came, in milliseconds
/// (absent for entries a record rebuilt from its journal did not see).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimedEntry {
    pub entry: Entry,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
}

impl TableRecord {
    /// The table its entries make; `Err` names the first entry the rules refuse.
    pub fn table(&self) -> Result<Table, String> {
        let names = self.playtest.seats.iter().map(|s| s.name.clone()).collect();
        let mut t = Table::new(names, &self.config, self.any_city).map_err(|e| e.to_string())?;
        for (i, e) in self.entries.iter().enumerate() {
            t.apply(e.entry.clone())
                .map_err(|why| format!("entry {}: {why}", i + 1))?;
        }
        Ok(t)
    }

    /// The table minutes by the record's clock (the entries' times).
    pub fn minutes(&self) -> f64 {
        self.entries.iter().filter_map(|e| e.ms).sum::<u64>() as f64 / 60_000.0
    }

    /// Whether every entry has its time.
    pub fn timed(&self) -> bool {
        self.entries.iter().all(|e| e.ms.is_some())
    }
}

/// The record of one table, written as it is played.
pub struct TableRecorder {
    path: PathBuf,
    record: TableRecord,
    last: Instant,
}

impl TableRecorder {
    /// Starts (or continues, for a resumed table whose record is there) the record of `table`,
    /// whose journal is `journal`; `None` with `--no-playtest`.
    pub fn start(
        journal: &Path,
        table: &Table,
        opts: &PlaytestOptions,
        out: &mut Out,
    ) -> CliResult<Option<TableRecorder>> {
        let started = utc_now();
        let Some(path) = opts.path(Some(journal), "silk-road", 0, &started) else {
            return Ok(None);
        };
        // `game.journal` → `playtests/game.journal.json`: never the name of a save's record.
        let mut name = path.into_os_string();
        name.push(".json");
        let path = PathBuf::from(name);
        super::make_folder_of(&path)?;
        let before: Option<TableRecord> = path
            .is_file()
            .then(|| silk_core::data::read_json(&path))
            .transpose()
            .map_err(|e| CliError::input(format!("{e} (the playtest record of this table)")))?;
        // Times the record had, for the entries on which it agrees with the journal.
        let agree = before.as_ref().map_or(0, |b| {
            b.entries
                .iter()
                .zip(&table.entries)
                .take_while(|(old, e)| old.entry == **e)
                .count()
        });
        let entries = table
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| TimedEntry {
                entry: e.clone(),
                ms: before
                    .as_ref()
                    .filter(|_| i < agree)
                    .and_then(|b| b.entries[i].ms),
            })
            .collect();
        let playtest = match before {
            Some(b) => b.playtest,
            None => Playtest {
                started,
                place: opts.place.clone(),
                seats: table
                    .names
                    .iter()
                    .map(|n| PlaytestSeat {
                        name: n.clone(),
                        player: "human".into(),
                    })
                    .collect(),
                feedback: Vec::new(),
            },
        };
        let r = TableRecorder {
            record: TableRecord {
                silk_table_record: TABLE_RECORD_VERSION,
                game: "silk-road".into(),
                config: table.config().clone(),
                any_city: table.any_city,
                playtest,
                entries,
            },
            path,
            last: Instant::now(),
        };
        r.write()?;
        out.message(&format!(
            "playtest record: {} (silk playtests {} reads the folder)",
            r.path.display(),
            r.path.parent().unwrap_or(Path::new(".")).display()
        ));
        Ok(Some(r))
    }

    /// An entry was accepted (and is in the journal).
    pub fn entered(&mut self, entry: &Entry) -> CliResult<()> {
        let ms = self.last.elapsed().as_millis() as u64;
        self.last = Instant::now();
        self.record.entries.push(TimedEntry {
            entry: entry.clone(),
            ms: Some(ms),
        });
        self.write()
    }

    /// The last entry was undone.
    pub fn undone(&mut self) -> CliResult<()> {
        self.record.entries.pop();
        self.write()
    }

    /// The answers the record holds so far.
    pub fn feedback(&self) -> &[silk_core::Feedback] {
        &self.record.playtest.feedback
    }

    /// A player's answers to the playtest questions, kept at once.
    pub fn add_feedback(&mut self, f: silk_core::Feedback) -> CliResult<()> {
        self.record.playtest.keep_feedback(f);
        self.write()
    }

    fn write(&self) -> CliResult<()> {
        let text = serde_json::to_string_pretty(&self.record)
            .map_err(|e| CliError::Internal(e.to_string()))?;
        crate::save::replace_file(&self.path, text.as_bytes())
    }
}
