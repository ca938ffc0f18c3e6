//! One test per rule of Silk Road. Each test names its source: "Rules summary: …" is the
//! Z-Man rules summary, "Project decision gap N" is the project's decision N
//! (docs/silk-road.md). Scenarios are built by setting the public state fields after a normal setup; play is
//! driven only through `legal_actions`, `apply_with`, `to_move`, `outcome` and `Action::parse`.

use silk_core::{Game, Seat, SeatSet, ToMove};
use silk_road::data::{Colour, SpentGoods, TieRule};
use silk_road::state::NO_TILE;
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

// ------------------------------------------------------------------------------------------
// Setup

/// Rules summary: Setup 2, 4 and 5 — each player draws 3 goods from the bag and takes 1 gold + 5
/// silver (10 silver value); the caravan starts on Chang'An; a random player holds the pawn.
#[test]
fn setup_three_goods_from_the_bag_and_ten_silver() {
    for n in 3..=6 {
        let mut holders = SeatSet::EMPTY;
        for seed in 0..40 {
            let s = setup(n, seed);
            holders.insert(s.holder);
            for i in 0..n {
                assert_eq!(s.goods[i].total(), 3, "{n} players, seed {seed}");
                assert_eq!(s.money[i], 10, "1 gold + 5 silver");
            }
            assert_eq!(s.bag.total(), 75 - 3 * n as u32, "goods came from the bag");
            assert_eq!(s.rules.name(s.caravan), "Chang'An");
            assert!(s.holder.index() < n);
            assert_eq!(s.tokens[..n].iter().sum::<u8>(), 0);
            check(&s);
        }
        assert_eq!(
            holders,
            SeatSet::full(n),
            "every seat can start with the pawn"
        );
    }
}

/// Rules summary: Setup 3 — N−1 tiles per city (5 with 3 players), none on Antioch and
/// Chang'An, orange tiles on orange cities and purple on purple.
#[test]
fn setup_places_tiles_by_count_and_colour() {
    for n in 3..=6 {
        for seed in 0..20 {
            let s = setup(n, seed);
            let per = if n == 3 { 5 } else { n - 1 };
            for end in ["Chang'An", "Antioch"] {
                assert!(s.tiles[city(&s, end)].iter().all(|&t| t == NO_TILE));
            }
            for (colour, pool) in [
                (Colour::Orange, &s.rules.orange),
                (Colour::Purple, &s.rules.purple),
            ] {
                let cities = tile_cities(&s, colour, false);
                assert_eq!(cities.len(), 9);
                let mut placed = Vec::new();
                for &c in &cities {
                    let here: Vec<u8> = s.tiles[c]
                        .iter()
                        .copied()
                        .filter(|&t| t != NO_TILE)
                        .collect();
                    assert_eq!(here.len(), per, "{n} players on {}", s.rules.name(c as u8));
                    placed.extend(here);
                }
                // Every tile on a city of this colour comes from this colour's pool.
                let mut left = pool.clone();
                for t in &placed {
                    let i = left.iter().position(|x| x == t).unwrap_or_else(|| {
                        panic!("{:?} is not a {colour:?} tile", s.rules.kind(*t))
                    });
                    left.swap_remove(i);
                }
                if per == 5 {
                    // 9 cities × 5 = all 45 tiles of the back.
                    assert_eq!(sorted(placed), sorted(pool.clone()));
                }
            }
        }
    }
}

/// Rules summary: Setup 3 — no Crook or Barterer may be placed on Aleppo or Tyre (every seed
/// tried, every player count).
#[test]
fn setup_no_crook_or_barterer_on_aleppo_or_tyre() {
    for n in 3..=6 {
        for seed in 0..150 {
            let s = setup(n, seed);
            for name in ["Aleppo", "Tyre"] {
                for &t in s.tiles[city(&s, name)].iter().filter(|&&t| t != NO_TILE) {
                    assert!(
                        !s.rules.kind(t).is_crook_or_barterer(),
                        "{n} players, seed {seed}: {:?} on {name}",
                        s.rules.kind(t)
                    );
                }
            }
        }
    }
}

/// Rules summary: Variant — Antioch to Chang'An, purple tiles on the eastern cities and orange on
/// the western ones, no Crook or Barterer on Lanzhou or Yumen.
#[test]
fn reverse_variant_swaps_direction_backs_and_protected_cities() {
    for n in 3..=6 {
        let mut config = SilkRoadConfig::new(n);
        config.reverse = true;
        for seed in 0..150 {
            let s = setup_with(&config, seed);
            assert_eq!(s.rules.name(s.caravan), "Antioch");
            if seed == 0 {
                let mut t = s;
                t.phase = Phase::Move;
                let mut next: Vec<String> =
                    legal(&t, t.holder).iter().map(|a| a.to_text(&t)).collect();
                next.sort();
                assert_eq!(next, ["move Aleppo", "move Tyre"]);
            }
            for end in ["Chang'An", "Antioch"] {
                assert!(s.tiles[city(&s, end)].iter().all(|&t| t == NO_TILE));
            }
            // The map's orange (eastern) cities now take purple tiles.
            if n == 3 || n == 6 {
                let east = tile_cities(&s, Colour::Purple, true);
                assert!(east.contains(&city(&s, "Lanzhou")));
                let placed: Vec<u8> = east
                    .iter()
                    .flat_map(|&c| s.tiles[c].iter().copied().filter(|&t| t != NO_TILE))
                    .collect();
                assert_eq!(sorted(placed), sorted(s.rules.purple.clone()));
            }
            for name in ["Lanzhou", "Yumen"] {
                for &t in s.tiles[city(&s, name)].iter().filter(|&&t| t != NO_TILE) {
                    assert!(
                        !s.rules.kind(t).is_crook_or_barterer(),
                        "reverse, {n} players, seed {seed}: {:?} on {name}",
                        s.rules.kind(t)
                    );
                }
            }
            check(&s);
        }
    }
}

// ------------------------------------------------------------------------------------------
// I. The leader auction

