//! The development deck: a card drawn for a seat (barbarians, an attack, a Golden Age), the
//! used cards shuffled back when it runs out, and the win a card's VP may bring at once. The
//! phases that award a card all call here.

use crate::event::{DevSource, Event};
use crate::state::{Phase, State, DEV_DECK};
use silk_core::{Chance, EventSink, Seat};

/// Draws a development card for `seat` (gap 15: reshuffle used effect cards when empty) and
/// checks the immediate win (ambiguity 15).
pub fn draw_dev(s: &mut State, seat: Seat, source: DevSource, ev: &mut impl EventSink<Event>) {
    if s.dev_len == 0 {
        s.dev_ran_out = true;
        let mut k = 0usize;
        for t in 0..s.dev_used.len() {
            for _ in 0..s.dev_used[t] {
                s.dev_deck[k] = t as u8;
                k += 1;
            }
        }
        s.dev_used = [0; crate::data::MAX_DEV_TYPES];
        let mut rng = s.rng;
        rng.shuffle(&mut s.dev_deck[..k]);
        s.rng = rng;
        if k > 0 {
            ev.chance(Chance::Shuffle {
                what: DEV_DECK,
                items: &mut s.dev_deck[..k],
            });
        }
        s.dev_len = k as u8;
    }
    if s.dev_len == 0 {
        ev.emit(Event::NoDevCards { seat });
        return;
    }
    s.dev_len -= 1;
    let t = s.dev_deck[s.dev_len as usize];
    s.city_mut(seat).dev[t as usize] += 1;
    ev.emit(Event::DevCard {
        seat,
        card: t,
        source,
    });
    let vp = s.vp(seat);
    if vp >= s.rules.config.params.target_vp as u32 {
        s.winner = Some(seat);
        s.phase = Phase::Over;
        ev.emit(Event::GameWon { seat, vp });
    }
}
