//! Checks: why a decision is refused, or that it is allowed; `check` never changes the state and
//! keeps the route it planned, so carrying out the decision does not plan it again.

use super::economy::{buys_res, cap, card_res, growth_cost, may_rise_to, res_card};
use super::route::{plan_affordable, route_planned, slack, Costs, Planned};
use super::{bad, citizen_limit, to_move, Res2, MAX_OFFER};
use crate::action::Action;
use crate::data::DevEffect;
use crate::state::{MoveKind, Phase, Res, Role, State};
use silk_core::{IllegalAction, Seat, ToMove};

/// Why `action` is not allowed for `seat` now; `Ok` if it is. Never changes the state.
pub fn check(s: &State, seat: Seat, action: Action) -> Res2<()> {
    check_planning(s, seat, action, &mut None)
}

/// `check`, keeping the route it planned for a new move or a route choice in `planned`.
pub(super) fn check_planning(
    s: &State,
    seat: Seat,
    action: Action,
    planned: &mut Option<Planned>,
) -> Res2<()> {
    let keep = |p: Planned| *planned = Some(p);
    let tm = to_move(s);
    if tm == ToMove::Terminal {
        return Err(IllegalAction::GameOver);
    }
    if !tm.includes(seat) {
        return Err(IllegalAction::NotYourTurn(seat));
    }
    let c = s.city(seat);
    match (s.phase, action) {
        (Phase::Claim { .. }, Action::Claim(r)) => {
            if r as usize >= s.rules.map.len() {
                bad("no such region")
            } else if let Some(o) = s.owner(r) {
                bad(format!("{} is already {o}'s", s.rules.region_name(r)))
            } else {
                Ok(())
            }
        }
        (
            Phase::Barbarians { mut auction, .. }
            | Phase::Priority { mut auction, .. }
            | Phase::LotAuction { mut auction, .. },
            Action::Bid(k),
        ) => auction.bid(seat, k as u32).map_err(IllegalAction::from),
        (
            Phase::Barbarians { mut auction, .. }
            | Phase::Priority { mut auction, .. }
            | Phase::LotAuction { mut auction, .. },
            Action::Pass,
        ) => auction.pass(seat).map_err(IllegalAction::from),
        (Phase::Turn, a) => check_turn(s, seat, a, planned),
        (Phase::Offer { .. }, Action::Accept | Action::Refuse) => Ok(()),
        (Phase::Route { mv }, Action::Route(via)) => route_planned(s, &mv, via).map(keep),
        (Phase::Route { mv }, Action::Pass) => {
            if mv.avoid != 0 {
                Ok(())
            } else {
                bad(
                    "choose a route (`route cheapest` or `route via <region>`); a move is \
                     called off only after a refused toll",
                )
            }
        }
        (Phase::Toll { mv, at }, Action::Demand(k)) => {
            let min = mv.tolls[at as usize] as i64;
            let most = min + slack(s, &Costs::new(s, mv.mover), &mv).max(0);
            if (k as i64) < min || k as i64 > most {
                bad(format!("the toll must be {min} to {most}"))
            } else {
                Ok(())
            }
        }
        (Phase::TollAnswer { .. }, Action::PayToll | Action::RefuseToll) => Ok(()),
        (Phase::Combat { defender_turn, .. }, Action::Pass) => {
            let _ = defender_turn;
            Ok(())
        }
        (Phase::Combat { defender_turn, .. }, Action::Play(t)) => {
            let Some(d) = s.rules.dev(t) else {
                return bad("no such development card");
            };
            if c.dev[t as usize] == 0 {
                return bad(format!("{seat} holds no {}", d.name));
            }
            match (d.effect, defender_turn) {
                (DevEffect::AttackBonus(_), false) | (DevEffect::DefenceBonus(_), true) => Ok(()),
                _ => bad(format!("{} cannot be played now", d.name)),
            }
        }
        (Phase::Defend { .. }, Action::Defend(k)) => {
            if u32::from(k) > c.soldiers[0] as u32 + c.recruits[0] as u32 {
                bad(format!(
                    "{seat} has {} untapped Soldiers",
                    c.soldiers[0] + c.recruits[0]
                ))
            } else {
                Ok(())
            }
        }
        (Phase::RiseFall, Action::Keep) => Ok(()),
        (Phase::RiseFall, Action::Fall(r)) => {
            if may_rise_to(s, seat, r) {
                Ok(())
            } else {
                bad("a new City-State rises only in a region neither claimed nor collapsed")
            }
        }
        (Phase::Lot { lot }, Action::Lot(item)) => {
            if lot.count(item) > 0 {
                Ok(())
            } else {
                bad("that is not among the fallen city's holdings")
            }
        }
        (phase, a) => bad(format!(
            "`{}` is not possible now ({})",
            a.to_text(s),
            phase_name(phase)
        )),
    }
}

