//! Gem tokens: take three different or two of a colour, the token limit, and the trading posts'
//! gem powers.

use crate::action::Action;
use crate::colour::{at_least, token_name, unpack, GOLD};
use crate::data::{Power, ShortTake};
use crate::event::Event;
use crate::state::State;
use silk_core::{EventSink, Seat};

/// Masks of three different colours, in the order they are offered.
const THREES: [u8; 10] = [
    0b00111, 0b01011, 0b01101, 0b01110, 0b10011, 0b10101, 0b10110, 0b11001, 0b11010, 0b11100,
];

/// For each mask of colours in the supply, the takes of three it allows (in `THREES` order) and
/// how many, padded with `Pass`: listing them is a fixed-size copy cut to length, with no
/// branch on which or how many.
const THREE_TAKES: [([Action; 10], usize); 32] = {
    let mut table = [([Action::Pass; 10], 0usize); 32];
    let mut avail = 0;
    while avail < 32 {
        let mut i = 0;
        while i < THREES.len() {
            let m = THREES[i];
            if m & avail as u8 == m {
                let n = table[avail].1;
                table[avail].0[n] = Action::TakeDifferent(m);
                table[avail].1 = n + 1;
            }
            i += 1;
        }
        avail += 1;
    }
    table
};

/// For each mask of colours with 4 or more in the supply, the takes of two, the same way.
const PAIR_TAKES: [([Action; 5], usize); 32] = {
    let mut table = [([Action::Pass; 5], 0usize); 32];
    let mut pairs = 0;
    while pairs < 32 {
        let mut c = 0;
        while c < 5 {
            if pairs >> c & 1 == 1 {
                let n = table[pairs].1;
                table[pairs].0[n] = Action::TakeTwo(c as u8);
                table[pairs].1 = n + 1;
            }
            c += 1;
        }
        pairs += 1;
    }
    table
};

/// Appends the first `n` of `actions` (a fixed-size copy, then the rest cut off).
#[inline]
fn extend_cut(out: &mut Vec<Action>, actions: &[Action], n: usize) {
    let len = out.len();
    out.extend_from_slice(actions);
    out.truncate(len + n);
}

/// Colours with at least one token in the supply, as a mask.
fn available(s: &State) -> u8 {
    at_least(s.bank_packed(), 1)
}

#[inline]
pub fn legal_takes(s: &State, out: &mut Vec<Action>) {
    let bank = s.bank_packed();
    let avail = at_least(bank, 1);
    // Three colours or more in the supply: the table lists the takes of three (and has none
    // for fewer).
    let (threes, n) = &THREE_TAKES[avail as usize];
    if *n > 0 {
        extend_cut(out, threes, *n);
    } else if avail != 0 && s.rules.config.params.take_three_short == ShortTake::Fewer {
        out.push(Action::TakeDifferent(avail));
    }
    let (pairs, n) = &PAIR_TAKES[at_least(bank, 4) as usize];
    extend_cut(out, pairs, *n);
}

/// The takes `legal_takes` lists, in its order, without listing them: for drawing one.
pub struct Takes {
    /// The colours in the supply, and those with 4 or more there (takes of two), as masks.
    avail: u8,
    pairs: u8,
    /// How many takes of three there are.
    threes: u8,
    /// Whether the one take of fewer than three is offered.
    short: bool,
}

impl Takes {
    #[inline(always)]
    pub fn of(s: &State) -> Takes {
        let bank = s.bank_packed();
        let avail = at_least(bank, 1);
        let threes = THREE_TAKES[avail as usize].1 as u8;
        let fewer = s.rules.config.params.take_three_short == ShortTake::Fewer;
        Takes {
            avail,
            pairs: at_least(bank, 4),
            threes,
            short: threes == 0 && avail != 0 && fewer,
        }
    }

    /// How many takes in all.
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.threes as usize + self.short as usize + PAIR_TAKES[self.pairs as usize].1
    }

    /// The `i`-th take (`i` below `count()`).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Action {
        if i < self.threes as usize {
            return THREE_TAKES[self.avail as usize].0[i];
        }
        let i = i - self.threes as usize;
        if self.short {
            if i == 0 {
                return Action::TakeDifferent(self.avail);
            }
            return PAIR_TAKES[self.pairs as usize].0[i - 1];
        }
        PAIR_TAKES[self.pairs as usize].0[i]
    }
}

pub fn check_take_different(s: &State, mask: u8) -> Result<(), String> {
    let avail = available(s);
    if mask == 0 || mask >= 32 {
        return Err("name the colours to take".into());
    }
    if mask & avail != mask {
        return Err("the supply has no token of a colour you named".into());
    }
    match mask.count_ones() {
        3 => Ok(()),
        _ if avail.count_ones() >= 3 => Err("take three different colours".into()),
        _ if s.rules.config.params.take_three_short == ShortTake::None => Err(
            "fewer than three colours are left: taking different colours is not possible".into(),
        ),
        _ if mask != avail => {
            Err("fewer than three colours are left: take one of each of them".into())
        }
        _ => Ok(()),
    }
}

