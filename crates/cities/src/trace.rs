//! Open traces of Cities of the Silk Road games (see `silk_core::trace` and docs/traces.md):
//! the setup as the silk deck and the development deck in drawing order, the first player and,
//! under the random claim rule, each seat's region; each decision with its targets and amounts
//! by name. A deck reshuffled during play is its own `{"chance": {"shuffle": …, "order": …}}`
//! entry after the decision that emptied it.

use crate::action::Action;
use crate::data::{ClaimRule, Rules, MAX_DEV, MAX_SILK};
use crate::setup::{from_deal, Deal};
use crate::state::{Item, Res, Role, State, FINE, MAX_PLAYERS, NONE};
use crate::{Cities, CitiesConfig};
use serde_json::{json, Map, Value};
use silk_core::trace::json::{self as j, at};
use silk_core::{ChanceOutcome, Game, Seat, SilkRng, Traced};

pub use crate::state::{DEV_DECK, SILK_DECK};

fn silk_name(code: u8) -> String {
    match code {
        0 => "silk".into(),
        FINE => "fine silk".into(),
        k => format!("barbarians {}", k - 1),
    }
}

fn silk_from(v: &Value) -> Result<u8, String> {
    let name = v
        .as_str()
        .ok_or_else(|| format!("expected a silk card name, found {}", j::kind(v)))?;
    match name {
        "silk" => Ok(0),
        "fine silk" => Ok(FINE),
        _ => name
            .strip_prefix("barbarians ")
            .and_then(|k| k.parse::<u8>().ok())
            .filter(|k| (1..=crate::data::MAX_BARBARIAN).contains(k))
            .map(|k| k + 1)
            .ok_or_else(|| {
                format!("{name:?} is not a silk card (silk, fine silk, barbarians 1 to 4)")
            }),
    }
}

fn dev_name(r: &Rules, t: u8) -> Value {
    r.dev(t).map_or(Value::Null, |d| json!(d.name))
}

fn dev_from(r: &Rules, v: &Value) -> Result<u8, String> {
    let name = v
        .as_str()
        .ok_or_else(|| format!("expected a development card name, found {}", j::kind(v)))?;
    r.dev_by_name(name)
        .ok_or_else(|| format!("{name:?} is not a development card of the rules in force"))
}

fn region(r: &Rules, v: &Value, key: &str) -> Result<u8, String> {
    let name = j::text(v, key)?;
    r.region_by_name(name)
        .ok_or_else(|| format!("\"{key}\": {name:?} is not a region of the map in force"))
}

fn res(v: &Value, key: &str) -> Result<Res, String> {
    let names = Res::ALL.map(Res::name);
    j::name(v, key, &names).map(|i| Res::ALL[i])
}

fn role(v: &Value, key: &str) -> Result<Role, String> {
    let names = Role::ALL.map(Role::name);
    j::name(v, key, &names).map(|i| Role::ALL[i])
}

/// A deck stored top last, as a list in drawing order.
fn drawing_order<T>(stored: &[u8], name: impl Fn(u8) -> T) -> Vec<T> {
    stored.iter().rev().map(|&c| name(c)).collect()
}

fn setup_json(s: &State) -> Value {
    let r = &s.rules;
    let n = s.players();
    // The whole deal: cards drawn while setting up stay in the arrays above the decks' tops,
    // and setup never reshuffles, so the arrays hold the decks as dealt.
    let silk = drawing_order(&s.silk_deck[..r.silk_deck.len()], silk_name);
    let dev = drawing_order(&s.dev_deck[..r.dev_deck.len()], |t| dev_name(r, t));
    // The first player as dealt: round 1's `last_prev` is the seat before it.
    let first = s.last_prev.left(1, n);
    let mut v = json!({"first": first.index(), "silk_deck": silk, "development_deck": dev});
    if r.config.params.claim_rule == ClaimRule::Random {
        v["regions"] = s.cities[..n]
            .iter()
            .map(|c| json!(r.region_name(c.region)))
            .collect();
    }
    v
}

/// The cards `list` names (in drawing order) stored top last, checked to be `all` reordered.
fn deck_from<const N: usize>(
    list: &[Value],
    all: &[u8],
    key: &str,
    card: impl Fn(&Value) -> Result<u8, String>,
) -> Result<[u8; N], String> {
    let mut deck = [0u8; N];
    if list.len() != all.len() {
        return Err(format!(
            "\"{key}\": {} cards, the rules in force deal {}",
            list.len(),
            all.len()
        ));
    }
    for (i, c) in list.iter().enumerate() {
        deck[list.len() - 1 - i] = at(format!("{key}[{i}]"), card(c))?;
    }
    let (mut a, mut b) = (deck[..all.len()].to_vec(), all.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err(format!("\"{key}\": not the cards of the rules in force"));
    }
    Ok(deck)
}

