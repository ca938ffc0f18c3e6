//! What a Cities game means for the playtest lab: auctions (collapse lots, priority,
//! barbarians), route costs, income, trade by resource, fights, falls and rises.

use crate::action::Action;
use crate::auctions::POINTS;
use crate::data::DevEffect;
use crate::event::{DevSource, Event};
use crate::state::{Item, Res, State};
use crate::Cities;
use silk_core::{metric_ids, DecisionKind, MechanicUse, MetricCounts, Observe, Seat, SeatCounters};
use silk_trade::auction::{count_report, METRICS};

metric_ids! {
    /// Every metric of a Cities game (its names do not depend on the config).
    enum M {
        AuctionBids = "auction.bids",
        AuctionCount = "auction.count",
        AuctionNoBid = "auction.no_bid",
        AuctionWon = "auction.won",
        AuctionWinSum = "auction.win_sum",
        AuctionWinWealthPermille = "auction.win_wealth_permille",
        LotResources = "lot.resources",
        LotCitizens = "lot.citizens",
        LotImprovements = "lot.improvements",
        BarbariansCount = "barbarians.count",
        BarbariansStrength = "barbarians.strength",
        BarbariansUnopposed = "barbarians.unopposed",
        BarbariansPenalizedPlayers = "barbarians.penalized_players",
        BarbariansSoldiersLost = "barbarians.soldiers_lost",
        IncomeTotal = "income.total",
        BoughtFood = "bought.food",
        BoughtMetal = "bought.metal",
        BoughtSilk = "bought.silk",
        BoughtFine = "bought.fine",
        CoinsOnPurchases = "coins.on_purchases",
        SoldFood = "sold.food",
        SoldMetal = "sold.metal",
        SoldSilk = "sold.silk",
        SoldFine = "sold.fine",
        CoinsFromSales = "coins.from_sales",
        CitySalesCount = "city_sales.count",
        CitySalesCoins = "city_sales.coins",
        CitySalesRefused = "city_sales.refused",
        TollPaid = "toll.paid",
        TollRefused = "toll.refused",
        RouteCancelled = "route.cancelled",
        AttackCount = "attack.count",
        AttackSoldiersLost = "attack.soldiers_lost",
        AttackPlunder = "attack.plunder",
        GrowCount = "grow.count",
        ImprovementBuilt = "improvement.built",
        Gathered = "gathered",
        DevGained = "dev.gained",
        DevFromBarbarians = "dev.from_barbarians",
        DevFromAttack = "dev.from_attack",
        DevFromGoldenAge = "dev.from_golden_age",
        VpFromBarbarians = "vp.from_barbarians",
        VpFromAttack = "vp.from_attack",
        VpFromGoldenAge = "vp.from_golden_age",
        DevPlayed = "dev.played",
        FallCount = "fall.count",
        FallGoldenAge = "fall.golden_age",
        TreasuryAdded = "treasury.added",
        RouteCount = "route.count",
        RouteCostSum = "route.cost_sum",
        TravelSpent = "travel.spent",
    }
}

metric_ids! {
    /// Each seat's own measures (`player.*`): its trade with the empires and other cities, its
    /// attacks, the barbarian auctions it won, its growth, VP by source, soldiers.
    enum P {
        Income = "player.income",
        Purchases = "player.purchases",
        CoinsOnPurchases = "player.coins_on_purchases",
        Sales = "player.sales",
        CoinsFromSales = "player.coins_from_sales",
        CitySales = "player.city_sales",
        CitySalesCoins = "player.city_sales_coins",
        AuctionsWon = "player.auctions_won",
        BarbariansWon = "player.barbarians_won",
        Attacks = "player.attacks",
        AttacksWon = "player.attacks_won",
        Plunder = "player.plunder",
        Growths = "player.growths",
        Built = "player.built",
        Falls = "player.falls",
        VpFromBarbarians = "player.vp.barbarians",
        VpFromAttack = "player.vp.attack",
        VpFromGoldenAge = "player.vp.golden_age",
        SoldiersLost = "player.soldiers_lost",
        Soldiers = "player.soldiers",
    }
}