pub fn check_take_two(s: &State, c: u8) -> Result<(), String> {
    match s.bank.get(c as usize) {
        Some(&k) if c < 5 && k >= 4 => Ok(()),
        Some(&k) if c < 5 => Err(format!(
            "two {} may be taken only when 4 or more are left ({k} are)",
            token_name(c as usize)
        )),
        _ => Err("gold cannot be taken".into()),
    }
}

#[inline]
pub fn take_different(s: &mut State, p: usize, mask: u8, ev: &mut impl EventSink<Event>) {
    // One of each colour of the mask, as packed counts: the multiplier moves bit c to bit 8c
    // (and no other product lands on a multiple of 8), with no branch per colour.
    let gems = (mask as u64 * 0x1020_4081) & 0x01_0101_0101;
    s.gems_to_player(p, gems);
    let mut took = [0u8; 6];
    took[..5].copy_from_slice(&unpack(gems));
    ev.emit(Event::Took {
        seat: Seat(p as u8),
        tokens: took,
    });
}

pub fn take_two(s: &mut State, p: usize, c: u8, ev: &mut impl EventSink<Event>) {
    let c = c as usize;
    s.bank[c] -= 2;
    s.tokens[p][c] += 2;
    let mut took = [0u8; 6];
    took[c] = 2;
    ev.emit(Event::Took {
        seat: Seat(p as u8),
        tokens: took,
    });
    if s.has_power(p, Power::ExtraGemWithPair) {
        crate::engine::orient::queue(s, crate::state::effect::EXTRA_GEM, c as u8);
    }
}

/// A single gem from a power: any colour in the supply, except `not`.
pub fn legal_gems(s: &State, not: Option<u8>, out: &mut Vec<Action>) {
    for c in 0..5u8 {
        if s.bank[c as usize] > 0 && Some(c) != not {
            out.push(Action::Gem(c));
        }
    }
}

pub fn check_gem(s: &State, not: Option<u8>, c: u8) -> Result<(), String> {
    if c >= 5 {
        return Err("take a gem, not gold".into());
    }
    if Some(c) == not {
        return Err("take a gem of another colour than the two you took".into());
    }
    if s.bank[c as usize] == 0 {
        return Err(format!("no {} is left", token_name(c as usize)));
    }
    Ok(())
}

pub fn take_gem(s: &mut State, p: usize, c: u8, ev: &mut impl EventSink<Event>) {
    s.bank[c as usize] -= 1;
    s.tokens[p][c as usize] += 1;
    let mut took = [0u8; 6];
    took[c as usize] = 1;
    ev.emit(Event::Took {
        seat: Seat(p as u8),
        tokens: took,
    });
}

/// For each mask of token kinds held (six bits, gold last), the returns, the same way as the
/// takes.
const RETURNS: [([Action; 6], usize); 64] = {
    let mut table = [([Action::Pass; 6], 0usize); 64];
    let mut held = 0;
    while held < 64 {
        let mut k = 0;
        while k < 6 {
            if held >> k & 1 == 1 {
                let n = table[held].1;
                table[held].0[n] = Action::Return(k as u8);
                table[held].1 = n + 1;
            }
            k += 1;
        }
        held += 1;
    }
    table
};

pub fn legal_returns(s: &State, p: usize, out: &mut Vec<Action>) {
    let (returns, n) = &RETURNS[held_kinds(s, p) as usize];
    extend_cut(out, returns, *n);
}

/// The returns `legal_returns` lists, as a slice of the table.
#[inline]
pub fn returns(s: &State, p: usize) -> &'static [Action] {
    let (returns, n) = &RETURNS[held_kinds(s, p) as usize];
    &returns[..*n]
}

/// The token kinds player `p` holds, as a mask (six bits, gold last).
#[inline]
fn held_kinds(s: &State, p: usize) -> u8 {
    at_least(s.gems_packed(p), 1) | ((s.tokens[p][GOLD] > 0) as u8) << GOLD
}

pub fn check_return(s: &State, p: usize, k: u8) -> Result<(), String> {
    match s.tokens[p].get(k as usize) {
        Some(&n) if n > 0 => Ok(()),
        Some(_) => Err(format!(
            "you have no {} to give back",
            token_name(k as usize)
        )),
        None => Err("no such token".into()),
    }
}

#[inline]
pub fn give_back(s: &mut State, p: usize, k: u8, ev: &mut impl EventSink<Event>) {
    s.tokens[p][k as usize] -= 1;
    s.bank[k as usize] += 1;
    ev.emit(Event::Returned {
        seat: Seat(p as u8),
        token: k,
    });
}
