//! The game state: fixed arrays and small integers, no heap, `Copy`.

use crate::colour::{covers, pack, total, GOLD};
use crate::rules::{
    Rules, CITIES_SHOWN, DECKS, MAX_JOINS, MAX_NOBLES, MAX_PLAYERS, MAX_STRONGHOLDS, NONE, SLOTS,
};
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SilkRng};

/// The state's reference to its interned rules (see `silk_core::shared`).
pub type RulesRef = silk_core::Shared<Rules>;

/// Cards in all decks together (90 base + 30 Orient).
pub const DECK_SPACE: usize = 120;
/// Where each deck starts in `Decks::cards`: base levels 1–3 (40, 30, 20), Orient (10 each).
pub const DECK_START: [u8; DECKS] = [0, 40, 70, 90, 100, 110];

/// Every deck's cards in one array; the top of deck `d` is `cards[DECK_START[d] + len[d] - 1]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decks {
    pub cards: [u8; DECK_SPACE],
    pub len: [u8; DECKS],
}

impl Decks {
    pub fn deck(&self, d: usize) -> &[u8] {
        let s = DECK_START[d] as usize;
        &self.cards[s..s + self.len[d] as usize]
    }
    pub fn deck_mut(&mut self, d: usize) -> &mut [u8] {
        let s = DECK_START[d] as usize;
        &mut self.cards[s..s + self.len[d] as usize]
    }
    /// Draws the top card of deck `d`.
    pub fn draw(&mut self, d: usize) -> Option<u8> {
        if self.len[d] == 0 {
            return None;
        }
        self.len[d] -= 1;
        // Cleared so that equal decks are equal arrays (a saved game compares equal).
        let i = DECK_START[d] as usize + self.len[d] as usize;
        Some(std::mem::replace(&mut self.cards[i], crate::rules::NONE))
    }
}

// Serialised as one list per deck (top last), which reads better than 120 numbers.
impl Serialize for Decks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let lists: Vec<&[u8]> = (0..DECKS).map(|d| self.deck(d)).collect();
        lists.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Decks {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let lists = Vec::<Vec<u8>>::deserialize(d)?;
        if lists.len() != DECKS {
            return Err(serde::de::Error::custom(format!("{DECKS} decks expected")));
        }
        let mut decks = Decks {
            cards: [NONE; DECK_SPACE],
            len: [0; DECKS],
        };
        for (k, list) in lists.iter().enumerate() {
            let room = DECK_START.get(k + 1).copied().unwrap_or(DECK_SPACE as u8) - DECK_START[k];
            if list.len() > room as usize {
                return Err(serde::de::Error::custom(format!(
                    "deck {k} holds at most {room} cards"
                )));
            }
            let s = DECK_START[k] as usize;
            decks.cards[s..s + list.len()].copy_from_slice(list);
            decks.len[k] = list.len() as u8;
        }
        Ok(decks)
    }
}

/// Where a turn is. `Act` is the turn's one action; the others are the decisions that follow
/// it, in the order the rules give them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// The current player's action (take, reserve, buy; or pass when none is possible).
    Act,
    /// Trading post: after taking two of a colour, one gem of another colour.
    ExtraGem { not: u8 },
    /// Orient: join card `card` to a colour the player has a card of.
    Join { card: u8 },
    /// Orient: take a face-up card of this level (0-based) free.
    FreeCard { level: u8 },
    /// Orient: reserve one of the available nobles.
    ReserveNoble,
    /// Orient: discard cards of `colour` until `left` more bonuses are gone; `card` is the
    /// sacrifice card just bought (not discardable).
    Sacrifice { colour: u8, left: u8, card: u8 },
    /// Strongholds: after a purchase, place or move one of yours, or remove another's.
    Stronghold,
    /// Trading post: after a purchase, take one gem.
    BonusGem,
    /// Strongholds: all of yours on one card; buy it now or decline.
    Conquest,
    /// Over the token limit: give back one token.
    Return,
    /// Several nobles would visit: choose one.
    Noble,
    /// 2024 edition: several trading posts qualify; choose one.
    Post,
    /// Several cities qualify: choose one.
    City,
    /// The game is over.
    Over,
}