fn bought(res: Res) -> M {
    match res {
        Res::Food => M::BoughtFood,
        Res::Metal => M::BoughtMetal,
        Res::Silk => M::BoughtSilk,
        Res::Fine => M::BoughtFine,
    }
}

fn sold(res: Res) -> M {
    match res {
        Res::Food => M::SoldFood,
        Res::Metal => M::SoldMetal,
        Res::Silk => M::SoldSilk,
        Res::Fine => M::SoldFine,
    }
}

/// `dev.from_SOURCE`, `vp.from_SOURCE` and `player.vp.SOURCE`.
fn from(source: DevSource) -> (M, M, P) {
    match source {
        DevSource::Barbarians => (
            M::DevFromBarbarians,
            M::VpFromBarbarians,
            P::VpFromBarbarians,
        ),
        DevSource::Attack => (M::DevFromAttack, M::VpFromAttack, P::VpFromAttack),
        DevSource::GoldenAge => (M::DevFromGoldenAge, M::VpFromGoldenAge, P::VpFromGoldenAge),
    }
}

impl Observe for Cities {
    const DECISION_KINDS: &'static [DecisionKind] = &[
        DecisionKind::new("setup", 20.0, "claim a starting region"),
        DecisionKind::new("bid", 8.0, "a bid or pass in an auction"),
        // The engine asks citizen by citizen and labourer by labourer; at the table a player
        // sets all of them out in one go, so each further one in a row adds 2 s, not 6.
        DecisionKind::new("citizens", 6.0, "assign a citizen a role").batched(2.0),
        DecisionKind::new("produce", 6.0, "gather, build, grow").batched(2.0),
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

    #[inline]
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

    fn metric_names(_: &State) -> Vec<String> {
        let fixed = M::NAMES.iter().map(|n| n.to_string());
        // Then each auction point's `auction.<key>.*` (silk-trade's report).
        fixed
            .chain(POINTS.iter().flat_map(|p| p.metric_names()))
            .collect()
    }

