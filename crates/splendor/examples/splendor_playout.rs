//! Random playouts for profiling, and an equivalence hash to prove a speed change changed
//! nothing: `cargo run --release -p silk-splendor --example splendor_playout -- [games] [check]
//! [base] [listed]`. With `check`, every legal list, action and final state is hashed (slower);
//! the hash must stay the same across a change that only makes the engine faster, and each
//! action is also drawn as `random_playout` draws it (`random_legal_action`), which must agree.
//! Without it the games are played by `random_playout` itself, or with `listed` by a pick from
//! the whole legal list at every decision (`apply_listed` either way); with it, through the
//! checked `apply`. `base` plays the base game alone.

use silk_core::{next_decider, random_playout, Game, SilkRng};
use silk_splendor::{intern, setup_with, Action, Module, Splendor, SplendorConfig, State};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let check = args.iter().any(|a| a == "check");
    let base_only = args.iter().any(|a| a == "base");
    let listed = args.iter().any(|a| a == "listed");
    let sets: [&[Module]; 5] = [
        &[],
        &[Module::Cities],
        &[Module::TradingPosts],
        &[Module::Orient],
        &[Module::Strongholds],
    ];
    let mut hasher = DefaultHasher::new();
    for modules in sets.into_iter().take(if base_only { 1 } else { 5 }) {
        for players in 2..=4 {
            let rules = intern(&SplendorConfig::new(players).with_modules(modules)).unwrap();
            let mut buf = Vec::new();
            let mut spare = Vec::new();
            let mut decisions = 0u64;
            let mut stuck = 0u64;
            let mut capped = 0u64;
            let start = Instant::now();
            let per = if modules.is_empty() { games } else { games / 4 };
            for seed in 0..per {
                let mut s = setup_with(rules, seed).unwrap();
                let mut rng = SilkRng::seed_from(seed);
                if !check && !listed {
                    decisions += random_playout::<Splendor>(&mut s, &mut rng, &mut buf, u64::MAX);
                } else {
                    decisions += play_listed(
                        &mut s,
                        &mut rng,
                        &mut buf,
                        check.then_some((&mut hasher, &mut spare)),
                    );
                }
                if s.stuck {
                    stuck += 1;
                    if s.round > s.rules.config.params.round_cap {
                        capped += 1;
                    }
                }
                if check {
                    serde_json::to_string(&s).unwrap().hash(&mut hasher);
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{:<14} {players}p: {per} games, {:.1} decisions/game, {:.2} M decisions/s, stuck {:.2}% ({:.2}% at the round cap)",
                modules.first().map(|m| m.name()).unwrap_or("base"),
                decisions as f64 / per as f64,
                decisions as f64 / secs / 1e6,
                100.0 * stuck as f64 / per as f64,
                100.0 * capped as f64 / per as f64
            );
        }
    }
    if check {
        println!("hash {:016x}", hasher.finish());
    }
}

/// A random game played with the whole legal list at every decision; with a hasher, every
/// list is hashed, each action is also drawn as `random_playout` draws it (which must agree),
/// and the actions are played through the checked `apply`. Returns the decisions made.
fn play_listed(
    s: &mut State,
    rng: &mut SilkRng,
    buf: &mut Vec<Action>,
    mut check: Option<(&mut DefaultHasher, &mut Vec<Action>)>,
) -> u64 {
    let mut decisions = 0;
    while let Some(seat) = next_decider(Splendor::to_move(s)) {
        let before = *rng;
        Splendor::legal_actions(s, seat, buf);
        let a = buf[rng.index(buf.len())];
        if let Some((hasher, spare)) = check.as_mut() {
            buf.hash(*hasher);
            let mut drawn = before;
            let got = Splendor::random_legal_action(s, seat, &mut drawn, spare);
            assert!(
                got == Some(a) && drawn == *rng,
                "{got:?} drawn, {a:?} listed"
            );
            Splendor::apply(s, seat, a).unwrap();
        } else {
            Splendor::apply_listed(s, seat, a).unwrap();
        }
        decisions += 1;
    }
    decisions
}
