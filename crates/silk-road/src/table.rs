//! The table helper: runs the public flow of a physical Silk Road game — leader auction, the
//! holder's choice, the caravan's move, the market order, Grand Vizier reveals and the final
//! count — from what players say aloud. Coins and goods stay behind the real shields: the
//! helper never knows them, so it checks only what the rules let it check.
//!
//! The helper is a pure state machine over [`Entry`]s; the CLI adds prompts and the journal.
//! It uses the engine's own pieces: silk-trade's once-around auction and Grand Vizier payout,
//! [`crate::market`] for the market order and [`crate::scoring`] for the final count.

use crate::data::{intern, Rules, SilkRoadConfig};
use crate::goods::{Good, Goods};
use crate::market::{self, AfterTurn};
use crate::scoring::{rank, score_holdings, Score};
use crate::state::MAX_PLAYERS;
use serde::{Deserialize, Serialize};
use silk_core::{Seat, SeatSet, MAX_SEATS};
use silk_trade::auction::{vizier_payout, Bid, OnceAround, Prizes, Sealed};

/// What the helper knows of a bidder's purse: nothing. Bids are capped only by honesty.
const UNKNOWN_BUDGET: u32 = 100_000;

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
    holdings: [Option<(u32, Goods)>; MAX_PLAYERS],
    /// Accepted entries, in order (the journal without undos).
    pub entries: Vec<Entry>,
    /// The final count once everyone's holdings are in.
    pub result: Option<(Vec<Score>, Vec<u8>)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TableError(pub String);

