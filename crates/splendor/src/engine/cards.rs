//! Development cards: reserving (face-up or blind, with gold), buying, gaining a card's bonus
//! and prestige, and refilling the face-up places.

use crate::action::{pos_name, Action, Pay, RESERVED_SRC};
use crate::colour::{covers, missing, pack, token_name, total, GOLD};
use crate::data::Effect;
use crate::engine::payment::{self, Spent};
use crate::engine::{orient, strongholds};
use crate::event::Event;
use crate::rules::{NONE, SLOTS};
use crate::state::{effect, State};
use silk_core::{EventSink, Seat};

/// Face-up places in play: the base places of each level, then the Orient ones.
pub fn places(s: &State) -> impl Iterator<Item = u8> + '_ {
    s.rules.places[..s.rules.n_places].iter().copied()
}

#[inline]
pub fn card_at(s: &State, pos: u8) -> u8 {
    s.board
        .as_flattened()
        .get(pos as usize)
        .copied()
        .unwrap_or(NONE)
}

/// The deck that refills a face-up place.
pub fn deck_of_place(pos: u8) -> usize {
    let level = pos as usize / SLOTS;
    if pos as usize % SLOTS >= 4 {
        3 + level
    } else {
        level
    }
}

fn place_in_play(s: &State, pos: u8) -> bool {
    let k = pos as usize % SLOTS;
    pos < 18 && (k < s.rules.face_up || (s.rules.orient && k >= 4))
}

/// The face-up cards open to player `p`, as (place, card): those no other player's stronghold
/// holds, in place order. The same cards may be reserved or bought.
#[inline]
fn open_cards(s: &State, p: usize) -> impl Iterator<Item = (u8, u8)> + '_ {
    let strongholds = s.rules.strongholds;
    places(s)
        .map(move |pos| (pos, card_at(s, pos)))
        .filter(move |&(pos, card)| {
            card != NONE && !(strongholds && strongholds::blocked(s, p, pos))
        })
}

pub fn legal_reserves(s: &State, p: usize, out: &mut Vec<Action>) {
    if s.reserved_count(p) >= s.rules.config.params.reserve_limit as usize {
        return;
    }
    for (pos, _) in open_cards(s, p) {
        out.push(Action::Reserve(pos));
    }
    for d in 0..6u8 {
        if deck_allowed(s, d) && s.decks.len[d as usize] > 0 {
            out.push(Action::ReserveDeck(d));
        }
    }
}

fn deck_allowed(s: &State, d: u8) -> bool {
    d < 3 || (d < 6 && s.rules.orient && s.rules.config.params.reserve_orient_deck)
}

fn check_room(s: &State, p: usize) -> Result<(), String> {
    let limit = s.rules.config.params.reserve_limit as usize;
    if s.reserved_count(p) >= limit {
        return Err(format!(
            "you already hold {limit} reserved cards: buy one first"
        ));
    }
    Ok(())
}

pub fn check_reserve(s: &State, p: usize, pos: u8) -> Result<(), String> {
    check_room(s, p)?;
    if !place_in_play(s, pos) || card_at(s, pos) == NONE {
        return Err(format!("there is no card at {}", pos_name(pos)));
    }
    if strongholds::blocked(s, p, pos) {
        return Err(format!(
            "another player's stronghold holds {}",
            pos_name(pos)
        ));
    }
    Ok(())
}

pub fn check_reserve_deck(s: &State, p: usize, d: u8) -> Result<(), String> {
    check_room(s, p)?;
    if !deck_allowed(s, d) {
        return Err("no such deck to reserve from".into());
    }
    if s.decks.len[d as usize] == 0 {
        return Err("that deck is empty".into());
    }
    Ok(())
}

fn hand(s: &mut State, p: usize, card: u8, blind: bool) -> bool {
    let r = s.reserved[p]
        .iter()
        .position(|&c| c == NONE)
        .expect("room checked");
    s.reserved[p][r] = card;
    if blind {
        s.blind[p] |= 1 << r;
    } else {
        s.blind[p] &= !(1 << r);
    }
    // Reserving is the only way to get gold; none left, no gold.
    if s.bank[GOLD] > 0 {
        s.bank[GOLD] -= 1;
        s.tokens[p][GOLD] += 1;
        true
    } else {
        false
    }
}

