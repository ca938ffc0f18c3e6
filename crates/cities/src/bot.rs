//! The heuristic ("greedy") bot: scores each legal action and plays the best, ties at random.
//! It reads only what its seat may know (open boards, its own development cards).
//!
//! Policy (victory points come only from development cards: barbarians and won attacks):
//! - **Claim / rise**: prefer regions with cheap routes to China and Byzantium (silk pays
//!   most), and a food region; it lets its city fall only for a treasury of 10+ coins more than
//!   its Golden Age would be worth keeping.
//! - **Economy**: trade first — buy silk when Byzantium would pay at least 3 more than the
//!   price and both routes, sell silk and surplus food or metal when the sale beats the route;
//!   then build an affordable improvement (Granary, Workshop, Walls, Barracks first), grow while
//!   food allows, gather its region's specialty (metal when it needs Soldiers and has none);
//!   keep 2 Merchants by reassigning Laborers beyond 2. It never spends below a reserve of 2
//!   coins on building.
//! - **Army**: wants enough Soldiers to beat the weakest other city outright (its untapped
//!   defence and Walls, plus one), at least 3 and at most half its citizens. It **re-arms**:
//!   arming a Laborer (keeping one) comes before gathering, urgently with no Soldier left (a
//!   Merchant then too); it gathers metal, and buys metal for every missing Soldier whatever
//!   the route costs (a food region has no other way). A lone Soldier still faces barbarians.
//! - **Styles** ([`Style`], all three tuned): aggressive wants three more Soldiers, values
//!   attacks 1.8×, trade 0.5× and building 0.6×, and keeps 3 Merchants; trader the same with
//!   trade 1.5×; builder wants two more Soldiers, values attacks 1.8× and improvements and
//!   growth 1.5×, and keeps 3 Merchants.
//!   Each is a set of named weights (`army`, `attack`, `trade`, `merchants`, `build`) a bot
//!   name may change (`greedy+attack=0` never attacks: restricted play).
//! - **Attacks**: a development card is worth 8 coins, a lost Soldier 2.5. An attack is made
//!   when its army plus attack cards at least match the target's untapped Soldiers (so it wins
//!   the card) and card + plunder − route − reserve (if the army is wiped out) − lost Soldiers
//!   − the plunder it risks when it leaves no untapped Soldier home with players still to act
//!   is worth more than 1 coin. The defender is assumed to play like this bot, so the smallest
//!   army that makes it concede is preferred; cities whose Soldiers are tapped are raided.
//!   When conceding keeps the card (`undefended_card = false`) a conceded attack is worth its
//!   plunder only; `attacks_per_turn` and `grow_taps` bind it through the legal actions.
//! - **Defence**: defends with everything when that stops the attack; when it cannot, it
//!   destroys the attacking army if it can and no other army still to act this round could
//!   raid it; otherwise it concedes and keeps its Soldiers untapped. Plays its combat cards.
//! - **Auctions**: against barbarians it bids the minimum (up to 2 Soldiers, 3 with 6 or
//!   more) while keeping one Soldier home — the card is worth it, and bidding at all avoids
//!   the travel penalty; bids for priority up to 2 coins; buys collapse lots below their
//!   Golden Age value, keeping 3 coins.
//! - **Routes** (gap 22): the cheapest, unless a waypoint route costs less once each toll city
//!   on the way is counted 1 coin dearer; after a refused toll it takes another route.
//! - **Tolls and offers** (gap 23, 30; issue 33, in `bot/more_rules.rs`): asks 1 or 2 above
//!   the region's cost of a mover rich enough, pays up to its tolerance and otherwise refuses
//!   once per move when an affordable route round is open; offers surplus food or metal at 3
//!   to a city short of it, accepts food or metal offers at 3 or less when short.

use crate::action::Action;
use crate::data::{DevEffect, ImprovementEffect, Resource};
use crate::engine::{
    gather_yield, golden_age, growth_cost, plan, route_option, route_payment, travel, walls,
};
use crate::state::{Item, Move, MoveKind, Phase, Res, Role, State, NONE};
use crate::Cities;
use silk_core::{Heuristic, StrongPreset, Style, WeightSet};
use silk_core::{Seat, SilkRng};
use silk_trade::route::{Goal, TargetCost};

