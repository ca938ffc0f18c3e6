//! The sequence of play: Phase 1 Replenish, Phase 2 Action, Phase 4 Rise and Fall.
//!
//! `legal` lists the candidates of a phase that `check` accepts, so the two never disagree;
//! `check` says why a decision is refused; `perform` carries out a checked decision (it cannot
//! fail, so the state is changed in place). Rules are cited as "Design" (the text by Brian
//! Stepnitz, shared/seeds/002) and "gap N" / "ambiguity N" (shared/rules/cities-of-the-silk-road.md).

use crate::event::{DevSource, Event};
use crate::state::{BarbBidding, Item, Lot, Move, MoveKind, Phase, Role, State, NONE};
use silk_core::{EventSink, IllegalAction, Seat, ToMove};

mod route;

pub use route::{buy_price, plan, plan_via, route_option, route_payment, travel};

mod economy;

use economy::gain;
pub use economy::{gather_yield, golden_age, growth_cost};

mod legal;

pub use legal::{legal, legal_by_check};

mod check;

pub use check::{check, phase_name};

mod perform;

pub use perform::apply;
use perform::bank_pays;

mod replenish;

pub use replenish::{draw_dev, start_round};

mod combat;

mod moves;

mod turn;

/// Most citizens a city can hold whatever `pop_cap` says: the board's counters are bytes.
pub const MAX_CITIZENS: u32 = 60;
/// Highest price a player may ask another for one card (keeps the offer list short).
pub const MAX_OFFER: u8 = 10;
/// Cost of a region a route may not enter (refused toll, full of stacks).
const BLOCKED: u32 = 10_000;

type Res2<T> = Result<T, IllegalAction>;

fn bad<T>(m: impl Into<String>) -> Res2<T> {
    Err(IllegalAction::Rule(m.into()))
}

// ---------------------------------------------------------------------------------------------
// Whose decision

pub fn to_move(s: &State) -> ToMove {
    let seat = match s.phase {
        Phase::Claim { seat, .. } => Some(seat),
        Phase::Barbarians { bidding, .. } => match bidding {
            BarbBidding::Open(a) => a.to_move(),
            BarbBidding::Once { auction, .. } => auction.next_bidder(),
        },
        Phase::Priority { auction, .. } | Phase::LotAuction { auction, .. } => auction.to_move(),
        Phase::Turn | Phase::RiseFall | Phase::Lot { .. } => Some(s.actor),
        Phase::Offer { mv } => match mv.kind {
            MoveKind::Deliver { to, .. } => Some(to),
            _ => Some(mv.mover),
        },
        Phase::Toll { mv, at } => s.owner(mv.path[at as usize]),
        Phase::TollAnswer { mv, .. } | Phase::Route { mv } => Some(mv.mover),
        Phase::Combat {
            mv, defender_turn, ..
        } => Some(if defender_turn {
            defender(mv)
        } else {
            mv.mover
        }),
        Phase::Defend { mv, .. } => Some(defender(mv)),
        Phase::Over => None,
    };
    seat.map_or(ToMove::Terminal, ToMove::Seat)
}

fn defender(mv: Move) -> Seat {
    match mv.kind {
        MoveKind::Attack { target, .. } => target,
        _ => mv.mover,
    }
}

// ---------------------------------------------------------------------------------------------
// Phase 4 Rise and Fall

fn start_phase4(s: &mut State, ev: &mut impl EventSink<Event>) {
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

fn next_rise_fall(s: &mut State, ev: &mut impl EventSink<Event>) {
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

fn fall(s: &mut State, seat: Seat, to: u8, ev: &mut impl EventSink<Event>) {
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
    city.coins += treasury;
    bank_pays(s, seat, ga);
    ev.emit(Event::Fell {
        seat,
        from,
        to,
        coins: (ga + treasury as u32) as u16,
    });
    if lot.is_empty() {
        finish_fall(s, seat, ev);
    } else {
        s.phase = Phase::Lot { lot };
    }
}

fn lot_won(
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
            s.city_mut(winner).roles_mut(role)[0] += 1;
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

/// Silk cards a `Lot` holds (for the invariants).
pub fn lot_in_phase(s: &State) -> Option<Lot> {
    match s.phase {
        Phase::Lot { lot } | Phase::LotAuction { lot, .. } => Some(lot),
        _ => None,
    }
}

/// The barbarian card in play, if the auction is on.
pub fn barbarian_in_play(s: &State) -> bool {
    matches!(s.phase, Phase::Barbarians { .. })
}

pub const NO_REGION: u8 = NONE;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{intern, RouteRule, TollPolicy};
    use crate::setup::setup_with;
    use crate::CitiesConfig;
    use silk_core::SilkRng;

    /// `legal` lists exactly the candidates `check` accepts, in the same order, all game long,
    /// for every seat (the one to move and the others).
    #[test]
    fn legal_is_what_check_accepts() {
        for players in 2..=6 {
            for variant in 0..3 {
                let mut config = CitiesConfig::new(players);
                let p = &mut config.params;
                match variant {
                    1 => p.route_rule = RouteRule::Cheapest,
                    2 => {
                        p.route_rule = RouteRule::FewestRegions;
                        p.toll_policy = TollPolicy::Fixed;
                        p.store_cap = 3;
                        p.pop_cap = 7;
                    }
                    _ => {}
                }
                let rules = intern(&config).expect("valid");
                for seed in 0..2 {
                    let mut s = setup_with(rules, seed, &mut ()).expect("setup");
                    let mut rng = SilkRng::seed_from(seed);
                    let (mut fast, mut slow) = (Vec::new(), Vec::new());
                    while let ToMove::Seat(seat) = to_move(&s) {
                        for other in Seat::all(players) {
                            legal(&s, other, &mut fast);
                            legal_by_check(&s, other, &mut slow);
                            assert_eq!(fast, slow, "{other} in {:?}", s.phase);
                        }
                        legal(&s, seat, &mut fast);
                        if fast.is_empty() {
                            break;
                        }
                        let a = fast[rng.index(fast.len())];
                        apply(&mut s, seat, a, &mut ()).expect("legal");
                    }
                }
            }
        }
    }
}
