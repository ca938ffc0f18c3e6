//! Moves (Design, Trade and Attack): a Merchant or an army sets off along its route, the mover
//! chooses among routes (gap 22), owners ask tolls on the way (gap 23), and the move is carried out
//! or called off.

use super::bank::{bank_pays, pay_bank, transfer};
use super::combat::combat_next;
use super::economy::{card_res, gain, res_card, walls};
use super::prices::{buy_price, fine_price};
use super::route::{
    extra_cost, is_toll, payments, plan_with, target_of, toll_at, Costs, Planned, RouteChoices,
};
use crate::data::{RouteRule, TollPolicy};
use crate::event::Event;
use crate::state::{Move, MoveKind, Phase, State, NONE};
use silk_core::{EventSink, Seat};

/// Taps the Merchant or army and sets off along the planned route (`planned` by `check`
/// for this very decision, or planned here).
pub(super) fn start_move(
    s: &mut State,
    seat: Seat,
    kind: MoveKind,
    planned: Option<Planned>,
    ev: &mut impl EventSink<Event>,
) {
    let planned = planned.or_else(|| {
        let costs = Costs::new(s, seat);
        plan_with(s, &costs, kind, 0).map(|mv| Planned { mv, costs })
    });
    let Some(Planned { mv, costs }) = planned else {
        return;
    };
    let c = s.city_mut(seat);
    match kind {
        MoveKind::Attack { army, .. } => {
            c.soldiers[0] -= u16::from(army);
            c.soldiers[1] += u16::from(army);
        }
        _ => {
            c.merchants[0] -= 1;
            c.merchants[1] += 1;
        }
    }
    if matches!(kind, MoveKind::Deliver { .. }) {
        // Gap 30: the sale needs the buyer's agreement first.
        s.phase = Phase::Offer { mv };
    } else {
        // Tapping changes no cost: the new move is still the cheapest under `costs`.
        let choices = RouteChoices {
            c: costs,
            cheapest: Some(mv),
            legs: std::cell::OnceCell::new(),
        };
        choose_route(s, mv, Some(choices), ev);
    }
}

/// Whether the mover of `mv` has any route to choose from (`Phase::Route`).
pub(super) fn has_route_option(s: &State, c: &Costs, mv: &Move) -> bool {
    let choices = RouteChoices::with_costs(s, *c, mv);
    choices.choice(s, mv, NONE).is_ok() || choices.any_waypoint(s, mv)
}

/// Gap 22: with `route_rule = waypoint` the mover chooses its route when there is more than
/// the cheapest one; otherwise the move goes on along `mv`.
/// `choices`: the route choices of `mv` if already known.
pub(super) fn choose_route(
    s: &mut State,
    mv: Move,
    choices: Option<RouteChoices>,
    ev: &mut impl EventSink<Event>,
) {
    let waypoint = s.rules.config.params.route_rule == RouteRule::Waypoint;
    if waypoint
        && choices
            .unwrap_or_else(|| RouteChoices::new(s, &mv))
            .any_waypoint(s, &mv)
    {
        s.phase = Phase::Route { mv };
    } else {
        advance_move(s, mv, 0, ev);
    }
}

/// Asks the next toll after path position `from`, or completes the move.
pub(super) fn advance_move(s: &mut State, mv: Move, from: usize, ev: &mut impl EventSink<Event>) {
    if s.rules.config.params.toll_policy == TollPolicy::Demand {
        let target = target_of(s, mv.kind);
        let toll = |k| toll_at(|r| s.owner(r), target, &mv, k);
        if let Some(k) = (from + 1..mv.len as usize).find(|&k| toll(k)) {
            s.phase = Phase::Toll { mv, at: k as u8 };
            return;
        }
    }
    execute(s, mv, ev);
}

