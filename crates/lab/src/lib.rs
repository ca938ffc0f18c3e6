//! silk-lab: the playtest lab. Runs thousands of bot games of any engine in parallel,
//! deterministically; summarises them (win rates with Wilson intervals, seat advantage, game
//! length, margins, lead changes, branching, per-engine metrics); sweeps parameters; merges
//! shards; writes self-contained HTML reports.

mod bench;
mod coverage;
mod engines;
mod extremes;
pub mod ladder;
mod measure;
mod measured;
mod merge;
mod observed;
mod order;
pub mod paired;
mod players;
mod pool;
mod populations;
mod record;
mod replay;
pub mod report;
mod run;
mod rundir;
mod spec;
pub mod stats;
mod summary;
pub mod sweep;
pub mod targets;
mod time;
mod traces;
mod tune;

// The crate's surface. `ladder`, `paired`, `report`, `stats`, `sweep` and `targets` are public
// namespaces (a ladder, paired comparisons, the reports' renderers, the statistics, parameter
// paths and targets each have an API of their own); every other module is private, and what
// the app, the CLI, the Python package and the tests use of it is named here. (A few names
// say which part they come from: `engines_table`, `game_players`, `ReplayStep`.)
pub use bench::{best as best_rate, engine_playouts, max_rss_kb, Played as Playouts};
pub use coverage::declared as declared_branches;
pub use engines::{table as engines_table, CompareRow};
pub use measure::Measures;
pub use measured::Measured;
pub use merge::{merge, Cursor, Merge};
pub use order::{ordered as ordered_metrics, Group as MetricGroup};
pub use players::{check_asked, Winners};
pub use pool::{simulate, simulate_each, simulate_fold, EachRecord};
pub use populations::headline as populations_headline;
pub use record::{decided, GameRecord, SeatForfeit};
pub use replay::{
    bot_names, game_timeline, play_game, players as game_players, report_games, Played as Replayed,
    RecordKey, RunGame, Step as ReplayStep,
};
pub use run::play_one;
pub use run::{declared_metrics, run_names, Worker};
pub use rundir::{
    check_new, lock_run_dir, read_records, read_run, read_spec, write_atomic, write_run, RunWriter,
};
pub use spec::{game_seed, RunSpec, Shard};
pub use summary::Forfeits;
pub use summary::{Fold, Summary};
pub use time::{TimeModel, TimeSpec};
pub use traces::{game_trace, TraceDir};
pub use tune::{ntbea, Found, Ntbea};

use silk_core::Player;

#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// Bad arguments or files: the user can fix it.
    #[error("{0}")]
    Input(String),
    /// An engine or bot misbehaved.
    #[error("{0}")]
    Engine(String),
}

/// Makes the bot of `seat` (named `name`) with `seed`, for one game.
pub type BotFactory<'a, G> =
    dyn Fn(usize, &str, u64) -> Result<Box<dyn Player<G>>, LabError> + Sync + 'a;

