//! `silk play`: humans and bots at one table. Each human sees only their own seat's view;
//! narration shows only what the humans at the table may see.

use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::output::Out;
use serde_json::json;
use silk_core::{next_decider, Game, Outcome, Player, Replay, Seat, ToMove};
use std::io::BufRead;
use std::path::PathBuf;

/// Who sits in a seat.
pub enum SeatKind<G: Game> {
    Human,
    Bot(String, Box<dyn Player<G>>),
}

/// Where humans' moves come from.
pub enum MoveSource {
    /// Interactive: a bad entry is answered and prompted again.
    Stdin(Box<dyn BufRead>),
    /// A script file, one move per line (`#` comments, blank lines skipped): a bad line is an error.
    Script {
        path: PathBuf,
        lines: std::vec::IntoIter<(usize, String)>,
    },
}

impl MoveSource {
    pub fn script(path: PathBuf) -> CliResult<Self> {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        let lines: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim().to_string()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        Ok(MoveSource::Script {
            path,
            lines: lines.into_iter(),
        })
    }
}

pub struct PlayOptions {
    pub seed: u64,
    pub save: Option<PathBuf>,
    pub max_decisions: u64,
    /// Game assists in a human's view (Splendor: what is affordable, what remains to pay);
    /// off in competitor mode.
    pub assist: bool,
}

/// Plays one game to the end and prints the outcome.
pub fn run<G: CliGame>(
    config: G::Config,
    mut seats: Vec<SeatKind<G>>,
    mut source: MoveSource,
    opts: &PlayOptions,
    out: &mut Out,
) -> CliResult<()> {
    let mut state = G::setup(&config, opts.seed)?;
    let n = G::num_seats(&state);
    if seats.len() != n {
        return Err(CliError::input(format!(
            "{} seats configured for a {n}-player game",
            seats.len()
        )));
    }
    let humans: Vec<Seat> = Seat::all(n)
        .filter(|s| matches!(seats[s.index()], SeatKind::Human))
        .collect();
    // With one human the narration is theirs; with several (hot seat) or none, it is public.
    let viewer = if humans.len() == 1 {
        Some(humans[0])
    } else {
        None
    };
    let mut replay = Replay::<G>::new(config.clone(), opts.seed);
    // Write the (empty) replay now: a path that cannot be written fails before any move is
    // played, not after the game is over.
    save(&replay, opts)?;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    out.message(&format!(
        "{} for {n} players, seed {}. Seats: {}",
        G::NAME,
        opts.seed,
        Seat::all(n)
            .map(|s| match &seats[s.index()] {
                SeatKind::Human => format!("{s} human"),
                SeatKind::Bot(name, _) => format!("{s} {name}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    ));

    let mut decisions = 0u64;
    while let Some(seat) = next_decider(G::to_move(&state)) {
        if decisions >= opts.max_decisions {
            return Err(CliError::Internal(format!(
                "game did not end in {} decisions",
                opts.max_decisions
            )));
        }
        G::legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            return Err(CliError::Internal(format!("{seat} has no legal action")));
        }
        let action = match &mut seats[seat.index()] {
            SeatKind::Bot(_, bot) => bot.choose(&state, seat, &legal),
            SeatKind::Human => {
                match ask_human::<G>(&state, seat, &legal, &mut source, opts.assist, out)? {
                    Some(a) => a,
                    None => {
                        save(&replay, opts)?;
                        out.message("quit: game left unfinished");
                        return Ok(());
                    }
                }
            }
        };
        let text = G::action_to_string(&state, action);
        // A simultaneous choice stays secret until the engine reveals it in its events.
        let secret = matches!(G::to_move(&state), ToMove::Simultaneous(_)) && Some(seat) != viewer;
        replay.record(&state, seat, action);
        events.clear();
        G::apply_with(&mut state, seat, action, &mut events)
            .map_err(|e| CliError::Internal(format!("{seat} {text:?}: {e}")))?;
        decisions += 1;
        if secret {
            out.line(
                &format!("{seat} decides"),
                json!({"type": "move", "seat": seat}),
            );
        } else {
            out.line(
                &format!("{seat}: {text}"),
                json!({"type": "move", "seat": seat, "action": text}),
            );
        }
        for e in &events {
            if let Some(t) = G::event_text(&state, e, viewer) {
                out.line(&format!("  {t}"), json!({"type": "event", "text": t}));
            }
        }
    }
    save(&replay, opts)?;
    if let Some(outcome) = G::outcome(&state) {
        print_outcome(&outcome, out);
    }
    Ok(())
}

fn save<G: Game>(replay: &Replay<G>, opts: &PlayOptions) -> CliResult<()> {
    if let Some(path) = &opts.save {
        replay.save(path)?;
    }
    Ok(())
}

pub fn print_outcome(outcome: &Outcome, out: &mut Out) {
    let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
    order.sort_by_key(|&i| (outcome.ranks[i], i));
    let table: Vec<String> = order
        .iter()
        .map(|&i| {
            format!(
                "{}. {} with {}",
                outcome.ranks[i] + 1,
                Seat(i as u8),
                outcome.scores[i]
            )
        })
        .collect();
    let head = if outcome.stuck {
        "Stuck, no winner (nobody could act, or the round cap); standing"
    } else {
        "Final"
    };
    out.line(
        &format!("{head}: {}", table.join("; ")),
        json!({"type": "outcome", "scores": outcome.scores, "ranks": outcome.ranks, "stuck": outcome.stuck}),
    );
}

const HUMAN_HELP: &str = "type a number from the list, or the action itself; \
    `list` shows the choices again, `view` your seat's view, `quit` stops (the replay is saved with --save)";

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
            "help" | "?" => Err(HUMAN_HELP.to_string()),
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

fn list_choices<G: Game>(state: &G::State, legal: &[G::Action], out: &mut Out) {
    let items: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("  {:>2}) {}", i + 1, G::action_to_string(state, *a)))
        .collect();
    out.prompt(&items.join("\n"));
}

/// A number from the list, or an action string that is legal now.
fn parse_choice<G: Game>(
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
