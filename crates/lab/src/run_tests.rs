//! Tests of the lab's decision loop and worker ([`super`]), with a small scripted game.

use super::*;
use silk_core::{
    EventSink, Game, IllegalAction, Outcome, ParseActionError, RandomPlayer, Seat, SetupError,
    SilkRng, ToMove,
};

/// Two seats take turns scoring a scripted number of points; a round is two turns. The last
/// turn ends the game inside a round, and it hands the lead back to P1.
struct Race;
const GAINS: [i64; 5] = [2, 1, 0, 5, 10];

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct RaceState {
    turn: usize,
    points: [i64; 2],
}

impl Game for Race {
    const NAME: &'static str = "race";
    type Config = ();
    type State = RaceState;
    type Action = u8;
    type View = RaceState;
    type Event = ();
    fn setup(_: &(), _: u64) -> Result<RaceState, SetupError> {
        Ok(RaceState {
            turn: 0,
            points: [0; 2],
        })
    }
    fn num_seats(_: &RaceState) -> usize {
        2
    }
    fn to_move(s: &RaceState) -> ToMove {
        if s.turn < GAINS.len() {
            ToMove::Seat(Seat((s.turn % 2) as u8))
        } else {
            ToMove::Terminal
        }
    }
    fn legal_actions(s: &RaceState, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if Self::to_move(s).includes(seat) {
            out.push(0);
        }
    }
    fn apply_with(
        s: &mut RaceState,
        seat: Seat,
        _: u8,
        _: &mut impl EventSink<()>,
    ) -> Result<(), IllegalAction> {
        s.points[seat.index()] += GAINS[s.turn];
        s.turn += 1;
        Ok(())
    }
    fn view(s: &RaceState, _: Seat) -> RaceState {
        s.clone()
    }
    fn determinize(s: &RaceState, _: Seat, _: &mut SilkRng) -> RaceState {
        s.clone()
    }
    fn outcome(s: &RaceState) -> Option<Outcome> {
        (s.turn == GAINS.len()).then(|| {
            let p = s.points;
            Outcome::ranked_by(p.iter().map(|&x| x as i32).collect(), |i| p[i])
        })
    }
    fn action_to_string(_: &RaceState, _: u8) -> String {
        "go".into()
    }
    fn rules_text(_: &()) -> String {
        "Two seats take turns scoring a scripted number of points.\n".into()
    }
    fn parse_action(_: &RaceState, _: Seat, t: &str) -> Result<u8, ParseActionError> {
        Err(ParseActionError::new(t, "not needed"))
    }
    fn round(s: &RaceState) -> u32 {
        (s.turn.min(GAINS.len() - 1) / 2) as u32
    }
}

silk_core::branch_ids! {
    enum RaceBranch {
        Turn = ("turn", "a turn", "every turn"),
        Zero = ("turn.zero", "a turn that scores nothing", "the third turn"),
        Big = ("turn.big", "a turn that scores 5 or more", "the fourth and fifth turns"),
        Never = ("turn.never", "a turn that scores 100", "no turn does"),
    }
}

impl Observe for Race {
    fn standing(s: &RaceState, out: &mut Vec<i64>) {
        out.clear();
        out.extend(s.points);
    }

    const BRANCHES: &'static [silk_core::Branch] = RaceBranch::BRANCHES;

    fn cover_action(s: &RaceState, _: Seat, _: &u8, hits: &mut silk_core::Hits) {
        hits.hit(RaceBranch::Turn);
        match GAINS[s.turn - 1] {
            0 => hits.hit(RaceBranch::Zero),
            5.. => hits.hit(RaceBranch::Big),
            _ => {}
        }
    }
}

/// A worker writing game after game over one record (as a run that only folds does) gives
/// each game exactly the record a fresh one gets: nothing of the game before stays, a game
/// cut short included. A worker whose records are only folded writes the same record
/// without its per-seat rows.
#[test]
fn a_record_written_over_is_the_fresh_record_of_each_game() {
    use silk_core::goofspiel::{GoofConfig, Goofspiel};
    let config = GoofConfig {
        players: 3,
        cards: 5,
    };
    let spec = RunSpec {
        game: "goofspiel".into(),
        config: serde_json::json!({}),
        bots: vec!["random".into(), "other".into(), "third".into()],
        seed: 4,
        games: 12,
        shard: None,
        rotate: true,
    };
    let players = |index: u64| -> Vec<Box<dyn Player<Goofspiel>>> {
        (0..3)
            .map(|s| Box::new(RandomPlayer::new(index * 3 + s)) as Box<dyn Player<Goofspiel>>)
            .collect()
    };
    let (state, _) = setup_game::<Goofspiel>(&config, spec.seed, 0, 3).unwrap();
    let names = run_names::<Goofspiel>(&state);
    let mut reused = Worker::<Goofspiel>::new(&spec, names.clone());
    let mut folded = Worker::<Goofspiel>::new(&spec, names.clone()).folded_only();
    let mut record = GameRecord::default();
    let mut folded_record = GameRecord::default();
    for index in spec.indices() {
        // Every third game is cut short after 4 decisions.
        let opts = crate::Options {
            threads: 1,
            max_decisions: if index % 3 == 2 { 4 } else { 1000 },
            check: false,
        };
        let play = |worker: &mut Worker<Goofspiel>, record: &mut GameRecord| {
            worker
                .play_into(&config, &spec, index, &mut players(index), opts, record)
                .unwrap()
        };
        play(&mut reused, &mut record);
        let fresh = Worker::<Goofspiel>::new(&spec, names.clone())
            .play(&config, &spec, index, &mut players(index), opts)
            .unwrap();
        assert_eq!(record, fresh, "game {index}");
        assert_eq!(record.finished, index % 3 != 2);
        assert!(!record.players.is_empty() && !record.coverage.is_empty());
        play(&mut folded, &mut folded_record);
        assert!(folded_record.players.is_empty(), "game {index}");
        folded_record.players.clone_from(&record.players);
        assert_eq!(folded_record, record, "game {index}");
    }
}

