//! Open traces of Silk Road games (see `silk_core::trace` and docs/traces.md): the setup as the
//! tiles on each city, the goods each player drew, the bag and the first leader; each decision
//! with its goods, counts, cities and tiles by name. The one draw of chance after setup, the
//! good a Thief steals, is its own `{"chance": {"draw": "thief", "good": …}}` entry.

use crate::action::Action;
use crate::data::{Colour, Rules, MAX_TILES_PER_CITY};
use crate::goods::{Good, Goods};
use crate::setup::auction_for;
use crate::state::{State, NO_TILE};
use crate::{SilkRoad, SilkRoadConfig};
use serde_json::{json, Map, Value};
use silk_core::trace::json::{self as j, at};
use silk_core::{ChanceOutcome, Game, Seat, Traced};

/// The draw of the good a Thief steals.
pub const THIEF: &str = "thief";

const GOODS: [&str; 5] = ["ivory", "silk", "fruits", "jewels", "spices"];

fn good(v: &Value, key: &str) -> Result<Good, String> {
    j::name(v, key, &GOODS).map(|i| Good::ALL[i])
}

fn tile_label(r: &Rules, t: u8) -> Value {
    r.kinds
        .get(t as usize)
        .map_or(Value::Null, |k| json!(k.label()))
}

fn tile_from(r: &Rules, v: &Value) -> Result<u8, String> {
    let label = v
        .as_str()
        .ok_or_else(|| format!("expected a tile name, found {}", j::kind(v)))?;
    r.kinds
        .iter()
        .position(|k| k.label() == label)
        .map(|k| k as u8)
        .ok_or_else(|| format!("{label:?} is not a tile of the rules in force"))
}

fn city_from(r: &Rules, name: &str) -> Result<u8, String> {
    r.city(name)
        .ok_or_else(|| format!("{name:?} is not a city of the map in force"))
}

fn setup_json(s: &State) -> Value {
    let r = &s.rules;
    let n = s.players();
    let mut tiles = Map::new();
    for (c, row) in s.tiles.iter().enumerate().take(r.city_names.len()) {
        if row.iter().any(|&t| t != NO_TILE) {
            let labels: Vec<Value> = row[..r.tiles_per_city as usize]
                .iter()
                .map(|&t| tile_label(r, t))
                .collect();
            tiles.insert(r.name(c as u8).into(), Value::Array(labels));
        }
    }
    json!({
        "first_leader": s.holder.index(),
        "money": s.money[..n],
        "goods": s.goods[..n].iter().map(|g| j::counts_json(&g.0, &GOODS)).collect::<Vec<_>>(),
        "bag": j::counts_json(&s.bag.0, &GOODS),
        "tiles": tiles,
    })
}

fn setup_from_json(config: &SilkRoadConfig, v: &Value) -> Result<State, String> {
    // Money and the bank as any setup makes them; the rest from the trace.
    let mut s = SilkRoad::setup(config, 0).map_err(|e| e.to_string())?;
    let r = s.rules.0;
    let n = s.players();
    s.holder = j::seat(v, "first_leader", n)?;
    let money = j::list(v, "money")?;
    if money.len() != n
        || money
            .iter()
            .zip(&s.money)
            .any(|(m, &ours)| m.as_u64() != Some(ours as u64))
    {
        return Err(format!(
            "\"money\": each of the {n} players starts with {} silver in the rules in force",
            s.money[0]
        ));
    }
    let goods = j::list(v, "goods")?;
    if goods.len() != n {
        return Err(format!("\"goods\": {} players, not {n}", goods.len()));
    }
    for (i, g) in goods.iter().enumerate() {
        let drawn = Goods(at(format!("goods[{i}]"), j::as_counts(g, &GOODS))?);
        if drawn.total() != s.goods[i].total() {
            return Err(format!(
                "goods[{i}]: each player starts with {} goods in the rules in force",
                s.goods[i].total()
            ));
        }
        s.goods[i] = drawn;
    }
    s.bag = Goods(j::counts(v, "bag", &GOODS)?);
    // The tiles: each city's from the pool of its back, no Crook or Barterer where restricted.
    let mut left = [r.orange.clone(), r.purple.clone()];
    s.tiles = [[NO_TILE; MAX_TILES_PER_CITY]; crate::data::MAX_CITIES];
    for (name, row) in j::obj(j::get(v, "tiles")?)? {
        let place = format!("tiles.{name}");
        let c = at(&place, city_from(r, name))? as usize;
        let row = row
            .as_array()
            .ok_or_else(|| format!("{place}: expected a list"))?;
        if row.len() > r.tiles_per_city as usize {
            return Err(format!("{place}: at most {} tiles", r.tiles_per_city));
        }
        let pool = match r.back[c] {
            Colour::Orange => 0,
            Colour::Purple => 1,
            Colour::None => return Err(format!("{place}: {name} takes no tiles")),
        };
        for (slot, t) in row.iter().enumerate() {
            if t.is_null() {
                continue;
            }
            let t = at(format!("{place}[{slot}]"), tile_from(r, t))?;
            let k = left[pool].iter().position(|&x| x == t).ok_or_else(|| {
                format!(
                    "{place}[{slot}]: more {} tiles than the box holds",
                    r.kind(t).label()
                )
            })?;
            left[pool].swap_remove(k);
            if r.restricted[c] && r.kind(t).is_crook_or_barterer() {
                return Err(format!(
                    "{place}[{slot}]: {name} may hold no Crook or Barterer"
                ));
            }
            s.tiles[c][slot] = t;
        }
    }
    s.phase = auction_for(&s);
    crate::invariants(&s)?;
    Ok(s)
}

