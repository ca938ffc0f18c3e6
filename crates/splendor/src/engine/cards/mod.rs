//! Development cards: reserving (face-up or blind, with gold), buying, gaining a card's bonus
//! and prestige, and refilling the face-up places.

mod gold_buys;
mod masks;

pub use gold_buys::{open_sources, source_src, src_bits, GoldBuys};
pub use masks::{nth_bit, ones};

use crate::action::{pos_name, Action, Pay, RESERVED_SRC};
use crate::colour::{covers, missing, pack, token_name, total, unpack, GOLD};
use crate::data::Effect;
use crate::engine::payment::{self, GoldHand, Spent};
use crate::engine::{orient, strongholds};
use crate::event::Event;
use crate::rules::{NONE, SLOTS};
use crate::state::{effect, State};
use masks::{bits, filled_places, places_where};
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
#[inline]
pub fn deck_of_place(pos: u8) -> usize {
    DECK_OF_PLACE[pos as usize] as usize
}

/// `deck_of_place` by table: places `e` and `f` from the Orient's decks (3 + level).
const DECK_OF_PLACE: [u8; 3 * SLOTS] = {
    let mut t = [0; 3 * SLOTS];
    let mut pos = 0;
    while pos < 3 * SLOTS {
        t[pos] = (pos / SLOTS + if pos % SLOTS >= 4 { 3 } else { 0 }) as u8;
        pos += 1;
    }
    t
};

fn place_in_play(s: &State, pos: u8) -> bool {
    let k = pos as usize % SLOTS;
    pos < 18 && (k < s.rules.face_up || (s.rules.orient && k >= 4))
}

/// What player `p` brings to a purchase: bonuses plus gems per colour, packed, and wildcard
/// units (gold tokens, 2 per Orient gold card).
#[inline(always)]
pub fn means(s: &State, p: usize) -> (u64, u32) {
    let have = s.bonus_packed(p) + s.gems_packed(p);
    let wild = s.tokens[p][GOLD] as u32 + 2 * s.gold_cards[p] as u32;
    (have, wild)
}

/// The face-up places holding a card player `p` can pay for, as bits (bit `level * 6 +
/// slot`): with bonuses and gems alone, or with wildcards covering the rest; open to them (no
/// other player's stronghold holds it) and its own conditions (the Orient's) met.
#[inline(always)]
pub fn payable(s: &State, p: usize, (have, wild): (u64, u32)) -> u32 {
    let rules = &*s.rules;
    let mut face = if wild == 0 {
        places_where(s, |cost| covers(have, cost))
    } else if rules.posts_module {
        // Gold counting double (a trading post) may cover more than `wild` gems: every card
        // is left to the payment enumeration.
        filled_places(&s.board) & rules.place_mask
    } else {
        places_where(s, |cost| total(missing(cost, have)) <= wild)
    } & rules.place_mask;
    if rules.strongholds {
        face &= !blocked_places(s, p);
    }
    if rules.orient {
        for pos in bits(face) {
            if !may_acquire(s, p, card_at(s, pos)) {
                face &= !(1 << pos);
            }
        }
    }
    face
}

/// The face-up places holding a card no other player's stronghold holds, as bits.
fn open_places(s: &State, p: usize) -> u32 {
    let mut cards = filled_places(&s.board) & s.rules.place_mask;
    if s.rules.strongholds {
        cards &= !blocked_places(s, p);
    }
    cards
}

/// The places where another player's stronghold keeps `p` from buying or reserving, as bits.
fn blocked_places(s: &State, p: usize) -> u32 {
    let mut blocked = 0;
    for (q, theirs) in s.strongholds.iter().enumerate().take(s.players()) {
        for &pos in theirs.iter().filter(|&&pos| q != p && pos < 32) {
            blocked |= 1 << pos;
        }
    }
    blocked
}

#[inline]
pub fn legal_reserves(s: &State, p: usize, out: &mut Vec<Action>) {
    let (cards, decks) = reservable(s, p);
    out.extend(bits(cards).map(Action::Reserve));
    out.extend(bits(decks as u32).map(Action::ReserveDeck));
}

/// What player `p` may reserve, as bits: the face-up places open to them, and the decks
/// (bit = deck) with a card; nothing when their hand is full.
#[inline(always)]
pub fn reservable(s: &State, p: usize) -> (u32, u8) {
    reservable_of(s, s.reserved_count(p), || open_places(s, p))
}

