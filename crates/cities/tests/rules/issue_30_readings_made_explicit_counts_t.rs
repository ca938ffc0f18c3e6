//! Issue 30: readings made explicit, counts that cannot overflow, what the view shows.

use super::*;

/// Moves the development card `name` from the deck into `seat`'s hand.
fn give_card(s: &mut State, seat: Seat, name: &str) {
    let t = s.rules.dev_by_name(name).unwrap();
    let at = s.dev_deck[..s.dev_len as usize]
        .iter()
        .position(|&x| x == t)
        .unwrap();
    s.dev_deck.swap(at, s.dev_len as usize - 1);
    s.dev_len -= 1;
    s.cities[seat.index()].dev[t as usize] += 1;
}

/// Issue 30 point 7 (gaps 12 and 31: unlimited supply, `store_cap = 0` is no limit): a city
/// holding 255 food or metal still gains every card it gathers; nothing stops at a byte.
#[test]
fn issue30_p7_gathering_past_255_keeps_every_card() {
    let mut s = standard(); // P1 in Ferghana, a food region
    assert_eq!(s.rules.config.params.store_cap, 0);
    s.cities[0].food = 255;
    s.cities[0].metal = 255;
    let ev = act(&mut s, "gather food");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Gathered { amount: 2, .. })));
    act(&mut s, "gather metal");
    assert_eq!((s.cities[0].food, s.cities[0].metal), (257, 256));
    let v = Cities::view(&s, P2);
    assert_eq!((v.cities[0].food, v.cities[0].metal), (257, 256));
    assert!(Cities::view_text(&s, P2).contains("257 food, 256 metal"));
    // Every card counts in the Golden Age (1 coin each) and goes to the collapse auction.
    let citizens = s.cities[0].citizens();
    assert_eq!(silk_cities::golden_age(&s, P1), 257 + 256 + 2 * citizens);
    s.cities[0].food = 70_000;
    end_turns(&mut s);
    while mover(&s) != P1 {
        act(&mut s, "keep");
    }
    act(&mut s, "fall to khwarezm");
    match s.phase {
        Phase::Lot { lot } => assert_eq!((lot.food, lot.metal), (70_000, 256)),
        ref p => panic!("expected the collapse auction, got {p:?}"),
    }
}

/// Issue 30 point 8 (gap 9, `fine_rule`): the price a track shows for a fine silk card is the
/// price the rule in force charges (China) or paid (Byzantium), in the view and its text.
#[test]
fn issue30_p8_view_shows_the_fine_silk_price_the_rule_charges() {
    use silk_cities::data::FineRule;
    // China's slots 2-3 cost 3 and 2: the sum is 5, twice the front slot 6.
    // Byzantium's first two slots pay 15 and 14: the sum is 29, twice the front slot 30.
    for (rule, china, byzantium) in [(FineRule::Sum, 5, 29), (FineRule::TwiceCurrent, 6, 30)] {
        let mut s = standard_with(|p| p.fine_rule = rule);
        let track = &mut s.sell[CHINA as usize];
        track.clear();
        track
            .push_front(silk_trade::TrackCard::double(FINE))
            .unwrap();
        track
            .push_front(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
        s.cities[0].merchants = [2, 0];
        s.cities[0].fine = 1;
        s.cities[0].coins += 10;
        s.issued += 10;
        s.cities[1].region = TARIM; // no toll on the way west
        let shown = |s: &State, empire: &str, sells: bool| {
            let v = Cities::view(s, P1);
            let t = v
                .tracks
                .iter()
                .find(|t| t.empire == empire && t.sells == sells)
                .unwrap();
            let (slot, _, price) = t.cards.iter().find(|c| c.1 == "fine silk").unwrap();
            (*slot, *price)
        };
        assert_eq!(shown(&s, "China", true), (2, china), "{rule:?}");
        assert!(Cities::view_text(&s, P1).contains(&format!("2:fine silk@{china}")));
        let ev = act(&mut s, "buy china 2");
        let charged = ev.iter().find_map(|e| match e {
            Event::Bought { price, .. } => Some(*price as u32),
            _ => None,
        });
        assert_eq!(
            charged,
            Some(china),
            "{rule:?}: the buyer pays the price shown"
        );
        let ev = act(&mut s, "sell fine to byzantium");
        let paid = ev.iter().find_map(|e| match e {
            Event::Sold { price, .. } => Some(*price as u32),
            _ => None,
        });
        assert_eq!(paid, Some(byzantium), "{rule:?}");
        assert_eq!(shown(&s, "Byzantium", false), (1, byzantium), "{rule:?}");
    }
}

/// Issue 30 point 10, gap 16 "apply both" with `both_wiped_out = reserve_then_plunder` (the
/// default): the beaten attacker's reserve goes to the defender first, and the plunder takes
/// half of the defender's coins with the reserve in them.
#[test]
fn issue30_p10_both_wiped_out_reserve_then_plunder() {
    use silk_cities::data::BothWipedOut;
    let mut s = standard();
    assert_eq!(
        s.rules.config.params.both_wiped_out,
        BothWipedOut::ReserveThenPlunder
    );
    s.cities[1].region = GANSU; // next door: route 0, reserve 1
    s.cities[1].coins = 11;
    s.issued += 1;
    act(&mut s, "attack P2 with 2");
    let ev = act(&mut s, "defend with 2");
    assert_eq!(
        (s.cities[0].all_soldiers(), s.cities[1].all_soldiers()),
        (0, 0)
    );
    // 11 + 1 = 12, half of it (6) plundered.
    assert_eq!((s.cities[0].coins, s.cities[1].coins), (10 - 1 + 6, 6));
    let order: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ReservePaid { .. } => Some("reserve"),
            Event::Plundered { .. } => Some("plunder"),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["reserve", "plunder"]);
    assert_eq!(
        s.cities[0].dev_count(),
        1,
        "the attacker still wins its card"
    );
}

