//! `silk playtests DIR`: a folder of playtest records read as a lab run. Each record is played
//! again through the lab's own loop ([`silk_lab::Worker`]), so a game people played is
//! measured exactly as a bot's game is (decided or stalled, length, first player, lead changes,
//! the engine's metrics); the table minutes are the record's own clock. With a handful of games
//! every share carries its exact (Clopper–Pearson) interval and nothing is starred.

use super::figures::{share, spread, wins_by_name};
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::{Forfeit, ForfeitKind, LoggedMove, Player, Playtest, Replay, Seat};
use silk_lab::decided;
use silk_lab::{run_names, Worker};
use silk_lab::{GameRecord, RunSpec};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// One game of the book.
pub struct BookGame {
    /// The record's file name in the folder.
    pub file: String,
    pub playtest: Playtest,
    /// The game as the lab measures it (`finished` false: the record stops before the end).
    pub record: GameRecord,
    /// Minutes at the table by the record's clock: the sum of its decisions' times.
    pub minutes: f64,
    /// Decisions the record has no time for (moves replayed from a plain save).
    pub untimed: usize,
    /// The standings at the end of each round, and the round the game was decided in.
    pub timeline: silk_core::standings::Timeline,
}

impl BookGame {
    /// The names of the seats that won (all who share first place), in a decided game.
    pub fn winners(&self) -> Vec<&str> {
        if !decided(&self.record) {
            return Vec::new();
        }
        self.record
            .ranks
            .iter()
            .zip(&self.playtest.seats)
            .filter(|(&r, _)| r == 0)
            .map(|(_, s)| s.name.as_str())
            .collect()
    }

    /// How the game ended, in words.
    pub fn ending(&self) -> String {
        let r = &self.record;
        if !r.finished {
            format!("unfinished after {} decisions", r.decisions)
        } else if r.stuck {
            "stuck: nobody could act".into()
        } else if r.ended_by.is_some() {
            format!("stalled at the round cap (round {})", r.rounds)
        } else {
            format!("won by {}", self.winners().join(" and "))
        }
    }
}

/// The records of one game in a folder, read and measured.
pub struct Book {
    pub game: &'static str,
    pub dir: PathBuf,
    pub games: Vec<BookGame>,
    /// Files in the folder that are not this game's playtest records, with why.
    pub skipped: Vec<(String, String)>,
    /// How the game's greedy styles agree with the people's decisions.
    pub matching: super::matching::Matching,
    /// Silk Road tables: the table helper's partial records.
    pub tables: Vec<super::table_book::TableGame>,
}

/// `silk playtests DIR`: the book of `game`'s records in `dir` (without `game`, the one game
/// the folder's records play), written to `out` as text or JSON, and as a page to `html`
/// (refused if it exists, unless its flag says to replace it).
pub fn run(
    dir: &Path,
    game: Option<GameName>,
    html: Option<(&Path, bool)>,
    out: &mut Out,
) -> CliResult<()> {
    if let Some((path, force)) = html {
        // Refused before any work if it exists (unless replaced on purpose).
        silk_lab::check_new(path, force)?;
    }
    let game = match game {
        Some(g) => g,
        None => only_game(dir)?,
    };
    with_game!(game, G => {
        let (text, value) = read::<G>(dir)?.render::<G>();
        if let Some((path, _)) = html {
            silk_lab::write_atomic(path, silk_lab::report::book_html(&value).as_bytes())?;
            out.message(&format!("wrote {}", path.display()));
        }
        out.doc(&text, &value);
        Ok(())
    })
}

/// The one game the records in `dir` play (a folder of several asks for one).
fn only_game(dir: &Path) -> CliResult<GameName> {
    let games = games_in(dir)?;
    match games.as_slice() {
        [one] => GameName::named(one).ok_or_else(|| {
            CliError::input(format!(
                "{}: records of {one:?}, a game silk does not play",
                dir.display()
            ))
        }),
        [] => Err(CliError::input(format!(
            "{}: no playtest record here (silk play keeps one for every game with a person in it)",
            dir.display()
        ))),
        many => Err(CliError::input(format!(
            "{}: records of several games ({}): choose one with --game",
            dir.display(),
            many.join(", ")
        ))),
    }
}

