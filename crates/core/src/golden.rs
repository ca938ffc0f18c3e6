//! Golden playthroughs for engine tests: a seeded game's full public trace (every decision and
//! every event as a public observer sees it), compared with a file kept under the tests. Any
//! change to rules, bots, RNG use or narration shows up as a diff. After an intended change,
//! regenerate with `SILK_BLESS=1`.

use crate::driver::next_decider;
use crate::game::{Game, Player};
use crate::seat::Seat;
use std::fmt::Write;
use std::path::Path;

/// Plays `G` with one player per seat and writes every decision and every public event.
pub fn trace<G: Game>(config: &G::Config, seed: u64, players: &mut [Box<dyn Player<G>>]) -> String {
    let mut state = G::setup(config, seed).expect("the golden game sets up");
    let mut out = String::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = next_decider(G::to_move(&state)) {
        G::legal_actions(&state, seat, &mut legal);
        let action = players[seat.index()].choose(&state, seat, &legal);
        let text = G::action_to_string(&state, action);
        events.clear();
        G::apply_with(&mut state, seat, action, &mut events).expect("bots play legal moves");
        let _ = writeln!(out, "{seat}: {text}");
        for e in &events {
            if let Some(t) = G::event_text(&state, e, None) {
                let _ = writeln!(out, "  {t}");
            }
        }
    }
    let outcome = G::outcome(&state).expect("the golden game ends");
    for (i, (score, rank)) in outcome.scores.iter().zip(&outcome.ranks).enumerate() {
        let _ = writeln!(out, "{} scores {score}, rank {}", Seat(i as u8), rank + 1);
    }
    out
}

/// Compares `actual` with the golden file at `path` (or writes it when `SILK_BLESS` is set),
/// panicking at the first differing line.
pub fn check(path: &Path, actual: &str) {
    if std::env::var_os("SILK_BLESS").is_some() {
        std::fs::write(path, actual).expect("the golden file can be written");
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with SILK_BLESS=1 to create it)",
            path.display()
        )
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the golden trace at line {}:\n  expected: {:?}\n  actual:   {:?}\n\
             (if the change is intended, run the test again with SILK_BLESS=1)",
            path.display(),
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}
