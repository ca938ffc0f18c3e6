//! Performing: `apply` checks a decision and carries it out in place; `perform` dispatches it by
//! phase.

use super::auction_report::{LOT_POINT, PRIORITY_POINT};
use super::bank::{budgets, pay_all};
use super::check::check_planning;
use super::combat::{combat_next, fight};
use super::economy::ga_value;
use super::moves::{advance_move, cancel_move, choose_route, has_route_option};
use super::replenish::{settle_barbarians, start_round};
use super::rise_fall::{fall, has_room, lot_won, next_rise_fall};
use super::route::{plan_with, route_option, slack, Costs, Planned};
use super::turn::{begin_turns, play_card, turn_action};
use super::Res2;
use crate::action::Action;
use crate::data::RouteRule;
use crate::event::Event;
use crate::state::{Move, MoveKind, Phase, State, NONE};
use silk_core::{EventSink, Seat, SeatSet};
use silk_trade::auction::Auction;

/// Checks and carries out `action`. On `Err` the state is untouched.
pub fn apply(
    s: &mut State,
    seat: Seat,
    action: Action,
    ev: &mut impl EventSink<Event>,
) -> Res2<()> {
    let mut planned = None;
    check_planning(s, seat, action, &mut planned)?;
    // A checked decision cannot fail, so it is carried out in place (no copy of the state).
    perform(s, seat, action, planned, ev);
    if s.winner.is_some() {
        s.phase = Phase::Over;
    }
    Ok(())
}

fn perform(
    s: &mut State,
    seat: Seat,
    action: Action,
    planned: Option<Planned>,
    ev: &mut impl EventSink<Event>,
) {
    let n = s.players();
    match (s.phase, action) {
        (Phase::Claim { left, .. }, Action::Claim(r)) => {
            s.city_mut(seat).region = r;
            ev.emit(Event::Claimed { seat, region: r });
            if left == 0 {
                start_round(s, ev);
            } else {
                s.phase = Phase::Claim {
                    seat: seat.left(n - 1, n),
                    left: left - 1,
                };
            }
        }
        (
            Phase::Barbarians {
                strength,
                mut auction,
            },
            a,
        ) => {
            bid_or_pass(&mut auction, seat, a, ev);
            s.phase = Phase::Barbarians { strength, auction };
            if auction.is_done() {
                settle_barbarians(s, strength, &auction, ev);
            }
        }
        (Phase::Priority { mut auction, start }, a) => {
            bid_or_pass(&mut auction, seat, a, ev);
            s.phase = Phase::Priority { auction, start };
            if let Ok(r) = auction.result() {
                // Gap 19: the tie auction is paid to the bank; with no bid, `start` goes first.
                pay_all(s, &r.pays);
                auction.tell_closed(&r, PRIORITY_POINT, None, ev);
                begin_turns(s, r.winner.map_or(start, |b| b.seat), ev);
            }
        }
        (Phase::Turn, a) => turn_action(s, seat, a, planned, ev),
        (Phase::Offer { mv }, Action::Accept) => choose_route(s, mv, None, ev),
        (Phase::Route { mv }, Action::Route(via)) => route_chosen(s, mv, via, planned, ev),
        (Phase::Route { mv }, _) => cancel_move(s, mv, true, ev),
        (Phase::Offer { mv }, _) => {
            if let MoveKind::Deliver { to, .. } = mv.kind {
                ev.emit(Event::OfferRefused { seat: mv.mover, to });
            }
            cancel_move(s, mv, false, ev);
        }
        (Phase::Toll { mut mv, at }, Action::Demand(k)) => {
            ev.emit(Event::TollDemanded {
                owner: seat,
                mover: mv.mover,
                amount: k,
            });
            if k == mv.tolls[at as usize] {
                advance_move(s, mv, at as usize, ev);
            } else {
                mv.tolls[at as usize] = mv.tolls[at as usize].max(k);
                s.phase = Phase::TollAnswer { mv, at, demand: k };
            }
        }
        (Phase::TollAnswer { mut mv, at, demand }, Action::PayToll) => {
            mv.tolls[at as usize] = demand;
            advance_move(s, mv, at as usize, ev);
        }
        (Phase::TollAnswer { mv, at, .. }, _) => toll_refused(s, mv, at, ev),
        (Phase::Combat { .. }, a) => combat_step(s, seat, a, ev),
        (Phase::Defend { mv, atk, def }, Action::Defend(k)) => fight(s, mv, atk, def, k, ev),
        (Phase::RiseFall, Action::Keep) => {
            ev.emit(Event::Kept { seat });
            next_rise_fall(s, ev);
        }
        (Phase::RiseFall, Action::Fall(r)) => fall(s, seat, r, ev),
        (Phase::Lot { lot }, Action::Lot(item)) => {
            ev.emit(Event::LotOffered { seat, item });
            let budgets = budgets(s, |c| c.coins as u32);
            let format = s.rules.config.params.lot_auction;
            // Gap 21 with a `pop_cap`: a city at its limit takes no part in a citizen's auction
            // (it could not keep what it paid for); the others bid from the falling player on.
            let bidders: SeatSet = Seat::all(n).filter(|&q| has_room(s, q, item)).collect();
            let start = (0..n)
                .map(|k| seat.left(k, n))
                .find(|&q| bidders.contains(q));
            match start.map(|start| Auction::new(format, bidders, start, &budgets, 1)) {
                Some(Ok(auction)) => s.phase = Phase::LotAuction { lot, item, auction },
                _ => lot_won(s, lot, item, seat, 0, ev),
            }
        }
        (
            Phase::LotAuction {
                lot,
                item,
                mut auction,
            },
            a,
        ) => {
            bid_or_pass(&mut auction, seat, a, ev);
            s.phase = Phase::LotAuction { lot, item, auction };
            if let Ok(r) = auction.result() {
                // Design: if nobody bids, the current player receives the item by default.
                let (winner, price) = r.winner.map_or((s.actor, 0), |b| (b.seat, r.price()));
                pay_all(s, &r.pays);
                auction.tell_closed(&r, LOT_POINT, Some(ga_value(s, item)), ev);
                lot_won(s, lot, item, winner, price, ev);
            }
        }
        _ => {}
    }
}

