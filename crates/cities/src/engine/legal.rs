//! Legal actions: the decisions a seat may take now, exactly those `check` accepts, found
//! without writing refusal messages and pricing each route once per decision.

use super::check::attacks_left;
#[cfg(test)]
use super::check::check;
use super::economy::{buys_res, cap, card_res, growth_cost, may_rise_to, res_card};
use super::prices::buy_price;
use super::route::{
    build_move, goal_of, grow, payments, slack, travel, tree_end, Costs, RouteChoices,
};
use super::{citizen_limit, to_move, MAX_OFFER};
use crate::action::Action;
use crate::data::{DevEffect, RouteRule};
use crate::state::{MoveKind, Phase, Res, Role, State, MAX_PLAYERS, NONE};
use silk_core::Seat;

/// The decisions of `seat` now: exactly the candidates of the phase that `check` accepts, in
/// the candidates' order, found without `check`'s refusal messages and pricing each route
/// once per decision rather than once per candidate (`legal_by_check` is the reference).
pub fn legal(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if !to_move(s).includes(seat) {
        return;
    }
    let nr = s.rules.map.len() as u8;
    match s.phase {
        Phase::Turn => legal_turn(s, seat, out),
        Phase::Route { mv } => {
            let choices = RouteChoices::new(s, &mv);
            for via in std::iter::once(NONE).chain(0..nr) {
                if choices.choice(s, &mv, via).is_ok() {
                    out.push(Action::Route(via));
                }
            }
            if mv.avoid != 0 {
                out.push(Action::Pass);
            }
        }
        Phase::Claim { .. } => {
            out.extend((0..nr).filter(|&r| s.owner(r).is_none()).map(Action::Claim));
        }
        Phase::Combat { defender_turn, .. } => {
            let c = s.city(seat);
            out.push(Action::Pass);
            for (t, d) in s.rules.config.development.iter().enumerate() {
                let fits = matches!(
                    (d.effect, defender_turn),
                    (DevEffect::AttackBonus(_), false) | (DevEffect::DefenceBonus(_), true)
                );
                if fits && c.dev[t] > 0 {
                    out.push(Action::Play(t as u8));
                }
            }
        }
        Phase::RiseFall => {
            out.push(Action::Keep);
            out.extend(
                (0..nr)
                    .filter(|&r| may_rise_to(s, seat, r))
                    .map(Action::Fall),
            );
        }
        // Every candidate of these phases is allowed; in an auction, the seat to move may
        // pass or bid anything in its `bid_range` (the auction's own checks, exactly).
        Phase::Offer { .. }
        | Phase::Toll { .. }
        | Phase::TollAnswer { .. }
        | Phase::Defend { .. }
        | Phase::Lot { .. }
        | Phase::Barbarians { .. }
        | Phase::Priority { .. }
        | Phase::LotAuction { .. }
        | Phase::Over => candidates(s, seat, out),
    }
}

/// The reference for `legal`: every candidate `check` accepts.
#[cfg(test)]
pub fn legal_by_check(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if !to_move(s).includes(seat) {
        return;
    }
    candidates(s, seat, out);
    out.retain(|&a| check(s, seat, a).is_ok());
}

/// `legal` in Phase 2: `check`'s conditions per candidate, with one route per Great Empire
/// (buying and selling there share it) and one per rival city (offers and attacks share it).
fn legal_turn(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let p = &s.rules.config.params;
    let c = s.city(seat);
    let cap = cap(s);
    out.push(Action::EndTurn);
    legal_home(s, seat, cap, out);
    if c.merchants[0] == 0 && c.soldiers[0] == 0 {
        out.extend(legal_plays(s, c));
        return;
    }
    let costs = Costs::new(s, seat);
    let coins = c.coins as i64;
    // The routes of all new moves come from one search from home (`plan_with` per goal
    // would search again for each), grown when a first route is needed.
    let fewest = p.route_rule == RouteRule::FewestRegions;
    let tree = std::cell::OnceCell::new();
    // What the route of a move of this kind costs (`None`: no route), its goal's first need.
    let route_pay = |kind: MoveKind| {
        let tree = tree.get_or_init(|| {
            grow(s, c.region, |r| {
                let x = costs.route_step(0, None, r);
                if fewest {
                    x.saturating_add(100_000)
                } else {
                    x
                }
            })
        });
        let (_, path, len) = tree.path(tree_end(s, tree, goal_of(s, kind))?)?;
        let mv = build_move(s, &costs, kind, 0, &path[..len])?;
        Some(payments(s, &costs, &mv).1 as i64)
    };
    let mut to_city: [Option<Option<i64>>; MAX_PLAYERS] = [None; MAX_PLAYERS];
    if c.merchants[0] > 0 {
        legal_trades(s, seat, cap, &route_pay, &mut to_city, out);
    }
    if c.soldiers[0] > 0 && attacks_left(s) {
        for target in Seat::all(s.players()).filter(|&t| t != seat) {
            let army = 1;
            let kind = MoveKind::Attack { target, army };
            let pay = *to_city[target.index()].get_or_insert_with(|| route_pay(kind));
            let reserve = travel(s, seat, s.city(target).region) as i64;
            if pay.is_some_and(|x| coins - x - reserve >= 0) {
                out.extend(
                    (1..=army_max(c.soldiers[0])).map(|army| Action::Attack { target, army }),
                );
            }
        }
    }
    out.extend(legal_plays(s, c));
}