/// Rules summary: I — the holder does not bid; the others bid from the holder's left, clockwise,
/// each once.
#[test]
fn auction_goes_clockwise_from_the_holders_left_once_each() {
    let mut s = setup(4, 3);
    s.holder = P3;
    s.phase = silk_road::setup::auction_for(&s);
    assert!(legal(&s, P3).is_empty(), "the holder does not bid");
    assert_refused(&s, P3, "bid 1", "not P3's decision");
    let mut order = Vec::new();
    for _ in 0..3 {
        let who = mover(&s);
        order.push(who);
        act(&mut s, who, "pass");
        // Nobody bids twice: a seat that has acted is never asked again.
    }
    assert_eq!(order, [P4, P1, P2]);
    assert_eq!(
        s.phase,
        Phase::Move,
        "everyone acted once: the auction is over"
    );
}

/// Rules summary: I — each bid must overbid the last bidder, and no player may bid more than
/// he owns.
#[test]
fn auction_bids_must_outbid_and_not_exceed_money() {
    let mut s = setup(4, 3);
    s.holder = P1;
    set_money(&mut s, P3, 4);
    s.phase = silk_road::setup::auction_for(&s);
    act(&mut s, P2, "bid 3");
    assert_refused(&s, P3, "bid 3", "too low");
    // The refusal is silk-trade's own error, kept typed across the crate border.
    let e = SilkRoad::apply(&mut s.clone(), P3, Action::Bid(3)).unwrap_err();
    let silk_core::IllegalAction::Mechanic(cause) = e else {
        panic!("not a mechanic's refusal: {e:?}")
    };
    assert!(matches!(
        cause.downcast_ref::<silk_trade::TradeError>(),
        Some(silk_trade::TradeError::BidTooLow { amount: 3, .. })
    ));
    assert_refused(&s, P3, "bid 5", "more than P3 owns");
    assert!(legal(&s, P3).contains(&Action::Bid(4)));
    act(&mut s, P3, "bid 4");
    // P4 has 10: may bid 5 to 10.
    let bids: Vec<u16> = legal(&s, P4)
        .into_iter()
        .filter_map(|a| match a {
            Action::Bid(k) => Some(k),
            _ => None,
        })
        .collect();
    assert_eq!(bids, (5..=10).collect::<Vec<_>>());
    check(&s);
}

/// Rules summary: I — if all pass, the leader keeps the pawn (no money changes hands).
#[test]
fn auction_all_pass_holder_keeps_the_pawn_free() {
    let mut s = setup(5, 4);
    s.holder = P2;
    s.phase = silk_road::setup::auction_for(&s);
    let before = s.money;
    let mut ev = Vec::new();
    for _ in 0..4 {
        let who = mover(&s);
        ev.extend(act(&mut s, who, "pass"));
    }
    assert!(ev.contains(&Event::NoBids { holder: P2 }));
    assert_eq!(s.money, before);
    assert_eq!(s.holder, P2);
    assert_eq!(mover(&s), P2);
    assert!(matches!(legal(&s, P2)[0], Action::Move(_)));
}

/// Rules summary: I — the leader may sell: the highest bidder pays him and takes the pawn.
#[test]
fn holder_sells_the_pawn_to_the_high_bidder() {
    let mut s = setup(4, 5);
    s.holder = P1;
    s.phase = silk_road::setup::auction_for(&s);
    act(&mut s, P2, "bid 2");
    act(&mut s, P3, "bid 4");
    act(&mut s, P4, "pass");
    assert_eq!(mover(&s), P1, "the holder chooses");
    let ev = act(&mut s, P1, "sell pawn");
    assert!(ev.contains(&Event::PawnSold {
        from: P1,
        to: P3,
        price: 4
    }));
    assert_eq!(s.money[0], 14);
    assert_eq!(s.money[2], 6);
    assert_eq!(s.money[1], 10, "an outbid bidder pays nothing");
    assert_eq!(s.holder, P3);
    assert_eq!(mover(&s), P3, "the buyer moves the caravan");
    check(&s);
}

/// Rules summary: I — or the leader pays the highest bidder that amount and keeps the pawn.
#[test]
fn holder_keeps_the_pawn_by_paying_the_high_bidder() {
    let mut s = setup(4, 5);
    s.holder = P1;
    s.phase = silk_road::setup::auction_for(&s);
    act(&mut s, P2, "pass");
    act(&mut s, P3, "bid 3");
    act(&mut s, P4, "pass");
    act(&mut s, P1, "keep pawn");
    assert_eq!(s.money[0], 7);
    assert_eq!(s.money[2], 13);
    assert_eq!(s.holder, P1);
    assert_eq!(mover(&s), P1);
    check(&s);
}

/// Auction point `leader_auction = sealed/second_price` (a format swapped in for the lab): the
/// bids are sealed, so the narration tells only that a seat has bid until every bid is in,
/// then every amount; the holder sells at the second-highest bid.
#[test]
fn a_sealed_second_price_leader_auction_hides_bids_and_sells_at_the_second_price() {
    let mut config = SilkRoadConfig::new(4);
    config.params.leader_auction = "sealed/second_price".parse().unwrap();
    let mut s = setup_with(&config, 5);
    s.holder = P1;
    s.phase = silk_road::setup::auction_for(&s);
    let text = |s: &State, e: &Event, viewer| SilkRoad::event_text(s, e, viewer);
    let ev = act(&mut s, P2, "bid 2");
    assert_eq!(
        ev.iter().filter(|e| matches!(e, Event::Bid { .. })).count(),
        0
    );
    for viewer in [None, Some(P1), Some(P3)] {
        let told: Vec<String> = ev.iter().filter_map(|e| text(&s, e, viewer)).collect();
        assert_eq!(told, ["P2 has bid (sealed)"], "seen by {viewer:?}");
    }
    act(&mut s, P3, "bid 5");
    let ev = act(&mut s, P4, "bid 3");
    let told: Vec<String> = ev.iter().filter_map(|e| text(&s, e, None)).collect();
    assert_eq!(
        told,
        ["P4 has bid (sealed)", "P2 bids 2", "P3 bids 5", "P4 bids 3"],
        "every amount is told once all are in"
    );
    let ev = act(&mut s, P1, "sell pawn");
    assert!(
        ev.contains(&Event::PawnSold {
            from: P1,
            to: P3,
            price: 3
        }),
        "the high bidder pays the second-highest bid: {ev:?}"
    );
    check(&s);
}

