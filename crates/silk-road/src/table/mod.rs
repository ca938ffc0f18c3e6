//! The table helper: runs the public flow of a physical Silk Road game — leader auction, the
//! holder's choice, the caravan's move, the market order, Grand Vizier reveals and the final
//! count — from what players say aloud. Coins and goods stay behind the real shields: the
//! helper never knows them, so it checks only what the rules let it check.
//!
//! The helper is a pure state machine over [`Entry`]s; the CLI adds prompts and the journal.
//! It uses the engine's own pieces: silk-trade's once-around auction and Grand Vizier payout,
//! the engine's market order and its final count.

use crate::data::{intern, DataError, Rules, SilkRoadConfig};
use crate::goods::{Good, Goods};
use crate::scoring::Score;
use crate::state::MAX_PLAYERS;
use crate::vizier;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet};
use silk_trade::auction::{Bid, OnceAround, Sealed};
use silk_trade::TradeError;

mod flow; // what each entry does: the state machine
mod parse; // what a person typed, read as an entry
mod prompt; // the question of the moment, and names of entries
mod status; // the state at a glance, and city names from a prefix
mod summary; // what the entries tell of the game: auctions, tiles, the count
pub use summary::{Auction, Summary, TileTaken};

/// The coins in the box (the rules' component list): with an unlimited bank, nobody can hold
/// more than all of them as gold, so no bid can be higher.
const BOX_COINS: u32 = 45;

/// The most money (in silver) a final count accepts: far beyond any real purse, and small
/// enough that scores cannot overflow.
const MAX_MONEY: u32 = 1_000_000;

/// What the helper is told about a tile taken: only what changes the flow.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Taken {
    /// Any tile used at once (Seller, Buyer, Trader, Exchanger, Thief).
    Tile,
    GrandVizier,
    Crook,
    Barterer,
}

/// One thing said at the table. The journal is a list of these.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Who holds the leader pawn at the start.
    FirstLeader(Seat),
    Bid(u32),
    Pass,
    /// The holder sells the pawn to the high bidder.
    Sell,
    /// The holder pays the high bidder and keeps the pawn.
    Keep,
    /// The caravan moves to the city so named.
    Move(String),
    /// The player with the pawn takes a tile (`barter`: using a Barterer).
    Take {
        tile: Taken,
        barter: bool,
    },
    /// A Grand Vizier calls this good.
    Call(Good),
    /// A player's revealed count in a Grand Vizier round.
    Reveal {
        seat: Seat,
        count: u8,
    },
    /// The pawn goes to this player.
    Give(Seat),
    /// Go to the final count now (the calculator on its own, or a game stopped early).
    Count,
    /// A player's holdings at the end, for the count.
    Holdings {
        seat: Seat,
        gold: u32,
        silver: u32,
        goods: Goods,
    },
    /// A correction of holdings already entered (the last count is redone).
    Fix {
        seat: Seat,
        gold: u32,
        silver: u32,
        goods: Goods,
    },
}

/// Where the table is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    FirstLeader,
    Auction(OnceAround),
    HolderChoice(Bid),
    Move,
    Take {
        actor: Seat,
        second: bool,
    },
    Call {
        actor: Seat,
        barter: bool,
    },
    Reveal {
        actor: Seat,
        good: Good,
        sealed: Sealed,
        barter: bool,
    },
    PassPawn {
        actor: Seat,
        targets: SeatSet,
    },
    GivePawn {
        actor: Seat,
        holders: SeatSet,
    },
    Scoring,
    Done,
}

/// What the helper asks next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prompt {
    /// Who must answer (none: anyone may type, e.g. reveals).
    pub who: Option<Seat>,
    pub question: String,
    /// Accepted answers, as typed.
    pub choices: Vec<String>,
}