fn err<T>(m: impl Into<String>) -> Result<T, TableError> {
    Err(TableError(m.into()))
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
        let rules = intern(&config).map_err(|e| TableError(e.to_string()))?;
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
            entries: Vec::new(),
            result: None,
        })
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

    /// The question of the moment.
    pub fn prompt(&self) -> Prompt {
        let names = |set: SeatSet| {
            set.iter()
                .map(|s| self.name(s).to_string())
                .collect::<Vec<_>>()
        };
        match self.step {
            Step::FirstLeader => Prompt {
                who: None,
                question: "Who holds the leader pawn first? (name or number)".into(),
                choices: self.names.clone(),
            },
            Step::Auction(a) => {
                let seat = a.next_bidder().unwrap_or(self.holder);
                let high = match a.high() {
                    Some(b) => format!("high bid {} by {}", b.amount, self.name(b.seat)),
                    None => "no bid yet".into(),
                };
                Prompt {
                    who: Some(seat),
                    question: format!(
                        "Leader auction for {}'s pawn ({high}). {}: bid at least {} (never more than you own), or pass",
                        self.name(self.holder),
                        self.name(seat),
                        a.min_next_bid()
                    ),
                    choices: vec![format!("{}", a.min_next_bid()), "pass".into()],
                }
            }
            Step::HolderChoice(b) => Prompt {
                who: Some(self.holder),
                question: format!(
                    "{}: sell the pawn to {} for {} (they pay you), or keep it and pay {} {}?",
                    self.name(self.holder),
                    self.name(b.seat),
                    b.amount,
                    self.name(b.seat),
                    b.amount
                ),
                choices: vec!["sell".into(), "keep".into()],
            },
            Step::Move => Prompt {
                who: Some(self.holder),
                question: format!(
                    "{} moves the caravan from {}{}",
                    self.name(self.holder),
                    self.city,
                    if self.any_city {
                        " (name any city)".to_string()
                    } else {
                        format!(" to: {}", self.next_cities().join(" or "))
                    }
                ),
                choices: self.next_cities(),
            },
            Step::Take { actor, second } => {
                let mut choices = vec![
                    "tile".into(),
                    "vizier".into(),
                    "crook".into(),
                    "barterer".into(),
                ];
                if !second && self.can_barter(actor).is_ok() {
                    choices.push("barter tile".into());
                }
                Prompt {
                    who: Some(actor),
                    question: format!(
                        "{} takes {}tile in {} ({} left): a tile used at once, a grand vizier, a crook or a barterer{}",
                        self.name(actor),
                        if second { "a second " } else { "a " },
                        self.city,
                        self.tiles_left,
                        if choices.len() > 4 { "; `barter …` uses a Barterer to take two" } else { "" }
                    ),
                    choices,
                }
            }
            Step::Call { actor, .. } => Prompt {
                who: Some(actor),
                question: format!("{} calls the Grand Vizier on which good?", self.name(actor)),
                choices: self
                    .callable()
                    .iter()
                    .map(|g| g.name().to_string())
                    .collect(),
            },
            Step::Reveal { good, sealed, .. } => Prompt {
                who: None,
                question: format!(
                    "Everyone reveals {good} at once. Enter `name count` for: {}",
                    names(sealed.to_move()).join(", ")
                ),
                choices: Vec::new(),
            },
            Step::PassPawn { actor, targets } => Prompt {
                who: Some(actor),
                question: format!(
                    "{} passes the pawn to: {}",
                    self.name(actor),
                    names(targets).join(" or ")
                ),
                choices: names(targets),
            },
            Step::GivePawn { actor, holders } => Prompt {
                who: Some(actor),
                question: format!(
                    "Market over. {} chooses who holds the pawn: {}",
                    self.name(actor),
                    names(holders).join(" or ")
                ),
                choices: names(holders),
            },
            Step::Scoring => {
                let missing: Vec<String> = (0..self.players())
                    .filter(|&i| self.holdings[i].is_none())
                    .map(|i| self.names[i].clone())
                    .collect();
                Prompt {
                    who: None,
                    question: format!(
                        "Final count. Enter `name gold silver ivory silk fruits jewels spices` for: {}",
                        missing.join(", ")
                    ),
                    choices: Vec::new(),
                }
            }
            Step::Done => Prompt {
                who: None,
                question: "The game is over.".into(),
                choices: Vec::new(),
            },
        }
    }

    fn callable(&self) -> Vec<Good> {
        let allowed = if self.vizier_used == 0b11111 {
            0b11111
        } else {
            !self.vizier_used & 0b11111
        };
        Good::ALL
            .into_iter()
            .filter(|g| allowed & (1 << g.index()) != 0)
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
        Ok(())
    }

    /// Reads what a person typed at the current step.
    pub fn parse(&self, text: &str) -> Result<Entry, TableError> {
        let t = text.trim();
        let lower = t.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match self.step {
            Step::FirstLeader => Ok(Entry::FirstLeader(self.seat_named(t)?)),
            Step::Auction(_) => match words.as_slice() {
                ["pass"] | ["p"] | ["0"] => Ok(Entry::Pass),
                ["bid", k] | [k] => k.parse().map(Entry::Bid).map_err(|_| {
                    TableError(format!("{t:?} is not a bid: type a number or `pass`"))
                }),
                _ => err(format!("{t:?} is not a bid: type a number or `pass`")),
            },
            Step::HolderChoice(_) => match words.as_slice() {
                ["sell"] | ["s"] => Ok(Entry::Sell),
                ["keep"] | ["k"] => Ok(Entry::Keep),
                _ => err("answer `sell` or `keep`"),
            },
            Step::Move => Ok(Entry::Move(t.to_string())),
            Step::Take { .. } => {
                let (barter, rest) = match words.as_slice() {
                    ["barter", rest @ ..] => (true, rest.join(" ")),
                    rest => (false, rest.join(" ")),
                };
                let tile = match rest.as_str() {
                    "" | "tile" | "t" | "other" => Taken::Tile,
                    "vizier" | "grand vizier" | "v" | "gv" => Taken::GrandVizier,
                    "crook" | "c" => Taken::Crook,
                    "barterer" | "b" => Taken::Barterer,
                    other => {
                        return err(format!(
                            "{other:?}: say `tile`, `vizier`, `crook` or `barterer` (with `barter` first to use a Barterer)"
                        ))
                    }
                };
                Ok(Entry::Take { tile, barter })
            }
            Step::Call { .. } => Good::parse(t).map(Entry::Call).ok_or_else(|| {
                TableError(format!(
                    "{t:?} is not a good (ivory, silk, fruits, jewels, spices)"
                ))
            }),
            Step::Reveal { .. } => match words.as_slice() {
                [name @ .., count] if !name.is_empty() => {
                    let seat = self.seat_named(&name.join(" "))?;
                    let count = count
                        .parse()
                        .map_err(|_| TableError(format!("{count:?} is not a count")))?;
                    Ok(Entry::Reveal { seat, count })
                }
                _ => err("type `name count`, e.g. `Ana 2`"),
            },
            Step::PassPawn { .. } | Step::GivePawn { .. } => Ok(Entry::Give(self.seat_named(t)?)),
            Step::Scoring => {
                let (name, nums) = match words.as_slice() {
                    [name @ .., a, b, c, d, e, f, g] if !name.is_empty() => {
                        (name.join(" "), [*a, *b, *c, *d, *e, *f, *g])
                    }
                    _ => return err("type `name gold silver ivory silk fruits jewels spices`, e.g. `Ana 1 5 0 2 1 0 3`"),
                };
                let seat = self.seat_named(&name)?;
                let mut v = [0u32; 7];
                for (x, s) in v.iter_mut().zip(nums) {
                    *x = s
                        .parse()
                        .map_err(|_| TableError(format!("{s:?} is not a number")))?;
                }
                let mut goods = Goods::default();
                for (k, g) in Good::ALL.into_iter().enumerate() {
                    let c = u8::try_from(v[2 + k])
                        .map_err(|_| TableError(format!("{} {g} is too many", v[2 + k])))?;
                    goods.add(g, c);
                }
                Ok(Entry::Holdings {
                    seat,
                    gold: v[0],
                    silver: v[1],
                    goods,
                })
            }
            Step::Done => err("the game is over"),
        }
    }

    /// Applies an entry; returns what to announce. On error the table is unchanged.
    pub fn apply(&mut self, entry: Entry) -> Result<Vec<String>, TableError> {
        let mut next = self.clone();
        let said = next.apply_inner(&entry)?;
        next.entries.push(entry);
        *self = next;
        Ok(said)
    }

    fn apply_inner(&mut self, entry: &Entry) -> Result<Vec<String>, TableError> {
        let mut say = Vec::new();
        match (self.step, entry) {
            (Step::FirstLeader, Entry::FirstLeader(seat)) => {
                if seat.index() >= self.players() {
                    return err("no such player");
                }
                self.holder = *seat;
                self.open_auction(&mut say);
            }
            (Step::Auction(mut a), Entry::Bid(k)) => {
                let seat = a.next_bidder().unwrap_or(self.holder);
                a.bid(seat, *k).map_err(|e| TableError(e.to_string()))?;
                say.push(format!("{} bids {k}", self.name(seat)));
                self.after_bid(a, &mut say);
            }
            (Step::Auction(mut a), Entry::Pass) => {
                let seat = a.next_bidder().unwrap_or(self.holder);
                a.pass(seat).map_err(|e| TableError(e.to_string()))?;
                say.push(format!("{} passes", self.name(seat)));
                self.after_bid(a, &mut say);
            }
            (Step::HolderChoice(b), Entry::Sell) => {
                say.push(format!(
                    "{} pays {} {} and takes the pawn and the turn tokens",
                    self.name(b.seat),
                    self.name(self.holder),
                    b.amount
                ));
                self.holder = b.seat;
                self.step = Step::Move;
            }
            (Step::HolderChoice(b), Entry::Keep) => {
                say.push(format!(
                    "{} pays {} {} and keeps the pawn",
                    self.name(self.holder),
                    self.name(b.seat),
                    b.amount
                ));
                self.step = Step::Move;
            }
            (Step::Move, Entry::Move(name)) => self.move_to(name, &mut say)?,
            (Step::Take { actor, second }, Entry::Take { tile, barter }) => {
                let i = actor.index();
                if *barter {
                    if second {
                        return err("this is already the second tile of a Barterer");
                    }
                    self.can_barter(actor)?;
                    self.barterers[i] -= 1;
                }
                if self.tiles_left == 0 {
                    return err(format!("no tiles are left in {}", self.city));
                }
                self.tiles_left -= 1;
                self.tokens[i] += 1;
                say.push(format!(
                    "{} takes {}{}",
                    self.name(actor),
                    match tile {
                        Taken::Tile => "a tile",
                        Taken::GrandVizier => "the Grand Vizier",
                        Taken::Crook => "a Crook (kept in front of the screen)",
                        Taken::Barterer => "a Barterer (usable from the next city)",
                    },
                    if *barter {
                        ", using a Barterer: a second tile follows"
                    } else {
                        ""
                    }
                ));
                match tile {
                    Taken::Crook => self.crooks[i] += 1,
                    Taken::Barterer => {
                        self.barterers[i] += 1;
                        self.fresh_barterers[i] += 1;
                    }
                    _ => {}
                }
                if *tile == Taken::GrandVizier {
                    self.step = Step::Call {
                        actor,
                        barter: *barter,
                    };
                } else {
                    self.after_turn(actor, *barter, &mut say);
                }
            }
            (Step::Call { actor, barter }, Entry::Call(good)) => {
                if !self.callable().contains(good) {
                    return err(format!("a Grand Vizier has already called {good}"));
                }
                if self.vizier_used != 0b11111 {
                    self.vizier_used |= 1 << good.index();
                }
                let n = self.players();
                let most = self.rules.config.params.goods_per_colour as u32;
                let sealed = Sealed::new(SeatSet::full(n), &[most; MAX_SEATS][..n])
                    .map_err(|e| TableError(e.to_string()))?;
                say.push(format!(
                    "{} calls {good}: everyone show your {good} at once, then enter the counts",
                    self.name(actor)
                ));
                self.step = Step::Reveal {
                    actor,
                    good: *good,
                    sealed,
                    barter,
                };
            }
            (
                Step::Reveal {
                    actor,
                    good,
                    mut sealed,
                    barter,
                },
                Entry::Reveal { seat, count },
            ) => {
                if sealed.committed(*seat).is_some() {
                    return err(format!("{} has already revealed", self.name(*seat)));
                }
                if seat.index() >= self.players() {
                    return err("no such player");
                }
                sealed
                    .commit(*seat, *count as u32)
                    .map_err(|_| TableError(format!("{count} is more {good} than the game has")))?;
                say.push(format!("{} shows {count} {good}", self.name(*seat)));
                if !sealed.is_done() {
                    self.step = Step::Reveal {
                        actor,
                        good,
                        sealed,
                        barter,
                    };
                    return Ok(say);
                }
                let amounts = sealed.amounts().map_err(|e| TableError(e.to_string()))?;
                let p = &self.rules.config.params;
                let pay = vizier_payout(
                    &amounts,
                    sealed.seats(),
                    Prizes {
                        first: p.vizier_prizes[0],
                        second: p.vizier_prizes[1],
                    },
                    p.vizier_zero_places,
                );
                let winners: Vec<String> = sealed
                    .seats()
                    .iter()
                    .filter(|s| pay[s.index()] > 0)
                    .map(|s| format!("{} takes {} silver", self.name(s), pay[s.index()]))
                    .collect();
                say.push(if winners.is_empty() {
                    "Nobody showed any: nobody is paid".into()
                } else {
                    format!("Grand Vizier on {good}: {}", winners.join(", "))
                });
                self.after_turn(actor, barter, &mut say);
            }
            (Step::PassPawn { actor, targets }, Entry::Give(to)) => {
                if !targets.contains(*to) {
                    return err(format!(
                        "the pawn cannot go to {}: they have had their turn",
                        self.name(*to)
                    ));
                }
                say.push(format!(
                    "{} passes the pawn to {}",
                    self.name(actor),
                    self.name(*to)
                ));
                self.holder = *to;
                self.step = Step::Take {
                    actor: *to,
                    second: false,
                };
            }
            (Step::GivePawn { actor, holders }, Entry::Give(to)) => {
                if !holders.contains(*to) {
                    return err(format!(
                        "the pawn must go to a player who did not act, not {}",
                        self.name(*to)
                    ));
                }
                say.push(format!(
                    "{} gives the pawn to {}",
                    self.name(actor),
                    self.name(*to)
                ));
                self.holder = *to;
                self.open_auction(&mut say);
            }
            (step, Entry::Count) => {
                if matches!(step, Step::Scoring | Step::Done) {
                    return err("the count has already started");
                }
                say.push("Final count".into());
                self.step = Step::Scoring;
            }
            (
                Step::Scoring,
                Entry::Holdings {
                    seat,
                    gold,
                    silver,
                    goods,
                },
            ) => {
                let i = seat.index();
                if i >= self.players() {
                    return err("no such player");
                }
                let money = gold
                    .checked_mul(silk_trade::SILVER_PER_GOLD)
                    .and_then(|g| g.checked_add(*silver))
                    .filter(|&m| m <= MAX_MONEY)
                    .ok_or_else(|| {
                        TableError(format!(
                            "{gold} gold and {silver} silver is more money than a game holds"
                        ))
                    })?;
                self.holdings[i] = Some((money, *goods));
                if self.holdings[..self.players()].iter().all(Option::is_some) {
                    self.finish(&mut say);
                }
            }
            (_, e) => {
                return err(format!(
                    "{} is not expected now: {}",
                    entry_name(e),
                    self.prompt().question
                ))
            }
        }
        Ok(say)
    }

    fn open_auction(&mut self, say: &mut Vec<String>) {
        let n = self.players();
        self.round += 1;
        match OnceAround::around(
            self.holder,
            n,
            &[UNKNOWN_BUDGET; MAX_SEATS][..n],
            self.rules.config.params.min_bid,
        ) {
            Ok(a) => {
                say.push(format!(
                    "{} holds the leader pawn: bidding opens",
                    self.name(self.holder)
                ));
                self.step = Step::Auction(a);
            }
            Err(_) => self.step = Step::Move,
        }
    }

    fn after_bid(&mut self, a: OnceAround, say: &mut Vec<String>) {
        self.step = if !a.is_done() {
            Step::Auction(a)
        } else if let Some(high) = a.high() {
            Step::HolderChoice(high)
        } else {
            say.push(format!(
                "Nobody bids: {} keeps the pawn",
                self.name(self.holder)
            ));
            Step::Move
        };
    }

    fn move_to(&mut self, name: &str, say: &mut Vec<String>) -> Result<(), TableError> {
        let r = self.rules;
        let known = r
            .city_names
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name.trim()));
        let city = if self.any_city {
            known.map(|c| c as u8)
        } else {
            let c = known.ok_or_else(|| {
                TableError(format!(
                    "no city called {name:?} on the map (use --any-city to name any)"
                ))
            })? as u8;
            let here = self.caravan.unwrap_or(r.start);
            if !r.succ[here as usize].contains(&c) {
                return err(format!(
                    "the caravan cannot go from {} to {}: choose {}",
                    self.city,
                    r.name(c),
                    self.next_cities().join(" or ")
                ));
            }
            Some(c)
        };
        self.caravan = city;
        self.city = city
            .map(|c| r.name(c).to_string())
            .unwrap_or_else(|| name.trim().to_string());
        say.push(format!(
            "{} moves the caravan to {}",
            self.name(self.holder),
            self.city
        ));
        if city == Some(r.end) {
            say.push("The caravan has reached the end: the game is over. Time to count.".into());
            self.step = Step::Scoring;
            return Ok(());
        }
        self.tokens = [0; MAX_PLAYERS];
        self.fresh_barterers = [0; MAX_PLAYERS];
        self.tiles_left = r.tiles_per_city;
        if let Some(b) = city.and_then(|c| r.bonus[c as usize]) {
            say.push(format!(
                "{}: {} may first use the printed bonus ({})",
                self.city,
                self.name(self.holder),
                r.kind(b).label()
            ));
        }
        self.step = Step::Take {
            actor: self.holder,
            second: false,
        };
        Ok(())
    }

    fn after_turn(&mut self, actor: Seat, barter: bool, say: &mut Vec<String>) {
        if barter {
            self.step = Step::Take {
                actor,
                second: true,
            };
            return;
        }
        let n = self.players();
        match market::after_turn(&self.tokens[..n], self.tiles_left as usize, actor) {
            AfterTurn::PassTo(to) => {
                say.push(format!(
                    "{} passes the pawn to {} (the only one who may act)",
                    self.name(actor),
                    self.name(to)
                ));
                self.holder = to;
                self.step = Step::Take {
                    actor: to,
                    second: false,
                };
            }
            AfterTurn::ChoosePass(targets) => self.step = Step::PassPawn { actor, targets },
            AfterTurn::ChooseHolder(holders) => self.step = Step::GivePawn { actor, holders },
            AfterTurn::HeldBy(to) => {
                say.push(format!(
                    "Market over: {} holds the pawn for the next auction",
                    self.name(to)
                ));
                self.holder = to;
                self.open_auction(say);
            }
        }
    }

    fn finish(&mut self, say: &mut Vec<String>) {
        let n = self.players();
        let money: Vec<u32> = self.holdings[..n]
            .iter()
            .map(|h| h.map(|x| x.0).unwrap_or(0))
            .collect();
        let goods: Vec<Goods> = self.holdings[..n]
            .iter()
            .map(|h| h.map(|x| x.1).unwrap_or_default())
            .collect();
        let scores = score_holdings(&money, &goods, self.rules.config.params.majority_bonus);
        let outcome = rank(&scores[..n], self.rules.config.params.tie_break);
        for g in Good::ALL {
            match crate::scoring::sole_majority(&goods, g) {
                Some(i) => say.push(format!(
                    "Most {g}: {} (+{})",
                    self.names[i], self.rules.config.params.majority_bonus
                )),
                None => say.push(format!("Most {g}: tied or nobody — no bonus")),
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (outcome.ranks[i], i));
        for i in order {
            let s = scores[i];
            say.push(format!(
                "{}. {}: {} (money {}, goods {}, majorities {})",
                outcome.ranks[i] + 1,
                self.names[i],
                s.total,
                s.money,
                s.goods,
                s.majorities
            ));
        }
        self.result = Some((scores[..n].to_vec(), outcome.ranks));
        self.step = Step::Done;
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

fn entry_name(e: &Entry) -> &'static str {
    match e {
        Entry::FirstLeader(_) => "naming the first leader",
        Entry::Bid(_) => "a bid",
        Entry::Pass => "a pass",
        Entry::Sell | Entry::Keep => "selling or keeping the pawn",
        Entry::Move(_) => "a move",
        Entry::Take { .. } => "taking a tile",
        Entry::Call(_) => "calling a good",
        Entry::Reveal { .. } => "a reveal",
        Entry::Give(_) => "giving the pawn",
        Entry::Holdings { .. } => "a final count",
        Entry::Count => "the count",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(names: &[&str]) -> Table {
        let config = SilkRoadConfig::new(names.len());
        Table::new(
            names.iter().map(|s| s.to_string()).collect(),
            &config,
            false,
        )
        .unwrap()
    }

    fn say(t: &mut Table, text: &str) -> Vec<String> {
        let e = t.parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        t.apply(e).unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    /// The helper can always be driven to the end by taking the first offered answer, through
    /// every market, and its count ranks the players.
    #[test]
    fn a_whole_game_runs_to_the_count() {
        for names in [
            &["A", "B", "C"][..],
            &["A", "B", "C", "D"],
            &["A", "B", "C", "D", "E", "F"],
        ] {
            let mut t = table(names);
            let mut guard = 0;
            while t.step != Step::Scoring {
                let p = t.prompt();
                let answer = match t.step {
                    Step::Reveal { sealed, .. } => {
                        format!("{} 1", t.name(sealed.to_move().first().unwrap()))
                    }
                    _ => p.choices.first().cloned().unwrap_or_else(|| "pass".into()),
                };
                say(&mut t, &answer);
                guard += 1;
                assert!(guard < 2000, "the table never reached the end");
            }
            for (i, n) in names.iter().enumerate() {
                say(&mut t, &format!("{n} 1 {} 0 0 0 0 {i}", i));
            }
            let (scores, ranks) = t.result.clone().unwrap();
            assert_eq!(t.step, Step::Done);
            assert_eq!(scores.len(), names.len());
            // The last player has the most money and the sole majority of spices.
            assert_eq!(ranks[names.len() - 1], 0);
        }
    }

    /// Rules summary: tied firsts all get 5 and there is no second; a single first gets 5 and
    /// all those tied for second get 3.
    #[test]
    fn vizier_round_announces_winners_with_the_tie_rules() {
        let mut t = table(&["Ana", "Ben", "Cleo", "Dev"]);
        for x in [
            "Ana", "pass", "pass", "pass", "Lanzhou", "vizier", "silk", "Ana 3", "Ben 1", "Cleo 1",
        ] {
            say(&mut t, x);
        }
        let said = say(&mut t, "Dev 0");
        let line = said.iter().find(|l| l.starts_with("Grand Vizier")).unwrap();
        assert_eq!(
            line,
            "Grand Vizier on silk: Ana takes 5 silver, Ben takes 3 silver, Cleo takes 3 silver"
        );
        // Silk cannot be called again.
        let mut t2 = t.clone();
        t2.step = Step::Call {
            actor: Seat(1),
            barter: false,
        };
        assert!(t2.parse("silk").and_then(|e| t2.apply(e)).is_err());
    }

    /// Rules summary: the leader must move along an arrow; bids must overbid.
    #[test]
    fn bad_entries_are_refused_and_change_nothing() {
        let mut t = table(&["Ana", "Ben", "Cleo", "Dev"]);
        say(&mut t, "Ana");
        say(&mut t, "3");
        let before = t.entries.clone();
        let e = t.parse("2").unwrap();
        assert!(t.apply(e).unwrap_err().to_string().contains("too low"));
        assert_eq!(t.entries, before);
        assert!(t
            .seat_named("Zed")
            .unwrap_err()
            .to_string()
            .contains("no player called"));
        say(&mut t, "pass");
        say(&mut t, "pass");
        say(&mut t, "keep");
        let e = t.parse("Tyre").unwrap();
        assert!(t
            .apply(e)
            .unwrap_err()
            .to_string()
            .contains("cannot go from Chang'An to Tyre"));
    }

    /// Rules summary (3 players): each plays twice; the one who played once ends with the pawn.
    #[test]
    fn three_player_market_ends_with_the_single_actor() {
        let mut t = table(&["A", "B", "C"]);
        for x in [
            "A", "pass", "pass", "Lanzhou", "tile", "B", "tile", "A", "tile", "B", "tile",
        ] {
            say(&mut t, x);
        }
        // A and B have acted twice: C gets the pawn automatically, takes the last tile...
        assert_eq!(
            t.step,
            Step::Take {
                actor: Seat(2),
                second: false
            }
        );
        let said = say(&mut t, "tile");
        assert!(
            said.iter().any(|l| l.contains("C holds the pawn")),
            "{said:?}"
        );
    }

    /// Project decision gap 10: a Barterer cannot be used where it was taken; later it takes two
    /// tiles and the last actor chooses who of those who did not act gets the pawn.
    #[test]
    fn barterer_flow() {
        let mut t = table(&["A", "B", "C", "D"]);
        for x in ["A", "pass", "pass", "pass", "Lanzhou", "barterer"] {
            say(&mut t, x);
        }
        say(&mut t, "B");
        assert!(
            t.parse("barter tile").and_then(|e| t.apply(e)).is_err(),
            "B has no Barterer"
        );
        for x in ["tile", "C", "tile"] {
            say(&mut t, x);
        }
        // D did not act in Lanzhou and holds the pawn. At Yumen D leads, then A uses the
        // Barterer for the two remaining tiles.
        assert_eq!(t.holder, Seat(3));
        for x in [
            "pass",
            "pass",
            "pass",
            "Yumen",
            "tile",
            "A",
            "barter tile",
            "tile",
        ] {
            say(&mut t, x);
        }
        // B and C did not act: A, the last actor, chooses.
        assert!(
            matches!(t.step, Step::GivePawn { actor: Seat(0), .. }),
            "{:?}",
            t.step
        );
        assert!(t.parse("D").and_then(|e| t.apply(e)).is_err(), "D acted");
        say(&mut t, "C");
        assert_eq!(t.holder, Seat(2));
    }
}
