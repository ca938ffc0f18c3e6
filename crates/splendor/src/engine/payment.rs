//! Paying for a card: bonuses first, then gems, with gold (tokens, and Orient gold cards) as
//! wildcards where the player chooses. A payment names, per colour, how many of the card's gems
//! gold pays for; legal payments are every such choice the player can afford.

use crate::action::Pay;
use crate::colour::{at_least, covers, missing, pack, short_of, total, unpack, GOLD};
use crate::data::Power;
use crate::state::State;

/// What player `p` owes per colour for card `id` once bonuses are counted.
pub fn owed(s: &State, p: usize, id: u8) -> [u8; 5] {
    let cost = s.rules.card(id).cost;
    let b = s.bonus[p];
    [
        cost[0].saturating_sub(b[0]),
        cost[1].saturating_sub(b[1]),
        cost[2].saturating_sub(b[2]),
        cost[3].saturating_sub(b[3]),
        cost[4].saturating_sub(b[4]),
    ]
}

/// How a payment is made up: gold tokens and gold cards spent, or why it cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spent {
    pub gems: [u8; 5],
    pub gold_tokens: u8,
    pub gold_cards: u8,
}

/// Checks `pay` against what player `p` owes and holds.
pub fn settle(s: &State, p: usize, owed: &[u8; 5], pay: Pay) -> Result<Spent, String> {
    let held = &s.tokens[p];
    // The common case: no wildcard, every gem owed is held (otherwise the loop below says why).
    if pay == Pay::default()
        && covers(
            pack(&[held[0], held[1], held[2], held[3], held[4]]),
            pack(owed),
        )
    {
        return Ok(Spent {
            gems: *owed,
            gold_tokens: 0,
            gold_cards: 0,
        });
    }
    let doubled = s.has_power(p, Power::GoldCountsDouble);
    let mut gems = [0u8; 5];
    let mut tokens_needed = 0u32;
    for c in 0..5 {
        let g = pay.units(c);
        if g > owed[c] {
            return Err(format!(
                "gold for {} {} but only {} owed",
                g,
                crate::colour::token_name(c),
                owed[c]
            ));
        }
        gems[c] = owed[c] - g;
        if gems[c] > held[c] {
            return Err(format!(
                "{} {} owed and {} held: pay the rest with gold",
                gems[c],
                crate::colour::token_name(c),
                held[c]
            ));
        }
        // With the trading post's power a gold token pays two gems of one colour.
        tokens_needed += if doubled {
            (g as u32).div_ceil(2)
        } else {
            g as u32
        };
    }
    let total = pay.total();
    let cards = pay.cards as u32;
    if cards > 0 {
        if doubled {
            return Err("gold cards and the double-gold power do not meet in one game".into());
        }
        if cards > s.gold_cards[p] as u32 {
            return Err(format!("you have {} gold card(s)", s.gold_cards[p]));
        }
        // Each card spent pays at least one gem (its second may be wasted).
        if 2 * cards > total + 1 {
            return Err("a gold card would pay for nothing".into());
        }
        tokens_needed = total.saturating_sub(2 * cards);
    }
    if tokens_needed > held[GOLD] as u32 {
        return Err(format!(
            "that needs {tokens_needed} gold and you have {}",
            held[GOLD]
        ));
    }
    Ok(Spent {
        gems,
        gold_tokens: tokens_needed as u8,
        gold_cards: pay.cards,
    })
}

/// Every legal payment of `owed` for player `p`, each passed to `f`.
#[inline]
pub fn each_payment(s: &State, p: usize, owed: &[u8; 5], mut f: impl FnMut(Pay)) {
    let held = &s.tokens[p];
    let gold = held[GOLD] as u32;
    // The common case first: no wildcard at all, so one payment or none.
    if gold == 0 && s.gold_cards[p] == 0 {
        if (0..5).all(|c| owed[c] <= held[c]) {
            f(Pay::default());
        }
        return;
    }
    let doubled = s.has_power(p, Power::GoldCountsDouble);
    let cards = if doubled { 0 } else { s.gold_cards[p] as u32 };
    // Wildcard units the player could bring at most (tokens, doubled, plus 2 per gold card).
    let most = if doubled { 2 * gold } else { gold + 2 * cards };
    let mut lo = [0u8; 5];
    let mut need_lo = 0u32;
    for c in 0..5 {
        lo[c] = owed[c].saturating_sub(held[c]);
        need_lo += lo[c] as u32;
    }
    if need_lo > most {
        return;
    }
    // The common case: no gold at all, one payment.
    if most == 0 {
        f(Pay::default());
        return;
    }
    if !doubled && cards == 0 {
        return gold_tokens_only(&lo, owed, gold - need_lo, f);
    }
    let mut units = lo;
    walk(
        0, &mut units, owed, need_lo, most, gold, cards, doubled, &mut f,
    );
}

