//! Drawing one legal action at random without listing them all: the hot loop of random
//! playouts (`Game::random_legal_action`). The turn's action is found by counting the takes,
//! reserves and buys segment by segment, drawing one index into them all, and building only
//! the action at that index: the action a uniform pick from `legal`'s list would give, after
//! the same draw.

use crate::action::Action;
use crate::engine::{cards, legal, tokens};
use crate::state::{Phase, State};
use silk_core::{Seat, SilkRng};

/// The action `legal`'s list holds at `rng.index(len)`; `None`, drawing nothing, when the list
/// is empty. `buf` is scratch space.
#[inline]
pub fn random_legal(
    s: &State,
    seat: Seat,
    rng: &mut SilkRng,
    buf: &mut Vec<Action>,
) -> Option<Action> {
    let p = s.current as usize;
    if seat == s.seat() {
        match s.phase {
            Phase::Act => return Some(random_act(s, p, rng, buf)),
            Phase::Return => return pick(tokens::returns(s, p), rng),
            _ => {}
        }
    }
    legal(s, seat, buf);
    pick(buf, rng)
}

/// A uniform pick from `list`, as the default draw makes it.
#[inline]
fn pick(list: &[Action], rng: &mut SilkRng) -> Option<Action> {
    if list.is_empty() {
        return None;
    }
    Some(list[rng.index(list.len())])
}

/// The turn's action, in `act_actions`' order: takes, reserves of face-up cards, reserves from
/// decks, buys; a pass when there is none.
fn random_act(s: &State, p: usize, rng: &mut SilkRng, buf: &mut Vec<Action>) -> Action {
    let takes = tokens::Takes::of(s);
    let means = cards::means(s, p);
    let open = cards::Open::of(s, p, means);
    let (face_up, decks) = cards::reservable(s, p, &open);
    let buys = cards::Buys::of(s, p, &open, means, buf);
    let n_takes = takes.len();
    let n_face_up = face_up.count_ones() as usize;
    let n_decks = decks.count_ones() as usize;
    let all = n_takes + n_face_up + n_decks + buys.len();
    if all == 0 {
        // The list is the pass alone, and the pick still draws.
        rng.index(1);
        return Action::Pass;
    }
    let mut i = rng.index(all);
    if i < n_takes {
        return takes.get(i);
    }
    i -= n_takes;
    if i < n_face_up {
        return Action::Reserve(cards::nth_bit(face_up, i));
    }
    i -= n_face_up;
    if i < n_decks {
        return Action::ReserveDeck(cards::nth_bit(decks as u32, i));
    }
    buys.get(s, p, buf, i - n_decks)
}
