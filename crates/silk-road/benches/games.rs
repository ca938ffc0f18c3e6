//! Random full games of Silk Road: games/s and decisions/s.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_core::{random_playout, Game, SilkRng};
use silk_road::{data::intern, setup_with, SilkRoad, SilkRoadConfig};
use std::hint::black_box;

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("silk-road");
    for players in [3usize, 4, 6] {
        let rules = intern(&SilkRoadConfig::new(players)).expect("bundled data is valid");
        // Decisions per game, measured once, so criterion can report decisions/s too.
        let mut buf = Vec::new();
        let sample = 200u64;
        let mut decisions = 0;
        for seed in 0..sample {
            let mut s = setup_with(rules, seed).unwrap();
            let mut rng = SilkRng::seed_from(seed);
            decisions += random_playout::<SilkRoad>(&mut s, &mut rng, &mut buf, u64::MAX);
        }
        let per_game = decisions / sample;
        group.throughput(Throughput::Elements(per_game));
        group.bench_function(
            format!("random game, {players} players (decisions/s)"),
            |b| {
                let mut seed = 0u64;
                b.iter(|| {
                    seed += 1;
                    let mut s = setup_with(rules, seed).unwrap();
                    let mut rng = SilkRng::seed_from(seed);
                    black_box(random_playout::<SilkRoad>(
                        &mut s,
                        &mut rng,
                        &mut buf,
                        u64::MAX,
                    ))
                })
            },
        );
    }
    let rules = intern(&SilkRoadConfig::new(4)).unwrap();
    let s = setup_with(rules, 1).unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function("clone state", |b| b.iter(|| black_box(*black_box(&s))));
    let mut buf = Vec::new();
    group.bench_function("legal actions at setup", |b| {
        b.iter(|| {
            SilkRoad::legal_actions(black_box(&s), s.holder, &mut buf);
            black_box(buf.len())
        })
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