/// `each_payment` for a player whose only wildcards are `gold` tokens (no Orient gold card, no
/// double-gold power), from packed counts: `owed` after bonuses, `held` gems. The same payments
/// in the same order, with the common cases (no gold or one gold to spare) in word operations.
#[inline]
pub fn each_gold_payment(owed: u64, held: u64, gold: u32, mut f: impl FnMut(Pay)) {
    let lo = missing(owed, held); // what the gems held cannot pay: gold must
    let need = total(lo);
    if need > gold {
        return;
    }
    let spare = gold - need;
    if spare > 1 {
        let (lo, owed) = (unpack(lo), unpack(owed));
        return gold_tokens_only(&lo, &owed, spare, f);
    }
    let base = Pay::from_packed_units(lo);
    f(base);
    if spare == 1 {
        // One more gold in each colour still paid partly in gems, the last colour first.
        let room = owed.wrapping_sub(lo); // no byte borrows: lo <= owed
        let mut colours = at_least(room, 1);
        while colours != 0 {
            let c = 7 - colours.leading_zeros();
            colours ^= 1 << c;
            f(Pay {
                gold: base.gold + (1 << (3 * c)),
                cards: 0,
            });
        }
    }
}

/// What a player whose only wildcards are gold tokens (no Orient gold card, no double-gold
/// power: always so in the base game) brings to a purchase, packed once for all the cards:
/// bonuses and gems as `missing` takes them, and gold.
#[derive(Clone, Copy, Debug)]
pub struct GoldHand {
    pub bonus: u64,
    pub gems: u64,
    pub gold: u32,
    /// Bonuses and gems together (each count below 128: at most 20 gems and far fewer than
    /// 100 bonuses of a colour).
    have: u64,
    /// The colours of which they hold a gem, as a mask.
    held: u8,
}

/// Set bits of each five-bit mask.
const ONES: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut m = 0;
    while m < 32 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

impl GoldHand {
    pub fn new(bonus: u64, gems: u64, gold: u32) -> GoldHand {
        GoldHand {
            bonus,
            gems,
            gold,
            have: bonus + gems,
            held: at_least(gems, 1),
        }
    }

    /// Every payment of a card of packed cost `cost`, each passed to `f`: `each_gold_payment`.
    #[inline]
    pub fn each(&self, cost: u64, f: impl FnMut(Pay)) {
        each_gold_payment(missing(cost, self.bonus), self.gems, self.gold, f)
    }

    /// How many payments `each` offers, counted without listing them.
    #[inline]
    pub fn count(&self, cost: u64) -> u32 {
        // What bonuses and gems cannot pay: gold must.
        self.count_lacking(cost, total(missing(cost, self.have)))
    }

    /// `count`, knowing what bonuses and gems lack for the card: `need` gems.
    #[inline]
    pub fn count_lacking(&self, cost: u64, need: u32) -> u32 {
        if need > self.gold {
            return 0;
        }
        let spare = self.gold - need;
        if spare > 1 {
            let owed = missing(cost, self.bonus);
            // Per colour, how much more gold could pay instead of gems.
            let room = owed.wrapping_sub(missing(owed, self.gems));
            if spare == 2 {
                // No more gold, one more in a colour, one in each of two, or two in one.
                let one = ONES[at_least(room, 1) as usize] as u32;
                let two = ONES[at_least(room, 2) as usize] as u32;
                return 1 + one + one * one.saturating_sub(1) / 2 + two;
            }
            return count_extra(unpack(room), spare);
        }
        // The shortfall alone; with one gold to spare, one payment more for each colour where
        // gems would pay part (the bonuses fall short of the cost, and gems are held).
        1 + spare * ONES[(short_of(self.bonus, cost) & self.held) as usize] as u32
    }

