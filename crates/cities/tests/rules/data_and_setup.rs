//! Data and setup.

use super::*;

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
    assert_eq!(p.pop_cap, 60); // gap 21: the project caps what the design leaves open
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