mod more_rules;
mod search;

/// The bundled value of a seat's standing, learned from the tuned aggressive style's games
/// (see `estimate`).
pub const VALUE_JSON: &str = include_str!("../../../data/cities/value.json");

impl Heuristic for Cities {
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

    const WEIGHTS: &'static [&'static str] = Weights::NAMES;

    /// 40 playouts of 40 moves (about ten per seat) in the tuned aggressive style, on the
    /// decisions `worth_searching` names (the rest by that style): measured against
    /// `greedy-aggressive` in docs/bots.md, its time per game in docs/speed.md.
    const STRONG: StrongPreset = StrongPreset {
        iterations: 40,
        depth: 40,
        style: Style::Aggressive,
    };

    fn style_weights(style: Style) -> WeightSet {
        Weights::of(style).params()
    }

    /// Where the strong bot searches: see `search.rs`.
    fn worth_searching(s: &State, _: Seat, legal: &[Action]) -> bool {
        search::worth_searching(s, legal)
    }

    fn weighted_choose(
        s: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut SilkRng,
        weights: &WeightSet,
    ) -> Action {
        let w = Weights::of(Style::Balanced).with_params(weights);
        silk_core::best_by(legal, rng, |a| value(s, seat, a, &w))
    }

    fn weighted_values(
        s: &State,
        seat: Seat,
        legal: &[Action],
        weights: &WeightSet,
        out: &mut Vec<f32>,
    ) {
        let w = Weights::of(Style::Balanced).with_params(weights);
        out.clear();
        out.extend(legal.iter().map(|&a| value(s, seat, a, &w)));
    }

    /// The learned value (`silk learn cities`, data/cities/value.json) of the seat's features:
    /// what the strong bot's search ranks the seats by where it cuts a playout short (games
    /// run to hundreds of decisions).
    fn estimate(s: &State, seat: Seat) -> Option<f32> {
        static VALUE: std::sync::OnceLock<silk_core::LearnedValue> = std::sync::OnceLock::new();
        silk_core::value::estimate::<Self>(&VALUE, VALUE_JSON, s, seat)
    }

    const FEATURES: &'static [&'static str] = &[
        "vp",
        "cards",
        "soldiers",
        "recruits",
        "merchants",
        "laborers",
        "coins",
        "food",
        "metal",
        "silk",
        "fine",
        "improvements",
        "rival_soldiers",
        "rival_vp",
    ];

    /// Victory points; the development cards that are not points; citizens by role (trained
    /// Soldiers apart from recruits); coins in tens; goods; improvements built; and the
    /// strongest rival's trained Soldiers and points (what threatens and what races).
    fn features(s: &State, seat: Seat) -> silk_core::Features {
        let c = s.city(seat);
        let vp = s.vp(seat) as f32;
        let pair = |r: [u16; 2]| (r[0] as u32 + r[1] as u32) as f32;
        let rivals = Seat::all(s.players()).filter(|&o| o != seat);
        let (mut rs, mut rv) = (0u32, 0u32);
        for o in rivals {
            let oc = s.city(o);
            rs = rs.max(oc.soldiers[0] as u32 + oc.soldiers[1] as u32);
            rv = rv.max(s.vp(o));
        }
        silk_core::Features::of(&[
            vp,
            c.dev_count() as f32 - vp,
            pair(c.soldiers),
            pair(c.recruits),
            pair(c.merchants),
            pair(c.laborers),
            c.coins as f32 / 10.0,
            c.food as f32,
            c.metal as f32,
            c.silk as f32,
            c.fine as f32,
            c.improvements.count_ones() as f32,
            rs as f32,
            rv as f32,
        ])
    }
}

/// A style's weights: one heuristic, several ways to play it.
struct Weights {
    /// Soldiers wanted beyond the balanced target, and how much attacks are worth.
    army: u32,
    attack: f32,
    /// Trade with the Great Empires (buying silk to resell, selling).
    trade: f32,
    /// Merchants kept.
    merchants: u8,
    /// Improvements and growth.
    build: f32,
}

