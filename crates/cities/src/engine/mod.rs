//! The sequence of play: Phase 1 Replenish, Phase 2 Action, Phase 4 Rise and Fall.
//!
//! `legal` lists the candidates of a phase that `check` accepts, so the two never disagree;
//! `check` says why a decision is refused; `perform` carries out a checked decision (it cannot
//! fail, so the state is changed in place). Rules are cited as "Design" (the text by Brian
//! Stepnitz, shared/seeds/002) and "gap N" / "ambiguity N" (shared/rules/cities-of-the-silk-road.md).

use crate::action::Action;
use crate::data::{
    DevEffect, FineRule, ImprovementEffect, PrioritySnapshot, RouteRule, TollPolicy,
};
use crate::event::{DevSource, Event};
use crate::state::{BarbBidding, Item, Lot, Move, MoveKind, Phase, Role, State, MAX_PLAYERS, NONE};
use silk_core::{EventSink, IllegalAction, Seat, SeatSet, ToMove};
use silk_trade::auction::{OpenAscending, Payment};

mod route;

pub use route::{buy_price, plan, plan_via, route_option, route_payment, travel};
use route::{
    extra_cost, fine_price, is_toll, payments, plan_with, target_of, toll_at, Costs, Planned,
    RouteChoices,
};

mod economy;

use economy::{card_res, gain, has_barracks, improvement_sum, res_card};
pub use economy::{gather_yield, golden_age, growth_cost};

mod legal;

pub use legal::{legal, legal_by_check};

mod check;

pub use check::{check, phase_name};

mod perform;

pub use perform::apply;
use perform::{bank_pays, budgets, pay_bank, transfer};

mod replenish;

pub use replenish::{draw_dev, start_round};

/// Most citizens a city can hold whatever `pop_cap` says: the board's counters are bytes.
pub const MAX_CITIZENS: u32 = 60;
/// Highest price a player may ask another for one card (keeps the offer list short).
pub const MAX_OFFER: u8 = 10;
/// Cost of a region a route may not enter (refused toll, full of stacks).
const BLOCKED: u32 = 10_000;

type Res2<T> = Result<T, IllegalAction>;

fn bad<T>(m: impl Into<String>) -> Res2<T> {
    Err(IllegalAction::Rule(m.into()))
}

// ---------------------------------------------------------------------------------------------
// Whose decision

pub fn to_move(s: &State) -> ToMove {
    let seat = match s.phase {
        Phase::Claim { seat, .. } => Some(seat),
        Phase::Barbarians { bidding, .. } => match bidding {
            BarbBidding::Open(a) => a.to_move(),
            BarbBidding::Once { auction, .. } => auction.next_bidder(),
        },
        Phase::Priority { auction, .. } | Phase::LotAuction { auction, .. } => auction.to_move(),
        Phase::Turn | Phase::RiseFall | Phase::Lot { .. } => Some(s.actor),
        Phase::Offer { mv } => match mv.kind {
            MoveKind::Deliver { to, .. } => Some(to),
            _ => Some(mv.mover),
        },
        Phase::Toll { mv, at } => s.owner(mv.path[at as usize]),
        Phase::TollAnswer { mv, .. } | Phase::Route { mv } => Some(mv.mover),
        Phase::Combat {
            mv, defender_turn, ..
        } => Some(if defender_turn {
            defender(mv)
        } else {
            mv.mover
        }),
        Phase::Defend { mv, .. } => Some(defender(mv)),
        Phase::Over => None,
    };
    seat.map_or(ToMove::Terminal, ToMove::Seat)
}

fn defender(mv: Move) -> Seat {
    match mv.kind {
        MoveKind::Attack { target, .. } => target,
        _ => mv.mover,
    }
}

// ---------------------------------------------------------------------------------------------
// Phase 2 Action

