//! The search bot never peeks: two states that differ only in what the deciding seat cannot
//! know (other shields' goods, the bag, sealed Vizier reveals) get the same choice from the same
//! seed. Each pair is two determinizations of one true state from the deciding seat's view.

use silk_bots::{Budget, MctsBot, MctsConfig};
use silk_core::{next_decider, Game, Heuristic, Player, SilkRng};
use silk_road::{SilkRoad, SilkRoadConfig};

#[test]
fn ismcts_choice_depends_only_on_the_seats_view() {
    let mut differing = 0;
    for game in 0..2u64 {
        let mut s = SilkRoad::setup(&SilkRoadConfig::new(4), game).unwrap();
        let mut rng = SilkRng::seed_from(game);
        let mut legal = Vec::new();
        let mut step = 0;
        while let Some(seat) = next_decider(SilkRoad::to_move(&s)) {
            SilkRoad::legal_actions(&s, seat, &mut legal);
            if step % 13 == 0 && legal.len() > 1 {
                let a = SilkRoad::determinize(&s, seat, &mut SilkRng::seed_from(step));
                let b = SilkRoad::determinize(&s, seat, &mut SilkRng::seed_from(step + 1000));
                assert_eq!(SilkRoad::view(&a, seat), SilkRoad::view(&b, seat));
                if a != b {
                    differing += 1;
                }
                let choose = |t: &silk_road::State| {
                    let config = MctsConfig::with_budget(Budget::Iterations(25));
                    let mut bot =
                        MctsBot::<SilkRoad>::with_rollout(9, config, SilkRoad::heuristic_choose);
                    let mut l = Vec::new();
                    SilkRoad::legal_actions(t, seat, &mut l);
                    (l.clone(), bot.choose(t, seat, &l))
                };
                assert_eq!(choose(&a), choose(&b), "step {step} of game {game}");
            }
            let action = SilkRoad::heuristic_choose(&s, seat, &legal, &mut rng);
            SilkRoad::apply(&mut s, seat, action).unwrap();
            step += 1;
        }
    }
    assert!(
        differing > 5,
        "only {differing} pairs differed in hidden information"
    );
}
