//! Any lab game again, exactly: game K of a run directory re-created from its `run.json` (the
//! config, the game seed, the bots in their seats with their seeds) and played decision by
//! decision, each handed to a callback, then checked against its record in `games.jsonl`.

use crate::spec::{bot_seed, game_seed, RunSpec};
use crate::{BotFactory, LabError};
use serde::Deserialize;
use silk_core::files::Limit;
use silk_core::{Game, Observe, Outcome, Player, Seat};
use std::path::{Path, PathBuf};

/// The bots of game `index` of a run, each in its seat with its seed: the way every lab game
/// seats its players.
pub fn players<G: Game>(
    spec: &RunSpec,
    index: u64,
    bots: &BotFactory<G>,
) -> Result<Vec<Box<dyn Player<G>>>, LabError> {
    (0..spec.bots.len())
        .map(|seat| {
            let name = &spec.bots[spec.bot_at(index, seat)];
            bots(seat, name, bot_seed(spec.seed, index, seat))
        })
        .collect()
}

/// The bot names of game `index`, seat by seat.
pub fn bot_names(spec: &RunSpec, index: u64) -> Vec<String> {
    (0..spec.bots.len())
        .map(|seat| spec.bots[spec.bot_at(index, seat)].clone())
        .collect()
}

/// One decision of a replayed game.
pub struct Step<'a, G: Game> {
    /// 1-based, in the order the game made them.
    pub number: u64,
    pub seat: Seat,
    pub action: G::Action,
    /// The legal actions the seat chose from.
    pub legal: &'a [G::Action],
    /// The state before the decision.
    pub before: &'a G::State,
    /// The state after it.
    pub after: &'a G::State,
    /// What the decision caused (all of it: filter with `Game::event_text` for a viewer).
    pub events: &'a [G::Event],
}

/// How a replayed game ended.
pub struct Played<G: Game> {
    pub state: G::State,
    pub decisions: u64,
    /// `None`: cut short at `max_decisions`, or forfeited.
    pub outcome: Option<Outcome>,
    /// The seat that gave the game up, and why.
    pub forfeit: Option<(Seat, silk_core::Forfeit)>,
}

/// Plays game `index` of the run `spec` as the lab plays it (the same setup seed, bots and bot
/// seeds, the same loop) and hands each decision to `each`. Stops after `max_decisions`.
pub fn play_game<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    index: u64,
    bots: &BotFactory<G>,
    max_decisions: u64,
    each: &mut dyn FnMut(&Step<G>) -> Result<(), LabError>,
) -> Result<Played<G>, LabError> {
    let mut players = players(spec, index, bots)?;
    let (mut state, _) = crate::run::setup_game::<G>(config, spec.seed, index, players.len())?;
    // The replay shows each state before its decision: the loop hands on the state after.
    let mut before = state.clone();
    let mut number = 0u64;
    let (decisions, forfeit) = crate::run::drive::<G>(
        &mut state,
        &mut players,
        index,
        max_decisions,
        (&mut Vec::new(), &mut Vec::new()),
        |seat, action, legal: &[G::Action], after: &G::State, events: &[G::Event]| {
            number += 1;
            each(&Step {
                number,
                seat,
                action,
                legal,
                before: &before,
                after,
                events,
            })?;
            before = after.clone();
            Ok(())
        },
    )?;
    let outcome = G::outcome(&state).filter(|_| forfeit.is_none());
    Ok(Played {
        state,
        decisions,
        outcome,
        forfeit,
    })
}

/// The games a run's report draws round by round, with why: the run's first game with a
/// winner (a typical game), its first stuck or cut-short game (what goes wrong) and its first
/// stall at the round cap (a game that never reached the rules' goal), known from
/// the summary's lists of such games without reading the records.
pub fn report_games(summary: &crate::Summary, spec: &RunSpec) -> Vec<(u64, &'static str)> {
    let e = &summary.extremes;
    let apart: Vec<u64> = e
        .stuck
        .iter()
        .chain(&e.unfinished)
        .chain(&e.round_cap)
        .map(|g| g.index)
        .collect();
    let mut games = Vec::new();
    if summary.games > 0 {
        // The lists keep the first few of each kind: past them, a game may still be stuck,
        // and then its chart says so.
        if let Some(i) = spec.indices().find(|i| !apart.contains(i)) {
            games.push((i, "the first game with a winner"));
        }
    }
    match (e.stuck.first(), e.unfinished.first()) {
        (Some(s), _) => games.push((s.index, "the first stuck game")),
        (None, Some(u)) => games.push((u.index, "the first game cut short")),
        _ => {}
    }
    if let Some(c) = e.round_cap.first() {
        games.push((c.index, "the first stall (cut at the round cap)"));
    }
    games
}

