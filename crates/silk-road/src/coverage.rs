//! The branches of the Silk Road rules `silk coverage` counts: every option of every decision,
//! every event, each kind of tile taken, the leader auction with and without bids, Grand
//! Vizier ties. The matches are exhaustive, so a new action or event does not compile until it
//! has a branch.

use crate::action::Action;
use crate::data::TileKind;
use crate::event::Event;
use crate::state::State;
use silk_core::{branch_ids, Hits, Seat};

branch_ids! {
    /// Every branch of a Silk Road game.
    pub enum B {
        Bid = ("action.bid", "bid silver for the leader pawn", "a player wants to lead the caravan"),
        Pass = ("action.pass", "pass in the leader auction", "a player does not want to lead"),
        SellPawn = ("action.sell_pawn", "the holder sells the pawn to the high bidder", "the high bid is worth more to the holder than leading"),
        KeepPawn = ("action.keep_pawn", "the holder pays the high bid and keeps the pawn", "leading is worth the high bid to the holder"),
        Move = ("action.move", "the leader moves the caravan", "every turn"),
        Take = ("action.take", "take a tile", "every turn"),
        TakeBarter = ("action.take.barter", "take a tile with a Barterer (a second follows)", "a player holds a Barterer"),
        Sell = ("action.sell", "sell goods on a Seller", "a player holds the good a Seller buys"),
        Buy = ("action.buy", "buy goods on a Buyer", "a player holds silver"),
        TradeOnce = ("action.trade.once", "use a Trader once", "a player holds the goods a Trader takes"),
        TradeTwice = ("action.trade.twice", "use a Trader twice", "a player holds twice the goods a Trader takes"),
        Swap = ("action.swap", "swap goods on an Exchanger", "a player holds goods and wants others"),
        Steal = ("action.steal", "the Thief picks a victim", "a player takes a Thief"),
        Vizier = ("action.vizier", "the Grand Vizier calls a good", "a player takes a Grand Vizier"),
        RevealNone = ("action.reveal.none", "show none of the called good", "a player holds none, or keeps them hidden"),
        RevealSome = ("action.reveal.some", "show goods of the called good", "a player holds the called good"),
        Decline = ("action.decline", "decline a tile's action or the city's bonus", "the action is worth nothing to the player"),
        GivePawn = ("action.give_pawn", "give the leader pawn on", "the leader's turns are over"),
        AuctionOpened = ("event.auction_opened", "a leader auction opens", "every round"),
        BidMade = ("event.bid", "a bid is made", "any bid"),
        Passed = ("event.passed", "a pass", "any pass"),
        SealedBid = ("event.sealed_bid", "a sealed bid is in", "a sealed leader auction format (leader_auction = sealed/…); none under the rules' once-around auction"),
        NoBids = ("event.no_bids", "nobody bids for the pawn", "no player wants to lead"),
        PawnSold = ("event.pawn_sold", "the pawn is sold", "the holder sells"),
        PawnKept = ("event.pawn_kept", "the pawn is kept for the high bid", "the holder keeps"),
        Moved = ("event.moved", "the caravan moves", "every turn"),
        TookSeller = ("tile.seller", "a Seller taken", "a Seller lies in the caravan's city"),
        TookBuyer = ("tile.buyer", "a Buyer taken", "a Buyer lies in the caravan's city"),
        TookTrader = ("tile.trader", "a Trader taken", "a Trader lies in the caravan's city"),
        TookExchanger = ("tile.exchanger", "an Exchanger taken", "an Exchanger lies in the caravan's city"),
        TookThief = ("tile.thief", "a Thief taken", "a Thief lies in the caravan's city"),
        TookVizier = ("tile.grand_vizier", "a Grand Vizier taken", "a Grand Vizier lies in the caravan's city"),
        TookCrook = ("tile.crook", "a Crook taken (kept)", "a Crook lies in the caravan's city"),
        TookBarterer = ("tile.barterer", "a Barterer taken (kept)", "a Barterer lies in the caravan's city"),
        BonusOffered = ("event.bonus_offered", "the leader is offered the city's printed action", "the caravan reaches a city"),
        DeclinedTile = ("event.declined.tile", "a tile's action not used", "a player declines a tile"),
        DeclinedBonus = ("event.declined.bonus", "the city's bonus not used", "the leader declines the bonus"),
        UsedCrook = ("event.used_crook", "a Crook changes a good on a tile", "a player holding a Crook uses a tile with another good"),
        Sold = ("event.sold", "goods sold", "any sale"),
        Bought = ("event.bought", "goods bought", "any purchase"),
        Traded = ("event.traded", "goods traded", "any trade"),
        Swapped = ("event.swapped", "goods swapped", "any swap"),
        Stole = ("event.stole", "a good stolen", "a Thief's victim holds goods"),
        StoleNothing = ("event.stole_nothing", "a Thief's victim had nothing", "a Thief picks a victim with no goods: shields hide how many each holds, so a thief cannot avoid one; rare (under 1 % of games) when every rival keeps goods, as traders do"),
        VizierCalled = ("event.vizier_called", "a good called", "any Grand Vizier"),
        Showed = ("event.showed", "a seat shows its count at once", "an open reveal format (vizier_auction = open_ascending/… or once_around/…); none under the rules' sealed reveal"),
        Committed = ("event.committed", "a sealed reveal is in", "any sealed Grand Vizier reveal (the rules' format); none under an open vizier_auction"),
        Revealed = ("event.revealed", "the Grand Vizier's counts are shown and paid", "any Grand Vizier"),
        VizierTie = ("vizier.tie", "two or more players tie for the most of the called good", "players show equal counts of the called good in a sealed reveal; an open reveal never ties (each show must beat the last)"),
        PawnPassed = ("event.pawn_passed", "the pawn passes on", "the leader's turns are over"),
        LeaderBid = ("auction.leader.bid", "the leader auction had a bidder", "a player bids for the pawn"),
        LeaderNoBid = ("auction.leader.no_bid", "nobody bid for the pawn", "nobody wants to lead"),
        VizierAuction = ("auction.vizier.closed", "a Grand Vizier reveal closed", "any Grand Vizier"),
        GameOver = ("event.game_over", "the game ends", "every game"),
    }
}

