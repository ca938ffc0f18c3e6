//! The Orient's card effects: join a card to a colour, take a face-up card free, reserve a
//! noble, sacrifice two bonuses. Effects wait on a small stack in the state and are resolved,
//! in the rules' order, before the bought card's place is refilled.

use crate::action::{pos_name, Action};
use crate::colour::token_name;
use crate::data::Effect;
use crate::engine::cards;
use crate::event::Event;
use crate::rules::{NONE, SLOTS};
use crate::state::{State, MAX_QUEUE};
use silk_core::{EventSink, Seat};

/// Queues an effect (a stack: the last queued is resolved first).
pub fn queue(s: &mut State, kind: u8, arg: u8) {
    let k = s.queue_len as usize;
    if k < MAX_QUEUE {
        s.queue[k] = (kind, arg);
        s.queue_len += 1;
    }
}

pub fn pop(s: &mut State) -> Option<(u8, u8)> {
    if s.queue_len == 0 {
        return None;
    }
    s.queue_len -= 1;
    Some(s.queue[s.queue_len as usize])
}

/// Whether `p` has a card with a gem bonus (a join card needs one to join).
pub fn has_gem_bonus(s: &State, p: usize) -> bool {
    (0..5).any(|c| joinable(s, p, c))
}

/// Join: a colour `p` has a card of (any bonus counts: base, double, or — under
/// `join_onto_joined` — a card joined before).
pub fn legal_joins(s: &State, p: usize, out: &mut Vec<Action>) {
    for c in 0..5u8 {
        if joinable(s, p, c) {
            out.push(Action::Join(c));
        }
    }
}

fn joinable(s: &State, p: usize, c: u8) -> bool {
    // The card being joined already counts in no colour, so any bonus of `c` is another card.
    let Some(&bonus) = s.bonus[p].get(c as usize) else {
        return false;
    };
    if s.rules.config.params.join_onto_joined {
        bonus > 0
    } else {
        bonus > joined_bonus(s, p, c)
    }
}

/// The bonuses of colour `c` that `p`'s join cards give (one each, joined to `c`).
fn joined_bonus(s: &State, p: usize, c: u8) -> u8 {
    s.rules
        .join_slot
        .iter()
        .enumerate()
        .filter(|&(id, &slot)| slot != NONE && s.joins[slot as usize] == c && s.owns(p, id as u8))
        .count() as u8
}

pub fn check_join(s: &State, p: usize, c: u8) -> Result<(), String> {
    if joinable(s, p, c) {
        Ok(())
    } else if c < 5 && s.bonus[p][c as usize] > 0 {
        Err(format!(
            "your {} bonuses are all join cards, and a join card is not joined onto another \
             (join_onto_joined = false)",
            token_name(c as usize)
        ))
    } else {
        Err(format!(
            "you have no card with a {} bonus to join it to",
            token_name(c as usize)
        ))
    }
}

pub fn join(s: &mut State, p: usize, card: u8, c: u8, ev: &mut impl EventSink<Event>) {
    let slot = s.rules.join_slot[card as usize];
    if (slot as usize) < s.joins.len() {
        s.joins[slot as usize] = c;
    }
    s.bonus[p][c as usize] += 1;
    ev.emit(Event::Joined {
        seat: Seat(p as u8),
        card,
        colour: c,
    });
}

/// A free card: any face-up card of the level (base or Orient) the player could acquire.
pub fn legal_free(s: &State, p: usize, level: u8, out: &mut Vec<Action>) {
    for pos in cards::places(s) {
        if free_ok(s, p, level, pos) {
            out.push(Action::Free(pos));
        }
    }
}

pub fn check_free(s: &State, p: usize, level: u8, pos: u8) -> Result<(), String> {
    if pos as usize / SLOTS != level as usize {
        return Err(format!("take a face-up card of level {}", level + 1));
    }
    let card = cards::source_card(s, p, pos);
    if card == NONE {
        return Err(format!("there is no card at {}", pos_name(pos)));
    }
    cards::acquirable(s, p, card)
}

fn free_ok(s: &State, p: usize, level: u8, pos: u8) -> bool {
    let card = cards::card_at(s, pos);
    pos as usize / SLOTS == level as usize && card != NONE && cards::may_acquire(s, p, card)
}

pub fn take_free(s: &mut State, p: usize, pos: u8, ev: &mut impl EventSink<Event>) {
    let card = cards::card_at(s, pos);
    cards::take_from_board(s, pos);
    ev.emit(Event::TookFree {
        seat: Seat(p as u8),
        card,
        from: pos,
    });
    cards::gain(s, p, card);
}

/// A noble nobody holds or reserved.
pub fn legal_noble_reserves(s: &State, _p: usize, out: &mut Vec<Action>) {
    for i in 0..s.nobles.len() as u8 {
        let k = i as usize;
        if s.nobles[k] != NONE && s.noble_holder[k] == NONE && s.noble_reserver[k] == NONE {
            out.push(Action::ReserveNoble(i));
        }
    }
}