/// Project decision gap 2 — keep_needs_funds (default true): a holder who cannot pay the high
/// bid must sell; with it false, keeping is allowed.
#[test]
fn keep_needs_funds_forbids_keeping_without_the_money() {
    let run = |needs: bool| {
        let mut config = SilkRoadConfig::new(4);
        config.params.keep_needs_funds = needs;
        let mut s = setup_with(&config, 6);
        s.holder = P1;
        set_money(&mut s, P1, 2);
        s.phase = silk_road::setup::auction_for(&s);
        act(&mut s, P2, "bid 5");
        act(&mut s, P3, "pass");
        act(&mut s, P4, "pass");
        s
    };
    let s = run(true);
    assert_eq!(legal(&s, P1), [Action::SellPawn]);
    assert_refused(&s, P1, "keep pawn", "must sell");
    let mut s = run(false);
    act(&mut s, P1, "keep pawn");
    assert_eq!(s.holder, P1);
    check(&s);
}

// ------------------------------------------------------------------------------------------
// II. Moving the caravan

/// Rules summary: II — the leader moves the caravan along one of the lines (arrows) only.
#[test]
fn leader_moves_only_along_arrows() {
    let mut s = setup(4, 7);
    s.holder = P2;
    s.caravan = city(&s, "Hami") as u8;
    s.phase = Phase::Move;
    let mut moves: Vec<String> = legal(&s, P2).iter().map(|a| a.to_text(&s)).collect();
    moves.sort();
    assert_eq!(moves, ["move Miran", "move Turfan"]);
    assert_refused(&s, P2, "move Koria", "cannot go from Hami to Koria");
    assert_refused(&s, P2, "move Yumen", "cannot go");
    assert_refused(&s, P1, "move Miran", "not P1's decision");
    act(&mut s, P2, "move Miran");
    assert_eq!(s.rules.name(s.caravan), "Miran");
    check(&s);
}

/// Rules summary: End of the Game — reaching the end city ends the game immediately: no market,
/// the outcome is available.
#[test]
fn reaching_antioch_ends_the_game_at_once() {
    let mut s = setup(4, 8);
    s.holder = P3;
    s.caravan = city(&s, "Aleppo") as u8;
    s.phase = Phase::Move;
    assert!(SilkRoad::outcome(&s).is_none());
    let tiles = s.tiles;
    let ev = act(&mut s, P3, "move Antioch");
    assert!(ev.contains(&Event::GameOver));
    assert_eq!(SilkRoad::to_move(&s), ToMove::Terminal);
    assert_eq!(s.tiles, tiles, "no market is held");
    assert!(!ev.iter().any(|e| matches!(e, Event::TookTile { .. })));
    assert!(SilkRoad::outcome(&s).is_some());
    for seat in [P1, P2, P3, P4] {
        assert!(legal(&s, seat).is_empty());
        assert_refused(&s, seat, "pass", "game is over");
    }
    check(&s);
}

// ------------------------------------------------------------------------------------------
// III. Market

/// Rules summary: III — at a bonus city (Dunhuang, Koria, Kasgar, Merv, Susia) the leader may
/// take the printed action first, then must take a tile.
#[test]
fn bonus_city_printed_action_first_then_a_tile() {
    let mut s = setup(4, 9);
    no_goods(&mut s);
    let ev = arrive_sellers(&mut s, P2, "Dunhuang");
    assert!(ev.contains(&Event::BonusOffered {
        seat: P2,
        kind: TileKind::Buyer(Good::Silk)
    }));
    assert_eq!(mover(&s), P2);
    let l = legal(&s, P2);
    assert!(l.contains(&Action::Decline), "the bonus is optional");
    assert!(l.contains(&Action::Buy {
        good: Good::Silk,
        n: 2
    }));
    assert!(!l.iter().any(|a| matches!(a, Action::Take { .. })));
    act(&mut s, P2, "buy 2 silk");
    assert_eq!(s.money[1], 7);
    assert_eq!(s.goods[1].get(Good::Silk), 2);
    // Now the leader must take a tile: only takes are legal.
    assert!(legal(&s, P2)
        .iter()
        .all(|a| matches!(a, Action::Take { barter: false, .. })));
    assert_refused(&s, P2, "decline", "not possible now");
    assert_refused(&s, P2, "give P3", "not possible now");
    act(&mut s, P2, "take 1");
    check(&s);

    // Declining the bonus also leads to the obligatory tile.
    let mut s = setup(4, 9);
    arrive_sellers(&mut s, P1, "Koria");
    act(&mut s, P1, "decline");
    assert!(matches!(s.phase, Phase::ChooseTile { actor: P1, .. }));
    check(&s);
}

/// Rules summary: III — Kasgar's printed bonus (an Exchanger here) may be used or stopped, and
/// the leader then takes a tile.
#[test]
fn bonus_exchanger_at_kasgar_then_a_tile() {
    let mut s = setup(4, 25);
    set_goods(&mut s, P4, [0, 0, 0, 2, 0]);
    arrive_sellers(&mut s, P4, "Kasgar");
    act(&mut s, P4, "swap jewels for silk");
    assert!(matches!(s.phase, Phase::Resolve { actor: P4, .. }));
    act(&mut s, P4, "done");
    assert_eq!(s.goods[3].0, [0, 1, 0, 1, 0]);
    assert!(matches!(s.phase, Phase::ChooseTile { actor: P4, .. }));
    assert_eq!(s.tokens[3], 0, "the bonus takes no turn token");
    act(&mut s, P4, "take 1");
    assert_eq!(s.tokens[3], 1);
    check(&s);
}

/// Rules summary: III — the leader must take a tile but may decline to take its action.
#[test]
fn must_take_a_tile_but_may_decline_its_action() {
    let mut s = market4([SELL_IVORY, TileKind::Thief, TileKind::GrandVizier]);
    assert_eq!(mover(&s), P1);
    let l = legal(&s, P1);
    assert_eq!(l.len(), 3);
    assert!(l.iter().all(|a| matches!(a, Action::Take { .. })));
    assert_refused(&s, P1, "give P2", "not possible now");
    let thief = slot(&s, TileKind::Thief);
    act(&mut s, P1, &format!("take {thief}"));
    assert_eq!(s.tokens[0], 1, "a turn token is taken with the tile");
    let goods = s.goods;
    let ev = act(&mut s, P1, "decline");
    assert!(ev.contains(&Event::Declined {
        seat: P1,
        bonus: false
    }));
    assert_eq!(s.goods, goods);
    assert_eq!(s.tiles_left(), 2);
    check(&s);
}

