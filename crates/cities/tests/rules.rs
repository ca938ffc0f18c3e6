//! One test per rule of Cities of the Silk Road. "Design: …" cites the text by Brian Stepnitz
//! ; "gap N" / "ambiguity N" cite the project's decisions (data/cities/README.md).
//! Scenarios set public state fields after a normal setup; play goes through `legal_actions`,
//! `apply_with`, `to_move`, `outcome` and `Action::parse`.

use silk_cities::data::{parse_json, CitiesConfig, Params, Rules};
use silk_cities::engine::{self, travel};
use silk_cities::state::{FINE, STANDARD};
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
    let mut s = game(
        &CitiesConfig::new(4),
        3,
        &[FERGHANA, CAUCASUS, MESOPOTAMIA, GANDHARA],
    );
    s.actor = P1;
    s.first = P1;
    s.left = 3;
    s.phase = Phase::Turn;
    ensure_china(&mut s);
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

// ------------------------------------------------------------------------------------------
// Data and setup

#[test]
fn design_setup_five_citizens_ten_coins() {
    // Design: 1 Merchant, 2 Soldiers, 2 Laborers; ten coins each.
    let s = Cities::setup(&CitiesConfig::new(4), 1).unwrap();
    for c in &s.cities[..4] {
        assert_eq!(
            (c.merchants, c.soldiers, c.laborers),
            ([1, 0], [2, 0], [2, 0])
        );
        assert_eq!(c.coins, 10);
    }
}

#[test]
fn design_track_prices() {
    // Design: China 3,3,2,2,1,1; Byzantium 15..10; India food 1,1,1,2,2,2 and metal 6,6,5,5,4,4;
    // Persia the mirror.
    let r = Rules::compile(&CitiesConfig::new(4)).unwrap();
    let by = |n: &str| r.empires.iter().find(|e| e.name == n).unwrap().clone();
    assert_eq!(by("China").sells.unwrap().1, [3, 3, 2, 2, 1, 1]);
    assert_eq!(by("Byzantium").buys.unwrap().1, [15, 14, 13, 12, 11, 10]);
    assert_eq!(by("India").sells.unwrap().1, [1, 1, 1, 2, 2, 2]);
    assert_eq!(by("India").buys.unwrap().1, [6, 6, 5, 5, 4, 4]);
    assert_eq!(by("Persia").sells.unwrap().1, by("India").sells.unwrap().1);
    assert_eq!(by("Persia").buys.unwrap().1, by("India").buys.unwrap().1);
}

#[test]
fn gap5_silk_deck_14_standard_4_fine_6_barbarians() {
    let r = Rules::compile(&CitiesConfig::new(4)).unwrap();
    let count = |c: u8| r.silk_deck.iter().filter(|&&x| x == c).count();
    assert_eq!((count(STANDARD), count(FINE)), (14, 4));
    assert_eq!(
        (count(2), count(3)),
        (4, 2),
        "4 barbarians of strength 1, 2 of 2"
    );
    assert_eq!(r.silk_deck.len(), 24);
}

#[test]
fn gap2_gap3_map_4x3_costs_and_empires() {
    let r = Rules::compile(&CitiesConfig::new(4)).unwrap();
    assert_eq!(r.map.len(), 12);
    let costs: u32 = (0..12).map(|g| r.map.cost(g)).sum();
    let avg = costs as f64 / 12.0;
    assert!((1.4..=1.8).contains(&avg), "average cost {avg}");
    assert_eq!((0..12).filter(|&g| r.is_food_region(g)).count(), 6);
    for e in 0..4 {
        assert_eq!(r.map.empire_borders(e).count_ones(), 2);
    }
    let persia = r.map.empire_index("Persia").unwrap();
    let india = r.map.empire_index("India").unwrap();
    assert_eq!(
        r.map.empire_borders(persia) & r.map.empire_borders(india),
        0
    );
}

#[test]
fn gap3_data_errors_name_file_and_path() {
    let mut c = CitiesConfig::new(4);
    c.map.empires[3].borders.push("Zagros".into());
    let e = Rules::compile(&c).unwrap_err().to_string();
    assert!(e.starts_with("map.json: not_adjacent[0]"), "{e}");
    let mut c = CitiesConfig::new(4);
    c.map.regions[3].cost = 12;
    assert!(Rules::compile(&c)
        .unwrap_err()
        .to_string()
        .starts_with("map.json: regions[3].cost"));
    let mut c = CitiesConfig::new(4);
    c.empires[0].sells.as_mut().unwrap().prices.pop();
    let e = Rules::compile(&c).unwrap_err().to_string();
    assert!(e.starts_with("empires.json: [0].sells.prices"), "{e}");
    let mut c = CitiesConfig::new(4);
    c.silk.barbarians[0].strength = 9;
    assert!(Rules::compile(&c)
        .unwrap_err()
        .to_string()
        .starts_with("silk.json: barbarians[0].strength"));
    let mut c = CitiesConfig::new(4);
    c.params.plunder_frac = 2.0;
    assert!(Rules::compile(&c)
        .unwrap_err()
        .to_string()
        .starts_with("params.json: plunder_frac"));
    let e = parse_json::<Params>(r#"{"target_vp": 7, "colour": 1}"#, "params.json").unwrap_err();
    assert!(e.to_string().contains("unknown field `colour`"), "{e}");
}

#[test]
fn gap13_six_improvements_and_gap14_thirty_dev_cards() {
    let c = CitiesConfig::new(4);
    let names: Vec<&str> = c.improvements.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Granary",
            "Workshop",
            "Caravanserai",
            "Barracks",
            "Walls",
            "Palace"
        ]
    );
    let ga: Vec<u8> = c.improvements.iter().map(|i| i.ga).collect();
    assert_eq!(ga, [2, 2, 3, 2, 3, 5]);
    let r = Rules::compile(&c).unwrap();
    assert_eq!(r.dev_deck.len(), 30);
    assert_eq!(c.development[0].count, 20, "20 one-VP cards");
}