/// `reservable` for a player holding `held` reserved cards, the face-up places open to them
/// given by `open` (asked only when the hand has room).
#[inline(always)]
pub fn reservable_of(s: &State, held: usize, open: impl FnOnce() -> u32) -> (u32, u8) {
    if held >= s.rules.config.params.reserve_limit as usize {
        return (0, 0);
    }
    let mut decks = 0;
    for d in 0..6u8 {
        if deck_allowed(s, d) && s.decks.len[d as usize] > 0 {
            decks |= 1 << d;
        }
    }
    (open(), decks)
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

#[inline]
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
#[inline]
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
            Err(if s.bonus[p].iter().any(|&b| b > 0) {
                "a join card needs a card with a gem bonus of its own to join (join cards \
                 joined before do not count: join_onto_joined = false)"
            } else {
                "a join card needs a card with a gem bonus to join"
            }
            .into())
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
#[inline]
pub fn legal_buys(s: &State, p: usize, means: (u64, u32), out: &mut Vec<Action>) {
    let face = payable(s, p, means);
    let reserved = payable_reserved(s, p, means);
    if means.1 == 0 {
        // No wildcard (the common case): one payment, all in gems, for each card.
        out.extend(bits(face).map(|pos| Action::Buy {
            src: pos,
            pay: Pay::default(),
        }));
        out.extend(bits(reserved as u32).map(|r| Action::Buy {
            src: RESERVED_SRC + r,
            pay: Pay::default(),
        }));
        return;
    }
    if let Some(hand) = gold_only(s, p) {
        // What the player holds is packed once for all the face-up cards.
        for pos in bits(face) {
            offer_gold_payments(hand, s, pos, card_at(s, pos), out);
        }
    } else {
        for pos in bits(face) {
            offer_payments(s, p, pos, card_at(s, pos), out);
        }
    }
    for r in bits(reserved as u32) {
        offer_payments(s, p, RESERVED_SRC + r, s.reserved[p][r as usize], out);
    }
}

/// The reserved places (bits) holding a card player `p` can pay for, as `payable` says of the
/// face-up ones.
#[inline(always)]
pub fn payable_reserved(s: &State, p: usize, (have, wild): (u64, u32)) -> u8 {
    let rules = &*s.rules;
    // Tested without a branch per card.
    let mut reserved = 0u8;
    for (r, &card) in s.reserved[p].iter().enumerate() {
        let cost = rules.cost_by_id[card as usize];
        let reachable = if wild == 0 {
            covers(have, cost)
        } else {
            (total(missing(cost, have)) <= wild) | rules.posts_module
        };
        reserved |= (((card != NONE) & reachable) as u8) << r;
    }
    if rules.orient {
        for r in bits(reserved as u32) {
            let card = s.reserved[p][r as usize];
            if rules.has_condition[card as usize] && !may_acquire(s, p, card) {
                reserved &= !(1 << r);
            }
        }
    }
    reserved
}

/// Every way to pay for `card` at `src` with wildcards, as buys.
#[inline(never)]
fn offer_payments(s: &State, p: usize, src: u8, card: u8, out: &mut Vec<Action>) {
    if let Some(hand) = gold_only(s, p) {
        return offer_gold_payments(hand, s, src, card, out);
    }
    let owed = payment::owed(s, p, card);
    payment::each_payment(s, p, &owed, |pay| out.push(Action::Buy { src, pay }));
}

/// When gold tokens are player `p`'s only wildcards (no Orient gold card, no double-gold power:
/// always so in the base game), what they bring to a purchase.
#[inline]
pub fn gold_only(s: &State, p: usize) -> Option<GoldHand> {
    if s.gold_cards[p] > 0 || s.rules.posts_module {
        return None;
    }
    Some(GoldHand::new(
        s.bonus_packed(p),
        s.gems_packed(p),
        s.tokens[p][GOLD] as u32,
    ))
}

/// `offer_payments` for a player `gold_only` describes.
#[inline]
fn offer_gold_payments(hand: GoldHand, s: &State, src: u8, card: u8, out: &mut Vec<Action>) {
    hand.each(s.rules.cost_by_id[card as usize], |pay| {
        out.push(Action::Buy { src, pay })
    });
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

/// The payment of a purchase `legal_buys` listed, settled without the checks of `check_buy`:
/// the gems (packed), gold tokens and gold cards it spends.
#[inline]
fn settle_listed(s: &State, p: usize, card: u8, pay: Pay) -> (u64, u8, u8) {
    if pay.cards == 0 && !s.rules.posts_module {
        // Gems, and gold tokens one for one: what the bonuses leave owed, gold paying the
        // units the payment names, gems the rest (the listing found them held).
        let owed = missing(s.rules.cost_by_id[card as usize], s.bonus_packed(p));
        if pay.gold == 0 {
            return (owed, 0, 0); // All in gems (the common case).
        }
        let gold = pay.packed_units();
        return (owed - gold, total(gold) as u8, 0);
    }
    let spent =
        payment::settle(s, p, &payment::owed(s, p, card), pay).expect("a listed payment settles");
    (pack(&spent.gems), spent.gold_tokens, spent.gold_cards)
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
    let paid = (pack(&spent.gems), spent.gold_tokens, spent.gold_cards);
    carry_out(s, p, src, card, paid, conquest, ev);
}

/// Buys the card at `src` with a payment `legal_buys` listed, settled without the checks of
/// `check_buy`.
#[inline]
pub fn buy_listed(
    s: &mut State,
    p: usize,
    src: u8,
    pay: Pay,
    conquest: bool,
    ev: &mut impl EventSink<Event>,
) {
    // A listed source is in play: its card without the tests of `source_card`.
    let card = if src >= RESERVED_SRC {
        s.reserved[p][(src - RESERVED_SRC) as usize]
    } else {
        card_at(s, src)
    };
    let paid = settle_listed(s, p, card, pay);
    carry_out(s, p, src, card, paid, conquest, ev);
}

/// A purchase of `card` at `src`: the payment (gems packed, gold tokens, gold cards) to the
/// supply, the card from its place to the player.
#[inline(always)]
fn carry_out(
    s: &mut State,
    p: usize,
    src: u8,
    card: u8,
    (gems, gold_tokens, gold_cards): (u64, u8, u8),
    conquest: bool,
    ev: &mut impl EventSink<Event>,
) {
    s.gems_to_bank(p, gems);
    s.tokens[p][GOLD] -= gold_tokens;
    s.bank[GOLD] += gold_tokens;
    // A spent gold card is discarded: it leaves the player's cards (the tie-break count).
    s.gold_cards[p] -= gold_cards;
    s.card_count[p] -= gold_cards;
    if src >= RESERVED_SRC {
        let r = (src - RESERVED_SRC) as usize;
        s.reserved[p][r] = NONE;
        s.blind[p] &= !(1 << r);
    } else {
        strongholds::take_back(s, p, src, ev);
        take_from_board(s, src);
    }
    s.bought = true;
    let mut paid = [0u8; 6];
    paid[..5].copy_from_slice(&unpack(gems));
    paid[GOLD] = gold_tokens;
    ev.emit(Event::Bought {
        seat: Seat(p as u8),
        card,
        from: src,
        paid,
        gold_cards,
        conquest,
    });
    gain(s, p, card);
}

/// Player `p` acquires `card`: its bonus and prestige now, its effects queued.
#[inline(always)]
pub fn gain(s: &mut State, p: usize, card: u8) {
    let c = *s.rules.card(card);
    s.prestige[p] += c.points;
    // Every card acquired is in front of the player until spent or discarded: an Orient gold
    // card too (it counts for the tie-break until it is spent).
    s.card_count[p] += 1;
    if c.effect == Effect::Gold {
        s.gold_cards[p] += 1;
        return;
    }
    s.set_owned(p, card, true);
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
#[inline]
pub fn take_from_board(s: &mut State, pos: u8) {
    s.board.as_flattened_mut()[pos as usize] = NONE;
    s.holes |= 1 << pos;
}

/// Fills every place emptied this turn from its deck (an empty deck leaves the place empty).
#[inline]
pub fn refill(s: &mut State, ev: &mut impl EventSink<Event>) {
    while s.holes != 0 {
        let pos = s.holes.trailing_zeros() as u8;
        s.holes &= s.holes - 1;
        if let Some(card) = s.decks.draw(deck_of_place(pos)) {
            s.board.as_flattened_mut()[pos as usize] = card;
            ev.emit(Event::Refilled { at: pos, card });
        }
    }
}