pub fn reserve(s: &mut State, p: usize, pos: u8, ev: &mut impl EventSink<Event>) {
    let card = card_at(s, pos);
    strongholds::take_back(s, p, pos, ev);
    take_from_board(s, pos);
    let gold = hand(s, p, card, false);
    ev.emit(Event::Reserved {
        seat: Seat(p as u8),
        card,
        from: Some(pos),
        deck: None,
        gold,
    });
}

pub fn reserve_deck(s: &mut State, p: usize, d: u8, ev: &mut impl EventSink<Event>) {
    let card = s
        .decks
        .draw(d as usize)
        .expect("checked: the deck has a card");
    let gold = hand(s, p, card, true);
    ev.emit(Event::Reserved {
        seat: Seat(p as u8),
        card,
        from: None,
        deck: Some(d),
        gold,
    });
}

/// The card at a buying source: a face-up place or a reserved place.
pub fn source_card(s: &State, p: usize, src: u8) -> u8 {
    if src >= RESERVED_SRC {
        s.reserved[p]
            .get((src - RESERVED_SRC) as usize)
            .copied()
            .unwrap_or(NONE)
    } else if place_in_play(s, src) {
        card_at(s, src)
    } else {
        NONE
    }
}

/// Whether a card's own conditions allow player `p` to acquire it (Orient join and sacrifice).
/// `acquirable` without the message, for generating actions.
#[inline]
pub fn may_acquire(s: &State, p: usize, card: u8) -> bool {
    let c = s.rules.card(card);
    match c.effect {
        Effect::Join | Effect::JoinTake1 => orient::has_gem_bonus(s, p),
        Effect::Sacrifice => s.bonus[p][c.sacrifice as usize] >= 2,
        _ => true,
    }
}

pub fn acquirable(s: &State, p: usize, card: u8) -> Result<(), String> {
    let c = s.rules.card(card);
    match c.effect {
        Effect::Join | Effect::JoinTake1 if !orient::has_gem_bonus(s, p) => {
            Err("a join card needs a card with a gem bonus to join".into())
        }
        Effect::Sacrifice if s.bonus[p][c.sacrifice as usize] < 2 => Err(format!(
            "this card takes 2 {} bonuses and you have {}",
            token_name(c.sacrifice as usize),
            s.bonus[p][c.sacrifice as usize]
        )),
        _ => Ok(()),
    }
}

/// Buying: each face-up card open to `p`, then each reserved one, once per way of paying.
pub fn legal_buys(s: &State, p: usize, out: &mut Vec<Action>) {
    // What the player brings without gold: bonuses plus gems, per colour, packed.
    let have = pack(&std::array::from_fn(|c| {
        s.bonus[p][c].saturating_add(s.tokens[p][c]).min(127)
    }));
    let wild = s.tokens[p][GOLD] as u32 + 2 * s.gold_cards[p] as u32;
    for (pos, card) in open_cards(s, p) {
        offer_buy(s, p, have, wild, pos, card, out);
    }
    for (r, &card) in s.reserved[p].iter().enumerate() {
        if card != NONE {
            offer_buy(s, p, have, wild, RESERVED_SRC + r as u8, card, out);
        }
    }
}

/// The buys of `card` at `src` for a player who brings `have` (packed bonuses plus gems) and
/// `wild` wildcard units. The common case, no wildcard, is one word test.
#[inline(always)]
fn offer_buy(
    s: &State,
    p: usize,
    have: u64,
    wild: u32,
    src: u8,
    card: u8,
    out: &mut Vec<Action>,
) {
    let rules = &*s.rules;
    if rules.has_condition[card as usize] && !may_acquire(s, p, card) {
        return;
    }
    let cost = rules.cost_by_id[card as usize];
    if wild == 0 {
        // No wildcard: one payment, all in gems, or none.
        if covers(have, cost) {
            out.push(Action::Buy {
                src,
                pay: Pay::default(),
            });
        }
        return;
    }
    // Gold counting double (a trading post) can cover more than `wild` gems: those payments
    // are left to `each_payment` whole.
    if total(missing(cost, have)) > wild && !rules.posts_module {
        return;
    }
    offer_payments(s, p, src, card, out);
}

/// Every way to pay for `card` at `src` with wildcards, as buys.
#[inline(never)]
fn offer_payments(s: &State, p: usize, src: u8, card: u8, out: &mut Vec<Action>) {
    let owed = payment::owed(s, p, card);
    payment::each_payment(s, p, &owed, |pay| out.push(Action::Buy { src, pay }));
}

