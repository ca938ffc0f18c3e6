//! One test per rule of Cities of the Silk Road. "Design: …" cites the text by Brian Stepnitz
//! ; "gap N" / "ambiguity N" cite the project's decisions (data/cities/README.md).
//! Scenarios set public state fields after a normal setup; play goes through `legal_actions`,
//! `apply_with`, `to_move`, `outcome` and `Action::parse`.

use silk_cities::cards::{FINE, STANDARD};
use silk_cities::data::{parse_json, CitiesConfig, Params, Rules};
use silk_cities::travel;
use silk_cities::{Action, Cities, Event, Phase, State};
use silk_core::{Game, Seat, SilkRng, ToMove};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);
const P3: Seat = Seat(2);
const P4: Seat = Seat(3);

// Regions of the bundled map (index = position in map.json) and empires (map order).
const CAUCASUS: u8 = 0;
const KHWAREZM: u8 = 1;
const FERGHANA: u8 = 2;
const GANSU: u8 = 3;
const ARMENIA: u8 = 4;
const SOGDIANA: u8 = 6;
const TARIM: u8 = 7;
const MESOPOTAMIA: u8 = 8;
const GANDHARA: u8 = 11;
const BYZANTIUM: u8 = 0;
const CHINA: u8 = 1;
const INDIA: u8 = 3;

// ------------------------------------------------------------------------------------------
// Helpers

fn legal(s: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    Cities::legal_actions(s, seat, &mut out);
    out
}

fn mover(s: &State) -> Seat {
    match Cities::to_move(s) {
        ToMove::Seat(x) => x,
        other => panic!("expected one seat to move, got {other:?}"),
    }
}

/// Plays `text` for the seat to move, which must be legal; returns the events. When the action
/// starts a move and the mover is asked for its route (gap 22, `route_rule = waypoint`), it
/// takes the cheapest: tests of the route choice itself use `act_only`.
fn act(s: &mut State, text: &str) -> Vec<Event> {
    let was_route = matches!(s.phase, Phase::Route { .. });
    let mut ev = act_only(s, text);
    if !was_route && matches!(s.phase, Phase::Route { .. }) {
        ev.extend(act_only(s, "route cheapest"));
    }
    ev
}

/// Plays `text` for the seat to move, which must be legal; returns the events.
fn act_only(s: &mut State, text: &str) -> Vec<Event> {
    let seat = mover(s);
    let a = Action::parse(s, text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        legal(s, seat).contains(&a),
        "{text:?} is not legal for {seat} in {:?}: {:?}",
        s.phase,
        legal(s, seat)
            .iter()
            .map(|a| a.to_text(s))
            .collect::<Vec<_>>()
    );
    let mut ev = Vec::new();
    Cities::apply_with(s, seat, a, &mut ev).unwrap();
    ev
}

fn refused(s: &State, text: &str) -> String {
    let seat = mover(s);
    let a = Action::parse(s, text).unwrap_or_else(|e| panic!("{e}"));
    let mut t = *s;
    let e = Cities::apply(&mut t, seat, a).expect_err("should be refused");
    assert_eq!(&t, s, "a refused action changed the state");
    e.to_string()
}

/// A game with the regions claimed in order (P1 Caucasus? no: as given) and Phase 2 reached:
/// barbarians (if any) are passed. Regions are then set by hand.
fn game(config: &CitiesConfig, seed: u64, regions: &[u8]) -> State {
    let mut s = Cities::setup(config, seed).unwrap();
    while matches!(s.phase, Phase::Claim { .. }) {
        let seat = mover(&s);
        let a = legal(&s, seat)[0];
        Cities::apply(&mut s, seat, a).unwrap();
    }
    while matches!(s.phase, Phase::Barbarians { .. }) {
        act(&mut s, "pass");
    }
    for (i, &r) in regions.iter().enumerate() {
        s.cities[i].region = r;
    }
    s
}

/// 4 players in Caucasus, Ferghana, Mesopotamia, Gandhara; P1's turn in round 1.
fn standard() -> State {
    let mut s = at_p1s_turn(&CitiesConfig::new(4));
    ensure_china(&mut s);
    s
}

/// 4 players under `c` in Caucasus, Ferghana, Mesopotamia, Gandhara; P1's turn in round 1
/// (China's market as dealt).
fn at_p1s_turn(c: &CitiesConfig) -> State {
    let mut s = game(c, 3, &[FERGHANA, CAUCASUS, MESOPOTAMIA, GANDHARA]);
    s.actor = P1;
    s.first = P1;
    s.left = 3;
    s.phase = Phase::Turn;
    s
}

/// A silk card on China's track to buy.
fn ensure_china(s: &mut State) {
    if s.sell[CHINA as usize].is_empty() {
        s.sell[CHINA as usize]
            .push_front(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
    }
}

fn end_turns(s: &mut State) {
    while matches!(s.phase, Phase::Turn) {
        act(s, "end turn");
    }
}

fn texts(s: &State, ev: &[Event]) -> Vec<String> {
    ev.iter().filter_map(|e| e.text(s, None)).collect()
}

// The rules, a module per part of the rules text; what one part defines for the others is
// imported here.
mod actions;
mod data_and_setup;
mod issue_30_readings_made_explicit_counts_t;
mod priority_and_turns;
mod replenish;
mod rise_and_fall;
mod victory;
use actions::*;
use replenish::*;