#[test]
fn every_parameter_default_matches_the_rules_file() {
    let p: Params = parse_json(DEFAULT_PARAMS_JSON, "params.json").unwrap();
    assert_eq!(
        p,
        Params::default(),
        "params.json and Params::default agree"
    );
    use silk_cities::data::*;
    assert_eq!(p.players, 4); // gap 1
    assert_eq!(p.target_vp, 7); // Design
    assert_eq!(p.claim_rule, ClaimRule::ReverseTurnOrder); // gap 4
    assert_eq!(p.reshuffle, Reshuffle::Discards); // gap 6
    assert!(!p.compact_on_buy); // gap 8
    assert_eq!(p.fine_rule, FineRule::Sum); // gap 9
    assert_eq!(p.refill_target, 3); // gap 11
    assert_eq!(p.entry_rule, EntryRule::Push); // gap 11
    assert_eq!(p.supply_price, SupplyPrice::Slot); // ambiguity 3
    assert_eq!(p.plunder_frac, 0.5); // gap 16
    assert!(p.reserve_to_defender); // gap 16
    assert_eq!(p.both_wiped_out, BothWipedOut::ReserveThenPlunder); // gap 16, issue 30
    assert_eq!(p.safe_passage, SafePassage::Once); // gap 14, issue 30
    assert_eq!(
        p.barb_auction.to_string(),
        "open_ascending/all_pay/seat_order"
    ); // gap 18
    assert_eq!(
        p.priority_auction.to_string(),
        "open_ascending/first_price/seat_order"
    ); // gap 19
    assert_eq!(
        p.lot_auction.to_string(),
        "open_ascending/first_price/seat_order"
    ); // gap 28
    assert!(!p.assign_taps); // gap 20
    assert_eq!(p.pop_cap, 0); // gap 21
    assert_eq!(p.route_rule, RouteRule::Waypoint); // gap 22: the player chooses
    assert_eq!(p.toll_policy, TollPolicy::Demand); // gap 23
    assert!(p.empty_city_laborer); // gap 26
    assert_eq!(p.max_rounds, 40); // gap 32
    assert!(!p.ga_dev_card); // gap 33
    assert_eq!(p.store_cap, 0); // gap 31
    assert_eq!(p.priority_snapshot, PrioritySnapshot::BeforeIncome); // ambiguity 7
    assert_eq!(p.byzantium_removal, 1); // Design, Phase 1
    assert_eq!(p.india_persia_clear, ClearRule::SoldCards); // ambiguity 5
    assert!(!p.grow_taps); // audit (issue 17): a new citizen can gather at once
    assert_eq!(p.attacks_per_turn, 0); // audit (issue 17): no limit to attacks per turn
    assert!(p.undefended_card); // audit (issue 17): conceding still gives up the card
}

#[test]
fn gap4_claims_in_reverse_turn_order() {
    let s = Cities::setup(&CitiesConfig::new(4), 9).unwrap();
    let last = s.first.left(3, 4);
    let Phase::Claim { seat, left } = s.phase else {
        panic!("claims first")
    };
    assert_eq!((seat, left), (last, 3));
    let mut s = s;
    act(&mut s, "claim gansu");
    assert_eq!(mover(&s), last.left(3, 4), "then to the right");
    let e = refused(&s, "claim gansu");
    assert!(e.contains("already"), "{e}");
}

// ------------------------------------------------------------------------------------------
// Phase 1 Replenish

#[test]
fn design_phase1_income_skipped_in_round_1_then_one_coin_per_citizen() {
    // Design + ambiguity 6: training, untap and income are skipped in round 1 only.
    let s = standard();
    assert_eq!(s.round, 1);
    assert!(s.cities[..4].iter().all(|c| c.coins == 10));
    let mut s2 = standard();
    s2.cities[0].metal = 1;
    act(&mut s2, "assign laborer to soldier");
    assert_eq!(s2.cities[0].recruits, [1, 0]);
    act(&mut s2, "gather food");
    end_turns(&mut s2);
    while s2.round == 1 {
        act(&mut s2, "keep");
    }
    let c = s2.cities[0];
    assert_eq!(c.recruits, [0, 0], "training ends");
    assert_eq!(c.soldiers[0], 3);
    assert_eq!(c.laborers, [1, 0], "untapped");
    assert!(c.coins >= 10 + 5, "income of 1 coin per citizen");
}

#[test]
fn design_india_persia_cleared_and_restocked_to_3() {
    let mut s = standard();
    for e in [INDIA, 2] {
        assert_eq!(
            s.sell[e as usize].len(),
            3,
            "restocked to 3 in round 1 (gap 7)"
        );
        assert!(
            s.sell[e as usize].iter().all(|en| en.slot < 3),
            "pushed onto slots 1-3"
        );
    }
    s.buy[INDIA as usize]
        .fill_lowest_empty(silk_trade::TrackCard::single(
            silk_cities::state::METAL_CARD,
        ))
        .unwrap();
    s.sell[INDIA as usize]
        .take(0, silk_trade::FinePrice::Sum)
        .unwrap();
    end_turns(&mut s);
    while s.round == 1 {
        act(&mut s, "keep");
    }
    assert!(
        s.buy[INDIA as usize].is_empty(),
        "ambiguity 5: sold cards cleared"
    );
    assert_eq!(s.sell[INDIA as usize].len(), 3);
    // Gap 11 push rule: the new card entered at slot 1, the others moved down.
    assert_eq!(
        s.sell[INDIA as usize]
            .iter()
            .map(|e| e.slot)
            .collect::<Vec<_>>(),
        [0, 2, 3]
    );
}

#[test]
fn design_byzantium_loses_its_most_recent_card_each_round() {
    let mut s = standard();
    let b = BYZANTIUM as usize;
    s.buy[b]
        .fill_lowest_empty(silk_trade::TrackCard::single(STANDARD))
        .unwrap();
    s.buy[b]
        .fill_lowest_empty(silk_trade::TrackCard::double(FINE))
        .unwrap();
    s.cities[0].silk = 0;
    // Keep the card count right: these two came from the deck.
    s.silk_len -= 2;
    end_turns(&mut s);
    while s.round == 1 {
        act(&mut s, "keep");
    }
    // Sales fill the lowest empty slot, so the most recent sale is the highest card.
    let left: Vec<usize> = s.buy[b].iter().map(|e| e.slot).collect();
    assert_eq!(
        left,
        [0],
        "the fine card (slots 2-3) went, the first sale stays"
    );
}

#[test]
fn design_silk_flip_standard_fine_and_fall_off() {
    let mut s = standard();
    let china = CHINA as usize;
    s.sell[china].clear();
    for _ in 0..6 {
        s.sell[china]
            .push_front(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
    }
    // Next card from the deck: fine silk.
    let top = s.silk_len as usize - 1;
    s.silk_deck[top] = FINE;
    // Account for the cards placed by hand (taken out of the deck's discards).
    s.silk_discard = [0; 6];
    end_turns(&mut s);
    let mut ev = Vec::new();
    while s.round == 1 {
        ev = act(&mut s, "keep");
    }
    let t = texts(&s, &ev);
    assert!(
        t.iter()
            .any(|x| x.contains("fine silk") && x.contains("2 card(s) fall off")),
        "{t:?}"
    );
    let first = s.sell[china].iter().next().unwrap();
    assert_eq!(
        (first.slot, first.width, first.price),
        (0, 2, 6),
        "gap 9: 3 + 3"
    );
    assert_eq!(s.silk_discard[STANDARD as usize], 2);
}

#[test]
fn gap6_empty_deck_reshuffles_discards() {
    let mut s = standard();
    s.silk_discard[STANDARD as usize] += s.silk_len;
    s.silk_len = 0;
    end_turns(&mut s);
    let mut all = Vec::new();
    while s.round == 1 {
        all.extend(act(&mut s, "keep"));
    }
    assert!(all.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
}

/// Brings the game to a barbarian auction of `strength` at the start of round 2.
fn barbarians(strength: u8) -> State {
    let mut s = standard();
    let top = s.silk_len as usize - 1;
    let code = 1 + strength;
    let at = s.silk_deck[..=top].iter().position(|&c| c == code).unwrap();
    s.silk_deck.swap(at, top);
    end_turns(&mut s);
    while matches!(s.phase, Phase::RiseFall) {
        act(&mut s, "keep");
    }
    assert!(matches!(s.phase, Phase::Barbarians { .. }), "{:?}", s.phase);
    s
}

#[test]
fn design_barbarian_priority_most_soldiers_then_last_in_previous_phase() {
    let mut s = standard();
    s.cities[2].soldiers = [3, 0];
    let top = s.silk_len as usize - 1;
    let at = s.silk_deck[..=top].iter().position(|&c| c == 2).unwrap();
    s.silk_deck.swap(at, top);
    end_turns(&mut s);
    while matches!(s.phase, Phase::RiseFall) {
        act(&mut s, "keep");
    }
    assert_eq!(mover(&s), P3, "most Soldiers");
    // Ambiguity 2: a tie goes to the tied player who went last in the previous Phase 2.
    let mut s = barbarians(1);
    assert_eq!(s.last_prev, P4);
    assert_eq!(mover(&s), P4);
    let _ = &mut s;
}

#[test]
fn design_barbarian_auction_every_bidder_loses_its_bid() {
    let mut s = barbarians(2);
    assert_eq!(mover(&s), P4);
    act(&mut s, "bid 1"); // P4
    act(&mut s, "bid 2"); // P1
    act(&mut s, "pass"); // P2
    act(&mut s, "pass"); // P3
    let ev = act(&mut s, "pass"); // P4 out: P1 wins
    assert_eq!(s.cities[0].all_soldiers(), 0, "P1 lost its 2");
    assert_eq!(
        s.cities[3].all_soldiers(),
        1,
        "P4 lost its bid of 1 too (ambiguity 14)"
    );
    assert_eq!(s.cities[1].all_soldiers(), 2);
    assert_eq!(
        s.cities[0].dev_count(),
        1,
        "the winner gains a development card"
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DevCard { seat: P1, .. })));
    // Non-bidders pay the barbarian's strength more per region until next round.
    assert!(s.penalized.contains(P2) && s.penalized.contains(P3));
    assert!(!s.penalized.contains(P1) && !s.penalized.contains(P4));
    assert_eq!(travel(&s, P2, GANSU), 3);
    assert_eq!(travel(&s, P1, GANSU), 1);
    assert_eq!(s.silk_discard[3], 1, "gap 18: the card is discarded");
}