/// The weights as named parameters (`silk tune --bot`, `greedy+attack=1.6`): every field a
/// style sets, in [`Weights::NAMES`] order.
impl Weights {
    const NAMES: &'static [&'static str] = &["army", "attack", "trade", "merchants", "build"];

    fn params(&self) -> WeightSet {
        WeightSet::of(&[
            self.army as f32,
            self.attack,
            self.trade,
            self.merchants as f32,
            self.build,
        ])
    }

    /// These weights with every named one taken from `p` (counts rounded, at least 0).
    fn with_params(mut self, p: &WeightSet) -> Weights {
        let count = |v: f32| v.round().max(0.0);
        self.army = count(p.get(0)) as u32;
        self.attack = p.get(1);
        self.trade = p.get(2);
        self.merchants = count(p.get(3)).min(u8::MAX as f32) as u8;
        self.build = p.get(4);
        self
    }
}

impl Weights {
    fn of(style: Style) -> Weights {
        let base = Weights {
            army: 0,
            attack: 1.0,
            trade: 1.0,
            merchants: 2,
            build: 1.0,
        };
        match style {
            Style::Balanced => base,
            // Tuned (issue 33, docs/bots.md): `silk tune cities --bot greedy-aggressive`
            // found these against the other styles; the guess was army 1, attack 1.4 and the
            // balanced trade, Merchants and building.
            Style::Aggressive => Weights {
                army: 3,
                attack: 1.8,
                trade: 0.5,
                merchants: 3,
                build: 0.6,
            },
            // Tuned the same way, each keeping its kind (trade or build at least 1.5); the
            // guesses were attack 0.8 with trade 1.5 and 3 Merchants (trader), or build 1.5
            // (builder), the rest balanced. Both now arm as the aggressive style does.
            Style::Trader => Weights {
                army: 3,
                attack: 1.8,
                trade: 1.5,
                merchants: 3,
                build: 0.6,
            },
            Style::Builder => Weights {
                army: 2,
                attack: 1.8,
                trade: 1.0,
                merchants: 3,
                build: 1.5,
            },
        }
    }
}

/// Route cost from a region to an empire at base costs.
fn base_route(s: &State, from: u8, empire: u8) -> u32 {
    s.rules
        .map
        .cheapest_path(from, Goal::Empire(empire), TargetCost::Excluded, |r| {
            s.rules.map.cost(r)
        })
        .map_or(99, |(c, _)| c)
}

fn empire_of(s: &State, sells: bool, res: Resource) -> Option<u8> {
    (0..s.rules.empires.len() as u8).find(|&e| {
        let emp = &s.rules.empires[e as usize];
        let t = if sells { emp.sells } else { emp.buys };
        matches!(t, Some((r, _)) if r == res)
    })
}

fn region_value(s: &State, r: u8) -> f32 {
    let mut v = 0.0;
    if let Some(c) = empire_of(s, true, Resource::Silk) {
        v -= base_route(s, r, c) as f32;
    }
    if let Some(b) = empire_of(s, false, Resource::Silk) {
        v -= base_route(s, r, b) as f32;
    }
    if s.rules.is_food_region(r) {
        v += 1.0;
    }
    v + s.treasury[r as usize] as f32
}

/// Route plus price of a move as the engine would plan it now.
fn move_cost(s: &State, seat: Seat, kind: MoveKind) -> Option<u32> {
    let mv = plan(s, seat, kind, 0)?;
    let mut total = 0;
    for k in 1..mv.len as usize {
        let r = mv.path[k];
        let last = k + 1 == mv.len as usize;
        let target_region = match kind {
            MoveKind::Deliver { to, .. } | MoveKind::Attack { target: to, .. } => {
                Some(s.city(to).region)
            }
            _ => None,
        };
        if last && target_region == Some(r) {
            continue;
        }
        total += s.stacks.entry_cost(r, travel(s, seat, r));
    }
    Some(total)
}

/// Best Byzantium price for one more silk card now.
fn silk_sale_price(s: &State, fine: bool) -> Option<u32> {
    let b = empire_of(s, false, Resource::Silk)?;
    let track = &s.buy[b as usize];
    let card = if fine {
        silk_trade::TrackCard::double(crate::state::FINE)
    } else {
        silk_trade::TrackCard::single(crate::state::STANDARD)
    };
    let slot = track.lowest_empty_for(card)?;
    let p = track.prices();
    Some(if fine {
        p[slot] as u32 + p.get(slot + 1).copied().unwrap_or(0) as u32
    } else {
        p[slot] as u32
    })
}