/// Rules summary: III — the pawn is passed only to a player with no turn token (4 players).
#[test]
fn pawn_never_passed_to_a_player_with_a_turn_token() {
    let mut s = market4([SELL_IVORY; 3]);
    take_and_decline(&mut s, P1);
    assert_eq!(gives(&s, P1), [P2, P3, P4]);
    act(&mut s, P1, "give P3");
    take_and_decline(&mut s, P3);
    assert_eq!(gives(&s, P3), [P2, P4]);
    assert_refused(&s, P3, "give P1", "acted as often as allowed");
    assert_refused(&s, P3, "give P3", "acted as often as allowed");
    act(&mut s, P3, "give P2");
    assert_eq!(mover(&s), P2);
    check(&s);
}

/// Rules summary: III — the last player receives the pawn with no tile left, takes no action,
/// and holds it for the next auction.
#[test]
fn last_player_gets_the_pawn_without_acting() {
    let mut s = market4([SELL_IVORY; 3]);
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P4");
    take_and_decline(&mut s, P4);
    act(&mut s, P4, "give P2");
    let ev = take_and_decline(&mut s, P2);
    assert_eq!(
        passed(&ev),
        [(P2, P3)],
        "the pawn goes to the player who did not act"
    );
    assert!(ev.contains(&Event::AuctionOpened { holder: P3 }));
    assert_eq!(s.tokens[2], 0, "P3 took no turn");
    assert_eq!(s.holder, P3);
    assert!(matches!(s.phase, Phase::Auction(_)));
    assert_eq!(mover(&s), P4, "bidding starts at the new holder's left");
    assert!(legal(&s, P3).is_empty());
    check(&s);
}

/// Rules summary: III — with 3 players each may act twice, the pawn may not go to a player with
/// 2 turn tokens, and the player who acted only once ends with the pawn.
#[test]
fn three_players_act_twice_and_the_single_actor_ends_with_the_pawn() {
    let mut s = setup(3, 10);
    arrive_sellers(&mut s, P1, "Hami");
    assert_eq!(s.tiles_left(), 5);
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    assert_eq!(gives(&s, P2), [P1, P3], "P1 has one token: may act again");
    act(&mut s, P2, "give P3");
    take_and_decline(&mut s, P3);
    act(&mut s, P3, "give P1");
    take_and_decline(&mut s, P1);
    assert_eq!(s.tokens[..3], [2, 1, 1]);
    assert_eq!(gives(&s, P1), [P2, P3]);
    act(&mut s, P1, "give P2");
    // P2's second action: P1 has 2 tokens, so it cannot take the pawn back.
    let first = s.city_tiles().next().unwrap().0 + 1;
    act(&mut s, P2, &format!("take {first}"));
    let ev = act(&mut s, P2, "decline");
    assert_eq!(s.tiles_left(), 0);
    assert_eq!(passed(&ev), [(P2, P3)], "P3 acted once and gets the pawn");
    assert_eq!(s.holder, P3);
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);

    // Refusal of a player with 2 tokens, mid-market.
    let mut s = setup(3, 10);
    arrive_sellers(&mut s, P1, "Hami");
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    take_and_decline(&mut s, P1);
    assert_eq!(gives(&s, P1), [P2, P3]);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    // P1 and P2 have 2 tokens: the only choice is made for P2 (P3).
    assert_eq!(mover(&s), P3);
    assert_eq!(s.tokens[..3], [2, 2, 0]);
    take_and_decline(&mut s, P3);
    assert_eq!(s.holder, P3, "P3 acted once and keeps the pawn");
    check(&s);
}

// ------------------------------------------------------------------------------------------
// Action tiles