/// What comes after the current decision, for the end-of-turn sequence.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Step {
    /// Card effects queued in `effects`.
    Effects,
    Stronghold,
    BonusGem,
    Refill,
    Conquest,
    Return,
    Nobles,
    Posts,
    Cities,
    EndTurn,
}

/// Card effects that may wait at once (a cascade of free cards, each with its own effect).
pub const MAX_QUEUE: usize = 6;

/// The whole game: about 400 bytes, `Copy`.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct State {
    pub rules: RulesRef,
    pub n: u8,
    /// Whose turn it is, who played first, and the round (from 1).
    pub current: u8,
    pub first: u8,
    pub round: u16,
    pub phase: Phase,
    pub step: Step,
    /// Gem tokens in the supply (five colours, then gold).
    pub bank: [u8; 6],
    pub tokens: [[u8; 6]; MAX_PLAYERS],
    /// Permanent bonuses per colour (cards, Orient doubles and joins).
    pub bonus: [[u8; 5]; MAX_PLAYERS],
    /// Prestige: cards, nobles, trading posts.
    pub prestige: [u8; MAX_PLAYERS],
    /// Development cards in front of each player, unspent Orient gold cards included (the
    /// tie-break count).
    pub card_count: [u8; MAX_PLAYERS],
    /// Which cards each player has in front of them (bit = card id).
    pub owned: [[u64; 2]; MAX_PLAYERS],
    /// Reserved cards (`NONE` = empty place).
    pub reserved: [[u8; 3]; MAX_PLAYERS],
    /// Bit `r`: reserved place `r` was drawn blind from a deck, so the others do not know it.
    pub blind: [u8; MAX_PLAYERS],
    /// Orient gold cards held, unused.
    pub gold_cards: [u8; MAX_PLAYERS],
    /// Face-up cards: per level, places a–d (base) and e–f (Orient).
    pub board: [[u8; SLOTS]; 3],
    pub decks: Decks,
    /// Nobles revealed (noble id, `NONE` for no tile), who received each, who reserved each.
    pub nobles: [u8; MAX_NOBLES],
    pub noble_holder: [u8; MAX_NOBLES],
    pub noble_reserver: [u8; MAX_NOBLES],
    pub nobles_held: [u8; MAX_PLAYERS],
    /// The Cities: faces shown (`NONE` once taken), and the face each player claimed.
    pub cities: [u8; CITIES_SHOWN],
    pub city_of: [u8; MAX_PLAYERS],
    /// Trading posts: bit `i` = a coat of arms of the player on post `i`.
    pub posts: [u8; MAX_PLAYERS],
    /// Strongholds: each one's place (`level * 6 + slot`) or `NONE` (in front of its owner).
    pub strongholds: [[u8; MAX_STRONGHOLDS]; MAX_PLAYERS],
    /// The colour each join card was joined to (by join order).
    pub joins: [u8; MAX_JOINS],
    /// Card effects waiting, as (kind, argument) pairs; `queue_len` of them.
    pub queue: [(u8, u8); MAX_QUEUE],
    pub queue_len: u8,
    /// Face-up places emptied this turn, to refill (bit = place).
    pub holes: u32,
    /// The current turn bought a card (strongholds and the bonus-gem power follow a purchase).
    pub bought: bool,
    /// The conquest purchase is used this turn.
    pub conquered: bool,
    /// The game ends when this round is complete.
    pub ending: bool,
    /// Consecutive turns passed for want of any legal action.
    pub passes: u8,
    /// The game ended without a normal finish (nobody could act, or the round cap).
    pub stuck: bool,
    pub rng: SilkRng,
}

/// Writes the five packed gem counts `packed` (each below 128) over the first five of `counts`
/// (gold, if there, is left as it is).
#[inline]
fn set_gems(counts: &mut [u8; 6], packed: u64) {
    counts[..5].copy_from_slice(&packed.to_le_bytes()[..5]);
}

