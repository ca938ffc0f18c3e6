//! The branches of the Cities rules `silk coverage` counts: every option of every decision,
//! every event, and the branches the parameters and the table's state select (a fall, a
//! Golden Age's card, a barbarian raid faced or not, each improvement, each auction point
//! with and without bids). The matches are exhaustive, so a new action or event does not
//! compile until it has a branch.

use crate::action::Action;
use crate::data::{DevEffect, ImprovementEffect};
use crate::event::{DevSource, Event};
use crate::state::{Item, Res, Role, State, NONE};
use silk_core::{branch_ids, Hits, Seat};

branch_ids! {
    /// Every branch of a Cities game.
    pub enum B {
        Claim = ("action.claim", "claim a starting region", "every game opens so"),
        Bid = ("action.bid", "a bid in an auction (barbarians, priority, a fallen city's lot)", "a player with coins or Soldiers wants the lot"),
        Pass = ("action.pass", "pass in an auction or at a route choice", "a player does not want the lot, or calls a route off"),
        AssignMerchant = ("action.assign.merchant", "make a citizen a Merchant", "a player wants to trade more this round"),
        AssignLaborer = ("action.assign.laborer", "make a citizen a Laborer", "a city short of Laborers with a spare Soldier or Merchant: greedy bots grow a Laborer whenever food allows (about 50 growths a game), so none runs short and none reassigns"),
        AssignSoldier = ("action.assign.soldier", "make a citizen a Soldier", "a player arms for the barbarians or an attack"),
        AssignRecruit = ("action.assign.recruit", "make a citizen a Recruit (trains into a Soldier)", "dominated: assigning to Soldier already makes a Recruit without Barracks and a trained Soldier with them, so no player gains by choosing Recruit (a dead option)"),
        GatherFood = ("action.gather.food", "a Laborer gathers food", "a Laborer is free and food is wanted (growth, sale)"),
        GatherMetal = ("action.gather.metal", "a Laborer gathers metal", "a Laborer is free and metal is wanted (improvements, sale)"),
        GatherOther = ("action.gather.silk_or_fine", "a Laborer gathers silk or fine silk (a region's specialty)", "never: Laborers gather only food and metal (silk comes from the empires' tracks); the action exists for data that would allow it"),
        Build = ("action.build", "build an improvement", "a player holds an improvement's cost"),
        Grow = ("action.grow", "grow a Laborer for food", "a player holds the food growth costs"),
        Buy = ("action.buy", "a Merchant buys a card from an empire", "a player has a free Merchant and coins"),
        Sell = ("action.sell", "a Merchant sells a card to an empire", "a player has a free Merchant and a card an empire takes"),
        Offer = ("action.offer", "a Merchant offers a card to another City-State", "a player has a card another city may pay more for than an empire"),
        Accept = ("action.accept", "accept another city's offer", "the offer's price is below what the card is worth to the buyer"),
        Refuse = ("action.refuse", "refuse another city's offer", "the offer's price is too high"),
        Attack = ("action.attack", "send trained Soldiers against a City-State", "a player has trained Soldiers and a weaker target"),
        Defend = ("action.defend", "commit Soldiers to a defence", "a city is attacked"),
        PlayAttack = ("action.play.attack_bonus", "play a card that strengthens an attack", "a player holds the card and fights as attacker"),
        PlayDefence = ("action.play.defence_bonus", "play a card that strengthens a defence", "a player holds the card and is attacked"),
        PlayTravel = ("action.play.ignore_travel", "play a card that waives travel costs this round", "a player holds the card and trades far"),
        PlayGather = ("action.play.gather_bonus", "play a card that raises the next gather", "a player holds the card and has a Laborer to gather"),
        PlayVp = ("action.play.vp", "play a victory-point card (the rules never let one be played)", "never: the rules let no VP card be played (they are held hidden until the win)"),
        EndTurn = ("action.end_turn", "end the turn", "every turn ends so"),
        RouteCheapest = ("action.route.cheapest", "take the cheapest route", "route_rule = waypoint: a mover keeps the cheapest path"),
        RouteVia = ("action.route.via", "route by way of a named region", "route_rule = waypoint: a mover avoids a toll or a stack"),
        Demand = ("action.demand", "demand a toll of a mover crossing your region", "toll_policy = demand and a route crosses another player's city"),
        PayToll = ("action.pay_toll", "pay a demanded toll", "the toll is worth the trade"),
        RefuseToll = ("action.refuse_toll", "refuse a demanded toll (reroute or call off)", "the toll is higher than the trade is worth"),
        Keep = ("action.keep", "keep your City-State in Rise and Fall", "every round's Rise and Fall, for each player who does not fall"),
        Fall = ("action.fall", "let your City-State fall for a Golden Age and rise elsewhere", "a city's Golden Age (its holdings' value plus a treasury) outweighs what it holds"),
        LotRes = ("action.lot.resource", "put a fallen city's resource up for auction", "a fallen city held resources"),
        LotCitizen = ("action.lot.citizen", "put a fallen city's citizen up for auction", "a fallen city held citizens"),
        LotImprovement = ("action.lot.improvement", "put a fallen city's improvement up for auction", "a fallen city held improvements"),
        Claimed = ("event.claimed", "a City-State is founded", "every game opens so"),
        RoundStarted = ("event.round_started", "a round begins", "every round"),
        Income = ("event.income", "a city collects income", "every round"),
        SilkFlipped = ("event.silk_flipped", "China receives silk", "every round while the silk deck lasts"),
        SilkFell = ("event.silk_fell_off", "silk cards fall off China's full track", "China's silk track is full when silk arrives: only when nobody buys silk for rounds (greedy bots buy it whenever Byzantium pays 3 more)"),
        SilkDeckEmpty = ("event.silk_deck_empty", "the silk deck is empty: no card this round", "reshuffle = never (by default the discards are reshuffled into a new deck, so it never stays empty)"),
        Reshuffled = ("event.reshuffled", "discards are shuffled into a new silk deck", "the silk deck runs out (reshuffle = discards)"),
        BarbariansCome = ("event.barbarians_come", "barbarians arrive and an auction in Soldiers opens", "every round"),
        BidMade = ("event.bid", "a bid is made", "any auction with a bidder"),
        Passed = ("event.passed", "a pass in an auction", "any auction"),
        SealedBid = ("event.sealed_bid", "a sealed bid is in", "an auction format with sealed bids (barb_auction, priority_auction, lot_auction = sealed/…)"),
        BarbariansBid = ("auction.barbarians.bid", "the barbarian auction had a bidder", "a player bids Soldiers against the barbarians"),
        BarbariansNoBid = ("auction.barbarians.no_bid", "nobody bid in the barbarian auction", "nobody has or spends Soldiers"),
        PriorityBid = ("auction.priority.bid", "the priority auction had a bidder", "a player pays coins to move first"),
        PriorityNoBid = ("auction.priority.no_bid", "nobody bid for priority", "nobody bids for priority: greedy bots each pay 1–2 coins to move first, so it happens only when nobody holds a coin"),
        LotBid = ("auction.lot.bid", "a fallen city's lot had a bidder", "a city falls holding something another player wants"),
        LotNoBid = ("auction.lot.no_bid", "nobody bid for a fallen city's lot", "a city falls holding something nobody wants"),
        SoldiersLost = ("event.soldiers_lost", "Soldiers are lost to the barbarians", "a player commits Soldiers to the barbarian auction"),
        RaidWon = ("barbarians.repelled", "a player drives the barbarians off (the raid is won)", "a player bids Soldiers in the barbarian auction"),
        RaidLost = ("barbarians.unopposed", "nobody faces the barbarians: everyone pays more travel (the raid is lost)", "nobody bids Soldiers in the barbarian auction"),
        DevBarbarians = ("dev.from_barbarians", "a development card for repelling the barbarians", "a player wins the barbarian auction while cards remain"),
        DevAttack = ("dev.from_attack", "a development card for a won attack", "an attack wins (undefended_card decides when the defender commits nothing)"),
        DevGoldenAge = ("dev.from_golden_age", "a development card with a Golden Age", "ga_dev_card = true (off by default) and a city falls"),
        NoDevCards = ("event.no_dev_cards", "a card is due but the deck is empty", "the development deck and its discards run out (long games with many barbarian and attack wins)"),
        Priority = ("event.priority", "a player has priority", "every round"),
        TurnStarted = ("event.turn_started", "a turn begins", "every turn"),
        Assigned = ("event.assigned", "a citizen changes role", "any assign"),
        Gathered = ("event.gathered", "resources gathered", "any gather"),
        Built = ("event.built", "an improvement is built", "any build"),
        BuiltGranary = ("improvement.growth_discount", "build an improvement that makes growth cheaper (Granary)", "a player holds its cost and means to grow"),
        BuiltWorkshop = ("improvement.gather_bonus", "build an improvement that raises gathering (Workshop)", "a player holds its cost and gathers its specialty"),
        BuiltCaravanserai = ("improvement.route_discount", "build an improvement that makes routes cheaper (Caravanserai)", "a player holds its cost and trades far"),
        BuiltBarracks = ("improvement.no_training", "build an improvement that lets Soldiers skip training (Barracks)", "a player holds its cost and arms"),
        BuiltWalls = ("improvement.defence_bonus", "build an improvement that strengthens defence (Walls)", "a player holds its cost and fears attacks"),
        BuiltPalace = ("improvement.fall_coins", "build an improvement that raises a Golden Age (Palace)", "a player holds its cost and means to fall"),
        Grew = ("event.grew", "a city grows a Laborer", "any grow"),
        Bought = ("event.bought", "a card bought from an empire", "any buy that completes its route"),
        Sold = ("event.sold", "a card sold to an empire", "any sale that completes its route"),
        Offered = ("trade.offered", "a card offered to another City-State", "any offer"),
        OfferRefused = ("trade.refused", "an offer refused", "the buyer refuses"),
        Delivered = ("trade.accepted", "an offer accepted and delivered", "the buyer accepts and the route completes"),
        TollDemanded = ("toll.demanded", "a toll demanded", "toll_policy = demand and a route crosses another player's city"),
        TollPaid = ("toll.paid", "a toll paid", "a route crosses another player's city and the mover pays"),
        TollRefused = ("toll.refused", "a demanded toll refused", "the mover refuses a toll"),
        ViaWaypoint = ("event.route_via", "a route goes by way of a waypoint", "route_rule = waypoint and a mover names one"),
        Rerouted = ("event.rerouted", "a mover takes another route", "a refused toll or a waypoint choice"),
        MoveCancelled = ("event.move_cancelled", "a move is called off", "a mover passes at a route choice after a refused toll: greedy bots refuse a toll only when a route round the city is open and affordable, so they never call a move off"),
        Attacked = ("event.attacked", "an army reaches its target", "any attack that completes its route"),
        CardPlayed = ("event.card_played", "a development card played", "any play"),
        Fight = ("event.fight", "a battle is fought", "any attack that arrives"),
        Plundered = ("attack.won", "a winning attacker plunders", "an attack stronger than the defence"),
        ReservePaid = ("attack.lost", "a beaten attacker pays its reserve to the defender", "an attack weaker than the defence (reserve_to_defender = true)"),
        TurnEnded = ("event.turn_ended", "a turn ends", "every turn"),
        Treasury = ("event.treasury", "coins go to a region's treasury", "stacks left on the map at Rise and Fall"),
        Kept = ("event.kept", "a City-State is kept", "a player keeps its city"),
        Fell = ("fall.golden_age", "a City-State falls and rises elsewhere with a Golden Age", "a player lets its city fall"),
        LotOffered = ("event.lot_offered", "a fallen city's item put up", "a city falls holding something"),
        LotWon = ("event.lot_won", "a fallen city's item taken", "a city falls holding something"),
        FreeLaborer = ("event.free_laborer", "an empty new city gains a Laborer", "empty_city_laborer = true and a city falls with no citizens left"),
        GameWon = ("end.target_vp", "a player reveals the target VP and wins", "a player reaches target_vp"),
        GameOver = ("end.round_cap", "the round cap ends the game", "nobody reaches target_vp by max_rounds"),
    }
}

