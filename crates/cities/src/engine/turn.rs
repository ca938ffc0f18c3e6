//! Phase 2 Action: who goes first (the priority auction, gap 19), the turn order, and the actions
//! a player takes on its own turn; moves and combat are in `moves` and `combat`.

use super::bank::budgets;
use super::economy::{gain, gather_yield, growth_cost, has_barracks};
use super::moves::start_move;
use super::rise_fall::start_phase4;
use super::route::Planned;
use crate::action::Action;
use crate::data::{DevEffect, PrioritySnapshot};
use crate::event::Event;
use crate::state::{MoveKind, Phase, Res, Role, State, MAX_PLAYERS};
use silk_core::{EventSink, Seat, SeatSet};
use silk_trade::auction::Auction;

pub(super) fn start_phase2(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    if s.round == 1 {
        // Design: "Skip this step during the first round": the random first player starts.
        let first = s.first;
        begin_turns(s, first, ev);
        return;
    }
    let coins = match s.rules.config.params.priority_snapshot {
        PrioritySnapshot::BeforeIncome => s.snapshot,
        PrioritySnapshot::Phase2Start => {
            let mut c = [0u16; MAX_PLAYERS];
            for (k, city) in c.iter_mut().zip(&s.cities[..n]) {
                *k = city.coins;
            }
            c
        }
    };
    let most = coins[..n].iter().copied().max().unwrap_or(0);
    if most == 0 {
        // Design: with no coins at all, the player who went last gets priority.
        let last = s.last_prev;
        begin_turns(s, last, ev);
        return;
    }
    let tied: SeatSet = Seat::all(n).filter(|t| coins[t.index()] == most).collect();
    if tied.len() == 1 {
        let first = tied.first().unwrap_or(s.last_prev);
        begin_turns(s, first, ev);
        return;
    }
    // Gap 19: an auction among the tied (`priority_auction`), from the left of last round's last
    // player.
    let start = (1..=n)
        .map(|k| s.last_prev.left(k, n))
        .find(|t| tied.contains(*t))
        .unwrap_or(s.last_prev);
    let b = budgets(s, |c| c.coins as u32);
    match Auction::new(s.rules.config.params.priority_auction, tied, start, &b, 1) {
        Ok(auction) => s.phase = Phase::Priority { auction, start },
        Err(_) => begin_turns(s, start, ev),
    }
}

pub(super) fn begin_turns(s: &mut State, first: Seat, ev: &mut impl EventSink<Event>) {
    s.first = first;
    s.actor = first;
    s.left = (s.players() - 1) as u8;
    s.offered = SeatSet::EMPTY;
    s.attacks = 0;
    s.phase = Phase::Turn;
    ev.emit(Event::Priority { seat: first });
    ev.emit(Event::TurnStarted { seat: first });
}

