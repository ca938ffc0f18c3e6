//! Development cards: reserving (face-up or blind, with gold), buying, gaining a card's bonus
//! and prestige, and refilling the face-up places.

use crate::action::{pos_name, Action, Pay, RESERVED_SRC};
use crate::colour::{covers, missing, pack, token_name, total, unpack, GOLD};
use crate::data::Effect;
use crate::engine::payment::{self, GoldHand, Spent};
use crate::engine::reach::{self, Lacks};
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

/// The face-up places whose card's packed cost `keep` accepts, as bits (bit `level * 6 +
/// slot`), place by place in straight-line code: no branch on the (unpredictable) answers, nor
/// on which places hold a card (an empty place costs more than anyone holds: see
/// `rules::NO_CARD_COST`).
#[inline(always)]
fn places_where(s: &State, keep: impl Fn(u64) -> bool) -> u32 {
    let cost = &s.rules.cost_by_id;
    let orient = s.rules.orient;
    let mut out = 0;
    for (level, row) in s.board.iter().enumerate() {
        let mut found = 0;
        for (k, &card) in row.iter().enumerate() {
            // The Orient's places only when they are in play.
            if k < 4 || orient {
                found |= (keep(cost[card as usize]) as u32) << k;
            }
        }
        out |= found << (level * SLOTS);
    }
    out
}

/// The places of the board that hold a card, as bits (bit `level * 6 + slot`): a word test per
/// eight places instead of a branch per place.
fn filled_places(board: &[[u8; SLOTS]; 3]) -> u32 {
    let flat = board.as_flattened();
    let word = |i: usize| {
        let mut b = [NONE; 8];
        let n = (flat.len() - i).min(8);
        b[..n].copy_from_slice(&flat[i..i + n]);
        u64::from_le_bytes(b)
    };
    (non_empty_bytes(word(0)) | non_empty_bytes(word(8)) << 8 | non_empty_bytes(word(16)) << 16)
        & ((1 << (3 * SLOTS)) - 1)
}