/// Rules summary: Seller — sell any number of the printed good for 4, 3, 2, then 1 silver each
/// (selling 5 earns 11).
#[test]
fn seller_ladder_four_three_two_one_one() {
    let mut s = market4([SELL_IVORY; 3]);
    set_goods(&mut s, P1, [6, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    let sells: Vec<u8> = legal(&s, P1)
        .iter()
        .filter_map(|a| match a {
            Action::Sell { good, n } => {
                assert_eq!(*good, Good::Ivory, "only the printed good without a Crook");
                Some(*n)
            }
            _ => None,
        })
        .collect();
    assert_eq!(sells, [1, 2, 3, 4, 5, 6]);
    let ev = act(&mut s, P1, "sell 5 ivory");
    assert!(ev.contains(&Event::Sold {
        seat: P1,
        good: Good::Ivory,
        n: 5,
        earned: 11
    }));
    assert_eq!(s.money[0], 21);
    assert_eq!(s.goods[0].get(Good::Ivory), 1);
    check(&s);

    for (n, earned) in [(1, 4), (2, 7), (3, 9), (4, 10), (6, 12)] {
        let mut s = market4([SELL_IVORY; 3]);
        set_goods(&mut s, P1, [6, 0, 0, 0, 0]);
        act(&mut s, P1, "take 1");
        act(&mut s, P1, &format!("sell {n} ivory"));
        assert_eq!(s.money[0], 10 + earned, "selling {n}");
    }
}

/// Rules summary: Buyer — buy any number of the printed good for 1, 2, 3, then 4 silver each
/// (buying 5 costs 14).
#[test]
fn buyer_ladder_one_two_three_four_four() {
    let mut s = market4([TileKind::Buyer(Good::Jewels); 3]);
    set_money(&mut s, P1, 30);
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "buy 5 jewels");
    assert!(ev.contains(&Event::Bought {
        seat: P1,
        good: Good::Jewels,
        n: 5,
        paid: 14
    }));
    assert_eq!(s.money[0], 16);
    check(&s);
    for (n, cost) in [(1, 1), (2, 3), (3, 6), (4, 10), (6, 18)] {
        let mut s = market4([TileKind::Buyer(Good::Jewels); 3]);
        set_money(&mut s, P1, 30);
        let had = s.goods[0].get(Good::Jewels);
        act(&mut s, P1, "take 1");
        act(&mut s, P1, &format!("buy {n} jewels"));
        assert_eq!(s.money[0], 30 - cost, "buying {n}");
        assert_eq!(s.goods[0].get(Good::Jewels), had + n as u8);
    }
}

/// Project decision gap 3 — a Buyer is limited by its money and by the goods left in the bag
/// (bought goods come from the bag).
#[test]
fn buyer_limited_by_money_and_by_the_bag() {
    let mut s = market4([TileKind::Buyer(Good::Silk); 3]);
    act(&mut s, P1, "take 1");
    // 10 silver: 1 + 2 + 3 + 4 = 10 buys 4, not 5.
    let most = legal(&s, P1)
        .iter()
        .filter_map(|a| match a {
            Action::Buy { n, .. } => Some(*n),
            _ => None,
        })
        .max();
    assert_eq!(most, Some(4));
    assert_refused(&s, P1, "buy 5 silk", "cost 14");

    let mut s = market4([TileKind::Buyer(Good::Silk); 3]);
    set_money(&mut s, P1, 40);
    // Only 2 silk left in the bag: the rest are behind P2's shield.
    let in_bag = s.bag.get(Good::Silk);
    let mut p2 = s.goods[1].0;
    p2[Good::Silk.index()] += in_bag - 2;
    set_goods(&mut s, P2, p2);
    assert_eq!(s.bag.get(Good::Silk), 2);
    act(&mut s, P1, "take 1");
    assert!(!legal(&s, P1).contains(&Action::Buy {
        good: Good::Silk,
        n: 3
    }));
    assert_refused(&s, P1, "buy 3 silk", "only 2 silk left in the bag");
    act(&mut s, P1, "buy 2 silk");
    assert_eq!(s.bag.get(Good::Silk), 0);
    assert_eq!(s.money[0], 37);
    check(&s);
}

/// Rules summary: Trader — give the left goods and receive the right goods, once or twice but no
/// more.
#[test]
fn trader_once_or_twice_not_three_times() {
    let trader = TileKind::Trader {
        give: Good::Ivory,
        give_n: 1,
        get: Good::Silk,
        get_n: 2,
    };
    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    let l = legal(&s, P1);
    assert!(l.contains(&parse(&s, "trade x1 ivory for silk")));
    assert!(l.contains(&parse(&s, "trade x2 ivory for silk")));
    assert!(!l.contains(&parse(&s, "trade x3 ivory for silk")));
    assert_refused(&s, P1, "trade x3 ivory for silk", "once or twice");
    assert_refused(&s, P1, "trade x1 silk for ivory", "trades ivory for silk");
    act(&mut s, P1, "trade x2 ivory for silk");
    assert_eq!(s.goods[0].0, [1, 4, 0, 0, 0]);
    assert!(
        !matches!(s.phase, Phase::Resolve { actor: P1, .. }),
        "used up"
    );
    check(&s);

    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [1, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_refused(&s, P1, "trade x2 ivory for silk", "needs 2 ivory");
    act(&mut s, P1, "trade x1 ivory for silk");
    assert_eq!(s.goods[0].0, [0, 2, 0, 0, 0]);
    check(&s);
}

/// Project decision gap 3 — goods received from a Trader come from the bag; if fewer remain, the
/// player gets what is there.
#[test]
fn trader_receives_only_what_the_bag_holds() {
    let trader = TileKind::Trader {
        give: Good::Ivory,
        give_n: 1,
        get: Good::Silk,
        get_n: 2,
    };
    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [2, 0, 0, 0, 0]);
    let mut p2 = s.goods[1].0;
    p2[Good::Silk.index()] += s.bag.get(Good::Silk) - 3;
    set_goods(&mut s, P2, p2);
    assert_eq!(s.bag.get(Good::Silk), 3);
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "trade x2 ivory for silk");
    assert!(ev.contains(&Event::Traded {
        seat: P1,
        give: Good::Ivory,
        given: 2,
        get: Good::Silk,
        got: 3
    }));
    assert_eq!(s.goods[0].0, [0, 3, 0, 0, 0]);
    assert_eq!(s.bag.get(Good::Silk), 0);
    check(&s);
}