#[test]
fn gap18_nobody_bids_everyone_penalised() {
    let mut s = barbarians(1);
    for _ in 0..4 {
        act(&mut s, "pass");
    }
    assert_eq!(s.penalized.len(), 4);
}

// ------------------------------------------------------------------------------------------
// Phase 2 priority and turns

fn round2_with_coins(coins: [u16; 4]) -> State {
    let mut s = standard();
    // Make sure no barbarians interrupt.
    let top = s.silk_len as usize - 1;
    s.silk_deck[top] = STANDARD;
    let before: i32 = s.cities[..4].iter().map(|c| c.coins as i32).sum();
    for (c, k) in s.cities.iter_mut().zip(coins) {
        c.coins = k;
    }
    s.issued += coins.iter().map(|&k| k as i32).sum::<i32>() - before;
    end_turns(&mut s);
    while matches!(s.phase, Phase::RiseFall) {
        act(&mut s, "keep");
    }
    s
}

#[test]
fn design_phase2_most_coins_before_income_gets_priority() {
    let s = round2_with_coins([3, 9, 4, 2]);
    assert_eq!((s.first, mover(&s)), (P2, P2));
    assert!(matches!(s.phase, Phase::Turn));
}

#[test]
fn gap19_tie_auction_among_the_tied_paid_to_the_bank() {
    let mut s = round2_with_coins([3, 9, 9, 2]);
    assert!(matches!(s.phase, Phase::Priority { .. }));
    assert_eq!(mover(&s), P2, "left of last round's last player");
    let c3 = s.cities[2].coins;
    act(&mut s, "pass");
    act(&mut s, "bid 2");
    assert_eq!(s.first, P3);
    assert_eq!(s.cities[2].coins, c3 - 2);
}

#[test]
fn design_phase2_no_coins_last_player_goes_first() {
    let s = round2_with_coins([0, 0, 0, 0]);
    assert_eq!(s.first, P4, "P4 went last in round 1");
}

#[test]
fn ambiguity1_turns_pass_left_then_phase4_reverse() {
    let mut s = round2_with_coins([3, 9, 4, 2]);
    let mut order = vec![mover(&s)];
    for _ in 0..3 {
        act(&mut s, "end turn");
        order.push(mover(&s));
    }
    assert_eq!(order, [P2, P3, P4, P1]);
    act(&mut s, "end turn");
    let mut back = vec![mover(&s)];
    for _ in 0..3 {
        act(&mut s, "keep");
        back.push(mover(&s));
    }
    assert_eq!(
        back,
        [P1, P4, P3, P2],
        "Phase 4 in reverse from the last player"
    );
}

// ------------------------------------------------------------------------------------------
// Phase 2 actions

#[test]
fn design_assign_costs_and_training() {
    let mut s = standard();
    s.cities[0].food = 1;
    s.cities[0].metal = 1;
    act(&mut s, "assign soldier to laborer");
    assert_eq!((s.cities[0].food, s.cities[0].laborers[0]), (0, 3));
    act(&mut s, "assign laborer to merchant");
    assert_eq!((s.cities[0].coins, s.cities[0].merchants[0]), (9, 2));
    act(&mut s, "assign laborer to soldier");
    assert_eq!(s.cities[0].recruits, [1, 0], "a new Soldier trains");
    assert_eq!(s.cities[0].metal, 0);
    // Gap 20: reassigning does not tap.
    assert_eq!(s.cities[0].merchants, [2, 0]);
    let e = refused(&s, "assign laborer to soldier");
    assert!(e.contains("metal"), "{e}");
    // A recruit cannot attack: only trained Soldiers (1 left) go.
    assert!(refused(&s, "attack P2 with 2").contains("trained"));
}

#[test]
fn design_gather_yields_by_region_type() {
    let mut s = standard(); // P1 in Ferghana, a food region
    act(&mut s, "gather food");
    act(&mut s, "gather metal");
    assert_eq!((s.cities[0].food, s.cities[0].metal), (2, 1));
    assert_eq!(s.cities[0].laborers, [0, 2], "each gather taps a Laborer");
    assert!(refused(&s, "gather food").contains("no untapped Laborer"));
    let mut s = standard();
    s.cities[0].region = SOGDIANA; // metal
    act(&mut s, "gather food");
    act(&mut s, "gather metal");
    assert_eq!((s.cities[0].food, s.cities[0].metal), (1, 2));
}

#[test]
fn design_grow_cost_table() {
    let mut s = standard();
    s.cities[0].food = 40;
    let mut costs = Vec::new();
    for _ in 0..6 {
        let before = s.cities[0].food;
        act(&mut s, "grow");
        costs.push(before - s.cities[0].food);
    }
    // 5 citizens: 2 food (3-5), then 6-8: 3, then 9+: 4.
    assert_eq!(costs, [2, 3, 3, 3, 4, 4]);
    assert_eq!(
        s.cities[0].laborers[0], 8,
        "new citizens are untapped Laborers"
    );
}

#[test]
fn gap21_pop_cap_limits_growth() {
    let mut c = CitiesConfig::new(4);
    c.params.pop_cap = 6;
    let mut s = game(&c, 3, &[FERGHANA, CAUCASUS, MESOPOTAMIA, GANDHARA]);
    s.actor = mover(&s);
    let me = s.actor.index();
    s.cities[me].food = 20;
    act(&mut s, "grow");
    assert!(refused(&s, "grow").contains("at most 6"));
}

