//! Grand Vizier.

use super::*;

/// P1 takes a Grand Vizier at Hami and calls `good`; players hold `held` of it.
fn vizier(config: &SilkRoadConfig, good: Good, held: [u8; 4]) -> State {
    let mut s = setup_with(config, 16);
    arrive(&mut s, P1, "Hami", &[TileKind::GrandVizier; 3]);
    no_goods(&mut s);
    for (i, &k) in held.iter().enumerate() {
        let mut g = [0; 5];
        g[good.index()] = k;
        set_goods(&mut s, Seat(i as u8), g);
    }
    act(&mut s, P1, "take 1");
    act(&mut s, P1, &format!("vizier {good}"));
    s
}

/// Everyone reveals, in the order given; returns what each was paid.
fn reveal_all(s: &mut State, shown: [u8; 4]) -> [u16; 4] {
    let before = s.money;
    for i in [2, 0, 3, 1] {
        act(s, Seat(i as u8), &format!("reveal {}", shown[i]));
    }
    check(s);
    let mut paid = [0; 4];
    for i in 0..4 {
        paid[i] = s.money[i] - before[i];
    }
    paid
}

/// Rules summary: Grand Vizier — all players reveal simultaneously (any order, nobody sees the
/// others' choice first), up to what they own.
#[test]
fn vizier_auction_is_simultaneous() {
    let mut s = vizier(&SilkRoadConfig::new(4), Good::Silk, [3, 2, 1, 0]);
    assert_eq!(
        SilkRoad::to_move(&s),
        ToMove::Simultaneous(SeatSet::full(4))
    );
    assert_eq!(legal(&s, P4), [Action::Reveal(0)]);
    assert_eq!(legal(&s, P2).len(), 3, "0, 1 or 2");
    assert_refused(&s, P2, "reveal 3", "only 2");
    act(&mut s, P3, "reveal 1");
    let mut rest = SeatSet::full(4);
    rest.remove(P3);
    assert_eq!(SilkRoad::to_move(&s), ToMove::Simultaneous(rest));
    assert!(legal(&s, P3).is_empty());
    assert_refused(&s, P3, "reveal 0", "not P3's decision");
    // P3's choice is not in the others' views.
    let v = SilkRoad::view(&s, P1);
    assert_eq!(v.my_reveal, None);
    assert_eq!(SilkRoad::view(&s, P3).my_reveal, Some(1));
    act(&mut s, P1, "reveal 2");
    act(&mut s, P4, "reveal 0");
    let ev = act(&mut s, P2, "reveal 2");
    assert!(ev.iter().any(|e| matches!(e, Event::Revealed { .. })));
    // Tie for first between P1 and P2 at 2.
    assert!(matches!(s.phase, Phase::PassPawn { actor: P1 }));
    check(&s);
}

/// Auction point `vizier_auction = once_around/none/shared` (an open reveal swapped in for the
/// lab): the caller shows first, then each in turn, and each choice is told to everyone as it
/// is made (the rules' sealed reveal tells only that a choice is made).
#[test]
fn an_open_vizier_reveal_tells_each_choice_as_it_is_made() {
    let mut config = SilkRoadConfig::new(4);
    config.params.vizier_auction = "once_around/none/shared".parse().unwrap();
    let mut s = vizier(&config, Good::Silk, [3, 2, 1, 0]);
    assert_eq!(mover(&s), P1, "the caller shows first");
    let ev = act(&mut s, P1, "reveal 1");
    let told: Vec<String> = ev
        .iter()
        .filter_map(|e| SilkRoad::event_text(&s, e, Some(P3)))
        .collect();
    assert_eq!(told, ["P1 shows 1"]);
    assert_eq!(mover(&s), P2);
    let ev = act(&mut s, P2, "reveal 2");
    assert!(ev.contains(&Event::Showed { seat: P2, count: 2 }));
    check(&s);
}