/// A file of a folder that is not one of the game's playtest records: its name, and why.
pub type Skipped = (String, String);

/// One playtest record read from a folder: its file name, the game and who played it.
pub struct Record<G: silk_core::Game> {
    pub file: String,
    pub replay: Replay<G>,
    pub playtest: Playtest,
    /// The standings at the end of each round (as `silk replay --timeline`), taken while the
    /// moves were checked.
    pub timeline: silk_core::standings::Timeline,
}

/// Every playtest record of `G` in `dir` (`*.json`, in name order), each checked against the
/// rules (a damaged record is refused with its file and move), and the other files with why
/// they were skipped.
pub fn records<G: CliGame>(dir: &Path) -> CliResult<(Vec<Record<G>>, Vec<Skipped>)> {
    let (kept, skipped, _) = records_and_tables::<G>(dir)?;
    Ok((kept, skipped))
}

/// A folder's texts that are Silk Road tables' partial records, each with its path.
type TableTexts = Vec<(PathBuf, String)>;

/// [`records`], and the texts of the tables' records among the files (each file read once).
fn records_and_tables<G: CliGame>(
    dir: &Path,
) -> CliResult<(Vec<Record<G>>, Vec<Skipped>, TableTexts)> {
    let (mut kept, mut skipped, mut tables) = (Vec::new(), Vec::new(), Vec::new());
    for path in json_files(dir)? {
        let file = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let origin = path.display().to_string();
        let text = silk_core::files::read_text(&path, silk_core::files::Limit::SAVE)
            .map_err(|e| CliError::input(format!("{origin}: {e}")))?;
        if super::table_book::is_table_record(&text) {
            // A Silk Road table's partial record: read by the book's tables section.
            tables.push((path, text));
            continue;
        }
        let why = match header_in(&text) {
            Some((g, true)) if g == G::NAME => None,
            Some((g, true)) => Some(format!("a {g} record")),
            Some((_, false)) => Some("a save, not a playtest record".to_string()),
            None => Some("not a silk record".to_string()),
        };
        if let Some(why) = why {
            skipped.push((file, why));
            continue;
        }
        let replay = Replay::<G>::from_json(&text, &origin)?;
        let Some(playtest) = replay.playtest.clone() else {
            skipped.push((file, "a save, not a playtest record".into()));
            continue;
        };
        // Every move is checked against the rules (a damaged record names its move), and the
        // standings are taken on the way.
        let start = G::setup(&replay.config, replay.seed)?;
        let seats = G::num_seats(&start);
        if playtest.seats.len() != seats {
            return Err(CliError::input(format!(
                "{origin}: playtest.seats: {} seats for the game's {seats}",
                playtest.seats.len(),
            )));
        }
        let mut recorder = silk_core::standings::TimelineRecorder::new::<G>(&start);
        let end = replay.run_each(&origin, |_, after, _| recorder.step::<G>(after))?;
        kept.push(Record {
            file,
            replay,
            playtest,
            timeline: recorder.finish::<G>(&end),
        });
    }
    Ok((kept, skipped, tables))
}

