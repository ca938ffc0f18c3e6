//! One test per rule of Silk Road. Each test names its source: "Rules summary: …" is the
//! Z-Man rules summary, "Project decision gap N" is the project's decision N
//! (docs/silk-road.md). Scenarios are built by setting the public state fields after a normal setup; play is
//! driven only through `legal_actions`, `apply_with`, `to_move`, `outcome` and `Action::parse`.

use silk_core::{Game, Seat, SeatSet, ToMove};
use silk_road::data::{Colour, SpentGoods, TieRule};
use silk_road::NO_TILE;
use silk_road::{Action, Event, Good, Goods, Phase, SilkRoad, SilkRoadConfig, State, TileKind};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);
const P3: Seat = Seat(2);
const P4: Seat = Seat(3);

// ------------------------------------------------------------------------------------------
// Helpers

fn setup(players: usize, seed: u64) -> State {
    SilkRoad::setup(&SilkRoadConfig::new(players), seed).expect("setup")
}

fn setup_with(config: &SilkRoadConfig, seed: u64) -> State {
    SilkRoad::setup(config, seed).expect("setup")
}

fn kind_id(s: &State, k: TileKind) -> u8 {
    s.rules
        .kinds
        .iter()
        .position(|x| *x == k)
        .unwrap_or_else(|| panic!("{k:?} is not in the data")) as u8
}

fn city(s: &State, name: &str) -> usize {
    s.rules
        .city(name)
        .unwrap_or_else(|| panic!("no city {name}")) as usize
}

fn legal(s: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    SilkRoad::legal_actions(s, seat, &mut out);
    out
}

fn mover(s: &State) -> Seat {
    match SilkRoad::to_move(s) {
        ToMove::Seat(x) => x,
        other => panic!("expected one seat to move, got {other:?}"),
    }
}

fn parse(s: &State, text: &str) -> Action {
    Action::parse(s, text).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `text` for `seat`, which must be among its legal actions; returns the events.
fn act(s: &mut State, seat: Seat, text: &str) -> Vec<Event> {
    let a = parse(s, text);
    let l = legal(s, seat);
    assert!(l.contains(&a), "{text:?} is not legal for {seat}: {l:?}");
    let mut ev = Vec::new();
    SilkRoad::apply_with(s, seat, a, &mut ev).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    ev
}

/// `text` is refused for `seat`: not listed as legal, the state is unchanged, and the message
/// says why (returned for the caller to check).
fn refused(s: &State, seat: Seat, text: &str) -> String {
    let a = parse(s, text);
    assert!(
        !legal(s, seat).contains(&a),
        "{text:?} should not be legal for {seat}"
    );
    let mut t = *s;
    let mut ev = Vec::new();
    let e = SilkRoad::apply_with(&mut t, seat, a, &mut ev).expect_err(text);
    assert_eq!(t, *s, "a refused action changed the state");
    assert!(ev.is_empty(), "a refused action reported events");
    e.to_string()
}

fn assert_refused(s: &State, seat: Seat, text: &str, fragment: &str) {
    let msg = refused(s, seat, text);
    assert!(
        msg.contains(fragment),
        "refusing {text:?}: {msg:?} does not say {fragment:?}"
    );
}

fn check(s: &State) {
    silk_road::invariants(s).unwrap_or_else(|e| panic!("invariant broken: {e}"));
}

/// Sets a player's money, keeping money conserved through the bank.
fn set_money(s: &mut State, seat: Seat, value: u16) {
    let old = s.money[seat.index()];
    s.bank -= value as i32 - old as i32;
    s.money[seat.index()] = value;
}

/// Sets a player's goods, returning the old ones to the bag and drawing the new from it.
fn set_goods(s: &mut State, seat: Seat, goods: [u8; 5]) {
    let old = s.goods[seat.index()];
    for g in Good::ALL {
        s.bag.add(g, old.get(g));
        let got = s.bag.take_up_to(g, goods[g.index()]);
        assert_eq!(got, goods[g.index()], "not enough {g} in the bag");
    }
    s.goods[seat.index()] = Goods(goods);
}

fn no_goods(s: &mut State) {
    for i in 0..s.players() {
        set_goods(s, Seat(i as u8), [0; 5]);
    }
}

/// Brings the caravan into `name` with `leader` holding the pawn: the city gets `tiles`
/// (exactly the number per city), the caravan is put on a city with an arrow to it, and the
/// leader plays the move.
fn arrive(s: &mut State, leader: Seat, name: &str, tiles: &[TileKind]) -> Vec<Event> {
    let c = city(s, name);
    let from = (0..s.rules.city_names.len())
        .find(|&p| s.rules.succ[p].contains(&(c as u8)))
        .expect("a city with an arrow to it");
    assert_eq!(tiles.len(), s.rules.tiles_per_city as usize);
    let ids: Vec<u8> = tiles.iter().map(|&k| kind_id(s, k)).collect();
    s.tiles[c] = [NO_TILE; silk_road::data::MAX_TILES_PER_CITY];
    for (slot, id) in ids.into_iter().enumerate() {
        s.tiles[c][slot] = id;
    }
    s.caravan = from as u8;
    s.holder = leader;
    s.phase = Phase::Move;
    act(s, leader, &format!("move {name}"))
}

/// The 1-based slot of the first tile of `k` on the caravan's city.
fn slot(s: &State, k: TileKind) -> usize {
    let id = kind_id(s, k);
    s.tiles[s.caravan as usize]
        .iter()
        .position(|&t| t == id)
        .unwrap_or_else(|| panic!("no {k:?} here"))
        + 1
}

/// `seat` takes the first tile left and declines its action (if it has one).
fn take_and_decline(s: &mut State, seat: Seat) -> Vec<Event> {
    let first = s.city_tiles().next().expect("a tile left").0 + 1;
    let mut ev = act(s, seat, &format!("take {first}"));
    if matches!(s.phase, Phase::Resolve { .. }) {
        ev.extend(act(s, seat, "decline"));
    }
    ev
}

fn passed(ev: &[Event]) -> Vec<(Seat, Seat)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::PawnPassed { from, to } => Some((from, to)),
            _ => None,
        })
        .collect()
}

fn gives(s: &State, seat: Seat) -> Vec<Seat> {
    legal(s, seat)
        .into_iter()
        .map(|a| match a {
            Action::GivePawn(to) => to,
            other => panic!("expected only pawn passes, got {other:?}"),
        })
        .collect()
}

const SELL_IVORY: TileKind = TileKind::Seller(Good::Ivory);

/// `arrive` with every tile a Seller of ivory.
fn arrive_sellers(s: &mut State, leader: Seat, name: &str) -> Vec<Event> {
    let tiles = vec![SELL_IVORY; s.rules.tiles_per_city as usize];
    arrive(s, leader, name, &tiles)
}

/// A 4-player game whose leader P1 is at Hami (no bonus) with these tiles.
fn market4(tiles: [TileKind; 3]) -> State {
    let mut s = setup(4, 1);
    arrive(&mut s, P1, "Hami", &tiles);
    s
}

fn tile_cities(s: &State, colour: Colour, reverse: bool) -> Vec<usize> {
    s.rules
        .config
        .map
        .cities
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let back = if reverse {
                c.colour.flipped()
            } else {
                c.colour
            };
            back == colour
        })
        .map(|(i, _)| i)
        .collect()
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

// The rules, a module per part of the rules text; what one part defines for the others is
// imported here.
mod action_tiles;
mod grand_vizier;
mod market;
mod moving_the_caravan;
mod refusals_and_hidden_information;
mod scoring;
mod setup_rules;
mod the_leader_auction;
