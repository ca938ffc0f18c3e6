//! The game state: fixed arrays and small integers, no heap, `Copy`.

use crate::data::{
    DevEffect, Rules, MAX_DEV, MAX_DEV_TYPES, MAX_EMPIRES, MAX_REGIONS, MAX_SILK, SILK_CODES, TRACK,
};
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, SilkRng};
use silk_trade::auction::Auction;
use silk_trade::route::{CoinStacks, CostModifiers};
use silk_trade::track::PriceTrack;

/// The name a reshuffle of the silk deck's discards goes by, as a chance draw (in traces).
pub const SILK_DECK: &str = "silk_deck";
/// The name a reshuffle of used development cards goes by, as a chance draw (in traces).
pub const DEV_DECK: &str = "development_deck";
pub const MAX_PLAYERS: usize = 6;
/// No region / no card.
pub const NONE: u8 = u8::MAX;
/// Silk card codes.
pub const STANDARD: u8 = 0;
pub const FINE: u8 = 1;
/// Card ids of food and metal cards on the empires' tracks.
pub const FOOD_CARD: u8 = 0xF0;
pub const METAL_CARD: u8 = 0xF1;

/// A barbarian's strength from its card code, or `None` for silk.
pub fn barbarian_strength(code: u8) -> Option<u8> {
    (code >= 2).then(|| code - 1)
}

/// The state's reference to its interned rules (see `silk_core::shared`).
pub type RulesRef = silk_core::Shared<Rules>;

/// A citizen's role. A `Recruit` is a Soldier in training: it may defend but not attack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Role {
    Merchant,
    Laborer,
    Soldier,
    Recruit,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Merchant, Role::Laborer, Role::Soldier, Role::Recruit];
    pub fn name(self) -> &'static str {
        match self {
            Role::Merchant => "merchant",
            Role::Laborer => "laborer",
            Role::Soldier => "soldier",
            Role::Recruit => "recruit",
        }
    }
    pub fn parse(t: &str) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.name() == t.trim_end_matches('s'))
    }
}

/// A card or citizen kind a player can hold or trade: food, metal, silk, fine silk.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Res {
    Food,
    Metal,
    Silk,
    Fine,
}

impl Res {
    pub const ALL: [Res; 4] = [Res::Food, Res::Metal, Res::Silk, Res::Fine];
    pub fn name(self) -> &'static str {
        match self {
            Res::Food => "food",
            Res::Metal => "metal",
            Res::Silk => "silk",
            Res::Fine => "fine",
        }
    }
    pub fn parse(t: &str) -> Option<Res> {
        match t {
            "fine silk" => Some(Res::Fine),
            _ => Res::ALL.into_iter().find(|r| r.name() == t),
        }
    }
}

/// A player's City-State board. Coins, resources, citizens and improvements are open
/// information; development cards are hidden.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct City {
    pub coins: u16,
    /// Food and metal have no storage limit (gaps 12 and 31): 32 bits, which play cannot fill
    /// (with the bundled data every city together gathers and buys under a thousand cards a
    /// round, and `max_rounds` is at most 65 535). Silk cards are at most the silk deck's 48.
    pub food: u32,
    pub metal: u32,
    pub silk: u8,
    pub fine: u8,
    /// Citizens by role, each as `[untapped, tapped]`: 16 bits, since gap 21 sets no cap (the
    /// engine holds at most `engine::MAX_CITIZENS` in a city, which no counter can pass).
    pub merchants: [u16; 2],
    pub laborers: [u16; 2],
    pub soldiers: [u16; 2],
    pub recruits: [u16; 2],
    /// Bit per improvement.
    pub improvements: u8,
    pub region: u8,
    /// Region marked by this player's collapsed-city token, or `NONE`.
    pub fallen: u8,
    /// The Workshop's once-a-round bonus has been used.
    pub workshop_used: bool,
    /// Travel cost still ignored this round (development card).
    pub travel_credit: u8,
    /// Added to the next gather (development card).
    pub gather_boost: u8,
    /// Development cards in hand, by type (hidden).
    pub dev: [u8; MAX_DEV_TYPES],
}