    /// The `i`-th payment `each` offers (`i` below `count`).
    #[inline]
    pub fn nth(&self, cost: u64, i: usize) -> Pay {
        let owed = missing(cost, self.bonus);
        let lo = missing(owed, self.gems);
        let spare = self.gold.wrapping_sub(total(lo));
        if spare == 2 {
            let room = owed.wrapping_sub(lo);
            return Pay::from_packed_units(lo + nth_of_two_more(room, i as u32));
        }
        if spare > 1 {
            let mut k = 0;
            let mut found = None;
            self.each(cost, |pay| {
                if k == i {
                    found = Some(pay);
                }
                k += 1;
            });
            return found.expect("a payment of those counted");
        }
        let base = Pay::from_packed_units(lo);
        if i == 0 {
            return base;
        }
        // One more gold in a colour with room, the last colour first (`each`'s order).
        let mut colours = short_of(self.bonus, cost) & self.held;
        for _ in 1..i {
            colours ^= 1 << (7 - colours.leading_zeros());
        }
        let c = 7 - colours.leading_zeros();
        Pay {
            gold: base.gold + (1 << (3 * c)),
            cards: 0,
        }
    }
}

/// The `i`-th way, in `each`'s order (lexicographic, colour 0 first), to add at most two more
/// gold over the colours, at most `room` (packed) in each: as packed units. Unranked colour by
/// colour: the ways with none in a colour come first, then with one, then with two, each block
/// as large as the ways left for the colours after it.
fn nth_of_two_more(room: u64, mut i: u32) -> u64 {
    let (one, two) = (at_least(room, 1), at_least(room, 2));
    // The ways to add at most `budget` over the colours after `c`.
    let after = |c: usize, budget: u32| {
        let m = ONES[(one >> (c + 1)) as usize] as u32;
        match budget {
            0 => 1,
            1 => 1 + m,
            _ => 1 + m + m * m.saturating_sub(1) / 2 + ONES[(two >> (c + 1)) as usize] as u32,
        }
    };
    let mut budget = 2;
    let mut extra = 0;
    for c in 0..5 {
        if i == 0 {
            break;
        }
        if one >> c & 1 == 0 {
            continue;
        }
        let none = after(c, budget);
        if i < none {
            continue;
        }
        i -= none;
        let once = after(c, budget - 1);
        if i < once {
            extra += 1 << (8 * c);
            budget -= 1;
            continue;
        }
        i -= once;
        // Two in this colour: nothing left for the others (`i` is 0 now).
        extra += 2 << (8 * c);
        budget = 0;
    }
    debug_assert_eq!(i, 0, "a way beyond those counted");
    extra
}

/// How many ways there are to add at most `spare` gold over the colours, at most `room[c]` in
/// colour `c` (each at most 7: no card costs more of a colour).
fn count_extra(room: [u8; 5], spare: u32) -> u32 {
    const MOST: usize = 5 * 7;
    let most = (spare as usize).min(MOST);
    // ways[t]: the ways over the colours so far that add exactly t; `top` the most they add.
    let mut ways = [0u32; MOST + 1];
    ways[0] = 1;
    let mut top = 0;
    for r in room.map(|r| r.min(7) as usize) {
        top = (top + r).min(most);
        // Each new ways[t] is the sum of the old ways[t - r..=t]: prefix sums upwards, then
        // differences downwards (so that each subtracts a prefix sum not yet changed).
        for t in 1..=top {
            ways[t] += ways[t - 1];
        }
        for t in (r + 1..=top).rev() {
            ways[t] -= ways[t - r - 1];
        }
    }
    ways[..=top].iter().sum()
}

