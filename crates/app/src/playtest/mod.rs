//! Playtests (issue 47): a game people play is kept as a record the lab reads. The record is a
//! replay (the save format, so `silk replay` shows it) with who sat where, when it started,
//! where, and how long each decision took; it is written as the game goes, like a save
//! ([`SaveFile`]): a crash keeps it up to the last move, and a game that stops before its end
//! reads as unfinished. `silk playtests DIR` reads a folder of them as a book ([`book`]).

pub mod book;
pub mod feedback;
mod figures;
pub mod imitate;
pub mod matching;
pub mod phone;
pub mod table_book;
pub mod table_record;

use crate::error::{CliError, CliResult};
use crate::output::Out;
use crate::save::SaveFile;
use silk_core::{Game, LoggedMove, Playtest, PlaytestSeat, Replay};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Where and how a game with people is recorded (`silk play`'s `--playtests`, `--names`,
/// `--place`).
#[derive(Clone, Debug, Default)]
pub struct PlaytestOptions {
    /// The folder of records; `None`: `playtests/` beside the save (no save, no record).
    pub dir: Option<PathBuf>,
    /// No record at all (`--no-playtest`).
    pub off: bool,
    /// The players' names in seat order (the seat labels where missing).
    pub names: Vec<String>,
    /// Where the group plays.
    pub place: Option<String>,
    /// Ask the people the playtest questions after the result even when the moves come from
    /// a script (`--feedback`; a person at a terminal is always asked).
    pub feedback: bool,
}

impl PlaytestOptions {
    /// The record's path for a game saved in `save` (if any), or `None` when it is not
    /// recorded: beside the save, `playtests/` holds a record of the save's name; with
    /// `--playtests DIR` and no save, the record is named after when, what and which seed.
    pub fn path(
        &self,
        save: Option<&Path>,
        game: &str,
        seed: u64,
        started: &str,
    ) -> Option<PathBuf> {
        if self.off {
            return None;
        }
        let dir = match (&self.dir, save) {
            (Some(d), _) => d.clone(),
            (None, Some(s)) => s.parent().unwrap_or(Path::new("")).join("playtests"),
            (None, None) => return None,
        };
        let name = match save.and_then(|s| s.file_name()) {
            Some(n) => PathBuf::from(n),
            None => PathBuf::from(format!("{}-{game}-{seed}.json", started.replace(':', ""))),
        };
        Some(dir.join(name))
    }
}

/// The record of one game with people, written as it is played.
pub struct Recorder<G: Game> {
    replay: Replay<G>,
    file: SaveFile,
    asked: Instant,
}

impl<G: Game> Recorder<G> {
    /// Starts (or, for a resumed game whose record is there, continues) the record of
    /// `replay` at `path`: its header names who decides for each seat (`players`: `human` or
    /// a bot's name), and the moves already played keep the times the record had for them.
    pub fn start(
        path: &Path,
        replay: &Replay<G>,
        players: &[String],
        opts: &PlaytestOptions,
        out: &mut Out,
    ) -> CliResult<Recorder<G>> {
        make_folder_of(path)?;
        let before = path
            .is_file()
            .then(|| Replay::<G>::load(path))
            .transpose()
            .map_err(|e| CliError::input(format!("{e} (the playtest record of this game)")))?;
        let mut record = replay.clone();
        record.playtest = Some(match before.as_ref().and_then(|b| b.playtest.clone()) {
            Some(kept) => kept,
            None => Playtest {
                started: utc_now(),
                place: opts.place.clone(),
                seats: players
                    .iter()
                    .enumerate()
                    .map(|(i, player)| PlaytestSeat {
                        name: opts
                            .names
                            .get(i)
                            .map(|n| n.trim().to_string())
                            .filter(|n| !n.is_empty())
                            .unwrap_or_else(|| silk_core::Seat(i as u8).to_string()),
                        player: player.clone(),
                    })
                    .collect(),
                feedback: Vec::new(),
            },
        });
        // Times of the moves the record already had, while they agree with the game's.
        if let Some(b) = &before {
            for (m, old) in record.moves.iter_mut().zip(&b.moves) {
                if (m.seat, &m.action) != (old.seat, &old.action) {
                    break;
                }
                m.ms = old.ms;
            }
        }
        let file = match before {
            Some(_) => SaveFile::at(path, &record, out)?,
            None => SaveFile::create(path, false, &record, out)?,
        };
        Ok(Recorder {
            replay: record,
            file,
            asked: Instant::now(),
        })
    }

    /// Where the record is kept.
    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// A seat is asked to decide: its time runs from now.
    pub fn asked(&mut self) {
        self.asked = Instant::now();
    }

    /// The decision `m` was made: kept with its time, on disk at once if `at_once` (a person's
    /// entry, the end of the game), a bot's in batches as a save keeps them.
    pub fn decided(&mut self, m: &LoggedMove, at_once: bool) -> CliResult<()> {
        self.replay.moves.push(LoggedMove {
            ms: Some(self.asked.elapsed().as_millis() as u64),
            ..m.clone()
        });
        self.file.after_move(&self.replay, at_once)
    }

    /// The seats' names, in order.
    pub fn names(&self) -> Vec<String> {
        self.replay.playtest.as_ref().map_or_else(Vec::new, |p| {
            p.seats.iter().map(|s| s.name.clone()).collect()
        })
    }

    /// The answers the record holds so far.
    pub fn feedback(&self) -> &[silk_core::Feedback] {
        self.replay
            .playtest
            .as_ref()
            .map_or(&[], |p| p.feedback.as_slice())
    }

    /// A person's answers, kept with the record at once.
    pub fn add_feedback(&mut self, f: silk_core::Feedback) -> CliResult<()> {
        if let Some(p) = self.replay.playtest.as_mut() {
            p.keep_feedback(f);
        }
        self.file.rewrite_with_header(&self.replay)
    }

    /// The game's moves are now `moves` (an undo took some back): the record keeps those, with
    /// the times it had for them.
    pub fn take_back_to(&mut self, moves: usize) -> CliResult<()> {
        self.replay.moves.truncate(moves);
        self.file.rewrite(&self.replay)
    }

    /// Every decision kept so far on disk: before a person is asked, and when the game stops.
    pub fn flush(&mut self) -> CliResult<()> {
        self.file.flush(&self.replay)
    }
}

/// Makes the folder a record goes in (the playtests folder is silk's own, made when first
/// needed).
fn make_folder_of(path: &Path) -> CliResult<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    }
    Ok(())
}