impl City {
    pub fn roles(&self, r: Role) -> [u16; 2] {
        match r {
            Role::Merchant => self.merchants,
            Role::Laborer => self.laborers,
            Role::Soldier => self.soldiers,
            Role::Recruit => self.recruits,
        }
    }
    pub fn roles_mut(&mut self, r: Role) -> &mut [u16; 2] {
        match r {
            Role::Merchant => &mut self.merchants,
            Role::Laborer => &mut self.laborers,
            Role::Soldier => &mut self.soldiers,
            Role::Recruit => &mut self.recruits,
        }
    }
    pub fn untapped(&self, r: Role) -> u16 {
        self.roles(r)[0]
    }
    pub fn citizens(&self) -> u32 {
        Role::ALL
            .iter()
            .map(|&r| self.roles(r)[0] as u32 + self.roles(r)[1] as u32)
            .sum()
    }
    /// Soldiers of every kind (trained and in training, tapped or not).
    pub fn all_soldiers(&self) -> u32 {
        [self.soldiers, self.recruits]
            .iter()
            .map(|x| x[0] as u32 + x[1] as u32)
            .sum()
    }
    pub fn has(&self, res: Res) -> u32 {
        match res {
            Res::Food => self.food,
            Res::Metal => self.metal,
            Res::Silk => self.silk as u32,
            Res::Fine => self.fine as u32,
        }
    }
    /// Adds `k` cards (the caller keeps silk within the deck, so the byte cannot overflow).
    pub fn add_res(&mut self, res: Res, k: u32) {
        match res {
            Res::Food => self.food = self.food.saturating_add(k),
            Res::Metal => self.metal = self.metal.saturating_add(k),
            Res::Silk => self.silk = self.silk.saturating_add(k.min(255) as u8),
            Res::Fine => self.fine = self.fine.saturating_add(k.min(255) as u8),
        }
    }
    /// Gives up one card the city holds.
    pub fn remove_one(&mut self, res: Res) {
        match res {
            Res::Food => self.food -= 1,
            Res::Metal => self.metal -= 1,
            Res::Silk => self.silk -= 1,
            Res::Fine => self.fine -= 1,
        }
    }
    pub fn dev_count(&self) -> u32 {
        self.dev.iter().map(|&c| c as u32).sum()
    }
    pub fn has_improvement(&self, k: u8) -> bool {
        self.improvements & (1 << k) != 0
    }
}

/// What a merchant or army is on its way to do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum MoveKind {
    /// Buy the card on this slot of the empire's sell track.
    Buy { empire: u8, slot: u8 },
    /// Sell one card to the empire's buy track.
    Sell { empire: u8, res: Res },
    /// Sell one card to another City-State at an agreed price.
    Deliver { to: Seat, res: Res, price: u8 },
    /// Attack another City-State with this many trained Soldiers.
    Attack { target: Seat, army: u8 },
}

/// A move under way: its route and the tolls agreed so far.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Move {
    pub mover: Seat,
    pub kind: MoveKind,
    /// Cities refused (their regions), avoided when rerouting.
    pub avoid: u16,
    /// Route from the mover's region, as region indices.
    pub path: [u8; MAX_REGIONS],
    pub len: u8,
    /// Agreed toll per path position (only at other players' cities).
    pub tolls: [u8; MAX_REGIONS],
}

impl Move {
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }
}

/// The holdings of a fallen city, auctioned one item at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Lot {
    pub food: u32,
    pub metal: u32,
    pub silk: u8,
    pub fine: u8,
    /// A fallen city's citizens, as wide as a city's counters.
    pub merchants: u16,
    pub laborers: u16,
    pub soldiers: u16,
    pub improvements: u8,
}

/// One item of a lot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Item {
    Res(Res),
    Citizen(Role),
    Improvement(u8),
}