/// Every payment for `card` from `src`, as buy actions.
pub fn buys_of(s: &State, p: usize, src: u8, card: u8, out: &mut Vec<Action>) {
    if !may_acquire(s, p, card) {
        return;
    }
    let owed = payment::owed(s, p, card);
    payment::each_payment(s, p, &owed, |pay| out.push(Action::Buy { src, pay }));
}

/// Checks a purchase; its settled payment, for `buy` to carry out without settling again.
pub fn check_buy(s: &State, p: usize, src: u8, pay: Pay) -> Result<Spent, String> {
    let card = source_card(s, p, src);
    if card == NONE {
        return Err(if src >= RESERVED_SRC {
            "you have no reserved card there".to_string()
        } else {
            format!("there is no card at {}", pos_name(src))
        });
    }
    if src < RESERVED_SRC && strongholds::blocked(s, p, src) {
        return Err(format!(
            "another player's stronghold holds {}",
            pos_name(src)
        ));
    }
    acquirable(s, p, card)?;
    payment::settle(s, p, &payment::owed(s, p, card), pay)
}

/// Buys the card at `src`, paying as `check_buy` settled it.
pub fn buy(
    s: &mut State,
    p: usize,
    src: u8,
    spent: Spent,
    conquest: bool,
    ev: &mut impl EventSink<Event>,
) {
    let card = source_card(s, p, src);
    let mut paid = [0u8; 6];
    paid[..5].copy_from_slice(&spent.gems);
    for (c, &k) in spent.gems.iter().enumerate() {
        s.tokens[p][c] -= k;
        s.bank[c] += k;
    }
    s.tokens[p][GOLD] -= spent.gold_tokens;
    s.bank[GOLD] += spent.gold_tokens;
    paid[GOLD] = spent.gold_tokens;
    s.gold_cards[p] -= spent.gold_cards;
    if src >= RESERVED_SRC {
        let r = (src - RESERVED_SRC) as usize;
        s.reserved[p][r] = NONE;
        s.blind[p] &= !(1 << r);
    } else {
        strongholds::take_back(s, p, src, ev);
        take_from_board(s, src);
    }
    s.bought = true;
    ev.emit(Event::Bought {
        seat: Seat(p as u8),
        card,
        from: src,
        paid,
        gold_cards: spent.gold_cards,
        conquest,
    });
    gain(s, p, card);
}

/// Player `p` acquires `card`: its bonus and prestige now, its effects queued.
pub fn gain(s: &mut State, p: usize, card: u8) {
    let c = *s.rules.card(card);
    s.prestige[p] += c.points;
    if c.effect == Effect::Gold {
        s.gold_cards[p] += 1;
        return;
    }
    s.set_owned(p, card, true);
    s.card_count[p] += 1;
    if (c.bonus as usize) < 5 {
        s.bonus[p][c.bonus as usize] += c.bonus_count;
    }
    // Pushed last-first: the queue is a stack, and the rules' order is sacrifice, join, free.
    match c.effect {
        Effect::JoinTake1 => {
            orient::queue(s, effect::FREE, 0);
            orient::queue(s, effect::JOIN, card);
        }
        Effect::Join => orient::queue(s, effect::JOIN, card),
        Effect::Take2 => orient::queue(s, effect::FREE, 1),
        Effect::ReserveNoble => orient::queue(s, effect::RESERVE_NOBLE, 0),
        Effect::Sacrifice => orient::queue(s, effect::SACRIFICE, card),
        Effect::None | Effect::Double | Effect::Gold => {}
    }
}

/// Empties a face-up place; `refill` fills it at the step the rules say.
pub fn take_from_board(s: &mut State, pos: u8) {
    s.board[pos as usize / SLOTS][pos as usize % SLOTS] = NONE;
    s.holes |= 1 << pos;
}

/// Fills every place emptied this turn from its deck (an empty deck leaves the place empty).
pub fn refill(s: &mut State, ev: &mut impl EventSink<Event>) {
    while s.holes != 0 {
        let pos = s.holes.trailing_zeros() as u8;
        s.holes &= s.holes - 1;
        if let Some(card) = s.decks.draw(deck_of_place(pos)) {
            s.board[pos as usize / SLOTS][pos as usize % SLOTS] = card;
            ev.emit(Event::Refilled { at: pos, card });
        }
    }
}
