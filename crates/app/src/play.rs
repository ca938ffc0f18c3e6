//! `silk play`: humans and bots at one table. Each human sees only their own seat's view;
//! narration shows only what the humans at the table may see.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
pub use crate::hot_seat::MoveSource;
use crate::hot_seat::{self, HotSeat};
use crate::narrate::Narration;
pub use crate::narrate::{outcome_text, print_outcome};
use crate::output::Out;
use crate::playtest::{feedback, Recorder};
#[cfg(any(test, feature = "testing"))]
pub use crate::save::SAVES;
pub use crate::save::{load_resume, SaveFile, BOT_BATCH};
use silk_core::{next_decider, Game, Player, Replay, Seat, ToMove};
use std::io::BufRead;
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
    /// Where a game with people is recorded as a playtest.
    pub playtest: crate::playtest::PlaytestOptions,
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
    let save = match &opts.save {
        Some(path) if opts.resumed => Some(SaveFile::at(path, &replay, out)?),
        Some(path) => Some(SaveFile::create(path, opts.force, &replay, out)?),
        None => None,
    };
    let record = playtest_record(&replay, &seats, (opts.save.as_deref(), &opts.playtest), out)?;
    let mut kept = Kept { save, record };
    let mut result = play_on(
        &mut replay,
        &mut state,
        &mut seats,
        &mut source,
        &mut kept,
        opts,
        out,
    );
    // Bots' moves still waiting (see `SaveFile`) go to disk whatever stopped the game.
    let flushed = kept.flush(&replay);
    if result.is_ok() {
        result = flushed;
    }
    // A finished game with a record: the people's playtest answers, kept with it.
    let over = next_decider(G::to_move(&state)).is_none();
    if let (true, true, Some(r)) = (result.is_ok(), over, kept.record.as_mut()) {
        let tty = hot_seat::interactive(&source);
        if tty || opts.playtest.feedback {
            result = ask_feedback(r, &replay, &state, &seats, (&mut source, tty), out);
        }
    }
    let save = kept.save;
    // Whatever stopped the game, every move played is in the file: say how to continue it.
    let unfinished = next_decider(G::to_move(&state)).is_some();
    match (&save, unfinished) {
        (Some(s), true) => {
            let hint = format!(
                "{} moves saved in {}: continue with silk play {} --resume {}",
                replay.moves.len(),
                s.path().display(),
                G::NAME,
                s.path().display()
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

/// The playtest record of a game with a person in it, saved in `save` (if any), where
/// `playtest` keeps one (said on stderr).
pub fn playtest_record<G: CliGame>(
    replay: &Replay<G>,
    seats: &[SeatKind<G>],
    (save, playtest): (Option<&Path>, &crate::playtest::PlaytestOptions),
    out: &mut Out,
) -> CliResult<Option<Recorder<G>>> {
    if !seats.iter().any(|s| matches!(s, SeatKind::Human)) {
        return Ok(None);
    }
    let started = crate::playtest::utc_now();
    let Some(path) = playtest.path(save, G::NAME, replay.seed, &started) else {
        return Ok(None);
    };
    let players: Vec<String> = seats
        .iter()
        .map(|s| match s {
            SeatKind::Human => "human".into(),
            SeatKind::Bot(name, _) => name.clone(),
        })
        .collect();
    let record = Recorder::start(&path, replay, &players, playtest, out)?;
    out.message(&format!(
        "playtest record: {} (silk playtests {} reads the folder)",
        record.path().display(),
        path.parent().unwrap_or(Path::new(".")).display()
    ));
    Ok(Some(record))
}

/// Asks each person at the table the playtest questions, in seat order, and keeps each
/// one's answers with the record as they are given.
fn ask_feedback<G: CliGame>(
    record: &mut Recorder<G>,
    replay: &Replay<G>,
    state: &G::State,
    seats: &[SeatKind<G>],
    (source, tty): (&mut MoveSource, bool),
    out: &mut Out,
) -> CliResult<()> {
    let sections = feedback::rule_sections(&G::rules_text(&replay.config));
    let names = record.names();
    let rounds = G::round(state);
    for (i, seat) in seats.iter().enumerate() {
        if !matches!(seat, SeatKind::Human) {
            continue;
        }
        let seat = Seat(i as u8);
        let name = names.get(i).cloned().unwrap_or_else(|| seat.to_string());
        if let Some(f) = feedback::ask_player((seat, &name), rounds, &sections, (source, tty), out)?
        {
            record.add_feedback(f)?;
        }
    }
    Ok(())
}

/// Where a game is kept as it is played: its save, its playtest record (either may be absent).
struct Kept<G: Game> {
    save: Option<SaveFile>,
    record: Option<Recorder<G>>,
}

impl<G: Game> Kept<G> {
    /// Every move played so far on disk.
    fn flush(&mut self, replay: &Replay<G>) -> CliResult<()> {
        if let Some(s) = self.save.as_mut() {
            s.flush(replay)?;
        }
        match self.record.as_mut() {
            Some(r) => r.flush(),
            None => Ok(()),
        }
    }

    /// The move just recorded in `replay` kept: at once if `at_once`, else in a batch.
    fn after_move(&mut self, replay: &Replay<G>, at_once: bool) -> CliResult<()> {
        if let Some(s) = self.save.as_mut() {
            s.after_move(replay, at_once)?;
        }
        match (self.record.as_mut(), replay.moves.last()) {
            (Some(r), Some(m)) => r.decided(m, at_once),
            _ => Ok(()),
        }
    }
}

/// The first lines of a game: who sits where, and the opening (or, resumed, how far it got).
fn greet<G: CliGame>(
    replay: &Replay<G>,
    state: &G::State,
    seats: &[SeatKind<G>],
    (opts, narration): (&PlayOptions, &mut Narration),
    out: &mut Out,
) {
    let n = seats.len();
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
}

fn play_on<G: CliGame>(
    replay: &mut Replay<G>,
    state: &mut G::State,
    seats: &mut [SeatKind<G>],
    source: &mut MoveSource,
    kept: &mut Kept<G>,
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
    greet(replay, state, seats, (opts, &mut narration), out);

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
        if let Some(r) = kept.record.as_mut() {
            r.asked();
        }
        let action = match &mut seats[seat.index()] {
            SeatKind::Bot(name, bot) => match bot.try_choose(state, seat, &legal) {
                Ok(a) => a,
                Err(f) => {
                    // The moves so far stay saved; the exit code says the game did not end
                    // (2: the bot's program is at fault, not silk).
                    kept.flush(replay)?;
                    return Err(CliError::input(format!(
                        "{seat} ({name}) forfeits: {f}; game left unfinished"
                    )));
                }
            },
            SeatKind::Human => {
                // Every move before a question to a person is on disk before it is asked.
                kept.flush(replay)?;
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
        // A person's entry at once (a sync, about 5 ms: unnoticed between entries); bots'
        // moves in batches.
        let at_once = humans.contains(&seat) || next_decider(G::to_move(state)).is_none();
        kept.after_move(replay, at_once)?;
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
