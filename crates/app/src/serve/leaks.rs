//! The leak tests of the served pages, over every registered game (the test-only ones
//! included), so a game added to the registry is checked without a line here: each seat's
//! snapshot and the public one carry only known fields, and nothing in them changes when what
//! the viewer may not know is resampled (`Game::determinize`), its drawn board included; a
//! sealed choice never reaches another page's history.

use super::PlaySession;
use crate::games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName};
use crate::play::SeatKind;
use serde_json::{json, Value};
use silk_core::{Game, Replay, Seat, SilkRng, ToMove};
use silk_serve::Session;

/// The only fields a seat's snapshot may have (the server adds its own: title, seat, …).
const SEAT_FIELDS: &[&str] = &[
    "status", "board", "view", "history", "question", "choices", "input", "sealed", "game",
    "paused", "result",
];
const PUBLIC_FIELDS: &[&str] = &["status", "history", "question", "game", "paused", "result"];

fn only_fields(v: &Value, allowed: &[&str], what: &str) {
    let extra: Vec<&String> = v
        .as_object()
        .expect("a snapshot is an object")
        .keys()
        .filter(|k| !allowed.contains(&k.as_str()))
        .collect();
    assert!(extra.is_empty(), "{what} has unknown fields {extra:?}");
}

/// What `f` makes of the session with `state` in place of its own (the histories kept).
fn as_if<G: CliGame, T>(
    session: &mut PlaySession<G>,
    state: G::State,
    f: impl FnOnce(&PlaySession<G>) -> T,
) -> T {
    let real = std::mem::replace(&mut session.state, state);
    let out = f(session);
    session.state = real;
    out
}

/// The answers a seat's snapshot offers: the drawn board's moves, else its buttons.
fn offered(snap: &Value) -> Vec<String> {
    let texts = |v: &Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| m["text"].as_str().or(m.as_str()).map(str::to_string))
            .collect()
    };
    match snap["game"]["moves"].as_array() {
        Some(_) => texts(&snap["game"]["moves"]),
        None => texts(&snap["choices"]),
    }
}

/// Plays game `G` with a person on every seat, through the session's pages only, for at most
/// `cap` decisions (random answers among those offered), checking every page at every step.
/// Returns the decisions played.
fn follow<G: CliGame>(seed: u64, cap: u32) -> u32 {
    let name = G::NAME;
    let config = G::config(None, &DataFiles::default()).unwrap();
    let n = G::num_seats(&G::setup(&config, seed).unwrap());
    let seats = (0..n).map(|_| SeatKind::Human).collect();
    let replay = Replay::new(config, seed);
    let mut session = PlaySession::<G>::new(replay, seats, (None, None), true, 1_000_000).unwrap();
    let mut rng = SilkRng::seed_from(seed);
    let mut pick = seed;
    for decisions in 0..cap {
        let public = session.public();
        only_fields(&public, PUBLIC_FIELDS, &format!("{name}'s public page"));
        for k in 0..n {
            // What the public sees is known to every seat: resampling any seat's unknowns
            // changes none of it.
            let resampled = G::determinize(&session.state, Seat(k as u8), &mut rng);
            let other = as_if(&mut session, resampled, |s| s.public());
            assert_eq!(
                other,
                public,
                "{name}: the public page shows what P{} may not know (after {decisions} decisions)",
                k + 1
            );
        }
        let mut mover = None;
        for k in 0..n {
            let seat = Seat(k as u8);
            let snap = session.private(k);
            only_fields(&snap, SEAT_FIELDS, &format!("{name}: {seat}'s page"));
            assert_eq!(snap["view"], json!(G::view(&session.state, seat)));
            let resampled = G::determinize(&session.state, seat, &mut rng);
            let other = as_if(&mut session, resampled, |s| s.private(k));
            assert_eq!(
                other, snap,
                "{name}: {seat}'s page shows what {seat} may not know (after {decisions} decisions)"
            );
            if snap["input"] == json!(true) {
                let answers = offered(&snap);
                assert!(
                    !answers.is_empty(),
                    "{name}: {seat} is asked with no answer"
                );
                mover.get_or_insert((k, answers));
            }
        }
        let Some((k, answers)) = mover else {
            assert!(
                G::outcome(&session.state).is_some(),
                "{name}: nobody is asked but the game goes on"
            );
            return decisions;
        };
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let answer = &answers[(pick >> 33) as usize % answers.len()];
        let sealed = matches!(G::to_move(&session.state), ToMove::Simultaneous(_));
        let seen_before = (session.public_log.len(), session.seat_log.clone());
        session
            .submit(k, answer)
            .unwrap_or_else(|e| panic!("{name}: P{}'s {answer:?} refused: {e}", k + 1));
        if sealed {
            let told = format!("{}: {answer}", Seat(k as u8));
            let public_new = &session.public_log[seen_before.0..];
            assert!(
                !public_new.contains(&told),
                "{name}: the public page tells P{}'s sealed {answer:?}",
                k + 1
            );
            for (j, log) in session.seat_log.iter().enumerate() {
                let new = &log[seen_before.1[j].len()..];
                assert!(
                    j == k || !new.contains(&told),
                    "{name}: P{}'s page tells P{}'s sealed {answer:?}",
                    j + 1,
                    k + 1
                );
            }
        }
    }
    cap
}

/// Issue 45: the leak tests run over the registry, not a hand list; the test-only game (Nim,
/// with a drawn board and no secrets) passes them like every other.
#[test]
fn issue45_every_registered_games_pages_show_each_viewer_only_what_it_may_know() {
    for &game in GameName::ALL {
        let played = with_game!(game, G => follow::<G>(3, 120));
        assert!(played > 5, "{}: {played} decisions", game.name());
    }
}

/// The board a game draws comes with the game: a game with a drawing hands silk-serve its
/// script, which registers the renderer its snapshot's `game.kind` names.
#[test]
fn issue45_a_games_drawing_draws_the_kind_its_board_names() {
    for &game in GameName::ALL {
        with_game!(game, G => {
            let config = G::config(None, &DataFiles::default()).unwrap();
            let state = G::setup(&config, 1).unwrap();
            let drawing = G::DRAWING;
            match G::page_board(&state, None) {
                Some(board) => {
                    let kind = board["kind"].as_str().expect("a drawn board names its kind");
                    assert!(
                        drawing.script.contains(&format!("silkGames.{kind} ="))
                            || drawing.script.contains(&format!("silkGames[\"{kind}\"] =")),
                        "{}: no drawing registers {kind:?}",
                        game.name()
                    );
                }
                None => assert_eq!(drawing, silk_serve::Drawing::NONE, "{}", game.name()),
            }
        });
    }
}
