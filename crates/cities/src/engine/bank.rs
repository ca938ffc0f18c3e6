//! The coin movements every phase shares: payments to and from the bank (which counts the coins
//! it has issued), transfers between cities, and the budgets an auction is bid from.

use crate::state::{State, MAX_PLAYERS};
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
    let paid = (amount as u16).min(c.coins);
    c.coins -= paid;
    s.issued -= paid as i32;
}

/// The bank pays `seat` `amount`, newly issued.
pub(super) fn bank_pays(s: &mut State, seat: Seat, amount: u32) {
    s.city_mut(seat).coins += amount as u16;
    s.issued += amount as i32;
}

/// `from` pays `to` up to `amount` (what it has); returns what was paid.
pub(super) fn transfer(s: &mut State, from: Seat, to: Seat, amount: u32) -> u16 {
    let k = (amount as u16).min(s.city(from).coins);
    s.city_mut(from).coins -= k;
    s.city_mut(to).coins += k;
    k
}
