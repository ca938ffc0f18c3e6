//! Rule points the rest of the suite left open, found by mutation testing (docs/testing.md):
//! each test names the rule it pins.

use silk_cities::data::{CitiesConfig, RouteRule};
use silk_cities::{Action, Cities, Event, Phase, State};
use silk_core::{Chance, EventSink, Game, Seat, SeatSet, ToMove};

// Regions of the bundled map (index = position in map.json) and empires (map order).
const FERGHANA: u8 = 2;
const GANSU: u8 = 3;
const TARIM: u8 = 7;
const MESOPOTAMIA: u8 = 8;
const CHINA: u8 = 1;

fn mover(s: &State) -> Seat {
    match Cities::to_move(s) {
        ToMove::Seat(x) => x,
        other => panic!("expected one seat to move, got {other:?}"),
    }
}

/// A game of `config` past the claims and any barbarians: seat 0's turn in round 1.
fn at_first_turn(config: &CitiesConfig, seed: u64) -> State {
    let mut s = Cities::setup(config, seed).expect("setup");
    while let Phase::Claim { .. } | Phase::Barbarians { .. } = s.phase {
        let seat = mover(&s);
        let a = if matches!(s.phase, Phase::Claim { .. }) {
            let mut legal = Vec::new();
            Cities::legal_actions(&s, seat, &mut legal);
            legal[0]
        } else {
            Action::parse(&s, "pass").expect("pass")
        };
        Cities::apply(&mut s, seat, a).expect("legal");
    }
    s.actor = Seat(0);
    s.first = Seat(0);
    s.left = s.players() as u8 - 1;
    s.phase = Phase::Turn;
    s
}

/// Refuses `action` for the seat to move, leaving the state unchanged; returns the reason.
fn refused(s: &State, action: Action) -> String {
    let mut t = *s;
    let e = Cities::apply(&mut t, mover(s), action).expect_err("refused");
    assert_eq!(t, *s, "a refused decision changes nothing");
    e.to_string()
}

/// A map may hold fewer than four Great Empires (data/cities/README.md): with three, a purchase
/// from a fourth is refused as no such empire, as it is from any index past the last.
#[test]
fn buying_from_an_empire_past_the_maps_last_is_no_such_empire() {
    let mut c = CitiesConfig::new(3);
    let gone = c.map.empires.pop().expect("four empires").name;
    c.empires.retain(|e| e.name != gone);
    c.map.not_adjacent.retain(|pair| !pair.contains(&gone));
    let s = at_first_turn(&c, 1);
    assert_eq!(s.rules.empires.len(), 3);
    for empire in [3, 4, 200] {
        let why = refused(&s, Action::Buy { empire, slot: 0 });
        assert!(why.contains("no such empire"), "empire {empire}: {why}");
    }
}

/// Workshop: "once a round, one Laborer gathers 1 more of the region's specialty". A specialty
/// gathered before the Workshop is built does not use it up: built later in the round, it still
/// gives its one more that round.
#[test]
fn workshop_built_after_a_gather_still_gives_its_bonus_that_round() {
    let mut s = at_first_turn(&CitiesConfig::new(4), 3);
    let city = s.cities[0];
    let specialty = if s.rules.is_food_region(city.region) {
        "food"
    } else {
        "metal"
    };
    assert_eq!(city.laborers, [2, 0], "two Laborers to gather with");
    s.cities[0].metal = 2;
    let held = |s: &State| s.cities[0].food + s.cities[0].metal;
    let act = |s: &mut State, text: &str| {
        let a = Action::parse(s, text).expect("parse");
        Cities::apply(s, Seat(0), a).unwrap_or_else(|e| panic!("{text}: {e}"));
    };
    let before = held(&s);
    act(&mut s, &format!("gather {specialty}"));
    assert_eq!(held(&s) - before, 2, "the specialty, no Workshop yet");
    act(&mut s, "build workshop");
    let before = held(&s);
    act(&mut s, &format!("gather {specialty}"));
    assert_eq!(held(&s) - before, 3, "the Workshop's first use this round");
}

