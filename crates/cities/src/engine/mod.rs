//! The sequence of play: Phase 1 Replenish, Phase 2 Action, Phase 4 Rise and Fall.
//!
//! `legal` lists the candidates of a phase that `check` accepts, so the two never disagree;
//! `check` says why a decision is refused; `perform` carries out a checked decision (it cannot
//! fail, so the state is changed in place). Rules are cited as "Design" (the text by Brian
//! Stepnitz) and "gap N" / "ambiguity N" (the project's decisions: data/cities/README.md).

use crate::state::{Lot, Move, MoveKind, Phase, State};
use silk_core::{IllegalAction, Seat, ToMove};
use silk_trade::auction::Turn;

// One module per rule area, in the order of play.
mod auction_report; // the lab's report of each closed auction
mod bank; // coins to and from the bank, between cities, auction budgets
mod check; // why a decision is refused
mod combat; // Phase 2: battles
mod dev_deck; // the development deck: draws, reshuffles, the win a card brings
mod economy; // small rules: improvements, growth, gathering, storage, Golden Age
mod legal; // the decisions a seat may take
mod moves; // Phase 2: routes chosen, tolls, moves carried out
mod perform; // carrying out a checked decision
mod prices; // what the empires' tracks ask and pay
mod replenish; // Phase 1
mod rise_fall; // Phase 4
mod route; // costs and routes
mod turn; // Phase 2: priority, turn order, own-turn actions

pub use check::{check, phase_name};
pub use dev_deck::draw_dev;
pub use economy::{gather_yield, golden_age, growth_cost, walls};
pub use legal::legal;
#[cfg(test)]
pub use legal::legal_by_check;
pub use perform::apply;
pub use prices::{buy_price, fine_price, sell_price};
pub use replenish::start_round;
pub use route::{plan, plan_via, route_option, route_payment, travel};

/// Most citizens a city can hold whatever `pop_cap` says: its counters are 16 bits. With
/// `pop_cap = 0` (gap 21 as the design reads it) growth stops only here.
pub const MAX_CITIZENS: u32 = u16::MAX as u32;
/// Highest price a player may ask another for one card (keeps the offer list short).
pub const MAX_OFFER: u8 = 10;
/// Cost of a region a route may not enter (refused toll, full of stacks).
const BLOCKED: u32 = 10_000;

type Res2<T> = Result<T, IllegalAction>;

fn bad<T>(m: impl Into<String>) -> Res2<T> {
    Err(IllegalAction::Rule(m.into()))
}

/// The most citizens a city may hold: `pop_cap` (gap 21), 0 meaning no cap but the engine's
/// `MAX_CITIZENS`. Growing is refused at it, and a city at it takes no part in the auction of
/// a fallen city's citizen, so it never pays for one it could not keep.
pub fn citizen_limit(s: &State) -> u32 {
    match s.rules.config.params.pop_cap {
        0 => MAX_CITIZENS,
        cap => (cap as u32).min(MAX_CITIZENS),
    }
}

// ---------------------------------------------------------------------------------------------
// Whose decision

pub fn to_move(s: &State) -> ToMove {
    let seat = match s.phase {
        Phase::Claim { seat, .. } => Some(seat),
        Phase::Barbarians { auction, .. }
        | Phase::Priority { auction, .. }
        | Phase::LotAuction { auction, .. } => match auction.turn() {
            Turn::One(seat) => Some(seat),
            // Sealed bids: everyone yet to commit decides at once.
            Turn::All(set) => return ToMove::Simultaneous(set),
            Turn::Over => None,
        },
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