/// The mover chose a route (`via` a waypoint, or none): the move goes on.
fn route_chosen(
    s: &mut State,
    mv: Move,
    via: u8,
    planned: Option<Planned>,
    ev: &mut impl EventSink<Event>,
) {
    let new = planned.map_or_else(|| route_option(s, &mv, via), |p| Ok(p.mv));
    if let Ok(new) = new {
        if mv.avoid != 0 {
            ev.emit(Event::Rerouted { mover: mv.mover });
        }
        if via != NONE {
            ev.emit(Event::RouteVia {
                mover: mv.mover,
                via,
            });
        }
        advance_move(s, new, 0, ev);
    }
}

/// The mover refused the toll demanded at `at`: another route, or the move called off.
fn toll_refused(s: &mut State, mv: Move, at: u8, ev: &mut impl EventSink<Event>) {
    let r = mv.path[at as usize];
    if let Some(owner) = s.owner(r) {
        ev.emit(Event::TollRefused {
            owner,
            mover: mv.mover,
        });
    }
    // Gap 23: take another route, or call the move off; with `route_rule = waypoint`
    // the mover chooses which.
    let waypoint = s.rules.config.params.route_rule == RouteRule::Waypoint;
    let c = Costs::new(s, mv.mover);
    match plan_with(s, &c, mv.kind, mv.avoid | (1 << r)) {
        Some(new) if waypoint && has_route_option(s, &c, &new) => {
            s.phase = Phase::Route { mv: new };
        }
        Some(new) if slack(s, &c, &new) >= 0 => {
            ev.emit(Event::Rerouted { mover: mv.mover });
            advance_move(s, new, 0, ev);
        }
        _ => cancel_move(s, mv, true, ev),
    }
}

/// A card played or a pass in a combat; the combat goes on or ends (`combat_next`).
fn combat_step(s: &mut State, seat: Seat, a: Action, ev: &mut impl EventSink<Event>) {
    let Phase::Combat {
        mv,
        mut atk,
        mut def,
        defender_turn,
        passes,
    } = s.phase
    else {
        return;
    };
    let passes = match a {
        Action::Play(t) => {
            let k = play_card(s, seat, t, ev);
            if defender_turn {
                def = def.saturating_add(k);
            } else {
                atk = atk.saturating_add(k);
            }
            0
        }
        _ => {
            ev.emit(Event::Passed { seat });
            passes + 1
        }
    };
    combat_next(s, mv, atk, def, !defender_turn, passes);
}

/// A checked bid or pass, and what everyone hears of it: an open bid at once; a sealed one
/// only that it is in, every amount at the reveal.
fn bid_or_pass(auction: &mut Auction, seat: Seat, a: Action, ev: &mut impl EventSink<Event>) {
    let bid = match a {
        Action::Bid(k) => Some(k as u32),
        _ => None,
    };
    // Checked before: it cannot fail here.
    let _ = auction.act_told(seat, bid, ev);
}
