//! What a Silk Road game means for the playtest lab: leader-auction prices, how often the
//! leader sells the pawn, goods bought and sold per city, tile use.

use crate::action::Action;
use crate::auctions::POINTS;
use crate::event::Event;
use crate::state::State;
use crate::SilkRoad;
use silk_core::{metric_ids, DecisionKind, MechanicUse, MetricCounts, Observe, SeatCounters};
use silk_trade::auction::{count_report, METRICS};

metric_ids! {
    /// The fixed metrics; after them each auction point's `auction.<key>.*` (silk-trade's
    /// report), then `sold@CITY` and `bought@CITY`, city by city. (The points come
    /// before the cities so that a point's metrics have the same numbers on every map: an
    /// auction's report is then counted where the engine emits it, without the state.)
    enum M {
        AuctionBids = "auction.bids",
        AuctionCount = "auction.count",
        AuctionNoBid = "auction.no_bid",
        AuctionWon = "auction.won",
        AuctionWinSum = "auction.win_sum",
        AuctionWinWealthPermille = "auction.win_wealth_permille",
        LeaderKeptUnbid = "leader.kept_unbid",
        LeaderSold = "leader.sold",
        LeaderKeptPaid = "leader.kept_paid",
        GoodsSold = "goods.sold",
        SilverFromSales = "silver.from_sales",
        GoodsBought = "goods.bought",
        SilverOnPurchases = "silver.on_purchases",
        TileTrader = "tile.trader",
        TileExchangerSwaps = "tile.exchanger_swaps",
        TileThief = "tile.thief",
        TileGrandVizier = "tile.grand_vizier",
        SilverFromViziers = "silver.from_viziers",
        TileCrookUsed = "tile.crook_used",
        TileBartererUsed = "tile.barterer_used",
        TileDeclined = "tile.declined",
    }
}

metric_ids! {
    /// Each seat's own measures (`player.*`): the leader auctions it won and what it paid (a
    /// holder who keeps the pawn by paying the best bid wins its own auction), what it was paid
    /// for the pawn, goods bought and sold, Grand Vizier reveals it was paid for, Thief uses.
    enum P {
        AuctionsWon = "player.auctions_won",
        AuctionPaid = "player.auction_paid",
        AuctionIncome = "player.auction_income",
        GoodsBought = "player.goods_bought",
        SilverOnPurchases = "player.silver_on_purchases",
        GoodsSold = "player.goods_sold",
        SilverFromSales = "player.silver_from_sales",
        VizierWins = "player.vizier_wins",
        SilverFromViziers = "player.silver_from_viziers",
        Thefts = "player.thefts",
    }
}

/// The number of auction point `point`'s first metric.
const fn at_point(point: u8) -> usize {
    M::NAMES.len() + point as usize * METRICS.len()
}

/// The number of the caravan's city's `sold@` metric (`bought@` right after it): each city's
/// pair is numbered by the city alone, so counting a sale reads no map.
#[inline(always)]
fn at_city(s: &State, bought: bool) -> usize {
    at_point(POINTS.len() as u8) + 2 * s.caravan as usize + bought as usize
}