/// The `*.json` files of `dir`, in name order.
fn json_files(dir: &Path) -> CliResult<Vec<PathBuf>> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// Reads every playtest record of `G` in `dir` and measures each game as the lab would.
pub fn read<G: CliGame>(dir: &Path) -> CliResult<Book> {
    let (records, skipped, tables) = records_and_tables::<G>(dir)?;
    let mut book = Book {
        game: G::NAME,
        dir: dir.to_path_buf(),
        games: Vec::new(),
        skipped,
        matching: Default::default(),
        tables: if G::NAME == <crate::games::engines::SilkRoad as silk_core::Game>::NAME {
            super::table_book::read(&tables)?
        } else {
            Vec::new()
        },
    };
    for Record {
        file,
        replay,
        playtest,
        timeline,
    } in records
    {
        let index = book.games.len() as u64;
        let record = measure::<G>(&replay, &playtest, index)?;
        book.matching.count::<G>(&replay, &playtest)?;
        book.games.push(BookGame {
            timeline,
            file,
            minutes: replay.moves.iter().filter_map(|m| m.ms).sum::<u64>() as f64 / 60_000.0,
            untimed: replay.moves.iter().filter(|m| m.ms.is_none()).count(),
            playtest,
            record,
        });
    }
    Ok(book)
}

/// A timeline on one line: each round's scores (`1: 0-1-0 · 2: 1-1-0 …`) and when the game
/// was decided.
fn timeline_text(t: &silk_core::standings::Timeline) -> String {
    let rows: Vec<String> = t
        .rounds
        .iter()
        .map(|r| {
            let s: Vec<String> = r.score.iter().map(|x| x.to_string()).collect();
            format!("{}: {}", r.round, s.join("-"))
        })
        .collect();
    let decided = t.decided_at.map_or(String::new(), |r| {
        format!(" (the order settled after round {r})")
    });
    format!("{} by round: {}{decided}", t.score, rows.join(" · "))
}

/// The games the silk records in `dir` play, each once, in name order.
pub fn games_in(dir: &Path) -> CliResult<Vec<String>> {
    let mut games: Vec<String> = json_files(dir)?
        .iter()
        .filter_map(|p| {
            let text = silk_core::files::read_text(p, silk_core::files::Limit::SAVE).ok()?;
            if super::table_book::is_table_record(&text) {
                return Some("silk-road".to_string());
            }
            header_in(&text)
                .filter(|(_, playtest)| *playtest)
                .map(|(g, _)| g)
        })
        .collect();
    games.sort();
    games.dedup();
    Ok(games)
}

/// The `game` a record's JSON text names, if it is a silk record, and whether it is a
/// playtest's (read without its moves' types).
fn header_in(text: &str) -> Option<(String, bool)> {
    #[derive(serde::Deserialize)]
    struct Header {
        format: String,
        game: String,
        #[serde(default)]
        playtest: Option<serde::de::IgnoredAny>,
    }
    let h: Header = serde_json::from_str(text).ok()?;
    (h.format == "silk-replay").then_some((h.game, h.playtest.is_some()))
}

/// Plays `replay`'s moves again through the lab's loop: the game's record as a run's would be.
pub(crate) fn measure<G: CliGame>(
    replay: &Replay<G>,
    playtest: &Playtest,
    index: u64,
) -> CliResult<GameRecord> {
    let state = G::setup(&replay.config, replay.seed)?;
    let spec = RunSpec {
        game: G::NAME.into(),
        config: serde_json::to_value(&replay.config)
            .map_err(|e| CliError::Internal(e.to_string()))?,
        bots: playtest.seats.iter().map(|s| s.player.clone()).collect(),
        seed: replay.seed,
        games: 1,
        shard: None,
        rotate: false,
    };
    let moves = Rc::new(RefCell::new(
        replay.moves.iter().cloned().collect::<VecDeque<_>>(),
    ));
    let mut players: Vec<Box<dyn Player<G>>> = (0..playtest.seats.len())
        .map(|_| Box::new(Recorded(moves.clone())) as Box<dyn Player<G>>)
        .collect();
    let opts = silk_lab::Options {
        threads: 1,
        max_decisions: replay.moves.len() as u64,
        check: false,
    };
    let mut record = GameRecord::default();
    Worker::<G>::new(&spec, run_names::<G>(&state)).play_from(
        state,
        replay.seed,
        &spec,
        index,
        &mut players,
        opts,
        &mut record,
    )?;
    Ok(record)
}

