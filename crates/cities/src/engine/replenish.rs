//! Phase 1 Replenish: income and untapping, the empires restocked, a silk card flipped, and
//! the barbarians it may bring (their auction and its settlement); development cards are drawn here.

use super::auction_report::BARBARIANS_POINT;
use super::bank::{budgets, credit};
use super::dev_deck::draw_dev;
use super::turn::start_phase2;
use crate::data::{ClearRule, EntryRule, Reshuffle, Resource};
use crate::event::{DevSource, Event};
use crate::state::{
    barbarian_strength, Phase, Role, State, FINE, FOOD_CARD, METAL_CARD, SILK_DECK, STANDARD,
};
use silk_core::MAX_SEATS;
use silk_core::{Chance, EventSink, Seat, SeatSet};
use silk_trade::auction::{Auction, AuctionReport};
use silk_trade::track::{FinePrice, TrackCard};

/// Starts a round: Phase 1 Replenish, then Phase 2 (unless barbarians come first).
pub fn start_round(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    let p = &s.rules.config.params;
    s.round += 1;
    ev.emit(Event::RoundStarted { round: s.round });
    // Ambiguity 7: priority snapshot before income (the literal reading).
    for i in 0..n {
        s.snapshot[i] = s.cities[i].coins;
    }
    // The barbarian penalty lasts "until the next round".
    s.barb.clear();
    s.penalized = SeatSet::EMPTY;
    for c in s.cities[..n].iter_mut() {
        c.workshop_used = false;
        c.travel_credit = 0;
    }
    // Design Phase 1 (skipped in round 1, ambiguity 6): training ends, untap, 1 coin a citizen.
    if s.round > 1 {
        for i in 0..n {
            let c = &mut s.cities[i];
            c.soldiers[0] += c.recruits[0] + c.recruits[1];
            c.recruits = [0, 0];
            for r in [Role::Merchant, Role::Laborer, Role::Soldier] {
                let x = c.roles_mut(r);
                x[0] += x[1];
                x[1] = 0;
            }
            let citizens = c.citizens();
            let income = credit(c, citizens);
            s.issued += income as i32;
            ev.emit(Event::Income {
                seat: Seat(i as u8),
                coins: income,
            });
        }
    }
    // Ambiguity 5 (india_persia_clear) and Design: Byzantium loses its most recent card.
    for e in 0..s.rules.empires.len() {
        match s.rules.empires[e].buys {
            Some((Resource::Silk, _)) => {
                // Sales fill the lowest empty slot and removals take the latest sale, so the
                // sold cards form a prefix and the most recent one is the highest.
                for _ in 0..p.byzantium_removal {
                    let Some(last) = s.buy[e].iter().last() else {
                        break;
                    };
                    if let Ok((card, _)) = s.buy[e].take(last.slot, FinePrice::Sum) {
                        let code = if card.wide { FINE } else { STANDARD };
                        s.silk_discard[code as usize] += 1;
                    }
                }
            }
            Some(_) if p.india_persia_clear == ClearRule::SoldCards => s.buy[e].clear(),
            _ => {}
        }
    }
    // Design: India and Persia are restocked to 3 cards (gap 11: refill_target, entry_rule).
    for e in 0..s.rules.empires.len() {
        let id = match s.rules.empires[e].sells {
            Some((Resource::Food, _)) => FOOD_CARD,
            Some((Resource::Metal, _)) => METAL_CARD,
            _ => continue,
        };
        let mut guard = 0;
        while s.sell[e].len() < p.refill_target as usize && guard < 12 {
            guard += 1;
            match p.entry_rule {
                EntryRule::Push => {
                    let _ = s.sell[e].push_front(TrackCard::single(id));
                }
                EntryRule::Fill => {
                    let _ = s.sell[e].fill_lowest_empty(TrackCard::single(id));
                }
            }
        }
    }
    flip_silk(s, ev);
}

fn flip_silk(s: &mut State, ev: &mut impl EventSink<Event>) {
    if s.silk_len == 0 {
        let total: u32 = s.silk_discard.iter().map(|&c| c as u32).sum();
        // Gap 6: shuffle the discards into a new deck; with none (or `never`), skip the flip.
        if s.rules.config.params.reshuffle == Reshuffle::Discards && total > 0 {
            let mut k = 0;
            for code in 0..s.silk_discard.len() {
                for _ in 0..s.silk_discard[code] {
                    s.silk_deck[k] = code as u8;
                    k += 1;
                }
            }
            s.silk_discard = [0; crate::data::SILK_CODES];
            s.silk_len = k as u8;
            let mut rng = s.rng;
            rng.shuffle(&mut s.silk_deck[..k]);
            s.rng = rng;
            // A trace records the new order; its replay imposes it.
            ev.chance(Chance::Shuffle {
                what: SILK_DECK,
                items: &mut s.silk_deck[..k],
            });
            ev.emit(Event::Reshuffled { cards: k as u8 });
        } else {
            ev.emit(Event::SilkDeckEmpty);
            start_phase2(s, ev);
            return;
        }
    }
    s.silk_len -= 1;
    let code = s.silk_deck[s.silk_len as usize];
    if let Some(strength) = barbarian_strength(code) {
        start_barbarians(s, strength, ev);
        return;
    }
    // Design: standard silk takes slot 1; fine silk covers two; what falls off is discarded.
    let china = s.rules.silk_seller as usize;
    let card = if code == FINE {
        TrackCard::double(FINE)
    } else {
        TrackCard::single(STANDARD)
    };
    let mut fell = 0;
    if let Ok(f) = s.sell[china].push_front(card) {
        for c in f.iter() {
            s.silk_discard[c.id as usize] += 1;
            fell += 1;
        }
    }
    ev.emit(Event::SilkFlipped {
        fine: code == FINE,
        fell,
    });
    start_phase2(s, ev);
}