/// Game `index` of a run played again as the lab played it, with its standings round by round.
pub fn game_timeline<G: Observe>(
    config: &G::Config,
    spec: &RunSpec,
    index: u64,
    bots: &BotFactory<G>,
    max_decisions: u64,
    why: &str,
) -> Result<crate::report::GameTimeline, LabError> {
    let (start, _) = crate::run::setup_game::<G>(config, spec.seed, index, spec.bots.len())?;
    let mut recorder = silk_core::standings::TimelineRecorder::new::<G>(&start);
    let played = play_game::<G>(config, spec, index, bots, max_decisions, &mut |step| {
        recorder.step::<G>(step.after);
        Ok(())
    })?;
    let end = match &played.outcome {
        Some(o) if o.stuck => format!("stuck after {} decisions", played.decisions),
        Some(o) => {
            let winners: Vec<String> = o.winners().map(|s| s.to_string()).collect();
            match (o.ended_by, winners.len()) {
                (Some(by), 0) => by.label().to_string(),
                (Some(by), _) => format!("{}: {} first", by.label(), winners.join(" and ")),
                (None, 0) => "no winner".into(),
                (None, 1) => format!("{} won", winners[0]),
                (None, _) => format!("{} shared the win", winners.join(" and ")),
            }
        }
        None => format!("cut short after {} decisions", played.decisions),
    };
    Ok(crate::report::GameTimeline {
        index,
        why: why.into(),
        end,
        ended_by: played.outcome.as_ref().and_then(|o| o.ended_by),
        timeline: recorder.finish::<G>(&played.state),
    })
}

/// What a replay checks of a game's record: read loosely, so that records of other versions
/// (more or fewer fields) still name the game and its result.
#[derive(Clone, Debug, Deserialize)]
pub struct RecordKey {
    pub index: u64,
    pub seed: u64,
    pub scores: Vec<i32>,
    pub ranks: Vec<u8>,
    pub decisions: u64,
    pub finished: bool,
    #[serde(default)]
    pub stuck: bool,
    #[serde(default)]
    pub ended_by: Option<silk_core::EndedBy>,
}

/// A run directory opened for replay: its spec and the record of one game.
pub struct RunGame {
    pub dir: PathBuf,
    pub spec: RunSpec,
    pub record: RecordKey,
}

impl RunGame {
    /// Reads `dir/run.json` and finds game `index` in `dir/games.jsonl`.
    pub fn open(dir: &Path, index: u64) -> Result<RunGame, LabError> {
        let spec = crate::read_spec(dir)?;
        let games_path = dir.join("games.jsonl");
        let range = spec.indices();
        if !range.contains(&index) {
            return Err(LabError::Input(format!(
                "{}: no game {index} in this run (its games are {} to {})",
                dir.display(),
                range.start,
                range.end.saturating_sub(1)
            )));
        }
        let io = |e: std::io::Error| LabError::Input(format!("{}: {e}", games_path.display()));
        let f = std::fs::File::open(&games_path).map_err(io)?;
        let mut reader = std::io::BufReader::new(f);
        let mut line = String::new();
        for i in 1.. {
            let at = |e: &dyn std::fmt::Display| {
                LabError::Input(format!("{}: line {i}: {e}", games_path.display()))
            };
            let more = silk_core::files::read_line(&mut reader, &mut line, Limit::RECORD)
                .map_err(|e| at(&e))?;
            if !more {
                break;
            }
            if line.trim().is_empty() {
                continue;
            }
            let r: RecordKey = serde_json::from_str(&line).map_err(|e| at(&e))?;
            if r.index == index {
                return Ok(RunGame {
                    dir: dir.to_path_buf(),
                    spec,
                    record: r,
                });
            }
        }
        Err(LabError::Input(format!(
            "{}: no record of game {index}",
            games_path.display()
        )))
    }

    /// The decision cap to replay with: the record's own count, so a game the run cut short is
    /// cut at the same decision.
    pub fn max_decisions(&self) -> u64 {
        self.record.decisions
    }