/// A seat played from the record's moves (shared by every seat: they come in the record's
/// order). The moves were checked against the rules before, so none is refused here.
struct Recorded(Rc<RefCell<VecDeque<LoggedMove>>>);

impl<G: CliGame> Player<G> for Recorded {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        <Self as Player<G>>::try_choose(self, state, seat, legal).unwrap_or(legal[0])
    }

    fn try_choose(
        &mut self,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, Forfeit> {
        let m = self.0.borrow_mut().pop_front();
        let refused = |reason: String| Forfeit {
            kind: ForfeitKind::Illegal,
            reason,
        };
        let m = m.ok_or_else(|| refused("the record has no more moves".into()))?;
        if m.seat != seat {
            return Err(refused(format!(
                "the record has {} move where {seat} is asked",
                m.seat
            )));
        }
        G::parse_action(state, seat, &m.action)
            .ok()
            .filter(|a| legal.contains(a))
            .ok_or_else(|| refused(format!("{:?} is not a legal move here", m.action)))
    }
}

/// Wins by the name at the table over the decided games `dec` (a name may sit in different
/// seats from game to game), each with its exact interval.
fn wins(dec: &[&BookGame]) -> (String, Vec<Value>) {
    let games: Vec<_> = dec.iter().map(|g| (&g.playtest, g.winners())).collect();
    let (rows, json) = wins_by_name(&games, "  ");
    if dec.is_empty() {
        return (rows, json);
    }
    let head = format!(
        "Wins over the {} decided game(s) (a shared first place counts for each):\n",
        dec.len()
    );
    (head + &rows, json)
}

