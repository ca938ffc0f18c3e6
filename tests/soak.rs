//! Soaks: each engine plays random games for a million decisions with its invariants checked
//! after every one (coins, goods, tokens and cards conserved, counts in range), so a long run
//! verifies the rules, not only that games end. `silk simulate --check` does the same in the lab.

use silk::cities::{Cities, CitiesConfig};
use silk::core::{next_decider, Game, SilkRng};
use silk::silk_road::{SilkRoad, SilkRoadConfig};
use silk::splendor::{Module, Splendor, SplendorConfig};

const DECISIONS: u64 = 1_000_000;

/// Random games of `G` from each config in turn until `DECISIONS` decisions are made.
fn soak<G: Game>(configs: &[G::Config]) -> u64 {
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    let mut games = 0u64;
    while decisions < DECISIONS {
        let config = &configs[games as usize % configs.len()];
        let mut state = G::setup(config, games).expect("setup");
        let mut rng = SilkRng::seed_from(games ^ 0x50A6);
        while let Some(seat) = next_decider(G::to_move(&state)) {
            G::legal_actions(&state, seat, &mut legal);
            let a = legal[rng.index(legal.len())];
            G::apply(&mut state, seat, a).expect("a legal action applies");
            decisions += 1;
            if let Err(e) = G::check_invariants(&state) {
                panic!("{} game {games}, decision {decisions}: {e}", G::NAME);
            }
        }
        assert!(
            G::outcome(&state).is_some(),
            "{} game {games} ended without an outcome",
            G::NAME
        );
        games += 1;
    }
    games
}

#[test]
fn silk_road_soak() {
    let configs: Vec<SilkRoadConfig> = (3..=6).map(SilkRoadConfig::new).collect();
    assert!(soak::<SilkRoad>(&configs) > 100);
}

#[test]
fn cities_soak() {
    let configs: Vec<CitiesConfig> = (3..=5).map(CitiesConfig::new).collect();
    assert!(soak::<Cities>(&configs) > 10);
}

#[test]
fn splendor_soak() {
    let mut configs = vec![
        SplendorConfig::new(2),
        SplendorConfig::new(3),
        SplendorConfig::new(4),
    ];
    for m in Module::ALL {
        configs.push(SplendorConfig::new(3).with_modules(&[m]));
    }
    assert!(soak::<Splendor>(&configs) > 1000);
}
