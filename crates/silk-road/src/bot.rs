//! The heuristic ("greedy") bot: scores each legal action and plays the best, breaking ties at
//! random. It looks only at what its seat may know (its own shield, the public table).
//!
//! Policy:
//! - A good is worth 1 point at the end, plus a resale premium while Sellers may still come
//!   (1.5 with 3+ cities to go, 0.5 with 1–2, nothing at the end): so it buys early and **sells
//!   late**, selling only while the ladder pays more than the good is worth.
//! - A tile is worth the best use it offers now; a Grand Vizier by how many of a good it holds.
//! - Leading is worth the best tile of the best next city less an average tile. It **bids by the
//!   expected value of the lead** ([`bid_value`]): the holder will either sell (the bot leads
//!   and pays) or keep (and pay the bot), so the best bid is about half the lead's worth; money
//!   paid to a rival counts against the bot for that rival's share. As holder it keeps the pawn
//!   when the lead is worth more than the price, counted the same way; it moves to the city
//!   with the best tile for itself.
//! - It reads only its own shield and the public table: the bag's colours are hidden, so the
//!   Buyer's stock is judged from the goods it cannot see.
//! - Styles ([`Style`]): aggressive values the lead 1.5× and Grand Vizier majorities 0.5×
//!   (tuned), trader the resale premium 1.6× (and the lead 0.8×), builder Grand Vizier
//!   majorities 1.6× (both as guessed: tuning found nothing better).
//! - It always reveals every good it has to a Grand Vizier (showing costs nothing). Under a
//!   reveal format where the goods shown are given up (`…/all_pay`) it weighs the prizes it
//!   may win against the goods it loses ([`reveal`], weight `shown`).

use crate::action::{ladder_total, Action};
use crate::data::TileKind;
use crate::goods::Good;
use crate::state::{Phase, State, NO_TILE};
use crate::SilkRoad;
use silk_core::{Heuristic, Style, WeightSet};
use silk_core::{Seat, SilkRng};

mod reveal;

/// The bundled value of a seat's standing, learned from greedy games (see `estimate`).
pub const VALUE_JSON: &str = include_str!("../../../data/silk-road/value.json");

impl Heuristic for SilkRoad {
    fn styled_choose(
        s: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut SilkRng,
        style: Style,
    ) -> Action {
        let w = Weights::of(style);
        silk_core::best_by(legal, rng, |a| value(s, seat, a, &w))
    }

    fn styled_values(s: &State, seat: Seat, legal: &[Action], style: Style, out: &mut Vec<f32>) {
        let w = Weights::of(style);
        out.clear();
        out.extend(legal.iter().map(|&a| value(s, seat, a, &w)));
    }

    /// The learned value (`silk learn silk-road`, data/silk-road/value.json) of the seat's
    /// features: what the strong bot's search ranks the seats by where it cuts a playout short.
    fn estimate(s: &State, seat: Seat) -> Option<f32> {
        static VALUE: std::sync::OnceLock<silk_core::LearnedValue> = std::sync::OnceLock::new();
        silk_core::value::estimate::<Self>(&VALUE, VALUE_JSON, s, seat)
    }