#[test]
fn design_buy_pays_route_stack_extra_and_price_to_bank() {
    let mut s = standard();
    // P1 in Ferghana; China is reached through Gansu (cost 1), where one stack lies already.
    s.stacks.push_stack(GANSU, 4).unwrap();
    s.cities[1].coins -= 4;
    let slot = s.sell[CHINA as usize].iter().next().unwrap();
    let price = slot.price;
    let ev = act(&mut s, &format!("buy china {}", slot.slot + 1));
    assert_eq!(
        s.cities[0].coins as u32,
        10 - 2 - price,
        "1 + 1 per stack, then the price"
    );
    assert_eq!(
        s.stacks.stacks(GANSU),
        &[4, 2],
        "my coins form a separate stack"
    );
    assert_eq!(s.cities[0].merchants, [0, 1], "the Merchant is tapped");
    assert!(ev.iter().any(|e| matches!(e, Event::Bought { .. })));
    assert!(refused(&s, "sell silk to byzantium").contains("Merchant"));
}

#[test]
fn gap8_buyer_picks_any_card_and_leaves_a_gap() {
    let mut s = standard();
    let china = CHINA as usize;
    s.sell[china].clear();
    s.silk_len -= 3;
    for _ in 0..3 {
        s.sell[china]
            .push_front(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
    }
    act(&mut s, "buy china 3");
    assert_eq!(s.cities[0].coins, 10 - 1 - 2, "slot 3 costs 2");
    assert_eq!(
        s.sell[china].iter().map(|e| e.slot).collect::<Vec<_>>(),
        [0, 1]
    );
}

#[test]
fn gap10_sales_take_the_lowest_empty_slot_and_a_full_track_refuses() {
    let mut s = standard();
    s.cities[0].region = ARMENIA; // borders Byzantium
    s.cities[0].silk = 1;
    s.cities[0].fine = 1;
    s.cities[0].merchants = [3, 0];
    s.silk_len -= 2;
    act(&mut s, "sell silk to byzantium");
    assert_eq!(s.cities[0].coins, 10 + 15);
    act(&mut s, "sell fine to byzantium");
    assert_eq!(
        s.cities[0].coins,
        10 + 15 + 14 + 13,
        "gap 9: fine pays both slots"
    );
    for _ in 0..3 {
        s.buy[BYZANTIUM as usize]
            .fill_lowest_empty(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
    }
    s.silk_len -= 3;
    s.cities[0].silk = 1;
    s.silk_len -= 1;
    assert!(refused(&s, "sell silk to byzantium").contains("no more"));
}

#[test]
fn design_toll_demand_refused_reroutes() {
    let mut s = standard();
    // P2 in Gansu sits on P1's cheapest way to China.
    s.cities[1].region = GANSU;
    let slot = s.sell[CHINA as usize].iter().next().unwrap().slot;
    act(&mut s, &format!("buy china {}", slot + 1));
    assert!(matches!(s.phase, Phase::Toll { .. }));
    assert_eq!(mover(&s), P2, "the owner answers");
    assert!(
        legal(&s, P2).contains(&Action::Demand(1)),
        "at least the region's cost"
    );
    act(&mut s, "demand 3");
    assert_eq!(mover(&s), P1);
    let ev = act(&mut s, "refuse toll");
    assert!(ev.iter().any(|e| matches!(e, Event::Rerouted { .. })));
    // Gap 23: the other way round, through Sogdiana (2) and Tarim (2).
    assert_eq!(s.stacks.stacks(SOGDIANA), &[2]);
    assert_eq!(s.stacks.stacks(TARIM), &[2]);
    assert_eq!(s.cities[1].coins, 10, "no toll paid");
}

/// Gap 22 ("The player chooses any path"), `route_rule = waypoint` (the default): after
/// "buy", the mover names a waypoint or takes the cheapest route; the chosen route pays the
/// same stack rules (cost + 1 per stack, own stack) region by region.
#[test]
fn gap22_mover_chooses_a_route_through_a_waypoint() {
    let mut s = standard();
    s.stacks.push_stack(TARIM, 3).unwrap();
    s.cities[1].coins -= 3;
    let en = s.sell[CHINA as usize].iter().next().unwrap();
    act_only(&mut s, &format!("buy china {}", en.slot + 1));
    assert!(matches!(s.phase, Phase::Route { .. }));
    assert_eq!(mover(&s), P1);
    let options: Vec<String> = legal(&s, P1).iter().map(|a| a.to_text(&s)).collect();
    assert!(
        options.contains(&"route cheapest".to_string()),
        "{options:?}"
    );
    assert!(
        options.contains(&"route via sogdiana".to_string()),
        "{options:?}"
    );
    assert!(
        !options.contains(&"route via gansu".to_string()),
        "a waypoint on the cheapest route is the cheapest route: {options:?}"
    );
    assert!(
        !options.contains(&"pass".to_string()),
        "no calling off before a refusal"
    );
    assert!(refused(&s, "route via gansu").contains("cheapest"));
    assert!(refused(&s, "pass").contains("refused toll"));
    let ev = act_only(&mut s, "route via sogdiana");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RouteVia { via: SOGDIANA, .. })));
    // Ferghana -> Sogdiana (2) -> Tarim (2 + 1 for the stack there) -> China.
    assert_eq!(s.stacks.stacks(SOGDIANA), &[2]);
    assert_eq!(s.stacks.stacks(TARIM), &[3, 3]);
    assert_eq!(s.cities[0].coins as u32, 10 - 5 - en.price);
    assert_eq!(s.cities[0].silk, 1);
}

/// Gap 22 with gap 23: a route through another player's city is a choice, priced at the
/// minimum toll; a refused toll gives the choice back, and the mover may then call the move
/// off (untapping its Merchant).
#[test]
fn gap22_gap23_after_a_refused_toll_the_mover_chooses_again_or_calls_off() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    let en = s.sell[CHINA as usize].iter().next().unwrap();
    act_only(&mut s, &format!("buy china {}", en.slot + 1));
    act_only(&mut s, "route cheapest");
    assert_eq!(mover(&s), P2);
    act_only(&mut s, "demand 4");
    act_only(&mut s, "refuse toll");
    assert!(matches!(s.phase, Phase::Route { .. }));
    let options: Vec<String> = legal(&s, P1).iter().map(|a| a.to_text(&s)).collect();
    assert!(options.contains(&"pass".to_string()), "{options:?}");
    assert!(
        !options.iter().any(|o| o == "route via gansu"),
        "the refused city is avoided: {options:?}"
    );
    let before = s;
    act_only(&mut s, "pass");
    assert!(matches!(s.phase, Phase::Turn));
    assert_eq!(s.cities[0].merchants, [1, 0], "the Merchant is untapped");
    assert_eq!(s.cities[0].coins, before.cities[0].coins, "nothing paid");
}

