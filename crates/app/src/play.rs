//! `silk play`: humans and bots at one table. Each human sees only their own seat's view;
//! narration shows only what the humans at the table may see.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
pub use crate::hot_seat::MoveSource;
use crate::hot_seat::{self, HotSeat};
use crate::narrate::Narration;
pub use crate::narrate::{outcome_text, print_outcome};
use crate::output::Out;
use silk_core::lock::FileLock;
use silk_core::{next_decider, Game, Player, Replay, Seat, ToMove};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Who sits in a seat.
pub enum SeatKind<G: Game> {
    Human,
    Bot(String, Box<dyn Player<G>>),
}

pub struct PlayOptions {
    /// Where the replay is kept: rewritten after every move (see [`SaveFile`]).
    pub save: Option<PathBuf>,
    /// Overwrite an existing `save` file instead of refusing it.
    pub force: bool,
    /// The game continues the moves already in `save` (`--resume`): the file is not new.
    pub resumed: bool,
    pub max_decisions: u64,
    /// Game assists in a human's view (Splendor: what is affordable, what remains to pay);
    /// off in competitor mode.
    pub assist: bool,
}

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
        // The header as serde writes it, with the moves then added one compact line each.
        let head = Replay::<G>::new(replay.config.clone(), replay.seed).to_json();
        let text = head
            .strip_suffix("[]\n}")
            .filter(|h| h.ends_with("\"moves\": "))
            .ok_or_else(|| CliError::Internal("unexpected replay layout".into()))?
            .to_string()
            + "[";
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

/// Plays one game to the end (or until the humans stop) and prints the outcome. `replay`
/// holds the config, the seed and, for a resumed game, the moves so far: they are replayed
/// first. With `opts.save` a person's every entry, and every move before a person is asked, is
/// on disk at once; bots' moves in batches ([`SaveFile`]).
pub fn run<G: CliGame>(
    mut replay: Replay<G>,
    mut seats: Vec<SeatKind<G>>,
    mut source: MoveSource,
    opts: &PlayOptions,
    out: &mut Out,
) -> CliResult<()> {
    let origin = match &opts.save {
        Some(p) => p.display().to_string(),
        None => "the game".into(),
    };
    let mut state = replay.run(&origin)?;
    let n = G::num_seats(&state);
    if seats.len() != n {
        return Err(CliError::input(format!(
            "{} seats configured for a {n}-player game",
            seats.len()
        )));
    }
    // Written now: a path that cannot be written fails before any move is played.
    let mut save = match &opts.save {
        Some(path) if opts.resumed => Some(SaveFile::at(path, &replay, out)?),
        Some(path) => Some(SaveFile::create(path, opts.force, &replay, out)?),
        None => None,
    };
    let mut result = play_on(
        &mut replay,
        &mut state,
        &mut seats,
        &mut source,
        &mut save,
        opts,
        out,
    );
    // Bots' moves still waiting (see `SaveFile`) go to disk whatever stopped the game.
    if let Some(s) = save.as_mut() {
        let flushed = s.flush(&replay);
        if result.is_ok() {
            result = flushed;
        }
    }
    // Whatever stopped the game, every move played is in the file: say how to continue it.
    let unfinished = next_decider(G::to_move(&state)).is_some();
    match (&save, unfinished) {
        (Some(s), true) => {
            let hint = format!(
                "{} moves saved in {}: continue with silk play {} --resume {}",
                replay.moves.len(),
                s.path.display(),
                G::NAME,
                s.path.display()
            );
            match result {
                Err(CliError::Input(m)) => Err(CliError::Input(format!("{m} ({hint})"))),
                Err(e) => Err(e),
                Ok(()) => {
                    out.message(&hint);
                    Ok(())
                }
            }
        }
        _ => result,
    }
}

