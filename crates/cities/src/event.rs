//! What happened, for narration, logs and lab metrics.

use crate::state::{Item, Res, Role, State};
use serde::Serialize;
use silk_core::Seat;
use silk_trade::AuctionReport;

/// Why a development card was gained (for the lab's VP sources).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum DevSource {
    /// Won the barbarian auction.
    Barbarians,
    /// Won an attack.
    Attack,
    /// A Golden Age (gap 33, optional).
    GoldenAge,
}

impl DevSource {
    pub fn name(self) -> &'static str {
        match self {
            DevSource::Barbarians => "barbarians",
            DevSource::Attack => "attack",
            DevSource::GoldenAge => "golden_age",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Event {
    Claimed {
        seat: Seat,
        region: u8,
    },
    RoundStarted {
        round: u16,
    },
    Income {
        seat: Seat,
        coins: u16,
    },
    SilkFlipped {
        fine: bool,
        fell: u8,
    },
    SilkDeckEmpty,
    Reshuffled {
        cards: u8,
    },
    BarbariansCome {
        strength: u8,
        priority: Seat,
    },
    Bid {
        seat: Seat,
        amount: u16,
    },
    Passed {
        seat: Seat,
    },
    /// A sealed bid (or pass) is in; its amount is shown when all are.
    SealedBid {
        seat: Seat,
    },
    /// An auction closed (`point`: 0 barbarians, 1 priority, 2 a collapse lot): the lab's
    /// report of it. Silent: narration has the bids and the outcome.
    AuctionClosed {
        point: u8,
        report: AuctionReport,
    },
    /// Soldiers lost to the barbarians.
    SoldiersLost {
        seat: Seat,
        soldiers: u8,
    },
    BarbariansRepelled {
        winner: Option<Seat>,
        penalized: u8,
    },
    /// A development card gained; its type is seen only by the gainer.
    DevCard {
        seat: Seat,
        card: u8,
        source: DevSource,
    },
    NoDevCards {
        seat: Seat,
    },
    Priority {
        seat: Seat,
    },
    TurnStarted {
        seat: Seat,
    },
    Assigned {
        seat: Seat,
        from: Role,
        to: Role,
    },
    Gathered {
        seat: Seat,
        res: Res,
        amount: u16,
    },
    Built {
        seat: Seat,
        improvement: u8,
    },
    Grew {
        seat: Seat,
        food: u8,
    },
    Bought {
        seat: Seat,
        empire: u8,
        res: Res,
        price: u16,
        route: u16,
    },
    Sold {
        seat: Seat,
        empire: u8,
        res: Res,
        price: u16,
        route: u16,
    },
    Offered {
        seat: Seat,
        to: Seat,
        res: Res,
        price: u8,
    },
    OfferRefused {
        seat: Seat,
        to: Seat,
    },
    Delivered {
        seat: Seat,
        to: Seat,
        res: Res,
        price: u8,
        route: u16,
    },
    TollDemanded {
        owner: Seat,
        mover: Seat,
        amount: u8,
    },
    TollPaid {
        owner: Seat,
        mover: Seat,
        amount: u8,
    },
    TollRefused {
        owner: Seat,
        mover: Seat,
    },
    /// The mover's route went through this waypoint region (`route_rule = waypoint`).
    RouteVia {
        mover: Seat,
        via: u8,
    },
    Rerouted {
        mover: Seat,
    },
    MoveCancelled {
        mover: Seat,
    },
    Attacked {
        seat: Seat,
        target: Seat,
        army: u8,
        route: u16,
    },
    CardPlayed {
        seat: Seat,
        card: u8,
    },
    Fight {
        attacker: Seat,
        defender: Seat,
        atk: u8,
        def: u8,
        atk_lost: u8,
        def_lost: u8,
    },
    Plundered {
        seat: Seat,
        from: Seat,
        coins: u16,
    },
    ReservePaid {
        seat: Seat,
        to: Seat,
        coins: u16,
    },
    TurnEnded {
        seat: Seat,
    },
    Treasury {
        region: u8,
        coins: u16,
        returned: u16,
    },
    Kept {
        seat: Seat,
    },
    Fell {
        seat: Seat,
        from: u8,
        to: u8,
        coins: u16,
    },
    LotOffered {
        seat: Seat,
        item: Item,
    },
    LotWon {
        seat: Seat,
        item: Item,
        price: u16,
    },
    FreeLaborer {
        seat: Seat,
    },
    GameWon {
        seat: Seat,
        vp: u32,
    },
    GameOver {
        rounds: u16,
    },
}

// What the table hears of an auction, and the lab's report when one closes.
silk_trade::auction_events!(Event);

impl Event {
    /// The narration `viewer` may see (`None` = a public observer).
    pub fn text(&self, s: &State, viewer: Option<Seat>) -> Option<String> {
        let r = &s.rules;
        let region = |g: u8| r.region_name(g).to_string();
        let empire = |e: u8| r.empire_name(e).to_string();
        let item = |i: Item| match i {
            Item::Res(x) => x.name().to_string(),
            Item::Citizen(x) => x.name().to_string(),
            Item::Improvement(k) => r.improvement(k).map_or("?".into(), |d| d.name.clone()),
        };
        let dev = |t: u8| r.dev(t).map_or("?".into(), |d| d.name.clone());
        Some(match *self {
            Event::Claimed { seat, region: g } => format!("{seat} founds a City-State in {}", region(g)),
            Event::RoundStarted { round } => format!("— round {round} —"),
            Event::Income { seat, coins } => format!("{seat} collects {coins} coins"),
            Event::SilkFlipped { fine, fell } => format!(
                "China receives {} silk{}",
                if fine { "fine" } else { "standard" },
                if fell > 0 { format!(" ({fell} card(s) fall off)") } else { String::new() }
            ),
            Event::SilkDeckEmpty => "the silk deck is empty: no card this round".into(),
            Event::Reshuffled { cards } => format!("{cards} discards shuffled into a new silk deck"),
            Event::BarbariansCome { strength, priority } => {
                format!("barbarians of strength {strength}! {priority} opens the bidding in Soldiers")
            }
            Event::Bid { seat, amount } => format!("{seat} bids {amount}"),
            Event::SealedBid { seat } => format!("{seat} has bid (sealed)"),
            Event::AuctionClosed { .. } => return None,
            Event::Passed { seat } => format!("{seat} passes"),
            Event::SoldiersLost { seat, soldiers } => format!("{seat} loses {soldiers} Soldier(s)"),
            Event::BarbariansRepelled { winner, penalized } => match winner {
                Some(w) => format!("{w} drives the barbarians off; {penalized} player(s) pay more travel this round"),
                None => "nobody faces the barbarians: everyone pays more travel this round".into(),
            },
            Event::DevCard { seat, card, .. } => {
                if viewer == Some(seat) {
                    format!("{seat} gains a development card: {}", dev(card))
                } else {
                    format!("{seat} gains a development card")
                }
            }
            Event::NoDevCards { seat } => format!("no development card left for {seat}"),
            Event::Priority { seat } => format!("{seat} has priority"),
            Event::TurnStarted { seat } => format!("{seat}'s turn"),
            Event::Assigned { seat, from, to } => format!("{seat} makes a {} a {}", from.name(), to.name()),
            Event::Gathered { seat, res, amount } => format!("{seat} gathers {amount} {}", res.name()),
            Event::Built { seat, improvement } => format!(
                "{seat} builds a {}",
                r.improvement(improvement).map_or("?", |d| d.name.as_str())
            ),
            Event::Grew { seat, food } => format!("{seat} grows a Laborer for {food} food"),
            Event::Bought { seat, empire: e, res, price, route } => format!(
                "{seat} buys {} from {} for {price} (+{route} travel)",
                res.name(),
                empire(e)
            ),
            Event::Sold { seat, empire: e, res, price, route } => format!(
                "{seat} sells {} to {} for {price} (-{route} travel)",
                res.name(),
                empire(e)
            ),
            Event::Offered { seat, to, res, price } => {
                format!("{seat} offers {} to {to} for {price}", res.name())
            }
            Event::OfferRefused { seat, to } => format!("{to} refuses {seat}'s offer"),
            Event::Delivered { seat, to, res, price, route } => format!(
                "{seat} sells {} to {to} for {price} (-{route} travel)",
                res.name()
            ),
            Event::TollDemanded { owner, mover, amount } => format!("{owner} demands a toll of {amount} from {mover}"),
            Event::TollPaid { owner, mover, amount } => format!("{mover} pays {owner} a toll of {amount}"),
            Event::TollRefused { owner, mover } => format!("{mover} refuses {owner}'s toll"),
            Event::RouteVia { mover, via } => {
                format!("{mover} goes by way of {}", s.rules.region_name(via))
            }
            Event::Rerouted { mover } => format!("{mover} takes another route"),
            Event::MoveCancelled { mover } => format!("{mover} calls the move off"),
            Event::Attacked { seat, target, army, route } => {
                format!("{seat} attacks {target} with {army} Soldier(s) (-{route} travel)")
            }
            Event::CardPlayed { seat, card } => format!("{seat} plays {}", dev(card)),
            Event::Fight { attacker, defender, atk, def, atk_lost, def_lost } => format!(
                "battle: {attacker} strength {atk} against {defender} strength {def}; {attacker} loses {atk_lost}, {defender} loses {def_lost}"
            ),
            Event::Plundered { seat, from, coins } => format!("{seat} plunders {coins} coins from {from}"),
            Event::ReservePaid { seat, to, coins } => format!("{seat} pays its reserve of {coins} to {to}"),
            Event::TurnEnded { seat } => format!("{seat} ends the turn"),
            Event::Treasury { region: g, coins, returned } => format!(
                "{coins} coins go to the treasury of {}{}",
                region(g),
                if returned > 0 { format!(" ({returned} return to the bank)") } else { String::new() }
            ),
            Event::Kept { seat } => format!("{seat} keeps its City-State"),
            Event::Fell { seat, from, to, coins } => format!(
                "{seat}'s City-State in {} falls; a new one rises in {} with a Golden Age of {coins} coins",
                region(from),
                region(to)
            ),
            Event::LotOffered { seat, item: i } => format!("{seat} puts up {} for auction", item(i)),
            Event::LotWon { seat, item: i, price } => format!("{seat} takes the {} for {price}", item(i)),
            Event::FreeLaborer { seat } => format!("{seat}'s empty city gains a Laborer"),
            Event::GameWon { seat, vp } => format!("{seat} reveals {vp} victory points and wins"),
            Event::GameOver { rounds } => format!("round {rounds} is over: the game ends"),
        })
    }
}