/// The people's answers over the book: by question (enjoyment, length, engaging rounds,
/// unclear rules), then by player with their words.
/// `games`: each game's file and playtest (games played through silk and tables alike).
fn feedback(games: &[(&str, &Playtest)]) -> (String, Value) {
    let answers: Vec<(&(&str, &Playtest), &silk_core::Feedback)> = games
        .iter()
        .flat_map(|g| g.1.feedback.iter().map(move |f| (g, f)))
        // A person who stopped before answering anything said nothing.
        .filter(|(_, f)| f.said_anything())
        .collect();
    if answers.is_empty() {
        return (String::new(), json!({"answers": 0}));
    }
    let with_answers = games
        .iter()
        .filter(|g| g.1.feedback.iter().any(silk_core::Feedback::said_anything))
        .count();
    // People still answering on their phones when the record was last written (a server
    // stopped before they finished): their answers so far count.
    let unfinished = answers
        .iter()
        .filter(|(_, f)| f.at_question.is_some())
        .count();
    let mut text = format!(
        "\nFeedback: {} answer(s) from {with_answers} game(s){}\n",
        answers.len(),
        if unfinished > 0 {
            format!(", {unfinished} left before the last question")
        } else {
            String::new()
        }
    );
    let enjoyed: Vec<u8> = answers.iter().filter_map(|(_, f)| f.enjoyment).collect();
    let mut counts = [0u32; 5];
    for &e in &enjoyed {
        if let Some(c) = counts.get_mut(e as usize - 1) {
            *c += 1;
        }
    }
    let mean = enjoyed.iter().map(|&e| e as f64).sum::<f64>() / enjoyed.len().max(1) as f64;
    if !enjoyed.is_empty() {
        text += &format!(
            "  enjoyment (1-5): mean {mean:.1} of {} answer(s); 1: {}, 2: {}, 3: {}, 4: {}, 5: {}\n",
            enjoyed.len(),
            counts[0],
            counts[1],
            counts[2],
            counts[3],
            counts[4]
        );
    }
    let tally = |pick: &dyn Fn(&silk_core::Feedback) -> Vec<String>| {
        let mut t: Vec<(String, u32)> = Vec::new();
        for (_, f) in &answers {
            for k in pick(f) {
                match t.iter_mut().find(|(x, _)| *x == k) {
                    Some(e) => e.1 += 1,
                    None => t.push((k, 1)),
                }
            }
        }
        t
    };
    let length = tally(&|f| f.length.iter().cloned().collect());
    let most = tally(&|f| {
        f.most_engaged_round
            .map(|r| format!("round {r}"))
            .into_iter()
            .collect()
    });
    let least = tally(&|f| {
        f.least_engaged_round
            .map(|r| format!("round {r}"))
            .into_iter()
            .collect()
    });
    let unclear = tally(&|f| f.unclear.clone());
    let listed = |t: &[(String, u32)]| {
        t.iter()
            .map(|(k, n)| format!("{k} ×{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (label, t) in [
        ("length", &length),
        ("most engaged", &most),
        ("least engaged", &least),
        ("rules unclear", &unclear),
    ] {
        if !t.is_empty() {
            text += &format!("  {label}: {}\n", listed(t));
        }
    }
    let mut by_player = Vec::new();
    for ((file, playtest), f) in &answers {
        let name = playtest
            .seats
            .get(f.seat as usize)
            .map_or(String::new(), |s| s.name.clone());
        if let Some(c) = &f.comment {
            text += &format!("  \"{c}\" — {name} ({file})\n");
        }
        by_player.push(json!({"name": name, "file": file, "answers": f}));
    }
    let as_map = |t: &[(String, u32)]| {
        t.iter()
            .map(|(k, n)| (k.clone(), json!(n)))
            .collect::<serde_json::Map<String, Value>>()
    };
    let value = json!({
        "answers": answers.len(),
        "unfinished": unfinished,
        "games": with_answers,
        "enjoyment": {"n": enjoyed.len(), "mean": (!enjoyed.is_empty()).then_some(mean), "counts": counts},
        "length": as_map(&length),
        "most_engaged": as_map(&most),
        "least_engaged": as_map(&least),
        "unclear": as_map(&unclear),
        "by_player": by_player,
    });
    (text, value)
}

impl Book {
    /// Each game on a line (and the files skipped), and each game's JSON.
    fn listing(&self) -> (String, Vec<Value>) {
        let mut text = "\nGames:\n".to_string();
        let mut games_json = Vec::new();
        for g in &self.games {
            let seats: Vec<String> = g
                .playtest
                .seats
                .iter()
                .map(|s| format!("{} ({})", s.name, s.player))
                .collect();
            text += &format!(
                "  {}  {}  {}{}: {}; {} rounds, {} decisions, {:.1} min\n",
                g.playtest.started,
                g.file,
                seats.join(", "),
                g.playtest
                    .place
                    .as_deref()
                    .map_or(String::new(), |p| format!(" at {p}")),
                g.ending(),
                g.record.rounds,
                g.record.decisions,
                g.minutes
            );
            if !g.timeline.rounds.is_empty() {
                text += &format!("      {}\n", timeline_text(&g.timeline));
            }
            games_json.push(json!({
                "file": g.file,
                "playtest": g.playtest,
                "ending": g.ending(),
                "winners": g.winners(),
                "minutes": g.minutes,
                "untimed": g.untimed,
                "timeline": g.timeline,
                "record": g.record,
            }));
        }
        for (file, why) in &self.skipped {
            text += &format!("  (skipped {file}: {why})\n");
        }
        (text, games_json)
    }

    /// The book as text and as one JSON document.
    pub fn render<G: CliGame>(&self) -> (String, Value) {
        let all = self.games.len() as u64;
        let finished: Vec<&BookGame> = self.games.iter().filter(|g| g.record.finished).collect();
        let dec: Vec<&BookGame> = self.games.iter().filter(|g| decided(&g.record)).collect();
        let stalls = finished
            .iter()
            .filter(|g| g.record.ended_by.is_some())
            .count() as u64;
        let stuck = finished.iter().filter(|g| g.record.stuck).count() as u64;
        let n_dec = dec.len() as u64;
        let mut text = format!(
            "{} playtests in {}: {all} game(s) ({} finished, {} unfinished: stopped before the end)\n\
             Intervals are exact 95% (Clopper–Pearson): with a handful of games they are wide, and \
             nothing is starred.\n\n",
            self.game,
            self.dir.display(),
            finished.len(),
            all - finished.len() as u64
        );
        let (stall_text, stall_json) = share(stalls, finished.len() as u64);
        text += &format!(
            "Finished games: {} decided, {stuck} stuck, stalled at the round cap {stall_text}\n",
            n_dec
        );
        let (wins_text, wins_json) = wins(&dec);
        text += &wins_text;
        let first_won = dec
            .iter()
            .filter(|g| {
                g.record
                    .first
                    .is_some_and(|f| g.record.ranks.get(f as usize) == Some(&0))
            })
            .count() as u64;
        let with_first = dec.iter().filter(|g| g.record.first.is_some()).count() as u64;
        let (first_text, first_json) = share(first_won, with_first);
        if with_first > 0 {
            text += &format!("The first player won {first_text}\n");
        }
        let of = |f: &dyn Fn(&BookGame) -> f64, games: &[&BookGame]| {
            spread(&games.iter().map(|g| f(g)).collect::<Vec<_>>())
        };
        let rounds = of(&|g| g.record.rounds as f64, &dec);
        let decisions = of(&|g| g.record.decisions as f64, &dec);
        let minutes = of(&|g| g.minutes, &dec);
        let minutes_all = of(&|g| g.minutes, &self.games.iter().collect::<Vec<_>>());
        let leads = of(&|g| g.record.lead_changes as f64, &dec);
        text += &format!(
            "Decided games: rounds {}, decisions {}, lead changes {}\n\
             Table minutes by the records' clock: decided games {}; all games {}\n",
            rounds.0, decisions.0, leads.0, minutes.0, minutes_all.0
        );
        let untimed: usize = self.games.iter().map(|g| g.untimed).sum();
        if untimed > 0 {
            text += &format!(
                "({untimed} decisions have no time: moves replayed from a save before the record began)\n"
            );
        }
        let played: Vec<(&str, &Playtest)> = self
            .games
            .iter()
            .map(|g| (g.file.as_str(), &g.playtest))
            .chain(
                self.tables
                    .iter()
                    .map(|t| (t.file.as_str(), &t.record.playtest)),
            )
            .collect();
        let (feedback_text, feedback_json) = feedback(&played);
        text += &feedback_text;
        let (matching_text, matching_json) = self.matching.render::<G>(share);
        text += &matching_text;
        let (games_text, games_json) = self.listing();
        text += &games_text;
        let value = json!({
            "game": self.game,
            "dir": self.dir.display().to_string(),
            "games": all,
            "finished": finished.len(),
            "decided": n_dec,
            "stuck": stuck,
            "stalls": stall_json,
            "wins": wins_json,
            "first_player_wins": first_json,
            "rounds": rounds.1,
            "decisions": decisions.1,
            "lead_changes": leads.1,
            "minutes_decided": minutes.1,
            "minutes_all": minutes_all.1,
            "feedback": feedback_json,
            "matching": matching_json,
            "records": games_json,
            "skipped": self.skipped.iter().map(|(f, w)| json!({"file": f, "why": w})).collect::<Vec<_>>(),
        });
        let mut value = value;
        if let Some((tables_text, tables_json)) = super::table_book::render(&self.tables) {
            if self.games.is_empty() {
                // Only tables: the measures of games played through silk would all be empty.
                text = format!(
                    "{} playtests in {}: no game played through silk; {} kept by the table helper\n\
                     Intervals are exact 95% (Clopper–Pearson): with a handful of games they are \
                     wide, and nothing is starred.\n",
                    self.game,
                    self.dir.display(),
                    self.tables.len()
                ) + &tables_text
                    + &feedback_text;
            } else {
                text += &tables_text;
            }
            value["tables"] = tables_json;
        }
        (text, value)
    }
}
