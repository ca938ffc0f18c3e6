//! The search bot never peeks: two states that differ only in what the deciding seat cannot
//! know (other hands of development cards, the decks' order) get the same choice from the same
//! seed. Each pair is two determinizations of one true state from the deciding seat's view.

use silk_bots::{Budget, MctsBot, MctsConfig};
use silk_cities::{Cities, CitiesConfig};
use silk_core::{next_decider, Game, Heuristic, Player, SilkRng};

#[test]
fn ismcts_choice_depends_only_on_the_seats_view() {
    let mut differing = 0;
    let mut s = Cities::setup(&CitiesConfig::new(4), 3).unwrap();
    let mut rng = SilkRng::seed_from(3);
    let mut legal = Vec::new();
    let mut step = 0u64;
    while let Some(seat) = next_decider(Cities::to_move(&s)) {
        Cities::legal_actions(&s, seat, &mut legal);
        if step.is_multiple_of(41) && legal.len() > 1 {
            let a = Cities::determinize(&s, seat, &mut SilkRng::seed_from(step));
            let b = Cities::determinize(&s, seat, &mut SilkRng::seed_from(step + 1000));
            assert_eq!(Cities::view(&a, seat), Cities::view(&b, seat));
            if a != b {
                differing += 1;
            }
            let choose = |t: &silk_cities::State| {
                let config = MctsConfig {
                    rollout_depth: 40,
                    ..MctsConfig::with_budget(Budget::Iterations(12))
                };
                let mut bot = MctsBot::<Cities>::with_rollout(9, config, Cities::heuristic_choose)
                    .with_estimate(Cities::estimate);
                let mut l = Vec::new();
                Cities::legal_actions(t, seat, &mut l);
                (l.clone(), bot.choose(t, seat, &l))
            };
            assert_eq!(choose(&a), choose(&b), "step {step}");
        }
        let action = Cities::heuristic_choose(&s, seat, &legal, &mut rng);
        Cities::apply(&mut s, seat, action).unwrap();
        step += 1;
        if step > 1500 {
            break;
        }
    }
    assert!(
        differing > 3,
        "only {differing} pairs differed in hidden information"
    );
}
