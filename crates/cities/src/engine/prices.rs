//! Prices on the Great Empires' tracks: what an empire asks for a card it sells, what it pays
//! for one it buys, and how a fine silk card is priced on either (gap 9).

use super::economy::{buys_res, res_card};
use crate::data::{FineRule, Resource, SupplyPrice, TRACK};
use crate::state::{Res, State};
use silk_trade::track::FinePrice;

/// Gap 9: how a fine silk card is priced on a track under `fine_rule`.
pub fn fine_price(s: &State) -> FinePrice {
    match s.rules.config.params.fine_rule {
        FineRule::Sum => FinePrice::Sum,
        FineRule::TwiceCurrent => FinePrice::TwiceCurrent,
    }
}

/// What a Great Empire asks for the card in `slot` of its sell track (ambiguity 3:
/// `supply_price` reads food and metal prices from the slot or from the cards left).
pub fn buy_price(s: &State, empire: u8, slot: u8) -> Option<u32> {
    let track = &s.sell[empire as usize];
    let supply = matches!(
        s.rules.empires[empire as usize].sells,
        Some((Resource::Food | Resource::Metal, _))
    );
    if supply && s.rules.config.params.supply_price == SupplyPrice::Count {
        let left = track.len();
        track.card_at(slot as usize)?;
        return track
            .prices()
            .get(TRACK.checked_sub(left)?)
            .map(|&p| p as u32);
    }
    track.price_at(slot as usize, fine_price(s)).ok()
}

/// What `empire` would pay now for one card of `res` (the price of the slot it would fill),
/// if it buys that good and has room: the page's "sell" buttons say it.
pub fn sell_price(s: &State, empire: u8, res: Res) -> Option<u32> {
    if !buys_res(s, empire, res) {
        return None;
    }
    let mut track = s.buy[empire as usize];
    let (slot, sum) = track.fill_lowest_empty(res_card(res)).ok()?;
    Some(track.price_at(slot, fine_price(s)).unwrap_or(sum))
}