impl Lot {
    pub fn count(&self, item: Item) -> u32 {
        match item {
            Item::Res(Res::Food) => self.food,
            Item::Res(Res::Metal) => self.metal,
            Item::Res(Res::Silk) => self.silk as u32,
            Item::Res(Res::Fine) => self.fine as u32,
            Item::Citizen(Role::Merchant) => self.merchants as u32,
            Item::Citizen(Role::Laborer) => self.laborers as u32,
            Item::Citizen(Role::Soldier) => self.soldiers as u32,
            Item::Citizen(Role::Recruit) => 0,
            Item::Improvement(k) => (k < 8 && self.improvements & (1 << k) != 0) as u32,
        }
    }
    pub fn take(&mut self, item: Item) {
        let c = match item {
            Item::Res(Res::Food) => {
                self.food = self.food.saturating_sub(1);
                return;
            }
            Item::Res(Res::Metal) => {
                self.metal = self.metal.saturating_sub(1);
                return;
            }
            Item::Res(Res::Silk) => {
                self.silk = self.silk.saturating_sub(1);
                return;
            }
            Item::Res(Res::Fine) => {
                self.fine = self.fine.saturating_sub(1);
                return;
            }
            Item::Citizen(Role::Merchant) => &mut self.merchants,
            Item::Citizen(Role::Laborer) => &mut self.laborers,
            Item::Citizen(Role::Soldier) | Item::Citizen(Role::Recruit) => &mut self.soldiers,
            Item::Improvement(k) => {
                self.improvements &= !(1u8.checked_shl(k as u32).unwrap_or(0));
                return;
            }
        };
        *c = c.saturating_sub(1);
    }
    /// Every item kind still in the lot, in a fixed order.
    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        let fixed = [
            Item::Res(Res::Food),
            Item::Res(Res::Metal),
            Item::Res(Res::Silk),
            Item::Res(Res::Fine),
            Item::Citizen(Role::Merchant),
            Item::Citizen(Role::Laborer),
            Item::Citizen(Role::Soldier),
        ];
        fixed
            .into_iter()
            .chain((0..8).map(Item::Improvement))
            .filter(move |&i| self.count(i) > 0)
    }
    pub fn is_empty(&self) -> bool {
        self.items().next().is_none()
    }
    pub fn citizens(&self) -> u32 {
        self.merchants as u32 + self.laborers as u32 + self.soldiers as u32
    }
}

/// Where the game is in its sequence of play.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Setup: `seat` claims a starting region; `left` more claims follow.
    Claim {
        seat: Seat,
        left: u8,
    },
    /// Phase 1: the barbarian soldier auction, in the format `barb_auction` names.
    Barbarians {
        strength: u8,
        auction: Auction,
    },
    /// Phase 2: tied coin leaders bid for priority (`priority_auction`); `start` gets it if
    /// nobody bids.
    Priority {
        auction: Auction,
        start: Seat,
    },
    /// Phase 2: the state's `actor` takes actions until "end turn".
    Turn,
    /// The buyer accepts or refuses a City-State sale.
    Offer {
        mv: Move,
    },
    /// `route_rule = waypoint`: the mover picks the route of `mv` (planned cheapest so far);
    /// after a refused toll (`mv.avoid` set) it may also call the move off.
    Route {
        mv: Move,
    },
    /// The owner of the city at `path[at]` names its toll.
    Toll {
        mv: Move,
        at: u8,
    },
    /// The mover pays the demanded toll or refuses it.
    TollAnswer {
        mv: Move,
        at: u8,
        demand: u8,
    },
    /// The combatants take turns playing cards, defender first; two passes in a row end it.
    Combat {
        mv: Move,
        atk: u8,
        def: u8,
        defender_turn: bool,
        passes: u8,
    },
    /// The defender taps its defending army.
    Defend {
        mv: Move,
        atk: u8,
        def: u8,
    },
    /// Phase 4: the state's `actor` keeps its city or lets it fall.
    RiseFall,
    /// Phase 4: the falling `actor` picks the next item of its old holdings to auction.
    Lot {
        lot: Lot,
    },
    /// Phase 4: an item of the lot is auctioned (`lot_auction`).
    LotAuction {
        lot: Lot,
        item: Item,
        auction: Auction,
    },
    Over,
}