/// Now, in UTC, to the second: `2026-12-05T20:14:03Z`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_text(secs)
}

/// The UTC time `secs` seconds after 1970 began, as [`utc_now`] writes it.
fn utc_text(secs: u64) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days to a civil date (the proleptic Gregorian calendar), in 400-year eras.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_text_writes_known_instants() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_text(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_text(1_796_501_643), "2026-12-05T20:14:03Z");
    }

    #[test]
    fn a_record_lies_beside_the_save_or_in_the_folder_named() {
        let beside = PlaytestOptions::default();
        let save = Path::new("games/evening.json");
        assert_eq!(
            beside.path(Some(save), "cities", 1, "2026-12-05T20:14:03Z"),
            Some(PathBuf::from("games/playtests/evening.json"))
        );
        assert_eq!(beside.path(None, "cities", 1, "x"), None);
        let named = PlaytestOptions {
            dir: Some("book".into()),
            ..PlaytestOptions::default()
        };
        assert_eq!(
            named.path(None, "cities", 7, "2026-12-05T20:14:03Z"),
            Some(PathBuf::from("book/2026-12-05T201403Z-cities-7.json"))
        );
        let off = PlaytestOptions { off: true, ..named };
        assert_eq!(off.path(Some(save), "cities", 1, "x"), None);
    }
}
