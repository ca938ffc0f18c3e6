//! Small rules of the economy: what improvements add up to, growth cost and gather yield, the
//! storage cap, which cards an empire trades, where a city may rise, and Golden Age coins.

use crate::data::{ImprovementEffect, Resource};
use crate::state::{Item, Res, Role, State, FINE, FOOD_CARD, METAL_CARD, STANDARD};
use silk_core::Seat;
use silk_trade::track::TrackCard;

pub(super) fn improvement_sum(
    s: &State,
    seat: Seat,
    f: impl Fn(ImprovementEffect) -> Option<u32>,
) -> u32 {
    let c = s.city(seat);
    s.rules
        .config
        .improvements
        .iter()
        .enumerate()
        .filter(|(k, _)| c.has_improvement(*k as u8))
        .filter_map(|(_, im)| f(im.effect))
        .sum()
}

pub(super) fn has_barracks(s: &State, seat: Seat) -> bool {
    improvement_sum(s, seat, |e| {
        (e == ImprovementEffect::NoTraining).then_some(1)
    }) > 0
}

/// Gap 13: what the Walls of `seat` add to its defence.
pub fn walls(s: &State, seat: Seat) -> u32 {
    improvement_sum(s, seat, |e| match e {
        ImprovementEffect::DefenceBonus(d) => Some(d as u32),
        _ => None,
    })
}

/// Design, Grow: 1 food for 0–2 citizens, 2 for 3–5, 3 for 6–8, 4 for 9+; gap 13 Granary.
pub fn growth_cost(s: &State, seat: Seat) -> u32 {
    let base: u32 = match s.city(seat).citizens() {
        0..=2 => 1,
        3..=5 => 2,
        6..=8 => 3,
        _ => 4,
    };
    let d = improvement_sum(s, seat, |e| match e {
        ImprovementEffect::GrowthDiscount(d) => Some(d as u32),
        _ => None,
    });
    base.saturating_sub(d).max(1)
}

/// Design, Gather: a food region gives 2 food or 1 metal per Laborer, a metal region 1 or 2;
/// plus the Workshop (once a round, specialty) and a played Bountiful Harvest.
pub fn gather_yield(s: &State, seat: Seat, res: Res) -> (u32, bool) {
    let c = s.city(seat);
    let food_region = s.rules.is_food_region(c.region);
    let specialty = if food_region { Res::Food } else { Res::Metal };
    let mut amount = if res == specialty { 2 } else { 1 };
    let mut workshop = false;
    if res == specialty && !c.workshop_used {
        let b = improvement_sum(s, seat, |e| match e {
            ImprovementEffect::GatherBonus(b) => Some(b as u32),
            _ => None,
        });
        if b > 0 {
            amount += b;
            workshop = true;
        }
    }
    (amount + c.gather_boost as u32, workshop)
}

pub(super) fn cap(s: &State) -> u32 {
    match s.rules.config.params.store_cap {
        0 => u32::MAX,
        k => k as u32,
    }
}

/// Gap 31: gains beyond `store_cap` are lost (silk to the discard); with no cap (0), every
/// card gained is kept (issue 30: the counts are wide enough for any game).
pub(super) fn gain(s: &mut State, seat: Seat, res: Res, k: u32) {
    let cap = cap(s);
    let have = s.city(seat).has(res);
    let keep = k.min(cap.saturating_sub(have));
    s.city_mut(seat).add_res(res, keep);
    let lost = (k - keep) as u8;
    match res {
        Res::Silk => s.silk_discard[STANDARD as usize] += lost,
        Res::Fine => s.silk_discard[FINE as usize] += lost,
        _ => {}
    }
}

pub(super) fn card_res(id: u8) -> Res {
    match id {
        FINE => Res::Fine,
        FOOD_CARD => Res::Food,
        METAL_CARD => Res::Metal,
        _ => Res::Silk,
    }
}

pub(super) fn res_card(res: Res) -> TrackCard {
    match res {
        Res::Food => TrackCard::single(FOOD_CARD),
        Res::Metal => TrackCard::single(METAL_CARD),
        Res::Silk => TrackCard::single(STANDARD),
        Res::Fine => TrackCard::double(FINE),
    }
}

pub(super) fn buys_res(s: &State, empire: u8, res: Res) -> bool {
    match s.rules.empires.get(empire as usize).and_then(|e| e.buys) {
        Some((Resource::Silk, _)) => matches!(res, Res::Silk | Res::Fine),
        Some((Resource::Food, _)) => res == Res::Food,
        Some((Resource::Metal, _)) => res == Res::Metal,
        None => false,
    }
}

/// Gap 25: a rising player may settle any region neither claimed nor collapsed, other than the
/// one just abandoned; its own old collapse token is returned first.
pub(super) fn may_rise_to(s: &State, seat: Seat, r: u8) -> bool {
    (r as usize) < s.rules.map.len()
        && s.owner(r).is_none()
        && r != s.city(seat).region
        && !s.cities[..s.players()]
            .iter()
            .enumerate()
            .any(|(i, c)| c.fallen == r && i != seat.index())
}

/// Golden Age coins (Design, Phase 4): 1 per food or metal, 2 per citizen or silk, 3 per fine
/// silk, each improvement's value, plus the Palace's fall coins.
pub fn golden_age(s: &State, seat: Seat) -> u32 {
    let c = s.city(seat);
    let mut g: u32 = Res::ALL
        .iter()
        .map(|&r| c.has(r) * ga_value(s, Item::Res(r)))
        .sum();
    g += c.citizens() * ga_value(s, Item::Citizen(Role::Merchant));
    for k in 0..s.rules.config.improvements.len() as u8 {
        if c.has_improvement(k) {
            g += ga_value(s, Item::Improvement(k));
            if let ImprovementEffect::FallCoins(x) = s.rules.config.improvements[k as usize].effect
            {
                g += x as u32;
            }
        }
    }
    g
}

/// What one item of a city pays in a Golden Age (Design, Phase 4): the value of a collapse
/// lot's item to its buyer, for the lab's auction surplus.
pub fn ga_value(s: &State, item: Item) -> u32 {
    match item {
        Item::Res(Res::Food | Res::Metal) => 1,
        Item::Res(Res::Silk) | Item::Citizen(_) => 2,
        Item::Res(Res::Fine) => 3,
        Item::Improvement(k) => s
            .rules
            .config
            .improvements
            .get(k as usize)
            .map_or(0, |im| im.ga as u32),
    }
}
