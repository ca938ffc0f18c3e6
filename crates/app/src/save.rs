//! A game kept on disk as it is played (`silk play --save`, a table's save, a playtest's
//! record): the replay rewritten whole after each move, so a killed process never loses it.

use crate::error::{CliError, CliResult};
use crate::output::Out;
use silk_core::lock::FileLock;
use silk_core::{Game, Replay};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The replay on disk. Each save writes the whole replay to `FILE.tmp`, syncs it and renames it
/// over `FILE`: a rename is atomic, so at every moment `FILE` is a complete replay (the previous
/// one or the new one) whatever kills the process, and the format stays the one `silk replay`
/// has always read. The text is kept in memory and grows by one line per move, so a save costs
/// one write, one sync and one rename, not a new serialisation of the whole game.
///
/// What a person enters is saved at once ([`SaveFile::after_move`]), and so is every move
/// before a person is asked ([`SaveFile::flush`]): no entry of a person, and no position a
/// person was asked to play from, is ever lost. Bots' moves in between are saved together, every [`BOT_BATCH`] moves and when the
/// game stops, since a save per move (a write and a rename each) made a bots-only Cities game
/// about 90 times slower; a crash loses at most those, and `--resume` has the bots play them
/// again.
pub struct SaveFile {
    path: PathBuf,
    tmp: PathBuf,
    /// The replay's JSON without its closing `]}`: everything up to the last move.
    text: String,
    moves: usize,
    /// The header alone (no move), for a save rewritten after an undo.
    head: String,
    /// Held while the game is played: a second `--resume` of the same file is refused.
    _lock: FileLock,
}

/// Bots' moves saved together at most (see [`SaveFile`]).
pub const BOT_BATCH: usize = 256;

