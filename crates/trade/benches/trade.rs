//! Hot paths the engines and bots hit millions of times: route search, whole auctions, track
//! pushes. Numbers go in the README, not in timed tests.

use criterion::{criterion_group, criterion_main, Criterion};
use silk_core::{Seat, SeatSet};
use silk_trade::*;
use std::hint::black_box;

fn grid() -> RegionMap {
    let mut regions = Vec::new();
    let mut borders = Vec::new();
    for row in 0..3 {
        for col in 0..4 {
            let i = row * 4 + col;
            regions.push(RegionSpec::new(&format!("r{i}"), (i % 5) as u8 + 1));
            if col < 3 {
                borders.push((format!("r{i}"), format!("r{}", i + 1)));
            }
            if row < 2 {
                borders.push((format!("r{i}"), format!("r{}", i + 4)));
            }
        }
    }
    RegionMap::new(regions, &borders, vec![("Rome", vec!["r3", "r7", "r11"])]).unwrap()
}

fn bench_route(c: &mut Criterion) {
    let m = grid();
    let mut mods = CostModifiers::new();
    mods.add(5, 3).unwrap();
    let mut stacks = CoinStacks::<12>::new();
    stacks.enter(6, 2).unwrap();
    c.bench_function("cheapest_path 4x3 grid corner to corner", |b| {
        b.iter(|| {
            m.cheapest_path(
                black_box(0),
                black_box(Goal::Region(11)),
                TargetCost::Excluded,
                |r| stacks.entry_cost(r, m.cost_with(r, &mods)),
            )
        })
    });
    c.bench_function("cheapest_path 4x3 grid to empire", |b| {
        b.iter(|| {
            m.cheapest_path(black_box(8), Goal::Empire(0), TargetCost::Excluded, |r| {
                m.cost(r)
            })
        })
    });
}

fn bench_auctions(c: &mut Criterion) {
    let budgets = [9u32, 7, 8, 6, 10, 5];
    c.bench_function("once_around full auction, 5 bidders", |b| {
        b.iter(|| {
            let mut a = OnceAround::around(black_box(Seat(0)), 6, &budgets, 1).unwrap();
            while let Some(s) = a.next_bidder() {
                match a.bid_range(s) {
                    Some((lo, hi)) if lo < hi => a.bid(s, lo + 1).unwrap(),
                    _ => a.pass(s).unwrap(),
                }
            }
            black_box(a.high())
        })
    });
    c.bench_function("open_ascending full auction, 5 seats", |b| {
        b.iter(|| {
            let mut a = OpenAscending::new(
                SeatSet::full(5),
                black_box(Seat(2)),
                &budgets,
                1,
                Payment::EveryBidderPaysLastBid,
            )
            .unwrap();
            while let Some(s) = a.to_move() {
                match a.bid_range(s) {
                    Some((lo, _)) => a.bid(s, lo).unwrap(),
                    None => a.pass(s).unwrap(),
                }
            }
            black_box(a.settlement().unwrap())
        })
    });
}

fn bench_track(c: &mut Criterion) {
    let mut t = PriceTrack::new([1u16, 2, 3, 4, 5, 6]);
    for id in 0..6 {
        t.push_front(TrackCard::single(id)).unwrap();
    }
    c.bench_function("track push_front (full track, one falls)", |b| {
        b.iter(|| {
            let mut u = black_box(t);
            black_box(u.push_front(TrackCard::single(9)).unwrap())
        })
    });
    c.bench_function("track push_front double", |b| {
        b.iter(|| {
            let mut u = black_box(t);
            black_box(u.push_front(TrackCard::double(9)).unwrap())
        })
    });
}

criterion_group!(benches, bench_route, bench_auctions, bench_track);
criterion_main!(benches);
