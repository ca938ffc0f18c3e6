//! Drawing one legal action at random without listing them all: the hot loop of random
//! playouts (`Game::random_legal_action`). The turn's action is found by counting the takes,
//! reserves and buys segment by segment, drawing one index into them all, and building only
//! the action at that index: the action a uniform pick from `legal`'s list would give, after
//! the same draw.

use crate::action::{Action, Pay, RESERVED_SRC};
use crate::engine::{cards, legal, reach, tokens};
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
#[inline(always)]
fn pick(list: &[Action], rng: &mut SilkRng) -> Option<Action> {
    if list.is_empty() {
        return None;
    }
    Some(list[rng.index(list.len())])
}

/// The turn's action, in `act_actions`' order: takes, reserves of face-up cards, reserves from
/// decks, buys; a pass when there is none.
#[inline]
fn random_act(s: &State, p: usize, rng: &mut SilkRng, buf: &mut Vec<Action>) -> Action {
    let takes = tokens::Takes::of(s);
    let means = cards::means(s, p);
    if s.rules.orient {
        let reserves = cards::reservable(s, p);
        return random_act_orient(s, p, rng, buf, &takes, reserves, means);
    }
    let (have, wild) = means;
    let lacks = reach::lacks(s, p, have, wild);
    let open = cards::open_sources(s, p);
    let held = cards::ones((lacks.cards >> reach::FIRST_RESERVED) as u32);
    let reserves = cards::reservable_of(s, held, || cards::src_bits(lacks.cards & open));
    let sources = lacks.within & open;
    if wild == 0 {
        // No wildcard (the common case): one payment per card, all in gems.
        let buys = cards::ones(sources as u32);
        return draw(&takes, reserves, buys, rng).unwrap_or_else(|i| Action::Buy {
            src: cards::source_src(cards::nth_bit(sources as u32, i)),
            pay: Pay::default(),
        });
    }
    let Some(hand) = cards::gold_only(s, p) else {
        // Gold counting double: the buys listed.
        return draw_listed(s, p, rng, buf, &takes, reserves, means);
    };
    let buys = cards::GoldBuys::of_lacks(s, p, hand, &lacks, sources);
    draw(&takes, reserves, buys.count(), rng).unwrap_or_else(|i| buys.get(s, p, i))
}

/// `random_act` with the Orient's places and cards.
#[inline(never)]
fn random_act_orient(
    s: &State,
    p: usize,
    rng: &mut SilkRng,
    buf: &mut Vec<Action>,
    takes: &tokens::Takes,
    reserves: (u32, u8),
    means: (u64, u32),
) -> Action {
    if means.1 > 0 {
        let Some(buys) = cards::GoldBuys::of(s, p, means) else {
            // Orient gold cards: the buys listed.
            return draw_listed(s, p, rng, buf, takes, reserves, means);
        };
        return draw(takes, reserves, buys.count(), rng).unwrap_or_else(|i| buys.get(s, p, i));
    }
    let face = cards::payable(s, p, means);
    let reserved = cards::payable_reserved(s, p, means) as u32;
    let on_board = cards::ones(face);
    let buys = on_board + cards::ones(reserved);
    draw(takes, reserves, buys, rng).unwrap_or_else(|i| {
        let src = if i < on_board {
            cards::nth_bit(face, i)
        } else {
            RESERVED_SRC + cards::nth_bit(reserved, i - on_board)
        };
        Action::Buy {
            src,
            pay: Pay::default(),
        }
    })
}

/// The draw with the buys listed in `buf` (wildcards other than gold tokens).
#[inline(never)]
fn draw_listed(
    s: &State,
    p: usize,
    rng: &mut SilkRng,
    buf: &mut Vec<Action>,
    takes: &tokens::Takes,
    reserves: (u32, u8),
    means: (u64, u32),
) -> Action {
    buf.clear();
    cards::legal_buys(s, p, means, buf);
    draw(takes, reserves, buf.len(), rng).unwrap_or_else(|i| buf[i])
}

/// One pick among the takes, the reserves (face-up places and decks, as bits) and `buys`
/// buys, in that order: the action, or the index of the buy picked (`Err`).
#[inline(always)]
fn draw(
    takes: &tokens::Takes,
    (face_up, decks): (u32, u8),
    buys: usize,
    rng: &mut SilkRng,
) -> Result<Action, usize> {
    let n_takes = takes.count();
    let (n_face_up, n_decks) = if face_up == 0 && decks == 0 {
        (0, 0) // A full hand (the common case).
    } else {
        (cards::ones(face_up), cards::ones(decks as u32))
    };
    let all = n_takes + n_face_up + n_decks + buys;
    if all == 0 {
        // The list is the pass alone, and the pick still draws.
        rng.index(1);
        return Ok(Action::Pass);
    }
    let mut i = rng.index(all);
    if i < n_takes {
        return Ok(takes.get(i));
    }
    i -= n_takes;
    if i < n_face_up {
        return Ok(Action::Reserve(cards::nth_bit(face_up, i)));
    }
    i -= n_face_up;
    if i < n_decks {
        return Ok(Action::ReserveDeck(cards::nth_bit(decks as u32, i)));
    }
    Err(i - n_decks)
}