pub(super) fn cancel_move(s: &mut State, mv: Move, announce: bool, ev: &mut impl EventSink<Event>) {
    let c = s.city_mut(mv.mover);
    match mv.kind {
        MoveKind::Attack { army, .. } => {
            c.soldiers[1] -= u16::from(army);
            c.soldiers[0] += u16::from(army);
        }
        _ => {
            c.merchants[1] -= 1;
            c.merchants[0] += 1;
        }
    }
    if announce {
        ev.emit(Event::MoveCancelled { mover: mv.mover });
    }
    s.phase = Phase::Turn;
}

/// Pays the route (tolls to owners, stacks elsewhere) and does what the move came for.
#[allow(clippy::needless_range_loop)] // path and pay are indexed together
fn execute(s: &mut State, mv: Move, ev: &mut impl EventSink<Event>) {
    let c = Costs::new(s, mv.mover);
    let target = target_of(s, mv.kind);
    let (pay, total, credit_used) = payments(s, &c, &mv);
    let slack = s.city(mv.mover).coins as i64 - total as i64 - extra_cost(s, &mv) as i64;
    if slack < 0 {
        cancel_move(s, mv, true, ev);
        return;
    }
    let seat = mv.mover;
    for k in 1..mv.len as usize {
        let r = mv.path[k];
        if is_toll(&c, target, &mv, k) {
            if let Some(owner) = s.owner(r) {
                let amount = transfer(s, seat, owner, pay[k] as u32);
                ev.emit(Event::TollPaid {
                    owner,
                    mover: seat,
                    amount: amount as u8,
                });
            }
        } else if pay[k] > 0 && s.stacks.push_stack(r, pay[k]).is_ok() {
            s.city_mut(seat).coins -= pay[k] as u16;
        }
    }
    {
        let c = s.city_mut(seat);
        c.travel_credit = c.travel_credit.saturating_sub(credit_used.min(255) as u8);
    }
    let route = total as u16;
    s.phase = Phase::Turn;
    match mv.kind {
        MoveKind::Buy { empire, slot } => {
            let fine = fine_price(s);
            let asked = buy_price(s, empire, slot);
            if let (Some(price), Ok((card, _))) =
                (asked, s.sell[empire as usize].take(slot as usize, fine))
            {
                if s.rules.config.params.compact_on_buy {
                    s.sell[empire as usize].compact();
                }
                pay_bank(s, seat, price);
                let res = card_res(card.id);
                gain(s, seat, res, 1);
                ev.emit(Event::Bought {
                    seat,
                    empire,
                    res,
                    price: price as u16,
                    route,
                });
            }
        }
        MoveKind::Sell { empire, res } => {
            let card = res_card(res);
            if let Ok((slot, sum)) = s.buy[empire as usize].fill_lowest_empty(card) {
                // Gap 9: a fine card pays the sum of its two slots, or twice its front slot.
                let price = s.buy[empire as usize]
                    .price_at(slot, fine_price(s))
                    .unwrap_or(sum);
                s.city_mut(seat).remove_one(res);
                bank_pays(s, seat, price);
                ev.emit(Event::Sold {
                    seat,
                    empire,
                    res,
                    price: price as u16,
                    route,
                });
            }
        }
        MoveKind::Deliver { to, res, price } => {
            s.city_mut(seat).remove_one(res);
            transfer(s, to, seat, price as u32);
            gain(s, to, res, 1);
            ev.emit(Event::Delivered {
                seat,
                to,
                res,
                price,
                route,
            });
        }
        MoveKind::Attack { target, army } => {
            // Audit (issue 17), `attacks_per_turn`: the attack is made once the army arrives.
            if s.rules.config.params.attacks_per_turn > 0 {
                s.attacks = s.attacks.saturating_add(1);
            }
            ev.emit(Event::Attacked {
                seat,
                target,
                army,
                route,
            });
            // Gap 13: Walls add to the defence.
            let walls = walls(s, target);
            combat_next(s, mv, army, walls.min(255) as u8, true, 0);
        }
    }
}