fn value(s: &State, seat: Seat, a: Action, w: &Weights) -> f32 {
    let c = s.city(seat);
    let coins = c.coins as f32;
    match (s.phase, a) {
        (_, Action::Claim(r)) => region_value(s, r),
        (Phase::Barbarians { auction, .. }, Action::Bid(k)) => {
            barbarian_bid_value(s, seat, auction.min_next_bid(), k, w)
        }
        (Phase::Priority { .. }, Action::Bid(k)) => 2.5 - k as f32,
        (Phase::LotAuction { item, .. }, Action::Bid(k)) => {
            let worth = item_value(s, item);
            if coins - (k as f32) < 3.0 {
                -1.0
            } else {
                worth - k as f32
            }
        }
        (Phase::Route { mv }, Action::Route(via)) => route_value(s, &mv, via),
        (Phase::Route { .. }, Action::Pass) => -20.0,
        (_, Action::Pass) => 0.0,
        (_, Action::EndTurn) => 0.0,
        (_, Action::Assign { from, to }) => assign_value(s, seat, from, to, w),
        (_, Action::Gather(res)) => gather_value(s, seat, res, w),
        (_, Action::Build(k)) => build_value(s, seat, k, w),
        // A small city grows first: citizens are its workforce and its future Soldiers.
        (_, Action::Grow) => {
            let small = if c.citizens() < 5 { 1.0 } else { 0.0 };
            (4.0 + small) * w.build - growth_cost(s, seat) as f32 * 0.5
        }
        (_, Action::Buy { empire, slot }) => buy_value(s, seat, empire, slot, w),
        (_, Action::Sell { empire, res }) => sell_value(s, seat, empire, res, w),
        (_, Action::Offer { to, res, price }) => {
            more_rules::offer_value(s, seat, (to, res, price), w)
        }
        (_, Action::Accept) => accept_value(s, seat),
        (_, Action::Refuse) => 0.0,
        (Phase::Toll { mv, at }, Action::Demand(k)) => {
            more_rules::demand_value(s, mv.tolls[at as usize], k)
        }
        (Phase::TollAnswer { mv, at, demand }, Action::PayToll) => {
            more_rules::pay_toll_value(s, &mv, at, demand)
        }
        (_, Action::RefuseToll) => 0.0,
        (_, Action::Attack { target, army }) => attack_value(s, seat, target, army, w),
        (Phase::Defend { mv, atk, def }, Action::Defend(k)) => {
            defend_value(s, seat, mv, (atk, def), k)
        }
        (_, Action::Play(t)) => match s.rules.dev(t).map(|d| d.effect) {
            Some(DevEffect::AttackBonus(_)) | Some(DevEffect::DefenceBonus(_)) => 2.0,
            Some(DevEffect::GatherBonus(_)) => more_rules::gather_card_value(s, seat),
            Some(DevEffect::IgnoreTravel(_)) => more_rules::travel_card_value(s, seat),
            _ => -1.0,
        },
        (_, Action::Keep) => 0.0,
        (_, Action::Fall(r)) => {
            let gain = s.treasury[r as usize] as f32 + golden_age(s, seat) as f32 * 0.2;
            if s.treasury[r as usize] >= 10 {
                gain - 10.0 - golden_age(s, seat) as f32 * 0.5
            } else {
                -10.0
            }
        }
        (_, Action::Lot(item)) => item_value(s, item),
        (_, Action::PayToll)
        | (_, Action::Demand(_))
        | (_, Action::Defend(_))
        | (_, Action::Bid(_))
        | (_, Action::Route(_)) => 0.0,
    }
}

/// A bid for the barbarians' card with Soldiers: the minimum `min` while it stays within
/// the cap, keeping one Soldier home.
#[inline]
fn barbarian_bid_value(s: &State, seat: Seat, min: u32, k: u16, w: &Weights) -> f32 {
    let c = s.city(seat);
    // A development card (mostly VP) for Soldiers: bid the minimum while it stays
    // within the cap, keeping one Soldier home. Bidding at all also avoids the penalty.
    let soldiers = c.all_soldiers();
    // A lone Soldier faces the barbarians too: their card is worth more than the home
    // guard, and not bidding costs the travel penalty.
    let home = u32::from(soldiers >= 2);
    let cap = (soldiers - home).min(if soldiers >= 6 { 3 } else { 2 } + w.army);
    if k as u32 == min && (k as u32) <= cap && dev_value(s) > 0.0 {
        6.0 - 2.0 * k as f32
    } else {
        -(k as f32)
    }
}

