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
