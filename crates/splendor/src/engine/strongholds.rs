//! The Strongholds: after each purchase a player places or moves one of their strongholds onto a
//! face-up card, or removes another player's; a card holding strongholds can be bought or
//! reserved only by their owner, who takes them back; all of a player's strongholds on one card
//! let them buy it after their action (conquest).

use crate::action::{pos_name, Action, Pay};
use crate::data::Edition;
use crate::engine::cards;
use crate::engine::payment::Spent;
use crate::event::Event;
use crate::rules::NONE;
use crate::state::State;
use silk_core::{EventSink, Seat};

/// Whether another player's stronghold keeps `p` from buying or reserving the card at `pos`.
#[inline]
pub fn blocked(s: &State, p: usize, pos: u8) -> bool {
    s.rules.strongholds && held_by_another(s, p, pos)
}

/// Not inlined: the callers stay small when the module is not in play.
#[inline(never)]
fn held_by_another(s: &State, p: usize, pos: u8) -> bool {
    (0..s.players()).any(|q| q != p && s.strongholds[q].contains(&pos))
}

/// `p` takes back their strongholds from the card at `pos` (bought or reserved).
#[inline]
pub fn take_back(s: &mut State, p: usize, pos: u8, ev: &mut impl EventSink<Event>) {
    if !s.rules.strongholds {
        return;
    }
    let mut count = 0;
    for x in s.strongholds[p].iter_mut() {
        if *x == pos {
            *x = NONE;
            count += 1;
        }
    }
    if count > 0 {
        ev.emit(Event::StrongholdsBack {
            seat: Seat(p as u8),
            at: pos,
            count,
        });
    }
}

fn owned_count(s: &State) -> usize {
    s.rules.strongholds_per_player as usize
}

/// A face-up card `p` may put a stronghold on: a card is there and no other player's is.
fn target_ok(s: &State, p: usize, to: u8) -> bool {
    cards::card_at(s, to) != NONE && cards::places(s).any(|x| x == to) && !blocked(s, p, to)
}

pub fn legal(s: &State, p: usize, out: &mut Vec<Action>) {
    let mine = &s.strongholds[p][..owned_count(s)];
    let mut froms = [NONE; 4];
    let mut k = 0;
    for &x in mine {
        if !froms[..k].contains(&x) {
            froms[k] = x;
            k += 1;
        }
    }
    for &from in &froms[..k] {
        for to in cards::places(s) {
            if to != from && target_ok(s, p, to) {
                out.push(Action::Place { from, to });
            }
        }
    }
    for q in 0..s.players() {
        if q == p {
            continue;
        }
        let theirs = &s.strongholds[q][..owned_count(s)];
        let mut seen = [NONE; 4];
        let mut j = 0;
        for &at in theirs {
            if at != NONE && !seen[..j].contains(&at) {
                seen[j] = at;
                j += 1;
                if removable(s, q, at) {
                    out.push(Action::Remove { at, seat: q as u8 });
                }
            }
        }
    }
}

/// 2017: any other player's stronghold; 2024: only where that player has exactly one.
fn removable(s: &State, q: usize, at: u8) -> bool {
    match s.rules.edition {
        Edition::E2017 => true,
        Edition::E2024 => s.strongholds[q].iter().filter(|&&x| x == at).count() == 1,
    }
}

pub fn check_place(s: &State, p: usize, from: u8, to: u8) -> Result<(), String> {
    if !s.strongholds[p][..owned_count(s)].contains(&from) {
        return Err(if from == NONE {
            "all your strongholds are on cards: move one instead".into()
        } else {
            format!("you have no stronghold on {}", pos_name(from))
        });
    }
    if from == to || !target_ok(s, p, to) {
        return Err(format!(
            "a stronghold goes on another face-up card that holds no other player's stronghold, \
             not {}",
            pos_name(to)
        ));
    }
    Ok(())
}

pub fn place(s: &mut State, p: usize, from: u8, to: u8, ev: &mut impl EventSink<Event>) {
    if let Some(x) = s.strongholds[p].iter_mut().find(|x| **x == from) {
        *x = to;
    }
    ev.emit(Event::StrongholdPlaced {
        seat: Seat(p as u8),
        from: (from != NONE).then_some(from),
        to,
    });
}

pub fn check_remove(s: &State, p: usize, at: u8, seat: u8) -> Result<(), String> {
    let q = seat as usize;
    if q == p || q >= s.players() || !s.strongholds[q].contains(&at) || at == NONE {
        return Err(format!(
            "no stronghold of another player at {} to remove",
            pos_name(at)
        ));
    }
    if !removable(s, q, at) {
        return Err("the 2024 rules let you remove a stronghold only where it stands alone".into());
    }
    Ok(())
}

pub fn remove(s: &mut State, p: usize, at: u8, q: u8, ev: &mut impl EventSink<Event>) {
    if let Some(x) = s.strongholds[q as usize].iter_mut().find(|x| **x == at) {
        *x = NONE;
    }
    ev.emit(Event::StrongholdRemoved {
        seat: Seat(p as u8),
        owner: Seat(q),
        at,
    });
}

/// The place where all of `p`'s strongholds stand together, if they do.
pub fn conquest_place(s: &State, p: usize) -> Option<u8> {
    let mine = &s.strongholds[p][..owned_count(s)];
    let at = *mine.first()?;
    (at != NONE && mine.iter().all(|&x| x == at) && cards::card_at(s, at) != NONE).then_some(at)
}

pub fn legal_conquest(s: &State, p: usize, out: &mut Vec<Action>) {
    if let Some(at) = conquest_place(s, p) {
        cards::buys_of(s, p, at, cards::card_at(s, at), out);
    }
}

pub fn check_conquest(s: &State, p: usize, src: u8, pay: Pay) -> Result<Spent, String> {
    if conquest_place(s, p) != Some(src) {
        return Err("conquest buys the card all your strongholds stand on".into());
    }
    cards::check_buy(s, p, src, pay)
}
