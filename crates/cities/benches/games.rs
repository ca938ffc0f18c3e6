//! Random full games of Cities of the Silk Road: games/s and decisions/s.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_cities::{data::intern, setup_with, Cities, CitiesConfig};
use silk_core::{random_playout, Game, SilkRng};
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("cities");
    group.sample_size(20);
    for players in [3usize, 4, 5] {
        let rules = intern(&CitiesConfig::new(players)).expect("bundled data is valid");
        // Decisions per game, measured once, so criterion can report decisions/s too.
        let mut buf = Vec::new();
        let sample = 20u64;
        let mut decisions = 0;
        for seed in 0..sample {
            let mut s = setup_with(rules, seed, &mut ()).expect("setup");
            let mut rng = SilkRng::seed_from(seed);
            decisions += random_playout::<Cities>(&mut s, &mut rng, &mut buf, u64::MAX);
        }
        let per_game = decisions / sample;
        group.throughput(Throughput::Elements(per_game));
        group.bench_function(
            format!("random game, {players} players (decisions/s)"),
            |b| {
                let mut seed = 0u64;
                b.iter(|| {
                    seed += 1;
                    let mut s = setup_with(rules, seed, &mut ()).expect("setup");
                    let mut rng = SilkRng::seed_from(seed);
                    black_box(random_playout::<Cities>(
                        &mut s,
                        &mut rng,
                        &mut buf,
                        u64::MAX,
                    ))
                })
            },
        );
    }
    let rules = intern(&CitiesConfig::new(4)).expect("bundled data is valid");
    let s = setup_with(rules, 1, &mut ()).expect("setup");
    group.throughput(Throughput::Elements(1));
    group.bench_function("copy state", |b| b.iter(|| black_box(*black_box(&s))));
    let mut buf = Vec::new();
    let seat = match Cities::to_move(&s) {
        silk_core::ToMove::Seat(x) => x,
        _ => silk_core::Seat(0),
    };
    group.bench_function("legal actions at setup", |b| {
        b.iter(|| {
            Cities::legal_actions(black_box(&s), seat, &mut buf);
            black_box(buf.len())
        })
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