    const FEATURES: &'static [&'static str] = &[
        "money",
        "goods",
        "majorities",
        "tied_most",
        "colours",
        "crooks",
        "barterers",
        "leader",
        "goods_late",
        "majorities_late",
        "money_late",
    ];

    /// The parts of the score now (money in silver, goods, sole majorities held), the goods
    /// where the seat ties for the most, how many colours it holds, its Crooks and Barterers,
    /// and whether it holds the caravan leader pawn.
    fn features(s: &State, seat: Seat) -> silk_core::Features {
        let n = s.players();
        let mine = s.goods[seat.index()];
        let (mut sole, mut tied, mut colours) = (0u32, 0u32, 0u32);
        for g in 0..5 {
            let c = mine.0[g];
            if c == 0 {
                continue;
            }
            colours += 1;
            let most = s.goods[..n].iter().map(|h| h.0[g]).max().unwrap_or(0);
            let at_most = s.goods[..n].iter().filter(|h| h.0[g] == most).count();
            if c == most {
                if at_most == 1 {
                    sole += 1;
                } else {
                    tied += 1;
                }
            }
        }
        silk_core::Features::of(&[
            s.money[seat.index()] as f32,
            mine.total() as f32,
            sole as f32,
            tied as f32,
            colours as f32,
            s.crooks[seat.index()] as f32,
            s.barterers[seat.index()] as f32,
            (s.holder == seat) as u8 as f32,
            mine.total() as f32 * s.round as f32 / 10.0,
            sole as f32 * s.round as f32 / 10.0,
            s.money[seat.index()] as f32 * s.round as f32 / 10.0,
        ])
    }

    /// 50 playouts of 40 moves in the tuned aggressive style, the best Silk Road heuristic:
    /// measured against it in docs/bots.md, its time per decision in docs/speed.md.
    const STRONG: silk_core::StrongPreset = silk_core::StrongPreset {
        iterations: 50,
        depth: 40,
        style: Style::Aggressive,
    };

    const WEIGHTS: &'static [&'static str] = &["lead", "resale", "vizier", "shown"];

    fn style_weights(style: Style) -> WeightSet {
        let w = Weights::of(style);
        WeightSet::of(&[w.lead, w.resale, w.vizier, w.shown])
    }

    fn weighted_choose(
        s: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut SilkRng,
        p: &WeightSet,
    ) -> Action {
        let w = Weights::from_params(p);
        silk_core::best_by(legal, rng, |a| value(s, seat, a, &w))
    }

    fn weighted_values(
        s: &State,
        seat: Seat,
        legal: &[Action],
        weights: &WeightSet,
        out: &mut Vec<f32>,
    ) {
        let w = Weights::from_params(weights);
        out.clear();
        out.extend(legal.iter().map(|&a| value(s, seat, a, &w)));
    }
}

/// A style's weights: one heuristic, several ways to play it.
struct Weights {
    /// How much leading the caravan is worth against its price (aggressive bids higher).
    lead: f32,
    /// The resale premium on goods while Sellers may still come (traders buy and sell more).
    resale: f32,
    /// Grand Vizier majorities and swaps towards them (builders collect).
    vizier: f32,
    /// What a good shown to a Grand Vizier and given up costs, × its worth (only under a
    /// reveal format where showing costs the goods; 0 shows everything, as under the rules).
    shown: f32,
}

impl Weights {
    /// The weights a [`WeightSet`] names, in [`Heuristic::WEIGHTS`] order.
    fn from_params(p: &WeightSet) -> Weights {
        Weights {
            lead: p.get(0),
            resale: p.get(1),
            vizier: p.get(2),
            shown: p.get(3),
        }
    }

    /// Tuned with `silk tune silk-road --bot …` (docs/bots.md, "Tuned: Silk Road's and
    /// Splendor's styles"): `shown` under an all-pay reveal, the aggressive style against the
    /// others. The trader and builder searches found nothing clear of their guessed weights.
    fn of(style: Style) -> Weights {
        let base = Weights {
            lead: 1.0,
            resale: 1.0,
            vizier: 1.0,
            shown: 0.5,
        };
        match style {
            Style::Balanced => base,
            Style::Aggressive => Weights {
                lead: 1.5,
                vizier: 0.5,
                ..base
            },
            Style::Trader => Weights {
                resale: 1.6,
                lead: 0.8,
                ..base
            },
            Style::Builder => Weights {
                vizier: 1.6,
                ..base
            },
        }
    }
}

/// The worth of holding one more good at the end of the game.
fn good_value(s: &State, w: &Weights) -> f32 {
    let left = s.rules.to_end[s.caravan as usize];
    1.0 + w.resale
        * match left {
            3.. => 1.5,
            1..=2 => 0.5,
            0 => 0.0,
        }
}

/// Goods of colour `g` that `seat` cannot see (the bag and the other shields): the bag's own
/// contents are hidden, so the bot may not read them.
fn unseen(s: &State, seat: Seat, g: Good) -> u8 {
    let others: u8 = (0..s.players())
        .filter(|&p| p != seat.index())
        .map(|p| s.goods[p].get(g))
        .sum();
    s.bag.get(g) + others
}

