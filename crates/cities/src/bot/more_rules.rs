//! The decisions the heuristic never took before issue 33 (`silk coverage cities` showed them
//! unused): offering cards to other City-States, asking a toll above the region's cost and
//! refusing one it cannot afford, the gather card, laying off a citizen the city no longer
//! needs in its role. Each stays a move a player trying to win would make.

use super::{move_cost, soldier_target, Weights};
use crate::engine::{buy_price, growth_cost, plan, travel};
use crate::state::{Move, MoveKind, Phase, Res, Role, State};
use silk_core::Seat;

/// What the bot's own accept rule pays at most for a card it is short of.
const FAIR_PRICE: u8 = 3;

/// Whether city `to` is short of `res` as the bot judges its own needs (food for the next
/// growth, metal for a first Soldier): such a city may buy it at a fair price.
pub(super) fn short_of(s: &State, to: Seat, res: Res) -> bool {
    let c = s.city(to);
    match res {
        Res::Food => c.food < growth_cost(s, to),
        Res::Metal => c.metal == 0,
        _ => false,
    }
}

/// Offering one card to another City-State: a surplus food or metal card, at the fair price,
/// to a city short of it, when the price less the route beats selling it to an empire (which
/// the bot values at `empire_net`, or nothing when no empire buys it).
pub(super) fn offer_value(
    s: &State,
    seat: Seat,
    (to, res, price): (Seat, Res, u8),
    w: &Weights,
) -> f32 {
    let c = s.city(seat);
    let keep = match res {
        Res::Food => growth_cost(s, seat) + 1,
        Res::Metal => 1,
        _ => return -3.0,
    };
    if price != FAIR_PRICE || c.has(res) <= keep || !short_of(s, to, res) {
        return -3.0;
    }
    let Some(route) = move_cost(s, seat, MoveKind::Deliver { to, res, price }) else {
        return -3.0;
    };
    let net = price as f32 - route as f32;
    if net >= 1.0 {
        net * 0.7 * w.trade
    } else {
        -3.0
    }
}

/// The toll an owner demands of a mover crossing its city: the region's cost, 1 more of a
/// mover with 8 coins, 2 more of one with 16 (a mover asked too much may go round, which
/// earns nothing).
pub(super) fn demand_value(s: &State, min: u8, k: u8) -> f32 {
    let Phase::Toll { mv, .. } = s.phase else {
        return -(k.saturating_sub(min) as f32);
    };
    let coins = s.city(mv.mover).coins;
    match k.saturating_sub(min) {
        0 => 0.0,
        1 if coins >= 8 => 0.5,
        2 if coins >= 16 => 0.7,
        more => -(more as f32),
    }
}

/// Paying a demanded toll: 1 over the region's cost, and 1 more for each 20 coins the mover
/// holds, while it keeps 4 coins. Asked more, it refuses only when another route avoiding the
/// city is open and affordable (so a refusal never ends in a cancelled move it would start
/// again); otherwise it pays.
pub(super) fn pay_toll_value(s: &State, mv: &Move, at: u8, demand: u8) -> f32 {
    let region = mv.path[at as usize];
    let min = travel(s, mv.mover, region) as f32;
    let coins = s.city(mv.mover).coins;
    let tolerance = 1.0 + (coins / 20) as f32;
    let left = coins as f32 - demand as f32;
    if demand as f32 <= min + tolerance && left >= 4.0 {
        return 1.0;
    }
    // Once per move: a move already rerouted pays, so two toll cities cannot bounce it.
    if mv.avoid != 0 {
        return 1.0;
    }
    let price = match mv.kind {
        MoveKind::Buy { empire, slot } => buy_price(s, empire, slot).unwrap_or(99),
        _ => 0,
    };
    let around = plan(s, mv.mover, mv.kind, 1 << region).map(|alt| {
        (1..alt.len as usize)
            .map(|k| travel(s, mv.mover, alt.path[k]) + alt.tolls[k] as u32)
            .sum::<u32>()
    });
    match around {
        Some(cost) if cost + price + 4 <= coins as u32 => -1.0,
        _ => 1.0,
    }
}

/// The gather card (your next gather yields more) is worth playing just before a gather: with
/// an untapped Laborer, ahead of the gather itself.
pub(super) fn gather_card_value(s: &State, seat: Seat) -> f32 {
    let c = s.city(seat);
    // Ahead of any gather (worth about 1.6 for 2 food).
    if c.laborers[0] > 0 && c.gather_boost == 0 {
        3.0
    } else {
        -1.0
    }
}

/// The travel card (travel ignored for the rest of the round) is worth playing before the
/// round's routes, not after them: with an untapped Merchant, ahead of most trades.
pub(super) fn travel_card_value(s: &State, seat: Seat) -> f32 {
    if s.city(seat).merchants[0] > 0 {
        2.5
    } else {
        -1.0
    }
}

/// Reassignments the balanced rule leaves out: a Soldier beyond the army wanted, or a Merchant
/// beyond those kept, goes back to work as a Laborer when the city has few (a food pays).
pub(super) fn to_laborer_value(s: &State, seat: Seat, from: Role, w: &Weights) -> f32 {
    let c = s.city(seat);
    let laborers = c.laborers[0] + c.laborers[1];
    if laborers >= 3 || c.food < 2 {
        return -5.0;
    }
    let merchants = c.merchants[0] + c.merchants[1];
    let spare = match from {
        Role::Soldier => c.all_soldiers() > soldier_target(s, seat, w) + 1,
        // A city with no Laborer neither gathers nor builds: a second Merchant goes back.
        Role::Merchant => merchants > w.merchants.into() || (merchants >= 2 && laborers == 0),
        _ => false,
    };
    match (spare, laborers) {
        (true, 0) => 2.5,
        (true, _) => 1.5,
        _ => -5.0,
    }
}