/// Gathering `res`: its yield, weighed up for metal an army still needs, down off the
/// region's specialty.
#[inline]
fn gather_value(s: &State, seat: Seat, res: Res, w: &Weights) -> f32 {
    let c = s.city(seat);
    let (amount, _) = gather_yield(s, seat, res);
    let specialty = if s.rules.is_food_region(c.region) {
        Res::Food
    } else {
        Res::Metal
    };
    let arming = res == Res::Metal && c.metal == 0 && c.all_soldiers() < soldier_target(s, seat, w);
    amount as f32
        * if arming {
            1.2
        } else if res == specialty {
            0.8
        } else {
            0.5
        }
}

/// Building improvement `k`: by its effect and Golden Age points, less its cost; not when it
/// leaves too few coins.
#[inline]
fn build_value(s: &State, seat: Seat, k: u8, w: &Weights) -> f32 {
    let coins = s.city(seat).coins as f32;
    let Some(im) = s.rules.improvement(k) else {
        return -9.0;
    };
    if coins - (im.cost.coins as f32) < 2.0 {
        return -1.0;
    }
    let base = match im.effect {
        ImprovementEffect::GrowthDiscount(_) => 3.0,
        ImprovementEffect::GatherBonus(_) => 3.0,
        ImprovementEffect::DefenceBonus(_) => 2.5,
        ImprovementEffect::RouteDiscount(_) => 2.0,
        ImprovementEffect::NoTraining => 2.0,
        ImprovementEffect::FallCoins(_) => 0.5,
    };
    (base + im.ga as f32 * 0.2) * w.build
        - 0.3 * (im.cost.food as f32 + im.cost.metal as f32 + im.cost.coins as f32 * 0.5)
}

/// Accepting a delivery offer: only of what the city is short of, cheap, with coins to spare.
#[inline]
fn accept_value(s: &State, seat: Seat) -> f32 {
    let c = s.city(seat);
    let coins = c.coins as f32;
    match s.phase {
        Phase::Offer { mv } => match mv.kind {
            MoveKind::Deliver { res, price, .. } => {
                let short = match res {
                    Res::Food => c.food < growth_cost(s, seat),
                    Res::Metal => c.metal == 0,
                    _ => false,
                };
                if short && price <= 3 && coins - price as f32 >= 3.0 {
                    1.0
                } else {
                    -1.0
                }
            }
            _ => -1.0,
        },
        _ => -1.0,
    }
}

/// Moving a citizen from one role to another: Merchants while trade pays, Soldiers while the
/// army is short.
fn assign_value(s: &State, seat: Seat, from: Role, to: Role, w: &Weights) -> f32 {
    let c = s.city(seat);
    let coins = c.coins as f32;
    let laborers = c.laborers[0] + c.laborers[1];
    let merchants = c.merchants[0] + c.merchants[1];
    let short = c.all_soldiers() < soldier_target(s, seat, w);
    // Re-arming comes before gathering (an untapped Laborer is needed), and matters
    // most with no Soldier at all: nobody else faces barbarians or attacks for it.
    let urgency = if c.all_soldiers() == 0 { 2.0 } else { 1.0 };
    match (from, to) {
        (Role::Laborer, Role::Merchant)
            if laborers > 2 && merchants < w.merchants.into() && coins >= 4.0 =>
        {
            2.0
        }
        (Role::Laborer, Role::Soldier) if laborers >= 2 && short => 2.5 + urgency,
        (Role::Merchant, Role::Soldier) if merchants >= 2 && c.all_soldiers() == 0 => 2.0,
        (_, Role::Laborer) => more_rules::to_laborer_value(s, seat, from, w),
        _ => -5.0,
    }
}

