//! The heuristic ("greedy") bot: scores each legal action and plays the best, breaking ties at
//! random. It looks only at what its seat may know (its own shield, the public table).
//!
//! Policy:
//! - A good is worth 1 point at the end, plus a resale premium while Sellers may still come
//!   (1.5 with 3+ cities to go, 0.5 with 1–2, nothing at the end): so it buys early and **sells
//!   late**, selling only while the ladder pays more than the good is worth.
//! - A tile is worth the best use it offers now; a Grand Vizier by how many of a good it holds.
//! - Leading is worth the best tile of the best next city less an average tile: it **bids from
//!   that expected value** (the lowest bid that leads, if below 80% of it), sells the pawn when
//!   the price beats half its value, moves to the city with the best tile for itself.
//! - It always reveals every good it has to a Grand Vizier (showing costs nothing).

use crate::action::{ladder_total, Action};
use crate::data::TileKind;
use crate::goods::Good;
use crate::state::{Phase, State, NO_TILE};
use crate::SilkRoad;
use silk_core::{Heuristic, Style};
use silk_core::{Seat, SilkRng};

impl Heuristic for SilkRoad {
    fn styled_choose(
        s: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut SilkRng,
        style: Style,
    ) -> Action {
        let _ = style;
        silk_core::best_by(legal, rng, |a| value(s, seat, a))
    }
}

/// The worth of holding one more good at the end of the game.
fn good_value(s: &State) -> f32 {
    let left = s.rules.to_end[s.caravan as usize];
    1.0 + match left {
        3.. => 1.5,
        1..=2 => 0.5,
        0 => 0.0,
    }
}

/// The best use of a tile of `kind` for `seat` now.
fn tile_value(s: &State, seat: Seat, kind: TileKind) -> f32 {
    let p = &s.rules.config.params;
    let gv = good_value(s);
    let mine = s.goods[seat.index()];
    let money = s.money[seat.index()] as u32;
    match kind {
        TileKind::Seller(g) => (1..=mine.get(g))
            .map(|n| ladder_total(&p.seller_prices, n) as f32 - n as f32 * gv)
            .fold(0.0, f32::max),
        TileKind::Buyer(g) => (1..=s.bag.get(g).min(8))
            .filter(|&n| ladder_total(&p.buyer_prices, n) <= money)
            .map(|n| n as f32 * gv - ladder_total(&p.buyer_prices, n) as f32)
            .fold(0.0, f32::max),
        TileKind::Trader {
            give,
            give_n,
            get_n,
            ..
        } => {
            let times = (mine.get(give) / give_n.max(1)).min(2);
            (times as f32 * (get_n as f32 - give_n as f32) * gv).max(0.0)
        }
        TileKind::Exchanger(_) => 0.3,
        TileKind::Thief => gv * 0.8,
        TileKind::GrandVizier => Good::ALL
            .into_iter()
            .filter(|&g| crate::vizier::may_call(s.vizier_used, g))
            .map(|g| vizier_value(mine.get(g)))
            .fold(0.0, f32::max),
        TileKind::Crook => 1.0,
        TileKind::Barterer => {
            if s.rules.to_end[s.caravan as usize] > 2 {
                1.5
            } else {
                0.0
            }
        }
    }
}

fn vizier_value(count: u8) -> f32 {
    match count {
        0 => 0.2,
        1 => 1.0,
        2 => 2.5,
        _ => 4.0,
    }
}

/// Best and mean tile value of a city for `seat` (0 for a city without tiles).
fn city_values(s: &State, seat: Seat, city: u8) -> (f32, f32) {
    let r = &s.rules;
    let mut best = 0.0f32;
    let mut sum = 0.0;
    let mut k = 0;
    for &t in s.tiles[city as usize].iter().filter(|&&t| t != NO_TILE) {
        let v = tile_value(s, seat, r.kind(t));
        best = best.max(v);
        sum += v;
        k += 1;
    }
    if let Some(b) = r.bonus[city as usize] {
        best += tile_value(s, seat, r.kind(b));
    }
    (best, if k > 0 { sum / k as f32 } else { 0.0 })
}

/// What leading the next market is worth to `seat`.
fn leader_value(s: &State, seat: Seat) -> f32 {
    s.rules.succ[s.caravan as usize]
        .iter()
        .map(|&c| {
            let (best, mean) = city_values(s, seat, c);
            best - mean
        })
        .fold(0.0, f32::max)
}

fn value(s: &State, seat: Seat, a: Action) -> f32 {
    let p = &s.rules.config.params;
    let gv = good_value(s);
    let crook_cost = 1.0;
    match (s.phase, a) {
        (_, Action::Pass) => 0.0,
        (_, Action::Bid(k)) => {
            let v = leader_value(s, seat) * 0.8;
            // Prefer the lowest bid that leads: surplus falls with the price.
            v - k as f32
        }
        (Phase::HolderChoice(bid), Action::SellPawn) => bid.amount as f32,
        (Phase::HolderChoice(bid), Action::KeepPawn) => leader_value(s, seat) - bid.amount as f32,
        (_, Action::Move(c)) => {
            let (best, _) = city_values(s, seat, c);
            let ahead = s.rules.succ[c as usize]
                .iter()
                .map(|&d| city_values(s, seat, d).0)
                .fold(0.0, f32::max);
            best + 0.3 * ahead
        }
        (_, Action::Take { slot, barter }) => {
            let t = s.tiles[s.caravan as usize][slot as usize];
            let v = tile_value(s, seat, s.rules.kind(t));
            if barter {
                // Worth it when a second good tile is left in the city.
                let second = s
                    .city_tiles()
                    .filter(|&(i, _)| i != slot as usize)
                    .map(|(_, t)| tile_value(s, seat, s.rules.kind(t)))
                    .fold(0.0, f32::max);
                v + second - 1.5
            } else {
                v
            }
        }
        (Phase::Resolve { kind, .. }, Action::Sell { good, n }) => {
            let c = if TileKind::Seller(good) == s.rules.kind(kind) {
                0.0
            } else {
                crook_cost
            };
            ladder_total(&p.seller_prices, n) as f32 - n as f32 * gv - c
        }
        (Phase::Resolve { kind, .. }, Action::Buy { good, n }) => {
            let c = if TileKind::Buyer(good) == s.rules.kind(kind) {
                0.0
            } else {
                crook_cost
            };
            n as f32 * gv - ladder_total(&p.buyer_prices, n) as f32 - c
        }
        (Phase::Resolve { kind, .. }, Action::Trade { times, give, get }) => {
            match s.rules.kind(kind) {
                TileKind::Trader {
                    give: g0,
                    give_n,
                    get: t0,
                    get_n,
                } => {
                    let c = if (give, get) == (g0, t0) {
                        0.0
                    } else {
                        crook_cost
                    };
                    times as f32 * (get_n as f32 - give_n as f32) * gv - c
                }
                _ => 0.0,
            }
        }
        (_, Action::Swap { give, get }) => {
            // Swap towards the colour it holds most of: majorities are worth 2.
            let mine = s.goods[seat.index()];
            if mine.get(get) >= mine.get(give) {
                0.3
            } else {
                -0.1
            }
        }
        (_, Action::Steal(_)) => gv,
        (_, Action::Vizier(g)) => vizier_value(s.goods[seat.index()].get(g)),
        (_, Action::Reveal(k)) => k as f32,
        (_, Action::GivePawn(_)) => 0.0,
        (_, Action::Decline) => 0.0,
        _ => 0.0,
    }
}