fn setup_from_json(config: &CitiesConfig, v: &Value) -> Result<State, String> {
    // The config checked as any setup checks it (player count, data), then its rules.
    Cities::setup(config, 0).map_err(|e| e.to_string())?;
    let rules = crate::data::intern(config).map_err(|e| e.to_string())?;
    let n = rules.players;
    let first = j::seat(v, "first", n)?;
    let silk_deck = deck_from::<MAX_SILK>(
        j::list(v, "silk_deck")?,
        &rules.silk_deck,
        "silk_deck",
        silk_from,
    )?;
    let dev_deck = deck_from::<MAX_DEV>(
        j::list(v, "development_deck")?,
        &rules.dev_deck,
        "development_deck",
        |c| dev_from(rules, c),
    )?;
    let regions = match rules.config.params.claim_rule {
        ClaimRule::ReverseTurnOrder => None,
        ClaimRule::Random => {
            let list = j::list(v, "regions")?;
            if list.len() != n {
                return Err(format!(
                    "\"regions\": {} regions for {n} players",
                    list.len()
                ));
            }
            let mut regions = [NONE; MAX_PLAYERS];
            for (i, x) in list.iter().enumerate() {
                let name = at(
                    format!("regions[{i}]"),
                    x.as_str().ok_or("expected a region name".to_string()),
                )?;
                let g = rules.region_by_name(name).ok_or_else(|| {
                    format!("regions[{i}]: {name:?} is not a region of the map in force")
                })?;
                if regions.contains(&g) {
                    return Err(format!("regions[{i}]: {name} is claimed twice"));
                }
                regions[i] = g;
            }
            Some(regions)
        }
    };
    let deal = Deal {
        silk_deck,
        dev_deck,
        first,
        regions,
    };
    // Chance after setup comes from the trace, never from this RNG.
    let s = from_deal(rules, &deal, SilkRng::seed_from(0), &mut ());
    crate::invariants(&s)?;
    Ok(s)
}

fn item_json(r: &Rules, item: Item) -> Value {
    match item {
        Item::Res(x) => json!({"resource": x.name()}),
        Item::Citizen(x) => json!({"citizen": x.name()}),
        Item::Improvement(k) => json!({"improvement": r.improvement(k).map(|i| &i.name)}),
    }
}

fn item_from(r: &Rules, v: &Value) -> Result<Item, String> {
    let m = j::obj(v)?;
    if m.contains_key("resource") {
        Ok(Item::Res(res(v, "resource")?))
    } else if m.contains_key("citizen") {
        Ok(Item::Citizen(role(v, "citizen")?))
    } else {
        let name = j::text(v, "improvement")?;
        r.improvement_by_name(name)
            .map(Item::Improvement)
            .ok_or_else(|| {
                format!("\"improvement\": {name:?} is not an improvement of the rules in force")
            })
    }
}

fn action_json(s: &State, a: Action) -> Value {
    let r = &s.rules;
    let improvement = |k: u8| r.improvement(k).map(|i| i.name.clone());
    match a {
        Action::Claim(g) => json!({"kind": "claim", "region": r.region_name(g)}),
        Action::Bid(k) => json!({"kind": "bid", "amount": k}),
        Action::Pass => json!({"kind": "pass"}),
        Action::Assign { from, to } => {
            json!({"kind": "assign", "from": from.name(), "to": to.name()})
        }
        Action::Gather(x) => json!({"kind": "gather", "resource": x.name()}),
        Action::Build(k) => json!({"kind": "build", "improvement": improvement(k)}),
        Action::Grow => json!({"kind": "grow"}),
        Action::Buy { empire, slot } => {
            json!({"kind": "buy", "empire": r.empire_name(empire), "slot": slot})
        }
        Action::Sell { empire, res } => {
            json!({"kind": "sell", "empire": r.empire_name(empire), "resource": res.name()})
        }
        Action::Offer { to, res, price } => {
            json!({"kind": "offer", "to": to.index(), "resource": res.name(), "price": price})
        }
        Action::Attack { target, army } => {
            json!({"kind": "attack", "target": target.index(), "army": army})
        }
        Action::Play(t) => json!({"kind": "play", "card": dev_name(r, t)}),
        Action::EndTurn => json!({"kind": "end_turn"}),
        Action::Route(NONE) => json!({"kind": "route", "via": null}),
        Action::Route(g) => json!({"kind": "route", "via": r.region_name(g)}),
        Action::Accept => json!({"kind": "accept"}),
        Action::Refuse => json!({"kind": "refuse"}),
        Action::Demand(k) => json!({"kind": "demand", "toll": k}),
        Action::PayToll => json!({"kind": "pay_toll"}),
        Action::RefuseToll => json!({"kind": "refuse_toll"}),
        Action::Defend(k) => json!({"kind": "defend", "army": k}),
        Action::Keep => json!({"kind": "keep"}),
        Action::Fall(g) => json!({"kind": "fall", "to": r.region_name(g)}),
        Action::Lot(item) => json!({"kind": "lot", "item": item_json(r, item)}),
    }
}

