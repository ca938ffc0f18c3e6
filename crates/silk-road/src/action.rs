//! Decisions and their human strings. Every string `to_text` writes, `parse` reads back.

use crate::goods::Good;
use crate::state::{Phase, State};
use serde::{Deserialize, Serialize};
use silk_core::{ParseActionError, Seat};

/// One decision of one seat. Two to four bytes, `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Leader auction: bid this much silver.
    Bid(u16),
    /// Leader auction: pass.
    Pass,
    /// The holder sells the pawn to the high bidder.
    SellPawn,
    /// The holder pays the high bidder and keeps the pawn.
    KeepPawn,
    /// The leader moves the caravan to this city.
    Move(u8),
    /// Take the tile in this slot of the city (`barter`: using a Barterer, a second tile follows).
    Take { slot: u8, barter: bool },
    /// Seller: sell `n` of the good (a good other than the printed one uses a Crook).
    Sell { good: Good, n: u8 },
    /// Buyer: buy `n` of the good.
    Buy { good: Good, n: u8 },
    /// Trader, once or twice, with the goods given and received (a change uses a Crook).
    Trade { times: u8, give: Good, get: Good },
    /// Exchanger: swap one good for another.
    Swap { give: Good, get: Good },
    /// Thief: steal a random good from this player.
    Steal(Seat),
    /// Grand Vizier: call this good.
    Vizier(Good),
    /// Grand Vizier reveal: show this many of the called good.
    Reveal(u8),
    /// Do not use this tile or bonus action (or, for an Exchanger, make no more swaps).
    Decline,
    /// Give the leader pawn (and the remaining turn tokens) to this player.
    GivePawn(Seat),
}

impl Action {
    /// How many variants [`Action`] has.
    pub const VARIANTS: usize = 15;

    /// The variant's number, in declaration order (compiles to reading the tag).
    #[inline]
    pub const fn variant(&self) -> usize {
        match self {
            Action::Bid(_) => 0,
            Action::Pass => 1,
            Action::SellPawn => 2,
            Action::KeepPawn => 3,
            Action::Move(_) => 4,
            Action::Take { .. } => 5,
            Action::Sell { .. } => 6,
            Action::Buy { .. } => 7,
            Action::Trade { .. } => 8,
            Action::Swap { .. } => 9,
            Action::Steal(_) => 10,
            Action::Vizier(_) => 11,
            Action::Reveal(_) => 12,
            Action::Decline => 13,
            Action::GivePawn(_) => 14,
        }
    }
}

fn parse_seat(text: &str, n: usize) -> Option<Seat> {
    let t = text.trim().trim_start_matches(['P', 'p']);
    let k: usize = t.parse().ok()?;
    (1..=n).contains(&k).then(|| Seat((k - 1) as u8))
}

fn parse_good(text: &str, whole: &str) -> Result<Good, ParseActionError> {
    Good::parse(text).ok_or_else(|| {
        ParseActionError::new(
            whole,
            format!("unknown good {text:?} (ivory, silk, fruits, jewels, spices)"),
        )
    })
}

fn parse_num(text: &str, whole: &str) -> Result<u8, ParseActionError> {
    text.parse()
        .map_err(|_| ParseActionError::new(whole, format!("expected a number, not {text:?}")))
}