/// Issue 33 point 1: coverage counted by hand. Game 0 plays its five turns (gains 2, 1, 0,
/// 5, 10); game 1 is cut after three (2, 1, 0). `turn.big` happens in 1 of the 2 games and
/// in the 1 finished one; `turn.zero` in both; `turn.never` in none, listed first with what
/// would make it happen; `turn` averages (5 + 3) / 2 = 4 per game.
#[test]
fn issue33_coverage_counts_match_a_hand_checked_run() {
    let spec = RunSpec {
        game: "race".into(),
        config: serde_json::Value::Null,
        bots: vec!["random".into(); 2],
        seed: 1,
        games: 2,
        shard: None,
        rotate: false,
    };
    let play = |index, max_decisions| {
        let mut players: Vec<Box<dyn Player<Race>>> = vec![
            Box::new(RandomPlayer::new(1)),
            Box::new(RandomPlayer::new(2)),
        ];
        let opts = crate::Options {
            threads: 1,
            max_decisions,
            check: false,
        };
        play_one::<Race>(&(), &spec, index, &mut players, opts).unwrap()
    };
    let (whole, cut) = (play(0, 100), play(1, 3));
    assert!(whole.finished && !cut.finished);
    let counts: Vec<(&str, i64)> = whole.coverage.iter().collect();
    assert_eq!(
        counts,
        [
            ("decision.decision", 5),
            ("turn", 5),
            ("turn.big", 2),
            ("turn.zero", 1)
        ]
    );
    // The record keeps them (and reads back), only those hit.
    let json = serde_json::to_string(&whole).unwrap();
    assert!(
        json.contains(r#""coverage":{"decision.decision":5,"turn":5,"turn.big":2,"turn.zero":1}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), whole);
    let mut fold = crate::Fold::new(&spec).declare(crate::coverage::declared::<Race>());
    fold.add(&whole);
    fold.add(&cut);
    let c = fold.summary(&spec).coverage;
    assert_eq!((c.games, c.finished), (2, 1));
    let row = |name: &str| c.branches.iter().find(|b| b.name == name).unwrap();
    assert_eq!(c.branches[0].name, "turn.never");
    assert_eq!(c.never().count(), 1);
    assert_eq!((row("turn.big").games.k, row("turn.big").games.n), (1, 2));
    assert_eq!(
        (row("turn.big").finished.k, row("turn.big").finished.n),
        (1, 1)
    );
    assert_eq!(row("turn.zero").games.k, 2);
    assert_eq!(row("turn").per_game, 4.0);
    assert_eq!(row("turn").total, 8);
    assert!(row("turn").per_game_lo < 4.0 && row("turn").per_game_hi > 4.0);
    let text = c.text("race", &spec.bots);
    assert!(text.contains("1 of 5 branches never happen"), "{text}");
    assert!(text.contains("→ no turn does"), "{text}");
}

/// Round ends are held and read a batch at a time: over more rounds than are held, every
/// change of lead is counted, the final state's included, and the next game starts afresh.
#[test]
fn lead_changes_are_counted_past_the_rounds_held() {
    let mut ends = RoundEnds::default();
    let at = |leader: usize| RaceState {
        turn: 0,
        points: if leader == 0 { [2, 1] } else { [1, 2] },
    };
    // The lead passes at every round after the first; the last round (an even one) is P1's.
    let rounds = 3 * HELD_ROUNDS + 5;
    for r in 0..rounds {
        ends.push::<Race>(&at(r % 2));
    }
    assert!(ends.states.len() < HELD_ROUNDS, "held rounds are read");
    let lead = ends.lead::<Race>(Some(&at(1)));
    assert_eq!(lead.changes, rounds as u32);
    ends.start();
    ends.push::<Race>(&at(0));
    assert_eq!(ends.lead::<Race>(None).changes, 0);
}

/// P1 leads after round 1, P2 after round 2, and P1 wins with the last turn, in the middle
/// of round 3: that last change of lead counts too.
#[test]
fn the_final_lead_change_counts_when_the_game_ends_inside_a_round() {
    let mut players: Vec<Box<dyn Player<Race>>> = vec![
        Box::new(RandomPlayer::new(1)),
        Box::new(RandomPlayer::new(2)),
    ];
    let opts = crate::Options {
        threads: 1,
        max_decisions: 100,
        check: true,
    };
    let spec = RunSpec {
        game: "race".into(),
        config: serde_json::Value::Null,
        bots: vec!["random".into(); 2],
        seed: 1,
        games: 1,
        shard: None,
        rotate: false,
    };
    let r = play_one::<Race>(&(), &spec, 0, &mut players, opts).unwrap();
    assert!(r.finished);
    assert_eq!(r.ranks, vec![0, 1]);
    assert_eq!(r.lead_changes, 2);
}