fn start_phase2(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    if s.round == 1 {
        // Design: "Skip this step during the first round": the random first player starts.
        let first = s.first;
        begin_turns(s, first, ev);
        return;
    }
    let coins = match s.rules.config.params.priority_snapshot {
        PrioritySnapshot::BeforeIncome => s.snapshot,
        PrioritySnapshot::Phase2Start => {
            let mut c = [0u16; MAX_PLAYERS];
            for (k, city) in c.iter_mut().zip(&s.cities[..n]) {
                *k = city.coins;
            }
            c
        }
    };
    let most = coins[..n].iter().copied().max().unwrap_or(0);
    if most == 0 {
        // Design: with no coins at all, the player who went last gets priority.
        let last = s.last_prev;
        begin_turns(s, last, ev);
        return;
    }
    let tied: SeatSet = Seat::all(n).filter(|t| coins[t.index()] == most).collect();
    if tied.len() == 1 {
        let first = tied.first().unwrap_or(s.last_prev);
        begin_turns(s, first, ev);
        return;
    }
    // Gap 19: an open ascending auction among the tied, from the left of last round's last player.
    let start = (1..=n)
        .map(|k| s.last_prev.left(k, n))
        .find(|t| tied.contains(*t))
        .unwrap_or(s.last_prev);
    let b = budgets(s, |c| c.coins as u32);
    match OpenAscending::new(tied, start, &b, 1, Payment::WinnerPaysBank) {
        Ok(auction) => s.phase = Phase::Priority { auction, start },
        Err(_) => begin_turns(s, start, ev),
    }
}

fn begin_turns(s: &mut State, first: Seat, ev: &mut impl EventSink<Event>) {
    s.first = first;
    s.actor = first;
    s.left = (s.players() - 1) as u8;
    s.offered = SeatSet::EMPTY;
    s.phase = Phase::Turn;
    ev.emit(Event::Priority { seat: first });
    ev.emit(Event::TurnStarted { seat: first });
}