    const PLAYER_MEASURES: &'static [&'static str] = P::NAMES;

    const BRANCHES: &'static [silk_core::Branch] = crate::coverage::B::BRANCHES;

    #[inline]
    fn cover_action(s: &State, seat: Seat, a: &Action, hits: &mut silk_core::Hits) {
        crate::coverage::action(s, seat, a, hits)
    }

    // Always inlined: at an emit site of the lab's event sink the match folds to one branch.
    #[inline(always)]
    fn cover_event(e: &Event, hits: &mut silk_core::Hits) {
        crate::coverage::event(e, hits)
    }

    #[inline]
    fn observe(s: &State, e: &Event, c: &mut MetricCounts, p: &mut SeatCounters) {
        match *e {
            Event::Bid { .. } => c.incr(M::AuctionBids),
            Event::AuctionClosed { point, report } => {
                count_report(c, M::NAMES.len() + point as usize * METRICS.len(), &report)
            }
            Event::LotWon { seat, price, item } => lot_won(s, seat, price, item, c, p),
            Event::BarbariansCome { strength, .. } => {
                c.incr(M::BarbariansCount);
                c.add(M::BarbariansStrength, strength as i64);
            }
            Event::BarbariansRepelled { winner, penalized } => {
                match winner {
                    Some(w) => p.incr(w, P::BarbariansWon),
                    None => c.incr(M::BarbariansUnopposed),
                }
                c.add(M::BarbariansPenalizedPlayers, penalized as i64);
            }
            Event::SoldiersLost { seat, soldiers } => {
                c.add(M::BarbariansSoldiersLost, soldiers as i64);
                p.add(seat, P::SoldiersLost, soldiers as i64);
            }
            Event::Income { seat, coins } => {
                c.add(M::IncomeTotal, coins as i64);
                p.add(seat, P::Income, coins as i64);
            }
            Event::Bought {
                seat,
                res,
                price,
                route,
                ..
            } => {
                let metrics = (bought(res), M::CoinsOnPurchases);
                trade(
                    c,
                    p,
                    (seat, route, price),
                    metrics,
                    (P::Purchases, P::CoinsOnPurchases),
                );
            }
            Event::Sold {
                seat,
                res,
                price,
                route,
                ..
            } => {
                let metrics = (sold(res), M::CoinsFromSales);
                trade(
                    c,
                    p,
                    (seat, route, price),
                    metrics,
                    (P::Sales, P::CoinsFromSales),
                );
            }
            Event::Delivered {
                seat, route, price, ..
            } => {
                let metrics = (M::CitySalesCount, M::CitySalesCoins);
                let price = price as u16;
                trade(
                    c,
                    p,
                    (seat, route, price),
                    metrics,
                    (P::CitySales, P::CitySalesCoins),
                );
            }
            Event::OfferRefused { .. } => c.incr(M::CitySalesRefused),
            Event::TollPaid { amount, .. } => c.add(M::TollPaid, amount as i64),
            Event::TollRefused { .. } => c.incr(M::TollRefused),
            Event::MoveCancelled { .. } => c.incr(M::RouteCancelled),
            Event::Attacked { seat, route, .. } => {
                route_used(c, route);
                c.incr(M::AttackCount);
                p.incr(seat, P::Attacks);
            }
            Event::Fight {
                attacker,
                defender,
                atk_lost,
                def_lost,
                ..
            } => {
                c.add(M::AttackSoldiersLost, atk_lost as i64 + def_lost as i64);
                p.add(attacker, P::SoldiersLost, atk_lost as i64);
                p.add(defender, P::SoldiersLost, def_lost as i64);
            }
            // Only a winning attack plunders (its share may be 0 coins).
            Event::Plundered { seat, coins, .. } => {
                c.add(M::AttackPlunder, coins as i64);
                p.incr(seat, P::AttacksWon);
                p.add(seat, P::Plunder, coins as i64);
            }
            Event::Grew { seat, .. } => {
                c.incr(M::GrowCount);
                p.incr(seat, P::Growths);
            }
            Event::Built { seat, .. } => {
                c.incr(M::ImprovementBuilt);
                p.incr(seat, P::Built);
            }
            Event::Gathered { amount, .. } => c.add(M::Gathered, amount as i64),
            Event::DevCard { seat, card, source } => dev_card(s, seat, card, source, c, p),
            Event::CardPlayed { .. } => c.incr(M::DevPlayed),
            Event::Fell { seat, coins, .. } => {
                c.incr(M::FallCount);
                c.add(M::FallGoldenAge, coins as i64);
                p.incr(seat, P::Falls);
            }
            Event::Treasury { coins, .. } => c.add(M::TreasuryAdded, coins as i64),
            _ => {}
        }
    }

    /// The soldiers (trained and recruits) each city holds at the end.
    fn observe_end(s: &State, p: &mut SeatCounters) {
        for i in 0..s.players() {
            let seat = Seat(i as u8);
            p.set(seat, P::Soldiers, s.city(seat).all_soldiers() as i64);
        }
    }

    /// Hidden VP, then coins as a fraction, as the lab's provisional score.
    fn mechanics() -> Vec<MechanicUse> {
        let mut uses: Vec<MechanicUse> = POINTS.iter().map(|p| p.mechanic_use()).collect();
        uses.push(MechanicUse {
            mechanic: "route",
            key: "trade",
            about: "a Merchant's or army's route across the regions (gap 22): its cost in travel, tolls and stacks",
            param: Some("route_rule"),
            default: "waypoint".into(),
            choices: vec!["waypoint".into(), "cheapest".into(), "fewest_regions".into()],
            value: None,
        });
        uses
    }

    /// The events `observe` counts; the rest are narration, which a simulation does not keep.
    #[inline(always)]
    fn observes(e: &Event) -> bool {
        matches!(
            e,
            Event::Bid { .. }
                | Event::AuctionClosed { .. }
                | Event::LotWon { .. }
                | Event::BarbariansCome { .. }
                | Event::BarbariansRepelled { .. }
                | Event::SoldiersLost { .. }
                | Event::Income { .. }
                | Event::Bought { .. }
                | Event::Sold { .. }
                | Event::Delivered { .. }
                | Event::OfferRefused { .. }
                | Event::TollPaid { .. }
                | Event::TollRefused { .. }
                | Event::MoveCancelled { .. }
                | Event::Attacked { .. }
                | Event::Fight { .. }
                | Event::Plundered { .. }
                | Event::Grew { .. }
                | Event::Built { .. }
                | Event::Gathered { .. }
                | Event::DevCard { .. }
                | Event::CardPlayed { .. }
                | Event::Fell { .. }
                | Event::Treasury { .. }
        )
    }

    const STANDING: &'static str = "VP × 1000 + coins (3045: 3 VP and 45 coins)";

    const SCORE: &'static str = "VP";

    fn score(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend((0..s.players()).map(|i| s.vp(Seat(i as u8)) as i64));
    }

    const COINS: &'static str = "coins";

    fn coins(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend((0..s.players()).map(|i| s.cities[i].coins as i64));
    }

    fn standing(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend(
            (0..s.players()).map(|i| s.vp(Seat(i as u8)) as i64 * 1000 + s.cities[i].coins as i64),
        );
    }
}

