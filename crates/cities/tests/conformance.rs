//! Cities of the Silk Road passes silk-core's generic conformance suite at 3, 4 and 5 players
//! and with every non-default parameter switched on.

use silk_cities::data::{
    BarbAuction, ClaimRule, ClearRule, EntryRule, FineRule, PrioritySnapshot, Reshuffle, RouteRule,
    TollPolicy,
};
use silk_cities::{Cities, CitiesConfig};
use silk_core::conformance::{run, Conformance};

fn opts(seed: u64, games: u32) -> Conformance {
    Conformance {
        games,
        seed,
        max_decisions: 200_000,
        illegal_probes: 4,
        view_every: 7,
        expect_hidden_information: true,
    }
}

#[test]
fn conformance_3_4_5_players() {
    for players in 3..=5 {
        let mut config = CitiesConfig::new(players);
        // Short games keep the suite fast; the full length runs in the bench and golden test.
        config.params.max_rounds = 8;
        let report = run::<Cities>(&config, &opts(players as u64 * 100, 4));
        assert_eq!(report.games, 4);
        assert!(report.determinizations_that_changed_hidden_state > 0);
    }
}

#[test]
fn conformance_every_parameter_switched() {
    let mut config = CitiesConfig::new(4);
    let p = &mut config.params;
    p.max_rounds = 8;
    p.claim_rule = ClaimRule::Random;
    p.reshuffle = Reshuffle::Never;
    p.compact_on_buy = true;
    p.fine_rule = FineRule::TwiceCurrent;
    p.refill_target = 6;
    p.entry_rule = EntryRule::Fill;
    p.plunder_frac = 1.0;
    p.reserve_to_defender = false;
    p.barb_auction = BarbAuction::OnceAround;
    p.assign_taps = true;
    p.pop_cap = 7;
    p.route_rule = RouteRule::FewestRegions;
    p.toll_policy = TollPolicy::Fixed;
    p.empty_city_laborer = false;
    p.ga_dev_card = true;
    p.store_cap = 4;
    p.priority_snapshot = PrioritySnapshot::Phase2Start;
    p.byzantium_removal = 2;
    p.india_persia_clear = ClearRule::SilkOnly;
    p.target_vp = 3;
    run::<Cities>(&config, &opts(77, 4));
}
