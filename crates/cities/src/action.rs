//! Decisions and their human strings. Every string `to_text` writes, `parse` reads back.

use crate::state::{Item, Res, Role, State};
use serde::{Deserialize, Serialize};
use silk_core::{ParseActionError, Seat};

/// One decision of one seat. Four bytes, `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Setup: claim this region as your City-State.
    Claim(u8),
    /// An auction (barbarians in Soldiers, priority and collapse lots in coins).
    Bid(u16),
    Pass,
    /// Give an untapped citizen a new role.
    Assign {
        from: Role,
        to: Role,
    },
    /// Tap a Laborer for food or metal.
    Gather(Res),
    Build(u8),
    Grow,
    /// Tap a Merchant to buy the card on a slot of an empire's sell track.
    Buy {
        empire: u8,
        slot: u8,
    },
    /// Tap a Merchant to sell one card to an empire.
    Sell {
        empire: u8,
        res: Res,
    },
    /// Tap a Merchant to offer one card to another City-State for `price` coins.
    Offer {
        to: Seat,
        res: Res,
        price: u8,
    },
    /// Tap this many trained Soldiers and attack a City-State.
    Attack {
        target: Seat,
        army: u8,
    },
    /// Play a development card of this type.
    Play(u8),
    EndTurn,
    /// The mover's route: the cheapest (`NONE`) or through this waypoint region.
    Route(u8),
    /// The buyer's answer to an offer.
    Accept,
    Refuse,
    /// The toll an owner demands.
    Demand(u8),
    /// The mover's answer to a toll demand.
    PayToll,
    RefuseToll,
    /// The defender's army.
    Defend(u8),
    /// Rise and Fall.
    Keep,
    Fall(u8),
    /// The next item of a fallen city to auction.
    Lot(Item),
}

fn parse_seat(text: &str, n: usize) -> Option<Seat> {
    let k: usize = text.trim().trim_start_matches(['P', 'p']).parse().ok()?;
    (1..=n).contains(&k).then(|| Seat((k - 1) as u8))
}

fn num<T: std::str::FromStr>(t: &str, whole: &str) -> Result<T, ParseActionError> {
    t.parse()
        .map_err(|_| ParseActionError::new(whole, format!("expected a number, not {t:?}")))
}

fn item_text(s: &State, item: Item) -> String {
    match item {
        Item::Res(r) => r.name().to_string(),
        Item::Citizen(r) => r.name().to_string(),
        Item::Improvement(k) => s
            .rules
            .improvement(k)
            .map_or("?".into(), |i| i.name.to_ascii_lowercase()),
    }
}

impl Action {
    /// The action as a player says it.
    pub fn to_text(self, s: &State) -> String {
        let r = &s.rules;
        let lower = |t: &str| t.to_ascii_lowercase();
        match self {
            Action::Claim(g) => format!("claim {}", lower(r.region_name(g))),
            Action::Bid(k) => format!("bid {k}"),
            Action::Pass => "pass".into(),
            Action::Assign { from, to } => format!("assign {} to {}", from.name(), to.name()),
            Action::Gather(res) => format!("gather {}", res.name()),
            Action::Build(k) => format!(
                "build {}",
                r.improvement(k).map_or("?".into(), |i| lower(&i.name))
            ),
            Action::Grow => "grow".into(),
            Action::Buy { empire, slot } => {
                format!("buy {} {}", lower(r.empire_name(empire)), slot + 1)
            }
            Action::Sell { empire, res } => {
                format!("sell {} to {}", res.name(), lower(r.empire_name(empire)))
            }
            Action::Offer { to, res, price } => format!("offer {} to {to} for {price}", res.name()),
            Action::Attack { target, army } => format!("attack {target} with {army}"),
            Action::Play(t) => format!("play {}", r.dev(t).map_or("?".into(), |d| lower(&d.name))),
            Action::EndTurn => "end turn".into(),
            Action::Route(crate::state::NONE) => "route cheapest".into(),
            Action::Route(g) => format!("route via {}", lower(r.region_name(g))),
            Action::Accept => "accept".into(),
            Action::Refuse => "refuse".into(),
            Action::Demand(k) => format!("demand {k}"),
            Action::PayToll => "pay toll".into(),
            Action::RefuseToll => "refuse toll".into(),
            Action::Defend(k) => format!("defend with {k}"),
            Action::Keep => "keep".into(),
            Action::Fall(g) => format!("fall to {}", lower(r.region_name(g))),
            Action::Lot(item) => format!("auction {}", item_text(s, item)),
        }
    }