/// A lot won by `seat` for `price`: the auction's count, and its winner's price and
/// share of wealth unless no one bid.
#[inline]
fn lot_won(
    s: &State,
    seat: Seat,
    price: u16,
    item: Item,
    c: &mut MetricCounts,
    p: &mut SeatCounters,
) {
    c.incr(M::AuctionCount);
    if price == 0 {
        c.incr(M::AuctionNoBid);
    } else {
        c.incr(M::AuctionWon);
        c.add(M::AuctionWinSum, price as i64);
        // The winner has paid: its wealth at bidding time was coins + price.
        let wealth = s.city(seat).coins as i64 + price as i64;
        c.add(M::AuctionWinWealthPermille, price as i64 * 1000 / wealth);
        p.incr(seat, P::AuctionsWon);
    }
    let kind = match item {
        Item::Res(_) => M::LotResources,
        Item::Citizen(_) => M::LotCitizens,
        Item::Improvement(_) => M::LotImprovements,
    };
    c.incr(kind);
}

/// A trade by route (`seat`, route cost, `price`): the route, one more of the trade's count
/// and its coins (`count`, `coins`), for the game and for the seat (`seat_count`,
/// `seat_coins`).
#[inline]
fn trade(
    c: &mut MetricCounts,
    p: &mut SeatCounters,
    (seat, route, price): (Seat, u16, u16),
    (count, coins): (M, M),
    (seat_count, seat_coins): (P, P),
) {
    route_used(c, route);
    c.incr(count);
    c.add(coins, price as i64);
    p.incr(seat, seat_count);
    p.add(seat, seat_coins, price as i64);
}

/// A development card gained by `seat`: counted by source, with the VP it
/// brings.
#[inline]
fn dev_card(
    s: &State,
    seat: Seat,
    card: u8,
    source: DevSource,
    c: &mut MetricCounts,
    p: &mut SeatCounters,
) {
    let (dev, vp, player_vp) = from(source);
    c.incr(M::DevGained);
    c.incr(dev);
    // VP sources: points gained, by how the card was won.
    if let DevEffect::Vp(k) = s.rules.config.development[card as usize].effect {
        c.add(vp, k as i64);
        p.add(seat, player_vp, k as i64);
    }
}

/// A route travelled, of cost `cost`.
fn route_used(c: &mut MetricCounts, cost: u16) {
    c.incr(M::RouteCount);
    c.add(M::RouteCostSum, cost as i64);
    c.add(M::TravelSpent, cost as i64);
}