impl Observe for SilkRoad {
    const DECISION_KINDS: &'static [DecisionKind] = &[
        DecisionKind::new(
            "bid",
            8.0,
            "a bid or pass for the leader pawn, selling or keeping it",
        ),
        DecisionKind::new("move", 20.0, "the leader moves the caravan"),
        DecisionKind::new(
            "tile",
            15.0,
            "take a tile (or barter), decline, give the pawn on",
        ),
        DecisionKind::new("trade", 15.0, "buy, sell, trade or exchange goods"),
        DecisionKind::new("thief", 8.0, "the Thief picks a victim"),
        DecisionKind::new(
            "vizier",
            10.0,
            "the Grand Vizier calls a good, players reveal",
        ),
    ];

    #[inline]
    fn decision_kind(action: &Action) -> usize {
        // A table by variant, not a `match` on the action: the lab asks at every decision, and
        // the jump table a `match` compiles to is mispredicted there.
        const KIND: [u8; Action::VARIANTS] = [0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4, 5, 5, 2, 2];
        KIND[action.variant()] as usize
    }

    fn metric_names(s: &State) -> Vec<String> {
        let cities = &s.rules.city_names;
        let fixed = M::NAMES.iter().map(|n| n.to_string());
        let cities = cities
            .iter()
            .flat_map(|c| [format!("sold@{c}"), format!("bought@{c}")]);
        let points = POINTS.iter().flat_map(|p| p.metric_names());
        fixed.chain(points).chain(cities).collect()
    }

    const PLAYER_MEASURES: &'static [&'static str] = P::NAMES;

    const BRANCHES: &'static [silk_core::Branch] = crate::coverage::B::BRANCHES;

    #[inline]
    fn cover_action(s: &State, seat: silk_core::Seat, a: &Action, hits: &mut silk_core::Hits) {
        crate::coverage::action(s, seat, a, hits)
    }

    // Always inlined: at an emit site of the lab's event sink the match folds to one branch.
    #[inline(always)]
    fn cover_event(e: &Event, hits: &mut silk_core::Hits) {
        crate::coverage::event(e, hits)
    }

    /// What an event says on its own (the lab counts these as the engine emits them).
    #[inline(always)]
    fn count_emitted(e: &Event, c: &mut MetricCounts, p: &mut SeatCounters) {
        match *e {
            Event::Bid { .. } => c.incr(M::AuctionBids),
            Event::NoBids { .. } => {
                c.incr(M::AuctionCount);
                c.incr(M::AuctionNoBid);
                c.incr(M::LeaderKeptUnbid);
            }
            Event::Traded { .. } => c.incr(M::TileTrader),
            Event::Swapped { .. } => c.incr(M::TileExchangerSwaps),
            Event::Stole { thief, .. } => {
                c.incr(M::TileThief);
                p.incr(thief, P::Thefts);
            }
            Event::VizierCalled { .. } => c.incr(M::TileGrandVizier),
            Event::UsedCrook { .. } => c.incr(M::TileCrookUsed),
            Event::TookTile { barter: true, .. } => c.incr(M::TileBartererUsed),
            Event::Declined { .. } => c.incr(M::TileDeclined),
            Event::AuctionClosed { point, report } => count_report(c, at_point(point), &report),
            Event::Revealed { paid, .. } => {
                // Seats beyond the game's players are paid nothing.
                c.add(
                    M::SilverFromViziers,
                    paid.iter().map(|&p| p as i64).sum::<i64>(),
                );
                for (seat, &silver) in paid.iter().enumerate() {
                    if silver > 0 {
                        let seat = silk_core::Seat(seat as u8);
                        p.incr(seat, P::VizierWins);
                        p.add(seat, P::SilverFromViziers, silver as i64);
                    }
                }
            }
            _ => {}
        }
    }

    /// What needs the state: the city a sale is in, the winner's silver. Always inlined: the
    /// lab calls it for a few events a round, and out of line its code was cold at each call.
    #[inline(always)]
    fn observe(s: &State, e: &Event, c: &mut MetricCounts, p: &mut SeatCounters) {
        match *e {
            Event::PawnSold { from, to, price } => {
                // The winner has paid: their wealth at bidding time was money + price.
                auction_won(c, price as i64, s.money[to.index()] as i64 + price as i64);
                c.incr(M::LeaderSold);
                seat_won(p, to, from, price);
            }
            Event::PawnKept {
                holder,
                paid_to,
                price,
            } => {
                auction_won(
                    c,
                    price as i64,
                    s.money[paid_to.index()] as i64 - price as i64,
                );
                c.incr(M::LeaderKeptPaid);
                seat_won(p, holder, paid_to, price);
            }
            Event::Sold {
                seat, n, earned, ..
            } => {
                c.add(M::GoodsSold, n as i64);
                c.add(M::SilverFromSales, earned as i64);
                c.add(at_city(s, false), n as i64);
                p.add(seat, P::GoodsSold, n as i64);
                p.add(seat, P::SilverFromSales, earned as i64);
            }
            Event::Bought { seat, n, paid, .. } => {
                c.add(M::GoodsBought, n as i64);
                c.add(M::SilverOnPurchases, paid as i64);
                c.add(at_city(s, true), n as i64);
                p.add(seat, P::GoodsBought, n as i64);
                p.add(seat, P::SilverOnPurchases, paid as i64);
            }
            _ => {}
        }
    }

    /// The events `observe` counts (those that need the state): the rest are counted as they
    /// are emitted (`count_emitted`) or are narration, which a simulation does not keep.
    #[inline(always)]
    fn observes(e: &Event) -> bool {
        matches!(
            e,
            Event::PawnSold { .. }
                | Event::PawnKept { .. }
                | Event::Sold { .. }
                | Event::Bought { .. }
        )
    }

    fn mechanics() -> Vec<MechanicUse> {
        let mut uses: Vec<MechanicUse> = POINTS.iter().map(|p| p.mechanic_use()).collect();
        uses.push(MechanicUse {
            mechanic: "route",
            key: "caravan",
            about: "the leader moves the caravan one arrow a round; arrows cost nothing, so there is no cheapest path to choose, and a fixed path would take away the leader's only move: no route rule",
            param: None,
            default: "leader's choice".into(),
            choices: Vec::new(),
            value: None,
        });
        uses
    }

    const STANDING: &'static str =
        "the final count if the game ended now: money + goods + majority bonuses";

    const SCORE: &'static str = "points if the game ended now";

    const COINS: &'static str = "money (silver value: a gold coin is 5)";

    fn coins(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend(s.money[..s.players()].iter().map(|&m| m as i64));
    }

    fn standing(s: &State, out: &mut Vec<i64>) {
        out.clear();
        let totals = crate::scoring::totals(s);
        out.extend(totals[..s.players()].iter().map(|&x| x as i64));
    }

    /// The standing's leader from its totals in an array: no vector to fill at every round.
    #[inline]
    fn leader(s: &State, _: &mut Vec<i64>) -> Option<usize> {
        let totals = crate::scoring::totals(s).map(i64::from);
        silk_core::standings::sole_leader(&totals[..s.players()])
    }
}