/// Ambiguity 2: ties go to the tied player who went latest in the previous Phase 2.
fn latest_in_previous_order(s: &State, tied: SeatSet) -> Seat {
    let n = s.players();
    let first_prev = s.last_prev.left(1, n);
    tied.iter()
        .max_by_key(|t| (t.index() + n - first_prev.index()) % n)
        .unwrap_or(s.last_prev)
}

fn start_barbarians(s: &mut State, strength: u8, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    let soldiers = budgets(s, |c| c.all_soldiers());
    let most = soldiers[..n].iter().copied().max().unwrap_or(0);
    let tied: SeatSet = Seat::all(n)
        .filter(|t| soldiers[t.index()] == most)
        .collect();
    let priority = latest_in_previous_order(s, tied);
    ev.emit(Event::BarbariansCome { strength, priority });
    // Gap 18: from the priority player going left (`barb_auction`), bids from 1 Soldier.
    let format = s.rules.config.params.barb_auction;
    match Auction::new(format, SeatSet::full(n), priority, &soldiers, 1) {
        Ok(auction) if most > 0 => s.phase = Phase::Barbarians { strength, auction },
        // Nobody can bid: settle at once (everyone takes the penalty).
        Ok(auction) => settle_barbarians(s, strength, &auction, ev),
        Err(_) => start_phase2(s, ev),
    }
}

fn remove_soldiers(s: &mut State, seat: Seat, k: u8) {
    let c = s.city_mut(seat);
    let mut left = u16::from(k);
    for (role, i) in [
        (Role::Soldier, 0),
        (Role::Soldier, 1),
        (Role::Recruit, 0),
        (Role::Recruit, 1),
    ] {
        let x = &mut c.roles_mut(role)[i];
        let d = left.min(*x);
        *x -= d;
        left -= d;
    }
    s.citizens_lost += (u16::from(k) - left) as u32;
}

pub(super) fn settle_barbarians(
    s: &mut State,
    strength: u8,
    auction: &Auction,
    ev: &mut impl EventSink<Event>,
) {
    let n = s.players();
    // An auction nobody could bid in is settled unopened: no winner, nobody took part.
    let result = auction.result();
    let (winner, took_part, paid) = match &result {
        Ok(r) => (r.winner.map(|b| b.seat), r.bidders, r.pays),
        Err(_) => (None, SeatSet::EMPTY, [0; MAX_SEATS]),
    };
    match result {
        Ok(r) => auction.tell_closed(&r, BARBARIANS_POINT, None, ev),
        // The lab's report of it, only when events are kept.
        Err(_) if !ev.wants() => {}
        Err(_) => ev.emit(Event::AuctionClosed {
            point: BARBARIANS_POINT,
            report: AuctionReport {
                winner: None,
                price: 0,
                budget: 0,
                richest: false,
                bidders: 0,
                value: None,
            },
        }),
    }
    // Design: ALL players lose all soldiers that they bid (ambiguity 14: the last bid).
    for t in Seat::all(n) {
        let k = paid[t.index()] as u8;
        if k > 0 {
            remove_soldiers(s, t, k);
            ev.emit(Event::SoldiersLost {
                seat: t,
                soldiers: k,
            });
        }
    }
    // Design: non-bidders pay the barbarian's strength more per region until the next round.
    let penalized: SeatSet = Seat::all(n).filter(|t| !took_part.contains(*t)).collect();
    s.penalized = penalized;
    for r in 0..s.rules.map.len() as u8 {
        let _ = s.barb.add(r, strength as i8);
    }
    ev.emit(Event::BarbariansRepelled {
        winner,
        penalized: penalized.len() as u8,
    });
    // Gap 18: the barbarian card is then discarded.
    s.silk_discard[1 + strength as usize] += 1;
    s.phase = Phase::Turn;
    if let Some(w) = winner {
        draw_dev(s, w, DevSource::Barbarians, ev);
        if s.winner.is_some() {
            return;
        }
    }
    start_phase2(s, ev);
}
