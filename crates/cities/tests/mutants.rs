//! Rule points the rest of the suite left open, found by mutation testing (docs/testing.md):
//! each test names the rule it pins.

use silk_cities::data::CitiesConfig;
use silk_cities::{Action, Cities, Phase, State};
use silk_core::{Game, Seat, ToMove};

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
        assert!(why.contains("neither claimed nor collapsed"), "region {r}: {why}");
    }
}
