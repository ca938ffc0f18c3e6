//! Test support: a game played, written as a trace, read back from its JSON text and played
//! again from the trace alone must reach the same end.

use super::{play_trace, Trace, TraceWriter, Traced};
use crate::driver::{next_decider, RandomPlayer};
use crate::game::{Game, Player};
use crate::seat::Seat;

/// One random player per seat, seeded from `seed`.
pub fn random_players<G: Game>(seats: usize, seed: u64) -> Vec<Box<dyn Player<G>>> {
    (0..seats)
        .map(|i| {
            Box::new(RandomPlayer::new(
                seed.wrapping_mul(31).wrapping_add(i as u64),
            )) as Box<dyn Player<G>>
        })
        .collect()
}

/// Plays game `seed` of `config` with `players` (at most 20 000 decisions), writes its trace,
/// and checks: the setup reads back to the same setup; the trace, through its JSON text,
/// plays back from its own setup to the same result and to a state every seat sees exactly
/// as in the game played. Returns the trace.
pub fn round_trip<G: Traced>(
    config: &G::Config,
    seed: u64,
    players: &mut [Box<dyn Player<G>>],
) -> Trace {
    let mut state = G::setup(config, seed).expect("setup");
    let mut writer = TraceWriter::<G>::new(config, Some(seed), &state);
    let setup = G::setup_json(&state);
    let again = G::setup_from_json(config, &setup).expect("the setup reads back");
    assert_eq!(G::setup_json(&again), setup, "the setup round-trips");
    for s in Seat::all(G::num_seats(&state)) {
        assert_eq!(G::view(&again, s), G::view(&state, s), "the set-up state");
    }
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        let Some(seat) = next_decider(G::to_move(&state)) else {
            break;
        };
        G::legal_actions(&state, seat, &mut legal);
        let action = players[seat.index()].choose(&state, seat, &legal);
        writer
            .play(&mut state, seat, action)
            .expect("a legal action");
    }
    let trace = writer.finish(&state);
    let text = trace.to_json();
    let read = Trace::from_json(&text, "trace.json").expect("the trace reads back");
    assert_eq!(read, trace);
    let played = play_trace::<G>(&read, "trace.json", |_| {})
        .unwrap_or_else(|e| panic!("seed {seed}: the trace plays back: {e}"));
    assert_eq!(G::outcome(&played), G::outcome(&state), "seed {seed}");
    for s in Seat::all(G::num_seats(&state)) {
        assert_eq!(
            G::view(&played, s),
            G::view(&state, s),
            "seed {seed}: {s}'s view"
        );
    }
    trace
}