fn action_from_json(s: &State, v: &Value) -> Result<Action, String> {
    let r = &s.rules;
    let n = s.players();
    let empire = |key: &str| {
        let name = j::text(v, key)?;
        r.empire_by_name(name)
            .ok_or_else(|| format!("\"{key}\": {name:?} is not an empire of the rules in force"))
    };
    Ok(match j::text(v, "kind")? {
        "claim" => Action::Claim(region(r, v, "region")?),
        "bid" => Action::Bid(j::uint(v, "amount", u16::MAX as u64)? as u16),
        "pass" => Action::Pass,
        "assign" => Action::Assign {
            from: role(v, "from")?,
            to: role(v, "to")?,
        },
        "gather" => Action::Gather(res(v, "resource")?),
        "build" => {
            let name = j::text(v, "improvement")?;
            Action::Build(r.improvement_by_name(name).ok_or_else(|| {
                format!("\"improvement\": {name:?} is not an improvement of the rules in force")
            })?)
        }
        "grow" => Action::Grow,
        "buy" => Action::Buy {
            empire: empire("empire")?,
            slot: j::small(v, "slot", crate::data::TRACK as u8 - 1)?,
        },
        "sell" => Action::Sell {
            empire: empire("empire")?,
            res: res(v, "resource")?,
        },
        "offer" => Action::Offer {
            to: j::seat(v, "to", n)?,
            res: res(v, "resource")?,
            price: j::small(v, "price", u8::MAX)?,
        },
        "attack" => Action::Attack {
            target: j::seat(v, "target", n)?,
            army: j::small(v, "army", u8::MAX)?,
        },
        "play" => Action::Play(at("card", dev_from(r, j::get(v, "card")?))?),
        "end_turn" => Action::EndTurn,
        "route" => match j::get(v, "via")? {
            Value::Null => Action::Route(NONE),
            _ => Action::Route(region(r, v, "via")?),
        },
        "accept" => Action::Accept,
        "refuse" => Action::Refuse,
        "demand" => Action::Demand(j::small(v, "toll", u8::MAX)?),
        "pay_toll" => Action::PayToll,
        "refuse_toll" => Action::RefuseToll,
        "defend" => Action::Defend(j::small(v, "army", u8::MAX)?),
        "keep" => Action::Keep,
        "fall" => Action::Fall(region(r, v, "to")?),
        "lot" => Action::Lot(at("item", item_from(r, j::get(v, "item")?))?),
        other => return Err(format!("unknown kind {other:?}")),
    })
}

impl Traced for Cities {
    fn setup_json(s: &State) -> Value {
        setup_json(s)
    }

    fn setup_from_json(config: &CitiesConfig, setup: &Value) -> Result<State, String> {
        setup_from_json(config, setup)
    }

    fn action_json(s: &State, _seat: Seat, action: Action) -> Value {
        action_json(s, action)
    }

    fn action_from_json(s: &State, _seat: Seat, action: &Value) -> Result<Action, String> {
        action_from_json(s, action)
    }

    /// A reshuffle as the deck's new order, by name, in drawing order.
    fn chance_json(s: &State, chance: &ChanceOutcome) -> Value {
        match chance {
            ChanceOutcome::Shuffle { what, items } if *what == SILK_DECK => {
                json!({"shuffle": what, "order": drawing_order(items, silk_name)})
            }
            ChanceOutcome::Shuffle { what, items } => {
                json!({"shuffle": what, "order": drawing_order(items, |t| dev_name(&s.rules, t))})
            }
            ChanceOutcome::Draw { what, kind } => json!({"draw": what, "drawn": kind}),
        }
    }

    fn chance_from_json(s: &State, v: &Value) -> Result<ChanceOutcome, String> {
        let what = j::text(v, "shuffle")?;
        let order = j::list(v, "order")?;
        let what = match what {
            SILK_DECK => SILK_DECK,
            DEV_DECK => DEV_DECK,
            other => {
                return Err(format!(
                    "\"shuffle\": {other:?} is not a deck of Cities ({SILK_DECK}, {DEV_DECK})"
                ))
            }
        };
        let mut items = Vec::with_capacity(order.len());
        for (i, c) in order.iter().enumerate().rev() {
            let card = if what == SILK_DECK {
                silk_from(c)
            } else {
                dev_from(&s.rules, c)
            };
            items.push(at(format!("order[{i}]"), card)?);
        }
        Ok(ChanceOutcome::Shuffle { what, items })
    }

    /// Who reached the target (none when the round cap stopped the game: then `"end"` is
    /// `"round_cap"` and `winners` are the most VP, then most coins, of gap 32), the coins that
    /// break ties, the rounds played.
    fn result_json(s: &State) -> Map<String, Value> {
        let mut m = Map::new();
        let n = s.players();
        m.insert("rounds".into(), json!(s.round));
        m.insert("winner".into(), json!(s.winner.map(|w| w.index())));
        m.insert("tie_break".into(), json!("coins"));
        m.insert(
            "coins".into(),
            json!(s.cities[..n].iter().map(|c| c.coins).collect::<Vec<_>>()),
        );
        m
    }
}