impl Action {
    /// The action as a player says it.
    pub fn to_text(self, state: &State) -> String {
        let r = &state.rules;
        match self {
            Action::Bid(k) => format!("bid {k}"),
            Action::Pass => "pass".into(),
            Action::SellPawn => "sell pawn".into(),
            Action::KeepPawn => "keep pawn".into(),
            Action::Move(c) => format!("move {}", r.name(c)),
            Action::Take { slot, barter } => {
                let tile = state.tiles[state.caravan as usize]
                    .get(slot as usize)
                    .and_then(|&t| r.kinds.get(t as usize))
                    .map(|k| k.label())
                    .unwrap_or_else(|| "empty".into());
                let verb = if barter { "barter" } else { "take" };
                format!("{verb} {}: {tile}", slot + 1)
            }
            Action::Sell { good, n } => format!("sell {n} {good}"),
            Action::Buy { good, n } => format!("buy {n} {good}"),
            Action::Trade { times, give, get } => format!("trade x{times} {give} for {get}"),
            Action::Swap { give, get } => format!("swap {give} for {get}"),
            Action::Steal(s) => format!("steal {s}"),
            Action::Vizier(g) => format!("vizier {g}"),
            Action::Reveal(k) => format!("reveal {k}"),
            Action::Decline => match state.phase {
                Phase::Resolve { step, .. } if step > 0 => "done".into(),
                _ => "decline".into(),
            },
            Action::GivePawn(s) => format!("give {s}"),
        }
    }

    /// Reads what `to_text` writes (and a few friendlier forms: `take 2`, `move hami`).
    pub fn parse(state: &State, text: &str) -> Result<Action, ParseActionError> {
        let t = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = t.split_whitespace().collect();
        let err = |why: &str| ParseActionError::new(text, why);
        let n = state.players();
        let a = match words.as_slice() {
            ["bid", k] => Action::Bid(
                k.parse()
                    .map_err(|_| err("expected `bid N` with N in silver"))?,
            ),
            ["pass"] => Action::Pass,
            ["sell", "pawn"] => Action::SellPawn,
            ["keep", "pawn"] => Action::KeepPawn,
            ["move", ..] => {
                let name = t["move".len()..].trim();
                let city = state
                    .rules
                    .city_names
                    .iter()
                    .position(|c| c.to_ascii_lowercase() == name)
                    .ok_or_else(|| err(&format!("unknown city {name:?}")))?;
                Action::Move(city as u8)
            }
            [verb @ ("take" | "barter"), slot, ..] => {
                let slot = slot.trim_end_matches(':');
                let k = parse_num(slot, text)?;
                if k == 0 {
                    return Err(err("tiles are numbered from 1"));
                }
                Action::Take {
                    slot: k - 1,
                    barter: *verb == "barter",
                }
            }
            ["sell", k, g @ ..] => Action::Sell {
                n: parse_num(k, text)?,
                good: parse_good(&g.join(" "), text)?,
            },
            ["buy", k, g @ ..] => Action::Buy {
                n: parse_num(k, text)?,
                good: parse_good(&g.join(" "), text)?,
            },
            ["trade", k, give, "for", get] | ["trade", k, give, get] => Action::Trade {
                times: parse_num(k.trim_start_matches('x'), text)?,
                give: parse_good(give, text)?,
                get: parse_good(get, text)?,
            },
            ["swap", give, "for", get] | ["swap", give, get] => Action::Swap {
                give: parse_good(give, text)?,
                get: parse_good(get, text)?,
            },
            ["steal", s] => Action::Steal(parse_seat(s, n).ok_or_else(|| err("no such player"))?),
            ["vizier", g @ ..] => Action::Vizier(parse_good(&g.join(" "), text)?),
            ["reveal", k] => Action::Reveal(parse_num(k, text)?),
            ["decline"] | ["done"] | ["skip"] => Action::Decline,
            ["give", s] => Action::GivePawn(parse_seat(s, n).ok_or_else(|| err("no such player"))?),
            _ => return Err(err("not a Silk Road action (type `help` for the list)")),
        };
        Ok(a)
    }
}

/// Cost of buying `n` goods, or earnings of selling `n`, on a price ladder whose last price
/// repeats (Buyer 1, 2, 3, 4, 4…; Seller 4, 3, 2, 1, 1…).
pub fn ladder_total(prices: &[u8], n: u8) -> u32 {
    let last = prices.last().copied().unwrap_or(0) as u32;
    (0..n as usize)
        .map(|i| prices.get(i).map(|&p| p as u32).unwrap_or(last))
        .sum()
}
