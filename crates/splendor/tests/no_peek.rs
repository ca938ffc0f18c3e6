//! The search bot never peeks: two states that differ only in what the deciding seat cannot
//! know (the decks' order, the cards other players reserved blind from a deck) get the same
//! choice from the same seed. Each pair is two determinizations of one true state from the
//! deciding seat's view.

use silk_bots::{Budget, MctsBot, MctsConfig};
use silk_core::{next_decider, Game, Heuristic, Player, SilkRng};
use silk_splendor::{Splendor, SplendorConfig, State};

#[test]
fn ismcts_choice_depends_only_on_the_seats_view() {
    let mut differing = 0;
    let mut blind_pairs = 0;
    for seed in 0..4u64 {
        let mut s = Splendor::setup(&SplendorConfig::new(3), seed).unwrap();
        let mut rng = SilkRng::seed_from(seed);
        let mut legal = Vec::new();
        let mut step = 0u64;
        while let Some(seat) = next_decider(Splendor::to_move(&s)) {
            Splendor::legal_actions(&s, seat, &mut legal);
            if step.is_multiple_of(7) && legal.len() > 1 {
                let a = Splendor::determinize(&s, seat, &mut SilkRng::seed_from(step));
                let b = Splendor::determinize(&s, seat, &mut SilkRng::seed_from(step + 1000));
                assert_eq!(Splendor::view(&a, seat), Splendor::view(&b, seat));
                if a != b {
                    differing += 1;
                }
                if (0..3).any(|p| p != seat.index() && a.reserved[p] != b.reserved[p]) {
                    blind_pairs += 1;
                }
                let choose = |t: &State| {
                    let config = MctsConfig::with_budget(Budget::Iterations(24));
                    let mut bot =
                        MctsBot::<Splendor>::with_rollout(9, config, Splendor::heuristic_choose);
                    let mut l = Vec::new();
                    Splendor::legal_actions(t, seat, &mut l);
                    (l.clone(), bot.choose(t, seat, &l))
                };
                assert_eq!(choose(&a), choose(&b), "seed {seed}, step {step}");
            }
            // Random play reserves blind from the decks now and then: hidden cards in hands.
            let action = if step.is_multiple_of(3) {
                legal[rng.index(legal.len())]
            } else {
                Splendor::heuristic_choose(&s, seat, &legal, &mut rng)
            };
            Splendor::apply(&mut s, seat, action).unwrap();
            step += 1;
        }
    }
    assert!(
        differing > 20,
        "only {differing} pairs differed in hidden information"
    );
    assert!(blind_pairs > 0, "no pair differed in a blind reserve");
}