/// Bit `i` set where byte `i` of `w` is not `NONE` (0xFF).
const fn non_empty_bytes(w: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // NONE bytes become 0; then the high bit of each byte is set where that byte of `x` is not
    // 0 (no carry leaves a byte).
    let x = !w;
    let nz = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gather the eight high bits into one byte: bit `8i + 7` moves to bit `56 + i`, and no two
    // partial products of the multiplication meet.
    ((nz >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The set bits of `mask`, lowest first, as `u8` places.
fn bits(mask: u32) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    // A counted range, so that a vector extended from it reserves once and writes without a
    // capacity check per action.
    (0..mask.count_ones()).map(move |_| {
        let i = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(1); // clears the lowest set bit (there is one)
        i
    })
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

/// The buys `legal_buys` lists for a player whose only wildcards are gold tokens (always so in
/// the base game), in its order, counted without listing them: for drawing one.
pub struct GoldBuys {
    hand: GoldHand,
    /// The places to buy from, as bits by buying source (`src`: face-up places, then reserved).
    srcs: u32,
    /// How many payments for each source (by `src`), and in all.
    counts: [u16; SOURCES],
    count: usize,
}

/// Buying sources (`src`) at most: the face-up places, then the reserved ones.
const SOURCES: usize = 3 * SLOTS + 3;

impl GoldBuys {
    /// The buys of player `p`, whose means are `means` (with wildcards); `None` when gold
    /// tokens are not their only wildcards.
    #[inline]
    pub fn of(s: &State, p: usize, means: (u64, u32)) -> Option<GoldBuys> {
        let hand = gold_only(s, p)?;
        let face = payable(s, p, means);
        let reserved = payable_reserved(s, p, means) as u32;
        let mut buys = GoldBuys::new(hand, face | reserved << RESERVED_SRC);
        for src in bits(buys.srcs) {
            buys.add(src, hand.count(source_cost(s, p, src)));
        }
        Some(buys)
    }

    /// `of` for a player `gold_only` describes as `hand`, without the Orient's places, from
    /// what they lack for each card: `sources` the sources (`reach::SOURCES` order) they may
    /// buy from.
    #[inline]
    pub fn of_lacks(s: &State, p: usize, hand: GoldHand, lacks: &Lacks, sources: u16) -> GoldBuys {
        let cards = reach::Cards::of(s, p);
        let mut buys = GoldBuys::new(hand, src_bits(sources));
        for k in bits(sources as u32) {
            let cost = s.rules.cost_by_id[cards.at(k as usize) as usize];
            buys.add(
                source_src(k),
                hand.count_lacking(cost, lacks.of(k as usize)),
            );
        }
        buys
    }

    #[inline]
    fn new(hand: GoldHand, srcs: u32) -> GoldBuys {
        GoldBuys {
            hand,
            srcs,
            counts: [0; SOURCES],
            count: 0,
        }
    }

    #[inline]
    fn add(&mut self, src: u8, n: u32) {
        self.counts[src as usize] = n as u16;
        self.count += n as usize;
    }

    /// How many buys in all.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The `i`-th buy (`i` below `count()`).
    pub fn get(&self, s: &State, p: usize, mut i: usize) -> Action {
        for src in bits(self.srcs) {
            let n = self.counts[src as usize] as usize;
            if i < n {
                let pay = self.hand.nth(source_cost(s, p, src), i);
                return Action::Buy { src, pay };
            }
            i -= n;
        }
        unreachable!("a draw beyond the buys counted")
    }
}

/// The packed cost of the card at a buying source.
#[inline]
fn source_cost(s: &State, p: usize, src: u8) -> u64 {
    s.rules.cost_by_id[source_card(s, p, src) as usize]
}

/// The buying source (`src`) of source `k` of `reach::SOURCES`.
#[inline]
pub fn source_src(k: u8) -> u8 {
    reach::SOURCE_SRC[k as usize % reach::SOURCES]
}

/// Sources of `reach::SOURCES` as bits by buying source (`src`).
#[inline]
pub fn src_bits(sources: u16) -> u32 {
    let m = sources as u32;
    (m & 0xF)
        | (m & 0xF0) << 2
        | (m & 0xF00) << 4
        | (m >> reach::FIRST_RESERVED & 7) << RESERVED_SRC
}

/// The sources of `reach::SOURCES` open to player `p` (no Orient's places): the face-up places
/// in play that no other player's stronghold holds, and the reserved places.
#[inline]
pub fn open_sources(s: &State, p: usize) -> u16 {
    if !s.rules.strongholds {
        return s.rules.source_mask;
    }
    let places = s.rules.place_mask & !blocked_places(s, p);
    let face = (places & 0xF) | (places >> 2 & 0xF0) | (places >> 4 & 0xF00);
    face as u16 | 7 << reach::FIRST_RESERVED
}

/// Set bits of each six-bit row of a mask of places (a level's, a hand's, the decks').
const ONES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// For each six-bit row, the place of its `k`-th set bit, lowest first.
const NTH: [[u8; 6]; 64] = {
    let mut t = [[0u8; 6]; 64];
    let mut m = 0;
    while m < 64 {
        let mut k = 0;
        let mut b = 0;
        while b < 6 {
            if m >> b & 1 == 1 {
                t[m][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        m += 1;
    }
    t
};

/// Set bits of `mask` (below `1 << 18`), by table: the baseline x86-64 the project builds for
/// has no popcount instruction.
#[inline]
pub fn ones(mask: u32) -> usize {
    let row = |k: u32| ONES[(mask >> (6 * k) & 63) as usize] as usize;
    row(0) + row(1) + row(2)
}

/// Place of the `i`-th set bit of `mask` (below `1 << 18`), lowest first (`i` below
/// `ones(mask)`): its row found by the rows' counts, the bit by table, with no loop (whose
/// length would be the random draw's).
#[inline]
pub fn nth_bit(mask: u32, i: usize) -> u8 {
    let row = |k: u32| (mask >> (6 * k) & 63) as usize;
    let (first, second) = (ONES[row(0)] as usize, ONES[row(1)] as usize);
    let (k, i) = if i < first {
        (0, i)
    } else if i < first + second {
        (1, i - first)
    } else {
        (2, i - first - second)
    };
    6 * k as u8 + NTH[row(k)][i % 6]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_bits_by_table_agree_with_the_loop() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = (x >> 11) as u32 & ((1 << 18) - 1);
            assert_eq!(ones(mask), mask.count_ones() as usize);
            let places: Vec<u8> = bits(mask).collect();
            for (i, &pos) in places.iter().enumerate() {
                assert_eq!(nth_bit(mask, i), pos, "{mask:b} {i}");
            }
        }
    }

    #[test]
    fn filled_places_agree_with_the_loop() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut board = [[NONE; SLOTS]; 3];
            for (i, place) in board.as_flattened_mut().iter_mut().enumerate() {
                // Half the places hold a card (any id but NONE, including 0 and 254).
                if x >> i & 1 == 1 {
                    *place = (x >> (i + 20)) as u8 % 255;
                }
            }
            let want = board
                .as_flattened()
                .iter()
                .enumerate()
                .fold(0u32, |m, (i, &c)| m | ((c != NONE) as u32) << i);
            assert_eq!(filled_places(&board), want, "{board:?}");
        }
    }
}