/// A table in progress.
#[derive(Clone, Debug)]
pub struct Table {
    pub names: Vec<String>,
    rules: &'static Rules,
    /// Accept whatever city the leader names (the group's board is the truth).
    pub any_city: bool,
    pub step: Step,
    pub holder: Seat,
    /// Current city name (with `any_city`, whatever was named).
    pub city: String,
    caravan: Option<u8>,
    pub round: u32,
    pub tokens: [u8; MAX_PLAYERS],
    pub tiles_left: u8,
    pub crooks: [u8; MAX_PLAYERS],
    pub barterers: [u8; MAX_PLAYERS],
    fresh_barterers: [u8; MAX_PLAYERS],
    vizier_used: u8,
    /// Final holdings: money in silver, goods.
    holdings: [Option<(u32, Goods)>; MAX_PLAYERS],
    /// Gold and silver as entered for the final count, to echo them back as said.
    coins: [(u32, u32); MAX_PLAYERS],
    /// Accepted entries, in order (the journal without undos).
    pub entries: Vec<Entry>,
    /// The final count once everyone's holdings are in.
    pub result: Option<(Vec<Score>, Vec<u8>)>,
}

/// Why the helper refuses an entry (the table is unchanged) or cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The helper's own refusal, in words for the table.
    #[error("{0}")]
    Refused(String),
    /// A trade mechanic refused it: a bid too low or out of turn.
    #[error(transparent)]
    Trade(#[from] TradeError),
    /// The configuration does not compile.
    #[error(transparent)]
    Data(#[from] DataError),
}

fn err<T>(m: impl Into<String>) -> Result<T, TableError> {
    Err(TableError::Refused(m.into()))
}

impl Table {
    /// A new table for these player names, in seating order (clockwise).
    pub fn new(
        names: Vec<String>,
        config: &SilkRoadConfig,
        any_city: bool,
    ) -> Result<Table, TableError> {
        let mut config = config.clone();
        config.players = names.len();
        let rules = intern(&config)?;
        // A real table plays the rules' own auctions (the formats are for simulated games).
        for (point, format) in [
            (&crate::auctions::LEADER, config.params.leader_auction),
            (&crate::auctions::VIZIER, config.params.vizier_auction),
        ] {
            if format != point.default {
                return err(format!(
                    "{} = {format}: the table helper runs the rules' {} ({}); other formats are \
                     for simulated games (silk play, silk simulate, silk compare)",
                    point.param, point.key, point.default
                ));
            }
        }
        for (i, n) in names.iter().enumerate() {
            if n.trim().is_empty() {
                return err(format!("player {} has an empty name", i + 1));
            }
            if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
                return err(format!("two players are called {n:?}"));
            }
        }
        Ok(Table {
            names,
            rules,
            any_city,
            step: Step::FirstLeader,
            holder: Seat(0),
            city: rules.name(rules.start).to_string(),
            caravan: Some(rules.start),
            round: 0,
            tokens: [0; MAX_PLAYERS],
            tiles_left: 0,
            crooks: [0; MAX_PLAYERS],
            barterers: [0; MAX_PLAYERS],
            fresh_barterers: [0; MAX_PLAYERS],
            vizier_used: 0,
            holdings: [None; MAX_PLAYERS],
            coins: [(0, 0); MAX_PLAYERS],
            entries: Vec::new(),
            result: None,
        })
    }

    /// The rules this table plays.
    pub fn config(&self) -> &SilkRoadConfig {
        &self.rules.config
    }

    pub fn players(&self) -> usize {
        self.names.len()
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.names
            .get(seat.index())
            .map(String::as_str)
            .unwrap_or("?")
    }

    /// Reads a player by name (case-insensitive, unique prefix) or 1-based number.
    pub fn seat_named(&self, text: &str) -> Result<Seat, TableError> {
        let t = text.trim();
        if let Ok(k) = t.trim_start_matches(['P', 'p']).parse::<usize>() {
            if (1..=self.players()).contains(&k) {
                return Ok(Seat((k - 1) as u8));
            }
        }
        let lower = t.to_lowercase();
        if let Some(i) = self.names.iter().position(|n| n.to_lowercase() == lower) {
            return Ok(Seat(i as u8));
        }
        let matches: Vec<usize> = (0..self.players())
            .filter(|&i| !lower.is_empty() && self.names[i].to_lowercase().starts_with(&lower))
            .collect();
        match matches.as_slice() {
            [i] => Ok(Seat(*i as u8)),
            [] => err(format!(
                "no player called {t:?} (players: {})",
                self.names.join(", ")
            )),
            _ => err(format!(
                "{t:?} could be several players: say more of the name"
            )),
        }
    }

    /// The most a bid can be: all the money there is (a limited bank's coins, else the box's
    /// coins all counted as gold). The helper never knows a purse, so this is the one bound it
    /// can check.
    pub fn max_bid(&self) -> u32 {
        match self.rules.config.params.bank_coins {
            0 => BOX_COINS * silk_trade::SILVER_PER_GOLD,
            bank => bank,
        }
    }

    /// How the final count breaks ties.
    pub fn tie_rule(&self) -> crate::data::TieRule {
        self.rules.config.params.tie_break
    }

    /// A player's final count as entered: gold, silver and goods (`None`: not yet entered).
    pub fn count_of(&self, seat: Seat) -> Option<(u32, u32, Goods)> {
        let i = seat.index();
        let (_, goods) = (*self.holdings.get(i)?)?;
        let (gold, silver) = self.coins[i];
        Some((gold, silver, goods))
    }

    /// Whether `seat`'s holdings are in for the final count.
    pub fn counted(&self, seat: Seat) -> bool {
        self.holdings.get(seat.index()).is_some_and(Option::is_some)
    }

    /// Cities the caravan may move to now.
    pub fn next_cities(&self) -> Vec<String> {
        match self.caravan {
            Some(c) => self.rules.succ[c as usize]
                .iter()
                .map(|&d| self.rules.name(d).to_string())
                .collect(),
            None => Vec::new(),
        }
    }

    fn callable(&self) -> Vec<Good> {
        Good::ALL
            .into_iter()
            .filter(|&g| vizier::may_call(self.vizier_used, g))
            .collect()
    }

    fn can_barter(&self, seat: Seat) -> Result<(), TableError> {
        let i = seat.index();
        if self.barterers[i] == 0 {
            return err(format!("{} has no Barterer", self.name(seat)));
        }
        if self.barterers[i] <= self.fresh_barterers[i] {
            return err("a Barterer cannot be used in the city where it was taken");
        }
        if self.tiles_left < 2 {
            return err("a Barterer needs two tiles left in the city");
        }
        if !crate::market::may_barter(self.tokens[i]) {
            return err(format!(
                "{} has already acted in this market: a Barterer would be a third tile, and a \
                 player takes at most {} per market",
                self.name(seat),
                crate::market::MAX_TILES_PER_MARKET
            ));
        }
        Ok(())
    }

    /// A readable history of the accepted entries.
    pub fn history(&self) -> Vec<String> {
        self.replayed(self.entries.len())
            .map(|(_, said)| said)
            .unwrap_or_default()
    }

    /// The table as it was before the last entry (undo), or `None` at the start.
    pub fn without_last(&self) -> Option<Table> {
        let keep = self.entries.len().checked_sub(1)?;
        self.replayed(keep).map(|(t, _)| t)
    }

    /// A fresh table with the first `count` entries applied again, and what they announced.
    fn replayed(&self, count: usize) -> Option<(Table, Vec<String>)> {
        let mut t = Table::new(self.names.clone(), &self.rules.config, self.any_city).ok()?;
        let mut said = Vec::new();
        for e in &self.entries[..count] {
            said.extend(t.apply(e.clone()).ok()?);
        }
        Some((t, said))
    }
}

#[cfg(test)]
mod tests;