/// Gap 25: a new City-State rises in a region of the map neither claimed nor collapsed; a
/// region number past the map's last is no region, and refused like a claimed one.
#[test]
fn a_city_rises_only_in_a_region_of_the_map() {
    let mut s = at_first_turn(&CitiesConfig::new(4), 3);
    s.phase = Phase::RiseFall;
    let regions = s.rules.map.len() as u8;
    let free = (0..regions)
        .find(|&r| s.owner(r).is_none() && !s.is_collapsed(r))
        .expect("a free region");
    let mut legal = Vec::new();
    Cities::legal_actions(&s, Seat(0), &mut legal);
    assert!(legal.contains(&Action::Fall(free)));
    for r in [regions, regions + 1, u8::MAX] {
        assert!(!legal.contains(&Action::Fall(r)), "region {r} listed");
        let why = refused(&s, Action::Fall(r));
        assert!(
            why.contains("neither claimed nor collapsed"),
            "region {r}: {why}"
        );
    }
}

/// Gap 23: after a refused toll the mover takes another route only if they can pay for it;
/// otherwise the move is called off (the Merchant untapped, nothing paid), and nobody on the
/// route they cannot pay for is asked a toll.
#[test]
fn after_a_refused_toll_a_route_the_mover_cannot_pay_is_not_taken() {
    let mut c = CitiesConfig::new(4);
    c.params.route_rule = RouteRule::Cheapest;
    let mut s = at_first_turn(&c, 3);
    // P1 in Ferghana; P2 in Gansu, on the cheapest way to China (cost 1); P3 in Tarim, on the
    // other way (Sogdiana 2, Tarim 2).
    for (city, region) in s
        .cities
        .iter_mut()
        .zip([FERGHANA, GANSU, TARIM, MESOPOTAMIA])
    {
        city.region = region;
    }
    let china = &mut s.sell[CHINA as usize];
    if china.is_empty() {
        china
            .push_front(silk_trade::TrackCard::single(silk_cities::cards::STANDARD))
            .expect("room");
    }
    let en = s.sell[CHINA as usize].iter().next().expect("a card");
    // Enough for the price and Gansu's toll of 1, not for the 4 of the other way.
    let coins = en.price as u16 + 2;
    s.issued -= (s.cities[0].coins - coins) as i32;
    s.cities[0].coins = coins;
    let play = |s: &mut State, text: &str| {
        let seat = mover(s);
        let a = Action::parse(s, text).expect("parse");
        let mut ev = Vec::new();
        Cities::apply_with(s, seat, a, &mut ev).unwrap_or_else(|e| panic!("{text}: {e}"));
        ev
    };
    play(&mut s, &format!("buy china {}", en.slot + 1));
    assert_eq!(mover(&s), Seat(1), "Gansu's owner asks a toll");
    // More than the least toll the route was priced at: the mover may refuse.
    play(&mut s, "demand 2");
    assert_eq!(mover(&s), Seat(0));
    let ev = play(&mut s, "refuse toll");
    assert!(
        ev.iter().any(|e| matches!(e, Event::MoveCancelled { .. })),
        "{ev:?}"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Rerouted { .. })),
        "{ev:?}"
    );
    assert!(matches!(s.phase, Phase::Turn), "{:?}", s.phase);
    assert_eq!(s.cities[0].merchants, [1, 0], "the Merchant is untapped");
    assert_eq!(s.cities[0].coins, coins, "nothing paid");
}

/// The round starts (`silk_cities::start_round`) with a barbarian of strength 1 on top of the silk
/// deck; the events of the round's start.
fn barbarians_come(s: &mut State) -> Vec<Event> {
    let top = s.silk_len as usize - 1;
    let at = s.silk_deck[..=top]
        .iter()
        .position(|&c| c == 2)
        .expect("a barbarian of strength 1");
    s.silk_deck.swap(at, top);
    let mut ev = Vec::new();
    silk_cities::start_round(s, &mut ev);
    ev
}

/// Design: the player with the most Soldiers opens the barbarian auction; ambiguity 2: a tie
/// goes to the tied player who went latest in the previous Phase 2. P1 went last (P2 first),
/// so of P1 and P4, tied, P1 went later.
#[test]
fn barbarian_tie_goes_to_the_player_who_went_latest_counted_from_the_previous_first() {
    let mut s = at_first_turn(&CitiesConfig::new(4), 3);
    for (city, soldiers) in s.cities.iter_mut().zip([3, 1, 1, 3]) {
        city.soldiers = [soldiers, 0];
    }
    s.last_prev = Seat(0);
    let ev = barbarians_come(&mut s);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::BarbariansCome {
                priority: Seat(0),
                ..
            }
        )),
        "{ev:?}"
    );
    assert_eq!(mover(&s), Seat(0));
}