/// The whole game, `Copy`; see `state_stays_compact` for its size.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct State {
    pub rules: RulesRef,
    pub n: u8,
    pub round: u16,
    pub cities: [City; MAX_PLAYERS],
    /// Each empire's sell and buy tracks (unused ones stay empty).
    pub sell: [PriceTrack<TRACK>; MAX_EMPIRES],
    pub buy: [PriceTrack<TRACK>; MAX_EMPIRES],
    /// The silk deck, drawn from the end (hidden order).
    #[serde(with = "silk_trade::serde_array")]
    pub silk_deck: [u8; MAX_SILK],
    pub silk_len: u8,
    /// Discarded silk and barbarian cards by code.
    pub silk_discard: [u8; SILK_CODES],
    /// The development deck, drawn from the end (hidden order).
    #[serde(with = "silk_trade::serde_array")]
    pub dev_deck: [u8; MAX_DEV],
    pub dev_len: u8,
    /// Played effect cards by type (face up).
    pub dev_used: [u8; MAX_DEV_TYPES],
    /// The development deck has run out at least once. It is then rebuilt from the played
    /// effect cards (gap 15), and a Victory Point card is never played, so from then on every
    /// Victory Point card is in a hand and no city's VP can change: everyone knows it.
    #[serde(default)]
    pub dev_ran_out: bool,
    pub stacks: CoinStacks<MAX_REGIONS>,
    pub treasury: [u16; MAX_REGIONS],
    /// The barbarian penalty per region, for the seats in `penalized`, until next round.
    pub barb: CostModifiers,
    pub penalized: SeatSet,
    /// Coins before this round's income, for priority (ambiguity 7).
    pub snapshot: [u16; MAX_PLAYERS],
    /// Phase 2 order: `first` had priority this round; `last_prev` went last last round.
    pub first: Seat,
    pub last_prev: Seat,
    /// Whose turn it is (Phase 2), or who decides (Phase 4); `left` more players follow.
    pub actor: Seat,
    pub left: u8,
    /// Players the actor has offered a sale to this turn (one offer each).
    pub offered: SeatSet,
    /// Attacks the actor has made this turn, counted only when `attacks_per_turn` limits them
    /// (so it stays 0 under the default).
    #[serde(default)]
    pub attacks: u8,
    /// Coins the bank has issued, net (players + stacks + treasuries = this).
    pub issued: i32,
    /// Citizens grown (or given) and lost over the game: 32 bits, as growth has no cap.
    pub citizens_born: u32,
    pub citizens_lost: u32,
    /// Whoever reached the target VP.
    pub winner: Option<Seat>,
    pub phase: Phase,
    pub rng: SilkRng,
}

impl State {
    pub fn players(&self) -> usize {
        self.n as usize
    }

    pub fn city(&self, seat: Seat) -> &City {
        &self.cities[seat.index()]
    }

    pub fn city_mut(&mut self, seat: Seat) -> &mut City {
        &mut self.cities[seat.index()]
    }

    /// What `seat` can add to an attack with the development cards it holds.
    pub fn attack_cards(&self, seat: Seat) -> u32 {
        let c = self.city(seat);
        self.rules
            .config
            .development
            .iter()
            .enumerate()
            .map(|(t, d)| match d.effect {
                DevEffect::AttackBonus(k) => k as u32 * c.dev[t] as u32,
                _ => 0,
            })
            .sum()
    }

    /// The seat whose City-State stands in region `r`.
    pub fn owner(&self, r: u8) -> Option<Seat> {
        (0..self.n)
            .map(Seat)
            .find(|&s| self.cities[s.index()].region == r)
    }

    /// A collapsed city-state's region.
    pub fn is_collapsed(&self, r: u8) -> bool {
        self.cities[..self.players()].iter().any(|c| c.fallen == r)
    }

    /// Hidden victory points of a seat.
    pub fn vp(&self, seat: Seat) -> u32 {
        let c = self.city(seat);
        (0..self.rules.config.development.len())
            .map(|t| match self.rules.config.development[t].effect {
                crate::data::DevEffect::Vp(k) => c.dev[t] as u32 * k as u32,
                _ => 0,
            })
            .sum()
    }

    /// Silk and barbarian cards anywhere, by code (for the invariants).
    pub fn silk_cards_accounted(&self) -> u32 {
        let mut total = self.silk_len as u32;
        total += self.silk_discard.iter().map(|&c| c as u32).sum::<u32>();
        for t in self.sell.iter().chain(self.buy.iter()) {
            total += t.iter().filter(|e| e.card.id <= FINE).count() as u32;
        }
        total
    }

    /// Coins on the table: players, stacks, treasuries.
    pub fn coins_in_play(&self) -> i64 {
        self.cities[..self.players()]
            .iter()
            .map(|c| c.coins as i64)
            .sum::<i64>()
            + self.stacks.total() as i64
            + self.treasury.iter().map(|&t| t as i64).sum::<i64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state is copied at every search step: keep it under a kilobyte.
    #[test]
    fn state_stays_compact() {
        let size = std::mem::size_of::<State>();
        println!("State is {size} bytes");
        assert!(size <= 1024, "State grew to {size} bytes");
    }
}