fn action_json(s: &State, a: Action) -> Value {
    let r = &s.rules;
    match a {
        Action::Bid(k) => json!({"kind": "bid", "silver": k}),
        Action::Pass => json!({"kind": "pass"}),
        Action::SellPawn => json!({"kind": "sell_pawn"}),
        Action::KeepPawn => json!({"kind": "keep_pawn"}),
        Action::Move(c) => json!({"kind": "move", "to": r.name(c)}),
        Action::Take { slot, barter } => {
            let tile = s.tiles[s.caravan as usize]
                .get(slot as usize)
                .map_or(Value::Null, |&t| tile_label(r, t));
            json!({"kind": "take", "slot": slot, "tile": tile, "barter": barter})
        }
        Action::Sell { good, n } => json!({"kind": "sell", "good": good.name(), "count": n}),
        Action::Buy { good, n } => json!({"kind": "buy", "good": good.name(), "count": n}),
        Action::Trade { times, give, get } => {
            json!({"kind": "trade", "times": times, "give": give.name(), "get": get.name()})
        }
        Action::Swap { give, get } => {
            json!({"kind": "swap", "give": give.name(), "get": get.name()})
        }
        Action::Steal(v) => json!({"kind": "steal", "victim": v.index()}),
        Action::Vizier(g) => json!({"kind": "vizier", "good": g.name()}),
        Action::Reveal(k) => json!({"kind": "reveal", "count": k}),
        Action::Decline => json!({"kind": "decline"}),
        Action::GivePawn(to) => json!({"kind": "give_pawn", "to": to.index()}),
    }
}

fn action_from_json(s: &State, v: &Value) -> Result<Action, String> {
    let r = &s.rules;
    let n = s.players();
    Ok(match j::text(v, "kind")? {
        "bid" => Action::Bid(j::uint(v, "silver", u16::MAX as u64)? as u16),
        "pass" => Action::Pass,
        "sell_pawn" => Action::SellPawn,
        "keep_pawn" => Action::KeepPawn,
        "move" => Action::Move(city_from(r, j::text(v, "to")?)?),
        "take" => {
            let slot = j::small(v, "slot", MAX_TILES_PER_CITY as u8 - 1)?;
            if let Some(given) = v.get("tile") {
                let ours = s.tiles[s.caravan as usize][slot as usize];
                if tile_label(r, ours) != *given {
                    return Err(format!(
                        "\"tile\": slot {slot} of {} holds {}, not {given}",
                        r.name(s.caravan),
                        tile_label(r, ours)
                    ));
                }
            }
            Action::Take {
                slot,
                barter: j::flag(v, "barter", false)?,
            }
        }
        "sell" => Action::Sell {
            good: good(v, "good")?,
            n: j::small(v, "count", u8::MAX)?,
        },
        "buy" => Action::Buy {
            good: good(v, "good")?,
            n: j::small(v, "count", u8::MAX)?,
        },
        "trade" => Action::Trade {
            times: j::small(v, "times", u8::MAX)?,
            give: good(v, "give")?,
            get: good(v, "get")?,
        },
        "swap" => Action::Swap {
            give: good(v, "give")?,
            get: good(v, "get")?,
        },
        "steal" => Action::Steal(j::seat(v, "victim", n)?),
        "vizier" => Action::Vizier(good(v, "good")?),
        "reveal" => Action::Reveal(j::small(v, "count", u8::MAX)?),
        "decline" => Action::Decline,
        "give_pawn" => Action::GivePawn(j::seat(v, "to", n)?),
        other => return Err(format!("unknown kind {other:?}")),
    })
}

impl Traced for SilkRoad {
    fn setup_json(s: &State) -> Value {
        setup_json(s)
    }

    fn setup_from_json(config: &SilkRoadConfig, setup: &Value) -> Result<State, String> {
        setup_from_json(config, setup)
    }

    fn action_json(s: &State, _seat: Seat, action: Action) -> Value {
        action_json(s, action)
    }

    fn action_from_json(s: &State, _seat: Seat, action: &Value) -> Result<Action, String> {
        action_from_json(s, action)
    }

    fn chance_json(_: &State, chance: &ChanceOutcome) -> Value {
        match chance {
            ChanceOutcome::Draw { what, kind } => {
                json!({"draw": what, "good": GOODS.get(*kind as usize)})
            }
            ChanceOutcome::Shuffle { what, items } => json!({"shuffle": what, "order": items}),
        }
    }

    fn chance_from_json(_: &State, v: &Value) -> Result<ChanceOutcome, String> {
        if j::text(v, "draw")? != THIEF {
            return Err(format!(
                "the only draw of chance in Silk Road is \"{THIEF}\""
            ));
        }
        Ok(ChanceOutcome::Draw {
            what: THIEF,
            kind: j::name(v, "good", &GOODS)? as u8,
        })
    }

    /// Each player's score broken down (money, goods, majorities) and the tie-break rule.
    fn result_json(s: &State) -> Map<String, Value> {
        let mut m = Map::new();
        let scores = crate::scoring::scores(s);
        m.insert("breakdown".into(), json!(scores[..s.players()]));
        m.insert("tie_break".into(), json!(s.rules.config.params.tie_break));
        m.insert("cities".into(), json!(s.round));
        m
    }
}