/// The branch of each action, `seat`'s, just applied (`s` is the state after it).
#[inline]
pub(crate) fn action(s: &State, _seat: Seat, a: &Action, hits: &mut Hits) {
    let b = match *a {
        Action::Claim(_) => B::Claim,
        Action::Bid(_) => B::Bid,
        Action::Pass => B::Pass,
        Action::Assign { to, .. } => match to {
            Role::Merchant => B::AssignMerchant,
            Role::Laborer => B::AssignLaborer,
            Role::Soldier => B::AssignSoldier,
            Role::Recruit => B::AssignRecruit,
        },
        Action::Gather(Res::Food) => B::GatherFood,
        Action::Gather(Res::Metal) => B::GatherMetal,
        Action::Gather(Res::Silk | Res::Fine) => B::GatherOther,
        Action::Build(k) => {
            // The rules say what the improvement does: the action sees them, the event not.
            hits.hit(match s.rules.improvement(k).map(|i| i.effect) {
                Some(ImprovementEffect::GrowthDiscount(_)) => B::BuiltGranary,
                Some(ImprovementEffect::GatherBonus(_)) => B::BuiltWorkshop,
                Some(ImprovementEffect::RouteDiscount(_)) => B::BuiltCaravanserai,
                Some(ImprovementEffect::NoTraining) => B::BuiltBarracks,
                Some(ImprovementEffect::DefenceBonus(_)) => B::BuiltWalls,
                Some(ImprovementEffect::FallCoins(_)) | None => B::BuiltPalace,
            });
            B::Build
        }
        Action::Grow => B::Grow,
        Action::Buy { .. } => B::Buy,
        Action::Sell { .. } => B::Sell,
        Action::Offer { .. } => B::Offer,
        Action::Accept => B::Accept,
        Action::Refuse => B::Refuse,
        Action::Attack { .. } => B::Attack,
        Action::Defend(_) => B::Defend,
        Action::Play(t) => match s.rules.config.development.get(t as usize).map(|d| d.effect) {
            Some(DevEffect::AttackBonus(_)) => B::PlayAttack,
            Some(DevEffect::DefenceBonus(_)) => B::PlayDefence,
            Some(DevEffect::IgnoreTravel(_)) => B::PlayTravel,
            Some(DevEffect::GatherBonus(_)) => B::PlayGather,
            Some(DevEffect::Vp(_)) | None => B::PlayVp,
        },
        Action::EndTurn => B::EndTurn,
        Action::Route(NONE) => B::RouteCheapest,
        Action::Route(_) => B::RouteVia,
        Action::Demand(_) => B::Demand,
        Action::PayToll => B::PayToll,
        Action::RefuseToll => B::RefuseToll,
        Action::Keep => B::Keep,
        Action::Fall(_) => B::Fall,
        Action::Lot(Item::Res(_)) => B::LotRes,
        Action::Lot(Item::Citizen(_)) => B::LotCitizen,
        Action::Lot(Item::Improvement(_)) => B::LotImprovement,
    };
    hits.hit(b);
}