/// The branch of each action (`s` is the state after it).
#[inline]
pub(crate) fn action(_s: &State, _seat: Seat, a: &Action, hits: &mut Hits) {
    let b = match *a {
        Action::Bid(_) => B::Bid,
        Action::Pass => B::Pass,
        Action::SellPawn => B::SellPawn,
        Action::KeepPawn => B::KeepPawn,
        Action::Move(_) => B::Move,
        Action::Take { barter: false, .. } => B::Take,
        Action::Take { barter: true, .. } => B::TakeBarter,
        Action::Sell { .. } => B::Sell,
        Action::Buy { .. } => B::Buy,
        Action::Trade { times: 2.., .. } => B::TradeTwice,
        Action::Trade { .. } => B::TradeOnce,
        Action::Swap { .. } => B::Swap,
        Action::Steal(_) => B::Steal,
        Action::Vizier(_) => B::Vizier,
        Action::Reveal(0) => B::RevealNone,
        Action::Reveal(_) => B::RevealSome,
        Action::Decline => B::Decline,
        Action::GivePawn(_) => B::GivePawn,
    };
    hits.hit(b);
}

/// The branches of each event.
#[inline(always)]
pub(crate) fn event(e: &Event, hits: &mut Hits) {
    let b = match *e {
        Event::AuctionOpened { .. } => B::AuctionOpened,
        Event::Bid { .. } => B::BidMade,
        Event::Passed { .. } => B::Passed,
        Event::SealedBid { .. } => B::SealedBid,
        Event::NoBids { .. } => B::NoBids,
        Event::PawnSold { .. } => B::PawnSold,
        Event::PawnKept { .. } => B::PawnKept,
        Event::Moved { .. } => B::Moved,
        Event::TookTile { kind, .. } => match kind {
            TileKind::Seller(_) => B::TookSeller,
            TileKind::Buyer(_) => B::TookBuyer,
            TileKind::Trader { .. } => B::TookTrader,
            TileKind::Exchanger(_) => B::TookExchanger,
            TileKind::Thief => B::TookThief,
            TileKind::GrandVizier => B::TookVizier,
            TileKind::Crook => B::TookCrook,
            TileKind::Barterer => B::TookBarterer,
        },
        Event::BonusOffered { .. } => B::BonusOffered,
        Event::Declined { bonus: false, .. } => B::DeclinedTile,
        Event::Declined { bonus: true, .. } => B::DeclinedBonus,
        Event::UsedCrook { .. } => B::UsedCrook,
        Event::Sold { .. } => B::Sold,
        Event::Bought { .. } => B::Bought,
        Event::Traded { .. } => B::Traded,
        Event::Swapped { .. } => B::Swapped,
        Event::Stole { good: Some(_), .. } => B::Stole,
        Event::Stole { good: None, .. } => B::StoleNothing,
        Event::VizierCalled { .. } => B::VizierCalled,
        Event::Showed { .. } => B::Showed,
        Event::Committed { .. } => B::Committed,
        Event::Revealed { counts, .. } => {
            let most = counts.iter().copied().max().unwrap_or(0);
            if most > 0 && counts.iter().filter(|&&c| c == most).count() > 1 {
                hits.hit(B::VizierTie);
            }
            B::Revealed
        }
        Event::PawnPassed { .. } => B::PawnPassed,
        Event::AuctionClosed { point: 0, report } if report.bidders > 0 => B::LeaderBid,
        Event::AuctionClosed { point: 0, .. } => B::LeaderNoBid,
        Event::AuctionClosed { .. } => B::VizierAuction,
        Event::GameOver => B::GameOver,
    };
    hits.hit(b);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goods::Good;

    /// Each action hits the branch its name says, the three variants that split in two
    /// included.
    #[test]
    fn every_action_hits_its_own_branch() {
        let (g, h) = (Good::ALL[0], Good::ALL[1]);
        let take = |barter| Action::Take { slot: 0, barter };
        let trade = |times| Action::Trade {
            times,
            give: g,
            get: h,
        };
        let cases = [
            (Action::Bid(3), "action.bid"),
            (Action::Pass, "action.pass"),
            (Action::SellPawn, "action.sell_pawn"),
            (Action::KeepPawn, "action.keep_pawn"),
            (Action::Move(2), "action.move"),
            (take(false), "action.take"),
            (take(true), "action.take.barter"),
            (Action::Sell { good: g, n: 2 }, "action.sell"),
            (Action::Buy { good: g, n: 1 }, "action.buy"),
            (trade(1), "action.trade.once"),
            (trade(2), "action.trade.twice"),
            (Action::Swap { give: g, get: h }, "action.swap"),
            (Action::Steal(Seat(1)), "action.steal"),
            (Action::Vizier(g), "action.vizier"),
            (Action::Reveal(0), "action.reveal.none"),
            (Action::Reveal(2), "action.reveal.some"),
            (Action::Decline, "action.decline"),
            (Action::GivePawn(Seat(2)), "action.give_pawn"),
        ];
        let state = crate::setup::setup(&crate::SilkRoadConfig::new(4), 7).unwrap();
        for (a, name) in cases {
            let mut hits = Hits::default();
            action(&state, Seat(0), &a, &mut hits);
            let hit: Vec<&str> = hits.iter().map(|(b, _)| B::BRANCHES[b].name).collect();
            assert_eq!(hit, [name], "{a:?}");
        }
    }
}