/// Buying the card on `slot` of an empire's track: silk for the profit of selling it on, food
/// and metal when the city needs them.
fn buy_value(s: &State, seat: Seat, empire: u8, slot: u8, w: &Weights) -> f32 {
    let c = s.city(seat);
    let coins = c.coins as f32;
    let kind = MoveKind::Buy { empire, slot };
    let Some(route) = move_cost(s, seat, kind) else {
        return -9.0;
    };
    let Some(en) = s.sell[empire as usize]
        .iter()
        .find(|e| e.slot == slot as usize)
    else {
        return -9.0;
    };
    let Some(asked) = crate::engine::buy_price(s, empire, slot) else {
        return -9.0;
    };
    let price = asked as f32 + route as f32;
    match en.card.id {
        crate::state::STANDARD | crate::state::FINE => {
            let fine = en.card.id == crate::state::FINE;
            let Some(sale) = silk_sale_price(s, fine) else {
                return -3.0;
            };
            let back = empire_of(s, false, Resource::Silk)
                .map_or(99, |b| base_route(s, c.region, b)) as f32;
            let profit = sale as f32 - price - back;
            // Needs a second Merchant to sell, this round or the next.
            if profit >= 3.0 / w.trade && coins - price >= 1.0 {
                profit * 0.6 * w.trade
            } else {
                -1.0
            }
        }
        _ => {
            let res = if en.card.id == crate::state::FOOD_CARD {
                Res::Food
            } else {
                Res::Metal
            };
            // Metal for every Soldier still missing: a city without metal (a food
            // region) re-arms only by buying it, whatever the route costs.
            let missing = soldier_target(s, seat, w).saturating_sub(c.all_soldiers());
            let need = match res {
                Res::Food => c.food < growth_cost(s, seat),
                _ => c.metal < missing,
            };
            let arming = res == Res::Metal && need;
            if need && (price <= 3.0 || arming) && coins - price >= 3.0 {
                if arming {
                    3.0 - 0.2 * price
                } else {
                    1.0
                }
            } else {
                -2.0
            }
        }
    }
}

/// Selling a resource to an empire: the price less the route, keeping what the city needs.
fn sell_value(s: &State, seat: Seat, empire: u8, res: Res, w: &Weights) -> f32 {
    let c = s.city(seat);
    let kind = MoveKind::Sell { empire, res };
    let Some(route) = move_cost(s, seat, kind) else {
        return -9.0;
    };
    let track = &s.buy[empire as usize];
    let card = match res {
        Res::Fine => silk_trade::TrackCard::double(crate::state::FINE),
        _ => silk_trade::TrackCard::single(0),
    };
    let Some(slot) = track.lowest_empty_for(card) else {
        return -9.0;
    };
    let p = track.prices();
    let price = if res == Res::Fine {
        p[slot] as u32 + p.get(slot + 1).copied().unwrap_or(0) as u32
    } else {
        p[slot] as u32
    };
    let keep = match res {
        Res::Food => growth_cost(s, seat) + 1,
        Res::Metal => 1,
        _ => 0,
    };
    if c.has(res) <= keep && matches!(res, Res::Food | Res::Metal) {
        return -1.0;
    }
    let net = price as f32 - route as f32;
    if net >= 2.0 {
        net * 0.7 * w.trade
    } else {
        -1.0
    }
}

/// Sending `k` Soldiers to defend: worth it when they stop the attack, or destroy it with no
/// other army left to raid the city.
fn defend_value(s: &State, seat: Seat, mv: Move, (atk, def): (u8, u8), k: u8) -> f32 {
    let c = s.city(seat);
    let army = match mv.kind {
        MoveKind::Attack { army, .. } => army as u32,
        _ => 0,
    };
    let most = (c.soldiers[0] + c.recruits[0]) as u32;
    // Other armies still to act this round could raid a city whose Soldiers are tapped.
    let raiders = (1..=s.left as usize)
        .map(|k| s.actor.left(k, s.players()))
        .any(|t| t != seat && t != mv.mover && s.city(t).soldiers[0] > 0);
    let prevents = most > atk as u32;
    let destroys = most + def as u32 >= army;
    if prevents || (destroys && !raiders) {
        k as f32
    } else {
        -(k as f32)
    }
}

/// What a development card is worth to the bot, in coins: most are victory points, the goal.
/// Nothing once no card can be drawn.
fn dev_value(s: &State) -> f32 {
    let reshufflable: u32 = s.dev_used.iter().map(|&k| k as u32).sum();
    if s.dev_len == 0 && reshufflable == 0 {
        0.0
    } else {
        DEV_VALUE
    }
}

