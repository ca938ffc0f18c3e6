//! The game state: fixed arrays and small integers, no heap, cheap to clone.

use crate::data::{Rules, MAX_CITIES, MAX_TILES_PER_CITY};
use crate::goods::{Good, Goods};
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SilkRng};
use silk_trade::auction::{Auction, Bid};

/// Most players of Silk Road.
pub const MAX_PLAYERS: usize = 6;
/// An empty tile slot.
pub const NO_TILE: u8 = u8::MAX;

/// The state's reference to its interned rules (see `silk_core::shared`).
pub type RulesRef = silk_core::Shared<Rules>;

/// Where the game is in its sequence of play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// I. The other players bid for the leader pawn (once around, as the rules say, or the
    /// format `leader_auction` names).
    Auction(Auction),
    /// The holder sells the pawn to the high bidder or pays them and keeps it.
    HolderChoice(Bid),
    /// II. The leader moves the caravan along one arrow.
    Move,
    /// III. Market: `actor` takes a tile (`second`: the second tile of a Barterer).
    ChooseTile { actor: Seat, second: bool },
    /// A tile's (or the city's bonus) action being carried out by `actor`.
    Resolve {
        actor: Seat,
        kind: u8,
        /// Exchanger: swaps made so far.
        step: u8,
        /// The city's printed bonus action, not a taken tile.
        bonus: bool,
        /// Taken with a Barterer: a second tile follows.
        barter: bool,
    },
    /// The Grand Vizier's reveal of `good` (simultaneous, as the rules say, or the format
    /// `vizier_auction` names).
    Vizier {
        actor: Seat,
        good: Good,
        reveal: Auction,
        bonus: bool,
        barter: bool,
    },
    /// `actor` passes the leader pawn to a player who may still act.
    PassPawn { actor: Seat },
    /// The market is over and several players did not act: the last actor chooses who gets the
    /// pawn.
    GivePawn { actor: Seat },
    /// The caravan reached the end city.
    Over,
}

/// The whole game: 300-odd bytes, `Copy`.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct State {
    pub rules: RulesRef,
    pub n: u8,
    /// Money as silver value (1 gold = 5 silver); hidden behind each player's shield.
    pub money: [u16; MAX_PLAYERS],
    /// Goods behind each shield.
    pub goods: [Goods; MAX_PLAYERS],
    pub bag: Goods,
    /// Goods out of play (spent with `spent_goods = box`, or Vizier tokens from the bag).
    pub boxed: Goods,
    /// Silver value the bank has paid out minus taken in, plus its starting stock when limited.
    pub bank: i32,
    /// Crooks and Barterers kept in front of each screen (public).
    pub crooks: [u8; MAX_PLAYERS],
    pub barterers: [u8; MAX_PLAYERS],
    /// Barterers taken in this market, not usable until the next city.
    pub fresh_barterers: [u8; MAX_PLAYERS],
    pub caravan: u8,
    /// Who holds the caravan leader pawn.
    pub holder: Seat,
    /// Turn tokens taken in this market.
    pub tokens: [u8; MAX_PLAYERS],
    /// Tiles on each city, by kind index; `NO_TILE` for an empty slot.
    pub tiles: [[u8; MAX_TILES_PER_CITY]; MAX_CITIES],
    /// Goods already chosen by a Grand Vizier (bit per good).
    pub vizier_used: u8,
    pub phase: Phase,
    /// Cities the caravan has entered.
    pub round: u16,
    pub rng: SilkRng,
}

impl State {
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// The tiles left on the caravan's city.
    pub fn city_tiles(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.tiles[self.caravan as usize]
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, t)| *t != NO_TILE)
    }

    pub fn tiles_left(&self) -> usize {
        self.city_tiles().count()
    }

    /// Goods of a colour across the whole game (hands, bag, box).
    pub fn goods_in_play(&self, g: Good) -> u32 {
        let hands: u32 = self.goods[..self.players()]
            .iter()
            .map(|h| h.get(g) as u32)
            .sum();
        hands + self.bag.get(g) as u32 + self.boxed.get(g) as u32
    }

    /// Draws one random token from the bag.
    pub fn draw_random(&mut self) -> Option<Good> {
        let total = self.bag.total();
        if total == 0 {
            return None;
        }
        let g = self.bag.nth_token(self.rng.below(total))?;
        self.bag.take_up_to(g, 1);
        Some(g)
    }

    /// Pays `amount` from the bank to `seat`, cut short by a limited bank.
    pub fn bank_pays(&mut self, seat: Seat, amount: u32) -> u32 {
        let limit = self.rules.config.params.bank_coins;
        let paid = if limit == 0 {
            amount
        } else {
            amount.min(self.bank.max(0) as u32)
        };
        self.bank -= paid as i32;
        self.money[seat.index()] += paid as u16;
        paid
    }

    /// `seat` pays `amount` to the bank (the caller checked it can).
    pub fn pays_bank(&mut self, seat: Seat, amount: u32) {
        self.money[seat.index()] -= amount as u16;
        self.bank += amount as i32;
    }

    /// Puts spent goods where the rules say.
    pub fn spend_goods(&mut self, g: Good, n: u8) {
        match self.rules.config.params.spent_goods {
            crate::data::SpentGoods::Bag => self.bag.add(g, n),
            crate::data::SpentGoods::Box => self.boxed.add(g, n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state is copied at every search step: keep it in the few-hundred-byte class.
    #[test]
    fn state_stays_compact() {
        let size = std::mem::size_of::<State>();
        assert!(size <= 512, "State grew to {size} bytes");
        println!("State is {size} bytes");
    }
}
