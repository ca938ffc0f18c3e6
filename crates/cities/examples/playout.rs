//! Random playouts for profiling and for checking that an optimisation changes nothing.
//!
//! `cargo run --release -p silk-cities --example playout -- bench 4 200` plays 200 random
//! 4-player games; `... -- check` prints a hash of every legal-action list, event and final
//! state over many seeds, player counts and parameter variants (it must not change).

use silk_cities::data::{intern, Params, RouteRule, TollPolicy};
use silk_cities::{setup_with, Cities, CitiesConfig};
use silk_core::{random_playout, Game, SilkRng, ToMove};
use std::hash::{DefaultHasher, Hash, Hasher};

fn variants(players: usize) -> Vec<CitiesConfig> {
    let base = CitiesConfig::new(players);
    let mut out = vec![base.clone()];
    for rule in [RouteRule::Cheapest, RouteRule::FewestRegions] {
        let mut c = base.clone();
        c.params.route_rule = rule;
        out.push(c);
    }
    let mut c = base.clone();
    c.params.toll_policy = TollPolicy::Fixed;
    out.push(c);
    let mut c = base.clone();
    c.params = Params {
        players: base.params.players,
        ..Params::every_switched()
    };
    out.push(c);
    let mut c = base.clone();
    c.params.store_cap = 3;
    c.params.supply_price = silk_cities::data::SupplyPrice::Count;
    out.push(c);
    out
}

fn check(games: u64) {
    let mut total = DefaultHasher::new();
    for players in 2..=6 {
        for (v, config) in variants(players).iter().enumerate() {
            let rules = intern(config).expect("valid");
            let mut h = DefaultHasher::new();
            let mut buf = Vec::new();
            let mut decisions = 0u64;
            for seed in 0..games {
                let mut s = setup_with(rules, seed, &mut ()).expect("setup");
                let mut rng = SilkRng::seed_from(seed ^ 0x5eed);
                let mut events = Vec::new();
                while let ToMove::Seat(seat) = Cities::to_move(&s) {
                    Cities::legal_actions(&s, seat, &mut buf);
                    buf.hash(&mut h);
                    if buf.is_empty() {
                        break;
                    }
                    let a = buf[rng.index(buf.len())];
                    events.clear();
                    Cities::apply_with(&mut s, seat, a, &mut events).expect("legal");
                    format!("{events:?}").hash(&mut h);
                    decisions += 1;
                    if decisions.is_multiple_of(97) {
                        // An illegal probe: the refusal text is part of the behaviour.
                        let probe = silk_cities::Action::Offer {
                            to: silk_core::Seat(0),
                            res: silk_cities::Res::Silk,
                            price: 3,
                        };
                        if let ToMove::Seat(x) = Cities::to_move(&s) {
                            format!("{:?}", silk_cities::check(&s, x, probe)).hash(&mut h);
                        }
                    }
                }
                format!("{s:?}").hash(&mut h);
            }
            println!(
                "players {players} variant {v}: {decisions} decisions, hash {:016x}",
                h.finish()
            );
            h.finish().hash(&mut total);
        }
    }
    println!("total {:016x}", total.finish());
}

fn bench(players: usize, games: u64) {
    let rules = intern(&CitiesConfig::new(players)).expect("valid");
    let mut buf = Vec::new();
    let mut decisions = 0;
    let t = std::time::Instant::now();
    for seed in 0..games {
        let mut s = setup_with(rules, seed, &mut ()).expect("setup");
        let mut rng = SilkRng::seed_from(seed);
        decisions += random_playout::<Cities>(&mut s, &mut rng, &mut buf, u64::MAX);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{players} players: {games} games, {decisions} decisions, {:.3} M decisions/s",
        decisions as f64 / secs / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("check") => check(args.get(1).and_then(|g| g.parse().ok()).unwrap_or(40)),
        _ => {
            let players = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(4);
            let games = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(200);
            bench(players, games)
        }
    }
}