/// A development card's worth in coins (two in three are VP, the game's only score).
const DEV_VALUE: f32 = 8.0;
/// What losing one Soldier costs, in coins (its metal, its income, the defence it gave).
const SOLDIER_VALUE: f32 = 2.5;

/// Soldiers the bot wants: enough to beat the weakest other city outright (its untapped
/// defence and Walls, plus one), at least 3, and at most half its citizens.
fn soldier_target(s: &State, seat: Seat, w: &Weights) -> u32 {
    let weakest = Seat::all(s.players())
        .filter(|&t| t != seat)
        .map(|t| {
            let d = s.city(t);
            d.soldiers[0] as u32 + d.recruits[0] as u32 + walls(s, t) + 1
        })
        .min()
        .unwrap_or(0);
    weakest.max(3).min((s.city(seat).citizens() / 2).max(2)) + w.army
}

/// An attack is worth its development card and plunder, less the route, the reserve if the
/// army is wiped out, and the Soldiers it loses. The defender is assumed to play as this bot
/// does: it defends with everything when that stops the attack or destroys the army, else it
/// concedes. Attacks the bot cannot win (its army and attack cards below the defender's
/// untapped Soldiers) are not made; among winning armies the smallest that makes the defender
/// concede is preferred, else the smallest that wins.
fn attack_value(s: &State, seat: Seat, target: Seat, army: u8, style: &Weights) -> f32 {
    // Restricted play (`greedy+attack=0`): a player who never attacks.
    if style.attack <= 0.0 {
        return -5.0;
    }
    let c = s.city(seat);
    let d = s.city(target);
    let dav = d.soldiers[0] as u32 + d.recruits[0] as u32;
    let w = walls(s, target);
    let a = army as u32;
    let a_eff = a + s.attack_cards(seat);
    if a_eff < dav {
        return -5.0;
    }
    let concedes = a > dav + w && a_eff >= dav;
    let lost = if concedes { 0 } else { a.min(dav + w) };
    let Some(route) = move_cost(s, seat, MoveKind::Attack { target, army }) else {
        return -9.0;
    };
    let reserve = if concedes {
        0.0
    } else {
        travel(s, seat, d.region) as f32
    };
    let frac = s.rules.config.params.plunder_frac as f32;
    let plunder = (d.coins as f32 + reserve) * frac;
    // Soldiers left home to defend for the rest of the round.
    let home = (c.soldiers[0] as u32 - a) + c.recruits[0] as u32;
    let exposed = if home == 0 && s.left > 0 {
        (c.coins as f32 - route as f32 + plunder) * frac * 0.5
    } else {
        0.0
    };
    // Audit (issue 17), `undefended_card`: a defender that concedes may keep the card.
    let card = if concedes && !s.rules.config.params.undefended_card {
        0.0
    } else {
        dev_value(s) * style.attack
    };
    let v = card + plunder
        - route as f32
        - reserve
        - lost as f32 * SOLDIER_VALUE
        - 0.1 * a as f32
        - exposed;
    if v > 1.0 {
        v
    } else {
        -1.0
    }
}

/// A route is worth minus what it costs; a toll city on the way counts 1 more (its owner may
/// ask more than the minimum). The cheapest route wins ties.
fn route_value(s: &State, mv: &Move, via: u8) -> f32 {
    match route_option(s, mv, via) {
        Ok(new) => {
            let tolls = new.tolls[..new.len as usize]
                .iter()
                .filter(|&&t| t > 0)
                .count();
            let cheapest_bonus = if via == NONE { 0.25 } else { 0.0 };
            -(route_payment(s, &new) as f32) - tolls as f32 + cheapest_bonus
        }
        Err(_) => -99.0,
    }
}

fn item_value(s: &State, item: Item) -> f32 {
    match item {
        Item::Res(Res::Food) | Item::Res(Res::Metal) => 1.0,
        Item::Res(Res::Silk) => 3.0,
        Item::Res(Res::Fine) => 6.0,
        Item::Citizen(_) => 3.0,
        Item::Improvement(k) => s.rules.improvement(k).map_or(0.0, |i| i.ga as f32),
    }
}