/// The branches of each event.
#[inline(always)]
pub(crate) fn event(e: &Event, hits: &mut Hits) {
    let b = match *e {
        Event::Claimed { .. } => B::Claimed,
        Event::RoundStarted { .. } => B::RoundStarted,
        Event::Income { .. } => B::Income,
        Event::SilkFlipped { fell, .. } => {
            if fell > 0 {
                hits.hit(B::SilkFell);
            }
            B::SilkFlipped
        }
        Event::SilkDeckEmpty => B::SilkDeckEmpty,
        Event::Reshuffled { .. } => B::Reshuffled,
        Event::BarbariansCome { .. } => B::BarbariansCome,
        Event::Bid { .. } => B::BidMade,
        Event::Passed { .. } => B::Passed,
        Event::SealedBid { .. } => B::SealedBid,
        Event::AuctionClosed { point, report } => match (point, report.bidders > 0) {
            (0, true) => B::BarbariansBid,
            (0, false) => B::BarbariansNoBid,
            (1, true) => B::PriorityBid,
            (1, false) => B::PriorityNoBid,
            (_, true) => B::LotBid,
            (_, false) => B::LotNoBid,
        },
        Event::SoldiersLost { .. } => B::SoldiersLost,
        Event::BarbariansRepelled { winner, .. } => match winner {
            Some(_) => B::RaidWon,
            None => B::RaidLost,
        },
        Event::DevCard { source, .. } => match source {
            DevSource::Barbarians => B::DevBarbarians,
            DevSource::Attack => B::DevAttack,
            DevSource::GoldenAge => B::DevGoldenAge,
        },
        Event::NoDevCards { .. } => B::NoDevCards,
        Event::Priority { .. } => B::Priority,
        Event::TurnStarted { .. } => B::TurnStarted,
        Event::Assigned { .. } => B::Assigned,
        Event::Gathered { .. } => B::Gathered,
        Event::Built { .. } => B::Built,
        Event::Grew { .. } => B::Grew,
        Event::Bought { .. } => B::Bought,
        Event::Sold { .. } => B::Sold,
        Event::Offered { .. } => B::Offered,
        Event::OfferRefused { .. } => B::OfferRefused,
        Event::Delivered { .. } => B::Delivered,
        Event::TollDemanded { .. } => B::TollDemanded,
        Event::TollPaid { .. } => B::TollPaid,
        Event::TollRefused { .. } => B::TollRefused,
        Event::RouteVia { .. } => B::ViaWaypoint,
        Event::Rerouted { .. } => B::Rerouted,
        Event::MoveCancelled { .. } => B::MoveCancelled,
        Event::Attacked { .. } => B::Attacked,
        Event::CardPlayed { .. } => B::CardPlayed,
        Event::Fight { .. } => B::Fight,
        Event::Plundered { .. } => B::Plundered,
        Event::ReservePaid { .. } => B::ReservePaid,
        Event::TurnEnded { .. } => B::TurnEnded,
        Event::Treasury { .. } => B::Treasury,
        Event::Kept { .. } => B::Kept,
        Event::Fell { .. } => B::Fell,
        Event::LotOffered { .. } => B::LotOffered,
        Event::LotWon { .. } => B::LotWon,
        Event::FreeLaborer { .. } => B::FreeLaborer,
        Event::GameWon { .. } => B::GameWon,
        Event::GameOver { .. } => B::GameOver,
    };
    hits.hit(b);
}
