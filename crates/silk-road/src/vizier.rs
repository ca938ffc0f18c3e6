//! The Grand Vizier, for the engine, its bot and the table helper alike: which goods a Vizier
//! may call, and what a reveal pays under the game's prizes (silk-trade's sealed reveal).

use crate::data::Params;
use crate::goods::Good;
use silk_core::{SeatSet, MAX_SEATS};
use silk_trade::auction::{vizier_payout, Prizes, TieBreak};

/// Every good called (a bit per good).
const ALL: u8 = 0b11111;

/// Goods (a bit per good) a Grand Vizier may call, given those already `called`: those not yet
/// called; once all five have been, any (the 6th Vizier).
pub fn callable(called: u8) -> u8 {
    if called == ALL {
        ALL
    } else {
        !called & ALL
    }
}

/// Whether a Grand Vizier may call `good`.
pub fn may_call(called: u8, good: Good) -> bool {
    callable(called) & (1 << good.index()) != 0
}

/// Records a call of `good` (once all five have been called, calls no longer count).
pub fn call(called: &mut u8, good: Good) {
    if *called != ALL {
        *called |= 1 << good.index();
    }
}

/// What each seat of `seats` is paid for its revealed count (by seat): the prizes and the
/// zero-places rule of `p`, equal counts ordered by `tie`.
pub fn payout(
    p: &Params,
    revealed: &[u32; MAX_SEATS],
    seats: SeatSet,
    tie: TieBreak,
) -> [u32; MAX_SEATS] {
    let prizes = Prizes {
        first: p.vizier_prizes[0],
        second: p.vizier_prizes[1],
    };
    vizier_payout(revealed, seats, prizes, p.vizier_zero_places, tie)
}