/// Issue 30 point 10, gap 16 with `both_wiped_out = plunder_then_reserve`: the plunder takes
/// half of the defender's own coins, then the reserve is paid.
#[test]
fn issue30_p10_both_wiped_out_plunder_then_reserve() {
    use silk_cities::data::BothWipedOut;
    let mut s = standard_with(|p| p.both_wiped_out = BothWipedOut::PlunderThenReserve);
    s.cities[1].region = GANSU;
    s.cities[1].coins = 11;
    s.issued += 1;
    act(&mut s, "attack P2 with 2");
    let ev = act(&mut s, "defend with 2");
    assert_eq!(
        (s.cities[0].all_soldiers(), s.cities[1].all_soldiers()),
        (0, 0)
    );
    // Half of 11 (5) plundered, then the reserve of 1 paid.
    assert_eq!((s.cities[0].coins, s.cities[1].coins), (10 + 5 - 1, 7));
    let order: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ReservePaid { .. } => Some("reserve"),
            Event::Plundered { .. } => Some("plunder"),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["plunder", "reserve"]);
    assert_eq!(s.cities[0].dev_count(), 1);
}

/// Three purchases from China through Gansu (cost 1) after playing Safe Passage; the travel
/// each route paid.
fn three_trips_with_safe_passage(s: &mut State) -> Vec<u16> {
    let track = &mut s.sell[CHINA as usize];
    track.clear();
    for _ in 0..3 {
        track
            .push_front(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
    }
    s.cities[0].merchants = [3, 0];
    give_card(s, P1, "Safe Passage");
    act(s, "play safe passage");
    let mut routes = Vec::new();
    for slot in 1..=3 {
        for e in act(s, &format!("buy china {slot}")) {
            if let Event::Bought { route, .. } = e {
                routes.push(route);
            }
        }
    }
    routes
}

/// Issue 30 point 10, gap 14 with `safe_passage = once` (the default): "ignore 2 travel cost
/// this round" is one credit of 2, used up by the first routes of the round.
#[test]
fn issue30_p10_safe_passage_once_is_spent_across_the_rounds_routes() {
    use silk_cities::data::SafePassage;
    let mut s = standard();
    assert_eq!(s.rules.config.params.safe_passage, SafePassage::Once);
    assert_eq!(three_trips_with_safe_passage(&mut s), [0, 0, 1]);
    assert_eq!(s.cities[0].travel_credit, 0);
    assert_eq!(s.stacks.stack_count(GANSU), 1);
}

/// Issue 30 point 10, gap 14 with `safe_passage = every_route`: every route of the round
/// ignores 2 travel cost.
#[test]
fn issue30_p10_safe_passage_every_route_takes_2_off_each_route() {
    use silk_cities::data::SafePassage;
    let mut s = standard_with(|p| p.safe_passage = SafePassage::EveryRoute);
    assert_eq!(three_trips_with_safe_passage(&mut s), [0, 0, 0]);
    assert_eq!(s.cities[0].travel_credit, 2, "it lasts the round");
    assert_eq!(s.stacks.stack_count(GANSU), 0);
    // The credit ends with the round.
    end_turns(&mut s);
    while s.round == 1 {
        act(&mut s, "keep");
    }
    assert_eq!(s.cities[0].travel_credit, 0);
}

/// Issue 30 point 10: the view text names the players the barbarians penalise as the rest of
/// the text does (P1, P2), not as Rust debug output.
#[test]
fn issue30_p10_view_text_names_the_penalised_players() {
    let mut s = standard();
    s.penalized.insert(P1);
    s.penalized.insert(P3);
    let t = Cities::view_text(&s, P2);
    assert!(t.contains("Barbarian travel penalty: P1, P3\n"), "{t}");
    assert!(!t.contains("Seat("), "{t}");
}

/// Issue 30 ("Done when"): `silk rules cities` lists each decided reading with its parameter
/// and what the value in force does.
#[test]
fn issue30_rules_text_lists_each_decided_reading_with_its_parameter() {
    use silk_cities::data::{BothWipedOut, FineRule, SafePassage};
    let text = |edit: &dyn Fn(&mut Params)| {
        let mut c = CitiesConfig::new(4);
        edit(&mut c.params);
        silk_cities::rules_text(&Rules::compile(&c).unwrap())
    };
    let t = text(&|_| {});
    for line in [
        "  - store_cap = 0 (gaps 12, 31): no storage limit",
        "  - fine_rule = sum (gap 9): fine silk costs (China) or pays (Byzantium) the sum",
        "  - max_rounds = 40 (gap 32): after round 40 the game stops: the most VP wins, then the most coins",
        "  - both_wiped_out = reserve_then_plunder (gap 16): ",
        "  - safe_passage = once (gap 14): ",
    ] {
        assert!(t.contains(line), "{line:?} missing from:\n{t}");
    }
    let t = text(&|p| {
        p.store_cap = 5;
        p.fine_rule = FineRule::TwiceCurrent;
        p.both_wiped_out = BothWipedOut::PlunderThenReserve;
        p.safe_passage = SafePassage::EveryRoute;
    });
    for line in [
        "  - store_cap = 5 (gaps 12, 31): a city holds at most 5 cards",
        "  - fine_rule = twice_current (gap 9): fine silk costs (China) or pays (Byzantium) twice",
        "  - both_wiped_out = plunder_then_reserve (gap 16): ",
        "  - safe_passage = every_route (gap 14): ",
    ] {
        assert!(t.contains(line), "{line:?} missing from:\n{t}");
    }
}