    /// Checks the replayed game against its record; a difference names `games.jsonl` and says
    /// what differs.
    pub fn check<G: Game>(&self, played: &Played<G>) -> Result<(), LabError> {
        let r = &self.record;
        let file = self.dir.join("games.jsonl");
        let mismatch = |what: String| {
            LabError::Input(format!(
                "{}: game {}: the replay differs from the record ({what}); was the run made by \
                 another version of silk?",
                file.display(),
                r.index
            ))
        };
        let seed = game_seed(self.spec.seed, r.index);
        if r.seed != seed {
            return Err(mismatch(format!("seed {seed}, recorded {}", r.seed)));
        }
        let (scores, ranks, stuck, ended_by) = match &played.outcome {
            Some(o) => (o.scores.clone(), o.ranks.clone(), o.stuck, o.ended_by),
            None => (vec![0; r.scores.len()], vec![0; r.ranks.len()], false, None),
        };
        match (&played.outcome, r.finished) {
            (None, true) => {
                return Err(mismatch(format!(
                    "the game is not over after the recorded {} decisions",
                    r.decisions
                )))
            }
            (Some(_), false) => {
                return Err(mismatch(format!(
                    "the game ended after {} decisions; the record says the run cut it short \
                     after {}",
                    played.decisions, r.decisions
                )))
            }
            _ if played.decisions != r.decisions => {
                return Err(mismatch(format!(
                    "the game ended after {} decisions, the record says {}",
                    played.decisions, r.decisions
                )))
            }
            _ => {}
        }
        if scores != r.scores || ranks != r.ranks || stuck != r.stuck || ended_by != r.ended_by {
            let by = |e: Option<silk_core::EndedBy>| e.map_or("", |e| e.name());
            return Err(mismatch(format!(
                "scores {scores:?}, ranks {ranks:?}, stuck {stuck}, ended by {:?}; recorded \
                 scores {:?}, ranks {:?}, stuck {}, ended by {:?}",
                by(ended_by),
                r.scores,
                r.ranks,
                r.stuck,
                by(r.ended_by)
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::goofspiel::{GoofConfig, Goofspiel};
    use silk_core::RandomPlayer;

    /// Always the first legal action: a bot unlike `random`, so seating matters.
    struct First;
    impl Player<Goofspiel> for First {
        fn choose(
            &mut self,
            _: &<Goofspiel as Game>::State,
            _: Seat,
            legal: &[<Goofspiel as Game>::Action],
        ) -> <Goofspiel as Game>::Action {
            legal[0]
        }
    }

    fn factory(_: usize, name: &str, seed: u64) -> Result<Box<dyn Player<Goofspiel>>, LabError> {
        match name {
            "random" => Ok(Box::new(RandomPlayer::new(seed))),
            "first" => Ok(Box::new(First)),
            _ => Err(LabError::Input(format!("unknown bot {name:?}"))),
        }
    }

    /// Every game of a run, played again through `play_game`, ends as the run recorded it, and
    /// hands over each of its decisions in order.
    #[test]
    fn play_game_repeats_every_game_of_a_run() {
        let config = GoofConfig::default();
        let spec: RunSpec = serde_json::from_value(serde_json::json!({
            "game": "goofspiel", "config": serde_json::to_value(&config).unwrap(),
            "bots": ["random", "first", "random"], "seed": 11, "games": 12, "rotate": true
        }))
        .unwrap();
        let opts = crate::Options {
            threads: 1,
            max_decisions: 1000,
            check: false,
        };
        let records = crate::simulate::<Goofspiel>(&config, &spec, &factory, opts, &|| ()).unwrap();
        let mut outcomes = std::collections::BTreeSet::new();
        for r in &records {
            let mut numbers = Vec::new();
            let played =
                play_game::<Goofspiel>(&config, &spec, r.index, &factory, 1000, &mut |s| {
                    numbers.push(s.number);
                    Ok(())
                })
                .unwrap();
            let o = played.outcome.expect("finished");
            assert_eq!(
                (&o.scores, &o.ranks),
                (&r.scores, &r.ranks),
                "game {}",
                r.index
            );
            assert_eq!(played.decisions, r.decisions);
            assert_eq!(numbers, (1..=r.decisions).collect::<Vec<_>>());
            outcomes.insert(o.scores.clone());
        }
        assert!(
            outcomes.len() > 1,
            "the games differ: the check compares something"
        );
    }
}