/// Gold tokens only (the hot case): the shortfall `lo` must be paid in gold, and up to `spare`
/// more gold may replace gems anywhere within what is owed. An odometer over the colours where
/// gold could replace a gem, emitting each payment as it turns.
fn gold_tokens_only(lo: &[u8; 5], owed: &[u8; 5], spare: u32, mut f: impl FnMut(Pay)) {
    let mut cur = Pay::with_units(*lo, 0).gold;
    // The common cases without the odometer: no gold to spare, one payment; one to spare, the
    // shortfall alone, then one more gold in each colour still paid in gems, the last colour
    // first (the odometer's order).
    if spare <= 1 {
        f(Pay {
            gold: cur,
            cards: 0,
        });
        if spare == 1 {
            for c in (0..5).rev() {
                if owed[c] > lo[c] {
                    f(Pay {
                        gold: cur + (1 << (3 * c)),
                        cards: 0,
                    });
                }
            }
        }
        return;
    }
    let mut shift = [0u16; 5];
    let mut room = [0u8; 5];
    let mut k = 0;
    for c in 0..5 {
        if owed[c] > lo[c] {
            shift[k] = 3 * c as u16;
            room[k] = owed[c] - lo[c];
            k += 1;
        }
    }
    let mut extra = [0u8; 5];
    let mut used = 0u32;
    // The last colour turns fastest: payments come in lexicographic order of the units.
    loop {
        f(Pay {
            gold: cur,
            cards: 0,
        });
        let mut j = k;
        loop {
            if j == 0 {
                return;
            }
            j -= 1;
            if extra[j] < room[j] && used < spare {
                extra[j] += 1;
                used += 1;
                cur += 1 << shift[j];
                break;
            }
            used -= extra[j] as u32;
            cur -= (extra[j] as u16) << shift[j];
            extra[j] = 0;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn walk(
    c: usize,
    units: &mut [u8; 5],
    owed: &[u8; 5],
    total: u32,
    most: u32,
    gold: u32,
    cards: u32,
    doubled: bool,
    f: &mut impl FnMut(Pay),
) {
    if c == 5 {
        if doubled {
            let tokens: u32 = units.iter().map(|&u| (u as u32).div_ceil(2)).sum();
            // A wasted half only when it pays an odd count: never a token for nothing.
            if tokens <= gold {
                f(Pay::with_units(*units, 0));
            }
            return;
        }
        for k in 0..=cards {
            if 2 * k > total + 1 {
                break;
            }
            if total.saturating_sub(2 * k) <= gold {
                f(Pay::with_units(*units, k as u8));
            }
        }
        return;
    }
    let base = units[c];
    let mut t = total;
    loop {
        walk(c + 1, units, owed, t, most, gold, cards, doubled, f);
        if units[c] >= owed[c] || t >= most {
            break;
        }
        units[c] += 1;
        t += 1;
    }
    units[c] = base;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every payment by brute force: units of gold per colour between what the gems held cannot
    /// pay and what is owed, `gold` in all at most, in lexicographic order (colour 0 first).
    fn all_payments(owed: [u8; 5], held: [u8; 5], gold: u32) -> Vec<Pay> {
        let lo: [u8; 5] = std::array::from_fn(|c| owed[c].saturating_sub(held[c]));
        let mut out = Vec::new();
        let mut u = lo;
        loop {
            if u.iter().map(|&x| x as u32).sum::<u32>() <= gold {
                out.push(Pay::with_units(u, 0));
            }
            // Next units vector: the last colour turns fastest.
            let mut c = 5;
            loop {
                if c == 0 {
                    return out;
                }
                c -= 1;
                if u[c] < owed[c] {
                    u[c] += 1;
                    break;
                }
                u[c] = lo[c];
            }
        }
    }

    #[test]
    fn gold_payments_agree_with_brute_force() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let owed: [u8; 5] = std::array::from_fn(|c| (x >> (4 * c)) as u8 % 8);
            let held: [u8; 5] = std::array::from_fn(|c| (x >> (20 + 4 * c)) as u8 % 6);
            let gold = (x >> 40) as u32 % 9;
            let want = all_payments(owed, held, gold);
            let mut got = Vec::new();
            let (owed_p, held_p) = (pack(&owed), pack(&held));
            each_gold_payment(owed_p, held_p, gold, |pay| got.push(pay));
            assert_eq!(got, want, "owed {owed:?} held {held:?} gold {gold}");
            // The same payments counted and drawn one by one, with no bonus (owed = cost).
            let hand = GoldHand::new(0, held_p, gold);
            let count = hand.count(owed_p);
            assert_eq!(
                count as usize,
                want.len(),
                "owed {owed:?} held {held:?} gold {gold}"
            );
            for (i, &pay) in want.iter().enumerate() {
                assert_eq!(
                    hand.nth(owed_p, i),
                    pay,
                    "owed {owed:?} held {held:?} gold {gold}"
                );
            }
            let lo: [u8; 5] = std::array::from_fn(|c| owed[c].saturating_sub(held[c]));
            let need: u32 = lo.iter().map(|&u| u as u32).sum();
            if need <= gold {
                let mut odometer = Vec::new();
                gold_tokens_only(&lo, &owed, gold - need, |pay| odometer.push(pay));
                assert_eq!(odometer, want, "owed {owed:?} held {held:?} gold {gold}");
            }
        }
    }
}
