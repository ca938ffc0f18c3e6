//! The search bot never peeks: two states that differ only in what the deciding seat cannot
//! know (other shields' goods, the bag, sealed Vizier reveals) get the same choice from the same
//! seed. Each pair is two determinizations of one true state from the deciding seat's view.

use silk_bots::{Budget, MctsBot, MctsConfig};
use silk_core::Seat;
use silk_core::{next_decider, Game, Heuristic, Player, SilkRng};
use silk_road::{Event, Good, SilkRoad, SilkRoadConfig};

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

/// The stolen good is in the JSON only for the thief and the victim; a theft from a player
/// with no goods says so to everyone (`null`).
#[test]
fn a_stolen_good_is_kept_from_the_others_in_json_events() {
    let s = SilkRoad::setup(&SilkRoadConfig::new(4), 1).unwrap();
    let stole = Event::Stole {
        thief: Seat(1),
        victim: Seat(2),
        good: Some(Good::Silk),
    };
    let seen = |viewer| SilkRoad::event_json(&s, &stole, viewer).unwrap()["Stole"].clone();
    for viewer in [None, Some(Seat(0)), Some(Seat(3))] {
        assert!(seen(viewer).get("good").is_none(), "{viewer:?}");
        assert_eq!(seen(viewer)["thief"], 1);
    }
    for viewer in [Some(Seat(1)), Some(Seat(2))] {
        assert!(seen(viewer)["good"].is_string(), "{viewer:?}");
    }
    let nothing = Event::Stole {
        thief: Seat(1),
        victim: Seat(2),
        good: None,
    };
    let public = SilkRoad::event_json(&s, &nothing, None).unwrap();
    assert!(public["Stole"]["good"].is_null() && public["Stole"].get("good").is_some());
}