/// The moves at home: assigning a citizen to another role, gathering, building, growing.
#[inline]
fn legal_home(s: &State, seat: Seat, cap: u32, out: &mut Vec<Action>) {
    let c = s.city(seat);
    for from in Role::ALL {
        for to in [Role::Merchant, Role::Laborer, Role::Soldier] {
            let ok = from != to
                && !(from == Role::Recruit && to == Role::Soldier)
                && c.untapped(from) > 0
                && match to {
                    Role::Merchant => c.coins >= 1,
                    Role::Laborer => c.food >= 1,
                    Role::Soldier | Role::Recruit => c.metal >= 1,
                };
            if ok {
                out.push(Action::Assign { from, to });
            }
        }
    }
    for res in [Res::Food, Res::Metal] {
        if c.laborers[0] > 0 && c.has(res) < cap {
            out.push(Action::Gather(res));
        }
    }
    for (k, im) in s.rules.config.improvements.iter().enumerate() {
        if !c.has_improvement(k as u8)
            && c.food >= im.cost.food as u32
            && c.metal >= im.cost.metal as u32
            && c.coins >= im.cost.coins as u16
        {
            out.push(Action::Build(k as u8));
        }
    }
    if c.citizens() < citizen_limit(s) && c.food >= growth_cost(s, seat) {
        out.push(Action::Grow);
    }
}

/// A merchant's moves: buying and selling at each Great Empire, offers to each rival city
/// not yet offered to; `route_pay` prices a move's route, `to_city` keeps each rival city's.
#[inline]
fn legal_trades(
    s: &State,
    seat: Seat,
    cap: u32,
    route_pay: &impl Fn(MoveKind) -> Option<i64>,
    to_city: &mut [Option<Option<i64>>; MAX_PLAYERS],
    out: &mut Vec<Action>,
) {
    let c = s.city(seat);
    let coins = c.coins as i64;
    for e in 0..s.rules.empires.len() as u8 {
        let mut to_empire: Option<Option<i64>> = None;
        let track = &s.sell[e as usize];
        for en in track.iter() {
            let slot = en.slot as u8;
            let Some(en) = track.iter().find(|x| x.slot == slot as usize) else {
                continue;
            };
            if c.has(card_res(en.card.id)) >= cap {
                continue;
            }
            let kind = MoveKind::Buy { empire: e, slot };
            let pay = *to_empire.get_or_insert_with(|| route_pay(kind));
            let price = buy_price(s, e, slot).unwrap_or(0) as i64;
            if pay.is_some_and(|x| coins - x - price >= 0) {
                out.push(Action::Buy { empire: e, slot });
            }
        }
        for res in Res::ALL {
            if !buys_res(s, e, res)
                || c.has(res) == 0
                || s.buy[e as usize].lowest_empty_for(res_card(res)).is_none()
            {
                continue;
            }
            let kind = MoveKind::Sell { empire: e, res };
            let pay = *to_empire.get_or_insert_with(|| route_pay(kind));
            if pay.is_some_and(|x| coins - x >= 0) {
                out.push(Action::Sell { empire: e, res });
            }
        }
    }
    for to in Seat::all(s.players()).filter(|&t| t != seat) {
        if s.offered.contains(to) {
            continue;
        }
        let most = (s.city(to).coins as u32).min(MAX_OFFER as u32) as u8;
        for res in Res::ALL.into_iter().filter(|&r| c.has(r) > 0) {
            if most == 0 {
                break;
            }
            let kind = MoveKind::Deliver { to, res, price: 1 };
            let pay = *to_city[to.index()].get_or_insert_with(|| route_pay(kind));
            if pay.is_some_and(|x| coins - x >= 0) {
                out.extend((1..=most).map(|price| Action::Offer { to, res, price }));
            }
        }
    }
}

