//! Combat (Design, Attack): the combatants play cards in turn, then the defender chooses its army;
//! each side loses Soldiers equal to the other's strength, and the winner is rewarded (gap 16).

use super::bank::transfer;
use super::defender;
use super::dev_deck::draw_dev;
use super::route::travel;
use crate::data::BothWipedOut;
use crate::event::{DevSource, Event};
use crate::state::{Move, MoveKind, Phase, State};
use silk_core::{EventSink, Seat};

/// Design: the combatants take turns playing cards, defender first. A side holding no cards
/// (public knowledge) passes without being asked; two passes in a row end the exchange.
pub(super) fn combat_next(
    s: &mut State,
    mv: Move,
    atk: u8,
    def: u8,
    mut defender_turn: bool,
    mut passes: u8,
) {
    let att = mv.mover;
    let dfd = defender(mv);
    while passes < 2 {
        let who = if defender_turn { dfd } else { att };
        if s.city(who).dev_count() > 0 {
            s.phase = Phase::Combat {
                mv,
                atk,
                def,
                defender_turn,
                passes,
            };
            return;
        }
        passes += 1;
        defender_turn = !defender_turn;
    }
    s.phase = Phase::Defend { mv, atk, def };
}

/// Design: each army loses Soldiers equal to the other's strength; gap 16 rewards.
pub(super) fn fight(
    s: &mut State,
    mv: Move,
    atk: u8,
    def: u8,
    k: u8,
    ev: &mut impl EventSink<Event>,
) {
    let att = mv.mover;
    let dfd = defender(mv);
    let MoveKind::Attack { army, .. } = mv.kind else {
        return;
    };
    // The defending army: recruits first (they cannot attack anyway), then trained Soldiers.
    let d = s.city_mut(dfd);
    let from_recruits = u16::from(k).min(d.recruits[0]);
    let from_soldiers = u16::from(k) - from_recruits;
    d.recruits[0] -= from_recruits;
    d.recruits[1] += from_recruits;
    d.soldiers[0] -= from_soldiers;
    d.soldiers[1] += from_soldiers;
    let def_strength = def as u32 + k as u32;
    let atk_lost = def_strength.min(army as u32) as u8;
    let def_lost = (atk as u32).min(k as u32) as u8;
    let a = s.city_mut(att);
    a.soldiers[1] -= u16::from(atk_lost);
    let d = s.city_mut(dfd);
    let lr = u16::from(def_lost).min(from_recruits);
    d.recruits[1] -= lr;
    d.soldiers[1] -= u16::from(def_lost) - lr;
    s.citizens_lost += atk_lost as u32 + def_lost as u32;
    ev.emit(Event::Fight {
        attacker: att,
        defender: dfd,
        atk,
        def: def_strength.min(255) as u8,
        atk_lost,
        def_lost,
    });
    let p = &s.rules.0.config.params;
    let attacker_wins = atk as u32 >= k as u32;
    let pays_reserve = def_strength >= army as u32 && p.reserve_to_defender;
    // Gap 16, `both_wiped_out`: when both rewards apply, the order decides whether the
    // plunder's share counts the reserve just paid.
    let reserve_first = p.both_wiped_out == BothWipedOut::ReserveThenPlunder;
    s.phase = Phase::Turn;
    if pays_reserve && reserve_first {
        pay_reserve(s, att, dfd, ev);
    }
    if attacker_wins {
        let plunder = (s.city(dfd).coins as f64 * p.plunder_frac + 1e-9).floor() as u32;
        let got = transfer(s, dfd, att, plunder);
        ev.emit(Event::Plundered {
            seat: att,
            from: dfd,
            coins: got,
        });
    }
    if pays_reserve && !reserve_first {
        pay_reserve(s, att, dfd, ev);
    }
    // Audit (issue 17), `undefended_card`: conceding may keep the card. Drawn last: the card
    // may end the game.
    if attacker_wins && (k > 0 || p.undefended_card) {
        draw_dev(s, att, DevSource::Attack, ev);
    }
}

/// Gap 16: a beaten attacker pays the defender its reserve, the target's travel cost.
fn pay_reserve(s: &mut State, att: Seat, dfd: Seat, ev: &mut impl EventSink<Event>) {
    let reserve = travel(s, att, s.city(dfd).region);
    let paid = transfer(s, att, dfd, reserve);
    ev.emit(Event::ReservePaid {
        seat: att,
        to: dfd,
        coins: paid,
    });
}