/// `route_rule = cheapest` keeps the old behaviour: no route decision at all.
#[test]
fn gap22_cheapest_route_rule_asks_nothing() {
    let mut c = CitiesConfig::new(4);
    c.params.route_rule = silk_cities::data::RouteRule::Cheapest;
    let mut s = game(&c, 3, &[FERGHANA, CAUCASUS, MESOPOTAMIA, GANDHARA]);
    s.actor = P1;
    s.first = P1;
    s.phase = Phase::Turn;
    ensure_china(&mut s);
    let en = s.sell[CHINA as usize].iter().next().unwrap();
    act_only(&mut s, &format!("buy china {}", en.slot + 1));
    assert!(matches!(s.phase, Phase::Turn));
    assert_eq!(s.stacks.stacks(GANSU), &[1]);
}

#[test]
fn design_toll_paid_goes_to_the_owner_and_forms_no_stack() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    let slot = s.sell[CHINA as usize].iter().next().unwrap().slot;
    act(&mut s, &format!("buy china {}", slot + 1));
    act(&mut s, "demand 2");
    act(&mut s, "pay toll");
    assert_eq!(s.cities[1].coins, 12);
    assert_eq!(
        s.stacks.stack_count(GANSU),
        0,
        "City-States don't build up stacks"
    );
}

#[test]
fn gap23_fixed_toll_policy_asks_nobody() {
    let mut c = CitiesConfig::new(4);
    c.params.toll_policy = silk_cities::data::TollPolicy::Fixed;
    let mut s = game(&c, 3, &[FERGHANA, GANSU, MESOPOTAMIA, GANDHARA]);
    s.actor = P1;
    s.phase = Phase::Turn;
    ensure_china(&mut s);
    let slot = s.sell[CHINA as usize].iter().next().unwrap().slot;
    act(&mut s, &format!("buy china {}", slot + 1));
    assert!(matches!(s.phase, Phase::Turn));
    assert_eq!(s.cities[1].coins, 11, "the region's cost, paid directly");
}

#[test]
fn gap30_sale_to_a_player_needs_acceptance() {
    let mut s = standard();
    s.cities[0].food = 2;
    s.cities[0].merchants = [2, 0];
    act(&mut s, "offer food to P2 for 3");
    assert_eq!(mover(&s), P2);
    act(&mut s, "refuse");
    assert_eq!(
        s.cities[0].merchants,
        [2, 0],
        "a refused offer costs no trip"
    );
    assert!(refused(&s, "offer food to P2 for 2").contains("already"));
    act(&mut s, "offer food to P3 for 3");
    act(&mut s, "accept");
    // P1 Ferghana -> P3 Mesopotamia: the cheapest route enters Margiana and Armenia or
    // Khwarezm, Caucasus... paid by the seller; the buyer pays 3.
    assert_eq!(s.cities[2].food, 1);
    assert_eq!(s.cities[2].coins, 7);
    assert_eq!(s.cities[0].food, 1);
    assert!(s.cities[0].coins >= 10 + 3 - 4);
}

#[test]
fn design_attack_needs_the_reserve() {
    let mut s = standard();
    s.cities[1].region = GANSU; // next door: route 0, reserve 1
    s.cities[0].coins = 0;
    let before = s.issued;
    s.issued = before - 10;
    assert!(refused(&s, "attack P2 with 2").contains("cannot pay"));
}

#[test]
fn design_attack_mutual_losses_and_gap16_rewards() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    act(&mut s, "attack P2 with 2");
    assert!(
        matches!(s.phase, Phase::Defend { .. }),
        "no cards: straight to the defence"
    );
    assert_eq!(mover(&s), P2);
    let ev = act(&mut s, "defend with 1");
    // Attack 2 against 1: the defending army is wiped out, the attacker loses 1.
    assert_eq!(s.cities[0].all_soldiers(), 1);
    assert_eq!(s.cities[1].all_soldiers(), 1);
    assert_eq!(s.cities[0].dev_count(), 1, "1 development card");
    assert_eq!(s.cities[1].coins, 5, "half the defender's coins");
    assert_eq!(s.cities[0].coins, 15);
    assert!(ev.iter().any(|e| matches!(e, Event::Plundered { .. })));
    assert_eq!(s.citizens_lost, 2, "gap 17: lost Soldiers leave the board");
}

#[test]
fn gap16_beaten_attacker_pays_its_reserve() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    s.cities[1].soldiers = [4, 0];
    act(&mut s, "attack P2 with 1");
    act(&mut s, "defend with 3");
    assert_eq!(s.cities[0].all_soldiers(), 1);
    assert_eq!(s.cities[1].all_soldiers(), 3);
    assert_eq!(s.cities[1].coins, 11, "the reserve: Gansu's travel cost 1");
    assert_eq!(s.cities[0].dev_count(), 0);
}

#[test]
fn ambiguity10_defender_committing_nothing_concedes() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    act(&mut s, "attack P2 with 1");
    act(&mut s, "defend with 0");
    assert_eq!(s.cities[0].dev_count(), 1);
    assert_eq!(s.cities[1].all_soldiers(), 2);
}

/// `standard()` with some parameters changed.
fn standard_with(edit: impl Fn(&mut Params)) -> State {
    let mut c = CitiesConfig::new(4);
    edit(&mut c.params);
    let mut s = game(&c, 3, &[FERGHANA, CAUCASUS, MESOPOTAMIA, GANDHARA]);
    s.actor = P1;
    s.first = P1;
    s.left = 3;
    s.phase = Phase::Turn;
    ensure_china(&mut s);
    s
}

/// Audit point 1 (issue 17), `grow_taps`: by default a citizen gained by growing arrives
/// untapped and gathers at once; with `grow_taps = true` it arrives tapped and waits.
#[test]
fn audit_grow_taps_a_new_citizen_cannot_gather_at_once() {
    for taps in [false, true] {
        let mut s = standard_with(|p| p.grow_taps = taps);
        s.cities[0].laborers = [0, 2]; // every Laborer has gathered already
        s.cities[0].food = 10;
        act(&mut s, "grow");
        let gather = Action::parse(&s, "gather food").unwrap();
        if taps {
            assert_eq!(s.cities[0].laborers, [0, 3], "the newcomer is tapped");
            assert!(!legal(&s, P1).contains(&gather));
            assert!(refused(&s, "gather food").contains("no untapped Laborer"));
        } else {
            assert_eq!(s.cities[0].laborers, [1, 2], "the newcomer is untapped");
            let food = s.cities[0].food;
            act(&mut s, "gather food");
            assert!(s.cities[0].food > food, "the newcomer gathered");
            assert_eq!(s.cities[0].laborers, [0, 3]);
        }
    }
}

