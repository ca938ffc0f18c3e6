//! What a Cities game means for the playtest lab: auctions (collapse lots, priority,
//! barbarians), route costs, income, trade by resource, fights, falls and rises.

use crate::action::Action;
use crate::data::DevEffect;
use crate::event::Event;
use crate::state::{Item, State};
use crate::Cities;
use silk_core::{Counters, DecisionKind, Observe, Seat};

impl Observe for Cities {
    const DECISION_KINDS: &'static [DecisionKind] = &[
        DecisionKind::new("setup", 20.0, "claim a starting region"),
        DecisionKind::new("bid", 8.0, "a bid or pass in an auction"),
        DecisionKind::new("citizens", 6.0, "assign a citizen a role"),
        DecisionKind::new("produce", 6.0, "gather, build, grow"),
        DecisionKind::new(
            "trade",
            15.0,
            "buy from or sell to an empire, offer or answer an offer, route and tolls",
        ),
        DecisionKind::new("war", 20.0, "attack or defend"),
        DecisionKind::new("card", 10.0, "play a development card"),
        DecisionKind::new("end", 3.0, "end the turn"),
        DecisionKind::new(
            "rise_fall",
            20.0,
            "keep or fall, choose the next lot of a fallen city",
        ),
    ];

    fn decision_kind(action: &Action) -> usize {
        match action {
            Action::Claim(_) => 0,
            Action::Bid(_) | Action::Pass => 1,
            Action::Assign { .. } => 2,
            Action::Gather(_) | Action::Build(_) | Action::Grow => 3,
            Action::Buy { .. }
            | Action::Sell { .. }
            | Action::Offer { .. }
            | Action::Accept
            | Action::Refuse
            | Action::Route(_)
            | Action::Demand(_)
            | Action::PayToll
            | Action::RefuseToll => 4,
            Action::Attack { .. } | Action::Defend(_) => 5,
            Action::Play(_) => 6,
            Action::EndTurn => 7,
            Action::Keep | Action::Fall(_) | Action::Lot(_) => 8,
        }
    }

    fn observe(s: &State, e: &Event, c: &mut Counters) {
        match *e {
            Event::Bid { .. } => c.incr("auction.bids"),
            Event::LotWon { seat, price, item } => {
                c.incr("auction.count");
                if price == 0 {
                    c.incr("auction.no_bid");
                } else {
                    c.incr("auction.won");
                    c.add("auction.win_sum", price as i64);
                    // The winner has paid: its wealth at bidding time was coins + price.
                    let wealth = s.city(seat).coins as i64 + price as i64;
                    c.add("auction.win_wealth_permille", price as i64 * 1000 / wealth);
                }
                let kind = match item {
                    Item::Res(_) => "lot.resources",
                    Item::Citizen(_) => "lot.citizens",
                    Item::Improvement(_) => "lot.improvements",
                };
                c.incr(kind);
            }
            Event::BarbariansCome { strength, .. } => {
                c.incr("barbarians.count");
                c.add("barbarians.strength", strength as i64);
            }
            Event::BarbariansRepelled { winner, penalized } => {
                if winner.is_none() {
                    c.incr("barbarians.unopposed");
                }
                c.add("barbarians.penalized_players", penalized as i64);
            }
            Event::SoldiersLost { soldiers, .. } => {
                c.add("barbarians.soldiers_lost", soldiers as i64)
            }
            Event::Income { coins, .. } => c.add("income.total", coins as i64),
            Event::Bought {
                res, price, route, ..
            } => {
                route_used(c, route);
                c.add(&format!("bought.{}", res.name()), 1);
                c.add("coins.on_purchases", price as i64);
            }
            Event::Sold {
                res, price, route, ..
            } => {
                route_used(c, route);
                c.add(&format!("sold.{}", res.name()), 1);
                c.add("coins.from_sales", price as i64);
            }
            Event::Delivered { route, price, .. } => {
                route_used(c, route);
                c.incr("city_sales.count");
                c.add("city_sales.coins", price as i64);
            }
            Event::OfferRefused { .. } => c.incr("city_sales.refused"),
            Event::TollPaid { amount, .. } => c.add("toll.paid", amount as i64),
            Event::TollRefused { .. } => c.incr("toll.refused"),
            Event::MoveCancelled { .. } => c.incr("route.cancelled"),
            Event::Attacked { route, .. } => {
                route_used(c, route);
                c.incr("attack.count");
            }
            Event::Fight {
                atk_lost, def_lost, ..
            } => c.add("attack.soldiers_lost", atk_lost as i64 + def_lost as i64),
            Event::Plundered { coins, .. } => c.add("attack.plunder", coins as i64),
            Event::Grew { .. } => c.incr("grow.count"),
            Event::Built { .. } => c.incr("improvement.built"),
            Event::Gathered { amount, .. } => c.add("gathered", amount as i64),
            Event::DevCard { card, source, .. } => {
                c.incr("dev.gained");
                c.incr(&format!("dev.from_{}", source.name()));
                // VP sources: points gained, by how the card was won.
                if let DevEffect::Vp(k) = s.rules.config.development[card as usize].effect {
                    c.add(&format!("vp.from_{}", source.name()), k as i64);
                }
            }
            Event::CardPlayed { .. } => c.incr("dev.played"),
            Event::Fell { coins, .. } => {
                c.incr("fall.count");
                c.add("fall.golden_age", coins as i64);
            }
            Event::Treasury { coins, .. } => c.add("treasury.added", coins as i64),
            _ => {}
        }
    }

    /// Hidden VP, then coins as a fraction, as the lab's provisional score.
    fn standing(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend(
            (0..s.players()).map(|i| s.vp(Seat(i as u8)) as i64 * 1000 + s.cities[i].coins as i64),
        );
    }
}

fn route_used(c: &mut Counters, cost: u16) {
    c.incr("route.count");
    c.add("route.cost_sum", cost as i64);
    c.add("travel.spent", cost as i64);
}