fn play_on<G: CliGame>(
    replay: &mut Replay<G>,
    state: &mut G::State,
    seats: &mut [SeatKind<G>],
    source: &mut MoveSource,
    save: &mut Option<SaveFile>,
    opts: &PlayOptions,
    out: &mut Out,
) -> CliResult<()> {
    let n = G::num_seats(state);
    let humans: Vec<Seat> = Seat::all(n)
        .filter(|s| matches!(seats[s.index()], SeatKind::Human))
        .collect();
    // With one human the narration is theirs; with several (hot seat) or none, it is public.
    let viewer = if humans.len() == 1 {
        Some(humans[0])
    } else {
        None
    };
    let mut narration = Narration::new(viewer);
    let mut hot_seat = HotSeat::new(hot_seat::interactive(source), humans.len(), n);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    out.message(&format!(
        "{} for {n} players, seed {}. Seats: {}",
        G::NAME,
        replay.seed,
        Seat::all(n)
            .map(|s| match &seats[s.index()] {
                SeatKind::Human => format!("{s} human"),
                SeatKind::Bot(name, _) => format!("{s} {name}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    ));
    if opts.resumed {
        // Only a count: the moves may hold secret choices the humans here must not see.
        out.message(&format!(
            "resumed {}: {} moves replayed",
            opts.save.as_deref().unwrap_or(Path::new("")).display(),
            replay.moves.len()
        ));
    } else if let Some(opening) = G::opening(state) {
        narration.header(&opening, out);
    }

    let mut decisions = replay.moves.len() as u64;
    while let Some(seat) = next_decider(G::to_move(state)) {
        if decisions >= opts.max_decisions {
            return Err(CliError::Internal(format!(
                "game did not end in {} decisions",
                opts.max_decisions
            )));
        }
        G::legal_actions(state, seat, &mut legal);
        if legal.is_empty() {
            return Err(CliError::Internal(format!("{seat} has no legal action")));
        }
        let action = match &mut seats[seat.index()] {
            SeatKind::Bot(name, bot) => match bot.try_choose(state, seat, &legal) {
                Ok(a) => a,
                Err(f) => {
                    // The moves so far stay saved; the exit code says the game did not end
                    // (2: the bot's program is at fault, not silk).
                    if let Some(s) = save.as_mut() {
                        s.write(replay, true)?;
                    }
                    return Err(CliError::input(format!(
                        "{seat} ({name}) forfeits: {f}; game left unfinished"
                    )));
                }
            },
            SeatKind::Human => {
                // Every move before a question to a person is on disk before it is asked.
                if let Some(s) = save.as_mut() {
                    s.flush(replay)?;
                }
                let asked = hot_seat.before_view(seat, source, &narration, out)?;
                match asked
                    .then(|| ask_human::<G>(state, seat, &legal, source, opts.assist, out))
                    .transpose()?
                    .flatten()
                {
                    Some(a) => a,
                    None => {
                        out.message("quit: game left unfinished");
                        return Ok(());
                    }
                }
            }
        };
        let text = G::action_to_string(state, action);
        // A simultaneous choice stays secret until the engine reveals it in its events.
        let secret = matches!(G::to_move(state), ToMove::Simultaneous(_)) && Some(seat) != viewer;
        replay.record(state, seat, action);
        events.clear();
        if let Err(e) = G::apply_with(state, seat, action, &mut events) {
            replay.moves.pop();
            return Err(CliError::Internal(format!("{seat} {text:?}: {e}")));
        }
        decisions += 1;
        if let Some(s) = save.as_mut() {
            // A person's entry at once (a sync, about 5 ms: unnoticed between entries); bots'
            // moves in batches.
            let over = next_decider(G::to_move(state)).is_none();
            s.after_move(replay, humans.contains(&seat) || over)?;
        }
        let shown = (!secret).then_some(text.as_str());
        narration.decision::<G>(state, seat, shown, &events, out);
    }
    narration.end::<G>(state, out);
    Ok(())
}

const HUMAN_HELP: &str = "type a number from the list, or the action itself; \
    `list` shows the choices again, `view` your seat's view, `quit` stops (with --save every move is already saved; --resume continues)";

/// Asks a human seat for a move. `None` = the player quit (or stdin closed).
fn ask_human<G: CliGame>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    source: &mut MoveSource,
    assist: bool,
    out: &mut Out,
) -> CliResult<Option<G::Action>> {
    let interactive = matches!(source, MoveSource::Stdin(_));
    if interactive {
        out.prompt(&format!(
            "--- {seat}, your view ---\n{}",
            G::table_text(state, seat, assist)
        ));
        list_choices::<G>(state, legal, out);
    }
    loop {
        let (line_no, line) = match source {
            MoveSource::Stdin(input) => {
                out.prompt_inline(&format!("{seat}> "));
                let mut line = String::new();
                match input.read_line(&mut line) {
                    Ok(0) => return Ok(None),
                    Ok(_) => (0, line.trim().to_string()),
                    Err(e) => return Err(CliError::input(format!("stdin: {e}"))),
                }
            }
            MoveSource::Script { path, lines } => match lines.next() {
                Some(l) => l,
                None => {
                    return Err(CliError::input(format!(
                        "{}: script ended while {seat} was to move",
                        path.display()
                    )))
                }
            },
        };
        let reply = match line.as_str() {
            "" => Err("empty entry".to_string()),
            "help" | "?" => {
                out.prompt(&human_help::<G>(state, seat, legal));
                continue;
            }
            "list" => {
                list_choices::<G>(state, legal, out);
                continue;
            }
            "view" => {
                out.prompt(&G::table_text(state, seat, assist));
                continue;
            }
            "quit" | "exit" => return Ok(None),
            text => parse_choice::<G>(state, seat, legal, text),
        };
        match (reply, &*source) {
            (Ok(a), _) => return Ok(Some(a)),
            (Err(why), MoveSource::Script { path, .. }) => {
                return Err(CliError::input(format!(
                    "{}: line {line_no}: {seat}: {why}",
                    path.display()
                )))
            }
            (Err(why), MoveSource::Stdin(_)) => out.prompt(&why),
        }
    }
}

/// `help`: what is asked, what each choice does, then how to answer.
fn human_help<G: CliGame>(state: &G::State, seat: Seat, legal: &[G::Action]) -> String {
    let mut lines: Vec<String> = G::decision_help(state, seat).into_iter().collect();
    lines.extend(legal.iter().enumerate().map(|(i, &a)| {
        let text = G::action_to_string(state, a);
        let words = G::choice_help(state, seat, a);
        if words.eq_ignore_ascii_case(&text) {
            format!("  {:>2}) {text}", i + 1)
        } else {
            format!("  {:>2}) {text}: {words}", i + 1)
        }
    }));
    lines.push(HUMAN_HELP.to_string());
    lines.join("\n")
}

fn list_choices<G: Game>(state: &G::State, legal: &[G::Action], out: &mut Out) {
    let items: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("  {:>2}) {}", i + 1, G::action_to_string(state, *a)))
        .collect();
    out.prompt(&items.join("\n"));
}

/// A number from the list, or an action string that is legal now.
pub(crate) fn parse_choice<G: Game>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    text: &str,
) -> Result<G::Action, String> {
    if let Ok(k) = text.parse::<usize>() {
        if (1..=legal.len()).contains(&k) {
            return Ok(legal[k - 1]);
        }
    }
    let action = G::parse_action(state, seat, text).map_err(|e| e.to_string())?;
    if legal.contains(&action) {
        return Ok(action);
    }
    let mut probe = state.clone();
    match G::apply(&mut probe, seat, action) {
        Err(e) => Err(format!("not allowed: {e}")),
        Ok(()) => Err("not allowed now".into()),
    }
}