/// Audit point 2 (issue 17), `attacks_per_turn`: no limit by default; with 1, a second attack
/// in the same turn is neither legal nor accepted (so the bot cannot choose it), and the next
/// player's turn starts with its own allowance.
#[test]
fn audit_attacks_per_turn_limits_attacks_in_a_turn() {
    use silk_core::Heuristic;
    for most in [0u8, 1] {
        let mut s = standard_with(|p| p.attacks_per_turn = most);
        s.cities[1].region = GANSU;
        s.cities[2].region = SOGDIANA;
        s.cities[0].soldiers = [4, 0];
        s.cities[0].coins += 20;
        s.issued += 20;
        act(&mut s, "attack P2 with 1");
        act(&mut s, "defend with 0");
        assert_eq!(mover(&s), P1, "back to P1's turn");
        let attacks = |s: &State, seat| {
            legal(s, seat)
                .into_iter()
                .filter(|a| matches!(a, Action::Attack { .. }))
                .count()
        };
        if most == 1 {
            assert_eq!(attacks(&s, P1), 0, "no second attack this turn");
            let e = refused(&s, "attack P3 with 1");
            assert!(e.contains("attacks_per_turn"), "{e}");
            let moves = legal(&s, P1);
            let a = Cities::heuristic_choose(&s, P1, &moves, &mut SilkRng::seed_from(1));
            assert!(!matches!(a, Action::Attack { .. }), "{}", a.to_text(&s));
        } else {
            assert!(attacks(&s, P1) > 0);
            act(&mut s, "attack P3 with 1");
            while matches!(s.phase, Phase::Combat { .. }) {
                act(&mut s, "pass"); // P1 holds the card it just won
            }
            act(&mut s, "defend with 0");
            assert_eq!(s.cities[0].dev_count(), 2, "two attacks, two cards");
        }
        act(&mut s, "end turn");
        assert_eq!(mover(&s), P2);
        assert!(attacks(&s, P2) > 0, "P2's turn: its own allowance");
    }
}

/// Audit point 3 (issue 17), `undefended_card`: by default a defender who commits no Soldiers
/// still gives up a development card; with `undefended_card = false` conceding keeps the card
/// (the plunder is still taken), while a defence that is beaten still gives it up.
#[test]
fn audit_undefended_card_conceding_keeps_the_card() {
    for card in [true, false] {
        let mut s = standard_with(|p| p.undefended_card = card);
        s.cities[1].region = GANSU;
        act(&mut s, "attack P2 with 1");
        act(&mut s, "defend with 0");
        assert_eq!(s.cities[0].dev_count(), card as u32);
        assert_eq!(s.cities[1].coins, 5, "half the defender's coins either way");
        assert_eq!(s.cities[1].all_soldiers(), 2);
        // A beaten defence (2 against 1) gives up the card under either value.
        let mut s = standard_with(|p| p.undefended_card = card);
        s.cities[1].region = GANSU;
        act(&mut s, "attack P2 with 2");
        act(&mut s, "defend with 1");
        assert_eq!(s.cities[0].dev_count(), 1);
    }
}

/// The bot (bot.rs) under `undefended_card = false`: raiding a penniless city whose Soldiers are
/// all tapped brings no card and no plunder, so it no longer attacks; by default it does.
#[test]
fn audit_bot_does_not_raid_for_nothing_when_conceding_keeps_the_card() {
    use silk_core::Heuristic;
    for card in [true, false] {
        let mut s = standard_with(|p| p.undefended_card = card);
        s.cities[1].region = GANSU;
        s.cities[1].soldiers = [0, 2];
        s.cities[1].coins = 0;
        s.issued -= 10;
        let moves = legal(&s, P1);
        let a = Cities::heuristic_choose(&s, P1, &moves, &mut SilkRng::seed_from(1));
        assert_eq!(
            matches!(a, Action::Attack { target: P2, .. }),
            card,
            "{}",
            a.to_text(&s)
        );
    }
}

#[test]
fn design_cards_are_played_defender_first() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    let siege = s.rules.dev_by_name("Siege Engines").unwrap();
    // Take a Siege Engines card out of the deck for P1.
    let at = s.dev_deck[..s.dev_len as usize]
        .iter()
        .position(|&t| t == siege)
        .unwrap();
    s.dev_deck.swap(at, s.dev_len as usize - 1);
    s.dev_len -= 1;
    s.cities[0].dev[siege as usize] = 1;
    act(&mut s, "attack P2 with 1");
    // P2 holds no cards: it passes unasked; P1 may play.
    assert!(matches!(
        s.phase,
        Phase::Combat {
            defender_turn: false,
            ..
        }
    ));
    act(&mut s, "play siege engines");
    assert!(matches!(s.phase, Phase::Defend { atk: 3, .. }));
    act(&mut s, "defend with 2");
    assert_eq!(s.cities[1].all_soldiers(), 0, "strength 3 beats 2");
    assert_eq!(
        s.dev_used[siege as usize], 1,
        "gap 14: effect cards are discarded"
    );
}

#[test]
fn gap13_improvements() {
    let mut s = standard();
    let c = &mut s.cities[0];
    c.food = 20;
    c.metal = 20;
    c.coins = 40;
    s.issued += 30;
    for name in [
        "granary",
        "workshop",
        "caravanserai",
        "barracks",
        "walls",
        "palace",
    ] {
        act(&mut s, &format!("build {name}"));
    }
    assert_eq!(s.cities[0].coins, 40 - 2 - 4 - 2 - 6);
    assert!(refused(&s, "build walls").contains("already"));
    // Granary: growth 1 less (5 citizens: 2 -> 1).
    let f = s.cities[0].food;
    act(&mut s, "grow");
    assert_eq!(f - s.cities[0].food, 1);
    // Workshop: the first specialty gather of a round gives 1 more.
    let f = s.cities[0].food;
    act(&mut s, "gather food");
    assert_eq!(s.cities[0].food - f, 3);
    let f = s.cities[0].food;
    act(&mut s, "gather food");
    assert_eq!(s.cities[0].food - f, 2);
    // Barracks: a new Soldier is trained at once.
    act(&mut s, "assign laborer to soldier");
    assert_eq!(s.cities[0].soldiers[0], 3);
    // Caravanserai: Gansu costs 0 on the way to China.
    let coins = s.cities[0].coins;
    let en = s.sell[CHINA as usize].iter().next().unwrap();
    act(&mut s, &format!("buy china {}", en.slot + 1));
    assert_eq!(coins - s.cities[0].coins, en.price as u16);
    // Palace and the others add to the Golden Age: 5 + 2+2+3+2+3+5.
    let ga = engine::golden_age(&s, P1);
    let c = s.cities[0];
    let base = c.food + c.metal + 2 * (c.citizens() + c.silk as u32) + 3 * c.fine as u32;
    assert_eq!(ga - base, 5 + 17);
}

#[test]
fn gap13_walls_add_to_the_defence() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    s.cities[1].improvements = 1 << 4;
    act(&mut s, "attack P2 with 2");
    assert!(matches!(s.phase, Phase::Defend { def: 1, .. }));
    act(&mut s, "defend with 1");
    assert_eq!(
        s.cities[0].all_soldiers(),
        0,
        "strength 2 kills both attackers"
    );
}

#[test]
fn gap14_safe_passage_and_harvest_cards() {
    let mut s = standard();
    let safe = s.rules.dev_by_name("Safe Passage").unwrap();
    let harvest = s.rules.dev_by_name("Bountiful Harvest").unwrap();
    for t in [safe, harvest] {
        let at = s.dev_deck[..s.dev_len as usize]
            .iter()
            .position(|&x| x == t)
            .unwrap();
        s.dev_deck.swap(at, s.dev_len as usize - 1);
        s.dev_len -= 1;
        s.cities[0].dev[t as usize] = 1;
    }
    act(&mut s, "play bountiful harvest");
    act(&mut s, "gather food");
    assert_eq!(s.cities[0].food, 3);
    act(&mut s, "play safe passage");
    let en = s.sell[CHINA as usize].iter().next().unwrap();
    act(&mut s, &format!("buy china {}", en.slot + 1));
    assert_eq!(
        s.cities[0].coins,
        10 - en.price as u16,
        "Gansu's 1 is ignored"
    );
    assert_eq!(s.stacks.stack_count(GANSU), 0);
}