/// Rules summary: Grand Vizier — tied first players all get 5 and there is no second.
#[test]
fn vizier_tied_firsts_all_get_five_and_no_second() {
    let mut s = vizier(&SilkRoadConfig::new(4), Good::Fruits, [2, 2, 1, 1]);
    assert_eq!(reveal_all(&mut s, [2, 2, 1, 1]), [5, 5, 0, 0]);
}

/// Rules summary: Grand Vizier — a single first gets 5 and all those tied for second get 3.
#[test]
fn vizier_single_first_five_and_tied_seconds_three() {
    let mut s = vizier(&SilkRoadConfig::new(4), Good::Jewels, [4, 1, 1, 0]);
    assert_eq!(reveal_all(&mut s, [3, 1, 1, 0]), [5, 3, 3, 0]);
    let mut s = vizier(&SilkRoadConfig::new(4), Good::Jewels, [4, 2, 1, 0]);
    assert_eq!(reveal_all(&mut s, [4, 2, 1, 0]), [5, 3, 0, 0]);
}

/// Project decision gap 7 — a reveal of 0 does not place (everyone 0: nobody is paid); with
/// vizier_zero_places it can.
#[test]
fn vizier_auction_of_zero_does_not_place() {
    let config = SilkRoadConfig::new(4);
    let mut s = vizier(&config, Good::Spices, [2, 1, 0, 0]);
    assert_eq!(reveal_all(&mut s, [2, 0, 0, 0]), [5, 0, 0, 0]);
    let mut s = vizier(&config, Good::Spices, [2, 1, 0, 0]);
    assert_eq!(reveal_all(&mut s, [0, 0, 0, 0]), [0, 0, 0, 0]);

    let mut config = SilkRoadConfig::new(4);
    config.params.vizier_zero_places = true;
    let mut s = vizier(&config, Good::Spices, [2, 1, 0, 0]);
    assert_eq!(reveal_all(&mut s, [2, 0, 0, 0]), [5, 3, 3, 3]);
    let mut s = vizier(&config, Good::Spices, [2, 1, 0, 0]);
    assert_eq!(reveal_all(&mut s, [0, 0, 0, 0]), [5, 5, 5, 5]);
}

/// Rules summary: Grand Vizier — a good called by a Vizier cannot be called again; once all five
/// have been, a 6th Vizier may call any good.
#[test]
fn vizier_called_good_blocked_until_all_five_called() {
    let mut s = setup(4, 17);
    no_goods(&mut s);
    let calls = [
        Good::Silk,
        Good::Ivory,
        Good::Spices,
        Good::Fruits,
        Good::Jewels,
    ];
    let mut called = Vec::new();
    for (market, city_name) in ["Hami", "Miran"].into_iter().enumerate() {
        arrive(&mut s, P1, city_name, &[TileKind::GrandVizier; 3]);
        for k in 0..3 {
            let actor = mover(&s);
            let first = s.city_tiles().next().unwrap().0 + 1;
            act(&mut s, actor, &format!("take {first}"));
            let offered: Vec<Good> = legal(&s, actor)
                .into_iter()
                .filter_map(|a| match a {
                    Action::Vizier(g) => Some(g),
                    _ => None,
                })
                .collect();
            let turn = market * 3 + k;
            if turn < 5 {
                for g in &called {
                    assert!(!offered.contains(g), "{g} called twice");
                    assert_refused(&s, actor, &format!("vizier {g}"), "already called");
                }
                assert_eq!(offered.len(), 5 - turn);
                act(&mut s, actor, &format!("vizier {}", calls[turn]));
                called.push(calls[turn]);
            } else {
                assert_eq!(offered, Good::ALL, "the 6th Vizier may call any good");
                act(&mut s, actor, "vizier silk");
            }
            for seat in [P1, P2, P3, P4] {
                act(&mut s, seat, "reveal 0");
            }
            if matches!(s.phase, Phase::PassPawn { .. }) {
                let to = gives(&s, actor)[0];
                act(&mut s, actor, &format!("give {to}"));
            }
        }
        assert!(matches!(s.phase, Phase::Auction(_)));
    }
    check(&s);
}