/// Project decision gap 14 — the Seller's price ladder restarts with each tile used.
#[test]
fn seller_ladder_restarts_with_each_tile() {
    let mut s = setup(3, 22);
    arrive_sellers(&mut s, P1, "Hami");
    set_goods(&mut s, P1, [4, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    act(&mut s, P1, "sell 2 ivory");
    assert_eq!(s.money[0], 17);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    act(&mut s, P1, "take 3");
    act(&mut s, P1, "sell 1 ivory");
    assert_eq!(
        s.money[0], 21,
        "the second Seller pays 4 for its first good"
    );
    check(&s);
}

/// Rules summary: Exchanger — swap up to N goods of your choice for as many of your choice.
#[test]
fn exchanger_up_to_n_swaps() {
    let mut s = market4([TileKind::Exchanger(2); 3]);
    set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    act(&mut s, P1, "swap ivory for silk");
    assert_eq!(mover(&s), P1, "a second swap is allowed");
    assert!(legal(&s, P1).contains(&Action::Decline), "or stop");
    act(&mut s, P1, "swap ivory for spices");
    assert_eq!(s.goods[0].0, [1, 1, 0, 0, 1]);
    assert!(
        matches!(s.phase, Phase::PassPawn { actor: P1 }),
        "no third swap with an Exchanger 2"
    );
    assert_refused(&s, P1, "swap ivory for jewels", "not possible now");
    check(&s);

    // Stopping early.
    let mut s = market4([TileKind::Exchanger(2); 3]);
    set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_refused(&s, P1, "swap silk for ivory", "has no silk");
    act(&mut s, P1, "swap ivory for fruits");
    act(&mut s, P1, "done");
    assert_eq!(s.goods[0].0, [2, 0, 1, 0, 0]);
    assert!(matches!(s.phase, Phase::PassPawn { actor: P1 }));
    check(&s);
}

/// Project decision gap 9 — a Crook is needed to change a good on a tile, and is used once.
#[test]
fn crook_needed_to_change_a_good_and_single_use() {
    let mut s = market4([SELL_IVORY; 3]);
    set_goods(&mut s, P1, [0, 4, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert!(!legal(&s, P1)
        .iter()
        .any(|a| matches!(a, Action::Sell { .. })));
    assert_refused(&s, P1, "sell 2 silk", "needs a Crook");

    let mut s = market4([SELL_IVORY; 3]);
    set_goods(&mut s, P1, [0, 4, 0, 0, 0]);
    set_goods(&mut s, P2, [0, 4, 0, 0, 0]);
    s.crooks[0] = 1;
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "sell 2 silk");
    assert!(ev.contains(&Event::UsedCrook { seat: P1 }));
    assert_eq!(s.crooks[0], 0, "the Crook is discarded");
    assert_eq!(s.money[0], 17);
    check(&s);

    // Two Crooks are two uses; a Trader's either side may be changed, not both.
    let trader = TileKind::Trader {
        give: Good::Ivory,
        give_n: 1,
        get: Good::Silk,
        get_n: 2,
    };
    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [0, 0, 2, 0, 0]);
    s.crooks[0] = 1;
    act(&mut s, P1, "take 1");
    assert_refused(
        &s,
        P1,
        "trade x1 fruits for jewels",
        "a Crook may change one",
    );
    act(&mut s, P1, "trade x1 fruits for silk");
    assert_eq!(s.crooks[0], 0);
    assert_eq!(s.goods[0].0, [0, 2, 1, 0, 0]);
    check(&s);
}

/// Project decision gap 9 — a Crook may change the good of a city's printed bonus action.
#[test]
fn crook_usable_on_a_bonus_action() {
    let mut s = setup(4, 11);
    s.crooks[2] = 1;
    arrive_sellers(&mut s, P3, "Dunhuang");
    let had = s.goods[2].get(Good::Jewels);
    assert!(legal(&s, P3).contains(&Action::Buy {
        good: Good::Jewels,
        n: 1
    }));
    let ev = act(&mut s, P3, "buy 2 jewels");
    assert!(ev.contains(&Event::UsedCrook { seat: P3 }));
    assert_eq!(s.crooks[2], 0);
    assert_eq!(s.goods[2].get(Good::Jewels), had + 2);
    assert!(matches!(s.phase, Phase::ChooseTile { actor: P3, .. }));
    check(&s);
}

/// Project decision gap 9 — a Crook is usable in the city where it was taken (3 players, second
/// action).
#[test]
fn crook_usable_in_the_city_where_taken() {
    let mut s = setup(3, 12);
    let tiles = [
        TileKind::Crook,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
    ];
    arrive(&mut s, P1, "Hami", &tiles);
    set_goods(&mut s, P1, [0, 0, 3, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_eq!(s.crooks[0], 1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    act(&mut s, P1, "take 3");
    act(&mut s, P1, "sell 3 fruits");
    assert_eq!(s.crooks[0], 0);
    assert_eq!(s.money[0], 19);
    check(&s);
}

/// Rules summary: Barterer — may not be used in the city where collected; usable later.
#[test]
fn barterer_not_usable_where_collected_but_later() {
    let mut s = setup(3, 13);
    let tiles = [
        TileKind::Barterer,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
    ];
    arrive(&mut s, P1, "Hami", &tiles);
    act(&mut s, P1, "take 1");
    assert_eq!(s.barterers[0], 1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    // P1's second action, same city, 3 tiles left.
    assert!(!legal(&s, P1)
        .iter()
        .any(|a| matches!(a, Action::Take { barter: true, .. })));
    assert_refused(&s, P1, "barter 3", "city where it was taken");
    take_and_decline(&mut s, P1);
    check(&s);

    // Next city: P1 may use it.
    arrive_sellers(&mut s, P1, "Miran");
    assert!(legal(&s, P1).contains(&Action::Take {
        slot: 0,
        barter: true
    }));
    act(&mut s, P1, "barter 1");
    assert_eq!(s.barterers[0], 0, "used up");
    check(&s);
}

/// Rules summary: Barterer — take 2 tiles one after another (Project decision gap 10: two turn
/// tokens, single use, needs 2 tiles); then the last actor chooses who of those who did not act
/// receives the pawn.
#[test]
fn barterer_takes_two_tiles_and_the_last_actor_chooses() {
    let mut s = setup(4, 14);
    s.barterers[0] = 1;
    arrive(
        &mut s,
        P1,
        "Hami",
        &[SELL_IVORY, TileKind::Thief, SELL_IVORY],
    );
    act(&mut s, P1, "barter 2");
    assert_eq!(s.tokens[0], 1);
    act(&mut s, P1, "decline");
    assert!(matches!(
        s.phase,
        Phase::ChooseTile {
            actor: P1,
            second: true
        }
    ));
    assert!(legal(&s, P1)
        .iter()
        .all(|a| matches!(a, Action::Take { barter: false, .. })));
    assert_refused(&s, P1, "give P2", "not possible now");
    act(&mut s, P1, "take 1");
    act(&mut s, P1, "decline");
    assert_eq!(s.tokens[0], 2, "two tiles, two turn tokens");
    assert_eq!(s.barterers[0], 0);
    assert_eq!(gives(&s, P1), [P2, P3, P4]);
    act(&mut s, P1, "give P3");
    take_and_decline(&mut s, P3);
    // No tiles left; P2 and P4 did not act: P3, the last actor, chooses.
    assert!(matches!(s.phase, Phase::GivePawn { actor: P3 }));
    assert_eq!(mover(&s), P3);
    assert_eq!(gives(&s, P3), [P2, P4]);
    assert_refused(&s, P3, "give P1", "did not act");
    assert_refused(&s, P3, "give P3", "to themselves");
    let ev = act(&mut s, P3, "give P4");
    assert_eq!(passed(&ev), [(P3, P4)]);
    assert_eq!(s.holder, P4);
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);
}

/// Project decision (the texts are silent; `silk rules silk-road` states it): a player takes at
/// most 2 tiles in one market, so with 3 players a Barterer is used only on a player's first
/// turn of the market, never for a third action. On a first turn it works as with 4 players.
#[test]
fn three_players_at_most_two_tiles_a_market_so_no_barterer_on_a_second_turn() {
    let mut s = setup(3, 23);
    s.barterers[0] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    assert_eq!(s.tokens[..3], [1, 1, 0]);
    assert!(
        !legal(&s, P1)
            .iter()
            .any(|a| matches!(a, Action::Take { barter: true, .. })),
        "a Barterer now would be P1's third tile"
    );
    assert_refused(&s, P1, "barter 3", "at most 2 per market");
    take_and_decline(&mut s, P1);
    assert_eq!(s.barterers[0], 1, "the Barterer is kept for a later market");
    act(&mut s, P1, "give P3");
    take_and_decline(&mut s, P3);
    // P1 has 2 tokens: P3 must pass to P2, who takes the last tile.
    take_and_decline(&mut s, P2);
    assert_eq!(s.tokens, [0; 6], "tokens go back when the market ends");
    assert_eq!(s.holder, P3, "P3 acted once and ends with the pawn");
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);

    // On a first turn a Barterer is allowed with 3 players: two tiles, two tokens.
    let mut s = setup(3, 23);
    s.barterers[0] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    act(&mut s, P1, "barter 1");
    act(&mut s, P1, "decline");
    act(&mut s, P1, "take 2");
    act(&mut s, P1, "decline");
    assert_eq!(s.tokens[..3], [2, 0, 0]);
    assert_eq!(gives(&s, P1), [P2, P3]);
    check(&s);
}

/// Project decision (the texts are silent; `silk rules silk-road` states it): the pawn is never
/// passed to oneself. With 3 players, when the last actor is the one who acted least (here after
/// two Barterers), they keep the pawn: no "P3 passes the pawn to P3".
#[test]
fn three_players_the_pawn_is_never_passed_to_oneself() {
    let mut s = setup(3, 23);
    s.barterers[0] = 1;
    s.barterers[1] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    act(&mut s, P1, "barter 1");
    act(&mut s, P1, "decline");
    act(&mut s, P1, "take 2");
    act(&mut s, P1, "decline");
    act(&mut s, P1, "give P2");
    act(&mut s, P2, "barter 3");
    act(&mut s, P2, "decline");
    act(&mut s, P2, "take 4");
    let mut ev = act(&mut s, P2, "decline");
    assert_eq!(mover(&s), P3, "the only player who may still act");
    ev.extend(take_and_decline(&mut s, P3));
    assert_eq!(s.tiles_left(), 0);
    assert!(
        !passed(&ev).iter().any(|(from, to)| from == to),
        "a pass to oneself: {:?}",
        passed(&ev)
    );
    assert_eq!(s.holder, P3, "P3 acted once and keeps the pawn");
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);

    // Asked directly in a market end where the last actor would be among the choices, the
    // choice is only among the others.
    let mut t = setup(4, 23);
    t.phase = Phase::GivePawn { actor: P4 };
    t.tokens[..4].copy_from_slice(&[1, 1, 0, 0]);
    assert_eq!(gives(&t, P4), [P3]);
    assert_refused(&t, P4, "give P4", "to themselves");
}

/// Rules summary: III — a Barterer's first tile may be a Grand Vizier: after the reveal the same
/// player takes the second tile.
#[test]
fn barterer_second_tile_follows_a_grand_vizier() {
    let mut s = setup(4, 24);
    s.barterers[1] = 1;
    arrive(
        &mut s,
        P2,
        "Hami",
        &[TileKind::GrandVizier, SELL_IVORY, SELL_IVORY],
    );
    act(&mut s, P2, "barter 1");
    act(&mut s, P2, "vizier ivory");
    for seat in [P1, P2, P3, P4] {
        act(&mut s, seat, "reveal 0");
    }
    assert!(matches!(
        s.phase,
        Phase::ChooseTile {
            actor: P2,
            second: true
        }
    ));
    act(&mut s, P2, "take 2");
    act(&mut s, P2, "decline");
    assert_eq!(s.tokens[1], 2);
    check(&s);
}

/// Project decision gap 10 — a Barterer needs at least 2 tiles left in the city.
#[test]
fn barterer_needs_two_tiles() {
    let mut s = setup(4, 15);
    s.barterers[2] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P3");
    assert_eq!(s.tiles_left(), 1);
    assert!(!legal(&s, P3)
        .iter()
        .any(|a| matches!(a, Action::Take { barter: true, .. })));
    assert_refused(&s, P3, "barter 3", "two tiles");
    assert_refused(&s, P2, "barter 3", "not P2's decision");
    let mut t = setup(4, 15);
    arrive_sellers(&mut t, P1, "Hami");
    assert_refused(&t, P1, "barter 1", "has no Barterer");
}

/// Rules summary: Thief — steal one goods token from a chosen player; Project decision gap 8:
/// a player with no goods yields nothing.
#[test]
fn thief_steals_one_good_from_the_chosen_player() {
    let mut s = market4([TileKind::Thief; 3]);
    set_goods(&mut s, P2, [0, 0, 0, 2, 0]);
    let p3 = s.goods[2];
    act(&mut s, P1, "take 1");
    let l = legal(&s, P1);
    assert!(l.contains(&Action::Steal(P2)) && l.contains(&Action::Steal(P4)));
    assert_refused(&s, P1, "steal P1", "another player");
    let before = s.goods[0].get(Good::Jewels);
    let ev = act(&mut s, P1, "steal P2");
    assert_eq!(s.goods[1].0, [0, 0, 0, 1, 0], "exactly one good");
    assert_eq!(s.goods[0].get(Good::Jewels), before + 1);
    assert_eq!(s.goods[2], p3, "nobody else is robbed");
    check(&s);

    // Who may read the colour in the narration.
    let stole = ev
        .iter()
        .find(|e| matches!(e, Event::Stole { .. }))
        .expect("a Stole event");
    let text = |v: Option<Seat>| <SilkRoad as Game>::event_text(&s, stole, v).unwrap();
    assert!(text(Some(P1)).contains("jewels"), "{}", text(Some(P1)));
    assert!(text(Some(P2)).contains("jewels"));
    assert!(!text(Some(P3)).contains("jewels"), "{}", text(Some(P3)));
    assert!(!text(Some(P4)).contains("jewels"));
    assert!(!text(None).contains("jewels"));

    // A victim with no goods yields nothing.
    let mut s = market4([TileKind::Thief; 3]);
    set_goods(&mut s, P4, [0; 5]);
    let goods = s.goods;
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "steal P4");
    assert_eq!(s.goods, goods);
    assert!(ev.contains(&Event::Stole {
        thief: P1,
        victim: P4,
        good: None
    }));
    check(&s);
}

// ------------------------------------------------------------------------------------------
// Grand Vizier

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

// ------------------------------------------------------------------------------------------
// Scoring

/// Ends the game from Aleppo with the given money and goods.
fn finish(config: &SilkRoadConfig, money: [u16; 4], goods: [[u8; 5]; 4]) -> silk_core::Outcome {
    let mut s = setup_with(config, 18);
    no_goods(&mut s);
    for i in 0..4 {
        set_money(&mut s, Seat(i as u8), money[i]);
        set_goods(&mut s, Seat(i as u8), goods[i]);
    }
    s.holder = P1;
    s.caravan = city(&s, "Tyre") as u8;
    s.phase = Phase::Move;
    act(&mut s, P1, "move Antioch");
    check(&s);
    SilkRoad::outcome(&s).expect("game over")
}

/// Rules summary: End of the Game — 5 per gold, 1 per silver (money value), 1 per goods token,
/// and 2 to the player with the most goods of each colour; a tie for the most gives nobody the 2.
#[test]
fn scoring_money_goods_and_sole_majorities() {
    let o = finish(
        &SilkRoadConfig::new(4),
        [20, 15, 15, 10],
        [
            [3, 0, 0, 0, 0],
            [0, 2, 0, 0, 0],
            [0, 2, 0, 0, 0],
            [1, 0, 1, 0, 0],
        ],
    );
    // P1: 20 + 3 + 2 (ivory); P2, P3: 15 + 2, silk tied; P4: 10 + 2 + 2 (fruits).
    assert_eq!(o.scores, [25, 17, 17, 14]);
    assert_eq!(o.ranks, [0, 1, 1, 3]);
    assert_eq!(o.winners().collect::<Vec<_>>(), [P1]);
}

/// Project decision gap 12 — tie_break: shared by default, or most money, or most goods.
#[test]
fn tie_break_shared_most_money_most_goods() {
    let money = [16, 15, 15, 10];
    // Ivory tied four ways, silk tied by P2 and P3: no majorities. P1..P3 score 17.
    let goods = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 0, 0, 0, 0],
    ];
    let mut config = SilkRoadConfig::new(4);
    let o = finish(&config, money, goods);
    assert_eq!(o.scores, [17, 17, 17, 11]);
    assert_eq!(o.ranks, [0, 0, 0, 3]);
    config.params.tie_break = TieRule::MostMoney;
    assert_eq!(finish(&config, money, goods).ranks, [0, 1, 1, 3]);
    config.params.tie_break = TieRule::MostGoods;
    assert_eq!(finish(&config, money, goods).ranks, [2, 0, 0, 3]);
}

