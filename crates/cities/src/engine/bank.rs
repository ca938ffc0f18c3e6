//! The coin movements every phase shares: payments to and from the bank (which counts the coins
//! it has issued), transfers between cities, and the budgets an auction is bid from.

use crate::state::{City, State, MAX_PLAYERS};
use silk_core::{Seat, MAX_SEATS};

/// Everyone pays the bank what the auction's payment rule says.
pub(super) fn pay_all(s: &mut State, pays: &[u32; MAX_SEATS]) {
    for seat in Seat::all(s.players()) {
        if pays[seat.index()] > 0 {
            pay_bank(s, seat, pays[seat.index()]);
        }
    }
}

/// What each city may bid, by `f`.
pub(super) fn budgets(s: &State, f: impl Fn(&crate::state::City) -> u32) -> [u32; MAX_PLAYERS] {
    let mut b = [0u32; MAX_PLAYERS];
    for (i, c) in s.cities[..s.players()].iter().enumerate() {
        b[i] = f(c);
    }
    b
}

/// `seat` pays the bank up to `amount` (what it has).
pub(super) fn pay_bank(s: &mut State, seat: Seat, amount: u32) {
    let c = s.city_mut(seat);
    let paid = amount.min(c.coins as u32) as u16;
    c.coins -= paid;
    s.issued -= paid as i32;
}

/// Adds up to `amount` coins to a city's purse and returns what it added. A purse holds at most
/// 65 535 coins, which only growth without a cap (`pop_cap = 0`) comes near: past it, the
/// coins stay where they were.
pub(super) fn credit(c: &mut City, amount: u32) -> u16 {
    let k = amount.min((u16::MAX - c.coins) as u32) as u16;
    c.coins += k;
    k
}

/// The bank pays `seat` `amount`, newly issued (what the purse holds).
pub(super) fn bank_pays(s: &mut State, seat: Seat, amount: u32) {
    let k = credit(s.city_mut(seat), amount);
    s.issued += k as i32;
}

/// `from` pays `to` up to `amount` (what it has, and what `to`'s purse holds); returns what was
/// paid.
pub(super) fn transfer(s: &mut State, from: Seat, to: Seat, amount: u32) -> u16 {
    let k = amount.min(s.city(from).coins as u32);
    let k = credit(s.city_mut(to), k);
    s.city_mut(from).coins -= k;
    k
}