/// `check_planning` in Phase 2 on `seat`'s own turn: the actions of the turn and the new moves
/// (whose planned route goes to `planned`).
fn check_turn(s: &State, seat: Seat, action: Action, planned: &mut Option<Planned>) -> Res2<()> {
    let keep = |p: Planned| *planned = Some(p);
    let c = s.city(seat);
    match action {
        Action::EndTurn => Ok(()),
        Action::Assign { from, to } => {
            if to == Role::Recruit {
                return bad("a new Soldier is assigned as `soldier` (it trains by itself)");
            }
            if from == to || (from == Role::Recruit && to == Role::Soldier) {
                return bad("the citizen already has that role");
            }
            if c.untapped(from) == 0 {
                return bad(format!("{seat} has no untapped {}", from.name()));
            }
            match to {
                Role::Merchant if c.coins < 1 => bad("a Merchant costs 1 coin"),
                Role::Laborer if c.food < 1 => bad("a Laborer costs 1 food"),
                Role::Soldier if c.metal < 1 => bad("a Soldier costs 1 metal"),
                _ => Ok(()),
            }
        }
        Action::Gather(res) => {
            if !matches!(res, Res::Food | Res::Metal) {
                return bad("Laborers gather food or metal");
            }
            if c.laborers[0] == 0 {
                return bad(format!("{seat} has no untapped Laborer"));
            }
            if c.has(res) >= cap(s) {
                return bad(format!("{seat} can store no more {}", res.name()));
            }
            Ok(())
        }
        Action::Build(k) => {
            let Some(im) = s.rules.improvement(k) else {
                return bad("no such improvement");
            };
            if c.has_improvement(k) {
                return bad(format!("{seat} already has a {}", im.name));
            }
            if c.food < im.cost.food as u32
                || c.metal < im.cost.metal as u32
                || c.coins < im.cost.coins as u16
            {
                return bad(format!(
                    "a {} costs {} food, {} metal, {} coins",
                    im.name, im.cost.food, im.cost.metal, im.cost.coins
                ));
            }
            Ok(())
        }
        Action::Grow => {
            let limit = citizen_limit(s);
            if c.citizens() >= limit {
                return bad(format!("a city holds at most {limit} citizens"));
            }
            let cost = growth_cost(s, seat);
            if c.food < cost {
                return bad(format!("growing costs {cost} food"));
            }
            Ok(())
        }
        Action::Buy { .. } | Action::Sell { .. } | Action::Offer { .. } => {
            check_trade(s, seat, action).map(keep)
        }
        Action::Attack { target, army } => {
            if target == seat || target.index() >= s.players() {
                return bad("attack another player");
            }
            if !attacks_left(s) {
                let most = s.rules.config.params.attacks_per_turn;
                return bad(format!(
                    "{seat} has made its {most} attack(s) this turn (attacks_per_turn)"
                ));
            }
            if army == 0 || u16::from(army) > c.soldiers[0] {
                return bad(format!(
                    "{seat} has {} untapped trained Soldiers",
                    c.soldiers[0]
                ));
            }
            plan_affordable(s, seat, MoveKind::Attack { target, army }).map(keep)
        }
        Action::Play(t) => {
            let Some(d) = s.rules.dev(t) else {
                return bad("no such development card");
            };
            if c.dev[t as usize] == 0 {
                return bad(format!("{seat} holds no {}", d.name));
            }
            match d.effect {
                DevEffect::IgnoreTravel(_) | DevEffect::GatherBonus(_) => Ok(()),
                _ => bad(format!("{} is not played on your turn", d.name)),
            }
        }
        a => bad(format!(
            "`{}` is not possible now ({})",
            a.to_text(s),
            phase_name(Phase::Turn)
        )),
    }
}