/// Seat `won` took the leader pawn for `price`, paid to seat `paid_to`.
#[inline(always)]
fn seat_won(p: &mut SeatCounters, won: silk_core::Seat, paid_to: silk_core::Seat, price: u16) {
    p.incr(won, P::AuctionsWon);
    p.add(won, P::AuctionPaid, price as i64);
    p.add(paid_to, P::AuctionIncome, price as i64);
}

#[inline(always)]
fn auction_won(c: &mut MetricCounts, price: i64, wealth: i64) {
    c.incr(M::AuctionCount);
    c.incr(M::AuctionWon);
    c.add(M::AuctionWinSum, price);
    if wealth > 0 {
        c.add(M::AuctionWinWealthPermille, price * 1000 / wealth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goods::Good;
    use silk_core::Seat;

    /// Each decision is counted under its kind (bid, move, tile, trade, thief, vizier), whatever
    /// its variant: the table by variant agrees with the kinds' descriptions.
    #[test]
    fn every_action_has_its_decision_kind() {
        let (g, h) = (Good::ALL[0], Good::ALL[1]);
        let cases = [
            (Action::Bid(3), "bid"),
            (Action::Pass, "bid"),
            (Action::SellPawn, "bid"),
            (Action::KeepPawn, "bid"),
            (Action::Move(2), "move"),
            (
                Action::Take {
                    slot: 1,
                    barter: true,
                },
                "tile",
            ),
            (Action::Sell { good: g, n: 2 }, "trade"),
            (Action::Buy { good: g, n: 1 }, "trade"),
            (
                Action::Trade {
                    times: 1,
                    give: g,
                    get: h,
                },
                "trade",
            ),
            (Action::Swap { give: g, get: h }, "trade"),
            (Action::Steal(Seat(1)), "thief"),
            (Action::Vizier(g), "vizier"),
            (Action::Reveal(0), "vizier"),
            (Action::Decline, "tile"),
            (Action::GivePawn(Seat(2)), "tile"),
        ];
        let mut seen = [false; Action::VARIANTS];
        for (a, kind) in cases {
            assert!(!std::mem::replace(&mut seen[a.variant()], true), "{a:?}");
            let k = <SilkRoad as Observe>::decision_kind(&a);
            assert_eq!(SilkRoad::DECISION_KINDS[k].name, kind, "{a:?}");
        }
        assert!(seen.iter().all(|&s| s), "every variant is numbered once");
    }
}
