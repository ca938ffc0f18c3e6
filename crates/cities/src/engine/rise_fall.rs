//! Phase 4 Rise and Fall: stacks go to the treasuries, then in reverse order each player keeps its
//! city or lets it fall for a Golden Age and rises elsewhere; the fallen city's holdings are auctioned.

use super::bank::{bank_pays, credit};
use super::citizen_limit;
use super::dev_deck::draw_dev;
use super::economy::{gain, golden_age};
use super::replenish::start_round;
use crate::event::{DevSource, Event};
use crate::state::{Item, Lot, Phase, Role, State};
use silk_core::{EventSink, Seat};

pub(super) fn start_phase4(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    // Design: every region's largest stack goes to its treasury; the others are removed
    // (gap 24: of tied largest stacks one counts, the rest go too).
    for r in 0..s.rules.map.len() as u8 {
        if s.stacks.stack_count(r) == 0 {
            continue;
        }
        let before = s.stacks.coins(r);
        let taken = s.stacks.take_largest_to_treasury(r).unwrap_or_default();
        let _ = s.stacks.clear_region(r);
        s.treasury[r as usize] += taken.treasury as u16;
        let returned = before - taken.treasury;
        s.issued -= returned as i32;
        ev.emit(Event::Treasury {
            region: r,
            coins: taken.treasury as u16,
            returned: returned as u16,
        });
    }
    // Design: priority starts with the player who went last, in reverse order.
    let last = s.first.left(n - 1, n);
    s.last_prev = last;
    s.actor = last;
    s.left = (n - 1) as u8;
    s.phase = Phase::RiseFall;
}

pub(super) fn next_rise_fall(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    if s.left == 0 {
        end_round(s, ev);
    } else {
        s.left -= 1;
        s.actor = s.actor.left(n - 1, n);
        s.phase = Phase::RiseFall;
    }
}

fn end_round(s: &mut State, ev: &mut impl EventSink<Event>) {
    // Gap 32: stop at max_rounds.
    if s.round >= s.rules.config.params.max_rounds {
        s.phase = Phase::Over;
        ev.emit(Event::GameOver { rounds: s.round });
    } else {
        start_round(s, ev);
    }
}

pub(super) fn fall(s: &mut State, seat: Seat, to: u8, ev: &mut impl EventSink<Event>) {
    let ga = golden_age(s, seat);
    let c = *s.city(seat);
    let lot = Lot {
        food: c.food,
        metal: c.metal,
        silk: c.silk,
        fine: c.fine,
        merchants: c.merchants[0] + c.merchants[1],
        laborers: c.laborers[0] + c.laborers[1],
        soldiers: c.soldiers[0] + c.soldiers[1] + c.recruits[0] + c.recruits[1],
        improvements: c.improvements,
    };
    let treasury = s.treasury[to as usize];
    s.treasury[to as usize] = 0;
    let from = c.region;
    let city = s.city_mut(seat);
    // The old control token marks the collapsed city; an older one comes back.
    city.fallen = from;
    city.region = to;
    city.food = 0;
    city.metal = 0;
    city.silk = 0;
    city.fine = 0;
    city.merchants = [0, 0];
    city.laborers = [0, 0];
    city.soldiers = [0, 0];
    city.recruits = [0, 0];
    city.improvements = 0;
    let kept = credit(city, treasury as u32);
    s.issued -= (treasury - kept) as i32;
    bank_pays(s, seat, ga);
    ev.emit(Event::Fell {
        seat,
        from,
        to,
        coins: (ga + treasury as u32).min(u16::MAX as u32) as u16,
    });
    if lot.is_empty() {
        finish_fall(s, seat, ev);
    } else {
        s.phase = Phase::Lot { lot };
    }
}

/// Whether `seat` may take `item` from a fallen city: anything but a citizen, and a citizen
/// while its city is below the citizen limit (gap 21).
pub(super) fn has_room(s: &State, seat: Seat, item: Item) -> bool {
    !matches!(item, Item::Citizen(_)) || s.city(seat).citizens() < citizen_limit(s)
}

pub(super) fn lot_won(
    s: &mut State,
    mut lot: Lot,
    item: Item,
    winner: Seat,
    price: u32,
    ev: &mut impl EventSink<Event>,
) {
    lot.take(item);
    // Gap 27: citizens keep their role, untapped; improvements move, duplicates are discarded.
    match item {
        Item::Res(r) => gain(s, winner, r, 1),
        Item::Citizen(role) => {
            let role = if role == Role::Recruit {
                Role::Soldier
            } else {
                role
            };
            // Only a seat with room bids for a citizen (`has_room`), so a citizen is discarded
            // only when it goes unbid to a falling player already at the limit, for nothing.
            if has_room(s, winner, item) {
                s.city_mut(winner).roles_mut(role)[0] += 1;
            } else {
                debug_assert_eq!(price, 0, "a citizen is paid for only by a city with room");
                s.citizens_lost += 1;
            }
        }
        Item::Improvement(k) => s.city_mut(winner).improvements |= 1 << k,
    }
    ev.emit(Event::LotWon {
        seat: winner,
        item,
        price: price as u16,
    });
    if lot.is_empty() {
        let actor = s.actor;
        finish_fall(s, actor, ev);
    } else {
        s.phase = Phase::Lot { lot };
    }
}

fn finish_fall(s: &mut State, seat: Seat, ev: &mut impl EventSink<Event>) {
    // Gap 26: a new city left with no citizens gains 1 Laborer.
    if s.city(seat).citizens() == 0 && s.rules.config.params.empty_city_laborer {
        s.city_mut(seat).laborers[0] += 1;
        s.citizens_born += 1;
        ev.emit(Event::FreeLaborer { seat });
    }
    // Gap 33: optionally a Golden Age brings a development card (after the auction, so a win
    // leaves nothing half-auctioned).
    if s.rules.config.params.ga_dev_card {
        draw_dev(s, seat, DevSource::GoldenAge, ev);
        if s.winner.is_some() {
            return;
        }
    }
    next_rise_fall(s, ev);
}