fn turn_action(
    s: &mut State,
    seat: Seat,
    a: Action,
    planned: Option<Planned>,
    ev: &mut impl EventSink<Event>,
) {
    let n = s.players();
    let p = &s.rules.config.params;
    match a {
        Action::EndTurn => {
            ev.emit(Event::TurnEnded { seat });
            if s.left == 0 {
                start_phase4(s, ev);
            } else {
                s.left -= 1;
                s.actor = seat.left(1, n);
                s.offered = SeatSet::EMPTY;
                ev.emit(Event::TurnStarted { seat: s.actor });
            }
        }
        Action::Assign { from, to } => {
            let barracks = has_barracks(s, seat);
            let taps = p.assign_taps;
            let c = s.city_mut(seat);
            c.roles_mut(from)[0] -= 1;
            // Design: a Laborer costs 1 food, a Merchant 1 coin, a Soldier 1 metal.
            match to {
                Role::Merchant => {
                    c.coins -= 1;
                    s.issued -= 1;
                }
                Role::Laborer => c.food -= 1,
                Role::Soldier | Role::Recruit => c.metal -= 1,
            }
            let c = s.city_mut(seat);
            // Design: a new Soldier trains until next round (gap 13: not with Barracks).
            let dest = if to == Role::Soldier && !barracks {
                Role::Recruit
            } else {
                to
            };
            c.roles_mut(dest)[taps as usize] += 1;
            ev.emit(Event::Assigned { seat, from, to });
        }
        Action::Gather(res) => {
            let (amount, workshop) = gather_yield(s, seat, res);
            let c = s.city_mut(seat);
            c.laborers[0] -= 1;
            c.laborers[1] += 1;
            c.gather_boost = 0;
            if workshop {
                c.workshop_used = true;
            }
            gain(s, seat, res, amount);
            ev.emit(Event::Gathered {
                seat,
                res,
                amount: amount as u8,
            });
        }
        Action::Build(k) => {
            if let Some(im) = s.rules.improvement(k) {
                let (f, m, co) = (im.cost.food, im.cost.metal, im.cost.coins);
                let c = s.city_mut(seat);
                c.food -= f;
                c.metal -= m;
                c.coins -= co as u16;
                c.improvements |= 1 << k;
                s.issued -= co as i32;
                ev.emit(Event::Built {
                    seat,
                    improvement: k,
                });
            }
        }
        Action::Grow => {
            let cost = growth_cost(s, seat) as u8;
            let c = s.city_mut(seat);
            c.food -= cost;
            c.laborers[0] += 1;
            s.citizens_born += 1;
            ev.emit(Event::Grew { seat, food: cost });
        }
        Action::Buy { empire, slot } => {
            start_move(s, seat, MoveKind::Buy { empire, slot }, planned, ev)
        }
        Action::Sell { empire, res } => {
            start_move(s, seat, MoveKind::Sell { empire, res }, planned, ev)
        }
        Action::Offer { to, res, price } => {
            s.offered.insert(to);
            ev.emit(Event::Offered {
                seat,
                to,
                res,
                price,
            });
            start_move(s, seat, MoveKind::Deliver { to, res, price }, planned, ev)
        }
        Action::Attack { target, army } => {
            start_move(s, seat, MoveKind::Attack { target, army }, planned, ev)
        }
        Action::Play(t) => {
            let k = play_card(s, seat, t, ev);
            let effect = s.rules.dev(t).map(|d| d.effect);
            let c = s.city_mut(seat);
            match effect {
                Some(DevEffect::IgnoreTravel(_)) => {
                    c.travel_credit = c.travel_credit.saturating_add(k)
                }
                Some(DevEffect::GatherBonus(_)) => {
                    c.gather_boost = c.gather_boost.saturating_add(k)
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// Plays (reveals and discards) a development card; returns its amount.
fn play_card(s: &mut State, seat: Seat, t: u8, ev: &mut impl EventSink<Event>) -> u8 {
    s.city_mut(seat).dev[t as usize] -= 1;
    s.dev_used[t as usize] += 1;
    ev.emit(Event::CardPlayed { seat, card: t });
    match s.rules.dev(t).map(|d| d.effect) {
        Some(
            DevEffect::AttackBonus(k)
            | DevEffect::DefenceBonus(k)
            | DevEffect::IgnoreTravel(k)
            | DevEffect::GatherBonus(k)
            | DevEffect::Vp(k),
        ) => k,
        None => 0,
    }
}

/// Taps the Merchant or army and sets off along the planned route (`planned` by `check`
/// for this very decision, or planned here).
fn start_move(
    s: &mut State,
    seat: Seat,
    kind: MoveKind,
    planned: Option<Planned>,
    ev: &mut impl EventSink<Event>,
) {
    let planned = planned.or_else(|| {
        let costs = Costs::new(s, seat);
        plan_with(s, &costs, kind, 0).map(|mv| Planned { mv, costs })
    });
    let Some(Planned { mv, costs }) = planned else {
        return;
    };
    let c = s.city_mut(seat);
    match kind {
        MoveKind::Attack { army, .. } => {
            c.soldiers[0] -= army;
            c.soldiers[1] += army;
        }
        _ => {
            c.merchants[0] -= 1;
            c.merchants[1] += 1;
        }
    }
    if matches!(kind, MoveKind::Deliver { .. }) {
        // Gap 30: the sale needs the buyer's agreement first.
        s.phase = Phase::Offer { mv };
    } else {
        // Tapping changes no cost: the new move is still the cheapest under `costs`.
        let choices = RouteChoices {
            c: costs,
            cheapest: Some(mv),
            legs: std::cell::OnceCell::new(),
        };
        choose_route(s, mv, Some(choices), ev);
    }
}

/// Whether the mover of `mv` has any route to choose from (`Phase::Route`).
fn has_route_option(s: &State, c: &Costs, mv: &Move) -> bool {
    let choices = RouteChoices::with_costs(s, *c, mv);
    choices.choice(s, mv, NONE).is_ok() || choices.any_waypoint(s, mv)
}

/// Gap 22: with `route_rule = waypoint` the mover chooses its route when there is more than
/// the cheapest one; otherwise the move goes on along `mv`.
/// `choices`: the route choices of `mv` if already known.
fn choose_route(
    s: &mut State,
    mv: Move,
    choices: Option<RouteChoices>,
    ev: &mut impl EventSink<Event>,
) {
    let waypoint = s.rules.config.params.route_rule == RouteRule::Waypoint;
    if waypoint
        && choices
            .unwrap_or_else(|| RouteChoices::new(s, &mv))
            .any_waypoint(s, &mv)
    {
        s.phase = Phase::Route { mv };
    } else {
        advance_move(s, mv, 0, ev);
    }
}

/// Asks the next toll after path position `from`, or completes the move.
fn advance_move(s: &mut State, mv: Move, from: usize, ev: &mut impl EventSink<Event>) {
    if s.rules.config.params.toll_policy == TollPolicy::Demand {
        let target = target_of(s, mv.kind);
        let toll = |k| toll_at(|r| s.owner(r), target, &mv, k);
        if let Some(k) = (from + 1..mv.len as usize).find(|&k| toll(k)) {
            s.phase = Phase::Toll { mv, at: k as u8 };
            return;
        }
    }
    execute(s, mv, ev);
}

fn cancel_move(s: &mut State, mv: Move, announce: bool, ev: &mut impl EventSink<Event>) {
    let c = s.city_mut(mv.mover);
    match mv.kind {
        MoveKind::Attack { army, .. } => {
            c.soldiers[1] -= army;
            c.soldiers[0] += army;
        }
        _ => {
            c.merchants[1] -= 1;
            c.merchants[0] += 1;
        }
    }
    if announce {
        ev.emit(Event::MoveCancelled { mover: mv.mover });
    }
    s.phase = Phase::Turn;
}

/// Pays the route (tolls to owners, stacks elsewhere) and does what the move came for.
#[allow(clippy::needless_range_loop)] // path and pay are indexed together
fn execute(s: &mut State, mv: Move, ev: &mut impl EventSink<Event>) {
    let c = Costs::new(s, mv.mover);
    let target = target_of(s, mv.kind);
    let (pay, total, credit_used) = payments(s, &c, &mv);
    let slack = s.city(mv.mover).coins as i64 - total as i64 - extra_cost(s, &mv) as i64;
    if slack < 0 {
        cancel_move(s, mv, true, ev);
        return;
    }
    let seat = mv.mover;
    for k in 1..mv.len as usize {
        let r = mv.path[k];
        if is_toll(&c, target, &mv, k) {
            if let Some(owner) = s.owner(r) {
                let amount = transfer(s, seat, owner, pay[k] as u32);
                ev.emit(Event::TollPaid {
                    owner,
                    mover: seat,
                    amount: amount as u8,
                });
            }
        } else if pay[k] > 0 && s.stacks.push_stack(r, pay[k]).is_ok() {
            s.city_mut(seat).coins -= pay[k] as u16;
        }
    }
    {
        let c = s.city_mut(seat);
        c.travel_credit = c.travel_credit.saturating_sub(credit_used.min(255) as u8);
    }
    let route = total as u16;
    s.phase = Phase::Turn;
    match mv.kind {
        MoveKind::Buy { empire, slot } => {
            let fine = fine_price(s);
            let asked = buy_price(s, empire, slot);
            if let (Some(price), Ok((card, _))) =
                (asked, s.sell[empire as usize].take(slot as usize, fine))
            {
                if s.rules.config.params.compact_on_buy {
                    s.sell[empire as usize].compact();
                }
                pay_bank(s, seat, price);
                let res = card_res(card.id);
                gain(s, seat, res, 1);
                ev.emit(Event::Bought {
                    seat,
                    empire,
                    res,
                    price: price as u16,
                    route,
                });
            }
        }
        MoveKind::Sell { empire, res } => {
            let card = res_card(res);
            if let Ok((slot, sum)) = s.buy[empire as usize].fill_lowest_empty(card) {
                // Gap 9: a fine card pays the sum of its two slots, or twice its front slot.
                let price =
                    if card.wide && s.rules.config.params.fine_rule == FineRule::TwiceCurrent {
                        2 * s.buy[empire as usize].prices()[slot] as u32
                    } else {
                        sum
                    };
                *s.city_mut(seat).res_mut(res) -= 1;
                bank_pays(s, seat, price);
                ev.emit(Event::Sold {
                    seat,
                    empire,
                    res,
                    price: price as u16,
                    route,
                });
            }
        }
        MoveKind::Deliver { to, res, price } => {
            *s.city_mut(seat).res_mut(res) -= 1;
            transfer(s, to, seat, price as u32);
            gain(s, to, res, 1);
            ev.emit(Event::Delivered {
                seat,
                to,
                res,
                price,
                route,
            });
        }
        MoveKind::Attack { target, army } => {
            ev.emit(Event::Attacked {
                seat,
                target,
                army,
                route,
            });
            // Gap 13: Walls add to the defence.
            let walls = improvement_sum(s, target, |e| match e {
                ImprovementEffect::DefenceBonus(d) => Some(d as u32),
                _ => None,
            });
            combat_next(s, mv, army, walls.min(255) as u8, true, 0);
        }
    }
}

/// Design: the combatants take turns playing cards, defender first. A side holding no cards
/// (public knowledge) passes without being asked; two passes in a row end the exchange.
fn combat_next(s: &mut State, mv: Move, atk: u8, def: u8, mut defender_turn: bool, mut passes: u8) {
    let att = mv.mover;
    let dfd = defender(mv);
    while passes < 2 {
        let who = if defender_turn { dfd } else { att };
        if s.city(who).dev_count() > 0 {
            s.phase = Phase::Combat {
                mv,
                atk,
                def,
                defender_turn,
                passes,
            };
            return;
        }
        passes += 1;
        defender_turn = !defender_turn;
    }
    s.phase = Phase::Defend { mv, atk, def };
}

/// Design: each army loses Soldiers equal to the other's strength; gap 16 rewards.
fn fight(s: &mut State, mv: Move, atk: u8, def: u8, k: u8, ev: &mut impl EventSink<Event>) {
    let att = mv.mover;
    let dfd = defender(mv);
    let MoveKind::Attack { army, .. } = mv.kind else {
        return;
    };
    // The defending army: recruits first (they cannot attack anyway), then trained Soldiers.
    let d = s.city_mut(dfd);
    let from_recruits = k.min(d.recruits[0]);
    let from_soldiers = k - from_recruits;
    d.recruits[0] -= from_recruits;
    d.recruits[1] += from_recruits;
    d.soldiers[0] -= from_soldiers;
    d.soldiers[1] += from_soldiers;
    let def_strength = def as u32 + k as u32;
    let atk_lost = def_strength.min(army as u32) as u8;
    let def_lost = (atk as u32).min(k as u32) as u8;
    let a = s.city_mut(att);
    a.soldiers[1] -= atk_lost;
    let d = s.city_mut(dfd);
    let lr = def_lost.min(from_recruits);
    d.recruits[1] -= lr;
    d.soldiers[1] -= def_lost - lr;
    s.citizens_lost += atk_lost as u16 + def_lost as u16;
    ev.emit(Event::Fight {
        attacker: att,
        defender: dfd,
        atk,
        def: def_strength.min(255) as u8,
        atk_lost,
        def_lost,
    });
    let p = &s.rules.0.config.params;
    let attacker_wins = atk as u32 >= k as u32;
    let defender_wins = def_strength >= army as u32;
    s.phase = Phase::Turn;
    if defender_wins && p.reserve_to_defender {
        let reserve = travel(s, att, s.city(dfd).region);
        let paid = transfer(s, att, dfd, reserve);
        ev.emit(Event::ReservePaid {
            seat: att,
            to: dfd,
            coins: paid,
        });
    }
    if attacker_wins {
        let plunder = (s.city(dfd).coins as f64 * p.plunder_frac + 1e-9).floor() as u32;
        let got = transfer(s, dfd, att, plunder);
        ev.emit(Event::Plundered {
            seat: att,
            from: dfd,
            coins: got,
        });
        draw_dev(s, att, DevSource::Attack, ev);
    }
}

// ---------------------------------------------------------------------------------------------
// Phase 4 Rise and Fall

fn start_phase4(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    // Design: every region's largest stack goes to its treasury; the others are removed
    // (gap 24: of tied largest stacks one counts, the rest go too).
    for r in 0..s.rules.map.len() as u8 {
        if s.stacks.stack_count(r) == 0 {
            continue;
        }
        let before = s.stacks.coins(r);
        let taken = s.stacks.take_largest_to_treasury(r).unwrap_or_default();
        let _ = s.stacks.clear_region(r);
        s.treasury[r as usize] += taken.treasury as u16;
        let returned = before - taken.treasury;
        s.issued -= returned as i32;
        ev.emit(Event::Treasury {
            region: r,
            coins: taken.treasury as u16,
            returned: returned as u16,
        });
    }
    // Design: priority starts with the player who went last, in reverse order.
    let last = s.first.left(n - 1, n);
    s.last_prev = last;
    s.actor = last;
    s.left = (n - 1) as u8;
    s.phase = Phase::RiseFall;
}

fn next_rise_fall(s: &mut State, ev: &mut impl EventSink<Event>) {
    let n = s.players();
    if s.left == 0 {
        end_round(s, ev);
    } else {
        s.left -= 1;
        s.actor = s.actor.left(n - 1, n);
        s.phase = Phase::RiseFall;
    }
}

fn end_round(s: &mut State, ev: &mut impl EventSink<Event>) {
    // Gap 32: stop at max_rounds.
    if s.round >= s.rules.config.params.max_rounds {
        s.phase = Phase::Over;
        ev.emit(Event::GameOver { rounds: s.round });
    } else {
        start_round(s, ev);
    }
}

fn fall(s: &mut State, seat: Seat, to: u8, ev: &mut impl EventSink<Event>) {
    let ga = golden_age(s, seat);
    let c = *s.city(seat);
    let lot = Lot {
        food: c.food,
        metal: c.metal,
        silk: c.silk,
        fine: c.fine,
        merchants: c.merchants[0] + c.merchants[1],
        laborers: c.laborers[0] + c.laborers[1],
        soldiers: c.soldiers[0] + c.soldiers[1] + c.recruits[0] + c.recruits[1],
        improvements: c.improvements,
    };
    let treasury = s.treasury[to as usize];
    s.treasury[to as usize] = 0;
    let from = c.region;
    let city = s.city_mut(seat);
    // The old control token marks the collapsed city; an older one comes back.
    city.fallen = from;
    city.region = to;
    city.food = 0;
    city.metal = 0;
    city.silk = 0;
    city.fine = 0;
    city.merchants = [0, 0];
    city.laborers = [0, 0];
    city.soldiers = [0, 0];
    city.recruits = [0, 0];
    city.improvements = 0;
    city.coins += treasury;
    bank_pays(s, seat, ga);
    ev.emit(Event::Fell {
        seat,
        from,
        to,
        coins: (ga + treasury as u32) as u16,
    });
    if lot.is_empty() {
        finish_fall(s, seat, ev);
    } else {
        s.phase = Phase::Lot { lot };
    }
}

fn lot_won(
    s: &mut State,
    mut lot: Lot,
    item: Item,
    winner: Seat,
    price: u32,
    ev: &mut impl EventSink<Event>,
) {
    lot.take(item);
    // Gap 27: citizens keep their role, untapped; improvements move, duplicates are discarded.
    match item {
        Item::Res(r) => gain(s, winner, r, 1),
        Item::Citizen(role) => {
            let role = if role == Role::Recruit {
                Role::Soldier
            } else {
                role
            };
            s.city_mut(winner).roles_mut(role)[0] += 1;
        }
        Item::Improvement(k) => s.city_mut(winner).improvements |= 1 << k,
    }
    ev.emit(Event::LotWon {
        seat: winner,
        item,
        price: price as u16,
    });
    if lot.is_empty() {
        let actor = s.actor;
        finish_fall(s, actor, ev);
    } else {
        s.phase = Phase::Lot { lot };
    }
}

fn finish_fall(s: &mut State, seat: Seat, ev: &mut impl EventSink<Event>) {
    // Gap 26: a new city left with no citizens gains 1 Laborer.
    if s.city(seat).citizens() == 0 && s.rules.config.params.empty_city_laborer {
        s.city_mut(seat).laborers[0] += 1;
        s.citizens_born += 1;
        ev.emit(Event::FreeLaborer { seat });
    }
    // Gap 33: optionally a Golden Age brings a development card (after the auction, so a win
    // leaves nothing half-auctioned).
    if s.rules.config.params.ga_dev_card {
        draw_dev(s, seat, DevSource::GoldenAge, ev);
        if s.winner.is_some() {
            return;
        }
    }
    next_rise_fall(s, ev);
}

/// Silk cards a `Lot` holds (for the invariants).
pub fn lot_in_phase(s: &State) -> Option<Lot> {
    match s.phase {
        Phase::Lot { lot } | Phase::LotAuction { lot, .. } => Some(lot),
        _ => None,
    }
}

/// The barbarian card in play, if the auction is on.
pub fn barbarian_in_play(s: &State) -> bool {
    matches!(s.phase, Phase::Barbarians { .. })
}

pub const NO_REGION: u8 = NONE;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{intern, RouteRule, TollPolicy};
    use crate::setup::setup_with;
    use crate::CitiesConfig;
    use silk_core::SilkRng;

    /// `legal` lists exactly the candidates `check` accepts, in the same order, all game long,
    /// for every seat (the one to move and the others).
    #[test]
    fn legal_is_what_check_accepts() {
        for players in 2..=6 {
            for variant in 0..3 {
                let mut config = CitiesConfig::new(players);
                let p = &mut config.params;
                match variant {
                    1 => p.route_rule = RouteRule::Cheapest,
                    2 => {
                        p.route_rule = RouteRule::FewestRegions;
                        p.toll_policy = TollPolicy::Fixed;
                        p.store_cap = 3;
                        p.pop_cap = 7;
                    }
                    _ => {}
                }
                let rules = intern(&config).expect("valid");
                for seed in 0..2 {
                    let mut s = setup_with(rules, seed, &mut ()).expect("setup");
                    let mut rng = SilkRng::seed_from(seed);
                    let (mut fast, mut slow) = (Vec::new(), Vec::new());
                    while let ToMove::Seat(seat) = to_move(&s) {
                        for other in Seat::all(players) {
                            legal(&s, other, &mut fast);
                            legal_by_check(&s, other, &mut slow);
                            assert_eq!(fast, slow, "{other} in {:?}", s.phase);
                        }
                        legal(&s, seat, &mut fast);
                        if fast.is_empty() {
                            break;
                        }
                        let a = fast[rng.index(fast.len())];
                        apply(&mut s, seat, a, &mut ()).expect("legal");
                    }
                }
            }
        }
    }
}