/// Gap 14 ("ignore 2 travel cost this round") with gap 13 (Caravanserai: "-1 on the first
/// region of each route"): a region the Caravanserai already makes free uses none of the Safe
/// Passage credit, which stays for the next trade of the round.
#[test]
fn gap14_safe_passage_credit_is_not_spent_on_the_caravanserai_discount() {
    let mut s = standard();
    let safe = s.rules.dev_by_name("Safe Passage").unwrap();
    let caravanserai = s.rules.improvement_by_name("caravanserai").unwrap();
    let at = s.dev_deck[..s.dev_len as usize]
        .iter()
        .position(|&x| x == safe)
        .unwrap();
    s.dev_deck.swap(at, s.dev_len as usize - 1);
    s.dev_len -= 1;
    s.cities[0].dev[safe as usize] = 1;
    s.cities[0].improvements |= 1 << caravanserai;
    act(&mut s, "play safe passage");
    assert_eq!(s.cities[0].travel_credit, 2);
    // Ferghana -> Gansu (cost 1) -> China: the Caravanserai covers Gansu entirely.
    let en = s.sell[CHINA as usize].iter().next().unwrap();
    act(&mut s, &format!("buy china {}", en.slot + 1));
    assert_eq!(s.cities[0].coins, 10 - en.price as u16, "the route is free");
    assert_eq!(
        s.cities[0].travel_credit, 2,
        "no travel cost was ignored, so the credit is intact"
    );
}

// ------------------------------------------------------------------------------------------
// Phase 4 Rise and Fall

#[test]
fn design_largest_stack_to_treasury_gap24_ties() {
    let mut s = standard();
    for k in [3, 5, 5, 2] {
        s.stacks.push_stack(KHWAREZM, k).unwrap();
    }
    s.issued += 15;
    let before = s.issued;
    end_turns(&mut s);
    assert_eq!(s.treasury[KHWAREZM as usize], 5);
    assert_eq!(
        s.stacks.stack_count(KHWAREZM),
        0,
        "every other stack is removed"
    );
    assert_eq!(s.issued, before - 10, "the rest go back to the bank");
}

#[test]
fn design_fall_golden_age_treasury_and_lot_auction() {
    let mut s = standard();
    s.treasury[KHWAREZM as usize] = 6;
    s.cities[0].coins -= 6;
    s.cities[0].food = 2;
    end_turns(&mut s);
    assert_eq!(mover(&s), P4);
    act(&mut s, "keep");
    act(&mut s, "keep");
    act(&mut s, "keep");
    assert_eq!(mover(&s), P1);
    assert!(
        !legal(&s, P1).contains(&Action::Fall(FERGHANA)),
        "not the region just left"
    );
    assert!(!legal(&s, P1).contains(&Action::Fall(CAUCASUS)), "claimed");
    let coins = s.cities[0].coins;
    act(&mut s, "fall to khwarezm");
    // 2 food + 5 citizens x 2 = 12, plus the treasury of 6.
    assert_eq!(s.cities[0].coins, coins + 12 + 6);
    assert_eq!(s.cities[0].fallen, FERGHANA);
    assert_eq!(s.cities[0].citizens(), 0);
    assert!(matches!(s.phase, Phase::Lot { .. }));
    act(&mut s, "auction merchant");
    act(&mut s, "bid 2"); // P1 opens
    act(&mut s, "bid 3"); // P2
    act(&mut s, "pass"); // P3
    act(&mut s, "pass"); // P4
    act(&mut s, "pass"); // P1
    assert_eq!(s.cities[1].merchants[0], 2, "the winner takes it, untapped");
    // Design: if nobody bids, the current player receives the item.
    while matches!(s.phase, Phase::Lot { .. } | Phase::LotAuction { .. }) {
        if matches!(s.phase, Phase::Lot { .. }) {
            let a = legal(&s, P1)[0];
            Cities::apply(&mut s, P1, a).unwrap();
        } else {
            act(&mut s, "pass");
        }
    }
    assert_eq!(s.cities[0].citizens(), 4);
    assert_eq!(s.cities[0].food, 2);
    // The collapsed city cannot be claimed by another.
    assert!(s.is_collapsed(FERGHANA));
}

#[test]
fn gap26_empty_city_gets_a_laborer() {
    let mut s = standard();
    s.cities[0].merchants = [0, 0];
    s.cities[0].soldiers = [0, 0];
    s.cities[0].laborers = [0, 0];
    s.citizens_lost = 5;
    end_turns(&mut s);
    for _ in 0..3 {
        act(&mut s, "keep");
    }
    act(&mut s, "fall to khwarezm");
    assert_eq!(s.cities[0].laborers, [1, 0]);
}

// ------------------------------------------------------------------------------------------
// Victory

#[test]
fn design_immediate_win_at_target_vp() {
    let mut s = standard();
    // Six VP in hand, a VP card on top of the deck.
    let mut cards: Vec<u8> = s.dev_deck[..s.dev_len as usize].to_vec();
    for _ in 0..6 {
        let i = cards.iter().position(|&t| t == 0).unwrap();
        cards.remove(i);
        s.cities[0].dev[0] += 1;
    }
    let i = cards.iter().position(|&t| t == 0).unwrap();
    let v = cards.remove(i);
    cards.push(v);
    s.dev_deck[..cards.len()].copy_from_slice(&cards);
    s.dev_len = cards.len() as u8;
    assert_eq!(s.vp(P1), 6);
    let top = s.dev_deck[s.dev_len as usize - 1];
    assert_eq!(top, 0);
    s.cities[1].region = GANSU;
    act(&mut s, "attack P2 with 2");
    // P1 holds cards (hidden VP), so it is asked, and passes.
    act(&mut s, "pass");
    let ev = act(&mut s, "defend with 0");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::GameWon { seat: P1, vp: 7 })));
    assert_eq!(Cities::to_move(&s), ToMove::Terminal);
    let o = Cities::outcome(&s).unwrap();
    assert_eq!(o.winners().collect::<Vec<_>>(), [P1]);
}

/// Gap 32 with issue 30 point 9: the round cap stops the game and the most VP, then the most
/// coins, wins; the outcome says the cap ended it, so the lab can count such games apart.
#[test]
fn issue30_p9_gap32_max_rounds_stops_highest_vp_then_coins_wins() {
    let mut c = CitiesConfig::new(4);
    c.params.max_rounds = 1;
    let mut s = game(&c, 3, &[FERGHANA, CAUCASUS, MESOPOTAMIA, GANDHARA]);
    s.actor = P1;
    s.first = P1;
    s.left = 3;
    s.phase = Phase::Turn;
    s.cities[2].coins += 5;
    s.issued += 5;
    end_turns(&mut s);
    for _ in 0..4 {
        act(&mut s, "keep");
    }
    assert_eq!(Cities::to_move(&s), ToMove::Terminal);
    let o = Cities::outcome(&s).unwrap();
    assert_eq!(o.ranks[2], 0, "no VP: most coins ranks first");
    assert!(o.ranks[..4]
        .iter()
        .enumerate()
        .all(|(i, &r)| i == 2 || r > 0));
    assert!(!o.stuck, "the rules name a winner");
    assert_eq!(o.winners().collect::<Vec<_>>(), [P3]);
    assert_eq!(o.ended_by, Some(silk_core::EndedBy::RoundCap));
    let trace = silk_core::trace::result_json::<Cities>(&s, 0);
    assert_eq!(trace["end"], "round_cap");
    assert_eq!(trace["winners"], serde_json::json!([2]));
    assert_eq!(
        trace["winner"],
        serde_json::Value::Null,
        "nobody reached the target"
    );
}