    /// Reads what `to_text` writes.
    pub fn parse(s: &State, text: &str) -> Result<Action, ParseActionError> {
        let t = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = t.split_whitespace().collect();
        let err = |why: &str| ParseActionError::new(text, why);
        let n = s.players();
        let r = &s.rules;
        let rest = |k: usize| words[k.min(words.len())..].join(" ");
        let region = |name: &str| {
            r.region_by_name(name)
                .ok_or_else(|| err(&format!("unknown region {name:?}")))
        };
        let empire = |name: &str| {
            r.empire_by_name(name)
                .ok_or_else(|| err(&format!("unknown empire {name:?}")))
        };
        let res = |name: &str| {
            Res::parse(name).ok_or_else(|| err("a resource is food, metal, silk or fine"))
        };
        let role = |name: &str| {
            Role::parse(name).ok_or_else(|| err("a role is merchant, laborer, soldier or recruit"))
        };
        let seat = |name: &str| parse_seat(name, n).ok_or_else(|| err("no such player"));
        let a = match words.as_slice() {
            ["claim", ..] => Action::Claim(region(&rest(1))?),
            ["bid", k] => Action::Bid(num(k, text)?),
            ["pass"] => Action::Pass,
            ["assign", from, "to", to] => Action::Assign {
                from: role(from)?,
                to: role(to)?,
            },
            ["gather", x] => Action::Gather(res(x)?),
            ["build", ..] => Action::Build(
                r.improvement_by_name(&rest(1))
                    .ok_or_else(|| err("unknown improvement"))?,
            ),
            ["grow"] => Action::Grow,
            ["buy", .., k] => Action::Buy {
                empire: empire(&words[1..words.len() - 1].join(" "))?,
                slot: num::<u8>(k, text)?
                    .checked_sub(1)
                    .ok_or_else(|| err("slots are numbered from 1"))?,
            },
            ["sell", x, "to", ..] => Action::Sell {
                res: res(x)?,
                empire: empire(&rest(3))?,
            },
            ["offer", x, "to", p, "for", k] => Action::Offer {
                res: res(x)?,
                to: seat(p)?,
                price: num(k, text)?,
            },
            ["attack", p, "with", k] => Action::Attack {
                target: seat(p)?,
                army: num(k, text)?,
            },
            ["play", ..] => Action::Play(
                r.dev_by_name(&rest(1))
                    .ok_or_else(|| err("unknown development card"))?,
            ),
            ["end", "turn"] | ["end"] | ["done"] => Action::EndTurn,
            ["route", "cheapest"] => Action::Route(crate::state::NONE),
            ["route", "via", ..] => Action::Route(region(&rest(2))?),
            ["accept"] => Action::Accept,
            ["refuse"] => Action::Refuse,
            ["demand", k] => Action::Demand(num(k, text)?),
            ["pay", "toll"] | ["pay"] => Action::PayToll,
            ["refuse", "toll"] => Action::RefuseToll,
            ["defend", "with", k] | ["defend", k] => Action::Defend(num(k, text)?),
            ["keep"] => Action::Keep,
            ["fall", "to", ..] => Action::Fall(region(&rest(2))?),
            ["auction", ..] => {
                let name = rest(1);
                let item = if let Some(x) = Res::parse(&name) {
                    Item::Res(x)
                } else if let Some(x) = Role::parse(&name).filter(|&x| x != Role::Recruit) {
                    Item::Citizen(x)
                } else if let Some(k) = r.improvement_by_name(&name) {
                    Item::Improvement(k)
                } else {
                    return Err(err("unknown item"));
                };
                Action::Lot(item)
            }
            _ => return Err(err("not a Cities of the Silk Road action")),
        };
        Ok(a)
    }
}