/// How one run plays its games.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// A game still running after this many decisions is counted unfinished.
    pub max_decisions: u64,
    /// Check the engine's invariants after every decision (a soak that verifies rules).
    pub check: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: u64) -> GameRecord {
        GameRecord {
            run: String::new(),
            index,
            // As a run of seed 1 records it (merge checks it).
            seed: game_seed(1, index),
            scores: vec![1, 0],
            ranks: vec![0, 1],
            decisions: 1,
            rounds: 1,
            branching_sum: 1,
            lead_changes: 0,
            finished: true,
            stuck: false,
            ended_by: None,
            first: None,
            metrics: Default::default(),
            players: Vec::new(),
            forfeit: None,
            coverage: Default::default(),
        }
    }

    #[test]
    fn a_shard_of_a_huge_run_has_no_overflow() {
        let s = Shard { k: 3, n: 4 };
        assert_eq!(
            s.range(u64::MAX),
            u64::MAX / 2..(u64::MAX as u128 * 3 / 4) as u64
        );
        assert_eq!(Shard { k: 0, n: 0 }.range(10), 0..0);
    }

    /// Any number of threads plays the same games: the same records in the same order, the
    /// same summary folded where the games are played, and the first failing game's error.
    #[test]
    fn threads_change_nothing() {
        use silk_core::goofspiel::{GoofConfig, Goofspiel};
        let config = GoofConfig {
            players: 3,
            cards: 5,
        };
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 3],
            seed: 9,
            games: 1000,
            shard: None,
            rotate: false,
        };
        let factory = |_: usize, _: &str, seed: u64| {
            Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>)
        };
        let opts = |threads| Options {
            threads,
            max_decisions: 1000,
            check: false,
        };
        let one = simulate::<Goofspiel>(&config, &spec, &factory, opts(1), &|| {}).unwrap();
        let summary = Summary::of(&spec, &one);
        for threads in [1, 2, 3] {
            let got = simulate::<Goofspiel>(&config, &spec, &factory, opts(threads), &|| {});
            assert_eq!(got.unwrap(), one, "{threads} threads");
            let mut seen = 0;
            for each in [false, true] {
                let mut count = |_: GameRecord| {
                    seen += 1;
                    Ok(())
                };
                let records: Option<EachRecord> = each.then_some(&mut count);
                let fold = Fold::new(&spec);
                let fold = simulate_fold::<Goofspiel>(
                    &config,
                    &spec,
                    &factory,
                    opts(threads),
                    &|| {},
                    fold,
                    records,
                )
                .unwrap();
                assert_eq!(fold.summary(&spec), summary, "{threads} threads");
            }
            assert_eq!(seen, 1000);
        }
        // Games 300 and 700 cannot seat their bots: the run fails on game 300, whatever the
        // threads, with or without records handed on, and never hangs.
        let failing = |seat: usize, _: &str, seed: u64| {
            let index = (0..spec.games).find(|&i| spec::bot_seed(spec.seed, i, seat) == seed);
            match index {
                Some(i) if i == 300 || i == 700 => Err(LabError::Input(format!("game {i}"))),
                _ => Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>),
            }
        };
        for threads in [1, 2, 3] {
            let e = simulate::<Goofspiel>(&config, &spec, &failing, opts(threads), &|| {});
            assert_eq!(e.unwrap_err().to_string(), "game 300", "{threads} threads");
            let fold = Fold::new(&spec);
            let e = simulate_fold::<Goofspiel>(
                &config,
                &spec,
                &failing,
                opts(threads),
                &|| {},
                fold,
                None,
            );
            assert_eq!(e.unwrap_err().to_string(), "game 300", "{threads} threads");
        }
    }

    /// A long run whose records are handed on (the window of batches binds): every record
    /// before a failing game is handed on, in order, then the error; a failing reader stops
    /// the run; a panicking bot ends it with the panic, never a hang.
    #[test]
    fn a_long_run_stops_cleanly() {
        use silk_core::goofspiel::{GoofConfig, Goofspiel};
        let config = GoofConfig {
            players: 2,
            cards: 3,
        };
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 4,
            games: 6000,
            shard: None,
            rotate: false,
        };
        let opts = Options {
            threads: 3,
            max_decisions: 1000,
            check: false,
        };
        let seat_of = |seat: usize, seed: u64| {
            (0..spec.games).find(|&i| spec::bot_seed(spec.seed, i, seat) == seed)
        };
        let failing = |seat: usize, _: &str, seed: u64| match seat_of(seat, seed) {
            Some(i) if i == 4321 => Err(LabError::Input(format!("game {i}"))),
            _ => Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>),
        };
        let mut handed = Vec::new();
        let e = simulate_each::<Goofspiel>(&config, &spec, &failing, opts, &|| {}, &mut |r| {
            handed.push(r.index);
            Ok(())
        });
        assert_eq!(e.unwrap_err().to_string(), "game 4321");
        assert_eq!(handed, (0..4321).collect::<Vec<u64>>());
        let fine = |_: usize, _: &str, seed: u64| {
            Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>)
        };
        let mut read = 0;
        let e = simulate_each::<Goofspiel>(&config, &spec, &fine, opts, &|| {}, &mut |r| {
            read += 1;
            match r.index {
                100 => Err(LabError::Input("full disk".into())),
                _ => Ok(()),
            }
        });
        assert_eq!(e.unwrap_err().to_string(), "full disk");
        assert_eq!(read, 101);
        let panicking = |seat: usize, _: &str, seed: u64| match seat_of(seat, seed) {
            Some(2500) => panic!("a bot's bug"),
            _ => Ok(Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>),
        };
        for records in [false, true] {
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut each = |_: GameRecord| Ok(());
                let each: Option<EachRecord> = records.then_some(&mut each);
                let fold = Fold::new(&spec);
                simulate_fold::<Goofspiel>(&config, &spec, &panicking, opts, &|| {}, fold, each)
            }));
            assert!(run.is_err(), "the panic comes through (records: {records})");
        }
    }

    /// Issue 36, part 2: a player that gives its game up (an external program that crashed)
    /// ends that game only: its record says who and why, the summary counts it apart from the
    /// games with winners and from those cut short, and the run goes on, alike on any threads.
    #[test]
    fn issue36_a_forfeit_ends_its_game_only_and_is_counted_apart() {
        use silk_core::goofspiel::{Bid, GoofConfig, Goofspiel};
        use silk_core::{Forfeit, ForfeitKind, Seat};
        struct GivesUp(u64);
        impl Player<Goofspiel> for GivesUp {
            fn choose(&mut self, _: &silk_core::goofspiel::GoofState, _: Seat, l: &[Bid]) -> Bid {
                l[0]
            }
            fn try_choose(
                &mut self,
                s: &silk_core::goofspiel::GoofState,
                seat: Seat,
                l: &[Bid],
            ) -> Result<Bid, Forfeit> {
                if self.0.is_multiple_of(3) {
                    return Err(Forfeit::new(ForfeitKind::Crash, "exited (status 1)"));
                }
                Ok(self.choose(s, seat, l))
            }
        }
        let config = GoofConfig {
            players: 2,
            cards: 4,
        };
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["cmd:bot".into(), "random".into()],
            seed: 3,
            games: 60,
            shard: None,
            rotate: true,
        };
        let factory = |_: usize, name: &str, seed: u64| {
            Ok(if name == "random" {
                Box::new(silk_core::RandomPlayer::new(seed)) as Box<dyn Player<Goofspiel>>
            } else {
                Box::new(GivesUp(seed))
            })
        };
        let opts = |threads| Options {
            threads,
            max_decisions: 1000,
            check: false,
        };
        let records = simulate::<Goofspiel>(&config, &spec, &factory, opts(1), &|| {}).unwrap();
        assert_eq!(records.len(), 60, "the run goes on");
        let forfeited: Vec<&GameRecord> = records.iter().filter(|r| r.forfeit.is_some()).collect();
        assert!(!forfeited.is_empty() && forfeited.len() < 60);
        for r in &forfeited {
            let f = r.forfeit.as_ref().unwrap();
            assert_eq!((f.bot.as_str(), f.kind), ("cmd:bot", ForfeitKind::Crash));
            assert_eq!(spec.bots[spec.bot_at(r.index, f.seat as usize)], "cmd:bot");
            assert!(!r.finished);
        }
        let s = Summary::of(&spec, &records);
        assert_eq!(s.games, 60 - forfeited.len() as u64);
        assert_eq!(s.unfinished, 0, "a forfeit is not a game cut short");
        assert_eq!(s.forfeits.len(), 1);
        assert_eq!(s.forfeits[0].games, forfeited.len() as u64);
        assert_eq!(s.forfeits[0].first, forfeited[0].index);
        assert!(s.text().contains("forfeited"), "{}", s.text());
        let back: GameRecord =
            serde_json::from_str(&serde_json::to_string(forfeited[0]).unwrap()).unwrap();
        assert_eq!(&back, forfeited[0]);
        for threads in [2, 3] {
            let fold = simulate_fold::<Goofspiel>(
                &config,
                &spec,
                &factory,
                opts(threads),
                &|| {},
                Fold::new(&spec),
                None,
            )
            .unwrap();
            assert_eq!(fold.summary(&spec), s, "{threads} threads");
        }
    }

    /// The fold holds a game's metric values back and adds them to the distributions a few
    /// thousand at a time: past that point, alone or merged from parts, each metric's total and
    /// distribution are those of its values counted one at a time from the list (0 in a game
    /// that never counted it).
    #[test]
    fn metric_values_held_back_are_all_counted() {
        let games = 3000u64;
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games,
            shard: None,
            rotate: false,
        };
        let value = |name: &str, i: u64| match name {
            "goods.sold" => (i % 5) as i64,
            _ => i as i64 - 1000,
        };
        let recs: Vec<GameRecord> = (0..games)
            .map(|i| GameRecord {
                metrics: ["goods.sold", "tile.thief"]
                    .into_iter()
                    .map(|n| (n, value(n, i)))
                    .filter(|_| i % 3 != 0)
                    .collect(),
                ..record(i)
            })
            .collect();
        let s = Summary::of(&spec, &recs);
        for name in ["goods.sold", "tile.thief"] {
            let values: Vec<i64> = (0..games)
                .map(|i| if i % 3 != 0 { value(name, i) } else { 0 })
                .collect();
            let m = s.metrics.iter().find(|m| m.name == name).unwrap();
            assert_eq!(m.total, values.iter().sum::<i64>(), "{name}");
            assert_eq!(m.dist, stats::Dist::of(&values), "{name}");
        }
        let (mut first, mut second) = (Fold::new(&spec), Fold::new(&spec));
        for r in &recs {
            if r.index % 4 == 1 {
                &mut first
            } else {
                &mut second
            }
            .add(r);
        }
        first.merge(&second);
        assert_eq!(first.summary(&spec), s);
    }

    /// A fold gives exactly the summary of the records it was given, whatever their number.
    #[test]
    fn folded_summary_equals_the_summary_of_the_list() {
        let spec = RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 50,
            shard: None,
            rotate: false,
        };
        let recs: Vec<GameRecord> = (0..50)
            .map(|i| GameRecord {
                scores: vec![(i % 7) as i32, (i % 5) as i32],
                ranks: if i % 7 >= i % 5 {
                    vec![0, (i % 7 == i % 5) as u8 ^ 1]
                } else {
                    vec![1, 0]
                },
                decisions: 10 + i % 13,
                rounds: (3 + i % 4) as u32,
                stuck: i % 17 == 0,
                ended_by: (i % 11 == 3).then_some(silk_core::EndedBy::RoundCap),
                finished: i % 19 != 0,
                // Metrics some games count and others do not, met in different orders.
                metrics: [
                    ("goods.sold", (i % 3) as i64),
                    ("tile.thief", i as i64 - 20),
                ]
                .into_iter()
                .filter(|_| i % 4 != 0)
                .skip((i % 2) as usize)
                .collect(),
                ..record(i)
            })
            .collect();
        let mut fold = Fold::new(&spec);
        for r in &recs {
            fold.add(r);
        }
        let s = fold.summary(&spec);
        assert_eq!(s, Summary::of(&spec, &recs));
        // Folds of parts, as threads fold them (games dealt round the parts out of order),
        // merged in any order, give the same summary.
        for parts in [2usize, 3, 7] {
            let mut folds: Vec<Fold> = (0..parts).map(|_| Fold::new(&spec)).collect();
            for (i, r) in recs.iter().enumerate().rev() {
                folds[(i * 5 + i / 3) % parts].add(r);
            }
            let mut merged = folds.pop().unwrap();
            for f in &folds {
                merged.merge(f);
            }
            assert_eq!(merged.summary(&spec), s, "{parts} parts");
            assert_eq!(merged.played_decisions(), fold.played_decisions());
        }
        // Against the figures computed directly from the list.
        let normal: Vec<&GameRecord> = recs.iter().filter(|r| record::decided(r)).collect();
        assert_eq!(s.games, normal.len() as u64);
        assert_eq!(
            s.stuck,
            recs.iter().filter(|r| r.finished && r.stuck).count() as u64
        );
        assert_eq!(
            s.unfinished,
            recs.iter().filter(|r| !r.finished).count() as u64
        );
        for seat in 0..2 {
            let wins = normal.iter().filter(|r| r.ranks[seat] == 0).count() as u64;
            assert_eq!(s.win_by_seat[seat].k, wins);
        }
        let rounds: Vec<f64> = normal.iter().map(|r| r.rounds as f64).collect();
        let n = rounds.len() as f64;
        let mean = rounds.iter().sum::<f64>() / n;
        let sd = (rounds.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        assert!((s.rounds.mean - mean).abs() < 1e-9 && (s.rounds.sd - sd).abs() < 1e-9);
        let (lo, hi) = (3i64, 6i64);
        assert_eq!((s.rounds.min, s.rounds.max), (lo, hi));
        for (start, count) in &s.rounds.histogram {
            let direct = normal.iter().filter(|r| r.rounds as i64 == *start).count() as u64;
            assert_eq!(*count, direct, "one value per bin for a narrow range");
        }
        assert!(s.stuck > 0 && s.unfinished > 0);
        // Stalls (the round cap ended them) count apart from the decided games (issue 46).
        let capped: Vec<&GameRecord> = recs
            .iter()
            .filter(|r| r.finished && !r.stuck && r.ended_by.is_some())
            .collect();
        assert_eq!(s.round_cap, capped.len() as u64);
        assert!(s.round_cap > 0);
        assert_eq!(s.extremes.round_cap[0].index, capped[0].index);
    }

    /// A shard whose games.jsonl holds a game outside its slice (edited, or copied from another
    /// run) is refused with the file named, not summarised and not a panic.
    #[test]
    fn merge_refuses_a_game_outside_its_shard() {
        let dir = std::env::temp_dir().join(format!("silk-lab-merge-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let spec = |k| RunSpec {
            game: "goofspiel".into(),
            config: serde_json::json!({}),
            bots: vec!["random".into(); 2],
            seed: 1,
            games: 2,
            shard: Some(Shard { k, n: 2 }),
            rotate: false,
        };
        let (a, b) = (dir.join("a"), dir.join("b"));
        let of_run = |index| GameRecord {
            run: spec(1).id(),
            ..record(index)
        };
        let recs_a = [of_run(0), of_run(5)];
        let recs_b = [of_run(1)];
        for (d, k, recs) in [(&a, 1, &recs_a[..]), (&b, 2, &recs_b[..])] {
            let s = spec(k);
            write_run(d, &s, recs, &Summary::of(&s, recs)).unwrap();
        }
        let err = merge(&[a.as_path(), b.as_path()]).unwrap_err().to_string();
        assert!(err.contains("game 5") && err.contains("a"), "{err}");
        // A shard of 0/0 (an edited run.json) is refused when read, not divided by.
        let bad = dir.join("bad");
        let mut s = spec(1);
        s.shard = Some(Shard { k: 0, n: 0 });
        write_run(&bad, &s, &[], &Summary::of(&s, &[])).unwrap();
        let err = merge(&[bad.as_path()]).unwrap_err().to_string();
        assert!(err.contains("run.json: shard"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