/// Project decision gap 4 — spent_goods: sold or given goods go back into the bag (default) or
/// out of the game (box).
#[test]
fn spent_goods_go_to_the_bag_or_the_box() {
    for spent in [SpentGoods::Bag, SpentGoods::Box] {
        let mut config = SilkRoadConfig::new(4);
        config.params.spent_goods = spent;
        let mut s = setup_with(&config, 19);
        arrive(&mut s, P1, "Hami", &[SELL_IVORY; 3]);
        set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
        let (bag, boxed) = (s.bag.get(Good::Ivory), s.boxed.get(Good::Ivory));
        act(&mut s, P1, "take 1");
        act(&mut s, P1, "sell 2 ivory");
        match spent {
            SpentGoods::Bag => {
                assert_eq!(s.bag.get(Good::Ivory), bag + 2);
                assert_eq!(s.boxed.get(Good::Ivory), boxed);
            }
            SpentGoods::Box => {
                assert_eq!(s.bag.get(Good::Ivory), bag);
                assert_eq!(s.boxed.get(Good::Ivory), boxed + 2);
            }
        }
        check(&s);
    }
}

// ------------------------------------------------------------------------------------------
// Refusals and hidden information

/// Engine contract (silk-core `Game::apply_with`): an illegal action leaves the state unchanged
/// and the error says why.
#[test]
fn illegal_actions_leave_the_state_unchanged_and_say_why() {
    let mut s = setup(4, 20);
    s.holder = P1;
    s.phase = silk_road::setup::auction_for(&s);
    assert_refused(&s, P3, "bid 2", "not P3's decision");
    assert_refused(&s, P2, "move Lanzhou", "not possible now (leader auction)");
    assert_refused(&s, P2, "bid 11", "more than P2 owns");
    assert_refused(&s, P2, "take 1", "taking a tile is not possible now");

    let mut s = market4([SELL_IVORY; 3]);
    assert_refused(&s, P1, "take 4", "no tile 4 in Hami");
    assert_refused(&s, P1, "sell 1 ivory", "not possible now");
    set_goods(&mut s, P1, [1, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_refused(&s, P1, "sell 2 ivory", "cannot sell 2 ivory: has 1");
    assert_refused(
        &s,
        P1,
        "buy 1 ivory",
        "buying is not what seller ivory does",
    );
    assert_refused(&s, P1, "steal P2", "stealing is not what seller ivory does");
    assert_refused(&s, P2, "decline", "not P2's decision");
    act(&mut s, P1, "decline");
    assert_refused(&s, P1, "take 2", "not possible now");
    check(&s);
}

fn numbers(v: &serde_json::Value, out: &mut Vec<u64>) {
    match v {
        serde_json::Value::Number(n) => out.extend(n.as_u64()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| numbers(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| numbers(x, out)),
        _ => {}
    }
}

/// Rules summary: Setup 1 — money and goods are hidden behind each player's shield: a seat's view
/// holds its own money and goods, not the others'.
#[test]
fn view_shows_own_money_and_goods_only() {
    let mut s = setup(4, 21);
    no_goods(&mut s);
    set_money(&mut s, P1, 37);
    set_money(&mut s, P2, 41);
    set_goods(&mut s, P1, [0, 0, 0, 0, 13]);
    set_goods(&mut s, P2, [0, 0, 11, 0, 0]);
    let json = |seat| {
        let v = serde_json::to_value(SilkRoad::view(&s, seat)).unwrap();
        let mut n = Vec::new();
        numbers(&v, &mut n);
        n
    };
    let (v1, v2) = (json(P1), json(P2));
    assert!(v1.contains(&37) && v1.contains(&13));
    assert!(
        !v1.contains(&41) && !v1.contains(&11),
        "P2's money or goods leak to P1"
    );
    assert!(v2.contains(&41) && v2.contains(&11));
    assert!(
        !v2.contains(&37) && !v2.contains(&13),
        "P1's money or goods leak to P2"
    );
    for seat in [P3, P4] {
        let v = json(seat);
        for x in [37, 41, 13, 11] {
            assert!(!v.contains(&x), "{x} leaks to {seat}");
        }
    }
    let view = SilkRoad::view(&s, P1);
    assert_eq!(view.my_money, 37);
    assert_eq!(view.my_goods.0, [0, 0, 0, 0, 13]);

    // Changing what is behind P2's shield changes nothing P1 sees.
    let before = SilkRoad::view(&s, P1);
    let mut t = s;
    set_money(&mut t, P2, 3);
    set_goods(&mut t, P2, [2, 0, 0, 0, 0]);
    assert_eq!(SilkRoad::view(&t, P1), before);
    assert_eq!(SilkRoad::view_text(&t, P1), SilkRoad::view_text(&s, P1));
    check(&t);
}