/// Development cards playable on one's own turn.
fn legal_plays<'a>(s: &'a State, c: &'a crate::state::City) -> impl Iterator<Item = Action> + 'a {
    s.rules
        .config
        .development
        .iter()
        .enumerate()
        .filter(move |&(t, d)| {
            c.dev[t] > 0
                && matches!(
                    d.effect,
                    DevEffect::IgnoreTravel(_) | DevEffect::GatherBonus(_)
                )
        })
        .map(|(t, _)| Action::Play(t as u8))
}

fn candidates(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let n = s.players();
    let nr = s.rules.map.len() as u8;
    let bids = |out: &mut Vec<Action>, range: Option<(u32, u32)>| {
        out.push(Action::Pass);
        if let Some((lo, hi)) = range {
            out.extend((lo..=hi.min(u16::MAX as u32)).map(|k| Action::Bid(k as u16)));
        }
    };
    match s.phase {
        Phase::Claim { .. } => out.extend((0..nr).map(Action::Claim)),
        Phase::Barbarians { auction, .. }
        | Phase::Priority { auction, .. }
        | Phase::LotAuction { auction, .. } => bids(out, auction.bid_range(seat)),
        Phase::Turn => {
            let c = s.city(seat);
            out.push(Action::EndTurn);
            for from in Role::ALL {
                for to in [Role::Merchant, Role::Laborer, Role::Soldier] {
                    out.push(Action::Assign { from, to });
                }
            }
            out.push(Action::Gather(Res::Food));
            out.push(Action::Gather(Res::Metal));
            out.extend((0..s.rules.config.improvements.len() as u8).map(Action::Build));
            out.push(Action::Grow);
            if c.merchants[0] > 0 {
                for e in 0..s.rules.empires.len() as u8 {
                    for en in s.sell[e as usize].iter() {
                        out.push(Action::Buy {
                            empire: e,
                            slot: en.slot as u8,
                        });
                    }
                    for res in Res::ALL {
                        out.push(Action::Sell { empire: e, res });
                    }
                }
                for to in Seat::all(n).filter(|&t| t != seat) {
                    for res in Res::ALL.into_iter().filter(|&r| c.has(r) > 0) {
                        let most = (s.city(to).coins as u32).min(MAX_OFFER as u32) as u8;
                        out.extend((1..=most).map(|price| Action::Offer { to, res, price }));
                    }
                }
            }
            for target in Seat::all(n).filter(|&t| t != seat) {
                out.extend(
                    (1..=army_max(c.soldiers[0])).map(|army| Action::Attack { target, army }),
                );
            }
            for t in 0..s.rules.config.development.len() as u8 {
                out.push(Action::Play(t));
            }
        }
        Phase::Offer { .. } => out.extend([Action::Accept, Action::Refuse]),
        Phase::Route { .. } => {
            out.push(Action::Route(NONE));
            out.extend((0..nr).map(Action::Route));
            out.push(Action::Pass);
        }
        Phase::Toll { mv, at } => {
            let min = mv.tolls[at as usize] as u32;
            let most = min + slack(s, &Costs::new(s, mv.mover), &mv).max(0) as u32;
            out.extend((min..=most.min(255)).map(|k| Action::Demand(k as u8)));
        }
        Phase::TollAnswer { .. } => out.extend([Action::PayToll, Action::RefuseToll]),
        Phase::Combat { .. } => {
            out.push(Action::Pass);
            out.extend((0..s.rules.config.development.len() as u8).map(Action::Play));
        }
        Phase::Defend { .. } => {
            let c = s.city(seat);
            out.extend((0..=army_max(c.soldiers[0] + c.recruits[0])).map(Action::Defend));
        }
        Phase::RiseFall => {
            out.push(Action::Keep);
            out.extend((0..nr).map(Action::Fall));
        }
        Phase::Lot { lot } => out.extend(lot.items().map(Action::Lot)),
        Phase::Over => {}
    }
}

/// The largest army (or defence) one decision names out of `soldiers`: a byte, so a city with
/// more Soldiers than 255 sends them in several attacks.
fn army_max(soldiers: u16) -> u8 {
    soldiers.min(u8::MAX as u16) as u8
}