/// Design: when the barbarians come and nobody has a Soldier to bid, nobody is asked: the
/// barbarians are settled at once and every player takes the penalty.
#[test]
fn barbarians_with_no_soldier_anywhere_are_settled_at_once() {
    let mut s = at_first_turn(&CitiesConfig::new(4), 3);
    for city in s.cities.iter_mut() {
        city.soldiers = [0, 0];
        city.recruits = [0, 0];
    }
    let ev = barbarians_come(&mut s);
    assert!(
        !matches!(s.phase, Phase::Barbarians { .. }),
        "{:?}",
        s.phase
    );
    assert_eq!(s.penalized, SeatSet::full(4));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::BarbariansRepelled {
                winner: None,
                penalized: 4
            }
        )),
        "{ev:?}"
    );
}

/// Events and the draws of chance a trace writer would record.
#[derive(Default)]
struct Recorder {
    events: Vec<Event>,
    shuffles: usize,
}

impl EventSink<Event> for Recorder {
    fn emit(&mut self, event: Event) {
        self.events.push(event);
    }
    fn chance(&mut self, draw: Chance<'_>) {
        if let Chance::Shuffle { .. } = draw {
            self.shuffles += 1;
        }
    }
}

/// Gap 15: an empty development deck is made again from the used effect cards; with none
/// used there is nothing to shuffle, no shuffle is drawn (a trace records none), and no card.
#[test]
fn an_empty_development_deck_with_no_used_card_draws_no_shuffle() {
    let mut s = at_first_turn(&CitiesConfig::new(4), 3);
    s.dev_len = 0;
    s.dev_used = [0; silk_cities::data::MAX_DEV_TYPES];
    let before = s.cities[0].dev_count();
    let mut rec = Recorder::default();
    silk_cities::draw_dev(
        &mut s,
        Seat(0),
        silk_cities::DevSource::Barbarians,
        &mut rec,
    );
    assert_eq!(rec.shuffles, 0, "nothing to shuffle");
    assert!(matches!(
        rec.events[..],
        [Event::NoDevCards { seat: Seat(0) }]
    ));
    assert_eq!(s.cities[0].dev_count(), before);
    // With one used effect card, the deck is made again: one shuffle, one card.
    s.dev_used[1] = 1;
    let mut rec = Recorder::default();
    silk_cities::draw_dev(
        &mut s,
        Seat(0),
        silk_cities::DevSource::Barbarians,
        &mut rec,
    );
    assert_eq!(rec.shuffles, 1);
    assert_eq!(s.cities[0].dev_count(), before + 1);
}

const KHWAREZM: u8 = 1;
const GANDHARA: u8 = 11;

/// Seat 0's turn with its city in Khwarezm, seat 1's in Ferghana (the others in Mesopotamia and
/// Gandhara), one Soldier and 40 coins: seat 0's attack on seat 1 with it.
fn khwarezm_attacks_ferghana(c: &CitiesConfig) -> (State, silk_cities::MoveKind) {
    let mut s = at_first_turn(c, 3);
    for (city, region) in s
        .cities
        .iter_mut()
        .zip([KHWAREZM, FERGHANA, MESOPOTAMIA, GANDHARA])
    {
        city.region = region;
    }
    s.cities[0].soldiers = [1, 0];
    s.cities[0].coins = 40;
    let attack = silk_cities::MoveKind::Attack {
        target: Seat(1),
        army: 1,
    };
    (s, attack)
}

/// Khwarezm's attack on Ferghana is declared: the mover is asked for its route.
fn declare_the_attack(s: &mut State) {
    let mut ev = Vec::new();
    Cities::apply_with(
        s,
        Seat(0),
        Action::Attack {
            target: Seat(1),
            army: 1,
        },
        &mut ev,
    )
    .expect("the attack");
}

