//! Random full games of Splendor: decisions/s, and the cost of copying a state.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use silk_core::{next_decider, random_playout, Game, SilkRng};
use silk_splendor::{intern, setup_with, Action, Module, Splendor, SplendorConfig, State};
use std::hint::black_box;

/// A random game as random drivers played it before `Game::random_legal_action`: the whole
/// legal list at every decision, then a uniform pick from it. The same games as
/// `random_playout` plays, decision for decision. Returns the decisions made.
fn listed_playout(s: &mut State, rng: &mut SilkRng, buf: &mut Vec<Action>) -> u64 {
    let mut n = 0;
    while let Some(seat) = next_decider(Splendor::to_move(s)) {
        Splendor::legal_actions(s, seat, buf);
        let action = buf[rng.index(buf.len())];
        Splendor::apply_listed(s, seat, action).expect("a listed action");
        n += 1;
    }
    n
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("splendor");
    let variants: [(&str, usize, &[Module]); 7] = [
        ("base", 2, &[]),
        ("base", 3, &[]),
        ("base", 4, &[]),
        ("cities", 4, &[Module::Cities]),
        ("trading-posts", 4, &[Module::TradingPosts]),
        ("orient", 4, &[Module::Orient]),
        ("strongholds", 4, &[Module::Strongholds]),
    ];
    for (name, players, modules) in variants {
        let rules =
            intern(&SplendorConfig::new(players).with_modules(modules)).expect("bundled data");
        let mut buf = Vec::new();
        let sample = 300u64;
        let mut decisions = 0;
        for seed in 0..sample {
            let mut s = setup_with(rules, seed).unwrap();
            let mut rng = SilkRng::seed_from(seed);
            decisions += random_playout::<Splendor>(&mut s, &mut rng, &mut buf, u64::MAX);
        }
        group.throughput(Throughput::Elements(decisions / sample));
        group.bench_function(
            format!("random game, {name}, {players} players (decisions/s)"),
            |b| {
                let mut seed = 0u64;
                b.iter(|| {
                    seed += 1;
                    let mut s = setup_with(rules, seed).unwrap();
                    let mut rng = SilkRng::seed_from(seed);
                    black_box(random_playout::<Splendor>(
                        &mut s,
                        &mut rng,
                        &mut buf,
                        u64::MAX,
                    ))
                })
            },
        );
        if modules.is_empty() {
            group.bench_function(
                format!(
                    "random game, {name}, {players} players, whole legal list each decision \
                     (decisions/s)"
                ),
                |b| {
                    let mut seed = 0u64;
                    b.iter(|| {
                        seed += 1;
                        let mut s = setup_with(rules, seed).unwrap();
                        let mut rng = SilkRng::seed_from(seed);
                        black_box(listed_playout(&mut s, &mut rng, &mut buf))
                    })
                },
            );
        }
    }
    let rules = intern(&SplendorConfig::new(4)).unwrap();
    let s = setup_with(rules, 1).unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function(
        format!("clone state ({} bytes)", std::mem::size_of_val(&s)),
        |b| b.iter(|| black_box(*black_box(&s))),
    );
    let mut buf = Vec::new();
    group.bench_function("legal actions at setup", |b| {
        b.iter(|| {
            Splendor::legal_actions(black_box(&s), s.seat(), &mut buf);
            black_box(buf.len())
        })
    });
    let mut rng = SilkRng::seed_from(1);
    group.bench_function("one legal action drawn at setup", |b| {
        b.iter(|| {
            black_box(Splendor::random_legal_action(
                black_box(&s),
                s.seat(),
                &mut rng,
                &mut buf,
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