/// The best use of a tile of `kind` for `seat` now.
fn tile_value(s: &State, seat: Seat, kind: TileKind, w: &Weights) -> f32 {
    let p = &s.rules.config.params;
    let gv = good_value(s, w);
    let mine = s.goods[seat.index()];
    let money = s.money[seat.index()] as u32;
    match kind {
        TileKind::Seller(g) => (1..=mine.get(g))
            .map(|n| ladder_total(&p.seller_prices, n) as f32 - n as f32 * gv)
            .fold(0.0, f32::max),
        TileKind::Buyer(g) => (1..=unseen(s, seat, g).min(s.bag.total().min(8) as u8))
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
            .map(|g| vizier_value(mine.get(g)) * w.vizier)
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
fn city_values(s: &State, seat: Seat, city: u8, w: &Weights) -> (f32, f32) {
    let r = &s.rules;
    let mut best = 0.0f32;
    let mut sum = 0.0;
    let mut k = 0;
    for &t in s.tiles[city as usize].iter().filter(|&&t| t != NO_TILE) {
        let v = tile_value(s, seat, r.kind(t), w);
        best = best.max(v);
        sum += v;
        k += 1;
    }
    if let Some(b) = r.bonus[city as usize] {
        best += tile_value(s, seat, r.kind(b), w);
    }
    (best, if k > 0 { sum / k as f32 } else { 0.0 })
}

/// What leading the next market is worth to `seat`.
fn leader_value(s: &State, seat: Seat, w: &Weights) -> f32 {
    s.rules.succ[s.caravan as usize]
        .iter()
        .map(|&c| {
            let (best, mean) = city_values(s, seat, c, w);
            best - mean
        })
        .fold(0.0, f32::max)
        * w.lead
}

/// What a bid of `k` is expected to be worth. The holder then either sells the pawn (the bidder
/// leads and pays `k` to the holder) or keeps it (and pays `k` to the bidder). Assuming the
/// holder values the lead as the bidder does (`lead`, from the public tiles), they keep it when
/// the lead is worth more than twice the price. Money paid to a rival also counts for that
/// rival, one share among the others (`rival`). The best bid is about half the lead's worth.
fn bid_value(lead: f32, k: f32, rival: f32) -> f32 {
    let price = k * (1.0 + rival);
    if lead > 2.0 * price {
        price
    } else {
        lead - price
    }
}

/// How much a coin given to one rival counts against the bot: its share among the rivals.
fn rival_share(s: &State) -> f32 {
    1.0 / (s.players().max(2) - 1) as f32
}

fn value(s: &State, seat: Seat, a: Action, w: &Weights) -> f32 {
    let p = &s.rules.config.params;
    let gv = good_value(s, w);
    let crook_cost = 1.0;
    match (s.phase, a) {
        (_, Action::Pass) => 0.0,
        (_, Action::Bid(k)) => bid_value(leader_value(s, seat, w), k as f32, rival_share(s)),
        (Phase::HolderChoice(bid), Action::SellPawn) => bid.amount as f32 * (1.0 + rival_share(s)),
        (Phase::HolderChoice(bid), Action::KeepPawn) => {
            leader_value(s, seat, w) - bid.amount as f32 * (1.0 + rival_share(s))
        }
        (_, Action::Move(c)) => {
            let (best, _) = city_values(s, seat, c, w);
            let ahead = s.rules.succ[c as usize]
                .iter()
                .map(|&d| city_values(s, seat, d, w).0)
                .fold(0.0, f32::max);
            best + 0.3 * ahead
        }
        (_, Action::Take { slot, barter }) => {
            let t = s.tiles[s.caravan as usize][slot as usize];
            let v = tile_value(s, seat, s.rules.kind(t), w);
            if barter {
                // Worth it when a second good tile is left in the city.
                let second = s
                    .city_tiles()
                    .filter(|&(i, _)| i != slot as usize)
                    .map(|(_, t)| tile_value(s, seat, s.rules.kind(t), w))
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
                0.3 * w.vizier
            } else {
                -0.1
            }
        }
        (_, Action::Steal(_)) => gv,
        (_, Action::Vizier(g)) => vizier_value(s.goods[seat.index()].get(g)) * w.vizier,
        (_, Action::Reveal(k)) if w.shown > 0.0 && reveal::costs_goods(s) => {
            reveal::paid_reveal_value(s, seat, k, w)
        }
        (_, Action::Reveal(k)) => k as f32,
        (_, Action::GivePawn(_)) => 0.0,
        (_, Action::Decline) => 0.0,
        _ => 0.0,
    }
}
