//! What a Silk Road game means for the playtest lab: leader-auction prices, how often the
//! leader sells the pawn, goods bought and sold per city, tile use.

use crate::action::Action;
use crate::event::Event;
use crate::state::State;
use crate::SilkRoad;
use silk_core::{Counters, DecisionKind, Observe};

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

    fn decision_kind(action: &Action) -> usize {
        match action {
            Action::Bid(_) | Action::Pass | Action::SellPawn | Action::KeepPawn => 0,
            Action::Move(_) => 1,
            Action::Take { .. } | Action::Decline | Action::GivePawn(_) => 2,
            Action::Sell { .. }
            | Action::Buy { .. }
            | Action::Trade { .. }
            | Action::Swap { .. } => 3,
            Action::Steal(_) => 4,
            Action::Vizier(_) | Action::Reveal(_) => 5,
        }
    }

    fn observe(s: &State, e: &Event, c: &mut Counters) {
        let city = || s.rules.name(s.caravan).to_string();
        match *e {
            Event::Bid { .. } => c.incr("auction.bids"),
            Event::NoBids { .. } => {
                c.incr("auction.count");
                c.incr("auction.no_bid");
                c.incr("leader.kept_unbid");
            }
            Event::PawnSold { to, price, .. } => {
                // The winner has paid: their wealth at bidding time was money + price.
                auction_won(c, price as i64, s.money[to.index()] as i64 + price as i64);
                c.incr("leader.sold");
            }
            Event::PawnKept { paid_to, price, .. } => {
                auction_won(
                    c,
                    price as i64,
                    s.money[paid_to.index()] as i64 - price as i64,
                );
                c.incr("leader.kept_paid");
            }
            Event::Sold { n, earned, .. } => {
                c.add("goods.sold", n as i64);
                c.add("silver.from_sales", earned as i64);
                c.add(&format!("sold@{}", city()), n as i64);
            }
            Event::Bought { n, paid, .. } => {
                c.add("goods.bought", n as i64);
                c.add("silver.on_purchases", paid as i64);
                c.add(&format!("bought@{}", city()), n as i64);
            }
            Event::Traded { .. } => c.incr("tile.trader"),
            Event::Swapped { .. } => c.incr("tile.exchanger_swaps"),
            Event::Stole { .. } => c.incr("tile.thief"),
            Event::VizierCalled { .. } => c.incr("tile.grand_vizier"),
            Event::Revealed { paid, .. } => c.add(
                "silver.from_viziers",
                paid.iter().map(|&p| p as i64).sum::<i64>(),
            ),
            Event::UsedCrook { .. } => c.incr("tile.crook_used"),
            Event::TookTile { barter: true, .. } => c.incr("tile.barterer_used"),
            Event::Declined { .. } => c.incr("tile.declined"),
            _ => {}
        }
    }

    fn standing(s: &State, out: &mut Vec<i64>) {
        out.clear();
        let sc = crate::scoring::scores(s);
        out.extend(sc[..s.players()].iter().map(|x| x.total as i64));
    }
}

fn auction_won(c: &mut Counters, price: i64, wealth: i64) {
    c.incr("auction.count");
    c.incr("auction.won");
    c.add("auction.win_sum", price);
    if wealth > 0 {
        c.add("auction.win_wealth_permille", price * 1000 / wealth);
    }
}