#[cfg(any(test, feature = "testing"))]
thread_local! {
    /// Every save this thread made, as (moves in the file, synced): the tests count them.
    pub static SAVES: std::cell::RefCell<Vec<(usize, bool)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl SaveFile {
    /// Where the game is kept.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Claims `path` for a new game: an existing file is refused unless `force`, before any
    /// move is played (so is a path that cannot be written). The file is never empty: the
    /// lock settles which of two sessions saving to one new path gets it, then the header is
    /// written whole (temp file, rename) before the first prompt. An empty file holds no game
    /// (an older silk killed as it started left one): it is taken like a new path.
    pub fn create<G: Game>(
        path: &Path,
        force: bool,
        replay: &Replay<G>,
        out: &mut Out,
    ) -> CliResult<Self> {
        let shown = path.display();
        let lock = crate::lock::take(path, out)?;
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Err(CliError::input(format!("{shown}: a directory"))),
            Ok(m) if m.len() > 0 && !force => Err(CliError::input(format!(
                "{shown} already exists: continue it with --resume {shown}, overwrite it with --force, or save elsewhere"
            ))),
            _ => Self::locked(path, replay, lock),
        }
    }

    /// The file for `replay` (new, or resumed from this file), written at once.
    pub fn at<G: Game>(path: &Path, replay: &Replay<G>, out: &mut Out) -> CliResult<Self> {
        let lock = crate::lock::take(path, out)?;
        Self::locked(path, replay, lock)
    }

    fn locked<G: Game>(path: &Path, replay: &Replay<G>, lock: FileLock) -> CliResult<Self> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let text = head_text(replay)?;
        let mut file = SaveFile {
            path: path.to_path_buf(),
            tmp: PathBuf::from(tmp),
            head: text.clone(),
            text,
            moves: 0,
            _lock: lock,
        };
        file.write(replay, true)?;
        Ok(file)
    }

    /// Saves `replay` after a move: at once if a person entered it (with any bots' moves before
    /// it), or when the game is over; a bot's move once [`BOT_BATCH`] wait.
    pub fn after_move<G: Game>(&mut self, replay: &Replay<G>, at_once: bool) -> CliResult<()> {
        if at_once || replay.moves.len() >= self.moves + BOT_BATCH {
            self.write(replay, true)
        } else {
            Ok(())
        }
    }

    /// Saves the moves not yet on disk, if any: before a person is asked, and when the game
    /// stops.
    pub fn flush<G: Game>(&mut self, replay: &Replay<G>) -> CliResult<()> {
        if replay.moves.len() > self.moves {
            self.write(replay, true)
        } else {
            Ok(())
        }
    }

    /// Saves `replay` whole with its header written again (a playtest's feedback added).
    pub fn rewrite_with_header<G: Game>(&mut self, replay: &Replay<G>) -> CliResult<()> {
        self.head = head_text(replay)?;
        self.rewrite(replay)
    }

    /// Saves `replay` whole, its moves no longer extending those saved (after an undo).
    pub fn rewrite<G: Game>(&mut self, replay: &Replay<G>) -> CliResult<()> {
        self.text = self.head.clone();
        self.moves = 0;
        self.write(replay, true)
    }

    /// Saves `replay`, whose moves extend those already saved. `sync`: on disk before the
    /// rename, so that not even a power cut loses it (a killed process never loses a save).
    pub fn write<G: Game>(&mut self, replay: &Replay<G>, sync: bool) -> CliResult<()> {
        for m in &replay.moves[self.moves..] {
            let line = serde_json::to_string(m).map_err(|e| CliError::Internal(e.to_string()))?;
            self.text += if self.moves == 0 { "\n    " } else { ",\n    " };
            self.text += &line;
            self.moves += 1;
        }
        let end = if self.moves == 0 {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        };
        let io = |e: std::io::Error| CliError::input(format!("{}: {e}", self.tmp.display()));
        let mut f = silk_core::files::create_temp(&self.tmp).map_err(io)?;
        f.write_all(self.text.as_bytes())
            .and_then(|_| f.write_all(end.as_bytes()))
            .and_then(|_| if sync { f.sync_data() } else { Ok(()) })
            .map_err(io)?;
        drop(f);
        #[cfg(any(test, feature = "testing"))]
        SAVES.with(|s| s.borrow_mut().push((self.moves, sync)));
        std::fs::rename(&self.tmp, &self.path)
            .map_err(|e| CliError::input(format!("{}: {e}", self.path.display())))
    }
}

/// `replay`'s header as serde writes it, up to the opening of its moves (which are then
/// added one compact line each).
fn head_text<G: Game>(replay: &Replay<G>) -> CliResult<String> {
    let mut header = Replay::<G>::new(replay.config.clone(), replay.seed);
    header.playtest = replay.playtest.clone();
    let head = header.to_json();
    Ok(head
        .strip_suffix("[]\n}")
        .filter(|h| h.ends_with("\"moves\": "))
        .ok_or_else(|| CliError::Internal("unexpected replay layout".into()))?
        .to_string()
        + "[")
}

/// The game kept in `path` for `--resume`; an empty file (a session stopped as it started)
/// says how to start a game in it.
pub fn load_resume<G: Game>(path: &Path) -> CliResult<Replay<G>> {
    if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0) {
        let shown = path.display();
        return Err(CliError::input(format!(
            "{shown}: empty, no game saved in it yet (a session stopped as it started): start one in it with --save {shown}"
        )));
    }
    Ok(Replay::<G>::load(path)?)
}

/// Replaces the file at `path` with `text` at once: a temporary file beside it, synced, then
/// renamed into place, so a crash leaves the old file or the new one, never half of either.
pub fn replace_file(path: &Path, text: &[u8]) -> CliResult<()> {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    let tmp = PathBuf::from(name);
    let io = |e: std::io::Error| CliError::input(format!("{}: {e}", tmp.display()));
    let mut f = silk_core::files::create_temp(&tmp).map_err(io)?;
    f.write_all(text).and_then(|_| f.sync_data()).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}