/// Kinds of queued card effects.
pub mod effect {
    pub const JOIN: u8 = 0;
    pub const FREE: u8 = 1;
    pub const RESERVE_NOBLE: u8 = 2;
    pub const SACRIFICE: u8 = 3;
    /// Trading post: one gem of another colour than the argument.
    pub const EXTRA_GEM: u8 = 4;
}

impl State {
    /// Whether player `p` has a coat of arms on the Trading Post with this power.
    #[inline]
    pub fn has_power(&self, p: usize, power: crate::data::Power) -> bool {
        self.rules.posts_module
            && self
                .rules
                .posts
                .iter()
                .position(|q| q.power == power)
                .is_some_and(|i| self.posts[p] >> i & 1 == 1)
    }

    pub fn players(&self) -> usize {
        self.n as usize
    }
    pub fn seat(&self) -> Seat {
        Seat(self.current)
    }
    pub fn tokens_held(&self, p: usize) -> u32 {
        total(self.gems_packed(p)) + self.tokens[p][GOLD] as u32
    }
    // Packed counts (see `colour::pack`) stay below 128, as `colour::missing`, `covers` and
    // `at_least` need, and a player's gems and bonuses add up without a carry: a colour has at
    // most 20 gems (rules::compile refuses more), and a player's bonuses of a colour come from
    // its 18 base cards and at most 30 Orient cards (doubles and joins).
    /// The supply's gems (gold left out), packed.
    #[inline]
    pub fn bank_packed(&self) -> u64 {
        let b = &self.bank;
        pack(&[b[0], b[1], b[2], b[3], b[4]])
    }
    /// Player `p`'s gems (gold left out), packed.
    #[inline]
    pub fn gems_packed(&self, p: usize) -> u64 {
        let t = &self.tokens[p];
        pack(&[t[0], t[1], t[2], t[3], t[4]])
    }
    /// Player `p`'s bonuses, packed.
    #[inline]
    pub fn bonus_packed(&self, p: usize) -> u64 {
        pack(&self.bonus[p])
    }
    /// Moves `gems` (packed, gold left out) from the supply to player `p`: five colours in a
    /// few word operations. The supply must hold them (a rule checked before: a failure is a
    /// bug, reported as an overflow would be).
    #[inline]
    pub fn gems_to_player(&mut self, p: usize, gems: u64) {
        let (bank, held) = (self.bank_packed(), self.gems_packed(p));
        assert!(covers(bank, gems), "the supply lacks gems taken");
        set_gems(&mut self.bank, bank - gems);
        set_gems(&mut self.tokens[p], held + gems);
    }
    /// Moves `gems` (packed, gold left out) from player `p` to the supply; they must hold them.
    #[inline]
    pub fn gems_to_bank(&mut self, p: usize, gems: u64) {
        let (bank, held) = (self.bank_packed(), self.gems_packed(p));
        assert!(covers(held, gems), "a player pays gems they lack");
        set_gems(&mut self.bank, bank + gems);
        set_gems(&mut self.tokens[p], held - gems);
    }
    pub fn owns(&self, p: usize, card: u8) -> bool {
        self.owned[p][card as usize / 64] >> (card % 64) & 1 == 1
    }
    pub fn set_owned(&mut self, p: usize, card: u8, on: bool) {
        let bit = 1u64 << (card % 64);
        if on {
            self.owned[p][card as usize / 64] |= bit;
        } else {
            self.owned[p][card as usize / 64] &= !bit;
        }
    }
    /// The cards in front of player `p`, by id.
    pub fn owned_cards(&self, p: usize) -> impl Iterator<Item = u8> + '_ {
        (0..self.rules.cards.len() as u8).filter(move |&c| self.owns(p, c))
    }
    pub fn reserved_count(&self, p: usize) -> usize {
        self.reserved[p].iter().filter(|&&c| c != NONE).count()
    }
    /// Strongholds on face-up place `pos` (`level * 6 + slot`), by owner.
    pub fn strongholds_at(&self, pos: u8) -> [u8; MAX_PLAYERS] {
        let mut out = [0u8; MAX_PLAYERS];
        for (o, mine) in out.iter_mut().zip(&self.strongholds).take(self.players()) {
            *o = mine.iter().filter(|&&x| x == pos).count() as u8;
        }
        out
    }
}