pub fn check_noble_reserve(s: &State, i: u8) -> Result<(), String> {
    let i = i as usize;
    if i >= s.nobles.len() || s.nobles[i] == NONE {
        return Err("there is no noble in that place".into());
    }
    if s.noble_holder[i] != NONE || s.noble_reserver[i] != NONE {
        return Err("that noble is taken or reserved".into());
    }
    Ok(())
}

pub fn reserve_noble(s: &mut State, p: usize, i: u8, ev: &mut impl EventSink<Event>) {
    s.noble_reserver[i as usize] = p as u8;
    ev.emit(Event::NobleReserved {
        seat: Seat(p as u8),
        noble: s.nobles[i as usize],
    });
}

/// Sacrifice: the cards of the colour `p` may discard with `left` bonuses still owed; cards
/// joined to that colour first, and only minimal sets (see [`Discards::minimal`]).
pub fn legal_discards(s: &State, p: usize, colour: u8, left: u8, card: u8, out: &mut Vec<Action>) {
    let d = Discards::of(s, p, colour, card);
    for id in s.owned_cards(p) {
        if id != card && d.discardable(s, id) && d.minimal(s, id, left) {
            out.push(Action::Discard(id));
        }
    }
}

/// The colour a join card was joined to.
fn joined_to(s: &State, id: u8) -> Option<u8> {
    let slot = s.rules.join_slot[id as usize];
    (slot != NONE).then(|| s.joins[slot as usize])
}

/// What player `p` may discard for a sacrifice of `colour` (the sacrifice card `card` aside).
struct Discards {
    colour: u8,
    /// Some card is joined to the colour: those go first.
    joined_first: bool,
    /// Cards of the colour (not joined) giving one bonus, and two (Orient doubles).
    singles: u8,
    doubles: u8,
}

impl Discards {
    fn of(s: &State, p: usize, colour: u8, card: u8) -> Discards {
        let mut d = Discards {
            colour,
            joined_first: false,
            singles: 0,
            doubles: 0,
        };
        for id in s.owned_cards(p).filter(|&id| id != card) {
            match joined_to(s, id) {
                Some(c) => d.joined_first |= c == colour,
                None if s.rules.card(id).bonus == colour => {
                    if s.rules.card(id).bonus_count >= 2 {
                        d.doubles += 1;
                    } else {
                        d.singles += 1;
                    }
                }
                None => {}
            }
        }
        d
    }

    /// The card is of the colour, and a joined one while any is left.
    fn discardable(&self, s: &State, id: u8) -> bool {
        match joined_to(s, id) {
            Some(c) => c == self.colour,
            None => !self.joined_first && s.rules.card(id).bonus == self.colour,
        }
    }

    /// The sacrifice costs its bonuses exactly where it can: the cards discarded form a minimal
    /// set, from which no card could be left out and the rest still pay (the joined cards, which
    /// go first whatever they are worth, aside). So a double does not pay a last bonus a single
    /// could pay, and a single is not discarded first when only a double could follow it (the
    /// double alone pays both).
    /// With `sacrifice_exact = false` any card may go while a bonus is owed.
    fn minimal(&self, s: &State, id: u8, left: u8) -> bool {
        if joined_to(s, id).is_some() || !s.rules.config.params.sacrifice_exact {
            return true;
        }
        if s.rules.card(id).bonus_count >= 2 {
            left >= 2 || self.singles == 0
        } else {
            left < 2 || self.singles >= 2 || self.doubles == 0
        }
    }
}

pub fn check_discard(
    s: &State,
    p: usize,
    colour: u8,
    left: u8,
    card: u8,
    id: u8,
) -> Result<(), String> {
    if id as usize >= s.rules.cards.len() || !s.owns(p, id) || id == card {
        return Err("discard one of the cards in front of you (reserved cards cannot be)".into());
    }
    let d = Discards::of(s, p, colour, card);
    let name = token_name(colour as usize);
    if !d.discardable(s, id) {
        return Err(if d.joined_first {
            format!("discard first the cards joined to {name}")
        } else {
            format!("discard a card with a {name} bonus")
        });
    }
    if !d.minimal(s, id, left) {
        return Err(if left < 2 {
            format!(
                "1 {name} bonus is still owed: discard a card worth one, not a double \
                 (sacrifice_exact = true)"
            )
        } else {
            format!(
                "discard the double {name} card: a single now leaves only a double to pay the \
                 second bonus, one more than the sacrifice costs (sacrifice_exact = true)"
            )
        });
    }
    Ok(())
}

pub fn discard(s: &mut State, p: usize, id: u8, ev: &mut impl EventSink<Event>) {
    let c = *s.rules.card(id);
    let colour = match joined_to(s, id) {
        Some(j) => j,
        None => c.bonus,
    };
    s.set_owned(p, id, false);
    s.card_count[p] -= 1;
    s.prestige[p] -= c.points;
    let n = if c.effect == Effect::Double { 2 } else { 1 };
    if (colour as usize) < 5 {
        s.bonus[p][colour as usize] = s.bonus[p][colour as usize].saturating_sub(n);
    }
    ev.emit(Event::Discarded {
        seat: Seat(p as u8),
        card: id,
    });
}