/// Issue 44, point 27. Gap 22, `route_rule = waypoint`: the route by way of a waypoint enters
/// no region twice. From Khwarezm by way of Caucasus (a corner: its other border, Armenia, is
/// full of coin stacks and cannot be entered), the only way on to Ferghana is back through
/// Khwarezm: that waypoint gives no route, and the mover may not pick it. With Armenia open,
/// the same waypoint gives a route around (Armenia, Margiana, Sogdiana).
#[test]
fn issue44_p27_a_waypoint_route_that_must_reenter_a_region_is_refused() {
    const CAUCASUS: u8 = 0;
    const ARMENIA: u8 = 4;
    const MARGIANA: u8 = 5;
    const SOGDIANA: u8 = 6;
    let c = CitiesConfig::new(4);
    assert_eq!(c.params.route_rule, RouteRule::Waypoint);
    let (mut s, attack) = khwarezm_attacks_ferghana(&c);
    let open = silk_cities::plan_via(&s, Seat(0), attack, 0, CAUCASUS).expect("a route around");
    assert_eq!(
        open.path(),
        [KHWAREZM, CAUCASUS, ARMENIA, MARGIANA, SOGDIANA, FERGHANA]
    );
    for _ in 0..silk_trade::route::MAX_STACKS {
        s.stacks.push_stack(ARMENIA, 1).expect("room for a stack");
    }
    assert_eq!(
        silk_cities::plan_via(&s, Seat(0), attack, 0, CAUCASUS),
        None
    );
    // At the table: the attack asks for its route, and Caucasus is neither offered nor taken.
    declare_the_attack(&mut s);
    assert!(matches!(s.phase, Phase::Route { .. }), "{:?}", s.phase);
    let mut legal = Vec::new();
    Cities::legal_actions(&s, Seat(0), &mut legal);
    assert!(legal.contains(&Action::Route(silk_cities::cards::NONE)));
    assert!(!legal.contains(&Action::Route(CAUCASUS)), "{legal:?}");
    refused(&s, Action::Route(CAUCASUS));
}

/// Gap 22, `route_rule = waypoint`: a waypoint is a region the route passes through on its
/// way, so neither the mover's home nor the target city is one. From Khwarezm to Ferghana, a
/// waypoint at home would only give the cheapest route again and is refused as no waypoint
/// route (not as "the cheapest route"); the target gives no route either. Sogdiana, a region
/// between them, does.
#[test]
fn a_waypoint_is_neither_the_movers_home_nor_the_target_city() {
    const SOGDIANA: u8 = 6;
    let c = CitiesConfig::new(4);
    let (mut s, attack) = khwarezm_attacks_ferghana(&c);
    assert_eq!(
        silk_cities::plan_via(&s, Seat(0), attack, 0, KHWAREZM),
        None
    );
    assert_eq!(
        silk_cities::plan_via(&s, Seat(0), attack, 0, FERGHANA),
        None
    );
    let by_sogdiana = silk_cities::plan_via(&s, Seat(0), attack, 0, SOGDIANA).expect("a route");
    assert_eq!(by_sogdiana.path().first(), Some(&KHWAREZM));
    assert!(by_sogdiana.path().contains(&SOGDIANA));
    // At the table, the refusal names the waypoint as giving no route.
    declare_the_attack(&mut s);
    let why = refused(&s, Action::Route(KHWAREZM));
    assert!(why.contains("no route goes by way of"), "{why}");
}

/// Selling to a Great Empire: the empire pays the price of the slot of its buy track the card
/// fills. The price the page's sell buttons show (`silk_cities::sell_price`) is the one the sale
/// pays: for every sale the seat may make at the start of its turn, the `Sold` event's price.
#[test]
fn the_price_a_sell_button_shows_is_what_the_sale_pays() {
    let c = CitiesConfig::new(4);
    let mut checked = 0;
    for seed in 1..=6 {
        let mut s = at_first_turn(&c, seed);
        s.cities[0].merchants = [2, 0];
        s.cities[0].coins = 40;
        for res in silk_cities::Res::ALL {
            s.cities[0].add_res(res, 2);
        }
        let mut legal = Vec::new();
        Cities::legal_actions(&s, Seat(0), &mut legal);
        for &a in &legal {
            let Action::Sell { empire, res } = a else {
                continue;
            };
            let shown = silk_cities::sell_price(&s, empire, res).expect("a legal sale has a price");
            let mut t = s;
            let mut ev = Vec::new();
            Cities::apply_with(&mut t, Seat(0), a, &mut ev).expect("legal");
            // The cheapest route when the seat is asked for one.
            let mut more = Vec::new();
            while ev.iter().all(|e| !matches!(e, Event::Sold { .. })) {
                more.clear();
                let who = mover(&t);
                Cities::legal_actions(&t, who, &mut more);
                let next = more
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Route(_) | Action::Accept))
                    .unwrap_or(more[0]);
                Cities::apply_with(&mut t, who, next, &mut ev).expect("legal");
            }
            let paid = ev
                .iter()
                .find_map(|e| match e {
                    Event::Sold { price, .. } => Some(u32::from(*price)),
                    _ => None,
                })
                .expect("sold");
            assert_eq!(paid, shown, "seed {seed}: {a:?}");
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} sales checked");
}