/// Issue 30 point 9: a game won at the target is not marked as ended by the cap.
#[test]
fn issue30_p9_a_game_won_at_the_target_ends_normally() {
    let mut s = standard();
    s.winner = Some(P1);
    s.phase = Phase::Over;
    let o = Cities::outcome(&s).unwrap();
    assert_eq!((o.ended_by, o.stuck), (None, false));
    assert_eq!(
        silk_core::trace::result_json::<Cities>(&s, 0)["end"],
        "normal"
    );
}

#[test]
fn gap31_development_cards_are_hidden() {
    let mut s = standard();
    s.cities[1].region = GANSU;
    act(&mut s, "attack P2 with 2");
    let ev = act(&mut s, "defend with 0");
    let card = s.cities[0].dev.iter().position(|&k| k > 0).unwrap();
    let mine = Cities::view(&s, P1);
    let theirs = Cities::view(&s, P2);
    assert_eq!(mine.my_dev[card], 1);
    assert_eq!(theirs.my_dev, s.cities[1].dev);
    assert_eq!(theirs.cities[0].dev_cards, 1, "the count is public");
    let name = &s.rules.config.development[card].name;
    let public: Vec<String> = ev
        .iter()
        .filter_map(|e| Cities::event_text(&s, e, Some(P2)))
        .collect();
    assert!(
        !public.iter().any(|t| t.contains(name.as_str())),
        "{public:?}"
    );
    let own: Vec<String> = ev
        .iter()
        .filter_map(|e| Cities::event_text(&s, e, Some(P1)))
        .collect();
    assert!(own.iter().any(|t| t.contains(name.as_str())));
    // Determinizing for P2 keeps P1's hand size.
    let d = Cities::determinize(&s, P2, &mut SilkRng::seed_from(1));
    assert_eq!(d.cities[0].dev_count(), 1);
    let _ = (P3, P4, GANDHARA, MESOPOTAMIA);
}

/// Gap 31 ("development cards are hidden"): what another seat sees, as data or as text, is the
/// same whatever types P1's cards are, as long as their number is the same.
#[test]
fn gap31_views_do_not_depend_on_other_players_card_types() {
    let mut a = standard();
    let mut b = standard();
    // Same number of cards, different types (a VP card versus an attack card).
    let attack = a.rules.dev_by_name("Siege Engines").unwrap() as usize;
    a.cities[0].dev[0] = 1;
    b.cities[0].dev[attack] = 1;
    for seat in [P2, P3, P4] {
        let va = Cities::view(&a, seat);
        let vb = Cities::view(&b, seat);
        assert_eq!(va, vb, "{seat}'s view reveals P1's card types");
        assert_eq!(Cities::view_text(&a, seat), Cities::view_text(&b, seat));
    }
    assert_ne!(Cities::view(&a, P1), Cities::view(&b, P1));
}

/// Illegal actions leave the state unchanged and say, in the game's own words, what was
/// refused and in which phase.
#[test]
fn illegal_actions_are_refused_with_a_readable_reason() {
    let s = standard();
    let why = refused(&s, "demand 3");
    assert!(why.contains("demand 3"), "{why}");
    assert!(why.contains("action phase"), "{why}");
    let why = refused(&s, "fall to khwarezm");
    assert!(why.contains("fall to khwarezm"), "{why}");
}

#[test]
fn rules_text_credits_the_designer_and_lists_every_parameter() {
    let rules = Rules::compile(&CitiesConfig::new(4)).unwrap();
    let t = silk_cities::rules_text(&rules);
    assert!(t.contains("Brian Stepnitz") && t.contains("CC BY-SA 3.0"));
    let v = serde_json::to_value(Params::default()).unwrap();
    for k in v.as_object().unwrap().keys() {
        assert!(t.contains(&format!("  {k} = ")), "{k} missing");
    }
}

/// The heuristic bot (bot.rs policy): it raids a city whose Soldiers are all tapped, since the
/// development card is its only source of VP, and bids the minimum against barbarians.
#[test]
fn bot_raids_a_defenceless_city_and_bids_against_barbarians() {
    use silk_core::Heuristic;
    let mut s = standard();
    s.cities[1].region = GANSU;
    s.cities[1].soldiers = [0, 2];
    let moves = legal(&s, P1);
    let a = Cities::heuristic_choose(&s, P1, &moves, &mut SilkRng::seed_from(1));
    assert!(
        matches!(a, Action::Attack { target: P2, .. }),
        "{}",
        a.to_text(&s)
    );
    let s = barbarians(1);
    let seat = mover(&s);
    let moves = legal(&s, seat);
    let a = Cities::heuristic_choose(&s, seat, &moves, &mut SilkRng::seed_from(1));
    assert_eq!(a, Action::Bid(1));
}

/// Ambiguity 3 (test variant): with `supply_price = count` and `refill_target = 6`, India's food
/// and Persia's metal cost what the number of cards left reads on the track — a full track sells
/// at slot 1's price — while the default prices each card by its slot.
#[test]
fn ambiguity3_supply_price_read_from_the_cards_left() {
    for count_rule in [false, true] {
        let mut config = CitiesConfig::new(3);
        config.params.refill_target = 6;
        if count_rule {
            config.params.supply_price = silk_cities::data::SupplyPrice::Count;
        }
        let mut s = Cities::setup(&config, 4).unwrap();
        let mut rng = SilkRng::seed_from(4);
        let mut legal = Vec::new();
        let mut checked = 0;
        for _ in 0..400 {
            for (e, emp) in s.rules.empires.iter().enumerate() {
                if !matches!(
                    emp.sells,
                    Some((
                        silk_cities::data::Resource::Food | silk_cities::data::Resource::Metal,
                        _
                    ))
                ) {
                    continue;
                }
                let track = &s.sell[e];
                for en in track.iter() {
                    let expected = if count_rule {
                        track.prices()[6 - track.len()] as u32
                    } else {
                        en.price
                    };
                    assert_eq!(
                        engine::buy_price(&s, e as u8, en.slot as u8),
                        Some(expected)
                    );
                    checked += 1;
                }
            }
            let Some(seat) = silk_core::next_decider(Cities::to_move(&s)) else {
                break;
            };
            Cities::legal_actions(&s, seat, &mut legal);
            let a = legal[rng.index(legal.len())];
            Cities::apply(&mut s, seat, a).unwrap();
        }
        assert!(checked > 0, "no food or metal card was on sale");
    }
}

// ------------------------------------------------------------------------------------------
// Issue 30: readings made explicit, counts that cannot overflow, what the view shows

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
    assert_eq!(engine::golden_age(&s, P1), 257 + 256 + 2 * citizens);
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