/// A Merchant's trade on a turn: buying from or selling to an empire, or an offer to a player;
/// the move it plans, if the route is affordable.
fn check_trade(s: &State, seat: Seat, action: Action) -> Res2<Planned> {
    let c = s.city(seat);
    match action {
        Action::Buy { empire, slot } => {
            if c.merchants[0] == 0 {
                return bad(format!("{seat} has no untapped Merchant"));
            }
            let Some(track) = s
                .sell
                .get(empire as usize)
                .filter(|_| (empire as usize) < s.rules.empires.len())
            else {
                return bad("no such empire");
            };
            let Some(en) = track.iter().find(|e| e.slot == slot as usize) else {
                return bad(format!(
                    "no card starts on slot {} of {}",
                    slot + 1,
                    s.rules.empire_name(empire)
                ));
            };
            let res = card_res(en.card.id);
            if c.has(res) >= cap(s) {
                return bad(format!("{seat} can store no more {}", res.name()));
            }
            plan_affordable(s, seat, MoveKind::Buy { empire, slot })
        }
        Action::Sell { empire, res } => {
            if c.merchants[0] == 0 {
                return bad(format!("{seat} has no untapped Merchant"));
            }
            if !buys_res(s, empire, res) {
                return bad(format!(
                    "{} does not buy {}",
                    s.rules.empire_name(empire),
                    res.name()
                ));
            }
            if c.has(res) == 0 {
                return bad(format!("{seat} has no {}", res.name()));
            }
            if s.buy[empire as usize]
                .lowest_empty_for(res_card(res))
                .is_none()
            {
                return bad(format!(
                    "{} buys no more {} this round",
                    s.rules.empire_name(empire),
                    res.name()
                ));
            }
            plan_affordable(s, seat, MoveKind::Sell { empire, res })
        }
        Action::Offer { to, res, price } => {
            if to == seat || to.index() >= s.players() {
                return bad("offer to another player");
            }
            if c.merchants[0] == 0 {
                return bad(format!("{seat} has no untapped Merchant"));
            }
            if s.offered.contains(to) {
                return bad(format!("{seat} has already made {to} an offer this turn"));
            }
            if c.has(res) == 0 {
                return bad(format!("{seat} has no {}", res.name()));
            }
            if price == 0 || price > MAX_OFFER || price as u16 > s.city(to).coins {
                return bad(format!(
                    "the price must be 1 to {MAX_OFFER} and no more than {to}'s coins"
                ));
            }
            plan_affordable(s, seat, MoveKind::Deliver { to, res, price })
        }
        _ => bad("not a trade"),
    }
}

/// Audit (issue 17), `attacks_per_turn`: whether the actor may still attack this turn.
pub(super) fn attacks_left(s: &State) -> bool {
    let most = s.rules.config.params.attacks_per_turn;
    most == 0 || s.attacks < most
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Claim { .. } => "claiming starting regions",
        Phase::Barbarians { .. } => "barbarian auction",
        Phase::Priority { .. } => "priority auction",
        Phase::Turn => "action phase",
        Phase::Offer { .. } => "answer a sale offer",
        Phase::Route { .. } => "choose a route",
        Phase::Toll { .. } => "name a toll",
        Phase::TollAnswer { .. } => "pay or refuse a toll",
        Phase::Combat { .. } => "battle: play cards or pass",
        Phase::Defend { .. } => "battle: choose the defending army",
        Phase::RiseFall => "rise and fall",
        Phase::Lot { .. } => "choose the next item to auction",
        Phase::LotAuction { .. } => "collapse auction",
        Phase::Over => "game over",
    }
}