pub(super) fn turn_action(
    s: &mut State,
    seat: Seat,
    a: Action,
    planned: Option<Planned>,
    ev: &mut impl EventSink<Event>,
) {
    let p = &s.rules.config.params;
    match a {
        Action::EndTurn => end_turn(s, seat, ev),
        Action::Assign { from, to } => assign(s, seat, from, to, ev),
        Action::Gather(res) => gather(s, seat, res, ev),
        Action::Build(k) => {
            if let Some(im) = s.rules.improvement(k) {
                let (f, m, co) = (im.cost.food, im.cost.metal, im.cost.coins);
                let c = s.city_mut(seat);
                c.food -= f as u32;
                c.metal -= m as u32;
                c.coins -= co as u16;
                c.improvements |= 1 << k;
                s.issued -= co as i32;
                ev.emit(Event::Built {
                    seat,
                    improvement: k,
                });
            }
        }
        Action::Grow => {
            let cost = growth_cost(s, seat) as u8;
            // Audit (issue 17), `grow_taps`: the new Laborer may arrive tapped.
            let tapped = p.grow_taps as usize;
            let c = s.city_mut(seat);
            c.food -= cost as u32;
            c.laborers[tapped] += 1;
            s.citizens_born += 1;
            ev.emit(Event::Grew { seat, food: cost });
        }
        Action::Buy { empire, slot } => {
            start_move(s, seat, MoveKind::Buy { empire, slot }, planned, ev)
        }
        Action::Sell { empire, res } => {
            start_move(s, seat, MoveKind::Sell { empire, res }, planned, ev)
        }
        Action::Offer { to, res, price } => {
            s.offered.insert(to);
            ev.emit(Event::Offered {
                seat,
                to,
                res,
                price,
            });
            start_move(s, seat, MoveKind::Deliver { to, res, price }, planned, ev)
        }
        Action::Attack { target, army } => {
            start_move(s, seat, MoveKind::Attack { target, army }, planned, ev)
        }
        Action::Play(t) => {
            let k = play_card(s, seat, t, ev);
            let effect = s.rules.dev(t).map(|d| d.effect);
            let c = s.city_mut(seat);
            match effect {
                Some(DevEffect::IgnoreTravel(_)) => {
                    c.travel_credit = c.travel_credit.saturating_add(k)
                }
                Some(DevEffect::GatherBonus(_)) => {
                    c.gather_boost = c.gather_boost.saturating_add(k)
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// The seat ends its turn: the next seat's turn, or Phase 4 once every seat has had one.
#[inline]
fn end_turn(s: &mut State, seat: Seat, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    ev.emit(Event::TurnEnded { seat });
    if s.left == 0 {
        start_phase4(s, ev);
    } else {
        s.left -= 1;
        s.actor = seat.left(1, n);
        s.offered = SeatSet::EMPTY;
        s.attacks = 0;
        ev.emit(Event::TurnStarted { seat: s.actor });
    }
}

/// A citizen of role `from` takes role `to`, paying its cost (a new Soldier trains first).
#[inline]
fn assign(s: &mut State, seat: Seat, from: Role, to: Role, ev: &mut impl EventSink<Event>) {
    let p = &s.rules.config.params;
    let barracks = has_barracks(s, seat);
    let taps = p.assign_taps;
    let c = s.city_mut(seat);
    c.roles_mut(from)[0] -= 1;
    // Design: a Laborer costs 1 food, a Merchant 1 coin, a Soldier 1 metal.
    match to {
        Role::Merchant => {
            c.coins -= 1;
            s.issued -= 1;
        }
        Role::Laborer => c.food -= 1,
        Role::Soldier | Role::Recruit => c.metal -= 1,
    }
    let c = s.city_mut(seat);
    // Design: a new Soldier trains until next round (gap 13: not with Barracks).
    let dest = if to == Role::Soldier && !barracks {
        Role::Recruit
    } else {
        to
    };
    c.roles_mut(dest)[taps as usize] += 1;
    ev.emit(Event::Assigned { seat, from, to });
}

/// A Laborer gathers `res` (with a Workshop's or a card's bonus) and is tapped.
#[inline]
fn gather(s: &mut State, seat: Seat, res: Res, ev: &mut impl EventSink<Event>) {
    let (amount, workshop) = gather_yield(s, seat, res);
    let c = s.city_mut(seat);
    c.laborers[0] -= 1;
    c.laborers[1] += 1;
    c.gather_boost = 0;
    if workshop {
        c.workshop_used = true;
    }
    gain(s, seat, res, amount);
    ev.emit(Event::Gathered {
        seat,
        res,
        amount: amount.min(u16::MAX as u32) as u16,
    });
}

/// Plays (reveals and discards) a development card; returns its amount.
pub(super) fn play_card(s: &mut State, seat: Seat, t: u8, ev: &mut impl EventSink<Event>) -> u8 {
    s.city_mut(seat).dev[t as usize] -= 1;
    s.dev_used[t as usize] += 1;
    ev.emit(Event::CardPlayed { seat, card: t });
    match s.rules.dev(t).map(|d| d.effect) {
        Some(
            DevEffect::AttackBonus(k)
            | DevEffect::DefenceBonus(k)
            | DevEffect::IgnoreTravel(k)
            | DevEffect::GatherBonus(k)
            | DevEffect::Vp(k),
        ) => k,
        None => 0,
    }
}
